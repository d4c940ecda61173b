#include "config.h"

#include "parallel.h"

#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

unsigned parallel_cpus(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n > 0 ? (unsigned)n : 1;
}

void parallel_run(unsigned n, void *(*fn)(void *), void *base, size_t stride)
{
	pthread_t *tids = n > 1 ? calloc(n, sizeof(*tids)) : NULL;
	unsigned i, started = 0;

	for (i = 1; tids && i < n; i++) {
		if (pthread_create(&tids[i], NULL, fn, (char *)base + i * stride) != 0)
			break;
		started++;
	}
	fn(base);
	for (i = 1; i <= started; i++)
		pthread_join(tids[i], NULL);
	free(tids);
}
