/* Run a libFuzzer harness over files, without libFuzzer: every seed and
 * every input that once crashed becomes a regression test in make check
 * (and under the sanitizer build in CI).  Output is TAP. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fileio.h"
#include "fuzz.h"

int main(int argc, char **argv)
{
	buf data = BUF_INIT, err = BUF_INIT;
	int i, failed = 0;

	for (i = 1; i < argc; i++) {
		buf_clear(&err);
		if (fileio_read_all(argv[i], &data, &err) < 0) {
			printf("not ok %d - %s\n", i, buf_cstr(&err));
			failed++;
			continue;
		}
		{
			/* an exact-size copy, as libFuzzer passes it: a harness or
			 * parser that reads past the end trips ASan or valgrind */
			uint8_t *exact = malloc(data.len ? data.len : 1);
			if (!exact) {
				printf("not ok %d - %s: out of memory\n", i, argv[i]);
				failed++;
				continue;
			}
			if (data.len)
				memcpy(exact, data.ptr, data.len);
			LLVMFuzzerTestOneInput(exact, data.len);
			free(exact);
		}
		printf("ok %d - %s\n", i, argv[i]);
		fflush(stdout);
	}
	printf("1..%d\n", argc - 1);
	buf_free(&data);
	buf_free(&err);
	return failed ? 1 : 0;
}
