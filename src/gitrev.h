/* gitrev: a revision name (as git rev-parse takes it) to an object.
 *
 * git_revparse_single() leaks the reference when a name resolves to a ref
 * whose object is missing (libgit2 1.5 to at least 1.9, in
 * revparse_lookup_object), which is what a corrupt repository gives a
 * nightly job.  A plain ref name is therefore resolved here and peeled; any
 * other form (HEAD~2, abbreviated ids, main^{tree}) goes to revparse. */
#ifndef HPA_GITREV_H
#define HPA_GITREV_H

#include <git2.h>

/* As git_revparse_single(): 0, or GIT_ENOTFOUND, GIT_EAMBIGUOUS, another
 * libgit2 error (git_error_last() says which).  *out is the caller's. */
int gitrev_lookup(git_object **out, git_repository *repo, const char *rev);

#endif
