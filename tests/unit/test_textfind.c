/* test_textfind: the prefilter search gives memmem()'s answer. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "textfind.h"

static unsigned seed = 7;

static unsigned next(unsigned n)
{
	seed = seed * 1103515245u + 12345u;
	return (seed >> 16) % n;
}

int main(void)
{
	char hay[300], needle[24];
	int round, bad = 0, found = 0;

	/* small alphabets, so that first and last bytes match often and whole
	 * needles sometimes; every length and alignment */
	for (round = 0; round < 200000 && !bad; round++) {
		size_t n = next(sizeof(hay)), m = 1 + next(sizeof(needle) - 1), i;
		unsigned alphabet = 2 + next(3);
		const char *want, *got;
		for (i = 0; i < n; i++)
			hay[i] = (char)('a' + next(alphabet));
		for (i = 0; i < m; i++)
			needle[i] = (char)('a' + next(alphabet));
		if (n >= m && next(2)) /* plant it, near the end at times */
			memcpy(hay + next((unsigned)(n - m + 1)), needle, m);
		want = memmem(hay, n, needle, m);
		got = textfind(hay, n, needle, m);
		found += want != NULL;
		if (got != want) {
			printf("#   round %d: n=%zu m=%zu want %ld got %ld\n", round, n, m, want ? (long)(want - hay) : -1L,
			       got ? (long)(got - hay) : -1L);
			bad = 1;
		}
	}
	TAP_OK(!bad, "200,000 random searches: the same first occurrence as memmem()");
	TAP_OK(found > 50000, "many of them find the needle");
	TAP_OK(textfind("clone", 5, "", 0) == NULL, "an empty needle is not found");
	TAP_OK(textfind("clo", 3, "clone", 5) == NULL, "a needle longer than the text is not found");
	{
		const char *text = "fn f(x: String) { g(x.clone()); }";
		TAP_OK(textfind(text, strlen(text), "clone", 5) == strstr(text, "clone"), "clone in a line of Rust");
	}
	return tap_done();
}
