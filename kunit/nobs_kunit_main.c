// SPDX-License-Identifier: GPL-2.0
/*
 * nobs_kunit.ko: KUnit suites for nobs.ko, which must be loaded first.
 *
 * The suites are in sha3_kunit.c, sha3_ctx_kunit.c, drbg_kunit.c,
 * csidh_kunit.c, fp1024_kunit.c, fp2048_kunit.c, glue_kunit.c and
 * zeroize_kunit.c (the objects kunit/Kbuild lists); this file holds the module parameters, the shared helpers
 * and the "nobs_module" suite, which checks that nobs registered its
 * algorithms and, with test_fail=1 only, adds one case that fails on
 * purpose so that a test pipeline can prove it reports failures.  With
 * test_sanitizers=1 only, it adds two cases that do what KASAN and UBSAN
 * must catch (a slab out-of-bounds read, an out-of-range shift), so that
 * the pipeline can prove those reports reach it too.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <kunit/test.h>
#include <crypto/hash.h>
#include <crypto/kpp.h>
#include <crypto/rng.h>
#include <linux/compiler.h>
#include <linux/kernel.h>
#include <linux/kfence.h>
#include <linux/module.h>
#include <linux/random.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "nobs_kunit.h"

u64 nobs_kunit_seed;
module_param_named(seed, nobs_kunit_seed, ullong, 0444);
MODULE_PARM_DESC(seed, "Seed of the random test inputs (0, the default: a random seed, logged)");

bool nobs_kunit_large = true;
module_param_named(large, nobs_kunit_large, bool, 0444);
MODULE_PARM_DESC(large, "Run the cases of the sets past 512 bits: csidh1024, ctidh1024, ctidh2048 (default 1)");

bool nobs_kunit_ctidh2048 = true;
module_param_named(ctidh2048, nobs_kunit_ctidh2048, bool, 0444);
MODULE_PARM_DESC(ctidh2048, "Run the ctidh2048 cases (default 1)");

static bool test_fail;
module_param(test_fail, bool, 0444);
MODULE_PARM_DESC(test_fail,
		 "Test only: add one KUnit case that fails on purpose (default 0)");

static bool test_sanitizers;
module_param(test_sanitizers, bool, 0444);
MODULE_PARM_DESC(test_sanitizers,
		 "Test only: add KUnit cases that read out of bounds and shift out of range, for KASAN and UBSAN to report (default 0)");

void nk_rng_fill(struct nk_rng *r, void *buf, size_t len)
{
	u8 *p = buf;
	u64 v;

	while (len >= 8) {
		v = nk_rng_next(r);
		memcpy(p, &v, 8);
		p += 8;
		len -= 8;
	}
	if (len) {
		v = nk_rng_next(r);
		memcpy(p, &v, len);
	}
}

u8 *nk_unhex(struct kunit *test, const char *hex, size_t *len)
{
	size_t n = strlen(hex);
	u8 *buf;

	KUNIT_ASSERT_EQ_MSG(test, n % 2, 0, "odd-length hex \"%s\"", hex);
	buf = kunit_kzalloc(test, n / 2 + 1, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	KUNIT_ASSERT_EQ_MSG(test, hex2bin(buf, hex, n / 2), 0,
			    "bad hex \"%s\"", hex);
	*len = n / 2;
	return buf;
}

bool nk_is_nobs_driver(const char *driver)
{
	return strstr(driver, "-nobs-") || !strncmp(driver, "nobs_", 5);
}

/* Every cra_name nobs registers whatever the CPU (sha3-* need a fast path). */
static const char * const nk_shash_names[] = {
	"shake128", "shake256", "cshake128", "cshake256", "kmac128", "kmac256",
};

static void module_registered(struct kunit *test)
{
	struct crypto_shash *shash;
	struct crypto_rng *rng;
	struct crypto_kpp *kpp;
	const char *drv;
	unsigned int i;

	kunit_info(test, "seed=%llu (module parameter seed= replays a run)\n",
		   nobs_kunit_seed);
	for (i = 0; i < ARRAY_SIZE(nk_shash_names); i++) {
		shash = crypto_alloc_shash(nk_shash_names[i], 0, 0);
		KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(shash), "%s: %ld",
				       nk_shash_names[i], PTR_ERR(shash));
		drv = crypto_shash_driver_name(shash);
		KUNIT_EXPECT_TRUE_MSG(test, nk_is_nobs_driver(drv),
				      "%s is served by %s", nk_shash_names[i],
				      drv);
		kunit_info(test, "%s: %s\n", nk_shash_names[i], drv);
		crypto_free_shash(shash);
	}

	kpp = crypto_alloc_kpp("csidh512", 0, 0);
	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(kpp), "csidh512: %ld",
			       PTR_ERR(kpp));
	drv = crypto_tfm_alg_driver_name(crypto_kpp_tfm(kpp));
	KUNIT_EXPECT_TRUE(test, nk_is_nobs_driver(drv));
	kunit_info(test, "csidh512: %s\n", drv);
	crypto_free_kpp(kpp);

	rng = crypto_alloc_rng("nobs_ctr_drbg_aes256_nodf", 0, 0);
	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(rng), "drbg: %ld", PTR_ERR(rng));
	crypto_free_rng(rng);

	/* The system's default stdrng must never be ours (priority 50). */
	rng = crypto_alloc_rng("stdrng", 0, 0);
	KUNIT_ASSERT_FALSE(test, IS_ERR(rng));
	drv = crypto_tfm_alg_driver_name(crypto_rng_tfm(rng));
	KUNIT_EXPECT_FALSE_MSG(test, nk_is_nobs_driver(drv),
			       "default stdrng is %s", drv);
	crypto_free_rng(rng);
}

static void module_deliberate_failure(struct kunit *test)
{
	KUNIT_FAIL(test, "deliberate failure (nobs_kunit test_fail=1)");
}

/*
 * test_sanitizers=1: a one-byte read just past a 16-byte kmalloc object.
 * KASAN reports it and fails the running case itself; the load is kept
 * (hidden index, READ_ONCE, value used), since a dead load is compiled out
 * and then nothing is reported.  A KFENCE-sampled object is not used:
 * KFENCE sees a read past an object only when it hits the guard page.
 */
static void module_kasan_oob_read(struct kunit *test)
{
	u8 *p, *kf = NULL;
	size_t i = 16;
	u8 v;

	if (!IS_ENABLED(CONFIG_KASAN))
		kunit_skip(test, "kernel without CONFIG_KASAN");
	p = kmalloc(16, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, p);
	if (is_kfence_address(p)) {
		kf = p;
		p = kmalloc(16, GFP_KERNEL);
		if (!p)
			kfree(kf);
		KUNIT_ASSERT_NOT_NULL(test, p);
	}
	memset(p, 0, 16);
	OPTIMIZER_HIDE_VAR(i);
	v = READ_ONCE(p[i]);
	kunit_info(test, "read p[%zu] = %u of a 16-byte object (KASAN must report it)\n",
		   i, v);
	kfree(p);
	kfree(kf);
}

/* test_sanitizers=1: a 64-bit shift by 64 + something, for UBSAN_SHIFT. */
static void module_ubsan_shift(struct kunit *test)
{
	unsigned int s = 65;
	u64 one = 1, v;

	if (!IS_ENABLED(CONFIG_UBSAN_SHIFT))
		kunit_skip(test, "kernel without CONFIG_UBSAN_SHIFT");
	OPTIMIZER_HIDE_VAR(s);
	v = one << s;
	OPTIMIZER_HIDE_VAR(v);
	kunit_info(test, "1 << %u = %llu (UBSAN must report it)\n", s, v);
}

/* module_registered, then the test-only cases the parameters ask for. */
static struct kunit_case nobs_module_cases[5] = {
	KUNIT_CASE(module_registered),
	{}
};

static struct kunit_suite nobs_module_suite = {
	.name = "nobs_module",
	.test_cases = nobs_module_cases,
};

kunit_test_suites(&nobs_module_suite);

/*
 * KUnit runs a module's suites when the module goes live, after this
 * function: the test-only cases are added here, from the parameters.
 */
static int __init nobs_kunit_init(void)
{
	struct kunit_case *c = &nobs_module_cases[1];

	if (!nobs_kunit_seed)
		nobs_kunit_seed = get_random_u64() ?: 1;
	if (test_fail)
		*c++ = (struct kunit_case)KUNIT_CASE(module_deliberate_failure);
	if (test_sanitizers) {
		*c++ = (struct kunit_case)KUNIT_CASE(module_kasan_oob_read);
		*c++ = (struct kunit_case)KUNIT_CASE(module_ubsan_shift);
	}
	pr_info("seed=%llu%s%s\n", nobs_kunit_seed,
		test_fail ? " test_fail=1" : "",
		test_sanitizers ? " test_sanitizers=1" : "");
	return 0;
}

static void __exit nobs_kunit_exit(void)
{
}

module_init(nobs_kunit_init);
module_exit(nobs_kunit_exit);

MODULE_DESCRIPTION("KUnit tests for nobs (SHA-3 family, CTR_DRBG, CSIDH-512)");
MODULE_AUTHOR("The nobs developers");
MODULE_LICENSE("GPL");
/* nobs.ko's library (<nobs/sha3.h>), and what it exports for KUnit only */
MODULE_IMPORT_NS(NOBS_NS);
MODULE_IMPORT_NS(NOBS_KUNIT_NS);
