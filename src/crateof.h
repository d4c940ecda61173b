/* crateof: which crate a file belongs to -- the package name of the
 * nearest Cargo.toml above it -- and the file's place in that crate as a
 * cargo test filter (`--test name`, `a::b`), for validation commands and
 * the type library's list of the workspace's crates.
 *
 * Each directory's answer is remembered for the whole run in one index
 * that every thread of both passes shares: thousands of files share a few
 * hundred manifests, and each manifest is read once (with an index per
 * thread and pass, a dense tree read its manifests 1.6 times over, 2% of
 * the audit's CPU).  A directory without a package is remembered only
 * when the source set cannot say so without a system call (a git source;
 * a walk lists such directories itself). */
#ifndef HPA_CRATEOF_H
#define HPA_CRATEOF_H

#include "sources.h"

typedef struct crate_index crate_index;

/* An empty index, or NULL when out of memory. */
crate_index *crate_index_new(void);
void crate_index_free(crate_index *ci);

/* The crate of the file at rel (a path relative to the source's root, '/'
 * separated, read from src) in *crate and its test filter in *filter:
 * owned strings, NULL when there is none (no Cargo.toml above it; a file
 * that is the crate's lib.rs or main.rs).  Names that are not UTF-8 come
 * back with U+FFFD for each ill-formed sequence, as reports show them.
 * With no_std (may be NULL): whether that crate's root (src/lib.rs, else
 * src/main.rs) says `no_std` among its first lines, as `#![no_std]` or
 * `#![cfg_attr(.., no_std)]` -- then `std::` paths may not resolve and a
 * proposed change names `core::` instead; 0 without a crate.  With edition
 * (may be NULL): the crate's Rust edition -- its [package] `edition`, or the
 * workspace's ([workspace.package] of the nearest manifest above with one)
 * when it says `edition.workspace = true`, 2015 when it says none, as cargo
 * takes it; 0 without a crate.  Remembered per crate.  Safe to
 * call from several threads at once with the same index. */
void crate_index_of(crate_index *ci, source_set *src, const char *rel, char **crate, char **filter, int *no_std,
                    int *edition);

#endif
