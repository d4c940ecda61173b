/* typelib: the struct and type-alias declarations of every audited file,
 * so that evidence can follow a type declared in another file (a field of
 * `EngineConfig`, a struct made of handles).
 *
 * Built in a first pass: each file's `struct .. { .. }` and `type .. = ..;`
 * items are copied into one synthetic source, which is lexed and scanned
 * once.  Its size is capped (TYPELIB_MAX_BYTES): past it, later items are
 * left out and types from them stay unknown, which only makes verdicts
 * more conservative. */
#ifndef HPA_TYPELIB_H
#define HPA_TYPELIB_H

#include <stddef.h>

#include "buf.h"
#include "rustlex.h"
#include "rustscan.h"

#define TYPELIB_MAX_BYTES (32u << 20)

typedef struct {
	const char *name;       /* into text (not NUL-terminated) */
	size_t len;
	size_t first, count;    /* struct: its fields in scan.fields; alias: index in scan.aliases */
} typelib_entry;

typedef struct {
	buf text;               /* the synthetic source (owned) */
	rustlex_result lex;     /* over text, after typelib_finish() */
	rustscan_result scan;
	int finished;
	int truncated;          /* the cap was reached */
	typelib_entry *structs; /* sorted by name (owned) */
	size_t nstructs;
	typelib_entry *aliases; /* sorted by name (owned) */
	size_t naliases;
} typelib;

/* The struct (or alias) called name[0..n): NULL when there is none, or
 * more than one (an ambiguous name is an unknown type). */
const typelib_entry *typelib_struct(const typelib *lib, const char *name, size_t n);
const typelib_entry *typelib_alias(const typelib *lib, const char *name, size_t n);

/* Append the type items of one already scanned file. 0, or -1 on no memory. */
int typelib_add(typelib *lib, const rustscan_result *rs);

/* Append the type items of one file's text, lexing only the items: the
 * keywords are found by memmem(), kept when rustlex_keep_code() says they
 * are code, and each item is lexed on its own.  `lx` is scratch space.
 * The same text typelib_add() appends for a scan of the whole file (in
 * well-formed code; a bracket closing nothing may pair differently).
 * 0, or -1 on no memory. */
int typelib_collect(typelib *lib, rustlex_result *lx, const char *text, size_t len);

/* Append another library's text (to merge per-thread libraries). */
int typelib_merge(typelib *lib, const typelib *part);

/* Lex and scan the collected text; afterwards `scan` is usable. */
int typelib_finish(typelib *lib);

void typelib_free(typelib *lib);

#endif
