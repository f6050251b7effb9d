// SPDX-License-Identifier: GPL-2.0
/*
 * Keccak-f[1600] implementations for x86-64 (see sha3/keccak.h for the
 * interface and the state convention).
 *
 * nobs_keccak_x86_bmi: scalar assembly (keccak_x86_64.S) using BMI1 andn and
 * BMI2 rorx, general registers only, so needs_simd is false: the glue calls
 * it without kernel_fpu_begin()/kernel_fpu_end() and without any chunking,
 * and it is usable in every context, softirq included.  The glue times it
 * at load when struct nobs_cpu says bmi2 (BMI1+BMI2), and uses it if it is
 * the fastest, and as the scalar path under the AVX-512 code if it is the
 * faster of the two scalar ones.
 *
 * nobs_keccak_x86_avx512 (keccak_avx512.S, keccak_x86_avx512.c): AVX512F/VL,
 * the state in five zmm registers, one row each.  needs_simd is true: the
 * glue runs it only in kernel_fpu_begin() sections of at most 4 KiB, when
 * crypto_simd_usable(), and only for calls of at least eight blocks
 * (shorter ones, digests included, stay on the scalar code: see
 * NOBS_SHA3_AVX512_MIN_BLOCKS in sha3/sha3_glue.c).  Timed at load when the
 * CPU has AVX512F+VL and the OS enabled the opmask and zmm state, and used
 * where it is the fastest (nobs_keccak_select(): one 4 KiB section, FPU
 * section included, against the scalar ones), so CPUs that run 512-bit
 * operations on 256-bit units choose by what they measure; on the CPUs
 * the kernel keeps off zmm code because they lower their clock
 * (nobs_x86_prefer_ymm()) it is neither timed nor used.
 *
 * Why both: the BMI code runs close to its bound (about 130 ALU
 * instructions a round at six ALUs), and the AVX-512 round is bound by
 * the latency of its permutes, so which one is faster depends on the core
 * (0.85 of bmi's time on the AMD Zen 5 build machine, 0.52 on an Intel
 * Xeon).  There is no single-state AVX2 permutation: without vpternlogq
 * and rotates, and with a row spanning two ymm registers, a round needs
 * about twice the AVX-512 one's operations and would lose to bmi.  AVX2
 * does pay where the states are independent: four at once, one lane of
 * each per register, for ParallelHash's leaves (keccak_x86_xn.c).  The
 * figures and the variants measured and not kept are in
 * docs/performance.md.
 *
 * QEMU's TCG (the VM tests) has no AVX-512, and runs the C faster than the
 * BMI code, so the timing picks generic there; the VM cases that need the
 * BMI code force it (keccak_impl=bmi), and the AVX-512 code is checked
 * natively by tests/user (test_keccak_impls, test_sha3: bit-identical to
 * the generic code on every vector and random input).
 */
#include <linux/linkage.h>
#include "sha3/keccak.h"

asmlinkage void nobs_keccakf_x86_bmi(u64 *st);
asmlinkage void nobs_keccak_absorb_x86_bmi(u64 *st, const u8 *in,
					   size_t nblocks, size_t rate);

const struct nobs_keccak_impl nobs_keccak_x86_bmi = {
	.name		= "bmi",
	.permute	= nobs_keccakf_x86_bmi,
	.absorb		= nobs_keccak_absorb_x86_bmi,
	.needs_simd	= false,	/* general registers only */
};
EXPORT_SYMBOL_IF_KUNIT(nobs_keccak_x86_bmi);
