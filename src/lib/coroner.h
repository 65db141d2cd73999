/* coroner.h — the one public header of libcoroner.
 *
 * The library reads logs, reassembles error evidence, matches it against a
 * signature database and ranks diagnoses. It never prints and never exits:
 * every function reports failure through its return value (a negative
 * coroner_status) and, where given, a struct coroner_error with the details.
 *
 * Out of memory: the library never aborts and never dereferences a failed
 * allocation. A function that can say so returns CORONER_E_NOMEM (loading
 * signatures, opening an input). Inside the analysis of a line, where
 * nothing can be returned, the item being built is left out and the
 * analysis goes on with what it has: an evidence line, a fact, a diagnosis
 * (counted in the report's dropped_events). -j's workers reserve what
 * merging needs before they start, so a worker's results are never lost;
 * without that memory the inputs are read one by one.
 * tests/e2e/oom.sh fails every allocation from the N-th on, for each N.
 *
 * Pipeline, one file per stage under src/lib/:
 *   read_*.c      bytes from files/pipes, decompression, lines
 *   decode_*.c    line shapes (journalctl, syslog, bare) -> records
 *   assemble_*.c  records -> events (tracebacks, single-line evidence)
 *   match.c       events x signatures -> matched events
 *   rank.c        matched events -> ranked diagnoses
 *   report_*.c    diagnoses -> JSON / text / Markdown
 */
#ifndef CORONER_H
#define CORONER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define CORONER_REPORT_SCHEMA "coroner.report/1"
#define CORONER_FINGERPRINT_VERSION 1

typedef enum coroner_status {
        CORONER_OK = 0,
        CORONER_E_NOMEM = -1,    /* allocation failed */
        CORONER_E_IO = -2,       /* read error from the operating system */
        CORONER_E_CORRUPT = -3,  /* compressed stream is corrupt */
        CORONER_E_TRUNCATED = -4,/* compressed stream ends early */
        CORONER_E_SIGNATURE = -5,/* malformed signature file */
        CORONER_E_USAGE = -6,    /* invalid argument */
        CORONER_E_JOURNAL = -7,  /* sd-journal failed */
        CORONER_E_STOPPED = -8,  /* reading stopped on request (a signal) */
} coroner_status;

const char *coroner_strerror(int status);

/* Details of a failure: where (file, byte offset or line:column) and what. */
struct coroner_error {
        char where[512];
        char message[512];
};

typedef enum coroner_severity {
        CORONER_SEV_INFO = 0,
        CORONER_SEV_WARNING = 1,
        CORONER_SEV_ERROR = 2,
        CORONER_SEV_CRITICAL = 3,
} coroner_severity;

const char *coroner_severity_name(coroner_severity s);
int coroner_severity_parse(const char *name, coroner_severity *ret);

/* ---- signature database (match_signatures.c) ---- */

typedef struct coroner_db coroner_db;

int coroner_db_new(coroner_db **ret);
void coroner_db_free(coroner_db *db);
/* Loads every *.json regular file below dir (recursively, following links
 * but never into a directory already being read; other file types are
 * skipped). Precedence: a signature whose id was loaded by an earlier call
 * replaces it (coroner_signature_overrides names the file replaced), so
 * directories are loaded from the shipped set to the most local; the same
 * id twice under one directory is an error of `signatures check`. A file
 * over 8 MiB is refused. On a malformed file returns CORONER_E_SIGNATURE
 * and fills err (file, line:column or pattern offset). */
int coroner_db_load_dir(coroner_db *db, const char *dir, struct coroner_error *err);
int coroner_db_load_file(coroner_db *db, const char *path, struct coroner_error *err);
/* For `signatures check`: a file that does not load is recorded (and
 * counted as an error by coroner_db_check) and the directory is read on,
 * so that every broken file is reported, not just the first. */
void coroner_db_set_keep_going(coroner_db *db, bool keep_going);
/* Signatures loaded while set compile their patterns on first use: for
 * the shipped tables, which `signatures check` (and so the test suite)
 * compiles; most of their patterns never run on a given log. */
void coroner_db_set_defer_compile(coroner_db *db, bool defer);
size_t coroner_db_count(const coroner_db *db);
/* The reference matcher: no pre-filter, every line decoded and every
 * signature tried. Slow; the fast path must give exactly its diagnoses. */
void coroner_db_set_reference(coroner_db *db, bool reference);
/* Load only knowledge tables (knowledge/README.md), no signature files:
 * how coroner does on failures nobody wrote a signature for. */
void coroner_db_set_tables_only(coroner_db *db, bool tables_only);

/* Read access for `coroner signatures list/show`. */
typedef struct coroner_signature coroner_signature;
const coroner_signature *coroner_db_get(const coroner_db *db, size_t index);
const coroner_signature *coroner_db_find(const coroner_db *db, const char *id);
const char *coroner_signature_id(const coroner_signature *sig);
const char *coroner_signature_title(const coroner_signature *sig);
const char *coroner_signature_category(const coroner_signature *sig);
const char *coroner_signature_path(const coroner_signature *sig);
/* The knowledge table a signature was made from, or NULL for a signature file. */
const char *coroner_signature_table(const coroner_signature *sig);
/* The file of the same id that this signature replaced, or NULL. */
const char *coroner_signature_overrides(const coroner_signature *sig);
coroner_severity coroner_signature_severity(const coroner_signature *sig);
/* The signature's JSON as loaded (owned by the db). */
char *coroner_signature_json(const coroner_signature *sig);

/* Validate every signature: samples match, counter-samples do not, patterns
 * have a literal for the pre-filter. Appends one line per problem to *report
 * (malloc'd, caller frees). Returns the number of errors (warnings are
 * reported but not counted). */
int coroner_db_check(coroner_db *db, char **report, int *ret_warnings);

/* `coroner signatures test`: which signatures match the log at path, and the
 * near misses (lines holding a signature's literal where the whole signature
 * did not match). */
int coroner_db_explain(coroner_db *db, const char *path, char **report, struct coroner_error *err);

/* ---- analysis ---- */

typedef struct coroner_analysis coroner_analysis;

struct coroner_options {
        /* Force a line shape instead of detecting it per line; NULL = auto. */
        const char *input_format;
        /* Only lines written in [since, until] (microseconds since the epoch,
         * coroner_parse_time); a line without a timestamp counts as written
         * when the last one before it that has one was. */
        bool has_since, has_until;
        int64_t since_usec, until_usec;
        /* An input whose first bytes are binary is skipped with a note
         * instead of read as text with a warning (directories, bundles). */
        bool skip_binary;
        /* Inputs in a per-host layout (a directory of per-host or per-pod
         * logs, kubectl and must-gather dumps) take the host (pod) their
         * path names for lines that name none. */
        bool layout_hosts;
};

int coroner_analysis_new(coroner_db *db, const struct coroner_options *opts,
                         coroner_analysis **ret);
void coroner_analysis_free(coroner_analysis *a);

/* Inputs. An input is opened by path ("-" or NULL: standard input) and read
 * to its end by coroner_analysis_read_input(). A read or decompression error
 * keeps everything read so far; the error is recorded in the input's entry of
 * the report and returned (with err filled) so the caller can warn. */
int coroner_analysis_read_path(coroner_analysis *a, const char *path,
                               struct coroner_error *err);
int coroner_analysis_read_fd(coroner_analysis *a, int fd, const char *name,
                             struct coroner_error *err);
/* Reads n inputs, jobs of them at a time in threads of their own, into one
 * report that equals reading them one after the other. errs[i] holds input
 * i's error, if any. Returns the number of inputs that failed. */
int coroner_analysis_read_paths(coroner_analysis *a, const char *const *paths, size_t n, int jobs,
                                struct coroner_error *errs);
/* Feed an in-memory text as one input (used for signature samples). */
int coroner_analysis_read_text(coroner_analysis *a, const char *name,
                               const char *text, size_t len);

/* A journal entry as coroner watch sees it: its message and whose it is. */
struct coroner_entry {
        const char *message;
        size_t len;
        const char *unit;        /* _SYSTEMD_UNIT, or UNIT= of systemd's messages about a unit */
        const char *invocation;  /* _SYSTEMD_INVOCATION_ID or INVOCATION_ID, "" if none */
        const char *message_id;  /* MESSAGE_ID (sd-messages.h), "" if none */
        const char *unit_result; /* UNIT_RESULT= of a failed unit's message, "" if none */
        int exit_status;         /* EXIT_STATUS= of a process-exit message, -1 if none */
        bool from_systemd;       /* written by the service manager (_PID=1), not by the unit */
        bool kernel;             /* _TRANSPORT=kernel */
        int64_t time_usec;
};

/* Following inputs as they grow (--follow): each diagnosis is handed over
 * as soon as its evidence is complete, repeats are counted. */
struct coroner_follow_options {
        /* A traceback that reached its exception line is complete once its
         * stream has been quiet this long (milliseconds; 0: 1000). */
        int settle_ms;
        /* Repeats of a diagnosis already handed over are reported at most
         * once per interval (milliseconds; 0: 60000). */
        int interval_ms;
        /* Set (by a signal handler) to stop reading at once. */
        volatile int *stop;
        /* A new diagnosis: index among the diagnoses in the order they were
         * made (the ranking comes with coroner_analysis_finish). */
        void (*on_diagnosis)(void *ctx, const coroner_analysis *a, size_t index);
        /* Diagnosis index was seen `more` more times in the last interval. */
        void (*on_update)(void *ctx, const coroner_analysis *a, size_t index, size_t more);
        /* Has everything handed over so far been written out? (Before a
         * cursor is stored; false stops the follow with an error.) */
        bool (*delivered)(void *ctx);
        /* The journal (coroner watch): each entry read, before the analysis
         * sees it, and each round of waiting for more (at least 10 a second). */
        void (*on_entry)(void *ctx, const struct coroner_entry *e);
        void (*on_tick)(void *ctx);
        void *ctx;
};

/* Reads standard input ("-"), FIFOs and files as they grow: a file as tail
 * -F does (appended lines, truncation, rotation by rename), never ending by
 * itself; a pipe until its writer closes it. Returns when every pipe has
 * ended and no file is followed, or at once when *stop is set
 * (CORONER_E_STOPPED). errs[i] holds input i's error, if any; an input
 * that cannot be opened is an error, the others are still followed. */
int coroner_analysis_follow(coroner_analysis *a, const char *const *paths, size_t n,
                            const struct coroner_follow_options *fo, struct coroner_error *errs);

/* Live inputs whose bytes the caller hands over (coroner run reads a
 * command's output): lines are cut as read_lines.c cuts them, on_line (if
 * not NULL) sees each whole line before the analysis does. Call
 * coroner_analysis_tick between reads to complete what has been quiet
 * (fo as for coroner_analysis_follow); close ends the input, its last
 * unended line counting. */
typedef struct coroner_live coroner_live;
int coroner_live_open(coroner_analysis *a, const char *name,
                      void (*on_line)(void *ctx, int input, const char *line, size_t len), void *ctx,
                      coroner_live **ret);
void coroner_live_feed(coroner_live *l, const char *bytes, size_t n);
void coroner_live_close(coroner_live *l);
void coroner_analysis_tick(coroner_analysis *a, const struct coroner_follow_options *fo);

/* The journal itself, through sd-journal (read_journal.c). Filters have
 * journalctl's names and meanings. */
struct coroner_journal_options {
        bool local;                 /* --journal: the local system journal */
        bool user;                  /* --user: the user's journal */
        const char *const *dirs;    /* --journal-dir (e.g. a fleet's, or one copied off a dead machine) */
        size_t n_dirs;
        const char *const *files;   /* --journal-file (*.journal, *.journal~) */
        size_t n_files;
        const char *const *units;   /* -u: unit names or globs; ".service" is implied */
        size_t n_units;
        const char *const *identifiers;  /* --identifier: SYSLOG_IDENTIFIER */
        size_t n_identifiers;
        const char *const *matches; /* FIELD=VALUE */
        size_t n_matches;
        const char *since, *until;  /* "2026-11-29 21:00", "-1h", "yesterday", ... */
        const char *boot;           /* NULL: every boot; "" or "0": the last; "-N"; a boot ID */
        int max_priority;           /* -p: 0 (emerg) .. 7 (debug); -1: all */
        const char *cursor_file;    /* resume after the cursor stored here (with --follow, store
                                     * the new one after each delivered batch) */
        char **cursor_ret;          /* without --follow: the cursor of the last entry read, for
                                     * the caller to store (coroner_cursor_save) once the
                                     * report is out (malloc'd; NULL if none was read) */
        /* Only one invocation of the one unit named with -u: "last" its
         * latest, read from its first entry; "next" the first to begin
         * after next_after_usec; or an invocation ID. The kernel's lines
         * since the invocation began are kept. */
        const char *invocation;
        int64_t next_after_usec;    /* "next": counted from this time (the command's start,
                                     * microseconds since the epoch); 0: from the journal's end */
        char *invocation_ret;       /* --invocation: the ID read, 33 bytes ("" when the unit has none) */
        bool follow;                /* keep reading as entries arrive */
        /* --follow: what to call and when to stop (fo->stop is also checked
         * between entries without --follow). */
        const struct coroner_follow_options *fo;
};

int coroner_analysis_read_journal(coroner_analysis *a, const struct coroner_journal_options *o,
                                  struct coroner_error *err);
/* Stores cursor in path: a temporary file, fsync'd, renamed over it. */
int coroner_cursor_save(const char *path, const char *cursor, struct coroner_error *err);

/* Parses journalctl's time syntax ("2026-11-29 21:40:13", "2026-11-29",
 * "today", "yesterday", "now", "-1h", "-30min", "2 days ago") relative to
 * now_usec, in local time. */
int coroner_parse_time(const char *s, int64_t now_usec, int64_t *ret_usec);

/* Flush pending evidence and rank. Call once, after the last input. */
int coroner_analysis_finish(coroner_analysis *a);

/* Results, valid after finish. */
size_t coroner_analysis_diagnosis_count(const coroner_analysis *a);
const char *coroner_analysis_diagnosis_id(const coroner_analysis *a, size_t i);
coroner_severity coroner_analysis_diagnosis_severity(const coroner_analysis *a, size_t i);
/* "root-cause", "symptom" or "unknown" (the JSON report's role), and the
 * title (report.c). Valid in --follow's callbacks too. */
const char *coroner_analysis_diagnosis_role(const coroner_analysis *a, size_t i);
const char *coroner_analysis_diagnosis_title(const coroner_analysis *a, size_t i);
/* The command line that made the analysis, for the report's produced_by. */
int coroner_analysis_set_command(coroner_analysis *a, int argc, char *const *argv);
/* The inputs read, and what a reader must be warned of about one that was
 * read completely (binary data), or NULL. */
size_t coroner_analysis_input_count(const coroner_analysis *a);
const char *coroner_analysis_input_name(const coroner_analysis *a, size_t i);
const char *coroner_analysis_input_warning(const coroner_analysis *a, size_t i);

/* ---- reports (report_*.c); each returns a malloc'd NUL-terminated string ---- */

struct coroner_report_options {
        bool color;          /* ANSI colour in the text report */
        bool verbose;        /* text: full details for every diagnosis */
        bool all;            /* text: list every other diagnosis, not the first 10 */
        bool ascii;          /* text: ASCII only (a locale that is not UTF-8) */
        int width;           /* text: columns to wrap to; 0: 80 */
};

int coroner_report_json(const coroner_analysis *a, char **ret);
int coroner_report_text(const coroner_analysis *a, const struct coroner_report_options *o, char **ret);
int coroner_report_markdown(const coroner_analysis *a, char **ret);
/* --follow's JSON Lines (doc/report-json.md): a new diagnosis ("record":
 * "diagnosis"), repeats of one ("update"), the final report ("summary"). */
int coroner_report_json_line(const coroner_analysis *a, size_t index, char **ret);
int coroner_report_json_update(const coroner_analysis *a, size_t index, size_t more, char **ret);
int coroner_report_json_summary(const coroner_analysis *a, char **ret);
/* --follow's text: a new diagnosis (a block; one line for a consequence),
 * and repeats of one. */
int coroner_report_text_one(const coroner_analysis *a, size_t index,
                            const struct coroner_report_options *o, char **ret);
int coroner_report_text_update(const coroner_analysis *a, size_t index, size_t more, int interval_ms,
                               const struct coroner_report_options *o, char **ret);

/* `coroner merge` (report_merge.c): JSON reports (or --follow JSON Lines,
 * whose last summary is taken) of several hosts as one report of the same
 * schema: a diagnosis with the same id and fingerprint is joined (counts
 * and streams summed, the earliest sighting's evidence first, every host's
 * kept), ranked by severity then earliest first; "merged_from" names the
 * reports. names[i] names texts[i] in errors. */
int coroner_report_merge(const char *const *texts, const char *const *names, size_t n, char **ret,
                         struct coroner_error *err);

/* Redaction (report_redact.c). Every report above is written without
 * secrets: tokens and keys of known formats, Authorization and Bearer
 * values, passwords in URLs, password=/token=/secret= values and private
 * keys become "<redacted:KIND>". A redactor also replaces, on request,
 * host names, IP addresses, user names in home directories, emails and
 * private paths by pseudonyms that stay the same within its life (one
 * report, or one --follow session). Fingerprints are made before and do
 * not change. */
enum {
        CORONER_REDACT_HOSTS = 1 << 0,
        CORONER_REDACT_IPS = 1 << 1,
        CORONER_REDACT_USERS = 1 << 2,
        CORONER_REDACT_PATHS = 1 << 3,
        CORONER_REDACT_EMAILS = 1 << 4,
        CORONER_REDACT_ALL = (1 << 5) - 1,
};
typedef struct coroner_redactor coroner_redactor;
int coroner_redactor_new(unsigned what, coroner_redactor **ret);
void coroner_redactor_free(coroner_redactor *r);
/* Replaces in *text (a report of a; *text is replaced) what the redactor
 * was asked for; the report functions have taken the secrets out already. */
int coroner_redactor_apply(coroner_redactor *r, const coroner_analysis *a, char **text);

/* ---- start-up milestones (match_milestones.c, milestones/README.md) ---- */

/* What a service prints as it starts: "weights loaded", "ready". One file
 * per service family; coroner run and watch print them as they happen. */
typedef struct coroner_milestones coroner_milestones;
struct coroner_milestone {
        const char *family;       /* "sglang", "vllm", ... */
        int stage;                /* its place: 0 started ... 7 ready (CORONER_STAGE_READY) */
        const char *stage_name;   /* "weights-loaded" */
        char text[256];           /* what it says, with the line's values */
};
enum { CORONER_STAGE_READY = 7 };
int coroner_milestones_new(coroner_milestones **ret);
void coroner_milestones_free(coroner_milestones *ms);
/* *.json directly in dir, in name order; on a malformed file returns
 * CORONER_E_SIGNATURE with err filled. */
int coroner_milestones_load_dir(coroner_milestones *ms, const char *dir, struct coroner_error *err);
int coroner_milestones_load_file(coroner_milestones *ms, const char *path, struct coroner_error *err);
size_t coroner_milestones_count(const coroner_milestones *ms);
const char *coroner_milestone_stage_name(int stage);
/* The first milestone whose pattern matches the line (one thread at a time). */
bool coroner_milestones_match(coroner_milestones *ms, const char *line, size_t len, struct coroner_milestone *ret);
/* A generic family ("generic": true) serves many services: uvicorn's
 * "Application startup complete." is vLLM's ready line, but not SGLang's,
 * which has a ready line of its own (coroner_milestones_family_has_ready)
 * after its warm-up. */
bool coroner_milestones_family_generic(const coroner_milestones *ms, const char *family);
bool coroner_milestones_family_has_ready(const coroner_milestones *ms, const char *family);
/* Every sample matches its own milestone; one line per problem into
 * *report (malloc'd). Returns the number of errors. */
int coroner_milestones_check(coroner_milestones *ms, char **report);

const char *coroner_version(void);

#endif
