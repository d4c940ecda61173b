#include "config.h"

#include "report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "classify.h"
#include "jsonwrite.h"
#include "parallel.h"

void report_timestamp(char out[32])
{
	const char *sde = getenv("SOURCE_DATE_EPOCH");
	time_t t = time(NULL);
	struct tm tm;

	if (sde && *sde) {
		char *end;
		long long v = strtoll(sde, &end, 10);
		if (!*end && v >= 0)
			t = (time_t)v;
	}
	gmtime_r(&t, &tm);
	strftime(out, 32, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

static int is_actionable(const char *bucket)
{
	return strcmp(bucket, "removable_move") == 0 || strcmp(bucket, "removable_borrow") == 0 ||
	       strcmp(bucket, "structural_refactor") == 0;
}

/* The index of s among names[0..n), or -1 (s NULL, or none of them). */
static int name_index(const char *s, const char *const *names, int n)
{
	int k;

	for (k = 0; s && k < n; k++)
		if (s[0] == names[k][0] && strcmp(s, names[k]) == 0)
			return k;
	return -1;
}

static int bucket_actionable(int b)
{
	return b == B_REMOVABLE_MOVE || b == B_REMOVABLE_BORROW || b == B_STRUCTURAL_REFACTOR;
}

static void count(json_t *obj, const char *key)
{
	json_t *v = json_object_get(obj, key);

	/* in place: a count per finding, tens of thousands of them */
	if (v)
		json_integer_set(v, json_integer_value(v) + 1);
	else
		json_object_set_new(obj, key, json_integer(1));
}

/* What the summaries read of a clone finding, taken in one walk over its
 * tape (a lookup per member walked it a dozen times). */
typedef struct {
	const char *path, *bucket, *rule, *tier, *confidence, *hot_path, *fingerprint;
	long long line, column;
	int on_hot_path;
	int actionable;  /* a removal or a structural refactor */
	int rule_no;     /* N of a rule "RN", else 0 */
	jsontape_value fn, suppression, fields;
} finding_facts;

static void facts_of(const jsontape *t, finding_facts *x);

/* facts_of() for a run of findings (one run per core). */
typedef struct {
	const jsontape_list *findings;
	finding_facts *facts;
} facts_ctx;

static void facts_run(void *ctx, size_t from, size_t to)
{
	facts_ctx *c = ctx;
	size_t i;

	for (i = from; i < to; i++)
		facts_of(c->findings->v[i], &c->facts[i]);
}

static void facts_of(const jsontape *t, finding_facts *x)
{
	jsontape_value v = NULL;
	const char *key;

	memset(x, 0, sizeof(*x));
	while ((v = jsontape_next(t, v, &key))) {
		switch (key[0]) {
		case 'b': if (strcmp(key, "bucket") == 0) x->bucket = jsontape_str(v); break;
		case 'c':
			if (strcmp(key, "confidence") == 0)
				x->confidence = jsontape_str(v);
			else if (strcmp(key, "column") == 0)
				x->column = jsontape_integer(v);
			break;
		case 'f':
			if (strcmp(key, "fingerprint") == 0)
				x->fingerprint = jsontape_str(v);
			else if (strcmp(key, "fn") == 0)
				x->fn = v;
			else if (strcmp(key, "fields") == 0)
				x->fields = v;
			break;
		case 'h': if (strcmp(key, "hot_path") == 0) x->hot_path = jsontape_str(v); break;
		case 'l': if (strcmp(key, "line") == 0) x->line = jsontape_integer(v); break;
		case 'o': if (strcmp(key, "on_hot_path") == 0) x->on_hot_path = jsontape_is_true(v); break;
		case 'p': if (strcmp(key, "path") == 0) x->path = jsontape_str(v); break;
		case 'r': if (strcmp(key, "rule") == 0) x->rule = jsontape_str(v); break;
		case 's': if (strcmp(key, "suppression") == 0) x->suppression = v; break;
		case 't': if (strcmp(key, "tier") == 0) x->tier = jsontape_str(v); break;
		default: break;
		}
	}
	/* the summaries ask these of every finding, on one core: asked here,
	 * on every core */
	x->actionable = x->bucket && is_actionable(x->bucket);
	if (x->rule && x->rule[0] == 'R' && x->rule[1] >= '1' && x->rule[1] <= '9' && strlen(x->rule) <= 4)
		x->rule_no = atoi(x->rule + 1);
}

/* Why required findings were left alone, by rule: a line each. */
static json_t *left_alone(const finding_facts *findings, size_t count)
{
	static const struct { int no; const char *rule, *why; } reasons[] = {
		{ 1, "R1", "test, bench or example code" },
		{ 2, "R2", "cheap handle clone (refcount or handle copy) that shares ownership" },
		{ 6, "R6", "cheap handle clone, judging by its name" },
		{ 3, "R3", "cloned out of a lock guard: removing it would hold the lock longer" },
		{ 9, "R9", "the original is read again later" },
		{ 10, "R10", "a copy per loop iteration of a value from outside the loop" },
		{ 11, "R11", "captured by a closure or async block that needs its own copy" },
		{ 12, "R12", "an owned copy of borrowed data that is changed or returned" },
		{ 16, "R16", "evidence incomplete: kept, with low confidence" },
	};
	enum { NREASONS = sizeof(reasons) / sizeof(reasons[0]) };
	json_t *out = json_array();
	size_t r, i, n[NREASONS] = { 0 };

	/* one pass over the findings (a nightly report holds tens of thousands) */
	for (i = 0; i < count; i++)
		for (r = 0; findings[i].rule_no && r < NREASONS; r++)
			if (findings[i].rule_no == reasons[r].no) {
				n[r]++;
				break;
			}
	for (r = 0; r < NREASONS; r++)
		if (n[r])
			json_array_append_new(out, json_pack("{s:s, s:s, s:I}", "rule", reasons[r].rule, "reason", reasons[r].why,
			                                     "count", (json_int_t)n[r]));
	return out;
}

/* Follow-up patch batches: the actionable findings grouped by subsystem
 * (hot-path label) and bucket, each a narrow patch of its own. */
static json_t *batches(const finding_facts *findings, size_t count)
{
	json_t *out = json_array(), *index = json_object();
	size_t i;

	for (i = 0; i < count; i++) {
		const finding_facts *f = &findings[i];
		json_t *b;
		char key[256];
		if (!f->actionable)
			continue;
		snprintf(key, sizeof(key), "%s\n%s", f->hot_path, f->bucket);
		b = json_object_get(index, key);
		if (!b) {
			b = json_pack("{s:s, s:s, s:s, s:[]}", "subsystem", f->hot_path, "bucket", f->bucket, "validation",
			              jsontape_str(jsontape_member(f->fields, "validation_command")), "findings");
			json_object_set_new(index, key, b);
			json_array_append(out, b);
		}
		json_array_append_new(json_object_get(b, "findings"), json_pack("{s:s, s:I, s:s}", "path", f->path, "line",
		                                                               (json_int_t)f->line, "fingerprint", f->fingerprint));
	}
	for (i = 0; i < json_array_size(out); i++) {
		json_t *b = json_array_get(out, i);
		json_object_set_new(b, "count", json_integer((json_int_t)json_array_size(json_object_get(b, "findings"))));
	}
	json_decref(index);
	return out;
}

/* The workflow's four review roles, as the passes that play them here.
 * They are explicit passes of one program, not independent reviewers, and
 * the report says so, as the workflow asks. */
static json_t *review_roles(const finding_facts *findings, size_t n)
{
	size_t i, proposed = 0, rejected = 0, validated = 0;
	char a[160], b[200], c[200], d[160];

	for (i = 0; i < n; i++) {
		int rule = findings[i].rule_no;
		if (findings[i].actionable) {
			proposed++;
			validated++;
		}
		/* the adversary's rules: guard, later read, loop, closure, owned
		 * copy of borrowed data, incomplete evidence */
		if (rule == 3 || rule == 9 || rule == 10 || rule == 11 || rule == 12 || rule == 16)
			rejected++;
	}
	snprintf(a, sizeof(a), "%zu clone sites found by the lexer-aware scan and classified", n);
	snprintf(b, sizeof(b), "%zu changes proposed (move, borrow, take, or a structural refactor)", proposed);
	snprintf(c, sizeof(c), "%zu clones kept: later read, per-iteration copy, captured by a closure, lock guard, "
	                       "owned copy of borrowed data, or incomplete evidence", rejected);
	snprintf(d, sizeof(d), "%zu validation commands (cargo test, plus clippy's redundant_clone for removals)", validated);
	return json_pack("{s:b, s:s, s:[{s:s, s:s}, {s:s, s:s}, {s:s, s:s}, {s:s, s:s}]}", "independent", 0, "note",
	                 "the four roles are separate, explicit passes of one program, not independent reviewers", "roles",
	                 "role", "candidate finder", "outcome", a, "role", "ownership refactorer", "outcome", b, "role",
	                 "correctness adversary", "outcome", c, "role", "validation planner", "outcome", d);
}

/* What each pack is, for the reports: its rules and metrics with their
 * rationale, and how many findings each gave. */
/* How many rule findings a pack ("NAME") or one of its rules ("NAME/ID")
 * has, from counts made in one pass. */
static json_int_t hits_of(json_t *counts, const char *pack_name, const char *id)
{
	char key[256];

	snprintf(key, sizeof(key), "%s%s%s", pack_name, id ? "/" : "", id ? id : "");
	return json_integer_value(json_object_get(counts, key));
}

static json_t *pack_list(const pack_set *ps, const json_t *rule_findings, size_t clone_findings)
{
	json_t *out = json_array(), *counts = json_object();
	size_t p, i;

	for (i = 0; i < json_array_size(rule_findings); i++) {
		json_t *x = json_array_get(rule_findings, i);
		char key[256];
		snprintf(key, sizeof(key), "%s/%s", json_string_value(json_object_get(x, "pack")),
		         json_string_value(json_object_get(x, "rule")));
		count(counts, key);
		count(counts, json_string_value(json_object_get(x, "pack")));
	}

	for (p = 0; ps && p < ps->n; p++) {
		const pack *pk = &ps->v[p];
		const char *base = strrchr(pk->file, '/');
		json_t *rule_list = json_array(), *metrics = json_array(), *langs = json_array(), *entry;

		if (pk->languages & PACK_RUST)
			json_array_append_new(langs, json_string("rust"));
		if (pk->languages & PACK_PYTHON)
			json_array_append_new(langs, json_string("python"));
		for (i = 0; i < pk->nrules; i++) {
			const pack_rule *r = &pk->rules[i];
			json_t *where = json_array();
			size_t k;
			for (k = 0; k < r->nwhere; k++)
				json_array_append_new(where, json_string(pack_predicate_name(r->where[k].what)));
			json_array_append_new(rule_list, json_pack("{s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:o, s:I}", "id", r->w.id,
			                                       "language", r->language == PACK_RUST ? "rust" : "python",
			                                       "severity", r->w.severity, "title", r->w.title, "rationale",
			                                       r->w.rationale, "change", r->w.change, "match", r->pattern, "where",
			                                       where, "findings", hits_of(counts, pk->name, r->w.id)));
		}
		for (i = 0; i < pk->nmetrics; i++) {
			const pack_metric *m = &pk->metrics[i];
			json_array_append_new(metrics, json_pack("{s:s, s:s, s:I, s:s, s:s, s:s, s:s, s:I}", "id", m->w.id, "kind",
			                                         pack_metric_kind_name(m->kind), "threshold", (json_int_t)m->threshold,
			                                         "severity", m->w.severity, "title", m->w.title, "rationale",
			                                         m->w.rationale, "change", m->w.change, "findings",
			                                         hits_of(counts, pk->name, m->w.id)));
		}
		entry = json_pack("{s:s, s:s, s:s, s:s, s:s, s:o, s:I, s:o, s:o}", "name", pk->name, "title", pk->title,
		                  "summary", pk->summary ? pk->summary : "", "engine",
		                  pk->engine == PACK_ENGINE_CLONE ? "clone" : "rules", "file", base ? base + 1 : pk->file,
		                  "languages", langs, "findings",
		                  pk->engine == PACK_ENGINE_CLONE ? (json_int_t)clone_findings : hits_of(counts, pk->name, NULL),
		                  "rules", rule_list, "metrics", metrics);
		if (!entry || json_array_append_new(out, entry) < 0) {
			json_decref(out);
			out = NULL;
			break;
		}
	}
	json_decref(counts);
	return out;
}

static json_t *rule_summary(const json_t *rule_findings)
{
	json_t *by_severity = json_pack("{s:i, s:i, s:i}", "high", 0, "medium", 0, "low", 0), *by_pack = json_object();
	size_t i;

	for (i = 0; i < json_array_size(rule_findings); i++) {
		json_t *f = json_array_get(rule_findings, i);
		count(by_severity, json_string_value(json_object_get(f, "severity")));
		count(by_pack, json_string_value(json_object_get(f, "pack")));
	}
	return json_pack("{s:I, s:o, s:o}", "total", (json_int_t)json_array_size(rule_findings), "by_severity", by_severity,
	                 "by_pack", by_pack);
}

int report_build(report_doc *doc, const audit_result *a, const report_scope *scope)
{
	json_t *m = json_object(), *paths = json_array(), *suppressed = json_array();
	jsontape_list *kept = &doc->findings;
	finding_facts *facts = NULL; /* of the kept findings */
	size_t nkept = 0;
	json_t *by_bucket = json_object(), *by_tier = json_object(), *by_conf = json_object();
	char when[32];
	size_t i, actionable = 0, hot = 0, n_bucket[B_COUNT] = { 0 }, n_tier[3] = { 0 }, n_conf[3] = { 0 };
	static const char *const levels[3] = { "high", "medium", "low" };
	const char *bucket_names[B_COUNT];
	int b, k, bucket;

	memset(doc, 0, sizeof(*doc));
	if (!m || !paths || !suppressed || !by_bucket || !by_tier || !by_conf)
		goto oom;
	for (i = 0; i < scope->npaths; i++)
		json_array_append_new(paths, json_string(scope->paths[i]));
	for (b = 0; b < B_COUNT; b++) {
		bucket_names[b] = bucket_name(b);
		json_object_set_new(by_bucket, bucket_names[b], json_integer(0));
	}
	json_object_set_new(by_tier, "high", json_integer(0));
	json_object_set_new(by_tier, "medium", json_integer(0));
	json_object_set_new(by_tier, "low", json_integer(0));
	json_object_set_new(by_conf, "high", json_integer(0));
	json_object_set_new(by_conf, "medium", json_integer(0));
	json_object_set_new(by_conf, "low", json_integer(0));
	if (!(facts = malloc((a->findings.n ? a->findings.n : 1) * sizeof(*facts))))
		goto oom;
	{
		facts_ctx fc = { &a->findings, facts };
		parallel_for(a->findings.n, 4096, facts_run, &fc);
	}
	for (i = 0; i < a->findings.n; i++) {
		jsontape *f = a->findings.v[i];
		finding_facts *x = &facts[nkept];
		*x = facts[i]; /* the kept ones move to the front */
		if (x->suppression) { /* listed apart, never dropped */
			json_array_append_new(suppressed, json_pack("{s:s, s:I, s:I, s:s, s:s, s:s, s:o*, s:o*}", "path", x->path,
			                                            "line", (json_int_t)x->line, "column", (json_int_t)x->column,
			                                            "fingerprint", x->fingerprint, "bucket", x->bucket, "rule",
			                                            x->rule, "fn", jsontape_value_to_json(x->fn), "suppression",
			                                            jsontape_value_to_json(x->suppression)));
			continue;
		}
		bucket = name_index(x->bucket, bucket_names, B_COUNT);
		if (scope->only_actionable && !(bucket >= 0 ? bucket_actionable(bucket) : is_actionable(x->bucket)))
			continue;
		if (jsontape_list_push(kept, f) < 0)
			goto oom;
		nkept++;
		/* counted in arrays, a look-up in each summary object a finding
		 * was 2.5 ms of the six code bases' report: only a name
		 * that is none of the known ones (there is none) goes to count() */
		if (bucket >= 0)
			n_bucket[bucket]++;
		else
			count(by_bucket, x->bucket);
		if ((k = name_index(x->tier, levels, 3)) >= 0)
			n_tier[k]++;
		else
			count(by_tier, x->tier);
		if ((k = name_index(x->confidence, levels, 3)) >= 0)
			n_conf[k]++;
		else
			count(by_conf, x->confidence);
		actionable += bucket >= 0 ? bucket_actionable(bucket) : is_actionable(x->bucket);
		hot += x->on_hot_path;
	}
	for (b = 0; b < B_COUNT; b++)
		json_integer_set(json_object_get(by_bucket, bucket_names[b]), (json_int_t)n_bucket[b]);
	for (k = 0; k < 3; k++) {
		json_integer_set(json_object_get(by_tier, levels[k]), (json_int_t)n_tier[k]);
		json_integer_set(json_object_get(by_conf, levels[k]), (json_int_t)n_conf[k]);
	}
	report_timestamp(when);
	json_object_set_new(m, "schema", json_string("hotpath-audit-report"));
	json_object_set_new(m, "version", json_integer(REPORT_SCHEMA_VERSION));
	json_object_set_new(m, "generated", json_string(when));
	{ /* file names, not this machine's paths: the same input gives the same bytes anywhere */
		const char *r1 = strrchr(scope->rules_file, '/'), *r2 = strrchr(scope->audit_rules_file, '/');
		json_object_set_new(m, "tool", json_pack("{s:s, s:s, s:s, s:s, s:s}", "name", PACKAGE_NAME, "version",
		                                         PACKAGE_VERSION, "rules", r1 ? r1 + 1 : scope->rules_file,
		                                         "audit_rules", r2 ? r2 + 1 : scope->audit_rules_file,
		                                         "rules_version", scope->rules_version ? scope->rules_version : ""));
	}
	json_object_set_new(m, "scope", json_pack("{s:s, s:s, s:o, s:b, s:b, s:I}", "command", scope->command_line, "root",
	                                          scope->root, "paths", paths, "include_tests", scope->include_tests,
	                                          "only_actionable", scope->only_actionable, "files_audited",
	                                          (json_int_t)a->files_audited));
	paths = NULL;
	if (scope->crates) { /* a bare audit: the crates it found, for the scope line */
		json_t *crates = json_array();
		buf text = BUF_INIT;
		for (i = 0; crates && i < scope->ncrates; i++) {
			json_array_append_new(crates, json_string(scope->crates[i]));
			buf_printf(&text, "%s%s", i ? ", " : "", scope->crates[i]);
		}
		json_object_set_new(json_object_get(m, "scope"), "crates", crates ? crates : json_null());
		json_object_set_new(json_object_get(m, "scope"), "crates_text", json_string(buf_cstr(&text)));
		buf_free(&text);
	}
	json_object_set_new(m, "source", scope->source ? json_deep_copy(scope->source) : json_object());
	json_object_set_new(m, "skipped", scope->skipped ? json_deep_copy(scope->skipped) : json_array());
	json_object_set_new(m, "summary", json_pack("{s:I, s:I, s:I, s:I, s:o, s:o, s:o}", "total",
	                                            (json_int_t)kept->n, "suppressed",
	                                            (json_int_t)json_array_size(suppressed), "actionable", (json_int_t)actionable,
	                                            "on_hot_path", (json_int_t)hot, "by_bucket", by_bucket, "by_tier",
	                                            by_tier, "by_confidence", by_conf));
	by_bucket = by_tier = by_conf = NULL;
	/* a placeholder while the findings are tapes: report_materialize() */
	json_object_set_new(m, "findings", json_array());
	doc->tapes = 1;
	json_object_set_new(m, "suppressed", suppressed);
	suppressed = NULL;
	json_object_set_new(m, "left_alone", left_alone(facts, nkept));
	json_object_set_new(m, "batches", batches(facts, nkept));
	json_object_set_new(m, "review", review_roles(facts, nkept));
	free(facts);
	facts = NULL;
	json_object_set_new(m, "packs", pack_list(scope->packs, a->rule_findings, kept->n));
	/* (the counts per pack include suppressed findings: what each rule found) */
	{ /* suppressed rule findings are listed apart, as clone findings are */
		json_t *kept_rules = json_array(), *suppressed_rules = json_array();
		for (i = 0; i < json_array_size(a->rule_findings); i++) {
			json_t *f = json_array_get(a->rule_findings, i);
			json_array_append(json_object_get(f, "suppression") ? suppressed_rules : kept_rules, f);
		}
		json_object_set_new(m, "rule_summary", rule_summary(kept_rules));
		json_object_set_new(json_object_get(m, "rule_summary"), "suppressed",
		                    json_integer((json_int_t)json_array_size(suppressed_rules)));
		json_object_set_new(m, "rule_findings", kept_rules);
		json_object_set_new(m, "rule_suppressed", suppressed_rules);
	}
	if (a->crates)
		json_object_set_new(m, "crates", json_incref(a->crates));
	json_object_set_new(m, "problems", json_incref(a->problems));
	json_object_set_new(m, "changes", json_string("audit-only: no files changed"));
	doc->model = m;
	return 0;
oom:
	json_decref(m);
	json_decref(paths);
	jsontape_list_free(kept);
	free(facts);
	json_decref(suppressed);
	json_decref(by_bucket);
	json_decref(by_tier);
	json_decref(by_conf);
	memset(doc, 0, sizeof(*doc));
	return -1;
}

void report_doc_free(report_doc *doc)
{
	json_decref(doc->model);
	jsontape_list_free(&doc->findings);
	memset(doc, 0, sizeof(*doc));
}

size_t report_finding_count(const report_doc *doc)
{
	return doc->tapes ? doc->findings.n : json_array_size(json_object_get(doc->model, "findings"));
}

json_t *report_finding(const report_doc *doc, size_t i)
{
	return doc->tapes ? jsontape_to_json(doc->findings.v[i])
	                  : json_incref(json_array_get(json_object_get(doc->model, "findings"), i));
}

json_t *report_finding_part(const report_doc *doc, size_t i, const char *const *keys)
{
	json_t *out;
	size_t k;

	if (!doc->tapes)
		return report_finding(doc, i);
	out = json_object();
	for (k = 0; out && keys[k]; k++) {
		jsontape_value v = jsontape_get(doc->findings.v[i], keys[k]);
		if (v && json_object_set_new(out, keys[k], jsontape_value_to_json(v)) < 0) {
			json_decref(out);
			out = NULL;
		}
	}
	return out;
}

int report_materialize(report_doc *doc)
{
	json_t *list;

	if (!doc->tapes)
		return 0;
	if (!(list = jsontape_list_to_json(&doc->findings)) ||
	    json_object_set_new(doc->model, "findings", list) < 0)
		return -1;
	doc->tapes = 0;
	return 0;
}

typedef struct {
	const jsontape_list *findings;
	const jsonwrite_flush *flush;
} findings_writer;

static int write_findings(buf *out, const void *ctx, size_t flags, size_t depth, unsigned threads)
{
	const findings_writer *w = ctx;

	return jsontape_list_write(out, w->findings, flags, depth, threads, w->flush);
}

int report_write_json(buf *out, const report_doc *doc, const jsonwrite_flush *flush)
{
	findings_writer w = { &doc->findings, flush };
	jsonwrite_splice splice = { "findings", write_findings, &w };
	size_t i, size = 0;

	if (!doc->tapes)
		return jsonwrite_threads(out, doc->model, JSON_INDENT(2), parallel_cpus());
	/* held whole: room for the findings at once (tens of MB grown by
	 * doubling were copied over and over, and each copy touched new
	 * pages; as text, a finding takes about 1.4 times its tape) */
	for (i = 0; !flush && i < doc->findings.n; i++)
		size += doc->findings.v[i]->b.len;
	if (!flush && buf_grow(out, size + size / 2 + 65536) < 0)
		return -1;
	return jsonwrite_spliced(out, doc->model, JSON_INDENT(2), parallel_cpus(), &splice);
}
