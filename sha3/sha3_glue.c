// SPDX-License-Identifier: GPL-2.0
/*
 * The SHA-3 family as shash algorithms: shake128/256, cshake128/256,
 * kmac128/256 and, where a fast permutation exists, sha3-224..512.
 *
 * Glue only: the sponge is sha3/keccak.c, the permutation is the one
 * nobs_keccak_select() picks once at load, and the rules for vector
 * registers (crypto_simd_usable(), at most 4 KiB per section, scalar
 * fallback) are applied here and nowhere else.
 *
 * cra_blocksize is the rate, except for the 128-bit members: their rate,
 * 168 bytes, is above MAX_ALGAPI_BLOCKSIZE (160), so they declare 84, the
 * largest divisor of 168 the API accepts.  Input fed in multiples of
 * cra_blocksize thus still ends on permutation boundaries.
 *
 * Keys: cshake128/256 take the customization string S as an optional key
 * (function name N is empty); without a key, or with an empty one, they
 * compute SHAKE, as SP 800-185 specifies.  kmac128/256 require a key of 1
 * to NOBS_SHA3_MAX_KEYSIZE (512) bytes; S is empty and L is 8 times the
 * digest size.  Other key lengths are refused with -EINVAL.  Until a key
 * is set, KMAC's init (and so digest) fails with -ENOKEY: the crypto
 * API's CRYPTO_TFM_NEED_KEY check, and the driver's own.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": sha3: " fmt

#include <crypto/internal/hash.h>
#include <crypto/internal/simd.h>
#include <linux/build_bug.h>
#include <linux/cache.h>
#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/preempt.h>
#include <linux/slab.h>
#include <linux/sizes.h>
#include <linux/string.h>
#include <linux/timex.h>
#include <asm/simd.h>

#include "nobs.h"
#include "nobs_alg.h"
#include "sha3_glue.h"
/* arch/<arch>/keccak_arch.h, or arch/generic's (the top-level Kbuild) */
#include "keccak_arch.h"

#define NOBS_SHA3_MAX_KEYSIZE	512
#define NOBS_SHA3_PRIO_GENERIC	100
#define NOBS_SHA3_PRIO_FAST	300	/* above sha3-generic (100) */
#define NOBS_SHA3_SIMD_CHUNK	SZ_4K

/*
 * The descriptor is the sponge itself: 200 bytes of lanes and four bytes
 * of counters.  HASH_MAX_DESCSIZE leaves 360 bytes; kernels from 6.16 on
 * also require exported states of at most 345 bytes.
 */
static_assert(sizeof(struct nobs_keccak) <= 345);
static_assert(sizeof(struct nobs_keccak) <=
	      HASH_MAX_DESCSIZE - sizeof(struct shash_desc));

enum nobs_sha3_kind {
	NOBS_SHA3_UNKEYED,	/* sha3-*, shake* */
	NOBS_SHA3_CSHAKE,	/* optional key = S */
	NOBS_SHA3_KMAC,		/* required key */
};

/**
 * struct nobs_sha3_shash - one registered member
 * @alg:        the shash algorithm
 * @rate:       sponge rate in bytes
 * @security:   128 or 256, for the SHAKE-based members
 * @dsbyte:     domain-separation byte of the unkeyed members
 * @kind:       unkeyed, cSHAKE or KMAC
 * @passed:     known answers passed at load
 * @registered: currently registered
 */
struct nobs_sha3_shash {
	struct shash_alg alg;
	unsigned int rate;
	unsigned int security;
	u8 dsbyte;
	enum nobs_sha3_kind kind;
	bool passed;
	bool registered;
};

/*
 * The one dispatch point, set once at load by nobs_keccak_select() (and
 * nobs_sha3_selftest() if a known answer fails): the permutation the driver
 * names say, and the one that runs where that one cannot (no SIMD context,
 * short input), and the number of blocks below which a call takes the
 * scalar one (0: only calls that run no permutation at all).  Both are
 * nobs_keccak_generic with force_generic; the scalar one never needs SIMD.
 */
static const struct nobs_keccak_impl *nobs_keccak_active __ro_after_init =
	&nobs_keccak_generic;
static const struct nobs_keccak_impl *nobs_keccak_scalar __ro_after_init =
	&nobs_keccak_generic;
static unsigned int nobs_keccak_simd_min_blocks __ro_after_init;

/*
 * The multi-lane permutation for ParallelHash's leaves, set at the same
 * time (nobs_keccak_select()) and dropped by nobs_sha3_selftest() if it
 * disagrees with the generic code: NULL where there is none (no AVX2,
 * force_generic, keccak_impl naming a scalar permutation), and the
 * leaves then take nobs_keccak_active one at a time.  It uses vector
 * registers: the same SIMD rules as nobs_keccak_active (needs_simd).
 */
static const struct nobs_keccak_xn_impl *nobs_keccak_xn __ro_after_init;

/*
 * The library's and the drivers' dispatch (keccak.h): nobs_keccak_dispatch
 * is an implementation whose absorb runs the chosen permutation where it
 * may, and whose permute is the scalar one, so every sponge call on it is
 * safe in any context the shash update is.
 *
 * A SIMD permutation runs only when crypto_simd_usable() and the call
 * spans at least nobs_keccak_simd_min_blocks blocks, in sections of at most
 * 4 KiB of input; otherwise the scalar one does the same work.
 */
static void nobs_keccak_dispatch_absorb(u64 *st, const u8 *in, size_t nblocks,
					size_t rate)
{
	const struct nobs_keccak_impl *impl = nobs_keccak_active;
	size_t chunk = NOBS_SHA3_SIMD_CHUNK / rate, n;

	if (!impl->needs_simd) {
		impl->absorb(st, in, nblocks, rate);
		return;
	}
	if (nblocks < nobs_keccak_simd_min_blocks || !crypto_simd_usable()) {
		nobs_keccak_scalar->absorb(st, in, nblocks, rate);
		return;
	}
	while (nblocks) {
		n = min(nblocks, chunk);
		nobs_keccak_simd_begin();
		impl->absorb(st, in, n, rate);
		nobs_keccak_simd_end();
		in += n * rate;
		nblocks -= n;
	}
}

static void nobs_keccak_dispatch_permute(u64 *st)
{
	nobs_keccak_scalar->permute(st);
}

const struct nobs_keccak_impl nobs_keccak_dispatch = {
	.name = "dispatch",
	.permute = nobs_keccak_dispatch_permute,
	.absorb = nobs_keccak_dispatch_absorb,
	.needs_simd = false,
};

/**
 * nobs_keccak_dispatch_squeeze() - pad if needed and produce output
 * @k:   sponge state
 * @out: output buffer
 * @len: number of bytes; any length, any split across calls
 *
 * Same SIMD rules as nobs_keccak_dispatch, per 4 KiB of output: with the
 * AVX-512 code, digests and other short outputs take the scalar path.
 */
void nobs_keccak_dispatch_squeeze(struct nobs_keccak *k, u8 *out, size_t len)
{
	const struct nobs_keccak_impl *impl = nobs_keccak_active;
	size_t n;

	if (!impl->needs_simd) {
		nobs_keccak_squeeze(k, impl, out, len);
		return;
	}
	if (len < nobs_keccak_simd_min_blocks * (size_t)k->rate ||
	    !crypto_simd_usable()) {
		nobs_keccak_squeeze(k, nobs_keccak_scalar, out, len);
		return;
	}
	do {
		n = min_t(size_t, len, NOBS_SHA3_SIMD_CHUNK);
		nobs_keccak_simd_begin();
		nobs_keccak_squeeze(k, impl, out, n);
		nobs_keccak_simd_end();
		out += n;
		len -= n;
	} while (len);
}

/*
 * A multi-lane section absorbs at most this many bytes per state: one x8
 * block costs about two of the single-state code, an x4 block a little
 * more (make bench: keccak_xn_bench), so a section takes about as long as
 * a 4 KiB one of the single-state code, and no longer keeps preemption
 * off.
 */
#define NOBS_SHA3_XN_CHUNK	SZ_2K

/**
 * nobs_keccak_xn_lanes() - how many states nobs_keccak_absorb_xn() takes
 *
 * Context: any.
 * Return: 2, 4 or 8, or 0 where no multi-lane permutation is in use (the
 * caller then absorbs one state at a time, with nobs_keccak_absorb()).
 */
unsigned int nobs_keccak_xn_lanes(void)
{
	return nobs_keccak_xn ? nobs_keccak_xn->lanes : 0;
}
EXPORT_SYMBOL_IF_KUNIT(nobs_keccak_xn_lanes);

/**
 * nobs_keccak_absorb_xn() - absorb whole blocks into several states at once
 * @st:      nobs_keccak_xn_lanes() states
 * @in:      as many block pointers, one per state (no alignment needed)
 * @nblocks: blocks of @rate bytes to absorb into each state
 * @rate:    a multiple of 8 from 8 to 168
 *
 * The multi-lane permutation chosen at load, with the SIMD rules of
 * nobs_keccak_absorb(): only when crypto_simd_usable(), in sections of at
 * most NOBS_SHA3_XN_CHUNK bytes per state.  @in is not changed.
 *
 * Context: any context the shash update runs in.
 * Return: true when done; false, with nothing done, where there is no
 * multi-lane permutation or SIMD is not usable now: the caller absorbs
 * the states one at a time.
 */
bool nobs_keccak_absorb_xn(u64 st[][NOBS_KECCAK_LANES], const u8 *const *in,
			   size_t nblocks, size_t rate)
{
	const struct nobs_keccak_xn_impl *xn = nobs_keccak_xn;
	size_t step = NOBS_SHA3_XN_CHUNK / rate, done, n;
	const u8 *p[NOBS_KECCAK_XN_MAX_LANES];
	unsigned int i;

	if (!xn)
		return false;
	if (!xn->needs_simd) {
		xn->absorb(st, in, nblocks, rate);
		return true;
	}
	if (!crypto_simd_usable())
		return false;
	for (done = 0; done < nblocks; done += n) {
		n = min_t(size_t, nblocks - done, step);
		for (i = 0; i < xn->lanes; i++)
			p[i] = in[i] + done * rate;
		nobs_keccak_simd_begin();
		xn->absorb(st, p, n, rate);
		nobs_keccak_simd_end();
	}
	return true;
}
EXPORT_SYMBOL_IF_KUNIT(nobs_keccak_absorb_xn);

/*
 * The library's multi-lane permutation (nobs_keccak_dispatch_xn()): the one
 * chosen at load under the rules of nobs_keccak_absorb_xn(), each lane on
 * the scalar permutation where SIMD is not usable.
 */
static void nobs_keccak_xn_dispatch_absorb(u64 st[][NOBS_KECCAK_LANES],
					   const u8 *const *in, size_t nblocks,
					 size_t rate)
{
	unsigned int i;

	if (nobs_keccak_absorb_xn(st, in, nblocks, rate))
		return;
	for (i = 0; i < nobs_keccak_xn->lanes; i++)
		nobs_keccak_scalar->absorb(st[i], in[i], nblocks, rate);
}

/* Filled from nobs_keccak_xn by nobs_keccak_xn_dispatch_setup(). */
static struct nobs_keccak_xn_impl nobs_keccak_xn_dispatch __ro_after_init = {
	.absorb = nobs_keccak_xn_dispatch_absorb,
};

/* After nobs_keccak_xn is chosen (or dropped): the wrapper takes its lanes. */
static void nobs_keccak_xn_dispatch_setup(void)
{
	const struct nobs_keccak_xn_impl *xn = nobs_keccak_xn;

	if (xn && (xn->lanes < 2 || xn->lanes > NOBS_KECCAK_XN_MAX_LANES))
		xn = NULL;
	nobs_keccak_xn = xn;
	nobs_keccak_xn_dispatch.name = xn ? xn->name : NULL;
	nobs_keccak_xn_dispatch.lanes = xn ? xn->lanes : 0;
}

const struct nobs_keccak_xn_impl *nobs_keccak_dispatch_xn(void)
{
	return nobs_keccak_xn ? &nobs_keccak_xn_dispatch : NULL;
}

static const struct nobs_sha3_shash *nobs_sha3_of(struct crypto_shash *tfm)
{
	return container_of(crypto_shash_alg(tfm), struct nobs_sha3_shash, alg);
}

/*
 * The crypto API refuses init while CRYPTO_TFM_NEED_KEY is set (KMAC
 * before a successful setkey); this refuses it too, on the transform's
 * own state: a prefix that was never set (rate 0) gives -ENOKEY.
 */
static int nobs_sha3_shash_init(struct shash_desc *desc)
{
	const struct nobs_sha3_shash *a = nobs_sha3_of(desc->tfm);
	const struct nobs_keccak *prefix = crypto_shash_ctx(desc->tfm);
	struct nobs_keccak *k = shash_desc_ctx(desc);

	if (a->kind == NOBS_SHA3_UNKEYED) {
		nobs_keccak_init(k, a->rate, a->dsbyte);
		return 0;
	}
	if (!prefix->rate)
		return -ENOKEY;
	memcpy(k, prefix, sizeof(*k));
	return 0;
}

static int nobs_sha3_shash_update(struct shash_desc *desc, const u8 *data,
				  unsigned int len)
{
	nobs_keccak_absorb(shash_desc_ctx(desc), &nobs_keccak_dispatch, data, len);
	return 0;
}

static int nobs_sha3_shash_final(struct shash_desc *desc, u8 *out)
{
	const struct nobs_sha3_shash *a = nobs_sha3_of(desc->tfm);
	struct nobs_keccak *k = shash_desc_ctx(desc);

	if (a->kind == NOBS_SHA3_KMAC)
		nobs_keccak_end_input(k, &nobs_keccak_dispatch, a->alg.digestsize);
	nobs_keccak_dispatch_squeeze(k, out, a->alg.digestsize);
	memzero_explicit(k, sizeof(*k));
	return 0;
}

static int nobs_sha3_shash_export(struct shash_desc *desc, void *out)
{
	memcpy(out, shash_desc_ctx(desc), sizeof(struct nobs_keccak));
	return 0;
}

/* A state that does not belong to this algorithm is refused: -EINVAL. */
static int nobs_sha3_shash_import(struct shash_desc *desc, const void *in)
{
	const struct nobs_sha3_shash *a = nobs_sha3_of(desc->tfm);
	struct nobs_keccak *k = shash_desc_ctx(desc);

	memcpy(k, in, sizeof(*k));
	if (!nobs_keccak_state_valid(k) || k->rate != a->rate ||
	    k->squeezing) {
		memzero_explicit(k, sizeof(*k));
		return -EINVAL;
	}
	return 0;
}

/**
 * nobs_cshake_setkey() - set the customization string S of cSHAKE
 * @tfm:    cshake128 or cshake256 transform
 * @key:    S
 * @keylen: 0 to NOBS_SHA3_MAX_KEYSIZE bytes; 0 gives SHAKE's output
 *
 * Return: 0, or -EINVAL if @keylen is too long (the previous S stays).
 */
static int nobs_cshake_setkey(struct crypto_shash *tfm, const u8 *key,
			      unsigned int keylen)
{
	const struct nobs_sha3_shash *a = nobs_sha3_of(tfm);

	if (keylen > NOBS_SHA3_MAX_KEYSIZE)
		return -EINVAL;
	return nobs_keccak_cshake_init(crypto_shash_ctx(tfm), &nobs_keccak_dispatch,
				       a->security, NULL, 0, key, keylen);
}

/**
 * nobs_kmac_setkey() - set the key K of KMAC
 * @tfm:    kmac128 or kmac256 transform
 * @key:    K
 * @keylen: 1 to NOBS_SHA3_MAX_KEYSIZE bytes
 *
 * Return: 0, or -EINVAL for an empty or too long key.
 */
static int nobs_kmac_setkey(struct crypto_shash *tfm, const u8 *key,
			    unsigned int keylen)
{
	const struct nobs_sha3_shash *a = nobs_sha3_of(tfm);

	if (!keylen || keylen > NOBS_SHA3_MAX_KEYSIZE)
		return -EINVAL;
	return nobs_keccak_kmac_init(crypto_shash_ctx(tfm), &nobs_keccak_dispatch,
				     a->security, key, keylen, NULL, 0);
}

/* Every member: the gate (nobs.h); the keyed ones: their prefix. */
static int nobs_sha3_init_tfm(struct crypto_shash *tfm)
{
	const struct nobs_sha3_shash *a = nobs_sha3_of(tfm);
	struct nobs_keccak *prefix = crypto_shash_ctx(tfm);
	int err;

	err = nobs_alg_gate(&a->alg.base);
	if (err)
		return err;
	/* cSHAKE without S is SHAKE; KMAC is unusable until setkey. */
	if (a->kind == NOBS_SHA3_CSHAKE)
		return nobs_keccak_shake_init(prefix, a->security);
	if (a->kind == NOBS_SHA3_KMAC)
		memset(prefix, 0, sizeof(*prefix));
	return 0;
}

static void nobs_sha3_exit_tfm(struct crypto_shash *tfm)
{
	memzero_explicit(crypto_shash_ctx(tfm), sizeof(struct nobs_keccak));
}

#define NOBS_SHA3_COMMON(_name, _digest, _block)			\
	.digestsize = (_digest),					\
	.init_tfm = nobs_sha3_init_tfm,					\
	.init = nobs_sha3_shash_init,					\
	.update = nobs_sha3_shash_update,				\
	.final = nobs_sha3_shash_final,					\
	.export = nobs_sha3_shash_export,				\
	.import = nobs_sha3_shash_import,				\
	.descsize = sizeof(struct nobs_keccak),				\
	.statesize = sizeof(struct nobs_keccak),			\
	.base.cra_name = _name,						\
	.base.cra_blocksize = (_block),					\
	.base.cra_module = THIS_MODULE

#define NOBS_SHA3_KEYED(_setkey, _flags)				\
	.setkey = _setkey,						\
	.exit_tfm = nobs_sha3_exit_tfm,					\
	.base.cra_ctxsize = sizeof(struct nobs_keccak),			\
	.base.cra_flags = (_flags)

static struct nobs_sha3_shash nobs_sha3_algs[NOBS_SHA3_NR_ALGS] = {
	[NOBS_SHA3_SHAKE128] = {
		.rate = NOBS_SHAKE128_RATE, .security = 128,
		.dsbyte = NOBS_KECCAK_DS_SHAKE, .kind = NOBS_SHA3_UNKEYED,
		.alg = { NOBS_SHA3_COMMON("shake128", 32, 84) },
	},
	[NOBS_SHA3_SHAKE256] = {
		.rate = NOBS_SHAKE256_RATE, .security = 256,
		.dsbyte = NOBS_KECCAK_DS_SHAKE, .kind = NOBS_SHA3_UNKEYED,
		.alg = { NOBS_SHA3_COMMON("shake256", 64, 136) },
	},
	[NOBS_SHA3_CSHAKE128] = {
		.rate = NOBS_SHAKE128_RATE, .security = 128,
		.kind = NOBS_SHA3_CSHAKE,
		.alg = { NOBS_SHA3_COMMON("cshake128", 32, 84),
			 NOBS_SHA3_KEYED(nobs_cshake_setkey,
					 CRYPTO_ALG_OPTIONAL_KEY) },
	},
	[NOBS_SHA3_CSHAKE256] = {
		.rate = NOBS_SHAKE256_RATE, .security = 256,
		.kind = NOBS_SHA3_CSHAKE,
		.alg = { NOBS_SHA3_COMMON("cshake256", 64, 136),
			 NOBS_SHA3_KEYED(nobs_cshake_setkey,
					 CRYPTO_ALG_OPTIONAL_KEY) },
	},
	[NOBS_SHA3_KMAC128] = {
		.rate = NOBS_SHAKE128_RATE, .security = 128,
		.kind = NOBS_SHA3_KMAC,
		.alg = { NOBS_SHA3_COMMON("kmac128", 32, 84),
			 NOBS_SHA3_KEYED(nobs_kmac_setkey, 0) },
	},
	[NOBS_SHA3_KMAC256] = {
		.rate = NOBS_SHAKE256_RATE, .security = 256,
		.kind = NOBS_SHA3_KMAC,
		.alg = { NOBS_SHA3_COMMON("kmac256", 64, 136),
			 NOBS_SHA3_KEYED(nobs_kmac_setkey, 0) },
	},
	[NOBS_SHA3_224] = {
		.rate = NOBS_SHA3_224_RATE, .dsbyte = NOBS_KECCAK_DS_SHA3,
		.kind = NOBS_SHA3_UNKEYED,
		.alg = { NOBS_SHA3_COMMON("sha3-224", 28, 144) },
	},
	[NOBS_SHA3_256] = {
		.rate = NOBS_SHA3_256_RATE, .dsbyte = NOBS_KECCAK_DS_SHA3,
		.kind = NOBS_SHA3_UNKEYED,
		.alg = { NOBS_SHA3_COMMON("sha3-256", 32, 136) },
	},
	[NOBS_SHA3_384] = {
		.rate = NOBS_SHA3_384_RATE, .dsbyte = NOBS_KECCAK_DS_SHA3,
		.kind = NOBS_SHA3_UNKEYED,
		.alg = { NOBS_SHA3_COMMON("sha3-384", 48, 104) },
	},
	[NOBS_SHA3_512] = {
		.rate = NOBS_SHA3_512_RATE, .dsbyte = NOBS_KECCAK_DS_SHA3,
		.kind = NOBS_SHA3_UNKEYED,
		.alg = { NOBS_SHA3_COMMON("sha3-512", 64, 72) },
	},
};

static bool nobs_sha3_is_fixed_sha3(enum nobs_sha3_alg i)
{
	return i >= NOBS_SHA3_224 && i <= NOBS_SHA3_512;
}

static char *keccak_impl;
module_param(keccak_impl, charp, 0444);
MODULE_PARM_DESC(keccak_impl,
		 "Keccak permutation to use instead of the fastest one measured at load: generic, bmi, avx512 (x86-64) or ce (arm64); one this CPU cannot run (avx512 also on CPUs that lower their clock under zmm code) fails the load with -EINVAL; a scalar one (generic, bmi) also turns the multi-lane permutations (avx2x4, avx512x8, cex2) off");

/* generic and the most an arch adds (x86-64: bmi, avx512) */
#define NOBS_SHA3_MAX_IMPLS	3

/* The permutations this CPU can run, generic first. */
static unsigned int nobs_keccak_usable(const struct nobs_cpu *cpu,
				       const struct nobs_keccak_impl **list)
{
	unsigned int n = 0;

	list[n++] = &nobs_keccak_generic;
	return n + nobs_keccak_arch_usable(cpu, list + n);
}

/* The usable permutation keccak_impl names, or NULL (none named, or unusable). */
static const struct nobs_keccak_impl *
nobs_keccak_forced(const struct nobs_cpu *cpu)
{
	const struct nobs_keccak_impl *list[NOBS_SHA3_MAX_IMPLS];
	unsigned int i, n = nobs_keccak_usable(cpu, list);

	for (i = 0; keccak_impl && i < n; i++)
		if (!strcmp(keccak_impl, list[i]->name))
			return list[i];
	return NULL;
}

/**
 * nobs_keccak_check_params() - validate the Keccak module parameters
 * @cpu: features detected by nobs_main.c (all false with force_generic)
 *
 * The component's check_params hook (nobs.h): nobs_main.c calls it before
 * anything is selected, tested or registered.  keccak_impl, if given and not
 * empty, must name a permutation this CPU can run; with force_generic=1
 * only "generic" is one.
 *
 * Return: 0, or -EINVAL (logged) for an impossible keccak_impl.
 */
int nobs_keccak_check_params(const struct nobs_cpu *cpu)
{
	if (!keccak_impl || !*keccak_impl || nobs_keccak_forced(cpu))
		return 0;
	pr_err("keccak_impl=%s: not a Keccak permutation this CPU can run\n",
	       keccak_impl);
	return -EINVAL;
}

/*
 * Load-time timing of one permutation, the way lib/raid6 and crypto/xor.c
 * pick theirs: a trial is one absorb call of NOBS_SHA3_TIME_BLOCKS blocks
 * at SHAKE128's rate (4032 bytes of the zero page, so one SIMD section of
 * at most 4 KiB, as the glue runs them), timed with the CPU's counter
 * (get_cycles(): the TSC, the arm64 generic timer) around
 * kernel_fpu_begin()/kernel_neon_begin() .. end() for a vector permutation
 * and around preempt_disable() .. preempt_enable() for a scalar one.  The
 * counter, not ktime: the clocksource can be jiffies (a TSC that could not
 * be calibrated under QEMU, as on the KUnit kernels).  The figure is the
 * fastest of at most NOBS_SHA3_TIME_TRIALS trials (an interrupt only slows
 * a trial down), after one untimed trial that warms the caches up, fewer
 * once NOBS_SHA3_TIME_BUDGET_NS have passed, so that slow or emulated CPUs
 * stay bounded: about half a millisecond per permutation plus two trials.
 */
#define NOBS_SHA3_TIME_BLOCKS		24
#define NOBS_SHA3_TIME_TRIALS		8
#define NOBS_SHA3_TIME_BUDGET_NS	(500 * NSEC_PER_USEC)

/* Counter ticks of the fastest trial. */
static u64 nobs_keccak_time(const struct nobs_keccak_impl *impl)
{
	const u8 *zero = page_address(ZERO_PAGE(0));
	u64 st[NOBS_KECCAK_LANES] = { };
	u64 start = ktime_get_ns(), best = U64_MAX;
	cycles_t t;
	unsigned int i;

	BUILD_BUG_ON(NOBS_SHA3_TIME_BLOCKS * NOBS_SHAKE128_RATE > PAGE_SIZE);
	/* i = 0 warms caches (and an emulator's translations) up, untimed */
	for (i = 0; i <= NOBS_SHA3_TIME_TRIALS; i++) {
		t = get_cycles();
		if (impl->needs_simd)
			nobs_keccak_simd_begin();
		else
			preempt_disable();
		impl->absorb(st, zero, NOBS_SHA3_TIME_BLOCKS,
			     NOBS_SHAKE128_RATE);
		if (impl->needs_simd)
			nobs_keccak_simd_end();
		else
			preempt_enable();
		if (i)
			best = min_t(u64, best, get_cycles() - t);
		if (i && ktime_get_ns() - start > NOBS_SHA3_TIME_BUDGET_NS)
			break;
	}
	return best;
}

/*
 * The multi-lane permutations, timed like the single ones: a trial is one
 * absorb of NOBS_SHA3_TIME_BLOCKS / lanes blocks in every lane (so the
 * same 24 permutations, of different states: @st, eight of them, from
 * the caller), all lanes reading the zero page, inside one SIMD section.
 * Counter ticks of the fastest trial.
 */
static u64 nobs_keccak_xn_time(const struct nobs_keccak_xn_impl *xn,
			       u64 st[][NOBS_KECCAK_LANES])
{
	const u8 *zero = page_address(ZERO_PAGE(0));
	const u8 *in[8];
	u64 start = ktime_get_ns(), best = U64_MAX;
	cycles_t t;
	unsigned int i;

	BUILD_BUG_ON(NOBS_SHA3_TIME_BLOCKS % 8);
	for (i = 0; i < ARRAY_SIZE(in); i++)
		in[i] = zero;
	for (i = 0; i <= NOBS_SHA3_TIME_TRIALS; i++) {
		t = get_cycles();
		nobs_keccak_simd_begin();
		xn->absorb(st, in, NOBS_SHA3_TIME_BLOCKS / xn->lanes,
			   NOBS_SHAKE128_RATE);
		nobs_keccak_simd_end();
		if (i)
			best = min_t(u64, best, get_cycles() - t);
		if (i && ktime_get_ns() - start > NOBS_SHA3_TIME_BUDGET_NS)
			break;
	}
	return best;
}

/* the most an arch has (x86-64: avx2x4, avx512x8; arm64: cex2) */
#define NOBS_SHA3_MAX_XN_IMPLS	2

/*
 * The multi-lane permutations this CPU may run (the arch's, e.g. x86-64's
 * avx2x4 and avx512x8): none with @forced scalar (keccak_impl=generic or
 * bmi; force_generic clears every feature).
 */
static unsigned int nobs_keccak_xn_usable(const struct nobs_cpu *cpu,
					  const struct nobs_keccak_impl *forced,
					const struct nobs_keccak_xn_impl **list)
{
	if (forced && !forced->needs_simd)
		return 0;
	return nobs_keccak_arch_xn_usable(cpu, list);
}

/* ns (or ticks) per permutation of a timing of NOBS_SHA3_TIME_BLOCKS. */
static u64 nobs_keccak_per_perm(u64 ticks, u64 rate)
{
	return rate ? DIV_ROUND_UP_ULL(ticks * NSEC_PER_USEC,
				       rate * NOBS_SHA3_TIME_BLOCKS) :
		      DIV_ROUND_UP_ULL(ticks, NOBS_SHA3_TIME_BLOCKS);
}

/*
 * nobs_keccak_xn_select() - choose the multi-lane permutation, for
 * nobs_keccak_select(): the one of nobs_keccak_xn_usable() that is fastest per
 * state (avx512x8 only where it beats avx2x4: on CPUs that run 512-bit
 * operations as two 256-bit halves it may not), or none; the first of
 * them, untimed, if the trial states cannot be allocated.  One marked
 * vs_single (arm64's cex2) is timed even alone and kept only if it beats
 * @single, the ticks of the single-state permutation in use for as many
 * permutations (0: not timed, no comparison).  Appends " xn=NAME(x4 T x8
 * T)" (ns or ticks per permutation and state, as the single ones; "x1 T"
 * the single-state one where compared) to the choice at @buf, or " (x2 T
 * x1 T: no xn)" where the single-state one won.
 */
static size_t nobs_keccak_xn_select(const struct nobs_cpu *cpu,
				    const struct nobs_keccak_impl *forced,
				  char *buf, size_t size, u64 rate, u64 single)
{
	const struct nobs_keccak_xn_impl *list[NOBS_SHA3_MAX_XN_IMPLS];
	unsigned int i, n = nobs_keccak_xn_usable(cpu, forced, list);
	u64 t[NOBS_SHA3_MAX_XN_IMPLS], best = U64_MAX;
	u64 (*st)[NOBS_KECCAK_LANES] = NULL;
	bool timed = n > 1 || (n == 1 && list[0]->vs_single && single);
	bool lost;
	size_t len;

	/* 1600 bytes of trial states: off the stack */
	if (timed)
		st = kcalloc(8, sizeof(*st), GFP_KERNEL);
	if (!st)
		timed = false;	/* no timing: the first (avx2x4 with AVX2) */
	nobs_keccak_xn = n ? list[0] : NULL;
	for (i = 0; timed && i < n; i++) {
		t[i] = nobs_keccak_xn_time(list[i], st);
		if (t[i] < best) {
			best = t[i];
			nobs_keccak_xn = list[i];
		}
	}
	kfree_sensitive(st);
	/* per state, the multi-lane one must beat the single-state one */
	lost = timed && single && nobs_keccak_xn->vs_single && best >= single;
	if (lost)
		nobs_keccak_xn = NULL;
	nobs_keccak_xn_dispatch_setup();
	if (!nobs_keccak_xn && !lost)
		return 0;
	len = lost ? 0 : scnprintf(buf, size, " xn=%s", nobs_keccak_xn->name);
	for (i = 0; timed && i < n; i++)
		len += scnprintf(buf + len, size - len, "%sx%u %llu",
				 i ? " " : lost ? " (" : "(", list[i]->lanes,
				 nobs_keccak_per_perm(t[i], rate));
	if (timed && single && list[0]->vs_single)
		len += scnprintf(buf + len, size - len, " x1 %llu",
				 nobs_keccak_per_perm(single, rate));
	if (timed)
		len += scnprintf(buf + len, size - len, "%s)",
				 lost ? ": no xn" : "");
	return len;
}

/*
 * "avx512(generic 812 bmi 640 avx512 560 ns/perm, 190 us) xn=avx512x8(x4
 * 105 x8 42)", or "bmi(no zmm on this CPU; generic 812 bmi 640 ns/perm,
 * 90 us) xn=avx2x4"
 */
static char nobs_keccak_choice[160];

/**
 * nobs_keccak_select() - choose the Keccak permutation once, at load
 * @cpu: features detected by nobs_main.c (all false with force_generic)
 *
 * Every permutation this CPU can run (generic; x86-64: bmi with BMI1+BMI2,
 * avx512 with AVX512F+VL and their register state, unless the CPU lowers
 * its clock under zmm code (struct nobs_cpu's zmm bit: there a timing of a
 * few blocks would not see what the slower clock costs everything else);
 * arm64: ce with the SHA3 instructions) is timed (nobs_keccak_time()) and
 * the fastest is used for the drivers; the fastest one without vector
 * registers is the scalar path, for short calls under a vector permutation
 * and where SIMD is not usable.  keccak_impl= names the one to use instead
 * (validated by nobs_keccak_check_params()); a scalar one named is the
 * scalar path too.  With only generic usable (force_generic=1, or other
 * CPUs) nothing is timed.  The figures are nanoseconds per permutation, or
 * counter ticks where the counter's rate is unknown.  The multi-lane
 * permutation for ParallelHash's leaves is chosen here too
 * (nobs_keccak_xn_select(): none with force_generic or a scalar
 * keccak_impl; its timing is not in the "us" figure).
 *
 * Return: the choice and the figures, for the load-time log line.
 */
const char *nobs_keccak_select(const struct nobs_cpu *cpu)
{
	const struct nobs_keccak_impl *list[NOBS_SHA3_MAX_IMPLS];
	const struct nobs_keccak_impl *impl = &nobs_keccak_generic;
	const struct nobs_keccak_impl *scalar = &nobs_keccak_generic;
	const struct nobs_keccak_impl *forced = nobs_keccak_forced(cpu);
	u64 t[NOBS_SHA3_MAX_IMPLS] = { }, best = U64_MAX, best_scalar = U64_MAX;
	u64 rate = nobs_keccak_ticks_per_us(), total, single = 0;
	unsigned int i, n = nobs_keccak_usable(cpu, list);
	size_t len;

	total = get_cycles();
	for (i = 0; n > 1 && i < n; i++) {
		t[i] = nobs_keccak_time(list[i]);
		/* ties (a counter that does not count) go to the later one */
		if (t[i] <= best) {
			best = t[i];
			impl = list[i];
		}
		if (!list[i]->needs_simd && t[i] <= best_scalar) {
			best_scalar = t[i];
			scalar = list[i];
		}
	}
	total = get_cycles() - total;
	if (forced) {
		impl = forced;
		if (!forced->needs_simd)
			scalar = forced;
	}
	nobs_keccak_active = impl;
	nobs_keccak_scalar = scalar;
	nobs_keccak_simd_min_blocks = nobs_keccak_min_blocks(impl);

	len = scnprintf(nobs_keccak_choice, sizeof(nobs_keccak_choice), "%s",
			impl->name);
	if (n == 1) {
		nobs_keccak_xn_select(cpu, forced, nobs_keccak_choice + len,
				      sizeof(nobs_keccak_choice) - len, rate, 0);
		return nobs_keccak_choice;
	}
	for (i = 0; i < n; i++)
		if (list[i] == impl)
			single = t[i];
	len += scnprintf(nobs_keccak_choice + len, sizeof(nobs_keccak_choice) - len,
			 "(%s%s", forced ? "keccak_impl; " : "",
			 cpu->avx512 && !cpu->zmm ? "no zmm on this CPU; " : "");
	for (i = 0; i < n; i++)
		len += scnprintf(nobs_keccak_choice + len,
				 sizeof(nobs_keccak_choice) - len, "%s%s %llu",
				 i ? " " : "", list[i]->name,
				 nobs_keccak_per_perm(t[i], rate));
	if (rate)
		len += scnprintf(nobs_keccak_choice + len,
				 sizeof(nobs_keccak_choice) - len,
				 " ns/perm, %llu us)",
				 DIV_ROUND_UP_ULL(total, rate));
	else
		len += scnprintf(nobs_keccak_choice + len,
				 sizeof(nobs_keccak_choice) - len,
				 " ticks/perm)");
	nobs_keccak_xn_select(cpu, forced, nobs_keccak_choice + len,
			      sizeof(nobs_keccak_choice) - len, rate, single);
	return nobs_keccak_choice;
}

/* The test hook test_fail_kat: in test builds only (NOBS_TEST_HOOKS). */
#ifdef NOBS_TEST_HOOKS
/*
 * A CPU with every feature: the permutations it may run are those of
 * this build, whether this CPU runs them or not.
 */
static const struct nobs_cpu nobs_sha3_every_cpu = {
	.bmi2 = true, .adx = true, .avx2 = true, .avx512 = true, .zmm = true,
	.ifma = true, .sha3 = true, .asimd = true,
};

static char *test_fail_kat;

/*
 * test_fail_kat: empty, "IMPL" or "IMPL:NAME", IMPL one of the
 * permutations of this build (whether this CPU runs it or not) and NAME
 * one of the members, or the name of a multi-lane permutation of this
 * build alone; anything else is refused when the load's parameters are
 * parsed (-EINVAL).
 */
static int nobs_sha3_set_fail_kat(const char *val,
				  const struct kernel_param *kp)
{
	const struct nobs_keccak_xn_impl *xn[NOBS_SHA3_MAX_XN_IMPLS];
	const struct nobs_keccak_impl *impls[NOBS_SHA3_MAX_IMPLS];
	unsigned int nx = nobs_keccak_xn_usable(&nobs_sha3_every_cpu, NULL, xn);
	unsigned int ni = nobs_keccak_usable(&nobs_sha3_every_cpu, impls);
	size_t n = strcspn(val, ":"), i;
	bool ok = !*val;

	for (i = 0; !ok && i < nx; i++)
		if (!strcmp(val, xn[i]->name))
			return param_set_charp(val, kp);

	for (i = 0; !ok && i < ni; i++)
		ok = strlen(impls[i]->name) == n &&
		     !strncmp(val, impls[i]->name, n);
	if (ok && val[n]) {
		ok = false;
		for (i = 0; !ok && i < NOBS_SHA3_NR_ALGS; i++)
			ok = !strcmp(val + n + 1,
				     nobs_sha3_algs[i].alg.base.cra_name);
	}
	if (!ok) {
		pr_err("test_fail_kat: \"%s\" is no permutation, or no member of one\n",
		       val);
		return -EINVAL;
	}
	return param_set_charp(val, kp);
}

static const struct kernel_param_ops nobs_sha3_fail_kat_ops = {
	.set = nobs_sha3_set_fail_kat,
	.get = param_get_charp,
	.free = param_free_charp,
};

module_param_cb(test_fail_kat, &nobs_sha3_fail_kat_ops, &test_fail_kat, 0444);
MODULE_PARM_DESC(test_fail_kat,
		 "Test only: known answers on this permutation report -EBADMSG: \"IMPL\" for every member, \"IMPL:NAME\" for one (e.g. bmi, generic:cshake128); a multi-lane one (avx2x4, avx512x8, cex2) fails its comparison with generic");

/* Whether test_fail_kat names @impl (and @alg, or no member at all). */
static bool nobs_sha3_kat_test_fails(enum nobs_sha3_alg alg,
				     const struct nobs_keccak_impl *impl)
{
	const char *p = test_fail_kat;
	size_t n;

	if (!p)
		return false;
	n = strcspn(p, ":");
	if (n != strlen(impl->name) || strncmp(p, impl->name, n))
		return false;
	return !p[n] ||
	       !strcmp(p + n + 1, nobs_sha3_algs[alg].alg.base.cra_name);
}

/* Whether test_fail_kat names the multi-lane permutation @xn. */
static bool nobs_sha3_xn_test_fails(const struct nobs_keccak_xn_impl *xn)
{
	return test_fail_kat && !strcmp(test_fail_kat, xn->name);
}
#else
static bool nobs_sha3_kat_test_fails(enum nobs_sha3_alg alg,
				     const struct nobs_keccak_impl *impl)
{
	return false;
}

static bool nobs_sha3_xn_test_fails(const struct nobs_keccak_xn_impl *xn)
{
	return false;
}
#endif /* NOBS_TEST_HOOKS */

/*
 * Module init runs in process context, where the vector registers are
 * always usable: no crypto_simd_usable() check here (the crypto manager's
 * extra tests may clear it for a moment on this CPU, for other callers).
 */
static int nobs_sha3_kat_on(enum nobs_sha3_alg alg,
			    const struct nobs_keccak_impl *impl)
{
	int ret;

	if (nobs_sha3_kat_test_fails(alg, impl))
		return -EBADMSG;
	if (!impl->needs_simd)
		return nobs_sha3_kat(alg, impl);
	nobs_keccak_simd_begin();
	ret = nobs_sha3_kat(alg, impl);
	nobs_keccak_simd_end();
	return ret;
}

/* The library's own known answers on @impl, in a SIMD section if needed. */
static int nobs_sha3_lib_kat_on(const struct nobs_keccak_impl *impl)
{
	int ret;

	if (!impl->needs_simd)
		return nobs_sha3_lib_kat(impl, NULL);
	nobs_keccak_simd_begin();
	ret = nobs_sha3_lib_kat(impl, NULL);
	nobs_keccak_simd_end();
	return ret;
}

/*
 * What only the library offers (nobs_sha3_lib_kat(): TupleHash, the XOFs,
 * ParallelHash) on generic, the scalar fallback and the chosen
 * permutation, with the members' fallbacks, then through the library's
 * own dispatch, with the multi-lane permutation if there is one (dropped
 * if it fails).  Its exports cannot be withdrawn: a failure on generic or
 * through the dispatch without it fails the load.
 */
static int nobs_sha3_lib_selftest(void)
{
	int ret = nobs_sha3_lib_kat_on(&nobs_keccak_generic);

	if (ret) {
		pr_err("library: known-answer test failed on generic (%d)\n",
		       ret);
		return ret;
	}
	if (nobs_keccak_scalar != &nobs_keccak_generic &&
	    nobs_sha3_lib_kat_on(nobs_keccak_scalar)) {
		pr_err("library: known-answer test failed on %s, using generic\n",
		       nobs_keccak_scalar->name);
		nobs_keccak_scalar = &nobs_keccak_generic;
		nobs_keccak_active = &nobs_keccak_generic;
	}
	if (nobs_keccak_active != nobs_keccak_scalar &&
	    nobs_sha3_lib_kat_on(nobs_keccak_active)) {
		pr_err("library: known-answer test failed on %s, using %s\n",
		       nobs_keccak_active->name, nobs_keccak_scalar->name);
		nobs_keccak_active = nobs_keccak_scalar;
	}
	ret = nobs_sha3_lib_kat(&nobs_keccak_dispatch, nobs_keccak_dispatch_xn());
	if (ret && nobs_keccak_xn) {
		pr_err("library: known-answer test failed on %s, not using it\n",
		       nobs_keccak_xn->name);
		nobs_keccak_xn = NULL;
		nobs_keccak_xn_dispatch_setup();
		ret = nobs_sha3_lib_kat(&nobs_keccak_dispatch, NULL);
	}
	if (ret)
		pr_err("library: known-answer test failed through the dispatch (%d)\n",
		       ret);
	return ret;
}

/*
 * The multi-lane permutation against the generic one: a different state
 * in every lane, two blocks at SHAKE128's rate, then one at SHA3-512's
 * (the shortest), every lane reading the zero page.
 */
static int nobs_sha3_xn_selftest(const struct nobs_keccak_xn_impl *xn)
{
	const u8 *zero = page_address(ZERO_PAGE(0));
	u64 (*st)[NOBS_KECCAK_LANES];
	u64 want[NOBS_KECCAK_LANES];
	const u8 *in[8];
	unsigned int l, i;
	int ret = 0;

	st = kmalloc_array(8, sizeof(*st), GFP_KERNEL);
	if (!st)
		return -ENOMEM;
	for (l = 0; l < xn->lanes; l++) {
		in[l] = zero;
		for (i = 0; i < NOBS_KECCAK_LANES; i++)
			st[l][i] = 0x9e3779b97f4a7c15ULL *
				   (l * NOBS_KECCAK_LANES + i + 1);
	}
	nobs_keccak_simd_begin();
	xn->absorb(st, in, 2, NOBS_SHAKE128_RATE);
	xn->absorb(st, in, 1, NOBS_SHA3_512_RATE);
	nobs_keccak_simd_end();
	for (l = 0; !ret && l < xn->lanes; l++) {
		for (i = 0; i < NOBS_KECCAK_LANES; i++)
			want[i] = 0x9e3779b97f4a7c15ULL *
				  (l * NOBS_KECCAK_LANES + i + 1);
		nobs_keccak_generic.absorb(want, zero, 2, NOBS_SHAKE128_RATE);
		nobs_keccak_generic.absorb(want, zero, 1, NOBS_SHA3_512_RATE);
		if (memcmp(want, st[l], sizeof(want)))
			ret = -EBADMSG;
	}
	kfree_sensitive(st);
	memzero_explicit(want, sizeof(want));
	return ret;
}

/**
 * nobs_sha3_selftest() - known answers for every member, before registering
 *
 * Each member is checked on the generic permutation, on the scalar
 * fallback and on the chosen one.  If the scalar fallback fails anything,
 * both fall back to generic; if only the chosen one does, it is dropped
 * for the scalar fallback (and sha3-* are not registered if that is
 * generic).  A member that fails on the generic permutation stays
 * unregistered.  Each failure is logged once.  The test-only parameter
 * test_fail_kat makes chosen known answers fail, to test these paths.
 * The multi-lane permutation is compared with the generic one and
 * dropped (ParallelHash's leaves then take one state at a time) if it
 * differs (test_fail_kat=<its name> makes it differ).
 * Then the library's own (nobs_sha3_lib_selftest()).
 *
 * Return: 0 if at least one member passed and the library did, else
 * -EBADMSG.
 */
int nobs_sha3_selftest(void)
{
	unsigned int i, passed = 0;
	int ret;

	for (i = 0; i < NOBS_SHA3_NR_ALGS; i++) {
		ret = nobs_sha3_kat_on(i, &nobs_keccak_generic);
		nobs_sha3_algs[i].passed = !ret;
		if (ret)
			pr_err("%s: known-answer test failed on generic (%d), not registering it\n",
			       nobs_sha3_algs[i].alg.base.cra_name, ret);
	}
	for (i = 0; nobs_keccak_scalar != &nobs_keccak_generic &&
	     i < NOBS_SHA3_NR_ALGS; i++) {
		ret = nobs_sha3_kat_on(i, nobs_keccak_scalar);
		if (ret) {
			pr_err("%s: known-answer test failed on %s (%d), using generic\n",
			       nobs_sha3_algs[i].alg.base.cra_name,
			       nobs_keccak_scalar->name, ret);
			nobs_keccak_scalar = &nobs_keccak_generic;
			nobs_keccak_active = &nobs_keccak_generic;
			break;
		}
	}
	for (i = 0; nobs_keccak_active != nobs_keccak_scalar &&
	     i < NOBS_SHA3_NR_ALGS; i++) {
		ret = nobs_sha3_kat_on(i, nobs_keccak_active);
		if (ret) {
			pr_err("%s: known-answer test failed on %s (%d), using %s\n",
			       nobs_sha3_algs[i].alg.base.cra_name,
			       nobs_keccak_active->name, ret,
			       nobs_keccak_scalar->name);
			nobs_keccak_active = nobs_keccak_scalar;
			break;
		}
	}
	if (nobs_keccak_xn) {
		ret = nobs_sha3_xn_test_fails(nobs_keccak_xn) ? -EBADMSG :
		      nobs_sha3_xn_selftest(nobs_keccak_xn);
		if (ret == -ENOMEM)
			return ret;
		if (ret) {
			pr_err("%s: multi-lane permutation differs from generic (%d), not using it\n",
			       nobs_keccak_xn->name, ret);
			nobs_keccak_xn = NULL;
			nobs_keccak_xn_dispatch_setup();
		}
	}
	ret = nobs_sha3_lib_selftest();
	if (ret)
		return ret;
	for (i = 0; i < NOBS_SHA3_NR_ALGS; i++)
		passed += nobs_sha3_algs[i].passed;
	return passed ? 0 : -EBADMSG;
}

/**
 * nobs_sha3_unregister() - unregister every member that is registered
 *
 * In reverse order of registration; safe to call when none is.
 */
void nobs_sha3_unregister(void)
{
	unsigned int i = NOBS_SHA3_NR_ALGS;

	while (i--) {
		if (!nobs_sha3_algs[i].registered ||
		    nobs_alg_wait_unused(&nobs_sha3_algs[i].alg.base))
			continue;
		crypto_unregister_shash(&nobs_sha3_algs[i].alg);
		nobs_sha3_algs[i].registered = false;
	}
}

/**
 * nobs_sha3_register() - register the members that passed their self-test
 *
 * Driver names are "<name>-nobs-<impl>", e.g. shake128-nobs-generic.
 * sha3-224..512 are registered only with a fast permutation, at a priority
 * above sha3-generic's, so the kernel's testmgr checks them too.
 *
 * Return: 0, or the first error, with nothing left registered.
 */
int nobs_sha3_register(void)
{
	const struct nobs_keccak_impl *impl = nobs_keccak_active;
	bool fast = impl != &nobs_keccak_generic;
	struct crypto_alg *base;
	unsigned int i;
	int ret;

	for (i = 0; i < NOBS_SHA3_NR_ALGS; i++) {
		if (!nobs_sha3_algs[i].passed)
			continue;
		if (nobs_sha3_is_fixed_sha3(i) && !fast)
			continue;
		base = &nobs_sha3_algs[i].alg.base;
		nobs_alg_driver_name(base, impl->name);
		base->cra_priority = fast ? NOBS_SHA3_PRIO_FAST :
					    NOBS_SHA3_PRIO_GENERIC;
		ret = crypto_register_shash(&nobs_sha3_algs[i].alg);
		if (ret) {
			pr_err("%s: registration failed (%d)\n",
			       base->cra_driver_name, ret);
			nobs_sha3_unregister();
			return ret;
		}
		nobs_sha3_algs[i].registered = true;
		nobs_alg_tested(base);
	}
	return 0;
}

/*
 * Algorithm names and the generic permutation's driver names (no fixed
 * SHA-3 there: the kernel's sha3-generic serves those); those of the
 * arch's permutations are in its keccak_arch.h.
 */
MODULE_ALIAS_CRYPTO("shake128");
MODULE_ALIAS_CRYPTO("shake256");
MODULE_ALIAS_CRYPTO("cshake128");
MODULE_ALIAS_CRYPTO("cshake256");
MODULE_ALIAS_CRYPTO("kmac128");
MODULE_ALIAS_CRYPTO("kmac256");
MODULE_ALIAS_CRYPTO("sha3-224");
MODULE_ALIAS_CRYPTO("sha3-256");
MODULE_ALIAS_CRYPTO("sha3-384");
MODULE_ALIAS_CRYPTO("sha3-512");
NOBS_ALIAS_DRIVER("shake128", "generic");
NOBS_ALIAS_DRIVER("shake256", "generic");
NOBS_ALIAS_DRIVER("cshake128", "generic");
NOBS_ALIAS_DRIVER("cshake256", "generic");
NOBS_ALIAS_DRIVER("kmac128", "generic");
NOBS_ALIAS_DRIVER("kmac256", "generic");
