/* test_fingerprint.c — fingerprints ignore line numbers, install prefixes
 * and numbers in messages, and tell different failures apart. */
#include "unit.h"

static void masked(const char *msg, const char *want)
{
        struct strbuf sb = { 0 };
        fingerprint_mask_message(msg, &sb);
        ck_assert_str_eq(sb.data ? sb.data : "", want);
        sb_free(&sb);
}

START_TEST(masking)
{
        masked("Tried to allocate 2.00 GiB on 0x7f00aa", "Tried to allocate # GiB on #");
        masked("cannot open /opt/venv/lib/x.so: nope", "cannot open <path>: nope");
        masked("KeyError 'input_ids'   twice", "KeyError 'input_ids' twice");
        masked("first line\nsecond", "first line");
}
END_TEST

static void fp_of(const char *file1, int line1, const char *msg, char out[17])
{
        struct frame f = { (char *)file1, line1, (char *)"get_batch", NULL };
        struct exception x = { .type = (char *)"KeyError", .message = (char *)msg, .frames = &f, .n_frames = 1 };
        struct event ev = { 0 };
        ev.kind = EVENT_TRACEBACK;
        ev.excs = &x;
        ev.n_excs = 1;
        fingerprint_event(&ev, NULL, out);
}

START_TEST(stable_across_installs)
{
        char a[17], b[17], c[17];
        fp_of("/opt/venv/lib/python3.12/site-packages/job/train.py", 98, "'input_ids'", a);
        fp_of("/home/u/.local/lib/python3.10/dist-packages/job/train.py", 131, "'input_ids'", b);
        fp_of("/opt/venv/lib/python3.12/site-packages/job/train.py", 98, "'labels'", c);
        ck_assert_str_eq(a, b);
        ck_assert_str_ne(a, c);
        ck_assert_uint_eq(strlen(a), 16);
}
END_TEST

START_TEST(module_names)
{
        struct strbuf sb = { 0 };
        fingerprint_module_of("/usr/lib/python3.12/threading.py", &sb);
        ck_assert_str_eq(sb.data, "threading");
        sb_free(&sb);
}
END_TEST

Suite *suite(void)
{
        Suite *s = suite_create("fingerprint");
        TCase *tc = tcase_create("fingerprint");
        tcase_add_test(tc, masking);
        tcase_add_test(tc, stable_across_installs);
        tcase_add_test(tc, module_names);
        suite_add_tcase(s, tc);
        return s;
}
