// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "nobs_glue": paths of the glue that ordinary callers rarely
 * take, each checked against a known answer or documented behaviour.
 *
 * - The DRBG writes its output through a scatterlist; a buffer that is not
 *   in the linear map (vmalloc, or a stack with CONFIG_VMAP_STACK) cannot
 *   be, so the glue goes through its bounce buffer.  The NIST PQC KAT
 *   outputs (count = 1, 2 and 99 of rng.c's randombytes after
 *   randombytes_init(00 01 .. 2f), as in drbg_kunit.c) must come out the
 *   same there, also across a page boundary, and a long request crossing
 *   several bounce buffers must equal the one served to linear memory.
 * - rng_alg.set_ent (algif_rng's CAVP entropy hook) is accepted and
 *   ignored: the PQC KAT stream does not change around it.
 * - The reseed interval (module parameter drbg_reseed_interval): a
 *   deterministic instance gives exactly that many requests, then
 *   -EKEYEXPIRED with nothing produced, and works again after a reset; an
 *   instance seeded by the kernel (no seed) reseeds itself at the interval
 *   and goes on.  Found by counting, up to NK_GLUE_MAX_INTERVAL requests;
 *   with a larger interval the case is skipped (the coverage run loads
 *   nobs with drbg_reseed_interval=1000).
 */
#include <kunit/test.h>
#include <crypto/internal/rng.h>
#include <crypto/rng.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/vmalloc.h>

#include "nobs_kunit.h"

#define NK_GLUE_DRBG		"nobs_ctr_drbg_aes256_nodf"
#define NK_GLUE_MAX_INTERVAL	4096

KUNIT_DEFINE_ACTION_WRAPPER(nk_glue_free_rng, crypto_free_rng,
			    struct crypto_rng *);
KUNIT_DEFINE_ACTION_WRAPPER(nk_glue_vfree, vfree, const void *);

static struct crypto_rng *nk_glue_drbg(struct kunit *test)
{
	struct crypto_rng *rng = crypto_alloc_rng(NK_GLUE_DRBG, 0, 0);

	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(rng), "%s: %ld", NK_GLUE_DRBG,
			       PTR_ERR(rng));
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test,
							 nk_glue_free_rng,
							 rng), 0);
	return rng;
}

static u8 *nk_glue_vmalloc(struct kunit *test, size_t len)
{
	u8 *p = vmalloc(len);

	KUNIT_ASSERT_NOT_NULL(test, p);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, nk_glue_vfree,
							 p), 0);
	/* The premise of the case: not reachable through the linear map. */
	KUNIT_ASSERT_FALSE(test, virt_addr_valid(p));
	memset(p, 0xa5, len);
	return p;
}

static void nk_glue_pqc_seed(u8 *seed)
{
	unsigned int i;

	for (i = 0; i < 48; i++)
		seed[i] = i;
}

static void drbg_vmalloc_kat(struct kunit *test)
{
	static const char expect1[] =
		"d81c4d8d734fcbfbeade3d3f8a039faa2a2c9957e835ad55b22e75bf57bb556ac81adde6aeeb4a5a875c3bfcadfa958f";
	static const char expect2[] =
		"64335bf29e5de62842c941766ba129b0643b5e7121ca26cfc190ec7dc3543830557fdd5c03cf123a456d48efea43c868";
	static const char expect99[] =
		"2a6f7386b815366f572aeb6c79e272cc21b7095fe09575f18072c9d677da23bc9c8a4bc393b7524604d299bedd260c8b";
	struct crypto_rng *rng = nk_glue_drbg(test);
	u8 seed[48], *buf, *out;
	const u8 *exp;
	unsigned int i;
	size_t len;

	buf = nk_glue_vmalloc(test, 2 * PAGE_SIZE);
	/* 48 bytes straddling the page boundary. */
	out = buf + PAGE_SIZE - 20;
	nk_glue_pqc_seed(seed);
	KUNIT_ASSERT_EQ(test, crypto_rng_reset(rng, seed, sizeof(seed)), 0);
	for (i = 0; i < 100; i++) {
		KUNIT_ASSERT_EQ(test, crypto_rng_get_bytes(rng, out, 48), 0);
		if (i == 1)
			exp = nk_unhex(test, expect1, &len);
		else if (i == 2)
			exp = nk_unhex(test, expect2, &len);
		else if (i == 99)
			exp = nk_unhex(test, expect99, &len);
		else
			continue;
		KUNIT_EXPECT_MEMEQ_MSG(test, out, exp, 48, "PQC KAT count = %u",
				       i);
	}
	/* Nothing written around the output. */
	for (i = 0; i < PAGE_SIZE - 20; i++)
		if (buf[i] != 0xa5)
			break;
	KUNIT_EXPECT_EQ(test, i, PAGE_SIZE - 20);
	for (i = PAGE_SIZE + 28; i < 2 * PAGE_SIZE; i++)
		if (buf[i] != 0xa5)
			break;
	KUNIT_EXPECT_EQ(test, i, 2 * PAGE_SIZE);
}

/* Several bounce-buffer rounds (4 KiB each) and a 64 KiB request split. */
static void drbg_vmalloc_long(struct kunit *test)
{
	const size_t total = 65536 + 3 * 4096 + 100;
	struct crypto_rng *a = nk_glue_drbg(test), *b = nk_glue_drbg(test);
	u8 seed[64], *x, *y;
	struct nk_rng r;

	x = nk_glue_vmalloc(test, total + 7);
	y = kunit_kmalloc(test, total, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, y);
	nk_rng_init(&r, 300);
	nk_rng_fill(&r, seed, sizeof(seed));
	KUNIT_ASSERT_EQ(test, crypto_rng_reset(a, seed, sizeof(seed)), 0);
	KUNIT_ASSERT_EQ(test, crypto_rng_reset(b, seed, sizeof(seed)), 0);
	/* Odd offset: the bounce copies need no alignment either. */
	KUNIT_ASSERT_EQ(test, crypto_rng_get_bytes(a, x + 7, total), 0);
	KUNIT_ASSERT_EQ(test, crypto_rng_get_bytes(b, y, total), 0);
	KUNIT_EXPECT_MEMEQ(test, x + 7, y, total);
	/* In step afterwards. */
	KUNIT_ASSERT_EQ(test, crypto_rng_get_bytes(a, x, 32), 0);
	KUNIT_ASSERT_EQ(test, crypto_rng_get_bytes(b, y, 32), 0);
	KUNIT_EXPECT_MEMEQ(test, x, y, 32);
}

/*
 * The interval of this load of nobs, by counting the requests of a
 * deterministic instance; 0 if it is above NK_GLUE_MAX_INTERVAL.
 */
static unsigned int nk_glue_interval(struct kunit *test,
				     struct crypto_rng *rng, const u8 *seed)
{
	unsigned int n;
	u8 out[16];
	int err;

	KUNIT_ASSERT_EQ(test, crypto_rng_reset(rng, seed, 48), 0);
	for (n = 0; n <= NK_GLUE_MAX_INTERVAL; n++) {
		err = crypto_rng_get_bytes(rng, out, sizeof(out));
		if (err) {
			KUNIT_ASSERT_EQ(test, err, -EKEYEXPIRED);
			return n;
		}
	}
	return 0;
}

/*
 * algif_rng's CAVP hook (CONFIG_CRYPTO_USER_API_RNG_CAVP) hands test entropy
 * to rng_alg.set_ent; nobs takes its test entropy through the seed, so the
 * hook is documented as accepted and ignored: the PQC KAT stream is the
 * same with test entropy set before and after the seed.
 */
static void drbg_set_ent_ignored(struct kunit *test)
{
	static const char expect1[] =
		"d81c4d8d734fcbfbeade3d3f8a039faa2a2c9957e835ad55b22e75bf57bb556ac81adde6aeeb4a5a875c3bfcadfa958f";
	struct crypto_rng *rng = nk_glue_drbg(test);
	u8 seed[48], junk[48], out[48];
	const u8 *exp;
	size_t len;

	nk_glue_pqc_seed(seed);
	memset(junk, 0x5c, sizeof(junk));
	crypto_rng_set_entropy(rng, junk, sizeof(junk));
	KUNIT_ASSERT_EQ(test, crypto_rng_reset(rng, seed, sizeof(seed)), 0);
	crypto_rng_set_entropy(rng, junk, sizeof(junk));
	KUNIT_ASSERT_EQ(test, crypto_rng_get_bytes(rng, out, sizeof(out)), 0);
	crypto_rng_set_entropy(rng, junk, 0);
	KUNIT_ASSERT_EQ(test, crypto_rng_get_bytes(rng, out, sizeof(out)), 0);
	exp = nk_unhex(test, expect1, &len);
	KUNIT_EXPECT_MEMEQ(test, out, exp, sizeof(out));
}

static bool nk_glue_all(const u8 *p, u8 v, size_t len)
{
	while (len--)
		if (*p++ != v)
			return false;
	return true;
}

static void drbg_reseed_limit(struct kunit *test)
{
	static const char expect1[] =
		"d81c4d8d734fcbfbeade3d3f8a039faa2a2c9957e835ad55b22e75bf57bb556ac81adde6aeeb4a5a875c3bfcadfa958f";
	const size_t big = 2 * 65536;
	struct crypto_rng *det = nk_glue_drbg(test), *autos = nk_glue_drbg(test);
	u8 seed[48], out[64], prev[64], *large;
	unsigned int interval, i;
	const u8 *exp;
	size_t len;

	large = kunit_kmalloc(test, big, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, large);
	nk_glue_pqc_seed(seed);
	interval = nk_glue_interval(test, det, seed);
	if (!interval)
		kunit_skip(test, "drbg_reseed_interval above %u (load nobs with drbg_reseed_interval=1000)",
			   NK_GLUE_MAX_INTERVAL);
	kunit_info(test, "drbg_reseed_interval=%u\n", interval);
	KUNIT_ASSERT_GE(test, interval, 3);

	/* Expired: refused again, also for a multi-request length. */
	memset(large, 0xa5, big);
	KUNIT_EXPECT_EQ(test, crypto_rng_get_bytes(det, large, 1),
			-EKEYEXPIRED);
	KUNIT_EXPECT_EQ(test, crypto_rng_get_bytes(det, large, 70000),
			-EKEYEXPIRED);
	KUNIT_EXPECT_TRUE_MSG(test, nk_glue_all(large, 0xa5, big),
			      "a refused request wrote output");

	/* A reset starts over: the PQC KAT's count = 1 output again. */
	KUNIT_ASSERT_EQ(test, crypto_rng_reset(det, seed, sizeof(seed)), 0);
	KUNIT_ASSERT_EQ(test, crypto_rng_get_bytes(det, out, 48), 0);
	KUNIT_ASSERT_EQ(test, crypto_rng_get_bytes(det, out, 48), 0);
	exp = nk_unhex(test, expect1, &len);
	KUNIT_EXPECT_MEMEQ(test, out, exp, 48);
	/*
	 * One request left: a length needing two (above 64 KiB) is refused
	 * whole and produces nothing, a single request still works.
	 */
	for (i = 2; i < interval - 1; i++)
		KUNIT_ASSERT_EQ(test, crypto_rng_get_bytes(det, out, 16), 0);
	KUNIT_EXPECT_EQ(test, crypto_rng_get_bytes(det, large, big),
			-EKEYEXPIRED);
	KUNIT_EXPECT_TRUE(test, nk_glue_all(large, 0xa5, big));
	KUNIT_EXPECT_EQ(test, crypto_rng_get_bytes(det, out, 16), 0);
	KUNIT_EXPECT_EQ(test, crypto_rng_get_bytes(det, out, 16),
			-EKEYEXPIRED);

	/* Seeded by the kernel: past the interval by reseeding itself. */
	KUNIT_ASSERT_EQ(test, crypto_rng_reset(autos, NULL, 0), 0);
	memset(prev, 0, sizeof(prev));
	for (i = 0; i < 2 * interval + 2; i++) {
		KUNIT_ASSERT_EQ_MSG(test, crypto_rng_get_bytes(autos, out,
							       sizeof(out)),
				    0, "request %u of a self-seeded instance", i);
		KUNIT_ASSERT_MEMNEQ(test, out, prev, sizeof(out));
		memcpy(prev, out, sizeof(out));
	}
	/* And a multi-request length across a reseed. */
	KUNIT_EXPECT_EQ(test, crypto_rng_get_bytes(autos, large, big), 0);
}

static struct kunit_case nobs_glue_cases[] = {
	KUNIT_CASE(drbg_vmalloc_kat),
	KUNIT_CASE(drbg_vmalloc_long),
	KUNIT_CASE(drbg_set_ent_ignored),
	KUNIT_CASE(drbg_reseed_limit),
	{}
};

static struct kunit_suite nobs_glue_suite = {
	.name = "nobs_glue",
	.test_cases = nobs_glue_cases,
};

kunit_test_suites(&nobs_glue_suite);
