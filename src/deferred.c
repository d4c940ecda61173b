#include "config.h"

#include "deferred.h"

#include <stdlib.h>
#include <string.h>

#include "asynccalls.h"
#include "rulefinding.h"

int deferred_add(deferred_list *l, json_t *finding, json_t *ctx, const pack_writeup *rule, const strlist *off_executor,
                 const strlist *skip, const char *candidates)
{
	deferred_finding *d;

	if (l->n == l->cap) {
		deferred_finding *v = buf_grow_array(l->v, &l->cap, sizeof(*v), 8);
		if (!v)
			goto fail;
		l->v = v;
	}
	d = &l->v[l->n];
	if (!(d->candidates = strdup(candidates)))
		goto fail;
	d->finding = finding;
	d->ctx = ctx;
	d->rule = rule;
	d->off_executor = off_executor;
	d->skip = skip;
	l->n++;
	return 0;
fail:
	json_decref(finding);
	json_decref(ctx);
	return -1;
}

int deferred_keys(const deferred_list *l, buf *keys)
{
	size_t i;

	for (i = 0; i < l->n; i++) {
		const char *p = l->v[i].candidates;
		while (*p) {
			const char *tab = strchr(p, '\t'), *nl = strchr(p, '\n');
			if (!tab || !nl || tab > nl)
				break;
			if (*p != '?' && (buf_append(keys, p, (size_t)(tab - p)) < 0 || buf_putc(keys, '\n') < 0))
				return -1;
			p = nl + 1;
		}
	}
	return 0;
}

int deferred_names(const deferred_list *l, strlist *words)
{
	size_t i;
	char name[128];

	for (i = 0; i < l->n; i++) {
		const char *p = l->v[i].candidates;
		while (*p) {
			const char *tab = strchr(p, '\t'), *nl = strchr(p, '\n');
			size_t n;
			if (!tab || !nl || tab > nl)
				break;
			n = (size_t)(tab - p);
			if (*p == '?' && n > 3 && n - 3 < sizeof(name)) {
				memcpy(name, p + 3, n - 3);
				name[n - 3] = '\0';
				if (!strlist_has(words, name, n - 3) && strlist_add(words, name) < 0)
					return -1;
			}
			p = nl + 1;
		}
	}
	return 0;
}

/* The first candidate the records reach: its reason and note into why.
 * 1, 0 none, -1 no memory. */
static int reached(const deferred_finding *d, const typelib *lib, buf *why)
{
	const char *p = d->candidates;
	buf one = BUF_INIT;
	int rc = 0;

	while (*p && rc == 0) {
		const char *tab = strchr(p, '\t'), *nl = strchr(p, '\n');
		if (!tab || !nl || tab > nl)
			break;
		if (*p == '?') { /* "?m:NAME": does every method (m) or fn (f) so named return a Result? */
			if (tab - p > 3 && typelib_fn_fallible(lib, p + 3, (size_t)(tab - p - 3), p[1] == 'm'))
				rc = 1;
		} else if (asynccalls_reason_key(lib, p, (size_t)(tab - p), d->off_executor, d->skip, &one))
			rc = buf_puts(why, buf_cstr(&one)) < 0 || buf_append(why, tab + 1, (size_t)(nl - tab - 1)) < 0 ? -1 : 1;
		p = nl + 1;
	}
	buf_free(&one);
	return rc;
}

int deferred_resolve(deferred_list *l, const typelib *lib, json_t *out)
{
	buf why = BUF_INIT;
	size_t i;
	int rc = 0;

	for (i = 0; i < l->n; i++) {
		deferred_finding *d = &l->v[i];
		json_t *message;
		int r = rc == 0 ? reached(d, lib, &why) : 0;
		if (r < 0)
			rc = -1;
		if (r > 0) {
			if (json_object_set_new(d->ctx, "caller", json_string(buf_cstr(&why))) < 0 ||
			    !(message = rulefinding_message(d->rule, d->ctx)) ||
			    json_object_set_new(d->finding, "message", message) < 0 || json_array_append(out, d->finding) < 0)
				rc = -1;
		}
		buf_clear(&why);
		json_decref(d->finding);
		json_decref(d->ctx);
		free(d->candidates);
	}
	l->n = 0;
	buf_free(&why);
	return rc;
}

void deferred_free(deferred_list *l)
{
	size_t i;

	for (i = 0; i < l->n; i++) {
		json_decref(l->v[i].finding);
		json_decref(l->v[i].ctx);
		free(l->v[i].candidates);
	}
	free(l->v);
	memset(l, 0, sizeof(*l));
}
