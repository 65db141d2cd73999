/* analysis_follow.c — growing inputs (--follow) and bytes handed over by a
 * caller (coroner run) as inputs of the analysis: read_follow.c reads them
 * and hands lines to the sink here, which feeds the analysis and ticks it.
 */
#include "config.h"
#include "analysis.h"

#include <stdlib.h>
#include <string.h>

/* The sink's context: the analysis, the follow options, and for coroner
 * run the caller's hook that sees each line first. */
struct follow_ctx {
        coroner_analysis *a;
        const struct coroner_follow_options *fo;
        void (*on_line)(void *ctx, int input, const char *line, size_t len);
        void *on_line_ctx;
};

static int sink_open(void *ctx, const char *name)
{
        struct follow_ctx *c = ctx;
        int input = analysis_add_input(c->a, name);
        if (input >= 0) {
                c->a->inputs[input].live = true;
                c->a->inputs[input].compression = "none";
        }
        return input;
}

static void sink_bytes(void *ctx, int input, size_t n)
{
        struct follow_ctx *c = ctx;
        analysis_set_clock(c->a, monotonic_ms());
        c->a->inputs[input].bytes += n;
}

static void sink_line(void *ctx, int input, const char *line, size_t len, const char *prev, size_t prev_len)
{
        struct follow_ctx *c = ctx;
        if (c->on_line)
                c->on_line(c->on_line_ctx, input, line, len);
        struct input_info *in = &c->a->inputs[input];
        in->prev_line = prev;
        in->prev_len = prev_len;
        analysis_feed_line(c->a, input, line, len);
        in->prev_line = NULL;
}

static void sink_end(void *ctx, int input)
{
        struct follow_ctx *c = ctx;
        analysis_end_input(c->a, input);
}

static void sink_fail(void *ctx, int input, const char *message)
{
        struct follow_ctx *c = ctx;
        struct input_info *in = &c->a->inputs[input];
        in->complete = false;
        free(in->error);
        in->error = strndup_safe(message, strlen(message));
}

static bool sink_round(void *ctx)
{
        struct follow_ctx *c = ctx;
        analysis_follow_tick(c->a, monotonic_ms(), c->fo);
        return !(c->fo && c->fo->delivered && !c->fo->delivered(c->fo->ctx));
}

static bool sink_stopped(void *ctx)
{
        struct follow_ctx *c = ctx;
        return c->fo && c->fo->stop && *c->fo->stop;
}

static struct follow_sink make_sink(struct follow_ctx *c)
{
        return (struct follow_sink){ .ctx = c, .open = sink_open, .bytes = sink_bytes, .line = sink_line,
                                     .end = sink_end, .fail = sink_fail, .round = sink_round,
                                     .stopped = sink_stopped };
}

int coroner_analysis_follow(coroner_analysis *a, const char *const *paths, size_t n,
                            const struct coroner_follow_options *fo, struct coroner_error *errs)
{
        struct follow_ctx c = { .a = a, .fo = fo };
        struct follow_sink sink = make_sink(&c);
        analysis_set_clock(a, monotonic_ms());
        int status = follow_run(paths, n, &sink, errs);
        analysis_follow_tick(a, monotonic_ms(), fo);
        return status;
}

/* ---- live inputs: bytes handed over by the caller (coroner run) ---- */

struct coroner_live {
        struct follow_ctx c;
        struct follow_sink sink;
        struct follow_stream *stream;
};

int coroner_live_open(coroner_analysis *a, const char *name,
                      void (*on_line)(void *ctx, int input, const char *line, size_t len), void *ctx,
                      coroner_live **ret)
{
        coroner_live *l = calloc(1, sizeof *l);
        if (!l)
                return CORONER_E_NOMEM;
        l->c = (struct follow_ctx){ .a = a, .on_line = on_line, .on_line_ctx = ctx };
        l->sink = make_sink(&l->c);
        if (follow_stream_open(&l->sink, name, &l->stream) < 0) {
                free(l);
                return CORONER_E_NOMEM;
        }
        *ret = l;
        return 0;
}

void coroner_live_feed(coroner_live *l, const char *bytes, size_t n)
{
        analysis_set_clock(l->c.a, monotonic_ms());
        follow_stream_feed(l->stream, bytes, n);
}

void coroner_live_close(coroner_live *l)
{
        if (!l)
                return;
        follow_stream_close(l->stream);
        free(l);
}

void coroner_analysis_tick(coroner_analysis *a, const struct coroner_follow_options *fo)
{
        analysis_follow_tick(a, monotonic_ms(), fo);
}
