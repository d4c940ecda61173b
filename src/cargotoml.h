/* cargotoml: the few values of a Cargo.toml the audits read.
 *
 * Not a TOML parser: a reader of `[table]` headers and `key = value`
 * lines, enough for the manifests cargo writes and people keep -- a
 * package's name, [features] default = [...] (over several lines too), and
 * [profile.release] settings.  Comments after `#` (outside strings) are
 * ignored; dotted keys and inline tables are taken as they are written. */
#ifndef HPA_CARGOTOML_H
#define HPA_CARGOTOML_H

#include <stddef.h>

#include "buf.h"
#include "strlist.h"

/* The raw value of `key` in `[table]` (table "" is the top), into `out`
 * (cleared first): a string without its quotes, anything else as written
 * with comments and line breaks removed (an array may span lines).  Its
 * 1-based line in *line (may be NULL).  1 when found, 0 when not, -1 when
 * memory ran out. */
int cargotoml_get(const char *text, size_t len, const char *table, const char *key, buf *out, size_t *line);

/* Does the manifest have the table `[table]`? */
int cargotoml_has_table(const char *text, size_t len, const char *table);

/* The quoted strings of an array value as cargotoml_get() returns it
 * (`["a", "b"]`), appended to `out`.  0, or -1 when memory ran out. */
int cargotoml_strings(const char *value, strlist *out);

#endif
