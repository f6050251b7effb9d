/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The declarations of one GF(p) field, a template included once per field
 * by its header (fp512.h for CSIDH-512, fp1024.h for CSIDH-1024) after it
 * defined:
 *
 *	NOBS_FPX(name)	the field's prefix: NOBS_FPX(add) is nobs_fp512_add or
 *			nobs_fp1024_add
 *	NOBS_FPX_T	the element type's tag (struct NOBS_FPX_T)
 *	NOBS_FPX_LIMBS	its number of 64-bit limbs
 *
 * No include guard: the including header has one and undefines the three
 * macros afterwards.  The functions and their contract are described in
 * fp512.h; the generic code is fp_tmpl.c.
 *
 * Optional: NOBS_FPX_MUL4_VEC, NOBS_FPX_SQR4_VEC, the field's four-lane
 * vector code (fp.h, NOBS_FP_VEC_NAME).
 */
#if !defined(NOBS_FPX) || !defined(NOBS_FPX_T) || !defined(NOBS_FPX_LIMBS)
#error "fp_tmpl.h: define NOBS_FPX(name), NOBS_FPX_T and NOBS_FPX_LIMBS first"
#endif

/*
 * p itself (plain limbs), Montgomery 0 and Montgomery 1 (R mod p).  The
 * prototypes below put the name macro in parentheses, (NOBS_FPX(name)),
 * which is the same C and keeps checkpatch from reading it as the
 * function with its own argument list.
 */
extern const struct NOBS_FPX_T NOBS_FPX(p), NOBS_FPX(zero), NOBS_FPX(one);

void (NOBS_FPX(set_u64))(struct NOBS_FPX_T *r, u64 v);
void (NOBS_FPX(add))(struct NOBS_FPX_T *r, const struct NOBS_FPX_T *a,
		     const struct NOBS_FPX_T *b);
void (NOBS_FPX(sub))(struct NOBS_FPX_T *r, const struct NOBS_FPX_T *a,
		     const struct NOBS_FPX_T *b);
void (NOBS_FPX(neg))(struct NOBS_FPX_T *r, const struct NOBS_FPX_T *a);
void (NOBS_FPX(inv))(struct NOBS_FPX_T *r, const struct NOBS_FPX_T *a);
bool (NOBS_FPX(is_square))(const struct NOBS_FPX_T *a);
void (NOBS_FPX(pow))(struct NOBS_FPX_T *r, const struct NOBS_FPX_T *a,
		     const u64 e[NOBS_FPX_LIMBS]);
void (NOBS_FPX(cswap))(struct NOBS_FPX_T *a, struct NOBS_FPX_T *b, u64 bit);
void (NOBS_FPX(cmov))(struct NOBS_FPX_T *r, const struct NOBS_FPX_T *a,
		      u64 bit);
bool (NOBS_FPX(is_zero))(const struct NOBS_FPX_T *a);
bool (NOBS_FPX(eq))(const struct NOBS_FPX_T *a, const struct NOBS_FPX_T *b);
void (NOBS_FPX(from_mont))(struct NOBS_FPX_T *r, const struct NOBS_FPX_T *a);
void (NOBS_FPX(to_mont))(struct NOBS_FPX_T *r, const struct NOBS_FPX_T *a);
int (NOBS_FPX(from_bytes))(struct NOBS_FPX_T *r,
			   const u8 in[8 * NOBS_FPX_LIMBS]);
void (NOBS_FPX(to_bytes))(u8 out[8 * NOBS_FPX_LIMBS],
			  const struct NOBS_FPX_T *a);

/*
 * The implementations behind NOBS_FPX(mul) / NOBS_FPX(sqr).  Callers use
 * those two; the named variants are here for the self-tests, the harness
 * and the benchmark.  Inputs must be in [0, p); outputs are in [0, p).
 * r may alias a and/or b.
 */
void (NOBS_FPX(mul_generic))(struct NOBS_FPX_T *r,
			     const struct NOBS_FPX_T *a,
			     const struct NOBS_FPX_T *b);
void (NOBS_FPX(sqr_generic))(struct NOBS_FPX_T *r,
			     const struct NOBS_FPX_T *a);
#ifdef NOBS_FP_ASM_NAME
asmlinkage void (NOBS_FPX(mul_asm))(struct NOBS_FPX_T *r,
				    const struct NOBS_FPX_T *a,
				    const struct NOBS_FPX_T *b);
asmlinkage void (NOBS_FPX(sqr_asm))(struct NOBS_FPX_T *r,
				    const struct NOBS_FPX_T *a);
#endif

/* r = a * b / R mod p (the Montgomery product); r may alias a or b */
static __always_inline void NOBS_FPX(mul)(struct NOBS_FPX_T *r,
					  const struct NOBS_FPX_T *a,
					  const struct NOBS_FPX_T *b)
{
	nobs_fp_count_mul_op();
#ifdef NOBS_FP_ASM_NAME
	if (nobs_fp_asm_selected()) {
		NOBS_FPX(mul_asm)(r, a, b);
		return;
	}
#endif
	NOBS_FPX(mul_generic)(r, a, b);
}

/* r = a * a / R mod p; r may alias a */
static __always_inline void NOBS_FPX(sqr)(struct NOBS_FPX_T *r,
					  const struct NOBS_FPX_T *a)
{
	nobs_fp_count_sqr_op();
#ifdef NOBS_FP_ASM_NAME
	if (nobs_fp_asm_selected()) {
		NOBS_FPX(sqr_asm)(r, a);
		return;
	}
#endif
	NOBS_FPX(sqr_generic)(r, a);
}

/*
 * r = a * b / R mod p, squared when a and b are the same pointer: the rule
 * by which a lane of nobs_fp*_mul4() is a multiplication or a squaring
 */
static __always_inline void NOBS_FPX(mul_or_sqr)(struct NOBS_FPX_T *r,
						 const struct NOBS_FPX_T *a,
						 const struct NOBS_FPX_T *b)
{
	if (a == b)
		NOBS_FPX(sqr)(r, a);
	else
		NOBS_FPX(mul)(r, a, b);
}

/*
 * Four independent products r[k] = a[k] * b[k] / R mod p (k = 0 .. 3), and
 * four squares: the same values as four nobs_fp*_mul()/_sqr() calls (a
 * product whose two operands are the same pointer counts as a squaring,
 * and is one in the scalar code).
 * r[k] may alias a[k] or b[k], never another k's operands.  vec says that
 * the caller is in a section nobs_fp_vec_begin() opened (it returned
 * true): only there may a field's vector code (NOBS_FPX_MUL4_VEC, the
 * 512- and 1024-bit fields' AVX-512 IFMA on x86-64) run; else four
 * scalar calls.
 */
static __always_inline void NOBS_FPX(mul4)(struct NOBS_FPX_T *const r[4],
					   const struct NOBS_FPX_T *const a[4],
					   const struct NOBS_FPX_T *const b[4],
					   bool vec)
{
	int k;

#ifdef NOBS_FPX_MUL4_VEC
	if (vec) {
		for (k = 0; k < 4; k++) {
			if (a[k] == b[k])
				nobs_fp_count_sqr_op();
			else
				nobs_fp_count_mul_op();
		}
		NOBS_FPX_MUL4_VEC(r, a, b);
		return;
	}
#endif
	(void)vec;
	for (k = 0; k < 4; k++)
		NOBS_FPX(mul_or_sqr)(r[k], a[k], b[k]);
}

static __always_inline void NOBS_FPX(sqr4)(struct NOBS_FPX_T *const r[4],
					   const struct NOBS_FPX_T *const a[4],
					   bool vec)
{
	int k;

#ifdef NOBS_FPX_SQR4_VEC
	if (vec) {
		for (k = 0; k < 4; k++)
			nobs_fp_count_sqr_op();
		NOBS_FPX_SQR4_VEC(r, a);
		return;
	}
#endif
	(void)vec;
	for (k = 0; k < 4; k++)
		NOBS_FPX(sqr)(r[k], a[k]);
}
