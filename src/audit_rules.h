/* audit_rules: the classifier's word lists (patterns/audit.rules). */
#ifndef HPA_AUDIT_RULES_H
#define HPA_AUDIT_RULES_H

#include "buf.h"
#include "strlist.h"

typedef struct {
	strlist cheap_type, copy_type, heap_type, wrapper_type, cheap_name, cheap_name_exact;
	strlist borrow_method, format_macro, spawn_call, send_method, lock_method;
	strlist deref_type, move_out_type, guard_type, borrow_guard_type, lookup_method, pass_method, owned_method, owned_macro, take_method;
	strlist element_method; /* take one element out of a container: typed as its element (`remove`, `pop`) */
	strlist pass_fn;       /* free fns that hand back one of their arguments or a place's value (`min`, `mem::replace`) */
	strlist once_call;     /* calls that run the closure they are given at most once */
	strlist option_once_call; /* an Option's methods that run their closure at most once, after `.as_ref()` */
	strlist plain_macro;   /* macros that evaluate each argument once, where it stands (`vec!`, `matches!`) */
	strlist leak_call;     /* calls a copy is handed to in order to be kept alive or leaked (`forget`, `into_raw`) */
	strlist value_method;  /* methods whose result holds no borrow of the receiver (`len`, `contains`) */
	strlist lend_method;   /* methods whose result borrows the receiver (`iter`, `as_str`, `to_str`) */
	strlist key_lookup_method; /* methods taking a key `&Q` where the map's key borrows as Q (`get`, `contains_key`) */
	strlist array_backed_type; /* containers whose type argument is their backing array, `SmallVec<[T; N]>` */
	strlist guard_method;  /* methods whose result is a guard holding the receiver to the end of its scope (`lock`, `borrow_mut`) */
	strlist request_type;  /* parameter types that make a fn a request handler (hotpaths.h) */
	strlist hot_call_skip; /* free fns whose calls are not followed into other files (hotpaths.h) */
	strlist event_method;  /* awaited in a `while let` head, they make its body an event loop */
	strlist handler_call;  /* `post(handle_chat)`, `service_fn(serve)`: the fn named runs per request */
	strlist py_route_decorator; /* Python: `@app.post(..)` makes the def a request handler (pyhot.h) */
	strlist py_handler_call; /* Python: `add_get("/", handle)`, `Route(.., endpoint=handle)`: the def named runs per request */
	strlist py_request_type; /* Python: a parameter annotated so makes the def a request handler */
	int inferred_hot_score; /* the priority of code hot by what it does (0: such code is not ranked hot) */
	int hot_calls_across_files; /* follow per-request code's calls into other files' free fns (hotpaths.h) */
	int py_calls_across_files;  /* Python: follow them through imports into other files' defs (pycalls.h) */
	int py_method_calls_max;    /* ... and calls on objects to the methods so named, when at most this many (0: off) */
	strlist py_method_call_skip; /* Python: method names too common to follow (`get`, `append`) */
	strlist element_type;  /* NAME ARG pairs: the item is "NAME ARG" */
} audit_rules;

/* For a container named name[0..n): the type argument its elements are, or
 * -1 when it is not a container. */
int audit_rules_element_arg(const audit_rules *r, const char *name, size_t n);

/* Parse text[0..len) named `file`; on error -1 and "file:line: ..." in err. */
int audit_rules_parse(audit_rules *out, const char *file, const char *text, size_t len, buf *err);
int audit_rules_load(audit_rules *out, const char *path, buf *err);
void audit_rules_free(audit_rules *r);

#endif
