/* testmod: is a Rust file test code by where it is declared?
 *
 * `#[cfg(test)] mod test_support;` in `src/plugins/mod.rs` makes
 * `src/plugins/test_support.rs` (and everything under
 * `src/plugins/test_support/`) test code, though nothing in that file or
 * its path says so to the test markers.  The parent module's file is read
 * from the same source, for files whose path has a part that names tests
 * (test, mock, fixture, bench): a module declared under `cfg(test)` is
 * named so in practice, and the check then costs a read only there.  A
 * crate so named (`conformance-tests/src/..`) whose root opens with
 * `#![cfg(test)]` is test code in every file. */
#ifndef HPA_TESTMOD_H
#define HPA_TESTMOD_H

#include "buf.h"
#include "sources.h"

/* Is the file at report (a path relative to the source's root, '/') a
 * module -- or inside one -- that its parent declares under a `#[cfg(..)]`
 * naming `test` outside a `not(..)`?  scratch is reused between calls. */
int testmod_declared_test(source_set *src, const char *report, buf *scratch);

/* Does text declare `mod name;` under such an attribute?  (Exposed for
 * the tests.) */
int testmod_declares_test_mod(const char *text, size_t len, const char *name, size_t n);

/* Does a crate root's text open with an inner `#![cfg(..)]` naming
 * `test` (after comments and other inner attributes)?  Then the whole
 * crate is test code.  (Exposed for the tests.) */
int testmod_root_is_test(const char *text, size_t len);

#endif
