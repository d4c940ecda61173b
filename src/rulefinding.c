#include "config.h"

#include "rulefinding.h"

#include <string.h>

#include "mustache.h"

static json_t *facts(const finding_file *ff, const pack_hit *hit)
{
	json_t *ctx = json_pack("{s:s, s:I, s:I, s:s, s:s, s:s, s:s, s:s, s:s, s:o, s:o, s:o}", "path", ff->path, "line",
	                        (json_int_t)hit->line, "column", (json_int_t)hit->col, "fn", hit->fn, "name", hit->name,
	                        "crate", ff->crate ? ff->crate : "", "test_filter", ff->test_filter ? ff->test_filter : "",
	                        "pack", hit->pack->name, "rule", hit->rule->id, "code", md_code_json(hit->matched), "fn_code",
	                        md_code_json(hit->fn), "name_code", md_code_json(hit->name));

	if (ctx && hit->related_line)
		json_object_set_new(ctx, "related_line", json_integer((json_int_t)hit->related_line));
	if (ctx && hit->value[0])
		json_object_set_new(ctx, "value", json_string(hit->value));
	return ctx;
}

static json_t *render(const mustache_template *t, const json_t *ctx, mustache_escape_fn esc)
{
	buf out = BUF_INIT;
	json_t *v = NULL;

	if (mustache_render(t, ctx, esc, NULL, NULL, &out, NULL) == 0)
		v = json_string(buf_cstr(&out));
	buf_free(&out);
	return v;
}

json_t *rulefinding_build(const finding_file *ff, const pack_hit *hit, const char *text, size_t text_len,
                          const char *fingerprint)
{
	json_t *ctx = facts(ff, hit), *f = NULL, *message, *validation;

	if (!ctx)
		return NULL;
	message = render(hit->rule->message, ctx, mustache_escape_markdown);
	validation = render(hit->rule->validation, ctx, mustache_escape_none);
	if (message && validation)
		f = json_pack("{s:s, s:s, s:s, s:s, s:s, s:I, s:I, s:s%, s:s, s:s?, s:b, s:s, s:O, s:s, s:s, s:O, s:s}", "pack",
		              hit->pack->name, "rule", hit->rule->id, "severity", hit->rule->severity, "title", hit->rule->title,
		              "path", ff->path, "line", (json_int_t)hit->line, "column", (json_int_t)hit->col, "text", text,
		              text_len, "fn", hit->fn, "crate", ff->crate, "on_hot_path", ff->hot_prefix != NULL, "hot_path",
		              ff->hot_label, "message", message, "rationale", hit->rule->rationale, "change", hit->rule->change,
		              "validation", validation, "fingerprint", fingerprint);
	if (f && hit->related_line)
		json_object_set_new(f, "related_line", json_integer((json_int_t)hit->related_line));
	json_decref(message);
	json_decref(validation);
	json_decref(ctx);
	return f;
}
