#include "config.h"

#include "scratch.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fileio.h"

static void hash_bytes(uint64_t *h, const void *p, size_t n)
{
	const unsigned char *s = p;
	size_t i;

	for (i = 0; i < n; i++) {
		*h ^= s[i];
		*h *= 0x100000001b3ULL;
	}
}

static int skipped_dir(const char *name)
{
	return strcmp(name, ".git") == 0 || strcmp(name, "target") == 0;
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The names in a directory, sorted (so the hash does not depend on the
 * order readdir gives).  NULL with *n = 0 for an empty or unreadable one;
 * -1 in *n when memory ran out. */
static char **list_dir(const char *dir, long *n)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **v = NULL;
	size_t cap = 0, k = 0;

	*n = 0;
	if (!d)
		return NULL;
	while ((e = readdir(d))) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		if (k == cap) {
			char **g = buf_grow_array(v, &cap, sizeof(*v), 32);
			if (!g)
				goto oom;
			v = g;
		}
		if (!(v[k] = strdup(e->d_name)))
			goto oom;
		k++;
	}
	closedir(d);
	qsort(v, k, sizeof(*v), cmp_names);
	*n = (long)k;
	return v;
oom:
	closedir(d);
	while (k)
		free(v[--k]);
	free(v);
	*n = -1;
	return NULL;
}

static void free_list(char **v, long n)
{
	while (n > 0)
		free(v[--n]);
	free(v);
}

/* Remove path and everything below it. */
static int remove_all(const char *path)
{
	struct stat st;
	long n, i;
	char **v;

	if (lstat(path, &st) < 0)
		return errno == ENOENT ? 0 : -1;
	if (!S_ISDIR(st.st_mode))
		return unlink(path);
	v = list_dir(path, &n);
	for (i = 0; i < n; i++) {
		buf p = BUF_INIT;
		buf_printf(&p, "%s/%s", path, v[i]);
		remove_all(buf_cstr(&p));
		buf_free(&p);
	}
	free_list(v, n);
	return rmdir(path);
}

int scratch_put(const char *path, const char *text, size_t len, buf *err)
{
	buf have = BUF_INIT;
	int errnum, rc = 0;

	if (fileio_read_into(path, &have, &errnum) == 0 && have.len == len && memcmp(buf_cstr(&have), text, len) == 0)
		goto done;
	rc = fileio_write_atomic(path, text, len, err);
done:
	buf_free(&have);
	return rc;
}

/* One file (or link) of the source at the same place in the copy. */
static int sync_entry(scratch_stats *st, const char *from, const char *to, const struct stat *sst, buf *err)
{
	buf data = BUF_INIT, have = BUF_INIT;
	int errnum, rc = -1;

	if (S_ISLNK(sst->st_mode)) {
		char target[4096], old[4096];
		ssize_t n = readlink(from, target, sizeof(target) - 1), m;
		if (n < 0) {
			buf_printf(err, "%s: %s", from, strerror(errno));
			goto done;
		}
		target[n] = '\0';
		m = readlink(to, old, sizeof(old) - 1);
		if (m != n || memcmp(old, target, (size_t)n) != 0) {
			remove_all(to);
			if (symlink(target, to) < 0) {
				buf_printf(err, "%s: %s", to, strerror(errno));
				goto done;
			}
			st->written++;
		}
		hash_bytes(&st->hash, target, (size_t)n);
		st->files++;
		rc = 0;
		goto done;
	}
	if (fileio_read_into(from, &data, &errnum) < 0) {
		buf_printf(err, "%s: %s", from, strerror(errnum));
		goto done;
	}
	hash_bytes(&st->hash, buf_cstr(&data), data.len);
	st->files++;
	if (fileio_read_into(to, &have, &errnum) == 0 && have.len == data.len &&
	    memcmp(buf_cstr(&have), buf_cstr(&data), data.len) == 0) {
		rc = 0;
		goto done;
	}
	remove_all(to); /* a directory or link that became a file */
	if (fileio_write_atomic(to, buf_cstr(&data), data.len, err) < 0)
		goto done;
	chmod(to, sst->st_mode & 0777);
	st->written++;
	rc = 0;
done:
	buf_free(&data);
	buf_free(&have);
	return rc;
}

static int sync_dir(scratch_stats *st, const char *src, const char *dest, buf *err)
{
	long n, m, i, j;
	char **v, **have;
	int rc = 0;

	if (mkdir(dest, 0777) < 0 && errno != EEXIST) {
		buf_printf(err, "%s: %s", dest, strerror(errno));
		return -1;
	}
	v = list_dir(src, &n);
	if (n < 0) {
		buf_puts(err, "out of memory");
		return -1;
	}
	for (i = 0; i < n && rc == 0; i++) {
		buf from = BUF_INIT, to = BUF_INIT;
		struct stat sst;
		buf_printf(&from, "%s/%s", src, v[i]);
		buf_printf(&to, "%s/%s", dest, v[i]);
		hash_bytes(&st->hash, v[i], strlen(v[i]) + 1);
		if (lstat(buf_cstr(&from), &sst) == 0) {
			if (S_ISDIR(sst.st_mode)) {
				if (!skipped_dir(v[i]))
					rc = sync_dir(st, buf_cstr(&from), buf_cstr(&to), err);
			} else if (S_ISREG(sst.st_mode) || S_ISLNK(sst.st_mode))
				rc = sync_entry(st, buf_cstr(&from), buf_cstr(&to), &sst, err);
		}
		buf_free(&from);
		buf_free(&to);
	}
	/* what the copy has and the source does not */
	have = list_dir(dest, &m);
	for (j = 0; j < m && rc == 0; j++) {
		buf from = BUF_INIT, to = BUF_INIT;
		struct stat sst;
		buf_printf(&from, "%s/%s", src, have[j]);
		if (lstat(buf_cstr(&from), &sst) < 0 || (S_ISDIR(sst.st_mode) && skipped_dir(have[j]))) {
			buf_printf(&to, "%s/%s", dest, have[j]);
			remove_all(buf_cstr(&to));
			st->removed++;
		}
		buf_free(&from);
		buf_free(&to);
	}
	free_list(have, m);
	free_list(v, n);
	return rc;
}

int scratch_sync_dir(scratch_stats *st, const char *src, const char *dest, buf *err)
{
	memset(st, 0, sizeof(*st));
	st->hash = 0xcbf29ce484222325ULL;
	return sync_dir(st, src, dest, err);
}

/* ---- from a git tree ------------------------------------------------------ */

static int sync_git(scratch_stats *st, git_repository *repo, const git_tree *tree, const char *dest, buf *err)
{
	size_t i, n = git_tree_entrycount(tree);
	long m, j;
	char **have;
	int rc = 0;

	if (mkdir(dest, 0777) < 0 && errno != EEXIST) {
		buf_printf(err, "%s: %s", dest, strerror(errno));
		return -1;
	}
	/* a tree's entries are sorted by git's order, which for names
	 * without '/' is byte order except that a tree sorts as NAME/: close
	 * enough for a hash, which only has to be the same twice */
	for (i = 0; i < n && rc == 0; i++) {
		const git_tree_entry *e = git_tree_entry_byindex(tree, i);
		const char *name = git_tree_entry_name(e);
		buf to = BUF_INIT;
		git_object *o = NULL;
		buf_printf(&to, "%s/%s", dest, name);
		hash_bytes(&st->hash, name, strlen(name) + 1);
		if (git_tree_entry_type(e) == GIT_OBJECT_TREE) {
			if (!skipped_dir(name) && git_tree_entry_to_object(&o, repo, e) == 0)
				rc = sync_git(st, repo, (git_tree *)o, buf_cstr(&to), err);
		} else if (git_tree_entry_type(e) == GIT_OBJECT_BLOB && git_tree_entry_to_object(&o, repo, e) == 0) {
			const git_blob *b = (const git_blob *)o;
			const char *data = git_blob_rawcontent(b);
			size_t len = (size_t)git_blob_rawsize(b);
			hash_bytes(&st->hash, data, len);
			st->files++;
			if (git_tree_entry_filemode(e) == GIT_FILEMODE_LINK) {
				char old[4096];
				ssize_t k = readlink(buf_cstr(&to), old, sizeof(old));
				if (k < 0 || (size_t)k != len || memcmp(old, data, len) != 0) {
					char *target = strndup(data, len);
					remove_all(buf_cstr(&to));
					if (!target || symlink(target, buf_cstr(&to)) < 0) {
						buf_printf(err, "%s: %s", buf_cstr(&to), target ? strerror(errno) : "out of memory");
						rc = -1;
					}
					free(target);
					st->written++;
				}
			} else {
				buf old = BUF_INIT;
				int errnum;
				if (!(fileio_read_into(buf_cstr(&to), &old, &errnum) == 0 && old.len == len &&
				      memcmp(buf_cstr(&old), data, len) == 0)) {
					remove_all(buf_cstr(&to));
					rc = fileio_write_atomic(buf_cstr(&to), data, len, err);
					if (git_tree_entry_filemode(e) == GIT_FILEMODE_BLOB_EXECUTABLE)
						chmod(buf_cstr(&to), 0755);
					st->written++;
				}
				buf_free(&old);
			}
		}
		git_object_free(o);
		buf_free(&to);
	}
	have = list_dir(dest, &m);
	for (j = 0; j < m && rc == 0; j++) {
		const git_tree_entry *e = git_tree_entry_byname(tree, have[j]);
		if (!e || (git_tree_entry_type(e) == GIT_OBJECT_TREE && skipped_dir(have[j]))) {
			buf to = BUF_INIT;
			buf_printf(&to, "%s/%s", dest, have[j]);
			remove_all(buf_cstr(&to));
			st->removed++;
			buf_free(&to);
		}
	}
	free_list(have, m);
	return rc;
}

int scratch_sync_tree(scratch_stats *st, git_repository *repo, git_tree *tree, const char *prefix, const char *dest,
                      buf *err)
{
	git_tree *sub = NULL;
	int rc;

	memset(st, 0, sizeof(*st));
	st->hash = 0xcbf29ce484222325ULL;
	if (prefix && *prefix) {
		git_tree_entry *e = NULL;
		buf p = BUF_INIT;
		buf_puts(&p, prefix);
		while (p.len && p.ptr[p.len - 1] == '/')
			p.ptr[--p.len] = '\0';
		if (git_tree_entry_bypath(&e, tree, buf_cstr(&p)) < 0 || git_tree_entry_type(e) != GIT_OBJECT_TREE ||
		    git_tree_lookup(&sub, repo, git_tree_entry_id(e)) < 0) {
			buf_printf(err, "%s: not a directory of the revision", buf_cstr(&p));
			git_tree_entry_free(e);
			buf_free(&p);
			return -1;
		}
		git_tree_entry_free(e);
		buf_free(&p);
	}
	rc = sync_git(st, repo, sub ? sub : tree, dest, err);
	git_tree_free(sub);
	return rc;
}
