/* facts.c — what the log reveals about the environment, and the evidence
 * that tells competing causes apart.
 *
 * Facts: Python, package, CUDA, driver and NCCL versions, GPU models and
 * count, the model, the tensor-parallel size and the command line, each
 * from the first line that states it (with its line number). What the log
 * does not reveal stays unknown: the report says so rather than guess.
 * Candidate evidence: the `candidates[].evidence` patterns of signatures;
 * a hit anywhere in the input supports that cause.
 * Both watch lines that the pre-filter lets through: their literals are
 * the pre-filter's watchers (facts_literal, match_literals.c).
 */
#include "config.h"
#include "match.h"

#include <stdlib.h>
#include <string.h>

/* Each rule: the fact it fills, its trigger literal and a PCRE2 pattern
 * whose group "v" is the value (group "k": a package name). */
static const struct fact_rule {
        enum fact kind;
        const char *literal;
        const char *pattern;
} rules[] = {
        { FACT_PYTHON, "-packages/", "/python(?<v>3\\.\\d+)/(?:site|dist)-packages/" },
        { FACT_PYTHON, "Python version", "Python version: (?<v>3\\.\\d+\\.\\d+)" },
        { FACT_PACKAGE, "PyTorch version", "PyTorch version: (?<k>)(?<v>\\d+\\.\\d+\\.\\d+[\\w.+]*)" },
        { FACT_PACKAGE, "[pip3] ", "\\[pip3?\\] (?<k>[A-Za-z0-9_.-]+)==(?<v>[\\w.+!-]+)" },
        { FACT_PACKAGE, "[conda] ", "\\[conda\\] (?<k>[A-Za-z0-9_.-]+)\\s+(?<v>\\d[\\w.+!-]*)" },
        { FACT_PACKAGE, "vLLM version", "vLLM version (?<k>)(?<v>v?\\d+\\.\\d+[\\w.+-]*)" },
        { FACT_PACKAGE, "version", "\\b(?<k>sglang|transformers|vllm|torch|compressed-tensors|compressed_tensors|flashinfer|triton|deepspeed|ray|jax|jaxlib)[ _-]?(?:version)?[:=]?\\s*(?:version\\s*)?[:=]\\s*v?(?<v>\\d+\\.\\d+[\\w.+-]*)" },
        /* transformers-cli env: "- `transformers` version: 4.37.0", "- Huggingface_hub version: 0.20.3" */
        { FACT_PACKAGE, " version: ", "(?|`(?<k>[A-Za-z0-9_.-]+)`|(?<k>[Hh]uggingface_hub|Accelerate|Safetensors)) version: (?<v>\\d+\\.\\d+[\\w.+-]*)" },
        { FACT_PACKAGE, "torch 2.", "\\btorch (?<k>)(?<v>2\\.\\d+\\.\\d+(?:\\+\\w+)?)" },
        { FACT_CUDA, "CUDA used to build", "CUDA used to build PyTorch: (?<v>\\d+\\.\\d+)" },
        { FACT_CUDA, "CUDA Version", "CUDA Version: (?<v>\\d+\\.\\d+)" },
        { FACT_DRIVER, "Driver Version", "Driver Version: (?<v>\\d+\\.\\d+(?:\\.\\d+)?)" },
        { FACT_DRIVER, "Kernel Module", "Kernel Module\\s+(?<v>\\d+\\.\\d+(?:\\.\\d+)?)" },
        { FACT_NCCL, "NCCL version", "NCCL version (?<v>\\d+\\.\\d+\\.\\d+)" },
        { FACT_GPU, "NVIDIA ", "NVIDIA (?<v>(?:[A-Z]+\\d+[A-Za-z]*|GeForce RTX \\d+\\w*|RTX [A-Z]?\\d+\\w*)(?:[ -](?:SXM\\d?|PCIe|NVL|\\d+GB|HBM\\d?e?))*)" },
        { FACT_MODEL, "model_path=", "model_path='(?<v>[^']+)'" },
        { FACT_MODEL, "--model", "--model(?:-path)?[= ](?<v>[^\\s'\"]+)" },
        { FACT_MODEL, "model='", "\\bmodel='(?<v>[^']+)'" },
        { FACT_TP, "tp_size=", "\\btp_size=(?<v>\\d+)" },
        { FACT_TP, "tensor_parallel_size=", "tensor_parallel_size=(?<v>\\d+)" },
        { FACT_TP, "--tensor-parallel-size", "--tensor-parallel-size[= ](?<v>\\d+)" },
        { FACT_COMMAND, "launch_server", "(?<v>\\S*python\\S*\\s+-m\\s+sglang\\.launch_server.*)" },
        { FACT_COMMAND, "vllm serve", "(?<v>vllm serve .*)" },
        { FACT_COMMAND, "torchrun ", "(?<v>torchrun .*)" },
};

enum { N_RULES = sizeof rules / sizeof rules[0] };

struct fact_rules {
        pcre2_code *code[N_RULES];
};

const char *facts_literal(size_t i)
{
        return i < N_RULES ? rules[i].literal : NULL;
}

int facts_compile(struct fact_rules **ret)
{
        struct fact_rules *fr = xmalloc_or_null(sizeof *fr);
        if (!fr)
                return CORONER_E_NOMEM;
        for (size_t i = 0; i < N_RULES; i++) {
                int code;
                PCRE2_SIZE off;
                fr->code[i] = pcre2_compile((PCRE2_SPTR)rules[i].pattern, PCRE2_ZERO_TERMINATED,
                                            PCRE2_UTF | PCRE2_MATCH_INVALID_UTF, &code, &off, NULL);
                if (fr->code[i])
                        pcre2_jit_compile(fr->code[i], PCRE2_JIT_COMPLETE);
        }
        *ret = fr;
        return 0;
}

void facts_rules_free(struct fact_rules *fr)
{
        if (!fr)
                return;
        for (size_t i = 0; i < N_RULES; i++)
                pcre2_code_free(fr->code[i]);
        free(fr);
}

bool facts_candidate_seen(const struct facts *f, const coroner_db *db, const struct coroner_signature *sig, size_t k)
{
        if (!sig || !f->cand_seen || k >= 8)
                return false;
        size_t i = sig->number;
        if (i >= db->n_sigs || db->sigs[i] != sig)
                for (i = 0; i < db->n_sigs && db->sigs[i] != sig; i++)
                        ;
        return i < db->n_sigs && (f->cand_seen[i] >> k & 1);
}

void facts_free(struct facts *f)
{
        for (size_t i = 0; i < f->n; i++) {
                free(f->items[i].key);
                free(f->items[i].value);
        }
        free(f->items);
        free(f->cand_seen);
        free(f->hits.seen);
        free(f->hits.list);
        memset(f, 0, sizeof *f);
}

static struct fact_item *find(struct facts *f, enum fact kind, const char *key, size_t key_len)
{
        for (size_t i = 0; i < f->n; i++)
                if (f->items[i].kind == kind && strlen(f->items[i].key) == key_len &&
                    memcmp(f->items[i].key, key, key_len) == 0)
                        return &f->items[i];
        return NULL;
}

static void record_fact(struct facts *f, enum fact kind, const char *key, size_t key_len, const char *value,
                        size_t value_len, int input, long line)
{
        if (value_len == 0)
                return;
        if (kind == FACT_PACKAGE && key_len == 0) {
                key = "torch";  /* "PyTorch version", "torch 2.x", vLLM's banner below */
                key_len = 5;
        }
        struct fact_item *it = find(f, kind, key, key_len);
        if (it) {
                it->count++;  /* the first statement wins; count repeats (GPUs) */
                return;
        }
        if (f->n == LIMIT_FACTS)
                return;
        struct fact_item *p = grow_array(f->items, f->n, &f->cap, sizeof *p, 16);
        if (!p)
                return;
        f->items = p;
        char *key_copy = strndup_safe(key, key_len), *value_copy = strndup_safe(value, value_len < 300 ? value_len : 300);
        if (!key_copy || !value_copy) {  /* out of memory: the fact is not kept */
                free(key_copy);
                free(value_copy);
                return;
        }
        it = &f->items[f->n++];
        it->kind = kind;
        it->key = key_copy;
        it->value = value_copy;
        it->input = input;
        it->line = line;
        it->count = 1;
}

static const char *group(pcre2_code *code, pcre2_match_data *md, const char *name, const char *s, size_t *len)
{
        int n = pcre2_substring_number_from_name(code, (PCRE2_SPTR)name);
        PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
        if (n < 0 || ov[2 * n] == PCRE2_UNSET) {
                *len = 0;
                return s;
        }
        *len = ov[2 * n + 1] - ov[2 * n];
        return s + ov[2 * n];
}

/* Empties f->hits, ready for the next line; returns how many it listed
 * (their indexes stay readable in f->hits.list). */
static size_t take_list(struct facts *f)
{
        size_t listed = f->hits.n;
        for (size_t h = 0; h < listed; h++)
                f->hits.seen[f->hits.list[h]] = 0;
        f->hits.n = 0;
        return listed;
}

void facts_scan(const coroner_db *db, struct facts *f, pcre2_match_data *md, const char *s, size_t n,
                int input, long line)
{
        if (facts_prepare(db, f) < 0 || !db->pf_watch)
                return;
        take_list(f);  /* a list of another line's watchers, not used */
        prefilter_watchers(db->pf_watch, s, n, &f->hits);
        facts_scan_listed(db, f, md, s, n, input, line);
}

int facts_prepare(const coroner_db *db, struct facts *f)
{
        size_t nw = db->n_watchers;
        if (nw <= f->hits_cap)
                return 0;
        free(f->hits.seen);
        free(f->hits.list);
        f->hits.seen = calloc(nw, 1);
        f->hits.list = calloc(nw, sizeof *f->hits.list);
        f->hits.n = 0;
        f->hits_cap = f->hits.seen && f->hits.list ? nw : 0;
        return f->hits_cap ? 0 : CORONER_E_NOMEM;
}

void facts_scan_listed(const coroner_db *db, struct facts *f, pcre2_match_data *md, const char *s, size_t n,
                       int input, long line)
{
        const struct fact_rules *fr = db->fact_rules;
        size_t listed = take_list(f);
        for (size_t h = 0; h < listed; h++) {
                if (f->hits.list[h] >= db->n_watchers)
                        continue;
                const struct watcher *w = &db->watchers[f->hits.list[h]];
                size_t i = w->a, c = w->b;
                if (w->candidate) {
                        /* Candidate evidence: which competing cause the log supports. */
                        const struct pattern *p = &db->sigs[i]->candidates[c].evidence;
                        const struct candidate *cd = &db->sigs[i]->candidates[c];
                        if ((f->cand_seen && f->cand_seen[i] >> c & 1) || !pattern_search(db, p, s, n, md) ||
                            !where_holds(cd->where, cd->n_where, pattern_code(p), md))
                                continue;
                        if (!f->cand_seen)
                                f->cand_seen = calloc(db->n_sigs + 1, sizeof *f->cand_seen);
                        if (f->cand_seen)
                                f->cand_seen[i] |= (uint8_t)(1u << c);
                        continue;
                }
                if (!fr || !fr->code[i] || pcre2_match(fr->code[i], (PCRE2_SPTR)s, n, 0, 0, md, db->mctx) < 0)
                        continue;
                size_t kl, vl;
                const char *k = group(fr->code[i], md, "k", s, &kl);
                const char *v = group(fr->code[i], md, "v", s, &vl);
                if (rules[i].kind == FACT_PACKAGE && kl) {
                        /* compressed_tensors and compressed-tensors are one package */
                        char key[64];
                        size_t m = kl < sizeof key - 1 ? kl : sizeof key - 1;
                        for (size_t x = 0; x < m; x++)
                                key[x] = k[x] == '_' ? '-' : (char)(k[x] >= 'A' && k[x] <= 'Z' ? k[x] + 32 : k[x]);
                        record_fact(f, FACT_PACKAGE, key, m, v, vl, input, line);
                } else {
                        bool keyed = rules[i].kind == FACT_GPU;
                        record_fact(f, rules[i].kind, keyed ? v : "", keyed ? vl : 0, v, vl, input, line);
                }
        }
}

const char *fact_name(enum fact kind)
{
        static const char *const names[] = { "python", "package", "cuda", "driver", "nccl", "gpu",
                                             "model", "tensor_parallel_size", "command" };
        return (unsigned)kind < sizeof names / sizeof names[0] ? names[kind] : "?";
}

const struct fact_item *facts_get(const struct facts *f, enum fact kind, const char *key)
{
        for (size_t i = 0; i < f->n; i++)
                if (f->items[i].kind == kind && (!key || strcmp(f->items[i].key, key) == 0))
                        return &f->items[i];
        return NULL;
}

/* Dotted numeric comparison, missing parts as 0: "0.9.4" < "0.10" == "0.10.0".
 * A suffix after the numbers (+cu121, rc1, .dev0) is ignored. */
int version_compare(const char *a, const char *b)
{
        for (;;) {
                bool more_a = *a >= '0' && *a <= '9', more_b = *b >= '0' && *b <= '9';
                if (!more_a && !more_b)
                        return 0;
                long x = more_a ? strtol(a, (char **)&a, 10) : 0;
                long y = more_b ? strtol(b, (char **)&b, 10) : 0;
                if (x != y)
                        return x < y ? -1 : 1;
                a += *a == '.' && a[1] >= '0' && a[1] <= '9';
                b += *b == '.' && b[1] >= '0' && b[1] <= '9';
        }
}

/* "<0.10", "<=1.2", ">=0.6.3", "==2.1", "!=1.0"; several joined by ','. */
bool version_satisfies(const char *version, const char *spec)
{
        char buf[128];
        snprintf(buf, sizeof buf, "%s", spec);
        for (char *save = NULL, *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
                while (*t == ' ')
                        t++;
                const char *op = t;
                size_t ol = strspn(t, "<>=!");
                const char *v = t + ol;
                int c = version_compare(version, v);
                bool ok = (ol == 1 && op[0] == '<') ? c < 0
                        : (ol == 1 && op[0] == '>') ? c > 0
                        : (ol == 2 && op[0] == '<') ? c <= 0
                        : (ol == 2 && op[0] == '>') ? c >= 0
                        : (ol == 2 && op[0] == '!') ? c != 0
                        : c == 0;
                if (!ok)
                        return false;
        }
        return true;
}

void facts_merge(struct facts *dst, struct facts *src, int input_offset, size_t n_sigs)
{
        /* In input order the first statement of a fact wins, as in one read. */
        for (size_t i = 0; i < src->n; i++) {
                struct fact_item *it = &src->items[i];
                struct fact_item *have = find(dst, it->kind, it->key, strlen(it->key));
                if (have)
                        have->count += it->count;
                else
                        record_fact(dst, it->kind, it->key, strlen(it->key), it->value, strlen(it->value),
                                    it->input + input_offset, it->line);
                if (!have && (have = find(dst, it->kind, it->key, strlen(it->key))))
                        have->count = it->count;
        }
        if (src->cand_seen) {
                if (!dst->cand_seen)
                        dst->cand_seen = calloc(n_sigs + 1, sizeof *dst->cand_seen);
                for (size_t i = 0; dst->cand_seen && i < n_sigs; i++)
                        dst->cand_seen[i] |= src->cand_seen[i];
        }
}
