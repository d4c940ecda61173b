/* libFuzzer: any bytes as a baseline report, applied to a small model. */
#include "config.h"

#include "fuzz.h"

#include <stdint.h>

#include "baseline.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	json_t *base = NULL;
	buf err = BUF_INIT;

	if (baseline_parse(&base, "fuzz.json", (const char *)data, size, &err) == 0) {
		/* a report whose two findings are tapes, as an audit makes them */
		jsontape a = JSONTAPE_INIT, b = JSONTAPE_INIT;
		report_doc doc = { json_pack("{s:[], s:{}}", "findings", "summary"), { NULL, 0, 0 }, 1 };
		jsontape_set_string(&a, "path", "a.rs");
		jsontape_set_string(&a, "fingerprint", "0123456789abcdef");
		jsontape_set_string(&b, "path", "b.rs");
		jsontape_set_string(&b, "fingerprint", "fedcba9876543210");
		jsontape_list_push(&doc.findings, &a);
		jsontape_list_push(&doc.findings, &b);
		baseline_apply(&doc, base, "fuzz.json");
		report_doc_free(&doc);
		jsontape_free(&a);
		jsontape_free(&b);
		json_decref(base);
	}
	buf_free(&err);
	return 0;
}
