#include "config.h"

#include "gitdiff.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gitrev.h"

int gitdiff_parse_range(gitdiff *d, const char *range, buf *err)
{
	const char *dots = strstr(range, "..");
	size_t sep;

	memset(d, 0, sizeof(*d));
	if (!*range)
		goto bad;
	if (!dots) {
		d->base = strdup(range);
		return d->base ? 0 : -1;
	}
	sep = dots[2] == '.' ? 3 : 2;
	if (dots == range || !dots[sep] || strstr(dots + sep, ".."))
		goto bad;
	d->base = strndup(range, (size_t)(dots - range));
	d->head = strdup(dots + sep);
	return d->base && d->head ? 0 : -1;
bad:
	buf_printf(err, "malformed range '%s': give BASE..HEAD (as a pull request) or BASE (against the working tree)",
	           range);
	return -1;
}

typedef struct {
	gitdiff *d;
	const char *prefix;
	size_t plen;
	json_t *files;
} collect_ctx;

static int on_line(const git_diff_delta *delta, const git_diff_hunk *hunk, const git_diff_line *line, void *payload)
{
	collect_ctx *c = payload;
	const char *path = delta->new_file.path;
	json_t *set;
	char key[24];

	(void)hunk;
	if (line->origin != GIT_DIFF_LINE_ADDITION || line->new_lineno <= 0)
		return 0;
	if (c->plen && strncmp(path, c->prefix, c->plen) != 0)
		return 0;
	path += c->plen;
	set = json_object_get(c->d->lines, path);
	if (!set) {
		set = json_object();
		json_object_set_new(c->d->lines, path, set);
	}
	snprintf(key, sizeof(key), "%d", line->new_lineno);
	json_object_set_new(set, key, json_true());
	return 0;
}

static int resolve_tree(git_repository *repo, const char *rev, git_oid *commit_id, git_tree **tree, buf *err)
{
	git_object *obj = NULL;
	git_commit *c = NULL;
	int e = gitrev_lookup(&obj, repo, rev), rc = -1;

	if (e == GIT_ENOTFOUND || e == GIT_EAMBIGUOUS) {
		buf_printf(err, "%s revision '%s' in the range", e == GIT_ENOTFOUND ? "unknown" : "ambiguous", rev);
		goto done;
	}
	if (e < 0 || git_object_peel((git_object **)&c, obj, GIT_OBJECT_COMMIT) < 0) {
		const git_error *ge = git_error_last();
		buf_printf(err, "cannot read revision '%s': %s", rev, ge && ge->message ? ge->message : "unknown error");
		goto done;
	}
	git_oid_cpy(commit_id, git_commit_id(c));
	if (tree && git_commit_tree(tree, c) < 0) {
		buf_printf(err, "cannot read the tree of '%s'", rev);
		goto done;
	}
	rc = 0;
done:
	git_commit_free(c);
	git_object_free(obj);
	return rc;
}

int gitdiff_compute(gitdiff *d, git_repository *repo, const char *prefix, buf *err)
{
	git_oid base_id, head_id, mb;
	git_tree *old_tree = NULL, *new_tree = NULL;
	git_commit *mbc = NULL;
	git_diff *diff = NULL;
	git_diff_options opts;
	git_diff_find_options fo;
	collect_ctx c = { d, prefix, strlen(prefix), NULL };
	char a[GIT_OID_HEXSZ + 1], b[GIT_OID_HEXSZ + 1], m[GIT_OID_HEXSZ + 1];
	size_t nlines = 0;
	const char *key;
	json_t *set;
	int rc = -1;

	d->lines = json_object();
	git_diff_options_init(&opts, GIT_DIFF_OPTIONS_VERSION);
	opts.context_lines = 0;
	git_diff_find_options_init(&fo, GIT_DIFF_FIND_OPTIONS_VERSION);
	fo.flags = GIT_DIFF_FIND_RENAMES;
	if (resolve_tree(repo, d->base, &base_id, NULL, err) < 0)
		goto done;
	if (d->head) {
		if (resolve_tree(repo, d->head, &head_id, &new_tree, err) < 0)
			goto done;
		/* as a pull request: from where the branches met */
		if (git_merge_base(&mb, repo, &base_id, &head_id) < 0) {
			buf_printf(err, "'%s' and '%s' have no common ancestor", d->base, d->head);
			goto done;
		}
	} else
		git_oid_cpy(&mb, &base_id);
	if (git_commit_lookup(&mbc, repo, &mb) < 0 || git_commit_tree(&old_tree, mbc) < 0) {
		buf_printf(err, "cannot read the merge base of the range");
		goto done;
	}
	if (d->head)
		rc = git_diff_tree_to_tree(&diff, repo, old_tree, new_tree, &opts);
	else {
		opts.flags |= GIT_DIFF_INCLUDE_UNTRACKED | GIT_DIFF_RECURSE_UNTRACKED_DIRS | GIT_DIFF_SHOW_UNTRACKED_CONTENT;
		rc = git_diff_tree_to_workdir_with_index(&diff, repo, old_tree, &opts);
	}
	if (rc < 0 || git_diff_find_similar(diff, &fo) < 0 || git_diff_foreach(diff, NULL, NULL, NULL, on_line, &c) < 0) {
		const git_error *ge = git_error_last();
		buf_printf(err, "cannot diff the range: %s", ge && ge->message ? ge->message : "unknown error");
		rc = -1;
		goto done;
	}
	json_object_foreach(d->lines, key, set)
		nlines += json_object_size(set);
	git_oid_tostr(a, sizeof(a), &base_id);
	git_oid_tostr(m, sizeof(m), &mb);
	if (d->head)
		git_oid_tostr(b, sizeof(b), &head_id);
	d->info = json_pack("{s:s, s:s, s:s, s:s, s:I, s:I}", "base", a, "head", d->head ? b : "working tree", "merge_base",
	                    m, "range", d->head ? "pull request (merge base..head)" : "working tree against base",
	                    "files", (json_int_t)json_object_size(d->lines), "lines", (json_int_t)nlines);
	rc = d->info ? 0 : -1;
done:
	git_diff_free(diff);
	git_tree_free(old_tree);
	git_tree_free(new_tree);
	git_commit_free(mbc);
	return rc;
}

int gitdiff_touches(const gitdiff *d, const char *path, long long line)
{
	json_t *set = json_object_get(d->lines, path);
	char key[24];

	if (!set)
		return 0;
	snprintf(key, sizeof(key), "%lld", line);
	return json_object_get(set, key) != NULL;
}

void gitdiff_free(gitdiff *d)
{
	free(d->base);
	free(d->head);
	json_decref(d->lines);
	json_decref(d->info);
	memset(d, 0, sizeof(*d));
}
