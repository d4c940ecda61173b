/* mustache: a logic-less Mustache template engine.
 *
 * Implements the core modules of the Mustache spec (v1.x): interpolation,
 * sections, inverted sections, comments, partials and set delimiters.
 * Lambdas and template inheritance ({{<parent}}, {{$block}}) are not
 * supported; the latter is reported as an error rather than misread.
 *
 * Usage: compile a template once, render it any number of times:
 *
 *	mustache_template *t;
 *	mustache_error err = MUSTACHE_ERROR_INIT;
 *	buf out = BUF_INIT;
 *
 *	if (mustache_compile(&t, "report.md", src, len, &err) < 0 ||
 *	    mustache_render(t, data, mustache_escape_markdown, load, dir,
 *	                    &out, &err) < 0)
 *		fprintf(stderr, "%s\n", err.message);
 *	mustache_free(t);
 *	mustache_error_clear(&err);
 *
 * Data is a jansson value; the engine only reads it.  Falsey values are a
 * missing name, null, false and the empty array; everything else, including
 * "" and 0, is truthy (as the spec says).  Interpolated values: strings as
 * is, integers in decimal, reals in the shortest form that reads back
 * exactly ("1.21", "2" for 2.0), true/false as words, null as nothing,
 * objects and arrays as compact JSON.
 *
 * No function here prints, aborts or exits: every failure is returned as -1
 * with a mustache_error.  A compiled template is immutable, so several
 * threads may render the same template at once. */
#ifndef HPA_MUSTACHE_H
#define HPA_MUSTACHE_H

#include <stddef.h>

#include <jansson.h>

#include "buf.h"

/* How deep partials may include partials before rendering stops with an
 * error: a partial that includes itself unconditionally would otherwise
 * recurse until the stack overflows. */
#define MUSTACHE_MAX_PARTIAL_DEPTH 64

/* How deep sections and partials together may nest while rendering; bounds
 * the stack the renderer uses for hostile templates. */
#define MUSTACHE_MAX_DEPTH 1024

/* A compiled template.  Owned by whoever compiled it; release it with
 * mustache_free(). */
typedef struct mustache_template mustache_template;

/* What went wrong and where.  The error owns its strings; release them with
 * mustache_error_clear(), which also makes the error reusable.  Functions
 * that fail clear any previous error before filling it in. */
typedef struct {
	char *file;     /* owned: name of the template or partial at fault */
	unsigned line;  /* 1-based line of the offending tag; 0 if none */
	unsigned col;   /* 1-based byte column of the offending tag */
	char *message;  /* owned: the whole diagnostic,
	                 * "file:line:col: what went wrong"; NULL only if memory
	                 * ran out while building it */
} mustache_error;

#define MUSTACHE_ERROR_INIT { NULL, 0, 0, NULL }

/* Free the error's strings and zero it.  Accepts an already clear error. */
void mustache_error_clear(mustache_error *err);

/* Append s[0..n) to `out`, escaped for the output format.  Returns 0, or -1
 * if memory ran out.  Used for {{name}}; {{{name}}} and {{& name}} are
 * appended unescaped. */
typedef int (*mustache_escape_fn)(buf *out, const char *s, size_t n);

/* Partial loader: return the source of partial `name` (exactly as written
 * in the tag, NUL-terminated) in a malloc()ed block that the engine frees
 * with free(), with its length in *len; or NULL if there is no such partial, which makes
 * rendering fail with a "not found" error.  A loader that wants the spec's
 * lenient behaviour (missing partials render as nothing) returns strdup("").
 * `ctx` is passed through untouched.  Each partial is loaded and compiled at
 * most once per mustache_render() call; set-delimiter changes in the
 * including template do not apply to it. */
typedef char *(*mustache_partial_fn)(void *ctx, const char *name, size_t *len);

/* Compile src[0..len) (need not be NUL-terminated).  On success stores a new
 * template in *out, owned by the caller (mustache_free()), and returns 0.
 * On failure stores NULL in *out, fills *err (if err is not NULL) and
 * returns -1.  `name` is used in error messages ("<template>" if NULL).  The
 * template keeps its own copies of `name` and `src`. */
int mustache_compile(mustache_template **out, const char *name,
                     const char *src, size_t len, mustache_error *err);

/* Render `t` with `data` as the root context, appending to `out`.  `data`
 * is borrowed (may be NULL: every name is then missing).  `esc` escapes
 * {{name}} output; NULL means mustache_escape_html, the spec's default.
 * `partials` loads partials (NULL: there are none); `partial_ctx` is handed
 * to it.  Returns 0, or -1 with *err filled in (if err is not NULL) and
 * `out` truncated back to its length on entry. */
int mustache_render(const mustache_template *t, const json_t *data,
                    mustache_escape_fn esc, mustache_partial_fn partials,
                    void *partial_ctx, buf *out, mustache_error *err);

/* Lists too large to hold as JSON (a report's tens of thousands of
 * findings, each with its view): the data holds a small marker object
 * with the key "$list" in their place, and the engine asks for the items
 * one at a time as a section iterates the list, releasing each after its
 * body is rendered -- so one item's values exist at a time.  A marker is
 * truthy when count() is not 0.  Interpolating a marker ({{findings}},
 * which prints the list as JSON) asks whole() for all of it at once. */
typedef struct {
	size_t (*count)(void *ctx, const json_t *marker);
	/* item i as a new reference; NULL when memory ran out */
	json_t *(*item)(void *ctx, const json_t *marker, size_t i);
	/* the whole list as a new array reference; NULL when memory ran out */
	json_t *(*whole)(void *ctx, const json_t *marker);
	void *ctx;
} mustache_lists;

/* Output handed on while rendering, so that a long report is never held
 * whole: after each item of a list, when `out` holds at least `every`
 * bytes, they go to write() and `out` is emptied.  A failing write() stops
 * the render with -1 (and the error's message says so). */
typedef struct {
	int (*write)(void *ctx, const char *s, size_t n);
	void *ctx;
	size_t every;
} mustache_flush;

/* Everything a render may be given; NULL members are defaults as in
 * mustache_render(). */
typedef struct {
	mustache_escape_fn esc;
	mustache_partial_fn partials;
	void *partial_ctx;
	const mustache_lists *lists;   /* NULL: no markers in the data */
	const mustache_flush *flush;   /* NULL: all output stays in out */
} mustache_options;

/* mustache_render() with lists and flushing.  On failure, output already
 * handed to flush->write() stays written; what is still in `out` is cut
 * back as mustache_render() does. */
int mustache_render_with(const mustache_template *t, const json_t *data, const mustache_options *o, buf *out,
                         mustache_error *err);

/* Release a template.  Accepts NULL. */
void mustache_free(mustache_template *t);

/* Escapers, usable as mustache_escape_fn. */

/* HTML: & < > " as the spec requires, and ' as &#39; so values are also
 * safe inside single-quoted attributes. */
int mustache_escape_html(buf *out, const char *s, size_t n);

/* Markdown (CommonMark/GFM) prose and table cells: \ ` * _ [ ] | # ~ get a
 * backslash, & < > become entities, and each line break (\n, \r\n or \r)
 * becomes one space, so a value can neither emit raw HTML, start a code
 * span, link or heading, nor break a table row.  Not meant for use inside
 * code spans or fenced blocks, where escapes are shown literally. */
int mustache_escape_markdown(buf *out, const char *s, size_t n);

/* No escaping at all, for plain-text output. */
int mustache_escape_none(buf *out, const char *s, size_t n);

#endif
