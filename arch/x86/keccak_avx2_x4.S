/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Keccak-f[1600] on four independent states at once with AVX2
 * (nobs_keccak_x86_avx2_x4, see sha3/keccak.h for struct
 * nobs_keccak_xn_impl).  Vector registers, so the caller holds
 * kernel_fpu_begin() (needs_simd).
 *
 * Layout: qword k of %ymm holds lane i of state k.  The four states are
 * interleaved into a stack buffer (A) at entry (one vpgatherqq per lane,
 * the states being 200 bytes apart) and taken apart again at exit; in
 * between, a round (X4_ROUND) is:
 *
 *  - theta: C[x] in %ymm10..14, computed by the previous round's chi as
 *    it stores the lanes (the block's first round: by the input's xor),
 *    so that a round never waits for the last row's stores to come back;
 *    D[x] = C[x-1] ^ rol(C[x+1], 1) in %ymm5..9;
 *  - theta, rho and pi of each output lane: B[X] = rol(A[src] ^ D[src %
 *    5], rho[src]) (AVX2 has no rotate: a shift pair and an or, or one
 *    vpshufb for the rotations by 8 and 56 bytes-wise), pi being the
 *    choice of the source offset for each output slot; rows 0..2 go to a
 *    second buffer (B), rows 3 and 4 stay in registers;
 *  - chi, E = B[X] ^ (~B[X+1] & B[X+2]) (vpandn, vpxor), stored into
 *    buffer A and xored into the next C; iota's round constant (stored
 *    four times, one memory operand) goes into lane 0 of row 0 before its
 *    store.  %ymm15 is the temporary.
 *
 * A loop iteration runs two rounds, twelve times.
 *
 * The source lane and rotation of each output lane below (src, D register
 * 5 + src % 5, rho) follow FIPS 202 3.2.2-3.2.3: B[y][2x + 3y] =
 * rol(A[x][y], r[x][y]), lane i = x + 5y.
 *
 * Input: for each block, four lanes of the four blocks at a time: four
 * loads (masked by vpmaskmovq for the last, partial group) and a 4x4
 * transpose (X4_IN4), xored into buffer A and into C[x] in %ymm10..14,
 * which the last round left there: C is read from memory once per call,
 * not once per block, and the first round of a block never waits for the
 * input's stores to come back.
 *
 * Frame: %rbp is pushed and set (frame-pointer unwinding works through an
 * interrupt taken here), %rsp is aligned down to 32 bytes and 1632 bytes
 * below it hold buffers A and B and the input mask; the buffers hold
 * state (secret) data, the whole frame is zeroed before returning,
 * and vzeroall clears the vector registers.
 */

#include <linux/cfi_types.h>
#include <linux/linkage.h>

#define X4_BUF		800		/* one interleaved state; buffer B */
#define X4_MASK		(2 * X4_BUF)	/* the last input group's lanes */
#define X4_FRAME	(2 * X4_BUF + 32)

	.section .rodata
	.p2align 5
.Lx4_stride:				/* the states are 200 bytes apart */
	.quad 0, 200, 400, 600
.Lx4_masks:				/* 0..3 lanes of a group */
	.quad 0, 0, 0, 0
	.quad -1, 0, 0, 0
	.quad -1, -1, 0, 0
	.quad -1, -1, -1, 0
.Lx4_rol8:				/* vpshufb: each qword rotated by 8 */
	.byte 7, 0, 1, 2, 3, 4, 5, 6, 15, 8, 9, 10, 11, 12, 13, 14
	.byte 7, 0, 1, 2, 3, 4, 5, 6, 15, 8, 9, 10, 11, 12, 13, 14
.Lx4_rol56:				/* ... and by 56 */
	.byte 1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8
	.byte 1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8
	.p2align 5
.Lx4_rc:				/* each round constant four times */
	.irp rc, 0x0000000000000001, 0x0000000000008082, 0x800000000000808a, 0x8000000080008000
	.quad \rc, \rc, \rc, \rc
	.endr
	.irp rc, 0x000000000000808b, 0x0000000080000001, 0x8000000080008081, 0x8000000000008009
	.quad \rc, \rc, \rc, \rc
	.endr
	.irp rc, 0x000000000000008a, 0x0000000000000088, 0x0000000080008009, 0x000000008000000a
	.quad \rc, \rc, \rc, \rc
	.endr
	.irp rc, 0x000000008000808b, 0x800000000000008b, 0x8000000000008089, 0x8000000000008003
	.quad \rc, \rc, \rc, \rc
	.endr
	.irp rc, 0x8000000000008002, 0x8000000000000080, 0x000000000000800a, 0x800000008000000a
	.quad \rc, \rc, \rc, \rc
	.endr
	.irp rc, 0x8000000080008081, 0x8000000000008080, 0x0000000080000001, 0x8000000080008008
	.quad \rc, \rc, \rc, \rc
	.endr
.Lx4_rc_end:

	.text

/* %ymm\c = C[x], the xor of column \x of the buffer at \s(%rsp) */
.macro X4_COL s, x, c
	vmovdqu		\s + \x*32(%rsp), %ymm\c
	vpxor		\s + (\x + 5)*32(%rsp), %ymm\c, %ymm\c
	vpxor		\s + (\x + 10)*32(%rsp), %ymm\c, %ymm\c
	vpxor		\s + (\x + 15)*32(%rsp), %ymm\c, %ymm\c
	vpxor		\s + (\x + 20)*32(%rsp), %ymm\c, %ymm\c
.endm

/* D[x] (%ymm\d) = C[x-1] ^ rol(C[x+1], 1) */
.macro X4_D d, cm1, cp1
	vpsrlq		$63, %ymm\cp1, %ymm\d
	vpaddq		%ymm\cp1, %ymm\cp1, %ymm15
	vpor		%ymm15, %ymm\d, %ymm\d
	vpxor		%ymm\cm1, %ymm\d, %ymm\d
.endm

/* %ymm\b = rol(lane \src of the buffer at \s(%rsp) ^ %ymm\dreg, \r) */
.macro X4_B b, s, src, dreg, r
	vpxor		\s + \src*32(%rsp), %ymm\dreg, %ymm\b
.if \r == 8
	vpshufb		.Lx4_rol8(%rip), %ymm\b, %ymm\b
.elseif \r == 56
	vpshufb		.Lx4_rol56(%rip), %ymm\b, %ymm\b
.elseif \r == 1
	vpaddq		%ymm\b, %ymm\b, %ymm15
	vpsrlq		$63, %ymm\b, %ymm\b
	vpor		%ymm15, %ymm\b, %ymm\b
.elseif \r
	vpsllq		$\r, %ymm\b, %ymm15
	vpsrlq		$(64 - \r), %ymm\b, %ymm\b
	vpor		%ymm15, %ymm\b, %ymm\b
.endif
.endm

/*
 * E = B[x] ^ (~B[x1] & B[x2]) of the row in %ymm\b, %ymm\b1, %ymm\b2,
 * stored as lane 5 * \y + \x of buffer A; the next round's C[x] is
 * %ymm(10 + \x): the round's first row (\first) computes it there, the
 * others add; iota on lane 0.
 */
.macro X4_E first, y, x, b, b1, b2, rc
.if \first
	vpandn		%ymm\b2, %ymm\b1, %ymm1\x
	vpxor		%ymm\b, %ymm1\x, %ymm1\x
.if \y == 0 && \x == 0
	vpxor		\rc(%rax), %ymm1\x, %ymm1\x		/* iota */
.endif
	vmovdqu		%ymm1\x, (5 * \y + \x) * 32(%rsp)
.else
	vpandn		%ymm\b2, %ymm\b1, %ymm15
	vpxor		%ymm\b, %ymm15, %ymm15
.if \y == 0 && \x == 0
	vpxor		\rc(%rax), %ymm15, %ymm15		/* iota */
.endif
	vmovdqu		%ymm15, (5 * \y + \x) * 32(%rsp)
	vpxor		%ymm15, %ymm1\x, %ymm1\x
.endif
.endm

/* chi (and iota) of row \y, its B[0..4] in %ymm\b0 .. %ymm\b4 */
.macro X4_CHI first, y, rc, b0, b1, b2, b3, b4
	X4_E	\first, \y, 0, \b0, \b1, \b2, \rc
	X4_E	\first, \y, 1, \b1, \b2, \b3, \rc
	X4_E	\first, \y, 2, \b2, \b3, \b4, \rc
	X4_E	\first, \y, 3, \b3, \b4, \b0, \rc
	X4_E	\first, \y, 4, \b4, \b0, \b1, \rc
.endm

/* B[\x] of output row \y (%ymm\x), stored into buffer B */
.macro X4_BS y, x, src, dreg, r
	X4_B		\x, 0, \src, \dreg, \r
	vmovdqu		%ymm\x, X4_BUF + (5 * \y + \x) * 32(%rsp)
.endm

/* chi of row \y, its B from buffer B */
.macro X4_CHI_B y, rc
	vmovdqu		X4_BUF + (5 * \y + 0) * 32(%rsp), %ymm0
	vmovdqu		X4_BUF + (5 * \y + 1) * 32(%rsp), %ymm1
	vmovdqu		X4_BUF + (5 * \y + 2) * 32(%rsp), %ymm2
	vmovdqu		X4_BUF + (5 * \y + 3) * 32(%rsp), %ymm3
	vmovdqu		X4_BUF + (5 * \y + 4) * 32(%rsp), %ymm4
	X4_CHI		0, \y, \rc, 0, 1, 2, 3, 4
.endm

/*
 * One round on buffer A, its round constant at \rc(%rax); C of the input
 * in %ymm10..14 at entry, of the output at exit (so theta never waits for
 * the stores of the last row).  First theta, rho and pi of every output
 * lane: rows 0..2 into buffer B, row 3 kept in %ymm0..4, row 4 in the D
 * registers (each D[x] dies with the row 4 lane that uses it); then chi
 * and iota, rows 4 and 3 from those registers, rows 0..2 from buffer B.
 * What the next round's D waits for at the end of a round is then only
 * the last row's chi (vpandn, vpxor, the xor into C), its theta and rho
 * having run long before, so the wait between rounds is short.
 */
.macro X4_ROUND rc
	X4_D	5, 14, 11
	X4_D	6, 10, 12
	X4_D	7, 11, 13
	X4_D	8, 12, 14
	X4_D	9, 13, 10
	/* output row 0: lanes 0, 6, 12, 18, 24 */
	X4_BS	0, 0, 0, 5, 0
	X4_BS	0, 1, 6, 6, 44
	X4_BS	0, 2, 12, 7, 43
	X4_BS	0, 3, 18, 8, 21
	X4_BS	0, 4, 24, 9, 14
	/* output row 1 */
	X4_BS	1, 0, 3, 8, 28
	X4_BS	1, 1, 9, 9, 20
	X4_BS	1, 2, 10, 5, 3
	X4_BS	1, 3, 16, 6, 45
	X4_BS	1, 4, 22, 7, 61
	/* output row 2 */
	X4_BS	2, 0, 1, 6, 1
	X4_BS	2, 1, 7, 7, 6
	X4_BS	2, 2, 13, 8, 25
	X4_BS	2, 3, 19, 9, 8
	X4_BS	2, 4, 20, 5, 18
	/* output row 3, in %ymm0..4 */
	X4_B	0, 0, 4, 9, 27
	X4_B	1, 0, 5, 5, 36
	X4_B	2, 0, 11, 6, 10
	X4_B	3, 0, 17, 7, 15
	X4_B	4, 0, 23, 8, 56
	/* output row 4, B[x] in the D register it uses */
	X4_B	7, 0, 2, 7, 62
	X4_B	8, 0, 8, 8, 55
	X4_B	9, 0, 14, 9, 39
	X4_B	5, 0, 15, 5, 41
	X4_B	6, 0, 21, 6, 2
	X4_CHI	1, 4, \rc, 7, 8, 9, 5, 6
	X4_CHI	0, 3, \rc, 0, 1, 2, 3, 4
	X4_CHI_B 0, \rc
	X4_CHI_B 1, \rc
	X4_CHI_B 2, \rc
.endm

/*
 * Lanes \j, \j1, \j2, \j3 (= \j + 1 .. \j + 3) of buffer A ^= those of the
 * four blocks (%r8..%r11): four qwords of each block (\full: all of them
 * there, else under the mask in %ymm15, whose lanes past the block are
 * neither read nor, being zero, changing anything), then a 4x4 qword
 * transpose (vpunpck[lh]qdq, vperm2i128); each input lane is also xored
 * into its column's C (%ymm\c0 .. %ymm\c3 = 10 + lane % 5), which so
 * stays that of buffer A without reading it back.
 */
.macro X4_IN4 full, j, j1, j2, j3, c0, c1, c2, c3
.if \full
	vmovdqu		\j*8(%r8), %ymm0
	vmovdqu		\j*8(%r9), %ymm1
	vmovdqu		\j*8(%r10), %ymm2
	vmovdqu		\j*8(%r11), %ymm3
.else
	vpmaskmovq	\j*8(%r8), %ymm15, %ymm0
	vpmaskmovq	\j*8(%r9), %ymm15, %ymm1
	vpmaskmovq	\j*8(%r10), %ymm15, %ymm2
	vpmaskmovq	\j*8(%r11), %ymm15, %ymm3
.endif
	vpunpcklqdq	%ymm1, %ymm0, %ymm4
	vpunpckhqdq	%ymm1, %ymm0, %ymm5
	vpunpcklqdq	%ymm3, %ymm2, %ymm6
	vpunpckhqdq	%ymm3, %ymm2, %ymm7
	vperm2i128	$0x20, %ymm6, %ymm4, %ymm0
	vperm2i128	$0x20, %ymm7, %ymm5, %ymm1
	vperm2i128	$0x31, %ymm6, %ymm4, %ymm2
	vperm2i128	$0x31, %ymm7, %ymm5, %ymm3
	vpxor		%ymm0, %ymm\c0, %ymm\c0
	vpxor		%ymm1, %ymm\c1, %ymm\c1
	vpxor		%ymm2, %ymm\c2, %ymm\c2
	vpxor		%ymm3, %ymm\c3, %ymm\c3
	vpxor		\j*32(%rsp), %ymm0, %ymm0
	vpxor		\j1*32(%rsp), %ymm1, %ymm1
	vpxor		\j2*32(%rsp), %ymm2, %ymm2
	vpxor		\j3*32(%rsp), %ymm3, %ymm3
	vmovdqu		%ymm0, \j*32(%rsp)
	vmovdqu		%ymm1, \j1*32(%rsp)
	vmovdqu		%ymm2, \j2*32(%rsp)
	vmovdqu		%ymm3, \j3*32(%rsp)
.endm

/* a whole group of four lanes if the block has it, else the partial one */
.macro X4_FULL j, j1, j2, j3, c0, c1, c2, c3
	cmpl		$(\j + 4) * 8, %ecx
	jb		.Lx4_part\j
	X4_IN4		1, \j, \j1, \j2, \j3, \c0, \c1, \c2, \c3
.endm

/* the last group: the lanes of it the block has */
.macro X4_PART j, j1, j2, j3, c0, c1, c2, c3
.Lx4_part\j:
	cmpl		$\j * 8, %ecx
	jbe		.Lx4_xored
	X4_IN4		0, \j, \j1, \j2, \j3, \c0, \c1, \c2, \c3
	jmp		.Lx4_xored
.endm

/*
 * void nobs_keccak_absorb_x86_avx2_x4(u64 (*st)[25], const u8 *const *in,
 *				       size_t nblocks, size_t rate)
 *
 * For each k < 4: xor nblocks blocks of rate bytes from in[k] into st[k],
 * permuting after each block.  rate is a multiple of 8 from 8 to 168; no
 * alignment is needed anywhere.
 */
SYM_TYPED_FUNC_START(nobs_keccak_absorb_x86_avx2_x4)
	testq		%rdx, %rdx
	jz		.Lx4_none
	pushq		%rbp
	movq		%rsp, %rbp
	andq		$-32, %rsp
	subq		$X4_FRAME, %rsp

	/* interleave the four states into buffer A at (%rsp) */
	vmovdqa		.Lx4_stride(%rip), %ymm15
	.irp j, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24
	vpcmpeqd	%ymm14, %ymm14, %ymm14
	vpgatherqq	%ymm14, \j*8(%rdi,%ymm15,1), %ymm13
	vmovdqu		%ymm13, \j*32(%rsp)
	.endr
	movq		0*8(%rsi), %r8		/* the four block pointers */
	movq		1*8(%rsi), %r9
	movq		2*8(%rsi), %r10
	movq		3*8(%rsi), %r11
	/* the mask of the last group's lanes: (rate / 8) % 4 of them */
	movl		%ecx, %eax
	shrl		$3, %eax
	andl		$3, %eax
	shll		$5, %eax
	leaq		.Lx4_masks(%rip), %rsi
	vmovdqa		(%rsi,%rax), %ymm15
	vmovdqu		%ymm15, X4_MASK(%rsp)

	/* C of the state; each block's input and each round keep it */
	X4_COL		0, 0, 10
	X4_COL		0, 1, 11
	X4_COL		0, 2, 12
	X4_COL		0, 3, 13
	X4_COL		0, 4, 14

.Lx4_block:
	vmovdqu		X4_MASK(%rsp), %ymm15
	X4_FULL		0, 1, 2, 3, 10, 11, 12, 13
	X4_FULL		4, 5, 6, 7, 14, 10, 11, 12
	X4_FULL		8, 9, 10, 11, 13, 14, 10, 11
	X4_FULL		12, 13, 14, 15, 12, 13, 14, 10
	X4_FULL		16, 17, 18, 19, 11, 12, 13, 14
	jmp		.Lx4_part20		/* rate <= 168: lane 20 at most */
	X4_PART		0, 1, 2, 3, 10, 11, 12, 13
	X4_PART		4, 5, 6, 7, 14, 10, 11, 12
	X4_PART		8, 9, 10, 11, 13, 14, 10, 11
	X4_PART		12, 13, 14, 15, 12, 13, 14, 10
	X4_PART		16, 17, 18, 19, 11, 12, 13, 14
	X4_PART		20, 21, 22, 23, 10, 11, 12, 13
.Lx4_xored:
	addq		%rcx, %r8
	addq		%rcx, %r9
	addq		%rcx, %r10
	addq		%rcx, %r11

	leaq		.Lx4_rc(%rip), %rax
	leaq		.Lx4_rc_end(%rip), %rsi
.p2align 4
.Lx4_round:
	X4_ROUND	0
	X4_ROUND	32
	addq		$64, %rax
	cmpq		%rsi, %rax
	jne		.Lx4_round

	decq		%rdx
	jnz		.Lx4_block

	/* take the states apart again */
	.irp j, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24
	vmovdqu		\j*32(%rsp), %ymm0
	vextracti128	$1, %ymm0, %xmm1
	vmovq		%xmm0, \j*8(%rdi)
	vpextrq		$1, %xmm0, 200 + \j*8(%rdi)
	vmovq		%xmm1, 400 + \j*8(%rdi)
	vpextrq		$1, %xmm1, 600 + \j*8(%rdi)
	.endr

	/* zero the frame and every vector register */
	vpxor		%xmm0, %xmm0, %xmm0
	.irp j, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24
	vmovdqu		%ymm0, \j*32(%rsp)
	vmovdqu		%ymm0, X4_BUF + \j*32(%rsp)
	.endr
	vmovdqu		%ymm0, X4_MASK(%rsp)
	vzeroall
	movq		%rbp, %rsp
	popq		%rbp
.Lx4_none:
	RET
SYM_FUNC_END(nobs_keccak_absorb_x86_avx2_x4)
