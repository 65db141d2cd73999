/* postmortem_cmd.c — the post-mortem of every failure, as systemd-coredump
 * keeps every core: `coroner postmortem UNIT` (run by
 * coroner-postmortem@.service from a unit's OnFailure=), and `coroner list`
 * and `coroner show` to read the stored reports again.
 *
 * A post-mortem diagnoses exactly the unit's last invocation (with the
 * kernel's lines of that time), stores the report in the reports
 * directory in the three formats (named TIME~UNIT~INVOCATION.{json,txt,md},
 * TIME in UTC to the millisecond,
 * so that names sort oldest first), keeps that directory within a count
 * and a size by removing the oldest, and logs one journal entry with the
 * top diagnosis in fields of its own (MESSAGE_ID below), so that the
 * diagnosis travels with the fleet's log shipping.
 */
#include "config.h"
#include "cli.h"

#include <cjson/cJSON.h>
#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <systemd/sd-journal.h>
#include <time.h>
#include <unistd.h>

/* The post-mortem's journal entries: journalctl MESSAGE_ID=... finds them all. */
#define POSTMORTEM_MESSAGE_ID "4dd595d24ccc46018b11ae40975d007e"

enum { DEFAULT_KEEP = 100 };
static const long long DEFAULT_MAX_BYTES = 256LL << 20;

static const char *reports_dir(const char *given)
{
        const char *env = getenv("CORONER_REPORTS_DIR");
        return given ? given : env && *env ? env : CORONER_REPORTS_DIR;
}

/* Writes text to dir/name through a temporary file renamed over it. */
static int store(const char *dir, const char *name, const char *text)
{
        char path[4096], tmp[4200];
        snprintf(path, sizeof path, "%s/%s", dir, name);
        snprintf(tmp, sizeof tmp, "%s/.%s.tmp", dir, name);
        FILE *f = fopen(tmp, "w");
        bool ok = f && fputs(text, f) >= 0 && fflush(f) == 0 && fsync(fileno(f)) == 0;
        if (f && fclose(f) != 0)
                ok = false;
        if (!ok || rename(tmp, path) != 0) {
                fprintf(stderr, "coroner: %s: %s\n", path, strerror(errno));
                unlink(tmp);
                return -1;
        }
        return 0;
}

struct stored {
        char base[512];   /* TIME~UNIT~INVOCATION */
        long long bytes;  /* of its three files */
};

static int cmp_stored(const void *a, const void *b)
{
        return strcmp(((const struct stored *)a)->base, ((const struct stored *)b)->base);
}

/* The stored reports, oldest first (a name begins with its time). */
static struct stored *list_stored(const char *dir, size_t *ret_n)
{
        *ret_n = 0;
        DIR *d = opendir(dir);
        if (!d)
                return NULL;
        struct stored *items = NULL;
        size_t n = 0, cap = 0;
        struct dirent *e;
        while ((e = readdir(d))) {
                size_t len = strlen(e->d_name);
                if (e->d_name[0] == '.' || len < 6 || len >= 512 || strcmp(e->d_name + len - 5, ".json") != 0 ||
                    !strchr(e->d_name, '~'))
                        continue;
                if (n == cap) {
                        struct stored *more = realloc(items, (cap = cap ? 2 * cap : 64) * sizeof *items);
                        if (!more)
                                break;
                        items = more;
                }
                snprintf(items[n].base, sizeof items[n].base, "%.*s", (int)(len - 5), e->d_name);
                items[n].bytes = 0;
                static const char *const exts[] = { ".json", ".txt", ".md" };
                for (int k = 0; k < 3; k++) {
                        char path[4200];
                        struct stat st;
                        snprintf(path, sizeof path, "%s/%s%s", dir, items[n].base, exts[k]);
                        if (stat(path, &st) == 0)
                                items[n].bytes += st.st_size;
                }
                n++;
        }
        closedir(d);
        if (items)
                qsort(items, n, sizeof *items, cmp_stored);
        *ret_n = n;
        return items;
}

/* Oldest first, until at most keep reports of at most max_bytes remain. */
static void prune(const char *dir, size_t keep, long long max_bytes)
{
        size_t n;
        struct stored *items = list_stored(dir, &n);
        long long total = 0;
        for (size_t i = 0; i < n; i++)
                total += items[i].bytes;
        for (size_t i = 0; i < n && (n - i > keep || total > max_bytes) && n - i > 1; i++) {
                static const char *const exts[] = { ".json", ".txt", ".md" };
                for (int k = 0; k < 3; k++) {
                        char path[4200];
                        snprintf(path, sizeof path, "%s/%s%s", dir, items[i].base, exts[k]);
                        unlink(path);
                }
                total -= items[i].bytes;
        }
        free(items);
}

/* One field in the journal export format (systemd's JOURNAL_EXPORT_FORMATS):
 * a value with a newline is written as its length and bytes. */
static void export_field(FILE *f, const char *name, const char *value)
{
        size_t len = strlen(value);
        if (!strchr(value, '\n')) {
                fprintf(f, "%s=%s\n", name, value);
                return;
        }
        unsigned char le[8];
        for (int i = 0; i < 8; i++)
                le[i] = (unsigned char)((uint64_t)len >> (8 * i));
        fprintf(f, "%s\n", name);
        fwrite(le, 1, 8, f);
        fwrite(value, 1, len, f);
        fputc('\n', f);
}

struct summary_fields {
        const char *names[12];
        char values[12][6000];
        int n;
};

static void add_field(struct summary_fields *s, const char *name, const char *value)
{
        s->names[s->n] = name;
        snprintf(s->values[s->n], sizeof s->values[s->n], "%s", value ? value : "");
        s->n++;
}

/* The summary entry: to the journal, or appended to export_path. */
static int log_summary(const struct summary_fields *s, const char *export_path)
{
        if (export_path) {
                FILE *f = fopen(export_path, "a");
                if (!f) {
                        fprintf(stderr, "coroner: %s: %s\n", export_path, strerror(errno));
                        return -1;
                }
                struct timespec ts;
                clock_gettime(CLOCK_REALTIME, &ts);
                char now[32];
                snprintf(now, sizeof now, "%lld", (long long)ts.tv_sec * 1000000 + ts.tv_nsec / 1000);
                export_field(f, "__REALTIME_TIMESTAMP", now);
                for (int i = 0; i < s->n; i++)
                        export_field(f, s->names[i], s->values[i]);
                fputc('\n', f);
                return fclose(f) == 0 ? 0 : -1;
        }
        struct iovec iov[12];
        char *lines[12];
        int n = 0;
        for (int i = 0; i < s->n; i++) {
                if (asprintf(&lines[n], "%s=%s", s->names[i], s->values[i]) < 0)
                        break;
                iov[n] = (struct iovec){ .iov_base = lines[n], .iov_len = strlen(lines[n]) };
                n++;
        }
        int r = sd_journal_sendv(iov, n);
        for (int i = 0; i < n; i++)
                free(lines[i]);
        if (r < 0)
                fprintf(stderr, "coroner: cannot log to the journal: %s\n", strerror(-r));
        return r < 0 ? -1 : 0;
}

static const char *json_str(const cJSON *o, const char *key)
{
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
        return cJSON_IsString(v) ? v->valuestring : NULL;
}

static void postmortem_usage(FILE *f)
{
        fprintf(f,
                "Usage: coroner postmortem [OPTIONS] UNIT\n"
                "Diagnoses the unit's last invocation (with the kernel's lines of that time),\n"
                "stores the report in the reports directory (JSON, text and Markdown) and logs\n"
                "a summary entry to the journal (MESSAGE_ID=" POSTMORTEM_MESSAGE_ID ") with the\n"
                "fields CORONER_ID, CORONER_CATEGORY, CORONER_SEVERITY, CORONER_FINGERPRINT,\n"
                "CORONER_UNIT, CORONER_INVOCATION and CORONER_REPORT. Run by\n"
                "coroner-postmortem@.service: add OnFailure=coroner-postmortem@%%n.service to a unit.\n\n"
                "Options:\n"
                "      --invocation ID      that invocation instead of the last\n"
                "      --reports-dir DIR    where reports go (default %s, or $CORONER_REPORTS_DIR)\n"
                "      --keep N             keep at most N reports (default %d), oldest removed first\n"
                "      --max-size BYTES     and at most this many bytes (default 256M; K, M, G)\n"
                "      --journal-dir DIR    read the journal files in DIR instead of the system's\n"
                "      --journal-file FILE  read FILE (repeatable)\n"
                "      --log-export FILE    append the summary entry to FILE in the journal export\n"
                "                           format instead of logging it (systemd-journal-remote\n"
                "                           reads it)\n"
                "  -s, --signatures DIR     more signatures (as for coroner)\n",
                CORONER_REPORTS_DIR, DEFAULT_KEEP);
}

static long long parse_size(const char *s)
{
        char *end;
        double v = strtod(s, &end);
        double mul = *end == 'K' ? 1024.0 : *end == 'M' ? 1048576.0 : *end == 'G' ? 1073741824.0 : 1.0;
        if (end == s || v < 0 || (*end && end[1] && strcmp(end + 1, "iB") != 0 && strcmp(end + 1, "B") != 0))
                return -1;
        return (long long)(v * mul);
}

int postmortem_command(int argc, char **argv)
{
        static const struct option longopts[] = {
                { "invocation", required_argument, NULL, 'I' },  { "reports-dir", required_argument, NULL, 'O' },
                { "keep", required_argument, NULL, 'K' },        { "max-size", required_argument, NULL, 'M' },
                { "journal-dir", required_argument, NULL, 'D' }, { "journal-file", required_argument, NULL, 'F' },
                { "log-export", required_argument, NULL, 'L' },  { "signatures", required_argument, NULL, 's' },
                { "help", no_argument, NULL, 'h' },              { NULL, 0, NULL, 0 },
        };
        const char **dirs = calloc((size_t)argc + 1, sizeof *dirs), **files = calloc((size_t)argc + 1, sizeof *files);
        char **sig_dirs = calloc((size_t)argc + 1, sizeof *sig_dirs);
        struct coroner_journal_options jo = { .dirs = dirs, .files = files, .max_priority = -1, .invocation = "last" };
        const char *out_dir = NULL, *export_path = NULL;
        size_t n_sig_dirs = 0, keep = DEFAULT_KEEP;
        long long max_bytes = DEFAULT_MAX_BYTES;
        int c, status = 2;
        optind = 1;
        while ((c = getopt_long(argc, argv, "s:h", longopts, NULL)) != -1) {
                switch (c) {
                case 'I': jo.invocation = optarg; break;
                case 'O': out_dir = optarg; break;
                case 'K': keep = (size_t)strtoul(optarg, NULL, 10); break;
                case 'M':
                        if ((max_bytes = parse_size(optarg)) < 0) {
                                fprintf(stderr, "coroner: postmortem: not a size: '%s'\n", optarg);
                                goto out;
                        }
                        break;
                case 'D': dirs[jo.n_dirs++] = optarg; break;
                case 'F': files[jo.n_files++] = optarg; break;
                case 'L': export_path = optarg; break;
                case 's': sig_dirs[n_sig_dirs++] = optarg; break;
                case 'h': postmortem_usage(stdout); status = 0; goto out;
                default: postmortem_usage(stderr); goto out;
                }
        }
        if (optind != argc - 1 || !keep) {
                postmortem_usage(stderr);
                goto out;
        }
        char unit[256];
        unit_name(argv[optind], unit, sizeof unit);
        const char *units[] = { unit };
        jo.units = units;
        jo.n_units = 1;
        jo.local = !jo.n_dirs && !jo.n_files;
        out_dir = reports_dir(out_dir);

        coroner_db *db = NULL;
        coroner_analysis *a = NULL;
        char *json = NULL, *text = NULL, *markdown = NULL;
        cJSON *report = NULL;
        struct coroner_error err = { { 0 }, { 0 } };
        struct coroner_report_options ropts = { .width = 80 };
        if (coroner_db_new(&db) < 0 || load_signatures(db, sig_dirs, n_sig_dirs, true) < 0)
                goto done;
        if (coroner_analysis_new(db, NULL, &a) < 0) {
                fprintf(stderr, "coroner: out of memory\n");
                goto done;
        }
        coroner_analysis_set_command(a, argc, argv);
        char invocation[33] = "";
        jo.invocation_ret = invocation;
        if (coroner_analysis_read_journal(a, &jo, &err) < 0) {
                fprintf(stderr, "coroner: %s: %s\n", err.where, err.message);
                goto done;
        }
        coroner_analysis_finish(a);
        if (coroner_report_json(a, &json) < 0 || coroner_report_text(a, &ropts, &text) < 0 ||
            coroner_report_markdown(a, &markdown) < 0 || !(report = cJSON_Parse(json))) {
                fprintf(stderr, "coroner: out of memory\n");
                goto done;
        }
        if (!invocation[0]) {
                fprintf(stderr, "coroner: postmortem: %s has no invocation in the journal\n", unit);
                status = 1;
                goto done;
        }
        const cJSON *top = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(report, "diagnoses"), 0);
        /* Milliseconds in the name: two post-mortems of one second still sort. */
        char stamp[48], base[512], name[600], path[4700];
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        size_t len = strftime(stamp, sizeof stamp, "%Y%m%dT%H%M%S", gmtime(&ts.tv_sec));
        snprintf(stamp + len, sizeof stamp - len, ".%03ldZ", ts.tv_nsec / 1000000);
        snprintf(base, sizeof base, "%s~%s~%s", stamp, unit, invocation);
        if (mkdir(out_dir, 0755) != 0 && errno != EEXIST) {
                fprintf(stderr, "coroner: %s: %s\n", out_dir, strerror(errno));
                goto done;
        }
        snprintf(name, sizeof name, "%s.txt", base);
        if (store(out_dir, name, text) < 0)
                goto done;
        snprintf(name, sizeof name, "%s.md", base);
        if (store(out_dir, name, markdown) < 0)
                goto done;
        snprintf(name, sizeof name, "%s.json", base);  /* last: list sees only whole reports */
        if (store(out_dir, name, json) < 0)
                goto done;
        prune(out_dir, keep, max_bytes);
        char dir_abs[4096];
        snprintf(path, sizeof path, "%s/%s", realpath(out_dir, dir_abs) ? dir_abs : out_dir, name);

        struct summary_fields f = { .n = 0 };
        const char *title = top ? json_str(top, "title") : NULL;
        const char *severity = top ? json_str(top, "severity") : "info";
        char message[6000];
        snprintf(message, sizeof message, "%s failed: %s; report %s", unit,
                 title ? title : "no known failure and no error line in its log", path);
        add_field(&f, "MESSAGE", message);
        add_field(&f, "MESSAGE_ID", POSTMORTEM_MESSAGE_ID);
        add_field(&f, "PRIORITY", severity && strcmp(severity, "critical") == 0 ? "2"
                                  : severity && strcmp(severity, "error") == 0  ? "3"
                                                                                : "4");
        add_field(&f, "SYSLOG_IDENTIFIER", "coroner");
        add_field(&f, "CORONER_ID", top ? json_str(top, "id") : "none");
        add_field(&f, "CORONER_CATEGORY", top ? json_str(top, "category") : "none");
        add_field(&f, "CORONER_SEVERITY", severity);
        add_field(&f, "CORONER_FINGERPRINT", top ? json_str(top, "fingerprint") : "");
        add_field(&f, "CORONER_UNIT", unit);
        add_field(&f, "CORONER_INVOCATION", invocation);
        add_field(&f, "CORONER_REPORT", path);
        if (log_summary(&f, export_path) < 0)
                goto done;
        printf("%s\n", message);
        status = 0;
done:
        cJSON_Delete(report);
        free(json);
        free(text);
        free(markdown);
        coroner_analysis_free(a);
        coroner_db_free(db);
out:
        free(dirs);
        free(files);
        free(sig_dirs);
        return status;
}

/* ---- coroner list, coroner show ---- */

/* "20261201T213000.123Z" -> "2026-12-01 21:30:00 UTC" */
static void stamp_text(const char *base, char out[32])
{
        if (strlen(base) >= 16 && base[8] == 'T')
                snprintf(out, 32, "%.4s-%.2s-%.2s %.2s:%.2s:%.2s UTC", base, base + 4, base + 6, base + 9, base + 11,
                         base + 13);
        else
                snprintf(out, 32, "?");
}

static int list_reports(const char *dir)
{
        size_t n;
        struct stored *items = list_stored(dir, &n);
        if (!n) {
                printf("No post-mortems in %s.\n", dir);
                free(items);
                return 0;
        }
        printf("%-23s  %-24s  %-8s  %-8s  %s\n", "TIME", "UNIT", "ID", "SEVERITY", "TOP DIAGNOSIS");
        for (size_t i = 0; i < n; i++) {
                char path[4200], when[32], unit[256] = "?", id[64] = "?";
                snprintf(path, sizeof path, "%s/%s.json", dir, items[i].base);
                stamp_text(items[i].base, when);
                const char *t1 = strchr(items[i].base, '~'), *t2 = t1 ? strchr(t1 + 1, '~') : NULL;
                if (t1 && t2) {
                        snprintf(unit, sizeof unit, "%.*s", (int)(t2 - t1 - 1), t1 + 1);
                        snprintf(id, sizeof id, "%.8s", t2 + 1);
                }
                char *text = read_report_file(path);
                cJSON *report = text ? cJSON_Parse(text) : NULL;
                const cJSON *top = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(report, "diagnoses"), 0);
                const char *title = top ? json_str(top, "title") : NULL, *sev = top ? json_str(top, "severity") : NULL;
                printf("%-23s  %-24s  %-8s  %-8s  %s\n", when, unit, id, sev ? sev : "-",
                       title ? title : report ? "no known failure" : "(unreadable report)");
                cJSON_Delete(report);
                free(text);
        }
        free(items);
        return 0;
}

/* The newest report whose name holds what (an invocation ID or its prefix,
 * a unit, a whole name). */
static int show_report(const char *dir, const char *what, const char *format)
{
        size_t n;
        struct stored *items = list_stored(dir, &n);
        const char *found = NULL;
        char unit[300], full[256];
        unit_name(what, full, sizeof full);
        snprintf(unit, sizeof unit, "~%s~", full);
        for (size_t i = n; i-- > 0 && !found;) {
                const char *inv = strrchr(items[i].base, '~');
                if (strstr(items[i].base, unit) || strcmp(items[i].base, what) == 0 ||
                    (inv && strncmp(inv + 1, what, strlen(what)) == 0))
                        found = items[i].base;
        }
        if (!found) {
                fprintf(stderr, "coroner: show: no post-mortem of '%s' in %s (coroner list shows them)\n", what, dir);
                free(items);
                return 1;
        }
        char path[4200];
        snprintf(path, sizeof path, "%s/%s.%s", dir, found,
                 strcmp(format, "json") == 0 ? "json" : strcmp(format, "markdown") == 0 ? "md" : "txt");
        char *text = read_report_file(path);
        free(items);
        if (!text)
                return 1;
        fputs(text, stdout);
        free(text);
        return 0;
}

int reports_command(int argc, char **argv)
{
        static const struct option longopts[] = {
                { "reports-dir", required_argument, NULL, 'O' }, { "format", required_argument, NULL, 'f' },
                { "help", no_argument, NULL, 'h' },              { NULL, 0, NULL, 0 },
        };
        bool show = strcmp(argv[0], "show") == 0;
        const char *dir = NULL, *format = "text";
        int c;
        optind = 1;
        while ((c = getopt_long(argc, argv, "f:h", longopts, NULL)) != -1) {
                switch (c) {
                case 'O': dir = optarg; break;
                case 'f':
                        if (strcmp(optarg, "text") && strcmp(optarg, "json") && strcmp(optarg, "markdown")) {
                                fprintf(stderr, "coroner: %s: --format is text, json or markdown\n", argv[0]);
                                return 2;
                        }
                        format = optarg;
                        break;
                case 'h':
                        printf("Usage: coroner list [--reports-dir DIR]\n"
                               "       coroner show [--reports-dir DIR] [-f text|json|markdown] ID|UNIT\n"
                               "Lists the stored post-mortems (coroner postmortem), oldest first, or prints\n"
                               "one again: the newest of the unit, or the one whose invocation ID begins so.\n");
                        return 0;
                default: return 2;
                }
        }
        dir = reports_dir(dir);
        if (show && optind != argc - 1) {
                fprintf(stderr, "Usage: coroner show [--reports-dir DIR] [-f text|json|markdown] ID|UNIT\n");
                return 2;
        }
        return show ? show_report(dir, argv[optind], format) : list_reports(dir);
}
