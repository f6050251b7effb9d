/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-in for the kernel's <asm/simd.h>: a process may use its
 * vector registers anywhere.
 */
#ifndef NOBS_COMPAT_ASM_SIMD_H
#define NOBS_COMPAT_ASM_SIMD_H

#include <stdbool.h>

static inline bool may_use_simd(void)
{
	return true;
}

#endif /* NOBS_COMPAT_ASM_SIMD_H */
