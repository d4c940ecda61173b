/* asynccalls: the plain fns of other files that async code calls once per
 * item -- so that a blocking call in such a fn (`std::fs::read_dir` in a
 * helper of `src/util.rs`, reached from the upload handler's loop over the
 * multipart fields in `src/server.rs`) is seen for what it is: a stall of
 * the executor per item, not start-up work.
 *
 * The first pass lexes each file that has async code and a loop, and
 * records every call made inside a loop of async code (an `async fn`'s
 * body, an `async` block) that names a fn this file does not define, in a
 * form that says which fn is meant:
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
 * name the workspace defines once may still be another crate's).
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

/* The calls of rs's async code, in loops, to fns rs does not define, as
 * the type library keeps them: one line per call,
 * "KEY\tROOT\tCALLS\tREASON\n" -- KEY "Type::f" or "f"; ROOT the crate a
 * `use` brought a free fn's path from ("-": this crate, a module of it,
 * or no `use`); CALLS the calls around it in its fn, innermost first
 * (`spawn_blocking,map`; "-": none); REASON "async `upload`
 * (`src/server.rs`, line 341) calls `store_file` in a loop".  0, or -1
 * when memory ran out. */
int asynccalls_out(const rustscan_result *rs, const char *path, buf *out, buf *edges);

/* Does the workspace's async code call the fn named name[0..n) -- of the
 * impl of type[0..tn) (tn 0: a free fn) -- in a loop, outside a call to
 * one of off_executor (`spawn_blocking`), itself or through one plain fn
 * of another file?  Its reason (in why, which the answer points into), or
 * NULL. */
const char *asynccalls_reason(const typelib *lib, const char *type, size_t tn, const char *name, size_t n,
                              const strlist *off_executor, buf *why);

#endif
