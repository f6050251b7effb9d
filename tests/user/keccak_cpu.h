/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace CPU checks for the x86-64 Keccak paths, the same conditions
 * nobs_main.c checks in the kernel: the instructions (CPUID) and, for the
 * vector code, that the OS saves and restores the register state (XCR0,
 * read with xgetbv), as cpu_has_xfeatures() does in the kernel.
 */
#ifndef NOBS_TESTS_KECCAK_CPU_H
#define NOBS_TESTS_KECCAK_CPU_H

#include <stdbool.h>

#if defined(__x86_64__)
#include <cpuid.h>

/* BMI1 and BMI2: nobs_keccak_x86_bmi. */
static inline bool nobs_user_has_bmi(void)
{
	unsigned int a, b, c, d;

	if (!__get_cpuid_count(7, 0, &a, &b, &c, &d))
		return false;
	return (b & (1u << 3)) && (b & (1u << 8));
}

/*
 * AVX and AVX2, with XCR0 enabling the SSE and YMM state (bits 1, 2):
 * nobs_keccak_x86_avx2_x4.
 */
static inline bool nobs_user_has_avx2(void)
{
	unsigned int a, b, c, d, lo, hi;

	if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & (1u << 27)) ||
	    !(c & (1u << 28)))
		return false;	/* no OSXSAVE (xgetbv would fault) or no AVX */
	__asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
	(void)hi;
	if ((lo & 0x6) != 0x6)
		return false;
	if (!__get_cpuid_count(7, 0, &a, &b, &c, &d))
		return false;
	return b & (1u << 5);
}

/*
 * AVX512F and AVX512VL, with XCR0 enabling SSE, YMM, the opmask registers
 * and both halves of the zmm state (bits 1, 2, 5, 6, 7):
 * nobs_keccak_x86_avx512, and nobs_keccak_x86_avx512_x8 (which needs only
 * AVX512F, but is tested and chosen with VL too, as the kernel's zmm bit
 * implies it).
 */
static inline bool nobs_user_has_avx512(void)
{
	unsigned int a, b, c, d, lo, hi;

	if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & (1u << 27)))
		return false;	/* no OSXSAVE: xgetbv would fault */
	__asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
	(void)hi;
	if ((lo & 0xe6) != 0xe6)
		return false;
	if (!__get_cpuid_count(7, 0, &a, &b, &c, &d))
		return false;
	return (b & (1u << 16)) && (b & (1u << 31));
}

#endif

#endif /* NOBS_TESTS_KECCAK_CPU_H */
