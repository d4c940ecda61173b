/* test_cli: argparse's rules, as the reference's users rely on them. */
#include "config.h"

#include <string.h>

#include "cli.h"
#include "tap.h"

static const cli_opt table[] = {
	{ "root", CLI_VALUE, 1, "DIR", "" },
	{ "paths", CLI_LIST, 1, "P", "" },
	{ "limit", CLI_VALUE, 1, "N", "" },
	{ "format", CLI_VALUE, 1, "F", "" },
	{ "only-actionable", CLI_FLAG, 1, NULL, "" },
	{ "include-tests", CLI_FLAG, 1, NULL, "" },
	{ "jobs", CLI_VALUE, 0, "N", "" },
	{ "patterns", CLI_VALUE, 0, "DIR", "" },
};

/* Record the calls as "name=v1,v2;" */
static int record(void *ctx, const cli_opt *o, const char *const *v, size_t n, buf *err)
{
	buf *b = ctx;
	size_t i;

	(void)err;
	buf_printf(b, "%s=", o->name);
	for (i = 0; i < n; i++)
		buf_printf(b, "%s%s", i ? "," : "", v[i]);
	buf_putc(b, ';');
	return 0;
}

static const char *run(const char *args, enum cli_result *res, buf *err)
{
	static buf calls;
	char copy[512], *argv[32], *tok, *save = NULL;
	int argc = 0;

	buf_clear(&calls);
	buf_clear(err);
	strcpy(copy, args);
	for (tok = strtok_r(copy, " ", &save); tok && argc < 32; tok = strtok_r(NULL, " ", &save))
		argv[argc++] = strcmp(tok, "<empty>") == 0 ? (char *)"" : tok;
	*res = cli_parse(table, sizeof(table) / sizeof(table[0]), argc, argv, record, &calls, err);
	return buf_cstr(&calls);
}

#define EXPECT(args, want, name)                                      \
	do {                                                              \
		enum cli_result r_;                                           \
		const char *got_ = run(args, &r_, &err);                      \
		TAP_OK(r_ == CLI_OK, name " (parses)");                       \
		TAP_STREQ(got_, want, name);                                  \
	} while (0)

#define EXPECT_USAGE(args, msg, name)                                          \
	do {                                                                       \
		enum cli_result r_;                                                    \
		run(args, &r_, &err);                                                  \
		if (!TAP_OK(r_ == CLI_USAGE && strstr(buf_cstr(&err), msg), name))     \
			printf("#   result %d, err: %s\n", r_, buf_cstr(&err));            \
	} while (0)

int main(void)
{
	buf err = BUF_INIT;
	enum cli_result r;
	long long v;

	EXPECT("--only --inc --form json --lim 5", "only-actionable=;include-tests=;format=json;limit=5;", "abbreviations");
	EXPECT("--paths a b c --limit 3", "paths=a,b,c;limit=3;", "paths takes every following argument");
	EXPECT("--paths a --paths b", "paths=a;paths=b;", "each occurrence is reported (last wins)");
	EXPECT("--root=x --format=json", "root=x;format=json;", "--opt=value");
	EXPECT("--root=", "root=;", "--opt= gives an empty value");
	EXPECT("--limit -5", "limit=-5;", "a negative number is a value");
	EXPECT("--pa x --pat y --patt z", "paths=x;paths=y;patterns=z;", "a reference abbreviation wins over our options");
	EXPECT("--j 2", "jobs=2;", "our options abbreviate too");
	EXPECT("--paths <empty>", "paths=;", "--paths with an empty string");
	EXPECT("--paths -- -x", "paths=-x;", "after -- an argument is a value");

	EXPECT_USAGE("--root", "argument --root: expected one argument", "missing value");
	EXPECT_USAGE("--paths --limit 5", "argument --paths: expected at least one argument", "empty list");
	EXPECT_USAGE("--root -x", "expected one argument", "an option-like value is refused");
	EXPECT_USAGE("--only-actionable=yes", "ignored explicit argument 'yes'", "a flag takes no value");
	EXPECT_USAGE("--bogus", "unrecognized arguments: --bogus", "unknown option");
	EXPECT_USAGE("stray --limit 1 more", "unrecognized arguments: stray more", "stray arguments");
	EXPECT_USAGE("--paths a b --root r extra", "unrecognized arguments: extra", "extra after a value option");

	run("--lim 1 --help --bogus", &r, &err);
	TAP_OK(r == CLI_HELP, "--help stops parsing");
	run("--he", &r, &err);
	TAP_OK(r == CLI_HELP, "--he abbreviates --help");

	TAP_OK(cli_parse_int(" 12 ", &v) == 0 && v == 12, "int: surrounding spaces");
	TAP_OK(cli_parse_int("+1_000", &v) == 0 && v == 1000, "int: sign and underscore");
	TAP_OK(cli_parse_int("-0", &v) == 0 && v == 0, "int: -0");
	TAP_OK(cli_parse_int("99999999999999999999999", &v) == 0 && v > 1000000000, "int: huge saturates");
	TAP_OK(cli_parse_int("1__0", &v) < 0 && cli_parse_int("_1", &v) < 0 && cli_parse_int("1_", &v) < 0, "int: bad underscores");
	TAP_OK(cli_parse_int("5.0", &v) < 0 && cli_parse_int("", &v) < 0 && cli_parse_int("0x1", &v) < 0, "int: not an int");
	buf_free(&err);
	return tap_done();
}
