/* hotpaths: which code runs per request or per event, from what the code
 * itself shows -- for files no hot-path rule or configuration names
 * (configured hot paths always win).
 *
 * Two shapes, each from data in patterns/audit.rules:
 *   - a fn that takes a request (a parameter whose type is a
 *     `request_type` -- `Json<..>`, `HttpRequest`, `tonic::Request<..>` --
 *     or ends in `Request`): it runs once per request;
 *   - the body of an event loop, `while let Some(ev) = rx.recv().await`
 *     (an `event_method` awaited in the loop's head): once per event.
 * The calls out of such fns (a call graph over the workspace) are not
 * followed yet: only the fn or loop itself is marked. */
#ifndef HPA_HOTPATHS_H
#define HPA_HOTPATHS_H

#include "audit_rules.h"
#include "buf.h"
#include "rustscan.h"

/* Why the code at site si runs per request or per event, written into why
 * ("per request: `handle_chat` takes a `ChatRequest` (line 88)"); 0 when
 * nothing says so (why untouched), 1 when it does, -1 out of memory. */
int hotpaths_reason(const rustscan_result *rs, const audit_rules *ar, size_t si, buf *why);

/* The same for token tok of fn (RS_NONE: outside any), for the rule packs'
 * `in_hot_path`; why may be NULL. */
int hotpaths_reason_at(const rustscan_result *rs, const audit_rules *ar, size_t tok, uint32_t fn, buf *why);

#endif
