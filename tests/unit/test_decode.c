/* test_decode.c — line shapes and sub-stream tags. */
#include "unit.h"

static struct decoder dec;

static void decode(const char *line, struct record *r)
{
        decode_line(&dec, line, strlen(line), r);
}

static void assert_field(const char *p, size_t n, const char *want)
{
        ck_assert_ptr_nonnull(p);
        ck_assert_uint_eq(n, strlen(want));
        ck_assert(memcmp(p, want, n) == 0);
}

static void assert_time(const struct record *r, const char *want)
{
        char buf[TIME_TEXT];
        ck_assert(r->has_time);
        format_time(r->time_usec, buf);
        ck_assert_str_eq(buf, want);
}

static void assert_msg(const struct record *r, const char *want)
{
        assert_field(r->msg, r->msg_len, want);
}

START_TEST(journal_short)
{
        struct record r;
        decoder_init(&dec, SHAPE_AUTO);
        dec.year = 2026;
        dec.today = 12 * 32 + 31;
        decode("Nov 29 21:40:13 gpu-node-07 python3[4100]: Loading weights", &r);
        assert_field(r.host, r.host_len, "gpu-node-07");
        assert_field(r.ident, r.ident_len, "python3");
        ck_assert_int_eq(r.pid, 4100);
        assert_msg(&r, "Loading weights");
        assert_time(&r, "2026-11-29T21:40:13Z");
        /* read on January 2nd, a December line is last year's */
        dec.today = 1 * 32 + 2;
        decode("Dec 31 23:59:59 gpu-node-07 python3[4100]: x", &r);
        assert_time(&r, "2025-12-31T23:59:59Z");
        decode("Jan  2 00:00:01 gpu-node-07 python3[4100]: x", &r);
        assert_time(&r, "2026-01-02T00:00:01Z");
        /* journalctl in the reader's locale: glibc's month abbreviations */
        dec.today = 12 * 32 + 31;
        decode("Mai 05 09:19:06 foo systemd[31282]: nvidia_gpu_exporter.service: x", &r);
        assert_field(r.ident, r.ident_len, "systemd");
        assert_time(&r, "2026-05-05T09:19:06Z");
        decode("déc. 03 10:00:00 gpu1 ollama[812]: y", &r);
        assert_field(r.host, r.host_len, "gpu1");
        assert_msg(&r, "y");
        assert_time(&r, "2026-12-03T10:00:00Z");
        decode("окт  9 08:07:06 gpu1 ollama[812]: z", &r);
        assert_time(&r, "2026-10-09T08:07:06Z");
        decode("2月 02 19:28:37 lichao ollama[20609]: w", &r);
        assert_field(r.ident, r.ident_len, "ollama");
        assert_time(&r, "2026-02-02T19:28:37Z");
        decode("12월 24 23:00:01 h p[1]: v", &r);
        assert_time(&r, "2026-12-24T23:00:01Z");
        decode("13月 02 19:28:37 h p[1]: no thirteenth month", &r);
        ck_assert(!r.has_time);
        decode("lorem ipsum 10:00:00 gpu1 ollama[812]: not a journal line", &r);
        ck_assert(!r.has_time);
        assert_msg(&r, "lorem ipsum 10:00:00 gpu1 ollama[812]: not a journal line");
}
END_TEST

START_TEST(journal_precise_and_no_pid)
{
        struct record r;
        decoder_init(&dec, SHAPE_AUTO);
        dec.year = 2026;
        dec.today = 12 * 32 + 31;
        decode("Nov  9 01:02:03.123456 host kernel: Out of memory: Killed process 1 (python3)", &r);
        assert_field(r.ident, r.ident_len, "kernel");
        ck_assert_int_eq(r.pid, 0);
        assert_msg(&r, "Out of memory: Killed process 1 (python3)");
        assert_time(&r, "2026-11-09T01:02:03.123456Z");
}
END_TEST

START_TEST(journal_iso)
{
        struct record r;
        decoder_init(&dec, SHAPE_AUTO);
        decode("2026-11-29T21:40:13+0100 h systemd[1]: k26.service: Failed with result 'exit-code'.", &r);
        assert_field(r.ident, r.ident_len, "systemd");
        ck_assert_int_eq(r.pid, 1);
        assert_time(&r, "2026-11-29T20:40:13Z");
        decode("2026-11-29T21:40:13.250000+00:00 h python3[7]: x", &r);
        assert_time(&r, "2026-11-29T21:40:13.250000Z");
        assert_msg(&r, "x");
}
END_TEST

START_TEST(bare_lines)
{
        struct record r;
        decoder_init(&dec, SHAPE_AUTO);
        decode("  File \"/x.py\", line 3, in f", &r);
        ck_assert_ptr_null(r.host);
        assert_msg(&r, "  File \"/x.py\", line 3, in f");
        decode("2026-11-30 08:30:39,904 INFO pretrain: config", &r);
        assert_time(&r, "2026-11-30T08:30:39.904000Z");
        assert_msg(&r, "INFO pretrain: config");
        ck_assert(r.prefix_id != 0);  /* a record starts here */
        decode("Note: this is not a journal line", &r);
        ck_assert_ptr_null(r.host);
}
END_TEST

/* What collectors and terminals put before the application's own text. */
START_TEST(outer_prefixes)
{
        struct record r;
        decoder_init(&dec, SHAPE_AUTO);
        /* docker compose: the service names the stream */
        decode("vllm-server-1  | [rank2]: Traceback (most recent call last):", &r);
        assert_field(r.ident, r.ident_len, "vllm-server-1");
        ck_assert_int_eq(r.rank, 2);
        assert_msg(&r, "Traceback (most recent call last):");
        decode("web_1     | ", &r);
        assert_msg(&r, "");
        decode("ERROR | not a service", &r);
        assert_msg(&r, "ERROR | not a service");
        /* colour, with its ESC byte or without it (pasted) */
        decode("\x1b[36m(RayWorkerWrapper pid=4009)\x1b[0m [rank1]:[E ProcessGroupNCCL.cpp:563] x", &r);
        ck_assert_int_eq(r.rank, 1);
        assert_msg(&r, "[E ProcessGroupNCCL.cpp:563] x");
        decode("[36m(RayWorkerWrapper pid=4009)[0m [rank1]: y", &r);
        assert_msg(&r, "y");
        decode("[5m] is not colour", &r);
        assert_msg(&r, "[5m] is not colour");
        /* rsyslog's escaping of ESC in /var/log/syslog */
        decode("#033[2m#033[36m(RayWorkerWrapper pid=4009)#033[0m [rank2]: w", &r);
        ck_assert_int_eq(r.rank, 2);
        assert_msg(&r, "w");
        decode("#033 is a channel", &r);
        assert_msg(&r, "#033 is a channel");
        /* caret notation, as cat -v and less show ESC */
        decode("^[[1;36m(EngineCore_DP0 pid=2344883)^[[0;0m RuntimeError: DeepEP error: CPU recv timeout", &r);
        assert_msg(&r, "RuntimeError: DeepEP error: CPU recv timeout");
        decode("^[[ is not colour", &r);
        assert_msg(&r, "^[[ is not colour");
        /* uvicorn's level prefix: blanks to column 10, the traceback's own
         * indentation kept after it */
        decode("ERROR:      File \"/srv/app/config.py\", line 378, in prepare", &r);
        assert_msg(&r, "  File \"/srv/app/config.py\", line 378, in prepare");
        ck_assert_int_eq(r.level, LEVEL_ERROR);
        decode("INFO:     127.0.0.1:52514 - \"GET /health HTTP/1.1\" 200 OK", &r);
        assert_msg(&r, "127.0.0.1:52514 - \"GET /health HTTP/1.1\" 200 OK");
        decode("ERROR: not uvicorn", &r);
        assert_msg(&r, "ERROR: not uvicorn");
        /* a collector's timestamp before an exception is no syslog identifier */
        decode("2023-12-15T20:06:10.216Z ValueError: bad value", &r);
        assert_msg(&r, "ValueError: bad value");
        ck_assert_int_eq(r.ident_len, 0);
        decode("2023-12-15T20:06:10.216+01:00\tTypeError: unsupported operand", &r);
        assert_msg(&r, "TypeError: unsupported operand");
        /* kubectl logs --timestamps, then Ray and vLLM prefixes */
        decode("2024-06-28T06:11:52.685304690Z (LLMRayActor pid=20770) ERROR 06-28 06:11:52 worker_base.py:145] Traceback (most recent call last):", &r);
        assert_time(&r, "2024-06-28T06:11:52.685304Z");
        assert_msg(&r, "Traceback (most recent call last):");
        /* CloudWatch */
        decode("  | 2024-08-23T22:22:51.873Z | [rank0]:[E ProcessGroupNCCL.cpp:1537] z", &r);
        ck_assert_int_eq(r.rank, 0);
        assert_msg(&r, "[E ProcessGroupNCCL.cpp:1537] z");
        /* a logger's timestamp before torchrun's tag */
        decode("2024-11-20 14:37:16 [rank3]: torch.OutOfMemoryError: CUDA out of memory.", &r);
        ck_assert_int_eq(r.rank, 3);
        assert_msg(&r, "torch.OutOfMemoryError: CUDA out of memory.");
        /* a level between bars: FastChat's logger, loguru's default format */
        decode("fastchat-model-worker-1  | 2024-09-26 06:12:44 | ERROR | stderr |   File \"/a.py\", line 3, in f", &r);
        assert_msg(&r, "  File \"/a.py\", line 3, in f");
        decode("2024-01-05 10:00:01.123 | ERROR    | app.main:run:42 - KeyError: 'x'", &r);
        assert_msg(&r, "KeyError: 'x'");
        decode("2024-01-05 10:00:01.123 | INFO     | Uvicorn running", &r);
        assert_msg(&r, "Uvicorn running");
        /* BuildKit's step and seconds, and the seconds alone in docker build's summary */
        decode("#8 12.345 RuntimeError: boom", &r);
        assert_msg(&r, "RuntimeError: boom");
        decode("1.295 The detected CUDA version (11.8) mismatches", &r);
        assert_msg(&r, "The detected CUDA version (11.8) mismatches");
        decode("2.5 GiB is not a BuildKit prefix", &r);
        assert_msg(&r, "2.5 GiB is not a BuildKit prefix");
        /* pdsh (DeepSpeed's multi-node launcher): the host names the stream */
        decode("172.31.20.74:   File \"/a.py\", line 3, in f", &r);
        ck_assert_str_eq(r.tag, "172.31.20.74");
        assert_msg(&r, "  File \"/a.py\", line 3, in f");
        decode("localhost: [2024-01-01 10:00:00,000] [INFO] x", &r);
        ck_assert_str_eq(r.tag, "localhost");
        decode("1.2.3: not a host", &r);
        assert_msg(&r, "1.2.3: not a host");
        /* srun --label: the task number, right-aligned, names the stream */
        decode(" 0: ValueError: num_attention_heads (15) must be a multiple", &r);
        ck_assert_str_eq(r.tag, "0");
        ck_assert_int_eq(r.rank, 0);
        assert_msg(&r, "ValueError: num_attention_heads (15) must be a multiple");
        decode("15: [rank15]:   File \"/a.py\", line 3, in f", &r);
        ck_assert_int_eq(r.rank, 15);
        assert_msg(&r, "  File \"/a.py\", line 3, in f");
        decode(" 3:   what():  CUDA error: device-side assert triggered", &r);
        assert_msg(&r, "  what():  CUDA error: device-side assert triggered");
        decode("12:30 is a time", &r);
        assert_msg(&r, "12:30 is a time");
        /* a date alone before uvicorn's level: stripped, no time kept */
        decode("2025-02-19 ERROR:    Exception in ASGI application", &r);
        assert_msg(&r, "Exception in ASGI application");
        ck_assert(!r.has_time);
        decode("2025-02-19 ", &r);
        ck_assert_uint_eq(r.msg_len, 0);
        decode("2025-13-19 is no date", &r);
        assert_msg(&r, "2025-13-19 is no date");
        /* Markdown bold around the line that matters, in a pasted log */
        decode("2025-02-19 **ModuleNotFoundError: No module named 'decord'**", &r);
        assert_msg(&r, "ModuleNotFoundError: No module named 'decord'");
        decode("**Note** the rest", &r);
        assert_msg(&r, "**Note** the rest");
        /* a Markdown code span around the whole line (trailing blanks too) */
        decode("`TypeError: f() got an unexpected keyword argument 'x'` ", &r);
        assert_msg(&r, "TypeError: f() got an unexpected keyword argument 'x'");
        decode("`x` must be `y`", &r);
        assert_msg(&r, "`x` must be `y`");
        decode("```", &r);
        assert_msg(&r, "```");
        decode("``", &r);
        assert_msg(&r, "``");
}
END_TEST

START_TEST(stream_tags)
{
        struct record r;
        decoder_init(&dec, SHAPE_AUTO);
        decode("[rank3]: Traceback (most recent call last):", &r);
        ck_assert_str_eq(r.tag, "rank3");
        ck_assert_int_eq(r.rank, 3);
        assert_msg(&r, "Traceback (most recent call last):");
        decode("[rank0]:[E1130 08:34:20.745 ProcessGroupNCCL.cpp:689] x", &r);
        ck_assert_str_eq(r.tag, "rank0");
        assert_msg(&r, "[E1130 08:34:20.745 ProcessGroupNCCL.cpp:689] x");
        decode("[default1]:hello", &r);
        ck_assert_str_eq(r.tag, "default1");
        ck_assert_int_eq(r.rank, 1);
        decode("Nov 29 21:40:13 h python3[9]: [2026-11-29 21:40:13 TP5] Scheduler hit an exception: Traceback (most recent call last):", &r);
        ck_assert_str_eq(r.tag, "TP5");
        ck_assert_int_eq(r.rank, 5);
        assert_msg(&r, "Scheduler hit an exception: Traceback (most recent call last):");
        decode("[2026-11-29 21:40:13 DP1 TP2] x", &r);
        ck_assert_str_eq(r.tag, "DP1 TP2");
        ck_assert_int_eq(r.rank, 2);
        decode("[2026-11-29 21:40:13] INFO: ready", &r);
        ck_assert_str_eq(r.tag, "");
        assert_msg(&r, "INFO: ready");
}
END_TEST

START_TEST(forced_shape)
{
        struct record r;
        enum line_shape s;
        ck_assert_int_eq(line_shape_parse("bare", &s), 0);
        ck_assert_int_lt(line_shape_parse("nonsense", &s), 0);
        decoder_init(&dec, SHAPE_BARE);
        decode("Nov 29 21:40:13 h p[1]: m", &r);
        ck_assert_ptr_null(r.host);
}
END_TEST

START_TEST(junk_is_safe)
{
        struct record r;
        decoder_init(&dec, SHAPE_AUTO);
        const char junk[] = "Nov 2\0\xff[rank";
        decode_line(&dec, junk, sizeof junk - 1, &r);
        decode_line(&dec, "[", 1, &r);
        decode_line(&dec, "[r", 2, &r);
        decode_line(&dec, "2026-11-29T", 11, &r);
        decode_line(&dec, "", 0, &r);
        ck_assert_uint_eq(r.msg_len, 0);
}
END_TEST

/* find_text (util.c) answers as memmem does: every needle of the decoder,
 * the assembler and the run tracker, at every place in a line, and texts
 * that are not there or only partly. */
/* Lines through the unwrapper as analysis.c feeds them: what comes out,
 * one string per record, physical lines joined with "|". */
static void unwrap_lines(const char *const *lines, struct strbuf *out)
{
        struct unwrap u = { 0 };
        for (size_t i = 0; lines[i]; i++) {
                size_t n = strlen(lines[i]);
                if (u.pieces) {
                        if (unwrap_continues(&u, &dec, lines[i], n)) {
                                if (!u.open) {
                                        sb_printf(out, "%s\n", u.held.data);
                                        unwrap_release(&u);
                                }
                                continue;
                        }
                        sb_printf(out, "%s\n", u.held.data);
                        unwrap_release(&u);
                }
                if (!unwrap_hold(&u, lines[i], n, NULL, 0))
                        sb_printf(out, "%s\n", lines[i]);
        }
        if (u.pieces)
                sb_printf(out, "%s\n", u.held.data);
        unwrap_free(&u);
}

static void assert_unwrapped(const char *const *lines, const char *want)
{
        struct strbuf out = { 0 };
        unwrap_lines(lines, &out);
        ck_assert_str_eq(out.data, want);
        sb_free(&out);
}

START_TEST(hard_wraps_joined)
{
        /* fold -w 80: a cut inside a path shows the width; after it, cuts
         * inside words and at blanks at that width are joined too */
        const char *const folded[] = {
                "FileNotFoundError: [Errno 2] No such file or directory: '/models/k26-moe-instruc",
                "t-548b/checkpoints/model-00001-of-00163.safetensors'",
                "RuntimeError: CUDA error: an illegal memory access was encountered. CUDA kernel ",
                "errors might be asynchronously reported at some other API call, so the stacktrac",
                "e below might be incorrect.",
                NULL,
        };
        assert_unwrapped(folded,
                         "FileNotFoundError: [Errno 2] No such file or directory: '/models/k26-moe-instruct-548b/"
                         "checkpoints/model-00001-of-00163.safetensors'\n"
                         "RuntimeError: CUDA error: an illegal memory access was encountered. CUDA kernel errors "
                         "might be asynchronously reported at some other API call, so the stacktrace below might be "
                         "incorrect.\n");
        /* two digits parted: a frame's line number */
        const char *const frame[] = {
                "  File \"/opt/conda/lib/python3.10/site-packages/torch/nn/modules/module.py\", line 1",
                "501, in _call_impl",
                NULL,
        };
        assert_unwrapped(frame, "  File \"/opt/conda/lib/python3.10/site-packages/torch/nn/modules/module.py\", "
                                "line 1501, in _call_impl\n");
        /* a word parted inside parentheses that the next line closes (a
         * terminal 183 columns wide; torchtune issue #1165) */
        const char *const paren[] = {
                "[rank3]:[E ProcessGroupNCCL.cpp:563] [Rank 3] Watchdog caught collective operation timeout: "
                "WorkNCCL(SeqNum=15037, OpType=_ALLGATHER_BASE, NumelIn=131072512, NumelOut=524290048, Timeo",
                "ut(ms)=600000) ran for 600055 milliseconds before timing out.",
                NULL,
        };
        assert_unwrapped(paren, "[rank3]:[E ProcessGroupNCCL.cpp:563] [Rank 3] Watchdog caught collective operation "
                                "timeout: WorkNCCL(SeqNum=15037, OpType=_ALLGATHER_BASE, NumelIn=131072512, "
                                "NumelOut=524290048, Timeout(ms)=600000) ran for 600055 milliseconds before timing out.\n");
}
END_TEST

START_TEST(natural_breaks_kept)
{
        /* Each pair is two records or a message's own line break, though
         * the first line is the widest so far. */
        const char *const cases[][3] = {
                { "LlamaTokenizer requires the SentencePiece library but it was not found in your environment. Checkout the instructions on the",
                  "installation page of its repo: https://github.com/google/sentencepiece#installation and follow the ones", NULL },
                { "Status: Downloaded newer image for ghcr.io/synerbi/sirf:petric2-with-a-longer-tag-name",
                  "docker: Error response from daemon: failed to create task for container", NULL },
                { "ubuntu@ip-10-0-39-228:~$ docker run nvcr.io/nvidia/tritonserver:23.04-tf2-python-py3",
                  "exec /opt/nvidia/nvidia_entrypoint.sh: exec format error", NULL },
                { "ValueError: token_to_kv_pool_allocator memory leak detected! self.max_total_num_tokens=3185200",
                  "self.token_to_kv_pool_allocator.available_size()=2864304", NULL },
                { "hai-a100-3:3778851:3779883 [4] NCCL INFO bazel-out/k8-opt/bin/external/nccl_archive/net.h:21 -> 2",
                  "hai-a100-3:3778851:3779883 [4] NCCL INFO external/nccl_archive/src/init.cc:310 -> 2", NULL },
                { "NAME                                                 READY   STATUS      RESTARTS      AGE",
                  "tax-tribunals-application-base-74464f6b98-2kj6g      0/1     OOMKilled   4 (57s ago)   2m40s", NULL },
                { "RuntimeError: cuda runtime error (39) : uncorrectable ECC error at /pytorch/aten/src/THC/THCCachingHostAllocator.cpp:265",
                  "terminate called without an active exception", NULL },
                { "  File \"/usr/local/lib/python3.10/dist-packages/cog/server/worker.py\", line 224, in _handle_predict_error",
                  "yield", NULL },
                /* a parenthesis left open by a message, and a next line
                 * whose first word closes nothing */
                { "WARNING: the scheduler kept (for now) the old placement of ranks on nodes (see the placement",
                  "table below) and will retry in 30 seconds", NULL },
        };
        for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
                char want[512];
                snprintf(want, sizeof want, "%s\n%s\n", cases[i][0], cases[i][1]);
                assert_unwrapped(cases[i], want);
        }
}
END_TEST

START_TEST(application_json_records)
{
        /* One object per record, under the names each library gives: the
         * message read, the level, and no record dropped. */
        static const struct {
                const char *line, *msg;
                int level;
        } cases[] = {
                /* zap, logrus, slog: msg and an error field */
                { "{\"level\":\"error\",\"ts\":1795988413.5,\"msg\":\"load failed\",\"error\":\"open /m: no such file or directory\"}",
                  "load failed: open /m: no such file or directory", LEVEL_ERROR },
                /* pino and bunyan: numeric levels, 40 is a warning there */
                { "{\"level\":40,\"time\":1795988413123,\"msg\":\"slow\"}", "slow", 0 },
                { "{\"level\":60,\"time\":1795988413123,\"msg\":\"dead\"}", "dead", LEVEL_CRITICAL },
                /* GELF: syslog's severities */
                { "{\"version\":\"1.1\",\"short_message\":\"disk gone\",\"level\":3}", "disk gone", LEVEL_ERROR },
                { "{\"version\":\"1.1\",\"short_message\":\"started\",\"level\":6}", "started", 0 },
                /* Python's levelno, Google Cloud's severity, ECS's log.level */
                { "{\"levelno\":40,\"message\":\"bad batch\"}", "bad batch", LEVEL_ERROR },
                { "{\"severity\":\"CRITICAL\",\"textPayload\":\"oom\"}", "oom", LEVEL_CRITICAL },
                { "{\"log.level\":\"error\",\"message\":\"x\",\"error\":{\"type\":\"IOError\",\"message\":\"EIO\"}}",
                  "x: IOError: EIO", LEVEL_ERROR },
                /* an OpenAI-compatible server's error body */
                { "{\"object\":\"error\",\"message\":\"no chat template\",\"type\":\"BadRequestError\",\"code\":400}",
                  "BadRequestError: no chat template", LEVEL_ERROR },
                /* no name known: the record whole */
                { "{\"a\":1}", "{\"a\":1}", 0 },
        };
        for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
                struct structured_state st = { 0 };
                struct logical l;
                ck_assert_int_eq(structured_json(&st, cases[i].line, strlen(cases[i].line), &l), 1);
                assert_field(l.msg, l.msg_len, cases[i].msg);
                ck_assert_int_eq(l.level, cases[i].level);
                ck_assert(l.whole);
                structured_reset(&st);
        }
}
END_TEST

START_TEST(find_text_is_memmem)
{
        static const char *const needles[] = { "Traceback (most recent call last)", "#012", ".service",
                                               "Main process exited", "server_args=ServerArgs(", "a", "aa", "" };
        static const char *const fillers[] = { "", "x", "Tracebac", "#01", ".servic", "aaaa", "server_args=Server" };
        char hay[256];
        for (size_t i = 0; i < sizeof needles / sizeof needles[0]; i++)
                for (size_t f = 0; f < sizeof fillers / sizeof fillers[0]; f++)
                        for (size_t at = 0; at < 40; at += 3) {
                                int n = snprintf(hay, sizeof hay, "%.*s%s%s%s", (int)at,
                                                 "0123456789012345678901234567890123456789", fillers[f],
                                                 at % 2 ? needles[i] : "", fillers[f]);
                                size_t len = strlen(needles[i]);
                                const char *want = memmem(hay, (size_t)n, needles[i], len);
                                ck_assert_ptr_eq(find_text(hay, (size_t)n, needles[i], len), want);
                        }
        ck_assert_ptr_null(find_text("#01", 3, "#012", 4));  /* longer than the text */
}
END_TEST

/* The level of a whole line that starts a record. */
static int level_at_start(const char *line)
{
        return decode_level(line, strlen(line), true, false);
}

/* Severity letters at a line's start, as TensorRT's tools (trtexec,
 * polygraphy) print them; not inside a sentence. */
START_TEST(severity_letters_at_start)
{
        ck_assert_int_eq(decode_level("[E] In node 4 (parseGraph): x", 30, true, false), LEVEL_ERROR);
        ck_assert_int_eq(decode_level("[F] engine lost", 15, true, false), LEVEL_CRITICAL);
        ck_assert_int_eq(decode_level("[I] Loading model", 17, true, false), 0);
        ck_assert_int_eq(decode_level("see [E] x", 9, false, false), 0);
}
END_TEST

/* The exceptions of TensorRT-LLM's and FasterTransformer's kernel runners
 * name their component in brackets after the word Error; a bracket of
 * its own ("[Error]") is LightGBM's level, a word in a sentence is not. */
START_TEST(runner_error_brackets)
{
        ck_assert_int_eq(level_at_start("[TensorRT-LLM Error][CutlassFp8RowwiseGemmRunner][GEMM Dispatch] Arch unsupported"),
                         LEVEL_ERROR);
        ck_assert_int_eq(level_at_start("terminate called after: [FT Error][MoE][GEMM Dispatch] Arch unsupported for MoE GEMM"),
                         LEVEL_ERROR);
        ck_assert_int_eq(level_at_start("Error handling [see docs] is described below"), 0);
}
END_TEST

/* "cannot" is a failure word at a line's start too, as Python's "cannot
 * import name" quoted without its ImportError; not inside a longer word. */
START_TEST(failure_word_at_line_start)
{
        ck_assert_int_eq(level_at_start("cannot import name 'Partial' from 'torch.distributed._tensor'"), LEVEL_WORDS);
        ck_assert_int_eq(level_at_start("the loader cannot open the file"), LEVEL_WORDS);
        ck_assert_int_eq(level_at_start("cannotation is not a word"), 0);
}
END_TEST

/* Two messages that say a failure without a failure word: CPython's
 * ModuleNotFoundError quoted without its type, and pydantic's rendering of
 * a validation error; at a lower level they stay that level's. */
START_TEST(failure_messages_without_a_failure_word)
{
        ck_assert_int_eq(level_at_start("No module named 'nunchaku._C'"), LEVEL_WORDS);
        ck_assert_int_eq(level_at_start("/usr/bin/python3: No module named vllm"), LEVEL_WORDS);
        ck_assert_int_eq(
                level_at_start("  Input should be a valid integer [type=int_parsing, input_value='eight', input_type=str]"),
                LEVEL_WORDS);
        ck_assert_int_eq(level_at_start("INFO optional: No module named 'triton'"), 0);
}
END_TEST

/* The texts decode_level looks for are the ones the pre-filter indexes:
 * a line without any of them has the level of its start alone. */
START_TEST(level_texts_listed)
{
        size_t n = 0;
        while (decode_level_text(n))
                n++;
        ck_assert_uint_gt(n, 20);
        for (size_t i = 0; i < n; i++) {
                char line[128];
                snprintf(line, sizeof line, "2026-12-02 worker%sdetail here and more", decode_level_text(i));
                ck_assert_int_gt(level_at_start(line), 0);
        }
}
END_TEST

/* UCX's "[seconds.usec] [host:pid:thread]" is a wall clock and a writer,
 * not dmesg's uptime and the kernel. */
START_TEST(ucx_prefix_is_a_wall_clock)
{
        struct record r;
        decoder_init(&dec, SHAPE_AUTO);
        decode("[1643915436.023946] [vulcan02:15318:0]     ucp_context.c:975  UCX  WARN  x", &r);
        ck_assert_ptr_null(r.ident);
        assert_field(r.host, r.host_len, "vulcan02");
        ck_assert_int_eq(r.pid, 15318);
        assert_time(&r, "2022-02-03T19:10:36.023946Z");
        ck_assert_int_eq(r.msg[0], 'u');
        decode("[1643915436.000001] [h:12   :3] ucp_ep.c:1 UCX  ERROR y", &r);
        ck_assert_int_eq(r.pid, 12);
        ck_assert_int_eq(r.msg[0], 'u');
        /* before ucs_log_init: the seconds alone */
        decode("[1643915437.000001]      ucp_context.c:1230 UCX  ERROR early", &r);
        ck_assert_ptr_null(r.host);
        assert_time(&r, "2022-02-03T19:10:37.000001Z");
        /* an uptime stays the kernel's */
        decode("[ 5107.644336] NVRM: Xid (PCI:0000:3b:00): 79, GPU has fallen off the bus.", &r);
        assert_field(r.ident, r.ident_len, "kernel");
        ck_assert(!r.has_time);
}
END_TEST

Suite *suite(void)
{
        Suite *s = suite_create("decode");
        TCase *tc = tcase_create("decode");
        tcase_add_test(tc, journal_short);
        tcase_add_test(tc, journal_precise_and_no_pid);
        tcase_add_test(tc, journal_iso);
        tcase_add_test(tc, bare_lines);
        tcase_add_test(tc, stream_tags);
        tcase_add_test(tc, outer_prefixes);
        tcase_add_test(tc, forced_shape);
        tcase_add_test(tc, junk_is_safe);
        tcase_add_test(tc, find_text_is_memmem);
        tcase_add_test(tc, level_texts_listed);
        tcase_add_test(tc, severity_letters_at_start);
        tcase_add_test(tc, runner_error_brackets);
        tcase_add_test(tc, failure_word_at_line_start);
        tcase_add_test(tc, failure_messages_without_a_failure_word);
        tcase_add_test(tc, hard_wraps_joined);
        tcase_add_test(tc, natural_breaks_kept);
        tcase_add_test(tc, application_json_records);
        tcase_add_test(tc, ucx_prefix_is_a_wall_clock);
        suite_add_tcase(s, tc);
        return s;
}
