#include "config.h"
#include "history.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "fileio.h"

/* This run as a log line: what the trend draws. */
static json_t *this_run(json_t *model)
{
	json_t *summary = json_object_get(model, "summary");

	return json_pack("{s:O, s:O*, s:O, s:O, s:O, s:O}", "date", json_object_get(model, "generated"), "commit",
	                 json_object_get(json_object_get(model, "source"), "commit"), "total",
	                 json_object_get(summary, "total"), "actionable", json_object_get(summary, "actionable"),
	                 "by_bucket", json_object_get(summary, "by_bucket"), "by_tier",
	                 json_object_get(summary, "by_tier"));
}

/* The runs of the log's text; lines that are not one are skipped with a
 * warning.  -1 with err set when none is a run and some line is whole (a
 * file given by mistake: nothing is appended to it). */
static int parse_runs(const char *path, const buf *text, json_t *runs, buf *warnings, buf *err)
{
	size_t line_no = 0, pos = 0, whole_bad = 0, first_bad = 0, warned_from = warnings->len;
	buf first_why = BUF_INIT;
	int rc = 0;

	while (pos < text->len) {
		const char *nl = memchr(text->ptr + pos, '\n', text->len - pos);
		size_t end = nl ? (size_t)(nl - text->ptr) : text->len;
		json_error_t je;
		json_t *run;

		line_no++;
		if (end > pos) {
			run = json_loadb(text->ptr + pos, end - pos, 0, &je);
			if (json_is_object(run)) {
				if (json_array_append_new(runs, run) < 0)
					rc = -1;
			} else {
				const char *why = run ? "not an object" : je.text;
				/* the last line without its '\n': an append cut short */
				buf_printf(warnings, "%s:%zu: %s, skipped: %s\n", path, line_no,
				           nl ? "not a history line" : "a torn last line", why);
				if (nl && !whole_bad++) {
					first_bad = line_no;
					buf_puts(&first_why, why);
				}
				json_decref(run);
			}
		}
		pos = end + 1;
	}
	if (rc == 0 && whole_bad && json_array_size(runs) == 0) {
		/* refused whole: the error says it once, not a warning a line */
		warnings->len = warned_from;
		if (warnings->ptr)
			warnings->ptr[warned_from] = '\0';
		buf_printf(err, "%s:%zu: not a history line: %s", path, first_bad, buf_cstr(&first_why));
		rc = -1;
	} else if (rc < 0)
		buf_puts(err, "out of memory");
	buf_free(&first_why);
	return rc;
}

int history_prepare(json_t *model, const char *path, buf *line, buf *warnings, buf *err)
{
	buf text = BUF_INIT;
	json_t *runs = json_array(), *entry;
	int errnum = 0, rc = -1;
	char *s = NULL;

	if (!runs)
		goto oom;
	if (fileio_read_locked(path, &text, &errnum) < 0 && errnum != ENOENT) {
		buf_printf(err, "%s: %s", path, strerror(errnum));
		goto done;
	}
	if (parse_runs(path, &text, runs, warnings, err) < 0)
		goto done;
	entry = this_run(model);
	if (!entry)
		goto oom;
	s = json_dumps(entry, JSON_COMPACT);
	if (json_array_append_new(runs, entry) < 0 || !s) /* runs holds entry, or it is gone */
		goto oom;
	buf_clear(line);
	if (buf_puts(line, s) < 0 || buf_putc(line, '\n') < 0)
		goto oom;
	json_object_set_new(model, "history", runs);
	runs = NULL;
	rc = 0;
	goto done;
oom:
	buf_puts(err, "out of memory");
done:
	free(s);
	json_decref(runs);
	buf_free(&text);
	return rc;
}

int history_commit(const char *path, const buf *line, buf *err)
{
	return fileio_append_line(path, line->ptr, line->len, err);
}
