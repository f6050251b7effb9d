/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The benchmarks' one clock (every *_bench.c and csidh_latency.c).
 *
 * bench_ticks(): the time-stamp counter on x86-64 (after LFENCE, so that
 * the instructions before it are done), the virtual counter on arm64
 * (after ISB), else nanoseconds of CLOCK_MONOTONIC.  BENCH_CLOCK names
 * that unit for the benchmarks' header lines ("rdtsc", "cntvct", "ns").
 * TSC ticks are not core cycles on every CPU: bench_cycles_per_tick()
 * measures the ratio on x86-64 (0 elsewhere).
 *
 * bench_ns(): nanoseconds of CLOCK_MONOTONIC, for what is compared with
 * time rather than cycles (the module's load-time selection, replayed;
 * the calibration of ticks against microseconds).
 *
 * bench_median(): the median of n samples (sorts them).
 */
#ifndef NOBS_BENCH_CLOCK_H
#define NOBS_BENCH_CLOCK_H

#include <stdlib.h>
#include <time.h>
#include <nobs/types.h>

static inline int bench_cmp_u64(const void *a, const void *b)
{
	unsigned long long x = *(const unsigned long long *)a;
	unsigned long long y = *(const unsigned long long *)b;

	return x < y ? -1 : x > y;
}

static inline unsigned long long bench_median(unsigned long long *v, int n)
{
	qsort(v, n, sizeof(*v), bench_cmp_u64);
	return v[n / 2];
}

static inline u64 bench_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (u64)ts.tv_sec * 1000000000u + (u64)ts.tv_nsec;
}

#if defined(__x86_64__)
#include <x86intrin.h>
#define BENCH_CLOCK	"rdtsc"
static inline u64 bench_ticks(void)
{
	_mm_lfence();
	return __rdtsc();
}
#elif defined(__aarch64__)
#define BENCH_CLOCK	"cntvct"
static inline u64 bench_ticks(void)
{
	u64 v;

	__asm__ __volatile__("isb; mrs %0, cntvct_el0" : "=r"(v));
	return v;
}
#else
#define BENCH_CLOCK	"ns"
static inline u64 bench_ticks(void)
{
	return bench_ns();
}
#endif

#if defined(__x86_64__)
/*
 * Core clock cycles per TSC tick, from a chain of dependent adds (one
 * cycle each): the ratio that turns ticks into cycles, for comparing with
 * published cycles-per-byte figures.  Approximate: the clock under vector
 * load may differ.
 */
static inline double bench_cycles_per_tick(void)
{
	u64 best = ~0ull, t, x = 0;
	unsigned int r;

	for (r = 0; r < 20; r++) {
		t = bench_ticks();
		__asm__ volatile("mov $25000, %%ecx\n"
				 "1:\n\t.rept 40\n\tadd $1, %0\n\t.endr\n\t"
				 "dec %%ecx\n\tjnz 1b" : "+r"(x) : : "ecx");
		t = bench_ticks() - t;
		if (t < best)
			best = t;
	}
	return 1e6 / best;
}
#else
static inline double bench_cycles_per_tick(void)
{
	return 0;
}
#endif

#endif /* NOBS_BENCH_CLOCK_H */
