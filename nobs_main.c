// SPDX-License-Identifier: GPL-2.0
/*
 * nobs: the SHA-3 family (SHAKE, cSHAKE, KMAC, SHA3), AES-256 CTR_DRBG
 * without derivation function, and CSIDH-512, CSIDH-1024 and CTIDH-512 for
 * the kernel crypto API.
 *
 * This file detects CPU features once, lets every component pick its
 * implementation, runs every component's self-test, then registers it.  A
 * component may prove more once registered or at first use (csidh512's
 * key exchange through the crypto API after its registration, csidh1024's
 * and the CTIDH sets' known answers when their first transform is made:
 * isogeny/csidh_selftest.c).  A
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
 *    One that depends on the CPU (keccak_impl) is checked by its
 *    component's check_params hook, first thing after the CPU is known.
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

#include <kunit/visibility.h>
#include <linux/fips.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/net.h>
#include <linux/printk.h>
#include <linux/sched/signal.h>

#include "nobs.h"
#include "nobs_alg.h"
#include "cpu_arch.h"

static bool force_generic;
module_param(force_generic, bool, 0444);
MODULE_PARM_DESC(force_generic,
		 "Use the generic C implementations only, whatever the CPU offers");

struct nobs_component {
	const char *name;
	int (*check_params)(const struct nobs_cpu *cpu);
	const char *(*select)(const struct nobs_cpu *cpu);
	int (*selftest)(void);
	int (*register_algs)(void);
	void (*unregister_algs)(void);
};

static const struct nobs_component nobs_components[] = {
	{ "keccak", nobs_keccak_check_params, nobs_keccak_select,
	  nobs_sha3_selftest, nobs_sha3_register, nobs_sha3_unregister },
	{ "drbg", NULL, nobs_drbg_select, nobs_drbg_selftest,
	  nobs_drbg_register, nobs_drbg_unregister },
	{ "csidh", NULL, nobs_csidh_select, nobs_csidh_selftest,
	  nobs_csidh_register, nobs_csidh_unregister },
	{ "afalg", NULL, nobs_afalg_kpp_select, nobs_afalg_kpp_selftest,
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

static void nobs_detect_cpu(struct nobs_cpu *cpu)
{
	memset(cpu, 0, sizeof(*cpu));
	if (force_generic)
		return;
	nobs_arch_detect_cpu(cpu);
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
	/* The parameters that depend on the CPU: nothing has run yet. */
	for (i = 0; i < NOBS_NR_COMPONENTS; i++) {
		if (!nobs_components[i].check_params)
			continue;
		err = nobs_components[i].check_params(&cpu);
		if (err)
			return err;
	}

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
	if (nobs_alg_wait_module_unused(refs))
		return err;
	/*
	 * Users still hold nobs: failing now would free their code.  Stay,
	 * serving nothing new (the rule at the top of this file).
	 */
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

MODULE_DESCRIPTION("SHAKE/cSHAKE/KMAC/SHA3, AES-256 CTR_DRBG (no df), CSIDH-512 and CSIDH-1024 for the crypto API");
MODULE_AUTHOR("The nobs developers");
MODULE_LICENSE("GPL");
MODULE_VERSION(NOBS_VERSION);
