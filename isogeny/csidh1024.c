// SPDX-License-Identifier: GPL-2.0
/*
 * CSIDH-1024: the parameter set of the engine in csidh_engine.h (which has
 * the algorithms and their documentation): p = 4 * 3 * 5 * ... * 733 * 983
 * - 1, the 130 primes and exponents in [-2, 2] of the CSIDH reference's
 * p1024, over the field of fp1024.h.  The engine is written for the names
 * of CSIDH-512 (csidh.h, fp.h); the macros below point them at this set's
 * field, sizes and entry points (nobs_csidh1024_*, csidh1024.h).
 */
#include "csidh1024.h"
#include "fp1024.h"
#include "csidh1024_tables.h"

/* the field */
#define nobs_fp			nobs_fp1024
#define nobs_fp_add		nobs_fp1024_add
#define nobs_fp_sub		nobs_fp1024_sub
#define nobs_fp_mul		nobs_fp1024_mul
#define nobs_fp_sqr		nobs_fp1024_sqr
#define nobs_fp_neg		nobs_fp1024_neg
#define nobs_fp_inv		nobs_fp1024_inv
#define nobs_fp_cmov		nobs_fp1024_cmov
#define nobs_fp_cswap		nobs_fp1024_cswap
#define nobs_fp_eq		nobs_fp1024_eq
#define nobs_fp_is_zero		nobs_fp1024_is_zero
#define nobs_fp_is_square	nobs_fp1024_is_square
#define nobs_fp_set_u64		nobs_fp1024_set_u64
#define nobs_fp_from_bytes	nobs_fp1024_from_bytes
#define nobs_fp_to_bytes	nobs_fp1024_to_bytes
#define nobs_fp_one		nobs_fp1024_one
#define nobs_fp_zero		nobs_fp1024_zero
#undef NOBS_FP_BYTES
#define NOBS_FP_BYTES		NOBS_FP1024_BYTES

/* the sizes */
#undef NOBS_CSIDH_PRIMES
#undef NOBS_CSIDH_MAX_EXPONENT
#undef NOBS_CSIDH_PRIVATE_KEY_SIZE
#undef NOBS_CSIDH_PUBLIC_KEY_SIZE
#undef NOBS_CSIDH_SHARED_SECRET_SIZE
#define NOBS_CSIDH_PRIMES		NOBS_CSIDH1024_PRIMES
#define NOBS_CSIDH_MAX_EXPONENT		NOBS_CSIDH1024_MAX_EXPONENT
#define NOBS_CSIDH_PRIVATE_KEY_SIZE	NOBS_CSIDH1024_PRIVATE_KEY_SIZE
#define NOBS_CSIDH_PUBLIC_KEY_SIZE	NOBS_CSIDH1024_PUBLIC_KEY_SIZE
#define NOBS_CSIDH_SHARED_SECRET_SIZE	NOBS_CSIDH1024_SHARED_SECRET_SIZE

/* the entry points */
#define nobs_csidh_check_private_key	nobs_csidh1024_check_private_key
#define nobs_csidh_random_private_key	nobs_csidh1024_random_private_key
#define nobs_csidh_validate		nobs_csidh1024_validate
#define nobs_csidh_public_key		nobs_csidh1024_public_key
#define nobs_csidh_shared_secret	nobs_csidh1024_shared_secret
#define nobs_csidh_count_event		nobs_csidh1024_count_event

/* Scalars (products of the primes, public) as little-endian 64-bit limbs. */
#define NOBS_CSIDH_SCALAR_LIMBS	16

/* A point needs order above 4 sqrt(p) < 2^512 to prove supersingularity. */
#define NOBS_CSIDH_ORDER_BITS	512

/*
 * Field multiplications between two yields: a generic C multiplication
 * here takes about 0.7 us natively (csidh_latency), so at most 0.8 ms.
 */
#define NOBS_CSIDH_YIELD_WORK	1024

/* Elligator's random u: 1020 bits (p < 2^1020), rejected if not below p. */
#define NOBS_CSIDH_SAMPLE_MASK	0x0f

/*
 * With KASAN's redzones, the kernel walk's frame (eleven 128-byte
 * elements) and the push's (twelve) pass 2048 bytes: those two go
 * uninstrumented (they touch their own locals and the walk's state).
 */
#ifdef CONFIG_KASAN
#define NOBS_CSIDH_WIDE_FRAME	__no_sanitize_address
#endif

/* no vector code in this field (nobs_fp_mul4(): four scalar products) */
#define NOBS_CSIDH_NO_VEC

#include "csidh_engine.h"
