/* unit.h — shared scaffolding for the Check unit tests. */
#ifndef CORONER_UNIT_H
#define CORONER_UNIT_H

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analysis.h"  /* every stage: each test program looks at one */

/* Each test program defines suite(); main runs it. */
Suite *suite(void);

int main(void)
{
        SRunner *sr = srunner_create(suite());
        srunner_set_fork_status(sr, CK_NOFORK);  /* sanitizers see every test */
        srunner_run_all(sr, CK_NORMAL);
        int failed = srunner_ntests_failed(sr);
        srunner_free(sr);
        return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

/* A temporary file holding data; returns its path (static buffer per call site). */
static inline void write_temp(char *path, size_t cap, const void *data, size_t n)
{
        snprintf(path, cap, "/tmp/coroner-unit-XXXXXX");
        int fd = mkstemp(path);
        ck_assert_int_ge(fd, 0);
        ck_assert_int_eq(write(fd, data, n), (ssize_t)n);
        close(fd);
}

#endif
