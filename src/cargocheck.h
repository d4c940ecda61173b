/* cargocheck: run the compiler check in a directory and read its verdict.
 *
 * The Rust toolchain is an external component: a shell command (by default
 * `cargo check --offline --message-format=json`) run in its own process
 * group, with the target directory given by CARGO_TARGET_DIR, killed when
 * it runs past its time.  What it prints on standard output is read as
 * cargo's JSON messages; the errors among them, with every span that names
 * a place in a file (primary and secondary labels, notes' spans, the call
 * sites of macro expansions), are what the verifier maps back to its
 * edits.  Warnings are not errors and are left out. */
#ifndef HPA_CARGOCHECK_H
#define HPA_CARGOCHECK_H

#include <stddef.h>
#include <stdint.h>

#include "buf.h"

typedef struct {
	char *file;          /* as the compiler names it: relative to the workspace root, or absolute (owned) */
	size_t byte_start, byte_end;
	uint32_t line;
	int primary;         /* a primary span of the error itself */
	char *label;         /* "value moved here", or NULL (owned) */
} cargocheck_span;

typedef struct {
	char *code;          /* "E0507", or NULL (owned) */
	char *message;       /* "cannot move out of `x` which is behind a shared reference" (owned) */
	cargocheck_span *spans; /* primary spans first (owned) */
	size_t nspans;
} cargocheck_error;

typedef struct {
	int started;         /* the command could be started */
	int timed_out;       /* ... and was killed at its time limit */
	int exit_status;     /* its exit status (128 + signal when killed by one) */
	double seconds;      /* wall time */
	cargocheck_error *errors; /* every error message, in the order printed (owned) */
	size_t nerrors;
	size_t messages;     /* JSON messages read (0: the command printed none) */
	buf out;             /* standard output, as printed */
	buf err_tail;        /* the last lines of standard error (for a message when it fails) */
} cargocheck_result;

typedef struct {
	const char *command;    /* run by /bin/sh -c */
	const char *dir;        /* its working directory */
	const char *target_dir; /* CARGO_TARGET_DIR, or NULL to leave it alone */
	double timeout;         /* seconds; <= 0: none */
} cargocheck_options;

/* Run the command and read its messages.  0 whatever the command's
 * verdict (see started, timed_out, exit_status, errors), -1 with err set
 * when it could not be run at all (no fork, no pipe, out of memory).
 * Free with cargocheck_result_free() in every case. */
int cargocheck_run(cargocheck_result *out, const cargocheck_options *o, buf *err);

/* Read cargo's JSON messages from text (one per line; other lines are
 * skipped) into out's errors and messages.  0, or -1 when memory ran out. */
int cargocheck_parse(cargocheck_result *out, const char *text, size_t len);

/* Free one error's strings and spans (and zero it). */
void cargocheck_error_free(cargocheck_error *e);

void cargocheck_result_free(cargocheck_result *r);

#endif
