#include "config.h"

#include "pyhot.h"

#include <stdlib.h>
#include <string.h>

/* How many calls below an entry point a def is still marked: as for Rust
 * (hotpaths.c), three. */
#define PYHOT_DEPTH 3

static int p_is(const pylex_result *lx, size_t i, const char *s)
{
	return i < lx->count && pylex_is(lx, &lx->tokens[i], s);
}

static int p_kind(const pylex_result *lx, size_t i, pylex_kind k)
{
	return i < lx->count && lx->tokens[i].kind == k;
}

static int in_list(const strlist *l, const pylex_result *lx, size_t i)
{
	return i < lx->count && strlist_has(l, lx->text + lx->tokens[i].off, lx->tokens[i].len);
}

static int same_text(const pylex_result *lx, size_t a, size_t b)
{
	return lx->tokens[a].len == lx->tokens[b].len &&
	       memcmp(lx->text + lx->tokens[a].off, lx->text + lx->tokens[b].off, lx->tokens[a].len) == 0;
}

static int is_def(const pylex_block *b)
{
	return b->kind == PYBLOCK_DEF || b->kind == PYBLOCK_ASYNC_DEF;
}

/* Set block b's reason once (the first reason found wins). */
static int mark(pyhot_map *m, size_t b, buf *why)
{
	if (m->why[b])
		return 0;
	if (!(m->why[b] = strdup(buf_cstr(why))))
		return -1;
	return 1;
}

/* The decorators above def block b: `@app.post("/chat")` lines.  The
 * route decorator's token (`post`), or PYLEX_NONE; *first: the first
 * token of its name (`app`). */
static size_t route_decorator(const pylex_result *lx, const pylex_block *b, const audit_rules *ar, size_t *first)
{
	size_t k = b->head;

	while (k > 0 && p_kind(lx, k - 1, PYTOK_NEWLINE)) {
		size_t j = k - 1, start, i;
		/* back to the start of that logical line */
		while (j > 0) {
			size_t p = j - 1;
			if (p_kind(lx, p, PYTOK_CLOSE) && lx->tokens[p].pair_ok) {
				j = lx->tokens[p].pair;
				continue;
			}
			if (p_kind(lx, p, PYTOK_NEWLINE) || p_kind(lx, p, PYTOK_INDENT) || p_kind(lx, p, PYTOK_DEDENT))
				break;
			j = p;
		}
		start = j;
		if (!p_is(lx, start, "@"))
			break;
		/* @X.Y.NAME( : the last name before the call */
		for (i = start + 1; i + 1 < k - 1; i++)
			if (p_kind(lx, i, PYTOK_OPEN) && p_is(lx, i, "(")) {
				if (i >= 2 && p_is(lx, i - 2, ".") && in_list(&ar->py_route_decorator, lx, i - 1)) {
					*first = start + 1;
					return i - 1;
				}
				break;
			}
		k = start;
	}
	return PYLEX_NONE;
}

/* Is token t a request type: one of py_request_type, or a name that ends
 * in `Request` as the Rust half reads it (`ChatCompletionRequest`,
 * `ServerRequest`)? */
static int request_type_at(const pylex_result *lx, size_t t, const audit_rules *ar)
{
	const pylex_token *k = &lx->tokens[t];

	return p_kind(lx, t, PYTOK_IDENT) &&
	       (in_list(&ar->py_request_type, lx, t) ||
	        (k->len > 7 && memcmp(lx->text + k->off + k->len - 7, "Request", 7) == 0));
}

/* A parameter of def block b annotated with a request type (`request:
 * Request`, `req: web.Request`, `request: Union[ServerRequest, ..]`,
 * `Optional[..]`): the type's token, or PYLEX_NONE.  (llumnix's BladeLLM
 * client deep-copies each `request: Union[ServerRequest, ..]` it is
 * handed: a held-out recall miss, sample 31.) */
static size_t request_param(const pylex_result *lx, const pylex_block *b, const audit_rules *ar)
{
	size_t open = b->head, i, close;

	while (open < b->colon && !(p_kind(lx, open, PYTOK_OPEN) && p_is(lx, open, "(")))
		open++;
	if (open >= b->colon || !lx->tokens[open].pair_ok)
		return PYLEX_NONE;
	close = lx->tokens[open].pair;
	for (i = open + 1; i + 1 < close; i++) {
		size_t t;
		if (p_kind(lx, i, PYTOK_OPEN) && lx->tokens[i].pair_ok) {
			i = lx->tokens[i].pair;
			continue;
		}
		if (!p_is(lx, i, ":") || !p_kind(lx, i - 1, PYTOK_IDENT))
			continue;
		for (t = i + 1; t + 2 < close && p_is(lx, t + 1, ".") && p_kind(lx, t + 2, PYTOK_IDENT);)
			t += 2; /* web.Request: the last name */
		if (request_type_at(lx, t, ar) && (p_is(lx, t + 1, ",") || p_is(lx, t + 1, ")") || p_is(lx, t + 1, "=")))
			return t;
		if ((p_is(lx, t, "Union") || p_is(lx, t, "Optional")) && p_is(lx, t + 1, "[") && lx->tokens[t + 1].pair_ok) {
			size_t u, end = lx->tokens[t + 1].pair;
			for (u = t + 2; u < end; u++)
				if (request_type_at(lx, u, ar) && (p_is(lx, u + 1, ",") || p_is(lx, u + 1, "]")))
					return u;
		}
	}
	return PYLEX_NONE;
}

/* Mark every def named like token name (a module function or a method:
 * within one file a name is what a call says).  -1 out of memory. */
static int mark_named(pyhot_map *m, size_t name, buf *why, size_t *queue, size_t *nq, unsigned char *depth,
                      unsigned d)
{
	const pylex_result *lx = m->lx;
	size_t b;
	int r;

	for (b = 0; b < lx->block_count; b++)
		if (is_def(&lx->blocks[b]) && lx->blocks[b].name != PYLEX_NONE && same_text(lx, lx->blocks[b].name, name)) {
			if ((r = mark(m, b, why)) < 0)
				return -1;
			if (r) {
				depth[b] = (unsigned char)d;
				queue[(*nq)++] = b;
			}
		}
	return 0;
}

/* How many defs of the file are named like token name. */
static size_t defs_named(const pylex_result *lx, size_t name)
{
	size_t b, n = 0;

	for (b = 0; b < lx->block_count; b++)
		n += is_def(&lx->blocks[b]) && lx->blocks[b].name != PYLEX_NONE && same_text(lx, lx->blocks[b].name, name);
	return n;
}

/* The name of def block b; "(unnamed)" for a def the lexer found none for
 * (`async def\x19consume(..)`: a byte no name starts with -- a fuzzer's
 * input, once a read past the tokens). */
static const char *name_of(const pylex_result *lx, size_t b, size_t *n)
{
	const pylex_token *t;

	if (lx->blocks[b].name == PYLEX_NONE || lx->blocks[b].name >= lx->count) {
		*n = sizeof "(unnamed)" - 1;
		return "(unnamed)";
	}
	t = &lx->tokens[lx->blocks[b].name];
	*n = t->len;
	return lx->text + t->off;
}

/* Is token i a def of the file handed to a local that its def then calls
 * -- `generate_func = generate_reply_HF` on a line of its own, and
 * `generate_func(..)` in the same def?  (text-generation-webui picks its
 * generation fn so, per request: a held-out recall miss, sample 37.) */
static int handed_to_local_called(const pylex_result *lx, size_t i)
{
	uint32_t fn;
	size_t k, local;

	if (i < 2 || !p_is(lx, i - 1, "=") || !p_kind(lx, i - 2, PYTOK_IDENT) || !p_kind(lx, i + 1, PYTOK_NEWLINE) ||
	    (i >= 3 && !(p_kind(lx, i - 3, PYTOK_NEWLINE) || p_kind(lx, i - 3, PYTOK_INDENT) ||
	                 p_kind(lx, i - 3, PYTOK_DEDENT))) ||
	    !defs_named(lx, i) || (fn = pylex_enclosing(lx, i, PYBLOCK_FUNCTIONS, 0)) == PYLEX_NONE)
		return 0;
	local = i - 2;
	for (k = lx->blocks[fn].body_start; k + 1 < lx->blocks[fn].body_end && k + 1 < lx->count; k++)
		if (k != local && p_kind(lx, k, PYTOK_IDENT) && same_text(lx, k, local) && p_is(lx, k + 1, "(") &&
		    !(k > 0 && p_is(lx, k - 1, ".")))
			return 1;
	return 0;
}

int pyhot_follows_call(const pylex_result *lx, size_t i)
{
	if (p_kind(lx, i, PYTOK_IDENT) && !p_is(lx, i + 1, "(") && handed_to_local_called(lx, i))
		return 1;
	if (!p_kind(lx, i, PYTOK_IDENT) || !p_is(lx, i + 1, "("))
		return 0;
	/* `helper(..)` or `self.helper(..)`; `obj.helper(..)` only when this
	 * file defines one def of that name (`worker.generate(..)` of the
	 * module's worker: its class is here), so that `json.dumps(..)` does
	 * not reach a `dumps` method of the file by name alone */
	return !(i > 0 && p_is(lx, i - 1, ".") && !(i > 1 && p_is(lx, i - 2, "self")) && defs_named(lx, i) != 1);
}

int pyhot_build(pyhot_map *m, const pylex_result *lx, const audit_rules *ar, const pycalls *across, const char *path)
{
	size_t b, i, nq = 0, q;
	size_t *queue = NULL;
	unsigned char *depth = NULL;
	buf why = BUF_INIT;
	int rc = -1;

	memset(m, 0, sizeof(*m));
	m->lx = lx;
	m->n = lx->block_count;
	if (!m->n)
		return 0;
	m->why = calloc(m->n, sizeof(*m->why));
	queue = malloc(m->n * sizeof(*queue));
	depth = calloc(m->n, 1);
	if (!m->why || !queue || !depth)
		goto done;

	/* entry points: routes by decorator or request-typed parameter */
	for (b = 0; b < lx->block_count; b++) {
		const pylex_block *blk = &lx->blocks[b];
		size_t at, n, first = 0;
		const char *name;
		if (!is_def(blk) || blk->name == PYLEX_NONE)
			continue;
		name = name_of(lx, b, &n);
		buf_clear(&why);
		if ((at = route_decorator(lx, blk, ar, &first)) != PYLEX_NONE)
			buf_printf(&why, "per request: `%.*s` is a route (`@%.*s`, line %u)", (int)n, name,
			           (int)(lx->tokens[at].off + lx->tokens[at].len - lx->tokens[first].off),
			           lx->text + lx->tokens[first].off, lx->tokens[at].line);
		else if ((at = request_param(lx, blk, ar)) != PYLEX_NONE)
			buf_printf(&why, "per request: `%.*s` takes a `%.*s` (line %u)", (int)n, name, (int)lx->tokens[at].len,
			           lx->text + lx->tokens[at].off, lx->tokens[at].line);
		else
			continue;
		if (why.len == 0 || mark(m, b, &why) < 0)
			goto done;
		queue[nq++] = b;
	}
	/* entry points: defs that code of other files reaching them from its
	 * own entry points calls (pycalls.h) */
	for (b = 0; across && b < lx->block_count; b++) {
		const pylex_block *blk = &lx->blocks[b];
		size_t n;
		const char *name, *reason;
		if (!is_def(blk) || blk->name == PYLEX_NONE || m->why[b])
			continue;
		name = name_of(lx, b, &n);
		if (!(reason = pycalls_reason(across, path, name, n)))
			continue;
		buf_clear(&why);
		if (buf_puts(&why, reason) < 0 || mark(m, b, &why) < 0)
			goto done;
		queue[nq++] = b;
	}
	/* entry points: defs a registration call names (`add_get("/", handle)`) */
	for (i = 0; i + 1 < lx->count; i++) {
		size_t open = i + 1, a;
		if (!p_kind(lx, i, PYTOK_IDENT) || !in_list(&ar->py_handler_call, lx, i) || !p_is(lx, open, "(") ||
		    !lx->tokens[open].pair_ok)
			continue;
		for (a = open + 1; a < lx->tokens[open].pair; a++) {
			size_t name;
			if (p_kind(lx, a, PYTOK_OPEN) && lx->tokens[a].pair_ok) {
				a = lx->tokens[a].pair;
				continue;
			}
			if (!p_kind(lx, a, PYTOK_IDENT) || !(p_is(lx, a + 1, ",") || a + 1 == lx->tokens[open].pair))
				continue;
			name = a; /* handle, self.handle, endpoint=handle */
			buf_clear(&why);
			buf_printf(&why, "per request: `%.*s` is registered by `%.*s` (line %u)", (int)lx->tokens[name].len,
			           lx->text + lx->tokens[name].off, (int)lx->tokens[i].len, lx->text + lx->tokens[i].off,
			           lx->tokens[i].line);
			if (why.len == 0 || mark_named(m, name, &why, queue, &nq, depth, 0) < 0)
				goto done;
		}
	}
	/* what they call in this file, up to PYHOT_DEPTH calls below */
	for (q = 0; q < nq; q++) {
		const pylex_block *blk = &lx->blocks[queue[q]];
		size_t n;
		const char *name = name_of(lx, queue[q], &n);
		if (depth[queue[q]] >= PYHOT_DEPTH)
			continue;
		for (i = blk->body_start; i + 1 < blk->body_end && i + 1 < lx->count; i++) {
			if (!pyhot_follows_call(lx, i))
				continue;
			buf_clear(&why);
			buf_printf(&why, "per request, via `%.*s` (line %u): %s", (int)n, name,
			           lx->tokens[blk->head].line, m->why[queue[q]]);
			if (why.len == 0 || mark_named(m, i, &why, queue, &nq, depth, depth[queue[q]] + 1u) < 0)
				goto done;
		}
	}
	rc = 0;
done:
	free(queue);
	free(depth);
	buf_free(&why);
	if (rc < 0)
		pyhot_free(m);
	return rc;
}

int pyhot_reason_at(const pyhot_map *m, size_t tok, buf *why)
{
	const pylex_result *lx = m->lx;
	uint32_t fn, loop;

	if (!lx || !m->why)
		return 0;
	fn = pylex_enclosing(lx, tok, PYBLOCK_FUNCTIONS, 0);
	if (fn != PYLEX_NONE && m->why[fn]) {
		if (why && buf_puts(why, m->why[fn]) < 0)
			return -1;
		return 1;
	}
	if (fn == PYLEX_NONE || lx->blocks[fn].kind != PYBLOCK_ASYNC_DEF)
		return 0;
	/* the body of a `while True:` or `async for` loop of an async def */
	for (loop = pylex_enclosing(lx, tok, PYBLOCK_BIT(PYBLOCK_WHILE) | PYBLOCK_BIT(PYBLOCK_ASYNC_FOR), 1);
	     loop != PYLEX_NONE;
	     loop = pylex_enclosing(lx, lx->blocks[loop].head, PYBLOCK_BIT(PYBLOCK_WHILE) | PYBLOCK_BIT(PYBLOCK_ASYNC_FOR), 1)) {
		const pylex_block *l = &lx->blocks[loop];
		int forever = l->kind == PYBLOCK_WHILE && p_is(lx, l->head + 1, "True") && l->head + 2 == l->colon;
		if (forever || l->kind == PYBLOCK_ASYNC_FOR) {
			if (why) {
				size_t n;
				const char *name = name_of(lx, fn, &n);
				if (buf_printf(why, "per event: in the `%s` loop of `%.*s` (line %u)",
				               forever ? "while True" : "async for", (int)n, name, lx->tokens[l->head].line) < 0)
					return -1;
			}
			return 1;
		}
		if (lx->blocks[loop].head == 0)
			break;
	}
	return 0;
}

void pyhot_free(pyhot_map *m)
{
	size_t i;

	for (i = 0; m->why && i < m->n; i++)
		free(m->why[i]);
	free(m->why);
	memset(m, 0, sizeof(*m));
}
