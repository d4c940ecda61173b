/* scratch: a private copy of a workspace, for the compiler to build and
 * the verifier to edit -- the user's tree is never written.
 *
 * The copy lives at a stable place (the cache directory), and is brought
 * up to date by writing only the files whose bytes differ and removing
 * those the source no longer has: an unchanged file keeps its time stamp,
 * so cargo's next build of the copy is incremental.  Everything is copied
 * but `.git` and `target` directories (cargo needs the manifests, the lock
 * file, `.cargo/config.toml`, build scripts and any file a build reads);
 * symbolic links are copied as links.  While copying, it hashes what it
 * copied (paths and bytes), so a caller can tell an unchanged tree. */
#ifndef HPA_SCRATCH_H
#define HPA_SCRATCH_H

#include <git2.h>
#include <stddef.h>
#include <stdint.h>

#include "buf.h"

typedef struct {
	size_t files;      /* files in the copy */
	size_t written;    /* of them, written this time */
	size_t removed;    /* files or directories the source no longer has */
	uint64_t hash;     /* FNV-1a of every path and its bytes, in sorted order */
} scratch_stats;

/* Make `dest` a copy of the directory `src`.  0, or -1 with err naming
 * the file and the reason. */
int scratch_sync_dir(scratch_stats *st, const char *src, const char *dest, buf *err);

/* The same from the subtree `prefix` ("" or "dir/sub/") of a git tree. */
int scratch_sync_tree(scratch_stats *st, git_repository *repo, git_tree *tree, const char *prefix, const char *dest,
                      buf *err);

/* Write text to the file `path` of the copy if its bytes differ.  0 or -1
 * with err set. */
int scratch_put(const char *path, const char *text, size_t len, buf *err);

#endif
