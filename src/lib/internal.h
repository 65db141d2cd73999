/* internal.h — types shared by the stages of the pipeline; not installed. */
#ifndef CORONER_INTERNAL_H
#define CORONER_INTERNAL_H

#include "coroner.h"
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <cjson/cJSON.h>

enum { TIME_TEXT = 64 };  /* an RFC 3339 timestamp as text */

/* Every limit a user's input can push against, in one place. */
enum {
        LIMIT_LINE_BYTES = 64 * 1024,     /* longer lines are cut (rest skipped) */
        LIMIT_DISPLAY_BYTES = 400,        /* evidence text shown in reports */
        LIMIT_MESSAGE_BYTES = 16 * 1024,  /* an exception message */
        LIMIT_MESSAGE_LINES = 60,         /* continuation lines of a message */
        LIMIT_FRAMES = 64,                /* frames kept per exception (first/last halves) */
        LIMIT_CHAIN = 32,                 /* exceptions kept per chain or group */
        LIMIT_GROUP_DEPTH = 16,           /* ExceptionGroup nesting followed */
        LIMIT_TRACEBACK_LINES = 4000,     /* a longer traceback is closed as incomplete */
        LIMIT_STREAMS = 4096,             /* open streams; the idlest is flushed beyond */
        LIMIT_DIAGNOSES = 1024,           /* distinct diagnoses no signature names: more are folded */
        LIMIT_DIAGNOSES_ALL = 4096,       /* all diagnoses: past it, a signature's events are counted
                                           * on its latest diagnosis (rank.c ranking_add) */
        LIMIT_EVIDENCE = 6,               /* evidence lines per diagnosis */
        LIMIT_DIAG_STREAMS = 64,          /* streams listed per diagnosis */
        LIMIT_FACTS = 96,                 /* environment facts kept */
        LIMIT_PCRE2_MATCH = 1000000,      /* pcre2_set_match_limit */
        LIMIT_PCRE2_DEPTH = 10000,        /* pcre2_set_depth_limit */
        LIMIT_PCRE2_HEAP_KIB = 20 * 1024, /* pcre2_set_heap_limit */
        MAX_LITERALS = 16,                /* pre-filter literals of one pattern (one per alternative) */
};

/* ---- util.c ---- */

void *xmalloc_or_null(size_t n);
/* Room for one more of n elements: items itself, or items moved to twice
 * the capacity (initial at first; *cap updated). NULL when memory is out,
 * items and *cap then untouched. */
void *grow_array(void *items, size_t n, size_t *cap, size_t elem, size_t initial);
char *strndup_safe(const char *s, size_t n);
void set_error(struct coroner_error *err, const char *where, const char *fmt, ...)
        __attribute__((format(printf, 3, 4)));

/* A growable byte buffer; always NUL-terminated when non-empty. */
struct strbuf {
        char *data;
        size_t len, cap;
        bool failed;  /* an allocation failed; further appends are ignored */
};
void sb_append(struct strbuf *sb, const char *s, size_t n);
void sb_puts(struct strbuf *sb, const char *s);
void sb_printf(struct strbuf *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void sb_putc(struct strbuf *sb, char c);
/* Appends s, replacing invalid UTF-8, control bytes and ANSI escapes by safe
 * text, cut at max bytes with "…". */
void sb_append_display(struct strbuf *sb, const char *s, size_t n, size_t max);
char *sb_take(struct strbuf *sb);  /* returns data (caller frees), resets sb */
void sb_free(struct strbuf *sb);

uint64_t fnv1a64(const void *data, size_t n, uint64_t h);
/* Is this text of a fix or check a bare command (signatures/README.md)? */
bool text_is_command(const char *text);
/* memmem ignoring ASCII case; needle is NUL-terminated. */
const char *memcasemem(const char *hay, size_t n, const char *needle);
/* usec since the epoch as RFC 3339 UTC ("2026-11-29T21:40:13.250000Z"). */
void format_time(int64_t usec, char buf[TIME_TEXT]);
/* The same in the local zone, for people: "2026-11-29 16:40:13 -0500". */
void format_local_time(int64_t usec, char buf[TIME_TEXT]);
#define FNV1A64_INIT 0xcbf29ce484222325ULL

/* ---- decode_line.c: one line of text -> one record ---- */

struct record {
        const char *msg;   /* message after all prefixes; not NUL-terminated */
        size_t msg_len;
        const char *host;  /* host name or NULL */
        size_t host_len;
        const char *ident; /* syslog identifier / program or NULL */
        size_t ident_len;
        long pid;          /* 0 when unknown */
        char tag[64];      /* sub-stream tag inside a process: "TP3", "rank1", "" */
        int rank;          /* rank/TP index from the tag, -1 when unknown */
        int64_t time_usec; /* microseconds since the epoch (UTC) */
        bool has_time;     /* a timestamp was read */
        bool time_local;   /* it had no zone: time_usec holds the local clock as if UTC
                            * until decode_line converts it */
        const char *unit;       /* _SYSTEMD_UNIT (journal input) or NULL */
        size_t unit_len;
        const char *invocation; /* _SYSTEMD_INVOCATION_ID or NULL */
        size_t invocation_len;
        uint8_t level;        /* LEVEL_*: logged at an error level, or in failure words; 0 otherwise */
        uint64_t prefix_id;   /* identity of an application logger prefix that was
                               * removed (level + location, or the SGLang tag);
                               * 0 if none. Tells one log record from the next. */
};

/* How a record reads (record.level): words that report a failure
 * ("failed", "cannot"), or logged at an error level. */
enum { LEVEL_WORDS = 1, LEVEL_ERROR = 2, LEVEL_CRITICAL = 3 };

enum line_shape {
        SHAPE_AUTO = 0,
        SHAPE_BARE,
        SHAPE_JOURNAL_SHORT,     /* Nov 29 21:40:13[.123456] host ident[pid]: msg */
        SHAPE_JOURNAL_ISO,       /* 2026-11-29T21:40:13[.123456]+0000 host ident[pid]: msg */
        SHAPE_JOURNAL_FULL,      /* Sun 2026-11-29 21:40:13 UTC host ident[pid]: msg (also with-unit) */
        SHAPE_JOURNAL_UNIX,      /* 1795988413.123456 host ident[pid]: msg */
        SHAPE_JOURNAL_MONOTONIC, /* [ 8123.456789] host ident[pid]: msg */
};
int line_shape_parse(const char *name, enum line_shape *ret);

struct decoder {
        enum line_shape forced;
        int year;  /* year assumed for timestamps without one ... */
        int today; /* ... unless the date is after today (month * 32 + day): then the year before */
        /* Timestamps without a zone are the local time of the host that
         * wrote them, read in this process's zone (TZ): the offset of the
         * last hour converted, kept. */
        int64_t zone_hour;
        int64_t zone_offset_usec;
        bool zone_known;
};
void decoder_init(struct decoder *d, enum line_shape forced);
void decode_line(struct decoder *d, const char *line, size_t len, struct record *r);
/* The error level of a message (LEVEL_ERROR, LEVEL_CRITICAL, LEVEL_WORDS
 * or 0): an ERROR/CRITICAL/FATAL word, glog's E/F, level=error, NCCL WARN,
 * panic; else words that report a failure (" failed", "cannot", ...).
 * Only in forms the pre-filter lets through (its triggers and
 * decode_level_at_start), so that the fast path finds every such line.
 * line_start: the message begins the line the pre-filter saw; after_blank:
 * a blank precedes it there. */
int decode_level(const char *msg, size_t len, bool line_start, bool after_blank);
/* A level word that begins s: ERROR, CRITICAL or FATAL and a delimiter, or
 * (line_start) glog's "E1129 21:40:13". */
int decode_level_at_start(const char *s, size_t n, bool line_start);
/* The in-message part of decode_line: sub-stream tags and logger prefixes.
 * For records that come with their metadata (journal entries). */
void decode_message_prefixes(struct decoder *d, struct record *r, const char *start);
void record_set_time_usec(struct record *r, int64_t usec);
/* An RFC 3339 time ("2026-11-29T21:40:13.123456789Z", an offset, or no
 * zone: UTC) at s, as microseconds since the epoch. */
bool decode_rfc3339(const char *s, size_t n, int64_t *ret_usec);

/* ---- decode_structured.c: shapes that carry the message inside ---- */

/* A log line once its shape is taken apart: metadata and message. */
struct logical {
        char host[64], ident[64], unit[80], invocation[33];
        long pid;
        int64_t time_usec;
        bool has_time;
        const char *msg;  /* owned by the structured_state */
        size_t msg_len;
};

enum input_shape { INPUT_UNKNOWN, INPUT_TEXT, INPUT_JSON, INPUT_CRI, INPUT_EXPORT };

struct structured_state {
        enum input_shape shape;
        struct strbuf pending;    /* pieces waiting for their end (P lines, docker) */
        int64_t pending_usec;     /* the time of the first of them */
        bool pending_has_time;
        struct strbuf message;    /* the message handed out last */
        struct logical entry;     /* export: the entry being read */
        bool have_message;
        char binary_name[64];     /* export: a binary field being read */
        bool binary_expect_length;
        unsigned char length_bytes[8];  /* export: its length, as far as read */
        size_t length_have;
        size_t binary_left;
};

void structured_reset(struct structured_state *st);
/* Each returns 1 and fills out when a logical line is complete, 0 when the
 * line only continued one, -1 when it is not of the shape. */
int structured_json(struct structured_state *st, const char *line, size_t len, struct logical *out);
bool structured_is_cri(const char *s, size_t n);
int structured_cri(struct structured_state *st, const char *s, size_t n, struct logical *out);
bool structured_is_export_start(const char *s, size_t n);
/* One line of journalctl -o export (a field, a binary field's length or
 * data, or the blank line that ends an entry). */
int structured_export(struct structured_state *st, const char *line, size_t len, struct logical *out);
bool structured_has_rsyslog_escapes(const char *s, size_t n);
void structured_unescape_rsyslog(const char *s, size_t n, struct strbuf *out);

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
        bool failure_words;      /* EVENT_LINE: an error level or word says it failed */
        bool error_level;        /* EVENT_LINE: logged at an error level (ERROR, E, FATAL, ...) */
        bool failure_line;       /* EVENT_LINE: no level, but worded as a failure ("failed to") */
        struct evidence_line evidence[LIMIT_EVIDENCE];
        size_t n_evidence;
};

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
bool tb_is_chain_marker(const char *s, size_t n);
bool tb_parse_frame(const char *s, size_t n, struct frame *ret);
/* The same without the indentation: a traceback whose blanks were lost
 * (pasted, or a logger that trims), inside a traceback already begun. */
bool tb_parse_frame_flat(const char *s, size_t n, struct frame *ret);
bool tb_is_position_marker(const char *s, size_t n);
bool tb_parse_exception_line(const char *s, size_t n, size_t *ret_type_len, size_t *ret_msg_at);
bool tb_looks_like_new_record(const char *s, size_t n);

/* ---- signatures (match_signatures.c) ---- */

struct pattern {
        char *source;
        pcre2_code *code;
        _Atomic bool jitted;  /* JIT-compiled (lazily, under a lock) */
        /* Lines on which PCRE2 gave up (match, depth or heap limit): no
         * match, but not a clean one; the report warns. The first such
         * line's start is kept (by the thread that counted it first). */
        _Atomic size_t gave_up;
        _Atomic bool sampled;
        char sample[96];
};
/* How often the patterns of s gave up, and a line where one did. */
size_t signature_gave_up(const struct coroner_signature *s, const char **ret_sample);

/* match_where.c: a condition over captured numbers ("other > 0.5 * total"). */
struct where {
        char left[32], right[32];  /* capture names; right "" compares with value */
        double factor, value;      /* right side: factor * capture, or value */
        enum { WHERE_GE, WHERE_LE, WHERE_EQ, WHERE_GT, WHERE_LT } op;  /* order of where_parse's ops */
};
int where_parse(const char *text, struct where *ret);
/* Do all n conditions hold for the captures of code's match in md? */
bool where_holds(const struct where *w, size_t n, const pcre2_code *code, pcre2_match_data *md);
/* Does code have a capture called name (once, or several times with (?J))? */
bool pattern_has_capture(const pcre2_code *code, const char *name);
/* Does code have every capture the conditions name? */
bool where_names_captures(const struct where *w, size_t n, const pcre2_code *code);

struct candidate {
        char *cause;
        char *check;
        struct pattern evidence;  /* optional */
        struct where *where;      /* conditions on the evidence's captures */
        size_t n_where;
        bool watched;             /* evidence has a 7+ byte literal: the pre-filter
                                   * lets its lines through, so it is looked for */
};

struct coroner_signature {
        char *path;             /* the file; "<table file>#<entry>" for a knowledge entry */
        char *table;            /* the knowledge table it comes from, or NULL */
        char *overrides;        /* the file of the same id that this one replaced (a later directory) */
        unsigned root;          /* which coroner_db_load_dir call loaded it */
        size_t number;          /* its place in the db (ranking's latest[]) */
        cJSON *json;
        const char *id, *title, *category, *summary;  /* point into json */
        coroner_severity severity;
        bool symptom;
        bool ends_run;          /* a knowledge entry that itself shows the run ended (a death by signal) */
        int specificity;
        const char **exception_types;
        size_t n_exception_types;
        struct pattern message, line, frame_file, frame_function;
        const char **wholes;    /* match.whole: messages matched whole and exactly ("Killed") */
        size_t n_wholes;
        struct where *where;    /* match.where: conditions on the message's (else line's) captures */
        size_t n_where;
        const char **fixes;
        size_t n_fixes;
        const char **references;
        size_t n_references;
        const char **explains;
        size_t n_explains;
        struct candidate *candidates;
        size_t n_candidates;
        const cJSON *requires;  /* {"package": "<0.10", ...} or NULL */
};

/* A data file (signature, table, milestones) parsed: a regular file of at
 * most 8 MiB, opened without blocking (a FIFO named *.json would hang);
 * invalid JSON is an error at its line:column. hash (if not NULL) is
 * updated with the file's bytes. */
cJSON *data_file_json(const char *path, uint64_t *hash, struct coroner_error *err);

/* ---- the Python knowledge table (knowledge/python.json) ---- */

/* One Python exception type: what it means when nothing more specific is
 * known, and how blame treats it (match_blame.c). Strings point into the
 * table's JSON. */
struct exception_type {
        const char *name;        /* "KeyError", "ray.exceptions.OutOfMemoryError" */
        const char *blame;       /* "bug", "import", "attribute", "os", "runtime", ... */
        const char *category;    /* NULL: decided by the message (runtime) */
        const char *meaning, *fix, *sample;
        coroner_severity severity;
        bool symptom;
};

/* A class of messages that names a kind of bug whatever raised it (a tensor
 * shape or dtype mismatch), from the upstream libraries' wording. */
struct message_class {
        const char *what;
        const char *category;    /* NULL: a bug in the code that raised it (application-bug) */
        const cJSON *fixes;      /* with category: what to do */
        struct pattern pattern;
};

struct python_knowledge {
        char *path;
        cJSON *json;
        struct exception_type *types;
        size_t n_types;
        struct message_class *classes;
        size_t n_classes;
        const cJSON *packages;    /* import name -> pip distribution name */
        const cJSON *frameworks;  /* import names recognised in source checkouts */
};
void python_knowledge_free(struct python_knowledge *p);
/* The entry for type: its most qualified name the table knows
 * ("ray.exceptions.OutOfMemoryError", else "OutOfMemoryError"); NULL when
 * the type is unknown. */
const struct exception_type *python_exception_type(const struct python_knowledge *p, const char *type);

/* ---- facts.c: environment facts and candidate evidence ---- */

enum fact { FACT_PYTHON, FACT_PACKAGE, FACT_CUDA, FACT_DRIVER, FACT_NCCL, FACT_GPU, FACT_MODEL,
            FACT_TP, FACT_COMMAND };

struct fact_item {
        enum fact kind;
        char *key;       /* package name or GPU model; "" otherwise */
        char *value;
        int input;
        long line;       /* where the log first says it */
        size_t count;    /* how many lines said it */
};

/* The caller's scratch for prefilter_watchers: seen (watcher_count bytes,
 * zero) and list (watcher_count entries). */
struct watch_hits {
        uint8_t *seen;
        uint32_t *list;
        size_t n;
};

struct facts {
        struct fact_item *items;
        size_t n, cap;
        uint8_t *cand_seen;  /* per signature: bit c = candidate c's evidence was seen */
        struct watch_hits hits;  /* scratch for prefilter_watchers */
        size_t hits_cap;
};

struct fact_rules;
int facts_compile(struct fact_rules **ret);
void facts_rules_free(struct fact_rules *fr);
const char *facts_literal(size_t i);  /* trigger words for the pre-filter; NULL past the end */
void facts_scan(const coroner_db *db, struct facts *f, pcre2_match_data *md, const char *s, size_t n,
                int input, long line);
void facts_free(struct facts *f);
/* facts_scan for the watchers already listed in f->hits (fast path). */
void facts_scan_listed(const coroner_db *db, struct facts *f, pcre2_match_data *md, const char *s, size_t n,
                       int input, long line);
/* Sizes f's scratch for the database's watchers. */
int facts_prepare(const coroner_db *db, struct facts *f);
void facts_merge(struct facts *dst, struct facts *src, int input_offset, size_t n_sigs);
const char *fact_name(enum fact kind);
const struct fact_item *facts_get(const struct facts *f, enum fact kind, const char *key);
int version_compare(const char *a, const char *b);
bool version_satisfies(const char *version, const char *spec);

struct coroner_db {
        struct coroner_signature **sigs;
        size_t n_sigs, cap;
        pcre2_match_context *mctx;
        pcre2_match_data *md;  /* scratch for match_event (one thread) */
        struct prefilter *pf;  /* built by db_prepare after loading */
        struct fact_rules *fact_rules;
        uint64_t generation;   /* bumped by every load; pf_generation tells if pf is current */
        uint64_t pf_generation;
        char **dups;     /* ids defined twice under one directory */
        size_t n_dups;
        unsigned root;   /* coroner_db_load_dir calls so far */
        bool keep_going;         /* coroner_db_set_keep_going: a broken file is noted, not the end */
        struct strbuf dirs;      /* the directories loaded, one per line (the report's produced_by) */
        uint64_t content_hash;   /* FNV-1a over every file's text, in loading order */
        struct strbuf broken;    /* "error: FILE: what" lines of the files that did not load */
        int n_broken;
        uint32_t *id_slots;  /* open addressing by id hash: index into sigs + 1, 0 = empty */
        size_t id_cap;       /* a power of two, at least twice n_sigs */
        bool reference;  /* coroner_db_set_reference */
        bool tables_only;  /* coroner_db_set_tables_only: skip signature files */
        struct python_knowledge *python;  /* knowledge/python.json, or NULL */
        bool owns_sigs;  /* false for a view that borrows another db's signatures */
};
void signature_free(struct coroner_signature *s);
bool category_known(const char *category);
/* PCRE2-compiles src into p; on error names where, key and the offset. */
int pattern_compile(const char *src, struct pattern *p, const char *where, const char *key,
                    struct coroner_error *err);
void pattern_free(struct pattern *p);
/* Parses json (a signature object; taken over, also on failure) and adds it. */
int db_add_signature_json(coroner_db *db, const char *path, cJSON *json, const char *table,
                          struct coroner_error *err);

/* match_knowledge.c: a knowledge table -> one signature per entry. */
int knowledge_expand(coroner_db *db, const char *path, const cJSON *table, struct coroner_error *err);

/* match_prefilter.c */
struct prefilter;
int prefilter_build(const coroner_db *db, struct prefilter **ret);
/* Windows counted in lines of the input: a pre-filter built with them
 * anchors each literal where this input rarely has the same four bytes.
 * It passes exactly the lines the plain one passes, only faster. */
enum { OBSERVED_BITS = 16 };
struct observed {
        uint32_t count[1 << OBSERVED_BITS];  /* by hash of a 4-byte window */
        uint32_t lines;
};
void observed_add_line(struct observed *o, const char *s, size_t n);
void observed_decay(struct observed *o);  /* halve: recent lines weigh more */
int prefilter_build_observed(const coroner_db *db, const struct observed *seen, struct prefilter **ret);
void prefilter_free(struct prefilter *pf);
/* Could this line start or hold evidence? 0: it can be skipped; PF_WATCH:
 * only facts or candidate evidence may be in it; PF_FULL: decode it. */
enum { PF_WATCH = 1, PF_FULL = 2 };
int prefilter_line(const struct prefilter *pf, const char *s, size_t n);
/* The same, listing the watchers found in hits (when it returns PF_WATCH
 * alone, the list is complete); the caller hands it to facts_scan_listed. */
int prefilter_line_watch(const struct prefilter *pf, const char *s, size_t n, struct watch_hits *hits);
size_t prefilter_watcher_count(const struct prefilter *pf);
/* Lists in hits->list the watchers whose literal is in s (each once);
 * returns how many. facts_scan_listed consumes the list. */
size_t prefilter_watchers(const struct prefilter *pf, const char *s, size_t n, struct watch_hits *hits);
/* Watcher w: a fact rule (a) or candidate b of signature a. */
bool prefilter_watcher(const struct prefilter *pf, size_t w, bool *candidate, size_t *a, size_t *b);
/* Sets the bit of each signature whose literal occurs in s. */
void prefilter_candidates(const struct prefilter *pf, const char *s, size_t n, uint64_t *bits);
void prefilter_add_always(const struct prefilter *pf, uint64_t *bits);
size_t prefilter_sig_words(const struct prefilter *pf);
/* The literals a pattern cannot match without, one per alternative. */
bool pattern_literals(const char *pattern, char lits[][64], size_t cap, size_t *ret_n, bool *caseless);
/* (Re)builds db->pf if signatures were loaded since. */
int db_prepare(coroner_db *db);

/* match.c */
/* A placeholder of a summary, fix or check at t: "{name}" or "{name?text}".
 * Fills name, text (after '?', NULL for the plain form) and close (the '}');
 * false when t does not start one. */
bool template_placeholder(const char *t, char name[64], const char **text, const char **close);
/* What a diagnosis rests on. */
enum basis {
        BASIS_SIGNATURE,    /* a signature file (signatures/) */
        BASIS_KNOWLEDGE,    /* an entry of a knowledge table (knowledge/) */
        BASIS_BLAME,        /* a generic verdict from where a traceback was raised */
        BASIS_ERROR_LINES,  /* error-level lines that nothing explains */
        BASIS_NONE,         /* an exception nothing recognises */
};

/* match_blame.c: where a traceback was raised. */
enum frame_kind { FRAME_UNKNOWN, FRAME_APP, FRAME_LIBRARY, FRAME_STDLIB, FRAME_NATIVE };
const char *frame_kind_name(enum frame_kind k);
struct blame_frame {
        const struct frame *f;  /* NULL: none */
        enum frame_kind kind;
        char package[64];       /* import name of a library frame's package */
};
struct blame {
        const struct exception *exc;  /* the exception blamed: the original cause */
        struct blame_frame raised;    /* the innermost frame (the standard library's caller) */
        struct blame_frame app;       /* the innermost frame of the application's own code */
        struct blame_frame entered;   /* the frame the application called into */
        struct blame_frame caller;    /* the frame that called into the raising library */
};
/* Classifies a frame's file; fills the package of a library frame. */
enum frame_kind blame_classify(const struct python_knowledge *pk, const char *file, char package[64]);
void blame_event(const struct python_knowledge *pk, const struct event *ev, struct blame *ret);

/* A frame as the report keeps it (the event's frames are freed). */
struct frame_ref {
        char file[256], function[128], package[64];
        int line;
        enum frame_kind kind;
        bool set;
};

struct match_result {
        const struct coroner_signature *sig;  /* NULL: a generic verdict (blame, error lines) */
        const struct exception *exc;  /* which exception matched, or NULL */
        char *summary;                /* with captures filled in */
        char **fixes;
        size_t n_fixes;
        char **checks;                /* candidates' checks, captures filled in */
        /* A generic verdict (sig NULL): */
        enum basis basis;
        char generic_id[64];          /* "generic.application-bug", "error-lines" */
        const char *category;         /* a static string */
        char *title;
        coroner_severity severity;
        bool symptom;
        int specificity;
        /* Where a traceback was raised (any basis). */
        struct frame_ref raised_in, called_from;
};
/* An error line whose words name a kind of failure (knowledge/python.json's
 * message classes with a category): its generic verdict. */
bool blame_error_line(const coroner_db *db, pcre2_match_data *md, const struct event *ev, struct match_result *m);
/* A warning whose message names a kind of failure ("The NVIDIA driver on
 * your system is too old"): a generic verdict of severity warning. */
bool blame_warning(const coroner_db *db, pcre2_match_data *md, const struct blame *b, struct match_result *m);
/* Fills a generic verdict from b when the evidence allows; false: unrecognized. */
bool blame_verdict(const coroner_db *db, pcre2_match_data *md, const struct blame *b, struct match_result *ret);
/* Finds the best signature for ev; returns true and sets ret's sig, exc
 * and basis if one matched. md: the caller's scratch (one per thread). */
bool match_event(const coroner_db *db, pcre2_match_data *md, const struct event *ev,
                 struct match_result *ret);
/* The summary, fixes and checks of m's signature, captures filled in from
 * ev: once per diagnosis, not per occurrence. */
void match_render(const coroner_db *db, const struct event *ev, struct match_result *m);
/* A line logged at an error level that nothing matched: the generic
 * verdict "error-lines" (basis BASIS_ERROR_LINES). */
bool match_error_line(const struct event *ev, struct match_result *m);
/* Records where ev's traceback was raised in m (raised_in, called_from). */
void match_locate(const coroner_db *db, const struct event *ev, struct match_result *m);
void match_result_free(struct match_result *m);
bool pattern_search(const coroner_db *db, const struct pattern *p, const char *s, size_t n,
                    pcre2_match_data *md);

/* fingerprint.c */
void fingerprint_event(const struct event *ev, const struct exception *exc, char ret[17]);
void fingerprint_mask_message(const char *msg, struct strbuf *out);
void fingerprint_module_of(const char *path, struct strbuf *out);

/* ---- rank.c: matched events -> diagnoses ---- */

struct diagnosis {
        const struct coroner_signature *sig;  /* NULL: a generic verdict or unrecognized */
        enum basis basis;
        const char *category;   /* the signature's, the generic verdict's, or "unrecognized" */
        char id[128];
        char run[33];           /* the run (systemd invocation, or "run-N" in text) */
        int run_order;          /* 1: the most recent run; set by ranking_finish */
        uint64_t key;           /* failure key: run and signature (or verdict and fingerprint) */
        uint64_t score_run_last;  /* the run's latest line (for ordering runs) */
        char *title, *summary;
        char **fixes;
        size_t n_fixes;
        char **checks;                /* one per sig->candidates, captures filled in */
        coroner_severity severity;
        bool symptom, unrecognized;
        int specificity;
        char fingerprint[17];
        char *exc_type, *exc_message;     /* of the first event, or NULL */
        char **chain_types, **chain_messages;  /* every exception of the first event */
        char **chain_places;                   /* their places in a group, or NULL */
        size_t n_chain;
        size_t count;
        uint64_t first_seq, last_seq;
        int64_t first_usec, last_usec;  /* when, if first_has_time / last_has_time */
        bool first_has_time, last_has_time;
        struct stream_id streams[LIMIT_DIAG_STREAMS];
        size_t n_streams, n_streams_total;
        struct evidence_line evidence[LIMIT_EVIDENCE];
        size_t n_evidence;
        bool incomplete;
        bool from_exception;    /* made of exceptions (a traceback or an exception line) */
        bool failure_words;     /* a plain line that reads as a failure (an error level or word) */
        struct frame_ref raised_in, called_from;  /* where the first exception was raised */
        bool version_excluded;  /* the log shows a package version the signature excludes */
        bool version_unknown;   /* the signature names versions the log does not show */
        /* filled by rank_finish */
        double score, confidence;
        char rationale[256];
        int explained_by;  /* index in the ranked array, -1 if none */
};

struct ranking {
        struct diagnosis **diags;
        size_t n, cap;
        size_t n_unnamed;          /* diagnoses no signature names (generic, unrecognized) */
        struct diagnosis **index;  /* open addressing by failure key, at most half full (rank.c) */
        size_t index_slots;
        struct diagnosis **latest; /* by signature number: its diagnosis made last */
        size_t n_latest;
        size_t folded_events;      /* events of unnamed failures past LIMIT_DIAGNOSES (or when memory
                                    * ran out): counted, not itemized */
        size_t failure_lines_folded;  /* lines worded as failures, not reported: more
                                       * than those explains their run */
};
/* m: what matched ev (sig NULL: a generic verdict; basis BASIS_NONE: nothing). */
void ranking_add(struct ranking *rk, const struct event *ev, const struct match_result *m);
/* ev matched signature m->sig: when its run already has that diagnosis,
 * counts ev there and returns true (nothing needs rendering). */
bool ranking_count_known(struct ranking *rk, const struct event *ev, const struct match_result *m);
/* The same for a generic verdict (basis, id) of ev's fingerprint. */
bool ranking_count_generic(struct ranking *rk, const struct event *ev, enum basis basis, const char *id,
                           const char *fingerprint);
void ranking_finish(struct ranking *rk);
void ranking_merge(struct ranking *dst, struct ranking *src, int input_offset);
/* Score, confidence and rationale of one diagnosis without reordering (--follow). */
void ranking_score_one(struct ranking *rk, size_t i);
void ranking_free(struct ranking *rk);

/* ---- analysis.c ---- */

struct input_info {
        char *name;
        const char *compression;
        uint64_t bytes;     /* decompressed bytes read */
        uint64_t records;   /* lines or journal entries */
        uint64_t lines;     /* records fed to the assembler (evidence line numbers) */
        struct structured_state *structured;  /* JSON/CRI/export decoding state */
        char invocation[33];    /* the last systemd invocation ID the input showed */
        int run;                /* text inputs: runs begun so far (analysis.c track_runs) */
        bool run_starting;      /* systemd said "Starting": its "Started" is the same run */
        bool run_ended;         /* the unit's main process exited: the next service line begins a run */
        bool run_banner;        /* the current run showed a service's start banner */
        int64_t clock_usec;     /* the time of the last line that had one (--since/--until) */
        bool has_clock;
        const char *prev_line;  /* the physical line before the current one, or NULL */
        size_t prev_len;
        bool complete;
        char *error;
        /* Read completely, but the reader should know: binary data (warning),
         * nothing in it, no entry matched the journal filters (note). */
        char *warning;
        char *note;
        char *layout_host;      /* the host (or pod) its place in a bundle or directory names */
};

struct coroner_analysis {
        coroner_db *db;
        struct decoder decoder;
        struct coroner_options opts;
        struct assembler *assembler;
        struct ranking ranking;
        struct input_info *inputs;
        size_t n_inputs, inputs_cap;
        char *command;           /* coroner_analysis_set_command: the report's produced_by */
        const char *next_host;   /* layout_host of the next input added */
        uint64_t seq;
        pcre2_match_data *md;  /* scratch for matching; one analysis per thread */
        struct facts facts;
        /* --follow (analysis_follow_tick) */
        size_t emitted;          /* diagnoses handed to the caller so far */
        size_t *reported;        /* the count of each when last reported */
        int64_t clock_ms;        /* when the lines now fed arrived */
        int64_t next_update_ms;  /* when repeats are reported next */
        /* How error lines of a fingerprint were last read (rank_error_line):
         * a crash loop repeats a few lines thousands of times. */
        struct error_line_memo { char fingerprint[17]; enum basis basis; char id[64]; } error_line_memo[64];
        struct event held_line;  /* an error line held back for one record (analysis.c) */
        bool held;
        int64_t held_ms;         /* when it arrived */
        bool finished;
        /* The fast path's pre-filter, rebuilt now and then for the words
         * this input repeats (analysis_skip_message); NULL: the db's. */
        struct prefilter *pf;
        struct observed *seen;
        uint64_t skip_calls;      /* fast-path messages so far */
        uint32_t samples;         /* messages counted since the last rebuild */
        uint32_t adapt_at;        /* rebuild when samples reach it; 0: ADAPT_FIRST */
};

int analysis_add_input(coroner_analysis *a, const char *name);
/* A decoded record on the slow path: runs tracked, a record that holds
 * several lines (#012, newlines in a journal MESSAGE) split into them. */
void analysis_feed_decoded(coroner_analysis *a, int input, struct record *r, const char *raw, size_t raw_len);
/* The fast path for a message: true when it cannot matter (counted, facts
 * looked for, nothing else done). */
bool analysis_skip_message(coroner_analysis *a, int input, const char *msg, size_t len);
/* A message with its metadata (journal entry, JSON, CRI, export) on the
 * slow path; raw is what the evidence shows. */
void analysis_feed_logical(coroner_analysis *a, int input, const struct logical *l, const char *raw,
                           size_t raw_len);
void analysis_feed_record(coroner_analysis *a, int input, const struct record *r,
                          const char *raw, size_t raw_len);
/* End of an input (-1: of all): close its tracebacks, rank what is held. */
void analysis_end_input(coroner_analysis *a, int input);
/* A line read from a text input (the read stage's lines). */
void analysis_feed_line(coroner_analysis *a, int input, const char *line, size_t len);
/* --follow: the time (milliseconds of a monotonic clock) at which the
 * lines now fed arrived. */
void analysis_set_clock(coroner_analysis *a, int64_t now_ms);
/* --follow, between reads: completes what has been quiet fo->settle_ms,
 * hands each new diagnosis to fo->on_diagnosis, and repeats to
 * fo->on_update once per fo->interval_ms. */
void analysis_follow_tick(coroner_analysis *a, int64_t now_ms, const struct coroner_follow_options *fo);
/* Milliseconds of the monotonic clock. */
int64_t monotonic_ms(void);

#endif
