/* parallel: run one job function on several threads, the caller being one
 * of them.  The jobs share their work through whatever their argument
 * points at (an atomic file index, in this tool). */
#ifndef HPA_PARALLEL_H
#define HPA_PARALLEL_H

#include <stddef.h>

/* The number of online CPUs (at least 1). */
unsigned parallel_cpus(void);

/* Call fn(base + i * stride) for i in [0, n): i = 0 on the calling thread,
 * the others on new threads, and wait for all.  When a thread cannot be
 * started its job is not run, so fn must let the others take over its
 * share (as a shared work counter does).  With stride 0 every thread gets
 * base itself: one shared job. */
void parallel_run(unsigned n, void *(*fn)(void *), void *base, size_t stride);

/* Split [0, n) into a run per CPU (one run when n < min) and call
 * fn(ctx, from, to) for each run, the runs at once; a run whose thread
 * cannot start is done on the calling thread.  For work on the items of
 * an array where each item's result is its own. */
void parallel_for(size_t n, size_t min, void (*fn)(void *ctx, size_t from, size_t to), void *ctx);

#endif
