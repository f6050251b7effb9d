/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The field's arch part of the CSIDH glue: isogeny/csidh_glue.c includes
 * it as "fp_arch.h", found in the architecture's directory (the top-level
 * Kbuild puts it on the include path; arch/generic's where nobs has no
 * code for the architecture).
 */
#ifndef NOBS_ARCH_GENERIC_FP_ARCH_H
#define NOBS_ARCH_GENERIC_FP_ARCH_H

#include "nobs.h"

/*
 * Whether this CPU runs the field's assembly (nobs_fp_select()'s
 * use_asm): no assembly for the field: the generic C.
 */
static inline bool nobs_fp_arch_usable(const struct nobs_cpu *cpu)
{
	return false;
}

#endif /* NOBS_ARCH_GENERIC_FP_ARCH_H */
