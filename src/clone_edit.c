#include "config.h"

#include "clone_edit.h"

#include <string.h>

#include "rustlex.h"
#include "rustscan.h"

enum clone_edit_kind clone_edit_kind_of(const jsontape *f)
{
	const char *bucket = jsontape_str(jsontape_get(f, "bucket"));
	const char *rule = jsontape_str(jsontape_get(f, "rule"));

	if (!bucket || !rule)
		return CLONE_EDIT_NONE;
	if (strcmp(bucket, "removable_move") == 0) {
		if (strcmp(rule, "R7") == 0 &&
		    jsontape_is_true(jsontape_member(jsontape_get(f, "evidence"), "copy_behind_reference")))
			return CLONE_EDIT_DEREF;
		if (strcmp(rule, "R14") == 0) {
			const char *change = jsontape_str(jsontape_get(f, "change"));
			return change && strstr(change, "core::mem::take") ? CLONE_EDIT_TAKE_CORE : CLONE_EDIT_TAKE;
		}
		return CLONE_EDIT_DROP;
	}
	if (strcmp(bucket, "removable_borrow") == 0) {
		jsontape_value ev = jsontape_get(f, "evidence");
		const char *how = jsontape_str(jsontape_member(ev, "borrow"));
		if (strcmp(rule, "R4") == 0 && how && strcmp(how, "&") == 0 &&
		    jsontape_is_true(jsontape_member(ev, "receiver_is_reference")))
			return CLONE_EDIT_UNBORROW;
		return strcmp(rule, "R5") == 0 || (how && strcmp(how, "a reference-taking parameter") == 0) ? CLONE_EDIT_BORROW
		                                                                                             : CLONE_EDIT_DROP;
	}
	return CLONE_EDIT_NONE;
}

/* 1-based column, in code points, of byte `off` on the line starting at `ls` */
static uint32_t column_of(const char *text, size_t ls, size_t off)
{
	uint32_t col = 1;

	for (; ls < off; ls++)
		if (((unsigned char)text[ls] & 0xC0) != 0x80)
			col++;
	return col;
}

/* line (1-based) of byte `off`, by the lexer's line starts */
static uint32_t line_of(const rustlex_result *lex, size_t off, size_t *line_start)
{
	size_t lo = 0, hi = lex->line_count;

	while (hi - lo > 1) { /* the last start <= off */
		size_t mid = lo + (hi - lo) / 2;
		if (lex->line_starts[mid] <= off)
			lo = mid;
		else
			hi = mid;
	}
	*line_start = lex->line_starts[lo];
	return (uint32_t)lo + 1;
}

/* Is the receiver tokens [a, b) a plain place -- names, fields, `self` --
 * that needs no parentheses wherever a call stood? */
static int plain_place(const rustlex_result *lex, size_t a, size_t b)
{
	for (; a < b; a++) {
		const rustlex_token *t = &lex->tokens[a];
		if (t->kind != TOK_IDENT && t->kind != TOK_NUMBER && !rustlex_is(lex, t, "."))
			return 0;
	}
	return 1;
}

static int make(clone_edit *out, const rustscan_result *rs, const rs_site *s, enum clone_edit_kind kind, buf *why)
{
	const rustlex_result *lex = rs->lex;
	const rustlex_token *t = lex->tokens;
	const rustlex_token *close = &t[s->call_close];

	if (s->recv_start >= s->recv_end) { /* `T::clone(&)`: nothing to keep */
		buf_puts(why, "the clone has no receiver: no mechanical edit");
		return -1;
	}
	size_t recv_a = t[s->recv_start].off, recv_b = t[s->recv_end - 1].off + t[s->recv_end - 1].len;
	size_t start, end = close->off + close->len, ls, first = s->recv_start; /* the expression's first token */
	int parens = 0, bad = 0;

	if (kind == CLONE_EDIT_UNBORROW) {
		/* `&r.clone()` -> `r`: from the `&` to the call's `)` */
		if (s->form != RS_METHOD || s->recv_start == 0 || !rustlex_is(lex, &t[s->recv_start - 1], "&") ||
		    !plain_place(lex, s->recv_start, s->recv_end)) {
			buf_puts(why, "the clone is not `&r.clone()` of a plain name: no mechanical edit");
			return -1;
		}
		start = t[s->recv_start - 1].off;
		first = s->recv_start - 1;
		bad |= buf_append(&out->replacement, lex->text + recv_a, recv_b - recv_a);
		goto made;
	}
	if (s->form == RS_METHOD)
		start = recv_a;
	else {
		/* T::clone(&x): the whole call, from its path's first segment */
		size_t i = s->tok;
		if (kind != CLONE_EDIT_DEREF && (s->recv_start == 0 || !rustlex_is(lex, &t[s->recv_start - 1], "&"))) {
			buf_puts(why, "the clone's argument is not `&x`: no mechanical edit");
			return -1;
		}
		while (i >= 2 && rustlex_is(lex, &t[i - 1], "::") && t[i - 2].kind == TOK_IDENT)
			i -= 2;
		if (i >= 1 && (rustlex_is(lex, &t[i - 1], "::") || rustlex_is(lex, &t[i - 1], ">"))) {
			buf_puts(why, "a qualified path (`<T as Clone>::clone`): no mechanical edit");
			return -1;
		}
		start = t[i].off;
		first = i;
		parens = !plain_place(lex, s->recv_start, s->recv_end);
	}
	if (kind == CLONE_EDIT_DEREF) {
		/* `*r`, and `(*r)` where a method, field, index or `?` follows (they
		 * bind tighter than `*`) */
		size_t after = s->call_close + 1;
		int postfix = after < lex->count && (rustlex_is(lex, &t[after], ".") || rustlex_is(lex, &t[after], "?") ||
		                                     rustlex_is(lex, &t[after], "["));
		if (s->form == RS_METHOD)
			parens = !plain_place(lex, s->recv_start, s->recv_end) &&
			         !rustlex_is(lex, &t[s->recv_start], "(");
		if (postfix)
			bad |= buf_putc(&out->replacement, '(');
		bad |= buf_putc(&out->replacement, '*');
		if (parens)
			bad |= buf_putc(&out->replacement, '(');
		bad |= buf_append(&out->replacement, lex->text + recv_a, recv_b - recv_a);
		if (parens)
			bad |= buf_putc(&out->replacement, ')');
		if (postfix)
			bad |= buf_putc(&out->replacement, ')');
		parens = 0;
		goto made;
	}
	switch (kind) {
	case CLONE_EDIT_DROP:
		break;
	case CLONE_EDIT_BORROW:
		bad |= buf_putc(&out->replacement, '&');
		break;
	case CLONE_EDIT_TAKE:
	case CLONE_EDIT_TAKE_CORE:
		bad |= buf_puts(&out->replacement, kind == CLONE_EDIT_TAKE ? "std::mem::take(&mut " : "core::mem::take(&mut ");
		break;
	default:
		buf_puts(why, "the finding proposes no change");
		return -1;
	}
	if (parens)
		bad |= buf_putc(&out->replacement, '(');
	bad |= buf_append(&out->replacement, lex->text + recv_a, recv_b - recv_a);
	if (parens)
		bad |= buf_putc(&out->replacement, ')');
	if (kind == CLONE_EDIT_TAKE || kind == CLONE_EDIT_TAKE_CORE)
		bad |= buf_putc(&out->replacement, ')');
made:
	if (bad) {
		buf_puts(why, "out of memory");
		return -1;
	}
	{ /* how the copy is used where it is made */
		size_t after = s->call_close + 1;
		out->copy_used_in_place =
			(after < lex->count && (rustlex_is(lex, &t[after], ".") || rustlex_is(lex, &t[after], "[") ||
			                        rustlex_is(lex, &t[after], "?"))) ||
			(first >= 1 && rustlex_is(lex, &t[first - 1], "mut")) ||
			(first >= 3 && rustlex_is(lex, &t[first - 1], "=") && t[first - 2].kind == TOK_IDENT &&
			 rustlex_is(lex, &t[first - 3], "mut"));
		out->copy_method_in_place =
			(after + 2 < lex->count && rustlex_is(lex, &t[after], ".") && t[after + 1].kind == TOK_IDENT &&
			 rustlex_is(lex, &t[after + 2], "(")) ||
			(first >= 2 && rustlex_is(lex, &t[first - 1], "mut") && rustlex_is(lex, &t[first - 2], "&")) || /* &mut x.clone() */
			(first >= 4 && rustlex_is(lex, &t[first - 1], "=") && t[first - 2].kind == TOK_IDENT &&
			 rustlex_is(lex, &t[first - 3], "mut") && rustlex_is(lex, &t[first - 4], "ref")); /* let ref mut y = */
	}
	out->start = start;
	out->end = end;
	out->line = line_of(lex, start, &ls);
	out->col = column_of(lex->text, ls, start);
	out->end_line = line_of(lex, end, &ls);
	out->end_col = column_of(lex->text, ls, end);
	return 0;
}

int clone_edit_make(clone_edit *out, const char *text, size_t len, uint32_t line, uint32_t col,
                    enum clone_edit_kind kind, buf *why)
{
	rustlex_result lex;
	rustscan_result rs;
	size_t i;
	int rc = -1, found = 0;

	memset(&lex, 0, sizeof(lex));
	memset(&rs, 0, sizeof(rs));
	if (rustlex_lex(&lex, text, len) < 0 || rustscan_scan(&rs, &lex) < 0) {
		buf_puts(why, "out of memory");
		goto done;
	}
	for (i = 0; i < rs.site_count; i++) {
		const rustlex_token *t = &lex.tokens[rs.sites[i].tok];
		if (t->line == line && t->col == col) {
			found = 1;
			rc = make(out, &rs, &rs.sites[i], kind, why);
			break;
		}
	}
	if (!found)
		buf_printf(why, "no clone call at line %u, column %u of the file", line, col);
done:
	rustscan_free(&rs);
	rustlex_free(&lex);
	return rc;
}

int clone_edit_apply(buf *out, const char *text, size_t len, const clone_edit *const *edits, size_t n,
                     size_t *new_start)
{
	size_t at = 0, i;
	int bad = 0;

	buf_clear(out);
	for (i = 0; i < n; i++) {
		const clone_edit *e = edits[i];
		bad |= buf_append(out, text + at, e->start - at);
		if (new_start)
			new_start[i] = out->len;
		bad |= buf_append(out, buf_cstr(&e->replacement), e->replacement.len);
		at = e->end;
	}
	bad |= buf_append(out, text + at, len - at);
	return bad ? -1 : 0;
}

void clone_edit_free(clone_edit *e)
{
	if (e)
		buf_free(&e->replacement);
}
