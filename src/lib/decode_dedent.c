/* decode_dedent.c — a paste indented as a whole, read at its own margin.
 *
 * A log pasted into a Markdown list, a quote or an indented code block has
 * every line shifted right by the same blanks: "    [rank2]: ZeroDivisionError:
 * ..." is then no exception line, and nothing in the paste is read. A log
 * as a program writes it never begins indented.
 *
 * So an input whose first non-blank line begins with MIN_INDENT or more
 * blanks may be such a paste. That line is held until the next non-blank
 * one: when it begins with the same blanks, they are the paste's margin and
 * come off both lines and every later line that has them; the first
 * non-blank line without them ends the margin for good (the paste ended).
 * When it does not, nothing is taken off: an excerpt that begins inside a
 * traceback (a code line indented four blanks, then the exception line or
 * a frame indented two) is read as it was.
 */
#include "decode.h"

#include <string.h>

enum { MIN_INDENT = 4 };

static bool blank(const char *s, size_t n)
{
        for (size_t i = 0; i < n; i++)
                if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r')
                        return false;
        return true;
}

static size_t indentation(const char *s, size_t n)
{
        size_t w = 0;
        while (w < n && w < sizeof ((struct dedent *)0)->margin && (s[w] == ' ' || s[w] == '\t'))
                w++;
        return w;
}

static bool has_margin(const struct dedent *d, const char *s, size_t n)
{
        return n > d->width && memcmp(s, d->margin, d->width) == 0;
}

enum dedent_step dedent_look(struct dedent *d, const char *line, size_t len)
{
        bool empty = blank(line, len);
        switch (d->state) {
        case DEDENT_UNKNOWN: {
                if (empty)
                        return DEDENT_PASS;
                size_t w = indentation(line, len);
                /* An excerpt that begins at a frame: Python prints frames
                 * two blanks in, so the paste's margin is two less. */
                if (w >= MIN_INDENT + 2 && len - w > 6 && memcmp(line + w, "File \"", 6) == 0)
                        w -= 2;
                if (w < MIN_INDENT || w == sizeof d->margin || w == len) {
                        d->state = DEDENT_OFF;
                        return DEDENT_PASS;
                }
                memcpy(d->margin, line, w);
                d->width = w;
                d->held.len = 0;
                sb_append(&d->held, line, len);
                d->blanks = 0;
                d->state = d->held.failed ? DEDENT_OFF : DEDENT_PENDING;
                return d->held.failed ? DEDENT_PASS : DEDENT_HOLD;
        }
        case DEDENT_PENDING:
                if (empty) {
                        d->blanks++;
                        return DEDENT_HOLD;
                }
                d->state = has_margin(d, line, len) ? DEDENT_ON : DEDENT_OFF;
                return DEDENT_RELEASE;
        case DEDENT_ON:
                if (!empty && !has_margin(d, line, len))
                        d->state = DEDENT_OFF;
                return DEDENT_PASS;
        default:
                return DEDENT_PASS;
        }
}

size_t dedent_margin(const struct dedent *d, const char *line, size_t len)
{
        return d->state == DEDENT_ON && has_margin(d, line, len) ? d->width : 0;
}

void dedent_end(struct dedent *d)
{
        if (d->state == DEDENT_PENDING)
                d->state = DEDENT_OFF;
}

void dedent_free(struct dedent *d)
{
        sb_free(&d->held);
}
