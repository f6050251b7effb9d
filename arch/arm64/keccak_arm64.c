// SPDX-License-Identifier: GPL-2.0
/*
 * Keccak-f[1600] for arm64 with the ARMv8.2 SHA3 instructions (see
 * keccak_ce.S, and sha3/keccak.h for the interface).
 *
 * nobs_keccak_arm64_ce uses the NEON register file, so needs_simd is true:
 * the glue calls it only where crypto_simd_usable() holds, between
 * kernel_neon_begin() and kernel_neon_end(), at most 4 KiB of input per
 * section, and uses nobs_keccak_generic otherwise.  The glue times it at
 * load when struct nobs_cpu says sha3 (HWCAP SHA3, i.e. FEAT_SHA3).
 *
 * The Neoverse question.  FEAT_SHA3 is optional in ARMv8.2+, and where it
 * exists its speed varies: on Apple M1..M4 eor3/bcax/xar/rax1 run on
 * several pipes and this style of code beats scalar Keccak, while on Arm's
 * Neoverse cores that have the extension (V1, N2, V2) these instructions
 * issue on fewer vector pipes, and hand-scheduled *scalar* assembly with
 * lane complementing has been measured faster.  OpenSSL acts on exactly
 * that: it enables its SHA3-extension Keccak only on Apple M-series
 * (ARMV8_HAVE_SHA3_AND_WORTH_USING in crypto/armcap.c) and uses its
 * scalar armv8 code everywhere else.
 *
 * What nobs does: where FEAT_SHA3 is present, nobs_keccak_select() times
 * this CE code (kernel_neon_begin()/end() included) and the portable C of
 * sha3/keccak.c at load and uses the faster, so a core where these
 * instructions issue slowly keeps the C by measurement, not by a list of
 * MIDRs.  keccak_impl=ce or keccak_impl=generic overrides it.  nobs has no
 * hand-scheduled scalar arm64 assembly (OpenSSL's alternative on those
 * Neoverse cores); writing one is separate work.  We have no arm64
 * hardware to measure on (qemu-user runs it for correctness only; its
 * timings mean nothing).
 *
 * nobs_keccak_arm64_cex2 is the multi-lane form (struct
 * nobs_keccak_xn_impl) for ParallelHash's leaves: two states at once, one
 * in each 64-bit half of v0..v24, through the same rounds as
 * nobs_keccak_arm64_ce (keccak_ce.S says why the second state is nearly
 * free there).  The glue offers it where struct nobs_cpu says sha3, times
 * it at load against the single-state permutation it chose (ce or
 * generic) and uses it only if it is faster per state (vs_single), in the
 * same SIMD sections as ce.  No NEON-only (no FEAT_SHA3) form: without
 * xar/rax1 every rotate costs three vector instructions, where scalar code
 * has them free in the shifted operands (docs/performance.md).
 */
#include <linux/linkage.h>
#include "sha3/keccak.h"

asmlinkage void nobs_keccakf_arm64_ce(u64 *st);
asmlinkage void nobs_keccak_absorb_arm64_ce(u64 *st, const u8 *in,
					    size_t nblocks, size_t rate);
asmlinkage void nobs_keccak_absorb_arm64_cex2(u64 st[][NOBS_KECCAK_LANES],
					      const u8 *const *in,
					      size_t nblocks, size_t rate);

const struct nobs_keccak_impl nobs_keccak_arm64_ce = {
	.name		= "ce",
	.permute	= nobs_keccakf_arm64_ce,
	.absorb		= nobs_keccak_absorb_arm64_ce,
	.needs_simd	= true,		/* NEON registers */
};
EXPORT_SYMBOL_IF_KUNIT(nobs_keccak_arm64_ce);

const struct nobs_keccak_xn_impl nobs_keccak_arm64_cex2 = {
	.name		= "cex2",
	.lanes		= 2,
	.absorb		= nobs_keccak_absorb_arm64_cex2,
	.needs_simd	= true,		/* NEON registers */
	.vs_single	= true,		/* ce may lose to generic: timed */
};
EXPORT_SYMBOL_IF_KUNIT(nobs_keccak_arm64_cex2);
