// SPDX-License-Identifier: GPL-2.0
/*
 * The SHA-3 library for other kernel code (<nobs/sha3.h>): the API's
 * rules (which call may follow which, -EINVAL for misuse, wiping) over
 * the core's sponge and SP 800-185 constructions (keccak.c), on the
 * library's dispatch (keccak.h: nobs_keccak_dispatch,
 * nobs_keccak_dispatch_squeeze(), nobs_keccak_dispatch_xn()).
 *
 * Pure C like the core: the kernel links it with sha3_glue.c's dispatch
 * (the permutation chosen at load, the SIMD rules), the userspace harness
 * with its own (each permutation in turn), so tests/user runs this very
 * file against NIST's vectors.
 *
 * A context's sponge says where it is: rate 0 is a context finalised,
 * zeroized or never initialised; squeezing set means output began.
 */
#include "keccak.h"

/*
 * Refused calls that produce output leave zeros, never stale bytes (but
 * for a length no buffer can have: its bit count overflows 64 bits).
 */
static int nobs_sha3_lib_refuse(u8 *out, size_t out_len)
{
	if (out_len && out_len <= NOBS_SP800_185_MAX_LEN)
		memset(out, 0, out_len);
	return -EINVAL;
}

static bool nobs_sponge_absorbing(const struct nobs_keccak *k)
{
	return k->rate && !k->squeezing;
}

static void nobs_sponge_absorb(struct nobs_keccak *k, const u8 *in,
			       size_t len)
{
	if (len)
		nobs_keccak_absorb(k, &nobs_keccak_dispatch, in, len);
}

/* SHA3-224..512 */

static void nobs_sha3_lib_init(struct nobs_sha3_ctx *ctx,
			       unsigned int digestsize)
{
	nobs_keccak_sha3_init(&ctx->sponge, digestsize);
}

void nobs_sha3_224_init(struct nobs_sha3_ctx *ctx)
{
	nobs_sha3_lib_init(ctx, NOBS_SHA3_224_DIGEST_SIZE);
}
EXPORT_SYMBOL_NS_GPL(nobs_sha3_224_init, NOBS_NS);

void nobs_sha3_256_init(struct nobs_sha3_ctx *ctx)
{
	nobs_sha3_lib_init(ctx, NOBS_SHA3_256_DIGEST_SIZE);
}
EXPORT_SYMBOL_NS_GPL(nobs_sha3_256_init, NOBS_NS);

void nobs_sha3_384_init(struct nobs_sha3_ctx *ctx)
{
	nobs_sha3_lib_init(ctx, NOBS_SHA3_384_DIGEST_SIZE);
}
EXPORT_SYMBOL_NS_GPL(nobs_sha3_384_init, NOBS_NS);

void nobs_sha3_512_init(struct nobs_sha3_ctx *ctx)
{
	nobs_sha3_lib_init(ctx, NOBS_SHA3_512_DIGEST_SIZE);
}
EXPORT_SYMBOL_NS_GPL(nobs_sha3_512_init, NOBS_NS);

int nobs_sha3_update(struct nobs_sha3_ctx *ctx, const u8 *data, size_t len)
{
	if (!nobs_sponge_absorbing(&ctx->sponge))
		return -EINVAL;
	nobs_sponge_absorb(&ctx->sponge, data, len);
	return 0;
}
EXPORT_SYMBOL_NS_GPL(nobs_sha3_update, NOBS_NS);

int nobs_sha3_final(struct nobs_sha3_ctx *ctx, u8 *out)
{
	struct nobs_keccak *k = &ctx->sponge;

	if (!nobs_sponge_absorbing(k))
		return -EINVAL;
	/* the capacity is twice the digest: 200 - rate = 2 * digestsize */
	nobs_keccak_dispatch_squeeze(k, out, (NOBS_KECCAK_WIDTH - k->rate) / 2);
	memzero_explicit(ctx, sizeof(*ctx));
	return 0;
}
EXPORT_SYMBOL_NS_GPL(nobs_sha3_final, NOBS_NS);

void nobs_sha3_zeroize_ctx(struct nobs_sha3_ctx *ctx)
{
	memzero_explicit(ctx, sizeof(*ctx));
}
EXPORT_SYMBOL_NS_GPL(nobs_sha3_zeroize_ctx, NOBS_NS);

static void nobs_sha3_oneshot(unsigned int digestsize, const u8 *in,
			      size_t in_len, u8 *out)
{
	struct nobs_sha3_ctx ctx;

	nobs_sha3_lib_init(&ctx, digestsize);
	nobs_sha3_update(&ctx, in, in_len);
	nobs_sha3_final(&ctx, out);
}

void nobs_sha3_224(const u8 *in, size_t in_len,
		   u8 out[NOBS_SHA3_224_DIGEST_SIZE])
{
	nobs_sha3_oneshot(NOBS_SHA3_224_DIGEST_SIZE, in, in_len, out);
}
EXPORT_SYMBOL_NS_GPL(nobs_sha3_224, NOBS_NS);

void nobs_sha3_256(const u8 *in, size_t in_len,
		   u8 out[NOBS_SHA3_256_DIGEST_SIZE])
{
	nobs_sha3_oneshot(NOBS_SHA3_256_DIGEST_SIZE, in, in_len, out);
}
EXPORT_SYMBOL_NS_GPL(nobs_sha3_256, NOBS_NS);

void nobs_sha3_384(const u8 *in, size_t in_len,
		   u8 out[NOBS_SHA3_384_DIGEST_SIZE])
{
	nobs_sha3_oneshot(NOBS_SHA3_384_DIGEST_SIZE, in, in_len, out);
}
EXPORT_SYMBOL_NS_GPL(nobs_sha3_384, NOBS_NS);

void nobs_sha3_512(const u8 *in, size_t in_len,
		   u8 out[NOBS_SHA3_512_DIGEST_SIZE])
{
	nobs_sha3_oneshot(NOBS_SHA3_512_DIGEST_SIZE, in, in_len, out);
}
EXPORT_SYMBOL_NS_GPL(nobs_sha3_512, NOBS_NS);

/* SHAKE and cSHAKE */

void nobs_shake128_init(struct nobs_shake_ctx *ctx)
{
	nobs_keccak_shake_init(&ctx->sponge, 128);
}
EXPORT_SYMBOL_NS_GPL(nobs_shake128_init, NOBS_NS);

void nobs_shake256_init(struct nobs_shake_ctx *ctx)
{
	nobs_keccak_shake_init(&ctx->sponge, 256);
}
EXPORT_SYMBOL_NS_GPL(nobs_shake256_init, NOBS_NS);

static int nobs_cshake_lib_init(struct nobs_shake_ctx *ctx,
				unsigned int security, const u8 *n,
				size_t n_len, const u8 *s, size_t s_len)
{
	int ret = nobs_keccak_cshake_init(&ctx->sponge, &nobs_keccak_dispatch,
					  security, n, n_len, s, s_len);

	if (ret)
		memzero_explicit(ctx, sizeof(*ctx));
	return ret;
}

int nobs_cshake128_init(struct nobs_shake_ctx *ctx, const u8 *n, size_t n_len,
			const u8 *s, size_t s_len)
{
	return nobs_cshake_lib_init(ctx, 128, n, n_len, s, s_len);
}
EXPORT_SYMBOL_NS_GPL(nobs_cshake128_init, NOBS_NS);

int nobs_cshake256_init(struct nobs_shake_ctx *ctx, const u8 *n, size_t n_len,
			const u8 *s, size_t s_len)
{
	return nobs_cshake_lib_init(ctx, 256, n, n_len, s, s_len);
}
EXPORT_SYMBOL_NS_GPL(nobs_cshake256_init, NOBS_NS);

int nobs_shake_update(struct nobs_shake_ctx *ctx, const u8 *data, size_t len)
{
	if (!nobs_sponge_absorbing(&ctx->sponge))
		return -EINVAL;
	nobs_sponge_absorb(&ctx->sponge, data, len);
	return 0;
}
EXPORT_SYMBOL_NS_GPL(nobs_shake_update, NOBS_NS);

int nobs_shake_squeeze(struct nobs_shake_ctx *ctx, u8 *out, size_t out_len)
{
	if (!ctx->sponge.rate)
		return nobs_sha3_lib_refuse(out, out_len);
	nobs_keccak_dispatch_squeeze(&ctx->sponge, out, out_len);
	return 0;
}
EXPORT_SYMBOL_NS_GPL(nobs_shake_squeeze, NOBS_NS);

void nobs_shake_zeroize_ctx(struct nobs_shake_ctx *ctx)
{
	memzero_explicit(ctx, sizeof(*ctx));
}
EXPORT_SYMBOL_NS_GPL(nobs_shake_zeroize_ctx, NOBS_NS);

static void nobs_shake_oneshot(unsigned int security, const u8 *in,
			       size_t in_len, u8 *out, size_t out_len)
{
	struct nobs_shake_ctx ctx;

	nobs_keccak_shake_init(&ctx.sponge, security);
	nobs_shake_update(&ctx, in, in_len);
	nobs_shake_squeeze(&ctx, out, out_len);
	nobs_shake_zeroize_ctx(&ctx);
}

void nobs_shake128(const u8 *in, size_t in_len, u8 *out, size_t out_len)
{
	nobs_shake_oneshot(128, in, in_len, out, out_len);
}
EXPORT_SYMBOL_NS_GPL(nobs_shake128, NOBS_NS);

void nobs_shake256(const u8 *in, size_t in_len, u8 *out, size_t out_len)
{
	nobs_shake_oneshot(256, in, in_len, out, out_len);
}
EXPORT_SYMBOL_NS_GPL(nobs_shake256, NOBS_NS);

/*
 * KMAC and TupleHash end the same way: right_encode(L) after the input,
 * L = 8 * out_len for a final, 0 for the XOF (whose first squeeze ends
 * the input, the later ones continue the output).
 */
static int nobs_sp800_185_final(struct nobs_keccak *k, u8 *out,
				size_t out_len)
{
	if (!nobs_sponge_absorbing(k) || out_len > NOBS_SP800_185_MAX_LEN) {
		memzero_explicit(k, sizeof(*k));
		return nobs_sha3_lib_refuse(out, out_len);
	}
	nobs_keccak_end_input(k, &nobs_keccak_dispatch, out_len);
	nobs_keccak_dispatch_squeeze(k, out, out_len);
	memzero_explicit(k, sizeof(*k));
	return 0;
}

static int nobs_sp800_185_xof_squeeze(struct nobs_keccak *k, u8 *out,
				      size_t out_len)
{
	if (!k->rate)
		return nobs_sha3_lib_refuse(out, out_len);
	if (!k->squeezing)
		nobs_keccak_end_input(k, &nobs_keccak_dispatch, 0);
	nobs_keccak_dispatch_squeeze(k, out, out_len);
	return 0;
}

/* KMAC */

static int nobs_kmac_lib_init(struct nobs_kmac_ctx *ctx, unsigned int security,
			      const u8 *key, size_t key_len, const u8 *s,
			      size_t s_len)
{
	int ret = nobs_keccak_kmac_init(&ctx->sponge, &nobs_keccak_dispatch,
					security, key, key_len, s, s_len);

	if (ret)
		memzero_explicit(ctx, sizeof(*ctx));
	return ret;
}

int nobs_kmac128_init(struct nobs_kmac_ctx *ctx, const u8 *key,
		      size_t key_len, const u8 *s, size_t s_len)
{
	return nobs_kmac_lib_init(ctx, 128, key, key_len, s, s_len);
}
EXPORT_SYMBOL_NS_GPL(nobs_kmac128_init, NOBS_NS);

int nobs_kmac256_init(struct nobs_kmac_ctx *ctx, const u8 *key,
		      size_t key_len, const u8 *s, size_t s_len)
{
	return nobs_kmac_lib_init(ctx, 256, key, key_len, s, s_len);
}
EXPORT_SYMBOL_NS_GPL(nobs_kmac256_init, NOBS_NS);

int nobs_kmac_update(struct nobs_kmac_ctx *ctx, const u8 *data, size_t len)
{
	if (!nobs_sponge_absorbing(&ctx->sponge))
		return -EINVAL;
	nobs_sponge_absorb(&ctx->sponge, data, len);
	return 0;
}
EXPORT_SYMBOL_NS_GPL(nobs_kmac_update, NOBS_NS);

int nobs_kmac_final(struct nobs_kmac_ctx *ctx, u8 *out, size_t out_len)
{
	return nobs_sp800_185_final(&ctx->sponge, out, out_len);
}
EXPORT_SYMBOL_NS_GPL(nobs_kmac_final, NOBS_NS);

int nobs_kmac_xof_squeeze(struct nobs_kmac_ctx *ctx, u8 *out, size_t out_len)
{
	return nobs_sp800_185_xof_squeeze(&ctx->sponge, out, out_len);
}
EXPORT_SYMBOL_NS_GPL(nobs_kmac_xof_squeeze, NOBS_NS);

void nobs_kmac_zeroize_ctx(struct nobs_kmac_ctx *ctx)
{
	memzero_explicit(ctx, sizeof(*ctx));
}
EXPORT_SYMBOL_NS_GPL(nobs_kmac_zeroize_ctx, NOBS_NS);

/* TupleHash */

static int nobs_tuplehash_lib_init(struct nobs_tuplehash_ctx *ctx,
				   unsigned int security, const u8 *s,
				   size_t s_len)
{
	int ret = nobs_keccak_tuplehash_init(&ctx->sponge, &nobs_keccak_dispatch,
					     security, s, s_len);

	if (ret)
		memzero_explicit(ctx, sizeof(*ctx));
	return ret;
}

int nobs_tuplehash128_init(struct nobs_tuplehash_ctx *ctx, const u8 *s,
			   size_t s_len)
{
	return nobs_tuplehash_lib_init(ctx, 128, s, s_len);
}
EXPORT_SYMBOL_NS_GPL(nobs_tuplehash128_init, NOBS_NS);

int nobs_tuplehash256_init(struct nobs_tuplehash_ctx *ctx, const u8 *s,
			   size_t s_len)
{
	return nobs_tuplehash_lib_init(ctx, 256, s, s_len);
}
EXPORT_SYMBOL_NS_GPL(nobs_tuplehash256_init, NOBS_NS);

int nobs_tuplehash_add(struct nobs_tuplehash_ctx *ctx, const u8 *elem,
		       size_t len)
{
	if (!nobs_sponge_absorbing(&ctx->sponge) ||
	    len > NOBS_SP800_185_MAX_LEN)
		return -EINVAL;
	nobs_keccak_tuplehash_element(&ctx->sponge, &nobs_keccak_dispatch, elem,
				      len);
	return 0;
}
EXPORT_SYMBOL_NS_GPL(nobs_tuplehash_add, NOBS_NS);

int nobs_tuplehash_final(struct nobs_tuplehash_ctx *ctx, u8 *out,
			 size_t out_len)
{
	return nobs_sp800_185_final(&ctx->sponge, out, out_len);
}
EXPORT_SYMBOL_NS_GPL(nobs_tuplehash_final, NOBS_NS);

int nobs_tuplehash_xof_squeeze(struct nobs_tuplehash_ctx *ctx, u8 *out,
			       size_t out_len)
{
	return nobs_sp800_185_xof_squeeze(&ctx->sponge, out, out_len);
}
EXPORT_SYMBOL_NS_GPL(nobs_tuplehash_xof_squeeze, NOBS_NS);

void nobs_tuplehash_zeroize_ctx(struct nobs_tuplehash_ctx *ctx)
{
	memzero_explicit(ctx, sizeof(*ctx));
}
EXPORT_SYMBOL_NS_GPL(nobs_tuplehash_zeroize_ctx, NOBS_NS);

/* ParallelHash */

int nobs_parallelhash128_init(struct nobs_parallelhash_ctx *ctx,
			      size_t block_size, const u8 *s, size_t s_len)
{
	return nobs_keccak_parallelhash_init(ctx, &nobs_keccak_dispatch, 128,
					     block_size, s, s_len);
}
EXPORT_SYMBOL_NS_GPL(nobs_parallelhash128_init, NOBS_NS);

int nobs_parallelhash256_init(struct nobs_parallelhash_ctx *ctx,
			      size_t block_size, const u8 *s, size_t s_len)
{
	return nobs_keccak_parallelhash_init(ctx, &nobs_keccak_dispatch, 256,
					     block_size, s, s_len);
}
EXPORT_SYMBOL_NS_GPL(nobs_parallelhash256_init, NOBS_NS);

int nobs_parallelhash_update(struct nobs_parallelhash_ctx *ctx,
			     const u8 *data, size_t len)
{
	if (!nobs_sponge_absorbing(&ctx->outer))
		return -EINVAL;
	if (len)
		nobs_keccak_parallelhash_update(ctx, &nobs_keccak_dispatch,
						nobs_keccak_dispatch_xn(), data,
						len);
	return 0;
}
EXPORT_SYMBOL_NS_GPL(nobs_parallelhash_update, NOBS_NS);

int nobs_parallelhash_final(struct nobs_parallelhash_ctx *ctx, u8 *out,
			    size_t out_len)
{
	if (!nobs_sponge_absorbing(&ctx->outer) ||
	    out_len > NOBS_SP800_185_MAX_LEN) {
		memzero_explicit(ctx, sizeof(*ctx));
		return nobs_sha3_lib_refuse(out, out_len);
	}
	nobs_keccak_parallelhash_end_input(ctx, &nobs_keccak_dispatch, out_len);
	nobs_keccak_dispatch_squeeze(&ctx->outer, out, out_len);
	memzero_explicit(ctx, sizeof(*ctx));
	return 0;
}
EXPORT_SYMBOL_NS_GPL(nobs_parallelhash_final, NOBS_NS);

int nobs_parallelhash_xof_squeeze(struct nobs_parallelhash_ctx *ctx, u8 *out,
				  size_t out_len)
{
	if (!ctx->outer.rate)
		return nobs_sha3_lib_refuse(out, out_len);
	if (!ctx->outer.squeezing)
		nobs_keccak_parallelhash_end_input(ctx, &nobs_keccak_dispatch, 0);
	nobs_keccak_dispatch_squeeze(&ctx->outer, out, out_len);
	return 0;
}
EXPORT_SYMBOL_NS_GPL(nobs_parallelhash_xof_squeeze, NOBS_NS);

void nobs_parallelhash_zeroize_ctx(struct nobs_parallelhash_ctx *ctx)
{
	memzero_explicit(ctx, sizeof(*ctx));
}
EXPORT_SYMBOL_NS_GPL(nobs_parallelhash_zeroize_ctx, NOBS_NS);
