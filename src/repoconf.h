/* repoconf: a team's own settings for its repository, in
 * `.hotpath-audit.json` at the audit root (read from the audited revision's
 * tree with --rev), or the file given with --config:
 *
 *   {
 *     "version": 1,
 *     "exclude": ["lib/generated/", "*.pb.rs"],
 *     "hot_paths": [{"prefix": "src/router", "score": 10, "label": "router"}],
 *     "suppress": [{"fingerprint": "0123456789abcdef", "reason": "reviewed: needed for retries"}],
 *     "packs": "clone,perf-review"
 *   }
 *
 * JSON, parsed by jansson: no parser of our own.  Excludes are path
 * prefixes (ending in '/'), exact paths, or fnmatch(3) patterns.  The hot
 * paths come before the rules file's.  Every suppression needs a reason;
 * it applies to clone and rule-pack findings alike.  `packs` is what
 * --packs would say, when the command line does not. */
#ifndef HPA_REPOCONF_H
#define HPA_REPOCONF_H

#include <jansson.h>

#include "buf.h"
#include "jsontape.h"
#include "rules.h"
#include "sources.h"

/* Find and check the configuration.  *out is NULL when there is none (or
 * `disabled`).  -1 with one line in err naming the file and the element. */
int repoconf_load(json_t **out, source_set *src, const char *path, int disabled, buf *err);

/* Put the configuration's hot paths before the rules' own. */
int repoconf_hot_paths(rules *r, json_t *cfg);

/* Drop the source files the configuration excludes. */
void repoconf_exclude(source_set *src, json_t *cfg);

/* Mark the findings whose fingerprint the configuration suppresses. */
void repoconf_suppress(json_t *findings, json_t *cfg);
/* The same for clone findings kept as tapes. */
void repoconf_suppress_tapes(jsontape_list *findings, json_t *cfg);

#endif
