/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Whether the CPU, as a harness program sees it, runs the field
 * assembly that nobs_fp_select(true) picks: on x86-64 BMI2 and ADX (CPUID
 * leaf 7, EBX bits 8 and 19; valgrind hides ADX, so under it the answer
 * is no), on arm64 always; elsewhere there is none (NOBS_FP_NO_ASM).
 */
#ifndef NOBS_TEST_FP_CPU_H
#define NOBS_TEST_FP_CPU_H

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

#endif /* NOBS_TEST_FP_CPU_H */
