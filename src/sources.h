/* sources: the files an audit reads, and how to read them.
 *
 * Three kinds, one interface: a directory walk (as `inventory` walks, for a
 * tree that is not in a git repository); a git working tree (the files git
 * tracks plus the untracked ones it does not ignore, so `target/` and other
 * ignored trees are skipped, with their working-tree contents); a git
 * revision (any revision libgit2 parses, read straight from the object
 * database: no checkout, bare repositories too).  Submodules and symlinks
 * are skipped and listed; binary blobs are skipped when read. */
#ifndef HPA_SOURCES_H
#define HPA_SOURCES_H

#include <git2.h>
#include <jansson.h>
#include <pthread.h>

#include "buf.h"
#include "discover.h"

typedef struct {
	char *report;       /* the path reports show: relative to the root, '/' (owned) */
	char *path;         /* the file to read; NULL for a blob (owned) */
	git_oid blob;       /* the blob, when path is NULL */
} source_file;

typedef struct {
	source_file *files; /* sorted by report path (owned) */
	size_t count, cap;
	char *root;         /* the resolved root directory, or the git dir of a bare repository (owned) */
	git_repository *repo;  /* when from git (owned) */
	git_tree *tree;        /* when from a revision (owned) */
	char *prefix;       /* the root's path inside the repository ("" at the top; owned) */
	json_t *info;       /* {kind, repository, branch, commit, commit_date, revision} (owned) */
	json_t *skipped;    /* [{path, reason}]: submodules, symlinks (owned) */
	int python;         /* .py files are sources too (a rule pack reads Python) */
	pthread_mutex_t lock;  /* serialises object database reads */
	int lock_ready;
	int git_started;       /* libgit2 initialised by sources_open() (shut down by sources_close()) */
	/* directories the walk read without a Cargo.toml in them, absolute
	 * and sorted (owned; none from git): sources_read_path() answers for
	 * their manifests without a system call */
	char **no_manifest;
	size_t no_manifest_count;
} source_set;

enum sources_kind { SOURCES_AUTO, SOURCES_WALK };

typedef struct {
	const char *root;         /* as given */
	const char *const *paths; /* relative to root */
	size_t npaths;
	const char *rev;          /* a revision, or NULL for the working tree */
	enum sources_kind kind;   /* AUTO: git when the root is in a repository */
	int python;               /* collect .py files as well as .rs files */
} sources_options;

/* Collect the files.  On error returns -1 with one line in err (not a
 * repository, unknown or ambiguous revision, a repository owned by another
 * user, a path outside the root, a corrupt object). */
int sources_open(source_set *out, const sources_options *opt, buf *err);

/* Read file i into out (replacing its contents).  Thread-safe.  Returns 0,
 * or -1 with a message ("cannot read: ...", "binary file, skipped"). */
int sources_read(source_set *s, size_t i, buf *out, buf *msg);

/* Read a file by its path relative to the root (a Cargo.toml, a config
 * file) from the same source.  0, or -1 when there is none. */
int sources_read_path(source_set *s, const char *rel, buf *out);

/* Is there a file or directory at rel (relative to the root) in the
 * source: the revision's tree, or the directory on disk?  For telling a
 * user that a path they named is not there. */
int sources_has_path(source_set *s, const char *rel);

/* Forget the .py files (collected before it was known that no chosen pack
 * reads Python). */
void sources_drop_python(source_set *s);

void sources_close(source_set *s);

#endif
