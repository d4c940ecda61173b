#include "config.h"

#include "verify_args.h"

#include <string.h>

int verify_args_option(verify_args *a, const char *name, const char *value, buf *err)
{
	if (strcmp(name, "verify") == 0)
		a->verify = 1;
	else if (strcmp(name, "verify-command") == 0) {
		if (!*value) {
			buf_puts(err, "argument --verify-command: expected a command, got ''");
			return -1;
		}
		a->command = value;
	} else if (strcmp(name, "verify-target-dir") == 0)
		a->target_dir = value;
	else if (strcmp(name, "verify-timeout") == 0) {
		if (cli_parse_int(value, &a->timeout) < 0 || a->timeout < 1 || a->timeout > 604800) {
			buf_printf(err, "argument --verify-timeout: expected a whole number of seconds from 1 to 604800, got '%s'",
			           value);
			return -1;
		}
	} else if (strcmp(name, "verify-checks") == 0) {
		if (cli_parse_int(value, &a->checks) < 0 || a->checks < 1 || a->checks > 1000) {
			buf_printf(err, "argument --verify-checks: expected a whole number from 1 to 1000, got '%s'", value);
			return -1;
		}
	} else
		return 0;
	return 1;
}

const char *verify_args_unused(const verify_args *a)
{
	return !a->verify && (a->command || a->target_dir || a->timeout || a->checks)
	           ? "--verify-command, --verify-target-dir, --verify-timeout and --verify-checks go with --verify"
	           : NULL;
}

verify_options verify_args_options(const verify_args *a, int progress, int tier_high, int tier_medium)
{
	verify_options o = { a->command, a->target_dir, NULL, (double)a->timeout, (int)a->checks,
	                     progress, tier_high, tier_medium };

	return o;
}
