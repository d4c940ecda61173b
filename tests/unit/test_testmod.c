/* test_testmod: modules declared under cfg(test) in their parent's file. */
#include "config.h"

#include <string.h>

#include "tap.h"
#include "testmod.h"

static int declares(const char *text, const char *name)
{
	return testmod_declares_test_mod(text, strlen(text), name, strlen(name));
}

static int root(const char *text)
{
	return testmod_root_is_test(text, strlen(text));
}

int main(void)
{
	TAP_OK(declares("mod a;\n#[cfg(test)]\nmod test_support;\n", "test_support"), "cfg(test) above the mod");
	TAP_OK(declares("#[cfg(test)]\npub(crate) mod test;\n", "test"), "pub(crate) between");
	TAP_OK(declares("#[cfg(any(test, feature = \"proptest\"))]\npub mod proptest;\n", "proptest"), "any(test, ..)");
	TAP_OK(declares("#[cfg(test)]\n// helpers\n#[allow(dead_code)]\nmod testutil;\n", "testutil"),
	       "a comment and another attribute between");
	TAP_OK(!declares("#[cfg(not(test))]\nmod test_impl;\n", "test_impl"), "not(test) is production code");
	TAP_OK(!declares("#[cfg(all(not(test), unix))]\nmod mocks;\n", "mocks"), "all(not(test), unix)");
	TAP_OK(declares("#[cfg(all(not(windows), test))]\nmod mocks;\n", "mocks"), "test after a closed not(..)");
	TAP_OK(!declares("#[cfg(feature = \"test\")]\nmod testing;\n", "testing"), "a feature named test is a feature");
	TAP_OK(!declares("#[cfg(test)]\nmod other;\nmod testing;\n", "testing"), "the attribute is the other item's");
	TAP_OK(!declares("#[cfg(test)]\nmod testing {\n}\n", "testing"), "an inline module is the scanner's");
	TAP_OK(!declares("#[cfg(test)]\nmod test_support_extra;\n", "test_support"), "another module's name");
	TAP_OK(root("#![cfg(test)]\n\nmod resolver;\n"), "a crate root opening with #![cfg(test)]");
	TAP_OK(root("// Copyright\n/* licence\n */\n//! Conformance tests.\n#![allow(dead_code)]\n#![cfg(test)]\nmod a;\n"),
	       "after comments, docs and another inner attribute");
	TAP_OK(!root("#![cfg(not(test))]\nmod a;\n"), "not(test): production code");
	TAP_OK(!root("mod a;\n#![cfg(test)]\n"), "an inner attribute after the first item is none of the crate's");
	TAP_OK(!root("#![cfg(feature = \"test\")]\nmod a;\n"), "a feature named test");
	TAP_OK(!root("#![deny(missing_docs)]\npub fn f() {}\n"), "another inner attribute only");
	return tap_done();
}
