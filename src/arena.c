#include "config.h"

#include "arena.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#if defined(__SANITIZE_ADDRESS__)
#define ARENA_PIECE_EACH 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ARENA_PIECE_EACH 1
#endif
#endif
#ifndef ARENA_PIECE_EACH
#define ARENA_PIECE_EACH 0
#endif

#define HUGE_PAGE ((size_t)2 << 20) /* x86-64's and arm64's transparent huge page */
/* The first 4 MB of an arena come in blocks of 64 KB from malloc, which
 * takes them from memory the thread has freed (a file's buffers, pass
 * 1's pieces): a small audit holds no more than before it had an arena.
 * Past that the arena holds thousands of findings, and blocks of 4 MB
 * doubling to 32 MB are mapped for huge pages: the last huge page's
 * unused part, at most 2 MB a thread, is small beside them. */
#define SMALL_BLOCK ((size_t)64 << 10)
#define HUGE_BLOCK (2 * HUGE_PAGE)
#define LARGEST_BLOCK ((size_t)32 << 20)
#define ALIGN ((size_t)16)

struct arena_block {
	arena_block *next;
	size_t size;  /* bytes, this header included */
	int mapped;   /* mmap'ed; else malloc'ed */
};

#define HEADER ((sizeof(arena_block) + ALIGN - 1) & ~(ALIGN - 1))

/* A block of `size` bytes: mapped on a huge-page boundary with the kernel
 * asked for huge pages (a hint: where it says no, the block is ordinary
 * memory), or from malloc when mapping fails or pieces go one by one. */
static arena_block *block_new(size_t size)
{
	arena_block *b = NULL;

	if (!ARENA_PIECE_EACH && size >= HUGE_BLOCK && size % HUGE_PAGE == 0) {
		size_t span = size + HUGE_PAGE;
		char *p = mmap(NULL, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (p != MAP_FAILED) {
			/* a huge page needs a 2 MB range that starts on a 2 MB
			 * boundary: keep the aligned part of the mapping */
			char *start = (char *)(((uintptr_t)p + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1));
			if (start > p)
				munmap(p, (size_t)(start - p));
			if (p + span > start + size)
				munmap(start + size, (size_t)(p + span - (start + size)));
#ifdef MADV_HUGEPAGE
			madvise(start, size, MADV_HUGEPAGE);
#endif
			b = (arena_block *)start;
			b->mapped = 1;
		}
	}
	if (!b) {
		if (!(b = malloc(size)))
			return NULL;
		b->mapped = 0;
	}
	b->size = size;
	b->next = NULL;
	return b;
}

static void block_free(arena_block *b)
{
	if (b->mapped)
		munmap(b, b->size);
	else
		free(b);
}

void *arena_alloc(arena *a, size_t n)
{
	arena_block *b;
	size_t size;
	char *p;

	if (n > SIZE_MAX / 2)
		return NULL;
	n = (n + ALIGN - 1) & ~(ALIGN - 1);
	if (a->next && (size_t)(a->end - a->next) >= n) {
		p = a->next;
		a->next += n;
		return p;
	}
	if (ARENA_PIECE_EACH)
		size = HEADER + n;
	else {
		size = a->grown ? a->grown : SMALL_BLOCK;
		if (size < HEADER + n) /* a piece larger than a block: a block of its own */
			size = HEADER + n < HUGE_BLOCK ? HEADER + n : (HEADER + n + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
	}
	if (!(b = block_new(size)))
		return NULL;
	b->next = a->blocks;
	a->blocks = b;
	p = (char *)b + HEADER;
	a->next = p + n;
	a->end = (char *)b + size;
	a->held += size;
	if (!ARENA_PIECE_EACH && a->held >= HUGE_BLOCK) /* doubling: few blocks on a large tree */
		a->grown = a->grown < HUGE_BLOCK ? HUGE_BLOCK : a->grown < LARGEST_BLOCK ? a->grown * 2 : LARGEST_BLOCK;
	return p;
}

void arena_adopt(arena *into, arena *from)
{
	arena_block *last;

	if (!from->blocks)
		return;
	if (!into->blocks) {
		*into = *from;
	} else { /* behind into's newest block, whose free room stays in use */
		for (last = from->blocks; last->next; last = last->next)
			;
		last->next = into->blocks->next;
		into->blocks->next = from->blocks;
		into->held += from->held;
	}
	from->blocks = NULL;
	from->next = from->end = NULL;
	from->grown = from->held = 0;
}

void arena_free(arena *a)
{
	arena_block *b, *next;

	for (b = a->blocks; b; b = next) {
		next = b->next;
		block_free(b);
	}
	a->blocks = NULL;
	a->next = a->end = NULL;
	a->grown = a->held = 0;
}

void arena_hint_huge(void *p, size_t n)
{
#ifdef MADV_HUGEPAGE
	uintptr_t from = ((uintptr_t)p + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1);
	uintptr_t to = ((uintptr_t)p + n) & ~(uintptr_t)(HUGE_PAGE - 1);

	if (!ARENA_PIECE_EACH && n >= 2 * HUGE_PAGE && to > from)
		madvise((void *)from, (size_t)(to - from), MADV_HUGEPAGE);
#else
	(void)p;
	(void)n;
#endif
}

void *arena_calloc_huge(size_t count, size_t each)
{
	void *p;

	if (each && count > SIZE_MAX / each)
		return NULL;
	if (count * each < 2 * HUGE_PAGE)
		return calloc(count, each);
	if ((p = malloc(count * each)) != NULL) {
		arena_hint_huge(p, count * each);
		memset(p, 0, count * each);
	}
	return p;
}
