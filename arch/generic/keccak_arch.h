/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The Keccak glue's arch part where nobs has no Keccak code for the
 * architecture (riscv64, ppc64le): the generic C permutation alone, never
 * in a SIMD section, and nothing to time.  sha3/sha3_glue.c includes it
 * as "keccak_arch.h"; the top-level Kbuild puts this directory on the
 * include path where no arch/<arch> directory of nobs's applies.
 */
#ifndef NOBS_ARCH_GENERIC_KECCAK_ARCH_H
#define NOBS_ARCH_GENERIC_KECCAK_ARCH_H

#include "nobs.h"
#include "sha3/keccak.h"

/* No permutation here uses vector registers. */
static inline void nobs_keccak_simd_begin(void)
{
}

static inline void nobs_keccak_simd_end(void)
{
}

/* The counter's rate is unknown: the log line gives ticks. */
static inline u64 nobs_keccak_ticks_per_us(void)
{
	return 0;
}

static inline unsigned int
nobs_keccak_arch_usable(const struct nobs_cpu *cpu,
			const struct nobs_keccak_impl **list)
{
	return 0;
}

static inline unsigned int
nobs_keccak_min_blocks(const struct nobs_keccak_impl *impl)
{
	return 0;
}

static inline unsigned int
nobs_keccak_arch_xn_usable(const struct nobs_cpu *cpu,
			   const struct nobs_keccak_xn_impl **list)
{
	return 0;
}

#endif /* NOBS_ARCH_GENERIC_KECCAK_ARCH_H */
