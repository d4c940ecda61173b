#include "config.h"

#include "baseline.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "fileio.h"
#include "jsontape.h"

int baseline_load(json_t **out, const char *path, buf *err)
{
	buf text = BUF_INIT;
	int rc;

	*out = NULL;
	if (fileio_read_all(path, &text, err) < 0)
		return -1;
	rc = baseline_parse(out, path, buf_cstr(&text), text.len, err);
	buf_free(&text);
	return rc;
}

int baseline_parse(json_t **out, const char *path, const char *text, size_t len, buf *err)
{
	json_error_t je;
	json_t *m = NULL, *f;
	size_t i;

	*out = NULL;
	m = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je);
	if (!m) {
		buf_printf(err, "%s:%d:%d: not a JSON report: %s", path, je.line, je.column, je.text);
		return -1;
	}
	if (!json_is_object(m) || !json_is_string(json_object_get(m, "schema")) ||
	    strcmp(json_string_value(json_object_get(m, "schema")), "hotpath-audit-report") != 0) {
		buf_printf(err, "%s: not a hotpath-audit report (no \"schema\": \"hotpath-audit-report\")", path);
		goto fail;
	}
	if (json_integer_value(json_object_get(m, "version")) != 1) {
		buf_printf(err, "%s: report version %lld; this build reads version 1", path,
		           (long long)json_integer_value(json_object_get(m, "version")));
		goto fail;
	}
	f = json_object_get(m, "findings");
	if (!json_is_array(f)) {
		buf_printf(err, "%s: \"findings\" is not an array", path);
		goto fail;
	}
	for (i = 0; i < json_array_size(f); i++) {
		json_t *x = json_array_get(f, i);
		if (!json_is_object(x) || !json_is_string(json_object_get(x, "fingerprint")) ||
		    !json_is_string(json_object_get(x, "path"))) {
			buf_printf(err, "%s: finding %zu has no fingerprint or path", path, i);
			goto fail;
		}
	}
	/* rule-pack findings: optional (a report from before packs has none) */
	f = json_object_get(m, "rule_findings");
	if (f && !json_is_array(f)) {
		buf_printf(err, "%s: \"rule_findings\" is not an array", path);
		goto fail;
	}
	for (i = 0; i < json_array_size(f); i++) {
		json_t *x = json_array_get(f, i);
		if (!json_is_object(x) || !json_is_string(json_object_get(x, "fingerprint")) ||
		    !json_is_string(json_object_get(x, "path"))) {
			buf_printf(err, "%s: rule finding %zu has no fingerprint or path", path, i);
			goto fail;
		}
	}
	*out = m;
	return 0;
fail:
	json_decref(m);
	return -1;
}

/* The findings of this run, as compare() reads and marks them: a JSON
 * array (rule findings) or a list of tapes (clone findings). */
typedef struct {
	size_t n;
	const char *(*fingerprint)(void *list, size_t i);
	int (*mark)(void *list, size_t i, const char *status);
	void *list;
} findings_now;

static const char *json_fingerprint(void *list, size_t i)
{
	return json_string_value(json_object_get(json_array_get(list, i), "fingerprint"));
}

static int json_mark(void *list, size_t i, const char *status)
{
	return json_object_set_new(json_array_get(list, i), "status", json_string(status));
}

static const char *tape_fingerprint(void *list, size_t i)
{
	return jsontape_str(jsontape_get(((jsontape_list *)list)->v[i], "fingerprint"));
}

static int tape_mark(void *list, size_t i, const char *status)
{
	jsontape *t = ((jsontape_list *)list)->v[i];

	jsontape_set_string(t, "status", status);
	return t->failed ? -1 : 0;
}

/* Mark each finding of `now` new or unchanged by the fingerprints of
 * `before`; those of `before` that are gone go to `resolved`, with the
 * keys named in `keep`.  Returns the number of new findings, or -1 when
 * memory ran out. */
static long compare(const findings_now *now, json_t *before, json_t *resolved, const char *const *keep)
{
	json_t *seen = json_object(), *old = json_object();
	size_t i, k;
	long added = -1;

	if (!seen || !old)
		goto done;
	/* fingerprint sets (jansson objects hash their keys) */
	for (i = 0; i < now->n; i++)
		json_object_set_new(seen, now->fingerprint(now->list, i), json_true());
	for (i = 0; i < json_array_size(before); i++)
		json_object_set_new(old, json_string_value(json_object_get(json_array_get(before, i), "fingerprint")), json_true());
	added = 0;
	for (i = 0; i < now->n; i++) {
		int found = json_object_get(old, now->fingerprint(now->list, i)) != NULL;
		if (now->mark(now->list, i, found ? "unchanged" : "new") < 0) {
			added = -1;
			goto done;
		}
		added += !found;
	}
	for (i = 0; i < json_array_size(before); i++) {
		json_t *b = json_array_get(before, i), *r;
		if (json_object_get(seen, json_string_value(json_object_get(b, "fingerprint"))))
			continue;
		if (!(r = json_object())) {
			added = -1;
			goto done;
		}
		for (k = 0; keep[k]; k++)
			if (json_object_get(b, keep[k]))
				json_object_set(r, keep[k], json_object_get(b, keep[k]));
		json_array_append_new(resolved, r);
	}
done:
	json_decref(seen);
	json_decref(old);
	return added;
}

int baseline_apply(report_doc *doc, json_t *baseline, const char *baseline_path)
{
	static const char *const clone_keys[] = { "fingerprint", "path", "line", "bucket", "fn", "receiver", NULL };
	static const char *const rule_keys[] = { "fingerprint", "path", "line", "pack", "rule", "fn", NULL };
	json_t *model = doc->model;
	json_t *resolved = json_array(), *rule_resolved = json_array();
	json_t *summary = json_object_get(model, "summary"), *rule_summary = json_object_get(model, "rule_summary");
	json_t *rule_json = json_object_get(model, "rule_findings");
	findings_now clones = { doc->findings.n, tape_fingerprint, tape_mark, &doc->findings };
	findings_now rule_set = { json_array_size(rule_json), json_fingerprint, json_mark, rule_json };
	long added, rule_added;

	if (!resolved || !rule_resolved)
		goto oom;
	added = compare(&clones, json_object_get(baseline, "findings"), resolved, clone_keys);
	/* rule-pack findings: a baseline from before packs has none, and then
	 * every rule finding is new */
	rule_added = compare(&rule_set, json_object_get(baseline, "rule_findings"), rule_resolved, rule_keys);
	if (added < 0 || rule_added < 0)
		goto oom;
	json_object_set_new(summary, "new", json_integer(added));
	json_object_set_new(summary, "resolved", json_integer((json_int_t)json_array_size(resolved)));
	if (rule_summary) {
		json_object_set_new(rule_summary, "new", json_integer(rule_added));
		json_object_set_new(rule_summary, "resolved", json_integer((json_int_t)json_array_size(rule_resolved)));
	}
	json_object_set_new(model, "baseline", json_pack("{s:s, s:O*, s:O*}", "file", baseline_path, "generated",
	                                                 json_object_get(baseline, "generated"), "commit",
	                                                 json_object_get(json_object_get(baseline, "source"), "commit")));
	json_object_set_new(model, "resolved", resolved);
	json_object_set_new(model, "rule_resolved", rule_resolved);
	return 0;
oom:
	json_decref(resolved);
	json_decref(rule_resolved);
	return -1;
}
