/* pyhot: which Python code runs per request or per event, from what the
 * code itself shows -- for files no hot-path rule or configuration names
 * (configured hot paths always win).  The Python half of hotpaths.h.
 *
 * From data in patterns/audit.rules:
 *   - a def decorated as a route (`@app.post("/chat")`, `@router.get(..)`,
 *     `@routes.get(..)`, `@bp.route(..)`: a `py_route_decorator` after a
 *     dot), a def a registration call names (`app.router.add_get("/",
 *     handle)`, `Route("/x", endpoint=handle)`: a `py_handler_call`), or a
 *     def with a parameter annotated with a `py_request_type` (`request:
 *     Request`, `ws: WebSocket`) runs once per request, and so do the defs
 *     of the same file it calls by name (`helper(..)`, `self.helper(..)`,
 *     `worker.generate(..)` where the file defines one def of that name,
 *     and `f = helper` where the def then calls `f(..)`), up to three
 *     calls deep;
 *   - the body of a `while True:` loop or an `async for` loop in an
 *     `async def` (a scheduler or consumer loop): once per event.
 * A name alone says which def is meant only within one file; calls into
 * other files are followed through their imports by pycalls.h, whose
 * answers come in here as entry points. */
#ifndef HPA_PYHOT_H
#define HPA_PYHOT_H

#include <stddef.h>

#include "audit_rules.h"
#include "buf.h"
#include "pycalls.h"
#include "pylex.h"

typedef struct pyhot_map_ {
	const pylex_result *lx;  /* borrowed */
	char **why;              /* per block of lx: why that def runs per request (owned), or NULL */
	size_t n;
} pyhot_map;

/* Build the map of lx's defs -- those of the file at `path` (as reports
 * show it), which `across` (may be NULL) says other files' code calls per
 * request among them.  0, or -1 when memory ran out. */
int pyhot_build(pyhot_map *m, const pylex_result *lx, const audit_rules *ar, const pycalls *across, const char *path);

/* Is token i a call of a def of this file, by the rule the map follows
 * calls by (`helper(..)`, `self.helper(..)`, `obj.helper(..)` when the
 * file has one def of that name), or such a def handed to a local the def
 * around it calls (`f = helper` .. `f(..)`)? */
int pyhot_follows_call(const pylex_result *lx, size_t i);

/* Why token tok runs per request or per event, into why (may be NULL):
 * "per request: `chat` is a route (`@app.post`, line 12)", "per event: in
 * the `while True` loop of `schedule` (line 30)".  0 when nothing says
 * so, 1 when it does, -1 out of memory. */
int pyhot_reason_at(const pyhot_map *m, size_t tok, buf *why);

void pyhot_free(pyhot_map *m);

#endif
