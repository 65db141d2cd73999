/* analysis_follow.c — growing inputs (--follow) and bytes handed over by a
 * caller (coroner run) as inputs of the analysis. The loop is here: it
 * pulls read_follow.c's events (or, for coroner run, a line_reader fed by
 * the caller), feeds the lines to the analysis and ticks it each round.
 */
#include "config.h"
#include "analysis.h"

#include <stdlib.h>
#include <string.h>

/* A new live input of the analysis. */
static int add_live_input(coroner_analysis *a, const char *name)
{
        int input = analysis_add_input(a, name);
        if (input >= 0) {
                a->inputs[input].live = true;
                a->inputs[input].compression = "none";
        }
        return input;
}

static void feed_line(coroner_analysis *a, int input, const char *line, size_t len, const char *prev,
                      size_t prev_len)
{
        struct input_info *in = &a->inputs[input];
        in->prev_line = prev;
        in->prev_len = prev_len;
        analysis_feed_line(a, input, line, len);
        in->prev_line = NULL;
}

static bool stopped(const struct coroner_follow_options *fo)
{
        return fo && fo->stop && *fo->stop;
}

int coroner_analysis_follow(coroner_analysis *a, const char *const *paths, size_t n,
                            const struct coroner_follow_options *fo, struct coroner_error *errs)
{
        struct follow_reader *fr;
        int status = follow_reader_open(paths, n, errs, &fr);
        if (status < 0)
                return status;
        int *inputs = NULL;  /* the analysis's input for each of the reader's */
        size_t n_inputs = 0, cap = 0;
        bool stopping = false;
        analysis_set_clock(a, monotonic_ms());
        for (;;) {
                if (!stopping && stopped(fo)) {
                        status = status ? status : CORONER_E_STOPPED;
                        follow_reader_stop(fr);  /* the inputs' last lines still count */
                        stopping = true;
                }
                struct follow_event ev;
                int r = follow_reader_next(fr, &ev);
                if (r < 0) {
                        status = r;
                        break;
                }
                if (ev.kind == FOLLOW_DONE)
                        break;
                if (ev.kind == FOLLOW_ROUND) {
                        analysis_follow_tick(a, monotonic_ms(), fo);
                        if (!stopping && fo && fo->delivered && !fo->delivered(fo->ctx)) {
                                status = CORONER_E_IO;  /* the output failed: nothing more can be delivered */
                                follow_reader_stop(fr);
                                stopping = true;
                        }
                        continue;
                }
                if (ev.kind == FOLLOW_OPENED) {
                        int *p = grow_array(inputs, n_inputs, &cap, sizeof *p, 4);
                        int input = p ? add_live_input(a, ev.name) : CORONER_E_NOMEM;
                        if (input < 0) {
                                status = input;
                                break;
                        }
                        inputs = p;
                        inputs[n_inputs++] = input;  /* the reader numbers its inputs 0, 1, ... */
                        continue;
                }
                int input = inputs[ev.input];
                switch (ev.kind) {
                case FOLLOW_BYTES:
                        analysis_set_clock(a, monotonic_ms());
                        a->inputs[input].bytes += ev.bytes;
                        break;
                case FOLLOW_LINE:
                        feed_line(a, input, ev.line, ev.len, ev.prev, ev.prev_len);
                        break;
                case FOLLOW_ENDED:
                        analysis_end_input(a, input);
                        break;
                case FOLLOW_FAILED:
                        a->inputs[input].complete = false;
                        free(a->inputs[input].error);
                        a->inputs[input].error = strndup_safe(ev.message, strlen(ev.message));
                        if (status == 0)
                                status = ev.code;
                        break;
                default:
                        break;
                }
        }
        follow_reader_free(fr);
        free(inputs);
        analysis_follow_tick(a, monotonic_ms(), fo);
        return status;
}

/* ---- live inputs: bytes handed over by the caller (coroner run) ---- */

struct coroner_live {
        coroner_analysis *a;
        int input;
        struct line_reader *lines;  /* fed by coroner_live_feed */
        void (*on_line)(void *ctx, int input, const char *line, size_t len);
        void *ctx;
};

int coroner_live_open(coroner_analysis *a, const char *name,
                      void (*on_line)(void *ctx, int input, const char *line, size_t len), void *ctx,
                      coroner_live **ret)
{
        coroner_live *l = calloc(1, sizeof *l);
        if (!l)
                return CORONER_E_NOMEM;
        *l = (coroner_live){ .a = a, .on_line = on_line, .ctx = ctx };
        l->input = add_live_input(a, name);
        if (l->input < 0 || line_reader_new(NULL, &l->lines) < 0) {
                free(l);
                return CORONER_E_NOMEM;
        }
        *ret = l;
        return 0;
}

/* Every whole line the reader has, to the caller's hook and the analysis. */
static void drain(coroner_live *l)
{
        const char *line, *prev;
        size_t len, prev_len;
        while (line_reader_next(l->lines, &line, &len, NULL) == 1) {
                if (l->on_line)
                        l->on_line(l->ctx, l->input, line, len);
                bool has_prev = line_reader_previous(l->lines, &prev, &prev_len);
                feed_line(l->a, l->input, line, len, has_prev ? prev : NULL, has_prev ? prev_len : 0);
        }
}

void coroner_live_feed(coroner_live *l, const char *bytes, size_t n)
{
        analysis_set_clock(l->a, monotonic_ms());
        l->a->inputs[l->input].bytes += n;
        while (n) {
                size_t k = line_reader_feed(l->lines, bytes, n);
                drain(l);
                bytes += k;
                n -= k;
        }
}

void coroner_live_close(coroner_live *l)
{
        if (!l)
                return;
        line_reader_end(l->lines);
        drain(l);
        analysis_end_input(l->a, l->input);
        line_reader_free(l->lines);
        free(l);
}

void coroner_analysis_tick(coroner_analysis *a, const struct coroner_follow_options *fo)
{
        analysis_follow_tick(a, monotonic_ms(), fo);
}
