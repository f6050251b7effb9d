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
 *
 * The rule of the load: nothing anyone can reach is registered while
 * something that can fail is still ahead, except the registrations
 * themselves.
 *  - Every module parameter is checked when the kernel parses it (the
 *    kernel_param_ops of each, here and in the component that owns it):
 *    a bad value fails the load with -EINVAL before nobs_init() runs.
 *  - In FIPS mode a module whose signature the kernel did not verify is
 *    refused first of all (nobs_fips_check(), -EKEYREJECTED): the crypto
 *    API would panic at its first registration.
 *  - nobs_init() runs every component's self-test before the first
 *    registration; one that cannot run (-ENOMEM) fails the load with
 *    nothing registered.
 *  - What can fail after the first registration is a registration itself
 *    (-ENOMEM, -EEXIST for a name taken meanwhile; for the DRBG the
 *    lookups of the AES it holds and of the kernel's stdrng it registers
 *    under; for CSIDH its key exchange through the crypto API, -ENOMEM)
 *    and test_fail_after.  Such a failure
 *    unregisters everything, and the load does not fail while anyone
 *    still holds anything of nobs: an algorithm registered a moment ago
 *    may already be bound by a user (an unprivileged AF_ALG bind autoloads
 *    nobs), and once init has failed the module's memory is freed whatever
 *    its reference count.  So each algorithm is closed before it is
 *    unregistered (nobs_alg_wait_unused(): new transforms are refused and
 *    the crypto API marks it dying, so that no lookup finds it again), the
 *    unwind waits until its last transform is freed, and at the end until
 *    the module itself has no reference left but init's own.
 *  - Those waits are killable and bounded: NOBS_UNWIND_WAIT_MS in all.
 *    A user can hold a socket for ever, and the wait can be a cycle: on a
 *    system with nobs in its module tree, a bind of a nobs name closed
 *    meanwhile runs modprobe, whose load of nobs waits for this one to
 *    end.  When the failing load is killed or its time is up, it stops
 *    waiting and returns 0 instead of the error, with everything still in
 *    use left registered but closed and dying, everything else
 *    unregistered: nobs stays loaded and serves no new transform, and the
 *    code in use is not freed.  It says so (once); rmmod unregisters the
 *    rest once the last user is gone.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <crypto/hash.h>
#include <crypto/kpp.h>
#include <crypto/rng.h>
#include <kunit/visibility.h>
#include <linux/atomic.h>
#include <linux/crypto.h>
#include <linux/fips.h>
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/net.h>
#include <linux/printk.h>
#include <linux/refcount.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>

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

/* Which components passed their self-test, and which are registered. */
static bool nobs_passed[NOBS_NR_COMPONENTS];
static bool nobs_registered[NOBS_NR_COMPONENTS];

/*
 * The test hooks: in test builds only (NOBS_TEST_HOOKS, see Kbuild); a
 * module built by DKMS, make install or the Debian package has neither
 * parameter, and the constants below make their code vanish.
 */
#ifdef NOBS_TEST_HOOKS
/* kstrtoint() as param_set_int() does, then @min..@max or -EINVAL. */
static int nobs_param_set_int_range(const char *val,
				    const struct kernel_param *kp,
				    int min, int max)
{
	int n, err;

	err = kstrtoint(val, 0, &n);
	if (err)
		return err;
	if (n < min || n > max) {
		if (max == INT_MAX)
			pr_err("%s must be %d or more\n", kp->name, min);
		else
			pr_err("%s must be %d..%d\n", kp->name, min, max);
		return -EINVAL;
	}
	*(int *)kp->arg = n;
	return 0;
}

static int test_fail_after = -1;

/* Any count from 0 on: beyond the number of components, after all. */
static int nobs_set_fail_after(const char *val, const struct kernel_param *kp)
{
	return nobs_param_set_int_range(val, kp, -1, INT_MAX);
}

static const struct kernel_param_ops nobs_fail_after_ops = {
	.set = nobs_set_fail_after,
	.get = param_get_int,
};

module_param_cb(test_fail_after, &nobs_fail_after_ops, &test_fail_after,
		0444);
MODULE_PARM_DESC(test_fail_after,
		 "Test only: fail the load after registering this many components (-1, the default: never)");

static int test_fail_selftest = -1;

static int nobs_set_fail_selftest(const char *val,
				  const struct kernel_param *kp)
{
	return nobs_param_set_int_range(val, kp, -1, NOBS_NR_COMPONENTS - 1);
}

static const struct kernel_param_ops nobs_fail_selftest_ops = {
	.set = nobs_set_fail_selftest,
	.get = param_get_int,
};

module_param_cb(test_fail_selftest, &nobs_fail_selftest_ops,
		&test_fail_selftest, 0444);
MODULE_PARM_DESC(test_fail_selftest,
		 "Test only: component K's self-test reports -EBADMSG, so it is not registered (0..number of components - 1; -1, the default: none)");
#else
static const int test_fail_after = -1;
static const int test_fail_selftest = -1;
#endif /* NOBS_TEST_HOOKS */

#ifdef CONFIG_X86_64
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
#endif

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
	cpu->zmm = cpu->avx512 &&
		   !nobs_x86_prefer_ymm(boot_cpu_data.x86_vendor,
					boot_cpu_data.x86,
					boot_cpu_data.x86_model,
					NOBS_BOOT_CPU_PREFER_YMM);
	cpu->ifma = cpu->avx512 &&
		    boot_cpu_has(X86_FEATURE_AVX512IFMA) &&
		    boot_cpu_has(X86_FEATURE_AVX512_VBMI2) &&
		    boot_cpu_has(X86_FEATURE_AVX512DQ);
#endif
#ifdef CONFIG_ARM64
	cpu->asimd = cpu_have_named_feature(ASIMD);
	cpu->sha3 = cpu->asimd && cpu_have_named_feature(SHA3);
#endif
}

/*
 * The algorithm being unregistered (see nobs_alg_wait_unused()), and
 * whether a transform of it was refused since it was closed.
 */
static const struct crypto_alg *nobs_alg_closed;
static atomic_t nobs_alg_refused = ATOMIC_INIT(0);

/* Set when a failed load stays loaded: every algorithm of nobs is closed. */
static bool nobs_alg_all_closed;

/*
 * How long a failed load waits for the users of nobs, in all (the rule at
 * the top of this file), and how often it looks.
 */
#define NOBS_UNWIND_WAIT_MS	10000
#define NOBS_UNWIND_POLL_MS	2

/* The time the waits of this load have slept so far (jiffies). */
static unsigned long nobs_unwind_waited;
/* How many algorithms a wait gave up on: left registered, closed. */
static unsigned int nobs_algs_kept;

/**
 * nobs_alg_gate() - whether a new transform of @alg may be set up
 * @alg: the algorithm of a transform being initialised
 *
 * Called first by the init of every transform of nobs's algorithms.  The
 * algorithm nobs_alg_wait_unused() is about to unregister gets no new
 * transforms: the first refusal is -EAGAIN, on which the crypto API marks
 * the algorithm dying (crypto_shoot_alg()), so that no lookup finds it
 * again and the one that asked looks for another; any later one is
 * -ENOENT (there is none, unless a kernel stops doing that).  After a
 * failed load that stayed loaded, every algorithm of nobs is refused.
 *
 * Context: any context a transform is allocated in.
 * Return: 0, -EAGAIN or -ENOENT.
 */
int nobs_alg_gate(const struct crypto_alg *alg)
{
	/* Pairs with the release in nobs_alg_wait_unused(). */
	if (likely(smp_load_acquire(&nobs_alg_closed) != alg))
		return READ_ONCE(nobs_alg_all_closed) ? -ENOENT : 0;
	return atomic_xchg(&nobs_alg_refused, 1) ? -ENOENT : -EAGAIN;
}

/* Whether a failed load must stop waiting: killed, or its time is up. */
static bool nobs_unwind_over(void)
{
	return fatal_signal_pending(current) ||
	       nobs_unwind_waited >= msecs_to_jiffies(NOBS_UNWIND_WAIT_MS);
}

/* One look's sleep of the waits of a failed load; a fatal signal ends it. */
static void nobs_unwind_sleep(void)
{
	unsigned long t = jiffies;

	schedule_timeout_killable(msecs_to_jiffies(NOBS_UNWIND_POLL_MS));
	nobs_unwind_waited += jiffies - t;
}

/*
 * Whether the crypto API has marked @alg dying (crypto_shoot_alg(), under
 * its lock): then no lookup takes a reference to it any more, and every
 * reference a lookup took before is counted in its cra_refcnt, which is
 * read after this (the barrier).
 */
static bool nobs_alg_dying(const struct crypto_alg *alg)
{
	bool dying = READ_ONCE(alg->cra_flags) & CRYPTO_ALG_DYING;

	/* The flag before the count: pairs with crypto_alg_sem's ordering. */
	smp_rmb();
	return dying;
}

/*
 * Make the closed @alg dying: allocate a transform of it by driver name
 * (never a module load), whose init nobs_alg_gate() refuses with -EAGAIN,
 * on which the crypto API marks it dying before it looks again, and finds
 * nothing.  A second try asks for it untested, in case the crypto
 * manager's test failed it (lookups still take a reference to it then).
 * Nothing happens if a user's transform took the -EAGAIN: that user's
 * allocation marks it.
 */
static void nobs_alg_shoot(struct crypto_alg *alg)
{
	static const u32 masks[] = { CRYPTO_NOLOAD,
				     CRYPTO_NOLOAD | CRYPTO_ALG_TESTED };
	const char *drv = alg->cra_driver_name;
	unsigned int i;
	void *tfm;

	for (i = 0; i < ARRAY_SIZE(masks) && !nobs_alg_dying(alg); i++) {
		switch (alg->cra_flags & CRYPTO_ALG_TYPE_MASK) {
		case CRYPTO_ALG_TYPE_SHASH:
			tfm = crypto_alloc_shash(drv, 0, masks[i]);
			if (!IS_ERR(tfm))
				crypto_free_shash(tfm);
			break;
		case CRYPTO_ALG_TYPE_RNG:
			tfm = crypto_alloc_rng(drv, 0, masks[i]);
			if (!IS_ERR(tfm))
				crypto_free_rng(tfm);
			break;
		case CRYPTO_ALG_TYPE_KPP:
			tfm = crypto_alloc_kpp(drv, 0, masks[i]);
			if (!IS_ERR(tfm))
				crypto_free_kpp(tfm);
			break;
		}
	}
}

/**
 * nobs_alg_wait_unused() - close @alg and wait until only its registration
 *	holds it
 * @alg: an algorithm nobs registered and is about to unregister
 *
 * First the crypto manager's test of @alg (run in a kthread since 6.2): a
 * lookup by driver name blocks until it is done, and the kthread drops its
 * reference a little later.  Then @alg is closed (nobs_alg_gate() refuses
 * new transforms) and made dying (nobs_alg_shoot()), so that no lookup
 * takes a reference between the last look here and the unregistration,
 * and this waits until every other reference is gone: those of transforms
 * users set up while nobs was loading (an AF_ALG socket bound then).
 * Unregistering an algorithm still referenced hits the WARN in
 * crypto_unregister_alg(), and after a failed load the reference would be
 * dropped, and the transform's code run, in freed module memory; so when
 * the wait ends without that (the load was killed, or its waits took
 * NOBS_UNWIND_WAIT_MS in all), @alg must stay registered, closed and
 * dying, and the module loaded.  After about a second it says what it is
 * waiting for, once.  At module exit nothing can hold @alg (the module is
 * going: no lookup takes a reference) and this returns 0 at once.
 *
 * Context: process context; sleeps, killably.
 * Return: 0 when @alg may be unregistered, -EBUSY when it must stay.
 */
int nobs_alg_wait_unused(struct crypto_alg *alg)
{
	unsigned long said = jiffies + HZ;
	bool told = false;

	if (!module_is_live(THIS_MODULE))
		return 0;
	/* Never a module load: nobs is loading. */
	if (refcount_read(&alg->cra_refcnt) > 1 && !fatal_signal_pending(current))
		crypto_has_alg(alg->cra_driver_name, 0, CRYPTO_NOLOAD);
	atomic_set(&nobs_alg_refused, 0);
	/* Whoever sees @alg closed sees the refusal reset (nobs_alg_gate()). */
	smp_store_release(&nobs_alg_closed, alg);
	for (;;) {
		nobs_alg_shoot(alg);
		if (nobs_alg_dying(alg) && refcount_read(&alg->cra_refcnt) == 1)
			return 0;
		if (nobs_unwind_over()) {
			nobs_algs_kept++;
			pr_err("%s: still in use, stays registered (closed) until nobs is unloaded\n",
			       alg->cra_driver_name);
			return -EBUSY;
		}
		if (!told && time_after(jiffies, said)) {
			pr_info("%s: unregistering it waits until its users free it\n",
				alg->cra_driver_name);
			told = true;
		}
		nobs_unwind_sleep();
	}
}

/*
 * At the end of a failed load: wait until nothing but init holds the
 * module (@base: its reference count when init began), whatever took a
 * reference while nobs was loading (a transform on an algorithm of nobs,
 * an AF_ALG socket of its kpp type).  Everything is unregistered or
 * closed and dying by then, so nothing can take a new one.  False when
 * the load was killed or its time is up first (nobs_unwind_over()).
 */
static bool nobs_wait_module_unused(int base)
{
#ifdef CONFIG_MODULE_UNLOAD
	unsigned long said = jiffies + HZ;
	bool told = false;

	while (module_refcount(THIS_MODULE) > base) {
		if (nobs_unwind_over())
			return false;
		if (!told && time_after(jiffies, said)) {
			pr_info("the failed load waits until the last user of nobs is gone\n");
			told = true;
		}
		nobs_unwind_sleep();
	}
#endif
	return true;
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

/*
 * In FIPS mode (fips=1 on a kernel with CONFIG_CRYPTO_FIPS) the crypto API
 * panics at the first algorithm a module registers unless the kernel
 * verified that module's signature (crypto_check_module_sig() in
 * crypto/algapi.c): the load is refused before anything registers.  Any
 * user's AF_ALG bind to a name of nobs autoloads it where it is installed,
 * so the line is limited by net_ratelimit(), the socket layer's shared
 * limiter: a ratelimit state of nobs's own would start afresh at every
 * load.
 */
static int nobs_fips_check(void)
{
	if (!fips_enabled || module_sig_ok(THIS_MODULE))
		return 0;
	if (!IS_ENABLED(CONFIG_NET) || net_ratelimit())
		pr_err("not loaded: the kernel is in FIPS mode and nobs is not signed by a key it trusts\n");
	return -EKEYREJECTED;
}

static int __init nobs_init(void)
{
	char picked[160];
	struct nobs_cpu cpu;
	size_t i, len = 0;
	int err, refs = 0;

	/* First of all: refused, nobs runs nothing (see above). */
	err = nobs_fips_check();
	if (err)
		return err;
#ifdef CONFIG_MODULE_UNLOAD
	refs = module_refcount(THIS_MODULE);
#endif
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

	/* Every self-test first: nothing is registered yet. */
	for (i = 0; i < NOBS_NR_COMPONENTS; i++) {
		const struct nobs_component *c = &nobs_components[i];

		err = (int)i == test_fail_selftest ? -EBADMSG : c->selftest();
		/*
		 * A self-test that could not run (no memory) proves nothing
		 * wrong with the component: the load fails rather than go on
		 * without it.
		 */
		if (err == -ENOMEM) {
			pr_err("%s: self-test could not run (%d)\n", c->name,
			       err);
			return err;
		}
		if (err)
			pr_err("%s: self-test failed (%d), not registered\n",
			       c->name, err);
		nobs_passed[i] = !err;
	}

	/* Then the registrations (see the rule at the top of this file). */
	for (i = 0; i < NOBS_NR_COMPONENTS; i++) {
		const struct nobs_component *c = &nobs_components[i];

		if ((int)i == test_fail_after) {
			err = -EINVAL;
			goto unwind;
		}
		if (!nobs_passed[i])
			continue;
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
	if (nobs_wait_module_unused(refs) && !nobs_algs_kept)
		return err;
	/*
	 * Users still hold nobs: failing now would free their code.  Stay,
	 * serving nothing new (the rule at the top of this file).
	 */
	WRITE_ONCE(nobs_alg_all_closed, true);
	pr_err("load failed (%d) while nobs is in use%s: it stays loaded, closed, until unloaded (rmmod nobs once its users are gone)\n",
	       err, fatal_signal_pending(current) ? " (killed)" : "");
	return 0;
}

static void __exit nobs_exit(void)
{
	size_t n = NOBS_NR_COMPONENTS;

	/* Every component: after a failed load some may have kept an algorithm. */
	while (n--)
		nobs_components[n].unregister_algs();
}

module_init(nobs_init);
module_exit(nobs_exit);

MODULE_DESCRIPTION("SHAKE/cSHAKE/KMAC/SHA3, AES-256 CTR_DRBG (no df) and CSIDH-512 for the crypto API");
MODULE_AUTHOR("The nobs developers");
MODULE_LICENSE("GPL");
MODULE_VERSION(NOBS_VERSION);
