/* match_memo.c — what match_event decided, remembered by the event's text.
 *
 * A crash loop prints the same traceback at every restart, and every rank
 * of a failed job prints its own copy: most tracebacks of an error-dense
 * log have been seen before. match_event's decision (which signature, on
 * which exception of the chain) depends only on the text it reads: each
 * exception's type, message and context and its frames' files and
 * functions. That text is the key; a traceback with the same key gets the
 * same decision without its candidates being found and tried again.
 * Times, line numbers and streams are not in the key: the ranking reads
 * them from the event itself. Single lines are not kept: they repeat
 * rarely word for word (times, counters, addresses), and their pre-filter
 * scan costs about what a key does.
 *
 * The table is direct-mapped and bounded (slots and bytes): a key that
 * does not fit is matched as if never seen, never wrongly.
 */
#include "config.h"
#include "match.h"

#include <stdlib.h>
#include <string.h>

enum {
        MEMO_SLOTS = 4096,              /* a power of two */
        MEMO_KEY_MAX = 64 * 1024,       /* longer events are matched each time */
        MEMO_BYTES = 8 * 1024 * 1024,   /* all keys kept, at most */
};

struct memo_slot {
        uint64_t hash;
        char *key;       /* NULL: empty */
        size_t len;
        size_t sig;      /* db->sigs index, or SIZE_MAX: nothing matched */
        size_t exc;      /* which exception of the chain */
};

struct match_memo {
        struct memo_slot slots[MEMO_SLOTS];
        size_t bytes;
        struct strbuf key;  /* the key being looked up */
};

static void put_field(struct strbuf *sb, const char *s)
{
        if (s)
                sb_puts(sb, s);
        sb_putc(sb, '\0');  /* separates fields: no field holds a NUL */
}

/* Everything match_event reads of ev, and nothing else. */
static void event_key(const struct event *ev, struct strbuf *sb)
{
        sb->len = 0;
        sb_putc(sb, (char)('0' + ev->kind));
        for (size_t k = 0; k < ev->n_excs; k++) {
                const struct exception *x = &ev->excs[k];
                sb_putc(sb, x->type ? 'T' : 't');
                put_field(sb, x->type);
                put_field(sb, x->message);
                sb_putc(sb, x->context ? 'C' : 'c');
                put_field(sb, x->context);
                for (size_t i = 0; i < x->n_frames; i++) {
                        const struct frame *f = &x->frames[i];
                        sb_putc(sb, (char)('F' | (f->file ? 1 : 0) << 5));
                        put_field(sb, f->file);
                        sb_putc(sb, (char)('G' | (f->function ? 1 : 0) << 5));
                        put_field(sb, f->function);
                }
                sb_putc(sb, 'E');  /* the end of one exception */
        }
}

static struct memo_slot *slot_of(struct match_memo *memo, uint64_t hash)
{
        return &memo->slots[hash & (MEMO_SLOTS - 1)];
}

int match_memo_find(struct match_scratch *scratch, const struct event *ev, size_t *sig, size_t *exc)
{
        if (!scratch->memo && !(scratch->memo = calloc(1, sizeof *scratch->memo)))
                return -1;
        struct match_memo *memo = scratch->memo;
        event_key(ev, &memo->key);
        if (memo->key.failed || memo->key.len > MEMO_KEY_MAX)
                return -1;
        scratch->key_hash = fnv1a64(memo->key.data, memo->key.len, 0);
        const struct memo_slot *s = slot_of(memo, scratch->key_hash);
        if (!s->key || s->hash != scratch->key_hash || s->len != memo->key.len ||
            memcmp(s->key, memo->key.data, s->len) != 0)
                return 0;
        *sig = s->sig;
        *exc = s->exc;
        return 1;
}

void match_memo_keep(struct match_scratch *scratch, size_t sig, size_t exc)
{
        struct match_memo *memo = scratch->memo;
        struct memo_slot *s = slot_of(memo, scratch->key_hash);
        memo->bytes -= s->key ? s->len : 0;
        free(s->key);
        s->key = NULL;
        if (memo->bytes + memo->key.len > MEMO_BYTES || !(s->key = malloc(memo->key.len)))
                return;
        memcpy(s->key, memo->key.data, memo->key.len);
        s->len = memo->key.len;
        s->hash = scratch->key_hash;
        s->sig = sig;
        s->exc = exc;
        memo->bytes += s->len;
}

void match_scratch_free(struct match_scratch *scratch)
{
        struct match_memo *memo = scratch->memo;
        if (!memo)
                return;
        for (size_t i = 0; i < MEMO_SLOTS; i++)
                free(memo->slots[i].key);
        sb_free(&memo->key);
        free(memo);
        scratch->memo = NULL;
}
