/* fuzz_export.c — libFuzzer target for the journal export-format parser
 * (journalctl -o export: FIELD=value lines, entries ended by a blank line,
 * binary fields as a bare name, 8 bytes of little-endian length and the
 * data; decode_structured.c).
 *
 * The input's lines are first fed to the parser directly, as the analysis
 * feeds an export input (analysis.c, feed_structured), and every entry it
 * hands out is checked: its message lies in the parser's buffer, is NUL-
 * terminated and within the line limit, its fields are NUL-terminated. Then
 * the input is read whole by an analysis with the real signature database,
 * so the entries go on through prefixes, assembler and reports (only when
 * its first line starts an export; else the analysis reads it as text, which
 * fuzz_analysis covers). Built with --enable-fuzzing (clang); replay.c
 * replays tests/fuzz/seeds/export in `make check`. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "decode.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static coroner_db *db;
static volatile unsigned sink;

static void check_field(const char *f, size_t cap)
{
        if (!memchr(f, '\0', cap))
                abort();
}

static void check_entry(const struct logical *l)
{
        if (!l->msg || l->msg_len > LIMIT_LINE_BYTES || l->msg[l->msg_len] != '\0')
                abort();
        check_field(l->host, sizeof l->host);
        check_field(l->ident, sizeof l->ident);
        check_field(l->unit, sizeof l->unit);
        check_field(l->invocation, sizeof l->invocation);
        /* Every byte of the message is readable (ASan sees the read). */
        unsigned sum = 0;
        for (size_t i = 0; i < l->msg_len; i++)
                sum += (unsigned char)l->msg[i];
        sink = sum;
}

/* One line as feed_structured's INPUT_EXPORT case handles it. */
static void feed(struct structured_state *st, const char *line, size_t len)
{
        struct logical l;
        int r = structured_export(st, line, len, &l);
        if (r < -1 || r > 1)
                abort();
        if (r > 0)
                check_entry(&l);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
        if (!db) {
                setenv("TZ", "UTC", 1);
                setenv("SOURCE_DATE_EPOCH", "1796150000", 1);
                const char *dir = getenv("CORONER_FUZZ_SIGNATURES");
                if (coroner_db_new(&db) < 0 || coroner_db_load_dir(db, dir ? dir : FUZZ_SIGNATURE_DIR, NULL) < 0)
                        abort();
        }
        const char *s = (const char *)data;

        /* The parser alone, line by line (as coroner_analysis_read_text
         * splits them, cut at the line limit). */
        struct structured_state st;
        memset(&st, 0, sizeof st);
        st.shape = INPUT_EXPORT;
        size_t at = 0;
        while (at < size) {
                const char *nl = memchr(s + at, '\n', size - at);
                size_t n = nl ? (size_t)(nl - (s + at)) : size - at;
                feed(&st, s + at, n < LIMIT_LINE_BYTES ? n : LIMIT_LINE_BYTES);
                at += n + 1;
        }
        feed(&st, "", 0);  /* the end of an entry, as at the end of the input */
        structured_reset(&st);

        /* The whole pipeline, when the input reads as an export. */
        const char *nl = memchr(s, '\n', size);
        if (!structured_is_export_start(s, nl ? (size_t)(nl - s) : size))
                return 0;
        struct coroner_report_options o = { .verbose = true };
        fuzz_analyse(db, s, size, &o);
        return 0;
}
