// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_ctidh512: CTIDH-512's private-key check on fuzzer-made keys
 * (fuzz_ctidh511, fuzz_ctidh1024, fuzz_ctidh2048: -DTEST_CTIDH511,
 * -DTEST_CTIDH1024, -DTEST_CTIDH2048).
 * Never crash; never accept a key outside the key space; never refuse
 * one inside it.
 *
 * Oracle, independent of isogeny/: the batches written out here from
 * docs/ctidh.md (high-ctidh's primes<b>.c), and a key (one int8_t
 * exponent a prime) is in the key space iff, for each batch, the sum of
 * |e_i| over its primes is at most its bound.  nobs_ctidh<b>_check_private_key()
 * must agree.  A refused key: public_key() and shared_secret() must
 * refuse it too (before any group action) and write zeros.  An accepted
 * key with a peer key at or above p (p rebuilt with GMP from the small
 * primes): shared_secret() must refuse the peer and write zeros.  The
 * peer keys below p (validation, the CSIDH rule of the same prime) are
 * fuzz_csidh's and fuzz_csidh1024's (ctidh2048's: tests/user's
 * test_ctidh2048, its refusals); no group action runs here, so
 * thousands of inputs a second.
 *
 * Input: a selector byte, the private key, the peer key.  The selector's
 * bits 0-2 shift every exponent right (arithmetically) by that many bits,
 * so that keys near the bounds, on both sides, are common.
 */
#include <gmp.h>
#include "fuzz_input.h"
#include "csidh_test_rng.h"

#include "ctidh_set.h"

/* the odd primes up to LMAX but SKIP (0: none), then LAST */
#if defined(TEST_CTIDH511)
#define LMAX		373
#define LAST		587
#define SKIP		0
#elif defined(TEST_CTIDH1024)
#define LMAX		733
#define LAST		983
#define SKIP		0
#elif defined(TEST_CTIDH2048)
#define LMAX		1459
#define LAST		3413
#define SKIP		5
#else
#define LMAX		373
#define LAST		587
#define SKIP		0
#endif

static mpz_t P, A;

/* p = 4 * (the odd primes up to LMAX but SKIP) * LAST - 1; the batches cover them */
static void setup(void)
{
	unsigned int l, q, n = 0, b, in_batches = 0;

	mpz_inits(P, A, NULL);
	mpz_set_ui(P, 4);
	for (l = 3; l <= LMAX; l += 2) {
		for (q = 3; q * q <= l && l % q; q += 2)
			;
		if (q * q > l && l != SKIP) {
			mpz_mul_ui(P, P, l);
			n++;
		}
	}
	mpz_mul_ui(P, P, LAST);
	mpz_sub_ui(P, P, 1);
	for (b = 0; b < BATCHES; b++)
		in_batches += size[b];
	if (n + 1 != SK_SIZE || in_batches != SK_SIZE ||
	    sizeof(bound) != sizeof(size))
		abort();
}

/* The oracle: every batch's L1 norm within its bound. */
static int sk_ok(const uint8_t *sk)
{
	unsigned int b, j, lo = 0;
	int sum;

	for (b = 0; b < BATCHES; b++) {
		sum = 0;
		for (j = lo; j < lo + size[b]; j++)
			sum += abs((int8_t)sk[j]);
		if (sum > bound[b])
			return 0;
		lo += size[b];
	}
	return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size_in)
{
	static int ready;
	static const uint8_t zero[PK_SIZE];
	struct fuzz_in in = { data, size_in };
	uint8_t sk[SK_SIZE] = { 0 }, pk[PK_SIZE] = { 0 }, out[PK_SIZE];
	unsigned long long seed = 1;
	struct nobs_csidh_env env = { csidh_test_random, NULL, &seed };
	unsigned int sel, i;
	int ok, err;

	if (!ready) {
		setup();
		ready = 1;
	}
	sel = fuzz_u8(&in);
	fuzz_bytes(&in, sk, sizeof(sk));
	fuzz_bytes(&in, pk, sizeof(pk));
	for (i = 0; i < sizeof(sk); i++)
		sk[i] = (uint8_t)((int8_t)sk[i] >> (sel & 7));

	ok = sk_ok(sk);
	err = CT(check_private_key)(sk);
	FUZZ_ASSERT(!err || err == -EINVAL, "check_private_key: %d", err);
	FUZZ_ASSERT((err == 0) == ok, "check_private_key %s a key the oracle %s",
		    err ? "refused" : "accepted", ok ? "accepts" : "refuses");
	if (!ok) {
		memset(out, 0xee, sizeof(out));
		FUZZ_ASSERT(CT(public_key)(out, sk, &env, &t_ws) == -EINVAL,
			    "public key of a refused private key");
		FUZZ_ASSERT(!memcmp(out, zero, sizeof(out)), "pk not zeroed");
		memset(out, 0xee, sizeof(out));
		FUZZ_ASSERT(CT(shared_secret)(out, sk, pk, &env, &t_ws) ==
			    -EINVAL, "shared secret of a refused private key");
		FUZZ_ASSERT(!memcmp(out, zero, sizeof(out)), "ss not zeroed");
		return 0;
	}
	mpz_import(A, sizeof(pk), -1, 1, 0, 0, pk);
	if (mpz_cmp(A, P) >= 0) {
		memset(out, 0xee, sizeof(out));
		FUZZ_ASSERT(CT(shared_secret)(out, sk, pk, &env, &t_ws) ==
			    -EINVAL, "shared secret with a peer key >= p");
		FUZZ_ASSERT(!memcmp(out, zero, sizeof(out)), "ss not zeroed");
	}
	return 0;
}
