/* watch.c — a start-up watched until it is ready, failed or timed out
 * (coroner run, coroner watch): milestones as they happen, readiness by
 * URL, GPU memory, a status line on a terminal, the verdict.
 *
 * Readiness is asked with libcurl's multi interface, one request at a
 * time, never blocking: the caller's loop ticks at least ten times a
 * second and each tick lets the request progress. GPU memory comes from
 * nvidia-smi, run the same way (a pipe read between ticks), every
 * GPU_EVERY_MS.
 */
#include "config.h"
#include "watch.h"

#include <cjson/cJSON.h>
#include <curl/curl.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

enum {
        N_STAGES = CORONER_STAGE_READY + 1,
        POLL_FIRST_MS = 250, POLL_MAX_MS = 5000,  /* readiness: backoff from, to */
        REQUEST_TIMEOUT_MS = 5000,
        GPU_EVERY_MS = 5000,
        STATUS_EVERY_MS = 1000,
};

struct watch {
        struct watch_options o;
        coroner_milestones *ms;
        bool status_line;          /* a terminal: one line updated in place */
        bool status_shown;
        int64_t start_ms, last_milestone_ms, next_status_ms;
        /* coroner watch: the journal's times, so that a backlog read at once
         * still says how long each step took */
        bool log_clock;
        int64_t log_start_usec, log_now_usec;
        int64_t log_seen_ms;       /* when the last entry was read */
        bool reached[N_STAGES];
        int last_stage;            /* -1: none yet */
        const char *families[8];   /* the service families seen (their own ready line waited for) */
        size_t n_families;
        char last_text[256];       /* the last milestone's text (or progress) */
        enum verdict verdict;
        char why[512];             /* the verdict's reason */
        int fatal_index;           /* the diagnosis that failed the run, or -1 */
        /* readiness */
        CURLM *multi;
        CURL *request;             /* in flight, or NULL */
        int64_t next_poll_ms;
        int backoff_ms;
        long last_http;            /* the last answer's status, 0: none (or the error below) */
        char last_error[CURL_ERROR_SIZE];
        /* GPU memory */
        pid_t gpu_pid;
        int gpu_fd;
        char gpu_buf[4096];
        size_t gpu_len;
        int64_t next_gpu_ms;
        char gpu_text[96];         /* "GPU 45.2/79.6 GiB" or why not */
};

/* "1:23" / "1:02:03" of a duration. */
static void format_elapsed(int64_t ms, char buf[32])
{
        long s = (long)(ms / 1000);
        if (s >= 3600)
                snprintf(buf, 32, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
        else
                snprintf(buf, 32, "%ld:%02ld", s / 60, s % 60);
}

int watch_new(const struct watch_options *o, coroner_milestones *ms, struct watch **ret)
{
        struct watch *w = calloc(1, sizeof *w);
        if (!w)
                return CORONER_E_NOMEM;
        w->o = *o;
        w->ms = ms;
        w->status_line = !o->json && isatty(fileno(o->out));
        w->start_ms = w->last_milestone_ms = now_ms();
        w->last_stage = -1;
        w->fatal_index = -1;
        w->gpu_pid = -1;
        w->gpu_fd = -1;
        w->backoff_ms = POLL_FIRST_MS;
        w->next_poll_ms = w->start_ms;
        if (o->ready_url) {
                if (curl_global_init(CURL_GLOBAL_DEFAULT) != 0 || !(w->multi = curl_multi_init())) {
                        free(w);
                        return CORONER_E_NOMEM;
                }
        }
        *ret = w;
        return 0;
}

void watch_free(struct watch *w)
{
        if (!w)
                return;
        if (w->request) {
                curl_multi_remove_handle(w->multi, w->request);
                curl_easy_cleanup(w->request);
        }
        if (w->multi) {
                curl_multi_cleanup(w->multi);
                curl_global_cleanup();
        }
        if (w->gpu_fd >= 0)
                close(w->gpu_fd);
        if (w->gpu_pid > 0) {
                kill(w->gpu_pid, SIGKILL);
                waitpid(w->gpu_pid, NULL, 0);
        }
        free(w);
}

void watch_clear_status(struct watch *w)
{
        if (w->status_shown) {
                fputs("\r\033[K", w->o.out);
                w->status_shown = false;
        }
}

void watch_set_log_time(struct watch *w, int64_t usec)
{
        if (!w->log_clock) {
                w->log_clock = true;
                w->log_start_usec = usec;
        }
        if (usec > w->log_now_usec)
                w->log_now_usec = usec;
        w->log_seen_ms = now_ms();
}

/* Milliseconds since the start: by the log's clock when it has one, and
 * since its last entry by ours (a backlog read at once, then waiting). */
static int64_t elapsed_ms(const struct watch *w)
{
        if (!w->log_clock)
                return now_ms() - w->start_ms;
        return (w->log_now_usec - w->log_start_usec) / 1000 + (now_ms() - w->log_seen_ms);
}

static void show_status(struct watch *w)
{
        if (!w->status_line)
                return;
        char elapsed[32];
        format_elapsed(elapsed_ms(w), elapsed);
        fprintf(w->o.out, "\r\033[K%s  %s", elapsed, w->last_stage < 0 ? "waiting for the first milestone" : w->last_text);
        if (w->gpu_text[0])
                fprintf(w->o.out, "  %s", w->gpu_text);
        fflush(w->o.out);
        w->status_shown = true;
        w->next_status_ms = now_ms() + STATUS_EVERY_MS;
}

/* A JSON Lines record of run/watch (doc/report-json.md): built with
 * cJSON, which escapes what the log put in its texts. */
static cJSON *record_new(const char *record, int64_t elapsed_ms)
{
        cJSON *rec = cJSON_CreateObject();
        cJSON_AddStringToObject(rec, "record", record);
        cJSON_AddStringToObject(rec, "schema", CORONER_REPORT_SCHEMA);
        cJSON_AddNumberToObject(rec, "elapsed_s", (double)(elapsed_ms / 100) / 10);
        return rec;
}

static void print_record(struct watch *w, cJSON *rec)
{
        char *line = cJSON_PrintUnformatted(rec);
        if (line)
                fprintf(w->o.out, "%s\n", line);
        free(line);
        cJSON_Delete(rec);
}

/* One event line: "[1:23] text" (plus GPU memory), or a JSON Lines record. */
static void event(struct watch *w, const char *record, const char *stage, const char *family, const char *text)
{
        int64_t elapsed = elapsed_ms(w);
        watch_clear_status(w);
        if (w->o.json) {
                cJSON *rec = record_new(record, elapsed);
                if (stage)
                        cJSON_AddStringToObject(rec, "stage", stage);
                if (family)
                        cJSON_AddStringToObject(rec, "family", family);
                cJSON_AddStringToObject(rec, "text", text);
                if (w->gpu_text[0])
                        cJSON_AddStringToObject(rec, "gpu", w->gpu_text);
                print_record(w, rec);
        } else {
                char e[32];
                format_elapsed(elapsed, e);
                fprintf(w->o.out, "[%s] %s%s%s\n", e, text, w->gpu_text[0] ? "  · " : "", w->gpu_text);
        }
        fflush(w->o.out);
        show_status(w);
}

void watch_line(struct watch *w, const char *line, size_t len)
{
        struct coroner_milestone m;
        if (!w->ms || w->verdict != VERDICT_NONE || !coroner_milestones_match(w->ms, line, len, &m))
                return;
        size_t f = 0;
        while (f < w->n_families && strcmp(w->families[f], m.family) != 0)
                f++;
        if (f == w->n_families && f < sizeof w->families / sizeof *w->families)
                w->families[w->n_families++] = m.family;
        /* A generic ready line (uvicorn's) is not the service's when the
         * service has a ready line of its own: SGLang serves only after its
         * warm-up, well after uvicorn's "Application startup complete." */
        if (m.stage == CORONER_STAGE_READY && coroner_milestones_family_generic(w->ms, m.family))
                for (size_t k = 0; k < w->n_families; k++)
                        if (!coroner_milestones_family_generic(w->ms, w->families[k]) &&
                            coroner_milestones_family_has_ready(w->ms, w->families[k])) {
                                m.stage = CORONER_STAGE_READY - 1;
                                m.stage_name = coroner_milestone_stage_name(m.stage);
                                break;
                        }
        /* Every rank prints the same milestones: the first of each stage is
         * an event, the rest (and progress within a stage) only update the
         * status line. */
        snprintf(w->last_text, sizeof w->last_text, "%s", m.text);
        if (m.stage > w->last_stage)
                w->last_stage = m.stage;
        if (!w->reached[m.stage]) {
                w->reached[m.stage] = true;
                w->last_milestone_ms = now_ms();
                event(w, "milestone", m.stage_name, m.family, m.text);
        } else {
                show_status(w);
        }
        if (m.stage == CORONER_STAGE_READY && !w->o.ready_url) {
                w->verdict = VERDICT_READY;
                snprintf(w->why, sizeof w->why, "%s", m.text);
        }
}

void watch_diagnosis(struct watch *w, const coroner_analysis *a, size_t index)
{
        char *out = NULL;
        watch_clear_status(w);
        if (w->o.json)
                coroner_report_json_line(a, index, &out);
        else
                coroner_report_text_one(a, index, w->o.ropts, &out);
        if (out) {
                fputs(out, w->o.out);
                if (w->o.json)
                        fputc('\n', w->o.out);
                fflush(w->o.out);
        }
        free(out);
        /* A root cause of error severity ends the start-up: a server whose
         * rank raised it will not become ready, even if it hangs on. */
        bool fatal = coroner_analysis_diagnosis_severity(a, index) >= CORONER_SEV_ERROR &&
                     strcmp(coroner_analysis_diagnosis_role(a, index), "root-cause") == 0;
        if (fatal && w->verdict == VERDICT_NONE) {
                w->verdict = VERDICT_FAILED;
                w->fatal_index = (int)index;
                snprintf(w->why, sizeof w->why, "%s", coroner_analysis_diagnosis_title(a, index));
        }
        show_status(w);
}

static size_t discard(char *p, size_t size, size_t n, void *ctx)
{
        (void)p;
        (void)ctx;
        return size * n;
}

/* Readiness: start a request when it is time, collect its answer. */
static void poll_ready(struct watch *w, int64_t now)
{
        if (!w->multi || w->verdict != VERDICT_NONE)
                return;
        if (!w->request && now >= w->next_poll_ms) {
                w->request = curl_easy_init();
                if (!w->request)
                        return;
                curl_easy_setopt(w->request, CURLOPT_URL, w->o.ready_url);
                curl_easy_setopt(w->request, CURLOPT_TIMEOUT_MS, (long)REQUEST_TIMEOUT_MS);
                curl_easy_setopt(w->request, CURLOPT_NOSIGNAL, 1L);
                curl_easy_setopt(w->request, CURLOPT_WRITEFUNCTION, discard);
                curl_easy_setopt(w->request, CURLOPT_ERRORBUFFER, w->last_error);
                curl_easy_setopt(w->request, CURLOPT_PROTOCOLS_STR, "http,https");
                w->last_error[0] = '\0';
                curl_multi_add_handle(w->multi, w->request);
        }
        if (!w->request)
                return;
        int running;
        curl_multi_perform(w->multi, &running);
        int left;
        CURLMsg *msg;
        while ((msg = curl_multi_info_read(w->multi, &left))) {
                if (msg->msg != CURLMSG_DONE)
                        continue;
                long code = 0;
                if (msg->data.result == CURLE_OK)
                        curl_easy_getinfo(msg->easy_handle, CURLINFO_RESPONSE_CODE, &code);
                else if (!w->last_error[0])
                        snprintf(w->last_error, sizeof w->last_error, "%s", curl_easy_strerror(msg->data.result));
                w->last_http = code;
                curl_multi_remove_handle(w->multi, w->request);
                curl_easy_cleanup(w->request);
                w->request = NULL;
                if (code >= 200 && code < 300) {
                        char text[600];
                        snprintf(text, sizeof text, "ready: %s answered %ld", w->o.ready_url, code);
                        w->reached[CORONER_STAGE_READY] = true;
                        w->last_stage = CORONER_STAGE_READY;
                        event(w, "milestone", "ready", NULL, text);
                        w->verdict = VERDICT_READY;
                        snprintf(w->why, sizeof w->why, "%s answered %ld", w->o.ready_url, code);
                        return;
                }
                w->next_poll_ms = now + w->backoff_ms;
                w->backoff_ms = w->backoff_ms * 2 > POLL_MAX_MS ? POLL_MAX_MS : w->backoff_ms * 2;
        }
}

/* nvidia-smi's "used, total" (MiB) per GPU, summed into gpu_text. */
static void parse_gpu(struct watch *w)
{
        double used = 0, total = 0;
        int gpus = 0;
        w->gpu_buf[w->gpu_len] = '\0';
        for (char *line = w->gpu_buf; *line;) {
                double u, t;
                if (sscanf(line, "%lf, %lf", &u, &t) == 2) {
                        used += u;
                        total += t;
                        gpus++;
                }
                char *nl = strchr(line, '\n');
                if (!nl)
                        break;
                line = nl + 1;
        }
        if (gpus)
                snprintf(w->gpu_text, sizeof w->gpu_text, "GPU memory %.1f/%.1f GiB (%d GPU%s)", used / 1024,
                         total / 1024, gpus, gpus > 1 ? "s" : "");
}

/* GPU memory: nvidia-smi started every GPU_EVERY_MS, its answer read as it comes. */
static void poll_gpu(struct watch *w, int64_t now)
{
        if (!w->o.gpu)
                return;
        if (w->gpu_fd >= 0) {
                ssize_t n = read(w->gpu_fd, w->gpu_buf + w->gpu_len, sizeof w->gpu_buf - 1 - w->gpu_len);
                if (n > 0) {
                        w->gpu_len += (size_t)n;
                        return;
                }
                if (n < 0 && errno == EAGAIN)
                        return;
                close(w->gpu_fd);
                w->gpu_fd = -1;
                int status = 0;
                waitpid(w->gpu_pid, &status, 0);
                w->gpu_pid = -1;
                if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
                        parse_gpu(w);
                else
                        snprintf(w->gpu_text, sizeof w->gpu_text, "GPU memory unknown (nvidia-smi failed)");
        }
        if (w->gpu_pid > 0 || now < w->next_gpu_ms)
                return;
        w->next_gpu_ms = now + GPU_EVERY_MS;
        int fds[2];
        if (pipe2(fds, O_CLOEXEC) != 0)
                return;
        posix_spawn_file_actions_t fa;
        posix_spawn_file_actions_init(&fa);
        posix_spawn_file_actions_adddup2(&fa, fds[1], STDOUT_FILENO);
        posix_spawn_file_actions_addopen(&fa, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
        char *argv[] = { "nvidia-smi", "--query-gpu=memory.used,memory.total", "--format=csv,noheader,nounits", NULL };
        int r = posix_spawnp(&w->gpu_pid, "nvidia-smi", &fa, NULL, argv, environ);
        posix_spawn_file_actions_destroy(&fa);
        close(fds[1]);
        if (r != 0) {
                close(fds[0]);
                w->gpu_pid = -1;
                w->o.gpu = false;  /* no nvidia-smi: said once */
                snprintf(w->gpu_text, sizeof w->gpu_text, "GPU memory unknown (no nvidia-smi)");
                return;
        }
        fcntl(fds[0], F_SETFL, O_NONBLOCK);
        w->gpu_fd = fds[0];
        w->gpu_len = 0;
}

void watch_tick(struct watch *w)
{
        int64_t now = now_ms();
        poll_ready(w, now);
        poll_gpu(w, now);
        if (w->verdict == VERDICT_NONE && w->o.timeout_ms > 0 && now - w->start_ms >= w->o.timeout_ms) {
                char quiet[32];
                format_elapsed(now - w->last_milestone_ms, quiet);  /* wall clock: silence is now */
                w->verdict = VERDICT_TIMED_OUT;
                if (w->last_stage < 0)
                        snprintf(w->why, sizeof w->why, "no milestone reached");
                else
                        snprintf(w->why, sizeof w->why, "last milestone: %s (%s ago)", w->last_text, quiet);
                if (w->o.ready_url && (w->last_http || w->last_error[0])) {
                        size_t n = strlen(w->why);
                        if (w->last_http)
                                snprintf(w->why + n, sizeof w->why - n, "; %s answered %ld", w->o.ready_url, w->last_http);
                        else
                                snprintf(w->why + n, sizeof w->why - n, "; %s: %s", w->o.ready_url, w->last_error);
                }
        }
        if (w->status_line && now >= w->next_status_ms)
                show_status(w);
}

enum verdict watch_verdict(const struct watch *w)
{
        return w->verdict;
}

void watch_ended(struct watch *w, bool failed, const char *code_text)
{
        if (w->verdict != VERDICT_NONE && w->verdict != VERDICT_READY)
                return;
        if (w->verdict == VERDICT_READY && !failed)
                return;
        w->verdict = failed ? VERDICT_FAILED : VERDICT_EXITED;
        snprintf(w->why, sizeof w->why, "%s", code_text);
}

void watch_stopped(struct watch *w, int sig)
{
        if (w->verdict != VERDICT_NONE)
                return;
        w->verdict = VERDICT_STOPPED;
        snprintf(w->why, sizeof w->why, "stopped by %s", strsignal(sig));
}

int watch_finish(struct watch *w, coroner_analysis *a)
{
        static const char *const names[] = { "watching", "ready", "failed", "exited", "timed out", "stopped" };
        static const int status[] = { 1, 0, 1, 0, 124, 130 };
        watch_clear_status(w);
        if (w->verdict == VERDICT_FAILED || w->verdict == VERDICT_TIMED_OUT) {
                /* The whole report of the run: what the on-call engineer reads next. */
                char *out = NULL;
                if (w->o.json)
                        coroner_report_json_summary(a, &out);
                else
                        coroner_report_text(a, w->o.ropts, &out);
                if (out) {
                        fputs(out, w->o.out);
                        if (w->o.json)
                                fputc('\n', w->o.out);
                }
                free(out);
        }
        char elapsed[32], text[1024];
        if (w->verdict == VERDICT_FAILED && w->fatal_index < 0 && coroner_analysis_diagnosis_count(a) > 0) {
                size_t n = strlen(w->why);  /* the command's end, and what the report found */
                snprintf(w->why + n, sizeof w->why - n, "; %s", coroner_analysis_diagnosis_title(a, 0));
        }
        format_elapsed(elapsed_ms(w), elapsed);
        snprintf(text, sizeof text, "%s %s after %s: %s", w->o.what, names[w->verdict], elapsed, w->why);
        if (w->o.json) {
                cJSON *rec = record_new("verdict", elapsed_ms(w));
                cJSON_AddStringToObject(rec, "verdict", w->verdict == VERDICT_TIMED_OUT ? "timed-out" : names[w->verdict]);
                cJSON_AddNumberToObject(rec, "exit_status", status[w->verdict]);
                if (w->last_stage >= 0)
                        cJSON_AddStringToObject(rec, "last_milestone", coroner_milestone_stage_name(w->last_stage));
                else
                        cJSON_AddNullToObject(rec, "last_milestone");
                cJSON_AddStringToObject(rec, "text", text);
                print_record(w, rec);
        } else {
                fprintf(w->o.out, "coroner: %s\n", text);
        }
        fflush(w->o.out);
        return status[w->verdict];
}
