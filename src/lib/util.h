/* util.h — what every stage uses: the limits on input, strings, buffers,
 * hashes and times. Not installed; the stages' headers include it. */
#ifndef CORONER_UTIL_H
#define CORONER_UTIL_H

#include "coroner.h"
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>


enum { TIME_TEXT = 64 };  /* an RFC 3339 timestamp as text */

/* Every limit a user's input can push against, in one place. */
enum {
        LIMIT_LINE_BYTES = 64 * 1024,     /* longer lines are cut (rest skipped) */
        LIMIT_DISPLAY_BYTES = 400,        /* evidence text shown in reports */
        LIMIT_MESSAGE_BYTES = 16 * 1024,  /* an exception message */
        LIMIT_MESSAGE_LINES = 60,         /* continuation lines of a message */
        LIMIT_FRAMES = 64,                /* frames kept per exception (first/last halves) */
        LIMIT_CHAIN = 32,                 /* exceptions kept per chain or group */
        LIMIT_GROUP_DEPTH = 16,           /* ExceptionGroup nesting followed */
        LIMIT_TRACEBACK_LINES = 4000,     /* a longer traceback is closed as incomplete */
        LIMIT_STREAMS = 4096,             /* open streams; the idlest is flushed beyond */
        LIMIT_DIAGNOSES = 1024,           /* distinct diagnoses no signature names: more are folded */
        LIMIT_DIAGNOSES_ALL = 4096,       /* all diagnoses: past it, a signature's events are counted
                                           * on its latest diagnosis (rank.c ranking_add) */
        LIMIT_EVIDENCE = 6,               /* evidence lines per diagnosis */
        LIMIT_DIAG_STREAMS = 64,          /* streams listed per diagnosis */
        LIMIT_FACTS = 96,                 /* environment facts kept */
        LIMIT_PCRE2_MATCH = 1000000,      /* pcre2_set_match_limit */
        LIMIT_PCRE2_DEPTH = 10000,        /* pcre2_set_depth_limit */
        LIMIT_PCRE2_HEAP_KIB = 20 * 1024, /* pcre2_set_heap_limit */
        MAX_LITERALS = 32,                /* pre-filter literals of one pattern (one per alternative) */
};

/* ---- util.c ---- */

void *xmalloc_or_null(size_t n);
/* Room for one more of n elements: items itself, or items moved to twice
 * the capacity (initial at first; *cap updated). NULL when memory is out,
 * items and *cap then untouched. */
void *grow_array(void *items, size_t n, size_t *cap, size_t elem, size_t initial);
char *strndup_safe(const char *s, size_t n);
void set_error(struct coroner_error *err, const char *where, const char *fmt, ...)
        __attribute__((format(printf, 3, 4)));

/* A growable byte buffer; always NUL-terminated when non-empty. */
struct strbuf {
        char *data;
        size_t len, cap;
        bool failed;  /* an allocation failed; further appends are ignored */
};
void sb_append(struct strbuf *sb, const char *s, size_t n);
void sb_puts(struct strbuf *sb, const char *s);
void sb_printf(struct strbuf *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void sb_putc(struct strbuf *sb, char c);
/* Appends s, replacing invalid UTF-8, control bytes and ANSI escapes by safe
 * text, cut at max bytes with "…". */
void sb_append_display(struct strbuf *sb, const char *s, size_t n, size_t max);
char *sb_take(struct strbuf *sb);  /* returns data (caller frees), resets sb */
void sb_free(struct strbuf *sb);

uint64_t fnv1a64(const void *data, size_t n, uint64_t h);
/* memmem for the short texts searched in every line: memchr (vectorised)
 * for the text's rarest byte, then a comparison. glibc's memmem prepares
 * a skip table on each call, which costs more than a log line's search. */
const char *find_text(const char *s, size_t n, const char *text, size_t len);
/* How common a byte is in log text: 4 small letters and blanks, 2 capitals
 * and digits, 1 punctuation and the rest. Searches start from rare bytes. */
int byte_commonness(unsigned char c);
/* Is this text of a fix or check a bare command (signatures/README.md)? */
bool text_is_command(const char *text);
/* memmem ignoring ASCII case; needle is NUL-terminated. */
const char *memcasemem(const char *hay, size_t n, const char *needle);
/* usec since the epoch as RFC 3339 UTC ("2026-11-29T21:40:13.250000Z"). */
void format_time(int64_t usec, char buf[TIME_TEXT]);
/* The same in the local zone, for people: "2026-11-29 16:40:13 -0500". */
void format_local_time(int64_t usec, char buf[TIME_TEXT]);
#define FNV1A64_INIT 0xcbf29ce484222325ULL

#endif
