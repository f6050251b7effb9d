// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_fp: GF(p) arithmetic of CSIDH-512 (isogeny/fp512.c), or with
 * -DFUZZ_FP1024 (fuzz_fp1024) of CSIDH-1024 (isogeny/fp1024.c), generic C
 * and this machine's assembly, against GMP on fuzzer-chosen operands.
 *
 * p is rebuilt here from the small primes (a sieve, not fp.c's
 * constants); an element's limbs A stand for A / R mod p (R = 2^512 or
 * 2^1024).  Inputs: a selector byte, two element-sized strings and an
 * element-sized exponent.  from_bytes must accept exactly the values
 * below p; values at or above p are then reduced with GMP to feed the
 * arithmetic.  Every operation runs under both dispatch choices and is
 * compared limb for limb with mpz.
 *
 * Two targets per field from this file: fuzz_fp (fuzz_fp1024), everything
 * but the exponentiations (thousands of inputs a second), and fuzz_fp_exp
 * (fuzz_fp1024_exp; FUZZ_FP_EXP), which adds inv, is_square and pow to
 * every input (hundreds of field multiplications each, so a few hundred
 * inputs a second).
 */
#include <gmp.h>
#include "fuzz_input.h"
#include "csidh_prime.h"
#include "fp_cpu.h"

#ifdef FUZZ_FP1024
#include "isogeny/fp1024.h"
#define NOBS_FPX(name)	nobs_fp1024_##name
#define NOBS_FPX_T		nobs_fp1024
#define NOBS_FPX_LIMBS	NOBS_FP1024_LIMBS
/* p = 4 * (the odd primes up to 733) * 983 - 1 */
#define FF_LAST_SIEVED	733
#define FF_EXTRA_PRIME	983
#else
#include "isogeny/fp512.h"
#define NOBS_FPX(name)	nobs_fp512_##name
#define NOBS_FPX_T		nobs_fp512
#define NOBS_FPX_LIMBS	NOBS_FP512_LIMBS
/* p = 4 * (the odd primes up to 373) * 587 - 1 */
#define FF_LAST_SIEVED	373
#define FF_EXTRA_PRIME	587
#endif
#define FF_BYTES	(8 * NOBS_FPX_LIMBS)

static mpz_t P, R, RINV, x, y, z, w;

static void setup(void)
{
	mpz_inits(P, R, RINV, x, y, z, w, NULL);
	csidh_test_prime(P, FF_LAST_SIEVED, FF_EXTRA_PRIME);
	mpz_setbit(R, 64 * NOBS_FPX_LIMBS);
	mpz_mod(R, R, P);
	mpz_invert(RINV, R, P);
}

static void from_mpz(struct NOBS_FPX_T *a, const mpz_t v)
{
	size_t n = 0;

	memset(a, 0, sizeof(*a));
	mpz_export(a->limb, &n, -1, 8, 0, 0, v);
}

static void to_mpz(mpz_t v, const struct NOBS_FPX_T *a)
{
	mpz_import(v, NOBS_FPX_LIMBS, -1, 8, 0, 0, a->limb);
}

static void bytes_to_mpz(mpz_t v, const uint8_t *b)
{
	mpz_import(v, FF_BYTES, -1, 1, 0, 0, b);
}

/* r must have the limbs of v (a value in [0, p)). */
static void expect(const struct NOBS_FPX_T *r, const mpz_t v, const char *what,
		   int impl)
{
	struct NOBS_FPX_T e;

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
	uint8_t ab[FF_BYTES] = { 0 }, bb[FF_BYTES] = { 0 };
	u64 e[NOBS_FPX_LIMBS] = { 0 };
	struct NOBS_FPX_T a, b, r, s, t;
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
	err = NOBS_FPX(from_bytes)(&a, ab);
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
	FUZZ_ASSERT(NOBS_FPX(eq)(&r, &s) == !memcmp(ab, bb, sizeof(ab)), "eq");
	bytes_to_mpz(z, ab);
	FUZZ_ASSERT(NOBS_FPX(is_zero)(&r) == !mpz_sgn(z), "is_zero");
	NOBS_FPX(cswap)(&r, &s, bit);
	FUZZ_ASSERT(!memcmp(&r, bit ? bb : ab, sizeof(r)) &&
		    !memcmp(&s, bit ? ab : bb, sizeof(s)), "cswap %llu",
		    (unsigned long long)bit);
	memcpy(&r, ab, sizeof(r));
	memcpy(&s, bb, sizeof(s));
	NOBS_FPX(cmov)(&r, &s, bit);
	FUZZ_ASSERT(!memcmp(&r, bit ? bb : ab, sizeof(r)), "cmov");

	for (impl = 0; impl < 2; impl++) {
		nobs_test_fp_select(impl);

		NOBS_FPX(add)(&r, &a, &b);
		mpz_add(z, x, y);
		mpz_mod(z, z, P);
		expect(&r, z, "add", impl);
		NOBS_FPX(sub)(&r, &a, &b);
		mpz_sub(z, x, y);
		mpz_mod(z, z, P);
		expect(&r, z, "sub", impl);
		NOBS_FPX(neg)(&r, &a);
		mpz_neg(z, x);
		mpz_mod(z, z, P);
		expect(&r, z, "neg", impl);

		mpz_mul(z, x, y);
		mpz_mul(z, z, RINV);
		mpz_mod(z, z, P);
		NOBS_FPX(mul)(&r, &a, &b);
		expect(&r, z, "mul", impl);
		NOBS_FPX(mul_generic)(&r, &a, &b);
		expect(&r, z, "mul_generic", impl);
#ifdef NOBS_FP_ASM_NAME
		NOBS_FPX(mul_asm)(&r, &a, &b);
		expect(&r, z, "mul_asm", impl);
		t = a;		/* aliasing: r == a */
		NOBS_FPX(mul_asm)(&t, &t, &b);
		expect(&t, z, "mul_asm aliased", impl);
#endif
		t = a;
		NOBS_FPX(mul)(&t, &t, &b);
		expect(&t, z, "mul aliased", impl);

		mpz_mul(z, x, x);
		mpz_mul(z, z, RINV);
		mpz_mod(z, z, P);
		NOBS_FPX(sqr)(&r, &a);
		expect(&r, z, "sqr", impl);
		t = a;
		NOBS_FPX(sqr)(&t, &t);
		expect(&t, z, "sqr aliased", impl);

		/* value-level: w = x / R is the field element a stands for */
		mpz_mul(w, x, RINV);
		mpz_mod(w, w, P);
#ifdef FUZZ_FP_EXP
		NOBS_FPX(inv)(&r, &a);
		if (mpz_sgn(w)) {
			mpz_invert(z, w, P);
			mont(z, z);
		} else {
			mpz_set_ui(z, 0);
		}
		expect(&r, z, "inv", impl);
		FUZZ_ASSERT(NOBS_FPX(is_square)(&a) ==
			    (mpz_legendre(w, P) >= 0), "is_square (%u)", impl);
		if (!(sel & 0x40)) {
			mpz_import(z, NOBS_FPX_LIMBS, -1, 8, 0, 0, e);
			mpz_powm(z, w, z, P);
			mont(z, z);
			NOBS_FPX(pow)(&r, &a, e);
			expect(&r, z, "pow", impl);
		}
#endif /* the exponentiations: fuzz_fp_exp only */

		NOBS_FPX(from_mont)(&r, &a);
		expect(&r, w, "from_mont", impl);
		NOBS_FPX(to_mont)(&r, &a);
		mont(z, x);
		expect(&r, z, "to_mont", impl);
		memcpy(&v64, bb, sizeof(v64));
		NOBS_FPX(set_u64)(&r, v64);
		mpz_import(z, 1, -1, 8, 0, 0, &v64);
		mpz_mod(z, z, P);
		mont(z, z);
		expect(&r, z, "set_u64", impl);
	}

	NOBS_FPX(to_bytes)(ab, &a);
	to_mpz(z, &a);
	bytes_to_mpz(w, ab);
	FUZZ_ASSERT(!mpz_cmp(z, w), "to_bytes");
	return 0;
}
