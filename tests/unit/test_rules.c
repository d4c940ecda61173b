/* test_rules: the rules file, and every way it can be wrong. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fileio.h"
#include "rules.h"
#include "tap.h"

static buf shipped;

/* The shipped rules with `from` replaced by `to` (first occurrence). */
static const char *edited(const char *from, const char *to)
{
	static buf b;
	const char *s = buf_cstr(&shipped), *at = strstr(s, from);

	buf_clear(&b);
	if (!at) {
		printf("# edit target not found: %s\n", from);
		return "";
	}
	buf_append(&b, s, (size_t)(at - s));
	buf_puts(&b, to);
	buf_puts(&b, at + strlen(from));
	return buf_cstr(&b);
}

/* Line number of the first line of `s` containing `needle`. */
static int line_of(const char *s, const char *needle)
{
	const char *at = strstr(s, needle);
	int line = 1;

	for (; at && s < at; s++)
		line += *s == '\n';
	return at ? line : -1;
}

static void expect_error(const char *text, const char *want, const char *name)
{
	buf err = BUF_INIT;
	rules *r = NULL;
	int rc = rules_parse(&r, "x.rules", text, strlen(text), &err);

	if (!TAP_OK(rc < 0 && !r && strstr(buf_cstr(&err), want), name))
		printf("#   got: %s\n#   want: %s\n", buf_cstr(&err), want);
	buf_free(&err);
}

int main(void)
{
	const char *path = getenv("HOTPATH_AUDIT_DATADIR");
	buf p = BUF_INIT, err = BUF_INIT, msg = BUF_INIT;
	rules *r = NULL;
	int l;

	buf_printf(&p, "%s/patterns/inventory.rules", path ? path : ".");
	TAP_OK(fileio_read_all(p.ptr, &shipped, &err) == 0, "shipped rules file readable");
	TAP_OK(rules_parse(&r, p.ptr, buf_cstr(&shipped), shipped.len, &err) == 0, "shipped rules parse");
	if (r) {
		TAP_OK(r->hot_path_count == 19 && r->hot_paths[0].score == 10 &&
		       strcmp(r->hot_paths[0].label, "llm request backend") == 0, "19 hot paths, first is the backend");
		TAP_OK(r->cheap_hints.count == 12 && r->deep_hints.count == 19 && r->boundary_hints.count == 7 &&
		       r->test_markers.count == 6, "hint list sizes as in the reference");
		TAP_OK(strcmp(r->boundary_hints.items[6].s, "async move") == 0, "a hint with an inner space");
		TAP_OK(r->weights[RULES_W_BOUNDARY].delta == -2 &&
		       strcmp(r->weights[RULES_W_BOUNDARY].reason, "near async/task/channel boundary; ownership may be required") == 0,
		       "weight and reason with a semicolon");
		TAP_OK(r->default_paths.count == 3 && strcmp(r->default_paths.items[2].s, "components") == 0, "default paths");
	}
	rules_free(r);

	l = line_of(buf_cstr(&shipped), "cheap_hint sender");
	buf_printf(&msg, "x.rules:%d: unknown key 'cheap_hnt'", l);
	expect_error(edited("cheap_hint sender", "cheap_hnt sender"), msg.ptr, "unknown key named with file:line");
	buf_clear(&msg);
	l = line_of(buf_cstr(&shipped), "tier high 12");
	buf_printf(&msg, "x.rules:%d: expected a whole number, got '1x'", l);
	expect_error(edited("tier high 12", "tier high 1x"), msg.ptr, "bad number");
	expect_error(edited("tier high 12", "tier high 9999999999"), "expected a whole number from", "out-of-range number names its range");
	expect_error(edited("version 1", "version 1\nversion 1"), "duplicate key 'version'", "duplicate singleton");
	expect_error(edited("version 1", "version 2"), "unsupported rules version", "future version refused");
	expect_error(edited("suspicious_score 8", ""), "missing required key 'suspicious_score'", "missing key");
	expect_error(edited("weight chain 1 clone participates in expression chain", ""), "missing weight 'chain'", "missing weight");
	expect_error(edited("weight chain 1", "weight chian 1"), "unknown weight", "unknown weight");
	expect_error(edited("hot_path lib/llm/src/http 8 http request path", "hot_path lib/llm/src/http 8"),
	             "expected: hot_path PREFIX SCORE LABEL", "hot_path without a label");
	expect_error(edited("clone_pattern (?:", "clone_pattern ((?:"), "invalid regular expression", "bad regex");
	expect_error(edited("deep_hint tokens", "deep_hint tok\xffns"), "not valid UTF-8", "invalid UTF-8");
	expect_error(edited("cheap_hint metrics", "cheap_hint"), "missing value for 'cheap_hint'", "key without value");

	{
		buf text = BUF_INIT;
		buf_append(&text, "version 1\n\0x\n", 13);
		buf_clear(&err);
		TAP_OK(rules_parse(&r, "n.rules", text.ptr, text.len, &err) < 0 && strstr(buf_cstr(&err), "n.rules:2: NUL byte"),
		       "NUL byte named with its line");
		buf_free(&text);
	}
	buf_clear(&err);
	TAP_OK(rules_load(&r, "/nonexistent/x.rules", &err) < 0 &&
	       strcmp(buf_cstr(&err), "/nonexistent/x.rules: No such file or directory") == 0, "missing file named");
	{
		const char *crlf = edited("version 1\n", "version 1\r\n");
		buf_clear(&err);
		TAP_OK(rules_parse(&r, "c.rules", crlf, strlen(crlf), &err) == 0, "CRLF line endings accepted");
		rules_free(r);
	}
	{ /* the audit's load: settings only, the scanner's patterns left alone */
		buf dir = BUF_INIT, file = BUF_INIT;
		FILE *f;
		buf_printf(&dir, "%s/hpa-rules-XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
		TAP_OK(mkdtemp(dir.ptr) != NULL, "a scratch directory");
		buf_printf(&file, "%s/s.rules", dir.ptr);
		if ((f = fopen(file.ptr, "w"))) {
			fputs(buf_cstr(&shipped), f);
			fclose(f);
		}
		buf_clear(&err);
		TAP_OK(rules_load_settings(&r, file.ptr, &err) == 0 && r->clone_re == NULL && r->hot_path_count > 0 &&
		       r->test_markers.count > 0, "settings only: hot paths and markers read, no pattern compiled");
		rules_free(r);
		if ((f = fopen(file.ptr, "w"))) {
			fputs(edited("hot_path lib/llm/src/backend.rs 10 ", "hot_path lib/llm/src/backend.rs ten "), f);
			fclose(f);
		}
		buf_clear(&err);
		TAP_OK(rules_load_settings(&r, file.ptr, &err) < 0 && strstr(buf_cstr(&err), "s.rules:33:"),
		       "settings only: a bad setting is still named with its file and line");
		if ((f = fopen(file.ptr, "w"))) {
			fputs(edited("clone_pattern (?:", "clone_pattern ((?:"), f);
			fclose(f);
		}
		buf_clear(&err);
		TAP_OK(rules_load_settings(&r, file.ptr, &err) == 0, "settings only: a broken pattern is left to the inventory");
		rules_free(r);
		buf_clear(&err);
		TAP_OK(rules_load(&r, file.ptr, &err) < 0 && strstr(buf_cstr(&err), "invalid regular expression"),
		       "... which refuses it, as before");
		remove(file.ptr);
		rmdir(dir.ptr);
		buf_free(&dir);
		buf_free(&file);
	}
	buf_free(&p);
	buf_free(&err);
	buf_free(&msg);
	buf_free(&shipped);
	return tap_done();
}
