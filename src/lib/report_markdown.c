/* report_markdown.c — a report to paste into a ticket: the top diagnosis,
 * its fixes and evidence, then the rest in a collapsed section. */
#include "config.h"
#include "report.h"

#include <stdlib.h>
#include <string.h>

/* Text inside a Markdown table cell or heading: no pipes, no newlines. */
static void put_md(struct strbuf *sb, const char *s, size_t max)
{
        char *t = report_safe_text(s, max, false);
        for (const char *p = t ? t : ""; *p; p++) {
                if (strchr("|<>*_`[]", *p))
                        sb_putc(sb, '\\');
                sb_putc(sb, *p);
        }
        free(t);
}

static void put_code(struct strbuf *sb, const char *s, size_t max)
{
        char *t = report_safe_text(s, max, false);
        for (const char *p = t ? t : ""; *p; p++)
                sb_putc(sb, *p == '`' ? '\'' : *p);
        free(t);
}

int coroner_report_markdown(const coroner_analysis *a, char **ret)
{
        struct strbuf sb = { 0 };
        if (a->ranking.n == 0) {
                sb_puts(&sb, "## coroner: no known failure found\n");
        } else {
                const struct diagnosis *d = a->ranking.diags[0];
                sb_puts(&sb, "## ");
                put_md(&sb, d->title, 200);
                sb_printf(&sb, "\n\n**%s** · `%s` · %s · %s · confidence %.2f\n\n",
                          coroner_severity_name(d->severity), d->id, report_category(d), report_role(d),
                          d->confidence);
                put_md(&sb, d->summary, 1000);
                if (d->raised_in.set) {
                        sb_puts(&sb, "\n\nRaised in `");
                        put_code(&sb, d->raised_in.file, 300);
                        sb_printf(&sb, ":%d`", d->raised_in.line);
                        if (d->called_from.set) {
                                sb_puts(&sb, ", called from `");
                                put_code(&sb, d->called_from.file, 300);
                                sb_printf(&sb, ":%d`", d->called_from.line);
                        }
                        sb_puts(&sb, ".");
                }
                sb_puts(&sb, "\n\n### Fix\n\n");
                for (size_t k = 0; k < d->n_fixes; k++) {
                        sb_printf(&sb, "%zu. `", k + 1);
                        put_code(&sb, d->fixes[k], 1000);
                        sb_puts(&sb, "`\n");
                }
                if (d->n_evidence) {
                        sb_puts(&sb, "\n### Evidence\n\n```\n");
                        for (size_t k = 0; k < d->n_evidence; k++) {
                                put_code(&sb, report_input_name(a, d->evidence[k].input), 100);
                                sb_printf(&sb, ":%ld  ", d->evidence[k].line);
                                put_code(&sb, d->evidence[k].text, LIMIT_DISPLAY_BYTES);
                                sb_putc(&sb, '\n');
                        }
                        sb_puts(&sb, "```\n");
                }
                char when[TIME_TEXT] = "";
                if (d->first_has_time)
                        format_local_time(d->first_usec, when);
                sb_printf(&sb, "\nSeen %zu time(s)%s%s; fingerprint `%s`.\n", d->count,
                          when[0] ? ", first at " : "", when, d->fingerprint);
                if (a->ranking.n > 1) {
                        sb_printf(&sb, "\n<details><summary>%zu more diagnoses</summary>\n\n", a->ranking.n - 1);
                        sb_puts(&sb, "| # | severity | role | diagnosis | id | count |\n|---|---|---|---|---|---|\n");
                        for (size_t i = 1; i < a->ranking.n; i++) {
                                const struct diagnosis *e = a->ranking.diags[i];
                                sb_printf(&sb, "| %zu | %s | %s | ", i + 1, coroner_severity_name(e->severity),
                                          report_role(e));
                                put_md(&sb, e->title, 160);
                                sb_printf(&sb, " | `%s` | %zu |\n", e->id, e->count);
                        }
                        sb_puts(&sb, "\n</details>\n");
                }
        }
        sb_puts(&sb, "\n<sub>Inputs: ");
        for (size_t i = 0; i < a->n_inputs; i++) {
                if (i)
                        sb_puts(&sb, ", ");
                put_md(&sb, a->inputs[i].name, 100);
                sb_printf(&sb, " (%llu lines%s)", (unsigned long long)a->inputs[i].records,
                          a->inputs[i].complete ? "" : ", incomplete");
        }
        sb_printf(&sb, ". coroner %s.</sub>\n", coroner_version());
        char *s = sb_take(&sb);
        if (!s)
                return CORONER_E_NOMEM;
        *ret = s;
        return 0;
}
