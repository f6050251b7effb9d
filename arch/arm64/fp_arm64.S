/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Montgomery multiplication and squaring in GF(p), CSIDH-512 prime, for
 * arm64: mul/umulh products and adds/adcs carry chains, general registers
 * only (no kernel_neon_begin() needed).  Written for nobs; see
 * isogeny/fp.h for the representation (8 little-endian limbs, R = 2^512,
 * fully reduced).
 *
 * Fully unrolled operand scanning with the reduction interleaved row by
 * row: row i adds a_i * b to the running value t (the low halves of the
 * eight products in one carry chain, the high halves, one limb up, in a
 * second), then m = t_0 * (-p^-1 mod 2^64) and t = (t + m * p) / 2^64.
 * mul and umulh leave the flags alone, so each product is computed right
 * before the adcs that consumes it.  Since p < 2^511 and a, b < p, t stays
 * below 2p < 2^512 after each row and below 2^576 inside one, so nine
 * limbs carry it and no carry leaves limb 8.  The low limb of t + m * p is
 * zero by construction: its carry is just (t_0 != 0), set by one cmp.
 *
 * The nine limbs of t rotate through a ring of nine registers: reducing a
 * row frees the register of t_0, which becomes the next row's top limb.
 * The final subtraction of p is subs/sbcs plus csel on the borrow: no
 * branch and no secret-dependent address.
 *
 * Registers: x0 r, x1 a, x2 b, x3 &p, x4 a_i or m, x5-x13 the ring,
 * x14-x17 and x19-x22 the eight limbs of b or p of the current row,
 * x23-x26 products, x27 -p^-1 mod 2^64.  x18 and x29/x30 are untouched.
 */
#include <linux/cfi_types.h>
#include <linux/linkage.h>

	.section .rodata
	.p2align 6
.Lp:
	.quad	0x1b81b90533c6c87b, 0xc2721bf457aca835
	.quad	0x516730cc1f0b4f25, 0xa7aac6c567f35507
	.quad	0x5afbfcc69322c9cd, 0xb42d083aedc88c42
	.quad	0xfc8ab0d15e3e4c4a, 0x65b48e8f740f89bf
.Lpinv:
	.quad	0x66c1301f632e294d	/* -p^-1 mod 2^64 */

	.text

/* x14..x17, x19..x22 = the eight limbs at \src */
.macro	LOAD8 src
	ldp	x14, x15, [\src]
	ldp	x16, x17, [\src, #16]
	ldp	x19, x20, [\src, #32]
	ldp	x21, x22, [\src, #48]
.endm

/*
 * t[0..7] += x4 * V[0..7] with the carry limb in t8 (overwritten).
 * V = x14..x17, x19..x22 (the limbs of b).
 */
.macro	MULROW t0, t1, t2, t3, t4, t5, t6, t7, t8
	mul	x23, x4, x14
	mul	x24, x4, x15
	adds	\t0, \t0, x23
	mul	x25, x4, x16
	adcs	\t1, \t1, x24
	mul	x26, x4, x17
	adcs	\t2, \t2, x25
	mul	x23, x4, x19
	adcs	\t3, \t3, x26
	mul	x24, x4, x20
	adcs	\t4, \t4, x23
	mul	x25, x4, x21
	adcs	\t5, \t5, x24
	mul	x26, x4, x22
	adcs	\t6, \t6, x25
	umulh	x23, x4, x14
	adcs	\t7, \t7, x26
	umulh	x24, x4, x15
	adc	\t8, xzr, xzr
	adds	\t1, \t1, x23
	umulh	x25, x4, x16
	adcs	\t2, \t2, x24
	umulh	x26, x4, x17
	adcs	\t3, \t3, x25
	umulh	x23, x4, x19
	adcs	\t4, \t4, x26
	umulh	x24, x4, x20
	adcs	\t5, \t5, x23
	umulh	x25, x4, x21
	adcs	\t6, \t6, x24
	umulh	x26, x4, x22
	adcs	\t7, \t7, x25
	adc	\t8, \t8, x26
.endm

/*
 * t[0..8] += m * p with m = t0 * pinv: afterwards t[1..8] hold
 * (t + m p) / 2^64 and t0 is dead.  V = x14..x17, x19..x22 (limbs of p).
 */
.macro	REDROW t0, t1, t2, t3, t4, t5, t6, t7, t8
	mul	x4, \t0, x27
	cmp	\t0, #1			/* C = carry out of t0 + lo(m p0) */
	mul	x24, x4, x15
	mul	x25, x4, x16
	adcs	\t1, \t1, x24
	mul	x26, x4, x17
	adcs	\t2, \t2, x25
	mul	x23, x4, x19
	adcs	\t3, \t3, x26
	mul	x24, x4, x20
	adcs	\t4, \t4, x23
	mul	x25, x4, x21
	adcs	\t5, \t5, x24
	mul	x26, x4, x22
	adcs	\t6, \t6, x25
	umulh	x23, x4, x14
	adcs	\t7, \t7, x26
	umulh	x24, x4, x15
	adc	\t8, \t8, xzr
	adds	\t1, \t1, x23
	umulh	x25, x4, x16
	adcs	\t2, \t2, x24
	umulh	x26, x4, x17
	adcs	\t3, \t3, x25
	umulh	x23, x4, x19
	adcs	\t4, \t4, x26
	umulh	x24, x4, x20
	adcs	\t5, \t5, x23
	umulh	x25, x4, x21
	adcs	\t6, \t6, x24
	umulh	x26, x4, x22
	adcs	\t7, \t7, x25
	adc	\t8, \t8, x26
.endm

/* one row: a_i times b, then one reduction step */
.macro	ROW i, t0, t1, t2, t3, t4, t5, t6, t7, t8
	LOAD8	x2
	ldr	x4, [x1, #8 * \i]
	MULROW	\t0, \t1, \t2, \t3, \t4, \t5, \t6, \t7, \t8
	LOAD8	x3
	REDROW	\t0, \t1, \t2, \t3, \t4, \t5, \t6, \t7, \t8
.endm

/* r = t - p if t >= p else t, for t < 2p; V holds p */
.macro	FINAL t0, t1, t2, t3, t4, t5, t6, t7
	subs	x14, \t0, x14
	sbcs	x15, \t1, x15
	sbcs	x16, \t2, x16
	sbcs	x17, \t3, x17
	sbcs	x19, \t4, x19
	sbcs	x20, \t5, x20
	sbcs	x21, \t6, x21
	sbcs	x22, \t7, x22
	csel	x14, \t0, x14, cc	/* borrow: t < p, keep t */
	csel	x15, \t1, x15, cc
	csel	x16, \t2, x16, cc
	csel	x17, \t3, x17, cc
	csel	x19, \t4, x19, cc
	csel	x20, \t5, x20, cc
	csel	x21, \t6, x21, cc
	csel	x22, \t7, x22, cc
	stp	x14, x15, [x0]
	stp	x16, x17, [x0, #16]
	stp	x19, x20, [x0, #32]
	stp	x21, x22, [x0, #48]
.endm

/*
 * void nobs_fp512_sqr_arm64(struct nobs_fp512 *r, const struct nobs_fp512 *a)
 * is nobs_fp512_mul_arm64(r, a, a).
 */
SYM_TYPED_FUNC_START(nobs_fp512_sqr_arm64)
	mov	x2, x1
	b	nobs_fp512_mul_arm64
SYM_FUNC_END(nobs_fp512_sqr_arm64)

/* void nobs_fp512_mul_arm64(struct nobs_fp512 *r, const struct nobs_fp512 *a,
 *			  const struct nobs_fp512 *b)
 */
SYM_TYPED_FUNC_START(nobs_fp512_mul_arm64)
	stp	x19, x20, [sp, #-80]!
	stp	x21, x22, [sp, #16]
	stp	x23, x24, [sp, #32]
	stp	x25, x26, [sp, #48]
	str	x27, [sp, #64]

	adrp	x3, .Lp
	add	x3, x3, :lo12:.Lp
	ldr	x27, [x3, #64]		/* .Lpinv */
	mov	x5, xzr
	mov	x6, xzr
	mov	x7, xzr
	mov	x8, xzr
	mov	x9, xzr
	mov	x10, xzr
	mov	x11, xzr
	mov	x12, xzr

	ROW	0, x5, x6, x7, x8, x9, x10, x11, x12, x13
	ROW	1, x6, x7, x8, x9, x10, x11, x12, x13, x5
	ROW	2, x7, x8, x9, x10, x11, x12, x13, x5, x6
	ROW	3, x8, x9, x10, x11, x12, x13, x5, x6, x7
	ROW	4, x9, x10, x11, x12, x13, x5, x6, x7, x8
	ROW	5, x10, x11, x12, x13, x5, x6, x7, x8, x9
	ROW	6, x11, x12, x13, x5, x6, x7, x8, x9, x10
	ROW	7, x12, x13, x5, x6, x7, x8, x9, x10, x11
	FINAL	x13, x5, x6, x7, x8, x9, x10, x11

	ldr	x27, [sp, #64]
	ldp	x25, x26, [sp, #48]
	ldp	x23, x24, [sp, #32]
	ldp	x21, x22, [sp, #16]
	ldp	x19, x20, [sp], #80
	ret
SYM_FUNC_END(nobs_fp512_mul_arm64)
