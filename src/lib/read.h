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

/* read_lines.c: lines from a source, each at most LIMIT_LINE_BYTES (longer
 * ones are cut there and the rest skipped). A final line without '\n' counts. */
struct line_reader;
int line_reader_new(struct source *src, struct line_reader **ret);
void line_reader_free(struct line_reader *lr);
/* 1 and a line (valid until the next call), 0 at the end, <0 on error. */
int line_reader_next(struct line_reader *lr, const char **ret_line, size_t *ret_len,
                     struct coroner_error *err);
uint64_t line_reader_bytes(const struct line_reader *lr);
/* The line before the one returned last (both stay valid until the next
 * call), if there was one. */
bool line_reader_previous(const struct line_reader *lr, const char **ret_line, size_t *ret_len);

#endif
