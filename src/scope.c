#include "config.h"

#include "scope.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <glob.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

/* Is p (n bytes) one of `dirs` or inside one?  Cargo's `exclude` takes
 * each entry with what lies under it (the sample workspace's
 * `exclude = ["stubs"]` leaves out `stubs/tokio`, which its
 * [workspace.dependencies] name by path). */
static int under_any(const strlist *dirs, const char *p, size_t n)
{
	size_t i;

	for (i = 0; i < dirs->count; i++) {
		size_t len = dirs->items[i].len;
		while (len > 1 && dirs->items[i].s[len - 1] == '/')
			len--;
		if (n >= len && memcmp(p, dirs->items[i].s, len) == 0 && (n == len || p[len] == '/'))
			return 1;
	}
	return 0;
}

/* Does dir hold a Cargo.toml? */
static int has_manifest(const char *dir)
{
	buf p = BUF_INIT;
	int has = buf_printf(&p, "%s/Cargo.toml", dir) == 0 && access(p.ptr, F_OK) == 0;

	buf_free(&p);
	return has;
}

/* Is p (a relative path of n bytes) exactly one of `but`? */
static int is_one_of(const strlist *but, const char *p, size_t n)
{
	return but && strlist_has(but, p, n);
}

/* One entry of a directory, as each_entry() hands it on: its name, its
 * path (dir/name) and its path relative to the root. */
typedef struct {
	const char *name, *path, *rel;
	unsigned char d_type; /* readdir's, DT_UNKNOWN when it did not say */
} entry;

/* Every entry of dir (relative rel, "" for the root) in name order, but
 * the skipped ones (skipped_name), to visit(ctx, e) until it returns -1.
 * An unreadable directory has no entries.  0, or -1. */
/* Is the entry a directory (a link to one too)?  readdir's type says so
 * without a stat() for all but links and file systems that do not say. */
static int entry_is_dir(const entry *e)
{
	if (e->d_type == DT_DIR)
		return 1;
	if (e->d_type != DT_UNKNOWN && e->d_type != DT_LNK)
		return 0;
	return is_dir(e->path);
}

static int each_entry(const char *dir, const char *rel, int (*visit)(void *ctx, const entry *e), void *ctx)
{
	struct dirent **names = NULL;
	buf sub = BUF_INIT, subrel = BUF_INIT;
	int n = scandir(dir, &names, NULL, alphasort), i, rc = 0;

	for (i = 0; i < n; i++) {
		const char *name = names[i]->d_name;
		if (rc == 0 && !skipped_name(name)) {
			entry e = { name, NULL, NULL, names[i]->d_type };
			if (rel_join(&sub, dir, name) < 0 || rel_join(&subrel, rel, name) < 0)
				rc = -1;
			else {
				e.path = sub.ptr;
				e.rel = subrel.ptr;
				rc = visit(ctx, &e);
			}
		}
		free(names[i]);
	}
	free(names);
	buf_free(&sub);
	buf_free(&subrel);
	return rc;
}

/* What add_own() and add_python() walk with: the paths they add, and the
 * paths they leave out. */
typedef struct {
	strlist *paths;
	const strlist *but;
} path_walk;

static int own_entry(void *ctx, const entry *e)
{
	path_walk *w = ctx;
	size_t n = strlen(e->rel);

	if (is_one_of(w->but, e->rel, n))
		return 0; /* a member or a nested package: not this package's */
	if (covers_any(w->but, e->rel, n) && entry_is_dir(e))
		return each_entry(e->path, e->rel, own_entry, w);
	return strlist_add(w->paths, e->rel);
}

/* A package's own files, as cargo counts them: the entries of dir
 * (relative rel, "" for the root) but the skipped ones and those of `but`
 * (the workspace's members, the packages nested inside); an entry holding
 * one of `but` is opened and its own entries taken the same way.  Sorted.
 * Cargo leaves a subdirectory with a manifest of its own out of a package
 * (the crates rustc-perf keeps under `collector/compile-benchmarks`, a
 * cargo-fuzz `fuzz/`):
 * it is another crate, built on its own if at all. */
static int add_own(strlist *paths, const char *dir, const char *rel, const strlist *but)
{
	path_walk w = { paths, but };

	return each_entry(dir, rel, own_entry, &w);
}

static int nested_entry(void *ctx, const entry *e)
{
	strlist *found = ctx;

	if (!entry_is_dir(e))
		return 0;
	if (has_manifest(e->path))
		return strlist_add(found, e->rel);
	return each_entry(e->path, e->rel, nested_entry, found);
}

/* The directories under dir (relative rel) holding a Cargo.toml, the
 * outermost ones, into *found: the packages a package's tree may hold. */
static int nested_packages(const char *dir, const char *rel, strlist *found)
{
	return each_entry(dir, rel, nested_entry, found);
}

/* The package at dir (relative rel, "" for the root) into *paths: whole
 * when no other package or member lies inside it, else its own entries
 * (add_own).  Nested packages found are added to *others, which holds the
 * members already. */
static int add_package(strlist *paths, const char *dir, const char *rel, strlist *others)
{
	size_t before = others->count;

	if (nested_packages(dir, rel, others) < 0)
		return -1;
	if (rel[0] && others->count == before)
		return strlist_add(paths, rel);
	return add_own(paths, dir, rel, others);
}

static int python_entry(void *ctx, const entry *e)
{
	path_walk *w = ctx;
	size_t len = strlen(e->name);

	if (strlist_has(w->but, e->rel, strlen(e->rel)) || has_manifest(e->path))
		return 0; /* a crate: in scope already, or another package's */
	if (entry_is_dir(e))
		return each_entry(e->path, e->rel, python_entry, w);
	if (len > 3 && strcmp(e->name + len - 3, ".py") == 0)
		return strlist_add(w->paths, e->rel);
	return 0;
}

/* The Python files under dir (relative rel) outside the crates' paths,
 * target/ and hidden directories, sorted by directory. */
static int add_python(strlist *paths, const char *dir, const char *rel, const strlist *crates)
{
	path_walk w = { paths, crates };

	return each_entry(dir, rel, python_entry, &w);
}

/* `dir/rel` with `.` and `..` steps resolved, into out (empty for the
 * scope's root itself); -1 when it leaves it (a `..` too many) or memory
 * ran out. */
static int normalized_join(buf *out, const char *dir, const char *rel)
{
	buf whole = BUF_INIT;
	char *step, *save = NULL;
	int rc = 0;

	buf_clear(out);
	if (rel[0] == '/' || (dir[0] ? buf_printf(&whole, "%s/%s", dir, rel) : buf_puts(&whole, rel)) < 0) {
		buf_free(&whole);
		return -1;
	}
	for (step = strtok_r(whole.ptr, "/", &save); step && rc == 0; step = strtok_r(NULL, "/", &save)) {
		if (strcmp(step, ".") == 0)
			continue;
		if (strcmp(step, "..") == 0) {
			char *slash;
			if (!out->len)
				rc = -1;
			else if ((slash = strrchr(out->ptr, '/')))
				buf_truncate(out, (size_t)(slash - out->ptr));
			else
				buf_clear(out);
		} else if ((out->len && buf_putc(out, '/') < 0) || buf_puts(out, step) < 0)
			rc = -1;
	}
	buf_free(&whole);
	return rc;
}

/* The `path = ".."` values of the manifest's dependency tables
 * (`[dependencies]`, `[dev-dependencies]`, `[workspace.dependencies]`,
 * `[target.'cfg(..)'.dependencies]`, `[dependencies.name]`), as written,
 * into *out.  Cargo makes each a member of the workspace when it lies
 * inside it (and builds it anyway when there is none): triagebot's
 * `parser`, in no members list, is its own code. */
static int path_dependencies(const char *text, size_t len, strlist *out)
{
	const char *p = text, *end = text + len;
	int in_deps = 0;

	while (p < end) {
		const char *eol = memchr(p, '\n', (size_t)(end - p)), *q;
		if (!eol)
			eol = end;
		while (p < eol && (*p == ' ' || *p == '\t'))
			p++;
		if (p < eol && *p == '[') {
			const char *close = memchr(p, ']', (size_t)(eol - p));
			in_deps = 0;
			for (q = p; close && q + 12 <= close; q++)
				if (memcmp(q, "dependencies", 12) == 0)
					in_deps = 1;
		} else if (in_deps && p < eol && *p != '#') {
			/* `path = "x"` on its own line, or inside an inline table */
			for (q = p; q + 4 < eol; q++) {
				const char *v, *close;
				if (memcmp(q, "path", 4) != 0 || (q > p && (isalnum((unsigned char)q[-1]) || q[-1] == '_' || q[-1] == '-')))
					continue;
				for (v = q + 4; v < eol && (*v == ' ' || *v == '\t'); v++)
					;
				if (v >= eol || *v != '=')
					continue;
				for (v++; v < eol && (*v == ' ' || *v == '\t'); v++)
					;
				if (v >= eol || (*v != '"' && *v != '\'') || !(close = memchr(v + 1, *v, (size_t)(eol - v - 1))))
					continue;
				{
					buf one = BUF_INIT;
					int bad = buf_append(&one, v + 1, (size_t)(close - v - 1)) < 0 ||
					          (one.len && strlist_add(out, one.ptr) < 0);
					buf_free(&one);
					if (bad)
						return -1;
				}
				break;
			}
		}
		p = eol + 1;
	}
	return 0;
}

/* Where a workspace's members are gathered: the directory of its root
 * manifest (dir, relative base from the scope's root), its `exclude`, and
 * the members found so far (relative to the scope's root) with their
 * crates' names. */
typedef struct {
	const char *dir, *base;
	size_t baselen;
	strlist excluded, found, pending; /* pending: path dependencies not yet looked at */
	strlist *crates;
	buf path, text;
} members_walk;

/* full (relative to the scope's root) as a path inside the workspace's
 * directory, or NULL when it lies outside it (or is the directory). */
static const char *inside_workspace(const members_walk *w, const char *full, size_t n)
{
	if (!w->baselen)
		return n ? full : NULL;
	return n > w->baselen && memcmp(full, w->base, w->baselen) == 0 && full[w->baselen] == '/' ? full + w->baselen + 1
	                                                                                              : NULL;
}

/* The directory full (relative to the scope's root) as a member when it
 * holds a manifest and no `exclude` covers it: its crate named, and its
 * path dependencies queued (they lie where its manifest says, relative to
 * it).  0, or -1. */
static int add_member(members_walk *w, const char *full)
{
	const char *rel = inside_workspace(w, full, strlen(full));
	strlist deps = { 0 };
	buf dep = BUF_INIT;
	size_t d;
	int has, rc = 0;

	if (!rel || under_any(&w->excluded, rel, strlen(rel)) || strlist_has(&w->found, full, strlen(full)))
		return 0;
	buf_clear(&w->path);
	if (buf_printf(&w->path, "%s/%s", w->dir, rel) < 0 || (has = read_manifest(w->path.ptr, &w->text)) < 0)
		return -1;
	if (!has)
		return 0;
	if (strlist_add(&w->found, full) < 0 || add_crate(w->crates, w->text.ptr, w->text.len, full) < 0 ||
	    path_dependencies(w->text.ptr, w->text.len, &deps) < 0)
		rc = -1;
	for (d = 0; rc == 0 && d < deps.count; d++)
		if (normalized_join(&dep, full, deps.items[d].s) == 0 && dep.len && strlist_add(&w->pending, dep.ptr) < 0)
			rc = -1;
	strlist_free(&deps);
	buf_free(&dep);
	return rc;
}

/* A workspace: its members (globs expanded, `exclude` covering what lies
 * under each entry), each with a manifest of its own, and the path
 * dependencies under its directory of the root package and of the members,
 * as cargo takes them (transitively); the root package's own entries too.
 * A lone package is a workspace without members.  dir is the manifest's
 * directory, base the same relative to the scope's root. */
static int workspace(const char *dir, const char *base, const buf *manifest, strlist *paths, strlist *crates)
{
	members_walk w = { dir, base, strlen(base), { 0 }, { 0 }, { 0 }, crates, BUF_INIT, BUF_INIT };
	strlist members = { 0 }, deps = { 0 };
	buf value = BUF_INIT, full = BUF_INIT;
	size_t i, n, dirlen = strlen(dir);
	int rc = -1;

	if (cargotoml_get(manifest->ptr, manifest->len, "workspace", "members", &value, NULL) < 0 ||
	    cargotoml_strings(value.ptr ? value.ptr : "", &members) < 0 ||
	    cargotoml_get(manifest->ptr, manifest->len, "workspace", "exclude", &value, NULL) < 0 ||
	    cargotoml_strings(value.ptr ? value.ptr : "", &w.excluded) < 0 ||
	    path_dependencies(manifest->ptr, manifest->len, &deps) < 0)
		goto done;
	/* the root package's path dependencies go first, each member's after
	 * (add_member() queues them as it finds the member); one back to the
	 * scope's root (kdl-rs's `path = "../../"`) is the root package, added
	 * below as such */
	for (i = 0; i < deps.count; i++)
		if (normalized_join(&full, base, deps.items[i].s) == 0 && full.len && strlist_add(&w.pending, full.ptr) < 0)
			goto done;
	for (i = 0; i < members.count; i++) {
		glob_t g;
		size_t k;
		buf_clear(&w.path);
		if (buf_printf(&w.path, "%s/%s", dir, members.items[i].s) < 0)
			goto done;
		memset(&g, 0, sizeof(g));
		if (glob(w.path.ptr, GLOB_NOSORT | GLOB_ONLYDIR, NULL, &g) != 0) {
			globfree(&g);
			continue;
		}
		for (k = 0; k < g.gl_pathc; k++) {
			const char *rel = g.gl_pathv[k] + dirlen + 1;
			while (rel[0] == '.' && rel[1] == '/') /* `./crates/a` */
				rel += 2;
			if (rel_join(&full, base, rel) < 0 || add_member(&w, full.ptr) < 0) {
				globfree(&g);
				goto done;
			}
		}
		globfree(&g);
	}
	/* the path dependencies, in the order queued */
	for (i = 0; i < w.pending.count; i++) /* add_member() queues more */
		if (add_member(&w, w.pending.items[i].s) < 0)
			goto done;
	/* each member's own files (w.found gains the packages nested in them) */
	for (i = 0, n = w.found.count; i < n; i++) {
		const char *full_rel = w.found.items[i].s;
		buf_clear(&w.path);
		if (buf_printf(&w.path, "%s/%s", dir, inside_workspace(&w, full_rel, strlen(full_rel))) < 0 ||
		    add_package(paths, w.path.ptr, full_rel, &w.found) < 0)
			goto done;
	}
	/* a root package besides: its own files, less the members' directories */
	if (cargotoml_has_table(manifest->ptr, manifest->len, "package") &&
	    (add_crate(crates, manifest->ptr, manifest->len, base[0] ? base : ".") < 0 ||
	     add_package(paths, dir, base, &w.found) < 0))
		goto done;
	rc = 0;
done:
	strlist_free(&members);
	strlist_free(&deps);
	strlist_free(&w.excluded);
	strlist_free(&w.found);
	strlist_free(&w.pending);
	buf_free(&w.path);
	buf_free(&w.text);
	buf_free(&value);
	buf_free(&full);
	return rc;
}

typedef struct {
	strlist *paths, *crates;
	int depth;
} crate_walk;

static int crate_entry(void *ctx, const entry *e)
{
	crate_walk *w = ctx;
	buf text = BUF_INIT;
	int has, rc = 0;

	if (!entry_is_dir(e))
		return 0;
	if ((has = read_manifest(e->path, &text)) < 0)
		rc = -1;
	else if (has)
		rc = workspace(e->path, e->rel, &text, w->paths, w->crates);
	else if (w->depth < CRATE_DEPTH) {
		w->depth++;
		rc = each_entry(e->path, e->rel, crate_entry, w);
		w->depth--;
	}
	buf_free(&text);
	return rc;
}

/* No root manifest: the outermost directories under dir that hold one. */
static int find_crates(const char *dir, const char *rel, int depth, strlist *paths, strlist *crates)
{
	crate_walk w = { paths, crates, depth };

	return depth > CRATE_DEPTH ? 0 : each_entry(dir, rel, crate_entry, &w);
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
	if (has) {
		if (workspace(root, "", &manifest, paths, crates) < 0)
			goto oom;
	} else if (find_crates(root, "", 1, paths, crates) < 0)
		goto oom;
	if (!paths->count && add_own(paths, root, "", NULL) < 0) /* no crate anywhere: everything */
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
