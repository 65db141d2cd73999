/* run_cmd.c — `coroner run [OPTIONS] -- COMMAND [ARG...]`: start a service,
 * pass its output through, print its milestones, and end with a verdict:
 * ready (exit 0), failed (1, with the report), timed out (124).
 *
 * The command runs in a process group of its own, so that a failed or
 * timed-out start-up is stopped whole (tensor-parallel workers too: a
 * stale worker holds GPU memory). Its standard output and error come
 * through two pipes, read with poll(2) ten times a second at least, and go
 * to the analysis as two live inputs. When it is ready coroner exits 0 and
 * the command runs on; a relay process keeps passing its output through
 * (or, with --stay, coroner keeps watching until the command exits).
 */
#include "config.h"
#include "watch.h"

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

enum { TICK_MS = 100, STOP_GRACE_MS = 5000, READ_BYTES = 64 * 1024 };

static volatile int stop_signal;

static void on_signal(int sig)
{
        stop_signal = sig;
}

struct child_output {
        int fd;          /* -1 once ended */
        int pass_to;     /* our fd its bytes are passed to, -1: not passed (--quiet) */
        coroner_live *live;
};

struct run {
        struct watch *watch;
        coroner_analysis *a;
        struct child_output out[2];
        pid_t pid;
        bool exited;
        int status;
        bool relay_only;   /* the relay after "ready": pass through, nothing else */
        struct coroner_follow_options fo;
};

static void on_line(void *ctx, int input, const char *line, size_t len)
{
        (void)input;
        watch_line(ctx, line, len);
}

static void on_diagnosis(void *ctx, const coroner_analysis *a, size_t index)
{
        watch_diagnosis(ctx, a, index);
}

static void write_all(int fd, const char *p, size_t n)
{
        while (n) {
                ssize_t k = write(fd, p, n);
                if (k < 0 && errno == EINTR)
                        continue;
                if (k <= 0)
                        return;  /* our output is gone: the command's bytes are still read */
                p += k;
                n -= (size_t)k;
        }
}

/* Reads what each pipe has (waiting at most wait_ms, -1: until one has
 * something): passed through, then analysed. */
static void read_outputs(struct run *r, int wait_ms)
{
        struct pollfd pfd[2];
        int n = 0, which[2];
        for (int i = 0; i < 2; i++)
                if (r->out[i].fd >= 0) {
                        pfd[n] = (struct pollfd){ .fd = r->out[i].fd, .events = POLLIN };
                        which[n++] = i;
                }
        if (!n) {
                if (wait_ms > 0)
                        poll(NULL, 0, wait_ms);
                return;
        }
        if (poll(pfd, (nfds_t)n, wait_ms) <= 0)
                return;
        static char buf[READ_BYTES];
        for (int k = 0; k < n; k++) {
                if (!pfd[k].revents)
                        continue;
                struct child_output *o = &r->out[which[k]];
                ssize_t got = read(o->fd, buf, sizeof buf);
                if (got < 0 && (errno == EINTR || errno == EAGAIN))
                        continue;
                if (got <= 0) {
                        close(o->fd);
                        o->fd = -1;
                        continue;
                }
                /* Line by line, so that a milestone is printed right after
                 * the line that says it. */
                for (size_t at = 0; at < (size_t)got;) {
                        const char *nl = memchr(buf + at, '\n', (size_t)got - at);
                        size_t end = nl ? (size_t)(nl - buf) + 1 : (size_t)got;
                        if (o->pass_to >= 0) {
                                if (!r->relay_only)
                                        watch_clear_status(r->watch);
                                write_all(o->pass_to, buf + at, end - at);
                        }
                        if (!r->relay_only)
                                coroner_live_feed(o->live, buf + at, end - at);
                        at = end;
                }
        }
}

static void reap(struct run *r)
{
        if (!r->exited && waitpid(r->pid, &r->status, WNOHANG) == r->pid)
                r->exited = true;
}

/* Stops the command's process group: SIGTERM, then SIGKILL after the grace. */
static void stop_command(struct run *r)
{
        if (r->exited)
                return;
        kill(-r->pid, SIGTERM);
        int64_t deadline = now_ms() + STOP_GRACE_MS;
        while (!r->exited && now_ms() < deadline) {
                read_outputs(r, TICK_MS);
                reap(r);
        }
        if (!r->exited) {
                kill(-r->pid, SIGKILL);
                waitpid(r->pid, &r->status, 0);
                r->exited = true;
        }
}

/* After "ready": the command runs on, its output passed through by a
 * process of our own until it ends; coroner itself exits. */
static void detach_relay(struct run *r)
{
        pid_t relay = fork();
        if (relay != 0)
                return;  /* the parent (or fork failed: the pipes close with us) */
        signal(SIGPIPE, SIG_IGN);
        signal(SIGINT, SIG_IGN);
        r->relay_only = true;
        while (r->out[0].fd >= 0 || r->out[1].fd >= 0)
                read_outputs(r, -1);
        _exit(0);
}

/* Starts argv in a process group of its own, its output into two pipes.
 * An exec failure comes back through a close-on-exec pipe. */
static int start_command(struct run *r, char **argv)
{
        int pipes[2][2], report[2];
        if (pipe2(pipes[0], O_CLOEXEC) || pipe2(pipes[1], O_CLOEXEC) || pipe2(report, O_CLOEXEC)) {
                fprintf(stderr, "coroner: run: %s\n", strerror(errno));
                return -1;
        }
        r->pid = fork();
        if (r->pid < 0) {
                fprintf(stderr, "coroner: run: %s\n", strerror(errno));
                return -1;
        }
        if (r->pid == 0) {
                setpgid(0, 0);
                signal(SIGPIPE, SIG_DFL);
                dup2(pipes[0][1], STDOUT_FILENO);
                dup2(pipes[1][1], STDERR_FILENO);
                execvp(argv[0], argv);
                int e = errno;
                if (write(report[1], &e, sizeof e) < 0)
                        _exit(127);
                _exit(127);
        }
        setpgid(r->pid, r->pid);  /* also here: no race with an early kill(-pid) */
        close(pipes[0][1]);
        close(pipes[1][1]);
        close(report[1]);
        int e = 0;
        ssize_t n = read(report[0], &e, sizeof e);
        close(report[0]);
        r->out[0].fd = pipes[0][0];
        r->out[1].fd = pipes[1][0];
        if (n == sizeof e) {
                fprintf(stderr, "coroner: run: cannot run %s: %s\n", argv[0], strerror(e));
                waitpid(r->pid, NULL, 0);
                return e == ENOENT ? -127 : -126;  /* as the shell and timeout(1) say it */
        }
        return 0;
}

/* "exited with status 1", "killed by signal 9 (Killed)". */
static void describe_exit(int status, char *buf, size_t cap)
{
        if (WIFEXITED(status))
                snprintf(buf, cap, "the command exited with status %d", WEXITSTATUS(status));
        else if (WIFSIGNALED(status))
                snprintf(buf, cap, "the command was killed by signal %d (%s)%s", WTERMSIG(status),
                         strsignal(WTERMSIG(status)), WCOREDUMP(status) ? ", core dumped" : "");
        else
                snprintf(buf, cap, "the command ended");
}

static void usage(FILE *f)
{
        fprintf(f,
                "Usage: coroner run [OPTIONS] -- COMMAND [ARG...]\n"
                "Starts COMMAND, passes its output through, prints its start-up milestones as\n"
                "they happen and ends with a verdict:\n"
                "  ready      exit 0: the log said the server is ready (or --ready-url answered 2xx);\n"
                "             the command runs on (its output still passed through)\n"
                "  failed     exit 1: the command exited non-zero or a fatal diagnosis arrived;\n"
                "             the report follows and the command is stopped\n"
                "  timed out  exit 124 (--timeout): the last milestone and how long ago it was\n"
                "  exited     the command exited 0 before it was ready: exit 0\n"
                "Events go to standard error (the command's standard output stays its own);\n"
                "with --format json, JSON Lines go to standard output and the command's output\n"
                "to standard error.\n\n"
                "Options:\n"
                "      --ready-url URL      ready when URL answers 2xx (polled with backoff)\n"
                "      --timeout DURATION   give up after DURATION (e.g. 10min): exit 124\n"
                "      --stay               after ready, keep watching until the command exits;\n"
                "                           exit with its verdict (for a container's entrypoint)\n"
                "  -q, --quiet              do not pass the command's output through\n"
                "  -f, --format FMT         text (default) or json (JSON Lines)\n"
                "      --gpu                GPU memory (nvidia-smi) with each event\n"
                "      --settle DURATION    a traceback is complete after this quiet (default 1s)\n"
                "  -s, --signatures DIR     more signatures (as for coroner)\n"
                "  -h, --help\n");
}

int run_command(int argc, char **argv)
{
        static const struct option longopts[] = {
                { "ready-url", required_argument, NULL, 'R' }, { "timeout", required_argument, NULL, 'T' },
                { "stay", no_argument, NULL, 'S' },            { "quiet", no_argument, NULL, 'q' },
                { "format", required_argument, NULL, 'f' },    { "gpu", no_argument, NULL, 'G' },
                { "settle", required_argument, NULL, 'E' },    { "signatures", required_argument, NULL, 's' },
                { "help", no_argument, NULL, 'h' },            { NULL, 0, NULL, 0 },
        };
        struct coroner_report_options ropts = { .width = 80 };
        struct watch_options wo = { .out = stderr, .ropts = &ropts };
        bool quiet = false, stay = false;
        int settle_ms = 1000, c;
        char **sig_dirs = calloc((size_t)argc + 1, sizeof *sig_dirs);
        size_t n_sig_dirs = 0;
        optind = 1;
        /* "+": options end at the command's name, as for env(1) and timeout(1) */
        while ((c = getopt_long(argc, argv, "+qf:s:h", longopts, NULL)) != -1) {
                switch (c) {
                case 'R': wo.ready_url = optarg; break;
                case 'T':
                case 'E': {
                        int ms = parse_duration_ms(optarg);
                        if (ms < 0) {
                                fprintf(stderr, "coroner: run: not a duration: '%s'\n", optarg);
                                free(sig_dirs);
                                return 2;
                        }
                        if (c == 'T')
                                wo.timeout_ms = ms;
                        else
                                settle_ms = ms ? ms : 1;
                        break;
                }
                case 'S': stay = true; break;
                case 'q': quiet = true; break;
                case 'f':
                        if (strcmp(optarg, "json") != 0 && strcmp(optarg, "text") != 0) {
                                fprintf(stderr, "coroner: run: --format is text or json\n");
                                free(sig_dirs);
                                return 2;
                        }
                        wo.json = strcmp(optarg, "json") == 0;
                        break;
                case 'G': wo.gpu = true; break;
                case 's': sig_dirs[n_sig_dirs++] = optarg; break;
                case 'h': usage(stdout); free(sig_dirs); return 0;
                default: usage(stderr); free(sig_dirs); return 2;
                }
        }
        if (optind >= argc) {
                usage(stderr);
                free(sig_dirs);
                return 2;
        }
        char **command = argv + optind;
        if (wo.json)
                wo.out = stdout;
        const char *slash = strrchr(command[0], '/');
        wo.what = slash ? slash + 1 : command[0];

        coroner_db *db = NULL;
        coroner_milestones *ms = NULL;
        coroner_analysis *a = NULL;
        struct coroner_error err = { { 0 }, { 0 } };
        int status = 2;
        struct run r = { .out = { { .fd = -1 }, { .fd = -1 } } };
        if (coroner_db_new(&db) < 0 || load_signatures(db, sig_dirs, n_sig_dirs, true) < 0)
                goto out;
        if (coroner_milestones_new(&ms) < 0 || coroner_milestones_load_dir(ms, milestone_dir(), &err) < 0) {
                fprintf(stderr, "coroner: %s: %s\n", err.where, err.message);
                goto out;
        }
        if (coroner_analysis_new(db, NULL, &a) < 0 || watch_new(&wo, ms, &r.watch) < 0) {
                fprintf(stderr, "coroner: out of memory\n");
                goto out;
        }
        r.a = a;
        r.fo = (struct coroner_follow_options){ .settle_ms = settle_ms, .interval_ms = 60000,
                                                .on_diagnosis = on_diagnosis, .ctx = r.watch };
        char name[2][300];
        for (int i = 0; i < 2; i++) {
                snprintf(name[i], sizeof name[i], "%s (%s)", command[0], i ? "stderr" : "stdout");
                r.out[i].pass_to = quiet ? -1 : wo.json ? STDERR_FILENO : i ? STDERR_FILENO : STDOUT_FILENO;
                if (coroner_live_open(a, name[i], on_line, r.watch, &r.out[i].live) < 0) {
                        fprintf(stderr, "coroner: out of memory\n");
                        goto out;
                }
        }
        catch_stop_signals(on_signal);
        signal(SIGPIPE, SIG_IGN);
        int started = start_command(&r, command);
        if (started < 0) {
                status = started < -1 ? -started : 2;
                goto out;
        }
        int64_t gone_at = 0;
        for (;;) {
                read_outputs(&r, TICK_MS);
                reap(&r);
                bool drained = r.out[0].fd < 0 && r.out[1].fd < 0;
                if (r.exited && drained)
                        break;
                if (r.exited && !drained) {
                        /* The command is gone; what its children still write is read
                         * for a moment, not waited for (a detached daemon keeps the pipe). */
                        if (!gone_at)
                                gone_at = now_ms();
                        if (now_ms() - gone_at > 1000)
                                break;
                }
                coroner_analysis_tick(a, &r.fo);
                watch_tick(r.watch);
                if (stop_signal) {
                        kill(-r.pid, stop_signal);
                        watch_stopped(r.watch, stop_signal);
                }
                enum verdict v = watch_verdict(r.watch);
                if (v == VERDICT_READY && !stay) {
                        status = watch_finish(r.watch, a);
                        detach_relay(&r);
                        goto out;
                }
                if (v == VERDICT_FAILED || v == VERDICT_TIMED_OUT || v == VERDICT_STOPPED) {
                        stop_command(&r);
                        break;
                }
        }
        reap(&r);
        if (r.exited) {
                char how[160];
                describe_exit(r.status, how, sizeof how);
                bool ok = WIFEXITED(r.status) && WEXITSTATUS(r.status) == 0;
                /* The verdict says why the command was stopped, if it was. */
                watch_ended(r.watch, !ok, how);
        }
        for (int i = 0; i < 2; i++) {
                coroner_live_close(r.out[i].live);
                r.out[i].live = NULL;
        }
        coroner_analysis_finish(a);  /* what the end completed is in the report */
        status = watch_finish(r.watch, a);
out:
        for (int i = 0; i < 2; i++) {
                coroner_live_close(r.out[i].live);
                if (r.out[i].fd >= 0)
                        close(r.out[i].fd);
        }
        watch_free(r.watch);
        coroner_analysis_free(a);
        coroner_milestones_free(ms);
        coroner_db_free(db);
        free(sig_dirs);
        return status;
}
