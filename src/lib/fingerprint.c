/* fingerprint.c — a stable name for a failure, across hosts and upgrades.
 *
 * Algorithm, version 1 (CORONER_FINGERPRINT_VERSION; doc/fingerprint.md):
 *   text = type "\n" masked(message's first line) "\n"
 *          then for each of the innermost 3 frames: module ":" function "\n"
 *   fingerprint = FNV-1a 64 of text, as 16 lower-case hex digits.
 * masked() replaces paths by <path>, hex addresses and every run of digits
 * (also inside a word: glog's "E1130", "cuda12") by #, and
 * collapses blanks. module is the file name without directories and ".py",
 * so install prefixes (venv, site-packages, dist-packages, /opt/...) and
 * line numbers do not change the fingerprint. A single log line hashes its
 * masked text.
 */
#include "config.h"
#include "match.h"

#include <ctype.h>
#include <string.h>

enum { FINGERPRINT_FRAMES = 3 };

static bool path_char(char c)
{
        return isalnum((unsigned char)c) || strchr("/._-+~@", c);
}

void fingerprint_mask_message(const char *msg, struct strbuf *out)
{
        const char *p = msg;
        bool space = false;
        while (*p && *p != '\n') {
                char c = *p;
                if (c == '/' && (p == msg || !isalnum((unsigned char)p[-1]))) {
                        while (*p && path_char(*p))
                                p++;
                        if (space)
                                sb_putc(out, ' ');
                        sb_puts(out, "<path>");
                        space = false;
                        continue;
                }
                if (isdigit((unsigned char)c)) {  /* also inside words: "E1130" (glog's date) */
                        if (c == '0' && (p[1] == 'x' || p[1] == 'X'))
                                p += 2;
                        while (*p && (isxdigit((unsigned char)*p) || *p == '.' || *p == ','))
                                p++;
                        if (space)
                                sb_putc(out, ' ');
                        sb_putc(out, '#');
                        space = false;
                        continue;
                }
                if (c == ' ' || c == '\t') {
                        space = true;
                        p++;
                        continue;
                }
                if (space)
                        sb_putc(out, ' ');
                space = false;
                sb_putc(out, c);
                p++;
        }
}

void fingerprint_module_of(const char *path, struct strbuf *out)
{
        const char *base = strrchr(path, '/');
        base = base ? base + 1 : path;
        size_t n = strlen(base);
        if (n > 3 && strcmp(base + n - 3, ".py") == 0)
                n -= 3;
        sb_append(out, base, n);
}

void fingerprint_event(const struct event *ev, const struct exception *x, char ret[17])
{
        struct strbuf sb = { 0 };
        if (!x && ev->n_excs)
                x = &ev->excs[ev->n_excs - 1];
        if (x) {
                sb_puts(&sb, x->type ? x->type : "");
                sb_putc(&sb, '\n');
                fingerprint_mask_message(x->message ? x->message : "", &sb);
                sb_putc(&sb, '\n');
                size_t from = x->n_frames > FINGERPRINT_FRAMES ? x->n_frames - FINGERPRINT_FRAMES : 0;
                for (size_t i = from; i < x->n_frames; i++) {
                        fingerprint_module_of(x->frames[i].file ? x->frames[i].file : "", &sb);
                        sb_putc(&sb, ':');
                        sb_puts(&sb, x->frames[i].function ? x->frames[i].function : "");
                        sb_putc(&sb, '\n');
                }
        } else if (ev->text) {
                fingerprint_mask_message(ev->text, &sb);
        }
        uint64_t h = fnv1a64(sb.data ? sb.data : "", sb.len, FNV1A64_INIT);
        snprintf(ret, 17, "%016llx", (unsigned long long)h);
        sb_free(&sb);
}
