/* test_assemble.c — tracebacks reassembled per stream: plain, chained, with a
 * header after other text, interleaved ranks, indented, cut off. */
#include "unit.h"

struct seen {
        enum event_kind kind;
        char types[256];      /* "A|B|" chain of types */
        char message[1024];   /* last exception's message */
        char context[128];
        size_t frames;        /* frames of the last exception */
        char last_function[64];
        char tag[64];
        bool incomplete;
};

static struct seen seen[64];
static size_t n_seen;

static void sink(void *ctx, struct event *ev)
{
        (void)ctx;
        if (ev->kind == EVENT_LINE || n_seen == 64)
                return;
        struct seen *s = &seen[n_seen++];
        memset(s, 0, sizeof *s);
        s->kind = ev->kind;
        for (size_t i = 0; i < ev->n_excs; i++) {
                strncat(s->types, ev->excs[i].type ? ev->excs[i].type : "?", 100);
                strcat(s->types, "|");
        }
        const struct exception *x = &ev->excs[ev->n_excs - 1];
        snprintf(s->message, sizeof s->message, "%s", x->message ? x->message : "");
        snprintf(s->context, sizeof s->context, "%s", ev->excs[0].context ? ev->excs[0].context : "");
        s->frames = x->n_frames;
        if (x->n_frames)
                snprintf(s->last_function, sizeof s->last_function, "%s", x->frames[x->n_frames - 1].function);
        snprintf(s->tag, sizeof s->tag, "%s", ev->stream.tag);
        s->incomplete = ev->incomplete;
}

static void run(const char *text)
{
        struct decoder dec;
        decoder_init(&dec, SHAPE_AUTO);
        struct assembler *as = assembler_new(sink, NULL);
        n_seen = 0;
        long lineno = 0;
        uint64_t seq = 0;
        while (*text) {
                const char *nl = strchr(text, '\n');
                size_t n = nl ? (size_t)(nl - text) : strlen(text);
                struct record r;
                decode_line(&dec, text, n, &r);
                assembler_feed(as, 0, ++lineno, seq++, &r, text, n);
                text += n + (nl != NULL);
        }
        assembler_end_input(as, 0);
        assembler_free(as);
}

START_TEST(plain_traceback)
{
        run("Traceback (most recent call last):\n"
            "  File \"/opt/venv/lib/python3.12/site-packages/x/a.py\", line 10, in outer\n"
            "    inner()\n"
            "    ^^^^^^^\n"
            "  File \"/opt/venv/lib/python3.12/site-packages/x/b.py\", line 20, in inner\n"
            "    raise ValueError('bad')\n"
            "ValueError: bad value\n"
            "INFO next record\n");
        ck_assert_uint_eq(n_seen, 1);
        ck_assert_str_eq(seen[0].types, "ValueError|");
        ck_assert_str_eq(seen[0].message, "bad value");
        ck_assert_uint_eq(seen[0].frames, 2);
        ck_assert_str_eq(seen[0].last_function, "inner");
        ck_assert(!seen[0].incomplete);
}
END_TEST

START_TEST(chained_both_ways)
{
        run("Traceback (most recent call last):\n"
            "  File \"a.py\", line 1, in f\n"
            "KeyError: 'k'\n"
            "\n"
            "The above exception was the direct cause of the following exception:\n"
            "\n"
            "Traceback (most recent call last):\n"
            "  File \"a.py\", line 5, in g\n"
            "RuntimeError: wrapped\n"
            "\n"
            "During handling of the above exception, another exception occurred:\n"
            "\n"
            "Traceback (most recent call last):\n"
            "  File \"a.py\", line 9, in h\n"
            "SystemExit: 1\n");
        ck_assert_uint_eq(n_seen, 1);
        ck_assert_str_eq(seen[0].types, "KeyError|RuntimeError|SystemExit|");
}
END_TEST

START_TEST(header_after_text)
{
        run("[2026-11-29 21:40:13 TP0] Scheduler hit an exception: Traceback (most recent call last):\n"
            "  File \"/sglang/srt/managers/scheduler.py\", line 1, in run_scheduler_process\n"
            "AttributeError: type object 'CompressionFormat' has no attribute 'nvfp4_pack_quantized'\n");
        ck_assert_uint_eq(n_seen, 1);
        ck_assert_str_eq(seen[0].context, "Scheduler hit an exception:");
        ck_assert_str_eq(seen[0].types, "AttributeError|");
        ck_assert_str_eq(seen[0].tag, "TP0");
}
END_TEST

START_TEST(interleaved_ranks)
{
        run("[rank0]: Traceback (most recent call last):\n"
            "[rank1]: Traceback (most recent call last):\n"
            "[rank0]:   File \"t.py\", line 1, in main\n"
            "[rank1]:   File \"t.py\", line 1, in main\n"
            "[rank1]: OSError: one\n"
            "[rank0]: OSError: zero\n");
        ck_assert_uint_eq(n_seen, 2);
        ck_assert_str_eq(seen[0].tag, "rank1");
        ck_assert_str_eq(seen[0].message, "one");
        ck_assert_str_eq(seen[1].tag, "rank0");
        ck_assert_str_eq(seen[1].message, "zero");
        ck_assert_uint_eq(seen[0].frames, 1);
}
END_TEST

START_TEST(multiline_message_and_end)
{
        run("Traceback (most recent call last):\n"
            "  File \"r.py\", line 3, in <module>\n"
            "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: \n"
            "============================================================\n"
            "train.py FAILED\n"
            "W1130 08:33:50.538000 3343 torch/distributed/run.py:851] next record\n");
        ck_assert_uint_eq(n_seen, 1);
        ck_assert_str_eq(seen[0].types, "torch.distributed.elastic.multiprocessing.errors.ChildFailedError|");
        ck_assert_str_eq(seen[0].message, "\n============================================================\ntrain.py FAILED");
}
END_TEST

START_TEST(indented_traceback)
{
        run("  traceback : Traceback (most recent call last):\n"
            "    File \"t.py\", line 98, in get_batch\n"
            "      ids = rec[\"input_ids\"]\n"
            "  KeyError: 'input_ids'\n");
        ck_assert_uint_eq(n_seen, 1);
        ck_assert_str_eq(seen[0].types, "KeyError|");
        ck_assert_uint_eq(seen[0].frames, 1);
}
END_TEST

START_TEST(cut_off_at_end)
{
        run("Traceback (most recent call last):\n"
            "  File \"a.py\", line 1, in f\n");
        ck_assert_uint_eq(n_seen, 1);
        ck_assert(seen[0].incomplete);
}
END_TEST

START_TEST(bare_exception_lines)
{
        run("RuntimeError: CUDA error: device-side assert triggered\n"
            "Note: not an exception\n"
            "ERROR: also not\n");
        ck_assert_uint_eq(n_seen, 1);
        ck_assert_int_eq(seen[0].kind, EVENT_EXCEPTION);
        ck_assert_str_eq(seen[0].message, "CUDA error: device-side assert triggered");
        /* repr() of an exception as the whole line; not a raise statement,
         * not a call of another name, not a repr inside a longer line */
        run("ModuleNotFoundError(\"No module named 'amp_C'\")\n"
            "    raise ValueError(\"not this\")\n"
            "print('not this')\n"
            "future: <Task finished exception=RuntimeError('nor this')>\n"
            "KeyError('input_ids')\n");
        ck_assert_uint_eq(n_seen, 2);
        ck_assert_str_eq(seen[0].types, "ModuleNotFoundError|");
        ck_assert_str_eq(seen[0].message, "No module named 'amp_C'");
        ck_assert_str_eq(seen[1].types, "KeyError|");
        ck_assert_str_eq(seen[1].message, "input_ids");
}
END_TEST

START_TEST(cut_frames_and_headings)
{
        /* A paste that begins inside a frame, then its exception: the frame
         * is read (its file, line and function), the traceback headerless. */
        run("miniconda3/envs/lora/lib/python3.9/site-packages/peft/tuners/lora.py\", line 154, in _find_and_replace\n"
            "    \"memory_efficient_backward\": target.state.memory_efficient_backward,\n"
            "AttributeError: 'MatmulLtState' object has no attribute 'memory_efficient_backward'\n");
        ck_assert_uint_eq(n_seen, 1);
        ck_assert_uint_eq(seen[0].frames, 1);
        ck_assert_str_eq(seen[0].last_function, "_find_and_replace");
        ck_assert_str_eq(seen[0].types, "AttributeError|");
        /* A frame whose opening quote an editor took */
        run("Traceback (most recent call last):\n"
            "  File Desktop/app/venv/lib/python3.10/site-packages/vllm/serving_chat.py\", line 205, in create\n"
            "    ) = await self._preprocess_chat(\n"
            "ValueError: no chat template\n");
        ck_assert_uint_eq(n_seen, 1);
        ck_assert_uint_eq(seen[0].frames, 1);
        ck_assert_str_eq(seen[0].last_function, "create");
        /* A bare exception's message of indented blocks under headings
         * (xformers' "No operator found"): every block is the message's. */
        run("NotImplementedError: No operator found for `memory_efficient_attention_forward` with inputs:\n"
            "     query       : shape=(7, 729, 16, 72) (torch.bfloat16)\n"
            "`fa2F@v2.7.2.post1` is not supported because:\n"
            "    requires device with capability > (8, 0) but your GPU has capability (7, 5) (too old)\n"
            "Loading weights took 3 s\n");
        ck_assert_uint_eq(n_seen, 1);
        ck_assert(strstr(seen[0].message, "your GPU has capability (7, 5)"));
        ck_assert(!strstr(seen[0].message, "Loading weights"));
        /* A paste cut before the exception line: the raise statement
         * names the type and the message; the traceback stays incomplete. */
        run("Traceback (most recent call last):\n"
            "  File \"/usr/lib/python3/dist-packages/kernels/layer/layer.py\", line 76, in __init__\n"
            "    raise ValueError(\"Either a revision or a version must be specified.\")\n");
        ck_assert_uint_eq(n_seen, 1);
        ck_assert_str_eq(seen[0].types, "ValueError|");
        ck_assert_str_eq(seen[0].message, "Either a revision or a version must be specified.");
        ck_assert(seen[0].incomplete);
        /* a re-raise of a variable names no type */
        run("Traceback (most recent call last):\n"
            "  File \"/srv/app.py\", line 7, in main\n"
            "    raise err\n");
        ck_assert_uint_eq(n_seen, 1);
        ck_assert_str_eq(seen[0].types, "|");
        /* Frames cut at both ends are stray, and dropped... */
        run("  File \"/srv/app.py\", line 7, in main\n"
            "    run()\n"
            "Loading weights took 3 s\n");
        ck_assert_uint_eq(n_seen, 0);
        /* ...after other evidence, even where the input ends in them... */
        run("RuntimeError: CUDA error: out of memory\n"
            "\n"
            "  File \"/srv/app.py\", line 7, in main\n"
            "    run()\n");
        ck_assert_uint_eq(n_seen, 1);
        ck_assert_str_eq(seen[0].types, "RuntimeError|");
        /* ...but not when they are all the input holds (a paste cut at
         * both ends): the failing frame is evidence, and an assert
         * statement as its last line names AssertionError. */
        run("  File \"/srv/app.py\", line 7, in main\n"
            "    run()\n");
        ck_assert_uint_eq(n_seen, 1);
        ck_assert_str_eq(seen[0].types, "|");
        ck_assert(seen[0].incomplete);
        run("  File \"/srv/vllm/config.py\", line 224, in __init__\n"
            "    self.max_model_len = _get_and_verify_max_len(\n"
            "  File \"/srv/vllm/config.py\", line 1740, in _get_and_verify_max_len\n"
            "    assert \"factor\" in rope_scaling\n");
        ck_assert_uint_eq(n_seen, 1);
        ck_assert_str_eq(seen[0].types, "AssertionError|");
        ck_assert_str_eq(seen[0].last_function, "_get_and_verify_max_len");
        ck_assert(seen[0].incomplete);
        /* ...unless a logger wrote them at an error level (vLLM's model
         * registry logs a failed import so): an error line is never lost. */
        run("ERROR 02-17 09:29:36 registry.py:306]   File \"/srv/venv/lib/python3.12/site-packages/vllm/models/qwen2_5_vl.py\", line 36, in <module>\n"
            "ERROR 02-17 09:29:36 registry.py:306]     from transformers.models.qwen2_5_vl import (Qwen2_5_VLImageProcessor,\n");
        ck_assert_uint_eq(n_seen, 1);
        ck_assert_uint_eq(seen[0].frames, 1);
        ck_assert(seen[0].incomplete);
}
END_TEST

START_TEST(endless_traceback_is_bounded)
{
        struct decoder dec;
        decoder_init(&dec, SHAPE_AUTO);
        struct assembler *as = assembler_new(sink, NULL);
        n_seen = 0;
        struct record r;
        const char *h = "Traceback (most recent call last):";
        decode_line(&dec, h, strlen(h), &r);
        assembler_feed(as, 0, 1, 0, &r, h, strlen(h));
        const char *f = "  File \"x.py\", line 1, in f";
        for (long i = 0; i < 20000; i++) {
                decode_line(&dec, f, strlen(f), &r);
                assembler_feed(as, 0, i + 2, (uint64_t)i + 1, &r, f, strlen(f));
        }
        assembler_end_input(as, 0);
        assembler_free(as);
        ck_assert_uint_ge(n_seen, 1);
        ck_assert_uint_le(seen[0].frames, LIMIT_FRAMES);
}
END_TEST

Suite *suite(void)
{
        Suite *s = suite_create("assemble");
        TCase *tc = tcase_create("assemble");
        tcase_add_test(tc, plain_traceback);
        tcase_add_test(tc, chained_both_ways);
        tcase_add_test(tc, header_after_text);
        tcase_add_test(tc, interleaved_ranks);
        tcase_add_test(tc, multiline_message_and_end);
        tcase_add_test(tc, indented_traceback);
        tcase_add_test(tc, cut_off_at_end);
        tcase_add_test(tc, bare_exception_lines);
        tcase_add_test(tc, endless_traceback_is_bounded);
        tcase_add_test(tc, cut_frames_and_headings);
        suite_add_tcase(s, tc);
        return s;
}
