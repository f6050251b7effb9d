/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Arithmetic in GF(p) for the CSIDH-1024 prime (the CSIDH reference's
 * p1024 parameter set)
 *
 *	p = 4 * 3 * 5 * 7 * ... * 733 * 983 - 1	(1020 bits, 130 odd primes)
 *
 * The same functions and contract as the CSIDH-512 field (fp512.h), named
 * nobs_fp1024_*: elements in Montgomery form a * R mod p with R = 2^1024,
 * sixteen little-endian 64-bit limbs, always fully reduced into [0, p),
 * constant time in the operand values except nobs_fp1024_pow() (public
 * exponent) and the outcome of nobs_fp1024_from_bytes()'s range check.
 * Multiplication and squaring dispatch on the same static key as the
 * 512-bit field (both need the same CPU features): nobs_fp_select()
 * chooses for both, and with them the four-lane AVX-512 IFMA code of
 * nobs_fp1024_mul4()/_sqr4() (arch/x86/fp1024_ifma_x86_64.S).
 */
#ifndef NOBS_ISOGENY_FP1024_H
#define NOBS_ISOGENY_FP1024_H

#include "fp.h"

#define NOBS_FP1024_LIMBS	16
#define NOBS_FP1024_BYTES	(8 * NOBS_FP1024_LIMBS)

/**
 * struct nobs_fp1024 - an element of GF(p), CSIDH-1024 prime
 * @limb: a * 2^1024 mod p, least significant limb first, in [0, p)
 */
struct nobs_fp1024 {
	u64 limb[NOBS_FP1024_LIMBS];
};

#ifdef NOBS_FP_VEC_NAME
asmlinkage void nobs_fp1024_mul4_ifma(struct nobs_fp1024 *const r[4],
				      const struct nobs_fp1024 *const a[4],
				      const struct nobs_fp1024 *const b[4]);
asmlinkage void nobs_fp1024_sqr4_ifma(struct nobs_fp1024 *const r[4],
				      const struct nobs_fp1024 *const a[4]);
#endif

#define NOBS_FPX(name)	nobs_fp1024_##name
#define NOBS_FPX_T	nobs_fp1024
#define NOBS_FPX_LIMBS	NOBS_FP1024_LIMBS
#ifdef NOBS_FP_VEC_NAME
#define NOBS_FPX_MUL4_VEC	nobs_fp1024_mul4_ifma
#define NOBS_FPX_SQR4_VEC	nobs_fp1024_sqr4_ifma
/* kept past this header: the engines over this field use nobs_fp1024_mul4() */
#define NOBS_FP1024_VEC
#endif
#include "fp_tmpl.h"
#undef NOBS_FPX
#undef NOBS_FPX_T
#undef NOBS_FPX_LIMBS
#undef NOBS_FPX_MUL4_VEC
#undef NOBS_FPX_SQR4_VEC

#endif /* NOBS_ISOGENY_FP1024_H */
