/* report.h — helpers shared by the report renderers. */
#ifndef CORONER_REPORT_H
#define CORONER_REPORT_H

#include "analysis.h"

/* s made safe to show: valid UTF-8, no control bytes or ANSI escapes; newlines
 * kept when keep_newlines; cut at max bytes (0: no cut). malloc'd. */
char *report_safe_text(const char *s, size_t max, bool keep_newlines);
const char *report_role(const struct diagnosis *d);
const char *report_category(const struct diagnosis *d);
/* The role in words for people: "root cause", "symptom", "consequence of
 * #2", "note" (info), "cause unknown"; never a root cause and another's
 * consequence at once. */
const char *report_role_words(const struct diagnosis *d, char buf[32]);
/* What the diagnosis rests on: "signature", "knowledge", "blame", "error-lines", "unrecognized". */
const char *report_basis(const struct diagnosis *d);
const char *report_input_name(const coroner_analysis *a, int input);
/* Candidate k of d's signature: did the log show its evidence? */
bool report_candidate_seen(const coroner_analysis *a, const struct diagnosis *d, size_t k);
/* d's candidates, those the log supports first; returns how many. */
size_t report_candidate_order(const coroner_analysis *a, const struct diagnosis *d, size_t *order, size_t cap);
/* Is this fix a bare command (shown whole: in a code block, never wrapped)? */
bool report_fix_is_command(const char *fix);
/* A run's diagnoses in the ranking (which puts the most recent run first):
 * [start, end). Its first is shown in full when full; a run whose first
 * diagnosis has the fingerprint of an earlier-listed run's (a crash loop)
 * repeats it. */
struct report_run {
        size_t start, end;
        bool full;
        size_t repeats;    /* how many later runs failed the same way (when full) */
        long repeat_of;    /* the run (index) it repeats, or -1 */
};
/* The runs of a's ranking, at most max_full of them in full; malloc'd,
 * *n set (NULL when there are no diagnoses or no memory). */
struct report_run *report_runs(const coroner_analysis *a, size_t max_full, size_t *n);
/* One line: "python 3.12 · torch 2.11.0+cu130 · 2× NVIDIA H200 · ..." or "" */
void report_environment_line(const coroner_analysis *a, struct strbuf *sb);
/* The distinct hosts of a's diagnoses' streams (of only's, if not NULL),
 * in ranking order: how many, the first cap of them into hosts. */
size_t report_hosts(const coroner_analysis *a, const struct diagnosis *only, const char **hosts, size_t cap);
bool report_diagnosis_on_host(const struct diagnosis *d, const char *host);
/* Replaces the secrets in a rendered report (report_redact.c); every public
 * report function calls it last. */
int report_redact_secrets(char **text);

#endif
