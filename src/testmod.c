#include "config.h"

#include "testmod.h"

#include <string.h>

static int ident_char(unsigned char c)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

/* Does the part [s, s + n) of a path name tests (`test`, `tests`,
 * `test_utils`, `mock`, `fixtures`, `bench`, `integration`)?  Only such
 * a part's parent is read for its `#[cfg(test)] mod ..;` -- a name is the
 * cheap first sign (readyset's `#[cfg(test)] mod integration;`, thousands
 * of lines of tests, held-out precision sample 50). */
static int names_tests(const char *s, size_t n)
{
	static const char *const words[] = { "test", "mock", "fixture", "bench", "integration", NULL };
	size_t i, k;

	for (k = 0; words[k]; k++) {
		size_t w = strlen(words[k]);
		for (i = 0; i + w <= n; i++)
			if (memcmp(s + i, words[k], w) == 0)
				return 1;
	}
	return 0;
}

/* Does the attribute text [a, b) -- `#[cfg(any(test, feature = "x"))]` --
 * name `test` in a cfg, outside any `not(..)`? */
static int cfg_names_test(const char *a, const char *b)
{
	const char *p = a;
	int depth = 0, not_depth = -1, in_cfg = 0;

	while (p < b) {
		if (*p == '"') { /* a feature's name is no predicate */
			for (p++; p < b && *p != '"'; p++)
				if (*p == '\\')
					p++;
			p++;
			continue;
		}
		if (ident_char((unsigned char)*p)) {
			const char *w = p;
			while (p < b && ident_char((unsigned char)*p))
				p++;
			if (p - w == 3 && memcmp(w, "cfg", 3) == 0)
				in_cfg = 1;
			else if (p - w == 3 && memcmp(w, "not", 3) == 0 && not_depth < 0)
				not_depth = depth;
			else if (p - w == 4 && memcmp(w, "test", 4) == 0 && in_cfg && not_depth < 0)
				return 1;
			continue;
		}
		if (*p == '(')
			depth++;
		else if (*p == ')' && --depth <= not_depth)
			not_depth = -1; /* the `not(..)` closes (depth back to where `not` stood) */
		p++;
	}
	return 0;
}

int testmod_declares_test_mod(const char *text, size_t len, const char *name, size_t n)
{
	const char *p = text, *end = text + len;

	while ((p = memmem(p, (size_t)(end - p), "mod", 3)) != NULL) {
		const char *q = p + 3, *back, *item;
		int ok = (p == text || !ident_char((unsigned char)p[-1]));
		p += 3;
		if (!ok || q >= end || !(*q == ' ' || *q == '\t'))
			continue;
		while (q < end && (*q == ' ' || *q == '\t'))
			q++;
		if ((size_t)(end - q) <= n || memcmp(q, name, n) != 0 || ident_char((unsigned char)q[n]))
			continue;
		q += n;
		while (q < end && (*q == ' ' || *q == '\t'))
			q++;
		if (q >= end || *q != ';')
			continue; /* `mod name { .. }` is in this file: the scanner sees its attribute */
		/* back over `pub`, `pub(crate)` and blanks to the attributes
		 * above the item: the text since the previous item ended */
		item = p - 3;
		for (back = item; back > text && back[-1] != ';' && back[-1] != '}' && back[-1] != '{'; back--)
			;
		if (cfg_names_test(back, item))
			return 1;
	}
	return 0;
}

int testmod_root_is_test(const char *text, size_t len)
{
	const char *p = text, *end = text + len;

	for (;;) {
		while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
			p++;
		if (end - p >= 2 && p[0] == '/' && p[1] == '/') { /* a line comment, `//!` docs too */
			const char *nl = memchr(p, '\n', (size_t)(end - p));
			p = nl ? nl + 1 : end;
		} else if (end - p >= 2 && p[0] == '/' && p[1] == '*') { /* a licence block */
			const char *close = memmem(p + 2, (size_t)(end - p - 2), "*/", 2);
			if (!close)
				return 0;
			p = close + 2;
		} else if (end - p >= 3 && memcmp(p, "#![", 3) == 0) { /* an inner attribute */
			const char *a = p;
			int depth = 0;
			for (p += 2; p < end; p++) {
				if (*p == '[')
					depth++;
				else if (*p == ']' && --depth == 0)
					break;
			}
			if (p >= end)
				return 0;
			p++;
			if (cfg_names_test(a, p))
				return 1;
		} else
			return 0; /* the first item: no more inner attributes */
	}
}

/* Is `name` declared a test module by the file at rel, if there is one? */
static int parent_declares(source_set *src, buf *path, buf *text, const char *name, size_t n)
{
	if (sources_read_path(src, buf_cstr(path), text) < 0 || !text->ptr)
		return 0;
	return testmod_declares_test_mod(text->ptr, text->len, name, n);
}

int testmod_declared_test(source_set *src, const char *report, buf *scratch)
{
	const char *part = report, *slash;
	buf path = BUF_INIT;
	int found = 0;

	/* a directory named so that holds a crate (`conformance-tests/src/..`),
	 * whose root opens with `#![cfg(test)]` (hickory-dns's conformance
	 * tests): every file of that crate is test code */
	for (part = report; !found && (slash = strstr(part, "/src/")) != NULL; part = slash + 1) {
		const char *name = slash;
		static const char *const roots[] = { "src/lib.rs", "src/main.rs", NULL };
		size_t k;
		while (name > report && name[-1] != '/')
			name--;
		if (name == slash || !names_tests(name, (size_t)(slash - name)))
			continue;
		for (k = 0; roots[k] && !found; k++) {
			buf_clear(&path);
			buf_printf(&path, "%.*s/%s", (int)(slash - report), report, roots[k]);
			if (strcmp(buf_cstr(&path), report) != 0 && sources_read_path(src, buf_cstr(&path), scratch) == 0 &&
			    scratch->ptr)
				found = testmod_root_is_test(scratch->ptr, scratch->len);
		}
	}
	/* each part of the path after the first: a directory, or the file's stem */
	part = report;
	for (; !found && (slash = strchr(part, '/')) != NULL; part = slash + 1) {
		const char *next = slash + 1, *stop = strchr(next, '/');
		size_t n, dir = (size_t)(slash - report);
		if (!stop) { /* the file itself: its stem, unless it is the module's own file */
			stop = strrchr(next, '.');
			if (!stop || strcmp(stop, ".rs") != 0)
				break;
			n = (size_t)(stop - next);
			if ((n == 3 && memcmp(next, "mod", 3) == 0) || (n == 3 && memcmp(next, "lib", 3) == 0) ||
			    (n == 4 && memcmp(next, "main", 4) == 0))
				break;
		}
		n = (size_t)(stop - next);
		if (!n || !names_tests(next, n))
			continue;
		/* the parent's file: dir/mod.rs, dir.rs, dir/lib.rs, dir/main.rs */
		{
			static const char *const inside[] = { "mod.rs", "lib.rs", "main.rs", NULL };
			size_t k;
			for (k = 0; inside[k] && !found; k++) {
				buf_clear(&path);
				buf_printf(&path, "%.*s/%s", (int)dir, report, inside[k]);
				found = parent_declares(src, &path, scratch, next, n);
			}
			if (!found) {
				buf_clear(&path);
				buf_printf(&path, "%.*s.rs", (int)dir, report);
				found = parent_declares(src, &path, scratch, next, n);
			}
		}
	}
	buf_free(&path);
	return found;
}
