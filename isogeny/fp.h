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
 * x86-64 BMI2/ADX, arm64), and on x86-64 addition and subtraction an
 * assembly one that goes with the BMI2/ADX code; nobs_fp_select() picks
 * one, once, at init.  The
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

extern const struct nobs_fp nobs_fp_p;		/* p itself (plain limbs) */
extern const struct nobs_fp nobs_fp_zero;	/* Montgomery 0 */
extern const struct nobs_fp nobs_fp_one;	/* Montgomery 1, i.e. R mod p */

void nobs_fp_set_u64(struct nobs_fp *r, u64 v);
void nobs_fp_add(struct nobs_fp *r, const struct nobs_fp *a,
		 const struct nobs_fp *b);
void nobs_fp_sub(struct nobs_fp *r, const struct nobs_fp *a,
		 const struct nobs_fp *b);
void nobs_fp_neg(struct nobs_fp *r, const struct nobs_fp *a);
void nobs_fp_inv(struct nobs_fp *r, const struct nobs_fp *a);
bool nobs_fp_is_square(const struct nobs_fp *a);
void nobs_fp_pow(struct nobs_fp *r, const struct nobs_fp *a,
		 const u64 e[NOBS_FP_LIMBS]);
void nobs_fp_cswap(struct nobs_fp *a, struct nobs_fp *b, u64 bit);
void nobs_fp_cmov(struct nobs_fp *r, const struct nobs_fp *a, u64 bit);
bool nobs_fp_is_zero(const struct nobs_fp *a);
bool nobs_fp_eq(const struct nobs_fp *a, const struct nobs_fp *b);
void nobs_fp_from_mont(struct nobs_fp *r, const struct nobs_fp *a);
void nobs_fp_to_mont(struct nobs_fp *r, const struct nobs_fp *a);
int nobs_fp_from_bytes(struct nobs_fp *r, const u8 in[NOBS_FP_BYTES]);
void nobs_fp_to_bytes(u8 out[NOBS_FP_BYTES], const struct nobs_fp *a);
const char *nobs_fp_select(bool use_asm);

/*
 * The implementations behind nobs_fp_mul() / nobs_fp_sqr().  Callers use
 * those two; the named variants are here for the self-tests, the harness
 * and the benchmark.  Inputs must be in [0, p); outputs are in [0, p).
 * r may alias a and/or b.
 */
void nobs_fp_mul_generic(struct nobs_fp *r, const struct nobs_fp *a,
			 const struct nobs_fp *b);
void nobs_fp_sqr_generic(struct nobs_fp *r, const struct nobs_fp *a);

#if defined(__x86_64__) && !defined(NOBS_FP_NO_ASM)
#define NOBS_FP_ASM_NAME	"bmi2adx"
asmlinkage void nobs_fp_mul_bmi2adx(struct nobs_fp *r, const struct nobs_fp *a,
				    const struct nobs_fp *b);
asmlinkage void nobs_fp_sqr_bmi2adx(struct nobs_fp *r, const struct nobs_fp *a);
#define nobs_fp_mul_asm	nobs_fp_mul_bmi2adx
#define nobs_fp_sqr_asm	nobs_fp_sqr_bmi2adx
/* add/sub need no BMI2/ADX; they go with the mulx code (same dispatch) */
asmlinkage void nobs_fp_add_x86_64(struct nobs_fp *r, const struct nobs_fp *a,
				   const struct nobs_fp *b);
asmlinkage void nobs_fp_sub_x86_64(struct nobs_fp *r, const struct nobs_fp *a,
				   const struct nobs_fp *b);
#define nobs_fp_add_asm	nobs_fp_add_x86_64
#define nobs_fp_sub_asm	nobs_fp_sub_x86_64
#elif defined(__aarch64__) && !defined(NOBS_FP_NO_ASM)
#define NOBS_FP_ASM_NAME	"arm64"
asmlinkage void nobs_fp_mul_arm64(struct nobs_fp *r, const struct nobs_fp *a,
				  const struct nobs_fp *b);
asmlinkage void nobs_fp_sqr_arm64(struct nobs_fp *r, const struct nobs_fp *a);
#define nobs_fp_mul_asm	nobs_fp_mul_arm64
#define nobs_fp_sqr_asm	nobs_fp_sqr_arm64
#endif

/* The one dispatch point: a static key in the kernel, a bool in userspace. */
#ifdef NOBS_FP_ASM_NAME
#ifdef __KERNEL__
#include <linux/jump_label.h>
DECLARE_STATIC_KEY_FALSE(nobs_fp_asm_key);
#define nobs_fp_asm_selected()	static_branch_likely(&nobs_fp_asm_key)
#else
extern bool nobs_fp_asm_flag;
#define nobs_fp_asm_selected()	likely(nobs_fp_asm_flag)
#endif
#endif

/*
 * Operation counts for the harness (make bench, the CSIDH op-count test):
 * built with NOBS_FP_COUNT, every nobs_fp_mul() and nobs_fp_sqr() bumps a
 * counter the harness program defines.  Never set in the kernel build.
 */
#ifdef NOBS_FP_COUNT
extern unsigned long long nobs_fp_count_mul, nobs_fp_count_sqr;
#define nobs_fp_count_mul_op()	(nobs_fp_count_mul++)
#define nobs_fp_count_sqr_op()	(nobs_fp_count_sqr++)
#else
#define nobs_fp_count_mul_op()	do { } while (0)
#define nobs_fp_count_sqr_op()	do { } while (0)
#endif

/**
 * nobs_fp_mul() - r = a * b / R mod p (the Montgomery product)
 * @r: result, may alias @a or @b
 * @a: factor in [0, p)
 * @b: factor in [0, p)
 */
static __always_inline void nobs_fp_mul(struct nobs_fp *r,
					const struct nobs_fp *a,
					const struct nobs_fp *b)
{
	nobs_fp_count_mul_op();
#ifdef NOBS_FP_ASM_NAME
	if (nobs_fp_asm_selected()) {
		nobs_fp_mul_asm(r, a, b);
		return;
	}
#endif
	nobs_fp_mul_generic(r, a, b);
}

/**
 * nobs_fp_sqr() - r = a * a / R mod p
 * @r: result, may alias @a
 * @a: element in [0, p)
 */
static __always_inline void nobs_fp_sqr(struct nobs_fp *r,
					const struct nobs_fp *a)
{
	nobs_fp_count_sqr_op();
#ifdef NOBS_FP_ASM_NAME
	if (nobs_fp_asm_selected()) {
		nobs_fp_sqr_asm(r, a);
		return;
	}
#endif
	nobs_fp_sqr_generic(r, a);
}

#endif /* NOBS_ISOGENY_FP_H */
