/* match_signatures.c — load signature files into the database.
 *
 * One JSON object per file (format: signatures/README.md). A file that does
 * not parse, lacks a field or holds a pattern PCRE2 rejects is reported with
 * its path and line:column (JSON) or pattern offset (PCRE2).
 */
#include "config.h"
#include "match.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

pcre2_match_context *limited_match_context(void)
{
        pcre2_match_context *mc = pcre2_match_context_create(NULL);
        if (mc) {
                pcre2_set_match_limit(mc, LIMIT_PCRE2_MATCH);
                pcre2_set_depth_limit(mc, LIMIT_PCRE2_DEPTH);
                pcre2_set_heap_limit(mc, LIMIT_PCRE2_HEAP_KIB);
        }
        return mc;
}

int coroner_db_new(coroner_db **ret)
{
        coroner_db *db = xmalloc_or_null(sizeof *db);
        if (!db)
                return CORONER_E_NOMEM;
        db->mctx = limited_match_context();
        if (!db->mctx) {
                free(db);
                return CORONER_E_NOMEM;
        }
        db->md = pcre2_match_data_create(32, NULL);
        if (!db->md) {
                pcre2_match_context_free(db->mctx);
                free(db);
                return CORONER_E_NOMEM;
        }
        *ret = db;
        return 0;
}

void pattern_free(struct pattern *p)
{
        pcre2_code_free(p->code);
        free(p->source);
        memset(p, 0, sizeof *p);
}

void signature_free(struct coroner_signature *s)
{
        if (!s)
                return;
        free(s->overrides);
        pattern_free(&s->message);
        pattern_free(&s->line);
        pattern_free(&s->frame_file);
        pattern_free(&s->frame_function);
        for (size_t i = 0; i < s->n_candidates; i++) {
                pattern_free(&s->candidates[i].evidence);
                free(s->candidates[i].where);
        }
        free(s->where);
        free(s->candidates);
        free(s->exception_types);
        free(s->wholes);
        free(s->fixes);
        free(s->references);
        free(s->explains);
        cJSON_Delete(s->json);
        free(s->path);
        free(s->table);
        free(s);
}

void coroner_db_free(coroner_db *db)
{
        if (!db)
                return;
        for (size_t i = 0; i < db->n_sigs; i++)
                signature_free(db->sigs[i]);
        for (size_t i = 0; i < db->n_tables; i++)
                cJSON_Delete(db->tables[i]);
        free(db->tables);
        free(db->sigs);
        for (size_t i = 0; i < db->n_dups; i++)
                free(db->dups[i]);
        free(db->dups);
        sb_free(&db->broken);
        sb_free(&db->dirs);
        free(db->id_slots);
        pcre2_match_context_free(db->mctx);
        pcre2_match_data_free(db->md);
        db_free_prefilters(db);
        facts_rules_free(db->fact_rules);
        python_knowledge_free(db->python);
        word_classes_free(db->words);
        free(db);
}

size_t coroner_db_count(const coroner_db *db) { return db->n_sigs; }
void coroner_db_set_reference(coroner_db *db, bool reference) { db->reference = reference; }
void coroner_db_set_tables_only(coroner_db *db, bool tables_only) { db->tables_only = tables_only; }

const coroner_signature *coroner_db_get(const coroner_db *db, size_t i)
{
        return i < db->n_sigs ? db->sigs[i] : NULL;
}

/* The slot of id in db->id_slots: where it is, or the empty one where it
 * would go. Thousands of signatures load in linear time. */
static size_t id_slot(const coroner_db *db, const char *id)
{
        size_t mask = db->id_cap - 1, k = (size_t)fnv1a64(id, strlen(id), FNV1A64_INIT) & mask;
        while (db->id_slots[k] && strcmp(db->sigs[db->id_slots[k] - 1]->id, id) != 0)
                k = (k + 1) & mask;
        return k;
}

static int index_ids(coroner_db *db)
{
        size_t cap = 64;
        while (cap < 2 * (db->n_sigs + 1))
                cap *= 2;
        if (cap == db->id_cap)
                return 0;
        uint32_t *slots = calloc(cap, sizeof *slots);
        if (!slots)
                return CORONER_E_NOMEM;
        free(db->id_slots);
        db->id_slots = slots;
        db->id_cap = cap;
        for (size_t i = 0; i < db->n_sigs; i++)
                db->id_slots[id_slot(db, db->sigs[i]->id)] = (uint32_t)i + 1;
        return 0;
}

const coroner_signature *coroner_db_find(const coroner_db *db, const char *id)
{
        if (!db->id_cap)
                return NULL;
        uint32_t at = db->id_slots[id_slot(db, id)];
        return at ? db->sigs[at - 1] : NULL;
}

const char *coroner_signature_id(const coroner_signature *s) { return s->id; }
const char *coroner_signature_title(const coroner_signature *s) { return s->title; }
const char *coroner_signature_category(const coroner_signature *s) { return s->category; }
const char *coroner_signature_path(const coroner_signature *s) { return s->path; }
const char *coroner_signature_table(const coroner_signature *s) { return s->table; }
coroner_severity coroner_signature_severity(const coroner_signature *s) { return s->severity; }
char *coroner_signature_json(const coroner_signature *s) { return cJSON_Print(s->json); }

static const char *const categories[] = {
        "gpu-out-of-memory", "gpu-memory-held-by-other-process", "host-out-of-memory",
        "shared-memory-exhausted", "disk-full", "resource-limit", "library-version-mismatch",
        "binary-abi-mismatch", "cuda-version-mismatch", "driver-problem", "missing-dependency",
        "gpu-arch-unsupported", "gpu-hardware-fault", "gpu-kernel-fault", "gpu-unavailable",
        "distributed-communication", "port-in-use", "network-problem", "model-access-denied",
        "model-files-invalid", "model-unsupported", "invalid-configuration", "compile-failure",
        "process-crash", "multiprocessing-misuse", "container-or-platform", "application-bug",
        "service-failure", "storage-problem", "system-error",
};

bool category_known(const char *c)
{
        for (size_t i = 0; i < sizeof categories / sizeof categories[0]; i++)
                if (strcmp(c, categories[i]) == 0)
                        return true;
        return false;
}

/* Line and column of offset in text, 1-based. */
static void line_col(const char *text, size_t offset, int *line, int *col)
{
        *line = 1;
        *col = 1;
        for (size_t i = 0; i < offset && text[i]; i++) {
                if (text[i] == '\n') {
                        (*line)++;
                        *col = 1;
                } else {
                        (*col)++;
                }
        }
}

static int fail(struct coroner_error *err, const char *path, const char *fmt, const char *detail)
{
        set_error(err, path, fmt, detail);
        return CORONER_E_SIGNATURE;
}

static const char *get_string(const cJSON *obj, const char *key)
{
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
        return cJSON_IsString(v) ? v->valuestring : NULL;
}

/* An array of strings (or a single string) -> array of pointers into json. */
static int get_strings(const cJSON *obj, const char *key, const char ***ret, size_t *ret_n,
                       struct coroner_error *err, const char *path)
{
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
        *ret = NULL;
        *ret_n = 0;
        if (!v)
                return 0;
        if (cJSON_IsString(v)) {
                *ret = malloc(sizeof **ret);
                if (!*ret)
                        return CORONER_E_NOMEM;
                (*ret)[0] = v->valuestring;
                *ret_n = 1;
                return 0;
        }
        if (!cJSON_IsArray(v))
                return fail(err, path, "\"%s\" must be a string or an array of strings", key);
        size_t n = (size_t)cJSON_GetArraySize(v);
        *ret = calloc(n ? n : 1, sizeof **ret);
        if (!*ret)
                return CORONER_E_NOMEM;
        const cJSON *item;
        cJSON_ArrayForEach(item, v) {
                if (!cJSON_IsString(item))
                        return fail(err, path, "\"%s\" must hold only strings", key);
                (*ret)[(*ret_n)++] = item->valuestring;
        }
        return 0;
}

pcre2_code *pattern_compile_code(const char *src, int *ret_error, PCRE2_SIZE *ret_offset)
{
        return pcre2_compile((PCRE2_SPTR)src, PCRE2_ZERO_TERMINATED, PCRE2_UTF | PCRE2_MATCH_INVALID_UTF, ret_error,
                             ret_offset, NULL);
}

int pattern_compile(const char *src, struct pattern *p, const char *path, const char *key,
                    struct coroner_error *err)
{
        int code;
        PCRE2_SIZE offset;
        p->source = strndup_safe(src, strlen(src));
        if (!p->source)
                return CORONER_E_NOMEM;
        p->code = pattern_compile_code(src, &code, &offset);
        if (!p->code) {
                PCRE2_UCHAR msg[256];
                pcre2_get_error_message(code, msg, sizeof msg);
                char detail[512];
                snprintf(detail, sizeof detail, "pattern \"%s\" at offset %zu: %s", key,
                         (size_t)offset, (const char *)msg);
                pattern_free(p);  /* p is left empty: its owner may not count it (a message class) */
                return fail(err, path, "%s", detail);
        }
        /* JIT on first use (pattern_search): most signatures never run on a
         * given log, and compiling 2,000 of them up front costs more than
         * the analysis of a large file. */
        return 0;
}

int pattern_compile_later(const char *src, struct pattern *p)
{
        p->source = strndup_safe(src, strlen(src));
        return p->source ? 0 : CORONER_E_NOMEM;
}

static int optional_pattern(const cJSON *obj, const char *key, struct pattern *p, bool later,
                            const char *path, struct coroner_error *err)
{
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
        if (!v)
                return 0;
        if (!cJSON_IsString(v) || !v->valuestring[0])
                return fail(err, path, "\"%s\" must be a non-empty string (a PCRE2 pattern)", key);
        return later ? pattern_compile_later(v->valuestring, p) : pattern_compile(v->valuestring, p, path, key, err);
}

/* "where": conditions on the captures of p (match_where.c). */
static int parse_where(const cJSON *obj, const struct pattern *p, struct where **ret, size_t *ret_n, const char *path,
                       struct coroner_error *err)
{
        const cJSON *list = cJSON_GetObjectItemCaseSensitive(obj, "where"), *it;
        if (!list)
                return 0;
        if (!cJSON_IsArray(list) || !(*ret = calloc((size_t)cJSON_GetArraySize(list) + 1, sizeof **ret)))
                return list && !cJSON_IsArray(list) ? fail(err, path, "%s", "\"where\" must be an array of conditions")
                                                    : CORONER_E_NOMEM;
        cJSON_ArrayForEach(it, list) {
                if (!cJSON_IsString(it) || where_parse(it->valuestring, &(*ret)[*ret_n]) < 0)
                        return fail(err, path, "condition \"%s\" is not NAME OP [FACTOR *] (NAME | NUMBER [UNIT])",
                                    cJSON_IsString(it) ? it->valuestring : "?");
                (*ret_n)++;
        }
        if (!where_names_captures(*ret, *ret_n, pattern_code(p)))
                return fail(err, path, "%s", "a \"where\" condition names a capture its pattern does not have");
        return 0;
}

int data_file_known_keys(const cJSON *obj, const char *const *keys, const char *what, const char *path,
                      struct coroner_error *err)
{
        const cJSON *it;
        cJSON_ArrayForEach(it, obj) {
                size_t k = 0;
                while (keys[k] && strcmp(keys[k], it->string) != 0)
                        k++;
                if (!keys[k]) {
                        struct strbuf msg = { 0 };
                        sb_printf(&msg, "unknown key \"%s\" in %s (known: ", it->string, what);
                        for (k = 0; keys[k]; k++)
                                sb_printf(&msg, "%s%s", k ? ", " : "", keys[k]);
                        sb_putc(&msg, ')');
                        int r = fail(err, path, "%s", msg.data ? msg.data : "unknown key");
                        sb_free(&msg);
                        return r;
                }
        }
        return 0;
}

/* The keys of a signature file (signatures/README.md). */
static int signature_keys(const cJSON *j, const char *path, struct coroner_error *err)
{
        static const char *const top[] = { "id", "title", "category", "severity", "role", "specificity", "match",
                                           "summary", "fixes", "candidates", "references", "samples", "explains",
                                           "requires", "words_first", NULL };
        static const char *const match[] = { "exception", "message", "line", "frame", "where", "whole", "literals", NULL };
        static const char *const frame[] = { "file", "function", NULL };
        static const char *const candidate[] = { "cause", "check", "category", "evidence", "where", NULL };
        static const char *const samples[] = { "match", "no_match", NULL };
        const cJSON *m = cJSON_GetObjectItemCaseSensitive(j, "match"), *c;
        int r = data_file_known_keys(j, top, "the signature", path, err);
        if (r == 0 && cJSON_IsObject(m))
                r = data_file_known_keys(m, match, "\"match\"", path, err);
        if (r == 0 && cJSON_IsObject(cJSON_GetObjectItemCaseSensitive(m, "frame")))
                r = data_file_known_keys(cJSON_GetObjectItemCaseSensitive(m, "frame"), frame, "\"match.frame\"", path, err);
        if (r == 0 && cJSON_IsObject(cJSON_GetObjectItemCaseSensitive(j, "samples")))
                r = data_file_known_keys(cJSON_GetObjectItemCaseSensitive(j, "samples"), samples, "\"samples\"", path, err);
        cJSON_ArrayForEach(c, cJSON_GetObjectItemCaseSensitive(j, "candidates"))
                if (r == 0 && cJSON_IsObject(c))
                        r = data_file_known_keys(c, candidate, "a candidate", path, err);
        return r;
}

/* compile_later: the patterns are compiled on first use (pattern_compile_later). */
static int parse_signature(struct coroner_signature *s, bool compile_later, struct coroner_error *err)
{
        const char *path = s->path;
        cJSON *j = s->json;
        int r;
        if (!cJSON_IsObject(j))
                return fail(err, path, "%s", "a signature file holds one JSON object");
        if (!s->table && (r = signature_keys(j, path, err)) < 0)
                return r;
        static const char *const required[] = { "id", "title", "category", "severity", "role", "summary" };
        for (size_t i = 0; i < sizeof required / sizeof required[0]; i++)
                if (!get_string(j, required[i]))
                        return fail(err, path, "missing string field \"%s\"", required[i]);
        s->id = get_string(j, "id");
        s->title = get_string(j, "title");
        s->category = get_string(j, "category");
        s->summary = get_string(j, "summary");
        for (const char *c = s->id; *c; c++)
                if (!((*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') || *c == '.' ||
                      *c == '-' || *c == '_'))
                        return fail(err, path, "id \"%s\" may hold only a-z, 0-9, '.', '-', '_'", s->id);
        if (!category_known(s->category))
                return fail(err, path, "unknown category \"%s\" (see signatures/README.md)", s->category);
        if (coroner_severity_parse(get_string(j, "severity"), &s->severity) < 0)
                return fail(err, path, "severity \"%s\" is not critical, error, warning or info",
                            get_string(j, "severity"));
        const char *role = get_string(j, "role");
        if (strcmp(role, "symptom") == 0)
                s->symptom = true;
        else if (strcmp(role, "root-cause") != 0)
                return fail(err, path, "role \"%s\" is not root-cause or symptom", role);
        /* "knowledge": what a table's generated entry carries over */
        const cJSON *knowledge = cJSON_GetObjectItemCaseSensitive(j, "knowledge");
        const cJSON *words_first = cJSON_GetObjectItemCaseSensitive(j, "words_first");
        if (words_first && !cJSON_IsBool(words_first))
                return fail(err, path, "%s", "\"words_first\" must be true or false");
        s->ends_run = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(knowledge, "ends_run"));
        s->words_first = cJSON_IsTrue(words_first) || cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(knowledge, "words_first"));
        const cJSON *spec = cJSON_GetObjectItemCaseSensitive(j, "specificity");
        s->specificity = 50;
        if (spec) {
                if (!cJSON_IsNumber(spec) || spec->valuedouble < 0 || spec->valuedouble > 100)
                        return fail(err, path, "%s", "\"specificity\" must be a number from 0 to 100");
                s->specificity = spec->valueint;
        }
        if ((r = get_strings(j, "fixes", &s->fixes, &s->n_fixes, err, path)) < 0)
                return r;
        if (s->n_fixes == 0)
                return fail(err, path, "%s", "\"fixes\" needs at least one fix");
        if ((r = get_strings(j, "references", &s->references, &s->n_references, err, path)) < 0)
                return r;
        if (s->n_references == 0)
                return fail(err, path, "%s", "\"references\" needs at least one source or issue");
        if ((r = get_strings(j, "explains", &s->explains, &s->n_explains, err, path)) < 0)
                return r;

        const cJSON *m = cJSON_GetObjectItemCaseSensitive(j, "match");
        if (!cJSON_IsObject(m))
                return fail(err, path, "%s", "missing object \"match\"");
        if ((r = get_strings(m, "exception", &s->exception_types, &s->n_exception_types, err, path)) < 0)
                return r;
        if ((r = get_strings(m, "whole", &s->wholes, &s->n_wholes, err, path)) < 0)
                return r;
        if ((r = optional_pattern(m, "message", &s->message, compile_later, path, err)) < 0 ||
            (r = optional_pattern(m, "line", &s->line, compile_later, path, err)) < 0)
                return r;
        const cJSON *frame = cJSON_GetObjectItemCaseSensitive(m, "frame");
        if (frame) {
                if (!cJSON_IsObject(frame))
                        return fail(err, path, "%s", "\"match.frame\" must be an object");
                if ((r = optional_pattern(frame, "file", &s->frame_file, compile_later, path, err)) < 0 ||
                    (r = optional_pattern(frame, "function", &s->frame_function, compile_later, path, err)) < 0)
                        return r;
        }
        if ((r = parse_where(m, s->message.source ? &s->message : &s->line, &s->where, &s->n_where, path, err)) < 0)
                return r;
        if (!s->n_exception_types && !s->message.source && !s->line.source && !s->n_wholes)
                return fail(err, path, "%s", "\"match\" needs \"exception\", \"message\", \"line\" or \"whole\"");

        const cJSON *cands = cJSON_GetObjectItemCaseSensitive(j, "candidates");
        if (cands) {
                if (!cJSON_IsArray(cands))
                        return fail(err, path, "%s", "\"candidates\" must be an array");
                s->candidates = calloc((size_t)cJSON_GetArraySize(cands) + 1, sizeof *s->candidates);
                if (!s->candidates)
                        return CORONER_E_NOMEM;
                const cJSON *c;
                cJSON_ArrayForEach(c, cands) {
                        struct candidate *cd = &s->candidates[s->n_candidates++];
                        cd->cause = (char *)get_string(c, "cause");
                        cd->check = (char *)get_string(c, "check");
                        if (!cd->cause || !cd->check)
                                return fail(err, path, "%s", "each candidate needs \"cause\" and \"check\"");
                        cd->category = get_string(c, "category");
                        if (cJSON_GetObjectItemCaseSensitive(c, "category") && (!cd->category || !category_known(cd->category)))
                                return fail(err, path, "a candidate's category \"%s\" is unknown (see signatures/README.md)",
                                            cd->category ? cd->category : "");
                        if ((r = optional_pattern(c, "evidence", &cd->evidence, compile_later, path, err)) < 0 ||
                            (r = parse_where(c, &cd->evidence, &cd->where, &cd->n_where, path, err)) < 0)
                                return r;
                }
        }
        const cJSON *req = cJSON_GetObjectItemCaseSensitive(j, "requires");
        if (req) {
                const cJSON *it;
                if (!cJSON_IsObject(req))
                        return fail(err, path, "%s", "\"requires\" must be an object: {\"package\": \"<1.2\"}");
                cJSON_ArrayForEach(it, req)
                        if (!cJSON_IsString(it) || !strpbrk(it->valuestring, "<>=!"))
                                return fail(err, path, "\"requires\": \"%s\" needs a condition like \"<0.10\"", it->string);
                s->requires = req;
        }
        const cJSON *samples = cJSON_GetObjectItemCaseSensitive(j, "samples");
        if (!cJSON_IsObject(samples) || !cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(samples, "match")) ||
            cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(samples, "match")) == 0)
                return fail(err, path, "%s", "\"samples.match\" needs at least one sample");
        return 0;
}

int db_prepare(coroner_db *db)
{
        if (!db->fact_rules && facts_compile(&db->fact_rules) < 0)
                return CORONER_E_NOMEM;
        if (db->pf && db->pf_generation == db->generation)
                return 0;
        int r = db_build_prefilters(db);
        if (r == 0)
                db->pf_generation = db->generation;
        return r;
}

static int add_signature(coroner_db *db, struct coroner_signature *s)
{
        db->generation++;
        if (index_ids(db) < 0)
                return CORONER_E_NOMEM;
        size_t k = id_slot(db, s->id);
        s->root = db->root;
        if (db->id_slots[k]) {
                /* A later directory overrides an earlier one (the shipped set,
                 * then --signatures DIR in order); twice under one directory
                 * is a mistake that `signatures check` reports. */
                size_t i = db->id_slots[k] - 1;
                if (db->sigs[i]->root == s->root) {
                        char **p = realloc(db->dups, (db->n_dups + 1) * sizeof *p);
                        if (p) {
                                db->dups = p;
                                db->dups[db->n_dups++] = strndup_safe(s->id, strlen(s->id));
                        }
                } else {
                        free(s->overrides);
                        s->overrides = strndup_safe(db->sigs[i]->path, strlen(db->sigs[i]->path));
                }
                signature_free(db->sigs[i]);
                s->number = i;
                db->sigs[i] = s;
                return 0;
        }
        struct coroner_signature **p = grow_array(db->sigs, db->n_sigs, &db->cap, sizeof *p, 64);
        if (!p)
                return CORONER_E_NOMEM;
        db->sigs = p;
        s->number = db->n_sigs;
        db->sigs[db->n_sigs++] = s;
        db->id_slots[k] = (uint32_t)db->n_sigs;
        return 0;
}

enum { SIGNATURE_FILE_LIMIT = 8 << 20, SIGNATURE_TREE_DEPTH = 16 };

/* A signature file: a regular file (a FIFO named *.json would block for
 * ever, so the file is opened without blocking and its type checked) of at
 * most SIGNATURE_FILE_LIMIT bytes. */
static char *data_file_read(const char *path, struct coroner_error *err)
{
        int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
        if (fd < 0) {
                set_error(err, path, "cannot open: %s", strerror(errno));
                return NULL;
        }
        struct stat st;
        if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
                set_error(err, path, "%s", "not a regular file");
                close(fd);
                return NULL;
        }
        struct strbuf sb = { 0 };
        char buf[8192];
        ssize_t n;
        while ((n = read(fd, buf, sizeof buf)) > 0 && sb.len <= SIGNATURE_FILE_LIMIT)
                sb_append(&sb, buf, (size_t)n);
        close(fd);
        if (sb.len > SIGNATURE_FILE_LIMIT) {
                set_error(err, path, "too large (over %d MiB, the limit for a signature file): split it",
                          SIGNATURE_FILE_LIMIT >> 20);
                sb_free(&sb);
                return NULL;
        }
        char *text = sb_take(&sb);
        if (!text)
                set_error(err, path, "%s", n < 0 ? strerror(errno) : "out of memory");
        return text;
}

cJSON *data_file_json(const char *path, uint64_t *hash, struct coroner_error *err)
{
        char *text = data_file_read(path, err);
        if (!text)
                return NULL;
        if (hash)
                *hash = fnv1a64(text, strlen(text), *hash);
        const char *end = NULL;
        cJSON *json = cJSON_ParseWithOpts(text, &end, true);
        if (!json) {
                int line, col;
                const char *at = end ? end : cJSON_GetErrorPtr();
                line_col(text, at ? (size_t)(at - text) : 0, &line, &col);
                char where[4200];
                snprintf(where, sizeof where, "%s:%d:%d", path, line, col);
                set_error(err, where, "%s", "invalid JSON");
        }
        free(text);
        return json;
}

int db_add_signature_json(coroner_db *db, const char *path, cJSON *json, const char *table,
                          struct coroner_error *err)
{
        struct coroner_signature *s = xmalloc_or_null(sizeof *s);
        if (!s) {
                cJSON_Delete(json);
                return CORONER_E_NOMEM;
        }
        s->path = strndup_safe(path, strlen(path));
        s->json = json;
        if (table)
                s->table = strndup_safe(table, strlen(table));
        int r = s->path && (!table || s->table) ? parse_signature(s, db->defer_compile, err) : CORONER_E_NOMEM;
        if (r == 0)
                r = add_signature(db, s);
        if (r < 0)
                signature_free(s);
        return r;
}

int coroner_db_load_file(coroner_db *db, const char *path, struct coroner_error *err)
{
        if (!db->content_hash)
                db->content_hash = FNV1A64_INIT;
        cJSON *json = data_file_json(path, &db->content_hash, err);
        if (!json)
                return CORONER_E_SIGNATURE;
        /* A knowledge table expands into one signature per entry. Its
         * signatures refer to the table's text, so the db keeps it. */
        if (cJSON_GetObjectItemCaseSensitive(json, "table")) {
                cJSON **tables = realloc(db->tables, (db->n_tables + 1) * sizeof *tables);
                if (!tables) {
                        cJSON_Delete(json);
                        return CORONER_E_NOMEM;
                }
                db->tables = tables;
                db->tables[db->n_tables++] = json;
                return knowledge_expand(db, path, json, err);
        }
        if (db->tables_only) {
                cJSON_Delete(json);
                return 0;
        }
        return db_add_signature_json(db, path, json, NULL, err);
}

static int cmp_str(const void *a, const void *b)
{
        return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The directories on the way down, to visit none twice: a symlink loop
 * would otherwise be followed until memory runs out. */
struct visited {
        dev_t dev[SIGNATURE_TREE_DEPTH];
        ino_t ino[SIGNATURE_TREE_DEPTH];
        int depth;
};

static int load_tree(coroner_db *db, const char *dir, struct visited *v, struct coroner_error *err)
{
        struct stat st;
        if (stat(dir, &st) != 0) {
                set_error(err, dir, "cannot open signature directory: %s", strerror(errno));
                return CORONER_E_SIGNATURE;
        }
        for (int i = 0; i < v->depth; i++)
                if (v->dev[i] == st.st_dev && v->ino[i] == st.st_ino)
                        return 0;  /* a link back up: already being read */
        if (v->depth == SIGNATURE_TREE_DEPTH) {
                set_error(err, dir, "signature directories nested more than %d deep", SIGNATURE_TREE_DEPTH);
                return CORONER_E_SIGNATURE;
        }
        DIR *d = opendir(dir);
        if (!d) {
                set_error(err, dir, "cannot open signature directory: %s", strerror(errno));
                return CORONER_E_SIGNATURE;
        }
        v->dev[v->depth] = st.st_dev;
        v->ino[v->depth] = st.st_ino;
        v->depth++;
        /* Sorted, so that loading order (and so replacement) is reproducible. */
        char **names = NULL;
        size_t n = 0, cap = 0;
        int r = 0;
        struct dirent *e;
        while ((e = readdir(d))) {
                if (e->d_name[0] == '.')
                        continue;
                char **p = grow_array(names, n, &cap, sizeof *p, 32);
                if (p)
                        names = p;
                if (!p || !(p[n] = strndup_safe(e->d_name, strlen(e->d_name)))) {
                        r = CORONER_E_NOMEM;
                        set_error(err, dir, "%s", "out of memory");
                        break;
                }
                n++;
        }
        closedir(d);
        qsort(names, n, sizeof *names, cmp_str);
        for (size_t i = 0; i < n; i++) {
                char path[4096];
                snprintf(path, sizeof path, "%s/%s", dir, names[i]);
                size_t len = strlen(names[i]);
                if (r == 0 && stat(path, &st) == 0) {
                        if (S_ISDIR(st.st_mode))
                                r = load_tree(db, path, v, err);
                        else if (S_ISREG(st.st_mode) && len > 5 && strcmp(names[i] + len - 5, ".json") == 0)
                                r = coroner_db_load_file(db, path, err);
                        if (r == CORONER_E_SIGNATURE && db->keep_going) {
                                sb_printf(&db->broken, "error: %s: %s\n", err ? err->where : path, err ? err->message : "");
                                db->n_broken++;
                                r = 0;
                        }
                }
                free(names[i]);
        }
        free(names);
        v->depth--;
        return r;
}

int coroner_db_load_dir(coroner_db *db, const char *dir, struct coroner_error *err)
{
        struct visited v = { .depth = 0 };
        db->root++;
        sb_printf(&db->dirs, "%s\n", dir);
        return load_tree(db, dir, &v, err);
}

const char *coroner_signature_overrides(const coroner_signature *sig) { return sig->overrides; }

void coroner_db_set_keep_going(coroner_db *db, bool keep_going) { db->keep_going = keep_going; }

void coroner_db_set_defer_compile(coroner_db *db, bool defer) { db->defer_compile = defer; }

size_t signature_gave_up(const struct coroner_signature *s, const char **ret_sample)
{
        const struct pattern *pats[] = { &s->message, &s->line, &s->frame_file, &s->frame_function };
        size_t total = 0;
        *ret_sample = NULL;
        for (size_t i = 0; i < 4 + s->n_candidates; i++) {
                const struct pattern *p = i < 4 ? pats[i] : &s->candidates[i - 4].evidence;
                size_t n = atomic_load(&p->gave_up);
                if (n && !*ret_sample)
                        *ret_sample = p->sample;
                total += n;
        }
        return total;
}
