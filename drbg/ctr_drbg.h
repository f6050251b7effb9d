/* SPDX-License-Identifier: GPL-2.0 */
/*
 * CTR_DRBG with AES-256 and no derivation function (NIST SP 800-90A Rev. 1,
 * section 10.2.1), without prediction resistance: the DRBG behind every
 * NIST PQC known-answer file.
 *
 * The core holds V, the reseed counter and nothing else.  The key lives in
 * the AES-256-CTR engine the caller provides through struct
 * nobs_ctr_drbg_ops (the kernel's ctr(aes) skcipher in the module,
 * OpenSSL's EVP AES-256-CTR in tests/user), so the module carries no AES
 * code and the key schedule is computed once per key.
 */
#ifndef NOBS_CTR_DRBG_H
#define NOBS_CTR_DRBG_H

#include <nobs/types.h>

#define NOBS_CTR_DRBG_KEYLEN		32	/* AES-256 key */
#define NOBS_CTR_DRBG_BLOCKLEN		16	/* AES block, also len(V) */
#define NOBS_CTR_DRBG_SEEDLEN		48	/* keylen + blocklen */
/* Longest personalization string / additional input accepted (no df). */
#define NOBS_CTR_DRBG_MAX_INPUT		NOBS_CTR_DRBG_SEEDLEN
/* Most bytes one Generate request may return (SP 800-90A allows 2^19 bits). */
#define NOBS_CTR_DRBG_MAX_REQUEST	65536
/* SP 800-90A Table 3: reseed_interval is at most 2^48 requests. */
#define NOBS_CTR_DRBG_MAX_INTERVAL	(1ULL << 48)

/**
 * struct nobs_ctr_drbg_ops - AES-256-CTR engine used by the core
 * @setkey:    make @key (32 bytes) the engine's key; 0 or -errno.
 * @keystream: write @len bytes (a multiple of 16, at least 16) of AES-256
 *             counter-mode keystream to @out: E(K, ctr) || E(K, ctr + 1) ||
 *             ..., where @ctr is a 16-byte big-endian counter incremented
 *             modulo 2^128.  @ctr is not modified.  0 or -errno.
 *
 * @ctx is the caller's engine context, passed back unchanged.  Neither
 * call may be made with the engine unkeyed; the core always keys it first.
 */
struct nobs_ctr_drbg_ops {
	int (*setkey)(void *ctx, const u8 *key);
	int (*keystream)(void *ctx, const u8 *ctr, u8 *out, size_t len);
};

/**
 * struct nobs_ctr_drbg - working state of one instance
 * @v:              the counter block V
 * @reseed_counter: requests since the last (re)seed, plus one
 * @reseed_interval: Generate refuses once @reseed_counter exceeds this
 * @ops:            AES-256-CTR engine (holds the key K)
 * @ctx:            engine context for @ops
 * @instantiated:   true between Instantiate and Uninstantiate
 */
struct nobs_ctr_drbg {
	u8 v[NOBS_CTR_DRBG_BLOCKLEN];
	u64 reseed_counter;
	u64 reseed_interval;
	const struct nobs_ctr_drbg_ops *ops;
	void *ctx;
	bool instantiated;
};

int nobs_ctr_drbg_instantiate(struct nobs_ctr_drbg *d,
			      const struct nobs_ctr_drbg_ops *ops, void *ctx,
			      const u8 *entropy, const u8 *pers, size_t perslen,
			      u64 reseed_interval);
int nobs_ctr_drbg_reseed(struct nobs_ctr_drbg *d, const u8 *entropy,
			 const u8 *addin, size_t addinlen);
int nobs_ctr_drbg_generate(struct nobs_ctr_drbg *d, u8 *out, size_t len,
			   const u8 *addin, size_t addinlen);
void nobs_ctr_drbg_uninstantiate(struct nobs_ctr_drbg *d);

/**
 * nobs_ctr_drbg_requests_left() - Generate requests allowed before a reseed
 * @d: an instantiated DRBG
 *
 * Return: how many more Generate calls succeed before one fails with
 * -EKEYEXPIRED (reseed required).
 */
static inline u64 nobs_ctr_drbg_requests_left(const struct nobs_ctr_drbg *d)
{
	if (d->reseed_counter > d->reseed_interval)
		return 0;
	return d->reseed_interval - d->reseed_counter + 1;
}

#endif /* NOBS_CTR_DRBG_H */
