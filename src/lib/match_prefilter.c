/* match_prefilter.c — decide in a few cycles a byte whether a line can matter.
 *
 * Its clients (match_literals.c) hand it literals: text a signature's
 * pattern cannot match without, the words that begin the assembler's
 * evidence, the decoder's level texts, the words of facts. Each literal is
 * indexed by its rarest 4-byte windows (rarest in the input itself, once an
 * analysis has counted them: prefilter_build_observed) in a bit table; a
 * line is scanned once, hashing a window every `stride` bytes, and only a
 * set bit leads to a comparison. The scan answers with the literals' codes
 * and tags: PCRE2 then runs only for the signatures whose literal was found.
 */
#include "config.h"
#include "match.h"

#include <stdlib.h>
#include <string.h>

/* The table grows with the literals so that few of its bits are set: 2^17
 * bits (16 KiB, in L1) for the real database, more for ten times as many. */
enum { MIN_HASH_BITS = 17, MAX_HASH_BITS = 22, MAX_STRIDE = 4 };
_Static_assert(PF_MIN_WATCHED == 4 + MAX_STRIDE - 1, "a watcher's literal spans a full stride of windows");

/* The fields a scan reads first (len, anchor, caseless) come before the
 * literal, so that checking a hit mostly reads one cache line, not two. */
struct pf_entry {
        uint8_t len, anchor;  /* anchor: offset of the indexed 4-byte window */
        bool caseless;
        uint8_t group_class;  /* PF_FULL / PF_WATCH: what the group's members are */
        uint8_t tag;          /* PF_TAG_*: reported in watch_hits.tags when found */
        int32_t sig;          /* signature index; -1: a structural trigger;
                               * -2 - w: watcher w (a fact or candidate evidence) */
        uint32_t group;       /* entries with the same text and anchor share one */
        char lit[64];
};

struct build;

/* One indexed window of one entry. A bucket's slots sit together, in text
 * order, so a line's window reads one or two cache lines. */
struct pf_slot {
        uint32_t word;              /* the exact 4 bytes the entry is indexed by */
        uint32_t word2;             /* 4 more bytes of the literal, at offset2 */
        uint32_t entry;             /* index in entries */
        uint32_t skip;              /* the next slot of the bucket in another group */
        int8_t offset2;             /* from the anchor (+4 or -4); 0: none to check */
};

struct prefilter {
        uint64_t *bits;             /* one bit per hash: some entry has it */
        uint32_t *rank;             /* rank[j]: bits set in bits[0 .. j) */
        uint32_t *first;            /* the b-th set hash's slots: slots[first[b] .. first[b+1]) */
        struct pf_slot *slots;
        unsigned shift;             /* 32 - hash bits */
        size_t table;               /* 1 << hash bits */
        size_t stride;              /* windows hashed at every stride-th byte */
        struct pf_entry *entries;
        size_t n_entries;
        uint64_t *always;           /* signatures without a literal: always candidates */
        size_t n_sigs;
        bool any_always;
        struct pf_whole *wholes;    /* messages matched as a whole ("Killed"): short,
                                     * so checked at the line's end, not indexed */
        size_t n_wholes;
        uint64_t whole_last[4];     /* the bytes wholes end with: other lines skip them */
        struct build *literals;     /* the database's literals, kept by a plain
                                     * build for the rebuilds with an input's counts */
};

static inline uint32_t hash4(const struct prefilter *pf, uint32_t w)
{
        return (w * 2654435761u) >> pf->shift;
}

/* Bits set in x. Not __builtin_popcountll: without -mpopcnt (Debian's
 * x86-64 baseline) that is a call into libgcc. */
static inline uint32_t popcount64(uint64_t x)
{
        x -= (x >> 1) & 0x5555555555555555ULL;
        x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
        x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
        return (uint32_t)((x * 0x0101010101010101ULL) >> 56);
}

static inline uint32_t load4(const char *p)
{
        uint32_t w;
        memcpy(&w, p, 4);
        return w;
}

static inline uint32_t observed_slot(uint32_t w)
{
        return (w * 2654435761u) >> (32 - OBSERVED_BITS);
}

/* ---- building ---- */

/* Sorts pointers to entries (qsort has no context: no global to share
 * between the -j workers' rebuilds). */
static int cmp_entry_text(const void *a, const void *b)
{
        const struct pf_entry *x = *(const struct pf_entry *const *)a, *y = *(const struct pf_entry *const *)b;
        if (x->len != y->len)
                return x->len < y->len ? -1 : 1;
        if (x->anchor != y->anchor)
                return x->anchor < y->anchor ? -1 : 1;
        if (x->caseless != y->caseless)
                return x->caseless ? 1 : -1;
        return memcmp(x->lit, y->lit, x->len);
}

static int add_entry_at(struct prefilter *pf, size_t *cap, const struct pf_literal *p, size_t anchor);

/* How common the 4-byte window at lit + at is: rarer bytes make better
 * anchors (punctuation and capitals over letters). */
static int window_score(const char *lit, size_t at)
{
        int score = 0;
        for (int k = 0; k < 4; k++)
                score += byte_commonness((unsigned char)lit[at + k]);
        return score;
}

/* Literals wait here until all are known: a window that many literals
 * share (" is ", "node", "GPU ") makes a poor anchor, and only the whole
 * set tells which windows those are. */
struct build {
        struct pf_literal *items;
        size_t n, cap;
        uint16_t *share;  /* per window hash: how many literals hold it */
        const struct observed *seen;  /* windows counted in the input, or NULL */
};

static int build(const struct pf_input *in, const struct prefilter *base, const struct observed *seen,
                 bool watchers_only, struct prefilter **ret);

static int add_entry(struct build *b, const struct pf_literal *lit)
{
        struct pf_literal *p = grow_array(b->items, b->n, &b->cap, sizeof *p, 256);
        if (!p)
                return CORONER_E_NOMEM;
        b->items = p;
        b->items[b->n++] = *lit;
        return 0;
}

enum { SHARE_BITS = 20 };

static uint32_t share_slot(const char *w)
{
        return (load4(w) * 2654435761u) >> (32 - SHARE_BITS);
}

/* How costly a window is as an anchor: common bytes, and shared by many literals. */
static int window_cost(const struct build *b, const char *lit, size_t at)
{
        int share = b->share[share_slot(lit + at)];
        return window_score(lit, at) + 2 * (share < 30 ? share : 30);
}

static size_t window_variants(const char *w, bool caseless, uint32_t *out);

/* How often the input holds a window, given as its case variants, per
 * thousand lines: each occurrence at a hashed position costs a comparison. */
static uint64_t window_seen(const struct build *b, const uint32_t *variants, size_t n_variants)
{
        if (!b->seen || !b->seen->lines)
                return 0;
        uint64_t count = 0;
        for (size_t i = 0; i < n_variants; i++)
                count += b->seen->count[observed_slot(variants[i])];
        return count * 1000 / b->seen->lines;
}

static int place_entry(struct prefilter *pf, size_t *cap, const struct build *b, const struct pf_literal *p)
{
        /* Hashing every stride-th window hits an occurrence of the literal
         * with exactly one of any `stride` consecutive windows of it: index
         * it by the cheapest such run, so common words rarely lead to a
         * comparison. What the input repeats weighs most; where it tells
         * nothing, rare bytes and windows few literals share decide. */
        size_t len = strlen(p->text), st = pf->stride, best_k = 0;
        uint64_t best = UINT64_MAX, costs[64], seens[64];
        for (size_t k = 0; k + 4 <= len; k++) {
                uint32_t variants[16];
                size_t n_variants = window_variants(p->text + k, p->caseless, variants);
                /* each case variant of a caseless window fills one more
                 * bucket, which other windows of the input then hit */
                costs[k] = (uint64_t)window_cost(b, p->text, k) * n_variants;
                seens[k] = window_seen(b, variants, n_variants);
        }
        for (size_t k = 0; k + st + 3 <= len; k++) {
                uint64_t cost = 0, seen = 0;
                for (size_t j = 0; j < st; j++) {
                        cost = costs[k + j] > cost ? costs[k + j] : cost;  /* the costliest window counts */
                        seen += seens[k + j];
                }
                cost += 100 * seen;
                if (cost < best) {
                        best = cost;
                        best_k = k;
                }
        }
        for (size_t j = 0; j < st; j++) {
                int r = add_entry_at(pf, cap, p, best_k + j);
                if (r < 0)
                        return r;
        }
        return 0;
}

static int add_entry_at(struct prefilter *pf, size_t *cap, const struct pf_literal *lit, size_t anchor)
{
        struct pf_entry *p = grow_array(pf->entries, pf->n_entries, cap, sizeof *p, 256);
        if (!p)
                return CORONER_E_NOMEM;
        pf->entries = p;
        struct pf_entry *e = &pf->entries[pf->n_entries++];
        memset(e, 0, sizeof *e);
        size_t n = strlen(lit->text);
        if (n > 63)
                n = 63;
        memcpy(e->lit, lit->text, n);
        e->len = (uint8_t)n;
        e->caseless = lit->caseless;
        e->sig = lit->code;
        e->tag = lit->tag;
        e->anchor = (uint8_t)anchor;
        return 0;
}

static void set_bit(struct prefilter *pf, uint32_t h)
{
        pf->bits[h >> 6] |= 1ULL << (h & 63);
}

/* Every case variant of the anchor (caseless literals), as hashes. */
static size_t anchor_words(const struct pf_entry *e, uint32_t *out)
{
        return window_variants(e->lit + e->anchor, e->caseless, out);
}

static size_t window_variants(const char *w, bool caseless, uint32_t *out)
{
        char lowered[4], case_bits[4] = { 0 };
        for (int k = 0; k < 4; k++) {
                unsigned char c = (unsigned char)w[k] | 0x20;
                bool letter = caseless && c >= 'a' && c <= 'z';
                lowered[k] = letter ? (char)c : w[k];
                case_bits[k] = letter ? 0x20 : 0;  /* the bit that tells an ASCII letter's case */
        }
        /* Every subset of the letters' case bits, from the all-lower form. */
        uint32_t lower = load4(lowered), letters = load4(case_bits);
        size_t n = 0;
        uint32_t m = 0;
        do {
                out[n++] = lower ^ m;
                m = (m - letters) & letters;
        } while (m);
        return n;
}

void prefilter_free(struct prefilter *pf)
{
        if (!pf)
                return;
        free(pf->bits);
        free(pf->rank);
        free(pf->first);
        free(pf->slots);
        free(pf->entries);
        free(pf->always);
        free(pf->wholes);
        if (pf->literals) {
                free(pf->literals->items);
                free(pf->literals->share);
                free(pf->literals);
        }
        free(pf);
}

struct keyed_slot {
        uint32_t hash;
        struct pf_slot slot;
};

/* The bucket's place among the set bits: no table indexed by hash. */
static inline uint32_t bucket_of(const struct prefilter *pf, uint32_t h)
{
        uint64_t below = pf->bits[h >> 6] & ((1ULL << (h & 63)) - 1);
        return pf->rank[h >> 6] + popcount64(below);
}

/* ---- windows the input repeats ---- */

void observed_add_line(struct observed *o, const char *s, size_t n)
{
        for (size_t i = 0; i + 4 <= n; i++) {
                uint32_t *c = &o->count[observed_slot(load4(s + i))];
                *c += *c < UINT32_MAX;
        }
        o->lines++;
}

void observed_decay(struct observed *o)
{
        for (size_t i = 0; i < (size_t)1 << OBSERVED_BITS; i++)
                o->count[i] /= 2;
        o->lines /= 2;
}

int prefilter_build(const struct pf_input *in, struct prefilter **ret)
{
        return build(in, NULL, NULL, false, ret);
}

int prefilter_build_observed(const struct prefilter *base, const struct observed *seen, struct prefilter **ret)
{
        return build(NULL, base, seen, false, ret);
}

int prefilter_build_watchers(const struct prefilter *base, struct prefilter **ret)
{
        return build(NULL, base, NULL, true, ret);
}

/* A first build takes its clients' literals (match_literals.c), and counts
 * how many literals share each window. */
static int take_literals(const struct pf_input *in, struct prefilter *pf, struct build *b)
{
        int r = 0;
        /* The shortest literal bounds the stride (a literal of length L is
         * always hit by a window at a multiple of L - 3). */
        size_t shortest = 64;
        for (size_t i = 0; r == 0 && i < in->n_literals; i++) {
                if (strlen(in->literals[i].text) < shortest)
                        shortest = strlen(in->literals[i].text);
                r = add_entry(b, &in->literals[i]);
        }
        pf->stride = shortest >= 4 + MAX_STRIDE - 1 ? MAX_STRIDE : shortest - 3;
        memcpy(pf->always, in->always, (pf->n_sigs / 64 + 1) * sizeof *pf->always);
        for (size_t i = 0; i < pf->n_sigs / 64 + 1; i++)
                pf->any_always |= pf->always[i] != 0;
        pf->wholes = malloc((in->n_wholes + 1) * sizeof *pf->wholes);
        if (!pf->wholes)
                r = CORONER_E_NOMEM;
        for (size_t i = 0; r == 0 && i < in->n_wholes; i++) {
                const struct pf_whole *w = &in->wholes[i];
                pf->wholes[pf->n_wholes++] = *w;
                if (w->len) {
                        unsigned char last = (unsigned char)w->text[w->len - 1];
                        pf->whole_last[last >> 6] |= 1ULL << (last & 63);
                }
        }
        b->share = r == 0 ? calloc((size_t)1 << SHARE_BITS, sizeof *b->share) : NULL;
        if (r == 0 && !b->share)
                r = CORONER_E_NOMEM;
        for (size_t i = 0; r == 0 && i < b->n; i++)
                for (size_t k = 0; k + 4 <= strlen(b->items[i].text); k++) {
                        uint16_t *c = &b->share[share_slot(b->items[i].text + k)];
                        if (*c < UINT16_MAX)
                                (*c)++;
                }
        return r;
}

/* A rebuild (an input's counts, the watchers alone) takes the first
 * build's literals as they are. */
static int copy_literals(const struct prefilter *base, struct prefilter *pf)
{
        pf->stride = base->stride;
        pf->any_always = base->any_always;
        memcpy(pf->always, base->always, (pf->n_sigs / 64 + 1) * sizeof *pf->always);
        pf->wholes = malloc((base->n_wholes + 1) * sizeof *pf->wholes);
        if (!pf->wholes)
                return CORONER_E_NOMEM;
        if (base->n_wholes)  /* (memcpy from NULL is undefined, even of 0 bytes) */
                memcpy(pf->wholes, base->wholes, base->n_wholes * sizeof *pf->wholes);
        pf->n_wholes = base->n_wholes;
        memcpy(pf->whole_last, base->whole_last, sizeof pf->whole_last);
        return 0;
}

/* in: a first build; else a rebuild of base, with seen (the input's
 * counts) or watchers_only (index only watchers and tagged triggers). */
static int build(const struct pf_input *in, const struct prefilter *base, const struct observed *seen,
                 bool watchers_only, struct prefilter **ret)
{
        if (!in && !(base && base->literals))
                return CORONER_E_NOMEM;
        struct prefilter *pf = xmalloc_or_null(sizeof *pf);
        if (!pf)
                return CORONER_E_NOMEM;
        pf->n_sigs = in ? in->n_sigs : base->n_sigs;
        pf->always = calloc(pf->n_sigs / 64 + 1, sizeof *pf->always);
        size_t cap = 0;
        /* A rebuild reads the base's literals through a copy of their
         * handle: analyses on several threads rebuild at once. */
        struct build shared = base ? *base->literals : (struct build){ 0 };
        struct build *b = base ? &shared : xmalloc_or_null(sizeof *b);
        int r = pf->always && b ? 0 : CORONER_E_NOMEM;
        if (r == 0)
                r = base ? copy_literals(base, pf) : take_literals(in, pf, b);
        if (!base)
                pf->literals = b;  /* kept for rebuilds (freed with pf) */
        /* Now that every literal is known, place each on its anchors. */
        if (r == 0)
                b->seen = seen;
        for (size_t i = 0; r == 0 && i < b->n; i++)
                if (!watchers_only || b->items[i].code < -1 || b->items[i].tag)
                        r = place_entry(pf, &cap, b, &b->items[i]);
        /* Many signatures share a literal (every Xid signature has "NVRM:
         * Xid ("; variants of one message): group identical entries, so a
         * line compares each text once, whatever the number of signatures. */
        struct pf_entry **by_text = r == 0 ? malloc((pf->n_entries + 1) * sizeof *by_text) : NULL;
        if (r == 0 && !by_text)
                r = CORONER_E_NOMEM;
        for (size_t i = 0; r == 0 && i < pf->n_entries; i++)
                by_text[i] = &pf->entries[i];
        if (r == 0) {
                qsort(by_text, pf->n_entries, sizeof *by_text, cmp_entry_text);
                for (size_t i = 0; i < pf->n_entries; i++)
                        by_text[i]->group = i && cmp_entry_text(&by_text[i - 1], &by_text[i]) == 0
                                                    ? by_text[i - 1]->group : (uint32_t)i;
                /* Each group's class: what a line holding its text needs. */
                for (size_t i = 0, first = 0; i <= pf->n_entries; i++) {
                        if (i < pf->n_entries && by_text[i]->group == by_text[first]->group)
                                continue;
                        uint8_t cls = 0;
                        for (size_t j = first; j < i; j++)
                                cls |= by_text[j]->sig >= -1 ? PF_FULL : PF_WATCH;
                        for (size_t j = first; j < i; j++)
                                by_text[j]->group_class = cls;
                        first = i;
                }
        }
        /* Bucket the entries by anchor hash (a caseless one in several). */
        uint32_t (*words)[16] = r == 0 ? calloc(pf->n_entries + 1, sizeof *words) : NULL;
        uint8_t *counts = words ? calloc(pf->n_entries + 1, 1) : NULL;
        if (r == 0 && (!words || !counts))
                r = CORONER_E_NOMEM;
        size_t total = 0;
        for (size_t i = 0; r == 0 && i < pf->n_entries; i++) {
                counts[i] = (uint8_t)anchor_words(&pf->entries[i], words[i]);
                total += counts[i];
        }
        unsigned hash_bits = MIN_HASH_BITS;
        while (hash_bits < MAX_HASH_BITS && ((size_t)1 << hash_bits) < total * 16)
                hash_bits++;  /* at most one bit in sixteen set */
        pf->shift = 32 - hash_bits;
        pf->table = (size_t)1 << hash_bits;
        pf->bits = r == 0 ? calloc(pf->table / 64, sizeof *pf->bits) : NULL;
        pf->rank = r == 0 ? calloc(pf->table / 64, sizeof *pf->rank) : NULL;
        pf->slots = r == 0 ? calloc(total + 1, sizeof *pf->slots) : NULL;
        struct keyed_slot *keyed = r == 0 ? calloc(total + 1, sizeof *keyed) : NULL;
        if (r == 0 && (!pf->bits || !pf->rank || !pf->slots || !keyed))
                r = CORONER_E_NOMEM;
        /* Every indexed window, in text order, then sorted by bucket
         * keeping that order, so a bucket holds each group's entries
         * together. */
        size_t n_keyed = 0;
        for (size_t j = 0; r == 0 && j < pf->n_entries; j++) {
                size_t i = (size_t)(by_text[j] - pf->entries);
                const struct pf_entry *e = by_text[j];
                /* A second word of the literal beside the anchor: checked
                 * before comparing, it turns away nearly every stranger. */
                int off = e->caseless ? 0 : e->anchor + 8 <= e->len ? 4 : e->anchor >= 4 ? -4 : 0;
                for (size_t k = 0; k < counts[i]; k++) {
                        struct keyed_slot *ks = &keyed[n_keyed++];
                        ks->hash = hash4(pf, words[i][k]);
                        ks->slot.entry = (uint32_t)i;
                        ks->slot.word = words[i][k];
                        ks->slot.offset2 = (int8_t)off;
                        ks->slot.word2 = off ? load4(e->lit + e->anchor + off) : 0;
                        set_bit(pf, ks->hash);
                }
        }
        if (r == 0) {
                size_t n_set = 0;
                for (size_t j = 0; j < pf->table / 64; j++) {
                        pf->rank[j] = (uint32_t)n_set;
                        n_set += popcount64(pf->bits[j]);
                }
                /* A counting sort by bucket: first[b] is where bucket b
                 * begins, and each slot goes to the next place of its
                 * bucket in the order it was listed (a comparison sort
                 * of these slots was most of a rebuild's time). */
                pf->first = calloc(n_set + 1, sizeof *pf->first);
                uint32_t *next = calloc(n_set + 1, sizeof *next);
                struct keyed_slot *sorted = calloc(n_keyed + 1, sizeof *sorted);
                if (!pf->first || !next || !sorted)
                        r = CORONER_E_NOMEM;
                for (size_t k = 0; r == 0 && k < n_keyed; k++)
                        next[bucket_of(pf, keyed[k].hash) + 1]++;
                for (size_t q = 0; r == 0 && q < n_set; q++)
                        next[q + 1] += next[q];
                for (size_t q = 0; r == 0 && q <= n_set; q++)
                        pf->first[q] = next[q];
                for (size_t k = 0; r == 0 && k < n_keyed; k++)
                        sorted[next[bucket_of(pf, keyed[k].hash)]++] = keyed[k];
                free(next);
                free(keyed);
                keyed = sorted;
                for (size_t k = 0; r == 0 && k < n_keyed; k++)
                        pf->slots[k] = keyed[k].slot;
                /* skip: the next slot of the bucket in another group */
                for (size_t k = n_keyed; r == 0 && k-- > 0;) {
                        struct pf_slot *sl = &pf->slots[k];
                        bool same = k + 1 < n_keyed && keyed[k + 1].hash == keyed[k].hash && sl[1].word == sl->word &&
                                    pf->entries[sl[1].entry].group == pf->entries[sl->entry].group;
                        sl->skip = same ? sl[1].skip : (uint32_t)k + 1;
                }
        }
        free(keyed);
        free(by_text);
        free(words);
        free(counts);
        if (r < 0) {
                prefilter_free(pf);
                return r;
        }
        *ret = pf;
        return 0;
}

/* ---- scanning ---- */

static inline bool entry_at(const struct pf_entry *e, const char *s, size_t n, size_t i)
{
        if (i < e->anchor || i - e->anchor + e->len > n)
                return false;
        const char *p = s + i - e->anchor;
        if (e->caseless) {
                for (size_t k = 0; k < e->len; k++) {
                        unsigned char c = (unsigned char)p[k], l = (unsigned char)e->lit[k];
                        if (c != l && ((c | 0x20) != (l | 0x20) || (unsigned)((c | 0x20) - 'a') > 25))
                                return false;  /* (ASCII letters alone differ in case) */
                }
                return true;
        }
        /* Literals are short: a loop beats a call to memcmp. */
        for (size_t k = 0; k < e->len; k++)
                if (p[k] != e->lit[k])
                        return false;
        return true;
}

/* The entries indexed by window w (hash h) that occur at s + i: returns
 * PF_FULL for a signature or trigger, PF_WATCH for a watcher; fills
 * sig_bits / watch_hits when given. */
/* An entry found in the line: its class, and its signature bit, watcher
 * and tag where asked for. */
static inline int report_entry(const struct pf_entry *e, uint64_t *sig_bits, struct watch_hits *watch_hits)
{
        if (watch_hits)
                watch_hits->tags |= e->tag;
        if (e->sig >= 0) {
                if (sig_bits)
                        sig_bits[e->sig / 64] |= 1ULL << (e->sig % 64);
                return PF_FULL;
        }
        if (e->sig == -1)
                return PF_FULL;
        uint32_t wi = (uint32_t)(-e->sig - 2);
        if (watch_hits && !watch_hits->seen[wi]) {
                watch_hits->seen[wi] = 1;
                watch_hits->list[watch_hits->n++] = wi;
        }
        return PF_WATCH;
}

static int hit_at(const struct prefilter *pf, const char *s, size_t n, size_t i, uint32_t w, uint32_t h,
                  uint64_t *sig_bits, struct watch_hits *watch_hits)
{
        int found = 0;
        uint32_t b = bucket_of(pf, h);
        uint32_t end = pf->first[b + 1];
        for (uint32_t k = pf->first[b]; k < end; k++) {
                const struct pf_slot *sl = &pf->slots[k];
                if (sl->word != w)
                        continue;  /* another window with the same hash */
                int off = sl->offset2;
                if (off && ((off > 0 && i + 8 > n) || (off < 0 && i < 4) || load4(s + i + off) != sl->word2)) {
                        k = sl->skip - 1;
                        continue;
                }
                const struct pf_entry *e = &pf->entries[sl->entry];
                if (!entry_at(e, s, n, i)) {
                        k = sl->skip - 1;  /* the rest of its group has the same text */
                        continue;
                }
                if (!sig_bits && !watch_hits) {
                        /* Only the class matters: the group answers for all. */
                        found |= e->group_class;
                        k = sl->skip - 1;
                        continue;
                }
                /* The group's slots up to skip have the same text: each
                 * member is found without comparing again. */
                for (uint32_t j = k; j < sl->skip; j++)
                        found |= report_entry(&pf->entries[pf->slots[j].entry], sig_bits, watch_hits);
                k = sl->skip - 1;
        }
        return found;
}

#define TEST(h) (pf->bits[(h) >> 6] >> ((h) & 63) & 1)

int prefilter_line(const struct prefilter *pf, const char *s, size_t n)
{
        return prefilter_line_watch(pf, s, n, NULL);
}

/* Does s end with the whole message w (after a blank or a colon: the
 * prefixes before a message end so)? */
static bool ends_with_whole(const char *s, size_t n, const struct pf_whole *w)
{
        /* the last byte first: most lines end otherwise, without a call */
        return n >= w->len && s[n - 1] == w->text[w->len - 1] && memcmp(s + n - w->len, w->text, w->len) == 0 &&
               (n == w->len || s[n - w->len - 1] == ' ' || s[n - w->len - 1] == ':');
}

/* The one stride loop: the entries found in s, as hit_at reports them
 * (sig_bits, hits: see there). With neither, it stops at the first
 * full hit. */
static int scan(const struct prefilter *pf, const char *s, size_t n, uint64_t *sig_bits, struct watch_hits *hits)
{
        const bool first_full = !sig_bits && !hits;
        const size_t st = pf->stride;
        size_t i = 0;
        int found = 0;
        /* Four windows a round, tested together: independent loads and
         * multiplies keep the pipeline full; a hit is rare. */
        for (; i + 3 * st + 4 <= n; i += 4 * st) {
                uint32_t w0 = load4(s + i), w1 = load4(s + i + st), w2 = load4(s + i + 2 * st),
                         w3 = load4(s + i + 3 * st);
                uint32_t h0 = hash4(pf, w0), h1 = hash4(pf, w1), h2 = hash4(pf, w2), h3 = hash4(pf, w3);
                if (!(TEST(h0) | TEST(h1) | TEST(h2) | TEST(h3)))
                        continue;
                if (TEST(h0))
                        found |= hit_at(pf, s, n, i, w0, h0, sig_bits, hits);
                if (TEST(h1))
                        found |= hit_at(pf, s, n, i + st, w1, h1, sig_bits, hits);
                if (TEST(h2))
                        found |= hit_at(pf, s, n, i + 2 * st, w2, h2, sig_bits, hits);
                if (TEST(h3))
                        found |= hit_at(pf, s, n, i + 3 * st, w3, h3, sig_bits, hits);
                if ((found & PF_FULL) && first_full)
                        return found;
        }
        for (; i + 4 <= n; i += st) {
                uint32_t w = load4(s + i), h = hash4(pf, w);
                if (TEST(h))
                        found |= hit_at(pf, s, n, i, w, h, sig_bits, hits);
        }
        return found;
}

int prefilter_line_watch(const struct prefilter *pf, const char *s, size_t n, struct watch_hits *hits)
{
        /* Without a list the first full hit answers; with one the whole
         * line is scanned, so that the list is complete for the slow path. */
        int found = 0;
        if (hits) {
                hits->n = 0;
                hits->tags = 0;
        }
        if (pf->any_always)
                found = PF_FULL;
        if (!found && n && (pf->whole_last[(unsigned char)s[n - 1] >> 6] >> ((unsigned char)s[n - 1] & 63) & 1))
                for (size_t k = 0; k < pf->n_wholes && !found; k++)
                        if (ends_with_whole(s, n, &pf->wholes[k]))
                                found = PF_FULL;
        if (n < 4)
                return found;
        if (!found && (s[n - 1] == ':' || decode_level_at_start(s, n, true)))
                found = PF_FULL;
        if (found && !hits)
                return found;
        return found | scan(pf, s, n, NULL, hits);
}

void prefilter_candidates(const struct prefilter *pf, const char *s, size_t n, uint64_t *bits)
{
        for (size_t k = 0; k < pf->n_wholes; k++)
                if (ends_with_whole(s, n, &pf->wholes[k]))
                        bits[pf->wholes[k].sig / 64] |= 1ULL << (pf->wholes[k].sig % 64);
        scan(pf, s, n, bits, NULL);
}

size_t prefilter_watchers(const struct prefilter *pf, const char *s, size_t n, struct watch_hits *hits)
{
        hits->n = 0;
        hits->tags = 0;
        scan(pf, s, n, NULL, hits);
        return hits->n;
}

void prefilter_add_always(const struct prefilter *pf, uint64_t *bits)
{
        for (size_t i = 0; i < pf->n_sigs / 64 + 1; i++)
                bits[i] |= pf->always[i];
}

size_t prefilter_sig_words(const struct prefilter *pf)
{
        return pf->n_sigs / 64 + 1;
}
