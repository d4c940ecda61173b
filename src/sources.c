#include "config.h"

#include "sources.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fileio.h"
#include "gitrev.h"

static int add_file(source_set *s, const char *report, const char *path, const git_oid *blob)
{
	source_file *f;

	if (s->count == s->cap) {
		size_t cap = s->cap ? s->cap * 2 : 256;
		source_file *v = realloc(s->files, cap * sizeof(*v));
		if (!v)
			return -1;
		s->files = v;
		s->cap = cap;
	}
	f = &s->files[s->count];
	memset(f, 0, sizeof(*f));
	if (!(f->report = strdup(report)) || (path && !(f->path = strdup(path)))) {
		free(f->report);
		free(f->path);
		return -1;
	}
	if (blob)
		git_oid_cpy(&f->blob, blob);
	s->count++;
	return 0;
}

static int cmp_report(const void *a, const void *b)
{
	return strcmp(((const source_file *)a)->report, ((const source_file *)b)->report);
}

/* Sort by path and drop duplicates (a conflicted index lists a path once
 * per stage). */
static void sort_unique(source_set *s)
{
	size_t i, w = 0;

	if (s->count)
		qsort(s->files, s->count, sizeof(*s->files), cmp_report);
	for (i = 0; i < s->count; i++) {
		if (w && strcmp(s->files[w - 1].report, s->files[i].report) == 0) {
			free(s->files[i].report);
			free(s->files[i].path);
			continue;
		}
		s->files[w++] = s->files[i];
	}
	s->count = w;
}

/* A source file of a language the run reads: .rs, and .py with `python`. */
static int is_source(const char *p, int python)
{
	size_t n = strlen(p);
	const char *slash = strrchr(p, '/');
	const char *name = slash ? slash + 1 : p;

	return n >= 3 && strlen(name) > 3 && (strcmp(p + n - 3, ".rs") == 0 || (python && strcmp(p + n - 3, ".py") == 0));
}

void sources_drop_python(source_set *s)
{
	size_t i, w = 0;

	for (i = 0; i < s->count; i++) {
		size_t n = strlen(s->files[i].report);
		if (n > 3 && strcmp(s->files[i].report + n - 3, ".py") == 0) {
			free(s->files[i].report);
			free(s->files[i].path);
			continue;
		}
		s->files[w++] = s->files[i];
	}
	s->count = w;
	s->python = 0;
}

/* The user's paths, normalised relative to the root: "" means all. */
typedef struct {
	char **v;
	size_t n;
} path_filter;

static void filter_free(path_filter *f)
{
	size_t i;

	for (i = 0; i < f->n; i++)
		free(f->v[i]);
	free(f->v);
}

static int filter_make(path_filter *f, const char *const *paths, size_t n, buf *err)
{
	size_t i;
	buf b = BUF_INIT;

	f->v = calloc(n ? n : 1, sizeof(*f->v));
	f->n = 0;
	if (!f->v)
		return -1;
	for (i = 0; i < n; i++) {
		const char *p = paths[i];
		buf_clear(&b);
		/* lexically: drop "." and empty components; ".." may not climb
		 * out of the root */
		while (*p) {
			const char *slash = strchr(p, '/');
			size_t len = slash ? (size_t)(slash - p) : strlen(p);
			if (len == 2 && p[0] == '.' && p[1] == '.') {
				char *last = b.len ? strrchr(b.ptr, '/') : NULL;
				if (!b.len) {
					buf_printf(err, "refusing to audit a path outside the root: %s", paths[i]);
					buf_free(&b);
					return -1;
				}
				b.len = last ? (size_t)(last - b.ptr) : 0;
				b.ptr[b.len] = '\0';
			} else if (len && !(len == 1 && p[0] == '.')) {
				if (b.len)
					buf_putc(&b, '/');
				buf_append(&b, p, len);
			}
			p += len;
			if (*p == '/')
				p++;
		}
		if (paths[i][0] == '/') {
			buf_printf(err, "a path in a git audit is relative to the root: %s", paths[i]);
			buf_free(&b);
			return -1;
		}
		f->v[f->n++] = buf_detach(&b);
	}
	buf_free(&b);
	return 0;
}

static int selected(const path_filter *f, const char *rel)
{
	size_t i;

	for (i = 0; i < f->n; i++) {
		size_t n = strlen(f->v[i]);
		if (!n || (strncmp(rel, f->v[i], n) == 0 && (rel[n] == '\0' || rel[n] == '/')))
			return 1;
	}
	return 0;
}

static void skip(source_set *s, const char *path, const char *reason)
{
	json_array_append_new(s->skipped, json_pack("{s:s, s:s}", "path", path, "reason", reason));
}

static int git_fail(buf *err, const char *what, const char *arg)
{
	const git_error *e = git_error_last();
	const char *msg = e && e->message ? e->message : "unknown error";

	if (strstr(msg, "not owned by current user"))
		buf_printf(err, "%s: the repository is owned by another user; to trust it, run: "
		                "git config --global --add safe.directory '%s'", arg, arg);
	else
		buf_printf(err, "%s%s%s: %s", what, arg ? " " : "", arg ? arg : "", msg);
	return -1;
}

static void set_info_commit(source_set *s, git_commit *c)
{
	char id[GIT_OID_HEXSZ + 1], when[32];
	time_t t = (time_t)git_commit_time(c);
	struct tm tm;

	git_oid_tostr(id, sizeof(id), git_commit_id(c));
	gmtime_r(&t, &tm);
	strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%SZ", &tm);
	json_object_set_new(s->info, "commit", json_string(id));
	json_object_set_new(s->info, "commit_date", json_string(when));
}

typedef struct {
	source_set *s;
	const path_filter *f;
	int failed;
} walk_ctx;

static int tree_cb(const char *dir, const git_tree_entry *e, void *payload)
{
	walk_ctx *w = payload;
	source_set *s = w->s;
	buf full = BUF_INIT;
	const char *rel;
	size_t plen = strlen(s->prefix);
	int rc = 0;

	buf_printf(&full, "%s%s", dir, git_tree_entry_name(e));
	/* only what is below the root */
	if (plen && strncmp(full.ptr, s->prefix, plen) != 0) {
		/* a directory on the way to the root is entered, others are not */
		rc = git_tree_entry_type(e) == GIT_OBJECT_TREE && strncmp(s->prefix, full.ptr, full.len) == 0 &&
		     s->prefix[full.len] == '/' ? 0 : 1;
		buf_free(&full);
		return rc;
	}
	rel = full.ptr + plen;
	if (git_tree_entry_type(e) == GIT_OBJECT_COMMIT) {
		if (selected(w->f, rel))
			skip(s, rel, "submodule");
	} else if (git_tree_entry_type(e) == GIT_OBJECT_BLOB && is_source(rel, w->s->python) && selected(w->f, rel)) {
		if (git_tree_entry_filemode(e) == GIT_FILEMODE_LINK)
			skip(s, rel, "symlink");
		else if (add_file(s, rel, NULL, git_tree_entry_id(e)) < 0)
			w->failed = 1;
	}
	buf_free(&full);
	return w->failed ? -1 : 0;
}

/* The working tree: tracked files from the index, plus untracked files git
 * does not ignore. */
static int list_worktree(source_set *s, const path_filter *f, buf *err)
{
	const char *workdir = git_repository_workdir(s->repo);
	size_t plen = strlen(s->prefix), i, n;
	git_index *index = NULL;
	git_status_list *st = NULL;
	git_status_options so;
	buf full = BUF_INIT;
	int rc = -1;

	if (git_repository_index(&index, s->repo) < 0) {
		git_fail(err, "cannot read the index of", s->root);
		goto done;
	}
	n = git_index_entrycount(index);
	for (i = 0; i < n; i++) {
		const git_index_entry *e = git_index_get_byindex(index, i);
		const char *rel;
		struct stat sb;
		if (!e || (plen && strncmp(e->path, s->prefix, plen) != 0))
			continue;
		rel = e->path + plen;
		if (!selected(f, rel))
			continue;
		if (e->mode == GIT_FILEMODE_COMMIT) {
			skip(s, rel, "submodule");
			continue;
		}
		if (!is_source(rel, s->python))
			continue;
		if (e->mode == GIT_FILEMODE_LINK) {
			skip(s, rel, "symlink");
			continue;
		}
		buf_clear(&full);
		buf_printf(&full, "%s%s", workdir, e->path);
		if (lstat(full.ptr, &sb) < 0)
			continue; /* deleted in the working tree */
		if (add_file(s, rel, full.ptr, NULL) < 0)
			goto oom;
	}
	git_status_options_init(&so, GIT_STATUS_OPTIONS_VERSION);
	so.show = GIT_STATUS_SHOW_WORKDIR_ONLY;
	so.flags = GIT_STATUS_OPT_INCLUDE_UNTRACKED | GIT_STATUS_OPT_RECURSE_UNTRACKED_DIRS |
	           GIT_STATUS_OPT_EXCLUDE_SUBMODULES;
	if (git_status_list_new(&st, s->repo, &so) < 0) {
		git_fail(err, "cannot read the status of", s->root);
		goto done;
	}
	n = git_status_list_entrycount(st);
	for (i = 0; i < n; i++) {
		const git_status_entry *e = git_status_byindex(st, i);
		const char *path, *rel;
		struct stat sb;
		if (!e || !(e->status & GIT_STATUS_WT_NEW) || !e->index_to_workdir)
			continue;
		path = e->index_to_workdir->new_file.path;
		if (plen && strncmp(path, s->prefix, plen) != 0)
			continue;
		rel = path + plen;
		if (!is_source(rel, s->python) || !selected(f, rel))
			continue;
		buf_clear(&full);
		buf_printf(&full, "%s%s", workdir, path);
		if (lstat(full.ptr, &sb) < 0 || S_ISLNK(sb.st_mode))
			continue;
		if (add_file(s, rel, full.ptr, NULL) < 0)
			goto oom;
	}
	rc = 0;
	goto done;
oom:
	buf_puts(err, "out of memory");
done:
	git_status_list_free(st);
	git_index_free(index);
	buf_free(&full);
	return rc;
}

/* The origin's URL without credentials, else the directory's name.  Read
 * from the configuration, not with git_remote_lookup(), which in libgit2
 * 1.5 leaks PCRE2 match data on every call (libgit2 #6382). */
static json_t *repository_name(git_repository *repo, const char *workdir)
{
	git_config *cfg = NULL;
	const char *url = NULL, *scheme, *at, *slash, *name;
	buf b = BUF_INIT;
	json_t *v;

	if (git_repository_config_snapshot(&cfg, repo) == 0 &&
	    git_config_get_string(&url, cfg, "remote.origin.url") == 0 && url && *url) {
		/* never copy a token into a report: https://user:secret@host/... */
		scheme = strstr(url, "://");
		if (scheme && (at = strchr(scheme + 3, '@')) != NULL &&
		    (!(slash = strchr(scheme + 3, '/')) || at < slash)) {
			buf_append(&b, url, (size_t)(scheme + 3 - url));
			buf_puts(&b, at + 1);
			url = buf_cstr(&b);
		}
		v = json_string(url);
	} else {
		buf_puts(&b, workdir ? workdir : git_repository_path(repo));
		while (b.len > 1 && b.ptr[b.len - 1] == '/')
			b.ptr[--b.len] = '\0';
		name = strrchr(buf_cstr(&b), '/');
		v = json_string(name ? name + 1 : buf_cstr(&b));
	}
	git_config_free(cfg);
	buf_free(&b);
	return v;
}

/* Is path (ending in '/') the root itself? */
static int is_root_dir(const source_set *s, const char *path)
{
	size_t n = strlen(s->root);

	return path && strncmp(path, s->root, n) == 0 && path[n] == '/' && path[n + 1] == '\0';
}

static int open_git(source_set *s, const sources_options *opt, const path_filter *f, buf *err)
{
	const char *workdir = git_repository_workdir(s->repo);
	git_reference *head = NULL;
	git_object *obj = NULL;
	git_commit *commit = NULL;
	int rc = -1;

	/* a git directory given as the root is a bare repository, even
	 * without a config file saying so (a mirror's bare copy): libgit2
	 * then takes its parent for a work tree, and the root for a
	 * subdirectory of it that no revision holds */
	if (workdir && is_root_dir(s, git_repository_path(s->repo)))
		workdir = NULL;
	json_object_set_new(s->info, "kind", json_string(opt->rev ? "git revision" : "git working tree"));
	json_object_set_new(s->info, "repository", repository_name(s->repo, workdir));
	if (git_repository_head(&head, s->repo) == 0)
		json_object_set_new(s->info, "branch", json_string(git_reference_is_branch(head)
		                                                    ? git_reference_shorthand(head) : "(detached)"));
	if (workdir) {
		size_t wl = strlen(workdir); /* it ends with '/' */
		/* the root's place inside the work tree ("" at the top) */
		if (strncmp(s->root, workdir, wl - 1) != 0 || (s->root[wl - 1] != '\0' && s->root[wl - 1] != '/')) {
			buf_printf(err, "%s is not inside the work tree %s", s->root, workdir);
			goto done;
		}
		s->prefix = strdup(s->root[wl - 1] ? s->root + wl : "");
		if (s->prefix && *s->prefix) {
			char *p = realloc(s->prefix, strlen(s->prefix) + 2);
			if (!p)
				goto done;
			s->prefix = p;
			strcat(s->prefix, "/");
		}
	} else {
		if (!opt->rev) {
			buf_printf(err, "%s is a bare repository: name a revision with --rev", s->root);
			goto done;
		}
		s->prefix = strdup("");
	}
	if (!s->prefix)
		goto done;

	if (opt->rev) {
		walk_ctx w = { s, f, 0 };
		int e = gitrev_lookup(&obj, s->repo, opt->rev);
		if (e == GIT_ENOTFOUND) {
			buf_printf(err, "unknown revision '%s' in %s", opt->rev, s->root);
			goto done;
		}
		if (e == GIT_EAMBIGUOUS) {
			buf_printf(err, "ambiguous revision '%s' in %s: give more of it", opt->rev, s->root);
			goto done;
		}
		if (e < 0 || git_object_peel((git_object **)&commit, obj, GIT_OBJECT_COMMIT) < 0 ||
		    git_commit_tree(&s->tree, commit) < 0) {
			git_fail(err, "cannot read revision", opt->rev);
			goto done;
		}
		json_object_set_new(s->info, "revision", json_string(opt->rev));
		set_info_commit(s, commit);
		if (git_tree_walk(s->tree, GIT_TREEWALK_PRE, tree_cb, &w) < 0 || w.failed) {
			git_fail(err, "cannot read the tree of", opt->rev);
			goto done;
		}
	} else {
		if (head && git_reference_peel((git_object **)&commit, head, GIT_OBJECT_COMMIT) == 0)
			set_info_commit(s, commit);
		if (list_worktree(s, f, err) < 0)
			goto done;
	}
	rc = 0;
done:
	git_commit_free(commit);
	git_object_free(obj);
	git_reference_free(head);
	return rc;
}

/* Could `dir` be in a git repository?  libgit2 (as sources_open() opens
 * one) finds a `.git` in it or a directory above, or a bare repository
 * (HEAD beside objects/ and refs/) on the way: when none of them is there
 * it cannot find one, and libgit2 need not start at all -- its start reads
 * and parses every system CA certificate (for HTTPS, which this tool never
 * does), which took longer than anything else at start-up.  Any doubt
 * answers yes. */
static int may_be_in_repository(const char *dir)
{
	buf d = BUF_INIT, p = BUF_INIT;
	int yes = 0;

	buf_puts(&d, dir);
	for (;;) {
		/* .git, or the HEAD of a bare repository maybe: there, or cannot tell */
		static const char *const marks[] = { ".git", "HEAD" };
		struct stat st;
		char *slash;
		size_t k;
		for (k = 0; k < 2 && !yes; k++) {
			buf_clear(&p);
			buf_printf(&p, "%s/%s", d.len ? d.ptr : "", marks[k]);
			yes = !p.ptr || lstat(p.ptr, &st) == 0 || errno != ENOENT;
		}
		if (yes || !d.len || !(slash = strrchr(d.ptr, '/')))
			break;
		d.len = (size_t)(slash - d.ptr);
		d.ptr[d.len] = '\0';
	}
	buf_free(&d);
	buf_free(&p);
	return yes;
}

/* libgit2, started the first time a repository is opened. */
static int start_git(source_set *s, buf *err)
{
	if (git_libgit2_init() < 0) {
		buf_puts(err, "cannot start libgit2");
		return -1;
	}
	s->git_started = 1;
	/* refuse repositories owned by another user, as git does since
	 * CVE-2022-24765; the error says how to allow one */
	git_libgit2_opts(GIT_OPT_SET_OWNER_VALIDATION, 1);
	return 0;
}

int sources_open(source_set *s, const sources_options *opt, buf *err)
{
	path_filter f = { NULL, 0 };
	buf root = BUF_INIT;
	int loop, rc = -1, e;

	memset(s, 0, sizeof(*s));
	s->python = opt->python;
	s->info = json_object();
	s->skipped = json_array();
	if (!s->info || !s->skipped || pthread_mutex_init(&s->lock, NULL) != 0) {
		buf_puts(err, "out of memory");
		goto done;
	}
	s->lock_ready = 1;
	if (discover_resolve(&root, opt->root, &loop) < 0) {
		buf_printf(err, loop ? "symlink loop from '%s'" : "cannot resolve '%s'", opt->root);
		goto done;
	}
	s->root = buf_detach(&root);

	e = GIT_ENOTFOUND;
	if (opt->kind != SOURCES_WALK && (opt->rev || may_be_in_repository(s->root))) {
		if (start_git(s, err) < 0)
			goto done;
		e = git_repository_open_ext(&s->repo, s->root, 0, NULL);
	}
	if (e == GIT_ENOTFOUND && s->git_started) {
		/* libgit2 1.5 reports a repository refused by the ownership
		 * check as "not found": tell it apart, never audit it as a
		 * plain directory behind the user's back */
		const git_error *ge = git_error_last();
		if (ge && ge->message && (strstr(ge->message, "safe.directory") || strstr(ge->message, "not owned"))) {
			buf_printf(err, "%s: the repository is owned by another user; to trust it, run: "
			                "git config --global --add safe.directory '%s'", s->root, s->root);
			goto done;
		}
	}
	if (e == 0 && !opt->rev && git_repository_workdir(s->repo)) {
		/* a root that git ignores (a build or unpacked tree inside a
		 * checkout) has no tracked files: walk it as a directory */
		const char *wd = git_repository_workdir(s->repo);
		size_t wl = strlen(wd);
		int ignored = 0;
		if (strlen(s->root) >= wl && strncmp(s->root, wd, wl) == 0 &&
		    git_ignore_path_is_ignored(&ignored, s->repo, s->root + wl) == 0 && ignored) {
			git_repository_free(s->repo);
			s->repo = NULL;
			e = GIT_ENOTFOUND;
		}
	}
	if (e == GIT_ENOTFOUND) {
		discover_result d;
		size_t i;
		if (opt->rev) {
			buf_printf(err, "not a git repository (nor inside one): %s", s->root);
			goto done;
		}
		json_object_set_new(s->info, "kind", json_string("directory"));
		if (discover_collect_sources(&d, opt->root, opt->paths, opt->npaths, s->python, err) != DISCOVER_OK)
			goto done;
		for (i = 0; i < d.count; i++)
			if (add_file(s, d.files[i].report, d.files[i].path, NULL) < 0) {
				discover_result_free(&d);
				buf_puts(err, "out of memory");
				goto done;
			}
		s->no_manifest = d.no_manifest;
		s->no_manifest_count = d.no_manifest_count;
		d.no_manifest = NULL;
		d.no_manifest_count = 0;
		discover_result_free(&d);
		sort_unique(s);
		rc = 0;
		goto done;
	}
	if (e < 0) {
		git_fail(err, "cannot open the repository at", s->root);
		goto done;
	}
	if (filter_make(&f, opt->paths, opt->npaths, err) < 0 || open_git(s, opt, &f, err) < 0)
		goto done;
	sort_unique(s);
	rc = 0;
done:
	filter_free(&f);
	buf_free(&root);
	if (rc < 0) {
		sources_close(s);
		memset(s, 0, sizeof(*s));
	}
	return rc;
}

static int read_blob(source_set *s, const git_oid *id, buf *out, buf *msg)
{
	git_blob *b = NULL;
	int rc = -1;

	pthread_mutex_lock(&s->lock);
	if (git_blob_lookup(&b, s->repo, id) < 0) {
		const git_error *e = git_error_last();
		if (msg)
			buf_printf(msg, "cannot read the blob: %s", e && e->message ? e->message : "corrupt object");
	} else if (git_blob_is_binary(b)) {
		if (msg)
			buf_puts(msg, "binary file, skipped");
	} else {
		buf_clear(out);
		rc = buf_append(out, git_blob_rawcontent(b), (size_t)git_blob_rawsize(b));
	}
	git_blob_free(b);
	pthread_mutex_unlock(&s->lock);
	return rc;
}

int sources_read(source_set *s, size_t i, buf *out, buf *msg)
{
	source_file *f = &s->files[i];
	int errnum = 0;

	if (!f->path)
		return read_blob(s, &f->blob, out, msg);
	if (fileio_read_into(f->path, out, &errnum) < 0) {
		buf_printf(msg, "cannot read: %s", strerror(errnum));
		return -1;
	}
	return 0;
}

static int cmp_dir(const void *key, const void *item)
{
	return strcmp(key, *(char *const *)item);
}

/* Is `full` a Cargo.toml in a directory the walk read and found none in? */
static int known_absent(const source_set *s, buf *full)
{
	static const char name[] = "/Cargo.toml";
	size_t n = sizeof(name) - 1;
	int absent;

	if (!s->no_manifest_count || full->len < n || strcmp(full->ptr + full->len - n, name) != 0)
		return 0;
	full->ptr[full->len - n] = '\0'; /* the directory, for a moment */
	absent = bsearch(full->ptr, s->no_manifest, s->no_manifest_count, sizeof(*s->no_manifest), cmp_dir) != NULL;
	full->ptr[full->len - n] = '/';
	return absent;
}

int sources_read_path(source_set *s, const char *rel, buf *out)
{
	int errnum, rc;

	if (s->tree) {
		git_tree_entry *e = NULL;
		buf full = BUF_INIT;
		buf_printf(&full, "%s%s", s->prefix, rel);
		pthread_mutex_lock(&s->lock);
		rc = git_tree_entry_bypath(&e, s->tree, full.ptr);
		pthread_mutex_unlock(&s->lock);
		buf_free(&full);
		if (rc < 0 || git_tree_entry_type(e) != GIT_OBJECT_BLOB) {
			git_tree_entry_free(e);
			return -1;
		}
		rc = read_blob(s, git_tree_entry_id(e), out, NULL);
		git_tree_entry_free(e);
		return rc;
	} else {
		buf full = BUF_INIT;
		buf_printf(&full, "%s/%s", s->root, rel);
		rc = known_absent(s, &full) ? -1 : fileio_read_into(full.ptr, out, &errnum);
		buf_free(&full);
		return rc;
	}
}

int sources_has_path(source_set *s, const char *rel)
{
	buf clean = BUF_INIT, full = BUF_INIT;
	struct stat st;
	int found;

	/* `./crates/a/`, `.` and `crates//a` name what `crates/a` and the
	 * root name */
	if (discover_join(&clean, ".", rel) < 0) {
		buf_free(&clean);
		return 0;
	}
	if (strcmp(buf_cstr(&clean), ".") == 0)
		buf_clear(&clean);
	else if (clean.len > 2 && strncmp(clean.ptr, "./", 2) == 0) {
		memmove(clean.ptr, clean.ptr + 2, clean.len - 1);
		clean.len -= 2;
	}
	if (s->tree) {
		git_tree_entry *e = NULL;
		buf_printf(&full, "%s%s", s->prefix, buf_cstr(&clean));
		while (full.len && full.ptr[full.len - 1] == '/')
			full.ptr[--full.len] = '\0';
		pthread_mutex_lock(&s->lock);
		found = !full.len || git_tree_entry_bypath(&e, s->tree, full.ptr) == 0;
		pthread_mutex_unlock(&s->lock);
		git_tree_entry_free(e);
	} else {
		discover_join(&full, s->root, buf_cstr(&clean));
		found = stat(buf_cstr(&full), &st) == 0;
	}
	buf_free(&clean);
	buf_free(&full);
	return found;
}

void sources_close(source_set *s)
{
	size_t i;

	for (i = 0; i < s->count; i++) {
		free(s->files[i].report);
		free(s->files[i].path);
	}
	for (i = 0; i < s->no_manifest_count; i++)
		free(s->no_manifest[i]);
	free(s->no_manifest);
	free(s->files);
	free(s->root);
	free(s->prefix);
	git_tree_free(s->tree);
	git_repository_free(s->repo);
	if (s->git_started)
		git_libgit2_shutdown();
	json_decref(s->info);
	json_decref(s->skipped);
	if (s->lock_ready)
		pthread_mutex_destroy(&s->lock);
	memset(s, 0, sizeof(*s));
}
