// SPDX-License-Identifier: GPL-2.0
/*
 * The x86-64 CPU rule beside struct nobs_cpu's features
 * (arch/x86/cpu_arch.h): which CPUs must not run 512-bit code.
 */
#include <kunit/visibility.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <asm/processor.h>

#include "nobs.h"

/*
 * The Intel CPUs (family 6) that lower their clock while 512-bit (zmm)
 * registers are in use, for long enough that zmm code in the kernel slows
 * down everything around it, which a microbenchmark of the code alone
 * cannot see: mainline's zmm_exclusion_list (arch/x86/kernel/cpu/intel.c
 * in 7.3, where it sets X86_FEATURE_PREFER_YMM; in 6.12 it is in
 * arch/x86/crypto/aesni-intel_glue.c and sets no flag; the same models in
 * both).  Rocket Lake, Sapphire Rapids and later, and AMD CPUs, are not on
 * it.
 */
static const u8 nobs_zmm_slow_models[] = {
	0x55,	/* INTEL_SKYLAKE_X */
	0x6a,	/* INTEL_ICELAKE_X */
	0x6c,	/* INTEL_ICELAKE_D */
	0x7d,	/* INTEL_ICELAKE */
	0x7e,	/* INTEL_ICELAKE_L */
	0x9d,	/* INTEL_ICELAKE_NNPI */
	0x8c,	/* INTEL_TIGERLAKE_L */
	0x8d,	/* INTEL_TIGERLAKE */
};

/**
 * nobs_x86_prefer_ymm() - whether a CPU must not run 512-bit (zmm) code
 * @vendor: X86_VENDOR_* of the CPU (boot_cpu_data.x86_vendor)
 * @family: its family (boot_cpu_data.x86)
 * @model:  its model (boot_cpu_data.x86_model)
 * @flag:   whether the kernel set X86_FEATURE_PREFER_YMM on it (false on
 *          kernels without that flag)
 *
 * The kernel's rule for its own vector code: on the CPUs of
 * nobs_zmm_slow_models[], or where the kernel says so, 256-bit code only.
 * nobs_detect_cpu() clears struct nobs_cpu's zmm bit by it; a function of
 * its arguments alone, so that KUnit can check it for any CPU.
 *
 * Return: true if zmm code must not run.
 */
bool nobs_x86_prefer_ymm(u8 vendor, u8 family, u8 model, bool flag)
{
	unsigned int i;

	if (flag)
		return true;
	if (vendor != X86_VENDOR_INTEL || family != 6)
		return false;
	for (i = 0; i < ARRAY_SIZE(nobs_zmm_slow_models); i++)
		if (model == nobs_zmm_slow_models[i])
			return true;
	return false;
}
EXPORT_SYMBOL_IF_KUNIT(nobs_x86_prefer_ymm);
