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
 * where it is the fastest (nobs_sha3_select(): one 4 KiB section, FPU
 * section included, against the scalar ones): no vendor or family list,
 * so CPUs that lower their clock under zmm code, or run 512-bit
 * operations on 256-bit units, choose by what they measure.
 *
 * Measured with `make bench` (tests/user/keccak_bench.c, -O2, rdtsc ticks
 * per byte, median of 201 samples, all columns in one run, same inputs) on
 * the development machine, an AMD EPYC (family 0x1a, Zen 5) guest, 2 cores.
 * A quiet run, before the AVX-512 code (the BMI numbers still hold):
 *
 *                       nobs bmi  OpenSSL 3.0  kernel sha3_generic  nobs C
 *   SHAKE128 16 KiB        3.02      3.27            4.13            3.53
 *   SHAKE128  1 KiB        3.53      4.35            4.85            4.12
 *   SHAKE128   64 B        8.8      20.9            12.9            10.1
 *   SHAKE256 16 KiB        3.71      3.99            5.03            4.33
 *   SHA3-256 16 KiB        3.75      4.02            5.10            4.37
 *
 * and a run with the AVX-512 code (load average 4 on the 2 cores from
 * parallel builds, which slows the scalar columns by up to a tenth and the
 * vector one hardly at all):
 *
 *                     nobs avx512  nobs bmi  OpenSSL  sha3_generic  nobs C
 *   SHAKE128 16 KiB        2.71      3.22      3.50       4.45       3.78
 *   SHAKE128  1 KiB        3.14      3.73      4.63       5.16       4.35
 *   SHAKE128   64 B        7.94      9.23     21.69      13.15      10.51
 *   SHAKE256 16 KiB        3.34      3.96      4.25       5.42       4.60
 *   SHA3-256 16 KiB        3.36      3.99      4.28       5.42       4.64
 *
 * so sha3_generic / avx512 = 1.64x at SHAKE128 16 KiB (1.57x to 1.64x
 * over several runs; bmi: 1.32x to 1.38x) and avx512 / OpenSSL = 0.78.
 * The closest to a quiet run since (bmi back at its quiet 3.03): SHAKE128
 * 16 KiB avx512 2.55, bmi 3.03, OpenSSL 3.28, sha3_generic 4.14: 1.62x.
 * Under a load average of 9 the scalar columns slow down by a third and
 * the ratio reads 2.2x: not a fair number.  A load-robust measurement, the
 * minimum over 3000 single SHAKE128 hashes of each implementation in turn,
 * gave at 16 KiB: avx512 2.56, bmi 3.06, nobs C 3.58, sha3_generic 4.16
 * ticks/byte, so sha3_generic / avx512 = 1.63x (bmi: 1.36x).
 *
 * Why the BMI code cannot get there: a round is ~130 ALU instructions
 * (~185 with loads/stores), and 24 of them at six ALUs come to ~520
 * cycles per permutation, 3.1 per byte at SHAKE128's rate: the code runs
 * at that bound, OpenSSL's scalar code (lane complementing, no andn) a
 * little above it, and GCC compiles the kernel's C to within 1.3x of
 * OpenSSL on this core, so 1.5x over sha3_generic is out of reach of
 * scalar code here.
 *
 * The AVX-512 round (see keccak_avx512.S) is about 60 instructions, 27 of
 * them permutes, three permutes deep; on this Zen 5 a zmm vpermq takes
 * about 3.1 ticks of latency and two issue per cycle, and the round runs
 * at about 18 ticks (bmi: about 21) because the permutes queue for their
 * two pipes.  A first version (31 permutes, D formed in registers, row 2
 * of pi added by a separate term) ran at about 20 ticks (2.77 ticks/byte
 * at 16 KiB); merging row 2 into pi's second vpermi2q, forming rol(D)
 * terms by vprolq instead of permutes, and ordering the instructions by
 * measurement gave the numbers above.  Writing every output row of pi
 * three times (lane-rotated by 0, 1, 2 for chi) shortens the chain but
 * costs ten more rotates per round and measured slower (about 24 ticks).
 *
 * No AVX2 path: single-stream Keccak in AVX2 spends most of a round on
 * cross-lane permutes for pi and chi (vpermq, 3+ cycles of latency each,
 * chained) with a 5-lane row split over two registers, which published
 * single-stream AVX2 code shows beating scalar BMI code by little or
 * nothing, for the same FPU-section costs as the AVX-512 code.
 *
 * QEMU's TCG (the VM tests) has no AVX-512: the VM and KUnit runs there
 * exercise the BMI code, and the AVX-512 code is checked natively by
 * tests/user (test_keccak_impls, test_sha3: bit-identical to the generic
 * code on every vector and random input).
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
EXPORT_SYMBOL_NS_GPL(nobs_keccak_x86_bmi, NOBS_NS);
