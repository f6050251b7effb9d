/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Private interface between drbg_glue.c and drbg_selftest.c: the kernel's
 * ctr(aes) skcipher as the AES-256-CTR engine of the CTR_DRBG core.
 */
#ifndef NOBS_DRBG_GLUE_H
#define NOBS_DRBG_GLUE_H

#include <linux/scatterlist.h>
#include <linux/sizes.h>
#include <crypto/skcipher.h>
#include "ctr_drbg.h"

/* Keystream per skcipher call; the source is this many zero pages. */
#define NOBS_DRBG_ZERO_SG	(SZ_64K / PAGE_SIZE)
/* Bounce buffer for outputs outside the linear map (stack, vmalloc). */
#define NOBS_DRBG_BOUNCE	SZ_4K

/**
 * struct nobs_drbg_aes - one synchronous ctr(aes) engine
 * @tfm:    the AES-CTR skcipher nobs_drbg_select() chose (synchronous)
 * @req:    its request, allocated once
 * @bounce: kmalloc'ed NOBS_DRBG_BOUNCE bytes, wiped after each use
 * @src:    scatterlist of zero pages (the plaintext of the keystream)
 * @dst:    scatterlist for the destination
 */
struct nobs_drbg_aes {
	struct crypto_skcipher *tfm;
	struct skcipher_request *req;
	u8 *bounce;
	struct scatterlist src[NOBS_DRBG_ZERO_SG];
	struct scatterlist dst;
};

extern const struct nobs_ctr_drbg_ops nobs_drbg_aes_ops;
int nobs_drbg_aes_init(struct nobs_drbg_aes *aes);
void nobs_drbg_aes_exit(struct nobs_drbg_aes *aes);

#endif /* NOBS_DRBG_GLUE_H */
