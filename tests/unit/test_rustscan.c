/* test_rustscan: the Rust lexer and the structure around clone sites. */
#include "config.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "fileio.h"
#include "packscan.h"
#include "rustlex.h"
#include "rustscan.h"
#include "tap.h"
#include "typelib.h"

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
		           s->allow_lints);
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
	TAP_STREQ(DESCRIBE("#[allow(clippy::clone_on_copy)]\nfn f() { c.clone(); }\n#[allow(clippy::redundant_clone, clippy::clone_on_copy)]\nfn g() { c.clone(); }"),
	          "2:12 method recv=[c] fn=f loop=0 closure=- test=0 allow=2\n"
	          "4:12 method recv=[c] fn=g loop=0 closure=- test=0 allow=3\n",
	          "allow(clippy::clone_on_copy) and redundant_clone, each its own bit");

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

/* ---- the first pass: keep_code and item lexing against the full lexer -- */

static int word_char(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c >= 0x80;
}

/* Does rustlex_keep_code() keep exactly the word starts the lexer sees in
 * code?  A word start is in code unless a comment covers it (it then lies
 * between tokens) or a literal covers it past the literal's first byte
 * (the `r` of r"..", the `b` of b'x' start their token and are code). */
static int keep_code_agrees(const char *text, size_t len, buf *why)
{
	rustlex_result lx;
	size_t *at = malloc((len + 1) * sizeof(*at)), n = 0, kept, i, t = 0, k = 0;
	unsigned char *want = calloc(len + 1, 1);
	int ok = 1;

	memset(&lx, 0, sizeof(lx));
	if (!at || !want || rustlex_lex(&lx, text, len) < 0) {
		free(at);
		free(want);
		return 0;
	}
	for (i = 0; i < len; i++)
		if (word_char((unsigned char)text[i]) && (i == 0 || !word_char((unsigned char)text[i - 1])))
			at[n++] = i;
	for (i = 0; i < n; i++) {
		while (t < lx.count && lx.tokens[t].off + lx.tokens[t].len <= at[i])
			t++;
		if (t < lx.count && lx.tokens[t].off <= at[i]) {
			const rustlex_token *tk = &lx.tokens[t];
			int literal = tk->kind == TOK_STRING || tk->kind == TOK_CHAR || tk->kind == TOK_LIFETIME;
			want[at[i]] = !(literal && at[i] > tk->off);
		}
	}
	kept = rustlex_keep_code(text, len, at, n);
	for (i = 0; i < len && ok; i++) {
		int got = k < kept && at[k] == i;
		if (got)
			k++;
		if (got != want[i]) {
			buf_printf(why, "offset %zu (%.12s): kept %d, lexer says %d", i, text + i, got, want[i]);
			ok = 0;
		}
	}
	free(at);
	free(want);
	rustlex_free(&lx);
	return ok;
}

/* Does the lexer record every line's start (after every '\n', in code,
 * comments, strings and raw strings alike)? */
static int lines_agree(const char *text, size_t len, buf *why)
{
	rustlex_result lx;
	size_t i, k = 1;
	int ok;

	memset(&lx, 0, sizeof(lx));
	ok = rustlex_lex(&lx, text, len) == 0 && lx.line_count >= 1 && lx.line_starts[0] == 0;
	for (i = 0; ok && i < len; i++)
		if (text[i] == '\n' && !(k < lx.line_count && lx.line_starts[k++] == i + 1)) {
			buf_printf(why, "line %zu: the start after offset %zu is missing", k, i);
			ok = 0;
		}
	if (ok && k != lx.line_count) {
		buf_printf(why, "%zu line starts recorded, %zu lines", lx.line_count, k);
		ok = 0;
	}
	rustlex_free(&lx);
	return ok;
}

/* The type library's text from a scan of the whole file, and from
 * typelib_collect(): the same? */
static int collect_agrees(const char *text, size_t len, buf *why)
{
	typelib whole, items;
	rustlex_result lx, scratch;
	rustscan_result rs;
	int ok;

	memset(&whole, 0, sizeof(whole));
	memset(&items, 0, sizeof(items));
	memset(&lx, 0, sizeof(lx));
	memset(&scratch, 0, sizeof(scratch));
	ok = rustlex_lex(&lx, text, len) == 0 && rustscan_scan_types(&rs, &lx) == 0 && typelib_add(&whole, &rs) == 0;
	rustscan_free(&rs);
	ok = ok && typelib_collect(&items, &scratch, text, len) == 0;
	if (ok && (whole.text.len != items.text.len || memcmp(buf_cstr(&whole.text), buf_cstr(&items.text), whole.text.len))) {
		buf_printf(why, "whole file:\n%s\nitems:\n%s", buf_cstr(&whole.text), buf_cstr(&items.text));
		ok = 0;
	}
	if (ok && (whole.fn_text.len != items.fn_text.len ||
	           memcmp(buf_cstr(&whole.fn_text), buf_cstr(&items.fn_text), whole.fn_text.len))) {
		buf_printf(why, "fns, whole file:\n%s\nitems:\n%s", buf_cstr(&whole.fn_text), buf_cstr(&items.fn_text));
		ok = 0;
	}
	typelib_free(&whole);
	typelib_free(&items);
	rustlex_free(&lx);
	rustlex_free(&scratch);
	return ok;
}

static void check_text(const char *text, size_t len, const char *name)
{
	buf why = BUF_INIT, label = BUF_INIT;

	buf_printf(&label, "keep_code agrees with the lexer: %s", name);
	if (!TAP_OK(keep_code_agrees(text, len, &why), label.ptr))
		printf("#   %s\n", buf_cstr(&why));
	buf_clear(&why);
	buf_clear(&label);
	buf_printf(&label, "typelib_collect agrees with a whole-file scan: %s", name);
	if (!TAP_OK(collect_agrees(text, len, &why), label.ptr))
		printf("#   %s\n", buf_cstr(&why));
	buf_free(&why);
	buf_free(&label);
}

static void test_first_pass_cases(void)
{
	static const struct { const char *name, *text; } cases[] = {
		{ "plain items", "pub struct A { x: u32, y: Vec<String> }\ntype B = Arc<Mutex<A>>;\nstruct C(u8);\nstruct D;\n" },
		{ "generics and where", "struct E<T: Into<u8>> where T: Fn() -> u32 { f: [u8; 4], g: T }\n"
		                        "type F<'a> = &'a [u8; { 2 + 2 }];\n" },
		{ "in comments", "// struct X { a: u8 }\n/* type Y = u8; /* nested struct Z {} */ struct W {} */\n"
		                 "/// type Doc = u8;\nstruct Real { a: u8 }\n" },
		{ "in strings", "const S: &str = \"struct X { a: u8 }\";\nconst R: &str = r#\"type Y = \"u8\";\"#;\n"
		                "const B: &[u8] = br\"struct Q {}\";\nconst C: &CStr = c\"type Z = u8;\";\nstruct After { a: u8 }\n" },
		{ "quotes", "fn f<'a>(x: &'a str) -> char { let q = '\"'; let b = b'\"'; let e = '\\''; 'x' }\n"
		            "struct S<'a> { r: &'a str }\ntype T<'b> = &'b str;\n" },
		{ "raw identifiers and paths", "fn g() { let r#type = 1; let x = Self::type; }\nstruct r#Raw { a: u8 }\n"
		                               "impl Tr for A { type Out = u8; type Item; }\n" },
		{ "prefix letters", "let bar\"x\" = 0; let xr#\"y\" = 1; 'r\"s\"; struct N { n: u8 }\n" },
		{ "macros", "macro_rules! m { ($t:ident) => { struct $t { a: u8 } }; }\nm!(Q);\nstruct M { m: u8 }\n" },
		{ "unterminated comment", "struct Before { a: u8 }\n/* struct Never { b: u8 }\n" },
		{ "unterminated string", "struct Before { a: u8 }\nconst S: &str = \"type X = u8;\n" },
		{ "unterminated item", "struct Open { a: u8,\n" },
		{ "keyword ends the file", "type" },
		{ "struct in a fn", "fn f() { struct Local { a: u8 } type L = Local; }\n" },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		check_text(cases[i].text, strlen(cases[i].text), cases[i].name);
}

/* The code view as it was first made, kept here as the oracle: a blank
 * canvas (line breaks kept), each token copied in, a literal's inside left
 * blank. */
static void reference_view(buf *out, const rustlex_result *lx)
{
	size_t i, k;

	buf_clear(out);
	for (i = 0; i < lx->text_len; i++)
		buf_putc(out, lx->text[i] == '\n' ? '\n' : ' ');
	for (i = 0; i < lx->count; i++) {
		const rustlex_token *t = &lx->tokens[i];
		const char *s = lx->text + t->off;
		size_t q = 0, nq = 1, e, tail;
		if (t->kind != TOK_STRING && t->kind != TOK_CHAR) {
			memcpy(out->ptr + t->off, s, t->len);
			continue;
		}
		while (q < t->len && s[q] != '"' && s[q] != '\'')
			q++;
		if (q == t->len) {
			memcpy(out->ptr + t->off, s, t->len);
			continue;
		}
		if (q + 5 < t->len && s[q + 1] == s[q] && s[q + 2] == s[q])
			nq = 3;
		for (e = t->len; e > q + nq && s[e - 1] == '#'; e--)
			;
		for (tail = e, k = 0; k < nq && tail > q + nq && s[tail - 1] == s[q]; k++)
			tail--;
		if (k < nq)
			tail = t->len;
		memcpy(out->ptr + t->off, s, q + nq);
		memcpy(out->ptr + t->off + tail, s + tail, t->len - tail);
	}
}

/* packscan's code view (a copy of the text, comments and literal insides
 * blanked) is the oracle's canvas, byte for byte. */
static int view_agrees(const char *text, size_t len, buf *why)
{
	rustlex_result lx;
	buf got = BUF_INIT, want = BUF_INIT;
	size_t i;
	int ok;

	memset(&lx, 0, sizeof(lx));
	ok = rustlex_lex(&lx, text, len) == 0 && packscan_code_view_rust(&got, &lx) == 0;
	if (ok) {
		reference_view(&want, &lx);
		ok = got.len == want.len && (len == 0 || memcmp(got.ptr, want.ptr, len) == 0);
		for (i = 0; !ok && i < got.len && i < want.len; i++)
			if (got.ptr[i] != want.ptr[i]) {
				buf_printf(why, "code view differs at byte %zu: %02x, want %02x", i, (unsigned char)got.ptr[i],
				           (unsigned char)want.ptr[i]);
				break;
			}
	}
	if (!ok && !why->len)
		buf_puts(why, "code view: lexing failed or lengths differ");
	rustlex_free(&lx);
	buf_free(&got);
	buf_free(&want);
	return ok;
}

/* Every sample and fixture of the source tree. */
static void check_dir(const char *dir, size_t *files, int *all_ok)
{
	DIR *d = opendir(dir);
	struct dirent *e;

	while (d && (e = readdir(d))) {
		buf path = BUF_INIT, text = BUF_INIT, why = BUF_INIT;
		size_t n = strlen(e->d_name);
		if (e->d_name[0] == '.')
			continue;
		buf_printf(&path, "%s/%s", dir, e->d_name);
		if (n > 3 && strcmp(e->d_name + n - 3, ".rs") == 0) {
			int errnum;
			if (fileio_read_into(path.ptr, &text, &errnum) == 0) {
				(*files)++;
				if (!keep_code_agrees(text.ptr ? text.ptr : "", text.len, &why) ||
				    !lines_agree(text.ptr ? text.ptr : "", text.len, &why) ||
				    !collect_agrees(text.ptr ? text.ptr : "", text.len, &why) ||
				    !view_agrees(text.ptr ? text.ptr : "", text.len, &why)) {
					printf("#   %s: %s\n", path.ptr, buf_cstr(&why));
					*all_ok = 0;
				}
			}
		} else if (e->d_type == DT_DIR)
			check_dir(path.ptr, files, all_ok);
		buf_free(&path);
		buf_free(&text);
		buf_free(&why);
	}
	if (d)
		closedir(d);
}

static void test_first_pass_files(void)
{
	const char *top = getenv("top_srcdir");
	static const char *const dirs[] = { "samples", "tests/unit/rust", "fuzz/corpus" };
	size_t i, files = 0;
	int ok = 1;

	for (i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		buf dir = BUF_INIT;
		buf_printf(&dir, "%s/%s", top ? top : ".", dirs[i]);
		check_dir(dir.ptr, &files, &ok);
		buf_free(&dir);
	}
	TAP_OK(files >= 20, "the source tree's Rust files were found");
	TAP_OK(ok, "keep_code, typelib_collect and the code view agree with the full lexer, and every line start is recorded, on every Rust file of the tree");
}

static int brackets_pair(const char *text, size_t len)
{
	rustlex_result lx;
	size_t i;
	int ok;

	memset(&lx, 0, sizeof(lx));
	ok = rustlex_lex(&lx, text, len) == 0;
	for (i = 0; ok && i < lx.count; i++)
		if ((lx.tokens[i].kind == TOK_OPEN || lx.tokens[i].kind == TOK_CLOSE) && !lx.tokens[i].pair_ok)
			ok = 0;
	rustlex_free(&lx);
	return ok;
}

/* Token soups with balanced brackets: literals, comments, keywords and
 * quotes in every order. */
static void test_first_pass_soup(void)
{
	static const char *const pieces[] = {
		"struct ", "type ", "A ", "b", "r", "c", "#", "\"", "'", "'a ", "'x' ", "b'y' ", "r#\"s\"# ", "br\"t\" ",
		"// line\n", "/* block */ ", "/* ", " */", "= ", "; ", ": ", "::", "< ", "> ", "\n", "\\", "fn ", "u8 ",
		"Self::type ", "r#type ", ", ",
	};
	unsigned seed = 12345;
	int round, ok = 1, paired = 0;

	for (round = 0; round < 3000 && ok; round++) {
		buf text = BUF_INIT, why = BUF_INIT;
		char stack[64];
		int depth = 0, k, n;
		seed = seed * 1103515245u + 12345u;
		n = 5 + (int)((seed >> 16) % 60);
		for (k = 0; k < n; k++) {
			unsigned r;
			seed = seed * 1103515245u + 12345u;
			r = (seed >> 16) % 40;
			if (r < 31)
				buf_puts(&text, pieces[r]);
			else if (r < 35 && depth < 64) {
				char open = "({[{"[r - 31];
				stack[depth++] = open;
				buf_putc(&text, open);
				buf_putc(&text, ' ');
			} else if (depth > 0) {
				char open = stack[--depth];
				buf_putc(&text, open == '(' ? ')' : open == '[' ? ']' : '}');
				buf_putc(&text, ' ');
			}
		}
		while (depth > 0) {
			char open = stack[--depth];
			buf_putc(&text, open == '(' ? ')' : open == '[' ? ']' : '}');
		}
		if (!keep_code_agrees(text.ptr, text.len, &why) || !lines_agree(text.ptr, text.len, &why)) {
			printf("#   soup %d: [%s]\n#   %s\n", round, text.ptr, buf_cstr(&why));
			ok = 0;
		}
		/* items agree where the code's brackets pair (documented in typelib.h):
		 * a literal or comment soup may hide one bracket of a pair */
		if (ok && brackets_pair(text.ptr, text.len)) {
			paired++;
			if (!collect_agrees(text.ptr, text.len, &why)) {
				printf("#   soup %d: [%s]\n#   %s\n", round, text.ptr, buf_cstr(&why));
				ok = 0;
			}
		}
		buf_free(&text);
		buf_free(&why);
	}
	TAP_OK(ok, "keep_code agrees with the full lexer and line starts are recorded on 3,000 token soups, typelib_collect where brackets pair");
	TAP_OK(paired >= 500, "at least 500 of the soups have brackets that pair");
	printf("# %d of 3000 soups with paired brackets\n", paired);
}

/* `rounds` soups of 1 to `most` pieces, drawn from `pieces` by `seed`,
 * each given to agree(): 1 when every one agrees, else 0 (the first that
 * did not is shown, and the rest not made). */
static int soups_agree(const char *const *pieces, size_t npieces, unsigned seed, int rounds, unsigned most,
                       int (*agree)(const char *text, size_t len, buf *why))
{
	int round, ok = 1;

	for (round = 0; round < rounds && ok; round++) {
		buf text = BUF_INIT, why = BUF_INIT;
		unsigned k, n;
		seed = seed * 1103515245u + 12345u;
		n = 1 + (seed >> 16) % most;
		for (k = 0; k < n; k++) {
			seed = seed * 1103515245u + 12345u;
			buf_puts(&text, pieces[(seed >> 16) % npieces]);
		}
		if (!agree(text.ptr, text.len, &why)) {
			printf("#   soup %d: [%s]\n#   %s\n", round, text.ptr, buf_cstr(&why));
			ok = 0;
		}
		buf_free(&text);
		buf_free(&why);
	}
	return ok;
}

/* Code views of soups with every blank the lexer knows, line breaks of
 * both kinds, comments nested, cut off and at the end, literals of every
 * form (cut off too), control and non-ASCII bytes. */
static void test_code_view_soup(void)
{
	static const char *const pieces[] = {
		"a ", "b", "r", "c", "#", "\"", "'", "'a ", "'x' ", "b'y' ", "r#\"s\t\"# ", "br\"t\r\n\" ", "\"\\\"\" ",
		"// line\t\r\n", "//", "/* block\n */", "/* ", " */", "/*/**/*/", "\t", "\r\n", "\v", "\f", "\x01", "\x7f",
		"\xc3\xa9", "\n", "\\", "'\\t'", "'\t'", "( ", ") ", "{ ", "} ", "\"\"\"x\"\"\" ", "c\"z\" ", "1.5 ", "::",
	};
	int ok = soups_agree(pieces, sizeof(pieces) / sizeof(pieces[0]), 777, 5000, 50, view_agrees);

	TAP_OK(ok, "the code view (a copy of the text, comments and literal insides blanked) equals the canvas of copied tokens on 5,000 soups");
	TAP_OK(view_agrees("", 0, &(buf){ 0 }), "the code view of an empty file");
}

/* Every token's line and column, recounted from the text: line 1 plus the
 * line breaks before it, column 1 plus the code points between its line's
 * start and it.  The lexer skips runs 16 bytes at a time (blanks,
 * identifiers, the insides of strings), so the soups have long strings
 * with escapes, line breaks and non-ASCII at every offset. */
static int positions_agree(const char *text, size_t len, buf *why)
{
	rustlex_result lx = { 0 };
	size_t i, at = 0;
	uint32_t line = 1, col = 1;
	int ok = rustlex_lex(&lx, text, len) == 0;

	for (i = 0; ok && i < lx.count; i++) {
		const rustlex_token *t = &lx.tokens[i];
		for (; at < t->off; at++) {
			if (text[at] == '\n') {
				line++;
				col = 1;
			} else if (((unsigned char)text[at] & 0xc0) != 0x80)
				col++;
		}
		if (t->line != line || t->col != col) {
			buf_printf(why, "token %zu at byte %u: %u:%u, recounted %u:%u", i, t->off, t->line, t->col, line, col);
			ok = 0;
		}
	}
	rustlex_free(&lx);
	return ok;
}

static void test_positions_soup(void)
{
	static const char *const pieces[] = {
		"abc", "x ", "\"", "\\\"", "\\n", "\\\\", "\n", "\xc3\xa9", "\xe2\x82\xac", "\xf0\x9f\x98\x80", "'", "'a ",
		"'\xc3\xa9' ", "b'y' ", "r#\"s\n\"# ", "// c\xc3\xa9\n", "/* \xe2\x82\xac\n */", "0123456789abcdef", "\t", ". ",
		"::", "{", "}", "(", ")", "c\"z\" ", "br\"t\" ",
	};
	int ok = soups_agree(pieces, sizeof(pieces) / sizeof(pieces[0]), 4242, 5000, 80, positions_agree);

	TAP_OK(ok, "every token's line and column agree with a recount from the text on 5,000 soups of long strings, escapes, line breaks and non-ASCII");
}

/* Methods find their impl, the innermost, in files of many impls (a sweep
 * over both lists, not a loop in a loop). */
static void test_impls(void)
{
	buf text = BUF_INIT;
	rustlex_result lx;
	rustscan_result rs;
	size_t i;
	int ok;

	memset(&lx, 0, sizeof(lx));
	for (i = 0; i < 20000; i++)
		buf_printf(&text, "impl T%zu { fn m%zu(&self) {} }\nfn free%zu() {}\n", i, i, i);
	buf_puts(&text, "impl Outer { fn a() { let x = 1; impl Inner { fn b() {} } } fn c() {} }\n");
	ok = rustlex_lex(&lx, text.ptr, text.len) == 0 && rustscan_scan(&rs, &lx) == 0;
	TAP_OK(ok && rs.fn_count == 40003 && rs.impl_count == 20002, "40,003 fns and 20,002 impls found");
	for (i = 0; ok && i < 40000; i++)
		ok = i % 2 ? rs.fns[i].impl == RS_NONE : rs.fns[i].impl == i / 2;
	TAP_OK(ok, "each method in its own impl, each free fn in none");
	TAP_OK(ok && rs.fns[40000].impl == 20000 && rs.fns[40001].impl == 20001 && rs.fns[40002].impl == 20000,
	       "nested impls: the innermost wins, and the outer one again after the inner closes");
	rustscan_free(&rs);
	rustlex_free(&lx);
	buf_free(&text);
}

/* What fns return, by name, from the first pass's table. */
static void test_fn_returns(void)
{
	static const char text[] =
		"pub trait Param<T> { fn param(&self) -> T; }\n"
		"impl Store { pub fn get(&self, k: &str) -> Option<&Value> { None }\n"
		"    pub fn take_all(&mut self) -> Vec<Value> { vec![] }\n"
		"    fn with_route<R: Into<Route>>(self, r: R) -> Self where R: Clone { self }\n"
		"    fn iter(&self) -> impl Iterator<Item = u8> + '_ { [].into_iter() }\n"
		"    fn both(&self) -> u8 { 0 }\n"
		"    fn nothing(&self) {}\n"
		"    fn callback(&self, f: fn(u32) -> u32) -> u32 { f(1) }\n"
		"}\n"
		"fn both() -> &'static u8 { &0 }\n"
		"/// fn documented() -> String { .. }\n"
		"const S: &str = \"fn quoted() -> String\";\n";
	typelib lib;
	rustlex_result lx;

	memset(&lib, 0, sizeof(lib));
	memset(&lx, 0, sizeof(lx));
	TAP_OK(typelib_collect(&lib, &lx, text, sizeof(text) - 1) == 0 && typelib_finish(&lib) == 0, "fn table built");
	TAP_OK(typelib_fn_owned(&lib, "param", 5), "a trait method returning T: owned");
	TAP_OK(typelib_fn_owned(&lib, "take_all", 8), "Vec<Value>: owned");
	TAP_OK(typelib_fn_owned(&lib, "with_route", 10), "Self, past generics and a where clause: owned");
	TAP_OK(typelib_fn_owned(&lib, "callback", 8), "a fn-pointer parameter's arrow is not the return type");
	TAP_OK(!typelib_fn_owned(&lib, "get", 3), "Option<&Value>: a borrow");
	TAP_OK(!typelib_fn_owned(&lib, "iter", 4), "impl Iterator + '_: a borrow (a lifetime)");
	TAP_OK(!typelib_fn_owned(&lib, "both", 4), "two fns of one name, one returning a reference: not owned");
	TAP_OK(!typelib_fn_owned(&lib, "nothing", 7), "no return type: unknown");
	TAP_OK(!typelib_fn_owned(&lib, "documented", 10), "a fn in a doc comment is not declared");
	TAP_OK(!typelib_fn_owned(&lib, "missing", 7), "no fn of that name: unknown, not owned");
	typelib_free(&lib);
	rustlex_free(&lx);
}

/* Names a `use` brings in from outside the workspace: the workspace's
 * crates are the audited files' packages; `crate`, `self`, `super` and a
 * `mod` of the file are the crate's own. */
static void test_imports(void)
{
	static const char a[] =
		"use semver::Version;\n"
		"pub use http_h1::{Method, Status as HttpStatus};\n"
		"pub(crate) use crate::types::Name;\n"
		"mod registry;\n"
		"use registry::Info;\n"
		"    use std::collections::{HashMap, hash_map::Entry};\n"
		"// use other::Commented;\n"
		"fn f() { let because_use = 1; }\n";
	static const char b[] = "use types::DType;\nmod x { use super::Name; }\n";
	typelib lib, part;
	rustlex_result lx;
	rustscan_result rs;
	size_t i;
	int info = 0, version = 0;

	memset(&lib, 0, sizeof(lib));
	memset(&part, 0, sizeof(part));
	memset(&lx, 0, sizeof(lx));
	TAP_OK(typelib_collect(&part, &lx, a, sizeof(a) - 1) == 0 && typelib_add_crate(&part, "http-h1") == 0 &&
	           typelib_merge(&lib, &part) == 0,
	       "imports collected, a crate named");
	typelib_free(&part);
	memset(&part, 0, sizeof(part));
	TAP_OK(typelib_collect(&part, &lx, b, sizeof(b) - 1) == 0 && typelib_add_crate(&part, "types") == 0 &&
	           typelib_merge(&lib, &part) == 0 && typelib_finish(&lib) == 0,
	       "a second file merged, the library built");
	TAP_OK(typelib_crate(&lib, "http_h1", 7) && typelib_crate(&lib, "types", 5), "the crates, `-` read as `_`");
	TAP_OK(typelib_crate(&lib, "crate", 5) && typelib_crate(&lib, "super", 5), "crate and super are the crate's own");
	TAP_OK(!typelib_crate(&lib, "semver", 6) && !typelib_crate(&lib, "http", 4), "no other name is a crate");
	TAP_OK(typelib_foreign(&lib, "Version", 7), "use semver::Version: from outside");
	TAP_OK(typelib_foreign(&lib, "HashMap", 7) && typelib_foreign(&lib, "Entry", 5),
	       "an indented use with a nested group: from outside (std)");
	TAP_OK(!typelib_foreign(&lib, "Method", 6) && !typelib_foreign(&lib, "HttpStatus", 10) &&
	           !typelib_foreign(&lib, "Status", 6),
	       "pub use of a workspace crate, renamed too: not from outside");
	TAP_OK(!typelib_foreign(&lib, "Name", 4) && !typelib_foreign(&lib, "DType", 5), "crate::, super:: and a workspace crate: not from outside");
	TAP_OK(!typelib_foreign(&lib, "Info", 4), "use of a `mod` of the file: not from outside");
	TAP_OK(!typelib_foreign(&lib, "Commented", 9), "a use in a comment brings nothing in");
	typelib_free(&lib);
	typelib_free(&part);

	/* the scanner's list for the file itself */
	TAP_OK(rustlex_lex(&lx, a, sizeof(a) - 1) == 0 && rustscan_scan(&rs, &lx) == 0, "the file scanned");
	for (i = 0; i < rs.import_count; i++) {
		const rustlex_token *t = &lx.tokens[rs.imports[i].name];
		info |= t->len == 4 && memcmp(a + t->off, "Info", 4) == 0;
		version |= t->len == 7 && memcmp(a + t->off, "Version", 7) == 0;
	}
	TAP_OK(version && !info, "the scan records use semver::Version, and drops use registry::Info (a mod of the file)");
	rustscan_free(&rs);
	rustlex_free(&lx);
}

/* Which types every declaration derives Copy. */
static void test_copy_types(void)
{
	static const char text[] =
		"#[derive(Clone, Copy, Debug)]\npub enum DType { F16, F32 }\n"
		"#[derive(Copy, Clone)]\n/// a doc line\n#[repr(C)]\npub(crate) struct Params { n: u32 }\n"
		"#[derive(Clone, Debug)]\nstruct Params(String);\n"  /* another crate's, not Copy */
		"#[derive(Copy, Clone)]\nenum Conditional<C, N> { Some(C), None(N) }\n"
		"#[derive(Clone)]\nstruct Plain { v: Vec<u8> }\n"
		"// #[derive(Copy, Clone)] struct Commented;\n"
		"impl Drop for Conn { fn drop(&mut self) {} }\n"
		"impl<T: Send> Drop for Guarded<T> { fn drop(&mut self) {} }\n"
		"// impl Drop for Commented {}\n";
	typelib lib;
	rustlex_result lx;

	memset(&lib, 0, sizeof(lib));
	memset(&lx, 0, sizeof(lx));
	TAP_OK(typelib_collect(&lib, &lx, text, sizeof(text) - 1) == 0 && typelib_finish(&lib) == 0, "Copy table built");
	TAP_OK(typelib_copy(&lib, "DType", 5), "#[derive(Clone, Copy)] enum: Copy");
	TAP_OK(!typelib_copy(&lib, "Params", 6), "a name one crate derives Copy and another not: not Copy");
	TAP_OK(!typelib_copy(&lib, "Conditional", 11), "a generic type deriving Copy: Copy only for some parameters, not taken");
	TAP_OK(!typelib_copy(&lib, "Plain", 5), "derive without Copy: not Copy");
	TAP_OK(!typelib_copy(&lib, "Commented", 9), "a derive in a comment is not a declaration");
	TAP_OK(!typelib_copy(&lib, "DType2", 6), "an unknown name: not Copy");
	TAP_OK(typelib_fn_owned(&lib, "DType", 5) == 0, "a Copy type's name is not a fn's");
	TAP_OK(!typelib_drop(&lib, "Plain", 5), "no Drop impl: no Drop");
	TAP_OK(typelib_drop(&lib, "Conn", 4), "impl Drop for Conn: Drop");
	TAP_OK(typelib_drop(&lib, "Guarded", 7), "impl<T> Drop for Guarded<T>: Drop");
	TAP_OK(!typelib_drop(&lib, "Commented", 9), "an impl in a comment is not one");
	typelib_free(&lib);
	rustlex_free(&lx);
}

/* The parameters that take a reference as readily as a value. */
static void test_reference_params(void)
{
	static const char text[] =
		"pub fn key_hash(key: impl AsRef<str>) -> u64 { 0 }\n"
		"pub fn show<T: std::fmt::Display>(label: &str, value: T) -> String { String::new() }\n"
		"fn both(a: impl Display + Debug, b: String, c: impl Into<String>) {}\n"
		"fn bounded<K>(k: K) where K: AsRef<str> {}\n"
		"fn hashed<K: Hash + Send>(k: K) {}\n"
		"impl Store { fn put(&mut self, key: impl AsRef<[u8]>, value: Vec<u8>) {} }\n"
		"fn mixed(key: impl AsRef<str>) {}\n"
		"fn mixed(key: String) {}\n"
		"// fn commented(key: impl AsRef<str>) {}\n";
	typelib lib;
	rustlex_result lx;

	memset(&lib, 0, sizeof(lib));
	memset(&lx, 0, sizeof(lx));
	TAP_OK(typelib_collect(&lib, &lx, text, sizeof(text) - 1) == 0 && typelib_finish(&lib) == 0, "parameter table built");
	TAP_OK(typelib_param_takes_ref(&lib, "key_hash", 8, 0), "impl AsRef<str>: a reference does");
	TAP_OK(!typelib_param_takes_ref(&lib, "key_hash", 8, 1), "a parameter that does not exist: no");
	TAP_OK(!typelib_param_takes_ref(&lib, "show", 4, 0) && typelib_param_takes_ref(&lib, "show", 4, 1),
	       "a generic bounded by std::fmt::Display: yes; a &str parameter: no");
	TAP_OK(typelib_param_takes_ref(&lib, "both", 4, 0) && !typelib_param_takes_ref(&lib, "both", 4, 1) &&
	       !typelib_param_takes_ref(&lib, "both", 4, 2),
	       "impl Display + Debug: yes; String: no; impl Into<String>: no");
	TAP_OK(!typelib_param_takes_ref(&lib, "bounded", 7, 0), "a bound in a where clause is not read: no");
	TAP_OK(!typelib_param_takes_ref(&lib, "hashed", 6, 0), "Hash + Send: Send of a reference needs Sync: no");
	TAP_OK(typelib_param_takes_ref(&lib, "put", 3, 0) && !typelib_param_takes_ref(&lib, "put", 3, 1),
	       "a method: positions after self");
	TAP_OK(!typelib_param_takes_ref(&lib, "mixed", 5, 0), "two fns by one name disagree: no");
	TAP_OK(!typelib_param_takes_ref(&lib, "commented", 9, 0), "a fn in a line comment is not one");
	typelib_free(&lib);
	rustlex_free(&lx);
}

int main(void)
{
	test_reference_params();
	test_copy_types();
	test_fn_returns();
	test_imports();
	test_snippet();
	test_edges();
	test_first_pass_cases();
	test_first_pass_files();
	test_first_pass_soup();
	test_code_view_soup();
	test_positions_soup();
	test_impls();
	return tap_done();
}
