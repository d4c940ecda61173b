#include "config.h"

#include "export.h"

#include <stdlib.h>
#include <string.h>

#include "jsonwrite.h"
#include "parallel.h"

static const struct {
	const char *id, *name, *short_text, *full_text, *level;
} bucket_rules[] = {
	{ "removable_move", "RemovableMove", "A clone that a move can replace",
	  "The cloned value is owned (a local, a by-value parameter or a temporary) and this is its last use: moving it "
	  "instead of cloning it removes an allocation and a copy without changing behaviour.", "warning" },
	{ "removable_borrow", "RemovableBorrow", "A clone that a borrow can replace",
	  "The copy is only read (borrowed, passed to a method that takes &self, formatted or compared) and then dropped: "
	  "reading the original through a shared borrow gives the same values.", "warning" },
	{ "structural_refactor", "StructuralRefactor", "A clone that only a data-layout change removes",
	  "Long-lived or borrowed data is copied in full on every call; sharing it (Arc<[T]>, Arc<str>) or changing the "
	  "API removes the copy. A patch of its own.", "warning" },
	{ "semantic_required", "SemanticRequired", "A clone that is needed",
	  "An owned copy is needed: the original is read again, the copy feeds a loop iteration, task, channel or "
	  "closure, the clone ends a lock guard, or the evidence is incomplete.", "note" },
	{ "cheap_required", "CheapRequired", "A cheap handle clone that shares ownership",
	  "Cloning an Arc, Rc, channel sender, cancellation token or similar handle is a reference-count increment or "
	  "handle copy, and it is how ownership is shared.", "note" },
	{ "cold_test_only", "ColdTestOnly", "A clone in test, bench or example code",
	  "The clone is outside production hot paths; the audit leaves it alone.", "note" },
};
#define NRULES (sizeof(bucket_rules) / sizeof(bucket_rules[0]))

static int rule_index(const char *bucket)
{
	size_t i;

	for (i = 0; i < NRULES; i++)
		if (strcmp(bucket_rules[i].id, bucket) == 0)
			return (int)i;
	return 0;
}

static const char *str(json_t *o, const char *k)
{
	const char *s = json_string_value(json_object_get(o, k));
	return s ? s : "";
}

/* A document written as it is made: `skeleton` (consumed) holds the
 * string PLACEHOLDER where an array of n elements goes, each made by
 * `element` when its turn comes (from several threads) -- tens of
 * thousands of findings are never JSON values all at once.  The text is
 * handed to `flush` in pieces when given; `out` holds the rest. */
#define PLACEHOLDER "\001elements"
#define PLACEHOLDER_TEXT "\"\\u0001elements\"" /* as jsonwrite writes it */

static int write_streamed(buf *out, json_t *skeleton, size_t n, jsonwrite_element_fn *element, const void *ctx,
                          size_t depth, const jsonwrite_flush *flush)
{
	buf text = BUF_INIT;
	const char *at;
	size_t cut;
	int rc = -1;

	if (!skeleton || jsonwrite(&text, skeleton, JSON_INDENT(2) | JSON_ENCODE_ANY) < 0 || buf_putc(&text, '\n') < 0)
		goto done;
	at = strstr(buf_cstr(&text), PLACEHOLDER_TEXT);
	if (!at)
		goto done;
	cut = (size_t)(at - text.ptr);
	if (buf_append(out, text.ptr, cut) < 0 ||
	    jsonwrite_array_flushed(out, n, element, ctx, JSON_INDENT(2), depth, parallel_cpus(), flush) < 0 ||
	    buf_puts(out, at + strlen(PLACEHOLDER_TEXT)) < 0)
		goto done;
	rc = 0;
done:
	json_decref(skeleton);
	buf_free(&text);
	return rc;
}

static int put_element(buf *out, json_t *v, size_t flags, size_t depth)
{
	int rc = v ? jsonwrite_at(out, v, flags, depth) : -1;

	json_decref(v);
	return rc;
}

static const char *sarif_level(const char *severity)
{
	return strcmp(severity, "high") == 0 ? "error" : strcmp(severity, "medium") == 0 ? "warning" : "note";
}

/* The rule packs' rules and metrics as SARIF rules ("pack/rule"). */
static void sarif_pack_rules(json_t *model, json_t *rule_list)
{
	json_t *packs = json_object_get(model, "packs");
	size_t p, r, d;

	for (p = 0; p < json_array_size(packs); p++) {
		json_t *pk = json_array_get(packs, p);
		json_t *defs[2] = { json_object_get(pk, "rules"), json_object_get(pk, "metrics") };
		for (d = 0; d < 2; d++)
			for (r = 0; r < json_array_size(defs[d]); r++) {
				json_t *rule = json_array_get(defs[d], r);
				buf id = BUF_INIT, help = BUF_INIT;
				buf_printf(&id, "%s/%s", str(pk, "name"), str(rule, "id"));
				buf_printf(&help, "%s\n\nChange: %s", str(rule, "rationale"), str(rule, "change"));
				json_array_append_new(rule_list, json_pack("{s:s, s:s, s:{s:s}, s:{s:s}, s:{s:s, s:s}, s:{s:s}, s:{s:s}}",
				                                           "id", buf_cstr(&id), "name", str(rule, "id"),
				                                           "shortDescription", "text", str(rule, "title"),
				                                           "fullDescription", "text", str(rule, "rationale"), "help",
				                                           "text", buf_cstr(&help), "markdown", buf_cstr(&help),
				                                           "defaultConfiguration", "level",
				                                           sarif_level(str(rule, "severity")), "properties", "pack",
				                                           str(pk, "name")));
				buf_free(&id);
				buf_free(&help);
			}
	}
}

/* A rule-pack finding as a SARIF result; its rule's index from `base`. */
static json_t *sarif_pack_result(json_t *f, json_t *rule_list, size_t base)
{
	json_t *res;
	buf id = BUF_INIT;
	size_t k;

	buf_printf(&id, "%s/%s", str(f, "pack"), str(f, "rule"));
	for (k = base; k < json_array_size(rule_list); k++)
		if (strcmp(str(json_array_get(rule_list, k), "id"), buf_cstr(&id)) == 0)
			break;
	res = json_pack("{s:s, s:I, s:s, s:{s:O, s:O}, s:[{s:{s:{s:O, s:s}, s:{s:O, s:O}}}], s:{s:O}, s:{s:O, s:O}}",
	                "ruleId", buf_cstr(&id), "ruleIndex", (json_int_t)k, "level", sarif_level(str(f, "severity")),
	                "message", "text", json_object_get(f, "message"), "markdown", json_object_get(f, "message"),
	                "locations", "physicalLocation", "artifactLocation", "uri", json_object_get(f, "path"),
	                "uriBaseId", "%SRCROOT%", "region", "startLine", json_object_get(f, "line"), "startColumn",
	                json_object_get(f, "column"), "partialFingerprints", "hotpathAudit/v1",
	                json_object_get(f, "fingerprint"), "properties", "pack", json_object_get(f, "pack"),
	                "validation", json_object_get(f, "validation"));
	if (res && json_is_string(json_object_get(f, "status")))
		json_object_set_new(res, "baselineState", json_string(strcmp(str(f, "status"), "new") == 0 ? "new" : "unchanged"));
	buf_free(&id);
	return res;
}

/* A removal the compiler verified (audit --verify) as a SARIF fix: the
 * clone expression's region and what replaces it. */
static void sarif_fix(json_t *result, json_t *f)
{
	json_t *ver = json_object_get(f, "verification"), *e = json_object_get(ver, "edit");

	if (!e || strcmp(str(ver, "status"), "verified") != 0)
		return;
	json_object_set_new(result, "fixes",
	                    json_pack("[{s:{s:O}, s:[{s:{s:O, s:s}, s:[{s:{s:O, s:O, s:O, s:O}, s:{s:O}}]}]}]", "description",
	                              "text", json_object_get(f, "change"), "artifactChanges", "artifactLocation", "uri",
	                              json_object_get(f, "path"), "uriBaseId", "%SRCROOT%", "replacements", "deletedRegion",
	                              "startLine", json_object_get(e, "line"), "startColumn", json_object_get(e, "column"),
	                              "endLine", json_object_get(e, "end_line"), "endColumn", json_object_get(e, "end_column"),
	                              "insertedContent", "text", json_object_get(e, "replacement")));
}

/* A clone finding as a SARIF result. */
static json_t *sarif_result(json_t *f)
{
	json_t *fields = json_object_get(f, "fields"), *r;
	int k = rule_index(str(f, "bucket"));
	buf msg = BUF_INIT;

	buf_printf(&msg, "%s %s", str(fields, "bucket_and_change"), str(fields, "removal_rationale"));
	r = json_pack("{s:s, s:i, s:s, s:{s:s, s:s}, s:[{s:{s:{s:s, s:s}, s:{s:O, s:O}}}], s:{s:O}, "
	              "s:{s:O, s:O, s:O, s:O, s:O}}",
	              "ruleId", bucket_rules[k].id, "ruleIndex", k, "level", bucket_rules[k].level, "message", "text",
	              buf_cstr(&msg), "markdown", buf_cstr(&msg), "locations", "physicalLocation", "artifactLocation",
	              "uri", str(f, "path"), "uriBaseId", "%SRCROOT%", "region", "startLine", json_object_get(f, "line"),
	              "startColumn", json_object_get(f, "column"), "partialFingerprints", "hotpathAudit/v1",
	              json_object_get(f, "fingerprint"), "properties", "confidence", json_object_get(f, "confidence"),
	              "tier", json_object_get(f, "tier"), "score", json_object_get(f, "score"), "decisionRule",
	              json_object_get(f, "rule"), "fields", fields);
	buf_free(&msg);
	if (!r)
		return NULL;
	if (json_is_string(json_object_get(f, "status")))
		json_object_set_new(r, "baselineState", json_string(strcmp(str(f, "status"), "new") == 0 ? "new" : "unchanged"));
	sarif_fix(r, f);
	return r;
}

/* The results, clone findings first, then the rule packs'. */
typedef struct {
	const report_doc *doc;
	size_t nclone;
	json_t *rule_findings, *rule_list;
	size_t base;              /* the first pack rule in rule_list */
} results_ctx;

/* What the results read of a finding. */
static const char *const sarif_keys[] = { "path", "line", "column", "bucket", "confidence", "rule", "score", "tier",
	                                  "fingerprint", "change", "fields", "status", "verification", NULL };
static const char *const gitlab_keys[] = { "path", "line", "bucket", "tier", "fingerprint", "fields", NULL };

static int sarif_element(buf *out, const void *ctx, size_t i, size_t flags, size_t depth)
{
	const results_ctx *c = ctx;
	json_t *f, *r;

	if (i >= c->nclone)
		return put_element(out, sarif_pack_result(json_array_get(c->rule_findings, i - c->nclone), c->rule_list, c->base),
		                   flags, depth);
	f = report_finding_part(c->doc, i, sarif_keys);
	r = f ? sarif_result(f) : NULL;
	json_decref(f);
	return put_element(out, r, flags, depth);
}

int export_sarif(buf *out, const report_doc *doc, const jsonwrite_flush *flush)
{
	json_t *model = doc->model, *rule_list = json_array(), *tool = json_object_get(model, "tool");
	results_ctx c = { doc, report_finding_count(doc), json_object_get(model, "rule_findings"), rule_list, NRULES };
	size_t i;

	for (i = 0; i < NRULES; i++) {
		buf help = BUF_INIT;
		buf_printf(&help, "%s See docs/classification.md for the evidence behind each verdict.", bucket_rules[i].full_text);
		json_array_append_new(rule_list, json_pack("{s:s, s:s, s:{s:s}, s:{s:s}, s:{s:s, s:s}, s:{s:s}}", "id",
		                                           bucket_rules[i].id, "name", bucket_rules[i].name, "shortDescription", "text",
		                                           bucket_rules[i].short_text, "fullDescription", "text", bucket_rules[i].full_text,
		                                           "help", "text", buf_cstr(&help), "markdown", buf_cstr(&help),
		                                           "defaultConfiguration", "level", bucket_rules[i].level));
		buf_free(&help);
	}
	sarif_pack_rules(model, rule_list);
	/* the results array sits at depth 3: {"runs": [{"results": [...]}]} */
	return write_streamed(out,
	                      json_pack("{s:s, s:s, s:[{s:{s:{s:s, s:s, s:s, s:o}}, s:{s:{s:{s:s}}}, s:s}]}", "$schema",
	                                "https://json.schemastore.org/sarif-2.1.0.json", "version", "2.1.0", "runs", "tool",
	                                "driver", "name", str(tool, "name"), "version", str(tool, "version"),
	                                "informationUri", "https://github.com/search?q=hotpath-audit", "rules", rule_list,
	                                "originalUriBaseIds", "%SRCROOT%", "description", "text", "the audit root",
	                                "results", PLACEHOLDER),
	                      c.nclone + json_array_size(c.rule_findings), sarif_element, &c, 3, flush);
}

static json_t *gitlab_issue(json_t *f)
{
	const char *bucket = str(f, "bucket"), *tier = str(f, "tier");
	int actionable = strncmp(bucket, "removable", 9) == 0 || strcmp(bucket, "structural_refactor") == 0;
	const char *severity = !actionable ? "info" : strcmp(tier, "high") == 0 ? "major" : "minor";

	return json_pack("{s:s, s:s, s:O, s:s, s:{s:O, s:{s:O}}}", "description",
	                 str(json_object_get(f, "fields"), "bucket_and_change"), "check_name", bucket, "fingerprint",
	                 json_object_get(f, "fingerprint"), "severity", severity, "location", "path",
	                 json_object_get(f, "path"), "lines", "begin", json_object_get(f, "line"));
}

static json_t *gitlab_pack_issue(json_t *f)
{
	const char *sev = str(f, "severity");
	buf check = BUF_INIT;
	json_t *v;

	buf_printf(&check, "%s/%s", str(f, "pack"), str(f, "rule"));
	v = json_pack("{s:O, s:s, s:O, s:s, s:{s:O, s:{s:O}}}", "description", json_object_get(f, "message"), "check_name",
	              buf_cstr(&check), "fingerprint", json_object_get(f, "fingerprint"), "severity",
	              strcmp(sev, "high") == 0 ? "major" : strcmp(sev, "medium") == 0 ? "minor" : "info", "location", "path",
	              json_object_get(f, "path"), "lines", "begin", json_object_get(f, "line"));
	buf_free(&check);
	return v;
}

static int gitlab_element(buf *out, const void *ctx, size_t i, size_t flags, size_t depth)
{
	const results_ctx *c = ctx;
	json_t *f, *v;

	if (i >= c->nclone)
		return put_element(out, gitlab_pack_issue(json_array_get(c->rule_findings, i - c->nclone)), flags, depth);
	f = report_finding_part(c->doc, i, gitlab_keys);
	v = f ? gitlab_issue(f) : NULL;
	json_decref(f);
	return put_element(out, v, flags, depth);
}

int export_gitlab(buf *out, const report_doc *doc, const jsonwrite_flush *flush)
{
	results_ctx c = { doc, report_finding_count(doc), json_object_get(doc->model, "rule_findings"), NULL, 0 };

	return write_streamed(out, json_string(PLACEHOLDER), c.nclone + json_array_size(c.rule_findings),
	                      gitlab_element, &c, 0, flush);
}
