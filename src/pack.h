/* pack: a rule pack, one audit described as data (patterns/packs/NAME.pack).
 *
 * A pack names itself, the languages it reads, and either the built-in
 * clone classifier (`engine clone`: the clone audit, whose lists are in
 * audit.rules) or a list of rules and metrics for the generic engine
 * (packscan, hygiene).  A rule is a PCRE2 pattern matched against the code
 * of a file -- comments removed, string contents blanked, so text never
 * looks like code -- plus predicates the lexer-level scanners answer
 * ("inside a loop", "inside an async fn", "a lock guard alive across
 * .await"); a metric is a per-crate figure (crate hygiene) with a
 * threshold.  Every rule carries the write-up a finding shows: severity,
 * title, message, rationale, recommended change, validation command.
 * docs/rule-packs.md is the reference for the format.
 *
 * A loaded pack is immutable: worker threads share it. */
#ifndef HPA_PACK_H
#define HPA_PACK_H

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "mustache.h"
#include "strlist.h"

enum pack_language { PACK_RUST = 1, PACK_PYTHON = 2 };

enum pack_engine { PACK_ENGINE_RULES, PACK_ENGINE_CLONE };

/* What `where NAME [ARG]` can ask.  Each is answered from the lexer's
 * tokens and the scanner's scopes of the file, never from the text. */
enum pack_predicate {
	PRED_IN_FN,               /* inside a fn / def body */
	PRED_IN_LOOP,             /* inside a loop body of the same function */
	PRED_IN_FOR_LOOP,         /* inside a `for` loop body of the same function */
	PRED_IN_ASYNC,            /* inside an async fn, async block or async def */
	PRED_NOT_IN_ASYNC,
	PRED_NOT_IN_LOOP,
	PRED_NOT_IN_HOT_PATH,
	PRED_NOT_IN_FN_NAMED,     /* ARG: the enclosing fn / def is named none of these (`main`, `*init*`: start-up) */
	PRED_IN_HOT_PATH,         /* the file is on a hot path (inventory.rules, configuration) */
	PRED_LOOP_OVER,           /* ARG: the innermost for loop's header names one of these words */
	PRED_LOOP_NOT_OVER,       /* ARG: not where every loop around it is a for loop whose header names one of these words */
	PRED_FOR_NOT_OVER,        /* ARG: the innermost for loop's header, its target too, names none of these words */
	PRED_LOOP_STREAMS,        /* ARG: some loop around it runs per item of a stream: an `async for`, an unbounded
	                           * `while True:` (Python), or a `for` whose header names one of these words */
	PRED_GUARD_ACROSS_AWAIT,  /* Rust: a `let` bound lock guard, then `.await` before it is dropped */
	PRED_PUSHED_IN_LOOP,      /* Rust: `let mut v = Vec::new()`, then `v.push(..)` in a for loop over a sized collection */
	PRED_BORROWED_AT_ONCE,    /* Rust: the owned String is borrowed at once: `f(&..)` or `.as_str()` */
	PRED_FORMAT_OF_STR,       /* Rust: `format!("{}", x)` of a parameter x declared `&str` or `String` */
	PRED_TEXT_RECEIVER,       /* Rust: `x.to_string()` of a parameter or annotated local x declared `String`
	                             (or `&String`), or of `self.f`, a field of the impl's struct declared so */
	PRED_HANDLE_DROPPED,      /* Rust: a spawn call whose JoinHandle is dropped (an expression statement) */
	PRED_ERRORS_ONLY_LOGGED,  /* Rust: the spawned future matches an Err and logs it (warn!, error!, ..) */
	PRED_CALLED_FROM_ASYNC,   /* Rust ARG: in a plain fn of the file that async code of the file calls,
	                             not inside a call of one of these (spawn_blocking) */
	PRED_CALLED_FROM_ASYNC_ELSEWHERE, /* Rust ARG: in a plain fn that async code of another file calls in a
	                             loop (asynccalls.h), or one such a fn of this file calls; not inside a
	                             call of one of these */
	PRED_FROM_CRATE,          /* Rust ARG: the path matched starts in one of these crates (`std`), itself
	                             or through a `use` of the file */
	PRED_ONLY_MEASURED,       /* Rust: the text serde_json::to_string/to_vec makes is only `.len()`ed */
	PRED_MEASURED_FIRST,      /* Rust: ... `.len()`ed, and used itself only under an `if` on that length */
	PRED_PARSES_SERIALIZED,   /* Rust: a parse of what serde_json::to_* made, inline or through a `let` */
	PRED_NOT_OUTPUT,          /* Rust ARG: the serialized value is not returned nor given to a request's or
	                             response's body (the work itself), unless it is named as an event (ARG) */
	PRED_ONLY_LOGGED,         /* Rust ARG: the serialized text goes only into macros or calls named so
	                             (`info!`, `maybe_log_request`): a log line */
	PRED_NOT_ONLY_LOGGED,     /* Rust ARG: the opposite of only_logged (perf-leads' json-per-event) */
	PRED_ONLY_INTO,           /* Rust ARG: the serialized text goes only into calls or macros named so
	                             (`buf.push_str(&text)`, `hasher.update(..)`): copied again */
	PRED_NOT_ONLY_INTO,       /* Rust ARG: the opposite of only_into */
	PRED_NOT_ANSWER,          /* Rust ARG: the value serialized is named none of these (`&response`: the
	                             answer itself, however it is sent on), or the call is in a macro's arguments */
	PRED_RESULT_DROPPED,      /* Rust: the spawned work yields a Result (a `?`, a tail Ok(..), a fn of the
	                             file returning one, a future whose type says so) */
	PRED_ERROR_DISCARDED,     /* Rust: the spawned async block's one awaited call (channel sends aside)
	                             is a fn of the workspace returning a Result, thrown away by `let _ =` */
	PRED_NOT_AWAITED,         /* Rust: the call the match names is not followed by .await */
	PRED_NOT_STORED_VALUE,    /* Rust: not a `serde_json::to_value(..)` put straight into a map or
	                           * list (`map.insert(k, to_value(v)?)`): the Value is the product */
	PRED_NOT_INSIDE_CALL,     /* ARG: the match is not in the arguments of a call to one of these
	                           * (spawn_blocking(|| ..), asyncio.to_thread(..)) */
	PRED_TARGET_LOOPS_WITHOUT, /* Python: the Thread target= fn has a loop and calls none of ARG */
	PRED_NOT_FILLING_ABSENT,  /* Python: not inside an `if KEY not in MAP:` (an entry made once per key) */
	PRED_NOT_COUNTER_PATTERN, /* Python: the pattern does not interpolate a counter its `while` loop steps
	                           * (`re.split(rf"..{level}..")` as `level += 1` searches): nothing to hoist */
	PRED_NOT_ACCUMULATOR_RESET, /* Python: not `NAME = []` (or `{}`, `list()`...) of a NAME the loop
	                           * grows (`NAME.append(..)`): an accumulator started afresh, not per pass */
	PRED_NOT_LOOP_OUTPUT,     /* Python: the object made is not what the loop produces: not yielded,
	                           * returned, appended, nor an element of a comprehension */
	PRED_USED_WHERE_MADE,     /* Rust: a value (a regex) made and only used in this call of its fn:
	                           * `let re = Regex::new(..)?; re.is_match(x)` */
	PRED_FIXED_ARGUMENT,      /* Rust: the call's first argument is a literal or a CONSTANT */
	PRED_SAME_VALUE_EACH_PASS, /* Rust: the call's argument is a place bound before the innermost loop
	                           * and not changed in it: the same value on every pass */
	PRED_MADE_EACH_PASS,      /* Rust: the opposite: the argument is made, or may change, in the loop */
	PRED_ITERATED_ONCE,       /* Python: `NAME = list(GEN)` whose one later use is a `for` over it (or
	                             over enumerate(NAME)) run once, its body not naming GEN's source */
	PRED_DUMPS_AS_PARSED,     /* Python: `json.dumps(NAME)` of a NAME the fn bound to a parse
	                           * (`await request.json()`, `json.loads(..)`) and did not change since */
	PRED_PARSES_A_CLONE,      /* Rust: `from_value(x.clone())`, or `from_value(v)` of a v bound by `let v = .. .clone();`
	                             and used nowhere else */
	PRED_PARSED_TO_EMBED,     /* Rust: `let v: Value = serde_json::from_..(..)`, v then only a value inside
	                             `json!(..)`: parsed only to be nested in another document */
	PRED_ONLY_FIELDS_READ,    /* Rust: `let v: Value = serde_json::from_..(..)`, v then only indexed
	                           * (`v["model"]`, `v.get("model")`), never handed on whole */
	PRED_PATTERN_FIXED_IN_LOOP, /* Rust: the call's arguments name nothing the innermost loop binds */
	PRED_VALUE_MADE_TO_RESPOND, /* Rust: `serde_json::to_value(x)` only handed whole to `Json(..)` */
	PRED_VALUE_PARSED_AGAIN,  /* Rust: `serde_json::from_value(v)` of a Value parsed from text for it */
	PRED_VALUE_OF_VALUES,     /* Rust: `serde_json::to_value(v)` of a v bound to a Value, or to a map or vector
	                             filled with Values, read nowhere after: a deep copy */
	PRED_PARSED_AS_GROWN,     /* Rust: a `&mut self` method parses a field of self it grew before
	                           * with what its caller handed it (`self.text.push_str(t)`) */
	PRED_NOT_BEFORE_CALL,     /* Rust: the call's argument is not handed to one of the words' calls in the next statements */
	PRED_NOT_IN_FN_CALLING,   /* Rust: the enclosing fn calls none of the words (`TcpListener::bind`, `serve`: a server's start) */
	PRED_NOT_KEPT_IN_LOOP,    /* Rust: what the match's `let` binds is not pushed or inserted into a container later in the pass */
	PRED_STEPS_INDEPENDENT,   /* Python: an `await` in a for loop that a gather could replace: not a
	                           * gather or an `as_completed` future itself, not a batch flushed
	                           * under `if len(..)`, its call reading nothing the loop changes */
	PRED_PARSES_LAST_OF_DRAINED_LOOP, /* Python: `json.loads(x..)` right after `for x in stream: pass` */
	PRED_APPENDS_TO_STR,      /* Python: `NAME += ..` where NAME is a string: the value added is a
	                           * string literal or str(..), or NAME was given one earlier in the fn */
	PRED_PARSED_BEFORE_IN_PASS, /* Python: `json.loads(ARG)` whose ARG, token for token, the same
	                           * pass of the innermost loop parsed already, unchanged since */
	PRED_NOT_DECORATED,       /* Python ARG: the def around the match carries no decorator named one of
	                           * these (`@lru_cache(..)`, `@functools.cache`: memoized, not run per call) */
	PRED_NOT_IN_PATH,         /* ARG: no directory of the file's path, nor its name less the extension,
	                           * is named one of these (`cli`, `commands`, `xtask`: a command-line tool's code) */
	PRED_COUNT_
};

typedef struct {
	uint8_t what;             /* enum pack_predicate */
	strlist words;            /* ARG, split at '|' (loop_over, target_loops_without) */
} pack_where;

/* What a finding of a rule or metric says, whichever fired. */
typedef struct {
	char *id;                 /* unique in its pack: [a-z0-9_-]+ */
	size_t line;              /* where `rule` or `metric` is, in the pack file */
	char *severity;           /* high, medium or low */
	char *title, *rationale, *change;
	char *message_src, *validation_src;
	mustache_template *message, *validation; /* rendered per finding */
	/* what every finding of it says the same: its pack's name, its id,
	 * severity, title, rationale and change as JSON strings, shared by the
	 * findings (jansson counts references atomically) */
	json_t *same[6];
} pack_writeup;

/* A rule may have several `match` patterns: they are searched together,
 * leftmost match first (the earlier pattern on a tie), as one pattern of
 * alternatives would be -- but each keeps PCRE2's search for its own first
 * characters, which an alternation of branches starting with different
 * letters loses. */
#define PACK_MAX_MATCH 8

typedef struct {
	pack_writeup w;
	int language;             /* enum pack_language */
	char *pattern;            /* the patterns, one per line */
	pcre2_code *re[PACK_MAX_MATCH]; /* compiled (JIT unless HOTPATH_AUDIT_NO_JIT) */
	int at[PACK_MAX_MATCH];   /* the number of each pattern's group named `at` (0 or less: none) */
	size_t nre;
	pack_where *where;
	size_t nwhere;
} pack_rule;

enum pack_metric_kind {
	METRIC_DEFAULT_FEATURES,  /* entries of [features] default = [..] in Cargo.toml */
	METRIC_REEXPORTS,         /* items re-exported by `pub use` in the crate root */
	METRIC_CRATE_ALLOWS,      /* lints allowed crate-wide: #![allow(..)] in the crate root */
	METRIC_UNSAFE_WITHOUT_SAFETY, /* unsafe blocks, fns and impls with no `SAFETY:` comment just above */
	METRIC_LARGE_FILES,       /* source files over `limit` lines */
	METRIC_RELEASE_PROFILE,   /* [profile.release] settings missing of those named by `expect` */
	METRIC_COUNT_
};

typedef struct {
	pack_writeup w;
	int kind;                 /* enum pack_metric_kind */
	long threshold;           /* a finding when the figure is above it */
	long limit;               /* large_files: lines */
	strlist expect;           /* release_profile: KEY=VALUE|VALUE settings expected */
} pack_metric;

typedef struct {
	char *name;               /* as chosen with --packs */
	char *file;               /* where it was read from */
	char *title, *summary;
	int engine;               /* enum pack_engine */
	int languages;            /* enum pack_language bits */
	pack_rule *rules;
	size_t nrules;
	pack_metric *metrics;
	size_t nmetrics;
	strlist test_markers;     /* more test paths ("/conftest.py"), besides inventory.rules' */
} pack;

typedef struct {
	pack *v;
	size_t n;
	int clone;                /* the clone pack is chosen */
	int hygiene;              /* a chosen pack has metrics: per-file facts are gathered */
	int async_callers;        /* a rule asks called_from_async_elsewhere: the first pass records async
	                             code's calls (asynccalls.h) */
	int waits;                /* a rule's finding may wait for the whole workspace (deferred.h):
	                             called_from_async_elsewhere, error_discarded */
	int python_hot;           /* a Python rule asks in_hot_path: Python code is followed into the
	                             files it calls (pycalls.h) */
	int languages;            /* of every generic rule: which files to read */
	strlist test_markers;     /* every chosen pack's, together */
} pack_set;

/* Parse a pack file's text.  On error -1 with "file:line: message" in err
 * (a bad regular expression also names its column). */
int pack_parse(pack *out, const char *file, const char *text, size_t len, buf *err);

/* Load the packs of a comma-separated list: a NAME is looked for as
 * DIR/NAME.pack in each of `dirs` in turn; an entry with a '/' or ending in
 * ".pack" is a file.  A name given twice, or two packs with one name, is an
 * error.  Returns 0, or -1 with err set. */
int pack_set_load(pack_set *out, const char *list, const char *const *dirs, size_t ndirs, buf *err);

/* A predicate's and a metric kind's names, as a pack file writes them. */
const char *pack_predicate_name(int what);
const char *pack_metric_kind_name(int kind);

void pack_free(pack *p);
void pack_set_free(pack_set *s);

#endif
