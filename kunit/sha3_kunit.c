// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "nobs_sha3": the shash algorithms of sha3/sha3_glue.c through
 * the crypto API, and every Keccak permutation against the generic one.
 *
 * Known answers (first bytes of the digest):
 * - SHAKE: NIST CAVP (CAVS 19.0) SHAKE128ShortMsg.rsp Len = 1344 (one full
 *   168-byte block), SHAKE256ShortMsg.rsp Len = 1088 (one 136-byte block),
 *   SHAKE128VariableOut.rsp COUNT = 144 and SHAKE256VariableOut.rsp
 *   COUNT = 310 (their first 32 / 64 output bytes);
 * - cSHAKE, KMAC: NIST SP 800-185 example values, cSHAKE samples 2 and 4
 *   (S = "Email Signature", N empty), KMAC samples 1 and 5 (key 40..5f,
 *   S empty: the only samples the shash interface can express);
 * - SHA3-224..512: the FIPS 202 example values for "abc" (checked with
 *   Python's hashlib), run only when nobs registered sha3-* (a fast
 *   permutation is in use).
 * The other cases compare the API against itself (split updates, export/
 * import, several threads) or implementations against each other.
 */
#include <kunit/test.h>
#include <crypto/hash.h>
#include <crypto/internal/simd.h>
#include <linux/completion.h>
#include <linux/kthread.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <asm/simd.h>
#if defined(CONFIG_X86_64)
#include <asm/cpu_device_id.h>
#include <asm/cpufeature.h>
#include <asm/fpu/api.h>
#include <asm/fpu/xstate.h>
#include <asm/intel-family.h>
#include <asm/processor.h>
#elif defined(CONFIG_ARM64)
#include <asm/cpufeature.h>
#include <asm/neon.h>
#endif

#include "nobs.h"
#include "sha3/sha3_glue.h"
#include "nobs_kunit.h"
#include "sha3_kunit.h"

/* ---- helpers shared with sha3_ctx_kunit.c ------------------------------- */

const struct nk_sha3_alg nk_sha3_algs[NK_SHA3_NR_ALGS] = {
	{ "shake128", 32, NK_UNKEYED },
	{ "shake256", 64, NK_UNKEYED },
	{ "cshake128", 32, NK_KEY_OPTIONAL },
	{ "cshake256", 64, NK_KEY_OPTIONAL },
	{ "kmac128", 32, NK_KEY_REQUIRED },
	{ "kmac256", 64, NK_KEY_REQUIRED },
	{ "sha3-224", 28, NK_UNKEYED },
	{ "sha3-256", 32, NK_UNKEYED },
	{ "sha3-384", 48, NK_UNKEYED },
	{ "sha3-512", 64, NK_UNKEYED },
};

KUNIT_DEFINE_ACTION_WRAPPER(nk_free_shash, crypto_free_shash,
			    struct crypto_shash *);

/*
 * sha3-* exist in the kernel too (sha3-generic): only nobs's drivers,
 * registered when a fast permutation is in use, are tested here.
 */
static struct crypto_shash *nk_alloc_sha3_fixed(const char *name)
{
	static const char * const impls[] = { "avx512", "bmi", "ce" };
	char drv[CRYPTO_MAX_ALG_NAME];
	struct crypto_shash *tfm;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(impls); i++) {
		snprintf(drv, sizeof(drv), "%s-nobs-%s", name, impls[i]);
		tfm = crypto_alloc_shash(drv, 0, 0);
		if (!IS_ERR(tfm))
			return tfm;
	}
	return NULL;
}

struct crypto_shash *nk_sha3_tfm(struct kunit *test, unsigned int alg)
{
	const char *name = nk_sha3_algs[alg].name;
	struct crypto_shash *tfm;

	if (!strncmp(name, "sha3-", 5)) {
		tfm = nk_alloc_sha3_fixed(name);
		if (!tfm)
			return NULL;
	} else {
		tfm = crypto_alloc_shash(name, 0, 0);
		KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(tfm), "%s: %ld", name,
				       PTR_ERR(tfm));
		KUNIT_ASSERT_TRUE_MSG(test,
				      nk_is_nobs_driver(crypto_shash_driver_name(tfm)),
				      "%s is served by %s", name,
				      crypto_shash_driver_name(tfm));
	}
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, nk_free_shash,
							tfm), 0);
	KUNIT_ASSERT_EQ(test, crypto_shash_digestsize(tfm),
			nk_sha3_algs[alg].digestsize);
	return tfm;
}

/* Give a keyed transform a random key (KMAC) or customization (cSHAKE). */
void nk_sha3_random_key(struct kunit *test, struct crypto_shash *tfm,
			unsigned int alg, struct nk_rng *r)
{
	u8 key[96];
	unsigned int len;

	if (nk_sha3_algs[alg].key == NK_UNKEYED)
		return;
	len = nk_rng_below(r, sizeof(key) + 1);
	if (nk_sha3_algs[alg].key == NK_KEY_REQUIRED && !len)
		len = 1;
	nk_rng_fill(r, key, len);
	KUNIT_ASSERT_EQ(test, crypto_shash_setkey(tfm, key, len), 0);
}

int nk_sha3_digest(struct crypto_shash *tfm, const u8 *msg, unsigned int len,
		   u8 *out)
{
	SHASH_DESC_ON_STACK(desc, tfm);
	int err;

	desc->tfm = tfm;
	err = crypto_shash_digest(desc, msg, len, out);
	shash_desc_zero(desc);
	return err;
}

/* ---- known answers ------------------------------------------------------ */

/**
 * struct nk_sha3_kat - one known answer through the shash API
 * @alg:    index in nk_sha3_algs
 * @key:    KMAC key 40 41 .. 5f (32 bytes) if true
 * @s:      cSHAKE customization S (the key), or NULL
 * @msg:    message in hex, or NULL for 00 01 02 .. (@seq bytes)
 * @seq:    length of the counting message
 * @expect: expected first bytes of the digest, hex
 */
struct nk_sha3_kat {
	unsigned int alg;
	bool key;
	const char *s;
	const char *msg;
	unsigned int seq;
	const char *expect;
};

static const struct nk_sha3_kat nk_sha3_kats[] = {
	{ .alg = NK_SHAKE128,	/* SHAKE128ShortMsg.rsp, Len = 1344 */
	  .msg =
		"5d9ff9fe63c328ddbe0c865ac6ba605c52a14ee8e4870ba320ce849283532f2551959e74cf1a54c8b30ed75dd92e076637e4ad5213b3574e73d6640bd6245bc121378174dccdaa769e6e4f2dc650e1166c775d0a982021c0b160fe9438098e86b6cdc786f2a6d1ef68751551f7e99773daa28598d9961002c0b47ab511c8707df69f9b32796b723bf7685251d2c0d08567ad4e8540ddcc1b8a1a01f6c92aaaadcaf42301d9e53463",
	  .expect = "f50af2684408915871948779a14c147c" },
	{ .alg = NK_SHAKE256,	/* SHAKE256ShortMsg.rsp, Len = 1088 */
	  .msg =
		"d8f12b97f81d47aebbfb7314ff04172cf2be71c3778e238bcccdeecb691fbd542b00e5b7b1a0abb507f107f781fea700ea7e375fdea9e029754a0ea62216774bda3c59e8783d022360fe9625621c0d93e27f7bc03632942150716f019d048a752ccc0f93139c55df0f4aaa066a0550cf22e8c54e47d0475ba56b9842a392ffbc6bd98f1e4b64abd1",
	  .expect = "e2e1c432dd07c2ee89a78f31211c92eeb5306c4fa4db93c4e5cd43080d6079e4" },
	{ .alg = NK_SHAKE128,	/* SHAKE128VariableOut.rsp, COUNT = 144 */
	  .msg = "d94be6703183babe2a30331b0028193c",
	  .expect = "0583c92e58ec7df9365dfa9ae3fab8bab0ae1a85c24cc834751a39159fe17d77" },
	{ .alg = NK_SHAKE256,	/* SHAKE256VariableOut.rsp, COUNT = 310 */
	  .msg = "dc886df3f69c49513de3627e9481db5871e8ee88eb9f99611541930a8bc885e0",
	  .expect =
		"00648afbc5e651649db1fd82936b00dbbc122fb4c877860d385c4950d56de7e096d613d7a3f27ed8f26334b0ccc1407b41dccb23dfaa529818d1125cd5348092" },
	{ .alg = NK_CSHAKE128, .s = "Email Signature", .seq = 200,	/* sample 2 */
	  .expect = "c5221d50e4f822d96a2e8881a961420f294b7b24fe3d2094baed2c6524cc166b" },
	{ .alg = NK_CSHAKE256, .s = "Email Signature", .seq = 200,	/* sample 4 */
	  .expect =
		"07dc27b11e51fbac75bc7b3c1d983e8b4b85fb1defaf218912ac86430273091727f42b17ed1df63e8ec118f04b23633c1dfb1574c8fb55cb45da8e25afb092bb" },
	{ .alg = NK_KMAC128, .key = true, .seq = 4,	/* KMAC sample 1 */
	  .expect = "e5780b0d3ea6f7d3a429c5706aa43a00fadbd7d49628839e3187243f456ee14e" },
	{ .alg = NK_KMAC256, .key = true, .seq = 200,	/* KMAC sample 5 */
	  .expect =
		"75358cf39e41494e949707927cee0af20a3ff553904c86b08f21cc414bcfd691589d27cf5e15369cbbff8b9a4c2eb17800855d0235ff635da82533ec6b759b69" },
	{ .alg = NK_SHA3_224, .msg = "616263",
	  .expect = "e642824c3f8cf24ad09234ee7d3c766fc9a3a5168d0c94ad73b46fdf" },
	{ .alg = NK_SHA3_256, .msg = "616263",
	  .expect = "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532" },
	{ .alg = NK_SHA3_384, .msg = "616263",
	  .expect =
		"ec01498288516fc926459f58e2c6ad8df9b473cb0fc08c2596da7cf0e49be4b298d88cea927ac7f539f1edf228376d25" },
	{ .alg = NK_SHA3_512, .msg = "616263",
	  .expect =
		"b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0" },
};

static void sha3_kat(struct kunit *test)
{
	unsigned int i, j, run = 0, skipped = 0;
	u8 out[64], key[32];

	for (i = 0; i < sizeof(key); i++)
		key[i] = 0x40 + i;
	for (i = 0; i < ARRAY_SIZE(nk_sha3_kats); i++) {
		const struct nk_sha3_kat *v = &nk_sha3_kats[i];
		struct crypto_shash *tfm = nk_sha3_tfm(test, v->alg);
		size_t mlen, elen;
		const u8 *exp;
		u8 *msg;

		if (!tfm) {
			skipped++;
			continue;
		}
		if (v->msg) {
			msg = nk_unhex(test, v->msg, &mlen);
		} else {
			mlen = v->seq;
			msg = kunit_kmalloc(test, mlen, GFP_KERNEL);
			KUNIT_ASSERT_NOT_NULL(test, msg);
			for (j = 0; j < mlen; j++)
				msg[j] = j;
		}
		if (v->key)
			KUNIT_ASSERT_EQ(test, crypto_shash_setkey(tfm, key,
								  sizeof(key)), 0);
		if (v->s)
			KUNIT_ASSERT_EQ(test, crypto_shash_setkey(tfm, v->s,
								  strlen(v->s)), 0);
		exp = nk_unhex(test, v->expect, &elen);
		KUNIT_ASSERT_LE(test, elen, crypto_shash_digestsize(tfm));
		KUNIT_ASSERT_EQ(test, nk_sha3_digest(tfm, msg, mlen, out), 0);
		KUNIT_EXPECT_MEMEQ_MSG(test, out, exp, elen, "vector %u (%s)",
				       i, crypto_shash_driver_name(tfm));
		run++;
	}
	kunit_info(test, "%u vectors, %u skipped (no nobs sha3-* without a fast permutation)\n",
		   run, skipped);
}

/* ---- split updates against one-shot --------------------------------------- */

#define NK_MSG_MAX	(9 * 1024)	/* crosses the glue's 4 KiB sections */

/* init, random pieces (empty ones included), then final or finup. */
static void nk_digest_pieces(struct kunit *test, struct crypto_shash *tfm,
			     const u8 *msg, unsigned int len, u8 *out,
			     struct nk_rng *r)
{
	SHASH_DESC_ON_STACK(desc, tfm);
	unsigned int n, max;

	desc->tfm = tfm;
	KUNIT_ASSERT_EQ(test, crypto_shash_init(desc), 0);
	for (;;) {
		max = nk_rng_below(r, 4) ? 200 : len;
		n = nk_rng_below(r, min(len, max) + 1);
		if (n == len && nk_rng_below(r, 2)) {
			KUNIT_ASSERT_EQ(test, crypto_shash_finup(desc, msg, n,
								 out), 0);
			return;
		}
		KUNIT_ASSERT_EQ(test, crypto_shash_update(desc, msg, n), 0);
		msg += n;
		len -= n;
		if (!len)
			break;
	}
	KUNIT_ASSERT_EQ(test, crypto_shash_final(desc, out), 0);
}

static void sha3_split_updates(struct kunit *test)
{
	u8 one[64], split[64];
	struct nk_rng r;
	unsigned int alg, i, len;
	u8 *msg;

	nk_rng_init(&r, 1);
	msg = kunit_kmalloc(test, NK_MSG_MAX, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, msg);
	for (alg = 0; alg < NK_SHA3_NR_ALGS; alg++) {
		struct crypto_shash *tfm = nk_sha3_tfm(test, alg);

		if (!tfm)
			continue;
		nk_sha3_random_key(test, tfm, alg, &r);
		for (i = 0; i < 24; i++) {
			len = i < 4 ? i : nk_rng_below(&r, i < 20 ? 700 :
							NK_MSG_MAX + 1);
			nk_rng_fill(&r, msg, len);
			KUNIT_ASSERT_EQ(test, nk_sha3_digest(tfm, msg, len,
							     one), 0);
			nk_digest_pieces(test, tfm, msg, len, split, &r);
			KUNIT_ASSERT_MEMEQ_MSG(test, split, one,
					       crypto_shash_digestsize(tfm),
					       "%s, %u bytes",
					       crypto_shash_driver_name(tfm),
					       len);
		}
	}
}

/* ---- export / import ------------------------------------------------------ */

static void sha3_export_import(struct kunit *test)
{
	unsigned int alg, i, len, cut;
	u8 one[64], out[64];
	struct nk_rng r;
	u8 *msg, *state;

	nk_rng_init(&r, 2);
	msg = kunit_kmalloc(test, 2048, GFP_KERNEL);
	state = kunit_kmalloc(test, sizeof(struct nobs_keccak), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, msg);
	KUNIT_ASSERT_NOT_NULL(test, state);
	for (alg = 0; alg < NK_SHA3_NR_ALGS; alg++) {
		struct crypto_shash *tfm = nk_sha3_tfm(test, alg);
		struct crypto_shash *tfm2;
		u64 tag;

		if (!tfm)
			continue;
		KUNIT_ASSERT_EQ(test, crypto_shash_statesize(tfm),
				sizeof(struct nobs_keccak));
		/* A second transform with the same key, for cross imports. */
		tfm2 = nk_sha3_tfm(test, alg);
		tag = nk_rng_next(&r);
		r.s = tag;
		nk_sha3_random_key(test, tfm, alg, &r);
		r.s = tag;
		nk_sha3_random_key(test, tfm2, alg, &r);
		for (i = 0; i < 12; i++) {
			SHASH_DESC_ON_STACK(desc, tfm);
			SHASH_DESC_ON_STACK(desc2, tfm2);

			len = nk_rng_below(&r, 2049);
			cut = nk_rng_below(&r, len + 1);
			nk_rng_fill(&r, msg, len);
			KUNIT_ASSERT_EQ(test, nk_sha3_digest(tfm, msg, len,
							     one), 0);

			desc->tfm = tfm;
			desc2->tfm = i & 1 ? tfm2 : tfm;
			KUNIT_ASSERT_EQ(test, crypto_shash_init(desc), 0);
			KUNIT_ASSERT_EQ(test, crypto_shash_update(desc, msg,
								  cut), 0);
			KUNIT_ASSERT_EQ(test, crypto_shash_export(desc, state),
					0);
			/* The original goes on as if nothing happened... */
			KUNIT_ASSERT_EQ(test, crypto_shash_finup(desc,
								 msg + cut,
								 len - cut,
								 out), 0);
			KUNIT_EXPECT_MEMEQ(test, out, one,
					   crypto_shash_digestsize(tfm));
			/* ...and the copy, on a fresh descriptor, too. */
			KUNIT_ASSERT_EQ(test, crypto_shash_import(desc2, state),
					0);
			KUNIT_ASSERT_EQ(test, crypto_shash_finup(desc2,
								 msg + cut,
								 len - cut,
								 out), 0);
			KUNIT_EXPECT_MEMEQ_MSG(test, out, one,
					       crypto_shash_digestsize(tfm),
					       "%s, %u bytes cut at %u",
					       crypto_shash_driver_name(tfm),
					       len, cut);
		}
	}
}

/* ---- every permutation against the generic one ----------------------------- */

/* The kernel's SIMD section, for code that uses vector registers. */
static void nk_simd_begin(void)
{
#if defined(CONFIG_X86_64)
	kernel_fpu_begin();
#elif defined(CONFIG_ARM64)
	kernel_neon_begin();
#endif
}

static void nk_simd_end(void)
{
#if defined(CONFIG_X86_64)
	kernel_fpu_end();
#elif defined(CONFIG_ARM64)
	kernel_neon_end();
#endif
}

static void nk_keccak_simd_begin(const struct nobs_keccak_impl *impl)
{
	if (impl->needs_simd)
		nk_simd_begin();
}

static void nk_keccak_simd_end(const struct nobs_keccak_impl *impl)
{
	if (impl->needs_simd)
		nk_simd_end();
}

static void keccak_impls(struct kunit *test)
{
	const struct nobs_keccak_impl *fast[3];
	const struct nobs_keccak_impl *gen = &nobs_keccak_generic;
	u64 a[NOBS_KECCAK_LANES], b[NOBS_KECCAK_LANES];
	unsigned int n = 0, k, i, rate, nblocks;
	struct nk_rng r;
	u8 *in;

#ifdef NOBS_HAVE_KECCAK_X86
	if (boot_cpu_has(X86_FEATURE_BMI1) && boot_cpu_has(X86_FEATURE_BMI2))
		fast[n++] = &nobs_keccak_x86_bmi;
	if (boot_cpu_has(X86_FEATURE_AVX512F) &&
	    boot_cpu_has(X86_FEATURE_AVX512VL) &&
	    cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM |
			      XFEATURE_MASK_AVX512, NULL))
		fast[n++] = &nobs_keccak_x86_avx512;
#endif
#ifdef NOBS_HAVE_KECCAK_ARM64
	if (cpu_have_named_feature(SHA3))
		fast[n++] = &nobs_keccak_arm64_ce;
#endif
	if (!n)
		kunit_skip(test, "no fast Keccak permutation on this CPU");

	nk_rng_init(&r, 3);
	in = kunit_kmalloc(test, 4 * NOBS_SHAKE128_RATE + 1, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, in);
	for (k = 0; k < n; k++) {
		const struct nobs_keccak_impl *impl = fast[k];

		if (impl->needs_simd)
			KUNIT_ASSERT_TRUE(test, crypto_simd_usable());
		for (i = 0; i < 300; i++) {
			if (i == 0)
				memset(a, 0, sizeof(a));
			else if (i == 1)
				memset(a, 0xff, sizeof(a));
			else
				nk_rng_fill(&r, a, sizeof(a));
			memcpy(b, a, sizeof(a));
			gen->permute(a);
			nk_keccak_simd_begin(impl);
			impl->permute(b);
			nk_keccak_simd_end(impl);
			KUNIT_ASSERT_MEMEQ_MSG(test, b, a, sizeof(a),
					       "%s permute, case %u",
					       impl->name, i);

			/* absorb: any rate 8..168, 0..4 blocks, unaligned */
			rate = 8 * (1 + nk_rng_below(&r, NOBS_SHAKE128_RATE / 8));
			nblocks = nk_rng_below(&r, 5);
			nk_rng_fill(&r, in, nblocks * rate + 1);
			gen->absorb(a, in + 1, nblocks, rate);
			nk_keccak_simd_begin(impl);
			impl->absorb(b, in + 1, nblocks, rate);
			nk_keccak_simd_end(impl);
			KUNIT_ASSERT_MEMEQ_MSG(test, b, a, sizeof(a),
					       "%s absorb rate %u x %u, case %u",
					       impl->name, rate, nblocks, i);
		}
		kunit_info(test, "%s: 300 permutations and absorbs match generic\n",
			   impl->name);
	}
}

/* ---- the multi-lane permutations against the generic one ------------------ */

#define NK_XN_BLOCKS	60
#define NK_XN_STRIDE	(NK_XN_BLOCKS * NOBS_SHAKE128_RATE + 8)

/*
 * @lanes states through @xn inside one SIMD section (nk_simd_begin()), or, @xn NULL,
 * through nobs_keccak_absorb_xn() (the permutation chosen at load, with the
 * glue's SIMD rules and sections), against one generic absorb per state:
 * 12 calls at each rate of the family, random states in every lane,
 * 1..60 blocks, a distinct misaligned input per lane.
 */
static void nk_xn_check(struct kunit *test,
			const struct nobs_keccak_xn_impl *xn,
			unsigned int lanes, const char *name)
{
	static const unsigned int rates[] = { 168, 144, 136, 104, 72 };
	u64 (*got)[NOBS_KECCAK_LANES], (*want)[NOBS_KECCAK_LANES];
	unsigned int k, it, l, calls = 0;
	const u8 *in[8];
	size_t nblocks;
	struct nk_rng r;
	u8 *buf;

	nk_rng_init(&r, 34 + lanes);
	got = kunit_kmalloc_array(test, 8, sizeof(*got), GFP_KERNEL);
	want = kunit_kmalloc_array(test, 8, sizeof(*want), GFP_KERNEL);
	buf = kunit_kmalloc(test, 8 * NK_XN_STRIDE, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, got);
	KUNIT_ASSERT_NOT_NULL(test, want);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	for (k = 0; k < ARRAY_SIZE(rates); k++) {
		for (it = 0; it < 12; it++, calls++) {
			nblocks = it ? 1 + nk_rng_below(&r, NK_XN_BLOCKS) :
				       NK_XN_BLOCKS;
			nk_rng_fill(&r, buf, 8 * NK_XN_STRIDE);
			nk_rng_fill(&r, got, 8 * sizeof(*got));
			memcpy(want, got, 8 * sizeof(*want));
			for (l = 0; l < lanes; l++) {
				in[l] = buf + l * NK_XN_STRIDE + 1 + l % 7;
				nobs_keccak_generic.absorb(want[l], in[l],
							   nblocks, rates[k]);
			}
			if (xn) {
				nk_simd_begin();
				xn->absorb(got, in, nblocks, rates[k]);
				nk_simd_end();
			} else {
				KUNIT_ASSERT_TRUE(test,
						  nobs_keccak_absorb_xn(got, in, nblocks,
									rates[k]));
			}
			for (l = 0; l < lanes; l++)
				KUNIT_ASSERT_MEMEQ_MSG(test, got[l], want[l],
						       sizeof(want[l]),
						       "%s: rate %u x %zu blocks, lane %u",
						       name, rates[k], nblocks, l);
		}
	}
	kunit_info(test, "%s: %u calls of %u lanes match generic\n", name,
		   calls, lanes);
}

/*
 * Each multi-lane permutation the CPU runs (QEMU's TCG, -cpu max: AVX2
 * but no AVX-512, so avx512x8 is checked natively only, by
 * tests/user/test_keccak_xn; arm64: cex2 with the SHA3 instructions),
 * then the one nobs chose (none with force_generic=1).
 */
static void keccak_xn_impls(struct kunit *test)
{
	unsigned int n = 0, lanes = nobs_keccak_xn_lanes();

	KUNIT_ASSERT_TRUE(test, crypto_simd_usable());
#ifdef NOBS_HAVE_KECCAK_X86
	if (boot_cpu_has(X86_FEATURE_AVX) && boot_cpu_has(X86_FEATURE_AVX2) &&
	    cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM, NULL)) {
		nk_xn_check(test, &nobs_keccak_x86_avx2_x4, 4, "avx2x4");
		n++;
	} else {
		kunit_info(test, "avx2x4: no AVX2 on this CPU\n");
	}
	if (boot_cpu_has(X86_FEATURE_AVX512F) &&
	    cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM |
			      XFEATURE_MASK_AVX512, NULL)) {
		nk_xn_check(test, &nobs_keccak_x86_avx512_x8, 8, "avx512x8");
		n++;
	} else {
		kunit_info(test, "avx512x8: no AVX-512 on this CPU (checked natively by tests/user)\n");
	}
#endif
#ifdef NOBS_HAVE_KECCAK_ARM64
	if (cpu_have_named_feature(SHA3)) {
		nk_xn_check(test, &nobs_keccak_arm64_cex2, 2, "cex2");
		n++;
	} else {
		kunit_info(test, "cex2: no SHA3 instructions on this CPU\n");
	}
#endif
	if (lanes) {
		nk_xn_check(test, NULL, lanes, "the chosen one, nobs_keccak_absorb_xn()");
		n++;
	}
	if (!n)
		kunit_skip(test, "no multi-lane permutation on this CPU");
}

/* ---- several threads, one shared or separate transforms --------------------- */

#define NK_THREADS	4
#define NK_THREAD_MSGS	48
#define NK_THREAD_BUF	4096

/**
 * struct nk_hash_job - what one hashing thread does and finds
 * @tfm:    transform (shared or its own)
 * @buf:    message bytes; message i is buf[off[i] .. off[i] + len[i])
 * @off:    offsets
 * @len:    lengths
 * @expect: digests computed beforehand in the test's own thread
 * @bad:    digests that differed (written by the thread)
 * @err:    first error of the API (written by the thread)
 * @done:   completed when the thread finishes
 */
struct nk_hash_job {
	struct crypto_shash *tfm;
	u8 *buf;
	u16 off[NK_THREAD_MSGS];
	u16 len[NK_THREAD_MSGS];
	u8 expect[NK_THREAD_MSGS][64];
	unsigned int bad;
	int err;
	struct completion done;
};

static int nk_hash_thread(void *arg)
{
	struct nk_hash_job *job = arg;
	unsigned int round, i, ds = crypto_shash_digestsize(job->tfm);
	u8 out[64];
	int err;

	for (round = 0; round < 3; round++) {
		for (i = 0; i < NK_THREAD_MSGS; i++) {
			err = nk_sha3_digest(job->tfm, job->buf + job->off[i],
					     job->len[i], out);
			if (err && !job->err)
				job->err = err;
			if (memcmp(out, job->expect[i], ds))
				job->bad++;
			cond_resched();
		}
	}
	kthread_complete_and_exit(&job->done, 0);
}

static void nk_hash_threads(struct kunit *test, bool shared)
{
	/* shared: kmac256 (the key is the tfm's); separate: mixed members */
	static const unsigned int sep[NK_THREADS] = {
		NK_KMAC128, NK_CSHAKE256, NK_SHAKE128, NK_KMAC256,
	};
	struct crypto_shash *shared_tfm = NULL;
	struct nk_hash_job *jobs;
	struct task_struct *t;
	unsigned int j, i, alg;
	struct nk_rng r;

	nk_rng_init(&r, shared ? 4 : 5);
	jobs = kunit_kcalloc(test, NK_THREADS, sizeof(*jobs), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, jobs);
	if (shared) {
		shared_tfm = nk_sha3_tfm(test, NK_KMAC256);
		nk_sha3_random_key(test, shared_tfm, NK_KMAC256, &r);
	}
	for (j = 0; j < NK_THREADS; j++) {
		struct nk_hash_job *job = &jobs[j];

		if (shared) {
			job->tfm = shared_tfm;
		} else {
			alg = sep[j];
			job->tfm = nk_sha3_tfm(test, alg);
			nk_sha3_random_key(test, job->tfm, alg, &r);
		}
		job->buf = kunit_kmalloc(test, NK_THREAD_BUF, GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, job->buf);
		nk_rng_fill(&r, job->buf, NK_THREAD_BUF);
		for (i = 0; i < NK_THREAD_MSGS; i++) {
			job->len[i] = nk_rng_below(&r, 1500);
			job->off[i] = nk_rng_below(&r, NK_THREAD_BUF -
						   job->len[i] + 1);
			KUNIT_ASSERT_EQ(test,
					nk_sha3_digest(job->tfm,
						       job->buf + job->off[i],
						       job->len[i],
						       job->expect[i]), 0);
		}
		init_completion(&job->done);
	}
	for (j = 0; j < NK_THREADS; j++) {
		t = kthread_run(nk_hash_thread, &jobs[j], "nobs_kunit_h%u", j);
		if (IS_ERR(t)) {
			/* Let the threads already started finish first. */
			while (j--)
				wait_for_completion(&jobs[j].done);
			KUNIT_FAIL(test, "kthread_run: %ld", PTR_ERR(t));
			return;
		}
	}
	for (j = 0; j < NK_THREADS; j++) {
		wait_for_completion(&jobs[j].done);
		KUNIT_EXPECT_EQ_MSG(test, jobs[j].err, 0, "thread %u", j);
		KUNIT_EXPECT_EQ_MSG(test, jobs[j].bad, 0,
				    "thread %u (%s): wrong digests", j,
				    crypto_shash_driver_name(jobs[j].tfm));
	}
}

static void sha3_threads_shared_tfm(struct kunit *test)
{
	nk_hash_threads(test, true);
}

static void sha3_threads_separate_tfms(struct kunit *test)
{
	nk_hash_threads(test, false);
}

/* ---- bad inputs ---------------------------------------------------------- */

static void sha3_bad_inputs(struct kunit *test)
{
	struct crypto_shash *kmac, *cshake, *shake, *shake256;
	static const u8 msg[3] = { 'a', 'b', 'c' };
	struct nobs_keccak *k;
	u8 out[64], ref[64];
	u8 *key, *state;

	key = kunit_kmalloc(test, 513, GFP_KERNEL);
	k = kunit_kzalloc(test, sizeof(*k), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, key);
	KUNIT_ASSERT_NOT_NULL(test, k);
	state = (u8 *)k;
	memset(key, 0x5a, 513);
	kmac = nk_sha3_tfm(test, NK_KMAC128);
	cshake = nk_sha3_tfm(test, NK_CSHAKE128);
	shake = nk_sha3_tfm(test, NK_SHAKE128);
	shake256 = nk_sha3_tfm(test, NK_SHAKE256);

	/* KMAC: a key is required, 1..512 bytes. */
	KUNIT_EXPECT_EQ(test, nk_sha3_digest(kmac, msg, 3, out), -ENOKEY);
	KUNIT_EXPECT_EQ(test, crypto_shash_setkey(kmac, key, 0), -EINVAL);
	KUNIT_EXPECT_EQ(test, crypto_shash_setkey(kmac, key, 513), -EINVAL);
	KUNIT_EXPECT_EQ(test, nk_sha3_digest(kmac, msg, 3, out), -ENOKEY);
	KUNIT_EXPECT_EQ(test, crypto_shash_setkey(kmac, key, 512), 0);
	KUNIT_EXPECT_EQ(test, nk_sha3_digest(kmac, msg, 3, out), 0);
	KUNIT_EXPECT_EQ(test, crypto_shash_setkey(kmac, key, 1), 0);
	KUNIT_EXPECT_EQ(test, nk_sha3_digest(kmac, msg, 3, out), 0);

	/* cSHAKE: S of 0..512 bytes; empty S is SHAKE; too long keeps S. */
	KUNIT_ASSERT_EQ(test, nk_sha3_digest(shake, msg, 3, ref), 0);
	KUNIT_EXPECT_EQ(test, crypto_shash_setkey(cshake, key, 0), 0);
	KUNIT_ASSERT_EQ(test, nk_sha3_digest(cshake, msg, 3, out), 0);
	KUNIT_EXPECT_MEMEQ(test, out, ref, 32);
	KUNIT_EXPECT_EQ(test, crypto_shash_setkey(cshake, key, 513), -EINVAL);
	KUNIT_ASSERT_EQ(test, nk_sha3_digest(cshake, msg, 3, out), 0);
	KUNIT_EXPECT_MEMEQ(test, out, ref, 32);
	KUNIT_EXPECT_EQ(test, crypto_shash_setkey(cshake, key, 512), 0);
	KUNIT_ASSERT_EQ(test, nk_sha3_digest(cshake, msg, 3, out), 0);
	KUNIT_EXPECT_MEMNEQ(test, out, ref, 32);

	/* SHAKE takes no key at all. */
	KUNIT_EXPECT_LT(test, crypto_shash_setkey(shake, key, 16), 0);

	/* import: only states of the same member, absorbing, in range. */
	{
		SHASH_DESC_ON_STACK(d256, shake256);
		SHASH_DESC_ON_STACK(d128, shake);

		d256->tfm = shake256;
		d128->tfm = shake;
		KUNIT_ASSERT_EQ(test, crypto_shash_init(d256), 0);
		KUNIT_ASSERT_EQ(test, crypto_shash_update(d256, msg, 3), 0);
		KUNIT_ASSERT_EQ(test, crypto_shash_export(d256, state), 0);
		KUNIT_EXPECT_EQ(test, crypto_shash_import(d128, state),
				-EINVAL);

		KUNIT_ASSERT_EQ(test, crypto_shash_init(d128), 0);
		KUNIT_ASSERT_EQ(test, crypto_shash_update(d128, msg, 3), 0);
		KUNIT_ASSERT_EQ(test, crypto_shash_export(d128, state), 0);
		KUNIT_EXPECT_EQ(test, crypto_shash_import(d128, state), 0);
		k->pos = k->rate;
		KUNIT_EXPECT_EQ(test, crypto_shash_import(d128, state),
				-EINVAL);
		k->pos = 3;
		k->squeezing = 1;
		KUNIT_EXPECT_EQ(test, crypto_shash_import(d128, state),
				-EINVAL);
		k->squeezing = 0;
		k->rate = 100;
		KUNIT_EXPECT_EQ(test, crypto_shash_import(d128, state),
				-EINVAL);
		shash_desc_zero(d128);
		shash_desc_zero(d256);
	}
}

/*
 * KMAC without a key: the crypto API refuses init on CRYPTO_TFM_NEED_KEY,
 * and the driver's own init refuses too (-ENOKEY), for a caller that
 * reaches it without that check; its context is then all zero.  With the
 * SP 800-185 KMAC sample #1 key the same direct calls give that sample's
 * answer.
 */
static void sha3_kmac_init_without_key(struct kunit *test)
{
	static const u8 msg[4] = { 0x00, 0x01, 0x02, 0x03 };
	static const char * const sample1 =
		"e5780b0d3ea6f7d3a429c5706aa43a00fadbd7d49628839e3187243f456ee14e";
	unsigned int algs[] = { NK_KMAC128, NK_KMAC256 }, i;
	u8 key[32], out[64];
	size_t elen;
	const u8 *exp;

	for (i = 0; i < sizeof(key); i++)
		key[i] = 0x40 + i;
	exp = nk_unhex(test, sample1, &elen);
	for (i = 0; i < ARRAY_SIZE(algs); i++) {
		struct crypto_shash *tfm = nk_sha3_tfm(test, algs[i]);
		struct shash_alg *alg = crypto_shash_alg(tfm);
		SHASH_DESC_ON_STACK(desc, tfm);

		desc->tfm = tfm;
		KUNIT_EXPECT_EQ(test, crypto_shash_init(desc), -ENOKEY);
		KUNIT_EXPECT_EQ_MSG(test, alg->init(desc), -ENOKEY,
				    "%s: init without a key",
				    crypto_shash_driver_name(tfm));
		KUNIT_EXPECT_EQ(test, crypto_shash_setkey(tfm, key, 0),
				-EINVAL);
		KUNIT_EXPECT_EQ_MSG(test, alg->init(desc), -ENOKEY,
				    "%s: init after a refused key",
				    crypto_shash_driver_name(tfm));
		if (algs[i] != NK_KMAC128)
			continue;
		KUNIT_ASSERT_EQ(test, crypto_shash_setkey(tfm, key, 32), 0);
		KUNIT_ASSERT_EQ(test, alg->init(desc), 0);
		KUNIT_ASSERT_EQ(test, alg->update(desc, msg, sizeof(msg)), 0);
		KUNIT_ASSERT_EQ(test, alg->final(desc, out), 0);
		KUNIT_EXPECT_MEMEQ(test, out, exp, elen);
		shash_desc_zero(desc);
	}
}

#ifdef CONFIG_X86_64
/*
 * The zmm rule (nobs_x86_prefer_ymm()): mainline's zmm_exclusion_list,
 * named here by the kernel's own model constants (asm/intel-family.h), is
 * refused zmm code; Intel CPUs beside and after them, and AMD's, are not,
 * unless the kernel set X86_FEATURE_PREFER_YMM; the same model numbers in
 * another family or of another vendor are not on the list.  Then the boot
 * CPU: where it is on the list, or flagged, no sha3 driver of nobs is the
 * avx512 one (QEMU/TCG has no AVX-512, so there that part proves little).
 */
static bool nk_prefer_ymm(u32 vfm, bool flag)
{
	return nobs_x86_prefer_ymm(VFM_VENDOR(vfm), VFM_FAMILY(vfm),
				   VFM_MODEL(vfm), flag);
}

static void keccak_zmm_rule(struct kunit *test)
{
	static const u32 slow[] = {
		INTEL_SKYLAKE_X, INTEL_ICELAKE_X, INTEL_ICELAKE_D,
		INTEL_ICELAKE, INTEL_ICELAKE_L, INTEL_ICELAKE_NNPI,
		INTEL_TIGERLAKE_L, INTEL_TIGERLAKE,
	};
	static const u32 fast[] = {
		INTEL_SKYLAKE, INTEL_ROCKETLAKE, INTEL_ALDERLAKE,
		INTEL_SAPPHIRERAPIDS_X, INTEL_EMERALDRAPIDS_X,
		INTEL_GRANITERAPIDS_X,
		VFM_MAKE(X86_VENDOR_AMD, 0x19, 0x11),	/* Zen 4 (Genoa) */
		VFM_MAKE(X86_VENDOR_AMD, 0x1a, 0x02),	/* Zen 5 (Turin) */
		VFM_MAKE(X86_VENDOR_AMD, 6, 0x55),	/* a slow model, AMD */
		VFM_MAKE(X86_VENDOR_INTEL, 0x13, 0x55),	/* another family */
	};
	static const struct x86_cpu_id boot_slow[] = {
		X86_MATCH_VFM(INTEL_SKYLAKE_X, 0),
		X86_MATCH_VFM(INTEL_ICELAKE_X, 0),
		X86_MATCH_VFM(INTEL_ICELAKE_D, 0),
		X86_MATCH_VFM(INTEL_ICELAKE, 0),
		X86_MATCH_VFM(INTEL_ICELAKE_L, 0),
		X86_MATCH_VFM(INTEL_ICELAKE_NNPI, 0),
		X86_MATCH_VFM(INTEL_TIGERLAKE_L, 0),
		X86_MATCH_VFM(INTEL_TIGERLAKE, 0),
		{}
	};
	struct crypto_shash *tfm;
	unsigned int i;
	bool flag;

	for (i = 0; i < ARRAY_SIZE(slow); i++) {
		KUNIT_EXPECT_TRUE_MSG(test, nk_prefer_ymm(slow[i], false),
				      "vfm %#x", slow[i]);
		KUNIT_EXPECT_TRUE_MSG(test, nk_prefer_ymm(slow[i], true),
				      "vfm %#x with the flag", slow[i]);
	}
	for (i = 0; i < ARRAY_SIZE(fast); i++) {
		KUNIT_EXPECT_FALSE_MSG(test, nk_prefer_ymm(fast[i], false),
				       "vfm %#x", fast[i]);
		KUNIT_EXPECT_TRUE_MSG(test, nk_prefer_ymm(fast[i], true),
				      "vfm %#x with the flag", fast[i]);
	}

	flag = x86_match_cpu(boot_slow) || NOBS_BOOT_CPU_PREFER_YMM;
	kunit_info(test, "boot CPU vfm %#x: %s", boot_cpu_data.x86_vfm,
		   flag ? "zmm excluded" : "zmm allowed");
	KUNIT_EXPECT_EQ(test, nobs_x86_prefer_ymm(boot_cpu_data.x86_vendor,
						  boot_cpu_data.x86,
						  boot_cpu_data.x86_model,
						  NOBS_BOOT_CPU_PREFER_YMM),
			flag);
	if (!flag)
		return;
	for (i = 0; i < NK_SHA3_NR_ALGS; i++) {
		tfm = crypto_alloc_shash(nk_sha3_algs[i].name, 0, 0);
		if (IS_ERR(tfm))
			continue;
		KUNIT_EXPECT_FALSE_MSG(test,
				       strstr(crypto_shash_driver_name(tfm),
					      "-nobs-avx512"),
				       "%s", crypto_shash_driver_name(tfm));
		crypto_free_shash(tfm);
	}
}
#endif

static struct kunit_case nobs_sha3_cases[] = {
	KUNIT_CASE(sha3_kat),
	KUNIT_CASE(sha3_split_updates),
	KUNIT_CASE(sha3_export_import),
	KUNIT_CASE(keccak_impls),
	KUNIT_CASE(keccak_xn_impls),
#ifdef CONFIG_X86_64
	KUNIT_CASE(keccak_zmm_rule),
#endif
	KUNIT_CASE(sha3_threads_shared_tfm),
	KUNIT_CASE(sha3_threads_separate_tfms),
	KUNIT_CASE(sha3_bad_inputs),
	KUNIT_CASE(sha3_kmac_init_without_key),
	{}
};

static struct kunit_suite nobs_sha3_suite = {
	.name = "nobs_sha3",
	.test_cases = nobs_sha3_cases,
};

kunit_test_suites(&nobs_sha3_suite);
