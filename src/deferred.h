/* deferred: rule findings that wait for the whole workspace.  A blocking
 * call in a plain fn is a finding only if async code of some file calls
 * that fn per item (asynccalls.h) -- known once every file has been read.
 * Pass 2 builds such a finding but keeps it here, with the keys of the
 * fns that may be so called (the fn itself, the fns of its file that call
 * it); after pass 2 each is given its caller and kept, or dropped.
 *
 * The other question a finding may wait on: does every fn of a name
 * return a Result (typelib_fn_fallible) -- a candidate line "?m:NAME\t\n"
 * (methods) or "?f:NAME\t\n" (any fn), asked of the library once every
 * file's fns are in it. */
#ifndef HPA_DEFERRED_H
#define HPA_DEFERRED_H

#include <jansson.h>

#include "buf.h"
#include "pack.h"
#include "strlist.h"
#include "typelib.h"

typedef struct {
	json_t *finding;             /* built; its message without the caller (owned) */
	json_t *ctx;                 /* the templates' values (owned) */
	const pack_writeup *rule;    /* borrowed: the pack set outlives the run */
	const strlist *off_executor; /* borrowed: the predicate's words */
	const strlist *skip;         /* borrowed: the rule's not_in_fn words, or NULL */
	char *candidates;            /* "KEY\tNOTE\n" lines: a fn's key, and how it reaches the finding's fn (owned) */
} deferred_finding;

typedef struct deferred_list {
	deferred_finding *v;
	size_t n, cap;
} deferred_list;

/* Keep a finding; the list takes finding and ctx (also on failure).
 * 0, or -1 when memory ran out. */
int deferred_add(deferred_list *l, json_t *finding, json_t *ctx, const pack_writeup *rule, const strlist *off_executor,
                 const strlist *skip, const char *candidates);

/* Every candidate key of the list, "KEY\n" lines onto keys (what the
 * async code must name to reach one).  0, or -1. */
int deferred_keys(const deferred_list *l, buf *keys);

/* The names the "?" candidates ask about, onto words (the files the
 * library must read).  0, or -1. */
int deferred_names(const deferred_list *l, strlist *words);

/* Each finding whose candidates the library's async records reach
 * (asynccalls_reason) goes onto out, its message rendered with the
 * caller; the others are dropped.  The list is emptied.  0, or -1. */
int deferred_resolve(deferred_list *l, const typelib *lib, json_t *out);

void deferred_free(deferred_list *l);

#endif
