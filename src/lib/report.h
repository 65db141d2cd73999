/* report.h — helpers shared by the report renderers. */
#ifndef CORONER_REPORT_H
#define CORONER_REPORT_H

#include "internal.h"

/* s made safe to show: valid UTF-8, no control bytes or ANSI escapes; newlines
 * kept when keep_newlines; cut at max bytes (0: no cut). malloc'd. */
char *report_safe_text(const char *s, size_t max, bool keep_newlines);
const char *report_role(const struct diagnosis *d);
const char *report_category(const struct diagnosis *d);
/* What the diagnosis rests on: "signature", "knowledge", "blame", "error-lines", "unrecognized". */
const char *report_basis(const struct diagnosis *d);
const char *report_input_name(const coroner_analysis *a, int input);
/* Candidate k of d's signature: did the log show its evidence? */
bool report_candidate_seen(const coroner_analysis *a, const struct diagnosis *d, size_t k);
/* d's candidates, those the log supports first; returns how many. */
size_t report_candidate_order(const coroner_analysis *a, const struct diagnosis *d, size_t *order, size_t cap);
/* One line: "python 3.12 · torch 2.11.0+cu130 · 2× NVIDIA H200 · ..." or "" */
void report_environment_line(const coroner_analysis *a, struct strbuf *sb);

#endif
