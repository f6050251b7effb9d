// SPDX-License-Identifier: GPL-2.0
/*
 * nobs: the SHA-3 family (SHAKE, cSHAKE, KMAC, SHA3), AES-256 CTR_DRBG
 * without derivation function, and CSIDH-512 for the kernel crypto API.
 *
 * This file detects CPU features once, lets every component pick its
 * implementation, proves each with known answers and registers it.  A
 * component whose self-test fails stays unregistered (and says so); a
 * registration error unregisters everything already registered, in reverse
 * order, and fails the load.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/crypto.h>
#include <linux/delay.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/printk.h>
#include <linux/refcount.h>

#ifdef CONFIG_X86_64
#include <asm/cpufeature.h>
#include <asm/fpu/api.h>
#include <asm/fpu/xstate.h>
#include <asm/processor.h>
#endif
#ifdef CONFIG_ARM64
#include <asm/cpufeature.h>
#endif

#include "nobs.h"

static bool force_generic;
module_param(force_generic, bool, 0444);
MODULE_PARM_DESC(force_generic,
		 "Use the generic C implementations only, whatever the CPU offers");

static int test_fail_after = -1;
module_param(test_fail_after, int, 0444);
MODULE_PARM_DESC(test_fail_after,
		 "Test only: fail the load after registering this many components (-1, the default: never)");

static int test_fail_selftest = -1;
module_param(test_fail_selftest, int, 0444);
MODULE_PARM_DESC(test_fail_selftest,
		 "Test only: component K's self-test reports -EBADMSG, so it is not registered (-1, the default: none)");

struct nobs_component {
	const char *name;
	const char *(*select)(const struct nobs_cpu *cpu);
	int (*selftest)(void);
	int (*register_algs)(void);
	void (*unregister_algs)(void);
};

static const struct nobs_component nobs_components[] = {
	{ "keccak", nobs_sha3_select, nobs_sha3_selftest,
	  nobs_sha3_register, nobs_sha3_unregister },
	{ "drbg", nobs_drbg_select, nobs_drbg_selftest,
	  nobs_drbg_register, nobs_drbg_unregister },
	{ "csidh", nobs_csidh_select, nobs_csidh_selftest,
	  nobs_csidh_register, nobs_csidh_unregister },
	{ "afalg", nobs_afalg_kpp_select, nobs_afalg_kpp_selftest,
	  nobs_afalg_kpp_register, nobs_afalg_kpp_unregister },
};

#define NOBS_NR_COMPONENTS ARRAY_SIZE(nobs_components)

/* Which components passed their self-test and are registered. */
static bool nobs_registered[NOBS_NR_COMPONENTS + 1];

static void nobs_detect_cpu(struct nobs_cpu *cpu)
{
	memset(cpu, 0, sizeof(*cpu));
	if (force_generic)
		return;
#ifdef CONFIG_X86_64
	cpu->bmi2 = boot_cpu_has(X86_FEATURE_BMI1) &&
		    boot_cpu_has(X86_FEATURE_BMI2);
	cpu->adx = boot_cpu_has(X86_FEATURE_ADX);
	cpu->avx2 = boot_cpu_has(X86_FEATURE_AVX) &&
		    boot_cpu_has(X86_FEATURE_AVX2) &&
		    cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM,
				      NULL);
	cpu->avx512 = boot_cpu_has(X86_FEATURE_AVX512F) &&
		      boot_cpu_has(X86_FEATURE_AVX512VL) &&
		      cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM |
					XFEATURE_MASK_AVX512, NULL);
#endif
#ifdef CONFIG_ARM64
	cpu->asimd = cpu_have_named_feature(ASIMD);
	cpu->sha3 = cpu->asimd && cpu_have_named_feature(SHA3);
#endif
}

/**
 * nobs_alg_wait_unused() - wait until only its registration holds @alg
 * @alg: an algorithm nobs registered and is about to unregister
 *
 * Since 6.2 the crypto manager tests a new algorithm in a kthread, and that
 * thread drops its reference to it a little after waking the test's
 * waiters.  An unwinding load that unregisters in that window hits the
 * WARN in crypto_unregister_alg() (reference count above 1), which skips
 * the rest of the unregistration, and the reference is later dropped on
 * freed module memory.  So wait for the test (a lookup by driver name
 * blocks until it is done), then for the reference (microseconds; the
 * bound, about a second, only guards a stuck test).  At module exit no
 * transform can hold one (the module is not in use) and this returns at
 * once.  Found by failing allocations during loads (scripts/faults-check.sh).
 */
void nobs_alg_wait_unused(struct crypto_alg *alg)
{
	unsigned int i;

	if (refcount_read(&alg->cra_refcnt) <= 1)
		return;
	crypto_has_alg(alg->cra_driver_name, 0, 0);
	for (i = 0; i < 2000 && refcount_read(&alg->cra_refcnt) > 1; i++)
		usleep_range(500, 1000);
}

static void nobs_unregister_from(size_t n)
{
	while (n--) {
		if (!nobs_registered[n])
			continue;
		nobs_components[n].unregister_algs();
		nobs_registered[n] = false;
	}
}

static int __init nobs_init(void)
{
	char picked[160];
	struct nobs_cpu cpu;
	size_t i, len = 0;
	int err;

	nobs_detect_cpu(&cpu);
	err = nobs_sha3_check_params(&cpu);
	if (err)
		return err;

	picked[0] = '\0';
	for (i = 0; i < NOBS_NR_COMPONENTS; i++)
		len += scnprintf(picked + len, sizeof(picked) - len, " %s=%s",
				 nobs_components[i].name,
				 nobs_components[i].select(&cpu));
	pr_info("%s:%s%s\n", NOBS_VERSION, picked,
		force_generic ? " (force_generic)" : "");

	for (i = 0; i < NOBS_NR_COMPONENTS; i++) {
		const struct nobs_component *c = &nobs_components[i];

		if ((int)i == test_fail_after) {
			err = -EINVAL;
			goto unwind;
		}
		err = (int)i == test_fail_selftest ? -EBADMSG : c->selftest();
		/*
		 * A self-test that could not run (no memory) proves nothing
		 * wrong with the component: the load fails rather than go on
		 * without it.
		 */
		if (err == -ENOMEM) {
			pr_err("%s: self-test could not run (%d)\n", c->name,
			       err);
			goto unwind;
		}
		if (err) {
			pr_err("%s: self-test failed (%d), not registered\n",
			       c->name, err);
			continue;
		}
		err = c->register_algs();
		if (err) {
			pr_err("%s: registration failed (%d)\n", c->name, err);
			goto unwind;
		}
		nobs_registered[i] = true;
	}
	if (test_fail_after >= (int)NOBS_NR_COMPONENTS) {
		err = -EINVAL;
		goto unwind;
	}
	return 0;

unwind:
	if (err == -EINVAL && test_fail_after >= 0)
		pr_err("load failed on purpose (test_fail_after=%d)\n",
		       test_fail_after);
	nobs_unregister_from(i);
	return err;
}

static void __exit nobs_exit(void)
{
	nobs_unregister_from(NOBS_NR_COMPONENTS);
}

module_init(nobs_init);
module_exit(nobs_exit);

MODULE_DESCRIPTION("SHAKE/cSHAKE/KMAC/SHA3, AES-256 CTR_DRBG (no df) and CSIDH-512 for the crypto API");
MODULE_AUTHOR("The nobs developers");
MODULE_LICENSE("GPL");
MODULE_VERSION(NOBS_VERSION);
