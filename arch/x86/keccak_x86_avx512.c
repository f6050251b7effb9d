// SPDX-License-Identifier: GPL-2.0
/*
 * nobs_keccak_x86_avx512: Keccak-f[1600] in AVX-512F/VL assembly
 * (keccak_avx512.S).  It uses the zmm registers, so needs_simd is true:
 * the glue runs it only between kernel_fpu_begin() and kernel_fpu_end(),
 * when crypto_simd_usable(), at most 4 KiB of input per section, with the
 * scalar path otherwise.  The glue times it at load when struct nobs_cpu
 * says avx512 (AVX512F+VL, zmm state enabled by the OS) and uses it where
 * it is the fastest.  The measured numbers: keccak_x86.c.
 *
 * A file of its own so that the BMI path (keccak_x86.c and
 * keccak_x86_64.S) links without it, as the fuzzers do.
 */
#include <linux/linkage.h>
#include "sha3/keccak.h"

asmlinkage void nobs_keccakf_x86_avx512(u64 *st);
asmlinkage void nobs_keccak_absorb_x86_avx512(u64 *st, const u8 *in,
					      size_t nblocks, size_t rate);

const struct nobs_keccak_impl nobs_keccak_x86_avx512 = {
	.name		= "avx512",
	.permute	= nobs_keccakf_x86_avx512,
	.absorb		= nobs_keccak_absorb_x86_avx512,
	.needs_simd	= true,		/* zmm registers */
};
EXPORT_SYMBOL_IF_KUNIT(nobs_keccak_x86_avx512);
