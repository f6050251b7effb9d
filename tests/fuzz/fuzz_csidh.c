// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_csidh: CSIDH-512 public-key validation (and derive) on fuzzer-made
 * public keys (fuzz_csidh1024: CSIDH-1024, -DFUZZ_CSIDH1024).  Never
 * crash; never accept an invalid key; never refuse a valid one.
 *
 * Oracle, independent of isogeny/ (GMP, p rebuilt from the small primes):
 *  - a key >= p, or A = +-2 (singular), must be refused;
 *  - otherwise y^2 = x^3 + A x^2 + x is supersingular iff it (and so its
 *    twist) has p + 1 points.  Here: an x-only Montgomery ladder computes
 *    [p + 1] (x : 1) for two x; both give the point at infinity on a
 *    supersingular curve (every x lies on E or on its twist), and on an
 *    ordinary curve this happens only with negligible probability.  nobs
 *    (which instead looks for a point of large order dividing p + 1 from
 *    fixed x) must agree.
 * When a key is accepted, a shared secret with a fuzzer-chosen private key
 * is derived (slow: FUZZ_CSIDH_DERIVES per process, default 1) and must
 * validate again, by nobs and by the oracle.  On refused keys, NOBS_CSIDHX(shared_secret)(, &t_ws) must
 * refuse too and write zeros.  Private keys: NOBS_CSIDHX(check_private_key)()
 * against a nibble decoder written here, and NOBS_CSIDHX(public_key)(, &t_ws) must
 * refuse a malformed one and write zeros.
 *
 * Two targets from this file: fuzz_csidh, every kind of key (a key below p
 * costs up to 32 order computations: about a hundred inputs a second), and
 * fuzz_csidh_refused (FUZZ_CSIDH_REFUSED), only keys that validation must
 * refuse before any curve arithmetic (at or above p, A = +-2), with the
 * private-key checks: thousands a second.
 */
#include <gmp.h>
#include "fuzz_input.h"
#include "csidh_test_rng.h"
#ifdef FUZZ_CSIDH1024
#define TEST_CSIDH1024
#endif
#include "csidh_param.h"

/* derives per process (about 3 s each under ASan): FUZZ_CSIDH_DERIVES */
static unsigned int max_derives = 1;

/* the bits of the encodings: A < 2^BITS, R = 2^BITS */
#define BITS	(8 * NOBS_CSIDHX_PUBLIC_KEY_SIZE)

#ifdef FUZZ_CSIDH1024
/* the odd primes up to 733, and 983 (made in setup()) */
static unsigned int small_primes[NOBS_CSIDHX_PRIMES];
#else
static const unsigned int small_primes[] = {
	3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67,
	71, 73, 79, 83, 89, 97, 101, 103, 107, 109, 113, 127, 131, 137, 139,
	149, 151, 157, 163, 167, 173, 179, 181, 191, 193, 197, 199, 211, 223,
	227, 229, 233, 239, 241, 251, 257, 263, 269, 271, 277, 281, 283, 293,
	307, 311, 313, 317, 331, 337, 347, 349, 353, 359, 367, 373, 587,
};
#endif

static mpz_t P, P1, RINV, A, a24, X0, Z0, X1, Z1, t0, t1, t2, t3;
static unsigned int derives;

static void setup(void)
{
	unsigned int i;

	mpz_inits(P, P1, RINV, A, a24, X0, Z0, X1, Z1, t0, t1, t2, t3, NULL);
#ifdef FUZZ_CSIDH1024
	{
		unsigned int l, q, n = 0;

		for (l = 3; l <= 733; l += 2) {
			for (q = 3; q * q <= l && l % q; q += 2)
				;
			if (q * q > l)
				small_primes[n++] = l;
		}
		small_primes[n++] = 983;
		if (n != NOBS_CSIDHX_PRIMES)
			abort();
	}
#endif
	mpz_set_ui(P, 4);
	for (i = 0; i < sizeof(small_primes) / sizeof(small_primes[0]); i++)
		mpz_mul_ui(P, P, small_primes[i]);
	mpz_sub_ui(P, P, 1);
	mpz_add_ui(P1, P, 1);
	mpz_setbit(RINV, BITS);
	mpz_invert(RINV, RINV, P);
}

static void md(mpz_t r, const mpz_t a, const mpz_t b)
{
	mpz_mul(r, a, b);
	mpz_mod(r, r, P);
}

/* [p + 1] (x : 1) on y^2 = x^3 + A x^2 + x is the point at infinity. */
static int order_divides_p1(unsigned long x)
{
	int i;

	/* a24 = (A + 2) / 4 */
	mpz_add_ui(a24, A, 2);
	mpz_set_ui(t0, 4);
	mpz_invert(t0, t0, P);
	md(a24, a24, t0);
	/* R0 = infinity (1 : 0), R1 = P (x : 1) */
	mpz_set_ui(X0, 1);
	mpz_set_ui(Z0, 0);
	mpz_set_ui(X1, x);
	mpz_set_ui(Z1, 1);
	for (i = mpz_sizeinbase(P1, 2) - 1; i >= 0; i--) {
		int bit = mpz_tstbit(P1, i);

		if (bit) {	/* swap so the code below doubles R0 */
			mpz_swap(X0, X1);
			mpz_swap(Z0, Z1);
		}
		/* R1 = R0 + R1 (difference (x : 1)) */
		mpz_sub(t0, X0, Z0);
		mpz_add(t1, X1, Z1);
		md(t0, t0, t1);			/* (X0 - Z0)(X1 + Z1) */
		mpz_add(t1, X0, Z0);
		mpz_sub(t2, X1, Z1);
		md(t1, t1, t2);			/* (X0 + Z0)(X1 - Z1) */
		mpz_add(t2, t0, t1);
		md(X1, t2, t2);			/* Z(x) = 1 */
		mpz_sub(t2, t0, t1);
		md(t2, t2, t2);
		mpz_mul_ui(Z1, t2, x);
		mpz_mod(Z1, Z1, P);
		/* R0 = 2 R0 */
		mpz_add(t0, X0, Z0);
		md(t0, t0, t0);
		mpz_sub(t1, X0, Z0);
		md(t1, t1, t1);
		md(X0, t0, t1);
		mpz_sub(t2, t0, t1);
		md(t3, a24, t2);
		mpz_add(t3, t3, t1);
		md(Z0, t2, t3);
		if (bit) {
			mpz_swap(X0, X1);
			mpz_swap(Z0, Z1);
		}
	}
	return mpz_sgn(Z0) == 0;
}

/* Independent decoding of the private key: signed nibbles in [-max, max]. */
static int sk_ok(const uint8_t *sk)
{
	int i, v;

	for (i = 0; i < NOBS_CSIDHX_PRIMES; i++) {
		v = i % 2 ? sk[i / 2] & 0xf : sk[i / 2] >> 4;
		if (v >= 8)
			v -= 16;
		if (v < -NOBS_CSIDHX_MAX_EXPONENT || v > NOBS_CSIDHX_MAX_EXPONENT)
			return 0;
	}
	return 1;
}

/* The oracle's verdict on the key in pk (A < 2^BITS, Montgomery form). */
static int oracle_valid(const uint8_t *pk, unsigned long x)
{
	mpz_import(A, NOBS_CSIDHX_PUBLIC_KEY_SIZE, -1, 1, 0, 0, pk);
	if (mpz_cmp(A, P) >= 0)
		return 0;
	md(A, A, RINV);		/* the curve coefficient itself */
	mpz_add_ui(t0, A, 2);
	mpz_sub_ui(t1, A, 2);
	if (!mpz_cmp(t0, P) || !mpz_sgn(t1))
		return 0;
	return order_divides_p1(x) && order_divides_p1(7);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int ready;
	static const uint8_t zero[NOBS_CSIDHX_PUBLIC_KEY_SIZE];
	struct fuzz_in in = { data, size };
	uint8_t pk[NOBS_CSIDHX_PUBLIC_KEY_SIZE] = { 0 }, sk[NOBS_CSIDHX_PRIVATE_KEY_SIZE] = { 0 }, ss[NOBS_CSIDHX_PUBLIC_KEY_SIZE];
	unsigned long long seed = 1;
	struct nobs_csidh_env env = { csidh_test_random, NULL, &seed };
	unsigned int sel, i;
	unsigned long x;
	int err, want;
	size_t n;

	if (!ready) {
		const char *e = getenv("FUZZ_CSIDH_DERIVES");

		setup();
		if (e)
			max_derives = (unsigned int)atoi(e);
		ready = 1;
	}
	sel = fuzz_u8(&in);
	fuzz_bytes(&in, pk, sizeof(pk));
	x = 3 + fuzz_u16(&in);
	fuzz_bytes(&in, sk, sizeof(sk));

#ifdef FUZZ_CSIDH_REFUSED
	if (!(sel & 3))
		sel |= 1;
#define A_CHOICES 2	/* +-2 only: the base curve costs a validation */
#else
#define A_CHOICES 3
#endif
	mpz_import(A, NOBS_CSIDHX_PUBLIC_KEY_SIZE, -1, 1, 0, 0, pk);
	switch (sel & 3) {
	case 1:	/* at or just above p */
		mpz_add_ui(A, P, pk[0]);
		break;
	case 3:	/* anywhere from p to 2^BITS - 1 */
		mpz_set_ui(t0, 0);
		mpz_setbit(t0, BITS);
		mpz_sub(t0, t0, P);
		mpz_mod(A, A, t0);
		mpz_add(A, A, P);
		break;
	case 2:	/* A = +-2 in Montgomery form, or 0 (the base curve) */
		mpz_set_si(A, pk[0] % A_CHOICES == 0 ? 2 :
			   pk[0] % A_CHOICES == 1 ? -2 : 0);
		mpz_set_ui(t0, 0);
		mpz_setbit(t0, BITS);
		mpz_mul(A, A, t0);
		mpz_mod(A, A, P);
		break;
	default:
		break;
	}
	if (sel & 3) {
		memset(pk, 0, sizeof(pk));
		mpz_export(pk, &n, -1, 1, 0, 0, A);
	}

	err = NOBS_CSIDHX(validate)(pk, &env, &t_ws);
	FUZZ_ASSERT(!err || err == -EINVAL, "validate: %d", err);
	want = oracle_valid(pk, x);
	FUZZ_ASSERT((err == 0) == want, "validate %s a key the oracle %s",
		    err ? "refused" : "accepted", want ? "accepts" : "refuses");

	FUZZ_ASSERT((NOBS_CSIDHX(check_private_key)(sk) == 0) == sk_ok(sk),
		    "private key check");
	if (!sk_ok(sk)) {
		memset(ss, 0xee, sizeof(ss));
		FUZZ_ASSERT(NOBS_CSIDHX(public_key)(ss, sk, &env, &t_ws) == -EINVAL,
			    "public key of a malformed private key");
		FUZZ_ASSERT(!memcmp(ss, zero, sizeof(ss)), "pk not zeroed");
	}
	if (!sk_ok(sk))
		for (i = 0; i < sizeof(sk); i++)
			sk[i] = 0x11 * (i % 3);	/* exponents 0 and 1 */

	if (err && (sel & 0x0c) == 0) {
		memset(ss, 0xee, sizeof(ss));
		FUZZ_ASSERT(NOBS_CSIDHX(shared_secret)(ss, sk, pk, &env, &t_ws) == -EINVAL,
			    "derive accepted a refused key");
		FUZZ_ASSERT(!memcmp(ss, zero, sizeof(ss)), "not zeroed");
	}
	if (!err && derives < max_derives) {
		derives++;
		err = NOBS_CSIDHX(shared_secret)(ss, sk, pk, &env, &t_ws);
		FUZZ_ASSERT(!err, "derive on a valid key: %d", err);
		FUZZ_ASSERT(!NOBS_CSIDHX(validate)(ss, &env, &t_ws),
			    "shared secret does not validate");
		FUZZ_ASSERT(oracle_valid(ss, x),
			    "the oracle refuses the shared secret");
	}
	return 0;
}
