#include "config.h"

#include "typelib.h"

#include <stdlib.h>
#include <string.h>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

static int append_item(typelib *lib, const rustlex_result *lx, uint32_t first, uint32_t last)
{
	const rustlex_token *a = &lx->tokens[first], *b = &lx->tokens[last];
	size_t n = (size_t)(b->off + b->len - a->off);

	if (lib->text.len + n + 1 > TYPELIB_MAX_BYTES) {
		lib->truncated = 1;
		return 0;
	}
	if (buf_append(&lib->text, lx->text + a->off, n) < 0 || buf_putc(&lib->text, '\n') < 0)
		return -1;
	return 0;
}

int typelib_add(typelib *lib, const rustscan_result *rs)
{
	size_t i;

	for (i = 0; i < rs->struct_count; i++)
		if (append_item(lib, rs->lex, rs->structs[i].keyword, rs->structs[i].close) < 0)
			return -1;
	for (i = 0; i < rs->alias_count; i++) /* through the `;` */
		if (append_item(lib, rs->lex, rs->aliases[i].keyword, rs->aliases[i].type_end) < 0)
			return -1;
	return 0;
}

/* Of a scan of one item's text: the item itself (the one at token 0). */
static int add_leading(typelib *lib, const rustscan_result *rs)
{
	size_t i;

	for (i = 0; i < rs->struct_count; i++)
		if (rs->structs[i].keyword == 0)
			return append_item(lib, rs->lex, 0, rs->structs[i].close);
	for (i = 0; i < rs->alias_count; i++)
		if (rs->aliases[i].keyword == 0)
			return append_item(lib, rs->lex, 0, rs->aliases[i].type_end);
	return 0;
}

static int word_char(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c >= 0x80;
}

/* Is text[at..] the word w, a keyword of its own?  Not part of a longer
 * identifier, not a raw identifier (r#type), and `type` not a path's last
 * segment (Self::type). */
static int keyword_at(const char *text, size_t len, size_t at, size_t wl)
{
	size_t k = at;

	if ((at > 0 && word_char((unsigned char)text[at - 1])) || (at + wl < len && word_char((unsigned char)text[at + wl])))
		return 0;
	if (at >= 2 && text[at - 1] == '#' && text[at - 2] == 'r' && (at == 2 || !word_char((unsigned char)text[at - 3])))
		return 0; /* r#type: a raw identifier */
	if (wl == 4) {
		while (k > 0 && (text[k - 1] == ' ' || text[k - 1] == '\t' || text[k - 1] == '\n' || text[k - 1] == '\r'))
			k--;
		if (k >= 2 && text[k - 1] == ':' && text[k - 2] == ':')
			return 0;
	}
	return 1;
}

static int push(size_t **at, size_t *n, size_t *cap, size_t off)
{
	if (*n == *cap) {
		size_t *v = buf_grow_array(*at, cap, sizeof(*v), 64);
		if (!v)
			return -1;
		*at = v;
	}
	(*at)[(*n)++] = off;
	return 0;
}

/* Is a keyword (`struct` or `type`) at text[i]?  Its length, or 0. */
static size_t keyword_len(const char *text, size_t len, size_t i)
{
	if (text[i] == 's' && len - i >= 6 && memcmp(text + i, "struct", 6) == 0 && keyword_at(text, len, i, 6))
		return 6;
	if (text[i] == 't' && len - i >= 4 && memcmp(text + i, "type", 4) == 0 && keyword_at(text, len, i, 4))
		return 4;
	return 0;
}

/* The offsets of `struct` and `type` as words, ascending, in one pass.
 * Every file is searched, so 16 positions are tried at a time by the
 * first and last letters of each word (s....t, t..e), and only those that
 * pass are compared whole. */
static int find_keywords(const char *text, size_t len, size_t **at, size_t *n, size_t *cap)
{
	size_t i = 0;

#ifdef __SSE2__
	const __m128i s = _mm_set1_epi8('s'), t = _mm_set1_epi8('t'), e = _mm_set1_epi8('e');

	for (; len >= 21 && i <= len - 21; i += 16) {
		__m128i first = _mm_loadu_si128((const __m128i *)(const void *)(text + i));
		__m128i third = _mm_loadu_si128((const __m128i *)(const void *)(text + i + 3));
		__m128i fifth = _mm_loadu_si128((const __m128i *)(const void *)(text + i + 5));
		unsigned m = (unsigned)_mm_movemask_epi8(
			_mm_or_si128(_mm_and_si128(_mm_cmpeq_epi8(first, s), _mm_cmpeq_epi8(fifth, t)),
			             _mm_and_si128(_mm_cmpeq_epi8(first, t), _mm_cmpeq_epi8(third, e))));
		while (m) {
			size_t k = i + (size_t)__builtin_ctz(m);
			m &= m - 1;
			if (keyword_len(text, len, k) && push(at, n, cap, k) < 0)
				return -1;
		}
	}
#endif
	for (; i < len; i++)
		if (keyword_len(text, len, i) && push(at, n, cap, i) < 0)
			return -1;
	return 0;
}

int typelib_collect(typelib *lib, rustlex_result *lx, const char *text, size_t len)
{
	size_t *at = NULL, n = 0, cap = 0, i;
	int pass, rc = 0;

	if (find_keywords(text, len, &at, &n, &cap) < 0) {
		free(at);
		return -1;
	}
	n = rustlex_keep_code(text, len, at, n);
	/* structs first, then aliases, each in file order: what typelib_add()
	 * appends for a scan of the whole file */
	for (pass = 0; pass < 2 && rc == 0; pass++)
		for (i = 0; i < n && rc == 0; i++) {
			rustscan_result rs;
			if ((text[at[i]] == 's') != (pass == 0))
				continue;
			rustlex_reset(lx);
			if (rustlex_lex_item(lx, text + at[i], len - at[i]) < 0 || rustscan_scan_types(&rs, lx) < 0)
				rc = -1;
			else
				rc = add_leading(lib, &rs);
			rustscan_free(&rs);
		}
	free(at);
	return rc;
}

int typelib_merge(typelib *lib, const typelib *part)
{
	if (lib->text.len + part->text.len > TYPELIB_MAX_BYTES) {
		lib->truncated = 1;
		return 0;
	}
	lib->truncated |= part->truncated;
	return buf_append(&lib->text, buf_cstr(&part->text), part->text.len);
}

static int cmp_entry(const void *pa, const void *pb)
{
	const typelib_entry *a = pa, *b = pb;
	size_t n = a->len < b->len ? a->len : b->len;
	int c = memcmp(a->name, b->name, n);

	if (c)
		return c;
	if (a->len != b->len)
		return a->len < b->len ? -1 : 1;
	/* equal names: file order, so lookups never depend on qsort */
	return (a->first > b->first) - (a->first < b->first);
}

static int cmp_name(const typelib_entry *a, const typelib_entry *b)
{
	size_t n = a->len < b->len ? a->len : b->len;
	int c = memcmp(a->name, b->name, n);

	return c ? c : (a->len > b->len) - (a->len < b->len);
}

static int cmp_key(const void *pa, const void *pb)
{
	return cmp_name(pa, pb);
}

static const typelib_entry *find(const typelib_entry *v, size_t count, const char *name, size_t n)
{
	typelib_entry key = { name, n, 0, 0 };
	const typelib_entry *e = count ? bsearch(&key, v, count, sizeof(*v), cmp_key) : NULL;

	/* declared more than once (a `Config` in each crate): which one is
	 * meant is unknown, and unknown is the conservative answer */
	if (e && ((e > v && cmp_name(e - 1, &key) == 0) || (e + 1 < v + count && cmp_name(e + 1, &key) == 0)))
		return NULL;
	return e;
}

const typelib_entry *typelib_struct(const typelib *lib, const char *name, size_t n)
{
	return find(lib->structs, lib->nstructs, name, n);
}

const typelib_entry *typelib_alias(const typelib *lib, const char *name, size_t n)
{
	return find(lib->aliases, lib->naliases, name, n);
}

int typelib_finish(typelib *lib)
{
	const rustscan_result *rs = &lib->scan;
	size_t i, k;

	memset(&lib->lex, 0, sizeof(lib->lex));
	if (rustlex_lex(&lib->lex, buf_cstr(&lib->text), lib->text.len) < 0 || rustscan_scan(&lib->scan, &lib->lex) < 0)
		return -1;
	lib->finished = 1;
	/* index: fields of one struct are contiguous in scan order */
	lib->structs = malloc((rs->struct_count ? rs->struct_count : 1) * sizeof(*lib->structs));
	lib->aliases = malloc((rs->alias_count ? rs->alias_count : 1) * sizeof(*lib->aliases));
	if (!lib->structs || !lib->aliases)
		return -1;
	for (i = 0, k = 0; i < rs->struct_count; i++) {
		typelib_entry *e = &lib->structs[lib->nstructs];
		const rustlex_token *t = &lib->lex.tokens[rs->structs[i].name];
		e->name = lib->lex.text + t->off;
		e->len = t->len;
		while (k < rs->field_count && rs->fields[k].strukt < rs->structs[i].name)
			k++;
		e->first = k;
		while (k < rs->field_count && rs->fields[k].strukt == rs->structs[i].name)
			k++;
		e->count = k - e->first;
		lib->nstructs++;
	}
	for (i = 0; i < rs->alias_count; i++) {
		const rustlex_token *t = &lib->lex.tokens[rs->aliases[i].name];
		lib->aliases[i].name = lib->lex.text + t->off;
		lib->aliases[i].len = t->len;
		lib->aliases[i].first = i;
		lib->aliases[i].count = 1;
	}
	lib->naliases = rs->alias_count;
	if (lib->nstructs)
		qsort(lib->structs, lib->nstructs, sizeof(*lib->structs), cmp_entry);
	if (lib->naliases)
		qsort(lib->aliases, lib->naliases, sizeof(*lib->aliases), cmp_entry);
	return 0;
}

void typelib_free(typelib *lib)
{
	free(lib->structs);
	free(lib->aliases);
	if (lib->finished) {
		rustscan_free(&lib->scan);
		rustlex_free(&lib->lex);
	}
	buf_free(&lib->text);
	memset(lib, 0, sizeof(*lib));
}
