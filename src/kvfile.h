/* kvfile: the line format every data file in patterns/ uses.
 *
 * One `KEY VALUE` per line; a line whose first non-blank character is `#`
 * is a comment; blank lines are ignored.  The value is the rest of the line
 * after the key and the white space that follows it, trailing white space
 * (and a CR) removed.  NUL bytes and invalid UTF-8 are refused.  Errors
 * read "file:line: message". */
#ifndef HPA_KVFILE_H
#define HPA_KVFILE_H

#include <stddef.h>

#include "buf.h"

typedef struct {
	const char *file;
	size_t line;
	buf *err;
} kvfile_pos;

/* Called for each KEY VALUE line; `value` may be "" and may be modified
 * (it is a scratch copy).  Return 0, or -1 after kvfile_error(). */
typedef int (*kvfile_line_fn)(void *ctx, kvfile_pos *pos, const char *key, char *value);

/* Parse text[0..len), calling fn for each line.  Returns 0 or -1. */
int kvfile_parse(const char *file, const char *text, size_t len, kvfile_line_fn fn, void *ctx, buf *err);

/* Append "file:line: msg 'arg'" (arg may be NULL) to pos->err; returns -1. */
int kvfile_error(kvfile_pos *pos, const char *msg, const char *arg);

/* Split the first blank-separated word off *rest: 0, or -1 if none. */
int kvfile_next_word(char **rest, char **word);

/* `version 1`, the first key of every data file: given once, and the one
 * this build reads.  *seen is set.  0, or -1 after kvfile_error(). */
int kvfile_version(kvfile_pos *pos, const char *value, int *seen, const char *what);

/* A whole number in [min, max]: 0, or -1 after kvfile_error(). */
int kvfile_int(kvfile_pos *pos, const char *s, int min, int max, int *out);

#endif
