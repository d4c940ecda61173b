/* pylex: Python source as tokens, logical lines and blocks.
 *
 * Just enough of the Python 3 lexical grammar to never mistake text for
 * code: `#` comments, strings with every prefix (r b u f t and their two
 * letter combinations, in any case), single and triple quoted, escapes --
 * so that a `time.sleep(` inside a docstring is not a call.  An f-string
 * (or t-string) is one STRING token, but its replacement fields are
 * followed as Python 3.12 reads them (PEP 701: `f"{d["k"]}"` is one string),
 * so that a quote inside a field does not end it early.  Comments produce
 * no tokens.  Lines count '\n' only (a CRLF is one break, a lone CR none);
 * columns count code points from 1.  A UTF-8 BOM at the start is skipped.
 *
 * Python's structure is in its lines, so the lexer also produces what
 * CPython's tokenizer does: a NEWLINE at the end of each logical line (not
 * inside brackets, not after a backslash continuation, not for blank or
 * comment-only lines) and INDENT / DEDENT from the indentation stack, tabs
 * to the next multiple of 8.  On top of them it finds the BLOCKS -- every
 * compound statement with its header and body -- so that a rule can ask
 * "is this call inside an `async def`?" or "inside a loop of its function?"
 * in constant time per level.
 *
 * The lexer never fails: malformed input (an unterminated string, an
 * unclosed bracket, a dedent to no outer level, a stray byte) becomes a
 * token or a recorded problem and lexing goes on, so one bad file never
 * stops an audit.  Time and memory are linear in the input; nothing
 * recurses, however deep the brackets, f-strings or blocks nest. */
#ifndef HPA_PYLEX_H
#define HPA_PYLEX_H

#include <stddef.h>
#include <stdint.h>

/* "no token", "no block": a parent at module level, a class without name */
#define PYLEX_NONE UINT32_MAX

typedef enum {
	PYTOK_IDENT,   /* identifiers and keywords (soft ones too: match, case, type) */
	PYTOK_STRING,  /* '...' "..." '''...''' """...""" with any prefix, f-strings whole */
	PYTOK_NUMBER,  /* 1_000 0xff 0o7 0b1 3.14 .5 1e-3 2j */
	PYTOK_PUNCT,   /* one operator: `**=` `->` `:=` `...` `==` ... or one char */
	PYTOK_OPEN,    /* ( [ { */
	PYTOK_CLOSE,   /* ) ] } */
	PYTOK_NEWLINE, /* end of a logical line: the "\n" or "\r\n"; empty at the end of input */
	PYTOK_INDENT,  /* the leading white space of the first line of a deeper block */
	PYTOK_DEDENT,  /* empty, just before the first token of the line it ends a block at */
} pylex_kind;

typedef struct {
	uint32_t off;    /* byte offset into the text */
	uint32_t len;    /* bytes */
	uint32_t line;   /* 1-based */
	uint32_t col;    /* 1-based, in code points */
	uint8_t kind;    /* pylex_kind */
	uint8_t pair_ok; /* for OPEN/CLOSE: matched by the other bracket */
	uint32_t pair;   /* for OPEN/CLOSE: index of the matching bracket */
} pylex_token;

typedef enum {
	PYBLOCK_DEF,
	PYBLOCK_ASYNC_DEF,
	PYBLOCK_CLASS,
	PYBLOCK_FOR,
	PYBLOCK_ASYNC_FOR,
	PYBLOCK_WHILE,
	PYBLOCK_WITH,
	PYBLOCK_ASYNC_WITH,
	PYBLOCK_IF,
	PYBLOCK_ELIF,
	PYBLOCK_ELSE, /* of an if, a loop or a try: its parent is theirs, it is not inside them */
	PYBLOCK_TRY,
	PYBLOCK_EXCEPT,
	PYBLOCK_FINALLY,
	PYBLOCK_MATCH,
	PYBLOCK_CASE,
} pylex_block_kind;

/* Sets of block kinds, for pylex_enclosing() */
#define PYBLOCK_BIT(kind) (1u << (kind))
#define PYBLOCK_LOOPS (PYBLOCK_BIT(PYBLOCK_FOR) | PYBLOCK_BIT(PYBLOCK_ASYNC_FOR) | PYBLOCK_BIT(PYBLOCK_WHILE))
#define PYBLOCK_FUNCTIONS (PYBLOCK_BIT(PYBLOCK_DEF) | PYBLOCK_BIT(PYBLOCK_ASYNC_DEF))

/* One compound statement whose body is an indented suite or a one-line
 * suite (`for x in y: f(x)`).  All fields are token indices except kind and
 * parent.  The header's tokens -- `for x in f():`, a def's parameters and
 * defaults -- belong to the enclosing block, not to this one: they run once,
 * where the statement is.  (So `while cond():` re-evaluates a header that is
 * not in its own block; a rule that cares looks at [head, colon].) */
typedef struct {
	uint8_t kind;        /* pylex_block_kind */
	uint32_t head;       /* first token of the header: `def`, `async`, `for`...; not the decorators */
	uint32_t colon;      /* the `:` that ends the header */
	uint32_t body_start; /* indented suite: the token after the INDENT; one-line suite: after the colon */
	uint32_t body_end;   /* one past the body: the matching DEDENT, or the NEWLINE of a one-line suite */
	uint32_t parent;     /* index into blocks of the innermost block around it, PYLEX_NONE at module level */
	uint32_t name;       /* def, async def, class: the name token; PYLEX_NONE otherwise */
} pylex_block;

typedef struct {
	const char *text;      /* the text lexed (borrowed: must outlive this) */
	size_t text_len;
	pylex_token *tokens;   /* owned */
	size_t count, cap;
	pylex_block *blocks;   /* owned; in the order of their headers, so a parent comes before its children */
	size_t block_count, block_cap;
	uint32_t *block_of;    /* owned; per token, the innermost block whose body holds it, or PYLEX_NONE */
	size_t block_of_cap;
	/* first problem met, for the report ("unterminated string"), with its
	 * line; NULL when the file lexed cleanly (static string) */
	const char *problem;
	uint32_t problem_line;
} pylex_result;

/* Lex text[0..len) (valid UTF-8 expected; other bytes are taken one at a
 * time) into `out` and find its blocks: tokens, blocks and block_of are all
 * filled when it returns.  `out` is zero-initialised by the caller, freed
 * with pylex_free(), and may be reused for the next file: whatever it held
 * is forgotten (its memory is kept).  A text of 2 GiB or more is lexed up to
 * there, with a problem.  Returns 0, or -1 when memory ran out (then `out`
 * holds a partial result; free it). */
int pylex_lex(pylex_result *out, const char *text, size_t len);

/* Forget the tokens and blocks but keep their memory, to lex the next file into it. */
void pylex_reset(pylex_result *r);

void pylex_free(pylex_result *r);

/* The innermost block whose body holds token `tok`, or PYLEX_NONE: at
 * module level, in a header, or past the last token.  O(1). */
static inline uint32_t pylex_block_of(const pylex_result *r, size_t tok)
{
	return tok < r->count ? r->block_of[tok] : PYLEX_NONE;
}

/* The nearest block around token `tok` whose kind is in `kinds` (a set of
 * PYBLOCK_BIT()s), walking out through the parents; PYLEX_NONE if none.
 * With `within_function`, the walk stops at the innermost def / async def
 * around tok: a `for` outside that function does not count for a call
 * inside it (the def itself is found if `kinds` asks for it).  Class bodies
 * and else / except blocks are walked through; lambdas and comprehensions
 * are not blocks.  Costs the nesting depth. */
uint32_t pylex_enclosing(const pylex_result *r, size_t tok, unsigned kinds, int within_function);

/* The innermost for / async for / while around `tok` inside its own
 * function (or at module level, outside any function), or PYLEX_NONE. */
uint32_t pylex_in_loop_of_function(const pylex_result *r, size_t tok);

/* Is the token's text exactly s?  Inline, so that strlen() of a literal is
 * a constant: rules ask this for every token.  The length is compared
 * first: NEWLINE and DEDENT may be empty, at the very end of the text,
 * where there is no byte to read (so "" matches nothing). */
static inline int pylex_is(const pylex_result *r, const pylex_token *t, const char *s)
{
	return t->len == __builtin_strlen(s) && t->len && r->text[t->off] == s[0] &&
	       __builtin_memcmp(r->text + t->off, s, t->len) == 0;
}

#endif
