// SPDX-License-Identifier: GPL-2.0
/*
 * CSIDH-1024: the parameter set of the engine (csidh_curve_tmpl.c, which
 * has the algorithms and their documentation): p = 4 * 3 * 5 * ... * 733 *
 * 983 - 1, the 130 primes and exponents in [-2, 2] of the CSIDH
 * reference's p1024, over the field of fp1024.h.
 */
#include "csidh1024.h"

#define NOBS_CSIDHX(name)		nobs_csidh1024_##name
#define NOBS_CSIDHX_PRIMES		NOBS_CSIDH1024_PRIMES
#define NOBS_CSIDHX_MAX_EXPONENT	NOBS_CSIDH1024_MAX_EXPONENT
#define NOBS_CSIDHX_PRIVATE_KEY_SIZE	NOBS_CSIDH1024_PRIVATE_KEY_SIZE
#define NOBS_CSIDHX_PUBLIC_KEY_SIZE	NOBS_CSIDH1024_PUBLIC_KEY_SIZE
#define NOBS_CSIDHX_SHARED_SECRET_SIZE	NOBS_CSIDH1024_SHARED_SECRET_SIZE

/* the field */
#define NOBS_FPX(name)			nobs_fp1024_##name
#define NOBS_FPX_T			nobs_fp1024
#define NOBS_FPX_LIMBS			NOBS_FP1024_LIMBS

/* Scalars (products of the primes, public) as little-endian 64-bit limbs. */
#define NOBS_CSIDHX_SCALAR_LIMBS	16

/* A point needs order above 4 sqrt(p) < 2^512 to prove supersingularity. */
#define NOBS_CSIDHX_ORDER_BITS	512

/*
 * Field multiplications between two yields: a generic C multiplication
 * here takes about 0.7 us natively (csidh_latency), so at most 0.8 ms.
 */
#define NOBS_CSIDHX_YIELD_WORK	1024

/* Elligator's random u: 1020 bits (p < 2^1020), rejected if not below p. */
#define NOBS_CSIDHX_SAMPLE_MASK	0x0f

/*
 * With KASAN's redzones, the kernel walk's frame (eleven 128-byte
 * elements) and the push's (twelve) pass 2048 bytes: those two go
 * uninstrumented (they touch their own locals and the walk's state).
 */
#ifdef CONFIG_KASAN
#define NOBS_CSIDHX_WIDE_FRAME	__no_sanitize_address
#endif

/*
 * The CSIDH engine goes one point at a time on this field, even where
 * fp1024 has vector code (the IFMA mul4/sqr4, for the CTIDH engine): the
 * lockstep pairs' path is tested and held to the stack budget on
 * csidh512 only.
 */
#define NOBS_CSIDHX_NO_VEC

#include "csidh1024_tables.h"
#include "csidh_curve_tmpl.c"
#include "csidh_isogeny_tmpl.c"
#include "csidh_action_tmpl.c"
