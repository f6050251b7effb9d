// SPDX-License-Identifier: GPL-2.0
/*
 * The CSIDH group action against an oracle of its own: the original
 * algorithm of Castryck, Lange, Martindale, Panny and Renes ("CSIDH: an
 * efficient post-quantum commutative group action", eprint 2018/383,
 * Algorithm 2), variable time, written here on GMP integers with nothing
 * from the core: its own prime (csidh_prime.h's sieve), its own x-only
 * ladder, affine Velu-type isogenies with the codomain of C. Costello,
 * H. Hisil (ASIACRYPT 2017; A' = pi^2 (A - 6 sigma)) rather than the
 * core's twisted Edwards products, its own randomness (GMP's), and the
 * key and public-key encodings read from README.md's kpp table.
 *
 *  1. the oracle itself against the reference vectors
 *     ($NOBS_VECTORS/csidh/<T_FILE>): Pr1 -> Pk1 and (Pr1, Pk2) -> Ss
 *     for the first -v N "valid" ones (default 2; CSIDH-1024 1), and
 *     every curve it ends on is checked supersingular ([p + 1] of a
 *     random point is infinity);
 *  2. fresh random private keys (seed printed, NOBS_SEED=n to replay; a
 *     fresh seed from /dev/urandom otherwise), -k N of them (default 3;
 *     CSIDH-1024 1), and the two extreme keys (every exponent +max,
 *     every one -max): the core's public key equals the oracle's, and
 *     the core's shared secret with the previous key's public key equals
 *     the oracle's, with every field implementation the CPU runs
 *     (generic C, the assembly and, where there is one, the assembly
 *     without its vector code).
 *
 * Built for CSIDH-512, or for CSIDH-1024 with -DTEST_CSIDH1024.
 *
 * Usage: [NOBS_SEED=n] test_csidh_gmp [-k N] [-v N]
 * Output: FAIL lines, then "SUITE: N passed, N failed, N skipped".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gmp.h>

#include "csidh_test_rng.h"
#include "vectors_json.h"
#include "csidh_param.h"
#include "fp_cpu.h"
#include "csidh_prime.h"

#ifndef NOBS_ROOT
#define NOBS_ROOT "."
#endif

/* the defaults of -k and -v: CSIDH-1024's actions take longer */
#ifdef TEST_CSIDH1024
#define O_LAST	733
#define O_EXTRA	983
#define O_KEYS	1
#define O_VECS	1
#else
#define O_LAST	373
#define O_EXTRA	587
#define O_KEYS	3
#define O_VECS	2
#endif

static mpz_t o_p, o_r, o_rinv;		/* p, R = 2^(8 NOBS_CSIDHX_PUBLIC_KEY_SIZE) mod p, 1 / R */
static mpz_t o_inv4;			/* 1 / 4 mod p */
static unsigned int o_l[NOBS_CSIDHX_PRIMES];	/* the small primes, ascending */
static gmp_randstate_t o_rand;

/* ---- the oracle's field: mpz values in [0, p) -------------------------- */

static void o_mul(mpz_t r, const mpz_t a, const mpz_t b)
{
	mpz_mul(r, a, b);
	mpz_mod(r, r, o_p);
}

static void o_add(mpz_t r, const mpz_t a, const mpz_t b)
{
	mpz_add(r, a, b);
	mpz_mod(r, r, o_p);
}

static void o_sub(mpz_t r, const mpz_t a, const mpz_t b)
{
	mpz_sub(r, a, b);
	mpz_mod(r, r, o_p);
}

/* x-only points (X : Z), Z = 0 at infinity */
struct o_pt {
	mpz_t x, z;
};

static void o_pt_init(struct o_pt *q)
{
	mpz_inits(q->x, q->z, NULL);
}

static void o_pt_clear(struct o_pt *q)
{
	mpz_clears(q->x, q->z, NULL);
}

static void o_pt_set(struct o_pt *r, const struct o_pt *q)
{
	mpz_set(r->x, q->x);
	mpz_set(r->z, q->z);
}

/* r = [2] q on y^2 = x^3 + A x^2 + x, a24 = (A + 2) / 4 */
static void o_dbl(struct o_pt *r, const struct o_pt *q, const mpz_t a24)
{
	mpz_t s, d, ss, dd, t;

	mpz_inits(s, d, ss, dd, t, NULL);
	o_add(s, q->x, q->z);
	o_sub(d, q->x, q->z);
	o_mul(ss, s, s);
	o_mul(dd, d, d);
	o_sub(t, ss, dd);			/* 4 X Z */
	o_mul(r->x, ss, dd);
	o_mul(s, a24, t);
	o_add(s, s, dd);
	o_mul(r->z, s, t);
	mpz_clears(s, d, ss, dd, t, NULL);
}

/* r = q1 + q2, given d = q1 - q2 (not at infinity, nor 2-torsion) */
static void o_add_pt(struct o_pt *r, const struct o_pt *q1,
		     const struct o_pt *q2, const struct o_pt *d)
{
	mpz_t u, v, t, w;

	mpz_inits(u, v, t, w, NULL);
	o_sub(t, q1->x, q1->z);
	o_add(w, q2->x, q2->z);
	o_mul(u, t, w);
	o_add(t, q1->x, q1->z);
	o_sub(w, q2->x, q2->z);
	o_mul(v, t, w);
	o_add(t, u, v);
	o_sub(w, u, v);
	o_mul(t, t, t);
	o_mul(w, w, w);
	o_mul(u, d->z, t);
	o_mul(v, d->x, w);
	mpz_set(r->x, u);
	mpz_set(r->z, v);
	mpz_clears(u, v, t, w, NULL);
}

/* r = [k] q by the Montgomery ladder (k >= 1); r may alias q */
static void o_ladder(struct o_pt *r, const struct o_pt *q, const mpz_t k,
		     const mpz_t a24)
{
	struct o_pt r0, r1, base;
	long i;

	o_pt_init(&r0);
	o_pt_init(&r1);
	o_pt_init(&base);
	o_pt_set(&base, q);
	o_pt_set(&r0, q);
	o_dbl(&r1, q, a24);
	for (i = (long)mpz_sizeinbase(k, 2) - 2; i >= 0; i--) {
		if (mpz_tstbit(k, i)) {
			o_add_pt(&r0, &r0, &r1, &base);
			o_dbl(&r1, &r1, a24);
		} else {
			o_add_pt(&r1, &r0, &r1, &base);
			o_dbl(&r0, &r0, a24);
		}
	}
	/* base at infinity: every multiple is */
	if (!mpz_sgn(base.z))
		mpz_set_ui(r0.z, 0);
	o_pt_set(r, &r0);
	o_pt_clear(&r0);
	o_pt_clear(&r1);
	o_pt_clear(&base);
}

static void o_a24(mpz_t a24, const mpz_t a)
{
	mpz_add_ui(a24, a, 2);
	o_mul(a24, a24, o_inv4);
}

/* a random x in [0, p) and the Legendre symbol of x^3 + A x^2 + x */
static int o_sample(mpz_t x, const mpz_t a)
{
	mpz_t f;
	int s;

	mpz_init(f);
	do {
		mpz_urandomm(x, o_rand, o_p);
		o_add(f, x, a);
		o_mul(f, f, x);
		mpz_add_ui(f, f, 1);
		o_mul(f, f, x);			/* x (x^2 + A x + 1) */
		s = mpz_legendre(f, o_p);
	} while (!s);
	mpz_clear(f);
	return s;
}

static int supersingular_fails;

/* [p + 1] of a random point of E_A (or its twist) is at infinity */
static int o_supersingular(const mpz_t a)
{
	struct o_pt q;
	mpz_t a24, k;
	int ok;

	o_pt_init(&q);
	mpz_inits(a24, k, NULL);
	o_a24(a24, a);
	o_sample(q.x, a);
	mpz_set_ui(q.z, 1);
	mpz_add_ui(k, o_p, 1);
	o_ladder(&q, &q, k, a24);
	ok = !mpz_sgn(q.z);
	o_pt_clear(&q);
	mpz_clears(a24, k, NULL);
	return ok;
}

/*
 * The isogeny of degree l with kernel <kp> (order l) on E_A: a becomes
 * the codomain's A, q its image.  Affine kernel x-coordinates x_1 ..
 * x_d (d = (l - 1) / 2): pi = prod x_i, sigma = sum (x_i - 1 / x_i),
 * A' = pi^2 (A - 6 sigma); x' = x prod ((x x_i - 1) / (x - x_i))^2.
 */
static void o_isogeny(mpz_t a, struct o_pt *q, const struct o_pt *kp,
		      unsigned int l)
{
	struct o_pt m1, m2, m3;
	mpz_t a24, xi, inv, pi, sigma, num, den, t, u;
	unsigned int i, d = (l - 1) / 2;

	o_pt_init(&m1);
	o_pt_init(&m2);
	o_pt_init(&m3);
	mpz_inits(a24, xi, inv, pi, sigma, num, den, t, u, NULL);
	o_a24(a24, a);
	mpz_set_ui(pi, 1);
	mpz_set_ui(sigma, 0);
	mpz_set_ui(num, 1);
	mpz_set_ui(den, 1);
	o_pt_set(&m1, kp);			/* [i] K */
	o_dbl(&m2, kp, a24);			/* [i + 1] K */
	for (i = 1; i <= d; i++) {
		mpz_invert(inv, m1.z, o_p);
		o_mul(xi, m1.x, inv);		/* x([i] K) */
		o_mul(pi, pi, xi);
		mpz_invert(inv, xi, o_p);
		o_sub(t, xi, inv);
		o_add(sigma, sigma, t);
		/* (X x_i - Z), (X - x_i Z) */
		o_mul(t, q->x, xi);
		o_sub(t, t, q->z);
		o_mul(num, num, t);
		o_mul(t, q->z, xi);
		o_sub(t, q->x, t);
		o_mul(den, den, t);
		/* [i + 2] K = [i + 1] K + K, difference [i] K */
		o_add_pt(&m3, &m2, kp, &m1);
		o_pt_set(&m1, &m2);
		o_pt_set(&m2, &m3);
	}
	o_mul(num, num, num);
	o_mul(den, den, den);
	o_mul(q->x, q->x, num);
	o_mul(q->z, q->z, den);
	/* A' = pi^2 (A - 6 sigma) */
	mpz_mul_ui(t, sigma, 6);
	o_sub(u, a, t);
	o_mul(t, pi, pi);
	o_mul(a, t, u);
	o_pt_clear(&m1);
	o_pt_clear(&m2);
	o_pt_clear(&m3);
	mpz_clears(a24, xi, inv, pi, sigma, num, den, t, u, NULL);
}

/*
 * The action of prod l_i^e[i] on E_A (Algorithm 2 of the CSIDH paper):
 * sample a point, its sign s says E (+1) or the twist (-1); the primes
 * S with e_i of that sign; Q = [(p + 1) / prod S] P; for each l in S,
 * [k / l] Q, if not at infinity, is a kernel: step, Q through it.
 */
static void o_action(mpz_t a, const int e_in[NOBS_CSIDHX_PRIMES])
{
	int e[NOBS_CSIDHX_PRIMES], s, i, left;
	struct o_pt q, r;
	mpz_t a24, k, m;

	memcpy(e, e_in, sizeof(e));
	o_pt_init(&q);
	o_pt_init(&r);
	mpz_inits(a24, k, m, NULL);
	for (;;) {
		for (left = 0, i = 0; i < NOBS_CSIDHX_PRIMES; i++)
			left |= e[i];
		if (!left)
			break;
		s = o_sample(q.x, a);
		mpz_set_ui(q.z, 1);
		mpz_set_ui(k, 4);
		mpz_set_ui(m, 1);		/* prod S */
		for (i = 0; i < NOBS_CSIDHX_PRIMES; i++) {
			if (e[i] && (e[i] > 0) == (s > 0))
				mpz_mul_ui(m, m, o_l[i]);
			else
				mpz_mul_ui(k, k, o_l[i]);
		}
		if (!mpz_cmp_ui(m, 1))
			continue;
		o_a24(a24, a);
		o_ladder(&q, &q, k, a24);
		for (i = NOBS_CSIDHX_PRIMES - 1; i >= 0; i--) {
			if (!e[i] || (e[i] > 0) != (s > 0))
				continue;
			mpz_divexact_ui(m, m, o_l[i]);
			o_a24(a24, a);
			o_ladder(&r, &q, m, a24);
			if (!mpz_sgn(r.z))
				continue;
			o_isogeny(a, &q, &r, o_l[i]);
			e[i] -= s;
		}
	}
	if (!o_supersingular(a))
		supersingular_fails++;
	o_pt_clear(&q);
	o_pt_clear(&r);
	mpz_clears(a24, k, m, NULL);
}

/* ---- encodings (README.md's kpp table) --------------------------------- */

/* exponent i: the signed nibble (s8)(k[i / 2] << ((i % 2) * 4)) >> 4 */
static void o_decode_key(int e[NOBS_CSIDHX_PRIMES], const unsigned char sk[NOBS_CSIDHX_PRIVATE_KEY_SIZE])
{
	int i;

	for (i = 0; i < NOBS_CSIDHX_PRIMES; i++)
		e[i] = (signed char)(unsigned char)(sk[i / 2] <<
						    ((i % 2) * 4)) >> 4;
}

static void o_encode_key(unsigned char sk[NOBS_CSIDHX_PRIVATE_KEY_SIZE], const int e[NOBS_CSIDHX_PRIMES])
{
	int i;

	memset(sk, 0, NOBS_CSIDHX_PRIVATE_KEY_SIZE);
	for (i = 0; i < NOBS_CSIDHX_PRIMES; i++)
		sk[i / 2] |= (e[i] & 0xf) << ((i % 2) ? 0 : 4);
}

/* public key: A R mod p, little-endian */
static void o_encode_pk(unsigned char pk[NOBS_CSIDHX_PUBLIC_KEY_SIZE], const mpz_t a)
{
	mpz_t t;
	size_t n = 0;

	mpz_init(t);
	o_mul(t, a, o_r);
	memset(pk, 0, NOBS_CSIDHX_PUBLIC_KEY_SIZE);
	mpz_export(pk, &n, -1, 1, -1, 0, t);
	mpz_clear(t);
}

static void o_decode_pk(mpz_t a, const unsigned char pk[NOBS_CSIDHX_PUBLIC_KEY_SIZE])
{
	mpz_import(a, NOBS_CSIDHX_PUBLIC_KEY_SIZE, -1, 1, -1, 0, pk);
	o_mul(a, a, o_rinv);
}

static void o_public_key(unsigned char pk[NOBS_CSIDHX_PUBLIC_KEY_SIZE], const unsigned char sk[NOBS_CSIDHX_PRIVATE_KEY_SIZE])
{
	int e[NOBS_CSIDHX_PRIMES];
	mpz_t a;

	o_decode_key(e, sk);
	mpz_init_set_ui(a, 0);
	o_action(a, e);
	o_encode_pk(pk, a);
	mpz_clear(a);
}

static void o_shared(unsigned char ss[NOBS_CSIDHX_PUBLIC_KEY_SIZE], const unsigned char sk[NOBS_CSIDHX_PRIVATE_KEY_SIZE],
		     const unsigned char pk[NOBS_CSIDHX_PUBLIC_KEY_SIZE])
{
	int e[NOBS_CSIDHX_PRIMES];
	mpz_t a;

	o_decode_key(e, sk);
	mpz_init(a);
	o_decode_pk(a, pk);
	o_action(a, e);
	o_encode_pk(ss, a);
	mpz_clear(a);
}

static void o_setup(unsigned long seed)
{
	unsigned int l[CSIDH_TEST_MAX_PRIMES];

	mpz_inits(o_p, o_r, o_rinv, o_inv4, NULL);
	if (csidh_test_prime(o_p, O_LAST, O_EXTRA) != NOBS_CSIDHX_PRIMES ||
	    csidh_test_primes(l, O_LAST, O_EXTRA) != NOBS_CSIDHX_PRIMES) {
		printf("FAIL: the oracle's prime has not %d factors\n",
		       NOBS_CSIDHX_PRIMES);
		exit(1);
	}
	memcpy(o_l, l, sizeof(o_l));
	mpz_set_ui(o_inv4, 4);
	mpz_invert(o_inv4, o_inv4, o_p);
	mpz_set_ui(o_r, 1);
	mpz_mul_2exp(o_r, o_r, 8 * NOBS_CSIDHX_PUBLIC_KEY_SIZE);
	mpz_mod(o_r, o_r, o_p);
	mpz_invert(o_rinv, o_r, o_p);
	gmp_randinit_default(o_rand);
	gmp_randseed_ui(o_rand, seed);
}

/* ---- the tests ----------------------------------------------------------- */

/* 1. the oracle against the first n valid vectors */
static void oracle_vectors(int n)
{
	const char *dir = getenv("NOBS_VECTORS"), *obj, *end, *s;
	unsigned char pk1[NOBS_CSIDHX_PUBLIC_KEY_SIZE], pr1[NOBS_CSIDHX_PRIVATE_KEY_SIZE], pk2[NOBS_CSIDHX_PUBLIC_KEY_SIZE], ss[NOBS_CSIDHX_PUBLIC_KEY_SIZE], out[NOBS_CSIDHX_PUBLIC_KEY_SIZE];
	char path[4096], *text;
	size_t len;
	int done = 0, id;

	snprintf(path, sizeof(path), "%s/csidh/" T_FILE,
		 dir ? dir : NOBS_ROOT "/build/vectors");
	text = slurp(path);
	if (!text) {
		printf("SKIP: %s not readable: the oracle is not checked\n",
		       path);
		skipped++;
		return;
	}
	for (obj = next_vector(text, &end, &id); obj && done < n;
	     obj = next_vector(end, &end, &id)) {
		s = field(obj, end, "status", &len);
		if (!s || strncmp(s, "valid\"", 6))
			continue;
		if (unhex(pr1, NOBS_CSIDHX_PRIVATE_KEY_SIZE, obj, end, "Pr1") ||
		    unhex(pk1, NOBS_CSIDHX_PUBLIC_KEY_SIZE, obj, end, "Pk1") ||
		    unhex(pk2, NOBS_CSIDHX_PUBLIC_KEY_SIZE, obj, end, "Pk2") ||
		    unhex(ss, NOBS_CSIDHX_PUBLIC_KEY_SIZE, obj, end, "Ss")) {
			check(0, "oracle: parse", id);
			continue;
		}
		o_public_key(out, pr1);
		check(!memcmp(out, pk1, NOBS_CSIDHX_PUBLIC_KEY_SIZE), "oracle: Pr1 -> Pk1", id);
		o_shared(out, pr1, pk2);
		check(!memcmp(out, ss, NOBS_CSIDHX_PUBLIC_KEY_SIZE), "oracle: (Pr1, Pk2) -> Ss", id);
		done++;
	}
	free(text);
	check(done == n, "oracle: enough valid vectors", done);
	printf("%s: the oracle agrees with %d reference vectors\n", T_NAME,
	       done);
}

/* the core's public key and shared secret with each field it runs */
static void core_vs(const unsigned char sk[NOBS_CSIDHX_PRIVATE_KEY_SIZE],
		    const unsigned char want_pk[NOBS_CSIDHX_PUBLIC_KEY_SIZE],
		    const unsigned char peer[NOBS_CSIDHX_PUBLIC_KEY_SIZE],
		    const unsigned char want_ss[NOBS_CSIDHX_PUBLIC_KEY_SIZE], int id)
{
	unsigned long long seed = 7 + id;
	struct nobs_csidh_env env = { csidh_test_random, NULL, &seed };
	unsigned char out[NOBS_CSIDHX_PUBLIC_KEY_SIZE];
	char what[96];
	const char *name;
	int i;

	for (i = 0; i < 3; i++) {
		if (i && !nobs_test_have_fp_asm())
			break;
		name = nobs_test_fp_select(i != 0);
#if defined(NOBS_FP_VEC_NAME) && !defined(TEST_CSIDH1024)
		if (i == 2) {
			if (!nobs_fp_vec_name())
				break;
			nobs_fp_vec_flag = false;
			name = "asm without vector code";
		} else if (i == 1 && nobs_fp_vec_name()) {
			name = nobs_fp_vec_name();
		}
#else
		if (i == 2)
			break;
#endif
		snprintf(what, sizeof(what),
			 "key %d: %s public key = oracle's (%s)", id, T_NAME,
			 name);
		check(!NOBS_CSIDHX(public_key)(out, sk, &env, &t_ws) &&
		      !memcmp(out, want_pk, NOBS_CSIDHX_PUBLIC_KEY_SIZE), what, id);
		if (!peer)
			continue;
		snprintf(what, sizeof(what),
			 "key %d: %s shared secret = oracle's (%s)", id, T_NAME,
			 name);
		check(!NOBS_CSIDHX(shared_secret)(out, sk, peer, &env, &t_ws) &&
		      !memcmp(out, want_ss, NOBS_CSIDHX_PUBLIC_KEY_SIZE), what, id);
	}
}

int main(int argc, char **argv)
{
	unsigned char sk[NOBS_CSIDHX_PRIVATE_KEY_SIZE], pk[NOBS_CSIDHX_PUBLIC_KEY_SIZE], prev[NOBS_CSIDHX_PUBLIC_KEY_SIZE], ss[NOBS_CSIDHX_PUBLIC_KEY_SIZE];
	const char *env = getenv("NOBS_SEED");
	unsigned long long seed = env ? strtoull(env, NULL, 0) : 0, kseed;
	int keys = O_KEYS, nvec = O_VECS, e[NOBS_CSIDHX_PRIMES], i, j, have_prev = 0;
	FILE *f;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-k") && i + 1 < argc)
			keys = atoi(argv[++i]);
		else if (!strcmp(argv[i], "-v") && i + 1 < argc)
			nvec = atoi(argv[++i]);
	}
	if (!seed) {
		f = fopen("/dev/urandom", "rb");
		if (!f || fread(&seed, sizeof(seed), 1, f) != 1)
			seed = 1;
		if (f)
			fclose(f);
	}
	printf("%s: fresh keys from NOBS_SEED=%llu\n", T_NAME, seed);
	o_setup((unsigned long)seed);
	kseed = seed;

	oracle_vectors(nvec);

	/* 2. the extreme keys, then fresh uniform ones */
	for (j = 0; j < keys + 2; j++) {
		for (i = 0; i < NOBS_CSIDHX_PRIMES; i++) {
			unsigned char b;

			if (j < 2) {
				e[i] = j ? -NOBS_CSIDHX_MAX_EXPONENT : NOBS_CSIDHX_MAX_EXPONENT;
				continue;
			}
			do
				csidh_test_random(&kseed, &b, 1);
			while ((b & 0xf) > 2 * NOBS_CSIDHX_MAX_EXPONENT);
			e[i] = (b & 0xf) - NOBS_CSIDHX_MAX_EXPONENT;
		}
		o_encode_key(sk, e);
		o_public_key(pk, sk);
		if (have_prev)
			o_shared(ss, sk, prev);
		core_vs(sk, pk, have_prev ? prev : NULL, ss, j);
		memcpy(prev, pk, NOBS_CSIDHX_PUBLIC_KEY_SIZE);
		have_prev = 1;
		fflush(stdout);
	}
	check(!supersingular_fails, "oracle: every codomain supersingular",
	      supersingular_fails);
	printf("%s: %d keys (2 extreme, %d fresh) against the oracle\n",
	       T_NAME, keys + 2, keys);
	printf("SUITE: %d passed, %d failed, %d skipped\n",
	       passed, failed, skipped);
	return failed ? 1 : 0;
}
