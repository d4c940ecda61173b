/* test_discover: pathlib joining, realpath, and the walk, on a real tree. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "discover.h"
#include "tap.h"

static const char *join(const char *base, const char *p)
{
	static buf b;

	discover_join(&b, base, p);
	return buf_cstr(&b);
}

static void test_join(void)
{
	TAP_STREQ(join("/r", "lib"), "/r/lib", "join: relative");
	TAP_STREQ(join("/r", "./a//b/"), "/r/a/b", "join: . and // and trailing / vanish");
	TAP_STREQ(join("/r", "../other"), "/r/../other", "join: .. kept as written");
	TAP_STREQ(join("/r", ""), "/r", "join: empty is the base");
	TAP_STREQ(join("/r", "/abs/x"), "/abs/x", "join: absolute replaces");
	TAP_STREQ(join("/r", "//net/x"), "//net/x", "join: exactly two slashes kept");
	TAP_STREQ(join("/r", "///x"), "/x", "join: three slashes are one");
	TAP_STREQ(join("", ""), ".", "join: nothing is .");
	TAP_STREQ(join("/", "a"), "/a", "join: on the root");
}

static char tmp[256];

static void touch(const char *rel, const char *text)
{
	char p[512];
	FILE *f;

	snprintf(p, sizeof(p), "%s/%s", tmp, rel);
	f = fopen(p, "w");
	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

static void mk(const char *rel)
{
	char p[512];

	snprintf(p, sizeof(p), "%s/%s", tmp, rel);
	mkdir(p, 0755);
}

static void ln(const char *target, const char *rel)
{
	char p[512];

	snprintf(p, sizeof(p), "%s/%s", tmp, rel);
	if (symlink(target, p) != 0)
		perror(p);
}

/* Collect and list the reported paths, sorted, joined by spaces. */
static const char *collect(const char *const *paths, size_t n, enum discover_status *st, buf *err)
{
	static buf out;
	discover_result r;
	size_t i;

	buf_clear(&out);
	buf_clear(err);
	*st = discover_collect(&r, tmp, paths, n, err);
	for (i = 0; i < r.count; i++)
		buf_printf(&out, "%s%s", i ? " " : "", r.files[i].report);
	discover_result_free(&r);
	return buf_cstr(&out);
}

/* The directories the walk read without a Cargo.toml, relative, joined by spaces. */
static const char *no_manifest(const char *const *paths, size_t n)
{
	static buf out;
	discover_result r;
	buf err = BUF_INIT;
	size_t i, skip = strlen(tmp) + 1;

	buf_clear(&out);
	if (discover_collect(&r, tmp, paths, n, &err) == DISCOVER_OK)
		for (i = 0; i < r.no_manifest_count; i++)
			buf_printf(&out, "%s%s", i ? " " : "", strlen(r.no_manifest[i]) >= skip ? r.no_manifest[i] + skip : "?");
	discover_result_free(&r);
	buf_free(&err);
	return buf_cstr(&out);
}

static void test_tree(void)
{
	static const char *const lib[] = { "lib" };
	static const char *const lib_twice[] = { "lib", "lib/a.rs", "lib/sub" };
	static const char *const direct[] = { "lib/.rs", "lib/n.txt", "lib/link.rs", "missing", "lib/fifo.rs" };
	static const char *const outside[] = { "lib", "../x" };
	static const char *const escape[] = { "lib/out" };
	static const char *const looped[] = { "lib/loop" };
	enum discover_status st;
	buf err = BUF_INIT, res = BUF_INIT;
	int loop;
	char rt[600];

	snprintf(tmp, sizeof(tmp), "/tmp/hpa-discover-XXXXXX");
	if (!mkdtemp(tmp)) {
		TAP_OK(0, "mkdtemp");
		return;
	}
	mk("lib");
	mk("lib/sub");
	mk("lib/.hidden");
	mk("lib/dir.rs");
	touch("lib/a.rs", "");
	touch("lib/.rs", "");
	touch("lib/.x.rs", "");
	touch("lib/B.RS", "");
	touch("lib/n.txt", "");
	touch("lib/sub/b.rs", "");
	touch("lib/.hidden/h.rs", "");
	touch("lib/dir.rs/inner.rs", "");
	ln("a.rs", "lib/link.rs");
	ln("sub", "lib/linkdir");
	ln("nowhere.rs", "lib/dangling.rs");
	ln("loop.rs", "lib/loop.rs");
	ln("loop", "lib/loop");
	ln("..", "lib/up");
	ln("../..", "lib/out");
	{
		char p[512];
		snprintf(p, sizeof(p), "%s/lib/fifo.rs", tmp);
		mkfifo(p, 0644);
	}
	touch("lib/Cargo.toml", "[package]\n");
	mk("lib/.hidden/Cargo.toml"); /* a directory: not a manifest, but one to read to know */

	TAP_STREQ(collect(lib, 1, &st, &err),
	          "lib/.hidden/h.rs lib/.rs lib/.x.rs lib/a.rs lib/dir.rs/inner.rs lib/a.rs lib/sub/b.rs",
	          "walk: hidden files, dirs named x.rs entered, symlinked file reported as its target, symlinked dir/dangling/loop/FIFO skipped");
	TAP_OK(st == DISCOVER_OK, "walk: ok");
	TAP_STREQ(no_manifest(lib, 1), "lib/.hidden/Cargo.toml lib/dir.rs lib/sub",
	          "walk: the directories read that hold nothing named Cargo.toml, sorted (not those with a file or "
	          "directory of that name, nor a symlinked directory, which is not read)");
	TAP_STREQ(no_manifest(lib_twice, 3), "lib/.hidden/Cargo.toml lib/dir.rs lib/sub",
	          "walk: each directory once when paths overlap");
	TAP_STREQ(collect(lib_twice, 3, &st, &err),
	          "lib/.hidden/h.rs lib/.rs lib/.x.rs lib/a.rs lib/dir.rs/inner.rs lib/a.rs lib/sub/b.rs",
	          "overlapping paths are deduplicated by exact string");
	TAP_STREQ(collect(direct, 5, &st, &err), "lib/a.rs",
	          "direct: '.rs' has no suffix, .txt skipped, a link resolved to its target, missing and FIFO skipped");
	collect(outside, 2, &st, &err);
	snprintf(rt, sizeof(rt), "refusing to scan path outside repository root: %s/../x", tmp);
	TAP_OK(st == DISCOVER_OUTSIDE_ROOT, "outside: refused");
	TAP_STREQ(buf_cstr(&err), rt, "outside: the reference's message, path joined not normalised");
	collect(escape, 1, &st, &err);
	TAP_OK(st == DISCOVER_OUTSIDE_ROOT, "outside: a symlink leading out is refused too");
	collect(looped, 1, &st, &err);
	TAP_OK(st == DISCOVER_LOOP && strstr(buf_cstr(&err), "symlink loop"), "a symlink loop given directly stops the run");

	snprintf(rt, sizeof(rt), "%s/lib/link.rs", tmp);
	TAP_OK(discover_resolve(&res, rt, &loop) == 0 && strstr(buf_cstr(&res), "/lib/a.rs"), "resolve: follows a link");
	snprintf(rt, sizeof(rt), "%s/lib/missing/../a.rs", tmp);
	TAP_OK(discover_resolve(&res, rt, &loop) == 0 && strstr(buf_cstr(&res), "/lib/a.rs") &&
	       !strstr(buf_cstr(&res), "missing"), "resolve: .. after a missing component is lexical");
	snprintf(rt, sizeof(rt), "%s/lib/up/lib/sub", tmp);
	TAP_OK(discover_resolve(&res, rt, &loop) == 0 && strcmp(buf_cstr(&res) + strlen(buf_cstr(&res)) - 8, "/lib/sub") == 0,
	       "resolve: a link to .. then back down");
	snprintf(rt, sizeof(rt), "%s/lib/loop/x", tmp);
	TAP_OK(discover_resolve(&res, rt, &loop) < 0 && loop, "resolve: loop detected");

	{
		char cmd[400];
		snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmp);
		if (system(cmd) != 0)
			printf("# could not remove %s\n", tmp);
	}
	buf_free(&err);
	buf_free(&res);
}

int main(void)
{
	test_join();
	test_tree();
	return tap_done();
}
