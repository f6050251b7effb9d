/* SPDX-License-Identifier: GPL-2.0 */
/*
 * nk_ifma_probe() (kunit/nk_ifma_probe_x86_64.S): what the AVX-512 IFMA
 * field code leaves in the vector and mask registers and on the stack.
 * Shared by nobs_kunit.ko and the tests/user harness (test_fp).
 */
#ifndef NK_IFMA_PROBE_H
#define NK_IFMA_PROBE_H

#include "isogeny/fp512.h"

/**
 * struct nk_ifma_state - the state nk_ifma_probe() reads back
 * @zmm:   zmm0-31 after the call
 * @k:     k1-k7 (their low 16 bits, kmovw)
 * @stack: the 512 bytes below the probe's stack pointer, lowest first;
 *         the last two qwords are the return address and the
 *         multiplication's saved %rbp
 */
struct nk_ifma_state {
	u8 zmm[32][64];
	u64 k[7];
	u64 stack[64];
};

/*
 * Fills zmm0-31, k1-k7 and the stack below with ones, runs
 * nobs_fp512_sqr4_ifma(r, a) if @sqr, else nobs_fp512_mul4_ifma(r, a, b), and
 * stores the state after it into @out.  Needs the IFMA code's CPU; in the
 * kernel, inside kernel_fpu_begin() with interrupts off.
 */
asmlinkage void nk_ifma_probe(long sqr, struct nobs_fp512 *const r[4],
			      const struct nobs_fp512 *const a[4],
			      const struct nobs_fp512 *const b[4],
			      struct nk_ifma_state *out);

#endif /* NK_IFMA_PROBE_H */
