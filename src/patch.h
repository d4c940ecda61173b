/* patch: the proposed removals as one unified diff that `git apply` takes.
 *
 * Still audit-only: the diff is written to a file of the user's choosing,
 * never applied.  It holds the removals the compiler verified (after
 * --verify) or, without it, the high-confidence ones, each made by
 * clone_edit from the audited text; files come in the order of the
 * report's patch batches, each introduced by a comment line naming its
 * batch and validation command (git apply passes over such lines). */
#ifndef HPA_PATCH_H
#define HPA_PATCH_H

#include "buf.h"
#include "report.h"
#include "sources.h"

typedef struct {
	int verified;            /* --verify ran: take the verified removals only */
	const char *by;          /* who verified them, for the header ("cargo check (rustc ..)") */
} patch_options;

/* Append the diff to out; *count gets the removals in it.  0, or -1 with
 * err set (out of memory). */
int patch_make(buf *out, size_t *count, const report_doc *doc, source_set *src, const patch_options *o, buf *err);

#endif
