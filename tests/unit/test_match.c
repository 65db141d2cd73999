/* test_match.c — signature loading (and its errors), matching rules,
 * captures in summaries, the pre-filter literal. */
#include "unit.h"

#include <glob.h>
#include <sys/stat.h>

static char dir[64];

static void write_sig(const char *name, const char *json)
{
        char path[128];
        snprintf(path, sizeof path, "%s/%s", dir, name);
        FILE *f = fopen(path, "w");
        ck_assert_ptr_nonnull(f);
        fputs(json, f);
        fclose(f);
}

static void fresh_dir(void)
{
        snprintf(dir, sizeof dir, "/tmp/coroner-sigs-XXXXXX");
        ck_assert_ptr_nonnull(mkdtemp(dir));
}

static void unlink_sig(const char *name)
{
        char path[128];
        snprintf(path, sizeof path, "%s/%s", dir, name);
        ck_assert_int_eq(unlink(path), 0);
}

static void clean_dir(void)
{
        char cmd[128];
        snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
        ck_assert_int_eq(system(cmd), 0);
}

#define SIG(id, match, extra) \
        "{\"id\": \"" id "\", \"title\": \"T\", \"category\": \"gpu-out-of-memory\"," \
        " \"severity\": \"error\", \"role\": \"root-cause\", \"summary\": \"needs {size}\"," \
        " \"fixes\": [\"free {size}\"], \"references\": [\"https://example.invalid/src\"]," \
        " \"match\": " match ", \"samples\": {\"match\": [\"x\"], \"no_match\": [\"y\"]}" extra "}"

static coroner_analysis *analyse(coroner_db *db, const char *text)
{
        coroner_analysis *a;
        ck_assert_int_eq(coroner_analysis_new(db, NULL, &a), 0);
        coroner_analysis_read_text(a, "t", text, strlen(text));
        coroner_analysis_finish(a);
        return a;
}

START_TEST(match_and_captures)
{
        fresh_dir();
        write_sig("oom.json", SIG("t.oom", "{\"exception\": [\"OutOfMemoryError\"], \"message\": \"Tried to allocate (?<size>[\\\\d.]+ [GM]iB)\"}", ""));
        coroner_db *db;
        struct coroner_error err;
        ck_assert_int_eq(coroner_db_new(&db), 0);
        ck_assert_int_eq(coroner_db_load_dir(db, dir, &err), 0);
        ck_assert_uint_eq(coroner_db_count(db), 1);
        char lits[8][64];
        size_t n_lits;
        bool caseless;
        ck_assert(pattern_literals(db->sigs[0]->message.source, lits, 8, &n_lits, &caseless));
        ck_assert_uint_eq(n_lits, 1);
        ck_assert_str_eq(lits[0], "Tried to allocate ");
        coroner_analysis *a = analyse(db, "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB.\n");
        ck_assert_uint_eq(coroner_analysis_diagnosis_count(a), 1);
        ck_assert_str_eq(coroner_analysis_diagnosis_id(a, 0), "t.oom");
        ck_assert_str_eq(a->ranking.diags[0]->summary, "needs 2.00 GiB");
        ck_assert_str_eq(a->ranking.diags[0]->fixes[0], "free '2.00 GiB'");  /* a command: a value with a blank is quoted */
        coroner_analysis_free(a);
        /* Wrong type: no match; the bare line is reported as unrecognized. */
        a = analyse(db, "ValueError: Tried to allocate 2.00 GiB\n");
        ck_assert_str_eq(coroner_analysis_diagnosis_id(a, 0), "unrecognized");
        coroner_analysis_free(a);
        coroner_db_free(db);
        clean_dir();
}
END_TEST

START_TEST(line_signature_and_specificity)
{
        fresh_dir();
        write_sig("a.json", SIG("t.generic", "{\"line\": \"NCCL WARN\"}", ", \"specificity\": 10"));
        write_sig("b.json", SIG("t.specific", "{\"line\": \"NCCL WARN .*unhandled system error\"}", ", \"specificity\": 80"));
        coroner_db *db;
        ck_assert_int_eq(coroner_db_new(&db), 0);
        ck_assert_int_eq(coroner_db_load_dir(db, dir, NULL), 0);
        coroner_analysis *a = analyse(db, "host:1:2 [0] NCCL WARN misc: unhandled system error\nhost:1:2 [0] NCCL WARN other\n");
        ck_assert_uint_eq(coroner_analysis_diagnosis_count(a), 2);
        ck_assert_str_eq(coroner_analysis_diagnosis_id(a, 0), "t.specific");
        coroner_analysis_free(a);
        coroner_db_free(db);
        clean_dir();
}
END_TEST

START_TEST(literal_extraction)
{
        static const struct { const char *pattern; const char *want; } cases[] = {
                { "CUDA out of memory\\. Tried", "CUDA out of memory. Tried" },
                { "(?:ValueError|RuntimeError): The memory capacity", ": The memory capacity" },
                { "(?:(?<unit>\\S+): )?(?:Failed with result 'oom-kill'|Start request repeated)",
                  "Failed with result 'oom-kill'|Start request repeated" },
                { "NCCL WARN|NCCL error", "NCCL WARN|NCCL error" },
                { "abc(?:defg)?hij", "" },
                { "(?i)no space left", "no space left" },
                { "colou?r scheme", "r scheme" },
        };
        for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
                char lits[8][64], got[600] = "";
                size_t n = 0;
                bool caseless;
                if (pattern_literals(cases[i].pattern, lits, 8, &n, &caseless))
                        for (size_t k = 0; k < n; k++) {
                                if (k)
                                        strcat(got, "|");
                                strcat(got, lits[k]);
                        }
                ck_assert_msg(strcmp(got, cases[i].want) == 0, "%s: got '%s'", cases[i].pattern, got);
        }
}
END_TEST

START_TEST(where_conditions_on_captures)
{
        fresh_dir();
        write_sig("oom.json", SIG("t.other", "{\"exception\": [\"OutOfMemoryError\"], \"message\": \"Tried to allocate (?<size>\\\\S+ [GM]iB)\\\\. Process \\\\d+ has (?<other>\\\\S+ [GM]iB)[^\\\\n]*this process has (?<own>\\\\S+ [GM]iB)\", \"where\": [\"other > 2 * own\", \"size >= 1 GiB\"]}", ""));
        write_sig("bad.json", SIG("t.bad", "{\"line\": \"x (?<a>\\\\d+)\", \"where\": [\"a >< 3\"]}", ""));
        coroner_db *db;
        struct coroner_error err;
        ck_assert_int_eq(coroner_db_new(&db), 0);
        /* An operator that is none of > >= < <= == is an error naming the file. */
        ck_assert_int_eq(coroner_db_load_dir(db, dir, &err), CORONER_E_SIGNATURE);
        ck_assert_msg(strstr(err.where, "bad.json"), "%s", err.where);
        coroner_db_free(db);
        unlink_sig("bad.json");
        ck_assert_int_eq(coroner_db_new(&db), 0);
        ck_assert_int_eq(coroner_db_load_dir(db, dir, &err), 0);
        /* Units are read: 120.51 GiB > 2 * 16.60 GiB, and 2048 MiB >= 1 GiB. */
        coroner_analysis *a = analyse(db, "torch.OutOfMemoryError: Tried to allocate 2048 MiB. Process 9 has 120.51 GiB in use; this process has 16.60 GiB in use\n");
        ck_assert_str_eq(coroner_analysis_diagnosis_id(a, 0), "t.other");
        coroner_analysis_free(a);
        /* 577 MiB is less than twice 15.32 GiB: the pattern matches, the condition does not. */
        a = analyse(db, "torch.OutOfMemoryError: Tried to allocate 2.00 GiB. Process 9 has 577.00 MiB in use; this process has 15.32 GiB in use\n");
        ck_assert_str_ne(coroner_analysis_diagnosis_id(a, 0), "t.other");
        coroner_analysis_free(a);
        /* 512 MiB is under 1 GiB. */
        a = analyse(db, "torch.OutOfMemoryError: Tried to allocate 512 MiB. Process 9 has 120.51 GiB in use; this process has 16.60 GiB in use\n");
        ck_assert_str_ne(coroner_analysis_diagnosis_id(a, 0), "t.other");
        coroner_analysis_free(a);
        coroner_db_free(db);
        clean_dir();
}
END_TEST

START_TEST(malformed_json_has_line_and_column)
{
        fresh_dir();
        write_sig("bad.json", "{\n  \"id\": \"x\",\n  oops\n}");
        coroner_db *db;
        struct coroner_error err;
        ck_assert_int_eq(coroner_db_new(&db), 0);
        ck_assert_int_eq(coroner_db_load_dir(db, dir, &err), CORONER_E_SIGNATURE);
        ck_assert_msg(strstr(err.where, "bad.json:3:"), "%s", err.where);
        coroner_db_free(db);
        clean_dir();
}
END_TEST

START_TEST(bad_pattern_has_offset)
{
        fresh_dir();
        write_sig("bad.json", SIG("t.bad", "{\"line\": \"abc(def\"}", ""));
        coroner_db *db;
        struct coroner_error err;
        ck_assert_int_eq(coroner_db_new(&db), 0);
        ck_assert_int_eq(coroner_db_load_dir(db, dir, &err), CORONER_E_SIGNATURE);
        ck_assert_msg(strstr(err.message, "offset 7"), "%s", err.message);
        coroner_db_free(db);
        clean_dir();
}
END_TEST

START_TEST(deferred_patterns_compile_on_use_and_check_names_a_broken_one)
{
        fresh_dir();
        write_sig("bad.json", SIG("t.bad", "{\"line\": \"abc(def\"}", ""));
        write_sig("good.json", SIG("t.good", "{\"line\": \"disk (?<size>\\\\d+) full\"}", ""));
        coroner_db *db;
        struct coroner_error err;
        ck_assert_int_eq(coroner_db_new(&db), 0);
        coroner_db_set_defer_compile(db, true);
        ck_assert_int_eq(coroner_db_load_dir(db, dir, &err), 0);  /* nothing compiled yet */
        coroner_db_set_defer_compile(db, false);
        coroner_analysis *a = analyse(db, "disk 42 full\nabc(def\n");
        ck_assert_uint_eq(coroner_analysis_diagnosis_count(a), 1);
        ck_assert_str_eq(coroner_analysis_diagnosis_id(a, 0), "t.good");
        coroner_analysis_free(a);
        char *report;
        int warnings;
        ck_assert_int_gt(coroner_db_check(db, &report, &warnings), 0);
        ck_assert_msg(strstr(report, "bad.json") && strstr(report, "offset 7"), "%s", report);
        free(report);
        coroner_db_free(db);
        clean_dir();
}
END_TEST

START_TEST(missing_fields_are_named)
{
        fresh_dir();
        write_sig("bad.json", "{\"id\": \"t.x\", \"title\": \"T\"}");
        coroner_db *db;
        struct coroner_error err;
        ck_assert_int_eq(coroner_db_new(&db), 0);
        ck_assert_int_eq(coroner_db_load_dir(db, dir, &err), CORONER_E_SIGNATURE);
        ck_assert_msg(strstr(err.message, "category"), "%s", err.message);
        coroner_db_free(db);
        clean_dir();
}
END_TEST

START_TEST(check_runs_samples)
{
        fresh_dir();
        write_sig("ok.json",
                  "{\"id\": \"t.ok\", \"title\": \"T\", \"category\": \"disk-full\", \"severity\": \"error\","
                  " \"role\": \"root-cause\", \"summary\": \"s\", \"fixes\": [\"f\"], \"references\": [\"r\"],"
                  " \"match\": {\"message\": \"No space left on device\"},"
                  " \"samples\": {\"match\": [\"OSError: [Errno 28] No space left on device\"],"
                  " \"no_match\": [\"OSError: [Errno 2] No such file or directory\", \"No space left on device\"]}}");
        coroner_db *db;
        ck_assert_int_eq(coroner_db_new(&db), 0);
        ck_assert_int_eq(coroner_db_load_dir(db, dir, NULL), 0);
        char *report;
        int warnings;
        ck_assert_int_eq(coroner_db_check(db, &report, &warnings), 0);
        free(report);
        coroner_db_free(db);
        clean_dir();
}
END_TEST

/* A pre-filter whose anchors were chosen from the words of an input passes
 * exactly the lines the plain one passes, with the same watchers: checked
 * with the real database on every corpus line, the counts taken from the
 * corpus itself so that many anchors move. */
static void watch_set(const struct prefilter *pf, size_t n_watchers, const char *s, size_t n, struct watch_hits *h,
                      char *out, size_t cap)
{
        int pass = prefilter_line_watch(pf, s, n, h);
        /* With a list the scan goes to the line's end: every watcher and
         * tag in it is listed, whatever the pass. */
        size_t used = (size_t)snprintf(out, cap, "%s/%u:", pass & PF_FULL ? "decode" : pass ? "watch" : "skip",
                                       (unsigned)h->tags);
        for (size_t w = 0; w < n_watchers; w++)
                if (h->seen[w] && used + 12 < cap)
                        used += (size_t)snprintf(out + used, cap - used, "%zu,", w);
        for (size_t i = 0; i < h->n; i++)
                h->seen[h->list[i]] = 0;
}

START_TEST(observed_prefilter_passes_the_same_lines)
{
        coroner_db *db;
        ck_assert_int_eq(coroner_db_new(&db), 0);
        ck_assert_int_eq(coroner_db_load_dir(db, TOP_SRCDIR "/signatures", NULL), 0);
        ck_assert_int_eq(db_prepare(db), 0);
        glob_t logs;
        ck_assert_int_eq(glob(TOP_SRCDIR "/corpus/*/log.txt", 0, NULL, &logs), 0);
        struct observed *seen = calloc(1, sizeof *seen);
        char *line = NULL;
        size_t cap = 0;
        for (size_t i = 0; i < logs.gl_pathc; i++) {
                FILE *f = fopen(logs.gl_pathv[i], "r");
                ssize_t n;
                while ((n = getline(&line, &cap, f)) > 0)
                        observed_add_line(seen, line, (size_t)n);
                fclose(f);
        }
        struct prefilter *adapted;
        ck_assert_int_eq(prefilter_build_observed(db->pf, seen, &adapted), 0);
        size_t nw = db->n_watchers;
        struct watch_hits h = { .seen = calloc(nw + 1, 1), .list = calloc(nw + 1, sizeof *h.list) };
        char plain[4096], other[4096];
        size_t lines = 0, passed = 0;
        for (size_t i = 0; i < logs.gl_pathc; i++) {
                FILE *f = fopen(logs.gl_pathv[i], "r");
                ssize_t n;
                while ((n = getline(&line, &cap, f)) > 0) {
                        watch_set(db->pf, nw, line, (size_t)n - 1, &h, plain, sizeof plain);
                        watch_set(adapted, nw, line, (size_t)n - 1, &h, other, sizeof other);
                        ck_assert_msg(strcmp(plain, other) == 0, "%s: %s vs %s on: %s", logs.gl_pathv[i], plain,
                                      other, line);
                        /* The watchers-only pre-filter finds the same watchers and tags. */
                        watch_set(db->pf_watch, nw, line, (size_t)n - 1, &h, other, sizeof other);
                        ck_assert_msg(strcmp(strchr(plain, '/'), strchr(other, '/')) == 0, "%s: %s vs %s (watchers) on: %s",
                                      logs.gl_pathv[i], plain, other, line);
                        lines++;
                        passed += plain[0] != 's';
                }
                fclose(f);
        }
        ck_assert_uint_gt(lines, 3000);
        ck_assert_uint_gt(passed, 1000);
        free(h.seen);
        free(h.list);
        free(line);
        free(seen);
        globfree(&logs);
        prefilter_free(adapted);
        coroner_db_free(db);
}
END_TEST

Suite *suite(void)
{
        Suite *s = suite_create("match");
        TCase *tc = tcase_create("match");
        tcase_add_test(tc, match_and_captures);
        tcase_add_test(tc, line_signature_and_specificity);
        tcase_add_test(tc, literal_extraction);
        tcase_add_test(tc, deferred_patterns_compile_on_use_and_check_names_a_broken_one);
        tcase_add_test(tc, where_conditions_on_captures);
        tcase_add_test(tc, malformed_json_has_line_and_column);
        tcase_add_test(tc, bad_pattern_has_offset);
        tcase_add_test(tc, missing_fields_are_named);
        tcase_add_test(tc, check_runs_samples);
        tcase_add_test(tc, observed_prefilter_passes_the_same_lines);
        tcase_set_timeout(tc, 60);
        suite_add_tcase(s, tc);
        return s;
}
