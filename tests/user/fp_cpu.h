/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The CPU features of the field code, as a harness program sees them (in
 * the kernel: struct nobs_cpu, nobs_main.c).  nobs_test_have_fp_asm():
 * whether the CPU runs the field assembly that nobs_fp_select(true, ...)
 * picks: on x86-64 BMI2 and ADX (CPUID leaf 7, EBX bits 8 and 19;
 * valgrind hides ADX, so under it the answer is no), on arm64 always;
 * elsewhere there is none (NOBS_FP_NO_ASM).
 */
#ifndef NOBS_TEST_FP_CPU_H
#define NOBS_TEST_FP_CPU_H

#include "isogeny/fp.h"

#ifdef __x86_64__
#include <cpuid.h>
#endif

static inline int nobs_test_have_fp_asm(void)
{
#if defined(__x86_64__)
	unsigned int a, b, c, d;

	if (!__get_cpuid_count(7, 0, &a, &b, &c, &d))
		return 0;
	return (b & (1u << 8)) && (b & (1u << 19));
#elif defined(__aarch64__)
	return 1;
#else
	return 0;
#endif
}

/*
 * Whether the CPU runs the 512-bit field's vector code: AVX-512 IFMA, VL,
 * VBMI2 and DQ, with their state saved by the OS (the compiler's check
 * reads XCR0 too; valgrind, which has no AVX-512, hides them).
 */
static inline bool nobs_test_have_fp_vec(void)
{
#if defined(__x86_64__)
	return __builtin_cpu_supports("avx512ifma") &&
	       __builtin_cpu_supports("avx512vl") &&
	       __builtin_cpu_supports("avx512vbmi2") &&
	       __builtin_cpu_supports("avx512dq");
#else
	return false;
#endif
}

/*
 * nobs_fp_select() as the kernel's glue calls it: the vector code with
 * the assembly wherever this CPU has it
 */
static inline const char *nobs_test_fp_select(bool use_asm)
{
	return nobs_fp_select(use_asm, nobs_test_have_fp_vec());
}

#endif /* NOBS_TEST_FP_CPU_H */
