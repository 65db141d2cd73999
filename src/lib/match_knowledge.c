/* match_knowledge.c — knowledge tables: complete lists of conditions
 * (errno, CUDA and library statuses, signals, Xid, HTTP statuses), each
 * built from the upstream definition it cites, turned into signatures.
 *
 * A table (knowledge/README.md) gives, once for all its entries, the ways a
 * condition is spelled in logs ("[Errno {number}]", "{name}", "{text}"), and
 * per entry its name, number and text, what it means and what to do. Each
 * entry becomes one signature, id "<table>.<entry>", whose `match.line` is
 * the alternation of the entry's spellings: so a condition is recognised
 * whatever printed it and whatever wrapped it, and the tables give a floor
 * under the hand-written signatures (which are more specific and win).
 */
#include "config.h"
#include "match.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

enum { MIN_LITERAL = 7 };

static int fail(struct coroner_error *err, const char *where, const char *fmt, const char *detail)
{
        set_error(err, where, fmt, detail);
        return CORONER_E_SIGNATURE;
}

/* The entry's value of field, as text (numbers in decimal); NULL if unset. */
static const char *field_text(const cJSON *entry, const char *field, char num[32])
{
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(entry, field);
        if (cJSON_IsString(v))
                return v->valuestring;
        if (cJSON_IsNumber(v)) {
                snprintf(num, 32, "%lld", (long long)v->valuedouble);
                return num;
        }
        return NULL;
}

static void append_regex_escaped(struct strbuf *sb, const char *s)
{
        for (; *s; s++) {
                if (strchr("\\^$.|?*+()[]{}", *s))
                        sb_putc(sb, '\\');
                sb_putc(sb, *s);
        }
}

/* Fills "{field}" placeholders of tmpl from entry; escape: for a pattern,
 * where "{=field}" inserts the field as a pattern of its own (the build
 * table's entries are patterns). False when the entry lacks a field the
 * template names. */
static bool fill(const char *tmpl, const cJSON *entry, bool escape, struct strbuf *out)
{
        for (const char *t = tmpl; *t;) {
                const char *close = *t == '{' ? strchr(t, '}') : NULL;
                bool raw = close && t[1] == '=';
                const char *name = t + 1 + raw;
                size_t n = close ? (size_t)(close - name) : 0;
                if (!close || n == 0 || n >= 64 || strspn(name, "abcdefghijklmnopqrstuvwxyz_") != n) {
                        sb_putc(out, *t++);  /* a PCRE2 quantifier such as \d{4} */
                        continue;
                }
                char field[64], num[32];
                memcpy(field, name, n);
                field[n] = '\0';
                const char *v = field_text(entry, field, num);
                if (!v)
                        return false;
                if (escape && !raw)
                        append_regex_escaped(out, v);
                else
                        sb_puts(out, v);
                t = close + 1;
        }
        return !out->failed;
}

/* Does every branch of the pattern hold a literal the pre-filter can index
 * at full speed? A spelling that would not is left out for this entry (a
 * short name such as "EIO" is found through the entry's other spellings). */
static bool long_literals(const char *pattern)
{
        char lits[MAX_LITERALS][64];
        size_t n = 0;
        bool caseless;
        if (!pattern_literals(pattern, lits, MAX_LITERALS, &n, &caseless) || n == 0)
                return false;
        for (size_t i = 0; i < n; i++)
                if (strlen(lits[i]) < MIN_LITERAL)
                        return false;
        return true;
}

/* The value of key: the entry's, else its class's, else the table's. */
static const cJSON *lookup(const cJSON *entry, const cJSON *cls, const cJSON *table, const char *key)
{
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(entry, key);
        if (!v && cls)
                v = cJSON_GetObjectItemCaseSensitive(cls, key);
        if (!v)
                v = cJSON_GetObjectItemCaseSensitive(table, key);
        return v;
}

/* A spelling's "unless": the entry sets that field to true or to a text. */
static bool flag_set(const cJSON *entry, const char *name)
{
        const cJSON *v = name ? cJSON_GetObjectItemCaseSensitive(entry, name) : NULL;
        return cJSON_IsTrue(v) || cJSON_IsString(v);
}

/* The id "<table>.<slug>": the id template filled, in lower case, every
 * other character than a-z, 0-9 and '.' as one '-' ("i/o timeout" ->
 * "i-o-timeout"). */
static bool entry_id(const cJSON *table, const cJSON *entry, struct strbuf *out)
{
        const cJSON *tmpl = cJSON_GetObjectItemCaseSensitive(table, "id");
        struct strbuf raw = { 0 };
        if (!cJSON_IsString(tmpl) || !fill(tmpl->valuestring, entry, false, &raw)) {
                sb_free(&raw);
                return false;
        }
        for (size_t i = 0; i < raw.len; i++) {
                char c = (char)tolower((unsigned char)raw.data[i]);
                bool keep = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.';
                if (keep)
                        sb_putc(out, c);
                else if (out->len && out->data[out->len - 1] != '-' && out->data[out->len - 1] != '.')
                        sb_putc(out, '-');
        }
        while (out->len && out->data[out->len - 1] == '-')
                out->data[--out->len] = '\0';
        sb_free(&raw);
        return out->len > 0 && !out->failed;
}

/* One spelling filled from entry: appended to the alternation out (kept
 * counts them), or to wholes. A spelling whose field the entry lacks, or
 * that is "unless" a flag the entry sets, or whose literal is too short
 * for the pre-filter, does not apply. *applied (if given) is set when it
 * does. */
static int add_spelling(const cJSON *entry, const cJSON *sp, const char *where, struct strbuf *out, size_t *kept,
                        cJSON *wholes, bool *applied, struct coroner_error *err)
{
        const char *tmpl = cJSON_IsString(sp) ? sp->valuestring
                                              : cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(sp, "pattern"));
        const char *whole = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(sp, "whole"));
        const char *unless = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(sp, "unless"));
        if (!tmpl && !whole)
                return fail(err, where, "%s", "each spelling is a pattern, {\"pattern\", \"unless\"} or {\"whole\", \"unless\"}");
        struct strbuf one = { 0 };
        if (!flag_set(entry, unless) && fill(tmpl ? tmpl : whole, entry, !whole, &one)) {
                bool used = whole || long_literals(one.data);
                if (whole) {
                        cJSON_AddItemToArray(wholes, cJSON_CreateString(one.data));
                } else if (used) {
                        if ((*kept)++)
                                sb_putc(out, '|');
                        sb_append(out, one.data, one.len);
                }
                if (used && applied)
                        *applied = true;
        }
        sb_free(&one);
        return 0;
}

/* The entry's match.line: "(?i)" and its spellings as alternatives (the
 * table's, then the entry's own: a form only it has, such as CUDA's
 * device-side assert line; with "own_spellings" only its own), then its
 * "also" texts; whole messages ({"whole": "{text}"}: a shell's lone
 * "Killed") go to wholes. table_applied[i] is set when the table's i-th
 * spelling applies to this entry. */
static int entry_pattern(const cJSON *table, const cJSON *entry, const char *where, struct strbuf *out,
                         cJSON *wholes, bool *table_applied, struct coroner_error *err)
{
        const cJSON *lists[2] = { cJSON_GetObjectItemCaseSensitive(table, "spellings"),
                                  cJSON_GetObjectItemCaseSensitive(entry, "spellings") };
        const cJSON *sp;
        size_t kept = 0;
        int r = 0;
        sb_puts(out, "(?i)");
        for (size_t l = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(entry, "own_spellings")); l < 2 && r == 0; l++) {
                size_t i = 0;
                cJSON_ArrayForEach(sp, lists[l])
                        if (r == 0)
                                r = add_spelling(entry, sp, where, out, &kept, wholes,
                                                 l == 0 ? &table_applied[i++] : NULL, err);
        }
        if (r < 0)
                return r;
        const cJSON *also;
        cJSON_ArrayForEach(also, cJSON_GetObjectItemCaseSensitive(entry, "also")) {
                if (!cJSON_IsString(also) || strlen(also->valuestring) < MIN_LITERAL)
                        return fail(err, where, "%s", "\"also\" holds literal texts of 7 or more bytes");
                if (kept++)
                        sb_putc(out, '|');
                append_regex_escaped(out, also->valuestring);
        }
        if (out->failed)
                return CORONER_E_NOMEM;
        if (!kept && !cJSON_GetArraySize(wholes))
                return fail(err, where, "%s", "no spelling applies to this entry (each needs a literal of 7+ bytes)");
        if (kept && !long_literals(out->data)) {
                char limit[16];
                snprintf(limit, sizeof limit, "%d", (int)MAX_LITERALS);
                return fail(err, where, "the entry's spellings hold more than %s literals (the pre-filter's limit)", limit);
        }
        return 0;
}

/* v for an entry's signature: an array, object or text by reference (the
 * table outlives its signatures: coroner_db.tables), a number copied (the
 * signature may change its own). */
static cJSON *share_or_null(const cJSON *v)
{
        if (cJSON_IsArray(v))
                return cJSON_CreateArrayReference(v->child);
        if (cJSON_IsObject(v))
                return cJSON_CreateObjectReference(v->child);
        if (cJSON_IsString(v))
                return cJSON_CreateStringReference(v->valuestring);
        return v ? cJSON_Duplicate(v, true) : NULL;
}

/* Does the entry's text hold another entry's text of its table? CUDA's
 * "operation not permitted when stream is capturing" (900) holds
 * "operation not permitted" (800): a line of the first is read by both
 * entries' spellings, and the longer text is the one the line means. */
static bool refines_another(const cJSON *entries, const cJSON *entry)
{
        const char *text = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(entry, "text"));
        size_t n = text ? strlen(text) : 0;
        const cJSON *other;
        cJSON_ArrayForEach(other, entries) {
                const char *t = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(other, "text"));
                if (other != entry && t && *t && strlen(t) < n && strstr(text, t))
                        return true;
        }
        return false;
}

/* One entry as a signature object (signatures/README.md's format). */
static int entry_signature(const cJSON *table, const cJSON *entry, const char *where, bool *table_applied,
                           cJSON **ret, struct coroner_error *err)
{
        const cJSON *classes = cJSON_GetObjectItemCaseSensitive(table, "classes");
        const char *class_name = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(entry, "class"));
        const cJSON *cls = class_name ? cJSON_GetObjectItemCaseSensitive(classes, class_name) : NULL;
        if (class_name && !cls)
                return fail(err, where, "unknown class \"%s\"", class_name);
        struct strbuf sb = { 0 };
        cJSON *sig = cJSON_CreateObject();
        int r = 0;
        if (!sig)
                return CORONER_E_NOMEM;
        if (!entry_id(table, entry, &sb)) {
                r = fail(err, where, "%s", "the table's \"id\" template names a field this entry lacks");
                goto out;
        }
        cJSON_AddStringToObject(sig, "id", sb.data);
        sb.len = 0;
        const cJSON *title = cJSON_GetObjectItemCaseSensitive(table, "title_template");
        if (!cJSON_IsString(title) || !fill(title->valuestring, entry, false, &sb)) {
                r = fail(err, where, "%s", "the table's \"title_template\" names a field this entry lacks");
                goto out;
        }
        cJSON_AddStringToObject(sig, "title", sb.data);
        sb.len = 0;
        static const char *const copied[] = { "category", "severity", "role", "specificity", "fixes",
                                              "candidates", "explains", "requires" };
        for (size_t i = 0; i < sizeof copied / sizeof copied[0]; i++) {
                cJSON *v = share_or_null(lookup(entry, cls, table, copied[i]));
                if (v)
                        cJSON_AddItemToObject(sig, copied[i], v);
        }
        /* the entry whose text holds another's wins their tie */
        cJSON *specificity = cJSON_GetObjectItemCaseSensitive(sig, "specificity");
        if (cJSON_IsNumber(specificity) && refines_another(cJSON_GetObjectItemCaseSensitive(table, "entries"), entry))
                cJSON_SetNumberValue(specificity, specificity->valuedouble + 1);
        const char *meaning = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(entry, "meaning"));
        if (!meaning || strchr(meaning, '{')) {
                r = fail(err, where, "%s", "each entry needs a \"meaning\" (one sentence, without braces)");
                goto out;
        }
        cJSON_AddStringToObject(sig, "summary", meaning);
        cJSON *match = cJSON_AddObjectToObject(sig, "match");
        cJSON *wholes = cJSON_AddArrayToObject(match, "whole");
        if ((r = entry_pattern(table, entry, where, &sb, wholes, table_applied, err)) < 0)
                goto out;
        if (sb.len > strlen("(?i)"))
                cJSON_AddStringToObject(match, "line", sb.data);
        if (!cJSON_GetArraySize(wholes))
                cJSON_DeleteItemFromObject(match, "whole");
        cJSON *refs = share_or_null(cJSON_GetObjectItemCaseSensitive(table, "sources"));
        if (refs)
                cJSON_AddItemToObject(sig, "references", refs);
        const char *sample = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(entry, "sample"));
        if (!sample) {
                r = fail(err, where, "%s", "each entry needs a \"sample\": a real-shaped line that shows it");
                goto out;
        }
        cJSON *samples = cJSON_AddObjectToObject(sig, "samples");
        cJSON *m = cJSON_AddArrayToObject(samples, "match");
        cJSON_AddItemToArray(m, cJSON_CreateString(sample));
        cJSON *no = share_or_null(cJSON_GetObjectItemCaseSensitive(table, "no_match"));
        if (no)
                cJSON_AddItemToObject(samples, "no_match", no);
        cJSON *meta = cJSON_AddObjectToObject(sig, "knowledge");
        cJSON_AddStringToObject(meta, "table", cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(table, "table")));
        cJSON_AddItemToObject(meta, "entry", share_or_null(entry));
        if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(table, "ends_run")))
                cJSON_AddTrueToObject(meta, "ends_run");
        if (cJSON_IsTrue(lookup(entry, cls, table, "words_first")))
                cJSON_AddTrueToObject(meta, "words_first");
out:
        sb_free(&sb);
        if (r < 0)
                cJSON_Delete(sig);
        else
                *ret = sig;
        return r;
}

static int cmp_name(const void *a, const void *b)
{
        return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* A JSON list of strings as a sorted array (pointing into the JSON), for
 * bsearch: blame looks up every directory of every frame. */
static int sorted_names(const cJSON *list, const char ***ret, size_t *ret_n)
{
        const char **names = calloc((size_t)cJSON_GetArraySize(list) + 1, sizeof *names);
        if (!names)
                return CORONER_E_NOMEM;
        size_t n = 0;
        const cJSON *it;
        cJSON_ArrayForEach(it, list)
                if (cJSON_IsString(it))
                        names[n++] = it->valuestring;
        qsort(names, n, sizeof *names, cmp_name);
        *ret = names;
        *ret_n = n;
        return 0;
}

void python_knowledge_free(struct python_knowledge *p)
{
        if (!p)
                return;
        for (size_t i = 0; i < p->n_classes; i++)
                pattern_free(&p->classes[i].pattern);
        free(p->classes);
        free(p->types);
        free(p->frameworks);
        cJSON_Delete(p->json);
        free(p->path);
        free(p);
}

static const struct exception_type *type_named(const struct python_knowledge *p, const char *name, size_t n)
{
        for (size_t i = 0; i < p->n_types; i++)
                if (strlen(p->types[i].name) == n && memcmp(p->types[i].name, name, n) == 0)
                        return &p->types[i];
        return NULL;
}

const struct exception_type *python_exception_type(const struct python_knowledge *p, const char *type)
{
        if (!p || !type)
                return NULL;
        /* The most qualified name the table knows: "ray.exceptions.OutOfMemoryError"
         * is not torch's "OutOfMemoryError". */
        for (const char *t = type; t; t = strchr(t, '.') ? strchr(t, '.') + 1 : NULL) {
                const struct exception_type *e = type_named(p, t, strlen(t));
                if (e)
                        return e;
        }
        return NULL;
}

/* An entry's optional "alternative": {"category", "cause", "check"}, all
 * three, the category a known one. False when it is there but incomplete. */
static bool read_alternative(const cJSON *entry, struct alternative *alt)
{
        const cJSON *a = cJSON_GetObjectItemCaseSensitive(entry, "alternative");
        alt->category = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(a, "category"));
        alt->cause = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(a, "cause"));
        alt->check = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(a, "check"));
        return !a || (alt->category && category_known(alt->category) && alt->cause && alt->check);
}

/* The Python table: exception types and message classes for blame. */
static int load_exception_types(coroner_db *db, const char *path, const cJSON *table, struct coroner_error *err)
{
        struct python_knowledge *p = xmalloc_or_null(sizeof *p);
        if (!p || !(p->json = cJSON_Duplicate(table, true)) || !(p->path = strndup_safe(path, strlen(path)))) {
                python_knowledge_free(p);
                return CORONER_E_NOMEM;
        }
        const cJSON *entries = cJSON_GetObjectItemCaseSensitive(p->json, "entries");
        const cJSON *classes = cJSON_GetObjectItemCaseSensitive(p->json, "message_classes");
        p->types = calloc((size_t)cJSON_GetArraySize(entries) + 1, sizeof *p->types);
        p->classes = calloc((size_t)cJSON_GetArraySize(classes) + 1, sizeof *p->classes);
        p->packages = cJSON_GetObjectItemCaseSensitive(p->json, "packages");
        int r = p->types && p->classes ? 0 : CORONER_E_NOMEM;
        if (r == 0)
                r = sorted_names(cJSON_GetObjectItemCaseSensitive(p->json, "frameworks"), &p->frameworks,
                                 &p->n_frameworks);
        const cJSON *e;
        cJSON_ArrayForEach(e, entries) {
                if (r < 0)
                        break;
                struct exception_type *t = &p->types[p->n_types];
                char where[600];
                t->name = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(e, "name"));
                snprintf(where, sizeof where, "%s#%s", path, t->name ? t->name : "?");
                t->blame = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(e, "blame"));
                t->category = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(e, "category"));
                t->meaning = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(e, "meaning"));
                t->fix = cJSON_GetStringValue(cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(e, "fixes"), 0));
                t->sample = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(e, "sample"));
                const char *role = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(e, "role"));
                const char *severity = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(e, "severity"));
                if (!t->name || !t->blame || !t->meaning || !t->fix || !t->sample || !role ||
                    coroner_severity_parse(severity, &t->severity) < 0)
                        r = fail(err, where, "%s", "an exception type needs name, blame, meaning, fixes, sample, role and severity");
                else if (t->category && !category_known(t->category))
                        r = fail(err, where, "unknown category \"%s\"", t->category);
                if (r == 0 && !read_alternative(e, &t->alt))
                        r = fail(err, where, "%s", "\"alternative\" needs a known category, a cause and a check");
                t->symptom = role && strcmp(role, "symptom") == 0;
                p->n_types++;
        }
        cJSON_ArrayForEach(e, classes) {
                if (r < 0)
                        break;
                struct message_class *c = &p->classes[p->n_classes];
                c->what = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(e, "what"));
                c->category = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(e, "category"));
                c->fixes = cJSON_GetObjectItemCaseSensitive(e, "fixes");
                if (c->category && (!category_known(c->category) || !cJSON_GetArraySize(c->fixes))) {
                        r = fail(err, path, "message class \"%s\" needs a known category and fixes", c->what ? c->what : "?");
                        break;
                }
                if (!read_alternative(e, &c->alt)) {
                        r = fail(err, path, "message class \"%s\": \"alternative\" needs a known category, a cause and a check",
                                 c->what ? c->what : "?");
                        break;
                }
                const char *pattern = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(e, "pattern"));
                c->in_warnings = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(e, "in_warnings"));
                if (!c->what || !pattern)
                        r = fail(err, path, "%s", "each message class needs \"what\" and \"pattern\"");
                else if (c->in_warnings && (!c->category || !long_literals(pattern)))
                        r = fail(err, path,
                                 "message class \"%s\": \"in_warnings\" needs a category and a literal of 7 "
                                 "or more bytes on every path of its pattern",
                                 c->what);
                else if ((r = pattern_compile(pattern, &c->pattern, path, "message_classes", err)) == 0)
                        p->n_classes++;
        }
        if (r < 0) {
                python_knowledge_free(p);
                return r;
        }
        python_knowledge_free(db->python);  /* a later table replaces an earlier one */
        db->python = p;
        return 0;
}

void word_classes_free(struct word_classes *w)
{
        if (!w)
                return;
        for (size_t i = 0; i < w->n; i++)
                pattern_free(&w->classes[i].pattern);
        free(w->classes);
        cJSON_Delete(w->json);
        free(w);
}

/* knowledge/words.json: {"classes": [{"category", "what", "words"}, ...]},
 * tried in order. */
static int load_word_classes(coroner_db *db, const char *path, const cJSON *table, struct coroner_error *err)
{
        struct word_classes *w = xmalloc_or_null(sizeof *w);
        if (!w || !(w->json = cJSON_Duplicate(table, true))) {
                word_classes_free(w);
                return CORONER_E_NOMEM;
        }
        const cJSON *classes = cJSON_GetObjectItemCaseSensitive(w->json, "classes"), *c;
        w->classes = calloc((size_t)cJSON_GetArraySize(classes) + 1, sizeof *w->classes);
        int r = w->classes ? 0 : CORONER_E_NOMEM;
        cJSON_ArrayForEach(c, classes) {
                if (r < 0)
                        break;
                struct word_class *wc = &w->classes[w->n];
                wc->category = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(c, "category"));
                wc->what = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(c, "what"));
                const char *words = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(c, "words"));
                if (!wc->category || !category_known(wc->category) || !wc->what || !words)
                        r = fail(err, path, "%s", "each word class needs a known \"category\", \"what\" and \"words\"");
                else if ((r = pattern_compile(words, &wc->pattern, path, "words", err)) == 0)
                        w->n++;
        }
        if (r < 0) {
                word_classes_free(w);
                return r;
        }
        word_classes_free(db->words);  /* a later table replaces an earlier one */
        db->words = w;
        return 0;
}

int knowledge_expand(coroner_db *db, const char *path, const cJSON *table, struct coroner_error *err)
{
        const char *kind = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(table, "kind"));
        if (kind && strcmp(kind, "exception-types") == 0)
                return load_exception_types(db, path, table, err);
        if (kind && strcmp(kind, "words") == 0)
                return load_word_classes(db, path, table, err);
        if (kind)
                return fail(err, path, "unknown table kind \"%s\"", kind);
        const char *name = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(table, "table"));
        if (!name || !cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(table, "entries")) ||
            !cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(table, "spellings")) ||
            !cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(table, "sources")))
                return fail(err, path, "%s", "a knowledge table needs \"table\", \"sources\", \"spellings\" and \"entries\"");
        const cJSON *spellings = cJSON_GetObjectItemCaseSensitive(table, "spellings"), *entry;
        bool *applied = calloc((size_t)cJSON_GetArraySize(spellings) + 1, sizeof *applied);
        if (!applied)
                return CORONER_E_NOMEM;
        int r = 0;
        cJSON_ArrayForEach(entry, cJSON_GetObjectItemCaseSensitive(table, "entries")) {
                char where[600], num[32];
                const char *label = field_text(entry, "name", num);
                if (!label)
                        label = field_text(entry, "number", num);
                snprintf(where, sizeof where, "%s#%s", path, label ? label : "?");
                cJSON *sig = NULL;
                r = entry_signature(table, entry, where, applied, &sig, err);
                if (r == 0)
                        r = db_add_signature_json(db, where, sig, name, err);
                if (r < 0)
                        break;
        }
        /* A spelling no entry can use is an author's mistake that would
         * otherwise pass unseen: its literal could not be extracted (an
         * inner alternation), or it names a field no entry has. */
        const cJSON *sp;
        size_t i = 0;
        cJSON_ArrayForEach(sp, spellings) {
                if (r == 0 && !applied[i]) {
                        char *text = cJSON_PrintUnformatted(sp);
                        r = fail(err, path,
                                 "a spelling applies to no entry, %s: it names a field no entry has, every entry "
                                 "sets its \"unless\", or a branch lacks a literal of 7+ bytes (write each "
                                 "alternative as its own spelling)",
                                 text ? text : "?");
                        cJSON_free(text);
                }
                i++;
        }
        free(applied);
        return r;
}
