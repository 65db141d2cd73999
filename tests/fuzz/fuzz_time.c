/* fuzz_time.c — libFuzzer target for the time parsers: journalctl's
 * --since/--until syntax (coroner_parse_time, read_journal_time.c), RFC 3339
 * (decode_rfc3339) and the timestamps of every line shape (decode_line with
 * each shape forced, and detected: syslog, ISO, short-full with a zone name,
 * unix, monotonic, and the prefixes carrying times: SGLang, vLLM,
 * collectors). Inputs are taken as they are: no NUL after them, so a read
 * past the end is caught by ASan.
 *
 * Checked: a time decode_rfc3339 reads back from format_time's text is the
 * time written (and coroner_parse_time reads the same text the same way);
 * a decoded record's message, host and identifier lie inside the line.
 * The zone is fixed to one with summer time (New York's rules, written out
 * so no tzdata is needed) and "today" to a fixed date, so runs repeat.
 * Built with --enable-fuzzing (clang); replay.c replays tests/fuzz/seeds/time
 * in `make check`. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "decode.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const int64_t NOW = 1764452400LL * 1000000;       /* 2025-11-29 21:40:00 UTC */
static const int64_t SUMMER = 1783190400LL * 1000000;    /* 2026-07-05 */

static void inside(const char *p, size_t n, const char *line, size_t len)
{
        if (p && (p < line || p > line + len || n > (size_t)(line + len - p)))
                abort();
}

static void roundtrip(int64_t usec)
{
        /* format_time writes four-digit years: 0001-01-01 .. 9999-12-31 */
        if (usec < -62135596800LL * 1000000 || usec > 253402300799LL * 1000000)
                return;
        char buf[TIME_TEXT];
        format_time(usec, buf);
        int64_t back;
        if (!decode_rfc3339(buf, strlen(buf), &back) || back != usec)
                abort();
        if (usec >= 0 && (coroner_parse_time(buf, NOW, &back) != 0 || back != usec))
                abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
        static bool ready;
        if (!ready) {
                setenv("TZ", "EST5EDT,M3.2.0,M11.1.0", 1);
                tzset();
                ready = true;
        }
        const char *s = (const char *)data;

        /* --since/--until: a C string (the command line's). */
        char *cstr = malloc(size + 1);
        if (!cstr)
                return 0;
        memcpy(cstr, data, size);
        cstr[size] = '\0';
        int64_t t;
        coroner_parse_time(cstr, NOW, &t);
        coroner_parse_time(cstr, SUMMER, &t);
        free(cstr);

        if (decode_rfc3339(s, size, &t))
                roundtrip(t);

        static const enum line_shape shapes[] = {
                SHAPE_AUTO, SHAPE_BARE, SHAPE_JOURNAL_SHORT, SHAPE_JOURNAL_ISO,
                SHAPE_JOURNAL_FULL, SHAPE_JOURNAL_UNIX, SHAPE_JOURNAL_MONOTONIC,
        };
        for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
                struct decoder d;
                decoder_init(&d, shapes[i]);
                d.year = 2026;             /* "today" is 2026-11-29 */
                d.today = 11 * 32 + 29;
                struct record r;
                decode_line(&d, s, size, &r);
                inside(r.msg, r.msg_len, s, size);
                inside(r.host, r.host_len, s, size);
                inside(r.unit, r.unit_len, s, size);
                if (r.ident && (r.ident < s || r.ident > s + size)) {
                        if (r.ident_len != 6 || memcmp(r.ident, "kernel", 6) != 0)
                                abort();  /* the one identifier not from the line: dmesg's */
                } else {
                        inside(r.ident, r.ident_len, s, size);
                }
                if (!memchr(r.tag, '\0', sizeof r.tag))
                        abort();
        }
        return 0;
}
