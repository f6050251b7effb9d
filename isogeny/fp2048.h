/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Arithmetic in GF(p) for the CTIDH-2048 prime (high-ctidh's set "2048")
 *
 *	p = 4 * 3 * 7 * 11 * 13 * ... * 1459 * 3413 - 1
 *	(2047 bits; the odd primes to 1459 but 5, and 3413: 231 primes)
 *
 * The same functions and contract as the CSIDH-512 field (fp512.h), named
 * nobs_fp2048_*: elements in Montgomery form a * R mod p with R = 2^2048,
 * thirty-two little-endian 64-bit limbs, always fully reduced into [0, p),
 * constant time in the operand values except nobs_fp2048_pow() (public
 * exponent) and the outcome of nobs_fp2048_from_bytes()'s range check.
 * Multiplication and squaring dispatch on the fields' one static key
 * (nobs_fp_select()).
 */
#ifndef NOBS_ISOGENY_FP2048_H
#define NOBS_ISOGENY_FP2048_H

#include "fp.h"

#define NOBS_FP2048_LIMBS	32
#define NOBS_FP2048_BYTES	(8 * NOBS_FP2048_LIMBS)

/**
 * struct nobs_fp2048 - an element of GF(p), CTIDH-2048 prime
 * @limb: a * 2^2048 mod p, least significant limb first, in [0, p)
 */
struct nobs_fp2048 {
	u64 limb[NOBS_FP2048_LIMBS];
};

#define NOBS_FPX(name)	nobs_fp2048_##name
#define NOBS_FPX_T	nobs_fp2048
#define NOBS_FPX_LIMBS	NOBS_FP2048_LIMBS
#include "fp_tmpl.h"
#undef NOBS_FPX
#undef NOBS_FPX_T
#undef NOBS_FPX_LIMBS

#endif /* NOBS_ISOGENY_FP2048_H */
