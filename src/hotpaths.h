/* hotpaths: which code runs per request or per event, from what the code
 * itself shows -- for files no hot-path rule or configuration names
 * (configured hot paths always win).
 *
 * From data in patterns/audit.rules:
 *   - a fn that takes a request (a parameter whose type is a
 *     `request_type` -- `Json<..>`, `HttpRequest`, `tonic::Request<..>` --
 *     or ends in `Request`), or that a `handler_call` names (axum's
 *     `.route("/x", post(handle))`, hyper's `service_fn(serve)`), runs once
 *     per request, and so do the fns of the
 *     same file it calls (by name: `helper(..)`, `self.helper(..)`,
 *     `Self::helper(..)`), up to three calls deep;
 *   - the body of an event loop, `while let Some(ev) = rx.recv().await`
 *     (an `event_method` awaited in the loop's head): once per event;
 *   - a free fn of another file that such code calls by name
 *     (`key_hash(..)`, `kv::key_hash(..)`): the first pass collects those
 *     calls (hotpaths_calls_out) into the type library, and the file that
 *     defines the fn marks it, and what it calls in its own file, per
 *     request.  One file deep; methods and `Type::f` are not followed (a
 *     name alone does not say which type's; tried on
 *     text-generation-inference, a method the workspace defines once was
 *     still matched by another crate's: `prometheus_handle.render()`). */
#ifndef HPA_HOTPATHS_H
#define HPA_HOTPATHS_H

#include <stdint.h>

#include "audit_rules.h"
#include "buf.h"
#include "rustscan.h"
#include "typelib.h"

/* One file's fns that run per request, each with why. */
typedef struct hotpaths_map_ {
	const rustscan_result *rs; /* borrowed */
	const audit_rules *ar;     /* borrowed */
	char **why;                /* per fn of rs: why it runs per request (owned), or NULL */
	size_t n;
} hotpaths_map;

/* Build the map of rs's fns.  0, or -1 when memory ran out. */
int hotpaths_build(hotpaths_map *m, const rustscan_result *rs, const audit_rules *ar, const typelib *tl);

/* The calls m's per-request fns make to free fns this file does not
 * define, as the type library keeps them: "NAME\tREASON\n" lines onto
 * out, the reason naming the caller in `path`.  0, or -1. */
int hotpaths_calls_out(const hotpaths_map *m, const char *path, buf *out);

/* Does the library say that a free fn of rs runs per request? */
int hotpaths_called_here(const rustscan_result *rs, const typelib *tl);
void hotpaths_free(hotpaths_map *m);

/* Why token tok of fn (RS_NONE: outside any) runs per request or per
 * event, into why (may be NULL): "per request: `handle_chat` takes a
 * `Json` (line 88)", "per request, via `route` (line 140): ...", "per
 * event: in the loop ...".  0 when nothing says so, 1 when it does, -1
 * out of memory. */
int hotpaths_reason_at(const hotpaths_map *m, size_t tok, uint32_t fn, buf *why);

#endif
