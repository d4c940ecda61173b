/* test_inventory: the per-file scan and the scoring, on small texts. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "inventory.h"
#include "tap.h"

static rules *r;
static inventory_scratch *scratch;

/* Scan `text` as file `path`; describe the candidates as
 * "line:score:category:tier:text|..." */
static const char *scan(const char *path, const char *text, size_t len, int include_tests)
{
	static buf out;
	inventory_list l = { 0 };
	buf err = BUF_INIT;
	size_t i;

	buf_clear(&out);
	if (inventory_scan_buffer(r, scratch, path, 0, text, len, include_tests, &l, &err) < 0)
		buf_printf(&out, "error: %s", buf_cstr(&err));
	for (i = 0; i < l.count; i++)
		buf_printf(&out, "%s%zu:%d:%s:%s:%s", i ? "|" : "", l.v[i].line, l.v[i].score,
		           inventory_category_name(l.v[i].category), inventory_tier_name(l.v[i].tier), l.v[i].text);
	inventory_list_free(&l);
	buf_free(&err);
	return buf_cstr(&out);
}

#define SCAN(path, lit) scan((path), (lit), sizeof(lit) - 1, 0)

static void test_candidates(void)
{
	TAP_STREQ(SCAN("x.rs", "fn a() { b.cloned(); }\n"), "", "no clone call, no candidate");
	TAP_STREQ(SCAN("x.rs", "  // a.clone()\n  /* b.clone() */\n"), "2:2:needs_review:low:/* b.clone() */",
	          "a // line is skipped, a /* */ line is not");
	TAP_STREQ(SCAN("x.rs", "a.clone(); b.clone(); Arc::clone(&c);\n"),
	          "1:-3:cheap_shared:low:a.clone(); b.clone(); Arc::clone(&c);", "one candidate per line");
	TAP_STREQ(SCAN("x.rs", "\xef\xbb\xbf// a.clone()\n"), "1:2:needs_review:low:\xef\xbb\xbf// a.clone()",
	          "after a BOM, // does not start the line");
	TAP_STREQ(SCAN("x.rs", "let s = \"a\xe2\x80\xa8 b.clone()\";\r\nc.clone()\r\n"),
	          "2:2:needs_review:low:b.clone()\";|3:2:needs_review:low:c.clone()", "U+2028 and CRLF split lines");
	TAP_STREQ(SCAN("x.rs", "x\xff.clone()\n"), "1:2:needs_review:low:x\xef\xbf\xbd.clone()", "invalid UTF-8 replaced");
	TAP_STREQ(SCAN("x.rs", "a.clone ()"), "1:2:needs_review:low:a.clone ()", "no final newline; space before (");
}

static void test_scoring(void)
{
	TAP_STREQ(SCAN("lib/llm/src/backend.rs", "let request = req.clone();\n"),
	          "1:15:suspicious_hotpath:high:let request = req.clone();", "backend 10 + deep 3 + assign 2");
	TAP_STREQ(SCAN("lib/llm/tests/x.rs", "let request = req.clone();\n"),
	          "1:-1:cold_or_test:low:let request = req.clone();", "test path -8 wins the category");
	TAP_STREQ(scan("lib/llm/tests/x.rs", "let request = req.clone();\n", 27, 1),
	          "1:7:needs_review:low:let request = req.clone();", "--include-tests scores it normally");
	TAP_STREQ(SCAN("lib/kv-router/src/scheduling/a.rs", "for x in y {\n\n\n\n\n a.clone()\n"),
	          "6:13:loop_clone:high:a.clone()", "loop 5 lines up is in the window");
	TAP_STREQ(SCAN("lib/kv-router/src/scheduling/a.rs", "for x in y {\n\n\n\n\n\n a.clone()\n"),
	          "7:9:suspicious_hotpath:medium:a.clone()", "loop 6 lines up is not");
	TAP_STREQ(SCAN("lib/kv-router/src/scheduling/a.rs", "a.clone()\n\nwhile x {\n"),
	          "1:13:loop_clone:high:a.clone()", "loop 2 lines down is in the window");
	TAP_STREQ(SCAN("lib/kv-router/src/scheduling/a.rs", "a.clone()\n\n\nloop {\n"),
	          "1:9:suspicious_hotpath:medium:a.clone()", "loop 3 lines down is not");
	TAP_STREQ(SCAN("x.rs", "let m = Arc::new(v.clone());\n"), "1:7:clone_into_arc:low:let m = Arc::new(v.clone());",
	          "clone into Arc +5");
	TAP_STREQ(SCAN("x.rs", "tokio::spawn(async move {\nx.clone()\n"), "2:0:needs_review:low:x.clone()",
	          "boundary in the window -2");
	TAP_STREQ(SCAN("x.rs", "tokio::spawn(async move {\nx.clone ()\n"), "2:2:needs_review:low:x.clone ()",
	          "boundary needs .clone() exactly");
	TAP_STREQ(SCAN("x.rs", "let y = x.clone().unwrap();\n"), "1:3:needs_review:low:let y = x.clone().unwrap();",
	          "chain +1, and not a simple assignment");
	TAP_STREQ(SCAN("x.rs", "x.clone().unwrap_or_else(f)\n"), "1:3:needs_review:low:x.clone().unwrap_or_else(f)",
	          "chain counts once");
	TAP_STREQ(SCAN("x.rs", "let h = self.metrics.clone();\n"), "1:-3:cheap_shared:low:let h = self.metrics.clone();",
	          "cheap hint -5");
}

static void test_threads(void)
{
	const char *dir = getenv("top_srcdir");
	static const char *const paths[] = { "lib" };
	discover_result files;
	inventory_list one = { 0 }, four = { 0 };
	inventory_scan_options o1 = { r, 0, 1 }, o4 = { r, 0, 4 };
	buf err = BUF_INIT, root = BUF_INIT;
	size_t i;
	int same;

	buf_printf(&root, "%s/samples", dir ? dir : ".");
	if (!TAP_OK(discover_collect(&files, root.ptr, paths, 1, &err) == DISCOVER_OK && files.count > 20,
	            "sample files found"))
		return;
	TAP_OK(inventory_scan_files(&o1, &files, &one, &err) == 0, "scan with 1 thread");
	TAP_OK(inventory_scan_files(&o4, &files, &four, &err) == 0, "scan with 4 threads");
	same = one.count == four.count && one.count > 80;
	for (i = 0; same && i < one.count; i++)
		same = one.v[i].file == four.v[i].file && one.v[i].line == four.v[i].line &&
		       one.v[i].score == four.v[i].score && strcmp(one.v[i].text, four.v[i].text) == 0;
	TAP_OK(same, "the same sorted candidates for 1 and 4 threads");
	for (i = 1, same = 1; i < one.count; i++)
		if (one.v[i - 1].score < one.v[i].score)
			same = 0;
	TAP_OK(same, "sorted by score, descending");
	inventory_list_free(&one);
	inventory_list_free(&four);
	discover_result_free(&files);
	buf_free(&err);
	buf_free(&root);
}

int main(void)
{
	const char *d = getenv("HOTPATH_AUDIT_DATADIR");
	buf p = BUF_INIT, err = BUF_INIT;

	buf_printf(&p, "%s/patterns/inventory.rules", d ? d : ".");
	if (rules_load(&r, p.ptr, &err) < 0) {
		printf("# %s\n", buf_cstr(&err));
		TAP_OK(0, "rules load");
		return tap_done();
	}
	scratch = inventory_scratch_new();
	test_candidates();
	test_scoring();
	test_threads();
	inventory_scratch_free(scratch);
	rules_free(r);
	buf_free(&p);
	buf_free(&err);
	return tap_done();
}
