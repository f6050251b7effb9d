// SPDX-License-Identifier: GPL-2.0
/*
 * X86_FEATURE_PREFER_YMM: the x86 CPU setup code marks the CPUs on which
 * 512-bit (zmm) code lowers the clock (7.3 has it, 6.12 does not).  No
 * such flag on other architectures either.
 */
#include <asm/cpufeature.h>

static bool __maybe_unused nobs_probe_prefer_ymm(void)
{
	return boot_cpu_has(X86_FEATURE_PREFER_YMM);
}
