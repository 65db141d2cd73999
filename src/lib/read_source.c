/* read_source.c — bytes from a file or pipe, decompressed.
 *
 * The compression is detected from the first bytes (zstd, gzip, xz, bzip2,
 * lz4 or none), never from the file name. Each decoder keeps going across concatenated
 * frames/members, so `cat a.zst b.zst` reads as one stream. A corrupt or
 * truncated stream yields everything decoded before the fault, then an error
 * naming the byte offset in the compressed input.
 */
#include "config.h"
#include "read.h"

#include <errno.h>
#include <archive.h>
#include <bzlib.h>
#include <fcntl.h>
#include <lz4frame.h>
#include <lzma.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>
#include <zstd.h>

/* ZSTD_SLICE: zstd is given this much input per call, so that an error
 * is placed within a slice (zstd does not say where in its input it was). */
enum { IN_CAP = 128 * 1024, PIECE = 256 * 1024, PUMP_DEPTH = 4, ZSTD_SLICE = 4096,
       BINARY_SAMPLE = 64 * 1024 };

/* Decoded bytes are handed out in pieces that the reader splits into lines
 * where they lie: only a line that straddles two pieces is copied.
 *
 * Decompression runs in its own thread (the pump) while the caller
 * analyses: pieces pass through a small bounded queue. */
struct chunk {
        char *data;
        long len;      /* >0 bytes; 0 end; <0 error (err) */
        struct coroner_error err;
};

struct pump {
        pthread_t thread;
        pthread_mutex_t mu;
        pthread_cond_t changed;
        struct chunk q[PUMP_DEPTH];
        size_t head, count;
        char *held;     /* the piece handed out before the last one */
        char *last;     /* the piece handed out last */
        bool stop, finished;
};

struct source {
        int fd;
        bool own_fd;
        struct archive *member;  /* reading the current member of an archive instead of fd */
        char *name;
        enum compression comp;
        unsigned char *in;      /* compressed input buffer */
        size_t in_len, in_pos;
        uint64_t in_offset;     /* bytes of the file consumed before in[0] */
        bool in_eof;
        bool done;
        /* decoders */
        ZSTD_DCtx *zstd;
        size_t zstd_hint;       /* last ZSTD_decompressStream result: 0 = frame complete */
        uint64_t frame_start;   /* input offset of the current zstd/lz4 frame or bzip2 stream */
        z_stream gz;
        bool gz_init, gz_member_done;
        lzma_stream xz;
        bool xz_init;
        bz_stream bz;
        bool bz_init, bz_stream_done;
        LZ4F_dctx *lz4;
        size_t lz4_hint;        /* last LZ4F_decompress result: 0 = frame complete */
        struct pump *pump;
        char *ring[2];          /* pieces without a pump, used in turn */
        unsigned turn;
        bool looked;            /* the first piece was checked for binary data */
        unsigned control_permille;  /* of its first BINARY_SAMPLE bytes */
};

static long decode_some(struct source *s, char *buf, size_t cap, struct coroner_error *err);

const char *compression_name(enum compression c)
{
        switch (c) {
        case COMP_ZSTD: return "zstd";
        case COMP_GZIP: return "gzip";
        case COMP_XZ: return "xz";
        case COMP_BZIP2: return "bzip2";
        case COMP_LZ4: return "lz4";
        default: return "none";
        }
}

/* read(2) into buf; at: the file offset, for the error message. Sets
 * in_eof at the end. */
static ssize_t read_input(struct source *s, void *buf, size_t cap, uint64_t at, struct coroner_error *err)
{
        if (s->member) {
                la_ssize_t n = archive_read_data(s->member, buf, cap);
                if (n < 0) {
                        set_error(err, s->name, "cannot read the member at byte %llu: %s", (unsigned long long)at,
                                  archive_error_string(s->member) ? archive_error_string(s->member) : "archive error");
                        return CORONER_E_CORRUPT;
                }
                if (n == 0)
                        s->in_eof = true;
                return n;
        }
        for (;;) {
                ssize_t n = read(s->fd, buf, cap);
                if (n < 0 && errno == EINTR)
                        continue;
                if (n < 0) {
                        set_error(err, s->name, "read failed at byte %llu: %s", (unsigned long long)at,
                                  strerror(errno));
                        return CORONER_E_IO;
                }
                if (n == 0)
                        s->in_eof = true;
                return n;
        }
}

static int fill_input(struct source *s, struct coroner_error *err)
{
        if (s->in_pos > 0) {
                memmove(s->in, s->in + s->in_pos, s->in_len - s->in_pos);
                s->in_offset += s->in_pos;
                s->in_len -= s->in_pos;
                s->in_pos = 0;
        }
        while (!s->in_eof && s->in_len < IN_CAP) {
                ssize_t n = read_input(s, s->in + s->in_len, IN_CAP - s->in_len, s->in_offset + s->in_len, err);
                if (n < 0)
                        return (int)n;
                s->in_len += (size_t)n;
                if (n > 0)
                        break;  /* deliver what a pipe has now */
        }
        return 0;
}

static enum compression detect(const unsigned char *p, size_t n)
{
        if (n >= 4 && p[0] == 0x28 && p[1] == 0xb5 && p[2] == 0x2f && p[3] == 0xfd)
                return COMP_ZSTD;
        if (n >= 4 && (p[0] & 0xf0) == 0x50 && p[1] == 0x2a && p[2] == 0x4d && p[3] == 0x18)
                return COMP_ZSTD;  /* zstd skippable frame */
        if (n >= 2 && p[0] == 0x1f && p[1] == 0x8b)
                return COMP_GZIP;
        if (n >= 6 && memcmp(p, "\xfd" "7zXZ\0", 6) == 0)
                return COMP_XZ;
        if (n >= 4 && memcmp(p, "BZh", 3) == 0 && p[3] >= '1' && p[3] <= '9')
                return COMP_BZIP2;
        if (n >= 4 && p[0] == 0x04 && p[1] == 0x22 && p[2] == 0x4d && p[3] == 0x18)
                return COMP_LZ4;  /* the frame format (lz4 --legacy is not read) */
        return COMP_NONE;
}

static int source_init(struct source *s, struct coroner_error *err)
{
        s->in = malloc(IN_CAP);
        if (!s->in || !s->name)
                return CORONER_E_NOMEM;
        /* Read until 8 bytes are there (or EOF) to see the magic. */
        while (!s->in_eof && s->in_len < 8) {
                int r = fill_input(s, err);
                if (r < 0)
                        return r;
        }
        s->comp = detect(s->in, s->in_len);
        switch (s->comp) {
        case COMP_ZSTD:
                s->zstd = ZSTD_createDCtx();
                if (!s->zstd)
                        return CORONER_E_NOMEM;
                break;
        case COMP_GZIP:
                if (inflateInit2(&s->gz, 15 + 32) != Z_OK)
                        return CORONER_E_NOMEM;
                s->gz_init = true;
                break;
        case COMP_XZ: {
                lzma_stream init = LZMA_STREAM_INIT;
                s->xz = init;
                if (lzma_stream_decoder(&s->xz, UINT64_MAX, LZMA_CONCATENATED) != LZMA_OK)
                        return CORONER_E_NOMEM;
                s->xz_init = true;
                break;
        }
        case COMP_BZIP2:
                if (BZ2_bzDecompressInit(&s->bz, 0, 0) != BZ_OK)
                        return CORONER_E_NOMEM;
                s->bz_init = true;
                break;
        case COMP_LZ4:
                if (LZ4F_isError(LZ4F_createDecompressionContext(&s->lz4, LZ4F_VERSION)))
                        return CORONER_E_NOMEM;
                break;
        case COMP_NONE:
                break;
        }
        return 0;
}

/* A source reading fd, or member when it is not NULL. */
static int source_new(int fd, bool own_fd, struct archive *member, const char *name, struct source **ret,
                      struct coroner_error *err)
{
        struct source *s = xmalloc_or_null(sizeof *s);
        if (!s) {
                if (own_fd)
                        close(fd);
                return CORONER_E_NOMEM;
        }
        s->fd = fd;
        s->own_fd = own_fd;
        s->member = member;
        s->name = strndup_safe(name, strlen(name));
        int r = source_init(s, err);
        if (r < 0) {
                source_free(s);
                return r;
        }
        *ret = s;
        return 0;
}

int source_open_fd(int fd, const char *name, bool own_fd, struct source **ret,
                   struct coroner_error *err)
{
        return source_new(fd, own_fd, NULL, name, ret, err);
}

int source_open_member(struct archive *ar, const char *name, struct source **ret, struct coroner_error *err)
{
        return source_new(-1, false, ar, name, ret, err);
}

int source_open_path(const char *path, struct source **ret, struct coroner_error *err)
{
        int fd = open(path, O_RDONLY | O_CLOEXEC);
        if (fd < 0) {
                set_error(err, path, "cannot open: %s", strerror(errno));
                return CORONER_E_IO;
        }
        return source_open_fd(fd, path, true, ret, err);
}

static void pump_stop(struct source *s);

void source_free(struct source *s)
{
        if (!s)
                return;
        pump_stop(s);
        if (s->own_fd)
                close(s->fd);
        ZSTD_freeDCtx(s->zstd);
        if (s->gz_init)
                inflateEnd(&s->gz);
        if (s->xz_init)
                lzma_end(&s->xz);
        if (s->bz_init)
                BZ2_bzDecompressEnd(&s->bz);
        LZ4F_freeDecompressionContext(s->lz4);
        free(s->ring[0]);
        free(s->ring[1]);
        free(s->in);
        free(s->name);
        free(s);
}

enum compression source_compression(const struct source *s) { return s->comp; }

static long read_plain(struct source *s, char *buf, size_t cap, struct coroner_error *err)
{
        /* First the bytes read to see the magic, then read() straight into buf. */
        if (s->in_pos < s->in_len) {
                size_t n = s->in_len - s->in_pos < cap ? s->in_len - s->in_pos : cap;
                memcpy(buf, s->in + s->in_pos, n);
                s->in_pos += n;
                return (long)n;
        }
        if (s->in_eof)
                return 0;
        ssize_t n = read_input(s, buf, cap, s->in_offset + s->in_len, err);
        if (n > 0)
                s->in_offset += (uint64_t)n;
        return (long)n;
}

static int truncated(struct source *s, struct coroner_error *err)
{
        set_error(err, s->name, "%s stream truncated at byte %llu (input ended inside a frame)",
                  compression_name(s->comp), (unsigned long long)(s->in_offset + s->in_pos));
        s->done = true;
        return CORONER_E_TRUNCATED;
}

static int corrupt(struct source *s, struct coroner_error *err, const char *what)
{
        set_error(err, s->name, "corrupt %s data near byte %llu: %s", compression_name(s->comp),
                  (unsigned long long)(s->in_offset + s->in_pos), what);
        s->done = true;
        return CORONER_E_CORRUPT;
}

/* A decoder has used all its input: read more (1), or at the end of the
 * file 0 if the last frame was complete, else a truncation error. */
static int refill(struct source *s, bool frame_complete, struct coroner_error *err)
{
        if (s->in_eof)
                return frame_complete ? 0 : truncated(s, err);
        int r = fill_input(s, err);
        return r < 0 ? r : 1;
}

/* For decoders that do not say where in their input a fault lies: it was
 * found by byte `at`, in the frame (or stream) that starts at frame_start. */
static int corrupt_by(struct source *s, struct coroner_error *err, uint64_t at, const char *what)
{
        set_error(err, s->name, "corrupt %s data, found by byte %llu (in the frame from byte %llu): %s",
                  compression_name(s->comp), (unsigned long long)at, (unsigned long long)s->frame_start, what);
        s->done = true;
        return CORONER_E_CORRUPT;
}

static long read_zstd(struct source *s, char *buf, size_t cap, struct coroner_error *err)
{
        ZSTD_outBuffer out = { buf, cap, 0 };
        while (out.pos == 0) {
                if (s->in_pos == s->in_len) {
                        int r = refill(s, s->zstd_hint == 0, err);
                        if (r <= 0)
                                return r;
                        continue;
                }
                size_t slice_end = s->in_len - s->in_pos > ZSTD_SLICE ? s->in_pos + ZSTD_SLICE : s->in_len;
                ZSTD_inBuffer in = { s->in, slice_end, s->in_pos };
                size_t r = ZSTD_decompressStream(s->zstd, &out, &in);
                if (ZSTD_isError(r))
                        return corrupt_by(s, err, s->in_offset + slice_end, ZSTD_getErrorName(r));
                s->in_pos = in.pos;
                if (r == 0)
                        s->frame_start = s->in_offset + s->in_pos;
                s->zstd_hint = r;
        }
        return (long)out.pos;
}

static long read_bzip2(struct source *s, char *buf, size_t cap, struct coroner_error *err)
{
        s->bz.next_out = buf;
        s->bz.avail_out = (unsigned)cap;
        while (s->bz.avail_out == cap) {
                if (s->in_pos == s->in_len) {
                        int r = refill(s, s->bz_stream_done, err);
                        if (r <= 0)
                                return r;
                        continue;
                }
                if (s->bz_stream_done) {
                        /* Another stream follows (pbzip2 writes many), or junk. */
                        if (s->in_len - s->in_pos < 3 && !s->in_eof) {
                                int r = fill_input(s, err);
                                if (r < 0)
                                        return r;
                                continue;
                        }
                        if (s->in_len - s->in_pos < 3 || memcmp(s->in + s->in_pos, "BZh", 3) != 0)
                                return corrupt(s, err, "garbage after the last bzip2 stream");
                        BZ2_bzDecompressEnd(&s->bz);
                        if (BZ2_bzDecompressInit(&s->bz, 0, 0) != BZ_OK) {
                                s->bz_init = false;
                                return corrupt(s, err, "out of memory");
                        }
                        s->bz.next_out = buf;
                        s->bz.avail_out = (unsigned)cap;
                        s->bz_stream_done = false;
                        s->frame_start = s->in_offset + s->in_pos;
                }
                s->bz.next_in = (char *)s->in + s->in_pos;
                s->bz.avail_in = (unsigned)(s->in_len - s->in_pos);
                int r = BZ2_bzDecompress(&s->bz);
                if (r != BZ_OK && r != BZ_STREAM_END)
                        return corrupt_by(s, err, s->in_offset + s->in_len,
                                          r == BZ_MEM_ERROR ? "out of memory" : "data error");
                s->in_pos = s->in_len - s->bz.avail_in;
                if (r == BZ_STREAM_END)
                        s->bz_stream_done = true;
        }
        return (long)(cap - s->bz.avail_out);
}

static long read_lz4(struct source *s, char *buf, size_t cap, struct coroner_error *err)
{
        size_t produced = 0;
        while (produced == 0) {
                if (s->in_pos == s->in_len) {
                        int r = refill(s, s->lz4_hint == 0, err);
                        if (r <= 0)
                                return r;
                        continue;
                }
                size_t out_len = cap, in_len = s->in_len - s->in_pos;
                size_t r = LZ4F_decompress(s->lz4, buf, &out_len, s->in + s->in_pos, &in_len, NULL);
                if (LZ4F_isError(r))
                        return corrupt_by(s, err, s->in_offset + s->in_len, LZ4F_getErrorName(r));
                s->in_pos += in_len;
                produced = out_len;
                if (r == 0)
                        s->frame_start = s->in_offset + s->in_pos;  /* a next frame may follow */
                s->lz4_hint = r;
        }
        return (long)produced;
}

static long read_gzip(struct source *s, char *buf, size_t cap, struct coroner_error *err)
{
        s->gz.next_out = (Bytef *)buf;
        s->gz.avail_out = (uInt)cap;
        while (s->gz.avail_out == cap) {
                if (s->in_pos == s->in_len) {
                        int r = refill(s, s->gz_member_done, err);
                        if (r <= 0)
                                return r;
                        continue;
                }
                if (s->gz_member_done) {
                        /* Another gzip member follows (or trailing junk). */
                        if (s->in[s->in_pos] != 0x1f)
                                return corrupt(s, err, "garbage after the last gzip member");
                        inflateReset(&s->gz);
                        s->gz_member_done = false;
                }
                s->gz.next_in = s->in + s->in_pos;
                s->gz.avail_in = (uInt)(s->in_len - s->in_pos);
                int r = inflate(&s->gz, Z_NO_FLUSH);
                s->in_pos = s->in_len - s->gz.avail_in;
                if (r == Z_STREAM_END)
                        s->gz_member_done = true;
                else if (r == Z_BUF_ERROR)
                        continue;  /* needs more input */
                else if (r != Z_OK)
                        return corrupt(s, err, s->gz.msg ? s->gz.msg : "inflate failed");
        }
        return (long)(cap - s->gz.avail_out);
}

static long read_xz(struct source *s, char *buf, size_t cap, struct coroner_error *err)
{
        s->xz.next_out = (uint8_t *)buf;
        s->xz.avail_out = cap;
        while (s->xz.avail_out == cap) {
                if (s->in_pos == s->in_len && !s->in_eof) {
                        int r = fill_input(s, err);
                        if (r < 0)
                                return r;
                        continue;
                }
                s->xz.next_in = s->in + s->in_pos;
                s->xz.avail_in = s->in_len - s->in_pos;
                lzma_ret r = lzma_code(&s->xz, s->in_eof ? LZMA_FINISH : LZMA_RUN);
                s->in_pos = s->in_len - s->xz.avail_in;
                if (r == LZMA_STREAM_END) {
                        s->done = true;
                        break;
                }
                if (r == LZMA_BUF_ERROR && s->in_eof)
                        return truncated(s, err);
                if (r == LZMA_DATA_ERROR && s->in_eof && s->in_pos == s->in_len)
                        return truncated(s, err);
                if (r != LZMA_OK && r != LZMA_BUF_ERROR)
                        return corrupt(s, err, r == LZMA_FORMAT_ERROR ? "not xz data"
                                               : r == LZMA_MEM_ERROR ? "out of memory"
                                               : "data error");
        }
        return (long)(cap - s->xz.avail_out);
}

static void *pump_main(void *arg)
{
        struct source *s = arg;
        struct pump *p = s->pump;
        for (;;) {
                struct chunk c = { malloc(PIECE), 0, { { 0 }, { 0 } } };
                if (!c.data) {
                        c.len = CORONER_E_NOMEM;
                        set_error(&c.err, s->name, "%s", "out of memory");
                } else {
                        c.len = decode_some(s, c.data, PIECE, &c.err);
                }
                pthread_mutex_lock(&p->mu);
                while (p->count == PUMP_DEPTH && !p->stop)
                        pthread_cond_wait(&p->changed, &p->mu);
                if (p->stop) {
                        pthread_mutex_unlock(&p->mu);
                        free(c.data);
                        break;
                }
                p->q[(p->head + p->count) % PUMP_DEPTH] = c;
                p->count++;
                pthread_cond_broadcast(&p->changed);
                pthread_mutex_unlock(&p->mu);
                if (c.len <= 0)
                        break;
        }
        return NULL;
}

int source_start_pump(struct source *s)
{
        if (s->comp == COMP_NONE || s->pump)
                return 0;  /* plain input: read() is cheaper than a thread */
        struct pump *p = xmalloc_or_null(sizeof *p);
        if (!p)
                return CORONER_E_NOMEM;
        pthread_mutex_init(&p->mu, NULL);
        pthread_cond_init(&p->changed, NULL);
        s->pump = p;
        if (pthread_create(&p->thread, NULL, pump_main, s) != 0) {
                s->pump = NULL;
                pthread_mutex_destroy(&p->mu);
                pthread_cond_destroy(&p->changed);
                free(p);
        }
        return 0;
}

static void pump_stop(struct source *s)
{
        struct pump *p = s->pump;
        if (!p)
                return;
        pthread_mutex_lock(&p->mu);
        p->stop = true;
        pthread_cond_broadcast(&p->changed);
        pthread_mutex_unlock(&p->mu);
        pthread_join(p->thread, NULL);
        for (size_t i = 0; i < p->count; i++)
                free(p->q[(p->head + i) % PUMP_DEPTH].data);
        free(p->held);
        free(p->last);
        pthread_mutex_destroy(&p->mu);
        pthread_cond_destroy(&p->changed);
        free(p);
        s->pump = NULL;
}

static long pump_next(struct source *s, const char **ret, struct coroner_error *err)
{
        struct pump *p = s->pump;
        if (p->finished)
                return 0;
        pthread_mutex_lock(&p->mu);
        while (p->count == 0)
                pthread_cond_wait(&p->changed, &p->mu);
        struct chunk c = p->q[p->head];
        p->head = (p->head + 1) % PUMP_DEPTH;
        p->count--;
        pthread_cond_broadcast(&p->changed);
        pthread_mutex_unlock(&p->mu);
        free(p->held);
        p->held = p->last;
        p->last = c.data;
        if (c.len <= 0) {
                p->finished = true;
                if (c.len < 0 && err)
                        *err = c.err;
        }
        *ret = c.data;
        return c.len;
}

/* Text has few control bytes; a core file, an image or a database has
 * many. Counted in the first bytes only: the warning is about the input as
 * a whole, and costs nothing per line. Tab, line ends, form feed,
 * backspace and ESC (colours) are text. */
static void look_for_binary(struct source *s, const char *p, long n)
{
        if (s->looked || n <= 0)
                return;
        s->looked = true;
        size_t len = (size_t)n < BINARY_SAMPLE ? (size_t)n : BINARY_SAMPLE, controls = 0;
        for (size_t i = 0; i < len; i++) {
                unsigned char c = (unsigned char)p[i];
                controls += c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f' && c != '\v' &&
                            c != '\b' && c != 0x1b;
        }
        s->control_permille = (unsigned)(controls * 1000 / len);
}

unsigned source_control_permille(const struct source *s) { return s->control_permille; }

long source_next(struct source *s, const char **ret, struct coroner_error *err)
{
        long n;
        if (s->pump) {
                n = pump_next(s, ret, err);
        } else {
                s->turn ^= 1;
                if (!s->ring[s->turn] && !(s->ring[s->turn] = malloc(PIECE))) {
                        set_error(err, s->name, "%s", "out of memory");
                        return CORONER_E_NOMEM;
                }
                *ret = s->ring[s->turn];
                n = decode_some(s, s->ring[s->turn], PIECE, err);
        }
        look_for_binary(s, *ret, n);
        return n;
}

bool source_is_journal_file(const struct source *s)
{
        /* journal-file.h: the header's signature. */
        return s->comp == COMP_NONE && s->in_len >= 8 && memcmp(s->in, "LPKSHHRH", 8) == 0;
}

/* Decoded bytes from the stream, in the calling thread. */
static long decode_some(struct source *s, char *buf, size_t cap, struct coroner_error *err)
{
        if (s->done)
                return 0;
        switch (s->comp) {
        case COMP_ZSTD: return read_zstd(s, buf, cap, err);
        case COMP_GZIP: return read_gzip(s, buf, cap, err);
        case COMP_XZ: return read_xz(s, buf, cap, err);
        case COMP_BZIP2: return read_bzip2(s, buf, cap, err);
        case COMP_LZ4: return read_lz4(s, buf, cap, err);
        default: return read_plain(s, buf, cap, err);
        }
}
