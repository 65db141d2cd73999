/* cli.h — the parts of the coroner command. */
#ifndef CORONER_CLI_H
#define CORONER_CLI_H

#include "../lib/coroner.h"

/* Loads the installed (or source-tree) signatures when defaults, then dirs.
 * Prints the error and returns -1 on failure. */
int load_signatures(coroner_db *db, char **dirs, size_t n_dirs, bool defaults);
/* "1", "1.5s", "500ms", "2min", "1h" -> milliseconds; -1 if not a duration. */
int parse_duration_ms(const char *s);
/* The milestone directory: the installed one, or the source tree's. */
const char *milestone_dir(void);
/* SIGINT and SIGTERM call handler and stop what waits (--follow, run,
 * watch) at once: no SA_RESTART, so a blocked poll(2) or read(2) returns. */
void catch_stop_signals(void (*handler)(int));
/* Milliseconds of the monotonic clock. */
int64_t now_ms(void);
/* journalctl -u's habit: "k26" means "k26.service"; a name with a suffix stays. */
void unit_name(const char *name, char *buf, size_t cap);
/* `coroner signatures ...`; argv[0] is "signatures". Returns the exit status. */
int signatures_command(int argc, char **argv);
/* The whole of a report file ("-": standard input; merge_cmd.c), or NULL
 * with a message on stderr. */
char *read_report_file(const char *path);
/* `coroner merge REPORT.json...`; argv[0] is "merge". */
int merge_command(int argc, char **argv);
/* `coroner run [OPTIONS] -- COMMAND...` (run_cmd.c). */
int run_command(int argc, char **argv);
/* `coroner watch UNIT` (watch_cmd.c). */
int watch_command(int argc, char **argv);
/* `coroner postmortem UNIT`, `coroner list`, `coroner show` (postmortem_cmd.c). */
int postmortem_command(int argc, char **argv);
int reports_command(int argc, char **argv);
/* Sends stdout through the user's pager (pager.c); false when there is none. */
bool pager_start(void);
/* Ends the pager's input and waits until the reader quits it. */
void pager_finish(void);

#endif
