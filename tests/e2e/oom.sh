#!/bin/sh
# oom.sh — memory that runs out. A preloaded allocator fails every
# allocation from the N-th on; for N across a whole run (loading signatures,
# reading, matching, ranking, reporting, -j's merge) coroner must never
# crash: it exits 0, 1 or 2 with what it could do (coroner.h: out of memory).
. "$SRCDIR/tests/e2e/lib.sh"
CC=${CC:-cc}
if ldd "$CORONER" 2>/dev/null | grep -q "libasan\|libtsan" || nm "$CORONER" 2>/dev/null | grep -q "__asan_init\|__tsan_init"; then
        echo "1..0 # SKIP a sanitizer's allocator cannot be replaced by a preloaded one"
        exit 0
fi
cat > "$TMP/failmalloc.c" <<'C'
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
static long calls, fail_at = -1;
static int fails(void)
{
        if (fail_at < 0)
                fail_at = getenv("FAIL_AT") ? atol(getenv("FAIL_AT")) : 0;
        calls++;
        if (fail_at > 0 && calls >= fail_at) {
                errno = ENOMEM;
                return 1;
        }
        return 0;
}
void *malloc(size_t n) { return fails() ? NULL : __libc_malloc(n); }
void *calloc(size_t a, size_t b) { return fails() ? NULL : __libc_calloc(a, b); }
void *realloc(void *p, size_t n) { return fails() ? NULL : __libc_realloc(p, n); }
__attribute__((destructor)) static void count(void)
{
        if (getenv("FAIL_COUNT"))
                fprintf(stderr, "allocations: %ld\n", calls);
}
C
if ! $CC -shared -fPIC -O1 -o "$TMP/failmalloc.so" "$TMP/failmalloc.c" 2>"$TMP/cc.err"; then
        echo "1..0 # SKIP cannot build the failing allocator: $(head -1 "$TMP/cc.err")"
        exit 0
fi
SIGS="--no-default-signatures -s $SRCDIR/signatures/distributed -s $SRCDIR/signatures/torch"
A="$SRCDIR/corpus/gpu-nccl-cascade/log.txt"
B="$SRCDIR/corpus/gpu-cuda-oom/log.txt"
gzip -c "$B" > "$TMP/b.gz"

# sweep DESCRIPTION ARGS...: every 3rd allocation of the run fails first.
sweep() {
        _what=$1; shift
        total=$(LD_PRELOAD="$TMP/failmalloc.so" FAIL_COUNT=1 "$CORONER" --no-pager $SIGS "$@" 2>&1 >/dev/null |
                sed -n 's/^allocations: //p')
        crashes=0; first=""
        for n in $(seq 1 3 "${total:-0}"); do
                LD_PRELOAD="$TMP/failmalloc.so" FAIL_AT=$n "$CORONER" --no-pager $SIGS "$@" >/dev/null 2>&1
                s=$?
                if [ $s -gt 2 ]; then
                        crashes=$((crashes + 1))
                        [ -n "$first" ] || first="FAIL_AT=$n: exit $s"
                fi
        done
        [ -n "$total" ] && [ $crashes -eq 0 ] && ok "$_what: allocation failures from each of $total points: no crash" \
                || not_ok "$_what: $crashes crashes of $total points" "$first"
}
sweep "one text log" -j1 "$A"
sweep "two inputs, one compressed, -j 2" -j2 "$A" "$TMP/b.gz"
sweep "JSON report" -j1 -f json "$B"
done_testing
