#include "config.h"

#include "rules.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "fileio.h"
#include "pyunicode.h"

static const char *const weight_names[RULES_W_COUNT] = {
	"cold", "cheap", "deep", "loop", "into_arc", "boundary", "assign", "chain",
};

const char *rules_weight_name(enum rules_weight_id id)
{
	return weight_names[id];
}

/* What the parser knows while it reads one file. */
typedef struct {
	const char *file;
	size_t line;
	buf *err;
	unsigned seen;       /* bit per singleton key already given */
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

static int fail(parse_state *ps, const char *msg, const char *arg)
{
	buf_printf(ps->err, "%s:%zu: %s%s%s%s", ps->file, ps->line, msg,
	           arg ? " '" : "", arg ? arg : "", arg ? "'" : "");
	return -1;
}

static int is_blank(char c)
{
	return c == ' ' || c == '\t';
}

/* Split off the first white-space separated word of *rest. */
static int next_word(char **rest, char **word)
{
	char *p = *rest;

	while (is_blank(*p))
		p++;
	if (!*p)
		return -1;
	*word = p;
	while (*p && !is_blank(*p))
		p++;
	if (*p)
		*p++ = '\0';
	while (is_blank(*p))
		p++;
	*rest = p;
	return 0;
}

static int parse_int(parse_state *ps, const char *s, int *out)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (!*s || *end || errno || v < INT_MIN / 4 || v > INT_MAX / 4)
		return fail(ps, "expected a whole number, got", s);
	*out = (int)v;
	return 0;
}

static int dup_str(rules_str *out, const char *s)
{
	out->len = strlen(s);
	out->s = strdup(s);
	return out->s ? 0 : -1;
}

static int list_add(parse_state *ps, rules_list *l, const char *s)
{
	rules_str *items;

	if (!*s)
		return fail(ps, "empty value", NULL);
	items = realloc(l->items, (l->count + 1) * sizeof(*items));
	if (!items)
		return fail(ps, "out of memory", NULL);
	l->items = items;
	if (dup_str(&l->items[l->count], s) < 0)
		return fail(ps, "out of memory", NULL);
	l->count++;
	return 0;
}

static int once(parse_state *ps, unsigned bit, const char *key)
{
	if (ps->seen & bit)
		return fail(ps, "duplicate key", key);
	ps->seen |= bit;
	return 0;
}

static int compile(parse_state *ps, pyre **re, const char *pattern, unsigned flags)
{
	buf msg = BUF_INIT;
	int rc = pyre_compile(re, pattern, flags, &msg);

	if (rc < 0)
		fail(ps, buf_cstr(&msg), NULL);
	buf_free(&msg);
	return rc;
}

static int parse_hot_path(parse_state *ps, rules *r, char *rest)
{
	char *prefix, *score;
	rules_hot_path *hp;

	if (next_word(&rest, &prefix) < 0 || next_word(&rest, &score) < 0 || !*rest)
		return fail(ps, "expected: hot_path PREFIX SCORE LABEL", NULL);
	hp = realloc(r->hot_paths, (r->hot_path_count + 1) * sizeof(*hp));
	if (!hp)
		return fail(ps, "out of memory", NULL);
	r->hot_paths = hp;
	hp = &r->hot_paths[r->hot_path_count];
	memset(hp, 0, sizeof(*hp));
	if (parse_int(ps, score, &hp->score) < 0)
		return -1;
	if (dup_str(&hp->prefix, prefix) < 0 || !(hp->label = strdup(rest))) {
		free(hp->prefix.s);
		return fail(ps, "out of memory", NULL);
	}
	r->hot_path_count++;
	return 0;
}

static int parse_weight(parse_state *ps, rules *r, char *rest)
{
	char *name, *delta;
	int id;

	if (next_word(&rest, &name) < 0 || next_word(&rest, &delta) < 0 || !*rest)
		return fail(ps, "expected: weight NAME DELTA REASON", NULL);
	for (id = 0; id < RULES_W_COUNT; id++)
		if (strcmp(name, weight_names[id]) == 0)
			break;
	if (id == RULES_W_COUNT)
		return fail(ps, "unknown weight (cold, cheap, deep, loop, into_arc, boundary, assign, chain)", name);
	if (ps->weights_seen & (1u << id))
		return fail(ps, "duplicate weight", name);
	ps->weights_seen |= 1u << id;
	if (parse_int(ps, delta, &r->weights[id].delta) < 0)
		return -1;
	if (!(r->weights[id].reason = strdup(rest)))
		return fail(ps, "out of memory", NULL);
	return 0;
}

static int parse_tier(parse_state *ps, rules *r, char *rest)
{
	char *name;

	if (next_word(&rest, &name) < 0 || !*rest)
		return fail(ps, "expected: tier high|medium MIN_SCORE", NULL);
	if (strcmp(name, "high") == 0)
		return once(ps, SEEN_TIER_HIGH, "tier high") < 0 ? -1 : parse_int(ps, rest, &r->tier_high);
	if (strcmp(name, "medium") == 0)
		return once(ps, SEEN_TIER_MEDIUM, "tier medium") < 0 ? -1 : parse_int(ps, rest, &r->tier_medium);
	return fail(ps, "unknown tier (high, medium)", name);
}

static int parse_line(parse_state *ps, rules *r, char *line)
{
	char *key, *rest = line;

	if (next_word(&rest, &key) < 0 || *key == '#')
		return 0;
	if (!*rest)
		return fail(ps, "missing value for", key);

	if (strcmp(key, "version") == 0) {
		if (once(ps, SEEN_VERSION, key) < 0 || parse_int(ps, rest, &r->version) < 0)
			return -1;
		if (r->version != 1)
			return fail(ps, "unsupported rules version (this build reads 1)", rest);
		return 0;
	}
	if (strcmp(key, "default_paths") == 0) {
		char *word;
		if (once(ps, SEEN_PATHS, key) < 0)
			return -1;
		while (next_word(&rest, &word) == 0)
			if (list_add(ps, &r->default_paths, word) < 0)
				return -1;
		return 0;
	}
	if (strcmp(key, "clone_pattern") == 0)
		return once(ps, SEEN_CLONE_RE, key) < 0 ? -1 : compile(ps, &r->clone_re, rest, 0);
	if (strcmp(key, "loop_pattern") == 0)
		return once(ps, SEEN_LOOP_RE, key) < 0 ? -1 : compile(ps, &r->loop_re, rest, PYRE_MULTILINE);
	if (strcmp(key, "assign_pattern") == 0)
		return once(ps, SEEN_ASSIGN_RE, key) < 0 ? -1 : compile(ps, &r->assign_re, rest, 0);
	if (strcmp(key, "clone_literal") == 0) {
		if (once(ps, SEEN_CLONE_LIT, key) < 0)
			return -1;
		return dup_str(&r->clone_literal, rest) < 0 ? fail(ps, "out of memory", NULL) : 0;
	}
	if (strcmp(key, "default_hot_path") == 0) {
		char *score;
		if (once(ps, SEEN_DEFAULT_HOT, key) < 0)
			return -1;
		if (next_word(&rest, &score) < 0 || !*rest)
			return fail(ps, "expected: default_hot_path SCORE LABEL", NULL);
		if (parse_int(ps, score, &r->default_score) < 0)
			return -1;
		return (r->default_label = strdup(rest)) ? 0 : fail(ps, "out of memory", NULL);
	}
	if (strcmp(key, "suspicious_score") == 0)
		return once(ps, SEEN_SUSPICIOUS, key) < 0 ? -1 : parse_int(ps, rest, &r->suspicious_score);
	if (strcmp(key, "hot_path") == 0)
		return parse_hot_path(ps, r, rest);
	if (strcmp(key, "weight") == 0)
		return parse_weight(ps, r, rest);
	if (strcmp(key, "tier") == 0)
		return parse_tier(ps, r, rest);
	if (strcmp(key, "test_marker") == 0)
		return list_add(ps, &r->test_markers, rest);
	if (strcmp(key, "cheap_hint") == 0)
		return list_add(ps, &r->cheap_hints, rest);
	if (strcmp(key, "deep_hint") == 0)
		return list_add(ps, &r->deep_hints, rest);
	if (strcmp(key, "boundary_hint") == 0)
		return list_add(ps, &r->boundary_hints, rest);
	return fail(ps, "unknown key", key);
}

/* Bucket the items by first byte (a counting sort), for rules_list_in(). */
static int index_list(rules_list *l)
{
	size_t i, b, count[256] = { 0 }, next[256];

	free(l->by_first);
	l->by_first = malloc((l->count ? l->count : 1) * sizeof(*l->by_first));
	if (!l->by_first)
		return -1;
	for (i = 0; i < l->count; i++)
		count[(unsigned char)l->items[i].s[0]]++;
	l->first[0] = 0;
	for (b = 0; b < 256; b++)
		l->first[b + 1] = l->first[b] + count[b];
	for (b = 0; b < 256; b++)
		next[b] = l->first[b];
	for (i = 0; i < l->count; i++)
		l->by_first[next[(unsigned char)l->items[i].s[0]]++] = i;
	return 0;
}

int rules_list_in(const rules_list *l, const char *hay, size_t n)
{
	const unsigned char *h = (const unsigned char *)hay;
	size_t i, k;

	for (i = 0; i < n; i++) {
		size_t lo = l->first[h[i]], hi = l->first[h[i] + 1];
		for (k = lo; k < hi; k++) {
			const rules_str *item = &l->items[l->by_first[k]];
			if (item->len <= n - i && memcmp(hay + i, item->s, item->len) == 0)
				return 1;
		}
	}
	return 0;
}

/* After the last line: everything the scorer needs must be there. */
static int check_complete(parse_state *ps, const rules *r)
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
			return fail(ps, "missing required key", required[i].key);
	for (id = 0; id < RULES_W_COUNT; id++)
		if (!(ps->weights_seen & (1u << id)))
			return fail(ps, "missing weight", weight_names[id]);
	(void)r;
	return 0;
}

int rules_parse(rules **out, const char *file, const char *text, size_t len, buf *err)
{
	parse_state ps = { file, 0, err, 0, 0 };
	rules *r = calloc(1, sizeof(*r));
	buf line = BUF_INIT;
	size_t pos = 0;

	*out = NULL;
	if (!r || !(r->file = strdup(file))) {
		buf_printf(err, "%s: out of memory", file);
		goto fail;
	}
	while (pos < len) {
		const char *nl = memchr(text + pos, '\n', len - pos);
		size_t end = nl ? (size_t)(nl - text) : len, n = end - pos;

		ps.line++;
		if (memchr(text + pos, '\0', n)) {
			fail(&ps, "NUL byte in rules file", NULL);
			goto fail;
		}
		if (!py_utf8_valid(text + pos, n)) {
			fail(&ps, "not valid UTF-8", NULL);
			goto fail;
		}
		while (n && (text[pos + n - 1] == '\r' || is_blank(text[pos + n - 1])))
			n--;
		buf_clear(&line);
		if (buf_append(&line, text + pos, n) < 0 || parse_line(&ps, r, line.ptr ? line.ptr : (char *)"") < 0)
			goto fail;
		pos = end + 1;
	}
	if (check_complete(&ps, r) < 0)
		goto fail;
	if (index_list(&r->test_markers) < 0 || index_list(&r->cheap_hints) < 0 ||
	    index_list(&r->deep_hints) < 0 || index_list(&r->boundary_hints) < 0) {
		buf_printf(err, "%s: out of memory", file);
		goto fail;
	}
	buf_free(&line);
	*out = r;
	return 0;
fail:
	buf_free(&line);
	rules_free(r);
	return -1;
}

int rules_load(rules **out, const char *path, buf *err)
{
	buf text = BUF_INIT;
	int rc;

	*out = NULL;
	if (fileio_read_all(path, &text, err) < 0)
		return -1;
	rc = rules_parse(out, path, buf_cstr(&text), text.len, err);
	buf_free(&text);
	return rc;
}

static void list_free(rules_list *l)
{
	size_t i;

	for (i = 0; i < l->count; i++)
		free(l->items[i].s);
	free(l->items);
	free(l->by_first);
}

void rules_free(rules *r)
{
	size_t i;

	if (!r)
		return;
	free(r->file);
	list_free(&r->default_paths);
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
	list_free(&r->test_markers);
	list_free(&r->cheap_hints);
	list_free(&r->deep_hints);
	list_free(&r->boundary_hints);
	for (i = 0; i < RULES_W_COUNT; i++)
		free(r->weights[i].reason);
	free(r);
}
