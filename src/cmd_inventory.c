#include "config.h"

#include "cmd_inventory.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "datadir.h"
#include "discover.h"
#include "inventory.h"
#include "inventory_report.h"
#include "rules.h"

#define PROG "hotpath-audit inventory"

static const cli_opt options[] = {
	{ "root", CLI_VALUE, 1, "DIR", "repository root; paths are relative to it (default: .)" },
	{ "paths", CLI_LIST, 1, "P", "files or directories to scan (default: the rules' default_paths)" },
	{ "limit", CLI_VALUE, 1, "N", "most candidates to print; 0 or less prints all (default: 120)" },
	{ "format", CLI_VALUE, 1, "FMT", "markdown or json (default: markdown)" },
	{ "only-actionable", CLI_FLAG, 1, NULL, "drop cheap_shared and cold_or_test candidates" },
	{ "include-tests", CLI_FLAG, 1, NULL, "score test, bench and example paths normally" },
	{ "jobs", CLI_VALUE, 0, "N", "worker threads (default: one per CPU); output is the same for any N" },
	{ "patterns", CLI_VALUE, 0, "DIR", "read inventory.rules from DIR instead of the installed one" },
};
#define NOPTIONS (sizeof(options) / sizeof(options[0]))

typedef struct {
	const char *root;
	const char *const *paths; /* borrowed from argv; NULL: the rules' default */
	size_t npaths;
	long long limit;
	int json;
	int only_actionable;
	int include_tests;
	long long jobs;
	const char *patterns;
} inventory_args;

static int on_option(void *ctx, const cli_opt *o, const char *const *v, size_t n, buf *err)
{
	inventory_args *a = ctx;

	if (strcmp(o->name, "root") == 0)
		a->root = v[0];
	else if (strcmp(o->name, "paths") == 0) {
		a->paths = v;
		a->npaths = n;
	} else if (strcmp(o->name, "limit") == 0) {
		if (cli_parse_int(v[0], &a->limit) < 0) {
			buf_printf(err, "argument --limit: invalid int value: '%s'", v[0]);
			return -1;
		}
	} else if (strcmp(o->name, "format") == 0) {
		if (strcmp(v[0], "json") != 0 && strcmp(v[0], "markdown") != 0) {
			buf_printf(err, "argument --format: invalid choice: '%s' (choose from 'markdown', 'json')", v[0]);
			return -1;
		}
		a->json = strcmp(v[0], "json") == 0;
	} else if (strcmp(o->name, "only-actionable") == 0)
		a->only_actionable = 1;
	else if (strcmp(o->name, "include-tests") == 0)
		a->include_tests = 1;
	else if (strcmp(o->name, "jobs") == 0) {
		if (cli_parse_int(v[0], &a->jobs) < 0 || a->jobs < 1 || a->jobs > 256) {
			buf_printf(err, "argument --jobs: expected a whole number from 1 to 256, got '%s'", v[0]);
			return -1;
		}
	} else if (strcmp(o->name, "patterns") == 0)
		a->patterns = v[0];
	return 0;
}

static void print_help(void)
{
	buf b = BUF_INIT;

	buf_puts(&b, "Usage: " PROG " [OPTION]...\n"
	             "Rank Rust .clone() call sites by hot-path priority, exactly as the\n"
	             "dynamo-clone-hotpath-audit reference scanner (clone_inventory.py) does.\n\n"
	             "Options:\n");
	cli_help(&b, options, NOPTIONS);
	buf_puts(&b, "  -h, --help                 show this help and exit\n\n"
	             "Options may be abbreviated to any unambiguous prefix (--lim 5, --form json).\n"
	             "Exit status: 0 done; 1 a path outside the root, a symlink loop or an\n"
	             "unreadable file (as the reference); 2 usage or internal error.\n");
	fputs(buf_cstr(&b), stdout);
	buf_free(&b);
}

static int usage_error(const char *msg)
{
	fprintf(stderr, PROG ": error: %s\nTry '" PROG " --help' for more information.\n", msg);
	return 2;
}

static int write_stdout(const buf *b)
{
	if ((b->len && fwrite(b->ptr, 1, b->len, stdout) != b->len) || fflush(stdout) != 0) {
		perror(PROG ": writing standard output failed");
		return 2;
	}
	return 0;
}

int cmd_inventory(int argc, char **argv)
{
	inventory_args a = { ".", NULL, 0, 120, 0, 0, 0, 0, NULL };
	buf err = BUF_INIT, rules_path = BUF_INIT, out = BUF_INIT;
	rules *r = NULL;
	discover_result files = { 0 };
	inventory_list found = { 0 };
	const inventory_candidate **view = NULL;
	const char **default_paths = NULL;
	size_t i, kept = 0;
	int rc = 2;

	switch (cli_parse(options, NOPTIONS, argc, argv, on_option, &a, &err)) {
	case CLI_HELP:
		print_help();
		rc = 0;
		goto done;
	case CLI_USAGE:
		rc = usage_error(buf_cstr(&err));
		goto done;
	case CLI_OK:
		break;
	}

	if (datadir_rules_file(&rules_path, a.patterns, "inventory.rules") < 0)
		goto oom;
	if (rules_load(&r, rules_path.ptr, &err) < 0) {
		fprintf(stderr, PROG ": %s\n", buf_cstr(&err));
		goto done;
	}
	if (!a.paths) {
		if (!(default_paths = strlist_cstrs(&r->default_paths)))
			goto oom;
		a.paths = default_paths;
		a.npaths = r->default_paths.count;
	}

	switch (discover_collect(&files, a.root, a.paths, a.npaths, &err)) {
	case DISCOVER_OK:
		break;
	case DISCOVER_OUTSIDE_ROOT:
		/* the reference's exact line, and nothing else */
		fprintf(stderr, "%s\n", buf_cstr(&err));
		rc = 1;
		goto done;
	case DISCOVER_LOOP:
		fprintf(stderr, PROG ": %s\n", buf_cstr(&err));
		rc = 1;
		goto done;
	case DISCOVER_ERROR:
		fprintf(stderr, PROG ": %s\n", buf_cstr(&err));
		goto done;
	}

	{
		inventory_scan_options so = { r, a.include_tests, (unsigned)a.jobs };
		int s = inventory_scan_files(&so, &files, &found, &err);
		if (s) {
			fprintf(stderr, PROG ": %s\n", buf_cstr(&err));
			rc = s;
			goto done;
		}
	}

	if (found.count && !(view = malloc(found.count * sizeof(*view))))
		goto oom;
	for (i = 0; i < found.count; i++) {
		const inventory_candidate *c = &found.v[i];
		if (a.only_actionable && (c->category == INV_CHEAP_SHARED || c->category == INV_COLD_OR_TEST))
			continue;
		view[kept++] = c;
	}
	{
		inventory_view v = { r, &files, view, kept,
		                     (a.limit <= 0 || (unsigned long long)a.limit > kept) ? kept : (size_t)a.limit };
		if ((a.json ? inventory_report_json(&out, &v) : inventory_report_markdown(&out, &v)) < 0)
			goto oom;
	}
	rc = write_stdout(&out);
	goto done;
oom:
	fprintf(stderr, PROG ": out of memory\n");
	rc = 2;
done:
	free(view);
	free(default_paths);
	inventory_list_free(&found);
	discover_result_free(&files);
	rules_free(r);
	buf_free(&err);
	buf_free(&rules_path);
	buf_free(&out);
	return rc;
}
