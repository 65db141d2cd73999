/* analysis.c — the pipeline: read -> decode -> assemble -> match -> rank.
 *
 * One analysis takes any number of inputs one after the other and keeps, in
 * bounded memory, the diagnoses found so far. A failing input keeps what was
 * read before the fault.
 */
#include "config.h"
#include "internal.h"
#include "read.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static bool has_substance(const struct event *ev)
{
        for (size_t i = 0; i < ev->n_excs; i++)
                if ((ev->excs[i].type && ev->excs[i].type[0]) || ev->excs[i].n_frames)
                        return true;
        return false;
}

/* The assembler's sink: match each event and rank what matched. */
static void on_event(void *ctx, struct event *ev)
{
        coroner_analysis *a = ctx;
        struct match_result m;
        if (match_event(a->db, a->md, ev, &m)) {
                ranking_add(&a->ranking, ev, &m);
                match_result_free(&m);
                return;
        }
        /* Unknown tracebacks and bare exceptions are reported; plain lines and
         * unknown warnings are not. */
        if (ev->kind == EVENT_TRACEBACK && !has_substance(ev))
                return;  /* a bare header with nothing after it says nothing */
        if (ev->kind == EVENT_TRACEBACK ||
            (ev->kind == EVENT_EXCEPTION && !strstr(ev->excs[0].type, "Warning")))
                ranking_add(&a->ranking, ev, NULL);
}

int coroner_analysis_new(coroner_db *db, const struct coroner_options *opts,
                         coroner_analysis **ret)
{
        enum line_shape shape = SHAPE_AUTO;
        if (opts && opts->input_format && line_shape_parse(opts->input_format, &shape) < 0)
                return CORONER_E_USAGE;
        int r = db_prepare(db);
        if (r < 0)
                return r;
        coroner_analysis *a = xmalloc_or_null(sizeof *a);
        if (!a)
                return CORONER_E_NOMEM;
        a->db = db;
        if (opts)
                a->opts = *opts;
        a->md = pcre2_match_data_create(32, NULL);
        decoder_init(&a->decoder, shape);
        a->assembler = assembler_new(on_event, a);
        if (!a->assembler || !a->md) {
                assembler_free(a->assembler);
                pcre2_match_data_free(a->md);
                free(a);
                return CORONER_E_NOMEM;
        }
        *ret = a;
        return 0;
}

void coroner_analysis_free(coroner_analysis *a)
{
        if (!a)
                return;
        assembler_free(a->assembler);
        pcre2_match_data_free(a->md);
        facts_free(&a->facts);
        ranking_free(&a->ranking);
        for (size_t i = 0; i < a->n_inputs; i++) {
                free(a->inputs[i].name);
                free(a->inputs[i].error);
        }
        free(a->inputs);
        free(a);
}

int analysis_add_input(coroner_analysis *a, const char *name)
{
        struct input_info *p = realloc(a->inputs, (a->n_inputs + 1) * sizeof *p);
        if (!p)
                return CORONER_E_NOMEM;
        a->inputs = p;
        memset(&p[a->n_inputs], 0, sizeof *p);
        p[a->n_inputs].name = strndup_safe(name, strlen(name));
        p[a->n_inputs].compression = "none";
        p[a->n_inputs].complete = true;
        return (int)a->n_inputs++;
}

void analysis_feed_record(coroner_analysis *a, int input, const struct record *r,
                          const char *raw, size_t raw_len)
{
        facts_scan(a->db, &a->facts, a->md, r->msg, r->msg_len, input, (long)a->inputs[input].lines + 1);
        assembler_feed(a->assembler, input, (long)++a->inputs[input].lines, a->seq++, r, raw, raw_len);
}

static void feed_line(coroner_analysis *a, int input, const char *line, size_t len)
{
        struct record r;
        a->inputs[input].records++;
        /* The fast path: no traceback is open and the line holds no word any
         * signature or the assembler looks for, so it cannot matter. */
        int pass = a->db->reference ? PF_FULL : prefilter_line(a->db->pf, line, len);
        if (!(pass & PF_FULL) && !assembler_busy(a->assembler)) {
                /* Only facts or candidate evidence can be here. */
                a->inputs[input].lines++;
                if (pass & PF_WATCH)
                        facts_scan(a->db, &a->facts, a->md, line, len, input, (long)a->inputs[input].lines);
                a->seq++;
                return;
        }
        if ((a->seq & 31) == 0)
                assembler_sweep(a->assembler, a->seq);
        decode_line(&a->decoder, line, len, &r);
        analysis_feed_record(a, input, &r, line, len);
}

void analysis_emit_new(coroner_analysis *a, void (*on_diagnosis)(void *, const coroner_analysis *, size_t),
                       void *ctx)
{
        for (; a->emitted < a->ranking.n; a->emitted++) {
                ranking_score_one(&a->ranking, a->emitted);
                if (on_diagnosis)
                        on_diagnosis(ctx, a, a->emitted);
        }
}

static int read_source(coroner_analysis *a, struct source *src, int input, struct coroner_error *err)
{
        struct input_info *in = &a->inputs[input];
        in->compression = compression_name(source_compression(src));
        source_start_pump(src);
        struct line_reader *lr;
        int r = line_reader_new(src, &lr);
        if (r < 0)
                return r;
        const char *line;
        size_t len;
        while ((r = line_reader_next(lr, &line, &len, err)) > 0)
                feed_line(a, input, line, len);
        in->bytes = line_reader_bytes(lr);
        line_reader_free(lr);
        assembler_end_input(a->assembler, input);
        if (r < 0) {
                in->complete = false;
                char buf[1100];
                snprintf(buf, sizeof buf, "%s", err ? err->message : coroner_strerror(r));
                in->error = strndup_safe(buf, strlen(buf));
        }
        return r;
}

int coroner_analysis_read_fd(coroner_analysis *a, int fd, const char *name, struct coroner_error *err)
{
        int input = analysis_add_input(a, name);
        if (input < 0)
                return input;
        struct source *src;
        int r = source_open_fd(fd, name, false, &src, err);
        if (r < 0) {
                a->inputs[input].complete = false;
                a->inputs[input].error = strndup_safe(err ? err->message : "", err ? strlen(err->message) : 0);
                return r;
        }
        r = read_source(a, src, input, err);
        source_free(src);
        return r;
}

int coroner_analysis_read_path(coroner_analysis *a, const char *path, struct coroner_error *err)
{
        if (!path || strcmp(path, "-") == 0)
                return coroner_analysis_read_fd(a, STDIN_FILENO, "-", err);
        int input = analysis_add_input(a, path);
        if (input < 0)
                return input;
        struct source *src;
        int r = source_open_path(path, &src, err);
        if (r < 0) {
                a->inputs[input].complete = false;
                a->inputs[input].error = strndup_safe(err ? err->message : "", err ? strlen(err->message) : 0);
                return r;
        }
        r = read_source(a, src, input, err);
        source_free(src);
        return r;
}

int coroner_analysis_read_text(coroner_analysis *a, const char *name, const char *text, size_t len)
{
        int input = analysis_add_input(a, name);
        if (input < 0)
                return input;
        while (len > 0) {
                const char *nl = memchr(text, '\n', len);
                size_t n = nl ? (size_t)(nl - text) : len;
                feed_line(a, input, text, n < LIMIT_LINE_BYTES ? n : LIMIT_LINE_BYTES);
                a->inputs[input].bytes += n + (nl != NULL);
                if (!nl)
                        break;
                text = nl + 1;
                len -= n + 1;
        }
        assembler_end_input(a->assembler, input);
        return 0;
}

/* A signature that declares the package versions it applies to: where the
 * log shows a version outside them, the diagnosis is kept but demoted to
 * info; where the log shows none, the rationale says so. */
static void apply_version_conditions(coroner_analysis *a)
{
        for (size_t i = 0; i < a->ranking.n; i++) {
                struct diagnosis *d = a->ranking.diags[i];
                const cJSON *req;
                if (!d->sig || !d->sig->requires)
                        continue;
                cJSON_ArrayForEach(req, d->sig->requires) {
                        const struct fact_item *it = facts_get(&a->facts, FACT_PACKAGE, req->string);
                        if (it && !version_satisfies(it->value, req->valuestring)) {
                                d->severity = CORONER_SEV_INFO;
                                d->version_excluded = true;
                        } else if (!it) {
                                d->version_unknown = true;
                        }
                }
        }
}

int coroner_analysis_finish(coroner_analysis *a)
{
        if (a->finished)
                return 0;
        assembler_end_input(a->assembler, -1);
        apply_version_conditions(a);
        ranking_finish(&a->ranking);
        a->finished = true;
        return 0;
}

size_t coroner_analysis_diagnosis_count(const coroner_analysis *a) { return a->ranking.n; }

const char *coroner_analysis_diagnosis_id(const coroner_analysis *a, size_t i)
{
        return i < a->ranking.n ? a->ranking.diags[i]->id : NULL;
}

coroner_severity coroner_analysis_diagnosis_severity(const coroner_analysis *a, size_t i)
{
        return i < a->ranking.n ? a->ranking.diags[i]->severity : CORONER_SEV_INFO;
}

/* ---- several inputs at once (-j) ---- */

struct worker {
        coroner_analysis *a;
        const char *const *paths;
        size_t n;
        struct coroner_error *errs;
        int failed;
        pthread_t thread;
};

static void *worker_main(void *arg)
{
        struct worker *w = arg;
        for (size_t i = 0; i < w->n; i++)
                if (coroner_analysis_read_path(w->a, w->paths[i], &w->errs[i]) < 0)
                        w->failed++;
        assembler_end_input(w->a->assembler, -1);
        return NULL;
}

int coroner_analysis_read_paths(coroner_analysis *a, const char *const *paths, size_t n, int jobs,
                                struct coroner_error *errs)
{
        int failed = 0;
        if (jobs > (int)n)
                jobs = (int)n;
        if (jobs <= 1) {
                for (size_t i = 0; i < n; i++)
                        if (coroner_analysis_read_path(a, paths[i], &errs[i]) < 0)
                                failed++;
                return failed;
        }
        /* Contiguous blocks of inputs, each worker's sequence numbers above
         * the previous block's: merged, the result is the sequential one. */
        struct worker *w = calloc((size_t)jobs, sizeof *w);
        if (!w)
                return CORONER_E_NOMEM;
        int started = 0;
        for (int k = 0; k < jobs; k++) {
                size_t from = n * (size_t)k / (size_t)jobs, to = n * (size_t)(k + 1) / (size_t)jobs;
                w[k].paths = paths + from;
                w[k].n = to - from;
                w[k].errs = errs + from;
                if (coroner_analysis_new(a->db, &a->opts, &w[k].a) < 0)
                        break;
                w[k].a->seq = a->seq + ((uint64_t)(k + 1) << 40);
                if (pthread_create(&w[k].thread, NULL, worker_main, &w[k]) != 0) {
                        coroner_analysis_free(w[k].a);
                        w[k].a = NULL;
                        break;
                }
                started++;
        }
        for (int k = 0; k < started; k++) {
                pthread_join(w[k].thread, NULL);
                coroner_analysis *src = w[k].a;
                int offset = (int)a->n_inputs;
                struct input_info *p = realloc(a->inputs, (a->n_inputs + src->n_inputs) * sizeof *p);
                if (p) {
                        a->inputs = p;
                        memcpy(a->inputs + a->n_inputs, src->inputs, src->n_inputs * sizeof *p);
                        a->n_inputs += src->n_inputs;
                        src->n_inputs = 0;
                        ranking_merge(&a->ranking, &src->ranking, offset);
                }
                if (src->seq > a->seq)
                        a->seq = src->seq;
                failed += w[k].failed;
                coroner_analysis_free(src);
        }
        /* Inputs no worker could take are read here. */
        for (int k = started; k < jobs; k++)
                for (size_t i = 0; i < w[k].n; i++)
                        if (coroner_analysis_read_path(a, w[k].paths[i], &w[k].errs[i]) < 0)
                                failed++;
        free(w);
        return failed;
}
