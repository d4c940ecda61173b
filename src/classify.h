/* classify: from a site's evidence to one of the workflow's six buckets.
 *
 * The rules and their order are written down, with a Rust example each, in
 * docs/classification.md; rule ids here (R1..R17) are the ones used there.
 * A wrong "removable" verdict costs more trust than a missed one, so every
 * removable verdict needs positive evidence (an owned root that is not read
 * again, or a use that only borrows), and anything unproven falls through
 * to semantic_required with low confidence. */
#ifndef HPA_CLASSIFY_H
#define HPA_CLASSIFY_H

#include "buf.h"
#include "evidence.h"

enum bucket {
	B_CHEAP_REQUIRED,
	B_SEMANTIC_REQUIRED,
	B_COLD_TEST_ONLY,
	B_REMOVABLE_MOVE,
	B_REMOVABLE_BORROW,
	B_STRUCTURAL_REFACTOR,
	B_COUNT
};

enum confidence { CONF_HIGH, CONF_MEDIUM, CONF_LOW, CONF_COUNT };

typedef struct {
	enum bucket bucket;
	enum confidence confidence;
	int rule; /* 1..16: rule R<n> of docs/classification.md */
} verdict;

const char *bucket_name(enum bucket b);
const char *confidence_name(enum confidence c);
/* The cost of the clone in words: "refcount increment", ... */
const char *cost_name(enum ev_cost c);
int bucket_is_removable(enum bucket b);

/* Decide.  `cold` is set when the site is test code (in_test) or its path
 * is a test path; `hot` when its path matches a hot-path rule. */
verdict classify(const evidence *ev, int cold, int hot);

/* The same, writing every rule asked, in order, with its answer -- one
 * line each, "R4 the copy only read where it is made: no" -- to trace
 * (for `hotpath-audit explain`). */
verdict classify_traced(const evidence *ev, int cold, int hot, buf *trace);

#endif
