/* main.c — the coroner command: options, inputs, output, exit status.
 *
 * Exit status: 0 the analysis ran; 1 --fail-on found a diagnosis at or above
 * the given severity; 2 usage error, unreadable signatures, or an input that
 * could not be read completely (the report is still printed).
 */
#include "config.h"
#include "watch.h"

#include <errno.h>
#include <ftw.h>
#include <getopt.h>
#include <langinfo.h>
#include <locale.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

enum format { FORMAT_TEXT, FORMAT_JSON, FORMAT_MARKDOWN };

/* Long options without a short form. */
enum {
        OPT_NO_DEFAULT_SIGNATURES = 1000, OPT_FAIL_ON, OPT_INPUT_FORMAT, OPT_COLOR, OPT_JOURNAL,
        OPT_USER, OPT_JOURNAL_DIR, OPT_JOURNAL_FILE, OPT_SINCE, OPT_UNTIL, OPT_IDENTIFIER,
        OPT_MATCH, OPT_FOLLOW, OPT_CURSOR_FILE, OPT_REFERENCE, OPT_NO_SIGNATURES, OPT_TIMEZONE,
        OPT_ALL, OPT_NO_PAGER, OPT_SETTLE, OPT_INTERVAL, OPT_REDACT,
};

static void usage(FILE *f)
{
        fprintf(f,
                "Usage: coroner [OPTIONS] [FILE...]\n"
                "       coroner signatures list|show ID|check|test FILE [OPTIONS]\n"
                "       coroner merge REPORT.json...   (the reports of several hosts as one)\n"
                "       coroner run [OPTIONS] -- COMMAND...   (watch a start-up until ready or failed)\n"
                "       coroner watch [OPTIONS] UNIT          (the same for a systemd unit)\n"
                "       coroner postmortem UNIT | list | show ID|UNIT   (a report of every failure)\n"
                "\n"
                "Reads logs of ML services (journalctl output, syslog, application output;\n"
                "plain, zstd, gzip or xz), reassembles tracebacks and error lines, and prints\n"
                "ranked diagnoses with fixes. With no FILE, or FILE '-', reads standard input.\n"
                "\n"
                "  -f, --format FORMAT      text (default), json or markdown\n"
                "  -s, --signatures DIR     also load signatures from DIR (repeatable)\n"
                "      --no-default-signatures  load only the --signatures directories\n"
                "      --no-signatures      no signature files: the knowledge tables, blame and\n"
                "                           error lines alone (how coroner does on failures\n"
                "                           nobody wrote a signature for)\n"
                "      --fail-on SEVERITY   exit 1 if a diagnosis of SEVERITY or worse is found\n"
                "                           (info, warning, error, critical)\n"
                "      --input-format SHAPE force a line shape: auto, bare, short, short-precise,\n"
                "                           short-iso, short-iso-precise, short-full, with-unit,\n"
                "                           short-unix, short-monotonic (json, export, CRI and\n"
                "                           docker lines are recognised from an input's first line)\n"
                "      --redact WHAT        also replace, by stable pseudonyms (host-1, user-2):\n"
                "                           hosts, ips, users, paths, emails, or all (comma-\n"
                "                           separated); secrets (tokens, keys, passwords) are\n"
                "                           always replaced\n"
                "  -v, --verbose            text: show every diagnosis in full\n"
                "      --all                text: list every other diagnosis (not the first 10)\n"
                "      --no-pager           do not page the report on a terminal ($CORONER_PAGER,\n"
                "                           $PAGER, else less -FRX)\n"
                "  -j, --jobs N             read N input files at once (default: the number of cores)\n"
                "  -r, --recursive          accepted for habit: a directory FILE is always read\n"
                "                           whole, every regular file below it, compressed or\n"
                "                           not, oldest first, binary files skipped with a note.\n"
                "                           Tar and zip bundles (any compression) are read\n"
                "                           member by member\n"
                "      --reference-matcher  no pre-filter: decode every line, try every signature\n"
                "                           (slow; for testing the fast path)\n"
                "\n"
                "The journal itself (instead of, or besides, FILEs):\n"
                "      --journal            the local system journal (--user: the user journal)\n"
                "      --journal-dir DIR    journal files under DIR (repeatable)\n"
                "      --journal-file FILE  a journal file, also *.journal~ (repeatable)\n"
                "  -u, --unit UNIT          only this unit (glob; repeatable); adds systemd's and\n"
                "                           the kernel's messages, which explain unit deaths\n"
                "      --since TIME, --until TIME   only lines written in this window, in the journal\n"
                "                           and in files (systemd.time(7): 21:40, yesterday, -2h,\n"
                "                           2026-11-29 21:40:13 UTC, a report's first_seen)\n"
                "  -b, --boot[=ID|-N]       only this boot (default: the last one in the journal)\n"
                "  -p, --priority PRIO      only entries of PRIO or more important (err, 3, ...)\n"
                "      --identifier ID      only this SYSLOG_IDENTIFIER (repeatable)\n"
                "      --match FIELD=VALUE  only entries with this field value (repeatable)\n"
                "      --follow             keep reading FILEs (as tail -F does), standard input or\n"
                "                           the journal; report each diagnosis as it completes,\n"
                "                           repeats once a minute, everything read at the end\n"
                "      --settle DURATION    --follow: a traceback is complete once its stream was\n"
                "                           quiet this long (default 1s)\n"
                "      --interval DURATION  --follow: report repeats at most this often (default 1min)\n"
                "      --cursor-file FILE   start after the cursor in FILE; store the new one\n"
                "      --color WHEN         auto (default: on a terminal, unless NO_COLOR is set or\n"
                "                           TERM=dumb), always or never\n"
                "      --timezone ZONE      read timestamps without a zone in ZONE (default: the\n"
                "                           local zone, TZ), as the host that wrote them\n"
                "  -h, --help               show this help\n"
                "  -V, --version            show the version\n");
}

/* -p: a name (emerg .. debug) or number, or a range FROM..TO (TO counts). */
static int parse_priority(const char *s)
{
        static const char *const names[] = { "emerg", "alert", "crit", "err", "warning", "notice", "info", "debug" };
        const char *dots = strstr(s, "..");
        if (dots)
                s = dots + 2;
        for (int i = 0; i < 8; i++)
                if (strcmp(s, names[i]) == 0)
                        return i;
        if (s[0] >= '0' && s[0] <= '7' && s[1] == '\0')
                return s[0] - '0';
        return -1;
}

/* Has a log been piped or redirected in? A file: if it is not empty. A
 * pipe: if bytes arrive within wait_ms (a writer such as journalctl may
 * take a moment to start). An open pipe that stays silent is no log: ssh
 * and some schedulers hand programs one. */
static bool stdin_has_log(int wait_ms)
{
        struct stat st;
        if (fstat(STDIN_FILENO, &st) != 0)
                return false;
        if (S_ISREG(st.st_mode))
                return st.st_size > lseek(STDIN_FILENO, 0, SEEK_CUR);
        if (!S_ISFIFO(st.st_mode) && !S_ISSOCK(st.st_mode))
                return false;
        struct pollfd p = { .fd = STDIN_FILENO, .events = POLLIN };
        int pending = 0;
        return poll(&p, 1, wait_ms) == 1 && (p.revents & POLLIN) && ioctl(STDIN_FILENO, FIONREAD, &pending) == 0 &&
               pending > 0;
}

/* FILE arguments with directories expanded: every regular file below
 * each, oldest first (a rotated log before the current one), symbolic
 * links not followed (no loops). */
struct listed {
        char *path;
        time_t mtime;
};

struct file_list {
        struct listed *items;
        size_t n, cap;
        const char **paths;  /* the items' paths, in order, once listed */
};

static struct file_list *walking;  /* nftw has no context argument */

static int file_list_add(const char *path, time_t mtime)
{
        struct file_list *l = walking;
        if (l->n == l->cap) {
                size_t cap = l->cap ? 2 * l->cap : 64;
                struct listed *p = realloc(l->items, cap * sizeof *p);
                if (!p)
                        return -1;
                l->items = p;
                l->cap = cap;
        }
        if (!(l->items[l->n].path = strdup(path)))
                return -1;
        l->items[l->n++].mtime = mtime;
        return 0;
}

static int visit(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
        (void)ftw;
        if (type == FTW_DNR || type == FTW_NS)
                fprintf(stderr, "coroner: warning: %s: cannot read\n", path);
        return type == FTW_F && S_ISREG(st->st_mode) ? file_list_add(path, st->st_mtime) : 0;
}

static int by_age(const void *x, const void *y)
{
        const struct listed *a = x, *b = y;
        if (a->mtime != b->mtime)
                return a->mtime < b->mtime ? -1 : 1;
        return strcmp(a->path, b->path);
}

static void file_list_free(struct file_list *l)
{
        for (size_t i = 0; i < l->n; i++)
                free(l->items[i].path);
        free(l->items);
        free(l->paths);
        memset(l, 0, sizeof *l);
}

static bool is_directory(const char *arg)
{
        struct stat st;
        return strcmp(arg, "-") != 0 && stat(arg, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Fills out with args, each directory replaced by the files below it
 * (oldest first); out stays empty when no argument is a directory. */
static int expand_directories(char **args, int n, struct file_list *out)
{
        bool any = false;
        for (int i = 0; i < n; i++)
                any |= is_directory(args[i]);
        if (!any)
                return 0;
        walking = out;
        for (int i = 0; i < n; i++) {
                if (!is_directory(args[i])) {
                        if (file_list_add(args[i], 0) < 0)
                                goto oom;
                        continue;
                }
                size_t first = out->n;
                if (nftw(args[i], visit, 16, FTW_PHYS) != 0)
                        goto oom;
                qsort(out->items + first, out->n - first, sizeof *out->items, by_age);
                if (out->n == first)
                        fprintf(stderr, "coroner: warning: %s: no files below it\n", args[i]);
        }
        if (!(out->paths = malloc((out->n + 1) * sizeof *out->paths)))
                goto oom;
        for (size_t i = 0; i < out->n; i++)
                out->paths[i] = out->items[i].path;
        return 0;
oom:
        fprintf(stderr, "coroner: out of memory listing the files below the directories given\n");
        return -1;
}

static bool looks_like_boot(const char *s)
{
        if (strlen(s) == 32 && strspn(s, "0123456789abcdef") == 32)
                return true;
        if (*s == '-' || *s == '+')
                s++;
        return *s && strspn(s, "0123456789") == strlen(s);
}

/* --timezone: the zone of timestamps that carry none, as TZ would set it. */
static int set_timezone(const char *zone)
{
        char path[512];
        struct stat st;
        snprintf(path, sizeof path, "/usr/share/zoneinfo/%s", zone);
        if (strcmp(zone, "UTC") != 0 && (strstr(zone, "..") || stat(path, &st) != 0 || !S_ISREG(st.st_mode)))
                return -1;
        setenv("TZ", zone, 1);
        tzset();
        return 0;
}

/* --since/--until, in systemd.time(7)'s grammar: a value that does not
 * parse is a usage error, not an empty report. "now" is SOURCE_DATE_EPOCH
 * when set (reproducible tests), else the clock. */
static int parse_window(const char *since, const char *until, struct coroner_options *opts)
{
        const char *epoch = getenv("SOURCE_DATE_EPOCH");
        int64_t now = epoch && *epoch ? (int64_t)atoll(epoch) * 1000000 : (int64_t)time(NULL) * 1000000;
        if (since && coroner_parse_time(since, now, &opts->since_usec) < 0) {
                fprintf(stderr, "coroner: --since '%s': not a time (2026-11-29 21:40:13, 21:40, yesterday, -2h, ...)\n", since);
                return -1;
        }
        if (until && coroner_parse_time(until, now, &opts->until_usec) < 0) {
                fprintf(stderr, "coroner: --until '%s': not a time (2026-11-29 21:40:13, 21:40, yesterday, -2h, ...)\n", until);
                return -1;
        }
        opts->has_since = since != NULL;
        opts->has_until = until != NULL;
        return 0;
}

static volatile int stop_requested;  /* the signal that asked --follow to stop */

static void on_stop_signal(int sig)
{
        stop_requested = sig;
}

void catch_stop_signals(void (*handler)(int))
{
        struct sigaction sa = { 0 };
        sa.sa_handler = handler;
        sigemptyset(&sa.sa_mask);
        sigaction(SIGINT, &sa, NULL);
        sigaction(SIGTERM, &sa, NULL);
}

/* "1", "1.5s", "500ms", "2min", "1h" -> milliseconds; -1 if not a duration. */
int parse_duration_ms(const char *s)
{
        char *end;
        double v = strtod(s, &end);
        static const struct { const char *unit; double ms; } units[] = {
                { "", 1000 }, { "s", 1000 }, { "sec", 1000 }, { "ms", 1 }, { "m", 60000 }, { "min", 60000 },
                { "h", 3600000 },
        };
        if (end == s || v < 0)
                return -1;
        for (size_t i = 0; i < sizeof units / sizeof units[0]; i++)
                if (strcmp(end, units[i].unit) == 0 && v * units[i].ms <= 86400000.0)
                        return (int)(v * units[i].ms + 0.5);
        return -1;
}

struct follow_ctx {
        enum format format;
        const struct coroner_report_options *ropts;
        int interval_ms;
        coroner_redactor *redactor;  /* --redact, or NULL */
        const coroner_analysis *analysis;
};

/* --redact's list: hosts,ips,users,paths,emails or all; -1 if unknown. */
static int parse_redact(const char *list)
{
        static const struct { const char *name; int bit; } kinds[] = {
                { "hosts", CORONER_REDACT_HOSTS }, { "ips", CORONER_REDACT_IPS }, { "users", CORONER_REDACT_USERS },
                { "paths", CORONER_REDACT_PATHS }, { "emails", CORONER_REDACT_EMAILS }, { "all", CORONER_REDACT_ALL },
        };
        int what = 0;
        for (const char *p = list; *p;) {
                size_t n = strcspn(p, ",");
                size_t k = 0;
                while (k < sizeof kinds / sizeof *kinds && !(strlen(kinds[k].name) == n && strncmp(kinds[k].name, p, n) == 0))
                        k++;
                if (k == sizeof kinds / sizeof *kinds)
                        return -1;
                what |= kinds[k].bit;
                p += n + (p[n] == ',');
        }
        return what;
}

static bool output_failed;  /* a write to standard output failed */

static void print_now(const struct follow_ctx *f, char *out)
{
        if (out && f->redactor && coroner_redactor_apply(f->redactor, f->analysis, &out) < 0) {
                free(out);
                out = NULL;
                output_failed = true;  /* never the report unredacted */
        }
        if (out) {
                fputs(out, stdout);
                if (f->format == FORMAT_JSON)
                        fputc('\n', stdout);
                if (fflush(stdout) != 0 || ferror(stdout))
                        output_failed = true;
        }
        free(out);
}

/* --follow: was everything printed so far written out? */
static bool delivered(void *ctx)
{
        (void)ctx;
        if (fflush(stdout) != 0 || ferror(stdout))
                output_failed = true;
        return !output_failed;
}

/* --follow: print each diagnosis as soon as its evidence is complete. */
static void print_as_it_happens(void *ctx, const coroner_analysis *a, size_t index)
{
        struct follow_ctx *f = ctx;
        char *out = NULL;
        f->analysis = a;
        if (f->format == FORMAT_JSON)
                coroner_report_json_line(a, index, &out);
        else
                coroner_report_text_one(a, index, f->ropts, &out);
        print_now(f, out);
}

/* --follow: a known diagnosis seen again, at most once an interval. */
static void print_update(void *ctx, const coroner_analysis *a, size_t index, size_t more)
{
        struct follow_ctx *f = ctx;
        char *out = NULL;
        f->analysis = a;
        if (f->format == FORMAT_JSON)
                coroner_report_json_update(a, index, more, &out);
        else
                coroner_report_text_update(a, index, more, f->interval_ms, f->ropts, &out);
        print_now(f, out);
}

/* Colour, width and glyphs for the text report: colour on a terminal
 * unless NO_COLOR is set or TERM is dumb (--color=always wins over both);
 * the terminal's width, else 80; ASCII under a locale that is not UTF-8. */
static void terminal_options(const char *color, struct coroner_report_options *ropts)
{
        const char *no_color = getenv("NO_COLOR"), *term = getenv("TERM");
        bool tty = isatty(STDOUT_FILENO);
        ropts->color = strcmp(color, "always") == 0 ||
                       (strcmp(color, "auto") == 0 && tty && !(no_color && no_color[0]) &&
                        !(term && strcmp(term, "dumb") == 0));
        struct winsize ws;
        if (tty && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
                ropts->width = ws.ws_col;
        /* Only the character set is read from the locale; the analysis runs in "C". */
        if (setlocale(LC_CTYPE, "")) {
                ropts->ascii = strcmp(nl_langinfo(CODESET), "UTF-8") != 0;
                setlocale(LC_CTYPE, "C");
        }
}

/* The installed data directory, or the source tree's when not installed. */
/* Is this the binary in the build tree (make, make check)? It then loads
 * the source tree's data, never a copy installed earlier. */
static bool in_build_tree(void)
{
        char exe[4096], dir[4096];
        ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
        if (n <= 0 || !realpath(CORONER_BUILD_DIR, dir))
                return false;
        exe[n] = '\0';
        char *slash = strrchr(exe, '/');
        if (!slash)
                return false;
        *slash = '\0';
        return strcmp(exe, dir) == 0;
}

static const char *data_dir(const char *installed, const char *source)
{
        struct stat st;
        return !in_build_tree() && stat(installed, &st) == 0 ? installed : source;
}

int64_t now_ms(void)
{
        struct timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void unit_name(const char *name, char *buf, size_t cap)
{
        snprintf(buf, cap, "%s%s", name, strchr(name, '.') ? "" : ".service");
}

const char *milestone_dir(void)
{
        return data_dir(CORONER_MILESTONE_DIR, CORONER_SOURCE_MILESTONE_DIR);
}

/* Loads dir, skipped when it does not exist (an optional, local one). */
static int load_optional(coroner_db *db, const char *dir)
{
        struct stat st;
        struct coroner_error err = { { 0 }, { 0 } };
        if (!dir || !*dir || stat(dir, &st) != 0)
                return 0;
        if (coroner_db_load_dir(db, dir, &err) < 0) {
                fprintf(stderr, "coroner: %s: %s\n", err.where, err.message);
                return -1;
        }
        return 0;
}

/* The documented order (coroner(1), FILES): shipped, the machine's, the
 * user's, $CORONER_SIGNATURES, --signatures; a later one overrides an id
 * of an earlier one. */
int load_signatures(coroner_db *db, char **dirs, size_t n_dirs, bool defaults)
{
        struct coroner_error err = { { 0 }, { 0 } };
        const char *shipped[] = { data_dir(CORONER_KNOWLEDGE_DIR, CORONER_SOURCE_KNOWLEDGE_DIR),
                                  data_dir(CORONER_SIGNATURE_DIR, CORONER_SOURCE_SIGNATURE_DIR) };
        for (size_t i = 0; defaults && i < 2; i++) {
                coroner_db_set_defer_compile(db, i == 0);  /* the knowledge tables */
                int r = coroner_db_load_dir(db, shipped[i], &err);
                coroner_db_set_defer_compile(db, false);
                if (r < 0) {
                        fprintf(stderr, "coroner: %s: %s\n", err.where, err.message);
                        return -1;
                }
        }
        if (defaults) {
                char user[4096] = "";
                const char *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");
                if (xdg && *xdg)
                        snprintf(user, sizeof user, "%s/coroner/signatures", xdg);
                else if (home && *home)
                        snprintf(user, sizeof user, "%s/.config/coroner/signatures", home);
                if (load_optional(db, CORONER_SYSCONF_SIGNATURE_DIR) < 0 || load_optional(db, user) < 0)
                        return -1;
                const char *env = getenv("CORONER_SIGNATURES");
                for (const char *p = env; p && *p;) {
                        size_t len = strcspn(p, ":");
                        char one[4096];
                        snprintf(one, sizeof one, "%.*s", (int)len, p);
                        if (load_optional(db, one) < 0)
                                return -1;
                        p += len + (p[len] == ':');
                }
        }
        for (size_t i = 0; i < n_dirs; i++)
                if (coroner_db_load_dir(db, dirs[i], &err) < 0) {
                        fprintf(stderr, "coroner: %s: %s\n", err.where, err.message);
                        return -1;
                }
        return 0;
}

/* What the command line asked for. The lists point into argv, which
 * bounds their length. */
struct command {
        enum format format;
        struct coroner_journal_options jo;
        const char **jdirs, **jfiles, **units, **idents, **matches;
        bool use_journal, reference, no_pager, defaults, fail_on_set, tables_only;
        int jobs, redact;
        char **sig_dirs;
        size_t n_sig_dirs;
        coroner_severity fail_on;
        struct coroner_options opts;
        struct coroner_report_options ropts;
        struct follow_ctx fctx;
        struct coroner_follow_options fo;
        const char *color, *timezone_name;
};

static const struct option longopts[] = {
        { "format", required_argument, NULL, 'f' },
        { "signatures", required_argument, NULL, 's' },
        { "no-default-signatures", no_argument, NULL, OPT_NO_DEFAULT_SIGNATURES },
        { "no-signatures", no_argument, NULL, OPT_NO_SIGNATURES },
        { "timezone", required_argument, NULL, OPT_TIMEZONE },
        { "fail-on", required_argument, NULL, OPT_FAIL_ON },
        { "input-format", required_argument, NULL, OPT_INPUT_FORMAT },
        { "verbose", no_argument, NULL, 'v' },
        { "all", no_argument, NULL, OPT_ALL },
        { "no-pager", no_argument, NULL, OPT_NO_PAGER },
        { "redact", required_argument, NULL, OPT_REDACT },
        { "color", required_argument, NULL, OPT_COLOR },
        { "help", no_argument, NULL, 'h' },
        { "version", no_argument, NULL, 'V' },
        { "journal", no_argument, NULL, OPT_JOURNAL },
        { "user", no_argument, NULL, OPT_USER },
        { "journal-dir", required_argument, NULL, OPT_JOURNAL_DIR },
        { "journal-file", required_argument, NULL, OPT_JOURNAL_FILE },
        { "unit", required_argument, NULL, 'u' },
        { "since", required_argument, NULL, OPT_SINCE },
        { "until", required_argument, NULL, OPT_UNTIL },
        { "boot", optional_argument, NULL, 'b' },
        { "priority", required_argument, NULL, 'p' },
        { "identifier", required_argument, NULL, OPT_IDENTIFIER },
        { "match", required_argument, NULL, OPT_MATCH },
        { "follow", no_argument, NULL, OPT_FOLLOW },
        { "settle", required_argument, NULL, OPT_SETTLE },
        { "interval", required_argument, NULL, OPT_INTERVAL },
        { "cursor-file", required_argument, NULL, OPT_CURSOR_FILE },
        { "reference-matcher", no_argument, NULL, OPT_REFERENCE },
        { "jobs", required_argument, NULL, 'j' },
        { "recursive", no_argument, NULL, 'r' },
        { NULL, 0, NULL, 0 },
};

/* The defaults, and room for the lists; false when memory is out. */
static bool command_init(struct command *c, int argc)
{
        long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
        c->jdirs = calloc((size_t)argc + 1, sizeof *c->jdirs);
        c->jfiles = calloc((size_t)argc + 1, sizeof *c->jfiles);
        c->units = calloc((size_t)argc + 1, sizeof *c->units);
        c->idents = calloc((size_t)argc + 1, sizeof *c->idents);
        c->matches = calloc((size_t)argc + 1, sizeof *c->matches);
        c->sig_dirs = calloc((size_t)argc + 1, sizeof *c->sig_dirs);
        c->jo = (struct coroner_journal_options){ .dirs = c->jdirs, .files = c->jfiles, .units = c->units,
                                                  .identifiers = c->idents, .matches = c->matches,
                                                  .max_priority = -1 };
        c->format = FORMAT_TEXT;
        c->jobs = ncpu > 0 ? (int)ncpu : 1;
        c->defaults = true;
        c->fail_on = CORONER_SEV_CRITICAL;
        c->fctx = (struct follow_ctx){ FORMAT_TEXT, &c->ropts, 60000, NULL, NULL };
        c->fo = (struct coroner_follow_options){ .settle_ms = 1000, .interval_ms = 60000, .stop = &stop_requested,
                                                 .on_diagnosis = print_as_it_happens, .on_update = print_update,
                                                 .delivered = delivered, .ctx = &c->fctx };
        c->color = "auto";
        return c->jdirs && c->jfiles && c->units && c->idents && c->matches && c->sig_dirs;
}

static void command_free(struct command *c)
{
        coroner_redactor_free(c->fctx.redactor);
        free(c->sig_dirs);
        free(c->jdirs);
        free(c->jfiles);
        free(c->units);
        free(c->idents);
        free(c->matches);
}

/* One option (getopt's c and optarg); -1: a usage error, said on stderr;
 * 1: done (--help, --version); 0: go on. */
static int take_option(struct command *c, int opt, int argc, char **argv)
{
        struct coroner_journal_options *jo = &c->jo;
        switch (opt) {
        case 'f':
                if (strcmp(optarg, "text") == 0)
                        c->format = FORMAT_TEXT;
                else if (strcmp(optarg, "json") == 0)
                        c->format = FORMAT_JSON;
                else if (strcmp(optarg, "markdown") == 0 || strcmp(optarg, "md") == 0)
                        c->format = FORMAT_MARKDOWN;
                else {
                        fprintf(stderr, "coroner: unknown format '%s' (text, json, markdown)\n", optarg);
                        return -1;
                }
                return 0;
        case 's': c->sig_dirs[c->n_sig_dirs++] = optarg; return 0;
        case OPT_NO_DEFAULT_SIGNATURES: c->defaults = false; return 0;
        case OPT_NO_SIGNATURES: c->tables_only = true; return 0;
        case OPT_TIMEZONE: c->timezone_name = optarg; return 0;
        case OPT_FAIL_ON:
                if (coroner_severity_parse(optarg, &c->fail_on) < 0) {
                        fprintf(stderr, "coroner: unknown severity '%s' (info, warning, error, critical)\n", optarg);
                        return -1;
                }
                c->fail_on_set = true;
                return 0;
        case OPT_INPUT_FORMAT: c->opts.input_format = optarg; return 0;
        case 'v': c->ropts.verbose = true; return 0;
        case OPT_ALL: c->ropts.all = true; return 0;
        case OPT_NO_PAGER: c->no_pager = true; return 0;
        case OPT_REDACT:
                if ((c->redact = parse_redact(optarg)) < 0) {
                        fprintf(stderr, "coroner: --redact takes hosts, ips, users, paths, emails or all "
                                        "(comma-separated); secrets are always redacted\n");
                        return -1;
                }
                return 0;
        case OPT_COLOR:
                if (strcmp(optarg, "auto") && strcmp(optarg, "always") && strcmp(optarg, "never")) {
                        fprintf(stderr, "coroner: --color takes auto, always or never\n");
                        return -1;
                }
                c->color = optarg;
                return 0;
        case OPT_JOURNAL: jo->local = c->use_journal = true; return 0;
        case OPT_USER: jo->local = jo->user = c->use_journal = true; return 0;
        case OPT_JOURNAL_DIR: c->jdirs[jo->n_dirs++] = optarg; c->use_journal = true; return 0;
        case OPT_JOURNAL_FILE: c->jfiles[jo->n_files++] = optarg; c->use_journal = true; return 0;
        case 'u': c->units[jo->n_units++] = optarg; return 0;
        case OPT_SINCE: jo->since = optarg; return 0;
        case OPT_UNTIL: jo->until = optarg; return 0;
        case 'b':
                /* journalctl also takes "-b -1" and "-b ID" as two words. */
                jo->boot = optarg ? optarg : "";
                if (!optarg && optind < argc && looks_like_boot(argv[optind]))
                        jo->boot = argv[optind++];
                return 0;
        case OPT_IDENTIFIER: c->idents[jo->n_identifiers++] = optarg; return 0;
        case OPT_MATCH: c->matches[jo->n_matches++] = optarg; return 0;
        case OPT_FOLLOW: jo->follow = true; return 0;
        case OPT_SETTLE:
        case OPT_INTERVAL: {
                int ms = parse_duration_ms(optarg);
                if (ms < (opt == OPT_SETTLE ? 0 : 1)) {
                        fprintf(stderr, "coroner: --%s '%s': not a duration (1s, 500ms, 2min)\n",
                                opt == OPT_SETTLE ? "settle" : "interval", optarg);
                        return -1;
                }
                *(opt == OPT_SETTLE ? &c->fo.settle_ms : &c->fo.interval_ms) = ms ? ms : 1;
                return 0;
        }
        case OPT_REFERENCE: c->reference = true; return 0;
        case 'r': return 0;  /* directories are always read whole; -r as grep's, for the habit */
        case 'j':
                c->jobs = atoi(optarg);
                if (c->jobs < 1 || c->jobs > 256) {
                        fprintf(stderr, "coroner: --jobs takes a number from 1 to 256\n");
                        return -1;
                }
                return 0;
        case OPT_CURSOR_FILE: jo->cursor_file = optarg; return 0;
        case 'p':
                if ((jo->max_priority = parse_priority(optarg)) < 0) {
                        fprintf(stderr, "coroner: unknown priority '%s' (emerg..debug or 0..7)\n", optarg);
                        return -1;
                }
                return 0;
        case 'h':
                usage(stdout);
                return 1;
        case 'V':
                printf("coroner %s\n", coroner_version());
                return 1;
        default:
                usage(stderr);
                return -1;
        }
}

/* The database and the analysis the options ask for; false: said on stderr. */
static bool set_up(struct command *c, int argc, char **argv, coroner_db **db, coroner_analysis **a)
{
        terminal_options(c->color, &c->ropts);
        if (c->timezone_name && set_timezone(c->timezone_name) < 0) {
                fprintf(stderr, "coroner: unknown time zone '%s' (a name under /usr/share/zoneinfo, such as Europe/Berlin, or UTC)\n",
                        c->timezone_name);
                return false;
        }
        if (parse_window(c->jo.since, c->jo.until, &c->opts) < 0)
                return false;
        if (coroner_db_new(db) < 0) {
                fprintf(stderr, "coroner: out of memory\n");
                return false;
        }
        coroner_db_set_tables_only(*db, c->tables_only);
        if (load_signatures(*db, c->sig_dirs, c->n_sig_dirs, c->defaults) < 0)
                return false;
        coroner_db_set_reference(*db, c->reference);
        /* A directory given: its binary files are skipped, and a per-host
         * layout below it names hosts. */
        for (int i = optind; i < argc; i++)
                if (is_directory(argv[i]))
                        c->opts.skip_binary = c->opts.layout_hosts = true;
        int r = coroner_analysis_new(*db, &c->opts, a);
        if (r < 0) {
                fprintf(stderr, "coroner: %s%s%s\n", coroner_strerror(r),
                        c->opts.input_format ? ": unknown --input-format " : "",
                        c->opts.input_format ? c->opts.input_format : "");
                return false;
        }
        coroner_analysis_set_command(*a, argc, argv);
        if (c->redact && coroner_redactor_new((unsigned)c->redact, &c->fctx.redactor) < 0) {
                fprintf(stderr, "coroner: out of memory\n");
                return false;
        }
        c->fctx.format = c->format;
        c->fctx.interval_ms = c->fo.interval_ms;
        return true;
}

/* Whether the journal is read, from the options and what standard input
 * is; false: a contradiction, said on stderr. */
static bool choose_journal(struct command *c, int n_files)
{
        struct coroner_journal_options *jo = &c->jo;
        bool journal_filters = jo->n_units || jo->boot || jo->max_priority >= 0 || jo->n_identifiers ||
                               jo->n_matches || jo->cursor_file;
        struct stat in_st;
        bool piped = fstat(STDIN_FILENO, &in_st) == 0 && (S_ISFIFO(in_st.st_mode) || S_ISREG(in_st.st_mode));
        if (jo->cursor_file && !c->use_journal && (n_files || (piped && !jo->n_units && !jo->boot))) {
                fprintf(stderr, "coroner: --cursor-file applies to the journal, which has cursors; a pipe or a "
                                "file has none (read the journal itself: coroner -u UNIT --cursor-file FILE)\n");
                return false;
        }
        /* `coroner --follow` alone follows what is piped in, or else the
         * local journal, as journalctl -f does. */
        if (jo->follow && !n_files && !c->use_journal && !piped)
                journal_filters = true;
        /* Reading the journal ignores standard input: a log piped in as well
         * is a mistake to point out, not to drop in silence. */
        if ((c->use_journal || (journal_filters && !jo->follow)) && !n_files &&
            stdin_has_log(c->use_journal ? 0 : 300)) {
                fprintf(stderr, "coroner: a log is piped in, but %s reads the journal and would ignore it: to "
                                "analyse the piped log, drop the journal options (journalctl -u has filtered it "
                                "already); to read the journal, do not pipe into coroner\n",
                        c->use_journal ? "--journal/--journal-dir/--journal-file" : "-u/-b/-p/--cursor-file");
                return false;
        }
        if (journal_filters && !c->use_journal) {
                if (n_files) {
                        fprintf(stderr, "coroner: journal filters (-u, -b, -p, ...) need --journal, --journal-dir or --journal-file\n");
                        return false;
                }
                jo->local = c->use_journal = true;  /* `coroner -u k26` reads the local journal */
        }
        return true;
}

/* The journal, then the files (or standard input): *input_error when one
 * could not be read whole; false: a usage error, said on stderr. */
static bool read_inputs(struct command *c, coroner_analysis *a, char **files, int n_files, char **new_cursor,
                        bool *input_error)
{
        struct coroner_journal_options *jo = &c->jo;
        bool follow = jo->follow;
        if (follow)
                catch_stop_signals(on_stop_signal);
        if (c->use_journal) {
                struct coroner_error err = { { 0 }, { 0 } };
                jo->fo = &c->fo;
                jo->cursor_ret = follow || !jo->cursor_file ? NULL : new_cursor;
                if (coroner_analysis_read_journal(a, jo, &err) < 0) {
                        fprintf(stderr, "coroner: warning: %s: %s\n", err.where, err.message);
                        *input_error = true;
                }
        }
        if (!n_files && !c->use_journal && isatty(STDIN_FILENO))
                fprintf(stderr, "coroner: reading a log from standard input (Ctrl-D ends it); "
                                "try 'journalctl -u UNIT | coroner' or 'coroner FILE', or --help\n");
        static const char *const stdin_only[] = { "-" };
        const char *const *paths = n_files ? (const char *const *)files : stdin_only;
        struct file_list tree = { 0 };
        if (n_files && expand_directories(files, n_files, &tree) < 0)
                return false;
        if (tree.n) {
                paths = tree.paths;
                n_files = (int)tree.n;
        }
        size_t n_paths = n_files || c->use_journal ? (size_t)n_files : 1;
        struct coroner_error *errs = calloc(n_paths + 1, sizeof *errs);
        if (!errs)
                *input_error = true;
        else if (follow && n_paths)
                *input_error |= coroner_analysis_follow(a, paths, n_paths, &c->fo, errs) < 0 && !stop_requested;
        else if (!follow && coroner_analysis_read_paths(a, paths, n_paths, c->jobs, errs) != 0)
                *input_error = true;
        for (size_t i = 0; errs && i < n_paths; i++)
                if (errs[i].message[0])
                        fprintf(stderr, "coroner: warning: %s: %s\n", errs[i].where[0] ? errs[i].where : paths[i],
                                errs[i].message);
        free(errs);
        file_list_free(&tree);
        return true;
}

/* The report, rendered and written (paged on a terminal); false when it
 * could not be rendered. */
static bool write_report(struct command *c, coroner_analysis *a, bool *paged)
{
        bool follow = c->jo.follow;
        char *out = NULL;
        int r;
        if (follow && c->format != FORMAT_JSON)
                fputs(c->format == FORMAT_TEXT ? "\n=== everything read, ranked ===\n" : "\n---\n\n", stdout);
        switch (c->format) {
        case FORMAT_JSON: r = follow ? coroner_report_json_summary(a, &out) : coroner_report_json(a, &out); break;
        case FORMAT_MARKDOWN: r = coroner_report_markdown(a, &out); break;
        default: r = coroner_report_text(a, &c->ropts, &out); break;
        }
        if (r >= 0 && out && c->fctx.redactor)
                r = coroner_redactor_apply(c->fctx.redactor, a, &out);
        if (r < 0 || !out) {
                fprintf(stderr, "coroner: cannot render the report: %s\n", coroner_strerror(r));
                free(out);
                return false;
        }
        *paged = c->format != FORMAT_JSON && !follow && !c->no_pager && isatty(STDOUT_FILENO) && pager_start();
        fputs(out, stdout);
        if (c->format == FORMAT_JSON)
                fputc('\n', stdout);
        free(out);
        return true;
}

int main(int argc, char **argv)
{
        if (argc > 1 && strcmp(argv[1], "signatures") == 0)
                return signatures_command(argc - 1, argv + 1);
        if (argc > 1 && strcmp(argv[1], "merge") == 0)
                return merge_command(argc - 1, argv + 1);
        if (argc > 1 && strcmp(argv[1], "run") == 0)
                return run_command(argc - 1, argv + 1);
        if (argc > 1 && strcmp(argv[1], "watch") == 0)
                return watch_command(argc - 1, argv + 1);
        if (argc > 1 && strcmp(argv[1], "postmortem") == 0)
                return postmortem_command(argc - 1, argv + 1);
        if (argc > 1 && (strcmp(argv[1], "list") == 0 || strcmp(argv[1], "show") == 0))
                return reports_command(argc - 1, argv + 1);

        struct command c = { 0 };
        coroner_db *db = NULL;
        coroner_analysis *a = NULL;
        char *new_cursor = NULL;  /* stored once the report is out */
        bool input_error = false, paged = false;
        int opt, r = 0, status = 0;
        if (!command_init(&c, argc)) {
                fprintf(stderr, "coroner: out of memory\n");
                status = 2;
                goto done;
        }
        while (r == 0 && (opt = getopt_long(argc, argv, "f:s:vhVu:b::p:j:r", longopts, NULL)) != -1)
                r = take_option(&c, opt, argc, argv);
        if (r != 0) {
                status = r < 0 ? 2 : 0;
                goto done;
        }
        if (!set_up(&c, argc, argv, &db, &a) || !choose_journal(&c, argc - optind) ||
            !read_inputs(&c, a, argv + optind, argc - optind, &new_cursor, &input_error)) {
                status = 2;
                goto done;
        }
        coroner_analysis_finish(a);
        for (size_t i = 0; i < coroner_analysis_input_count(a); i++)
                if (coroner_analysis_input_warning(a, i))
                        fprintf(stderr, "coroner: warning: %s: %s\n", coroner_analysis_input_name(a, i),
                                coroner_analysis_input_warning(a, i));
        if (!write_report(&c, a, &paged))
                status = 2;
        if (c.fail_on_set)
                for (size_t i = 0; i < coroner_analysis_diagnosis_count(a); i++)
                        if (coroner_analysis_diagnosis_severity(a, i) >= c.fail_on)
                                status = status ? status : 1;
        if (input_error)
                status = 2;
        if (stop_requested)
                status = 128 + stop_requested;  /* as a shell reports a process a signal ended */
        if (paged) {
                pager_finish();  /* the reader may quit before the end: no write error */
        } else if (fflush(stdout) != 0 || ferror(stdout) || output_failed) {
                fprintf(stderr, "coroner: write error: %s\n", strerror(errno));
                status = 2;
        }
        /* The cursor moves only past entries whose report was delivered: a
         * failed write (a full disk, a closed pipe) or a kill before this
         * point leaves it where it was, and the next run reads them again. */
        if (new_cursor && status != 2) {
                struct coroner_error err = { { 0 }, { 0 } };
                if (coroner_cursor_save(c.jo.cursor_file, new_cursor, &err) < 0) {
                        fprintf(stderr, "coroner: %s: %s\n", err.where, err.message);
                        status = 2;
                }
        }
done:
        free(new_cursor);
        coroner_analysis_free(a);
        coroner_db_free(db);
        command_free(&c);
        return status;
}
