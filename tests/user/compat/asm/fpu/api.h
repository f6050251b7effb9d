/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-in for the kernel's x86 <asm/fpu/api.h>: a process owns
 * its vector registers, so an FPU section saves nothing.
 */
#ifndef NOBS_COMPAT_ASM_FPU_API_H
#define NOBS_COMPAT_ASM_FPU_API_H

static inline void kernel_fpu_begin(void)
{
}

static inline void kernel_fpu_end(void)
{
}

#endif /* NOBS_COMPAT_ASM_FPU_API_H */
