// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "nobs_zeroize": every structure of nobs's glue that holds a
 * key, a seed, a DRBG state or a CSIDH private key is wiped when it is
 * done with.
 *
 * The memory is inspected where the crypto API leaves it to the driver:
 * - the shash descriptor (shash_desc_ctx, the keyed sponge) after final(),
 *   and after an import() that was refused;
 * - the shash transform context (cSHAKE's S or KMAC's key, absorbed into
 *   the sponge prefix) after the driver's exit_tfm;
 * - the rng transform context (CTR_DRBG V, counters, the ctr(aes) engine
 *   whose key is the DRBG's Key) after the driver's cra_exit;
 * - the kpp transform context (the CSIDH private key) after a set_secret()
 *   that is refused, after one that replaces the key, and after exit.
 * The exit functions are called directly through the algorithm structure
 * (crypto_shash_alg(), crypto_rng_alg(), crypto_kpp_alg()), on a transform
 * that is then freed as usual: the crypto API calls exit a second time on
 * an all-zero context, which each driver accepts (the DRBG's engine is set
 * up again first, so that the second exit frees a real one).  The API's own
 * kfree_sensitive() of the whole transform afterwards is not what is
 * tested here.  Each case first checks that the structure did hold
 * something non-zero, so a wipe is what makes it zero.
 *
 * Not covered (no way to look at them from here): the stack buffers of the
 * glue (wiped with memzero_explicit() before return) and the AES key
 * schedule inside the kernel's ctr(aes) transform (freed by the crypto API
 * with kfree_sensitive()).
 */
#include <kunit/test.h>
#include <crypto/hash.h>
#include <crypto/internal/hash.h>
#include <crypto/internal/kpp.h>
#include <crypto/internal/rng.h>
#include <crypto/kpp.h>
#include <crypto/rng.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "nobs_kunit.h"

#define NK_Z_DRBG	"nobs_ctr_drbg_aes256_nodf"
#define NK_Z_SK		37

KUNIT_DEFINE_ACTION_WRAPPER(nk_z_free_shash, crypto_free_shash,
			    struct crypto_shash *);
KUNIT_DEFINE_ACTION_WRAPPER(nk_z_free_rng, crypto_free_rng,
			    struct crypto_rng *);
KUNIT_DEFINE_ACTION_WRAPPER(nk_z_free_kpp, crypto_free_kpp,
			    struct crypto_kpp *);

static bool nk_zero(const void *p, size_t len)
{
	return !memchr_inv(p, 0, len);
}

static struct crypto_shash *nk_z_shash(struct kunit *test, const char *name)
{
	struct crypto_shash *tfm = crypto_alloc_shash(name, 0, 0);

	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(tfm), "%s: %ld", name,
			       PTR_ERR(tfm));
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, nk_z_free_shash,
							 tfm), 0);
	KUNIT_ASSERT_TRUE_MSG(test,
			      nk_is_nobs_driver(crypto_shash_driver_name(tfm)),
			      "%s is served by %s", name,
			      crypto_shash_driver_name(tfm));
	return tfm;
}

/* A keyed member with a 32-byte key (K for KMAC, S for cSHAKE). */
static struct crypto_shash *nk_z_keyed(struct kunit *test, const char *name,
				       struct nk_rng *r)
{
	struct crypto_shash *tfm = nk_z_shash(test, name);
	u8 key[32];

	nk_rng_fill(r, key, sizeof(key));
	KUNIT_ASSERT_EQ(test, crypto_shash_setkey(tfm, key, sizeof(key)), 0);
	memzero_explicit(key, sizeof(key));
	return tfm;
}

static struct shash_desc *nk_z_desc(struct kunit *test,
				    struct crypto_shash *tfm)
{
	struct shash_desc *desc;

	desc = kunit_kzalloc(test, sizeof(*desc) + crypto_shash_descsize(tfm),
			     GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, desc);
	desc->tfm = tfm;
	return desc;
}

static const char * const nk_z_shashes[] = {
	"kmac128", "kmac256", "cshake128", "cshake256", "shake128", "shake256",
};

/*
 * After final() the descriptor (the sponge, keyed for KMAC and cSHAKE)
 * is all zero; before it, it was not.
 */
static void zeroize_shash_desc_after_final(struct kunit *test)
{
	struct nk_rng r;
	unsigned int i;
	u8 msg[200], out[64];

	nk_rng_init(&r, 0x2e01);
	nk_rng_fill(&r, msg, sizeof(msg));
	for (i = 0; i < ARRAY_SIZE(nk_z_shashes); i++) {
		const char *name = nk_z_shashes[i];
		struct crypto_shash *tfm = strncmp(name, "shake", 5) ?
			nk_z_keyed(test, name, &r) : nk_z_shash(test, name);
		struct shash_desc *desc = nk_z_desc(test, tfm);
		void *ctx = shash_desc_ctx(desc);
		size_t len = crypto_shash_descsize(tfm);

		KUNIT_ASSERT_LE(test, crypto_shash_digestsize(tfm), sizeof(out));
		KUNIT_ASSERT_EQ(test, crypto_shash_init(desc), 0);
		KUNIT_ASSERT_EQ(test, crypto_shash_update(desc, msg,
							  sizeof(msg)), 0);
		KUNIT_EXPECT_FALSE_MSG(test, nk_zero(ctx, len),
				       "%s: descriptor empty before final", name);
		KUNIT_ASSERT_EQ(test, crypto_shash_final(desc, out), 0);
		KUNIT_EXPECT_TRUE_MSG(test, nk_zero(ctx, len),
				      "%s: descriptor not wiped by final", name);

		/* finup and digest end in the same final. */
		KUNIT_ASSERT_EQ(test, crypto_shash_digest(desc, msg, 17, out), 0);
		KUNIT_EXPECT_TRUE_MSG(test, nk_zero(ctx, len),
				      "%s: descriptor not wiped by digest", name);
	}
}

/* A refused import leaves no copy of the state it was given. */
static void zeroize_shash_desc_refused_import(struct kunit *test)
{
	struct crypto_shash *tfm;
	struct shash_desc *desc;
	struct nk_rng r;
	size_t len;
	u8 *state;

	nk_rng_init(&r, 0x2e02);
	tfm = nk_z_keyed(test, "kmac256", &r);
	desc = nk_z_desc(test, tfm);
	len = crypto_shash_statesize(tfm);
	state = kunit_kzalloc(test, len, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, state);
	/* Random bytes: not a state of this algorithm (bad counters). */
	nk_rng_fill(&r, state, len);
	memset(state + len - 8, 0xff, 8);
	KUNIT_ASSERT_EQ(test, crypto_shash_import(desc, state), -EINVAL);
	KUNIT_EXPECT_TRUE(test, nk_zero(shash_desc_ctx(desc),
					crypto_shash_descsize(tfm)));
}

/*
 * The transform context holds the key absorbed into the sponge prefix;
 * the driver's exit_tfm wipes it.
 */
static void zeroize_shash_tfm_exit(struct kunit *test)
{
	static const char * const keyed[] = {
		"kmac128", "kmac256", "cshake128", "cshake256",
	};
	struct nk_rng r;
	unsigned int i;

	nk_rng_init(&r, 0x2e03);
	for (i = 0; i < ARRAY_SIZE(keyed); i++) {
		struct crypto_shash *tfm = nk_z_keyed(test, keyed[i], &r);
		struct shash_alg *alg = crypto_shash_alg(tfm);
		size_t len = alg->base.cra_ctxsize;
		void *ctx = crypto_shash_ctx(tfm);

		KUNIT_ASSERT_GT(test, len, 0);
		KUNIT_ASSERT_NOT_NULL(test, alg->exit_tfm);
		KUNIT_EXPECT_FALSE_MSG(test, nk_zero(ctx, len),
				       "%s: no key in the context", keyed[i]);
		alg->exit_tfm(tfm);
		KUNIT_EXPECT_TRUE_MSG(test, nk_zero(ctx, len),
				      "%s: context not wiped by exit_tfm",
				      keyed[i]);
	}
}

/*
 * The DRBG context (V, counters, the ctr(aes) engine keyed with Key) is
 * all zero after the driver's exit, for a deterministic instance and for
 * one seeded from the kernel's RNG.
 */
static void zeroize_drbg_tfm_exit(struct kunit *test)
{
	unsigned int pass;
	u8 seed[48], out[64];
	size_t i;

	for (i = 0; i < sizeof(seed); i++)
		seed[i] = i;
	for (pass = 0; pass < 2; pass++) {
		struct crypto_rng *rng = crypto_alloc_rng(NK_Z_DRBG, 0, 0);
		struct crypto_tfm *base;
		struct crypto_alg *alg;
		void *ctx;

		KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(rng), "%s: %ld", NK_Z_DRBG,
				       PTR_ERR(rng));
		KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test,
								 nk_z_free_rng,
								 rng), 0);
		base = crypto_rng_tfm(rng);
		alg = base->__crt_alg;
		ctx = crypto_rng_ctx(rng);
		KUNIT_ASSERT_NOT_NULL(test, alg->cra_exit);
		KUNIT_ASSERT_NOT_NULL(test, alg->cra_init);
		KUNIT_ASSERT_EQ(test, crypto_rng_reset(rng, pass ? NULL : seed,
						       pass ? 0 : sizeof(seed)),
				0);
		KUNIT_ASSERT_EQ(test, crypto_rng_get_bytes(rng, out,
							   sizeof(out)), 0);
		KUNIT_EXPECT_FALSE(test, nk_zero(ctx, alg->cra_ctxsize));
		alg->cra_exit(base);
		KUNIT_EXPECT_TRUE_MSG(test, nk_zero(ctx, alg->cra_ctxsize),
				      "DRBG context not wiped by exit (%s seed)",
				      pass ? "kernel" : "user");
		/* A live engine again for crypto_free_rng()'s own exit. */
		KUNIT_EXPECT_EQ(test, alg->cra_init(base), 0);
	}
}

static struct crypto_kpp *nk_z_kpp(struct kunit *test)
{
	struct crypto_kpp *tfm = crypto_alloc_kpp("csidh512", 0, 0);

	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(tfm), "csidh512: %ld",
			       PTR_ERR(tfm));
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, nk_z_free_kpp,
							 tfm), 0);
	KUNIT_ASSERT_TRUE(test, nk_is_nobs_driver(
		crypto_tfm_alg_driver_name(crypto_kpp_tfm(tfm))));
	return tfm;
}

/* A valid private key: 74 exponents in [-5, 5], two per byte. */
static void nk_z_csidh_key(struct nk_rng *r, u8 *sk)
{
	unsigned int i;
	int lo, hi;

	for (i = 0; i < NK_Z_SK; i++) {
		lo = (int)nk_rng_below(r, 11) - 5;
		hi = (int)nk_rng_below(r, 11) - 5;
		/* Exponent 2i is the high nibble, 2i + 1 the low one. */
		sk[i] = (u8)(((hi & 0xf) << 4) | (lo & 0xf));
	}
	if (!sk[0])
		sk[0] = 0x11;
}

/*
 * The CSIDH context (the private key) is wiped when set_secret() refuses a
 * key (wrong length, exponent out of range) and by exit; a new key
 * replaces the old one completely.
 */
static void zeroize_csidh_private_key(struct kunit *test)
{
	struct crypto_kpp *tfm = nk_z_kpp(test);
	struct kpp_alg *alg = crypto_kpp_alg(tfm);
	size_t len = crypto_kpp_tfm(tfm)->__crt_alg->cra_ctxsize;
	u8 *ctx = kpp_tfm_ctx(tfm);
	u8 a[NK_Z_SK], b[NK_Z_SK], bad[NK_Z_SK];
	struct nk_rng r;

	KUNIT_ASSERT_GE(test, len, (size_t)NK_Z_SK);
	KUNIT_ASSERT_NOT_NULL(test, alg->exit);
	nk_rng_init(&r, 0x2e05);
	nk_z_csidh_key(&r, a);
	nk_z_csidh_key(&r, b);
	memcpy(bad, a, sizeof(bad));
	bad[5] = 0x60;			/* exponent 10: +6, out of range */

	KUNIT_ASSERT_EQ(test, crypto_kpp_set_secret(tfm, a, sizeof(a)), 0);
	KUNIT_EXPECT_MEMEQ(test, ctx, a, sizeof(a));
	KUNIT_EXPECT_EQ(test, crypto_kpp_set_secret(tfm, a, sizeof(a) - 1),
			-EINVAL);
	KUNIT_EXPECT_TRUE_MSG(test, nk_zero(ctx, len),
			      "key kept after a wrong-length set_secret");

	KUNIT_ASSERT_EQ(test, crypto_kpp_set_secret(tfm, a, sizeof(a)), 0);
	KUNIT_EXPECT_EQ(test, crypto_kpp_set_secret(tfm, bad, sizeof(bad)),
			-EINVAL);
	KUNIT_EXPECT_TRUE_MSG(test, nk_zero(ctx, len),
			      "key kept after an out-of-range set_secret");

	KUNIT_ASSERT_EQ(test, crypto_kpp_set_secret(tfm, a, sizeof(a)), 0);
	KUNIT_ASSERT_EQ(test, crypto_kpp_set_secret(tfm, b, sizeof(b)), 0);
	KUNIT_EXPECT_MEMEQ(test, ctx, b, sizeof(b));

	/* A random key (length 0), then exit. */
	KUNIT_ASSERT_EQ(test, crypto_kpp_set_secret(tfm, NULL, 0), 0);
	KUNIT_EXPECT_FALSE(test, nk_zero(ctx, NK_Z_SK));
	alg->exit(tfm);
	KUNIT_EXPECT_TRUE_MSG(test, nk_zero(ctx, len),
			      "private key not wiped by exit");
	memzero_explicit(a, sizeof(a));
	memzero_explicit(b, sizeof(b));
	memzero_explicit(bad, sizeof(bad));
}

static struct kunit_case nobs_zeroize_cases[] = {
	KUNIT_CASE(zeroize_shash_desc_after_final),
	KUNIT_CASE(zeroize_shash_desc_refused_import),
	KUNIT_CASE(zeroize_shash_tfm_exit),
	KUNIT_CASE(zeroize_drbg_tfm_exit),
	KUNIT_CASE(zeroize_csidh_private_key),
	{}
};

static struct kunit_suite nobs_zeroize_suite = {
	.name = "nobs_zeroize",
	.test_cases = nobs_zeroize_cases,
};

kunit_test_suites(&nobs_zeroize_suite);
