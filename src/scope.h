/* scope: what a bare `audit` (no --paths) audits -- the repository at the
 * root as cargo sees it.
 *
 * A root `Cargo.toml` with a `[workspace]`: its members (globs expanded,
 * `exclude` honoured) and the path dependencies under the root (cargo
 * makes them members), plus the root package's own directories when it is
 * one too.  A root `Cargo.toml` with only a `[package]`: the crate, and
 * its path dependencies under the root.  No root `Cargo.toml`: every
 * crate or workspace found under the root (the outermost directories
 * holding a `Cargo.toml`), or, when there is none, everything under it.
 * A package's files are its directory's less `target/`, hidden
 * directories and the directories inside holding a package of their own
 * (as cargo packages it).  The rules file's `default_paths` serve `inventory` alone. */
#ifndef HPA_SCOPE_H
#define HPA_SCOPE_H

#include "buf.h"
#include "strlist.h"

/* The paths (relative to root, in a stable order) into *paths and the
 * crates found (their names, or their directories when unnamed) into
 * *crates.  With python (a pack reads Python), the Python files beside the
 * crates too -- a serving repository's Python lives beside its crates.  0, or -1
 * with a message in err (a root that is not a directory, memory). */
int scope_default(const char *root, int python, strlist *paths, strlist *crates, buf *err);

#endif
