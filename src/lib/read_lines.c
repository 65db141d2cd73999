/* read_lines.c — split a source's bytes into lines, with bounded memory.
 *
 * A line longer than LIMIT_LINE_BYTES is returned cut at the limit and the
 * rest of it is skipped, so a 10 MB line costs no more memory than a short
 * one. NUL bytes are kept: later stages treat lines as (pointer, length).
 */
#include "config.h"
#include "read.h"

#include <stdlib.h>
#include <string.h>

enum { BUF_CAP = 4 * LIMIT_LINE_BYTES };

struct line_reader {
        struct source *src;
        char *buf;
        size_t start, len;   /* unread bytes are buf[start, start+len) */
        bool eof, skipping;  /* skipping: inside the rest of a cut line */
        uint64_t bytes;
        int pending_error;              /* returned after the partial last line */
        struct coroner_error saved_err;
};

int line_reader_new(struct source *src, struct line_reader **ret)
{
        struct line_reader *lr = xmalloc_or_null(sizeof *lr);
        if (!lr)
                return CORONER_E_NOMEM;
        lr->buf = malloc(BUF_CAP);
        if (!lr->buf) {
                free(lr);
                return CORONER_E_NOMEM;
        }
        lr->src = src;
        *ret = lr;
        return 0;
}

void line_reader_free(struct line_reader *lr)
{
        if (!lr)
                return;
        free(lr->buf);
        free(lr);
}

uint64_t line_reader_bytes(const struct line_reader *lr) { return lr->bytes; }

static int refill(struct line_reader *lr, struct coroner_error *err)
{
        if (lr->start > 0) {
                memmove(lr->buf, lr->buf + lr->start, lr->len);
                lr->start = 0;
        }
        long n = source_read(lr->src, lr->buf + lr->len, BUF_CAP - lr->len, err);
        if (n < 0) {
                lr->eof = true;
                return (int)n;
        }
        if (n == 0)
                lr->eof = true;
        lr->len += (size_t)n;
        lr->bytes += (uint64_t)n;
        return 0;
}

int line_reader_next(struct line_reader *lr, const char **ret_line, size_t *ret_len,
                     struct coroner_error *err)
{
        if (lr->pending_error) {
                if (err)
                        *err = lr->saved_err;
                int r = lr->pending_error;
                lr->pending_error = 0;
                return r;
        }
        for (;;) {
                char *p = lr->buf + lr->start;
                char *nl = lr->len ? memchr(p, '\n', lr->len) : NULL;
                if (lr->skipping) {
                        if (nl) {
                                lr->len -= (size_t)(nl + 1 - p);
                                lr->start += (size_t)(nl + 1 - p);
                                lr->skipping = false;
                                continue;
                        }
                        lr->start = lr->len = 0;
                } else if (nl) {
                        size_t n = (size_t)(nl - p);
                        lr->start += n + 1;
                        lr->len -= n + 1;
                        if (n > LIMIT_LINE_BYTES)
                                n = LIMIT_LINE_BYTES;
                        if (n && p[n - 1] == '\r')
                                n--;
                        *ret_line = p;
                        *ret_len = n;
                        return 1;
                } else if (lr->len >= LIMIT_LINE_BYTES) {
                        /* Cut: deliver the first LIMIT bytes, skip the rest. */
                        *ret_line = p;
                        *ret_len = LIMIT_LINE_BYTES;
                        lr->start += lr->len;
                        lr->len = 0;
                        lr->skipping = true;
                        return 1;
                } else if (lr->eof) {
                        if (lr->len == 0)
                                return 0;
                        *ret_line = p;
                        *ret_len = lr->len;
                        lr->start += lr->len;
                        lr->len = 0;
                        return 1;
                }
                if (lr->eof)
                        return 0;
                int r = refill(lr, &lr->saved_err);
                if (r < 0) {
                        if (err)
                                *err = lr->saved_err;
                        /* Deliver what was read before the fault first. */
                        if (lr->len > 0 && !lr->skipping) {
                                *ret_line = lr->buf + lr->start;
                                *ret_len = lr->len < LIMIT_LINE_BYTES ? lr->len : LIMIT_LINE_BYTES;
                                lr->len = 0;
                                lr->pending_error = r;
                                lr->eof = true;
                                return 1;
                        }
                        return r;
                }
        }
}
