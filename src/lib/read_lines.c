/* read_lines.c — split a source's bytes into lines, with bounded memory.
 *
 * Lines are returned where they lie in the source's pieces (source_next), so
 * bytes are not copied on their way to the analysis; only a line that
 * straddles two pieces is assembled in a carry buffer. There are two carry
 * buffers, used in turn, so that the line returned last and the one before
 * it stay valid together.
 *
 * A line longer than LIMIT_LINE_BYTES is returned cut at the limit and the
 * rest of it is skipped, so a 10 MB line costs no more memory than a short
 * one. NUL bytes are kept: later stages treat lines as (pointer, length).
 * A '\r' before the '\n' is dropped.
 *
 * This is the one place where bytes become lines. A reader pulls its pieces
 * from a source (files, pipes, archive members, text in memory), or is fed
 * them by its caller (--follow's inputs, read_follow.c, whose buffers are
 * reused at once): a fed piece is copied into one of two buffers of the
 * reader's own, which keeps the "valid until the call after next" promise.
 */
#include "config.h"
#include "read.h"

#include <stdlib.h>
#include <string.h>

enum { FED_PIECE = 64 * 1024 };  /* bytes taken by one line_reader_feed */

struct line_reader {
        struct source *src;          /* NULL: fed by line_reader_feed */
        char *fed[2];                /* a fed reader's pieces, used in turn */
        unsigned fed_turn;
        bool fed_end;                /* line_reader_end: no piece will come */
        const char *piece, *older;   /* the source's last piece and the one before */
        size_t older_len;
        size_t pos, len;             /* unread bytes are piece[pos, len) */
        char *carry[2];              /* a straddling line is assembled in carry[turn] */
        unsigned turn;
        size_t carry_len;
        bool assembling;             /* carry[turn] holds the start of a line */
        bool eof, skipping;          /* skipping: inside the rest of a cut line */
        uint64_t bytes;
        const char *cur, *prev;      /* the line returned last and the one before */
        size_t cur_len, prev_len;
        int pending_error;           /* returned after the partial last line */
        struct coroner_error saved_err;
};

int line_reader_new(struct source *src, struct line_reader **ret)
{
        struct line_reader *lr = xmalloc_or_null(sizeof *lr);
        if (!lr)
                return CORONER_E_NOMEM;
        lr->carry[0] = malloc(LIMIT_LINE_BYTES);
        lr->carry[1] = malloc(LIMIT_LINE_BYTES);
        if (!src) {
                lr->fed[0] = malloc(FED_PIECE);
                lr->fed[1] = malloc(FED_PIECE);
        }
        if (!lr->carry[0] || !lr->carry[1] || (!src && (!lr->fed[0] || !lr->fed[1]))) {
                line_reader_free(lr);
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
        free(lr->carry[0]);
        free(lr->carry[1]);
        free(lr->fed[0]);
        free(lr->fed[1]);
        free(lr);
}

uint64_t line_reader_bytes(const struct line_reader *lr) { return lr->bytes; }

bool line_reader_previous(const struct line_reader *lr, const char **ret_line, size_t *ret_len)
{
        if (!lr->prev)
                return false;
        *ret_line = lr->prev;
        *ret_len = lr->prev_len;
        return true;
}

static int deliver(struct line_reader *lr, const char *p, size_t n, const char **ret_line, size_t *ret_len)
{
        if (n && p[n - 1] == '\r')
                n--;
        lr->prev = lr->cur;
        lr->prev_len = lr->cur_len;
        lr->cur = p;
        lr->cur_len = n;
        *ret_line = p;
        *ret_len = n;
        return 1;
}

/* The carry buffer's line: the other buffer is next, so this one stays
 * valid while it is the current or the previous line. */
static int deliver_carry(struct line_reader *lr, const char **ret_line, size_t *ret_len)
{
        const char *p = lr->carry[lr->turn];
        size_t n = lr->carry_len;
        lr->turn ^= 1;
        lr->carry_len = 0;
        lr->assembling = false;
        return deliver(lr, p, n, ret_line, ret_len);
}

/* Compared as addresses: p may point into another object. */
static bool within(const char *p, const char *base, size_t len)
{
        uintptr_t a = (uintptr_t)p, b = (uintptr_t)base;
        return base && a >= b && a - b < len;
}

/* The piece before the current one is about to be released: the line
 * returned last moves to the free carry buffer if it lies there (only when
 * one line spans three pieces). */
static void release_older(struct line_reader *lr)
{
        if (lr->cur && within(lr->cur, lr->older, lr->older_len)) {
                char *keep = lr->carry[lr->turn ^ 1];
                memcpy(keep, lr->cur, lr->cur_len);
                lr->cur = keep;
        }
        lr->older = lr->piece;
        lr->older_len = lr->len;
}

/* The next piece from the source. */
static long fetch(struct line_reader *lr, struct coroner_error *err)
{
        release_older(lr);
        const char *p = NULL;
        long n = source_next(lr->src, &p, err);
        lr->piece = p;
        lr->pos = lr->len = 0;
        if (n <= 0) {
                lr->eof = true;
                return n;
        }
        lr->len = (size_t)n;
        lr->bytes += (uint64_t)n;
        return n;
}

/* Append to the carry buffer up to its limit; false when the line is cut. */
static bool carry_append(struct line_reader *lr, const char *p, size_t n)
{
        size_t room = LIMIT_LINE_BYTES - lr->carry_len;
        size_t take = n < room ? n : room;
        if (take)
                memcpy(lr->carry[lr->turn] + lr->carry_len, p, take);
        lr->carry_len += take;
        return n <= room;
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
                size_t avail = lr->len - lr->pos;
                const char *p = avail ? lr->piece + lr->pos : NULL;
                const char *nl = avail ? memchr(p, '\n', avail) : NULL;
                size_t n = nl ? (size_t)(nl - p) : avail;  /* this line's bytes in the piece */
                if (lr->skipping) {
                        lr->pos += nl ? n + 1 : n;
                        lr->skipping = !nl;
                        if (nl)
                                continue;
                } else if (lr->assembling) {
                        bool whole = carry_append(lr, p, n);
                        lr->pos += nl ? n + 1 : n;
                        if (!whole)
                                lr->skipping = !nl;  /* cut: skip the rest of it */
                        if (!whole || nl)
                                return deliver_carry(lr, ret_line, ret_len);
                } else if (nl) {
                        lr->pos += n + 1;
                        return deliver(lr, p, n > LIMIT_LINE_BYTES ? LIMIT_LINE_BYTES : n, ret_line, ret_len);
                } else if (avail >= LIMIT_LINE_BYTES) {
                        /* Cut: deliver the first LIMIT bytes, skip the rest. */
                        lr->pos += avail;
                        lr->skipping = true;
                        return deliver(lr, p, LIMIT_LINE_BYTES, ret_line, ret_len);
                } else if (avail) {
                        /* The line goes on in the next piece. */
                        lr->assembling = true;
                        carry_append(lr, p, avail);
                        lr->pos += avail;
                }
                if (!lr->eof && !lr->src) {
                        if (!lr->fed_end)
                                return LINE_READER_HUNGRY;
                        lr->eof = true;
                }
                if (lr->eof)
                        return lr->assembling ? deliver_carry(lr, ret_line, ret_len) : 0;
                long r = fetch(lr, &lr->saved_err);
                if (r < 0) {
                        if (err)
                                *err = lr->saved_err;
                        /* Deliver what was read before the fault first. */
                        if (lr->assembling && !lr->skipping) {
                                lr->pending_error = (int)r;
                                return deliver_carry(lr, ret_line, ret_len);
                        }
                        return (int)r;
                }
        }
}

size_t line_reader_feed(struct line_reader *lr, const char *bytes, size_t n)
{
        release_older(lr);
        char *piece = lr->fed[lr->fed_turn];  /* the older piece's buffer: released */
        lr->fed_turn ^= 1;
        size_t k = n < FED_PIECE ? n : FED_PIECE;
        memcpy(piece, bytes, k);
        lr->piece = piece;
        lr->pos = 0;
        lr->len = k;
        lr->bytes += k;
        return k;
}

void line_reader_end(struct line_reader *lr) { lr->fed_end = true; }

void line_reader_restart(struct line_reader *lr)
{
        lr->pos = lr->len;
        lr->carry_len = 0;
        lr->assembling = false;
        lr->skipping = false;
}
