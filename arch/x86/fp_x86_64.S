/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Montgomery multiplication and squaring in GF(p), CSIDH-512 prime, for
 * x86-64 with BMI2 (mulx) and ADX (adcx, adox).  General registers only:
 * no kernel_fpu_begin()/end() needed.  Written for nobs; see isogeny/fp.h
 * for the representation (8 little-endian limbs, R = 2^512, reduced).
 *
 * nobs_fp512_mul_bmi2adx(r, a, b): fully unrolled operand scanning with the
 * reduction interleaved row by row.  Row i adds a_i * b to the running
 * value t (mulx; the low halves ride the CF chain with adcx, the high
 * halves the OF chain with adox, so the two chains run in parallel), then
 * m = t_0 * (-p^-1 mod 2^64) and t = (t + m * p) / 2^64.  Since p < 2^511
 * and a, b < p, t stays below 2p < 2^512 after each row and below 2^576
 * inside one, so nine limbs carry it and no carry ever leaves limb 8.
 *
 * Registers: the nine limbs of t plus one zero live in a ring of ten
 * (r8..r15, rsi, rdi).  Reducing row i zeroes the register that held t_0
 * (its low limb cancels by construction); that zero terminates the carry
 * chains of row i + 1, and the zero of the row before becomes row i + 1's
 * new top limb, so no limbs ever move.  rax/rbx take mulx products, rcx
 * points to b, rdx is the multiplier; the pointers r and a sit on the
 * stack.
 *
 * nobs_fp512_sqr_bmi2adx(r, a): square first, then reduce; see below.
 *
 * The final subtraction of p stores t, subtracts p in registers and takes
 * back the stored limbs with cmovc when that borrowed (t < p): no branch
 * and no secret-dependent address.  rbp is never touched.
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
.Lpinv:				/* -p^-1 mod 2^128, low limb first */
	.quad	0x66c1301f632e294d, 0xfe025ed7d0d3b1aa

.text

/* Row 0: t[0..8] = rdx * b[0..7] (rdx = a_0). */
.macro	MULROW0 t0, t1, t2, t3, t4, t5, t6, t7, t8
	mulx	0(%rcx), \t0, \t1
	mulx	8(%rcx), %rax, \t2
	add	%rax, \t1
	mulx	16(%rcx), %rax, \t3
	adc	%rax, \t2
	mulx	24(%rcx), %rax, \t4
	adc	%rax, \t3
	mulx	32(%rcx), %rax, \t5
	adc	%rax, \t4
	mulx	40(%rcx), %rax, \t6
	adc	%rax, \t5
	mulx	48(%rcx), %rax, \t7
	adc	%rax, \t6
	mulx	56(%rcx), %rax, \t8
	adc	%rax, \t7
	adc	$0, \t8
.endm

/*
 * Row i > 0: t[0..7] += rdx * b[0..7], t8 := the carry limb (t8 is
 * overwritten; z holds zero and keeps it).
 */
.macro	MULROW t0, t1, t2, t3, t4, t5, t6, t7, t8, z
	xor	%eax, %eax		/* CF = OF = 0 */
	mulx	0(%rcx), %rax, %rbx
	adcx	%rax, \t0
	adox	%rbx, \t1
	mulx	8(%rcx), %rax, %rbx
	adcx	%rax, \t1
	adox	%rbx, \t2
	mulx	16(%rcx), %rax, %rbx
	adcx	%rax, \t2
	adox	%rbx, \t3
	mulx	24(%rcx), %rax, %rbx
	adcx	%rax, \t3
	adox	%rbx, \t4
	mulx	32(%rcx), %rax, %rbx
	adcx	%rax, \t4
	adox	%rbx, \t5
	mulx	40(%rcx), %rax, %rbx
	adcx	%rax, \t5
	adox	%rbx, \t6
	mulx	48(%rcx), %rax, %rbx
	adcx	%rax, \t6
	adox	%rbx, \t7
	mulx	56(%rcx), %rax, \t8
	adcx	%rax, \t7
	adox	\z, \t8
	adcx	\z, \t8
.endm

/*
 * t[0..8] += m * p with m = t0 * pinv mod 2^64: t0 becomes zero and
 * t[1..8] hold (t + m p) / 2^64.  Clobbers rax, rbx, rdx.
 */
.macro	REDROW t0, t1, t2, t3, t4, t5, t6, t7, t8
	mov	\t0, %rdx
	imul	.Lpinv(%rip), %rdx
	REDADD	\t0, \t1, \t2, \t3, \t4, \t5, \t6, \t7, \t8, %rbx
.endm

/*
 * The body of REDROW: t[0..8] += rdx * p, where rdx makes t0 + rdx p_0
 * vanish mod 2^64 (t0 is zero after it).  Clobbers rax and \h.
 */
.macro	REDADD t0, t1, t2, t3, t4, t5, t6, t7, t8, h
	xor	%eax, %eax
	mulx	.Lp+0(%rip), %rax, \h
	adcx	%rax, \t0		/* t0 = 0 */
	adox	\h, \t1
	mulx	.Lp+8(%rip), %rax, \h
	adcx	%rax, \t1
	adox	\h, \t2
	mulx	.Lp+16(%rip), %rax, \h
	adcx	%rax, \t2
	adox	\h, \t3
	mulx	.Lp+24(%rip), %rax, \h
	adcx	%rax, \t3
	adox	\h, \t4
	mulx	.Lp+32(%rip), %rax, \h
	adcx	%rax, \t4
	adox	\h, \t5
	mulx	.Lp+40(%rip), %rax, \h
	adcx	%rax, \t5
	adox	\h, \t6
	mulx	.Lp+48(%rip), %rax, \h
	adcx	%rax, \t6
	adox	\h, \t7
	mulx	.Lp+56(%rip), %rax, \h
	adcx	%rax, \t7
	adox	\h, \t8
	adcx	\t0, \t8
.endm

/* rdx = a_i, with a saved at 0(%rsp) */
.macro	LOADA i
	mov	0(%rsp), %rdx
	mov	8*\i(%rdx), %rdx
.endm

/*
 * r (saved at rslot(%rsp)) = t - p if t >= p else t, for t < 2p in
 * t0..t7.  Clobbers rdx.
 */
.macro	FINAL rslot, t0, t1, t2, t3, t4, t5, t6, t7
	mov	\rslot(%rsp), %rdx
	mov	\t0, 0(%rdx)
	mov	\t1, 8(%rdx)
	mov	\t2, 16(%rdx)
	mov	\t3, 24(%rdx)
	mov	\t4, 32(%rdx)
	mov	\t5, 40(%rdx)
	mov	\t6, 48(%rdx)
	mov	\t7, 56(%rdx)
	sub	.Lp+0(%rip), \t0
	sbb	.Lp+8(%rip), \t1
	sbb	.Lp+16(%rip), \t2
	sbb	.Lp+24(%rip), \t3
	sbb	.Lp+32(%rip), \t4
	sbb	.Lp+40(%rip), \t5
	sbb	.Lp+48(%rip), \t6
	sbb	.Lp+56(%rip), \t7
	cmovc	0(%rdx), \t0
	cmovc	8(%rdx), \t1
	cmovc	16(%rdx), \t2
	cmovc	24(%rdx), \t3
	cmovc	32(%rdx), \t4
	cmovc	40(%rdx), \t5
	cmovc	48(%rdx), \t6
	cmovc	56(%rdx), \t7
	mov	\t0, 0(%rdx)
	mov	\t1, 8(%rdx)
	mov	\t2, 16(%rdx)
	mov	\t3, 24(%rdx)
	mov	\t4, 32(%rdx)
	mov	\t5, 40(%rdx)
	mov	\t6, 48(%rdx)
	mov	\t7, 56(%rdx)
.endm

/*
 * The whole product, b in rcx, a at 0(%rsp), r at 8(%rsp).  The ring
 * R0..R9 is r8..r15, rsi, rdi; row i keeps t in R[i..i+8] (mod 10) and
 * its zero in R[i+9].
 */
.macro	MONTMUL
	LOADA	0
	MULROW0	%r8, %r9, %r10, %r11, %r12, %r13, %r14, %r15, %rsi
	REDROW	%r8, %r9, %r10, %r11, %r12, %r13, %r14, %r15, %rsi
	LOADA	1
	MULROW	%r9, %r10, %r11, %r12, %r13, %r14, %r15, %rsi, %rdi, %r8
	REDROW	%r9, %r10, %r11, %r12, %r13, %r14, %r15, %rsi, %rdi
	LOADA	2
	MULROW	%r10, %r11, %r12, %r13, %r14, %r15, %rsi, %rdi, %r8, %r9
	REDROW	%r10, %r11, %r12, %r13, %r14, %r15, %rsi, %rdi, %r8
	LOADA	3
	MULROW	%r11, %r12, %r13, %r14, %r15, %rsi, %rdi, %r8, %r9, %r10
	REDROW	%r11, %r12, %r13, %r14, %r15, %rsi, %rdi, %r8, %r9
	LOADA	4
	MULROW	%r12, %r13, %r14, %r15, %rsi, %rdi, %r8, %r9, %r10, %r11
	REDROW	%r12, %r13, %r14, %r15, %rsi, %rdi, %r8, %r9, %r10
	LOADA	5
	MULROW	%r13, %r14, %r15, %rsi, %rdi, %r8, %r9, %r10, %r11, %r12
	REDROW	%r13, %r14, %r15, %rsi, %rdi, %r8, %r9, %r10, %r11
	LOADA	6
	MULROW	%r14, %r15, %rsi, %rdi, %r8, %r9, %r10, %r11, %r12, %r13
	REDROW	%r14, %r15, %rsi, %rdi, %r8, %r9, %r10, %r11, %r12
	LOADA	7
	MULROW	%r15, %rsi, %rdi, %r8, %r9, %r10, %r11, %r12, %r13, %r14
	REDROW	%r15, %rsi, %rdi, %r8, %r9, %r10, %r11, %r12, %r13
	FINAL	8, %rsi, %rdi, %r8, %r9, %r10, %r11, %r12, %r13
.endm

.macro	PROLOGUE
	push	%rbx
	push	%r12
	push	%r13
	push	%r14
	push	%r15
	push	%rdi
	push	%rsi
.endm

.macro	EPILOGUE
	pop	%rsi
	pop	%rdi
	pop	%r15
	pop	%r14
	pop	%r13
	pop	%r12
	pop	%rbx
.endm

/* void nobs_fp512_mul_bmi2adx(struct nobs_fp512 *r, const struct nobs_fp512 *a,
 *			    const struct nobs_fp512 *b)
 */
SYM_TYPED_FUNC_START(nobs_fp512_mul_bmi2adx)
	PROLOGUE
	mov	%rdx, %rcx
	MONTMUL
	EPILOGUE
	RET
SYM_FUNC_END(nobs_fp512_mul_bmi2adx)

/*
 * Squaring: the 16-limb square first, then a Montgomery reduction of its
 * low half only, then the high half added:
 *
 *	a^2 = L + H 2^512,  q = L (-p^-1) mod 2^512,  U = (L + q p) / 2^512
 *	a^2 / 2^512 = U + H  (mod p),  U <= p,  H < p / 2,  U + H < 2p
 *
 * so one masked subtraction still suffices.  The square costs 28 + 8
 * products instead of 64: the off-diagonal products a_i a_j (i < j) row
 * by row (row i adds a_i a[i+1..7] at limbs 2i+1 .. i+8, after which
 * limbs 2i+1 and 2i+2 are final and go to a 128-byte stack buffer), then
 * one pass that doubles them (adcx x, x: the CF chain) and adds the
 * diagonal a_i^2 (the OF chain).  The low half comes back in registers
 * for the reduction, the high half stays in the buffer, which is wiped
 * before return.  rcx holds zero to end the carry chains.
 *
 * The reduction takes two limbs a step, not one: row by row, each m_i =
 * t_0 (-p^-1) waits for the row before (imul, mulx, two adds: about ten
 * cycles), and nothing else is left to overlap that chain.  A step takes
 * q = (t_0 + t_1 2^64) (-p^-1) mod 2^128 at once (one mulx and two imul
 * with the constant mod 2^128), then adds q_0 p at limb 0 and q_1 p at
 * limb 1, the REDROW body twice; these q_0, q_1 are the m_i the rows
 * would have found, so the values are the same.  The ring grows to ten
 * registers (r8..r15, rsi, rdi): before step s the window t[0..9] is
 * (L + (q mod 2^(128 s)) p) / 2^(128 s) < 2^512 + p < 2^513, so t9 = 0
 * and t8 <= 1; t + q_0 p < 2^513 + 2^575 still fits t[0..8], and t[1..9]
 * + q_1 p after it fits ten limbs; t0 and t1 end zero and become the
 * next step's t8 and t9.
 */

/* one off-diagonal product: lo into \lo (CF chain), hi into \hi (OF chain) */
.macro	PS j, lo, hi
	mulx	8*\j(%rsi), %rax, %rbx
	adcx	%rax, \lo
	adox	%rbx, \hi
.endm

/* row i's last product a_i a_7: lo into \lo, hi + both carries into \top */
.macro	PSLAST lo, top
	mulx	56(%rsi), %rax, \top
	adcx	%rax, \lo
	adox	%rcx, \top
	adcx	%rcx, \top
.endm

/* limb k of the square from off-diagonal limb k at 8k(%rsp) and \d */
.macro	DBL k, reg, d
	mov	8*\k(%rsp), \reg
	adcx	\reg, \reg
	adox	\d, \reg
.endm

/* the same, stored back to 8k(%rsp) through rdi */
.macro	DBLM k, d
	DBL	\k, %rdi, \d
	mov	%rdi, 8*\k(%rsp)
.endm

/*
 * One reduction step over the ring t[0..9]: rax + rbx 2^64 = q = (t0 +
 * t1 2^64) (-p^-1) mod 2^128 (rax = lo(t0 pinv_0), rbx = hi(t0 pinv_0) +
 * lo(t0 pinv_1) + lo(t1 pinv_0)), then t[0..8] += rax p (t0 becomes
 * zero) and t[1..9] += rbx p (t1 becomes zero).  Clobbers rax, rbx, rcx,
 * rdx.
 */
.macro	REDSTEP t0, t1, t2, t3, t4, t5, t6, t7, t8, t9
	mov	\t0, %rdx
	mulx	.Lpinv(%rip), %rax, %rbx
	imul	.Lpinv+8(%rip), %rdx
	add	%rdx, %rbx
	mov	\t1, %rdx
	imul	.Lpinv(%rip), %rdx
	add	%rdx, %rbx
	mov	%rax, %rdx
	REDADD	\t0, \t1, \t2, \t3, \t4, \t5, \t6, \t7, \t8, %rcx
	mov	%rbx, %rdx
	REDADD	\t1, \t2, \t3, \t4, \t5, \t6, \t7, \t8, \t9, %rcx
.endm

/* void nobs_fp512_sqr_bmi2adx(struct nobs_fp512 *r, const struct nobs_fp512 *a) */
SYM_TYPED_FUNC_START(nobs_fp512_sqr_bmi2adx)
	push	%rbx
	push	%r12
	push	%r13
	push	%r14
	push	%r15
	push	%rdi
	sub	$128, %rsp

	/* row 0: a_0 a[1..7] into limbs 1..8 (r8..r15) */
	mov	0(%rsi), %rdx
	mulx	8(%rsi), %r8, %r9
	mulx	16(%rsi), %rax, %r10
	add	%rax, %r9
	mulx	24(%rsi), %rax, %r11
	adc	%rax, %r10
	mulx	32(%rsi), %rax, %r12
	adc	%rax, %r11
	mulx	40(%rsi), %rax, %r13
	adc	%rax, %r12
	mulx	48(%rsi), %rax, %r14
	adc	%rax, %r13
	mulx	56(%rsi), %rax, %r15
	adc	%rax, %r14
	adc	$0, %r15
	mov	%r8, 8(%rsp)
	mov	%r9, 16(%rsp)

	/* row 1: a_1 a[2..7] into limbs 3..9 (r10..r15, rdi) */
	mov	8(%rsi), %rdx
	xor	%ecx, %ecx
	PS	2, %r10, %r11
	PS	3, %r11, %r12
	PS	4, %r12, %r13
	PS	5, %r13, %r14
	PS	6, %r14, %r15
	PSLAST	%r15, %rdi
	mov	%r10, 24(%rsp)
	mov	%r11, 32(%rsp)

	/* row 2: a_2 a[3..7] into limbs 5..10 (r12..r15, rdi, r8) */
	mov	16(%rsi), %rdx
	xor	%eax, %eax
	PS	3, %r12, %r13
	PS	4, %r13, %r14
	PS	5, %r14, %r15
	PS	6, %r15, %rdi
	PSLAST	%rdi, %r8
	mov	%r12, 40(%rsp)
	mov	%r13, 48(%rsp)

	/* row 3: a_3 a[4..7] into limbs 7..11 (r14, r15, rdi, r8, r9) */
	mov	24(%rsi), %rdx
	xor	%eax, %eax
	PS	4, %r14, %r15
	PS	5, %r15, %rdi
	PS	6, %rdi, %r8
	PSLAST	%r8, %r9
	mov	%r14, 56(%rsp)
	mov	%r15, 64(%rsp)

	/* row 4: a_4 a[5..7] into limbs 9..12 (rdi, r8, r9, r10) */
	mov	32(%rsi), %rdx
	xor	%eax, %eax
	PS	5, %rdi, %r8
	PS	6, %r8, %r9
	PSLAST	%r9, %r10
	mov	%rdi, 72(%rsp)
	mov	%r8, 80(%rsp)

	/* row 5: a_5 a[6..7] into limbs 11..13 (r9, r10, r11) */
	mov	40(%rsi), %rdx
	xor	%eax, %eax
	PS	6, %r9, %r10
	PSLAST	%r10, %r11
	mov	%r9, 88(%rsp)
	mov	%r10, 96(%rsp)

	/* row 6: a_6 a_7 into limbs 13..14 (r11, r12) */
	mov	48(%rsi), %rdx
	mulx	56(%rsi), %rax, %r12
	add	%rax, %r11
	adc	$0, %r12
	mov	%r11, 104(%rsp)
	mov	%r12, 112(%rsp)

	/* double and add the diagonal: limbs 0..7 to r8..r15, 8..15 stay */
	xor	%ecx, %ecx
	mov	0(%rsi), %rdx
	mulx	%rdx, %r8, %rbx
	DBL	1, %r9, %rbx
	mov	8(%rsi), %rdx
	mulx	%rdx, %rax, %rbx
	DBL	2, %r10, %rax
	DBL	3, %r11, %rbx
	mov	16(%rsi), %rdx
	mulx	%rdx, %rax, %rbx
	DBL	4, %r12, %rax
	DBL	5, %r13, %rbx
	mov	24(%rsi), %rdx
	mulx	%rdx, %rax, %rbx
	DBL	6, %r14, %rax
	DBL	7, %r15, %rbx
	mov	32(%rsi), %rdx
	mulx	%rdx, %rax, %rbx
	DBLM	8, %rax
	DBLM	9, %rbx
	mov	40(%rsi), %rdx
	mulx	%rdx, %rax, %rbx
	DBLM	10, %rax
	DBLM	11, %rbx
	mov	48(%rsi), %rdx
	mulx	%rdx, %rax, %rbx
	DBLM	12, %rax
	DBLM	13, %rbx
	mov	56(%rsi), %rdx
	mulx	%rdx, %rax, %rbx
	DBLM	14, %rax
	adcx	%rcx, %rbx		/* limb 15: no off-diagonal part */
	adox	%rcx, %rbx
	mov	%rbx, 120(%rsp)

	/*
	 * reduce the low half two limbs a step; ring r8..r15, rsi, rdi
	 * with L in r8..r15 and the two tops zero
	 */
	xor	%esi, %esi
	xor	%edi, %edi
	REDSTEP	%r8, %r9, %r10, %r11, %r12, %r13, %r14, %r15, %rsi, %rdi
	REDSTEP	%r10, %r11, %r12, %r13, %r14, %r15, %rsi, %rdi, %r8, %r9
	REDSTEP	%r12, %r13, %r14, %r15, %rsi, %rdi, %r8, %r9, %r10, %r11
	REDSTEP	%r14, %r15, %rsi, %rdi, %r8, %r9, %r10, %r11, %r12, %r13

	/* plus the high half: below 2p, no carry out */
	add	64(%rsp), %rsi
	adc	72(%rsp), %rdi
	adc	80(%rsp), %r8
	adc	88(%rsp), %r9
	adc	96(%rsp), %r10
	adc	104(%rsp), %r11
	adc	112(%rsp), %r12
	adc	120(%rsp), %r13

	/* wipe the square */
	xor	%ecx, %ecx
	mov	%rcx, 0(%rsp)
	mov	%rcx, 8(%rsp)
	mov	%rcx, 16(%rsp)
	mov	%rcx, 24(%rsp)
	mov	%rcx, 32(%rsp)
	mov	%rcx, 40(%rsp)
	mov	%rcx, 48(%rsp)
	mov	%rcx, 56(%rsp)
	mov	%rcx, 64(%rsp)
	mov	%rcx, 72(%rsp)
	mov	%rcx, 80(%rsp)
	mov	%rcx, 88(%rsp)
	mov	%rcx, 96(%rsp)
	mov	%rcx, 104(%rsp)
	mov	%rcx, 112(%rsp)
	mov	%rcx, 120(%rsp)

	FINAL	128, %rsi, %rdi, %r8, %r9, %r10, %r11, %r12, %r13

	add	$128, %rsp
	pop	%rdi
	pop	%r15
	pop	%r14
	pop	%r13
	pop	%r12
	pop	%rbx
	RET
SYM_FUNC_END(nobs_fp512_sqr_bmi2adx)

/*
 * nobs_fp512_add_x86_64(r, a, b): r = a + b mod p, and nobs_fp512_sub_x86_64(r,
 * a, b): r = a - b mod p, for a, b in [0, p); r may alias a or b.  Plain
 * add/adc and sub/sbb chains (the C versions cannot keep the carry in the
 * flags), used with the BMI2/ADX multiplication.  Add: t = a + b is stored
 * to r, t - p computed in registers, and the stored limbs are taken back
 * with cmovc when that borrowed (t < p).  Sub: t = a - b is stored to r,
 * then p masked with the borrow (0 or all ones) is added to it.  No branch
 * and no secret-dependent address.  Typed entry points, like the
 * multiplication, so each carries its kCFI hash (kcfi-check.py; see
 * isogeny/fp512.c).
 */
SYM_TYPED_FUNC_START(nobs_fp512_add_x86_64)
	push	%rbx
	mov	0(%rsi), %rax
	add	0(%rdx), %rax
	mov	8(%rsi), %rcx
	adc	8(%rdx), %rcx
	mov	16(%rsi), %r8
	adc	16(%rdx), %r8
	mov	24(%rsi), %r9
	adc	24(%rdx), %r9
	mov	32(%rsi), %r10
	adc	32(%rdx), %r10
	mov	40(%rsi), %r11
	adc	40(%rdx), %r11
	mov	48(%rsi), %rbx
	adc	48(%rdx), %rbx
	mov	56(%rsi), %rsi
	adc	56(%rdx), %rsi
	sbb	%rdx, %rdx		/* the carry limb, 0 or -1 */
	mov	%rax, 0(%rdi)
	mov	%rcx, 8(%rdi)
	mov	%r8, 16(%rdi)
	mov	%r9, 24(%rdi)
	mov	%r10, 32(%rdi)
	mov	%r11, 40(%rdi)
	mov	%rbx, 48(%rdi)
	mov	%rsi, 56(%rdi)
	sub	.Lp(%rip), %rax
	sbb	.Lp+8(%rip), %rcx
	sbb	.Lp+16(%rip), %r8
	sbb	.Lp+24(%rip), %r9
	sbb	.Lp+32(%rip), %r10
	sbb	.Lp+40(%rip), %r11
	sbb	.Lp+48(%rip), %rbx
	sbb	.Lp+56(%rip), %rsi
	sbb	$0, %rdx		/* CF: t < p */
	cmovc	0(%rdi), %rax
	cmovc	8(%rdi), %rcx
	cmovc	16(%rdi), %r8
	cmovc	24(%rdi), %r9
	cmovc	32(%rdi), %r10
	cmovc	40(%rdi), %r11
	cmovc	48(%rdi), %rbx
	cmovc	56(%rdi), %rsi
	mov	%rax, 0(%rdi)
	mov	%rcx, 8(%rdi)
	mov	%r8, 16(%rdi)
	mov	%r9, 24(%rdi)
	mov	%r10, 32(%rdi)
	mov	%r11, 40(%rdi)
	mov	%rbx, 48(%rdi)
	mov	%rsi, 56(%rdi)
	pop	%rbx
	RET
SYM_FUNC_END(nobs_fp512_add_x86_64)

SYM_TYPED_FUNC_START(nobs_fp512_sub_x86_64)
	push	%rbx
	mov	0(%rsi), %rax
	sub	0(%rdx), %rax
	mov	8(%rsi), %rcx
	sbb	8(%rdx), %rcx
	mov	16(%rsi), %r8
	sbb	16(%rdx), %r8
	mov	24(%rsi), %r9
	sbb	24(%rdx), %r9
	mov	32(%rsi), %r10
	sbb	32(%rdx), %r10
	mov	40(%rsi), %r11
	sbb	40(%rdx), %r11
	mov	48(%rsi), %rbx
	sbb	48(%rdx), %rbx
	mov	56(%rsi), %rsi
	sbb	56(%rdx), %rsi
	sbb	%rdx, %rdx		/* the borrow as a mask */
	mov	%rax, 0(%rdi)
	mov	%rcx, 8(%rdi)
	mov	%r8, 16(%rdi)
	mov	%r9, 24(%rdi)
	mov	%r10, 32(%rdi)
	mov	%r11, 40(%rdi)
	mov	%rbx, 48(%rdi)
	mov	%rsi, 56(%rdi)
	mov	.Lp(%rip), %rax
	mov	.Lp+8(%rip), %rcx
	mov	.Lp+16(%rip), %r8
	mov	.Lp+24(%rip), %r9
	mov	.Lp+32(%rip), %r10
	mov	.Lp+40(%rip), %r11
	mov	.Lp+48(%rip), %rbx
	mov	.Lp+56(%rip), %rsi
	and	%rdx, %rax
	and	%rdx, %rcx
	and	%rdx, %r8
	and	%rdx, %r9
	and	%rdx, %r10
	and	%rdx, %r11
	and	%rdx, %rbx
	and	%rdx, %rsi
	add	%rax, 0(%rdi)
	adc	%rcx, 8(%rdi)
	adc	%r8, 16(%rdi)
	adc	%r9, 24(%rdi)
	adc	%r10, 32(%rdi)
	adc	%r11, 40(%rdi)
	adc	%rbx, 48(%rdi)
	adc	%rsi, 56(%rdi)
	pop	%rbx
	RET
SYM_FUNC_END(nobs_fp512_sub_x86_64)
