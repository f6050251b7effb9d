/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The arm64 part of the Keccak glue: sha3/sha3_glue.c includes it as
 * "keccak_arch.h", found in this directory, which the top-level Kbuild
 * puts on the include path of an arm64 build (arch/generic's on an
 * architecture without code of its own).  What it gives the glue: the
 * permutations of this build a CPU may run, the SIMD section and the rate
 * of the load-time timing's counter.
 */
#ifndef NOBS_ARCH_ARM64_KECCAK_ARCH_H
#define NOBS_ARCH_ARM64_KECCAK_ARCH_H

#include <linux/module.h>
#include <crypto/algapi.h>
#include <asm/arch_timer.h>
#include <asm/neon.h>

#include "nobs.h"
#include "sha3/keccak.h"
#include "nobs_alg.h"

static inline void nobs_keccak_simd_begin(void)
{
	kernel_neon_begin();
}

static inline void nobs_keccak_simd_end(void)
{
	kernel_neon_end();
}

/* get_cycles() ticks per microsecond: the generic timer's frequency. */
static inline u64 nobs_keccak_ticks_per_us(void)
{
	return arch_timer_get_cntfrq() / USEC_PER_SEC;
}

/* The permutations besides generic this CPU can run, into @list. */
static inline unsigned int
nobs_keccak_arch_usable(const struct nobs_cpu *cpu,
			const struct nobs_keccak_impl **list)
{
	unsigned int n = 0;

	if (cpu->sha3)
		list[n++] = &nobs_keccak_arm64_ce;
	return n;
}

/* Every call may take the SHA3 instructions: no threshold. */
static inline unsigned int
nobs_keccak_min_blocks(const struct nobs_keccak_impl *impl)
{
	return 0;
}

/*
 * The multi-lane permutation, into @list: cex2 (two states in the halves
 * of the NEON registers) with the SHA3 instructions, as ce.
 */
static inline unsigned int
nobs_keccak_arch_xn_usable(const struct nobs_cpu *cpu,
			   const struct nobs_keccak_xn_impl **list)
{
	unsigned int n = 0;

	if (cpu->sha3)
		list[n++] = &nobs_keccak_arm64_cex2;
	return n;
}

/* The driver names of this architecture's permutation. */
NOBS_ALIAS_DRIVER("shake128", "ce");
NOBS_ALIAS_DRIVER("shake256", "ce");
NOBS_ALIAS_DRIVER("cshake128", "ce");
NOBS_ALIAS_DRIVER("cshake256", "ce");
NOBS_ALIAS_DRIVER("kmac128", "ce");
NOBS_ALIAS_DRIVER("kmac256", "ce");
NOBS_ALIAS_DRIVER("sha3-224", "ce");
NOBS_ALIAS_DRIVER("sha3-256", "ce");
NOBS_ALIAS_DRIVER("sha3-384", "ce");
NOBS_ALIAS_DRIVER("sha3-512", "ce");

#endif /* NOBS_ARCH_ARM64_KECCAK_ARCH_H */
