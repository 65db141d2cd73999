/* analysis_journal.c — the journal as an input: the analysis pulls its
 * entries (read_journal.c) through the fast path and the decoder, as it
 * does a file's lines, and follows it with --follow.
 */
#include "config.h"
#include "analysis.h"

#include <string.h>
#include <time.h>

static int64_t now_usec(void)
{
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

static bool stopped(const struct coroner_journal_options *o)
{
        return o->fo && o->fo->stop && *o->fo->stop;
}

/* Every entry there is now (up to until): the fast path first, the other
 * fields only for the entries it keeps. 0, or <0 on an error. */
static int read_entries(coroner_analysis *a, int input, struct journal_reader *jr, int64_t until,
                         const struct coroner_journal_options *o, struct coroner_error *err)
{
        struct journal_entry e;
        int r = 0;
        while (!stopped(o) && (r = journal_reader_next(jr, until, &e, err)) > 0) {
                if (analysis_skip_message(a, input, e.msg, e.msg_len, false))
                        continue;
                journal_reader_fields(jr, &e);
                struct logical l;
                memset(&l, 0, sizeof l);
                snprintf(l.host, sizeof l.host, "%s", e.host);
                snprintf(l.ident, sizeof l.ident, "%s", e.ident);
                snprintf(l.unit, sizeof l.unit, "%s", e.unit);
                memcpy(l.invocation, e.invocation, sizeof l.invocation);
                l.pid = e.pid;
                l.time_usec = e.time_usec;
                l.has_time = true;
                l.msg = e.msg;
                l.msg_len = e.msg_len;
                analysis_feed_logical(a, input, &l, e.line, e.line_len);
        }
        return r < 0 ? r : 0;
}

/* One round of --follow: a tick, a wait, the entries that came. */
static int follow_round(coroner_analysis *a, int input, struct journal_reader *jr, int64_t until,
                        const struct coroner_journal_options *o, char **saved, struct coroner_error *err)
{
        analysis_follow_tick(a, monotonic_ms(), o->fo);
        if (o->fo && o->fo->on_tick)
                o->fo->on_tick(o->fo->ctx);
        if (stopped(o))
                return 0;
        int r = journal_reader_wait(jr, err);
        if (r < 0)
                return r;
        analysis_set_clock(a, monotonic_ms());
        r = read_entries(a, input, jr, until, o, err);
        if (r < 0)
                return r;
        /* Only what was delivered: an output that failed stops the follow
         * before its entries count as read. */
        if (o->fo && o->fo->delivered && !o->fo->delivered(o->fo->ctx)) {
                set_error(err, "output", "%s", "the report could not be written; stopped");
                return CORONER_E_IO;
        }
        const char *cursor = journal_reader_cursor(jr);
        if (!o->cursor_file || !cursor || (*saved && strcmp(cursor, *saved) == 0))
                return 0;
        if (coroner_cursor_save(o->cursor_file, cursor, err) < 0)
                return CORONER_E_IO;
        free(*saved);
        *saved = strndup_safe(cursor, strlen(cursor));
        return 0;
}

/* --follow: wait for entries and read them, until stopped or an error;
 * the cursor file is written once what was read was delivered, whenever
 * the cursor moved (entries of another invocation move it too, though the
 * analysis never sees them). */
static int follow(coroner_analysis *a, int input, struct journal_reader *jr, int64_t until,
                  const struct coroner_journal_options *o, struct coroner_error *err)
{
        const char *start = journal_reader_cursor(jr);
        char *saved = start ? strndup_safe(start, strlen(start)) : NULL;
        int r = 0;
        while (r == 0 && !stopped(o))
                r = follow_round(a, input, jr, until, o, &saved, err);
        free(saved);
        return r;
}
static char *input_name(const struct coroner_journal_options *o)
{
        struct strbuf name = { 0 };
        sb_puts(&name, "journal:");
        for (size_t i = 0; i < o->n_dirs; i++)
                sb_printf(&name, "%s%s", i ? "," : "", o->dirs[i]);
        for (size_t i = 0; i < o->n_files; i++)
                sb_printf(&name, "%s%s", i || o->n_dirs ? "," : "", o->files[i]);
        if (!o->n_dirs && !o->n_files)
                sb_puts(&name, o->user ? "user" : "system");
        return sb_take(&name);
}

int coroner_analysis_read_journal(coroner_analysis *a, const struct coroner_journal_options *o,
                                  struct coroner_error *err)
{
        int64_t since = 0, until = 0, now = now_usec();
        if (o->since && coroner_parse_time(o->since, now, &since) < 0) {
                set_error(err, "--since", "cannot parse time '%s'", o->since);
                return CORONER_E_USAGE;
        }
        if (o->until && coroner_parse_time(o->until, now, &until) < 0) {
                set_error(err, "--until", "cannot parse time '%s'", o->until);
                return CORONER_E_USAGE;
        }
        char *name = input_name(o);
        int input = analysis_add_input(a, name ? name : "journal");
        free(name);
        if (input < 0)
                return input;
        struct input_info *in = &a->inputs[input];
        in->compression = "journal";
        struct journal_reader *jr = NULL;
        int r = journal_reader_open(o, since, &jr, err);
        if (r == 0)
                r = read_entries(a, input, jr, until, o, err);
        if (r == 0 && o->follow)
                r = follow(a, input, jr, until, o, err);
        in = &a->inputs[input];
        if (r == 0 && !o->follow && journal_reader_damaged(jr, o, err))
                r = CORONER_E_CORRUPT;
        if (r == 0 && !o->follow)
                in->note = journal_reader_note(jr, o);
        analysis_end_input(a, input);
        if (o->follow)
                analysis_follow_tick(a, monotonic_ms(), o->fo);
        if (jr) {
                /* Without --follow the caller stores the cursor once the report is out. */
                if (o->cursor_ret && r == 0)
                        *o->cursor_ret = journal_reader_take_cursor(jr);
                in->records = (uint64_t)journal_reader_entries(jr);
                if (o->invocation_ret)
                        journal_reader_invocation(jr, o->invocation_ret);
        } else if (o->invocation_ret) {
                o->invocation_ret[0] = '\0';
        }
        if (r < 0) {
                in->complete = false;
                const char *why = err ? err->message : coroner_strerror(r);
                in->error = strndup_safe(why, strlen(why));
        }
        journal_reader_free(jr);
        return r;
}
