/* hotpath-audit explain: the whole chain behind one site's verdict, for a
 * reviewer who doubts it.  The audit runs as `audit` runs it (the same
 * scope, so the same type library and the same verdict), with a trace of
 * the classification rules kept for the sites on the line asked about;
 * with --verify the compiler is asked too. */
#include "config.h"

#include "cmd_explain.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "audit.h"
#include "audit_rules.h"
#include "cli.h"
#include "datadir.h"
#include "repoconf.h"
#include "rules.h"
#include "sources.h"
#include "verify.h"
#include "verify_args.h"

#define PROG "hotpath-audit explain"

static const cli_opt options[] = {
	{ "root", CLI_VALUE, 0, "DIR", "repository root; FILE is relative to it (default: .)" },
	{ "paths", CLI_LIST, 0, "P", "the audit's scope, for its type library (default: the whole root)" },
	{ "include-tests", CLI_FLAG, 0, NULL, "audit test, bench and example paths as production code" },
	{ "patterns", CLI_VALUE, 0, "DIR", "read inventory.rules and audit.rules from DIR" },
	{ "no-config", CLI_FLAG, 0, NULL, "ignore the repository's .hotpath-audit.json" },
	{ "verify", CLI_FLAG, 0, NULL, "ask the Rust compiler too, as audit --verify does" },
	VERIFY_ARGS_OPTIONS,
};
#define NOPTIONS (sizeof(options) / sizeof(options[0]))

typedef struct {
	const char *root, *patterns;
	const char *const *paths;
	size_t npaths;
	int include_tests, no_config;
	verify_args verify;
} explain_args;

static int on_option(void *ctx, const cli_opt *o, const char *const *v, size_t n, buf *err)
{
	explain_args *a = ctx;
	int taken = verify_args_option(&a->verify, o->name, n ? v[0] : NULL, err);

	if (taken)
		return taken < 0 ? -1 : 0;
	if (strcmp(o->name, "root") == 0)
		a->root = v[0];
	else if (strcmp(o->name, "paths") == 0) {
		a->paths = v;
		a->npaths = n;
	} else if (strcmp(o->name, "include-tests") == 0)
		a->include_tests = 1;
	else if (strcmp(o->name, "patterns") == 0)
		a->patterns = v[0];
	else if (strcmp(o->name, "no-config") == 0)
		a->no_config = 1;
	return 0;
}

static void print_help(void)
{
	buf b = BUF_INIT;

	buf_puts(&b, "Usage: " PROG " FILE:LINE[:COLUMN] [OPTION]...\n"
	             "Explain the verdict of the clone site(s) at FILE:LINE: the receiver, its type and\n"
	             "where it came from, who owns it, the later uses, loops, closures, guards and\n"
	             "boundaries considered, every classification rule tried in order and its answer,\n"
	             "the verdict and its eight fields (and the compiler's word with --verify).\n\n"
	             "Options:\n");
	cli_help(&b, options, NOPTIONS);
	buf_puts(&b, "  -h, --help                 show this help and exit\n\n"
	             "Exit status: 0 explained; 1 no clone site at that place; 2 usage or input error.\n");
	fputs(buf_cstr(&b), stdout);
	buf_free(&b);
}

static int usage_error(const char *msg)
{
	fprintf(stderr, PROG ": error: %s\nTry '" PROG " --help' for more information.\n", msg);
	return 2;
}

/* FILE:LINE[:COL] -> its parts; 0, or -1. */
static int parse_place(const char *s, buf *file, long long *line, long long *col)
{
	const char *c1 = strrchr(s, ':'), *c2;
	char *end;

	*col = 0;
	if (!c1 || c1 == s)
		return -1;
	c2 = c1;
	*line = strtoll(c1 + 1, &end, 10);
	if (*end || *line < 1)
		return -1;
	/* FILE:LINE:COL? */
	for (c2 = c1 - 1; c2 > s && *c2 != ':'; c2--)
		;
	if (c2 > s && *c2 == ':') {
		long long l2 = strtoll(c2 + 1, &end, 10);
		if (end == c1 && l2 >= 1) {
			*col = *line;
			*line = l2;
			c1 = c2;
		}
	}
	buf_append(file, s, (size_t)(c1 - s));
	return 0;
}

static const char *str_of(json_t *o, const char *k)
{
	const char *s = json_string_value(json_object_get(o, k));
	return s ? s : "";
}

/* A JSON scalar as text: strings as they are, null as "-". */
static void scalar(buf *b, json_t *v)
{
	if (json_is_string(v))
		buf_puts(b, json_string_value(v));
	else if (json_is_integer(v))
		buf_printf(b, "%lld", (long long)json_integer_value(v));
	else if (json_is_true(v))
		buf_puts(b, "yes");
	else if (json_is_false(v))
		buf_puts(b, "no");
	else
		buf_puts(b, "-");
}

static void print_finding(buf *b, json_t *f)
{
	static const struct { const char *key, *label; } fields[] = {
		{ "hot_path_rationale", "Hot path" },           { "cloned_value", "Cloned value and cost" },
		{ "bucket_and_change", "Bucket and change" },   { "removal_rationale", "Removal rationale" },
		{ "required_clone_check", "Required-clone check" }, { "correctness_proof", "Correctness proof" },
		{ "validation_command", "Validation" },
	};
	json_t *ev = json_object_get(f, "evidence"), *trace = json_object_get(f, "trace"), *ver = json_object_get(f, "verification");
	json_t *fl = json_object_get(f, "fields"), *v;
	const char *key;
	size_t i;

	buf_printf(b, "%s:%lld:%lld  %s\n", str_of(f, "path"), (long long)json_integer_value(json_object_get(f, "line")),
	           (long long)json_integer_value(json_object_get(f, "column")), str_of(f, "text"));
	buf_printf(b, "  fn             %s\n", json_is_string(json_object_get(f, "fn")) ? str_of(f, "fn") : "(none)");
	buf_printf(b, "  receiver       %s\n", str_of(f, "receiver"));
	buf_printf(b, "  type           %s\n", json_is_string(json_object_get(f, "type")) ? str_of(f, "type") : "unknown");
	buf_printf(b, "  cost           %s\n", str_of(f, "cost"));
	buf_puts(b, "\nEvidence (what the code says around it):\n");
	json_object_foreach(ev, key, v) {
		char label[64];
		size_t k;
		snprintf(label, sizeof(label), "%s", key);
		for (k = 0; label[k]; k++)
			if (label[k] == '_')
				label[k] = ' ';
		buf_printf(b, "  %-24s ", label);
		scalar(b, v);
		buf_putc(b, '\n');
	}
	buf_puts(b, "\nRules, in order (the first that holds decides):\n");
	for (i = 0; i < json_array_size(trace); i++)
		buf_printf(b, "  %s\n", json_string_value(json_array_get(trace, i)));
	buf_printf(b, "\nVerdict: %s, %s confidence (rule %s)\n", str_of(f, "bucket"), str_of(f, "confidence"), str_of(f, "rule"));
	if (json_object_get(f, "static_verdict"))
		buf_printf(b, "  (the rules said %s, rule %s; the compiler decided)\n",
		           str_of(json_object_get(f, "static_verdict"), "bucket"), str_of(json_object_get(f, "static_verdict"), "rule"));
	if (ver)
		buf_printf(b, "Compiler check: %s: %s (%s)\n", str_of(ver, "status"), str_of(ver, "detail"), str_of(ver, "by"));
	if (json_object_get(f, "suppression"))
		buf_printf(b, "Suppressed by %s: %s\n", str_of(json_object_get(f, "suppression"), "by"),
		           str_of(json_object_get(f, "suppression"), "reason"));
	buf_puts(b, "\n");
	for (i = 0; i < sizeof(fields) / sizeof(fields[0]); i++)
		buf_printf(b, "%s: %s\n", fields[i].label, str_of(fl, fields[i].key));
}

int cmd_explain(int argc, char **argv)
{
	explain_args a;
	buf err = BUF_INIT, file = BUF_INIT, path = BUF_INIT, apath = BUF_INIT, out = BUF_INIT;
	rules *r = NULL;
	audit_rules ar;
	source_set src;
	audit_result res = { 0 };
	verify_result vres = { 0 };
	json_t *cfg = NULL;
	long long line = 0, col = 0;
	const char *dot = ".";
	size_t i, shown = 0;
	int rc = 2;

	memset(&a, 0, sizeof(a));
	memset(&ar, 0, sizeof(ar));
	memset(&src, 0, sizeof(src));
	a.root = ".";
	if (argc >= 1 && (strcmp(argv[0], "-h") == 0 || strcmp(argv[0], "--help") == 0)) {
		print_help();
		return 0;
	}
	if (argc < 1 || argv[0][0] == '-')
		return usage_error("the site is missing: FILE:LINE or FILE:LINE:COLUMN");
	if (parse_place(argv[0], &file, &line, &col) < 0) {
		buf_printf(&err, "'%s' is not FILE:LINE or FILE:LINE:COLUMN", argv[0]);
		rc = usage_error(buf_cstr(&err));
		goto done;
	}
	switch (cli_parse(options, NOPTIONS, argc - 1, argv + 1, on_option, &a, &err)) {
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
	if (verify_args_unused(&a.verify)) {
		rc = usage_error(verify_args_unused(&a.verify));
		goto done;
	}
	while (strncmp(file.ptr, "./", 2) == 0) { /* the report's paths have no ./ */
		memmove(file.ptr, file.ptr + 2, file.len - 1);
		file.len -= 2;
	}
	datadir_rules_file(&path, a.patterns, "inventory.rules");
	datadir_rules_file(&apath, a.patterns, "audit.rules");
	if (rules_load_settings(&r, path.ptr, &err) < 0 || audit_rules_load(&ar, apath.ptr, &err) < 0)
		goto fail;
	{
		sources_options so = { a.root, a.paths ? a.paths : &dot, a.paths ? a.npaths : 1, NULL, SOURCES_AUTO, 0 };
		if (sources_open(&src, &so, &err) < 0)
			goto fail;
	}
	if (repoconf_load(&cfg, &src, NULL, a.no_config, &err) < 0)
		goto fail;
	if (cfg) {
		if (repoconf_hot_paths(r, cfg) < 0)
			goto oom;
		repoconf_exclude(&src, cfg);
	}
	{
		audit_options ao = { r, &ar, &src, a.include_tests, 0, NULL, NULL, file.ptr, (uint32_t)line, NULL };
		if (audit_files(&ao, &res, &err) < 0)
			goto fail;
		if (cfg)
			repoconf_suppress_tapes(&res.findings, cfg);
	}
	{ /* only the sites asked about are verified */
		jsontape_list keep = { NULL, 0, 0 };
		for (i = 0; i < res.findings.n; i++) {
			jsontape *f = res.findings.v[i];
			if (jsontape_get(f, "trace") && (!col || jsontape_integer(jsontape_get(f, "column")) == col)) {
				if (jsontape_list_push(&keep, f) < 0)
					goto oom;
			} else {
				jsontape_free(f);
				free(f);
			}
		}
		jsontape_list_free(&res.findings);
		res.findings = keep;
	}
	if (!res.findings.n) {
		buf_printf(&err, "no clone site at %s:%lld%s in the audit of %s (is the file in the scope, and the line "
		                 "a `.clone()` call?)", file.ptr, line, col ? ":COLUMN" : "", a.root);
		fprintf(stderr, PROG ": %s\n", buf_cstr(&err));
		rc = 1;
		goto done;
	}
	if (a.verify.verify) {
		verify_options vo = verify_args_options(&a.verify, isatty(2), r->tier_high, r->tier_medium);
		if (verify_findings(&res.findings, &src, &vo, &vres, &err) < 0)
			goto fail;
	}
	for (i = 0; i < res.findings.n; i++) {
		json_t *f = jsontape_to_json(res.findings.v[i]);
		if (!f)
			goto oom;
		if (shown++)
			buf_puts(&out, "\n----\n\n");
		print_finding(&out, f);
		json_decref(f);
	}
	fputs(buf_cstr(&out), stdout);
	errno = 0;
	rc = fflush(stdout) == 0 && !ferror(stdout) ? 0 : 2;
	if (rc)
		fprintf(stderr, PROG ": writing standard output failed: %s\n", strerror(errno ? errno : EIO));
	goto done;
oom:
	buf_puts(&err, "out of memory");
fail:
	fprintf(stderr, PROG ": %s\n", buf_cstr(&err));
	rc = 2;
done:
	json_decref(cfg);
	verify_result_free(&vres);
	audit_result_free(&res);
	sources_close(&src);
	rules_free(r);
	audit_rules_free(&ar);
	buf_free(&err);
	buf_free(&file);
	buf_free(&path);
	buf_free(&apath);
	buf_free(&out);
	return rc;
}
