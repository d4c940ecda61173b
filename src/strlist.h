/* strlist: a list of literal strings, and "does any of them occur in this
 * text?" answered in one pass over the text (the hint lists). */
#ifndef HPA_STRLIST_H
#define HPA_STRLIST_H

#include <stddef.h>

typedef struct {
	char *s;    /* owned, NUL-terminated */
	size_t len;
} strlist_item;

typedef struct {
	strlist_item *items; /* owned array of owned strings */
	size_t count;
	/* the items whose first byte is b: by_first[first[b]] .. by_first[first[b + 1] - 1] */
	size_t first[257];
	size_t *by_first;    /* owned; built by strlist_add() */
} strlist;

/* Append a copy of s (non-empty).  0, or -1 when memory ran out. */
int strlist_add(strlist *l, const char *s);

/* `any(item in hay for item in l)`. */
int strlist_in(const strlist *l, const char *hay, size_t n);

/* The same for a long text (a whole file): one vectorised search per item
 * (textfind.h) rather than a look at every byte. */
int strlist_in_text(const strlist *l, const char *text, size_t n);

/* Is s (s[0..n)) exactly one of the items? */
int strlist_has(const strlist *l, const char *s, size_t n);

/* The items as a NULL-terminated array of C strings, borrowed from the
 * list: the caller frees the array (not the strings).  NULL when memory
 * ran out. */
const char **strlist_cstrs(const strlist *l);

void strlist_free(strlist *l);

#endif
