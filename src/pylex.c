#include "config.h"

#include "pylex.h"

#include <stdlib.h>
#include <string.h>

/* Token offsets and indices are 32 bits; a text this long (no one writes
 * one by hand) is lexed up to here.  Half the range, so that token and
 * block counts, which can reach twice the byte count, fit too. */
#define MAX_TEXT ((size_t)INT32_MAX)

/* One level of the indentation stack: CPython's indstack and altindstack,
 * the column with tabs to multiples of 8 and with tabs as one column.  The
 * two must agree on every comparison, or the file depends on the tab size
 * (TabError). */
typedef struct {
	uint64_t col, altcol;
	uint8_t phantom; /* pushed to recover from a bad dedent: popped without a DEDENT */
} indent_level;

/* A frame of the f-string being scanned.  Since Python 3.12 (PEP 701) a
 * replacement field holds any expression -- strings in the same quotes,
 * further f-strings, comments, lines -- so finding where an f-string ends
 * takes a stack: the string's literal text, a field in it, the field's
 * format spec, which holds fields again, and so on.  The stack is on the
 * heap, not the C stack: `f"{f"{f"{...` nests as deep as the input. */
enum { FR_STRING, FR_FIELD, FR_SPEC };

typedef struct {
	uint8_t what;            /* FR_* */
	uint8_t quote, triple, raw; /* of the f-string the frame belongs to */
	uint32_t depth;          /* FR_FIELD: brackets open inside the field */
	uint32_t line;           /* where that f-string started, for the problem */
} fframe;

/* Where the lexer is: byte offset plus the line and column there, and the
 * state CPython's tokenizer keeps between tokens. */
typedef struct {
	const unsigned char *s;
	size_t n, i;
	uint32_t line, col;
	pylex_result *out;
	/* open brackets, innermost last (token indices): while there are any,
	 * lines join and indentation means nothing */
	uint32_t *open;
	size_t open_count, open_cap;
	size_t open_of[3]; /* how many of them are ( [ { */
	indent_level *ind; /* ind[0] is the module level, column 0 */
	size_t ind_count, ind_cap;
	fframe *fr;
	size_t fr_count, fr_cap;
	int atbol;           /* at the beginning of a physical line */
	int cont;            /* that line continues the last one after a backslash */
	int line_has_tokens; /* the logical line so far has tokens: it will need a NEWLINE */
	/* the last line break passed inside brackets, where recovery from an
	 * unclosed bracket puts the NEWLINE it owes */
	size_t nl_off;
	uint32_t nl_line, nl_col;
} lexer;

/* Non-ASCII bytes count as identifier characters: Python allows Unicode
 * identifiers, and outside strings there is little else they can be. */
static int is_ident_start(int c)
{
	return c == '_' || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || c >= 0x80;
}

static int is_ident_char(int c)
{
	return is_ident_start(c) || (c >= '0' && c <= '9');
}

static int is_digit(int c)
{
	return c >= '0' && c <= '9';
}

static int is_hex_digit(int c)
{
	return is_digit(c) || ((c | 0x20) >= 'a' && (c | 0x20) <= 'f');
}

/* Room for one more element in a growing array: the array, perhaps moved,
 * or NULL when memory ran out (the array is then left as it was). */
static void *reserve(void *v, size_t count, size_t *cap, size_t size)
{
	size_t ncap;
	void *p;

	if (count < *cap)
		return v;
	ncap = *cap ? *cap * 2 : 64;
	if (ncap > SIZE_MAX / size)
		return NULL;
	p = realloc(v, ncap * size);
	if (!p)
		return NULL;
	*cap = ncap;
	return p;
}

/* Advance one code point, keeping line and column. */
static void step(lexer *lx)
{
	unsigned char c = lx->s[lx->i];

	if (c == '\n') {
		lx->line++;
		lx->col = 1;
		lx->i++;
		return;
	}
	lx->i++;
	/* continuation bytes belong to the code point just started */
	while (lx->i < lx->n && (lx->s[lx->i] & 0xc0) == 0x80 && c >= 0xc0)
		lx->i++;
	lx->col++;
}

/* Advance over ASCII bytes known to be on this line: one byte, one column. */
static void advance(lexer *lx, size_t bytes)
{
	lx->i += bytes;
	lx->col += (uint32_t)bytes;
}

static int peek(const lexer *lx, size_t ahead)
{
	return lx->i + ahead < lx->n ? lx->s[lx->i + ahead] : -1;
}

/* At "\n" or "\r\n": a CR alone is no line break, as for line counting. */
static int at_line_end(const lexer *lx)
{
	return peek(lx, 0) == '\n' || (peek(lx, 0) == '\r' && peek(lx, 1) == '\n');
}

static void problem(lexer *lx, const char *what, uint32_t line)
{
	if (!lx->out->problem) {
		lx->out->problem = what;
		lx->out->problem_line = line;
	}
}

static int emit_at(lexer *lx, pylex_kind kind, size_t off, size_t len, uint32_t line, uint32_t col)
{
	pylex_result *r = lx->out;
	pylex_token *t, *v;

	if (!(v = reserve(r->tokens, r->count, &r->cap, sizeof(*v))))
		return -1;
	r->tokens = v;
	t = &r->tokens[r->count++];
	t->off = (uint32_t)off;
	t->len = (uint32_t)len;
	t->line = line;
	t->col = col;
	t->kind = (uint8_t)kind;
	t->pair_ok = 0;
	t->pair = 0;
	return 0;
}

/* A token from `start` to where the lexer is now. */
static int emit(lexer *lx, pylex_kind kind, size_t start, uint32_t line, uint32_t col)
{
	lx->line_has_tokens = 1;
	return emit_at(lx, kind, start, lx->i - start, line, col);
}

/* The NEWLINE for the '\n' at `off`, taking the CR of a CRLF with it (a CR
 * is one ASCII column). */
static int emit_newline(lexer *lx, size_t off, uint32_t line, uint32_t col)
{
	lx->line_has_tokens = 0;
	if (off > 0 && lx->s[off - 1] == '\r')
		return emit_at(lx, PYTOK_NEWLINE, off - 1, 2, line, col - 1);
	return emit_at(lx, PYTOK_NEWLINE, off, 1, line, col);
}

/* Length of a string prefix at lx->i + at that a quote follows, or 0:
 * r b u f t, or two of them where one is r and the other b, f or t, in any
 * case (`ur` is Python 2 only).  *fstring tells f and t (template strings,
 * 3.14, share the f-string syntax), *raw tells r. */
static size_t string_prefix(const lexer *lx, size_t at, int *fstring, int *raw)
{
	int a = peek(lx, at) | 0x20, b = peek(lx, at + 1), q;

	if (b == '\'' || b == '"') {
		if (a != 'r' && a != 'b' && a != 'u' && a != 'f' && a != 't')
			return 0;
		*fstring = a == 'f' || a == 't';
		*raw = a == 'r';
		return 1;
	}
	b |= 0x20;
	q = peek(lx, at + 2);
	if (q != '\'' && q != '"')
		return 0;
	if (a == 'r' ? b != 'b' && b != 'f' && b != 't' : (a != 'b' && a != 'f' && a != 't') || b != 'r')
		return 0;
	*fstring = a == 'f' || a == 't' || b == 'f' || b == 't';
	*raw = 1;
	return 2;
}

/* After the opening quote(s) of a string that is not an f-string: up to and
 * including the closing ones.  A backslash takes the next character with it
 * in raw strings too (r"\"" is one string: the tokenizer never knows about
 * raw), a line break included.  A single-quoted string ends, unterminated,
 * at the end of its line. */
static void skip_plain(lexer *lx, int quote, int triple, uint32_t line)
{
	while (lx->i < lx->n) {
		int c = lx->s[lx->i];
		if (c == '\\') {
			step(lx);
			if (peek(lx, 0) == '\r' && peek(lx, 1) == '\n')
				step(lx);
			if (lx->i < lx->n)
				step(lx);
			continue;
		}
		if (c == quote) {
			if (!triple) {
				step(lx);
				return;
			}
			if (peek(lx, 1) == quote && peek(lx, 2) == quote) {
				advance(lx, 3);
				return;
			}
		} else if (!triple && at_line_end(lx))
			break;
		step(lx);
	}
	problem(lx, triple ? "unterminated triple-quoted string" : "unterminated string", line);
}

/* Push a frame of `what` for the same f-string as `like` (which may point
 * into the stack: it is copied before the stack moves). */
static int push_frame(lexer *lx, int what, const fframe *like)
{
	fframe f = *like, *v;

	if (!(v = reserve(lx->fr, lx->fr_count, &lx->fr_cap, sizeof(*v))))
		return -1;
	lx->fr = v;
	f.what = (uint8_t)what;
	f.depth = 0;
	v[lx->fr_count++] = f;
	return 0;
}

/* Pop the innermost f-string with its fields and specs: it ended. */
static void pop_string(lexer *lx)
{
	while (lx->fr_count > 0 && lx->fr[--lx->fr_count].what != FR_STRING)
		;
}

/* At a quote, or at a string prefix that a quote follows: step over the
 * prefix and the opening quote(s).  Returns the quote; *triple says how
 * many. */
static int open_string(lexer *lx, size_t prefix, int *triple)
{
	int quote;

	advance(lx, prefix);
	quote = lx->s[lx->i];
	*triple = peek(lx, 1) == quote && peek(lx, 2) == quote;
	advance(lx, *triple ? 3 : 1);
	return quote;
}

/* One step inside a replacement field: Python code, where brackets nest,
 * strings are strings (nested f-strings push a frame), `}` at depth 0 ends
 * the field and `:` at depth 0 starts the format spec. */
static int field_step(lexer *lx)
{
	fframe *f = &lx->fr[lx->fr_count - 1];
	int c = lx->s[lx->i], fstring = 0, raw = 0, triple;
	size_t prefix = 0;
	uint32_t line = lx->line;

	if (at_line_end(lx)) {
		/* Python 3.12 lets a field of a single-quoted f-string go on to
		 * the next line; it is read so only inside brackets (as in the
		 * multi-line calls that feature is for) or after a comment, so
		 * that a broken `f"{x` costs its line, not the rest of the file */
		if (!f->triple && f->depth == 0) {
			problem(lx, "unterminated string", f->line);
			pop_string(lx);
		} else
			step(lx);
		return 0;
	}
	if (c == '#') {
		while (lx->i < lx->n && !at_line_end(lx))
			step(lx);
		/* the line end too: a comment in a field says the field goes on */
		if (peek(lx, 0) == '\r')
			step(lx);
		if (lx->i < lx->n)
			step(lx);
		return 0;
	}
	if (c == '\'' || c == '"' || (is_ident_start(c) && (prefix = string_prefix(lx, 0, &fstring, &raw)) > 0)) {
		int quote = open_string(lx, prefix, &triple);
		fframe s;
		if (!fstring) {
			skip_plain(lx, quote, triple, line);
			return 0;
		}
		memset(&s, 0, sizeof(s));
		s.quote = (uint8_t)quote;
		s.triple = (uint8_t)triple;
		s.raw = (uint8_t)raw;
		s.line = line;
		return push_frame(lx, FR_STRING, &s);
	}
	if (is_ident_char(c)) { /* a name or a number, whole: `else'x'` is no prefix */
		while (lx->i < lx->n && is_ident_char(lx->s[lx->i]))
			step(lx);
		return 0;
	}
	step(lx);
	if (c == '(' || c == '[' || c == '{')
		f->depth++;
	else if ((c == ')' || c == ']') && f->depth > 0)
		f->depth--;
	else if (c == '}') {
		if (f->depth > 0)
			f->depth--;
		else
			lx->fr_count--; /* back to the text or spec that holds the field */
	} else if (c == ':' && f->depth == 0)
		f->what = FR_SPEC; /* `!r:>10`: the rest is spec until `}` */
	else if (c == '\\' && lx->i < lx->n) {
		if (peek(lx, 0) == '\r' && peek(lx, 1) == '\n')
			step(lx);
		step(lx);
	}
	return 0;
}

/* After the opening quote(s) of an f-string: up to and including the
 * closing ones, following replacement fields as CPython 3.12 does.  In the
 * literal text and in format specs, the f-string's own quote ends it, `{{`
 * and `}}` are braces, `{` opens a field and, in a spec, `}` closes it; a
 * backslash escapes the next character, except a brace (`\{x}` is a
 * backslash and a field) and, outside raw strings, `\N{NAME}` is one
 * escape.  Returns -1 only when memory ran out. */
static int skip_fstring(lexer *lx, int quote, int triple, int raw, uint32_t line)
{
	fframe first;

	memset(&first, 0, sizeof(first));
	first.quote = (uint8_t)quote;
	first.triple = (uint8_t)triple;
	first.raw = (uint8_t)raw;
	first.line = line;
	lx->fr_count = 0;
	if (push_frame(lx, FR_STRING, &first) < 0)
		return -1;
	while (lx->fr_count > 0) {
		fframe *f = &lx->fr[lx->fr_count - 1];
		int c;

		if (lx->i >= lx->n) {
			problem(lx, f->triple ? "unterminated triple-quoted string" : "unterminated string", f->line);
			lx->fr_count = 0;
			break;
		}
		if (f->what == FR_FIELD) {
			if (field_step(lx) < 0)
				return -1;
			continue;
		}
		c = lx->s[lx->i];
		if (c == f->quote && (!f->triple || (peek(lx, 1) == c && peek(lx, 2) == c))) {
			advance(lx, f->triple ? 3 : 1);
			pop_string(lx); /* from a spec, too: `f"{x:"` ends there, broken */
		} else if (!f->triple && at_line_end(lx)) {
			problem(lx, "unterminated string", f->line);
			pop_string(lx);
		} else if (c == '\\') {
			step(lx);
			if (peek(lx, 0) == '{' || peek(lx, 0) == '}')
				continue;
			if (!f->raw && peek(lx, 0) == 'N' && peek(lx, 1) == '{') {
				advance(lx, 2);
				while (lx->i < lx->n && lx->s[lx->i] != '}' && lx->s[lx->i] != f->quote &&
				       !at_line_end(lx))
					step(lx);
				if (peek(lx, 0) == '}')
					advance(lx, 1);
				continue;
			}
			if (peek(lx, 0) == '\r' && peek(lx, 1) == '\n')
				step(lx);
			if (lx->i < lx->n)
				step(lx);
		} else if (c == '{') {
			if (f->what == FR_STRING && peek(lx, 1) == '{') {
				advance(lx, 2);
				continue;
			}
			advance(lx, 1);
			if (push_frame(lx, FR_FIELD, f) < 0)
				return -1;
		} else if (c == '}') {
			advance(lx, 1);
			if (f->what == FR_SPEC)
				lx->fr_count--; /* the field ends with its spec */
			else if (peek(lx, 0) == '}')
				advance(lx, 1); /* `}}`; a lone `}` is an error Python reports, not ours */
		} else
			step(lx);
	}
	return 0;
}

/* A number, as Python's tokenizer reads one; ASCII throughout.  What
 * follows a number that cannot continue it (`1if x else 2`) is the next
 * token. */
static void skip_number(lexer *lx)
{
	int x = peek(lx, 1) | 0x20;

	if (peek(lx, 0) == '0' && (x == 'x' || x == 'o' || x == 'b')) {
		advance(lx, 2);
		while (lx->i < lx->n &&
		       (lx->s[lx->i] == '_' || (x == 'x' ? is_hex_digit(lx->s[lx->i]) : is_digit(lx->s[lx->i]))))
			advance(lx, 1);
		return;
	}
	while (lx->i < lx->n && (is_digit(lx->s[lx->i]) || lx->s[lx->i] == '_'))
		advance(lx, 1);
	if (peek(lx, 0) == '.') { /* `1.` is a float too; `1..real` is `1.` then `.real` */
		advance(lx, 1);
		while (lx->i < lx->n && (is_digit(lx->s[lx->i]) || lx->s[lx->i] == '_'))
			advance(lx, 1);
	}
	if ((peek(lx, 0) | 0x20) == 'e' &&
	    (is_digit(peek(lx, 1)) || ((peek(lx, 1) == '+' || peek(lx, 1) == '-') && is_digit(peek(lx, 2))))) {
		advance(lx, 2);
		while (lx->i < lx->n && (is_digit(lx->s[lx->i]) || lx->s[lx->i] == '_'))
			advance(lx, 1);
	}
	if ((peek(lx, 0) | 0x20) == 'j')
		advance(lx, 1);
}

/* Is `word` at s[k], then blanks?  The offset after them, or 0. */
static size_t keyword_at(const lexer *lx, size_t k, const char *word)
{
	size_t w = strlen(word);

	if (lx->n - k <= w || memcmp(lx->s + k, word, w) != 0 || (lx->s[k + w] != ' ' && lx->s[k + w] != '\t'))
		return 0;
	for (k += w; k < lx->n && (lx->s[k] == ' ' || lx->s[k] == '\t'); k++)
		;
	return k;
}

/* Does the line at lx->i (inside brackets) start with `def NAME`, `async
 * def NAME` or `class NAME`?  Those are statements, never part of an
 * expression, so brackets still open there were never closed. */
static int statement_keyword_here(const lexer *lx)
{
	size_t k = lx->i, after, is_async;

	while (k < lx->n && (lx->s[k] == ' ' || lx->s[k] == '\t' || lx->s[k] == '\f'))
		k++;
	if ((is_async = keyword_at(lx, k, "async")) != 0)
		k = is_async;
	after = keyword_at(lx, k, "def");
	if (!after && !is_async)
		after = keyword_at(lx, k, "class");
	return after != 0 && after < lx->n && is_ident_start(lx->s[after]);
}

static int push_indent(lexer *lx, uint64_t col, uint64_t altcol, int phantom)
{
	indent_level *v;

	if (!(v = reserve(lx->ind, lx->ind_count, &lx->ind_cap, sizeof(*v))))
		return -1;
	lx->ind = v;
	v[lx->ind_count].col = col;
	v[lx->ind_count].altcol = altcol;
	v[lx->ind_count].phantom = (uint8_t)phantom;
	lx->ind_count++;
	return 0;
}

/* At the start of a line outside brackets: measure its indentation as
 * CPython does (a tab to the next multiple of 8, a form feed back to 0) and
 * emit INDENT or DEDENTs.  Blank and comment-only lines do not count. */
static int indentation(lexer *lx)
{
	size_t start = lx->i;
	uint64_t col = 0, altcol = 0;
	const indent_level *top;
	const char *tab_error = "inconsistent use of tabs and spaces in indentation";

	while (lx->i < lx->n) {
		unsigned char c = lx->s[lx->i];
		if (c == ' ') {
			col++;
			altcol++;
		} else if (c == '\t') {
			col = (col / 8 + 1) * 8;
			altcol++;
		} else if (c == '\f')
			col = altcol = 0;
		else
			break;
		advance(lx, 1);
	}
	if (lx->i == lx->n || lx->s[lx->i] == '#' || at_line_end(lx))
		return 0;
	top = &lx->ind[lx->ind_count - 1];
	if (col == top->col) {
		if (altcol != top->altcol)
			problem(lx, tab_error, lx->line);
		return 0;
	}
	if (col > top->col) {
		if (altcol <= top->altcol)
			problem(lx, tab_error, lx->line);
		if (push_indent(lx, col, altcol, 0) < 0)
			return -1;
		return emit_at(lx, PYTOK_INDENT, start, lx->i - start, lx->line, 1);
	}
	while (lx->ind_count > 1 && col < lx->ind[lx->ind_count - 1].col) {
		lx->ind_count--;
		if (!lx->ind[lx->ind_count].phantom && emit_at(lx, PYTOK_DEDENT, lx->i, 0, lx->line, lx->col) < 0)
			return -1;
	}
	top = &lx->ind[lx->ind_count - 1];
	if (col != top->col) {
		/* CPython stops here.  We go on as if the line were at the outer
		 * level just reached, and remember its column as a level of its
		 * own, without an INDENT: its siblings at the same column stay
		 * there, and leaving it costs no DEDENT. */
		problem(lx, "unindent does not match any outer indentation level", lx->line);
		return push_indent(lx, col, altcol, 1);
	}
	if (altcol != top->altcol)
		problem(lx, tab_error, lx->line);
	return 0;
}

/* 0, 1, 2 for ( [ { and for ) ] } */
static int bracket_index(int c)
{
	return c == '(' || c == ')' ? 0 : c == '[' || c == ']' ? 1 : 2;
}

/* A closer pairs with the innermost opener of its kind; openers left
 * inside stay unpaired, and a closer with no opener is unpaired itself: a
 * stray bracket in broken code costs the pairs around it, never the file.
 * The counts per kind keep it linear: a closer that cannot pair does not
 * search the stack, and one that can removes what it searched. */
static void close_bracket(lexer *lx, unsigned char close)
{
	pylex_result *r = lx->out;
	uint32_t i = (uint32_t)(r->count - 1), o;
	int kind = bracket_index(close);

	if (lx->open_of[kind] == 0)
		return;
	for (;;) {
		o = lx->open[--lx->open_count];
		lx->open_of[bracket_index(r->text[r->tokens[o].off])]--;
		if (bracket_index(r->text[r->tokens[o].off]) == kind)
			break;
	}
	r->tokens[i].pair = o;
	r->tokens[i].pair_ok = 1;
	r->tokens[o].pair = i;
	r->tokens[o].pair_ok = 1;
}

static const char *const three_char_ops[] = { "**=", "//=", ">>=", "<<=", "...", NULL };
static const char *const two_char_ops[] = { "->", ":=", "==", "!=", "<=", ">=", "**", "//", "<<", ">>",
	                                        "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "@=", NULL };

/* The beginning of a physical line: indentation, unless brackets or a
 * backslash join it to the last one. */
static int line_start(lexer *lx)
{
	lx->atbol = 0;
	if (lx->open_count > 0 && !lx->cont && statement_keyword_here(lx)) {
		/* CPython reports the bracket and stops; we close the logical
		 * line where the statement begins and go on */
		problem(lx, "unclosed bracket", lx->out->tokens[lx->open[0]].line);
		lx->open_count = 0;
		memset(lx->open_of, 0, sizeof(lx->open_of));
		if (lx->line_has_tokens && emit_newline(lx, lx->nl_off, lx->nl_line, lx->nl_col) < 0)
			return -1;
	}
	if (lx->open_count == 0 && !lx->cont && indentation(lx) < 0)
		return -1;
	lx->cont = 0;
	return 0;
}

static int lex(lexer *lx)
{
	if (lx->n >= 3 && memcmp(lx->s, "\xef\xbb\xbf", 3) == 0)
		lx->i = 3; /* the BOM is no column either */
	if (push_indent(lx, 0, 0, 0) < 0)
		return -1;
	lx->atbol = 1;
	for (;;) {
		int c, fstring = 0, raw = 0;
		size_t start, prefix = 0;
		uint32_t line, col;
		pylex_kind kind;

		if (lx->atbol && line_start(lx) < 0)
			return -1;
		if (lx->i >= lx->n)
			break;
		c = lx->s[lx->i];
		start = lx->i;
		line = lx->line;
		col = lx->col;
		if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
			advance(lx, 1);
			continue;
		}
		if (c == '\n') {
			if (lx->open_count == 0) {
				if (lx->line_has_tokens && emit_newline(lx, lx->i, lx->line, lx->col) < 0)
					return -1;
			} else {
				lx->nl_off = lx->i;
				lx->nl_line = lx->line;
				lx->nl_col = lx->col;
			}
			step(lx);
			lx->atbol = 1;
			continue;
		}
		if (c == '#') {
			while (lx->i < lx->n && lx->s[lx->i] != '\n')
				step(lx);
			continue;
		}
		if (c == '\\') {
			size_t k = peek(lx, 1) == '\r' ? 2 : 1;
			if (peek(lx, k) == '\n') { /* the line goes on on the next */
				advance(lx, k);
				step(lx);
				lx->atbol = 1;
				lx->cont = 1;
				continue;
			}
			problem(lx, "unexpected character after line continuation character", line);
			advance(lx, 1);
			kind = PYTOK_PUNCT;
		} else if (c == '\'' || c == '"' ||
		           (is_ident_start(c) && (prefix = string_prefix(lx, 0, &fstring, &raw)) > 0)) {
			int triple, quote = open_string(lx, prefix, &triple);
			if (fstring) {
				if (skip_fstring(lx, quote, triple, raw, line) < 0)
					return -1;
			} else
				skip_plain(lx, quote, triple, line);
			kind = PYTOK_STRING;
		} else if (is_ident_start(c)) {
			/* ASCII identifier characters take one column each */
			while (lx->i < lx->n && lx->s[lx->i] < 0x80 && is_ident_char(lx->s[lx->i]))
				advance(lx, 1);
			while (lx->i < lx->n && is_ident_char(lx->s[lx->i]))
				step(lx);
			kind = PYTOK_IDENT;
		} else if (is_digit(c) || (c == '.' && is_digit(peek(lx, 1)))) {
			skip_number(lx);
			kind = PYTOK_NUMBER;
		} else if (c == '(' || c == '[' || c == '{') {
			uint32_t *v;
			if (!(v = reserve(lx->open, lx->open_count, &lx->open_cap, sizeof(*v))))
				return -1;
			lx->open = v;
			lx->open[lx->open_count++] = (uint32_t)lx->out->count;
			lx->open_of[bracket_index(c)]++;
			advance(lx, 1);
			kind = PYTOK_OPEN;
		} else if (c == ')' || c == ']' || c == '}') {
			advance(lx, 1);
			if (emit(lx, PYTOK_CLOSE, start, line, col) < 0)
				return -1;
			close_bracket(lx, (unsigned char)c);
			continue;
		} else {
			const char *const *op;
			for (op = three_char_ops; *op; op++)
				if (peek(lx, 0) == (*op)[0] && peek(lx, 1) == (*op)[1] && peek(lx, 2) == (*op)[2])
					break;
			if (*op)
				advance(lx, 3);
			else {
				for (op = two_char_ops; *op; op++)
					if (peek(lx, 0) == (*op)[0] && peek(lx, 1) == (*op)[1])
						break;
				if (*op)
					advance(lx, 2);
				else
					step(lx); /* one character, whatever it is */
			}
			kind = PYTOK_PUNCT;
		}
		if (emit(lx, kind, start, line, col) < 0)
			return -1;
	}
	if (lx->open_count > 0)
		problem(lx, "unclosed bracket", lx->out->tokens[lx->open[0]].line);
	if (lx->line_has_tokens && emit_at(lx, PYTOK_NEWLINE, lx->n, 0, lx->line, lx->col) < 0)
		return -1;
	for (; lx->ind_count > 1; lx->ind_count--)
		if (!lx->ind[lx->ind_count - 1].phantom && emit_at(lx, PYTOK_DEDENT, lx->n, 0, lx->line, lx->col) < 0)
			return -1;
	return 0;
}

/* ---- blocks ---- */

static int kind_is(const pylex_result *r, size_t t, pylex_kind kind, const char *s)
{
	return t < r->count && r->tokens[t].kind == kind && pylex_is(r, &r->tokens[t], s);
}

/* The kind of block a logical line starting with token h opens if it is a
 * compound statement's header, or -1. */
static int header_kind(const pylex_result *r, size_t h)
{
	static const struct {
		const char *word;
		pylex_block_kind kind;
	} words[] = {
		{ "def", PYBLOCK_DEF },     { "class", PYBLOCK_CLASS }, { "for", PYBLOCK_FOR },
		{ "while", PYBLOCK_WHILE }, { "with", PYBLOCK_WITH },   { "if", PYBLOCK_IF },
		{ "elif", PYBLOCK_ELIF },   { "else", PYBLOCK_ELSE },   { "try", PYBLOCK_TRY },
		{ "except", PYBLOCK_EXCEPT }, { "finally", PYBLOCK_FINALLY }, { "match", PYBLOCK_MATCH },
		{ "case", PYBLOCK_CASE },
	};
	size_t k;

	if (r->tokens[h].kind != PYTOK_IDENT)
		return -1;
	if (pylex_is(r, &r->tokens[h], "async"))
		return kind_is(r, h + 1, PYTOK_IDENT, "def")    ? PYBLOCK_ASYNC_DEF
		       : kind_is(r, h + 1, PYTOK_IDENT, "for")  ? PYBLOCK_ASYNC_FOR
		       : kind_is(r, h + 1, PYTOK_IDENT, "with") ? PYBLOCK_ASYNC_WITH
		                                                 : -1;
	for (k = 0; k < sizeof(words) / sizeof(words[0]); k++)
		if (pylex_is(r, &r->tokens[h], words[k].word))
			return (int)words[k].kind;
	return -1;
}

/* The `:` that ends the header starting at token h: the first one at
 * bracket depth 0 on the logical line that no lambda takes (each `lambda`
 * at depth 0 takes the next one: `if lambda: x:`); a dict's, a slice's or a
 * lambda's inside brackets are at depth > 0.  PYLEX_NONE if there is none.
 * An unpaired opener keeps the rest of the line at depth > 0. */
static size_t header_colon(const pylex_result *r, size_t h)
{
	size_t depth = 0, lambdas = 0, k;

	for (k = h; k < r->count && r->tokens[k].kind != PYTOK_NEWLINE; k++) {
		const pylex_token *t = &r->tokens[k];
		if (t->kind == PYTOK_OPEN)
			depth++;
		else if (t->kind == PYTOK_CLOSE) {
			if (depth > 0)
				depth--;
		} else if (depth == 0 && t->kind == PYTOK_IDENT && pylex_is(r, t, "lambda"))
			lambdas++;
		else if (depth == 0 && t->kind == PYTOK_PUNCT && pylex_is(r, t, ":")) {
			if (lambdas == 0)
				return k;
			lambdas--;
		}
	}
	return PYLEX_NONE;
}

/* Does the logical line starting at token t open a block, with `parent`
 * around it?  A header keyword opens one if the line has its `:` and a
 * body: an indented one when the colon ends the line and an INDENT follows,
 * a one-line one when code follows the colon.  A colon ending the line with
 * no INDENT after it opens nothing (an IndentationError); the soft keywords
 * `match` and `case` open a block only in the indented form and with
 * something between keyword and colon, which no assignment or call such as
 * `match = 3`, `match(x)` or `case: int = 1` has -- except that in a match
 * block, where only case clauses may stand, `case 1: return x` is one too.
 * Appends the block, its
 * body still open, and returns 1; 0 if the line opens none, -1 when memory
 * ran out. */
static int open_block(pylex_result *r, size_t t, uint32_t parent)
{
	int kind = header_kind(r, t), indented;
	size_t colon, name = t + (kind == PYBLOCK_ASYNC_DEF ? 2 : 1);
	pylex_block *b;

	if (kind < 0 || (colon = header_colon(r, t)) == PYLEX_NONE || colon + 1 >= r->count)
		return 0;
	indented = r->tokens[colon + 1].kind == PYTOK_NEWLINE;
	if (indented && !(colon + 2 < r->count && r->tokens[colon + 2].kind == PYTOK_INDENT))
		return 0;
	if ((kind == PYBLOCK_MATCH || kind == PYBLOCK_CASE) && (!indented || colon == t + 1) &&
	    !(kind == PYBLOCK_CASE && parent != PYLEX_NONE && r->blocks[parent].kind == PYBLOCK_MATCH))
		return 0;
	if (!(b = reserve(r->blocks, r->block_count, &r->block_cap, sizeof(*b))))
		return -1;
	r->blocks = b;
	b = &r->blocks[r->block_count++];
	b->kind = (uint8_t)kind;
	b->head = (uint32_t)t;
	b->colon = (uint32_t)colon;
	b->body_start = (uint32_t)(colon + (indented ? 3 : 1));
	b->body_end = (uint32_t)r->count; /* until it is closed */
	b->parent = parent;
	b->name = PYLEX_NONE;
	if ((kind == PYBLOCK_DEF || kind == PYBLOCK_ASYNC_DEF || kind == PYBLOCK_CLASS) && name < colon &&
	    r->tokens[name].kind == PYTOK_IDENT)
		b->name = (uint32_t)name;
	return 1;
}

/* One pass over the tokens, with a stack of the blocks the open INDENTs
 * started (not recursion: blocks nest as deep as the input).  A block
 * opened by a logical line's first token holds the tokens from its body's
 * start: an indented body up to the matching DEDENT, a one-line body up to
 * the NEWLINE.  Every other token is in the block around it. */
static int build_blocks(pylex_result *r)
{
	uint32_t *stack = NULL, *v;
	size_t depth = 0, cap = 0, t;
	uint32_t cur = PYLEX_NONE, pending = PYLEX_NONE, oneline = PYLEX_NONE;
	size_t open_at = PYLEX_NONE;
	int at_line_start = 1;

	if (r->count > r->block_of_cap) {
		if (!(v = realloc(r->block_of, r->count * sizeof(*v))))
			return -1;
		r->block_of = v;
		r->block_of_cap = r->count;
	}
	for (t = 0; t < r->count; t++) {
		const pylex_token *tok = &r->tokens[t];
		if (tok->kind == PYTOK_INDENT) {
			r->block_of[t] = cur;
			if (!(v = reserve(stack, depth, &cap, sizeof(*v)))) {
				free(stack);
				return -1;
			}
			stack = v;
			stack[depth++] = pending; /* PYLEX_NONE: an unexpected indent, nothing opened */
			if (pending != PYLEX_NONE)
				cur = pending;
			pending = PYLEX_NONE;
			continue;
		}
		if (tok->kind == PYTOK_DEDENT) {
			if (depth > 0 && stack[--depth] != PYLEX_NONE) {
				r->blocks[stack[depth]].body_end = (uint32_t)t;
				cur = r->blocks[stack[depth]].parent;
			}
			r->block_of[t] = cur;
			continue;
		}
		if (tok->kind == PYTOK_NEWLINE) {
			if (oneline != PYLEX_NONE) {
				r->blocks[oneline].body_end = (uint32_t)t;
				cur = r->blocks[oneline].parent;
				oneline = PYLEX_NONE;
			}
			r->block_of[t] = cur;
			at_line_start = 1;
			continue;
		}
		if (at_line_start) {
			int opened = open_block(r, t, cur);
			at_line_start = 0;
			if (opened < 0) {
				free(stack);
				return -1;
			}
			if (opened) {
				const pylex_block *b = &r->blocks[r->block_count - 1];
				/* the INDENT comes right after the header's NEWLINE */
				if (r->tokens[b->body_start - 1].kind == PYTOK_INDENT)
					pending = (uint32_t)(r->block_count - 1);
				else
					open_at = b->body_start;
			}
		}
		if (t == open_at) {
			cur = oneline = (uint32_t)(r->block_count - 1);
			open_at = PYLEX_NONE;
		}
		r->block_of[t] = cur;
	}
	free(stack);
	return 0;
}

int pylex_lex(pylex_result *out, const char *text, size_t len)
{
	lexer lx;
	int rc;

	pylex_reset(out);
	memset(&lx, 0, sizeof(lx));
	if (len > MAX_TEXT) {
		len = MAX_TEXT;
		out->problem = "file too large: lexed its first 2 GiB";
		out->problem_line = 1;
	}
	out->text = text;
	out->text_len = len;
	lx.s = (const unsigned char *)text;
	lx.n = len;
	lx.line = 1;
	lx.col = 1;
	lx.out = out;
	rc = lex(&lx);
	free(lx.open);
	free(lx.ind);
	free(lx.fr);
	if (rc == 0)
		rc = build_blocks(out);
	return rc;
}

void pylex_reset(pylex_result *r)
{
	r->count = 0;
	r->block_count = 0;
	r->problem = NULL;
	r->problem_line = 0;
}

void pylex_free(pylex_result *r)
{
	free(r->tokens);
	free(r->blocks);
	free(r->block_of);
	memset(r, 0, sizeof(*r));
}

uint32_t pylex_enclosing(const pylex_result *r, size_t tok, unsigned kinds, int within_function)
{
	uint32_t b = pylex_block_of(r, tok);

	while (b != PYLEX_NONE) {
		const pylex_block *k = &r->blocks[b];
		if (kinds & PYBLOCK_BIT(k->kind))
			return b;
		if (within_function && (k->kind == PYBLOCK_DEF || k->kind == PYBLOCK_ASYNC_DEF))
			return PYLEX_NONE;
		b = k->parent;
	}
	return PYLEX_NONE;
}

uint32_t pylex_in_loop_of_function(const pylex_result *r, size_t tok)
{
	return pylex_enclosing(r, tok, PYBLOCK_LOOPS, 1);
}
