// SPDX-License-Identifier: GPL-2.0
/*
 * The CSIDH-1024 key encodings (isogeny/csidh1024_keys.c) against the 32
 * vectors of $NOBS_VECTORS/csidh/csidh1024_testvectors.dat (made with the
 * CSIDH reference's p1024 code) and GMP:
 *
 * - every private key (Pr1) decodes to 130 exponents in [-2, 2] that
 *   match the nibbles read here, and encodes back to the same bytes;
 * - every public key (Pk1, Pk2) decodes if and only if GMP finds A < p
 *   and A != +-2 (Montgomery form, p from a sieve), and encodes back;
 *   the valid vectors' keys are all in range, and so are the invalid
 *   ones' (the reference refuses those for supersingularity, which is the
 *   group action's check, not these functions');
 * - edge cases: A = 0, p - 1, p, R - 1, +-2 in Montgomery form; every
 *   nibble value at each position of a private key.
 *
 * Vectors: $NOBS_VECTORS, else build/vectors (tests/vectors, unpacked).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gmp.h>

#include "isogeny/csidh1024_keys.h"
#include "csidh_prime.h"
#include "vectors_json.h"

#define SK	NOBS_CSIDH1024_PRIVATE_KEY_SIZE
#define PK	NOBS_CSIDH1024_PUBLIC_KEY_SIZE
#define NE	NOBS_CSIDH1024_PRIMES

static mpz_t P, R, X;

/* Whether GMP takes pk for a usable curve coefficient: A < p, A != +-2. */
static int want_public_ok(const u8 pk[PK])
{
	mpz_t two;
	int ok;

	mpz_import(X, PK, -1, 1, 0, 0, pk);
	if (mpz_cmp(X, P) >= 0)
		return 0;
	mpz_init_set_ui(two, 2);
	mpz_mul(two, two, R);
	mpz_mod(two, two, P);			/* 2 R mod p */
	ok = mpz_cmp(X, two);
	mpz_sub(two, P, two);			/* -2 R mod p */
	ok = ok && mpz_cmp(X, two);
	mpz_clear(two);
	return ok;
}

static void public_key(const u8 pk[PK], const char *what, int id)
{
	struct nobs_fp1024 a;
	u8 back[PK];
	int want = want_public_ok(pk), err;
	char name[96];

	memset(&a, 0xa5, sizeof(a));
	err = nobs_csidh1024_decode_public_key(&a, pk);
	snprintf(name, sizeof(name), "%s: decode %s", what,
		 want ? "accepts" : "refuses (-EINVAL, A zeroed)");
	if (want) {
		check(err == 0, name, id);
		nobs_csidh1024_encode_public_key(back, &a);
		snprintf(name, sizeof(name), "%s: encode(decode) round trip",
			 what);
		check(!memcmp(back, pk, PK), name, id);
	} else {
		check(err == -EINVAL && nobs_fp1024_is_zero(&a), name, id);
	}
}

/* The reference's nibble, read here as it documents it. */
static int nibble(const u8 sk[SK], int i)
{
	int v = (sk[i / 2] >> (i % 2 ? 0 : 4)) & 0xf;

	return v >= 8 ? v - 16 : v;
}

static void private_key(const u8 sk[SK], const char *what, int id)
{
	s8 e[NE];
	u8 back[SK];
	int i, in_range = 1, same = 1, err;
	char name[96];

	for (i = 0; i < NE; i++)
		in_range &= nibble(sk, i) >= -2 && nibble(sk, i) <= 2;
	err = nobs_csidh1024_decode_private_key(e, sk);
	snprintf(name, sizeof(name), "%s: decode %s", what,
		 in_range ? "accepts" : "refuses (-EINVAL)");
	check(err == (in_range ? 0 : -EINVAL), name, id);
	for (i = 0; i < NE; i++)
		same &= e[i] == nibble(sk, i);
	snprintf(name, sizeof(name), "%s: exponents", what);
	check(same, name, id);
	if (in_range) {
		nobs_csidh1024_encode_private_key(back, e);
		snprintf(name, sizeof(name), "%s: encode(decode) round trip",
			 what);
		check(!memcmp(back, sk, SK), name, id);
	}
}

static void edge_cases(void)
{
	u8 pk[PK], sk[SK];
	int i, v, p0, f0;
	size_t n;

	memset(pk, 0, PK);
	public_key(pk, "A = 0 (the base curve)", -1);
	check(want_public_ok(pk), "A = 0 is in range", -1);
	memset(pk, 0xff, PK);
	public_key(pk, "A = 2^1024 - 1", -1);
	for (i = -1; i <= 1; i++) {		/* p - 1, p, p + 1 */
		if (i < 0)
			mpz_sub_ui(X, P, 1);
		else
			mpz_add_ui(X, P, i);
		memset(pk, 0, PK);
		mpz_export(pk, &n, -1, 1, 0, 0, X);
		public_key(pk, "A = p - 1, p, p + 1", i);
	}
	for (i = -2; i <= 2; i += 4) {		/* +-2 in Montgomery form */
		mpz_mul_si(X, R, i);
		mpz_mod(X, X, P);
		memset(pk, 0, PK);
		mpz_export(pk, &n, -1, 1, 0, 0, X);
		check(!want_public_ok(pk), "+-2 R mod p out by GMP", i);
		public_key(pk, "A = +-2", i);
	}
	/* every nibble value at every position, the others zero: one result */
	p0 = passed;
	f0 = failed;
	for (i = 0; i < NE; i++) {
		for (v = -8; v <= 7; v++) {
			memset(sk, 0, SK);
			sk[i / 2] = (u8)((v & 0xf) << (i % 2 ? 0 : 4));
			private_key(sk, "one nibble set", i * 16 + v + 8);
		}
	}
	v = failed == f0;
	passed = p0;
	failed = f0;
	check(v, "private keys with one nibble of each value at each place",
	      -1);
}

static void vectors(const char *text)
{
	const char *obj = strstr(text, "\"Vectors\""), *end;
	u8 pk[PK], sk[SK];
	int n = 0, id;

	for (; obj && (obj = strchr(obj + 1, '{')); obj = end) {
		end = strchr(obj, '}');
		if (!end)
			break;
		id = n++;
		check(!unhex(sk, SK, obj, end, "Pr1"), "Pr1: 65 hex bytes", id);
		private_key(sk, "Pr1", id);
		check(!unhex(pk, PK, obj, end, "Pk1"), "Pk1: 128 hex bytes", id);
		check(want_public_ok(pk), "Pk1 in range (GMP)", id);
		public_key(pk, "Pk1", id);
		check(!unhex(pk, PK, obj, end, "Pk2"), "Pk2: 128 hex bytes", id);
		public_key(pk, "Pk2", id);
	}
	check(n == 32, "32 vectors", n);
	printf("csidh1024 keys: %d vectors\n", n);
}

int main(void)
{
	const char *dir = getenv("NOBS_VECTORS");
	char path[4096], *text;

	mpz_inits(P, R, X, NULL);
	check(csidh_test_prime(P, 733, 983) == NE, "130 primes", -1);
	check(mpz_sizeinbase(P, 2) == 1020, "p has 1020 bits", -1);
	mpz_setbit(R, 1024);
	edge_cases();

	snprintf(path, sizeof(path), "%s/csidh/csidh1024_testvectors.dat",
		 dir ? dir : NOBS_ROOT "/build/vectors");
	text = slurp(path);
	if (!text) {
		printf("SKIP: csidh1024 vectors: %s not readable\n", path);
		skipped++;
	} else {
		vectors(text);
		free(text);
	}
	mpz_clears(P, R, X, NULL);
	printf("SUITE: %d passed, %d failed, %d skipped\n", passed, failed,
	       skipped);
	return failed ? 1 : 0;
}
