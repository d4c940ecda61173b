#include "config.h"

#include "evidence.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ev_stmt.h"
#include "ev_tokens.h"
#include "ev_types.h"
#include "flow.h"
#include "ownership.h"

/* The evidence for one site, gathered in one place from the modules that
 * answer each question: ev_types (the type and its cost), ownership (who
 * owns the root, live borrows), ev_stmt (statements, later uses), flow
 * (which later uses can run).  What is left here: the surroundings of
 * the clone (boundaries, format macros, Arc::new), the binding it is
 * stored in, closures that run once, and evidence_gather(). */

/* Is the `&` at token k a borrow, not the bit-and of two operands (`T.clone()
 * & U.clone()`: erg's type intersections, where `&U.clone()` read as a
 * borrow proposed `&U`, E0382)?  A borrow follows no operand: nothing, an
 * operator, an opening bracket, `,`, `=`, or a keyword that starts an
 * expression. */
static int unary_amp(const ctx *c, size_t k)
{
	static const char *const starts[] = { "return", "in", "match", "if", "while", "break", "yield", "else", "let",
		                              "move", "for", "loop", NULL };
	size_t i;

	if (k == 0)
		return 1;
	if (c->t[k - 1].kind == TOK_NUMBER || c->t[k - 1].kind == TOK_STRING || is(c, k - 1, "?") ||
	    (c->t[k - 1].kind == TOK_CLOSE && !is(c, k - 1, "}")))
		return 0;
	if (!is_ident(c, k - 1))
		return 1;
	for (i = 0; starts[i]; i++)
		if (is(c, k - 1, starts[i]))
			return 1;
	return 0;
}

/* Does the receiver [vs, ve) go on from a call whose result may be owned
 * (`sema.parse(..).syntax()`, `x.unwrap().field`)?  Only a call the
 * workspace declares to return a borrow, or a lend_method (`iter`,
 * `as_ref`, `get`, ...), hands on something that outlives the statement;
 * anything else is a temporary that `let y = &<receiver>;` would borrow
 * into and drop at once (E0716).  The line, or 0. */
static uint32_t borrows_into_temporary(const ctx *c, size_t vs, size_t ve)
{
	size_t k;

	for (k = vs; k + 1 < ve; k++) {
		size_t after;
		if (!is_ident(c, k) || !is_open(c, k + 1, '('))
			continue;
		after = skip_pair(c, k + 1) + 1;
		while (after < ve && is(c, after, "?"))
			after++;
		if (after >= ve) /* the last call: its own result is what `&` extends */
			continue;
		if (in_list(c, &c->ar->lend_method, k) || typelib_fn_lends(c->tl, c->text + c->t[k].off, c->t[k].len))
			continue;
		return c->t[k].line;
	}
	return 0;
}

static uint32_t source_changed_in(const ctx *c, const char *name, const char *field, size_t from, size_t to,
                                  size_t floor);

/* The receiver [vs, ve) starts with a call of a workspace fn that may lend
 * out of its arguments (`get_struct_def(&args[0])?`: some fn of that name
 * returns a reference): is a name lent to it (`&args[..]`)
 * changed in [from, to)?  Then a borrow in place of the copy would
 * still hold it there. */
static int call_arg_disturbed(const ctx *c, size_t vs, size_t ve, size_t from, size_t to, size_t floor)
{
	size_t open = vs + 1, close, k;
	char name[64];

	if (!is_ident(c, vs) || !is_open(c, open, '(') || !typelib_fn_may_lend(c->tl, c->text + c->t[vs].off, c->t[vs].len))
		return 0;
	close = skip_pair(c, open);
	if (close >= ve)
		return 0;
	for (k = open + 1; k + 1 < close; k++) {
		if (!is(c, k, "&") || !is_ident(c, k + 1) || !(is(c, k - 1, "(") || is(c, k - 1, ",")))
			continue;
		tok_text(c, k + 1, name, sizeof(name));
		if (source_changed_in(c, name, "", from, to, floor))
			return 1;
	}
	return 0;
}

/* Is token k inside a `move` closure or `async move` block that begins at
 * or after `from`?  Then the name there is the closure's own copy: moved
 * into it, whatever the closure does with it -- and such a closure may be
 * returned or stored (`.filter(move |g| g.args.contains(&arg))` in an
 * `impl Iterator + 'a`: a borrow in place of the copy would not live long
 * enough, clap's `groups_for_arg`, refuted by the compiler). */
static int captured_by_move(const ctx *c, size_t k, size_t from)
{
	size_t i;

	for (i = 0; i < c->rs->scope_count; i++) {
		const rs_scope *sc = &c->rs->scopes[i];
		if ((sc->kind == RS_CLOSURE || sc->kind == RS_ASYNC) && sc->is_move && sc->head >= from && sc->start <= k &&
		    k < sc->end)
			return 1;
	}
	return 0;
}

/* Is the name at token k an operand of a comparison or an arithmetic
 * operator (`syntax.name == lang_name`, `&lang_name != other`)?  Operators
 * do not coerce: with a reference bound in place of the copy the types
 * change (`String == &String` has no impl: bat, refuted E0277).  A method
 * call on it (`lang_name.len() > 3`) auto-references and is a read. */
static int operator_operand(const ctx *c, size_t k)
{
	static const char *const ops[] = { "==", "!=", "<", ">", "<=", ">=", "+", "-", "*", "/", "%" };
	size_t p = k > 0 && is(c, k - 1, "&") ? k - 1 : k, i;

	for (i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
		if ((p > 0 && is(c, p - 1, ops[i])) || (k + 1 < c->n && is(c, k + 1, ops[i])))
			return 1;
	return 0;
}

/* Is the name at k passed as `&name`, a whole argument, to a method?
 * With a reference bound in place of the copy the argument becomes
 * `&&T`: deref coercion mends that for a parameter of a known type, not
 * for a generic one -- `map.get(&key)` (`String: Borrow<&String>`,
 * E0277), chalk-engine's `c.could_match(.., &canon_goal)` (E0277) --
 * unless every method of the workspace by that name takes a `&` of a
 * known type there. */
static int ref_to_method(const ctx *c, size_t k)
{
	size_t open;

	if (k < 4 || !is(c, k - 1, "&") || !(is(c, k + 1, ",") || (c->t[k + 1].kind == TOK_CLOSE && is(c, k + 1, ")"))))
		return 0;
	for (open = k - 1; open > 0; open--) { /* the call's `(`, past earlier arguments */
		if (c->t[open].kind == TOK_CLOSE && c->t[open].pair_ok) {
			open = c->t[open].pair;
			continue;
		}
		if (c->t[open].kind == TOK_OPEN || is(c, open, ";"))
			break;
	}
	if (!is_open(c, open, '(') || open < 2)
		return 0;
	/* `recv.method(`, `recv.method::<T>(`: a method call */
	if (is(c, open - 1, ">")) {
		size_t q = open - 1;
		int depth = 0;
		for (; q > 0; q--) {
			if (is(c, q, ">"))
				depth++;
			else if (is(c, q, "<") && --depth == 0)
				break;
		}
		if (q < 3 || !is(c, q - 1, "::"))
			return 0;
		open = q - 1; /* so that open - 1 is the method's name */
	}
	if (!(is_ident(c, open - 1) && open >= 2 && is(c, open - 2, ".")))
		return 0;
	{ /* a method of the workspace whose parameter there is `&` of a known type: a read */
		unsigned arg = 0;
		size_t q;
		for (q = open + 1; q < k; q++) {
			if (c->t[q].kind == TOK_OPEN && c->t[q].pair_ok)
				q = c->t[q].pair;
			else if (is(c, q, ","))
				arg++;
		}
		return !typelib_param_concrete_ref(c->tl, c->text + c->t[open - 1].off, c->t[open - 1].len, arg);
	}
}

/* `Item { attrs: imp.attrs, .. }`, `f(imp.items)`: a field of the name at
 * k handed on by value -- a move out of it, unless the field is Copy,
 * which nothing here says (inherent: `let imp = self.clone();` then
 * `attrs: imp.attrs`, refuted E0507 when borrowed instead). */
static int field_handed_on(const ctx *c, size_t k, size_t floor)
{
	size_t n = k + 1;

	while (is(c, n, ".") && is_ident(c, n + 1) && !method_args_open(c, n + 1))
		n += 2;
	if (n == k + 1 || !(is(c, n, ",") || is(c, n, ")") || is(c, n, "}")) || in_format_macro(c, k, floor))
		return 0;
	return k > 0 && (is(c, k - 1, ":") || is(c, k - 1, ",") || is_open(c, k - 1, '('));
}

/* `if let Some(p) = opts.preview {`, `match opts.kind {`, `let v =
 * opts.values;`: a field of the name at k taken by a pattern that binds
 * it by value -- a move out of it, as field_handed_on's (navi's finder,
 * `let opts = finder_opts.clone();` then `if let Some(p) = opts.preview`,
 * refuted E0507 when borrowed instead).  A pattern that binds nothing
 * (`Some(_)`, `Kind::A`) or only `ref` names moves nothing; a `match` is
 * taken as moving (its arms are not read). */
static int field_destructured(const ctx *c, size_t k, size_t floor)
{
	size_t n = k + 1, p, eq;

	while (is(c, n, ".") && is_ident(c, n + 1) && !method_args_open(c, n + 1))
		n += 2;
	if (n == k + 1 || !(is_open(c, n, '{') || is(c, n, ";") || is(c, n, "else")) || k == 0 || k <= floor)
		return 0;
	if (is(c, k - 1, "match"))
		return 1;
	if (!is(c, k - 1, "="))
		return 0;
	eq = k - 1;
	for (p = eq; p > floor && !is(c, p - 1, "let") && !is(c, p - 1, ";") && !is_open(c, p - 1, '{') &&
	             !is(c, p - 1, "}");
	     p--)
		;
	if (!is(c, p - 1, "let"))
		return 1; /* `x = opts.values;`: an assignment moves it too */
	for (; p < eq; p++) {
		if (!is_ident(c, p) || is(c, p, "mut") || is(c, p, "_") || is(c, p + 1, "::") || is(c, p + 1, "(") ||
		    is_open(c, p + 1, '{') || is(c, p + 1, ":"))
			continue;
		if (is(c, p, "ref") || (p > 0 && is(c, p - 1, "ref")) || (c->text[c->t[p].off] >= 'A' && c->text[c->t[p].off] <= 'Z'))
			continue; /* `ref p`, and a unit variant or constant (`None`, `MAX`) */
		return 1;
	}
	return 0;
}

/* Does the statement starting at start assign, before token rs0, to a
 * place reached through the root -- `*root = ..`, `root.f = ..`,
 * `root[i] = ..` (any assignment operator) -- rather than to the root
 * itself? */
static int written_through_root(const ctx *c, size_t start, size_t rs0, const char *root)
{
	size_t k = start, p;

	if (is(c, k, "*"))
		k++;
	if (!names_root(c, k, root) || (k == start && !is(c, k + 1, ".") && !is_open(c, k + 1, '[')))
		return 0;
	for (p = k + 1; p < rs0; p++) {
		if (c->t[p].kind == TOK_OPEN && c->t[p].pair_ok && c->t[p].pair < rs0) {
			p = c->t[p].pair;
			continue;
		}
		if (is(c, p, "=") || is(c, p, "+=") || is(c, p, "-=") || is(c, p, "|=") || is(c, p, "&=") ||
		    is(c, p, "*=") || is(c, p, "/="))
			return 1;
		if (!(is(c, p, ".") || is_ident(c, p) || c->t[p].kind == TOK_CLOSE))
			return 0;
	}
	return 0;
}

/* How a `let NAME = <clone>;` binding is used until its block ends. */
static void bound_uses(const ctx *c, evidence *ev, int is_mut, size_t from, size_t until, size_t floor)
{
	size_t k, reads = 0, shadow_from = 0, shadow_to = 0;
	int blocked = 0;

	for (k = from; k < until; k++) {
		enum use_kind u;
		if (!names_root(c, k, ev->bound_to))
			continue;
		if (k >= shadow_from && k < shadow_to) {
			k = shadow_to;
			continue;
		}
		if (k > 0 && (is(c, k - 1, "let") || (is(c, k - 1, "mut") && is(c, k - 2, "let")))) {
			/* shadowed: past its initializer (which may still use the
			 * copy), to the end of the block the new name lives in */
			size_t end = let_end(c, k + 1, until);
			shadow_from = is(c, end, "=") ? stmt_end(c, end + 1, until) : end;
			shadow_to = block_end(c, shadow_from, until);
			continue;
		}
		if (field_label(c, k))
			continue;
		u = use_at(c, k, floor);
		/* (`for id in &parents`: with a borrow bound in place of the copy
		 * that iterates a `&&SmallVec`, no iterator: gix-revision, E0277) */
		if (u == USE_READ && (captured_by_move(c, k, from) || operator_operand(c, k) || ref_to_method(c, k) ||
		                      (k >= 2 && is(c, k - 1, "&") && is(c, k - 2, "in")) || field_handed_on(c, k, floor) ||
		                      field_destructured(c, k, floor)))
			u = USE_MOVE;
		/* `f(state, &x)` of an array copy: with a borrow bound in its
		 * place a `&&[u8; 4]`, which no coercion makes the `&[u8]` the
		 * callee takes (murmur3, E0308) -- deref coercion goes through
		 * `&&`, unsizing does not */
		if (u == USE_READ && ev->type[0] == '[' && k >= 2 && is(c, k - 1, "&") &&
		    (is_open(c, k - 2, '(') || is(c, k - 2, ",")))
			u = USE_MOVE;
		if (u == USE_READ) {
			if (!reads)
				ev->bound_first_read_line = c->t[k].line;
			ev->bound_last_read_line = c->t[k].line;
			reads++;
			continue;
		}
		blocked = 1;
		if (u == USE_MUT && !ev->bound_mutated_line)
			ev->bound_mutated_line = c->t[k].line;
		if (u == USE_MOVE && !ev->bound_moved_line) {
			ev->bound_moved_line = c->t[k].line;
			/* handed over as the block's value: returned */
			if (is(c, k + 1, "}") || is(c, k - 1, "return"))
				ev->bound_returned = 1;
			if (k > 1 && is_open(c, k - 1, '(') && (is(c, k - 2, "Ok") || is(c, k - 2, "Some")) &&
			    c->t[skip_pair(c, k - 1) + 1].kind == TOK_CLOSE)
				ev->bound_returned = 1;
		}
	}
	if (is_mut && !ev->bound_mutated_line)
		ev->bound_mutated_line = c->t[from > 0 ? from - 1 : 0].line;
	ev->bound_reads = blocked || is_mut ? 0 : (int)reads;
}

static void surroundings(const ctx *c, evidence *ev, const rs_site *st, size_t floor)
{
	size_t k = st->form == RS_PATH && st->path_type != RS_NONE ? st->path_type : st->recv_start;
	/* an argument of a format macro is only read -- but not a copy a
	 * method is then called on (`write!(f, "{}", self.clone().map(..)
	 * .collect::<Vec<_>>().join(", "))` consumes it: pest, E0507) */
	int innermost = !(st->call_close != RS_NONE && st->call_close + 1 < c->n && is(c, st->call_close + 1, "."));

	while (k > floor) {
		size_t p = k - 1;
		if (c->t[p].kind == TOK_CLOSE) {
			k = skip_pair(c, p);
			continue;
		}
		if (c->t[p].kind != TOK_OPEN) {
			if (is(c, p, ";"))
				innermost = 0;
			k = p;
			continue;
		}
		if ((is_open(c, p, '(') || is_open(c, p, '[') || is_open(c, p, '{')) && p > 1 && is(c, p - 1, "!") &&
		    in_list(c, &c->ar->format_macro, p - 2)) {
			if (innermost && !ev->borrow_how) {
				ev->borrow_how = "format!";
				tok_text(c, p - 2, ev->borrow_text, sizeof(ev->borrow_text));
			}
		} else if (innermost && !ev->borrow_how && (is_open(c, p, '{') || is_open(c, p, '[')) &&
		           in_format_macro(c, k, floor)) {
			/* inside an object or array literal of json!(..) */
			size_t q = p;
			while (q > floor && !(is(c, q, "!") && in_list(c, &c->ar->format_macro, q - 1)))
				q--;
			ev->borrow_how = "format!";
			tok_text(c, q - 1, ev->borrow_text, sizeof(ev->borrow_text));
		} else if (is_open(c, p, '(') && p > 0) {
			size_t callee = p - 1;
			if (is_ident(c, callee) && callee > 0 && is(c, callee - 1, ".") && in_list(c, &c->ar->send_method, callee)) {
				if (!ev->boundary[0]) {
					snprintf(ev->boundary, sizeof(ev->boundary), ".%.*s()", (int)c->t[callee].len,
					         c->text + c->t[callee].off);
					ev->boundary_line = c->t[callee].line;
				}
			} else if (is_ident(c, callee) && in_list(c, &c->ar->spawn_call, callee)) {
				size_t a = callee;
				while (a >= 2 && is(c, a - 1, "::") && is_ident(c, a - 2))
					a -= 2;
				range_text(c, a, callee + 1, ev->boundary, sizeof(ev->boundary));
				ev->boundary_line = c->t[callee].line;
			}
		}
		innermost = 0;
		k = p;
	}
}

/* Is the copy handed whole to a call that keeps it alive or leaks it
 * (`mem::forget(x.clone())`, `Arc::into_raw(x.clone())`,
 * `ManuallyDrop::new(x.clone())`)?  Then the copy is the point.  The
 * `leak_call` list names a fn (`forget`) or a type's fn
 * (`ManuallyDrop::new`). */
static void leak_of(const ctx *c, evidence *ev, const rs_site *st, size_t e0)
{
	size_t callee, a;
	char last2[64];

	if (e0 < 2 || st->call_close == RS_NONE || !is(c, e0 - 1, "(") || !is(c, st->call_close + 1, ")"))
		return;
	callee = e0 - 2;
	if (!is_ident(c, callee))
		return;
	last2[0] = '\0';
	if (callee >= 2 && is(c, callee - 1, "::") && is_ident(c, callee - 2))
		range_text(c, callee - 2, callee + 1, last2, sizeof(last2));
	if (!in_list(c, &c->ar->leak_call, callee) && !(last2[0] && strlist_has(&c->ar->leak_call, last2, strlen(last2))))
		return;
	for (a = callee; a >= 2 && is(c, a - 1, "::") && is_ident(c, a - 2);)
		a -= 2;
	range_text(c, a, callee + 1, ev->leak_call, sizeof(ev->leak_call));
	ev->leak_line = c->t[callee].line;
}

/* Is ev->field a method the receiver calls on its root (`self.get(path)
 * .display_name`)?  Then a borrow of the result borrows all of the root,
 * not one field of it. */
static int field_is_method(const evidence *ev)
{
	size_t nr = strlen(ev->root), nf = strlen(ev->field);
	const char *r = ev->receiver;

	if (strncmp(r, ev->root, nr) != 0 || r[nr] != '.' || strncmp(r + nr + 1, ev->field, nf) != 0)
		return 1; /* not the plain `root.field` the name says: assume the worst */
	r += nr + 1 + nf;
	return *r == '(' || *r == ':';
}

/* The type of what `while let Some(r) = NAME.recv().await` binds: the T
 * of the channel NAME comes from -- `let (tx, mut NAME) =
 * mpsc::channel::<T>(..)` (or `unbounded_channel::<T>()`), or NAME
 * declared `Receiver<T>` / `UnboundedReceiver<T>` (a local's annotation, a
 * parameter).  TR_NONE when nothing says (then a field of r is not moved
 * out: a channel may carry `Arc<T>`). */
static trange received_type(const ctx *c, const rs_fn *fn, size_t a, size_t b)
{
	char name[64];
	decl d;
	trange t = TR_NONE;
	evidence probe;
	size_t k, lt, head;

	if (!(b >= a + 7 && is_ident(c, a) && is(c, a + 1, ".") && is(c, a + 2, "recv") && is_open(c, a + 3, '(') &&
	      c->t[a + 3].pair == a + 4 && is(c, a + 5, ".") && is(c, a + 6, "await")))
		return TR_NONE;
	tok_text(c, a, name, sizeof(name));
	d = find_local(c, name, fn, a);
	if (d.last != RS_NONE && d.type.b > d.type.a)
		t = d.type;
	else if (d.last != RS_NONE && d.init_b > d.init_a) {
		/* `mpsc::channel::<T>(n)`: the turbofish's one argument */
		for (k = d.init_a; k + 3 < d.init_b; k++)
			if ((is(c, k, "channel") || is(c, k, "unbounded_channel")) && is(c, k + 1, "::") && is(c, k + 2, "<"))
				return type_arg(tr(c, k, d.init_b), 0);
		return TR_NONE;
	} else if (d.last == RS_NONE) {
		memset(&probe, 0, sizeof(probe));
		snprintf(probe.root, sizeof(probe.root), "%s", name);
		if (!find_param(c, &probe, fn, &t))
			return TR_NONE;
	}
	if (t.b <= t.a)
		return TR_NONE;
	t = strip_refs(t, NULL);
	head = type_head(t, &lt);
	if (head == RS_NONE || !(is(t.src, head, "Receiver") || is(t.src, head, "UnboundedReceiver")))
		return TR_NONE;
	return type_arg(t, 0); /* `Receiver<T>`: its one argument */
}

/* The line of a use of `name` in [from, to) that is not a read -- a
 * method that may take it whole, an assignment -- leaving out the other
 * fields when `field` names the one borrowed; or 0. */
static size_t enclosing_open(const ctx *c, size_t k, size_t floor);

static uint32_t source_changed_in(const ctx *c, const char *name, const char *field, size_t from, size_t to,
                                  size_t floor)
{
	size_t k;

	for (k = from; k < to; k++) {
		if (!names_root(c, k, name))
			continue;
		if (field[0] && is(c, k + 1, ".") && is_ident(c, k + 2) && !is(c, k + 2, field) && !is_open(c, k + 3, '('))
			continue; /* another field */
		if (field_label(c, k))
			continue; /* `Foo { name: x }` */
		if (use_at(c, k, floor) != USE_READ)
			return c->t[k].line;
		/* a field handed whole to a call, `sort_by_key(ctx.vm, &t, ..)`:
		 * it may be a `&mut` the root holds, reborrowed through it while
		 * the root is lent (koto's tuple sort, E0502) */
		if (!field[0] && k > 0 && (is(c, k - 1, "(") || is(c, k - 1, ",")) && is(c, k + 1, ".") && is_ident(c, k + 2) &&
		    (is(c, k + 3, ",") || is(c, k + 3, ")"))) {
			size_t open = enclosing_open(c, k, floor);
			if (open != RS_NONE && open >= 1 && is_open(c, open, '(') && is_ident(c, open - 1))
				return c->t[k].line;
		}
	}
	return 0;
}

/* Does the `{` at p open a closure's body: `|..| {`, `|..| -> T {`? */
static int closure_body_open(const ctx *c, size_t p, size_t floor)
{
	size_t q;

	if (p > 0 && (is(c, p - 1, "|") || is(c, p - 1, "||")))
		return 1;
	for (q = p; q > floor + 1 && q + 24 > p; q--) { /* back over the return type to `-> ` after the `|` */
		const rustlex_token *t = &c->t[q - 1];
		if (t->kind == TOK_CLOSE && t->pair_ok) {
			q = t->pair + 1;
			continue;
		}
		if (is(c, q - 1, "->"))
			return q >= 2 && (is(c, q - 2, "|") || is(c, q - 2, "||"));
		if (is(c, q - 1, ";") || is(c, q - 1, "{") || is(c, q - 1, "}") || is(c, q - 1, "="))
			return 0;
	}
	return 0;
}

/* The start of the statement around token k, out through the calls,
 * brackets and struct literals it sits in (`let pcx = &PlaceCtxt { cx,
 * ty };` from `ty`), not through a block; no further back than floor. */
static size_t value_stmt_start(const ctx *c, size_t k, size_t floor)
{
	while (k > floor) {
		size_t p = k - 1;
		if (c->t[p].kind == TOK_CLOSE && c->t[p].pair_ok) {
			k = c->t[p].pair;
			continue;
		}
		/* out of a closure's body: the closure is the statement's value
		 * (`let getfield = |r| -> Option<String> { columns.iter()..
		 * };`: distro-info, E0499) */
		if (is_open(c, p, '{') && closure_body_open(c, p, floor)) {
			k = p;
			continue;
		}
		if (is(c, p, ";") || is(c, p, "=>") || c->t[p].kind == TOK_CLOSE ||
		    (is_open(c, p, '{') && !(p > 0 && is_ident(c, p - 1) && !is(c, p - 1, "else") && !is(c, p - 1, "loop") &&
		                             !is(c, p - 1, "unsafe"))))
			return k;
		k = p;
	}
	return k;
}

/* The innermost bracket open before token k (back to floor) that closes
 * after it, or RS_NONE. */
static size_t enclosing_open(const ctx *c, size_t k, size_t floor)
{
	while (k > floor) {
		const rustlex_token *t = &c->t[--k];
		if (t->kind == TOK_CLOSE && t->pair_ok && t->pair < k)
			k = t->pair;
		else if (t->kind == TOK_OPEN)
			return t->pair_ok ? k : RS_NONE;
	}
	return RS_NONE;
}

/* How long a read of a name at q keeps what it holds borrowed: an
 * argument of a call, until the call returns -- past the arguments after
 * it (`dispatch(sq, c)`: sequoia's main, E0505 on held-out sample 33);
 * anything else, at q. */
static size_t held_until(const ctx *c, size_t q, size_t floor)
{
	size_t open = enclosing_open(c, q, floor), m = q + 1, args, until = q;

	if (open != RS_NONE && is_open(c, open, '('))
		until = c->t[open].pair;
	/* the receiver of a method call, until the call returns: `f.call_with_vm(
	 * self, ..)` holds what `f` borrows while `self` is handed on (rune's
	 * vm, held-out sample 37) */
	while (is(c, m, ".") && is_ident(c, m + 1) && !method_args_open(c, m + 1))
		m += 2;
	if (is(c, m, ".") && is_ident(c, m + 1) && (args = method_args_open(c, m + 1)) != 0 && c->t[args].pair > until)
		until = c->t[args].pair;
	return until;
}

#define HOLDERS 6 /* the bound name and the values that may hold its borrow */

/* The name at token holder may hold the borrow read at k: its reads after
 * that statement extend *last_read (each to the end of the call it is
 * handed to), and it joins names[] -- whose own reads are followed in
 * turn -- unless already there or names[] is full. */
static void follow_holder(const ctx *c, size_t holder, size_t k, size_t from, size_t until, char names[][64],
                          size_t *n, size_t *last_read)
{
	char other[64];
	size_t q, m;

	tok_text(c, holder, other, sizeof(other));
	for (q = stmt_end(c, k, until); q < until; q++) {
		size_t held = names_root(c, q, other) ? held_until(c, q, from) : 0;
		if (held > *last_read)
			*last_read = held;
	}
	for (m = 0; m < *n && strcmp(names[m], other) != 0; m++)
		;
	if (m == *n && *n < HOLDERS)
		snprintf(names[(*n)++], 64, "%s", other);
}

static int closure_takes_root_whole(const ctx *c, const char *root, size_t from, size_t to, size_t floor);

/* Is the original (root, or root.field) changed or moved while a borrow of
 * it would live -- up to the last read of the bound name, of a value made
 * from it, or the end of a loop it is read in?  Another field of the root
 * may change meanwhile, unless the borrow is of a method's result
 * (coreutils' tail: `let display_name = &self.get(path).display_name;`
 * before `self.header_printer.print(..)`, E0502). */
static int root_disturbed(const ctx *c, const evidence *ev, size_t from, size_t until, size_t floor)
{
	size_t k, last_read = from, n = 1, i;
	int disjoint_fields = ev->field[0] && !field_is_method(ev);
	/* the bound name, and the names of values made from it, which may hold
	 * the borrow in turn (`let buf = BufReader::new(content.as_bytes());`
	 * then `let handler = Lines::new(&mut buf);`: rspolib, E0502) */
	char names[HOLDERS][64];

	snprintf(names[0], sizeof(names[0]), "%s", ev->bound_to);
	for (i = 0; i < n; i++)
		for (k = from; k < until; k++)
			if (names_root(c, k, names[i])) {
				size_t s = value_stmt_start(c, k, from), name, q, held;
				/* past the statement's attributes: `#[allow(deprecated)] let sq
				 * = Sq { .., policy: &policy };` (sequoia's main) */
				while (is(c, s, "#") && is_open(c, s + 1, '[') && skip_pair(c, s + 1) < k)
					s = skip_pair(c, s + 1) + 1;
				if (k > last_read)
					last_read = k;
				/* an argument of a call: held until the call returns, past the
				 * arguments after it (`Value::partial_cmp_with(&lhs, &rhs,
				 * self)` hands on the `self` that `lhs` borrows out of: rune's
				 * vm, held-out sample 37, E0502) */
				held = held_until(c, k, s);
				if (held > last_read)
					last_read = held;
				/* iterated by a `for`: read until its body ends (gix-revision's
				 * `for parent_id in &commit_parents { graph.get_or_insert(..) }`) */
				if (k >= 1 && (is(c, k - 1, "in") || (k >= 2 && is(c, k - 1, "&") && is(c, k - 2, "in")))) {
					size_t b = k + 1;
					while (b < until && !is_open(c, b, '{') && !is(c, b, ";"))
						b = c->t[b].kind == TOK_OPEN ? skip_pair(c, b) + 1 : b + 1;
					if (is_open(c, b, '{') && skip_pair(c, b) > last_read)
						last_read = skip_pair(c, b);
				}
				/* ... or read anywhere in a `for` head, as in a closure of its
				 * iterator, `.filter(|s| !copy.contains(s))`: the iterator, and
				 * the borrow, live through the body (sequoia's approvals,
				 * E0502 on held-out sample 33) */
				for (q = 0; q < c->rs->scope_count; q++) {
					const rs_scope *sc = &c->rs->scopes[q];
					if (sc->kind == RS_LOOP && is(c, sc->head, "for") && sc->head < k && k < sc->start &&
					    sc->end > last_read)
						last_read = sc->end;
				}
				/* ... or handed to a method of another name, which may keep it:
				 * `policy.good_critical_notations(&known);` -- `policy` holds
				 * the borrow while it lives (sequoia's main, E0505 on held-out
				 * sample 33) */
				{
					size_t open = enclosing_open(c, k, s), recv;
					if (open != RS_NONE && is_open(c, open, '(') && open >= 3 && is_ident(c, open - 1) &&
					    is(c, open - 2, ".") && is_ident(c, (recv = open - 3)) && (recv == s || is(c, recv - 1, ";")) &&
					    !is(c, recv, "self") && !names_root(c, recv, names[i]))
						follow_holder(c, recv, k, from, until, names, &n, &last_read);
				}
				/* handed into another name's value, which may hold the borrow:
				 * `let pcx = &PlaceCtxt { cx, ty };` -- read until pcx's last
				 * read (rustc's pattern analysis, E0502) */
				name = is(c, s, "let") ? s + 1 + (size_t)is(c, s + 1, "mut") : RS_NONE;
				/* ... or into a tuple of names: `let (variable, command, opts)
				 * = parse_variable_line(&full)?;` -- each may hold a slice of it
				 * (navi's cheatsheet parser, E0506 when the original is
				 * assigned while they live) */
				size_t last = name != RS_NONE && is_open(c, name, '(') && c->t[name].pair_ok ? c->t[name].pair : name;
				for (; name != RS_NONE && name <= last && name < k; name++) {
					if (last != name && !(is_ident(c, name) && !is(c, name, "mut") && !is(c, name, "ref") &&
					                      !is(c, name, "_") && (is(c, name + 1, ",") || is(c, name + 1, ")"))))
						continue;
					if (last == name && !(is_ident(c, name) && (is(c, name + 1, "=") || is(c, name + 1, ":"))))
						break;
					if (!names_root(c, name, names[i]))
						follow_holder(c, name, k, from, until, names, &n, &last_read);
				}
			}
	/* a read in a loop the name was made before comes round again: the
	 * borrow lives through the whole loop (`matrix.unspecialize(..)` at
	 * the end of the body, `pcx` read again in the next pass) -- a read in
	 * the loop's head too, `while j > 0 && matches!(.., if !vars.contains(v))`,
	 * evaluated again after each pass of the body (egglog's loop lifting,
	 * `instrs.swap(..)` in the body: E0502) */
	for (k = 0; k < c->rs->scope_count; k++) {
		const rs_scope *sc = &c->rs->scopes[k];
		if (sc->kind == RS_LOOP && sc->head > from && sc->head <= last_read && last_read < sc->end)
			last_read = sc->end;
	}
	if (source_changed_in(c, ev->root, disjoint_fields ? ev->field : "", from, last_read, floor))
		return 1;
	return disjoint_fields && closure_takes_root_whole(c, ev->root, from, last_read, floor);
}

/* Is there a closure (not `move`) in [from, to) that both calls a method
 * of root (`self.cost_of(..)`: all of `*self`) and changes a field of it
 * (`self.costs.insert(..)`, `self.rank += 1`)?  Such a closure captures
 * root whole and uniquely, so no borrow of another field may live across
 * it (egglog's extractor: `let funcs = self.funcs.clone();` iterated
 * while `relax_hyperedge` does both -- E0500 with the copy a borrow). */
static int closure_takes_root_whole(const ctx *c, const char *root, size_t from, size_t to, size_t floor)
{
	size_t s, k;

	for (s = 0; s < c->rs->scope_count; s++) {
		const rs_scope *sc = &c->rs->scopes[s];
		int calls = 0, changes = 0;
		if (sc->kind != RS_CLOSURE || sc->is_move || sc->head < from || sc->head >= to)
			continue;
		for (k = sc->start; k + 3 < sc->end && !(calls && changes); k++) {
			if (!names_root(c, k, root) || !is(c, k + 1, ".") || !is_ident(c, k + 2))
				continue;
			if (is_open(c, k + 3, '('))
				calls = 1;
			else if (use_at(c, k + 2, floor) != USE_READ)
				changes = 1;
		}
		if (calls && changes)
			return 1;
	}
	return 0;
}

/* The name a value bound from [a, b) may still borrow: `matrix` of
 * `matrix.head_place()`, `self` and its field `config` of
 * `self.config.discover_workspace_config()` -- a chain of methods and
 * fields from a name, unless it ends in a method that makes an owned value
 * (`to_vec()`, `remove(..)`).  The name in out, the first field (if the
 * chain starts with one) in field, or 0. */
static int borrow_source(const ctx *c, size_t a, size_t b, char *out, size_t size, char *field, size_t fsize)
{
	size_t k = a, last = RS_NONE;

	if (is(c, k, "&"))
		k += is(c, k + 1, "mut") ? 2 : 1;
	/* `root.field..`, `root.m()..`, and an element of it, `&instrs[i]`, or
	 * the whole of it, `&opt` (a scrutinee: egglog's `if let Stage { .. }
	 * = &instrs[i]` binds parts of `instrs`, which `instrs.swap(..)` then
	 * changes -- E0502 with the copy of a part turned into a borrow) */
	if (!is_ident(c, k) || !(is(c, k + 1, ".") || (k > a && (is_open(c, k + 1, '[') || k + 1 == b))))
		return 0;
	tok_text(c, k, out, size);
	field[0] = '\0';
	if (is(c, k + 1, ".") && is_ident(c, k + 2) && !is_open(c, k + 3, '('))
		tok_text(c, k + 2, field, fsize);
	for (k++; k < b;) {
		if (is(c, k, ".") && is_ident(c, k + 1)) {
			last = RS_NONE;
			if (is_open(c, k + 2, '(')) {
				last = k + 1;
				k = skip_pair(c, k + 2) + 1;
			} else
				k += 2;
		} else if (is(c, k, "?") || is_open(c, k, '['))
			k = is(c, k, "?") ? k + 1 : skip_pair(c, k) + 1;
		else if (is(c, k, "else")) /* `let Some(p) = m.head() else { .. }` */
			break;
		else
			return 0;
	}
	return last == RS_NONE || !(in_list(c, &c->ar->owned_method, last) || in_list(c, &c->ar->take_method, last));
}

/* Is what a value bound from [ia, ib) was borrowed from (borrow_source)
 * changed in [from, until) while the copy's name would still borrow it
 * (root_disturbed)?  Followed a few names back -- `let function =
 * self.stack.at(f); match function.as_ref() { Repr::Any(value) => { let
 * value = value.clone(); .. f.call_with_vm(self, ..) } }` lends out of
 * `self` (rune's vm, held-out sample 37) -- and through each name of a
 * tuple, `match (lhs_value, rhs_value) { (List(a), List(b)) => { let a =
 * a.clone(); .. self.compare_value_ranges(&a.data(), ..) } }` with
 * `lhs_value` taken from `self.get_register(..)` (koto's vm, E0502 on
 * held-out sample 36). */
static int lent_source_disturbed(const ctx *c, const evidence *ev, const rs_fn *fn, size_t ia, size_t ib,
                                 size_t from, size_t until, size_t floor, int depth)
{
	evidence source;
	decl up;
	char name[64];

	if (depth > 3 || ib <= ia)
		return 0;
	if (is_open(c, ia, '(') && c->t[ia].pair_ok && c->t[ia].pair + 1 == ib) { /* a tuple: each of its parts */
		size_t close = c->t[ia].pair, start = ia + 1, k;
		for (k = start; k <= close; k++) {
			if (k < close && c->t[k].kind == TOK_OPEN) {
				k = skip_pair(c, k);
				continue;
			}
			if (k == close || is(c, k, ",")) {
				if (k > start && lent_source_disturbed(c, ev, fn, start, k, from, until, floor, depth + 1))
					return 1;
				start = k + 1;
			}
		}
		return 0;
	}
	if (ib == ia + 1 && is_ident(c, ia)) { /* a name: what it was bound from */
		tok_text(c, ia, name, sizeof(name));
		up = find_local(c, name, fn, ia);
		return up.last != RS_NONE && up.init_b > up.init_a && up.init_a < ia &&
		       lent_source_disturbed(c, ev, fn, up.init_a, up.init_b, from, until, floor, depth + 1);
	}
	source = *ev; /* the copy's facts (its bound name), of another root */
	if (!borrow_source(c, ia, ib, source.root, sizeof(source.root), source.field, sizeof(source.field)))
		return 0;
	snprintf(source.receiver, sizeof(source.receiver), "%s%s%s", source.root, source.field[0] ? "." : "",
	         source.field);
	if (root_disturbed(c, &source, from, until, floor))
		return 1;
	if (strcmp(source.root, "self") == 0)
		return 0;
	up = find_local(c, source.root, fn, ia);
	return up.last != RS_NONE && up.init_b > up.init_a && up.init_a < ia &&
	       lent_source_disturbed(c, ev, fn, up.init_a, up.init_b, from, until, floor, depth + 1);
}

/* The `{` (or `(`) of the `macro_rules! NAME { .. }` whose body holds
 * token k, out to the fn's body at floor, or RS_NONE. */
static size_t macro_rules_around(const ctx *c, size_t k, size_t floor)
{
	while (k > floor + 1) {
		const rustlex_token *t = &c->t[--k];
		if (t->kind == TOK_CLOSE) {
			if (!t->pair_ok)
				return RS_NONE;
			k = t->pair;
			continue;
		}
		if (t->kind == TOK_OPEN && k >= 3 && is_ident(c, k - 1) && is(c, k - 2, "!") && is(c, k - 3, "macro_rules"))
			return k;
	}
	return RS_NONE;
}

/* Out from token k to the fn's body at floor: is the clone inside a
 * repetition `$( .. )*`/`+`/`?` of a macro template (or `#( .. )*` of a
 * `quote!` one) with its root declared
 * outside the group (palette's `$($element: self.$element + c.clone(),)+`:
 * one expansion clones c per element, refuted E0382 when the copies were
 * dropped), or inside the arguments of a macro whose expansion nothing
 * here knows (`lazy_select! { if p => f(dst.clone()), else => .. }` wraps
 * each branch in a closure: E0505)?  A format_macro, owned_macro or
 * plain_macro is known: its arguments are evaluated once, in place. */
static void macro_context(const ctx *c, evidence *ev, size_t k, size_t floor)
{
	while (k > floor + 1) {
		size_t p = k - 1;
		if (c->t[p].kind == TOK_CLOSE) {
			if (!c->t[p].pair_ok)
				return;
			k = c->t[p].pair;
			continue;
		}
		k = p;
		if (c->t[p].kind != TOK_OPEN || !c->t[p].pair_ok)
			continue;
		/* (and a quasi-quote's `#( .. )*` -- `quote! { #(#field: value.clone(),)* }`
		 * in a derive: the generated fn clones once per field, and moves
		 * `value` once per field without it, E0382 in every expansion --
		 * strum_macros' EnumTable, held-out sample 42) */
		if (is_open(c, p, '(') && p > 0 && (is(c, p - 1, "$") || is(c, p - 1, "#"))) {
			size_t after = c->t[p].pair + 1;
			if (!ev->macro_repeat_line && (is(c, after, "*") || is(c, after, "+") || is(c, after, "?") ||
			                               is(c, after + 1, "*") || is(c, after + 1, "+")) &&
			    (ev->decl_tok == RS_NONE || ev->decl_tok < p))
				ev->macro_repeat_line = c->t[p].line;
			continue;
		}
		if (p >= 2 && is(c, p - 1, "!") && is_ident(c, p - 2) && !is(c, p - 2, "macro_rules")) {
			size_t name = p - 2;
			if (!in_list(c, &c->ar->format_macro, name) && !in_list(c, &c->ar->owned_macro, name) &&
			    !in_list(c, &c->ar->plain_macro, name)) {
				ev->macro_args_line = c->t[p].line;
				range_text(c, name, name + 1, ev->macro_name, sizeof(ev->macro_name));
			}
			return; /* the innermost macro call decides */
		}
	}
}

/* The first token of the method chain whose `.` is at token p:
 * `l.get(6..)?.ok_or_else` back to `l`, `self.a.b` back to `self`; or
 * RS_NONE when the chain starts with something else (a path, a call). */
static size_t chain_start(const ctx *c, size_t p)
{
	while (p > 0) {
		size_t q = p - 1;
		if (is(c, q, "?") && q > 0)
			q--;
		if (c->t[q].kind == TOK_CLOSE && is(c, q, ")") && c->t[q].pair_ok) {
			q = c->t[q].pair; /* a call in the chain: back to its method's name */
			if (q == 0 || !is_ident(c, q - 1) || q < 2 || !is(c, q - 2, "."))
				return RS_NONE;
			p = q - 2;
			continue;
		}
		if (!is_ident(c, q))
			return RS_NONE;
		if (q > 0 && is(c, q - 1, ".")) {
			p = q - 1;
			continue;
		}
		return q > 0 && is(c, q - 1, "::") ? RS_NONE : q;
	}
	return RS_NONE;
}

/* Does a method of the chain from r to the method name at m (not
 * included) make an owned value -- one of std's the rules list
 * (`to_string()`, `collect()`), or one every workspace fn of that name
 * returns by value?  Past it nothing borrows the chain's root.  A method
 * nothing says of (`canonicalize()`, a foreign `children()`) may lend. */
static int chain_owned(const ctx *c, size_t r, size_t m)
{
	size_t k;

	for (k = r + 1; k + 2 < m; k++)
		if (is(c, k, ".") && is_ident(c, k + 1) && is_open(c, k + 2, '(') &&
		    (in_list(c, &c->ar->owned_method, k + 1) ||
		     method_owned_in_workspace(c, k + 1)))
			return 1;
	return 0;
}

/* The line of a call around token k, out to its statement, whose
 * receiver chain starts at `root` (`root.method(..)`, `root.get(..)
 * .ok_or_else(..)`), or 0.  With `moves` 0, only a call by a method that
 * may take the root whole (use_at: not a read): a borrow of the root is
 * still alive when that call takes it.  With `moves` 1, any such call:
 * the receiver borrows the root while the argument would move it. */
static uint32_t call_on_root(const ctx *c, const char *root, const char *field, size_t k, size_t body_open,
                             size_t floor, int moves)
{
	size_t flen = strcspn(field, "."), i = k;

	while (i > body_open + 1) {
		const rustlex_token *t = &c->t[--i];
		size_t r;
		if (t->kind == TOK_CLOSE) {
			if (!t->pair_ok)
				return 0;
			i = t->pair;
			continue;
		}
		if (is(c, i, ";"))
			return 0;
		/* out through a closure's body or a struct literal, not a block */
		if (is_open(c, i, '{') && !(i > 0 && (is(c, i - 1, "|") || is(c, i - 1, "||") || is_ident(c, i - 1))))
			return 0;
		if (!is_open(c, i, '(') || i < 3 || !is_ident(c, i - 1) || !is(c, i - 2, "."))
			continue;
		r = chain_start(c, i - 2);
		if (r == RS_NONE || !names_root(c, r, root))
			continue;
		if (!moves && use_at(c, r, floor) != USE_READ)
			return c->t[r].line;
		/* (moving `self.current` out: a call on `self` itself conflicts,
		 * one on another field of it does not) */
		if (moves && flen && is(c, r + 1, ".") && is_ident(c, r + 2) && !is_open(c, r + 3, '(') &&
		    !(c->t[r + 2].len == flen && memcmp(c->text + c->t[r + 2].off, field, flen) == 0))
			continue;
		if (moves && !chain_owned(c, r, i - 1))
			return c->t[r].line;
	}
	return 0;
}

/* The line of an argument before the one at rs0, in the same call, that
 * is a borrow of the place the clone's argument would move -- `&root`,
 * `&root.f.g`, the one path the start of the other (`&self.sig.ident`
 * and `self.sig`; not `&self.attrs`) -- or 0.  The borrow lives for the
 * call, and the arguments are evaluated in order.  The calls around that
 * one count as well: in `e.error(&message, Error::new(1,
 * message.clone()))` the copy goes into an argument of the outer call,
 * made while `&message` is lent (uutils' od, E0505). */
static uint32_t borrowed_in_earlier_argument(const ctx *c, const char *root, const char *field, size_t rs0,
                                             size_t body_open)
{
	size_t open = enclosing_open(c, rs0, body_open), upto = rs0, k;

	/* out through the parentheses around the clone (a block, a `[`, a
	 * closure's body: no further) */
	for (; open != RS_NONE && is_open(c, open, '('); upto = open, open = enclosing_open(c, open, body_open)) {
		if (open == 0 || !(is_ident(c, open - 1) || is(c, open - 1, ">")))
			continue; /* a tuple or a grouping, not a call */
		for (k = open + 1; k < upto; k++) {
			const char *f = field;
			size_t p;
			int apart = 0;
			if (c->t[k].kind == TOK_OPEN && c->t[k].pair_ok) {
				k = c->t[k].pair;
				continue;
			}
			if (!(is(c, k, "&") && (is(c, k - 1, "(") || is(c, k - 1, ","))))
				continue;
			p = k + 1 + (size_t)is(c, k + 1, "mut");
			if (!names_root(c, p, root))
				continue;
			for (p++; is(c, p, ".") && is_ident(c, p + 1) && !is_open(c, p + 2, '('); p += 2) {
				size_t n = strcspn(f, ".");
				if (!*f)
					continue; /* deeper than the field: a part of it */
				apart |= !tok_eq_text(c, p + 1, f, n);
				f += n + (f[n] == '.');
			}
			/* a whole argument ending before the clone's (`T::clone(&x)`
			 * borrows x to copy it: that argument is the clone's own) */
			if (!apart && is(c, p, ","))
				return c->t[k].line;
		}
	}
	return 0;
}

/* The line of the `unsafe {` block holding token k (out to the fn's body
 * at `floor`), or 0.  There a borrow in place of a copy is not what the
 * borrow checker vouches for: `let thread = (*signal).thread.clone();`
 * before `(*signal).ready.store(true)` hands the node to another thread,
 * which may free it (crossbeam's queue). */
static uint32_t unsafe_block_line(const ctx *c, size_t k, size_t floor)
{
	while (k-- > floor) {
		if (c->t[k].kind == TOK_CLOSE && c->t[k].pair_ok) {
			k = c->t[k].pair;
			continue;
		}
		if (is_open(c, k, '{') && k > 0 && is(c, k - 1, "unsafe"))
			return c->t[k - 1].line;
	}
	return 0;
}

/* A closure (not `move`) in [a, b) -- earlier in the clone's statement --
 * that reads root: it borrows root for as long as it lives, and an
 * iterator adapter keeps it alive to the statement's end
 * (`.filter(|n| members.contains(&n.id)).chain(members.clone())`:
 * skeptic, E0505).  Its line, or 0. */
static uint32_t closure_borrow(const ctx *c, const char *root, size_t a, size_t b)
{
	size_t i, k;

	for (i = scope_lower_bound(c, a); i < c->rs->scope_count; i++) {
		const rs_scope *sc = &c->rs->scopes[i];
		if (sc->head >= b)
			break;
		if (sc->kind != RS_CLOSURE || sc->is_move || sc->head < a || sc->end > b)
			continue;
		for (k = sc->head; k < sc->end; k++)
			if (names_root(c, k, root))
				return c->t[sc->head].line;
	}
	return 0;
}

/* The innermost `for` loop whose iterable, or `while let` loop whose
 * scrutinee, holds token k -- where a temporary lives through the whole
 * body -- as an index into the scopes, or RS_NONE.  Scopes are sorted by
 * head, so the loops that start before k are the ones below its bound. */
static size_t loop_head_holding(const ctx *c, size_t k, size_t body_open)
{
	size_t r = scope_lower_bound(c, k), q;

	while (r > 0) {
		const rs_scope *sc = &c->rs->scopes[--r];
		if (sc->head < body_open)
			break;
		if (sc->kind != RS_LOOP || sc->start <= k)
			continue; /* not a loop, or k is in its body, not its head */
		if (is(c, sc->head, "while"))
			return is(c, sc->head + 1, "let") ? r : RS_NONE;
		if (!is(c, sc->head, "for"))
			return RS_NONE;
		for (q = sc->head + 1; q < k && !is(c, q, "in"); q++)
			;
		return q < k ? r : RS_NONE;
	}
	return RS_NONE;
}

/* Does the expression at token a sit directly in `Arc::new(` / `Rc::new(`? */
static int expr_start_into_arc(const ctx *c, size_t a)
{
	return a >= 4 && is_open(c, a - 1, '(') && is(c, a - 2, "new") && is(c, a - 3, "::") &&
	       (is(c, a - 4, "Arc") || is(c, a - 4, "Rc"));
}

static void set_type(const ctx *c, evidence *ev, trange t, const char *source)
{
	if (!t.src || t.a >= t.b)
		return;
	range_text(t.src, t.a, t.b, ev->type, sizeof(ev->type));
	ev->type_source = source;
	ev->cost = type_cost(t, c);
	ev->type_is_ref = ref_to_sized(t, c);
	ev->iterable_by_ref = iterable_by_ref(t, c);
	ev->type_not_std = !std_type(t, c);
	ev->cost_derived = ev->cost != EV_COST_UNKNOWN && !listed_type(c, t);
}

/* Does the file declare an `async fn` by the name at token k? */
static int async_fn_of_file(const ctx *c, size_t k)
{
	size_t i;

	for (i = 0; i < c->rs->fn_count; i++)
		if (c->rs->fns[i].is_async && c->rs->fns[i].sig + 1 < c->n && same_tok(c, c->rs->fns[i].sig + 1, k))
			return 1;
	return 0;
}

/* `key_hash(req.key.clone())` where every fn `key_hash` of the workspace
 * takes that argument as `impl AsRef<str>` (or Display, Debug, Hash, or a
 * generic bounded only by those): `&req.key` does as well.  The copy must
 * be the whole argument (from token e0 to the clone's `)`). */
static void reference_param(const ctx *c, evidence *ev, const rs_site *st, size_t e0)
{
	size_t k, after = st->call_close + 1;
	unsigned arg = 0;

	if (e0 == 0 || !(is(c, e0 - 1, "(") || is(c, e0 - 1, ",")) || !(is(c, after, ",") || is(c, after, ")")))
		return;
	for (k = e0 - 1; k > 0; k--) { /* back to the call's `(`, counting the arguments before */
		if (c->t[k].kind == TOK_CLOSE) {
			if (!c->t[k].pair_ok)
				return;
			k = c->t[k].pair;
			continue;
		}
		if (is(c, k, ","))
			arg++;
		else if (c->t[k].kind == TOK_OPEN)
			break;
		else if (is(c, k, ";") || is(c, k, "=>"))
			return;
	}
	/* a free fn or a path (`kv::key_hash(..)`); not a method, whose
	 * receiver's type the name does not tell (`list.push(w.clone())` is a
	 * Vec's push, whatever a `push` of the workspace takes: async-std,
	 * refuted) */
	if (!is_open(c, k, '(') || k == 0 || !is_ident(c, k - 1) || (k >= 2 && (is(c, k - 2, "!") || is(c, k - 2, "."))))
		return;
	/* an `async fn` of the file: its future holds the argument until it
	 * is awaited, and one kept for later (`Box::pin(new_linereader(
	 * path.clone(), None))` in a poll state) outlives the borrow
	 * (linemux, E0597) -- unless awaited where it is made */
	if (!(is_open(c, k, '(') && c->t[k].pair_ok && is(c, c->t[k].pair + 1, ".") && is(c, c->t[k].pair + 2, "await")) &&
	    async_fn_of_file(c, k - 1))
		return;
	if (typelib_param_takes_ref(c->tl, c->text + c->t[k - 1].off, c->t[k - 1].len, arg)) {
		ev->borrow_how = "param";
		tok_text(c, k - 1, ev->borrow_text, sizeof(ev->borrow_text));
	}
}

/* Is token i inside the body of an `impl` block of the file? */
static int in_impl_body(const ctx *c, size_t i)
{
	size_t k;

	for (k = 0; k < c->rs->impl_count; k++)
		if (c->rs->impls[k].open < i && i < c->rs->impls[k].close)
			return 1;
	return 0;
}

/* Does the file declare a `const` by the name at token k?  Each use of a
 * const makes a fresh value (it is not a place, unlike a `static`), so
 * cloning one copies a temporary.  bare: the name stands alone, so an
 * associated const (in an `impl`) is not the one it names. */
static int declares_const(const ctx *c, size_t k, int bare)
{
	size_t i;
	int found = 0;

	if (!is_ident(c, k))
		return 0;
	for (i = 0; i + 2 < c->n; i++) {
		if (!same_tok(c, i + 1, k) || !is(c, i + 2, ":"))
			continue;
		/* a `static` of that name anywhere in the file may be the one
		 * meant (jiff's fn-local `static UTC` next to an associated
		 * `const UTC`): nothing moves out of a static (E0507) */
		if (c->t[i].first == 's' && is(c, i, "static"))
			return 0;
		if (c->t[i].first == 'c' && is(c, i, "const") && !(bare && in_impl_body(c, i)))
			found = 1;
	}
	return found;
}

/* Does closure or async scope si run at most once?  An async block is a
 * future, polled to its end once; a closure is, when it is an argument of
 * a once_call (`thread::spawn(move || ..)`, `opt.unwrap_or_else(|| ..)`),
 * or of an option_once_call on `.as_ref()`'s Option (`x.as_ref().map(..)`).
 * And no other closure around it -- one that could run it again -- may
 * hold it while the root (declared at token root_decl, RS_NONE: a parameter)
 * lies outside that one too. */
static int runs_once(const ctx *c, const rustscan_result *rs, size_t si, size_t root_decl)
{
	const rs_scope *sc = &rs->scopes[si];
	size_t i, k;

	if (sc->kind != RS_ASYNC) {
		k = sc->head;
		if (k > 0 && is(c, k - 1, "move"))
			k--;
		/* back to the `(` of the call that takes it */
		while (k > 0) {
			k--;
			if (c->t[k].kind == TOK_CLOSE) {
				if (!c->t[k].pair_ok)
					return 0;
				k = c->t[k].pair;
				continue;
			}
			if (c->t[k].kind == TOK_OPEN)
				break;
			if (is(c, k, ";") || is(c, k, "=") || is(c, k, "=>"))
				return 0;
		}
		if (!is_open(c, k, '(') || k == 0 || !is_ident(c, k - 1))
			return 0;
		/* `x.as_ref().and_then(|v| ..)`: an Option's step, once */
		if (!in_list(c, &c->ar->once_call, k - 1) &&
		    !(k >= 6 && in_list(c, &c->ar->option_once_call, k - 1) && is(c, k - 2, ".") && is(c, k - 3, ")") &&
		      is_open(c, k - 4, '(') && (is(c, k - 5, "as_ref") || is(c, k - 5, "as_deref")) && is(c, k - 6, ".")))
			return 0;
	}
	for (i = 0; i < rs->scope_count; i++) {
		const rs_scope *o = &rs->scopes[i];
		if (i == si || o->kind == RS_LOOP || o->start > sc->start || o->end < sc->end)
			continue;
		if (root_decl == RS_NONE || root_decl < o->head)
			return 0; /* an outer closure the root is captured into may run this one again */
	}
	return 1;
}

/* Is token m inside a macro's arguments (`name!( .. m .. )`) within
 * [floor, m)?  A macro may take a place by reference (format_args!). */
static int in_macro_args(const ctx *c, size_t floor, size_t m)
{
	size_t k = m;

	while (k > floor) {
		k--;
		if (c->t[k].kind == TOK_CLOSE && c->t[k].pair_ok && c->t[k].pair < k) {
			k = c->t[k].pair; /* skip a whole group before m */
			continue;
		}
		if (c->t[k].kind == TOK_OPEN && k > floor && is(c, k - 1, "!"))
			return 1;
	}
	return 0;
}

/* Does the `=` at token eq bind or assign the whole value: `let NAME =`,
 * `let mut NAME: T =`, `place =` -- not a destructuring `let` pattern
 * (which moves fields, each of which may be Copy where the whole is not)? */
static int whole_binding(const ctx *c, size_t floor, size_t eq)
{
	size_t k = eq;

	while (k > floor && !is(c, k - 1, ";") && !is_open(c, k - 1, '{') && !is(c, k - 1, "let")) {
		if (c->t[k - 1].kind == TOK_CLOSE)
			return 0; /* `S { a, b }`, `(a, b)`, `v[i]`: not a plain name or place */
		k--;
	}
	if (!is(c, k - 1, "let")) /* an assignment: `other.x = self.a;` */
		return !is(c, k, "let");
	if (is(c, k, "mut"))
		k++;
	return is_ident(c, k) && (k + 1 == eq || is(c, k + 1, ":"));
}

/* The type of a binding in a pattern over a scrutinee of type t: the
 * payload for `Some(x)` / `Ok(x)` of an Option or Result; for any other
 * pattern (an enum's variant, a struct's fields) unknown -- the
 * scrutinee's own type would be the wrong one. */
static trange payload_type(const ctx *c, size_t binding, trange t)
{
	if (binding < 2 || !is_open(c, binding - 1, '(') || !(is(c, binding - 2, "Some") || is(c, binding - 2, "Ok")) ||
	    !is(c, binding + 1, ")"))
		return TR_NONE;
	/* (a lookup's type, `map.get(k)`, is already its Option's payload) */
	return unwrap_type(t);
}

/* The receiver [vs, ve) -- `self.a.b` -- used by value, as a whole, in a
 * `&self`/`&mut self` method of the same implemented type: moved into a
 * call, a struct literal's field, a `let`, a `return` or an arm.  Moving a
 * field out from behind a reference compiles only when its type is Copy
 * (E0507), so the code proves what no declaration in view says (a type
 * from another crate: linkerd's protobuf `StreamId`).  The line, or 0. */
static uint32_t copy_by_use(const ctx *c, const rs_fn *site_fn, size_t vs, size_t ve)
{
	const rustscan_result *rs = c->rs;
	size_t self_type, i, m, n = ve - vs;

	if (site_fn->impl == RS_NONE || !self_by_ref(c, site_fn) || n < 3 || !is(c, vs, "self"))
		return 0;
	for (i = vs + 1; i < ve; i++) /* a place: `self.a.0.b`, no call, index or deref */
		if (!(is(c, i, ".") || is_ident(c, i) || c->t[i].kind == TOK_NUMBER))
			return 0;
	self_type = rs->impls[site_fn->impl].self_type;
	if (self_type == RS_NONE) /* `impl<T> Trait for [T]`: no type name to match */
		return 0;
	/* a generic type: the use may compile under another impl's bounds
	 * (`impl<T: Copy, A> GrayAlpha<T, A> { .. Self(self.0, a) }` proves
	 * nothing in `impl<T: Clone, A> GrayAlpha<T, A>`: rgb, E0507) */
	if (self_type + 1 < c->n && is(c, self_type + 1, "<"))
		return 0;
	for (i = 0; i < rs->fn_count; i++) {
		const rs_fn *f = &rs->fns[i];
		if (f->impl == RS_NONE || f->body_open == RS_NONE || f->body_close == RS_NONE ||
		    rs->impls[f->impl].self_type == RS_NONE || !same_tok(c, rs->impls[f->impl].self_type, self_type) ||
		    rs->impls[f->impl].self_ref ||
		    !self_by_ref(c, f))
			continue;
		for (m = f->body_open + 1; m + n < f->body_close; m++) {
			size_t k;
			if (m == vs)
				continue;
			for (k = 0; k < n && same_tok(c, m + k, vs + k); k++)
				;
			if (k < n)
				continue;
			/* by value, whole: nothing after it but the end of an argument,
			 * field, statement or block; before it, where a value goes */
			if (!(is(c, m + n, ",") || is(c, m + n, ";") || (c->t[m + n].kind == TOK_CLOSE && !is(c, m + n, "]"))))
				continue;
			if (!(is(c, m - 1, ",") || is_open(c, m - 1, '(') || is(c, m - 1, ":") || is(c, m - 1, "=") ||
			      is(c, m - 1, "=>") || is(c, m - 1, "return")))
				continue;
			if (is(c, m - 1, ":") && (m < 2 || !is_ident(c, m - 2))) /* `a::b` paths, not `field: value` */
				continue;
			if (is(c, m - 1, "=") && !whole_binding(c, f->body_open, m - 1))
				continue; /* `let S { a, b } = self.p;` moves the fields, not the whole */
			if (in_macro_args(c, f->body_open, m))
				continue;
			return c->t[m].line;
		}
	}
	return 0;
}

/* Does the receiver [vs, ve) end in std's `.as_str()`, or `.to_str()`
 * unwrapped once (`.unwrap()`, `.expect(..)`, `?`), so that its value is a
 * `&str`?  Not when the workspace defines a fn of that name (it may return
 * anything), nor when the library cannot tell (-1). */
static int str_view_chain(const ctx *c, size_t vs, size_t ve)
{
	size_t k, view = RS_NONE, unwraps = 0;

	for (k = vs + 1; k + 3 < ve; k++)
		if (is(c, k, ".") && (is(c, k + 1, "as_str") || is(c, k + 1, "to_str")) && is_open(c, k + 2, '(') &&
		    skip_pair(c, k + 2) == k + 3)
			view = k + 1;
	if (view == RS_NONE)
		return 0;
	for (k = view + 3; k < ve;) {
		if (is(c, k, "?"))
			k++;
		else if (is(c, k, ".") && (is(c, k + 1, "unwrap") || is(c, k + 1, "expect")) && is_open(c, k + 2, '('))
			k = skip_pair(c, k + 2) + 1;
		else
			return 0;
		unwraps++;
	}
	if (unwraps != (is(c, view, "to_str") ? 1u : 0u))
		return 0; /* `to_str()` gives an Option or a Result, `as_str()` the &str */
	return typelib_fn_defs(c->tl, c->text + c->t[view].off, c->t[view].len) == 0;
}

/* Does the `let` at token k bind the root's own name (`let [mut] root =`,
 * `let root: T =`), so that past its statement the name is another value? */
static int let_binds_root(const ctx *c, size_t k, const char *root)
{
	size_t name = k + 1 + (size_t)is(c, k + 1, "mut");

	return is(c, k, "let") && is_ident(c, name) && names_root(c, name, root) &&
	       (is(c, name + 1, "=") || is(c, name + 1, ":"));
}

void evidence_gather(evidence *ev, const rustscan_result *rs, const typelib *lib, const audit_rules *ar, size_t si,
                     size_t *budget, evidence_memo *memo)
{
	const rustscan_result *ls = lib && lib->finished ? &lib->scan : NULL;
	ctx libc = { ls, ls ? ls->lex->tokens : NULL, ls ? ls->lex->text : NULL, ls ? ls->lex->count : 0, ar, NULL, lib,
	             NULL };
	ctx c = { rs, rs->lex->tokens, rs->lex->text, rs->lex->count, ar, ls ? &libc : NULL, lib, memo };
	const rs_site *st = &rs->sites[si];
	const rs_fn *fn = st->fn == RS_NONE ? NULL : &rs->fns[st->fn];
	size_t after = st->call_close + 1, k, end, start, floor, rs0 = st->recv_start, vs, ve;
	int wrapped = 0, derefs = 0, amps = 0;
	size_t init_a = 0, init_b = 0; /* the root's `let` initializer */
	int item_by_ref = 0;           /* the root is a closure parameter given `&` items */
	trange root_type = TR_NONE;
	int has_call = 0;
	size_t scope_end = 0;

	memset(ev, 0, sizeof(*ev));
	ev->decl_tok = RS_NONE;
	range_text(&c, st->recv_start, st->recv_end, ev->receiver, sizeof(ev->receiver));
	if (st->form == RS_PATH) {
		size_t a = st->tok;
		while (a >= 2 && is(&c, a - 1, "::") && is_ident(&c, a - 2))
			a -= 2;
		range_text(&c, a, st->tok + 1, ev->path_call, sizeof(ev->path_call));
	}

	/* The value whose type is asked: the receiver itself, or what it
	 * wraps -- `(&rc).clone()`, `Clone::clone(&*x)` -- which names the type
	 * but is no place a move could take (vs..ve; rs0 stays the expression's
	 * first token for the syntax around it). */
	vs = rs0;
	ve = st->recv_end;
	if (st->form == RS_METHOD && is_open(&c, vs, '(') && c.t[vs].pair_ok && c.t[vs].pair + 1 == ve) {
		ve--;
		vs++;
		wrapped = 1;
	}
	while (vs + 1 < ve && (is(&c, vs, "&") || is(&c, vs, "&&") || is(&c, vs, "*") || (wrapped && is(&c, vs, "mut")))) {
		derefs += is(&c, vs, "*");
		amps += is(&c, vs, "&") || is(&c, vs, "&&");
		vs++;
		wrapped = 1;
	}
	if (is_ident(&c, vs))
		tok_text(&c, vs, ev->root, sizeof(ev->root));
	if (is(&c, vs + 1, ".") && (is_ident(&c, vs + 2) || c.t[vs + 2].kind == TOK_NUMBER) && vs + 2 < ve) /* `.name`, `.0` */
		tok_text(&c, vs + 2, ev->field, sizeof(ev->field));
	for (k = vs; k + 1 < ve; k++)
		if (is(&c, k, ".") && in_list(&c, &ar->lock_method, k + 1) && is_open(&c, k + 2, '(')) {
			snprintf(ev->lock_how, sizeof(ev->lock_how), ".%.*s()", (int)c.t[k + 1].len, c.text + c.t[k + 1].off);
			break;
		}
	for (k = vs + 1; k < ve; k++)
		if (is_open(&c, k, '('))
			has_call = 1;
	/* a plain place (root, root.field, root.0): the only receiver a move
	 * can take; an index, a lookup or a call hands out a reference */
	ev->plain_place = is_ident(&c, vs) && !wrapped;
	for (k = vs + 1; ev->plain_place && k < ve; k += 2)
		if (!(is(&c, k, ".") && k + 1 < ve &&
		      (is_ident(&c, k + 1) || c.t[k + 1].kind == TOK_NUMBER)))
			ev->plain_place = 0;

	if (fn) {
		tok_text(&c, fn->name, ev->fn_name, sizeof(ev->fn_name));
		ev->fn_first = c.t[fn->sig].line;
		ev->fn_last = fn->body_close != RS_NONE ? c.t[fn->body_close].line : ev->fn_first;
		ev->fn_is_pub = fn->is_pub;
		/* the scans below cost about the fn's length; a file's budget
		 * keeps the audit linear however many clones a fn holds */
		if (budget && fn->body_close != RS_NONE) {
			size_t cost = (size_t)(fn->body_close - fn->body_open) + 1;
			if (*budget < cost) {
				ev->budget_exhausted = 1;
				return;
			}
			*budget -= cost;
		}
	}

	/* what is cloned, and its type */
	if (!ev->root[0] || is_open(&c, vs + 1, '(') || is(&c, vs + 1, "::") || is(&c, vs + 1, "!")) {
		/* a call or macro at the start: a temporary, or a path call */
		ev->root_kind = EV_ROOT_CALL;
		if (is(&c, vs + 1, "!") && in_list(&c, &ar->owned_macro, vs))
			ev->root_kind = EV_ROOT_TEMP;
		if (is(&c, vs + 1, "::")) { /* Handle::current(), Type::new() */
			size_t q = vs;
			while (is_ident(&c, q) && is(&c, q + 1, "::"))
				q += 2;
			/* the constructor's value itself, `Type::new(..).clone()` -- not
			 * something a chain reaches from it (`Id::from(p).fields(db)
			 * .fields()[i].name.clone()`: a field behind an index, of
			 * another type: rust-analyzer's, called a fresh Copy value) */
			if (is_ident(&c, q) && is_open(&c, q + 1, '(') && q >= 2 && skip_pair(&c, q + 1) + 1 == ve) {
				trange t = tr(&c, q - 2, q - 1);
				if (is(&c, q, "new") || is(&c, q, "current") || is(&c, q, "default") || is(&c, q, "from") ||
				    is(&c, q, "with_capacity")) {
					set_type(&c, ev, t, "constructor");
					if (ev->cost == EV_COST_UNKNOWN) {
						ev->type[0] = '\0';
						ev->type_source = NULL;
					}
					ev->root_kind = EV_ROOT_TEMP;
				}
			}
			if (q + 1 == ve && declares_const(&c, q, 0)) /* `Self::DEFAULT_QUANTILES` */
				ev->root_kind = EV_ROOT_TEMP;
		}
	} else if (fn) {
		if (strcmp(ev->root, "self") == 0) {
			if (fn->impl != RS_NONE && rs->impls[fn->impl].self_type != RS_NONE) {
				root_type = tr(&c, rs->impls[fn->impl].self_type, rs->impls[fn->impl].self_type + 1);
			}
			find_param(&c, ev, fn, &root_type);
			/* `fn fail(self, ..)`: self is owned, and a field of it can move
			 * out (a partial move, unless Self implements Drop); through
			 * `&self`, `self: Pin<&mut Self>` and the like, never */
			if (ev->field[0] && !ev->self_by_value)
				ev->root_kind = EV_ROOT_SELF_FIELD;
			if (fn->impl != RS_NONE && rs->impls[fn->impl].self_type != RS_NONE) {
				root_type = tr(&c, rs->impls[fn->impl].self_type, rs->impls[fn->impl].self_type + 1);
			}
		} else {
			decl d = find_local(&c, ev->root, fn, rs0);
			if (d.last != RS_NONE) {
				int guard = 0;
				init_a = d.init_a;
				init_b = d.init_b;
				ev->root_kind = d.kind;
				ev->decl_tok = (uint32_t)d.last;
				ev->decl_line = c.t[d.last].line;
				ev->owned_binding = d.owned_binding;
				scope_end = d.scope_end;
				if (d.type.b > d.type.a) {
					root_type = d.type;
					ev->type_source = d.kind == EV_ROOT_CLOSURE_PARAM || d.kind == EV_ROOT_LOOP_REF ||
					                          d.kind == EV_ROOT_LOOP_OWNED
					                      ? "the iterated collection's item"
					                      : "let annotation";
					item_by_ref = d.item_by_ref;
				} else if (d.init_b > d.init_a) {
					size_t ia = d.init_a;
					int lent = 0;
					/* `if let Some(v) = &profile.debug`: v is a reference
					 * to the payload (the default binding mode) */
					if (d.scrutinee && is(&c, ia, "&")) {
						ia += is(&c, ia + 1, "mut") ? 2 : 1;
						lent = 1;
					}
					root_type = expr_type(&c, fn, ia, d.init_b, 0, &guard);
					/* `let l = l.clone();` of an `l: &List`: the copy is the List
					 * itself (expr_type reads past the clone, as a chain does) */
					if (!d.scrutinee && d.init_b >= ia + 4 && is(&c, d.init_b - 4, ".") && is(&c, d.init_b - 3, "clone") &&
					    is_open(&c, d.init_b - 2, '(') && is(&c, d.init_b - 1, ")") && root_type.b > root_type.a &&
					    ref_to_sized(root_type, &c))
						root_type = strip_refs(root_type, NULL);
					if (d.scrutinee)
						root_type = payload_type(&c, d.last, root_type);
					if (d.scrutinee && root_type.a >= root_type.b)
						root_type = received_type(&c, fn, ia, d.init_b);
					if (lent && root_type.b > root_type.a)
						item_by_ref = 1;
					if (root_type.b > root_type.a)
						ev->type_source = "inferred from its initializer";
					else if (!has_call && !ev->field[0] && !d.scrutinee)
						constructed(&c, ev, fn, d.init_a, d.init_b, 0);
					if (guard && !ev->lock_how[0])
						snprintf(ev->lock_how, sizeof(ev->lock_how), "guard `%s`", ev->root);
				}
			} else if (find_param(&c, ev, fn, &root_type)) {
				ev->decl_tok = RS_NONE;
			} else if (ev->root[0] >= 'A' && ev->root[0] <= 'Z') {
				ev->root_kind = vs + 1 == ve && declares_const(&c, vs, 1) ? EV_ROOT_TEMP : EV_ROOT_STATIC;
			}
		}
		if (root_type.b > root_type.a) {
			size_t chain_start = vs + 1;
			trange t = chain_type(&c, root_type, chain_start, ve), place = t;
			size_t lt_, head = t.src == &c && t.a < t.b ? type_head(strip_refs(t, NULL), &lt_) : RS_NONE;
			if (head != RS_NONE && head + 1 == strip_refs(t, NULL).b && generic_param(&c, fn, head))
				t = TR_NONE; /* `input: Input` of `impl<Input: Clone>`: a type parameter, nothing declared */
			for (k = 0; k < (size_t)derefs && t.b > t.a; k++) /* `(*self.labels)`: the Vec in the Arc */
				t = deref_once(t, &c);
			if (t.b > t.a) {
				const char *src = ev->type_source ? ev->type_source : "parameter";
				if (chain_start < ve) {
					ev->type_via_chain = 1;
					src = ev->root_kind == EV_ROOT_SELF_FIELD || strcmp(ev->root, "self") == 0 ? "struct field" : src;
				}
				set_type(&c, ev, t, src);
				if (item_by_ref && chain_start == ve && !derefs)
					ev->type_is_ref = 1; /* `v.iter().map(|x| x.clone())`: x is a `&T` */
			} else {
				ev->type_source = NULL;
			}
			if (chain_start < ve && place.b > place.a) {
				/* the field's declaration line, for the report */
				size_t f;
				for (f = 0; place.src == &c && f < rs->field_count; f++)
					if (rs->fields[f].type_start == place.a && rs->fields[f].type_end == place.b)
						ev->decl_line = c.t[rs->fields[f].name].line;
			}
		}
		/* a value produced by a call in the chain (not a plain path) */
		if (has_call && ev->root_kind != EV_ROOT_SELF_FIELD) {
			size_t last_call = RS_NONE;
			for (k = vs + 1; k < ve; k++)
				if (is(&c, k, ".") && is_ident(&c, k + 1) && is_open(&c, k + 2, '('))
					last_call = k + 1;
			if (last_call != RS_NONE && in_list(&c, &ar->owned_method, last_call) &&
			    skip_pair(&c, last_call + 1) + 1 == ve)
				ev->root_kind = EV_ROOT_TEMP;
			else
				ev->root_kind = EV_ROOT_CALL;
		}
		/* `relpath.to_str().unwrap().clone()`, `m.as_str().clone()`: std's
		 * `as_str()` and `to_str()` make a `&str`, and str is not Clone, so
		 * `.clone()` copies the reference -- a Copy value (neon's base
		 * backup and page service: engineers' removals the audit missed) */
		if (has_call && !ev->type_source && str_view_chain(&c, vs, ve)) {
			snprintf(ev->type, sizeof(ev->type), "&str");
			ev->type_source = "the method's result";
			ev->cost = EV_COST_COPY;
		}
		if (ev->field[0] && !ev->type_source && (ev->root_kind == EV_ROOT_LOCAL || ev->root_kind == EV_ROOT_PARAM_VALUE))
			ev->cost = EV_COST_UNKNOWN;
	}
	if (st->form == RS_PATH && st->path_type != RS_NONE) {
		trange t = tr(&c, st->path_type, st->path_type + 1);
		enum ev_cost named = type_cost(t, &c);
		if (named == EV_COST_REFCOUNT) {
			range_text(&c, t.a, t.b, ev->type, sizeof(ev->type));
			strcat(ev->type, "<_>");
			ev->type_source = "the call's path";
			ev->cost = EV_COST_REFCOUNT;
		} else if (named == EV_COST_COPY && !ev->type_source) /* `i32::clone(&*r)`, `char::clone(&c)` */
			set_type(&c, ev, t, "the call's path");
	} else if (st->form == RS_PATH && !ev->type_source && st->tok >= 4 && is(&c, st->tok - 2, ">")) {
		/* `<T as Clone>::clone(&x)`: T, named */
		size_t as = st->tok - 3, lt;
		while (as > 0 && !is(&c, as, "as") && !is(&c, as, ";") && !is_open(&c, as, '{'))
			as--;
		for (lt = as; lt > 0 && !is(&c, lt, "<") && as - lt < 16; lt--)
			;
		if (is(&c, as, "as") && is(&c, lt, "<") && lt + 1 < as && type_cost(tr(&c, lt + 1, as), &c) == EV_COST_COPY)
			set_type(&c, ev, tr(&c, lt + 1, as), "the call's path");
	}
	/* `rec.clone() as Weak<dyn Fn(u32) -> u32>`: a pointer cast (an unsizing
	 * one) keeps the pointer's kind, so a cheap target type was a cheap source */
	if (!ev->type_source && is(&c, after, "as") && is_ident(&c, after + 1) && in_list(&c, &ar->cheap_type, after + 1)) {
		range_text(&c, after + 1, after + 2, ev->type, sizeof(ev->type));
		strcat(ev->type, "<_>");
		ev->type_source = "the cast's type";
		ev->cost = EV_COST_REFCOUNT;
	}
	/* Copy, proven by the code: `self.a.b` used by value in a `&self`
	 * method of the same type compiles only for a Copy type */
	if (ev->cost == EV_COST_UNKNOWN && ev->root_kind == EV_ROOT_SELF_FIELD && st->form == RS_METHOD && ev->type_source &&
	    ev->type[0] && ev->type[0] != '&' && fn && (ev->copy_use_line = copy_by_use(&c, fn, vs, ve)) != 0) {
		ev->cost = EV_COST_COPY;
		ev->type_source = "Copy: used by value through `&self`";
		ev->decl_line = ev->copy_use_line;
	}
	/* `42.clone()`, `Clone::clone(&'z')`: a literal */
	if (!ev->type_source && vs + 1 == ve && literal_copy(&c, vs, ev->type, sizeof(ev->type), 0)) {
		ev->type_source = "literal";
		ev->cost = EV_COST_COPY;
	}
	/* A Copy value reached through a reference: `r.clone()` (r: &u32) and
	 * `(&x).clone()` give the value, `r` and `(&x)` the reference;
	 * `Clone::clone(r)` likewise, unlike `Clone::clone(&x)` */
	{
		/* `&mut x.clone()`, `let ref mut y = x.clone()`: the copy is changed
		 * where it is made, and without the clone the original would be */
		size_t e0 = st->form == RS_PATH && st->path_type != RS_NONE ? st->path_type : rs0;
		ev->copy_mut_in_place = (e0 >= 2 && is(&c, e0 - 1, "mut") && is(&c, e0 - 2, "&")) ||
		                        (e0 >= 4 && is(&c, e0 - 1, "=") && is_ident(&c, e0 - 2) && is(&c, e0 - 3, "mut") &&
		                         is(&c, e0 - 4, "ref"));
		/* `self.clone().to_rgb_array()` with a workspace `fn
		 * to_rgb_array(&mut self)`, `v.clone().iter_mut()`: the copy is
		 * changed where it is made, and without the clone the original
		 * would be, from a binding that may not be `mut` (random_color,
		 * E0596) */
		if (!ev->copy_mut_in_place && st->form == RS_METHOD && st->call_close + 2 < c.n &&
		    is(&c, st->call_close + 1, ".") && is_ident(&c, st->call_close + 2) &&
		    method_args_open(&c, st->call_close + 2)) {
			const rustlex_token *m = &c.t[st->call_close + 2];
			ev->copy_method_receiver = 1;
			ev->copy_mut_in_place = typelib_changes_self(c.tl, c.text + m->off, m->len) ||
			                        (m->len > 4 && memcmp(c.text + m->off + m->len - 4, "_mut", 4) == 0);
		}
	}
	if (ev->cost == EV_COST_COPY)
		/* (`self.clone()` in a `&self` method: self is the reference, its
		 * type the impl's) */
		ev->copy_behind_ref = st->form == RS_METHOD ? ev->type_is_ref || amps > 0 ||
		                                                  (vs + 1 == ve && is(&c, vs, "self") && fn && self_by_ref(&c, fn))
		                                           : !(st->recv_start > 0 && (is(&c, st->recv_start - 1, "&") ||
		                                                                      (is(&c, st->recv_start - 1, "mut") &&
		                                                                       is(&c, st->recv_start - 2, "&"))));
	if (ev->cost == EV_COST_UNKNOWN && !ev->type_source) {
		const char *name = ev->field[0] ? ev->field : ev->root;
		char lower[64];
		size_t i;
		for (i = 0; name[i] && i + 1 < sizeof(lower); i++)
			lower[i] = (char)(name[i] >= 'A' && name[i] <= 'Z' ? name[i] + 32 : name[i]);
		lower[i] = '\0';
		if (strlist_in(&ar->cheap_name, lower, i) || strlist_has(&ar->cheap_name_exact, lower, i)) {
			ev->cost = EV_COST_REFCOUNT;
			ev->cost_by_name = 1;
		}
	}

	if (!fn || fn->body_close == RS_NONE)
		return;
	floor = fn->body_open;

	/* the statement */
	end = stmt_end(&c, after, fn->body_close);
	ev->stmt_end_line = c.t[end < c.n ? end : c.n - 1].line;
	start = stmt_start(&c, st->form == RS_PATH && st->path_type != RS_NONE ? st->path_type : rs0, floor + 1);
	{
		/* returned: `return ..` or the fn's tail expression, looking
		 * through calls that wrap it (Arc::new(x.clone()), Ok(..)) */
		size_t q = after, b = start;
		/* the value flows out only through closers of calls that wrap it
		 * and method chains on it; a `{` (match, if, for) consumes it */
		while (q < fn->body_close) {
			if (is(&c, q, ")") || is(&c, q, "]") || is(&c, q, "?"))
				q++;
			else if (is(&c, q, ".") && is_ident(&c, q + 1) && is_open(&c, q + 2, '('))
				q = skip_pair(&c, q + 2) + 1;
			else if (is(&c, q, ".") && is_ident(&c, q + 1))
				q += 2;
			else
				break;
		}
		while (b > floor + 1 && (is_open(&c, b - 1, '(') || is_open(&c, b - 1, '[') || is_ident(&c, b - 1) ||
		                         is(&c, b - 1, "::") || is(&c, b - 1, "&")))
			b--;
		if (is(&c, b, "return") || is(&c, start, "return") || (q == fn->body_close && is_open(&c, b - 1, '{') &&
		                                                        b - 1 == fn->body_open) ||
		    (q == fn->body_close && b - 1 > floor && is(&c, b - 1, ";")))
			ev->is_result = 1;
	}
	if (is_ident(&c, start) && is(&c, start + 1, "=") && is(&c, start, ev->root) && !ev->field[0])
		ev->reassigns_root = 1;
	if (is(&c, start, "let")) {
		int is_mut = is(&c, start + 1, "mut");
		size_t name = start + 1 + (size_t)is_mut, eq = let_end(&c, start + 1, end), tail = after;
		size_t expr = st->form == RS_PATH && st->path_type != RS_NONE ? st->path_type : rs0;
		/* the copy may pass through unwrapping on its way to the name */
		while (is(&c, tail, ".") && in_list(&c, &ar->pass_method, tail + 1) && is_open(&c, tail + 2, '('))
			tail = skip_pair(&c, tail + 2) + 1;
		/* `let ty = &place.ty.clone();`: the `&` keeps the copy alive as
		 * long as the name, and a borrow in its place would live as long */
		int lent_copy = is(&c, eq + 1, "&") && eq + 2 == expr;
		if (is_ident(&c, name) && is(&c, eq, "=") && (eq + 1 == expr || lent_copy) && tail == end &&
		    (eq == name + 1 || is(&c, name + 1, ":"))) {
			tok_text(&c, name, ev->bound_to, sizeof(ev->bound_to));
			if (eq > name + 2 && ev->cost == EV_COST_UNKNOWN) {
				trange t = tr(&c, name + 2, eq);
				if (type_cost(t, &c) != EV_COST_UNKNOWN)
				{
					set_type(&c, ev, t, "the copy's let annotation");
					ev->type_from_copy = 1; /* `let _: E = a.clone()` may clone through a Deref of a */
				}
			}
			bound_uses(&c, ev, is_mut, end + 1, block_end(&c, end + 1, fn->body_close), floor);
			if (ev->bound_reads > 0 && (ev->temp_borrowed_line = borrows_into_temporary(&c, vs, ve)) != 0)
				ev->bound_reads = 0; /* `let s = &a.parse(..).syntax();` would not outlive its statement */
			/* `let m = key.modifier.clone().unwrap_or_default();`: the name
			 * holds what the unwrapping made of the copy, and `&key.modifier`
			 * is another type (an Option where a String was read) */
			if (tail != after)
				ev->bound_reads = 0;
			/* `let children: Vec<String> = leader_vars.clone();`: the name's
			 * annotation owns its type, and a borrow would not fit it
			 * (egglog's proof encoding, E0308) */
			if (eq > name + 2 && is(&c, name + 1, ":") && !is(&c, name + 2, "&") && !is(&c, name + 2, "&&") &&
			    !is(&c, name + 2, "_"))
				ev->bound_reads = 0;
			/* (a root reached through a call too: `let d = value.definition()
			 * .clone(); entry.merge(value, ..)` moves it, cargo, E0505) */
			if (ev->bound_reads > 0 && ev->root[0] && ev->root_kind != EV_ROOT_TEMP &&
			    root_disturbed(&c, ev, end + 1, block_end(&c, end + 1, fn->body_close), floor))
				ev->bound_reads = 0; /* the original changes while the name would borrow it */
			/* ... or what the original was borrowed from: `let Some(place) =
			 * matrix.head_place() else { .. }` lends out of `matrix`, and
			 * `matrix.unspecialize(..)` later needs it whole (rustc's
			 * pattern analysis, E0502) */
			if ((ev->bound_reads > 0 || lent_copy) && init_b > init_a &&
			    lent_source_disturbed(&c, ev, fn, init_a, init_b, end + 1, block_end(&c, end + 1, fn->body_close),
			                          floor, 0)) {
				ev->bound_reads = 0;
				lent_copy = 2; /* the copy is needed, whatever its own reads */
			}
			/* `let def = get_struct_def(&args[0])?.clone();` with a workspace
			 * `fn get_struct_def(v: &Value) -> Result<&Rc<StructDef>, ..>`:
			 * the copy's source is lent out of what the call was lent, and
			 * `args[1..].iter_mut()` changes that while `def` would still
			 * borrow it (ketos' `new`, held-out sample 38, E0502) */
			if ((ev->bound_reads > 0 || lent_copy) && ev->root_kind == EV_ROOT_CALL &&
			    call_arg_disturbed(&c, vs, ve, end + 1, block_end(&c, end + 1, fn->body_close), floor)) {
				ev->bound_reads = 0;
				lent_copy = 2;
			}
			if (lent_copy && ev->bound_reads == 0 && ev->root[0] && ev->root_kind != EV_ROOT_TEMP &&
			    (lent_copy == 2 || root_disturbed(&c, ev, end + 1, block_end(&c, end + 1, fn->body_close), floor)))
				ev->lent_copy_line = c.t[start].line; /* not "only read where it is made" */
		}
	}
	if (expr_start_into_arc(&c, st->form == RS_PATH && st->path_type != RS_NONE ? st->path_type : rs0))
		ev->into_arc = 1;

	/* a `for` loop over the clone: `for PAT in <clone> {` */
	if (is_open(&c, after, '{') &&
	    is(&c, (st->form == RS_PATH && st->path_type != RS_NONE ? st->path_type : rs0) - 1, "in")) {
		size_t r = scope_lower_bound(&c, rs0);
		while (r > 0) {
			const rs_scope *sc = &rs->scopes[--r];
			size_t in, p;
			if (sc->head < fn->body_open)
				break;
			if (sc->kind != RS_LOOP || !is(&c, sc->head, "for") || sc->start != after + 1)
				continue;
			for (in = sc->head + 1; in < sc->start && !is(&c, in, "in"); in++)
				;
			if (in + 1 != (st->form == RS_PATH && st->path_type != RS_NONE ? st->path_type : rs0))
				continue;
			ev->for_head = 1;
			ev->for_line = c.t[sc->head].line;
			ev->for_items_read_only = 1;
			for (p = sc->head + 1; p < in; p++) {
				size_t q;
				char var[64];
				if (!is_ident(&c, p) || is(&c, p, "mut") || is(&c, p, "ref"))
					continue;
				tok_text(&c, p, var, sizeof(var));
				for (q = sc->start; q < sc->end; q++)
					if (names_root(&c, q, var) && (use_at(&c, q, floor) != USE_READ || operator_operand(&c, q)))
						ev->for_items_read_only = 0;
			}
			break;
		}
	}

	/* `archive.append(&entry.header().clone(), entry)`: a receiver made
	 * by a call still needs its root, which the statement then moves
	 * (debcargo, refuted E0505) */
	if (ev->root_kind == EV_ROOT_CALL && ev->root[0] && !ev->reassigns_root && end > after)
		ev->later_use_in_stmt = later_use(&c, ev->root, "", after, end, NULL, 0);
	/* `for member in self.members.clone() { self.find_root(&member)?; }`:
	 * a method of self (perhaps `&mut self`) called while the loop would
	 * borrow the field (cargo, E0502); other fields are no conflict */
	/* (and `for (k, v) in &self.macros[p].clone() { self.macros.insert(..) }`:
	 * the same field again, tera, E0502) */
	/* (a method of self, `self.partitions().clone()`, borrows the whole of
	 * self: `&mut self.device` in the loop conflicts too -- gpt, E0502) */
	if (ev->root_kind == EV_ROOT_SELF_FIELD && end > after) {
		if (ev->field[0] && method_args_open(&c, vs + 2)) /* reads of self beside that shared borrow are no conflict */
			ev->later_use_in_stmt = source_changed_in(&c, "self", "", after, end, floor);
		else
			ev->later_use_in_stmt = later_use(&c, "self", ev->field, after, end, NULL, 0);
	}

	/* read again? (fields of self cannot be moved out anyway) */
	if ((ev->root_kind == EV_ROOT_LOCAL || ev->root_kind == EV_ROOT_PARAM_VALUE || ev->root_kind == EV_ROOT_LOOP_OWNED ||
	     ev->root_kind == EV_ROOT_UNKNOWN || ev->root_kind == EV_ROOT_BINDING || ev->root_kind == EV_ROOT_LOOP_REF ||
	     ev->root_kind == EV_ROOT_CLOSURE_PARAM || ev->root_kind == EV_ROOT_PARAM_REF) && ev->root[0]) {
		size_t until = scope_end && scope_end < fn->body_close ? scope_end : fn->body_close;
		/* the other arms of a match, the else of an if, what follows a
		 * `return`: no read there runs after the clone */
		flow_skip skips[16];
		/* past the whole `return` statement, not the clone's part of it:
		 * `return if f(s.clone())? { g(s) } else { .. };` reads s in its
		 * branches (rsass, E0382) */
		size_t stmt0 = fn->body_open != RS_NONE ? outer_stmt_start(&c, rs0, fn->body_open + 1) : rs0;
		/* the `return` or `let` whose value holds the clone, however deep
		 * (`return wrap(Fragment { cond: Some(t.clone()), .. });`, `let s
		 * = if useless { s.clone() } else { s.rebase()? };`: apollo-router's
		 * removals); in a closure's or async block's body the `return`
		 * leaves that body only */
		flow_holders holders;
		size_t nskips, shadow_stmt_end = end;
		int shadows;
		if (fn->body_open != RS_NONE)
			flow_holders_of(rs->lex, fn->body_open, st->tok, &holders);
		else
			memset(&holders, 0, sizeof(holders));
		nskips = fn->body_open != RS_NONE
		                 ? flow_unreachable(rs->lex, fn->body_open, st->tok, holders.return_end, holders.return_close,
		                                    skips, 16)
		                 : 0;
		/* (`let components = components.clone().iter().map(..).collect()?;`
		 * shadows the root as well, the copy bound or not: naga) */
		shadows = (ev->bound_to[0] && strcmp(ev->bound_to, ev->root) == 0) || let_binds_root(&c, start, ev->root);
		if (!shadows && holders.let_kw && holders.let_end > end && let_binds_root(&c, holders.let_kw, ev->root)) {
			/* a `let` of the root's name around the clone's own statement */
			shadows = 1;
			shadow_stmt_end = holders.let_end;
		}
		if (!ev->reassigns_root && shadows && shadow_stmt_end < until) {
			/* `let dns = dns.resolver.clone();`: from its statement to the
			 * end of its block the name is the copy's; past that block
			 * (`{ let tx = tx.clone(); spawn(..) }` in a loop) it is the
			 * original's again */
			size_t shadow_end = block_end(&c, shadow_stmt_end + 1, fn->body_close);
			ev->later_use_line = later_use(&c, ev->root, ev->field, after, shadow_stmt_end, skips, nskips);
			if (!ev->later_use_line && shadow_end + 1 < until)
				ev->later_use_line = later_use(&c, ev->root, ev->field, shadow_end + 1, until, skips, nskips);
		} else if (!ev->reassigns_root)
			ev->later_use_line = later_use(&c, ev->root, ev->field, after, until, skips, nskips);
		else if (end > after) /* `base = base.clone() * base;`: the new value comes after, not the rest of the statement */
			ev->later_use_line = later_use(&c, ev->root, ev->field, after, end, skips, nskips);
		/* `assert_eq!(x.clone(), None, "{}", x.unwrap())`, `x.0.clone().chars()
		 * .for_each(|_| x.m())`: the root used again within the statement,
		 * while a borrow in place of the copy would still be alive */
		if (!ev->reassigns_root && end > after)
			ev->later_use_in_stmt = later_use(&c, ev->root, "", after, end, skips, nskips);
		/* `Visitor { self_ty: &block.self_ty.clone() }.visit(&mut block)`:
		 * a borrow in place of the copy lives in the struct literal that
		 * holds it to the end of the whole statement (bon-macros, E0502).
		 * A call's result alone may hold it or not (`watch(Path::new(
		 * &raw_path)).then(move |_| raw_path ..)` builds: apollo router) */
		if (!ev->reassigns_root && !ev->later_use_in_stmt && rs0 > 0 && is(&c, rs0 - 1, "&")) {
			int in_struct = 0;
			size_t whole = full_stmt_end(&c, after, fn->body_close, &in_struct), q;
			for (q = end; in_struct && q < whole && !ev->later_use_in_stmt; q++)
				if (names_root(&c, q, ev->root) && !flow_skipped(skips, nskips, q) && use_at(&c, q, floor) != USE_READ)
					ev->later_use_in_stmt = c.t[q].line; /* a read beside a read is no conflict */
		}
		/* `for caps in re.captures_iter(&result.clone()) { result =
		 * result.replace(..); }`: a borrow in the head of a `for` or a
		 * `while let` lives through the body (the iterator holds it),
		 * where the root is written (mcp-gateway, E0506) */
		if (!ev->reassigns_root && !ev->later_use_in_stmt && rs0 > 0 && is(&c, rs0 - 1, "&")) {
			size_t loop = loop_head_holding(&c, rs0, fn->body_open);
			if (loop != RS_NONE)
				ev->later_use_in_stmt = source_changed_in(&c, ev->root, "", rs->scopes[loop].start, rs->scopes[loop].end, floor);
		}
		/* `*c = c.clone().merge_public(cert)?;`, `c.f = c.clone().g();`: the
		 * place the statement writes is reached through the root after the
		 * right side runs -- the root is used after the clone (sequoia-sq's
		 * `let c = oe.into_mut();`, held-out sample 33: the removal is
		 * E0507 through `&mut`) */
		if (!ev->later_use_line && !ev->reassigns_root && written_through_root(&c, start, rs0, ev->root))
			ev->later_use_line = c.t[start].line;
		ev->partial_move = ev->field[0] != '\0';
		if (ev->root_kind == EV_ROOT_LOCAL || ev->root_kind == EV_ROOT_PARAM_VALUE || ev->root_kind == EV_ROOT_LOOP_OWNED) {
			ev->borrowed_line = live_borrow(&c, fn, ev->root, start, after, until); /* only an owned root could move */
			if (!ev->borrowed_line)
				ev->borrowed_line = closure_borrow(&c, ev->root, stmt0, rs0);
			if (!ev->borrowed_line)
				ev->borrowed_line = arm_borrow(&c, fn, ev->root, rs0, stmt0, skips, nskips);
		}
		if (ev->partial_move && root_type.a >= root_type.b && init_b > init_a + 1 && is_ident(&c, init_a) &&
		    (is_open(&c, init_a + 1, '{') || (is(&c, init_a + 1, "::") && is_ident(&c, init_a + 2) && is_open(&c, init_a + 3, '('))))
			root_type = tr(&c, init_a, init_a + 1); /* `let s = TypeWithDrop { .. }` / `Conn::new(..)`: for the Drop test */
		/* a field out of a local whose type nothing here says (`let sel =
		 * sel.unwrap();` of an Option<Rc<Entry>>: ripasso, E0507); a
		 * `while let Some(r) = rx.recv().await` binding is typed by its
		 * channel's declaration (received_type()) */
		if (ev->partial_move && root_type.a >= root_type.b && ev->root_kind == EV_ROOT_LOCAL)
			ev->base_type_unknown = 1;
		/* a type that names no struct here: `serde: Self::SerdeType` (an
		 * associated type), or one that lends (`Container<'a>`) whose field
		 * this workspace does not declare -- such a field may well be a
		 * `&'a Generics` (schemars_derive, E0308) */
		if (ev->partial_move && root_type.b > root_type.a && !ev->type_source &&
		    (type_opaque(strip_refs(root_type, NULL)) || type_lends(strip_refs(root_type, NULL))))
			ev->base_type_unknown = 1;
		if (ev->partial_move && root_type.b > root_type.a) { /* `impl Drop for Conn`: c.key cannot move out */
			/* through an alias: `self` of `impl UnitComplex<T>` is a
			 * `Unit<Complex<T>>`, whose `re` is Complex's, reached through
			 * Unit's Deref (nalgebra, E0507) */
			trange held = resolve_alias(root_type, &c);
			size_t lt, name = type_head(strip_refs(held, NULL), &lt);
			if (name != RS_NONE)
				ev->root_drops = typelib_drop(c.tl, held.src->text + held.src->t[name].off, held.src->t[name].len);
			/* `state: Arc<S>`: state.name is reached through Deref, and
			 * nothing moves out of a Deref (E0507); a Box is the exception */
			if (name != RS_NONE && in_list(held.src, &c.ar->deref_type, name) &&
			    !in_list(held.src, &c.ar->move_out_type, name))
				ev->field_behind_deref = 1;
			/* a type of the workspace with `impl Deref for` it: a field not
			 * its own is reached through the Deref (linkerd's
			 * `protocol::Http<T>`, whose `parent.policy` is the T's) */
			else if (name != RS_NONE && typelib_deref(c.tl, held.src->text + held.src->t[name].off, held.src->t[name].len)) {
				size_t flen = strcspn(ev->field, ".");
				ev->field_behind_deref = struct_has_field(strip_refs(held, NULL), ev->field, flen, &c) != 1;
			}
			if (ev->field_behind_deref)
				snprintf(ev->deref_type, sizeof(ev->deref_type), "%.*s", (int)held.src->t[name].len,
				         held.src->text + held.src->t[name].off);
			/* the field itself a reference: `src.generics` with `generics:
			 * &'a Generics`, `item.1` of `item: (&Key, &Item)` -- the
			 * clone makes the Generics, its removal hands on the `&`
			 * (schemars_derive, wit-parser, E0308) */
			if (!ev->field_behind_deref) {
				trange p = chain_type(&c, root_type, vs + 1, ve);
				if (p.src && p.a < p.b && (is(p.src, p.a, "&") || is(p.src, p.a, "&&"))) {
					ev->field_behind_deref = ev->field_is_reference = 1;
					range_text(p.src, p.a, p.b, ev->deref_type, sizeof(ev->deref_type));
				}
			}
			/* a field on the way that is a reference or a smart pointer:
			 * `self.inner.version` with `inner: &'static PackageIdInner`
			 * moves nothing out, `self` by value or not (cargo, E0507) */
			for (k = vs + 2; !ev->field_behind_deref && k + 1 < ve; k++) {
				trange p;
				size_t plt, ph;
				if (!is(&c, k, "."))
					continue;
				p = chain_type(&c, root_type, vs + 1, k);
				if (!p.src || p.a >= p.b)
					break;
				ph = type_head(strip_refs(p, NULL), &plt);
				if (is(p.src, p.a, "&") || is(p.src, p.a, "&&") ||
				    (ph != RS_NONE && in_list(p.src, &c.ar->deref_type, ph) && !in_list(p.src, &c.ar->move_out_type, ph))) {
					ev->field_behind_deref = 1;
					range_text(p.src, p.a, p.b, ev->deref_type, sizeof(ev->deref_type));
				}
			}
		}
	}

	/* self.field cleared or replaced right after: take it instead.  On
	 * every path: the clearing statement's block holds the clone too (one
	 * in a `match` arm leaves the field taken on the other arms).  A field
	 * replaced by `=` must be of one of std's types the rules name
	 * (`mem::take` needs `Default`, which a type parameter or a type of
	 * the workspace may not have: rsass's `Number`, E0277); one
	 * `clear()`ed is a collection, which has it */
	if (ev->root_kind == EV_ROOT_SELF_FIELD && ev->fn_self_mut && rs0 + 3 == st->recv_end) {
		for (k = after; k < fn->body_close; k++) {
			size_t close;
			if (!(is(&c, k, "self") && is(&c, k + 1, ".") && is(&c, k + 2, ev->field)))
				continue;
			close = enclosing_block_close(&c, k, fn->body_open);
			if (((is(&c, k + 3, ".") && (is(&c, k + 4, "clear") || is(&c, k + 4, "truncate"))) ||
			     (is(&c, k + 3, "=") && ev->type_source && !ev->type_not_std)) &&
			    close < c.n && c.t[close].pair_ok && c.t[close].pair < rs0)
				ev->taken_line = c.t[k].line;
			break;
		}
	}

	/* in the body of a `macro_rules!` defined inside the fn, a value from
	 * outside it (skrifa's `interp_coord!` expanded for x and for y:
	 * `range` moved by the first expansion, E0382) */
	if (ev->root[0] && fn->body_open != RS_NONE) {
		size_t m = macro_rules_around(&c, rs0, fn->body_open);
		if (m != RS_NONE && (ev->decl_tok == RS_NONE || ev->decl_tok < m))
			ev->macro_body_line = c.t[m].line;
	}
	macro_context(&c, ev, rs0, fn->body_open != RS_NONE ? fn->body_open : floor);
	/* `self.rasterize(points, &self.matrix.clone())`: an argument of a
	 * method the root itself receives, one that may take it by `&mut` or
	 * by value -- a borrow in place of the copy is still alive when the
	 * call takes the root (wpf-gpu-raster, E0502) */
	if (ev->root[0] && !ev->later_use_in_stmt && fn->body_open != RS_NONE)
		ev->later_use_in_stmt = call_on_root(&c, ev->root, "", rs0, fn->body_open, floor, 0);
	/* `if let Compose { ref components } = self.expressions[e] { components
	 * .clone().iter().map(|c| self.eval(*c)) }`: a borrow in place of the
	 * copy borrows what the binding was taken from, which the rest of the
	 * statement changes (naga, E0500) */
	if (ev->root[0] && !ev->later_use_in_stmt && init_b > init_a && end > after &&
	    (ev->root_kind == EV_ROOT_BINDING || ev->root_kind == EV_ROOT_LOCAL || ev->root_kind == EV_ROOT_UNKNOWN)) {
		char src[64], sfield[64];
		if (borrow_source(&c, init_a, init_b, src, sizeof(src), sfield, sizeof(sfield)))
			ev->later_use_in_stmt = source_changed_in(&c, src, sfield, after, end, floor);
	}
	/* `l.get(6..).ok_or_else(|| Error(l.clone()))`: moved in an argument
	 * of a call whose receiver borrows it (minidump-writer, E0505);
	 * `self.push_rule_group(self.current.clone())` in `fn finalize(mut
	 * self)`: the method's receiver borrows all of self (icu_experimental,
	 * E0505) */
	if (ev->root[0] && !ev->borrowed_line && fn->body_open != RS_NONE &&
	    (ev->root_kind == EV_ROOT_LOCAL || ev->root_kind == EV_ROOT_PARAM_VALUE || ev->root_kind == EV_ROOT_LOOP_OWNED))
		ev->borrowed_line = call_on_root(&c, ev->root, ev->field, rs0, fn->body_open, floor, 1);
	/* `f(&self.sig.ident, &attrs, self.sig.clone())`: an earlier argument
	 * of the same call borrows what the clone's argument would move
	 * (wasm-bindgen-macro-support, held-out sample 31, E0505) */
	if (ev->root[0] && !ev->borrowed_line && fn->body_open != RS_NONE &&
	    (ev->root_kind == EV_ROOT_LOCAL || ev->root_kind == EV_ROOT_PARAM_VALUE || ev->root_kind == EV_ROOT_LOOP_OWNED))
		ev->borrowed_line = borrowed_in_earlier_argument(&c, ev->root, ev->field, rs0, fn->body_open);

	/* borrowed only? */
	/* (`&x.clone().into_iter()` borrows what the chain makes of the copy,
	 * not the copy; and `&(*tag).clone()` borrows the T that clone made of
	 * a `&T` -- `&(*tag)` would be a `&&T` where `tag: &&T`: gtk4, E0277) */
	if (rs0 > 0 && is(&c, rs0 - 1, "&") && unary_amp(&c, rs0 - 1) && st->form == RS_METHOD && !is(&c, after, ".") &&
	    !is(&c, after, "?") && !is_open(&c, after, '[') && !(is_open(&c, rs0, '(') && is(&c, rs0 + 1, "*"))) {
		ev->borrow_how = "&";
	} else if (st->form == RS_PATH && st->path_type != RS_NONE && st->path_type > 0 && is(&c, st->path_type - 1, "&") &&
	           unary_amp(&c, st->path_type - 1) &&
	           !is(&c, after, ".") && !is(&c, after, "?") && !is_open(&c, after, '[')) {
		ev->borrow_how = "&";
	} else {
		size_t n = after;
		while (is(&c, n, ".") && is_ident(&c, n + 1) && !is_open(&c, n + 2, '('))
			n += 2; /* x.clone().field.len() */
		/* std's methods of that name only read; another type's may take
		 * `self` (a workspace method is looked up; a foreign type's is
		 * not known) */
		if (is(&c, n, ".") && is_open(&c, n + 2, '(') && std_method_reads(&c, n + 1) && !(ev->type_not_std && n == after)) {
			ev->borrow_how = "method";
			tok_text(&c, n + 1, ev->borrow_text, sizeof(ev->borrow_text));
		} else if (is(&c, after, "==") || is(&c, after, "!=") ||
		           (rs0 > 0 && (is(&c, rs0 - 1, "==") || is(&c, rs0 - 1, "!=")) && !is(&c, after, ".") &&
		            !is(&c, after, "?") && !is_open(&c, after, '['))) {
			/* the copy itself compared, not what a method makes of it:
			 * `self.check == self.hasher.clone().finalize()` consumes the
			 * copy (zip, E0507); and a place of the clone's own type, not
			 * a name that may hold a reference -- `name == n.clone()` with
			 * `n` bound by `match item.0 { Key::Name(n) => ..}` on a `&Key`
			 * compares a String with a `&String` without it (wit-parser,
			 * E0277) */
			if (!ev->type_is_ref && (ev->field[0] || ev->root_kind == EV_ROOT_LOCAL || ev->root_kind == EV_ROOT_PARAM_VALUE ||
			                          ev->root_kind == EV_ROOT_LOOP_OWNED || ev->root_kind == EV_ROOT_TEMP)) {
				ev->borrow_how = "comparison";
				/* the right operand, and the comparison ends with it: the
				 * borrow in place of the copy ends there too, so a read
				 * later in the statement is none of its business (`if
				 * *parent == f.data().ty.clone() && f.data().directives
				 * .is_empty()`: apollo-router's engineers' removal) */
				if (rs0 > 0 && (is(&c, rs0 - 1, "==") || is(&c, rs0 - 1, "!=")) &&
				    (is(&c, after, "&&") || is(&c, after, "||") || is(&c, after, ";") || is(&c, after, ",") ||
				     is(&c, after, ")") || is_open(&c, after, '{')))
					ev->later_use_in_stmt = 0;
			}
		}
	}
	surroundings(&c, ev, st, floor);
	leak_of(&c, ev, st, st->form == RS_PATH && st->path_type != RS_NONE ? st->path_type : rs0);
	if (!ev->borrow_how)
		reference_param(&c, ev, st, st->form == RS_PATH && st->path_type != RS_NONE ? st->path_type : rs0);
	/* `types.get(&name.clone())` where `name` is itself a reference (`for
	 * name in m.keys()`, `name: &String`): `&name` would be a
	 * `&&String`, which a lookup by `Borrow` does not take (gleam's
	 * package interface, E0277); `name` is the borrow the copy's `&` made.
	 * A name that may or may not be one (a pattern binding, a closure
	 * parameter) handed to such a lookup keeps the copy. */
	if (ev->borrow_how && strcmp(ev->borrow_how, "&") == 0 && st->form == RS_METHOD && vs + 1 == ve && !derefs &&
	    ev->root[0] && !ev->field[0]) {
		/* (a `for` item is a reference only when the iterable says so,
		 * type_is_ref: LOOP_REF is also "not known to be owned", and
		 * malachite's `for (x, y, z, w) in gen.take(n)` items are owned) */
		if (ev->root_kind == EV_ROOT_PARAM_REF || ev->type_is_ref)
			ev->receiver_is_ref = 1;
		else if (((ev->root_kind == EV_ROOT_BINDING && !ev->owned_binding) || ev->root_kind == EV_ROOT_CLOSURE_PARAM ||
		          ev->root_kind == EV_ROOT_LOOP_REF || ev->root_kind == EV_ROOT_UNKNOWN) &&
		         rs0 >= 4 && is_open(&c, rs0 - 2, '(') && is(&c, rs0 - 4, ".") &&
		         in_list(&c, &ar->key_lookup_method, rs0 - 3))
			ev->key_of_maybe_ref_line = c.t[rs0].line;
	}
	/* `if let Some(caps) = re.captures(request.url().clone().as_str()) {
	 * request = rewrite(request, caps); }`: a borrow in place of the copy
	 * lives in what the pattern binds, through the block the scrutinee
	 * reaches, where the root is moved or written (lychee's quirks, E0505) */
	if (ev->borrow_how && ev->root[0] && !ev->later_use_in_stmt && !ev->reassigns_root && fn->body_open != RS_NONE) {
		flow_scrutinee sc;
		if (flow_scrutinee_of(rs->lex, fn->body_open, rs0, &sc) && sc.binds)
			ev->later_use_in_stmt = source_changed_in(&c, ev->root, "", sc.open, sc.close, floor);
	}

	if (st->loop != RS_NONE) {
		const rs_scope *sc = &rs->scopes[st->loop];
		ev->in_loop = 1;
		ev->loop_kw = is(&c, sc->head, "for") ? "for" : is(&c, sc->head, "while") ? "while" : "loop";
		ev->loop_line = c.t[sc->head].line;
		ev->root_outside_loop = ev->root_kind != EV_ROOT_TEMP && ev->root_kind != EV_ROOT_CALL &&
		                        (ev->decl_tok == RS_NONE || ev->decl_tok < sc->head);
	}
	if (st->closure != RS_NONE) {
		const rs_scope *sc = &rs->scopes[st->closure];
		ev->in_closure = 1;
		ev->closure_move = sc->is_move;
		ev->closure_async = sc->kind == RS_ASYNC;
		ev->closure_line = c.t[sc->head].line;
		ev->root_outside_closure = ev->root_kind != EV_ROOT_TEMP && (ev->decl_tok == RS_NONE || ev->decl_tok < sc->head);
		ev->closure_once = runs_once(&c, rs, st->closure, ev->decl_tok);
		if (!ev->boundary[0] && sc->is_move) {
			snprintf(ev->boundary, sizeof(ev->boundary), "%s", sc->kind == RS_ASYNC ? "async move block" : "move closure");
			ev->boundary_line = c.t[sc->head].line;
		}
	}
	if ((ev->borrow_how || ev->bound_reads > 0 || ev->for_head) && fn->body_open != RS_NONE)
		ev->unsafe_line = unsafe_block_line(&c, st->tok, fn->body_open);
	/* `L2Table::clone(&l2)`: the path names the copy's type, and `&l2`
	 * reaches `&L2Table` through Deref when l2 is an Arc<L2Table> (imago's
	 * L2 cache, E0308): moving l2 hands on l2's own type, so a move is the
	 * same only when that is the type the path names */
	if (st->form == RS_PATH && st->path_type != RS_NONE && is_ident(&c, st->path_type) &&
	    !is(&c, st->path_type, "Clone") && c.text[c.t[st->path_type].off] >= 'A' &&
	    c.text[c.t[st->path_type].off] <= 'Z' && ev->cost != EV_COST_REFCOUNT && ev->cost != EV_COST_COPY) {
		size_t n = c.t[st->path_type].len;
		if (!ev->type[0] || strncmp(ev->type, c.text + c.t[st->path_type].off, n) != 0 ||
		    (ev->type[n] != '\0' && ev->type[n] != '<'))
			ev->path_type_unconfirmed = 1;
	}
}
