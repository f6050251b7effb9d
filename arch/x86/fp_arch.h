/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The field's arch part of the CSIDH glue: isogeny/csidh_glue.c includes
 * it as "fp_arch.h", found in the architecture's directory (the top-level
 * Kbuild puts it on the include path; arch/generic's where nobs has no
 * code for the architecture).
 */
#ifndef NOBS_ARCH_X86_FP_ARCH_H
#define NOBS_ARCH_X86_FP_ARCH_H

#include "nobs.h"
#include "nobs_alg.h"
#include "isogeny/fp.h"

/*
 * Whether this CPU runs the field's assembly (nobs_fp_select()'s
 * use_asm): x86-64: the BMI2/ADX (mulx, adcx, adox) assembly, where the CPU has both.
 */
static inline bool nobs_fp_arch_usable(const struct nobs_cpu *cpu)
{
	return cpu->bmi2 && cpu->adx;
}

/* The driver names of this architecture's field assembly. */
NOBS_ALIAS_DRIVER("csidh512", NOBS_FP_ASM_NAME);
NOBS_ALIAS_DRIVER("csidh1024", NOBS_FP_ASM_NAME);
NOBS_ALIAS_DRIVER("ctidh512", NOBS_FP_ASM_NAME);
NOBS_ALIAS_DRIVER("ctidh511", NOBS_FP_ASM_NAME);
NOBS_ALIAS_DRIVER("ctidh1024", NOBS_FP_ASM_NAME);
NOBS_ALIAS_DRIVER("ctidh2048", NOBS_FP_ASM_NAME);

#endif /* NOBS_ARCH_X86_FP_ARCH_H */
