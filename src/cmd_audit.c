#include "config.h"

#include "cmd_audit.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "audit.h"
#include "audit_rules.h"
#include "baseline.h"
#include "faultpoint.h"
#include "history.h"
#include "cli.h"
#include "datadir.h"
#include "discover.h"
#include "emit.h"
#include "fileio.h"
#include "gitdiff.h"
#include "pack.h"
#include "patch.h"
#include "render.h"
#include "report.h"
#include "repoconf.h"
#include "sources.h"
#include "rules.h"
#include "scope.h"
#include "strlist.h"
#include "verify.h"
#include "verify_args.h"

#define PROG "hotpath-audit audit"

static const cli_opt options[] = {
	{ "root", CLI_VALUE, 1, "DIR", "repository root; paths are relative to it (default: .)" },
	{ "rev", CLI_VALUE, 0, "REV", "audit this git revision from the object database (no checkout)" },
	{ "diff", CLI_VALUE, 0, "RANGE", "BASE..HEAD (as a pull request) or BASE (the working tree): only lines the change adds" },
	{ "paths", CLI_LIST, 1, "P", "files or directories to audit (default: the workspace's crates, or every crate under --root)" },
	{ "format", CLI_VALUE, 1, "FMT", "md, html, json, sarif or gitlab, or a comma list (default: md)" },
	{ "only-actionable", CLI_FLAG, 1, NULL, "keep removable and structural findings only" },
	{ "include-tests", CLI_FLAG, 1, NULL, "audit test, bench and example paths as production code" },
	{ "output", CLI_VALUE, 0, "FILE", "write the report to FILE (atomically) instead of standard output (`-`: standard output)" },
	{ "output-dir", CLI_VALUE, 0, "DIR", "write each format to DIR/audit.EXT (atomically; DIR is created)" },
	{ "fail-on", CLI_VALUE, 0, "WHAT", "exit 1 when actionable findings exist: new, high, medium or any (with --diff: on the changed lines)" },
	{ "exit-zero", CLI_FLAG, 0, NULL, "exit 0 even when --fail-on finds something (report-only jobs)" },
	{ "jobs", CLI_VALUE, 0, "N", "worker threads (default: one per CPU); output is the same for any N" },
	{ "packs", CLI_VALUE, 0, "LIST", "rule packs to run, comma-separated: clone, perf-review, perf-leads, crate-hygiene, or a .pack file (default: clone)" },
	{ "patterns", CLI_VALUE, 0, "DIR", "read inventory.rules, audit.rules and packs/ from DIR" },
	{ "templates", CLI_VALUE, 0, "DIR", "read report templates from DIR" },
	{ "full-report", CLI_VALUE, 0, "WHERE", "where the full report is, named when a Markdown report is cut to fit" },
	{ "config", CLI_VALUE, 0, "FILE", "read the configuration from FILE (default: .hotpath-audit.json at the root)" },
	{ "no-config", CLI_FLAG, 0, NULL, "ignore any configuration file" },
	{ "baseline", CLI_VALUE, 0, "FILE", "an earlier JSON report: mark findings new or unchanged, list the resolved" },
	{ "history", CLI_VALUE, 0, "FILE", "append this run's counts to FILE (one JSON line a run, after the reports are written; safe for concurrent runs); the HTML draws the trend" },
	{ "patch", CLI_VALUE, 0, "FILE", "write the removals as one unified diff to FILE (verified ones with --verify, else high-confidence ones)" },
	{ "verify", CLI_FLAG, 0, NULL, "prove each removal with the Rust compiler, in a scratch copy (needs cargo)" },
	VERIFY_ARGS_OPTIONS,
};
#define NOPTIONS (sizeof(options) / sizeof(options[0]))

typedef struct {
	const char *root;
	const char *const *paths;
	size_t npaths;
	const char *format;
	int only_actionable, include_tests;
	const char *output, *patterns, *templates, *full_report, *rev, *baseline, *history, *diff, *output_dir, *fail_on;
	const char *config, *packs;
	int exit_zero, no_config;
	long long jobs;
	const char *patch;
	verify_args verify;
} audit_args;

static int on_option(void *ctx, const cli_opt *o, const char *const *v, size_t n, buf *err)
{
	audit_args *a = ctx;
	int taken = verify_args_option(&a->verify, o->name, n ? v[0] : NULL, err);

	if (taken)
		return taken < 0 ? -1 : 0;
	if (strcmp(o->name, "root") == 0)
		a->root = v[0];
	else if (strcmp(o->name, "paths") == 0) {
		a->paths = v;
		a->npaths = n;
	} else if (strcmp(o->name, "format") == 0) {
		a->format = v[0];
	} else if (strcmp(o->name, "only-actionable") == 0)
		a->only_actionable = 1;
	else if (strcmp(o->name, "include-tests") == 0)
		a->include_tests = 1;
	else if (strcmp(o->name, "output") == 0)
		return emit_output_arg(v[0], &a->output, err);
	else if (strcmp(o->name, "patterns") == 0)
		a->patterns = v[0];
	else if (strcmp(o->name, "packs") == 0)
		a->packs = v[0];
	else if (strcmp(o->name, "templates") == 0)
		a->templates = v[0];
	else if (strcmp(o->name, "full-report") == 0)
		a->full_report = v[0];
	else if (strcmp(o->name, "rev") == 0)
		a->rev = v[0];
	else if (strcmp(o->name, "baseline") == 0)
		a->baseline = v[0];
	else if (strcmp(o->name, "diff") == 0)
		a->diff = v[0];
	else if (strcmp(o->name, "output-dir") == 0)
		a->output_dir = v[0];
	else if (strcmp(o->name, "exit-zero") == 0)
		a->exit_zero = 1;
	else if (strcmp(o->name, "config") == 0)
		a->config = v[0];
	else if (strcmp(o->name, "no-config") == 0)
		a->no_config = 1;
	else if (strcmp(o->name, "fail-on") == 0) {
		if (strcmp(v[0], "new") && strcmp(v[0], "high") && strcmp(v[0], "medium") && strcmp(v[0], "any")) {
			buf_printf(err, "argument --fail-on: invalid choice: '%s' (choose from new, high, medium, any)", v[0]);
			return -1;
		}
		a->fail_on = v[0];
	}
	else if (strcmp(o->name, "history") == 0)
		a->history = v[0];
	else if (strcmp(o->name, "patch") == 0)
		a->patch = v[0];
	else if (strcmp(o->name, "jobs") == 0) {
		if (cli_parse_int(v[0], &a->jobs) < 0 || a->jobs < 1 || a->jobs > 256) {
			buf_printf(err, "argument --jobs: expected a whole number from 1 to 256, got '%s'", v[0]);
			return -1;
		}
	}
	return 0;
}

/* The findings of `*array` on lines the change touches; the others are
 * counted in *elsewhere. */
static void keep_touched(json_t **array, gitdiff *change, size_t *elsewhere)
{
	json_t *kept = json_array();
	size_t i, n = json_array_size(*array);

	for (i = 0; i < n; i++) {
		json_t *f = json_array_get(*array, i);
		if (gitdiff_touches(change, json_string_value(json_object_get(f, "path")),
		                    json_integer_value(json_object_get(f, "line"))))
			json_array_append(kept, f);
	}
	*elsewhere += n - json_array_size(kept);
	json_decref(*array);
	*array = kept;
}

/* The same for clone findings kept as tapes: the others are freed. */
static void keep_touched_tapes(jsontape_list *list, gitdiff *change, size_t *elsewhere)
{
	size_t i, k = 0;

	for (i = 0; i < list->n; i++) {
		jsontape *f = list->v[i];
		if (gitdiff_touches(change, jsontape_str(jsontape_get(f, "path")), jsontape_integer(jsontape_get(f, "line"))))
			list->v[k++] = f;
		else {
			jsontape_free(f);
			free(f);
		}
	}
	*elsewhere += list->n - k;
	list->n = k;
}

/* --diff: keep the findings on lines the change adds or modifies; count
 * the others in the diff's summary. */
static int keep_changed(audit_result *res, gitdiff *change, source_set *src, buf *err)
{
	size_t elsewhere = 0;

	if (!src->repo) {
		buf_printf(err, "--diff needs a git repository: %s is not in one", src->root);
		return -1;
	}
	if (gitdiff_compute(change, src->repo, src->prefix ? src->prefix : "", err) < 0)
		return -1;
	keep_touched_tapes(&res->findings, change, &elsewhere);
	json_object_set_new(change->info, "findings_in_change", json_integer((json_int_t)res->findings.n));
	json_object_set_new(change->info, "findings_elsewhere", json_integer((json_int_t)elsewhere));
	elsewhere = 0;
	keep_touched(&res->rule_findings, change, &elsewhere);
	json_object_set_new(change->info, "rule_findings_in_change",
	                    json_integer((json_int_t)json_array_size(res->rule_findings)));
	json_object_set_new(change->info, "rule_findings_elsewhere", json_integer((json_int_t)elsewhere));
	return 0;
}

/* The rule set's version: FNV-1a over both rules files, so a report says
 * which rules made it. */
static void rules_version(char out[32], const char *a, const char *b, const pack_set *packs)
{
	const char *files[2] = { a, b };
	uint64_t h = 0xcbf29ce484222325ULL;
	buf text = BUF_INIT;
	size_t i, k;
	int errnum;

	/* the clone pack alone keeps the version it had before packs existed */
	for (i = 0; i < 2 + (packs->n == 1 && packs->clone ? 0 : packs->n); i++) {
		if (fileio_read_into(i < 2 ? files[i] : packs->v[i - 2].file, &text, &errnum) < 0)
			continue;
		for (k = 0; k < text.len; k++) {
			h ^= (unsigned char)text.ptr[k];
			h *= 0x100000001b3ULL;
		}
	}
	buf_free(&text);
	snprintf(out, 32, "%016llx", (unsigned long long)h);
}

/* Does a finding of this level pass the --fail-on threshold? */
static int over_threshold(const char *what, const char *level, const char *status)
{
	return strcmp(what, "any") == 0 || (strcmp(what, "high") == 0 && strcmp(level, "high") == 0) ||
	       (strcmp(what, "medium") == 0 && strcmp(level, "low") != 0) ||
	       (strcmp(what, "new") == 0 && (!status || strcmp(status, "new") == 0));
}

/* --fail-on: how many actionable findings pass the threshold?  Only
 * removable and structural clone findings count -- a gate never fails a
 * build on a clone the audit says is needed -- and rule findings by their
 * severity. */
static size_t gate_count(const report_doc *doc, const char *what)
{
	json_t *rule_findings = json_object_get(doc->model, "rule_findings");
	size_t i, n = 0;

	for (i = 0; i < json_array_size(rule_findings); i++) {
		json_t *f = json_array_get(rule_findings, i);
		if (!json_object_get(f, "suppression") &&
		    over_threshold(what, json_string_value(json_object_get(f, "severity")),
		                   json_string_value(json_object_get(f, "status"))))
			n++;
	}

	/* the clone findings' tapes: what the model shows, materialized or not */
	for (i = 0; i < doc->findings.n; i++) {
		const jsontape *f = doc->findings.v[i];
		const char *bucket = jsontape_str(jsontape_get(f, "bucket"));
		const char *tier = jsontape_str(jsontape_get(f, "tier"));
		const char *status = jsontape_str(jsontape_get(f, "status"));
		if (strncmp(bucket, "removable", 9) != 0 && strcmp(bucket, "structural_refactor") != 0)
			continue;
		if (over_threshold(what, tier, status))
			n++;
	}
	return n;
}

static void print_help(void)
{
	buf b = BUF_INIT;

	buf_puts(&b, "Usage: " PROG " [OPTION]...\n"
	             "Classify every Rust clone site into the clone-audit workflow's six buckets\n"
	             "(cheap_required, semantic_required, cold_test_only, removable_move,\n"
	             "removable_borrow, structural_refactor), with the evidence, and write the\n"
	             "audit report. Audit-only: no file is changed.\n\n"
	             "Options:\n");
	cli_help(&b, options, NOPTIONS);
	buf_puts(&b, "  -h, --help                 show this help and exit\n\n"
	             "Exit status: 0 the report was written; 1 --fail-on found actionable findings\n"
	             "over the threshold; 2 usage, input or internal error (outranks 1).\n");
	fputs(buf_cstr(&b), stdout);
	buf_free(&b);
}

static int usage_error(const char *msg)
{
	fprintf(stderr, PROG ": error: %s\nTry '" PROG " --help' for more information.\n", msg);
	return 2;
}

/* The command line, quoted so that it can be pasted back into a shell. */
static void command_line(buf *b, int argc, char **argv)
{
	int i;

	buf_puts(b, PROG);
	for (i = 0; i < argc; i++) {
		const char *s = argv[i];
		if (*s && strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=,:@%+") == strlen(s))
			buf_printf(b, " %s", s);
		else {
			buf_puts(b, " '");
			for (; *s; s++)
				buf_puts(b, *s == '\'' ? "'\\''" : (char[2]){ *s, 0 });
			buf_putc(b, '\'');
		}
	}
}

/* The packs of a comma list: a name is looked for in --patterns DIR/packs,
 * then among the installed ones. */
static int load_packs(pack_set *out, const char *list, const char *patterns, buf *err)
{
	buf own = BUF_INIT, installed = BUF_INIT;
	const char *dirs[2];
	size_t ndirs = 0;
	int rc;

	if (patterns) {
		buf_printf(&own, "%s/packs", patterns);
		dirs[ndirs++] = own.ptr;
	}
	datadir_find(&installed, "patterns");
	buf_puts(&installed, "/packs");
	dirs[ndirs++] = installed.ptr;
	rc = pack_set_load(out, list, dirs, ndirs, err);
	buf_free(&own);
	buf_free(&installed);
	return rc;
}

/* What an audit made -- its findings and its report's model -- is given
 * back by the process's exit, not block by block: the audit is the
 * process's last act (main() returns its code), and freeing tens of
 * thousands of findings and JSON values one by one took 6-10 ms of a
 * 0.28 s audit of two million lines, one core working, the other idle.
 * Held here (with external linkage, so no store to it is dropped), they
 * stay reachable: valgrind and LeakSanitizer still report every real leak. */
struct {
	report_doc doc;
	audit_result res;
} hpa_released_at_exit;

/* Each line of warnings (newline-ended) on stderr, as a warning. */
static void print_warnings(const buf *warnings)
{
	const char *p = buf_cstr(warnings), *nl;

	for (; (nl = strchr(p, '\n')); p = nl + 1)
		fprintf(stderr, PROG ": warning: %.*s\n", (int)(nl - p), p);
}

/* Wall-clock seconds, for HOTPATH_AUDIT_STATS's phase times. */
static double seconds_now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

int cmd_audit(int argc, char **argv)
{
	audit_args a;
	gitdiff change;
	buf err = BUF_INIT, path = BUF_INIT, apath = BUF_INIT, tdir = BUF_INIT, cmd = BUF_INIT, out = BUF_INIT;
	rules *r = NULL;
	audit_rules ar;
	source_set src;
	audit_result res = { 0 };
	json_t *model = NULL, *base = NULL, *cfg = NULL;
	report_doc doc = { 0 };
	verify_result vres = { 0 };
	const char **default_paths = NULL, **crate_names = NULL;
	strlist scope_paths = { 0 }, scope_crates = { 0 };
	buf unmatched = BUF_INIT, history_line = BUF_INIT;
	pack_set packs = { 0 };
	size_t i, over = 0; /* findings over --fail-on's threshold */
	int rc = 2;
	/* HOTPATH_AUDIT_STATS: where the time goes, phase by phase */
	audit_result times = { 0 };
	double t_start = seconds_now(), t_opened = 0, t_audited = 0, t_modelled = 0, t_emitted = 0;

	memset(&a, 0, sizeof(a));
	a.root = ".";
	a.format = "md";
	memset(&ar, 0, sizeof(ar));
	memset(&src, 0, sizeof(src));
	memset(&change, 0, sizeof(change));
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
	command_line(&cmd, argc, argv);
	{
		emit_options eo = { a.format, a.output, a.output_dir, NULL, NULL };
		if (emit_check(&eo, &err) < 0) {
			rc = usage_error(buf_cstr(&err));
			goto done;
		}
	}
	if (verify_args_unused(&a.verify)) {
		rc = usage_error(verify_args_unused(&a.verify));
		goto done;
	}
	if (a.diff && a.rev) {
		rc = usage_error("--diff and --rev do not go together: the range names the revision");
		goto done;
	}
	if (a.diff) {
		if (gitdiff_parse_range(&change, a.diff, &err) < 0) {
			fprintf(stderr, PROG ": %s\n", buf_cstr(&err));
			goto done;
		}
		a.rev = change.head; /* NULL: the working tree */
	}

	datadir_rules_file(&path, a.patterns, "inventory.rules");
	datadir_rules_file(&apath, a.patterns, "audit.rules");
	if (a.templates)
		buf_puts(&tdir, a.templates);
	else
		datadir_find(&tdir, "templates");
	if (rules_load_settings(&r, path.ptr, &err) < 0 || audit_rules_load(&ar, apath.ptr, &err) < 0) {
		fprintf(stderr, PROG ": %s\n", buf_cstr(&err));
		goto done;
	}
	if (load_packs(&packs, a.packs ? a.packs : "clone", a.patterns, &err) < 0) {
		fprintf(stderr, PROG ": %s\n", buf_cstr(&err));
		goto done;
	}
	{ /* a root that is not there audits nothing: say so */
		struct stat st;
		if (stat(a.root, &st) < 0 || !S_ISDIR(st.st_mode)) {
			fprintf(stderr, PROG ": --root %s: %s\n", a.root, stat(a.root, &st) < 0 ? strerror(errno) : "not a directory");
			goto done;
		}
	}
	if (!a.paths && a.rev) {
		/* a revision (a bare repository has no files to read manifests
		 * from): all of it -- what git tracks, so no target/ */
		static const char *const all[] = { ".", NULL };
		a.paths = all;
		a.npaths = 1;
	} else if (!a.paths) {
		/* the repository at the root as cargo sees it (scope.h); the rules'
		 * default_paths are the reference inventory's, for `inventory` */
		if (scope_default(a.root, a.packs && (packs.languages & PACK_PYTHON), &scope_paths, &scope_crates, &err) < 0) {
			fprintf(stderr, PROG ": %s\n", buf_cstr(&err));
			goto done;
		}
		if (!(default_paths = strlist_cstrs(&scope_paths)) || !(crate_names = strlist_cstrs(&scope_crates)))
			goto oom;
		a.paths = default_paths;
		a.npaths = scope_paths.count;
	}

	{
		/* without --packs the configuration may choose packs that read Python */
		sources_options so = { a.root, a.paths, a.npaths, a.rev, SOURCES_AUTO,
		                       !a.packs || (packs.languages & PACK_PYTHON) != 0 };
		if (sources_open(&src, &so, &err) < 0) {
			fprintf(stderr, PROG ": %s\n", buf_cstr(&err));
			goto done;
		}
	}
	if (repoconf_load(&cfg, &src, a.config, a.no_config, &err) < 0) {
		fprintf(stderr, PROG ": %s\n", buf_cstr(&err));
		goto done;
	}
	if (cfg) {
		if (repoconf_hot_paths(r, cfg) < 0)
			goto oom;
		repoconf_exclude(&src, cfg);
	}
	if (!a.packs && json_is_string(json_object_get(cfg, "packs"))) {
		pack_set_free(&packs);
		if (load_packs(&packs, json_string_value(json_object_get(cfg, "packs")), a.patterns, &err) < 0) {
			fprintf(stderr, PROG ": %s (packs of %s)\n", buf_cstr(&err), a.config ? a.config : ".hotpath-audit.json");
			goto done;
		}
	}
	if (!(packs.languages & PACK_PYTHON))
		sources_drop_python(&src);
	/* unlike inventory (which mirrors the reference), say what is missing
	 * of what the user named: an error when none of it is there (a nightly
	 * with a typo must not stay green), a warning otherwise */
	if (!default_paths) {
		size_t missing = 0;
		for (i = 0; i < a.npaths; i++)
			if (!sources_has_path(&src, a.paths[i])) {
				missing++;
				if (buf_printf(&unmatched, "%s%s", unmatched.len ? ", " : "", a.paths[i]) < 0)
					goto oom;
			}
		if (missing && missing == a.npaths) {
			fprintf(stderr, PROG ": --paths: nothing of it exists under %s%s%s: %s\n", a.root,
			        a.rev ? " at " : "", a.rev ? a.rev : "", buf_cstr(&unmatched));
			goto done;
		}
		if (missing)
			fprintf(stderr, PROG ": warning: --paths: no such file or directory, skipped: %s\n", buf_cstr(&unmatched));
	}

	{
		audit_options ao = { r, &ar, &src, a.include_tests, (unsigned)a.jobs, NULL, &packs, NULL, 0, NULL };
		char version[32];
		report_scope sc = { buf_cstr(&cmd), a.root, a.paths, a.npaths, a.include_tests, a.only_actionable, path.ptr,
		                    apath.ptr, version, src.info, src.skipped, &packs, crate_names, scope_crates.count };
		rules_version(version, path.ptr, apath.ptr, &packs);
		t_opened = seconds_now();
		if (audit_files(&ao, &res, &err) < 0)
			goto fail;
		t_audited = seconds_now();
		if (unmatched.len && res.problems) /* the --paths entries that are not there, in the report too */
			json_array_append_new(res.problems,
			                      json_pack("{s:s, s:n, s:s}", "path", buf_cstr(&unmatched), "line", "message",
			                                "--paths entry not found, skipped"));
		if (cfg) {
			repoconf_suppress_tapes(&res.findings, cfg);
			repoconf_suppress(res.rule_findings, cfg);
		}
		if (getenv("HOTPATH_AUDIT_STATS")) /* for the linear-time tests */
			fprintf(stderr, "stats: files=%zu tokens=%zu evidence_work=%zu findings=%zu\n", res.files_audited,
			        res.tokens, res.evidence_work, res.findings.n);
		if (a.diff && keep_changed(&res, &change, &src, &err) < 0)
			goto fail;
		if (a.verify.verify) {
			verify_options vo = verify_args_options(&a.verify, isatty(2), r->tier_high, r->tier_medium);
			if (verify_findings(&res.findings, &src, &vo, &vres, &err) < 0)
				goto fail;
			if (isatty(2) || getenv("HOTPATH_AUDIT_STATS"))
				fprintf(stderr, PROG ": verify: %zu removals tried: %zu verified, %zu refuted, %zu unverified; %zu checks, %.1f s\n",
				        vres.tried, vres.verified, vres.refuted, vres.unverified, vres.checks, vres.seconds);
		}
		if (report_build(&doc, &res, &sc) < 0)
			goto oom;
		model = doc.model;
		if (vres.info && json_object_set(model, "verification", vres.info) < 0)
			goto oom;
	}
	if (a.diff) {
		json_object_set_new(change.info, "given", json_string(a.diff));
		json_object_set(model, "diff", change.info);
	}
	if (a.baseline && (baseline_load(&base, a.baseline, &err) < 0))
		goto fail;
	if (base && baseline_apply(&doc, base, a.baseline) < 0)
		goto oom;
	/* the trend in the reports includes this run; its log line is
	 * appended only once every report is in place (below) */
	if (a.history) {
		buf warnings = BUF_INIT;
		int hr = history_prepare(model, a.history, &history_line, &warnings, &err);
		print_warnings(&warnings);
		buf_free(&warnings);
		if (hr < 0)
			goto fail;
	}
	if (a.patch) {
		patch_options po = { a.verify.verify, json_string_value(json_object_get(vres.info, "by")) };
		size_t removals;
		buf_clear(&out);
		if (patch_make(&out, &removals, &doc, &src, &po, &err) < 0 ||
		    fileio_write_atomic(a.patch, buf_cstr(&out), out.len, &err) < 0)
			goto fail;
	}
	if (a.fail_on) { /* the reports say whether the check fails, and why */
		over = gate_count(&doc, a.fail_on);
		json_object_set_new(model, "gate", json_pack("{s:s, s:I, s:b, s:b}", "fail_on", a.fail_on, "over",
		                                             (json_int_t)over, "fails", over > 0, "exit_zero", a.exit_zero));
	}
	{
		emit_options eo = { a.format, a.output, a.output_dir, tdir.ptr, a.full_report };
		t_modelled = seconds_now();
		if (emit_reports(&doc, &eo, &err) < 0)
			goto fail;
		t_emitted = seconds_now();
	}
	/* the run's one commit point: a killed or failed run before here
	 * adds no history line, so none stands for reports never written */
	faultpoint("reports-committed");
	if (a.history && history_commit(a.history, &history_line, &err) < 0)
		goto fail;
	rc = a.fail_on && !a.exit_zero && over > 0 ? 1 : 0;
	goto done;
oom:
	buf_puts(&err, "out of memory");
fail:
	fprintf(stderr, PROG ": %s\n", buf_cstr(&err));
	rc = 2;
done:
	times = res;
	if (rc != 2) { /* a failed run frees all, the way errors are tested */
		hpa_released_at_exit.doc = doc;
		hpa_released_at_exit.res = res;
		memset(&doc, 0, sizeof(doc));
		memset(&res, 0, sizeof(res));
	}
	report_doc_free(&doc); /* the model too */
	json_decref(base);
	json_decref(cfg);
	verify_result_free(&vres);
	gitdiff_free(&change);
	audit_result_free(&res);
	if (t_emitted && getenv("HOTPATH_AUDIT_STATS"))
		fprintf(stderr,
		        "stats: seconds start=%.3f types=%.3f audit=%.3f model=%.3f report=%.3f free=%.3f total=%.3f\n"
		        "stats: of types library=%.3f; of audit pass2=%.3f merge=%.3f hygiene=%.3f\n",
		        t_opened - t_start, times.seconds_types, t_audited - t_opened - times.seconds_types,
		        t_modelled - t_audited, t_emitted - t_modelled, seconds_now() - t_emitted, seconds_now() - t_start,
		        times.seconds_library, times.seconds_pass2, times.seconds_merge, times.seconds_hygiene);
	sources_close(&src);
	rules_free(r);
	audit_rules_free(&ar);
	pack_set_free(&packs);
	free(default_paths);
	free(crate_names);
	strlist_free(&scope_paths);
	strlist_free(&scope_crates);
	buf_free(&unmatched);
	buf_free(&err);
	buf_free(&path);
	buf_free(&apath);
	buf_free(&tdir);
	buf_free(&cmd);
	buf_free(&out);
	buf_free(&history_line);
	return rc;
}
