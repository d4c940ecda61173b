/* packscan_rust.h: what the parts of the pack scanner's Rust half share
 * -- internal, as packmatch.h is.  The half is split by job:
 *   packscan_rust.c         the place of a match (fn, loops, async, hot
 *                           path), the predicates' dispatch, the rest of
 *                           the predicates, and language_ops;
 *   packscan_rust_syntax.c  reading the tokens: statements, blocks, calls,
 *                           names and their bindings;
 *   packscan_rust_guards.c  a lock guard alive at an `.await`
 *                           (guard_across_await);
 *   packscan_rust_tasks.c   detached tasks whose failure is lost or only
 *                           logged (handle_dropped, errors_only_logged,
 *                           result_dropped);
 *   packscan_rust_flow.c    where a serialized value goes: returned, sent,
 *                           stored, measured, parsed back (not_output,
 *                           not_stored_value, not_answer, only_measured,
 *                           measured_first, parses_serialized);
 *   packscan_rust_values.c  a serde_json Value that is only a way station
 *                           (value_made_to_respond, value_parsed_again,
 *                           value_of_values);
 *   packscan_rust_growth.c  a buffer of self parsed whole by the method
 *                           that grows it (parsed_as_grown). */
#ifndef HPA_PACKSCAN_RUST_H
#define HPA_PACKSCAN_RUST_H

#include <stddef.h>
#include <stdint.h>

#include "packmatch.h"

/* One Rust file as the predicates read it: rustscan's fns and scopes over
 * the lexer's tokens. */
struct typelib_;

typedef struct {
	const rustscan_result *rs;
	const rustlex_result *lx;
	const rustlex_token *t;
	size_t n;
	const struct typelib_ *types; /* the workspace's fns and types, or NULL */
} rust_file;

/* ---- packscan_rust_syntax.c ---- */
int r_is(const rust_file *f, size_t i, const char *s);
int r_kind(const rust_file *f, size_t i);
size_t r_token_at(const rust_file *f, size_t off);
uint32_t r_fn_of(const rust_file *f, size_t tok);
int r_init_once(const rust_file *f, size_t bar);
size_t r_macro_out(const rust_file *f, size_t tok, int within_statement);
size_t r_statement_start(const rust_file *f, size_t tok);
size_t r_statement_end(const rust_file *f, size_t tok);
size_t r_let_name(const rust_file *f, size_t start);
void r_name(const rust_file *f, size_t tok, char *out, size_t cap);
size_t r_block_end(const rust_file *f, size_t tok);
int same_text(const rust_file *f, size_t a, size_t b);
int r_whole_argument(const rust_file *f, size_t i);
int r_in_test_only_statement(const rust_file *f, size_t k);
int r_in_binding_pattern(const rust_file *f, size_t k);
int r_is_among(const rust_file *f, size_t i, const char *const *words);
size_t r_enclosing_call(const rust_file *f, size_t i);
int r_names_in(const rust_file *f, size_t from, size_t to, size_t name);
size_t r_enclosing_brace(const rust_file *f, size_t i);
const rs_scope *r_innermost_loop(const rust_file *f, size_t i);
size_t r_expression_start(const rust_file *f, size_t tok);
size_t r_call_open(const rust_file *f, size_t tok);
int r_word_part(const rust_file *f, size_t tok, const char *word);
int r_in_scope_of(const rust_file *f, size_t k, size_t floor, enum rs_scope_kind kind);
size_t r_macro_around(const rust_file *f, size_t tok);
size_t r_past_unwrap(const rust_file *f, size_t open);
int r_uses_all(const rust_file *f, size_t name, size_t from, size_t to, int (*ok)(const rust_file *, size_t));
int r_captures_name(const rust_file *f, size_t lit, size_t name);
size_t r_binding_let(const rust_file *f, size_t use, size_t floor);
int r_kept_in_loop(const rust_file *f, size_t tok);

/* ---- packscan_rust_guards.c ---- */
int r_guard_across_await(const rust_file *f, size_t tok, pack_hit *hit);

/* ---- packscan_rust_tasks.c ---- */
int r_handle_dropped(const rust_file *f, size_t tok);
int r_errors_only_logged(const rust_file *f, size_t tok, size_t open);
int r_result_dropped(const rust_file *f, size_t tok, size_t open);
int r_error_discarded(const rust_file *f, size_t tok, size_t open, pack_hit *hit);

/* ---- packscan_rust_flow.c ---- */
int r_not_stored_value(const rust_file *f, size_t tok);
int r_only_measured(const rust_file *f, size_t tok);
int r_measured_first(const rust_file *f, size_t tok);
int r_parses_serialized(const rust_file *f, size_t tok);
int r_not_output(const rust_file *f, size_t tok, const strlist *events);
int r_only_logged(const rust_file *f, size_t tok, const strlist *loggers);
int r_not_answer(const rust_file *f, size_t tok, const strlist *answers);

/* ---- packscan_rust_values.c ---- */
int r_value_made_to_respond(const rust_file *f, size_t tok, pack_hit *hit);
int r_value_parsed_again(const rust_file *f, size_t tok, pack_hit *hit);
int r_value_of_values(const rust_file *f, size_t tok, pack_hit *hit);

/* ---- packscan_rust_growth.c ---- */
int r_parsed_as_grown(const rust_file *f, size_t tok, pack_hit *hit);

#endif
