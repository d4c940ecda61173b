/* packmatch: what the pack scanner's core shares with each language's
 * half (packscan_rust.c, packscan_python.c) -- where a match is (place),
 * what the language answers about its tokens (language_ops), and the one
 * matching loop that runs a pack set's patterns over a file and puts each
 * match to its rule's predicates.  Internal to the scanner: packscan.h is
 * the interface the rest of the program uses. */
#ifndef HPA_PACKMATCH_H
#define HPA_PACKMATCH_H

#include "packscan.h"
#include "strlist.h"

/* What a whole file has, for predicates that need it somewhere: a rule
 * whose `where` cannot hold anywhere in the file gives no finding there,
 * so its patterns need not run (each rule is matched on its own: skipping
 * one changes no other's matches).  Unknown is "has". */
typedef struct {
	int fn_body, async_code, loop, for_loop;
} file_has;

/* Where a match is, as the predicates see it.  Token indices are the
 * language's own. */
#define PLACE_LOOPS 4

typedef struct {
	int in_fn, in_loop, in_for_loop, in_async, in_test;
	int in_template;          /* tokens a proc macro emits (`quote! { .. }`), not code that runs here */
	int hot;                  /* on a hot path: the file's, or (Rust) the code's own (hotpaths.h) */
	const char *fn_name;
	size_t fn_name_len;
	const char *path;         /* the file's path as the report shows it, or NULL (pack_file) */
	size_t loop_head, loop_head_end; /* the innermost for loop's header tokens [head, end) */
	uint32_t loop_line;       /* that for loop's first line */
	int for_batched;          /* that for loop goes over batches: `range(a, b, step)` (Python) */
	uint32_t any_loop_line;   /* the innermost loop's (any kind) first line */
	int loops;                /* the loops of any kind around it in its function */
	/* their headers, as far as PLACE_LOOPS go: [head, end) of a `for`
	 * loop's, head == end for any other loop */
	size_t loop_heads[PLACE_LOOPS], loop_ends[PLACE_LOOPS];
	/* each of them a loop of few passes: a timer's, which sleeps on every
	 * pass (`while True: time.sleep(interval)`, Python), so what it does
	 * runs per interval, not per event; or a `for` over a list, tuple or
	 * array written out in the code (`for m in [a, b, c]:`), as many
	 * passes as the code names */
	unsigned char loop_few[PLACE_LOOPS];
	/* each of them a loop with no end the code fixes, run per item of a
	 * stream: an `async for`, a `while True:` that is not a timer's
	 * (Python; the Rust half sets none) */
	unsigned char loop_unbounded[PLACE_LOOPS];
} place;

typedef struct {
	int language;
	/* the token a byte offset falls in, its line and column; the place */
	size_t (*token_at)(const void *file, size_t off);
	size_t (*count)(const void *file);
	void (*line_col)(const void *file, size_t tok, uint32_t *off, uint32_t *line, uint32_t *col);
	place (*place_of)(const void *file, size_t tok, const pack_file *pf);
	/* a predicate only this language answers (1 holds, 0 not, -1 unknown) */
	int (*predicate)(const void *file, const pack_where *w, size_t tok, pack_hit *hit);
	/* token i: an identifier (its text in *s, *n), `in` (2), or neither (0) */
	int (*ident)(const void *file, size_t i, const char **s, size_t *n);
	const char *(*text)(const void *file);
	/* token tok an opening bracket with its pair: the byte offset just
	 * past the closing one; else 0 */
	size_t (*closes_at)(const void *file, size_t tok);
	/* why token tok runs per request or per event, by what the code does
	 * (hotpaths.h, pyhot.h), into why: 1, or 0 when nothing says so */
	int (*hot_reason)(const void *file, size_t tok, const pack_file *pf, buf *why);
} language_ops;

/* Is the identifier one of the words, or its plural?  Or one of its
 * snake_case parts (word_in)? */
int word_is(const strlist *words, const char *s, size_t n);
int word_in(const strlist *words, const char *s, size_t n);

/* Is word one of the snake_case parts of the identifier s[0..n)
 * (`set_cookie_value` has `cookie`)? */
int snake_part(const char *s, size_t n, const char *word);

/* Is word the first of two or more snake_case parts of s[0..n)
 * (`update_config` starts with `update`)? */
int snake_first(const char *s, size_t n, const char *word);

/* The first of n tokens (each `size` bytes, beginning with its uint32_t
 * byte offset and length, as rustlex's and pylex's tokens do) that ends
 * after byte off; n when none does. */
size_t token_ending_after(const void *tokens, size_t n, size_t size, size_t off);

/* Run the set's rules of ops->language over the file's code view
 * code[0..len), each match put to its rule's predicates; hits onto out.
 * 0, or -1 when memory ran out. */
int packscan_match(const pack_set *ps, const language_ops *ops, const void *file, const file_has *has,
                   const char *code, size_t len, const pack_file *pf, pcre2_match_data *md, pack_hits *out);

#endif
