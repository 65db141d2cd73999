/* analysis.c — the pipeline: read -> decode -> assemble -> match -> rank.
 *
 * One analysis takes any number of inputs one after the other and keeps, in
 * bounded memory, the diagnoses found so far. A failing input keeps what was
 * read before the fault.
 */
#include "config.h"
#include "analysis.h"

#include <archive.h>
#include <archive_entry.h>

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Control bytes per thousand (source_control_permille) from which an
 * input is binary. */
enum { BINARY_PERMILLE = 10 };

static bool has_substance(const struct event *ev)
{
        for (size_t i = 0; i < ev->n_excs; i++)
                if ((ev->excs[i].type && ev->excs[i].type[0]) || ev->excs[i].n_frames)
                        return true;
        return false;
}

/* An error line nothing matched is held back for one record: if the next
 * begins a traceback, the line announced it ("ERROR: failed to load:" and
 * logging.exception's traceback) and is shown as the traceback's first
 * evidence, not counted again as an error line. */
static void rank_error_line(coroner_analysis *a, const struct event *ev)
{
        /* A line read before (same fingerprint) whose diagnosis this run
         * has: counted there, without its message classes tried again. */
        char fp[17];
        fingerprint_event(ev, NULL, fp);
        size_t slot = (size_t)strtoull(fp + 12, NULL, 16) % (sizeof a->error_line_memo / sizeof a->error_line_memo[0]);
        struct error_line_memo *memo = &a->error_line_memo[slot];
        if (strcmp(memo->fingerprint, fp) == 0 && ranking_count_generic(&a->ranking, ev, memo->basis, memo->id, fp))
                return;
        struct match_result m;
        if (blame_error_line(a->db, a->md, ev, &m))
                m.basis = BASIS_BLAME;
        else if (!match_error_line(ev, &m))
                return;
        ranking_add(&a->ranking, ev, &m);
        memcpy(memo->fingerprint, fp, sizeof fp);
        memo->basis = m.basis;
        snprintf(memo->id, sizeof memo->id, "%s", m.generic_id);
        match_result_free(&m);
}

static void drop_held_line(coroner_analysis *a)
{
        free(a->held_line.text);  /* a line event's text is its own (event_free leaves it) */
        event_free(&a->held_line);
        a->held = false;
}

static void drop_announcer(coroner_analysis *a)
{
        free(a->announcer.text);
        event_free(&a->announcer);
        a->announcing = false;
}

/* The announcer's traceback came to nothing (a header and no frame nor
 * exception, as a log cut short shows): the line is an error line after all. */
static void rank_announcer(coroner_analysis *a)
{
        if (!a->announcing)
                return;
        rank_error_line(a, &a->announcer);
        drop_announcer(a);
}

static void flush_held_line(coroner_analysis *a)
{
        if (!a->held)
                return;
        rank_error_line(a, &a->held_line);
        drop_held_line(a);
}

static void hold_error_line(coroner_analysis *a, const struct event *ev)
{
        flush_held_line(a);
        struct event *h = &a->held_line;
        *h = *ev;
        h->text = strndup_safe(ev->text, strlen(ev->text));
        h->n_evidence = 0;
        for (size_t i = 0; i < ev->n_evidence; i++) {
                h->evidence[i] = ev->evidence[i];
                h->evidence[i].text = strndup_safe(ev->evidence[i].text, strlen(ev->evidence[i].text));
                if (h->evidence[i].text)
                        h->n_evidence++;
        }
        a->held = true;
        a->held_ms = a->clock_ms;
        if (!h->text)
                drop_held_line(a);
}

static bool same_writer(const struct stream_id *x, const struct stream_id *y)
{
        return x->pid == y->pid && strcmp(x->host, y->host) == 0 && strcmp(x->tag, y->tag) == 0 &&
               strcmp(x->ident, y->ident) == 0 && strcmp(x->invocation, y->invocation) == 0;
}

/* Consecutive error lines of one writer are one message (a multi-line
 * error, a traceback whose lines lost their form): the held line grows
 * into a block, named by its first line. */
static bool extend_held_line(coroner_analysis *a, const struct event *ev)
{
        struct event *h = &a->held_line;
        if (!a->held || ev->input != h->input || ev->first_line != h->last_line + 1 ||
            !same_writer(&ev->stream, &h->stream))
                return false;
        if (ev->error_level && h->failure_line) {  /* the block is as strong as its strongest line */
                h->error_level = true;
                h->failure_line = false;
        }
        h->last_line = ev->last_line;
        if (h->n_evidence == LIMIT_EVIDENCE) {
                free(h->evidence[1].text);  /* keep the first and the latest */
                memmove(&h->evidence[1], &h->evidence[2], (LIMIT_EVIDENCE - 2) * sizeof h->evidence[0]);
                h->n_evidence--;
        }
        struct evidence_line *e = &h->evidence[h->n_evidence];
        *e = ev->evidence[0];
        e->text = strndup_safe(ev->evidence[0].text, strlen(ev->evidence[0].text));
        if (e->text)
                h->n_evidence++;
        return true;
}

/* The line (input, line) announced the traceback that begins now. A held
 * error line that did is kept aside until the traceback is read. */
static void set_announcer(coroner_analysis *a, int input, const char *raw, size_t len, long line)
{
        if (a->held && a->held_line.input == input && a->held_line.first_line == line &&
            a->held_line.last_line == line) {
                rank_announcer(a);  /* one aside at a time: an older one is not lost */
                a->announcer = a->held_line;
                a->announcing = true;
                memset(&a->held_line, 0, sizeof a->held_line);  /* the aside owns its texts now */
                a->held = false;
        }
        assembler_set_announcer(a->assembler, raw, len, line);
}

static void release_held_text(coroner_analysis *a, int input);

static void release_dedent(coroner_analysis *a, int input);
static void feed_physical_line(coroner_analysis *a, int input, const char *line, size_t len);

void analysis_end_input(coroner_analysis *a, int input)
{
        for (size_t i = input < 0 ? 0 : (size_t)input; i < a->n_inputs && (input < 0 || i == (size_t)input); i++) {
                if (a->inputs[i].dedent.state == DEDENT_PENDING) {
                        dedent_end(&a->inputs[i].dedent);
                        release_dedent(a, (int)i);
                }
                if (a->inputs[i].unwrap.pieces)
                        release_held_text(a, (int)i);
        }
        assembler_end_input(a->assembler, input);
        rank_announcer(a);
        flush_held_line(a);
        a->ranking.folded_events += assembler_take_lost(a->assembler);
}

static void on_event(void *ctx, struct event *ev);

/* A traceback that came to nothing may have been flattened into its
 * header's line (a paste that lost its newlines: 'Traceback (most recent
 * call last): File "main.py", line 264, in ... PermissionError: [Errno 13]
 * ...'): that line is read as a line, for what the tables and signatures
 * know in it. A bare header matches nothing and is dropped as before. */
static void read_header_as_line(coroner_analysis *a, const struct event *ev)
{
        static const char HEADER[] = "Traceback (most recent call last):";
        if (!ev->n_evidence)
                return;
        const struct evidence_line *header = &ev->evidence[ev->n_evidence - 1];
        const char *at = strstr(header->text, HEADER);
        if (!at || strlen(at + sizeof HEADER - 1) < 20)
                return;  /* the header alone, or nothing much after it */
        struct event line = { 0 };
        line.kind = EVENT_LINE;
        line.text = header->text;
        line.stream = ev->stream;
        line.input = header->input;
        line.first_line = line.last_line = header->line;
        line.seq = ev->seq;
        line.time_usec = ev->time_usec;
        line.has_time = ev->has_time;
        line.evidence[0] = *header;
        line.n_evidence = 1;
        line.failure_line = event_failure_words(&line);
        on_event(a, &line);
}

/* What matched ev, to the ranking: counted when its diagnosis is known,
 * else rendered and placed (where it was raised: frames_of's frames). */
static void rank_match(coroner_analysis *a, const struct event *ev, const struct event *frames_of,
                       struct match_result *m)
{
        if (!ranking_count_known(&a->ranking, ev, m)) {
                match_render(a->db, ev, m);
                match_locate(a->db, frames_of, m);
                ranking_add(&a->ranking, ev, m);
        }
}

/* A knowledge entry too generic to name a cause ("INTERNAL", "No such
 * file or directory", "Invalid argument") gives way to a message class
 * whose words do name one ("libdevice not found", "Unable to initialize
 * shared memory"): ranked as that verdict instead. */
static bool rank_by_words(coroner_analysis *a, const struct event *ev)
{
        struct blame b;
        struct match_result words;
        bool exception = ev->kind != EVENT_LINE;  /* a line has no frames to blame */
        if (exception)
                blame_event(a->db->python, ev, &b);
        if (!blame_named_class(a->db, a->md, ev, exception ? &b : NULL, &words))
                return false;
        words.basis = BASIS_BLAME;
        if (exception)
                match_locate_blamed(&b, &words);
        ranking_add(&a->ranking, ev, &words);
        match_result_free(&words);
        return true;
}

/* A line without an error level is read only for a message class that
 * names a kind of failure even there ("amdgpu is not supported", PyTorch's
 * "with CUDA capability sm_120 is not compatible with the current PyTorch
 * installation", which warnings.warn prints on a line of its own): whether
 * logged as a warning or with no level at all, ranking_add keeps it a
 * warning unless its run failed. */
static void rank_warning_line(coroner_analysis *a, const struct event *ev)
{
        struct match_result m;
        if (!blame_warning_line(a->db, a->md, ev, &m))
                return;
        m.basis = BASIS_BLAME;
        ranking_add(&a->ranking, ev, &m);
        match_result_free(&m);
}

/* A traceback cut before its exception line (a paste or excerpt that
 * stops inside it) may still say what it raised: the last frame's source
 * line is often the raise itself, with its message ('"Cannot re-initialize
 * CUDA in forked subprocess. To use CUDA w'). That line is matched as a
 * line, against what signatures and tables know in lines; when it is
 * recognised, the traceback is reported as that, with its own evidence. */
static bool read_cut_raise(coroner_analysis *a, const struct event *ev)
{
        if (ev->kind != EVENT_TRACEBACK || ev->n_excs != 1)
                return false;
        const struct exception *x = &ev->excs[0];
        if ((x->type && x->type[0]) || !x->n_frames || !x->frames[x->n_frames - 1].code)
                return false;
        struct event line = *ev;
        line.kind = EVENT_LINE;
        line.excs = NULL;
        line.n_excs = 0;
        line.text = x->frames[x->n_frames - 1].code;
        struct match_result m;
        if (!match_event(a->db, a->md, &a->match, &line, &m))
                return false;
        rank_match(a, &line, ev, &m);
        match_result_free(&m);
        return true;
}

static void rank_event(coroner_analysis *a, struct event *ev, bool announced);

/* The line that announced a traceback is its first evidence; but when a
 * message class of its own names a kind of failure that the traceback's
 * diagnosis does not ("train.py: error: argument --model_type: invalid
 * choice", then the launcher's CalledProcessError), that is reported too. */
static void rank_aside(coroner_analysis *a, const struct event *aside, const struct event *ev)
{
        struct match_result m;
        if (!blame_error_line(a->db, a->md, aside, &m))
                return;
        bool told = false;
        for (size_t i = 0; i < a->ranking.n && !told; i++) {
                const struct diagnosis *d = a->ranking.diags[i];
                told = d->last_seq == ev->seq && strcmp(d->category, m.category) == 0;
        }
        if (!told) {
                m.basis = BASIS_BLAME;
                ranking_add(&a->ranking, aside, &m);
        }
        match_result_free(&m);
}

/* The assembler's sink: match each event and rank what matched. What no
 * signature or table knows is blamed on where it was raised, and ranked
 * as unrecognized when even that says nothing. */
static void on_event(void *ctx, struct event *ev)
{
        coroner_analysis *a = ctx;
        /* the traceback the line kept aside announced (set_announcer) */
        bool announced = a->announcing && ev->kind == EVENT_TRACEBACK && ev->n_evidence &&
                         ev->evidence[0].input == a->announcer.input && ev->evidence[0].line == a->announcer.first_line;
        if (!(announced && has_substance(ev))) {
                rank_event(a, ev, announced);
                return;
        }
        struct event aside = a->announcer;  /* the aside is ours now */
        a->announcing = false;
        memset(&a->announcer, 0, sizeof a->announcer);
        rank_event(a, ev, false);
        rank_aside(a, &aside, ev);
        free(aside.text);
        event_free(&aside);
}

/* The pre-filter the fast path asks of each line: the one adapted to the
 * input's words (adapt_prefilter) once there is one. */
static const struct prefilter *line_prefilter(const coroner_analysis *a)
{
        return a->pf ? a->pf : a->db->pf;
}

static void rank_event(coroner_analysis *a, struct event *ev, bool announced)
{
        if (ev->kind == EVENT_LINE && ev->seq == a->unasked_seq && !ev->error_level && !ev->failure_line &&
            !(prefilter_line(line_prefilter(a), a->scanned, a->scanned_len) & PF_FULL))
                return;  /* no literal of a signature, a table or a warning class in it */
        struct match_result m;
        if (match_event(a->db, a->md, &a->match, ev, &m)) {
                flush_held_line(a);
                if (!(m.sig->words_first && rank_by_words(a, ev)))
                        rank_match(a, ev, ev, &m);
                match_result_free(&m);
                return;
        }
        /* A line logged at an error level is reported, in clusters of the
         * same wording, below anything recognised. */
        if (ev->kind == EVENT_LINE) {
                if ((ev->error_level || ev->failure_line) && !extend_held_line(a, ev))
                        hold_error_line(a, ev);
                else if (!ev->error_level && !ev->failure_line)
                        rank_warning_line(a, ev);
                return;
        }
        flush_held_line(a);
        if (ev->kind == EVENT_TRACEBACK && !has_substance(ev)) {
                if (announced)
                        rank_announcer(a);
                read_header_as_line(a, ev);
                return;  /* a bare header with nothing after it says nothing */
        }
        if (read_cut_raise(a, ev))
                return;
        struct blame b;
        blame_event(a->db->python, ev, &b);
        /* An unknown warning is reported only when its words name a kind
         * of failure. */
        if (ev->kind == EVENT_EXCEPTION && strstr(ev->excs[0].type, "Warning")) {
                if (blame_warning(a->db, a->md, &b, &m)) {
                        m.basis = BASIS_BLAME;
                        ranking_add(&a->ranking, ev, &m);
                }
                match_result_free(&m);
                return;
        }
        if (blame_verdict(a->db, a->md, &b, &m))
                m.basis = BASIS_BLAME;
        else
                m.basis = BASIS_NONE;
        match_locate_blamed(&b, &m);
        ranking_add(&a->ranking, ev, &m);
        match_result_free(&m);
}

int coroner_analysis_new(coroner_db *db, const struct coroner_options *opts,
                         coroner_analysis **ret)
{
        enum line_shape shape = SHAPE_AUTO;
        if (opts && opts->input_format && line_shape_parse(opts->input_format, &shape) < 0)
                return CORONER_E_USAGE;
        int r = db_prepare(db);
        if (r < 0)
                return r;
        coroner_analysis *a = xmalloc_or_null(sizeof *a);
        if (!a)
                return CORONER_E_NOMEM;
        a->db = db;
        if (opts)
                a->opts = *opts;
        a->md = pcre2_match_data_create(32, NULL);
        facts_prepare(db, &a->facts);
        decoder_init(&a->decoder, shape);
        a->assembler = assembler_new(on_event, a);
        if (!a->assembler || !a->md) {
                assembler_free(a->assembler);
                pcre2_match_data_free(a->md);
                free(a);
                return CORONER_E_NOMEM;
        }
        *ret = a;
        return 0;
}

void coroner_analysis_free(coroner_analysis *a)
{
        if (!a)
                return;
        assembler_free(a->assembler);
        free(a->reported);
        pcre2_match_data_free(a->md);
        facts_free(&a->facts);
        ranking_free(&a->ranking);
        drop_held_line(a);
        drop_announcer(a);
        prefilter_free(a->pf);
        match_scratch_free(&a->match);
        free(a->seen);
        for (size_t i = 0; i < a->n_inputs; i++) {
                free(a->inputs[i].name);
                free(a->inputs[i].error);
                free(a->inputs[i].warning);
                free(a->inputs[i].note);
                free(a->inputs[i].layout_host);
                unwrap_free(&a->inputs[i].unwrap);
                dedent_free(&a->inputs[i].dedent);
                if (a->inputs[i].structured) {
                        structured_reset(a->inputs[i].structured);
                        free(a->inputs[i].structured);
                }
        }
        free(a->inputs);
        free(a->command);
        free(a);
}

int analysis_add_input(coroner_analysis *a, const char *name)
{
        struct input_info *p = grow_array(a->inputs, a->n_inputs, &a->inputs_cap, sizeof *p, 8);
        if (p)
                a->inputs = p;
        char *copy = p ? strndup_safe(name, strlen(name)) : NULL;
        if (!copy)
                return CORONER_E_NOMEM;
        memset(&p[a->n_inputs], 0, sizeof *p);
        p[a->n_inputs].name = copy;
        if (a->next_host)
                p[a->n_inputs].layout_host = strndup_safe(a->next_host, strlen(a->next_host));
        p[a->n_inputs].compression = "none";
        p[a->n_inputs].complete = true;
        return (int)a->n_inputs++;
}

/* Does r's message lie in the line the pre-filter scanned whole? */
static bool in_scanned(const coroner_analysis *a, const struct record *r)
{
        return a->scanned && r->msg >= a->scanned && r->msg + r->msg_len <= a->scanned + a->scanned_len;
}

void analysis_feed_record(coroner_analysis *a, int input, const struct record *r,
                          const char *raw, size_t raw_len)
{
        /* Idle tracebacks are closed every 32 lines of an input, counted in
         * the input (not over all inputs): where a sweep falls decides which
         * line a closed traceback comes before, and -j reads inputs in
         * workers of their own, where the report must be the same. */
        if ((a->inputs[input].lines & 31) == 0)
                assembler_sweep(a->assembler, a->seq);
        long line = (long)a->inputs[input].lines + 1;
        if (a->watchers_listed && in_scanned(a, r)) {
                /* The pre-filter listed the watchers of the line this message
                 * lies in: a literal in the message was found there. */
                facts_scan_listed(a->db, &a->facts, a->md, r->msg, r->msg_len, input, line);
        } else {
                facts_scan(a->db, &a->facts, a->md, r->msg, r->msg_len, input, line);
        }
        a->watchers_listed = false;  /* the list is used up */
        assembler_feed(a->assembler, input, (long)++a->inputs[input].lines, a->seq++, r, raw, raw_len);
}

/* The slow path of one record: rsyslog's "#012" lines are split into the
 * lines they stand for, each with the record's metadata. */
/* Does prev (the line before r) introduce the traceback that r begins?
 * Same stream, and worded like it: "Exception in thread x:", "Task
 * exception was never retrieved", logging.exception's own message. */
/* Does msg begin with a traceback header ("Traceback (most recent call
 * last):", an ExceptionGroup's "  + Exception Group Traceback ...")? */
static bool begins_traceback(const char *msg, size_t len)
{
        size_t at, k = 0;
        if (!tb_find_header(msg, len, &at))
                return false;
        while (k < at && msg[k] == ' ')
                k++;
        if (k + 18 <= at && memcmp(msg + k, "+ Exception Group ", 18) == 0)
                k += 18;
        return k == at;
}

static bool announces(coroner_analysis *a, const struct record *r, const char *prev, size_t prev_len)
{
        struct record p;
        if (!prev || !begins_traceback(r->msg, r->msg_len))
                return false;
        decode_line(&a->decoder, prev, prev_len, &p);
        if (p.pid != r->pid || p.host_len != r->host_len || (p.host && memcmp(p.host, r->host, p.host_len)) ||
            strcmp(p.tag, r->tag) != 0 || p.msg_len == 0 || tb_parse_frame(p.msg, p.msg_len, NULL))
                return false;
        static const char *const words[] = { "xception", "ERROR", "rror", "CRITICAL", "failed", "Fatal" };
        if (p.msg[p.msg_len - 1] == ':')
                return true;
        for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
                if (find_text(p.msg, p.msg_len, words[i], strlen(words[i])))
                        return true;
        return false;
}

static bool starts_with(const struct record *r, const char *prefix)
{
        size_t n = strlen(prefix);
        return r->msg_len >= n && memcmp(r->msg, prefix, n) == 0;
}

/* A line a service prints once per launch: a new run when it comes again
 * (SGLang's launch_server logs its arguments; vLLM's API server its
 * version; TGI's launcher its Args; ollama its server config). */
static bool start_banner(const coroner_analysis *a, const struct record *r)
{
        if (in_scanned(a, r) && !(a->scanned_tags & PF_TAG_BANNER))
                return false;  /* the pre-filter's scan of the line found none */
        for (size_t i = 0; prefilter_banners[i]; i++)
                if (find_text(r->msg, r->msg_len, prefilter_banners[i], strlen(prefilter_banners[i])))
                        return true;
        return false;
}

/* The unit a systemd line names: "Starting X.service - Description..."
 * (systemd 249 and later) or "X.service: Main process exited, ...". */
static void unit_named(const struct record *r, size_t from, char unit[64])
{
        unit[0] = '\0';
        const char *s = r->msg + from, *end = r->msg + r->msg_len;
        const char *stop = s;
        while (stop < end && *stop != ' ' && *stop != ':')
                stop++;
        size_t n = (size_t)(stop - s);
        if (n > 8 && n < 64 && memcmp(stop - 8, ".service", 8) == 0) {
                memcpy(unit, s, n);
                unit[n] = '\0';
        }
}

/* Text logs hold no invocation IDs; runs are told apart by what systemd
 * and the services say. A new run begins with systemd's "Starting
 * X.service" or, for a unit that logs no "Starting" (Type=simple),
 * "Started X.service"; with the first line of the service after the
 * unit ended ("Main process exited", "Failed with result", "Stopped",
 * "Deactivated successfully"); or with a service's start banner when the
 * current run has already shown one. Kernel lines belong to the run they
 * fall in. */
static void track_runs(coroner_analysis *a, int input, struct record *r, char run_id[33])
{
        struct input_info *in = &a->inputs[input];
        /* The journal names each run. The kernel's lines that -u pulls in
         * (OOM killer, Xid) have no unit and no invocation: they belong to
         * the run going on when they were written, the last one named
         * (entries arrive in time order). */
        if (r->invocation && r->invocation_len < sizeof in->invocation) {
                memcpy(in->invocation, r->invocation, r->invocation_len);
                in->invocation[r->invocation_len] = '\0';
                return;
        }
        if (in->invocation[0]) {
                if (!r->invocation && !r->unit) {
                        r->invocation = in->invocation;
                        r->invocation_len = strlen(in->invocation);
                }
                return;
        }
        bool systemd = r->ident && r->ident_len == 7 && memcmp(r->ident, "systemd", 7) == 0;
        /* the kernel and systemd's other daemons (systemd-oomd, -coredump) are not the service */
        bool system = r->ident && ((r->ident_len == 6 && memcmp(r->ident, "kernel", 6) == 0) ||
                                   (r->ident_len > 8 && memcmp(r->ident, "systemd-", 8) == 0));
        bool unit = find_text(r->msg, r->msg_len, ".service", 8) != NULL;
        bool new_run = false;
        char starting[64] = "";
        if ((systemd || unit) && starts_with(r, "Starting ")) {
                new_run = true;
                in->run_starting = true;
                unit_named(r, 9, starting);
        } else if (systemd && unit && starts_with(r, "Started ")) {
                new_run = !in->run_starting;
                in->run_starting = false;
        } else if (systemd && unit) {
                bool failed = find_text(r->msg, r->msg_len, "Main process exited", 19) ||
                              find_text(r->msg, r->msg_len, "Failed with result", 18);
                if (failed || starts_with(r, "Stopped ") || find_text(r->msg, r->msg_len, "Deactivated successfully", 24))
                        in->run_ended = true;
                /* In a whole system's log another unit's "Starting" may
                 * fall between a service's last lines and its end: when the
                 * unit that ends is not the one that began the run, and no
                 * service wrote a line since, that run was never the
                 * service's, and the end belongs to the run before. */
                char ending[64];
                unit_named(r, 0, ending);
                if (failed && ending[0] && in->run_unit[0] && strcmp(ending, in->run_unit) != 0 &&
                    !in->run_service_line && in->run > 0 &&
                    (!in->prev_run_unit[0] || strcmp(ending, in->prev_run_unit) == 0)) {
                        in->run--;
                        memcpy(in->run_unit, in->prev_run_unit, sizeof in->run_unit);
                        in->prev_run_unit[0] = '\0';
                }
        } else if (!systemd && !system) {
                bool banner = start_banner(a, r);
                new_run = in->run_ended || (banner && in->run_banner);
                in->run_banner |= banner;
                in->run_service_line = true;
        }
        if (new_run) {
                in->run++;
                in->run_ended = false;
                in->run_banner = !systemd && start_banner(a, r);
                in->run_service_line = !systemd && !system;
                memcpy(in->prev_run_unit, in->run_unit, sizeof in->run_unit);
                memcpy(in->run_unit, starting, sizeof in->run_unit);
        }
        if (in->run && !r->invocation) {
                snprintf(run_id, 33, "run-%d.%d", input + 1, in->run);  /* runs of one input */
                r->invocation = run_id;
                r->invocation_len = strlen(run_id);
        }
}

/* --since/--until: is r outside the window? A line without a timestamp is
 * as old as the last line before it that had one. */
static bool outside_window(coroner_analysis *a, int input, const struct record *r)
{
        struct input_info *in = &a->inputs[input];
        if (!a->opts.has_since && !a->opts.has_until)
                return false;
        if (r->has_time) {
                in->clock_usec = r->time_usec;
                in->has_clock = true;
        }
        return in->has_clock && ((a->opts.has_since && in->clock_usec < a->opts.since_usec) ||
                                 (a->opts.has_until && in->clock_usec > a->opts.until_usec));
}

void analysis_feed_decoded(coroner_analysis *a, int input, struct record *r, const char *raw, size_t raw_len)
{
        char run_id[33];
        if (outside_window(a, input, r))
                return;
        const char *layout_host = a->inputs[input].layout_host;
        if (!r->host && layout_host) {
                r->host = layout_host;
                r->host_len = strlen(layout_host);
        }
        track_runs(a, input, r, run_id);
        /* One record may hold several lines: rsyslog's #012, or a journal
         * entry whose MESSAGE has newlines (a traceback logged at once). */
        bool escaped = structured_has_rsyslog_escapes(r->msg, r->msg_len);
        if (!escaped && !memchr(r->msg, '\n', r->msg_len)) {
                struct input_info *in = &a->inputs[input];
                if (announces(a, r, in->prev_line, in->prev_len))
                        set_announcer(a, input, in->prev_line, in->prev_len, (long)in->lines);
                analysis_feed_record(a, input, r, raw, raw_len);
                return;
        }
        struct strbuf text = { 0 };
        if (escaped)
                structured_unescape_rsyslog(r->msg, r->msg_len, &text);
        else
                sb_append(&text, r->msg, r->msg_len);
        const char *p = text.data ? text.data : "", *prev = NULL;
        size_t left = text.len, prev_len = 0;
        while (!text.failed) {
                const char *nl = memchr(p, '\n', left);
                size_t n = nl ? (size_t)(nl - p) : left;
                struct record piece = *r;
                piece.msg = p;
                piece.msg_len = n;
                piece.prefix_id = 0;
                if (p != text.data)
                        piece.level = 0;  /* the record's level is its first line's */
                if (p != text.data)
                        decode_message_prefixes(&a->decoder, &piece, text.data);
                if (p != text.data && begins_traceback(piece.msg, piece.msg_len) && prev_len)
                        set_announcer(a, input, prev, prev_len, (long)a->inputs[input].lines);
                if (p != text.data)
                        a->inputs[input].lines--;  /* every piece has the record's line number */
                analysis_feed_record(a, input, &piece, p, n);
                prev = p;
                prev_len = n;
                if (!nl)
                        break;
                p = nl + 1;
                left -= n + 1;
        }
        sb_free(&text);
}

/* Messages on the fast path are sampled and counted by 4-byte window: one
 * in 64 until the pre-filter is first rebuilt from the counts (after 256
 * samples, 16k lines), then one in 512. Rebuilds follow at 262k lines, 4M,
 * 64M (each interval 16 times the last), the older counts halved, so the
 * start-up's words give way to steady serving's at little cost (a rebuild
 * takes 3 ms with the real database, 20 ms with ten times as many
 * signatures). Serving logs repeat a few hundred words; anchors inside
 * them cost a comparison on nearly every line. */
enum { SAMPLE_FIRST = 64, SAMPLE_LATER = 512, ADAPT_FIRST = 256 };

static void adapt_prefilter(coroner_analysis *a, const char *msg, size_t len)
{
        if (!a->seen && !(a->seen = calloc(1, sizeof *a->seen)))
                return;
        observed_add_line(a->seen, msg, len);
        if (++a->samples < (a->adapt_at ? a->adapt_at : ADAPT_FIRST))
                return;
        struct prefilter *pf;
        if (prefilter_build_observed(a->db->pf, a->seen, &pf) == 0) {
                prefilter_free(a->pf);
                a->pf = pf;
                a->match.pf = pf;
        }
        observed_decay(a->seen);
        a->samples = 0;
        /* 256 samples at 1 in 64 were 16k lines; 512 at 1 in 512 are 262k */
        a->adapt_at = !a->adapt_at ? 512 : a->adapt_at < (1u << 27) ? a->adapt_at * 16 : a->adapt_at;
}

bool analysis_skip_message(coroner_analysis *a, int input, const char *msg, size_t len, bool error_level)
{
        int pass = PF_FULL;  /* the reference matcher decodes every line */
        a->unasked_seq = UINT64_MAX;
        a->scanned = a->decoder.plain = NULL;
        a->watchers_listed = false;
        /* Inside a traceback, and after a unit ended (the next line may
         * begin a run: track_runs), every line is decoded, as the reference
         * matcher does: only the watchers in it are still to be found. */
        bool decoded_anyway = assembler_busy(a->assembler) || a->inputs[input].run_ended || error_level;
        if (!a->db->reference) {
                if (++a->skip_calls % (a->pf ? SAMPLE_LATER : SAMPLE_FIRST) == 0)
                        adapt_prefilter(a, msg, len);
                /* One pass tells whether the line matters and lists the
                 * watchers and tagged triggers in it. */
                if (decoded_anyway)
                        prefilter_watchers(a->db->pf_watch, msg, len, &a->facts.hits);
                else
                        pass = prefilter_line_watch(line_prefilter(a), msg, len, &a->facts.hits);
                a->unasked_seq = decoded_anyway && !error_level ? a->seq : UINT64_MAX;
                /* What the scan saw spares the decoder and track_runs a search. */
                a->scanned = msg;
                a->scanned_len = len;
                a->scanned_tags = a->facts.hits.tags;
                if (!(a->scanned_tags & PF_TAG_LEVEL)) {
                        a->decoder.plain = msg;
                        a->decoder.plain_len = len;
                }
        }
        if ((pass & PF_FULL) || decoded_anyway) {
                a->watchers_listed = !a->db->reference;  /* the slow path's facts scan uses them */
                return false;
        }
        /* Only facts or candidate evidence can be here. */
        a->inputs[input].lines++;
        facts_scan_listed(a->db, &a->facts, a->md, msg, len, input, (long)a->inputs[input].lines);
        a->seq++;
        return true;
}

void analysis_feed_logical(coroner_analysis *a, int input, const struct logical *l, const char *raw,
                           size_t raw_len)
{
        struct record r;
        memset(&r, 0, sizeof r);
        r.rank = -1;
        r.msg = l->msg;
        r.msg_len = l->msg_len;
        if (l->host[0]) {
                r.host = l->host;
                r.host_len = strlen(l->host);
        }
        if (l->ident[0]) {
                r.ident = l->ident;
                r.ident_len = strlen(l->ident);
        }
        if (l->unit[0]) {
                r.unit = l->unit;
                r.unit_len = strlen(l->unit);
        }
        if (l->invocation[0]) {
                r.invocation = l->invocation;
                r.invocation_len = strlen(l->invocation);
        }
        r.pid = l->pid;
        r.level = l->level;
        /* A record whole has an identity of its own, as a logger's prefix
         * gives one: the traceback inside it ends with it. */
        if (l->whole)
                r.prefix_id = fnv1a64(&a->seq, sizeof a->seq, 0x636f726f6e6572ull) | 1;
        if (l->has_time)
                record_set_time_usec(&r, l->time_usec);
        decode_message_prefixes(&a->decoder, &r, r.msg);
        analysis_feed_decoded(a, input, &r, raw, raw_len);
}

/* A line of a structured shape (JSON, CRI, export) once taken apart. */
static void feed_logical(coroner_analysis *a, int input, const struct logical *l)
{
        if (!analysis_skip_message(a, input, l->msg, l->msg_len, l->level >= LEVEL_ERROR))
                analysis_feed_logical(a, input, l, l->msg, l->msg_len);
}

/* Structured shapes are recognised from an input's first line. */
static enum input_shape detect_shape(const char *line, size_t len)
{
        if (len && (line[0] == '{' || (unsigned char)line[0] == 0x1e))
                return INPUT_JSON;
        if (structured_is_export_start(line, len))
                return INPUT_EXPORT;
        if (structured_is_cri(line, len))
                return INPUT_CRI;
        return INPUT_TEXT;
}

static bool feed_structured(coroner_analysis *a, int input, const char *line, size_t len)
{
        struct input_info *in = &a->inputs[input];
        if (!in->structured) {
                if (len == 0)
                        return false;
                enum input_shape shape = detect_shape(line, len);
                if (shape == INPUT_TEXT)
                        return false;
                in->structured = xmalloc_or_null(sizeof *in->structured);
                if (!in->structured)
                        return false;
                in->structured->shape = shape;
        }
        struct structured_state *st = in->structured;
        struct logical l;
        int r = -1;
        switch (st->shape) {
        case INPUT_JSON:
                r = len ? structured_json(st, line, len, &l) : 0;
                break;
        case INPUT_CRI:
                r = structured_is_cri(line, len) ? structured_cri(st, line, len, &l) : -1;
                break;
        case INPUT_EXPORT:
                r = structured_export(st, line, len, &l);
                break;
        default:
                return false;
        }
        if (r < 0)
                return false;  /* not of the shape after all: a text line */
        if (r > 0)
                feed_logical(a, input, &l);
        return true;
}

/* A whole line of text (unwrapped) to the fast path or the decoder. */
static void feed_text(coroner_analysis *a, int input, const char *line, size_t len)
{
        struct record r;
        /* The fast path: no traceback is open and the line holds no word any
         * signature or the assembler looks for, so it cannot matter. */
        if (analysis_skip_message(a, input, line, len, false))
                return;
        decode_line(&a->decoder, line, len, &r);
        analysis_feed_decoded(a, input, &r, line, len);
}

/* The line held back (decode_unwrap.c), joined to what continued it: fed
 * as its first physical line, with the line before that as its prev. */
static void release_held_text(coroner_analysis *a, int input)
{
        struct input_info *in = &a->inputs[input];
        struct unwrap *u = &in->unwrap;
        const char *prev = in->prev_line;
        size_t prev_len = in->prev_len;
        in->prev_line = u->has_prev ? u->prev.data : NULL;
        in->prev_len = u->prev.len;
        feed_text(a, input, u->held.data, u->held.len);
        in->lines += u->pieces - 1;
        in->prev_line = prev;
        in->prev_len = prev_len;
        unwrap_release(u);
}

/* The first line of an input that may be an indented paste, held by
 * decode_dedent.c, and the blank lines after it: fed now, at the margin if
 * the next line confirmed it. */
static void release_dedent(coroner_analysis *a, int input)
{
        struct input_info *in = &a->inputs[input];
        struct dedent *d = &in->dedent;
        const char *prev = in->prev_line;  /* the caller's, for the line after */
        size_t prev_len = in->prev_len;
        size_t m = dedent_margin(d, d->held.data, d->held.len);
        in->prev_line = NULL;  /* the input's first line */
        feed_physical_line(a, input, d->held.data + m, d->held.len - m);
        in->prev_line = d->held.data + m;
        in->prev_len = d->held.len - m;
        for (size_t i = 0; i < d->blanks; i++) {
                feed_physical_line(a, input, "", 0);
                in->prev_line = "";
                in->prev_len = 0;
        }
        in->prev_line = prev;
        in->prev_len = prev_len;
}

void analysis_feed_line(coroner_analysis *a, int input, const char *line, size_t len)
{
        struct dedent *d = &a->inputs[input].dedent;
        switch (dedent_look(d, line, len)) {
        case DEDENT_HOLD:
                return;
        case DEDENT_RELEASE:
                release_dedent(a, input);
                break;
        default:
                break;
        }
        size_t m = dedent_margin(d, line, len);
        feed_physical_line(a, input, line + m, len - m);
}

static void feed_physical_line(coroner_analysis *a, int input, const char *line, size_t len)
{
        struct input_info *in = &a->inputs[input];
        in->records++;
        if ((in->structured || in->records == 1) && feed_structured(a, input, line, len))
                return;
        struct unwrap *u = &in->unwrap;
        if (u->pieces) {
                if (unwrap_continues(u, &a->decoder, line, len)) {
                        if (!u->open)
                                release_held_text(a, input);
                        return;
                }
                release_held_text(a, input);
        }
        if (!in->live && unwrap_hold(u, line, len, in->prev_line, in->prev_len))
                return;
        feed_text(a, input, line, len);
}

/* ---- following live inputs ---- */

int64_t monotonic_ms(void)
{
        struct timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void analysis_set_clock(coroner_analysis *a, int64_t now_ms)
{
        a->clock_ms = now_ms;
        assembler_set_clock(a->assembler, now_ms);
}

void analysis_follow_tick(coroner_analysis *a, int64_t now_ms, const struct coroner_follow_options *fo)
{
        int64_t settle = fo && fo->settle_ms > 0 ? fo->settle_ms : 1000;
        int64_t interval = fo && fo->interval_ms > 0 ? fo->interval_ms : 60000;
        assembler_settle(a->assembler, now_ms, settle);
        if (a->held && a->held_ms + settle <= now_ms)
                flush_held_line(a);
        if (a->emitted < a->ranking.n) {
                size_t *p = realloc(a->reported, a->ranking.n * sizeof *p);
                if (!p)
                        return;  /* tried again at the next tick */
                a->reported = p;
        }
        /* In the order the log tells them: a traceback still being written,
         * or an error line held, comes before what followed it. */
        struct diagnosis **tail = a->ranking.diags + a->emitted;
        size_t n_tail = a->ranking.n - a->emitted;
        for (size_t i = 1; i < n_tail; i++)
                for (size_t k = i; k > 0 && tail[k - 1]->first_seq > tail[k]->first_seq; k--) {
                        struct diagnosis *t = tail[k];
                        tail[k] = tail[k - 1];
                        tail[k - 1] = t;
                }
        uint64_t pending = assembler_pending_seq(a->assembler, now_ms, settle);
        if (a->held && a->held_line.seq < pending)
                pending = a->held_line.seq;
        for (; a->emitted < a->ranking.n && a->ranking.diags[a->emitted]->first_seq < pending; a->emitted++) {
                ranking_score_one(&a->ranking, a->emitted);
                a->reported[a->emitted] = a->ranking.diags[a->emitted]->count;
                if (fo && fo->on_diagnosis)
                        fo->on_diagnosis(fo->ctx, a, a->emitted);
        }
        if (now_ms < a->next_update_ms)
                return;
        a->next_update_ms = now_ms + interval;
        for (size_t i = 0; i < a->emitted; i++) {
                size_t count = a->ranking.diags[i]->count;
                if (count > a->reported[i] && fo && fo->on_update)
                        fo->on_update(fo->ctx, a, i, count - a->reported[i]);
                a->reported[i] = count;
        }
}

/* The line loop of every input read whole (a source's, or text in memory):
 * lr's lines to the analysis, until it ends, fails or (fed) is hungry; a
 * source that turns out binary (binary, if given) stops it with a note. */
static int feed_lines(coroner_analysis *a, int input, struct line_reader *lr, const struct source *binary,
                      struct coroner_error *err)
{
        struct input_info *in = &a->inputs[input];
        const char *line;
        size_t len;
        int r;
        while ((r = line_reader_next(lr, &line, &len, err)) == 1) {
                if (binary && source_control_permille(binary) >= BINARY_PERMILLE) {
                        in->note = strndup_safe("binary: skipped", 15);
                        r = 0;
                        break;
                }
                if (!line_reader_previous(lr, &in->prev_line, &in->prev_len))
                        in->prev_line = NULL;
                analysis_feed_line(a, input, line, len);
        }
        in->prev_line = NULL;
        return r;
}

/* Reads src to its end as input. A bundle's member whose first bytes are
 * binary (skip_binary) is left after its first line, with a note. */
static int read_source(coroner_analysis *a, struct source *src, int input, bool skip_binary,
                       struct coroner_error *err)
{
        struct input_info *in = &a->inputs[input];
        in->compression = compression_name(source_compression(src));
        source_start_pump(src);
        struct line_reader *lr;
        int r = line_reader_new(src, &lr);
        if (r < 0)
                return r;
        r = feed_lines(a, input, lr, skip_binary ? src : NULL, err);
        in->bytes = line_reader_bytes(lr);
        line_reader_free(lr);
        analysis_end_input(a, input);
        unsigned permille = source_control_permille(src);
        char what[160];
        if (permille >= BINARY_PERMILLE && !in->note) {
                snprintf(what, sizeof what, "binary data (%u.%u%% control bytes in the first 64 KiB), read as text: "
                         "is this a log?", permille / 10, permille % 10);
                in->warning = strndup_safe(what, strlen(what));
        }
        if (in->bytes == 0 && r >= 0)
                in->note = strndup_safe("empty (0 bytes)", 15);
        if (r < 0) {
                in->complete = false;
                char buf[1100];
                snprintf(buf, sizeof buf, "%s", err ? err->message : coroner_strerror(r));
                in->error = strndup_safe(buf, strlen(buf));
        }
        return r;
}

/* A journal file inside a bundle: sd-journal maps files, so the member is
 * copied to a temporary file first. */
static int read_journal_member(coroner_analysis *a, struct archive *ar, const char *name, struct coroner_error *err)
{
        const char *tmpdir = getenv("TMPDIR");
        char path[4096];
        snprintf(path, sizeof path, "%s/coroner-member-XXXXXX.journal", tmpdir && *tmpdir ? tmpdir : "/tmp");
        int fd = mkstemps(path, 8);
        if (fd < 0) {
                set_error(err, name, "cannot copy the journal member to a temporary file: %s", strerror(errno));
                return CORONER_E_IO;
        }
        int r = archive_read_data_into_fd(ar, fd) == ARCHIVE_OK ? 0 : CORONER_E_CORRUPT;
        close(fd);
        if (r < 0) {
                set_error(err, name, "%s", archive_error_string(ar) ? archive_error_string(ar) : "cannot read the member");
        } else {
                const char *files[] = { path };
                struct coroner_journal_options jo = { .files = files, .n_files = 1, .max_priority = -1 };
                size_t before = a->n_inputs;
                r = coroner_analysis_read_journal(a, &jo, err);
                if (a->n_inputs > before) {  /* named after the member, not the temporary copy */
                        struct strbuf label = { 0 };
                        sb_printf(&label, "journal:%s", name);
                        char *named = sb_take(&label);
                        if (named) {
                                free(a->inputs[before].name);
                                a->inputs[before].name = named;
                        }
                }
        }
        unlink(path);
        return r;
}

/* The host each of n paths names in a per-host layout, or NULL: the
 * directory after "pods/" (kubectl and must-gather dumps), else the first
 * directory below the paths' common one when there are several (a bundle
 * of node1/..., node2/...). One file, or files in one directory, name no
 * host. hosts[i] points into paths[i] (length in lens[i]). */
static void layout_hosts(const char *const *paths, size_t n, const char **hosts, size_t *lens)
{
        size_t common = SIZE_MAX;  /* bytes of the common directory prefix, with its '/' */
        for (size_t i = 0; i < n; i++) {
                const char *last = strrchr(paths[i], '/');
                size_t dir = last ? (size_t)(last - paths[i]) + 1 : 0;
                if (common == SIZE_MAX) {
                        common = dir;
                        continue;
                }
                size_t k = 0;
                while (k < common && k < dir && paths[0][k] == paths[i][k])
                        k++;
                while (k > 0 && paths[0][k - 1] != '/')
                        k--;
                common = k;
        }
        size_t distinct = 0;
        for (size_t i = 0; i < n; i++) {
                hosts[i] = NULL;
                lens[i] = 0;
                const char *pods = strstr(paths[i], "pods/");
                if (pods && (pods == paths[i] || pods[-1] == '/') && strchr(pods + 5, '/')) {
                        hosts[i] = pods + 5;
                        lens[i] = (size_t)(strchr(pods + 5, '/') - hosts[i]);
                        continue;
                }
                const char *rest = paths[i] + common, *slash = strchr(rest, '/');
                if (!slash)
                        continue;
                hosts[i] = rest;
                lens[i] = (size_t)(slash - rest);
                bool seen = false;
                for (size_t j = 0; j < i && !seen; j++)
                        seen = hosts[j] && lens[j] == lens[i] && memcmp(hosts[j], rest, lens[i]) == 0;
                distinct += !seen;
        }
        for (size_t i = 0; i < n && distinct < 2; i++)
                if (hosts[i] && !(hosts[i] > paths[i] + 4 && memcmp(hosts[i] - 5, "pods/", 5) == 0))
                        hosts[i] = NULL;  /* one directory is no per-host layout */
}

/* Sets the layout host of the next input from a path's host (or none). */
static void set_next_host(coroner_analysis *a, const char *host, size_t len, char buf[64])
{
        a->next_host = NULL;
        if (host && len && len < 64) {
                memcpy(buf, host, len);
                buf[len] = '\0';
                a->next_host = buf;
        }
}

/* Is path a tar or zip bundle? Then it is read member by member (ar is
 * handed over and freed). Plain and compressed logs are not. */
static bool open_bundle(const char *path, struct archive **ret, struct archive_entry **entry)
{
        struct archive *ar = archive_read_new();
        if (!ar)
                return false;
        archive_read_support_filter_all(ar);
        archive_read_support_format_tar(ar);
        archive_read_support_format_gnutar(ar);
        archive_read_support_format_zip(ar);
        archive_read_support_format_7zip(ar);
        if (archive_read_open_filename(ar, path, 64 * 1024) != ARCHIVE_OK ||
            archive_read_next_header(ar, entry) != ARCHIVE_OK) {
                archive_read_free(ar);
                return false;
        }
        *ret = ar;
        return true;
}

/* The regular members' paths, in order (a first pass over the bundle). */
static char **member_paths(const char *path, size_t *n)
{
        struct archive *ar;
        struct archive_entry *entry;
        char **names = NULL;
        size_t cap = 0;
        *n = 0;
        if (!open_bundle(path, &ar, &entry))
                return NULL;
        do {
                if (archive_entry_filetype(entry) != AE_IFREG)
                        continue;
                char **p = grow_array(names, *n, &cap, sizeof *p, 64);
                if (!p || !(p[*n] = strndup_safe(archive_entry_pathname(entry), strlen(archive_entry_pathname(entry))))) {
                        names = p ? p : names;
                        break;
                }
                names = p;
                (*n)++;
        } while (archive_read_next_header(ar, &entry) == ARCHIVE_OK);
        archive_read_free(ar);
        return names;
}

/* A tar or zip bundle (any compression libarchive reads, such as a
 * support bundle or `tar czf logs.tar.gz /var/log/k26`): every regular
 * member is an input named BUNDLE:PATH, decompressed in turn if it is
 * compressed itself; journal files are read as journals; binary members
 * are skipped with a note. Returns the first error, having read on. */
static int read_bundle(coroner_analysis *a, const char *path, struct archive *ar, struct archive_entry *entry,
                       struct coroner_error *err)
{
        int failed = 0;
        size_t n_members = 0, member = 0;
        char **members = member_paths(path, &n_members);
        const char **hosts = calloc(n_members + 1, sizeof *hosts);
        size_t *lens = calloc(n_members + 1, sizeof *lens);
        if (members && hosts && lens)
                layout_hosts((const char *const *)members, n_members, hosts, lens);
        char host[64];
        do {
                if (archive_entry_filetype(entry) != AE_IFREG)
                        continue;
                bool same = members && hosts && lens && member < n_members &&
                            strcmp(members[member], archive_entry_pathname(entry)) == 0;
                set_next_host(a, same ? hosts[member] : NULL, same ? lens[member] : 0, host);
                member++;
                struct strbuf label = { 0 };
                sb_printf(&label, "%s:%s", path, archive_entry_pathname(entry));
                char *name = sb_take(&label);
                if (!name) {
                        failed = -1;  /* out of memory: stop, and free what the bundle took */
                        break;
                }
                struct coroner_error member_err = { { 0 }, { 0 } };
                int r;
                if (journal_file_name(name)) {
                        r = read_journal_member(a, ar, name, &member_err);
                } else {
                        struct source *src = NULL;
                        r = source_open_member(ar, name, &src, &member_err);
                        int input = analysis_add_input(a, name);
                        if (input < 0) {
                                r = input;
                        } else if (r < 0) {
                                a->inputs[input].complete = false;
                                a->inputs[input].error = strndup_safe(member_err.message, strlen(member_err.message));
                        } else {
                                r = read_source(a, src, input, true, &member_err);
                        }
                        source_free(src);
                }
                if (r < 0 && !failed++ && err)
                        *err = member_err;
                free(name);
        } while (archive_read_next_header(ar, &entry) == ARCHIVE_OK);
        a->next_host = NULL;
        for (size_t i = 0; members && i < n_members; i++)
                free(members[i]);
        free(members);
        free(hosts);
        free(lens);
        return failed < 0 ? CORONER_E_NOMEM : failed ? CORONER_E_CORRUPT : 0;
}

/* Reads fd, or the file called name when fd < 0, as one more input. A
 * journal file is read as --journal-file reads it: sd-journal maps the file,
 * so it cannot come through a pipe. */
static int read_input(coroner_analysis *a, const char *name, int fd, struct coroner_error *err)
{
        struct archive *ar;
        struct archive_entry *entry;
        if (fd < 0 && open_bundle(name, &ar, &entry)) {
                int r = read_bundle(a, name, ar, entry, err);
                archive_read_free(ar);
                return r;
        }
        struct source *src = NULL;
        int r = fd >= 0 ? source_open_fd(fd, name, false, &src, err) : source_open_path(name, &src, err);
        if (r == 0 && source_is_journal_file(src)) {
                source_free(src);
                src = NULL;
                if (fd < 0) {
                        const char *files[] = { name };
                        struct coroner_journal_options jo = { .files = files, .n_files = 1, .max_priority = -1 };
                        return coroner_analysis_read_journal(a, &jo, err);
                }
                set_error(err, strcmp(name, "-") == 0 ? "standard input" : name, "%s",
                          "a journal file cannot be read from a pipe: name it (coroner FILE.journal)");
                r = CORONER_E_USAGE;
        }
        int input = analysis_add_input(a, name);
        if (input < 0 || r < 0) {
                source_free(src);
                if (input >= 0) {
                        a->inputs[input].complete = false;
                        a->inputs[input].error = strndup_safe(err ? err->message : "", err ? strlen(err->message) : 0);
                }
                return input < 0 ? input : r;
        }
        r = read_source(a, src, input, a->opts.skip_binary, err);
        source_free(src);
        return r;
}

int coroner_analysis_read_fd(coroner_analysis *a, int fd, const char *name, struct coroner_error *err)
{
        return read_input(a, name, fd, err);
}

int coroner_analysis_read_path(coroner_analysis *a, const char *path, struct coroner_error *err)
{
        if (!path || strcmp(path, "-") == 0)
                return read_input(a, "-", STDIN_FILENO, err);
        return read_input(a, path, -1, err);
}

int coroner_analysis_read_text(coroner_analysis *a, const char *name, const char *text, size_t len)
{
        int input = analysis_add_input(a, name);
        if (input < 0)
                return input;
        struct line_reader *lr;
        int r = line_reader_new(NULL, &lr);
        if (r < 0)
                return r;
        while (feed_lines(a, input, lr, NULL, NULL) == LINE_READER_HUNGRY) {
                size_t k = len ? line_reader_feed(lr, text, len) : 0;
                if (!k)
                        line_reader_end(lr);
                text += k;
                len -= k;
        }
        a->inputs[input].bytes = line_reader_bytes(lr);
        line_reader_free(lr);
        analysis_end_input(a, input);
        return 0;
}

/* A signature that declares the package versions it applies to: where the
 * log shows a version outside them, the diagnosis is kept but demoted to
 * info; where the log shows none, the rationale says so. */
static void apply_version_conditions(coroner_analysis *a)
{
        for (size_t i = 0; i < a->ranking.n; i++) {
                struct diagnosis *d = a->ranking.diags[i];
                const cJSON *req;
                if (!d->sig || !d->sig->requires)
                        continue;
                cJSON_ArrayForEach(req, d->sig->requires) {
                        const struct fact_item *it = facts_get(&a->facts, FACT_PACKAGE, req->string);
                        if (it && !version_satisfies(it->value, req->valuestring)) {
                                d->severity = CORONER_SEV_INFO;
                                d->version_excluded = true;
                        } else if (!it) {
                                d->version_unknown = true;
                        }
                }
        }
}

int coroner_analysis_finish(coroner_analysis *a)
{
        if (a->finished)
                return 0;
        analysis_end_input(a, -1);
        apply_version_conditions(a);
        ranking_finish(&a->ranking, a->db, a->md, &a->facts);
        a->finished = true;
        return 0;
}

size_t coroner_analysis_diagnosis_count(const coroner_analysis *a) { return a->ranking.n; }

const char *coroner_analysis_diagnosis_id(const coroner_analysis *a, size_t i)
{
        return i < a->ranking.n ? a->ranking.diags[i]->id : NULL;
}

int coroner_analysis_set_command(coroner_analysis *a, int argc, char *const *argv)
{
        struct strbuf sb = { 0 };
        for (int i = 0; i < argc; i++)
                sb_printf(&sb, "%s%s", i ? " " : "", argv[i]);
        free(a->command);
        a->command = sb_take(&sb);
        return a->command || argc == 0 ? 0 : CORONER_E_NOMEM;
}

size_t coroner_analysis_input_count(const coroner_analysis *a) { return a->n_inputs; }

const char *coroner_analysis_input_name(const coroner_analysis *a, size_t i)
{
        return i < a->n_inputs ? a->inputs[i].name : NULL;
}

const char *coroner_analysis_input_warning(const coroner_analysis *a, size_t i)
{
        return i < a->n_inputs ? a->inputs[i].warning : NULL;
}

coroner_severity coroner_analysis_diagnosis_severity(const coroner_analysis *a, size_t i)
{
        return i < a->ranking.n ? a->ranking.diags[i]->severity : CORONER_SEV_INFO;
}

/* ---- several inputs at once (-j) ---- */

struct worker {
        coroner_analysis *a;
        const char *const *paths;
        const char **hosts;  /* layout hosts (opts.layout_hosts), or NULL */
        size_t *lens;
        size_t n;
        struct coroner_error *errs;
        int failed;
        pthread_t thread;
};

/* Reads paths one by one into a, each with its layout host if any. */
static int read_one_by_one(coroner_analysis *a, const char *const *paths, const char **hosts, const size_t *lens,
                           size_t n, struct coroner_error *errs)
{
        int failed = 0;
        char host[64];
        for (size_t i = 0; i < n; i++) {
                set_next_host(a, hosts ? hosts[i] : NULL, hosts ? lens[i] : 0, host);
                if (coroner_analysis_read_path(a, paths[i], &errs[i]) < 0)
                        failed++;
        }
        a->next_host = NULL;
        return failed;
}

static void *worker_main(void *arg)
{
        struct worker *w = arg;
        w->failed = read_one_by_one(w->a, w->paths, w->hosts, w->lens, w->n, w->errs);
        analysis_end_input(w->a, -1);
        return NULL;
}

static int read_paths(coroner_analysis *a, const char *const *paths, const char **hosts, size_t *lens, size_t n,
                      int jobs, struct coroner_error *errs)
{
        if (jobs > (int)n)
                jobs = (int)n;
        if (jobs <= 1)
                return read_one_by_one(a, paths, hosts, lens, n, errs);
        int failed = 0;
        /* Room for every worker's inputs now, so that merging them cannot
         * fail for memory and lose a worker's results; without it (or
         * threads), the inputs are read here, one by one. */
        struct worker *w = calloc((size_t)jobs, sizeof *w);
        struct input_info *room = !w ? NULL
                                  : a->n_inputs + 2 * n > a->inputs_cap
                                          ? realloc(a->inputs, (a->n_inputs + 2 * n) * sizeof *room) : a->inputs;
        if (!room) {
                free(w);
                return read_one_by_one(a, paths, hosts, lens, n, errs);
        }
        a->inputs = room;
        a->inputs_cap = a->inputs_cap > a->n_inputs + 2 * n ? a->inputs_cap : a->n_inputs + 2 * n;
        /* Contiguous blocks of inputs, each worker's sequence numbers above
         * the previous block's: merged, the result is the sequential one. */
        int started = 0;
        for (int k = 0; k < jobs; k++) {
                size_t from = n * (size_t)k / (size_t)jobs, to = n * (size_t)(k + 1) / (size_t)jobs;
                w[k].paths = paths + from;
                w[k].hosts = hosts ? hosts + from : NULL;
                w[k].lens = lens ? lens + from : NULL;
                w[k].n = to - from;
                w[k].errs = errs + from;
                if (coroner_analysis_new(a->db, &a->opts, &w[k].a) < 0)
                        break;
                w[k].a->seq = a->seq + ((uint64_t)(k + 1) << 40);
                if (pthread_create(&w[k].thread, NULL, worker_main, &w[k]) != 0) {
                        coroner_analysis_free(w[k].a);
                        w[k].a = NULL;
                        break;
                }
                started++;
        }
        for (int k = 0; k < started; k++) {
                pthread_join(w[k].thread, NULL);
                coroner_analysis *src = w[k].a;
                int offset = (int)a->n_inputs;
                if (a->n_inputs + src->n_inputs <= a->inputs_cap) {  /* reserved above */
                        memcpy(a->inputs + a->n_inputs, src->inputs, src->n_inputs * sizeof *a->inputs);
                        a->n_inputs += src->n_inputs;
                        src->n_inputs = 0;
                }
                ranking_merge(&a->ranking, &src->ranking, offset);
                facts_merge(&a->facts, &src->facts, offset, a->db->n_sigs);
                if (src->seq > a->seq)
                        a->seq = src->seq;
                failed += w[k].failed;
                coroner_analysis_free(src);
        }
        /* Inputs no worker could take are read here. */
        for (int k = started; k < jobs; k++)
                failed += read_one_by_one(a, w[k].paths, w[k].hosts, w[k].lens, w[k].n, w[k].errs);
        free(w);
        return failed;
}

int coroner_analysis_read_paths(coroner_analysis *a, const char *const *paths, size_t n, int jobs,
                                struct coroner_error *errs)
{
        const char **hosts = a->opts.layout_hosts ? calloc(n + 1, sizeof *hosts) : NULL;
        size_t *lens = hosts ? calloc(n + 1, sizeof *lens) : NULL;
        if (hosts && lens)
                layout_hosts(paths, n, hosts, lens);
        int failed = read_paths(a, paths, hosts && lens ? hosts : NULL, lens, n, jobs, errs);
        free(hosts);
        free(lens);
        return failed;
}
