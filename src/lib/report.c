/* report.c — what the three renderers share: text made safe to show, the
 * words for a diagnosis's role, the order of its candidate causes, and the
 * environment the log reveals. */
#include "config.h"
#include "report.h"

#include <stdlib.h>
#include <string.h>

char *report_safe_text(const char *s, size_t max, bool keep_newlines)
{
        struct strbuf sb = { 0 };
        if (!s)
                s = "";
        size_t n = strlen(s);
        if (!keep_newlines) {
                sb_append_display(&sb, s, n, max);
        } else {
                while (n) {
                        const char *nl = memchr(s, '\n', n);
                        size_t k = nl ? (size_t)(nl - s) : n;
                        sb_append_display(&sb, s, k, max ? (max > sb.len ? max - sb.len : 1) : 0);
                        if (!nl || (max && sb.len >= max))
                                break;
                        sb_putc(&sb, '\n');
                        s = nl + 1;
                        n -= k + 1;
                }
        }
        return sb_take(&sb);
}

const char *report_role(const struct diagnosis *d)
{
        return d->unrecognized || d->basis == BASIS_ERROR_LINES ? "unknown" : d->symptom ? "symptom" : "root-cause";
}

const char *coroner_analysis_diagnosis_role(const coroner_analysis *a, size_t i)
{
        return i < a->ranking.n ? report_role(a->ranking.diags[i]) : "unknown";
}

const char *coroner_analysis_diagnosis_title(const coroner_analysis *a, size_t i)
{
        return i < a->ranking.n && a->ranking.diags[i]->title ? a->ranking.diags[i]->title : "";
}

const char *report_category(const struct diagnosis *d)
{
        return d->category ? d->category : "unrecognized";
}

const char *report_input_name(const coroner_analysis *a, int input)
{
        return input >= 0 && (size_t)input < a->n_inputs ? a->inputs[input].name : "?";
}

bool report_candidate_seen(const coroner_analysis *a, const struct diagnosis *d, size_t k)
{
        return facts_candidate_seen(&a->facts, a->db, d->sig, k);
}

size_t report_candidate_order(const coroner_analysis *a, const struct diagnosis *d, size_t *order, size_t cap)
{
        size_t n = 0;
        /* Causes the log supports first, then the rest in the signature's order. */
        for (int pass = 0; pass < 2; pass++)
                for (size_t k = 0; d->sig && k < d->sig->n_candidates && n < cap; k++)
                        if (report_candidate_seen(a, d, k) == (pass == 0))
                                order[n++] = k;
        return n;
}

const char *report_basis(const struct diagnosis *d)
{
        static const char *const names[] = { "signature", "knowledge", "blame", "error-lines", "unrecognized" };
        return names[d->basis];
}

struct report_run *report_runs(const coroner_analysis *a, size_t max_full, size_t *n)
{
        const struct ranking *rk = &a->ranking;
        struct report_run *runs = rk->n ? calloc(rk->n, sizeof *runs) : NULL;
        size_t n_runs = 0, n_full = 0;
        for (size_t start = 0; runs && start < rk->n; n_runs++) {
                struct report_run *r = &runs[n_runs];
                r->start = start;
                r->end = start + 1;
                while (r->end < rk->n && rk->diags[r->end]->run_order == rk->diags[start]->run_order)
                        r->end++;
                r->repeat_of = -1;
                for (size_t k = 0; k < n_runs && r->repeat_of < 0; k++)
                        if (runs[k].full && strcmp(rk->diags[runs[k].start]->fingerprint, rk->diags[start]->fingerprint) == 0) {
                                r->repeat_of = (long)k;
                                runs[k].repeats++;
                        }
                r->full = r->repeat_of < 0 && n_full < max_full;
                n_full += r->full;
                start = r->end;
        }
        *n = n_runs;
        return runs;
}

/* What the diagnosis is, in words: never both a root cause and another's
 * consequence; a note is no cause at all. */
const char *report_role_words(const struct diagnosis *d, char buf[32])
{
        if (d->explained_by >= 0)
                snprintf(buf, 32, "consequence of #%d", d->explained_by + 1);
        else if (d->alternative_to >= 0)
                snprintf(buf, 32, "alternative to #%d", d->alternative_to + 1);
        else if (d->severity <= CORONER_SEV_INFO)
                snprintf(buf, 32, "note");
        else if (d->unrecognized || d->basis == BASIS_ERROR_LINES)
                snprintf(buf, 32, "cause unknown");
        else
                snprintf(buf, 32, "%s", d->symptom ? "symptom" : "root cause");
        return buf;
}

bool report_fix_is_command(const char *fix)
{
        return text_is_command(fix);
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

bool report_diagnosis_on_host(const struct diagnosis *d, const char *host)
{
        for (size_t k = 0; k < d->n_streams; k++)
                if (strcmp(d->streams[k].host, host) == 0)
                        return true;
        return false;
}

size_t report_hosts(const coroner_analysis *a, const struct diagnosis *only, const char **hosts, size_t cap)
{
        const char *seen[256];
        size_t n = 0;
        for (size_t i = 0; i < a->ranking.n; i++) {
                const struct diagnosis *d = a->ranking.diags[i];
                if (only && d != only)
                        continue;
                for (size_t k = 0; k < d->n_streams && n < 256; k++) {
                        const char *h = d->streams[k].host;
                        bool dup = !h[0] || strcmp(h, "-") == 0;
                        for (size_t j = 0; j < n && !dup; j++)
                                dup = strcmp(seen[j], h) == 0;
                        if (!dup) {
                                if (hosts && n < cap)
                                        hosts[n] = h;
                                seen[n++] = h;
                        }
                }
        }
        return n;
}
