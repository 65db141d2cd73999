/* read_follow.c — inputs read as they grow (--follow): standard input, a
 * FIFO, a file followed as tail -F does.
 *
 * One loop waits on every input at once with poll(2), never longer than
 * TICK_MS, so that a traceback is reported once its stream has been quiet
 * for the settle time, repeats are counted at their interval, and a signal
 * stops the loop at once (the caller's handler sets *stop; poll returns
 * EINTR). Files are looked at every tick: appended bytes are read, a file
 * that became shorter was truncated (read again from its start), a path
 * that names another file was rotated (the old file is read to its end,
 * then the new one from its start, as an input of its own).
 *
 * The bytes read are fed to a line_reader of each input (read_lines.c), so
 * lines are split and cut as in every other input. Compressed input is not
 * followed (a compressed stream cannot be read before it is flushed): it is
 * refused with a message that says how to feed it.
 *
 * What is read goes to a struct follow_sink (analysis_follow.c hands it to
 * the analysis): this stage does not see the analysis.
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
        const struct follow_sink *sink;
        const char *path;    /* NULL: standard input */
        int fd;
        int input;
        bool file;           /* a regular file: followed like tail -F, never ends */
        bool ended;          /* a pipe's writer is gone, or the input failed */
        bool started;        /* the first bytes were looked at (compression) */
        dev_t dev;
        ino_t ino;
        off_t offset;        /* bytes of the file read */
        struct line_reader *lines;  /* fed what is read */
};

/* Every line the reader has whole goes to the sink, with the line before. */
static void drain(struct followed *f)
{
        const char *line, *prev;
        size_t len, prev_len;
        while (line_reader_next(f->lines, &line, &len, NULL) == 1) {
                bool has_prev = line_reader_previous(f->lines, &prev, &prev_len);
                f->sink->line(f->sink->ctx, f->input, line, len, has_prev ? prev : NULL, has_prev ? prev_len : 0);
        }
}

/* n more bytes of f: complete lines go to the sink, the rest waits. */
static void consume(struct followed *f, const char *p, size_t n)
{
        f->sink->bytes(f->sink->ctx, f->input, n);
        while (n) {
                size_t k = line_reader_feed(f->lines, p, n);
                drain(f);
                p += k;
                n -= k;
        }
}

/* The input ended: its last line (if unended) counts, its tracebacks close. */
static void end_input(struct followed *f)
{
        line_reader_end(f->lines);
        drain(f);
        f->sink->end(f->sink->ctx, f->input);
        f->ended = true;
}

static int fail(struct followed *f, struct coroner_error *err, int code, const char *fmt, const char *what)
{
        set_error(err, f->path ? f->path : "-", fmt, what);
        f->sink->fail(f->sink->ctx, f->input, err->message);
        if (f->fd >= 0 && f->path)
                close(f->fd);
        f->fd = -1;
        f->ended = true;
        return code;
}

/* Reads what f has now. A pipe: one read when poll said so; a file: to its
 * current end. Returns <0 on an error (f has ended). */
static int read_some(struct followed *f, char *buf, struct coroner_error *err)
{
        for (;;) {
                ssize_t n = read(f->fd, buf, READ_BYTES);
                if (n < 0 && errno == EINTR)
                        return 0;  /* the loop looks at *stop */
                if (n < 0 && errno == EAGAIN)
                        return 0;
                if (n < 0)
                        return fail(f, err, CORONER_E_IO, "read error: %s", strerror(errno));
                if (n > 0 && !f->started) {
                        f->started = true;
                        static const unsigned char magics[][4] = { { 0x28, 0xb5, 0x2f, 0xfd }, { 0x1f, 0x8b, 0, 0 },
                                                                   { 0xfd, '7', 'z', 'X' } };
                        for (size_t m = 0; m < 3; m++)
                                if (n >= 4 && memcmp(buf, magics[m], m == 1 ? 2 : 4) == 0)
                                        return fail(f, err, CORONER_E_USAGE, "%s",
                                                    "compressed input cannot be followed; decompress it into "
                                                    "the pipe (zstdcat/zcat/xzcat FILE | coroner --follow)");
                }
                if (n == 0) {
                        if (!f->file)
                                end_input(f);
                        return 0;
                }
                consume(f, buf, (size_t)n);
                f->offset += n;
                if (!f->file)
                        return 0;
        }
}

/* f as a new input of the sink: its line buffers, nothing opened yet. */
static int add_followed(const struct follow_sink *sink, struct followed *f, const char *name)
{
        f->sink = sink;
        f->input = sink->open(sink->ctx, name);
        if (f->input < 0)
                return f->input;
        return line_reader_new(NULL, &f->lines);
}

static int open_followed(const struct follow_sink *sink, struct followed *f, const char *name,
                         struct coroner_error *err)
{
        int r = add_followed(sink, f, name);
        if (r == CORONER_E_NOMEM && f->input >= 0)
                return fail(f, err, CORONER_E_NOMEM, "%s", "out of memory");
        if (r < 0)
                return r;
        if (!f->path) {
                f->fd = STDIN_FILENO;
        } else {
                /* O_NONBLOCK: a FIFO opens before its writer does */
                f->fd = open(f->path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
                if (f->fd < 0)
                        return fail(f, err, CORONER_E_IO, "cannot open: %s", strerror(errno));
        }
        struct stat st;
        if (fstat(f->fd, &st) == 0 && S_ISREG(st.st_mode)) {
                f->file = true;
                f->dev = st.st_dev;
                f->ino = st.st_ino;
        }
        /* A FIFO without a writer yet is not ended: poll(2) waits for one
         * (POLLHUP comes only after a writer came and went). */
        return 0;
}

/* tail -F: has the file been truncated, or its path moved to another file? */
static int check_file(struct followed *f, char *buf, struct coroner_error *err)
{
        struct stat st;
        if (fstat(f->fd, &st) == 0 && st.st_size < f->offset) {
                lseek(f->fd, 0, SEEK_SET);  /* truncated: read it again from its start */
                f->offset = 0;
                line_reader_restart(f->lines);
        }
        if (stat(f->path, &st) != 0 || (st.st_dev == f->dev && st.st_ino == f->ino))
                return 0;  /* the same file (or none yet at the path: keep the old one) */
        /* Rotated: what the old file still holds, then the new file as an input of its own. */
        int r = read_some(f, buf, err);
        end_input(f);
        close(f->fd);
        const struct follow_sink *sink = f->sink;
        struct followed next = { .path = f->path, .fd = -1 };
        line_reader_free(f->lines);
        *f = next;
        if (r == 0)
                r = open_followed(sink, f, f->path, err);
        return r;
}

int follow_run(const char *const *paths, size_t n, const struct follow_sink *sink, struct coroner_error *errs)
{
        struct followed *fs = calloc(n ? n : 1, sizeof *fs);
        struct pollfd *pfd = calloc(n ? n : 1, sizeof *pfd);
        char *buf = malloc(READ_BYTES);
        int status = 0;
        if (!fs || !pfd || !buf) {
                free(fs);
                free(pfd);
                free(buf);
                return CORONER_E_NOMEM;
        }
        for (size_t i = 0; i < n; i++) {
                bool stdin_ = !paths[i] || strcmp(paths[i], "-") == 0;
                fs[i].path = stdin_ ? NULL : paths[i];
                fs[i].fd = -1;
                int r = open_followed(sink, &fs[i], stdin_ ? "-" : paths[i], &errs[i]);
                if (r < 0 && status == 0)
                        status = r;
        }
        for (;;) {
                if (sink->stopped(sink->ctx)) {
                        status = status ? status : CORONER_E_STOPPED;
                        break;
                }
                size_t npoll = 0, live = 0;
                for (size_t i = 0; i < n; i++) {
                        if (fs[i].ended)
                                continue;
                        live++;
                        if (!fs[i].file)
                                pfd[npoll++] = (struct pollfd){ .fd = fs[i].fd, .events = POLLIN };
                }
                if (!live)
                        break;
                if (poll(pfd, npoll, TICK_MS) < 0 && errno != EINTR) {
                        status = CORONER_E_IO;
                        break;
                }
                for (size_t i = 0, k = 0; i < n; i++) {
                        struct followed *f = &fs[i];
                        if (f->ended)
                                continue;
                        bool ready = f->file;
                        if (!f->file)
                                ready = pfd[k++].revents != 0;
                        int r = ready ? read_some(f, buf, &errs[i]) : 0;
                        if (r == 0 && f->file && !f->ended)
                                r = check_file(f, buf, &errs[i]);
                        if (r < 0 && status == 0)
                                status = r;
                }
                if (!sink->round(sink->ctx)) {
                        status = CORONER_E_IO;  /* the output failed: nothing more can be delivered */
                        break;
                }
        }
        for (size_t i = 0; i < n; i++) {
                if (!fs[i].ended && fs[i].fd >= 0)
                        end_input(&fs[i]);
                if (fs[i].path && fs[i].fd >= 0)
                        close(fs[i].fd);
                line_reader_free(fs[i].lines);
        }
        free(fs);
        free(pfd);
        free(buf);
        return status;
}

/* ---- a stream of bytes handed over by the caller (coroner run) ---- */

struct follow_stream {
        struct followed f;
};

int follow_stream_open(const struct follow_sink *sink, const char *name, struct follow_stream **ret)
{
        struct follow_stream *st = calloc(1, sizeof *st);
        if (!st)
                return CORONER_E_NOMEM;
        st->f.fd = -1;
        if (add_followed(sink, &st->f, name) < 0) {
                line_reader_free(st->f.lines);
                free(st);
                return CORONER_E_NOMEM;
        }
        *ret = st;
        return 0;
}

void follow_stream_feed(struct follow_stream *st, const char *bytes, size_t n)
{
        consume(&st->f, bytes, n);
}

void follow_stream_close(struct follow_stream *st)
{
        if (!st)
                return;
        end_input(&st->f);
        line_reader_free(st->f.lines);
        free(st);
}
