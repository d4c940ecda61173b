/* libFuzzer: any bytes as a baseline report, applied to a small model. */
#include "config.h"

#include "fuzz.h"

#include <stdint.h>

#include "baseline.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	json_t *base = NULL, *model;
	buf err = BUF_INIT;

	if (baseline_parse(&base, "fuzz.json", (const char *)data, size, &err) == 0) {
		model = json_pack("{s:[{s:s, s:s}, {s:s, s:s}], s:{}}", "findings", "fingerprint", "0123456789abcdef", "path",
		                  "a.rs", "fingerprint", "fedcba9876543210", "path", "b.rs", "summary");
		baseline_apply(model, base, "fuzz.json");
		json_decref(model);
		json_decref(base);
	}
	buf_free(&err);
	return 0;
}
