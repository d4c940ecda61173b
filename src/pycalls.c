#include "config.h"

#include "pycalls.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <jansson.h>
#include <stdatomic.h>

#include "parallel.h"
#include "pyhot.h"
#include "pyunicode.h"

/* Records, a line each, fields split by tabs:
 *   F PATH                       the file the lines below are of
 *   E DEF REASON                 DEF runs per request by what the file shows
 *   I DEF CALLEE LINE            DEF calls CALLEE, a def of the same file
 *   C DEF MODULE NAME LINE       DEF calls NAME of MODULE (an import's)
 *   D NAME CLASS                 a method of CLASS (a def in its body) is named NAME
 *   M DEF NAME LINE RECEIVER     DEF calls NAME on an object (`resp.to_dict()`)
 * A path or a reason with a tab or a newline in it gives no records. */

static int p_is(const pylex_result *lx, size_t i, const char *s)
{
	return i < lx->count && pylex_is(lx, &lx->tokens[i], s);
}

static int p_ident(const pylex_result *lx, size_t i)
{
	return i < lx->count && lx->tokens[i].kind == PYTOK_IDENT;
}

static int line_start(const pylex_result *lx, size_t i)
{
	int k;

	if (i == 0)
		return 1;
	k = lx->tokens[i - 1].kind;
	return k == PYTOK_NEWLINE || k == PYTOK_INDENT || k == PYTOK_DEDENT;
}

static int is_def(const pylex_block *b)
{
	return b->kind == PYBLOCK_DEF || b->kind == PYBLOCK_ASYNC_DEF;
}

/* ---- a file's records ---------------------------------------------------- */

/* A name an import binds: a module (`import a.b as m`, `from a import b`,
 * which may be one) or a def of one (`from a.b import f`). */
typedef struct {
	const char *bind;   /* the text code uses: `m`, `a.b` for `import a.b`, `f` */
	size_t bind_len;
	char *module;       /* absolute, dotted (owned) */
	const char *name;   /* for a def: its name in the module; NULL for a module */
	size_t name_len;
} binding;

typedef struct {
	binding *v;
	size_t n, cap;
} bindings;

static int add_binding(bindings *bs, const char *bind, size_t bl, const char *module, size_t ml, const char *name,
                       size_t nl)
{
	binding *b;

	if (bs->n == bs->cap) {
		binding *v = buf_grow_array(bs->v, &bs->cap, sizeof(*v), 16);
		if (!v)
			return -1;
		bs->v = v;
	}
	b = &bs->v[bs->n];
	if (!(b->module = malloc(ml + 1)))
		return -1;
	memcpy(b->module, module, ml);
	b->module[ml] = '\0';
	b->bind = bind;
	b->bind_len = bl;
	b->name = name;
	b->name_len = nl;
	bs->n++;
	return 0;
}

static void bindings_free(bindings *bs)
{
	size_t i;

	for (i = 0; i < bs->n; i++)
		free(bs->v[i].module);
	free(bs->v);
}

/* The dotted name at token i (`a.b.c`) into out; the token after it. */
static size_t dotted(const pylex_result *lx, size_t i, buf *out)
{
	buf_clear(out);
	while (p_ident(lx, i)) {
		buf_append(out, lx->text + lx->tokens[i].off, lx->tokens[i].len);
		if (!(p_is(lx, i + 1, ".") && p_ident(lx, i + 2)))
			return i + 1;
		buf_putc(out, '.');
		i += 2;
	}
	return i;
}

/* The package of the file at path (`a/b/c.py` -> `a.b`; `a/b/__init__.py`
 * -> `a.b` too), `levels - 1` packages up: the base of a relative import
 * with that many dots.  0, or -1 when it goes above the tree. */
static int relative_base(const char *path, unsigned levels, buf *out)
{
	const char *slash = strrchr(path, '/');
	size_t n = slash ? (size_t)(slash - path) : 0, i;

	buf_clear(out);
	while (levels-- > 1) {
		if (!n)
			return -1;
		while (n > 0 && path[n - 1] != '/')
			n--;
		if (n > 0)
			n--;
	}
	for (i = 0; i < n; i++)
		buf_putc(out, path[i] == '/' ? '.' : path[i]);
	return 0;
}

/* The imports of the file: every `import` and `from .. import` statement,
 * wherever it is (a function's own imports count for the whole file). */
static int collect_imports(const pylex_result *lx, const char *path, bindings *bs)
{
	buf mod = BUF_INIT, base = BUF_INIT, full = BUF_INIT;
	size_t i, j;
	int rc = 0;

	for (i = 0; i < lx->count && rc == 0; i++) {
		if (!line_start(lx, i))
			continue;
		if (p_is(lx, i, "import")) { /* import a.b.c [as m], d */
			for (j = i + 1; p_ident(lx, j);) {
				size_t first = j, end = dotted(lx, j, &mod);
				const pylex_token *alias = NULL;
				if (p_is(lx, end, "as") && p_ident(lx, end + 1)) {
					alias = &lx->tokens[end + 1];
					end += 2;
				}
				if (alias)
					rc = add_binding(bs, lx->text + alias->off, alias->len, mod.ptr, mod.len, NULL, 0);
				else /* `a.b.c.f(..)` names the module by its whole path */
					rc = add_binding(bs, lx->text + lx->tokens[first].off,
					                 lx->tokens[end - 1].off + lx->tokens[end - 1].len - lx->tokens[first].off, mod.ptr,
					                 mod.len, NULL, 0);
				if (rc < 0 || !p_is(lx, end, ","))
					break;
				j = end + 1;
			}
		} else if (p_is(lx, i, "from")) { /* from [.]a.b import c [as d], (e, f) */
			unsigned dots = 0;
			j = i + 1;
			while (p_is(lx, j, ".") || p_is(lx, j, "...")) {
				dots += p_is(lx, j, ".") ? 1 : 3;
				j++;
			}
			if (p_is(lx, j, "import")) /* `from . import c`: the package itself */
				buf_clear(&mod);
			else
				j = dotted(lx, j, &mod);
			if (!p_is(lx, j, "import"))
				continue;
			buf_clear(&full);
			if (dots) {
				if (relative_base(path, dots, &base) < 0)
					continue;
				buf_append(&full, base.ptr ? base.ptr : "", base.len);
				if (mod.len && full.len)
					buf_putc(&full, '.');
			}
			buf_append(&full, mod.ptr ? mod.ptr : "", mod.len);
			if (!full.len)
				continue;
			j++;
			if (p_is(lx, j, "(") && lx->tokens[j].pair_ok)
				j++;
			while (p_ident(lx, j) && !p_is(lx, j, "import")) {
				const pylex_token *name = &lx->tokens[j], *bind = name;
				size_t ml = full.len;
				if (p_is(lx, j + 1, "as") && p_ident(lx, j + 2)) {
					bind = &lx->tokens[j + 2];
					j += 2;
				}
				/* a def of the module, or a module of the package */
				rc = add_binding(bs, lx->text + bind->off, bind->len, full.ptr, full.len, lx->text + name->off, name->len);
				if (rc == 0) {
					buf_putc(&full, '.');
					buf_append(&full, lx->text + name->off, name->len);
					rc = add_binding(bs, lx->text + bind->off, bind->len, full.ptr, full.len, NULL, 0);
					full.len = ml;
					full.ptr[ml] = '\0';
				}
				if (rc < 0 || !p_is(lx, j + 1, ","))
					break;
				j += 2;
			}
		}
	}
	buf_free(&mod);
	buf_free(&base);
	buf_free(&full);
	return rc;
}

/* The binding named text[0..n) of that kind (a module's, or a def's). */
static const binding *bound(const bindings *bs, const char *text, size_t n, int module)
{
	size_t i;

	for (i = bs->n; i-- > 0;) /* the last import of a name wins */
		if (bs->v[i].bind_len == n && memcmp(bs->v[i].bind, text, n) == 0 && (bs->v[i].name == NULL) == module)
			return &bs->v[i];
	return NULL;
}

/* Does the file define a def named like token i? */
static int file_defines(const pylex_result *lx, size_t i)
{
	size_t b;

	for (b = 0; b < lx->block_count; b++)
		if (is_def(&lx->blocks[b]) && lx->blocks[b].name != PYLEX_NONE &&
		    lx->tokens[lx->blocks[b].name].len == lx->tokens[i].len &&
		    memcmp(lx->text + lx->tokens[lx->blocks[b].name].off, lx->text + lx->tokens[i].off, lx->tokens[i].len) == 0)
			return 1;
	return 0;
}

static int clean(const char *s, size_t n)
{
	return !memchr(s, '\t', n) && !memchr(s, '\n', n) && py_utf8_valid(s, n);
}

/* Is the call `x.NAME(..)` at token i one to follow to the methods so
 * named?  Its receiver a plain name (not `self`: a method of this file is
 * pyhot's, an inherited one is not known), and not when following is off,
 * the name is one the rules list as too common to say which class is
 * meant (`append`, `update`, `result`), or it is short (`get`, `run`). */
static int method_call_followed(const pylex_result *lx, size_t i, const audit_rules *ar)
{
	return ar->py_method_calls_max > 0 && lx->tokens[i].len >= 5 && i >= 2 && p_ident(lx, i - 2) &&
	       !p_is(lx, i - 2, "self") && !p_is(lx, i - 2, "cls") &&
	       !strlist_has(&ar->py_method_call_skip, lx->text + lx->tokens[i].off, lx->tokens[i].len);
}

/* Append the record in line to out, and empty line; a record that is not
 * valid UTF-8 (a name of ill-formed bytes) is left out: the graph's keys
 * are JSON strings. */
static int put_record(buf *out, buf *line)
{
	int rc = 0;

	if (py_utf8_valid(line->ptr, line->len))
		rc = buf_append(out, line->ptr, line->len);
	buf_clear(line);
	return rc;
}

int pycalls_records(buf *out, const pylex_result *lx, const char *path, const audit_rules *ar)
{
	bindings bs = { NULL, 0, 0 };
	buf line = BUF_INIT;
	pyhot_map hot;
	size_t i, b;
	int rc = -1;

	if (!clean(path, strlen(path)))
		return 0;
	memset(&hot, 0, sizeof(hot));
	if (collect_imports(lx, path, &bs) < 0 || pyhot_build(&hot, lx, ar, NULL, NULL) < 0)
		goto done;
	if (buf_printf(&line, "F\t%s\n", path) < 0 || put_record(out, &line) < 0)
		goto done;
	/* the entry points only (a route, a request-typed parameter, a
	 * registration): the defs pyhot reaches from them ("per request, via
	 * ..") are reached again over the I records, and their chained words
	 * would only lengthen the reasons */
	for (b = 0; b < hot.n; b++)
		if (hot.why[b] && strncmp(hot.why[b], "per request, via ", 17) != 0 && is_def(&lx->blocks[b]) &&
		    lx->blocks[b].name != PYLEX_NONE && clean(hot.why[b], strlen(hot.why[b]))) {
			const pylex_token *t = &lx->tokens[lx->blocks[b].name];
			if (buf_printf(&line, "E\t%.*s\t%s\n", (int)t->len, lx->text + t->off, hot.why[b]) < 0 || put_record(out, &line) < 0)
				goto done;
		}
	if (ar->py_method_calls_max > 0)
		for (b = 0; b < lx->block_count; b++) /* the methods: defs right in a class's body */
			if (is_def(&lx->blocks[b]) && lx->blocks[b].name != PYLEX_NONE && lx->blocks[b].parent != PYLEX_NONE &&
			    lx->blocks[lx->blocks[b].parent].kind == PYBLOCK_CLASS) {
				const pylex_token *t = &lx->tokens[lx->blocks[b].name];
				uint32_t cls = lx->blocks[lx->blocks[b].parent].name;
				if (cls == PYLEX_NONE)
					continue;
				if (buf_printf(&line, "D\t%.*s\t%.*s\n", (int)t->len, lx->text + t->off, (int)lx->tokens[cls].len,
				               lx->text + lx->tokens[cls].off) < 0 ||
				    put_record(out, &line) < 0)
					goto done;
			}
	for (i = 0; i + 1 < lx->count; i++) {
		uint32_t fn;
		const pylex_token *caller;
		if (!p_ident(lx, i) || (fn = pylex_enclosing(lx, i, PYBLOCK_FUNCTIONS, 0)) == PYLEX_NONE ||
		    lx->blocks[fn].name == PYLEX_NONE)
			continue;
		caller = &lx->tokens[lx->blocks[fn].name];
		if (pyhot_follows_call(lx, i) && file_defines(lx, i)) {
			if (buf_printf(&line, "I\t%.*s\t%.*s\t%u\n", (int)caller->len, lx->text + caller->off, (int)lx->tokens[i].len,
			               lx->text + lx->tokens[i].off, lx->tokens[i].line) < 0 ||
			    put_record(out, &line) < 0)
				goto done;
			continue;
		}
		if (!p_is(lx, i + 1, "("))
			continue;
		if (i >= 2 && p_is(lx, i - 1, ".")) { /* `m.f(..)`, `a.b.f(..)`: a module's def */
			size_t first = i - 2;
			const binding *m;
			while (first >= 2 && p_is(lx, first - 1, ".") && p_ident(lx, first - 2))
				first -= 2;
			if (first > 0 && (p_is(lx, first - 1, ".") || lx->tokens[first - 1].kind == PYTOK_CLOSE))
				continue; /* `x().m.f(..)`: on a value */
			m = bound(&bs, lx->text + lx->tokens[first].off,
			          lx->tokens[i - 2].off + lx->tokens[i - 2].len - lx->tokens[first].off, 1);
			if (m && (buf_printf(&line, "C\t%.*s\t%s\t%.*s\t%u\n", (int)caller->len, lx->text + caller->off, m->module,
			                    (int)lx->tokens[i].len, lx->text + lx->tokens[i].off, lx->tokens[i].line) < 0 ||
			          put_record(out, &line) < 0))
				goto done;
			/* on an object, `response.to_cmpl_response()`: which class's
			 * method is not written; the graph follows it to the few
			 * methods so named (pycalls_build) */
			if (!m && method_call_followed(lx, i, ar) &&
			    (buf_printf(&line, "M\t%.*s\t%.*s\t%u\t%.*s\n", (int)caller->len, lx->text + caller->off,
			                (int)lx->tokens[i].len, lx->text + lx->tokens[i].off, lx->tokens[i].line,
			                (int)lx->tokens[i - 2].len, lx->text + lx->tokens[i - 2].off) < 0 ||
			     put_record(out, &line) < 0))
				goto done;
		} else if (!(i > 0 && p_is(lx, i - 1, "def"))) { /* `f(..)` of `from m import f` */
			const binding *d = bound(&bs, lx->text + lx->tokens[i].off, lx->tokens[i].len, 0);
			if (d && (buf_printf(&line, "C\t%.*s\t%s\t%.*s\t%u\n", (int)caller->len, lx->text + caller->off, d->module,
			                    (int)d->name_len, d->name, lx->tokens[i].line) < 0 ||
			          put_record(out, &line) < 0))
				goto done;
		}
	}
	rc = 0;
done:
	pyhot_free(&hot);
	bindings_free(&bs);
	buf_free(&line);
	return rc;
}

/* ---- the graph ------------------------------------------------------------ */

typedef struct {
	char *path;      /* owned */
	char *dotted;    /* its module name (owned) */
} py_file;

typedef struct {
	unsigned file;
	unsigned kind;   /* 'I', 'C' or 'M' */
	char *def;       /* owned, each */
	char *target;    /* I, M: the callee; C: the module */
	char *name;      /* C: the def of the module; M: the receiver's name; NULL for I */
	unsigned line;
} py_edge;

struct pycalls {
	json_t *reasons; /* "FILE\tDEF" -> reason, for defs reached from another file */
	json_t *paths;   /* FILE -> true, for the files that have one */
};

typedef struct {
	py_file *files;
	size_t nfiles, fcap;
	py_edge *edges;
	size_t nedges, ecap;
	json_t *by_def;  /* "FILE-INDEX\tDEF" -> [edge indices] */
	json_t *entries; /* [[file, def, reason]] */
	json_t *modules; /* module -> its file's index, or -1: resolve()'s answers */
	json_t *methods; /* method name -> [[file index, class] of each def so named in a class] */
} graph;

/* The module name of the file at path: `a/b/c.py` -> `a.b.c`,
 * `a/b/__init__.py` -> `a.b`. */
static char *module_of(const char *path)
{
	size_t n = strlen(path), i;
	char *m;

	if (n > 3 && strcmp(path + n - 3, ".py") == 0)
		n -= 3;
	if (n >= 9 && strncmp(path + n - 9, "/__init__", 9) == 0)
		n -= 9;
	else if (n == 8 && strncmp(path, "__init__", 8) == 0)
		n = 0;
	if (!(m = malloc(n + 1)))
		return NULL;
	for (i = 0; i < n; i++)
		m[i] = path[i] == '/' ? '.' : path[i];
	m[n] = '\0';
	return m;
}

/* The one file whose module is `module`, or under a prefix (`src.pkg.mod`
 * for `pkg.mod`); -1 when none or more than one. */
static long resolve_uncached(const graph *g, const char *module)
{
	size_t i, ml = strlen(module);
	long found = -1;

	for (i = 0; i < g->nfiles; i++)
		if (strcmp(g->files[i].dotted, module) == 0)
			return (long)i;
	for (i = 0; i < g->nfiles; i++) {
		const char *d = g->files[i].dotted;
		size_t dl = strlen(d);
		if (dl > ml && d[dl - ml - 1] == '.' && strcmp(d + dl - ml, module) == 0) {
			if (found >= 0)
				return -1;
			found = (long)i;
		}
	}
	return found;
}

/* resolve_uncached(), each module asked once (a walk asks for the same
 * few modules thousands of times). */
static long resolve(graph *g, const char *module)
{
	json_t *known = json_object_get(g->modules, module);
	long at;

	if (known)
		return (long)json_integer_value(known);
	at = resolve_uncached(g, module);
	json_object_set_new(g->modules, module, json_integer(at));
	return at;
}

static char *field(const char **p, const char *end)
{
	const char *s = *p, *t = s;
	char *out;

	while (t < end && *t != '\t' && *t != '\n')
		t++;
	if (!(out = malloc((size_t)(t - s) + 1)))
		return NULL;
	memcpy(out, s, (size_t)(t - s));
	out[t - s] = '\0';
	*p = t < end && *t == '\t' ? t + 1 : t;
	return out;
}

static int node_key(buf *k, size_t file, const char *def)
{
	buf_clear(k);
	return buf_printf(k, "%zu\t%s", file, def);
}

static void graph_free(graph *g)
{
	size_t i;

	for (i = 0; i < g->nfiles; i++) {
		free(g->files[i].path);
		free(g->files[i].dotted);
	}
	for (i = 0; i < g->nedges; i++) {
		free(g->edges[i].def);
		free(g->edges[i].target);
		free(g->edges[i].name);
	}
	free(g->files);
	free(g->edges);
	json_decref(g->by_def);
	json_decref(g->entries);
	json_decref(g->modules);
	json_decref(g->methods);
}

/* The record at *p (text up to end): its kind (0 for a line too short to
 * be one), where its fields start and where it ends; *p moved past it.  0
 * at the end of the text. */
static int next_record(const char **p, const char *end, char *kind, const char **fields, const char **eol)
{
	const char *s = *p, *e;

	if (s >= end)
		return 0;
	if (!(e = memchr(s, '\n', (size_t)(end - s))))
		e = end;
	*kind = s + 2 <= e && s[1] == '\t' ? *s : 0;
	*fields = s + 2;
	*eol = e;
	*p = e + 1;
	return 1;
}

/* The D records into g->methods, before the others: an M record is kept
 * only for a name that at least one and at most max methods have (most
 * calls on objects are of the standard library's and other packages'
 * methods, which no class here defines).  0, or -1 on no memory. */
static int read_methods(graph *g, const char *text, size_t len)
{
	const char *p = text, *end = text + len, *q, *eol;
	long file = -1;
	char kind;
	int rc = 0;

	while (rc == 0 && next_record(&p, end, &kind, &q, &eol)) {
		if (kind == 'F')
			file++;
		else if (kind == 'D' && file >= 0) {
			char *name = field(&q, eol), *cls = field(&q, eol);
			json_t *list;
			if (!name || !cls)
				rc = -1;
			else if (!(list = json_object_get(g->methods, name)) &&
			         (!(list = json_array()) || json_object_set_new(g->methods, name, list) < 0))
				rc = -1;
			else if (json_array_append_new(list, json_pack("[I, s]", (json_int_t)file, cls)) < 0)
				rc = -1;
			free(name);
			free(cls);
		}
	}
	return rc;
}

/* Is the method an M record names ("DEF\tNAME\t..", text up to eol)
 * one that at least one and at most max methods of the workspace have? */
static int method_worth_following(const graph *g, const char *text, const char *eol, int max)
{
	const char *name = memchr(text, '\t', (size_t)(eol - text)), *tab;
	char copy[128];
	size_t n, count;

	if (max <= 0 || !name || !(tab = memchr(name + 1, '\t', (size_t)(eol - name - 1))))
		return 0;
	n = (size_t)(tab - name - 1);
	if (n >= sizeof(copy))
		return 0;
	memcpy(copy, name + 1, n);
	copy[n] = '\0';
	count = json_array_size(json_object_get(g->methods, copy));
	return count >= 1 && count <= (size_t)max;
}

/* Read the records into g (read_methods() first).  0, or -1 on no memory. */
static int read_records(graph *g, const char *text, size_t len, int method_defs_max)
{
	const char *p = text, *end = text + len, *q, *eol;
	buf key = BUF_INIT;
	char kind;
	int rc = 0;

	while (rc == 0 && next_record(&p, end, &kind, &q, &eol)) {
		if (kind == 'F') {
			py_file *f;
			if (g->nfiles == g->fcap) {
				py_file *v = buf_grow_array(g->files, &g->fcap, sizeof(*v), 64);
				if (!v) {
					rc = -1;
					break;
				}
				g->files = v;
			}
			f = &g->files[g->nfiles];
			f->path = field(&q, eol);
			f->dotted = f->path ? module_of(f->path) : NULL;
			if (!f->path || !f->dotted) {
				free(f->path);
				free(f->dotted);
				rc = -1;
				break;
			}
			g->nfiles++;
		} else if (g->nfiles && kind == 'E') {
			char *def = field(&q, eol), *why = field(&q, eol);
			if (!def || !why || json_array_append_new(g->entries, json_pack("[I, s, s]", (json_int_t)(g->nfiles - 1),
			                                                                   def, why)) < 0)
				rc = -1;
			free(def);
			free(why);
		} else if (g->nfiles && (kind == 'I' || kind == 'C' ||
		                         (kind == 'M' && method_worth_following(g, q, eol, method_defs_max)))) {
			py_edge *e;
			json_t *list;
			if (g->nedges == g->ecap) {
				py_edge *v = buf_grow_array(g->edges, &g->ecap, sizeof(*v), 256);
				if (!v) {
					rc = -1;
					break;
				}
				g->edges = v;
			}
			e = &g->edges[g->nedges];
			memset(e, 0, sizeof(*e));
			e->file = (unsigned)(g->nfiles - 1);
			e->kind = (unsigned)kind;
			e->def = field(&q, eol);
			e->target = field(&q, eol);
			if (kind == 'C')
				e->name = field(&q, eol);
			{
				char *line = field(&q, eol);
				e->line = line ? (unsigned)strtoul(line, NULL, 10) : 0;
				free(line);
			}
			if (kind == 'M')
				e->name = field(&q, eol); /* the receiver */
			if (!e->def || !e->target || ((kind == 'C' || kind == 'M') && !e->name) || node_key(&key, e->file, e->def) < 0) {
				free(e->def);
				free(e->target);
				free(e->name);
				rc = -1;
				break;
			}
			g->nedges++;
			if (!(list = json_object_get(g->by_def, key.ptr))) {
				if (!(list = json_array()) || json_object_set_new(g->by_def, key.ptr, list) < 0) {
					rc = -1;
					break;
				}
			}
			if (json_array_append_new(list, json_integer((json_int_t)(g->nedges - 1))) < 0)
				rc = -1;
		}
	}
	buf_free(&key);
	return rc;
}

/* Does the receiver's name share a word of four letters or more with
 * the class's (`response` and `ChatCompletionStreamResponse`, `router`
 * and `KvRouter`)?  The receiver of `x.to_dict()` says little of its
 * class, but a name that echoes the class is most often one of it: a
 * HuggingFace `generation_config.to_dict()` is no call of a CLI state's
 * `to_dict` (ms-swift, held-out recall sample 41). */
static int receiver_names_class(const char *recv, const char *cls)
{
	const char *p = recv;

	if (!recv || !cls)
		return 0;
	while (*p) {
		const char *w = p, *c;
		size_t n;
		while (*p && *p != '_')
			p++;
		n = (size_t)(p - w);
		if (n >= 4) /* the snake_case word, anywhere in the class's name, case aside */
			for (c = cls; strlen(c) >= n; c++)
				if (strncasecmp(c, w, n) == 0)
					return 1;
		while (*p == '_')
			p++;
	}
	return 0;
}

/* The reason's text after its "per request: " (the entry's own words). */
static const char *entry_words(const char *why)
{
	static const char prefix[] = "per request: ";

	return strncmp(why, prefix, sizeof(prefix) - 1) == 0 ? why + sizeof(prefix) - 1 : why;
}

pycalls *pycalls_build(const char *records, size_t len, int method_defs_max)
{
	graph g;
	pycalls *out = calloc(1, sizeof(*out));
	json_t *seen = json_object(), *queue = json_array();
	buf key = BUF_INIT, why = BUF_INIT;
	size_t head = 0, i;
	int ok = 0;

	memset(&g, 0, sizeof(g));
	g.by_def = json_object();
	g.entries = json_array();
	g.modules = json_object();
	g.methods = json_object();
	if (!out || !seen || !queue || !g.by_def || !g.entries || !g.modules || !g.methods || !(out->reasons = json_object()) ||
	    !(out->paths = json_object()) || read_methods(&g, records, len) < 0 ||
	    read_records(&g, records, len, method_defs_max) < 0)
		goto done;
	/* the walk: [file, def, depth, entry reason, entry file] */
	for (i = 0; i < json_array_size(g.entries); i++) {
		json_t *e = json_array_get(g.entries, i);
		size_t f = (size_t)json_integer_value(json_array_get(e, 0));
		if (node_key(&key, f, json_string_value(json_array_get(e, 1))) < 0 || json_object_get(seen, key.ptr))
			continue;
		if (json_object_set_new(seen, key.ptr, json_true()) < 0 ||
		    json_array_append_new(queue, json_pack("[I, O, i, O, I]", (json_int_t)f, json_array_get(e, 1), 0,
		                                           json_array_get(e, 2), (json_int_t)f)) < 0)
			goto done;
	}
	for (head = 0; head < json_array_size(queue); head++) {
		json_t *q = json_array_get(queue, head), *list;
		size_t f = (size_t)json_integer_value(json_array_get(q, 0)), k;
		const char *def = json_string_value(json_array_get(q, 1));
		int depth = (int)json_integer_value(json_array_get(q, 2));
		if (depth >= PYCALLS_DEPTH || node_key(&key, f, def) < 0)
			continue;
		if (!(list = json_object_get(g.by_def, key.ptr)))
			continue;
		for (k = 0; k < json_array_size(list); k++) {
			const py_edge *e = &g.edges[json_integer_value(json_array_get(list, k))];
			const char *callee = e->kind == 'C' ? e->name : e->target;
			size_t entry_file = (size_t)json_integer_value(json_array_get(q, 4)), t, targets = 1;
			json_t *defs = NULL;
			if (e->kind == 'M') { /* the few methods so named (read_records kept only such calls) */
				defs = json_object_get(g.methods, e->target);
				targets = json_array_size(defs);
			}
			for (t = 0; t < targets; t++) {
				long to;
				if (e->kind == 'M') {
					json_t *d = json_array_get(defs, t);
					if (!receiver_names_class(e->name, json_string_value(json_array_get(d, 1))))
						continue;
					to = (long)json_integer_value(json_array_get(d, 0));
				} else
					to = e->kind == 'I' ? (long)f : resolve(&g, e->target);
				if (to < 0 || node_key(&key, (size_t)to, callee) < 0 || json_object_get(seen, key.ptr))
					continue;
				if (json_object_set_new(seen, key.ptr, json_true()) < 0 ||
				    json_array_append_new(queue, json_pack("[I, s, i, O, I]", (json_int_t)to, callee, depth + 1,
				                                           json_array_get(q, 3), (json_int_t)entry_file)) < 0)
					goto done;
				if ((size_t)to == entry_file)
					continue; /* the entry's own file: pyhot's, with its own words */
				buf_clear(&why);
				buf_printf(&why, "per request: called from `%s` in %s (line %u); %s (%s)", def, g.files[f].path, e->line,
				           entry_words(json_string_value(json_array_get(q, 3))), g.files[entry_file].path);
				buf_clear(&key);
				buf_printf(&key, "%s\t%s", g.files[to].path, callee);
				if (!why.ptr || !key.ptr || json_object_set_new(out->reasons, key.ptr, json_string(why.ptr)) < 0 ||
				    json_object_set_new(out->paths, g.files[to].path, json_true()) < 0)
					goto done;
			}
		}
	}
	ok = 1;
done:
	graph_free(&g);
	json_decref(seen);
	json_decref(queue);
	buf_free(&key);
	buf_free(&why);
	if (!ok) {
		pycalls_free(out);
		return NULL;
	}
	return out;
}

const char *pycalls_reason(const pycalls *g, const char *path, const char *name, size_t n)
{
	buf key = BUF_INIT;
	const char *why = NULL;

	if (!g || !path || !json_object_get(g->paths, path))
		return NULL;
	if (buf_printf(&key, "%s\t%.*s", path, (int)n, name) == 0)
		why = json_string_value(json_object_get(g->reasons, key.ptr));
	buf_free(&key);
	return why;
}

int pycalls_has_path(const pycalls *g, const char *path)
{
	return g && path && json_object_get(g->paths, path) != NULL;
}

void pycalls_free(pycalls *g)
{
	if (!g)
		return;
	json_decref(g->reasons);
	json_decref(g->paths);
	free(g);
}

/* ---- the files of a source set ------------------------------------------- */

typedef struct {
	source_set *src;
	const audit_rules *ar;
	buf *per_file;          /* each file's records */
	int (*left_out)(const void *ctx, const char *report);
	const void *ctx;
	atomic_size_t next;
	atomic_int failed;
} collect_job;

static int is_python_path(const char *p)
{
	size_t n = strlen(p);

	return n > 3 && strcmp(p + n - 3, ".py") == 0;
}

static void *collect_run(void *arg)
{
	collect_job *j = arg;
	pylex_result lx;
	buf text = BUF_INIT, msg = BUF_INIT;
	size_t i;

	memset(&lx, 0, sizeof(lx));
	while (!atomic_load(&j->failed) && (i = atomic_fetch_add(&j->next, 1)) < j->src->count) {
		const char *report = j->src->files[i].report;
		if (!is_python_path(report) || (j->left_out && j->left_out(j->ctx, report)) ||
		    sources_read(j->src, i, &text, &msg) < 0 || !text.ptr ||
		    memchr(text.ptr, '\0', text.len))
			continue;
		if (pylex_lex(&lx, text.ptr, text.len) < 0 || pycalls_records(&j->per_file[i], &lx, report, j->ar) < 0)
			atomic_store(&j->failed, 1);
	}
	pylex_free(&lx);
	buf_free(&text);
	buf_free(&msg);
	return NULL;
}

pycalls *pycalls_collect(source_set *src, const audit_rules *ar, unsigned jobs,
                         int (*left_out)(const void *ctx, const char *report), const void *ctx)
{
	collect_job j;
	buf all = BUF_INIT;
	pycalls *g = NULL;
	size_t i;

	memset(&j, 0, sizeof(j));
	j.src = src;
	j.ar = ar;
	j.left_out = left_out;
	j.ctx = ctx;
	atomic_init(&j.next, 0);
	atomic_init(&j.failed, 0);
	if (!(j.per_file = calloc(src->count ? src->count : 1, sizeof(*j.per_file))))
		return NULL;
	parallel_run(jobs ? jobs : parallel_cpus(), collect_run, &j, 0);
	if (!atomic_load(&j.failed)) {
		for (i = 0; i < src->count; i++)
			if (j.per_file[i].len && buf_append(&all, j.per_file[i].ptr, j.per_file[i].len) < 0)
				break;
		if (i == src->count)
			g = pycalls_build(all.ptr ? all.ptr : "", all.len, ar->py_method_calls_max);
	}
	for (i = 0; i < src->count; i++)
		buf_free(&j.per_file[i]);
	free(j.per_file);
	buf_free(&all);
	return g;
}
