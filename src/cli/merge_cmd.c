/* merge_cmd.c — `coroner merge REPORT.json...`: per-host reports as one. */
#include "config.h"
#include "cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { REPORT_LIMIT = 256 << 20 };  /* a report larger than this is not one of coroner's */

char *read_report_file(const char *path)
{
        FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
        if (!f) {
                fprintf(stderr, "coroner: %s: %s\n", path, strerror(errno));
                return NULL;
        }
        size_t len = 0, cap = 1 << 16;
        char *text = malloc(cap + 1);
        size_t n;
        while (text && (n = fread(text + len, 1, cap - len, f)) > 0) {
                len += n;
                if (len == cap) {
                        char *more = cap < REPORT_LIMIT ? realloc(text, 2 * cap + 1) : NULL;
                        if (!more) {
                                free(text);
                                text = NULL;
                                break;
                        }
                        text = more;
                        cap *= 2;
                }
        }
        bool failed = ferror(f);
        if (f != stdin)
                fclose(f);
        if (!text || failed) {
                fprintf(stderr, "coroner: %s: %s\n", path, !text ? "too large or out of memory" : "read error");
                free(text);
                return NULL;
        }
        text[len] = '\0';
        return text;
}

int merge_command(int argc, char **argv)
{
        if (argc < 2 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0) {
                fprintf(argc < 2 ? stderr : stdout,
                        "Usage: coroner merge REPORT.json...\n"
                        "Joins the JSON reports of several hosts (coroner -f json, or --follow's JSON\n"
                        "Lines; '-' reads standard input) into one report of the same schema: the same\n"
                        "failure on several hosts becomes one diagnosis, counts and hosts summed.\n");
                return argc < 2 ? 2 : 0;
        }
        size_t n = (size_t)argc - 1;
        char **texts = calloc(n, sizeof *texts);
        int status = texts ? 0 : 2;
        for (size_t i = 0; i < n && status == 0; i++)
                if (!(texts[i] = read_report_file(argv[i + 1])))
                        status = 2;
        char *out = NULL;
        struct coroner_error err = { { 0 }, { 0 } };
        if (status == 0 && coroner_report_merge((const char *const *)texts, (const char *const *)argv + 1, n, &out,
                                                &err) < 0) {
                fprintf(stderr, "coroner: %s: %s\n", err.where, err.message);
                status = 2;
        }
        if (out) {
                fputs(out, stdout);
                fputc('\n', stdout);
                if (fflush(stdout) != 0 || ferror(stdout)) {
                        fprintf(stderr, "coroner: write error: %s\n", strerror(errno));
                        status = 2;
                }
        }
        free(out);
        for (size_t i = 0; texts && i < n; i++)
                free(texts[i]);
        free(texts);
        return status;
}
