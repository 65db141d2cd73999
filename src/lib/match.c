/* match.c — find the signature that best explains an event.
 *
 * Every criterion a signature gives must hold for one and the same exception
 * of the event (type, message, "Type: message" line, a frame); a plain log
 * line can only meet `line`. Among the signatures that match, the most
 * specific wins. Each pattern's literal is looked for with memmem before
 * PCRE2 runs, so most signatures cost a few nanoseconds per line.
 */
#include "config.h"
#include "match.h"

#include <ctype.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

static pthread_mutex_t compile_lock = PTHREAD_MUTEX_INITIALIZER;

/* Compiles (if deferred) and JIT-compiles p the first time it runs. Threads
 * (-j) share patterns: the lock keeps a match from running on code being
 * compiled. */
const pcre2_code *pattern_code(const struct pattern *p)
{
        if (atomic_load(&p->ready))
                return p->code;
        if (!p->source)
                return NULL;
        pthread_mutex_lock(&compile_lock);
        if (!atomic_load(&p->ready)) {
                struct pattern *w = (struct pattern *)p;
                int error;
                PCRE2_SIZE offset;
                if (!w->code)
                        w->code = pattern_compile_code(w->source, &error, &offset);
                if (w->code)
                        pcre2_jit_compile(w->code, PCRE2_JIT_COMPLETE);  /* best effort: else interpreted */
                atomic_store(&w->ready, true);
        }
        pthread_mutex_unlock(&compile_lock);
        return p->code;
}

/* A pattern that hit a PCRE2 limit on s is counted (the pattern is shared
 * by -j's threads: atomics, and one thread writes the sample). */
static int search_counted(const coroner_db *db, const struct pattern *p, const char *s, size_t n,
                          pcre2_match_data *md)
{
        const pcre2_code *code = pattern_code(p);
        /* A deferred pattern that does not compile (a broken shipped table,
         * which `signatures check` reports) gives up on every line it meets. */
        int rc = code ? pcre2_match(code, (PCRE2_SPTR)s, n, 0, 0, md, db->mctx) : PCRE2_ERROR_MATCHLIMIT;
        if (rc == PCRE2_ERROR_MATCHLIMIT || rc == PCRE2_ERROR_DEPTHLIMIT || rc == PCRE2_ERROR_HEAPLIMIT ||
            rc == PCRE2_ERROR_JIT_STACKLIMIT) {
                struct pattern *w = (struct pattern *)p;
                atomic_fetch_add(&w->gave_up, 1);
                if (!atomic_exchange(&w->sampled, true)) {
                        size_t k = n < sizeof w->sample - 1 ? n : sizeof w->sample - 1;
                        memcpy(w->sample, s, k);
                        w->sample[k] = '\0';
                }
        }
        return rc;
}

bool pattern_search(const coroner_db *db, const struct pattern *p, const char *s, size_t n,
                    pcre2_match_data *md)
{
        return search_counted(db, p, s, n, md) >= 0;
}

static bool type_matches(const struct coroner_signature *sig, const char *type)
{
        if (!sig->n_exception_types)
                return true;
        size_t tl = strlen(type);
        for (size_t i = 0; i < sig->n_exception_types; i++) {
                const char *want = sig->exception_types[i];
                size_t wl = strlen(want);
                if (tl == wl && memcmp(type, want, wl) == 0)
                        return true;
                if (tl > wl && type[tl - wl - 1] == '.' && memcmp(type + tl - wl, want, wl) == 0)
                        return true;
        }
        return false;
}

static bool frames_match(const coroner_db *db, const struct coroner_signature *sig,
                         const struct exception *x, pcre2_match_data *md)
{
        if (!sig->frame_file.source && !sig->frame_function.source)
                return true;
        for (size_t i = 0; i < x->n_frames; i++) {
                const struct frame *f = &x->frames[i];
                if (sig->frame_file.source &&
                    !(f->file && pattern_search(db, &sig->frame_file, f->file, strlen(f->file), md)))
                        continue;
                if (sig->frame_function.source &&
                    !(f->function && pattern_search(db, &sig->frame_function, f->function,
                                                    strlen(f->function), md)))
                        continue;
                return true;
        }
        return false;
}

/* "Type: message" as Python prints it. */
static void exception_line(const struct exception *x, struct strbuf *sb)
{
        sb->len = 0;
        if (x->context_inline) {
                sb_puts(sb, x->context);
                sb_puts(sb, ": ");
        }
        sb_puts(sb, x->type ? x->type : "");
        if (x->message && x->message[0]) {
                sb_puts(sb, ": ");
                sb_puts(sb, x->message);
        }
        if (!sb->data)
                sb_puts(sb, "");
}

/* How much of the exception line a signature's line pattern reads. A
 * symptom's line pattern, naming neither a type nor a message, was written
 * for the plain line that reports a consequence: it reads the exception line
 * proper, not the lines the assembler took as the message's continuation.
 * Else a launcher's "Killing subprocess 30485", printed right after a
 * worker's "RuntimeError: Address already in use", would take the error's
 * own verdict away. (A root cause's pattern reads them all: NCCL's "Last
 * error:" and a state dict's "size mismatch for ..." are continuations.) */
static size_t line_extent(const struct coroner_signature *sig, const struct strbuf *line)
{
        if (!sig->symptom || sig->n_exception_types || sig->message.source || !line->data)
                return line->len;
        const char *nl = memchr(line->data, '\n', line->len);
        return nl ? (size_t)(nl - line->data) : line->len;
}

static bool exception_matches(const coroner_db *db, const struct coroner_signature *sig,
                              const struct exception *x, struct strbuf *line, pcre2_match_data *md)
{
        if (!x->type || !type_matches(sig, x->type))
                return false;
        const char *msg = x->message ? x->message : "";
        if (sig->message.source && !pattern_search(db, &sig->message, msg, strlen(msg), md))
                return false;
        if (sig->line.source) {
                exception_line(x, line);
                bool hit = !line->failed && pattern_search(db, &sig->line, line->data, line_extent(sig, line), md);
                if (!hit && x->context && !x->context_inline) {
                        /* "Scheduler hit an exception: Traceback (most recent call last):" */
                        line->len = 0;
                        sb_puts(line, x->context);
                        sb_puts(line, " Traceback (most recent call last):");
                        hit = !line->failed && pattern_search(db, &sig->line, line->data, line->len, md);
                }
                if (!hit)
                        return false;
        }
        if (!frames_match(db, sig, x, md))
                return false;
        if (!sig->n_where)
                return true;
        /* The conditions read the captures of the message's match (else the
         * line's), matched again: the frames' patterns used md since. */
        const struct pattern *p = sig->message.source ? &sig->message : &sig->line;
        if (!sig->message.source)
                exception_line(x, line);
        const char *subject = sig->message.source ? msg : line->data ? line->data : "";
        size_t n = sig->message.source ? strlen(msg) : line->len;
        return pattern_search(db, p, subject, n, md) && where_holds(sig->where, sig->n_where, pattern_code(p), md);
}

/* A plain line: the signature's line pattern (and its conditions), or one
 * of its whole messages. */
static bool line_matches(const coroner_db *db, const struct coroner_signature *sig, const char *text,
                         pcre2_match_data *md)
{
        /* A whole message, as a shell prints "Killed": whatever indented
         * it (pip's build output, a step's log) */
        const char *whole = text;
        size_t n = strlen(text);
        while (n && (*whole == ' ' || *whole == '\t'))
                whole++, n--;
        while (n && (whole[n - 1] == ' ' || whole[n - 1] == '\t'))
                n--;
        for (size_t i = 0; i < sig->n_wholes; i++)
                if (strlen(sig->wholes[i]) == n && memcmp(whole, sig->wholes[i], n) == 0)
                        return true;
        return sig->line.source && pattern_search(db, &sig->line, text, strlen(text), md) &&
               where_holds(sig->where, sig->n_where, pattern_code(&sig->line), md);
}

static int criteria_count(const struct coroner_signature *s)
{
        return (s->n_exception_types > 0) + (s->message.source != NULL) + (s->line.source != NULL) +
               (s->frame_file.source || s->frame_function.source);
}

/* Is a a better explanation than b? A signature file beats a knowledge
 * table's entry whatever their specificity (the tables are the floor);
 * then the more specific wins. */
static bool better(const struct coroner_signature *a, const struct coroner_signature *b)
{
        if (!b)
                return true;
        if (!a->table != !b->table)
                return !a->table;
        if (a->specificity != b->specificity)
                return a->specificity > b->specificity;
        return criteria_count(a) > criteria_count(b);
}

/* Of two matches on one traceback: what names an earlier exception of the
 * chain (nearer the original cause) as a root cause beats a symptom named
 * on another one (a wrapper's "Caught RuntimeError in DataLoader worker"
 * gives way to the worker's own error, even a table's reading of it). */
static bool preferable(const struct coroner_signature *a, size_t ka, const struct coroner_signature *b, size_t kb)
{
        if (b && ka != kb && a->symptom != b->symptom)
                return !a->symptom;
        return better(a, b);
}

/* Replaces {name} by the named capture of p's last match on subject. */
/* The value of capture `name` in the first pattern that sets it, for display. */
static bool capture_value(const char *name, const struct pattern *const *pats, const char *const *subjects,
                          const size_t *lens, size_t n_pats, const coroner_db *db, pcre2_match_data **md,
                          struct strbuf *value)
{
        for (size_t i = 0; i < n_pats; i++) {
                const struct pattern *p = pats[i];
                const pcre2_code *code = pattern_code(p);
                if (!code || !pattern_has_capture(code, name))
                        continue;
                if (!*md && !(*md = pcre2_match_data_create(32, NULL)))
                        return false;
                if (search_counted(db, p, subjects[i], lens[i], *md) < 0)
                        continue;
                PCRE2_UCHAR *val;
                PCRE2_SIZE vlen;
                if (pcre2_substring_get_byname(*md, (PCRE2_SPTR)name, &val, &vlen) != 0)
                        continue;
                value->len = 0;
                sb_append_display(value, (const char *)val, vlen, 200);
                pcre2_substring_free(val);
                if (vlen)
                        return true;
        }
        return false;
}

bool template_placeholder(const char *t, char name[64], const char **text, const char **close)
{
        const char *end = *t == '{' ? strchr(t, '}') : NULL;
        size_t n = end ? strspn(t + 1, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") : 0;
        const char *after = t + 1 + n;
        if (!n || n >= 64 || (after != end && *after != '?'))
                return false;
        memcpy(name, t + 1, n);
        name[n] = '\0';
        *text = after == end ? NULL : after + 1;
        *close = end;
        return true;
}

/* A summary, fix or check with its placeholders filled: "{name}" is the
 * named capture (or "?" when the pattern did not set it); "{name?text}" is
 * text with each '%' replaced by the capture, or nothing when it is unset. */
/* Can value go into a command as it is? Ids, paths, units, PIDs, package
 * names and versions are made of these. In prose, only what the shell
 * would act on (a command quoted in a sentence is copied too) is quoted. */
static bool shell_plain(const char *value, size_t n, bool command)
{
        for (size_t i = 0; i < n; i++)
                if (command ? !isalnum((unsigned char)value[i]) && !strchr("._/:@+=,-%", value[i])
                            : strchr(";|&`$()<>\\\n*?[]{}!#~", value[i]) != NULL)
                        return false;
        return n > 0;
}

/* value in single quotes, for the shell: ' becomes '\''. */
static void shell_quote(struct strbuf *out, const char *value, size_t n)
{
        sb_putc(out, '\'');
        for (size_t i = 0; i < n; i++) {
                if (value[i] == '\'')
                        sb_puts(out, "'\\''");
                else
                        sb_putc(out, value[i]);
        }
        sb_putc(out, '\'');
}

/* Renders tmpl, placeholders filled from the captures. In a fix or a
 * check (shell), whoever wrote the log line chose the captured text: a
 * value with characters a real one never has is quoted for the shell, and
 * where the template already quotes it (a quote inside a quote cannot be
 * made safe) the fix is withheld: returns false. */
static bool render(const char *tmpl, bool shell, const struct pattern *const *pats, const char *const *subjects,
                   const size_t *lens, size_t n_pats, const coroner_db *db, struct strbuf *out)
{
        pcre2_match_data *md = NULL;
        struct strbuf value = { 0 };
        bool safe = true, command = text_is_command(tmpl);
        char quote = 0;  /* the quote the template has open at this point */
        for (const char *t = tmpl; *t;) {
                char name[64];
                const char *text, *close;
                if (!template_placeholder(t, name, &text, &close)) {
                        if (quote ? *t == quote : (*t == '\'' || *t == '"'))
                                quote = quote ? 0 : *t;
                        sb_putc(out, *t++);
                        continue;
                }
                bool set = capture_value(name, pats, subjects, lens, n_pats, db, &md, &value);
                bool plain = !shell || (set && shell_plain(value.data, value.len, command));
                if (set && !plain && quote)
                        safe = false;
                /* "{name}" is "%" with the value; "{name?text}" text with % for it, or nothing */
                const char *from = text ? text : "%", *to = text ? close : from + 1;
                for (const char *c = from; set && c < to; c++) {
                        if (*c != '%')
                                sb_putc(out, *c);
                        else if (plain)
                                sb_append(out, value.data, value.len);
                        else
                                shell_quote(out, value.data, value.len);
                }
                if (!set && !text)
                        sb_putc(out, '?');
                t = close + 1;
        }
        sb_free(&value);
        pcre2_match_data_free(md);
        return safe;
}

static const char WITHHELD[] = "(A command is withheld here: the text the log gave for it holds quotes or "
                                "shell characters that would change what it runs. Read the evidence instead.)";

static void fill_result(const coroner_db *db, const struct coroner_signature *sig,
                        const struct event *ev, const struct exception *x, struct match_result *ret)
{
        const struct pattern *pats[2];
        const char *subjects[2];
        size_t lens[2], n = 0;
        struct strbuf line = { 0 };
        if (x) {
                exception_line(x, &line);
                if (sig->message.source) {
                        pats[n] = &sig->message;
                        subjects[n] = x->message ? x->message : "";
                        lens[n] = strlen(subjects[n]);
                        n++;
                }
                if (sig->line.source) {
                        pats[n] = &sig->line;
                        subjects[n] = line.data ? line.data : "";
                        lens[n++] = line.len;
                }
        } else if (sig->line.source) {
                pats[n] = &sig->line;
                subjects[n] = ev->text;
                lens[n++] = strlen(ev->text);
        }
        memset(ret, 0, sizeof *ret);
        ret->sig = sig;
        ret->exc = x;
        ret->basis = sig->table ? BASIS_KNOWLEDGE : BASIS_SIGNATURE;
        struct strbuf sb = { 0 };
        render(sig->summary, false, pats, subjects, lens, n, db, &sb);
        ret->summary = sb_take(&sb);
        ret->fixes = calloc(sig->n_fixes ? sig->n_fixes : 1, sizeof *ret->fixes);
        if (ret->fixes)
                for (size_t i = 0; i < sig->n_fixes; i++) {
                        if (!render(sig->fixes[i], true, pats, subjects, lens, n, db, &sb)) {
                                sb.len = 0;
                                sb_puts(&sb, WITHHELD);
                        }
                        ret->fixes[ret->n_fixes++] = sb_take(&sb);
                }
        ret->checks = calloc(sig->n_candidates + 1, sizeof *ret->checks);
        for (size_t i = 0; ret->checks && i < sig->n_candidates; i++) {
                if (!render(sig->candidates[i].check, true, pats, subjects, lens, n, db, &sb)) {
                        sb.len = 0;
                        sb_puts(&sb, WITHHELD);
                }
                ret->checks[i] = sb_take(&sb);
        }
        sb_free(&line);
}

/* The signatures whose literal occurs in the event's text (pre-filter). */
static uint64_t *candidates(const coroner_db *db, const struct prefilter *pf, const struct event *ev,
                            struct strbuf *line)
{
        size_t words = prefilter_sig_words(pf);
        uint64_t *bits = calloc(words, sizeof *bits);
        if (!bits)
                return NULL;
        prefilter_add_always(pf, bits);
        if (db->reference) {
                memset(bits, 0xff, words * sizeof *bits);
                return bits;
        }
        if (ev->kind == EVENT_LINE) {
                prefilter_candidates(pf, ev->text, strlen(ev->text), bits);
                return bits;
        }
        for (size_t k = 0; k < ev->n_excs; k++) {
                const struct exception *x = &ev->excs[k];
                exception_line(x, line);
                if (line->data)
                        prefilter_candidates(pf, line->data, line->len, bits);
                if (x->context)
                        prefilter_candidates(pf, x->context, strlen(x->context), bits);
        }
        return bits;
}

/* Tries ev's candidates: the best one's db->sigs index (SIZE_MAX: none)
 * and the exception it matched in *best_k. Returns -1 when memory ran out
 * before any was tried, 0 when it ran out while they were (a decision not
 * to remember), 1 otherwise. */
static int find_best(const coroner_db *db, pcre2_match_data *md, const struct match_scratch *scratch,
                      const struct event *ev, size_t *best_i, size_t *best_k)
{
        struct strbuf line = { 0 };
        uint64_t *bits = candidates(db, scratch->pf ? scratch->pf : db->pf, ev, &line);
        if (!bits)
                return -1;

        /* Only the candidates' bits, in index order (ties go to the first). */
        const struct coroner_signature *best = NULL;
        size_t words = prefilter_sig_words(db->pf);
        for (size_t w = 0; w < words; w++) {
                for (uint64_t m = bits[w]; m; m &= m - 1) {
                        size_t i = w * 64 + (size_t)__builtin_ctzll(m);
                        if (i >= db->n_sigs)
                                break;
                        const struct coroner_signature *sig = db->sigs[i];
                        if (ev->kind == EVENT_LINE) {
                                if (better(sig, best) && !sig->n_exception_types && !sig->message.source &&
                                    !sig->frame_file.source && !sig->frame_function.source &&
                                    line_matches(db, sig, ev->text, md)) {
                                        best = sig;
                                        *best_i = i;
                                }
                                continue;
                        }
                        /* The original cause (first in the chain) is preferred when the
                         * same signature fits several exceptions. */
                        for (size_t k = 0; k < ev->n_excs; k++) {
                                if (!exception_matches(db, sig, &ev->excs[k], &line, md))
                                        continue;
                                if (preferable(sig, k, best, *best_k)) {
                                        best = sig;
                                        *best_i = i;
                                        *best_k = k;
                                }
                                break;
                        }
                }
        }
        int complete = !line.failed;
        sb_free(&line);
        free(bits);
        return complete;
}

bool match_event(const coroner_db *db, pcre2_match_data *md, struct match_scratch *scratch,
                 const struct event *ev, struct match_result *ret)
{
        size_t best_i = SIZE_MAX, best_k = 0;
        bool keep = !db->reference && ev->kind != EVENT_LINE;  /* the reference tries every signature */
        int known = keep ? match_memo_find(scratch, ev, &best_i, &best_k) : -1;
        if (known != 1) {
                int found = find_best(db, md, scratch, ev, &best_i, &best_k);
                if (found < 0)
                        return false;
                if (found == 1 && known == 0)
                        match_memo_keep(scratch, best_i, best_k);
        }
        if (best_i == SIZE_MAX)
                return false;
        const struct coroner_signature *best = db->sigs[best_i];
        memset(ret, 0, sizeof *ret);
        ret->sig = best;
        ret->exc = ev->excs ? &ev->excs[best_k] : NULL;  /* a line event has no exceptions */
        ret->basis = best->table ? BASIS_KNOWLEDGE : BASIS_SIGNATURE;
        return true;
}

void match_render(const coroner_db *db, const struct event *ev, struct match_result *m)
{
        fill_result(db, m->sig, ev, m->exc, m);
}

const struct word_class *words_guess(const coroner_db *db, pcre2_match_data *md, const char *text, size_t n)
{
        for (size_t i = 0; db->words && i < db->words->n; i++)
                if (pattern_search(db, &db->words->classes[i].pattern, text, n, md))
                        return &db->words->classes[i];
        return NULL;
}

bool match_error_line(const struct event *ev, struct match_result *m)
{
        static const char summary[] = "Lines logged at an error level that no signature or knowledge table explains; "
                                      "lines that differ only in numbers, paths and ids are counted as one.";
        static const char summary_words[] = "Lines that report a failure in words (\"failed\", \"cannot\"), in a run "
                                            "where nothing else explains what went wrong.";
        static const char read[] = "Read the first of these lines in its context (the evidence above names the input "
                                   "and line): the lines before it say what the program was doing.";
        static const char add[] = "If it recurs, add a signature for it (signatures/README.md).";
        struct strbuf sb = { 0 };
        memset(m, 0, sizeof *m);
        m->basis = BASIS_ERROR_LINES;
        snprintf(m->generic_id, sizeof m->generic_id, "%s", ev->failure_line ? "failure-lines" : "error-lines");
        m->category = "unrecognized";  /* perhaps guessed from its words when ranked (rank.c) */
        m->severity = ev->failure_line ? CORONER_SEV_WARNING : CORONER_SEV_ERROR;
        m->specificity = ev->failure_line ? 2 : 5;
        sb_puts(&sb, ev->failure_line ? "Failure lines: " : "Error lines: ");
        sb_append_display(&sb, ev->text, strlen(ev->text), 120);
        if (ev->last_line > ev->first_line)
                sb_printf(&sb, " (and %ld more lines)", ev->last_line - ev->first_line);
        m->title = sb_take(&sb);
        m->summary = ev->failure_line ? strndup_safe(summary_words, sizeof summary_words - 1)
                                      : strndup_safe(summary, sizeof summary - 1);
        m->fixes = calloc(2, sizeof *m->fixes);
        if (m->fixes) {
                m->fixes[m->n_fixes++] = strndup_safe(read, sizeof read - 1);
                m->fixes[m->n_fixes++] = strndup_safe(add, sizeof add - 1);
        }
        return m->title && m->summary;
}

static void frame_ref(const struct blame_frame *b, struct frame_ref *ret)
{
        memset(ret, 0, sizeof *ret);
        if (!b->f)
                return;
        snprintf(ret->file, sizeof ret->file, "%s", b->f->file ? b->f->file : "");
        snprintf(ret->function, sizeof ret->function, "%s", b->f->function ? b->f->function : "");
        snprintf(ret->package, sizeof ret->package, "%s", b->package);
        ret->line = b->f->line;
        ret->kind = b->kind;
        ret->set = true;
}

void match_locate_blamed(const struct blame *b, struct match_result *m)
{
        frame_ref(&b->raised, &m->raised_in);
        /* The application's frame, when it is not itself where it was raised. */
        if (b->app.f && b->app.f != b->raised.f)
                frame_ref(&b->app, &m->called_from);
}

void match_locate(const coroner_db *db, const struct event *ev, struct match_result *m)
{
        struct blame b;
        blame_event(db->python, ev, &b);
        match_locate_blamed(&b, m);
}

void match_result_free(struct match_result *m)
{
        free(m->summary);
        free(m->title);
        for (size_t i = 0; i < m->n_fixes; i++)
                free(m->fixes[i]);
        free(m->fixes);
        for (size_t i = 0; m->checks && m->sig && i < m->sig->n_candidates; i++)
                free(m->checks[i]);
        free(m->checks);
        free(m->alt_cause);
        free(m->alt_check);
        memset(m, 0, sizeof *m);
}
