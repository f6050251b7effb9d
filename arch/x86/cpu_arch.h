/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The x86-64 part of nobs_main.c's CPU detection: nobs_main.c includes it
 * as "cpu_arch.h", found in this directory (the top-level Kbuild puts the
 * architecture's directory on the include path; arch/generic's where
 * nobs has no code for the architecture).
 */
#ifndef NOBS_ARCH_X86_CPU_ARCH_H
#define NOBS_ARCH_X86_CPU_ARCH_H

#include <asm/cpufeature.h>
#include <asm/fpu/api.h>
#include <asm/fpu/xstate.h>
#include <asm/processor.h>

#include "nobs.h"

/* The features nobs's x86-64 code chooses from, with the OS's support. */
static inline void nobs_arch_detect_cpu(struct nobs_cpu *cpu)
{
	cpu->bmi2 = boot_cpu_has(X86_FEATURE_BMI1) &&
		    boot_cpu_has(X86_FEATURE_BMI2);
	cpu->adx = boot_cpu_has(X86_FEATURE_ADX);
	cpu->avx2 = boot_cpu_has(X86_FEATURE_AVX) &&
		    boot_cpu_has(X86_FEATURE_AVX2) &&
		    cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM,
				      NULL);
	cpu->avx512 = boot_cpu_has(X86_FEATURE_AVX512F) &&
		      boot_cpu_has(X86_FEATURE_AVX512VL) &&
		      cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM |
					XFEATURE_MASK_AVX512, NULL);
	cpu->zmm = cpu->avx512 &&
		   !nobs_x86_prefer_ymm(boot_cpu_data.x86_vendor,
					boot_cpu_data.x86,
					boot_cpu_data.x86_model,
					NOBS_BOOT_CPU_PREFER_YMM);
	cpu->ifma = cpu->avx512 &&
		    boot_cpu_has(X86_FEATURE_AVX512IFMA) &&
		    boot_cpu_has(X86_FEATURE_AVX512_VBMI2) &&
		    boot_cpu_has(X86_FEATURE_AVX512DQ);
}

#endif /* NOBS_ARCH_X86_CPU_ARCH_H */
