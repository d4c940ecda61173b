#include "config.h"

#include "ev_types.h"

#include <string.h>

trange strip_refs(trange t, int *is_ref)
{
	const ctx *c = t.src;

	while (c && t.a < t.b && (is(c, t.a, "&") || is(c, t.a, "&&") || is(c, t.a, "mut") || is(c, t.a, "dyn") ||
	                          is(c, t.a, "impl") || c->t[t.a].kind == TOK_LIFETIME)) {
		if (is_ref && (is(c, t.a, "&") || is(c, t.a, "&&")))
			*is_ref = 1;
		t.a++;
	}
	return t;
}

size_t type_head(trange t, size_t *lt)
{
	const ctx *c = t.src;
	size_t i, name = RS_NONE;

	*lt = RS_NONE;
	if (!c)
		return RS_NONE;
	for (i = t.a; i < t.b && (is_ident(c, i) || is(c, i, "::")); i++) {
		if (is_ident(c, i))
			name = i;
		/* `R::Handle`, `Self::Item`: a type's associated type, which only
		 * trait resolution could name (modules are lower case) */
		if (is_ident(c, i) && i + 1 < t.b && is(c, i + 1, "::") && c->text[c->t[i].off] >= 'A' &&
		    c->text[c->t[i].off] <= 'Z')
			return RS_NONE;
	}
	if (i < t.b && is(c, i, "<"))
		*lt = i;
	return name;
}

trange type_arg(trange t, int k)
{
	const ctx *c = t.src;
	size_t lt, i, start;
	int depth = 0, index = 0;

	if (type_head(t, &lt) == RS_NONE || lt == RS_NONE)
		return TR_NONE;
	start = lt + 1;
	for (i = lt; i < t.b; i++) {
		if (c->t[i].kind == TOK_OPEN) {
			i = skip_pair(c, i);
			continue;
		}
		if (is(c, i, "<"))
			depth++;
		else if (is(c, i, ">") && --depth == 0)
			return index == k ? tr(c, start, i) : TR_NONE;
		else if (depth == 1 && is(c, i, ",")) {
			if (index == k)
				return tr(c, start, i);
			index++;
			start = i + 1;
		}
	}
	return TR_NONE;
}

/* `type Name = Target;` (or `use ..::Target as Name;`) for the name at
 * token `name` of file c: in c, else in the type library (aliases only). */
static trange find_alias(const ctx *c, size_t name, const ctx *site)
{
	const char *n = c->text + c->t[name].off;
	size_t len = c->t[name].len, a;
	const typelib_entry *e;

	/* the type library holds every file's aliases: its sorted index, not a
	 * walk through thousands of them for every lookup */
	for (a = 0; c != site->lib && a < c->rs->alias_count; a++)
		if (tok_eq_text(c, c->rs->aliases[a].name, n, len)) {
			size_t b;
			/* `#[cfg(..)] type Key = &'static str;` beside another
			 * `type Key = ..` for other features: which one is meant is
			 * unknown */
			for (b = a + 1; b < c->rs->alias_count; b++)
				if (tok_eq_text(c, c->rs->aliases[b].name, n, len))
					return TR_NONE;
			return tr(c, c->rs->aliases[a].type_start, c->rs->aliases[a].type_end);
		}
	for (a = 0; c != site->lib && a < c->rs->rename_count; a++) /* `use std::rc::Weak as RcWeak;` */
		if (tok_eq_text(c, c->rs->renames[a].name, n, len))
			return tr(c, c->rs->renames[a].type_start, c->rs->renames[a].type_end);
	/* an alias of the workspace, unless a type of the same name is declared
	 * too (slog's `type Key = &'static str` in one module, `struct Key` in
	 * the modules of other features) */
	if (site->lib && (e = typelib_alias(site->tl, n, len)) && !typelib_declares(site->tl, n, len)) {
		const rs_alias *al = &site->lib->rs->aliases[e->first];
		return tr(site->lib, al->type_start, al->type_end);
	}
	return TR_NONE;
}

trange resolve_alias(trange t, const ctx *site)
{
	size_t lt, name, hops;

	for (hops = 0; hops < 8 && t.src; hops++) {
		trange target;
		name = type_head(strip_refs(t, NULL), &lt);
		if (name == RS_NONE)
			return t;
		target = find_alias(t.src, name, site);
		if (!target.src)
			return t;
		t = target;
	}
	return t;
}

int alias_of_reference(trange t, const ctx *site)
{
	trange held = resolve_alias(t, site);

	return held.src && held.a < held.b && (is(held.src, held.a, "&") || is(held.src, held.a, "&&"));
}

/* Auto-deref: through references and Arc/Rc/Box/Cow to what they hold. */
static trange deref(trange t, const ctx *site)
{
	size_t lt, name, hops;

	for (hops = 0; hops < 16 && t.src && t.a < t.b; hops++) {
		t = strip_refs(resolve_alias(t, site), NULL);
		name = type_head(t, &lt);
		if (name == RS_NONE || !in_list(t.src, &site->ar->deref_type, name))
			break;
		t = type_arg(t, 0);
	}
	return t;
}

trange deref_once(trange t, const ctx *site)
{
	size_t lt, name;

	t = resolve_alias(t, site);
	if (!t.src || t.a >= t.b)
		return TR_NONE;
	if (is(t.src, t.a, "&") || is(t.src, t.a, "&&")) {
		t.a++;
		while (t.a < t.b && (is(t.src, t.a, "mut") || t.src->t[t.a].kind == TOK_LIFETIME))
			t.a++;
		return t;
	}
	name = type_head(t, &lt);
	if (name == RS_NONE || !in_list(t.src, &site->ar->deref_type, name) || lt == RS_NONE)
		return TR_NONE;
	return type_arg(t, 0);
}

/* What indexing or a lookup on a container of type t yields. */
static trange element(trange t, const ctx *site)
{
	size_t lt, name;
	int k;

	t = deref(t, site);
	if (!t.src)
		return TR_NONE;
	if (t.a < t.b && is_open(t.src, t.a, '[')) { /* [T] or [T; N] */
		trange r = tr(t.src, t.a + 1, skip_pair(t.src, t.a));
		size_t i;
		for (i = r.a; i < r.b; i++)
			if (is(t.src, i, ";"))
				r.b = i;
		return r;
	}
	name = type_head(t, &lt);
	if (name == RS_NONE)
		return TR_NONE;
	k = audit_rules_element_arg(site->ar, t.src->text + t.src->t[name].off, t.src->t[name].len);
	if (k < 0)
		return TR_NONE;
	/* `SmallVec<[T; N]>`: the element is the backing array's */
	if (in_list(t.src, &site->ar->array_backed_type, name)) {
		trange a = type_arg(t, k);
		return a.src && a.a < a.b && is_open(a.src, a.a, '[') ? element(a, site) : TR_NONE;
	}
	return type_arg(t, k);
}

trange map_part(trange t, const ctx *site, int second)
{
	size_t lt, name;
	trange d = deref(t, site);

	if (!d.src || d.a >= d.b || is_open(d.src, d.a, '['))
		return TR_NONE;
	name = type_head(d, &lt);
	if (name == RS_NONE ||
	    audit_rules_element_arg(site->ar, d.src->text + d.src->t[name].off, d.src->t[name].len) != 1)
		return TR_NONE;
	return type_arg(d, second ? 1 : 0);
}

trange iterated_item(trange t, const ctx *site, int values)
{
	size_t lt, name;
	trange d = deref(t, site);

	if (!d.src || d.a >= d.b)
		return TR_NONE;
	if (is_open(d.src, d.a, '['))
		return values ? TR_NONE : element(t, site);
	name = type_head(d, &lt);
	if (name == RS_NONE)
		return TR_NONE;
	/* a map's element (argument 1) is what values() yields; iter() yields pairs */
	if ((audit_rules_element_arg(site->ar, d.src->text + d.src->t[name].off, d.src->t[name].len) == 1) != values)
		return TR_NONE;
	return element(t, site);
}

/* The first segment of the path the site's file imports the type name at
 * token `name` of file c with (`use semver::Version;`: `semver`), or
 * RS_NONE: not the site's file, or no `use` of that name there. */
static size_t import_root(const ctx *c, size_t name, const ctx *site)
{
	size_t i;

	for (i = 0; c == site && c->rs && i < c->rs->import_count; i++)
		if (same_tok(c, c->rs->imports[i].name, name))
			return c->rs->imports[i].type_start;
	return RS_NONE;
}

static int std_root(const ctx *c, size_t k)
{
	return is(c, k, "std") || is(c, k, "core") || is(c, k, "alloc");
}

/* May a workspace declaration of the type name at token `name` of file c
 * be another type than the one meant?  Yes when the site's file brings
 * the name in with a `use` from a crate outside the workspace (`use
 * deno_semver::Version;` beside an `enum Version` deriving Copy in
 * another crate); no when it brings it in from a crate of the workspace;
 * and otherwise (a name met in another file's declaration, or not
 * imported here) yes when any audited file imports a name so spelled from
 * outside -- which file's name it is is not known. */
static int maybe_foreign(const ctx *c, size_t name, const ctx *site)
{
	size_t root, first = name;

	/* a path spelled out (`syn::LitStr`): another crate's type when its
	 * first segment is std's or a crate some file imports from, directly
	 * or through a module the file imports (rune's macros crate's
	 * `syn::LitStr` beside its own `ast::LitStr` deriving Copy, E0382).
	 * A workspace crate's path may still name another crate's type, one
	 * it re-exports (meilisearch's `http_client::reqwest::Method`): that
	 * is for the tests below. */
	while (first >= 2 && is(c, first - 1, "::") && is_ident(c, first - 2))
		first -= 2;
	if (first != name) {
		const char *r = c->text + c->t[first].off;
		size_t rn = c->t[first].len, via = import_root(c, first, site);
		if (first >= 1 && is(c, first - 1, "::"))
			return 1; /* `::syn::LitStr`: a crate's, by the 2018 spelling */
		if (std_root(c, first))
			return 1;
		if (via != RS_NONE && !typelib_crate(site->tl, c->text + c->t[via].off, c->t[via].len))
			return 1;
		if (via == RS_NONE && !typelib_crate(site->tl, r, rn) && typelib_foreign_root(site->tl, r, rn))
			return 1;
	}
	root = import_root(c, name, site);
	if (root != RS_NONE)
		return !typelib_crate(site->tl, c->text + c->t[root].off, c->t[root].len);
	return typelib_foreign(site->tl, c->text + c->t[name].off, c->t[name].len);
}

/* Is the std type the rules' lists name (`SocketAddr` in `copy_type`)
 * perhaps not the one meant by the name at token `name` of file c?  Yes
 * when the workspace declares a type of that name (pingora's `enum
 * SocketAddr { Inet(..), Unix(..) }`, not Copy), unless the site's file
 * imports the name from std, core or alloc. */
static int std_name_shadowed(const ctx *c, size_t name, const ctx *site)
{
	size_t root;

	if (!site->tl || !typelib_declares(site->tl, c->text + c->t[name].off, c->t[name].len))
		return 0;
	root = import_root(c, name, site);
	return root == RS_NONE || !std_root(c, root);
}

/* Where the struct named by token `name` of file c is declared: that file
 * (fields [*first, *first + *count) of its scan) or the type library. */
static const ctx *struct_home(const ctx *c, size_t name, const ctx *site, size_t *first, size_t *count)
{
	const char *n = c->text + c->t[name].off;
	size_t len = c->t[name].len, i;
	const typelib_entry *e;

	/* one comparison a struct of this file; its fields are found by
	 * binary search (they are in source order, so sorted by struct).
	 * A type met inside the library is looked up in its index instead. */
	for (i = 0; c != site->lib && i < c->rs->struct_count; i++) {
		uint32_t sn = c->rs->structs[i].name;
		size_t lo = 0, hi = c->rs->field_count, k;
		if (!tok_eq_text(c, sn, n, len))
			continue;
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;
			if (c->rs->fields[mid].strukt < sn)
				lo = mid + 1;
			else
				hi = mid;
		}
		for (k = lo; k < c->rs->field_count && c->rs->fields[k].strukt == sn; k++)
			;
		if (k > lo) {
			*first = lo;
			*count = k - lo;
			return c;
		}
	}
	if (site->lib && (e = typelib_struct(site->tl, n, len)) && e->count && !maybe_foreign(c, name, site)) {
		*first = e->first;
		*count = e->count;
		return site->lib;
	}
	return NULL;
}

/* The number spelled by f[0..n) (digits only). */
static int32_t atoi_n(const char *f, size_t n)
{
	int32_t v = 0;
	size_t i;

	for (i = 0; i < n && f[i] >= '0' && f[i] <= '9'; i++)
		v = v * 10 + (f[i] - '0');
	return i == n ? v : -1;
}

/* The type of field `f` (a name, or a tuple struct's position) of the
 * struct that type t names. */
trange tuple_item(trange t, int k)
{
	const ctx *c = t.src;
	size_t i, start = t.a + 1, close = t.b - 1;
	int index = 0, depth = 0;

	for (i = start; i <= close; i++) {
		if (i < close && c->t[i].kind == TOK_OPEN) {
			i = skip_pair(c, i);
			continue;
		}
		if (is(c, i, "<"))
			depth++;
		else if (is(c, i, ">"))
			depth--;
		else if (i == close || (depth == 0 && is(c, i, ","))) {
			if (index == k)
				return i > start ? tr(c, start, i) : TR_NONE;
			index++;
			start = i + 1;
		}
	}
	return TR_NONE;
}

/* The type of field fd (of a struct in home) as the type t names it: a
 * field whose type is one of the struct's own parameters takes t's
 * argument in that place -- `value: T` of `rhs: Exact<&Real>` is a
 * `&Real` (fend-core: its clone was taken for a move, E0308) --, and is
 * unknown when t gives none. */
static trange instantiated(const ctx *home, const rs_field *fd, trange t)
{
	size_t k = fd->strukt + 1, param = 0;
	int depth = 0;

	if (fd->type_end != fd->type_start + 1 || !is_ident(home, fd->type_start) || !is(home, k, "<"))
		return tr(home, fd->type_start, fd->type_end);
	for (; k < home->n; k++) {
		if (is(home, k, "<"))
			depth++;
		else if (is(home, k, ">") && --depth == 0)
			break;
		else if (depth == 1 && is(home, k, ","))
			param++;
		else if (depth == 1 && is_ident(home, k) && (is(home, k - 1, "<") || is(home, k - 1, ",")) &&
		         same_tok(home, k, fd->type_start))
			return type_arg(t, (int)param); /* TR_NONE when t has no arguments */
	}
	return tr(home, fd->type_start, fd->type_end);
}

trange field_type(trange t, const char *f, size_t fn, const ctx *site)
{
	const ctx *home;
	size_t lt, name, i, first, count;

	t = deref(t, site);
	/* `item: (&WorldKey, &WorldItem)`: `item.1` is a `&WorldItem` (wit-parser:
	 * its clone was taken for a move, E0308) */
	if (t.src && t.a + 1 < t.b && is_open(t.src, t.a, '(') && skip_pair(t.src, t.a) + 1 == t.b && fn > 0 && fn < 4 &&
	    f[0] >= '0' && f[0] <= '9')
		return tuple_item(t, atoi_n(f, fn));
	name = type_head(t, &lt);
	if (name == RS_NONE || !(home = struct_home(t.src, name, site, &first, &count)))
		return TR_NONE;
	for (i = first; i < first + count; i++) {
		const rs_field *fd = &home->rs->fields[i];
		if (fd->position >= 0 ? fn > 0 && fn < 4 && f[0] >= '0' && f[0] <= '9' && atoi_n(f, fn) == fd->position
		                      : tok_eq_text(home, fd->name, f, fn))
			return instantiated(home, fd, t);
	}
	return TR_NONE;
}

int struct_has_field(trange t, const char *f, size_t fn, const ctx *site)
{
	const ctx *home;
	size_t lt, name, i, first, count;

	name = type_head(t, &lt);
	if (name == RS_NONE || !(home = struct_home(t.src, name, site, &first, &count)))
		return -1;
	for (i = first; i < first + count; i++) {
		const rs_field *fd = &home->rs->fields[i];
		if (fd->position >= 0 ? fn > 0 && fn < 4 && f[0] >= '0' && f[0] <= '9' && atoi_n(f, fn) == fd->position
		                      : tok_eq_text(home, fd->name, f, fn))
			return 1;
	}
	return 0;
}

trange unwrap_type(trange t)
{
	size_t lt, name = type_head(strip_refs(t, NULL), &lt);

	if (name != RS_NONE && (is(t.src, name, "Option") || is(t.src, name, "Result")))
		return type_arg(strip_refs(t, NULL), 0);
	return t;
}

static enum ev_cost type_cost_depth(trange t, const ctx *site, int depth);

/* Is the type name at token `name` of file c perhaps another crate's, not
 * std's (`syn::Path`, `Path` brought in by `use syn::Path;` or by a glob,
 * `use crate::*;` of tiny-skia's re-exported `Path`)?  Then `&Path` is no
 * unsized std type whose `.clone()` copies the reference.  `str` is
 * always std's; `Path`, `OsStr` and `CStr` are not in the prelude, so
 * they are std's only where the site's file imports them from std (refuted
 * otherwise: tiny-skia's `let mut path = path.clone();`, E0308). */
static int not_std_name(const ctx *c, size_t name, const ctx *site)
{
	size_t root;

	if (is(c, name, "str"))
		return 0;
	if (name >= 2 && is(c, name - 1, "::") && is_ident(c, name - 2))
		return !(is(c, name - 2, "path") || is(c, name - 2, "ffi") || std_root(c, name - 2));
	root = import_root(c, name, site);
	return root == RS_NONE || !std_root(c, root);
}

/* A struct: what cloning it costs, from its fields.  Only handles (and
 * Copy fields beside them) make a cheap clone; any heap field makes it a
 * heap copy; otherwise unknown. */
static enum ev_cost struct_cost(trange t, size_t name, const ctx *site, int depth)
{
	size_t i, first, count;
	const ctx *home = struct_home(t.src, name, site, &first, &count);
	int handles = 0, heap = 0, unknown = 0;

	if (!home || !count)
		return EV_COST_UNKNOWN;
	for (i = first; i < first + count; i++) {
		const rs_field *fd = &home->rs->fields[i];
		switch (type_cost_depth(tr(home, fd->type_start, fd->type_end), site, depth + 1)) {
		case EV_COST_REFCOUNT: handles++; break;
		case EV_COST_HEAP: heap++; break;
		case EV_COST_COPY: break;
		default: unknown++; break;
		}
	}
	if (heap)
		return EV_COST_HEAP;
	if (handles && !unknown)
		return EV_COST_REFCOUNT;
	return EV_COST_UNKNOWN;
}

enum ev_cost type_cost(trange t, const ctx *site)
{
	return type_cost_depth(t, site, 0);
}

static enum ev_cost type_cost_depth(trange t, const ctx *site, int depth)
{
	const ctx *c;
	size_t lt, name;
	int is_ref = 0;

	if (depth > 4 || !t.src)
		return EV_COST_UNKNOWN;
	t = strip_refs(resolve_alias(t, site), &is_ref);
	c = t.src;
	if (t.a < t.b && is_open(c, t.a, '[')) {
		/* `[T; N]` clones as its elements do, behind a reference too (the
		 * array is Clone, so `.clone()` reaches it); `&[T]` copies the
		 * reference, a slice not being Clone */
		size_t close = skip_pair(c, t.a), k;
		for (k = t.a + 1; k < close; k++) {
			if (c->t[k].kind == TOK_OPEN)
				k = skip_pair(c, k);
			else if (is(c, k, ";")) {
				enum ev_cost e = depth < 4 ? type_cost_depth(tr(c, t.a + 1, k), site, depth + 1) : EV_COST_UNKNOWN;
				return e == EV_COST_COPY || e == EV_COST_UNKNOWN ? e : EV_COST_HEAP;
			}
		}
		return is_ref ? EV_COST_COPY : EV_COST_HEAP;
	}
	name = type_head(t, &lt);
	if (name == RS_NONE)
		return EV_COST_UNKNOWN;
	if (is_ref && (is(c, name, "str") || is(c, name, "Path") || is(c, name, "OsStr")) && !not_std_name(c, name, site)) {
		size_t first, count;
		/* &str is Copy and str is not Clone: the reference is copied.  A
		 * struct of the workspace by the same name (clap's OsStr) is
		 * Clone, and `.clone()` on a reference to it copies the struct */
		if (!struct_home(t.src, name, site, &first, &count))
			return EV_COST_COPY;
	}
	if (in_list(c, &site->ar->wrapper_type, name) && lt != RS_NONE) {
		/* `Result<u16, ReadError>` is Copy only if ReadError is (skrifa:
		 * `self.upem.clone()` taken for a Copy value, E0507) */
		enum ev_cost cost = type_cost_depth(type_arg(t, 0), site, depth + 1);
		trange e = type_arg(t, 1);
		if (cost == EV_COST_COPY && e.b > e.a) {
			enum ev_cost ecost = type_cost_depth(e, site, depth + 1);
			if (ecost != EV_COST_COPY)
				return ecost;
		}
		return cost;
	}
	if (in_list(c, &site->ar->cheap_type, name))
		return EV_COST_REFCOUNT;
	if ((in_list(c, &site->ar->copy_type, name) && !std_name_shadowed(c, name, site)) ||
	    (typelib_copy(site->tl, c->text + c->t[name].off, c->t[name].len) && /* `#[derive(Copy)]` in the workspace */
	     !maybe_foreign(c, name, site) &&
	     /* not beside an alias of the same name: cargo's `struct
	      * Metadata(u64)` and `type Metadata = BTreeMap<..>` (E0507) */
	     !typelib_alias(site->tl, c->text + c->t[name].off, c->t[name].len)))
		return EV_COST_COPY;
	if (in_list(c, &site->ar->heap_type, name))
		return EV_COST_HEAP;
	return struct_cost(t, name, site, depth);
}

trange chain_type(const ctx *c, trange t, size_t k, size_t end)
{
	while (k < end && t.src && t.a < t.b) {
		if (is(c, k, ".") && (is_ident(c, k + 1) || (k + 1 < c->n && c->t[k + 1].kind == TOK_NUMBER))) {
			size_t m = k + 1; /* a field, a tuple field (`.0`) or a method */
			if (is_open(c, m + 1, '(')) {
				if (in_list(c, &c->ar->lock_method, m)) {
					trange d = deref(t, c);
					size_t lt, name = type_head(d, &lt);
					if (name == RS_NONE || !in_list(d.src, &c->ar->guard_type, name))
						return TR_NONE;
					t = unwrap_type(type_arg(d, 0));
				} else if (in_list(c, &c->ar->lookup_method, m) || in_list(c, &c->ar->element_method, m)) {
					t = element(t, c);
				} else if (in_list(c, &c->ar->pass_method, m)) {
					if (!is(c, m, "entry"))
						t = unwrap_type(t);
				} else
					return TR_NONE;
				k = skip_pair(c, m + 1) + 1;
				continue;
			}
			t = field_type(t, c->text + c->t[m].off, c->t[m].len, c);
			k += 2;
			continue;
		}
		if (is_open(c, k, '[')) {
			t = element(t, c);
			k = skip_pair(c, k) + 1;
			continue;
		}
		if (is(c, k, "?")) {
			t = unwrap_type(t);
			k++;
			continue;
		}
		return TR_NONE;
	}
	return t;
}

int listed_type(const ctx *c, trange t)
{
	size_t lt, name;

	t = strip_refs(resolve_alias(t, c), NULL);
	name = type_head(t, &lt);
	if (name == RS_NONE)
		return 1;
	if (in_list(t.src, &c->ar->wrapper_type, name) && lt != RS_NONE)
		return listed_type(c, type_arg(t, 0));
	return in_list(t.src, &c->ar->cheap_type, name) || in_list(t.src, &c->ar->copy_type, name) ||
	       in_list(t.src, &c->ar->heap_type, name);
}

int type_opaque(trange t)
{
	const ctx *c = t.src;

	if (!c || t.a >= t.b)
		return 0;
	return is(c, t.a, "<") || is(c, t.a, "impl") ||
	       (is_ident(c, t.a) && is(c, t.a + 1, "::") && is_ident(c, t.a + 2) && t.a + 3 == t.b &&
	        (is(c, t.a, "Self") || (c->t[t.a].len == 1 && c->text[c->t[t.a].off] >= 'A' && c->text[c->t[t.a].off] <= 'Z')));
}

int type_lends(trange t)
{
	size_t k;

	for (k = t.a; t.src && k < t.b; k++)
		if (t.src->t[k].kind == TOK_LIFETIME || (k > t.a && (is(t.src, k, "&") || is(t.src, k, "&&"))))
			return 1;
	return 0;
}

int ref_to_sized(trange t, const ctx *site)
{
	int is_ref = 0;
	size_t lt, name, k;
	trange inner;

	if (!t.src || t.a >= t.b || !(is(t.src, t.a, "&") || is(t.src, t.a, "&&")))
		return 0;
	inner = resolve_alias(strip_refs(t, &is_ref), site);
	if (!inner.src)
		return 0;
	for (k = t.a; k < t.b && k < inner.a && t.src == inner.src; k++)
		if (is(t.src, k, "dyn") || is(t.src, k, "impl"))
			return 0; /* `&dyn Trait`: the reference is what is copied */
	if (inner.a >= inner.b)
		return 0;
	if (is_open(inner.src, inner.a, '[')) { /* `&[Point; 2]` is sized, `&[Point]` not */
		size_t close = skip_pair(inner.src, inner.a);
		for (k = inner.a + 1; k < close; k++) {
			if (inner.src->t[k].kind == TOK_OPEN)
				k = skip_pair(inner.src, k);
			else if (is(inner.src, k, ";"))
				return 1; /* (tiny-skia's `src.clone()` of a `&[Point; 2]`: `*src`, not `src`, E0308) */
		}
		return 0;
	}
	name = type_head(inner, &lt);
	return name != RS_NONE && ((!is(inner.src, name, "str") && !is(inner.src, name, "Path") &&
	                            !is(inner.src, name, "OsStr") && !is(inner.src, name, "CStr")) ||
	                           not_std_name(inner.src, name, site));
}

int iterable_by_ref(trange t, const ctx *site)
{
	size_t lt, name;

	t = strip_refs(resolve_alias(t, site), NULL);
	if (!t.src || t.a >= t.b)
		return 0;
	if (is_open(t.src, t.a, '[')) /* [T; N] and [T] */
		return 1;
	name = type_head(t, &lt);
	return name != RS_NONE &&
	       audit_rules_element_arg(site->ar, t.src->text + t.src->t[name].off, t.src->t[name].len) >= 0;
}

int std_type(trange t, const ctx *site)
{
	size_t lt, name;
	const ctx *c;

	t = strip_refs(resolve_alias(t, site), NULL);
	c = t.src;
	if (!c || t.a >= t.b)
		return 0;
	if (is_open(c, t.a, '[') || is_open(c, t.a, '('))
		return 1; /* arrays, slices, tuples */
	name = type_head(t, &lt);
	if (name == RS_NONE)
		return 0;
	if (is(c, name, "str"))
		return 1;
	if (!(in_list(c, &site->ar->copy_type, name) || in_list(c, &site->ar->heap_type, name) ||
	      in_list(c, &site->ar->cheap_type, name) || in_list(c, &site->ar->wrapper_type, name) ||
	      in_list(c, &site->ar->deref_type, name) || in_list(c, &site->ar->guard_type, name) ||
	      audit_rules_element_arg(site->ar, c->text + c->t[name].off, c->t[name].len) >= 0))
		return 0;
	if (name >= 2 && is(c, name - 1, "::") && is_ident(c, name - 2)) { /* `std::sync::Arc`, `parking_lot::Mutex` */
		size_t k = name - 2;
		while (k >= 2 && is(c, k - 1, "::") && is_ident(c, k - 2))
			k -= 2;
		return std_root(c, k);
	}
	{ /* a name the rules list, imported from std or not imported (the prelude) */
		size_t root = import_root(c, name, site);
		return (root == RS_NONE || std_root(c, root)) && !std_name_shadowed(c, name, site);
	}
}
