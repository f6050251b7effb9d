// SPDX-License-Identifier: GPL-2.0
/*
 * Keccak-f[1600] implementations for x86-64 (see sha3/keccak.h for the
 * interface and the state convention).
 *
 * nobs_keccak_x86_bmi: scalar assembly (keccak_x86_64.S) using BMI1 andn and
 * BMI2 rorx, general registers only, so needs_simd is false: the glue calls
 * it without kernel_fpu_begin()/kernel_fpu_end() and without any chunking,
 * and it is usable in every context, softirq included.  The glue selects it
 * when struct nobs_cpu says bmi2 (BMI1+BMI2).
 *
 * Why this one, measured with `make bench` (tests/user/keccak_bench.c, -O2,
 * rdtsc ticks per byte, median of 201 samples, all columns in one run) on
 * the development machine, an AMD EPYC (family 0x1a, Zen 5) guest, 2 cores:
 *
 *                       nobs bmi  OpenSSL 3.0  kernel sha3_generic  nobs C
 *   SHAKE128 16 KiB        3.02      3.27            4.13            3.53
 *   SHAKE128  1 KiB        3.53      4.35            4.85            4.12
 *   SHAKE128   64 B        8.8      20.9            12.9            10.1
 *   SHAKE256 16 KiB        3.71      3.99            5.03            4.33
 *   SHA3-256 16 KiB        3.75      4.02            5.10            4.37
 *
 * so bmi / OpenSSL = 0.92 at 16 KiB and 0.42 at 64 B (EVP's per-call cost),
 * and sha3_generic / bmi = 1.37 at 16 KiB.  A round here is ~130 ALU
 * instructions (~185 with loads/stores), and 24 of them at six ALUs come to
 * ~520 cycles per permutation, 3.1 per byte at SHAKE128's rate: the code
 * runs at that bound, and OpenSSL's scalar code (lane complementing, no
 * andn) a little above it.  GCC compiles the kernel's C to within 1.3x of
 * OpenSSL on this core, so issue 3's "1.5x over sha3_generic" is out of
 * reach of any scalar code here; it would take vector code.
 *
 * No AVX2 path: single-stream Keccak in AVX2 spends most of a round on
 * cross-lane permutes for pi and chi (vpermq, 3+ cycles of latency each,
 * chained), which published single-stream AVX2 code shows beating scalar
 * BMI code by little or nothing, and it would add an FPU section (XSAVE
 * of the full vector state) per 4 KiB and the crypto_simd_usable() fallback
 * to every call.  The scalar path needs neither and runs in any context.
 * An AVX-512 path was written and measured, then left out: state in five
 * row registers, theta parity and chi by vpternlogq, rho by vprolvq, pi as
 * a two-level vpermi2q transpose.  Bit-identical to the generic code, but
 * on this Zen 5 it ran SHAKE128 at 2.77 ticks/byte at 16 KiB against 3.01
 * for this BMI code (8% faster, about 1.49x sha3_generic), before paying
 * the kernel_fpu_begin() section per 4 KiB and the crypto_simd_usable()
 * fallback; permutes (3 ticks, plus about 1.2 to move a value between
 * vector units) bound its rounds at about 21 ticks against 22 here.  Too
 * small a margin for the extra context rules, and QEMU/TCG cannot run it
 * in the VM tests.
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
EXPORT_SYMBOL_NS_GPL(nobs_keccak_x86_bmi, NOBS_INTERNAL);
