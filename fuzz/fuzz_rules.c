/* libFuzzer: any bytes as an inventory.rules and an audit.rules file. */
#include "config.h"

#include "fuzz.h"

#include <stdint.h>

#include "audit_rules.h"
#include "rules.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	rules *r = NULL;
	audit_rules ar;
	buf err = BUF_INIT;

	if (rules_parse(&r, "fuzz.rules", (const char *)data, size, &err) == 0)
		rules_free(r);
	if (audit_rules_parse(&ar, "fuzz.rules", (const char *)data, size, &err) == 0)
		audit_rules_free(&ar);
	buf_free(&err);
	return 0;
}
