/* evidence: what the code around one clone site says about it.
 *
 * Plain facts, each with the line that shows it, gathered from the tokens
 * and structure of one file: what is cloned and how it was declared (its
 * type where the file states it), who owns it, whether it is read again,
 * whether the clone is only borrowed, whether it crosses a task, channel,
 * closure or loop boundary, whether it ends a lock guard.  The classifier
 * decides from these; the report quotes them. */
#ifndef HPA_EVIDENCE_H
#define HPA_EVIDENCE_H

#include <stdint.h>

#include "audit_rules.h"
#include "rustscan.h"
#include "typelib.h"

enum ev_root {
	EV_ROOT_UNKNOWN,       /* not declared in this fn or its signature */
	EV_ROOT_LOCAL,         /* `let` in this fn */
	EV_ROOT_PARAM_VALUE,   /* a by-value parameter */
	EV_ROOT_PARAM_REF,     /* a `&T` parameter, or `self` behind `&self` */
	EV_ROOT_SELF_FIELD,    /* `self.field` */
	EV_ROOT_LOOP_OWNED,    /* `for x in v` / `into_iter()`: owned per iteration */
	EV_ROOT_LOOP_REF,      /* `for x in v.iter()` / `&v`: a reference */
	EV_ROOT_CLOSURE_PARAM, /* `|x| ...` */
	EV_ROOT_BINDING,       /* `if let`, `match` arm, `while let`: may be a reference */
	EV_ROOT_CALL,          /* the result of a call: `f().clone()` */
	EV_ROOT_STATIC,        /* an upper-case constant or static */
	EV_ROOT_TEMP,          /* a fresh owned temporary: `format!(..)`, `v.to_vec()` */
};

enum ev_cost { EV_COST_UNKNOWN, EV_COST_REFCOUNT, EV_COST_HEAP, EV_COST_COPY };

typedef struct {
	char receiver[160];    /* the cloned expression, white space folded */
	char path_call[96];    /* for T::clone(&x): "T::clone" as written */
	char root[64];         /* its first name ("self" for self.field) */
	char field[64];        /* self.FIELD or local.FIELD, else "" */
	int plain_place;       /* the receiver is ROOT or ROOT.FIELD...: no index, call or `?` */
	enum ev_root root_kind;
	uint32_t decl_line;    /* where root (or the field) is declared; 0 unknown */
	uint32_t decl_tok;     /* token of that declaration; RS_NONE for parameters/fields */
	char type[128];        /* declared or constructed type, "" unknown */
	const char *type_source; /* "struct field", "parameter", "let annotation", "constructor", "literal"; NULL */
	enum ev_cost cost;
	int cost_by_name;      /* cost guessed from the name (cheap_name), not the type */
	int cost_derived;      /* cheap because a struct of this file holds only handles */
	int type_from_copy;    /* the type is the copy's (`let c: T = x.clone()`), not known of the receiver */
	int copy_mut_in_place; /* `&mut x.clone()`, `let ref mut y = x.clone()`: the copy is changed where it is made */
	int copy_method_receiver; /* `x.clone().m(..)`: the copy is the receiver of a method call */
	int type_is_ref;       /* the type is a reference to a sized Clone type (`&u32`, not `&str`) */
	int iterable_by_ref;   /* the type is a container `for x in &c` walks (iterable_by_ref()) */
	uint32_t unsafe_line;  /* the `unsafe {` block the clone is in (only asked where a borrow could be proposed) */
	int type_not_std;      /* the type is known and not one of std's (std_type()): its methods are its own */
	int copy_behind_ref;   /* a Copy value reached through a reference (`r.clone()`, r: &u32;
	                        * `Clone::clone(r)`): the clone gives the value, its removal the
	                        * reference -- the change is `*r`, not a removal */
	int receiver_is_ref;   /* `&x.clone()` of a name that is itself a reference: `x` is the borrow, `&x` a `&&T` */
	uint32_t key_of_maybe_ref_line; /* `m.get(&x.clone())` of a name that may be a reference: `&x` may be a
	                                 * `&&T`, which a lookup by `Borrow` does not take (E0277) */

	char fn_name[64];      /* "" outside any fn */
	uint32_t fn_first, fn_last; /* lines of the fn */
	int fn_is_pub;

	uint32_t later_use_line; /* first read of root after the clone in the fn; 0 none */
	uint32_t later_use_in_stmt; /* ... of root (any part) within the clone's own statement (line); 0 none */
	uint32_t stmt_end_line;  /* last line of the clone's statement */

	int in_loop;           /* inside a loop body in this fn */
	const char *loop_kw;   /* "for", "while", "loop" */
	uint32_t loop_line;
	int root_outside_loop; /* declared before the loop (or a parameter/field) */

	int in_closure;        /* inside a closure or async block in this fn */
	int closure_once;      /* ... that runs at most once: an async block, or a closure given to a once_call,
	                        * inside no other closure that the root lies outside of */
	int closure_move, closure_async;
	uint32_t closure_line;
	int root_outside_closure;

	const char *borrow_how; /* "&", ".len()" ..., "comparison", "format!"; NULL */
	char borrow_text[48];   /* the method or macro name for the texts */

	char boundary[48];     /* "tokio::spawn", ".send()", ...; "" none */
	uint32_t boundary_line;
	char leak_call[48];    /* `mem::forget`, `Arc::into_raw`, `ManuallyDrop::new` the copy is handed to whole; "" none */
	uint32_t leak_line;

	char lock_how[96];     /* ".lock()" in the receiver, or "guard `g`"; "" none */

	int is_result;         /* the clone is returned by the fn */
	char bound_to[64];     /* `let NAME = <clone>;`: NAME */
	int bound_reads;       /* uses of NAME, all of them reads (0: none, or not all reads) */
	uint32_t bound_first_read_line, bound_last_read_line;
	uint32_t bound_mutated_line; /* NAME is changed (line), so the copy is needed */
	int bound_returned;    /* NAME is returned */
	uint32_t bound_moved_line;   /* NAME is handed over by value (line) */

	int for_head;          /* the clone is the iterated value of a `for` loop */
	int for_items_read_only; /* ... and the loop only reads the items */
	uint32_t for_line;

	int owned_binding;     /* a `while let`/`if let` binding that owns its value */
	int partial_move;      /* moving root.field would be a partial move */
	int root_drops;        /* ... out of a value whose type implements Drop: not allowed (E0509) */
	uint32_t copy_use_line;/* the same `self.a.b` used by value in a `&self` method of the same
	                        * type at this line: its type is Copy (E0507 otherwise); 0 none */
	uint32_t temp_borrowed_line; /* the receiver reaches into a call's owned result (`a.parse(..).syntax()`):
	                        * a borrow bound to a name in place of the copy would outlive that
	                        * temporary (E0716); the line, 0 none */
	int field_behind_deref;/* ... out of an Arc, Rc, Cow (a deref_type that is no move_out_type):
	                        * its fields are only lent (E0507) */
	char deref_type[32];   /* which */
	uint32_t lent_copy_line;/* `let ty = &root.f.clone();` (line) while root, or what root borrows
	                        * from, changes before `ty`'s last read: the copy outlives its
	                        * statement, and a borrow in its place would conflict (E0502); 0 none */
	uint32_t macro_repeat_line; /* the clone sits in a repetition `$( .. )+` of a macro's template
	                        * (line) and its root is declared outside it: one expansion runs it
	                        * for every element, and a move in the first leaves nothing (E0382) */
	uint32_t macro_args_line; /* the clone is an argument of a macro whose expansion is not known
	                        * (line; not a format_macro, owned_macro or plain_macro): it may put it
	                        * in closures or repeat it (E0505, E0382) */
	char macro_name[32];   /* that macro */
	uint32_t macro_body_line; /* the clone sits in the body of a `macro_rules!` (line) and its root
	                        * comes from outside it: the body may be expanded more than once,
	                        * and a move in one expansion leaves nothing for the next (E0382) */
	int field_is_reference;/* the field itself is a `&T` (deref_type): its clone is the T, and
	                        * the field without it a reference (E0308) */
	int path_type_unconfirmed; /* `T::clone(&x)` with x's own type not known to be T: `&x` may reach
	                        * `&T` through Deref (an Arc<T>), and moving x is not the same (E0308) */
	int base_type_unknown; /* a partial move out of a local whose type nothing says: it may be an
	                        * Rc, an Arc, a guard or a type with Drop (E0507, E0509) */
	uint32_t borrowed_line; /* `let y = &root..;` (line) with y read after the clone: a move would
	                         * end the borrow while it is alive (E0505); 0 none */
	uint32_t taken_line;   /* self.field is cleared or replaced after (line): take it */
	int fn_self_mut;       /* the fn takes `&mut self` */
	int self_by_value;     /* the fn takes `self` or `mut self` (no type written): an owned root */
	int type_via_chain;    /* the type came from walking fields and lookups */
	int budget_exhausted;  /* the file's work budget ran out before this site */
	int into_arc;          /* the copy goes straight into Arc::new / Rc::new */
	int reassigns_root;    /* `root = ... root.clone() ...`: the old value is replaced */
} evidence;

/* What evidence_gather() remembers between the sites of one file, kept by
 * the caller: evidence_memo_start() before a file's first site.  (A fn's
 * statements were scanned again for every clone in it.) */
typedef struct {
	uint64_t *block_close; /* per token: the file's stamp << 32 | answer + 1 */
	size_t cap;
	uint32_t stamp;        /* the current file's; an entry of another is unknown */
	int edition;           /* the file's crate's Rust edition (2015, 2018, 2021, 2024), 0 unknown:
	                          set by the caller, for what a closure captures */
} evidence_memo;

/* For a file of n tokens: 0, or -1 when memory ran out (then there is no
 * memo: the answers are the same, found again each time). */
int evidence_memo_start(evidence_memo *m, size_t n);
void evidence_memo_free(evidence_memo *m);

/* Gather the evidence for site `si` of `rs`.  `lib` is the run's type
 * library (the struct and alias declarations of every file), or NULL.
 * Never fails: what cannot be found stays unknown. */
/* `budget` (NULL: none) is the file's remaining work, in tokens: each site
 * costs its fn's length; when it runs out, a site gets only what its own
 * expression shows (budget_exhausted), so the audit stays linear. */
void evidence_gather(evidence *ev, const rustscan_result *rs, const typelib *lib, const audit_rules *ar, size_t si,
                     size_t *budget, evidence_memo *memo);

#endif
