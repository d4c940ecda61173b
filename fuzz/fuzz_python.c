/* libFuzzer: any bytes as a Python file through the lexer and the block
 * builder, then every block query on every token, checking what the rules
 * rely on: tokens in order inside the text, brackets paired both ways,
 * INDENT and DEDENT balanced, blocks nested inside their parents' bodies;
 * then through the audit with the perf-review pack's Python rules, on a
 * hot path by its name and on none (routes, handlers and loops read from
 * the code) -- and with the same bytes as two files of one package whose
 * calls through imports are followed (pycalls.h), each importing the
 * other as the bytes say. */
#include "config.h"

#include "fuzz.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "audit.h"
#include "pycalls.h"
#include "pylex.h"

static pylex_result r;
static rules *rl;
static audit_rules ar;
static pack_set packs;

/* The audit of the same bytes as a Python file, every Python rule on. */
static void audit_as_python(const uint8_t *data, size_t size)
{
	audit_options opt;
	audit_sink out = { .rule_findings = json_array(), .problems = json_array() };
	buf err = BUF_INIT;

	if (!rl) {
		const char *d = getenv("HOTPATH_AUDIT_DATADIR"), *dirs[1];
		buf p = BUF_INIT, q = BUF_INIT;
		buf_printf(&p, "%s/patterns/inventory.rules", d ? d : ".");
		buf_printf(&q, "%s/patterns/audit.rules", d ? d : ".");
		if (rules_load(&rl, p.ptr, &err) < 0 || audit_rules_load(&ar, q.ptr, &err) < 0)
			abort(); /* set HOTPATH_AUDIT_DATADIR to the source tree */
		buf_clear(&p);
		buf_printf(&p, "%s/patterns/packs", d ? d : ".");
		dirs[0] = p.ptr;
		if (pack_set_load(&packs, "perf-review", dirs, 1, &err) < 0)
			abort();
		buf_free(&p);
		buf_free(&q);
	}
	memset(&opt, 0, sizeof(opt));
	memset(&opt, 0, sizeof(opt)); /* the fields not set here are zero */
	opt.rules = rl;
	opt.arules = &ar;
	opt.jobs = 1;
	opt.packs = &packs;
	audit_buffer(&opt, NULL, "python/serving/scheduler.py", (const char *)data, size, &out);
	/* and on no configured hot path: what the code shows is read (pyhot.h) */
	audit_buffer(&opt, NULL, "python/api/routes.py", (const char *)data, size, &out);
	{ /* and as app/a.py and app/b.py, calls between them followed */
		buf rec = BUF_INIT;
		pycalls *g;
		if (pylex_lex(&r, (const char *)data, size) < 0 || pycalls_records(&rec, &r, "app/a.py", &ar) < 0 ||
		    pycalls_records(&rec, &r, "app/b.py", &ar) < 0 || !(g = pycalls_build(rec.ptr ? rec.ptr : "", rec.len, 3)))
			abort(); /* inputs are small: memory does not run out */
		opt.py_calls = g;
		audit_buffer(&opt, NULL, "app/a.py", (const char *)data, size, &out);
		pycalls_free(g);
		buf_free(&rec);
	}
	jsontape_list_free_all(&out.findings);
	json_decref(out.rule_findings);
	json_decref(out.problems);
	buf_free(&err);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t i, level = 0;

	if (pylex_lex(&r, (const char *)data, size) < 0)
		abort(); /* inputs are small: memory does not run out */
	for (i = 0; i < r.count; i++) {
		const pylex_token *t = &r.tokens[i];
		if ((size_t)t->off + t->len > size || (i > 0 && t->off < r.tokens[i - 1].off) || t->line == 0 ||
		    t->col == 0)
			abort();
		if (t->pair_ok && (t->pair >= r.count || r.tokens[t->pair].pair != i || !r.tokens[t->pair].pair_ok ||
		                   (t->kind == PYTOK_OPEN) == (r.tokens[t->pair].kind == PYTOK_OPEN)))
			abort();
		if (t->kind == PYTOK_INDENT)
			level++;
		else if (t->kind == PYTOK_DEDENT && level-- == 0)
			abort();
		pylex_enclosing(&r, i, PYBLOCK_FUNCTIONS, 0);
		pylex_in_loop_of_function(&r, i);
		if (pylex_block_of(&r, i) != PYLEX_NONE && pylex_block_of(&r, i) >= r.block_count)
			abort();
	}
	if (level != 0 ||
	    (r.count > 0 && r.tokens[r.count - 1].kind != PYTOK_NEWLINE && r.tokens[r.count - 1].kind != PYTOK_DEDENT))
		abort();
	for (i = 0; i < r.block_count; i++) {
		const pylex_block *b = &r.blocks[i];
		if (!(b->head < b->colon && b->colon < b->body_start && b->body_start <= b->body_end &&
		      b->body_end <= r.count))
			abort();
		if (b->parent != PYLEX_NONE && (b->parent >= i || b->head < r.blocks[b->parent].body_start ||
		                                b->body_end > r.blocks[b->parent].body_end))
			abort();
		if (b->body_start < b->body_end && pylex_block_of(&r, b->body_start) != i)
			abort();
	}
	audit_as_python(data, size);
	return 0;
}
