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
 *
 * Where the service manager is reachable on the system bus, its word is
 * asked too, once a second (sd-bus: the unit's InvocationID, ActiveState,
 * SubState and Result): a journal can lose systemd's messages (rate
 * limits, a full disk) and still the unit has failed. Only the state of
 * the invocation being read counts, so a journal copied off another
 * machine is never judged by this machine's unit of the same name.
 */
#include "config.h"
#include "watch.h"

#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <systemd/sd-bus.h>
#include <systemd/sd-messages.h>
#include <time.h>

static volatile int stop_now;  /* a verdict was reached, or a signal came */
static volatile int stop_signal;

static void on_signal(int sig)
{
        stop_signal = sig;
        stop_now = 1;
}

enum { BUS_EVERY_MS = 1000, BUS_TIMEOUT_USEC = 1000000 };

struct watch_ctx {
        struct watch *watch;
        const char *unit;
        char invocation[33];   /* the invocation being read, once an entry said it */
        sd_bus *bus;           /* the system bus, or NULL */
        int64_t next_bus_ms;
        bool was_active;
};

/* The unit's InvocationID (hex) and ActiveState/SubState/Result from the
 * service manager; false when it cannot say (no such unit, no answer). */
static bool bus_unit_state(sd_bus *bus, const char *unit, char invocation[33], char **active, char **sub,
                           char **result)
{
        sd_bus_error error = SD_BUS_ERROR_NULL;
        sd_bus_message *reply = NULL;
        const char *path = NULL;
        bool ok = false;
        *active = *sub = *result = NULL;
        if (sd_bus_call_method(bus, "org.freedesktop.systemd1", "/org/freedesktop/systemd1",
                               "org.freedesktop.systemd1.Manager", "GetUnit", &error, &reply, "s", unit) < 0 ||
            sd_bus_message_read(reply, "o", &path) < 0)
                goto out;
        char *p = strdup(path);
        sd_bus_message_unref(reply);
        reply = NULL;
        const void *id;
        size_t n = 0;
        if (p && sd_bus_get_property(bus, "org.freedesktop.systemd1", p, "org.freedesktop.systemd1.Unit",
                                     "InvocationID", &error, &reply, "ay") >= 0 &&
            sd_bus_message_read_array(reply, 'y', &id, &n) >= 0 && n == 16) {
                for (size_t i = 0; i < 16; i++)
                        snprintf(invocation + 2 * i, 3, "%02x", ((const unsigned char *)id)[i]);
                ok = sd_bus_get_property_string(bus, "org.freedesktop.systemd1", p, "org.freedesktop.systemd1.Unit",
                                                "ActiveState", &error, active) >= 0 &&
                     sd_bus_get_property_string(bus, "org.freedesktop.systemd1", p, "org.freedesktop.systemd1.Unit",
                                                "SubState", &error, sub) >= 0;
                /* Result is a service's (and socket's, mount's...): absent elsewhere */
                sd_bus_get_property_string(bus, "org.freedesktop.systemd1", p, "org.freedesktop.systemd1.Service",
                                           "Result", &error, result);
        }
        free(p);
out:
        sd_bus_message_unref(reply);
        sd_bus_error_free(&error);
        return ok;
}

/* Once a second: has the service manager seen the invocation end? */
static void ask_bus(struct watch_ctx *w)
{
        if (!w->bus || !w->invocation[0] || now_ms() < w->next_bus_ms)
                return;
        w->next_bus_ms = now_ms() + BUS_EVERY_MS;
        char id[33], how[300];
        char *active, *sub, *result;
        if (bus_unit_state(w->bus, w->unit, id, &active, &sub, &result) && strcmp(id, w->invocation) == 0) {
                if (strcmp(active, "failed") == 0) {
                        snprintf(how, sizeof how, "%s failed (systemd: ActiveState=failed, Result=%s)", w->unit,
                                 result ? result : "?");
                        watch_ended(w->watch, true, how);
                } else if (strcmp(active, "inactive") == 0 && w->was_active) {
                        snprintf(how, sizeof how, "%s stopped (systemd: ActiveState=inactive, Result=%s)", w->unit,
                                 result ? result : "?");
                        watch_ended(w->watch, result && strcmp(result, "success") != 0, how);
                }
                w->was_active |= strcmp(active, "active") == 0 || strcmp(active, "activating") == 0;
        }
        free(active);
        free(sub);
        free(result);
}

static void on_entry(void *ctx, const struct coroner_entry *e)
{
        struct watch_ctx *w = ctx;
        if (!w->invocation[0] && !e->kernel && e->invocation[0])
                snprintf(w->invocation, sizeof w->invocation, "%s", e->invocation);
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
        ask_bus(w);
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
                "      --next               wait for the unit's next invocation (one that starts\n"
                "                           after this command did)\n"
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
        /* --next counts from now: an invocation that begins while the
         * signatures load is the next one, not one before it. */
        struct timespec started;
        clock_gettime(CLOCK_REALTIME, &started);
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
                case 'N':
                        jo.invocation = "next";
                        jo.next_after_usec = (int64_t)started.tv_sec * 1000000 + started.tv_nsec / 1000;
                        break;
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
        char unit[256];
        unit_name(argv[optind], unit, sizeof unit);
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
        if (sd_bus_open_system(&ctx.bus) < 0)
                ctx.bus = NULL;  /* no service manager to ask: the journal says it all */
        else
                sd_bus_set_method_call_timeout(ctx.bus, BUS_TIMEOUT_USEC);
        struct coroner_follow_options fo = { .settle_ms = settle_ms, .interval_ms = 60000, .stop = &stop_now,
                                             .on_diagnosis = on_diagnosis, .on_entry = on_entry,
                                             .on_tick = on_tick, .ctx = &ctx };
        jo.fo = &fo;
        catch_stop_signals(on_signal);
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
        sd_bus_flush_close_unref(ctx.bus);
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
