#include "config.h"

#include "rulefinding.h"

#include <string.h>

#include "mustache.h"

/* A member set in order; a NULL value (memory ran out) fails. */
static int put(json_t *o, const char *key, json_t *v)
{
	return json_object_set_new_nocheck(o, key, v);
}

static json_t *facts(const finding_file *ff, const pack_hit *hit)
{
	json_t *ctx = json_object();

	if (!ctx || put(ctx, "path", json_string(ff->path)) < 0 || put(ctx, "line", json_integer(hit->line)) < 0 ||
	    put(ctx, "column", json_integer(hit->col)) < 0 || put(ctx, "fn", hit->fn[0] ? json_string(hit->fn) : json_null()) < 0 || /* null: `{{^fn}}` for module level */
	    put(ctx, "name", json_string(hit->name)) < 0 || put(ctx, "crate", json_string(ff->crate ? ff->crate : "")) < 0 ||
	    put(ctx, "test_filter", json_string(ff->test_filter ? ff->test_filter : "")) < 0 ||
	    put(ctx, "pack", json_incref(hit->rule->same[0])) < 0 || put(ctx, "rule", json_incref(hit->rule->same[1])) < 0 ||
	    put(ctx, "code", md_code_json(hit->matched)) < 0 || put(ctx, "fn_code", md_code_json(hit->fn)) < 0 ||
	    put(ctx, "name_code", md_code_json(hit->name)) < 0 ||
	    (hit->related_line && put(ctx, "related_line", json_integer(hit->related_line)) < 0) ||
	    (hit->value[0] && put(ctx, "value", json_string(hit->value)) < 0)) {
		json_decref(ctx);
		return NULL;
	}
	return ctx;
}

static json_t *render(const mustache_template *t, const json_t *ctx, mustache_escape_fn esc)
{
	buf out = BUF_INIT;
	json_t *v = NULL;

	if (mustache_render(t, ctx, esc, NULL, NULL, &out, NULL) == 0)
		v = json_stringn(buf_cstr(&out), out.len);
	buf_free(&out);
	return v;
}

json_t *rulefinding_context(const finding_file *ff, const pack_hit *hit)
{
	return facts(ff, hit);
}

json_t *rulefinding_message(const pack_writeup *rule, const json_t *ctx)
{
	return render(rule->message, ctx, mustache_escape_markdown);
}

json_t *rulefinding_build(const finding_file *ff, const pack_hit *hit, const char *text, size_t text_len,
                          const char *fingerprint)
{
	json_t *const *same = hit->rule->same;
	json_t *ctx = facts(ff, hit), *f = NULL, *message = NULL, *validation = NULL;

	if (!ctx)
		return NULL;
	message = render(hit->rule->message, ctx, mustache_escape_markdown);
	validation = render(hit->rule->validation, ctx, mustache_escape_none);
	/* members in the report's order; the rule's own words are shared */
	if (message && validation && (f = json_object()) &&
	    (put(f, "pack", json_incref(same[0])) < 0 || put(f, "rule", json_incref(same[1])) < 0 ||
	     put(f, "severity", json_incref(same[2])) < 0 || put(f, "title", json_incref(same[3])) < 0 ||
	     put(f, "path", json_string(ff->path)) < 0 || put(f, "line", json_integer(hit->line)) < 0 ||
	     put(f, "column", json_integer(hit->col)) < 0 || put(f, "text", json_stringn(text, text_len)) < 0 ||
	     put(f, "fn", json_string(hit->fn)) < 0 ||
	     put(f, "crate", ff->crate ? json_string(ff->crate) : json_null()) < 0 ||
	     put(f, "on_hot_path", json_boolean(ff->hot_prefix != NULL || hit->hot_why[0])) < 0 ||
	     put(f, "hot_path", json_string(hit->hot_why[0] ? hit->hot_why : ff->hot_label)) < 0 ||
	     put(f, "message", json_incref(message)) < 0 ||
	     put(f, "rationale", json_incref(same[4])) < 0 || put(f, "change", json_incref(same[5])) < 0 ||
	     put(f, "validation", json_incref(validation)) < 0 || put(f, "fingerprint", json_string(fingerprint)) < 0 ||
	     (hit->related_line && put(f, "related_line", json_integer(hit->related_line)) < 0))) {
		json_decref(f);
		f = NULL;
	}
	json_decref(message);
	json_decref(validation);
	json_decref(ctx);
	return f;
}
