// SPDX-License-Identifier: GPL-2.0
/*
 * AES-256 CTR_DRBG without derivation function as a crypto API rng:
 * driver "nobs_ctr_drbg_aes256_nodf", cra_name "stdrng" where a kernel
 * stdrng outranks it and its own driver name elsewhere (the rule is at
 * nobs_drbg_register()).
 *
 * The DRBG core (ctr_drbg.c) runs over a synchronous AES-CTR skcipher of
 * the kernel, one per tfm; this module carries no AES code.  Which one is
 * chosen once at load (nobs_drbg_select(): the kernel's ctr(aes), unless
 * that is the table-based generic C and the kernel has a fixed-time AES),
 * named in the load line and held while the rng is registered.
 *
 * Seeding (crypto_rng_reset() / AF_ALG setkey):
 *  - 48..96 bytes: deterministic instance, entropy input = the first 48
 *    bytes, personalization string = the rest; each reset instantiates
 *    again.  Once the reseed interval is used up, generate fails with
 *    -EKEYEXPIRED until the next reset.
 *  - 0 bytes, or first generate without any reset: instantiate from
 *    get_random_bytes() and reseed from it automatically whenever the
 *    reseed interval is used up.  Note that crypto_rng_reset(tfm, NULL, n)
 *    with n > 0 is turned by the crypto API itself into n random bytes
 *    passed as a seed, i.e. a deterministic instance.
 *  - any other length: -EINVAL, the current state is kept.
 * Generate: src = additional input of at most 48 bytes (-EINVAL beyond);
 * requests longer than 64 KiB are served as several SP 800-90A requests,
 * each with the same additional input; a zero-length request returns
 * nothing and leaves the state alone.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/kernel.h>
#include <linux/kmod.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/random.h>
#include <linux/slab.h>
#include <linux/mm.h>
#include <crypto/internal/rng.h>
#include <crypto/rng.h>

#include "nobs.h"
#include "nobs_alg.h"
#include "drbg_glue.h"
#include "drbg_arch.h"

#define NOBS_DRBG_DRIVER	"nobs_ctr_drbg_aes256_nodf"
/*
 * Below every in-kernel stdrng: the DRBGs start at 200 and ansi_cprng has
 * 100.  crypto_alloc_rng("stdrng") must never pick this driver.
 */
#define NOBS_DRBG_PRIORITY	50
#define NOBS_DRBG_MAX_SEED	(NOBS_CTR_DRBG_SEEDLEN + NOBS_CTR_DRBG_MAX_INPUT)

static ulong drbg_reseed_interval = 1UL << 20;

/* Checked when the load's parameters are parsed, before anything runs. */
static int nobs_drbg_set_interval(const char *val,
				  const struct kernel_param *kp)
{
	unsigned long n;
	int err;

	err = kstrtoul(val, 0, &n);
	if (err)
		return err;
	if (!n || n > NOBS_CTR_DRBG_MAX_INTERVAL) {
		pr_err("drbg_reseed_interval must be 1..2^48\n");
		return -EINVAL;
	}
	*(ulong *)kp->arg = n;
	return 0;
}

static const struct kernel_param_ops nobs_drbg_interval_ops = {
	.set = nobs_drbg_set_interval,
	.get = param_get_ulong,
};

module_param_cb(drbg_reseed_interval, &nobs_drbg_interval_ops,
		&drbg_reseed_interval, 0444);
MODULE_PARM_DESC(drbg_reseed_interval,
		 "CTR_DRBG requests between reseeds, 1..2^48 (default 2^20)");

enum nobs_drbg_mode {
	NOBS_DRBG_UNSEEDED,
	NOBS_DRBG_AUTO,		/* from get_random_bytes(), reseeds itself */
	NOBS_DRBG_DETERMINISTIC,	/* user seed, stops at the interval */
};

/**
 * struct nobs_drbg_ctx - per-tfm state
 * @lock: serializes seed and generate (a tfm may be shared)
 * @mode: how the instance was seeded
 * @aes:  the ctr(aes) engine
 * @drbg: the DRBG working state
 */
struct nobs_drbg_ctx {
	struct mutex lock;
	enum nobs_drbg_mode mode;
	struct nobs_drbg_aes aes;
	struct nobs_ctr_drbg drbg;
};

/* ---- ctr(aes) engine ---------------------------------------------------- */

/*
 * The AES-CTR driver every engine allocates, by driver name (so that the
 * one named in the load line is the one used), set by nobs_drbg_select();
 * "ctr(aes)", the kernel's choice, until then.
 */
static char nobs_drbg_aes_driver[CRYPTO_MAX_ALG_NAME] = "ctr(aes)";

static int nobs_drbg_aes_setkey(void *ctx, const u8 *key)
{
	struct nobs_drbg_aes *aes = ctx;

	return crypto_skcipher_setkey(aes->tfm, key, NOBS_CTR_DRBG_KEYLEN);
}

/* Encrypt @len (<= 64 KiB) zero bytes into @dst, which must be SG-able. */
static int nobs_drbg_aes_run(struct nobs_drbg_aes *aes, u8 *iv, u8 *dst,
			     unsigned int len)
{
	unsigned int i, n = DIV_ROUND_UP(len, PAGE_SIZE);

	sg_init_table(aes->src, n);
	for (i = 0; i < n; i++)
		sg_set_page(&aes->src[i], ZERO_PAGE(0),
			    min_t(unsigned int, len - i * PAGE_SIZE, PAGE_SIZE),
			    0);
	sg_init_one(&aes->dst, dst, len);
	skcipher_request_set_callback(aes->req, 0, NULL, NULL);
	skcipher_request_set_crypt(aes->req, aes->src, &aes->dst, len, iv);
	return crypto_skcipher_encrypt(aes->req);
}

static bool nobs_drbg_sg_ok(const u8 *p, size_t len)
{
	return virt_addr_valid(p) && virt_addr_valid(p + len - 1);
}

static int nobs_drbg_aes_keystream(void *ctx, const u8 *ctr, u8 *out,
				   size_t len)
{
	struct nobs_drbg_aes *aes = ctx;
	u8 iv[NOBS_CTR_DRBG_BLOCKLEN];
	int err = 0;

	BUILD_BUG_ON(NOBS_DRBG_ZERO_SG < 1);
	BUILD_BUG_ON(NOBS_DRBG_BOUNCE % NOBS_CTR_DRBG_BLOCKLEN);
	/* ctr(aes) advances iv over the blocks it produced. */
	memcpy(iv, ctr, sizeof(iv));
	while (len && !err) {
		unsigned int n;

		if (nobs_drbg_sg_ok(out, len)) {
			n = min_t(size_t, len, NOBS_DRBG_ZERO_SG * PAGE_SIZE);
			err = nobs_drbg_aes_run(aes, iv, out, n);
		} else {
			n = min_t(size_t, len, NOBS_DRBG_BOUNCE);
			err = nobs_drbg_aes_run(aes, iv, aes->bounce, n);
			memcpy(out, aes->bounce, n);
			memzero_explicit(aes->bounce, n);
		}
		out += n;
		len -= n;
	}
	memzero_explicit(iv, sizeof(iv));
	return err;
}

const struct nobs_ctr_drbg_ops nobs_drbg_aes_ops = {
	.setkey = nobs_drbg_aes_setkey,
	.keystream = nobs_drbg_aes_keystream,
};

/**
 * nobs_drbg_aes_init() - allocate a synchronous AES-CTR engine (the driver
 *	nobs_drbg_select() chose)
 * @aes: engine to fill
 *
 * Return: 0 or -errno (nothing stays allocated on error).
 */
int nobs_drbg_aes_init(struct nobs_drbg_aes *aes)
{
	struct crypto_skcipher *tfm;

	tfm = crypto_alloc_skcipher(nobs_drbg_aes_driver, 0, CRYPTO_ALG_ASYNC);
	if (IS_ERR(tfm))
		return PTR_ERR(tfm);
	if (crypto_skcipher_ivsize(tfm) != NOBS_CTR_DRBG_BLOCKLEN)
		goto inval;
	aes->req = skcipher_request_alloc(tfm, GFP_KERNEL);
	aes->bounce = kzalloc(NOBS_DRBG_BOUNCE, GFP_KERNEL);
	if (!aes->req || !aes->bounce) {
		kfree(aes->bounce);
		skcipher_request_free(aes->req);
		crypto_free_skcipher(tfm);
		return -ENOMEM;
	}
	aes->tfm = tfm;
	return 0;
inval:
	crypto_free_skcipher(tfm);
	return -EINVAL;
}

/**
 * nobs_drbg_aes_exit() - free an engine set up by nobs_drbg_aes_init()
 * @aes: engine (its key schedule is wiped by the crypto API on free)
 */
void nobs_drbg_aes_exit(struct nobs_drbg_aes *aes)
{
	kfree_sensitive(aes->bounce);
	skcipher_request_free(aes->req);
	crypto_free_skcipher(aes->tfm);
	memset(aes, 0, sizeof(*aes));
}

/* ---- rng_alg ------------------------------------------------------------ */

static int nobs_drbg_seed_random(struct nobs_drbg_ctx *ctx, bool reseed)
{
	u8 entropy[NOBS_CTR_DRBG_SEEDLEN];
	int err;

	err = get_random_bytes_wait(entropy, sizeof(entropy));
	if (err)
		goto out;
	if (reseed)
		err = nobs_ctr_drbg_reseed(&ctx->drbg, entropy, NULL, 0);
	else
		err = nobs_ctr_drbg_instantiate(&ctx->drbg, &nobs_drbg_aes_ops,
						&ctx->aes, entropy, NULL, 0,
						drbg_reseed_interval);
out:
	memzero_explicit(entropy, sizeof(entropy));
	return err;
}

/**
 * nobs_drbg_seed() - rng_alg.seed: (re)instantiate the DRBG
 * @tfm:  the rng transform
 * @seed: 48..96 bytes (entropy input || personalization string), or none
 * @slen: 48..96 for a deterministic instance, 0 for one seeded and
 *        reseeded from get_random_bytes()
 *
 * Context: process context; may sleep.
 * Return: 0; -EINVAL for any other @slen (the state is left as it was);
 * -ERESTARTSYS if interrupted while waiting for the kernel's RNG; or an
 * error of the ctr(aes) engine.
 */
static int nobs_drbg_seed(struct crypto_rng *tfm, const u8 *seed,
			  unsigned int slen)
{
	struct nobs_drbg_ctx *ctx = crypto_rng_ctx(tfm);
	int err;

	if (slen && (!seed || slen < NOBS_CTR_DRBG_SEEDLEN ||
		     slen > NOBS_DRBG_MAX_SEED))
		return -EINVAL;

	mutex_lock(&ctx->lock);
	nobs_ctr_drbg_uninstantiate(&ctx->drbg);
	ctx->mode = NOBS_DRBG_UNSEEDED;
	if (slen) {
		err = nobs_ctr_drbg_instantiate(&ctx->drbg, &nobs_drbg_aes_ops,
						&ctx->aes, seed,
						seed + NOBS_CTR_DRBG_SEEDLEN,
						slen - NOBS_CTR_DRBG_SEEDLEN,
						drbg_reseed_interval);
		if (!err)
			ctx->mode = NOBS_DRBG_DETERMINISTIC;
	} else {
		err = nobs_drbg_seed_random(ctx, false);
		if (!err)
			ctx->mode = NOBS_DRBG_AUTO;
	}
	mutex_unlock(&ctx->lock);
	return err;
}

/**
 * nobs_drbg_generate() - rng_alg.generate: CTR_DRBG Generate
 * @tfm:  the rng transform
 * @src:  additional input, or NULL
 * @slen: length of @src, 0..48
 * @dst:  output buffer
 * @dlen: bytes wanted; above 64 KiB, served as several requests
 *
 * An unseeded tfm is first instantiated from get_random_bytes().  A
 * deterministic instance without enough requests left for all of @dlen
 * produces nothing.
 *
 * Context: process context; may sleep.
 * Return: 0; -EINVAL if @slen > 48; -EKEYEXPIRED if a deterministic
 * instance reached its reseed interval (reset it to go on); or an error
 * of the kernel's RNG or the ctr(aes) engine (then @dst is zeroed).
 */
static int nobs_drbg_generate(struct crypto_rng *tfm, const u8 *src,
			      unsigned int slen, u8 *dst, unsigned int dlen)
{
	struct nobs_drbg_ctx *ctx = crypto_rng_ctx(tfm);
	unsigned int done = 0;
	u64 nreq;
	int err = 0;

	if (slen > NOBS_CTR_DRBG_MAX_INPUT || (slen && !src))
		return -EINVAL;
	if (!dlen)
		return 0;
	nreq = DIV_ROUND_UP(dlen, NOBS_CTR_DRBG_MAX_REQUEST);

	mutex_lock(&ctx->lock);
	if (ctx->mode == NOBS_DRBG_UNSEEDED) {
		err = nobs_drbg_seed_random(ctx, false);
		if (err)
			goto unlock;
		ctx->mode = NOBS_DRBG_AUTO;
	}
	if (ctx->mode == NOBS_DRBG_DETERMINISTIC &&
	    nobs_ctr_drbg_requests_left(&ctx->drbg) < nreq) {
		err = -EKEYEXPIRED;
		goto unlock;
	}
	while (done < dlen) {
		unsigned int n = min_t(unsigned int, dlen - done,
				       NOBS_CTR_DRBG_MAX_REQUEST);

		if (ctx->mode == NOBS_DRBG_AUTO &&
		    !nobs_ctr_drbg_requests_left(&ctx->drbg)) {
			err = nobs_drbg_seed_random(ctx, true);
			if (err)
				break;
		}
		err = nobs_ctr_drbg_generate(&ctx->drbg, dst + done, n, src,
					     slen);
		if (err)
			break;
		done += n;
		if (done < dlen)
			cond_resched();
	}
	if (err) {
		memzero_explicit(dst, dlen);
		/* The core uninstantiates itself when the engine fails. */
		if (!ctx->drbg.instantiated)
			ctx->mode = NOBS_DRBG_UNSEEDED;
	}
unlock:
	mutex_unlock(&ctx->lock);
	return err;
}

/*
 * rng_alg.set_ent is the CAVP entropy hook of algif_rng
 * (CONFIG_CRYPTO_USER_API_RNG_CAVP), which calls it without checking for
 * NULL.  This driver takes its test entropy through the seed instead, so
 * the hook is accepted and ignored.
 */
static void nobs_drbg_set_ent(struct crypto_rng *tfm, const u8 *data,
			      unsigned int len)
{
}

static int nobs_drbg_init_tfm(struct crypto_tfm *tfm)
{
	struct nobs_drbg_ctx *ctx = crypto_tfm_ctx(tfm);
	int err = nobs_alg_gate(tfm->__crt_alg);

	if (err)
		return err;
	memset(ctx, 0, sizeof(*ctx));
	mutex_init(&ctx->lock);
	return nobs_drbg_aes_init(&ctx->aes);
}

static void nobs_drbg_exit_tfm(struct crypto_tfm *tfm)
{
	struct nobs_drbg_ctx *ctx = crypto_tfm_ctx(tfm);

	nobs_ctr_drbg_uninstantiate(&ctx->drbg);
	nobs_drbg_aes_exit(&ctx->aes);
	mutex_destroy(&ctx->lock);
	memzero_explicit(ctx, sizeof(*ctx));
}

static struct rng_alg nobs_drbg_alg = {
	.generate = nobs_drbg_generate,
	.seed = nobs_drbg_seed,
	.set_ent = nobs_drbg_set_ent,
	.seedsize = NOBS_CTR_DRBG_SEEDLEN,
	.base = {
		.cra_name = "stdrng",
		.cra_driver_name = NOBS_DRBG_DRIVER,
		.cra_priority = NOBS_DRBG_PRIORITY,
		.cra_ctxsize = sizeof(struct nobs_drbg_ctx),
		.cra_module = THIS_MODULE,
		.cra_init = nobs_drbg_init_tfm,
		.cra_exit = nobs_drbg_exit_tfm,
	},
};

/*
 * A transform of the kernel's own stdrng, held while ours is registered:
 * allocating it makes the crypto API load the kernel's DRBG where that is
 * a module (6.1), and holding it keeps that module loaded, so a stdrng of
 * higher priority than ours always exists.
 */
static struct crypto_rng *nobs_drbg_kernel_stdrng;
static bool nobs_drbg_registered;

/* A transform of the chosen AES-CTR, held while the rng is registered. */
static struct crypto_skcipher *nobs_drbg_aes_held;

/*
 * The crypto API's rank of generic C code: aes-generic, the table-based
 * AES of 6.x (four 1 KiB tables indexed by key- and data-dependent bytes,
 * no prefetch), is 100 and so is the ctr(aes) over it; every AES driver
 * that uses AES instructions or bit-sliced / vector-permute code ranks
 * above it, and aes-fixed-time (crypto/aes_ti.c) is 100 + 1 so that it
 * outranks aes-generic once loaded.
 */
#define NOBS_DRBG_GENERIC_C_PRIORITY	100

static int nobs_drbg_aes_priority(struct crypto_skcipher *tfm)
{
	return crypto_skcipher_alg(tfm)->base.cra_priority;
}

/*
 * The kernel's fixed-time AES under the ctr template, or an ERR_PTR where
 * the kernel has none (7.x has no aes_ti: its only software AES is the
 * library's).  aes_ti carries no crypto module alias, so the crypto API
 * never loads it by itself: ask for it by its module name (nothing
 * happens where no such module exists or it is built in).
 */
static struct crypto_skcipher *nobs_drbg_alloc_fixed_time(void)
{
	if (!crypto_has_alg("aes-fixed-time", CRYPTO_ALG_TYPE_CIPHER,
			    CRYPTO_ALG_TYPE_MASK))
		request_module("aes_ti");
	return crypto_alloc_skcipher("ctr(aes-fixed-time)", 0,
				     CRYPTO_ALG_ASYNC);
}

/*
 * The AES-CTR on the CPU's AES instructions that drbg_arch.h names, its
 * module asked for first, or an ERR_PTR where the architecture names none
 * or the kernel has none.
 */
static struct crypto_skcipher *nobs_drbg_alloc_arch_aes(void)
{
	static const char *const module = NOBS_DRBG_ARCH_AES_MODULE;
	static const char *const driver = NOBS_DRBG_ARCH_AES_DRIVER;

	if (!driver)
		return ERR_PTR(-ENOENT);
	if (module)
		request_module("%s", module);
	return crypto_alloc_skcipher(driver, 0, CRYPTO_ALG_ASYNC);
}

/* Keeps in *@tfm the higher-ranked of *@tfm and @other, frees the other. */
static void nobs_drbg_keep_best(struct crypto_skcipher **tfm,
				struct crypto_skcipher *other)
{
	if (IS_ERR(other))
		return;
	if (nobs_drbg_aes_priority(other) > nobs_drbg_aes_priority(*tfm))
		swap(*tfm, other);
	crypto_free_skcipher(other);
}

/**
 * nobs_drbg_select() - choose the AES-CTR implementation the DRBG will use
 * @cpu: CPU features (unused: the crypto API knows the AES drivers)
 *
 * The kernel's synchronous ctr(aes), unless it ranks at the generic C
 * level (NOBS_DRBG_GENERIC_C_PRIORITY: aes-generic, table-based, 6.x):
 * then the AES-CTR on the CPU's AES instructions, asked for by name
 * (drbg_arch.h: the kernel's lookup may have answered with an instance
 * over aes-generic made before), and where there is none, aes-fixed-time
 * if the kernel has it.  What the running kernel registers decides: no
 * CPU flag and no kernel version is looked at.  On 7.x the kernel's choice
 * stands: ctr-aes-lib, whose library AES uses AES instructions where the
 * CPU has them and one 1 KiB table, prefetched before use, where not.
 * Where only the generic C table code is left, this says so once.
 *
 * Return: the driver name chosen, e.g. "ctr(aes-aesni)", "ctr-aes-lib" or
 * "ctr(aes-fixed-time)"; "no-ctr(aes)" when none can be allocated.
 */
const char *nobs_drbg_select(const struct nobs_cpu *cpu)
{
	struct crypto_skcipher *tfm;

	tfm = crypto_alloc_skcipher("ctr(aes)", 0, CRYPTO_ALG_ASYNC);
	if (IS_ERR(tfm))
		return "no-ctr(aes)";
	/*
	 * The crypto API answers "ctr(aes)" with the best instance that
	 * exists, and makes one over the best AES only where none does: an
	 * instance over the generic C code made earlier (by the crypto
	 * manager's comparisons, or by any user through AF_ALG) would stand
	 * in for the CPU's AES instructions.  Ask for those by name.
	 */
	if (nobs_drbg_aes_priority(tfm) <= NOBS_DRBG_GENERIC_C_PRIORITY)
		nobs_drbg_keep_best(&tfm, nobs_drbg_alloc_arch_aes());
	if (nobs_drbg_aes_priority(tfm) <= NOBS_DRBG_GENERIC_C_PRIORITY)
		nobs_drbg_keep_best(&tfm, nobs_drbg_alloc_fixed_time());
	strscpy(nobs_drbg_aes_driver, crypto_skcipher_driver_name(tfm),
		sizeof(nobs_drbg_aes_driver));
	if (nobs_drbg_aes_priority(tfm) <= NOBS_DRBG_GENERIC_C_PRIORITY)
		pr_warn("drbg: %s is table-based C: no AES instructions, no aes-fixed-time (aes_ti)\n",
			nobs_drbg_aes_driver);
	crypto_free_skcipher(tfm);
	return nobs_drbg_aes_driver;
}

/**
 * nobs_drbg_register() - register nobs_ctr_drbg_aes256_nodf
 *
 * The rule: this driver is never the system's default RNG, and it is
 * there wherever the module loads.
 *  - A kernel stdrng of higher priority exists (6.1, 6.12: the kernel's
 *    DRBGs, 200 and up): register as "stdrng" at priority 50, below it,
 *    and hold a transform of it for as long as ours is registered, so
 *    that its module stays loaded and crypto_alloc_rng("stdrng"), and so
 *    crypto_get_default_rng() / crypto_stdrng_get_bytes() under
 *    fips_enabled, keep picking the kernel's.
 *  - None, or only one at priority 50 or less (Debian's 7.2 and 7.3 build
 *    no CRYPTO_DRBG, and mainline 7.2 removed CTR_DRBG): register under
 *    the driver's own name as cra_name, never "stdrng", so that nothing
 *    asking for "stdrng" can get it (crypto_stdrng_get_bytes() then
 *    fails under fips_enabled as it would without nobs, and uses
 *    get_random_bytes() otherwise).  Users name the driver, as the tests
 *    and the demo do.
 * Which of the two was taken is logged once.
 *
 * Return: 0, or the -errno of allocating the chosen AES-CTR (held while
 * the rng is registered), -ENOMEM from the stdrng lookup, or the -errno of
 * crypto_register_rng().
 */
int nobs_drbg_register(void)
{
	struct crypto_rng *rng;
	int err;

	BUILD_BUG_ON(NOBS_DRBG_MAX_SEED != 96);
	/* Keeps the chosen AES's module (aes_ti, aesni_intel) loaded. */
	nobs_drbg_aes_held = crypto_alloc_skcipher(nobs_drbg_aes_driver, 0,
						   CRYPTO_ALG_ASYNC);
	if (IS_ERR(nobs_drbg_aes_held)) {
		err = PTR_ERR(nobs_drbg_aes_held);
		nobs_drbg_aes_held = NULL;
		return err;
	}
	rng = crypto_alloc_rng("stdrng", 0, 0);
	/* Only a missing stdrng means there is none (-ENOMEM fails the load). */
	if (IS_ERR(rng) && PTR_ERR(rng) != -ENOENT) {
		err = PTR_ERR(rng);
		goto free_aes;
	}
	if (!IS_ERR(rng) &&
	    crypto_rng_alg(rng)->base.cra_priority <= NOBS_DRBG_PRIORITY) {
		crypto_free_rng(rng);
		rng = ERR_PTR(-ENOENT);
	}
	if (IS_ERR(rng)) {
		strscpy(nobs_drbg_alg.base.cra_name, NOBS_DRBG_DRIVER,
			sizeof(nobs_drbg_alg.base.cra_name));
		pr_info("no kernel stdrng above priority %d: %s registered under its own name, not as stdrng\n",
			NOBS_DRBG_PRIORITY, NOBS_DRBG_DRIVER);
		rng = NULL;
	} else {
		strscpy(nobs_drbg_alg.base.cra_name, "stdrng",
			sizeof(nobs_drbg_alg.base.cra_name));
	}
	err = crypto_register_rng(&nobs_drbg_alg);
	if (err) {
		crypto_free_rng(rng);
		goto free_aes;
	}
	nobs_drbg_kernel_stdrng = rng;
	nobs_drbg_registered = true;
	nobs_alg_tested(&nobs_drbg_alg.base);
	return 0;

free_aes:
	crypto_free_skcipher(nobs_drbg_aes_held);
	nobs_drbg_aes_held = NULL;
	return err;
}

/**
 * nobs_drbg_unregister() - undo nobs_drbg_register()
 */
void nobs_drbg_unregister(void)
{
	if (!nobs_drbg_registered || nobs_alg_wait_unused(&nobs_drbg_alg.base))
		return;
	crypto_unregister_rng(&nobs_drbg_alg);
	crypto_free_rng(nobs_drbg_kernel_stdrng);
	nobs_drbg_kernel_stdrng = NULL;
	crypto_free_skcipher(nobs_drbg_aes_held);
	nobs_drbg_aes_held = NULL;
	nobs_drbg_registered = false;
}

MODULE_ALIAS_CRYPTO(NOBS_DRBG_DRIVER);
