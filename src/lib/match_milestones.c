/* match_milestones.c — the start-up milestones of a service (coroner run
 * and watch): "weights loaded", "KV cache allocated", "ready".
 *
 * One file per service family under milestones/ (milestones/README.md):
 * each milestone is a stage from the fixed list below, a pattern, the text
 * to print with the pattern's named captures filled in, the upstream
 * source of the wording, and sample lines that must match (checked by
 * `coroner signatures check`, like the signatures' samples).
 */
#include "config.h"
#include "match.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* In the order a server goes through them. */
static const char *const stages[] = {
        "started", "distributed-init", "weights-loading", "weights-loaded",
        "kv-cache", "cuda-graphs", "listening", "ready",
};
enum { N_STAGES = sizeof stages / sizeof stages[0] };

struct milestone {
        const char *family;   /* owned by the file's entry in families */
        int stage;
        pcre2_code *re;
        char *say;
        char *path;           /* the file, for errors of check */
        char **samples;
        size_t n_samples;
};

struct coroner_milestones {
        struct milestone *items;
        char **generic;       /* families that serve many services (uvicorn) */
        size_t n_generic, generic_cap;
        size_t n, cap;
        char **families;
        size_t n_families, families_cap;
        pcre2_match_data *md;      /* scratch (one thread at a time) */
        pcre2_match_context *mc;   /* the limits every pattern runs under */
};

int coroner_milestones_new(coroner_milestones **ret)
{
        coroner_milestones *ms = calloc(1, sizeof *ms);
        if (!ms || !(ms->md = pcre2_match_data_create(32, NULL)) || !(ms->mc = limited_match_context())) {
                coroner_milestones_free(ms);
                return CORONER_E_NOMEM;
        }
        *ret = ms;
        return 0;
}

void coroner_milestones_free(coroner_milestones *ms)
{
        if (!ms)
                return;
        for (size_t i = 0; i < ms->n; i++) {
                struct milestone *m = &ms->items[i];
                pcre2_code_free(m->re);
                free(m->say);
                free(m->path);
                for (size_t k = 0; k < m->n_samples; k++)
                        free(m->samples[k]);
                free(m->samples);
        }
        for (size_t i = 0; i < ms->n_families; i++)
                free(ms->families[i]);
        free(ms->generic);
        free(ms->families);
        free(ms->items);
        pcre2_match_data_free(ms->md);
        pcre2_match_context_free(ms->mc);
        free(ms);
}

size_t coroner_milestones_count(const coroner_milestones *ms)
{
        return ms->n;
}

const char *coroner_milestone_stage_name(int stage)
{
        return stage >= 0 && stage < N_STAGES ? stages[stage] : "?";
}

static int stage_number(const char *name)
{
        for (int i = 0; i < N_STAGES; i++)
                if (strcmp(name, stages[i]) == 0)
                        return i;
        return -1;
}

static const char *string_of(const cJSON *obj, const char *key)
{
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
        return cJSON_IsString(v) && v->valuestring[0] ? v->valuestring : NULL;
}

static int add_milestone(coroner_milestones *ms, const char *path, const char *family, const cJSON *entry, int index,
                         struct coroner_error *err)
{
        static const char *const keys[] = { "stage", "pattern", "say", "source", "samples", NULL };
        char where[4200];
        snprintf(where, sizeof where, "%s: milestones[%d]", path, index);
        const char *stage = string_of(entry, "stage"), *pattern = string_of(entry, "pattern"),
                   *say = string_of(entry, "say");
        const cJSON *samples = cJSON_GetObjectItemCaseSensitive(entry, "samples");
        if (data_file_known_keys(entry, keys, "a milestone", where, err) < 0)
                return CORONER_E_SIGNATURE;
        if (!stage || stage_number(stage) < 0 || !pattern || !say || !string_of(entry, "source") ||
            !cJSON_IsArray(samples) || cJSON_GetArraySize(samples) < 1) {
                set_error(err, where, "%s",
                          "needs \"stage\" (started, distributed-init, weights-loading, weights-loaded, kv-cache, "
                          "cuda-graphs, listening, ready), \"pattern\", \"say\", \"source\" and \"samples\"");
                return CORONER_E_SIGNATURE;
        }
        struct milestone *items = grow_array(ms->items, ms->n, &ms->cap, sizeof *items, 32);
        if (!items)
                return CORONER_E_NOMEM;
        ms->items = items;
        struct milestone *m = &items[ms->n];
        memset(m, 0, sizeof *m);
        int code;
        PCRE2_SIZE offset;
        m->re = pcre2_compile((PCRE2_SPTR)pattern, PCRE2_ZERO_TERMINATED, PCRE2_UTF | PCRE2_MATCH_INVALID_UTF, &code,
                              &offset, NULL);
        if (!m->re) {
                PCRE2_UCHAR msg[256];
                pcre2_get_error_message(code, msg, sizeof msg);
                set_error(err, where, "pattern at offset %zu: %s", (size_t)offset, (const char *)msg);
                return CORONER_E_SIGNATURE;
        }
        pcre2_jit_compile(m->re, PCRE2_JIT_COMPLETE);
        m->family = family;
        m->stage = stage_number(stage);
        m->say = strndup_safe(say, strlen(say));
        m->path = strndup_safe(path, strlen(path));
        m->samples = calloc((size_t)cJSON_GetArraySize(samples), sizeof *m->samples);
        ms->n++;  /* from here on freed with the set */
        if (!m->say || !m->path || !m->samples)
                return CORONER_E_NOMEM;
        const cJSON *s;
        cJSON_ArrayForEach(s, samples) {
                if (!cJSON_IsString(s) || !(m->samples[m->n_samples++] = strndup_safe(s->valuestring, strlen(s->valuestring))))
                        return cJSON_IsString(s) ? CORONER_E_NOMEM : (set_error(err, where, "%s", "samples are strings"),
                                                                      CORONER_E_SIGNATURE);
        }
        return 0;
}

int coroner_milestones_load_file(coroner_milestones *ms, const char *path, struct coroner_error *err)
{
        cJSON *json = data_file_json(path, NULL, err);
        if (!json)
                return CORONER_E_SIGNATURE;
        static const char *const keys[] = { "family", "title", "generic", "source", "milestones", NULL };
        const char *family = string_of(json, "family");
        const cJSON *list = cJSON_GetObjectItemCaseSensitive(json, "milestones");
        int r = data_file_known_keys(json, keys, "the milestone file", path, err);
        if (r == 0 && (!family || !string_of(json, "source") || !cJSON_IsArray(list))) {
                set_error(err, path, "%s", "needs \"family\", \"source\" and a \"milestones\" list");
                r = CORONER_E_SIGNATURE;
        }
        char **families = r == 0 ? grow_array(ms->families, ms->n_families, &ms->families_cap, sizeof *families, 8)
                                 : NULL;
        if (r == 0 && families) {
                ms->families = families;
                if (!(families[ms->n_families] = strndup_safe(family, strlen(family))))
                        r = CORONER_E_NOMEM;
                else
                        family = families[ms->n_families++];
        } else if (r == 0) {
                r = CORONER_E_NOMEM;
        }
        if (r == 0 && cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(json, "generic"))) {
                char **g = grow_array(ms->generic, ms->n_generic, &ms->generic_cap, sizeof *g, 4);
                if (!g)
                        r = CORONER_E_NOMEM;
                else
                        ms->generic = g, g[ms->n_generic++] = (char *)family;
        }
        int index = 0;
        const cJSON *entry;
        cJSON_ArrayForEach(entry, list) {
                if (r < 0)
                        break;
                r = add_milestone(ms, path, family, entry, index++, err);
        }
        cJSON_Delete(json);
        if (r == CORONER_E_NOMEM)
                set_error(err, path, "%s", "out of memory");
        return r;
}

static int cmp_name(const void *a, const void *b)
{
        return strcmp(*(char *const *)a, *(char *const *)b);
}

int coroner_milestones_load_dir(coroner_milestones *ms, const char *dir, struct coroner_error *err)
{
        DIR *d = opendir(dir);
        if (!d) {
                set_error(err, dir, "cannot open milestone directory: %s", strerror(errno));
                return CORONER_E_SIGNATURE;
        }
        char **names = NULL;
        size_t n = 0, cap = 0;
        int r = 0;
        struct dirent *e;
        while (r == 0 && (e = readdir(d))) {
                size_t len = strlen(e->d_name);
                if (e->d_name[0] == '.' || len < 6 || strcmp(e->d_name + len - 5, ".json") != 0)
                        continue;
                char **p = grow_array(names, n, &cap, sizeof *p, 16);
                if (!p || !(p[n] = strndup_safe(e->d_name, len)))
                        r = CORONER_E_NOMEM;
                else
                        names = p, n++;
        }
        closedir(d);
        qsort(names, n, sizeof *names, cmp_name);  /* the same order every time */
        for (size_t i = 0; i < n; i++) {
                char path[4096];
                snprintf(path, sizeof path, "%s/%s", dir, names[i]);
                if (r == 0)
                        r = coroner_milestones_load_file(ms, path, err);
                free(names[i]);
        }
        free(names);
        if (r == CORONER_E_NOMEM)
                set_error(err, dir, "%s", "out of memory");
        return r;
}

/* m->say with each {name} replaced by that named capture. */
static void render(const struct milestone *m, const char *line, pcre2_match_data *md, struct strbuf *out)
{
        PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
        for (const char *p = m->say; *p;) {
                const char *close = *p == '{' ? strchr(p, '}') : NULL;
                if (!close) {
                        size_t k = strcspn(p + 1, "{") + 1;
                        sb_append(out, p, k);
                        p += k;
                        continue;
                }
                char name[64];
                size_t len = (size_t)(close - p - 1);
                snprintf(name, sizeof name, "%.*s", (int)(len < sizeof name ? len : sizeof name - 1), p + 1);
                int group = pcre2_substring_number_from_name(m->re, (PCRE2_SPTR)name);
                if (group > 0 && ov[2 * group] != PCRE2_UNSET)
                        sb_append_display(out, line + ov[2 * group], ov[2 * group + 1] - ov[2 * group], 120);
                p = close + 1;
        }
}

/* Which milestone (index), or -1; md holds the match. */
static int find(const coroner_milestones *ms, const char *line, size_t len)
{
        for (size_t i = 0; i < ms->n; i++)
                if (pcre2_match(ms->items[i].re, (PCRE2_SPTR)line, len, 0, 0, ms->md, ms->mc) >= 0)
                        return (int)i;
        return -1;
}

bool coroner_milestones_match(coroner_milestones *ms, const char *line, size_t len, struct coroner_milestone *ret)
{
        if (len > LIMIT_LINE_BYTES)
                len = LIMIT_LINE_BYTES;
        int i = find(ms, line, len);
        if (i < 0)
                return false;
        const struct milestone *m = &ms->items[i];
        struct strbuf text = { 0 };
        render(m, line, ms->md, &text);
        ret->family = m->family;
        ret->stage = m->stage;
        ret->stage_name = stages[m->stage];
        snprintf(ret->text, sizeof ret->text, "%s", text.data ? text.data : "");
        sb_free(&text);
        return true;
}

bool coroner_milestones_family_generic(const coroner_milestones *ms, const char *family)
{
        for (size_t i = 0; i < ms->n_generic; i++)
                if (strcmp(ms->generic[i], family) == 0)
                        return true;
        return false;
}

bool coroner_milestones_family_has_ready(const coroner_milestones *ms, const char *family)
{
        for (size_t i = 0; i < ms->n; i++)
                if (ms->items[i].stage == CORONER_STAGE_READY && strcmp(ms->items[i].family, family) == 0)
                        return true;
        return false;
}

int coroner_milestones_check(coroner_milestones *ms, char **report)
{
        struct strbuf out = { 0 };
        int errors = 0;
        for (size_t i = 0; i < ms->n; i++) {
                const struct milestone *m = &ms->items[i];
                for (size_t k = 0; k < m->n_samples; k++) {
                        struct coroner_milestone got;
                        const char *s = m->samples[k];
                        if (!coroner_milestones_match(ms, s, strlen(s), &got)) {
                                sb_printf(&out, "error: %s: %s %s: sample does not match: %s\n", m->path, m->family,
                                          stages[m->stage], s);
                                errors++;
                        } else if (got.stage != m->stage || strcmp(got.family, m->family) != 0) {
                                /* an earlier milestone takes the line: it would never be seen */
                                sb_printf(&out, "error: %s: %s %s: sample is taken by %s %s: %s\n", m->path, m->family,
                                          stages[m->stage], got.family, got.stage_name, s);
                                errors++;
                        }
                }
        }
        *report = sb_take(&out);
        return errors;
}
