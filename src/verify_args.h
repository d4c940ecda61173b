/* verify_args: the --verify options `audit` and `explain` both take -- their
 * entries in a command's option table (parsing and --help), the checks of
 * their values, and the verify_options they make. */
#ifndef HPA_VERIFY_ARGS_H
#define HPA_VERIFY_ARGS_H

#include "buf.h"
#include "cli.h"
#include "verify.h"

/* The value options, for a command's cli_opt table after its own
 * `--verify` flag (whose help says what the command asks of it). */
#define VERIFY_ARGS_OPTIONS \
	{ "verify-command", CLI_VALUE, 0, "CMD", "the check --verify runs (default: " VERIFY_DEFAULT_COMMAND_KEEP_GOING ")" }, \
	{ "verify-target-dir", CLI_VALUE, 0, "DIR", "the target directory of --verify's builds (default: in the cache)" }, \
	{ "verify-timeout", CLI_VALUE, 0, "SECONDS", "longest one check of --verify may run (default: 1200)" }, \
	{ "verify-checks", CLI_VALUE, 0, "N", "check runs --verify may take per workspace (default: 12)" }

typedef struct {
	int verify;                       /* --verify */
	const char *command, *target_dir; /* borrowed from argv */
	long long timeout, checks;        /* 0: the default */
} verify_args;

/* Take option `name` with its value (NULL for the flag) when it is
 * --verify or one of VERIFY_ARGS_OPTIONS: 1; 0 when it is none of them;
 * -1 with a message in err when its value is not one it takes. */
int verify_args_option(verify_args *a, const char *name, const char *value, buf *err);

/* The usage error when values were given without --verify, or NULL. */
const char *verify_args_unused(const verify_args *a);

/* What verify_findings() is to do (the strings stay borrowed from a). */
verify_options verify_args_options(const verify_args *a, int progress, int tier_high, int tier_medium);

#endif
