// SPDX-License-Identifier: GPL-2.0
/*
 * Benchmark of GF(p) multiplication and squaring (CSIDH-512 prime):
 * median rdtsc cycles per operation for each implementation, beside GMP's
 * mpn_mul_n / mpn_sqr on 8 limbs followed by a Montgomery reduction built
 * from mpn_addmul_1, measured in the same run for scale.
 *
 * Each sample times a chain of BATCH dependent operations (the output
 * feeds the next input), as field arithmetic is used in an isogeny
 * computation; the figure is the median over SAMPLES samples.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gmp.h>
#ifdef __x86_64__
#include <x86intrin.h>
#endif

#include "isogeny/fp.h"

#define BATCH	1000
#define SAMPLES	301

static inline u64 cycles(void)
{
#ifdef __x86_64__
	unsigned int aux;

	return __rdtscp(&aux);
#elif defined(__aarch64__)
	u64 v;

	__asm__ __volatile__("isb; mrs %0, cntvct_el0" : "=r"(v));
	return v;
#else
	return 0;
#endif
}

static int cmp_u64(const void *a, const void *b)
{
	u64 x = *(const u64 *)a, y = *(const u64 *)b;

	return x < y ? -1 : x > y;
}

static double median(u64 *s)
{
	qsort(s, SAMPLES, sizeof(*s), cmp_u64);
	return (double)s[SAMPLES / 2] / BATCH;
}

typedef void (*mul_fn)(struct nobs_fp *, const struct nobs_fp *,
		       const struct nobs_fp *);
typedef void (*sqr_fn)(struct nobs_fp *, const struct nobs_fp *);

static struct nobs_fp x0, y0;

static double bench_mul(mul_fn mul)
{
	u64 s[SAMPLES], t;
	struct nobs_fp x = x0;
	int i, j;

	for (i = 0; i < SAMPLES; i++) {
		t = cycles();
		for (j = 0; j < BATCH; j++)
			mul(&x, &x, &y0);
		s[i] = cycles() - t;
	}
	__asm__ __volatile__("" : : "r"(&x) : "memory");
	return median(s);
}

static double bench_sqr(sqr_fn sqr)
{
	u64 s[SAMPLES], t;
	struct nobs_fp x = x0;
	int i, j;

	for (i = 0; i < SAMPLES; i++) {
		t = cycles();
		for (j = 0; j < BATCH; j++)
			sqr(&x, &x);
		s[i] = cycles() - t;
	}
	__asm__ __volatile__("" : : "r"(&x) : "memory");
	return median(s);
}

/* GMP: 8x8 limb product (mpn_mul_n / mpn_sqr) and Montgomery reduction */
static mp_limb_t gp[8], gpinv;

static inline void gmp_redc(mp_limb_t *r, mp_limb_t *t)
{
	mp_limb_t c = 0, hi;
	int i;

	for (i = 0; i < 8; i++) {
		hi = mpn_addmul_1(t + i, gp, 8, t[i] * gpinv);
		c = mpn_add_1(t + i + 8, t + i + 8, 8 - i, hi + c) ? 1 : 0;
	}
	if (c || mpn_cmp(t + 8, gp, 8) >= 0)
		mpn_sub_n(r, t + 8, gp, 8);
	else
		mpn_copyi(r, t + 8, 8);
}

static void gmp_mont_mul(struct nobs_fp *r, const struct nobs_fp *a,
			 const struct nobs_fp *b)
{
	mp_limb_t t[16];

	mpn_mul_n(t, (const mp_limb_t *)a->limb, (const mp_limb_t *)b->limb, 8);
	gmp_redc((mp_limb_t *)r->limb, t);
}

static void gmp_mont_sqr(struct nobs_fp *r, const struct nobs_fp *a)
{
	mp_limb_t t[16];

	mpn_sqr(t, (const mp_limb_t *)a->limb, 8);
	gmp_redc((mp_limb_t *)r->limb, t);
}

static void gmp_mul_only(struct nobs_fp *r, const struct nobs_fp *a,
			 const struct nobs_fp *b)
{
	mp_limb_t t[16];

	mpn_mul_n(t, (const mp_limb_t *)a->limb, (const mp_limb_t *)b->limb, 8);
	memcpy(r->limb, t + 8, sizeof(r->limb));
	r->limb[7] &= 0x3fffffffffffffffULL;	/* keep the chain bounded */
}

int main(void)
{
	struct nobs_fp chk1, chk2;
	int i;

	for (i = 0; i < 8; i++) {
		x0.limb[i] = 0x0123456789abcdefULL * (i + 3);
		y0.limb[i] = 0xfedcba9876543210ULL ^ (0x1111ULL << i);
	}
	x0.limb[7] &= 0x0fffffffffffffffULL;	/* below p */
	y0.limb[7] &= 0x0fffffffffffffffULL;
	memcpy(gp, nobs_fp_p.limb, sizeof(gp));
	gpinv = 1;				/* p^-1 mod 2^64 by Newton */
	for (i = 0; i < 6; i++)
		gpinv *= 2 - gp[0] * gpinv;
	gpinv = -gpinv;

	/* the reference must compute the same thing to be a fair reference */
	gmp_mont_mul(&chk1, &x0, &y0);
	nobs_fp_mul_generic(&chk2, &x0, &y0);
	if (memcmp(&chk1, &chk2, sizeof(chk1))) {
		fprintf(stderr, "fp_bench: GMP Montgomery product disagrees\n");
		return 1;
	}

	printf("GF(p) CSIDH-512, median %s per operation (%d samples x %d dependent ops)\n",
#ifdef __x86_64__
	       "rdtsc cycles",
#else
	       "counter ticks",
#endif
	       SAMPLES, BATCH);
	printf("%-34s %10s %10s\n", "implementation", "mul", "sqr");
	printf("%-34s %10.1f %10.1f\n", "nobs generic C",
	       bench_mul(nobs_fp_mul_generic), bench_sqr(nobs_fp_sqr_generic));
#ifdef NOBS_FP_ASM_NAME
#ifdef __x86_64__
	if (__builtin_cpu_supports("bmi2") && __builtin_cpu_supports("adx"))
#endif
		printf("%-34s %10.1f %10.1f\n", "nobs " NOBS_FP_ASM_NAME,
		       bench_mul(nobs_fp_mul_asm), bench_sqr(nobs_fp_sqr_asm));
#endif
	nobs_fp_select(true);
	printf("%-34s %10.1f %10.1f\n", "nobs dispatched (select(true))",
	       bench_mul(nobs_fp_mul), bench_sqr(nobs_fp_sqr));
	printf("%-34s %10.1f %10.1f\n", "GMP mpn_mul_n/sqr + mpn redc",
	       bench_mul(gmp_mont_mul), bench_sqr(gmp_mont_sqr));
	printf("%-34s %10.1f %10s\n", "GMP mpn_mul_n alone (no reduction)",
	       bench_mul(gmp_mul_only), "-");
	return 0;
}
