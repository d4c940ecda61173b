/* discover: which files the inventory scans, decided exactly as the
 * reference scanner (Python 3.11 pathlib) decides it.
 *
 * Each --paths entry is joined to the resolved root the way pathlib joins,
 * resolved the way os.path.realpath(strict=False) resolves (then checked for
 * a symlink loop, as Path.resolve() does), refused when it resolves outside
 * the root, and then taken as a .rs file or walked as Path.rglob("*.rs")
 * walks: symlinked directories are not entered, symlinked files are.  The
 * result is deduplicated by exact path string. */
#ifndef HPA_DISCOVER_H
#define HPA_DISCOVER_H

#include <stddef.h>

#include "buf.h"

typedef struct {
	char *path;     /* as collected: absolute, symlinks in it not resolved (owned) */
	char *report;   /* the path the output shows: relative to the root when
	                 * it resolves below it, else `path` (owned) */
	size_t report_len;
	int is_link;    /* `path` itself may be a symlink (its target decides `report`) */
} discover_file;

typedef struct {
	char *root;            /* the resolved root (owned) */
	discover_file *files;  /* owned; sorted by `path`, no duplicates */
	size_t count;
	/* the directories the walk read that hold nothing named Cargo.toml,
	 * absolute, sorted (owned): a crate's manifest is looked for up the
	 * tree from every directory, and there a look costs no system call */
	char **no_manifest;
	size_t no_manifest_count;
} discover_result;

enum discover_status {
	DISCOVER_OK = 0,
	DISCOVER_OUTSIDE_ROOT = 1, /* message: the reference's exact line */
	DISCOVER_LOOP = 2,         /* a symlink loop given directly */
	DISCOVER_ERROR = 3,        /* out of memory, cwd unknown, ... */
};

/* Collect the files for `root` and `paths` (relative to root, as given on
 * the command line).  On any status but DISCOVER_OK, `err` receives one
 * line (without "\n") and `out` is left empty. */
enum discover_status discover_collect(discover_result *out, const char *root,
                                      const char *const *paths, size_t npaths, buf *err);

/* The same, and with `python` also the .py files (for rule packs that read
 * Python): the audit's collection, which the inventory's is a case of. */
enum discover_status discover_collect_sources(discover_result *out, const char *root, const char *const *paths,
                                              size_t npaths, int python, buf *err);

void discover_result_free(discover_result *r);

/* Exposed for tests: pathlib's `base / p` (posix flavour). */
int discover_join(buf *out, const char *base, const char *p);

/* Exposed for tests: os.path.realpath(p) (strict=False) followed by the
 * ELOOP check of Path.resolve().  Returns 0, or -1 with *loop set when the
 * path leads into a symlink loop, or -1 with *loop clear on other errors. */
int discover_resolve(buf *out, const char *p, int *loop);

#endif
