/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Test helper (nobs_kunit.ko's zeroize suite and the tests/user harness's
 * test_fp, test_fp1024): what nobs_fp512_mul4_ifma()/_sqr4_ifma() and
 * nobs_fp1024_mul4_ifma()/_sqr4_ifma() leave behind in the vector and
 * mask registers and on the stack.
 *
 * void nk_ifma_probe(long fn, void *const r[4], const void *const a[4],
 *		      const void *const b[4], struct nk_ifma_state *out);
 *
 * Fills zmm0-31, k1-k7 (their low 16 bits) and the NK_IFMA_STACK bytes
 * below its own stack pointer with ones, calls the function fn names
 * (kunit/nk_ifma_probe.h: 0 nobs_fp512_mul4_ifma(r, a, b), 1
 * nobs_fp512_sqr4_ifma(r, a), 2 and 3 the same of nobs_fp1024; another
 * fn calls nothing), and stores into *out, as they are when the call
 * returns: zmm0-31 (64 bytes each), k1-k7 (kmovw, one u64 each) and those
 * stack bytes, lowest address first; the top 16 of them are the return
 * address and the callee's saved %rbp.  The callee's whole frame lies in
 * that range: 8 + 8 + at most 448 bytes (nobs_fp1024_mul4_ifma), and at
 * most 31 of alignment.
 *
 * Needs AVX-512F and the callee's own instructions: run it only where the
 * IFMA code is chosen, in the kernel inside kernel_fpu_begin() with
 * interrupts off (an interrupt would write below the stack pointer).
 */
#include <linux/linkage.h>

#define NK_IFMA_STACK	1024	/* as in nk_ifma_probe.h */

SYM_FUNC_START(nk_ifma_probe)
	push	%rbp
	mov	%rsp, %rbp
	push	%rbx
	push	%r12
	mov	%r8, %rbx
	mov	%rdi, %r12

	vpternlogq	$0xff, %zmm0, %zmm0, %zmm0
	.irp	n, 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	vmovdqa64	%zmm0, %zmm\n
	.endr
	.irp	n, 1,2,3,4,5,6,7
	kxnorw	%k\n, %k\n, %k\n
	.endr
	.irp	n, 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16
	vmovdqu64	%zmm0, -64*\n(%rsp)
	.endr

	mov	%rsi, %rdi
	mov	%rdx, %rsi
	mov	%rcx, %rdx
	cmp	$0, %r12
	je	.Lnk_mul512
	cmp	$1, %r12
	je	.Lnk_sqr512
	cmp	$2, %r12
	je	.Lnk_mul1024
	cmp	$3, %r12
	jne	.Lnk_done
	call	nobs_fp1024_sqr4_ifma
	jmp	.Lnk_done
.Lnk_mul1024:
	call	nobs_fp1024_mul4_ifma
	jmp	.Lnk_done
.Lnk_sqr512:
	call	nobs_fp512_sqr4_ifma
	jmp	.Lnk_done
.Lnk_mul512:
	call	nobs_fp512_mul4_ifma
.Lnk_done:
	.irp	n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	vmovdqu64	%zmm\n, 64*\n(%rbx)
	.endr
	.irp	n, 1,2,3,4,5,6,7
	kmovw	%k\n, %eax
	mov	%rax, 2048+8*(\n-1)(%rbx)
	.endr
	/* the stack below the return address: -NK_IFMA_STACK .. -16 */
	.irp	n, 16,15,14,13,12,11,10,9,8,7,6,5,4,3,2,1
	vmovdqu64	-64*\n(%rsp), %zmm0
	vmovdqu64	%zmm0, 2048+56+64*(16-\n)(%rbx)
	.endr
	vpxord	%xmm0, %xmm0, %xmm0
	vzeroupper

	pop	%r12
	pop	%rbx
	pop	%rbp
	RET
SYM_FUNC_END(nk_ifma_probe)
