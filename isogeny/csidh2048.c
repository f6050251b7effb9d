// SPDX-License-Identifier: GPL-2.0
/*
 * The CSIDH engine's public-key validation over CTIDH-2048's prime (the
 * templates csidh_curve_tmpl.c and csidh_validate_tmpl.c, which have the
 * algorithm and its documentation), for ctidh2048.c: a validating set
 * (NOBS_CSIDHX_VALIDATE_ONLY), without the group action and its tables.
 */
#include "csidh2048.h"

#define NOBS_CSIDHX(name)		nobs_csidh2048_##name
#define NOBS_CSIDHX_VALIDATE_ONLY
#define NOBS_CSIDHX_PRIMES		NOBS_CSIDH2048_PRIMES
#define NOBS_CSIDHX_PUBLIC_KEY_SIZE	NOBS_CSIDH2048_PUBLIC_KEY_SIZE

/* the field */
#define NOBS_FPX(name)			nobs_fp2048_##name
#define NOBS_FPX_T			nobs_fp2048
#define NOBS_FPX_LIMBS			NOBS_FP2048_LIMBS

/* Scalars (products of the primes, public) as little-endian 64-bit limbs. */
#define NOBS_CSIDHX_SCALAR_LIMBS	32

/*
 * A point needs order above 4 sqrt(p) < 2^1026 (p < 2^2047) to prove
 * supersingularity; each prime l counts floor(log2 l) bits.
 */
#define NOBS_CSIDHX_ORDER_BITS		1026

/*
 * Field multiplications between two yields, as the ladder counts them (8
 * a bit, 12 M and S done): 128, about 0.55 ms of the generic fp2048
 * multiplication (about 4 times fp1024's 0.7 us).
 */
#define NOBS_CSIDHX_YIELD_WORK		128

#define NOBS_P2048_PRIMES_NAME		NOBS_CSIDHX(primes)
#include "ctidh2048_primes.h"
_Static_assert(NOBS_CSIDH2048_PRIMES == NOBS_P2048_PRIMES_NUM,
	       "the prime's list and the set agree");

#include "csidh_curve_tmpl.c"
#include "csidh_validate_tmpl.c"
