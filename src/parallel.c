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

#define MAX_RUNS 16

typedef struct {
	void (*fn)(void *ctx, size_t from, size_t to);
	void *ctx;
	size_t from, to;
	int ran;
} run;

static void *do_run(void *arg)
{
	run *r = arg;

	r->fn(r->ctx, r->from, r->to);
	r->ran = 1;
	return NULL;
}

void parallel_for(size_t n, size_t min, void (*fn)(void *ctx, size_t from, size_t to), void *ctx)
{
	run runs[MAX_RUNS];
	unsigned k = n < min ? 1 : parallel_cpus(), i;

	if (k > MAX_RUNS)
		k = MAX_RUNS;
	for (i = 0; i < k; i++) {
		runs[i].fn = fn;
		runs[i].ctx = ctx;
		runs[i].from = n * i / k;
		runs[i].to = n * (i + 1) / k;
		runs[i].ran = 0;
	}
	parallel_run(k, do_run, runs, sizeof(runs[0]));
	for (i = 0; i < k; i++)
		if (!runs[i].ran) /* its thread could not start */
			do_run(&runs[i]);
}
