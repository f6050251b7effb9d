// SPDX-License-Identifier: GPL-2.0
/*
 * CSIDH-512: the parameter set of the engine (csidh_curve_tmpl.c, which
 * has the algorithms and their documentation): p = 4 * 3 * 5 * ... * 373 *
 * 587 - 1, the 74 primes and exponents in [-5, 5] of the CSIDH reference
 * implementation, over the field of fp512.h.
 */
#include "csidh512.h"

#define NOBS_CSIDHX(name)		nobs_csidh512_##name
#define NOBS_CSIDHX_PRIMES		NOBS_CSIDH512_PRIMES
#define NOBS_CSIDHX_MAX_EXPONENT	NOBS_CSIDH512_MAX_EXPONENT
#define NOBS_CSIDHX_PRIVATE_KEY_SIZE	NOBS_CSIDH512_PRIVATE_KEY_SIZE
#define NOBS_CSIDHX_PUBLIC_KEY_SIZE	NOBS_CSIDH512_PUBLIC_KEY_SIZE
#define NOBS_CSIDHX_SHARED_SECRET_SIZE	NOBS_CSIDH512_SHARED_SECRET_SIZE

/* the field */
#define NOBS_FPX(name)			nobs_fp512_##name
#define NOBS_FPX_T			nobs_fp512
#define NOBS_FPX_LIMBS			NOBS_FP512_LIMBS

/* Scalars (products of the primes, public) as little-endian 64-bit limbs. */
#define NOBS_CSIDHX_SCALAR_LIMBS	8

/* A point needs order above 4 sqrt(p) < 2^258 to prove supersingularity. */
#define NOBS_CSIDHX_ORDER_BITS		258

/* Elligator's random u: 511 bits (p < 2^511), rejected if not below p. */
#define NOBS_CSIDHX_SAMPLE_MASK		0x7f

/*
 * Field multiplications between two yields: at most 1 ms with the generic
 * C field (csidh_latency).
 */
#define NOBS_CSIDHX_YIELD_WORK		3072

/*
 * With KASAN's redzones, the kernel walk's frame (sixteen elements and
 * points) passes 2048 bytes: it and the push go uninstrumented (they touch
 * their own locals and the walk's state).
 */
#ifdef CONFIG_KASAN
#define NOBS_CSIDHX_WIDE_FRAME		__no_sanitize_address
#endif

#include "csidh512_tables.h"
#include "csidh_curve_tmpl.c"
#include "csidh_isogeny_tmpl.c"
#include "csidh_action_tmpl.c"
