/* decode_line.c — recognise a line's shape and take it apart.
 *
 * A line becomes a record: when and where it was logged (timestamp, host,
 * program, pid), which sub-stream of the process it belongs to (a rank or
 * worker tag such as SGLang's "TP3" or torchrun's "[rank1]:"), and the
 * message that remains once those prefixes are removed. Shapes are detected
 * per line, so concatenated logs of different shapes read correctly.
 */
#include "config.h"
#include "decode.h"

#include <ctype.h>
#include <stdlib.h>
#include <pthread.h>
#include <string.h>
#include <strings.h>
#include <time.h>

static const char *const months[] = { "Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                      "Jul", "Aug", "Sep", "Oct", "Nov", "Dec" };

/* journalctl's short format is strftime's "%b %d %H:%M:%S" in the reader's
 * locale ("Mai 05 09:19:06" on a German host): the month abbreviations
 * (LC_TIME abmon) of glibc's localedata for de_DE, fr_FR, es_ES, it_IT,
 * pt_BR, nl_NL, pl_PL and ru_RU, where they differ from English ones
 * (and zh_CN's, ja_JP's and ko_KR's numbered months, numbered_month).
 * Compared without case; French ones end in '.' where glibc's do. */
static const struct { const char *name; int month; } local_months[] = {
        { "Mär", 3 },  { "Mai", 5 },    { "Okt", 10 },  { "Dez", 12 },                            /* de */
        { "janv.", 1 }, { "févr.", 2 }, { "mars", 3 },  { "avril", 4 }, { "juin", 6 },
        { "juil.", 7 }, { "août", 8 },  { "sept.", 9 }, { "oct.", 10 }, { "nov.", 11 },
        { "déc.", 12 },                                                                        /* fr */
        { "ene", 1 },  { "abr", 4 },    { "ago", 8 },   { "dic", 12 },                             /* es */
        { "gen", 1 },  { "mag", 5 },    { "giu", 6 },   { "lug", 7 },  { "set", 9 }, { "ott", 10 }, /* it */
        { "fev", 2 },  { "out", 10 },                                                              /* pt */
        { "mrt", 3 },  { "mei", 5 },                                                               /* nl */
        { "sty", 1 },  { "lut", 2 },    { "kwi", 4 },   { "maj", 5 },  { "cze", 6 }, { "lip", 7 },
        { "sie", 8 },  { "wrz", 9 },    { "paź", 10 },  { "lis", 11 }, { "gru", 12 },              /* pl */
        { "янв", 1 },  { "фев", 2 },    { "мар", 3 },   { "апр", 4 },  { "мая", 5 }, { "июн", 6 },
        { "июл", 7 },  { "авг", 8 },    { "сен", 9 },   { "окт", 10 }, { "ноя", 11 }, { "дек", 12 }, /* ru */
};

/* zh_CN's, ja_JP's and ko_KR's "%b" is the month's number and a sign:
 * "2月", "12월" (ja and ko pad it with a blank, " 2月": that blank is taken
 * off with the line's indentation). */
static int numbered_month(const char *s, size_t k)
{
        size_t d = 0;
        int month = 0;
        while (d < k && d < 2 && isdigit((unsigned char)s[d]))
                month = month * 10 + (s[d++] - '0');
        if (d == 0 || month < 1 || month > 12 || k - d != 3)
                return 0;
        return memcmp(s + d, "\xe6\x9c\x88", 3) == 0 || memcmp(s + d, "\xec\x9b\x94", 3) == 0 ? month : 0;  /* 月, 월 */
}

/* The month that s begins with and its length (up to the blank after
 * it), or 0. */
static int month_at(const char *s, size_t n, size_t *len)
{
        for (int i = 0; i < 12; i++)
                if (n > 3 && memcmp(s, months[i], 3) == 0 && s[3] == ' ') {
                        *len = 3;
                        return i + 1;
                }
        size_t k = 0;
        while (k < n && k < 12 && s[k] != ' ')
                k++;
        /* the day follows: "Mai 05", "juin  9" */
        if (k < 3 || k + 2 >= n || s[k] != ' ')
                return 0;
        if (!isdigit((unsigned char)s[k + 1]) && !(s[k + 1] == ' ' && isdigit((unsigned char)s[k + 2])))
                return 0;
        int numbered = numbered_month(s, k);
        if (numbered) {
                *len = k;
                return numbered;
        }
        for (size_t i = 0; i < sizeof local_months / sizeof local_months[0]; i++)
                if (strlen(local_months[i].name) == k && strncasecmp(s, local_months[i].name, k) == 0) {
                        *len = k;
                        return local_months[i].month;
                }
        return 0;
}

int line_shape_parse(const char *name, enum line_shape *ret)
{
        static const struct { const char *name; enum line_shape shape; } names[] = {
                { "auto", SHAPE_AUTO },
                { "bare", SHAPE_BARE },
                { "short", SHAPE_JOURNAL_SHORT },
                { "short-precise", SHAPE_JOURNAL_SHORT },
                { "short-iso", SHAPE_JOURNAL_ISO },
                { "short-iso-precise", SHAPE_JOURNAL_ISO },
                { "short-full", SHAPE_JOURNAL_FULL },
                { "with-unit", SHAPE_JOURNAL_FULL },
                { "short-unix", SHAPE_JOURNAL_UNIX },
                { "short-monotonic", SHAPE_JOURNAL_MONOTONIC },
        };
        for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
                if (strcmp(name, names[i].name) == 0) {
                        *ret = names[i].shape;
                        return 0;
                }
        return CORONER_E_USAGE;
}

void decoder_init(struct decoder *d, enum line_shape forced)
{
        /* SOURCE_DATE_EPOCH (the reproducible-builds convention) fixes
         * "today" for tests whose logs carry no year. */
        const char *epoch = getenv("SOURCE_DATE_EPOCH");
        time_t now = epoch && *epoch ? (time_t)strtoll(epoch, NULL, 10) : time(NULL);
        struct tm tm;
        gmtime_r(&now, &tm);
        memset(d, 0, sizeof *d);
        d->forced = forced;
        d->year = tm.tm_year + 1900;
        d->today = (tm.tm_mon + 1) * 32 + tm.tm_mday;
}

/* A log read today was written before today: "Dec 31" read on Jan 2 is
 * from last year. */
static int year_of(struct decoder *d, int mon, int day)
{
        return mon * 32 + day > d->today + 1 ? d->year - 1 : d->year;
}

static int digits(const char *s, size_t n, size_t at, size_t count)
{
        if (at + count > n)
                return -1;
        int v = 0;
        for (size_t i = 0; i < count; i++) {
                if (!isdigit((unsigned char)s[at + i]))
                        return -1;
                v = v * 10 + (s[at + i] - '0');
        }
        return v;
}

/* Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's
 * days_from_civil): timegm without its locking and normalisation. */
static int64_t days_from_civil(int y, int m, int d)
{
        y -= m <= 2;
        int64_t era = (y >= 0 ? y : y - 399) / 400;
        int64_t yoe = y - era * 400;
        int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
        int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        return era * 146097 + doe - 719468;
}

/* Sets r->time_usec from broken-down time: with a zone (zoned, offset_min
 * east of UTC), or the writer's local clock (converted by resolve_local). */
static void set_time(struct record *r, int year, int mon, int day, int hh, int mm, int ss,
                     long usec, bool zoned, int offset_min)
{
        int64_t t = days_from_civil(year, mon, day) * 86400 + hh * 3600 + mm * 60 + ss -
                    (int64_t)offset_min * 60;
        r->time_usec = t * 1000000 + usec;
        r->has_time = true;
        r->time_local = !zoned;
}

/* The local clock time_usec (as if UTC) to UTC, in this process's zone.
 * mktime per line would cost more than the rest of decoding: the offset
 * is kept for the hour it was computed for (zones change on the hour). */
static void resolve_local(struct decoder *d, struct record *r)
{
        if (!r->has_time || !r->time_local)
                return;
        r->time_local = false;
        int64_t hour = r->time_usec / 3600000000LL - (r->time_usec < 0);
        if (!d->zone_known || d->zone_hour != hour) {
                time_t naive = (time_t)(hour * 3600);
                struct tm tm;
                gmtime_r(&naive, &tm);
                tm.tm_isdst = -1;  /* mktime finds out; in the hour repeated in autumn, its choice */
                time_t utc = mktime(&tm);
                d->zone_offset_usec = utc == (time_t)-1 ? 0 : ((int64_t)naive - (int64_t)utc) * 1000000;
                d->zone_hour = hour;
                d->zone_known = true;
        }
        r->time_usec -= d->zone_offset_usec;
}

/* The time parsed into t, local or zoned as it was written. */
static void copy_time(struct record *r, const struct record *t)
{
        r->time_usec = t->time_usec;
        r->has_time = t->has_time;
        r->time_local = t->time_local;
}

void record_set_time_usec(struct record *r, int64_t usec)
{
        r->time_usec = usec;
        r->has_time = true;
}

/* Optional ".digits" after seconds: returns microseconds, advances *at. */
static long fraction(const char *s, size_t n, size_t *at)
{
        if (*at >= n || (s[*at] != '.' && s[*at] != ','))
                return 0;
        size_t i = *at + 1;
        long usec = 0;
        int k = 0;
        while (i < n && isdigit((unsigned char)s[i])) {
                if (k < 6) {
                        usec = usec * 10 + (s[i] - '0');
                        k++;
                }
                i++;
        }
        if (k == 0)
                return 0;
        while (k++ < 6)
                usec *= 10;
        *at = i;
        return usec;
}

/* "2026-11-29[T ]21:40:13[.frac][Z|+0000|+00:00]" at s; returns length or 0. */
static size_t parse_iso_time(const char *s, size_t n, struct record *r)
{
        int y = digits(s, n, 0, 4), mo = digits(s, n, 5, 2), d = digits(s, n, 8, 2);
        if (y < 0 || mo < 1 || mo > 12 || d < 1 || d > 31 || s[4] != '-' || s[7] != '-' ||
            (s[10] != 'T' && s[10] != ' '))
                return 0;
        int hh = digits(s, n, 11, 2), mm = digits(s, n, 14, 2), ss = digits(s, n, 17, 2);
        if (hh < 0 || mm < 0 || ss < 0 || s[13] != ':' || s[16] != ':')
                return 0;
        size_t at = 19;
        long usec = fraction(s, n, &at);
        int off = 0;
        bool zoned = false;
        if (at < n && s[at] == 'Z') {
                at++;
                zoned = true;
        } else if (at < n && (s[at] == '+' || s[at] == '-')) {
                int oh = digits(s, n, at + 1, 2);
                size_t mat = at + 3;
                if (mat < n && s[mat] == ':')
                        mat++;
                int om = digits(s, n, mat, 2);
                if (oh >= 0 && om >= 0) {
                        off = (oh * 60 + om) * (s[at] == '-' ? -1 : 1);
                        at = mat + 2;
                        zoned = true;
                }
        }
        set_time(r, y, mo, d, hh, mm, ss, usec, zoned, off);
        return at;
}

bool decode_rfc3339(const char *s, size_t n, int64_t *ret_usec)
{
        struct record r = { 0 };
        if (n < 19 || !parse_iso_time(s, n, &r))
                return false;
        *ret_usec = r.time_usec;  /* a zone-less one is taken as UTC, as these formats are */
        return true;
}

/* "Nov 29 21:40:13[.frac]" at s; returns length or 0. */
static size_t parse_syslog_time(struct decoder *dec, const char *s, size_t n,
                                struct record *r)
{
        size_t month_len = 0;
        int mon = n >= 15 ? month_at(s, n, &month_len) : 0;
        if (!mon)
                return 0;
        size_t at = month_len + 1;
        if (s[at] == ' ')
                at++;  /* "Nov  9" */
        if (at + 10 > n)
                return 0;  /* "9 21:40:13" at the least */
        int d = digits(s, n, at, s[at + 1] == ' ' ? 1 : 2);
        if (d < 1)
                return 0;
        at += s[at + 1] == ' ' ? 1 : 2;
        if (at >= n || s[at] != ' ')
                return 0;
        at++;
        int hh = digits(s, n, at, 2), mm = digits(s, n, at + 3, 2), ss = digits(s, n, at + 6, 2);
        if (hh < 0 || mm < 0 || ss < 0 || s[at + 2] != ':' || s[at + 5] != ':')
                return 0;
        at += 8;
        long usec = fraction(s, n, &at);
        set_time(r, year_of(dec, mon, d), mon, d, hh, mm, ss, usec, false, 0);
        return at;
}

bool decode_exception_type_name(const char *s, size_t n)
{
        /* Keep in step with the triggers in match_literals.c ("Error: " ...). */
        static const char *const suffixes[] = { "Error", "Exception", "Interrupt", "Failure",
                                                "Fault", "Warning", "Failed" };
        for (size_t i = 0; i < sizeof suffixes / sizeof suffixes[0]; i++) {
                size_t k = strlen(suffixes[i]);
                if (n >= k && memcmp(s + n - k, suffixes[i], k) == 0)
                        return true;
        }
        /* pyarrow's ArrowInvalid; "Invalid" alone is a word, not a type */
        if (n > 7 && memcmp(s + n - 7, "Invalid", 7) == 0)
                return true;
        /* A class of a module of errors: triton.runtime.errors.OutOfResources,
         * requests.exceptions.Timeout */
        return memmem(s, n, ".errors.", 8) || memmem(s, n, ".exceptions.", 12);
}

/* After the timestamp: " host ident[pid]: message". */
static bool parse_host_ident(const char *s, size_t n, size_t at, struct record *r)
{
        if (at >= n || s[at] != ' ')
                return false;
        at++;
        size_t h = at;
        while (at < n && s[at] != ' ')
                at++;
        if (at == h || at >= n)
                return false;
        if (s[at - 1] == ':') {
                /* "May 18 19:02:39 kernel: ..." — the host was left out;
                 * but "2023-12-15T20:06:10Z ValueError: ..." is a collector's
                 * timestamp before an exception, not an identifier. */
                if (decode_exception_type_name(s + h, at - 1 - h))
                        return false;
                /* nor is "2025-10-30T21:54:45Z src/x.c:5:10: fatal error:
                 * ..." (a compiler's file:line:column) */
                for (size_t i = h; i + 1 < at - 1; i++)
                        if (s[i] == ':' && isdigit((unsigned char)s[i + 1]))
                                return false;
                r->ident = s + h;
                r->ident_len = at - 1 - h;
                r->msg = s + at + 1;
                r->msg_len = n - at - 1;
                return true;
        }
        size_t host_end = at++;
        size_t id = at, id_end = 0;
        long pid = 0;
        while (at < n && at - id < 128) {
                if (s[at] == ' ')
                        return false;  /* an identifier has no blanks */
                if (s[at] == '[') {
                        id_end = at;
                        size_t p = at + 1;
                        while (p < n && isdigit((unsigned char)s[p])) {
                                if (pid < 100000000)  /* a longer run is no PID: stop counting, not overflow */
                                        pid = pid * 10 + (s[p] - '0');
                                p++;
                        }
                        if (p + 1 < n && s[p] == ']' && s[p + 1] == ':') {
                                at = p + 2;
                                break;
                        }
                        return false;
                }
                if (s[at] == ':' && (at + 1 == n || s[at + 1] == ' ')) {
                        id_end = at;
                        at++;
                        break;
                }
                at++;
        }
        if (!id_end || id_end == id)
                return false;
        /* with-unit shows the unit where the identifier would be */
        size_t idl = id_end - id;
        if ((idl > 8 && memcmp(s + id_end - 8, ".service", 8) == 0) ||
            (idl > 6 && memcmp(s + id_end - 6, ".scope", 6) == 0)) {
                r->unit = s + id;
                r->unit_len = idl;
        }
        if (at < n && s[at] == ' ')
                at++;
        r->host = s + h;
        r->host_len = host_end - h;
        r->ident = s + id;
        r->ident_len = id_end - id;
        r->pid = pid;
        r->msg = s + at;
        r->msg_len = n - at;
        return true;
}

static bool try_journal_short(struct decoder *d, const char *s, size_t n, struct record *r)
{
        size_t at = parse_syslog_time(d, s, n, r);
        if (!at)
                return false;
        return parse_host_ident(s, n, at, r);
}

static bool try_journal_iso(const char *s, size_t n, struct record *r)
{
        if (n < 20 || s[10] != 'T')
                return false;
        size_t at = parse_iso_time(s, n, r);
        if (!at)
                return false;
        return parse_host_ident(s, n, at, r);
}

/* The offset east of UTC, in minutes, of a zone abbreviation journalctl
 * may print (its "%Z"); false for one this table does not know, which is
 * then read as the local zone's. */
static bool zone_offset(const char *z, size_t n, int *ret_min)
{
        static const struct { const char *name; int min; } zones[] = {
                { "UTC", 0 }, { "GMT", 0 }, { "Z", 0 }, { "WET", 0 }, { "WEST", 60 }, { "BST", 60 },
                { "CET", 60 }, { "CEST", 120 }, { "EET", 120 }, { "EEST", 180 }, { "MSK", 180 },
                { "IST", 330 }, { "CST", -360 }, { "CDT", -300 }, { "EST", -300 }, { "EDT", -240 },
                { "MST", -420 }, { "MDT", -360 }, { "PST", -480 }, { "PDT", -420 }, { "AKST", -540 },
                { "AKDT", -480 }, { "HST", -600 }, { "JST", 540 }, { "KST", 540 }, { "HKT", 480 },
                { "SGT", 480 }, { "AWST", 480 }, { "ACST", 570 }, { "AEST", 600 }, { "AEDT", 660 },
                { "NZST", 720 }, { "NZDT", 780 },
        };
        /* The local zone's own names come first: "CST" is China's in Shanghai. */
        tzset();
        for (int i = 0; i < 2; i++)
                if (tzname[i] && strlen(tzname[i]) == n && memcmp(tzname[i], z, n) == 0)
                        return false;
        for (size_t i = 0; i < sizeof zones / sizeof zones[0]; i++)
                if (strlen(zones[i].name) == n && memcmp(zones[i].name, z, n) == 0) {
                        *ret_min = zones[i].min;
                        return true;
                }
        return false;
}

/* short-full, with-unit: "Sun 2026-11-29 21:40:13 EST host ident[pid]: msg",
 * in the zone it names. */
static bool try_journal_full(const char *s, size_t n, struct record *r)
{
        if (n < 30 || s[3] != ' ' || !isupper((unsigned char)s[0]))
                return false;
        size_t at = parse_iso_time(s + 4, n - 4, r);
        if (!at || s[4 + at] != ' ')
                return false;
        at += 5;
        size_t zone = at;
        while (at < n && s[at] != ' ')
                at++;
        int off;
        if (r->time_local && zone_offset(s + zone, at - zone, &off)) {
                r->time_usec -= (int64_t)off * 60000000;
                r->time_local = false;
        }
        return parse_host_ident(s, n, at, r);
}

/* short-unix: "1795988413.123456 host ident[pid]: msg". */
static bool try_journal_unix(const char *s, size_t n, struct record *r)
{
        size_t at = 0;
        int64_t secs = 0;
        while (at < n && isdigit((unsigned char)s[at]) && at < 12)
                secs = secs * 10 + (s[at++] - '0');
        if (at < 9 || at >= n || s[at] != '.')
                return false;
        long usec = fraction(s, n, &at);
        if (!parse_host_ident(s, n, at, r))
                return false;
        record_set_time_usec(r, secs * 1000000 + usec);
        return true;
}

/* Parses a decimal number at s[*at]; returns -1 if none. */
static long number_at(const char *s, size_t n, size_t *at)
{
        if (*at >= n || !isdigit((unsigned char)s[*at]))
                return -1;
        long v = 0;
        while (*at < n && isdigit((unsigned char)s[*at]) && v < 100000000)
                v = v * 10 + (s[(*at)++] - '0');
        return v;
}

/* UCX's log prefix (ucs_log_default_handler in src/ucs/debug/log.c):
 * "[%lu.%06lu] [%s:%-5d:%d] %16s:%-4u UCX  %-5s msg", the gettimeofday()
 * seconds, then host, pid and thread; before ucs_log_init, the seconds alone.
 * The caller has read the seconds; at is past their "]". */
static bool parse_ucx_prefix(const char *s, size_t n, size_t at, int64_t secs, long usec,
                             struct record *r)
{
        if (at >= n || s[at] != ' ')
                return false;
        while (at < n && s[at] == ' ')
                at++;
        if (at < n && s[at] == '[') {
                /* "[host:pid   :thread]": %-5d pads the pid */
                size_t host = at + 1, colon = host;
                while (colon < n && s[colon] != ':' && s[colon] != ']' && s[colon] != ' ')
                        colon++;
                size_t end = colon + 1;
                long pid = number_at(s, n, &end);
                while (end < n && s[end] == ' ')
                        end++;
                if (colon > host && colon < n && s[colon] == ':' && pid > 0 && end < n && s[end] == ':') {
                        r->host = s + host;
                        r->host_len = colon - host;
                        r->pid = pid;
                        while (end < n && s[end] != ']')
                                end++;
                        at = end < n ? end + 1 : n;
                        while (at < n && s[at] == ' ')
                                at++;
                }
        }
        r->msg = s + at;
        r->msg_len = n - at;
        record_set_time_usec(r, secs * 1000000 + usec);
        return true;
}

/* short-monotonic: "[ 8123.456789] host ident[pid]: msg" (no wall time). */
static bool try_journal_monotonic(const char *s, size_t n, struct record *r)
{
        size_t at = 1;
        while (at < n && s[at] == ' ')
                at++;
        size_t digits_at = at;
        while (at < n && (isdigit((unsigned char)s[at]) || s[at] == '.'))
                at++;
        if (at == digits_at || at >= n || s[at] != ']')
                return false;
        /* Ten digits of seconds is a wall clock (since 2001), not an uptime:
         * no kernel has been up for 30 years. */
        size_t int_end = digits_at;
        while (int_end < at && isdigit((unsigned char)s[int_end]))
                int_end++;
        if (digits_at == 1 && int_end - digits_at == 10) {
                int64_t secs = 0;
                for (size_t i = digits_at; i < int_end; i++)
                        secs = secs * 10 + (s[i] - '0');
                long usec = fraction(s, n, &int_end);
                return int_end == at && parse_ucx_prefix(s, n, at + 1, secs, usec, r);
        }
        if (parse_host_ident(s, n, at + 1, r) && r->host)
                return true;
        /* dmesg: "[ 5107.644336] NVRM: Xid ..." — the kernel, no host. */
        memset(r, 0, sizeof *r);
        r->rank = -1;
        at++;
        if (at < n && s[at] == ' ')
                at++;
        r->ident = "kernel";
        r->ident_len = 6;
        r->msg = s + at;
        r->msg_len = n - at;
        return true;
}

static void set_tag(struct record *r, const char *tag, size_t len, int rank)
{
        if (len >= sizeof r->tag)
                len = sizeof r->tag - 1;
        memcpy(r->tag, tag, len);
        r->tag[len] = '\0';
        r->rank = rank;
}

/* Removes n bytes of prefix from r->msg. */
static void consume(struct record *r, size_t n)
{
        r->msg += n;
        r->msg_len -= n;
}

/* The same, and the one blank that separates the prefix from the text. */
static void consume_prefix(struct record *r, size_t n)
{
        if (n < r->msg_len && r->msg[n] == ' ')
                n++;
        consume(r, n);
}

/* torchrun: "[rank3]: " or "[default0]:" (local rank of role "default"). */
static bool strip_torchrun(struct record *r)
{
        const char *s = r->msg;
        size_t n = r->msg_len, at = 1;
        if (n < 4 || s[0] != '[')
                return false;
        while (at < n && at < 24 && isalpha((unsigned char)s[at]))
                at++;
        size_t word_end = at;
        long k = number_at(s, n, &at);
        if (k < 0 || word_end == 1 || at + 1 >= n || s[at] != ']' || s[at + 1] != ':')
                return false;
        set_tag(r, s + 1, at - 1, (int)k);
        at += 2;
        consume_prefix(r, at);
        return true;
}

/* SGLang: "[2026-11-29 21:40:13 TP3] ", "[2026-11-29 21:40:13 DP1 TP3] ",
 * "[2026-11-29 21:40:13] ". Written on the first line of a log record only. */
static bool strip_sglang(struct record *r)
{
        const char *s = r->msg;
        size_t n = r->msg_len;
        if (n < 21 || s[0] != '[' || !isdigit((unsigned char)s[1]))
                return false;
        struct record t = { 0 };
        size_t at = parse_iso_time(s + 1, n - 1, &t);
        if (!at)
                return false;
        at += 1;
        size_t tag_at = at;
        while (at < n && s[at] != ']' && at - tag_at < 40)
                at++;
        if (at >= n || s[at] != ']')
                return false;
        while (tag_at < at && s[tag_at] == ' ')
                tag_at++;
        if (tag_at < at) {
                int rank = -1;
                for (size_t i = tag_at; i + 2 < at; i++)
                        if (s[i] == 'T' && s[i + 1] == 'P' && isdigit((unsigned char)s[i + 2]))
                                rank = atoi(s + i + 2);
                set_tag(r, s + tag_at, at - tag_at, rank);
        }
        if (!r->has_time)
                copy_time(r, &t);
        at++;
        consume_prefix(r, at);
        r->prefix_id = fnv1a64(r->tag, strlen(r->tag), FNV1A64_INIT) | 1;
        return true;
}

/* vLLM, Ray: "(VllmWorker rank=1 pid=123) ", "(EngineCore_0 pid=9) ",
 * "(RayWorker pid=123, ip=10.0.0.2) ", "(pid=123) ". */
static bool strip_worker(struct record *r)
{
        const char *s = r->msg;
        size_t n = r->msg_len;
        if (n < 8 || s[0] != '(')
                return false;
        const char *close = memchr(s, ')', n < 96 ? n : 96);
        if (!close)
                return false;
        size_t len = (size_t)(close - s - 1);
        const char *pid = memmem(s, (size_t)(close - s), "pid=", 4);
        if (!pid || (pid != s + 1 && pid[-1] != ' '))
                return false;
        int rank = -1;
        const char *rk = memmem(s, (size_t)(close - s), "rank=", 5);
        if (rk)
                rank = atoi(rk + 5);
        set_tag(r, s + 1, len, rank);
        size_t at = (size_t)(close - s) + 1;
        consume_prefix(r, at);
        return true;
}

/* vLLM's logger: "ERROR 05-06 14:20:15 [core.py:387] " (also with ".123";
 * before 0.6 without the '['),
 * written on every line of a multi-line record. */
static bool strip_vllm_level(struct decoder *d, struct record *r)
{
        static const char *const levels[] = { "DEBUG ", "INFO ", "WARNING ", "ERROR ", "CRITICAL " };
        const char *s = r->msg;
        size_t n = r->msg_len, at = 0;
        for (size_t i = 0; i < sizeof levels / sizeof levels[0] && !at; i++) {
                size_t k = strlen(levels[i]);
                if (n > k && memcmp(s, levels[i], k) == 0)
                        at = k;
        }
        if (!at)
                return false;
        size_t level_end = at;
        int mo = digits(s, n, at, 2), dd = digits(s, n, at + 3, 2);
        int hh = digits(s, n, at + 6, 2), mm = digits(s, n, at + 9, 2), ss = digits(s, n, at + 12, 2);
        if (mo < 1 || mo > 12 || dd < 1 || hh < 0 || mm < 0 || ss < 0 || s[at + 2] != '-' ||
            s[at + 5] != ' ' || s[at + 8] != ':' || s[at + 11] != ':')
                return false;
        at += 14;
        long usec = fraction(s, n, &at);
        /* "[core.py:387]" (current) or "core.py:387]" (before 0.6) */
        if (at + 1 >= n || s[at] != ' ')
                return false;
        const char *close = memchr(s + at, ']', n - at < 120 ? n - at : 120);
        if (!close || memchr(s + at + 1, ' ', (size_t)(close - s) - at - 1))
                return false;
        size_t loc = at + 1 + (s[at + 1] == '['), loc_len = (size_t)(close - s) - loc;
        if (!r->has_time)
                set_time(r, year_of(d, mo, dd), mo, dd, hh, mm, ss, usec, false, 0);
        uint64_t h = fnv1a64(s, level_end, FNV1A64_INIT);
        r->prefix_id = fnv1a64(s + loc, loc_len, h) | 1;
        at = (size_t)(close - s) + 1;
        consume_prefix(r, at);
        return true;
}

/* uvicorn's level prefix (its default "%(levelprefix)s %(message)s", as
 * the API servers of vLLM, TabbyAPI and other FastAPI apps log):
 * "ERROR:    " — the level, a colon, blanks to column 10. Written on every
 * line of a record, so a traceback keeps its own indentation after it. */
static bool strip_uvicorn_level(struct record *r)
{
        static const struct { const char *word; int level; } levels[] = {
                { "CRITICAL:", LEVEL_CRITICAL }, { "ERROR:", LEVEL_ERROR }, { "WARNING:", 0 },
                { "INFO:", 0 }, { "DEBUG:", 0 }, { "TRACE:", 0 },
        };
        const char *s = r->msg;
        size_t n = r->msg_len;
        if (n <= 10 || s[9] != ' ')
                return false;
        for (size_t i = 0; i < sizeof levels / sizeof levels[0]; i++) {
                size_t k = strlen(levels[i].word);
                if (memcmp(s, levels[i].word, k) != 0)
                        continue;
                for (size_t b = k; b < 10; b++)
                        if (s[b] != ' ')
                                return false;
                if (levels[i].level > r->level)
                        r->level = (uint8_t)levels[i].level;
                r->prefix_id = fnv1a64(s, k, fnv1a64("uvicorn", 7, FNV1A64_INIT)) | 1;
                consume(r, 10);
                return true;
        }
        return false;
}

/* A Markdown quote ("> "), as logs pasted into tickets and issue threads
 * carry it; not a Python prompt (">>> "). */
static bool strip_quote(struct record *r)
{
        /* " │ ", U+2502: the rule that tree-shaped tool output (and some
         * paste helpers) draws in front of a block */
        size_t lead = 0;
        while (lead < 4 && lead < r->msg_len && r->msg[lead] == ' ')
                lead++;
        if (r->msg_len > lead + 4 && memcmp(r->msg + lead, "\xe2\x94\x82 ", 4) == 0) {
                consume(r, lead + 4);
                return true;
        }
        if (r->msg_len < 3 || r->msg[0] != '>' || r->msg[1] != ' ')
                return false;
        consume(r, 2);
        return true;
}

/* Markdown bold around a whole line ("**ModuleNotFoundError: ...**"), as
 * people mark the line that matters when they paste a log into an issue. */
static bool strip_bold(struct record *r)
{
        size_t n = r->msg_len;
        if (n < 6 || memcmp(r->msg, "**", 2) != 0 || memcmp(r->msg + n - 2, "**", 2) != 0 || r->msg[2] == ' ' ||
            r->msg[2] == '*')
                return false;
        consume(r, 2);
        r->msg_len -= 2;
        return true;
}

/* A Markdown code span around a whole line ("`TypeError: ...`"), as people
 * quote the one line that matters in an issue or a ticket. Not a fence
 * ("```") and not a line that only begins and ends with spans of its own
 * ("`x` must be `y`"): no backtick inside. */
static bool strip_code_span(struct record *r)
{
        size_t n = r->msg_len;
        while (n && (r->msg[n - 1] == ' ' || r->msg[n - 1] == '\r'))
                n--;
        if (n < 4 || r->msg[0] != '`' || r->msg[n - 1] != '`' || r->msg[1] == ' ' ||
            memchr(r->msg + 1, '`', n - 2) != NULL)
                return false;
        consume(r, 1);
        r->msg_len = n - 2;
        return true;
}

/* Colour: "\x1b[36m" (SGR) before or between prefixes, or what is left of
 * it when the ESC byte was lost on the way ("[36m(RayWorkerWrapper ..."). */
static bool strip_colour(struct record *r)
{
        const char *s = r->msg;
        /* ESC itself, pasted as the letters "ESC", in caret notation as
         * cat -v and less show it ("^[[1;36m"), or as rsyslog writes a
         * control character to /var/log/syslog: '#' and its octal code
         * ($EscapeControlCharactersOnReceive, on by default) */
        size_t n = r->msg_len;
        size_t at = s[0] == 0x1b                                ? 1
                    : n > 4 && memcmp(s, "ESC[", 4) == 0      ? 3
                    : n > 3 && memcmp(s, "^[[", 3) == 0       ? 2
                    : n > 5 && memcmp(s, "#033[", 5) == 0     ? 4
                                                              : 0;
        if (n < at + 3 || s[at] != '[')
                return false;
        size_t d = at + 1;
        while (d < n && d - at < 16 && (isdigit((unsigned char)s[d]) || s[d] == ';'))
                d++;
        if (d == at + 1 || d >= n || s[d] != 'm')
                return false;
        d++;
        /* Without ESC only where a prefix follows, not "[5m]" in text. */
        if (!at && d < n && s[d] != '(' && s[d] != '[' && s[d] != ' ' && s[d] != 0x1b)
                return false;
        consume_prefix(r, d);
        return true;
}

/* docker compose: "vllm-1  | " (the service, padded). The service names a
 * stream where the line has no identifier of its own. */
static bool strip_compose(struct record *r)
{
        const char *s = r->msg;
        size_t n = r->msg_len, at = 0;
        while (at < n && at < 64 && (isalnum((unsigned char)s[at]) || s[at] == '-' || s[at] == '_' || s[at] == '.'))
                at++;
        size_t name_end = at;
        bool lower = false;  /* "ERROR | ..." is a log level, not a service */
        for (size_t i = 0; i < name_end; i++)
                lower |= islower((unsigned char)s[i]) || isdigit((unsigned char)s[i]);
        while (at < n && s[at] == ' ')
                at++;
        if (!lower || at == name_end || at >= n || s[at] != '|' || (at + 1 < n && s[at + 1] != ' '))
                return false;
        if (!r->ident_len) {
                r->ident = s;
                r->ident_len = name_end;
        }
        consume_prefix(r, at + 1);
        return true;
}

/* pdsh, as DeepSpeed's multi-node launcher runs it: "172.31.20.74: " or
 * "localhost: " before each line of that host's output. The host names
 * the stream, so that hosts' interleaved tracebacks are told apart. */
static bool strip_pdsh_host(struct record *r)
{
        const char *s = r->msg;
        size_t n = r->msg_len, at = 0;
        if (n > 11 && memcmp(s, "localhost: ", 11) == 0) {
                at = 9;
        } else {
                for (int part = 0; part < 4; part++) {
                        size_t start = at;
                        if (number_at(s, n, &at) > 255 || at == start || at - start > 3 || at >= n ||
                            s[at] != (part < 3 ? '.' : ':'))
                                return false;
                        at++;
                }
                at--;
        }
        if (at + 1 >= n || s[at + 1] != ' ')
                return false;
        set_tag(r, s, at, -1);
        consume(r, at + 2);
        return true;
}

/* Slurm's srun --label: the task number before each line of that task's
 * output, right-aligned to the widest task number (" 0: ", "15: "). The
 * task names the stream, as pdsh's host does. */
static bool strip_srun_label(struct record *r)
{
        const char *s = r->msg;
        size_t n = r->msg_len, at = 0;
        while (at < n && at < 4 && s[at] == ' ')
                at++;
        size_t digits_at = at;
        long task = number_at(s, n, &at);
        if (task < 0 || at - digits_at > 5 || at + 1 >= n || s[at] != ':' || s[at + 1] != ' ')
                return false;
        set_tag(r, s + digits_at, at - digits_at, (int)task);
        consume(r, at + 2);
        return true;
}

/* BuildKit's plain progress: "#8 0.512 " (the step, then the seconds since
 * it began: "%.3f", or "%.1f" in later releases, "#10 4196.7 "), and
 * "0.512 " alone where docker build repeats a failed step's output in its
 * summary (three decimals there, so that a number in text is not taken). */
static bool strip_buildkit(struct record *r)
{
        const char *s = r->msg;
        size_t n = r->msg_len, at = 0;
        bool step = n > 2 && s[0] == '#';
        if (step) {
                at = 1;
                if (number_at(s, n, &at) < 0 || at >= n || s[at] != ' ')
                        return false;
                at++;
        }
        size_t int_at = at;
        if (number_at(s, n, &at) < 0 || at - int_at > 5 || at + 2 >= n || s[at] != '.')
                return false;
        size_t decimals = 0;
        while (at + 1 + decimals < n && decimals < 3 && isdigit((unsigned char)s[at + 1 + decimals]))
                decimals++;
        if (decimals != 3 && !(step && decimals >= 1))
                return false;
        at += 1 + decimals;
        if (at >= n || s[at] != ' ')
                return false;
        r->prefix_id = fnv1a64("buildkit", 8, FNV1A64_INIT) | 1;
        consume(r, at + 1);
        return true;
}

/* pytest's report of what a failing test raised: "E       RuntimeError:
 * message" (_pytest/_code/code.py, FormattedExcinfo: the exception's lines
 * after "E" and blanks to the source's indentation, at least three). */
static bool strip_pytest_error(struct record *r)
{
        const char *s = r->msg;
        size_t n = r->msg_len, at = 1;
        if (n < 6 || s[0] != 'E')
                return false;
        while (at < n && s[at] == ' ')
                at++;
        if (at < 4 || at >= n)
                return false;
        consume(r, at);
        return true;
}

/* pytest's short test summary: "FAILED tests/test_x.py::test_y[p1] - " or
 * "ERROR tests/test_x.py - " before the first line of what the test raised
 * ("Type: message"). The node id is a path with "::" parts or a .py file;
 * a parameter id in brackets may hold blanks. */
static bool strip_pytest_summary(struct record *r)
{
        const char *s = r->msg;
        size_t n = r->msg_len, at;
        if (n > 7 && memcmp(s, "FAILED ", 7) == 0)
                at = 7;
        else if (n > 6 && memcmp(s, "ERROR ", 6) == 0)
                at = 6;
        else
                return false;
        size_t id = at;
        int depth = 0;
        for (; at + 2 < n && at - id < 400; at++) {
                if (s[at] == '[')
                        depth++;
                else if (s[at] == ']' && depth)
                        depth--;
                else if (s[at] == ' ' && !depth)
                        break;
        }
        if (at + 3 >= n || s[at] != ' ' || s[at + 1] != '-' || s[at + 2] != ' ')
                return false;
        const char *node = s + id;
        size_t node_len = at - id;
        if (!memmem(node, node_len, "::", 2) && !(node_len > 3 && memcmp(node + node_len - 3, ".py", 3) == 0))
                return false;
        r->prefix_id = fnv1a64(node, node_len, fnv1a64("pytest", 6, FNV1A64_INIT)) | 1;
        consume(r, at + 3);
        return true;
}

/* A logger's level between bars after its time: FastChat's "| ERROR |
 * stderr | " and loguru's "| ERROR    | module:function:42 - " (their
 * time is taken by strip_timestamp). Written on every line of a record. */
static bool strip_bar_level(struct record *r)
{
        const char *s = r->msg;
        size_t n = r->msg_len, at = 2;
        if (n < 8 || s[0] != '|' || s[1] != ' ' || !isupper((unsigned char)s[2]))
                return false;
        while (at < n && at < 12 && isupper((unsigned char)s[at]))
                at++;
        size_t level_end = at;
        while (at < n && s[at] == ' ')
                at++;
        if (at + 1 >= n || s[at] != '|' || s[at + 1] != ' ')
                return false;
        at += 2;
        /* the logger's name: a word then " | " (FastChat) or " - " (loguru) */
        size_t name = at;
        while (at < n && at - name < 80 && s[at] != ' ')
                at++;
        if (at > name && at + 2 < n && (s[at + 1] == '|' || s[at + 1] == '-') && s[at + 2] == ' ')
                at += 3;
        else
                at = name;
        r->prefix_id = fnv1a64(s + 2, level_end - 2, fnv1a64("bars", 4, FNV1A64_INIT)) | 1;
        consume(r, at);
        return true;
}

/* A timestamp the collector put before the application's text: kubectl
 * logs --timestamps "2024-06-28T06:11:52.685304690Z ", CloudWatch's
 * "  | 2024-08-23T22:22:51.873Z | ", or a logger's "2024-11-20 14:37:16 "
 * before "[rank3]:". */
static bool strip_timestamp(struct record *r)
{
        const char *s = r->msg;
        size_t n = r->msg_len, at = 0;
        while (at < n && at < 8 && s[at] == ' ')
                at++;
        bool bars = at + 1 < n && s[at] == '|' && s[at + 1] == ' ';
        if (bars)
                at += 2;
        if (n < at + 11 || !isdigit((unsigned char)s[at]))
                return false;
        struct record t = { 0 };
        size_t len = n >= at + 20 ? parse_iso_time(s + at, n - at, &t) : 0;
        if (!len) {
                /* a date alone ("2025-02-19 ", as some paste helpers and
                 * log shippers write it): stripped, but no time to keep */
                int y = digits(s + at, n - at, 0, 4), mo = digits(s + at, n - at, 5, 2), d = digits(s + at, n - at, 8, 2);
                if (y < 0 || mo < 1 || mo > 12 || d < 1 || d > 31 || s[at + 4] != '-' || s[at + 7] != '-' ||
                    s[at + 10] != ' ' || bars)
                        return false;
                r->prefix_id = fnv1a64("timestamp", 9, FNV1A64_INIT) | 1;
                consume(r, at + 11);
                return true;
        }
        if (at + len >= n || (s[at + len] != ' ' && s[at + len] != '\t'))
                return false;  /* (a tab in CloudWatch's exports) */
        at += len + 1;
        if (bars && at + 1 < n && s[at] == '|' && s[at + 1] == ' ')
                at += 2;
        if (!r->has_time)
                copy_time(r, &t);
        /* Like a logger's prefix: on every line of a record (collectors) or
         * on its first only (Python's logging); the assembler learns which. */
        r->prefix_id = fnv1a64("timestamp", 9, FNV1A64_INIT) | 1;
        consume(r, at);
        return true;
}

/* glog/klog: "E1129 21:40:13.123456 ...", or with the year that glog
 * 0.6 and later print by default (--log_year_in_prefix): "E20231129
 * 21:40:13.123456 ..."; the level letter (I, W, E, F) or 0. */
static char glog_letter(const char *s, size_t n)
{
        if (n < 14 || !strchr("IWEF", s[0]))
                return 0;
        size_t date = s[5] == ' ' ? 4 : n >= 18 && s[9] == ' ' ? 8 : 0;  /* MMDD or YYYYMMDD */
        if (!date || s[date + 4] != ':' || s[date + 7] != ':')
                return 0;
        for (size_t i = 1; i < date + 10; i++)
                if (i != date + 1 && i != date + 4 && i != date + 7 && !isdigit((unsigned char)s[i]))
                        return 0;
        return s[0];
}

static int glog_level(const char *s, size_t n)
{
        char c = glog_letter(s, n);
        return c == 'F' ? LEVEL_CRITICAL : c == 'E' ? LEVEL_ERROR : 0;
}

/* TensorFlow's own C++ logging (tsl/platform/default/logging.cc):
 * "2018-11-20 19:30:26.065771: E tensorflow/core/...cc:1442] message";
 * the level letter (I, W, E, F) or 0, as glog_letter. */
static char tf_letter(const char *s, size_t n)
{
        /* the date and time with six digits of microseconds, then ": L " */
        if (n < 34 || s[4] != '-' || s[10] != ' ' || s[19] != '.' || s[26] != ':' || s[27] != ' ' || s[29] != ' ' ||
            (s[28] != 'I' && s[28] != 'W' && s[28] != 'E' && s[28] != 'F'))
                return 0;
        for (size_t i = 0; i < 26; i++)
                if (i != 4 && i != 7 && i != 10 && i != 13 && i != 16 && i != 19 && !isdigit((unsigned char)s[i]))
                        return 0;
        /* the source file and line, up to "] " */
        size_t end = n < 30 + 200 ? n : 30 + 200;
        for (size_t i = 30; i + 1 < end && s[i] != ' '; i++)
                if (s[i] == ']' && s[i + 1] == ' ' && isdigit((unsigned char)s[i - 1]))
                        return s[28];
        return 0;
}

static int tf_level(const char *s, size_t n)
{
        char c = tf_letter(s, n);
        return c == 'F' ? LEVEL_CRITICAL : c == 'E' ? LEVEL_ERROR : 0;
}

/* Does a line (as read, with its prefixes) say it was logged as a
 * warning? Looked at for each new diagnosis made of a line, and for a
 * line an in_warnings class matched (event_warning_level, assemble.c):
 * the program that wrote it judged it not fatal, so a table's
 * reading of it is weaker evidence than an error. In its first 160
 * bytes: a level word ("WARNING", "WARN", "[W]", "level=warn"), a C
 * program's "warning: ", Python's "UserWarning: " family, or glog's
 * "W1129 21:40:13" or TensorFlow's ": W " at a message start. NCCL's
 * "NCCL WARN" is how NCCL reports its errors, not a warning. */
bool decode_warning_level(const char *line, size_t len)
{
        static const char *const marks[] = {
                "WARNING", "WARN ", "WARN]", "WARN:", "WARN\t", "[W] ", "[warn", "level=warn", "level=WARN",
                "warning: ", "Warning: ", "| W | ",
        };
        size_t n = len < 160 ? len : 160;
        for (size_t i = 0; i < sizeof marks / sizeof marks[0]; i++) {
                size_t k = strlen(marks[i]);
                for (const char *p = line; (p = memmem(p, n - (size_t)(p - line), marks[i], k)); p++) {
                        bool nccl = p - line >= 5 && memcmp(p - 5, "NCCL ", 5) == 0;
                        if (!nccl)
                                return true;
                }
        }
        for (size_t i = 0; i + 14 <= n; i++)
                if ((i == 0 || line[i - 1] == ' ' || line[i - 1] == ']') &&
                    (glog_letter(line + i, n - i) == 'W' || tf_letter(line + i, len - i) == 'W'))
                        return true;
        return false;
}

/* Ray (spdlog) "[2025-04-21 10:05:37,313 E 959680 959717] ": its level
 * letter after the time (E error, C critical). */
static int ray_level(const char *s, size_t n)
{
        if (n < 28 || s[0] != '[' || s[5] != '-' || s[11] != ' ' || s[20] != ',' || s[24] != ' ' || s[26] != ' ')
                return 0;
        for (size_t i = 1; i < 24; i++)
                if (i != 5 && i != 8 && i != 11 && i != 14 && i != 17 && i != 20 && !isdigit((unsigned char)s[i]))
                        return 0;
        return s[25] == 'E' ? LEVEL_ERROR : s[25] == 'C' ? LEVEL_CRITICAL : 0;
}

/* c10 (PyTorch's C++ logging): "[E626 06:24:44.906457629 ProcessGroupNCCL.cpp:1785] "
 * or "[W1129 ...": a glog-like letter and date without zero padding. */
static int c10_level(const char *s, size_t n)
{
        size_t d = 2;
        if (n < 12 || s[0] != '[' || (s[1] != 'E' && s[1] != 'F'))
                return 0;
        while (d < n && d < 7 && isdigit((unsigned char)s[d]))
                d++;
        if (d < 5 || d + 3 >= n || s[d] != ' ' || !isdigit((unsigned char)s[d + 1]) || s[d + 3] != ':')
                return 0;
        return s[1] == 'F' ? LEVEL_CRITICAL : LEVEL_ERROR;
}

int decode_level_at_start(const char *s, size_t n, bool line_start)
{
        /* Ray prefixes its processes' lines: "(raylet) [2025-...". */
        if (line_start && n > 2 && s[0] == '(') {
                const char *close = memchr(s, ')', n < 80 ? n : 80);
                if (close && (size_t)(close - s) + 2 < n && close[1] == ' ')
                        return decode_level_at_start(close + 2, n - (size_t)(close - s) - 2, true);
        }
        /* torchrun's "[rank3]:" before c10's own prefix */
        if (line_start && n > 8 && memcmp(s, "[rank", 5) == 0) {
                const char *close = memchr(s, ']', n < 16 ? n : 16);
                if (close && (size_t)(close - s) + 2 < n && close[1] == ':')
                        return decode_level_at_start(close + 2, n - (size_t)(close - s) - 2, true);
        }
        /* "[E] ...", "[F] ...": polygraphy's and trtexec's own severity
         * letters at a line's start (TensorRT's ILogger::Severity, as
         * "] [E] " inside a line below) */
        if (line_start && n > 4 && s[0] == '[' && (s[1] == 'E' || s[1] == 'F') && s[2] == ']' && s[3] == ' ')
                return s[1] == 'F' ? LEVEL_CRITICAL : LEVEL_ERROR;
        if (line_start && s[0] == '[')
                return ray_level(s, n) ? ray_level(s, n) : c10_level(s, n);
        static const struct { const char *word; int level; } words[] = {
                { "ERROR", LEVEL_ERROR }, { "CRITICAL", LEVEL_CRITICAL }, { "FATAL", LEVEL_CRITICAL },
        };
        /* "error loading model: ...", "Error opening file: ...": a line that
         * begins with the word and says what failed before a colon */
        if (line_start && n > 8 && (memcmp(s, "error ", 6) == 0 || memcmp(s, "Error ", 6) == 0) &&
            s[6] >= 'a' && s[6] <= 'z') {
                const char *colon = memchr(s + 6, ':', n - 6 < 60 ? n - 6 : 60);
                if (colon && (size_t)(colon - s) + 1 < n && colon[1] == ' ')
                        return LEVEL_ERROR;
        }
        /* "fatal: ...", "error: ...": how git's die(), Slurm's fatal()
         * and error() and many C programs begin a message */
        if (n > 7 && s[5] == ':' && s[6] == ' ' &&
            (memcmp(s, "fatal", 5) == 0 || memcmp(s, "error", 5) == 0))
                return s[0] == 'f' ? LEVEL_CRITICAL : LEVEL_ERROR;
        for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
                size_t k = strlen(words[i].word);
                if (n <= k || memcmp(s, words[i].word, k) != 0)
                        continue;
                /* After a blank only " ERROR " and " ERROR:" are triggers. */
                if (strchr(line_start ? " :]|-" : " :", s[k]) || (words[i].level == LEVEL_CRITICAL && k == 8))
                        return words[i].level;
        }
        if (line_start && isdigit((unsigned char)s[0]))
                return tf_level(s, n);
        return line_start ? glog_level(s, n) : 0;
}

struct level_text {
        const char *text;
        size_t len;
        int level;
};
#define T(text, level) { text, sizeof text - 1, level }

/* What decode_level looks for inside a message. */
static const struct level_text inside[] = {
        T(" ERROR ", LEVEL_ERROR), T(" ERROR:", LEVEL_ERROR), T("[ERROR]", LEVEL_ERROR),
        T("[error]", LEVEL_ERROR), T("level=error", LEVEL_ERROR), T("level=ERROR", LEVEL_ERROR),
        T("NCCL WARN", LEVEL_ERROR), T("level=FATAL", LEVEL_CRITICAL), T("level=PANIC", LEVEL_CRITICAL),
        T(" CRITICAL", LEVEL_CRITICAL), T("[CRITICAL]", LEVEL_CRITICAL), T(" FATAL ", LEVEL_CRITICAL),
        T(" FATAL:", LEVEL_CRITICAL), T("[FATAL]", LEVEL_CRITICAL), T("level=fatal", LEVEL_CRITICAL),
        /* "program: error: message", the GNU convention (srun, slurmstepd, gcc, pip) */
        T(": error: ", LEVEL_ERROR), T(": fatal error: ", LEVEL_CRITICAL), T(": fatal: ", LEVEL_CRITICAL),
        /* TensorRT's and TensorRT-LLM's loggers: "[TRT] [E] ...", "[TRT-LLM] [E] ";
         * F is kINTERNAL_ERROR (NvInferRuntimeBase.h ILogger::Severity) */
        T("] [E] ", LEVEL_ERROR), T("] [F] ", LEVEL_CRITICAL),
        /* the exceptions TensorRT-LLM's and FasterTransformer's kernel runners
         * throw: "[TensorRT-LLM Error][CutlassFp8RowwiseGemmRunner] ...",
         * "[FT Error][MoE][GEMM Dispatch] ..." */
        T(" Error][", LEVEL_ERROR),
        T("level=panic", LEVEL_CRITICAL), T("level=critical", LEVEL_CRITICAL),
        /* capitalised, as LightGBM's Log ("[LightGBM] [Fatal] ...") and
         * others name their levels; spdlog's "[critical]" (SAPIEN, Isaac) */
        T("[Error]", LEVEL_ERROR), T("[Fatal]", LEVEL_CRITICAL), T("[fatal]", LEVEL_CRITICAL),
        T("[Critical]", LEVEL_CRITICAL), T("[critical]", LEVEL_CRITICAL),
        /* c10's failed CAFFE_ENFORCE, "[enforce fail at inline_container.cc:595]
         * . unexpected pos ...", printed by itself when nothing caught it */
        T("enforce fail at ", LEVEL_ERROR),
};
/* Words with which a line without a level reports a failure. "cannot "
 * has no blank before it: a line may begin with it (Python's "cannot
 * import name 'X' from 'Y'" quoted without its ImportError). */
static const struct level_text words[] = {
        T(" failed", 0), T("Failed ", 0), T(" FAILED", 0), T("cannot ", 0), T("Cannot ", 0), T("could not", 0),
        T("Could not", 0), T("couldn't", 0), T("Couldn't", 0), T("unable to", 0), T("Unable to", 0), T(" Error ", 0),
        T(" error ", 0), T(" exceeded", 0), T(" failure", 0),
        /* a kind of error named before its colon: the Vulkan validation
         * layer's "... - Validation Error:", "Fatal Error: ..." */
        T(" Error:", 0),
        /* PhysX's "PxgCudaDeviceMemoryAllocator fail to allocate memory" and
         * many programs written by non-native speakers */
        T(" fail to ", 0), T("Fail to ", 0),
        /* CPython's ModuleNotFoundError message (importlib/_bootstrap.py
         * _ERR_MSG_PREFIX), quoted without its type: "No module named 'x'" */
        T("No module named ", 0),
        /* pydantic v2's rendering of each error of a ValidationError:
         * "... [type=value_error, input_value=..., input_type=...]" */
        T(", input_value=", 0),
};
/* A line logged at a lower level says so; its words do not count. */
static const struct level_text lower[] = {
        T("INFO", 0), T("DEBUG", 0), T("WARN", 0), T("NOTICE", 0), T("TRACE", 0), T("level=info", 0),
        T("level=warn", 0), T("level=debug", 0), T("[W", 0), T("[I", 0),
};
#undef T
#define COUNT(table) (sizeof table / sizeof table[0])

/* All three tables in one, for one pass over a message: bit k of a mask is
 * inside[k], then words[], then lower[]. */
enum { N_INSIDE = COUNT(inside), N_WORDS = COUNT(words), N_LOWER = COUNT(lower),
       N_TEXTS = N_INSIDE + N_WORDS + N_LOWER, PAIR_SLOTS = 1024 };
_Static_assert(N_TEXTS <= 64, "a 64-bit mask holds every text");

static const struct level_text *text_at(unsigned k)
{
        return k < N_INSIDE ? &inside[k] : k < N_INSIDE + N_WORDS ? &words[k - N_INSIDE]
                                                                   : &lower[k - N_INSIDE - N_WORDS];
}

/* By the hash of its first two bytes: which texts may begin here. Few
 * pairs of a message hit a slot, so most bytes cost one load. */
static uint64_t by_pair[PAIR_SLOTS];
static pthread_once_t by_pair_once = PTHREAD_ONCE_INIT;

static unsigned pair_slot(const char *p)
{
        return ((unsigned char)p[0] * 31u + (unsigned char)p[1]) & (PAIR_SLOTS - 1);
}

static void index_pairs(void)
{
        for (unsigned k = 0; k < N_TEXTS; k++)
                by_pair[pair_slot(text_at(k)->text)] |= 1ULL << k;
}

/* Which texts occur in s (those of inside[] and lower[] within the first
 * `head` bytes), as a mask: one pass, not a memmem per text. */
static uint64_t texts_in(const char *s, size_t n, size_t head)
{
        uint64_t found = 0;
        for (size_t i = 0; i + 1 < n; i++) {
                uint64_t m = by_pair[pair_slot(s + i)] & ~found;
                for (; m; m &= m - 1) {
                        unsigned k = (unsigned)__builtin_ctzll(m);
                        const struct level_text *t = text_at(k);
                        bool in_head = k >= N_INSIDE && k < N_INSIDE + N_WORDS ? true : i + t->len <= head;
                        if (in_head && i + t->len <= n && memcmp(s + i, t->text, t->len) == 0)
                                found |= 1ULL << k;
                }
        }
        return found;
}

const char *decode_level_text(size_t i)
{
        return i < N_INSIDE + N_WORDS ? text_at((unsigned)i)->text : NULL;
}

/* decode_level; scan: look for the texts inside (false: s is known to
 * hold none of inside[] and words[]). */
static int level_of(const char *s, size_t n, bool line_start, bool after_blank, bool scan)
{
        static const struct level_text starts[] = {
                { "panic: ", 7, LEVEL_CRITICAL }, { "Error: ", 7, LEVEL_ERROR }, { "error: ", 7, LEVEL_ERROR },
        };
        uint64_t found = 0;
        if (scan) {
                pthread_once(&by_pair_once, index_pairs);
                found = texts_in(s, n, n < 120 ? n : 120);
        }
        uint64_t in_inside = found & ((1ULL << N_INSIDE) - 1);
        if (in_inside)
                return inside[__builtin_ctzll(in_inside)].level;  /* the first in the table's order */
        /* pip indents the output of the builds it runs ("  error: ...") */
        size_t lead = 0;
        while (lead < n && lead < 16 && s[lead] == ' ')
                lead++;
        for (size_t i = 0; i < COUNT(starts); i++)
                if (n - lead >= starts[i].len && memcmp(s + lead, starts[i].text, starts[i].len) == 0)
                        return starts[i].level;
        int level = line_start || after_blank ? decode_level_at_start(s, n, line_start) : 0;
        if (!level && (found >> N_INSIDE & ((1ULL << N_WORDS) - 1)))
                level = LEVEL_WORDS;
        if (level == LEVEL_WORDS && (found >> (N_INSIDE + N_WORDS)))
                level = 0;
        if (level == LEVEL_WORDS && line_start && glog_letter(s, n))
                level = 0;  /* glog's I and W lines */
        return level;
}

int decode_level(const char *s, size_t n, bool line_start, bool after_blank)
{
        return level_of(s, n, line_start, after_blank, true);
}
#undef COUNT

/* The message whose level was last decoded: decoding looks at the same
 * message up to three times (the line, each round of prefixes, the end),
 * and a message's level depends only on its place and bytes. */
struct level_memo {
        const char *msg, *line;
        size_t len;
};

/* The level of r's message; line: the buffer the message lies in, as the
 * pre-filter saw it. */
static void set_level(const struct decoder *d, struct record *r, const char *line, struct level_memo *memo)
{
        if (memo->msg == r->msg && memo->len == r->msg_len && memo->line == line)
                return;
        *memo = (struct level_memo){ r->msg, line, r->msg_len };
        bool plain = d->plain && r->msg >= d->plain && r->msg + r->msg_len <= d->plain + d->plain_len;
        int level = level_of(r->msg, r->msg_len, r->msg == line, r->msg > line && r->msg[-1] == ' ', !plain);
        if (level > r->level)
                r->level = (uint8_t)level;
}

static void strip_prefixes(struct decoder *d, struct record *r, const char *start, struct level_memo *memo)
{
        for (int round = 0; round < 6 && r->msg_len; round++) {
                if (strip_quote(r) || strip_colour(r) || strip_compose(r) || strip_timestamp(r) || strip_bold(r) ||
                    strip_code_span(r))
                        continue;
                if (strip_worker(r) || strip_torchrun(r) || strip_pdsh_host(r) || strip_srun_label(r))
                        continue;
                /* A logger prefix "ERROR 05-06 ..." holds the record's level. */
                set_level(d, r, start, memo);
                if (strip_sglang(r) || strip_vllm_level(d, r) || strip_uvicorn_level(r) || strip_bar_level(r) ||
                    strip_buildkit(r) || strip_pytest_summary(r) || strip_pytest_error(r))
                        continue;
                break;
        }
        set_level(d, r, start, memo);
        resolve_local(d, r);
}

/* Sub-stream and logger prefixes inside one process's output: strip them
 * from r->msg, keeping the tag (which sub-stream) and the prefix identity
 * (which log record) for the assembler. */
void decode_message_prefixes(struct decoder *d, struct record *r, const char *start)
{
        struct level_memo memo = { 0 };
        strip_prefixes(d, r, start, &memo);
}

void decode_line(struct decoder *d, const char *line, size_t len, struct record *r)
{
        memset(r, 0, sizeof *r);
        r->rank = -1;
        r->msg = line;
        r->msg_len = len;
        bool ok = false;
        switch (d->forced) {
        case SHAPE_JOURNAL_SHORT:
                ok = try_journal_short(d, line, len, r);
                break;
        case SHAPE_JOURNAL_ISO:
                ok = try_journal_iso(line, len, r);
                break;
        case SHAPE_JOURNAL_FULL:
                ok = try_journal_full(line, len, r);
                break;
        case SHAPE_JOURNAL_UNIX:
                ok = try_journal_unix(line, len, r);
                break;
        case SHAPE_JOURNAL_MONOTONIC:
                ok = try_journal_monotonic(line, len, r);
                break;
        case SHAPE_BARE:
                ok = true;
                break;
        case SHAPE_AUTO:
                if (len > 15 && isdigit((unsigned char)line[0]))
                        ok = try_journal_iso(line, len, r) || try_journal_unix(line, len, r) ||
                             try_journal_short(d, line, len, r);  /* "2月 02 ...": numbered_month */
                else if (len > 15 && isupper((unsigned char)line[0]))
                        ok = try_journal_short(d, line, len, r) || try_journal_full(line, len, r);
                else if (len > 15 && (islower((unsigned char)line[0]) || (unsigned char)line[0] >= 0x80))
                        ok = try_journal_short(d, line, len, r);  /* "déc. 03 ...": local_months */
                else if (len > 15 && line[0] == '[')
                        ok = try_journal_monotonic(line, len, r);
                break;
        }
        if (!ok) {
                memset(r, 0, sizeof *r);
                r->rank = -1;
                r->msg = line;
                r->msg_len = len;
                /* pdsh/clush: "gpu-node-01: output" names the host. */
                size_t h = 0;
                while (h < len && h < 64 && (islower((unsigned char)line[h]) || isdigit((unsigned char)line[h]) ||
                                             line[h] == '-' || line[h] == '.'))
                        h++;
                if (h >= 2 && h + 1 < len && line[h] == ':' && line[h + 1] == ' ' &&
                    isdigit((unsigned char)line[h - 1]) && isalpha((unsigned char)line[0])) {
                        r->host = line;
                        r->host_len = h;
                        r->msg = line + h + 2;
                        r->msg_len = len - h - 2;
                }
                /* A bare line may still start with a timestamp (Python logging). */
                if (len > 19 && isdigit((unsigned char)line[0])) {
                        struct record t = { 0 };
                        if (parse_iso_time(line, len, &t))
                                copy_time(r, &t);
                }
        }
        struct level_memo memo = { 0 };
        set_level(d, r, line, &memo);
        strip_prefixes(d, r, line, &memo);
}
