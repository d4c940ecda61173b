#include "config.h"

#include "hotpaths.h"

#include <stdlib.h>
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

/* Is fn g of rs named by token k? */
static int fn_named(const rustscan_result *rs, size_t g, size_t k)
{
	const rustlex_token *t = rs->lex->tokens, *name = &t[rs->fns[g].name];

	return name->len == t[k].len && memcmp(rs->lex->text + name->off, rs->lex->text + t[k].off, t[k].len) == 0;
}

/* The first fn from g on that token k names and the map has not marked
 * yet (test fns aside); m->n when none. */
static size_t unmarked_named(const hotpaths_map *m, size_t k, size_t g)
{
	for (; g < m->n; g++)
		if (!m->why[g] && !m->rs->fns[g].is_test && fn_named(m->rs, g, k))
			break;
	return g;
}

/* Mark the fns token k names, each with a copy of why, and queue them
 * for their own calls.  0, or -1 when memory ran out. */
static int mark_named(hotpaths_map *m, size_t k, const buf *why, size_t *queue, size_t *nq)
{
	size_t g;

	for (g = unmarked_named(m, k, 0); g < m->n; g = unmarked_named(m, k, g + 1)) {
		if (!(m->why[g] = strdup(buf_cstr(why))))
			return -1;
		queue[(*nq)++] = g;
	}
	return 0;
}

/* Is fn f a free fn (not in an impl, not a test) with a hot call's reason
 * in the library?  The reason, or NULL. */
static const char *hot_call_of(const rustscan_result *rs, const typelib *tl, const rs_fn *f)
{
	const rustlex_token *t;

	/* free fns only: a method's name alone does not say which type's it
	 * is, and one the workspace defines once may still be another crate's
	 * (`prometheus_handle.render()` is not the benchmark's `render`) */
	if (!tl || f->impl != RS_NONE || f->is_test || f->name == RS_NONE)
		return NULL;
	t = &rs->lex->tokens[f->name];
	return typelib_hot_call(tl, rs->lex->text + t->off, t->len);
}

int hotpaths_called_here(const rustscan_result *rs, const typelib *tl)
{
	size_t i;

	for (i = 0; tl && tl->nhot_calls && i < rs->fn_count; i++)
		if (hot_call_of(rs, tl, &rs->fns[i]))
			return 1;
	return 0;
}

int hotpaths_calls_out(const hotpaths_map *m, const char *path, buf *out)
{
	const rustscan_result *rs = m->rs;
	const rustlex_token *t = rs->lex->tokens;
	size_t f, k, g;

	for (f = 0; f < m->n; f++) {
		const rs_fn *fn = &rs->fns[f];
		if (!m->why[f] || fn->body_open == RS_NONE || fn->body_close == RS_NONE)
			continue;
		for (k = fn->body_open + 1; k + 1 < fn->body_close; k++) {
			char first = rs->lex->text[t[k].off];
			if (t[k].kind != TOK_IDENT || !is(rs, k + 1, "(") || is(rs, k - 1, "fn") || is(rs, k - 1, ".") ||
			    !(first >= 'a' && first <= 'z') || ident_in(rs, k, &m->ar->hot_call_skip))
				continue;
			/* `kv::key_hash(..)` yes, `Type::new(..)` and `Self::f(..)` no */
			if (is(rs, k - 1, "::") && (k < 2 || t[k - 2].kind != TOK_IDENT ||
			                            !(rs->lex->text[t[k - 2].off] >= 'a' && rs->lex->text[t[k - 2].off] <= 'z')))
				continue;
			for (g = 0; g < rs->fn_count && !fn_named(rs, g, k); g++) /* defined here: the in-file graph's */
				;
			if (g < rs->fn_count)
				continue;
			buf_append(out, rs->lex->text + t[k].off, t[k].len);
			buf_puts(out, "\tper request, called from `");
			buf_append(out, rs->lex->text + t[fn->name].off, t[fn->name].len);
			if (buf_printf(out, "` in %s (line %u)%s\n", path, t[k].line, m->why[f] + strlen("per request")) < 0)
				return -1;
		}
	}
	return 0;
}

int hotpaths_build(hotpaths_map *m, const rustscan_result *rs, const audit_rules *ar, const typelib *tl)
{
	size_t *queue = NULL, *depth = NULL, nq = 0, head = 0, i, k;
	buf why = BUF_INIT;
	int rc = -1;

	memset(m, 0, sizeof(*m));
	m->rs = rs;
	m->ar = ar;
	m->n = rs->fn_count;
	if (!m->n)
		return 0;
	if (!(m->why = calloc(m->n, sizeof(*m->why))) || !(queue = malloc(m->n * sizeof(*queue))) ||
	    !(depth = calloc(m->n, sizeof(*depth))))
		goto done;
	for (i = 0; i < m->n; i++) { /* the entries */
		int r;
		buf_clear(&why);
		if (rs->fns[i].is_test || (r = takes_request(rs, ar, &rs->fns[i], &why)) == 0)
			continue;
		if (r < 0 || !(m->why[i] = strdup(buf_cstr(&why))))
			goto done;
		queue[nq++] = i;
	}
	for (i = 0; i < m->n; i++) { /* free fns per-request code of other files calls */
		const char *reason = m->why[i] ? NULL : hot_call_of(rs, tl, &rs->fns[i]);
		if (!reason)
			continue;
		if (!(m->why[i] = strdup(reason)))
			goto done;
		queue[nq++] = i;
	}
	/* `.route("/v1/chat", post(handle_chat))`, `service_fn(serve)`: the
	 * fns of this file a handler_call names */
	for (k = 0; k + 3 < rs->lex->count; k++) {
		const rustlex_token *t = rs->lex->tokens;
		/* (the shape first: it rules out nearly every token of the file
		 * before a list is looked up) */
		if (!is(rs, k + 1, "(") || t[k + 2].kind != TOK_IDENT || !is(rs, k + 3, ")") ||
		    !ident_in(rs, k, &ar->handler_call) || (k > 0 && is(rs, k - 1, "fn")) || unmarked_named(m, k + 2, 0) == m->n)
			continue;
		buf_clear(&why);
		buf_puts(&why, "per request: `");
		buf_append(&why, rs->lex->text + t[k + 2].off, t[k + 2].len);
		buf_puts(&why, "` is a handler (`");
		buf_append(&why, rs->lex->text + t[k].off, t[k].len);
		if (buf_printf(&why, "(..)` at line %u)", t[k].line) < 0 || mark_named(m, k + 2, &why, queue, &nq) < 0)
			goto done;
	}
	while (head < nq) { /* what they call, three calls deep */
		size_t f = queue[head++], before = nq;
		const rs_fn *fn = &rs->fns[f];
		const rustlex_token *t = rs->lex->tokens;
		if (depth[f] >= 3 || fn->body_open == RS_NONE || fn->body_close == RS_NONE)
			continue;
		for (k = fn->body_open + 1; k + 1 < fn->body_close; k++) {
			if (t[k].kind != TOK_IDENT || !is(rs, k + 1, "(") || is(rs, k - 1, "fn") ||
			    (is(rs, k - 1, ".") && !(k >= 2 && is(rs, k - 2, "self"))) ||
			    (is(rs, k - 1, "::") && !(k >= 2 && is(rs, k - 2, "Self"))) || unmarked_named(m, k, 0) == m->n)
				continue;
			/* "per request, via `caller` (line N)" and the caller's own reason */
			buf_clear(&why);
			buf_puts(&why, "per request, via `");
			buf_append(&why, rs->lex->text + t[fn->name].off, t[fn->name].len);
			if (buf_printf(&why, "` (line %u)%s", t[k].line, m->why[f] + strlen("per request")) < 0 ||
			    mark_named(m, k, &why, queue, &nq) < 0)
				goto done;
		}
		for (i = before; i < nq; i++)
			depth[queue[i]] = depth[f] + 1;
	}
	rc = 0;
done:
	buf_free(&why);
	free(queue);
	free(depth);
	if (rc < 0)
		hotpaths_free(m);
	return rc;
}

void hotpaths_free(hotpaths_map *m)
{
	size_t i;

	for (i = 0; m->why && i < m->n; i++)
		free(m->why[i]);
	free(m->why);
	memset(m, 0, sizeof(*m));
}

int hotpaths_reason_at(const hotpaths_map *m, size_t tok, uint32_t fn, buf *why)
{
	int r;

	if (!m || !m->why || fn == RS_NONE || fn >= m->n || m->rs->fns[fn].is_test)
		return 0;
	if ((r = in_event_loop(m->rs, m->ar, tok, why)) != 0)
		return r;
	if (!m->why[fn])
		return 0;
	return why && buf_puts(why, m->why[fn]) < 0 ? -1 : 1;
}
