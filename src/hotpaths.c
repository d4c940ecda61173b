#include "config.h"

#include "hotpaths.h"

#include <string.h>

static int is(const rustscan_result *rs, size_t i, const char *s)
{
	return i < rs->lex->count && rustlex_is(rs->lex, &rs->lex->tokens[i], s);
}

static int ident_in(const rustscan_result *rs, size_t i, const strlist *l)
{
	const rustlex_token *t = &rs->lex->tokens[i];

	return t->kind == TOK_IDENT && strlist_has(l, rs->lex->text + t->off, t->len);
}

/* Does the identifier at i end in "Request" (`ChatCompletionRequest`)? */
static int request_named(const rustscan_result *rs, size_t i)
{
	const rustlex_token *t = &rs->lex->tokens[i];

	return t->kind == TOK_IDENT && t->len >= 7 && memcmp(rs->lex->text + t->off + t->len - 7, "Request", 7) == 0;
}

/* The fn takes a request: a parameter type that names one. */
static int takes_request(const rustscan_result *rs, const audit_rules *ar, const rs_fn *fn, buf *why)
{
	const rustlex_token *t = rs->lex->tokens;
	size_t k, close;
	int in_type = 0;

	if (fn->params_open == RS_NONE || !t[fn->params_open].pair_ok)
		return 0;
	close = t[fn->params_open].pair;
	for (k = fn->params_open + 1; k < close; k++) {
		if (is(rs, k, ":"))
			in_type = 1;
		else if (is(rs, k, ","))
			in_type = 0;
		else if (in_type && (ident_in(rs, k, &ar->request_type) || request_named(rs, k))) {
			if (!why)
				return 1;
			buf_puts(why, "per request: `");
			buf_append(why, rs->lex->text + t[fn->name].off, t[fn->name].len);
			buf_puts(why, "` takes a `");
			buf_append(why, rs->lex->text + t[k].off, t[k].len);
			return buf_printf(why, "` (line %u)", t[fn->name].line) < 0 ? -1 : 1;
		}
	}
	return 0;
}

/* Token tok sits in a `while let .. = x.recv().await {` loop body. */
static int in_event_loop(const rustscan_result *rs, const audit_rules *ar, size_t tok, buf *why)
{
	const rustlex_token *t = rs->lex->tokens;
	size_t i, k;

	for (i = 0; i < rs->scope_count; i++) {
		const rs_scope *sc = &rs->scopes[i];
		if (sc->kind != RS_LOOP || !is(rs, sc->head, "while") || sc->start > tok || tok >= sc->end)
			continue;
		for (k = sc->head + 1; k + 3 < sc->start; k++)
			if (is(rs, k, ".") && ident_in(rs, k + 1, &ar->event_method) && is(rs, k + 2, "(") &&
			    t[k + 2].pair_ok && is(rs, t[k + 2].pair + 1, ".") && is(rs, t[k + 2].pair + 2, "await")) {
				if (!why)
					return 1;
				buf_puts(why, "per event: in the loop `while .. .");
				buf_append(why, rs->lex->text + t[k + 1].off, t[k + 1].len);
				return buf_printf(why, "().await` (line %u)", t[sc->head].line) < 0 ? -1 : 1;
			}
	}
	return 0;
}

int hotpaths_reason_at(const rustscan_result *rs, const audit_rules *ar, size_t tok, uint32_t fn, buf *why)
{
	int r;

	if (fn == RS_NONE || rs->fns[fn].is_test)
		return 0;
	if ((r = in_event_loop(rs, ar, tok, why)) != 0)
		return r;
	return takes_request(rs, ar, &rs->fns[fn], why);
}

int hotpaths_reason(const rustscan_result *rs, const audit_rules *ar, size_t si, buf *why)
{
	const rs_site *st = &rs->sites[si];

	return st->in_test ? 0 : hotpaths_reason_at(rs, ar, st->tok, st->fn, why);
}
