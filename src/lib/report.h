/* report.h — helpers shared by the report renderers. */
#ifndef CORONER_REPORT_H
#define CORONER_REPORT_H

#include "internal.h"

/* s made safe to show: valid UTF-8, no control bytes or ANSI escapes; newlines
 * kept when keep_newlines; cut at max bytes (0: no cut). malloc'd. */
char *report_safe_text(const char *s, size_t max, bool keep_newlines);
const char *report_role(const struct diagnosis *d);
const char *report_category(const struct diagnosis *d);
const char *report_input_name(const coroner_analysis *a, int input);

#endif
