/* libFuzzer: any bytes as a --diff range. */
#include "config.h"

#include "fuzz.h"

#include <stdint.h>
#include <string.h>

#include "gitdiff.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	gitdiff d;
	buf err = BUF_INIT, s = BUF_INIT;

	buf_append(&s, data, size);
	if (!memchr(buf_cstr(&s), '\0', s.len) && gitdiff_parse_range(&d, buf_cstr(&s), &err) == 0)
		gitdiff_free(&d);
	buf_free(&err);
	buf_free(&s);
	return 0;
}
