/* rustlex: Rust source as tokens.
 *
 * Just enough of the Rust lexical grammar to never mistake text for code:
 * line, block (nested) and doc comments and every literal form -- strings,
 * byte and C strings, raw strings r#"..."# with any number of #, chars and
 * byte chars -- are recognised so that a `.clone()` inside them is not a
 * call; a char literal is told from a lifetime.  Comments produce no
 * tokens.  Lines count '\n' only (as rustc and editors do: a CRLF is one
 * break, U+2028 none); columns count code points from 1.
 *
 * The lexer never fails: malformed input (an unterminated comment or
 * string, a stray byte) becomes a token or a diagnostic and lexing goes on,
 * so one bad file never stops an audit.  Time and memory are linear in the
 * input. */
#ifndef HPA_RUSTLEX_H
#define HPA_RUSTLEX_H

#include <stddef.h>
#include <stdint.h>

typedef enum {
	TOK_IDENT,     /* identifiers and keywords; r#raw identifiers too */
	TOK_LIFETIME,  /* 'a, 'static */
	TOK_CHAR,      /* 'x' '\n' b'x' */
	TOK_STRING,    /* "..." b"..." c"..." and raw forms */
	TOK_NUMBER,
	TOK_PUNCT,     /* one operator: `::` `->` `=>` `==` `!=` `<=` `>=` `&&` `||` `..` or one char */
	TOK_OPEN,      /* ( [ { */
	TOK_CLOSE,     /* ) ] } */
} rustlex_kind;

typedef struct {
	uint32_t off;    /* byte offset into the text */
	uint32_t len;    /* bytes */
	uint32_t line;   /* 1-based */
	uint32_t col;    /* 1-based, in code points */
	uint8_t kind;    /* rustlex_kind */
	uint8_t pair_ok; /* for OPEN/CLOSE: matched by the other bracket */
	uint8_t first;   /* the text's first byte: most comparisons need no more (and no look at the text) */
	uint32_t pair;   /* for OPEN/CLOSE: index of the matching bracket */
} rustlex_token;

typedef struct {
	const char *text;      /* the text lexed (borrowed: must outlive this) */
	size_t text_len;
	rustlex_token *tokens; /* owned */
	size_t count, cap;
	/* first problem met, for the report ("unterminated block comment"),
	 * with its line; NULL when the file lexed cleanly (static string) */
	const char *problem;
	uint32_t problem_line;
	/* where each line starts: line_starts[k] is the offset of line k + 1
	 * (line_count = newlines + 1) */
	uint32_t *line_starts; /* owned */
	size_t line_count, line_cap;
	/* where the comments are, as pairs of offsets [start, end): the code
	 * view of the rule packs blanks them (comments are not tokens) */
	uint32_t *comments;    /* owned: 2 * comment_count */
	size_t comment_count, comment_cap;
	/* the string and char literal tokens, by index, in order: the code
	 * view blanks their insides without a look at every token */
	uint32_t *literals;    /* owned */
	size_t literal_count, literal_cap;
	uint32_t *brackets;    /* the lexer's stack of open brackets (owned, reused) */
	size_t bracket_cap;
} rustlex_result;

/* Lex text[0..len) (valid UTF-8 expected; other bytes are taken one at a
 * time).  Appends to `out`, which the caller zero-initialises and frees
 * with rustlex_free().  Returns 0, or -1 when memory ran out. */
/* The most of a file lexed (1 GiB); past it, a problem says so. */
#define RUSTLEX_MAX_TEXT ((size_t)1 << 30)

int rustlex_lex(rustlex_result *out, const char *text, size_t len);

/* Lex only the item that starts the text (`struct A { .. }`, `type B =
 * C;`): up to its `;` outside brackets or the `}` closing its outermost
 * brace.  For a first pass that needs a few items of files it does not
 * otherwise lex. */
int rustlex_lex_item(rustlex_result *out, const char *text, size_t len);

/* Keep those of the offsets at[0..n) (ascending) that lie in code -- not
 * in a comment, string, char literal or lifetime -- moving them to the
 * front; returns how many.  The lexer's own rules, without making tokens:
 * a small part of the time lexing takes. */
size_t rustlex_keep_code(const char *text, size_t len, size_t *at, size_t n);

/* Room for `tokens` tokens at once: a text of megabytes, whose array
 * would otherwise be copied to new memory at every doubling.  0, or -1
 * when memory ran out (the result unchanged). */
int rustlex_reserve(rustlex_result *r, size_t tokens);

/* Forget the tokens but keep their memory, to lex the next file into it. */
void rustlex_reset(rustlex_result *r);

void rustlex_free(rustlex_result *r);

/* Is the token's text exactly s?  Inline, so that strlen() of a literal is
 * a constant: the scanner and the evidence ask this for every token. */
static inline int rustlex_is(const rustlex_result *r, const rustlex_token *t, const char *s)
{
	/* most comparisons fail on the first byte, kept in the token */
	if (t->first != (unsigned char)s[0])
		return 0;
	return __builtin_strlen(s) == t->len && __builtin_memcmp(r->text + t->off, s, t->len) == 0;
}

#endif
