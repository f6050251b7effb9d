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
 * And the stack the CSIDH and CTIDH group actions run on: the cores'
 * nobs_csidh[1024]_public_key(), nobs_ctidh{511,512,1024,2048}_public_key() and
 * their shared_secret() (exported to this module only) are called over stack
 * painted with a pattern (once per parameter set); after
 * they return, every 64-bit word of it must be the pattern, zeros, or a
 * kernel address (return addresses, saved frame pointers): nothing of the
 * curves, points and field temporaries of the walk may stay.
 *
 * And the registers of the AVX-512 IFMA field code of the 512- and
 * 1024-bit fields (x86-64, where the CPU has it, whether nobs chose it or
 * not: not under QEMU/TCG, which has no AVX-512; the tests/user harness's
 * test_fp and test_fp1024 run the same check natively): in one kernel_fpu
 * section, kunit/nk_ifma_probe_x86_64.S fills zmm0-31, k1-k7 and the stack
 * below with ones, runs a multiplication or a squaring, and reads them
 * back: all registers must be zero, and the stack only zeros or ones.
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
#include <linux/err.h>
#include <linux/random.h>
#include <linux/sched/task_stack.h>
#include <linux/slab.h>
#include <linux/string.h>
#if defined(CONFIG_X86_64)
#include <linux/irqflags.h>
#include <asm/cpufeature.h>
#include <asm/fpu/api.h>
#include <asm/fpu/xstate.h>
#include <asm/simd.h>
#endif

#include "isogeny/csidh512.h"
#include "isogeny/csidh1024.h"
#include "isogeny/ctidh511.h"
#include "isogeny/ctidh512.h"
#include "isogeny/ctidh1024.h"
#include "isogeny/ctidh2048.h"
#include "isogeny/csidh_glue.h"
#include "nobs_kunit.h"
#if defined(CONFIG_X86_64)
#include "isogeny/fp512.h"
#include "isogeny/fp1024.h"
#include "kunit/nk_ifma_probe.h"
#endif

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

/*
 * A private key of @len bytes: exponents in [-max, max], two per byte
 * (csidh512: 37 bytes, max 5), a valid CSIDH key; max 0: the exponents of
 * a CTIDH key, one a byte, in [-1, 1] for every fourth prime and 0 for
 * the others, which nk_z_ctidh_fit() then fits into the set's batch
 * bounds.  Not inlined: the generator's constants stay out of its
 * caller's registers, which the group action's prologues would save on
 * the stack the residue check scans.
 */
static noinline void nk_z_csidh_key(struct nk_rng *r, u8 *sk,
				    unsigned int len, int max)
{
	unsigned int i;
	int lo, hi;

	if (!max) {
		for (i = 0; i < len; i++)
			sk[i] = i % 4 ? 0 : (u8)((int)nk_rng_below(r, 3) - 1);
		sk[0] = 1;
		return;
	}
	for (i = 0; i < len; i++) {
		lo = (int)nk_rng_below(r, 2 * max + 1) - max;
		hi = (int)nk_rng_below(r, 2 * max + 1) - max;
		/* Exponent 2i is the high nibble, 2i + 1 the low one. */
		sk[i] = (u8)(((hi & 0xf) << 4) | (lo & 0xf));
	}
	if (!sk[0])
		sk[0] = 0x11;
}

/*
 * A CTIDH key fitted into the set's key space: @sk's exponents kept in
 * order while the set's kpp accepts the key so far, the others 0.
 * set_secret() refuses a key with a batch past its bound, so each batch
 * keeps at most its bound and a bound-0 batch's exponents are 0
 * (ctidh2048's batch 0: 9 primes, bound 1; batches 21 and 23: bound 0;
 * nk_z_csidh_key()'s keys are within every bound of the other sets).
 * The bounds are the core's; the kpp's refusals are tested against
 * high-ctidh's bounds by csidh_kunit.c and the harness.
 */
static void nk_z_ctidh_fit(struct kunit *test, const char *alg, u8 *sk,
			   unsigned int len)
{
	struct crypto_kpp *tfm = crypto_alloc_kpp(alg, 0, 0);
	u8 *key = kunit_kzalloc(test, len, GFP_KERNEL);
	unsigned int i;

	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(tfm), "%s: %ld", alg,
			       PTR_ERR(tfm));
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, nk_z_free_kpp,
							 tfm), 0);
	KUNIT_ASSERT_NOT_NULL(test, key);
	for (i = 0; i < len; i++) {
		key[i] = sk[i];
		if (key[i] && crypto_kpp_set_secret(tfm, key, len))
			key[i] = 0;
	}
	KUNIT_ASSERT_EQ_MSG(test, crypto_kpp_set_secret(tfm, key, len), 0,
			    "%s: the fitted key refused", alg);
	memcpy(sk, key, len);
	memzero_explicit(key, len);
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
	nk_z_csidh_key(&r, a, NK_Z_SK, 5);
	nk_z_csidh_key(&r, b, NK_Z_SK, 5);
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

/* ---- the stack of the CSIDH group action ------------------------------- */

#define NK_Z_PAINT	0xa5
#define NK_Z_PAINT_WORD	0xa5a5a5a5a5a5a5a5ULL
/*
 * Painted below the case's frame (within the task's stack): the scrub
 * after the action goes deepest (about 4 KiB below the operation, 8 with
 * KASAN).
 */
#define NK_Z_SPAN	(30 * 1024)
/* Not scanned: the top, where the scan's own frame and interrupts write. */
#define NK_Z_TOP_GAP	1024

static unsigned long nk_z_lo;

/* Paint [nk_z_lo, below this function's frame) with the pattern. */
static noinline __no_sanitize_address void nk_z_paint(void)
{
	u64 *p = (u64 *)ALIGN(nk_z_lo, 8);
	u64 *hi = (u64 *)((unsigned long)__builtin_frame_address(0) - 256);

	/* No call: it would write its frame into what is painted. */
	while (p < hi)
		WRITE_ONCE(*p++, NK_Z_PAINT_WORD);
}

/* The magic word at the base of a frame KASAN instruments. */
#define NK_Z_KASAN_FRAME	0x41b58ab3ULL

static bool nk_z_kernel_address(u64 w)
{
	return w >> 56 == 0xff || (IS_ENABLED(CONFIG_PPC64) && w >> 56 == 0xc0);
}

/*
 * Nothing to hide: zeros over the pattern, a kernel address, a small
 * number (a saved count or flag of the frames above the core's; a field
 * element limb is one with a chance of 2^-48; the harness,
 * tests/user/test_zeroize.c, checks the core without this allowance), an
 * errno as a 32-bit or 64-bit value (a constant a frame above the core's
 * keeps in a callee-saved register, e.g. -EINVAL for the result's
 * constant-time select, saved by a call below it: clang's kCFI build
 * leaves 0x00000000ffffffea so; a limb with a chance of 2^-52), and
 * with KASAN its frame magic, its shadow offset and shadow indexes (an
 * address shifted right by 3).
 */
static bool nk_z_errno(u64 w)
{
	return (w >> 32 == 0 || w >> 32 == 0xffffffffULL) &&
	       (u32)w >= (u32)-MAX_ERRNO;
}

static bool nk_z_allowed(u64 w)
{
	u64 b = w;

	while (b && ((b & 0xff) == 0 || (b & 0xff) == NK_Z_PAINT))
		b >>= 8;
	if (!b || w < 0x10000 || nk_z_kernel_address(w) || nk_z_errno(w))
		return true;
#ifdef CONFIG_KASAN_SHADOW_OFFSET
	if (w == CONFIG_KASAN_SHADOW_OFFSET)
		return true;
#endif
	return IS_ENABLED(CONFIG_KASAN) &&
	       (w == NK_Z_KASAN_FRAME ||
		(!(w >> 61) && nk_z_kernel_address(w << 3)));
}

/*
 * The words of the painted stack (below NK_Z_TOP_GAP under this frame)
 * that nk_z_allowed() refuses; *depth: how far below the top of the scan
 * the lowest word that is not the pattern lies; *first, *at: the lowest
 * refused word and how far below the top it lies.
 */
static noinline __no_sanitize_address size_t nk_z_residue(size_t *depth,
							    u64 *first,
							    size_t *at)
{
	unsigned long top = (unsigned long)__builtin_frame_address(0) -
			    NK_Z_TOP_GAP;
	const u64 *w = (const u64 *)ALIGN(nk_z_lo, 8);
	size_t n = 0;

	*depth = 0;
	*first = 0;
	*at = 0;
	for (; (unsigned long)(w + 1) <= top; w++) {
		u64 v = READ_ONCE(*w);

		if (v != NK_Z_PAINT_WORD && !*depth)
			*depth = top - (unsigned long)w;
		if (nk_z_allowed(v))
			continue;
		if (!n++) {
			*first = v;
			*at = top - (unsigned long)w;
		}
	}
	return n;
}

/*
 * A parameter set: its sizes and the core's two actions (max 0: CTIDH).
 * need: the stack below the case the check needs, the same for every set:
 * the pad (NK_Z_TOP_GAP) and the scrub after the action (3 KiB of nested
 * frames and a half-chunk shift, csidh_action_tmpl.c and
 * ctidh_action_tmpl.c alike), which goes deeper than the action (at most
 * 2 KiB); the action's state is in the workspace, not on the stack
 * (ctidh2048's, the largest, 16136 of its 16256 bytes).
 */
struct nk_z_csidh_set {
	const char *name;
	unsigned int sk, pk, max;
	size_t need;
	int (*public_key)(u8 *pk, const u8 *sk,
			  const struct nobs_csidh_env *env,
			  struct nobs_csidh_ws *ws);
	int (*shared_secret)(u8 *ss, const u8 *sk, const u8 *peer,
			     const struct nobs_csidh_env *env,
			     struct nobs_csidh_ws *ws);
};

static const struct nk_z_csidh_set nk_z_csidh_sets[] = {
	{ "csidh512", NOBS_CSIDH512_PRIVATE_KEY_SIZE, NOBS_CSIDH512_PUBLIC_KEY_SIZE,
	  NOBS_CSIDH512_MAX_EXPONENT, 5632, nobs_csidh512_public_key,
	  nobs_csidh512_shared_secret },
	{ "csidh1024", NOBS_CSIDH1024_PRIVATE_KEY_SIZE,
	  NOBS_CSIDH1024_PUBLIC_KEY_SIZE, NOBS_CSIDH1024_MAX_EXPONENT,
	  5632, nobs_csidh1024_public_key, nobs_csidh1024_shared_secret },
	{ "ctidh512", NOBS_CTIDH512_PRIVATE_KEY_SIZE,
	  NOBS_CTIDH512_PUBLIC_KEY_SIZE, 0, 5632, nobs_ctidh512_public_key,
	  nobs_ctidh512_shared_secret },
	{ "ctidh511", NOBS_CTIDH511_PRIVATE_KEY_SIZE,
	  NOBS_CTIDH511_PUBLIC_KEY_SIZE, 0, 5632, nobs_ctidh511_public_key,
	  nobs_ctidh511_shared_secret },
	{ "ctidh1024", NOBS_CTIDH1024_PRIVATE_KEY_SIZE,
	  NOBS_CTIDH1024_PUBLIC_KEY_SIZE, 0, 5632, nobs_ctidh1024_public_key,
	  nobs_ctidh1024_shared_secret },
	{ "ctidh2048", NOBS_CTIDH2048_PRIVATE_KEY_SIZE,
	  NOBS_CTIDH2048_PUBLIC_KEY_SIZE, 0, 5632, nobs_ctidh2048_public_key,
	  nobs_ctidh2048_shared_secret },
};

static void nk_z_csidh_desc(const struct nk_z_csidh_set *set, char *desc)
{
	strscpy(desc, set->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(nk_z_csidh, nk_z_csidh_sets, nk_z_csidh_desc);

struct nk_z_csidh_op {
	const struct nk_z_csidh_set *set;
	const u8 *sk, *peer;
	u8 *out;
	const struct nobs_csidh_env *env;
	struct nobs_csidh_ws *ws;
	int err;
};

/* A control: random words left on the stack, which the scan must see. */
static noinline void nk_z_leak(u64 seed)
{
	u64 junk[32];
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(junk); i++) {
		seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
		junk[i] = seed;
	}
	barrier_data(junk);
}

/* The operation (or, without a key, the control). */
static noinline void nk_z_csidh_run(struct nk_z_csidh_op *op)
{
	if (!op->sk) {
		nk_z_leak(0x2e07);
		return;
	}
	op->err = op->peer ?
		op->set->shared_secret(op->out, op->sk, op->peer, op->env,
				       op->ws) :
		op->set->public_key(op->out, op->sk, op->env, op->ws);
}

/* Runs @op a KiB below the caller, under the scan's top gap. */
static noinline void nk_z_pad(struct nk_z_csidh_op *op)
{
	u8 pad[NK_Z_TOP_GAP];

	barrier_data(pad);
	nk_z_csidh_run(op);
	barrier_data(pad);
}

/* The points' randomness: a fixed stream, so that a try can be repeated. */
static void nk_z_random(void *ctx, void *buf, size_t len)
{
	nk_rng_fill(ctx, buf, len);
}

/*
 * The stream's start for a try, set in a function of its own: inlined,
 * its constant (the tag times nk_rng's increment) stayed in a
 * callee-saved register of the case across the operation, whose first
 * frame saved it below the scan's top (clang's kCFI build), a word that
 * was the case's, not the computation's.
 */
static noinline void nk_z_stream(struct nk_rng *pts, u64 tag)
{
	nk_rng_init(pts, tag);
}

/*
 * A public key, then a shared secret with it, each over painted stack:
 * afterwards nothing but the pattern, zeros and kernel addresses (see the
 * top of this file).  The painted span must reach below what the calls
 * wrote, or the scan would not see all of it.
 *
 * An interrupt that comes while the scan runs (or between the call's
 * return and the scan) pushes its frame, registers and flags, below the
 * stack pointer, into the painted span: a few words that are not nobs's.
 * So a try that finds words left is made again, up to three times, on
 * the same key and the same random stream: the computation and anything
 * it leaves are the same each time, an interrupt's frame is not.  What
 * every try finds is a failure.
 */
static void zeroize_csidh_stack_residue(struct kunit *test)
{
	const struct nk_z_csidh_set *set = test->param_value;
	struct nk_rng pts;
	struct nobs_csidh_env env = { nk_z_random, NULL, &pts };
	unsigned long sp = (unsigned long)__builtin_frame_address(0);
	unsigned long bottom = (unsigned long)task_stack_page(current) + 1024;
	u8 sk[NOBS_CSIDH_MAX_PRIVATE_KEY_SIZE], *pk, *ss;
	struct nk_z_csidh_op op = { .set = set, .sk = sk, .env = &env };
	size_t n, depth, span, at;
	struct nk_rng r;
	unsigned int i, try;
	u64 first;

	NK_CSIDH_SET_WANTED(test, set->name);
#ifdef NOBS_KUNIT_NOBS_GCOV
	/* (the coverage runs' nobs.ko: scripts/kcov-run.sh, kcov-arm64.sh) */
	kunit_skip(test, "nobs.ko built with GCOV_PROFILE: its frames outgrow the stack scrub sized for the module as shipped (make check's KUnit runs test that one)");
#endif
	op.ws = kunit_kmalloc(test, sizeof(*op.ws), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, op.ws);
	/* the public key and the secret off the stack: 256 bytes each */
	pk = kunit_kzalloc(test, NOBS_CSIDH_MAX_PUBLIC_KEY_SIZE, GFP_KERNEL);
	ss = kunit_kzalloc(test, NOBS_CSIDH_MAX_PUBLIC_KEY_SIZE, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, pk);
	KUNIT_ASSERT_NOT_NULL(test, ss);
	nk_z_lo = max(sp - NK_Z_SPAN, bottom);
	span = sp - nk_z_lo;
	/*
	 * The pad, the operation (2 KiB at most) and the scrub below it
	 * (3 KiB and its frames) fit in the 6 KiB that ppc64le's 8 KiB
	 * stack leaves below a KUnit case; the check below proves the span
	 * reached past them.
	 */
	if (span < set->need)
		kunit_skip(test, "only %zu bytes of stack below the case, %zu needed",
			   span, set->need);
	nk_rng_init(&r, 0x2e06);
	nk_z_csidh_key(&r, sk, set->sk, set->max);
	if (!set->max)
		nk_z_ctidh_fit(test, set->name, sk, set->sk);
	for (i = 0; i < 2; i++) {
		op.peer = i ? pk : NULL;
		op.out = i ? ss : pk;
		for (try = 1; try <= 3; try++) {
			/*
			 * The operation runs without its yields (their
			 * scheduler frames would cover what it leaves), for
			 * seconds under TCG: a rescheduling point between
			 * them keeps RCU's stall detector (21 s) quiet.
			 */
			cond_resched();
			nk_z_stream(&pts, 0x9017 + i);
			nk_z_paint();
			nk_z_pad(&op);
			n = nk_z_residue(&depth, &first, &at);
			if (!n || op.err)
				break;
			kunit_info(test, "%s: try %u left %zu words (the first %016llx, %zu bytes below the top): once more\n",
				   i ? "shared secret" : "public key", try, n,
				   (unsigned long long)first, at);
		}
		KUNIT_ASSERT_EQ(test, op.err, 0);
		KUNIT_EXPECT_TRUE_MSG(test, !memchr_inv(op.ws, 0, sizeof(*op.ws)),
				      "%s: the workspace is not wiped",
				      i ? "shared secret" : "public key");
		KUNIT_EXPECT_LT_MSG(test, depth + 512, span,
				    "%s: the calls wrote down to the end of the painted span",
				    i ? "shared secret" : "public key");
		KUNIT_EXPECT_EQ_MSG(test, n, 0,
				    "%s: %zu words of the computation left on the stack (the first %016llx, %zu bytes below the top), the stack written down to %zu bytes below",
				    i ? "shared secret" : "public key", n,
				    (unsigned long long)first, at, depth);
		kunit_info(test, "%s %s: stack written down to %zu bytes below the scan's top, %zu words left\n",
			   set->name, i ? "shared secret" : "public key", depth,
			   n);
	}
	/*
	 * The control: 32 random words left below the stack pointer, at
	 * least 16 of which the scan must find.  An interrupt between the
	 * call's return and the scan writes its frame over them, so the
	 * control gets three tries too.
	 */
	op.sk = NULL;
	for (try = 1; try <= 3; try++) {
		nk_z_stream(&pts, 0x9019);
		nk_z_paint();
		nk_z_pad(&op);
		n = nk_z_residue(&depth, &first, &at);
		if (n >= 16)
			break;
		kunit_info(test, "control: try %u found %zu of the random words: once more\n",
			   try, n);
	}
	KUNIT_EXPECT_GE_MSG(test, n, (size_t)16,
			    "the scan misses random words: it proves nothing");
	memzero_explicit(sk, sizeof(sk));
	memzero_explicit(ss, NOBS_CSIDH_MAX_PUBLIC_KEY_SIZE);
}

#if defined(CONFIG_X86_64)
/* the elements of either field, as limbs (fp512: the first 8 of each) */
struct nk_z_ifma_buf {
	u64 a[4][16], b[4][16], out[4][16], w[16];
};

/*
 * Four random elements of the field of nk_ifma_probe()'s fn into @x (as
 * limbs): below 2^510 < p (CSIDH-512) or 2^1019 < p (CSIDH-1024), reduced.
 */
static void nk_z_ifma_random(struct nk_rng *rng, long fn, u64 (*x)[16])
{
	unsigned int n = fn < NK_IFMA_FP1024_MUL4 ? NOBS_FP512_LIMBS :
			 NOBS_FP1024_LIMBS;
	unsigned int k, j;

	for (k = 0; k < 4; k++) {
		for (j = 0; j < n; j++)
			x[k][j] = nk_rng_next(rng);
		x[k][n - 1] >>= fn < NK_IFMA_FP1024_MUL4 ? 2 : 5;
	}
}
#endif

static void zeroize_fp_ifma_registers(struct kunit *test)
{
#if defined(CONFIG_X86_64)
	static const char *const fns[] = {
		[NK_IFMA_FP512_MUL4] = "fp512 mul4",
		[NK_IFMA_FP512_SQR4] = "fp512 sqr4",
		[NK_IFMA_FP1024_MUL4] = "fp1024 mul4",
		[NK_IFMA_FP1024_SQR4] = "fp1024 sqr4",
	};
	static const u8 zero[64];
	struct nk_z_ifma_buf *e;
	void *r[4];
	const void *pa[4], *pb[4];
	struct nk_ifma_state *st;
	unsigned long flags;
	unsigned int i, k;
	struct nk_rng rng;
	long fn;
	bool sqr;

	if (!boot_cpu_has(X86_FEATURE_AVX512IFMA) ||
	    !boot_cpu_has(X86_FEATURE_AVX512VL) ||
	    !boot_cpu_has(X86_FEATURE_AVX512_VBMI2) ||
	    !boot_cpu_has(X86_FEATURE_AVX512DQ) ||
	    !cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM |
			       XFEATURE_MASK_AVX512, NULL))
		kunit_skip(test, "no AVX-512 IFMA/VL/VBMI2/DQ (QEMU/TCG has none; tests/user's test_fp and test_fp1024 check it natively)");
	KUNIT_ASSERT_TRUE(test, may_use_simd());
	st = kunit_kmalloc(test, sizeof(*st), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, st);
	e = kunit_kmalloc(test, sizeof(*e), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, e);
	nk_rng_init(&rng, 0x1f3a);
	for (fn = 0; fn < (long)ARRAY_SIZE(fns); fn++) {
		sqr = fn == NK_IFMA_FP512_SQR4 || fn == NK_IFMA_FP1024_SQR4;
		for (i = 0; i < 8; i++) {
			nk_z_ifma_random(&rng, fn, e->a);
			nk_z_ifma_random(&rng, fn, e->b);
			for (k = 0; k < 4; k++) {
				r[k] = e->out[k];
				pa[k] = e->a[k];
				pb[k] = sqr ? e->a[k] : e->b[k];
			}
			memset(st, 0x5a, sizeof(*st));
			kernel_fpu_begin();
			local_irq_save(flags);
			nk_ifma_probe(fn, r, pa, pb, st);
			local_irq_restore(flags);
			kernel_fpu_end();
			for (k = 0; k < 4; k++) {
				if (fn < NK_IFMA_FP1024_MUL4) {
					nobs_fp512_mul_generic((void *)e->w,
							       pa[k], pb[k]);
					KUNIT_EXPECT_MEMEQ_MSG(test, e->out[k], e->w,
							       8 * NOBS_FP512_LIMBS,
							       "%s", fns[fn]);
				} else {
					nobs_fp1024_mul_generic((void *)e->w,
								pa[k], pb[k]);
					KUNIT_EXPECT_MEMEQ_MSG(test, e->out[k], e->w,
							       8 * NOBS_FP1024_LIMBS,
							       "%s", fns[fn]);
				}
			}
			for (k = 0; k < 32; k++)
				KUNIT_EXPECT_MEMEQ_MSG(test, st->zmm[k], zero, 64,
						       "%s: zmm%u", fns[fn], k);
			for (k = 0; k < 7; k++)
				KUNIT_EXPECT_EQ_MSG(test, st->k[k], 0ULL,
						    "%s: k%u", fns[fn], k + 1);
			/* the last two: return address, saved %rbp */
			for (k = 0; k < ARRAY_SIZE(st->stack) - 2; k++)
				KUNIT_EXPECT_TRUE_MSG(test, !st->stack[k] ||
						      !~st->stack[k],
						      "%s: stack word %u: %#llx",
						      fns[fn], k, st->stack[k]);
		}
	}
#else
	kunit_skip(test, "no IFMA field code on this architecture");
#endif
}

static struct kunit_case nobs_zeroize_cases[] = {
	KUNIT_CASE(zeroize_shash_desc_after_final),
	KUNIT_CASE(zeroize_shash_desc_refused_import),
	KUNIT_CASE(zeroize_shash_tfm_exit),
	KUNIT_CASE(zeroize_drbg_tfm_exit),
	KUNIT_CASE(zeroize_csidh_private_key),
	KUNIT_CASE(zeroize_fp_ifma_registers),
	KUNIT_CASE_PARAM_ATTR(zeroize_csidh_stack_residue,
			      nk_z_csidh_gen_params,
			      { .speed = KUNIT_SPEED_SLOW }),
	{}
};

static struct kunit_suite nobs_zeroize_suite = {
	.name = "nobs_zeroize",
	.test_cases = nobs_zeroize_cases,
};

kunit_test_suites(&nobs_zeroize_suite);
