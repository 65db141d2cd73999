/* rank.h — the rank stage: matched events -> diagnoses, ordered. */
#ifndef CORONER_RANK_H
#define CORONER_RANK_H

#include "match.h"

/* ---- rank.c: matched events -> diagnoses ---- */

enum { DIAG_ALTERNATIVES = 2 };  /* readings offered after the first diagnosis */

struct diagnosis {
        const struct coroner_signature *sig;  /* NULL: a generic verdict or unrecognized */
        enum basis basis;
        const char *category;   /* the signature's, the generic verdict's, or "unrecognized" */
        char id[128];
        char run[33];           /* the run (systemd invocation, or "run-N" in text) */
        int run_order;          /* 1: the most recent run; set by ranking_finish */
        uint64_t key;           /* failure key: run and signature (or verdict and fingerprint) */
        const char *family;     /* match_result.family: lines of one message class */
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
        char *line_text;                  /* error or failure lines: the first one's message (its words) */
        char **chain_types, **chain_messages;  /* every exception of the first event */
        char **chain_places;                   /* their places in a group, or NULL */
        size_t n_chain;
        size_t count;
        uint64_t first_seq, last_seq;
        int64_t first_usec, last_usec;  /* when, if first_has_time / last_has_time */
        bool first_has_time, last_has_time;
        struct stream_id *streams;  /* the first LIMIT_DIAG_STREAMS, grown as they come */
        size_t n_streams, n_streams_total, streams_cap;
        struct evidence_line evidence[LIMIT_EVIDENCE];
        size_t n_evidence;
        bool incomplete;
        bool from_exception;    /* made of exceptions (a traceback or an exception line) */
        bool failure_words;     /* a plain line that reads as a failure (an error level or word) */
        bool warning_line;      /* a plain line logged at a warning level (or at none,
                                 * read by a class warnings opt into), not an error */
        bool names_unknown_failure;  /* a warning line's reading, in a run whose only
                                      * failure is an exception nothing recognises */
        struct frame_ref raised_in, called_from;  /* where the first exception was raised */
        bool version_excluded;  /* the log shows a package version the signature excludes */
        bool version_unknown;   /* the signature names versions the log does not show */
        const char *alt_category;      /* blame's other reading, or NULL */
        char *alt_cause, *alt_check;
        int alternative_to;     /* index in the ranked array of the diagnosis this reads
                                 * otherwise, -1 if none */
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
/* Guesses the categories of what nothing recognises, scores, orders and
 * explains; facts (of an analysis with db) say which candidate causes the
 * log supports, for the alternatives offered. */
void ranking_finish(struct ranking *rk, const coroner_db *db, pcre2_match_data *md, const struct facts *facts);
void ranking_merge(struct ranking *dst, struct ranking *src, int input_offset);
/* Score, confidence and rationale of one diagnosis without reordering (--follow). */
void ranking_score_one(struct ranking *rk, size_t i);
void ranking_free(struct ranking *rk);

#endif
