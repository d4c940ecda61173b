#include "config.h"

#include "discover.h"

#include <dirent.h>
#include <pthread.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "parallel.h"

/* ---- pathlib and posixpath, string level -------------------------------- */

/* Append the components of p that pathlib keeps (not "" nor ".") to out,
 * each preceded by "/" unless out is empty or ends with "/". */
static int put_parts(buf *out, const char *p)
{
	while (*p) {
		const char *slash = strchr(p, '/');
		size_t n = slash ? (size_t)(slash - p) : strlen(p);
		if (n && !(n == 1 && p[0] == '.')) {
			if (out->len && out->ptr[out->len - 1] != '/' && buf_putc(out, '/') < 0)
				return -1;
			if (buf_append(out, p, n) < 0)
				return -1;
		}
		p += n;
		if (*p == '/')
			p++;
	}
	return 0;
}

/* pathlib's root of a posix path: "//" for exactly two leading slashes. */
static size_t root_len(const char *p)
{
	if (p[0] != '/')
		return 0;
	return (p[1] == '/' && p[2] != '/') ? 2 : 1;
}

int discover_join(buf *out, const char *base, const char *p)
{
	buf_clear(out);
	if (p[0] == '/')
		base = "";
	if (root_len(base) && buf_append(out, base, root_len(base)) < 0)
		return -1;
	if (put_parts(out, base) < 0)
		return -1;
	if (root_len(p) && buf_append(out, p, root_len(p)) < 0)
		return -1;
	if (put_parts(out, p) < 0)
		return -1;
	return out->len ? 0 : buf_putc(out, '.');
}

/* posixpath.join(a, b) for a relative b without a leading slash. */
static int path_join(buf *out, const char *a, size_t an, const char *b, size_t bn)
{
	buf_clear(out);
	if (buf_append(out, a, an) < 0)
		return -1;
	if (an && a[an - 1] != '/' && buf_putc(out, '/') < 0)
		return -1;
	return buf_append(out, b, bn);
}

/* posixpath.normpath(), in place. */
static int normpath(buf *p)
{
	buf out = BUF_INIT;
	size_t slashes = 0, i = 0, ncomps = 0;
	const char *s = buf_cstr(p);
	size_t *starts = NULL;
	int rc = -1;

	if (!p->len)
		return buf_putc(p, '.');
	if (s[0] == '/')
		slashes = (s[1] == '/' && s[2] != '/') ? 2 : 1;
	starts = malloc((p->len + 1) * sizeof(*starts));
	if (!starts || buf_append(&out, "//", slashes) < 0)
		goto done;
	while (i < p->len) {
		size_t j = i;
		while (j < p->len && s[j] != '/')
			j++;
		if (j > i && !(j - i == 1 && s[i] == '.')) {
			int dotdot = j - i == 2 && s[i] == '.' && s[i + 1] == '.';
			const char *last = ncomps ? out.ptr + starts[ncomps - 1] : NULL;
			int last_dotdot = last && strcmp(last, "..") == 0;
			if (!dotdot || (!slashes && !ncomps) || last_dotdot) {
				starts[ncomps] = out.len + ((out.len > slashes) ? 1 : 0);
				if (out.len > slashes && buf_putc(&out, '/') < 0)
					goto done;
				if (buf_append(&out, s + i, j - i) < 0)
					goto done;
				ncomps++;
			} else if (ncomps) {
				ncomps--;
				out.len = starts[ncomps] > slashes ? starts[ncomps] - 1 : slashes;
				out.ptr[out.len] = '\0';
			}
		}
		i = j + 1;
	}
	if (!out.len && buf_putc(&out, '.') < 0)
		goto done;
	buf_free(p);
	*p = out;
	out = (buf)BUF_INIT;
	rc = 0;
done:
	free(starts);
	buf_free(&out);
	return rc;
}

/* ---- os.path.realpath(strict=False) -------------------------------------- */

typedef struct {
	char *link;     /* a symlink met on the way (owned) */
	char *resolved; /* what it resolved to, or NULL while in progress */
} seen_entry;

typedef struct {
	seen_entry *v;
	size_t n, cap;
} seen_map;

static seen_entry *seen_find(seen_map *m, const char *link)
{
	size_t i;

	for (i = 0; i < m->n; i++)
		if (strcmp(m->v[i].link, link) == 0)
			return &m->v[i];
	return NULL;
}

static seen_entry *seen_add(seen_map *m, const char *link)
{
	if (m->n == m->cap) {
		size_t cap = m->cap ? m->cap * 2 : 8;
		seen_entry *v = realloc(m->v, cap * sizeof(*v));
		if (!v)
			return NULL;
		m->v = v;
		m->cap = cap;
	}
	m->v[m->n].link = strdup(link);
	m->v[m->n].resolved = NULL;
	return m->v[m->n].link ? &m->v[m->n++] : NULL;
}

static void seen_free(seen_map *m)
{
	size_t i;

	for (i = 0; i < m->n; i++) {
		free(m->v[i].link);
		free(m->v[i].resolved);
	}
	free(m->v);
}

/* posixpath.split(path)[0] into `head`, returning the tail's offset. */
static size_t split_tail(const buf *path)
{
	const char *s = buf_cstr(path);
	const char *slash = strrchr(s, '/');

	return slash ? (size_t)(slash - s) + 1 : 0;
}

static void set_head(buf *path, size_t tail)
{
	size_t head = tail, k;
	int all_slashes = 1;

	/* head.rstrip("/") unless the head is nothing but slashes */
	for (k = 0; k < tail; k++)
		if (path->ptr[k] != '/')
			all_slashes = 0;
	if (!all_slashes)
		while (head > 0 && path->ptr[head - 1] == '/')
			head--;
	path->len = head;
	if (path->ptr)
		path->ptr[head] = '\0';
}

/* os.readlink() into `target`, growing it as long as the result may have
 * been cut short. */
static int read_link(const char *link, buf *target)
{
	size_t cap = 256;

	for (;;) {
		ssize_t len;
		buf_clear(target);
		if (buf_grow(target, cap) < 0)
			return -1;
		len = readlink(link, target->ptr, cap);
		if (len < 0)
			return -1;
		if ((size_t)len < cap) {
			target->len = (size_t)len;
			target->ptr[len] = '\0';
			return 0;
		}
		cap *= 2;
	}
}

/* _joinrealpath(): resolve `rest` on top of `path`.  Returns 1 when fully
 * resolved, 0 when a loop stopped it (path then holds the rest joined on
 * unresolved), -1 on allocation failure. */
static int join_real(buf *path, const char *rest, seen_map *seen, int depth)
{
	buf newpath = BUF_INIT, target = BUF_INIT;
	const char *p = rest;
	int rc = -1;

	if (depth > 4096)
		return -1; /* readlink chains longer than any system allows */
	if (*p == '/') {
		while (*p == '/')
			p++;
		buf_clear(path);
		if (buf_putc(path, '/') < 0)
			goto done;
	}
	while (*p) {
		const char *slash = strchr(p, '/');
		size_t n = slash ? (size_t)(slash - p) : strlen(p);
		const char *name = p;
		struct stat st;
		seen_entry *e;

		p += n;
		if (*p == '/')
			p++;
		if (n == 0 || (n == 1 && name[0] == '.'))
			continue;
		if (n == 2 && name[0] == '.' && name[1] == '.') {
			if (path->len) {
				size_t tail = split_tail(path);
				int tail_dotdot = strcmp(path->ptr + tail, "..") == 0;
				set_head(path, tail);
				if (tail_dotdot) {
					buf_clear(&newpath);
					if (path_join(&newpath, buf_cstr(path), path->len, "../..", 5) < 0)
						goto done;
					buf_clear(path);
					if (buf_append(path, newpath.ptr, newpath.len) < 0)
						goto done;
				}
			} else if (buf_puts(path, "..") < 0)
				goto done;
			continue;
		}
		if (path_join(&newpath, buf_cstr(path), path->len, name, n) < 0)
			goto done;
		if (lstat(newpath.ptr, &st) < 0 || !S_ISLNK(st.st_mode)) {
			buf_clear(path);
			if (buf_append(path, newpath.ptr, newpath.len) < 0)
				goto done;
			continue;
		}
		e = seen_find(seen, newpath.ptr);
		if (e) {
			if (e->resolved) {
				buf_clear(path);
				if (buf_puts(path, e->resolved) < 0)
					goto done;
				continue;
			}
			/* a loop: the resolved part plus the rest, unchanged */
			buf_clear(path);
			if (path_join(path, newpath.ptr, newpath.len, p, strlen(p)) < 0)
				goto done;
			rc = 0;
			goto done;
		}
		if (!seen_add(seen, newpath.ptr))
			goto done;
		if (read_link(newpath.ptr, &target) < 0) {
			/* gone since lstat: treat it as a plain component */
			buf_clear(path);
			if (buf_append(path, newpath.ptr, newpath.len) < 0)
				goto done;
			continue;
		}
		rc = join_real(path, target.ptr, seen, depth + 1);
		if (rc < 0)
			goto done;
		if (rc == 0) {
			buf tmp = BUF_INIT;
			if (path_join(&tmp, buf_cstr(path), path->len, p, strlen(p)) < 0) {
				buf_free(&tmp);
				rc = -1;
				goto done;
			}
			buf_free(path);
			*path = tmp;
			goto done;
		}
		/* `e` may have moved when the map grew: look it up again */
		e = seen_find(seen, newpath.ptr);
		free(e->resolved);
		if (!(e->resolved = strdup(buf_cstr(path)))) {
			rc = -1;
			goto done;
		}
		rc = -1; /* until the loop ends, a failure is an error */
	}
	rc = 1;
done:
	buf_free(&newpath);
	buf_free(&target);
	return rc;
}

int discover_resolve(buf *out, const char *p, int *loop)
{
	seen_map seen = { NULL, 0, 0 };
	struct stat st;
	int rc;

	*loop = 0;
	buf_clear(out);
	rc = join_real(out, p, &seen, 0);
	seen_free(&seen);
	if (rc < 0)
		return -1;
	if (out->len == 0 || out->ptr[0] != '/') { /* abspath() */
		char *cwd = getcwd(NULL, 0);
		buf abs = BUF_INIT;
		if (!cwd)
			return -1;
		rc = path_join(&abs, cwd, strlen(cwd), buf_cstr(out), out->len);
		free(cwd);
		if (rc < 0) {
			buf_free(&abs);
			return -1;
		}
		buf_free(out);
		*out = abs;
	}
	if (normpath(out) < 0)
		return -1;
	/* Path.resolve() stats the result to turn a loop into an error */
	if (stat(out->ptr, &st) < 0 && errno == ELOOP) {
		*loop = 1;
		return -1;
	}
	return 0;
}

/* ---- collecting files ---------------------------------------------------- */

typedef struct {
	discover_file *v;
	size_t n, cap;
} file_list;

/* Take ownership of `path`; `report` is computed later. */
static int list_add(file_list *l, char *path, int is_link)
{
	if (l->n == l->cap) {
		size_t cap = l->cap ? l->cap * 2 : 256;
		discover_file *v = realloc(l->v, cap * sizeof(*v));
		if (!v) {
			free(path);
			return -1;
		}
		l->v = v;
		l->cap = cap;
	}
	l->v[l->n].path = path;
	l->v[l->n].report = NULL;
	l->v[l->n].report_len = 0;
	l->v[l->n].is_link = is_link;
	l->n++;
	return 0;
}

/* fnmatch "*.rs" on a name: it ends with ".rs" (".rs" itself included);
 * with `python`, "*.py" too. */
static int name_is_source(const char *name, int python)
{
	size_t n = strlen(name);

	return n >= 3 && (memcmp(name + n - 3, ".rs", 3) == 0 || (python && memcmp(name + n - 3, ".py", 3) == 0));
}

/* Path.suffix == ".rs": the name has a dot that is neither its first nor
 * its last character, and what follows the last dot is "rs". */
static int suffix_is_source(const char *path, int python)
{
	const char *name = strrchr(path, '/');
	const char *dot;

	name = name ? name + 1 : path;
	dot = strrchr(name, '.');
	return dot && dot > name && (strcmp(dot, ".rs") == 0 || (python && strcmp(dot, ".py") == 0));
}

/* Path.rglob("*.rs") from `dir`, keeping what is_file() says is a file.
 *
 * Directories are read by every core at once: a tree of thousands of
 * directories takes tens of ms of getdents() and stat() on one core, with
 * every other core idle, before the first file is read.  The walkers
 * share a stack of directories still to read; each keeps the files it
 * finds, and the lists are joined at the end (the caller sorts them, so
 * the order found in does not matter).  Iterative: a deep tree cannot
 * overflow the stack. */
typedef struct {
	pthread_mutex_t lock;
	pthread_cond_t more;     /* a directory was pushed, or the walk ended */
	char **stack;            /* directories still to read (owned) */
	size_t depth, cap;
	unsigned busy;           /* walkers reading a directory */
	int failed, python;
} walk_shared;

typedef struct {
	walk_shared *sh;
	file_list files;         /* found by this walker */
	file_list no_manifest;   /* directories read without a Cargo.toml */
} walker;

/* Read one directory: its source files to `files`, its subdirectories to
 * `dirs`.  -1 when memory ran out. */
static int read_dir(const char *cur, int python, file_list *files, file_list *no_manifest, char ***dirs,
                    size_t *ndirs, size_t *cap)
{
	DIR *d = opendir(cur);
	struct dirent *de;
	buf child = BUF_INIT;
	int rc = 0, manifest = 0;

	if (!d) /* unreadable directories are skipped, as pathlib does */
		return 0;
	while (rc == 0 && (de = readdir(d))) {
		const char *name = de->d_name;
		struct stat st;
		int is_dir, is_link;

		if (name[0] == '.' && (!name[1] || (name[1] == '.' && !name[2])))
			continue;
		if (name[0] == 'C' && strcmp(name, "Cargo.toml") == 0)
			manifest = 1; /* of any kind: whether it is a file is the reader's to find */
		if (path_join(&child, cur, strlen(cur), name, strlen(name)) < 0) {
			rc = -1;
			break;
		}
		if (de->d_type == DT_UNKNOWN) {
			if (lstat(child.ptr, &st) < 0)
				continue;
			is_dir = S_ISDIR(st.st_mode);
			is_link = S_ISLNK(st.st_mode);
		} else {
			is_dir = de->d_type == DT_DIR;
			is_link = de->d_type == DT_LNK;
		}
		if (name_is_source(name, python)) {
			int is_file = !is_dir && !is_link && de->d_type == DT_REG;
			if (!is_file && !is_dir)
				is_file = stat(child.ptr, &st) == 0 && S_ISREG(st.st_mode);
			if (is_file && list_add(files, buf_detach(&child), is_link) < 0)
				rc = -1;
		}
		if (rc == 0 && is_dir) {
			if (*ndirs == *cap) {
				char **v = buf_grow_array(*dirs, cap, sizeof(*v), 16);
				if (!v) {
					rc = -1;
					break;
				}
				*dirs = v;
			}
			if (!((*dirs)[*ndirs] = strdup(child.ptr ? child.ptr : "")))
				rc = -1;
			else
				(*ndirs)++;
		}
	}
	closedir(d);
	buf_free(&child);
	if (rc == 0 && !manifest) {
		char *copy = strdup(cur);
		if (!copy || list_add(no_manifest, copy, 0) < 0)
			rc = -1; /* (list_add freed it) */
	}
	return rc;
}

static void *walk_run(void *arg)
{
	walker *w = arg;
	walk_shared *sh = w->sh;
	char **dirs = NULL;
	size_t ndirs = 0, cap = 0, i;

	pthread_mutex_lock(&sh->lock);
	for (;;) {
		char *cur;
		int rc;
		while (!sh->depth && sh->busy && !sh->failed)
			pthread_cond_wait(&sh->more, &sh->lock);
		if (!sh->depth || sh->failed)
			break; /* nothing left, and no walker can add more */
		cur = sh->stack[--sh->depth];
		sh->busy++;
		pthread_mutex_unlock(&sh->lock);

		ndirs = 0;
		rc = read_dir(cur, sh->python, &w->files, &w->no_manifest, &dirs, &ndirs, &cap);
		free(cur);

		pthread_mutex_lock(&sh->lock);
		sh->busy--;
		if (rc < 0)
			sh->failed = 1;
		if (!sh->failed && sh->depth + ndirs > sh->cap) {
			size_t ncap = (sh->depth + ndirs) * 2;
			char **v = realloc(sh->stack, ncap * sizeof(*v));
			if (v) {
				sh->stack = v;
				sh->cap = ncap;
			} else
				sh->failed = 1;
		}
		for (i = 0; i < ndirs; i++) {
			if (sh->failed)
				free(dirs[i]);
			else
				sh->stack[sh->depth++] = dirs[i];
		}
		pthread_cond_broadcast(&sh->more);
	}
	pthread_cond_broadcast(&sh->more);
	pthread_mutex_unlock(&sh->lock);
	free(dirs);
	return NULL;
}

/* Move every path of `from` to `to` (freeing them once `to` cannot take
 * more).  rc: 0, or -1 from now on. */
static int move_paths(file_list *to, file_list *from, int rc)
{
	size_t k;

	for (k = 0; k < from->n; k++) {
		if (rc == 0 && list_add(to, from->v[k].path, from->v[k].is_link) < 0)
			rc = -1; /* (list_add freed the path) */
		else if (rc < 0)
			free(from->v[k].path);
	}
	free(from->v);
	memset(from, 0, sizeof(*from));
	return rc;
}

static int walk(file_list *out, file_list *no_manifest, const char *dir, int python)
{
	walk_shared sh;
	walker *ws;
	unsigned n = parallel_cpus(), i;
	int rc = 0;

	memset(&sh, 0, sizeof(sh));
	sh.python = python;
	if (!(ws = calloc(n, sizeof(*ws))) || !(sh.stack = malloc(sizeof(*sh.stack) * (sh.cap = 64))) ||
	    !(sh.stack[0] = strdup(dir))) {
		free(ws);
		free(sh.stack);
		return -1;
	}
	sh.depth = 1;
	pthread_mutex_init(&sh.lock, NULL);
	pthread_cond_init(&sh.more, NULL);
	for (i = 0; i < n; i++)
		ws[i].sh = &sh;
	parallel_run(n, walk_run, ws, sizeof(*ws));
	if (sh.depth && !sh.failed) /* no walker could start: walk here */
		walk_run(&ws[0]);
	for (i = 0; i < n; i++) {
		rc = move_paths(out, &ws[i].files, rc);
		rc = move_paths(no_manifest, &ws[i].no_manifest, rc);
	}
	while (sh.depth)
		free(sh.stack[--sh.depth]);
	free(sh.stack);
	pthread_cond_destroy(&sh.more);
	pthread_mutex_destroy(&sh.lock);
	free(ws);
	return sh.failed ? -1 : rc;
}

static int cmp_path(const void *a, const void *b)
{
	return strcmp(((const discover_file *)a)->path, ((const discover_file *)b)->path);
}

/* Path under root (or the root itself)?  Component-wise, as relative_to(). */
static int is_under(const char *path, const char *root)
{
	size_t n = strlen(root);

	if (strcmp(root, "/") == 0)
		return path[0] == '/';
	return strncmp(path, root, n) == 0 && (path[n] == '\0' || path[n] == '/');
}

/* rel_path(): the resolved path relative to the root, else as collected.
 * Only a symlinked file needs resolving: the walk starts from a resolved
 * directory and never enters a symlinked one, and a path given directly
 * was resolved already. */
static int set_report(discover_file *f, const char *root, int may_be_link, buf *scratch)
{
	const char *resolved = f->path;
	size_t skip;
	int loop;

	if (may_be_link) {
		if (discover_resolve(scratch, f->path, &loop) < 0)
			return -1;
		resolved = scratch->ptr;
	}
	if (!is_under(resolved, root) || strcmp(resolved, root) == 0) {
		f->report = strdup(f->path);
	} else {
		skip = strcmp(root, "/") == 0 ? 1 : strlen(root) + 1;
		f->report = strdup(resolved + skip);
	}
	if (!f->report)
		return -1;
	f->report_len = strlen(f->report);
	return 0;
}

enum discover_status discover_collect(discover_result *out, const char *root,
                                      const char *const *paths, size_t npaths, buf *err)
{
	return discover_collect_sources(out, root, paths, npaths, 0, err);
}

enum discover_status discover_collect_sources(discover_result *out, const char *root, const char *const *paths,
                                              size_t npaths, int python, buf *err)
{
	file_list files = { NULL, 0, 0 }, no_manifest = { NULL, 0, 0 };
	buf root_res = BUF_INIT, joined = BUF_INIT, resolved = BUF_INIT, scratch = BUF_INIT, root_path = BUF_INIT;
	enum discover_status status = DISCOVER_ERROR;
	size_t i, w;
	int loop;

	memset(out, 0, sizeof(*out));
	/* Path(args.root): pathlib normalises the string first */
	if (discover_join(&root_path, "", root) < 0)
		goto oom;
	if (discover_resolve(&root_res, root_path.ptr, &loop) < 0) {
		if (loop) {
			buf_printf(err, "symlink loop from '%s'", root_path.ptr);
			status = DISCOVER_LOOP;
		} else
			buf_printf(err, "cannot resolve '%s': %s", root, strerror(errno));
		goto fail;
	}
	for (i = 0; i < npaths; i++) {
		struct stat st;
		if (discover_join(&joined, root_res.ptr, paths[i]) < 0)
			goto oom;
		if (discover_resolve(&resolved, joined.ptr, &loop) < 0) {
			if (loop) {
				buf_printf(err, "symlink loop from '%s'", joined.ptr);
				status = DISCOVER_LOOP;
				goto fail;
			}
			goto oom;
		}
		if (!is_under(resolved.ptr, root_res.ptr)) {
			buf_printf(err, "refusing to scan path outside repository root: %s", joined.ptr);
			status = DISCOVER_OUTSIDE_ROOT;
			goto fail;
		}
		if (stat(resolved.ptr, &st) < 0)
			continue;
		if (S_ISREG(st.st_mode)) {
			if (suffix_is_source(resolved.ptr, python)) {
				char *p = strdup(resolved.ptr);
				if (!p || list_add(&files, p, 0) < 0)
					goto oom;
			}
		} else if (S_ISDIR(st.st_mode)) {
			if (walk(&files, &no_manifest, resolved.ptr, python) < 0)
				goto oom;
		}
	}
	if (files.n)
		qsort(files.v, files.n, sizeof(*files.v), cmp_path);
	for (i = 0, w = 0; i < files.n; i++) {
		if (w && strcmp(files.v[w - 1].path, files.v[i].path) == 0) {
			free(files.v[i].path);
			continue;
		}
		files.v[w++] = files.v[i];
	}
	files.n = w;
	for (i = 0; i < files.n; i++)
		if (set_report(&files.v[i], root_res.ptr, files.v[i].is_link, &scratch) < 0)
			goto oom;
	if (no_manifest.n) {
		/* by path, each once (two paths given may share directories) */
		qsort(no_manifest.v, no_manifest.n, sizeof(*no_manifest.v), cmp_path);
		if (!(out->no_manifest = malloc(no_manifest.n * sizeof(*out->no_manifest))))
			goto oom;
		for (i = 0; i < no_manifest.n; i++) {
			if (out->no_manifest_count &&
			    strcmp(out->no_manifest[out->no_manifest_count - 1], no_manifest.v[i].path) == 0)
				free(no_manifest.v[i].path);
			else
				out->no_manifest[out->no_manifest_count++] = no_manifest.v[i].path;
		}
		no_manifest.n = 0;
	}
	out->root = buf_detach(&root_res);
	out->files = files.v;
	out->count = files.n;
	files.v = NULL;
	files.n = 0;
	status = DISCOVER_OK;
	goto done;
oom:
	buf_printf(err, "out of memory");
	status = DISCOVER_ERROR;
fail:
	for (i = 0; i < files.n; i++) {
		free(files.v[i].path);
		free(files.v[i].report);
	}
done:
	for (i = 0; i < no_manifest.n; i++)
		free(no_manifest.v[i].path);
	free(no_manifest.v);
	free(files.v);
	buf_free(&root_res);
	buf_free(&root_path);
	buf_free(&joined);
	buf_free(&resolved);
	buf_free(&scratch);
	return status;
}

void discover_result_free(discover_result *r)
{
	size_t i;

	if (!r)
		return;
	for (i = 0; i < r->count; i++) {
		free(r->files[i].path);
		free(r->files[i].report);
	}
	for (i = 0; i < r->no_manifest_count; i++)
		free(r->no_manifest[i]);
	free(r->no_manifest);
	free(r->files);
	free(r->root);
	memset(r, 0, sizeof(*r));
}
