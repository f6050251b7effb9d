/* SPDX-License-Identifier: GPL-2.0 */
/*
 * nk_ifma_probe() (kunit/nk_ifma_probe_x86_64.S): what the AVX-512 IFMA
 * field code leaves in the vector and mask registers and on the stack.
 * Shared by nobs_kunit.ko and the tests/user harness (test_fp).
 */
#ifndef NK_IFMA_PROBE_H
#define NK_IFMA_PROBE_H

#include <nobs/types.h>

/* the function nk_ifma_probe() calls (its first argument) */
#define NK_IFMA_FP512_MUL4	0	/* nobs_fp512_mul4_ifma(r, a, b) */
#define NK_IFMA_FP512_SQR4	1	/* nobs_fp512_sqr4_ifma(r, a) */
#define NK_IFMA_FP1024_MUL4	2	/* nobs_fp1024_mul4_ifma(r, a, b) */
#define NK_IFMA_FP1024_SQR4	3	/* nobs_fp1024_sqr4_ifma(r, a) */

/* the bytes below the probe's stack pointer it paints and reads back */
#define NK_IFMA_STACK	1024

/**
 * struct nk_ifma_state - the state nk_ifma_probe() reads back
 * @zmm:   zmm0-31 after the call
 * @k:     k1-k7 (their low 16 bits, kmovw)
 * @stack: the NK_IFMA_STACK bytes below the probe's stack pointer, lowest
 *         first; the last two qwords are the return address and the
 *         callee's saved %rbp
 */
struct nk_ifma_state {
	u8 zmm[32][64];
	u64 k[7];
	u64 stack[NK_IFMA_STACK / 8];
};

/*
 * Fills zmm0-31, k1-k7 and the stack below with ones, runs the function
 * @fn names (NK_IFMA_*: r, a and b are arrays of four pointers to that
 * field's elements; b unused by a squaring), and stores the state after
 * it into @out.  Needs the IFMA code's CPU; in the kernel, inside
 * kernel_fpu_begin() with interrupts off.
 */
asmlinkage void nk_ifma_probe(long fn, void *const r[4],
			      const void *const a[4], const void *const b[4],
			      struct nk_ifma_state *out);

#endif /* NK_IFMA_PROBE_H */
