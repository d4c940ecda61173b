/* audit: the clone audit of a set of files, as report-model findings.
 *
 * sources -> scanner (rustlex, rustscan) -> classifier (evidence, classify)
 * -> findings (finding).  Files are audited by worker threads; one file
 * that cannot be read or lexed cleanly becomes an entry in `problems` and
 * never stops the others.  Findings come back sorted by path, line and
 * column, the same for any number of threads. */
#ifndef HPA_AUDIT_H
#define HPA_AUDIT_H

#include <jansson.h>
#include <stdint.h>

#include "jsontape.h"

#include "audit_rules.h"
#include "buf.h"
#include "discover.h"
#include "hygiene.h"
#include "pack.h"
#include "pycalls.h"
#include "rules.h"
#include "sources.h"
#include "rustscan.h"
#include "typelib.h"

typedef struct {
	const rules *rules;          /* hot paths and test paths */
	const audit_rules *arules;   /* the classifier's lists */
	source_set *src;             /* where the files come from (and Cargo.toml files) */
	int include_tests;           /* score test paths as production code */
	unsigned jobs;               /* 0: one per CPU */
	const typelib *types;        /* the type library of the run, or NULL (set by audit_files) */
	const pack_set *packs;       /* the chosen rule packs; NULL: the clone audit alone */
	/* `explain`: the clone findings on this line of this file (its report
	 * path) carry a `trace` member, every classification rule asked in
	 * order with its answer; NULL: none */
	const char *trace_path;
	uint32_t trace_line;
	/* which Python defs run per request because another file's code calls
	 * them (pycalls.h): set by audit_files when a Python rule asks */
	const pycalls *py_calls;
} audit_options;

/* Where one file's results go: arrays of the report model. */
typedef struct {
	jsontape_list findings;      /* clone findings (owned) */
	arena *tapes;                /* where their bytes are kept, or NULL: each tape owns its own */
	json_t *rule_findings;       /* rule-pack findings */
	json_t *problems;            /* {path, line, message} */
	hygiene_files *file_facts;   /* crate hygiene's per-file figures, or NULL when no pack has metrics */
	/* when a rule asks what other files' async code calls (asynccalls.h),
	 * else NULL: the findings that wait for every file (deferred.h), the
	 * async code's calls and the plain fns' calls of the files audited */
	struct deferred_list *deferred;
	buf *async_calls, *async_edges;
	int recorded;                /* set by the audit of a file: its async calls are in async_calls */
} audit_sink;

typedef struct {
	jsontape_list findings;      /* clone findings, sorted (owned, tapes too) */
	arena tapes;                 /* the bytes of those tapes (jsontape_keep) */
	json_t *rule_findings;       /* array, sorted (owned reference) */
	json_t *problems;            /* array of {path, line, message} (owned reference) */
	hygiene_files file_facts;    /* by path (owned); empty when no pack has metrics */
	json_t *crates;              /* crate hygiene's table, or NULL (owned reference) */
	size_t files_audited;
	unsigned jobs;               /* threads the audit ran on */
	/* work counters, for checking that time grows linearly with input */
	size_t tokens;               /* tokens lexed in the audit pass */
	size_t evidence_work;        /* token steps the evidence scans were allowed */
	double seconds_types;        /* wall time of the first pass and of the type
	                              * library made of it (while the other workers
	                              * begin pass 2 on the files without a clone) */
	/* HOTPATH_AUDIT_STATS's finer phases: of seconds_types, the lexing of
	 * the library; then the rest of pass 2, merging the workers' results
	 * (its critical path), and crate hygiene's per-crate sums */
	double seconds_library, seconds_pass2, seconds_merge, seconds_hygiene;
} audit_result;

/* Per-thread memory an audit reuses from file to file (NULL: none). */
typedef struct audit_scratch audit_scratch;
audit_scratch *audit_scratch_new(void);
void audit_scratch_free(audit_scratch *s);

/* Audit one file's bytes (Rust, or Python by its .py name); append its
 * findings, problems and facts to `out`.  `report` is the path the findings
 * show.  Returns 0, or -1 when memory ran out. */
int audit_buffer(const audit_options *opt, audit_scratch *scratch, const char *report, const char *data, size_t len,
                 audit_sink *out);

/* Audit every file of opt->src.  Returns 0, or -1 with err set (out of
 * memory). */
int audit_files(const audit_options *opt, audit_result *out, buf *err);

void audit_result_free(audit_result *r);

#endif
