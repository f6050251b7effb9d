// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "nobs_csidh": the kpp "csidh512" through the crypto API, and
 * the GF(p) multiplication of every implementation against the generic C.
 *
 * A group action takes seconds under emulation with KASAN, so the
 * suite runs five in all: a known answer (vector Id 1 of the CSIDH-512
 * test vectors, csidh/csidh_testvectors.dat in the shared vector set,
 * generated with the CSIDH reference implementation: private key Pr1 gives
 * public key Pk1, and with the peer's Pk2 the shared secret Ss), then one
 * exchange between two transforms (Pr1 and a fresh random key).
 *
 * Invalid public keys: Pk2 of vectors Id 265, 300 and 327 (status
 * invalid_public_key2: in range, not supersingular), A = p, A = 2^512 - 1, and
 * A = 2 and A = -2 (singular curves) in Montgomery form (2 * 2^512 mod p,
 * (p - 2) * 2^512 mod p, computed with Python integers).
 */
#include <kunit/test.h>
#include <crypto/kpp.h>
#include <linux/crypto.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>
#include <linux/string.h>
#if defined(CONFIG_X86_64)
#include <asm/cpufeature.h>
#endif

#include "isogeny/fp.h"
#include "nobs_kunit.h"

#define NK_SK	37
#define NK_PK	64

static const char nk_v1_pr1[] =
	"0c323ecd4fbbbbd12ccd5eb41d5c1f420ebf330e1521fc21c104cf0db0f0cb0dd5d10225fe";
static const char nk_v1_pk1[] =
	"c017b2703feb1f429d7e101d34b52652a4dea6499c4731d494e1841c1d4333e8c3c6f986ea8e5a62b7943b61025fc273bce2e1c0430a69b78ec35141065de84e";
static const char nk_v1_pk2[] =
	"9f189b6f09ec6ef686de1abc438e9708ceaac64cf01e9695c55e1997c5c13992f4e1c35e5c809af2d9be6ffad36e8966a94190f84962fd6e7f5fe9bbd7aee41f";
static const char nk_v1_ss[] =
	"755e8a3e344b0ef2accd8855ac292cdf1dd3d0f9e7403464f85a0784351f0317caae5455d4f8c2a1666adb364e9dc4aff578f02a4bb3da031a5e5e1e30f5dd30";

static const char * const nk_invalid_pk[] = {
	/* vector Id 300, Pk2 (invalid_public_key2) */
	"b67e64c7535b3f6c0633c62c7f3e05eec88179d34cf0eac136d5c0e3bacb5bd509f9028b7988099489166b34e118f012f580562bf2b8f08701ef4245769dc460",
	/* vector Id 327, Pk2 (invalid_public_key2) */
	"b67e64c7535b3f6c0633c62c7f3e05eec88179d34cf0eac136d5c0e3bacb5bd509f9028bf188099489166b34e118f012f580562bf2b8f08701ef4245769dc4d6",
	/* vector Id 265, Pk2 (invalid_public_key2) */
	"b61a64c7535b3f6c0633c62c7f3e05eec88179d34cf0eac136d5c0e3bacb5bd509f9028bf188099489166b34e118f012f580562bf2b8f08701ef4245769dc460",
	/* A = p */
	"7bc8c63305b9811b35a8ac57f41b72c2254f0b1fcc3067510755f367c5c6aaa7cdc92293c6fcfb5a428cc8ed3a082db44a4c3e5ed1b08afcbf890f748f8eb465",
	/* A = 2^512 - 1 */
	"ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
	/* A = 2 (Montgomery form) */
	"99151efde5627776f6b6a0493a74c5334374c764030cfc68db563ff8241eaab9fb0e52201f101439b442155bd9d61e7b8a82c828e98b4a11404fb2bb32377903",
	/* A = -2 (Montgomery form) */
	"e2b2a8361f560aa53ef10b0ebaa7ac8ee2da43bac8246be82bfeb36fa0a800eed1bad072a7ece7218e49b39261310e39c0c97535e82440eb7f3a5db85c573b62",
};

KUNIT_DEFINE_ACTION_WRAPPER(nk_free_kpp, crypto_free_kpp, struct crypto_kpp *);

static struct crypto_kpp *nk_csidh_tfm(struct kunit *test)
{
	struct crypto_kpp *tfm = crypto_alloc_kpp("csidh512", 0, 0);

	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(tfm), "csidh512: %ld",
			       PTR_ERR(tfm));
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, nk_free_kpp, tfm),
			0);
	KUNIT_ASSERT_TRUE(test,
			  nk_is_nobs_driver(crypto_tfm_alg_driver_name(crypto_kpp_tfm(tfm))));
	KUNIT_ASSERT_EQ(test, crypto_kpp_maxsize(tfm), NK_PK);
	return tfm;
}

/*
 * One kpp operation: the public key if @in is NULL, else the shared secret
 * with the peer key @in (@inlen bytes).  @out gets @outlen bytes at most;
 * buffers are copied to and from the heap (scatterlists need the linear
 * map).  Returns the kpp error.
 */
static int nk_kpp_op(struct kunit *test, struct crypto_kpp *tfm,
		     const u8 *in, unsigned int inlen, u8 *out,
		     unsigned int outlen)
{
	struct scatterlist src, dst;
	struct kpp_request *req;
	DECLARE_CRYPTO_WAIT(wait);
	u8 *hin = NULL, *hout;
	int err;

	hout = kunit_kzalloc(test, outlen, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, hout);
	if (in) {
		hin = kunit_kmalloc(test, inlen, GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, hin);
		memcpy(hin, in, inlen);
	}
	req = kpp_request_alloc(tfm, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, req);
	kpp_request_set_callback(req, CRYPTO_TFM_REQ_MAY_SLEEP,
				 crypto_req_done, &wait);
	sg_init_one(&dst, hout, outlen);
	if (in) {
		sg_init_one(&src, hin, inlen);
		kpp_request_set_input(req, &src, inlen);
		kpp_request_set_output(req, &dst, outlen);
		err = crypto_wait_req(crypto_kpp_compute_shared_secret(req),
				      &wait);
	} else {
		kpp_request_set_input(req, NULL, 0);
		kpp_request_set_output(req, &dst, outlen);
		err = crypto_wait_req(crypto_kpp_generate_public_key(req),
				      &wait);
	}
	if (!err)
		KUNIT_EXPECT_EQ(test, req->dst_len, NK_PK);
	kpp_request_free(req);
	memcpy(out, hout, outlen);
	return err;
}

static void csidh_kat(struct kunit *test)
{
	struct crypto_kpp *tfm = nk_csidh_tfm(test);
	u8 pk[NK_PK], ss[NK_PK];
	const u8 *sk, *pk1, *pk2, *exp;
	size_t len;

	sk = nk_unhex(test, nk_v1_pr1, &len);
	KUNIT_ASSERT_EQ(test, len, NK_SK);
	pk1 = nk_unhex(test, nk_v1_pk1, &len);
	pk2 = nk_unhex(test, nk_v1_pk2, &len);
	exp = nk_unhex(test, nk_v1_ss, &len);

	KUNIT_ASSERT_EQ(test, crypto_kpp_set_secret(tfm, sk, NK_SK), 0);
	KUNIT_ASSERT_EQ(test, nk_kpp_op(test, tfm, NULL, 0, pk, NK_PK), 0);
	KUNIT_EXPECT_MEMEQ_MSG(test, pk, pk1, NK_PK, "public key of Pr1");
	KUNIT_ASSERT_EQ(test, nk_kpp_op(test, tfm, pk2, NK_PK, ss, NK_PK), 0);
	KUNIT_EXPECT_MEMEQ_MSG(test, ss, exp, NK_PK, "Pr1 with Pk2");
}

static void csidh_exchange(struct kunit *test)
{
	struct crypto_kpp *a = nk_csidh_tfm(test), *b = nk_csidh_tfm(test);
	u8 pkb[NK_PK], ssa[NK_PK], ssb[NK_PK];
	const u8 *sk, *pk1;
	size_t len;

	sk = nk_unhex(test, nk_v1_pr1, &len);
	pk1 = nk_unhex(test, nk_v1_pk1, &len);
	KUNIT_ASSERT_EQ(test, crypto_kpp_set_secret(a, sk, NK_SK), 0);
	/* b: a fresh uniform key from get_random_bytes() */
	KUNIT_ASSERT_EQ(test, crypto_kpp_set_secret(b, NULL, 0), 0);
	KUNIT_ASSERT_EQ(test, nk_kpp_op(test, b, NULL, 0, pkb, NK_PK), 0);
	KUNIT_EXPECT_MEMNEQ(test, pkb, pk1, NK_PK);
	KUNIT_ASSERT_EQ(test, nk_kpp_op(test, a, pkb, NK_PK, ssa, NK_PK), 0);
	KUNIT_ASSERT_EQ(test, nk_kpp_op(test, b, pk1, NK_PK, ssb, NK_PK), 0);
	KUNIT_EXPECT_MEMEQ_MSG(test, ssa, ssb, NK_PK,
			       "the two sides derived different secrets");
}

static void csidh_bad_inputs(struct kunit *test)
{
	static const unsigned int bad_len[] = { 1, 36, 38, 64 };
	struct crypto_kpp *tfm = nk_csidh_tfm(test);
	u8 *sk, out[NK_PK + 1];
	const u8 *pk;
	unsigned int i;
	size_t len;

	sk = kunit_kzalloc(test, 64, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, sk);
	memcpy(sk, nk_unhex(test, nk_v1_pr1, &len), NK_SK);

	/* Private keys: 37 bytes (or 0), every nibble in [-5, 5]. */
	for (i = 0; i < ARRAY_SIZE(bad_len); i++)
		KUNIT_EXPECT_EQ_MSG(test, crypto_kpp_set_secret(tfm, sk,
								bad_len[i]),
				    -EINVAL, "key of %u bytes", bad_len[i]);
	KUNIT_EXPECT_EQ(test, crypto_kpp_set_secret(tfm, NULL, NK_SK),
			-EINVAL);
	sk[5] = 0x60;		/* exponent +6 */
	KUNIT_EXPECT_EQ(test, crypto_kpp_set_secret(tfm, sk, NK_SK), -EINVAL);
	sk[5] = 0x0a;		/* exponent -6 */
	KUNIT_EXPECT_EQ(test, crypto_kpp_set_secret(tfm, sk, NK_SK), -EINVAL);
	/* A refused key leaves the transform without one. */
	pk = nk_unhex(test, nk_v1_pk2, &len);
	KUNIT_EXPECT_EQ(test, nk_kpp_op(test, tfm, NULL, 0, out, NK_PK),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, nk_kpp_op(test, tfm, pk, NK_PK, out, NK_PK),
			-EINVAL);

	memcpy(sk, nk_unhex(test, nk_v1_pr1, &len), NK_SK);
	KUNIT_ASSERT_EQ(test, crypto_kpp_set_secret(tfm, sk, NK_SK), 0);
	/* Lengths: peer key exactly 64, output at least 64. */
	KUNIT_EXPECT_EQ(test, nk_kpp_op(test, tfm, pk, NK_PK - 1, out, NK_PK),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, nk_kpp_op(test, tfm, pk, NK_PK, out, NK_PK - 1),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, nk_kpp_op(test, tfm, NULL, 0, out, NK_PK - 1),
			-EINVAL);
	/* Invalid public keys: refused by validation, before any group action. */
	for (i = 0; i < ARRAY_SIZE(nk_invalid_pk); i++) {
		pk = nk_unhex(test, nk_invalid_pk[i], &len);
		KUNIT_ASSERT_EQ(test, len, NK_PK);
		KUNIT_EXPECT_EQ_MSG(test, nk_kpp_op(test, tfm, pk, NK_PK, out,
						    NK_PK),
				    -EINVAL, "invalid public key %u", i);
	}
}

/* ---- GF(p): every multiplication against the generic one ----------------- */

#ifdef NOBS_FP_ASM_NAME	/* helpers of fp_impls, which needs a GF(p) asm */
/* p = 4 * 3 * 5 * 7 * ... * 373 * 587 - 1, limbs little-endian */
static const u64 nk_p[NOBS_FP_LIMBS] = {
	0x1b81b90533c6c87bULL, 0xc2721bf457aca835ULL,
	0x516730cc1f0b4f25ULL, 0xa7aac6c567f35507ULL,
	0x5afbfcc69322c9cdULL, 0xb42d083aedc88c42ULL,
	0xfc8ab0d15e3e4c4aULL, 0x65b48e8f740f89bfULL,
};

static bool nk_fp_below_p(const struct nobs_fp *a)
{
	int i;

	for (i = NOBS_FP_LIMBS - 1; i >= 0; i--) {
		if (a->limb[i] != nk_p[i])
			return a->limb[i] < nk_p[i];
	}
	return false;
}

/* A random element of [0, p): random limbs, or p - small, 0, 1. */
static void nk_fp_random(struct nk_rng *r, struct nobs_fp *a)
{
	unsigned int kind = nk_rng_below(r, 8), i;

	if (kind == 0) {
		memcpy(a->limb, nk_p, sizeof(nk_p));
		a->limb[0] -= 1 + nk_rng_below(r, 1000);	/* no borrow */
		return;
	}
	if (kind == 1) {
		memset(a, 0, sizeof(*a));
		a->limb[0] = nk_rng_below(r, 2);
		return;
	}
	do {
		for (i = 0; i < NOBS_FP_LIMBS; i++)
			a->limb[i] = nk_rng_next(r);
		a->limb[NOBS_FP_LIMBS - 1] &= (1ULL << 63) - 1;
	} while (!nk_fp_below_p(a));
}
#endif

static void fp_impls(struct kunit *test)
{
#ifdef NOBS_FP_ASM_NAME
	struct nobs_fp a, b, g, f, t;
	struct nk_rng r;
	unsigned int i;

#if defined(CONFIG_X86_64)
	if (!boot_cpu_has(X86_FEATURE_BMI2) || !boot_cpu_has(X86_FEATURE_ADX))
		kunit_skip(test, "the CPU has no BMI2/ADX for %s",
			   NOBS_FP_ASM_NAME);
#endif
	nk_rng_init(&r, 300);
	for (i = 0; i < 4000; i++) {
		nk_fp_random(&r, &a);
		nk_fp_random(&r, &b);

		nobs_fp_mul_generic(&g, &a, &b);
		nobs_fp_mul_asm(&f, &a, &b);
		KUNIT_ASSERT_TRUE(test, nk_fp_below_p(&g));
		KUNIT_ASSERT_MEMEQ_MSG(test, &f, &g, sizeof(g), "%s mul, case %u",
				       NOBS_FP_ASM_NAME, i);
		/* r aliasing a */
		t = a;
		nobs_fp_mul_asm(&t, &t, &b);
		KUNIT_ASSERT_MEMEQ(test, &t, &g, sizeof(g));

		nobs_fp_sqr_generic(&g, &a);
		nobs_fp_sqr_asm(&f, &a);
		KUNIT_ASSERT_TRUE(test, nk_fp_below_p(&g));
		KUNIT_ASSERT_MEMEQ_MSG(test, &f, &g, sizeof(g), "%s sqr, case %u",
				       NOBS_FP_ASM_NAME, i);
		t = a;
		nobs_fp_sqr_asm(&t, &t);
		KUNIT_ASSERT_MEMEQ(test, &t, &g, sizeof(g));
	}
	kunit_info(test, "%s: 4000 products and squares match generic\n",
		   NOBS_FP_ASM_NAME);
#else
	kunit_skip(test, "no GF(p) assembly on this architecture");
#endif
}

static struct kunit_case nobs_csidh_cases[] = {
	KUNIT_CASE(fp_impls),
	KUNIT_CASE(csidh_bad_inputs),
	KUNIT_CASE_SLOW(csidh_kat),
	KUNIT_CASE_SLOW(csidh_exchange),
	{}
};

static struct kunit_suite nobs_csidh_suite = {
	.name = "nobs_csidh",
	.test_cases = nobs_csidh_cases,
};

kunit_test_suites(&nobs_csidh_suite);
