#include "config.h"

#include "typelib.h"

#include <string.h>

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

int typelib_merge(typelib *lib, const typelib *part)
{
	if (lib->text.len + part->text.len > TYPELIB_MAX_BYTES) {
		lib->truncated = 1;
		return 0;
	}
	lib->truncated |= part->truncated;
	return buf_append(&lib->text, buf_cstr(&part->text), part->text.len);
}

int typelib_finish(typelib *lib)
{
	memset(&lib->lex, 0, sizeof(lib->lex));
	if (rustlex_lex(&lib->lex, buf_cstr(&lib->text), lib->text.len) < 0 || rustscan_scan(&lib->scan, &lib->lex) < 0)
		return -1;
	lib->finished = 1;
	return 0;
}

void typelib_free(typelib *lib)
{
	if (lib->finished) {
		rustscan_free(&lib->scan);
		rustlex_free(&lib->lex);
	}
	buf_free(&lib->text);
	memset(lib, 0, sizeof(*lib));
}
