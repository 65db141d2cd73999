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
        size_t cur_off, cur_len;        /* the line returned last, kept across a refill */
        size_t prev_off, prev_len;      /* the one before it */
        bool has_cur, has_prev;
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
        /* Keep the line returned last: after this call it is the previous
         * line, which the caller may still read (line_reader_previous). */
        size_t base = lr->has_cur && lr->cur_off < lr->start ? lr->cur_off : lr->start;
        if (base > 0) {
                memmove(lr->buf, lr->buf + base, lr->start - base + lr->len);
                lr->start -= base;
                lr->cur_off -= lr->has_cur ? base : 0;
                lr->has_prev = false;
        }
        long n = source_read(lr->src, lr->buf + lr->start + lr->len, BUF_CAP - lr->start - lr->len, err);
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

static int deliver(struct line_reader *lr, const char *p, size_t n, const char **ret_line, size_t *ret_len)
{
        lr->prev_off = lr->cur_off;
        lr->prev_len = lr->cur_len;
        lr->has_prev = lr->has_cur;
        lr->cur_off = (size_t)(p - lr->buf);
        lr->cur_len = n;
        lr->has_cur = true;
        *ret_line = p;
        *ret_len = n;
        return 1;
}

bool line_reader_previous(const struct line_reader *lr, const char **ret_line, size_t *ret_len)
{
        if (!lr->has_prev)
                return false;
        *ret_line = lr->buf + lr->prev_off;
        *ret_len = lr->prev_len;
        return true;
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
                        lr->has_cur = lr->has_prev = false;
                } else if (nl) {
                        size_t n = (size_t)(nl - p);
                        lr->start += n + 1;
                        lr->len -= n + 1;
                        if (n > LIMIT_LINE_BYTES)
                                n = LIMIT_LINE_BYTES;
                        if (n && p[n - 1] == '\r')
                                n--;
                        return deliver(lr, p, n, ret_line, ret_len);
                } else if (lr->len >= LIMIT_LINE_BYTES) {
                        /* Cut: deliver the first LIMIT bytes, skip the rest. */
                        lr->start += lr->len;
                        lr->len = 0;
                        lr->skipping = true;
                        return deliver(lr, p, LIMIT_LINE_BYTES, ret_line, ret_len);
                } else if (lr->eof) {
                        if (lr->len == 0)
                                return 0;
                        size_t n = lr->len;
                        lr->start += lr->len;
                        lr->len = 0;
                        return deliver(lr, p, n, ret_line, ret_len);
                }
                if (lr->eof)
                        return 0;
                int r = refill(lr, &lr->saved_err);
                if (r < 0) {
                        if (err)
                                *err = lr->saved_err;
                        /* Deliver what was read before the fault first. */
                        if (lr->len > 0 && !lr->skipping) {
                                size_t n = lr->len < LIMIT_LINE_BYTES ? lr->len : LIMIT_LINE_BYTES;
                                char *at = lr->buf + lr->start;
                                lr->len = 0;
                                lr->pending_error = r;
                                lr->eof = true;
                                return deliver(lr, at, n, ret_line, ret_len);
                        }
                        return r;
                }
        }
}
