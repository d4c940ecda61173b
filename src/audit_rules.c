#include "config.h"

#include "audit_rules.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "fileio.h"
#include "kvfile.h"

static const struct {
	const char *key;
	size_t offset;
} lists[] = {
	{ "cheap_type", offsetof(audit_rules, cheap_type) },
	{ "copy_type", offsetof(audit_rules, copy_type) },
	{ "heap_type", offsetof(audit_rules, heap_type) },
	{ "wrapper_type", offsetof(audit_rules, wrapper_type) },
	{ "cheap_name", offsetof(audit_rules, cheap_name) },
	{ "borrow_method", offsetof(audit_rules, borrow_method) },
	{ "format_macro", offsetof(audit_rules, format_macro) },
	{ "spawn_call", offsetof(audit_rules, spawn_call) },
	{ "send_method", offsetof(audit_rules, send_method) },
	{ "lock_method", offsetof(audit_rules, lock_method) },
	{ "cheap_name_exact", offsetof(audit_rules, cheap_name_exact) },
	{ "deref_type", offsetof(audit_rules, deref_type) },
	{ "move_out_type", offsetof(audit_rules, move_out_type) },
	{ "guard_type", offsetof(audit_rules, guard_type) },
	{ "borrow_guard_type", offsetof(audit_rules, borrow_guard_type) },
	{ "lookup_method", offsetof(audit_rules, lookup_method) },
	{ "pass_method", offsetof(audit_rules, pass_method) },
	{ "owned_method", offsetof(audit_rules, owned_method) },
	{ "owned_macro", offsetof(audit_rules, owned_macro) },
	{ "plain_macro", offsetof(audit_rules, plain_macro) },
	{ "take_method", offsetof(audit_rules, take_method) },
	{ "element_method", offsetof(audit_rules, element_method) },
	{ "pass_fn", offsetof(audit_rules, pass_fn) },
	{ "once_call", offsetof(audit_rules, once_call) },
	{ "option_once_call", offsetof(audit_rules, option_once_call) },
	{ "leak_call", offsetof(audit_rules, leak_call) },
	{ "lend_method", offsetof(audit_rules, lend_method) },
	{ "key_lookup_method", offsetof(audit_rules, key_lookup_method) },
	{ "guard_method", offsetof(audit_rules, guard_method) },
	{ "array_backed_type", offsetof(audit_rules, array_backed_type) },
	{ "value_method", offsetof(audit_rules, value_method) },
	{ "request_type", offsetof(audit_rules, request_type) },
	{ "hot_call_skip", offsetof(audit_rules, hot_call_skip) },
	{ "event_method", offsetof(audit_rules, event_method) },
	{ "handler_call", offsetof(audit_rules, handler_call) },
	{ "py_route_decorator", offsetof(audit_rules, py_route_decorator) },
	{ "py_handler_call", offsetof(audit_rules, py_handler_call) },
	{ "py_request_type", offsetof(audit_rules, py_request_type) },
	{ "py_method_call_skip", offsetof(audit_rules, py_method_call_skip) },
};
#define NLISTS (sizeof(lists) / sizeof(lists[0]))

typedef struct {
	audit_rules *r;
	int version_seen;
} parse_state;

static int parse_line(void *ctx, kvfile_pos *pos, const char *key, char *value)
{
	parse_state *ps = ctx;
	size_t i;

	if (!*value)
		return kvfile_error(pos, "missing value for", key);
	if (strcmp(key, "version") == 0)
		return kvfile_version(pos, value, &ps->version_seen, "rules");
	if (strcmp(key, "inferred_hot_score") == 0)
		return kvfile_int(pos, value, 0, 100, &ps->r->inferred_hot_score);
	if (strcmp(key, "hot_calls_across_files") == 0)
		return kvfile_int(pos, value, 0, 1, &ps->r->hot_calls_across_files);
	if (strcmp(key, "py_calls_across_files") == 0)
		return kvfile_int(pos, value, 0, 1, &ps->r->py_calls_across_files);
	if (strcmp(key, "py_method_calls_max") == 0)
		return kvfile_int(pos, value, 0, 100, &ps->r->py_method_calls_max);
	if (strcmp(key, "element_type") == 0) {
		char *name, *arg;
		int n;
		char item[128];
		if (kvfile_next_word(&value, &name) < 0 || kvfile_next_word(&value, &arg) < 0 || *value)
			return kvfile_error(pos, "expected: element_type NAME ARG", NULL);
		if (kvfile_int(pos, arg, 0, 9, &n) < 0)
			return -1;
		snprintf(item, sizeof(item), "%s %d", name, n);
		return strlist_add(&ps->r->element_type, item) < 0 ? kvfile_error(pos, "out of memory", NULL) : 0;
	}
	for (i = 0; i < NLISTS; i++)
		if (strcmp(key, lists[i].key) == 0) {
			if (strchr(value, ' ') || strchr(value, '\t'))
				return kvfile_error(pos, "a name has no white space in it", value);
			return strlist_add((strlist *)((char *)ps->r + lists[i].offset), value) < 0
			       ? kvfile_error(pos, "out of memory", NULL) : 0;
		}
	return kvfile_error(pos, "unknown key", key);
}

int audit_rules_parse(audit_rules *out, const char *file, const char *text, size_t len, buf *err)
{
	parse_state ps = { out, 0 };

	memset(out, 0, sizeof(*out));
	if (kvfile_parse(file, text, len, parse_line, &ps, err) < 0)
		goto fail;
	if (!ps.version_seen) {
		buf_printf(err, "%s:1: missing required key 'version'", file);
		goto fail;
	}
	return 0;
fail:
	audit_rules_free(out);
	return -1;
}

int audit_rules_load(audit_rules *out, const char *path, buf *err)
{
	buf text = BUF_INIT;
	int rc;

	memset(out, 0, sizeof(*out));
	if (fileio_read_all(path, &text, err) < 0)
		return -1;
	rc = audit_rules_parse(out, path, buf_cstr(&text), text.len, err);
	buf_free(&text);
	return rc;
}

int audit_rules_element_arg(const audit_rules *r, const char *name, size_t n)
{
	size_t i;

	for (i = 0; i < r->element_type.count; i++) {
		const strlist_item *it = &r->element_type.items[i];
		if (it->len == n + 2 && memcmp(it->s, name, n) == 0 && it->s[n] == ' ')
			return it->s[n + 1] - '0';
	}
	return -1;
}

void audit_rules_free(audit_rules *r)
{
	size_t i;

	for (i = 0; i < NLISTS; i++)
		strlist_free((strlist *)((char *)r + lists[i].offset));
	strlist_free(&r->element_type);
}
