/* arena: memory handed out in pieces and given back all at once.
 *
 * Why: an audit keeps every clone finding until the report is written --
 * tens of thousands of tapes of some 3 KB each on a dense tree, made once
 * and never resized.  Each was a malloc of room for the largest finding
 * and a realloc down to its size: the allocator's work per finding, and a
 * page fault for every 4 KB of new memory (on a virtual machine a fault
 * costs microseconds; they were a quarter of a dense audit's time).  An
 * arena takes memory in blocks -- of 64 KB from malloc for its first 4
 * MB, then of 4 to 32 MB for which it asks for transparent huge pages,
 * where the kernel offers them on request (one fault per 2 MB) -- and
 * hands out pieces by moving a pointer.
 *
 * An arena is used by one thread at a time; arena_adopt() moves one
 * arena's blocks into another, so workers' arenas can end up owned by the
 * result they built.  Under AddressSanitizer every piece is a malloc of
 * its own, so that reads past a piece are still caught. */
#ifndef HPA_ARENA_H
#define HPA_ARENA_H

#include <stddef.h>

typedef struct arena_block arena_block;

typedef struct {
	arena_block *blocks; /* newest first (owned) */
	char *next, *end;    /* the free room of the newest block */
	size_t grown;        /* the size of the next block to take (0: a small one) */
	size_t held;         /* bytes in its blocks */
} arena;

#define ARENA_INIT { NULL, NULL, NULL, 0, 0 }

/* n bytes, aligned for any type, valid until arena_free(); NULL when
 * memory ran out. */
void *arena_alloc(arena *a, size_t n);

/* Move every block of `from` into `into`; `from` is left empty. */
void arena_adopt(arena *into, arena *from);

void arena_free(arena *a);

/* Ask for huge pages behind the whole 2 MB pages inside p[0..n): for a
 * buffer of megabytes just allocated and about to be filled (the type
 * library's text and tokens), before anything touches it.  Only a hint;
 * nothing for a buffer under 4 MB. */
void arena_hint_huge(void *p, size_t n);

/* calloc(), with huge pages asked for before the zeroing touches the
 * memory: for arrays of megabytes (the first pass's piece per file, the
 * library's table of fns).  free() gives it back. */
void *arena_calloc_huge(size_t count, size_t each);

#endif
