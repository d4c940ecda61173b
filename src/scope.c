#include "config.h"

#include "scope.h"

#include <dirent.h>
#include <errno.h>
#include <glob.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cargotoml.h"
#include "fileio.h"

/* How deep under the root a crate is looked for when there is no root
 * manifest (a monorepo's `services/router/Cargo.toml` is two down). */
#define CRATE_DEPTH 4

static int is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Never in scope: build output, version control and other hidden
 * directories. */
static int skipped_name(const char *name)
{
	return name[0] == '.' || strcmp(name, "target") == 0;
}

/* The manifest at dir/Cargo.toml, read into *text: 1, 0 when there is
 * none, -1 when memory ran out. */
static int read_manifest(const char *dir, buf *text)
{
	buf p = BUF_INIT;
	int errnum = 0, rc;

	if (buf_printf(&p, "%s/Cargo.toml", dir) < 0) {
		buf_free(&p);
		return -1;
	}
	buf_clear(text);
	rc = fileio_read_into(p.ptr, text, &errnum);
	buf_free(&p);
	if (rc < 0)
		return errnum == ENOMEM ? -1 : 0;
	return 1;
}

/* The crate's name for the scope line: its package name, else rel. */
static int add_crate(strlist *crates, const char *manifest, size_t len, const char *rel)
{
	buf name = BUF_INIT;
	int rc, found = cargotoml_get(manifest, len, "package", "name", &name, NULL);

	if (found < 0)
		return -1;
	rc = strlist_add(crates, found && name.len ? name.ptr : rel);
	buf_free(&name);
	return rc;
}

/* rel/name (name alone at the root, rel ""), into out (cleared first). */
static int rel_join(buf *out, const char *rel, const char *name)
{
	buf_clear(out);
	return rel[0] ? buf_printf(out, "%s/%s", rel, name) : buf_puts(out, name);
}

/* Is p (a relative path) one of `but`, or a directory holding one? */
static int covers_any(const strlist *but, const char *p, size_t n)
{
	size_t i;

	for (i = 0; but && i < but->count; i++)
		if (but->items[i].len >= n && memcmp(but->items[i].s, p, n) == 0 &&
		    (but->items[i].len == n || but->items[i].s[n] == '/'))
			return 1;
	return 0;
}

/* The entries of dir (relative rel, "" for the root) but the skipped ones
 * and those holding a path of `but`, sorted: a package's own files
 * without its target/ or its member crates' directories. */
static int add_entries(strlist *paths, const char *dir, const char *rel, const strlist *but)
{
	struct dirent **names = NULL;
	int n = scandir(dir, &names, NULL, alphasort), i, rc = 0;

	if (n < 0)
		return 0; /* unreadable: nothing from it */
	for (i = 0; i < n; i++) {
		buf p = BUF_INIT;
		if (rc == 0 && !skipped_name(names[i]->d_name) && strcmp(names[i]->d_name, "..") != 0 &&
		    rel_join(&p, rel, names[i]->d_name) == 0 &&
		    !covers_any(but, p.ptr, p.len))
			rc = strlist_add(paths, p.ptr);
		buf_free(&p);
		free(names[i]);
	}
	free(names);
	return rc;
}

/* The Python files under dir (relative rel) outside the crates' paths,
 * target/ and hidden directories, sorted by directory. */
static int add_python(strlist *paths, const char *dir, const char *rel, const strlist *crates)
{
	struct dirent **names = NULL;
	buf sub = BUF_INIT, subrel = BUF_INIT;
	int n = scandir(dir, &names, NULL, alphasort), i, rc = 0;

	if (n < 0)
		return 0;
	for (i = 0; i < n; i++) {
		const char *name = names[i]->d_name;
		size_t len = strlen(name);
		if (rc == 0 && !skipped_name(name)) {
			if (rel_join(&sub, dir, name) < 0 || rel_join(&subrel, rel, name) < 0)
				rc = -1;
			else if (strlist_has(crates, subrel.ptr, subrel.len))
				; /* a crate: in scope already */
			else if (is_dir(sub.ptr))
				rc = add_python(paths, sub.ptr, subrel.ptr, crates);
			else if (len > 3 && strcmp(name + len - 3, ".py") == 0)
				rc = strlist_add(paths, subrel.ptr);
		}
		free(names[i]);
	}
	free(names);
	buf_free(&sub);
	buf_free(&subrel);
	return rc;
}

/* A workspace: its members (globs expanded, `exclude` left out), each
 * with a manifest of its own; the root package's entries too. */
static int workspace(const char *root, const char *manifest, size_t len, strlist *paths, strlist *crates)
{
	strlist members = { 0 }, excluded = { 0 }, found = { 0 };
	buf value = BUF_INIT, pattern = BUF_INIT, text = BUF_INIT;
	size_t i, rootlen = strlen(root);
	int rc = -1;

	if (cargotoml_get(manifest, len, "workspace", "members", &value, NULL) < 0 ||
	    cargotoml_strings(value.ptr ? value.ptr : "", &members) < 0 ||
	    cargotoml_get(manifest, len, "workspace", "exclude", &value, NULL) < 0 ||
	    cargotoml_strings(value.ptr ? value.ptr : "", &excluded) < 0)
		goto done;
	for (i = 0; i < members.count; i++) {
		glob_t g;
		size_t k;
		buf_clear(&pattern);
		if (buf_printf(&pattern, "%s/%s", root, members.items[i].s) < 0)
			goto done;
		memset(&g, 0, sizeof(g));
		if (glob(pattern.ptr, GLOB_NOSORT | GLOB_ONLYDIR, NULL, &g) != 0) {
			globfree(&g);
			continue;
		}
		for (k = 0; k < g.gl_pathc; k++) {
			const char *rel = g.gl_pathv[k] + rootlen + 1;
			int has;
			while (rel[0] == '.' && rel[1] == '/') /* `./crates/a` */
				rel += 2;
			if (strlist_has(&excluded, rel, strlen(rel)) || strlist_has(&found, rel, strlen(rel)))
				continue;
			if ((has = read_manifest(g.gl_pathv[k], &text)) < 0 ||
			    (has && (strlist_add(&found, rel) < 0 || add_crate(crates, text.ptr, text.len, rel) < 0))) {
				globfree(&g);
				goto done;
			}
		}
		globfree(&g);
	}
	for (i = 0; i < found.count; i++)
		if (strlist_add(paths, found.items[i].s) < 0)
			goto done;
	/* a root package besides: its own files, less the members' directories */
	if (cargotoml_has_table(manifest, len, "package") &&
	    (add_crate(crates, manifest, len, ".") < 0 || add_entries(paths, root, "", &found) < 0))
		goto done;
	rc = 0;
done:
	strlist_free(&members);
	strlist_free(&excluded);
	strlist_free(&found);
	buf_free(&value);
	buf_free(&pattern);
	buf_free(&text);
	return rc;
}

/* No root manifest: the outermost directories under dir that hold one. */
static int find_crates(const char *dir, const char *rel, int depth, strlist *paths, strlist *crates)
{
	struct dirent **names = NULL;
	buf text = BUF_INIT, sub = BUF_INIT, subrel = BUF_INIT;
	int n, i, rc = 0;

	if (depth > CRATE_DEPTH || (n = scandir(dir, &names, NULL, alphasort)) < 0)
		return 0;
	for (i = 0; i < n; i++) {
		int has;
		if (rc < 0 || skipped_name(names[i]->d_name)) {
			free(names[i]);
			continue;
		}
		if (rel_join(&sub, dir, names[i]->d_name) < 0 || rel_join(&subrel, rel, names[i]->d_name) < 0)
			rc = -1;
		else if (is_dir(sub.ptr)) {
			if ((has = read_manifest(sub.ptr, &text)) < 0)
				rc = -1;
			else if (has)
				rc = strlist_add(paths, subrel.ptr) < 0 || add_crate(crates, text.ptr, text.len, subrel.ptr) < 0 ? -1 : 0;
			else
				rc = find_crates(sub.ptr, subrel.ptr, depth + 1, paths, crates);
		}
		free(names[i]);
	}
	free(names);
	buf_free(&text);
	buf_free(&sub);
	buf_free(&subrel);
	return rc;
}

int scope_default(const char *root, int python, strlist *paths, strlist *crates, buf *err)
{
	buf manifest = BUF_INIT;
	int has, rc = -1;

	struct stat st;

	if (stat(root, &st) < 0 || !S_ISDIR(st.st_mode)) {
		buf_printf(err, "--root %s: %s", root, S_ISDIR(st.st_mode) || errno == ENOENT ? "no such directory" : "not a directory");
		return -1;
	}
	if ((has = read_manifest(root, &manifest)) < 0)
		goto oom;
	if (has && cargotoml_has_table(manifest.ptr, manifest.len, "workspace")) {
		if (workspace(root, manifest.ptr, manifest.len, paths, crates) < 0)
			goto oom;
	} else if (has) {
		if (add_crate(crates, manifest.ptr, manifest.len, ".") < 0 || add_entries(paths, root, "", NULL) < 0)
			goto oom;
	} else if (find_crates(root, "", 1, paths, crates) < 0)
		goto oom;
	if (!paths->count && add_entries(paths, root, "", NULL) < 0) /* no crate anywhere: everything */
		goto oom;
	else if (python && paths->count) { /* the Python files beside the crates */
		strlist crate_paths = { 0 };
		size_t i;
		int bad = 0;
		for (i = 0; i < paths->count && !bad; i++)
			bad = strlist_add(&crate_paths, paths->items[i].s) < 0;
		bad = bad || add_python(paths, root, "", &crate_paths) < 0;
		strlist_free(&crate_paths);
		if (bad)
			goto oom;
	}
	rc = 0;
	goto done;
oom:
	buf_puts(err, "out of memory");
done:
	buf_free(&manifest);
	return rc;
}
