/* md2html: Markdown on standard input to HTML on standard output, the way a
 * forge shows a comment (raw HTML passed through, as GitHub passes
 * <details>), so the safe-output test can see every element and attribute
 * a Markdown report would put on a page.  Core cmark: no tables, which
 * only means table rows stay paragraphs here. */
#include "config.h"

#include <cmark.h>
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	char chunk[65536];
	size_t n;
	cmark_parser *parser = cmark_parser_new(CMARK_OPT_UNSAFE);
	cmark_node *doc;
	char *html;

	while ((n = fread(chunk, 1, sizeof chunk, stdin)) > 0)
		cmark_parser_feed(parser, chunk, n);
	if (ferror(stdin)) {
		perror("md2html: standard input");
		cmark_parser_free(parser);
		return 2;
	}
	doc = cmark_parser_finish(parser);
	html = cmark_render_html(doc, CMARK_OPT_UNSAFE);
	fputs(html, stdout);
	free(html);
	cmark_node_free(doc);
	cmark_parser_free(parser);
	return fflush(stdout) == 0 ? 0 : 2;
}
