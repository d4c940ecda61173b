#include "config.h"

#include "rustlex.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "arena.h"
#include "buf.h"

/* `first` sits in what was padding: six million tokens a run stay 24 bytes each */
_Static_assert(sizeof(rustlex_token) == 24, "rustlex_token grew");

/* Where the lexer is: byte offset plus the line and column there. */
typedef struct {
	const unsigned char *s;
	size_t n, i;
	uint32_t line, col;
	rustlex_result *out;
	int untracked;           /* rustlex_keep_code(): line and column unused */
	int failed;              /* memory ran out recording a line */
	size_t depth;            /* brackets open (out->brackets) */
	size_t open_count[3];    /* of them ( [ { */
} lexer;

static int grow_lines(rustlex_result *r)
{
	uint32_t *v = buf_grow_array(r->line_starts, &r->line_cap, sizeof(*v), 1024);

	if (!v)
		return -1;
	r->line_starts = v;
	return 0;
}

/* A line starts at offset `at`: counted, and where it starts recorded
 * (the audit shows lines around its findings; the lexer passes every
 * newline anyway). */
static inline __attribute__((always_inline)) void new_line(lexer *lx, size_t at)
{
	rustlex_result *r = lx->out;

	lx->line++;
	lx->col = 1;
	if (lx->untracked)
		return;
	if (r->line_count == r->line_cap && grow_lines(r) < 0) {
		lx->failed = 1;
		return;
	}
	r->line_starts[r->line_count++] = (uint32_t)at;
}

/* Room for one more item (`per` numbers wide) in one of the lexer's
 * arrays holding `count`: 0, or -1 with lx->failed set when memory ran out. */
static int room(lexer *lx, uint32_t **v, size_t *cap, size_t count, size_t per)
{
	uint32_t *grown;

	if (count < *cap)
		return 0;
	if (!(grown = buf_grow_array(*v, cap, per * sizeof(**v), 256))) {
		lx->failed = 1;
		return -1;
	}
	*v = grown;
	return 0;
}

/* A comment from `start` to where the lexer is now. */
static void note_comment(lexer *lx, size_t start)
{
	rustlex_result *r = lx->out;

	if (room(lx, &r->comments, &r->comment_cap, r->comment_count, 2) < 0) /* a pair each */
		return;
	r->comments[2 * r->comment_count] = (uint32_t)start;
	r->comments[2 * r->comment_count + 1] = (uint32_t)lx->i;
	r->comment_count++;
}

/* The token just emitted is a string or char literal. */
static void note_literal(lexer *lx)
{
	rustlex_result *r = lx->out;

	if (room(lx, &r->literals, &r->literal_cap, r->literal_count, 1) < 0)
		return;
	r->literals[r->literal_count++] = (uint32_t)(r->count - 1);
}

/* Byte classes, one look each: the lexer asks for every byte. */
enum { C_START = 1, C_IDENT = 2, C_ASCII_IDENT = 4, C_BLANK = 8 };

static const unsigned char byte_class[256] = {
	['\t'] = C_BLANK, ['\v'] = C_BLANK, ['\f'] = C_BLANK, ['\r'] = C_BLANK, [' '] = C_BLANK,
	['0' ... '9'] = C_IDENT | C_ASCII_IDENT,
	['A' ... 'Z'] = C_START | C_IDENT | C_ASCII_IDENT,
	['_'] = C_START | C_IDENT | C_ASCII_IDENT,
	['a' ... 'z'] = C_START | C_IDENT | C_ASCII_IDENT,
	/* Non-ASCII bytes count as identifier characters: Rust allows Unicode
	 * identifiers, and outside literals there is little else they can be. */
	[0x80 ... 0xff] = C_START | C_IDENT,
};

/* What a token starting with the byte can be: one look picks the lexer's
 * branch (L_PUNCT, the rest, is 0). */
enum { L_PUNCT, L_BLANK, L_NEWLINE, L_SLASH, L_DQUOTE, L_QUOTE, L_PREFIX, L_WORD, L_DIGIT, L_OPEN, L_CLOSE };

static const unsigned char lex_class[256] = {
	['\t'] = L_BLANK, ['\v'] = L_BLANK, ['\f'] = L_BLANK, ['\r'] = L_BLANK, [' '] = L_BLANK,
	['\n'] = L_NEWLINE, ['/'] = L_SLASH, ['"'] = L_DQUOTE, ['\''] = L_QUOTE,
	['A' ... 'Z'] = L_WORD, ['_'] = L_WORD, ['a'] = L_WORD, ['d' ... 'q'] = L_WORD, ['s' ... 'z'] = L_WORD,
	[0x80 ... 0xff] = L_WORD, ['b'] = L_PREFIX, ['c'] = L_PREFIX, ['r'] = L_PREFIX,
	['0' ... '9'] = L_DIGIT,
	['('] = L_OPEN, ['['] = L_OPEN, ['{'] = L_OPEN,
	[')'] = L_CLOSE, [']'] = L_CLOSE, ['}'] = L_CLOSE,
};

static int is_ident_start(unsigned char c)
{
	return byte_class[c] & C_START;
}

static int is_ident_char(unsigned char c)
{
	return byte_class[c] & C_IDENT;
}

/* Advance one code point, keeping line and column.  Inlined: it runs for
 * every byte of every string and comment. */
static inline __attribute__((always_inline)) void step(lexer *lx)
{
	unsigned char c = lx->s[lx->i];

	if (c == '\n') {
		lx->i++;
		new_line(lx, lx->i);
		return;
	}
	lx->i++;
	/* continuation bytes belong to the code point just started (asked
	 * only after a lead byte: most bytes are ASCII) */
	if (c >= 0xc0)
		while (lx->i < lx->n && (lx->s[lx->i] & 0xc0) == 0x80)
			lx->i++;
	lx->col++;
}

static int peek(const lexer *lx, size_t ahead)
{
	return lx->i + ahead < lx->n ? lx->s[lx->i + ahead] : -1;
}

static void problem(lexer *lx, const char *what, uint32_t line)
{
	if (!lx->out->problem) {
		lx->out->problem = what;
		lx->out->problem_line = line;
	}
}

static int grow_tokens(rustlex_result *r)
{
	rustlex_token *v = buf_grow_array(r->tokens, &r->cap, sizeof(*v), 1024);

	if (!v)
		return -1;
	r->tokens = v;
	return 0;
}

/* Inlined: it runs for every token; growing is the rare case. */
static inline __attribute__((always_inline)) int emit(lexer *lx, rustlex_kind kind, size_t start, uint32_t line,
                                                      uint32_t col)
{
	rustlex_result *r = lx->out;
	rustlex_token *t;

	if (r->count == r->cap && grow_tokens(r) < 0)
		return -1;
	t = &r->tokens[r->count++];
	t->off = (uint32_t)start;
	t->len = (uint32_t)(lx->i - start);
	t->line = line;
	t->col = col;
	t->kind = (uint8_t)kind;
	t->pair_ok = 0;
	t->first = lx->s[start];
	t->pair = 0;
	return 0;
}

/* The first byte at or after i that is the quote, a backslash, a line
 * break or not ASCII (n when none): the bytes before it are one column
 * each.  16 bytes a step where SSE2 is there. */
static size_t quoted_run(const unsigned char *s, size_t i, size_t n, char quote)
{
#ifdef __SSE2__
	const __m128i q = _mm_set1_epi8(quote), bs = _mm_set1_epi8('\\'), nl = _mm_set1_epi8('\n');

	for (; n >= 16 && i <= n - 16; i += 16) {
		__m128i x = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
		unsigned m = (unsigned)_mm_movemask_epi8(_mm_or_si128(
			_mm_or_si128(_mm_cmpeq_epi8(x, q), _mm_cmpeq_epi8(x, bs)), _mm_or_si128(_mm_cmpeq_epi8(x, nl), x)));
		if (m)
			return i + (size_t)__builtin_ctz(m);
	}
#endif
	while (i < n && s[i] != (unsigned char)quote && s[i] != '\\' && s[i] != '\n' && s[i] < 0x80)
		i++;
	return i;
}

/* After the opening quote: up to and including the closing one. */
static void skip_quoted(lexer *lx, char quote, uint32_t line)
{
	while (lx->i < lx->n) {
		int c;
		size_t j = quoted_run(lx->s, lx->i, lx->n, quote);
		lx->col += (uint32_t)(j - lx->i);
		lx->i = j;
		if (j >= lx->n)
			break;
		c = lx->s[lx->i];
		if (c == '\\') {
			step(lx);
			if (lx->i < lx->n)
				step(lx);
			continue;
		}
		step(lx);
		if (c == quote)
			return;
	}
	problem(lx, quote == '"' ? "unterminated string literal" : "unterminated character literal", line);
}

/* Move to offset j, counting the lines and columns passed (valid UTF-8:
 * a column per byte that is not a continuation byte). */
static void advance_to(lexer *lx, size_t j)
{
	const unsigned char *p = lx->s + lx->i, *end = lx->s + j, *nl;

	if (!lx->untracked) {
		while ((nl = memchr(p, '\n', (size_t)(end - p)))) {
			p = nl + 1;
			new_line(lx, (size_t)(p - lx->s));
		}
		for (; p < end; p++)
			lx->col += (*p & 0xc0) != 0x80;
	}
	lx->i = j;
}

/* At `r`, `br` or `cr` whose `#`* `"` follows at lx->i: a raw string.
 * Raw strings hold whole test files in some code bases (cargo's tests):
 * their quotes are found with memchr(), not a byte at a time. */
static void skip_raw(lexer *lx, uint32_t line)
{
	size_t hashes = 0, k;
	const unsigned char *q;

	while (peek(lx, 0) == '#') {
		hashes++;
		step(lx);
	}
	step(lx); /* the opening quote */
	while (lx->i < lx->n && (q = memchr(lx->s + lx->i, '"', lx->n - lx->i))) {
		size_t at = (size_t)(q - lx->s);
		for (k = 0; k < hashes && at + 1 + k < lx->n && lx->s[at + 1 + k] == '#'; k++)
			;
		advance_to(lx, at + 1);
		if (k == hashes) {
			advance_to(lx, at + 1 + hashes);
			return;
		}
	}
	advance_to(lx, lx->n);
	problem(lx, "unterminated raw string literal", line);
}

/* Does a raw string start at lx->i + at (`#`* then `"`)? */
static int raw_string_at(const lexer *lx, size_t at)
{
	while (peek(lx, at) == '#')
		at++;
	return peek(lx, at) == '"';
}

static void skip_block_comment(lexer *lx)
{
	uint32_t line = lx->line;
	int depth = 0;

	while (lx->i < lx->n) {
		unsigned char c = lx->s[lx->i];
		if (c == '/' && peek(lx, 1) == '*') {
			depth++;
			lx->i += 2;
			lx->col += 2;
		} else if (c == '*' && peek(lx, 1) == '/') {
			lx->i += 2;
			lx->col += 2;
			if (--depth == 0)
				return;
		} else if (c == '\n') {
			lx->i++;
			new_line(lx, lx->i);
		} else {
			/* a column per code point: count all but continuation bytes */
			lx->i++;
			lx->col += (c & 0xc0) != 0x80;
		}
	}
	problem(lx, "unterminated block comment", line);
}

/* At a quote: a char literal ('x', '\n', '\u{1F600}') or a lifetime. */
static rustlex_kind quote(lexer *lx, uint32_t line)
{
	size_t save_i;
	uint32_t save_col;

	step(lx); /* the quote */
	if (peek(lx, 0) == '\\') {
		skip_quoted(lx, '\'', line);
		return TOK_CHAR;
	}
	save_i = lx->i;
	save_col = lx->col;
	if (lx->i < lx->n && lx->s[lx->i] != '\n')
		step(lx); /* one code point */
	if (peek(lx, 0) == '\'') {
		step(lx);
		return TOK_CHAR;
	}
	/* not a char: a lifetime (or a stray quote) */
	lx->i = save_i;
	lx->col = save_col;
	while (lx->i < lx->n && is_ident_char(lx->s[lx->i]))
		step(lx);
	return TOK_LIFETIME;
}

static int bracket_kind(char c)
{
	return c == '(' ? 0 : c == '[' ? 1 : 2;
}

/* Pair brackets with a stack, as they are lexed (not in a second pass
 * over every token).  A closer that does not match the innermost opener
 * closes the nearest opener it does match (everything opened inside
 * stays unpaired); a closer no opener matches stays unpaired.  The stack
 * holds token index * 4 + kind, so matching reads no text. */
static inline __attribute__((always_inline)) void pair_bracket(lexer *lx, rustlex_kind kind, unsigned char c)
{
	rustlex_result *r = lx->out;
	uint32_t i = (uint32_t)(r->count - 1), top;
	size_t k;
	int want;

	if (kind == TOK_OPEN) {
		if (room(lx, &r->brackets, &r->bracket_cap, lx->depth, 1) < 0)
			return;
		want = bracket_kind((char)c);
		lx->open_count[want]++;
		r->brackets[lx->depth++] = i << 2 | (uint32_t)want;
		return;
	}
	want = c == ')' ? 0 : c == ']' ? 1 : 2;
	if (!lx->open_count[want])
		return;
	/* the openers above the match stay unpaired: popped, so each opener is
	 * passed over at most once in the whole file */
	for (k = lx->depth; (int)(r->brackets[k - 1] & 3) != want; k--)
		lx->open_count[r->brackets[k - 1] & 3]--;
	lx->open_count[want]--;
	lx->depth = k - 1;
	top = r->brackets[lx->depth] >> 2;
	r->tokens[i].pair = top;
	r->tokens[i].pair_ok = 1;
	r->tokens[top].pair = i;
	r->tokens[top].pair_ok = 1;
}

/* The operators lexed as one token: `::` `->` `=>` `==` `!=` `<=` `>=`
 * `&&` `||` `..` -- asked after every operator character, so by two
 * table looks: the second characters each first one takes, as bits. */
enum { S_COLON = 1, S_GT = 2, S_EQ = 4, S_AMP = 8, S_BAR = 16, S_DOT = 32 };

static const unsigned char op_second[256] = {
	[':'] = S_COLON, ['>'] = S_GT, ['='] = S_EQ, ['&'] = S_AMP, ['|'] = S_BAR, ['.'] = S_DOT,
};

static const unsigned char op_first[256] = {
	[':'] = S_COLON, ['-'] = S_GT, ['='] = S_GT | S_EQ, ['!'] = S_EQ, ['<'] = S_EQ, ['>'] = S_EQ,
	['&'] = S_AMP, ['|'] = S_BAR, ['.'] = S_DOT,
};

static int two_char_op(unsigned char a, unsigned char b)
{
	return (op_first[a] & op_second[b]) != 0;
}

/* The end of a run of blanks (space, tab, CR, VT, FF) from i, and of
 * ASCII identifier characters: 16 bytes a step with SSE2 (indentation and
 * identifiers are most of a file's code bytes), then a byte at a time. */
static inline size_t blank_run(const unsigned char *s, size_t i, size_t n)
{
#ifdef __SSE2__
	const __m128i sp = _mm_set1_epi8(' '), lo = _mm_set1_epi8('\t' - 1), hi = _mm_set1_epi8('\r' + 1),
	              nl = _mm_set1_epi8('\n');

	for (; n >= 16 && i <= n - 16; i += 16) {
		__m128i x = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
		/* blank: ' ', or \t..\r but not \n (signed compares: bytes >= 0x80 are below) */
		__m128i ctl = _mm_and_si128(_mm_cmpgt_epi8(x, lo), _mm_cmplt_epi8(x, hi));
		__m128i blank = _mm_or_si128(_mm_cmpeq_epi8(x, sp), _mm_andnot_si128(_mm_cmpeq_epi8(x, nl), ctl));
		unsigned m = (unsigned)_mm_movemask_epi8(blank) ^ 0xffffu;
		if (m)
			return i + (size_t)__builtin_ctz(m);
	}
#endif
	while (i < n && (byte_class[s[i]] & C_BLANK))
		i++;
	return i;
}

static inline size_t ascii_ident_run(const unsigned char *s, size_t i, size_t n)
{
#ifdef __SSE2__
	const __m128i a1 = _mm_set1_epi8('a' - 1), z1 = _mm_set1_epi8('z' + 1), d1 = _mm_set1_epi8('0' - 1),
	              d2 = _mm_set1_epi8('9' + 1), us = _mm_set1_epi8('_'), up = _mm_set1_epi8(0x20);

	for (; n >= 16 && i <= n - 16; i += 16) {
		__m128i x = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
		__m128i lower = _mm_or_si128(x, up); /* A-Z to a-z; nothing else lands in a-z */
		__m128i word = _mm_or_si128(_mm_and_si128(_mm_cmpgt_epi8(lower, a1), _mm_cmplt_epi8(lower, z1)),
		                            _mm_or_si128(_mm_and_si128(_mm_cmpgt_epi8(x, d1), _mm_cmplt_epi8(x, d2)),
		                                         _mm_cmpeq_epi8(x, us)));
		unsigned m = (unsigned)_mm_movemask_epi8(word) ^ 0xffffu;
		if (m)
			return i + (size_t)__builtin_ctz(m);
	}
#endif
	while (i < n && (byte_class[s[i]] & C_ASCII_IDENT))
		i++;
	return i;
}

/* The lexer proper.  With `item`, only the item that starts the text:
 * lexing stops after a `;` outside brackets, after the `}` that closes its
 * outermost brace, or at a closer of nothing. */
static inline __attribute__((always_inline)) int lex(rustlex_result *out, const char *text, size_t len, int item)
{
	lexer lx;
	long item_depth = 0; /* brackets open in the item (closers of nothing count too) */

	/* tokens keep 32-bit offsets, and the bracket stack a token index
	 * times 4: a bigger file is lexed as far as that goes */
	if (len > RUSTLEX_MAX_TEXT) {
		len = RUSTLEX_MAX_TEXT;
		if (!out->problem) {
			out->problem = "file too large: lexed its first GiB";
			out->problem_line = 1;
		}
	}
	memset(&lx, 0, sizeof(lx));
	lx.s = (const unsigned char *)text;
	lx.n = len;
	lx.line = 1;
	lx.col = 1;
	lx.out = out;

	out->text = text;
	out->text_len = len;
	out->line_count = 0;
	out->comment_count = 0;
	out->literal_count = 0;
	if (!out->line_cap && grow_lines(out) < 0)
		return -1;
	out->line_starts[out->line_count++] = 0;

	while (lx.i < lx.n) {
		unsigned char c = lx.s[lx.i];
		size_t start;
		uint32_t line, col;
		rustlex_kind kind;
		unsigned cls;

		/* the blanks between tokens -- one space, or a line break and the
		 * next line's indentation -- taken here, not through the switch:
		 * its jump mispredicts, and each token would pay for it twice */
		if (c == ' ') {
			lx.i++;
			lx.col++;
			if (lx.i == lx.n)
				break;
			c = lx.s[lx.i];
		} else if (c == '\n') {
			size_t j;
			lx.i++;
			new_line(&lx, lx.i);
			j = blank_run(lx.s, lx.i, lx.n);
			lx.col += (uint32_t)(j - lx.i);
			lx.i = j;
			if (lx.i == lx.n)
				break;
			c = lx.s[lx.i];
		}
		start = lx.i;
		line = lx.line;
		col = lx.col;
		/* identifiers, operators and brackets, most of the tokens, before
		 * the switch: its indirect jump mispredicts (7% of the lexer's time) */
		cls = lex_class[c];
		if (__builtin_expect(cls == L_WORD, 1))
			goto word;
		if (cls == L_PUNCT)
			goto punct;
		if (cls >= L_OPEN) { /* brackets: one ASCII byte */
			lx.i++;
			lx.col++;
			kind = cls == L_OPEN ? TOK_OPEN : TOK_CLOSE;
			goto emitted;
		}
		switch (cls) {
		case L_BLANK: {
			/* ASCII: one byte, one column; indentation comes in runs */
			size_t j = blank_run(lx.s, lx.i + 1, lx.n);
			lx.col += (uint32_t)(j - lx.i);
			lx.i = j;
			continue;
		}
		case L_NEWLINE:
			lx.i++;
			new_line(&lx, lx.i);
			continue;
		case L_SLASH:
			if (peek(&lx, 1) == '/') {
				/* to the end of the line; columns are not needed past it */
				const unsigned char *nl = memchr(lx.s + lx.i, '\n', lx.n - lx.i);
				lx.i = nl ? (size_t)(nl - lx.s) : lx.n;
				note_comment(&lx, start);
				continue;
			}
			if (peek(&lx, 1) == '*') {
				skip_block_comment(&lx);
				note_comment(&lx, start);
				continue;
			}
			goto punct;
		case L_DQUOTE:
			step(&lx);
			skip_quoted(&lx, '"', line);
			kind = TOK_STRING;
			break;
		case L_QUOTE:
			kind = quote(&lx, line);
			break;
		case L_PREFIX: /* r b c: a literal's prefix, a raw identifier, or a word */
			if ((c == 'r' && raw_string_at(&lx, 1)) ||
			    ((c == 'b' || c == 'c') && peek(&lx, 1) == 'r' && raw_string_at(&lx, 2))) {
				step(&lx);
				if (c != 'r')
					step(&lx);
				skip_raw(&lx, line);
				kind = TOK_STRING;
			} else if ((c == 'b' || c == 'c') && peek(&lx, 1) == '"') {
				step(&lx);
				step(&lx);
				skip_quoted(&lx, '"', line);
				kind = TOK_STRING;
			} else if (c == 'b' && peek(&lx, 1) == '\'') {
				step(&lx);
				step(&lx);
				skip_quoted(&lx, '\'', line);
				kind = TOK_CHAR;
			} else if (c == 'r' && peek(&lx, 1) == '#' && peek(&lx, 2) >= 0 &&
			           is_ident_start((unsigned char)peek(&lx, 2))) {
				step(&lx);
				step(&lx);
				while (lx.i < lx.n && is_ident_char(lx.s[lx.i]))
					step(&lx);
				kind = TOK_IDENT;
			} else
				goto word;
			break;
		case L_WORD:
		word: {
			/* ASCII identifier characters take one column each */
			size_t j = ascii_ident_run(lx.s, lx.i, lx.n);
			lx.col += (uint32_t)(j - lx.i);
			lx.i = j;
			while (lx.i < lx.n && is_ident_char(lx.s[lx.i]))
				step(&lx);
			kind = TOK_IDENT;
			break;
		}
		case L_DIGIT:
			while (lx.i < lx.n && (is_ident_char(lx.s[lx.i])))
				step(&lx);
			/* a fraction, but not a range `1..2` or a method `1.max(2)` */
			if (peek(&lx, 0) == '.' && peek(&lx, 1) >= '0' && peek(&lx, 1) <= '9') {
				step(&lx);
				while (lx.i < lx.n && is_ident_char(lx.s[lx.i]))
					step(&lx);
			}
			kind = TOK_NUMBER;
			break;
		default:
		punct:
			kind = TOK_PUNCT;
			step(&lx);
			if (lx.i < lx.n && two_char_op(c, lx.s[lx.i]))
				step(&lx);
			break;
		}
	emitted:
		if (emit(&lx, kind, start, line, col) < 0)
			return -1;
		if (kind >= TOK_OPEN)
			pair_bracket(&lx, kind, c);
		else if (kind == TOK_STRING || kind == TOK_CHAR)
			note_literal(&lx);
		if (item) {
			if (kind == TOK_OPEN)
				item_depth++;
			else if (kind == TOK_CLOSE && (--item_depth < 0 || (item_depth == 0 && c == '}')))
				break;
			else if (kind == TOK_PUNCT && item_depth == 0 && c == ';')
				break;
		}
	}
	return lx.failed ? -1 : 0;
}

int rustlex_lex(rustlex_result *out, const char *text, size_t len)
{
	return lex(out, text, len, 0);
}

int rustlex_lex_item(rustlex_result *out, const char *text, size_t len)
{
	return lex(out, text, len, 1);
}

/* The identifier characters just before `end`, back to `floor`: their
 * first offset. */
static size_t ident_run(const unsigned char *s, size_t floor, size_t end)
{
	while (end > floor && is_ident_char(s[end - 1]))
		end--;
	return end;
}

static int run_is(const unsigned char *s, size_t from, size_t to, const char *word)
{
	return to - from == strlen(word) && memcmp(s + from, word, to - from) == 0;
}

/* The first '/', '"' or '\'' at or after i (n when none): 16 bytes a
 * step where SSE2 is there (every x86-64), since most of a file is code
 * without them. */
static size_t next_special(const unsigned char *s, size_t i, size_t n)
{
#ifdef __SSE2__
	const __m128i slash = _mm_set1_epi8('/'), dq = _mm_set1_epi8('"'), sq = _mm_set1_epi8('\'');

	for (; n >= 16 && i <= n - 16; i += 16) {
		__m128i x = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
		unsigned m = (unsigned)_mm_movemask_epi8(
			_mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, slash), _mm_cmpeq_epi8(x, dq)), _mm_cmpeq_epi8(x, sq)));
		if (m)
			return i + (size_t)__builtin_ctz(m);
	}
#endif
	while (i < n && s[i] != '/' && s[i] != '"' && s[i] != '\'')
		i++;
	return i;
}

size_t rustlex_keep_code(const char *text, size_t len, size_t *at, size_t n)
{
	/* Code bytes are passed over looking only for what starts something
	 * else -- a comment, a string or a quote -- and that something is then
	 * skipped by the lexer's own routines, so the two never disagree on
	 * where code is.  A string's prefix (r, br, cr, b) is found by looking
	 * back over the identifier characters since the last literal. */
	rustlex_result none = { 0 };
	lexer lx = { (const unsigned char *)text, len, 0, 1, 1, &none, 1, 0, 0, { 0, 0, 0 } };
	const unsigned char *s = lx.s;
	size_t kept = 0, k = 0, floor = 0;

	while (k < n) {
		size_t i = lx.i;
		unsigned char c;
		i = next_special(s, i, len);
		while (k < n && at[k] < i)
			at[kept++] = at[k++];
		if (i >= len)
			break;
		c = s[i];
		lx.i = i;
		if (c == '/') {
			int next = peek(&lx, 1);
			if (next == '/') {
				const unsigned char *nl = memchr(s + i, '\n', len - i);
				lx.i = nl ? (size_t)(nl - s) : len;
			} else if (next == '*')
				skip_block_comment(&lx);
			else {
				lx.i = i + 1; /* division */
				continue;
			}
		} else if (c == '"') {
			size_t hashes_from = i, run;
			while (hashes_from > floor && s[hashes_from - 1] == '#')
				hashes_from--;
			run = ident_run(s, floor, hashes_from);
			if (run_is(s, run, hashes_from, "r") || run_is(s, run, hashes_from, "br") ||
			    run_is(s, run, hashes_from, "cr")) {
				lx.i = hashes_from;
				skip_raw(&lx, 0);
			} else {
				step(&lx);
				skip_quoted(&lx, '"', 0);
			}
		} else {
			size_t run = ident_run(s, floor, i);
			if (run_is(s, run, i, "b")) {
				lx.i = i + 1;
				skip_quoted(&lx, '\'', 0);
			} else
				quote(&lx, 0);
		}
		while (k < n && at[k] < lx.i) /* inside the literal or comment */
			k++;
		floor = lx.i;
	}
	return kept;
}

int rustlex_reserve(rustlex_result *r, size_t tokens)
{
	rustlex_token *v;

	if (tokens <= r->cap)
		return 0;
	if (tokens > SIZE_MAX / sizeof(*v) || !(v = realloc(r->tokens, tokens * sizeof(*v))))
		return -1;
	if (!r->count) /* nothing in it yet: not touched */
		arena_hint_huge(v, tokens * sizeof(*v));
	r->tokens = v;
	r->cap = tokens;
	return 0;
}

void rustlex_reset(rustlex_result *r)
{
	r->count = 0;
	r->problem = NULL;
	r->problem_line = 0;
}

void rustlex_free(rustlex_result *r)
{
	free(r->tokens);
	free(r->line_starts);
	free(r->comments);
	free(r->literals);
	free(r->brackets);
	memset(r, 0, sizeof(*r));
}
