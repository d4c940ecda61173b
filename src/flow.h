/* flow: control flow inside a fn, as much as a later-use check needs.
 *
 * A read of a value after a clone keeps the clone only if it can run
 * after it.  Within one fn body, from a token `at`, these cannot:
 *   - the other arms of every `match` whose arm holds `at`, after that arm;
 *   - the `else` branches of every `if` (and `if let`) whose block holds
 *     `at`;
 *   - everything after a `return` whose value holds `at`, however deep
 *     (a call's argument, a struct literal's field, a block's tail).
 * (A loop brings earlier code round again: that is the loop rule's
 * business, not this one's.)  Tokens only: no types, no macros expanded --
 * a region is left out only when the brackets say so plainly. */
#ifndef HPA_FLOW_H
#define HPA_FLOW_H

#include <stddef.h>
#include <stdint.h>

#include "rustlex.h"

typedef struct {
	uint32_t a, b;   /* tokens [a, b) that cannot run after `at` */
} flow_skip;

/* The regions of the fn body (its `{` at body_open) that cannot run after
 * token `at`, into out[0..max); `return_end` is the end of a `return`
 * holding `at` (else 0) and `return_close` the close of the body it
 * leaves (flow_holders_of's): everything between them is left out.
 * Returns how many regions, in no order. */
size_t flow_unreachable(const rustlex_result *lx, size_t body_open, size_t at, size_t return_end,
                        size_t return_close, flow_skip *out, size_t max);

/* Where token `at` sits in the innermost `match` around it in the fn body
 * at body_open: its arm's pattern, guard or body (FLOW_ARM_*), or 0 when
 * in none (the scrutinee, no match, brackets that do not pair).  The
 * arm's tokens in *arm, its body's end for a pattern too: a name the
 * pattern binds is in scope up to there only.  Arms are read as Rust
 * writes them: `PAT [if GUARD] => EXPR,` or `PAT [if GUARD] => { .. } [,]`. */
enum { FLOW_ARM_PATTERN = 1, FLOW_ARM_GUARD, FLOW_ARM_BODY };
typedef struct {
	size_t match_kw;  /* the `match` keyword */
	size_t arms_open; /* the arms' `{` */
	size_t pattern;   /* the arm's first token */
	size_t arrow;     /* its `=>` */
	size_t body_end;  /* one past its body (a block's `}`, or the expression before its `,`) */
} flow_arm;
int flow_arm_of(const rustlex_result *lx, size_t body_open, size_t at, flow_arm *arm);

/* When token `at` sits in the scrutinee of an `if let`, a `while let` or
 * a `match` in the fn body at body_open: the block its value reaches (the
 * `if let`'s or `while let`'s body, the match's arms), and whether the
 * pattern binds a name that could hold a borrow out of it (a match's arms
 * are taken to).  Returns 0 when `at` is in no such scrutinee. */
typedef struct {
	size_t keyword; /* the `match`, or the `let` after `if` / `while` / `&&` */
	size_t open;    /* the block's `{` */
	size_t close;   /* its `}` */
	int binds;
} flow_scrutinee;
int flow_scrutinee_of(const rustlex_result *lx, size_t body_open, size_t at, flow_scrutinee *s);

/* Walking out from token `at` through the expressions that hold it --
 * calls, struct literals, the blocks of `if`, `match` and plain blocks --
 * up to the fn body, or to a closure's or async block's body: the
 * innermost `return` whose value holds `at` and the body it leaves (a
 * closure's or an async block's own, not the fn's), and the innermost
 * `let` statement whose value holds `at`.  Each 0 when there is none. */
typedef struct {
	size_t return_kw, return_end; /* the `return`; its statement's `;` (or the close after it) */
	size_t return_close;          /* the `}` of the body the `return` leaves */
	size_t let_kw, let_end;       /* the `let`; its `;` */
} flow_holders;
void flow_holders_of(const rustlex_result *lx, size_t body_open, size_t at, flow_holders *h);

/* Is token k inside one of the regions? */
int flow_skipped(const flow_skip *v, size_t n, size_t k);

#endif
