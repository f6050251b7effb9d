/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Arithmetic in GF(p) for the CSIDH-512 prime
 *
 *	p = 4 * 3 * 5 * 7 * ... * 373 * 587 - 1	(511 bits)
 *
 * Elements are kept in Montgomery form a * R mod p with R = 2^512, as eight
 * little-endian 64-bit limbs, always fully reduced into [0, p).  Every
 * function here is constant time in the values of its operands (no branch
 * and no memory index depends on them) except nobs_fp512_pow(), whose
 * exponent is public, and nobs_fp512_from_bytes(), whose range check only
 * reveals whether the (public) encoding was valid.  Multiplication and
 * squaring dispatch as fp.h says (nobs_fp_select(), both fields).
 */
#ifndef NOBS_ISOGENY_FP512_H
#define NOBS_ISOGENY_FP512_H

#include "fp.h"

#define NOBS_FP512_LIMBS	8
#define NOBS_FP512_BYTES	(8 * NOBS_FP512_LIMBS)

/**
 * struct nobs_fp512 - an element of GF(p), CSIDH-512 prime
 * @limb: a * 2^512 mod p, least significant limb first, in [0, p)
 */
struct nobs_fp512 {
	u64 limb[NOBS_FP512_LIMBS];
};

#ifdef nobs_fp512_add_asm
asmlinkage void nobs_fp512_add_x86_64(struct nobs_fp512 *r,
				      const struct nobs_fp512 *a,
				      const struct nobs_fp512 *b);
asmlinkage void nobs_fp512_sub_x86_64(struct nobs_fp512 *r,
				      const struct nobs_fp512 *a,
				      const struct nobs_fp512 *b);
#endif
#ifdef NOBS_FP_VEC_NAME
asmlinkage void nobs_fp512_mul4_ifma(struct nobs_fp512 *const r[4],
				     const struct nobs_fp512 *const a[4],
				     const struct nobs_fp512 *const b[4]);
asmlinkage void nobs_fp512_sqr4_ifma(struct nobs_fp512 *const r[4],
				     const struct nobs_fp512 *const a[4]);
#endif

/*
 * Everything else, the same for every field (fp_tmpl.h): the constants
 * nobs_fp512_p, nobs_fp512_zero, nobs_fp512_one; nobs_fp512_set_u64(),
 * _add(), _sub(), _neg(), _inv(), _is_square(), _pow() (public exponent),
 * _cswap(), _cmov(), _is_zero(), _eq(), _from_mont(), _to_mont(),
 * _from_bytes() (-EINVAL unless below p), _to_bytes(); nobs_fp512_mul()
 * and nobs_fp512_sqr() (the dispatch) over nobs_fp512_mul_generic()/_sqr_generic() and
 * nobs_fp512_mul_asm()/_sqr_asm().
 */
#define NOBS_FPX(name)	nobs_fp512_##name
#define NOBS_FPX_T	nobs_fp512
#define NOBS_FPX_LIMBS	NOBS_FP512_LIMBS
#ifdef NOBS_FP_VEC_NAME
#define NOBS_FPX_MUL4_VEC	nobs_fp512_mul4_ifma
#define NOBS_FPX_SQR4_VEC	nobs_fp512_sqr4_ifma
/* kept past this header: the engines over this field use nobs_fp512_mul4() */
#define NOBS_FP512_VEC
#endif
#include "fp_tmpl.h"
#undef NOBS_FPX
#undef NOBS_FPX_T
#undef NOBS_FPX_LIMBS
#undef NOBS_FPX_MUL4_VEC
#undef NOBS_FPX_SQR4_VEC

#endif /* NOBS_ISOGENY_FP512_H */
