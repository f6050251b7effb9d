/* SPDX-License-Identifier: GPL-2.0 */
/*
 * nobs module plumbing shared by nobs_main.c and the glue files.
 */
#ifndef NOBS_H
#define NOBS_H

#include <linux/types.h>

/**
 * struct nobs_cpu - CPU features the implementations choose from
 * @bmi2:  x86-64 BMI1+BMI2 (andn, rorx, mulx)
 * @adx:   x86-64 ADX (adcx, adox)
 * @avx2:  x86-64 AVX2 with the YMM state enabled by the OS (xfeatures)
 * @avx512: x86-64 AVX512F and AVX512VL with the SSE, YMM and AVX-512 (opmask
 *          and zmm) states enabled by the OS (xfeatures): EVEX code on
 *          xmm/ymm registers (ymm0-31, k0-7)
 * @zmm:   @avx512, and 512-bit (zmm) code may run: not a CPU that lowers
 *         its clock under zmm code (nobs_x86_prefer_ymm()); the only bit
 *         that lets zmm code be chosen
 * @ifma:  @avx512, with AVX512 IFMA, VBMI2 and DQ: the four-lane field
 *         code of CSIDH-512 (arch/x86/fp_ifma_x86_64.S)
 * @sha3:  arm64 ARMv8.2 SHA3 instructions (eor3, rax1, xar, bcax)
 * @asimd: arm64 Advanced SIMD (NEON)
 *
 * Filled once at module load; every field is false when the module
 * parameter force_generic=1 is given.
 */
struct nobs_cpu {
	bool bmi2;
	bool adx;
	bool avx2;
	bool avx512;
	bool zmm;
	bool ifma;
	bool sha3;
	bool asimd;
};

/* x86-64 builds only (arch/x86/cpu_x86.c) */
bool nobs_x86_prefer_ymm(u8 vendor, u8 family, u8 model, bool flag);

/*
 * A component is one primitive's glue: select its implementation once,
 * prove it with known answers, register it with the crypto API (all or
 * nothing), and unregister it.  nobs_main.c runs every self-test, then
 * every registration, in table order, and unwinds in reverse.  A component
 * checks its module parameters when the kernel parses them (their
 * kernel_param_ops), never later; one whose check needs the CPU's
 * features also has a check_params hook (nobs_X_check_params(): 0 or
 * -EINVAL, logged), which nobs_main.c calls before anything selects,
 * tests or registers.  What it must do for each algorithm's life (a gate,
 * the waits around registration) is nobs_alg.h's.
 */

int nobs_keccak_check_params(const struct nobs_cpu *cpu);
const char *nobs_keccak_select(const struct nobs_cpu *cpu);
int nobs_sha3_selftest(void);
int nobs_sha3_register(void);
void nobs_sha3_unregister(void);

const char *nobs_drbg_select(const struct nobs_cpu *cpu);
int nobs_drbg_selftest(void);
int nobs_drbg_register(void);
void nobs_drbg_unregister(void);

const char *nobs_csidh_select(const struct nobs_cpu *cpu);
int nobs_csidh_selftest(void);
int nobs_csidh_register(void);
void nobs_csidh_unregister(void);

const char *nobs_afalg_kpp_select(const struct nobs_cpu *cpu);
int nobs_afalg_kpp_selftest(void);
int nobs_afalg_kpp_register(void);
void nobs_afalg_kpp_unregister(void);

#endif /* NOBS_H */
