/* ev_types: what a Rust type is, as the audit reads it, and what
 * cloning a value of it costs.  A type is the tokens that spell it (a
 * trange), in the site's file or in the run's type library; aliases and
 * `use .. as` renames are followed, fields and lookups walked
 * (`self.map.get(k)`), and the cost comes from patterns/audit.rules
 * (cheap, heap and Copy types), the workspace's `#[derive(Copy)]` table
 * and a struct's fields. */
#ifndef HPA_EV_TYPES_H
#define HPA_EV_TYPES_H

#include "ev_tokens.h"

/* The type without its leading `&`, `&mut`, lifetimes, `dyn` and `impl`;
 * *is_ref (when given) set if a `&` was among them. */
trange strip_refs(trange t, int *is_ref);

/* Through the type aliases its head names (`type UnitComplex<T> =
 * Unit<Complex<T>>`, the file's own or the workspace's), to the type. */
trange resolve_alias(trange t, const ctx *site);

/* Is t, through the aliases its head names, a reference (`key:
 * PayloadKeyTypeRef` with `type PayloadKeyTypeRef<'a> = &'a JsonPath;` in
 * another file)? */
int alias_of_reference(trange t, const ctx *site);

/* The type's name (last path segment before `<`) and its `<`, if any. */
size_t type_head(trange t, size_t *lt);

/* Does `for x in &c` work for a c of type t -- one of the containers of
 * `element_type` (Vec, HashMap, ...: `&C: IntoIterator`), an array or a
 * slice?  Not a `TokenStream`, which iterates by value only (paste:
 * `for tt in &input`, refuted E0277). */
int iterable_by_ref(trange t, const ctx *site);

/* Is t one of std's types the rules' lists name (Vec, String, Option,
 * Arc, u32, ...), an array, a slice or a tuple -- types whose methods the
 * `borrow_method` list speaks for?  Not another crate's or the
 * workspace's type, whose `join` may take `self` (radix_trie's
 * `NibbleVec::join`, E0507). */
int std_type(trange t, const ctx *site);

/* The k-th type argument of `Name<A, B>`. */
trange type_arg(trange t, int k);

/* What one `*` makes of a value of type t: a reference's referent, a
 * smart pointer's content (deref_type); TR_NONE when unknown (a type with
 * its own Deref impl). */
trange deref_once(trange t, const ctx *site);

/* Option<T>/Result<T, E> -> T; anything else unchanged. */
trange unwrap_type(trange t);

/* Is f[0..fn) a field of the struct that type t names (as written, not
 * seen through a pointer)?  1 yes, 0 the struct is known and has no such
 * field, -1 the struct is not known. */
int struct_has_field(trange t, const char *f, size_t fn, const ctx *site);

/* The declared type of field f[0..fn) of the struct that type t names
 * (seen through references; a type parameter of the struct taken from t's
 * arguments): TR_NONE when the struct or the field is not known. */
trange field_type(trange t, const char *f, size_t fn, const ctx *site);

/* The cost of cloning a value of type t. */
enum ev_cost type_cost(trange t, const ctx *site);

/* Walk the receiver's chain (tokens [k, end) of the site's file c) after
 * its root, from the root's type: fields, indexing, lookups, unwraps and
 * guards.  TR_NONE when a step is unknown. */
trange chain_type(const ctx *c, trange t, size_t k, size_t end);

/* The item a collection of type t yields to an iterator: a sequence's
 * element for `iter()` and `into_iter()` (values 0), a map's value for
 * `values()` (values 1); TR_NONE otherwise (a map's `iter()` yields pairs). */
trange iterated_item(trange t, const ctx *site, int values);

/* Of a map's type (its element is type argument 1, as `audit.rules`
 * says of `HashMap`, `BTreeMap`, ...): the key's type, or with second the
 * value's, as `for (k, v) in &map` binds them.  TR_NONE for any other type. */
trange map_part(trange t, const ctx *site, int second);

/* Is the type's cost from the lists (not derived from a struct's fields)? */
int listed_type(const ctx *c, trange t);

/* Item k of the tuple type `(A, B, ..)` spelled by t, or unknown. */
trange tuple_item(trange t, int k);

/* Does t name no type of its own: an associated type (`Self::Item`,
 * `T::Output`, `<T as Tr>::X`) or an `impl Trait`? */
int type_opaque(trange t);

/* Does t take a lifetime argument or a reference among its type
 * arguments (`Container<'a>`, `Ref<'_, T>`, `Range<&TyParam>`): a type
 * that lends, whose fields may be references (erg's `r.start.clone()`
 * of a `Range<&TyParam>` is a TyParam, E0277 without the clone)? */
int type_lends(trange t);

/* Is t a reference to a sized, Clone type (`&u32`, `&Option<i32>`), whose
 * `.clone()` copies the referent -- not `&str`, `&[T]`, `&Path`, `&dyn T`,
 * whose `.clone()` copies the reference? */
int ref_to_sized(trange t, const ctx *site);

#endif
