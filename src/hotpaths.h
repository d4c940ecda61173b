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
 *     (an `event_method` awaited in the loop's head): once per event.
 * Calls into other files are not followed yet. */
#ifndef HPA_HOTPATHS_H
#define HPA_HOTPATHS_H

#include <stdint.h>

#include "audit_rules.h"
#include "buf.h"
#include "rustscan.h"

/* One file's fns that run per request, each with why. */
typedef struct hotpaths_map_ {
	const rustscan_result *rs; /* borrowed */
	const audit_rules *ar;     /* borrowed */
	char **why;                /* per fn of rs: why it runs per request (owned), or NULL */
	size_t n;
} hotpaths_map;

/* Build the map of rs's fns.  0, or -1 when memory ran out. */
int hotpaths_build(hotpaths_map *m, const rustscan_result *rs, const audit_rules *ar);
void hotpaths_free(hotpaths_map *m);

/* Why token tok of fn (RS_NONE: outside any) runs per request or per
 * event, into why (may be NULL): "per request: `handle_chat` takes a
 * `Json` (line 88)", "per request, via `route` (line 140): ...", "per
 * event: in the loop ...".  0 when nothing says so, 1 when it does, -1
 * out of memory. */
int hotpaths_reason_at(const hotpaths_map *m, size_t tok, uint32_t fn, buf *why);

#endif
