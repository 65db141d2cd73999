/* signatures_cmd.c — `coroner signatures list|show|check|test`. */
#include "config.h"
#include "cli.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void usage(FILE *f)
{
        fprintf(f,
                "Usage: coroner signatures list [--category C] [--severity S]\n"
                "       coroner signatures show ID\n"
                "       coroner signatures check\n"
                "       coroner signatures test FILE\n"
                "Options: -s, --signatures DIR (repeatable), --no-default-signatures\n");
}

static int compare_strings(const void *a, const void *b)
{
        return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Does a loaded signature have this category? If not, says which exist. */
static bool category_in_db(const coroner_db *db, const char *category)
{
        size_t n = coroner_db_count(db);
        const char **seen = calloc(n + 1, sizeof *seen);
        size_t n_seen = 0;
        bool found = false;
        for (size_t i = 0; i < n && !found; i++) {
                const char *c = coroner_signature_category(coroner_db_get(db, i));
                found = strcmp(c, category) == 0;
                size_t k = 0;
                while (seen && k < n_seen && strcmp(seen[k], c) != 0)
                        k++;
                if (seen && k == n_seen)
                        seen[n_seen++] = c;
        }
        if (!found) {
                fprintf(stderr, "coroner: no signature has category '%s'; the categories are:", category);
                qsort(seen, n_seen, sizeof *seen, compare_strings);
                for (size_t k = 0; k < n_seen; k++)
                        fprintf(stderr, "%s %s", k ? "," : "", seen[k]);
                fputc('\n', stderr);
        }
        free(seen);
        return found;
}

/* The shipped start-up milestones (milestones/README.md): each sample
 * matches its own milestone. Returns the number of errors. */
static int check_milestones(void)
{
        coroner_milestones *ms = NULL;
        struct coroner_error err = { { 0 }, { 0 } };
        char *report = NULL;
        int errors = 1;
        if (coroner_milestones_new(&ms) < 0)
                printf("error: out of memory\n");
        else if (coroner_milestones_load_dir(ms, milestone_dir(), &err) < 0)
                printf("error: %s: %s\n", err.where, err.message);
        else {
                errors = coroner_milestones_check(ms, &report);
                fputs(report ? report : "", stdout);
                printf("%zu start-up milestones, %d errors\n", coroner_milestones_count(ms), errors);
        }
        free(report);
        coroner_milestones_free(ms);
        return errors;
}

int signatures_command(int argc, char **argv)
{
        static const struct option longopts[] = {
                { "signatures", required_argument, NULL, 's' },
                { "no-default-signatures", no_argument, NULL, 'N' },
                { "category", required_argument, NULL, 'c' },
                { "severity", required_argument, NULL, 'S' },
                { "help", no_argument, NULL, 'h' },
                { NULL, 0, NULL, 0 },
        };
        char **dirs = calloc((size_t)argc + 1, sizeof *dirs);
        size_t n_dirs = 0;
        bool defaults = true;
        const char *category = NULL;
        coroner_severity min_sev = CORONER_SEV_INFO;
        int c;
        while ((c = getopt_long(argc, argv, "s:h", longopts, NULL)) != -1) {
                switch (c) {
                case 's': dirs[n_dirs++] = optarg; break;
                case 'N': defaults = false; break;
                case 'c': category = optarg; break;
                case 'S':
                        if (coroner_severity_parse(optarg, &min_sev) < 0) {
                                fprintf(stderr, "coroner: unknown severity '%s'\n", optarg);
                                free(dirs);
                                return 2;
                        }
                        break;
                case 'h': usage(stdout); free(dirs); return 0;
                default: usage(stderr); free(dirs); return 2;
                }
        }
        if (optind >= argc) {
                usage(stderr);
                free(dirs);
                return 2;
        }
        const char *verb = argv[optind];
        coroner_db *db;
        if (coroner_db_new(&db) < 0) {
                free(dirs);
                return 2;
        }
        coroner_db_set_keep_going(db, strcmp(verb, "check") == 0);
        if (load_signatures(db, dirs, n_dirs, defaults) < 0) {
                coroner_db_free(db);
                free(dirs);
                return 2;
        }
        free(dirs);
        int status = 0;
        if (strcmp(verb, "list") == 0) {
                if (category && !category_in_db(db, category))
                        status = 2;
                for (size_t i = 0; i < coroner_db_count(db) && status == 0; i++) {
                        const coroner_signature *s = coroner_db_get(db, i);
                        if (category && strcmp(category, coroner_signature_category(s)) != 0)
                                continue;
                        if (coroner_signature_severity(s) < min_sev)
                                continue;
                        printf("%-48s %-34s %-8s %s\n", coroner_signature_id(s), coroner_signature_category(s),
                               coroner_severity_name(coroner_signature_severity(s)), coroner_signature_title(s));
                        if (coroner_signature_overrides(s))
                                printf("    %s overrides %s\n", coroner_signature_path(s), coroner_signature_overrides(s));
                }
        } else if (strcmp(verb, "show") == 0 && optind + 1 < argc) {
                const coroner_signature *s = coroner_db_find(db, argv[optind + 1]);
                if (!s) {
                        fprintf(stderr, "coroner: no signature '%s'\n", argv[optind + 1]);
                        status = 2;
                } else {
                        char *j = coroner_signature_json(s);
                        printf("# %s\n%s\n", coroner_signature_path(s), j ? j : "");
                        free(j);
                }
        } else if (strcmp(verb, "check") == 0) {
                char *report = NULL;
                int warnings = 0;
                int errors = coroner_db_check(db, &report, &warnings);
                fputs(report ? report : "", stdout);
                free(report);
                if (defaults)
                        errors += check_milestones();
                status = errors ? 1 : 0;
        } else if (strcmp(verb, "test") == 0 && optind + 1 < argc) {
                char *report = NULL;
                struct coroner_error err = { { 0 }, { 0 } };
                int r = coroner_db_explain(db, argv[optind + 1], &report, &err);
                if (r < 0) {
                        fprintf(stderr, "coroner: %s: %s\n", err.where, err.message);
                        status = 2;
                } else {
                        fputs(report, stdout);
                }
                free(report);
        } else {
                usage(stderr);
                status = 2;
        }
        coroner_db_free(db);
        return status;
}
