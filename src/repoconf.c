#include "config.h"

#include "repoconf.h"

#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include "fileio.h"
#include "finding.h"

#define CONFIG_NAME ".hotpath-audit.json"

static int bad(buf *err, const char *file, const char *where, const char *what)
{
	buf_printf(err, "%s: %s: %s", file, where, what);
	return -1;
}

static int check(json_t *c, const char *file, buf *err)
{
	const char *key;
	json_t *v;
	size_t i;
	char where[64];

	if (!json_is_object(c))
		return bad(err, file, "top level", "not a JSON object");
	json_object_foreach(c, key, v) {
		if (strcmp(key, "version") && strcmp(key, "exclude") && strcmp(key, "hot_paths") && strcmp(key, "suppress") &&
		    strcmp(key, "packs")) {
			buf_printf(err, "%s: unknown key \"%s\" (version, exclude, hot_paths, suppress, packs)", file, key);
			return -1;
		}
	}
	v = json_object_get(c, "packs");
	if (v && (!json_is_string(v) || !*json_string_value(v)))
		return bad(err, file, "packs", "must be a comma-separated list of packs, as --packs takes");
	if (json_integer_value(json_object_get(c, "version")) != 1)
		return bad(err, file, "version", "must be 1");
	v = json_object_get(c, "exclude");
	if (v && !json_is_array(v))
		return bad(err, file, "exclude", "must be a list of paths or patterns");
	for (i = 0; i < json_array_size(v); i++)
		if (!json_is_string(json_array_get(v, i)) || !*json_string_value(json_array_get(v, i))) {
			snprintf(where, sizeof(where), "exclude[%zu]", i);
			return bad(err, file, where, "must be a non-empty string");
		}
	v = json_object_get(c, "hot_paths");
	if (v && !json_is_array(v))
		return bad(err, file, "hot_paths", "must be a list of {prefix, score, label}");
	for (i = 0; i < json_array_size(v); i++) {
		json_t *h = json_array_get(v, i);
		snprintf(where, sizeof(where), "hot_paths[%zu]", i);
		if (!json_is_string(json_object_get(h, "prefix")) || !json_is_integer(json_object_get(h, "score")) ||
		    !json_is_string(json_object_get(h, "label")) || !*json_string_value(json_object_get(h, "label")))
			return bad(err, file, where, "needs \"prefix\" (string), \"score\" (integer) and \"label\" (string)");
	}
	v = json_object_get(c, "suppress");
	if (v && !json_is_array(v))
		return bad(err, file, "suppress", "must be a list of {fingerprint, reason}");
	for (i = 0; i < json_array_size(v); i++) {
		json_t *s = json_array_get(v, i);
		snprintf(where, sizeof(where), "suppress[%zu]", i);
		if (!json_is_string(json_object_get(s, "fingerprint")))
			return bad(err, file, where, "needs a \"fingerprint\"");
		if (!json_is_string(json_object_get(s, "reason")) || !*json_string_value(json_object_get(s, "reason")))
			return bad(err, file, where, "needs a non-empty \"reason\": say why the clone stays");
	}
	return 0;
}

int repoconf_load(json_t **out, source_set *src, const char *path, int disabled, buf *err)
{
	buf text = BUF_INIT;
	json_error_t je;
	const char *name = path ? path : CONFIG_NAME;
	json_t *c;

	*out = NULL;
	if (disabled)
		return 0;
	if (path) {
		if (fileio_read_all(path, &text, err) < 0)
			return -1;
	} else if (sources_read_path(src, CONFIG_NAME, &text) < 0) {
		buf_free(&text);
		return 0; /* no configuration: the defaults */
	}
	c = json_loadb(buf_cstr(&text), text.len, JSON_REJECT_DUPLICATES, &je);
	buf_free(&text);
	if (!c) {
		buf_printf(err, "%s:%d:%d: %s", name, je.line, je.column, je.text);
		return -1;
	}
	if (check(c, name, err) < 0) {
		json_decref(c);
		return -1;
	}
	*out = c;
	return 0;
}

int repoconf_hot_paths(rules *r, json_t *cfg)
{
	json_t *hp = json_object_get(cfg, "hot_paths");
	size_t n = json_array_size(hp), i;
	rules_hot_path *v;

	if (!n)
		return 0;
	v = realloc(r->hot_paths, (r->hot_path_count + n) * sizeof(*v));
	if (!v)
		return -1;
	r->hot_paths = v;
	memmove(v + n, v, r->hot_path_count * sizeof(*v)); /* the team's own come first */
	for (i = 0; i < n; i++) {
		json_t *h = json_array_get(hp, i);
		v[i].prefix.s = strdup(json_string_value(json_object_get(h, "prefix")));
		v[i].prefix.len = v[i].prefix.s ? strlen(v[i].prefix.s) : 0;
		v[i].score = (int)json_integer_value(json_object_get(h, "score"));
		v[i].label = strdup(json_string_value(json_object_get(h, "label")));
	}
	r->hot_path_count += n;
	return 0;
}

static int excluded(json_t *ex, const char *path)
{
	size_t i;

	for (i = 0; i < json_array_size(ex); i++) {
		const char *p = json_string_value(json_array_get(ex, i));
		size_t n = strlen(p);
		if (strcmp(p, path) == 0 || (p[n - 1] == '/' && strncmp(p, path, n) == 0) ||
		    (strncmp(p, path, n) == 0 && path[n] == '/') || (strpbrk(p, "*?[") && fnmatch(p, path, 0) == 0))
			return 1;
	}
	return 0;
}

void repoconf_exclude(source_set *src, json_t *cfg)
{
	json_t *ex = json_object_get(cfg, "exclude");
	size_t i, w = 0;

	if (!json_array_size(ex))
		return;
	for (i = 0; i < src->count; i++) {
		if (excluded(ex, src->files[i].report)) {
			json_array_append_new(src->skipped, json_pack("{s:s, s:s}", "path", src->files[i].report, "reason",
			                                              "excluded by the configuration"));
			free(src->files[i].report);
			free(src->files[i].path);
			continue;
		}
		src->files[w++] = src->files[i];
	}
	src->count = w;
}

/* The configuration's suppressions: fingerprint -> reason (a string). */
static json_t *suppress_reasons(json_t *cfg)
{
	json_t *list = json_object_get(cfg, "suppress"), *by = json_object();
	size_t i;

	for (i = 0; i < json_array_size(list); i++) {
		json_t *s = json_array_get(list, i);
		json_object_set(by, json_string_value(json_object_get(s, "fingerprint")), json_object_get(s, "reason"));
	}
	return by;
}

void repoconf_suppress(json_t *findings, json_t *cfg)
{
	json_t *by = suppress_reasons(cfg);
	size_t i;

	for (i = 0; i < json_array_size(findings); i++) {
		json_t *f = json_array_get(findings, i), *reason;
		if (json_object_get(f, "suppression"))
			continue;
		reason = json_object_get(by, json_string_value(json_object_get(f, "fingerprint")));
		if (reason)
			json_object_set_new(f, "suppression", json_pack("{s:s, s:O}", "by", "configuration", "reason", reason));
	}
	json_decref(by);
}

void repoconf_suppress_tapes(jsontape_list *findings, json_t *cfg)
{
	json_t *by = suppress_reasons(cfg);
	size_t i;

	for (i = 0; i < findings->n; i++) {
		jsontape *f = findings->v[i];
		const char *reason;
		if (jsontape_get(f, "suppression"))
			continue;
		reason = json_string_value(json_object_get(by, jsontape_str(jsontape_get(f, "fingerprint"))));
		if (!reason)
			continue;
		finding_suppress(f, "configuration", 0, reason, strlen(reason));
	}
	json_decref(by);
}
