/* match_literals.c — what the pre-filter looks for, gathered from every stage.
 *
 * The pre-filter (match_prefilter.c) indexes literals with a code and a tag
 * and knows nothing of what they stand for. This file says what they are:
 * the words that begin the assembler's evidence and the decoder's level
 * texts (triggers: the line must be decoded), the words of environment facts
 * and of candidate evidence (watchers: only those need looking for), and
 * each signature's literals (candidates for matching). The literals
 * themselves are taken from each pattern's source (pattern_literals): text
 * the pattern cannot match without.
 */
#include "config.h"
#include "match.h"

#include <stdlib.h>
#include <string.h>

/* Words that begin evidence the assembler reassembles (assemble.c): a
 * traceback header, a frame, a bare "SomeError: message" line. Seven bytes
 * or more, so the stride can be 4; a line ending in ':' ("RuntimeError:"
 * with its message below) is let through by prefilter_line itself. A
 * trigger sends its line to the decoder. */
static const char *const triggers[] = {
        "Traceback (most recent call last)", " File \"", "\", line ", "Error: ", "Exception: ", "Warning: ",
        "Interrupt: ", "Failure: ", "Fault: ", "Failed: ", "Invalid: ", ".errors.", ".exceptions.",
        /* systemd starting and ending a unit: runs (analysis.c) */
        "Starting ", "Started ", "Stopped ", "Deactivated successfully",
        /* vLLM's banner even where it ends the line (prefilter_banners has it
         * with the blank that start_banner needs) */
        "vLLM API server version",
        "terminate called after throwing", "Fatal Python error",
        /* a message that begins with these has a level (decode_level;
         * its level texts inside a message are added from decode_level_text,
         * and a level word at a line's start is checked by
         * prefilter_line_watch itself) */
        "panic: ", "error: ", "fatal: ",
        /* ComfyUI's error report names its stack trace's exception (assemble.c) */
        "- **Exception Type:** ", "- **Exception Message:** ",
        /* VS Code's debugger names the exception alone on its line (assemble.c) */
        "Exception has occurred: ",
        /* an exception's repr() as a line: KeyError('x') (assemble.c, repr_exception) */
        "Error(\"", "Error('", "Exception(\"", "Exception('",
        /* an exception's message in CPython's own words, without its type
         * (assemble.c, cpython_message_type) */
        " has no attribute '", "() got ", "() missing ", "() takes ", "No module named '", "cannot import name '",
};

/* Services' start banners (analysis.c, start_banner): a new run when one
 * comes again. Tagged PF_TAG_BANNER: a line's scan says whether it holds one. */
const char *const prefilter_banners[] = {
        "server_args=ServerArgs(", "vLLM API server version ", "Args { model_id", "msg=\"server config\"", NULL,
};

/* ---- literal extraction ---- */

struct lits {
        char lit[MAX_LITERALS][64];
        size_t n;
};

/* Adds lit unless a literal already there occurs in it (a line holding lit
 * holds that one too: "(SIGQUIT)" says no more than "SIGQUIT"); drops the
 * ones lit occurs in. False when the set is full. */
static bool add_literal(struct lits *out, const char *lit)
{
        for (size_t k = 0; k < out->n; k++)
                if (strstr(lit, out->lit[k]))
                        return true;
        size_t kept = 0;
        for (size_t k = 0; k < out->n; k++)
                if (!strstr(out->lit[k], lit))
                        memmove(out->lit[kept++], out->lit[k], 64);
        out->n = kept;
        if (out->n == MAX_LITERALS)
                return false;
        snprintf(out->lit[out->n++], 64, "%s", lit);
        return true;
}

/* The ']' that closes the class opening at p[0] == '[' ("[]x]" and "[^]x]"
 * hold a ']'), or end when it is not closed before end. */
static const char *class_end(const char *p, const char *end)
{
        const char *q = p + 1;
        if (q < end && *q == '^')
                q++;
        if (q < end && *q == ']')
                q++;
        while (q < end && *q != ']')
                q += (*q == '\\' && q + 1 < end) ? 2 : 1;
        return q;
}

/* End of the group that opens at p[0] == '(' (pointer to its ')'), or NULL. */
static const char *group_end(const char *p)
{
        const char *end = p + strlen(p);
        int depth = 0;
        for (const char *q = p; *q; q++) {
                if (*q == '\\' && q[1]) {
                        q++;
                } else if (*q == '[') {
                        q = class_end(q, end);
                        if (q >= end)
                                return NULL;
                } else if (*q == '(') {
                        depth++;
                } else if (*q == ')' && --depth == 0) {
                        return q;
                }
        }
        return NULL;
}

/* Longest literal run at depth 0 of the branch [p, end) into out (64 bytes); "" if none. */
static void longest_run(const char *p, const char *end, char *out)
{
        char cur[64];
        size_t cur_len = 0;
        out[0] = '\0';
#define FLUSH() do { if (cur_len > strlen(out)) { memcpy(out, cur, cur_len); out[cur_len] = '\0'; } cur_len = 0; } while (0)
        for (const char *q = p; q < end; q++) {
                char c = *q, lit;
                if (c == '\\') {
                        if (q + 1 >= end)
                                break;
                        char e = *++q;
                        if (!strchr(".^$|()[]{}*+?\\/-:'\"#<>=!@%&,;~` _", e)) {
                                FLUSH();
                                continue;
                        }
                        lit = e;
                } else if (c == '(') {
                        FLUSH();
                        const char *g = group_end(q);
                        if (!g || g >= end)
                                break;
                        q = g;
                        continue;
                } else if (c == '[') {
                        FLUSH();
                        q = class_end(q, end);
                        continue;
                } else if (c == '.' || c == '^' || c == '$' || c == '+') {
                        FLUSH();
                        continue;
                } else if (c == '*' || c == '?' || c == '{') {
                        if (cur_len)
                                cur_len--;  /* the previous character is optional */
                        FLUSH();
                        if (c == '{')
                                while (q < end && *q != '}')
                                        q++;
                        continue;
                } else {
                        lit = c;
                }
                /* A quantifier after this character makes it optional. */
                const char *nx = q + 1;
                if (nx < end && (*nx == '?' || *nx == '*' || *nx == '{')) {
                        FLUSH();
                        continue;
                }
                if (cur_len + 1 < sizeof cur)
                        cur[cur_len++] = lit;
        }
        FLUSH();
#undef FLUSH
}

static bool extract(const char *p, const char *end, struct lits *out, int depth);

static size_t min_len(const struct lits *l)
{
        size_t m = 64;
        for (size_t i = 0; i < l->n; i++)
                if (strlen(l->lit[i]) < m)
                        m = strlen(l->lit[i]);
        return m;
}

/* The literals of the first mandatory group of the branch [g, end). */
static bool extract_group(const char *g, const char *end, struct lits *out, int depth)
{
        const char *ge = group_end(g);
        if (!ge || ge >= end || (ge + 1 < end && strchr("?*{", ge[1])))
                return false;
        const char *inner = g + 1;
        if (*inner == '?') {
                if (inner[1] == ':' || inner[1] == '|')
                        inner += 2;
                else
                        return false;
        }
        return extract(inner, ge, out, depth + 1);
}

/* One literal per top-level branch of [p, end); false if some branch has
 * none of 4+ bytes. A branch that is one mandatory group is looked into. */
static bool extract(const char *p, const char *end, struct lits *out, int depth)
{
        if (depth > 4)
                return false;
        if (end - p >= 4 && strncmp(p, "(?i)", 4) == 0)
                p += 4;
        const char *branch = p;
        int d = 0;
        for (const char *q = p;; q++) {
                bool at_end = q >= end;
                if (!at_end) {
                        if (*q == '\\' && q + 1 < end) {
                                q++;
                                continue;
                        }
                        if (*q == '[') {
                                q = class_end(q, end);
                                continue;
                        }
                        if (*q == '(')
                                d++;
                        else if (*q == ')')
                                d--;
                }
                if (at_end || (*q == '|' && d == 0)) {
                        char best[64];
                        longest_run(branch, q, best);
                        struct lits inside = { .n = 0 };
                        /* A short run outside ("`x` failed with) error"): the
                         * group's alternatives may say more. */
                        if (strlen(best) >= 4 && strlen(best) < 8 && branch[0] == '(' &&
                            extract_group(branch, q, &inside, depth) && min_len(&inside) > strlen(best)) {
                                for (size_t k = 0; k < inside.n; k++)
                                        if (!add_literal(out, inside.lit[k]))
                                                return false;
                        } else if (strlen(best) >= 4) {
                                if (!add_literal(out, best))
                                        return false;
                        } else {
                                /* "(?:x)?(?:A|B)rest" with no literal outside: look
                                 * inside the first group that must match. */
                                const char *g = branch, *ge = NULL;
                                for (;;) {
                                        while (g < q && *g == '^')
                                                g++;
                                        if (g >= q || *g != '(')
                                                return false;
                                        ge = group_end(g);
                                        if (!ge || ge >= q)
                                                return false;
                                        if (ge + 1 < q && strchr("?*", ge[1])) {
                                                g = ge + 2;  /* optional: the next one */
                                                continue;
                                        }
                                        if (ge + 1 < q && ge[1] == '{')
                                                return false;
                                        break;
                                }
                                const char *inner = g + 1;
                                if (*inner == '?') {  /* (?: (?<name> (?P<name> */
                                        if (inner[1] == ':')
                                                inner += 2;
                                        else if (inner[1] == '<' || inner[1] == 'P') {
                                                const char *gt = strchr(inner, '>');
                                                if (!gt || gt > ge)
                                                        return false;
                                                inner = gt + 1;
                                        } else if (inner[1] == '|') {
                                                inner += 2;
                                        } else {
                                                return false;
                                        }
                                }
                                if (!extract(inner, ge, out, depth + 1))
                                        return false;
                        }
                        if (at_end)
                                break;
                        branch = q + 1;
                }
        }
        return true;
}

bool pattern_literals(const char *pattern, char lits[][64], size_t cap, size_t *ret_n, bool *caseless)
{
        struct lits l = { .n = 0 };
        *caseless = strstr(pattern, "(?i") != NULL;
        if (!extract(pattern, pattern + strlen(pattern), &l, 0) || l.n > cap)
                return false;
        for (size_t i = 0; i < l.n; i++)
                memcpy(lits[i], l.lit[i], 64);
        *ret_n = l.n;
        return true;
}


/* The literals of one signature: from match.literals if declared, else
 * from the first criterion that yields them (line, message, exception). */
static bool signature_literals(const struct coroner_signature *s, char lits[][64], size_t *n, bool *caseless)
{
        const cJSON *declared = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(s->json, "match"), "literals");
        if (cJSON_IsArray(declared)) {
                const cJSON *it;
                *n = 0;
                *caseless = false;
                cJSON_ArrayForEach(it, declared)
                        if (cJSON_IsString(it) && strlen(it->valuestring) >= 4 && *n < MAX_LITERALS)
                                snprintf(lits[(*n)++], 64, "%s", it->valuestring);
                return *n > 0;
        }
        if (s->line.source && pattern_literals(s->line.source, lits, MAX_LITERALS, n, caseless))
                return true;
        if (s->message.source && pattern_literals(s->message.source, lits, MAX_LITERALS, n, caseless))
                return true;
        if (s->n_exception_types && s->n_exception_types <= 8) {
                *caseless = false;
                for (size_t i = 0; i < s->n_exception_types; i++) {
                        if (strlen(s->exception_types[i]) < 4)
                                return false;
                        snprintf(lits[i], 64, "%s", s->exception_types[i]);
                }
                *n = s->n_exception_types;
                return true;
        }
        return false;
}


struct gathered {
        struct pf_literal *literals;
        size_t n, cap;
        struct watcher *watchers;
        size_t n_watchers;
};

static int gather(struct gathered *g, const char *text, bool caseless, int32_t code, uint8_t tag)
{
        struct pf_literal *p = grow_array(g->literals, g->n, &g->cap, sizeof *p, 256);
        if (!p)
                return CORONER_E_NOMEM;
        g->literals = p;
        struct pf_literal *l = &g->literals[g->n++];
        memset(l, 0, sizeof *l);
        snprintf(l->text, sizeof l->text, "%s", text);
        l->caseless = caseless;
        l->code = code;
        l->tag = tag;
        return 0;
}

/* Facts and candidate evidence are looked for on the lines that pass:
 * their words pass a line too (only 7+ bytes, for the stride). Marks which
 * candidate evidence will be looked for (candidate.watched). */
static int gather_watchers(coroner_db *db, struct gathered *g)
{
        size_t cap = 64;
        for (size_t i = 0; i < db->n_sigs; i++)
                cap += db->sigs[i]->n_candidates;
        g->watchers = calloc(cap, sizeof *g->watchers);
        if (!g->watchers)
                return CORONER_E_NOMEM;
        int r = 0;
        for (size_t i = 0; r == 0 && facts_literal(i) && g->n_watchers < cap; i++) {
                g->watchers[g->n_watchers] = (struct watcher){ false, (uint32_t)i, 0 };
                r = gather(g, facts_literal(i), false, -2 - (int32_t)g->n_watchers++, 0);
        }
        for (size_t i = 0; r == 0 && i < db->n_sigs; i++)
                for (size_t c = 0; r == 0 && c < db->sigs[i]->n_candidates && c < 8; c++) {
                        struct candidate *cd = &db->sigs[i]->candidates[c];
                        char lits[MAX_LITERALS][64];
                        size_t n = 0;
                        bool caseless = false;
                        cd->watched = false;
                        if (!cd->evidence.source || !pattern_literals(cd->evidence.source, lits, MAX_LITERALS, &n, &caseless))
                                continue;
                        bool long_enough = true;
                        for (size_t k = 0; k < n; k++)
                                long_enough &= strlen(lits[k]) >= PF_MIN_WATCHED;
                        if (!long_enough || g->n_watchers == cap)
                                continue;
                        cd->watched = true;
                        g->watchers[g->n_watchers] = (struct watcher){ true, (uint32_t)i, (uint32_t)c };
                        int32_t code = -2 - (int32_t)g->n_watchers++;
                        for (size_t k = 0; r == 0 && k < n; k++)
                                r = gather(g, lits[k], caseless, code, 0);
                }
        return r;
}

void db_free_prefilters(coroner_db *db)
{
        prefilter_free(db->pf);
        prefilter_free(db->pf_watch);
        prefilter_free(db->pf_classes);
        free(db->watchers);
        db->pf = db->pf_watch = db->pf_classes = NULL;
        db->watchers = NULL;
        db->n_watchers = 0;
}

/* The message classes read in warning lines (analysis.c, "in_warnings"):
 * a line holding one of their literals takes the slow path. */
static int gather_warning_classes(const coroner_db *db, struct gathered *g)
{
        int r = 0;
        for (size_t i = 0; r == 0 && db->python && i < db->python->n_classes; i++) {
                const struct message_class *mc = &db->python->classes[i];
                char lits[MAX_LITERALS][64];
                size_t n = 0;
                bool caseless = false;
                if (mc->in_warnings && pattern_literals(mc->pattern.source, lits, MAX_LITERALS, &n, &caseless))
                        for (size_t k = 0; r == 0 && k < n; k++)
                                r = gather(g, lits[k], caseless, -1, 0);
        }
        return r;
}

/* The message classes are tried on every error line and exception message
 * that nothing else explains, in their order (the first that matches is
 * the verdict): a pre-filter of their literals, each coded by its class,
 * leaves only those whose words are there. */
static int build_class_prefilter(coroner_db *db)
{
        size_t n_classes = db->python ? db->python->n_classes : 0;
        if (!n_classes)
                return 0;
        struct gathered g = { 0 };
        uint64_t *always = calloc(n_classes / 64 + 1, sizeof *always);
        int r = always ? 0 : CORONER_E_NOMEM;
        for (size_t i = 0; r == 0 && i < n_classes; i++) {
                char lits[MAX_LITERALS][64];
                size_t n = 0;
                bool caseless = false;
                if (!pattern_literals(db->python->classes[i].pattern.source, lits, MAX_LITERALS, &n, &caseless)) {
                        always[i / 64] |= 1ULL << (i % 64);
                        continue;
                }
                for (size_t k = 0; r == 0 && k < n; k++)
                        r = gather(&g, lits[k], caseless, (int32_t)i, 0);
        }
        struct pf_input in = { g.literals, g.n, NULL, 0, always, n_classes };
        if (r == 0)
                r = prefilter_build(&in, &db->pf_classes);
        free(g.literals);
        free(always);
        return r;
}

uint64_t *db_class_candidates(const coroner_db *db, const char *s, size_t n)
{
        if (!db->pf_classes)
                return NULL;
        uint64_t *bits = calloc(prefilter_sig_words(db->pf_classes), sizeof *bits);
        if (bits) {
                prefilter_add_always(db->pf_classes, bits);
                prefilter_candidates(db->pf_classes, s, n, bits);
        }
        return bits;
}

int db_build_prefilters(coroner_db *db)
{
        struct gathered g = { 0 };
        struct pf_whole *wholes = NULL;
        size_t n_wholes = 0, wholes_cap = 0;
        uint64_t *always = calloc(db->n_sigs / 64 + 1, sizeof *always);
        int r = always ? 0 : CORONER_E_NOMEM;
        for (size_t i = 0; r == 0 && i < sizeof triggers / sizeof triggers[0]; i++)
                r = gather(&g, triggers[i], false, -1, 0);
        for (size_t i = 0; r == 0 && decode_level_text(i); i++)
                r = gather(&g, decode_level_text(i), false, -1, PF_TAG_LEVEL);
        for (size_t i = 0; r == 0 && prefilter_banners[i]; i++)
                r = gather(&g, prefilter_banners[i], false, -1, PF_TAG_BANNER);
        if (r == 0)
                r = gather_watchers(db, &g);
        if (r == 0)
                r = gather_warning_classes(db, &g);
        for (size_t i = 0; r == 0 && i < db->n_sigs; i++)
                for (size_t k = 0; r == 0 && k < db->sigs[i]->n_wholes; k++) {
                        struct pf_whole *p = grow_array(wholes, n_wholes, &wholes_cap, sizeof *p, 8);
                        if (!p) {
                                r = CORONER_E_NOMEM;
                                break;
                        }
                        wholes = p;
                        const char *t = db->sigs[i]->wholes[k];
                        wholes[n_wholes++] = (struct pf_whole){ t, strlen(t), (uint32_t)i };
                }
        for (size_t i = 0; r == 0 && i < db->n_sigs; i++) {
                if (!db->sigs[i]->line.source && !db->sigs[i]->message.source && !db->sigs[i]->n_exception_types)
                        continue;  /* whole messages only */
                char lits[MAX_LITERALS][64];
                size_t n = 0;
                bool caseless = false;
                if (!signature_literals(db->sigs[i], lits, &n, &caseless)) {
                        always[i / 64] |= 1ULL << (i % 64);
                        continue;
                }
                for (size_t k = 0; r == 0 && k < n; k++)
                        r = gather(&g, lits[k], caseless, (int32_t)i, 0);
        }
        struct pf_input in = { g.literals, g.n, wholes, n_wholes, always, db->n_sigs };
        db_free_prefilters(db);
        db->watchers = g.watchers;
        db->n_watchers = g.n_watchers;
        if (r == 0)
                r = prefilter_build(&in, &db->pf);
        if (r == 0)
                r = prefilter_build_watchers(db->pf, &db->pf_watch);
        if (r == 0)
                r = build_class_prefilter(db);
        free(g.literals);
        free(wholes);
        free(always);
        return r;
}
