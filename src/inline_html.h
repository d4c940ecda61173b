/* inline_html: a line of the tool's Markdown prose as the HTML cmark
 * writes for it.
 *
 * A report's HTML page carries tens of thousands of one-line reasons and
 * fields.  Most are plain text with `code spans`; for those the HTML is
 * written here directly, byte for byte what cmark gives (the unit test
 * compares the two), and only prose with other Markdown goes through
 * cmark's parse. */
#ifndef HPA_INLINE_HTML_H
#define HPA_INLINE_HTML_H

#include <jansson.h>

#include "buf.h"

/* Markdown prose as the HTML of one paragraph without its <p> wrapper
 * (safe mode: no raw HTML); a new JSON string, or NULL when memory ran
 * out. */
json_t *inline_html(const char *md);

/* Append text with `code spans` as HTML: the text escaped as cmark
 * escapes it, each span in <code>, nothing else read as Markdown.  For
 * text the tool wrote itself (a <summary> line, where a forge renders no
 * Markdown).  -1 when memory ran out. */
int inline_code_spans_html(buf *out, const char *s);

#endif
