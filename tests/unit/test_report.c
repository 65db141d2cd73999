/* test_report.c — the JSON contract's fields, safe text, all formats. */
#include "unit.h"
#include "report.h"

static coroner_analysis *analyse(const char *text)
{
        static coroner_db *db;
        if (!db)
                ck_assert_int_eq(coroner_db_new(&db), 0);
        coroner_analysis *a;
        ck_assert_int_eq(coroner_analysis_new(db, NULL, &a), 0);
        coroner_analysis_read_text(a, "log", text, strlen(text));
        coroner_analysis_finish(a);
        return a;
}

START_TEST(json_contract)
{
        coroner_analysis *a = analyse("Nov 29 21:40:13 h python3[7]: Traceback (most recent call last):\n"
                                      "Nov 29 21:40:13 h python3[7]:   File \"a.py\", line 1, in f\n"
                                      "Nov 29 21:40:13 h python3[7]: KeyError: 'k'\n");
        char *s;
        ck_assert_int_eq(coroner_report_json(a, &s), 0);
        cJSON *j = cJSON_Parse(s);
        ck_assert_ptr_nonnull(j);
        ck_assert_str_eq(cJSON_GetObjectItem(j, "schema")->valuestring, "coroner.report/1");
        cJSON *in = cJSON_GetArrayItem(cJSON_GetObjectItem(j, "inputs"), 0);
        static const char *const input_keys[] = { "name", "compression", "bytes", "records", "complete", "error" };
        for (size_t i = 0; i < 6; i++)
                ck_assert_msg(cJSON_HasObjectItem(in, input_keys[i]), "inputs[].%s", input_keys[i]);
        cJSON *d = cJSON_GetArrayItem(cJSON_GetObjectItem(j, "diagnoses"), 0);
        static const char *const keys[] = { "rank", "id", "category", "title", "summary", "severity", "role",
                                            "confidence", "count", "first_seen", "last_seen", "streams",
                                            "exception", "evidence", "fixes", "references", "fingerprint" };
        for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
                ck_assert_msg(cJSON_HasObjectItem(d, keys[i]), "diagnoses[].%s", keys[i]);
        ck_assert_str_eq(cJSON_GetObjectItem(d, "id")->valuestring, "unrecognized");
        ck_assert_str_eq(cJSON_GetObjectItem(cJSON_GetObjectItem(d, "exception"), "type")->valuestring, "KeyError");
        cJSON *st = cJSON_GetArrayItem(cJSON_GetObjectItem(d, "streams"), 0);
        ck_assert_str_eq(cJSON_GetObjectItem(st, "host")->valuestring, "h");
        ck_assert_int_eq(cJSON_GetObjectItem(st, "pid")->valueint, 7);
        cJSON_Delete(j);
        free(s);
        ck_assert_int_eq(coroner_report_markdown(a, &s), 0);
        ck_assert_ptr_nonnull(strstr(s, "KeyError"));
        free(s);
        struct coroner_report_options o = { .color = true };
        ck_assert_int_eq(coroner_report_text(a, &o, &s), 0);
        ck_assert_ptr_nonnull(strstr(s, "\033["));
        free(s);
        coroner_analysis_free(a);
}
END_TEST

START_TEST(safe_text)
{
        char *t = report_safe_text("a\xff\x01\033[31mred\033[0m\nb", 0, true);
        ck_assert_str_eq(t, "a\xef\xbf\xbd\\x01red\nb");
        free(t);
        t = report_safe_text("abcdefgh", 3, false);
        ck_assert_str_eq(t, "abc…");
        free(t);
}
END_TEST

Suite *suite(void)
{
        Suite *s = suite_create("report");
        TCase *tc = tcase_create("report");
        tcase_add_test(tc, json_contract);
        tcase_add_test(tc, safe_text);
        suite_add_tcase(s, tc);
        return s;
}
