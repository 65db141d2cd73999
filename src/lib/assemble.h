/* assemble.h — the assemble stage: records of one input -> events (tracebacks,
 * exception lines, single-line evidence). */
#ifndef CORONER_ASSEMBLE_H
#define CORONER_ASSEMBLE_H

#include "decode.h"

/* ---- events: what the assembler produces ---- */

struct frame {
        char *file;
        int line;
        char *function;
        char *code;  /* the source line Python printed, or NULL */
};

struct exception {
        char *type;      /* "torch.OutOfMemoryError" */
        char *message;   /* may hold several lines */
        char *context;   /* text before "Traceback" on its line, e.g. "Scheduler hit an exception:" */
        bool context_inline;  /* the context came before the type on the exception's own line
                               * ("# fail with message: ValueError: ..."): it is part of that line */
        struct frame *frames;
        size_t n_frames;
        size_t frames_omitted;  /* frames dropped in the middle past LIMIT_FRAMES */
        long line;       /* line number of the exception line in its input */
        bool remote;     /* raised in another process/thread and printed inside
                          * its wrapper's message (moved first in the chain) */
        /* In an ExceptionGroup's traceback: its place in the tree, the
         * sub-exception numbers Python prints ("+---- 3 ----") from the
         * outermost group down, "3.1"; "" for the outermost group. NULL
         * outside groups. */
        char *group_place;
        bool is_group;   /* an ExceptionGroup itself (its leaves are the failures) */
        char *raw;       /* in a group: the exception line as read (evidence) */
};

enum event_kind {
        EVENT_TRACEBACK,   /* a Python traceback, possibly chained */
        EVENT_EXCEPTION,   /* a bare "Type: message" line */
        EVENT_LINE,        /* any other log line (single-line evidence) */
};

struct evidence_line {
        int input;
        long line;
        char *text;
};

struct stream_id {
        char host[64];
        char ident[64];
        long pid;
        char tag[64];
        int rank;
        char unit[80];        /* systemd unit, from the journal */
        char invocation[33];  /* _SYSTEMD_INVOCATION_ID: one run of the unit */
};

struct event {
        enum event_kind kind;
        struct exception *excs;  /* chain in printed order: original cause first */
        size_t n_excs;
        char *text;              /* EVENT_LINE: the message */
        struct stream_id stream;
        int input;
        long first_line, last_line;
        uint64_t seq;            /* global order of the first line */
        int64_t time_usec;       /* when its first line was written, if has_time */
        bool has_time;
        bool incomplete;         /* input ended inside the traceback */
        bool error_level;        /* EVENT_LINE: logged at an error level (ERROR, E, FATAL, ...) */
        bool failure_line;       /* EVENT_LINE: no level, but worded as a failure ("failed to") */
        struct evidence_line evidence[LIMIT_EVIDENCE];
        size_t n_evidence;
};
/* Does the line event read as a failure: an error level, or a word
 * ("error", "fail", "cannot", "timed out", ...) in any case? */
bool event_failure_words(const struct event *ev);
/* A line event that its program logged as a warning, not an error: its raw
 * line's level mark (decode_warning_level). */
bool event_warning_level(const struct event *ev);

void event_free(struct event *ev);

/* ---- assemble.c: records of one input -> events ---- */

typedef void (*event_sink)(void *ctx, struct event *ev);  /* the sink borrows ev */

struct assembler;
struct assembler *assembler_new(event_sink sink, void *ctx);
void assembler_free(struct assembler *as);
/* Events not emitted because memory ran out while they were built, since
 * the last call. */
size_t assembler_take_lost(struct assembler *as);
/* r: the decoded record; raw: the line as read (kept as evidence). */
void assembler_feed(struct assembler *as, int input, long lineno, uint64_t seq,
                    const struct record *r, const char *raw, size_t raw_len);
/* The line before a traceback header that introduces it: shown as the
 * traceback's first evidence line. Consumed by the next header. */
void assembler_set_announcer(struct assembler *as, const char *raw, size_t len, long lineno);
/* Closes the tracebacks whose streams have been silent for a while. */
void assembler_sweep(struct assembler *as, uint64_t seq);
/* True while some stream is inside a traceback: every line must be decoded. */
bool assembler_busy(const struct assembler *as);
/* End of an input: close every open traceback of it (marked incomplete). */
void assembler_end_input(struct assembler *as, int input);
/* Following a live input: the time (milliseconds of a monotonic clock) at
 * which the lines now fed arrived. */
void assembler_set_clock(struct assembler *as, int64_t now_ms);
/* Closes each traceback that reached its exception line and whose stream has
 * been quiet for settle_ms: a live stream's tracebacks are reported without
 * waiting for a next line that may not come. */
void assembler_settle(struct assembler *as, int64_t now_ms, int64_t settle_ms);
/* The first line (seq) of the tracebacks still being written (fed in the
 * last settle_ms); UINT64_MAX if none. What began after it waits for it. */
uint64_t assembler_pending_seq(const struct assembler *as, int64_t now_ms, int64_t settle_ms);

/* assemble_traceback.c: helpers that recognise Python's traceback lines. */
bool tb_find_header(const char *s, size_t n, size_t *ret_at);
/* IPython's header ("KeyError     Traceback (most recent call last)") and
 * frame lines ("Cell In[3], line 5", "File /x.py:12, in f(a)"). */
bool tb_ipython_header(const char *s, size_t n, size_t *ret_at);
bool tb_parse_ipython_frame(const char *s, size_t n, struct frame *ret);
bool tb_is_chain_marker(const char *s, size_t n);
bool tb_parse_frame(const char *s, size_t n, struct frame *ret);
/* 'raise ValueError("text")': the type and the literal message, if any. */
bool tb_parse_raise(const char *s, size_t n, size_t *ret_type_at, size_t *ret_type_len, size_t *ret_msg_at,
                    size_t *ret_msg_len);
/* A frame line a paste cut at its start ('…/lora.py", line 154, in f'),
 * or without its opening quote ('File app/serve.py", line 9, in f'). */
bool tb_parse_frame_cut(const char *s, size_t n, struct frame *ret);
/* The same without the indentation: a traceback whose blanks were lost
 * (pasted, or a logger that trims), inside a traceback already begun. */
bool tb_parse_frame_flat(const char *s, size_t n, struct frame *ret);
bool tb_is_position_marker(const char *s, size_t n);
bool tb_parse_exception_line(const char *s, size_t n, size_t *ret_type_len, size_t *ret_msg_at);
bool tb_looks_like_new_record(const char *s, size_t n);

#endif
