/* libFuzzer: any bytes as a Rust file through the whole per-file audit
 * (lexer, scanner, evidence, classifier, the eight fields) and the rule
 * packs (code view, patterns, predicates, crate-hygiene facts); and each
 * clone finding's edit of every kind (clone_edit), which must lie inside
 * the text and apply to the length it says. */
#include "config.h"

#include "fuzz.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "audit.h"
#include "clone_edit.h"
#include "deferred.h"
#include "jsonwrite.h"
#include "typelib.h"

static rules *r;
static audit_rules ar;
static pack_set packs;

/* The library of a workspace of this one file, as the audit's first pass
 * makes it (its types and fns).  0, or -1. */
static int own_library(typelib *lib, const char *text, size_t len)
{
	rustlex_result lx;
	int rc;

	memset(&lx, 0, sizeof(lx));
	rc = typelib_collect(lib, &lx, text, len) < 0 || typelib_add_crate(lib, "llm") < 0 || typelib_finish(lib) < 0 ? -1 : 0;
	rustlex_free(&lx);
	return rc;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	typelib lib;
	deferred_list waiting = { NULL, 0, 0 };
	buf calls = BUF_INIT, edges = BUF_INIT;
	audit_options opt;
	hygiene_files facts = { NULL, 0, 0 };
	audit_sink out = { .rule_findings = json_array(), .problems = json_array(), .file_facts = &facts };
	size_t i;
	buf err = BUF_INIT;

	if (!r) {
		const char *d = getenv("HOTPATH_AUDIT_DATADIR");
		buf p = BUF_INIT, q = BUF_INIT;
		const char *dirs[1];
		buf_printf(&p, "%s/patterns/inventory.rules", d ? d : ".");
		buf_printf(&q, "%s/patterns/audit.rules", d ? d : ".");
		if (rules_load(&r, p.ptr, &err) < 0 || audit_rules_load(&ar, q.ptr, &err) < 0)
			abort(); /* set HOTPATH_AUDIT_DATADIR to the source tree */
		buf_clear(&p);
		buf_printf(&p, "%s/patterns/packs", d ? d : ".");
		dirs[0] = p.ptr;
		if (pack_set_load(&packs, "clone,perf-review,crate-hygiene", dirs, 1, &err) < 0)
			abort();
		buf_free(&p);
		buf_free(&q);
	}
	memset(&opt, 0, sizeof(opt)); /* fields added later are zero (no trace, ...) */
	opt.rules = r;
	opt.arules = &ar;
	opt.src = NULL;
	opt.include_tests = 0;
	opt.jobs = 1;
	opt.types = NULL;
	opt.packs = &packs;
	memset(&lib, 0, sizeof(lib));
	if (own_library(&lib, (const char *)data, size) == 0 && lib.finished)
		opt.types = &lib;
	/* what the cross-file rules record and wait on (asynccalls.h,
	 * deferred.h), resolved as after pass 2 against this one file */
	out.deferred = &waiting;
	out.async_calls = &calls;
	out.async_edges = &edges;
	audit_buffer(&opt, NULL, "lib/llm/src/backend.rs", (const char *)data, size, &out);
	if (lib.finished && typelib_add_async_calls(&lib, buf_cstr(&calls), calls.len) == 0 &&
	    typelib_add_async_edges(&lib, buf_cstr(&edges), edges.len) == 0 && typelib_index_async(&lib) == 0)
		deferred_resolve(&waiting, &lib, out.rule_findings);
	/* each finding's tape writes what jansson would write of its values */
	for (i = 0; i < out.findings.n; i++) {
		json_t *v = jsontape_to_json(out.findings.v[i]);
		buf a = BUF_INIT, b = BUF_INIT;
		if (!v || jsontape_write(&a, out.findings.v[i], JSON_INDENT(2), 0) < 0 || jsonwrite(&b, v, JSON_INDENT(2)) < 0 ||
		    a.len != b.len || memcmp(a.ptr, b.ptr, a.len) != 0)
			abort();
		json_decref(v);
		buf_free(&a);
		buf_free(&b);
	}
	for (i = 0; i < out.findings.n; i++) {
		uint32_t line = (uint32_t)jsontape_integer(jsontape_get(out.findings.v[i], "line"));
		uint32_t col = (uint32_t)jsontape_integer(jsontape_get(out.findings.v[i], "column"));
		int kind;
		for (kind = CLONE_EDIT_DROP; kind <= CLONE_EDIT_TAKE; kind++) {
			clone_edit e = CLONE_EDIT_INIT;
			const clone_edit *one = &e;
			buf why = BUF_INIT, applied = BUF_INIT;
			if (clone_edit_make(&e, (const char *)data, size, line, col, (enum clone_edit_kind)kind, &why) == 0) {
				if (e.start > e.end || e.end > size || e.line < 1 || e.line > e.end_line || !e.replacement.len)
					abort();
				if (clone_edit_apply(&applied, (const char *)data, size, &one, 1, NULL) < 0 ||
				    applied.len != size - (e.end - e.start) + e.replacement.len)
					abort();
			} else if (!why.len)
				abort(); /* a refusal says why */
			clone_edit_free(&e);
			buf_free(&why);
			buf_free(&applied);
		}
	}
	jsontape_list_free_all(&out.findings);
	json_decref(out.rule_findings);
	json_decref(out.problems);
	hygiene_files_free(&facts);
	typelib_free(&lib);
	deferred_free(&waiting);
	buf_free(&calls);
	buf_free(&edges);
	buf_free(&err);
	return 0;
}
