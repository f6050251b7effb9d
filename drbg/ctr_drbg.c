// SPDX-License-Identifier: GPL-2.0
/*
 * CTR_DRBG, AES-256, no derivation function: NIST SP 800-90A Rev. 1,
 * sections 10.2.1.2 (Update), 10.2.1.3.1 (Instantiate), 10.2.1.4.1
 * (Reseed) and 10.2.1.5.1 (Generate).
 *
 * V is incremented over its full 128 bits (ctr_len = blocklen), which is
 * what a plain AES-CTR engine does, so a request's output blocks and the
 * three blocks of the Update that follows it are one run of keystream:
 * E(K, V+1) .. E(K, V+n) for the output, E(K, V+n+1) .. E(K, V+n+3) for
 * the new K || V.  Short requests get both from a single keystream call;
 * long ones write the whole blocks straight into the caller's buffer and
 * take the partial block and the Update bytes from a second call.  Each
 * request keys the engine exactly once (twice with additional input),
 * which the algorithm requires.
 */

#include <nobs/types.h>
#include "ctr_drbg.h"

#define BLK	NOBS_CTR_DRBG_BLOCKLEN
#define SEEDLEN	NOBS_CTR_DRBG_SEEDLEN

/* Requests up to this many bytes are served with one keystream call. */
#define SHORT_REQUEST	128

/* out = v + n (mod 2^128), both 16-byte big-endian; out may be v. */
static void ctr_add(u8 *out, const u8 *v, u64 n)
{
	unsigned int carry = 0;
	int i;

	for (i = BLK - 1; i >= 0; i--) {
		carry += v[i] + (unsigned int)(n & 0xff);
		n >>= 8;
		out[i] = (u8)carry;
		carry >>= 8;
	}
}

static void xor_bytes(u8 *dst, const u8 *src, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		dst[i] ^= src[i];
}

/*
 * Finish CTR_DRBG_Update: @temp holds the 48 keystream bytes E(K, V+1..3)
 * of the current key; XOR in @provided (NULL stands for 0^seedlen), then
 * K = leftmost 32 bytes, V = rightmost 16.  @temp is wiped.
 */
static int update_finish(struct nobs_ctr_drbg *d, u8 *temp, const u8 *provided)
{
	int err;

	if (provided)
		xor_bytes(temp, provided, SEEDLEN);
	err = d->ops->setkey(d->ctx, temp);
	memcpy(d->v, temp + NOBS_CTR_DRBG_KEYLEN, BLK);
	memzero_explicit(temp, SEEDLEN);
	return err;
}

/* CTR_DRBG_Update(provided_data, K, V) with K already in the engine. */
static int update(struct nobs_ctr_drbg *d, const u8 *provided)
{
	u8 temp[SEEDLEN];
	u8 ctr[BLK];
	int err;

	ctr_add(ctr, d->v, 1);
	err = d->ops->keystream(d->ctx, ctr, temp, SEEDLEN);
	if (!err)
		err = update_finish(d, temp, provided);
	memzero_explicit(temp, sizeof(temp));
	memzero_explicit(ctr, sizeof(ctr));
	return err;
}

/* Left-align @in (@len <= 48 bytes) in a zero-padded 48-byte block. */
static void pad_input(u8 *block, const u8 *in, size_t len)
{
	memset(block, 0, SEEDLEN);
	if (len)
		memcpy(block, in, len);
}

/* An engine failure leaves K unknown: the instance must be seeded again. */
static int engine_failed(struct nobs_ctr_drbg *d, int err)
{
	nobs_ctr_drbg_uninstantiate(d);
	return err;
}

/**
 * nobs_ctr_drbg_instantiate() - CTR_DRBG_Instantiate_algorithm, no df
 * @d:       state to fill (any previous contents are overwritten)
 * @ops:     AES-256-CTR engine
 * @ctx:     engine context passed to @ops
 * @entropy: 48 bytes of entropy input
 * @pers:    personalization string (may be NULL when @perslen is 0)
 * @perslen: 0..48 bytes
 * @reseed_interval: Generate requests allowed between (re)seeds, 1..2^48
 *
 * Return: 0, -EINVAL for bad lengths or interval, or the engine's -errno.
 */
int nobs_ctr_drbg_instantiate(struct nobs_ctr_drbg *d,
			      const struct nobs_ctr_drbg_ops *ops, void *ctx,
			      const u8 *entropy, const u8 *pers, size_t perslen,
			      u64 reseed_interval)
{
	static const u8 zero_key[NOBS_CTR_DRBG_KEYLEN];
	u8 seed[SEEDLEN];
	int err;

	d->instantiated = false;
	if (!ops || !entropy || perslen > NOBS_CTR_DRBG_MAX_INPUT ||
	    (perslen && !pers) || !reseed_interval ||
	    reseed_interval > NOBS_CTR_DRBG_MAX_INTERVAL)
		return -EINVAL;

	d->ops = ops;
	d->ctx = ctx;
	d->reseed_interval = reseed_interval;

	pad_input(seed, pers, perslen);
	xor_bytes(seed, entropy, SEEDLEN);

	/* Key = 0^keylen, V = 0^blocklen, then Update(seed_material). */
	memset(d->v, 0, BLK);
	err = ops->setkey(ctx, zero_key);
	if (!err)
		err = update(d, seed);
	memzero_explicit(seed, sizeof(seed));
	if (err)
		return engine_failed(d, err);

	d->reseed_counter = 1;
	d->instantiated = true;
	return 0;
}

/**
 * nobs_ctr_drbg_reseed() - CTR_DRBG_Reseed_algorithm, no df
 * @d:        an instantiated DRBG
 * @entropy:  48 bytes of entropy input
 * @addin:    additional input (may be NULL when @addinlen is 0)
 * @addinlen: 0..48 bytes
 *
 * Return: 0, -EINVAL for bad lengths or an uninstantiated @d, or the
 * engine's -errno (the instance is then uninstantiated).
 */
int nobs_ctr_drbg_reseed(struct nobs_ctr_drbg *d, const u8 *entropy,
			 const u8 *addin, size_t addinlen)
{
	u8 seed[SEEDLEN];
	int err;

	if (!d->instantiated || !entropy ||
	    addinlen > NOBS_CTR_DRBG_MAX_INPUT || (addinlen && !addin))
		return -EINVAL;

	pad_input(seed, addin, addinlen);
	xor_bytes(seed, entropy, SEEDLEN);
	err = update(d, seed);
	memzero_explicit(seed, sizeof(seed));
	if (err)
		return engine_failed(d, err);

	d->reseed_counter = 1;
	return 0;
}

/**
 * nobs_ctr_drbg_generate() - CTR_DRBG_Generate_algorithm, no df
 * @d:        an instantiated DRBG
 * @out:      where to write @len bytes
 * @len:      0..65536 bytes
 * @addin:    additional input (may be NULL when @addinlen is 0)
 * @addinlen: 0..48 bytes; 0 means none
 *
 * One SP 800-90A request: optional Update with the additional input,
 * ceil(len / 16) blocks of output, Update, reseed counter + 1.
 *
 * Return: 0; -EINVAL for bad lengths or an uninstantiated @d;
 * -EKEYEXPIRED when the reseed interval is used up (reseed required, no
 * output and no state change); or the engine's -errno (@out is zeroed and
 * the instance uninstantiated).
 */
int nobs_ctr_drbg_generate(struct nobs_ctr_drbg *d, u8 *out, size_t len,
			   const u8 *addin, size_t addinlen)
{
	u8 buf[SHORT_REQUEST + SEEDLEN];
	u8 add[SEEDLEN];
	const u8 *provided = NULL;
	size_t whole = len & ~(size_t)(BLK - 1);
	size_t padded = (len + BLK - 1) & ~(size_t)(BLK - 1);
	u8 ctr[BLK];
	int err;

	BUILD_BUG_ON(SHORT_REQUEST % BLK);
	if (!d->instantiated || len > NOBS_CTR_DRBG_MAX_REQUEST ||
	    (len && !out) || addinlen > NOBS_CTR_DRBG_MAX_INPUT ||
	    (addinlen && !addin))
		return -EINVAL;
	if (d->reseed_counter > d->reseed_interval)
		return -EKEYEXPIRED;

	if (addinlen) {
		pad_input(add, addin, addinlen);
		provided = add;
		err = update(d, add);
		if (err)
			goto fail;
	}

	ctr_add(ctr, d->v, 1);
	if (padded <= SHORT_REQUEST) {
		/* Output and the next K || V from one keystream call. */
		err = d->ops->keystream(d->ctx, ctr, buf, padded + SEEDLEN);
		if (err)
			goto fail;
		if (len)
			memcpy(out, buf, len);
		err = update_finish(d, buf + padded, provided);
	} else {
		size_t tail = padded - whole + SEEDLEN;

		err = d->ops->keystream(d->ctx, ctr, out, whole);
		if (err)
			goto fail;
		ctr_add(ctr, ctr, whole / BLK);
		err = d->ops->keystream(d->ctx, ctr, buf, tail);
		if (err)
			goto fail;
		memcpy(out + whole, buf, len - whole);
		err = update_finish(d, buf + tail - SEEDLEN, provided);
	}
	if (err)
		goto fail;

	d->reseed_counter++;
	memzero_explicit(buf, sizeof(buf));
	memzero_explicit(add, sizeof(add));
	memzero_explicit(ctr, sizeof(ctr));
	return 0;

fail:
	if (len)
		memzero_explicit(out, len);
	memzero_explicit(buf, sizeof(buf));
	memzero_explicit(add, sizeof(add));
	memzero_explicit(ctr, sizeof(ctr));
	return engine_failed(d, err);
}

/**
 * nobs_ctr_drbg_uninstantiate() - wipe the working state
 * @d: DRBG state (instantiated or not)
 *
 * Overwrites the engine's key with zeros when an engine is attached and
 * clears V, the counters and the instantiated flag.
 */
void nobs_ctr_drbg_uninstantiate(struct nobs_ctr_drbg *d)
{
	static const u8 zero_key[NOBS_CTR_DRBG_KEYLEN];

	if (d->ops)
		d->ops->setkey(d->ctx, zero_key);
	memzero_explicit(d, sizeof(*d));
}
