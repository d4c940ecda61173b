/* libFuzzer: any bytes as what a check command printed -- cargo's JSON
 * messages, or anything else -- read by cargocheck_parse(): no crash, and
 * every error it keeps has a message and spans with a file. */
#include "config.h"

#include "fuzz.h"

#include <stdlib.h>
#include <string.h>

#include "cargocheck.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	cargocheck_result r;
	size_t i, k;

	memset(&r, 0, sizeof(r));
	if (cargocheck_parse(&r, (const char *)data, size) < 0)
		abort(); /* only memory running out may fail */
	if (r.nerrors > r.messages)
		abort();
	for (i = 0; i < r.nerrors; i++) {
		if (!r.errors[i].message)
			abort();
		for (k = 0; k < r.errors[i].nspans; k++)
			if (!r.errors[i].spans[k].file)
				abort();
	}
	cargocheck_result_free(&r);
	return 0;
}
