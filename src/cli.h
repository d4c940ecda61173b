/* cli: command-line options parsed as Python's argparse parses them.
 *
 * `inventory` must accept whatever the reference accepted (abbreviations
 * such as --lim 5, --opt=value, last occurrence wins, --paths taking every
 * following argument), so the parser follows argparse's rules.  One option
 * table drives both the parsing and the --help text, as in libgit2's CLI.
 *
 * Options marked `compat` are the reference's own: an abbreviation is first
 * resolved among them, so options we add never make an abbreviation the
 * reference accepted ambiguous. */
#ifndef HPA_CLI_H
#define HPA_CLI_H

#include <stddef.h>

#include "buf.h"

typedef enum {
	CLI_FLAG,  /* no value */
	CLI_VALUE, /* exactly one value */
	CLI_LIST,  /* one or more values (argparse nargs="+") */
} cli_kind;

typedef struct {
	const char *name;    /* long name without "--" */
	cli_kind kind;
	int compat;          /* one of the reference scanner's options */
	const char *metavar; /* for --help */
	const char *help;
} cli_opt;

/* Called for each option occurrence in command-line order; values[0..n)
 * are borrowed from argv.  Return 0, or -1 with a message in err (it is
 * then reported as a usage error). */
typedef int (*cli_handler)(void *ctx, const cli_opt *opt, const char *const *values, size_t n, buf *err);

enum cli_result { CLI_OK = 0, CLI_HELP = 1, CLI_USAGE = 2 };

/* Parse argv[0..argc) (argv[0] is the first option, not the program).
 * `--help` and `-h` stop parsing with CLI_HELP.  On CLI_USAGE err holds
 * one line saying what is wrong. */
enum cli_result cli_parse(const cli_opt *table, size_t count, int argc, char **argv, cli_handler handler,
                          void *ctx, buf *err);

/* The options part of --help, from the table. */
int cli_help(buf *out, const cli_opt *table, size_t count);

/* Python's int() of a decimal string: surrounding white space, a sign,
 * digits with single underscores between them.  Values beyond long long
 * saturate (they mean "everything" wherever we use them). */
int cli_parse_int(const char *s, long long *out);

#endif
