#include "config.h"

#include "gitrev.h"

#include <string.h>

/* forty hex digits: revparse takes it as an object id before any ref name */
static int full_hex_id(const char *rev)
{
	return strlen(rev) == GIT_OID_HEXSZ && strspn(rev, "0123456789abcdefABCDEF") == GIT_OID_HEXSZ;
}

int gitrev_lookup(git_object **out, git_repository *repo, const char *rev)
{
	git_reference *ref = NULL;
	int e;

	*out = NULL;
	if (!full_hex_id(rev) && git_reference_dwim(&ref, repo, rev) == 0) {
		e = git_reference_peel(out, ref, GIT_OBJECT_ANY);
		git_reference_free(ref);
		if (e == GIT_ENOTFOUND) { /* the name exists; its object does not */
			git_error_set_str(GIT_ERROR_ODB, "the object it names is missing from the repository");
			e = GIT_ERROR;
		}
		return e;
	}
	return git_revparse_single(out, repo, rev);
}
