/* test_pylex: the Python lexer -- strings, logical lines, indentation,
 * problems, depth -- and the blocks built on its tokens. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pylex.h"
#include "tap.h"

/* The description of the last text lexed; big enough for every snippet here. */
static char out[16384];
static size_t out_len;

static void put(const char *s, size_t n)
{
	if (out_len + n + 1 > sizeof(out))
		n = sizeof(out) - 1 - out_len;
	memcpy(out + out_len, s, n);
	out_len += n;
	out[out_len] = '\0';
}

/* A token as the tests write it: NEWLINE `$`, INDENT `>`, DEDENT `<`, the
 * others as their text, line breaks in them as `\n`. */
static void put_token(const pylex_result *r, size_t i)
{
	const pylex_token *t = &r->tokens[i];
	size_t k;

	if (t->kind == PYTOK_NEWLINE || t->kind == PYTOK_INDENT || t->kind == PYTOK_DEDENT) {
		put(t->kind == PYTOK_NEWLINE ? "$" : t->kind == PYTOK_INDENT ? ">" : "<", 1);
		return;
	}
	for (k = 0; k < t->len; k++) {
		if (r->text[t->off + k] == '\n')
			put("\\n", 2);
		else if (r->text[t->off + k] == '\r')
			put("\\r", 2);
		else
			put(r->text + t->off + k, 1);
	}
}

/* Lex and describe every token, space separated; the result stays in *r. */
static const char *lex_into(pylex_result *r, const char *text, size_t len)
{
	size_t i;

	out_len = 0;
	out[0] = '\0';
	if (pylex_lex(r, text, len) < 0)
		return "error";
	for (i = 0; i < r->count; i++) {
		if (i)
			put(" ", 1);
		put_token(r, i);
	}
	return out;
}

static pylex_result shared;

#define TOKS(lit) lex_into(&shared, (lit), sizeof(lit) - 1)

/* One letter a token kind: Ident String Number Punct Open Close, $ > < */
static const char *kinds(const char *text, size_t len)
{
	static const char letters[] = "ISNPOC$><";
	size_t i;

	out_len = 0;
	out[0] = '\0';
	if (pylex_lex(&shared, text, len) < 0)
		return "error";
	for (i = 0; i < shared.count; i++)
		put(&letters[shared.tokens[i].kind], 1);
	return out;
}

#define KINDS(lit) kinds((lit), sizeof(lit) - 1)

static const char *const block_names[] = { "def",  "async def", "class", "for",  "async for", "while",
	                                       "with", "async with", "if",   "elif", "else",      "try",
	                                       "except", "finally",   "match", "case" };

/* One line a block: "kind@line:col name=N parent=P body=[first..last]" */
static const char *blocks(const char *text, size_t len)
{
	char line[128];
	size_t b;

	if (pylex_lex(&shared, text, len) < 0)
		return "error";
	out_len = 0;
	out[0] = '\0';
	for (b = 0; b < shared.block_count; b++) {
		const pylex_block *k = &shared.blocks[b];
		const pylex_token *h = &shared.tokens[k->head];
		snprintf(line, sizeof(line), "%s@%u:%u name=", block_names[k->kind], h->line, h->col);
		put(line, strlen(line));
		if (k->name == PYLEX_NONE)
			put("-", 1);
		else
			put_token(&shared, k->name);
		if (k->parent == PYLEX_NONE)
			snprintf(line, sizeof(line), " parent=- body=[");
		else
			snprintf(line, sizeof(line), " parent=%u body=[", k->parent);
		put(line, strlen(line));
		put_token(&shared, k->body_start);
		put("..", 2);
		put_token(&shared, k->body_end - 1);
		put("]\n", 2);
	}
	return out;
}

#define BLOCKS(lit) blocks((lit), sizeof(lit) - 1)

/* Index of the nth (from 0) token whose text is s in the shared result. */
static size_t find(const char *s, int nth)
{
	size_t i;

	for (i = 0; i < shared.count; i++)
		if (pylex_is(&shared, &shared.tokens[i], s) && nth-- == 0)
			return i;
	return (size_t)-1;
}

static int problem_is(const char *what, uint32_t line)
{
	return shared.problem && strcmp(shared.problem, what) == 0 && shared.problem_line == line;
}

static void test_tokens(void)
{
	TAP_STREQ(KINDS("def f(a, b=2) -> int:\n    return a ** b  # c\n"), "IIOIPIPNCPIP$>IIPI$<",
	          "kinds of a mixed snippet");
	TAP_STREQ(TOKS("def f(a, b=2) -> int:\n    return a ** b  # c\n"),
	          "def f ( a , b = 2 ) -> int : $ > return a ** b $ <", "texts of a mixed snippet");
	TAP_OK(shared.problem == NULL, "a clean file has no problem");
	TAP_STREQ(TOKS("a **= b //= c >>= d <<= e -> f := g == h != i <= j >= k ** l // m << n >> o"),
	          "a **= b //= c >>= d <<= e -> f := g == h != i <= j >= k ** l // m << n >> o $",
	          "multi-character operators");
	TAP_STREQ(KINDS("a += b -= c *= d /= e %= f &= g |= h ^= i @= j ... k . l ~ m"), "IPIPIPIPIPIPIPIPIPIPIPIPI$",
	          "augmented assignments, ellipsis, dot, tilde: one PUNCT each");
	TAP_STREQ(TOKS("x...y<>z"), "x ... y < > z $", "`...` is one token, `<>` two");
	TAP_STREQ(TOKS("0x_FF 0o17 0b1010 1_000 3.14 .5 1. 1e-5 2E+10j 3j 1..real 10if x"),
	          "0x_FF 0o17 0b1010 1_000 3.14 .5 1. 1e-5 2E+10j 3j 1. . real 10 if x $", "numbers");
	TAP_STREQ(KINDS("0x_FF 0o17 0b1010 1_000 3.14 .5 1. 1e-5 2E+10j 3j 10if"), "NNNNNNNNNNNI$",
	          "numbers are NUMBER, `if` after one is IDENT");
	TAP_STREQ(TOKS("x = 1"), "x = 1 $", "a NEWLINE at the end of input without a line break");
	TAP_OK(shared.count == 4 && shared.tokens[3].len == 0 && shared.tokens[3].off == 5 &&
	           !pylex_is(&shared, &shared.tokens[3], "x"),
	       "the final NEWLINE is empty, at the end, and pylex_is does not read past it");
}

static void test_strings(void)
{
	TAP_STREQ(KINDS("x = r'a' b\"b\" u'c' f\"d\" rb'e' br\"f\" Rb'g' bR\"h\" fr'i' rf\"j\" FR'k' rF\"l\" "
	                "t'm' Tr\"n\" B'o' U\"p\" F'q' R\"r\""),
	          "IPSSSSSSSSSSSSSSSSSS$", "every prefix, both quotes: one STRING each");
	TAP_STREQ(TOKS("ur'x' bu'y' rr'z'"), "ur 'x' bu 'y' rr 'z' $", "ur, bu, rr are no prefixes");
	TAP_STREQ(TOKS("s = '''a\n# not a comment \" \"\" ' ''\nb''' + \"\"\"c ''' \"\" \"\"\"\nx = 1\n"),
	          "s = '''a\\n# not a comment \" \"\" ' ''\\nb''' + \"\"\"c ''' \"\" \"\"\" $ x = 1 $",
	          "triple-quoted strings span lines, with # and quotes inside");
	TAP_OK(shared.tokens[6].line == 4 && shared.tokens[6].col == 1, "the line after a 3-line string is line 4");
	TAP_STREQ(TOKS("a = \"x\\\"y\" 'it\\'s' \"\\\\\" b"), "a = \"x\\\"y\" 'it\\'s' \"\\\\\" b $",
	          "escaped quotes and backslashes");
	TAP_STREQ(TOKS("a = r\"\\\"\" r'\\\\' c"), "a = r\"\\\"\" r'\\\\' c $",
	          "raw strings: \\\" does not end one, \\\\ before the quote does");
	TAP_STREQ(TOKS("s = 'a\\\nb'\nx\n"), "s = 'a\\\\nb' $ x $",
	          "a backslash-newline continues a single-quoted string");
	TAP_STREQ(TOKS("# it's a \"def\" f():\nx = 1  # don't \"\n"), "x = 1 $", "comments with quotes and def");
	TAP_OK(shared.block_count == 0, "a def in a comment opens no block");
	TAP_STREQ(TOKS("f\"{d[\"k\"]}\" + f'{a:{w}.{p}}' + f\"{{x}} {y!r:>10}\" + x"),
	          "f\"{d[\"k\"]}\" + f'{a:{w}.{p}}' + f\"{{x}} {y!r:>10}\" + x $",
	          "f-strings: same quotes in a field (3.12), nested specs, doubled braces");
	TAP_STREQ(TOKS("f\"{f'{g(\"}\")}'}\" + rf\"\\{x}\\\\\" + f\"\\N{BULLET} {'\"'}\" + y"),
	          "f\"{f'{g(\"}\")}'}\" + rf\"\\{x}\\\\\" + f\"\\N{BULLET} {'\"'}\" + y $",
	          "nested f-strings, a brace in a nested string, \\N{...}, escapes in raw f-strings");
	TAP_STREQ(TOKS("s = f\"\"\"{\n  x  # a comment \"\"\"\n}\"\"\"\nf'{(a,\n b)}'\n"),
	          "s = f\"\"\"{\\n  x  # a comment \"\"\"\\n}\"\"\" $ f'{(a,\\n b)}' $",
	          "f-string fields span lines: triple-quoted, or inside brackets");
	TAP_OK(shared.problem == NULL, "... with no problem");
	TAP_STREQ(TOKS("f\"{1+2 = # a comment\n  }\" + x\n"), "f\"{1+2 = # a comment\\n  }\" + x $",
	          "a comment in a field: the field goes on on the next line (3.12)");
	TAP_STREQ(TOKS("x = f\"{a\ny = 2\n"), "x = f\"{a $ y = 2 $", "a broken f-string field costs its line only");
	TAP_OK(problem_is("unterminated string", 1), "... reported as unterminated on line 1");
}

static void test_lines(void)
{
	TAP_STREQ(TOKS("x = (1,\n     2)\ny = [\n  3,\n    {4:\n5}]\n"), "x = ( 1 , 2 ) $ y = [ 3 , { 4 : 5 } ] $",
	          "implicit line joining: no NEWLINE or INDENT inside brackets");
	TAP_STREQ(TOKS("x = 1 + \\\n    2\ny = 3\n"), "x = 1 + 2 $ y = 3 $", "backslash continuation");
	TAP_STREQ(TOKS("if a:\n    x = 1 + \\\n2\n    y\n"), "if a : $ > x = 1 + 2 $ y $ <",
	          "a continued line's indentation means nothing");
	TAP_STREQ(TOKS("if a:\n    if b:\n        c\n    d\ne\n"), "if a : $ > if b : $ > c $ < d $ < e $",
	          "INDENT and DEDENT for nested blocks");
	TAP_STREQ(TOKS("if a:\n  if b:\n    if c:\n      d\nx\n"), "if a : $ > if b : $ > if c : $ > d $ < < < x $",
	          "three DEDENTs at once");
	TAP_STREQ(TOKS("if a:\n  if b:\n    if c:\n      d"), "if a : $ > if b : $ > if c : $ > d $ < < <",
	          "end of input closes every block, after a final NEWLINE");
	TAP_STREQ(TOKS("if a:\n\tif b:\n\t\tc\n\td\n"), "if a : $ > if b : $ > c $ < d $ <", "tabs");
	TAP_OK(shared.problem == NULL, "tabs alone are consistent");
	TAP_STREQ(TOKS("if a:\n\tb\n        c\n"), "if a : $ > b $ c $ <", "a tab is 8 columns");
	TAP_OK(problem_is("inconsistent use of tabs and spaces in indentation", 3),
	       "a tab and 8 spaces at one level: TabError, as in CPython");
	TAP_STREQ(TOKS("if a:\r\n    b = 1\r\n\r\nc\r\n"), "if a : $ > b = 1 $ < c $", "CRLF: one break");
	TAP_OK(shared.count == 12 && shared.tokens[10].line == 4 && shared.tokens[3].off == 5 &&
	           shared.tokens[3].len == 2,
	       "CRLF: lines count, NEWLINE covers the CR");
	TAP_STREQ(TOKS("x = 1\ry = 2\n"), "x = 1 y = 2 $", "a lone CR is no line break");
	TAP_OK(shared.tokens[3].line == 1 && shared.tokens[3].col == 7, "... nor a new line number");
	TAP_STREQ(TOKS("if a:\n\n    # c\n  \n    b\n# d\n    c\n\n"), "if a : $ > b $ c $ <",
	          "blank and comment-only lines: no NEWLINE, no indentation");
	TAP_STREQ(TOKS("x = 1\ny = \"\"\"abc\n\nz = 3\n"), "x = 1 $ y = \"\"\"abc\\n\\nz = 3\\n $",
	          "an unterminated triple-quoted string runs to the end");
	TAP_OK(problem_is("unterminated triple-quoted string", 2), "... reported with its first line");
	TAP_STREQ(TOKS("x = 'abc\ny = 2\n"), "x = 'abc $ y = 2 $", "an unterminated string ends at its line end");
	TAP_OK(problem_is("unterminated string", 1), "... reported with its line");
	TAP_STREQ(TOKS("x = 'abc\r\ny\r\n"), "x = 'abc $ y $", "... a CRLF line end is not part of it");
	TAP_STREQ(TOKS("if a:\n        b\n    c\n    d\ne\n"), "if a : $ > b $ < c $ d $ e $",
	          "an inconsistent dedent goes to the outer level, and stays there");
	TAP_OK(problem_is("unindent does not match any outer indentation level", 3), "... reported with its line");
	TAP_STREQ(TOKS("x = foo(\ndef f():\n    return 1\n"), "x = foo ( $ def f ( ) : $ > return 1 $ <",
	          "an unclosed bracket ends before a def");
	TAP_OK(problem_is("unclosed bracket", 1), "... reported with the bracket's line");
	TAP_STREQ(TOKS("x = 1 \\ y"), "x = 1 \\ y $", "a stray backslash is a token");
	TAP_OK(problem_is("unexpected character after line continuation character", 1), "... and a problem");
	TAP_STREQ(TOKS(")\nif x:\n    y\n"), ") $ if x : $ > y $ <", "a stray closer does not join lines");
}

static void test_brackets(void)
{
	size_t a, b;

	TOKS("f(a[1], {2: (3)})");
	a = find("(", 0);
	b = find(")", 1);
	TAP_OK(shared.tokens[a].pair_ok && shared.tokens[a].pair == b && shared.tokens[b].pair == a,
	       "( pairs with its )");
	a = find("[", 0);
	TAP_OK(shared.tokens[a].pair_ok && pylex_is(&shared, &shared.tokens[shared.tokens[a].pair], "]"),
	       "[ pairs with ]");
	TOKS("(a]");
	TAP_OK(!shared.tokens[0].pair_ok && !shared.tokens[2].pair_ok, "a mismatched closer pairs with nothing");
}

static void test_edges(void)
{
	pylex_result r;

	memset(&r, 0, sizeof(r));
	TAP_OK(pylex_lex(&r, "", 0) == 0 && r.count == 0 && r.block_count == 0 && !r.problem, "empty input");
	TAP_OK(pylex_lex(&r, NULL, 0) == 0 && r.count == 0, "no text at all");
	TAP_OK(pylex_lex(&r, "# a\n# 'b'\n   # c", 17) == 0 && r.count == 0 && !r.problem, "only comments: no tokens");
	TAP_OK(pylex_lex(&r, "x = 1\n\n", 7) == 0 && r.count == 4, "a result is reused: the last lex is forgotten");
	pylex_free(&r);
	TAP_STREQ(TOKS("\xef\xbb\xbfx = 1\n"), "x = 1 $", "a BOM is skipped");
	TAP_OK(shared.tokens[0].off == 3 && shared.tokens[0].col == 1, "... and is no column");
	TAP_STREQ(TOKS("\xc3\xa9 = \"\xc3\xbc\"; y"), "\xc3\xa9 = \"\xc3\xbc\" ; y $", "non-ASCII identifiers");
	TAP_OK(shared.tokens[1].col == 3 && shared.tokens[2].col == 5 && shared.tokens[3].col == 8 &&
	           shared.tokens[4].col == 10,
	       "columns after multi-byte characters count code points");
	TOKS("x = \xff\xfe 'a\x80' \xc3\n\xf0\x80\x80\x80\x80\x80 = \x80\x00\x01 (\n");
	TAP_OK(shared.count > 5 && shared.tokens[shared.count - 1].kind == PYTOK_NEWLINE,
	       "invalid UTF-8 and NULs do not stop it");
}

static void test_depth(void)
{
	size_t n = 100000, i, depth = 10000, len = 0;
	char *text = malloc(2 * n + 16);

	memcpy(text, "x = ", 4);
	for (i = 0; i < n; i++)
		text[4 + i] = '(';
	text[4 + n] = '1';
	for (i = 0; i < n; i++)
		text[5 + n + i] = ')';
	text[5 + 2 * n] = '\n';
	pylex_lex(&shared, text, 6 + 2 * n);
	TAP_OK(shared.count == 2 * n + 4 && shared.tokens[2].pair == 2 * n + 2 && !shared.problem,
	       "100,000 nested brackets: paired, no recursion");
	for (i = 0; i < n; i++)
		text[5 + n + i] = ']';
	pylex_lex(&shared, text, 6 + 2 * n);
	TAP_OK(shared.count == 2 * n + 4 && !shared.tokens[2].pair_ok && !shared.tokens[2 * n + 2].pair_ok &&
	           problem_is("unclosed bracket", 1),
	       "100,000 closers that match nothing: linear, unpaired");
	free(text);

	/* Consistent indentation takes a byte per level per line (CPython's
	 * tab check sees to that), so nested blocks cost quadratic text: 100,000
	 * levels would be 5 GB, 10,000 are 50 MB. */
	text = malloc(depth * (depth + 1) / 2 + 8 * depth + 16);
	for (i = 0; i < depth; i++) {
		memset(text + len, ' ', i);
		memcpy(text + len + i, "if x:\n", 6);
		len += i + 6;
	}
	memset(text + len, ' ', depth);
	memcpy(text + len + depth, "f()\n", 4);
	len += depth + 4;
	pylex_lex(&shared, text, len);
	TAP_OK(shared.block_count == depth && shared.blocks[depth - 1].parent == depth - 2 && !shared.problem,
	       "10,000 nested if blocks, each inside the last");
	TAP_OK(pylex_block_of(&shared, shared.count - depth - 4) == depth - 1 &&
	           pylex_enclosing(&shared, shared.count - depth - 4, PYBLOCK_BIT(PYBLOCK_IF), 0) == depth - 1,
	       "... the call is in the innermost one");
	TAP_OK(shared.tokens[shared.count - 1].kind == PYTOK_DEDENT && shared.blocks[0].body_end == shared.count - 1,
	       "... and the last DEDENT closes the outermost");
	free(text);
}

static void test_blocks(void)
{
	size_t t;

	TAP_STREQ(BLOCKS("async def main(xs):\n    for x in xs:\n        await fetch(x)\n"),
	          "async def@1:1 name=main parent=- body=[for..<]\n"
	          "for@2:5 name=- parent=0 body=[await..$]\n",
	          "async def with a for");
	t = find("fetch", 0);
	TAP_OK(pylex_enclosing(&shared, t, PYBLOCK_BIT(PYBLOCK_ASYNC_DEF), 0) == 0, "the call is in the async def");
	TAP_OK(pylex_enclosing(&shared, t, PYBLOCK_FUNCTIONS, 1) == 0, "... which is its function");
	TAP_OK(pylex_in_loop_of_function(&shared, t) == 1, "... in the loop of its function");
	TAP_OK(pylex_block_of(&shared, find("xs", 1)) == 0, "the for's iterable is in the def, not the loop");
	TAP_OK(pylex_block_of(&shared, find("xs", 0)) == PYLEX_NONE, "the def's parameters are at module level");

	TAP_STREQ(BLOCKS("if lambda a: a[1:2] or {a: 1}: y = {b: c}[d:e]\n"), "if@1:1 name=- parent=- body=[y..]]\n",
	          "a lambda's colon, a slice and a dict on a header line");
	TAP_OK(pylex_is(&shared, &shared.tokens[shared.blocks[0].colon], ":") &&
	           shared.blocks[0].colon == find("y", 0) - 1,
	       "... the header's colon is the one before the body");
	TAP_STREQ(BLOCKS("x: int = 3\nd = {a: b}\ny = a[1:2]\nf = lambda x: x\nclass A: pass\n"),
	          "class@5:1 name=A parent=- body=[pass..pass]\n",
	          "annotations, dicts, slices, lambdas are not headers; a one-line class is");
	TAP_STREQ(BLOCKS("for x in y: f(x); g()\nz()\n"), "for@1:1 name=- parent=- body=[f..)]\n", "a one-line suite");
	TAP_OK(pylex_in_loop_of_function(&shared, find("f", 0)) == 0 &&
	           pylex_in_loop_of_function(&shared, find("z", 0)) == PYLEX_NONE &&
	           pylex_block_of(&shared, find("y", 0)) == PYLEX_NONE,
	       "... holds its body only, up to the NEWLINE");

	TAP_STREQ(BLOCKS("match = 3\nmatch(x)\nmatch[x]: int = 1\nmatch x:\n    case [1, 2]:\n        pass\n"
	                 "    case {\"k\": v} if v:\n        pass\ncase: int = 2\n"),
	          "match@4:1 name=- parent=- body=[case..<]\ncase@5:5 name=- parent=0 body=[pass..$]\n"
	          "case@7:5 name=- parent=0 body=[pass..$]\n",
	          "match and case as names and as statements");

	TAP_STREQ(BLOCKS("match x:\n    case 1: return a\n    case _: pass\ncase 2: pass\n"),
	          "match@1:1 name=- parent=- body=[case..$]\ncase@2:5 name=- parent=0 body=[return..a]\n"
	          "case@3:5 name=- parent=0 body=[pass..pass]\n",
	          "one-line case clauses in a match, not outside one");
	TAP_STREQ(BLOCKS("match x:\n    case 1:\n        for y in z: f()\n"),
	          "match@1:1 name=- parent=- body=[case..<]\ncase@2:5 name=- parent=0 body=[for..$]\n"
	          "for@3:9 name=- parent=1 body=[f..)]\n",
	          "a loop in a case in a match");
	TAP_STREQ(BLOCKS("@dec(a=1)\n@other\ndef f():\n    pass\n"), "def@3:1 name=f parent=- body=[pass..$]\n",
	          "decorators are not part of the def");
	TAP_OK(pylex_block_of(&shared, find("dec", 0)) == PYLEX_NONE, "... nor inside it");

	TAP_STREQ(BLOCKS("def outer():\n    for x in y:\n        def inner():\n            g()\n"
	                 "        h()\n    k()\n"),
	          "def@1:1 name=outer parent=- body=[for..$]\nfor@2:5 name=- parent=0 body=[def..$]\n"
	          "def@3:9 name=inner parent=1 body=[g..$]\n",
	          "a def in a for in a def");
	t = find("g", 0);
	TAP_OK(pylex_in_loop_of_function(&shared, t) == PYLEX_NONE,
	       "a call in the nested def is not in its function's loop");
	TAP_OK(pylex_enclosing(&shared, t, PYBLOCK_LOOPS, 0) == 1, "... though a loop is around it");
	TAP_OK(pylex_enclosing(&shared, t, PYBLOCK_FUNCTIONS, 1) == 2, "... its function is inner");
	TAP_OK(pylex_in_loop_of_function(&shared, find("h", 0)) == 1, "a call after the nested def is in the loop");
	TAP_OK(pylex_block_of(&shared, find("k", 0)) == 0 &&
	           pylex_in_loop_of_function(&shared, find("k", 0)) == PYLEX_NONE,
	       "a call after the loop is not");

	TAP_STREQ(BLOCKS("class C(B, metaclass=M):\n    while x:\n        try:\n            pass\n"
	                 "        except* E as e:\n"
	                 "            pass\n        else:\n            pass\n        finally:\n            pass\n"
	                 "    if a:\n        pass\n    elif b:\n        pass\n    else:\n        pass\n"
	                 "    async def m(self):\n        async with a as b, c:\n            async for i in b: pass\n"
	                 "        with d: pass\n"),
	          "class@1:1 name=C parent=- body=[while..<]\nwhile@2:5 name=- parent=0 body=[try..<]\n"
	          "try@3:9 name=- parent=1 body=[pass..$]\nexcept@5:9 name=- parent=1 body=[pass..$]\n"
	          "else@7:9 name=- parent=1 body=[pass..$]\nfinally@9:9 name=- parent=1 body=[pass..$]\n"
	          "if@11:5 name=- parent=0 body=[pass..$]\nelif@13:5 name=- parent=0 body=[pass..$]\n"
	          "else@15:5 name=- parent=0 body=[pass..$]\nasync def@17:5 name=m parent=0 body=[async..$]\n"
	          "async with@18:9 name=- parent=9 body=[async..$]\n"
	          "async for@19:13 name=- parent=10 body=[pass..pass]\n"
	          "with@20:9 name=- parent=9 body=[pass..pass]\n",
	          "every kind of block");
	TAP_OK(pylex_in_loop_of_function(&shared, find("pass", 0)) == 1,
	       "a statement in a try in a while is in the loop");
	TAP_OK(pylex_enclosing(&shared, find("pass", 7), PYBLOCK_BIT(PYBLOCK_CLASS), 1) == PYLEX_NONE &&
	           pylex_enclosing(&shared, find("pass", 7), PYBLOCK_BIT(PYBLOCK_CLASS), 0) == 0,
	       "the class around a method is beyond the function boundary");

	TAP_STREQ(BLOCKS("if x:\ny\nif z:\n    \nw\n"), "", "a header without an indented body opens no block");
	TAP_STREQ(BLOCKS("  x = 1\nif a:\n    b\n"), "if@2:1 name=- parent=- body=[b..$]\n",
	          "an unexpected indent opens nothing, and its dedent closes nothing");
	TAP_STREQ(BLOCKS("if a:\n        b\n    c\nd\n"), "if@1:1 name=- parent=- body=[b..$]\n",
	          "an inconsistent dedent closes the block");
	TAP_OK(pylex_block_of(&shared, find("c", 0)) == PYLEX_NONE, "... the line after it is outside");
	TAP_STREQ(BLOCKS("x = foo(\ndef f():\n    return 1\n"), "def@2:1 name=f parent=- body=[return..$]\n",
	          "a def after an unclosed bracket is found");
	TAP_STREQ(BLOCKS("s = \"\"\"\ndef f():\n    pass\n\"\"\"\n"), "", "a def in a docstring is no block");
	TAP_STREQ(BLOCKS("def f(x=g()) -> Dict[str, int]:\n    return {k: v for k, v in x}\n"),
	          "def@1:1 name=f parent=- body=[return..$]\n", "a return annotation with brackets");
	TAP_OK(pylex_block_of(&shared, find("g", 0)) == PYLEX_NONE, "default values run outside the def");
}

int main(void)
{
	test_tokens();
	test_strings();
	test_lines();
	test_brackets();
	test_edges();
	test_depth();
	test_blocks();
	pylex_free(&shared);
	return tap_done();
}
