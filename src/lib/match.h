/* match.h — the match stage: signatures, knowledge tables, facts, the pre-filter
 * and blame; events -> match results. PCRE2 and cJSON are seen from here on. */
#ifndef CORONER_MATCH_H
#define CORONER_MATCH_H

#include "assemble.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <cjson/cJSON.h>

/* ---- signatures (match_signatures.c) ---- */

struct pattern {
        char *source;         /* set when the signature gives this criterion */
        pcre2_code *code;     /* compiled at load, or (pattern_compile_later) on first use */
        _Atomic bool ready;   /* compiled and JIT-compiled (pattern_code, under a lock) */
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
/* p's compiled code, compiled and JIT-compiled on first use; NULL when p
 * is not set or (a deferred pattern) does not compile. */
const pcre2_code *pattern_code(const struct pattern *p);
/* Does code have a capture called name (once, or several times with (?J))? */
bool pattern_has_capture(const pcre2_code *code, const char *name);
/* Does code have every capture the conditions name? */
bool where_names_captures(const struct where *w, size_t n, const pcre2_code *code);

struct candidate {
        char *cause;
        char *check;
        const char *category;     /* optional: a cause of another category, offered
                                   * as an alternative reading (rank.c) */
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
        bool words_first;       /* a knowledge entry too generic to name a cause (INTERNAL, ENOENT),
                                 * or a signature of a wrapper around another error: a message
                                 * class that names one is preferred */
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
/* A key the format does not have is a mistake ("fixs" for "fixes"), not
 * something to ignore: CORONER_E_SIGNATURE naming it and the known ones
 * (keys is NULL-terminated; what says which object, path where). */
int data_file_known_keys(const cJSON *obj, const char *const *keys, const char *what, const char *path,
                         struct coroner_error *err);

/* ---- the words of failures (knowledge/words.json) ---- */

/* What nothing recognises still has words: "NCCL", "connection", "MIG".
 * A class's words give a guess at the category of an unrecognised
 * exception or of error lines nothing explains; the diagnosis stays what
 * it was (its basis, tier and confidence), only its category is guessed. */
struct word_class {
        const char *category, *what;  /* point into the table's JSON */
        struct pattern pattern;
};
struct word_classes {
        cJSON *json;
        struct word_class *classes;
        size_t n;
};
void word_classes_free(struct word_classes *w);

/* ---- the Python knowledge table (knowledge/python.json) ---- */

/* Another reading of a diagnosis's evidence, of another category: a
 * signature's candidate cause with a category of its own, a table's
 * "alternative", or blame's second reading. The first diagnosis of a report
 * offers its readings as diagnoses of their own right after it
 * (rank.c, ranking_finish). */
struct alternative {
        const char *category;  /* static or the database's; NULL: none */
        const char *cause, *check;
};

/* One Python exception type: what it means when nothing more specific is
 * known, and how blame treats it (match_blame.c). Strings point into the
 * table's JSON. */
struct exception_type {
        const char *name;        /* "KeyError", "ray.exceptions.OutOfMemoryError" */
        const char *blame;       /* "bug", "import", "attribute", "os", "runtime", ... */
        const char *category;    /* NULL: decided by the message (runtime) */
        const char *meaning, *fix, *sample;
        struct alternative alt;  /* its "alternative" (category NULL: none) */
        coroner_severity severity;
        bool symptom;
};

/* A class of messages that names a kind of bug whatever raised it (a tensor
 * shape or dtype mismatch), from the upstream libraries' wording. */
struct message_class {
        const char *what;
        const char *category;    /* NULL: a bug in the code that raised it (application-bug) */
        const cJSON *fixes;      /* what to do (without category: instead of the
                                  * tensor advice, when the class has its own) */
        /* optional: the same words read as a failure of another kind */
        struct alternative alt;
        struct pattern pattern;
        /* "in_warnings": read in lines logged as warnings too. Its pattern's
         * literals (checked at load: one on every path, none shorter than
         * 7 bytes) join the pre-filter's triggers, so the fast
         * path sees what the reference matcher does, at the cost of the
         * lines that hold them. */
        bool in_warnings;
};

struct python_knowledge {
        char *path;
        cJSON *json;
        struct exception_type *types;
        size_t n_types;
        struct message_class *classes;
        size_t n_classes;
        const cJSON *packages;    /* import name -> pip distribution name */
        const char **frameworks;  /* import names recognised in source checkouts, sorted */
        size_t n_frameworks;
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
        uint8_t tags;  /* PF_TAG_* of the triggers found (prefilter_line_watch) */
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
const char *facts_literal(size_t i);  /* the pre-filter's watcher words; NULL past the end */
/* Looks for facts and candidate evidence in s (a list of watchers left
 * in f->hits by another line is dropped). */
void facts_scan(const coroner_db *db, struct facts *f, pcre2_match_data *md, const char *s, size_t n,
                int input, long line);
void facts_free(struct facts *f);
/* Whether the log showed the evidence of candidate k of sig, a signature
 * of db (the analysis's db: signatures check runs samples with a db of
 * their own, so sig's number in the loading db is not its place here). */
bool facts_candidate_seen(const struct facts *f, const coroner_db *db, const struct coroner_signature *sig, size_t k);
/* facts_scan for the watchers already listed in f->hits by the pre-filter's
 * pass over the line s lies in; the list is used up. */
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
        struct prefilter *pf_watch;  /* pf's watchers alone (prefilter_build_watchers) */
        struct prefilter *pf_classes;  /* python.json's message classes by their literals */
        struct watcher *watchers;    /* what pf's watcher codes stand for */
        size_t n_watchers;
        struct fact_rules *fact_rules;
        uint64_t generation;   /* bumped by every load; pf_generation tells if pf is current */
        uint64_t pf_generation;
        char **dups;     /* ids defined twice under one directory */
        size_t n_dups;
        unsigned root;   /* coroner_db_load_dir calls so far */
        bool keep_going;         /* coroner_db_set_keep_going: a broken file is noted, not the end */
        bool defer_compile;      /* coroner_db_set_defer_compile: patterns loaded now compile on first use */
        struct strbuf dirs;      /* the directories loaded, one per line (the report's produced_by) */
        uint64_t content_hash;   /* FNV-1a over every file's text, in loading order */
        struct strbuf broken;    /* "error: FILE: what" lines of the files that did not load */
        int n_broken;
        uint32_t *id_slots;  /* open addressing by id hash: index into sigs + 1, 0 = empty */
        size_t id_cap;       /* a power of two, at least twice n_sigs */
        bool reference;  /* coroner_db_set_reference */
        bool tables_only;  /* coroner_db_set_tables_only: skip signature files */
        struct python_knowledge *python;  /* knowledge/python.json, or NULL */
        struct word_classes *words;       /* knowledge/words.json, or NULL */
        cJSON **tables;  /* the knowledge tables loaded: their entries' signatures
                          * refer to their arrays instead of copying them */
        size_t n_tables;
};
void signature_free(struct coroner_signature *s);
bool category_known(const char *category);
/* PCRE2-compiles src into p; on error names where, key and the offset. */
/* A match context with the limits every pattern runs under (LIMIT_PCRE2_*):
 * hostile lines cost bounded time. NULL when out of memory. */
pcre2_match_context *limited_match_context(void);
int pattern_compile(const char *src, struct pattern *p, const char *where, const char *key,
                    struct coroner_error *err);
/* src compiled with the options every signature pattern uses, at load
 * (pattern_compile) or on first use (pattern_code); NULL on error. */
pcre2_code *pattern_compile_code(const char *src, int *ret_error, PCRE2_SIZE *ret_offset);
/* Keeps src in p, to be compiled on first use (pattern_code): for the
 * shipped knowledge tables, whose 1,600 generated patterns would cost a
 * third of start-up; `signatures check` compiles each and says which fail. */
int pattern_compile_later(const char *src, struct pattern *p);
void pattern_free(struct pattern *p);
/* Parses json (a signature object; taken over, also on failure) and adds it. */
int db_add_signature_json(coroner_db *db, const char *path, cJSON *json, const char *table,
                          struct coroner_error *err);

/* match_knowledge.c: a knowledge table -> one signature per entry. */
int knowledge_expand(coroner_db *db, const char *path, const cJSON *table, struct coroner_error *err);

/* match_prefilter.c: finds, in a few cycles a byte, which of many literals
 * a line holds. It knows nothing of what they stand for: its input is a
 * list of literals, each with a code and a tag (match_literals.c). */
struct prefilter;
struct pf_literal {
        char text[64];
        bool caseless;
        int32_t code;  /* >= 0: the signature it is a literal of; -1: a trigger (the
                        * line must be decoded); -2 - w: watcher w (struct watcher) */
        uint8_t tag;   /* PF_TAG_*: reported by a line's full scan (0: none) */
};
/* A message matched as a whole ("Killed"): short, so checked at a line's
 * end, not indexed. text is the signature's. */
struct pf_whole {
        const char *text;
        size_t len;
        uint32_t sig;
};
struct pf_input {
        const struct pf_literal *literals;
        size_t n_literals;
        const struct pf_whole *wholes;
        size_t n_wholes;
        const uint64_t *always;  /* signatures without a literal: candidates of every event */
        size_t n_sigs;
};
/* Watchers' literals must be this long: the stride does not shrink for them. */
enum { PF_MIN_WATCHED = 7 };
int prefilter_build(const struct pf_input *in, struct prefilter **ret);
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
int prefilter_build_observed(const struct prefilter *base, const struct observed *seen, struct prefilter **ret);
/* base's watchers (facts, candidate evidence) and tagged triggers alone:
 * for lines that are decoded anyway, where only those are still to be
 * found. */
int prefilter_build_watchers(const struct prefilter *base, struct prefilter **ret);
void prefilter_free(struct prefilter *pf);
/* Could this line start or hold evidence? 0: it can be skipped; PF_WATCH:
 * only facts or candidate evidence may be in it; PF_FULL: decode it. */
enum { PF_WATCH = 1, PF_FULL = 2 };
/* What prefilter_line_watch's full scan reports of a line besides: a text
 * decode_level looks for (decode_level_text), a service's start banner. */
enum { PF_TAG_LEVEL = 1, PF_TAG_BANNER = 2 };
extern const char *const prefilter_banners[];  /* NULL-terminated (match_literals.c) */
int prefilter_line(const struct prefilter *pf, const char *s, size_t n);
/* The same, listing the watchers found in hits (when it returns PF_WATCH
 * alone, the list is complete); the caller hands it to facts_scan_listed. */
int prefilter_line_watch(const struct prefilter *pf, const char *s, size_t n, struct watch_hits *hits);
/* Lists in hits->list the watchers whose literal is in s (each once);
 * returns how many. facts_scan_listed consumes the list. */
size_t prefilter_watchers(const struct prefilter *pf, const char *s, size_t n, struct watch_hits *hits);
/* Sets the bit of each signature whose literal occurs in s. */
void prefilter_candidates(const struct prefilter *pf, const char *s, size_t n, uint64_t *bits);
void prefilter_add_always(const struct prefilter *pf, uint64_t *bits);
size_t prefilter_sig_words(const struct prefilter *pf);

/* match_literals.c: what the pre-filter looks for, from every stage. */
/* The literals a pattern cannot match without, one per alternative. */
bool pattern_literals(const char *pattern, char lits[][64], size_t cap, size_t *ret_n, bool *caseless);
/* What a watcher stands for: fact rule a, or candidate b of signature a. */
struct watcher {
        bool candidate;
        uint32_t a, b;
};
/* Builds db->pf and db->pf_watch from the triggers, the level texts, the
 * facts' and candidates' words (db->watchers) and the signatures' literals. */
int db_build_prefilters(coroner_db *db);
void db_free_prefilters(coroner_db *db);
/* The message classes (db->python) that s may match: their bits set in a
 * calloc'd array of prefilter_sig_words(db->pf_classes) words, or NULL
 * (no pre-filter, or no memory): then every class may. */
uint64_t *db_class_candidates(const coroner_db *db, const char *s, size_t n);
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
        size_t raised_depth;          /* frames of the raising library in its innermost run */
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
        const char *category;         /* a static string or the database's */
        char *title;
        coroner_severity severity;
        bool symptom;
        bool as_warning;              /* read by a class that warning lines opt into
                                       * (in_warnings), in a line without an error level */
        int specificity;
        /* A message class's verdict on a line: the class (its "what").
         * Every line it names in a run is one failure, whatever numbers
         * each holds ("Mismatched elements: 2288 / 8423", then "Greatest
         * absolute difference: ..."); NULL otherwise. */
        const char *family;
        /* Where a traceback was raised (any basis). */
        struct frame_ref raised_in, called_from;
        /* A generic verdict's other reading, of another category (blame
         * cannot tell the two apart from the frames): cause and check, or NULL. */
        const char *alt_category;
        char *alt_cause, *alt_check;
};
/* An error line whose words name a kind of failure (knowledge/python.json's
 * message classes with a category): its generic verdict. */
bool blame_error_line(const coroner_db *db, pcre2_match_data *md, const struct event *ev, struct match_result *m);
/* The same for a line logged as a warning, from the classes in_warnings. */
bool blame_warning_line(const coroner_db *db, pcre2_match_data *md, const struct event *ev, struct match_result *m);
/* The verdict of a message class that names a category, from the line's
 * words or (b: blame_event's, NULL for a line) the exception's message; false if none does.
 * Preferred to a knowledge entry too generic to name a cause (words_first). */
bool blame_named_class(const coroner_db *db, pcre2_match_data *md, const struct event *ev, const struct blame *b,
                       struct match_result *m);
/* A warning whose message names a kind of failure ("The NVIDIA driver on
 * your system is too old"): a generic verdict of severity warning. */
bool blame_warning(const coroner_db *db, pcre2_match_data *md, const struct blame *b, struct match_result *m);
/* Fills a generic verdict from b when the evidence allows; false: unrecognized. */
bool blame_verdict(const coroner_db *db, pcre2_match_data *md, const struct blame *b, struct match_result *ret);
/* What match_event uses besides the database, one per analysis (thread),
 * zeroed to begin: */
struct match_scratch {
        /* The pre-filter to find an event's candidates with: any build of
         * the database's literals finds the same ones (an analysis's build,
         * anchored on windows rare in its input, finds them faster); NULL:
         * the database's own. */
        const struct prefilter *pf;
        struct match_memo *memo;  /* decisions by event text (match_memo.c) */
        uint64_t key_hash;        /* of the event being matched */
};
void match_scratch_free(struct match_scratch *scratch);
/* match_memo.c: 1 and the decision (db->sigs index or SIZE_MAX, exception)
 * when a traceback or exception of ev's text was matched before; 0 when not (then
 * match_memo_keep stores the decision made); -1 when ev cannot be kept. */
int match_memo_find(struct match_scratch *scratch, const struct event *ev, size_t *sig, size_t *exc);
void match_memo_keep(struct match_scratch *scratch, size_t sig, size_t exc);
/* Finds the best signature for ev; returns true and sets ret's sig, exc
 * and basis if one matched. md, scratch: the caller's (one per thread). */
bool match_event(const coroner_db *db, pcre2_match_data *md, struct match_scratch *scratch,
                 const struct event *ev, struct match_result *ret);
/* The summary, fixes and checks of m's signature, captures filled in from
 * ev: once per diagnosis, not per occurrence. */
void match_render(const coroner_db *db, const struct event *ev, struct match_result *m);
/* A line logged at an error level that nothing matched: the generic
 * verdict "error-lines" (basis BASIS_ERROR_LINES). */
bool match_error_line(const struct event *ev, struct match_result *m);
/* The first word class (knowledge/words.json) whose words text holds, or
 * NULL: the guessed category of what nothing recognises (rank.c asks once
 * per diagnosis kept, when the ranking is finished). */
const struct word_class *words_guess(const coroner_db *db, pcre2_match_data *md, const char *text, size_t n);
/* Records where ev's traceback was raised in m (raised_in, called_from). */
void match_locate(const coroner_db *db, const struct event *ev, struct match_result *m);
/* The same from ev's blame, when the caller has it already. */
void match_locate_blamed(const struct blame *b, struct match_result *m);
void match_result_free(struct match_result *m);
bool pattern_search(const coroner_db *db, const struct pattern *p, const char *s, size_t n,
                    pcre2_match_data *md);

/* fingerprint.c */
void fingerprint_event(const struct event *ev, const struct exception *exc, char ret[17]);
void fingerprint_mask_message(const char *msg, struct strbuf *out);
void fingerprint_module_of(const char *path, struct strbuf *out);

#endif
