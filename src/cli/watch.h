/* watch.h — what `coroner run` and `coroner watch` share: a start-up being
 * watched until it is ready, failed or timed out (watch.c). */
#ifndef CORONER_WATCH_H
#define CORONER_WATCH_H

#include "cli.h"

#include <stdio.h>

enum verdict { VERDICT_NONE, VERDICT_READY, VERDICT_FAILED, VERDICT_EXITED, VERDICT_TIMED_OUT, VERDICT_STOPPED };

struct watch_options {
        bool json;                /* JSON Lines events instead of text */
        FILE *out;                /* where events go */
        const char *ready_url;    /* ready when it answers 2xx (libcurl), or NULL: the log's ready milestone */
        int64_t timeout_ms;       /* 0: none */
        bool gpu;                 /* GPU memory from nvidia-smi in the status */
        const char *what;         /* the unit or command, for the verdict line */
        const struct coroner_report_options *ropts;
};

struct watch;
int watch_new(const struct watch_options *o, coroner_milestones *ms, struct watch **ret);
void watch_free(struct watch *w);
/* The time a journal entry was written (before watch_line): events then
 * count from the invocation's first entry, not from when coroner began. */
void watch_set_log_time(struct watch *w, int64_t usec);
/* A line of the service's output: a milestone? */
void watch_line(struct watch *w, const char *line, size_t len);
/* A diagnosis handed over by the analysis (--follow's on_diagnosis). */
void watch_diagnosis(struct watch *w, const coroner_analysis *a, size_t index);
/* Between reads: readiness, GPU memory, timeout, the status line. */
void watch_tick(struct watch *w);
/* Erase the status line before other output goes to the same terminal. */
void watch_clear_status(struct watch *w);
/* The verdict reached so far (VERDICT_NONE while watching). */
enum verdict watch_verdict(const struct watch *w);
/* The service ended or failed: code_text says how ("exited with status 1",
 * "failed with result 'exit-code'"); failed says whether that is a failure. */
void watch_ended(struct watch *w, bool failed, const char *code_text);
/* Stopped by a signal (Ctrl-C): the verdict is "stopped". */
void watch_stopped(struct watch *w, int sig);
/* Prints the report (when failed) and the verdict; returns the exit status:
 * 0 ready (or exited 0), 1 failed, 124 timed out, 130 stopped. */
int watch_finish(struct watch *w, coroner_analysis *a);

#endif
