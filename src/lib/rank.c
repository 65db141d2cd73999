/* rank.c — fold matched events into diagnoses and order them.
 *
 * Events with the same signature (or, unrecognized, the same fingerprint)
 * become one diagnosis with a count, the streams it came from and its first
 * evidence: eight ranks printing one traceback make one diagnosis, count 8.
 *
 * Order (doc/ranking.md): root causes of severity error or worse, then
 * unrecognized tracebacks, then symptoms, then warnings, then info; inside a
 * tier, higher severity, more specific signatures and earlier first sight
 * rank higher.
 */
#include "config.h"
#include "rank.h"

#include <stdlib.h>
#include <string.h>

static void diagnosis_free(struct diagnosis *d)
{
        free(d->title);
        free(d->summary);
        for (size_t i = 0; i < d->n_fixes; i++)
                free(d->fixes[i]);
        free(d->fixes);
        for (size_t i = 0; d->checks && d->sig && i < d->sig->n_candidates; i++)
                free(d->checks[i]);
        free(d->checks);
        free(d->exc_type);
        free(d->exc_message);
        free(d->line_text);
        for (size_t i = 0; i < d->n_chain; i++) {
                free(d->chain_types[i]);
                free(d->chain_messages[i]);
                free(d->chain_places[i]);
        }
        free(d->chain_types);
        free(d->chain_messages);
        free(d->chain_places);
        for (size_t i = 0; i < d->n_evidence; i++)
                free(d->evidence[i].text);
        free(d->alt_cause);
        free(d->alt_check);
        free(d->streams);
        free(d);
}

void ranking_free(struct ranking *rk)
{
        for (size_t i = 0; i < rk->n; i++)
                diagnosis_free(rk->diags[i]);
        free(rk->diags);
        free(rk->index);
        free(rk->latest);
        memset(rk, 0, sizeof *rk);
}

static char *dup_or_null(const char *s) { return s ? strndup_safe(s, strlen(s)) : NULL; }

static bool same_stream_id(const struct stream_id *a, const struct stream_id *b)
{
        return a->pid == b->pid && a->rank == b->rank && strcmp(a->host, b->host) == 0 &&
               strcmp(a->tag, b->tag) == 0 && strcmp(a->ident, b->ident) == 0;
}

static void add_stream(struct diagnosis *d, const struct stream_id *s)
{
        for (size_t i = 0; i < d->n_streams; i++)
                if (same_stream_id(&d->streams[i], s))
                        return;
        d->n_streams_total++;
        if (d->n_streams == LIMIT_DIAG_STREAMS)
                return;
        /* Most diagnoses come from one stream or a few: a fixed array of
         * the limit's size made most of the memory of a capped report. */
        struct stream_id *p = grow_array(d->streams, d->n_streams, &d->streams_cap, sizeof *p, 2);
        if (!p)
                return;  /* counted in n_streams_total, not listed */
        d->streams = p;
        d->streams[d->n_streams++] = *s;
}

/* d's evidence becomes a copy of lines (an event's, or another diagnosis's). */
static void copy_evidence(struct diagnosis *d, const struct evidence_line *lines, size_t n)
{
        for (size_t i = 0; i < d->n_evidence; i++)
                free(d->evidence[i].text);
        d->n_evidence = 0;
        for (size_t i = 0; i < n; i++) {
                d->evidence[i] = lines[i];
                d->evidence[i].text = dup_or_null(lines[i].text);
                d->n_evidence++;
        }
}

static void note_occurrence(struct diagnosis *d, const struct event *ev)
{
        d->count++;
        add_stream(d, &ev->stream);
        if (ev->seq < d->first_seq) {
                /* Events reach us when they end; show the one that began first. */
                if (d->count > 1)
                        copy_evidence(d, ev->evidence, ev->n_evidence);
                d->first_seq = ev->seq;
                d->first_usec = ev->time_usec;
                d->first_has_time = ev->has_time;
        }
        if (ev->seq >= d->last_seq) {
                d->last_seq = ev->seq;
                if (ev->has_time) {  /* a later line without a timestamp keeps the last known one */
                        d->last_usec = ev->time_usec;
                        d->last_has_time = true;
                }
        }
        if (ev->incomplete)
                d->incomplete = true;
}

/* First line of s, cut for a title. */
static void first_line(struct strbuf *sb, const char *s, size_t max)
{
        const char *nl = strchr(s, '\n');
        sb_append_display(sb, s, nl ? (size_t)(nl - s) : strlen(s), max);
}

/* The title and summary of an exception nothing recognises. */
static void unrecognized_texts(struct diagnosis *d, const struct event *ev, const struct exception *x)
{
        struct strbuf sb = { 0 };
        sb_puts(&sb, "Unrecognized ");
        sb_puts(&sb, x && x->type && x->type[0] ? x->type : "traceback");
        if (x && x->message && x->message[0]) {
                sb_puts(&sb, ": ");
                first_line(&sb, x->message, 120);
        }
        d->title = sb_take(&sb);
        sb_puts(&sb, "No signature or knowledge table knows this ");
        sb_puts(&sb, ev->kind == EVENT_TRACEBACK ? "traceback" : "exception");
        if (ev->n_excs > 1)
                sb_printf(&sb, " (a chain of %zu exceptions)", ev->n_excs);
        if (d->raised_in.set) {
                sb_printf(&sb, "; it was raised in %s (", d->raised_in.function[0] ? d->raised_in.function : "?");
                sb_append_display(&sb, d->raised_in.file, strlen(d->raised_in.file), 200);
                sb_printf(&sb, ", line %d", d->raised_in.line);
                if (d->raised_in.package[0])
                        sb_printf(&sb, ", package %s", d->raised_in.package);
                sb_puts(&sb, ")");
        }
        sb_puts(&sb, ".");
        d->summary = sb_take(&sb);
        d->fixes = calloc(2, sizeof *d->fixes);
        if (!d->fixes)
                return;
        if (d->raised_in.set) {
                const struct frame_ref *f = d->called_from.set ? &d->called_from : &d->raised_in;
                sb_puts(&sb, "Open ");
                sb_append_display(&sb, f->file, strlen(f->file), 200);
                sb_printf(&sb, " at line %d", f->line);
                if (f->function[0])
                        sb_printf(&sb, " (%s)", f->function);
                sb_puts(&sb, ": the exception was raised ");
                sb_puts(&sb, d->called_from.set ? "in the library it calls there; read its message for the value it rejected."
                                                : "there; its message says what failed.");
                d->fixes[d->n_fixes++] = sb_take(&sb);
        }
        d->fixes[d->n_fixes++] = dup_or_null(
                "If it recurs, add a signature for it (signatures/README.md).");
}

static struct diagnosis *new_diagnosis(const struct event *ev, const struct match_result *m,
                                       const char *fingerprint)
{
        struct diagnosis *d = xmalloc_or_null(sizeof *d);
        if (!d)
                return NULL;
        const struct exception *x = m->exc;
        if (!x && m->basis == BASIS_NONE && ev->n_excs)
                x = &ev->excs[0];
        memcpy(d->fingerprint, fingerprint, sizeof d->fingerprint);
        memcpy(d->run, ev->stream.invocation, sizeof d->run);
        d->basis = m->basis;
        d->family = m->family;
        d->raised_in = m->raised_in;
        d->called_from = m->called_from;
        d->from_exception = ev->kind != EVENT_LINE;
        d->failure_words = event_failure_words(ev);
        d->warning_line = event_warning_level(ev) || m->as_warning;
        d->explained_by = -1;
        d->alternative_to = -1;
        d->first_seq = UINT64_MAX;
        if (x) {
                d->exc_type = dup_or_null(x->type);
                d->exc_message = dup_or_null(x->message ? x->message : "");
        }
        if (ev->n_excs) {
                d->chain_types = calloc(ev->n_excs, sizeof *d->chain_types);
                d->chain_messages = calloc(ev->n_excs, sizeof *d->chain_messages);
                d->chain_places = calloc(ev->n_excs, sizeof *d->chain_places);
                if (d->chain_types && d->chain_messages && d->chain_places)
                        for (size_t i = 0; i < ev->n_excs; i++) {
                                d->chain_types[i] = dup_or_null(ev->excs[i].type);
                                d->chain_messages[i] = dup_or_null(ev->excs[i].message ? ev->excs[i].message : "");
                                d->chain_places[i] = dup_or_null(ev->excs[i].group_place);
                                d->n_chain++;
                        }
        }
        copy_evidence(d, ev->evidence, ev->n_evidence);
        if (m->basis == BASIS_ERROR_LINES && ev->text)
                d->line_text = strndup_safe(ev->text, strnlen(ev->text, LIMIT_DISPLAY_BYTES * 4));
        const struct coroner_signature *s = m->sig;
        if (m->basis == BASIS_NONE) {
                snprintf(d->id, sizeof d->id, "unrecognized");
                d->category = "unrecognized";  /* perhaps guessed from its words (guess_categories) */
                d->unrecognized = true;
                d->severity = CORONER_SEV_ERROR;
                unrecognized_texts(d, ev, x);
                return d;
        }
        snprintf(d->id, sizeof d->id, "%s", s ? s->id : m->generic_id);
        d->sig = s;
        d->category = s ? s->category : m->category;
        d->title = dup_or_null(s ? s->title : m->title);
        d->summary = dup_or_null(m->summary);
        d->fixes = calloc(m->n_fixes ? m->n_fixes : 1, sizeof *d->fixes);
        for (size_t i = 0; d->fixes && i < m->n_fixes; i++)
                d->fixes[d->n_fixes++] = dup_or_null(m->fixes[i]);
        if (s) {
                d->checks = calloc(s->n_candidates + 1, sizeof *d->checks);
                for (size_t i = 0; d->checks && m->checks && i < s->n_candidates; i++)
                        d->checks[i] = dup_or_null(m->checks[i]);
        }
        d->severity = s ? s->severity : m->severity;
        d->symptom = s ? s->symptom : m->symptom;
        d->specificity = s ? s->specificity : m->specificity;
        if (m->alt_category && strcmp(m->alt_category, d->category) != 0) {  /* blame's other reading */
                d->alt_cause = dup_or_null(m->alt_cause);
                d->alt_check = dup_or_null(m->alt_check);
                if (d->alt_cause && d->alt_check)
                        d->alt_category = m->alt_category;
        }
        return d;
}

static bool ranking_grow(struct ranking *rk)
{
        struct diagnosis **p = grow_array(rk->diags, rk->n, &rk->cap, sizeof *p, 16);
        if (p)
                rk->diags = p;
        return p != NULL;
}

/* One failure: the same signature, or (generic and unrecognized ones) the
 * same verdict and fingerprint, within one run. */
static bool same_failure(const struct diagnosis *d, const struct coroner_signature *sig, const char *family,
                         enum basis basis, const char *id, const char *fingerprint, const char *run)
{
        if (strcmp(d->run, run) != 0)
                return false;
        if (sig || d->sig)
                return d->sig == sig;
        if (family || d->family)
                return d->family == family;
        return d->basis == basis && strcmp(d->fingerprint, fingerprint) == 0 && strcmp(d->id, id) == 0;
}

/* What same_failure compares, hashed: the index's key. */
static uint64_t failure_key(const struct coroner_signature *sig, const char *family, enum basis basis,
                            const char *id, const char *fingerprint, const char *run)
{
        uint64_t h = fnv1a64(run, strlen(run) + 1, FNV1A64_INIT);
        if (sig)
                return fnv1a64(&sig, sizeof sig, h);
        if (family)
                return fnv1a64(&family, sizeof family, h);
        h = fnv1a64(&basis, sizeof basis, h);
        h = fnv1a64(id, strlen(id) + 1, h);
        return fnv1a64(fingerprint, strlen(fingerprint), h);
}

/* The diagnosis of this failure, if any: found by key, not by a scan. */
static struct diagnosis *find_failure(const struct ranking *rk, uint64_t key, const struct coroner_signature *sig,
                                      const char *family, enum basis basis, const char *id,
                                      const char *fingerprint, const char *run)
{
        if (!rk->index)
                return NULL;
        for (size_t i = key & (rk->index_slots - 1);; i = (i + 1) & (rk->index_slots - 1)) {
                struct diagnosis *d = rk->index[i];
                if (!d)
                        return NULL;
                if (d->key == key && same_failure(d, sig, family, basis, id, fingerprint, run))
                        return d;
        }
}

static void index_put(struct diagnosis **index, size_t slots, struct diagnosis *d)
{
        size_t i = d->key & (slots - 1);
        while (index[i])
                i = (i + 1) & (slots - 1);
        index[i] = d;
}

/* Files d in the index, which is kept at most half full. */
static bool index_failure(struct ranking *rk, struct diagnosis *d)
{
        if ((rk->n + 1) * 2 > rk->index_slots) {
                size_t slots = rk->index_slots ? rk->index_slots * 2 : 1024;
                struct diagnosis **index = calloc(slots, sizeof *index);
                if (!index)
                        return false;
                for (size_t i = 0; i < rk->n; i++)
                        index_put(index, slots, rk->diags[i]);
                free(rk->index);
                rk->index = index;
                rk->index_slots = slots;
        }
        index_put(rk->index, rk->index_slots, d);
        return true;
}

/* Remembers d as the latest diagnosis of its signature. */
static void note_latest(struct ranking *rk, struct diagnosis *d)
{
        if (!d->sig)
                return;
        size_t k = d->sig->number;
        if (k >= rk->n_latest) {
                size_t n = k + 64;
                struct diagnosis **p = realloc(rk->latest, n * sizeof *p);
                if (!p)
                        return;
                memset(p + rk->n_latest, 0, (n - rk->n_latest) * sizeof *p);
                rk->latest = p;
                rk->n_latest = n;
        }
        if (!rk->latest[k] || rk->latest[k]->first_seq <= d->first_seq)
                rk->latest[k] = d;
}

static struct diagnosis *latest_of(const struct ranking *rk, const struct coroner_signature *sig)
{
        return sig && sig->number < rk->n_latest ? rk->latest[sig->number] : NULL;
}

/* Files a new diagnosis; false if memory ran out. */
static bool keep_diagnosis(struct ranking *rk, struct diagnosis *d)
{
        if ((rk->n == rk->cap && !ranking_grow(rk)) || !index_failure(rk, d))
                return false;
        rk->diags[rk->n++] = d;
        rk->n_unnamed += d->sig == NULL;
        note_latest(rk, d);
        return true;
}

/* Whether a new diagnosis may be made. Nothing a signature names is lost:
 * past LIMIT_DIAGNOSES_ALL, a signature that has a diagnosis counts its
 * event there (known, false); one that has none still gets one (at most
 * one per signature). Unnamed failures past LIMIT_DIAGNOSES are folded
 * into a count. */
static bool room_for(struct ranking *rk, const struct coroner_signature *sig, size_t count, struct diagnosis **known)
{
        *known = NULL;
        if (!sig) {
                if (rk->n_unnamed < LIMIT_DIAGNOSES && rk->n < LIMIT_DIAGNOSES_ALL)
                        return true;
                rk->folded_events += count;
                return false;
        }
        if (rk->n < LIMIT_DIAGNOSES_ALL)
                return true;
        *known = latest_of(rk, sig);
        return *known == NULL;
}

bool ranking_count_known(struct ranking *rk, const struct event *ev, const struct match_result *m)
{
        if (!m->sig)
                return false;
        const char *run = ev->stream.invocation;
        struct diagnosis *d = find_failure(rk, failure_key(m->sig, NULL, m->basis, m->sig->id, "", run), m->sig, NULL,
                                           m->basis, m->sig->id, "", run);
        if (!d && rk->n >= LIMIT_DIAGNOSES_ALL)
                d = latest_of(rk, m->sig);
        if (d)
                note_occurrence(d, ev);
        return d != NULL;
}

bool ranking_count_generic(struct ranking *rk, const struct event *ev, enum basis basis, const char *id,
                           const char *fingerprint)
{
        const char *run = ev->stream.invocation;
        struct diagnosis *d = find_failure(rk, failure_key(NULL, NULL, basis, id, fingerprint, run), NULL, NULL, basis,
                                           id, fingerprint, run);
        if (d)
                note_occurrence(d, ev);
        return d != NULL;
}

void ranking_add(struct ranking *rk, const struct event *ev, const struct match_result *m)
{
        char fp[17];
        const char *id = m->sig ? m->sig->id : m->basis == BASIS_NONE ? "unrecognized" : m->generic_id;
        fingerprint_event(ev, m->exc ? m->exc : (ev->n_excs ? &ev->excs[0] : NULL), fp);
        const char *run = ev->stream.invocation;
        uint64_t key = failure_key(m->sig, m->family, m->basis, id, fp, run);
        struct diagnosis *same = find_failure(rk, key, m->sig, m->family, m->basis, id, fp, run);
        bool room = same || room_for(rk, m->sig, 1, &same);
        if (same) {  /* this failure's diagnosis, or at the cap its signature's latest */
                note_occurrence(same, ev);
                return;
        }
        if (!room)
                return;  /* folded (room_for counted it) */
        struct diagnosis *d = new_diagnosis(ev, m, fp);
        if (!d) {
                rk->folded_events++;
                return;
        }
        note_occurrence(d, ev);
        d->key = key;
        if (!keep_diagnosis(rk, d)) {
                rk->folded_events++;
                diagnosis_free(d);
        }
}

/* Counts src's d into dst's same. */
static void merge_into(struct diagnosis *same, struct diagnosis *d)
{
        same->count += d->count;
        size_t hidden = d->n_streams_total - d->n_streams;
        for (size_t k = 0; k < d->n_streams; k++)
                add_stream(same, &d->streams[k]);
        same->n_streams_total += hidden;
        same->incomplete |= d->incomplete;
        if (d->first_seq < same->first_seq) {
                /* The earlier sighting supplies the evidence shown. */
                struct diagnosis tmp = *same;
                same->first_seq = d->first_seq;
                same->first_usec = d->first_usec;
                same->first_has_time = d->first_has_time;
                memcpy(same->evidence, d->evidence, sizeof same->evidence);
                same->n_evidence = d->n_evidence;
                memcpy(d->evidence, tmp.evidence, sizeof d->evidence);
                d->n_evidence = tmp.n_evidence;
        }
        if (d->last_seq > same->last_seq) {
                same->last_seq = d->last_seq;
                if (d->last_has_time) {
                        same->last_usec = d->last_usec;
                        same->last_has_time = true;
                }
        }
}

/* Moves every diagnosis of src into dst (src is left empty): the same
 * failure seen by two workers becomes one diagnosis. Evidence input numbers
 * of src are shifted by input_offset. */
void ranking_merge(struct ranking *dst, struct ranking *src, int input_offset)
{
        for (size_t i = 0; i < src->n; i++) {
                struct diagnosis *d = src->diags[i];
                for (size_t k = 0; k < d->n_evidence; k++)
                        d->evidence[k].input += input_offset;
                struct diagnosis *same = find_failure(dst, d->key, d->sig, d->family, d->basis, d->id, d->fingerprint,
                                                      d->run);
                if (!same) {
                        bool room = room_for(dst, d->sig, d->count, &same);
                        if (room && keep_diagnosis(dst, d))
                                continue;
                        if (room)
                                dst->folded_events += d->count;  /* memory ran out */
                }
                if (same)
                        merge_into(same, d);
                diagnosis_free(d);
        }
        dst->folded_events += src->folded_events;
        dst->failure_lines_folded += src->failure_lines_folded;
        src->n = 0;
        src->n_unnamed = 0;
        src->n_latest = 0;
        free(src->latest);
        src->latest = NULL;
        src->folded_events = 0;
        src->failure_lines_folded = 0;
}

static int tier(const struct diagnosis *d);

/* early: 0..100, how early the diagnosis was first seen among all. */
static void score(struct diagnosis *d, double early)
{
        int specificity = d->basis == BASIS_NONE ? 10 : d->specificity;
        d->score = tier(d) * 1000.0 + d->severity * 50.0 + specificity * 3.0 + early;
        /* Within its tier a symptom gives way to a cause: in tier 3, to one
         * read from a line without an error level (kubectl's CrashLoopBackOff
         * row before the pod's "No platform detected" line). 150 is less than
         * a tier: it stays above error lines. */
        if (d->symptom)
                d->score -= 150.0;
        switch (d->basis) {
        case BASIS_NONE: d->confidence = 0.3; break;
        case BASIS_ERROR_LINES: d->confidence = 0.25; break;
        case BASIS_BLAME: d->confidence = 0.35 + specificity / 200.0; break;
        default:
                d->confidence = d->symptom ? 0.3 + specificity / 250.0 : 0.45 + specificity / 200.0;
                break;
        }
        if (d->incomplete)
                d->confidence *= 0.8;
        if (d->confidence > 0.99)
                d->confidence = 0.99;
}

/* How the rationale names a diagnosis's tier. */
static const char *tier_text(const struct diagnosis *d)
{
        static const char *const words[] = {
                "informational", "a warning", "error lines nothing explains", "a symptom of another failure",
                "an exception nothing recognises", "a root cause known by its kind", "a root cause"
        };
        int t = tier(d);
        return t == 3 && d->warning_line ? "a known condition in a line logged without an error level" : words[t];
}

static bool explains(const struct diagnosis *cause, const struct diagnosis *effect);

void ranking_score_one(struct ranking *rk, size_t i)
{
        struct diagnosis *d = rk->diags[i];
        score(d, 0);
        /* A consequence that arrives after its cause is told as one: a
         * cause of its run reported before it names it, or a symptom
         * follows a root cause of its run known by more than its words. */
        d->explained_by = -1;
        for (size_t j = 0; j < i && d->explained_by < 0; j++) {
                const struct diagnosis *e = rk->diags[j];
                if (strcmp(e->run, d->run) == 0 &&
                    (explains(e, d) || (d->symptom && !e->symptom && tier(e) >= 4)))
                        d->explained_by = (int)j;
        }
        if (d->explained_by >= 0)
                snprintf(d->rationale, sizeof d->rationale, "Reported as it happened (--follow): a consequence of #%d.",
                         d->explained_by + 1);
        else
                snprintf(d->rationale, sizeof d->rationale, "Reported as it happened (--follow): %s.", tier_text(d));
}

/* Tiers, best last: a signature's root cause, then root causes known by
 * their kind (a knowledge table, blame), exceptions nothing recognises,
 * symptoms, error lines nothing explains, warnings, information. */
static int tier(const struct diagnosis *d)
{
        if (d->severity <= CORONER_SEV_INFO)
                return 0;
        if (d->severity == CORONER_SEV_WARNING)
                return 1;
        if (d->basis == BASIS_ERROR_LINES)
                return 2;
        if (d->symptom)
                return 3;
        /* A table's reading of a line its program logged as a warning: the
         * program went on, so a failure it did not survive comes first. */
        if (d->warning_line && (d->basis == BASIS_KNOWLEDGE || d->basis == BASIS_BLAME))
                return d->names_unknown_failure ? 5 : 3;
        if (d->basis == BASIS_NONE)  /* a traceback cut off before its exception says little */
                return d->exc_type && d->exc_type[0] ? 4 : 2;
        return d->basis == BASIS_SIGNATURE ? 6 : 5;
}

/* Evidence that the run failed, not just logged something: an exception,
 * a signature's or blame's error, a death by signal or a failed unit. */
static bool shows_failure(const struct diagnosis *d)
{
        if (d->severity < CORONER_SEV_ERROR || d->basis == BASIS_ERROR_LINES)
                return false;
        if (d->basis == BASIS_BLAME && d->warning_line)
                return false;  /* the words of a warning line: the program went on */
        if (d->basis != BASIS_KNOWLEDGE || d->from_exception)
                return true;
        return d->sig->ends_run;
}

/* Severity follows the evidence. An exception is an error even where the
 * table calls its condition a warning (a connection reset that ended a
 * thread). A plain line that a table knows but that does not read as a
 * failure, and error lines nothing explains, are errors only in a run that
 * failed; in a run that kept going they are warnings, so that healthy logs
 * with transient errors stay free of errors. */
/* Lines worded as failures (no level) are reported only where nothing
 * else in their run is: they are the last resort, not noise beside a
 * diagnosis. The others are counted (failure_lines_folded). */
static void fold_failure_lines(struct ranking *rk)
{
        /* A folded entry is freed and its slot cleared; the slots are
         * closed up only afterwards. The scan for another diagnosis of the
         * run reads every slot: closing them up in the same pass left
         * freed entries behind the kept ones, and the scan read them. A
         * folded entry is a weak one, never another: skipping it changes
         * nothing. */
        for (size_t i = 0; i < rk->n; i++) {
                struct diagnosis *d = rk->diags[i];
                bool weak = d->basis == BASIS_ERROR_LINES && strcmp(d->id, "failure-lines") == 0;
                bool other = false;
                for (size_t j = 0; j < rk->n && weak && !other; j++) {
                        const struct diagnosis *e = rk->diags[j];
                        other = e && strcmp(e->run, d->run) == 0 &&
                                !(e->basis == BASIS_ERROR_LINES && strcmp(e->id, "failure-lines") == 0);
                }
                if (weak && other) {
                        rk->failure_lines_folded += d->count;
                        diagnosis_free(d);
                        rk->diags[i] = NULL;
                }
        }
        size_t kept = 0;
        for (size_t i = 0; i < rk->n; i++)
                if (rk->diags[i])
                        rk->diags[kept++] = rk->diags[i];
        rk->n = kept;
}

static void weigh_severity(struct ranking *rk)
{
        for (size_t i = 0; i < rk->n; i++) {
                struct diagnosis *d = rk->diags[i];
                if (d->basis == BASIS_KNOWLEDGE && d->from_exception && d->severity == CORONER_SEV_WARNING)
                        d->severity = CORONER_SEV_ERROR;
        }
        for (size_t i = 0; i < rk->n; i++) {
                struct diagnosis *d = rk->diags[i];
                bool plain = d->basis == BASIS_ERROR_LINES || (d->basis == BASIS_BLAME && d->warning_line) ||
                             (d->basis == BASIS_KNOWLEDGE && !d->from_exception &&
                              ((!d->failure_words && !d->sig->ends_run) || d->warning_line));
                if (!plain || d->severity < CORONER_SEV_ERROR)
                        continue;
                bool failed = false, recognised = false;
                for (size_t j = 0; j < rk->n && !(failed && recognised); j++) {
                        const struct diagnosis *e = rk->diags[j];
                        if (strcmp(e->run, d->run) != 0 || !shows_failure(e))
                                continue;
                        failed = true;
                        recognised |= e->basis != BASIS_NONE;
                }
                if (!failed)
                        d->severity = CORONER_SEV_WARNING;
                /* The run ended in an exception that says nothing known
                 * ("FatalError: DataLoader process ... exited"), and this
                 * line names a kind of failure ("insufficient shared storage
                 * space"): the line is the likelier cause. */
                d->names_unknown_failure = failed && !recognised && d->warning_line &&
                                           (d->basis == BASIS_KNOWLEDGE || d->basis == BASIS_BLAME);
        }
}

static int cmp_score(const void *a, const void *b)
{
        const struct diagnosis *x = *(struct diagnosis *const *)a, *y = *(struct diagnosis *const *)b;
        if (x->run_order != y->run_order)
                return x->run_order < y->run_order ? -1 : 1;  /* the most recent run first */
        if (x->score != y->score)
                return x->score > y->score ? -1 : 1;
        return x->first_seq < y->first_seq ? -1 : x->first_seq > y->first_seq;
}

static int cmp_first_seen(const void *a, const void *b)
{
        const struct diagnosis *x = *(struct diagnosis *const *)a, *y = *(struct diagnosis *const *)b;
        return x->first_seq < y->first_seq ? -1 : x->first_seq > y->first_seq;
}

static bool explains(const struct diagnosis *cause, const struct diagnosis *effect)
{
        if (!cause->sig || cause == effect)
                return false;
        for (size_t i = 0; i < cause->sig->n_explains; i++) {
                const char *e = cause->sig->explains[i];
                if (strcmp(e, effect->id) == 0)
                        return true;
                if (effect->sig && strncmp(e, "category:", 9) == 0 &&
                    strcmp(e + 9, effect->sig->category) == 0)
                        return true;
        }
        return false;
}

static int cmp_run(const void *a, const void *b)
{
        const struct diagnosis *x = *(struct diagnosis *const *)a, *y = *(struct diagnosis *const *)b;
        return strcmp(x->run, y->run);
}

static int cmp_run_last(const void *a, const void *b)
{
        const struct diagnosis *x = *(struct diagnosis *const *)a, *y = *(struct diagnosis *const *)b;
        return x->score_run_last > y->score_run_last ? -1 : x->score_run_last < y->score_run_last;
}

/* Runs ordered by their latest activity: run_order 1 is the most recent.
 * Diagnoses outside any run (kernel messages, text without systemd start
 * lines) share the run "" and are ordered with it. Sorted, not compared
 * pairwise: a crash loop has a thousand runs. */
static void order_runs(struct ranking *rk)
{
        struct diagnosis **by_run = malloc(rk->n * sizeof *by_run);
        if (!by_run)
                return;  /* every run_order stays 0: one run */
        memcpy(by_run, rk->diags, rk->n * sizeof *by_run);
        qsort(by_run, rk->n, sizeof *by_run, cmp_run);
        /* Each run's latest line, given to all its diagnoses; the first of each run is kept. */
        size_t n_runs = 0;
        for (size_t start = 0, end; start < rk->n; start = end) {
                uint64_t last = 0;
                for (end = start; end < rk->n && strcmp(by_run[end]->run, by_run[start]->run) == 0; end++)
                        if (by_run[end]->last_seq > last)
                                last = by_run[end]->last_seq;
                for (size_t k = start; k < end; k++)
                        by_run[k]->score_run_last = last;
                by_run[n_runs++] = by_run[start];
        }
        qsort(by_run, n_runs, sizeof *by_run, cmp_run_last);
        /* A run's order: one more than the runs whose latest line is later. */
        for (size_t k = 0; k < n_runs; k++)
                by_run[k]->run_order = k && by_run[k]->score_run_last == by_run[k - 1]->score_run_last
                                               ? by_run[k - 1]->run_order : (int)k + 1;
        for (size_t i = 0; i < rk->n; i++) {
                struct diagnosis *d = rk->diags[i];
                struct diagnosis **first = bsearch(&d, by_run, n_runs, sizeof *by_run, cmp_run_last);
                /* equal latest lines: the runs share an order (as before) */
                d->run_order = first ? (*first)->run_order : 1;
        }
        free(by_run);
}

/* Two kinds of failure are most often how an error just before them ended
 * the program: a death by signal told by the shell, the kernel or a table
 * (no exception of its own) — llama.cpp segfaults after a failed
 * allocation, Kokkos aborts after its architecture check — and a None used
 * as a value ("'NoneType' object is not callable": what failed to load
 * just before was never set). When one follows an error of its run by a
 * few lines, that error is the cause and ranks first; the consequence is
 * told under it. */
enum { CONSEQUENCE_AFTER_CAUSE_LINES = 16 };

static bool is_consequence(const struct diagnosis *d)
{
        if (strcmp(d->category, "process-crash") == 0)
                return !d->from_exception;
        return strcmp(d->category, "application-bug") == 0 && d->exc_message &&
               strstr(d->exc_message, "'NoneType' object");
}

/* Whether d is how error e of its run ended the program. */
static bool consequence_of(const struct diagnosis *d, const struct diagnosis *e)
{
        return is_consequence(d) &&
               e->run_order == d->run_order && e->severity >= CORONER_SEV_ERROR && e->alternative_to < 0 &&
               strcmp(e->category, "process-crash") != 0 && strcmp(e->category, "service-failure") != 0 &&
               strcmp(e->category, "unrecognized") != 0 && strcmp(e->category, d->category) != 0 &&
               e->first_seq < d->first_seq && d->first_seq - e->last_seq <= CONSEQUENCE_AFTER_CAUSE_LINES;
}

/* Whether c, of d's run, is d's cause: d is how c ended the program, or
 * c's signature explains d (and d does not explain c back). */
static bool caused_by(const struct diagnosis *d, const struct diagnosis *c)
{
        return consequence_of(d, c) ||
               (c->run_order == d->run_order && c->alternative_to < 0 && explains(c, d) && !explains(d, c));
}

static void put_consequences_after_causes(struct ranking *rk)
{
        /* Declared explanations may form a cycle (A explains B explains C
         * explains A): moves are bounded, and the list stays as it is then. */
        size_t moves = 0;
        for (size_t i = 0; i < rk->n && moves <= rk->n * 2; i++) {
                struct diagnosis *d = rk->diags[i];
                size_t cause = i + 1;  /* the list is in runs: only d's own is searched */
                while (cause < rk->n && rk->diags[cause]->run_order == d->run_order &&
                       !caused_by(d, rk->diags[cause]))
                        cause++;
                if (cause == rk->n || rk->diags[cause]->run_order != d->run_order)
                        continue;
                memmove(rk->diags + i, rk->diags + i + 1, (cause - i) * sizeof *rk->diags);
                rk->diags[cause] = d;
                moves++;
                i--;  /* the diagnosis now at i is yet to be seen */
        }
}

/* of's other reading alt, as a diagnosis of its own: the same evidence,
 * run and sightings, the alternative's cause as its title and its check as
 * its fix, half of of's confidence. */
static struct diagnosis *alternative_diagnosis(const struct diagnosis *of, const struct alternative *alt)
{
        struct diagnosis *d = xmalloc_or_null(sizeof *d);
        if (!d)
                return NULL;
        struct strbuf sb = { 0 };
        snprintf(d->id, sizeof d->id, "alternative.%s", alt->category);
        memcpy(d->run, of->run, sizeof d->run);
        memcpy(d->fingerprint, of->fingerprint, sizeof d->fingerprint);
        d->basis = of->basis;
        d->category = alt->category;
        d->run_order = of->run_order;
        d->score_run_last = of->score_run_last;
        d->severity = of->severity;
        d->specificity = of->specificity;
        d->from_exception = of->from_exception;
        d->incomplete = of->incomplete;
        d->count = of->count;
        d->first_seq = of->first_seq;
        d->last_seq = of->last_seq;
        d->first_usec = of->first_usec;
        d->last_usec = of->last_usec;
        d->first_has_time = of->first_has_time;
        d->last_has_time = of->last_has_time;
        d->raised_in = of->raised_in;
        d->called_from = of->called_from;
        for (size_t i = 0; i < of->n_streams; i++)
                add_stream(d, &of->streams[i]);
        d->n_streams_total = of->n_streams_total;
        copy_evidence(d, of->evidence, of->n_evidence);
        d->title = dup_or_null(alt->cause);
        sb_puts(&sb, "The evidence of #1 can also mean this: ");
        sb_puts(&sb, alt->cause);
        sb_puts(&sb, ". The check below tells the two readings apart.");
        d->summary = sb_take(&sb);
        d->fixes = calloc(1, sizeof *d->fixes);
        if (d->fixes && (d->fixes[0] = dup_or_null(alt->check)))
                d->n_fixes = 1;
        d->explained_by = -1;
        d->alternative_to = 0;
        d->confidence = of->confidence / 2;
        d->score = of->score;
        return d;
}

/* The signature's candidate causes of another category, those the log
 * supports first; one whose own evidence the log could show but does not
 * is left out. Then blame's reading. */
static size_t readings_of(const struct diagnosis *d, const coroner_db *db, const struct facts *facts,
                          struct alternative *out, size_t cap)
{
        const struct coroner_signature *s = d->sig;
        size_t n = 0;
        for (int pass = 0; pass < 2; pass++)
                for (size_t k = 0; s && k < s->n_candidates && n < cap; k++) {
                        const struct candidate *c = &s->candidates[k];
                        bool seen = facts_candidate_seen(facts, db, s, k);
                        bool looked_for = c->evidence.source && c->watched && k < 8;
                        if (!c->category || strcmp(c->category, d->category) == 0 || seen != (pass == 0) ||
                            (!seen && looked_for))
                                continue;
                        out[n++] = (struct alternative){ c->category, c->cause,
                                                         d->checks && d->checks[k] ? d->checks[k] : c->check };
                }
        if (d->alt_category && n < cap)
                out[n++] = (struct alternative){ d->alt_category, d->alt_cause, d->alt_check };
        return n;
}

/* The first diagnosis's other readings follow it, each as a diagnosis:
 * when coroner's first reading is wrong, the right one should be second.
 * A warning is first only when nothing failed, and is then the answer.
 * They never push a root cause of the same run out of the first three. */
static void offer_alternatives(struct ranking *rk, const coroner_db *db, const struct facts *facts)
{
        const struct diagnosis *first = rk->diags[0];
        struct alternative readings[DIAG_ALTERNATIVES];
        size_t n = first->severity >= CORONER_SEV_WARNING ? readings_of(first, db, facts, readings, DIAG_ALTERNATIVES) : 0;
        size_t room = 2;
        for (size_t i = 1; i < rk->n && i < 3; i++) {
                const struct diagnosis *d = rk->diags[i];
                if (d->run_order == first->run_order && tier(d) >= 4 && !explains(first, d))
                        room--;
        }
        if (n > room)
                n = room;
        for (size_t k = 0; k < n; k++) {
                struct diagnosis *alt = alternative_diagnosis(first, &readings[k]);
                if (!alt || !ranking_grow(rk)) {
                        if (alt)
                                diagnosis_free(alt);
                        return;
                }
                memmove(rk->diags + 2 + k, rk->diags + 1 + k, (rk->n - 1 - k) * sizeof *rk->diags);
                rk->diags[1 + k] = alt;
                rk->n++;
        }
}

/* What nothing recognises (an exception, error or failure lines) takes
 * the category its words suggest (knowledge/words.json), once per
 * diagnosis kept: its id, role, tier and confidence stay. */
static void guess_categories(struct ranking *rk, const coroner_db *db, pcre2_match_data *md)
{
        for (size_t i = 0; i < rk->n; i++) {
                struct diagnosis *d = rk->diags[i];
                if ((d->basis != BASIS_NONE && d->basis != BASIS_ERROR_LINES) || strcmp(d->category, "unrecognized") != 0)
                        continue;
                struct strbuf text = { 0 };
                if (d->exc_type && d->exc_type[0])
                        sb_printf(&text, "%s: %s", d->exc_type, d->exc_message ? d->exc_message : "");
                else if (d->n_evidence)
                        /* every line kept: the first is often the failure's
                         * last word ("the job failed"), a later one its
                         * cause; a traceback cut before its exception keeps
                         * the line logged with it (logger.exception's
                         * message), often the exception's own words */
                        for (size_t k = 0; k < d->n_evidence; k++)
                                sb_printf(&text, "%s\n", d->evidence[k].text ? d->evidence[k].text : "");
                else if (d->line_text)
                        sb_puts(&text, d->line_text);
                const struct word_class *w = text.data && !text.failed ? words_guess(db, md, text.data, text.len) : NULL;
                sb_free(&text);
                if (!w)
                        continue;
                d->category = w->category;
                struct strbuf sb = { 0 };
                sb_puts(&sb, d->summary ? d->summary : "");
                sb_printf(&sb, " %s words point to %s: the category %s is a guess from the words alone.",
                          d->basis == BASIS_NONE ? "Its" : "Their", w->what, w->category);
                if (!sb.failed) {
                        free(d->summary);
                        d->summary = sb_take(&sb);
                }
                sb_free(&sb);
        }
}

void ranking_finish(struct ranking *rk, const coroner_db *db, pcre2_match_data *md, const struct facts *facts)
{
        if (rk->n == 0)
                return;
        guess_categories(rk, db, md);
        fold_failure_lines(rk);
        weigh_severity(rk);
        /* Earliness: the order in which diagnoses were first seen. */
        qsort(rk->diags, rk->n, sizeof *rk->diags, cmp_first_seen);
        for (size_t i = 0; i < rk->n; i++)
                score(rk->diags[i], 100.0 * (double)(rk->n - i) / (double)rk->n);
        order_runs(rk);
        qsort(rk->diags, rk->n, sizeof *rk->diags, cmp_score);
        put_consequences_after_causes(rk);
        for (size_t i = 0; i < rk->n; i++)
                rk->diags[i]->explained_by = -1;  /* --follow's indexes were of the order of creation */
        offer_alternatives(rk, db, facts);
        size_t run_top = 0;  /* index of the first diagnosis of the current run */
        for (size_t i = 0; i < rk->n; i++) {
                struct diagnosis *d = rk->diags[i];
                if (d->alternative_to >= 0) {
                        snprintf(d->rationale, sizeof d->rationale,
                                 "Offered after #%d: its evidence can also mean a failure of this kind; the check tells them apart.",
                                 d->alternative_to + 1);
                        continue;
                }
                if (d->run_order != rk->diags[run_top]->run_order)
                        run_top = i;
                for (size_t j = 0; j < rk->n && d->explained_by < 0; j++)
                        if (rk->diags[j]->run_order == d->run_order &&
                            (explains(rk->diags[j], d) || (j < i && consequence_of(d, rk->diags[j]))))
                                d->explained_by = (int)j;
                /* A symptom after a higher-ranked root cause of its run is folded under it. */
                const struct diagnosis *top = rk->diags[run_top];
                if (d->explained_by < 0 && d->symptom && i > run_top && tier(top) >= 4 &&
                    top->first_seq <= d->first_seq)
                        d->explained_by = (int)run_top;
                /* A table's generic reading of a condition a signature names
                 * more precisely in the same run is told under it. */
                for (size_t j = 0; j < i && d->explained_by < 0 && d->basis == BASIS_KNOWLEDGE; j++) {
                        const struct diagnosis *e = rk->diags[j];
                        if (e->run_order == d->run_order && e->basis == BASIS_SIGNATURE &&
                            strcmp(e->category, d->category) == 0)
                                d->explained_by = (int)j;
                }
                if (d->version_excluded)
                        snprintf(d->rationale, sizeof d->rationale,
                                 "Ranked #%zu: the log shows package versions this signature does not apply to, so it is probably not the cause.",
                                 i + 1);
                else if (i == 0)
                        snprintf(d->rationale, sizeof d->rationale,
                                 "Ranked first: %s%s.", tier_text(d),
                                 d->basis == BASIS_KNOWLEDGE ? ", from a knowledge table"
                                 : d->basis != BASIS_SIGNATURE ? ""
                                 : d->sig->specificity >= 70 ? " with a specific signature" : " with a general signature");
                else if (d->explained_by >= 0)
                        snprintf(d->rationale, sizeof d->rationale,
                                 "Ranked below #%d, which explains it: %s.", d->explained_by + 1, tier_text(d));
                else
                        snprintf(d->rationale, sizeof d->rationale, "Ranked #%zu: %s%s.", i + 1, tier_text(d),
                                 d->first_seq > rk->diags[0]->first_seq ? ", seen after #1" : ", seen before #1");
                if (d->version_unknown && !d->version_excluded) {
                        size_t len = strlen(d->rationale);
                        snprintf(d->rationale + len, sizeof d->rationale - len,
                                 " The log does not show the package version this signature depends on.");
                }
        }
}
