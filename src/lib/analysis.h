/* analysis.h — the driver: one analysis of many inputs through the stages
 * (analysis.c), and the readers that feed it lines as they come
 * (read_follow.c, read_journal.c). */
#ifndef CORONER_ANALYSIS_H
#define CORONER_ANALYSIS_H

#include "rank.h"
#include "read.h"

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
        char run_unit[64];      /* the unit whose "Starting" began the current run, or "" */
        char prev_run_unit[64]; /* the same for the run before */
        bool run_service_line;  /* a service (not systemd, not the kernel) wrote a line in the current run */
        int64_t clock_usec;     /* the time of the last line that had one (--since/--until) */
        bool has_clock;
        const char *prev_line;  /* the physical line before the current one, or NULL */
        size_t prev_len;
        struct unwrap unwrap;   /* a line held back: a terminal may have wrapped it */
        struct dedent dedent;   /* the margin of a paste indented as a whole */
        bool live;              /* followed: nothing is held back waiting for the next line */
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
        struct match_scratch match;  /* match_event's, across events */
        /* The message the pre-filter scanned whole (analysis_skip_message),
         * the PF_TAG_* it found there, and whether facts.hits still lists its
         * watchers; NULL when the line was not scanned so. */
        const char *scanned;
        size_t scanned_len;
        uint8_t scanned_tags;
        bool watchers_listed;
        /* The record whose line was decoded without being asked whether
         * it matters (a traceback was open, or a run ended: it may continue
         * or begin one), or UINT64_MAX. When it becomes a line event, the
         * pre-filter is asked then: in a crash loop most lines follow a
         * traceback still open, and few of them can match. */
        uint64_t unasked_seq;
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
        /* The held line that announced a traceback, until the traceback is
         * read: its evidence if it has substance, else an error line again. */
        struct event announcer;
        bool announcing;
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
 * looked for, nothing else done). error_level: its record's own fields
 * gave it an error level (JSON logging), so it is decoded whatever it says. */
bool analysis_skip_message(coroner_analysis *a, int input, const char *msg, size_t len, bool error_level);
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
