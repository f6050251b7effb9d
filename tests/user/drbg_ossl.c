// SPDX-License-Identifier: GPL-2.0
/*
 * OpenSSL glue for the CTR_DRBG harness (see drbg_ossl.h).
 */
#include <string.h>
#include <openssl/core_names.h>
#include <openssl/params.h>
#include <openssl/rand.h>
#include "drbg_ossl.h"

/* Keystream = AES-CTR encryption of zeros, read from this buffer. */
#define ZERO_CHUNK 4096
static const u8 zeros[ZERO_CHUNK];

static int engine_tick(struct ossl_ctr_engine *e)
{
	if (e->fail_after < 0)
		return 0;
	if (e->fail_after == 0)
		return -EIO;
	e->fail_after--;
	return 0;
}

static int ossl_setkey(void *ctx, const u8 *key)
{
	struct ossl_ctr_engine *e = ctx;

	if (engine_tick(e))
		return -EIO;
	if (!EVP_EncryptInit_ex2(e->ctx, NULL, key, NULL, NULL))
		return -EIO;
	return 0;
}

static int ossl_keystream(void *ctx, const u8 *ctr, u8 *out, size_t len)
{
	struct ossl_ctr_engine *e = ctx;
	int outl;

	if (engine_tick(e))
		return -EIO;
	if (len % 16 || !EVP_EncryptInit_ex2(e->ctx, NULL, NULL, ctr, NULL))
		return -EIO;
	while (len) {
		size_t n = len < ZERO_CHUNK ? len : ZERO_CHUNK;

		if (!EVP_EncryptUpdate(e->ctx, out, &outl, zeros, (int)n) ||
		    (size_t)outl != n)
			return -EIO;
		out += n;
		len -= n;
	}
	return 0;
}

const struct nobs_ctr_drbg_ops ossl_ctr_ops = {
	.setkey = ossl_setkey,
	.keystream = ossl_keystream,
};

int ossl_ctr_engine_init(struct ossl_ctr_engine *e)
{
	static const u8 k[32], iv[16];

	e->fail_after = -1;
	e->ctx = EVP_CIPHER_CTX_new();
	e->cipher = EVP_CIPHER_fetch(NULL, "AES-256-CTR", NULL);
	if (!e->ctx || !e->cipher ||
	    !EVP_EncryptInit_ex2(e->ctx, e->cipher, k, iv, NULL)) {
		ossl_ctr_engine_free(e);
		return -1;
	}
	return 0;
}

void ossl_ctr_engine_free(struct ossl_ctr_engine *e)
{
	EVP_CIPHER_CTX_free(e->ctx);
	EVP_CIPHER_free(e->cipher);
	e->ctx = NULL;
	e->cipher = NULL;
}

int ossl_ref_new(struct ossl_ref_drbg *r)
{
	unsigned int strength = 256;
	int use_df = 0;
	unsigned int reseed_requests = 0;	/* never reseed on its own */
	time_t reseed_time = 0;
	OSSL_PARAM pp[2], dp[5];
	EVP_RAND *test, *ctr;

	memset(r, 0, sizeof(*r));
	test = EVP_RAND_fetch(NULL, "TEST-RAND", NULL);
	ctr = EVP_RAND_fetch(NULL, "CTR-DRBG", NULL);
	if (!test || !ctr)
		goto fail;
	r->parent = EVP_RAND_CTX_new(test, NULL);
	if (!r->parent)
		goto fail;
	pp[0] = OSSL_PARAM_construct_uint(OSSL_RAND_PARAM_STRENGTH, &strength);
	pp[1] = OSSL_PARAM_construct_end();
	if (!EVP_RAND_CTX_set_params(r->parent, pp) ||
	    !EVP_RAND_instantiate(r->parent, strength, 0, NULL, 0, NULL))
		goto fail;
	r->drbg = EVP_RAND_CTX_new(ctr, r->parent);
	if (!r->drbg)
		goto fail;
	dp[0] = OSSL_PARAM_construct_utf8_string(OSSL_DRBG_PARAM_CIPHER,
						 "AES-256-CTR", 0);
	dp[1] = OSSL_PARAM_construct_int(OSSL_DRBG_PARAM_USE_DF, &use_df);
	dp[2] = OSSL_PARAM_construct_uint(OSSL_DRBG_PARAM_RESEED_REQUESTS,
					  &reseed_requests);
	dp[3] = OSSL_PARAM_construct_time_t(OSSL_DRBG_PARAM_RESEED_TIME_INTERVAL,
					    &reseed_time);
	dp[4] = OSSL_PARAM_construct_end();
	if (!EVP_RAND_CTX_set_params(r->drbg, dp))
		goto fail;
	EVP_RAND_free(test);
	EVP_RAND_free(ctr);
	return 0;
fail:
	EVP_RAND_free(test);
	EVP_RAND_free(ctr);
	ossl_ref_free(r);
	return -1;
}

void ossl_ref_free(struct ossl_ref_drbg *r)
{
	EVP_RAND_CTX_free(r->drbg);
	EVP_RAND_CTX_free(r->parent);
	r->drbg = NULL;
	r->parent = NULL;
}

static int set_entropy(struct ossl_ref_drbg *r, const u8 *entropy)
{
	OSSL_PARAM p[2];

	p[0] = OSSL_PARAM_construct_octet_string(OSSL_RAND_PARAM_TEST_ENTROPY,
						 (void *)entropy, 48);
	p[1] = OSSL_PARAM_construct_end();
	return EVP_RAND_CTX_set_params(r->parent, p) ? 0 : -1;
}

int ossl_ref_instantiate(struct ossl_ref_drbg *r, const u8 *entropy,
			 const u8 *pers, size_t perslen)
{
	static const u8 empty[1];

	/* NULL personalization makes OpenSSL use its own default string. */
	if (set_entropy(r, entropy))
		return -1;
	EVP_RAND_uninstantiate(r->drbg);
	return EVP_RAND_instantiate(r->drbg, 256, 0, perslen ? pers : empty,
				    perslen, NULL) ? 0 : -1;
}

int ossl_ref_reseed(struct ossl_ref_drbg *r, const u8 *entropy,
		    const u8 *addin, size_t addinlen)
{
	if (set_entropy(r, entropy))
		return -1;
	return EVP_RAND_reseed(r->drbg, 0, NULL, 0, addin, addinlen) ? 0 : -1;
}

int ossl_ref_generate(struct ossl_ref_drbg *r, u8 *out, size_t len,
		      const u8 *addin, size_t addinlen)
{
	return EVP_RAND_generate(r->drbg, out, len, 256, 0, addin,
				 addinlen) ? 0 : -1;
}
