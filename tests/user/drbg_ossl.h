/* SPDX-License-Identifier: GPL-2.0 */
/*
 * OpenSSL pieces for the CTR_DRBG harness: an AES-256-CTR engine for the
 * nobs core (struct nobs_ctr_drbg_ops over EVP) and OpenSSL's own
 * CTR-DRBG (EVP_RAND, no derivation function) as the reference.
 */
#ifndef NOBS_TEST_DRBG_OSSL_H
#define NOBS_TEST_DRBG_OSSL_H

#include <openssl/evp.h>
#include <nobs/types.h>
#include "../../drbg/ctr_drbg.h"

/* AES-256-CTR engine over one EVP_CIPHER_CTX. */
struct ossl_ctr_engine {
	EVP_CIPHER_CTX *ctx;
	EVP_CIPHER *cipher;
	int fail_after;		/* test hook: calls until -EIO, -1 = never */
};

extern const struct nobs_ctr_drbg_ops ossl_ctr_ops;
int ossl_ctr_engine_init(struct ossl_ctr_engine *e);
void ossl_ctr_engine_free(struct ossl_ctr_engine *e);

/* OpenSSL's CTR-DRBG (AES-256, no df) fed by a TEST-RAND parent. */
struct ossl_ref_drbg {
	EVP_RAND_CTX *parent;
	EVP_RAND_CTX *drbg;
};

int ossl_ref_new(struct ossl_ref_drbg *r);
void ossl_ref_free(struct ossl_ref_drbg *r);
int ossl_ref_instantiate(struct ossl_ref_drbg *r, const u8 *entropy,
			 const u8 *pers, size_t perslen);
int ossl_ref_reseed(struct ossl_ref_drbg *r, const u8 *entropy,
		    const u8 *addin, size_t addinlen);
int ossl_ref_generate(struct ossl_ref_drbg *r, u8 *out, size_t len,
		      const u8 *addin, size_t addinlen);

#endif
