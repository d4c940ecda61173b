#include "config.h"

#include "export.h"

#include <stdlib.h>
#include <string.h>

#include "jsonwrite.h"

static const struct {
	const char *id, *name, *short_text, *full_text, *level;
} rules[] = {
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
#define NRULES (sizeof(rules) / sizeof(rules[0]))

static int rule_index(const char *bucket)
{
	size_t i;

	for (i = 0; i < NRULES; i++)
		if (strcmp(rules[i].id, bucket) == 0)
			return (int)i;
	return 0;
}

static const char *str(json_t *o, const char *k)
{
	const char *s = json_string_value(json_object_get(o, k));
	return s ? s : "";
}

static int dump(buf *out, json_t *doc)
{
	int rc = doc && jsonwrite(out, doc, JSON_INDENT(2)) == 0 && buf_putc(out, '\n') == 0 ? 0 : -1;

	json_decref(doc);
	return rc;
}

static const char *sarif_level(const char *severity)
{
	return strcmp(severity, "high") == 0 ? "error" : strcmp(severity, "medium") == 0 ? "warning" : "note";
}

/* The rule packs' rules and metrics as SARIF rules ("pack/rule"), and
 * their findings as results. */
static void sarif_rule_packs(json_t *model, json_t *rule_list, json_t *results)
{
	json_t *packs = json_object_get(model, "packs"), *found = json_object_get(model, "rule_findings");
	size_t base = json_array_size(rule_list), p, r, i, d;

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
	for (i = 0; i < json_array_size(found); i++) {
		json_t *f = json_array_get(found, i), *res;
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
		json_array_append_new(results, res);
		buf_free(&id);
	}
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

int export_sarif(buf *out, json_t *model)
{
	json_t *rule_list = json_array(), *results = json_array(), *findings = json_object_get(model, "findings");
	json_t *tool = json_object_get(model, "tool");
	size_t i;

	for (i = 0; i < NRULES; i++) {
		buf help = BUF_INIT;
		buf_printf(&help, "%s See docs/classification.md for the evidence behind each verdict.", rules[i].full_text);
		json_array_append_new(rule_list, json_pack("{s:s, s:s, s:{s:s}, s:{s:s}, s:{s:s, s:s}, s:{s:s}}", "id",
		                                           rules[i].id, "name", rules[i].name, "shortDescription", "text",
		                                           rules[i].short_text, "fullDescription", "text", rules[i].full_text,
		                                           "help", "text", buf_cstr(&help), "markdown", buf_cstr(&help),
		                                           "defaultConfiguration", "level", rules[i].level));
		buf_free(&help);
	}
	for (i = 0; i < json_array_size(findings); i++) {
		json_t *f = json_array_get(findings, i), *fields = json_object_get(f, "fields"), *r;
		int k = rule_index(str(f, "bucket"));
		buf msg = BUF_INIT;
		buf_printf(&msg, "%s %s", str(fields, "bucket_and_change"), str(fields, "removal_rationale"));
		r = json_pack("{s:s, s:i, s:s, s:{s:s, s:s}, s:[{s:{s:{s:s, s:s}, s:{s:O, s:O}}}], s:{s:O}, "
		              "s:{s:O, s:O, s:O, s:O, s:O}}",
		              "ruleId", rules[k].id, "ruleIndex", k, "level", rules[k].level, "message", "text",
		              buf_cstr(&msg), "markdown", buf_cstr(&msg), "locations", "physicalLocation", "artifactLocation",
		              "uri", str(f, "path"), "uriBaseId", "%SRCROOT%", "region", "startLine", json_object_get(f, "line"),
		              "startColumn", json_object_get(f, "column"), "partialFingerprints", "hotpathAudit/v1",
		              json_object_get(f, "fingerprint"), "properties", "confidence", json_object_get(f, "confidence"),
		              "tier", json_object_get(f, "tier"), "score", json_object_get(f, "score"), "decisionRule",
		              json_object_get(f, "rule"), "fields", fields);
		buf_free(&msg);
		if (json_is_string(json_object_get(f, "status")))
			json_object_set_new(r, "baselineState", json_string(strcmp(str(f, "status"), "new") == 0 ? "new" : "unchanged"));
		sarif_fix(r, f);
		json_array_append_new(results, r);
	}
	sarif_rule_packs(model, rule_list, results);
	return dump(out, json_pack("{s:s, s:s, s:[{s:{s:{s:s, s:s, s:s, s:o}}, s:{s:{s:{s:s}}}, s:o}]}", "$schema",
	                           "https://json.schemastore.org/sarif-2.1.0.json", "version", "2.1.0", "runs", "tool",
	                           "driver", "name", str(tool, "name"), "version", str(tool, "version"), "informationUri",
	                           "https://github.com/search?q=hotpath-audit", "rules", rule_list, "originalUriBaseIds",
	                           "%SRCROOT%", "description", "text", "the audit root", "results", results));
}

int export_gitlab(buf *out, json_t *model)
{
	json_t *list = json_array(), *findings = json_object_get(model, "findings");
	size_t i;

	for (i = 0; i < json_array_size(findings); i++) {
		json_t *f = json_array_get(findings, i);
		const char *bucket = str(f, "bucket"), *tier = str(f, "tier");
		int actionable = strncmp(bucket, "removable", 9) == 0 || strcmp(bucket, "structural_refactor") == 0;
		const char *severity = !actionable ? "info" : strcmp(tier, "high") == 0 ? "major" : "minor";
		json_array_append_new(list, json_pack("{s:s, s:s, s:O, s:s, s:{s:O, s:{s:O}}}", "description",
		                                      str(json_object_get(f, "fields"), "bucket_and_change"), "check_name",
		                                      bucket, "fingerprint", json_object_get(f, "fingerprint"), "severity",
		                                      severity, "location", "path", json_object_get(f, "path"), "lines",
		                                      "begin", json_object_get(f, "line")));
	}
	findings = json_object_get(model, "rule_findings");
	for (i = 0; i < json_array_size(findings); i++) {
		json_t *f = json_array_get(findings, i);
		const char *sev = str(f, "severity");
		buf check = BUF_INIT;
		buf_printf(&check, "%s/%s", str(f, "pack"), str(f, "rule"));
		json_array_append_new(list, json_pack("{s:O, s:s, s:O, s:s, s:{s:O, s:{s:O}}}", "description",
		                                      json_object_get(f, "message"), "check_name", buf_cstr(&check),
		                                      "fingerprint", json_object_get(f, "fingerprint"), "severity",
		                                      strcmp(sev, "high") == 0 ? "major" : strcmp(sev, "medium") == 0 ? "minor" : "info",
		                                      "location", "path", json_object_get(f, "path"), "lines", "begin",
		                                      json_object_get(f, "line")));
		buf_free(&check);
	}
	return dump(out, list);
}
