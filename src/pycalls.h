/* pycalls: the Python defs that run per request because code of another
 * file that does calls them -- the workspace's Python call graph across
 * files, followed through imports.
 *
 * Why: a request handler rarely does the work itself.  In text-generation-
 * webui the route calls `OAIcompletions.chat_completions_common(..)`
 * (another file), which calls `generate_chat_reply` (a third), which calls
 * `generate_reply` (a fourth), whose helper deep-copies the whole
 * generation state per request -- a held-out recall miss (sample 37), as
 * long as hot paths were inferred within one file (pyhot.h).
 *
 * Each Python file gives records (pycalls_records): the defs that run per
 * request by what the file itself shows (pyhot.h), the calls each of its
 * defs makes to defs of the same file (by pyhot's rule), and the calls it
 * makes through its imports -- `from pkg.mod import f` then `f(..)`,
 * `import pkg.mod as m` then `m.f(..)`, `from pkg import mod` then
 * `mod.f(..)`, relative imports -- with the module they name.
 * pycalls_build() reads every file's records, maps each module name to the
 * one file that defines it (`pkg/mod.py`, `pkg/mod/__init__.py`, also
 * under a prefix such as `src/`; a name two files could be is left
 * alone), and walks from the entry points over both kinds of call, up to
 * PYCALLS_DEPTH calls deep.  A def reached through a call from another
 * file gets a reason that names its caller and the entry point.  A call
 * on an object (`response.to_cmpl_response()`, `self.router.route(..)`)
 * does not say which class it reaches: it is followed to every method so
 * named (a def in a class body) when there are at most
 * `py_method_calls_max` of them in the workspace and the name is not one
 * of `py_method_call_skip` (audit.rules): a name few classes define is
 * one of theirs (ms-swift's deploy server converting each streamed chunk
 * with a method of its protocol module, held-out recall sample 41). */
#ifndef HPA_PYCALLS_H
#define HPA_PYCALLS_H

#include <stddef.h>

#include "audit_rules.h"
#include "buf.h"
#include "pylex.h"
#include "sources.h"

#define PYCALLS_DEPTH 8

typedef struct pycalls pycalls;

/* Append the records of the file at `path` (as reports show it), lexed
 * into lx, to out.  0, or -1 when memory ran out. */
int pycalls_records(buf *out, const pylex_result *lx, const char *path, const audit_rules *ar);

/* The graph of every file's records (concatenated), walked; a call on an
 * object followed to the methods so named when there are at most
 * method_defs_max of them (0: never).  NULL when memory ran out. */
pycalls *pycalls_build(const char *records, size_t len, int method_defs_max);

/* The graph of the Python files of src, each read and lexed on one of
 * `jobs` threads (0: one per CPU), the records put together in file order
 * (so that the same tree gives the same reasons on any machine).  Files
 * that cannot be read are left out (the audit itself says why), and so
 * are those left_out (may be NULL) says no finding can be in -- test code
 * by its path.  NULL when memory ran out. */
pycalls *pycalls_collect(source_set *src, const audit_rules *ar, unsigned jobs,
                         int (*left_out)(const void *ctx, const char *report), const void *ctx);

/* Why def `name` (name[0..n)) of the file at path runs per request
 * because another file calls it, or NULL. */
const char *pycalls_reason(const pycalls *g, const char *path, const char *name, size_t n);

/* Does any def of the file at path run per request so?  (The packs'
 * prefilter asks before it lexes the file.) */
int pycalls_has_path(const pycalls *g, const char *path);

void pycalls_free(pycalls *g);

#endif
