/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The x86-64 part of the Keccak glue: sha3/sha3_glue.c includes it as
 * "keccak_arch.h", found in this directory, which the top-level Kbuild
 * puts on the include path of an x86_64 build (arch/generic's on an
 * architecture without code of its own).  What it gives the glue: the
 * permutations of this build a CPU may run, the threshold of the vector
 * one, the SIMD section and the rate of the load-time timing's counter.
 */
#ifndef NOBS_ARCH_X86_KECCAK_ARCH_H
#define NOBS_ARCH_X86_KECCAK_ARCH_H

#include <linux/module.h>
#include <crypto/algapi.h>
#include <asm/fpu/api.h>
#include <asm/tsc.h>

#include "nobs.h"
#include "sha3/keccak.h"
#include "nobs_alg.h"

/*
 * The AVX-512 permutation is used only for calls that run at least this
 * many permutations; shorter ones take the scalar path.  kernel_fpu_begin()
 * saves the task's whole vector state the first time in a syscall, and
 * that state is restored on the way out: an XSAVEOPT + XRSTOR of the
 * dirty AVX-512 state measures 310-340 TSC ticks on the build machine
 * (user space, the same instructions: make bench prints it), against about
 * 77 ticks saved per SHAKE128 permutation by the AVX-512 code over the BMI
 * code (arch/x86/keccak_x86.c), so the section pays for itself from about
 * four or five permutations on; eight leaves room for kernel_fpu_begin()'s
 * own work and the vector code's setup.  Digests (one permutation) and
 * short updates thus never touch the vector registers.  The timing at load
 * (nobs_keccak_select()) measures whole 24-block sections, begin/end
 * included, and does not change this rule.
 */
#define NOBS_SHA3_AVX512_MIN_BLOCKS	8

static inline void nobs_keccak_simd_begin(void)
{
	kernel_fpu_begin();
}

static inline void nobs_keccak_simd_end(void)
{
	kernel_fpu_end();
}

/* get_cycles() ticks per microsecond, 0 where unknown (TSC not calibrated). */
static inline u64 nobs_keccak_ticks_per_us(void)
{
	return tsc_khz / 1000;
}

/* The permutations besides generic this CPU can run, into @list. */
static inline unsigned int
nobs_keccak_arch_usable(const struct nobs_cpu *cpu,
			const struct nobs_keccak_impl **list)
{
	unsigned int n = 0;

	if (cpu->bmi2)
		list[n++] = &nobs_keccak_x86_bmi;
	/* zmm code: not where the CPU lowers its clock under it */
	if (cpu->zmm)
		list[n++] = &nobs_keccak_x86_avx512;
	return n;
}

/* Calls of fewer blocks than this take the scalar permutation (SIMD only). */
static inline unsigned int
nobs_keccak_min_blocks(const struct nobs_keccak_impl *impl)
{
	if (impl == &nobs_keccak_x86_avx512)
		return NOBS_SHA3_AVX512_MIN_BLOCKS;
	return 0;
}

/*
 * The multi-lane permutations this CPU may run, into @list: avx2x4 with
 * AVX2 and its register state, avx512x8 where zmm code may run (struct
 * nobs_cpu's zmm bit: never on the CPUs nobs_x86_prefer_ymm() names).
 */
static inline unsigned int
nobs_keccak_arch_xn_usable(const struct nobs_cpu *cpu,
			   const struct nobs_keccak_xn_impl **list)
{
	unsigned int n = 0;

	if (cpu->avx2)
		list[n++] = &nobs_keccak_x86_avx2_x4;
	if (cpu->zmm)
		list[n++] = &nobs_keccak_x86_avx512_x8;
	return n;
}

/* The driver names of this architecture's permutations. */
NOBS_ALIAS_DRIVER("shake128", "bmi");
NOBS_ALIAS_DRIVER("shake256", "bmi");
NOBS_ALIAS_DRIVER("cshake128", "bmi");
NOBS_ALIAS_DRIVER("cshake256", "bmi");
NOBS_ALIAS_DRIVER("kmac128", "bmi");
NOBS_ALIAS_DRIVER("kmac256", "bmi");
NOBS_ALIAS_DRIVER("sha3-224", "bmi");
NOBS_ALIAS_DRIVER("sha3-256", "bmi");
NOBS_ALIAS_DRIVER("sha3-384", "bmi");
NOBS_ALIAS_DRIVER("sha3-512", "bmi");
NOBS_ALIAS_DRIVER("shake128", "avx512");
NOBS_ALIAS_DRIVER("shake256", "avx512");
NOBS_ALIAS_DRIVER("cshake128", "avx512");
NOBS_ALIAS_DRIVER("cshake256", "avx512");
NOBS_ALIAS_DRIVER("kmac128", "avx512");
NOBS_ALIAS_DRIVER("kmac256", "avx512");
NOBS_ALIAS_DRIVER("sha3-224", "avx512");
NOBS_ALIAS_DRIVER("sha3-256", "avx512");
NOBS_ALIAS_DRIVER("sha3-384", "avx512");
NOBS_ALIAS_DRIVER("sha3-512", "avx512");

#endif /* NOBS_ARCH_X86_KECCAK_ARCH_H */
