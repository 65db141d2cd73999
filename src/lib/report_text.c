/* report_text.c — the terminal report for the person on call: the top
 * diagnosis in full (what happened, evidence, fixes, where and how often),
 * then the rest one line each, consequences marked. */
#include "config.h"
#include "report.h"

#include <stdlib.h>
#include <string.h>

struct style {
        const char *bold, *red, *yellow, *dim, *reset;
};

static const char *sev_color(const struct style *st, coroner_severity s)
{
        return s >= CORONER_SEV_ERROR ? st->red : s == CORONER_SEV_WARNING ? st->yellow : st->dim;
}

static void put_safe(struct strbuf *sb, const char *s, size_t max)
{
        char *t = report_safe_text(s, max, false);
        sb_puts(sb, t ? t : "");
        free(t);
}

static void where_line(struct strbuf *sb, const struct diagnosis *d)
{
        sb_printf(sb, "   Seen %zu time%s", d->count, d->count == 1 ? "" : "s");
        char when[TIME_TEXT];
        if (d->first_has_time) {
                format_local_time(d->first_usec, when);
                sb_printf(sb, ", first %s", when);
                if (d->count > 1 && d->last_has_time && d->last_usec / 1000000 != d->first_usec / 1000000) {
                        format_local_time(d->last_usec, when);
                        sb_printf(sb, ", last %s", when);
                }
        }
        if (d->n_streams_total > 0) {
                sb_printf(sb, ", in %zu stream%s:", d->n_streams_total, d->n_streams_total == 1 ? "" : "s");
                for (size_t i = 0; i < d->n_streams && i < 8; i++) {
                        const struct stream_id *s = &d->streams[i];
                        sb_puts(sb, i ? ", " : " ");
                        bool any = false;
                        if (s->host[0]) {
                                put_safe(sb, s->host, 64);
                                any = true;
                        }
                        if (s->ident[0]) {
                                sb_puts(sb, any ? " " : "");
                                put_safe(sb, s->ident, 64);
                                any = true;
                        }
                        if (s->pid) {
                                sb_printf(sb, "%s[%ld]", any && !s->ident[0] ? " " : "", s->pid);
                                any = true;
                        }
                        if (s->tag[0]) {
                                sb_puts(sb, any ? " " : "");
                                put_safe(sb, s->tag, 64);
                                any = true;
                        }
                        if (s->unit[0]) {
                                sb_puts(sb, any ? " " : "");
                                put_safe(sb, s->unit, 80);
                                if (s->invocation[0])
                                        sb_printf(sb, " (run %.8s)", s->invocation);
                                any = true;
                        }
                        if (!any)
                                sb_puts(sb, "(untagged)");
                }
                if (d->n_streams_total > 8)
                        sb_printf(sb, " and %zu more", d->n_streams_total - 8);
        }
        sb_puts(sb, ".\n");
}

static void frame_words(struct strbuf *sb, const struct frame_ref *f)
{
        put_safe(sb, f->function[0] ? f->function : "?", 120);
        sb_puts(sb, " (");
        put_safe(sb, f->file, 300);
        sb_printf(sb, ":%d", f->line);
        if (f->kind == FRAME_LIBRARY && f->package[0]) {
                sb_puts(sb, ", ");
                put_safe(sb, f->package, 64);
        } else if (f->kind != FRAME_LIBRARY) {
                sb_printf(sb, ", %s", frame_kind_name(f->kind));
        }
        sb_puts(sb, ")");
}

/* "Raised in f (file:line, package), called from g (app.py:12, application)." */
static void raised_line(struct strbuf *sb, const struct diagnosis *d)
{
        if (!d->raised_in.set)
                return;
        sb_puts(sb, "   Raised in ");
        frame_words(sb, &d->raised_in);
        if (d->called_from.set) {
                sb_puts(sb, ", called from ");
                frame_words(sb, &d->called_from);
        }
        sb_puts(sb, ".\n");
}

static void full_diagnosis(struct strbuf *sb, const coroner_analysis *a, size_t i,
                           const struct style *st)
{
        const struct diagnosis *d = a->ranking.diags[i];
        sb_printf(sb, "%s#%zu  ", st->bold, i + 1);
        put_safe(sb, d->title, 200);
        sb_printf(sb, "%s\n   %s%s%s · %s · %s · %s · confidence %.2f\n", st->reset, sev_color(st, d->severity),
                  coroner_severity_name(d->severity), st->reset, d->id, report_category(d),
                  report_role(d), d->confidence);
        sb_puts(sb, "   ");
        put_safe(sb, d->summary, 1000);
        sb_putc(sb, '\n');
        if (d->n_evidence) {
                sb_puts(sb, "   Evidence:\n");
                for (size_t k = 0; k < d->n_evidence; k++) {
                        sb_printf(sb, "     %s", st->dim);
                        put_safe(sb, report_input_name(a, d->evidence[k].input), 80);
                        sb_printf(sb, ":%ld%s  ", d->evidence[k].line, st->reset);
                        put_safe(sb, d->evidence[k].text, LIMIT_DISPLAY_BYTES);
                        sb_putc(sb, '\n');
                }
        }
        if (d->n_fixes) {
                sb_puts(sb, "   Fix:\n");
                for (size_t k = 0; k < d->n_fixes; k++) {
                        sb_printf(sb, "     %zu. ", k + 1);
                        put_safe(sb, d->fixes[k], 1000);
                        sb_putc(sb, '\n');
                }
        }
        if (d->sig && d->sig->n_candidates) {
                sb_puts(sb, "   Possible causes, and how to tell them apart:\n");
                size_t order[16];
                size_t n = report_candidate_order(a, d, order, 16);
                for (size_t j = 0; j < n; j++) {
                        size_t k = order[j];
                        sb_puts(sb, report_candidate_seen(a, d, k) ? "     + " : "     - ");
                        put_safe(sb, d->sig->candidates[k].cause, 400);
                        if (report_candidate_seen(a, d, k))
                                sb_puts(sb, " (the log shows evidence of this)");
                        sb_puts(sb, "\n         check: ");
                        put_safe(sb, (d->checks && d->checks[k] ? d->checks[k] : d->sig->candidates[k].check), 400);
                        sb_putc(sb, '\n');
                }
        }
        raised_line(sb, d);
        where_line(sb, d);
        if (d->incomplete)
                sb_puts(sb, "   The traceback was cut off (the input ended or the stream was interrupted).\n");
        sb_printf(sb, "   %sFingerprint %s · %s%s\n", st->dim, d->fingerprint, d->rationale, st->reset);
}

static void short_diagnosis(struct strbuf *sb, const coroner_analysis *a, size_t i,
                            const struct style *st)
{
        const struct diagnosis *d = a->ranking.diags[i];
        sb_printf(sb, "  #%-3zu %s%-8s%s %-10s ", i + 1, sev_color(st, d->severity),
                  coroner_severity_name(d->severity), st->reset, report_role(d));
        put_safe(sb, d->title, 120);
        sb_printf(sb, " (%s)", d->id);
        if (d->count > 1)
                sb_printf(sb, " ×%zu", d->count);
        if (d->first_has_time) {
                char when[TIME_TEXT];
                format_local_time(d->first_usec, when);
                sb_printf(sb, ", first %s", when);
        }
        if (d->explained_by >= 0)
                sb_printf(sb, " — consequence of #%d", d->explained_by + 1);
        if (d->run_order > 1)
                sb_printf(sb, " [earlier run %.8s]", d->run[0] ? d->run : "-");
        sb_putc(sb, '\n');
}

int coroner_report_text(const coroner_analysis *a, const struct coroner_report_options *o, char **ret)
{
        static const struct style plain = { "", "", "", "", "" };
        static const struct style color = { "\033[1m", "\033[31m", "\033[33m", "\033[2m", "\033[0m" };
        const struct style *st = o && o->color ? &color : &plain;
        struct strbuf sb = { 0 };
        uint64_t lines = 0;
        for (size_t i = 0; i < a->n_inputs; i++)
                lines += a->inputs[i].records;
        sb_printf(&sb, "coroner %s: %zu input%s, %llu lines, %zu diagnos%s\n", coroner_version(),
                  a->n_inputs, a->n_inputs == 1 ? "" : "s", (unsigned long long)lines, a->ranking.n,
                  a->ranking.n == 1 ? "is" : "es");
        struct strbuf env = { 0 };
        report_environment_line(a, &env);
        if (env.len) {
                sb_printf(&sb, "%sEnvironment:%s ", st->dim, st->reset);
                sb_append(&sb, env.data, env.len);
                sb_putc(&sb, '\n');
        }
        sb_free(&env);
        for (size_t i = 0; i < a->n_inputs; i++)
                if (!a->inputs[i].complete) {
                        sb_printf(&sb, "%swarning:%s ", st->yellow, st->reset);
                        put_safe(&sb, a->inputs[i].name, 200);
                        sb_puts(&sb, ": ");
                        put_safe(&sb, a->inputs[i].error ? a->inputs[i].error : "incomplete", 400);
                        sb_puts(&sb, " (diagnoses below use what was read)\n");
                }
        if (a->ranking.n == 0) {
                sb_puts(&sb, "\nNo known failure and no traceback found.\n");
        } else {
                sb_putc(&sb, '\n');
                full_diagnosis(&sb, a, 0, st);
                size_t full = o && o->verbose ? a->ranking.n : 1;
                for (size_t i = 1; i < full; i++) {
                        sb_putc(&sb, '\n');
                        full_diagnosis(&sb, a, i, st);
                }
                if (full < a->ranking.n) {
                        sb_puts(&sb, "\nAlso found:\n");
                        for (size_t i = full; i < a->ranking.n; i++)
                                short_diagnosis(&sb, a, i, st);
                }
        }
        if (a->ranking.dropped_events)
                sb_printf(&sb, "\n%zu events were not kept (more than %d distinct diagnoses).\n",
                          a->ranking.dropped_events, LIMIT_DIAGNOSES);
        if (a->ranking.failure_lines_folded)
                sb_printf(&sb, "\n%zu more line%s worded as failures (\"failed\", \"cannot\") are not listed: the diagnoses above explain their runs.\n",
                          a->ranking.failure_lines_folded, a->ranking.failure_lines_folded == 1 ? "" : "s");
        char *s = sb_take(&sb);
        if (!s)
                return CORONER_E_NOMEM;
        *ret = s;
        return 0;
}

int coroner_report_text_one(const coroner_analysis *a, size_t index,
                            const struct coroner_report_options *o, char **ret)
{
        static const struct style plain = { "", "", "", "", "" };
        static const struct style color = { "\033[1m", "\033[31m", "\033[33m", "\033[2m", "\033[0m" };
        if (index >= a->ranking.n)
                return CORONER_E_USAGE;
        struct strbuf sb = { 0 };
        full_diagnosis(&sb, a, index, o && o->color ? &color : &plain);
        sb_putc(&sb, '\n');
        char *s = sb_take(&sb);
        if (!s)
                return CORONER_E_NOMEM;
        *ret = s;
        return 0;
}

void report_environment_line(const coroner_analysis *a, struct strbuf *sb)
{
        const struct facts *f = &a->facts;
        const struct fact_item *it;
        const char *sep = "";
#define PART(...) do { sb_puts(sb, sep); sb_printf(sb, __VA_ARGS__); sep = " · "; } while (0)
        if ((it = facts_get(f, FACT_PYTHON, NULL)))
                PART("python %.20s", it->value);
        for (size_t i = 0; i < f->n; i++)
                if (f->items[i].kind == FACT_PACKAGE)
                        PART("%.40s %.40s", f->items[i].key, f->items[i].value);
        if ((it = facts_get(f, FACT_CUDA, NULL)))
                PART("CUDA %.20s", it->value);
        if ((it = facts_get(f, FACT_NCCL, NULL)))
                PART("NCCL %.20s", it->value);
        if ((it = facts_get(f, FACT_DRIVER, NULL)))
                PART("driver %.20s", it->value);
        for (size_t i = 0; i < f->n; i++)
                if (f->items[i].kind == FACT_GPU)
                        PART("NVIDIA %.60s", f->items[i].value);
        if ((it = facts_get(f, FACT_TP, NULL)))
                PART("TP %.10s", it->value);
        if ((it = facts_get(f, FACT_MODEL, NULL)))
                PART("model %.120s", it->value);
        if (sb->len && !facts_get(f, FACT_DRIVER, NULL))
                PART("(driver version not in the log)");
#undef PART
        if (sb->len) {
                /* Facts come from the log: keep them printable. */
                char *t = report_safe_text(sb->data, 600, false);
                sb->len = 0;
                sb_puts(sb, t ? t : "");
                free(t);
        }
}
