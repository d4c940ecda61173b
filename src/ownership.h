/* ownership: who owns the value a clone copies, and whether it may move.
 *
 * The receiver's root is found where it is declared in the fn (a `let`,
 * a pattern binding, a `for` item, a closure parameter) or its signature
 * (a parameter, `self`), and is owned only on positive evidence: a
 * by-value parameter, a `let` whose initializer makes or takes an owned
 * value, a `for` over a collection taken by value.  References, `ref`
 * bindings, pin projections and anything unknown stay unowned.  Also here:
 * the type a declaration or initializer states, and the borrows of the
 * root still alive across the clone (which forbid a move). */
#ifndef HPA_OWNERSHIP_H
#define HPA_OWNERSHIP_H

#include "ev_tokens.h"
#include "ev_stmt.h"
#include "ev_types.h"

/* A declaration of a name, as find_local() reads it. */
typedef struct {
	size_t last;          /* the declaring token, RS_NONE when none */
	enum ev_root kind;
	trange type;          /* a declared type */
	size_t init_a, init_b;/* a `let`'s initializer, or a binding's scrutinee */
	int owned_binding;
	int scrutinee;        /* init is a match/if-let scrutinee: unwrap Some(..) */
	size_t scope_end;     /* where the binding's scope ends (a closer) */
	int item_by_ref;      /* a closure parameter given `&` items by `iter()` / `values()` (type: the item's) */
} decl;

/* Does the fn take `self` by reference (`&self`, `&mut self`, `&'a self`),
 * or as `self` of an impl for a type holding a reference? */
int self_by_ref(const ctx *c, const rs_fn *fn);

/* The index of the first scope whose head is at or after token k: the
 * scanner adds scopes in token order, so they are sorted by head. */
size_t scope_lower_bound(const ctx *c, size_t k);

/* The last declaration of `root` in the fn body before `before` that is
 * still in scope there. */
decl find_local(const ctx *c, const char *root, const rs_fn *fn, size_t before);

/* Is token k a literal of a Copy type (a number, a char, a bool)?  Its
 * type's name in out, after "&" when by_ref. */
int literal_copy(const ctx *c, size_t k, char *out, size_t size, int by_ref);

/* `let x = <init>`: a type the initializer makes plain -- a literal, a
 * reference to one or to a local so made (`let r = &mut x;`, depth: how
 * many such hops were taken), `vec![]`, a channel, `Type::new(..)`. */
int constructed(const ctx *c, evidence *ev, const rs_fn *fn, size_t a, size_t b, int depth);

/* The type of expression [a, b) when it is a chain from a name whose type
 * is known (a parameter, an annotated or inferable local, self): `x.a[i]`,
 * `m.lock().unwrap()`, `self.map.get(&k)`.  A trailing `.clone()` is
 * ignored; *guard is set when the chain ends in a lock's guard. */
trange expr_type(const ctx *c, const rs_fn *fn, size_t a, size_t b, int depth, int *guard);

/* Is the type name at token k a generic parameter of the fn or of its
 * impl (`impl<Input: Clone> Alt for P`, `fn f<T>(t: T)`)?  Then it names
 * no declared type: an alias or a struct of the same name elsewhere (a
 * test file's `type Input<'a> = &'a [u8];`) is not it. */
int generic_param(const ctx *c, const rs_fn *fn, size_t k);

/* The `}` of the innermost block `{ .. }` around token k, within the fn
 * whose body `{` is floor. */
size_t enclosing_block_close(const ctx *c, size_t k, size_t floor);

/* A fn parameter named root: kind, type, line. */
int find_param(const ctx *c, evidence *ev, const rs_fn *fn, trange *type);

/* A borrow of root taken before the clone (token `before`) and still
 * used after it (tokens [after, until)): moving root would end it while it
 * is alive (E0505).  Seen in five shapes:
 *   `let y = &root..;` or `let it = root.iter();` with y, it read after;
 *   `let f = || root.len();` (a closure, not `move`, naming root) used after;
 *   `let v = View { tokens: &root.tokens };` (a struct literal holding one) read after;
 *   `let y = f(&root);` where every fn f of the workspace returns a borrow;
 *   `h.insert(k, p.to_str().unwrap());` where h is declared holding
 *   references (`let mut h: HashMap<&str, &str>`) and read after.
 * The line of the borrowing statement, or 0. */
uint32_t live_borrow(const ctx *c, const rs_fn *fn, const char *root, size_t before, size_t after, size_t until);

/* A `match` arm (or the block of an `if let` / `while let`) around token
 * at whose scrutinee borrows root (`match &source.kind`): its bindings
 * borrow root, and so may what the arm makes
 * of them (`let font = parse(memory)?;`).  The line where one of them is
 * used in or after the statement at stmt0, within the arm and outside the
 * ranges skips says cannot run after it (moving root there is E0505:
 * fontique), or 0. */
uint32_t arm_borrow(const ctx *c, const rs_fn *fn, const char *root, size_t at, size_t stmt0, const flow_skip *skips,
                    size_t nskips);

#endif
