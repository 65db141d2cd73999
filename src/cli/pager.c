/* pager.c — the report through a pager on a terminal, as git and journalctl
 * do: $CORONER_PAGER, else $PAGER, else less (with LESS=FRX unless LESS is
 * set: quit when it fits one screen, keep colours, leave the screen as it
 * is); none when the chosen pager is empty or "cat", or less is missing. */
#include "config.h"
#include "cli.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static pid_t pager_pid = -1;

/* Is name an executable in $PATH? */
static bool in_path(const char *name)
{
        const char *path = getenv("PATH");
        char file[4096];
        for (const char *p = path ? path : "/usr/bin:/bin"; *p;) {
                size_t n = strcspn(p, ":");
                if (snprintf(file, sizeof file, "%.*s/%s", (int)n, n ? p : ".", name) < (int)sizeof file &&
                    access(file, X_OK) == 0)
                        return true;
                p += n + (p[n] == ':');
        }
        return false;
}

bool pager_start(void)
{
        const char *pager = getenv("CORONER_PAGER");
        if (!pager)
                pager = getenv("PAGER");
        if (!pager) {
                pager = in_path("less") ? "less" : in_path("more") ? "more" : "";
                setenv("LESS", "FRX", 0);
        }
        if (!pager[0] || strcmp(pager, "cat") == 0)
                return false;
        int fds[2];
        fflush(stdout);
        if (pipe(fds) != 0)
                return false;
        pid_t pid = fork();
        if (pid < 0) {
                close(fds[0]);
                close(fds[1]);
                return false;
        }
        if (pid == 0) {
                dup2(fds[0], STDIN_FILENO);
                close(fds[0]);
                close(fds[1]);
                execl("/bin/sh", "sh", "-c", pager, (char *)NULL);
                _exit(127);
        }
        close(fds[0]);
        dup2(fds[1], STDOUT_FILENO);
        close(fds[1]);
        /* The reader may quit before the end: not an error. */
        signal(SIGPIPE, SIG_IGN);
        pager_pid = pid;
        return true;
}

void pager_finish(void)
{
        if (pager_pid < 0)
                return;
        fflush(stdout);
        fclose(stdout);
        int status;
        while (waitpid(pager_pid, &status, 0) < 0 && errno == EINTR)
                ;
        pager_pid = -1;
}
