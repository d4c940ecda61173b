#include "config.h"

#include "verify_baseline.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* An error's identity across checks of trees that differ elsewhere: its
 * code, its message and the file of its first span (no line: an edit
 * above it in the same file moves it). */
static char *key_of(const cargocheck_error *e)
{
	buf k = BUF_INIT;

	if (buf_printf(&k, "%s\n%s\n%s", e->code ? e->code : "", e->message ? e->message : "",
	               e->nspans ? e->spans[0].file : "") < 0) {
		buf_free(&k);
		return NULL;
	}
	return buf_detach(&k);
}

/* The crate directory of the file at rel under tree: the nearest
 * directory above it holding a Cargo.toml ("" for the top) -- read from
 * the scratch copy, not through crateof.h, whose index answers for the
 * audited source (perhaps a revision) and names packages, not places. */
static char *crate_dir(const char *tree, const char *rel)
{
	char *dir = strdup(rel);
	char *slash;
	buf p = BUF_INIT;
	struct stat st;

	if (!dir)
		return NULL;
	while ((slash = strrchr(dir, '/')) != NULL) {
		*slash = '\0';
		buf_clear(&p);
		if (buf_printf(&p, "%s/%s/Cargo.toml", tree, dir) >= 0 && stat(buf_cstr(&p), &st) == 0) {
			buf_free(&p);
			return dir;
		}
	}
	buf_free(&p);
	dir[0] = '\0';
	return dir;
}

static int has_crate(const verify_baseline *b, const char *dir)
{
	size_t i;

	for (i = 0; i < b->ncrates; i++)
		if (strcmp(b->crates[i], dir) == 0)
			return 1;
	return 0;
}

int verify_baseline_init(verify_baseline *b, const cargocheck_result *r, const char *tree,
                         const char *(*rel)(const void *ctx, const char *file), const void *ctx)
{
	size_t i;

	memset(b, 0, sizeof(*b));
	b->keys = calloc(r->nerrors + 1, sizeof(*b->keys));
	b->used = calloc(r->nerrors + 1, 1);
	b->crates = calloc(r->nerrors + 1, sizeof(*b->crates));
	if (!b->keys || !b->used || !b->crates)
		goto oom;
	for (i = 0; i < r->nerrors; i++) {
		const cargocheck_error *e = &r->errors[i];
		const char *r_file = e->nspans ? rel(ctx, e->spans[0].file) : NULL;
		if (!(b->keys[b->n] = key_of(e)))
			goto oom;
		b->n++;
		if (r_file) {
			char *dir = crate_dir(tree, r_file);
			if (!dir)
				goto oom;
			if (has_crate(b, dir))
				free(dir);
			else
				b->crates[b->ncrates++] = dir;
		}
	}
	return 0;
oom:
	verify_baseline_free(b);
	return -1;
}

void verify_baseline_drop(verify_baseline *b, cargocheck_result *r)
{
	size_t i, k, kept = 0;

	memset(b->used, 0, b->n);
	for (i = 0; i < r->nerrors; i++) {
		char *key = key_of(&r->errors[i]);
		int baseline = 0;
		for (k = 0; key && k < b->n && !baseline; k++)
			if (!b->used[k] && strcmp(b->keys[k], key) == 0)
				baseline = b->used[k] = 1;
		free(key);
		if (baseline) {
			cargocheck_error_free(&r->errors[i]);
			continue;
		}
		r->errors[kept++] = r->errors[i];
	}
	r->nerrors = kept;
}

int verify_baseline_crate_broken(const verify_baseline *b, const char *tree, const char *rel)
{
	char *dir;
	int broken;

	if (!b->ncrates)
		return 0;
	if (!(dir = crate_dir(tree, rel)))
		return 1; /* out of memory: say broken, which only leaves it unjudged */
	broken = has_crate(b, dir);
	free(dir);
	return broken;
}

void verify_baseline_free(verify_baseline *b)
{
	size_t i;

	for (i = 0; b->keys && i < b->n; i++)
		free(b->keys[i]);
	for (i = 0; b->crates && i < b->ncrates; i++)
		free(b->crates[i]);
	free(b->keys);
	free(b->used);
	free(b->crates);
	memset(b, 0, sizeof(*b));
}
