// SPDX-License-Identifier: GPL-2.0
/*
 * Benchmark of GF(p) multiplication and squaring for the fields (CSIDH-512:
 * 8 limbs; CSIDH-1024: 16 limbs; CTIDH-2048: 32 limbs): median ticks of
 * bench_clock.h per operation for each implementation, beside GMP's
 * mpn_mul_n / mpn_sqr followed by a Montgomery reduction built from
 * mpn_addmul_1, measured in the same run for scale.
 *
 * Each sample times a chain of BATCH dependent operations (the output
 * feeds the next input), as field arithmetic is used in an isogeny
 * computation; the figure is the median over SAMPLES samples.
 *
 * Fields with four-lane vector code (fp.h's NOBS_FP_VEC_NAME: the 512- and
 * 1024-bit ones on x86-64 with AVX-512 IFMA) get two more rows, per call
 * of nobs_fp*_mul4()/_sqr4() (four products, four dependent chains): in a
 * vector section (the IFMA code), and without one (four scalar calls of
 * the dispatched multiplication).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gmp.h>

#include "isogeny/fp512.h"
#include "isogeny/fp1024.h"
#include "isogeny/fp2048.h"
#include "fp_cpu.h"
#include "bench_clock.h"

#define BATCH	1000
#define SAMPLES	301
#define MAXN	NOBS_FP2048_LIMBS

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

/*
 * GMP: n x n limb product (mpn_mul_n / mpn_sqr) and a Montgomery
 * reduction, on plain limb arrays; the field of the run is gp[0..gn).
 */
static mp_limb_t gp[MAXN], gpinv;
static int gn;

static void gmp_setup(const u64 *p, int n)
{
	int i;

	gn = n;
	memcpy(gp, p, n * sizeof(*gp));
	gpinv = 1;				/* p^-1 mod 2^64 by Newton */
	for (i = 0; i < 6; i++)
		gpinv *= 2 - gp[0] * gpinv;
	gpinv = -gpinv;
}

static inline void gmp_redc(mp_limb_t *r, mp_limb_t *t)
{
	mp_limb_t c = 0, hi;
	int i;

	for (i = 0; i < gn; i++) {
		hi = mpn_addmul_1(t + i, gp, gn, t[i] * gpinv);
		c = mpn_add_1(t + i + gn, t + i + gn, gn - i, hi + c) ? 1 : 0;
	}
	if (c || mpn_cmp(t + gn, gp, gn) >= 0)
		mpn_sub_n(r, t + gn, gp, gn);
	else
		mpn_copyi(r, t + gn, gn);
}

static void gmp_mont_mul(u64 *r, const u64 *a, const u64 *b)
{
	mp_limb_t t[2 * MAXN];

	mpn_mul_n(t, (const mp_limb_t *)a, (const mp_limb_t *)b, gn);
	gmp_redc((mp_limb_t *)r, t);
}

static void gmp_mont_sqr(u64 *r, const u64 *a)
{
	mp_limb_t t[2 * MAXN];

	mpn_sqr(t, (const mp_limb_t *)a, gn);
	gmp_redc((mp_limb_t *)r, t);
}

static void gmp_mul_only(u64 *r, const u64 *a, const u64 *b)
{
	mp_limb_t t[2 * MAXN];

	mpn_mul_n(t, (const mp_limb_t *)a, (const mp_limb_t *)b, gn);
	memcpy(r, t + gn, gn * sizeof(*r));
	r[gn - 1] &= 0x0fffffffffffffffULL;	/* keep the chain bounded */
}

static int have_asm(void)
{
#ifdef NOBS_FP_ASM_NAME
#ifdef __x86_64__
	return __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("adx");
#else
	return 1;
#endif
#else
	return 0;
#endif
}

static void row(const char *what, double mul, double sqr)
{
	if (sqr < 0)
		printf("%-34s %10.1f %10s\n", what, mul, "-");
	else
		printf("%-34s %10.1f %10.1f\n", what, mul, sqr);
}

/*
 * One field's table: F is its prefix (nobs_fp512, nobs_fp1024, ...), T its
 * element type.  Elements are handled as limb arrays, so that GMP's
 * functions time the same chains.
 */
#define BENCH_FIELD(F, T, N, TITLE)					\
static double F##_bench_mul(void (*mul)(struct T *, const struct T *,	\
					const struct T *),		\
			    const struct T *x0, const struct T *y0)	\
{									\
	u64 s[SAMPLES], t;						\
	struct T x = *x0;						\
	int i, j;							\
									\
	for (i = 0; i < SAMPLES; i++) {					\
		t = bench_ticks();					\
		for (j = 0; j < BATCH; j++)				\
			mul(&x, &x, y0);				\
		s[i] = bench_ticks() - t;				\
	}								\
	__asm__ __volatile__("" : : "r"(&x) : "memory");		\
	return median(s);						\
}									\
									\
static double F##_bench_sqr(void (*sqr)(struct T *, const struct T *),	\
			    const struct T *x0)				\
{									\
	u64 s[SAMPLES], t;						\
	struct T x = *x0;						\
	int i, j;							\
									\
	for (i = 0; i < SAMPLES; i++) {					\
		t = bench_ticks();					\
		for (j = 0; j < BATCH; j++)				\
			sqr(&x, &x);					\
		s[i] = bench_ticks() - t;				\
	}								\
	__asm__ __volatile__("" : : "r"(&x) : "memory");		\
	return median(s);						\
}									\
									\
static void F##_gmp_mul(struct T *r, const struct T *a,		\
			const struct T *b)				\
{									\
	gmp_mont_mul(r->limb, a->limb, b->limb);			\
}									\
									\
static void F##_gmp_sqr(struct T *r, const struct T *a)		\
{									\
	gmp_mont_sqr(r->limb, a->limb);					\
}									\
									\
static void F##_gmp_mul_only(struct T *r, const struct T *a,		\
			     const struct T *b)				\
{									\
	gmp_mul_only(r->limb, a->limb, b->limb);			\
}									\
									\
static int F##_table(void)						\
{									\
	struct T x0, y0, chk1, chk2;					\
	int i;								\
									\
	for (i = 0; i < N; i++) {					\
		x0.limb[i] = 0x0123456789abcdefULL * (i + 3);		\
		y0.limb[i] = 0xfedcba9876543210ULL ^ (0x1111ULL << i);	\
	}								\
	x0.limb[N - 1] &= 0x07ffffffffffffffULL;	/* below p */	\
	y0.limb[N - 1] &= 0x07ffffffffffffffULL;			\
	gmp_setup(F##_p.limb, N);					\
	/* the reference must compute the same thing to be fair */	\
	F##_gmp_mul(&chk1, &x0, &y0);					\
	F##_mul_generic(&chk2, &x0, &y0);				\
	if (memcmp(&chk1, &chk2, sizeof(chk1))) {			\
		fprintf(stderr, "fp_bench: GMP Montgomery product "	\
			"disagrees (%s)\n", TITLE);			\
		return 1;						\
	}								\
									\
	printf("\nGF(p) %s, median %s per operation "			\
	       "(%d samples x %d dependent ops)\n", TITLE, UNIT,	\
	       SAMPLES, BATCH);						\
	printf("%-34s %10s %10s\n", "implementation", "mul", "sqr");	\
	row("nobs generic C", F##_bench_mul(F##_mul_generic, &x0, &y0),\
	    F##_bench_sqr(F##_sqr_generic, &x0));			\
	if (have_asm())							\
		ASM_ROW(F, x0, y0);					\
	nobs_test_fp_select(have_asm());					\
	row("nobs dispatched (select)", F##_bench_mul(F##_mul, &x0, &y0),\
	    F##_bench_sqr(F##_sqr, &x0));				\
	F##_mul4_rows();						\
	row("GMP mpn_mul_n/sqr + mpn redc",				\
	    F##_bench_mul(F##_gmp_mul, &x0, &y0),			\
	    F##_bench_sqr(F##_gmp_sqr, &x0));				\
	row("GMP mpn_mul_n alone (no reduction)",			\
	    F##_bench_mul(F##_gmp_mul_only, &x0, &y0), -1);		\
	nobs_test_fp_select(false);						\
	return 0;							\
}

#ifdef __x86_64__
#define UNIT	"rdtsc cycles"
#else
#define UNIT	BENCH_CLOCK " ticks"
#endif

#ifdef NOBS_FP_ASM_NAME
#define ASM_ROW(F, x0, y0)						\
	row("nobs " NOBS_FP_ASM_NAME, F##_bench_mul(F##_mul_asm, &x0, &y0),\
	    F##_bench_sqr(F##_sqr_asm, &x0))
#else
#define ASM_ROW(F, x0, y0)	do { } while (0)
#endif

#ifdef NOBS_FP_VEC_NAME
/*
 * A field's mul4/sqr4 rows (fields with vector code only): four dependent
 * chains, x[k] <- x[k] y or x[k]^2, per call of four products.
 */
#define BENCH_MUL4(F, T, N)						\
static double F##_bench_mul4(bool vec, bool sqr,			\
			     const struct T *x0, const struct T *y0)	\
{									\
	u64 s[SAMPLES], t;						\
	struct T x[4];							\
	struct T *r[4] = { &x[0], &x[1], &x[2], &x[3] };		\
	const struct T *a[4] = { &x[0], &x[1], &x[2], &x[3] };		\
	const struct T *b[4] = { y0, y0, y0, y0 };			\
	int i, j;							\
									\
	for (i = 0; i < 4; i++) {					\
		x[i] = *x0;						\
		x[i].limb[0] ^= i;					\
	}								\
	for (i = 0; i < SAMPLES; i++) {					\
		t = bench_ticks();					\
		if (sqr)						\
			for (j = 0; j < BATCH; j++)			\
				F##_sqr4(r, a, vec);			\
		else							\
			for (j = 0; j < BATCH; j++)			\
				F##_mul4(r, a, b, vec);			\
		s[i] = bench_ticks() - t;				\
	}								\
	__asm__ __volatile__("" : : "r"(x) : "memory");		\
	return median(s);						\
}									\
									\
static void F##_mul4_rows(void)						\
{									\
	struct T x0, y0;						\
	bool vec;							\
	int i;								\
									\
	for (i = 0; i < N; i++) {					\
		x0.limb[i] = 0x0123456789abcdefULL * (i + 3);		\
		y0.limb[i] = 0xfedcba9876543210ULL ^ (0x1111ULL << i);	\
	}								\
	x0.limb[N - 1] &= 0x07ffffffffffffffULL;			\
	y0.limb[N - 1] &= 0x07ffffffffffffffULL;			\
	vec = nobs_fp_vec_begin();					\
	if (vec) {							\
		row("nobs mul4/sqr4 " NOBS_FP_VEC_NAME " (4 products)",	\
		    F##_bench_mul4(true, false, &x0, &y0),		\
		    F##_bench_mul4(true, true, &x0, &y0));		\
		nobs_fp_vec_end();					\
	} else {							\
		printf("%-34s (no vector code here)\n",		\
		       "nobs mul4/sqr4 vector");			\
	}								\
	row("nobs mul4/sqr4 4 scalar calls",				\
	    F##_bench_mul4(false, false, &x0, &y0),			\
	    F##_bench_mul4(false, true, &x0, &y0));			\
}
BENCH_MUL4(nobs_fp512, nobs_fp512, NOBS_FP512_LIMBS)
BENCH_MUL4(nobs_fp1024, nobs_fp1024, NOBS_FP1024_LIMBS)
#else
static void nobs_fp512_mul4_rows(void)
{
}

static void nobs_fp1024_mul4_rows(void)
{
}
#endif

/* no vector code in the 2048-bit field */
static void nobs_fp2048_mul4_rows(void)
{
}

BENCH_FIELD(nobs_fp512, nobs_fp512, NOBS_FP512_LIMBS, "CSIDH-512")
BENCH_FIELD(nobs_fp1024, nobs_fp1024, NOBS_FP1024_LIMBS, "CSIDH-1024")
BENCH_FIELD(nobs_fp2048, nobs_fp2048, NOBS_FP2048_LIMBS, "CTIDH-2048")

int main(void)
{
	return nobs_fp512_table() || nobs_fp1024_table() ||
	       nobs_fp2048_table();
}
