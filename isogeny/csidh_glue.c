// SPDX-License-Identifier: GPL-2.0
/*
 * CSIDH-512 key agreement as the kpp "csidh512".
 *
 * set_secret():	the 37-byte private key in the CSIDH reference encoding
 *			(exponent i is the signed nibble
 *			(s8)(k[i / 2] << ((i % 2) * 4)) >> 4, in [-5, 5]),
 *			passed raw, with no kpp_secret header (unlike the
 *			kernel's dh/ecdh, which pack theirs with
 *			crypto_*_encode_key); or length 0 for a fresh uniform
 *			key from get_random_bytes().  Anything else: -EINVAL,
 *			and the transform is left without a key.
 * generate_public_key(): writes the 64-byte public key (A in Montgomery
 *			form, 8 little-endian limbs) to req->dst; req->src
 *			must be NULL.
 * compute_shared_secret(): reads the peer's 64-byte public key from
 *			req->src (src_len must be 64), validates it
 *			(-EINVAL if it is not a supersingular curve in
 *			range), writes the 64-byte secret to req->dst.
 * Both outputs need dst_len >= 64 (else -EINVAL) and set dst_len to 64.
 *
 * The operations are synchronous and long: one group action is about 0.1 s
 * natively and far more under emulation.  They never sleep by themselves
 * and can run in any context, but callers should not use them in atomic
 * context; when the request carries CRYPTO_TFM_REQ_MAY_SLEEP the core
 * yields with cond_resched() between isogeny steps.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <crypto/internal/kpp.h>
#include <crypto/kpp.h>
#include <linux/module.h>
#include <linux/random.h>
#include <linux/scatterlist.h>
#include <linux/sched.h>

#include "nobs.h"
#include "csidh_glue.h"
#include "fp.h"

/**
 * struct nobs_csidh_tfm_ctx - per-transform state
 * @sk:      the private key, wiped when replaced and when the tfm is freed
 * @has_key: whether @sk holds a valid key
 */
struct nobs_csidh_tfm_ctx {
	u8 sk[NOBS_CSIDH_PRIVATE_KEY_SIZE];
	bool has_key;
};

char nobs_csidh_driver[CRYPTO_MAX_ALG_NAME] = NOBS_CSIDH_ALG "-nobs-generic";
static bool nobs_csidh_registered;

static void nobs_csidh_kernel_random(void *ctx, void *buf, size_t len)
{
	get_random_bytes(buf, len);
}

static void nobs_csidh_kernel_yield(void *ctx)
{
	cond_resched();
}

/**
 * nobs_csidh_env_init() - the core's environment in the kernel
 * @env: filled in
 * @may_sleep: whether the core may call cond_resched() between steps
 */
void nobs_csidh_env_init(struct nobs_csidh_env *env, bool may_sleep)
{
	env->random = nobs_csidh_kernel_random;
	env->yield = may_sleep ? nobs_csidh_kernel_yield : NULL;
	env->ctx = NULL;
}

static void nobs_csidh_req_env(struct nobs_csidh_env *env,
			       struct kpp_request *req)
{
	nobs_csidh_env_init(env,
			    req->base.flags & CRYPTO_TFM_REQ_MAY_SLEEP);
}

/**
 * nobs_csidh_set_secret() - kpp set_secret: install a private key
 * @tfm: the transform
 * @buf: 37 raw bytes in the reference encoding (no kpp_secret header)
 * @len: 37, or 0 for a fresh uniform key from get_random_bytes()
 *
 * Any previous key is wiped first.
 *
 * Return: 0, or -EINVAL for another length or an exponent outside [-5, 5]
 * (the transform is then left without a key).
 */
static int nobs_csidh_set_secret(struct crypto_kpp *tfm, const void *buf,
				 unsigned int len)
{
	struct nobs_csidh_tfm_ctx *ctx = kpp_tfm_ctx(tfm);
	struct nobs_csidh_env env;

	memzero_explicit(ctx, sizeof(*ctx));
	if (!len) {
		nobs_csidh_env_init(&env, false);
		nobs_csidh_random_private_key(ctx->sk, &env);
	} else if (len == NOBS_CSIDH_PRIVATE_KEY_SIZE && buf) {
		memcpy(ctx->sk, buf, len);
		if (nobs_csidh_check_private_key(ctx->sk)) {
			memzero_explicit(ctx->sk, sizeof(ctx->sk));
			return -EINVAL;
		}
	} else {
		return -EINVAL;
	}
	ctx->has_key = true;
	return 0;
}

/* Copy 64 bytes of output to req->dst. */
static int nobs_csidh_output(struct kpp_request *req, const u8 *out)
{
	size_t copied;

	copied = sg_copy_from_buffer(req->dst,
				     sg_nents_for_len(req->dst,
						      NOBS_CSIDH_PUBLIC_KEY_SIZE),
				     out, NOBS_CSIDH_PUBLIC_KEY_SIZE);
	if (copied != NOBS_CSIDH_PUBLIC_KEY_SIZE)
		return -EINVAL;
	req->dst_len = NOBS_CSIDH_PUBLIC_KEY_SIZE;
	return 0;
}

/**
 * nobs_csidh_generate_public_key() - kpp generate_public_key
 * @req: req->src NULL, req->dst at least 64 bytes
 *
 * Synchronous; constant time in the private key.
 *
 * Return: 0 (req->dst_len set to 64), or -EINVAL without a key or with
 * wrong lengths.
 */
static int nobs_csidh_generate_public_key(struct kpp_request *req)
{
	struct nobs_csidh_tfm_ctx *ctx = kpp_tfm_ctx(crypto_kpp_reqtfm(req));
	u8 pk[NOBS_CSIDH_PUBLIC_KEY_SIZE];
	struct nobs_csidh_env env;
	int err;

	if (!ctx->has_key || req->src || !req->dst ||
	    req->dst_len < NOBS_CSIDH_PUBLIC_KEY_SIZE)
		return -EINVAL;
	nobs_csidh_req_env(&env, req);
	err = nobs_csidh_public_key(pk, ctx->sk, &env);
	if (!err)
		err = nobs_csidh_output(req, pk);
	memzero_explicit(pk, sizeof(pk));
	return err;
}

/**
 * nobs_csidh_compute_shared_secret() - kpp compute_shared_secret
 * @req: req->src the peer's 64-byte public key (src_len 64), req->dst at
 *	least 64 bytes
 *
 * Synchronous; the peer key is validated (variable time, it is public),
 * the group action is constant time in the private key.
 *
 * Return: 0 (req->dst_len set to 64), or -EINVAL without a key, with wrong
 * lengths or an invalid peer key (then nothing is written).
 */
static int nobs_csidh_compute_shared_secret(struct kpp_request *req)
{
	struct nobs_csidh_tfm_ctx *ctx = kpp_tfm_ctx(crypto_kpp_reqtfm(req));
	u8 peer[NOBS_CSIDH_PUBLIC_KEY_SIZE], ss[NOBS_CSIDH_SHARED_SECRET_SIZE];
	struct nobs_csidh_env env;
	size_t copied;
	int err;

	if (!ctx->has_key || !req->src || !req->dst ||
	    req->src_len != NOBS_CSIDH_PUBLIC_KEY_SIZE ||
	    req->dst_len < NOBS_CSIDH_SHARED_SECRET_SIZE)
		return -EINVAL;
	copied = sg_copy_to_buffer(req->src,
				   sg_nents_for_len(req->src, sizeof(peer)),
				   peer, sizeof(peer));
	if (copied != sizeof(peer))
		return -EINVAL;
	nobs_csidh_req_env(&env, req);
	err = nobs_csidh_shared_secret(ss, ctx->sk, peer, &env);
	if (!err)
		err = nobs_csidh_output(req, ss);
	memzero_explicit(ss, sizeof(ss));
	return err;
}

static unsigned int nobs_csidh_max_size(struct crypto_kpp *tfm)
{
	return NOBS_CSIDH_PUBLIC_KEY_SIZE;
}

static int nobs_csidh_init_tfm(struct crypto_kpp *tfm)
{
	return nobs_alg_gate(&crypto_kpp_alg(tfm)->base);
}

static void nobs_csidh_exit_tfm(struct crypto_kpp *tfm)
{
	memzero_explicit(kpp_tfm_ctx(tfm), sizeof(struct nobs_csidh_tfm_ctx));
}

static struct kpp_alg nobs_csidh_alg = {
	.set_secret		= nobs_csidh_set_secret,
	.generate_public_key	= nobs_csidh_generate_public_key,
	.compute_shared_secret	= nobs_csidh_compute_shared_secret,
	.max_size		= nobs_csidh_max_size,
	.init			= nobs_csidh_init_tfm,
	.exit			= nobs_csidh_exit_tfm,
	.base = {
		.cra_name	= NOBS_CSIDH_ALG,
		.cra_driver_name = NOBS_CSIDH_ALG "-nobs-generic",
		.cra_priority	= 200,
		.cra_module	= THIS_MODULE,
		.cra_ctxsize	= sizeof(struct nobs_csidh_tfm_ctx),
	},
};

/**
 * nobs_csidh_select() - choose the GF(p) multiplication, once
 * @cpu: CPU features; on x86-64 the BMI2/ADX assembly needs both, on arm64
 *	the assembly uses the base ISA only and is always taken (unless
 *	force_generic cleared the features: then asimd is false too)
 *
 * Return: "generic", "bmi2adx" or "arm64"; the driver name follows it.
 */
const char *nobs_csidh_select(const struct nobs_cpu *cpu)
{
	const char *impl;
	bool use_asm = false;

#if defined(CONFIG_X86_64)
	use_asm = cpu->bmi2 && cpu->adx;
#elif defined(CONFIG_ARM64)
	use_asm = cpu->asimd;	/* false only under force_generic */
#endif
	impl = nobs_fp_select(use_asm);
	snprintf(nobs_csidh_driver, CRYPTO_MAX_ALG_NAME, "%s-nobs-%s",
		 NOBS_CSIDH_ALG, impl);
	strscpy(nobs_csidh_alg.base.cra_driver_name, nobs_csidh_driver,
		CRYPTO_MAX_ALG_NAME);
	return impl;
}

/* The test hook test_fail_exchange: in test builds only (NOBS_TEST_HOOKS). */
#ifdef NOBS_TEST_HOOKS
static bool test_fail_exchange;
module_param(test_fail_exchange, bool, 0444);
MODULE_PARM_DESC(test_fail_exchange,
		 "Test only: the key exchange self-test after registration reports -EBADMSG, so csidh512 is unregistered again");
#else
static const bool test_fail_exchange;
#endif

/**
 * nobs_csidh_register() - register "csidh512", then exchange keys through it
 *
 * After registration, transforms allocated by driver name give the known
 * public key and refuse an invalid peer key and malformed private keys
 * (nobs_csidh_exchange_test()).  If they
 * do not, the algorithm is unregistered again and the failure logged; the
 * rest of the module stays (as for a failed self-test).  The test-only
 * parameter test_fail_exchange makes the test report a failure.
 *
 * Return: 0 or the -errno of crypto_register_kpp().
 */
int nobs_csidh_register(void)
{
	int err;

	err = crypto_register_kpp(&nobs_csidh_alg);
	if (err)
		return err;
	nobs_csidh_registered = true;
	err = test_fail_exchange ? -EBADMSG : nobs_csidh_exchange_test();
	/* Out of memory is no verdict on the algorithm: fail the load. */
	if (err == -ENOMEM) {
		nobs_csidh_unregister();
		return err;
	}
	if (err) {
		pr_err("%s: key exchange self-test failed (%d), unregistered\n",
		       nobs_csidh_driver, err);
		nobs_csidh_unregister();
		return 0;
	}
	pr_info("%s: key exchange self-test passed\n", nobs_csidh_driver);
	return 0;
}

/**
 * nobs_csidh_unregister() - undo nobs_csidh_register()
 */
void nobs_csidh_unregister(void)
{
	if (!nobs_csidh_registered)
		return;
	nobs_alg_wait_unused(&nobs_csidh_alg.base);
	crypto_unregister_kpp(&nobs_csidh_alg);
	nobs_csidh_registered = false;
}

MODULE_ALIAS_CRYPTO(NOBS_CSIDH_ALG);
MODULE_ALIAS_CRYPTO(NOBS_CSIDH_ALG "-nobs-generic");
#if defined(CONFIG_X86_64)
MODULE_ALIAS_CRYPTO(NOBS_CSIDH_ALG "-nobs-bmi2adx");
#elif defined(CONFIG_ARM64)
MODULE_ALIAS_CRYPTO(NOBS_CSIDH_ALG "-nobs-arm64");
#endif
