/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The Keccak benchmarks' clock (keccak_bench.c, keccak_xn_bench.c):
 * ticks() is the time-stamp counter on x86-64, the virtual counter on
 * arm64, else nanoseconds; cycles_per_tick() turns x86-64 ticks into
 * core cycles (0 elsewhere).
 */
#ifndef NOBS_KECCAK_TICKS_H
#define NOBS_KECCAK_TICKS_H

#include <time.h>
#include <nobs/types.h>

#if defined(__x86_64__)
#include <x86intrin.h>
static inline u64 ticks(void)
{
	_mm_lfence();
	return __rdtsc();
}
#elif defined(__aarch64__)
static inline u64 ticks(void)
{
	u64 v;

	__asm__ __volatile__("isb; mrs %0, cntvct_el0" : "=r"(v));
	return v;
}
#else
static inline u64 ticks(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (u64)ts.tv_sec * 1000000000u + (u64)ts.tv_nsec;
}
#endif

#if defined(__x86_64__)
/*
 * Core clock cycles per TSC tick, from a chain of dependent adds (one
 * cycle each): the ratio that turns the ticks of the table into cycles,
 * for comparing with published cycles-per-byte figures.  Approximate: the
 * clock under vector load may differ.
 */
static inline double cycles_per_tick(void)
{
	u64 best = ~0ull, t, x = 0;
	unsigned int r;

	for (r = 0; r < 20; r++) {
		t = ticks();
		__asm__ volatile("mov $25000, %%ecx\n"
				 "1:\n\t.rept 40\n\tadd $1, %0\n\t.endr\n\t"
				 "dec %%ecx\n\tjnz 1b" : "+r"(x) : : "ecx");
		t = ticks() - t;
		if (t < best)
			best = t;
	}
	return 1e6 / best;
}
#else
static inline double cycles_per_tick(void)
{
	return 0;
}
#endif

#endif /* NOBS_KECCAK_TICKS_H */
