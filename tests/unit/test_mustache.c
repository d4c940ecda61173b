/* test_mustache: the official Mustache spec, then what the spec leaves out
 * (errors, limits, escapers, lookup corner cases).
 *
 * Usage: test_mustache [SPEC_DIR]   (default $MUSTACHE_SPEC_DIR, else
 * ../shared/mustache-spec) */
#include "config.h"

#include "mustache.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "tap.h"

/* ---- helpers ---------------------------------------------------------- */

/* Partial loader over a JSON object of name -> source.  Missing partials
 * render as "", the spec's lenient policy ("Failed Lookup"). */
static char *json_partials(void *ctx, const char *name, size_t *len)
{
	const json_t *src = ctx ? json_object_get(ctx, name) : NULL;
	const char *s = json_is_string(src) ? json_string_value(src) : "";
	char *copy;

	*len = json_is_string(src) ? json_string_length(src) : 0;
	copy = malloc(*len + 1);
	if (copy) {
		memcpy(copy, s, *len);
		copy[*len] = '\0';
	}
	return copy;
}

/* Same, but a missing partial is an error (the engine's default stance). */
static char *strict_partials(void *ctx, const char *name, size_t *len)
{
	if (!ctx || !json_object_get(ctx, name))
		return NULL;
	return json_partials(ctx, name, len);
}

/* Compile and render `tmpl` with JSON `data`; returns the output (owned
 * by the caller) or NULL with the error in *err. */
static char *render_with(const char *tmpl, const char *data,
                         const char *partials, mustache_partial_fn load,
                         mustache_escape_fn esc, mustache_error *err)
{
	json_t *d = json_loads(data, JSON_DECODE_ANY, NULL);
	json_t *p = partials ? json_loads(partials, 0, NULL) : NULL;
	mustache_template *t = NULL;
	buf out = BUF_INIT;
	char *res = NULL;

	if (mustache_compile(&t, "t", tmpl, strlen(tmpl), err) == 0 &&
	    mustache_render(t, d, esc, load, p, &out, err) == 0)
		res = buf_detach(&out);
	buf_free(&out);
	mustache_free(t);
	json_decref(d);
	json_decref(p);
	return res;
}

static char *render(const char *tmpl, const char *data)
{
	mustache_error err = MUSTACHE_ERROR_INIT;
	char *res = render_with(tmpl, data, NULL, NULL, NULL, &err);

	if (!res)
		printf("# unexpected error: %s\n", err.message);
	mustache_error_clear(&err);
	return res;
}

static void check(const char *tmpl, const char *data, const char *want,
                  const char *name)
{
	char *got = render(tmpl, data);

	TAP_STREQ(got, want, name);
	free(got);
}

/* Expect compiling or rendering to fail with exactly `want` as message. */
static void check_error(const char *tmpl, const char *partials,
                        const char *want, const char *name)
{
	mustache_error err = MUSTACHE_ERROR_INIT;
	char *got = render_with(tmpl, "{\"a\": true, \"b\": [1]}", partials,
	                        strict_partials, NULL, &err);

	if (got) {
		TAP_OK(0, name);
		printf("#   rendered [%s], wanted error [%s]\n", got, want);
	} else {
		TAP_STREQ(err.message, want, name);
	}
	free(got);
	mustache_error_clear(&err);
}

static void check_escape(mustache_escape_fn esc, const char *in,
                         const char *want, const char *name)
{
	buf out = BUF_INIT;

	TAP_OK(esc(&out, in, strlen(in)) == 0, name);
	TAP_STREQ(buf_cstr(&out), want, name);
	buf_free(&out);
}

/* ---- the spec --------------------------------------------------------- */

static void run_spec_test(const char *file, const json_t *test)
{
	const char *name = json_string_value(json_object_get(test, "name"));
	const json_t *tmpl = json_object_get(test, "template");
	const char *want = json_string_value(json_object_get(test, "expected"));
	mustache_error err = MUSTACHE_ERROR_INIT;
	mustache_template *t = NULL;
	buf out = BUF_INIT, desc = BUF_INIT;
	int ok = json_is_string(tmpl);

	buf_printf(&desc, "spec %s: %s", file, name ? name : "(unnamed)");
	ok = ok && mustache_compile(&t, name, json_string_value(tmpl),
	                            json_string_length(tmpl), &err) == 0;
	ok = ok && mustache_render(t, json_object_get(test, "data"), NULL,
	                           json_partials,
	                           json_object_get(test, "partials"), &out,
	                           &err) == 0;
	if (!ok)
		printf("# error: %s\n", err.message ? err.message : "(none)");
	TAP_STREQ(ok ? buf_cstr(&out) : NULL, want, buf_cstr(&desc));
	mustache_free(t);
	mustache_error_clear(&err);
	buf_free(&out);
	buf_free(&desc);
}

/* Run every test of dir/file; a missing or broken file is a failure. */
static size_t run_spec_file(const char *dir, const char *file)
{
	buf path = BUF_INIT, desc = BUF_INIT;
	json_error_t jerr;
	json_t *spec, *tests;
	size_t i, n;

	buf_printf(&path, "%s/%s", dir, file);
	spec = json_load_file(buf_cstr(&path), 0, &jerr);
	tests = json_object_get(spec, "tests");
	n = json_array_size(tests);
	buf_printf(&desc, "spec %s loads and has tests", buf_cstr(&path));
	if (!TAP_OK(n > 0, buf_cstr(&desc)))
		printf("#   %s\n", spec ? "no tests" : jerr.text);
	for (i = 0; i < n; i++)
		run_spec_test(file, json_array_get(tests, i));
	json_decref(spec);
	buf_free(&path);
	buf_free(&desc);
	return n;
}

static void test_spec(const char *dir)
{
	static const char *const files[] = {
		"comments.json", "delimiters.json", "interpolation.json",
		"inverted.json", "partials.json", "sections.json",
	};
	size_t i, n = 0;

	for (i = 0; i < sizeof files / sizeof *files; i++)
		n += run_spec_file(dir, files[i]);
	printf("# %zu spec tests run\n", n);
	TAP_OK(n >= 136, "spec: all 136 tests of the six core modules ran");
}

/* ---- beyond the spec -------------------------------------------------- */

static void test_errors(void)
{
	check_error("ab\n  {{name", NULL,
	            "t:2:3: unclosed tag: no '}}' after it", "error: unclosed tag");
	check_error("{{{name}}", NULL,
	            "t:1:1: unclosed tag: no '}}}' after it",
	            "error: unclosed triple mustache");
	check_error("x\n{{#a}}\n  {{#b}}\n{{/b}}\n", NULL,
	            "t:2:1: unclosed section 'a'", "error: unclosed section");
	check_error("{{#a}}\n {{^b}}{{/a}}", NULL,
	            "t:2:8: closing tag 'a' does not match section 'b' opened "
	            "at 2:2", "error: mismatched closing tag");
	check_error("x{{/a}}", NULL,
	            "t:1:2: closing tag 'a' without an open section",
	            "error: closing tag without section");
	check_error("\n\n   {{=<% =}}", NULL,
	            "t:3:4: invalid set-delimiter tag '<%': want two delimiters "
	            "separated by whitespace, without '='",
	            "error: one delimiter");
	check_error("{{=a= b=}}", NULL,
	            "t:1:1: invalid set-delimiter tag 'a= b': want two "
	            "delimiters separated by whitespace, without '='",
	            "error: '=' in delimiter");
	check_error("{{=<% %>=}}\n<%a%>\n<%b}}", NULL,
	            "t:3:1: unclosed tag: no '%>' after it",
	            "error: unclosed tag uses current delimiter");
	check_error("{{a b}}", NULL,
	            "t:1:1: invalid name 'a b': contains whitespace",
	            "error: whitespace in name");
	check_error("{{#a..b}}{{/a..b}}", NULL,
	            "t:1:1: invalid name 'a..b': empty part",
	            "error: empty part in dotted name");
	check_error("{{}}", NULL, "t:1:1: tag has no name", "error: empty tag");
	check_error("{{<parent}}{{/parent}}", NULL,
	            "t:1:1: template inheritance ('<' tags) is not supported",
	            "error: inheritance is refused, not misread");
	check_error("1\n22 {{>nope}}", NULL,
	            "t:2:4: partial 'nope' not found", "error: missing partial");
	check_error("{{>p}}", "{\"p\": \"ok\\n{{#x}}\"}",
	            "p:2:1: unclosed section 'x'",
	            "error: inside a partial names the partial");
}

static void test_error_api(void)
{
	mustache_error err = MUSTACHE_ERROR_INIT;
	mustache_template *t = (mustache_template *)&err;
	const char *src = "\n {{#s}}";

	TAP_OK(mustache_compile(&t, "f.md", src, strlen(src), &err) < 0 &&
	       t == NULL, "error api: failed compile stores NULL");
	TAP_STREQ(err.file, "f.md", "error api: file");
	TAP_OK(err.line == 2 && err.col == 2, "error api: line and column");
	TAP_OK(mustache_compile(&t, NULL, "{{/x}}", 6, NULL) < 0,
	       "error api: NULL error is allowed");
	TAP_OK(mustache_compile(&t, "f.md", "{{x}}", 5, &err) == 0 &&
	       err.message, "error api: success leaves an old error alone");
	mustache_free(t);
	mustache_error_clear(&err);
	TAP_OK(!err.file && !err.message && !err.line,
	       "error api: clear zeroes");
	mustache_error_clear(&err);
	mustache_free(NULL);
	TAP_OK(1, "error api: double clear and mustache_free(NULL) are safe");
}

static void test_limits(void)
{
	mustache_error err = MUSTACHE_ERROR_INIT;
	buf deep = BUF_INIT;
	char *got;
	int i;

	got = render_with("start {{>p}}", "{}", "{\"p\": \"x{{>p}}\"}",
	                  strict_partials, NULL, &err);
	TAP_OK(!got, "limit: self-including partial fails");
	TAP_STREQ(err.message, "p:1:2: partial 'p' nested more than 64 deep "
	          "(recursive partial?)", "limit: recursion error message");
	free(got);
	got = render_with("{{>a}}", "{\"n\": [1]}",
	                  "{\"a\": \"{{#n}}{{>b}}{{/n}}\", \"b\": \"{{>a}}\"}",
	                  strict_partials, NULL, &err);
	TAP_OK(!got && err.message && strstr(err.message, "nested more than"),
	       "limit: mutually recursive partials fail");
	free(got);

	/* Thousands of nested sections: an error, not a stack overflow. */
	for (i = 0; i < 5000; i++)
		buf_puts(&deep, "{{#a}}");
	for (i = 0; i < 5000; i++)
		buf_puts(&deep, "{{/a}}");
	got = render_with(buf_cstr(&deep), "{\"a\": true}", NULL, NULL, NULL,
	                  &err);
	TAP_OK(!got, "limit: 5000 nested sections fail cleanly");
	TAP_STREQ(err.message, "t:1:6145: sections and partials nested more "
	          "than 1024 deep", "limit: nesting error message");
	free(got);
	mustache_error_clear(&err);
	buf_free(&deep);
}

/* A failed render leaves the output buffer as it was. */
static void test_failed_render_output(void)
{
	mustache_error err = MUSTACHE_ERROR_INIT;
	mustache_template *t;
	buf out = BUF_INIT;
	const char *src = "lots of output {{a}} {{>missing}}";

	buf_puts(&out, "kept");
	TAP_OK(mustache_compile(&t, "t", src, strlen(src), &err) == 0 &&
	       mustache_render(t, NULL, NULL, NULL, NULL, &out, &err) < 0,
	       "render: missing partial without loader fails");
	TAP_STREQ(buf_cstr(&out), "kept", "render: output rolled back");
	mustache_free(t);
	mustache_error_clear(&err);
	buf_free(&out);
}

/* Compile once, render many times with different data. */
static void test_reuse(void)
{
	mustache_template *t;
	buf out = BUF_INIT;
	const char *src = "{{#items}}{{.}},{{/items}}";
	json_t *a = json_pack("{s:[i,i]}", "items", 1, 2);
	json_t *b = json_pack("{s:[s]}", "items", "x");

	TAP_OK(mustache_compile(&t, "t", src, strlen(src), NULL) == 0,
	       "reuse: compiles");
	mustache_render(t, a, NULL, NULL, NULL, &out, NULL);
	mustache_render(t, b, NULL, NULL, NULL, &out, NULL);
	mustache_render(t, a, NULL, NULL, NULL, &out, NULL);
	TAP_STREQ(buf_cstr(&out), "1,2,x,1,2,", "reuse: three renders");
	mustache_free(t);
	buf_free(&out);
	json_decref(a);
	json_decref(b);
}

static void test_escapers(void)
{
	mustache_error err = MUSTACHE_ERROR_INIT;
	char *got;

	check_escape(mustache_escape_html,
	             "<script>alert('x' + \"y\") && 1</script>",
	             "&lt;script&gt;alert(&#39;x&#39; + &quot;y&quot;) &amp;&amp; "
	             "1&lt;/script&gt;", "html: script tag and quotes");
	check_escape(mustache_escape_html, "plain", "plain", "html: plain");
	check("{{x}}|{{{x}}}|{{&x}}", "{\"x\": \"<b class='c'>\"}",
	      "&lt;b class=&#39;c&#39;&gt;|<b class='c'>|<b class='c'>",
	      "html: default escaper only for {{x}}");
	check_escape(mustache_escape_markdown, "a | b", "a \\| b",
	             "markdown: pipe cannot split a table cell");
	check_escape(mustache_escape_markdown, "run `rm -rf`", "run \\`rm -rf\\`",
	             "markdown: backticks cannot open code");
	check_escape(mustache_escape_markdown, "<img src=x onerror=y>",
	             "&lt;img src=x onerror=y&gt;",
	             "markdown: no raw HTML");
	check_escape(mustache_escape_markdown, "row1\nrow2\r\nrow3\rend",
	             "row1 row2 row3 end", "markdown: line breaks become spaces");
	check_escape(mustache_escape_markdown, "# *a* _b_ [l](u) \\ ~s~ &amp;",
	             "\\# \\*a\\* \\_b\\_ \\[l\\](u) \\\\ \\~s\\~ &amp;amp;",
	             "markdown: emphasis, links, headings, entities");
	check_escape(mustache_escape_none, "<&>", "<&>", "none: untouched");
	got = render_with("| {{x}} |", "{\"x\": \"a|b\\nc\"}", NULL, NULL,
	                  mustache_escape_markdown, &err);
	TAP_STREQ(got, "| a\\|b c |", "markdown: as the render escaper");
	free(got);
	mustache_error_clear(&err);
}

static void test_lookup(void)
{
	check("{{#a}}[{{b.c}}]{{/a}}",
	      "{\"a\": {\"b\": {}}, \"b\": {\"c\": \"outer\"}}", "[]",
	      "lookup: later parts never fall back to outer contexts");
	check("{{#a}}[{{x}}]{{/a}}", "{\"a\": {\"x\": null}, \"x\": \"outer\"}",
	      "[]", "lookup: a null value masks outer names");
	check("{{#a}}[{{x}}]{{/a}}", "{\"a\": {}, \"x\": \"outer\"}", "[outer]",
	      "lookup: missing names are looked up outwards");
	check("[{{a.b.c}}]", "{\"a\": {\"b\": \"str\"}}", "[]",
	      "lookup: dotting into a string is a miss");
	check("[{{a.length}}]", "{\"a\": [1, 2]}", "[]",
	      "lookup: arrays have no named members");
	check("{{#list}}{{name}}@{{site}};{{/list}}",
	      "{\"site\": \"s\", \"list\": [{\"name\": \"n1\"}, "
	      "{\"name\": \"n2\", \"site\": \"own\"}]}", "n1@s;n2@own;",
	      "lookup: list items see the enclosing context");
	check("{{#a.list}}{{.}}{{/a.list}}", "{\"a\": {\"list\": [1, 2, 3]}}",
	      "123", "lookup: section over a dotted list");
	check("{{#a}}{{#b}}{{c}}{{/b}}{{/a}}",
	      "{\"a\": {\"b\": true}, \"c\": \"deep\"}", "deep",
	      "lookup: true pushes itself, names still resolve outwards");
	check("{{.}}", "[1, \"x\"]", "[1,&quot;x&quot;]",
	      "lookup: arrays interpolate as (escaped) JSON");
	check("{{{.}}}", "{\"k\": \"v\"}", "{\"k\":\"v\"}",
	      "lookup: objects interpolate as JSON");
	check("{{x}}", "null", "", "lookup: null root data");
	check_error("[{{x.}}]", NULL, "t:1:2: invalid name 'x.': empty part",
	            "lookup: trailing dot is refused");
}

static void test_values(void)
{
	check("{{a}} {{b}} {{c}} {{d}} {{e}} {{f}}",
	      "{\"a\": 0.1, \"b\": 2.0, \"c\": -3, \"d\": 9007199254740993, "
	      "\"e\": 1e300, \"f\": 0.30000000000000004}",
	      "0.1 2 -3 9007199254740993 1e+300 0.30000000000000004",
	      "values: numbers print as short as they read back");
	check("{{t}} {{f}}", "{\"t\": true, \"f\": false}", "true false",
	      "values: booleans print as words");
	check("{{#s}}y{{/s}}{{#z}}y{{/z}}{{^s}}n{{/s}}",
	      "{\"s\": \"\", \"z\": 0}", "yy",
	      "values: empty string and 0 are truthy, as the spec says");
	check("{{^e}}empty{{/e}}{{^n}}null{{/n}}{{^m}}missing{{/m}}",
	      "{\"e\": [], \"n\": null}", "emptynullmissing",
	      "values: empty list, null and missing are falsey");
}

static void test_partials(void)
{
	mustache_error err = MUSTACHE_ERROR_INIT;
	char *got;

	got = render_with("top\n  {{>outer}}\nend\n", "{\"v\": \"a\\nb\"}",
	                  "{\"outer\": \"o1\\n  {{>inner}}\\no2\\n\","
	                  " \"inner\": \"i1\\n{{v}}\\n\"}",
	                  strict_partials, NULL, &err);
	TAP_STREQ(got, "top\n  o1\n    i1\n    a\nb\n  o2\nend\n",
	          "partials: nested standalone indentation adds up; data is "
	          "not indented");
	free(got);
	got = render_with("  {{>p}}\n", "{\"a\": [1, 2]}",
	                  "{\"p\": \"{{#a}}\\n- {{.}}\\n{{/a}}\\n\"}",
	                  strict_partials, NULL, &err);
	TAP_STREQ(got, "  - 1\n  - 2\n",
	          "partials: standalone section lines inside are not indented");
	free(got);
	got = render_with("  x {{>p}}\n", "{}", "{\"p\": \"1\\n2\"}",
	                  strict_partials, NULL, &err);
	TAP_STREQ(got, "  x 1\n2\n", "partials: inline partials are not indented");
	free(got);
	got = render_with("{{=<% %>=}}<%>p%> <%x%>", "{\"x\": 1}",
	                  "{\"p\": \"{{x}}<%x%>\"}", strict_partials, NULL, &err);
	TAP_STREQ(got, "1<%x%> 1", "partials: delimiters do not leak in");
	free(got);
	mustache_error_clear(&err);
}

/* Big inputs run in linear time; quadratic code would take minutes. */
static void test_big(void)
{
	json_t *data = json_pack("{s:s, s:[]}", "x", "<v>", "list");
	mustache_template *t;
	buf src = BUF_INIT, out = BUF_INIT;
	int i, ok;

	for (i = 0; i < 100000; i++)
		json_array_append_new(json_object_get(data, "list"),
		                      json_integer(i));
	for (i = 0; i < 100000; i++)
		buf_puts(&src, "{{x}} {{! c }}\n  {{#list}}\n");
	buf_puts(&src, "{{.}}");
	for (i = 0; i < 100000; i++)
		buf_puts(&src, "{{/list}}");
	ok = mustache_compile(&t, "big", src.ptr, src.len, NULL) == 0;
	TAP_OK(ok, "big: 400k tags compile");
	mustache_free(t);
	buf_clear(&src);
	for (i = 0; i < 100000; i++)
		buf_puts(&src, "{{x}}|");
	buf_puts(&src, "{{#list}}{{.}},{{/list}}");
	ok = mustache_compile(&t, "big", src.ptr, src.len, NULL) == 0 &&
	     mustache_render(t, data, NULL, NULL, NULL, &out, NULL) == 0;
	TAP_OK(ok && out.len == 100000 * 10 + 488890 + 100000,
	       "big: 100k interpolations and a 100k item list render");
	mustache_free(t);
	buf_free(&src);
	buf_free(&out);
	json_decref(data);
}

int main(int argc, char **argv)
{
	const char *env = getenv("MUSTACHE_SPEC_DIR");

	const char *dir = argc > 1 ? argv[1] : env && *env ? env : "../shared/mustache-spec";
	struct stat st;

	/* the spec's files live in the project's shared/ directory, beside a
	 * checkout (configure --with-shared-dir): a clone elsewhere has none */
	if (stat(dir, &st) == 0 && S_ISDIR(st.st_mode))
		test_spec(dir);
	else
		TAP_OK(1, "Mustache specification tests # SKIP no shared/mustache-spec beside this checkout "
		          "(configure --with-shared-dir=DIR)");
	test_errors();
	test_error_api();
	test_limits();
	test_failed_render_output();
	test_reuse();
	test_escapers();
	test_lookup();
	test_values();
	test_partials();
	test_big();
	return tap_done();
}
