/* test_journal_time.c — journalctl's --since/--until syntax. */
#include "unit.h"

#include <time.h>

static const int64_t NOW = 1764452400LL * 1000000;  /* 2025-11-29 21:40:00 UTC */

static int64_t t(const char *s)
{
        int64_t v = -1;
        ck_assert_msg(coroner_parse_time(s, NOW, &v) == 0, "cannot parse %s", s);
        return v;
}

START_TEST(relative)
{
        ck_assert_int_eq(t("now"), NOW);
        ck_assert_int_eq(t("-1h"), NOW - 3600LL * 1000000);
        ck_assert_int_eq(t("-30min"), NOW - 1800LL * 1000000);
        ck_assert_int_eq(t("+2d"), NOW + 2 * 86400LL * 1000000);
        ck_assert_int_eq(t("1h30min ago"), NOW - 5400LL * 1000000);
        ck_assert_int_eq(t("2 days ago"), NOW - 2 * 86400LL * 1000000);
        ck_assert_int_eq(t("@1764452400"), NOW);
}
END_TEST

START_TEST(absolute_local_time)
{
        setenv("TZ", "UTC", 1);
        tzset();
        ck_assert_int_eq(t("2025-11-29 21:40:00"), NOW);
        ck_assert_int_eq(t("2025-11-29T21:40"), NOW);
        ck_assert_int_eq(t("2025-11-29"), NOW - (21 * 3600LL + 40 * 60) * 1000000);
        ck_assert_int_eq(t("today"), t("2025-11-29"));
        ck_assert_int_eq(t("yesterday"), t("2025-11-28"));
}
END_TEST

START_TEST(rejects)
{
        int64_t v;
        static const char *const bad[] = { "", "soon", "-1parsec", "2025-13-01", "2025-11-29 25:00", "@x", "-",
                                           "2026-11-29 -1:-5", "2026-11-29 21:-5", "2026-11-29 21:40:-3" };
        for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
                ck_assert_msg(coroner_parse_time(bad[i], NOW, &v) < 0, "accepted '%s'", bad[i]);
}
END_TEST

Suite *suite(void)
{
        Suite *s = suite_create("journal_time");
        TCase *tc = tcase_create("journal_time");
        tcase_add_test(tc, relative);
        tcase_add_test(tc, absolute_local_time);
        tcase_add_test(tc, rejects);
        suite_add_tcase(s, tc);
        return s;
}
