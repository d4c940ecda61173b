#include "config.h"

#include "pyre.h"

#include <stdlib.h>
#include <string.h>

#include "pyunicode.h"

struct pyre {
	pcre2_code *code;
	char *translated;
};

/* Append the ranges as class items (no brackets) "\x{lo}-\x{hi}...". */
static int put_ranges(buf *out, const hpa_cp_range *r, size_t count)
{
	size_t i;

	for (i = 0; i < count; i++) {
		if (buf_printf(out, "\\x{%X}", r[i].lo) < 0)
			return -1;
		if (r[i].hi != r[i].lo && buf_printf(out, "-\\x{%X}", r[i].hi) < 0)
			return -1;
	}
	return 0;
}

static int put_word_items(buf *out)
{
	return put_ranges(out, hpa_py_alnum_ranges, hpa_py_alnum_ranges_count) < 0 ? -1
	       : buf_putc(out, '_');
}

static int put_space_items(buf *out)
{
	return put_ranges(out, hpa_py_space_ranges, hpa_py_space_ranges_count);
}

static int put_class(buf *out, int negate, int (*items)(buf *))
{
	if (buf_puts(out, negate ? "[^" : "[") < 0 || items(out) < 0)
		return -1;
	return buf_putc(out, ']');
}

/* \b and \B as lookarounds on the Python word class. */
static int put_boundary(buf *out, int negate)
{
	buf w = BUF_INIT;
	int rc;

	if (put_class(&w, 0, put_word_items) < 0) {
		buf_free(&w);
		return -1;
	}
	if (!negate)
		rc = buf_printf(out, "(?:(?<=%s)(?!%s)|(?<!%s)(?=%s))", w.ptr, w.ptr, w.ptr, w.ptr);
	else
		rc = buf_printf(out, "(?:(?<=%s)(?=%s)|(?<!%s)(?!%s))", w.ptr, w.ptr, w.ptr, w.ptr);
	buf_free(&w);
	return rc;
}

/* Rewrite Python syntax to PCRE2.  Returns -1 (with *bad_col set, 1-based)
 * on a construct we cannot translate faithfully. */
static int translate(buf *out, const char *p, size_t *bad_col, const char **why)
{
	size_t i = 0, n = strlen(p);
	int in_class = 0;

	while (i < n) {
		char c = p[i];
		if (c == '\\') {
			char e;
			if (i + 1 >= n) {
				*bad_col = i + 1;
				*why = "pattern ends with a lone backslash";
				return -1;
			}
			e = p[i + 1];
			if (in_class && (e == 'S' || e == 'W' || e == 'D')) {
				*bad_col = i + 1;
				*why = "\\S, \\W and \\D inside [...] are not supported";
				return -1;
			}
			switch (e) {
			case 's': if ((in_class ? put_space_items(out) : put_class(out, 0, put_space_items)) < 0) return -1; break;
			case 'S': if (put_class(out, 1, put_space_items) < 0) return -1; break;
			case 'w': if ((in_class ? put_word_items(out) : put_class(out, 0, put_word_items)) < 0) return -1; break;
			case 'W': if (put_class(out, 1, put_word_items) < 0) return -1; break;
			case 'd': if (buf_puts(out, "\\p{Nd}") < 0) return -1; break;
			case 'D': if (buf_puts(out, "\\P{Nd}") < 0) return -1; break;
			case 'b':
				if (in_class) { /* backspace inside a class, as in Python */
					if (buf_puts(out, "\\x{8}") < 0) return -1;
				} else if (put_boundary(out, 0) < 0)
					return -1;
				break;
			case 'B':
				if (in_class) {
					*bad_col = i + 1;
					*why = "\\B inside [...] is not valid";
					return -1;
				}
				if (put_boundary(out, 1) < 0) return -1;
				break;
			case 'Z': if (buf_puts(out, "\\z") < 0) return -1; break;
			default:
				if (buf_append(out, p + i, 2) < 0) return -1;
			}
			i += 2;
			continue;
		}
		if (!in_class && c == '[') {
			in_class = 1;
			if (buf_putc(out, c) < 0) return -1;
			i++;
			if (i < n && p[i] == '^' && buf_putc(out, p[i++]) < 0) return -1;
			/* a ']' right after '[' or '[^' is a literal, as in Python */
			if (i < n && p[i] == ']') {
				if (buf_puts(out, "\\]") < 0) return -1;
				i++;
			}
			continue;
		}
		if (in_class && c == ']')
			in_class = 0;
		if (buf_putc(out, c) < 0)
			return -1;
		i++;
	}
	if (in_class) {
		*bad_col = n;
		*why = "unterminated character set";
		return -1;
	}
	return 0;
}

int pyre_compile(pyre **out, const char *pattern, unsigned flags, buf *err)
{
	buf t = BUF_INIT;
	pyre *re = NULL;
	pcre2_compile_context *cctx = NULL;
	size_t bad_col = 0;
	const char *why = "out of memory";
	int errcode;
	PCRE2_SIZE erroff;

	*out = NULL;
	if (translate(&t, pattern, &bad_col, &why) < 0) {
		buf_printf(err, "column %zu: %s", bad_col, why);
		goto fail;
	}
	re = calloc(1, sizeof(*re));
	cctx = pcre2_compile_context_create(NULL);
	if (!re || !cctx) {
		buf_puts(err, "out of memory");
		goto fail;
	}
	/* Python's ^ and $ (MULTILINE) know only \n as a line end. */
	pcre2_set_newline(cctx, PCRE2_NEWLINE_LF);
	pcre2_set_bsr(cctx, PCRE2_BSR_UNICODE);
	re->code = pcre2_compile((PCRE2_SPTR)buf_cstr(&t), t.len,
	                         PCRE2_UTF | PCRE2_NO_UTF_CHECK |
	                         ((flags & PYRE_MULTILINE) ? PCRE2_MULTILINE : 0),
	                         &errcode, &erroff, cctx);
	if (!re->code) {
		PCRE2_UCHAR msg[256];
		pcre2_get_error_message(errcode, msg, sizeof(msg));
		/* the offset is into the rewritten pattern; report the message
		 * with the pattern as written, which the user can read */
		buf_printf(err, "invalid regular expression: %s", (const char *)msg);
		goto fail;
	}
	/* JIT is an optimisation: when it is unavailable we still match. */
	if (!getenv("HOTPATH_AUDIT_NO_JIT"))
		(void)pcre2_jit_compile(re->code, PCRE2_JIT_COMPLETE);
	re->translated = buf_detach(&t);
	pcre2_compile_context_free(cctx);
	*out = re;
	return 0;
fail:
	buf_free(&t);
	pcre2_compile_context_free(cctx);
	pyre_free(re);
	return -1;
}

int pyre_search(const pyre *re, pcre2_match_data *md, const char *s, size_t n)
{
	int rc = pcre2_match(re->code, (PCRE2_SPTR)s, n, 0, PCRE2_NO_UTF_CHECK, md, NULL);

	if (rc >= 0)
		return 1;
	return rc == PCRE2_ERROR_NOMATCH ? 0 : -1;
}

pcre2_match_data *pyre_match_data_new(void)
{
	return pcre2_match_data_create(1, NULL);
}

const char *pyre_translated(const pyre *re)
{
	return re->translated;
}

void pyre_free(pyre *re)
{
	if (!re)
		return;
	pcre2_code_free(re->code);
	free(re->translated);
	free(re);
}
