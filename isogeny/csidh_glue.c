// SPDX-License-Identifier: GPL-2.0
/*
 * CSIDH key agreement as the kpps "csidh512" and "csidh1024", and CTIDH
 * (its constant-time variant with a larger key space) as "ctidh511",
 * "ctidh512" (the CSIDH-512 prime), "ctidh1024" (the CSIDH-1024 prime) and
 * "ctidh2048" (a 2047-bit prime of its own): one glue for the six
 * parameter sets (struct nobs_csidh_set, csidh_glue.h); sizes for
 * csidh512 / csidh1024 / ctidh511 and ctidh512 / ctidh1024 / ctidh2048:
 *
 * set_secret():	the private key (37 / 65 / 74 / 130 / 231 bytes),
 *			passed raw, with no kpp_secret header (unlike the
 *			kernel's dh/ecdh, which pack theirs with
 *			crypto_*_encode_key); CSIDH: the reference encoding
 *			(exponent i is the signed nibble
 *			(s8)(k[i / 2] << ((i % 2) * 4)) >> 4, in [-5, 5] /
 *			[-2, 2]); CTIDH: high-ctidh's, byte i the exponent
 *			e_i as an int8_t, each batch's sum of |e_i| at most
 *			its bound (ctidh<b>.h).  Length 0: a fresh uniform
 *			key from get_random_bytes().  Anything else:
 *			-EINVAL, and the transform is left without a key.
 * generate_public_key(): writes the public key (64 / 128 / 64 / 128 / 256
 *			bytes: A in Montgomery form, 8 / 16 / 8 / 16 / 32
 *			little-endian limbs) to req->dst; req->src must be
 *			NULL.
 * compute_shared_secret(): reads the peer's public key from req->src
 *			(src_len must be the public key size), validates it
 *			(-EINVAL if it is not a supersingular curve in
 *			range), writes the secret (as long as a public key)
 *			to req->dst.
 * Both outputs need dst_len at least the public key size (else -EINVAL)
 * and set dst_len to it.
 *
 * The operations are synchronous and long: one group action takes tens of
 * milliseconds natively (csidh512, ctidh511/512), up to a few hundred for
 * the large sets (ctidh2048 the longest), more with the generic C and far
 * more under emulation (docs/performance.md has the figures).
 * They never sleep by themselves and can run in any context, but callers
 * should not use them in atomic context; when the request carries
 * CRYPTO_TFM_REQ_MAY_SLEEP the core yields with cond_resched() at most
 * about 1 ms of work apart, and a fatal signal ends the operation with
 * -EINTR (README, CSIDH).  Nothing here takes a lock: a transform's key is
 * its own, and the core's workspace (struct nobs_csidh_ws, 15.9 KiB, the
 * CTIDH engine's too) is the request's context (kpp_set_reqsize()),
 * allocated with the request, so a transform serves concurrent requests;
 * the core wipes it when each operation ends.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <crypto/internal/kpp.h>
#include <crypto/kpp.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/random.h>
#include <linux/scatterlist.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/sizes.h>
#include <linux/slab.h>

#include "nobs.h"
#include "nobs_alg.h"
#include "csidh_glue.h"
#include "fp.h"
#include "fp_arch.h"

/**
 * struct nobs_csidh_tfm_ctx - per-transform state
 * @sk:      the private key (the set's size), wiped when replaced and when
 *	     the tfm is freed
 * @has_key: whether @sk holds a valid key
 */
struct nobs_csidh_tfm_ctx {
	u8 sk[NOBS_CSIDH_MAX_PRIVATE_KEY_SIZE];
	bool has_key;
};

/**
 * struct nobs_csidh_kpp - one registered parameter set
 * @alg:        the kpp
 * @set:        its parameter set
 * @registered: whether @alg is registered
 */
struct nobs_csidh_kpp {
	struct kpp_alg alg;
	const struct nobs_csidh_set *set;
	bool registered;
};

static const struct nobs_csidh_set *nobs_csidh_tfm_set(struct crypto_kpp *tfm)
{
	return container_of(crypto_kpp_alg(tfm), struct nobs_csidh_kpp,
			    alg)->set;
}

static void nobs_csidh_kernel_random(void *ctx, void *buf, size_t len)
{
	get_random_bytes(buf, len);
}

static int nobs_csidh_kernel_resched(void *ctx)
{
	cond_resched();
	return 0;
}

/*
 * A fatal signal ends the operation (-EINTR, with nothing of it left);
 * any other signal lets it run on, as the derive cannot be restarted
 * where it stopped.
 */
static int nobs_csidh_kernel_yield(void *ctx)
{
	cond_resched();
	return fatal_signal_pending(current) ? -EINTR : 0;
}

/*
 * The core's environment in the kernel; may_sleep: whether the core may
 * call cond_resched() between steps (and stop on a fatal signal)
 */
static void nobs_csidh_env_init(struct nobs_csidh_env *env, bool may_sleep)
{
	env->random = nobs_csidh_kernel_random;
	env->yield = may_sleep ? nobs_csidh_kernel_yield : NULL;
	env->ctx = NULL;
}

/*
 * The self-tests' environment: yields with cond_resched() but never stops: a known-answer test whose
 * task is killed halfway must not count as failed (the first-use test's
 * verdict stays for every user until the module is reloaded).
 */
static void nobs_csidh_env_init_selftest(struct nobs_csidh_env *env)
{
	nobs_csidh_env_init(env, true);
	env->yield = nobs_csidh_kernel_resched;
}

/* The parameter sets, in registration order */
static const struct nobs_csidh_set nobs_csidh_sets[NOBS_CSIDH_SETS] = {
	{
		.alg = "csidh512",
		.sk_size = NOBS_CSIDH512_PRIVATE_KEY_SIZE,
		.pk_size = NOBS_CSIDH512_PUBLIC_KEY_SIZE,
		.bad_byte = NOBS_CSIDH512_MAX_EXPONENT + 1,
		.check_private_key = nobs_csidh512_check_private_key,
		.random_private_key = nobs_csidh512_random_private_key,
		.validate = nobs_csidh512_validate,
		.public_key = nobs_csidh512_public_key,
		.shared_secret = nobs_csidh512_shared_secret,
		.kat = &nobs_csidh512_kat,
	},
	{
		.alg = "csidh1024",
		.sk_size = NOBS_CSIDH1024_PRIVATE_KEY_SIZE,
		.pk_size = NOBS_CSIDH1024_PUBLIC_KEY_SIZE,
		.bad_byte = NOBS_CSIDH1024_MAX_EXPONENT + 1,
		.check_private_key = nobs_csidh1024_check_private_key,
		.random_private_key = nobs_csidh1024_random_private_key,
		.validate = nobs_csidh1024_validate,
		.public_key = nobs_csidh1024_public_key,
		.shared_secret = nobs_csidh1024_shared_secret,
		.kat = &nobs_csidh1024_kat,
		.first_use = true,
	},
	{
		.alg = "ctidh512",
		.sk_size = NOBS_CTIDH512_PRIVATE_KEY_SIZE,
		.pk_size = NOBS_CTIDH512_PUBLIC_KEY_SIZE,
		/* e_5, the first of batch 2 (bound 16) */
		.bad_byte = 17,
		.check_private_key = nobs_ctidh512_check_private_key,
		.random_private_key = nobs_ctidh512_random_private_key,
		.validate = nobs_csidh512_validate,
		.public_key = nobs_ctidh512_public_key,
		.shared_secret = nobs_ctidh512_shared_secret,
		.kat = &nobs_ctidh512_kat,
		.first_use = true,
	},
	{
		.alg = "ctidh511",
		.sk_size = NOBS_CTIDH511_PRIVATE_KEY_SIZE,
		.pk_size = NOBS_CTIDH511_PUBLIC_KEY_SIZE,
		/* e_5, the first of batch 2 (bound 11) */
		.bad_byte = 12,
		.check_private_key = nobs_ctidh511_check_private_key,
		.random_private_key = nobs_ctidh511_random_private_key,
		.validate = nobs_csidh512_validate,
		.public_key = nobs_ctidh511_public_key,
		.shared_secret = nobs_ctidh511_shared_secret,
		.kat = &nobs_ctidh511_kat,
		.first_use = true,
	},
	{
		.alg = "ctidh1024",
		.sk_size = NOBS_CTIDH1024_PRIVATE_KEY_SIZE,
		.pk_size = NOBS_CTIDH1024_PUBLIC_KEY_SIZE,
		/* e_5, the first of batch 2 (bound 5) */
		.bad_byte = 6,
		.check_private_key = nobs_ctidh1024_check_private_key,
		.random_private_key = nobs_ctidh1024_random_private_key,
		.validate = nobs_csidh1024_validate,
		.public_key = nobs_ctidh1024_public_key,
		.shared_secret = nobs_ctidh1024_shared_secret,
		.kat = &nobs_ctidh1024_kat,
		.first_use = true,
	},
	{
		.alg = "ctidh2048",
		.sk_size = NOBS_CTIDH2048_PRIVATE_KEY_SIZE,
		.pk_size = NOBS_CTIDH2048_PUBLIC_KEY_SIZE,
		/* e_5, in batch 0 (bound 1) */
		.bad_byte = 2,
		.check_private_key = nobs_ctidh2048_check_private_key,
		.random_private_key = nobs_ctidh2048_random_private_key,
		.validate = nobs_csidh2048_validate,
		.public_key = nobs_ctidh2048_public_key,
		.shared_secret = nobs_ctidh2048_shared_secret,
		.kat = &nobs_ctidh2048_kat,
		.first_use = true,
	},
};

/* Every set's keys fit the transform's and the requests' buffers. */
#define NOBS_CSIDH_FITS(sk, pk)					\
	((sk) <= NOBS_CSIDH_MAX_PRIVATE_KEY_SIZE &&			\
	 (pk) <= NOBS_CSIDH_MAX_PUBLIC_KEY_SIZE)
static_assert(NOBS_CSIDH_FITS(NOBS_CSIDH512_PRIVATE_KEY_SIZE,
			      NOBS_CSIDH512_PUBLIC_KEY_SIZE));
static_assert(NOBS_CSIDH_FITS(NOBS_CSIDH1024_PRIVATE_KEY_SIZE,
			      NOBS_CSIDH1024_PUBLIC_KEY_SIZE));
static_assert(NOBS_CSIDH_FITS(NOBS_CTIDH512_PRIVATE_KEY_SIZE,
			      NOBS_CTIDH512_PUBLIC_KEY_SIZE));
static_assert(NOBS_CSIDH_FITS(NOBS_CTIDH511_PRIVATE_KEY_SIZE,
			      NOBS_CTIDH511_PUBLIC_KEY_SIZE));
static_assert(NOBS_CSIDH_FITS(NOBS_CTIDH1024_PRIVATE_KEY_SIZE,
			      NOBS_CTIDH1024_PUBLIC_KEY_SIZE));
static_assert(NOBS_CSIDH_FITS(NOBS_CTIDH2048_PRIVATE_KEY_SIZE,
			      NOBS_CTIDH2048_PUBLIC_KEY_SIZE));

/**
 * nobs_csidh_selftest() - the CSIDH cores' checks before registration
 *
 * Each parameter set's core that is tested at load (CSIDH-512; not the
 * first-use sets, csidh1024 and the CTIDH ones) must refuse its invalid public
 * key, in validation and in derive.  Its known answer
 * comes through the crypto API once it is registered
 * (nobs_csidh_exchange_test()): one group action per load, not two.
 *
 * Return: 0, -ENOMEM, or -EINVAL after logging which test failed.
 */
int nobs_csidh_selftest(void)
{
	struct nobs_csidh_env env;
	struct nobs_csidh_ws *ws;
	int i, err = 0;

	nobs_csidh_env_init_selftest(&env);
	ws = kmalloc(sizeof(*ws), GFP_KERNEL);
	if (!ws)
		return -ENOMEM;
	for (i = 0; i < NOBS_CSIDH_SETS && !err; i++)
		if (!nobs_csidh_sets[i].first_use)
			err = nobs_csidh_invalid_test(&nobs_csidh_sets[i],
						      &env, ws);
	kfree_sensitive(ws);
	return err;
}

/* The test hook test_fail_first_use: in test builds only (NOBS_TEST_HOOKS). */
#ifdef NOBS_TEST_HOOKS
static bool test_fail_first_use;
module_param(test_fail_first_use, bool, 0444);
MODULE_PARM_DESC(test_fail_first_use,
		 "Test only: the first-use known-answer tests (csidh1024, ctidh511/512/1024/2048) report -EBADMSG, so no transform of those sets can be made (-ELIBBAD)");
#else
static const bool test_fail_first_use;
#endif

static DEFINE_MUTEX(nobs_csidh_first_use_lock);
/* per set: 0 not run yet, 1 passed, -ELIBBAD failed */
static int nobs_csidh_first_use_state[NOBS_CSIDH_SETS];

/**
 * nobs_csidh_first_use_test() - a set's known answers, once, at first use
 * @set: the parameter set (one of nobs_csidh_sets[])
 *
 * The first call runs the core's known-answer tests of @set (the invalid
 * key refused, the vector's shared secret) and logs the verdict once;
 * every call returns it.  Sleeps (a mutex, one group action): called from
 * the driver's init_tfm, in process context.  Concurrent first callers
 * wait for the one running the tests; the wait is killable, since it lasts
 * a whole group action and any local user can start it with a bind.
 *
 * Return: 0 once the tests passed, -ELIBBAD after they failed, -ENOMEM
 * when there is no memory for the core's workspace, -EINTR when the caller was killed while
 * waiting (no verdict for it).
 */
static int nobs_csidh_first_use_test(const struct nobs_csidh_set *set)
{
	int i = set - nobs_csidh_sets, err;
	struct nobs_csidh_env env;

	if (mutex_lock_killable(&nobs_csidh_first_use_lock))
		return -EINTR;
	if (nobs_csidh_first_use_state[i])
		goto out;
	nobs_csidh_env_init_selftest(&env);
	err = test_fail_first_use ? -EBADMSG : nobs_csidh_kat_test(set, &env);
	/* Out of memory is no verdict: this caller fails, the next tries. */
	if (err == -ENOMEM)
		goto unlock;
	if (err) {
		pr_err("%s: known-answer self-test at first use failed (%d): no %s transform can be made\n",
		       set->alg, err, set->alg);
		nobs_csidh_first_use_state[i] = -ELIBBAD;
	} else {
		pr_info("%s: known-answer self-test at first use passed\n",
			set->alg);
		nobs_csidh_first_use_state[i] = 1;
	}
out:
	err = min(nobs_csidh_first_use_state[i], 0);
unlock:
	mutex_unlock(&nobs_csidh_first_use_lock);
	return err;
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
 * @buf: the private key's raw bytes in the set's encoding (no
 *	kpp_secret header)
 * @len: the set's private key size (37, 65 or 74), or 0 for a fresh
 *	uniform key from get_random_bytes()
 *
 * Any previous key is wiped first.
 *
 * Return: 0, or -EINVAL for another length or an exponent out of range
 * (CTIDH: a batch past its bound; the transform is then left without a
 * key).
 */
static int nobs_csidh_set_secret(struct crypto_kpp *tfm, const void *buf,
				 unsigned int len)
{
	const struct nobs_csidh_set *set = nobs_csidh_tfm_set(tfm);
	struct nobs_csidh_tfm_ctx *ctx = kpp_tfm_ctx(tfm);
	struct nobs_csidh_env env;

	memzero_explicit(ctx, sizeof(*ctx));
	if (!len) {
		nobs_csidh_env_init(&env, false);
		set->random_private_key(ctx->sk, &env);
	} else if (len == set->sk_size && buf) {
		memcpy(ctx->sk, buf, len);
		if (set->check_private_key(ctx->sk)) {
			memzero_explicit(ctx->sk, sizeof(ctx->sk));
			return -EINVAL;
		}
	} else {
		return -EINVAL;
	}
	ctx->has_key = true;
	return 0;
}

/* Copy len bytes of output to req->dst. */
static int nobs_csidh_output(struct kpp_request *req, const u8 *out,
			     unsigned int len)
{
	size_t copied;

	copied = sg_copy_from_buffer(req->dst, sg_nents_for_len(req->dst, len),
				     out, len);
	if (copied != len)
		return -EINVAL;
	req->dst_len = len;
	return 0;
}

/**
 * nobs_csidh_generate_public_key() - kpp generate_public_key
 * @req: req->src NULL, req->dst at least the public key size (64 or 128)
 *
 * Synchronous; constant time in the private key.
 *
 * Return: 0 (req->dst_len set to the public key size), -EINVAL without
 * a key or with wrong lengths.
 */
static int nobs_csidh_generate_public_key(struct kpp_request *req)
{
	struct crypto_kpp *tfm = crypto_kpp_reqtfm(req);
	const struct nobs_csidh_set *set = nobs_csidh_tfm_set(tfm);
	struct nobs_csidh_tfm_ctx *ctx = kpp_tfm_ctx(tfm);
	u8 pk[NOBS_CSIDH_MAX_PUBLIC_KEY_SIZE];
	struct nobs_csidh_env env;
	int err;

	if (!ctx->has_key || req->src || !req->dst ||
	    req->dst_len < set->pk_size)
		return -EINVAL;
	nobs_csidh_req_env(&env, req);
	err = set->public_key(pk, ctx->sk, &env, kpp_request_ctx(req));
	if (!err)
		err = nobs_csidh_output(req, pk, set->pk_size);
	memzero_explicit(pk, sizeof(pk));
	return err;
}

/**
 * nobs_csidh_compute_shared_secret() - kpp compute_shared_secret
 * @req: req->src the peer's public key (src_len the public key size, 64 or
 *	128), req->dst at least as many bytes
 *
 * Synchronous; the peer key is validated (variable time, it is public),
 * the group action is constant time in the private key.
 *
 * Return: 0 (req->dst_len set to the public key size), -EINVAL without
 * a key, with wrong lengths or an invalid peer key (then nothing is
 * written), -EINTR when a fatal signal ended it (MAY_SLEEP).
 */
static int nobs_csidh_compute_shared_secret(struct kpp_request *req)
{
	struct crypto_kpp *tfm = crypto_kpp_reqtfm(req);
	const struct nobs_csidh_set *set = nobs_csidh_tfm_set(tfm);
	struct nobs_csidh_tfm_ctx *ctx = kpp_tfm_ctx(tfm);
	u8 peer[NOBS_CSIDH_MAX_PUBLIC_KEY_SIZE];
	u8 ss[NOBS_CSIDH_MAX_PUBLIC_KEY_SIZE];
	unsigned int len = set->pk_size;
	struct nobs_csidh_env env;
	size_t copied;
	int err;

	if (!ctx->has_key || !req->src || !req->dst || req->src_len != len ||
	    req->dst_len < len)
		return -EINVAL;
	copied = sg_copy_to_buffer(req->src, sg_nents_for_len(req->src, len),
				   peer, len);
	if (copied != len)
		return -EINVAL;
	nobs_csidh_req_env(&env, req);
	err = set->shared_secret(ss, ctx->sk, peer, &env,
				 kpp_request_ctx(req));
	if (!err)
		err = nobs_csidh_output(req, ss, len);
	memzero_explicit(ss, sizeof(ss));
	return err;
}

static unsigned int nobs_csidh_max_size(struct crypto_kpp *tfm)
{
	return nobs_csidh_tfm_set(tfm)->pk_size;
}

/*
 * Each request carries the core's workspace.  A first-use set's transforms
 * wait for (and need) its known answers.
 */
static int nobs_csidh_init_tfm(struct crypto_kpp *tfm)
{
	const struct nobs_csidh_set *set = nobs_csidh_tfm_set(tfm);
	int err = nobs_alg_gate(&crypto_kpp_alg(tfm)->base);

	/* a request and its workspace: one 16 KiB allocation (csidh.h) */
	static_assert(ALIGN(sizeof(struct kpp_request), 128) +
		      sizeof(struct nobs_csidh_ws) <= SZ_16K);
	if (err)
		return err;
	kpp_set_reqsize(tfm, sizeof(struct nobs_csidh_ws));
	if (set->first_use)
		err = nobs_csidh_first_use_test(set);
	return err;
}

static void nobs_csidh_exit_tfm(struct crypto_kpp *tfm)
{
	memzero_explicit(kpp_tfm_ctx(tfm), sizeof(struct nobs_csidh_tfm_ctx));
}

#define NOBS_CSIDH_KPP(i, name) {					\
	.alg = {							\
		.set_secret		= nobs_csidh_set_secret,	\
		.generate_public_key	= nobs_csidh_generate_public_key, \
		.compute_shared_secret	= nobs_csidh_compute_shared_secret, \
		.max_size		= nobs_csidh_max_size,		\
		.init			= nobs_csidh_init_tfm,		\
		.exit			= nobs_csidh_exit_tfm,		\
		.base = {						\
			.cra_name	= name,				\
			.cra_driver_name = name "-nobs-generic",	\
			.cra_priority	= 200,				\
			.cra_module	= THIS_MODULE,			\
			.cra_ctxsize	= sizeof(struct nobs_csidh_tfm_ctx), \
		},							\
	},								\
	.set = &nobs_csidh_sets[i],					\
}

/* In the order of nobs_csidh_sets[]; the names are its sets' */
static struct nobs_csidh_kpp nobs_csidh_kpps[NOBS_CSIDH_SETS] = {
	NOBS_CSIDH_KPP(0, "csidh512"),
	NOBS_CSIDH_KPP(1, "csidh1024"),
	NOBS_CSIDH_KPP(2, "ctidh512"),
	NOBS_CSIDH_KPP(3, "ctidh511"),
	NOBS_CSIDH_KPP(4, "ctidh1024"),
	NOBS_CSIDH_KPP(5, "ctidh2048"),
};

/**
 * nobs_csidh_select() - choose the GF(p) multiplication, once
 * @cpu: CPU features; on x86-64 the BMI2/ADX assembly needs both (and
 *	the CSIDH-512 field's vector code, with it, ifma), on arm64 the
 *	assembly uses the base ISA only and is always taken (unless
 *	force_generic cleared the features: then asimd is false too)
 *
 * Return: "generic", "bmi2adx" or "arm64"; the driver names follow it
 * (e.g. csidh1024-nobs-bmi2adx).
 */
const char *nobs_csidh_select(const struct nobs_cpu *cpu)
{
	const char *impl;
	int i;

	impl = nobs_fp_select(nobs_fp_arch_usable(cpu), cpu->ifma);
	for (i = 0; i < NOBS_CSIDH_SETS; i++)
		nobs_alg_driver_name(&nobs_csidh_kpps[i].alg.base, impl);
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

static void nobs_csidh_unregister_kpp(struct nobs_csidh_kpp *k)
{
	if (!k->registered || nobs_alg_wait_unused(&k->alg.base))
		return;
	crypto_unregister_kpp(&k->alg);
	k->registered = false;
}

/**
 * nobs_csidh_register() - register "csidh512", "csidh1024", "ctidh512",
 *	"ctidh511", "ctidh1024" and "ctidh2048", then exchange keys through
 *	the ones tested at load
 *
 * After csidh512's registration, transforms allocated by driver name give
 * the known shared secret and refuse an invalid peer key and malformed
 * private keys (nobs_csidh_exchange_test()).  If they do not, it is
 * unregistered again and the failure logged; the rest of the module stays
 * (as for a failed self-test).  The test-only parameter
 * test_fail_exchange makes that test report a failure.  csidh1024's and
 * the CTIDH sets' known answers run when their first transform is made
 * (nobs_csidh_first_use_test()).  A failed registration, or no memory for
 * the test, unregisters them all.
 *
 * Return: 0, -ENOMEM or the -errno of crypto_register_kpp().
 */
int nobs_csidh_register(void)
{
	struct nobs_csidh_kpp *k;
	const char *drv;
	int i, err;

	for (i = 0; i < NOBS_CSIDH_SETS; i++) {
		k = &nobs_csidh_kpps[i];
		drv = k->alg.base.cra_driver_name;
		err = crypto_register_kpp(&k->alg);
		if (err)
			goto fail;
		k->registered = true;
		/* Its known answers come at first use: its transforms wait. */
		if (k->set->first_use) {
			pr_info("%s: known-answer self-test at first use\n", drv);
			continue;
		}
		err = test_fail_exchange ? -EBADMSG :
			nobs_csidh_exchange_test(k->set, drv);
		/* Out of memory is no verdict on the algorithm: fail the load. */
		if (err == -ENOMEM)
			goto fail;
		if (err) {
			pr_err("%s: key exchange self-test failed (%d), unregistered\n",
			       drv, err);
			nobs_csidh_unregister_kpp(k);
			continue;
		}
		pr_info("%s: key exchange self-test passed\n", drv);
	}
	return 0;
fail:
	nobs_csidh_unregister();
	return err;
}

/**
 * nobs_csidh_unregister() - undo nobs_csidh_register()
 */
void nobs_csidh_unregister(void)
{
	int i;

	for (i = NOBS_CSIDH_SETS - 1; i >= 0; i--)
		nobs_csidh_unregister_kpp(&nobs_csidh_kpps[i]);
}

/*
 * Algorithm names and the generic field's driver names; those of the
 * arch's field assembly are in its fp_arch.h.
 */
MODULE_ALIAS_CRYPTO("csidh512");
MODULE_ALIAS_CRYPTO("csidh1024");
MODULE_ALIAS_CRYPTO("ctidh512");
MODULE_ALIAS_CRYPTO("ctidh511");
MODULE_ALIAS_CRYPTO("ctidh1024");
MODULE_ALIAS_CRYPTO("ctidh2048");
NOBS_ALIAS_DRIVER("csidh512", "generic");
NOBS_ALIAS_DRIVER("csidh1024", "generic");
NOBS_ALIAS_DRIVER("ctidh512", "generic");
NOBS_ALIAS_DRIVER("ctidh511", "generic");
NOBS_ALIAS_DRIVER("ctidh1024", "generic");
NOBS_ALIAS_DRIVER("ctidh2048", "generic");
