/* report_markdown.c — a report to paste into a ticket: a warning first when
 * an input was not read completely; the environment; the top diagnosis with
 * its fixes (commands in code blocks, prose as prose), the competing causes
 * and the command that tells each apart, what it explains, its evidence;
 * the same for the first diagnosis of each earlier run; the rest in a
 * collapsed table. */
#include "config.h"
#include "report.h"

#include <stdlib.h>
#include <string.h>

enum { MAX_RUNS_IN_FULL = 3 };

/* Prose: Markdown's special characters escaped, no newlines. */
static void put_md(struct strbuf *sb, const char *s, size_t max)
{
        char *t = report_safe_text(s, max, false);
        for (const char *p = t ? t : ""; *p; p++) {
                if (strchr("\\|<>*_`[]#", *p))
                        sb_putc(sb, '\\');
                sb_putc(sb, *p);
        }
        free(t);
}

/* Inside a code span or block: made safe; a backtick could end the span,
 * three could end the block. */
static void put_code(struct strbuf *sb, const char *s, size_t max)
{
        char *t = report_safe_text(s, max, false);
        for (const char *p = t ? t : ""; *p; p++)
                sb_putc(sb, *p == '`' ? '\'' : *p);
        free(t);
}

/* A command as a shell block, indented under a list item. */
static void command_block(struct strbuf *sb, const char *indent, const char *cmd)
{
        sb_printf(sb, "%s```sh\n%s", indent, indent);
        put_code(sb, cmd, 1000);
        sb_printf(sb, "\n%s```\n", indent);
}

static void frame_md(struct strbuf *sb, const struct frame_ref *f)
{
        sb_putc(sb, '`');
        put_code(sb, f->function[0] ? f->function : "?", 120);
        sb_puts(sb, "` at `");
        put_code(sb, f->file, 300);
        sb_printf(sb, ":%d`", f->line);
}

static void diagnosis_md(struct strbuf *sb, const coroner_analysis *a, size_t i, const char *h)
{
        const struct diagnosis *d = a->ranking.diags[i];
        sb_printf(sb, "%s #%zu ", h, i + 1);
        put_md(sb, d->title, 200);
        char role[32];
        sb_printf(sb, "\n\nseverity **%s** · category `%s` · %s · confidence %.2f · `%s`\n\n",
                  coroner_severity_name(d->severity), report_category(d), report_role_words(d, role),
                  d->confidence, d->id);
        put_md(sb, d->summary, 1000);
        sb_puts(sb, "\n");
        if (d->raised_in.set) {
                sb_puts(sb, "\nRaised in ");
                frame_md(sb, &d->raised_in);
                if (d->called_from.set) {
                        sb_puts(sb, ", called from ");
                        frame_md(sb, &d->called_from);
                }
                sb_puts(sb, ".\n");
        }
        char when[TIME_TEXT] = "";
        if (d->first_has_time)
                format_local_time(d->first_usec, when);
        sb_printf(sb, "\nSeen %zu time%s%s%s, in %zu stream%s.\n", d->count, d->count == 1 ? "" : "s",
                  when[0] ? ", first at " : "", when, d->n_streams_total, d->n_streams_total == 1 ? "" : "s");
        if (d->n_fixes) {
                sb_puts(sb, "\n**Fix**\n\n");
                for (size_t k = 0; k < d->n_fixes; k++) {
                        sb_printf(sb, "%zu. ", k + 1);
                        if (report_fix_is_command(d->fixes[k])) {
                                sb_puts(sb, "Run:\n");
                                command_block(sb, "   ", d->fixes[k]);
                        } else {
                                put_md(sb, d->fixes[k], 1000);
                                sb_putc(sb, '\n');
                        }
                }
        }
        if (d->sig && d->sig->n_candidates) {
                sb_puts(sb, "\n**Possible causes, and how to tell them apart**\n\n");
                size_t order[16];
                size_t n = report_candidate_order(a, d, order, 16);
                for (size_t j = 0; j < n; j++) {
                        size_t k = order[j];
                        sb_puts(sb, "- ");
                        put_md(sb, d->sig->candidates[k].cause, 400);
                        sb_puts(sb, report_candidate_seen(a, d, k) ? " — *the log shows evidence of this*\n" : "\n");
                        command_block(sb, "  ", d->checks && d->checks[k] ? d->checks[k] : d->sig->candidates[k].check);
                }
        }
        bool explains = false;
        for (size_t k = 0; k < a->ranking.n; k++) {
                const struct diagnosis *e = a->ranking.diags[k];
                if (e->explained_by != (int)i)
                        continue;
                if (!explains)
                        sb_puts(sb, "\n**Explains** (consequences of this failure)\n\n");
                explains = true;
                sb_printf(sb, "- #%zu ", k + 1);
                put_md(sb, e->title, 200);
                sb_printf(sb, " (`%s`%s", e->id, e->count > 1 ? ", " : ")\n");
                if (e->count > 1)
                        sb_printf(sb, "×%zu)\n", e->count);
        }
        if (d->n_evidence) {
                sb_puts(sb, "\n**Evidence**\n\n```\n");
                for (size_t k = 0; k < d->n_evidence; k++) {
                        put_code(sb, report_input_name(a, d->evidence[k].input), 100);
                        sb_printf(sb, ":%ld  ", d->evidence[k].line);
                        put_code(sb, d->evidence[k].text, LIMIT_DISPLAY_BYTES);
                        sb_putc(sb, '\n');
                }
                sb_puts(sb, "```\n");
        }
        sb_printf(sb, "\nFingerprint `%s`.\n", d->fingerprint);
}

/* "> Note: `NAME`: what" — an input read completely that the reader
 * should still know about. */
static void input_remark(struct strbuf *sb, const char *label, const struct input_info *in, const char *what)
{
        sb_printf(sb, "> %s `", label);
        put_code(sb, in->name, 200);
        sb_puts(sb, "`: ");
        put_md(sb, what, 400);
        sb_puts(sb, "\n\n");
}

int coroner_report_markdown(const coroner_analysis *a, char **ret)
{
        struct strbuf sb = { 0 };
        bool incomplete = false;
        for (size_t i = 0; i < a->n_inputs; i++)
                if (!a->inputs[i].complete) {
                        if (!incomplete)
                                sb_puts(&sb, "> **Warning: an input was not read completely.** "
                                              "The diagnoses below use what was read.\n>\n");
                        incomplete = true;
                        sb_puts(&sb, "> - `");
                        put_code(&sb, a->inputs[i].name, 200);
                        sb_puts(&sb, "`: ");
                        put_md(&sb, a->inputs[i].error ? a->inputs[i].error : "incomplete", 400);
                        sb_putc(&sb, '\n');
                }
        if (incomplete)
                sb_putc(&sb, '\n');
        for (size_t i = 0; i < a->n_inputs; i++) {
                if (a->inputs[i].warning)
                        input_remark(&sb, "**Warning:**", &a->inputs[i], a->inputs[i].warning);
                if (a->inputs[i].note)
                        input_remark(&sb, "Note:", &a->inputs[i], a->inputs[i].note);
        }
        struct strbuf env = { 0 };
        report_environment_line(a, &env);
        if (env.len) {
                sb_puts(&sb, "**Environment:** ");
                put_md(&sb, env.data, 1000);
                sb_puts(&sb, "\n\n");
        }
        sb_free(&env);
        size_t n_runs = 0;
        struct report_run *runs = report_runs(a, MAX_RUNS_IN_FULL, &n_runs);
        if (a->ranking.n == 0) {
                sb_puts(&sb, incomplete ? "## coroner: no failure found in what could be read\n"
                                        : "## coroner: no known failure found\n");
        }
        for (size_t k = 0; runs && k < n_runs; k++) {
                const struct report_run *r = &runs[k];
                if (!r->full)
                        continue;
                if (k > 0) {
                        const struct diagnosis *d = a->ranking.diags[r->start];
                        bool invocation = d->run[0] && strncmp(d->run, "run-", 4) != 0;
                        char when[TIME_TEXT] = "";
                        if (d->first_has_time)
                                format_local_time(d->first_usec, when);
                        sb_printf(&sb, "\n---\n\n## Earlier run%s%.8s%s%s%s\n\n", invocation ? " `" : "",
                                  invocation ? d->run : "", invocation ? "`" : "", when[0] ? ", failing from " : "", when);
                }
                diagnosis_md(&sb, a, r->start, k == 0 ? "##" : "###");
                if (r->repeats)
                        sb_printf(&sb, "\n%zu earlier run%s failed the same way.\n", r->repeats,
                                  r->repeats == 1 ? "" : "s");
        }
        free(runs);
        if (a->ranking.n > 1) {
                sb_printf(&sb, "\n<details><summary>All %zu diagnoses</summary>\n\n", a->ranking.n);
                sb_puts(&sb, "| # | severity | role | diagnosis | id | count | run |\n|---|---|---|---|---|---|---|\n");
                for (size_t i = 0; i < a->ranking.n; i++) {
                        const struct diagnosis *e = a->ranking.diags[i];
                        char role[32];
                        sb_printf(&sb, "| %zu | %s | %s | ", i + 1, coroner_severity_name(e->severity),
                                  report_role_words(e, role));
                        put_md(&sb, e->title, 160);
                        sb_printf(&sb, " | `%s` | %zu | %d |\n", e->id, e->count, e->run_order);
                }
                sb_puts(&sb, "\n</details>\n");
        }
        if (a->ranking.folded_events)
                sb_printf(&sb, "\n%zu more events of failures no signature names were folded: past %d distinct "
                          "ones, they are counted, not listed.\n", a->ranking.folded_events, LIMIT_DIAGNOSES);
        sb_puts(&sb, "\n<sub>Inputs: ");
        for (size_t i = 0; i < a->n_inputs; i++) {
                if (i)
                        sb_puts(&sb, ", ");
                put_md(&sb, a->inputs[i].name, 100);
                sb_printf(&sb, " (%llu lines%s)", (unsigned long long)a->inputs[i].records,
                          a->inputs[i].complete ? "" : ", incomplete");
        }
        sb_printf(&sb, ". Run 1 is the most recent. coroner %s.</sub>\n", coroner_version());
        char *s = sb_take(&sb);
        if (!s)
                return CORONER_E_NOMEM;
        *ret = s;
        return report_redact_secrets(ret);
}
