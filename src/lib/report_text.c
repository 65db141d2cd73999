/* report_text.c — the terminal report for the person on call: the top
 * diagnosis in full (what happened, evidence, fixes, where and how often),
 * then the rest one line each, consequences marked.
 *
 * Prose wraps to the width (80 when not a terminal) under its indentation;
 * evidence lines are cut, so that one long log line cannot push the fixes
 * off the screen; commands are never wrapped nor cut, so they can be copied.
 * Every word of a diagnosis's status line says what it is ("severity error
 * · category disk-full · root cause · confidence 0.82").
 */
#include "config.h"
#include "report.h"

#include <stdlib.h>
#include <string.h>

struct style {
        const char *bold, *red, *yellow, *dim, *reset;
};

static const struct style plain_style = { "", "", "", "", "" };
static const struct style color_style = { "\033[1m", "\033[31m", "\033[33m", "\033[2m", "\033[0m" };

enum {
        DEFAULT_WIDTH = 80,
        MIN_WIDTH = 40,
        ALSO_FOUND_SHOWN = 10,  /* "Also found" lines without --all */
        INDENT = 4,             /* under "#1  " */
};

#define NBSP "\xc2\xa0"  /* joins words that wrap must not part ("confidence 0.82") */

struct text {
        struct strbuf sb;
        const struct style *st;
        size_t width;
};

static const char *sev_color(const struct style *st, coroner_severity s)
{
        return s >= CORONER_SEV_ERROR ? st->red : s == CORONER_SEV_WARNING ? st->yellow : st->dim;
}

/* Display columns of s: UTF-8 characters, East Asian wide ones counting
 * two, ANSI colour sequences none. */
static size_t columns(const char *s, size_t n)
{
        size_t cols = 0;
        for (size_t i = 0; i < n;) {
                unsigned char c = (unsigned char)s[i];
                if (c == 0x1b && i + 1 < n && s[i + 1] == '[') {
                        i += 2;
                        while (i < n && !(s[i] >= '@' && s[i] <= '~'))
                                i++;
                        i++;
                        continue;
                }
                size_t len = c < 0x80 ? 1 : c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
                uint32_t cp = c;
                if (len > 1 && i + len <= n) {
                        cp = c & (0x3f >> (len - 1));
                        for (size_t k = 1; k < len; k++)
                                cp = cp << 6 | ((unsigned char)s[i + k] & 0x3f);
                }
                bool wide = (cp >= 0x1100 && cp <= 0x115f) || (cp >= 0x2e80 && cp <= 0xa4cf) ||
                            (cp >= 0xac00 && cp <= 0xd7a3) || (cp >= 0xf900 && cp <= 0xfaff) ||
                            (cp >= 0xfe30 && cp <= 0xfe4f) || (cp >= 0xff00 && cp <= 0xff60) ||
                            (cp >= 0xffe0 && cp <= 0xffe6) || (cp >= 0x1f300 && cp <= 0x1faff) ||
                            (cp >= 0x20000 && cp <= 0x3fffd);
                cols += wide ? 2 : 1;
                i += len;
        }
        return cols;
}

/* The column the output is at (after its last newline). */
static size_t column_now(const struct text *t)
{
        if (!t->sb.len)
                return 0;  /* nothing written yet: sb.data may be NULL */
        const char *nl = memrchr(t->sb.data, '\n', t->sb.len);
        size_t start = nl ? (size_t)(nl - t->sb.data) + 1 : 0;
        return columns(t->sb.data + start, t->sb.len - start);
}

static void spaces(struct text *t, size_t n)
{
        for (size_t i = 0; i < n; i++)
                sb_putc(&t->sb, ' ');
}

/* s (made safe, at most max bytes) word-wrapped from the current column;
 * wrapped lines begin at column indent. A word longer than a line (a path,
 * a URL) stays whole. */
static void wrap_words(struct text *t, const char *s, size_t max, size_t indent)
{
        char *safe = report_safe_text(s, max, true);
        size_t col = column_now(t), line_start = col;
        for (const char *p = safe ? safe : ""; *p;) {
                if (*p == '\n') {
                        sb_putc(&t->sb, '\n');
                        spaces(t, indent);
                        col = line_start = indent;
                        p++;
                        continue;
                }
                if (*p == ' ') {
                        p++;
                        continue;
                }
                size_t n = strcspn(p, " \n");
                size_t w = columns(p, n);
                if (col > line_start && col + 1 + w > t->width) {
                        sb_putc(&t->sb, '\n');
                        spaces(t, indent);
                        col = line_start = indent;
                } else if (col > line_start) {
                        sb_putc(&t->sb, ' ');
                        col++;
                }
                for (size_t k = 0; k < n; k++) {  /* a no-break space joins words */
                        if (k + 1 < n && memcmp(p + k, NBSP, 2) == 0) {
                                sb_putc(&t->sb, ' ');
                                k++;
                        } else {
                                sb_putc(&t->sb, p[k]);
                        }
                }
                col += w;
                p += n;
        }
        free(safe);
}

/* wrap_words, and the line ends. */
static void wrap(struct text *t, const char *s, size_t max, size_t indent)
{
        wrap_words(t, s, max, indent);
        sb_putc(&t->sb, '\n');
}

/* wrap in a style (bold, a colour) that ends before the line does. */
static void wrap_styled(struct text *t, const char *style, const char *s, size_t max, size_t indent)
{
        sb_puts(&t->sb, style);
        wrap_words(t, s, max, indent);
        sb_puts(&t->sb, t->st->reset);
        sb_putc(&t->sb, '\n');
}

/* s (made safe) from the current column, cut to the width with "…". Ends
 * the line. */
static void cut(struct text *t, const char *s, size_t max)
{
        char *safe = report_safe_text(s, max, false);
        const char *p = safe ? safe : "";
        size_t room = t->width > column_now(t) ? t->width - column_now(t) : 1;
        size_t n = strlen(p);
        if (columns(p, n) > room) {
                size_t k = 0, cols = 0;
                while (k < n) {
                        size_t len = 1;
                        while (k + len < n && ((unsigned char)p[k + len] & 0xc0) == 0x80)
                                len++;
                        size_t w = columns(p + k, len);
                        if (cols + w + 1 > room)
                                break;
                        cols += w;
                        k += len;
                }
                sb_append(&t->sb, p, k);
                sb_puts(&t->sb, "…");
        } else {
                sb_append(&t->sb, p, n);
        }
        sb_putc(&t->sb, '\n');
        free(safe);
}

/* "gpu-node-7 python3[19044] TP0 k26.service (run 8f0c7d2e)" */
static void stream_words(struct strbuf *sb, const struct stream_id *s)
{
        const char *sep = "";
        if (s->host[0]) {
                sb_puts(sb, s->host);
                sep = " ";
        }
        if (s->ident[0]) {
                sb_printf(sb, "%s%s", sep, s->ident);
                sep = " ";
        }
        if (s->pid) {
                sb_printf(sb, "%s[%ld]", s->ident[0] ? "" : sep, s->pid);
                sep = " ";
        }
        if (s->tag[0]) {
                sb_printf(sb, "%s%s", sep, s->tag);
                sep = " ";
        }
        if (s->unit[0]) {
                sb_printf(sb, "%s%s", sep, s->unit);
                if (s->invocation[0])
                        sb_printf(sb, " (run %.8s)", s->invocation);
                sep = " ";
        }
        if (!sep[0])
                sb_puts(sb, "(untagged)");
}

/* A fleet (several hosts' logs, a --journal-dir of systemd-journal-remote
 * files, a merged report): on how many of the hosts this failure was seen,
 * and what the others showed instead: "; on 7 of the 8 hosts with a
 * diagnosis; gpu-node-03 failed differently (#2)". */
static void fleet_words(struct strbuf *sb, const coroner_analysis *a, const struct diagnosis *d)
{
        const char *all[64];
        size_t n_all = report_hosts(a, NULL, all, 64), n_mine = report_hosts(a, d, NULL, 0);
        if (n_all < 2)
                return;
        sb_printf(sb, "; on %zu of the %zu hosts with a diagnosis", n_mine, n_all);
        if (n_all - n_mine > 3)
                return;
        for (size_t h = 0; h < n_all; h++) {
                if (report_diagnosis_on_host(d, all[h]))
                        continue;
                for (size_t j = 0; j < a->ranking.n; j++)
                        if (report_diagnosis_on_host(a->ranking.diags[j], all[h])) {
                                sb_printf(sb, "; %s failed differently (#%zu)", all[h], j + 1);
                                break;
                        }
        }
}

/* "Seen 8 times, first ..., last ..., in 8 streams: ..." */
static void seen_line(struct text *t, const coroner_analysis *a, const struct diagnosis *d)
{
        struct strbuf sb = { 0 };
        char when[TIME_TEXT];
        sb_printf(&sb, "Seen %zu time%s", d->count, d->count == 1 ? "" : "s");
        if (d->first_has_time) {
                format_local_time(d->first_usec, when);
                sb_printf(&sb, ", first %s", when);
                if (d->count > 1 && d->last_has_time && d->last_usec / 1000000 != d->first_usec / 1000000) {
                        format_local_time(d->last_usec, when);
                        sb_printf(&sb, ", last %s", when);
                }
        }
        if (d->n_streams_total > 0) {
                /* Ranks of one process: "gpu-node-7 python3[19044]: TP0, TP1, ..." */
                bool one_process = d->n_streams > 1;
                for (size_t i = 1; i < d->n_streams && one_process; i++) {
                        const struct stream_id *x = &d->streams[0], *y = &d->streams[i];
                        one_process = strcmp(x->host, y->host) == 0 && strcmp(x->ident, y->ident) == 0 &&
                                      x->pid == y->pid && strcmp(x->unit, y->unit) == 0 &&
                                      strcmp(x->invocation, y->invocation) == 0 && y->tag[0];
                }
                sb_printf(&sb, ", in %zu stream%s:", d->n_streams_total, d->n_streams_total == 1 ? "" : "s");
                if (one_process) {
                        struct stream_id common = d->streams[0];
                        common.tag[0] = '\0';
                        sb_putc(&sb, ' ');
                        stream_words(&sb, &common);
                        sb_putc(&sb, ':');
                }
                for (size_t i = 0; i < d->n_streams && i < 8; i++) {
                        sb_puts(&sb, i ? ", " : " ");
                        if (one_process)
                                sb_puts(&sb, d->streams[i].tag);
                        else
                                stream_words(&sb, &d->streams[i]);
                }
                if (d->n_streams_total > 8)
                        sb_printf(&sb, " and %zu more", d->n_streams_total - 8);
        }
        fleet_words(&sb, a, d);
        sb_putc(&sb, '.');
        spaces(t, INDENT);
        wrap(t, sb.data, 2000, INDENT + 2);
        sb_free(&sb);
}

/* "load_model() at /x/model_runner.py:660 (sglang)" */
static void frame_words(struct strbuf *sb, const struct frame_ref *f)
{
        const char *fn = f->function[0] ? f->function : "?";
        sb_printf(sb, "%s%s at %s:%d", fn, fn[0] == '<' ? "" : "()", f->file, f->line);
        if (f->kind == FRAME_LIBRARY && f->package[0])
                sb_printf(sb, " (%s)", f->package);
        else
                sb_printf(sb, " (%s)", frame_kind_name(f->kind));
}

/* "Raised in f (file:line, package), called from g (app.py:12, application)." */
static void raised_line(struct text *t, const struct diagnosis *d)
{
        if (!d->raised_in.set)
                return;
        struct strbuf sb = { 0 };
        sb_puts(&sb, "Raised in ");
        frame_words(&sb, &d->raised_in);
        if (d->called_from.set) {
                sb_puts(&sb, ", called from ");
                frame_words(&sb, &d->called_from);
        }
        sb_putc(&sb, '.');
        spaces(t, INDENT);
        wrap(t, sb.data, 1000, INDENT + 2);
        sb_free(&sb);
}

/* One numbered fix, or a candidate's check: a command whole, prose wrapped. */
static void fix_text(struct text *t, const char *fix, size_t indent)
{
        if (report_fix_is_command(fix)) {
                char *safe = report_safe_text(fix, 1000, false);
                sb_puts(&t->sb, safe ? safe : "");
                sb_putc(&t->sb, '\n');
                free(safe);
        } else {
                wrap(t, fix, 1000, indent);
        }
}

/* Each evidence line cut to the width after where it is: its line number
 * when there is one input (the header names it), else the input's name
 * (its last 24 columns) and the line number. The line is shown from its
 * message on: the time, host and process before it are in "Seen ...". */
static void evidence_lines(struct text *t, const coroner_analysis *a, const struct diagnosis *d)
{
        enum { NAME_COLUMNS = 24 };
        int digits = 1;
        for (size_t k = 0; k < d->n_evidence; k++) {
                int w = snprintf(NULL, 0, "%ld", d->evidence[k].line);
                if (w > digits)
                        digits = w;
        }
        for (size_t k = 0; k < d->n_evidence; k++) {
                spaces(t, INDENT + 2);
                sb_puts(&t->sb, t->st->dim);
                if (a->n_inputs > 1) {
                        char *name = report_safe_text(report_input_name(a, d->evidence[k].input), 400, false);
                        const char *shown = name ? name : "";
                        size_t n = strlen(shown);
                        if (columns(shown, n) > NAME_COLUMNS) {
                                while (*shown && columns(shown, strlen(shown)) > NAME_COLUMNS - 1)
                                        shown++;
                                while (((unsigned char)*shown & 0xc0) == 0x80)
                                        shown++;
                                sb_puts(&t->sb, "…");
                        }
                        sb_printf(&t->sb, "%s:", shown);
                        free(name);
                }
                sb_printf(&t->sb, "%*ld%s  ", a->n_inputs > 1 ? 0 : digits, d->evidence[k].line, t->st->reset);
                const char *text = d->evidence[k].text;
                struct decoder dec;
                struct record r;
                decoder_init(&dec, SHAPE_AUTO);
                decode_line(&dec, text, strlen(text), &r);
                char *msg = r.msg && r.msg_len ? strndup_safe(r.msg, r.msg_len) : NULL;
                cut(t, msg ? msg : text, LIMIT_DISPLAY_BYTES);
                free(msg);
        }
}

static void full_diagnosis(struct text *t, const coroner_analysis *a, size_t i)
{
        const struct diagnosis *d = a->ranking.diags[i];
        const struct style *st = t->st;
        char role[32];
        sb_printf(&t->sb, "%s#%-3zu%s", st->bold, i + 1, i + 1 >= 1000 ? " " : "");
        wrap_styled(t, "", d->title, 200, INDENT);
        struct strbuf status = { 0 };
        sb_printf(&status, "severity" NBSP "%s · category" NBSP "%s · %s · confidence" NBSP "%.2f · %s",
                  coroner_severity_name(d->severity), report_category(d), report_role_words(d, role), d->confidence, d->id);
        spaces(t, INDENT);
        wrap_styled(t, sev_color(st, d->severity), status.data, 400, INDENT);
        sb_free(&status);
        spaces(t, INDENT);
        wrap(t, d->summary, 1000, INDENT);
        if (d->n_evidence) {
                spaces(t, INDENT);
                sb_puts(&t->sb, "Evidence:\n");
                evidence_lines(t, a, d);
        }
        if (d->n_fixes) {
                spaces(t, INDENT);
                sb_puts(&t->sb, "Fix:\n");
                for (size_t k = 0; k < d->n_fixes; k++) {
                        spaces(t, INDENT + 2);
                        sb_printf(&t->sb, "%zu. ", k + 1);
                        fix_text(t, d->fixes[k], INDENT + 5);
                }
        }
        if (d->sig && d->sig->n_candidates) {
                spaces(t, INDENT);
                sb_puts(&t->sb, "Possible causes, and how to tell them apart:\n");
                size_t order[16];
                size_t n = report_candidate_order(a, d, order, 16);
                for (size_t j = 0; j < n; j++) {
                        size_t k = order[j];
                        bool seen = report_candidate_seen(a, d, k);
                        struct strbuf cause = { 0 };
                        sb_puts(&cause, d->sig->candidates[k].cause);
                        if (seen)
                                sb_puts(&cause, " (the log shows evidence of this)");
                        spaces(t, INDENT + 2);
                        sb_puts(&t->sb, seen ? "+ " : "- ");
                        wrap(t, cause.data, 600, INDENT + 4);
                        sb_free(&cause);
                        spaces(t, INDENT + 4);
                        sb_puts(&t->sb, "check: ");
                        fix_text(t, d->checks && d->checks[k] ? d->checks[k] : d->sig->candidates[k].check, INDENT + 11);
                }
        }
        raised_line(t, d);
        seen_line(t, a, d);
        if (d->incomplete) {
                spaces(t, INDENT);
                wrap(t, "The traceback was cut off (the input ended or the stream was interrupted).", 200, INDENT);
        }
        struct strbuf last = { 0 };
        sb_printf(&last, "Fingerprint %s · %s", d->fingerprint, d->rationale);
        spaces(t, INDENT);
        wrap_styled(t, st->dim, last.data, 600, INDENT);
        sb_free(&last);
}

static void short_diagnosis(struct text *t, const coroner_analysis *a, size_t i)
{
        const struct diagnosis *d = a->ranking.diags[i];
        char role[32];
        struct strbuf line = { 0 };
        sb_printf(&t->sb, "  #%-3zu %s%-8s%s ", i + 1, sev_color(t->st, d->severity),
                  coroner_severity_name(d->severity), t->st->reset);
        sb_printf(&line, "%s: %s (%s)", report_role_words(d, role), d->title, d->id);
        if (d->alternative_to >= 0 && d->n_fixes) {
                sb_printf(&line, "; check: %s", d->fixes[0]);
                wrap(t, line.data, 600, 15);
                sb_free(&line);
                return;  /* its sightings are #1's */
        }
        if (d->count > 1)
                sb_printf(&line, " ×%zu", d->count);
        if (d->first_has_time) {
                char when[TIME_TEXT];
                format_local_time(d->first_usec, when);
                sb_printf(&line, ", first %s", when);
        }
        wrap(t, line.data, 600, 15);
        sb_free(&line);
}

/* A run's heading: "Earlier run 8f0c7d2e, from 2026-11-29 21:40:14 +0000:" */
static void run_heading(struct text *t, const struct diagnosis *d)
{
        struct strbuf sb = { 0 };
        bool invocation = d->run[0] && strncmp(d->run, "run-", 4) != 0;
        /* a journal's invocation ID names the run; runs in text are only counted */
        sb_printf(&sb, "Earlier run%s%.8s", invocation ? " " : "", invocation ? d->run : "");
        if (d->first_has_time) {
                char when[TIME_TEXT];
                format_local_time(d->first_usec, when);
                sb_printf(&sb, ", failing from %s", when);
        }
        sb_putc(&sb, ':');
        sb_printf(&t->sb, "\n%s", t->st->bold);
        wrap_styled(t, "", sb.data, 300, 2);
        sb_free(&sb);
}

/* The diagnoses run by run (the ranking puts the most recent run first):
 * each run's first diagnosis in full, up to MAX_RUNS_IN_FULL runs, the
 * others one line each, ALSO_FOUND_SHOWN lines in all unless every_one.
 * A run that failed as an earlier-shown one did (a crash loop) is counted,
 * not shown again, unless every_one. */
static void runs(struct text *t, const coroner_analysis *a, bool every_one)
{
        enum { MAX_RUNS_IN_FULL = 3 };
        size_t n_runs, short_lines = 0, hidden = 0;
        struct report_run *runs = report_runs(a, MAX_RUNS_IN_FULL, &n_runs);
        for (size_t k = 0; runs && k < n_runs; k++) {
                const struct report_run *r = &runs[k];
                if (r->repeat_of >= 0 && !every_one)
                        continue;
                if (!r->full && !every_one && short_lines >= ALSO_FOUND_SHOWN) {
                        hidden += r->end - r->start;
                        continue;
                }
                if (k == 0)
                        sb_putc(&t->sb, '\n');
                else
                        run_heading(t, a->ranking.diags[r->start]);
                if (r->full)
                        full_diagnosis(t, a, r->start);
                size_t first_short = r->start + r->full;
                if (r->full && first_short < r->end)
                        sb_puts(&t->sb, k == 0 ? "\nAlso found:\n" : "\nAlso in that run:\n");
                for (size_t i = first_short; i < r->end; i++) {
                        if (every_one || short_lines < ALSO_FOUND_SHOWN) {
                                short_diagnosis(t, a, i);
                                short_lines++;
                        } else {
                                hidden++;
                        }
                }
        }
        for (size_t k = 0; runs && k < n_runs && !every_one; k++)
                if (runs[k].repeats) {
                        struct strbuf sb = { 0 };
                        sb_printf(&sb, "%zu earlier run%s failed the same way as #%zu (--all lists %s).",
                                  runs[k].repeats, runs[k].repeats == 1 ? "" : "s", runs[k].start + 1,
                                  runs[k].repeats == 1 ? "it" : "them");
                        sb_putc(&t->sb, '\n');
                        wrap(t, sb.data, 300, 0);
                        sb_free(&sb);
                }
        if (hidden)
                sb_printf(&t->sb, "  … and %zu more (--all lists every one, -v shows each in full)\n", hidden);
        free(runs);
}

static void text_init(struct text *t, const struct coroner_report_options *o)
{
        memset(t, 0, sizeof *t);
        t->st = o && o->color ? &color_style : &plain_style;
        t->width = o && o->width ? (size_t)o->width : DEFAULT_WIDTH;
        if (t->width < MIN_WIDTH)
                t->width = MIN_WIDTH;
}

/* Under a locale that is not UTF-8 the report's glyphs become ASCII, and
 * other characters (from the log) \u escapes, which a terminal shows. */
static char *ascii_only(char *s)
{
        static const struct { const char *glyph, *ascii; } glyphs[] = {
                { "·", "-" }, { "×", "x" }, { "…", "..." }, { "—", "--" }, { "–", "-" }, { "→", "->" },
                { "’", "'" }, { "‘", "'" }, { "“", "\"" }, { "”", "\"" }, { "≥", ">=" }, { "≤", "<=" },
        };
        struct strbuf sb = { 0 };
        for (const char *p = s; *p;) {
                if ((unsigned char)*p < 0x80) {
                        sb_putc(&sb, *p++);
                        continue;
                }
                size_t g;
                for (g = 0; g < sizeof glyphs / sizeof glyphs[0]; g++)
                        if (strncmp(p, glyphs[g].glyph, strlen(glyphs[g].glyph)) == 0)
                                break;
                if (g < sizeof glyphs / sizeof glyphs[0]) {
                        sb_puts(&sb, glyphs[g].ascii);
                        p += strlen(glyphs[g].glyph);
                        continue;
                }
                unsigned char c = (unsigned char)*p;
                size_t len = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
                uint32_t cp = len > 1 ? c & (0x3f >> (len - 1)) : c;
                size_t k;
                for (k = 1; k < len && p[k] && ((unsigned char)p[k] & 0xc0) == 0x80; k++)
                        cp = cp << 6 | ((unsigned char)p[k] & 0x3f);
                sb_printf(&sb, cp > 0xffff ? "\\U%08x" : "\\u%04x", (unsigned)cp);
                p += k;
        }
        free(s);
        return sb_take(&sb);
}

static int text_finish(struct text *t, const struct coroner_report_options *o, char **ret)
{
        char *s = sb_take(&t->sb);
        if (s && o && o->ascii)
                s = ascii_only(s);
        if (!s)
                return CORONER_E_NOMEM;
        *ret = s;
        return report_redact_secrets(ret);
}

/* An input as people call it: standard input is not "-". */
static const char *input_words(const struct input_info *in)
{
        return strcmp(in->name, "-") == 0 ? "standard input" : in->name;
}

/* "warning: NAME: what it is (tail)" under the report's heading. */
static void input_remark(struct text *t, const char *colour, const char *label, const struct input_info *in,
                         const char *what, const char *tail)
{
        struct strbuf w = { 0 };
        sb_printf(&w, "%s: %s%s", input_words(in), what, tail);
        sb_printf(&t->sb, "%s%s:%s ", colour, label, t->st->reset);
        wrap(t, w.data, 700, 2);
        sb_free(&w);
}

int coroner_report_text(const coroner_analysis *a, const struct coroner_report_options *o, char **ret)
{
        struct text t;
        text_init(&t, o);
        const struct style *st = t.st;
        uint64_t lines = 0;
        for (size_t i = 0; i < a->n_inputs; i++)
                lines += a->inputs[i].records;
        struct strbuf head = { 0 };
        if (a->n_inputs == 1)
                sb_printf(&head, "coroner %s: %s, %llu lines, %zu diagnos%s", coroner_version(),
                          input_words(&a->inputs[0]),
                          (unsigned long long)lines, a->ranking.n, a->ranking.n == 1 ? "is" : "es");
        else
                sb_printf(&head, "coroner %s: %zu inputs, %llu lines, %zu diagnos%s", coroner_version(), a->n_inputs,
                          (unsigned long long)lines, a->ranking.n, a->ranking.n == 1 ? "is" : "es");
        wrap(&t, head.data, 600, 2);
        sb_free(&head);
        struct strbuf env = { 0 };
        report_environment_line(a, &env);
        if (env.len) {
                sb_printf(&t.sb, "%sEnvironment:%s ", st->dim, st->reset);
                wrap(&t, env.data, 1000, 2);
        }
        sb_free(&env);
        for (size_t i = 0; i < a->n_inputs; i++)
                if (!a->inputs[i].complete)
                        input_remark(&t, st->yellow, "warning", &a->inputs[i],
                                     a->inputs[i].error ? a->inputs[i].error : "incomplete",
                                     " (diagnoses below use what was read)");
        for (size_t i = 0; i < a->n_inputs; i++) {
                const struct input_info *in = &a->inputs[i];
                if (in->warning)
                        input_remark(&t, st->yellow, "warning", in, in->warning, "");
                if (in->note)
                        input_remark(&t, st->dim, "note", in, in->note, "");
        }
        for (size_t i = 0; i < a->db->n_sigs; i++) {
                const char *sample;
                size_t n = signature_gave_up(a->db->sigs[i], &sample);
                if (!n)
                        continue;
                struct strbuf w = { 0 };
                sb_printf(&w, "signature %s gave up on %zu line%s (a PCRE2 limit), such as \"", a->db->sigs[i]->id, n,
                          n == 1 ? "" : "s");
                sb_append_display(&w, sample, strlen(sample), 80);
                sb_puts(&w, "\": a diagnosis it makes may be missing");
                sb_printf(&t.sb, "%swarning:%s ", st->yellow, st->reset);
                wrap(&t, w.data, 700, 2);
                sb_free(&w);
        }
        if (a->ranking.n == 0) {
                sb_puts(&t.sb, "\nNo known failure and no traceback found.\n");
        } else if (o && o->verbose) {
                for (size_t i = 0; i < a->ranking.n; i++) {
                        sb_putc(&t.sb, '\n');
                        full_diagnosis(&t, a, i);
                }
        } else {
                runs(&t, a, o && o->all);
        }
        if (a->ranking.folded_events) {
                struct strbuf w = { 0 };
                sb_printf(&w, "%zu more events of failures no signature names were folded here: past %d "
                          "distinct ones, they are counted, not listed.",
                          a->ranking.folded_events, LIMIT_DIAGNOSES);
                sb_putc(&t.sb, '\n');
                wrap(&t, w.data, 200, 0);
                sb_free(&w);
        }
        if (a->ranking.failure_lines_folded) {
                struct strbuf w = { 0 };
                sb_printf(&w, "%zu more line%s worded as failures (\"failed\", \"cannot\") are not listed: "
                          "the diagnoses above explain their runs.",
                          a->ranking.failure_lines_folded, a->ranking.failure_lines_folded == 1 ? "" : "s");
                sb_putc(&t.sb, '\n');
                wrap(&t, w.data, 300, 0);
                sb_free(&w);
        }
        return text_finish(&t, o, ret);
}

int coroner_report_text_one(const coroner_analysis *a, size_t index,
                            const struct coroner_report_options *o, char **ret)
{
        if (index >= a->ranking.n)
                return CORONER_E_USAGE;
        struct text t;
        text_init(&t, o);
        /* A consequence of one already shown: a line under it, not a block. */
        if (a->ranking.diags[index]->explained_by >= 0)
                short_diagnosis(&t, a, index);
        else
                full_diagnosis(&t, a, index);
        sb_putc(&t.sb, '\n');
        return text_finish(&t, o, ret);
}

int coroner_report_text_update(const coroner_analysis *a, size_t index, size_t more, int interval_ms,
                               const struct coroner_report_options *o, char **ret)
{
        if (index >= a->ranking.n)
                return CORONER_E_USAGE;
        const struct diagnosis *d = a->ranking.diags[index];
        struct text t;
        struct strbuf line = { 0 };
        text_init(&t, o);
        char period[32];
        if (interval_ms % 60000 == 0)
                snprintf(period, sizeof period, interval_ms == 60000 ? "minute" : "%d minutes", interval_ms / 60000);
        else
                snprintf(period, sizeof period, "%g s", interval_ms / 1000.0);
        sb_printf(&line, "… #%zu seen %zu more time%s in the last %s (%zu in all): %s (%s)", index + 1, more,
                  more == 1 ? "" : "s", period, d->count, d->title, d->id);
        sb_puts(&t.sb, "  ");
        wrap(&t, line.data, 600, 4);
        sb_free(&line);
        return text_finish(&t, o, ret);
}
