/* report_merge.c — one report from many: `coroner merge` over the JSON
 * reports of a fleet (per-host post-mortems, a Slurm epilog on every node,
 * a Kubernetes job per pod).
 *
 * The result has the same schema. A diagnosis is the same failure on two
 * hosts when its id and fingerprint are equal (fingerprints leave out what
 * differs between hosts: pids, addresses, times): their counts and streams
 * are summed, the earliest sighting supplies the evidence, and each host's
 * evidence is kept after it. The merged diagnoses are ranked by severity
 * and then by when they were first seen, earliest first: in a fleet the
 * first failure is the likeliest cause of the others.
 */
#include "config.h"
#include "report.h"

#include <stdlib.h>
#include <string.h>

enum { MERGED_EVIDENCE = 24 };  /* evidence lines kept per merged diagnosis */

static int severity_rank(const cJSON *d)
{
        coroner_severity s = CORONER_SEV_INFO;
        coroner_severity_parse(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(d, "severity")), &s);
        return (int)s;
}

/* RFC 3339 UTC times compare as strings; a missing one sorts last. */
static const char *seen(const cJSON *d, const char *key)
{
        const char *t = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(d, key));
        return t ? t : "";
}

static int by_severity_then_time(const void *x, const void *y)
{
        const cJSON *a = *(const cJSON *const *)x, *b = *(const cJSON *const *)y;
        int sa = severity_rank(a), sb = severity_rank(b);
        if (sa != sb)
                return sb - sa;
        const char *ta = seen(a, "first_seen"), *tb = seen(b, "first_seen");
        if (!*ta != !*tb)
                return *ta ? -1 : 1;
        int c = strcmp(ta, tb);
        if (c)
                return c;
        /* an alternative reading (doc/ranking.md) after the diagnosis seen with it */
        const char *ia = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(a, "id"));
        const char *ib = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(b, "id"));
        return (ia && strncmp(ia, "alternative.", 12) == 0) - (ib && strncmp(ib, "alternative.", 12) == 0);
}

static double number(const cJSON *o, const char *key)
{
        const cJSON *n = cJSON_GetObjectItemCaseSensitive(o, key);
        return cJSON_IsNumber(n) ? n->valuedouble : 0;
}

static void add_number(cJSON *o, const char *key, double more)
{
        cJSON *n = cJSON_GetObjectItemCaseSensitive(o, key);
        if (cJSON_IsNumber(n))
                cJSON_SetNumberValue(n, n->valuedouble + more);
        else
                cJSON_AddNumberToObject(o, key, more);
}

/* Moves the items of array key of from to the end of the same array of
 * into (at most limit in all; 0: no limit). */
static void move_items(cJSON *into, cJSON *from, const char *key, int limit)
{
        cJSON *dst = cJSON_GetObjectItemCaseSensitive(into, key), *src = cJSON_GetObjectItemCaseSensitive(from, key);
        if (!cJSON_IsArray(dst) || !cJSON_IsArray(src))
                return;
        while (cJSON_GetArraySize(src) > 0 && (!limit || cJSON_GetArraySize(dst) < limit))
                cJSON_AddItemToArray(dst, cJSON_DetachItemFromArray(src, 0));
}

static bool same_failure(const cJSON *a, const cJSON *b)
{
        const char *ia = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(a, "id"));
        const char *ib = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(b, "id"));
        const char *fa = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(a, "fingerprint"));
        const char *fb = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(b, "fingerprint"));
        return ia && ib && fa && fb && strcmp(ia, ib) == 0 && strcmp(fa, fb) == 0;
}

/* Counts d (from another report) into same. */
static void join(cJSON *same, cJSON *d)
{
        add_number(same, "count", number(d, "count"));
        add_number(same, "streams_total", number(d, "streams_total"));
        bool earlier = *seen(d, "first_seen") && (!*seen(same, "first_seen") ||
                                                  strcmp(seen(d, "first_seen"), seen(same, "first_seen")) < 0);
        const char *keys[] = { "first_seen", "last_seen" };
        for (int k = 0; k < 2; k++) {
                bool replace = k == 0 ? earlier : strcmp(seen(d, "last_seen"), seen(same, "last_seen")) > 0;
                if (replace)
                        cJSON_ReplaceItemInObjectCaseSensitive(same, keys[k],
                                                               cJSON_Duplicate(cJSON_GetObjectItemCaseSensitive(d, keys[k]), true));
        }
        if (earlier) {  /* the earliest sighting's evidence comes first */
                cJSON *mine = cJSON_DetachItemFromObjectCaseSensitive(same, "evidence");
                cJSON_AddItemToObject(same, "evidence", cJSON_DetachItemFromObjectCaseSensitive(d, "evidence"));
                cJSON_AddItemToObject(d, "evidence", mine);
        }
        move_items(same, d, "evidence", MERGED_EVIDENCE);
        move_items(same, d, "streams", 0);
        const cJSON *inc = cJSON_GetObjectItemCaseSensitive(d, "incomplete");
        if (cJSON_IsTrue(inc))
                cJSON_ReplaceItemInObjectCaseSensitive(same, "incomplete", cJSON_CreateTrue());
}

/* Adds the strings of array key of from that into does not have. */
static void union_strings(cJSON *into, const cJSON *from, const char *key)
{
        cJSON *dst = cJSON_GetObjectItemCaseSensitive(into, key);
        const cJSON *it, *have;
        if (!cJSON_IsArray(dst))
                return;
        cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(from, key)) {
                bool found = false;
                cJSON_ArrayForEach(have, dst)
                        found |= cJSON_IsString(have) && cJSON_IsString(it) && strcmp(have->valuestring, it->valuestring) == 0;
                if (!found && cJSON_IsString(it))
                        cJSON_AddItemToArray(dst, cJSON_CreateString(it->valuestring));
        }
}

/* The environment: a fact the first report lacks is taken from a later
 * one; hosts are joined. */
static void merge_environment(cJSON *into, const cJSON *from)
{
        const cJSON *it;
        cJSON_ArrayForEach(it, from) {
                cJSON *mine = cJSON_GetObjectItemCaseSensitive(into, it->string);
                if (!mine)
                        cJSON_AddItemToObject(into, it->string, cJSON_Duplicate(it, true));
                else if (cJSON_IsNull(mine) && !cJSON_IsNull(it))
                        cJSON_ReplaceItemInObjectCaseSensitive(into, it->string, cJSON_Duplicate(it, true));
        }
        union_strings(into, from, "hosts");
}

/* A report, or the summary among --follow's JSON Lines (the last one). */
static cJSON *parse_report(const char *text, const char *name, struct coroner_error *err)
{
        cJSON *doc = cJSON_Parse(text);
        if (doc && cJSON_GetObjectItemCaseSensitive(doc, "diagnoses"))
                return doc;
        cJSON_Delete(doc);
        doc = NULL;
        for (const char *line = text; *line;) {  /* JSON Lines: the last summary wins */
                const char *nl = strchr(line, '\n');
                size_t n = nl ? (size_t)(nl - line) : strlen(line);
                cJSON *one = cJSON_ParseWithLength(line, n);
                if (one && cJSON_GetObjectItemCaseSensitive(one, "diagnoses")) {
                        cJSON_Delete(doc);
                        doc = one;
                } else {
                        cJSON_Delete(one);
                }
                line += n + (nl != NULL);
        }
        if (!doc)
                set_error(err, name, "%s", "not a coroner JSON report (coroner -f json), nor JSON Lines with a summary");
        return doc;
}

int coroner_report_merge(const char *const *texts, const char *const *names, size_t n, char **ret,
                         struct coroner_error *err)
{
        cJSON *merged = NULL;
        cJSON **diags = NULL;
        size_t n_diags = 0, cap = 0;
        int r = 0;
        for (size_t i = 0; i < n && r == 0; i++) {
                cJSON *doc = parse_report(texts[i], names[i], err);
                if (!doc) {
                        r = CORONER_E_USAGE;
                        break;
                }
                const char *schema = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(doc, "schema"));
                if (!schema || strcmp(schema, CORONER_REPORT_SCHEMA) != 0) {
                        set_error(err, names[i], "schema \"%s\" is not " CORONER_REPORT_SCHEMA, schema ? schema : "(none)");
                        cJSON_Delete(doc);
                        r = CORONER_E_USAGE;
                        break;
                }
                cJSON *list = cJSON_DetachItemFromObjectCaseSensitive(doc, "diagnoses"), *d;
                while (cJSON_GetArraySize(list) > 0) {
                        d = cJSON_DetachItemFromArray(list, 0);
                        size_t k = 0;
                        while (k < n_diags && !same_failure(diags[k], d))
                                k++;
                        if (k < n_diags) {
                                join(diags[k], d);
                                cJSON_Delete(d);
                                continue;
                        }
                        cJSON **p = grow_array(diags, n_diags, &cap, sizeof *p, 64);
                        if (!p) {
                                cJSON_Delete(d);
                                r = CORONER_E_NOMEM;
                                break;
                        }
                        diags = p;
                        diags[n_diags++] = d;
                }
                cJSON_Delete(list);
                if (!merged) {
                        merged = doc;
                        continue;
                }
                move_items(merged, doc, "inputs", 0);
                move_items(merged, doc, "pattern_limits", 0);
                add_number(merged, "dropped_events", number(doc, "dropped_events"));
                add_number(merged, "failure_lines_folded", number(doc, "failure_lines_folded"));
                cJSON *env = cJSON_GetObjectItemCaseSensitive(merged, "environment");
                if (env)
                        merge_environment(env, cJSON_GetObjectItemCaseSensitive(doc, "environment"));
                cJSON_Delete(doc);
        }
        if (r == 0 && !merged) {
                set_error(err, "merge", "%s", "no report to merge");
                r = CORONER_E_USAGE;
        }
        if (r < 0) {
                for (size_t i = 0; i < n_diags; i++)
                        cJSON_Delete(diags[i]);
                free(diags);
                cJSON_Delete(merged);
                return r;
        }
        qsort(diags, n_diags, sizeof *diags, by_severity_then_time);
        cJSON *list = cJSON_AddArrayToObject(merged, "diagnoses");
        for (size_t i = 0; i < n_diags; i++) {
                cJSON_ReplaceItemInObjectCaseSensitive(diags[i], "rank", cJSON_CreateNumber((double)i + 1));
                /* Indexes into one report's ranking mean nothing in another's. */
                cJSON_ReplaceItemInObjectCaseSensitive(diags[i], "explained_by", cJSON_CreateNull());
                if (cJSON_GetObjectItemCaseSensitive(diags[i], "alternative_to"))
                        cJSON_ReplaceItemInObjectCaseSensitive(diags[i], "alternative_to", cJSON_CreateNull());
                cJSON_AddItemToArray(list, diags[i]);
        }
        free(diags);
        cJSON_DeleteItemFromObjectCaseSensitive(merged, "record");
        cJSON *from = cJSON_CreateArray();
        for (size_t i = 0; i < n; i++)
                cJSON_AddItemToArray(from, cJSON_CreateString(names[i]));
        cJSON_AddItemToObject(merged, "merged_from", from);
        char *s = cJSON_Print(merged);
        cJSON_Delete(merged);
        if (!s)
                return CORONER_E_NOMEM;
        *ret = s;
        return report_redact_secrets(ret);
}
