/* test_read.c — sources and lines: compression by magic, multi-frame and
 * multi-member streams, truncation with offsets, long lines, odd endings. */
#include "unit.h"
#include "read.h"

#include <lzma.h>
#include <zlib.h>
#include <sys/wait.h>
#include <zstd.h>

struct lines {
        char text[1 << 16];
        size_t n;
        int status;
        struct coroner_error err;
};

static void read_all(const char *path, struct lines *out, enum compression *comp)
{
        struct source *src;
        memset(out, 0, sizeof *out);
        ck_assert_int_eq(source_open_path(path, &src, &out->err), 0);
        if (comp)
                *comp = source_compression(src);
        struct line_reader *lr;
        ck_assert_int_eq(line_reader_new(src, &lr), 0);
        const char *line;
        size_t len;
        size_t used = 0;
        int r;
        while ((r = line_reader_next(lr, &line, &len, &out->err)) > 0) {
                size_t k = len < 200 ? len : 200;
                if (used + k + 2 < sizeof out->text) {
                        memcpy(out->text + used, line, k);
                        used += k;
                        out->text[used++] = '|';
                }
                out->n++;
        }
        out->text[used] = '\0';
        out->status = r;
        line_reader_free(lr);
        source_free(src);
}

static const char TEXT[] = "one\ntwo\r\nthree";

START_TEST(plain_lines)
{
        char path[64];
        struct lines l;
        enum compression c;
        write_temp(path, sizeof path, TEXT, sizeof TEXT - 1);
        read_all(path, &l, &c);
        ck_assert_int_eq(c, COMP_NONE);
        ck_assert_str_eq(l.text, "one|two|three|");
        ck_assert_int_eq(l.status, 0);
        unlink(path);
}
END_TEST

START_TEST(empty_input)
{
        char path[64];
        struct lines l;
        write_temp(path, sizeof path, "", 0);
        read_all(path, &l, NULL);
        ck_assert_int_eq(l.n, 0);
        ck_assert_int_eq(l.status, 0);
        unlink(path);
}
END_TEST

START_TEST(zstd_two_frames)
{
        char buf[512], path[64];
        size_t a = ZSTD_compress(buf, sizeof buf, "alpha\nbe", 8, 3);
        size_t b = ZSTD_compress(buf + a, sizeof buf - a, "ta\ngamma\n", 9, 3);
        ck_assert(!ZSTD_isError(a) && !ZSTD_isError(b));
        write_temp(path, sizeof path, buf, a + b);
        struct lines l;
        enum compression c;
        read_all(path, &l, &c);
        ck_assert_int_eq(c, COMP_ZSTD);
        ck_assert_str_eq(l.text, "alpha|beta|gamma|");
        ck_assert_int_eq(l.status, 0);
        /* Cut inside the second frame: the first frame's lines survive. */
        write_temp(path, sizeof path, buf, a + b - 4);
        read_all(path, &l, NULL);
        ck_assert_int_eq(l.status, CORONER_E_TRUNCATED);
        ck_assert_msg(strstr(l.text, "alpha|") == l.text, "%s", l.text);
        ck_assert_ptr_nonnull(strstr(l.err.message, "truncated at byte"));
        unlink(path);
}
END_TEST

static size_t gzip_member(const char *text, unsigned char *out, size_t cap)
{
        z_stream z = { 0 };
        ck_assert_int_eq(deflateInit2(&z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY), Z_OK);
        z.next_in = (Bytef *)text;
        z.avail_in = (uInt)strlen(text);
        z.next_out = out;
        z.avail_out = (uInt)cap;
        ck_assert_int_eq(deflate(&z, Z_FINISH), Z_STREAM_END);
        size_t n = cap - z.avail_out;
        deflateEnd(&z);
        return n;
}

START_TEST(gzip_members_and_corruption)
{
        unsigned char buf[512];
        char path[64];
        size_t a = gzip_member("first\n", buf, sizeof buf);
        size_t b = gzip_member("second\n", buf + a, sizeof buf - a);
        write_temp(path, sizeof path, buf, a + b);
        struct lines l;
        enum compression c;
        read_all(path, &l, &c);
        ck_assert_int_eq(c, COMP_GZIP);
        ck_assert_str_eq(l.text, "first|second|");
        /* Flip bytes in the second member's deflate data. */
        buf[a + 12] ^= 0xff;
        buf[a + 13] ^= 0xff;
        write_temp(path, sizeof path, buf, a + b);
        read_all(path, &l, NULL);
        ck_assert_int_lt(l.status, 0);
        ck_assert_msg(strncmp(l.text, "first|", 6) == 0, "%s", l.text);
        unlink(path);
}
END_TEST

START_TEST(xz_and_truncation)
{
        uint8_t buf[512];
        size_t n = 0;
        char path[64];
        const char *text = "x1\nx2\n";
        ck_assert_int_eq(lzma_easy_buffer_encode(6, LZMA_CHECK_CRC64, NULL, (const uint8_t *)text,
                                                 strlen(text), buf, &n, sizeof buf), LZMA_OK);
        write_temp(path, sizeof path, buf, n);
        struct lines l;
        enum compression c;
        read_all(path, &l, &c);
        ck_assert_int_eq(c, COMP_XZ);
        ck_assert_str_eq(l.text, "x1|x2|");
        ck_assert_int_eq(l.status, 0);
        write_temp(path, sizeof path, buf, n - 10);
        read_all(path, &l, NULL);
        ck_assert_int_lt(l.status, 0);
        unlink(path);
}
END_TEST

START_TEST(long_line_is_cut)
{
        size_t big = 3 * LIMIT_LINE_BYTES + 17;
        char *data = malloc(big + 10);
        memset(data, 'a', big);
        memcpy(data + big, "\nshort\n", 7);
        char path[64];
        write_temp(path, sizeof path, data, big + 7);
        struct source *src;
        struct line_reader *lr;
        ck_assert_int_eq(source_open_path(path, &src, NULL), 0);
        ck_assert_int_eq(line_reader_new(src, &lr), 0);
        const char *line;
        size_t len;
        ck_assert_int_eq(line_reader_next(lr, &line, &len, NULL), 1);
        ck_assert_uint_eq(len, LIMIT_LINE_BYTES);
        ck_assert_int_eq(line_reader_next(lr, &line, &len, NULL), 1);
        ck_assert_uint_eq(len, 5);
        ck_assert(memcmp(line, "short", 5) == 0);
        ck_assert_int_eq(line_reader_next(lr, &line, &len, NULL), 0);
        line_reader_free(lr);
        source_free(src);
        free(data);
        unlink(path);
}
END_TEST

/* ---- lines from pieces of any size ----
 * The reader splits lines inside the source's pieces and copies only those
 * that straddle two. Random text (empty, CRLF, cut and unterminated lines)
 * is read from a file, from a pipe written in small random pieces, and
 * from a zstd stream through the decompression thread; every line and
 * every previous line must equal a plain split of the same text. */

static uint32_t rnd_state = 12345;
static uint32_t rnd(uint32_t n)
{
        rnd_state = rnd_state * 1103515245u + 12345u;
        return (rnd_state >> 8) % n;
}

static size_t random_text(char *out, size_t cap)
{
        size_t n = 0;
        while (n + 3 * LIMIT_LINE_BYTES < cap) {
                uint32_t kind = rnd(20);
                size_t len = kind == 0 ? LIMIT_LINE_BYTES - 1 + rnd(3) : kind == 1 ? LIMIT_LINE_BYTES + rnd(2 * LIMIT_LINE_BYTES)
                           : kind < 4 ? 0 : rnd(300);
                for (size_t i = 0; i < len; i++)
                        out[n + i] = (char)('a' + (n + i) % 26);
                n += len;
                if (rnd(5) == 0)
                        out[n++] = '\r';
                out[n++] = '\n';
        }
        memcpy(out + n, "last\r", 5);  /* unterminated */
        return n + 5;
}

/* A plain split: at most LIMIT bytes a line, one trailing CR dropped. */
static size_t expected_line(const char *text, size_t n, size_t *at, const char **line)
{
        const char *p = text + *at;
        const char *nl = memchr(p, '\n', n - *at);
        size_t len = nl ? (size_t)(nl - p) : n - *at;
        *at += nl ? len + 1 : len;
        if (len > LIMIT_LINE_BYTES)
                len = LIMIT_LINE_BYTES;
        if (len && p[len - 1] == '\r')
                len--;
        *line = p;
        return len;
}

static void check_lines(struct source *src, const char *text, size_t n)
{
        struct line_reader *lr;
        ck_assert_int_eq(line_reader_new(src, &lr), 0);
        size_t at = 0, count = 0, prev_len = 0;
        const char *prev = NULL, *line, *want;
        size_t len;
        while (line_reader_next(lr, &line, &len, NULL) > 0) {
                ck_assert_uint_lt(at, n);
                size_t want_len = expected_line(text, n, &at, &want);
                ck_assert_uint_eq(len, want_len);
                ck_assert_msg(memcmp(line, want, len) == 0, "line %zu differs", count);
                const char *pl;
                size_t pn;
                ck_assert(line_reader_previous(lr, &pl, &pn) == (prev != NULL));
                if (prev) {
                        ck_assert_uint_eq(pn, prev_len);
                        ck_assert_msg(memcmp(pl, prev, pn) == 0, "previous of line %zu differs", count);
                }
                prev = want;
                prev_len = want_len;
                count++;
        }
        ck_assert_uint_eq(at, n);
        ck_assert_uint_eq(line_reader_bytes(lr), n);
        line_reader_free(lr);
}

START_TEST(lines_from_pieces_of_any_size)
{
        size_t cap = 4 << 20;
        char *text = malloc(cap);
        size_t n = random_text(text, cap);

        char path[64];
        struct source *src;
        write_temp(path, sizeof path, text, n);
        ck_assert_int_eq(source_open_path(path, &src, NULL), 0);
        check_lines(src, text, n);
        source_free(src);
        unlink(path);

        int fds[2];
        ck_assert_int_eq(pipe(fds), 0);
        pid_t child = fork();
        ck_assert_int_ge(child, 0);
        if (child == 0) {
                close(fds[0]);
                for (size_t at = 0; at < n;) {
                        size_t k = 1 + rnd(rnd(4) ? 97 : 70000);
                        k = k < n - at ? k : n - at;
                        if (write(fds[1], text + at, k) != (ssize_t)k)
                                _exit(1);
                        at += k;
                }
                _exit(0);
        }
        close(fds[1]);
        ck_assert_int_eq(source_open_fd(fds[0], "pipe", true, &src, NULL), 0);
        check_lines(src, text, n);
        source_free(src);
        int status;
        ck_assert_int_eq(waitpid(child, &status, 0), child);
        ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);

        size_t zcap = ZSTD_compressBound(n);
        char *z = malloc(zcap);
        size_t zn = ZSTD_compress(z, zcap, text, n, 1);
        ck_assert(!ZSTD_isError(zn));
        write_temp(path, sizeof path, z, zn);
        ck_assert_int_eq(source_open_path(path, &src, NULL), 0);
        ck_assert_int_eq(source_start_pump(src), 0);
        check_lines(src, text, n);
        source_free(src);
        unlink(path);
        free(z);
        free(text);
}
END_TEST

Suite *suite(void)
{
        Suite *s = suite_create("read");
        TCase *tc = tcase_create("read");
        tcase_add_test(tc, plain_lines);
        tcase_add_test(tc, empty_input);
        tcase_add_test(tc, zstd_two_frames);
        tcase_add_test(tc, gzip_members_and_corruption);
        tcase_add_test(tc, xz_and_truncation);
        tcase_add_test(tc, long_line_is_cut);
        tcase_add_test(tc, lines_from_pieces_of_any_size);
        tcase_set_timeout(tc, 60);
        suite_add_tcase(s, tc);
        return s;
}
