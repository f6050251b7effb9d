// SPDX-License-Identifier: GPL-2.0
/*
 * What every component of nobs shares about its algorithms' lives: the
 * gate each transform's init passes (nobs_alg_gate()), the wait for the
 * crypto manager's test after a registration (nobs_alg_tested()), and
 * the unwinding of a failed load, which closes each algorithm and waits,
 * killably and for NOBS_UNWIND_WAIT_MS at most in all, until its users
 * are gone before it is unregistered (nobs_alg_wait_unused(),
 * nobs_alg_wait_module_unused()).  The rule they serve is at the top of
 * nobs_main.c.  This file knows nothing of the components; they and
 * nobs_main.c call it.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <crypto/hash.h>
#include <crypto/kpp.h>
#include <crypto/rng.h>
#include <linux/atomic.h>
#include <linux/crypto.h>
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/printk.h>
#include <linux/refcount.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>

#include "nobs_alg.h"

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
 * nobs_alg_driver_name() - name the driver of one implementation of @alg
 * @alg: the algorithm, its cra_name set
 * @impl: the implementation's name ("generic", "avx512", "bmi2adx", ...)
 *
 * Writes "<cra_name>-nobs-<impl>" into @alg's cra_driver_name, the name
 * NOBS_ALIAS_DRIVER() aliases.
 *
 * Context: process context, before @alg is registered.
 */
void nobs_alg_driver_name(struct crypto_alg *alg, const char *impl)
{
	scnprintf(alg->cra_driver_name, sizeof(alg->cra_driver_name),
		  "%s-nobs-%s", alg->cra_name, impl);
}

/**
 * nobs_alg_tested() - wait for the crypto manager's test of @alg
 * @alg: an algorithm nobs registered
 *
 * Since 6.2 the crypto manager tests a newly registered algorithm in a
 * kthread.  A lookup by driver name (never a module load: nobs is loaded)
 * blocks until that test is done, so that an unwinding load never
 * unregisters, and frees, an algorithm the manager is still running.
 * Each component calls it after each registration; the kthread drops its
 * reference a little later (nobs_alg_wait_unused() waits for that).
 *
 * Context: process context; sleeps.
 */
void nobs_alg_tested(const struct crypto_alg *alg)
{
	crypto_has_alg(alg->cra_driver_name, 0, CRYPTO_NOLOAD);
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
	if (refcount_read(&alg->cra_refcnt) > 1 && !fatal_signal_pending(current))
		nobs_alg_tested(alg);
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

/**
 * nobs_alg_wait_module_unused() - the end of a failed load's unwinding
 * @base: the module's reference count when init began
 *
 * Waits until nothing but init holds the module, whatever took a
 * reference while nobs was loading (a transform on an algorithm of nobs,
 * an AF_ALG socket of its kpp type).  Everything is unregistered or
 * closed and dying by then, so nothing can take a new one.
 *
 * Context: process context (module init); sleeps, killably.
 * Return: true once nothing else holds the module and every algorithm
 * could be unregistered; false when the load was killed or its time was
 * up first (nobs_unwind_over()), or a nobs_alg_wait_unused() gave up on
 * an algorithm: then nobs must stay loaded, and this closes every
 * algorithm of nobs to new transforms for good.
 */
bool nobs_alg_wait_module_unused(int base)
{
	bool unused = !nobs_algs_kept;
#ifdef CONFIG_MODULE_UNLOAD
	unsigned long said = jiffies + HZ;
	bool told = false;

	while (module_refcount(THIS_MODULE) > base) {
		if (nobs_unwind_over()) {
			unused = false;
			break;
		}
		if (!told && time_after(jiffies, said)) {
			pr_info("the failed load waits until the last user of nobs is gone\n");
			told = true;
		}
		nobs_unwind_sleep();
	}
#endif
	if (!unused)
		WRITE_ONCE(nobs_alg_all_closed, true);
	return unused;
}
