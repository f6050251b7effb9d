// SPDX-License-Identifier: GPL-2.0
/*
 * CSIDH-512: the parameter set of the engine in csidh_engine.h (which has
 * the algorithms and their documentation): p = 4 * 3 * 5 * ... * 373 * 587
 * - 1, the 74 primes and exponents in [-5, 5] of the CSIDH reference
 * implementation, over the field of fp.h.
 */
#include "csidh.h"
#include "fp.h"
#include "csidh512_tables.h"

/* Scalars (products of the primes, public) as little-endian 64-bit limbs. */
#define NOBS_CSIDH_SCALAR_LIMBS	8

/* A point needs order above 4 sqrt(p) < 2^258 to prove supersingularity. */
#define NOBS_CSIDH_ORDER_BITS	258

/* Elligator's random u: 511 bits (p < 2^511), rejected if not below p. */
#define NOBS_CSIDH_SAMPLE_MASK	0x7f

/*
 * With KASAN's redzones, the vector kernel walk's frame (sixteen elements
 * and points, csidh_engine.h) passes 2048 bytes: it and the push go
 * uninstrumented (they touch their own locals and the walk's state).
 */
#ifdef CONFIG_KASAN
#define NOBS_CSIDH_WIDE_FRAME	__no_sanitize_address
#endif

#include "csidh_engine.h"
