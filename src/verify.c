#include "config.h"

#include "verify.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "cargocheck.h"
#include "cargotoml.h"
#include "clone_edit.h"
#include "fileio.h"
#include "finding.h"
#include "scratch.h"
#include "verify_baseline.h"

enum state { PENDING, ACCEPTED, REFUTED, UNVERIFIED };

/* What a probe puts where an edit goes, and the message it then errs with */
#define PROBE_FORMAT "compile_error!(\"hotpath-audit probe %zu\")"
#define PROBE_MESSAGE "hotpath-audit probe"

typedef struct {
	size_t finding;          /* index into the findings list */
	size_t ws, file;         /* its workspace and file */
	clone_edit edit;
	int has_edit;
	int compiled;            /* its probe was seen: the check compiles this place */
	int reverse;             /* a kept clone whose removal is tried (the verdict would become removable) */
	int not_tried;           /* a kept clone left out after all: nothing is said of it */
	int refute_only;         /* a removal whose build cannot vouch for it (a copy used in place):
	                          * tried last, so that the compiler may still refute it */
	enum state state;
	buf detail;              /* what the compiler said, or why it was not asked */
	char code[16];           /* the error code that refuted it */
	size_t new_start;        /* where its replacement begins in this round's text */
} candidate;

typedef struct {
	char *rel;               /* relative to the workspace root */
	buf text;                /* as the copy has it untouched */
	size_t *cands;           /* its candidates with an edit, by edit start */
	size_t ncands, cap;
	int dirty;               /* the copy holds an edited text */
} vfile;

typedef struct {
	char *rel;               /* the workspace root, relative to the audited root ("" at the top) */
	buf dir, tree, target;   /* its cache directory, the copy, the target directory */
	vfile *files;
	size_t nfiles, fcap;
	size_t *cands;           /* its candidates */
	size_t ncands, ccap;
	int checks;
	double seconds;
	const char *status;      /* "checked", "reused", "does not build", "not checked" */
	buf problem;
	uint64_t key;
	/* the check's command here: the verifier's, or, when the default's
	 * --workspace does not build, the same without it (owned) */
	buf command;
	/* the untouched copy's own errors, when some members do not build
	 * here (empty otherwise: verify_baseline_kept) */
	verify_baseline baseline;
} workspace;

typedef struct {
	const verify_options *o;
	source_set *src;
	jsontape_list *findings;
	const char *command;
	buf by;                  /* "cargo check (rustc 1.95.0 ...)" */
	buf rustc;               /* `rustc --version` */
	candidate *c;
	size_t nc, ccap;
	workspace *w;
	size_t nw, wcap;
	int failed;              /* memory ran out */
} verifier;

/* The check runs one workspace may take. */
static int max_checks(const verifier *v)
{
	return v->o->max_checks > 0 ? v->o->max_checks : VERIFY_MAX_CHECKS;
}

#define FNV_PRIME 0x100000001b3ULL

static void hash_str(uint64_t *h, const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		*h ^= (unsigned char)s[i];
		*h *= FNV_PRIME;
	}
	*h ^= 0xff; /* a separator: "ab","c" differs from "a","bc" */
	*h *= FNV_PRIME;
}

static void progress(const verifier *v, const workspace *w, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void progress(const verifier *v, const workspace *w, const char *fmt, ...)
{
	va_list ap;

	if (!v->o->progress)
		return;
	fprintf(stderr, "hotpath-audit: verify %s: ", w->rel[0] ? w->rel : ".");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

static void decide(candidate *c, enum state s, const char *code, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static void decide(candidate *c, enum state s, const char *code, const char *fmt, ...)
{
	va_list ap;

	c->state = s;
	snprintf(c->code, sizeof(c->code), "%s", code ? code : "");
	buf_clear(&c->detail);
	va_start(ap, fmt);
	buf_vprintf(&c->detail, fmt, ap);
	va_end(ap);
}

/* ---- the workspace of a file ---------------------------------------------- */

/* The directory of the workspace that builds `path` (relative to the
 * audited root): the nearest directory above it whose Cargo.toml has a
 * [workspace], else the nearest with a [package].  0, or -1 when none is
 * found within the audited root. */
static int workspace_of(source_set *src, const char *path, buf *root)
{
	buf dir = BUF_INIT, manifest = BUF_INIT, text = BUF_INIT;
	int found_package = 0, rc = -1;
	char *slash;

	buf_puts(&dir, path);
	for (;;) {
		slash = strrchr(dir.ptr, '/');
		if (slash) {
			*slash = '\0';
			dir.len = (size_t)(slash - dir.ptr);
		} else
			buf_clear(&dir);
		buf_clear(&manifest);
		buf_printf(&manifest, "%s%sCargo.toml", buf_cstr(&dir), dir.len ? "/" : "");
		if (sources_read_path(src, buf_cstr(&manifest), &text) == 0) {
			if (cargotoml_has_table(buf_cstr(&text), text.len, "workspace")) {
				buf_clear(root);
				buf_puts(root, buf_cstr(&dir));
				rc = 0;
				break;
			}
			if (!found_package && cargotoml_has_table(buf_cstr(&text), text.len, "package")) {
				buf_clear(root);
				buf_puts(root, buf_cstr(&dir));
				found_package = 1;
				rc = 0;
			}
		}
		if (!dir.len)
			break;
	}
	buf_free(&dir);
	buf_free(&manifest);
	buf_free(&text);
	return rc;
}

static size_t workspace_index(verifier *v, const char *rel)
{
	size_t i;
	workspace *w;

	for (i = 0; i < v->nw; i++)
		if (strcmp(v->w[i].rel, rel) == 0)
			return i;
	if (v->nw == v->wcap) {
		void *g = buf_grow_array(v->w, &v->wcap, sizeof(*v->w), 4);
		if (!g)
			return SIZE_MAX;
		v->w = g;
	}
	w = &v->w[v->nw];
	memset(w, 0, sizeof(*w));
	if (!(w->rel = strdup(rel)))
		return SIZE_MAX;
	w->status = "not checked";
	return v->nw++;
}

static size_t file_index(workspace *w, const char *rel)
{
	size_t i;
	vfile *f;

	for (i = 0; i < w->nfiles; i++)
		if (strcmp(w->files[i].rel, rel) == 0)
			return i;
	if (w->nfiles == w->fcap) {
		void *g = buf_grow_array(w->files, &w->fcap, sizeof(*w->files), 8);
		if (!g)
			return SIZE_MAX;
		w->files = g;
	}
	f = &w->files[w->nfiles];
	memset(f, 0, sizeof(*f));
	if (!(f->rel = strdup(rel)))
		return SIZE_MAX;
	return w->nfiles++;
}

static int push_index(size_t **v, size_t *n, size_t *cap, size_t x)
{
	if (*n == *cap) {
		void *g = buf_grow_array(*v, cap, sizeof(**v), 8);
		if (!g)
			return -1;
		*v = g;
	}
	(*v)[(*n)++] = x;
	return 0;
}

/* The other direction: a clone kept for lack of evidence (R16) or as an
 * owned copy of borrowed data (R12), whose plain removal the compiler may
 * accept -- clippy's redundant_clone finds such.  Never a lock guard, a
 * shared handle (its drop may close a channel or end a lease: moving it
 * changes when) or test code; and an owned root only when its type is
 * known to be plain data, for the same reason. */
static int reverse_candidate(const jsontape *f)
{
	const char *bucket = jsontape_str(jsontape_get(f, "bucket")), *rule = jsontape_str(jsontape_get(f, "rule"));
	const char *cost = jsontape_str(jsontape_get(f, "cost"));
	jsontape_value ev = jsontape_get(f, "evidence");
	const char *root_kind = jsontape_str(jsontape_member(ev, "root_kind"));
	static const char *const behind_ref[] = { "param_ref", "self_field", "loop_ref", "closure_param", "call", "binding" };
	size_t i;
	int borrowed = 0;

	if (!bucket || !rule || !cost || !root_kind || strcmp(bucket, "semantic_required") != 0 ||
	    (strcmp(rule, "R12") != 0 && strcmp(rule, "R16") != 0) || jsontape_str(jsontape_member(ev, "lock")) ||
	    jsontape_is_true(jsontape_member(ev, "cost_from_name")) || jsontape_is_true(jsontape_member(ev, "in_test_code")) ||
	    strcmp(cost, "refcount increment") == 0)
		return 0;
	for (i = 0; i < sizeof(behind_ref) / sizeof(behind_ref[0]); i++)
		borrowed |= strcmp(root_kind, behind_ref[i]) == 0;
	return borrowed || strncmp(cost, "heap", 4) == 0 || strncmp(cost, "plain copy", 10) == 0;
}

/* The removable findings, each with its workspace and file. */
static int collect(verifier *v)
{
	size_t i;
	buf root = BUF_INIT;

	for (i = 0; i < v->findings->n; i++) {
		const jsontape *f = v->findings->v[i];
		const char *path = jsontape_str(jsontape_get(f, "path"));
		candidate *c;
		int reverse = clone_edit_kind_of(f) == CLONE_EDIT_NONE;
		if ((reverse && !reverse_candidate(f)) || jsontape_get(f, "suppression") || !path)
			continue;
		if (v->nc == v->ccap) {
			void *g = buf_grow_array(v->c, &v->ccap, sizeof(*v->c), 16);
			if (!g)
				goto oom;
			v->c = g;
		}
		c = &v->c[v->nc++];
		memset(c, 0, sizeof(*c));
		c->finding = i;
		c->reverse = reverse;
		c->ws = c->file = SIZE_MAX;
		if (workspace_of(v->src, path, &root) < 0) {
			decide(c, UNVERIFIED, NULL, "no Cargo.toml above `%s` within the audited root: nothing to build", path);
			continue;
		}
		if ((c->ws = workspace_index(v, buf_cstr(&root))) == SIZE_MAX)
			goto oom;
		{
			workspace *w = &v->w[c->ws];
			const char *rel = path + (root.len ? root.len + 1 : 0);
			if ((c->file = file_index(w, rel)) == SIZE_MAX || push_index(&w->cands, &w->ncands, &w->ccap, v->nc - 1) < 0)
				goto oom;
		}
	}
	buf_free(&root);
	return 0;
oom:
	buf_free(&root);
	return -1;
}

/* ---- the copy and its edits ----------------------------------------------- */

static int by_edit_start(const void *a, const void *b, void *ctx)
{
	const verifier *v = ctx;
	const candidate *x = &v->c[*(const size_t *)a], *y = &v->c[*(const size_t *)b];

	return x->edit.start < y->edit.start ? -1 : x->edit.start > y->edit.start;
}

/* A move (R13) of a value the code declares owned and of a type that
 * cannot be Copy (a heap type: `String`, `Vec<T>`, ...): changed in place
 * after the move, it is still no one else's -- any later use of the
 * original is the compiler's E0382, so a build does vouch for it. */
static int owned_heap_move(const jsontape *f)
{
	const char *rule = jsontape_str(jsontape_get(f, "rule")), *cost = jsontape_str(jsontape_get(f, "cost"));
	const char *type = jsontape_str(jsontape_get(f, "type"));

	return rule && strcmp(rule, "R13") == 0 && cost && strcmp(cost, cost_name(EV_COST_HEAP)) == 0 && type &&
	       type[0] != '&';
}

/* Read the copy's files and make every candidate's edit; a candidate
 * whose edit cannot be made, or overlaps another's, is left unverified. */
static int make_edits(verifier *v, workspace *w, buf *err)
{
	size_t i, k;

	for (i = 0; i < w->nfiles; i++) {
		buf p = BUF_INIT;
		int errnum;
		buf_printf(&p, "%s/%s", buf_cstr(&w->tree), w->files[i].rel);
		if (fileio_read_into(buf_cstr(&p), &w->files[i].text, &errnum) < 0)
			buf_clear(&w->files[i].text);
		buf_free(&p);
	}
	for (i = 0; i < w->ncands; i++) {
		candidate *c = &v->c[w->cands[i]];
		const jsontape *f = v->findings->v[c->finding];
		vfile *file = &w->files[c->file];
		buf why = BUF_INIT;
		if (clone_edit_make(&c->edit, buf_cstr(&file->text), file->text.len,
		                    (uint32_t)jsontape_integer(jsontape_get(f, "line")),
		                    (uint32_t)jsontape_integer(jsontape_get(f, "column")),
		                    c->reverse ? CLONE_EDIT_DROP : clone_edit_kind_of(f), &why) < 0) {
			if (strcmp(buf_cstr(&why), "out of memory") == 0) {
				buf_free(&why);
				buf_puts(err, "out of memory");
				return -1;
			}
			decide(c, UNVERIFIED, NULL, "%s", buf_cstr(&why));
		} else if (c->reverse && (c->edit.copy_used_in_place || strcmp(jsontape_str(jsontape_get(f, "receiver")), "self") == 0 ||
		                          (jsontape_str(jsontape_get(f, "type")) &&
		                           strncmp(jsontape_str(jsontape_get(f, "type")), "&mut", 4) == 0))) {
			/* the compiler would accept handing the original to a use
			 * that may change it (`self.chars.clone().next()` peeks,
			 * `self.chars.next()` consumes): not tried, not reported */
			c->not_tried = 1;
			decide(c, UNVERIFIED, NULL, "not tried");
		} else {
			/* the same doubt about a removable verdict: a build proves
			 * nothing about a copy changed in place (R4's read-only
			 * methods only read; `std::mem::take` hands over an owned
			 * value, never the original; a Copy value (R7) is copied
			 * again by a field, an index, `?` or a `let mut`, and only a
			 * method call could change the original).  A failed build
			 * still refutes it (zvariant_derive's `let mut generics =
			 * input.generics.clone();` while `split_for_impl()` borrows
			 * it: E0505), so it is tried, after the others */
			const char *rule = jsontape_str(jsontape_get(f, "rule"));
			c->refute_only = !c->reverse &&
			                 (strcmp(rule, "R7") == 0 ? c->edit.copy_method_in_place : c->edit.copy_used_in_place) &&
			                 strcmp(rule, "R4") != 0 && strcmp(rule, "R14") != 0 && !owned_heap_move(f);
			c->has_edit = 1;
			if (push_index(&file->cands, &file->ncands, &file->cap, w->cands[i]) < 0) {
				buf_free(&why);
				buf_puts(err, "out of memory");
				return -1;
			}
		}
		buf_free(&why);
	}
	for (i = 0; i < w->nfiles; i++) {
		vfile *file = &w->files[i];
		if (file->ncands > 1)
			qsort_r(file->cands, file->ncands, sizeof(*file->cands), by_edit_start, v);
		for (k = 1; k < file->ncands; k++) {
			candidate *prev = &v->c[file->cands[k - 1]], *c = &v->c[file->cands[k]];
			if (c->edit.start < prev->edit.end && c->state == PENDING)
				decide(c, UNVERIFIED, NULL, "its edit overlaps the edit of the clone at line %u", prev->edit.line);
		}
	}
	return 0;
}

/* Write every file of the copy: the active candidates' edits applied
 * (their probes instead when `probe`), the others untouched. */
static int write_round(verifier *v, workspace *w, const unsigned char *active, int probe, buf *err)
{
	size_t i, k;

	for (i = 0; i < w->nfiles; i++) {
		vfile *file = &w->files[i];
		const clone_edit **edits = calloc(file->ncands + 1, sizeof(*edits));
		clone_edit *probes = calloc(file->ncands + 1, sizeof(*probes));
		size_t *starts = calloc(file->ncands + 1, sizeof(*starts)), n = 0;
		size_t *which = calloc(file->ncands + 1, sizeof(*which));
		buf text = BUF_INIT, p = BUF_INIT;
		int rc = 0;

		if (!edits || !probes || !starts || !which)
			rc = -1;
		for (k = 0; rc == 0 && k < file->ncands; k++) {
			size_t ci = file->cands[k];
			if (!active[ci])
				continue;
			if (probe) {
				probes[n] = v->c[ci].edit;
				memset(&probes[n].replacement, 0, sizeof(probes[n].replacement));
				if (buf_printf(&probes[n].replacement, PROBE_FORMAT, ci) < 0)
					rc = -1;
				edits[n] = &probes[n];
			} else
				edits[n] = &v->c[ci].edit;
			which[n++] = ci;
		}
		buf_printf(&p, "%s/%s", buf_cstr(&w->tree), file->rel);
		if (rc == 0 && (n || file->dirty)) {
			if (clone_edit_apply(&text, buf_cstr(&file->text), file->text.len, edits, n, starts) < 0)
				rc = -1;
			else if (scratch_put(buf_cstr(&p), buf_cstr(&text), text.len, err) < 0)
				rc = -2;
			for (k = 0; rc == 0 && k < n; k++)
				v->c[which[k]].new_start = starts[k];
			file->dirty = n > 0;
		}
		if (probe)
			for (k = 0; k < n; k++)
				buf_free(&probes[k].replacement);
		if (rc == -1)
			buf_puts(err, "out of memory");
		free(edits);
		free(probes);
		free(starts);
		free(which);
		buf_free(&text);
		buf_free(&p);
		if (rc < 0)
			return -1;
	}
	return 0;
}

/* The command a workspace's checks run: the verifier's, or its fallback. */
static const char *ws_command(const verifier *v, const workspace *w)
{
	return w->command.len ? buf_cstr(&w->command) : v->command;
}

/* One check of the copy. */
static int check(verifier *v, workspace *w, cargocheck_result *r, const char *what, buf *err)
{
	cargocheck_options co = { ws_command(v, w), buf_cstr(&w->tree), buf_cstr(&w->target),
	                          v->o->timeout > 0 ? v->o->timeout : VERIFY_DEFAULT_TIMEOUT };
	int rc;

	progress(v, w, "check %d: %s", w->checks + 1, what);
	rc = cargocheck_run(r, &co, err);
	w->checks++;
	w->seconds += r->seconds;
	if (rc == 0)
		progress(v, w, "check %d: %zu error%s, %.1f s", w->checks, r->nerrors, r->nerrors == 1 ? "" : "s", r->seconds);
	return rc;
}

/* The last non-empty line of a text (standard error's verdict). */
static void last_line(buf *out, const buf *text)
{
	const char *s = buf_cstr(text), *end = s + text->len, *start;

	while (end > s && (end[-1] == '\n' || end[-1] == '\r' || end[-1] == ' '))
		end--;
	start = end;
	while (start > s && start[-1] != '\n')
		start--;
	buf_append(out, start, (size_t)(end - start));
}

/* Why a check failed, in one line: its first error, or standard error. */
/* What cargo's standard error says went wrong: its first `error` line
 * (`error: failed to select a version for the requirement ..`), not the
 * reminder it ends with (`As a reminder, you're using offline mode ..`);
 * the last line when none begins so. */
static void error_line(buf *out, const buf *text)
{
	const char *s = buf_cstr(text), *end = s + text->len, *line = s;

	while (line < end) {
		const char *nl = memchr(line, '\n', (size_t)(end - line));
		size_t n = nl ? (size_t)(nl - line) : (size_t)(end - line);
		if (n > 5 && strncmp(line, "error", 5) == 0) {
			buf_append(out, line, n);
			return;
		}
		line += n + 1;
	}
	last_line(out, text);
}

static void failure(buf *out, const verifier *v, const workspace *w, const cargocheck_result *r)
{
	if (r->timed_out)
		buf_printf(out, "the check ran past its time limit (%.0f s)", v->o->timeout > 0 ? v->o->timeout : VERIFY_DEFAULT_TIMEOUT);
	else if (r->nerrors) {
		const cargocheck_error *e = &r->errors[0];
		if (e->code)
			buf_printf(out, "%s: ", e->code);
		buf_puts(out, e->message);
		if (e->nspans && e->spans[0].primary && e->spans[0].label)
			buf_printf(out, ": %s", e->spans[0].label);
		if (e->nspans)
			buf_printf(out, " (%s%s%s:%u)", w->rel, w->rel[0] ? "/" : "", e->spans[0].file, e->spans[0].line);
	} else {
		buf_printf(out, "`%s` exited with status %d", ws_command(v, w),
		           r->exit_status);
		if (r->err_tail.len) {
			buf_puts(out, ": ");
			error_line(out, &r->err_tail);
		}
	}
}

/* A span's file as a path relative to the workspace root, or NULL when
 * it is elsewhere (the standard library, a dependency). */
static const char *span_rel(const workspace *w, const char *file)
{
	size_t n = w->tree.len;

	if (file[0] != '/')
		return file;
	if (strncmp(file, buf_cstr(&w->tree), n) == 0 && file[n] == '/')
		return file + n + 1;
	return NULL;
}

static const char *span_rel_of(const void *w, const char *file)
{
	return span_rel(w, file);
}

/* Does the span fall on candidate ci's edit in this round's text? */
static int span_hits(const verifier *v, const workspace *w, const cargocheck_span *s, size_t ci)
{
	const candidate *c = &v->c[ci];
	const char *rel = span_rel(w, s->file);
	size_t a = c->new_start, b = c->new_start + c->edit.replacement.len;

	if (!rel || strcmp(rel, w->files[c->file].rel) != 0)
		return 0;
	return s->byte_start < b && (s->byte_end > a || (s->byte_end == s->byte_start && s->byte_start >= a));
}

/* ---- the rounds ------------------------------------------------------------ */

/* Probes that the compiler could not read as an expression: an error
 * other than a probe's own whose spans (the call sites of the macros it
 * came through among them) cover a probe that did not report itself --
 * one inside a macro's tokens, `quote! { .. #x.clone() .. }`, where
 * `compile_error!` is emitted code, not a call.  Such a probe would fail
 * its crate in every round, and keep every crate that depends on it from
 * being compiled (koto's derive macros held back its whole runtime); the
 * line is not judged.  How many were found. */
static size_t probes_not_expressions(verifier *v, workspace *w, const cargocheck_result *r, const unsigned char *active)
{
	size_t i, k, s, found = 0;

	for (k = 0; k < r->nerrors; k++) {
		const cargocheck_error *e = &r->errors[k];
		if (strstr(e->message, PROBE_MESSAGE))
			continue;
		for (i = 0; i < w->ncands; i++) {
			candidate *c = &v->c[w->cands[i]];
			char probe[64];
			size_t a = c->new_start, b;
			if (!active[w->cands[i]] || c->compiled || c->state != PENDING)
				continue;
			b = a + (size_t)snprintf(probe, sizeof(probe), PROBE_FORMAT, w->cands[i]);
			for (s = 0; s < e->nspans; s++) {
				const char *rel = span_rel(w, e->spans[s].file);
				if (rel && strcmp(rel, w->files[c->file].rel) == 0 && e->spans[s].byte_start < b &&
				    e->spans[s].byte_end > a)
					break;
			}
			if (s == e->nspans)
				continue;
			decide(c, UNVERIFIED, NULL,
			       "the probe put there does not compile as an expression (%s): the line is in a macro's tokens, "
			       "which the check cannot judge", e->message);
			found++;
		}
	}
	return found;
}

/* Probe rounds: which edits does the check compile?  A crate whose
 * dependency fails is not compiled, so the places not seen are probed
 * again alone, while each round finds new ones -- as many rounds as the
 * workspace's chain of crates is long (erg: common, parser, compiler,
 * language server; three rounds left its compiler unjudged). */
#define PROBE_ROUNDS 8
static int probe(verifier *v, workspace *w, buf *err)
{
	unsigned char *active = calloc(v->nc + 1, 1);
	size_t i, k, left;
	int round, rc = -1, cut_short = 0;

	if (!active) {
		buf_puts(err, "out of memory");
		return -1;
	}
	for (round = 0; round < PROBE_ROUNDS; round++) {
		cargocheck_result r;
		size_t seen = 0;

		memset(&r, 0, sizeof(r));
		for (i = 0, left = 0; i < w->ncands; i++) {
			candidate *c = &v->c[w->cands[i]];
			active[w->cands[i]] = c->state == PENDING && c->has_edit && !c->compiled;
			left += active[w->cands[i]];
		}
		if (!left)
			break;
		if (w->checks >= max_checks(v)) {
			cut_short = 1;
			break;
		}
		if (write_round(v, w, active, 1, err) < 0 || check(v, w, &r, "probes: which places does it compile?", err) < 0) {
			cargocheck_result_free(&r);
			goto done;
		}
		for (k = 0; k < r.nerrors; k++) {
			size_t ci;
			char tail;
			if (sscanf(r.errors[k].message, PROBE_MESSAGE " %zu%c", &ci, &tail) == 1 && ci < v->nc &&
			    active[ci] && !v->c[ci].compiled) {
				v->c[ci].compiled = 1;
				seen++;
			}
		}
		seen += probes_not_expressions(v, w, &r, active);
		cargocheck_result_free(&r);
		if (!seen)
			break;
	}
	/* the budget spent before the probes were done: what they did not
	 * reach is unjudged, not known to be left out of the build */
	for (i = 0; i < w->ncands; i++) {
		candidate *c = &v->c[w->cands[i]];
		if (c->state == PENDING && c->has_edit && !c->compiled)
			decide(c, UNVERIFIED, NULL, "%s",
			       cut_short ? "not checked: the workspace's check runs were used up (--verify-checks raises "
			                   "their number)"
			                 : "the check does not compile this line (code behind a `#[cfg]`, in a macro that is "
			                   "not expanded, or in a file outside the crate's module tree)");
	}
	rc = 0;
done:
	free(active);
	return rc;
}

typedef struct {
	size_t *v;               /* candidate indices (owned) */
	size_t n;
} group;

/* The batches still to check: a stack, so that a batch's rest or halves
 * are checked before the batches queued earlier. */
typedef struct {
	group *v;
	size_t n, cap;
} batch_stack;

static int push_group(batch_stack *q, group g)
{
	if (q->n == q->cap) {
		group *grown = buf_grow_array(q->v, &q->cap, sizeof(*q->v), 8);
		if (!grown) {
			free(g.v);
			return -1;
		}
		q->v = grown;
	}
	q->v[q->n++] = g;
	return 0;
}

static void decide_all(verifier *v, const group *g, enum state s, const char *why)
{
	size_t k;

	for (k = 0; k < g->n; k++)
		decide(&v->c[g->v[k]], s, NULL, "%s", why);
}

/* Each error refutes the edits of the batch its primary spans fall on,
 * or else those its other spans fall on (E0382's "value moved here").  The
 * errors that fall on none are marked in lost[].  Returns the edits
 * refuted now. */
static size_t refute_by_spans(verifier *v, const workspace *w, const group *g, const cargocheck_result *r,
                              unsigned char *lost)
{
	size_t i, k, s, refuted = 0;

	for (i = 0; i < r->nerrors; i++) {
		const cargocheck_error *e = &r->errors[i];
		size_t hit = 0;
		int pass;
		for (pass = 0; pass < 2 && !hit; pass++)
			for (k = 0; k < g->n; k++) {
				candidate *c = &v->c[g->v[k]];
				for (s = 0; s < e->nspans; s++)
					if ((pass == 1 || e->spans[s].primary) && span_hits(v, w, &e->spans[s], g->v[k]))
						break;
				if (s == e->nspans)
					continue;
				hit++;
				if (c->state == REFUTED)
					continue;
				decide(c, REFUTED, e->code, "%s%s%s", e->code ? e->code : "", e->code ? ": " : "", e->message);
				if (e->nspans && e->spans[0].primary && e->spans[0].label)
					buf_printf(&c->detail, ": %s", e->spans[0].label);
				if (e->nspans && !span_hits(v, w, &e->spans[0], g->v[k]))
					buf_printf(&c->detail, " (%s%s%s:%u)", w->rel, w->rel[0] ? "/" : "", e->spans[0].file,
					           e->spans[0].line);
				refuted++;
			}
		lost[i] = !hit;
	}
	return refuted;
}

/* Errors that name no edit: the suspects -- for each such error, the
 * edit of its file nearest above it -- go to *a, the rest to *b; with no
 * suspect (or nothing else), the batch is halved.  a and b hold room for
 * g->n each. */
static void split_batch(const verifier *v, const workspace *w, const group *g, const cargocheck_result *r,
                        const unsigned char *lost, unsigned char *suspect, group *a, group *b)
{
	size_t i, k;

	memset(suspect, 0, g->n);
	for (i = 0; i < r->nerrors; i++) {
		const cargocheck_error *e = &r->errors[i];
		const char *rel = lost[i] && e->nspans ? span_rel(w, e->spans[0].file) : NULL;
		size_t best = SIZE_MAX;
		for (k = 0; rel && k < g->n; k++) {
			const candidate *c = &v->c[g->v[k]];
			if (strcmp(w->files[c->file].rel, rel) == 0 && c->edit.line <= e->spans[0].line &&
			    (best == SIZE_MAX || c->edit.line > v->c[g->v[best]].edit.line))
				best = k;
		}
		if (best != SIZE_MAX)
			suspect[best] = 1;
	}
	a->n = b->n = 0;
	for (k = 0; k < g->n; k++) {
		if (suspect[k])
			a->v[a->n++] = g->v[k];
		else
			b->v[b->n++] = g->v[k];
	}
	if (a->n && b->n)
		return;
	a->n = b->n = 0;
	for (k = 0; k < g->n; k++) {
		if (k < g->n / 2)
			a->v[a->n++] = g->v[k];
		else
			b->v[b->n++] = g->v[k];
	}
}

/* What one batch's check says: accepted, refuted edits (the rest queued
 * again), a lone edit refuted by errors naming nothing, or a split.
 * 0, or -1 when memory ran out. */
static int judge_batch(verifier *v, workspace *w, const group *g, const cargocheck_result *r, batch_stack *q)
{
	unsigned char *lost = calloc(r->nerrors + 1, 1), *suspect = calloc(g->n + 1, 1);
	/* the edits left to check: the rest after refutations, or the two
	 * sides of a split (a: the suspects, checked after b) */
	group a = { calloc(g->n + 1, sizeof(size_t)), 0 }, b = { calloc(g->n + 1, sizeof(size_t)), 0 };
	size_t k;
	int rc = -1;

	if (!lost || !suspect || !a.v || !b.v)
		goto done;
	if (refute_by_spans(v, w, g, r, lost)) {
		for (k = 0; k < g->n; k++)
			if (v->c[g->v[k]].state == PENDING)
				a.v[a.n++] = g->v[k];
		if (a.n) {
			rc = push_group(q, a);
			a.v = NULL;
			goto done;
		}
	} else if (g->n == 1) {
		/* the accepted edits build; with this one they do not */
		buf msg = BUF_INIT;
		failure(&msg, v, w, r);
		decide(&v->c[g->v[0]], REFUTED, r->errors[0].code, "%s", buf_cstr(&msg));
		buf_free(&msg);
	} else {
		split_batch(v, w, g, r, lost, suspect, &a, &b);
		rc = push_group(q, a); /* the suspects after the others */
		a.v = NULL;
		if (rc == 0)
			rc = push_group(q, b);
		b.v = NULL;
		goto done;
	}
	rc = 0;
done:
	free(lost);
	free(suspect);
	free(a.v);
	free(b.v);
	return rc;
}

/* Edit rounds (see verify.h). */
static int rounds(verifier *v, workspace *w, buf *err)
{
	batch_stack q = { NULL, 0, 0 };
	unsigned char *active = calloc(v->nc + 1, 1);
	size_t i, k;
	int rc = -1, stop = 0, reverse;

	if (!active)
		goto oom;
	/* two batches to begin with: the kept clones tried the other way go
	 * last, so that the removable verdicts, which the report promises,
	 * get the check runs first */
	/* (a stack: pushed first, checked last) the removals only a failure
	 * can judge, then the kept clones tried the other way, then the rest */
	for (reverse = 2; reverse >= 0; reverse--) {
		group first = { calloc(w->ncands + 1, sizeof(size_t)), 0 };
		if (!first.v)
			goto oom;
		for (i = 0; i < w->ncands; i++)
			if (v->c[w->cands[i]].state == PENDING &&
			    (reverse == 2 ? v->c[w->cands[i]].refute_only
			                  : !v->c[w->cands[i]].refute_only && v->c[w->cands[i]].reverse == reverse))
				first.v[first.n++] = w->cands[i];
		if (!first.n)
			free(first.v);
		else if (push_group(&q, first) < 0)
			goto oom;
	}
	while (q.n) {
		group g = q.v[--q.n];
		cargocheck_result r;
		buf what = BUF_INIT;
		int judged = 0;

		if (stop || w->checks >= max_checks(v)) {
			decide_all(v, &g, UNVERIFIED, stop ? "an earlier check ran past its time limit"
			                                   : "not checked: the workspace's check runs were used up "
			                                     "(--verify-checks raises their number)");
			free(g.v);
			continue;
		}
		/* the accepted edits and this batch's */
		for (i = 0; i < w->ncands; i++)
			active[w->cands[i]] = v->c[w->cands[i]].state == ACCEPTED;
		for (k = 0; k < g.n; k++)
			active[g.v[k]] = 1;
		buf_printf(&what, "%zu edit%s to try", g.n, g.n == 1 ? "" : "s");
		memset(&r, 0, sizeof(r));
		if (write_round(v, w, active, 0, err) < 0 || check(v, w, &r, buf_cstr(&what), err) < 0) {
			cargocheck_result_free(&r);
			buf_free(&what);
			free(g.v);
			goto done;
		}
		buf_free(&what);
		if (verify_baseline_kept(&w->baseline))
			verify_baseline_drop(&w->baseline, &r);
		if (!r.timed_out && !r.nerrors && (r.exit_status == 0 || verify_baseline_kept(&w->baseline))) {
			for (k = 0; k < g.n; k++)
				if (v->c[g.v[k]].refute_only)
					decide(&v->c[g.v[k]], UNVERIFIED, NULL,
					       "it builds without the clone, but the copy is used in place where it is made (a method "
					       "call or `&mut` on it, a `let mut` binding): the compiler accepts a change of the original "
					       "as readily as one of a copy, so a build cannot vouch for this removal");
				else
					v->c[g.v[k]].state = ACCEPTED;
		} else if (r.timed_out || !r.nerrors) { /* past its time, or failed saying nothing we can read */
			buf msg = BUF_INIT;
			failure(&msg, v, w, &r);
			decide_all(v, &g, UNVERIFIED, buf_cstr(&msg));
			buf_free(&msg);
			stop = r.timed_out;
		} else
			judged = judge_batch(v, w, &g, &r, &q) < 0 ? -1 : 1;
		cargocheck_result_free(&r);
		free(g.v);
		if (judged < 0)
			goto oom;
	}
	for (i = 0; i < w->ncands; i++) {
		candidate *c = &v->c[w->cands[i]];
		if (c->state == ACCEPTED)
			decide(c, ACCEPTED, NULL, "the workspace builds with this change applied, together with the run's other "
			                          "verified changes%s",
			       verify_baseline_kept(&w->baseline) ? " (its members that build here untouched: no new error)" : "");
	}
	rc = 0;
	goto done;
oom:
	buf_puts(err, "out of memory");
done:
	while (q.n)
		free(q.v[--q.n].v);
	free(q.v);
	free(active);
	return rc;
}

/* ---- the cache of verdicts ------------------------------------------------- */

static const char *state_name(enum state s)
{
	return s == ACCEPTED ? "verified" : s == REFUTED ? "refuted" : s == UNVERIFIED ? "unverified" : "pending";
}

static uint64_t key_of(const verifier *v, const workspace *w, uint64_t tree_hash)
{
	uint64_t h = tree_hash;
	const char *flags = getenv("RUSTFLAGS"), *enc = getenv("CARGO_ENCODED_RUSTFLAGS");
	size_t i;

	hash_str(&h, v->command, strlen(v->command));
	hash_str(&h, buf_cstr(&v->rustc), v->rustc.len);
	hash_str(&h, flags ? flags : "", flags ? strlen(flags) : 0);
	hash_str(&h, enc ? enc : "", enc ? strlen(enc) : 0);
	/* a larger budget may judge what a smaller one left unverified */
	{
		char budget[32];
		snprintf(budget, sizeof(budget), "checks=%d", max_checks(v));
		hash_str(&h, budget, strlen(budget));
	}
	for (i = 0; i < w->ncands; i++) {
		const candidate *c = &v->c[w->cands[i]];
		char pos[64];
		if (!c->has_edit)
			continue;
		hash_str(&h, w->files[c->file].rel, strlen(w->files[c->file].rel));
		snprintf(pos, sizeof(pos), "%zu:%zu", c->edit.start, c->edit.end);
		hash_str(&h, pos, strlen(pos));
		hash_str(&h, buf_cstr(&c->edit.replacement), c->edit.replacement.len);
	}
	return h;
}

/* The verdicts of an earlier run with the same key: 1 when reused. */
static int reuse(verifier *v, workspace *w)
{
	buf p = BUF_INIT;
	json_t *doc, *results;
	char key[32];
	size_t i, k;

	buf_printf(&p, "%s/verdicts.json", buf_cstr(&w->dir));
	doc = json_load_file(buf_cstr(&p), 0, NULL);
	buf_free(&p);
	snprintf(key, sizeof(key), "%016llx", (unsigned long long)w->key);
	if (!doc || strcmp(json_string_value(json_object_get(doc, "key")) ? json_string_value(json_object_get(doc, "key")) : "", key) != 0) {
		json_decref(doc);
		return 0;
	}
	results = json_object_get(doc, "results");
	for (i = 0; i < w->ncands; i++) {
		candidate *c = &v->c[w->cands[i]];
		if (c->state != PENDING)
			continue;
		for (k = 0; k < json_array_size(results); k++) {
			json_t *x = json_array_get(results, k);
			const char *st = json_string_value(json_object_get(x, "status"));
			const char *code = json_string_value(json_object_get(x, "code"));
			if (strcmp(json_string_value(json_object_get(x, "file")) ? json_string_value(json_object_get(x, "file")) : "",
			           w->files[c->file].rel) != 0 ||
			    (size_t)json_integer_value(json_object_get(x, "start")) != c->edit.start || !st)
				continue;
			decide(c, strcmp(st, "verified") == 0 ? ACCEPTED : strcmp(st, "refuted") == 0 ? REFUTED : UNVERIFIED, code,
			       "%s", json_string_value(json_object_get(x, "detail")) ? json_string_value(json_object_get(x, "detail")) : "");
			break;
		}
	}
	w->status = json_string_value(json_object_get(doc, "status")) && strcmp(json_string_value(json_object_get(doc, "status")), "does not build") == 0
	                ? "does not build (as last time)" : "reused";
	buf_puts(&w->problem, json_string_value(json_object_get(doc, "problem")) ? json_string_value(json_object_get(doc, "problem")) : "");
	json_decref(doc);
	for (i = 0; i < w->ncands; i++)
		if (v->c[w->cands[i]].state == PENDING)
			decide(&v->c[w->cands[i]], UNVERIFIED, NULL, "not in the verdicts kept from the last run");
	return 1;
}

static void save(verifier *v, workspace *w)
{
	json_t *doc = json_object(), *results = json_array();
	buf p = BUF_INIT, err = BUF_INIT;
	char key[32], *text;
	size_t i;

	snprintf(key, sizeof(key), "%016llx", (unsigned long long)w->key);
	for (i = 0; i < w->ncands; i++) {
		const candidate *c = &v->c[w->cands[i]];
		if (!c->has_edit)
			continue;
		json_array_append_new(results, json_pack("{s:s, s:I, s:s, s:s?, s:s}", "file", w->files[c->file].rel, "start",
		                                         (json_int_t)c->edit.start, "status", state_name(c->state), "code",
		                                         c->code[0] ? c->code : NULL, "detail", buf_cstr(&c->detail)));
	}
	json_object_set_new(doc, "key", json_string(key));
	json_object_set_new(doc, "status", json_string(w->status));
	json_object_set_new(doc, "problem", w->problem.len ? json_string(buf_cstr(&w->problem)) : json_null());
	json_object_set_new(doc, "results", results);
	buf_printf(&p, "%s/verdicts.json", buf_cstr(&w->dir));
	if ((text = json_dumps(doc, JSON_INDENT(1))))
		fileio_write_atomic(buf_cstr(&p), text, strlen(text), &err); /* a cache: a failure only costs the next run */
	free(text);
	json_decref(doc);
	buf_free(&p);
	buf_free(&err);
}

/* ---- one workspace ---------------------------------------------------------- */

static void leave_unverified(verifier *v, workspace *w, const char *why)
{
	size_t i;

	for (i = 0; i < w->ncands; i++)
		if (v->c[w->cands[i]].state == PENDING)
			decide(&v->c[w->cands[i]], UNVERIFIED, NULL, "%s", why);
}

static int cache_root(buf *out, const verify_options *o)
{
	const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");

	if (o->cache_dir)
		return buf_puts(out, o->cache_dir);
	if (xdg && *xdg)
		return buf_printf(out, "%s/hotpath-audit/verify", xdg);
	return buf_printf(out, "%s/.cache/hotpath-audit/verify", home && *home ? home : "/tmp");
}

/* The untouched check r failed for errors the compiler names: keep them
 * as the workspace's baseline, and leave the edits of the crates that
 * hold them unjudged, saying why -- when some edit is elsewhere (else
 * nothing is kept: the workspace does not build).  1 when kept, 0 when
 * not, -1 when memory ran out. */
static int baseline_from(verifier *v, workspace *w, const cargocheck_result *r)
{
	buf why = BUF_INIT;
	size_t i, judged = 0;

	if (verify_baseline_init(&w->baseline, r, buf_cstr(&w->tree), span_rel_of, w) < 0)
		return -1;
	for (i = 0; i < w->ncands && !judged; i++) { /* is any edit elsewhere? */
		const candidate *c = &v->c[w->cands[i]];
		judged = c->state == PENDING &&
		         !verify_baseline_crate_broken(&w->baseline, buf_cstr(&w->tree), w->files[c->file].rel);
	}
	if (!judged) {
		verify_baseline_free(&w->baseline);
		return 0;
	}
	buf_puts(&why, "its crate does not build here untouched: ");
	failure(&why, v, w, r);
	for (i = 0, judged = 0; i < w->ncands; i++) {
		candidate *c = &v->c[w->cands[i]];
		if (c->state != PENDING)
			continue;
		if (verify_baseline_crate_broken(&w->baseline, buf_cstr(&w->tree), w->files[c->file].rel))
			decide(c, UNVERIFIED, NULL, "%s", buf_cstr(&why));
		else
			judged++;
	}
	buf_free(&why);
	buf_clear(&w->problem);
	buf_printf(&w->problem, "not every member builds here untouched (%zu crate%s: ", w->baseline.ncrates,
	           w->baseline.ncrates == 1 ? "" : "s");
	failure(&w->problem, v, w, r);
	buf_puts(&w->problem, "); the other members' verdicts are judged without those errors");
	progress(v, w, "%zu error%s untouched, in %zu crate%s: their edits are not judged, %zu others are", r->nerrors,
	         r->nerrors == 1 ? "" : "s", w->baseline.ncrates, w->baseline.ncrates == 1 ? "" : "s", judged);
	return 1;
}

static int run_workspace(verifier *v, workspace *w, buf *err)
{
	buf msg = BUF_INIT, src = BUF_INIT;
	scratch_stats st;
	cargocheck_result r;
	uint64_t h = 0xcbf29ce484222325ULL;
	int lock = -1, rc = -1;
	size_t i;

	/* the cache directory: one per workspace (by its absolute place and
	 * the revision's source), stable, so the copy's builds are incremental */
	hash_str(&h, v->src->root, strlen(v->src->root));
	hash_str(&h, w->rel, strlen(w->rel));
	hash_str(&h, v->src->tree ? "rev" : "worktree", v->src->tree ? 3 : 8);
	cache_root(&w->dir, v->o);
	buf_printf(&w->dir, "/%016llx", (unsigned long long)h);
	buf_printf(&w->tree, "%s/tree", buf_cstr(&w->dir));
	if (v->o->target_dir)
		buf_puts(&w->target, v->o->target_dir);
	else
		buf_printf(&w->target, "%s/target", buf_cstr(&w->dir));
	if (fileio_make_dirs(buf_cstr(&w->dir), &msg) < 0) {
		buf_clear(&w->problem);
		buf_printf(&w->problem, "cannot make the scratch directory: %s", buf_cstr(&msg));
		leave_unverified(v, w, buf_cstr(&w->problem));
		rc = 0;
		goto done;
	}
	{ /* one verification of a workspace at a time: they share its copy */
		buf lp = BUF_INIT;
		buf_printf(&lp, "%s/lock", buf_cstr(&w->dir));
		lock = open(buf_cstr(&lp), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
		buf_free(&lp);
		if (lock >= 0 && flock(lock, LOCK_EX | LOCK_NB) < 0) {
			progress(v, w, "waiting for another verification of this workspace");
			flock(lock, LOCK_EX);
		}
	}
	progress(v, w, "copying to %s", buf_cstr(&w->tree));
	if (v->src->tree) {
		buf prefix = BUF_INIT;
		buf_printf(&prefix, "%s%s%s", v->src->prefix ? v->src->prefix : "", w->rel, w->rel[0] ? "/" : "");
		rc = scratch_sync_tree(&st, v->src->repo, v->src->tree, buf_cstr(&prefix), buf_cstr(&w->tree), &msg);
		buf_free(&prefix);
	} else {
		buf_printf(&src, "%s%s%s", v->src->root, w->rel[0] ? "/" : "", w->rel);
		rc = scratch_sync_dir(&st, buf_cstr(&src), buf_cstr(&w->tree), &msg);
	}
	if (rc < 0) {
		buf_clear(&w->problem);
		buf_printf(&w->problem, "cannot copy the workspace: %s", buf_cstr(&msg));
		leave_unverified(v, w, buf_cstr(&w->problem));
		rc = 0;
		goto done;
	}
	progress(v, w, "%zu files, %zu written", st.files, st.written);
	if (make_edits(v, w, err) < 0) {
		rc = -1;
		goto done;
	}
	w->key = key_of(v, w, st.hash);
	if (reuse(v, w)) {
		progress(v, w, "verdicts reused: the tree, edits, command and toolchain are those of the last run");
		rc = 0;
		goto done;
	}
	/* 1: untouched */
	memset(&r, 0, sizeof(r));
	if (check(v, w, &r, "the untouched copy", err) < 0) {
		cargocheck_result_free(&r);
		rc = -1;
		goto done;
	}
	/* members that do not build here for errors the compiler names (koto's
	 * YAML library wants a crate the offline registry lacks): those errors
	 * are the baseline, every later check is read without them, and the
	 * edits of the crates holding them are not judged (verify_baseline.h) */
	if (!r.timed_out && r.nerrors && r.exit_status != 0 && strstr(ws_command(v, w), "--keep-going")) {
		int kept = baseline_from(v, w, &r);
		if (kept < 0) {
			cargocheck_result_free(&r);
			buf_puts(err, "out of memory");
			rc = -1;
			goto done;
		}
		if (kept) { /* read as built: what is left is judged */
			cargocheck_result_free(&r);
			memset(&r, 0, sizeof(r));
		}
	}
	/* a member that does not build here without saying why in an error
	 * (coreutils' chcon wants SELinux's C library: a build script fails):
	 * then what the root package builds, as cargo checks it by default, is
	 * still worth checking */
	if (!r.timed_out && (r.nerrors || r.exit_status != 0) && !v->o->command && strstr(v->command, " --workspace")) {
		const char *at = strstr(v->command, " --workspace");
		cargocheck_result_free(&r);
		buf_clear(&w->command);
		buf_append(&w->command, v->command, (size_t)(at - v->command));
		buf_puts(&w->command, at + strlen(" --workspace"));
		memset(&r, 0, sizeof(r));
		if (check(v, w, &r, "the untouched copy, its root package only: not every member builds", err) < 0) {
			cargocheck_result_free(&r);
			rc = -1;
			goto done;
		}
	}
	if (r.timed_out || r.nerrors || r.exit_status != 0) {
		int timed_out = r.timed_out;
		buf_clear(&w->problem);
		buf_puts(&w->problem, "the untouched workspace does not build here: ");
		failure(&w->problem, v, w, &r);
		w->status = timed_out ? "timed out" : "does not build";
		leave_unverified(v, w, buf_cstr(&w->problem));
		cargocheck_result_free(&r);
		if (!timed_out) /* a time-out may pass another time: not kept */
			save(v, w);
		rc = 0;
		goto done;
	}
	cargocheck_result_free(&r);
	w->status = "checked";
	/* 2 and 3 */
	if (probe(v, w, err) < 0 || rounds(v, w, err) < 0) {
		rc = -1;
		goto done;
	}
	save(v, w);
	rc = 0;
done:
	/* leave the copy as the source is */
	for (i = 0; i < w->nfiles; i++)
		if (w->files[i].dirty) {
			buf p = BUF_INIT, e2 = BUF_INIT;
			buf_printf(&p, "%s/%s", buf_cstr(&w->tree), w->files[i].rel);
			scratch_put(buf_cstr(&p), buf_cstr(&w->files[i].text), w->files[i].text.len, &e2);
			w->files[i].dirty = 0;
			buf_free(&p);
			buf_free(&e2);
		}
	if (lock >= 0)
		close(lock);
	buf_free(&msg);
	buf_free(&src);
	return rc;
}

/* ---- the toolchain ------------------------------------------------------- */

/* Does `cargo --version`'s output ("cargo 1.95.0 (f2d3ce0bd 2026-03-21)")
 * name a cargo that knows --keep-going (1.74 or later)? */
static int cargo_keeps_going(const buf *version)
{
	unsigned major = 0, minor = 0;
	const char *s = version->ptr ? version->ptr : "";

	if (version->len < 6 || strncmp(s, "cargo ", 6) != 0 || sscanf(s + 6, "%u.%u", &major, &minor) != 2)
		return 0;
	return major > 1 || (major == 1 && minor >= 74);
}

/* `rustc --version`, and cargo's presence for the default command (with
 * --keep-going where cargo knows it).  0, or
 * -1 with the problem in msg. */
static int toolchain(verifier *v, buf *msg, buf *err)
{
	cargocheck_options co = { "rustc --version", ".", NULL, 60 };
	cargocheck_result r;
	int rc = -1;

	if (cargocheck_run(&r, &co, err) < 0)
		return -2;
	if (r.exit_status != 0 || !r.out.len) {
		buf_puts(msg, "rustc was not found on PATH (install the Rust toolchain: rustup, or Debian's rustc and cargo packages)");
		goto done;
	}
	last_line(&v->rustc, &r.out);
	if (!v->o->command) {
		cargocheck_options cc = { "cargo --version", ".", NULL, 60 };
		cargocheck_result_free(&r);
		if (cargocheck_run(&r, &cc, err) < 0)
			return -2;
		if (r.exit_status != 0) {
			buf_puts(msg, "cargo was not found on PATH (install the Rust toolchain: rustup, or Debian's cargo package; "
			              "or name a check command with --verify-command)");
			goto done;
		}
		buf_printf(&v->by, "cargo check (%s)", buf_cstr(&v->rustc));
		if (cargo_keeps_going(&r.out))
			v->command = VERIFY_DEFAULT_COMMAND_KEEP_GOING;
	} else
		buf_printf(&v->by, "%s (%s)", v->command, buf_cstr(&v->rustc));
	rc = 0;
done:
	cargocheck_result_free(&r);
	return rc;
}

int verify_findings(jsontape_list *findings, source_set *src, const verify_options *o, verify_result *out, buf *err)
{
	verifier v;
	buf problem = BUF_INIT;
	json_t *ws_info = json_array();
	size_t i;
	int rc = -1, t;

	memset(&v, 0, sizeof(v));
	memset(out, 0, sizeof(*out));
	v.o = o;
	v.src = src;
	v.findings = findings;
	v.command = o->command ? o->command : VERIFY_DEFAULT_COMMAND;
	if (!ws_info)
		goto oom;
	if (collect(&v) < 0)
		goto oom;
	t = v.nc ? toolchain(&v, &problem, err) : 0;
	if (t == -2)
		goto fail;
	if (t < 0) {
		for (i = 0; i < v.nc; i++)
			if (v.c[i].state == PENDING)
				decide(&v.c[i], UNVERIFIED, NULL, "%s", buf_cstr(&problem));
		fprintf(stderr, "hotpath-audit audit: warning: --verify: %s; every verdict stays unverified\n", buf_cstr(&problem));
	} else {
		out->usable = 1;
		for (i = 0; i < v.nw; i++) {
			workspace *w = &v.w[i];
			if (run_workspace(&v, w, err) < 0)
				goto fail;
			out->checks += (size_t)w->checks;
			out->seconds += w->seconds;
			if (w->problem.len && strcmp(w->status, "reused") != 0)
				fprintf(stderr, "hotpath-audit audit: warning: --verify: %s: %s\n", w->rel[0] ? w->rel : ".",
				        buf_cstr(&w->problem));
			json_array_append_new(ws_info, json_pack("{s:s, s:s, s:i, s:s?, s:s?}", "root", w->rel[0] ? w->rel : ".",
			                                         "status", w->status, "checks", w->checks, "problem",
			                                         w->problem.len ? buf_cstr(&w->problem) : NULL, "command",
			                                         w->command.len ? buf_cstr(&w->command) : NULL));
		}
	}
	/* the verdicts into the findings */
	for (i = 0; i < v.nc; i++) {
		candidate *c = &v.c[i];
		finding_verification fv;

		if (c->not_tried)
			continue;
		memset(&fv, 0, sizeof(fv));
		fv.status = c->state == ACCEPTED ? FINDING_VERIFIED : c->state == REFUTED ? FINDING_REFUTED : FINDING_UNVERIFIED;
		fv.by = v.by.len ? buf_cstr(&v.by) : "cargo check";
		fv.detail = buf_cstr(&c->detail);
		fv.code = c->code[0] ? c->code : NULL;
		fv.tier_high = o->tier_high;
		fv.tier_medium = o->tier_medium;
		fv.reverse = c->reverse;
		if (c->has_edit) {
			fv.line = c->edit.line;
			fv.col = c->edit.col;
			fv.end_line = c->edit.end_line;
			fv.end_col = c->edit.end_col;
			fv.replacement = buf_cstr(&c->edit.replacement);
		}
		if (finding_verify(findings->v[c->finding], &fv) < 0)
			goto oom;
		if (c->reverse) {
			out->kept_tried++;
			out->promoted += fv.status == FINDING_VERIFIED;
			out->kept_confirmed += fv.status == FINDING_REFUTED;
			continue;
		}
		out->tried++;
		out->verified += fv.status == FINDING_VERIFIED;
		out->refuted += fv.status == FINDING_REFUTED;
		out->unverified += fv.status == FINDING_UNVERIFIED;
	}
	out->info = json_pack("{s:s?, s:s, s:s?, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:s?, s:O}", "by",
	                      v.by.len ? buf_cstr(&v.by) : NULL, "command", v.command, "toolchain",
	                      v.rustc.len ? buf_cstr(&v.rustc) : NULL, "tried", (json_int_t)out->tried, "verified",
	                      (json_int_t)out->verified, "refuted", (json_int_t)out->refuted, "unverified",
	                      (json_int_t)out->unverified, "kept_tried", (json_int_t)out->kept_tried, "promoted",
	                      (json_int_t)out->promoted, "kept_confirmed", (json_int_t)out->kept_confirmed, "checks",
	                      (json_int_t)out->checks, "problem", problem.len ? buf_cstr(&problem) : NULL, "workspaces",
	                      ws_info);
	if (!out->info)
		goto oom;
	rc = 0;
	goto done;
oom:
	buf_puts(err, "out of memory");
fail:
	rc = -1;
done:
	for (i = 0; i < v.nc; i++) {
		clone_edit_free(&v.c[i].edit);
		buf_free(&v.c[i].detail);
	}
	free(v.c);
	for (i = 0; i < v.nw; i++) {
		workspace *w = &v.w[i];
		size_t k;
		for (k = 0; k < w->nfiles; k++) {
			free(w->files[k].rel);
			buf_free(&w->files[k].text);
			free(w->files[k].cands);
		}
		free(w->files);
		free(w->cands);
		free(w->rel);
		buf_free(&w->dir);
		buf_free(&w->tree);
		buf_free(&w->target);
		buf_free(&w->problem);
		buf_free(&w->command);
		verify_baseline_free(&w->baseline);
	}
	free(v.w);
	buf_free(&v.by);
	buf_free(&v.rustc);
	buf_free(&problem);
	json_decref(ws_info);
	return rc;
}

void verify_result_free(verify_result *r)
{
	json_decref(r->info);
	memset(r, 0, sizeof(*r));
}
