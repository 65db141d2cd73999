/* assemble.c — turn each stream's records into events.
 *
 * Lines are kept apart by stream (input, host, pid, sub-stream tag), so the
 * interleaved tracebacks of eight ranks are reassembled as eight tracebacks.
 * Only streams in the middle of a traceback hold state; every other line is
 * handed to the sink at once as single-line evidence, without copying.
 *
 * The sink borrows each event; it copies what it keeps.
 */
#include "config.h"
#include "assemble.h"

#include <ctype.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

enum native_form { NATIVE_NONE, NATIVE_CXX, NATIVE_FAULTHANDLER };

enum tb_state {
        ST_FRAMES,      /* after "Traceback (most recent call last):" */
        ST_MESSAGE,     /* after the exception line: message continuation */
        ST_BLANK,       /* an empty line after the message */
        ST_CHAIN,       /* after "The above exception ..." */
};

struct active {
        struct active *next;       /* hash chain */
        struct active *older, *newer;  /* all actives, least recently fed first */
        struct stream_id id;
        int input;
        uint64_t key;
        uint64_t last_seq;
        int64_t touched_ms;        /* the clock when it was last fed (assembler_settle) */
        enum tb_state state;
        struct event ev;
        struct strbuf message;     /* message of the current exception */
        size_t message_lines;
        size_t lines;
        bool want_code;            /* the next indented line is a frame's code */
        bool lost;                 /* memory ran out while building it: not emitted, counted */
        bool flat;                 /* its frames lost their indentation: code lines too */
        bool ipython;              /* IPython's form, until its exception line */
        bool after_frame;          /* IPython: the last line was a frame line */
        bool input_ended;          /* closed because its input ended */
        bool message_next;         /* the type came alone: its message is the next line */
        uint64_t prefix_id;        /* the logger prefix of the first line */
        enum { PREFIX_UNKNOWN, PREFIX_FIRST_LINE, PREFIX_EVERY_LINE } prefix_style;
        bool headerless;           /* began at a frame: the header was lost (a
                                    * paste or log cut in the middle); dropped
                                    * unless its exception line arrives or
                                    * error_level */
        bool error_level;          /* its first line was logged at an error
                                    * level: kept even if cut at both ends,
                                    * an error line is never lost */
        enum native_form native;   /* a C++ abort or a faulthandler report */
        int cxx_stacks;            /* stacks seen ("Exception raised from", "Thread 0x...") */
        int blank_lines;
        bool group;                /* an ExceptionGroup: lines carry "| " margins
                                    * and "+---- N ----" separators */
        unsigned group_path[LIMIT_GROUP_DEPTH];  /* the sub-exception being read */
        size_t group_depth;
        bool embedded;             /* the header followed other text in a tagged
                                    * log record: the traceback's later lines
                                    * carry no tag (SGLang's logger.error) */
        size_t indent;             /* the header line's indentation, removed from
                                    * the lines that follow (torch elastic's error
                                    * table indents whole tracebacks) */
};

enum {
        BUCKETS = 8192,
        /* A traceback whose stream has been silent for this many lines is
         * over: Python prints one in a burst. Without this, a process that
         * never logs again would keep every later line on the slow path. */
        IDLE_LINES = 2000,
        IDLE_LINES_AFTER_MESSAGE = 64,
};

/* ComfyUI's "Error Report" (the front end's Markdown for an issue) names
 * the exception in two list items before its stack trace, which has no
 * header and no exception line of its own:
 *   - **Exception Type:** torch.OutOfMemoryError
 *   - **Exception Message:** Allocation on device
 *   ## Stack Trace
 *     File "/ComfyUI/execution.py", line 323, in execute ...
 * The two items are kept until the stack trace after them ends. */
struct error_report {
        char *type, *message;
        int input;
        long line;  /* of the type's item */
};

enum { REPORT_REACH = 64 };  /* lines from the type's item to the stack trace */

struct assembler {
        event_sink sink;
        void *ctx;
        struct active *buckets[BUCKETS];
        struct active *oldest, *newest;  /* the recency list */
        size_t n_active;
        size_t lost_events;  /* not emitted: memory ran out while they were built */
        size_t n_embedded;   /* actives with embedded set */
        int64_t clock_ms;    /* assembler_set_clock: when the lines now fed arrived */
        char *announcer;     /* the line before the next header, if it announces it */
        size_t announcer_len;
        long announcer_line;
        struct error_report report;  /* the last ComfyUI error report's exception */
        bool *input_emitted;         /* [input]: an event of that input has been emitted */
        size_t n_input_emitted;
};

static const char REPORT_TYPE[] = "- **Exception Type:** ", REPORT_MESSAGE[] = "- **Exception Message:** ";

static void report_forget(struct error_report *rep)
{
        free(rep->type);
        free(rep->message);
        rep->type = rep->message = NULL;
}

/* Keeps a report's exception items as they pass. */
static void report_note(struct error_report *rep, const struct record *r, int input, long lineno)
{
        const char *s = r->msg;
        size_t n = r->msg_len, k = sizeof REPORT_TYPE - 1, m = sizeof REPORT_MESSAGE - 1;
        if (n > k && memcmp(s, REPORT_TYPE, k) == 0) {
                report_forget(rep);
                rep->type = strndup_safe(s + k, n - k);
                rep->input = input;
                rep->line = lineno;
        } else if (n > m && memcmp(s, REPORT_MESSAGE, m) == 0 && rep->type && !rep->message &&
                   rep->input == input) {
                rep->message = strndup_safe(s + m, n - m);
        }
}

struct assembler *assembler_new(event_sink sink, void *ctx)
{
        struct assembler *as = xmalloc_or_null(sizeof *as);
        if (!as)
                return NULL;
        as->sink = sink;
        as->ctx = ctx;
        return as;
}

static bool input_emitted_known(const struct assembler *as, int input)
{
        return input >= 0 && (size_t)input < as->n_input_emitted;
}

/* Hands an event to the sink, noting that its input had one. */
static void emit(struct assembler *as, struct event *ev)
{
        while (ev->input >= 0 && !input_emitted_known(as, ev->input)) {
                size_t had = as->n_input_emitted;
                bool *grown = grow_array(as->input_emitted, had, &as->n_input_emitted, sizeof *grown, 16);
                if (!grown)
                        break;  /* memory is out: not noted (at worst, stray frames that end the input are kept) */
                memset(grown + had, 0, (as->n_input_emitted - had) * sizeof *grown);
                as->input_emitted = grown;
        }
        if (input_emitted_known(as, ev->input))
                as->input_emitted[ev->input] = true;
        as->sink(as->ctx, ev);
}

static bool input_emitted(const struct assembler *as, int input)
{
        return input_emitted_known(as, input) && as->input_emitted[input];
}

static void frame_free(struct frame *f)
{
        free(f->file);
        free(f->function);
        free(f->code);
}

static void exception_free(struct exception *x)
{
        free(x->type);
        free(x->message);
        free(x->context);
        free(x->group_place);
        free(x->raw);
        for (size_t j = 0; j < x->n_frames; j++)
                frame_free(&x->frames[j]);
        free(x->frames);
}

void event_free(struct event *ev)
{
        for (size_t i = 0; i < ev->n_excs; i++)
                exception_free(&ev->excs[i]);
        free(ev->excs);
        for (size_t i = 0; i < ev->n_evidence; i++)
                free(ev->evidence[i].text);
        memset(ev, 0, sizeof *ev);
}

static void active_free(struct active *a)
{
        event_free(&a->ev);
        sb_free(&a->message);
        free(a);
}

static void copy_field(char *dst, size_t cap, const char *s, size_t n)
{
        if (n >= cap)
                n = cap - 1;
        if (n)
                memcpy(dst, s, n);
        dst[n] = '\0';
}

static void stream_of(const struct record *r, struct stream_id *id)
{
        memset(id, 0, sizeof *id);
        copy_field(id->host, sizeof id->host, r->host, r->host ? r->host_len : 0);
        copy_field(id->ident, sizeof id->ident, r->ident, r->ident ? r->ident_len : 0);
        id->pid = r->pid;
        memcpy(id->tag, r->tag, sizeof id->tag);
        id->rank = r->rank;
        copy_field(id->unit, sizeof id->unit, r->unit, r->unit ? r->unit_len : 0);
        copy_field(id->invocation, sizeof id->invocation, r->invocation, r->invocation ? r->invocation_len : 0);
}

static uint64_t stream_key(int input, const struct stream_id *id)
{
        uint64_t h = fnv1a64(&input, sizeof input, FNV1A64_INIT);
        h = fnv1a64(id->host, strlen(id->host), h);
        h = fnv1a64(&id->pid, sizeof id->pid, h);
        if (!id->pid)
                h = fnv1a64(id->ident, strlen(id->ident), h);
        h = fnv1a64(id->invocation, strlen(id->invocation), h);
        return fnv1a64(id->tag, strlen(id->tag), h);
}

static bool same_stream(const struct active *a, int input, const struct stream_id *id)
{
        return a->input == input && a->id.pid == id->pid && strcmp(a->id.host, id->host) == 0 &&
               strcmp(a->id.tag, id->tag) == 0 && strcmp(a->id.invocation, id->invocation) == 0 &&
               (id->pid || strcmp(a->id.ident, id->ident) == 0);
}

static void add_evidence(struct event *ev, int input, long lineno, const char *text, size_t n)
{
        if (ev->n_evidence == LIMIT_EVIDENCE) {
                /* Keep the first (the header) and the latest lines. */
                free(ev->evidence[1].text);
                memmove(&ev->evidence[1], &ev->evidence[2],
                        (LIMIT_EVIDENCE - 2) * sizeof ev->evidence[0]);
                ev->n_evidence--;
        }
        struct evidence_line *e = &ev->evidence[ev->n_evidence];
        e->input = input;
        e->line = lineno;
        e->text = strndup_safe(text, n < LIMIT_DISPLAY_BYTES * 4 ? n : LIMIT_DISPLAY_BYTES * 4);
        if (e->text)
                ev->n_evidence++;
}

static struct exception *new_exception(struct active *a, const char *context, size_t context_len)
{
        struct event *ev = &a->ev;
        if (ev->n_excs == LIMIT_CHAIN) {
                /* Keep the original cause (first) and the latest. */
                exception_free(&ev->excs[1]);
                memmove(&ev->excs[1], &ev->excs[2], (LIMIT_CHAIN - 2) * sizeof ev->excs[0]);
                ev->n_excs--;
        } else if (ev->n_excs == 0 || (ev->n_excs & (ev->n_excs - 1)) == 0) {
                size_t cap = ev->n_excs ? ev->n_excs * 2 : 1;
                if (cap > LIMIT_CHAIN)
                        cap = LIMIT_CHAIN;
                struct exception *p = realloc(ev->excs, cap * sizeof *p);
                if (!p) {
                        a->lost = true;
                        return NULL;
                }
                ev->excs = p;
        }
        struct exception *x = &ev->excs[ev->n_excs++];
        memset(x, 0, sizeof *x);
        while (context_len && (context[context_len - 1] == ' ' || context[context_len - 1] == '\t'))
                context_len--;
        if (a->group) {
                struct strbuf place = { 0 };
                for (size_t i = 0; i < a->group_depth; i++)
                        sb_printf(&place, i ? ".%u" : "%u", a->group_path[i]);
                x->group_place = sb_take(&place);  /* "" for the outermost group */
                /* "+ Exception Group Traceback": the header of a group, not context */
                if (context_len >= 15 && memcmp(context + context_len - 15, "Exception Group", 15) == 0) {
                        x->is_group = true;
                        context_len -= 15;
                        while (context_len && strchr(" \t+|", context[context_len - 1]))
                                context_len--;
                }
        }
        if (context_len)
                x->context = strndup_safe(context, context_len);
        sb_free(&a->message);
        a->message_lines = 0;
        return x;
}

static struct exception *current(struct active *a)
{
        return a->ev.n_excs ? &a->ev.excs[a->ev.n_excs - 1] : NULL;
}

static void add_frame(struct active *a, struct frame *f)
{
        struct exception *x = current(a);
        if (!x) {
                frame_free(f);
                return;
        }
        if (x->n_frames == LIMIT_FRAMES) {
                /* Keep the outermost half and the innermost frames. */
                frame_free(&x->frames[LIMIT_FRAMES / 2]);
                memmove(&x->frames[LIMIT_FRAMES / 2], &x->frames[LIMIT_FRAMES / 2 + 1],
                        (LIMIT_FRAMES / 2 - 1) * sizeof *f);
                x->n_frames--;
                x->frames_omitted++;
        }
        if (!x->frames) {
                x->frames = calloc(LIMIT_FRAMES, sizeof *f);
                if (!x->frames) {
                        frame_free(f);
                        return;
                }
        }
        x->frames[x->n_frames++] = *f;
}

/* Stores the message collected so far into the current exception. */
static void finish_message(struct active *a)
{
        struct exception *x = current(a);
        if (x && a->message.len) {
                /* Trailing blank continuation lines are not part of it. */
                while (a->message.len && (a->message.data[a->message.len - 1] == '\n' ||
                                          a->message.data[a->message.len - 1] == ' '))
                        a->message.data[--a->message.len] = '\0';
                free(x->message);
                x->message = sb_take(&a->message);
        }
        sb_free(&a->message);
}

static void unlink_recent(struct assembler *as, struct active *a)
{
        if (a->older)
                a->older->newer = a->newer;
        else
                as->oldest = a->newer;
        if (a->newer)
                a->newer->older = a->older;
        else
                as->newest = a->older;
        a->older = a->newer = NULL;
}

/* Marks a as fed at seq: it moves to the newest end of the recency list. */
static void touch(struct assembler *as, struct active *a, uint64_t seq)
{
        a->last_seq = seq;
        a->touched_ms = as->clock_ms;
        if (as->newest == a)
                return;
        if (a->older || a->newer || as->oldest == a)
                unlink_recent(as, a);
        a->older = as->newest;
        if (as->newest)
                as->newest->newer = a;
        else
                as->oldest = a;
        as->newest = a;
}

static void bucket_remove(struct assembler *as, struct active *a)
{
        struct active **pp = &as->buckets[a->key % BUCKETS];
        while (*pp && *pp != a)
                pp = &(*pp)->next;
        if (*pp)
                *pp = a->next;
        unlink_recent(as, a);
        as->n_active--;
        if (a->embedded)
                as->n_embedded--;
}

/* Is g a group that holds (or is) the sub-exception at place? */
static bool group_holds(const struct exception *g, const char *place)
{
        size_t k = strlen(g->group_place);
        return g->is_group && strncmp(g->group_place, place, k) == 0 && (k == 0 || place[k] == '\0' || place[k] == '.');
}

/* An ExceptionGroup's leaves are separate failures (asyncio.TaskGroup's
 * tasks, a pool's workers): each goes to the sink as an event of its own,
 * its chain followed by the groups that hold it, innermost first, so that
 * each is matched, counted and reported. The sink borrows; the event keeps
 * ownership of every exception. False when the group holds no leaf. */
static bool emit_group_leaves(struct assembler *as, const struct event *ev)
{
        bool any = false;
        for (size_t i = 0; i < ev->n_excs; i++) {
                const struct exception *x = &ev->excs[i];
                bool first_of_place = !x->is_group && x->group_place;
                for (size_t j = 0; first_of_place && j < i; j++)
                        if (!ev->excs[j].is_group && ev->excs[j].group_place &&
                            strcmp(ev->excs[j].group_place, x->group_place) == 0)
                                first_of_place = false;
                if (!first_of_place)
                        continue;
                struct exception chain[LIMIT_CHAIN];
                struct event leaf = *ev;
                leaf.excs = chain;
                leaf.n_excs = 0;
                leaf.n_evidence = 0;  /* the group's header, and the line announcing it */
                while (leaf.n_evidence < ev->n_evidence && leaf.n_evidence < 2 &&
                       ev->evidence[leaf.n_evidence].line < ev->excs[0].line)
                        leaf.n_evidence++;
                for (size_t j = i; j < ev->n_excs; j++)
                        if (!ev->excs[j].is_group && ev->excs[j].group_place &&
                            strcmp(ev->excs[j].group_place, x->group_place) == 0)
                                chain[leaf.n_excs++] = ev->excs[j];
                for (size_t j = i; j-- > 0;)
                        if (group_holds(&ev->excs[j], x->group_place))
                                chain[leaf.n_excs++] = ev->excs[j];
                size_t header = leaf.n_evidence;
                for (size_t j = 0; j < leaf.n_excs && leaf.n_evidence < LIMIT_EVIDENCE; j++)
                        if (chain[j].raw)
                                leaf.evidence[leaf.n_evidence++] = (struct evidence_line){
                                        ev->input, chain[j].line, chain[j].raw };
                for (size_t j = header + 1; j < leaf.n_evidence; j++)  /* in the order they were read */
                        for (size_t k = j; k > header && leaf.evidence[k - 1].line > leaf.evidence[k].line; k--) {
                                struct evidence_line t = leaf.evidence[k];
                                leaf.evidence[k] = leaf.evidence[k - 1];
                                leaf.evidence[k - 1] = t;
                        }
                emit(as, &leaf);
                any = true;
        }
        return any;
}

/* A paste cut before the exception line often still shows the statement
 * that raised it ('raise ValueError("Either a revision or a version must
 * be specified.")'): its type and message stand in for the missing line
 * (the traceback stays incomplete). An assert statement raises
 * AssertionError, with a message only after its comma, which the line
 * may not hold whole. */
static void exception_from_raise(struct active *a, struct exception *x)
{
        static const char ASSERT[] = "assert ", ASSERTION_ERROR[] = "AssertionError";
        const struct frame *f = x->n_frames ? &x->frames[x->n_frames - 1] : NULL;
        size_t type_at, type_len, msg_at, msg_len;
        if (f && f->code && strncmp(f->code, ASSERT, sizeof ASSERT - 1) == 0) {
                x->type = strndup_safe(ASSERTION_ERROR, sizeof ASSERTION_ERROR - 1);
                a->lost |= !x->type;
                return;
        }
        if (!f || !f->code || !tb_parse_raise(f->code, strlen(f->code), &type_at, &type_len, &msg_at, &msg_len))
                return;
        x->type = strndup_safe(f->code + type_at, type_len);
        if (msg_len && !x->message)
                x->message = strndup_safe(f->code + msg_at, msg_len);
        a->lost |= !x->type;
}

/* IPython printed the exception's type before its header: a notebook's
 * output cut before the exception line still names it. */
static void exception_from_header(struct active *a, struct exception *x)
{
        if (!x->context)
                return;
        x->type = strndup_safe(x->context, strlen(x->context));
        a->lost |= !x->type;
}

/* A stack trace without a header or an exception line, just after an
 * error report's items: they name its exception (true when they did). */
static bool exception_from_report(struct assembler *as, struct active *a, struct exception *x)
{
        struct error_report *rep = &as->report;
        if (!a->headerless || x->type || !rep->type || rep->input != a->input ||
            a->ev.first_line < rep->line || a->ev.first_line - rep->line > REPORT_REACH)
                return false;
        x->type = rep->type;
        rep->type = NULL;
        if (rep->message && !(x->message && x->message[0])) {
                free(x->message);
                x->message = rep->message;
                rep->message = NULL;
        }
        report_forget(rep);
        return true;
}

/* Hands the finished traceback to the sink and forgets the stream. */
static void close_active(struct assembler *as, struct active *a, bool incomplete)
{
        finish_message(a);
        bucket_remove(as, a);
        struct event *ev = &a->ev;
        /* A worker's traceback explains its wrapper: put it first, as the
         * original cause of a chain is. */
        size_t front = 0;  /* stable: remote ones first, each group in printed order */
        for (size_t i = 0; i < ev->n_excs; i++)
                if (ev->excs[i].remote) {
                        struct exception x = ev->excs[i];
                        memmove(&ev->excs[front + 1], &ev->excs[front], (i - front) * sizeof x);
                        ev->excs[front++] = x;
                }
        if (a->native == NATIVE_FAULTHANDLER && ev->n_excs) {
                /* faulthandler lists the most recent call first; a traceback last */
                struct exception *x = current(a);
                for (size_t i = 0; i < x->n_frames / 2; i++) {
                        struct frame t = x->frames[i];
                        x->frames[i] = x->frames[x->n_frames - 1 - i];
                        x->frames[x->n_frames - 1 - i] = t;
                }
        }
        if (ev->n_excs && exception_from_report(as, a, current(a)))
                incomplete = false;
        if (ev->n_excs && !current(a)->type)
                exception_from_raise(a, current(a));
        if (ev->n_excs && !current(a)->type && a->ipython && a->input_ended)
                exception_from_header(a, current(a));
        else if (ev->n_excs && !current(a)->type && a->ipython)
                a->headerless = true;  /* a line it cannot read ended it: its exception line may follow alone */
        ev->incomplete = incomplete || ev->n_excs == 0 || !current(a)->type;
        bool any_type = false;
        for (size_t i = 0; i < ev->n_excs; i++)
                if (ev->excs[i].type)
                        any_type = true;
        /* A traceback that never reached its exception line still counts,
         * unless it began mid-way too: then it is only stray frames, unless
         * a logger wrote them at an error level, or the input ends in them
         * and held nothing else (a paste cut at both ends). */
        bool stray = a->headerless && !any_type && !a->error_level &&
                     !(a->input_ended && !input_emitted(as, a->input));
        if (ev->n_excs && !current(a)->type)
                a->lost |= !(current(a)->type = strndup_safe("", 0));
        if (a->lost)
                as->lost_events++;
        else if (ev->n_excs && !stray &&
                 !(a->group && emit_group_leaves(as, ev)))
                emit(as, ev);
        active_free(a);
}

static struct active *find_active(struct assembler *as, int input, const struct stream_id *id,
                                  uint64_t key)
{
        for (struct active *a = as->buckets[key % BUCKETS]; a; a = a->next)
                if (a->key == key && same_stream(a, input, id))
                        return a;
        return NULL;
}

/* An untagged line continues the latest embedded traceback of its process. */
static struct active *find_embedded(struct assembler *as, int input, const struct stream_id *id)
{
        for (struct active *a = as->newest; a; a = a->older)
                if (a->embedded && a->input == input && a->id.pid == id->pid &&
                    strcmp(a->id.host, id->host) == 0 && (id->pid || strcmp(a->id.ident, id->ident) == 0))
                        return a;
        return NULL;
}

static struct active *open_active(struct assembler *as, int input, const struct stream_id *id,
                                  uint64_t key, const struct record *r, long lineno, uint64_t seq)
{
        if (as->n_active >= LIMIT_STREAMS)
                close_active(as, as->oldest, true);
        struct active *a = xmalloc_or_null(sizeof *a);
        if (!a)
                return NULL;
        a->id = *id;
        a->input = input;
        a->key = key;
        a->ev.kind = EVENT_TRACEBACK;
        a->ev.stream = *id;
        a->ev.input = input;
        a->ev.first_line = a->ev.last_line = lineno;
        a->ev.seq = seq;
        a->ev.time_usec = r->time_usec;
        a->ev.has_time = r->has_time;
        a->next = as->buckets[key % BUCKETS];
        as->buckets[key % BUCKETS] = a;
        as->n_active++;
        touch(as, a, seq);
        return a;
}

static void fill_line_event(struct event *ev, const struct record *r, const struct stream_id *id,
                            int input, long lineno, uint64_t seq)
{
        memset(ev, 0, sizeof *ev);
        ev->stream = *id;
        ev->input = input;
        ev->first_line = ev->last_line = lineno;
        ev->seq = seq;
        ev->time_usec = r->time_usec;
        ev->has_time = r->has_time;
}

/* Bare "Type: message" lines name an exception only when the type looks like
 * one (decode_exception_type_name), so ordinary "Note: ..." lines stay plain
 * lines. */

/* Words with which a line reports that something failed, in any case. */
static const char *const failure_word[] = { "error", "fail", "fatal", "cannot", "can't", "couldn't", "unable", "denied",
                                            "refused", "killed", "abort", "exception", "timed out", "timeout",
                                            "exceeded" };
enum { N_FAILURE_WORDS = sizeof failure_word / sizeof failure_word[0], WORD_PAIRS = 512 };

static inline unsigned char fold(unsigned char c)
{
        return c >= 'A' && c <= 'Z' ? (unsigned char)(c + 32) : c;
}

static unsigned word_pair(const char *p)
{
        return (fold((unsigned char)p[0]) * 31u + fold((unsigned char)p[1])) & (WORD_PAIRS - 1);
}

/* By the hash of their first two letters: which words may begin here. */
static uint16_t failure_word_at[WORD_PAIRS];
static pthread_once_t failure_word_once = PTHREAD_ONCE_INIT;

static void index_failure_words(void)
{
        for (unsigned k = 0; k < N_FAILURE_WORDS; k++)
                failure_word_at[word_pair(failure_word[k])] |= (uint16_t)(1u << k);
}

/* One pass over the line, not a search per word. */
static bool failure_words(const char *s, size_t n)
{
        pthread_once(&failure_word_once, index_failure_words);
        for (size_t i = 0; i + 1 < n; i++)
                for (unsigned m = failure_word_at[word_pair(s + i)]; m; m &= m - 1) {
                        const char *w = failure_word[__builtin_ctz(m)];
                        size_t k = 0;
                        while (w[k] && i + k < n && fold((unsigned char)s[i + k]) == (unsigned char)w[k])
                                k++;
                        if (!w[k])
                                return true;
                }
        return false;
}

bool event_warning_level(const struct event *ev)
{
        return ev->kind == EVENT_LINE && !ev->error_level && ev->n_evidence && ev->evidence[0].text &&
               decode_warning_level(ev->evidence[0].text, strlen(ev->evidence[0].text));
}

bool event_failure_words(const struct event *ev)
{
        return ev->kind == EVENT_LINE && (ev->error_level || (ev->text && failure_words(ev->text, strlen(ev->text))));
}

static void emit_single(struct assembler *as, const struct record *r, const struct stream_id *id,
                        int input, long lineno, uint64_t seq, const char *raw, size_t raw_len)
{
        struct event ev;
        fill_line_event(&ev, r, id, input, lineno, seq);
        ev.kind = EVENT_LINE;
        ev.error_level = r->level >= LEVEL_ERROR;
        ev.failure_line = r->level == LEVEL_WORDS;
        char *text = strndup_safe(r->msg, r->msg_len);
        ev.text = text;
        struct evidence_line e = { input, lineno, strndup_safe(raw, raw_len < LIMIT_DISPLAY_BYTES * 4 ? raw_len : LIMIT_DISPLAY_BYTES * 4) };
        ev.evidence[0] = e;
        ev.n_evidence = 1;
        if (text && e.text)
                emit(as, &ev);
        free(text);
        free(e.text);
}

/* A bare "Type: message" line: an exception printed without its traceback
 * (logging, a paste). Its message may continue on the next lines. */
static bool start_exception(struct assembler *as, const struct record *r, const struct stream_id *id,
                            uint64_t key, int input, long lineno, uint64_t seq, const char *raw, size_t raw_len,
                            const char *type, size_t type_len, const char *msg, size_t msg_len,
                            enum native_form native);

/* An exception's repr() as the whole line, as logging.error(repr(e)), a
 * list of errors or a paste print it: ModuleNotFoundError("No module named
 * 'amp_C'"). Only types ending in Error or Exception, the forms whose
 * "Error(\"" and "Error('" the pre-filter's triggers (match_literals.c)
 * let through. The message is what is between the quotes (the closing one
 * may be missing when the text was retyped). */
static bool repr_exception(const char *s, size_t n, size_t *type_len, const char **msg, size_t *msg_len)
{
        size_t t = 0;
        while (t < n && (isalnum((unsigned char)s[t]) || s[t] == '_' || s[t] == '.'))
                t++;
        if (t == 0 || t + 3 > n || s[t] != '(' || (s[t + 1] != '"' && s[t + 1] != '\'') || s[n - 1] != ')' ||
            !isalpha((unsigned char)s[0]))
                return false;
        if (!(t >= 5 && memcmp(s + t - 5, "Error", 5) == 0) && !(t >= 9 && memcmp(s + t - 9, "Exception", 9) == 0))
                return false;
        *type_len = t;
        *msg = s + t + 2;
        *msg_len = n - t - 3;  /* up to the ')' */
        if (*msg_len && (*msg)[*msg_len - 1] == s[t + 1])
                (*msg_len)--;
        return true;
}

/* ValueError, OSError, CalledProcessError: a capital past the first letter.
 * A bare "Error:" or "Warning:" after other words is a logger's label
 * ("GGML backend: Error: unable to init model"), not a type. */
static bool compound_name(const char *s, size_t n)
{
        for (size_t i = 1; i < n; i++)
                if (isupper((unsigned char)s[i]))
                        return true;
        return false;
}

/* An exception named after other words on its line, as a harness or a
 * wrapper reports one it caught: "# fail with message: ValueError: Prompt
 * length of 2048 is longer than ...", "Request failed: OSError: ...". Its
 * type then reads as any exception's; the words before it stay part of its
 * line (exception.context_inline), which line patterns read whole. Only a
 * compound capitalised name after ": " that names an exception type, with
 * its message on the same line. Returns where the type starts, 0 if none. */
static size_t inline_exception(const char *s, size_t n, size_t *type_len, size_t *msg_at)
{
        for (size_t at = 0; at + 3 < n; at++) {
                if (s[at] != ':' || s[at + 1] != ' ' || !isupper((unsigned char)s[at + 2]))
                        continue;
                const char *t = s + at + 2;
                size_t left = n - at - 2;
                if (at > 0 && isdigit((unsigned char)s[at - 1]))
                        continue;  /* "x.py:97: UserWarning: ...": the warnings module's own form */
                if (tb_parse_exception_line(t, left, type_len, msg_at) && *msg_at < left &&
                    decode_exception_type_name(t, *type_len) && compound_name(t, *type_len))
                        return at + 2;
        }
        return 0;
}

/* CPython's own wording of an exception, quoted without its type (a
 * paste of str(e), a log of the message alone): the message names its type
 * as surely as "AttributeError: " would. The forms of Objects/object.c
 * ("'%.100s' object has no attribute '%U'", "module '%U' has no attribute
 * '%U'", "type object '%.50s' has no attribute '%U'"), Python/ceval.c's and
 * Python/getargs.c's argument errors, and importlib's "No module named"
 * and "cannot import name". Returns the type, or NULL. */
static const char *cpython_message_type(const char *s, size_t n)
{
        static const struct { const char *start, *inside, *type; } forms[] = {
                { "'", "' object has no attribute '", "AttributeError" },
                { "module '", "' has no attribute '", "AttributeError" },
                { "type object '", "' has no attribute '", "AttributeError" },
                { "", "() got an unexpected keyword argument '", "TypeError" },
                { "", "() got multiple values for argument '", "TypeError" },
                { "", "() missing ", "TypeError" },  /* "1 required positional argument: 'x'" */
                { "", "() takes ", "TypeError" },    /* "2 positional arguments but 3 were given" */
                { "No module named '", "", "ModuleNotFoundError" },
                { "cannot import name '", "' from '", "ImportError" },
        };
        for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
                size_t k = strlen(forms[i].start);
                if (n <= k || memcmp(s, forms[i].start, k) != 0)
                        continue;
                if (!forms[i].inside[0])
                        return forms[i].type;
                const char *in = memmem(s + k, n - k, forms[i].inside, strlen(forms[i].inside));
                if (!in || in == s + k)
                        continue;
                /* what comes before is one name: a quoted one, or a callable's
                 * dotted name ("DPOTrainer.get_batch_logps") */
                bool one_name = true;
                for (const char *c = s + k; c < in && one_name; c++)
                        one_name = k ? *c != '\'' : (isalnum((unsigned char)*c) || *c == '_' || *c == '.');
                if (one_name)
                        return forms[i].type;
        }
        return NULL;
}

static bool start_bare_exception(struct assembler *as, const struct record *r,
                                 const struct stream_id *id, uint64_t key, int input, long lineno,
                                 uint64_t seq, const char *raw, size_t raw_len)
{
        static const char TERMINATE[] = "terminate called after throwing an instance of '";
        static const char FATAL[] = "Fatal Python error: ";
        const char *s = r->msg;
        size_t n = r->msg_len, type_len, msg_at;
        /* C++: "terminate called after throwing an instance of 'c10::Error'"
         * then "  what():  message" and PyTorch's frame list. */
        if (n > sizeof TERMINATE && memcmp(s, TERMINATE, sizeof TERMINATE - 1) == 0) {
                const char *t = s + sizeof TERMINATE - 1, *q = memchr(t, '\'', n - (size_t)(t - s));
                if (q)
                        return start_exception(as, r, id, key, input, lineno, seq, raw, raw_len, t,
                                               (size_t)(q - t), "", 0, NATIVE_CXX);
        }
        /* faulthandler: "Fatal Python error: Segmentation fault" then the
         * threads' stacks, most recent call first. */
        if (n > sizeof FATAL && memcmp(s, FATAL, sizeof FATAL - 1) == 0)
                return start_exception(as, r, id, key, input, lineno, seq, raw, raw_len, "Fatal Python error",
                                       18, s + sizeof FATAL - 1, n - (sizeof FATAL - 1), NATIVE_FAULTHANDLER);
        /* VS Code's debugger (debugpy): "Exception has occurred: KeyError"
         * with the message on the next line, then the frames. */
        static const char VSCODE[] = "Exception has occurred: ";
        if (n > sizeof VSCODE && memcmp(s, VSCODE, sizeof VSCODE - 1) == 0 &&
            decode_exception_type_name(s + sizeof VSCODE - 1, n - (sizeof VSCODE - 1))) {
                if (!start_exception(as, r, id, key, input, lineno, seq, raw, raw_len, s + sizeof VSCODE - 1,
                                     n - (sizeof VSCODE - 1), "", 0, NATIVE_NONE))
                        return false;
                struct active *a = find_active(as, input, id, key);
                if (a)
                        a->message_next = true;
                return true;
        }
        /* A paste may shift the line a blank or three (more is dedent's),
         * or print it in brackets (a list of errors, str() of a one-element list) */
        for (int blanks = 0; blanks < 3 && n > 1 && s[0] == ' '; blanks++) {
                s++;
                n--;
        }
        if (n > 2 && s[0] == '[' && s[n - 1] == ']') {
                s++;
                n -= 2;
        }
        /* or as inline code in Markdown */
        if (n > 2 && s[0] == '`' && s[n - 1] == '`') {
                s++;
                n -= 2;
        }
        /* Without a type of its own, a line logged as a warning (a caught
         * error's str() in logging.warning) stays the warning it was. */
        const char *cpython_type = cpython_message_type(s, n);
        if (cpython_type && !decode_warning_level(raw, raw_len))
                return start_exception(as, r, id, key, input, lineno, seq, raw, raw_len, cpython_type,
                                       strlen(cpython_type), s, n, NATIVE_NONE);
        const char *repr_msg;
        size_t repr_len;
        if (repr_exception(s, n, &type_len, &repr_msg, &repr_len)) {
                if (!start_exception(as, r, id, key, input, lineno, seq, raw, raw_len, s, type_len, repr_msg,
                                     repr_len, NATIVE_NONE))
                        return false;
                struct active *a = find_active(as, input, id, key);
                if (a)
                        close_active(as, a, false);  /* its closing parenthesis ends the message */
                return true;
        }
        if (tb_parse_exception_line(s, n, &type_len, &msg_at) &&
            type_len < n &&  /* a lone word is too ambiguous */
            decode_exception_type_name(s, type_len))
                return start_exception(as, r, id, key, input, lineno, seq, raw, raw_len, s, type_len, s + msg_at,
                                       n - msg_at, NATIVE_NONE);
        size_t at = inline_exception(s, n, &type_len, &msg_at);
        if (!at || !start_exception(as, r, id, key, input, lineno, seq, raw, raw_len, s + at, type_len,
                                    s + at + msg_at, n - at - msg_at, NATIVE_NONE))
                return false;
        struct active *a = find_active(as, input, id, key);
        struct exception *x = a ? current(a) : NULL;
        if (x) {
                x->context = strndup_safe(s, at - 2);  /* without its ": " */
                x->context_inline = x->context != NULL;
                a->lost |= !x->context;
        }
        return true;
}

static bool start_exception(struct assembler *as, const struct record *r, const struct stream_id *id,
                            uint64_t key, int input, long lineno, uint64_t seq, const char *raw, size_t raw_len,
                            const char *type, size_t type_len, const char *msg, size_t msg_len,
                            enum native_form native)
{
        struct active *a = open_active(as, input, id, key, r, lineno, seq);
        if (!a)
                return false;
        struct exception *x = new_exception(a, "", 0);
        if (!x) {
                close_active(as, a, true);
                return true;
        }
        a->ev.kind = EVENT_EXCEPTION;
        a->prefix_id = r->prefix_id;
        a->native = native;
        x->type = strndup_safe(type, type_len);
        a->lost |= !x->type;
        x->line = lineno;
        sb_append(&a->message, msg, msg_len);
        a->message_lines = 1;
        a->state = ST_MESSAGE;
        add_evidence(&a->ev, input, lineno, raw, raw_len);
        return true;
}

static bool bare_continuation(const struct active *a, const char *s, size_t n);

/* "frame #3: c10d::ProcessGroupNCCL::Watchdog::run() + 0x157 (0x7f.. in /x/libtorch_cuda.so)" */
static bool cxx_frame(const char *s, size_t n, struct frame *f)
{
        if (n < 9 || memcmp(s, "frame #", 7) != 0)
                return false;
        const char *colon = memchr(s, ':', n);
        if (!colon || colon + 2 > s + n)
                return false;
        const char *fn = colon + 2, *end = s + n;
        const char *plus = memmem(fn, (size_t)(end - fn), " + 0x", 5);
        const char *in = memmem(fn, (size_t)(end - fn), " in ", 4);
        memset(f, 0, sizeof *f);
        f->function = strndup_safe(fn, (size_t)((plus ? plus : end) - fn));
        if (in) {
                const char *lib = in + 4, *close = memchr(lib, ')', (size_t)(end - lib));
                f->file = strndup_safe(lib, (size_t)((close ? close : end) - lib));
        }
        return true;
}

/* Lines after a C++ abort or a faulthandler report. Returns false when the
 * line does not belong to it. */
static bool continue_native(struct active *a, const char *s, size_t n)
{
        struct exception *x = current(a);
        struct frame f;
        if (!x)
                return false;  /* memory ran out at its start (a->lost) */
        size_t k = 0;
        while (k < n && s[k] == ' ')
                k++;
        if (n == 0) {
                a->blank_lines++;
                return a->blank_lines <= 2;
        }
        a->blank_lines = 0;
        if (a->native == NATIVE_CXX) {
                if (n - k >= 7 && memcmp(s + k, "what():", 7) == 0) {
                        a->message.len = 0;
                        size_t m = k + 7;
                        while (m < n && s[m] == ' ')
                                m++;
                        sb_append(&a->message, s + m, n - m);
                        return true;
                }
                if (cxx_frame(s, n, &f)) {
                        if (a->cxx_stacks <= 1)  /* the first stack is where it was raised */
                                add_frame(a, &f);
                        else
                                frame_free(&f);
                        return true;
                }
                if (n > 21 && memcmp(s, "Exception raised from", 21) == 0) {
                        a->cxx_stacks++;
                        return true;
                }
                if (tb_looks_like_new_record(s, n) || !bare_continuation(a, s, n) ||
                    a->message_lines >= LIMIT_MESSAGE_LINES)
                        return false;
                sb_putc(&a->message, '\n');
                sb_append(&a->message, s, n);
                a->message_lines++;
                return true;
        }
        /* faulthandler */
        if (find_text(s, n, "(most recent call first):", 26)) {
                a->cxx_stacks++;  /* the first thread listed is the current one */
                return true;
        }
        if (k >= 2 && n - k > 6 && memcmp(s + k, "File \"", 6) == 0) {
                const char *q = memmem(s + k + 6, n - k - 6, "\", line ", 8);
                if (q && a->cxx_stacks == 1 && x && x->n_frames < LIMIT_FRAMES) {
                        memset(&f, 0, sizeof f);
                        f.file = strndup_safe(s + k + 6, (size_t)(q - (s + k + 6)));
                        f.line = atoi(q + 8);
                        const char *in = memmem(q, (size_t)(s + n - q), " in ", 4);
                        if (in)
                                f.function = strndup_safe(in + 4, (size_t)(s + n - in - 4));
                        add_frame(a, &f);
                }
                return true;
        }
        if (n - k >= 17 && memcmp(s + k, "<no Python frame>", 17) == 0)
                return true;
        if (n > 18 && memcmp(s, "Extension modules:", 18) == 0)
                return true;
        return false;
}

void assembler_set_announcer(struct assembler *as, const char *raw, size_t len, long lineno)
{
        free(as->announcer);
        as->announcer = raw ? strndup_safe(raw, len < LIMIT_DISPLAY_BYTES * 4 ? len : LIMIT_DISPLAY_BYTES * 4) : NULL;
        as->announcer_len = len;
        as->announcer_line = lineno;
}

static void start_traceback(struct assembler *as, struct active *a, const struct record *r,
                            size_t header_at, int input, long lineno, const char *raw, size_t raw_len)
{
        if (as->announcer) {
                /* "Exception in thread x:", logging.exception's message ... */
                add_evidence(&a->ev, input, as->announcer_line, as->announcer, strlen(as->announcer));
                assembler_set_announcer(as, NULL, 0, 0);
        }
        a->group = header_at >= 15 && memmem(r->msg, header_at, "Exception Group", 15);
        a->group_depth = 0;
        new_exception(a, r->msg, header_at);
        if (header_at > 0 && r->tag[0] && !a->group) {
                a->embedded = true;
                as->n_embedded++;
        }
        a->prefix_id = r->prefix_id;
        a->indent = 0;
        while (a->indent < header_at && r->msg[a->indent] == ' ')
                a->indent++;
        a->state = ST_FRAMES;
        a->want_code = false;
        add_evidence(&a->ev, input, lineno, raw, raw_len);
}

/* A traceback header inside an exception message that introduces the
 * traceback of another process or thread. */
static bool is_remote_header(const struct active *a, const char *s, size_t at)
{
        size_t k = 0;
        while (k < at && s[k] == ' ')
                k++;
        if (at - k >= 8 && memcmp(s + k, "Original", 8) == 0)
                return true;
        return a->message.len >= 3 &&
               memcmp(a->message.data + a->message.len - 3, "\"\"\"", 3) == 0;
}

/* Does r start a new log record rather than continue the traceback? Decided
 * by the logger prefix the decoder removed. Some loggers prefix only a
 * record's first line (SGLang's logger.error with a traceback inside), others
 * every line with the same prefix (vLLM; level and location): the second
 * line of the traceback tells which. */
static bool record_boundary(struct active *a, const struct record *r)
{
        if (!r->prefix_id) {
                if (a->prefix_style == PREFIX_EVERY_LINE)
                        return true;
                if (a->prefix_id)
                        a->prefix_style = PREFIX_FIRST_LINE;
                return false;
        }
        if (r->prefix_id != a->prefix_id || a->prefix_style == PREFIX_FIRST_LINE)
                return true;
        a->prefix_style = PREFIX_EVERY_LINE;
        return false;
}

/* A long line cut mid-sentence by a terminal or a paste, continued in
 * lower case ("... is killed by signal: Bus" / "error. It is possible
 * ..."): the line before ends in a letter, digit or comma, and the next
 * begins with a lower-case word that is not a program's "name: " prefix. */
static bool hard_wrapped(const struct active *a, const char *s, size_t n)
{
        size_t len = a->message.len;
        if (a->native != NATIVE_NONE || len == 0)
                return false;  /* a C++ what() is followed by the next record */
        const char *prev_end = a->message.data + len, *prev = memrchr(a->message.data, '\n', len);
        prev = prev ? prev + 1 : a->message.data;
        while (prev_end > prev && prev_end[-1] == ' ')
                prev_end--;  /* a paste that kept the blank before the break */
        if (prev_end - prev < 40 || !n || !islower((unsigned char)s[0]))
                return false;
        unsigned char last = (unsigned char)prev_end[-1];
        if (!isalnum(last) && last != ',')
                return false;
        size_t word = 0;
        while (word < n && (isalnum((unsigned char)s[word]) || s[word] == '_' || s[word] == '-' || s[word] == '.'))
                word++;
        return !(word < n && s[word] == ':');
}

/* After a bare "Type: message" line (no traceback), which lines continue the
 * message? Only clear cases, so ordinary log lines are not swallowed. */
static bool bare_continuation(const struct active *a, const char *s, size_t n)
{
        static const char *const starts[] = { "Exception raised from", "frame #", "CUDA kernel errors",
                                              "For debugging", "Compile with", "Original Traceback",
                                              "\"\"\"" };
        size_t len = a->message.len;
        while (len && a->message.data[len - 1] == ' ')
                len--;  /* a terminal's padding after "failed:" */
        if (len == 0 || a->message.data[len - 1] == ':' ||
            (n && (s[0] == ' ' || s[0] == '\t')))
                return true;  /* empty so far, announces more ("raised:"), or indented */
        if (a->message.data[0] == '\n')
                return true;  /* "RuntimeError:" alone: its message is the paragraph below */
        /* A heading between indented blocks (xformers' "No operator found
         * ... with inputs:" block, then "`fa2F` is not supported because:"
         * and its reasons) */
        const char *last_line = memrchr(a->message.data, '\n', a->message.len);
        if (n && s[n - 1] == ':' && last_line && last_line[1] == ' ')
                return true;
        for (size_t i = 0; i < sizeof starts / sizeof starts[0]; i++)
                if (n >= strlen(starts[i]) && memcmp(s, starts[i], strlen(starts[i])) == 0)
                        return true;
        return false;
}

static bool starts_with(const char *s, size_t n, const char *prefix)
{
        size_t k = strlen(prefix);
        return n >= k && memcmp(s, prefix, k) == 0;
}

static bool ends_with(const char *s, size_t n, const char *suffix)
{
        size_t k = strlen(suffix);
        return n >= k && memcmp(s + n - k, suffix, k) == 0;
}

/* An ExceptionGroup's separator line: "+-+---- 1 ----" opens the first
 * sub-exception one level down, "+---- 2 ----" the next at the same level,
 * "+---- ... ----" the ones past max_group_width, "+--------" closes a
 * level. The column of the last '+' says the level: two per level, the
 * header's '+' at column 0 (s is stripped of the header's indentation). */
static void group_separator(struct active *a, const char *s, size_t n, size_t at)
{
        size_t plus = at, k = at;
        while (k < n && (s[k] == '+' || s[k] == '-')) {
                if (s[k] == '+')
                        plus = k;
                k++;
        }
        size_t depth = plus / 2;
        while (k < n && s[k] == ' ')
                k++;
        if (k == n) {  /* "+------": the level is over */
                a->group_depth = depth ? depth - 1 : 0;
                return;
        }
        if (depth == 0 || depth > LIMIT_GROUP_DEPTH)
                return;
        unsigned number = 0;
        while (k < n && s[k] >= '0' && s[k] <= '9' && number < 100000)
                number = number * 10 + (unsigned)(s[k++] - '0');
        a->group_path[depth - 1] = number;  /* 0: "..." */
        a->group_depth = depth;
}

/* Between a group's sub-exceptions: a leaf that was never raised has no
 * traceback, only its exception line ("| KeyError: 'rank'"). Python's own
 * notes ("and 5 more exceptions", "... (max_group_depth is 10)") are
 * skipped. True when s is such a leaf: a new exception has begun. */
static bool group_leaf_without_traceback(struct active *a, const char *s, size_t n)
{
        size_t type_len, msg_at;
        if (!tb_parse_exception_line(s, n, &type_len, &msg_at) || !decode_exception_type_name(s, type_len))
                return false;
        return new_exception(a, "", 0) != NULL;
}

/* ExceptionGroup: "+-+---- 1 ----" starts a sub-exception, "| " margins
 * (nested, one per level) wrap every other line. Takes the margins off
 * *s; 1: a separator (consumed), -1: the group has ended, 0: go on. */
static int group_margins(struct active *a, const char **s, size_t *n)
{
        size_t k = 0;
        while (k < *n && (*s)[k] == ' ')
                k++;
        if (k < *n && (*s)[k] == '+') {
                finish_message(a);
                group_separator(a, *s, *n, k);
                a->state = ST_CHAIN;
                return 1;
        }
        if (k >= *n || (*s)[k] != '|')
                return -1;
        while (k < *n && (*s)[k] == '|') {
                k++;
                if (k < *n && (*s)[k] == ' ')
                        k++;
                size_t j = k;
                while (j < *n && (*s)[j] == ' ')
                        j++;
                if (j < *n && (*s)[j] == '|')
                        k = j;
        }
        *s += k;
        *n -= k;
        return 0;
}

/* A line among the frames: a frame, its code, or the exception line. */
static bool frames_line(struct active *a, const char *s, size_t n, int input, long lineno, const char *raw, size_t raw_len)
{
        struct frame f;
        size_t at;
        if (tb_parse_frame(s, n, &f) || (tb_parse_frame_flat(s, n, &f) && (a->flat = true)) ||
            tb_parse_frame_cut(s, n, &f)) {
                add_frame(a, &f);
                a->want_code = true;
                return true;
        }
        if (n == 0 || tb_is_position_marker(s, n))
                return true;
        if (s[0] == ' ' || s[0] == '\t') {
                struct exception *x = current(a);
                size_t k = 0, tl, ma;
                while (k < n && (s[k] == ' ' || s[k] == '\t'))
                        k++;
                bool code = a->want_code;
                a->want_code = false;
                if (code && x && x->n_frames && !x->frames[x->n_frames - 1].code)
                        x->frames[x->n_frames - 1].code = strndup_safe(s + k, n - k);
                /* A whole traceback indented (torch elastic's error
                 * summary) puts its exception line two blanks left of
                 * the frames: past a frame's code it is the exception. */
                if (code || !x || !x->n_frames || !tb_parse_exception_line(s + k, n - k, &tl, &ma) ||
                    !decode_exception_type_name(s + k, tl))
                        return true;  /* code lines, "[Previous line repeated ...]" */
                s += k;
                n -= k;
        }
        if (tb_find_header(s, n, &at)) {
                /* A new traceback before this one ended: start over. */
                return false;
        }
        size_t type_len, msg_at;
        bool exc = tb_parse_exception_line(s, n, &type_len, &msg_at);
        if (a->flat && a->want_code && !(exc && decode_exception_type_name(s, type_len))) {
                /* a flattened traceback's code line */
                struct exception *x = current(a);
                if (x && x->n_frames && !x->frames[x->n_frames - 1].code)
                        x->frames[x->n_frames - 1].code = strndup_safe(s, n);
                a->want_code = false;
                return true;
        }
        if (!exc)
                return false;
        struct exception *x = current(a);
        if (!x) {
                a->lost = true;
                return true;
        }
        x->type = strndup_safe(s, type_len);
        a->lost |= !x->type;
        x->line = lineno;
        if (a->group) {
                /* str() of every BaseExceptionGroup ends "(N sub-exceptions)" */
                x->is_group = x->is_group || ends_with(s, n, " sub-exception)") ||
                              ends_with(s, n, " sub-exceptions)");
                x->raw = strndup_safe(raw, raw_len < LIMIT_DISPLAY_BYTES * 4 ? raw_len : LIMIT_DISPLAY_BYTES * 4);
        }
        sb_append(&a->message, s + msg_at, n - msg_at);
        a->message_lines = 1;
        a->state = ST_MESSAGE;
        add_evidence(&a->ev, input, lineno, raw, raw_len);
        return true;
}

/* A line after the exception line: more of its message, a chain marker,
 * a remote traceback inside it, or the end. */
static bool message_line(struct active *a, const char *s, size_t n, int input, long lineno, const char *raw, size_t raw_len)
{
        size_t at;
        if (n == 0) {
                a->state = ST_BLANK;
                return true;
        }
        if (tb_is_chain_marker(s, n)) {
                finish_message(a);
                a->state = ST_CHAIN;
                return true;
        }
        if (tb_find_header(s, n, &at) && is_remote_header(a, s, at)) {
                /* The worker's own traceback inside the message
                 * (DataLoader's "Original Traceback", RemoteTraceback's
                 * \"\"\" block): its exception is the real one. */
                finish_message(a);
                struct exception *remote = new_exception(a, s, at);
                if (remote)
                        remote->remote = true;
                a->state = ST_FRAMES;
                a->want_code = false;
                add_evidence(&a->ev, input, lineno, raw, raw_len);
                return true;
        }
        if (a->message_next) {
                a->message_next = false;
                sb_append(&a->message, s, n);
                add_evidence(&a->ev, input, lineno, raw, raw_len);
                return true;
        }
        if (tb_looks_like_new_record(s, n) || tb_parse_frame(s, n, NULL))
                return false;
        if (a->ev.kind == EVENT_EXCEPTION && !bare_continuation(a, s, n) && !hard_wrapped(a, s, n))
                return false;
        if (n == 3 && memcmp(s, "\"\"\"", 3) == 0)
                return true;  /* the end of a RemoteTraceback block */
        if (a->message_lines < LIMIT_MESSAGE_LINES && a->message.len < LIMIT_MESSAGE_BYTES) {
                sb_putc(&a->message, '\n');
                sb_append(&a->message, s, n);
                a->message_lines++;
        }
        return true;
}

/* A line after a blank one that followed the message. */
static bool after_blank_line(struct active *a, const char *s, size_t n)
{
        if (tb_is_chain_marker(s, n)) {
                finish_message(a);
                a->state = ST_CHAIN;
                return true;
        }
        /* Some messages hold a blank line (huggingface_hub's "401
         * Client Error ...\n\nCannot access gated repo ..."). */
        if (n == 0 || a->ev.kind != EVENT_TRACEBACK || tb_looks_like_new_record(s, n) ||
            tb_parse_frame(s, n, NULL) || a->message_lines >= LIMIT_MESSAGE_LINES)
                return false;
        sb_append(&a->message, "\n\n", 2);
        sb_append(&a->message, s, n);
        a->message_lines++;
        a->state = ST_MESSAGE;
        return true;
}

/* A line after a chain marker ("During handling of the above exception,
 * ..."): the next traceback's header. */
static bool chain_line(struct active *a, const char *s, size_t n, int input, long lineno, const char *raw, size_t raw_len)
{
        size_t at;
        if (n == 0 || (a->group && (starts_with(s, n, "and ") || starts_with(s, n, "... (max_group"))))
                return true;
        if (tb_find_header(s, n, &at)) {
                new_exception(a, s, at);
                a->state = ST_FRAMES;
                a->want_code = false;
                add_evidence(&a->ev, input, lineno, raw, raw_len);
                return true;
        }
        return false;
}

/* A line of IPython's traceback: frames ("Cell In[3], line 5", "File
 * /x.py:12, in f(a)"), code lines with their numbers and arrows ("----> 5
 * model.to(dev)"), blank lines, one line of a frame that a terminal
 * wrapped; then its exception line, read as any traceback's. */
static bool ipython_line(struct active *a, const char *s, size_t n, int input, long lineno, const char *raw,
                         size_t raw_len)
{
        size_t type_len, msg_at, k = strspn(s, " ");
        bool after_frame = a->after_frame;
        a->after_frame = false;
        if (k == 0 && tb_parse_exception_line(s, n, &type_len, &msg_at) && decode_exception_type_name(s, type_len)) {
                a->ipython = false;
                a->want_code = false;
                return frames_line(a, s, n, input, lineno, raw, raw_len);
        }
        struct frame f;
        if (tb_parse_ipython_frame(s, n, &f)) {
                add_frame(a, &f);
                a->after_frame = true;
                return true;
        }
        if (k == n || strspn(s, "-") == n || (n > 7 && ends_with(s, n, " frames") && isdigit((unsigned char)s[0])))
                return true;  /* blank, a rule, Colab's "5 frames" (folded ones) */
        size_t arrow = k + strspn(s + k, "-");
        if (arrow < n && s[arrow] == '>')
                arrow++;
        arrow += strspn(s + arrow, " ");
        if (arrow < n && isdigit((unsigned char)s[arrow]))
                return true;  /* "    475  code", "--> 477  code" */
        return after_frame;  /* the rest of a wrapped frame line */
}

/* Feeds one record to a stream in a traceback. Returns false when the line
 * does not belong to the traceback: the caller closes it and starts over. */
static bool continue_traceback(struct active *a, const struct record *r, int input, long lineno,
                               const char *raw, size_t raw_len)
{
        const char *s = r->msg;
        size_t n = r->msg_len;
        for (size_t k = 0; k < a->indent && n && s[0] == ' '; k++) {
                s++;
                n--;
        }
        if (++a->lines > LIMIT_TRACEBACK_LINES || record_boundary(a, r))
                return false;
        if (a->group) {
                int g = group_margins(a, &s, &n);
                if (g)
                        return g > 0;
        }
        a->ev.last_line = lineno;
        if (a->native)
                return continue_native(a, s, n);
        if (a->ipython)
                return ipython_line(a, s, n, input, lineno, raw, raw_len);
        if (a->group && a->state == ST_CHAIN && group_leaf_without_traceback(a, s, n))
                a->state = ST_FRAMES;  /* read as its exception line below */
        switch (a->state) {
        case ST_FRAMES: return frames_line(a, s, n, input, lineno, raw, raw_len);
        case ST_MESSAGE: return message_line(a, s, n, input, lineno, raw, raw_len);
        case ST_BLANK: return after_blank_line(a, s, n);
        case ST_CHAIN: return chain_line(a, s, n, input, lineno, raw, raw_len);
        }
        return false;
}

/* A flat frame alone on its line ('File "x.py", line 66, in backward'),
 * not one that a flattened paste ran into its exception ('File "x.pyx",
 * line 1, in init m ValueError: ...'), which is read as a line. */
static bool lone_flat_frame(const char *s, size_t n, struct frame *f)
{
        if (!tb_parse_frame_flat(s, n, f))
                return false;
        if (f->function && !strchr(f->function, ' '))
                return true;
        frame_free(f);
        return false;
}

void assembler_feed(struct assembler *as, int input, long lineno, uint64_t seq,
                    const struct record *r, const char *raw, size_t raw_len)
{
        struct stream_id id;
        if (r->msg_len > 2 && r->msg[0] == '-' && r->msg[1] == ' ')
                report_note(&as->report, r, input, lineno);
        stream_of(r, &id);
        uint64_t key = stream_key(input, &id);
        struct active *a = as->n_active ? find_active(as, input, &id, key) : NULL;
        if (!a && as->n_embedded && !r->tag[0])
                a = find_embedded(as, input, &id);
        if (a) {
                touch(as, a, seq);
                if (continue_traceback(a, r, input, lineno, raw, raw_len))
                        return;
                close_active(as, a, a->state == ST_FRAMES);
        }
        size_t at;
        bool ipython = false;
        if (tb_find_header(r->msg, r->msg_len, &at) || (ipython = tb_ipython_header(r->msg, r->msg_len, &at))) {
                a = open_active(as, input, &id, key, r, lineno, seq);
                if (a) {
                        start_traceback(as, a, r, at, input, lineno, raw, raw_len);
                        a->ipython = ipython;
                }
                return;
        }
        struct frame f;
        /* A traceback whose header was lost: its first frame, indented, or
         * flat (a paste or a reporter that dropped the indentation: ComfyUI's
         * "Error occurred when executing" report), or cut inside its path. */
        if (r->msg_len > 2 && ((r->msg[0] == ' ' && tb_parse_frame(r->msg, r->msg_len, &f)) ||
                               lone_flat_frame(r->msg, r->msg_len, &f) ||
                               tb_parse_frame_cut(r->msg, r->msg_len, &f))) {
                a = open_active(as, input, &id, key, r, lineno, seq);
                if (!a || !new_exception(a, "", 0)) {
                        frame_free(&f);
                        return;
                }
                a->prefix_id = r->prefix_id;
                a->headerless = true;
                a->error_level = r->level >= LEVEL_ERROR;
                a->state = ST_FRAMES;
                add_frame(a, &f);
                a->want_code = true;
                add_evidence(&a->ev, input, lineno, raw, raw_len);
                return;
        }
        if (start_bare_exception(as, r, &id, key, input, lineno, seq, raw, raw_len))
                return;
        emit_single(as, r, &id, input, lineno, seq, raw, raw_len);
}

bool assembler_busy(const struct assembler *as)
{
        return as->n_active > 0;
}

void assembler_end_input(struct assembler *as, int input)
{
        struct active *a = as->oldest;
        while (a) {
                struct active *newer = a->newer;
                if (a->input == input || input < 0) {
                        a->input_ended = true;
                        close_active(as, a, a->state == ST_FRAMES);
                }
                a = newer;
        }
}

void assembler_set_clock(struct assembler *as, int64_t now_ms)
{
        as->clock_ms = now_ms;
}

void assembler_settle(struct assembler *as, int64_t now_ms, int64_t settle_ms)
{
        struct active *a = as->oldest;
        while (a) {
                struct active *newer = a->newer;
                /* Mid-frames, or between the links of a chain, more is due:
                 * a writer that pauses there has not finished. */
                if ((a->state == ST_MESSAGE || a->state == ST_BLANK) && a->touched_ms + settle_ms <= now_ms)
                        close_active(as, a, false);
                a = newer;
        }
}

uint64_t assembler_pending_seq(const struct assembler *as, int64_t now_ms, int64_t settle_ms)
{
        uint64_t first = UINT64_MAX;
        for (const struct active *a = as->oldest; a; a = a->newer)
                if (a->touched_ms + settle_ms > now_ms && a->ev.seq < first)
                        first = a->ev.seq;
        return first;
}

void assembler_sweep(struct assembler *as, uint64_t seq)
{
        struct active *a = as->oldest;
        while (a) {
                struct active *newer = a->newer;
                /* Past its exception line a traceback is done but for a
                 * message that would have continued at once. */
                uint64_t idle = a->state == ST_MESSAGE || a->state == ST_BLANK ? IDLE_LINES_AFTER_MESSAGE
                                                                              : IDLE_LINES;
                if (a->last_seq + idle < seq)
                        close_active(as, a, a->state == ST_FRAMES);
                a = newer;
        }
}

size_t assembler_take_lost(struct assembler *as)
{
        size_t n = as->lost_events;
        as->lost_events = 0;
        return n;
}

void assembler_free(struct assembler *as)
{
        if (!as)
                return;
        while (as->oldest) {
                struct active *a = as->oldest;
                as->oldest = a->newer;
                active_free(a);
        }
        free(as->announcer);
        report_forget(&as->report);
        free(as->input_emitted);
        free(as);
}
