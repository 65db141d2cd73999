/* assemble_traceback.c — recognise the lines Python prints in a traceback.
 *
 * These are pure functions over (pointer, length) so they work on any line,
 * whatever prefix the decoder removed. assemble.c strings them together.
 */
#include "config.h"
#include "assemble.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static const char HEADER[] = "Traceback (most recent call last):";

static bool starts_with(const char *s, size_t n, const char *prefix)
{
        size_t k = strlen(prefix);
        return n >= k && memcmp(s, prefix, k) == 0;
}

/* IPython's header has no colon and follows the exception's type and
 * blanks ("KeyError                Traceback (most recent call last)"). */
bool tb_ipython_header(const char *s, size_t n, size_t *ret_at)
{
        static const char words[] = "Traceback (most recent call last)";
        const size_t len = sizeof words - 1;
        while (n && (s[n - 1] == ' ' || s[n - 1] == '\r'))
                n--;
        size_t type = 0;
        while (type < n && (isalnum((unsigned char)s[type]) || s[type] == '_' || s[type] == '.'))
                type++;
        if (n < len || memcmp(s + n - len, words, len) != 0 || type + 2 > n - len ||
            strspn(s + type, " ") != n - len - type || !decode_exception_type_name(s, type))
                return false;
        *ret_at = n - len;
        return true;
}

/* The decimal number at s[*at], read no further than n (a record's text
 * need not end in a NUL); *at moves past its digits. */
static long number_at(const char *s, size_t n, size_t *at)
{
        long v = 0;
        while (*at < n && isdigit((unsigned char)s[*at]) && v < 100000000)
                v = v * 10 + (s[(*at)++] - '0');
        return v;
}

/* IPython's frame lines: "Cell In[3], line 5", "File /x/y.py:1145, in
 * Module.to(self, *args)" (IPython 8), "<ipython-input-4-497c> in
 * <module>()" and "~/lib/python3.7/site-packages/torch/nn/modules/module.py
 * in __call__(self, *input)" (IPython 7), each file a link in Colab. */
bool tb_parse_ipython_frame(const char *s, size_t n, struct frame *ret)
{
        const char *in = NULL, *link;
        size_t file_at = 0, file_len = 0;
        long line = 0;
        memset(ret, 0, sizeof *ret);
        if (starts_with(s, n, "Cell In[")) {
                const char *comma = memchr(s, ',', n);
                if (!comma || (size_t)(comma - s) + 7 > n || memcmp(comma, ", line ", 7) != 0)
                        return false;
                file_len = (size_t)(comma - s);
                size_t at = (size_t)(comma - s) + 7;
                line = number_at(s, n, &at);
        } else if (starts_with(s, n, "File ") && n > 5 && s[5] != '"') {
                in = find_text(s, n, ", in ", 5);
                const char *colon = in ? in : s + n;
                while (colon > s + 5 && colon[-1] >= '0' && colon[-1] <= '9')
                        colon--;
                if (!in || colon[-1] != ':' || colon == in)
                        return false;
                file_at = 5;
                file_len = (size_t)(colon - 1 - (s + 5));
                size_t at = (size_t)(colon - s);
                line = number_at(s, n, &at);
                in += 5;
        } else if (n > 4 && s[0] == '[' && (link = find_text(s, n, "](", 2)) &&
                   (in = find_text(link, (size_t)(s + n - link), ") in ", 5))) {
                /* Colab links each file: "[/x/y.py](https://localhost:8080/#) in f()" */
                file_at = 1;
                file_len = (size_t)(link - s) - 1;
                in += 5;
        } else if (n > 4 && (s[0] == '<' || s[0] == '/' || s[0] == '~') && (in = find_text(s, n, " in ", 4))) {
                file_len = (size_t)(in - s);
                if (memchr(s, ' ', file_len) || (s[0] != '<' && (file_len < 4 || memcmp(s + file_len - 3, ".py", 3) != 0)))
                        return false;
                in += 4;
        } else {
                return false;
        }
        ret->file = strndup_safe(s + file_at, file_len);
        ret->line = (int)line;
        if (in) {
                const char *paren = memchr(in, '(', (size_t)(s + n - in));
                ret->function = strndup_safe(in, (size_t)((paren ? paren : s + n) - in));
        } else {
                ret->function = strndup_safe("<module>", 8);  /* a cell's code runs as a module's */
        }
        if (ret->file && ret->function)
                return true;
        free(ret->file);  /* memory ran out */
        free(ret->function);
        return false;
}

bool tb_find_header(const char *s, size_t n, size_t *ret_at)
{
        const char *p = find_text(s, n, HEADER, sizeof HEADER - 1);
        if (!p)
                return false;
        *ret_at = (size_t)(p - s);
        return true;
}

static size_t skip_space(const char *s, size_t n, size_t at)
{
        while (at < n && (s[at] == ' ' || s[at] == '\t'))
                at++;
        return at;
}

bool tb_is_chain_marker(const char *s, size_t n)
{
        size_t at = skip_space(s, n, 0);
        s += at;
        n -= at;
        return starts_with(s, n, "The above exception was the direct cause of the following exception") ||
               starts_with(s, n, "During handling of the above exception, another exception occurred");
}

enum frame_start { FRAME_WHOLE, FRAME_FLAT, FRAME_CUT };

/* '  File "path", line 12, in func' (", in func" absent for SyntaxError).
 * FRAME_FLAT: its indentation lost. FRAME_CUT: a paste that begins inside
 * the frame ('…/site-packages/peft/lora.py", line 154, in f'), or whose
 * editor took the opening quote ('File Desktop/app/serve.py", line 9'): a
 * path without blanks, then the rest as usual. */
static bool parse_frame(const char *s, size_t n, enum frame_start form, struct frame *ret)
{
        size_t at = skip_space(s, n, 0);
        const char *end = NULL;
        for (size_t i = at; i + 7 < n; i++)
                if (s[i] == '"' && memcmp(s + i, "\", line ", 8) == 0)
                        end = s + i;
        if (!end)
                return false;
        if (form == FRAME_CUT) {
                if (starts_with(s + at, n - at, "File ") && s[at + 5] != '"')
                        at += 5;
                else if (at > 0)
                        return false;
                if (memchr(s + at, ' ', (size_t)(end - (s + at))) || !memchr(s + at, '/', (size_t)(end - (s + at))))
                        return false;
        } else {
                if ((form == FRAME_WHOLE && at == 0) || !starts_with(s + at, n - at, "File \""))
                        return false;
                at += 6;
        }
        size_t path = at;
        size_t path_len = (size_t)(end - (s + path));
        at = (size_t)(end - s) + 8;
        if (at >= n || !isdigit((unsigned char)s[at]))
                return false;
        long line = number_at(s, n, &at);
        size_t fn = 0, fn_len = 0;
        if (starts_with(s + at, n - at, ", in ")) {
                fn = at + 5;
                fn_len = n - fn;
                while (fn_len && (s[fn + fn_len - 1] == ' ' || s[fn + fn_len - 1] == '\r'))
                        fn_len--;
        } else if (at < n && s[at] != '\r' && s[at] != ' ') {
                return false;  /* faulthandler's 'line 12 in f' is not a traceback frame */
        } else if (at < n && s[at] == ' ') {
                return false;
        }
        if (ret) {
                ret->file = strndup_safe(s + path, path_len);
                ret->line = (int)line;
                ret->function = fn_len ? strndup_safe(s + fn, fn_len) : NULL;
                ret->code = NULL;
        }
        return true;
}

bool tb_parse_frame(const char *s, size_t n, struct frame *ret)
{
        return parse_frame(s, n, FRAME_WHOLE, ret);
}

bool tb_parse_frame_flat(const char *s, size_t n, struct frame *ret)
{
        return parse_frame(s, n, FRAME_FLAT, ret);
}

bool tb_parse_frame_cut(const char *s, size_t n, struct frame *ret)
{
        return parse_frame(s, n, FRAME_CUT, ret);
}

/* 'raise ValueError("text")': the statement that a traceback cut before
 * its exception line shows last. The type (its last dotted part a class
 * name: not 'raise e'), and the message when the call's first argument is
 * one string literal (an f-string's text as written; the line's rest when
 * the literal is cut). */
bool tb_parse_raise(const char *s, size_t n, size_t *ret_type_at, size_t *ret_type_len, size_t *ret_msg_at,
                    size_t *ret_msg_len)
{
        size_t at = skip_space(s, n, 0);
        if (!starts_with(s + at, n - at, "raise "))
                return false;
        at += 6;
        size_t type_at = at, last = at;
        while (at < n && (isalnum((unsigned char)s[at]) || s[at] == '_' || s[at] == '.')) {
                if (s[at] == '.')
                        last = at + 1;
                at++;
        }
        if (at == type_at || last >= at || !isupper((unsigned char)s[last]))
                return false;
        *ret_type_at = type_at;
        *ret_type_len = at - type_at;
        *ret_msg_at = *ret_msg_len = 0;
        if (at < n && s[at] == '(') {
                at++;
                if (at < n && (s[at] == 'f' || s[at] == 'r'))
                        at++;
                if (at < n && (s[at] == '"' || s[at] == '\'')) {
                        char quote = s[at];
                        size_t msg_at = ++at;
                        while (at < n && s[at] != quote)
                                at += s[at] == '\\' ? 2 : 1;
                        /* without its closing quote the line was cut
                         * (a paste or an excerpt): the text up to the cut */
                        *ret_msg_at = msg_at;
                        *ret_msg_len = (at < n ? at : n) - msg_at;
                }
        }
        return true;
}

/* Python 3.11+ position markers under a code line: only spaces, ^ and ~. */
bool tb_is_position_marker(const char *s, size_t n)
{
        bool mark = false;
        for (size_t i = 0; i < n; i++) {
                if (s[i] == '^' || s[i] == '~')
                        mark = true;
                else if (s[i] != ' ' && s[i] != '\t')
                        return false;
        }
        return mark;
}

static bool ident_char(char c)
{
        return isalnum((unsigned char)c) || c == '_';
}

/* "pkg.mod.TypeName: message" or "TypeName" alone. Sets the length of the
 * type and where the message starts (n if none). */
bool tb_parse_exception_line(const char *s, size_t n, size_t *ret_type_len, size_t *ret_msg_at)
{
        size_t at = 0;
        if (n == 0 || !(isalpha((unsigned char)s[0]) || s[0] == '_'))
                return false;
        for (;;) {
                if (at >= n || !(isalpha((unsigned char)s[at]) || s[at] == '_'))
                        return false;
                while (at < n && ident_char(s[at]))
                        at++;
                if (at < n && s[at] == '.' && at + 1 < n && s[at + 1] != ' ') {
                        at++;
                        continue;
                }
                break;
        }
        size_t type_len = at;
        if (at == n) {
                *ret_type_len = type_len;
                *ret_msg_at = n;
                return true;
        }
        if (s[at] != ':')
                return false;
        at++;
        if (at < n && s[at] != ' ')
                return false;
        at = skip_space(s, n, at);
        *ret_type_len = type_len;
        *ret_msg_at = at;
        return true;
}

/* Lines that start a new log record rather than continue an exception
 * message: timestamps, log levels, glog and NCCL prefixes. */
bool tb_looks_like_new_record(const char *s, size_t n)
{
        if (n == 0)
                return false;
        size_t t;
        if (tb_find_header(s, n, &t))
                return true;
        unsigned char c = (unsigned char)s[0];
        if (isdigit(c) && n >= 10 && isdigit((unsigned char)s[1]) && isdigit((unsigned char)s[2]) &&
            isdigit((unsigned char)s[3]) && s[4] == '-')
                return true;  /* 2026-11-30 08:30:39,904 ... */
        if (c == '[' && n > 2 && (isdigit((unsigned char)s[1]) || starts_with(s + 1, n - 1, "rank")))
                return true;
        if (c == '[' && n > 7 && strchr("IWEF", s[1]) && isdigit((unsigned char)s[2]) &&
            isdigit((unsigned char)s[5]) && s[6] == ' ')
                return true;  /* "[E1130 08:34:20.745 ProcessGroupNCCL.cpp:689]" */
        if ((c == 'I' || c == 'W' || c == 'E' || c == 'F') && n > 6 && isdigit((unsigned char)s[1]) &&
            isdigit((unsigned char)s[2]) && isdigit((unsigned char)s[3]) &&
            isdigit((unsigned char)s[4]) && s[5] == ' ')
                return true;  /* glog: W1130 08:33:50.538000 ... */
        static const char *const levels[] = { "INFO ", "INFO:", "WARNING ", "WARNING:", "ERROR ",
                                              "ERROR:", "DEBUG ", "DEBUG:", "CRITICAL ",
                                              "CRITICAL:", "WARN ", "FATAL " };
        for (size_t i = 0; i < sizeof levels / sizeof levels[0]; i++)
                if (starts_with(s, n, levels[i]))
                        return true;
        if (find_text(s, n < 80 ? n : 80, "] NCCL ", 7))
                return true;  /* NCCL's debug lines: "host:pid:tid [0] NCCL INFO ..." */
        return false;
}
