/* test_read.c — sources and lines: compression by magic, multi-frame and
 * multi-member streams, truncation with offsets, long lines, odd endings. */
#include "unit.h"
#include "read.h"

#include <lzma.h>
#include <zlib.h>
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
        suite_add_tcase(s, tc);
        return s;
}
