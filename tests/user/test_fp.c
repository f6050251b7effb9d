// SPDX-License-Identifier: GPL-2.0
/*
 * Differential test of a GF(p) field (isogeny/fp512.c for CSIDH-512,
 * isogeny/fp1024.c for CSIDH-1024 when built with -DTEST_FP1024, or
 * isogeny/fp2048.c for CTIDH-2048 with -DTEST_FP2048) and the arch
 * assembly against GMP.
 *
 * GMP's mpz is the oracle: p is rebuilt here from the small primes (a
 * sieve, not fp.c's constants), every Montgomery element x stands for
 * x / R mod p (R = 2^512, 2^1024 or 2^2048), and each operation's exact
 * expected limbs are computed with mpz.  Every implementation of mul/sqr
 * is called directly, and the whole API is run once per dispatch choice
 * (nobs_test_fp_select(), shared by all fields).
 *
 * Inputs: edge values (0, 1, 2, p - 1, p - 2, (p +- 1) / 2, R mod p,
 * R^2 mod p, 2^k up to the top bit of p, p - 2^k, limbs at their extremes
 * below p) crossed with each other, plus random values from a fixed seed
 * (NOBS_SEED=n overrides it).  Non-reduced values (>= p, up to R - 1, 2^k
 * around the bit length of p) go wherever the API takes them: the range
 * check of from_bytes, and cswap/cmov/eq/is_zero, which take any limbs.
 *
 * nobs_fp*_mul4()/_sqr4() (four products at once) run per dispatch choice
 * with vec = nobs_fp_vec_begin(), lane by lane against four scalar calls
 * and GMP; their case names say whether the vector code (AVX-512 IFMA)
 * ran or only the four-scalar-calls fallback.
 *
 * Ends with the results line "SUITE: N passed, N failed, N skipped".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gmp.h>

#include "csidh_prime.h"
#include "fp_cpu.h"

#if defined(TEST_FP2048)
#include "isogeny/fp2048.h"
#define NOBS_FPX(name)	nobs_fp2048_##name
#define NOBS_FPX_T		nobs_fp2048
#define NOBS_FPX_LIMBS	NOBS_FP2048_LIMBS
#define TF_PROG		"test_fp2048"
/* p = 4 * (the 229 odd primes up to 1459 but 5) * 3413 - 1: 2047 bits */
#define TF_LAST_SIEVED	1459
#define TF_SKIPPED	5
#define TF_EXTRA_PRIME	3413
#define TF_N_PRIMES	231
#define TF_PBITS	2047
static const int edge_bits[] = { 0, 1, 63, 64, 65, 511, 512, 1023, 1024,
				 1025, 1535, 1536, 1984, 2045, 2046 };
#elif defined(TEST_FP1024)
#include "isogeny/fp1024.h"
#define NOBS_FPX(name)	nobs_fp1024_##name
#define NOBS_FPX_T		nobs_fp1024
#define NOBS_FPX_LIMBS	NOBS_FP1024_LIMBS
#define TF_PROG		"test_fp1024"
/* p = 4 * (the 129 odd primes up to 733) * 983 - 1: 1020 bits */
#define TF_LAST_SIEVED	733
#define TF_EXTRA_PRIME	983
#define TF_N_PRIMES	130
#define TF_PBITS	1020
static const int edge_bits[] = { 0, 1, 63, 64, 65, 127, 128, 255, 256, 511,
				 512, 513, 767, 960, 1000, 1018, 1019 };
#else
#include "isogeny/fp512.h"
#define NOBS_FPX(name)	nobs_fp512_##name
#define NOBS_FPX_T		nobs_fp512
#define NOBS_FPX_LIMBS	NOBS_FP512_LIMBS
#define TF_PROG		"test_fp"
/* p = 4 * (the 73 odd primes up to 373) * 587 - 1: 511 bits */
#define TF_LAST_SIEVED	373
#define TF_EXTRA_PRIME	587
#define TF_N_PRIMES	74
#define TF_PBITS	511
static const int edge_bits[] = { 0, 1, 63, 64, 65, 127, 128, 255, 256,
				 383, 447, 448, 500, 509 };
#endif
#ifndef TF_SKIPPED
#define TF_SKIPPED	0	/* every odd prime up to TF_LAST_SIEVED */
#endif
#if defined(NOBS_FP_VEC_NAME) && !defined(TEST_FP2048)
#define TF_VEC		NOBS_FP_VEC_NAME	/* this field has vector code */
#ifdef TEST_FP1024
#define TF_PROBE_MUL4	NK_IFMA_FP1024_MUL4	/* nk_ifma_probe()'s fn */
#else
#define TF_PROBE_MUL4	NK_IFMA_FP512_MUL4
#endif
#endif
#define TF_BYTES	(8 * NOBS_FPX_LIMBS)
#define TF_RBITS	(64 * NOBS_FPX_LIMBS)

/*
 * a 1024-bit case costs about four 512-bit ones: half as many; a 2048-bit
 * one four 1024-bit ones: a quarter of those
 */
#if defined(TEST_FP2048)
#define RANDOM_ITERS	500
#define CHAIN_STEPS	2500
#define POW_RANDOM	10
#elif defined(TEST_FP1024)
#define RANDOM_ITERS	2000
#define CHAIN_STEPS	10000
#define POW_RANDOM	40	/* random inputs of inv and is_square */
#else
#define RANDOM_ITERS	4000
#define CHAIN_STEPS	20000
#define POW_RANDOM	100
#endif

static int passed, failed, skipped;
static mpz_t P, R, RINV, TMP;
static gmp_randstate_t rng;

/* P from the small primes, R = 2^(64 n), RINV = R^-1 mod P */
static void make_p(void)
{
	unsigned int n = csidh_test_prime_but(P, TF_LAST_SIEVED, TF_SKIPPED,
						      TF_EXTRA_PRIME);

	if (n != TF_N_PRIMES || mpz_sizeinbase(P, 2) != TF_PBITS) {
		fprintf(stderr, "BUG: p from %u primes, %zu bits\n", n,
			mpz_sizeinbase(P, 2));
		exit(2);
	}
	mpz_set_ui(R, 0);
	mpz_setbit(R, TF_RBITS);
	mpz_invert(RINV, R, P);
}

/* ---- conversions (independent of fp.c) --------------------------------- */

static void fp_to_mpz(mpz_t z, const struct NOBS_FPX_T *a)
{
	mpz_import(z, NOBS_FPX_LIMBS, -1, sizeof(u64), 0, 0, a->limb);
}

static void mpz_to_fp(struct NOBS_FPX_T *a, const mpz_t z)
{
	size_t n = 0;

	memset(a, 0, sizeof(*a));
	if (mpz_sizeinbase(z, 2) > TF_RBITS) {
		fprintf(stderr, "BUG: %s: value too large\n", __func__);
		exit(2);
	}
	mpz_export(a->limb, &n, -1, sizeof(u64), 0, 0, z);
}

/* Montgomery element -> the field value it stands for */
static void fp_value(mpz_t z, const struct NOBS_FPX_T *a)
{
	fp_to_mpz(z, a);
	mpz_mul(z, z, RINV);
	mpz_mod(z, z, P);
}

/* field value -> Montgomery element */
static void fp_from_value(struct NOBS_FPX_T *a, const mpz_t v)
{
	mpz_mul(TMP, v, R);
	mpz_mod(TMP, TMP, P);
	mpz_to_fp(a, TMP);
}

/* ---- test bookkeeping --------------------------------------------------- */

struct check {
	const char *name;
	unsigned long n, bad;
};

static void check_begin(struct check *c, const char *name)
{
	c->name = name;
	c->n = 0;
	c->bad = 0;
}

static void dump(const char *what, const struct NOBS_FPX_T *x)
{
	int i;

	fprintf(stderr, "  %s =", what);
	for (i = NOBS_FPX_LIMBS - 1; i >= 0; i--)
		fprintf(stderr, " %016llx", (unsigned long long)x->limb[i]);
	fprintf(stderr, "\n");
}

static void check_fp(struct check *c, const struct NOBS_FPX_T *got,
		     const struct NOBS_FPX_T *want, const struct NOBS_FPX_T *a,
		     const struct NOBS_FPX_T *b)
{
	c->n++;
	if (!memcmp(got, want, sizeof(*got)))
		return;
	if (c->bad++ < 3) {
		fprintf(stderr, "FAIL: %s: mismatch\n", c->name);
		if (a)
			dump("a", a);
		if (b)
			dump("b", b);
		dump("got", got);
		dump("want", want);
	}
}

static void check_true(struct check *c, int ok, const char *what)
{
	c->n++;
	if (!ok && c->bad++ < 3)
		fprintf(stderr, "FAIL: %s: %s\n", c->name, what);
}

static void check_end(struct check *c)
{
	if (c->bad) {
		failed++;
		printf("FAIL: %s (%lu of %lu wrong)\n", c->name, c->bad, c->n);
	} else if (!c->n) {
		skipped++;
		printf("SKIP: %s: no cases\n", c->name);
	} else {
		passed++;
		printf("ok: %s (%lu cases)\n", c->name, c->n);
	}
}

/* ---- inputs ------------------------------------------------------------- */

/* the 2048-bit field's: 71 (32 limbs, one p - 2^k per limb) */
#define MAX_EDGES 80
static struct NOBS_FPX_T edges[MAX_EDGES];
static int n_edges;

static void add_edge_mpz(const mpz_t z)
{
	mpz_to_fp(&edges[n_edges++], z);
}

static void build_edges(void)
{
	mpz_t z;
	size_t i;

	mpz_init(z);
	mpz_set_ui(z, 0);
	add_edge_mpz(z);
	mpz_set_ui(z, 1);
	add_edge_mpz(z);
	mpz_set_ui(z, 2);
	add_edge_mpz(z);
	mpz_sub_ui(z, P, 1);
	add_edge_mpz(z);
	mpz_sub_ui(z, P, 2);
	add_edge_mpz(z);
	mpz_sub_ui(z, P, 1);
	mpz_fdiv_q_2exp(z, z, 1);
	add_edge_mpz(z);
	mpz_add_ui(z, z, 1);
	add_edge_mpz(z);
	mpz_mod(z, R, P);			/* Montgomery one */
	add_edge_mpz(z);
	mpz_sub_ui(z, z, 1);
	add_edge_mpz(z);
	mpz_mul(z, R, R);
	mpz_mod(z, z, P);			/* R^2 mod p */
	add_edge_mpz(z);
	for (i = 0; i < ARRAY_SIZE(edge_bits); i++) {
		mpz_set_ui(z, 0);
		mpz_setbit(z, edge_bits[i]);
		add_edge_mpz(z);
		mpz_sub_ui(z, z, 1);
		if (mpz_sgn(z))
			add_edge_mpz(z);
	}
	/* p - 2^k: high limbs of p with low limbs at their extremes */
	for (i = 64; i < TF_RBITS; i += 64) {
		mpz_set_ui(z, 0);
		mpz_setbit(z, i);
		mpz_sub(z, P, z);
		add_edge_mpz(z);
	}
	/* p with its low limbs cleared (limb-wise largest patterns below p) */
	mpz_fdiv_q_2exp(z, P, TF_RBITS - 64);
	mpz_mul_2exp(z, z, TF_RBITS - 64);
	mpz_sub_ui(z, z, 1);
	add_edge_mpz(z);
	mpz_clear(z);
	if (n_edges > MAX_EDGES) {
		fprintf(stderr, "BUG: too many edges\n");
		exit(2);
	}
}

static void random_fp(struct NOBS_FPX_T *a)
{
	mpz_urandomm(TMP, rng, P);
	mpz_to_fp(a, TMP);
}

/* any R-bit pattern, possibly >= p */
static void random_limbs(struct NOBS_FPX_T *a)
{
	mpz_urandomb(TMP, rng, TF_RBITS);
	mpz_to_fp(a, TMP);
}

/*
 * Input pair number k of n_pairs(): all edge x edge pairs, then edge x
 * random, then random x random.
 */
static unsigned long n_pairs(void)
{
	return (unsigned long)n_edges * n_edges + 2UL * n_edges * 8 +
	       RANDOM_ITERS;
}

static void pair(unsigned long k, struct NOBS_FPX_T *a, struct NOBS_FPX_T *b)
{
	unsigned long ee = (unsigned long)n_edges * n_edges;

	if (k < ee) {
		*a = edges[k / n_edges];
		*b = edges[k % n_edges];
	} else if (k < ee + 2UL * n_edges * 8) {
		k -= ee;
		*a = edges[k % n_edges];
		random_fp(b);
		if (k & 1) {
			struct NOBS_FPX_T t = *a;
			*a = *b;
			*b = t;
		}
	} else {
		random_fp(a);
		random_fp(b);
	}
}

/* ---- expected values ---------------------------------------------------- */

static mpz_t X, Y, Z;

static void want_mont_mul(struct NOBS_FPX_T *w, const struct NOBS_FPX_T *a,
			  const struct NOBS_FPX_T *b)
{
	fp_value(X, a);
	fp_value(Y, b);
	mpz_mul(Z, X, Y);
	mpz_mod(Z, Z, P);
	fp_from_value(w, Z);
}

/* ---- tests -------------------------------------------------------------- */

typedef void (*mul_fn)(struct NOBS_FPX_T *, const struct NOBS_FPX_T *,
		       const struct NOBS_FPX_T *);
typedef void (*sqr_fn)(struct NOBS_FPX_T *, const struct NOBS_FPX_T *);

static __maybe_unused void test_constants(void)
{
	struct check c;
	struct NOBS_FPX_T w;

	check_begin(&c, "constants: p, zero, one");
	mpz_to_fp(&w, P);
	check_fp(&c, &NOBS_FPX(p), &w, NULL, NULL);
	mpz_set_ui(Z, 0);
	fp_from_value(&w, Z);
	check_fp(&c, &NOBS_FPX(zero), &w, NULL, NULL);
	mpz_set_ui(Z, 1);
	fp_from_value(&w, Z);
	check_fp(&c, &NOBS_FPX(one), &w, NULL, NULL);
	check_true(&c, mpz_sizeinbase(P, 2) == TF_PBITS, "bit length of p");
	check_end(&c);
}

static __maybe_unused void test_mul_impl(const char *impl, mul_fn mul,
					  sqr_fn sqr)
{
	char name[96];
	struct check c;
	struct NOBS_FPX_T a, b, r, w;
	unsigned long k, n = n_pairs();

	snprintf(name, sizeof(name), "mul/%s: edge x edge, edge x random, random", impl);
	check_begin(&c, name);
	for (k = 0; k < n; k++) {
		pair(k, &a, &b);
		want_mont_mul(&w, &a, &b);
		mul(&r, &a, &b);
		check_fp(&c, &r, &w, &a, &b);
	}
	check_end(&c);

	snprintf(name, sizeof(name), "mul/%s: aliasing r=a, r=b, r=a=b", impl);
	check_begin(&c, name);
	for (k = 0; k < 300; k++) {
		pair(k * 7 % n, &a, &b);
		want_mont_mul(&w, &a, &b);
		r = a;
		mul(&r, &r, &b);
		check_fp(&c, &r, &w, &a, &b);
		r = b;
		mul(&r, &a, &r);
		check_fp(&c, &r, &w, &a, &b);
		want_mont_mul(&w, &a, &a);
		r = a;
		mul(&r, &r, &r);
		check_fp(&c, &r, &w, &a, &a);
	}
	check_end(&c);

	snprintf(name, sizeof(name), "sqr/%s: edges, random, aliasing", impl);
	check_begin(&c, name);
	for (k = 0; k < (unsigned long)n_edges + RANDOM_ITERS; k++) {
		if (k < (unsigned long)n_edges)
			a = edges[k];
		else
			random_fp(&a);
		want_mont_mul(&w, &a, &a);
		sqr(&r, &a);
		check_fp(&c, &r, &w, &a, NULL);
		r = a;
		sqr(&r, &r);
		check_fp(&c, &r, &w, &a, NULL);
	}
	check_end(&c);

	/* a long chain: errors that only show on outputs fed back in */
	snprintf(name, sizeof(name), "mul+sqr/%s: %d-step chain", impl,
		 CHAIN_STEPS);
	check_begin(&c, name);
	random_fp(&a);
	random_fp(&b);
	fp_value(X, &a);
	fp_value(Y, &b);
	for (k = 0; k < CHAIN_STEPS; k++) {
		mul(&a, &a, &b);	/* a <- a b */
		sqr(&b, &b);		/* b <- b^2 */
		mpz_mul(X, X, Y);
		mpz_mod(X, X, P);
		mpz_mul(Y, Y, Y);
		mpz_mod(Y, Y, P);
	}
	fp_from_value(&w, X);
	check_fp(&c, &a, &w, NULL, NULL);
	fp_from_value(&w, Y);
	check_fp(&c, &b, &w, NULL, NULL);
	check_end(&c);
}

static __maybe_unused void test_api(const char *impl)
{
	char name[96];
	struct check c;
	struct NOBS_FPX_T a, b, r, w, s, t;
	unsigned long k, n = n_pairs();
	u8 bytes[TF_BYTES], wb[TF_BYTES];
	size_t cnt;
	u64 e[NOBS_FPX_LIMBS];
	int i;

#define BEGIN(what) do { \
	snprintf(name, sizeof(name), "%s/%s", what, impl); \
	check_begin(&c, name); \
} while (0)

	BEGIN("mul (dispatched)");
	for (k = 0; k < n; k += 5) {
		pair(k, &a, &b);
		want_mont_mul(&w, &a, &b);
		NOBS_FPX(mul)(&r, &a, &b);
		check_fp(&c, &r, &w, &a, &b);
		want_mont_mul(&w, &a, &a);
		NOBS_FPX(sqr)(&r, &a);
		check_fp(&c, &r, &w, &a, NULL);
	}
	check_end(&c);

	BEGIN("add, sub, neg");
	for (k = 0; k < n; k++) {
		pair(k, &a, &b);
		fp_to_mpz(X, &a);
		fp_to_mpz(Y, &b);
		mpz_add(Z, X, Y);
		mpz_mod(Z, Z, P);
		mpz_to_fp(&w, Z);
		NOBS_FPX(add)(&r, &a, &b);
		check_fp(&c, &r, &w, &a, &b);
		r = a;
		NOBS_FPX(add)(&r, &r, &b);
		check_fp(&c, &r, &w, &a, &b);
		mpz_sub(Z, X, Y);
		mpz_mod(Z, Z, P);
		mpz_to_fp(&w, Z);
		NOBS_FPX(sub)(&r, &a, &b);
		check_fp(&c, &r, &w, &a, &b);
		r = b;
		NOBS_FPX(sub)(&r, &a, &r);
		check_fp(&c, &r, &w, &a, &b);
		mpz_neg(Z, X);
		mpz_mod(Z, Z, P);
		mpz_to_fp(&w, Z);
		NOBS_FPX(neg)(&r, &a);
		check_fp(&c, &r, &w, &a, NULL);
	}
	check_end(&c);

	BEGIN("set_u64, to_mont, from_mont");
	for (k = 0; k < (unsigned long)n_edges + 2000; k++) {
		u64 v;

		if (k < 8)
			v = k < 4 ? k : ~(u64)0 - (k - 4);
		else
			v = ((u64)mrand48() << 32) ^ (u64)mrand48();
		mpz_import(X, 1, -1, sizeof(v), 0, 0, &v);
		fp_from_value(&w, X);
		NOBS_FPX(set_u64)(&r, v);
		check_fp(&c, &r, &w, NULL, NULL);

		if (k < (unsigned long)n_edges)
			a = edges[k];
		else
			random_fp(&a);
		fp_to_mpz(X, &a);		/* a as a plain integer */
		fp_from_value(&w, X);
		NOBS_FPX(to_mont)(&r, &a);
		check_fp(&c, &r, &w, &a, NULL);
		NOBS_FPX(from_mont)(&s, &r);
		check_fp(&c, &s, &a, &a, NULL);
		fp_value(Y, &a);		/* a as Montgomery form */
		mpz_to_fp(&w, Y);
		NOBS_FPX(from_mont)(&r, &a);
		check_fp(&c, &r, &w, &a, NULL);
	}
	check_end(&c);

	BEGIN("inv (0 -> 0)");
	for (k = 0; k < (unsigned long)n_edges + POW_RANDOM; k++) {
		if (k < (unsigned long)n_edges)
			a = edges[k];
		else
			random_fp(&a);
		fp_value(X, &a);
		if (mpz_sgn(X))
			mpz_invert(Z, X, P);
		else
			mpz_set_ui(Z, 0);
		fp_from_value(&w, Z);
		NOBS_FPX(inv)(&r, &a);
		check_fp(&c, &r, &w, &a, NULL);
		r = a;
		NOBS_FPX(inv)(&r, &r);
		check_fp(&c, &r, &w, &a, NULL);
	}
	check_end(&c);

	BEGIN("is_square (0 counts)");
	for (k = 0; k < (unsigned long)n_edges + 2 * POW_RANDOM; k++) {
		if (k < (unsigned long)n_edges) {
			a = edges[k];
		} else if (k % 3 == 0) {	/* a known square */
			random_fp(&b);
			NOBS_FPX(sqr)(&a, &b);
		} else {
			random_fp(&a);
		}
		fp_value(X, &a);
		check_true(&c, NOBS_FPX(is_square)(&a) ==
			       (mpz_legendre(X, P) >= 0), "is_square");
	}
	/* p = 3 mod 4: -1 is not a square */
	mpz_sub_ui(X, P, 1);
	fp_from_value(&a, X);
	check_true(&c, !NOBS_FPX(is_square)(&a), "-1 is a non-square");
	check_true(&c, mpz_fdiv_ui(P, 4) == 3, "p = 3 mod 4");
	check_end(&c);

	BEGIN("pow (public exponent)");
	for (k = 0; k < 100; k++) {
		if (k < (unsigned long)n_edges)
			a = edges[k];
		else
			random_fp(&a);
		if (k % 10 == 0) {
			memset(e, 0, sizeof(e));
			e[0] = k / 10;		/* 0 .. 9 */
		} else if (k % 10 == 1) {
			memset(e, 0xff, sizeof(e));
		} else {
			random_limbs(&t);
			memcpy(e, t.limb, sizeof(e));
			if (k % 10 == 2)
				memset(e + NOBS_FPX_LIMBS - 3, 0, 3 * sizeof(*e));
		}
		mpz_import(Y, NOBS_FPX_LIMBS, -1, sizeof(u64), 0, 0, e);
		fp_value(X, &a);
		mpz_powm(Z, X, Y, P);		/* GMP: 0^0 = 1 */
		fp_from_value(&w, Z);
		NOBS_FPX(pow)(&r, &a, e);
		check_fp(&c, &r, &w, &a, NULL);
	}
	check_end(&c);

	BEGIN("cswap, cmov (any limbs, incl. >= p)");
	for (k = 0; k < 2000; k++) {
		u64 bit = k & 1;

		random_limbs(&a);
		if (k % 7 == 0)
			memset(&a, 0xff, sizeof(a));
		random_limbs(&b);
		s = a;
		t = b;
		NOBS_FPX(cswap)(&s, &t, bit);
		check_fp(&c, &s, bit ? &b : &a, &a, &b);
		check_fp(&c, &t, bit ? &a : &b, &a, &b);
		r = a;
		NOBS_FPX(cmov)(&r, &b, bit);
		check_fp(&c, &r, bit ? &b : &a, &a, &b);
		s = a;
		NOBS_FPX(cswap)(&s, &s, bit);	/* self-swap is a no-op */
		check_fp(&c, &s, &a, &a, NULL);
	}
	check_end(&c);

	BEGIN("is_zero, eq (any limbs)");
	check_true(&c, NOBS_FPX(is_zero)(&NOBS_FPX(zero)), "zero");
	check_true(&c, !NOBS_FPX(is_zero)(&NOBS_FPX(one)), "one");
	for (k = 0; k < 2000; k++) {
		random_limbs(&a);
		b = a;
		i = k % (64 * NOBS_FPX_LIMBS);
		check_true(&c, NOBS_FPX(eq)(&a, &b), "eq(a, a)");
		b.limb[i / 64] ^= (u64)1 << (i % 64);
		check_true(&c, !NOBS_FPX(eq)(&a, &b), "!eq(a, a ^ bit)");
		memset(&t, 0, sizeof(t));
		t.limb[i / 64] = (u64)1 << (i % 64);
		check_true(&c, !NOBS_FPX(is_zero)(&t), "!is_zero(bit)");
		fp_to_mpz(X, &a);
		check_true(&c, NOBS_FPX(is_zero)(&a) == !mpz_sgn(X), "is_zero");
	}
	memset(&t, 0xff, sizeof(t));
	check_true(&c, !NOBS_FPX(is_zero)(&t), "!is_zero(R - 1)");
	check_end(&c);

	BEGIN("from_bytes, to_bytes (incl. >= p rejected)");
	for (k = 0; k < (unsigned long)n_edges + 2000; k++) {
		int want_ok, got;

		if (k < (unsigned long)n_edges) {
			fp_to_mpz(X, &edges[k]);
		} else if (k % 4 == 0) {	/* p + small, or p + random */
			mpz_urandomb(X, rng, k % 8 ? TF_PBITS - 11 : 8);
			mpz_add(X, X, P);
		} else if (k % 4 == 1) {
			mpz_urandomb(X, rng, TF_RBITS);
		} else {
			mpz_urandomm(X, rng, P);
		}
		/* p, R - 1, then 2^bits(p) - 1, 2^bits(p), 2^bits(p) + 1 */
		if (k == (unsigned long)n_edges) {
			mpz_set(X, P);
		} else if (k == (unsigned long)n_edges + 1) {
			mpz_set_ui(X, 0);
			mpz_setbit(X, TF_RBITS);
			mpz_sub_ui(X, X, 1);
		} else if (k < (unsigned long)n_edges + 5) {
			mpz_set_ui(X, 0);
			mpz_setbit(X, TF_PBITS);
			mpz_add_ui(X, X, k - n_edges - 2);
			mpz_sub_ui(X, X, 1);
		}
		/* the encoding: the limbs' bytes, least significant first */
		memset(bytes, 0, sizeof(bytes));
		mpz_export(bytes, &cnt, -1, 1, 0, 0, X);
		want_ok = mpz_cmp(X, P) < 0;
		memset(&r, 0xa5, sizeof(r));
		got = NOBS_FPX(from_bytes)(&r, bytes);
		check_true(&c, got == (want_ok ? 0 : -EINVAL),
			   "from_bytes return value");
		if (want_ok) {
			mpz_to_fp(&w, X);
			check_fp(&c, &r, &w, NULL, NULL);
			memset(wb, 0x5a, sizeof(wb));
			NOBS_FPX(to_bytes)(wb, &r);
			check_true(&c, !memcmp(wb, bytes, sizeof(wb)),
				   "to_bytes round trip");
		} else {
			check_fp(&c, &r, &NOBS_FPX(zero), NULL, NULL);
		}
	}
	check_end(&c);
#undef BEGIN
}


/* ---- four products at once: mul4, sqr4 ---------------------------------- */

/*
 * nobs_fp*_mul4()/_sqr4() against four nobs_fp*_mul()/_sqr() calls and
 * against GMP, lane by lane.  vec is what a caller passes: on the 512-
 * and 1024-bit fields nobs_fp_vec_begin() (the AVX-512 IFMA code where the
 * CPU has it and nobs_test_fp_select(true) chose it), on the 2048-bit
 * field, which has no vector code, true too: four scalar calls all the
 * same.
 */
#ifdef TF_VEC
#define LANE_ITERS	40000	/* calls of each of mul4 and sqr4 */
#define LANE_CHAIN	4000
#define LANE_SHIFTS	4	/* edge x edge: every pair in every lane */
#define LANE_WHERE	"every lane"
#else
#define LANE_ITERS	5000	/* four scalar calls: fewer */
#define LANE_CHAIN	1000
#define LANE_SHIFTS	1
#define LANE_WHERE	"one lane"
#endif

/* the edges, then build_lane_edges()'s: 2, one a limb, three a digit */
#define MAX_LANE_EDGES	\
	(MAX_EDGES + 2 + NOBS_FPX_LIMBS + 3 * (TF_PBITS / 52 + 2))
static struct NOBS_FPX_T lane_edges[MAX_LANE_EDGES];
static int n_lane_edges;

static void add_lane_edge(const mpz_t z)
{
	if (n_lane_edges == MAX_LANE_EDGES || mpz_cmp(z, P) >= 0 ||
	    mpz_sgn(z) < 0) {
		fprintf(stderr, "BUG: lane edge out of range or too many\n");
		exit(2);
	}
	mpz_to_fp(&lane_edges[n_lane_edges++], z);
}

/*
 * The edges above, plus what matters to a radix-2^52 implementation: the
 * top bits below p (2^(b-1), 2^(b-1) - 1 for p of b bits: 2^510 and
 * 2^510 - 1 for CSIDH-512), limbs all ones below p (2^(64 k) - 1), and
 * one 52-bit digit all ones, of x and of x * 2^s (the IFMA code's input
 * conversion: s = 4 for 512 bits, 8 for 1024), cut below 2^(b-1) where it
 * would reach p.
 */
static __maybe_unused void build_lane_edges(void)
{
	mpz_t z, top;
	int i, s;

	mpz_inits(z, top, NULL);
	for (i = 0; i < n_edges; i++)
		lane_edges[n_lane_edges++] = edges[i];
	mpz_set_ui(top, 0);
	mpz_setbit(top, TF_PBITS - 1);
	add_lane_edge(top);
	mpz_sub_ui(z, top, 1);
	add_lane_edge(z);
	for (i = 1; i < NOBS_FPX_LIMBS; i++) {
		mpz_set_ui(z, 0);
		mpz_setbit(z, 64 * i);
		mpz_sub_ui(z, z, 1);
		add_lane_edge(z);
	}
	for (s = 0; s <= 8; s += 4) {
		for (i = 0; 52 * i - s < TF_PBITS - 1; i++) {
			mpz_set_ui(z, 0);
			mpz_setbit(z, 52);
			mpz_sub_ui(z, z, 1);
			if (52 * i >= s)
				mpz_mul_2exp(z, z, 52 * i - s);
			else
				mpz_fdiv_q_2exp(z, z, s - 52 * i);
			mpz_sub_ui(TMP, top, 1);
			mpz_and(z, z, TMP);
			add_lane_edge(z);
		}
	}
	mpz_clears(z, top, NULL);
}

/* the raw Montgomery product a b / R mod p, by GMP */
static void want_raw(struct NOBS_FPX_T *w, const struct NOBS_FPX_T *a,
		     const struct NOBS_FPX_T *b)
{
	fp_to_mpz(X, a);
	fp_to_mpz(Y, b);
	mpz_mul(Z, X, Y);
	mpz_mul(Z, Z, RINV);
	mpz_mod(Z, Z, P);
	mpz_to_fp(w, Z);
}

/*
 * r[k] = a[k] b[k] (sqr: b == NULL, r[k] = a[k]^2) through mul4/sqr4 on
 * copies of the inputs, with r[k] aliasing a[k] (alias bit k), b[k]
 * (alias bit 4 + k) or both (then a[k] and b[k] are one element), against
 * four scalar calls and against GMP.
 */
static void check_lanes(struct check *gmp, struct check *scalar, bool vec,
			const struct NOBS_FPX_T *a, const struct NOBS_FPX_T *b,
			unsigned int alias)
{
	struct NOBS_FPX_T ca[4], cb[4], eb[4], out[4], sc, w;
	struct NOBS_FPX_T *r[4];
	const struct NOBS_FPX_T *pa[4], *pb[4];
	int k;

	for (k = 0; k < 4; k++) {
		bool both = b && (alias >> k & 0x11) == 0x11;

		ca[k] = a[k];
		cb[k] = b && !both ? b[k] : a[k];
		eb[k] = cb[k];
		memset(&out[k], 0xa5, sizeof(out[k]));
		pa[k] = &ca[k];
		pb[k] = both ? &ca[k] : &cb[k];
		r[k] = &out[k];
		if (alias >> k & 1)
			r[k] = &ca[k];
		else if (b && alias >> k & 0x10)
			r[k] = &cb[k];
	}
	if (b)
		NOBS_FPX(mul4)(r, pa, pb, vec);
	else
		NOBS_FPX(sqr4)(r, pa, vec);
	for (k = 0; k < 4; k++) {
		if (b)
			NOBS_FPX(mul)(&sc, &a[k], &eb[k]);
		else
			NOBS_FPX(sqr)(&sc, &a[k]);
		check_fp(scalar, r[k], &sc, &a[k], &eb[k]);
		want_raw(&w, &a[k], &eb[k]);
		check_fp(gmp, r[k], &w, &a[k], &eb[k]);
	}
}

static __maybe_unused void test_mul4(const char *impl, bool vec)
{
	char name[3][128];
	struct check g, s, c;
	struct NOBS_FPX_T a[4], b[4], x[4], y[4], wx, wy;
	const struct NOBS_FPX_T *px[4], *py[4];
	struct NOBS_FPX_T *rx[4], *ry[4];
	unsigned long i, j;
	int k;
	const char *vname = nobs_fp_vec_name();
	char lanes[64];
	mpz_t MX[4], MY[4];

#ifdef TF_VEC
	snprintf(lanes, sizeof(lanes), "%s, vector code %s", impl,
		 vec && vname ? vname : "none (four scalar calls)");
#else
	(void)vname;
	snprintf(lanes, sizeof(lanes), "%s, vec=%d, no vector code (four scalar calls)",
		 impl, vec);
#endif
#define BEGIN4(what) do { \
	snprintf(name[0], sizeof(name[0]), "%s/%s: vs GMP", what, lanes); \
	snprintf(name[1], sizeof(name[1]), "%s/%s: vs mul/sqr", what, lanes); \
	check_begin(&g, name[0]); \
	check_begin(&s, name[1]); \
} while (0)
#define END4() do { check_end(&g); check_end(&s); } while (0)

	for (k = 0; k < 4; k++)
		mpz_inits(MX[k], MY[k], NULL);

	BEGIN4("mul4+sqr4 random lanes");
	for (i = 0; i < LANE_ITERS; i++) {
		for (k = 0; k < 4; k++) {
			random_fp(&a[k]);
			random_fp(&b[k]);
		}
		check_lanes(&g, &s, vec, a, b, 0);
		check_lanes(&g, &s, vec, a, NULL, 0);
	}
	END4();

	/* each edge alone in each lane, the other lanes random */
	BEGIN4("mul4+sqr4 edge in one lane");
	for (i = 0; i < (unsigned long)n_lane_edges; i++) {
		for (k = 0; k < 4; k++) {
			for (j = 0; j < 4; j++) {
				random_fp(&a[j]);
				random_fp(&b[j]);
			}
			a[k] = lane_edges[i];
			check_lanes(&g, &s, vec, a, b, 0);	/* edge x random */
			check_lanes(&g, &s, vec, a, NULL, 0);
			b[k] = lane_edges[i];
			check_lanes(&g, &s, vec, a, b, 0);	/* edge x edge */
			random_fp(&a[k]);
			check_lanes(&g, &s, vec, a, b, 0);	/* random x edge */
		}
	}
	END4();

	/* every ordered pair of edges, each pair in turn in every lane */
	BEGIN4("mul4 edge x edge, each pair in " LANE_WHERE);
	for (j = 0; j < LANE_SHIFTS; j++) {
		unsigned long n = (unsigned long)n_lane_edges * n_lane_edges;

		for (i = 0; i < n; i++) {
			k = (i + j) % 4;
			a[k] = lane_edges[i / n_lane_edges];
			b[k] = lane_edges[i % n_lane_edges];
			if (k == 3 || i == n - 1)
				check_lanes(&g, &s, vec, a, b, 0);
		}
	}
	END4();

	/*
	 * r[k] aliasing a[k], b[k] or both, in every combination over the
	 * lanes (alias bits k: a[k], 4 + k: b[k]); sqr4 with r[k] = a[k]
	 */
	BEGIN4("mul4+sqr4 r[k] aliasing a[k], b[k]");
	for (i = 0; i < 256 * 4; i++) {
		for (k = 0; k < 4; k++) {
			if (i % 4 == 0 && i / 4 % 4 == (unsigned long)k)
				a[k] = lane_edges[i / 16 % n_lane_edges];
			else
				random_fp(&a[k]);
			random_fp(&b[k]);
		}
		check_lanes(&g, &s, vec, a, b, i % 256);
		check_lanes(&g, &s, vec, a, NULL, i % 16);
	}
	END4();

	/*
	 * inputs shared between lanes (read-only: a[k] == a[j]), and a
	 * four-lane chain: the outputs fed back in, against GMP at the end
	 */
	snprintf(name[2], sizeof(name[2]),
		 "mul4+sqr4/%s: shared inputs, %d-step chain", lanes, LANE_CHAIN);
	check_begin(&c, name[2]);
	for (i = 0; i < 200; i++) {
		struct NOBS_FPX_T o[4];

		random_fp(&a[0]);
		random_fp(&b[0]);
		for (k = 0; k < 4; k++) {
			px[k] = &a[0];
			py[k] = k & 1 ? &a[0] : &b[0];
			rx[k] = &o[k];
		}
		NOBS_FPX(mul4)(rx, px, py, vec);
		want_raw(&wx, &a[0], &b[0]);
		want_raw(&wy, &a[0], &a[0]);
		for (k = 0; k < 4; k++)
			check_fp(&c, &o[k], k & 1 ? &wy : &wx, &a[0], py[k]);
		NOBS_FPX(sqr4)(rx, px, vec);
		for (k = 0; k < 4; k++)
			check_fp(&c, &o[k], &wy, &a[0], NULL);
	}
	for (k = 0; k < 4; k++) {
		random_fp(&x[k]);
		random_fp(&y[k]);
		if (k == 1)
			x[k] = NOBS_FPX(one);
		if (k == 2)
			y[k] = edges[3];	/* p - 1 */
		px[k] = rx[k] = &x[k];
		py[k] = ry[k] = &y[k];
		fp_value(MX[k], &x[k]);
		fp_value(MY[k], &y[k]);
	}
	for (i = 0; i < LANE_CHAIN; i++) {
		NOBS_FPX(mul4)(rx, px, py, vec);	/* x <- x y */
		NOBS_FPX(sqr4)(ry, py, vec);		/* y <- y^2 */
		if (i % 3 == 2)
			NOBS_FPX(sqr4)(rx, px, vec);	/* x <- x^2 */
		for (k = 0; k < 4; k++) {
			mpz_mul(MX[k], MX[k], MY[k]);
			mpz_mod(MX[k], MX[k], P);
			mpz_mul(MY[k], MY[k], MY[k]);
			mpz_mod(MY[k], MY[k], P);
			if (i % 3 == 2) {
				mpz_mul(MX[k], MX[k], MX[k]);
				mpz_mod(MX[k], MX[k], P);
			}
		}
	}
	for (k = 0; k < 4; k++) {
		fp_from_value(&wx, MX[k]);
		check_fp(&c, &x[k], &wx, NULL, NULL);
		fp_from_value(&wy, MY[k]);
		check_fp(&c, &y[k], &wy, NULL, NULL);
	}
	check_end(&c);
	for (k = 0; k < 4; k++)
		mpz_clears(MX[k], MY[k], NULL);
#undef BEGIN4
#undef END4
}

/*
 * mul4/sqr4 as a caller uses them: in a vector section if
 * nobs_fp_vec_begin() opens one (the field's vector code runs then); the
 * 2048-bit field, which has none, with vec = true.
 */
static __maybe_unused void test_mul4_section(const char *impl)
{
#ifdef TF_VEC
	bool vec = nobs_fp_vec_begin();

	test_mul4(impl, vec);
	if (vec)
		nobs_fp_vec_end();
#else
	test_mul4(impl, true);
#endif
}

/*
 * nobs_test_fp_select(true) turns the fields' vector code on exactly
 * where the CPU has it, so that a machine with AVX-512 IFMA is seen to
 * test it, not only the fallback; select(false) turns it off.
 */
static __maybe_unused void test_vec_select(bool asm_on)
{
	char name[128];
	struct check c;
	bool want = false;

#ifdef NOBS_FP_VEC_NAME
	want = asm_on && __builtin_cpu_supports("avx512ifma") &&
	       __builtin_cpu_supports("avx512vl") &&
	       __builtin_cpu_supports("avx512vbmi2") &&
	       __builtin_cpu_supports("avx512dq");
#endif
	snprintf(name, sizeof(name), "select(%s): vector code %s", asm_on ?
		 "true" : "false", want ? nobs_fp_vec_name() ?: "?" :
		 "none (no AVX-512 IFMA/VL/VBMI2/DQ, or not built)");
	if (!asm_on)
		snprintf(name, sizeof(name), "select(false): no vector code");
	check_begin(&c, name);
	check_true(&c, !nobs_fp_vec_name() == !want, "nobs_fp_vec_name()");
	check_true(&c, nobs_fp_vec_begin() == want, "nobs_fp_vec_begin()");
	if (want)
		nobs_fp_vec_end();
	check_end(&c);
}

#if defined(TF_VEC) && defined(__x86_64__) && !defined(TEST_FP_CT)
#include "kunit/nk_ifma_probe.h"

/*
 * What the IFMA code leaves behind: kunit/nk_ifma_probe_x86_64.S fills
 * zmm0-31, k1-k7 and the NK_IFMA_STACK bytes below the stack pointer with
 * ones, calls this field's nobs_fp*_mul4_ifma()/_sqr4_ifma() on random
 * elements and reads them all back.  Every vector and mask register must
 * be zero, and every qword of the stack below the return address and the
 * saved %rbp (where the function's frame is) either zero (wiped) or still
 * ones (not touched); the products must be GMP's.
 */
static void test_ifma_wipe(void)
{
	static const unsigned char zero[64];
	struct NOBS_FPX_T a[4], b[4], out[4], w;
	struct NOBS_FPX_T *r[4];
	const struct NOBS_FPX_T *pa[4], *pb[4];
	struct nk_ifma_state st;
	char name[128], what[64];
	struct check c;
	int sqr, i, k;

	for (sqr = 0; sqr <= 1; sqr++) {
		snprintf(name, sizeof(name),
			 "%s_ifma leaves zmm0-31, k1-k7 and its stack frame zero",
			 sqr ? "sqr4" : "mul4");
		check_begin(&c, name);
		for (i = 0; i < 20; i++) {
			for (k = 0; k < 4; k++) {
				random_fp(&a[k]);
				random_fp(&b[k]);
				r[k] = &out[k];
				pa[k] = &a[k];
				pb[k] = sqr ? &a[k] : &b[k];
			}
			memset(&st, 0x5a, sizeof(st));
			nk_ifma_probe(TF_PROBE_MUL4 + sqr, (void *const *)r,
				      (const void *const *)pa,
				      (const void *const *)pb, &st);
			for (k = 0; k < 4; k++) {
				want_raw(&w, pa[k], pb[k]);
				check_fp(&c, r[k], &w, pa[k], pb[k]);
			}
			for (k = 0; k < 32; k++) {
				snprintf(what, sizeof(what), "zmm%d not zero", k);
				check_true(&c, !memcmp(st.zmm[k], zero, 64), what);
			}
			for (k = 0; k < 7; k++) {
				snprintf(what, sizeof(what), "k%d = %#llx", k + 1,
					 (unsigned long long)st.k[k]);
				check_true(&c, !st.k[k], what);
			}
			/* the top two qwords: return address, saved %rbp */
			for (k = 0; k < NK_IFMA_STACK / 8 - 2; k++) {
				snprintf(what, sizeof(what),
					 "stack at -%d: %#llx",
					 8 * (NK_IFMA_STACK / 8 - k),
					 (unsigned long long)st.stack[k]);
				check_true(&c, !st.stack[k] || !~st.stack[k],
					   what);
			}
		}
		check_end(&c);
	}
}
#endif

#ifdef TEST_FP_CT
/*
 * Constant-time evidence for valgrind memcheck (built as test_fp_ct, run
 * by 'make valgrind'): the operands are marked undefined, so any branch
 * or memory index that depends on them is reported as "depends on
 * uninitialised value(s)"; each group passes if it adds no error.
 */
#include <valgrind/memcheck.h>

static void ct_group(const char *what, const char *impl)
{
	static unsigned long before;
	unsigned long now = VALGRIND_COUNT_ERRORS;
	char name[160];
	struct check c;

	snprintf(name, sizeof(name), "constant time under memcheck: %s/%s",
		 what, impl);
	check_begin(&c, name);
	check_true(&c, now == before, "memcheck reported secret-dependent code");
	check_end(&c);
	before = now;
}

static void ct_run(const char *impl)
{
	struct NOBS_FPX_T a, b, r, s, qv[4];
	struct NOBS_FPX_T *q[4] = { &qv[0], &qv[1], &qv[2], &qv[3] };
	const struct NOBS_FPX_T *a4[4] = { &a, &b, &a, &b };
	const struct NOBS_FPX_T *b4[4] = { &b, &a, &a, &b };
	u8 bytes[TF_BYTES];
	bool sink, vec;
	int k;

	for (k = 0; k < 4; k++) {
		random_fp(&a);
		random_fp(&b);
		if (k == 1)
			a = NOBS_FPX(zero);
		if (k == 2)
			b = edges[3];	/* p - 1 */
		VALGRIND_MAKE_MEM_UNDEFINED(&a, sizeof(a));
		VALGRIND_MAKE_MEM_UNDEFINED(&b, sizeof(b));
		NOBS_FPX(mul)(&r, &a, &b);
		NOBS_FPX(sqr)(&s, &r);
		vec = nobs_fp_vec_begin();	/* never under valgrind (3.19) */
		NOBS_FPX(mul4)(q, a4, b4, vec);
		NOBS_FPX(sqr4)(q, (const struct NOBS_FPX_T *const *)q, vec);
		if (vec)
			nobs_fp_vec_end();
		VALGRIND_MAKE_MEM_DEFINED(qv, sizeof(qv));
		NOBS_FPX(add)(&r, &r, &s);
		NOBS_FPX(sub)(&s, &s, &a);
		NOBS_FPX(neg)(&s, &s);
		NOBS_FPX(to_mont)(&r, &r);
		NOBS_FPX(from_mont)(&s, &s);
		NOBS_FPX(cswap)(&r, &s, a.limb[0] & 1);
		NOBS_FPX(cmov)(&r, &b, b.limb[1] & 1);
		sink = NOBS_FPX(eq)(&r, &s);
		sink = NOBS_FPX(is_zero)(&r);
		NOBS_FPX(to_bytes)(bytes, &r);
		VALGRIND_MAKE_MEM_DEFINED(bytes, sizeof(bytes));
		VALGRIND_MAKE_MEM_DEFINED(&r, sizeof(r));
		VALGRIND_MAKE_MEM_DEFINED(&s, sizeof(s));
	}
	__asm__ __volatile__("" : : "r"(sink));
	ct_group(nobs_fp_vec_name() ?
		 "mul, sqr, mul4, sqr4 (vector), add, sub, neg, mont, cswap, cmov, eq, is_zero" :
		 "mul, sqr, mul4, sqr4 (scalar), add, sub, neg, mont, cswap, cmov, eq, is_zero",
		 impl);

	random_fp(&a);
	VALGRIND_MAKE_MEM_UNDEFINED(&a, sizeof(a));
	NOBS_FPX(inv)(&r, &a);
	sink = NOBS_FPX(is_square)(&a);
	__asm__ __volatile__("" : : "r"(sink));
	VALGRIND_MAKE_MEM_DEFINED(&r, sizeof(r));
	ct_group("inv, is_square", impl);
}

int main(void)
{
	mpz_inits(P, R, RINV, TMP, X, Y, Z, NULL);
	make_p();
	gmp_randinit_default(rng);
	gmp_randseed_ui(rng, 1);
	build_edges();

	if (!RUNNING_ON_VALGRIND) {
		printf("SKIP: " TF_PROG "_ct: not running under valgrind\n");
		skipped++;
	} else {
		ct_run(nobs_test_fp_select(false));
#ifdef NOBS_FP_ASM_NAME
#ifdef __x86_64__
		/*
		 * valgrind (3.19) runs adcx/adox but hides ADX in CPUID;
		 * it decodes them itself, so only BMI2 is asked for here.
		 */
		if (__builtin_cpu_supports("bmi2"))
#endif
			ct_run(nobs_test_fp_select(true));
		nobs_test_fp_select(false);
#endif
	}
	gmp_randclear(rng);
	mpz_clears(P, R, RINV, TMP, X, Y, Z, NULL);
	printf("SUITE: %d passed, %d failed, %d skipped\n", passed, failed,
	       skipped);
	return failed ? 1 : 0;
}

#else /* !TEST_FP_CT */

int main(void)
{
	const char *env = getenv("NOBS_SEED");
	unsigned long seed = env ? strtoul(env, NULL, 0) : 20241130;
	const char *name;

	mpz_inits(P, R, RINV, TMP, X, Y, Z, NULL);
	make_p();
	gmp_randinit_default(rng);
	gmp_randseed_ui(rng, seed);
	srand48(seed);
	printf(TF_PROG ": NOBS_SEED=%lu\n", seed);

	build_edges();
	test_constants();

	test_mul_impl("generic", NOBS_FPX(mul_generic), NOBS_FPX(sqr_generic));
#ifdef NOBS_FP_ASM_NAME
#ifdef __x86_64__
	if (!__builtin_cpu_supports("bmi2") || !__builtin_cpu_supports("adx")) {
		printf("SKIP: mul/%s: CPU lacks BMI2/ADX\n", NOBS_FP_ASM_NAME);
		skipped++;
	} else
#endif
		test_mul_impl(NOBS_FP_ASM_NAME, NOBS_FPX(mul_asm), NOBS_FPX(sqr_asm));
#else
	printf("SKIP: mul/asm: no assembly for this architecture\n");
	skipped++;
#endif

	name = nobs_test_fp_select(false);
	{
		struct check c;

		check_begin(&c, "select(false) is generic");
		check_true(&c, !strcmp(name, "generic"), name);
		check_end(&c);
	}
	test_api(name);
	build_lane_edges();
	test_vec_select(false);
	test_mul4_section(name);
#ifdef NOBS_FP_ASM_NAME
#ifdef __x86_64__
	if (__builtin_cpu_supports("bmi2") && __builtin_cpu_supports("adx"))
#endif
	{
		struct check c;
		bool had_vec;

		name = nobs_test_fp_select(true);
		check_begin(&c, "select(true) is " NOBS_FP_ASM_NAME);
		check_true(&c, !strcmp(name, NOBS_FP_ASM_NAME), name);
		check_end(&c);
		had_vec = nobs_fp_vec_name() != NULL;
		test_api(name);
		test_vec_select(true);
#if defined(TF_VEC) && defined(__x86_64__) && !defined(TEST_FP_CT)
		if (nobs_fp_vec_flag) {
			test_ifma_wipe();
		} else {
			printf("SKIP: the IFMA code's registers and stack after a call: no AVX-512 IFMA here\n");
			skipped++;
		}
#endif
		test_mul4_section(name);
#ifdef TF_VEC
		/* the harness may clear the flag: the assembly's fallback */
		if (nobs_fp_vec_flag) {
			nobs_fp_vec_flag = false;
			test_mul4_section(name);
		}
#endif
		{
			/* a CPU with the assembly and no vector unit */
			struct check c;

			name = nobs_fp_select(true, false);
			check_begin(&c, "select(true, no vector unit) is " NOBS_FP_ASM_NAME ", without vector code");
			check_true(&c, !strcmp(name, NOBS_FP_ASM_NAME), name);
			check_true(&c, !nobs_fp_vec_name(), "nobs_fp_vec_name()");
			check_true(&c, !nobs_fp_vec_begin(), "nobs_fp_vec_begin()");
			check_end(&c);
			/*
			 * Without vector code in select(true) (none for this
			 * field here), its section above ran this very code.
			 */
			if (had_vec)
				test_mul4_section(name);
		}
		nobs_test_fp_select(false);
	}
#endif

	gmp_randclear(rng);
	mpz_clears(P, R, RINV, TMP, X, Y, Z, NULL);
	printf("SUITE: %d passed, %d failed, %d skipped\n", passed, failed,
	       skipped);
	return failed ? 1 : 0;
}

#endif /* TEST_FP_CT */
