/* decode.h — the decode stage: a line of text (or a structured record) -> a record
 * with its metadata, message and level. */
#ifndef CORONER_DECODE_H
#define CORONER_DECODE_H

#include "util.h"

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
        /* A buffer the pre-filter found none of decode_level_text's texts
         * in: a message inside it has the level of its start alone. NULL
         * when unknown; set for one line by the caller. */
        const char *plain;
        size_t plain_len;
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
/* The texts decode_level looks for inside a message, i = 0, 1, ...; NULL
 * past the last. The pre-filter indexes them, so that it can say that a
 * line holds none (struct decoder's plain). */
const char *decode_level_text(size_t i);
/* A level word that begins s: ERROR, CRITICAL or FATAL and a delimiter, or
 * (line_start) glog's "E1129 21:40:13". */
int decode_level_at_start(const char *s, size_t n, bool line_start);
/* Does the line as read say it was logged at a warning level ("WARNING",
 * "warning: ", "UserWarning: ", glog's W, ...)? NCCL WARN is an error. */
bool decode_warning_level(const char *line, size_t len);
/* The in-message part of decode_line: sub-stream tags and logger prefixes.
 * For records that come with their metadata (journal entries). */
void decode_message_prefixes(struct decoder *d, struct record *r, const char *start);
void record_set_time_usec(struct record *r, int64_t usec);
/* Does a word end as exception types do ("ValueError",
 * "torch.OutOfMemoryError", "KeyboardInterrupt", "AssertionFailure")? The
 * decoder does not take such a word for a syslog identifier; the
 * assembler reads "Type: message" as an exception only with one. */
bool decode_exception_type_name(const char *s, size_t n);
/* An RFC 3339 time ("2026-11-29T21:40:13.123456789Z", an offset, or no
 * zone: UTC) at s, as microseconds since the epoch. */
bool decode_rfc3339(const char *s, size_t n, int64_t *ret_usec);

/* ---- decode_dedent.c: a paste indented as a whole, read at its margin ---- */

struct dedent {
        enum { DEDENT_UNKNOWN, DEDENT_PENDING, DEDENT_ON, DEDENT_OFF } state;
        char margin[32];
        size_t width;
        struct strbuf held;   /* PENDING: the first non-blank line, until the next shows */
        size_t blanks;        /* blank lines after it, held too */
};
enum dedent_step {
        DEDENT_PASS,     /* feed the line (without dedent_margin's bytes) */
        DEDENT_HOLD,     /* the line is held: feed nothing */
        DEDENT_RELEASE,  /* feed the held line and its blanks (without the margin, if now ON), then this one */
};
enum dedent_step dedent_look(struct dedent *d, const char *line, size_t len);
/* How many bytes at line's start are the margin to take off (0: none). */
size_t dedent_margin(const struct dedent *d, const char *line, size_t len);
void dedent_end(struct dedent *d);  /* the input ended: a held line is fed as it was */
void dedent_free(struct dedent *d);

/* ---- decode_unwrap.c: lines a terminal or a paste cut at its width, joined ---- */

struct unwrap {
        size_t widest;        /* the widest line so far, in characters */
        size_t wrap_width;    /* a width at which a cut showed (cut_shows); 0 until then */
        struct strbuf held;   /* a line that may go on in the next, with what joined it */
        size_t width;         /* the held line's first piece's width */
        unsigned pieces;      /* physical lines in held; 0: nothing held */
        bool open;            /* its last piece filled the width: the next may go on */
        struct strbuf prev;   /* the physical line before the held one */
        bool has_prev;
};
/* Whether line (prev: the line before it, or NULL) may go on in the next
 * line; then it is held, and the caller feeds nothing yet. */
bool unwrap_hold(struct unwrap *u, const char *line, size_t len, const char *prev, size_t prev_len);
/* Whether line continues the held line: then it is joined to it (held and
 * pieces grow), and open says whether the next may go on further. */
bool unwrap_continues(struct unwrap *u, const struct decoder *d, const char *line, size_t len);
void unwrap_release(struct unwrap *u);  /* the held line was fed */
void unwrap_free(struct unwrap *u);

/* ---- decode_structured.c: shapes that carry the message inside ---- */

/* A log line once its shape is taken apart: metadata and message. */
struct logical {
        char host[64], ident[64], unit[80], invocation[33];
        long pid;
        int64_t time_usec;
        bool has_time;
        uint8_t level;    /* LEVEL_*: the level a field gave (an application's JSON), or 0 */
        bool whole;       /* the message is a record whole (an application's JSON, a
                           * traceback inside): what follows is another record */
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

#endif
