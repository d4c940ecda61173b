/* asynccalls: the plain fns of other files that async code calls once per
 * item -- so that a blocking call in such a fn (`std::fs::read_dir` in a
 * helper of `src/util.rs`, reached from the upload handler's loop over the
 * multipart fields in `src/server.rs`) is seen for what it is: a stall of
 * the executor per item, not start-up work.
 *
 * Pass 2 records, for each file it lexes that has async code and a loop,
 * every call made inside a loop of async code (an `async fn`'s body, an
 * `async` block) that names a fn this file does not define, and for each
 * file where a finding waits on these records (deferred.h) the calls its
 * plain fns make to other files' fns (edges, which a lookup follows one
 * file on: `Paste::store_file` calls `util::get_dir_size`).  Then the
 * files with async code and a loop that pass 2 did not lex are lexed
 * for the same -- only those that name, as a whole word, a fn a waiting
 * finding may be reached through (asynccalls_names): where no finding
 * waits, no file is read again.  A call is recorded in a form that says
 * which fn is meant:
 *   - `helper(..)`, `util::helper(..)`: a free fn (not one a `use` brings
 *     in from another crate: the root is kept and checked against the
 *     workspace's crates later);
 *   - `Type::f(..)`, `Self::f(..)`: Type's associated fn or method;
 *   - `self.f(..)`: a method of the impl's own type;
 *   - `x.f(..)` where x is a parameter `x: &Type` (`&mut`, by value) or a
 *     local `let x = Type { .. }` / `let x = Type::new(..)`;
 *   - `self.field.f(..)` where this file declares the impl's struct and
 *     the field's type (`Arc<Store>`: Store).
 * Any other receiver says nothing about its type: not recorded (a method
 * name the workspace defines once may still be another crate's).  Nor is
 * a call in a loop that sleeps on every pass (a poll: per interval).
 *
 * The second pass asks, for a plain fn of another file, whether such a
 * call names it (asynccalls_reason): by "Type::f" for a method or
 * associated fn, by "f" for a free fn, which must then be the only fn of
 * that name in the workspace. */
#ifndef HPA_ASYNCCALLS_H
#define HPA_ASYNCCALLS_H

#include <stddef.h>

#include "buf.h"
#include "rustscan.h"
#include "strlist.h"
#include "typelib.h"

/* The calls rs's plain fns (not async, not tests) make to fns of other
 * files, onto edges: "CALLEE\tROOT\tCALLS\tCALLER\tNOTE\n" (NOTE:
 * "`store_file` (`src/paste.rs`) calls `get_dir_size` (line 121)").
 * 0, or -1 when memory ran out. */
int asynccalls_edges(const rustscan_result *rs, const char *path, buf *edges);

/* The words the files pass 2 did not lex are searched for: of each key
 * ("KEY\n" lines: a type's fn by its type's name, a free fn by its own),
 * and of the callers of the edges that lead to one (two edges back).
 * 0, or -1. */
int asynccalls_names(const char *names, size_t names_len, const char *edges, size_t edges_len, strlist *out);

/* Does text[0..len) hold one of the words as an identifier (a whole
 * word, comments and strings too)?  One pass over the text. */
int asynccalls_wanted(const strlist *words, const char *text, size_t len);

/* The calls of rs's async code, in loops, to fns rs does not define
 * (wanted: only those whose key's word is one of these; NULL: any), as
 * the type library keeps them: one line per call,
 * "KEY\tROOT\tCALLS\tFN\tREASON\n" -- KEY "Type::f" or "f"; FN the async fn's name; ROOT the crate a
 * `use` brought a free fn's path from ("-": this crate, a module of it,
 * or no `use`); CALLS the calls around it in its fn, innermost first
 * (`spawn_blocking,map`; "-": none); REASON "async `upload`
 * (`src/server.rs`, line 341) calls `store_file` in a loop".  0, or -1
 * when memory ran out. */
int asynccalls_out(const rustscan_result *rs, const char *path, const strlist *wanted, buf *out);

/* Does the workspace's async code call the fn named name[0..n) -- of the
 * impl of type[0..tn) (tn 0: a free fn) -- in a loop, outside a call to
 * one of off_executor (`spawn_blocking`), in an async fn not named as one
 * of skip says (not_in_fn's words; NULL: any), itself or through one plain
 * fn of another file?  Its reason (in why, which the answer points into), or
 * NULL. */
const char *asynccalls_reason(const typelib *lib, const char *type, size_t tn, const char *name, size_t n,
                              const strlist *off_executor, const strlist *skip, buf *why);

/* The words (asynccalls_names') of the keys ("KEY\n" lines) that some
 * record of lib (async calls and edges, indexed) names -- an async call of
 * it, or an edge into it from a fn an async call names, whose word comes
 * too -- onto words: what the workspace's library must know of to resolve
 * them (no key or root checked yet; none: no library needed).  0, or -1. */
int asynccalls_named(const typelib *lib, const char *keys, size_t len, strlist *words);

/* The same by key[0..n): "Type::f" or "f". */
const char *asynccalls_reason_key(const typelib *lib, const char *key, size_t n, const strlist *off_executor,
                                  const strlist *skip, buf *why);

#endif
