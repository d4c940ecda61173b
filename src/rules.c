#include "config.h"

#include "rules.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "fileio.h"
#include "kvfile.h"

static const char *const weight_names[RULES_W_COUNT] = {
	"cold", "cheap", "deep", "loop", "into_arc", "boundary", "assign", "chain",
};

const char *rules_weight_name(enum rules_weight_id id)
{
	return weight_names[id];
}

/* What the parser knows while it reads one file. */
typedef struct {
	rules *r;
	int patterns;          /* compile the scanner's patterns (else only their keys are checked) */
	unsigned seen;         /* bit per singleton key already given */
	unsigned weights_seen;
} parse_state;

enum {
	SEEN_VERSION = 1 << 0,
	SEEN_PATHS = 1 << 1,
	SEEN_CLONE_RE = 1 << 2,
	SEEN_CLONE_LIT = 1 << 3,
	SEEN_LOOP_RE = 1 << 4,
	SEEN_ASSIGN_RE = 1 << 5,
	SEEN_DEFAULT_HOT = 1 << 6,
	SEEN_TIER_HIGH = 1 << 7,
	SEEN_TIER_MEDIUM = 1 << 8,
	SEEN_SUSPICIOUS = 1 << 9,
};

#define SCORE_MIN (INT_MIN / 4)
#define SCORE_MAX (INT_MAX / 4)

static int oom(kvfile_pos *pos)
{
	return kvfile_error(pos, "out of memory", NULL);
}

static int dup_str(rules_str *out, const char *s)
{
	out->len = strlen(s);
	out->s = strdup(s);
	return out->s ? 0 : -1;
}

static int list_add(kvfile_pos *pos, rules_list *l, const char *s)
{
	if (!*s)
		return kvfile_error(pos, "empty value", NULL);
	return strlist_add(l, s) < 0 ? oom(pos) : 0;
}

static int once(parse_state *ps, kvfile_pos *pos, unsigned bit, const char *key)
{
	if (ps->seen & bit)
		return kvfile_error(pos, "duplicate key", key);
	ps->seen |= bit;
	return 0;
}

static int compile(parse_state *ps, kvfile_pos *pos, pyre **re, const char *pattern, unsigned flags)
{
	buf msg = BUF_INIT;
	int rc;

	if (!ps->patterns)
		return 0;
	rc = pyre_compile(re, pattern, flags, &msg);

	if (rc < 0)
		kvfile_error(pos, buf_cstr(&msg), NULL);
	buf_free(&msg);
	return rc;
}

static int parse_hot_path(kvfile_pos *pos, rules *r, char *rest)
{
	char *prefix, *score;
	rules_hot_path *hp;

	if (kvfile_next_word(&rest, &prefix) < 0 || kvfile_next_word(&rest, &score) < 0 || !*rest)
		return kvfile_error(pos, "expected: hot_path PREFIX SCORE LABEL", NULL);
	hp = realloc(r->hot_paths, (r->hot_path_count + 1) * sizeof(*hp));
	if (!hp)
		return oom(pos);
	r->hot_paths = hp;
	hp = &r->hot_paths[r->hot_path_count];
	memset(hp, 0, sizeof(*hp));
	if (kvfile_int(pos, score, SCORE_MIN, SCORE_MAX, &hp->score) < 0)
		return -1;
	if (dup_str(&hp->prefix, prefix) < 0 || !(hp->label = strdup(rest))) {
		free(hp->prefix.s);
		return oom(pos);
	}
	r->hot_path_count++;
	return 0;
}

static int parse_weight(parse_state *ps, kvfile_pos *pos, char *rest)
{
	rules *r = ps->r;
	char *name, *delta;
	int id;

	if (kvfile_next_word(&rest, &name) < 0 || kvfile_next_word(&rest, &delta) < 0 || !*rest)
		return kvfile_error(pos, "expected: weight NAME DELTA REASON", NULL);
	for (id = 0; id < RULES_W_COUNT; id++)
		if (strcmp(name, weight_names[id]) == 0)
			break;
	if (id == RULES_W_COUNT)
		return kvfile_error(pos, "unknown weight (cold, cheap, deep, loop, into_arc, boundary, assign, chain)", name);
	if (ps->weights_seen & (1u << id))
		return kvfile_error(pos, "duplicate weight", name);
	ps->weights_seen |= 1u << id;
	if (kvfile_int(pos, delta, SCORE_MIN, SCORE_MAX, &r->weights[id].delta) < 0)
		return -1;
	return (r->weights[id].reason = strdup(rest)) ? 0 : oom(pos);
}

static int parse_tier(parse_state *ps, kvfile_pos *pos, char *rest)
{
	char *name;

	if (kvfile_next_word(&rest, &name) < 0 || !*rest)
		return kvfile_error(pos, "expected: tier high|medium MIN_SCORE", NULL);
	if (strcmp(name, "high") == 0)
		return once(ps, pos, SEEN_TIER_HIGH, "tier high") < 0 ? -1
		       : kvfile_int(pos, rest, SCORE_MIN, SCORE_MAX, &ps->r->tier_high);
	if (strcmp(name, "medium") == 0)
		return once(ps, pos, SEEN_TIER_MEDIUM, "tier medium") < 0 ? -1
		       : kvfile_int(pos, rest, SCORE_MIN, SCORE_MAX, &ps->r->tier_medium);
	return kvfile_error(pos, "unknown tier (high, medium)", name);
}

static int parse_line(void *ctx, kvfile_pos *pos, const char *key, char *rest)
{
	parse_state *ps = ctx;
	rules *r = ps->r;

	if (!*rest)
		return kvfile_error(pos, "missing value for", key);
	if (strcmp(key, "version") == 0) {
		if (once(ps, pos, SEEN_VERSION, key) < 0 || kvfile_int(pos, rest, 0, 1000, &r->version) < 0)
			return -1;
		return r->version == 1 ? 0 : kvfile_error(pos, "unsupported rules version (this build reads 1)", rest);
	}
	if (strcmp(key, "default_paths") == 0) {
		char *word;
		if (once(ps, pos, SEEN_PATHS, key) < 0)
			return -1;
		while (kvfile_next_word(&rest, &word) == 0)
			if (list_add(pos, &r->default_paths, word) < 0)
				return -1;
		return 0;
	}
	if (strcmp(key, "clone_pattern") == 0)
		return once(ps, pos, SEEN_CLONE_RE, key) < 0 ? -1 : compile(ps, pos, &r->clone_re, rest, 0);
	if (strcmp(key, "loop_pattern") == 0)
		return once(ps, pos, SEEN_LOOP_RE, key) < 0 ? -1 : compile(ps, pos, &r->loop_re, rest, PYRE_MULTILINE);
	if (strcmp(key, "assign_pattern") == 0)
		return once(ps, pos, SEEN_ASSIGN_RE, key) < 0 ? -1 : compile(ps, pos, &r->assign_re, rest, 0);
	if (strcmp(key, "clone_literal") == 0)
		return once(ps, pos, SEEN_CLONE_LIT, key) < 0 ? -1 : dup_str(&r->clone_literal, rest) < 0 ? oom(pos) : 0;
	if (strcmp(key, "default_hot_path") == 0) {
		char *score;
		if (once(ps, pos, SEEN_DEFAULT_HOT, key) < 0)
			return -1;
		if (kvfile_next_word(&rest, &score) < 0 || !*rest)
			return kvfile_error(pos, "expected: default_hot_path SCORE LABEL", NULL);
		if (kvfile_int(pos, score, SCORE_MIN, SCORE_MAX, &r->default_score) < 0)
			return -1;
		return (r->default_label = strdup(rest)) ? 0 : oom(pos);
	}
	if (strcmp(key, "suspicious_score") == 0)
		return once(ps, pos, SEEN_SUSPICIOUS, key) < 0 ? -1
		       : kvfile_int(pos, rest, SCORE_MIN, SCORE_MAX, &r->suspicious_score);
	if (strcmp(key, "hot_path") == 0)
		return parse_hot_path(pos, r, rest);
	if (strcmp(key, "weight") == 0)
		return parse_weight(ps, pos, rest);
	if (strcmp(key, "tier") == 0)
		return parse_tier(ps, pos, rest);
	if (strcmp(key, "test_marker") == 0)
		return list_add(pos, &r->test_markers, rest);
	if (strcmp(key, "cheap_hint") == 0)
		return list_add(pos, &r->cheap_hints, rest);
	if (strcmp(key, "deep_hint") == 0)
		return list_add(pos, &r->deep_hints, rest);
	if (strcmp(key, "boundary_hint") == 0)
		return list_add(pos, &r->boundary_hints, rest);
	return kvfile_error(pos, "unknown key", key);
}

/* After the last line: everything the scorer needs must be there. */
static int check_complete(parse_state *ps, kvfile_pos *pos)
{
	static const struct { unsigned bit; const char *key; } required[] = {
		{ SEEN_VERSION, "version" },
		{ SEEN_PATHS, "default_paths" },
		{ SEEN_CLONE_RE, "clone_pattern" },
		{ SEEN_CLONE_LIT, "clone_literal" },
		{ SEEN_LOOP_RE, "loop_pattern" },
		{ SEEN_ASSIGN_RE, "assign_pattern" },
		{ SEEN_DEFAULT_HOT, "default_hot_path" },
		{ SEEN_TIER_HIGH, "tier high" },
		{ SEEN_TIER_MEDIUM, "tier medium" },
		{ SEEN_SUSPICIOUS, "suspicious_score" },
	};
	size_t i;
	int id;

	for (i = 0; i < sizeof(required) / sizeof(required[0]); i++)
		if (!(ps->seen & required[i].bit))
			return kvfile_error(pos, "missing required key", required[i].key);
	for (id = 0; id < RULES_W_COUNT; id++)
		if (!(ps->weights_seen & (1u << id)))
			return kvfile_error(pos, "missing weight", weight_names[id]);
	return 0;
}

static int parse(rules **out, const char *file, const char *text, size_t len, int patterns, buf *err)
{
	parse_state ps = { NULL, patterns, 0, 0 };
	kvfile_pos end = { file, 0, err };
	const char *p;

	*out = NULL;
	ps.r = calloc(1, sizeof(*ps.r));
	if (!ps.r || !(ps.r->file = strdup(file))) {
		buf_printf(err, "%s: out of memory", file);
		goto fail;
	}
	if (kvfile_parse(file, text, len, parse_line, &ps, err) < 0)
		goto fail;
	for (p = text; p < text + len; p++) /* a missing key is reported at the last line */
		end.line += *p == '\n';
	if (len && text[len - 1] != '\n')
		end.line++;
	if (check_complete(&ps, &end) < 0)
		goto fail;
	*out = ps.r;
	return 0;
fail:
	rules_free(ps.r);
	return -1;
}

int rules_parse(rules **out, const char *file, const char *text, size_t len, buf *err)
{
	return parse(out, file, text, len, 1, err);
}

static int load(rules **out, const char *path, int patterns, buf *err)
{
	buf text = BUF_INIT;
	int rc;

	*out = NULL;
	if (fileio_read_all(path, &text, err) < 0)
		return -1;
	rc = parse(out, path, buf_cstr(&text), text.len, patterns, err);
	buf_free(&text);
	return rc;
}

int rules_load(rules **out, const char *path, buf *err)
{
	return load(out, path, 1, err);
}

int rules_load_settings(rules **out, const char *path, buf *err)
{
	return load(out, path, 0, err);
}

void rules_free(rules *r)
{
	size_t i;

	if (!r)
		return;
	free(r->file);
	strlist_free(&r->default_paths);
	free(r->clone_literal.s);
	pyre_free(r->clone_re);
	pyre_free(r->loop_re);
	pyre_free(r->assign_re);
	for (i = 0; i < r->hot_path_count; i++) {
		free(r->hot_paths[i].prefix.s);
		free(r->hot_paths[i].label);
	}
	free(r->hot_paths);
	free(r->default_label);
	strlist_free(&r->test_markers);
	strlist_free(&r->cheap_hints);
	strlist_free(&r->deep_hints);
	strlist_free(&r->boundary_hints);
	for (i = 0; i < RULES_W_COUNT; i++)
		free(r->weights[i].reason);
	free(r);
}
