/* util.c — small helpers: error texts, string buffers, hashing. */
#include "config.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

const char *coroner_version(void) { return PACKAGE_VERSION; }

const char *coroner_strerror(int status)
{
        switch (status) {
        case CORONER_OK: return "success";
        case CORONER_E_NOMEM: return "out of memory";
        case CORONER_E_IO: return "read error";
        case CORONER_E_CORRUPT: return "corrupt compressed data";
        case CORONER_E_TRUNCATED: return "truncated compressed data";
        case CORONER_E_SIGNATURE: return "malformed signature";
        case CORONER_E_USAGE: return "invalid argument";
        case CORONER_E_JOURNAL: return "journal error";
        case CORONER_E_STOPPED: return "stopped";
        }
        return "unknown error";
}

static const char *const severity_names[] = { "info", "warning", "error", "critical" };

const char *coroner_severity_name(coroner_severity s)
{
        return (unsigned)s < 4 ? severity_names[s] : "unknown";
}

int coroner_severity_parse(const char *name, coroner_severity *ret)
{
        for (int i = 0; i < 4; i++)
                if (name && strcmp(name, severity_names[i]) == 0) {
                        *ret = (coroner_severity)i;
                        return 0;
                }
        return CORONER_E_USAGE;
}

void *xmalloc_or_null(size_t n) { return calloc(1, n ? n : 1); }

void *grow_array(void *items, size_t n, size_t *cap, size_t elem, size_t initial)
{
        if (n < *cap)
                return items;
        size_t c = *cap ? *cap * 2 : initial;
        void *p = realloc(items, c * elem);
        if (p)
                *cap = c;
        return p;
}

char *strndup_safe(const char *s, size_t n)
{
        char *p = malloc(n + 1);
        if (!p)
                return NULL;
        if (n)
                memcpy(p, s, n);
        p[n] = '\0';
        return p;
}

void set_error(struct coroner_error *err, const char *where, const char *fmt, ...)
{
        if (!err)
                return;
        snprintf(err->where, sizeof err->where, "%s", where ? where : "");
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->message, sizeof err->message, fmt, ap);
        va_end(ap);
}

static bool sb_grow(struct strbuf *sb, size_t extra)
{
        if (sb->failed)
                return false;
        if (sb->len + extra + 1 <= sb->cap)
                return true;
        size_t cap = sb->cap ? sb->cap : 256;
        while (cap < sb->len + extra + 1)
                cap *= 2;
        char *p = realloc(sb->data, cap);
        if (!p) {
                sb->failed = true;
                return false;
        }
        sb->data = p;
        sb->cap = cap;
        return true;
}

void sb_append(struct strbuf *sb, const char *s, size_t n)
{
        if (!sb_grow(sb, n))
                return;
        if (n)
                memcpy(sb->data + sb->len, s, n);
        sb->len += n;
        sb->data[sb->len] = '\0';
}

void sb_puts(struct strbuf *sb, const char *s) { sb_append(sb, s, strlen(s)); }
void sb_putc(struct strbuf *sb, char c) { sb_append(sb, &c, 1); }

void sb_printf(struct strbuf *sb, const char *fmt, ...)
{
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(NULL, 0, fmt, ap);
        va_end(ap);
        if (n < 0 || !sb_grow(sb, (size_t)n))
                return;
        va_start(ap, fmt);
        vsnprintf(sb->data + sb->len, (size_t)n + 1, fmt, ap);
        va_end(ap);
        sb->len += (size_t)n;
}

/* Length of the valid UTF-8 sequence at s (1..4), or 0 if invalid. */
static size_t utf8_seq_len(const unsigned char *s, size_t n)
{
        unsigned c = s[0];
        size_t len;
        unsigned min;
        if (c < 0x80)
                return 1;
        if ((c & 0xe0) == 0xc0) { len = 2; min = 0x80; c &= 0x1f; }
        else if ((c & 0xf0) == 0xe0) { len = 3; min = 0x800; c &= 0x0f; }
        else if ((c & 0xf8) == 0xf0) { len = 4; min = 0x10000; c &= 0x07; }
        else return 0;
        if (len > n)
                return 0;
        for (size_t i = 1; i < len; i++) {
                if ((s[i] & 0xc0) != 0x80)
                        return 0;
                c = (c << 6) | (s[i] & 0x3f);
        }
        if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
                return 0;
        return len;
}

void sb_append_display(struct strbuf *sb, const char *str, size_t n, size_t max)
{
        const unsigned char *s = (const unsigned char *)str;
        size_t start = sb->len;
        for (size_t i = 0; i < n;) {
                if (max && sb->len - start >= max) {
                        sb_puts(sb, "…");
                        return;
                }
                if (s[i] == 0x1b) {  /* ANSI escape: skip CSI ... final byte */
                        i++;
                        if (i < n && s[i] == '[') {
                                i++;
                                while (i < n && !(s[i] >= 0x40 && s[i] <= 0x7e))
                                        i++;
                                if (i < n)
                                        i++;
                        }
                        continue;
                }
                if (s[i] == '\t') {
                        sb_putc(sb, '\t');
                        i++;
                        continue;
                }
                if (s[i] < 0x20 || s[i] == 0x7f) {
                        sb_printf(sb, "\\x%02x", s[i]);
                        i++;
                        continue;
                }
                size_t l = utf8_seq_len(s + i, n - i);
                if (l == 0) {
                        sb_puts(sb, "\xef\xbf\xbd");  /* U+FFFD */
                        i++;
                        continue;
                }
                uint32_t cp = l == 2 ? (uint32_t)(s[i] & 0x1f) << 6 | (s[i + 1] & 0x3f)
                            : l == 3 ? (uint32_t)(s[i] & 0x0f) << 12 | (uint32_t)(s[i + 1] & 0x3f) << 6 | (s[i + 2] & 0x3f)
                            : 0;
                /* C1 controls (U+009B is a CSI on some terminals) and the
                 * bidi controls that reorder what a reader sees, shown
                 * escaped as C0 controls are. */
                if ((cp >= 0x80 && cp <= 0x9f) || cp == 0x200e || cp == 0x200f || (cp >= 0x202a && cp <= 0x202e) ||
                    (cp >= 0x2066 && cp <= 0x2069)) {
                        sb_printf(sb, "\\u%04x", (unsigned)cp);
                        i += l;
                        continue;
                }
                sb_append(sb, (const char *)s + i, l);
                i += l;
        }
}

char *sb_take(struct strbuf *sb)
{
        char *p = sb->data;
        if (!p && !sb->failed)
                p = strndup_safe("", 0);
        if (sb->failed) {
                free(p);
                p = NULL;
        }
        memset(sb, 0, sizeof *sb);
        return p;
}

void sb_free(struct strbuf *sb)
{
        free(sb->data);
        memset(sb, 0, sizeof *sb);
}

int byte_commonness(unsigned char c)
{
        if ((c >= 'a' && c <= 'z') || c == ' ')
                return 4;
        if ((c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))
                return 2;
        return 1;
}

const char *find_text(const char *s, size_t n, const char *text, size_t len)
{
        if (len == 0)
                return s;
        if (len > n)
                return NULL;
        size_t k = 0;
        for (size_t i = 1; i < len; i++)
                if (byte_commonness((unsigned char)text[i]) < byte_commonness((unsigned char)text[k]))
                        k = i;
        /* text[k] can be at s[k] .. s[n - len + k] */
        const char *p = s + k, *last = s + (n - len) + k;
        while (p <= last && (p = memchr(p, text[k], (size_t)(last - p) + 1))) {
                if (memcmp(p - k, text, len) == 0)
                        return p - k;
                p++;
        }
        return NULL;
}

uint64_t fnv1a64(const void *data, size_t n, uint64_t h)
{
        const unsigned char *p = data;
        for (size_t i = 0; i < n; i++) {
                h ^= p[i];
                h *= 0x100000001b3ULL;
        }
        return h;
}

void format_time(int64_t usec, char buf[TIME_TEXT])
{
        time_t t = (time_t)(usec / 1000000);
        long frac = (long)(usec % 1000000);
        if (frac < 0) {  /* before 1970: the second before, and the fraction after it */
                frac += 1000000;
                t--;
        }
        struct tm u;
        gmtime_r(&t, &u);
        if (frac)
                snprintf(buf, TIME_TEXT, "%04d-%02d-%02dT%02d:%02d:%02d.%06ldZ", u.tm_year + 1900,
                         u.tm_mon + 1, u.tm_mday, u.tm_hour, u.tm_min, u.tm_sec, frac);
        else
                snprintf(buf, TIME_TEXT, "%04d-%02d-%02dT%02d:%02d:%02dZ", u.tm_year + 1900,
                         u.tm_mon + 1, u.tm_mday, u.tm_hour, u.tm_min, u.tm_sec);
}

void format_local_time(int64_t usec, char buf[TIME_TEXT])
{
        time_t t = (time_t)(usec / 1000000);
        struct tm l;
        char zone[16];
        localtime_r(&t, &l);
        strftime(zone, sizeof zone, "%z", &l);
        snprintf(buf, TIME_TEXT, "%04d-%02d-%02d %02d:%02d:%02d %s", l.tm_year + 1900, l.tm_mon + 1, l.tm_mday,
                 l.tm_hour, l.tm_min, l.tm_sec, zone);
}

/* ASCII case folding, as strncasecmp in the C locale, without its call. */
static inline unsigned char fold(unsigned char c)
{
        return c >= 'A' && c <= 'Z' ? (unsigned char)(c + 32) : c;
}

const char *memcasemem(const char *hay, size_t n, const char *needle)
{
        size_t k = strlen(needle);
        if (!k || k > n)
                return NULL;
        unsigned char first = fold((unsigned char)needle[0]);
        for (size_t i = 0; i + k <= n; i++) {
                if (fold((unsigned char)hay[i]) != first)
                        continue;
                size_t j = 1;
                while (j < k && fold((unsigned char)hay[i + j]) == fold((unsigned char)needle[j]))
                        j++;
                if (j == k)
                        return hay + i;
        }
        return NULL;
}

/* A fix written as a bare command (signatures/README.md): it begins with a
 * lower-case word, a path, a variable or VAR=value, as a shell line does;
 * prose begins with a capital. Commands are shown whole, never wrapped. */
bool text_is_command(const char *fix)
{
        if (!fix || !fix[0])
                return false;
        if (strchr("abcdefghijklmnopqrstuvwxyz./$~", fix[0]))
                return true;
        size_t k = strspn(fix, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
        return k > 0 && fix[k] == '=' && fix[k + 1] && fix[k + 1] != ' ';
}
