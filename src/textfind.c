#include "config.h"

#include "textfind.h"

#include <string.h>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

const char *textfind(const char *hay, size_t n, const char *needle, size_t m)
{
	size_t i = 0;

	if (m == 0 || m > n)
		return NULL;
#ifdef __SSE2__
	{
		const __m128i first = _mm_set1_epi8(needle[0]), last = _mm_set1_epi8(needle[m - 1]);

		/* position i's last byte is at i + m - 1: 16 positions need 15 + m bytes */
		for (; n - i >= m + 15; i += 16) {
			__m128i a = _mm_loadu_si128((const __m128i *)(const void *)(hay + i));
			__m128i b = _mm_loadu_si128((const __m128i *)(const void *)(hay + i + m - 1));
			unsigned mask = (unsigned)_mm_movemask_epi8(_mm_and_si128(_mm_cmpeq_epi8(a, first), _mm_cmpeq_epi8(b, last)));
			while (mask) {
				size_t at = i + (size_t)__builtin_ctz(mask);
				if (memcmp(hay + at + 1, needle + 1, m - 1) == 0)
					return hay + at;
				mask &= mask - 1;
			}
		}
	}
#endif
	{
		const void *p = memmem(hay + i, n - i, needle, m);
		return p;
	}
}
