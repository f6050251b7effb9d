// SPDX-License-Identifier: GPL-2.0
/*
 * CSIDH-512 benchmark, native: median rdtsc cycles of one constant-time
 * group action (key generation), of public-key validation and of derive
 * (validation + group action), for each field implementation this CPU
 * runs.  For scale, the same run times one fp multiplication, and
 * reports each operation also in those multiplications; the variable-time
 * CSIDH reference takes about 200M cycles per action on this machine
 * (issue 5).
 *
 * Usage: csidh_bench [runs]   (default 7 per operation)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#if defined(__x86_64__)
#include <x86intrin.h>
#include <cpuid.h>
#define nobs_ticks()	__rdtsc()
#else
/* elsewhere: nanoseconds, not cycles (the header line says which) */
static unsigned long long nobs_ticks(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}
#endif

#include "isogeny/csidh.h"
#include "csidh_test_rng.h"
#include "isogeny/fp.h"


static int cmp_u64(const void *a, const void *b)
{
	unsigned long long x = *(const unsigned long long *)a;
	unsigned long long y = *(const unsigned long long *)b;

	return x < y ? -1 : x > y;
}

static unsigned long long median(unsigned long long *v, int n)
{
	qsort(v, n, sizeof(*v), cmp_u64);
	return v[n / 2];
}

static int have_bmi2_adx(void)
{
#if defined(__x86_64__)
	unsigned int a, b, c, d;

	if (!__get_cpuid_count(7, 0, &a, &b, &c, &d))
		return 0;
	return (b & (1u << 8)) && (b & (1u << 19));	/* BMI2, ADX */
#elif defined(__aarch64__)
	return 1;
#else
	return 0;
#endif
}

static void run(const char *impl, int runs)
{
	unsigned long long seed = 42, t[64], mul, keygen, val, derive;
	struct nobs_csidh_env env = { csidh_test_random, NULL, &seed };
	unsigned char sk[37], pk[64], pk2[64], ss[64];
	struct nobs_fp a, b;
	int i, j;

	printf("%-8s", nobs_fp_select(!strcmp(impl, "asm")));
	fflush(stdout);

	nobs_fp_set_u64(&a, 3);
	nobs_fp_set_u64(&b, 5);
	for (i = 0; i < 64; i++) {
		unsigned long long t0 = nobs_ticks();

		for (j = 0; j < 1000; j++)
			nobs_fp_mul(&a, &a, &b);
		t[i] = (nobs_ticks() - t0) / 1000;
	}
	mul = median(t, 64);

	nobs_csidh_random_private_key(sk, &env);
	nobs_csidh_public_key(pk2, sk, &env);	/* a peer key */
	for (i = 0; i < runs; i++) {
		unsigned long long t0;

		nobs_csidh_random_private_key(sk, &env);
		t0 = nobs_ticks();
		if (nobs_csidh_public_key(pk, sk, &env))
			abort();
		t[i] = nobs_ticks() - t0;
	}
	keygen = median(t, runs);
	for (i = 0; i < runs; i++) {
		unsigned long long t0 = nobs_ticks();

		if (nobs_csidh_validate(pk2))
			abort();
		t[i] = nobs_ticks() - t0;
	}
	val = median(t, runs);
	for (i = 0; i < runs; i++) {
		unsigned long long t0 = nobs_ticks();

		if (nobs_csidh_shared_secret(ss, sk, pk2, &env))
			abort();
		t[i] = nobs_ticks() - t0;
	}
	derive = median(t, runs);
	printf(" %10llu %14llu %6.0fk %14llu %6.0fk %14llu %6.0fk\n", mul,
	       keygen, keygen / 1e3 / mul, val, val / 1e3 / mul,
	       derive, derive / 1e3 / mul);
}

int main(int argc, char **argv)
{
	int runs = argc > 1 ? atoi(argv[1]) : 7;

	if (runs < 1 || runs > 64)
		runs = 7;
#if defined(__x86_64__)
	printf("csidh512: median rdtsc cycles over %d runs (xM = in fp muls)\n",
	       runs);
#else
	printf("csidh512: median nanoseconds over %d runs (xM = in fp muls)\n",
	       runs);
#endif
	printf("%-8s %10s %14s %7s %14s %7s %14s %7s\n", "fp", "fp mul",
	       "action", "xM", "validate", "xM", "derive", "xM");
	run("generic", runs);
	if (have_bmi2_adx())
		run("asm", runs);
	printf("target: constant-time action <= 400M cycles (stretch 300M); reference (variable time) ~200M\n");
	return 0;
}
