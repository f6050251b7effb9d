// SPDX-License-Identifier: GPL-2.0
/*
 * CSIDH self-tests, for each parameter set (csidh512, csidh1024), and the
 * table of the sets (their sizes, core entry points and vectors).
 *
 * nobs_csidh_selftest(), before registration, on the core: one invalid
 * public key (in range, not supersingular) that validation and derive
 * must refuse.
 * CSIDH-512: vectors 0 and 264 of csidh_testvectors.dat, generated with
 * the CSIDH reference implementation (test vector set Copyright (c) 2020
 * Kris Kwiatkowski, BSD-style licence, see LICENSE.nobs beside
 * csidh_testvectors.dat); CSIDH-1024: vectors 0 and 24 of
 * csidh1024_testvectors.dat (the reference's p1024).
 *
 * nobs_csidh_exchange_test(), after registration, through the crypto API:
 * the known answer, one transform of our driver keyed with Pr1 (its shared
 * secret with the peer's Pk2, which it validates first, must be Ss), one
 * with a fresh random key (set_secret of length 0), which must refuse the
 * invalid peer key; malformed private keys must be refused with -EINVAL.
 * A failure unregisters the set again.
 *
 * CSIDH-512 runs both at load: one group action (the transform's shared
 * secret), 50 ms natively, more on a board's generic C, over a second
 * under QEMU/TCG, where the tests load the module hundreds of times (the
 * vector's public key is KUnit's and the userspace harness's to check).
 * CSIDH-1024 (first_use) runs the core's
 * known answers when its first transform is made instead
 * (nobs_csidh_first_use_test(), from the driver's init): the invalid key
 * refused, Pr1 with Pk2 gives Ss (one group action, like csidh512's load;
 * Pr1's public key Pk1 is KUnit's and the harness's to check); until they
 * pass no csidh1024 transform exists, and after a failure none can be made
 * (-ELIBBAD, the crypto API's errno for an algorithm that failed its
 * self-test).  Exchanges between random keys, both ways, are the tests'
 * (KUnit nobs_csidh, the VM's kpp cases), not every load's.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <crypto/kpp.h>
#include <linux/crypto.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>

#include "nobs.h"
#include "csidh_glue.h"

static const u8 nobs_csidh_kat_sk[37] = {
	0xc4, 0xd4, 0xdc, 0xcb, 0xfe, 0xdd, 0x1b, 0x10,
	0x3c, 0x12, 0x3f, 0xf2, 0xed, 0x11, 0x34, 0x5d,
	0xfc, 0xed, 0x15, 0x14, 0xde, 0xcb, 0xc4, 0x0c,
	0xde, 0xe1, 0x2e, 0x45, 0x0f, 0xdb, 0x35, 0xfd,
	0xb5, 0xb3, 0x3f, 0xfb, 0x2d,
};

static const u8 nobs_csidh_kat_peer[64] = {
	0x89, 0x5e, 0xe9, 0xf9, 0xe9, 0x6a, 0xeb, 0xf2,
	0x44, 0xc2, 0x01, 0x71, 0x13, 0x3a, 0xa0, 0xc2,
	0x60, 0x1b, 0x89, 0xf9, 0x8b, 0x9c, 0x1f, 0x2e,
	0xff, 0x7a, 0x44, 0xbb, 0xfc, 0x64, 0x6a, 0x4f,
	0xf5, 0x46, 0x87, 0x75, 0xdd, 0xe4, 0x2d, 0x75,
	0x80, 0x3d, 0x52, 0x98, 0xeb, 0x5b, 0x6d, 0x27,
	0x21, 0x2d, 0x49, 0xbf, 0x59, 0x23, 0x8c, 0x0d,
	0xde, 0xa0, 0xee, 0xae, 0x8b, 0xde, 0xd9, 0x37,
};

static const u8 nobs_csidh_kat_ss[64] = {
	0x87, 0x0a, 0xd6, 0x7d, 0x98, 0x75, 0xcd, 0x53,
	0x5a, 0x8b, 0x4b, 0x57, 0x76, 0xc2, 0xeb, 0x59,
	0xac, 0xaa, 0x87, 0x2a, 0x57, 0x75, 0x23, 0x1f,
	0x75, 0xce, 0xf2, 0x12, 0x44, 0x9e, 0x40, 0x75,
	0x2a, 0xc5, 0x57, 0xd1, 0x2d, 0x55, 0x6e, 0xdc,
	0xac, 0x68, 0xb1, 0xee, 0x94, 0xa2, 0xa5, 0xba,
	0x6d, 0xce, 0x4f, 0x6b, 0xcb, 0x6e, 0x91, 0xc3,
	0x11, 0xd5, 0x75, 0x9c, 0x83, 0x56, 0x8e, 0x29,
};

static const u8 nobs_csidh_kat_invalid[64] = {
	0xc8, 0x7e, 0x64, 0xc7, 0x53, 0x5b, 0x3f, 0x6c,
	0x06, 0x33, 0xc6, 0x2c, 0x7f, 0x3e, 0x05, 0xee,
	0xc8, 0x81, 0x79, 0xd3, 0x4c, 0xf0, 0xea, 0xc1,
	0x36, 0xd5, 0xc0, 0xe3, 0xba, 0xcb, 0x5b, 0xd5,
	0x09, 0xf9, 0x02, 0x8b, 0xf1, 0x88, 0x09, 0x94,
	0x89, 0x16, 0x6b, 0x34, 0xe1, 0x18, 0xf0, 0x12,
	0xf5, 0x80, 0x56, 0x2b, 0xf2, 0xb8, 0xf0, 0x87,
	0x01, 0xef, 0x42, 0x45, 0x76, 0x9d, 0xc4, 0x60,
};


static const u8 nobs_csidh1024_kat_sk[65] = {
	0x2e, 0x1e, 0x00, 0xe0, 0x20, 0xe0, 0xf1, 0x1f,
	0x00, 0x00, 0x2e, 0xf2, 0x20, 0xe0, 0xe2, 0x2e,
	0xe0, 0x22, 0x20, 0x01, 0xf1, 0x11, 0xe1, 0x01,
	0x02, 0xf1, 0x22, 0xf1, 0x20, 0x02, 0x00, 0xe2,
	0x1e, 0x11, 0x00, 0x10, 0xfe, 0x1e, 0xef, 0x2e,
	0xf1, 0xf1, 0x00, 0x01, 0x2f, 0x01, 0xef, 0xf2,
	0x0e, 0xe1, 0x21, 0x1f, 0xe1, 0x10, 0x02, 0xf1,
	0xee, 0xef, 0xf0, 0x2e, 0x02, 0x0e, 0xf2, 0x20,
	0x22,
};

static const u8 nobs_csidh1024_kat_peer[128] = {
	0xf0, 0xd8, 0xbd, 0x26, 0x9e, 0x41, 0xa4, 0xf7,
	0x8f, 0xca, 0xe2, 0xed, 0x44, 0x69, 0xca, 0x2e,
	0x7a, 0xf2, 0x55, 0xf8, 0x5e, 0xef, 0x7a, 0x25,
	0x97, 0x66, 0x29, 0x43, 0xe3, 0x88, 0x4a, 0x79,
	0xf2, 0x36, 0x6b, 0x5b, 0xd3, 0x4c, 0x6d, 0x65,
	0x1f, 0x8f, 0xbd, 0xf8, 0xef, 0x5b, 0x98, 0xfc,
	0xa4, 0x96, 0xe6, 0x3f, 0x12, 0x73, 0x76, 0x95,
	0x40, 0x5f, 0xc5, 0x69, 0xf4, 0xae, 0x45, 0x1a,
	0xd5, 0x93, 0xd1, 0x63, 0xd6, 0x5a, 0xdf, 0xb8,
	0x3e, 0x0f, 0x95, 0x89, 0xbf, 0x7d, 0x7e, 0xf0,
	0x75, 0xcf, 0xdf, 0x5c, 0x11, 0x40, 0xa8, 0xb7,
	0x2f, 0xa1, 0x34, 0xee, 0x8a, 0x76, 0xe6, 0xd6,
	0x88, 0xab, 0x68, 0x71, 0xd3, 0x92, 0x62, 0x6f,
	0x49, 0xd1, 0xa7, 0x76, 0xeb, 0x69, 0xa6, 0xea,
	0x4b, 0x71, 0x83, 0x89, 0x23, 0xbe, 0xe5, 0x44,
	0xc6, 0x02, 0xc5, 0x54, 0x70, 0xda, 0x63, 0x0c,
};

static const u8 nobs_csidh1024_kat_ss[128] = {
	0xe4, 0x07, 0xe8, 0x12, 0x3b, 0x10, 0x01, 0xac,
	0x3a, 0x5f, 0xec, 0x0b, 0xa6, 0x32, 0x99, 0xe8,
	0x72, 0xc0, 0x87, 0xc5, 0x70, 0xaf, 0xd7, 0xf2,
	0xdb, 0xa5, 0xa5, 0xca, 0x28, 0xde, 0xaa, 0x66,
	0x23, 0x36, 0x9e, 0xf1, 0x85, 0x4a, 0x68, 0xb5,
	0xa0, 0xb8, 0x7f, 0x78, 0x6d, 0x3e, 0x8f, 0xb1,
	0x44, 0x39, 0x77, 0x87, 0x52, 0xf6, 0x0a, 0x66,
	0xea, 0xea, 0x40, 0xd9, 0xd7, 0x4a, 0xec, 0x03,
	0xa4, 0x16, 0x88, 0x58, 0x6b, 0x9b, 0x7d, 0x2f,
	0x17, 0x9c, 0x7e, 0x9d, 0x2c, 0xc9, 0x4a, 0xd5,
	0x2e, 0x74, 0x6e, 0x7f, 0x11, 0x7f, 0x15, 0x24,
	0x42, 0x52, 0xd5, 0x71, 0x2b, 0x62, 0x16, 0x3d,
	0xbf, 0x4b, 0x4e, 0x03, 0x63, 0x8d, 0xde, 0x3e,
	0x29, 0x34, 0xe2, 0x0d, 0xc1, 0x99, 0x84, 0x43,
	0x44, 0x26, 0xc3, 0xdf, 0xc8, 0x27, 0xe4, 0xa1,
	0x2b, 0x68, 0x1a, 0xc6, 0x4f, 0x7a, 0x1b, 0x03,
};

static const u8 nobs_csidh1024_kat_invalid[128] = {
	0xcc, 0x46, 0xab, 0x3f, 0x3b, 0x81, 0x1a, 0x65,
	0x0c, 0xa8, 0xff, 0x2c, 0x6e, 0xf7, 0x38, 0x7b,
	0x55, 0x55, 0x1a, 0xe7, 0x98, 0xfa, 0x5f, 0x1c,
	0x56, 0xc8, 0xfa, 0x6a, 0x24, 0xa5, 0x39, 0xf1,
	0x5d, 0xe8, 0x7f, 0xd9, 0xba, 0xb9, 0xdf, 0x64,
	0xbd, 0xbe, 0xe6, 0x87, 0x62, 0x7f, 0x39, 0xe7,
	0xe8, 0x80, 0xa4, 0x0e, 0xd7, 0x05, 0x52, 0x3b,
	0xec, 0x34, 0x8b, 0x40, 0xb8, 0xb6, 0x09, 0x1b,
	0xed, 0xaf, 0x7d, 0xe5, 0x7d, 0xc6, 0xfc, 0xf9,
	0x86, 0x09, 0xf2, 0x20, 0x57, 0x41, 0x69, 0xd9,
	0x82, 0x94, 0x62, 0xe8, 0x0e, 0x6b, 0x8b, 0x51,
	0x29, 0xb2, 0xd8, 0x23, 0x5e, 0x38, 0x9c, 0x11,
	0x25, 0x5a, 0x67, 0x11, 0x1e, 0x1e, 0x23, 0xe1,
	0x83, 0x35, 0xd4, 0x00, 0x42, 0xfd, 0x71, 0x27,
	0x0b, 0xfd, 0xfd, 0x89, 0x77, 0xa2, 0x26, 0xe7,
	0x35, 0xed, 0x84, 0x85, 0x01, 0x01, 0x6b, 0x00,
};

const struct nobs_csidh_set nobs_csidh_sets[NOBS_CSIDH_SETS] = {
	{
		.alg = "csidh512",
		.sk_size = NOBS_CSIDH512_PRIVATE_KEY_SIZE,
		.pk_size = NOBS_CSIDH512_PUBLIC_KEY_SIZE,
		.bad_nibble = NOBS_CSIDH512_MAX_EXPONENT + 1,
		.check_private_key = nobs_csidh512_check_private_key,
		.random_private_key = nobs_csidh512_random_private_key,
		.validate = nobs_csidh512_validate,
		.public_key = nobs_csidh512_public_key,
		.shared_secret = nobs_csidh512_shared_secret,
		.kat_sk = nobs_csidh_kat_sk,
		.kat_peer = nobs_csidh_kat_peer,
		.kat_ss = nobs_csidh_kat_ss,
		.kat_invalid = nobs_csidh_kat_invalid,
	},
	{
		.alg = "csidh1024",
		.sk_size = NOBS_CSIDH1024_PRIVATE_KEY_SIZE,
		.pk_size = NOBS_CSIDH1024_PUBLIC_KEY_SIZE,
		.bad_nibble = NOBS_CSIDH1024_MAX_EXPONENT + 1,
		.check_private_key = nobs_csidh1024_check_private_key,
		.random_private_key = nobs_csidh1024_random_private_key,
		.validate = nobs_csidh1024_validate,
		.public_key = nobs_csidh1024_public_key,
		.shared_secret = nobs_csidh1024_shared_secret,
		.kat_sk = nobs_csidh1024_kat_sk,
		.kat_peer = nobs_csidh1024_kat_peer,
		.kat_ss = nobs_csidh1024_kat_ss,
		.kat_invalid = nobs_csidh1024_kat_invalid,
		.first_use = true,
	},
};

/*
 * The set's invalid public key refused by validation and derive (no
 * action); ws: the core's workspace.
 */
static int nobs_csidh_invalid_test(const struct nobs_csidh_set *set,
				   struct nobs_csidh_ws *ws)
{
	u8 ss[NOBS_CSIDH_MAX_PUBLIC_KEY_SIZE];
	struct nobs_csidh_env env;

	nobs_csidh_env_init_selftest(&env);
	if (set->validate(set->kat_invalid, &env, ws) != -EINVAL ||
	    set->shared_secret(ss, set->kat_sk, set->kat_invalid,
			       &env, ws) != -EINVAL) {
		pr_err("%s self-test: invalid public key accepted\n", set->alg);
		return -EINVAL;
	}
	return 0;
}

/*
 * The invalid key refused, and the vector's shared secret (one action).
 * Return: 0, -EINVAL (logged) or -ENOMEM (no workspace).
 */
static int nobs_csidh_set_selftest(const struct nobs_csidh_set *set)
{
	u8 ss[NOBS_CSIDH_MAX_PUBLIC_KEY_SIZE];
	struct nobs_csidh_env env;
	struct nobs_csidh_ws *ws;
	int err;

	ws = kmalloc(sizeof(*ws), GFP_KERNEL);
	if (!ws)
		return -ENOMEM;
	err = nobs_csidh_invalid_test(set, ws);
	if (err)
		goto out;
	nobs_csidh_env_init_selftest(&env);
	err = set->shared_secret(ss, set->kat_sk, set->kat_peer, &env, ws);
	if (err || memcmp(ss, set->kat_ss, set->pk_size)) {
		pr_err("%s self-test: shared secret mismatch (%d)\n", set->alg,
		       err);
		err = -EINVAL;
	}
	memzero_explicit(ss, sizeof(ss));
out:
	kfree_sensitive(ws);
	return err;
}

/**
 * nobs_csidh_selftest() - the CSIDH cores' checks before registration
 *
 * Each parameter set's core that is tested at load (CSIDH-512) must refuse
 * its invalid public key, in validation and in derive.  Its known answer
 * comes through the crypto API once it is registered
 * (nobs_csidh_exchange_test()): one group action per load, not two.
 *
 * Return: 0, -ENOMEM, or -EINVAL after logging which test failed.
 */
int nobs_csidh_selftest(void)
{
	struct nobs_csidh_ws *ws;
	int i, err = 0;

	ws = kmalloc(sizeof(*ws), GFP_KERNEL);
	if (!ws)
		return -ENOMEM;
	for (i = 0; i < NOBS_CSIDH_SETS && !err; i++)
		if (!nobs_csidh_sets[i].first_use)
			err = nobs_csidh_invalid_test(&nobs_csidh_sets[i], ws);
	kfree_sensitive(ws);
	return err;
}

/* The test hook test_fail_first_use: in test builds only (NOBS_TEST_HOOKS). */
#ifdef NOBS_TEST_HOOKS
static bool test_fail_first_use;
module_param(test_fail_first_use, bool, 0444);
MODULE_PARM_DESC(test_fail_first_use,
		 "Test only: csidh1024's first-use known-answer test reports -EBADMSG, so no csidh1024 transform can be made (-ELIBBAD)");
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
int nobs_csidh_first_use_test(const struct nobs_csidh_set *set)
{
	int i = set - nobs_csidh_sets, err;

	if (mutex_lock_killable(&nobs_csidh_first_use_lock))
		return -EINTR;
	if (nobs_csidh_first_use_state[i])
		goto out;
	err = test_fail_first_use ? -EBADMSG : nobs_csidh_set_selftest(set);
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

/*
 * One synchronous kpp operation: public key (in == NULL) or shared secret;
 * len: the set's public key size.
 */
static int nobs_csidh_kpp_op(struct crypto_kpp *tfm, const u8 *in, u8 *out,
			     unsigned int len)
{
	struct scatterlist src, dst;
	struct kpp_request *req;
	DECLARE_CRYPTO_WAIT(wait);
	u8 *buf;
	int err;

	/* scatterlists need linear-map memory, not the (vmapped) stack */
	buf = kzalloc(2 * len, GFP_KERNEL);
	req = kpp_request_alloc(tfm, GFP_KERNEL);
	if (!buf || !req) {
		err = -ENOMEM;
		goto out;
	}
	if (in) {
		memcpy(buf, in, len);
		sg_init_one(&src, buf, len);
		kpp_request_set_input(req, &src, len);
	} else {
		kpp_request_set_input(req, NULL, 0);
	}
	sg_init_one(&dst, buf + len, len);
	kpp_request_set_output(req, &dst, len);
	kpp_request_set_callback(req, CRYPTO_TFM_REQ_MAY_SLEEP,
				 crypto_req_done, &wait);
	err = crypto_wait_req(in ? crypto_kpp_compute_shared_secret(req) :
				   crypto_kpp_generate_public_key(req), &wait);
	if (!err && req->dst_len != len)
		err = -EINVAL;
	if (!err)
		memcpy(out, buf + len, len);
out:
	kpp_request_free(req);
	kfree_sensitive(buf);
	return err;
}

/**
 * nobs_csidh_exchange_test() - a key exchange through the crypto API
 * @set: the parameter set
 * @driver: its registered driver name
 *
 * Return: 0, or -errno after logging which step failed.
 */
int nobs_csidh_exchange_test(const struct nobs_csidh_set *set,
			     const char *driver)
{
	unsigned int len = set->pk_size;
	u8 bad[NOBS_CSIDH_MAX_PRIVATE_KEY_SIZE];
	struct crypto_kpp *a, *b = NULL;
	u8 *keys;
	int err;

	/* a's shared secret with the peer; the output of b's refused one */
	keys = kzalloc(2 * len, GFP_KERNEL);
	if (!keys)
		return -ENOMEM;
#define NOBS_KEY(n) (keys + (n) * len)
	a = crypto_alloc_kpp(driver, 0, 0);
	if (IS_ERR(a)) {
		err = PTR_ERR(a);
		a = NULL;
		goto fail;
	}
	b = crypto_alloc_kpp(driver, 0, 0);
	if (IS_ERR(b)) {
		err = PTR_ERR(b);
		b = NULL;
		goto fail;
	}
	err = -EINVAL;
	if (crypto_kpp_maxsize(a) != len)
		goto fail;

	/* malformed private keys: wrong length, a nibble out of range */
	memcpy(bad, set->kat_sk, set->sk_size);
	if (crypto_kpp_set_secret(a, bad, set->sk_size - 1) != -EINVAL)
		goto fail;
	bad[5] = set->bad_nibble;
	if (crypto_kpp_set_secret(a, bad, set->sk_size) != -EINVAL)
		goto fail;
	memzero_explicit(bad, sizeof(bad));

	if (crypto_kpp_set_secret(a, set->kat_sk, set->sk_size) ||
	    crypto_kpp_set_secret(b, NULL, 0))
		goto fail;
	err = nobs_csidh_kpp_op(a, set->kat_peer, NOBS_KEY(0), len);
	if (err)
		goto fail;
	err = -EINVAL;
	if (memcmp(NOBS_KEY(0), set->kat_ss, len))
		goto fail;
	/* The random key's transform: the invalid peer key is refused. */
	err = nobs_csidh_kpp_op(b, set->kat_invalid, NOBS_KEY(1), len);
	if (err == -ENOMEM)
		goto fail;
	err = err == -EINVAL ? 0 : -EINVAL;
fail:
#undef NOBS_KEY
	if (err)
		pr_err("%s key exchange test failed (%d)\n", set->alg, err);
	if (b)
		crypto_free_kpp(b);
	if (a)
		crypto_free_kpp(a);
	kfree_sensitive(keys);
	return err;
}
