/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Keccak-f[1600] for x86-64 with BMI1/BMI2 (andn, rorx): scalar, general
 * registers only, so it needs no kernel_fpu_begin()/kernel_fpu_end().
 *
 * State: 25 plain (non-complemented) little-endian u64 lanes, lane i at
 * st[i] with i = x + 5*y, as in sha3/keccak.h.
 *
 * Shape of the code (written for nobs from the FIPS 202 step definitions):
 *
 *  - One round reads a whole state from memory and writes the next state to
 *    a second buffer, so the rho/pi lane permutation costs nothing: it is
 *    just the choice of which source offset feeds which output slot.  The
 *    two buffers are the caller's state (%rdi) and 200 bytes of stack
 *    (%rsp); a loop iteration runs two rounds, A -> E -> A, twelve times.
 *
 *  - theta: the five column parities C[x] are folded from memory operands
 *    (5 loads + 20 load-xors), D[x] = C[x-1] ^ rol(C[x+1], 1) is one rorx
 *    and one xor each; the ten values live in registers.
 *
 *  - rho, pi, chi, iota: per output row, the five source lanes are each
 *    xored with their D and rotated into B0..B4 (one row at a time, so
 *    eleven registers suffice), then chi: A'[x] = B[x] ^ (~B[x+1] & B[x+2])
 *    is one andn and one xor per lane.  Because andn does the complement
 *    for free, the "lane complementing" transform that plain x86-64 code
 *    uses to save NOT instructions buys nothing here and is not used; the
 *    state therefore never needs converting at entry or exit.
 *
 * That is ~185 instructions per round, none of them loop-carried through a
 * long chain: theta's parities are the only serial part (4 xors).  Measured
 * numbers and the comparison with other choices: arch/x86/keccak_x86.c.
 *
 * Register use inside a round:
 *   %rax %rbx %rcx %rdx %rsi   C0..C4, then B0..B4 of the row in progress
 *   %r8 .. %r12                D0..D4
 *   %r13                       chi result being stored
 *   %r15 + %r14                round constants: end of table + negative
 *                              index, stepped by 16 per two rounds
 *   %rdi                       the state; %rsp the second buffer
 * %rbp is not touched, so frame-pointer unwinding works through an
 * interrupt taken here; the functions are leaves (no calls).
 *
 * The stack buffer holds state-equivalent (secret) data and is zeroed
 * before returning.
 */

#include <linux/cfi_types.h>
#include <linux/linkage.h>

#define E_SIZE		200		/* the second state buffer */
#define SAVE_IN		200		/* absorb: input pointer */
#define SAVE_NBLK	208		/* absorb: blocks left */
#define SAVE_RATE	216		/* absorb: rate in bytes */
#define FRAME_SIZE	232		/* keeps %rsp 16-byte aligned */

	.section .rodata
	.p2align 6
.Lkeccak_rc:
	.quad 0x0000000000000001, 0x0000000000008082
	.quad 0x800000000000808a, 0x8000000080008000
	.quad 0x000000000000808b, 0x0000000080000001
	.quad 0x8000000080008081, 0x8000000000008009
	.quad 0x000000000000008a, 0x0000000000000088
	.quad 0x0000000080008009, 0x000000008000000a
	.quad 0x000000008000808b, 0x800000000000008b
	.quad 0x8000000000008089, 0x8000000000008003
	.quad 0x8000000000008002, 0x8000000000000080
	.quad 0x000000000000800a, 0x800000008000000a
	.quad 0x8000000080008081, 0x8000000000008080
	.quad 0x0000000080000001, 0x8000000080008008
.Lkeccak_rc_end:

	.text

/* C[x] = xor of column x of the state at \s; then D[x] into %r8..%r12. */
.macro THETA s
	mov	0*8(\s), %rax
	mov	1*8(\s), %rbx
	mov	2*8(\s), %rcx
	mov	3*8(\s), %rdx
	mov	4*8(\s), %rsi
	xor	5*8(\s), %rax
	xor	6*8(\s), %rbx
	xor	7*8(\s), %rcx
	xor	8*8(\s), %rdx
	xor	9*8(\s), %rsi
	xor	10*8(\s), %rax
	xor	11*8(\s), %rbx
	xor	12*8(\s), %rcx
	xor	13*8(\s), %rdx
	xor	14*8(\s), %rsi
	xor	15*8(\s), %rax
	xor	16*8(\s), %rbx
	xor	17*8(\s), %rcx
	xor	18*8(\s), %rdx
	xor	19*8(\s), %rsi
	xor	20*8(\s), %rax
	xor	21*8(\s), %rbx
	xor	22*8(\s), %rcx
	xor	23*8(\s), %rdx
	xor	24*8(\s), %rsi
	rorx	$63, %rbx, %r8		/* D0 = C4 ^ rol(C1, 1) */
	xor	%rsi, %r8
	rorx	$63, %rcx, %r9		/* D1 = C0 ^ rol(C2, 1) */
	xor	%rax, %r9
	rorx	$63, %rdx, %r10		/* D2 = C1 ^ rol(C3, 1) */
	xor	%rbx, %r10
	rorx	$63, %rsi, %r11		/* D3 = C2 ^ rol(C4, 1) */
	xor	%rcx, %r11
	rorx	$63, %rax, %r12		/* D4 = C3 ^ rol(C0, 1) */
	xor	%rdx, %r12
.endm

/* \b = rol(lane \l of the state at \s ^ D[\l mod 5], \r) */
.macro RHO b, s, l, r
	.if (\l % 5) == 0
	mov	%r8, \b
	.elseif (\l % 5) == 1
	mov	%r9, \b
	.elseif (\l % 5) == 2
	mov	%r10, \b
	.elseif (\l % 5) == 3
	mov	%r11, \b
	.else
	mov	%r12, \b
	.endif
	xor	\l*8(\s), \b
	.if \r
	rol	$\r, \b
	.endif
.endm

/*
 * One output row \y of a round, from the state at \s into the state at \d.
 * (\lN, \rN) are the source lane and rotation of output lane x = N (pi and
 * rho); \iota, when given, is the offset of the round constant from
 * %r15 + %r14 (iota, applied to lane 0 of row 0 only).
 */
.macro ROW s, d, y, l0, r0, l1, r1, l2, r2, l3, r3, l4, r4, iota
	RHO	%rax, \s, \l0, \r0
	RHO	%rbx, \s, \l1, \r1
	RHO	%rcx, \s, \l2, \r2
	RHO	%rdx, \s, \l3, \r3
	RHO	%rsi, \s, \l4, \r4
	andn	%rcx, %rbx, %r13	/* ~B1 & B2 */
	xor	%rax, %r13
	.ifnb \iota
	xor	\iota(%r15,%r14), %r13
	.endif
	mov	%r13, (5*\y+0)*8(\d)
	andn	%rdx, %rcx, %r13	/* ~B2 & B3 */
	xor	%rbx, %r13
	mov	%r13, (5*\y+1)*8(\d)
	andn	%rsi, %rdx, %r13	/* ~B3 & B4 */
	xor	%rcx, %r13
	mov	%r13, (5*\y+2)*8(\d)
	andn	%rax, %rsi, %r13	/* ~B4 & B0 */
	xor	%rdx, %r13
	mov	%r13, (5*\y+3)*8(\d)
	andn	%rbx, %rax, %r13	/* ~B0 & B1 */
	xor	%rsi, %r13
	mov	%r13, (5*\y+4)*8(\d)
.endm

/*
 * A full round from \s to \d with the round constant at \iota(%r15,%r14).
 * Output lane (X, Y) comes from input lane (x, y) = ((X + 3Y) mod 5, X)
 * rotated by the rho offset of that input lane.
 */
.macro ROUND s, d, iota
	THETA	\s
	ROW	\s, \d, 0,  0, 0,   6, 44,  12, 43,  18, 21,  24, 14, \iota
	ROW	\s, \d, 1,  3, 28,  9, 20,  10, 3,   16, 45,  22, 61
	ROW	\s, \d, 2,  1, 1,   7, 6,   13, 25,  19, 8,   20, 18
	ROW	\s, \d, 3,  4, 27,  5, 36,  11, 10,  17, 15,  23, 56
	ROW	\s, \d, 4,  2, 62,  8, 55,  14, 39,  15, 41,  21, 2
.endm

/* The 24 rounds on the state at %rdi, using the stack buffer. */
.macro PERMUTE
	lea	.Lkeccak_rc_end(%rip), %r15
	mov	$-(24*8), %r14
.p2align 4
1:
	ROUND	%rdi, %rsp, 0
	ROUND	%rsp, %rdi, 8
	add	$16, %r14
	jnz	1b
.endm

.macro PROLOGUE
	push	%rbx
	push	%r12
	push	%r13
	push	%r14
	push	%r15
	sub	$FRAME_SIZE, %rsp
.endm

/* Zero the stack buffer (secret), restore, return. */
.macro EPILOGUE
	xor	%eax, %eax
	.irp	i, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24
	mov	%rax, \i*8(%rsp)
	.endr
	add	$FRAME_SIZE, %rsp
	pop	%r15
	pop	%r14
	pop	%r13
	pop	%r12
	pop	%rbx
.endm

/*
 * void nobs_keccakf_x86_bmi(u64 st[25])
 *
 * Keccak-f[1600] in place.
 */
SYM_TYPED_FUNC_START(nobs_keccakf_x86_bmi)
	PROLOGUE
	PERMUTE
	EPILOGUE
	RET
SYM_FUNC_END(nobs_keccakf_x86_bmi)

/*
 * void nobs_keccak_absorb_x86_bmi(u64 st[25], const u8 *in, size_t nblocks,
 *				    size_t rate)
 *
 * For each of nblocks blocks of rate bytes: xor the block into the first
 * rate/8 lanes (little-endian, unaligned input is fine), then permute.
 * rate is a multiple of 8 from 8 to 168.
 */
SYM_TYPED_FUNC_START(nobs_keccak_absorb_x86_bmi)
	test	%rdx, %rdx
	jz	.Labsorb_none
	PROLOGUE
	mov	%rdx, SAVE_NBLK(%rsp)
	mov	%rcx, SAVE_RATE(%rsp)
.Labsorb_block:
	/*
	 * XOR rate/8 lanes.  Straight-line with one compare per lane
	 * instead of a loop: the branches go the same way for every block,
	 * and any multiple of 8 up to 168 works.
	 */
	mov	0*8(%rsi), %rax
	xor	%rax, 0*8(%rdi)
	.irp	i, 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20
	cmp	$\i*8, %ecx
	jbe	.Labsorb_xored
	mov	\i*8(%rsi), %rax
	xor	%rax, \i*8(%rdi)
	.endr
.Labsorb_xored:
	add	%rcx, %rsi
	mov	%rsi, SAVE_IN(%rsp)
	PERMUTE
	mov	SAVE_IN(%rsp), %rsi
	mov	SAVE_RATE(%rsp), %rcx
	decq	SAVE_NBLK(%rsp)
	jnz	.Labsorb_block
	EPILOGUE
.Labsorb_none:
	RET
SYM_FUNC_END(nobs_keccak_absorb_x86_bmi)
