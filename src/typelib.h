/* typelib: the struct and type-alias declarations of every audited file,
 * so that evidence can follow a type declared in another file (a field of
 * `EngineConfig`, a struct made of handles); and what each fn returns
 * (`fn param(&self) -> T` hands over an owned value, `fn get(&self) -> &T`
 * a borrow), so that `let x = t.param();` is known to own x.
 *
 * Built in a first pass: each file's `struct .. { .. }` and `type .. = ..;`
 * items are copied into one synthetic source, which is lexed and scanned
 * once; its fns' return kinds go to a table of their own (no lexing).  Its size is capped (TYPELIB_MAX_BYTES): past it, later items are
 * left out and types from them stay unknown, which only makes verdicts
 * more conservative. */
#ifndef HPA_TYPELIB_H
#define HPA_TYPELIB_H

#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "rustlex.h"
#include "rustscan.h"

#define TYPELIB_MAX_BYTES (32u << 20)

typedef struct {
	const char *name;       /* into text (not NUL-terminated) */
	size_t len;
	size_t first, count;    /* struct: its fields in scan.fields; alias: index in scan.aliases */
} typelib_entry;

/* A slot of the fns' table: a key (a name's hash, 0: empty) and the
 * flags its records or together -- for a fn name, whether any fn of that
 * name returns a borrow (1), and which return a Result (typelib.c). */
typedef struct {
	uint64_t hash;
	uint8_t borrow;
	uint8_t count;          /* records under this key, up to 255 */
} typelib_fn;

typedef struct typelib_ {
	buf text;               /* the synthetic source (owned) */
	rustlex_result lex;     /* over text, after typelib_finish() */
	rustscan_result scan;
	int finished;
	int whole;              /* every audited file's declarations are in it (a first pass ran): a
	                           name no fn of it has is no fn of the workspace */
	int truncated;          /* the cap was reached */
	typelib_entry *structs; /* sorted by name (owned) */
	size_t nstructs;
	typelib_entry *aliases; /* sorted by name (owned) */
	size_t naliases;
	buf fn_text;            /* what each fn returns: records of a name's hash and a borrow flag (owned) */
	typelib_fn *fns;        /* the table made of them, open addressing by hash (owned) */
	size_t nfns;            /* its slots: a power of two */
	/* the free fns that code running per request calls from another file
	 * (hotpaths.h): "NAME\tREASON\n" lines, then NUL-ended in place and
	 * sorted by name in hot_calls (owned) */
	buf hot_text;
	typelib_entry *hot_calls; /* name, len; first: the reason's offset in hot_text */
	size_t nhot_calls;
	/* the calls async code makes in loops to fns of other files
	 * (asynccalls.h): "KEY\tROOT\tCALLS\tREASON\n" lines, NUL-ended in
	 * place and sorted by key in async_calls (owned) */
	buf async_text;
	typelib_entry *async_calls; /* key, len; first: the ROOT field's offset in async_text */
	size_t nasync_calls;
	/* the calls plain fns make to fns of other files, from the same files:
	 * "CALLEE\tROOT\tCALLS\tCALLER\tNOTE\n" lines, indexed by callee
	 * likewise (owned) */
	buf edge_text;
	typelib_entry *edges;
	size_t nedges;
	/* the workspace's crates by the name code uses for them (`-` as `_`):
	 * a "NAME\n" line for each audited file (owned) */
	buf crate_text;
	typelib_entry *crates;  /* its names, sorted, after typelib_finish() (owned) */
	size_t ncrates;
	/* "NAME\tROOT\n" for every name a `use` brings in from a path whose
	 * root may be another crate (owned) */
	buf import_text;
} typelib;

/* The struct (or alias) called name[0..n): NULL when there is none, or
 * more than one (an ambiguous name is an unknown type). */
const typelib_entry *typelib_struct(const typelib *lib, const char *name, size_t n);
const typelib_entry *typelib_alias(const typelib *lib, const char *name, size_t n);

/* Does every fn of the workspace called name[0..n) (free fn, method or
 * trait method) return a value its caller owns -- no reference, nothing
 * with a lifetime?  0 too when no fn has that name: unknown is not owned. */
int typelib_fn_owned(const typelib *lib, const char *name, size_t n);

/* Does parameter i (0: the first after any self; only the first four are
 * recorded, later ones are unknown) of every fn of the workspace named so
 * take a reference as readily as a value -- a type
 * `impl AsRef<str>`, `impl Display`, or a generic bounded only by such
 * traits, with no `where` clause? */
int typelib_param_takes_ref(const typelib *lib, const char *name, size_t n, unsigned i);

/* Is parameter i (0: the first after any self; the first four) of every
 * fn of the workspace named so a shared reference to a type named in full (`&str`,
 * `&Request`; no generic, no `impl`, no `dyn`)?  Then a `&&T` argument is
 * coerced to it, and `&name` of a name bound to a reference still fits. */
int typelib_param_concrete_ref(const typelib *lib, const char *name, size_t n, unsigned i);

/* The same as three answers: 0 every fn of that name returns a value, 1
 * one of them returns a borrow, -1 no fn of that name is seen. */
int typelib_fn_returns(const typelib *lib, const char *name, size_t n);

/* Does every fn of the workspace named so that has a return type return a
 * Result (`Result<T, E>`, `io::Result<T>`, an alias ending in `Result`)?
 * With method set, the methods only (those taking `self`: the call is
 * `x.name(..)`, which no free fn of that name answers); 0 too when none
 * is seen. */
int typelib_fn_fallible(const typelib *lib, const char *name, size_t n, int method);

/* Does every fn of the workspace named so (with a return type) return a
 * guard: a named type
 * holding a borrow (`BorrowMut<'_, T>`, `MutexGuard<'a, T>`), not a
 * reference, `Option<&T>` or `impl Trait + '_`?  Bound by `let`, it holds
 * the borrow to the end of its scope, used again or not. */
int typelib_fn_guard(const typelib *lib, const char *name, size_t n);

/* Does every fn of the workspace called name[0..n) return a borrow (and
 * some fn is seen)?  `sema.parse(..)` is no such call where one `parse`
 * returns a `&'a str` and another an owned tree. */
int typelib_fn_lends(const typelib *lib, const char *name, size_t n);

/* Does some fn of the workspace called name[0..n) return a borrow?  (Where
 * the answer keeps a clone: ketos' free `get_struct_def(v: &Value) ->
 * Result<&Rc<..>>` beside a method of that name returning an owned Rc.) */
int typelib_fn_may_lend(const typelib *lib, const char *name, size_t n);

/* Is a type called name[0..n) Copy by every declaration the audited files
 * make of it (`#[derive(Copy, ..)]` on a struct, enum or union without
 * generic parameters)?  0 when any declaration of that name derives
 * without Copy, or none is seen. */
int typelib_copy(const typelib *lib, const char *name, size_t n);

/* Does some method of the workspace called name[0..n) take `self` by
 * value (`fn join(self, other: &Self) -> Self`)?  Then a call of that
 * name consumes its receiver, whatever the rules' `borrow_method` list
 * says of std's methods of the name (radix_trie's NibbleVec::join: E0507). */
int typelib_takes_self(const typelib *lib, const char *name, size_t n);

/* Does every method of the workspace called name[0..n) take `&mut self`
 * (`self: Pin<&mut Self>` too), and some does?  Then a call of that name
 * changes its receiver, which must be a mutable place.  (A name some
 * method takes otherwise -- `map` -- may be std's by-value one.) */
int typelib_changes_self(const typelib *lib, const char *name, size_t n);

/* Does every method of the workspace called name[0..n) take `&self` (and
 * some does)?  Then a call of that name on a value only reads it. */
int typelib_reads_self(const typelib *lib, const char *name, size_t n);

/* Does the workspace declare a type called name[0..n) -- a struct, or an
 * enum or union with a `#[derive(..)]`?  Then a std type of the same name
 * (`SocketAddr`) is not the only one a file may mean. */
int typelib_declares(const typelib *lib, const char *name, size_t n);

/* Does some audited file bring a name called name[0..n) in with a `use`
 * from a crate outside the workspace (`use semver::Version;`)?  Then a
 * workspace type of that name may not be the one a file means. */
int typelib_foreign(const typelib *lib, const char *name, size_t n);

/* Does some audited file's `use` path start with name[0..n), no crate of
 * the workspace (`use syn::Token;`)?  Then a type path spelled from it
 * (`syn::LitStr`) names that crate's type, not a workspace one. */
int typelib_foreign_root(const typelib *lib, const char *name, size_t n);

/* Does some type called name[0..n) in the audited files implement Drop
 * (`impl Drop for NAME`)?  Then no field moves out of its values. */
int typelib_drop(const typelib *lib, const char *name, size_t n);

/* Does a type of this name implement Deref (`impl Deref for NAME` in the
 * workspace)?  Its fields are then its own, and the rest of what `x.f`
 * reaches is only lent. */
int typelib_deref(const typelib *lib, const char *name, size_t n);

/* Why a free fn named name[0..n) runs per request, when code found to run
 * per request in another file calls it ("per request, called from
 * `chat` in src/http.rs (line 40): ..."): a NUL-ended reason, or NULL. */
const char *typelib_hot_call(const typelib *lib, const char *name, size_t n);

/* Record, in a file's piece of the library, the calls its per-request code
 * makes to fns of other files: lines "NAME\tREASON\n".  0, or -1. */
int typelib_add_hot_calls(typelib *lib, const char *lines, size_t len);

/* Record, in a file's piece of the library, the calls its async code
 * makes in loops to fns of other files (asynccalls.h's lines).  0, or -1. */
int typelib_add_async_calls(typelib *lib, const char *lines, size_t len);

/* The records of async calls under key[0..n) ("Type::f" or "f"), in file
 * order: the first, and their number in *count; NULL when none.  Each
 * entry's `first` is the offset in lib->async_text of its
 * "ROOT\tCALLS\tREASON" (NUL-ended). */
const typelib_entry *typelib_async_calls(const typelib *lib, const char *key, size_t n, size_t *count);

/* The same for the plain fns' calls (asynccalls.h's edges): recorded with
 * typelib_add_async_edges, found by callee key; `first` is the offset in
 * lib->edge_text of "ROOT\tCALLS\tCALLER\tNOTE". */
int typelib_add_async_edges(typelib *lib, const char *lines, size_t len);
const typelib_entry *typelib_async_edges(const typelib *lib, const char *key, size_t n, size_t *count);

/* Index the async calls and edges added (pass 2 records them, after the
 * library is finished; asynccalls.h).  Once: the lines are cut in place.
 * 0, or -1. */
int typelib_index_async(typelib *lib);

/* How many fns of the workspace (free fns, methods, trait methods, in any
 * file read) are called name[0..n): 0 when none, up to 255; -1 when the
 * library is incomplete (cut at its cap), so no count can be trusted. */
int typelib_fn_defs(const typelib *lib, const char *name, size_t n);

/* Record that an audited file belongs to the crate called name (as
 * Cargo.toml spells it; `-` is read as `_`).  0, or -1 on no memory. */
int typelib_add_crate(typelib *lib, const char *name);

/* Is name[0..n) -- a path's first segment, `use NAME::..` -- one of the
 * workspace's crates (or `crate`, `self`, `super`)?  Then the workspace's
 * declarations may be what the path names; else the name comes from a
 * crate the audit does not read. */
int typelib_crate(const typelib *lib, const char *name, size_t n);

/* Append the type items of one already scanned file. 0, or -1 on no memory. */
int typelib_add(typelib *lib, const rustscan_result *rs);

/* Append the type items of one file's text, lexing only the items: the
 * keywords are found by memmem(), kept when rustlex_keep_code() says they
 * are code, and each item is lexed on its own.  `lx` is scratch space.
 * The same text typelib_add() appends for a scan of the whole file (in
 * well-formed code; a bracket closing nothing may pair differently).
 * 0, or -1 on no memory. */
int typelib_collect(typelib *lib, rustlex_result *lx, const char *text, size_t len);

/* Append another library's text (to merge per-thread libraries). */
int typelib_merge(typelib *lib, const typelib *part);

/* Merge parts[0..n) in order, freeing each as it goes (every part is
 * freed, also after an error): the room for their texts is taken once,
 * not doubled into new memory some twenty times.  0, or -1 on no memory. */
int typelib_merge_all(typelib *lib, typelib *parts, size_t n);

/* Lex and scan the collected text; afterwards `scan` is usable. */
int typelib_finish(typelib *lib);

void typelib_free(typelib *lib);

#endif
