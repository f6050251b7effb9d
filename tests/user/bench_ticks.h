/* SPDX-License-Identifier: GPL-2.0 */
/*
 * nobs_ticks(): the CSIDH benchmarks' clock.  x86-64: the time-stamp
 * counter; elsewhere nanoseconds (CLOCK_MONOTONIC), not cycles: the
 * benchmarks' header lines say which.
 */
#ifndef NOBS_BENCH_TICKS_H
#define NOBS_BENCH_TICKS_H

#if defined(__x86_64__)
#include <x86intrin.h>
#define nobs_ticks()	__rdtsc()
#else
#include <time.h>
static unsigned long long nobs_ticks(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}
#endif

#endif /* NOBS_BENCH_TICKS_H */
