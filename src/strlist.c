#include "config.h"

#include "strlist.h"

#include "textfind.h"

#include <stdlib.h>
#include <string.h>

/* Bucket the items by first byte (a counting sort). */
static int reindex(strlist *l)
{
	size_t i, b, count[256] = { 0 }, next[256];
	size_t *by_first = realloc(l->by_first, (l->count ? l->count : 1) * sizeof(*by_first));

	if (!by_first)
		return -1;
	l->by_first = by_first;
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

int strlist_add(strlist *l, const char *s)
{
	strlist_item *items = realloc(l->items, (l->count + 1) * sizeof(*items));
	char *copy;

	if (!items)
		return -1;
	l->items = items;
	if (!*s || !(copy = strdup(s)))
		return -1;
	l->items[l->count].s = copy;
	l->items[l->count].len = strlen(copy);
	l->count++;
	return reindex(l);
}

int strlist_in(const strlist *l, const char *hay, size_t n)
{
	const unsigned char *h = (const unsigned char *)hay;
	size_t i, k;

	if (!l->count)
		return 0;
	for (i = 0; i < n; i++) {
		size_t lo = l->first[h[i]], hi = l->first[h[i] + 1];
		for (k = lo; k < hi; k++) {
			const strlist_item *item = &l->items[l->by_first[k]];
			if (item->len <= n - i && memcmp(hay + i, item->s, item->len) == 0)
				return 1;
		}
	}
	return 0;
}

int strlist_in_text(const strlist *l, const char *text, size_t n)
{
	size_t i;

	for (i = 0; i < l->count; i++)
		if (textfind(text, n, l->items[i].s, l->items[i].len))
			return 1;
	return 0;
}

int strlist_has(const strlist *l, const char *s, size_t n)
{
	size_t k;

	if (!l->count || !n)
		return 0;
	for (k = l->first[(unsigned char)s[0]]; k < l->first[(unsigned char)s[0] + 1]; k++) {
		const strlist_item *item = &l->items[l->by_first[k]];
		if (item->len == n && memcmp(item->s, s, n) == 0)
			return 1;
	}
	return 0;
}

const char **strlist_cstrs(const strlist *l)
{
	const char **v = calloc(l->count + 1, sizeof(*v));
	size_t i;

	for (i = 0; v && i < l->count; i++)
		v[i] = l->items[i].s;
	return v;
}

void strlist_free(strlist *l)
{
	size_t i;

	for (i = 0; i < l->count; i++)
		free(l->items[i].s);
	free(l->items);
	free(l->by_first);
	memset(l, 0, sizeof(*l));
}
