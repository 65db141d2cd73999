/* match_check.c — `coroner signatures check`: prove each signature on its
 * own samples through the whole pipeline, and lint its patterns. */
#include "config.h"
#include "match.h"
#include "read.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Runs text through decode/assemble/match with only sig loaded. */
static bool sample_produces(coroner_db *view, const char *text)
{
        coroner_analysis *a;
        if (coroner_analysis_new(view, NULL, &a) < 0)
                return false;
        coroner_analysis_read_text(a, "sample", text, strlen(text));
        coroner_analysis_finish(a);
        bool found = false;
        for (size_t i = 0; i < coroner_analysis_diagnosis_count(a); i++)
                if (strcmp(coroner_analysis_diagnosis_id(a, i), view->sigs[0]->id) == 0)
                        found = true;
        coroner_analysis_free(a);
        return found;
}

/* Nested quantifiers such as (a+)+ or (\w*x)* can backtrack exponentially. */
static bool nested_quantifier(const char *p)
{
        int depth = 0;
        int inner[64] = { 0 };
        for (const char *q = p; *q; q++) {
                if (*q == '\\' && q[1]) {
                        q++;
                        continue;
                }
                if (*q == '[') {
                        while (q[1] && *q != ']')
                                q += (*q == '\\' && q[1]) ? 2 : 1;
                        continue;
                }
                if (*q == '(' && depth < 63)
                        inner[++depth] = 0;
                else if ((*q == '+' || *q == '*') && depth > 0)
                        inner[depth] = 1;
                else if (*q == ')' && depth > 0) {
                        bool had = inner[depth];
                        depth--;
                        if (had && (q[1] == '+' || q[1] == '*' || q[1] == '{'))
                                return true;
                        if (had && depth > 0)
                                inner[depth] = 1;
                }
        }
        return false;
}

enum { HOSTILE_BYTES = 64 * 1024, SLOW_PATTERN_MS = 20 };

/* Milliseconds p takes on subject (the better of two runs). */
static double match_ms(const coroner_db *db, const struct pattern *p, const char *subject, size_t n)
{
        /* The thread's CPU time, the best of three: a busy machine (make -j,
         * a sanitizer build beside) must not make a pattern look slow. */
        double best = 1e9;
        for (int run = 0; run < 3; run++) {
                struct timespec a, b;
                clock_gettime(CLOCK_THREAD_CPUTIME_ID, &a);
                pattern_search(db, p, subject, n, db->md);
                clock_gettime(CLOCK_THREAD_CPUTIME_ID, &b);
                double ms = (double)(b.tv_sec - a.tv_sec) * 1e3 + (double)(b.tv_nsec - a.tv_nsec) / 1e6;
                if (ms < best)
                        best = ms;
        }
        return best;
}

/* Anyone who writes a log line can hand a pattern 64 KiB of the characters
 * it is made of: a pattern whose time grows faster than the line (nested or
 * adjacent quantifiers over the same characters, an unanchored optional
 * prefix) is an error. The lines tried: the pattern's own literal
 * characters in turn, the same without blanks, "a: " repeated, and its
 * first literal with the last byte cut, repeated. Returns the slowest. */
static double hostile_ms(const coroner_db *db, const struct pattern *p, char *subject)
{
        char own[256], solid[256];  /* solid: without blanks, one long \\S+ run */
        size_t n_own = 0, n_solid = 0;
        for (const char *c = p->source; *c && n_own < sizeof own; c++)
                if (!strchr("\\()[]{}?*+|^$.", *c)) {
                        own[n_own++] = *c;
                        if (*c != ' ')
                                solid[n_solid++] = *c;
                }
        char lits[MAX_LITERALS][64];
        size_t n_lits = 0;
        bool caseless;
        if (!pattern_literals(p->source, lits, MAX_LITERALS, &n_lits, &caseless))
                n_lits = 0;
        const char *fills[4] = { n_own ? own : "a", n_solid ? solid : "a", "a: ", n_lits ? lits[0] : "x" };
        size_t lens[4] = { n_own ? n_own : 1, n_solid ? n_solid : 1, 3,
                           n_lits && strlen(lits[0]) > 1 ? strlen(lits[0]) - 1 : 1 };
        double worst = 0;
        for (size_t f = 0; f < 4; f++) {
                for (size_t i = 0; i < HOSTILE_BYTES; i++)
                        subject[i] = fills[f][i % lens[f]];
                double ms = match_ms(db, p, subject, HOSTILE_BYTES);
                if (ms > worst)
                        worst = ms;
        }
        return worst;
}

static void lint_pattern(struct strbuf *out, const coroner_db *db, const struct coroner_signature *s, const char *key,
                         const struct pattern *p, int *warnings, int *errors)
{
        if (p->source && !pattern_code(p)) {
                struct pattern again = { 0 };
                struct coroner_error err = { { 0 }, { 0 } };
                pattern_compile(p->source, &again, s->path, key, &err);  /* for PCRE2's message */
                sb_printf(out, "error: %s: %s\n", err.where, err.message);
                (*errors)++;
                return;
        }
        if (p->source && nested_quantifier(p->source)) {
                sb_printf(out, "warning: %s: %s: pattern \"%s\" nests quantifiers (catastrophic backtracking risk)\n",
                          s->path, key, p->source);
                (*warnings)++;
        }
        char *subject = p->source ? malloc(HOSTILE_BYTES) : NULL;
        double ms = subject ? hostile_ms(db, p, subject) : 0;
        free(subject);
        if (ms > SLOW_PATTERN_MS) {
                sb_printf(out, "error: %s: %s: pattern takes %.0f ms on a hostile 64 KiB line (at most %d): "
                          "anchor what precedes its literal, make quantifiers possessive\n",
                          s->path, key, ms, SLOW_PATTERN_MS);
                (*errors)++;
        }
}

/* A placeholder ({name} or {name?text}) must name a capture of the
 * signature's patterns, or it always renders as "?" or nothing. */
static void lint_placeholders(struct strbuf *out, const struct coroner_signature *s, const char *tmpl,
                              int *warnings)
{
        for (const char *t = tmpl ? strchr(tmpl, '{') : NULL; t; t = strchr(t + 1, '{')) {
                char name[64];
                const char *text, *close;
                if (!template_placeholder(t, name, &text, &close))
                        continue;
                const struct pattern *pats[] = { &s->message, &s->line };
                bool known = false;
                for (size_t i = 0; i < 2; i++) {
                        const pcre2_code *code = pattern_code(pats[i]);
                        known |= code && pattern_has_capture(code, name);
                }
                if (!known) {
                        sb_printf(out, "warning: %s: placeholder {%s} names no capture of the patterns\n", s->path, name);
                        (*warnings)++;
                }
        }
}

static int cmp_literal(const void *a, const void *b)
{
        return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* A knowledge table whose spelling puts the same literal in many entries'
 * patterns ("CUDA error" before an optional ':' and the number) makes the
 * pre-filter name every entry wherever the words appear: each entry's
 * whole pattern then runs on the event (the crash loop's tracebacks ran
 * 134 CUDA patterns each). The literal must carry the entry's own field. */
static void lint_shared_literals(struct strbuf *out, const coroner_db *db, const char *table, int *errors)
{
        size_t n_entries = 0, n = 0, cap = 0;
        char (*lits)[64] = NULL;
        for (size_t i = 0; i < db->n_sigs; i++) {
                const struct coroner_signature *s = db->sigs[i];
                char mine[MAX_LITERALS][64];
                size_t nm = 0;
                bool caseless;
                if (!s->table || strcmp(s->table, table) != 0 || !s->line.source)
                        continue;
                n_entries++;
                if (!pattern_literals(s->line.source, mine, MAX_LITERALS, &nm, &caseless))
                        continue;
                if (n + nm > cap) {
                        size_t want = (n + nm) * 2;
                        char (*more)[64] = realloc(lits, want * sizeof *lits);
                        if (!more)
                                break;
                        lits = more;
                        cap = want;
                }
                for (size_t k = 0; k < nm; k++) {
                        for (char *c = mine[k]; caseless && *c; c++)
                                *c = (char)tolower((unsigned char)*c);
                        memcpy(lits[n++], mine[k], 64);
                }
        }
        const char **sorted = n ? malloc(n * sizeof *sorted) : NULL;
        for (size_t i = 0; sorted && i < n; i++)
                sorted[i] = lits[i];
        if (sorted)
                qsort(sorted, n, sizeof *sorted, cmp_literal);
        size_t limit = n_entries / 4 > 10 ? n_entries / 4 : 10;
        for (size_t i = 0, run; sorted && i < n; i += run) {
                for (run = 1; i + run < n && strcmp(sorted[i], sorted[i + run]) == 0; run++)
                        ;
                if (run > limit) {
                        sb_printf(out, "error: knowledge table %s: the pre-filter literal \"%s\" is in %zu of its %zu "
                                       "entries' patterns: a spelling's literal must hold the entry's own field\n",
                                  table, sorted[i], run, n_entries);
                        (*errors)++;
                }
        }
        free(sorted);
        free(lits);
}

int coroner_db_check(coroner_db *db, char **report, int *ret_warnings)
{
        struct strbuf out = { 0 };
        int errors = db->n_broken, warnings = 0;
        if (db->broken.len)
                sb_append(&out, db->broken.data, db->broken.len);
        /* A one-signature view of db: it borrows all it holds, and only its
         * own pre-filter is freed (never coroner_db_free, which owns). */
        coroner_db view = { 0 };
        view.mctx = db->mctx;
        view.md = db->md;
        if (db_prepare(db) == 0)
                view.fact_rules = db->fact_rules;  /* borrowed, not freed here */
        view.n_sigs = 1;
        for (size_t i = 0; i < db->n_sigs; i++) {
                struct coroner_signature *s = db->sigs[i];
                view.sigs = &db->sigs[i];
                view.generation++;
                if (db_prepare(&view) == 0 && prefilter_line(view.pf, "", 0)) {
                        sb_printf(&out, "warning: %s: no literal text of 4+ characters for the pre-filter: "
                                  "every line must be checked (declare match.literals)\n", s->path);
                        warnings++;
                }
                for (size_t k = 0; k < db->n_dups; k++)
                        if (strcmp(db->dups[k], s->id) == 0) {
                                sb_printf(&out, "error: %s: id \"%s\" is defined more than once\n", s->path, s->id);
                                errors++;
                        }
                /* The id names the file: signatures/<ecosystem>/<slug>.json
                 * (a knowledge entry's id names its table and entry). */
                const char *dot = s->table ? NULL : strchr(s->id, '.');
                if (dot) {
                        char want[300];
                        snprintf(want, sizeof want, "/%.*s/%s.json", (int)(dot - s->id), s->id, dot + 1);
                        size_t wl = strlen(want), pl = strlen(s->path);
                        if (pl < wl || strcmp(s->path + pl - wl, want) != 0) {
                                sb_printf(&out, "warning: %s: id \"%s\" does not match the file name (expected ...%s)\n",
                                          s->path, s->id, want);
                                warnings++;
                        }
                }
                lint_pattern(&out, &view, s, "match.message", &s->message, &warnings, &errors);
                lint_pattern(&out, &view, s, "match.line", &s->line, &warnings, &errors);
                for (size_t k = 0; k < s->n_candidates; k++)
                        lint_pattern(&out, &view, s, "candidates[].evidence", &s->candidates[k].evidence, &warnings,
                                     &errors);
                for (size_t k = 0; k < s->n_candidates; k++)
                        if (s->candidates[k].evidence.source && !s->candidates[k].watched) {
                                sb_printf(&out, "warning: %s: candidate %zu: evidence \"%s\" is never looked for: every "
                                          "alternative needs a literal of 7+ characters (pre-filter)\n",
                                          s->path, k + 1, s->candidates[k].evidence.source);
                                warnings++;
                        }
                lint_placeholders(&out, s, s->summary, &warnings);
                for (size_t k = 0; k < s->n_fixes; k++)
                        lint_placeholders(&out, s, s->fixes[k], &warnings);
                for (size_t k = 0; k < s->n_candidates; k++)
                        lint_placeholders(&out, s, s->candidates[k].check, &warnings);
                const cJSON *samples = cJSON_GetObjectItemCaseSensitive(s->json, "samples");
                const cJSON *item;
                cJSON_ArrayForEach(item, cJSON_GetObjectItemCaseSensitive(samples, "match")) {
                        if (!cJSON_IsString(item)) {
                                sb_printf(&out, "error: %s: samples.match holds a non-string\n", s->path);
                                errors++;
                        } else if (!sample_produces(&view, item->valuestring)) {
                                sb_printf(&out, "error: %s: sample does not match: %.200s\n", s->path, item->valuestring);
                                errors++;
                        }
                }
                const cJSON *no = cJSON_GetObjectItemCaseSensitive(samples, "no_match");
                if (!cJSON_IsArray(no) || cJSON_GetArraySize(no) == 0) {
                        sb_printf(&out, "error: %s: samples.no_match needs at least one near miss\n", s->path);
                        errors++;
                }
                cJSON_ArrayForEach(item, no) {
                        if (cJSON_IsString(item) && sample_produces(&view, item->valuestring)) {
                                sb_printf(&out, "error: %s: counter-sample matches: %.200s\n", s->path, item->valuestring);
                                errors++;
                        }
                }
        }
        db_free_prefilters(&view);
        for (size_t i = 0; i < db->n_sigs; i++) {
                const char *t = db->sigs[i]->table;
                if (t && (i == 0 || !db->sigs[i - 1]->table || strcmp(db->sigs[i - 1]->table, t) != 0))
                        lint_shared_literals(&out, db, t, &errors);
        }
        sb_printf(&out, "%zu signatures, %d errors, %d warnings\n", db->n_sigs, errors, warnings);
        *report = sb_take(&out);
        if (ret_warnings)
                *ret_warnings = warnings;
        return errors;
}

/* ---- coroner signatures test FILE ---- */

static bool diagnosed(const coroner_analysis *a, const char *id)
{
        for (size_t i = 0; i < coroner_analysis_diagnosis_count(a); i++)
                if (strcmp(coroner_analysis_diagnosis_id(a, i), id) == 0)
                        return true;
        return false;
}

int coroner_db_explain(coroner_db *db, const char *path, char **report, struct coroner_error *err)
{
        coroner_analysis *a;
        int r = coroner_analysis_new(db, NULL, &a);
        if (r < 0)
                return r;
        r = coroner_analysis_read_path(a, path, err);
        coroner_analysis_finish(a);
        struct strbuf out = { 0 };
        if (r < 0)
                sb_printf(&out, "warning: %s: %s\n", err->where, err->message);
        sb_printf(&out, "Matched (%zu diagnoses):\n", coroner_analysis_diagnosis_count(a));
        for (size_t i = 0; i < coroner_analysis_diagnosis_count(a); i++)
                sb_printf(&out, "  #%zu %s\n", i + 1, coroner_analysis_diagnosis_id(a, i));

        /* Near misses: a line holds a pattern's literal, but the signature did
         * not produce a diagnosis (the rest of the pattern, the exception type
         * or the frame did not fit). */
        sb_puts(&out, "Near misses:\n");
        struct source *src;
        struct line_reader *lr;
        size_t misses = 0;
        if (source_open_path(path, &src, NULL) == 0) {
                if (line_reader_new(src, &lr) == 0) {
                        size_t *shown = calloc(db->n_sigs + 1, sizeof *shown);
                        const char *line;
                        size_t len;
                        long lineno = 0;
                        while (shown && line_reader_next(lr, &line, &len, NULL) > 0) {
                                lineno++;
                                for (size_t i = 0; i < db->n_sigs; i++) {
                                        const struct coroner_signature *s = db->sigs[i];
                                        if (shown[i] >= 2 || diagnosed(a, s->id))
                                                continue;
                                        const struct pattern *p = s->message.source ? &s->message : &s->line;
                                        char lits[MAX_LITERALS][64];
                                        size_t nl = 0;
                                        bool caseless;
                                        const char *hit = NULL;
                                        if (p->source && pattern_literals(p->source, lits, MAX_LITERALS, &nl, &caseless))
                                                for (size_t k = 0; k < nl && !hit; k++)
                                                        if (memmem(line, len, lits[k], strlen(lits[k])))
                                                                hit = lits[k];
                                        if (!hit)
                                                continue;
                                        bool full = pattern_search(db, p, line, len, db->md);
                                        sb_printf(&out, "  %s: line %ld holds \"%s\" but %s:\n    ", s->id, lineno,
                                                  hit,
                                                  full ? "the exception type, frame or other criteria did not fit"
                                                       : "the whole pattern did not match");
                                        sb_append_display(&out, line, len, 200);
                                        sb_putc(&out, '\n');
                                        shown[i]++;
                                        misses++;
                                }
                        }
                        free(shown);
                        line_reader_free(lr);
                }
                source_free(src);
        }
        if (!misses)
                sb_puts(&out, "  none\n");
        coroner_analysis_free(a);
        *report = sb_take(&out);
        return *report ? 0 : CORONER_E_NOMEM;
}
