/* test_rustscan: the Rust lexer and the structure around clone sites. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "fileio.h"
#include "rustlex.h"
#include "rustscan.h"
#include "tap.h"

/* One line per site: "line:col form recv=[...] fn=name loop=N closure=- test=0 allow=0" */
static const char *describe(const char *text, size_t len)
{
	static buf out;
	rustlex_result lx;
	rustscan_result rs;
	size_t i;

	memset(&lx, 0, sizeof(lx));
	buf_clear(&out);
	if (rustlex_lex(&lx, text, len) < 0 || rustscan_scan(&rs, &lx) < 0)
		return "error";
	for (i = 0; i < rs.site_count; i++) {
		const rs_site *s = &rs.sites[i];
		const rustlex_token *t = &lx.tokens[s->tok], *a = &lx.tokens[s->recv_start], *b = &lx.tokens[s->recv_end - 1];
		const rustlex_token *fn = s->fn == RS_NONE ? NULL : &lx.tokens[rs.fns[s->fn].name];
		size_t k;
		buf_printf(&out, "%u:%u %s recv=[", t->line, t->col, s->form == RS_METHOD ? "method" : "path");
		for (k = a->off; k < b->off + b->len; k++) /* fold white space runs to one space */
			if (text[k] == ' ' || text[k] == '\n') {
				if (out.ptr[out.len - 1] != ' ')
					buf_putc(&out, ' ');
			} else
				buf_putc(&out, text[k]);
		buf_printf(&out, "] fn=%.*s loop=%u closure=%s test=%d allow=%d\n", fn ? (int)fn->len : 1,
		           fn ? text + fn->off : "-", s->loop_depth,
		           s->closure == RS_NONE ? "-" : rs.scopes[s->closure].is_move ? "move" : "yes", s->in_test,
		           s->allow_redundant_clone);
	}
	rustscan_free(&rs);
	rustlex_free(&lx);
	return buf_cstr(&out);
}

static void test_snippet(void)
{
	const char *dir = getenv("top_srcdir");
	buf path = BUF_INIT, text = BUF_INIT, err = BUF_INIT;

	buf_printf(&path, "%s/tests/unit/rust/scan.rs", dir ? dir : ".");
	if (!TAP_OK(fileio_read_all(path.ptr, &text, &err) == 0, "fixture readable"))
		return;
	TAP_STREQ(describe(text.ptr, text.len),
	          "6:17 method recv=[req] fn=route loop=0 closure=- test=0 allow=0\n"
	          "7:23 method recv=[items] fn=route loop=0 closure=- test=0 allow=0\n"
	          "10:14 method recv=[item .payload] fn=route loop=1 closure=- test=0 allow=0\n"
	          "11:45 method recv=[v] fn=route loop=1 closure=move test=0 allow=0\n"
	          "13:18 path recv=[self.pool] fn=route loop=0 closure=- test=0 allow=0\n"
	          "14:22 path recv=[req] fn=route loop=0 closure=- test=0 allow=0\n"
	          "15:25 method recv=[x] fn=route loop=0 closure=yes test=0 allow=0\n"
	          "16:45 method recv=[m] fn=route loop=1 closure=- test=0 allow=0\n"
	          "17:20 method recv=[a.b().c[0]] fn=route loop=0 closure=- test=0 allow=0\n"
	          "17:32 method recv=[d] fn=route loop=0 closure=- test=0 allow=0\n"
	          "21:36 method recv=[self.blocks] fn=handle loop=0 closure=- test=0 allow=1\n"
	          "26:24 method recv=[y] fn=t loop=0 closure=- test=1 allow=0\n",
	          "sites: comments, raw strings, chars, lifetimes skipped; loops, closures, tests, allow");
	buf_free(&path);
	buf_free(&text);
	buf_free(&err);
}

#define DESCRIBE(lit) describe((lit), sizeof(lit) - 1)

static void test_edges(void)
{
	rustlex_result lx;

	TAP_STREQ(DESCRIBE("fn f() { x.clone\n    (); }"), "1:12 method recv=[x] fn=f loop=0 closure=- test=0 allow=0\n",
	          "a call split over lines");
	TAP_STREQ(DESCRIBE("fn f() { x.clone(y); x.cloned(); clone(x); }"), "", "clone(arg), cloned() and a free fn are not sites");
	TAP_STREQ(DESCRIBE("fn f() { let s = b\"a.clone()\"; let c = b'\\''; let r = br##\"x\"# .clone()\"##; }"), "",
	          "byte strings, byte chars, raw byte strings");
	TAP_STREQ(DESCRIBE("fn f() { let e = '\\u{1F600}'; g::<'a>(x.clone()) }"),
	          "1:41 method recv=[x] fn=f loop=0 closure=- test=0 allow=0\n", "unicode char escape, lifetime in turbofish");
	TAP_STREQ(DESCRIBE("fn f() { a.iter().for_each(|x| y.clone()); for<'a> g(); }"),
	          "1:34 method recv=[y] fn=f loop=0 closure=yes test=0 allow=0\n", "for_each and for<'a> are not loops");
	TAP_STREQ(DESCRIBE("fn f() { if a || b { c.clone(); } }"), "1:24 method recv=[c] fn=f loop=0 closure=- test=0 allow=0\n",
	          "a || b is an operator, not a closure");
	TAP_STREQ(DESCRIBE("#![cfg(test)]\nfn f() { c.clone(); }"), "2:12 method recv=[c] fn=f loop=0 closure=- test=1 allow=0\n",
	          "#![cfg(test)] makes the file test code");
	TAP_STREQ(DESCRIBE("fn f() { loop { while x { c.clone(); } } }"),
	          "1:29 method recv=[c] fn=f loop=2 closure=- test=0 allow=0\n", "nested loops counted");
	TAP_STREQ(DESCRIBE("fn f() { let é = ü.clone(); }"), "1:20 method recv=[ü] fn=f loop=0 closure=- test=0 allow=0\n",
	          "columns count code points");

	memset(&lx, 0, sizeof(lx));
	rustlex_lex(&lx, "fn f() { /* open\n x.clone()", 27);
	TAP_OK(lx.problem && strcmp(lx.problem, "unterminated block comment") == 0 && lx.problem_line == 1,
	       "unterminated block comment reported with its line");
	rustlex_free(&lx);
	memset(&lx, 0, sizeof(lx));
	rustlex_lex(&lx, "let s = r#\"never closed", 23);
	TAP_OK(lx.problem && strstr(lx.problem, "raw string"), "unterminated raw string reported");
	rustlex_free(&lx);
	TAP_STREQ(DESCRIBE("fn f() { } } x.clone(); fn g() { y.clone(); }"),
	          "1:16 method recv=[x] fn=- loop=0 closure=- test=0 allow=0\n"
	          "1:36 method recv=[y] fn=g loop=0 closure=- test=0 allow=0\n", "a stray brace costs nothing after it");
	{
		size_t n = 100000, i;
		char *deep = malloc(2 * n + 16);
		for (i = 0; i < n; i++)
			deep[i] = '{';
		memcpy(deep + n, "x.clone()", 9);
		for (i = 0; i < n; i++)
			deep[n + 9 + i] = '}';
		TAP_STREQ(describe(deep, 2 * n + 9), "1:100003 method recv=[x] fn=- loop=0 closure=- test=0 allow=0\n",
		          "100,000 nested braces: no recursion, one site");
		free(deep);
	}
}

int main(void)
{
	test_snippet();
	test_edges();
	return tap_done();
}
