/* rustscan: the structure of a Rust file around its clone sites.
 *
 * One pass over rustlex's tokens finds items and scopes -- fn bodies, impl
 * blocks and their self type, struct fields, loop bodies (`for`, `while`,
 * `loop`; not `impl .. for`, not `for<'a>`), closures (block or expression
 * bodies, `move` or not), async blocks, `#[cfg(test)]` modules, test and
 * bench fns, `#[allow(clippy::redundant_clone)]` items -- and every clone
 * call: `x.clone()` however it is spaced or split over lines, and
 * `Arc::clone(&x)`, `Rc::clone(&x)`, `Clone::clone(&x)`, `T::clone(&x)`.
 *
 * Everything is token indices into the rustlex_result it was built from,
 * which must outlive it. */
#ifndef HPA_RUSTSCAN_H
#define HPA_RUSTSCAN_H

#include <stddef.h>
#include <stdint.h>

#include "rustlex.h"

#define RS_NONE UINT32_MAX

/* The clippy lints an `#[allow(..)]` around a site silences: the author
 * said the clone is meant (a generated parser allows clone_on_copy). */
enum { RS_ALLOW_REDUNDANT_CLONE = 1, RS_ALLOW_CLONE_ON_COPY = 2 };

typedef struct {
	uint32_t name;              /* token of the name */
	uint32_t sig;               /* token of `fn` */
	uint32_t params_open;       /* `(` of the parameter list */
	uint32_t body_open, body_close; /* `{` `}`; RS_NONE for a declaration */
	uint32_t impl;              /* index into impls, or RS_NONE */
	uint8_t is_test;            /* #[test], #[bench], #[tokio::test], in a cfg(test) module */
	uint8_t allow_lints;        /* RS_ALLOW_* bits: `#[allow(..)]` on the fn, its impl or module */
	uint8_t is_async;
	uint8_t is_pub;
} rs_fn;

typedef struct {
	uint32_t self_type;         /* token of the implemented type's name */
	uint8_t self_ref;           /* the implemented type is or holds a reference: `impl Trait for &'a T` */
	uint32_t open, close;
} rs_impl;

typedef struct {
	uint32_t strukt;            /* token of the struct's name */
	uint32_t name;              /* token of the field name; a tuple struct's field: its type's first token */
	uint32_t type_start, type_end; /* the type's tokens [start, end) */
	int32_t position;           /* a tuple struct's field: 0, 1, ... (`self.0`); -1 for a named field */
} rs_field;

typedef struct {
	uint32_t keyword;           /* token of `struct` */
	uint32_t name;              /* token of the name */
	uint32_t close;             /* the `}` (a tuple struct's `;`) that ends it */
} rs_struct;

typedef struct {
	uint32_t keyword;           /* token of `type` */
	uint32_t name;              /* token of the alias name: `type NAME<..> = ...;` */
	uint32_t type_start, type_end; /* the aliased type's tokens */
} rs_alias;

enum rs_scope_kind { RS_LOOP, RS_CLOSURE, RS_ASYNC };

typedef struct {
	uint8_t kind;               /* enum rs_scope_kind */
	uint8_t is_move;
	uint32_t head;              /* token that starts it: `for`/`while`/`loop`, the first `|`, `async` */
	uint32_t start, end;        /* the body: tokens [start, end) */
} rs_scope;

enum rs_site_form { RS_METHOD, RS_PATH };

typedef struct {
	uint32_t tok;               /* the `clone` token */
	uint8_t form;               /* enum rs_site_form */
	uint32_t path_type;         /* RS_PATH: the token before `::` (Arc, Rc, Clone, T) */
	uint32_t recv_start, recv_end; /* receiver expression tokens [start, end) */
	uint32_t call_close;        /* the `)` that ends the call */
	uint32_t fn;                /* index into fns, or RS_NONE */
	uint32_t loop;              /* innermost enclosing loop scope inside the fn, or RS_NONE */
	uint32_t closure;           /* innermost enclosing closure/async scope inside the fn, or RS_NONE */
	uint16_t loop_depth;        /* loops around the site, inside its fn */
	uint8_t in_test;            /* test fn, cfg(test) module or file */
	uint8_t allow_lints;        /* RS_ALLOW_* bits of the items around it */
} rs_site;

/* Tokens [start, end). */
typedef struct {
	uint32_t start, end;
} rs_span;

typedef struct {
	const rustlex_result *lex;  /* borrowed */
	rs_fn *fns; size_t fn_count, fn_cap_;             /* owned, in source order */
	rs_impl *impls; size_t impl_count, impl_cap_;
	rs_field *fields; size_t field_count, field_cap_;
	rs_alias *aliases; size_t alias_count, alias_cap_;
	rs_alias *renames; size_t rename_count, rename_cap_; /* `use a::B as C;`: keyword `use`, name C, type B */
	/* `use root::a::{B, C as D};`: each name brought in (B, C and D), with
	 * the path's first segment (keyword `use`, name, type_start: the root) */
	rs_alias *imports; size_t import_count, import_cap_;
	rs_struct *structs; size_t struct_count, struct_cap_; /* with a braced body */
	rs_scope *scopes; size_t scope_count, scope_cap_;
	rs_site *sites; size_t site_count, site_cap_;     /* in source order */
	rs_span *tests; size_t test_count, test_cap_;     /* test code: #[cfg(test)] items, test fns (may nest) */
	uint8_t file_is_test;       /* #![cfg(test)] at the top */
} rustscan_result;

/* Scan `lex`.  Returns 0, or -1 when memory ran out.  Free with
 * rustscan_free() (also after a failure). */
int rustscan_scan(rustscan_result *out, const rustlex_result *lex);

/* Only the type declarations: structs with their fields, and aliases (what
 * the type library of an audit's first pass keeps); the other arrays stay
 * empty.  Same return and freeing as rustscan_scan(). */
int rustscan_scan_types(rustscan_result *out, const rustlex_result *lex);

void rustscan_free(rustscan_result *r);

/* Is token i the keyword or identifier s? */
int rustscan_tok_is(const rustscan_result *r, uint32_t i, const char *s);

/* Does the loop wait on every pass -- `sleep(..).await`, `sleep_until(..)
 * .await`, `interval.tick().await`, or a `select!` arm `_ = interval.tick()
 * =>` in its body?  Then what it calls runs per interval, not per item. */
int rustscan_loop_waits(const rustscan_result *r, const rs_scope *loop);

/* Does a loop stop after the pass in which the call at token `call` works
 * -- a fallback over alternatives, a retry -- so that what it calls runs
 * once, not per item?  Two forms, one asked of the call, one of the loop:
 * the call is a `match` scrutinee with an arm `Ok(..)`/`Some(..)` that
 * returns or breaks (`for url in &urls { match self.extract(..) { Ok(())
 * => return Ok(()), .. } }`: rustc-perf's toolchain download, held-out
 * precision sample 59); or the loop is a bare `loop` that returns from
 * inside and takes no next item -- no `recv`, `next`, `accept`, `pop`,
 * `select!` in it (rustc-perf's run of cargo, tried again only when its
 * processor asks). */
int rustscan_call_ends_loop(const rustscan_result *r, uint32_t call);
int rustscan_loop_retries(const rustscan_result *r, const rs_scope *loop);

/* The innermost loop around token k: its index in r->scopes, or RS_NONE. */
uint32_t rustscan_innermost_loop(const rustscan_result *r, size_t k);

/* Does the loop run what it calls once per item -- neither a timer's
 * (rustscan_loop_waits) nor a retry (rustscan_loop_retries)?  Whether the
 * call itself ends the loop is rustscan_call_ends_loop()'s to say. */
int rustscan_loop_per_item(const rustscan_result *r, const rs_scope *loop);

#endif
