/* read_follow.c — inputs read as they grow (--follow): standard input, a
 * FIFO, a file followed as tail -F does.
 *
 * The analysis pulls what happens, one event at a time (follow_reader_next):
 * an input opened, bytes read, a line, an input ended or failed, a round
 * over. A round waits on every input at once with poll(2), never longer
 * than TICK_MS, so that a traceback is reported once its stream has been
 * quiet for the settle time, repeats are counted at their interval, and a
 * signal ends the wait at once (poll returns EINTR; the caller looks at its
 * stop flag between events). Files are looked at every round: appended bytes
 * are read, a file that became shorter was truncated (read again from its
 * start), a path that names another file was rotated (the old file is read
 * to its end, then the new one from its start, as an input of its own).
 *
 * The bytes read are fed to a line_reader of each input (read_lines.c), so
 * lines are split and cut as in every other input. Compressed input is not
 * followed (a compressed stream cannot be read before it is flushed): it is
 * refused with a message that says how to feed it.
 */
#include "config.h"
#include "read.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { TICK_MS = 100, READ_BYTES = 256 * 1024 };

struct followed {
        const char *path;    /* NULL: standard input */
        struct coroner_error *err;  /* the caller's, for this path */
        int fd;
        size_t input;        /* the reader's number for it: a rotated file's next gets a new one */
        bool file;           /* a regular file: followed like tail -F, never ends by itself */
        bool started;        /* the first bytes were looked at (compression) */
        bool ready;          /* to be read in this round (poll said so, or a file) */
        bool rotated;        /* the path names another file: the old one is read to its end */
        bool ending;         /* its end was fed to the line reader: its last lines, then ENDED */
        bool ended;          /* ENDED (or FAILED) was told: nothing more comes from it */
        bool tell_opened, tell_failed;  /* events still to be told */
        int code;            /* why it failed */
        dev_t dev;
        ino_t ino;
        off_t offset;        /* bytes of the file read */
        struct line_reader *lines;  /* fed what is read */
};

struct follow_reader {
        struct followed *fs;
        size_t n;
        struct pollfd *pfd;
        char *buf;
        const char *chunk;   /* bytes of fs[at] read and not yet fed */
        size_t chunk_len;
        size_t at;           /* the input this round is at; n: the round is over */
        bool in_round;
        size_t next_input;
};

/* f failed: FAILED is told next, and nothing more is read from it. */
static void fail(struct followed *f, int code, const char *fmt, const char *what)
{
        set_error(f->err, f->path ? f->path : "-", fmt, what);
        f->tell_failed = true;
        f->code = code;
        if (f->path && f->fd >= 0)
                close(f->fd);
        f->fd = -1;
}

/* f, opened on its path (or standard input), as a new input: OPENED is
 * told next, and FAILED after it when it could not be opened. */
static void open_followed(struct follow_reader *fr, struct followed *f)
{
        f->fd = -1;
        f->input = fr->next_input++;
        f->tell_opened = true;
        if (line_reader_new(NULL, &f->lines) < 0) {
                fail(f, CORONER_E_NOMEM, "%s", "out of memory");
                return;
        }
        if (!f->path) {
                f->fd = STDIN_FILENO;
        } else {
                /* O_NONBLOCK: a FIFO opens before its writer does */
                f->fd = open(f->path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
                if (f->fd < 0) {
                        fail(f, CORONER_E_IO, "cannot open: %s", strerror(errno));
                        return;
                }
        }
        struct stat st;
        if (fstat(f->fd, &st) == 0 && S_ISREG(st.st_mode)) {
                f->file = true;
                f->dev = st.st_dev;
                f->ino = st.st_ino;
        }
        /* A FIFO without a writer yet is not ended: poll(2) waits for one
         * (POLLHUP comes only after a writer came and went). */
}

static void close_followed(struct followed *f)
{
        if (f->path && f->fd >= 0)
                close(f->fd);
        f->fd = -1;
        line_reader_free(f->lines);
        f->lines = NULL;
}


/* No more bytes come from f: its unended last line counts, then ENDED. */
static void end_followed(struct followed *f)
{
        line_reader_end(f->lines);
        f->ending = true;
}

/* tail -F: has the file been truncated, or its path moved to another file? */
static void check_file(struct followed *f)
{
        struct stat st;
        if (fstat(f->fd, &st) == 0 && st.st_size < f->offset) {
                lseek(f->fd, 0, SEEK_SET);  /* truncated: read it again from its start */
                f->offset = 0;
                line_reader_restart(f->lines);
        }
        if (stat(f->path, &st) == 0 && (st.st_dev != f->dev || st.st_ino != f->ino))
                f->rotated = true;  /* what the old file still holds is read first */
}

/* One read of f into the reader's buffer: >0 bytes, 0 nothing now (or its
 * end), <0 it failed. */
static ssize_t read_followed(struct follow_reader *fr, struct followed *f)
{
        ssize_t n = read(f->fd, fr->buf, READ_BYTES);
        if (n < 0 && (errno == EINTR || errno == EAGAIN))
                return 0;  /* EINTR: the caller looks at its stop flag */
        if (n < 0) {
                fail(f, CORONER_E_IO, "read error: %s", strerror(errno));
                return -1;
        }
        if (n > 0 && !f->started) {
                f->started = true;
                static const unsigned char magics[][4] = { { 0x28, 0xb5, 0x2f, 0xfd }, { 0x1f, 0x8b, 0, 0 },
                                                           { 0xfd, '7', 'z', 'X' } };
                for (size_t m = 0; m < 3; m++)
                        if (n >= 4 && memcmp(fr->buf, magics[m], m == 1 ? 2 : 4) == 0) {
                                fail(f, CORONER_E_USAGE, "%s", "compressed input cannot be followed; decompress it into "
                                              "the pipe (zstdcat/zcat/xzcat FILE | coroner --follow)");
                                return -1;
                        }
        }
        if (n == 0) {
                if (!f->file || f->rotated)
                        end_followed(f);  /* a pipe's writer is gone; a rotated file is read */
                else
                        check_file(f);
                f->ready = false;
                return 0;
        }
        f->offset += n;
        if (!f->file)
                f->ready = false;  /* a pipe: one read per round */
        return n;
}

int follow_reader_open(const char *const *paths, size_t n, struct coroner_error *errs,
                       struct follow_reader **ret)
{
        struct follow_reader *fr = calloc(1, sizeof *fr);
        if (!fr)
                return CORONER_E_NOMEM;
        fr->fs = calloc(n ? n : 1, sizeof *fr->fs);
        fr->pfd = calloc(n ? n : 1, sizeof *fr->pfd);
        fr->buf = malloc(READ_BYTES);
        if (!fr->fs || !fr->pfd || !fr->buf) {
                follow_reader_free(fr);
                return CORONER_E_NOMEM;
        }
        fr->n = n;
        for (size_t i = 0; i < n; i++) {
                bool stdin_ = !paths[i] || strcmp(paths[i], "-") == 0;
                fr->fs[i].path = stdin_ ? NULL : paths[i];
                fr->fs[i].err = &errs[i];
                open_followed(fr, &fr->fs[i]);
        }
        *ret = fr;
        return 0;
}

void follow_reader_free(struct follow_reader *fr)
{
        if (!fr)
                return;
        for (size_t i = 0; fr->fs && i < fr->n; i++)
                close_followed(&fr->fs[i]);
        free(fr->fs);
        free(fr->pfd);
        free(fr->buf);
        free(fr);
}

void follow_reader_stop(struct follow_reader *fr)
{
        for (size_t i = 0; i < fr->n; i++) {
                struct followed *f = &fr->fs[i];
                f->ready = false;
                if (!f->ended && !f->ending && f->lines && !f->tell_failed)
                        end_followed(f);
        }
        fr->chunk_len = 0;  /* bytes read and not fed are dropped with the input */
}

/* f's next whole line as a LINE event, with the line before it. */
static bool next_line(struct followed *f, struct follow_event *ev)
{
        if (line_reader_next(f->lines, &ev->line, &ev->len, NULL) != 1)
                return false;
        ev->kind = FOLLOW_LINE;
        if (!line_reader_previous(f->lines, &ev->prev, &ev->prev_len))
                ev->prev = NULL;
        return true;
}

/* Events owed by f before anything else: OPENED, FAILED, its lines while
 * it ends, ENDED. True when ev was filled. */
static bool owed(struct follow_reader *fr, struct followed *f, struct follow_event *ev)
{
        memset(ev, 0, sizeof *ev);
        ev->input = f->input;
        if (f->tell_opened) {
                f->tell_opened = false;
                ev->kind = FOLLOW_OPENED;
                ev->name = f->path ? f->path : "-";
                return true;
        }
        if (f->tell_failed) {
                f->tell_failed = false;
                f->ended = true;
                ev->kind = FOLLOW_FAILED;
                ev->message = f->err->message;
                ev->code = f->code;
                return true;
        }
        if (!f->ending || f->ended || (fr->chunk_len && fr->at < fr->n && &fr->fs[fr->at] == f))
                return false;
        if (next_line(f, ev))
                return true;
        f->ended = true;
        ev->kind = FOLLOW_ENDED;
        if (f->rotated) {
                /* the path's new file, as an input of its own (told next) */
                close_followed(f);
                struct followed next = { .path = f->path, .err = f->err };
                *f = next;
                open_followed(fr, f);
        }
        return true;
}

/* The round's work on fs[fr->at]: its next line, or more bytes read and
 * fed; false when it has nothing more in this round. */
static bool step(struct follow_reader *fr, struct follow_event *ev)
{
        struct followed *f = &fr->fs[fr->at];
        if (f->ended || f->ending || f->fd < 0)
                return false;
        memset(ev, 0, sizeof *ev);
        ev->input = f->input;
        for (;;) {
                if (next_line(f, ev))
                        return true;
                if (fr->chunk_len) {
                        size_t k = line_reader_feed(f->lines, fr->chunk, fr->chunk_len);
                        fr->chunk += k;
                        fr->chunk_len -= k;
                        continue;
                }
                if (!f->ready)
                        return false;
                ssize_t n = read_followed(fr, f);
                if (n <= 0)
                        return false;  /* nothing now, its end (told as it is owed), or it failed */
                fr->chunk = fr->buf;
                fr->chunk_len = (size_t)n;
                ev->kind = FOLLOW_BYTES;
                ev->bytes = (size_t)n;
                return true;
        }
}

/* A round begins: wait (at most TICK_MS) until a pipe has something. */
static int begin_round(struct follow_reader *fr)
{
        size_t npoll = 0;
        for (size_t i = 0; i < fr->n; i++) {
                struct followed *f = &fr->fs[i];
                f->ready = false;
                if (!f->ended && !f->ending && f->fd >= 0 && !f->file)
                        fr->pfd[npoll++] = (struct pollfd){ .fd = f->fd, .events = POLLIN };
        }
        if (poll(fr->pfd, npoll, TICK_MS) < 0 && errno != EINTR)
                return CORONER_E_IO;
        for (size_t i = 0, k = 0; i < fr->n; i++) {
                struct followed *f = &fr->fs[i];
                if (f->ended || f->ending || f->fd < 0)
                        continue;
                f->ready = f->file || fr->pfd[k++].revents != 0;
        }
        fr->at = 0;
        fr->in_round = true;
        return 0;
}

int follow_reader_next(struct follow_reader *fr, struct follow_event *ev)
{
        for (;;) {
                for (size_t i = 0; i < fr->n; i++)
                        if (owed(fr, &fr->fs[i], ev))
                                return 0;
                if (fr->in_round) {
                        while (fr->at < fr->n && !step(fr, ev))
                                fr->at++;
                        if (fr->at < fr->n) {
                                if (ev->kind == FOLLOW_LINE || ev->kind == FOLLOW_BYTES)
                                        return 0;
                                continue;
                        }
                        fr->in_round = false;
                        memset(ev, 0, sizeof *ev);
                        ev->kind = FOLLOW_ROUND;
                        return 0;
                }
                bool live = false;
                for (size_t i = 0; i < fr->n && !live; i++)
                        live = !fr->fs[i].ended;
                if (!live) {
                        memset(ev, 0, sizeof *ev);
                        ev->kind = FOLLOW_DONE;
                        return 0;
                }
                int r = begin_round(fr);
                if (r < 0)
                        return r;
        }
}
