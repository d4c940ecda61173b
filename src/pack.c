#include "config.h"

#include "pack.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fileio.h"
#include "kvfile.h"

static const char *const predicate_names[PRED_COUNT_] = {
	[PRED_IN_FN] = "in_fn",
	[PRED_IN_LOOP] = "in_loop",
	[PRED_IN_FOR_LOOP] = "in_for_loop",
	[PRED_IN_ASYNC] = "in_async",
	[PRED_NOT_IN_ASYNC] = "not_in_async",
	[PRED_NOT_IN_LOOP] = "not_in_loop",
	[PRED_NOT_IN_HOT_PATH] = "not_in_hot_path",
	[PRED_NOT_IN_FN_NAMED] = "not_in_fn",
	[PRED_IN_HOT_PATH] = "in_hot_path",
	[PRED_LOOP_OVER] = "loop_over",
	[PRED_LOOP_NOT_OVER] = "loop_not_over",
	[PRED_FOR_NOT_OVER] = "for_not_over",
	[PRED_LOOP_STREAMS] = "loop_streams",
	[PRED_GUARD_ACROSS_AWAIT] = "guard_across_await",
	[PRED_PUSHED_IN_LOOP] = "pushed_in_loop",
	[PRED_BORROWED_AT_ONCE] = "borrowed_at_once",
	[PRED_FORMAT_OF_STR] = "format_of_str",
	[PRED_TEXT_RECEIVER] = "text_receiver",
	[PRED_HANDLE_DROPPED] = "handle_dropped",
	[PRED_ERRORS_ONLY_LOGGED] = "errors_only_logged",
	[PRED_RESULT_DROPPED] = "result_dropped",
	[PRED_ERROR_DISCARDED] = "error_discarded",
	[PRED_NOT_OUTPUT] = "not_output",
	[PRED_NOT_ANSWER] = "not_answer",
	[PRED_ONLY_LOGGED] = "only_logged",
	[PRED_NOT_ONLY_LOGGED] = "not_only_logged",
	[PRED_ONLY_INTO] = "only_into",
	[PRED_NOT_ONLY_INTO] = "not_only_into",
	[PRED_PARSES_SERIALIZED] = "parses_serialized",
	[PRED_ONLY_MEASURED] = "only_measured",
	[PRED_MEASURED_FIRST] = "measured_first",
	[PRED_CALLED_FROM_ASYNC] = "called_from_async",
	[PRED_CALLED_FROM_ASYNC_ELSEWHERE] = "called_from_async_elsewhere",
	[PRED_FROM_CRATE] = "from_crate",
	[PRED_NOT_AWAITED] = "not_awaited",
	[PRED_NOT_INSIDE_CALL] = "not_inside_call",
	[PRED_TARGET_LOOPS_WITHOUT] = "target_loops_without",
	[PRED_APPENDS_TO_STR] = "appends_to_str",
	[PRED_PARSES_LAST_OF_DRAINED_LOOP] = "parses_last_of_drained_loop",
	[PRED_NOT_FILLING_ABSENT] = "not_filling_absent",
	[PRED_NOT_ACCUMULATOR_RESET] = "not_accumulator_reset",
	[PRED_NOT_COUNTER_PATTERN] = "not_counter_pattern",
	[PRED_NOT_STORED_VALUE] = "not_stored_value",
	[PRED_STEPS_INDEPENDENT] = "steps_independent",
	[PRED_NOT_LOOP_OUTPUT] = "not_loop_output",
	[PRED_USED_WHERE_MADE] = "used_where_made",
	[PRED_FIXED_ARGUMENT] = "fixed_argument",
	[PRED_SAME_VALUE_EACH_PASS] = "same_value_each_pass",
	[PRED_MADE_EACH_PASS] = "made_each_pass",
	[PRED_DUMPS_AS_PARSED] = "dumps_as_parsed",
	[PRED_ITERATED_ONCE] = "iterated_once",
	[PRED_PARSED_BEFORE_IN_PASS] = "parsed_before_in_pass",
	[PRED_ONLY_FIELDS_READ] = "only_fields_read",
	[PRED_PARSED_TO_EMBED] = "parsed_to_embed",
	[PRED_PARSES_A_CLONE] = "parses_a_clone",
	[PRED_PATTERN_FIXED_IN_LOOP] = "pattern_fixed_in_loop",
	[PRED_VALUE_MADE_TO_RESPOND] = "value_made_to_respond",
	[PRED_VALUE_PARSED_AGAIN] = "value_parsed_again",
	[PRED_VALUE_OF_VALUES] = "value_of_values",
	[PRED_PARSED_AS_GROWN] = "parsed_as_grown",
	[PRED_NOT_BEFORE_CALL] = "not_before_call",
	[PRED_NOT_IN_FN_CALLING] = "not_in_fn_calling",
	[PRED_NOT_KEPT_IN_LOOP] = "not_kept_in_loop",
	[PRED_NOT_DECORATED] = "not_decorated",
	[PRED_NOT_IN_PATH] = "not_in_path",
};

/* Which predicates need an argument, and which language answers them. */
static int predicate_takes_words(int what)
{
	return what == PRED_LOOP_OVER || what == PRED_LOOP_NOT_OVER || what == PRED_FOR_NOT_OVER || what == PRED_LOOP_STREAMS ||
	       what == PRED_TARGET_LOOPS_WITHOUT || what == PRED_NOT_INSIDE_CALL ||
	       what == PRED_NOT_IN_FN_NAMED || what == PRED_CALLED_FROM_ASYNC || what == PRED_CALLED_FROM_ASYNC_ELSEWHERE ||
	       what == PRED_FROM_CRATE || what == PRED_NOT_OUTPUT || what == PRED_NOT_ANSWER || what == PRED_NOT_BEFORE_CALL ||
	       what == PRED_NOT_IN_FN_CALLING || what == PRED_NOT_DECORATED || what == PRED_NOT_IN_PATH ||
	       what == PRED_ONLY_LOGGED || what == PRED_NOT_ONLY_LOGGED || what == PRED_ONLY_INTO ||
	       what == PRED_NOT_ONLY_INTO;
}

static int predicate_languages(int what)
{
	switch (what) {
	case PRED_GUARD_ACROSS_AWAIT:
	case PRED_PUSHED_IN_LOOP:
	case PRED_BORROWED_AT_ONCE:
	case PRED_FORMAT_OF_STR:
	case PRED_PARSED_TO_EMBED:
	case PRED_PARSES_A_CLONE:
	case PRED_TEXT_RECEIVER:
	case PRED_HANDLE_DROPPED:
	case PRED_ERRORS_ONLY_LOGGED:
	case PRED_RESULT_DROPPED:
	case PRED_ERROR_DISCARDED:
	case PRED_NOT_OUTPUT:
	case PRED_NOT_ANSWER:
	case PRED_ONLY_LOGGED:
	case PRED_NOT_ONLY_LOGGED:
	case PRED_ONLY_INTO:
	case PRED_NOT_ONLY_INTO:
	case PRED_PARSES_SERIALIZED:
	case PRED_ONLY_MEASURED:
	case PRED_MEASURED_FIRST:
	case PRED_CALLED_FROM_ASYNC:
	case PRED_CALLED_FROM_ASYNC_ELSEWHERE:
	case PRED_FROM_CRATE:
	case PRED_NOT_STORED_VALUE:
	case PRED_USED_WHERE_MADE:
	case PRED_FIXED_ARGUMENT:
	case PRED_SAME_VALUE_EACH_PASS:
	case PRED_MADE_EACH_PASS:
	case PRED_ONLY_FIELDS_READ:
	case PRED_VALUE_MADE_TO_RESPOND:
	case PRED_VALUE_PARSED_AGAIN:
	case PRED_VALUE_OF_VALUES:
	case PRED_PARSED_AS_GROWN:
	case PRED_PATTERN_FIXED_IN_LOOP:
	case PRED_NOT_BEFORE_CALL:
	case PRED_NOT_IN_FN_CALLING:
	case PRED_NOT_KEPT_IN_LOOP:
		return PACK_RUST;
	case PRED_TARGET_LOOPS_WITHOUT:
	case PRED_APPENDS_TO_STR:
	case PRED_PARSES_LAST_OF_DRAINED_LOOP:
	case PRED_NOT_FILLING_ABSENT:
	case PRED_NOT_ACCUMULATOR_RESET:
	case PRED_NOT_COUNTER_PATTERN:
	case PRED_STEPS_INDEPENDENT:
	case PRED_NOT_LOOP_OUTPUT:
	case PRED_DUMPS_AS_PARSED:
	case PRED_PARSED_BEFORE_IN_PASS:
	case PRED_ITERATED_ONCE:
	case PRED_NOT_DECORATED:
		return PACK_PYTHON;
	default:
		return PACK_RUST | PACK_PYTHON;
	}
}

static const char *const metric_names[METRIC_COUNT_] = {
	[METRIC_DEFAULT_FEATURES] = "default_features",
	[METRIC_REEXPORTS] = "reexports",
	[METRIC_CRATE_ALLOWS] = "crate_allows",
	[METRIC_UNSAFE_WITHOUT_SAFETY] = "unsafe_without_safety",
	[METRIC_LARGE_FILES] = "large_files",
	[METRIC_RELEASE_PROFILE] = "release_profile",
};

/* The predicate `name` stands for, or -1. */
static int predicate_from_name(const char *name)
{
	int i;

	for (i = 0; i < PRED_COUNT_; i++)
		if (strcmp(name, predicate_names[i]) == 0)
			return i;
	return -1;
}

const char *pack_predicate_name(int what)
{
	return what >= 0 && what < PRED_COUNT_ ? predicate_names[what] : "?";
}

const char *pack_metric_kind_name(int kind)
{
	return kind >= 0 && kind < METRIC_COUNT_ ? metric_names[kind] : "?";
}

/* ---- parsing ------------------------------------------------------------- */

typedef struct {
	pack *p;
	int version_seen;
	enum { IN_PACK, IN_RULE, IN_METRIC } section;
	size_t header_line;       /* of `pack` */
} parse_state;

static int set_once(kvfile_pos *pos, char **slot, const char *key, const char *value)
{
	if (*slot)
		return kvfile_error(pos, "duplicate key", key);
	if (!(*slot = strdup(value)))
		return kvfile_error(pos, "out of memory", NULL);
	return 0;
}

static int valid_id(const char *s)
{
	if (!*s)
		return 0;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '-' || *s == '_'))
			return 0;
	return 1;
}

static int parse_language(kvfile_pos *pos, const char *value, int *out)
{
	if (strcmp(value, "rust") == 0)
		*out = PACK_RUST;
	else if (strcmp(value, "python") == 0)
		*out = PACK_PYTHON;
	else
		return kvfile_error(pos, "unknown language (rust or python)", value);
	return 0;
}

static int parse_severity(kvfile_pos *pos, char **slot, const char *value)
{
	if (strcmp(value, "high") != 0 && strcmp(value, "medium") != 0 && strcmp(value, "low") != 0)
		return kvfile_error(pos, "severity is high, medium or low, not", value);
	return set_once(pos, slot, "severity", value);
}

static int compile_pattern(kvfile_pos *pos, pack_rule *r, const char *value)
{
	int code;
	PCRE2_SIZE off;
	pcre2_code *re;

	if (r->nre == PACK_MAX_MATCH) {
		buf_printf(pos->err, "%s:%zu: more than %d match patterns in one rule", pos->file, pos->line, PACK_MAX_MATCH);
		return -1;
	}
	/* UTF: code is UTF-8 (checked when read); MULTILINE: ^ and $ are line
	 * ends, as a reader of one line of code expects */
	re = pcre2_compile((PCRE2_SPTR)value, PCRE2_ZERO_TERMINATED, PCRE2_UTF | PCRE2_MULTILINE, &code, &off, NULL);
	if (!re) {
		PCRE2_UCHAR msg[256];
		char where[64];
		pcre2_get_error_message(code, msg, sizeof(msg));
		snprintf(where, sizeof(where), "invalid regular expression at column %zu:", (size_t)off + 1);
		buf_printf(pos->err, "%s:%zu: %s %s", pos->file, pos->line, where, (const char *)msg);
		return -1;
	}
	/* JIT is an optimisation; memcheck cannot follow JIT code */
	if (!getenv("HOTPATH_AUDIT_NO_JIT"))
		(void)pcre2_jit_compile(re, PCRE2_JIT_COMPLETE);
	r->at[r->nre] = pcre2_substring_number_from_name(re, (PCRE2_SPTR) "at");
	r->re[r->nre++] = re;
	if (!r->pattern)
		return set_once(pos, &r->pattern, "match", value);
	{ /* the patterns, one per line */
		buf all = BUF_INIT;
		if (buf_printf(&all, "%s\n%s", r->pattern, value) < 0) {
			buf_free(&all);
			return kvfile_error(pos, "out of memory", "match");
		}
		free(r->pattern);
		r->pattern = buf_detach(&all);
	}
	return 0;
}

static int add_where(kvfile_pos *pos, pack_rule *r, char *value)
{
	char *name;
	int what;
	pack_where *w, *v;

	if (kvfile_next_word(&value, &name) < 0)
		return kvfile_error(pos, "missing value for", "where");
	if ((what = predicate_from_name(name)) < 0)
		return kvfile_error(pos, "unknown predicate (see docs/rule-packs.md)", name);
	if (!!*value != predicate_takes_words(what))
		return kvfile_error(pos, *value ? "this predicate takes no argument:" : "this predicate needs words (a|b|c):",
		                    name);
	if (!(v = realloc(r->where, (r->nwhere + 1) * sizeof(*v))))
		return kvfile_error(pos, "out of memory", NULL);
	r->where = v;
	w = &r->where[r->nwhere++];
	memset(w, 0, sizeof(*w));
	w->what = (uint8_t)what;
	while (*value) {
		char *bar = strchr(value, '|');
		if (bar)
			*bar = '\0';
		if (!*value || strchr(value, ' ') || strchr(value, '\t'))
			return kvfile_error(pos, "words are separated by '|', without blanks:", name);
		if (strlist_add(&w->words, value) < 0)
			return kvfile_error(pos, "out of memory", NULL);
		value = bar ? bar + 1 : value + strlen(value);
	}
	return 0;
}

/* The keys a rule and a metric share: the write-up. */
static int write_up_key(kvfile_pos *pos, const char *key, const char *value, pack_writeup *w)
{
	if (strcmp(key, "severity") == 0)
		return parse_severity(pos, &w->severity, value);
	if (strcmp(key, "title") == 0)
		return set_once(pos, &w->title, key, value);
	if (strcmp(key, "message") == 0)
		return set_once(pos, &w->message_src, key, value);
	if (strcmp(key, "rationale") == 0)
		return set_once(pos, &w->rationale, key, value);
	if (strcmp(key, "change") == 0)
		return set_once(pos, &w->change, key, value);
	if (strcmp(key, "validation") == 0)
		return set_once(pos, &w->validation_src, key, value);
	return 1; /* not one of them */
}

static int rule_key(kvfile_pos *pos, pack_rule *r, const char *key, char *value)
{
	int rc;

	if (strcmp(key, "language") == 0) {
		if (r->language)
			return kvfile_error(pos, "duplicate key", key);
		return parse_language(pos, value, &r->language);
	}
	if (strcmp(key, "match") == 0)
		return compile_pattern(pos, r, value);
	if (strcmp(key, "where") == 0)
		return add_where(pos, r, value);
	rc = write_up_key(pos, key, value, &r->w);
	return rc <= 0 ? rc : kvfile_error(pos, "unknown key in a rule", key);
}

static int metric_key(kvfile_pos *pos, pack_metric *m, const char *key, char *value)
{
	int rc, v, i;

	if (strcmp(key, "kind") == 0) {
		if (m->kind >= 0)
			return kvfile_error(pos, "duplicate key", key);
		for (i = 0; i < METRIC_COUNT_; i++)
			if (strcmp(value, metric_names[i]) == 0)
				m->kind = i;
		return m->kind >= 0 ? 0 : kvfile_error(pos, "unknown metric kind (see docs/rule-packs.md)", value);
	}
	if (strcmp(key, "threshold") == 0 || strcmp(key, "limit") == 0) {
		if (kvfile_int(pos, value, 0, 1000000000, &v) < 0)
			return -1;
		*(key[0] == 't' ? &m->threshold : &m->limit) = v;
		return 0;
	}
	if (strcmp(key, "expect") == 0) {
		if (!strchr(value, '=') || strchr(value, ' '))
			return kvfile_error(pos, "expected: expect KEY=VALUE (as written in Cargo.toml, no blanks)", value);
		return strlist_add(&m->expect, value) < 0 ? kvfile_error(pos, "out of memory", NULL) : 0;
	}
	rc = write_up_key(pos, key, value, &m->w);
	return rc <= 0 ? rc : kvfile_error(pos, "unknown key in a metric", key);
}

static int new_rule(kvfile_pos *pos, parse_state *ps, const char *id)
{
	pack *p = ps->p;
	pack_rule *v;
	size_t i;

	if (!valid_id(id))
		return kvfile_error(pos, "a rule id is lower case letters, digits, '-' and '_':", id);
	for (i = 0; i < p->nrules; i++)
		if (strcmp(p->rules[i].w.id, id) == 0)
			return kvfile_error(pos, "duplicate rule", id);
	if (!(v = realloc(p->rules, (p->nrules + 1) * sizeof(*v))))
		return kvfile_error(pos, "out of memory", NULL);
	p->rules = v;
	memset(&v[p->nrules], 0, sizeof(*v));
	v[p->nrules].w.line = pos->line;
	if (!(v[p->nrules++].w.id = strdup(id)))
		return kvfile_error(pos, "out of memory", NULL);
	ps->section = IN_RULE;
	return 0;
}

static int new_metric(kvfile_pos *pos, parse_state *ps, const char *id)
{
	pack *p = ps->p;
	pack_metric *v;
	size_t i;

	if (!valid_id(id))
		return kvfile_error(pos, "a metric id is lower case letters, digits, '-' and '_':", id);
	for (i = 0; i < p->nmetrics; i++)
		if (strcmp(p->metrics[i].w.id, id) == 0)
			return kvfile_error(pos, "duplicate metric", id);
	if (!(v = realloc(p->metrics, (p->nmetrics + 1) * sizeof(*v))))
		return kvfile_error(pos, "out of memory", NULL);
	p->metrics = v;
	memset(&v[p->nmetrics], 0, sizeof(*v));
	v[p->nmetrics].w.line = pos->line;
	v[p->nmetrics].kind = -1;
	if (!(v[p->nmetrics++].w.id = strdup(id)))
		return kvfile_error(pos, "out of memory", NULL);
	ps->section = IN_METRIC;
	return 0;
}

static int parse_line(void *ctx, kvfile_pos *pos, const char *key, char *value)
{
	parse_state *ps = ctx;
	pack *p = ps->p;

	if (!*value)
		return kvfile_error(pos, "missing value for", key);
	if (strcmp(key, "rule") == 0)
		return new_rule(pos, ps, value);
	if (strcmp(key, "metric") == 0)
		return new_metric(pos, ps, value);
	if (ps->section == IN_RULE)
		return rule_key(pos, &p->rules[p->nrules - 1], key, value);
	if (ps->section == IN_METRIC)
		return metric_key(pos, &p->metrics[p->nmetrics - 1], key, value);
	if (strcmp(key, "version") == 0)
		return kvfile_version(pos, value, &ps->version_seen, "pack");
	if (strcmp(key, "pack") == 0) {
		if (!valid_id(value))
			return kvfile_error(pos, "a pack name is lower case letters, digits, '-' and '_':", value);
		ps->header_line = pos->line;
		return set_once(pos, &p->name, key, value);
	}
	if (strcmp(key, "title") == 0)
		return set_once(pos, &p->title, key, value);
	if (strcmp(key, "summary") == 0)
		return set_once(pos, &p->summary, key, value);
	if (strcmp(key, "language") == 0) {
		int l = 0;
		if (parse_language(pos, value, &l) < 0)
			return -1;
		p->languages |= l;
		return 0;
	}
	if (strcmp(key, "test_marker") == 0)
		return strlist_add(&p->test_markers, value) < 0 ? kvfile_error(pos, "out of memory", NULL) : 0;
	if (strcmp(key, "engine") == 0) {
		if (strcmp(value, "clone") == 0)
			p->engine = PACK_ENGINE_CLONE;
		else if (strcmp(value, "rules") == 0)
			p->engine = PACK_ENGINE_RULES;
		else
			return kvfile_error(pos, "unknown engine (rules or clone)", value);
		return 0;
	}
	return kvfile_error(pos, "unknown key (before the first rule or metric)", key);
}

static int missing(buf *err, const char *file, size_t line, const char *what, const char *id, const char *key)
{
	buf_printf(err, "%s:%zu: %s '%s' has no '%s'", file, line, what, id, key);
	return -1;
}

static int compile_template(buf *err, const char *file, size_t line, const char *id, const char *src,
                            mustache_template **out)
{
	mustache_error me = MUSTACHE_ERROR_INIT;
	char name[256];

	snprintf(name, sizeof(name), "%s:%zu: %s", file, line, id);
	if (mustache_compile(out, name, src, strlen(src), &me) == 0)
		return 0;
	buf_printf(err, "%s", me.message ? me.message : "out of memory");
	mustache_error_clear(&me);
	return -1;
}

/* The write-up every finding needs: complete, templates compiled. */
static int shared_strings(pack_writeup *w, const char *pack_name, buf *err);

static int check_writeup(pack_writeup *w, const char *file, const char *what, buf *err)
{
	const char *need = !w->severity ? "severity" : !w->title ? "title" : !w->message_src ? "message"
	                 : !w->rationale ? "rationale" : !w->change ? "change" : !w->validation_src ? "validation" : NULL;

	if (need)
		return missing(err, file, w->line, what, w->id, need);
	if (compile_template(err, file, w->line, w->id, w->message_src, &w->message) < 0 ||
	    compile_template(err, file, w->line, w->id, w->validation_src, &w->validation) < 0)
		return -1;
	return 0;
}

/* Every rule and metric complete, templates compiled, predicates in the
 * rule's language. */
static int check_pack(pack *p, const char *file, size_t header_line, buf *err)
{
	size_t i, k;

	if (!p->name)
		return missing(err, file, 1, "the pack", file, "pack");
	if (!p->title)
		return missing(err, file, header_line, "pack", p->name, "title");
	if (p->engine == PACK_ENGINE_CLONE && (p->nrules || p->nmetrics)) {
		buf_printf(err, "%s:%zu: the clone engine takes no rules or metrics", file,
		           p->nrules ? p->rules[0].w.line : p->metrics[0].w.line);
		return -1;
	}
	for (i = 0; i < p->nrules; i++) {
		pack_rule *r = &p->rules[i];
		if (!r->language)
			return missing(err, file, r->w.line, "rule", r->w.id, "language");
		if (!r->nre)
			return missing(err, file, r->w.line, "rule", r->w.id, "match");
		if (check_writeup(&r->w, file, "rule", err) < 0 || shared_strings(&r->w, p->name, err) < 0)
			return -1;
		for (k = 0; k < r->nwhere; k++)
			if (!(predicate_languages(r->where[k].what) & r->language)) {
				buf_printf(err, "%s:%zu: rule '%s': predicate '%s' is not offered for %s", file, r->w.line, r->w.id,
				           predicate_names[r->where[k].what], r->language == PACK_RUST ? "rust" : "python");
				return -1;
			}
		p->languages |= r->language;
	}
	for (i = 0; i < p->nmetrics; i++) {
		pack_metric *m = &p->metrics[i];
		if (m->kind < 0)
			return missing(err, file, m->w.line, "metric", m->w.id, "kind");
		if (m->kind == METRIC_LARGE_FILES && !m->limit)
			return missing(err, file, m->w.line, "metric", m->w.id, "limit");
		if (m->kind == METRIC_RELEASE_PROFILE && !m->expect.count)
			return missing(err, file, m->w.line, "metric", m->w.id, "expect");
		if (check_writeup(&m->w, file, "metric", err) < 0 || shared_strings(&m->w, p->name, err) < 0)
			return -1;
	}
	return 0;
}

int pack_parse(pack *out, const char *file, const char *text, size_t len, buf *err)
{
	parse_state ps;

	memset(out, 0, sizeof(*out));
	memset(&ps, 0, sizeof(ps));
	ps.p = out;
	ps.header_line = 1;
	if (kvfile_parse(file, text, len, parse_line, &ps, err) < 0)
		goto fail;
	if (!ps.version_seen) {
		buf_printf(err, "%s:1: missing required key 'version'", file);
		goto fail;
	}
	if (check_pack(out, file, ps.header_line, err) < 0 || !(out->file = strdup(file)))
		goto fail;
	return 0;
fail:
	pack_free(out);
	return -1;
}

/* ---- a set of packs ------------------------------------------------------- */

static int load_file(pack *out, const char *path, buf *err)
{
	buf text = BUF_INIT;
	int rc;

	if (fileio_read_all(path, &text, err) < 0)
		return -1;
	rc = pack_parse(out, path, buf_cstr(&text), text.len, err);
	buf_free(&text);
	return rc;
}

static int exists(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0;
}

static int is_path(const char *s)
{
	size_t n = strlen(s);
	return strchr(s, '/') || (n > 5 && strcmp(s + n - 5, ".pack") == 0);
}

int pack_set_load(pack_set *out, const char *list, const char *const *dirs, size_t ndirs, buf *err)
{
	char *copy = strdup(list), *rest = copy, *name;
	buf path = BUF_INIT;
	size_t i;

	memset(out, 0, sizeof(*out));
	if (!copy) {
		buf_puts(err, "out of memory");
		return -1;
	}
	while ((name = strsep(&rest, ",")) != NULL) {
		pack *v;
		int found = 0;

		if (!*name) {
			buf_printf(err, "--packs: an empty pack name in '%s'", list);
			goto fail;
		}
		if (!(v = realloc(out->v, (out->n + 1) * sizeof(*v)))) {
			buf_puts(err, "out of memory");
			goto fail;
		}
		out->v = v;
		buf_clear(&path);
		if (is_path(name)) {
			buf_puts(&path, name);
			found = 1; /* reading it names the problem if there is one */
		}
		for (i = 0; !found && i < ndirs; i++) {
			buf_clear(&path);
			buf_printf(&path, "%s/%s.pack", dirs[i], name);
			found = exists(path.ptr);
		}
		if (!found) {
			buf_printf(err, "--packs: no pack '%s' (looked for %s.pack in", name, name);
			for (i = 0; i < ndirs; i++)
				buf_printf(err, "%s %s", i ? "," : "", dirs[i]);
			buf_puts(err, ")");
			goto fail;
		}
		if (load_file(&out->v[out->n], path.ptr, err) < 0)
			goto fail;
		out->n++;
		for (i = 0; i + 1 < out->n; i++)
			if (strcmp(out->v[i].name, out->v[out->n - 1].name) == 0) {
				buf_printf(err, "--packs: pack '%s' is chosen twice (%s, %s)", out->v[i].name, out->v[i].file,
				           out->v[out->n - 1].file);
				goto fail;
			}
		if (out->v[out->n - 1].engine == PACK_ENGINE_CLONE)
			out->clone = 1;
		else
			out->languages |= out->v[out->n - 1].languages;
		if (out->v[out->n - 1].nmetrics)
			out->hygiene = 1;
		{
			const pack *pk = &out->v[out->n - 1];
			size_t r, w;
			for (r = 0; r < pk->nrules; r++)
				for (w = 0; w < pk->rules[r].nwhere; w++)
					if (pk->rules[r].where[w].what == PRED_CALLED_FROM_ASYNC_ELSEWHERE)
						out->async_callers = out->waits = 1;
					else if (pk->rules[r].where[w].what == PRED_ERROR_DISCARDED)
						out->waits = 1;
					else if (pk->rules[r].where[w].what == PRED_IN_HOT_PATH && pk->rules[r].language == PACK_PYTHON)
						out->python_hot = 1;
		}
		for (i = 0; i < out->v[out->n - 1].test_markers.count; i++) {
			if (strlist_add(&out->test_markers, out->v[out->n - 1].test_markers.items[i].s) < 0) {
				buf_puts(err, "out of memory");
				goto fail;
			}
		}
	}
	free(copy);
	buf_free(&path);
	return 0;
fail:
	free(copy);
	buf_free(&path);
	pack_set_free(out);
	return -1;
}

static void writeup_free(pack_writeup *w)
{
	free(w->id);
	free(w->severity);
	free(w->title);
	free(w->rationale);
	free(w->change);
	free(w->message_src);
	free(w->validation_src);
	mustache_free(w->message);
	mustache_free(w->validation);
	{
		size_t k;
		for (k = 0; k < sizeof(w->same) / sizeof(w->same[0]); k++)
			json_decref(w->same[k]);
	}
}

/* The strings every finding of `w` shows alike, made once. */
static int shared_strings(pack_writeup *w, const char *pack_name, buf *err)
{
	const char *v[6];
	size_t k;

	v[0] = pack_name;
	v[1] = w->id;
	v[2] = w->severity;
	v[3] = w->title;
	v[4] = w->rationale;
	v[5] = w->change;
	for (k = 0; k < 6; k++)
		if (!(w->same[k] = json_string(v[k]))) {
			buf_puts(err, "out of memory");
			return -1;
		}
	return 0;
}

void pack_free(pack *p)
{
	size_t i, k;

	for (i = 0; i < p->nrules; i++) {
		pack_rule *r = &p->rules[i];
		for (k = 0; k < r->nwhere; k++)
			strlist_free(&r->where[k].words);
		free(r->where);
		free(r->pattern);
		for (k = 0; k < r->nre; k++)
			pcre2_code_free(r->re[k]);
		writeup_free(&r->w);
	}
	for (i = 0; i < p->nmetrics; i++) {
		strlist_free(&p->metrics[i].expect);
		writeup_free(&p->metrics[i].w);
	}
	free(p->rules);
	free(p->metrics);
	strlist_free(&p->test_markers);
	free(p->name);
	free(p->file);
	free(p->title);
	free(p->summary);
	memset(p, 0, sizeof(*p));
}

void pack_set_free(pack_set *s)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		pack_free(&s->v[i]);
	free(s->v);
	strlist_free(&s->test_markers);
	memset(s, 0, sizeof(*s));
}
