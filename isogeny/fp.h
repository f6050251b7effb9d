/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Arithmetic in GF(p) for the CSIDH-512 prime
 *
 *	p = 4 * 3 * 5 * 7 * ... * 373 * 587 - 1	(511 bits)
 *
 * Elements are kept in Montgomery form a * R mod p with R = 2^512, as eight
 * little-endian 64-bit limbs, always fully reduced into [0, p).  Every
 * function here is constant time in the values of its operands (no branch
 * and no memory index depends on them) except nobs_fp_pow(), whose exponent
 * is public, and nobs_fp_from_bytes(), whose range check only reveals
 * whether the (public) encoding was valid.
 *
 * Multiplication and squaring have several implementations (generic C,
 * x86-64 BMI2/ADX, arm64); nobs_fp_select() picks one, once, at init.  The
 * hot path tests a static key (kernel) or a plain bool (userspace harness):
 * a patched jump, never an indirect call.
 */
#ifndef NOBS_ISOGENY_FP_H
#define NOBS_ISOGENY_FP_H

#include <nobs/types.h>

#define NOBS_FP_LIMBS	8
#define NOBS_FP_BYTES	(8 * NOBS_FP_LIMBS)

/**
 * struct nobs_fp - an element of GF(p)
 * @limb: a * 2^512 mod p, least significant limb first, in [0, p)
 */
struct nobs_fp {
	u64 limb[NOBS_FP_LIMBS];
};

/*
 * The assembly behind nobs_fp_mul()/nobs_fp_sqr() (and the fp1024.h
 * field's): BMI2/ADX on x86-64, the base ISA on arm64.  NOBS_FPX(mul_asm)
 * below names them per field.
 */
#if defined(__x86_64__) && !defined(NOBS_FP_NO_ASM)
#define NOBS_FP_ASM_NAME	"bmi2adx"
#define nobs_fp_mul_asm		nobs_fp_mul_bmi2adx
#define nobs_fp_sqr_asm		nobs_fp_sqr_bmi2adx
#define nobs_fp1024_mul_asm	nobs_fp1024_mul_bmi2adx
#define nobs_fp1024_sqr_asm	nobs_fp1024_sqr_bmi2adx
/*
 * CSIDH-512's addition and subtraction: they need no BMI2/ADX but go with
 * the mulx code (the same dispatch); fp.c hands them to fp_impl.h.
 */
#define nobs_fp_add_asm		nobs_fp_add_x86_64
#define nobs_fp_sub_asm		nobs_fp_sub_x86_64
asmlinkage void nobs_fp_add_x86_64(struct nobs_fp *r, const struct nobs_fp *a,
				   const struct nobs_fp *b);
asmlinkage void nobs_fp_sub_x86_64(struct nobs_fp *r, const struct nobs_fp *a,
				   const struct nobs_fp *b);
/*
 * Four products at once in the lanes of ymm registers (AVX-512 IFMA, VL,
 * VBMI2, DQ; arch/x86/fp_ifma_x86_64.S from scripts/gen-fp-ifma-asm.py),
 * for the 512-bit field only: nobs_fp_mul4()/_sqr4() in a vector section.
 */
#define NOBS_FP_VEC_NAME	"ifma"
asmlinkage void nobs_fp_mul4_ifma(struct nobs_fp *const r[4],
				  const struct nobs_fp *const a[4],
				  const struct nobs_fp *const b[4]);
asmlinkage void nobs_fp_sqr4_ifma(struct nobs_fp *const r[4],
				  const struct nobs_fp *const a[4]);
#elif defined(__aarch64__) && !defined(NOBS_FP_NO_ASM)
#define NOBS_FP_ASM_NAME	"arm64"
#define nobs_fp_mul_asm		nobs_fp_mul_arm64
#define nobs_fp_sqr_asm		nobs_fp_sqr_arm64
#define nobs_fp1024_mul_asm	nobs_fp1024_mul_arm64
#define nobs_fp1024_sqr_asm	nobs_fp1024_sqr_arm64
#endif

/*
 * The one dispatch point of both fields: a static key in the kernel, a
 * bool in userspace, set by nobs_fp_select().
 */
#ifdef NOBS_FP_ASM_NAME
#ifdef __KERNEL__
#include <linux/jump_label.h>
DECLARE_STATIC_KEY_FALSE(nobs_fp_asm_key);
#define nobs_fp_asm_selected()	static_branch_likely(&nobs_fp_asm_key)
#else
extern bool nobs_fp_asm_flag;
#define nobs_fp_asm_selected()	likely(nobs_fp_asm_flag)
#ifdef NOBS_FP_VEC_NAME
extern bool nobs_fp_vec_flag;	/* the harness may clear it after select */
#endif
#endif
#endif

const char *nobs_fp_select(bool use_asm);

/*
 * A vector section: nobs_fp_vec_begin() returns true if the 512-bit
 * field's vector code (NOBS_FP_VEC_NAME) was chosen at init and may run
 * here (in the kernel: the FPU is usable in this context, and
 * kernel_fpu_begin() has been called), false otherwise; after true the
 * caller calls nobs_fp_vec_end() (kernel_fpu_end()).  In between, nothing
 * may sleep.  nobs_fp_vec_name() is the vector code's name, or NULL.
 */
bool nobs_fp_vec_begin(void);
void nobs_fp_vec_end(void);
const char *nobs_fp_vec_name(void);

/*
 * Operation counts for the harness (make bench, the CSIDH op-count test):
 * built with NOBS_FP_COUNT, every multiplication and squaring of either
 * field bumps a counter the harness program defines.  Never set in the
 * kernel build.
 */
#ifdef NOBS_FP_COUNT
extern unsigned long long nobs_fp_count_mul, nobs_fp_count_sqr;
#define nobs_fp_count_mul_op()	(nobs_fp_count_mul++)
#define nobs_fp_count_sqr_op()	(nobs_fp_count_sqr++)
#else
#define nobs_fp_count_mul_op()	do { } while (0)
#define nobs_fp_count_sqr_op()	do { } while (0)
#endif

/*
 * Everything else, the same for every field (fp_decl.h): the constants
 * nobs_fp_p, nobs_fp_zero, nobs_fp_one; nobs_fp_set_u64(), _add(), _sub(),
 * _neg(), _inv(), _is_square(), _pow() (public exponent), _cswap(),
 * _cmov(), _is_zero(), _eq(), _from_mont(), _to_mont(), _from_bytes()
 * (-EINVAL unless below p), _to_bytes(); nobs_fp_mul() and nobs_fp_sqr()
 * (the dispatch) over nobs_fp_mul_generic()/_sqr_generic() and
 * nobs_fp_mul_asm()/_sqr_asm().
 */
#define NOBS_FPX(name)	nobs_fp_##name
#define NOBS_FPX_T	nobs_fp
#define NOBS_FPX_LIMBS	NOBS_FP_LIMBS
#ifdef NOBS_FP_VEC_NAME
#define NOBS_FPX_MUL4_VEC	nobs_fp_mul4_ifma
#define NOBS_FPX_SQR4_VEC	nobs_fp_sqr4_ifma
#endif
#include "fp_decl.h"
#undef NOBS_FPX
#undef NOBS_FPX_T
#undef NOBS_FPX_LIMBS
#undef NOBS_FPX_MUL4_VEC
#undef NOBS_FPX_SQR4_VEC

#endif /* NOBS_ISOGENY_FP_H */
