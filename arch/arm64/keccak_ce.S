/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Keccak-f[1600] for arm64 with the ARMv8.2 SHA3 instructions (FEAT_SHA3:
 * eor3, rax1, xar, bcax).  Uses the NEON register file: callers hold
 * kernel_neon_begin()/kernel_neon_end() (needs_simd is true).
 *
 * State: 25 plain little-endian u64 lanes, lane i = x + 5*y (sha3/keccak.h),
 * kept during the permutation in the low halves of v0..v24 (lane i in vi).
 *
 * Two states at once (nobs_keccak_absorb_arm64_cex2, for ParallelHash's
 * leaves): every instruction of the round below works on both 64-bit
 * halves of a .2d/.16b register (ld1r puts iota's constant in both), so a
 * second state kept in the high halves of v0..v24 is permuted by the very
 * same instructions at no extra cost in the rounds.  Only the loads and
 * stores of the states and the xor of the input differ.
 *
 * One round, written for nobs from the FIPS 202 step definitions:
 *   theta  C[x] = two eor3 per column; D[x] = rax1(C[x-1], C[x+1])
 *          (= C[x-1] ^ rol(C[x+1], 1)), five rax1 ordered so that each
 *          D overwrites a C that is no longer needed;
 *   rho+pi xar(A, D, 64 - r) = rol(A ^ D, r) does theta's xor and rho in
 *          one instruction; pi is applied in place by walking its single
 *          24-cycle from lane 1, each xar writing the register whose old
 *          value the previous one already consumed (no dependency between
 *          them: only write-after-read, which renaming removes).  Lane 1's
 *          result goes to v27 and is read from there by chi of row 2;
 *   chi    A[x] = bcax(B[x], B[x+2], B[x+1]) = B[x] ^ (B[x+2] & ~B[x+1]),
 *          the first two of each row into temporaries, then moved back;
 *   iota   folded into the move of row 0, lane 0.
 * About 76 instructions per round.
 *
 * Register use: v0..v24 lanes; v25..v29 C0..C4, then D3, D4, (lane-1 B),
 * D1, round constant; v30, v31 D0, D2; v25, v26 chi temporaries.
 * AAPCS64 makes d8..d15 callee-saved: they are saved on the stack.
 */

#include <linux/cfi_types.h>
#include <linux/linkage.h>

	.arch	armv8.2-a+sha3

	.section .rodata
	.p2align 3
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

	.text

.macro LOAD_STATE
	ld1	{v0.1d-v3.1d}, [x0], #32
	ld1	{v4.1d-v7.1d}, [x0], #32
	ld1	{v8.1d-v11.1d}, [x0], #32
	ld1	{v12.1d-v15.1d}, [x0], #32
	ld1	{v16.1d-v19.1d}, [x0], #32
	ld1	{v20.1d-v23.1d}, [x0], #32
	ld1	{v24.1d}, [x0]
	sub	x0, x0, #192
.endm

.macro STORE_STATE
	st1	{v0.1d-v3.1d}, [x0], #32
	st1	{v4.1d-v7.1d}, [x0], #32
	st1	{v8.1d-v11.1d}, [x0], #32
	st1	{v12.1d-v15.1d}, [x0], #32
	st1	{v16.1d-v19.1d}, [x0], #32
	st1	{v20.1d-v23.1d}, [x0], #32
	st1	{v24.1d}, [x0]
	sub	x0, x0, #192
.endm

.macro SAVE_D8_D15
	stp	d8, d9, [sp, #-64]!
	stp	d10, d11, [sp, #16]
	stp	d12, d13, [sp, #32]
	stp	d14, d15, [sp, #48]
.endm

.macro RESTORE_D8_D15
	ldp	d10, d11, [sp, #16]
	ldp	d12, d13, [sp, #32]
	ldp	d14, d15, [sp, #48]
	ldp	d8, d9, [sp], #64
.endm

/* Row y of chi, in place, for rows whose B values are all in v(5y)..v(5y+4). */
.macro CHI_ROW b0, b1, b2, b3, b4
	bcax	v25.16b, \b0\().16b, \b2\().16b, \b1\().16b
	bcax	v26.16b, \b1\().16b, \b3\().16b, \b2\().16b
	bcax	\b2\().16b, \b2\().16b, \b4\().16b, \b3\().16b
	bcax	\b3\().16b, \b3\().16b, \b0\().16b, \b4\().16b
	bcax	\b4\().16b, \b4\().16b, \b1\().16b, \b0\().16b
	mov	\b0\().16b, v25.16b
	mov	\b1\().16b, v26.16b
.endm

/* 24 rounds on v0..v24; clobbers x9, x10, v25..v31. */
.macro PERMUTE
	adrp	x9, .Lkeccak_rc
	add	x9, x9, :lo12:.Lkeccak_rc
	mov	x10, #24
1:
	/* theta: column parities */
	eor3	v25.16b, v0.16b, v5.16b, v10.16b
	eor3	v26.16b, v1.16b, v6.16b, v11.16b
	eor3	v27.16b, v2.16b, v7.16b, v12.16b
	eor3	v28.16b, v3.16b, v8.16b, v13.16b
	eor3	v29.16b, v4.16b, v9.16b, v14.16b
	eor3	v25.16b, v25.16b, v15.16b, v20.16b
	eor3	v26.16b, v26.16b, v16.16b, v21.16b
	eor3	v27.16b, v27.16b, v17.16b, v22.16b
	eor3	v28.16b, v28.16b, v18.16b, v23.16b
	eor3	v29.16b, v29.16b, v19.16b, v24.16b
	/* theta: D[x] = C[x-1] ^ rol(C[x+1], 1) */
	rax1	v30.2d, v29.2d, v26.2d		/* D0 */
	rax1	v31.2d, v26.2d, v28.2d		/* D2 */
	rax1	v26.2d, v28.2d, v25.2d		/* D4 */
	rax1	v28.2d, v25.2d, v27.2d		/* D1 */
	rax1	v25.2d, v27.2d, v29.2d		/* D3 */
	ld1r	{v29.2d}, [x9], #8		/* iota's constant */
	/* theta + rho + pi: lane 0 stays, the other 24 walk pi's cycle */
	eor	v0.16b, v0.16b, v30.16b
	xar	v27.2d, v1.2d, v28.2d, #63	/* lane 1, bound for lane 10 */
	xar	v1.2d, v6.2d, v28.2d, #20
	xar	v6.2d, v9.2d, v26.2d, #44
	xar	v9.2d, v22.2d, v31.2d, #3
	xar	v22.2d, v14.2d, v26.2d, #25
	xar	v14.2d, v20.2d, v30.2d, #46
	xar	v20.2d, v2.2d, v31.2d, #2
	xar	v2.2d, v12.2d, v31.2d, #21
	xar	v12.2d, v13.2d, v25.2d, #39
	xar	v13.2d, v19.2d, v26.2d, #56
	xar	v19.2d, v23.2d, v25.2d, #8
	xar	v23.2d, v15.2d, v30.2d, #23
	xar	v15.2d, v4.2d, v26.2d, #37
	xar	v4.2d, v24.2d, v26.2d, #50
	xar	v24.2d, v21.2d, v28.2d, #62
	xar	v21.2d, v8.2d, v25.2d, #9
	xar	v8.2d, v16.2d, v28.2d, #19
	xar	v16.2d, v5.2d, v30.2d, #28
	xar	v5.2d, v3.2d, v25.2d, #36
	xar	v3.2d, v18.2d, v25.2d, #43
	xar	v18.2d, v17.2d, v31.2d, #49
	xar	v17.2d, v11.2d, v28.2d, #54
	xar	v11.2d, v7.2d, v31.2d, #58
	xar	v7.2d, v10.2d, v30.2d, #61
	/* chi + iota, row 0 */
	bcax	v25.16b, v0.16b, v2.16b, v1.16b
	bcax	v26.16b, v1.16b, v3.16b, v2.16b
	bcax	v2.16b, v2.16b, v4.16b, v3.16b
	bcax	v3.16b, v3.16b, v0.16b, v4.16b
	bcax	v4.16b, v4.16b, v1.16b, v0.16b
	eor	v0.16b, v25.16b, v29.16b
	mov	v1.16b, v26.16b
	CHI_ROW	v5, v6, v7, v8, v9
	/* row 2: its B0 (lane 10) is in v27, so A10 can go straight to v10 */
	bcax	v10.16b, v27.16b, v12.16b, v11.16b
	bcax	v26.16b, v11.16b, v13.16b, v12.16b
	bcax	v12.16b, v12.16b, v14.16b, v13.16b
	bcax	v13.16b, v13.16b, v27.16b, v14.16b
	bcax	v14.16b, v14.16b, v11.16b, v27.16b
	mov	v11.16b, v26.16b
	CHI_ROW	v15, v16, v17, v18, v19
	CHI_ROW	v20, v21, v22, v23, v24
	subs	x10, x10, #1
	b.ne	1b
.endm

/*
 * void nobs_keccakf_arm64_ce(u64 st[25])
 *
 * Keccak-f[1600] in place.  NEON context required.
 */
SYM_TYPED_FUNC_START(nobs_keccakf_arm64_ce)
	SAVE_D8_D15
	LOAD_STATE
	PERMUTE
	STORE_STATE
	RESTORE_D8_D15
	ret
SYM_FUNC_END(nobs_keccakf_arm64_ce)

/*
 * void nobs_keccak_absorb_arm64_ce(u64 st[25], const u8 *in, size_t nblocks,
 *				    size_t rate)
 *
 * For each of nblocks blocks of rate bytes at in (any alignment): xor the
 * block into the first rate/8 lanes, then permute.  rate is a multiple of
 * 8 from 8 to 168.  NEON context required.
 */
SYM_TYPED_FUNC_START(nobs_keccak_absorb_arm64_ce)
	cbz	x2, 3f
	SAVE_D8_D15
	LOAD_STATE
2:
	/* one compare per lane: same outcome for every block, any rate */
	ldr	d25, [x1]
	eor	v0.8b, v0.8b, v25.8b
	.irp	i, 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20
	cmp	x3, #\i * 8
	b.ls	4f
	ldr	d25, [x1, #\i * 8]
	eor	v\i\().8b, v\i\().8b, v25.8b
	.endr
4:
	add	x1, x1, x3
	PERMUTE
	subs	x2, x2, #1
	b.ne	2b
	STORE_STATE
	RESTORE_D8_D15
3:
	ret
SYM_FUNC_END(nobs_keccak_absorb_arm64_ce)

/*
 * void nobs_keccak_absorb_arm64_cex2(u64 st[2][25], const u8 *const in[2],
 *				      size_t nblocks, size_t rate)
 *
 * For each of the two states st[k]: for each of nblocks blocks of rate
 * bytes at in[k] (any alignment), xor the block into the first rate/8
 * lanes, then permute; both states go through the rounds together, state
 * 0 in the low and state 1 in the high halves of v0..v24.  rate is a
 * multiple of 8 from 8 to 168; in[] itself is not changed.  NEON context
 * required.
 *
 * Input: x4 walks in[0] by offsets, x5 walks in[1] by post-increment (ld1
 * to one half has no offset form); after the lanes of a block x5 has
 * moved rate bytes, and x4 is moved by rate to match.
 */
SYM_TYPED_FUNC_START(nobs_keccak_absorb_arm64_cex2)
	cbz	x2, 3f
	SAVE_D8_D15
	ldp	x4, x5, [x1]
	/* state 0 (at x0) into the low halves of v0..v24, state 1 high */
	add	x6, x0, #200
	.irp	i, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24
	ldr	d\i, [x0, #\i * 8]
	ld1	{v\i\().d}[1], [x6], #8
	.endr
2:
	/* one compare per lane: same outcome for every block, any rate */
	ldr	d25, [x4]
	ld1	{v25.d}[1], [x5], #8
	eor	v0.16b, v0.16b, v25.16b
	.irp	i, 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20
	cmp	x3, #\i * 8
	b.ls	4f
	ldr	d25, [x4, #\i * 8]
	ld1	{v25.d}[1], [x5], #8
	eor	v\i\().16b, v\i\().16b, v25.16b
	.endr
4:
	add	x4, x4, x3
	PERMUTE
	subs	x2, x2, #1
	b.ne	2b
	add	x6, x0, #200
	.irp	i, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24
	str	d\i, [x0, #\i * 8]
	st1	{v\i\().d}[1], [x6], #8
	.endr
	RESTORE_D8_D15
3:
	ret
SYM_FUNC_END(nobs_keccak_absorb_arm64_cex2)
