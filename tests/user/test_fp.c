// SPDX-License-Identifier: GPL-2.0
/*
 * Differential test of isogeny/fp.c (and the arch assembly) against GMP.
 *
 * GMP's mpz is the oracle: p is rebuilt here from the list of small primes
 * (not from fp.c's constants), every Montgomery element x stands for
 * x / 2^512 mod p, and each operation's exact expected limbs are computed
 * with mpz.  Every implementation of mul/sqr is called directly, and the
 * whole API is run once per dispatch choice (nobs_fp_select()).
 *
 * Inputs: edge values (0, 1, 2, p - 1, p - 2, (p +- 1) / 2, R mod p,
 * 2^k, limbs at their extremes below p) crossed with each other, plus
 * random values from a fixed seed (argv[1] overrides it).  Non-reduced
 * values (>= p, up to 2^512 - 1) go wherever the API takes them: the range
 * check of nobs_fp_from_bytes(), and cswap/cmov/eq/is_zero, which take any
 * limbs.
 *
 * Ends with the results line "SUITE: N passed, N failed, N skipped".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gmp.h>

#include "isogeny/fp.h"

#define RANDOM_ITERS	4000

static int passed, failed, skipped;
static mpz_t P, R, RINV, TMP;
static gmp_randstate_t rng;

static const unsigned int small_primes[] = {
	3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67,
	71, 73, 79, 83, 89, 97, 101, 103, 107, 109, 113, 127, 131, 137, 139,
	149, 151, 157, 163, 167, 173, 179, 181, 191, 193, 197, 199, 211, 223,
	227, 229, 233, 239, 241, 251, 257, 263, 269, 271, 277, 281, 283, 293,
	307, 311, 313, 317, 331, 337, 347, 349, 353, 359, 367, 373, 587,
};

/* ---- conversions (independent of fp.c) --------------------------------- */

static void fp_to_mpz(mpz_t z, const struct nobs_fp *a)
{
	mpz_import(z, NOBS_FP_LIMBS, -1, sizeof(u64), 0, 0, a->limb);
}

static void mpz_to_fp(struct nobs_fp *a, const mpz_t z)
{
	size_t n = 0;

	memset(a, 0, sizeof(*a));
	if (mpz_sizeinbase(z, 2) > 512) {
		fprintf(stderr, "BUG: %s: value too large\n", __func__);
		exit(2);
	}
	mpz_export(a->limb, &n, -1, sizeof(u64), 0, 0, z);
}

/* Montgomery element -> the field value it stands for */
static void fp_value(mpz_t z, const struct nobs_fp *a)
{
	fp_to_mpz(z, a);
	mpz_mul(z, z, RINV);
	mpz_mod(z, z, P);
}

/* field value -> Montgomery element */
static void fp_from_value(struct nobs_fp *a, const mpz_t v)
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

static void dump(const char *what, const struct nobs_fp *x)
{
	int i;

	fprintf(stderr, "  %s =", what);
	for (i = NOBS_FP_LIMBS - 1; i >= 0; i--)
		fprintf(stderr, " %016llx", (unsigned long long)x->limb[i]);
	fprintf(stderr, "\n");
}

static void check_fp(struct check *c, const struct nobs_fp *got,
		     const struct nobs_fp *want, const struct nobs_fp *a,
		     const struct nobs_fp *b)
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

#define MAX_EDGES 64
static struct nobs_fp edges[MAX_EDGES];
static int n_edges;

static void add_edge_mpz(const mpz_t z)
{
	mpz_to_fp(&edges[n_edges++], z);
}

static void build_edges(void)
{
	static const int bits[] = { 0, 1, 63, 64, 65, 127, 128, 255, 256,
				    383, 447, 448, 500, 509 };
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
	for (i = 0; i < ARRAY_SIZE(bits); i++) {
		mpz_set_ui(z, 0);
		mpz_setbit(z, bits[i]);
		add_edge_mpz(z);
		mpz_sub_ui(z, z, 1);
		if (mpz_sgn(z))
			add_edge_mpz(z);
	}
	/* p - 2^k: high limbs of p with low limbs at their extremes */
	for (i = 64; i <= 448; i += 64) {
		mpz_set_ui(z, 0);
		mpz_setbit(z, i);
		mpz_sub(z, P, z);
		add_edge_mpz(z);
	}
	/* p with its low limbs cleared (limb-wise largest patterns below p) */
	mpz_fdiv_q_2exp(z, P, 448);
	mpz_mul_2exp(z, z, 448);
	mpz_sub_ui(z, z, 1);
	add_edge_mpz(z);
	mpz_clear(z);
	if (n_edges > MAX_EDGES) {
		fprintf(stderr, "BUG: too many edges\n");
		exit(2);
	}
}

static void random_fp(struct nobs_fp *a)
{
	mpz_urandomm(TMP, rng, P);
	mpz_to_fp(a, TMP);
}

/* any 512-bit pattern, possibly >= p */
static void random_limbs(struct nobs_fp *a)
{
	mpz_urandomb(TMP, rng, 512);
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

static void pair(unsigned long k, struct nobs_fp *a, struct nobs_fp *b)
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
			struct nobs_fp t = *a;
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

static void want_mont_mul(struct nobs_fp *w, const struct nobs_fp *a,
			  const struct nobs_fp *b)
{
	fp_value(X, a);
	fp_value(Y, b);
	mpz_mul(Z, X, Y);
	mpz_mod(Z, Z, P);
	fp_from_value(w, Z);
}

/* ---- tests -------------------------------------------------------------- */

typedef void (*mul_fn)(struct nobs_fp *, const struct nobs_fp *,
		       const struct nobs_fp *);
typedef void (*sqr_fn)(struct nobs_fp *, const struct nobs_fp *);

static __maybe_unused void test_constants(void)
{
	struct check c;
	struct nobs_fp w;

	check_begin(&c, "constants: p, zero, one");
	mpz_to_fp(&w, P);
	check_fp(&c, &nobs_fp_p, &w, NULL, NULL);
	mpz_set_ui(Z, 0);
	fp_from_value(&w, Z);
	check_fp(&c, &nobs_fp_zero, &w, NULL, NULL);
	mpz_set_ui(Z, 1);
	fp_from_value(&w, Z);
	check_fp(&c, &nobs_fp_one, &w, NULL, NULL);
	check_true(&c, mpz_sizeinbase(P, 2) == 511, "p has 511 bits");
	check_end(&c);
}

static __maybe_unused void test_mul_impl(const char *impl, mul_fn mul,
					  sqr_fn sqr)
{
	char name[96];
	struct check c;
	struct nobs_fp a, b, r, w;
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
	snprintf(name, sizeof(name), "mul+sqr/%s: 20000-step chain", impl);
	check_begin(&c, name);
	random_fp(&a);
	random_fp(&b);
	fp_value(X, &a);
	fp_value(Y, &b);
	for (k = 0; k < 20000; k++) {
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
	struct nobs_fp a, b, r, w, s, t;
	unsigned long k, n = n_pairs();
	u8 bytes[NOBS_FP_BYTES], wb[NOBS_FP_BYTES];
	size_t cnt;
	u64 e[NOBS_FP_LIMBS];
	int i;

#define BEGIN(what) do { \
	snprintf(name, sizeof(name), "%s/%s", what, impl); \
	check_begin(&c, name); \
} while (0)

	BEGIN("mul (dispatched)");
	for (k = 0; k < n; k += 5) {
		pair(k, &a, &b);
		want_mont_mul(&w, &a, &b);
		nobs_fp_mul(&r, &a, &b);
		check_fp(&c, &r, &w, &a, &b);
		want_mont_mul(&w, &a, &a);
		nobs_fp_sqr(&r, &a);
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
		nobs_fp_add(&r, &a, &b);
		check_fp(&c, &r, &w, &a, &b);
		r = a;
		nobs_fp_add(&r, &r, &b);
		check_fp(&c, &r, &w, &a, &b);
		mpz_sub(Z, X, Y);
		mpz_mod(Z, Z, P);
		mpz_to_fp(&w, Z);
		nobs_fp_sub(&r, &a, &b);
		check_fp(&c, &r, &w, &a, &b);
		r = b;
		nobs_fp_sub(&r, &a, &r);
		check_fp(&c, &r, &w, &a, &b);
		mpz_neg(Z, X);
		mpz_mod(Z, Z, P);
		mpz_to_fp(&w, Z);
		nobs_fp_neg(&r, &a);
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
		nobs_fp_set_u64(&r, v);
		check_fp(&c, &r, &w, NULL, NULL);

		if (k < (unsigned long)n_edges)
			a = edges[k];
		else
			random_fp(&a);
		fp_to_mpz(X, &a);		/* a as a plain integer */
		fp_from_value(&w, X);
		nobs_fp_to_mont(&r, &a);
		check_fp(&c, &r, &w, &a, NULL);
		nobs_fp_from_mont(&s, &r);
		check_fp(&c, &s, &a, &a, NULL);
		fp_value(Y, &a);		/* a as Montgomery form */
		mpz_to_fp(&w, Y);
		nobs_fp_from_mont(&r, &a);
		check_fp(&c, &r, &w, &a, NULL);
	}
	check_end(&c);

	BEGIN("inv (0 -> 0)");
	for (k = 0; k < (unsigned long)n_edges + 100; k++) {
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
		nobs_fp_inv(&r, &a);
		check_fp(&c, &r, &w, &a, NULL);
		r = a;
		nobs_fp_inv(&r, &r);
		check_fp(&c, &r, &w, &a, NULL);
	}
	check_end(&c);

	BEGIN("is_square (0 counts)");
	for (k = 0; k < (unsigned long)n_edges + 200; k++) {
		if (k < (unsigned long)n_edges) {
			a = edges[k];
		} else if (k % 3 == 0) {	/* a known square */
			random_fp(&b);
			nobs_fp_sqr(&a, &b);
		} else {
			random_fp(&a);
		}
		fp_value(X, &a);
		check_true(&c, nobs_fp_is_square(&a) ==
			       (mpz_legendre(X, P) >= 0), "is_square");
	}
	/* p = 3 mod 4: -1 is not a square */
	mpz_sub_ui(X, P, 1);
	fp_from_value(&a, X);
	check_true(&c, !nobs_fp_is_square(&a), "-1 is a non-square");
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
				e[7] = e[6] = e[5] = 0;
		}
		mpz_import(Y, NOBS_FP_LIMBS, -1, sizeof(u64), 0, 0, e);
		fp_value(X, &a);
		mpz_powm(Z, X, Y, P);		/* GMP: 0^0 = 1 */
		fp_from_value(&w, Z);
		nobs_fp_pow(&r, &a, e);
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
		nobs_fp_cswap(&s, &t, bit);
		check_fp(&c, &s, bit ? &b : &a, &a, &b);
		check_fp(&c, &t, bit ? &a : &b, &a, &b);
		r = a;
		nobs_fp_cmov(&r, &b, bit);
		check_fp(&c, &r, bit ? &b : &a, &a, &b);
		s = a;
		nobs_fp_cswap(&s, &s, bit);	/* self-swap is a no-op */
		check_fp(&c, &s, &a, &a, NULL);
	}
	check_end(&c);

	BEGIN("is_zero, eq (any limbs)");
	check_true(&c, nobs_fp_is_zero(&nobs_fp_zero), "zero");
	check_true(&c, !nobs_fp_is_zero(&nobs_fp_one), "one");
	for (k = 0; k < 2000; k++) {
		random_limbs(&a);
		b = a;
		i = k % (64 * NOBS_FP_LIMBS);
		check_true(&c, nobs_fp_eq(&a, &b), "eq(a, a)");
		b.limb[i / 64] ^= (u64)1 << (i % 64);
		check_true(&c, !nobs_fp_eq(&a, &b), "!eq(a, a ^ bit)");
		memset(&t, 0, sizeof(t));
		t.limb[i / 64] = (u64)1 << (i % 64);
		check_true(&c, !nobs_fp_is_zero(&t), "!is_zero(bit)");
		fp_to_mpz(X, &a);
		check_true(&c, nobs_fp_is_zero(&a) == !mpz_sgn(X), "is_zero");
	}
	memset(&t, 0xff, sizeof(t));
	check_true(&c, !nobs_fp_is_zero(&t), "!is_zero(2^512 - 1)");
	check_end(&c);

	BEGIN("from_bytes, to_bytes (incl. >= p rejected)");
	for (k = 0; k < (unsigned long)n_edges + 2000; k++) {
		int want_ok, got;

		if (k < (unsigned long)n_edges) {
			fp_to_mpz(X, &edges[k]);
		} else if (k % 4 == 0) {	/* p + small, or p + random */
			mpz_urandomb(X, rng, k % 8 ? 500 : 8);
			mpz_add(X, X, P);
		} else if (k % 4 == 1) {
			mpz_urandomb(X, rng, 512);
		} else {
			mpz_urandomm(X, rng, P);
		}
		if (k == (unsigned long)n_edges) {
			mpz_set(X, P);
		} else if (k == (unsigned long)n_edges + 1) {
			mpz_set_ui(X, 0);
			mpz_setbit(X, 512);
			mpz_sub_ui(X, X, 1);
		}
		/* the encoding: 64 bytes, least significant first */
		memset(bytes, 0, sizeof(bytes));
		mpz_export(bytes, &cnt, -1, 1, 0, 0, X);
		want_ok = mpz_cmp(X, P) < 0;
		memset(&r, 0xa5, sizeof(r));
		got = nobs_fp_from_bytes(&r, bytes);
		check_true(&c, got == (want_ok ? 0 : -EINVAL),
			   "from_bytes return value");
		if (want_ok) {
			mpz_to_fp(&w, X);
			check_fp(&c, &r, &w, NULL, NULL);
			memset(wb, 0x5a, sizeof(wb));
			nobs_fp_to_bytes(wb, &r);
			check_true(&c, !memcmp(wb, bytes, sizeof(wb)),
				   "to_bytes round trip");
		} else {
			check_fp(&c, &r, &nobs_fp_zero, NULL, NULL);
		}
	}
	check_end(&c);
#undef BEGIN
}

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
	char name[96];
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
	struct nobs_fp a, b, r, s;
	u8 bytes[NOBS_FP_BYTES];
	bool sink;
	int k;

	for (k = 0; k < 4; k++) {
		random_fp(&a);
		random_fp(&b);
		if (k == 1)
			a = nobs_fp_zero;
		if (k == 2)
			b = edges[3];	/* p - 1 */
		VALGRIND_MAKE_MEM_UNDEFINED(&a, sizeof(a));
		VALGRIND_MAKE_MEM_UNDEFINED(&b, sizeof(b));
		nobs_fp_mul(&r, &a, &b);
		nobs_fp_sqr(&s, &r);
		nobs_fp_add(&r, &r, &s);
		nobs_fp_sub(&s, &s, &a);
		nobs_fp_neg(&s, &s);
		nobs_fp_to_mont(&r, &r);
		nobs_fp_from_mont(&s, &s);
		nobs_fp_cswap(&r, &s, a.limb[0] & 1);
		nobs_fp_cmov(&r, &b, b.limb[1] & 1);
		sink = nobs_fp_eq(&r, &s);
		sink = nobs_fp_is_zero(&r);
		nobs_fp_to_bytes(bytes, &r);
		VALGRIND_MAKE_MEM_DEFINED(bytes, sizeof(bytes));
		VALGRIND_MAKE_MEM_DEFINED(&r, sizeof(r));
		VALGRIND_MAKE_MEM_DEFINED(&s, sizeof(s));
	}
	__asm__ __volatile__("" : : "r"(sink));
	ct_group("mul, sqr, add, sub, neg, mont, cswap, cmov, eq, is_zero",
		 impl);

	random_fp(&a);
	VALGRIND_MAKE_MEM_UNDEFINED(&a, sizeof(a));
	nobs_fp_inv(&r, &a);
	sink = nobs_fp_is_square(&a);
	__asm__ __volatile__("" : : "r"(sink));
	VALGRIND_MAKE_MEM_DEFINED(&r, sizeof(r));
	ct_group("inv, is_square", impl);
}

int main(void)
{
	size_t i;

	mpz_inits(P, R, RINV, TMP, X, Y, Z, NULL);
	mpz_set_ui(P, 4);
	for (i = 0; i < ARRAY_SIZE(small_primes); i++)
		mpz_mul_ui(P, P, small_primes[i]);
	mpz_sub_ui(P, P, 1);
	mpz_set_ui(R, 0);
	mpz_setbit(R, 512);
	mpz_invert(RINV, R, P);
	gmp_randinit_default(rng);
	gmp_randseed_ui(rng, 1);
	build_edges();

	if (!RUNNING_ON_VALGRIND) {
		printf("SKIP: test_fp_ct: not running under valgrind\n");
		skipped++;
	} else {
		ct_run(nobs_fp_select(false));
#ifdef NOBS_FP_ASM_NAME
#ifdef __x86_64__
		/*
		 * valgrind (3.19) runs adcx/adox but hides ADX in CPUID;
		 * it decodes them itself, so only BMI2 is asked for here.
		 */
		if (__builtin_cpu_supports("bmi2"))
#endif
			ct_run(nobs_fp_select(true));
		nobs_fp_select(false);
#endif
	}
	gmp_randclear(rng);
	mpz_clears(P, R, RINV, TMP, X, Y, Z, NULL);
	printf("SUITE: %d passed, %d failed, %d skipped\n", passed, failed,
	       skipped);
	return failed ? 1 : 0;
}

#else /* !TEST_FP_CT */

int main(int argc, char **argv)
{
	unsigned long seed = argc > 1 ? strtoul(argv[1], NULL, 0) : 20241130;
	const char *name;
	size_t i;

	mpz_inits(P, R, RINV, TMP, X, Y, Z, NULL);
	mpz_set_ui(P, 4);
	for (i = 0; i < ARRAY_SIZE(small_primes); i++)
		mpz_mul_ui(P, P, small_primes[i]);
	mpz_sub_ui(P, P, 1);
	mpz_set_ui(R, 0);
	mpz_setbit(R, 512);
	mpz_invert(RINV, R, P);
	gmp_randinit_default(rng);
	gmp_randseed_ui(rng, seed);
	srand48(seed);
	printf("test_fp: seed %lu\n", seed);

	build_edges();
	test_constants();

	test_mul_impl("generic", nobs_fp_mul_generic, nobs_fp_sqr_generic);
#ifdef NOBS_FP_ASM_NAME
#ifdef __x86_64__
	if (!__builtin_cpu_supports("bmi2") || !__builtin_cpu_supports("adx")) {
		printf("SKIP: mul/%s: CPU lacks BMI2/ADX\n", NOBS_FP_ASM_NAME);
		skipped++;
	} else
#endif
		test_mul_impl(NOBS_FP_ASM_NAME, nobs_fp_mul_asm, nobs_fp_sqr_asm);
#else
	printf("SKIP: mul/asm: no assembly for this architecture\n");
	skipped++;
#endif

	name = nobs_fp_select(false);
	{
		struct check c;

		check_begin(&c, "select(false) is generic");
		check_true(&c, !strcmp(name, "generic"), name);
		check_end(&c);
	}
	test_api(name);
#ifdef NOBS_FP_ASM_NAME
#ifdef __x86_64__
	if (__builtin_cpu_supports("bmi2") && __builtin_cpu_supports("adx"))
#endif
	{
		struct check c;

		name = nobs_fp_select(true);
		check_begin(&c, "select(true) is " NOBS_FP_ASM_NAME);
		check_true(&c, !strcmp(name, NOBS_FP_ASM_NAME), name);
		check_end(&c);
		test_api(name);
		nobs_fp_select(false);
	}
#endif

	gmp_randclear(rng);
	mpz_clears(P, R, RINV, TMP, X, Y, Z, NULL);
	printf("SUITE: %d passed, %d failed, %d skipped\n", passed, failed,
	       skipped);
	return failed ? 1 : 0;
}

#endif /* TEST_FP_CT */
