/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Keccak-f[1600] on eight independent states at once with AVX-512F
 * (nobs_keccak_x86_avx512_x8, see sha3/keccak.h for struct
 * nobs_keccak_xn_impl).  Vector registers, so the caller holds
 * kernel_fpu_begin() (needs_simd).
 *
 * Layout: qword k of %zmm<i> holds lane i of state k, for the 25 lanes
 * i = x + 5y: the whole of the eight states lives in %zmm0..24 from entry
 * to exit (one vpgatherqq per lane at entry, the states being 200 bytes
 * apart, one vpscatterqq per lane at exit).  %zmm25..31 are the
 * temporaries.  No memory but the caller's holds state.
 *
 * A round, written for nobs from the FIPS 202 step definitions:
 *
 *  - theta: C[x] = xor of column x (a copy and two vpternlogq, %zmm25..29),
 *    then per column rol(C[x+1], 1) (one vprolq) and A ^= C[x-1] ^ that,
 *    one vpternlogq per lane;
 *  - rho and pi in place: pi moves lane i to lane pi(i), and pi is one
 *    cycle through the 24 lanes other than lane 0, so walking that cycle
 *    backwards, each destination is overwritten only after it was read:
 *    one vprolq per lane (B[pi(i)] = rol(A[i], rho[i]), non-destructive),
 *    the first value of the walk parked in %zmm25 and moved into place at
 *    the end;
 *  - chi per row: two copies and five vpternlogq (imm 0xd2: a ^ (~b & c));
 *  - iota: the round constant, embedded-broadcast, xored into lane 0.
 *
 * The cycle (destination, source, rho of the source) below follows FIPS
 * 202 3.2.2-3.2.3: lane i = x + 5y goes to lane y + 5((2x + 3y) mod 5)
 * rotated by r[x][y].  About 110 instructions per round for eight states.
 *
 * Input: for each block, four lanes of the eight blocks at a time, eight
 * masked loads and a transpose (X8_IN4), xored into %zmm<j>..<j+3>; the
 * block pointers live in %r8..%r15 (%r12..%r15 saved on the stack: no
 * state is ever stored there).
 *
 * Instructions: AVX512F only (vpternlogq, vprolq, gathers, scatters,
 * kxnorw/kxorw: 16-bit mask operations).  Before returning, every vector
 * register (vzeroall and %xmm16..31) and %k1, %k2 are cleared.
 */

#include <linux/cfi_types.h>
#include <linux/linkage.h>

	.section .rodata
	.p2align 6
.Lx8_stride:				/* the states are 200 bytes apart */
	.quad 0, 200, 400, 600, 800, 1000, 1200, 1400
.Lx8_rc:
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
.Lx8_rc_end:

	.text

/* %zmm\c = %zmm\a ^ %zmm\b ^ %zmm\d ^ %zmm\e ^ %zmm\f */
.macro X8_PARITY c, a, b, d, e, f
	vmovdqa64	%zmm\a, %zmm\c
	vpternlogq	$0x96, %zmm\d, %zmm\b, %zmm\c
	vpternlogq	$0x96, %zmm\f, %zmm\e, %zmm\c
.endm

/* column of lanes a0..a4: A ^= C[x-1] ^ rol(C[x+1], 1) */
.macro X8_THETA cm1, cp1, t, a0, a1, a2, a3, a4
	vprolq		$1, %zmm\cp1, %zmm\t
	.irp a, \a0, \a1, \a2, \a3, \a4
	vpternlogq	$0x96, %zmm\t, %zmm\cm1, %zmm\a
	.endr
.endm

/* rho and pi, one step of the cycle: lane \d = rol(lane \s, \r) */
.macro X8_RP d, s, r
	vprolq		$\r, %zmm\s, %zmm\d
.endm

/* chi of the row a0..a4, with two temporaries */
.macro X8_CHI a0, a1, a2, a3, a4, t0, t1
	vmovdqa64	%zmm\a0, %zmm\t0
	vmovdqa64	%zmm\a1, %zmm\t1
	vpternlogq	$0xd2, %zmm\a2, %zmm\a1, %zmm\a0
	vpternlogq	$0xd2, %zmm\a3, %zmm\a2, %zmm\a1
	vpternlogq	$0xd2, %zmm\a4, %zmm\a3, %zmm\a2
	vpternlogq	$0xd2, %zmm\t0, %zmm\a4, %zmm\a3
	vpternlogq	$0xd2, %zmm\t1, %zmm\t0, %zmm\a4
.endm

/* one round on %zmm0..24, round constant at (%rax) */
.macro X8_ROUND
	X8_PARITY	25, 0, 5, 10, 15, 20
	X8_PARITY	26, 1, 6, 11, 16, 21
	X8_PARITY	27, 2, 7, 12, 17, 22
	X8_PARITY	28, 3, 8, 13, 18, 23
	X8_PARITY	29, 4, 9, 14, 19, 24
	X8_THETA	29, 26, 30, 0, 5, 10, 15, 20
	X8_THETA	25, 27, 31, 1, 6, 11, 16, 21
	X8_THETA	26, 28, 30, 2, 7, 12, 17, 22
	X8_THETA	27, 29, 31, 3, 8, 13, 18, 23
	X8_THETA	28, 25, 30, 4, 9, 14, 19, 24
	/* the cycle 1 10 7 11 17 18 3 5 16 8 21 24 4 15 23 19 13 12 2 20 14 22 9 6, backwards */
	X8_RP	25, 6, 44		/* lane 1's new value, parked */
	X8_RP	6, 9, 20
	X8_RP	9, 22, 61
	X8_RP	22, 14, 39
	X8_RP	14, 20, 18
	X8_RP	20, 2, 62
	X8_RP	2, 12, 43
	X8_RP	12, 13, 25
	X8_RP	13, 19, 8
	X8_RP	19, 23, 56
	X8_RP	23, 15, 41
	X8_RP	15, 4, 27
	X8_RP	4, 24, 14
	X8_RP	24, 21, 2
	X8_RP	21, 8, 55
	X8_RP	8, 16, 45
	X8_RP	16, 5, 36
	X8_RP	5, 3, 28
	X8_RP	3, 18, 21
	X8_RP	18, 17, 15
	X8_RP	17, 11, 10
	X8_RP	11, 7, 6
	X8_RP	7, 10, 3
	X8_RP	10, 1, 1
	vmovdqa64	%zmm25, %zmm1
	X8_CHI	0, 1, 2, 3, 4, 26, 27
	vpxorq		(%rax){1to8}, %zmm0, %zmm0	/* iota */
	X8_CHI	5, 6, 7, 8, 9, 28, 29
	X8_CHI	10, 11, 12, 13, 14, 30, 31
	X8_CHI	15, 16, 17, 18, 19, 25, 26
	X8_CHI	20, 21, 22, 23, 24, 27, 28
.endm

/*
 * Lanes \j, \j1, \j2, \j3 (= \j + 1 .. \j + 3) of the eight blocks
 * (pointers in %r8..%r15), transposed into place and xored into
 * %zmm\j..\j3.  Four qwords of each block by a load masked by \k (lanes
 * past the block are neither read nor, being zero, changing anything),
 * blocks 0|2, 1|3, 4|6, 5|7 paired in the halves of %zmm25..28, then a
 * 4x4 qword transpose in both halves at once: vpunpck[lh]qdq pairs qwords
 * of two blocks, vshufi64x2 gathers the 128-bit pairs of one lane.
 */
.macro X8_IN4 k, j, j1, j2, j3
	vmovdqu64	\j*8(%r8), %zmm25{\k}{z}
	vmovdqu64	\j*8(%r10), %zmm29{\k}{z}
	vinserti64x4	$1, %ymm29, %zmm25, %zmm25
	vmovdqu64	\j*8(%r9), %zmm26{\k}{z}
	vmovdqu64	\j*8(%r11), %zmm30{\k}{z}
	vinserti64x4	$1, %ymm30, %zmm26, %zmm26
	vmovdqu64	\j*8(%r12), %zmm27{\k}{z}
	vmovdqu64	\j*8(%r14), %zmm29{\k}{z}
	vinserti64x4	$1, %ymm29, %zmm27, %zmm27
	vmovdqu64	\j*8(%r13), %zmm28{\k}{z}
	vmovdqu64	\j*8(%r15), %zmm30{\k}{z}
	vinserti64x4	$1, %ymm30, %zmm28, %zmm28
	vpunpcklqdq	%zmm26, %zmm25, %zmm29
	vpunpckhqdq	%zmm26, %zmm25, %zmm30
	vpunpcklqdq	%zmm28, %zmm27, %zmm25
	vpunpckhqdq	%zmm28, %zmm27, %zmm26
	vshufi64x2	$0x88, %zmm25, %zmm29, %zmm27
	vpxorq		%zmm27, %zmm\j, %zmm\j
	vshufi64x2	$0xdd, %zmm25, %zmm29, %zmm28
	vpxorq		%zmm28, %zmm\j2, %zmm\j2
	vshufi64x2	$0x88, %zmm26, %zmm30, %zmm27
	vpxorq		%zmm27, %zmm\j1, %zmm\j1
	vshufi64x2	$0xdd, %zmm26, %zmm30, %zmm28
	vpxorq		%zmm28, %zmm\j3, %zmm\j3
.endm

/* a whole group of four lanes if the block has it, else the partial one */
.macro X8_FULL j, j1, j2, j3
	cmpl		$(\j + 4) * 8, %ecx
	jb		.Lx8_part\j
	X8_IN4		%k2, \j, \j1, \j2, \j3
.endm

/* the last group: the lanes of it the block has, under %k1 */
.macro X8_PART j, j1, j2, j3
.Lx8_part\j:
	cmpl		$\j * 8, %ecx
	jbe		.Lx8_xored
	X8_IN4		%k1, \j, \j1, \j2, \j3
	jmp		.Lx8_xored
.endm

/*
 * void nobs_keccak_absorb_x86_avx512_x8(u64 (*st)[25],
 *					 const u8 *const *in,
 *					 size_t nblocks, size_t rate)
 *
 * For each k < 8: xor nblocks blocks of rate bytes from in[k] into st[k],
 * permuting after each block.  rate is a multiple of 8 from 8 to 168; no
 * alignment is needed anywhere.
 */
SYM_TYPED_FUNC_START(nobs_keccak_absorb_x86_avx512_x8)
	testq		%rdx, %rdx
	jz		.Lx8_none
	pushq		%r12
	pushq		%r13
	pushq		%r14
	pushq		%r15
	vmovdqa64	.Lx8_stride(%rip), %zmm31
	.irp j, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24
	kxnorw		%k1, %k1, %k1
	vpgatherqq	\j*8(%rdi,%zmm31,1), %zmm\j{%k1}
	.endr
	/* the block pointers; %k2: four lanes, %k1: those of the last group */
	movq		0*8(%rsi), %r8
	movq		1*8(%rsi), %r9
	movq		2*8(%rsi), %r10
	movq		3*8(%rsi), %r11
	movq		4*8(%rsi), %r12
	movq		5*8(%rsi), %r13
	movq		6*8(%rsi), %r14
	movq		7*8(%rsi), %r15
	movl		$0xf, %eax
	kmovw		%eax, %k2
	movl		%ecx, %eax
	shrl		$3, %eax
	andl		$3, %eax
	xchgl		%eax, %ecx
	movl		$1, %esi
	shll		%cl, %esi
	decl		%esi
	movl		%eax, %ecx
	kmovw		%esi, %k1

.Lx8_block:
	X8_FULL		0, 1, 2, 3
	X8_FULL		4, 5, 6, 7
	X8_FULL		8, 9, 10, 11
	X8_FULL		12, 13, 14, 15
	X8_FULL		16, 17, 18, 19
	jmp		.Lx8_part20		/* rate <= 168: lane 20 at most */
	X8_PART		0, 1, 2, 3
	X8_PART		4, 5, 6, 7
	X8_PART		8, 9, 10, 11
	X8_PART		12, 13, 14, 15
	X8_PART		16, 17, 18, 19
	X8_PART		20, 21, 22, 23
.Lx8_xored:
	.irp r, 8,9,10,11,12,13,14,15
	addq		%rcx, %r\r
	.endr

	leaq		.Lx8_rc(%rip), %rax
	leaq		.Lx8_rc_end(%rip), %rsi
.p2align 4
.Lx8_round:
	X8_ROUND
	addq		$8, %rax
	cmpq		%rsi, %rax
	jne		.Lx8_round

	decq		%rdx
	jnz		.Lx8_block

	vmovdqa64	.Lx8_stride(%rip), %zmm31
	.irp j, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24
	kxnorw		%k1, %k1, %k1
	vpscatterqq	%zmm\j, \j*8(%rdi,%zmm31,1){%k1}
	.endr

	/* no state left in vector registers; the masks cleared too */
	kxorw		%k1, %k1, %k1
	kxorw		%k2, %k2, %k2
	.irp	r, 16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	vpxord		%xmm\r, %xmm\r, %xmm\r
	.endr
	vzeroall
	popq		%r15
	popq		%r14
	popq		%r13
	popq		%r12
.Lx8_none:
	RET
SYM_FUNC_END(nobs_keccak_absorb_x86_avx512_x8)
