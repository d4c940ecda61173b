/* tap.h: the unit tests' harness, a few lines of TAP (Test Anything Protocol).
 *
 * Each unit test program calls TAP_OK() for every assertion and returns
 * tap_done() from main().  automake's tap-driver.sh counts every assertion as
 * one test, so `make check` reports assertions, not programs. */
#ifndef HPA_TAP_H
#define HPA_TAP_H

#include <stdio.h>
#include <string.h>

static int tap_count, tap_failed;

static inline int tap_ok_at(int ok, const char *file, int line, const char *name)
{
	++tap_count;
	printf("%sok %d - %s\n", ok ? "" : "not ", tap_count, name);
	if (!ok) {
		++tap_failed;
		printf("#   failed at %s:%d\n", file, line);
	}
	fflush(stdout);
	return ok;
}

#define TAP_OK(cond, name) tap_ok_at(!!(cond), __FILE__, __LINE__, (name))

/* Compare two strings; on mismatch show both, so a failure explains itself. */
#define TAP_STREQ(got, want, name)                                          \
	do {                                                                    \
		const char *tap_g_ = (got), *tap_w_ = (want);                       \
		if (!TAP_OK(tap_g_ && tap_w_ && strcmp(tap_g_, tap_w_) == 0, name)) \
			printf("#   got:  [%s]\n#   want: [%s]\n",                      \
			       tap_g_ ? tap_g_ : "(null)", tap_w_ ? tap_w_ : "(null)"); \
	} while (0)

static inline int tap_done(void)
{
	printf("1..%d\n", tap_count);
	return tap_failed ? 1 : 0;
}

#endif
