#include "config.h"

#include "inline_html.h"

#include <cmark.h>
#include <stdlib.h>
#include <string.h>

/* Text as cmark writes it in HTML: & < > " as entities, nothing else. */
static int cmark_escape(buf *out, const char *s, size_t n)
{
	size_t i, run = 0;

	for (i = 0; i < n; i++) {
		const char *r;
		switch (s[i]) {
		case '&': r = "&amp;"; break;
		case '<': r = "&lt;"; break;
		case '>': r = "&gt;"; break;
		case '"': r = "&quot;"; break;
		default: continue;
		}
		if (buf_append(out, s + run, i - run) < 0 || buf_puts(out, r) < 0)
			return -1;
		run = i + 1;
	}
	return buf_append(out, s + run, n - run);
}

/* Does cmark read s as one paragraph of plain text and `code spans`, so
 * that inline_code_spans_html() gives cmark's bytes?  Nothing outside the spans
 * that Markdown gives a meaning (emphasis, links, entities, escapes, raw
 * HTML, line breaks), no block syntax at the start, no space at the ends. */
static int plain_with_code(const char *s)
{
	/* what means something outside a code span */
	static const unsigned char special[256] = {
		['\\'] = 1, ['*'] = 1, ['_'] = 1, ['['] = 1, [']'] = 1, ['!'] = 1, ['<'] = 1,
		['>'] = 1, ['&'] = 1, ['~'] = 1, ['|'] = 1, ['\n'] = 1, ['\r'] = 1,
	};
	size_t n = strlen(s);
	int in_code = 0;
	size_t run = 0, i;

	if (!n || strchr("-+=>#*0123456789 \t", s[0]) || s[n - 1] == ' ' || s[n - 1] == '\t')
		return 0;
	for (i = 0; i < n; i++) {
		if (s[i] == '`') {
			size_t r = 0;
			while (s[i + r] == '`')
				r++;
			if (!in_code) {
				in_code = 1;
				run = r;
			} else if (r == run)
				in_code = 0;
			i += r - 1;
			continue;
		}
		if (special[(unsigned char)s[i]] && (!in_code || s[i] == '\n' || s[i] == '\r'))
			return 0;
	}
	return !in_code; /* an unclosed run: leave it to cmark */
}

int inline_code_spans_html(buf *out, const char *s)
{
	while (*s) {
		const char *tick = strchr(s, '`'), *end;
		size_t run = 0;
		if (!tick)
			return cmark_escape(out, s, strlen(s));
		while (tick[run] == '`')
			run++;
		/* the closing run of the same length */
		for (end = tick + run; (end = strchr(end, '`')) != NULL;) {
			size_t r = 0;
			while (end[r] == '`')
				r++;
			if (r == run)
				break;
			end += r;
		}
		if (!end) { /* no closing run: the backticks are text */
			if (cmark_escape(out, s, (size_t)(tick - s) + run) < 0)
				return -1;
			s = tick + run;
			continue;
		}
		if (cmark_escape(out, s, (size_t)(tick - s)) < 0 || buf_puts(out, "<code>") < 0)
			return -1;
		{ /* one space stripped from each end when both are spaces (CommonMark) */
			const char *a = tick + run, *b = end;
			const char *p = a;
			while (p < b && *p == ' ')
				p++;
			if (b - a >= 2 && a[0] == ' ' && b[-1] == ' ' && p < b)
				a++, b--;
			if (cmark_escape(out, a, (size_t)(b - a)) < 0 || buf_puts(out, "</code>") < 0)
				return -1;
		}
		s = end + run;
	}
	return 0;
}

json_t *inline_html(const char *md)
{
	char *html;
	size_t n;
	json_t *s;

	if (plain_with_code(md)) {
		buf b = BUF_INIT;
		s = inline_code_spans_html(&b, md) < 0 ? NULL : json_stringn(b.ptr ? b.ptr : "", b.len);
		buf_free(&b);
		return s;
	}
	html = cmark_markdown_to_html(md, strlen(md), CMARK_OPT_DEFAULT);
	if (!html)
		return NULL;
	n = strlen(html);
	while (n && html[n - 1] == '\n')
		n--;
	if (n >= 7 && strncmp(html, "<p>", 3) == 0 && strncmp(html + n - 4, "</p>", 4) == 0)
		s = json_stringn(html + 3, n - 7);
	else
		s = json_stringn(html, n);
	free(html);
	return s;
}
