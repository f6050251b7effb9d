// SPDX-License-Identifier: GPL-2.0
/*
 * Multi-lane Keccak-f[1600] for x86-64 (struct nobs_keccak_xn_impl in
 * sha3/keccak.h): several independent states permuted at once, for
 * ParallelHash's leaves.
 *
 * nobs_keccak_x86_avx2_x4 (keccak_avx2_x4.S): four states, one lane of
 * each in a ymm register, AVX2 only; the glue uses it when struct
 * nobs_cpu says avx2 (AVX+AVX2 and the YMM state enabled by the OS).
 *
 * nobs_keccak_x86_avx512_x8 (keccak_avx512_x8.S): eight states, the whole
 * of them in zmm0..24, AVX512F only; the glue times it against the x4 at
 * load, and only where struct nobs_cpu says zmm (never on the CPUs
 * nobs_x86_prefer_ymm() names).
 *
 * Both use vector registers (needs_simd): kernel_fpu_begin() around each
 * call, crypto_simd_usable() first, as for the single-state AVX-512 code.
 * Measured numbers: tests/user/keccak_xn_bench.c, in the commit message
 * and in README.
 */
#include <linux/linkage.h>
#include "sha3/keccak.h"

asmlinkage void nobs_keccak_absorb_x86_avx2_x4(u64 st[][NOBS_KECCAK_LANES],
					       const u8 *const *in,
					       size_t nblocks, size_t rate);
asmlinkage void nobs_keccak_absorb_x86_avx512_x8(u64 st[][NOBS_KECCAK_LANES],
						 const u8 *const *in,
						 size_t nblocks, size_t rate);

const struct nobs_keccak_xn_impl nobs_keccak_x86_avx2_x4 = {
	.name		= "avx2x4",
	.lanes		= 4,
	.absorb		= nobs_keccak_absorb_x86_avx2_x4,
	.needs_simd	= true,		/* ymm registers */
};
EXPORT_SYMBOL_IF_KUNIT(nobs_keccak_x86_avx2_x4);

const struct nobs_keccak_xn_impl nobs_keccak_x86_avx512_x8 = {
	.name		= "avx512x8",
	.lanes		= 8,
	.absorb		= nobs_keccak_absorb_x86_avx512_x8,
	.needs_simd	= true,		/* zmm registers */
};
EXPORT_SYMBOL_IF_KUNIT(nobs_keccak_x86_avx512_x8);
