/* fuzz_analysis.c — libFuzzer target for the decoders and the assembler:
 * the input runs through the whole pipeline (every line shape, structured
 * inputs, traceback forms) with the real signature database, and every
 * report is rendered. Its first line is also parsed as a journalctl time.
 * Built with --enable-fuzzing (clang); tests/fuzz/replay.c replays the seed
 * corpus in `make check` without libFuzzer. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "coroner.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static coroner_db *db;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
        if (!db) {
                const char *dir = getenv("CORONER_FUZZ_SIGNATURES");
                if (coroner_db_new(&db) < 0 || coroner_db_load_dir(db, dir ? dir : FUZZ_SIGNATURE_DIR, NULL) < 0)
                        abort();
        }
        char line[128];
        size_t n = 0;
        while (n < size && n < sizeof line - 1 && data[n] != '\n')
                n++;
        memcpy(line, data, n);
        line[n] = '\0';
        int64_t t;
        coroner_parse_time(line, 1764452400LL * 1000000, &t);

        coroner_analysis *a;
        if (coroner_analysis_new(db, NULL, &a) < 0)
                abort();
        coroner_analysis_read_text(a, "fuzz", (const char *)data, size);
        coroner_analysis_finish(a);
        char *out = NULL;
        struct coroner_report_options o = { .color = true, .verbose = true };
        if (coroner_report_json(a, &out) == 0)
                free(out);
        if (coroner_report_text(a, &o, &out) == 0)
                free(out);
        if (coroner_report_markdown(a, &out) == 0)
                free(out);
        coroner_analysis_free(a);
        return 0;
}
