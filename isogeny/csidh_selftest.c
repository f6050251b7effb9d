// SPDX-License-Identifier: GPL-2.0
/*
 * CSIDH-512 self-tests.
 *
 * nobs_csidh_selftest(), before registration, on the core: one known
 * answer (vector 0 of csidh_testvectors.dat: private key Pr1 with the
 * peer's Pk2 gives Ss) and one invalid public key (vector 264's Pk2: in
 * range, not supersingular) that validation must refuse.  The vectors were
 * generated with the CSIDH reference implementation (test vector set
 * Copyright (c) 2020 Kris Kwiatkowski, BSD-style licence, see
 * LICENSE.nobs beside csidh_testvectors.dat).
 *
 * nobs_csidh_exchange_test(), after registration, through the crypto API:
 * one transform of our driver keyed with Pr1 (its public key must be Pk1),
 * one with a fresh random key (set_secret of length 0), which must refuse
 * the invalid peer key; malformed private keys must be refused with
 * -EINVAL.
 *
 * Two group actions in all (the core's shared secret, the transform's
 * public key): each costs 50 ms natively, several hundred on a small
 * board's generic C and over a second under QEMU/TCG, where the tests
 * load the module hundreds of times.  Exchanges between random keys, both
 * ways, are the tests' (KUnit nobs_csidh, the VM's kpp cases), not every
 * load's.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <crypto/kpp.h>
#include <linux/crypto.h>
#include <linux/module.h>
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

static const u8 nobs_csidh_kat_pk[64] = {
	0x2f, 0xd6, 0x2e, 0xa1, 0x79, 0x8c, 0x08, 0x39,
	0x38, 0x7d, 0x17, 0x58, 0x7a, 0x22, 0xdc, 0xbb,
	0x89, 0xc5, 0x79, 0x75, 0x31, 0xbb, 0x38, 0xef,
	0xf0, 0xcd, 0x50, 0x55, 0x75, 0xc9, 0x1c, 0x44,
	0x0a, 0x70, 0xe8, 0x8a, 0xa4, 0xe6, 0x7a, 0xd2,
	0x67, 0x46, 0x0e, 0x40, 0x23, 0x50, 0x76, 0xde,
	0xc6, 0xea, 0x6f, 0x7b, 0x60, 0xb5, 0x9a, 0xed,
	0x2a, 0x19, 0x9c, 0xc1, 0xeb, 0x12, 0x12, 0x3c,
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

/**
 * nobs_csidh_selftest() - known answers for the CSIDH-512 core
 *
 * Return: 0, or -EINVAL after logging which test failed.
 */
int nobs_csidh_selftest(void)
{
	u8 ss[NOBS_CSIDH_SHARED_SECRET_SIZE];
	struct nobs_csidh_env env;
	int err;

	nobs_csidh_env_init(&env, true);
	if (nobs_csidh_validate(nobs_csidh_kat_invalid) != -EINVAL ||
	    nobs_csidh_shared_secret(ss, nobs_csidh_kat_sk,
				     nobs_csidh_kat_invalid, &env) != -EINVAL) {
		pr_err("csidh512 self-test: invalid public key accepted\n");
		return -EINVAL;
	}
	err = nobs_csidh_shared_secret(ss, nobs_csidh_kat_sk,
				       nobs_csidh_kat_peer, &env);
	if (err || memcmp(ss, nobs_csidh_kat_ss, sizeof(ss))) {
		pr_err("csidh512 self-test: shared secret mismatch (%d)\n",
		       err);
		err = -EINVAL;
	}
	memzero_explicit(ss, sizeof(ss));
	return err;
}

/* One synchronous kpp operation: public key (in == NULL) or shared secret. */
static int nobs_csidh_kpp_op(struct crypto_kpp *tfm, const u8 *in, u8 *out)
{
	struct scatterlist src, dst;
	struct kpp_request *req;
	DECLARE_CRYPTO_WAIT(wait);
	u8 *buf;
	int err;

	/* scatterlists need linear-map memory, not the (vmapped) stack */
	buf = kzalloc(2 * NOBS_CSIDH_PUBLIC_KEY_SIZE, GFP_KERNEL);
	req = kpp_request_alloc(tfm, GFP_KERNEL);
	if (!buf || !req) {
		err = -ENOMEM;
		goto out;
	}
	if (in) {
		memcpy(buf, in, NOBS_CSIDH_PUBLIC_KEY_SIZE);
		sg_init_one(&src, buf, NOBS_CSIDH_PUBLIC_KEY_SIZE);
		kpp_request_set_input(req, &src, NOBS_CSIDH_PUBLIC_KEY_SIZE);
	} else {
		kpp_request_set_input(req, NULL, 0);
	}
	sg_init_one(&dst, buf + NOBS_CSIDH_PUBLIC_KEY_SIZE,
		    NOBS_CSIDH_PUBLIC_KEY_SIZE);
	kpp_request_set_output(req, &dst, NOBS_CSIDH_PUBLIC_KEY_SIZE);
	kpp_request_set_callback(req, CRYPTO_TFM_REQ_MAY_SLEEP,
				 crypto_req_done, &wait);
	err = crypto_wait_req(in ? crypto_kpp_compute_shared_secret(req) :
				   crypto_kpp_generate_public_key(req), &wait);
	if (!err && req->dst_len != NOBS_CSIDH_PUBLIC_KEY_SIZE)
		err = -EINVAL;
	if (!err)
		memcpy(out, buf + NOBS_CSIDH_PUBLIC_KEY_SIZE,
		       NOBS_CSIDH_PUBLIC_KEY_SIZE);
out:
	kpp_request_free(req);
	kfree_sensitive(buf);
	return err;
}

/**
 * nobs_csidh_exchange_test() - a key exchange through the crypto API
 *
 * Return: 0, or -errno after logging which step failed.
 */
int nobs_csidh_exchange_test(void)
{
	u8 bad[NOBS_CSIDH_PRIVATE_KEY_SIZE];
	struct crypto_kpp *a, *b = NULL;
	u8 *keys;
	int err;

	/* a's public key; the output of b's refused operation */
	keys = kzalloc(2 * NOBS_CSIDH_PUBLIC_KEY_SIZE, GFP_KERNEL);
	if (!keys)
		return -ENOMEM;
#define NOBS_KEY(n) (keys + (n) * NOBS_CSIDH_PUBLIC_KEY_SIZE)
	a = crypto_alloc_kpp(nobs_csidh_driver, 0, 0);
	if (IS_ERR(a)) {
		err = PTR_ERR(a);
		a = NULL;
		goto fail;
	}
	b = crypto_alloc_kpp(nobs_csidh_driver, 0, 0);
	if (IS_ERR(b)) {
		err = PTR_ERR(b);
		b = NULL;
		goto fail;
	}
	err = -EINVAL;
	if (crypto_kpp_maxsize(a) != NOBS_CSIDH_PUBLIC_KEY_SIZE)
		goto fail;

	/* malformed private keys: wrong length, nibble 6 */
	memcpy(bad, nobs_csidh_kat_sk, sizeof(bad));
	if (crypto_kpp_set_secret(a, bad, sizeof(bad) - 1) != -EINVAL)
		goto fail;
	bad[5] = 0x06;
	if (crypto_kpp_set_secret(a, bad, sizeof(bad)) != -EINVAL)
		goto fail;
	memzero_explicit(bad, sizeof(bad));

	if (crypto_kpp_set_secret(a, nobs_csidh_kat_sk,
				  NOBS_CSIDH_PRIVATE_KEY_SIZE) ||
	    crypto_kpp_set_secret(b, NULL, 0))
		goto fail;
	err = nobs_csidh_kpp_op(a, NULL, NOBS_KEY(0));
	if (err)
		goto fail;
	err = -EINVAL;
	if (memcmp(NOBS_KEY(0), nobs_csidh_kat_pk, NOBS_CSIDH_PUBLIC_KEY_SIZE))
		goto fail;
	/* The random key's transform: the invalid peer key is refused. */
	err = nobs_csidh_kpp_op(b, nobs_csidh_kat_invalid, NOBS_KEY(1));
	if (err == -ENOMEM)
		goto fail;
	err = err == -EINVAL ? 0 : -EINVAL;
fail:
#undef NOBS_KEY
	if (err)
		pr_err("csidh512 key exchange test failed (%d)\n", err);
	if (b)
		crypto_free_kpp(b);
	if (a)
		crypto_free_kpp(a);
	kfree_sensitive(keys);
	return err;
}
