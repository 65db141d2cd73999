/* read.h — the read stage: sources of bytes and the lines in them. */
#ifndef CORONER_READ_H
#define CORONER_READ_H

#include "util.h"

enum compression { COMP_NONE, COMP_ZSTD, COMP_GZIP, COMP_XZ, COMP_BZIP2, COMP_LZ4 };
const char *compression_name(enum compression c);

/* read_source.c: a file or pipe, decompressed. */
struct source;
int source_open_path(const char *path, struct source **ret, struct coroner_error *err);
/* own_fd: close fd in source_free. */
int source_open_fd(int fd, const char *name, bool own_fd, struct source **ret,
                   struct coroner_error *err);
/* The current member of an archive (libarchive, after archive_read_next_header);
 * its bytes are decompressed in turn if they are compressed. */
struct archive;
int source_open_member(struct archive *ar, const char *name, struct source **ret, struct coroner_error *err);
void source_free(struct source *s);
enum compression source_compression(const struct source *s);
/* Decompress in a thread of its own from now on (no-op for plain input). */
int source_start_pump(struct source *s);
/* The next piece of decoded bytes: >0 its length (*ret points at it), 0 at
 * the end, <0 an error (err filled; the source is then finished). A piece
 * stays valid until the call after next: a reader can keep the line before
 * the current one where it lies. */
long source_next(struct source *s, const char **ret, struct coroner_error *err);
/* Control bytes (other than tab, line ends, ESC...) per thousand in the
 * first 64 KiB decoded: a log has next to none. */
unsigned source_control_permille(const struct source *s);
/* A systemd journal file (read it with sd-journal, not as text). */
bool source_is_journal_file(const struct source *s);
/* read_journal.c: is this the name of a journal file (*.journal, *.journal~,
 * an archived or a dirty one)? */
bool journal_file_name(const char *name);

/* read_journal.c: a systemd journal's entries through sd-journal, pulled
 * one by one by the analysis (analysis_journal.c). */
struct journal_reader;
struct journal_entry {
        const char *msg;  /* MESSAGE, cut at LIMIT_LINE_BYTES; valid until the next call */
        size_t msg_len;
        /* journal_reader_fields: */
        char host[64], ident[64], unit[80], invocation[33];
        long pid;
        int64_t time_usec;
        const char *line;  /* the entry as journalctl -o short-iso shows it (evidence) */
        size_t line_len;
};
/* Opens the journal o names, with its filters, standing before the first
 * entry to read (--invocation, the cursor file, since, the last ten for
 * --follow, or the head). */
int journal_reader_open(const struct coroner_journal_options *o, int64_t since, struct journal_reader **ret,
                        struct coroner_error *err);
void journal_reader_free(struct journal_reader *jr);
/* 1: the next entry's message in e (its other fields not read yet); 0: no
 * more for now, or the next is after until (0: none); <0: an error. */
int journal_reader_next(struct journal_reader *jr, int64_t until, struct journal_entry *e, struct coroner_error *err);
/* The rest of the entry journal_reader_next returned last. */
void journal_reader_fields(struct journal_reader *jr, struct journal_entry *e);
/* Waits (up to 100 ms) for the journal to change. */
int journal_reader_wait(struct journal_reader *jr, struct coroner_error *err);
long journal_reader_entries(const struct journal_reader *jr);
/* The cursor of the last entry read, or NULL; take: the caller frees it. */
const char *journal_reader_cursor(const struct journal_reader *jr);
char *journal_reader_take_cursor(struct journal_reader *jr);
/* --invocation: the invocation read. */
void journal_reader_invocation(const struct journal_reader *jr, char out[33]);
/* "-- No entries --" and the filters that left nothing, if nothing (of
 * the unit) was read; NULL otherwise. The caller frees it. */
char *journal_reader_note(struct journal_reader *jr, const struct coroner_journal_options *o);
/* Whether the files hold fewer entries than their headers count (read
 * whole), or a file is damaged: err says where. */
bool journal_reader_damaged(struct journal_reader *jr, const struct coroner_journal_options *o,
                            struct coroner_error *err);

/* read_follow.c: inputs read as they grow (--follow: standard input,
 * FIFOs, files followed as tail -F does), pulled by the analysis one event
 * at a time (analysis_follow.c). */
enum follow_kind {
        FOLLOW_OPENED,  /* an input (a rotated file's next file is a new one): name */
        FOLLOW_BYTES,   /* bytes read from it, before their lines */
        FOLLOW_LINE,    /* a whole line, cut at LIMIT_LINE_BYTES, and the line before it (or NULL) */
        FOLLOW_ENDED,   /* the input ended: its last lines were told */
        FOLLOW_FAILED,  /* it failed and ended: message */
        FOLLOW_ROUND,   /* a round is over (after a wait of at most 100 ms) */
        FOLLOW_DONE,    /* every input ended */
};
struct follow_event {
        enum follow_kind kind;
        size_t input;          /* the reader's number for the input */
        const char *name;      /* OPENED */
        size_t bytes;          /* BYTES */
        const char *line, *prev;  /* LINE: valid until the next call */
        size_t len, prev_len;
        const char *message;   /* FAILED, and its error code (CORONER_E_IO, _USAGE, _NOMEM) */
        int code;
};
struct follow_reader;
/* errs[i] says what went wrong with paths[i] (NULL or "-": standard input). */
int follow_reader_open(const char *const *paths, size_t n, struct coroner_error *errs, struct follow_reader **ret);
/* The next event; <0 when the wait itself failed. */
int follow_reader_next(struct follow_reader *fr, struct follow_event *ev);
/* Reading stops: every input's last lines and its end are told next, then DONE. */
void follow_reader_stop(struct follow_reader *fr);
void follow_reader_free(struct follow_reader *fr);

/* read_lines.c: the lines of a source, or of bytes fed in by the caller
 * (src NULL), each at most LIMIT_LINE_BYTES (longer ones are cut there and
 * the rest skipped). A final line without '\n' counts. */
struct line_reader;
int line_reader_new(struct source *src, struct line_reader **ret);
void line_reader_free(struct line_reader *lr);
enum { LINE_READER_HUNGRY = 2 };
/* 1 and a line (valid until the next call), 0 at the end, <0 on error;
 * LINE_READER_HUNGRY: a fed reader has used its piece (feed the next). */
int line_reader_next(struct line_reader *lr, const char **ret_line, size_t *ret_len,
                     struct coroner_error *err);
/* A fed reader's next piece, after line_reader_next said LINE_READER_HUNGRY:
 * copies up to 64 KiB of bytes and returns how many it took. */
size_t line_reader_feed(struct line_reader *lr, const char *bytes, size_t n);
/* A fed reader's input ended: its unended last line comes next. */
void line_reader_end(struct line_reader *lr);
/* The input starts again (a followed file was truncated): the unended line is dropped. */
void line_reader_restart(struct line_reader *lr);
uint64_t line_reader_bytes(const struct line_reader *lr);
/* The line before the one returned last (both stay valid until the next
 * call), if there was one. */
bool line_reader_previous(const struct line_reader *lr, const char **ret_line, size_t *ret_len);

#endif
