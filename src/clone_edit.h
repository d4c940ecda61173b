/* clone_edit: the source edit that carries out a removable finding's change.
 *
 * A finding says in words what to do ("replace `x.clone()` with `x`",
 * "bind a reference", "take the value"); the compiler check, the patch file
 * and the forges' suggestions need it as bytes.  This is the one place that
 * turns a finding into an edit: the clone expression's bytes [start, end)
 * and the text that replaces them, found again in the file's text by the
 * `clone` token's line and column.  The text between (the receiver) is
 * kept as written, comments and line breaks included. */
#ifndef HPA_CLONE_EDIT_H
#define HPA_CLONE_EDIT_H

#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "jsontape.h"

enum clone_edit_kind {
	CLONE_EDIT_NONE,   /* the finding proposes no mechanical change */
	CLONE_EDIT_DROP,   /* `x.clone()` -> `x`, `T::clone(&x)` -> `x` */
	CLONE_EDIT_BORROW, /* -> `&x` (a binding or a loop that only reads) */
	CLONE_EDIT_TAKE,   /* -> `std::mem::take(&mut x)` */
	CLONE_EDIT_TAKE_CORE, /* -> `core::mem::take(&mut x)`: in a `no_std` crate, as the finding's change says */
	CLONE_EDIT_DEREF,  /* -> `*r`: a Copy value behind the reference r (`r.clone()`, `Clone::clone(r)`) */
	CLONE_EDIT_UNBORROW, /* `&r.clone()` -> `r`: r is itself the reference the `&` made of the copy */
};

typedef struct {
	size_t start, end;   /* bytes of the file replaced */
	buf replacement;     /* what replaces them (owned) */
	uint32_t line, end_line; /* lines of start and end (1-based, '\n' counted) */
	uint32_t col, end_col;   /* columns of start and end, in code points (1-based; end exclusive) */
	/* the copy is used where it is made in a way that could change it:
	 * a method call, field, index or `?` on it, `&mut` before it, or a
	 * `let mut` binding.  Removing such a clone hands that use the
	 * original -- which the compiler may well accept (`self.chars.clone()
	 * .next()` peeks; `self.chars.next()` consumes) */
	int copy_used_in_place;
	/* ... by a method call (`x.clone().m()`), `&mut x.clone()` or `let ref
	 * mut y = x.clone()`: the uses that can change a Copy value in place; a
	 * field, index, `?` or `let mut` copies it */
	int copy_method_in_place;
} clone_edit;

#define CLONE_EDIT_INIT { 0, 0, BUF_INIT, 0, 0, 0, 0, 0, 0 }

/* The edit a finding's change asks for: removable_move -> DROP (R14:
 * TAKE), removable_borrow -> BORROW for a bound or iterated copy (R5),
 * UNBORROW for `&r.clone()` of a reference r, DROP otherwise; any other
 * bucket -> NONE. */
enum clone_edit_kind clone_edit_kind_of(const jsontape *finding);

/* Make the edit of `kind` for the clone whose `clone` word stands at
 * line:col of text[0..len).  0, or -1 with why in `why` (no clone call
 * there, a form with no mechanical edit such as `T::clone(x)` without `&`,
 * out of memory).  Free with clone_edit_free(). */
int clone_edit_make(clone_edit *out, const char *text, size_t len, uint32_t line, uint32_t col,
                    enum clone_edit_kind kind, buf *why);

/* Apply edits[0..n) (sorted by start, not overlapping) to text: the new
 * text in out; new_start[i] (when not NULL) gets where edit i's
 * replacement begins in it.  0, or -1 when memory ran out. */
int clone_edit_apply(buf *out, const char *text, size_t len, const clone_edit *const *edits, size_t n,
                     size_t *new_start);

void clone_edit_free(clone_edit *e);

#endif
