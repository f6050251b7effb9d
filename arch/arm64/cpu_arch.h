/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The arm64 part of nobs_main.c's CPU detection: nobs_main.c includes it
 * as "cpu_arch.h", found in this directory (the top-level Kbuild puts the
 * architecture's directory on the include path).
 */
#ifndef NOBS_ARCH_ARM64_CPU_ARCH_H
#define NOBS_ARCH_ARM64_CPU_ARCH_H

#include <asm/cpufeature.h>

#include "nobs.h"

/* Advanced SIMD, and the ARMv8.2 SHA3 instructions beside it. */
static inline void nobs_arch_detect_cpu(struct nobs_cpu *cpu)
{
	cpu->asimd = cpu_have_named_feature(ASIMD);
	cpu->sha3 = cpu->asimd && cpu_have_named_feature(SHA3);
}

#endif /* NOBS_ARCH_ARM64_CPU_ARCH_H */
