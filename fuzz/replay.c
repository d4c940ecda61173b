/* Run a libFuzzer harness over files, without libFuzzer: every seed and
 * every input that once crashed becomes a regression test in make check
 * (and under the sanitizer build in CI).  Output is TAP. */
#include "config.h"

#include <stdio.h>

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
		LLVMFuzzerTestOneInput((const uint8_t *)(data.ptr ? data.ptr : ""), data.len);
		printf("ok %d - %s\n", i, argv[i]);
		fflush(stdout);
	}
	printf("1..%d\n", argc - 1);
	buf_free(&data);
	buf_free(&err);
	return failed ? 1 : 0;
}
