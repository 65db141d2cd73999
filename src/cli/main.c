/* main.c — the coroner command: options, inputs, output, exit status.
 *
 * Exit status: 0 the analysis ran; 1 --fail-on found a diagnosis at or above
 * the given severity; 2 usage error, unreadable signatures, or an input that
 * could not be read completely (the report is still printed).
 */
#include "config.h"
#include "cli.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum format { FORMAT_TEXT, FORMAT_JSON, FORMAT_MARKDOWN };

static void usage(FILE *f)
{
        fprintf(f,
                "Usage: coroner [OPTIONS] [FILE...]\n"
                "       coroner signatures list|show ID|check|test FILE [OPTIONS]\n"
                "\n"
                "Reads logs of ML services (journalctl output, syslog, application output;\n"
                "plain, zstd, gzip or xz), reassembles tracebacks and error lines, and prints\n"
                "ranked diagnoses with fixes. With no FILE, or FILE '-', reads standard input.\n"
                "\n"
                "  -f, --format FORMAT      text (default), json or markdown\n"
                "  -s, --signatures DIR     also load signatures from DIR (repeatable)\n"
                "      --no-default-signatures  load only the --signatures directories\n"
                "      --fail-on SEVERITY   exit 1 if a diagnosis of SEVERITY or worse is found\n"
                "                           (info, warning, error, critical)\n"
                "      --input-format SHAPE force a line shape: auto, bare, short, short-precise,\n"
                "                           short-iso, short-iso-precise\n"
                "  -v, --verbose            text: show every diagnosis in full\n"
                "      --color WHEN         auto (default), always or never; NO_COLOR disables\n"
                "  -h, --help               show this help\n"
                "  -V, --version            show the version\n");
}

int load_signatures(coroner_db *db, char **dirs, size_t n_dirs, bool defaults)
{
        struct coroner_error err = { { 0 }, { 0 } };
        if (defaults) {
                struct stat st;
                const char *dir = CORONER_SIGNATURE_DIR;
                if (stat(dir, &st) != 0)
                        dir = CORONER_SOURCE_SIGNATURE_DIR;
                if (coroner_db_load_dir(db, dir, &err) < 0) {
                        fprintf(stderr, "coroner: %s: %s\n", err.where, err.message);
                        return -1;
                }
        }
        for (size_t i = 0; i < n_dirs; i++)
                if (coroner_db_load_dir(db, dirs[i], &err) < 0) {
                        fprintf(stderr, "coroner: %s: %s\n", err.where, err.message);
                        return -1;
                }
        return 0;
}

int main(int argc, char **argv)
{
        if (argc > 1 && strcmp(argv[1], "signatures") == 0)
                return signatures_command(argc - 1, argv + 1);

        static const struct option longopts[] = {
                { "format", required_argument, NULL, 'f' },
                { "signatures", required_argument, NULL, 's' },
                { "no-default-signatures", no_argument, NULL, 'N' },
                { "fail-on", required_argument, NULL, 'F' },
                { "input-format", required_argument, NULL, 'I' },
                { "verbose", no_argument, NULL, 'v' },
                { "color", required_argument, NULL, 'C' },
                { "help", no_argument, NULL, 'h' },
                { "version", no_argument, NULL, 'V' },
                { NULL, 0, NULL, 0 },
        };
        enum format format = FORMAT_TEXT;
        char **sig_dirs = calloc((size_t)argc + 1, sizeof *sig_dirs);
        size_t n_sig_dirs = 0;
        bool defaults = true, fail_on_set = false;
        coroner_severity fail_on = CORONER_SEV_CRITICAL;
        struct coroner_options opts = { 0 };
        struct coroner_report_options ropts = { 0 };
        const char *color = "auto";
        int c, status = 0;
        coroner_db *db = NULL;
        coroner_analysis *a = NULL;
        while ((c = getopt_long(argc, argv, "f:s:vhV", longopts, NULL)) != -1) {
                switch (c) {
                case 'f':
                        if (strcmp(optarg, "text") == 0)
                                format = FORMAT_TEXT;
                        else if (strcmp(optarg, "json") == 0)
                                format = FORMAT_JSON;
                        else if (strcmp(optarg, "markdown") == 0 || strcmp(optarg, "md") == 0)
                                format = FORMAT_MARKDOWN;
                        else {
                                fprintf(stderr, "coroner: unknown format '%s' (text, json, markdown)\n", optarg);
                                status = 2;
                                goto done;
                        }
                        break;
                case 's':
                        sig_dirs[n_sig_dirs++] = optarg;
                        break;
                case 'N':
                        defaults = false;
                        break;
                case 'F':
                        if (coroner_severity_parse(optarg, &fail_on) < 0) {
                                fprintf(stderr, "coroner: unknown severity '%s' (info, warning, error, critical)\n", optarg);
                                status = 2;
                                goto done;
                        }
                        fail_on_set = true;
                        break;
                case 'I':
                        opts.input_format = optarg;
                        break;
                case 'v':
                        ropts.verbose = true;
                        break;
                case 'C':
                        if (strcmp(optarg, "auto") && strcmp(optarg, "always") && strcmp(optarg, "never")) {
                                fprintf(stderr, "coroner: --color takes auto, always or never\n");
                                status = 2;
                                goto done;
                        }
                        color = optarg;
                        break;
                case 'h':
                        usage(stdout);
                        goto done;
                case 'V':
                        printf("coroner %s\n", coroner_version());
                        goto done;
                default:
                        usage(stderr);
                        status = 2;
                        goto done;
                }
        }
        const char *no_color = getenv("NO_COLOR");
        ropts.color = strcmp(color, "always") == 0 ||
                      (strcmp(color, "auto") == 0 && isatty(STDOUT_FILENO) && !(no_color && no_color[0]));
        if (no_color && no_color[0])
                ropts.color = false;

        if (coroner_db_new(&db) < 0) {
                fprintf(stderr, "coroner: out of memory\n");
                status = 2;
                goto done;
        }
        if (load_signatures(db, sig_dirs, n_sig_dirs, defaults) < 0) {
                status = 2;
                goto done;
        }
        int r = coroner_analysis_new(db, &opts, &a);
        if (r < 0) {
                fprintf(stderr, "coroner: %s%s%s\n", coroner_strerror(r),
                        opts.input_format ? ": unknown --input-format " : "",
                        opts.input_format ? opts.input_format : "");
                status = 2;
                goto done;
        }
        bool input_error = false;
        int n_files = argc - optind;
        for (int i = 0; i < (n_files ? n_files : 1); i++) {
                const char *path = n_files ? argv[optind + i] : "-";
                struct coroner_error err = { { 0 }, { 0 } };
                if (coroner_analysis_read_path(a, path, &err) < 0) {
                        fprintf(stderr, "coroner: warning: %s: %s\n", err.where[0] ? err.where : path, err.message);
                        input_error = true;
                }
        }
        coroner_analysis_finish(a);

        char *out = NULL;
        switch (format) {
        case FORMAT_JSON: r = coroner_report_json(a, &out); break;
        case FORMAT_MARKDOWN: r = coroner_report_markdown(a, &out); break;
        default: r = coroner_report_text(a, &ropts, &out); break;
        }
        if (r < 0 || !out) {
                fprintf(stderr, "coroner: cannot render the report: %s\n", coroner_strerror(r));
                status = 2;
        } else {
                fputs(out, stdout);
                if (format == FORMAT_JSON)
                        fputc('\n', stdout);
        }
        free(out);
        if (fail_on_set)
                for (size_t i = 0; i < coroner_analysis_diagnosis_count(a); i++)
                        if (coroner_analysis_diagnosis_severity(a, i) >= fail_on)
                                status = status ? status : 1;
        if (input_error)
                status = 2;
        if (fflush(stdout) != 0) {
                fprintf(stderr, "coroner: write error: %s\n", strerror(errno));
                status = 2;
        }
done:
        coroner_analysis_free(a);
        coroner_db_free(db);
        free(sig_dirs);
        return status;
}
