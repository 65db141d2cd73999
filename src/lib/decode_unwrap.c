/* decode_unwrap.c — lines that a terminal or a paste cut at its width, joined.
 *
 * Logs pasted into tickets and issue threads often come from a terminal
 * that hard-wrapped them: "RuntimeError: CUDA error: an illegal memory acc"
 * and, on the next line, "ess was encountered". Read as two lines, the
 * message escapes every pattern, and a frame cut in two ("module.py", line 1"
 * / "501, in _call_impl") ends its traceback early.
 *
 * A wrapped line is exactly as wide as the terminal, and no line of the
 * paste is wider. So a line is held back when it is at least MIN_WIDTH
 * characters and as wide as the widest so far (or as a width a cut was
 * seen at), unless it is a shell's prompt and command or a whole frame
 * line; and the next line is joined to it when it obviously continues it.
 * The next line must begin no record: no prefix the decoder takes off, no
 * clock near its start, no "program:" or "host:pid" in front, no
 * "(raylet)" or "[1,2]<stdout>:", no traceback or exception line, no
 * indentation, not the held line's own first word; it must not be wider
 * than the held one; and the cut must show, or have shown at this width:
 *  - a cut shows when it parts two digits ("line 1" | "501"), a path, a
 *    URL or a flag on both sides ("…/bitsandbyt" | "es/issues"), or a word
 *    inside parentheses that the next line's first word closes
 *    ("WorkNCCL(SeqNum=15037, …, Timeo" | "ut(ms)=600000) ran for");
 *  - after that, at the same width, a cut inside a word ("acc" | "ess"),
 *    after punctuation ("00163." | "safetensors") or at a blank is joined.
 * A natural line break inside a message ("… on the" / "installation page")
 * looks like a cut between two words, and tables and repeated lines share
 * their width, which is why neither alone is enough (tried on the corpus:
 * they joined 20 pairs of separate records). A line wrapped over three
 * rows is joined piece by piece; anything less obvious stays as it was:
 * two lines read apart lose less than two records read as one.
 */
#include "decode.h"
#include "util.h"

#include <ctype.h>
#include <string.h>

enum { MIN_WIDTH = 60 };

/* Characters, not bytes: UTF-8 continuation bytes do not take a column.
 * SIZE_MAX when a tab or a control byte makes the width unknowable. */
static size_t display_width(const char *s, size_t n)
{
        size_t w = 0;
        for (size_t i = 0; i < n; i++) {
                unsigned char c = (unsigned char)s[i];
                if (c < 0x20 || c == 0x7f)
                        return SIZE_MAX;
                w += (c & 0xc0) != 0x80;
        }
        return w;
}

/* A shell's prompt and command ("user@host:~$ docker run …", "(base)
 * me@mac ~ % ollama pull …", "C:\\app> python cli.py"): the output that
 * follows is not the command's continuation. */
static bool shell_command(const char *s, size_t n)
{
        size_t end = n < 160 ? n : 160;
        bool at_host = false;
        for (size_t i = 0; i + 1 < end; i++) {
                at_host |= s[i] == '@' || (s[i] == ':' && s[i + 1] == '\\');
                if (at_host && s[i] && strchr("$%#>", s[i]) && (s[i + 1] == ' ' || isalpha((unsigned char)s[i + 1])))
                        return true;
        }
        return false;
}

/* A traceback's frame line, whole: '  File "x.py", line 12, in main'. */
static bool frame_line(const char *s, size_t n)
{
        const char *at = find_text(s, n, "\", line ", 8);
        return at && find_text(at, n - (size_t)(at - s), ", in ", 5);
}

bool unwrap_hold(struct unwrap *u, const char *line, size_t len, const char *prev, size_t prev_len)
{
        /* Bytes bound characters from above: most lines end here. */
        if (len < MIN_WIDTH || (len < u->widest && (!u->wrap_width || len < u->wrap_width)))
                return false;
        size_t w = display_width(line, len);
        if (w < MIN_WIDTH || w == SIZE_MAX || (w < u->widest && w != u->wrap_width))
                return false;
        if (w > u->widest)
                u->widest = w;
        if ((frame_line(line, len) && w != u->wrap_width) || shell_command(line, len))
                return false;
        u->held.len = u->prev.len = 0;
        sb_append(&u->held, line, len);
        u->has_prev = prev != NULL;
        if (prev)
                sb_append(&u->prev, prev, prev_len);
        if (u->held.failed || u->prev.failed) {
                u->held.failed = u->prev.failed = false;
                return false;
        }
        u->open = true;
        u->width = w;
        u->pieces = 1;
        return true;
}

static bool starts_with(const char *s, size_t n, const char *prefix)
{
        size_t k = strlen(prefix);
        return n >= k && memcmp(s, prefix, k) == 0;
}

static bool word_byte(unsigned char c)
{
        return isalnum(c) || c == '_' || c == '.' || c == '-';
}

/* "ValueError", "torch.OutOfMemoryError:", "KeyboardInterrupt": a Python
 * exception line begins a record of its own. */
static bool exception_line(const char *s, size_t n)
{
        size_t i = 0;
        while (i < n && (isalnum((unsigned char)s[i]) || s[i] == '_' || s[i] == '.'))
                i++;
        if (i == 0 || (i < n && s[i] != ':'))
                return false;
        static const char *const endings[] = { "Error", "Exception", "Warning", "Interrupt", "Exit" };
        for (size_t k = 0; k < sizeof endings / sizeof *endings; k++) {
                size_t m = strlen(endings[k]);
                if (i >= m && memcmp(s + i - m, endings[k], m) == 0)
                        return true;
        }
        return false;
}

/* "docker: Error", "srun: error:", "kernel: NVRM:", NCCL's
 * "host:pid:tid [0]", Ray's "(raylet) ", Open MPI's "[1,2]<stdout>:": a
 * writer named in front. */
static bool writer_in_front(const char *s, size_t n)
{
        size_t i = 0;
        if (n && (s[0] == '(' || s[0] == '[')) {
                const char *close = memchr(s, s[0] == '(' ? ')' : ']', n < 40 ? n : 40);
                return close && (size_t)(close - s) + 1 < n && (s[0] == '[' || close[1] == ' ');
        }
        while (i < n && word_byte((unsigned char)s[i]))
                i++;
        return i > 0 && i + 1 < n && s[i] == ':' && (s[i + 1] == ' ' || isdigit((unsigned char)s[i + 1]));
}

/* The held line's first word begins the next line too: one more record of
 * the same writer ("kernel: NVRM: Xid …" twice), not a continuation. */
static bool same_first_word(const struct strbuf *held, const char *s, size_t n)
{
        size_t k = 0;
        while (k < held->len && k < n && held->data[k] != ' ' && held->data[k] == s[k])
                k++;
        return k >= 3 && (k == n || s[k] == ' ') && (k == held->len || held->data[k] == ' ');
}

/* A clock ("12:07:20") near the start: glog's "I0213 12:07:20.086000",
 * and the many time formats the decoder does not take off. */
static bool clock_in_front(const char *s, size_t n)
{
        for (size_t i = 0; i + 8 <= n && i < 24; i++)
                if (isdigit((unsigned char)s[i]) && isdigit((unsigned char)s[i + 1]) && s[i + 2] == ':' &&
                    isdigit((unsigned char)s[i + 3]) && isdigit((unsigned char)s[i + 4]) && s[i + 5] == ':' &&
                    isdigit((unsigned char)s[i + 6]) && isdigit((unsigned char)s[i + 7]))
                        return true;
        return false;
}

static bool begins_record(const struct decoder *d, const struct strbuf *held, const char *s, size_t n)
{
        if (clock_in_front(s, n) || starts_with(s, n, "Traceback (most recent call last)") || starts_with(s, n, "During handling of ") ||
            starts_with(s, n, "The above exception ") || exception_line(s, n) || writer_in_front(s, n) ||
            same_first_word(held, s, n))
                return true;
        struct decoder probe = *d;  /* its state (zone, year) is not the line's to change */
        probe.plain = NULL;
        struct record r;
        decode_line(&probe, s, n, &r);
        return r.msg != s || r.has_time || r.tag[0] || r.prefix_id;
}

/* The held line's last word: [*start, end). */
static size_t last_word(const struct strbuf *held, size_t *start)
{
        size_t i = held->len;
        while (i > 0 && held->data[i - 1] != ' ')
                i--;
        *start = i;
        return held->len - i;
}

static bool path_byte(char c)
{
        return c && strchr("/._=-", c);
}

/* The held line leaves a parenthesis open and the next line's first word
 * closes it: a record's own text, cut ("…, Timeo" | "ut(ms)=600000)"). */
static bool closes_open_parenthesis(const struct strbuf *held, const char *s, size_t n)
{
        size_t open = 0;
        for (size_t i = 0; i < held->len; i++)
                if (held->data[i] == '(')
                        open++;
                else if (held->data[i] == ')' && open)
                        open--;
        size_t inner = 0;  /* opened and closed within the next line's word */
        for (size_t i = 0; open && i < n && s[i] != ' '; i++)
                if (s[i] == '(') {
                        inner++;
                } else if (s[i] == ')') {
                        if (!inner)
                                return true;
                        inner--;
                }
        return false;
}

/* The cut shows: two digits parted ("line 1" | "501"); a path, URL or
 * flag parted ("…/bitsandbyt" | "es/issues"): "/", ".", "_", "=" or "-"
 * inside the held line's last word and the next line's first, which does
 * not begin as the held one did ("…tokens=3185200" / "self.token…=2864304"
 * are two items of one message); or a word parted inside parentheses the
 * next line closes. A word and a word ("…on the" / "installation page")
 * are as often a natural line break as a cut. */
static bool cut_shows(const struct strbuf *held, const char *s, size_t n)
{
        size_t start, k = last_word(held, &start);
        const char *word = held->data + start;
        if (k == 0)
                return false;  /* the held line ends at a blank: no word was cut */
        if (isdigit((unsigned char)word[k - 1]) && isdigit((unsigned char)s[0]))
                return true;
        if (!(isalnum((unsigned char)word[k - 1]) || path_byte(word[k - 1])) ||
            !(islower((unsigned char)s[0]) || isdigit((unsigned char)s[0])) ||
            (k >= 3 && n >= 3 && memcmp(word, s, 3) == 0))
                return false;
        bool in_held = false, in_next = false;
        for (size_t i = 0; i < k; i++)
                in_held |= path_byte(word[i]);
        for (size_t i = 0; i + 1 < n && s[i] != ' '; i++)
                in_next |= path_byte(s[i]);
        return (in_held && in_next) || closes_open_parenthesis(held, s, n);
}

bool unwrap_continues(struct unwrap *u, const struct decoder *d, const char *line, size_t len)
{
        if (!u->open || len == 0 || line[0] == '\t' || starts_with(line, len, "  ") ||
            u->held.len + len > LIMIT_LINE_BYTES)
                return false;
        const char *h = u->held.data;
        size_t hn = u->held.len;
        unsigned char last = (unsigned char)h[hn - 1], first = (unsigned char)line[0];
        if (hn >= 2 && last == ' ' && h[hn - 2] == ' ')
                return false;  /* padded with blanks to the width: the text had ended */
        /* Where the cut fell: inside a word ("acc|ess", "BLO|CKING", "1|501");
         * after punctuation inside one ("00163.|safetensors"); at a blank
         * that the terminal kept on one side or the other. */
        bool inside_word = (isalnum(last) && (islower(first) || isdigit(first))) || (isupper(last) && isupper(first));
        bool after_punct = last < 0x80 && ispunct(last) && (islower(first) || isdigit(first));
        bool at_blank = last == ' ' || first == ' ';
        bool shows = cut_shows(&u->held, line, len);
        if (!(shows || (u->width == u->wrap_width && (inside_word || after_punct || at_blank))))
                return false;
        size_t w = display_width(line, len);
        if (w == SIZE_MAX || w > u->width || begins_record(d, &u->held, line, len))
                return false;
        sb_append(&u->held, line, len);
        if (u->held.failed) {  /* what was held is fed as it was; this line apart */
                u->held.failed = false;
                return false;
        }
        if (shows)
                u->wrap_width = u->width;
        u->pieces++;
        u->open = w == u->width;
        return true;
}

void unwrap_release(struct unwrap *u)
{
        u->pieces = 0;
        u->open = false;
        u->held.len = 0;
}

void unwrap_free(struct unwrap *u)
{
        sb_free(&u->held);
        sb_free(&u->prev);
}
