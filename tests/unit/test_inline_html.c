/* test_inline_html: the HTML of the tool's prose without cmark's parse (the
 * plain-text-and-code-spans fast path) is cmark's, byte for byte. */
#include "config.h"

#include <cmark.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "inline_html.h"
#include "tap.h"

/* cmark's own answer, as inline_html() promises it. */
static char *by_cmark(const char *md)
{
	char *html = cmark_markdown_to_html(md, strlen(md), CMARK_OPT_DEFAULT), *out;
	size_t n = strlen(html);

	while (n && html[n - 1] == '\n')
		n--;
	if (n >= 7 && strncmp(html, "<p>", 3) == 0 && strncmp(html + n - 4, "</p>", 4) == 0) {
		out = strndup(html + 3, n - 7);
	} else
		out = strndup(html, n);
	free(html);
	return out;
}

static int same(const char *md)
{
	json_t *fast = inline_html(md);
	char *slow = by_cmark(md);
	int ok = fast && strcmp(json_string_value(fast), slow) == 0;

	if (!ok)
		printf("# %s\n#   fast: %s\n#   cmark: %s\n", md, fast ? json_string_value(fast) : "(null)", slow);
	json_decref(fast);
	free(slow);
	return ok;
}

int main(void)
{
	static const char *const fixed[] = {
		"Semantic required: `config` is read again at line 28, after the clone.",
		"Cheap required: cloning `Arc<RwLock<RadixBlock>>` only increments a reference count",
		"a `` `x` `` span with ticks inside", "` a `", "`  `", "`a", "it's \"quoted\" & <b>", "x `&lt;` y",
		"`code` at the start", "ends with `code`", "tabs\tinside", "", "1. not a list?", "- a dash",
		"**bold** and _em_", "[link](x)", "a\\`b`", "`a``b`", "``a`b``", "unicode `é` ü",
	};
	const char alphabet[] = "ab `*_<>&\"'\\[]!~|#-1. \n\t";
	size_t i, fails = 0;

	for (i = 0; i < sizeof(fixed) / sizeof(fixed[0]); i++)
		TAP_OK(same(fixed[i]), fixed[i][0] ? fixed[i] : "(empty)");
	srand(7);
	for (i = 0; i < 200000; i++) {
		char s[32];
		size_t n = (size_t)rand() % 24, k;
		for (k = 0; k < n; k++)
			s[k] = alphabet[(size_t)rand() % (sizeof(alphabet) - 1)];
		s[n] = '\0';
		if (!same(s) && ++fails > 5)
			break;
	}
	TAP_OK(fails == 0, "200,000 random strings of text, code spans and Markdown syntax: cmark's bytes");
	return tap_done();
}
