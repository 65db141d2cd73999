/* fuzz_analysis.c — libFuzzer target for the decoders and the assembler:
 * the input runs through the whole pipeline (every line shape, structured
 * inputs, traceback forms) with the real signature database, and every
 * report is rendered. Its first line is also parsed as a journalctl time.
 * Built with --enable-fuzzing (clang); tests/fuzz/replay.c replays the seed
 * corpus in `make check` without libFuzzer. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

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

        struct coroner_report_options o = { .color = true, .verbose = true };
        fuzz_analyse(db, (const char *)data, size, &o);
        return 0;
}
