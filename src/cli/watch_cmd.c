/* watch_cmd.c — `coroner watch UNIT`: follow one invocation of a systemd
 * unit in the journal until it is ready, failed or timed out.
 *
 * The unit's state comes from the journal too: systemd writes a message
 * for each change of a unit, with a MESSAGE_ID from sd-messages.h and the
 * invocation's ID, so the same code serves the local journal, a journal
 * directory copied off another machine and a test's journal file. The
 * messages that end an invocation are "Failed with result" (UNIT_RESULT=,
 * SD_MESSAGE_UNIT_FAILURE_RESULT) and "Deactivated successfully"
 * (SD_MESSAGE_UNIT_SUCCESS).
 */
#include "config.h"
#include "watch.h"

#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <systemd/sd-messages.h>

static volatile int stop_now;  /* a verdict was reached, or a signal came */
static volatile int stop_signal;

static void on_signal(int sig)
{
        stop_signal = sig;
        stop_now = 1;
}

struct watch_ctx {
        struct watch *watch;
        const char *unit;
};

static void on_entry(void *ctx, const struct coroner_entry *e)
{
        struct watch_ctx *w = ctx;
        watch_set_log_time(w->watch, e->time_usec);
        watch_line(w->watch, e->message, e->len);
        if (watch_verdict(w->watch) != VERDICT_NONE)
                stop_now = 1;
        if (!e->from_systemd)
                return;
        char how[200];
        if (strcmp(e->message_id, SD_MESSAGE_UNIT_FAILURE_RESULT_STR) == 0) {
                snprintf(how, sizeof how, "%s failed with result '%s'", w->unit, e->unit_result[0] ? e->unit_result : "?");
                watch_ended(w->watch, true, how);
        } else if (strcmp(e->message_id, SD_MESSAGE_UNIT_SUCCESS_STR) == 0) {
                snprintf(how, sizeof how, "%s deactivated successfully", w->unit);
                watch_ended(w->watch, false, how);
        }
        if (watch_verdict(w->watch) != VERDICT_NONE)
                stop_now = 1;
}

static void on_tick(void *ctx)
{
        struct watch_ctx *w = ctx;
        watch_tick(w->watch);
        if (watch_verdict(w->watch) != VERDICT_NONE)
                stop_now = 1;
}

static void on_diagnosis(void *ctx, const coroner_analysis *a, size_t index)
{
        struct watch_ctx *w = ctx;
        watch_diagnosis(w->watch, a, index);
        if (watch_verdict(w->watch) != VERDICT_NONE)
                stop_now = 1;
}

static void usage(FILE *f)
{
        fprintf(f,
                "Usage: coroner watch [OPTIONS] UNIT\n"
                "Follows the unit's latest invocation in the journal (or, with --next, the\n"
                "next one to start), prints its start-up milestones as they happen and ends\n"
                "with a verdict: ready (exit 0), failed (exit 1, with the report of that\n"
                "invocation), timed out (exit 124), or exited (the unit deactivated\n"
                "successfully: exit 0).\n\n"
                "Options:\n"
                "      --next               wait for the unit's next invocation\n"
                "      --ready-url URL      ready when URL answers 2xx (polled with backoff)\n"
                "      --timeout DURATION   give up after DURATION (e.g. 10min): exit 124\n"
                "  -f, --format FMT         text (default) or json (JSON Lines)\n"
                "      --gpu                GPU memory (nvidia-smi) with each event\n"
                "      --settle DURATION    a traceback is complete after this quiet (default 1s)\n"
                "      --journal-dir DIR    read the journal files in DIR instead of the system's\n"
                "      --journal-file FILE  read FILE (repeatable)\n"
                "      --user               the user's journal\n"
                "  -s, --signatures DIR     more signatures (as for coroner)\n"
                "  -h, --help\n");
}

int watch_command(int argc, char **argv)
{
        static const struct option longopts[] = {
                { "next", no_argument, NULL, 'N' },           { "ready-url", required_argument, NULL, 'R' },
                { "timeout", required_argument, NULL, 'T' },  { "format", required_argument, NULL, 'f' },
                { "gpu", no_argument, NULL, 'G' },            { "settle", required_argument, NULL, 'E' },
                { "journal-dir", required_argument, NULL, 'D' }, { "journal-file", required_argument, NULL, 'F' },
                { "user", no_argument, NULL, 'U' },           { "signatures", required_argument, NULL, 's' },
                { "help", no_argument, NULL, 'h' },           { NULL, 0, NULL, 0 },
        };
        struct coroner_report_options ropts = { .width = 80 };
        struct watch_options wo = { .out = stdout, .ropts = &ropts };
        const char **dirs = calloc((size_t)argc + 1, sizeof *dirs), **files = calloc((size_t)argc + 1, sizeof *files);
        char **sig_dirs = calloc((size_t)argc + 1, sizeof *sig_dirs);
        struct coroner_journal_options jo = { .dirs = dirs, .files = files, .max_priority = -1, .follow = true,
                                              .invocation = "last" };
        size_t n_sig_dirs = 0;
        int settle_ms = 1000, c, status = 2;
        optind = 1;
        while ((c = getopt_long(argc, argv, "f:s:h", longopts, NULL)) != -1) {
                switch (c) {
                case 'N': jo.invocation = "next"; break;
                case 'R': wo.ready_url = optarg; break;
                case 'T':
                case 'E': {
                        int ms = parse_duration_ms(optarg);
                        if (ms < 0) {
                                fprintf(stderr, "coroner: watch: not a duration: '%s'\n", optarg);
                                goto out;
                        }
                        if (c == 'T')
                                wo.timeout_ms = ms;
                        else
                                settle_ms = ms ? ms : 1;
                        break;
                }
                case 'f':
                        if (strcmp(optarg, "json") != 0 && strcmp(optarg, "text") != 0) {
                                fprintf(stderr, "coroner: watch: --format is text or json\n");
                                goto out;
                        }
                        wo.json = strcmp(optarg, "json") == 0;
                        break;
                case 'G': wo.gpu = true; break;
                case 'D': dirs[jo.n_dirs++] = optarg; break;
                case 'F': files[jo.n_files++] = optarg; break;
                case 'U': jo.user = true; break;
                case 's': sig_dirs[n_sig_dirs++] = optarg; break;
                case 'h': usage(stdout); status = 0; goto out;
                default: usage(stderr); goto out;
                }
        }
        if (optind != argc - 1) {
                usage(stderr);
                goto out;
        }
        /* journalctl -u's habit: "k26" means k26.service */
        char unit[256];
        const char *name = argv[optind];
        snprintf(unit, sizeof unit, "%s%s", name, strchr(name, '.') ? "" : ".service");
        const char *units[] = { unit };
        jo.units = units;
        jo.n_units = 1;
        jo.local = !jo.n_dirs && !jo.n_files && !jo.user;
        wo.what = unit;

        coroner_db *db = NULL;
        coroner_milestones *ms = NULL;
        coroner_analysis *a = NULL;
        struct watch_ctx ctx = { .unit = unit };
        struct coroner_error err = { { 0 }, { 0 } };
        if (coroner_db_new(&db) < 0 || load_signatures(db, sig_dirs, n_sig_dirs, true) < 0)
                goto done;
        if (coroner_milestones_new(&ms) < 0 || coroner_milestones_load_dir(ms, milestone_dir(), &err) < 0) {
                fprintf(stderr, "coroner: %s: %s\n", err.where, err.message);
                goto done;
        }
        if (coroner_analysis_new(db, NULL, &a) < 0 || watch_new(&wo, ms, &ctx.watch) < 0) {
                fprintf(stderr, "coroner: out of memory\n");
                goto done;
        }
        struct coroner_follow_options fo = { .settle_ms = settle_ms, .interval_ms = 60000, .stop = &stop_now,
                                             .on_diagnosis = on_diagnosis, .on_entry = on_entry,
                                             .on_tick = on_tick, .ctx = &ctx };
        jo.fo = &fo;
        struct sigaction sa = { 0 };
        sa.sa_handler = on_signal;
        sigemptyset(&sa.sa_mask);
        sigaction(SIGINT, &sa, NULL);
        sigaction(SIGTERM, &sa, NULL);
        int r = coroner_analysis_read_journal(a, &jo, &err);
        if (r < 0 && r != CORONER_E_STOPPED) {
                fprintf(stderr, "coroner: %s: %s\n", err.where, err.message);
                goto done;
        }
        if (stop_signal)
                watch_stopped(ctx.watch, stop_signal);
        coroner_analysis_finish(a);
        status = watch_finish(ctx.watch, a);
done:
        watch_free(ctx.watch);
        coroner_analysis_free(a);
        coroner_milestones_free(ms);
        coroner_db_free(db);
out:
        free(dirs);
        free(files);
        free(sig_dirs);
        return status;
}
