/* libFuzzer: any bytes as a template, compiled and rendered against a
 * small report-like context, with partials that refer to themselves. */
#include "config.h"

#include "fuzz.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "mustache.h"

static char *partials(void *ctx, const char *name, size_t *len)
{
	const buf *self = ctx;
	char *copy = malloc(self->len + 1);

	(void)name;
	if (!copy)
		return NULL;
	/* every partial is the template itself, NUL bytes and all (strndup
	 * would stop at the first one and break the loader's promise) */
	memcpy(copy, buf_cstr(self), self->len);
	copy[self->len] = '\0';
	*len = self->len;
	return copy;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static json_t *ctx;
	mustache_template *t = NULL;
	mustache_error err = MUSTACHE_ERROR_INIT;
	buf out = BUF_INIT, self = BUF_INIT;

	if (!ctx)
		ctx = json_pack("{s:s, s:i, s:[{s:s}, {s:s}], s:{s:{s:s}}, s:b, s:n}", "name", "<b>&\"'", "n", 3, "list",
		                "x", "1", "x", "2", "a", "b", "c", "d", "t", 1, "z");
	buf_append(&self, data, size);
	if (mustache_compile(&t, "fuzz", buf_cstr(&self), self.len, &err) == 0)
		mustache_render(t, ctx, mustache_escape_html, partials, &self, &out, &err);
	mustache_error_clear(&err);
	mustache_free(t);
	buf_free(&out);
	buf_free(&self);
	return 0;
}
