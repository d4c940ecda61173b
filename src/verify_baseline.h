/* verify_baseline: the errors a workspace's untouched copy already has.
 *
 * A workspace where one member does not build here (a crate the offline
 * registry lacks, an API that moved) can still judge the edits of the
 * members that do: the untouched check's errors are its baseline, taken
 * out of every later check's errors (as many times as they were there),
 * and an edit in a crate that holds one of them is not judged at all --
 * rustc stops before borrow checking a crate with unresolved names, so an
 * edit there that would not build could pass unseen.  A crate that is
 * not compiled at all (its dependency failed) is left to the probes. */
#ifndef HPA_VERIFY_BASELINE_H
#define HPA_VERIFY_BASELINE_H

#include <stddef.h>

#include "buf.h"
#include "cargocheck.h"

typedef struct {
	char **keys;       /* one per baseline error, code, message and primary file (owned) */
	unsigned char *used; /* scratch for verify_baseline_drop */
	size_t n;
	char **crates;     /* the crate directories (relative to the tree, "" at its top) holding one (owned) */
	size_t ncrates;
} verify_baseline;

/* Record r's errors; rel(file) gives a compiler-named file relative to
 * the tree at tree, or NULL (outside it).  0, or -1 when memory ran out. */
int verify_baseline_init(verify_baseline *b, const cargocheck_result *r, const char *tree,
                         const char *(*rel)(const void *ctx, const char *file), const void *ctx);

/* Take the baseline's errors out of r (each baseline error matches one). */
void verify_baseline_drop(verify_baseline *b, cargocheck_result *r);

/* Is the file at rel (relative to the tree) in a crate holding a baseline
 * error?  Its crate: the nearest directory above it with a Cargo.toml. */
int verify_baseline_crate_broken(const verify_baseline *b, const char *tree, const char *rel);

/* Was a baseline kept (errors recorded, not freed since)? */
static inline int verify_baseline_kept(const verify_baseline *b)
{
	return b->n > 0;
}

void verify_baseline_free(verify_baseline *b);

#endif
