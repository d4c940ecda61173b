/* ev_stmt: statements and the uses of a name inside one fn -- where a
 * statement or block starts and ends, and whether a name is read, changed
 * or moved later (past the paths control flow rules out, flow.h). */
#ifndef HPA_EV_STMT_H
#define HPA_EV_STMT_H

#include "ev_tokens.h"
#include "flow.h"

enum use_kind { USE_READ, USE_MUT, USE_MOVE };

/* The end of a `let` pattern / type: the `=` or `;` at depth 0. */
size_t let_end(const ctx *c, size_t i, size_t limit);

/* The end of an expression statement from i: its `;` at depth 0, or the
 * closer of the block it is in. */
size_t stmt_end(const ctx *c, size_t i, size_t limit);

/* Does the `{` at p open a struct literal (`Name { field: ..`), not a
 * block? */
int struct_literal_open(const ctx *c, size_t p);

/* The end of the whole statement token i sits in, out through the
 * calls, brackets and struct literals around it (where a temporary made
 * at i, or a borrow it holds, still lives), not out of a block;
 * *in_struct set when one of the groups left is a struct literal (which
 * certainly holds what was put in it). */
size_t full_stmt_end(const ctx *c, size_t i, size_t limit, int *in_struct);

/* The start of the statement or expression around token i (not before
 * limit): back to the `;`, `{`, `}` or `=>` before it. */
size_t stmt_start(const ctx *c, size_t i, size_t limit);

/* The start of the whole statement around token i: out through the
 * parentheses and brackets it sits in (`return f(x)`: from x, the
 * `return`). */
size_t outer_stmt_start(const ctx *c, size_t i, size_t limit);

/* The `}` that ends the block containing token i. */
size_t block_end(const ctx *c, size_t i, size_t limit);

/* Is token i the name root itself (not a field or path segment named so)? */
int names_root(const ctx *c, size_t i, const char *root);

/* Is the name at token i a field's label in a struct literal, `Foo {
 * name: x }` -- no use of a value called so? */
int field_label(const ctx *c, size_t i);

/* Is token k an argument of a format-family macro (directly)? */
int in_format_macro(const ctx *c, size_t k, size_t floor);

/* Does the method named at token m only read its receiver: one the rules'
 * `borrow_method` list names for std (`len`, `iter`, `join`), where no
 * method of the workspace by that name takes `self` by value
 * (radix_trie's `NibbleVec::join(self, ..)`)? */
int std_method_reads(const ctx *c, size_t m);

/* The `(` that opens the arguments of a method named at token m --
 * `.m(` or, past a turbofish, `.m::<T>(` -- or 0 when m is no call. */
size_t method_args_open(const ctx *c, size_t m);

/* How the occurrence of a name at k uses it. */
enum use_kind use_at(const ctx *c, size_t k, size_t floor);

/* First read of root after `from`; for a field root (root.field), only
 * reads that a partial move would break: root as a whole, a method call on
 * it, or the same field. */
uint32_t later_use(const ctx *c, const char *root, const char *field, size_t from, size_t until,
                   const flow_skip *skips, size_t nskips);

#endif
