#include "config.h"

#include "cargocheck.h"

#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "fileio.h"

/* What standard error keeps for a message: its last bytes. */
#define ERR_TAIL_MAX 4096

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* ---- reading the messages ------------------------------------------------- */

static char *dup_string(json_t *v)
{
	return json_is_string(v) ? strdup(json_string_value(v)) : NULL;
}

static int add_span(cargocheck_error *e, size_t *cap, json_t *s, int primary)
{
	cargocheck_span *sp;

	if (!json_is_string(json_object_get(s, "file_name")))
		return 0;
	if (e->nspans == *cap) {
		void *v = buf_grow_array(e->spans, cap, sizeof(*e->spans), 4);
		if (!v)
			return -1;
		e->spans = v;
	}
	sp = &e->spans[e->nspans];
	memset(sp, 0, sizeof(*sp));
	if (!(sp->file = dup_string(json_object_get(s, "file_name"))))
		return -1;
	sp->byte_start = (size_t)json_integer_value(json_object_get(s, "byte_start"));
	sp->byte_end = (size_t)json_integer_value(json_object_get(s, "byte_end"));
	sp->line = (uint32_t)json_integer_value(json_object_get(s, "line_start"));
	sp->primary = primary;
	sp->label = dup_string(json_object_get(s, "label"));
	e->nspans++;
	return 0;
}

/* A span, and the call sites of the macro expansions it came out of: an
 * error inside `vec![..]` or a derive still names the line that wrote it. */
static int add_span_chain(cargocheck_error *e, size_t *cap, json_t *s, int primary)
{
	int depth;

	for (depth = 0; s && depth < 16; depth++) {
		if (add_span(e, cap, s, primary) < 0)
			return -1;
		s = json_object_get(json_object_get(s, "expansion"), "span");
	}
	return 0;
}

/* The spans of a diagnostic: its primary ones first, then the others,
 * then its children's (notes and help). */
static int add_spans(cargocheck_error *e, size_t *cap, json_t *diag, int top)
{
	json_t *spans = json_object_get(diag, "spans"), *children = json_object_get(diag, "children");
	size_t i;
	int pass;

	for (pass = 0; pass < 2; pass++)
		for (i = 0; i < json_array_size(spans); i++) {
			json_t *s = json_array_get(spans, i);
			int primary = json_is_true(json_object_get(s, "is_primary"));
			if (primary == (pass == 0) && add_span_chain(e, cap, s, top && primary) < 0)
				return -1;
		}
	for (i = 0; i < json_array_size(children); i++)
		if (add_spans(e, cap, json_array_get(children, i), 0) < 0)
			return -1;
	return 0;
}

static int add_error(cargocheck_result *out, size_t *cap, json_t *diag)
{
	cargocheck_error *e;
	size_t span_cap = 0;

	if (out->nerrors == *cap) {
		void *v = buf_grow_array(out->errors, cap, sizeof(*out->errors), 8);
		if (!v)
			return -1;
		out->errors = v;
	}
	e = &out->errors[out->nerrors++];
	memset(e, 0, sizeof(*e));
	e->code = dup_string(json_object_get(json_object_get(diag, "code"), "code"));
	if (!(e->message = dup_string(json_object_get(diag, "message"))))
		e->message = strdup("(no message)");
	if (!e->message)
		return -1;
	return add_spans(e, &span_cap, diag, 1);
}

int cargocheck_parse(cargocheck_result *out, const char *text, size_t len)
{
	size_t at = 0, cap = out->nerrors;

	while (at < len) {
		const char *nl = memchr(text + at, '\n', len - at);
		size_t end = nl ? (size_t)(nl - text) : len;
		json_t *m, *diag;
		const char *level;

		if (end > at && text[at] == '{' && (m = json_loadb(text + at, end - at, 0, NULL))) {
			out->messages++;
			diag = json_object_get(m, "message");
			level = json_string_value(json_object_get(diag, "level"));
			if (json_is_string(json_object_get(m, "reason")) &&
			    strcmp(json_string_value(json_object_get(m, "reason")), "compiler-message") == 0 && level &&
			    strncmp(level, "error", 5) == 0 && add_error(out, &cap, diag) < 0) {
				json_decref(m);
				return -1;
			}
			json_decref(m);
		}
		at = end + 1;
	}
	return 0;
}

/* ---- running the command -------------------------------------------------- */

static void keep_tail(buf *b, const char *data, size_t n)
{
	buf_append(b, data, n);
	if (b->len > ERR_TAIL_MAX) {
		size_t cut = b->len - ERR_TAIL_MAX;
		memmove(b->ptr, b->ptr + cut, b->len - cut + 1);
		b->len -= cut;
	}
}

int cargocheck_run(cargocheck_result *out, const cargocheck_options *o, buf *err)
{
	int outp[2] = { -1, -1 }, errp[2] = { -1, -1 }, status = 0, open_fds = 2, rc = -1;
	pid_t pid;
	double start = now();
	char chunk[65536];

	memset(out, 0, sizeof(*out));
	if (pipe(outp) < 0 || pipe(errp) < 0) {
		buf_printf(err, "cannot make a pipe: %s", strerror(errno));
		goto done;
	}
	pid = fork();
	if (pid < 0) {
		buf_printf(err, "cannot start a process: %s", strerror(errno));
		goto done;
	}
	if (pid == 0) { /* the child: its own process group, so a time-out kills cargo and rustc alike */
		setpgid(0, 0);
		if (chdir(o->dir) < 0)
			_exit(126);
		int nul = open("/dev/null", O_RDONLY);
		if (o->target_dir)
			setenv("CARGO_TARGET_DIR", o->target_dir, 1);
		setenv("CARGO_TERM_COLOR", "never", 1);
		/* a make (a CI's `make -j check`) names its jobserver's pipes in
		 * MAKEFLAGS; cargo would try them as its own, though this process
		 * never received them, and read or write whatever file sits on
		 * those numbers.  Without them cargo makes its own jobserver */
		unsetenv("MAKEFLAGS");
		unsetenv("MFLAGS");
		unsetenv("CARGO_MAKEFLAGS");
		if (nul > 0) { /* nothing to read: the check is not interactive */
			dup2(nul, 0);
			close(nul);
		}
		dup2(outp[1], 1);
		dup2(errp[1], 2);
		close(outp[0]);
		close(outp[1]);
		close(errp[0]);
		close(errp[1]);
		execl("/bin/sh", "sh", "-c", o->command, (char *)NULL);
		_exit(127);
	}
	setpgid(pid, pid); /* both sides set it: no race with the kill below */
	close(outp[1]);
	close(errp[1]);
	outp[1] = errp[1] = -1;
	out->started = 1;
	while (open_fds > 0) {
		struct pollfd p[2] = { { outp[0], POLLIN, 0 }, { errp[0], POLLIN, 0 } };
		int wait_ms = -1, k;
		if (o->timeout > 0) {
			double left = o->timeout - (now() - start);
			if (left <= 0) {
				out->timed_out = 1;
				kill(-pid, SIGKILL);
				break;
			}
			wait_ms = (int)(left * 1000) + 1;
		}
		k = poll(p, 2, wait_ms);
		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0)
			break;
		for (k = 0; k < 2; k++) {
			ssize_t n;
			if (p[k].fd < 0 || !(p[k].revents & (POLLIN | POLLHUP | POLLERR)))
				continue;
			n = read(p[k].fd, chunk, sizeof(chunk));
			if (n > 0) {
				if (k == 0 ? buf_append(&out->out, chunk, (size_t)n) < 0 : (keep_tail(&out->err_tail, chunk, (size_t)n), 0)) {
					kill(-pid, SIGKILL);
					buf_puts(err, "out of memory");
					waitpid(pid, &status, 0);
					goto done;
				}
			} else if (n == 0 || errno != EINTR) {
				close(p[k].fd);
				if (k == 0)
					outp[0] = -1;
				else
					errp[0] = -1;
				open_fds--;
			}
		}
	}
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	out->exit_status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
	out->seconds = now() - start;
	{ /* HOTPATH_AUDIT_VERIFY_LOG=DIR: every check's output kept there, to
	   * see what the toolchain said when a verdict surprises */
		const char *dir = getenv("HOTPATH_AUDIT_VERIFY_LOG");
		static unsigned serial;
		if (dir && *dir) {
			buf p = BUF_INIT, e = BUF_INIT;
			unsigned k = __atomic_add_fetch(&serial, 1, __ATOMIC_RELAXED);
			buf_printf(&p, "%s/check-%d-%u.out", dir, (int)getpid(), k);
			fileio_write_atomic(buf_cstr(&p), buf_cstr(&out->out), out->out.len, &e);
			buf_clear(&p);
			buf_printf(&p, "%s/check-%d-%u.err", dir, (int)getpid(), k);
			fileio_write_atomic(buf_cstr(&p), buf_cstr(&out->err_tail), out->err_tail.len, &e);
			buf_free(&p);
			buf_free(&e);
		}
	}
	if (cargocheck_parse(out, out->out.ptr ? out->out.ptr : "", out->out.len) < 0) {
		buf_puts(err, "out of memory");
		goto done;
	}
	rc = 0;
done:
	if (outp[0] >= 0)
		close(outp[0]);
	if (outp[1] >= 0)
		close(outp[1]);
	if (errp[0] >= 0)
		close(errp[0]);
	if (errp[1] >= 0)
		close(errp[1]);
	return rc;
}

void cargocheck_error_free(cargocheck_error *e)
{
	size_t k;

	for (k = 0; k < e->nspans; k++) {
		free(e->spans[k].file);
		free(e->spans[k].label);
	}
	free(e->spans);
	free(e->code);
	free(e->message);
	memset(e, 0, sizeof(*e));
}

void cargocheck_result_free(cargocheck_result *r)
{
	size_t i;

	for (i = 0; i < r->nerrors; i++)
		cargocheck_error_free(&r->errors[i]);
	free(r->errors);
	buf_free(&r->out);
	buf_free(&r->err_tail);
	memset(r, 0, sizeof(*r));
}
