// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_fp: GF(p) arithmetic of CSIDH-512 (isogeny/fp.c, generic C and this
 * machine's assembly) against GMP, on fuzzer-chosen operands.
 *
 * p is rebuilt here from the 74 small primes (not from fp.c's constants);
 * an element's limbs A stand for A / 2^512 mod p.  Inputs: two 64-byte
 * strings and a 64-byte exponent.  nobs_fp_from_bytes() must accept
 * exactly the values below p; values at or above p are then reduced with
 * GMP to feed the arithmetic.  Every operation runs under both dispatch
 * choices and is compared limb for limb with mpz.
 *
 * Two targets from this file: fuzz_fp, everything but the exponentiations
 * (thousands of inputs a second), and fuzz_fp_exp (FUZZ_FP_EXP), which
 * adds inv, is_square and pow to every input (about 500 field
 * multiplications each, so a few hundred inputs a second).
 */
#include <gmp.h>
#include "fuzz_input.h"
#include "isogeny/fp.h"

static const unsigned int small_primes[] = {
	3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67,
	71, 73, 79, 83, 89, 97, 101, 103, 107, 109, 113, 127, 131, 137, 139,
	149, 151, 157, 163, 167, 173, 179, 181, 191, 193, 197, 199, 211, 223,
	227, 229, 233, 239, 241, 251, 257, 263, 269, 271, 277, 281, 283, 293,
	307, 311, 313, 317, 331, 337, 347, 349, 353, 359, 367, 373, 587,
};

static mpz_t P, R, RINV, x, y, z, w;

static void setup(void)
{
	unsigned int i;

	mpz_inits(P, R, RINV, x, y, z, w, NULL);
	mpz_set_ui(P, 4);
	for (i = 0; i < sizeof(small_primes) / sizeof(small_primes[0]); i++)
		mpz_mul_ui(P, P, small_primes[i]);
	mpz_sub_ui(P, P, 1);
	mpz_setbit(R, 512);
	mpz_mod(R, R, P);
	mpz_invert(RINV, R, P);
}

static void from_mpz(struct nobs_fp *a, const mpz_t v)
{
	size_t n = 0;

	memset(a, 0, sizeof(*a));
	mpz_export(a->limb, &n, -1, 8, 0, 0, v);
}

static void to_mpz(mpz_t v, const struct nobs_fp *a)
{
	mpz_import(v, NOBS_FP_LIMBS, -1, 8, 0, 0, a->limb);
}

static void bytes_to_mpz(mpz_t v, const uint8_t *b)
{
	mpz_import(v, NOBS_FP_BYTES, -1, 1, 0, 0, b);
}

/* r must have the limbs of v (a value in [0, p)). */
static void expect(const struct nobs_fp *r, const mpz_t v, const char *what,
		   int impl)
{
	struct nobs_fp e;

	from_mpz(&e, v);
	FUZZ_ASSERT(!memcmp(&e, r, sizeof(e)), "%s (%s)", what,
		    impl ? "asm" : "generic");
}

/* Montgomery element of the field value v. */
static void mont(mpz_t out, const mpz_t v)
{
	mpz_mul(out, v, R);
	mpz_mod(out, out, P);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int ready;
	struct fuzz_in in = { data, size };
	uint8_t ab[NOBS_FP_BYTES] = { 0 }, bb[NOBS_FP_BYTES] = { 0 };
	u64 e[NOBS_FP_LIMBS] = { 0 };
	struct nobs_fp a, b, r, s, t;
	unsigned int sel, impl;
	int err;
	u64 bit, v64;

	if (!ready) {
		setup();
		ready = 1;
	}
	sel = fuzz_u8(&in);
	fuzz_bytes(&in, ab, sizeof(ab));
	fuzz_bytes(&in, bb, sizeof(bb));
	fuzz_bytes(&in, (uint8_t *)e, sizeof(e));
	bit = sel >> 7;

	/* The range check: accept exactly [0, p). */
	bytes_to_mpz(x, ab);
	err = nobs_fp_from_bytes(&a, ab);
	FUZZ_ASSERT(!err == (mpz_cmp(x, P) < 0), "from_bytes range: %d", err);
	if (!err)
		expect(&a, x, "from_bytes", 0);
	mpz_mod(x, x, P);
	from_mpz(&a, x);
	bytes_to_mpz(y, bb);
	mpz_mod(y, y, P);
	from_mpz(&b, y);

	/* Any limbs: eq, is_zero, cswap, cmov are plain limb operations. */
	memcpy(&r, ab, sizeof(r));
	memcpy(&s, bb, sizeof(s));
	FUZZ_ASSERT(nobs_fp_eq(&r, &s) == !memcmp(ab, bb, sizeof(ab)), "eq");
	bytes_to_mpz(z, ab);
	FUZZ_ASSERT(nobs_fp_is_zero(&r) == !mpz_sgn(z), "is_zero");
	nobs_fp_cswap(&r, &s, bit);
	FUZZ_ASSERT(!memcmp(&r, bit ? bb : ab, sizeof(r)) &&
		    !memcmp(&s, bit ? ab : bb, sizeof(s)), "cswap %llu",
		    (unsigned long long)bit);
	memcpy(&r, ab, sizeof(r));
	memcpy(&s, bb, sizeof(s));
	nobs_fp_cmov(&r, &s, bit);
	FUZZ_ASSERT(!memcmp(&r, bit ? bb : ab, sizeof(r)), "cmov");

	for (impl = 0; impl < 2; impl++) {
		nobs_fp_select(impl);

		nobs_fp_add(&r, &a, &b);
		mpz_add(z, x, y);
		mpz_mod(z, z, P);
		expect(&r, z, "add", impl);
		nobs_fp_sub(&r, &a, &b);
		mpz_sub(z, x, y);
		mpz_mod(z, z, P);
		expect(&r, z, "sub", impl);
		nobs_fp_neg(&r, &a);
		mpz_neg(z, x);
		mpz_mod(z, z, P);
		expect(&r, z, "neg", impl);

		mpz_mul(z, x, y);
		mpz_mul(z, z, RINV);
		mpz_mod(z, z, P);
		nobs_fp_mul(&r, &a, &b);
		expect(&r, z, "mul", impl);
		nobs_fp_mul_generic(&r, &a, &b);
		expect(&r, z, "mul_generic", impl);
#ifdef NOBS_FP_ASM_NAME
		nobs_fp_mul_asm(&r, &a, &b);
		expect(&r, z, "mul_asm", impl);
		t = a;		/* aliasing: r == a */
		nobs_fp_mul_asm(&t, &t, &b);
		expect(&t, z, "mul_asm aliased", impl);
#endif
		t = a;
		nobs_fp_mul(&t, &t, &b);
		expect(&t, z, "mul aliased", impl);

		mpz_mul(z, x, x);
		mpz_mul(z, z, RINV);
		mpz_mod(z, z, P);
		nobs_fp_sqr(&r, &a);
		expect(&r, z, "sqr", impl);
		t = a;
		nobs_fp_sqr(&t, &t);
		expect(&t, z, "sqr aliased", impl);

		/* value-level: w = x / R is the field element a stands for */
		mpz_mul(w, x, RINV);
		mpz_mod(w, w, P);
#ifdef FUZZ_FP_EXP
		nobs_fp_inv(&r, &a);
		if (mpz_sgn(w)) {
			mpz_invert(z, w, P);
			mont(z, z);
		} else {
			mpz_set_ui(z, 0);
		}
		expect(&r, z, "inv", impl);
		FUZZ_ASSERT(nobs_fp_is_square(&a) ==
			    (mpz_legendre(w, P) >= 0), "is_square (%u)", impl);
		if (!(sel & 0x40)) {
			mpz_import(z, NOBS_FP_LIMBS, -1, 8, 0, 0, e);
			mpz_powm(z, w, z, P);
			mont(z, z);
			nobs_fp_pow(&r, &a, e);
			expect(&r, z, "pow", impl);
		}
#endif /* the exponentiations: fuzz_fp_exp only */

		nobs_fp_from_mont(&r, &a);
		expect(&r, w, "from_mont", impl);
		nobs_fp_to_mont(&r, &a);
		mont(z, x);
		expect(&r, z, "to_mont", impl);
		memcpy(&v64, bb, sizeof(v64));
		nobs_fp_set_u64(&r, v64);
		mpz_import(z, 1, -1, 8, 0, 0, &v64);
		mpz_mod(z, z, P);
		mont(z, z);
		expect(&r, z, "set_u64", impl);
	}

	nobs_fp_to_bytes(ab, &a);
	to_mpz(z, &a);
	bytes_to_mpz(w, ab);
	FUZZ_ASSERT(!mpz_cmp(z, w), "to_bytes");
	return 0;
}
