/* fuzz.h — what the fuzz targets share: the whole pipeline over a text,
 * and every report rendered (each must come out, whatever the input). */
#ifndef CORONER_FUZZ_H
#define CORONER_FUZZ_H

#include <stdlib.h>

#include "coroner.h"

static inline void fuzz_analyse(coroner_db *db, const char *text, size_t len, const struct coroner_report_options *o)
{
        coroner_analysis *a;
        if (coroner_analysis_new(db, NULL, &a) < 0)
                abort();
        coroner_analysis_read_text(a, "fuzz", text, len);
        coroner_analysis_finish(a);
        char *out = NULL;
        if (coroner_report_json(a, &out) == 0)
                free(out);
        if (coroner_report_text(a, o, &out) == 0)
                free(out);
        if (coroner_report_markdown(a, &out) == 0)
                free(out);
        coroner_analysis_free(a);
}

#endif
