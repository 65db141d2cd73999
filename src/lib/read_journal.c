/* read_journal.c — read the systemd journal itself through sd-journal.
 *
 * Piping `journalctl` text loses structure (and journalctl renders slowly);
 * here every entry arrives with its fields: the host, unit, invocation (one
 * run of the unit), pid and timestamp feed the streams and the report.
 * Filters have journalctl's names and meanings. Data returned by sd-journal
 * is valid only until the next call, so each field is copied first.
 *
 * The analysis pulls entries one by one (analysis_journal.c): the message
 * first, the other fields only for an entry the fast path keeps.
 */
#include "config.h"
#include "read.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <systemd/sd-journal.h>
#include <time.h>
#include <unistd.h>

enum { MAX_CONSECUTIVE_ERRORS = 1000, CURSOR_SAVE_EVERY = 4096, FOLLOW_WAIT_USEC = 100000 };

/* Copies field FIELD of the current entry (without "FIELD="), cut at cap. */
static bool get_field(sd_journal *j, const char *field, char *buf, size_t cap, size_t *ret_len)
{
        const void *d;
        size_t l, fl = strlen(field);
        if (sd_journal_get_data(j, field, &d, &l) < 0 || l <= fl)
                return false;
        l -= fl + 1;
        if (l > cap - 1)
                l = cap - 1;
        memcpy(buf, (const char *)d + fl + 1, l);
        buf[l] = '\0';
        *ret_len = l;
        return true;
}

/* The first of two fields that the entry has, into buf ("" if neither). */
static void get_either(sd_journal *j, const char *field, const char *fallback, char *buf, size_t cap)
{
        size_t len;
        if (!get_field(j, field, buf, cap, &len) && !(fallback && get_field(j, fallback, buf, cap, &len)))
                buf[0] = '\0';
}

bool journal_file_name(const char *name)
{
        size_t len = strlen(name);
        return (len > 8 && strcmp(name + len - 8, ".journal") == 0) ||
               (len > 9 && strcmp(name + len - 9, ".journal~") == 0);
}

/* Appends every *.journal / *.journal~ file below dir (two levels: a
 * journal directory holds one folder per machine id). */
static int collect_files(const char *dir, int depth, char ***files, size_t *n, struct coroner_error *err)
{
        DIR *d = opendir(dir);
        if (!d) {
                set_error(err, dir, "cannot open journal directory: %s", strerror(errno));
                return CORONER_E_JOURNAL;
        }
        struct dirent *e;
        while ((e = readdir(d))) {
                if (e->d_name[0] == '.')
                        continue;
                char path[4096];
                snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
                struct stat st;
                if (stat(path, &st) != 0)
                        continue;
                if (S_ISDIR(st.st_mode) && depth < 2) {
                        collect_files(path, depth + 1, files, n, NULL);
                } else if (S_ISREG(st.st_mode) && journal_file_name(e->d_name)) {
                        char **p = realloc(*files, (*n + 2) * sizeof *p);
                        if (!p)
                                break;
                        *files = p;
                        p[(*n)++] = realpath(path, NULL);
                        p[*n] = NULL;
                }
        }
        closedir(d);
        return 0;
}

static void free_files(char **files)
{
        for (size_t i = 0; files && files[i]; i++)
                free(files[i]);
        free(files);
}

/* Opens what the options name. *ret_files: the journal files found below
 * --journal-dir and given by --journal-file (NULL-terminated, for the
 * damage check), NULL for the local journal. One directory is opened as a
 * directory, so that files created later (rotation, a new host writing to
 * systemd-journal-remote) are seen by --follow, as journalctl -f -D does;
 * several directories and files are opened as the files they hold now. */
static int open_journal(const struct coroner_journal_options *o, sd_journal **ret, char ***ret_files,
                        struct coroner_error *err)
{
        *ret_files = NULL;
        if (o->n_dirs == 0 && o->n_files == 0) {
                int flags = SD_JOURNAL_LOCAL_ONLY | (o->user ? SD_JOURNAL_CURRENT_USER : SD_JOURNAL_SYSTEM);
                int r = sd_journal_open(ret, flags);
                if (r < 0) {
                        set_error(err, "journal", "cannot open the local journal: %s", strerror(-r));
                        return CORONER_E_JOURNAL;
                }
                uint64_t bytes = 0;
                if (!o->follow && sd_journal_get_usage(*ret, &bytes) >= 0 && bytes == 0) {
                        set_error(err, "journal", "%s",
                                  "no journal files in /var/log/journal or /run/log/journal (no journald here, "
                                  "as in most containers?): pipe journalctl's output from where the journal is "
                                  "(journalctl -u UNIT | coroner), or name it with --journal-dir or --journal-file");
                        return CORONER_E_JOURNAL;
                }
                return 0;
        }
        char **files = NULL;
        size_t n = 0;
        for (size_t i = 0; i < o->n_dirs; i++) {
                int r = collect_files(o->dirs[i], 0, &files, &n, err);
                if (r < 0)
                        goto fail;
        }
        for (size_t i = 0; i < o->n_files; i++) {
                if (access(o->files[i], R_OK) != 0) {
                        set_error(err, o->files[i], "cannot read journal file: %s", strerror(errno));
                        goto fail;
                }
                char **p = realloc(files, (n + 2) * sizeof *p);
                if (!p)
                        goto fail;
                files = p;
                /* Absolute: sd-journal watches the file's directory by path. */
                files[n++] = realpath(o->files[i], NULL);
                files[n] = NULL;
        }
        if (n == 0 && !(o->follow && o->n_dirs == 1)) {
                set_error(err, o->n_dirs ? o->dirs[0] : "journal", "%s",
                          "no journal files found (*.journal, *.journal~, here or one directory down)");
                goto fail;
        }
        int r = o->n_dirs == 1 && o->n_files == 0 ? sd_journal_open_directory(ret, o->dirs[0], 0)
                                                  : sd_journal_open_files(ret, (const char **)files, 0);
        if (r < 0) {
                set_error(err, "journal", "cannot open journal files: %s", strerror(-r));
                goto fail;
        }
        *ret_files = files;
        return 0;
fail:
        free_files(files);
        return CORONER_E_JOURNAL;
}

/* The entries a journal file's header says it holds: the little-endian
 * n_entries at byte 152 of the header (systemd's JOURNAL_FILE_FORMAT.md),
 * or -1 if the header is not there. */
static int64_t header_entries(const char *path)
{
        unsigned char h[160];
        int fd = open(path, O_RDONLY | O_CLOEXEC);
        if (fd < 0)
                return -1;
        ssize_t got = pread(fd, h, sizeof h, 0);
        close(fd);
        if (got != (ssize_t)sizeof h || memcmp(h, "LPKSHHRH", 8) != 0)
                return -1;
        uint64_t v = 0;
        for (int i = 7; i >= 0; i--)
                v = v << 8 | h[152 + i];
        return v > INT64_MAX ? -1 : (int64_t)v;
}

/* The sequence number of the current entry, from its cursor ("i=" in hex;
 * sd_journal_get_seqnum is newer than Debian 12's libsystemd), or 0. */
static uint64_t entry_seqnum(sd_journal *j)
{
        char *c = NULL;
        uint64_t seq = 0;
        if (sd_journal_get_cursor(j, &c) >= 0) {
                const char *i = strstr(c, ";i=");
                seq = i ? strtoull(i + 3, NULL, 16) : 0;
        }
        free(c);
        return seq;
}

/* Walks one file without filters: the number of entries it yields, and
 * (locate) the time of the entry before the largest jump in sequence
 * numbers, which is where unreadable entries were. */
static int64_t walk_file(const char *path, bool locate, uint64_t *ret_before_usec)
{
        const char *one[] = { path, NULL };
        sd_journal *j;
        if (sd_journal_open_files(&j, one, 0) < 0)
                return -1;
        int64_t got = 0;
        uint64_t prev_seq = 0, jump = 0, prev_usec = 0;
        int r;
        while ((r = sd_journal_next(j)) != 0) {
                if (r < 0)
                        continue;
                got++;
                if (!locate)
                        continue;
                uint64_t seq = entry_seqnum(j), usec = 0;
                sd_journal_get_realtime_usec(j, &usec);
                if (prev_seq && seq > prev_seq + 1 && seq - prev_seq > jump) {
                        jump = seq - prev_seq;
                        *ret_before_usec = prev_usec;
                }
                prev_seq = seq;
                prev_usec = usec;
        }
        sd_journal_close(j);
        return got;
}

/* sd-journal skips what it cannot read in a damaged file and says nothing.
 * The entries read are counted against the files' headers: after a read of
 * everything, the count is at hand (whole_read); after a filtered or
 * partial one (whole_read < 0) each file is walked once more without
 * filters. Where they fall short, err names the file, how many entries are
 * lost and after which one. Returns true if a file is damaged. */
static bool find_damage(char **files, long whole_read, struct coroner_error *err)
{
        /* A read of every entry of every file (no filter, no window)
         * already counted them: the files need a second walk only when
         * that count falls short of their headers'. */
        if (whole_read >= 0) {
                int64_t want = 0;
                for (size_t i = 0; files && files[i]; i++) {
                        int64_t in_file = header_entries(files[i]);
                        want += in_file > 0 ? in_file : 0;
                }
                if (whole_read >= want)
                        return false;
        }
        for (size_t i = 0; files && files[i]; i++) {
                int64_t want = header_entries(files[i]);
                if (want <= 0 || walk_file(files[i], false, NULL) >= want)
                        continue;
                uint64_t before_usec = 0;
                int64_t got = walk_file(files[i], true, &before_usec);
                if (got < 0 || got >= want)
                        continue;
                char when[TIME_TEXT] = "";
                if (before_usec)
                        format_time((int64_t)before_usec, when);
                set_error(err, files[i], "damaged: %lld of its %lld entries could not be read%s%s "
                          "(journalctl --verify --file names the damage)",
                          (long long)(want - got), (long long)want, when[0] ? ", after the entry of " : "", when);
                return true;
        }
        return false;
}

struct boot {
        char id[33];
        uint64_t first;
};

static int cmp_boot(const void *a, const void *b)
{
        const struct boot *x = a, *y = b;
        return x->first < y->first ? -1 : x->first > y->first;
}

/* -b: "", "0" (the last boot in the journal), "-N" (N before it), or an ID. */
static int resolve_boot(sd_journal *j, const char *spec, char ret[33], struct coroner_error *err)
{
        if (strlen(spec) == 32) {
                snprintf(ret, 33, "%s", spec);
                return 0;
        }
        long back = 0;
        if (spec[0]) {
                char *end;
                back = strtol(spec, &end, 10);
                if (*end || back > 0) {
                        set_error(err, "--boot", "'%s' is not a boot ID, 0 or -N", spec);
                        return CORONER_E_USAGE;
                }
                back = -back;
        }
        struct boot *boots = NULL;
        size_t n = 0;
        const void *d;
        size_t l;
        if (sd_journal_query_unique(j, "_BOOT_ID") < 0) {
                set_error(err, "--boot", "%s", "cannot list boots");
                return CORONER_E_JOURNAL;
        }
        char **ids = NULL;
        size_t n_ids = 0;
        SD_JOURNAL_FOREACH_UNIQUE(j, d, l) {
                if (l != 9 + 32)
                        continue;
                char **p = realloc(ids, (n_ids + 1) * sizeof *p);
                if (!p)
                        break;
                ids = p;
                ids[n_ids++] = strndup_safe((const char *)d + 9, 32);
        }
        boots = calloc(n_ids ? n_ids : 1, sizeof *boots);
        for (size_t i = 0; boots && i < n_ids; i++) {
                char m[64];
                snprintf(m, sizeof m, "_BOOT_ID=%s", ids[i]);
                sd_journal_flush_matches(j);
                sd_journal_add_match(j, m, 0);
                sd_journal_seek_head(j);
                uint64_t t = 0;
                if (sd_journal_next(j) > 0)
                        sd_journal_get_realtime_usec(j, &t);
                snprintf(boots[n].id, sizeof boots[n].id, "%s", ids[i]);
                boots[n++].first = t;
        }
        sd_journal_flush_matches(j);
        for (size_t i = 0; i < n_ids; i++)
                free(ids[i]);
        free(ids);
        if (!boots || (size_t)back >= n) {
                set_error(err, "--boot", "no boot %s in the journal (%zu boots)", spec[0] ? spec : "0", n);
                free(boots);
                return CORONER_E_USAGE;
        }
        qsort(boots, n, sizeof *boots, cmp_boot);
        snprintf(ret, 33, "%s", boots[n - 1 - (size_t)back].id);
        free(boots);
        return 0;
}

/* Expands a unit name or glob against the journal's _SYSTEMD_UNIT values. */
static void unit_names(sd_journal *j, const char *pattern, char ***names, size_t *n)
{
        char want[256];
        bool glob = strpbrk(pattern, "*?[") != NULL;
        /* journalctl -u foo means foo.service */
        snprintf(want, sizeof want, "%s%s", pattern,
                 (!glob && !strchr(pattern, '.')) ? ".service" : "");
        if (!glob) {
                char **p = realloc(*names, (*n + 1) * sizeof *p);
                if (p) {
                        *names = p;
                        p[(*n)++] = strndup_safe(want, strlen(want));
                }
                return;
        }
        const void *d;
        size_t l;
        if (sd_journal_query_unique(j, "_SYSTEMD_UNIT") < 0)
                return;
        SD_JOURNAL_FOREACH_UNIQUE(j, d, l) {
                char v[256];
                if (l <= 14 || l - 14 >= sizeof v)
                        continue;
                memcpy(v, (const char *)d + 14, l - 14);
                v[l - 14] = '\0';
                if (fnmatch(want, v, 0) == 0) {
                        char **p = realloc(*names, (*n + 1) * sizeof *p);
                        if (!p)
                                return;
                        *names = p;
                        p[(*n)++] = strndup_safe(v, strlen(v));
                }
        }
}

/* Terms every entry must satisfy (ANDed into each unit disjunct). */
static int add_common_matches(sd_journal *j, const struct coroner_journal_options *o, const char *boot)
{
        char m[512];
        int r = 0;
        if (boot) {
                snprintf(m, sizeof m, "_BOOT_ID=%s", boot);
                r = sd_journal_add_match(j, m, 0);
        }
        for (int p = 0; r >= 0 && o->max_priority >= 0 && p <= o->max_priority; p++) {
                snprintf(m, sizeof m, "PRIORITY=%d", p);
                r = sd_journal_add_match(j, m, 0);
        }
        for (size_t i = 0; r >= 0 && i < o->n_identifiers; i++) {
                snprintf(m, sizeof m, "SYSLOG_IDENTIFIER=%s", o->identifiers[i]);
                r = sd_journal_add_match(j, m, 0);
        }
        for (size_t i = 0; r >= 0 && i < o->n_matches; i++)
                r = sd_journal_add_match(j, o->matches[i], 0);
        return r;
}

static int add_filters(sd_journal *j, const struct coroner_journal_options *o, struct coroner_error *err)
{
        char boot[33] = "";
        int r;
        if (o->boot && (r = resolve_boot(j, o->boot, boot, err)) < 0)
                return r;
        for (size_t i = 0; i < o->n_matches; i++)
                if (!strchr(o->matches[i], '=') || o->matches[i][0] == '=') {
                        set_error(err, o->matches[i], "%s", "a match is FIELD=VALUE");
                        return CORONER_E_USAGE;
                }
        const char *b = boot[0] ? boot : NULL;
        if (o->n_units == 0) {
                r = add_common_matches(j, o, b);
                goto done;
        }
        char **names = NULL;
        size_t n = 0;
        for (size_t i = 0; i < o->n_units; i++)
                unit_names(j, o->units[i], &names, &n);
        r = 0;
        /* Messages of the unit's processes, systemd's messages about the
         * unit (exit status, restarts), and the kernel's (OOM killer, Xid),
         * which explain deaths the unit's own output cannot. */
        static const char *const unit_fields[] = { "_SYSTEMD_UNIT", "UNIT", "COREDUMP_UNIT" };
        for (size_t i = 0; i < n && r >= 0; i++)
                for (size_t f = 0; f < 3 && r >= 0; f++) {
                        char m[512];
                        snprintf(m, sizeof m, "%s=%s", unit_fields[f], names[i]);
                        if ((r = sd_journal_add_match(j, m, 0)) >= 0 && (r = add_common_matches(j, o, b)) >= 0)
                                r = sd_journal_add_disjunction(j);
                }
        if (r >= 0 && (r = sd_journal_add_match(j, "_TRANSPORT=kernel", 0)) >= 0 &&
            (r = add_common_matches(j, o, b)) >= 0)
                r = sd_journal_add_disjunction(j);
        for (size_t i = 0; i < n; i++)
                free(names[i]);
        free(names);
done:
        if (r < 0) {
                set_error(err, "journal", "cannot add a filter: %s", strerror(-r));
                return CORONER_E_USAGE;
        }
        return 0;
}

static char *read_cursor_file(const char *path)
{
        FILE *f = fopen(path, "r");
        if (!f)
                return NULL;
        char buf[1024];
        size_t n = fread(buf, 1, sizeof buf - 1, f);
        fclose(f);
        while (n && (buf[n - 1] == '\n' || buf[n - 1] == ' '))
                n--;
        return n ? strndup_safe(buf, n) : NULL;
}

int coroner_cursor_save(const char *path, const char *cursor, struct coroner_error *err)
{
        /* A new file beside it, on disk before it replaces the old one: a
         * crash leaves the old cursor or the new one, never half of one. */
        char tmp[4200];
        snprintf(tmp, sizeof tmp, "%s.tmp", path);
        FILE *f = fopen(tmp, "w");
        bool ok = f && fprintf(f, "%s\n", cursor) >= 0 && fflush(f) == 0 && fsync(fileno(f)) == 0;
        if (f && fclose(f) != 0)
                ok = false;
        if (!ok || rename(tmp, path) != 0) {
                set_error(err, path, "cannot store the cursor: %s", strerror(errno));
                unlink(tmp);
                return CORONER_E_IO;
        }
        return 0;
}

struct journal_reader {
        sd_journal *j;
        char **files;  /* the files opened by name (find_damage), or NULL */
        long entries;
        long unremembered;  /* entries read since the cursor was last taken */
        char *msg;     /* LIMIT_LINE_BYTES + 1 */
        char *line;    /* the entry rendered as evidence text */
        char *cursor;  /* of the last entry read */
        bool unit_seen;  /* -u: an entry of the units came (not only the kernel's) */
        bool resumed;    /* started from a cursor file's cursor */
        const struct coroner_follow_options *fo;
        /* --invocation: the one read ("" until "next" finds it), and for
         * "next" the one that was current before. */
        bool one_invocation;
        char invocation[33], before[33];
};

/* The invocation the current entry belongs to: the unit's own lines carry
 * _SYSTEMD_INVOCATION_ID, systemd's messages about the unit INVOCATION_ID. */
static void entry_invocation(sd_journal *j, char id[33])
{
        get_either(j, "_SYSTEMD_INVOCATION_ID", "INVOCATION_ID", id, 33);
}

static bool entry_is_kernel(sd_journal *j)
{
        char transport[16];
        size_t len;
        return get_field(j, "_TRANSPORT", transport, sizeof transport, &len) && strcmp(transport, "kernel") == 0;
}

/* --invocation: does the current entry belong to the invocation read? The
 * kernel's lines do once it has begun. "next" takes the first invocation
 * other than the one current when reading began. */
static bool in_invocation(struct journal_reader *jr)
{
        char id[33];
        entry_invocation(jr->j, id);
        if (!id[0])
                return jr->invocation[0] && entry_is_kernel(jr->j);
        if (!jr->invocation[0] && strcmp(id, jr->before) != 0)
                memcpy(jr->invocation, id, sizeof id);
        return strcmp(id, jr->invocation) == 0;
}

/* Hands the current entry to fo->on_entry (coroner watch). */
static void announce_entry(struct journal_reader *jr, size_t msg_len)
{
        sd_journal *j = jr->j;
        char unit[256], invocation[33], message_id[33], result[64], status[16], pid[24];
        size_t len;
        get_either(j, "_SYSTEMD_UNIT", "UNIT", unit, sizeof unit);
        get_either(j, "UNIT", NULL, result, sizeof result);
        get_either(j, "_PID", NULL, pid, sizeof pid);
        bool from_systemd = strcmp(pid, "1") == 0;
        if (from_systemd && result[0])
                memcpy(unit, result, sizeof result);  /* systemd's message about a unit */
        entry_invocation(j, invocation);
        get_either(j, "MESSAGE_ID", NULL, message_id, sizeof message_id);
        get_either(j, "UNIT_RESULT", NULL, result, sizeof result);
        uint64_t usec = 0;
        sd_journal_get_realtime_usec(j, &usec);
        struct coroner_entry e = {
                .message = jr->msg, .len = msg_len, .unit = unit, .invocation = invocation,
                .message_id = message_id, .unit_result = result,
                .exit_status = get_field(j, "EXIT_STATUS", status, sizeof status, &len) ? atoi(status) : -1,
                .from_systemd = from_systemd, .kernel = entry_is_kernel(j), .time_usec = (int64_t)usec,
        };
        jr->fo->on_entry(jr->fo->ctx, &e);
}

/* --invocation: the unit's latest invocation before the time UNTIL (0:
 * the journal's end) into ID, and with RET_START the time of its first
 * entry. The journal is read backwards, over that invocation only; with
 * no RET_START it stops at the invocation's last entry (a long-running
 * service's thousands of lines are not walked to learn its ID). */
static void find_last_invocation(struct journal_reader *jr, uint64_t until, char id[33], uint64_t *ret_start)
{
        id[0] = '\0';
        if (ret_start)
                *ret_start = 0;
        if (until)
                sd_journal_seek_realtime_usec(jr->j, until);
        else
                sd_journal_seek_tail(jr->j);
        while (sd_journal_previous(jr->j) > 0) {
                char here[33];
                entry_invocation(jr->j, here);
                if (!here[0])
                        continue;
                if (!id[0])
                        memcpy(id, here, sizeof here);
                else if (strcmp(here, id) != 0)
                        break;
                if (!ret_start)
                        break;
                sd_journal_get_realtime_usec(jr->j, ret_start);
        }
}

/* --invocation: stand before the first entry of the invocation to read
 * ("last", "next" or an ID; read_available steps forward first). "Next"
 * counts from NEXT_AFTER, the command's start, not from when the journal
 * is opened: an invocation that began while coroner loaded its signatures
 * is the one the user is waiting for. */
static void seek_invocation(struct journal_reader *jr, const char *which, int64_t next_after)
{
        if (strcmp(which, "next") == 0) {
                find_last_invocation(jr, (uint64_t)next_after, jr->before, NULL);
                jr->invocation[0] = '\0';
                if (next_after) {
                        sd_journal_seek_realtime_usec(jr->j, (uint64_t)next_after);
                } else {
                        sd_journal_seek_tail(jr->j);
                        sd_journal_previous(jr->j);
                }
        } else if (strcmp(which, "last") == 0) {
                uint64_t start;
                find_last_invocation(jr, 0, jr->invocation, &start);
                sd_journal_seek_realtime_usec(jr->j, start);
        } else {
                snprintf(jr->invocation, sizeof jr->invocation, "%s", which);
                sd_journal_seek_head(jr->j);
        }
}

/* Whether the current entry is one to read: counts it, and tells the
 * caller's on_entry (coroner watch). False for another invocation's. */
static bool take_entry(struct journal_reader *jr, struct journal_entry *e)
{
        sd_journal *j = jr->j;
        jr->entries++;
        if (!jr->unit_seen) {
                /* -u also reads the kernel's lines; whether the unit itself
                 * wrote anything is asked until it has. */
                jr->unit_seen = !entry_is_kernel(j);
        }
        if (jr->one_invocation && !in_invocation(jr)) {
                jr->entries--;  /* another invocation's: as if filtered out */
                return false;
        }
        /* Only the message: journal_reader_fields fills the rest, for the
         * entries the fast path keeps. */
        if (!get_field(j, "MESSAGE", jr->msg, LIMIT_LINE_BYTES + 1, &e->msg_len))
                return false;
        e->msg = jr->msg;
        if (jr->fo && jr->fo->on_entry)
                announce_entry(jr, e->msg_len);
        return true;
}

void journal_reader_fields(struct journal_reader *jr, struct journal_entry *e)
{
        sd_journal *j = jr->j;
        char pid[24];
        get_either(j, "_HOSTNAME", NULL, e->host, sizeof e->host);
        get_either(j, "SYSLOG_IDENTIFIER", "_COMM", e->ident, sizeof e->ident);
        get_either(j, "_PID", "SYSLOG_PID", pid, sizeof pid);
        get_either(j, "_SYSTEMD_UNIT", "UNIT", e->unit, sizeof e->unit);
        get_either(j, "_SYSTEMD_INVOCATION_ID", "INVOCATION_ID", e->invocation, sizeof e->invocation);
        e->pid = atol(pid);
        uint64_t usec = 0;
        sd_journal_get_realtime_usec(j, &usec);
        e->time_usec = (int64_t)usec;
        /* The evidence shows the entry as journalctl -o short-iso would. */
        char when[TIME_TEXT];
        format_time(e->time_usec, when);
        int n = snprintf(jr->line, 512, "%s %s %s[%ld]: ", when, e->host[0] ? e->host : "-",
                         e->ident[0] ? e->ident : "-", e->pid);
        size_t head = n > 0 && n < 512 ? (size_t)n : 0;
        size_t copy = e->msg_len < LIMIT_LINE_BYTES - head ? e->msg_len : LIMIT_LINE_BYTES - head;
        memcpy(jr->line + head, jr->msg, copy);
        e->line = jr->line;
        e->line_len = head + copy;
}

static void remember_cursor(struct journal_reader *jr)
{
        char *c = NULL;
        if (sd_journal_get_cursor(jr->j, &c) >= 0) {
                free(jr->cursor);
                jr->cursor = c;
        }
}

int journal_reader_next(struct journal_reader *jr, int64_t until, struct journal_entry *e, struct coroner_error *err)
{
        int errors = 0;
        for (;;) {
                int r = sd_journal_next(jr->j);
                if (r == 0)
                        break;
                if (r < 0) {
                        /* A corrupt region: sd-journal skips what it can. */
                        if (++errors > MAX_CONSECUTIVE_ERRORS) {
                                set_error(err, "journal", "too many read errors, last: %s", strerror(-r));
                                return CORONER_E_JOURNAL;
                        }
                        continue;
                }
                errors = 0;
                if (until) {
                        uint64_t t;
                        if (sd_journal_get_realtime_usec(jr->j, &t) >= 0 && (int64_t)t > until) {
                                /* not read: the cursor stays on the last entry that was */
                                sd_journal_previous(jr->j);
                                break;
                        }
                }
                if (++jr->unremembered % CURSOR_SAVE_EVERY == 0)
                        remember_cursor(jr);
                if (take_entry(jr, e))
                        return 1;
        }
        if (jr->unremembered) {
                remember_cursor(jr);
                jr->unremembered = 0;
        }
        return 0;
}

/* Like journalctl's "-- No entries --", with the filters that left nothing,
 * and for -u the units the journal does have of a similar name. */
static char *no_entries_note(struct journal_reader *jr, const struct coroner_journal_options *o)
{
        struct strbuf sb = { 0 };
        sb_puts(&sb, jr->entries ? "-- No entries of the unit -- (only the kernel's lines)" : "-- No entries --");
        for (size_t i = 0; i < o->n_units; i++)
                sb_printf(&sb, " -u %s", o->units[i]);
        if (o->boot)
                sb_printf(&sb, " -b %s", o->boot[0] ? o->boot : "0");
        if (o->since)
                sb_printf(&sb, " --since '%s'", o->since);
        if (o->until)
                sb_printf(&sb, " --until '%s'", o->until);
        if (o->max_priority >= 0)
                sb_printf(&sb, " -p %d", o->max_priority);
        for (size_t i = 0; i < o->n_identifiers; i++)
                sb_printf(&sb, " --identifier %s", o->identifiers[i]);
        for (size_t i = 0; i < o->n_matches; i++)
                sb_printf(&sb, " %s", o->matches[i]);
        /* The first unit's name up to its suffix or glob: "k26" of "k26.service". */
        const char *stem = o->n_units ? o->units[0] : "";
        size_t stem_len = strcspn(stem, ".*?["), similar = 0;
        const void *d;
        size_t l;
        if (stem_len && sd_journal_query_unique(jr->j, "_SYSTEMD_UNIT") >= 0) {
                SD_JOURNAL_FOREACH_UNIQUE(jr->j, d, l) {
                        if (l <= 14 || similar == 5)
                                continue;
                        const char *v = (const char *)d + 14;  /* after "_SYSTEMD_UNIT=" */
                        size_t vl = l - 14;
                        bool same = vl >= stem_len && strncmp(v, stem, stem_len) == 0 &&
                                    (vl == stem_len || v[stem_len] == '.');
                        if (!same && memmem(v, vl, stem, stem_len))
                                sb_printf(&sb, "%s%.*s", similar++ ? ", " : "; units of a similar name: ", (int)vl, v);
                }
        }
        return sb.data;
}

void journal_reader_free(struct journal_reader *jr)
{
        if (!jr)
                return;
        if (jr->j)
                sd_journal_close(jr->j);
        free_files(jr->files);
        free(jr->cursor);
        free(jr->msg);
        free(jr->line);
        free(jr);
}

/* Stand before the first entry to read (journal_reader_next steps
 * forward first): --invocation's, the cursor file's, --since, the last ten
 * for --follow as journalctl -f shows them, else the head. */
static int seek_start(struct journal_reader *jr, const struct coroner_journal_options *o, int64_t since,
                      struct coroner_error *err)
{
        char *cursor = NULL;
        if (o->cursor_file && access(o->cursor_file, F_OK) == 0) {
                /* A cursor file that holds no cursor is an error, not a reason
                 * to read the whole journal again. */
                cursor = read_cursor_file(o->cursor_file);
                if (!cursor || !strstr(cursor, "s=") || !strstr(cursor, ";i=") ||
                    sd_journal_seek_cursor(jr->j, cursor) < 0) {
                        set_error(err, o->cursor_file, "%s", "does not hold a journal cursor (remove it to start over)");
                        free(cursor);
                        return CORONER_E_USAGE;
                }
        }
        if (o->invocation && o->n_units != 1) {
                set_error(err, "--invocation", "%s", "needs exactly one unit (-u UNIT)");
                free(cursor);
                return CORONER_E_USAGE;
        }
        if (o->invocation) {
                seek_invocation(jr, o->invocation, o->next_after_usec);
        } else if (cursor) {
                jr->resumed = true;
                if (sd_journal_next(jr->j) > 0 && sd_journal_test_cursor(jr->j, cursor) <= 0)
                        sd_journal_previous(jr->j);  /* cursor entry gone: start here */
        } else if (since) {
                sd_journal_seek_realtime_usec(jr->j, (uint64_t)since);
        } else if (o->follow && !o->boot) {
                /* Like journalctl -f: the last ten entries, then new ones. */
                sd_journal_seek_tail(jr->j);
                if (sd_journal_previous_skip(jr->j, 11) < 11)
                        sd_journal_seek_head(jr->j);
        } else {
                sd_journal_seek_head(jr->j);
        }
        free(cursor);
        return 0;
}

int journal_reader_open(const struct coroner_journal_options *o, int64_t since, struct journal_reader **ret,
                        struct coroner_error *err)
{
        struct journal_reader *jr = xmalloc_or_null(sizeof *jr);
        if (!jr)
                return CORONER_E_NOMEM;
        jr->unit_seen = o->n_units == 0;
        jr->fo = o->fo;
        jr->one_invocation = o->invocation != NULL;
        jr->msg = malloc(LIMIT_LINE_BYTES + 1);
        jr->line = malloc(LIMIT_LINE_BYTES + 512);
        int r = jr->msg && jr->line ? 0 : CORONER_E_NOMEM;
        if (r == 0)
                r = open_journal(o, &jr->j, &jr->files, err);
        if (r == 0) {
                sd_journal_set_data_threshold(jr->j, LIMIT_LINE_BYTES);
                r = add_filters(jr->j, o, err);
        }
        if (r == 0)
                r = seek_start(jr, o, since, err);
        if (r < 0) {
                journal_reader_free(jr);
                return r;
        }
        *ret = jr;
        return 0;
}

int journal_reader_wait(struct journal_reader *jr, struct coroner_error *err)
{
        for (;;) {
                int w = sd_journal_wait(jr->j, FOLLOW_WAIT_USEC);
                if (w == -EINTR)
                        continue;
                if (w < 0) {
                        set_error(err, "journal", "waiting for entries failed: %s", strerror(-w));
                        return CORONER_E_JOURNAL;
                }
                return 0;
        }
}

long journal_reader_entries(const struct journal_reader *jr) { return jr->entries; }

const char *journal_reader_cursor(const struct journal_reader *jr) { return jr->cursor; }

char *journal_reader_take_cursor(struct journal_reader *jr)
{
        char *c = jr->cursor;
        jr->cursor = NULL;
        return c;
}

void journal_reader_invocation(const struct journal_reader *jr, char out[33])
{
        memcpy(out, jr->invocation, 33);
}

char *journal_reader_note(struct journal_reader *jr, const struct coroner_journal_options *o)
{
        return jr->entries == 0 || !jr->unit_seen ? no_entries_note(jr, o) : NULL;
}

bool journal_reader_damaged(struct journal_reader *jr, const struct coroner_journal_options *o,
                            struct coroner_error *err)
{
        /* Read without filters, every entry the headers count was seen. */
        bool whole = !o->n_units && !o->boot && o->max_priority < 0 && !o->n_identifiers && !o->n_matches &&
                     !o->since && !o->until && !jr->resumed;
        return find_damage(jr->files, whole ? jr->entries : -1, err);
}
