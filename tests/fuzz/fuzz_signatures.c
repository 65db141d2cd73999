/* fuzz_signatures.c — libFuzzer target for the signature loader: the input
 * is written as a signature file (a signature object or a knowledge table,
 * signatures/README.md, knowledge/README.md) and loaded into a database of
 * its own with coroner_db_load_file, which parses the JSON, checks every
 * field and compiles the patterns. What loads is then used: one analysis
 * reads a small fixed log and every sample the signatures carry (so the
 * compiled patterns, where conditions, candidates and the pre-filter built
 * from their literals run), and the reports render the fixes' placeholders.
 * Built with --enable-fuzzing (clang); replay.c replays tests/fuzz/seeds/
 * signatures in `make check`. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "match.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char dir[64], path[96];

static void remove_dir(void)
{
        unlink(path);
        rmdir(dir);
}

static void init(void)
{
        /* The same input gives the same result everywhere. */
        setenv("TZ", "UTC", 1);
        setenv("SOURCE_DATE_EPOCH", "1796150000", 1);
        const char *tmp = getenv("TMPDIR");
        snprintf(dir, sizeof dir, "%s/coroner-fuzz-XXXXXX", tmp && strlen(tmp) < 32 ? tmp : "/tmp");
        if (!mkdtemp(dir))
                abort();
        snprintf(path, sizeof path, "%s/signature.json", dir);
        atexit(remove_dir);
}

/* A few lines of the shapes the matcher sees: a traceback, error lines. */
static const char fixed_log[] =
        "Nov 29 21:40:13 gpu-node-01 python[4242]: Traceback (most recent call last):\n"
        "Nov 29 21:40:13 gpu-node-01 python[4242]:   File \"/app/train.py\", line 12, in <module>\n"
        "Nov 29 21:40:13 gpu-node-01 python[4242]:     main()\n"
        "Nov 29 21:40:13 gpu-node-01 python[4242]: RuntimeError: CUDA error: an illegal memory access was encountered\n"
        "2026-11-29 21:40:14 ERROR [rank0]: NCCL WARN Cuda failure 'out of memory'\n"
        "[ 5107.644336] NVRM: Xid (PCI:0000:3b:00): 79, pid=1234, GPU has fallen off the bus.\n"
        "torch==2.5.1 vllm==0.6.3 CUDA Version: 12.4\n"
        "Killed\n";

static void add_samples(struct strbuf *sb, const cJSON *samples, const char *key)
{
        const cJSON *s;
        cJSON_ArrayForEach(s, cJSON_GetObjectItemCaseSensitive(samples, key))
                if (cJSON_IsString(s)) {
                        sb_puts(sb, s->valuestring);
                        sb_putc(sb, '\n');
                }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
        if (!dir[0])
                init();
        FILE *f = fopen(path, "wb");
        if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0)
                abort();

        coroner_db *db;
        struct coroner_error err = { "", "" };
        if (coroner_db_new(&db) < 0)
                abort();
        int r = coroner_db_load_file(db, path, &err);
        if (r < 0 && r != CORONER_E_SIGNATURE && r != CORONER_E_NOMEM)
                abort();
        /* A failure names where: the file (and line:column or pattern offset). */
        if (r == CORONER_E_SIGNATURE && (!memchr(err.where, '\0', sizeof err.where) || !err.where[0]))
                abort();
        if (coroner_db_count(db) == 0 && !db->python) {
                coroner_db_free(db);
                return 0;
        }

        struct strbuf text = { 0 };
        sb_puts(&text, fixed_log);
        for (size_t i = 0; i < coroner_db_count(db) && i < 64; i++) {
                const struct coroner_signature *s = coroner_db_get(db, i);
                const cJSON *samples = cJSON_GetObjectItemCaseSensitive(s->json, "samples");
                add_samples(&text, samples, "match");
                add_samples(&text, samples, "no_match");
        }
        for (size_t i = 0; db->python && i < db->python->n_types && i < 64; i++)
                if (db->python->types[i].sample) {
                        sb_puts(&text, db->python->types[i].sample);
                        sb_putc(&text, '\n');
                }

        struct coroner_report_options o = { .verbose = true, .all = true };
        fuzz_analyse(db, text.data ? text.data : "", text.len, &o);
        sb_free(&text);
        coroner_db_free(db);
        return 0;
}
