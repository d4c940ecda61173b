/* gitdiff: the lines a change adds or modifies, as a pull request sees it.
 *
 * `BASE..HEAD` diffs the merge base of the two against HEAD (`...` is read
 * the same way); `BASE` alone diffs BASE against the working tree,
 * untracked files included.  Renames are followed, so a moved file's
 * unchanged lines are not "added". */
#ifndef HPA_GITDIFF_H
#define HPA_GITDIFF_H

#include <git2.h>
#include <jansson.h>

#include "buf.h"

typedef struct {
	char *base, *head;     /* the range's two sides as given (head NULL: the working tree) (owned) */
	json_t *lines;         /* {path relative to the root: {"LINE": true}} (owned) */
	json_t *info;          /* {range, base, head, merge_base, files, lines} (owned) */
} gitdiff;

/* Split a range: "A..B" / "A...B" into base and head, "A" into base only.
 * -1 with err set when it is malformed (empty side, more than one range). */
int gitdiff_parse_range(gitdiff *d, const char *range, buf *err);

/* Compute the added lines.  `prefix` is the audit root's place in the
 * repository ("" or "dir/").  -1 with one line in err. */
int gitdiff_compute(gitdiff *d, git_repository *repo, const char *prefix, buf *err);

/* Does the change add or modify this line of this file? */
int gitdiff_touches(const gitdiff *d, const char *path, long long line);

void gitdiff_free(gitdiff *d);

#endif
