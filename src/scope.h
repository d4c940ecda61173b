/* scope: what a bare `audit` (no --paths) audits -- the repository at the
 * root as cargo sees it.
 *
 * A root `Cargo.toml` with a `[workspace]`: its members (globs expanded,
 * `exclude` honoured), plus the root package's own directories when it is
 * one too.  A root `Cargo.toml` with only a `[package]`: the crate, less
 * its `target/`.  No root `Cargo.toml`: every crate found under the root
 * (the outermost directories holding a `Cargo.toml`), or, when there is
 * none, everything under it.  `target/` and hidden directories are never
 * in scope.  The rules file's `default_paths` serve `inventory` alone. */
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
