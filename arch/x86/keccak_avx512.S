/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Keccak-f[1600] for x86-64 with AVX-512F/VL: one state in five zmm
 * registers, row y of the state (lanes x = 0..4) in qwords 0..4 of
 * %zmm<y>; qwords 5..7 are don't-care and never stored.  Vector registers,
 * so the caller holds kernel_fpu_begin() (needs_simd).
 *
 * State in memory: 25 plain little-endian u64 lanes, lane i at st[i] with
 * i = x + 5*y, as in sha3/keccak.h.
 *
 * Shape of a round (written for nobs from the FIPS 202 step definitions;
 * the index and rotation tables below were computed from those
 * definitions by a generator script kept outside the tree):
 *
 *  - theta: C = xor of the five rows (two vpternlogq), D[x] = C[x-1] ^
 *    rol(C[x+1], 1).  Theta is applied after pi, where output row y' needs
 *    D lane-rotated by s = 3y' mod 5 (D_s[i] = D[i+s]).  D_s is never
 *    formed: its two terms rot_{s-1}(C) (four vpermq, C itself for s = 1)
 *    and rol(rot_{s+1}(C), 1) (one vprolq of one of those, so no permutes
 *    of its own) go straight into the vpternlogq that adds theta.
 *
 *  - pi is a transpose: output row y' takes one lane from every input row
 *    (B(X, Y) = A(X + 3Y, X)).  It runs on the state as it came out of the
 *    last round, in parallel with theta: one level of vpermi2q packs rows
 *    0,1 and rows 3,4 pairwise (V, Q), and a second, merge-masked vpermi2q
 *    gathers lanes 0,1,3,4 of each output row from V and Q into its index
 *    register, whose lane 2 was loaded beforehand with row 2's element for
 *    that output row (one masked vpermq), so the second level leaves the
 *    whole output row in place.
 *
 *  - theta is then one vpternlogq per row (B ^ rot_{s-1}(C) ^
 *    rol(rot_{s+1}(C))), rho one vprolvq per row with a per-row count
 *    vector; chi takes the row lane-rotated by 1 and 2 (two vpermq) and
 *    one vpternlogq per row (A ^ (~B & C), imm 0xd2); iota's round
 *    constant is xored into row 0 just before its chi (the same thing,
 *    chi being A ^ f(B, C)).
 *
 * About 60 instructions per round, 27 of them permutes; the longest chain
 * is three permutes deep.  Measured numbers: arch/x86/keccak_x86.c.
 *
 * Instructions: AVX512F, plus AVX512VL for the EVEX xmm forms (vmovq to
 * %xmm31, clearing %xmm16-31); the mask registers are used 16 bits wide
 * (kmovw), so no AVX512BW.
 *
 * The order of the instructions in a round was tuned by measurement: the
 * pi gathers first, then theta's rotations of C, then theta and rho of all
 * five rows, then chi's ten permutes, then chi's five vpternlogq.
 *
 * Registers: zmm0-4 state rows, zmm10-13 the lane rotations by 1..4
 * (vpermq indices, loaded once), zmm14 C, zmm15 rol(C, 1), zmm5 and
 * zmm7-9 rotations of C, zmm21-24 their rol by 1, zmm17-20 V and Q,
 * zmm16 a temporary, zmm17-24, zmm26, zmm27 again for chi's rotated rows,
 * zmm31 the round constant; k1 = lanes
 * 0,1,3,4 and k3 = lane 2 (pi), k7 = lanes 0..4 (state load/store), k2 the
 * absorb load mask.  All vector registers are cleared before returning
 * (the mask registers hold constants only).
 * Leaf functions, no stack frame, %rbp untouched.
 */

#include <linux/cfi_types.h>
#include <linux/linkage.h>

	.section .rodata
	.p2align 6
.Lrot1:
	.quad 1, 2, 3, 4
	.quad 0, 5, 6, 7
.Lrot2:
	.quad 2, 3, 4, 0
	.quad 1, 5, 6, 7
.Lrot3:
	.quad 3, 4, 0, 1
	.quad 2, 5, 6, 7
.Lrot4:
	.quad 4, 0, 1, 2
	.quad 3, 5, 6, 7
.Lrho0:
	.quad 0, 44, 43, 21
	.quad 14, 0, 0, 0
.Lrho1:
	.quad 28, 20, 3, 45
	.quad 61, 0, 0, 0
.Lrho2:
	.quad 1, 6, 25, 8
	.quad 18, 0, 0, 0
.Lrho3:
	.quad 27, 36, 10, 15
	.quad 56, 0, 0, 0
.Lrho4:
	.quad 62, 55, 39, 41
	.quad 2, 0, 0, 0
.Lpi_v0123:
	.quad 0, 9, 3, 12
	.quad 1, 10, 4, 8
.Lpi_v4:
	.quad 2, 11, 0, 0
	.quad 0, 0, 0, 0
.Lpi_q0123:
	.quad 3, 12, 1, 10
	.quad 4, 8, 2, 11
.Lpi_q4:
	.quad 0, 9, 0, 0
	.quad 0, 0, 0, 0
.Lpi_0:
	.quad 0, 1, 0, 8
	.quad 9, 0, 0, 0
.Lpi_1:
	.quad 2, 3, 0, 10
	.quad 11, 0, 0, 0
.Lpi_2:
	.quad 4, 5, 0, 12
	.quad 13, 0, 0, 0
.Lpi_3:
	.quad 6, 7, 0, 14
	.quad 15, 0, 0, 0
.Lpi_4:
	.quad 0, 1, 0, 8
	.quad 9, 0, 0, 0
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

.macro ROUND_BODY
	vmovq		(%r8), %xmm31
	vmovdqa64	%zmm0, %zmm14
	vpternlogq	$0x96, %zmm2, %zmm1, %zmm14
	vpternlogq	$0x96, %zmm4, %zmm3, %zmm14
	vprolq		$1, %zmm14, %zmm15
	vmovdqa64	.Lpi_v0123(%rip), %zmm17
	vpermi2q	%zmm1, %zmm0, %zmm17
	vmovdqa64	.Lpi_v4(%rip), %zmm18
	vpermi2q	%zmm1, %zmm0, %zmm18
	vmovdqa64	.Lpi_q0123(%rip), %zmm19
	vpermi2q	%zmm4, %zmm3, %zmm19
	vmovdqa64	.Lpi_q4(%rip), %zmm20
	vpermi2q	%zmm4, %zmm3, %zmm20
	vpermq		%zmm2, %zmm10, %zmm16{%k3}{z}
	vmovdqa64	.Lpi_0(%rip), %zmm0
	vmovdqa64	%zmm2, %zmm0{%k3}
	vmovdqa64	.Lpi_1(%rip), %zmm1
	vpermq		%zmm2, %zmm12, %zmm1{%k3}
	vmovdqa64	.Lpi_3(%rip), %zmm3
	vpermq		%zmm2, %zmm13, %zmm3{%k3}
	vmovdqa64	.Lpi_4(%rip), %zmm4
	vpermq		%zmm2, %zmm11, %zmm4{%k3}
	vporq		.Lpi_2(%rip), %zmm16, %zmm2
	vpermq		%zmm14, %zmm13, %zmm5
	vpermq		%zmm14, %zmm10, %zmm7
	vpermq		%zmm14, %zmm11, %zmm8
	vpermq		%zmm14, %zmm12, %zmm9
	vprolq		$1, %zmm7, %zmm21
	vprolq		$1, %zmm8, %zmm22
	vprolq		$1, %zmm9, %zmm23
	vprolq		$1, %zmm5, %zmm24
	vpermi2q	%zmm19, %zmm17, %zmm0{%k1}
	vpternlogq	$0x96, %zmm21, %zmm5, %zmm0
	vprolvq		.Lrho0(%rip), %zmm0, %zmm0
	vpermi2q	%zmm19, %zmm17, %zmm1{%k1}
	vpternlogq	$0x96, %zmm24, %zmm8, %zmm1
	vprolvq		.Lrho1(%rip), %zmm1, %zmm1
	vpermi2q	%zmm19, %zmm17, %zmm2{%k1}
	vpternlogq	$0x96, %zmm22, %zmm14, %zmm2
	vprolvq		.Lrho2(%rip), %zmm2, %zmm2
	vpermi2q	%zmm19, %zmm17, %zmm3{%k1}
	vpternlogq	$0x96, %zmm15, %zmm9, %zmm3
	vprolvq		.Lrho3(%rip), %zmm3, %zmm3
	vpermi2q	%zmm20, %zmm18, %zmm4{%k1}
	vpternlogq	$0x96, %zmm23, %zmm7, %zmm4
	vprolvq		.Lrho4(%rip), %zmm4, %zmm4
	vpermq		%zmm0, %zmm10, %zmm26
	vpermq		%zmm0, %zmm11, %zmm27
	vpermq		%zmm1, %zmm10, %zmm17
	vpermq		%zmm1, %zmm11, %zmm18
	vpermq		%zmm2, %zmm10, %zmm19
	vpermq		%zmm2, %zmm11, %zmm20
	vpermq		%zmm3, %zmm10, %zmm21
	vpermq		%zmm3, %zmm11, %zmm22
	vpermq		%zmm4, %zmm10, %zmm23
	vpermq		%zmm4, %zmm11, %zmm24
	vpxorq		%zmm31, %zmm0, %zmm0
	vpternlogq	$0xd2, %zmm27, %zmm26, %zmm0
	vpternlogq	$0xd2, %zmm18, %zmm17, %zmm1
	vpternlogq	$0xd2, %zmm20, %zmm19, %zmm2
	vpternlogq	$0xd2, %zmm22, %zmm21, %zmm3
	vpternlogq	$0xd2, %zmm24, %zmm23, %zmm4
.endm

	.text

/*
 * zmm10-13 = lane rotation indices; k7 = lanes 0..4, k1 = lanes 0,1,3,4,
 * k3 = lane 2
 */
.macro SETUP
	vmovdqa64	.Lrot1(%rip), %zmm10
	vmovdqa64	.Lrot2(%rip), %zmm11
	vmovdqa64	.Lrot3(%rip), %zmm12
	vmovdqa64	.Lrot4(%rip), %zmm13
	movl		$0x1f, %eax
	kmovw		%eax, %k7
	movl		$0x1b, %eax
	kmovw		%eax, %k1
	movl		$0x04, %eax
	kmovw		%eax, %k3
.endm

.macro LOAD_STATE
	vmovdqu64	0*40(%rdi), %zmm0{%k7}{z}
	vmovdqu64	1*40(%rdi), %zmm1{%k7}{z}
	vmovdqu64	2*40(%rdi), %zmm2{%k7}{z}
	vmovdqu64	3*40(%rdi), %zmm3{%k7}{z}
	vmovdqu64	4*40(%rdi), %zmm4{%k7}{z}
.endm

.macro STORE_STATE
	vmovdqu64	%zmm0, 0*40(%rdi){%k7}
	vmovdqu64	%zmm1, 1*40(%rdi){%k7}
	vmovdqu64	%zmm2, 2*40(%rdi){%k7}
	vmovdqu64	%zmm3, 3*40(%rdi){%k7}
	vmovdqu64	%zmm4, 4*40(%rdi){%k7}
.endm

/* No state-derived data left in vector registers. */
.macro CLEAR
	.irp	r, 16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	vpxord		%xmm\r, %xmm\r, %xmm\r
	.endr
	vzeroall
.endm

/* 24 rounds on zmm0-4; clobbers %r8, %r9, zmm5-27, zmm31 */
.macro PERMUTE
	leaq		.Lkeccak_rc(%rip), %r8
	leaq		.Lkeccak_rc_end(%rip), %r9
.Lround\@:
ROUND_BODY
	addq		$8, %r8
	cmpq		%r9, %r8
	jne		.Lround\@
.endm

/*
 * void nobs_keccakf_x86_avx512(u64 st[25])
 */
SYM_TYPED_FUNC_START(nobs_keccakf_x86_avx512)
	SETUP
	LOAD_STATE
	PERMUTE
	STORE_STATE
	CLEAR
	RET
SYM_FUNC_END(nobs_keccakf_x86_avx512)

/*
 * void nobs_keccak_absorb_x86_avx512(u64 st[25], const u8 *in,
 *				      size_t nblocks, size_t rate)
 *
 * For each of nblocks blocks of rate bytes: xor the block into the first
 * rate/8 lanes (masked loads: nothing past the block is read, no alignment
 * needed), then permute.  rate is a multiple of 8 from 8 to 168.
 */
SYM_TYPED_FUNC_START(nobs_keccak_absorb_x86_avx512)
	testq		%rdx, %rdx
	jz		.Labsorb_none
	SETUP
	/* lane mask (1 << rate/8) - 1: bits 5y.. of it are row y's lanes */
	shrl		$3, %ecx
	movl		$1, %eax
	shlq		%cl, %rax
	decq		%rax
	shll		$3, %ecx		/* rate in bytes again */
	LOAD_STATE
.Labsorb_block:
	/*
	 * Row y takes mask bits 5y..5y+7: the bits past 5y+4 select lanes of
	 * the next row, still inside the block, xored into don't-care qwords.
	 */
	movl		%eax, %r10d
	kmovw		%r10d, %k2
	vmovdqu64	0*40(%rsi), %zmm14{%k2}{z}
	shrl		$5, %r10d
	kmovw		%r10d, %k2
	vmovdqu64	1*40(%rsi), %zmm15{%k2}{z}
	shrl		$5, %r10d
	kmovw		%r10d, %k2
	vmovdqu64	2*40(%rsi), %zmm16{%k2}{z}
	shrl		$5, %r10d
	kmovw		%r10d, %k2
	vmovdqu64	3*40(%rsi), %zmm17{%k2}{z}
	shrl		$5, %r10d
	kmovw		%r10d, %k2
	vmovdqu64	4*40(%rsi), %zmm18{%k2}{z}
	vpxorq		%zmm14, %zmm0, %zmm0
	vpxorq		%zmm15, %zmm1, %zmm1
	vpxorq		%zmm16, %zmm2, %zmm2
	vpxorq		%zmm17, %zmm3, %zmm3
	vpxorq		%zmm18, %zmm4, %zmm4
	addq		%rcx, %rsi
	PERMUTE
	decq		%rdx
	jnz		.Labsorb_block
	STORE_STATE
	CLEAR
.Labsorb_none:
	RET
SYM_FUNC_END(nobs_keccak_absorb_x86_avx512)
