/* SPDX-License-Identifier: GPL-2.0 */
/*
 * nobs_main.c's CPU detection where nobs has no code for the architecture
 * (riscv64, ppc64le): nothing to detect, every feature stays false.
 */
#ifndef NOBS_ARCH_GENERIC_CPU_ARCH_H
#define NOBS_ARCH_GENERIC_CPU_ARCH_H

#include "nobs.h"

static inline void nobs_arch_detect_cpu(struct nobs_cpu *cpu)
{
}

#endif /* NOBS_ARCH_GENERIC_CPU_ARCH_H */
