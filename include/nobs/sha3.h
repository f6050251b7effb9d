/* SPDX-License-Identifier: GPL-2.0 */
/*
 * nobs's SHA-3 library: SHA3-224..512 and SHAKE128/256 (FIPS 202), and
 * cSHAKE, KMAC, TupleHash and ParallelHash (NIST SP 800-185), for other
 * kernel code.  The shapes are those of mainline's <crypto/sha3.h> (6.19
 * and later) with a nobs_ prefix: a context the caller owns (on the stack
 * or inside its own structure, fixed size, no pointers to the caller's
 * buffers), *_init(), *_update(), *_final() or *_squeeze(), and
 * *_zeroize_ctx().
 *
 * The functions are exported by nobs.ko in the NOBS symbol namespace:
 * a module that calls them imports it with NOBS_IMPORT_NS() (below),
 * whatever MODULE_IMPORT_NS() takes on the kernel (NOBS as a string from
 * 6.13 on, a bare name before).  They use the Keccak permutation nobs
 * chose at load and follow its SIMD rules: vector registers only where
 * crypto_simd_usable() says so, in bounded sections, the scalar code
 * otherwise.  So each runs in any context, hard and soft interrupts
 * included, and never sleeps.
 *
 * Strings are byte strings: lengths are in bytes, and SP 800-185's bit
 * strings of other lengths are not supported.  Misuse a caller can make
 * (input after output began, a context that was finalised or zeroized,
 * a ParallelHash block size of 0, a length whose bit count overflows 64
 * bits) returns -EINVAL and changes nothing, and any output asked for is
 * zeroed.  Every *_final() wipes its context; a context that is dropped
 * without a final should be wiped with its *_zeroize_ctx().
 */
#ifndef NOBS_SHA3_H
#define NOBS_SHA3_H

#include <linux/types.h>	/* the harness: tests/user/compat/linux/ */

/**
 * NOBS_IMPORT_NS() - import the namespace of the functions below
 *
 * Once in a module that calls them, beside its MODULE_LICENSE()
 * (<linux/module.h>): ``NOBS_IMPORT_NS();``.  MODULE_IMPORT_NS() takes an
 * identifier before 6.13 and a string literal since, and both write the
 * same import_ns tag into the module's .modinfo; this writes it directly,
 * so one spelling builds on every kernel.
 */
#define NOBS_IMPORT_NS() MODULE_INFO(import_ns, "NOBS")

#define NOBS_SHA3_224_DIGEST_SIZE	28
#define NOBS_SHA3_256_DIGEST_SIZE	32
#define NOBS_SHA3_384_DIGEST_SIZE	48
#define NOBS_SHA3_512_DIGEST_SIZE	64

/**
 * struct nobs_keccak - the sponge inside every context (private)
 * @st:        the 25 lanes of Keccak-f[1600]
 * @rate:      block size in bytes (72..168, a multiple of 8); 0 in a
 *             context that was never initialised, finalised or zeroized
 * @pos:       absorbing: bytes of the current block already XORed in
 *             (< @rate); squeezing: bytes of the current block already
 *             output (<= @rate)
 * @dsbyte:    domain-separation byte XORed at padding time
 * @squeezing: 0 while absorbing, 1 once padded
 *
 * Input is XORed straight into @st: there is no block buffer.  The shash
 * drivers' descriptor is this structure too (208 bytes).
 */
struct nobs_keccak {
	u64 st[25];
	u8 rate;
	u8 pos;
	u8 dsbyte;
	u8 squeezing;
};

/** struct nobs_sha3_ctx - a SHA3-224, -256, -384 or -512 computation */
struct nobs_sha3_ctx {
	struct nobs_keccak sponge;
};

/** struct nobs_shake_ctx - a SHAKE128/256 or cSHAKE128/256 computation */
struct nobs_shake_ctx {
	struct nobs_keccak sponge;
};

/** struct nobs_kmac_ctx - a KMAC128/256 or KMACXOF128/256 computation */
struct nobs_kmac_ctx {
	struct nobs_keccak sponge;
};

/** struct nobs_tuplehash_ctx - a TupleHash128/256 (or XOF) computation */
struct nobs_tuplehash_ctx {
	struct nobs_keccak sponge;
};

/**
 * struct nobs_parallelhash_ctx - a ParallelHash128/256 (or XOF) computation
 * @outer:      cSHAKE(N = "ParallelHash", S) over the chained values
 * @leaf:       SHAKE over the current block of the message
 * @block_size: B, in bytes
 * @leaf_len:   bytes of the current block absorbed into @leaf (< B)
 * @blocks:     blocks finished so far (n)
 *
 * The members are private.  About 440 bytes: a kernel caller may prefer
 * to allocate it rather than put it on its stack.
 */
struct nobs_parallelhash_ctx {
	struct nobs_keccak outer;
	struct nobs_keccak leaf;
	u64 block_size;
	u64 leaf_len;
	u64 blocks;
};

/* SHA3-224..512 (FIPS 202) */

/**
 * nobs_sha3_224_init() - start a SHA3-224 computation
 * @ctx: the context to initialise
 *
 * Context: Any context.
 */
void nobs_sha3_224_init(struct nobs_sha3_ctx *ctx);

/**
 * nobs_sha3_256_init() - start a SHA3-256 computation
 * @ctx: the context to initialise
 *
 * Context: Any context.
 */
void nobs_sha3_256_init(struct nobs_sha3_ctx *ctx);

/**
 * nobs_sha3_384_init() - start a SHA3-384 computation
 * @ctx: the context to initialise
 *
 * Context: Any context.
 */
void nobs_sha3_384_init(struct nobs_sha3_ctx *ctx);

/**
 * nobs_sha3_512_init() - start a SHA3-512 computation
 * @ctx: the context to initialise
 *
 * Context: Any context.
 */
void nobs_sha3_512_init(struct nobs_sha3_ctx *ctx);

/**
 * nobs_sha3_update() - absorb message bytes
 * @ctx:  a context from nobs_sha3_*_init()
 * @data: the bytes (may be NULL when @len is 0)
 * @len:  their number; the message may come in any number of pieces
 *
 * Context: Any context.
 * Return: 0, or -EINVAL if @ctx was finalised or zeroized.
 */
int nobs_sha3_update(struct nobs_sha3_ctx *ctx, const u8 *data, size_t len);

/**
 * nobs_sha3_final() - write the digest and wipe the context
 * @ctx: a context from nobs_sha3_*_init()
 * @out: the digest: 28, 32, 48 or 64 bytes as the init chose
 *
 * Context: Any context.
 * Return: 0, or -EINVAL if @ctx was finalised or zeroized (@out is then
 * left as it is: its size is not known).
 */
int nobs_sha3_final(struct nobs_sha3_ctx *ctx, u8 *out);

/**
 * nobs_sha3_zeroize_ctx() - wipe a context that will not be finalised
 * @ctx: the context
 *
 * Context: Any context.
 */
void nobs_sha3_zeroize_ctx(struct nobs_sha3_ctx *ctx);

/**
 * nobs_sha3_224() - SHA3-224 of a buffer
 * @in:     the message
 * @in_len: its length in bytes
 * @out:    the digest
 *
 * Context: Any context.
 */
void nobs_sha3_224(const u8 *in, size_t in_len,
		   u8 out[NOBS_SHA3_224_DIGEST_SIZE]);

/**
 * nobs_sha3_256() - SHA3-256 of a buffer
 * @in:     the message
 * @in_len: its length in bytes
 * @out:    the digest
 *
 * Context: Any context.
 */
void nobs_sha3_256(const u8 *in, size_t in_len,
		   u8 out[NOBS_SHA3_256_DIGEST_SIZE]);

/**
 * nobs_sha3_384() - SHA3-384 of a buffer
 * @in:     the message
 * @in_len: its length in bytes
 * @out:    the digest
 *
 * Context: Any context.
 */
void nobs_sha3_384(const u8 *in, size_t in_len,
		   u8 out[NOBS_SHA3_384_DIGEST_SIZE]);

/**
 * nobs_sha3_512() - SHA3-512 of a buffer
 * @in:     the message
 * @in_len: its length in bytes
 * @out:    the digest
 *
 * Context: Any context.
 */
void nobs_sha3_512(const u8 *in, size_t in_len,
		   u8 out[NOBS_SHA3_512_DIGEST_SIZE]);

/* SHAKE128/256 (FIPS 202) and cSHAKE128/256 (SP 800-185 3) */

/**
 * nobs_shake128_init() - start a SHAKE128 computation
 * @ctx: the context to initialise
 *
 * Context: Any context.
 */
void nobs_shake128_init(struct nobs_shake_ctx *ctx);

/**
 * nobs_shake256_init() - start a SHAKE256 computation
 * @ctx: the context to initialise
 *
 * Context: Any context.
 */
void nobs_shake256_init(struct nobs_shake_ctx *ctx);

/**
 * nobs_cshake128_init() - start a cSHAKE128 computation
 * @ctx:   the context to initialise (a SHAKE context)
 * @n:     function name N (may be NULL when @n_len is 0)
 * @n_len: its length in bytes
 * @s:     customization string S (may be NULL when @s_len is 0)
 * @s_len: its length in bytes
 *
 * With N and S both empty this is SHAKE128, as SP 800-185 says.  Then
 * nobs_shake_update() and nobs_shake_squeeze().
 *
 * Context: Any context.
 * Return: 0, or -EINVAL if a length in bits overflows 64 bits (@ctx is
 * then zeroed).
 */
int nobs_cshake128_init(struct nobs_shake_ctx *ctx, const u8 *n, size_t n_len,
			const u8 *s, size_t s_len);

/**
 * nobs_cshake256_init() - start a cSHAKE256 computation
 * @ctx:   the context to initialise (a SHAKE context)
 * @n:     function name N (may be NULL when @n_len is 0)
 * @n_len: its length in bytes
 * @s:     customization string S (may be NULL when @s_len is 0)
 * @s_len: its length in bytes
 *
 * As nobs_cshake128_init(), at the 256-bit security level.
 *
 * Context: Any context.
 * Return: 0, or -EINVAL if a length in bits overflows 64 bits.
 */
int nobs_cshake256_init(struct nobs_shake_ctx *ctx, const u8 *n, size_t n_len,
			const u8 *s, size_t s_len);

/**
 * nobs_shake_update() - absorb message bytes
 * @ctx:  a SHAKE or cSHAKE context
 * @data: the bytes (may be NULL when @len is 0)
 * @len:  their number; the message may come in any number of pieces
 *
 * Context: Any context.
 * Return: 0, or -EINVAL once output was squeezed, or if @ctx was zeroized.
 */
int nobs_shake_update(struct nobs_shake_ctx *ctx, const u8 *data, size_t len);

/**
 * nobs_shake_squeeze() - produce output
 * @ctx:     a SHAKE or cSHAKE context
 * @out:     the output
 * @out_len: its length in bytes
 *
 * The first call ends the input.  Successive calls continue the same
 * output stream: squeezing 10 then 20 bytes gives the 30 bytes that one
 * squeeze of 30 gives.  Wipe the context with nobs_shake_zeroize_ctx()
 * when done.
 *
 * Context: Any context.
 * Return: 0, or -EINVAL if @ctx was zeroized (@out is then zeroed).
 */
int nobs_shake_squeeze(struct nobs_shake_ctx *ctx, u8 *out, size_t out_len);

/**
 * nobs_shake_zeroize_ctx() - wipe a SHAKE or cSHAKE context
 * @ctx: the context
 *
 * Context: Any context.
 */
void nobs_shake_zeroize_ctx(struct nobs_shake_ctx *ctx);

/**
 * nobs_shake128() - SHAKE128 of a buffer
 * @in:      the message
 * @in_len:  its length in bytes
 * @out:     the output
 * @out_len: its length in bytes
 *
 * Context: Any context.
 */
void nobs_shake128(const u8 *in, size_t in_len, u8 *out, size_t out_len);

/**
 * nobs_shake256() - SHAKE256 of a buffer
 * @in:      the message
 * @in_len:  its length in bytes
 * @out:     the output
 * @out_len: its length in bytes
 *
 * Context: Any context.
 */
void nobs_shake256(const u8 *in, size_t in_len, u8 *out, size_t out_len);

/* KMAC128/256 and KMACXOF128/256 (SP 800-185 4) */

/**
 * nobs_kmac128_init() - start a KMAC128 computation
 * @ctx:     the context to initialise
 * @key:     key K (may be NULL when @key_len is 0)
 * @key_len: its length in bytes (SP 800-185 allows 0)
 * @s:       customization string S (may be NULL when @s_len is 0)
 * @s_len:   its length in bytes
 *
 * The context holds key material: finalise it or zeroize it.
 *
 * Context: Any context.
 * Return: 0, or -EINVAL if a length in bits overflows 64 bits (@ctx is
 * then zeroed).
 */
int nobs_kmac128_init(struct nobs_kmac_ctx *ctx, const u8 *key,
		      size_t key_len, const u8 *s, size_t s_len);

/**
 * nobs_kmac256_init() - start a KMAC256 computation
 * @ctx:     the context to initialise
 * @key:     key K (may be NULL when @key_len is 0)
 * @key_len: its length in bytes
 * @s:       customization string S (may be NULL when @s_len is 0)
 * @s_len:   its length in bytes
 *
 * Context: Any context.
 * Return: 0, or -EINVAL if a length in bits overflows 64 bits.
 */
int nobs_kmac256_init(struct nobs_kmac_ctx *ctx, const u8 *key,
		      size_t key_len, const u8 *s, size_t s_len);

/**
 * nobs_kmac_update() - absorb message bytes
 * @ctx:  a KMAC context
 * @data: the bytes (may be NULL when @len is 0)
 * @len:  their number; the message may come in any number of pieces
 *
 * Context: Any context.
 * Return: 0, or -EINVAL after nobs_kmac_xof_squeeze(), or if @ctx was
 * finalised or zeroized.
 */
int nobs_kmac_update(struct nobs_kmac_ctx *ctx, const u8 *data, size_t len);

/**
 * nobs_kmac_final() - write the MAC and wipe the context
 * @ctx:     a KMAC context
 * @out:     the MAC
 * @out_len: its length in bytes, any; L = 8 * @out_len is part of the MAC
 *
 * Context: Any context.
 * Return: 0, or -EINVAL after nobs_kmac_xof_squeeze(), or if @ctx was
 * finalised or zeroized (@out is then zeroed, and @ctx wiped).
 */
int nobs_kmac_final(struct nobs_kmac_ctx *ctx, u8 *out, size_t out_len);

/**
 * nobs_kmac_xof_squeeze() - produce KMACXOF output
 * @ctx:     a KMAC context
 * @out:     the output
 * @out_len: its length in bytes
 *
 * The first call ends the input (with L = 0: KMACXOF128/256); successive
 * calls continue the same output stream.  Wipe the context with
 * nobs_kmac_zeroize_ctx() when done.
 *
 * Context: Any context.
 * Return: 0, or -EINVAL if @ctx was finalised or zeroized (@out is then
 * zeroed).
 */
int nobs_kmac_xof_squeeze(struct nobs_kmac_ctx *ctx, u8 *out, size_t out_len);

/**
 * nobs_kmac_zeroize_ctx() - wipe a KMAC context
 * @ctx: the context
 *
 * Context: Any context.
 */
void nobs_kmac_zeroize_ctx(struct nobs_kmac_ctx *ctx);

/* TupleHash128/256 and TupleHashXOF128/256 (SP 800-185 5) */

/**
 * nobs_tuplehash128_init() - start a TupleHash128 computation
 * @ctx:   the context to initialise
 * @s:     customization string S (may be NULL when @s_len is 0)
 * @s_len: its length in bytes
 *
 * Context: Any context.
 * Return: 0, or -EINVAL if a length in bits overflows 64 bits (@ctx is
 * then zeroed).
 */
int nobs_tuplehash128_init(struct nobs_tuplehash_ctx *ctx, const u8 *s,
			   size_t s_len);

/**
 * nobs_tuplehash256_init() - start a TupleHash256 computation
 * @ctx:   the context to initialise
 * @s:     customization string S (may be NULL when @s_len is 0)
 * @s_len: its length in bytes
 *
 * Context: Any context.
 * Return: 0, or -EINVAL if a length in bits overflows 64 bits.
 */
int nobs_tuplehash256_init(struct nobs_tuplehash_ctx *ctx, const u8 *s,
			   size_t s_len);

/**
 * nobs_tuplehash_add() - add one element to the tuple
 * @ctx:  a TupleHash context
 * @elem: the element (may be NULL when @len is 0; an empty element counts)
 * @len:  its length in bytes
 *
 * One call per element: the element is encoded with its length, so it
 * cannot be given in pieces.
 *
 * Context: Any context.
 * Return: 0, or -EINVAL after nobs_tuplehash_xof_squeeze(), if @ctx was
 * finalised or zeroized, or if @len in bits overflows 64 bits.
 */
int nobs_tuplehash_add(struct nobs_tuplehash_ctx *ctx, const u8 *elem,
		       size_t len);

/**
 * nobs_tuplehash_final() - write the hash and wipe the context
 * @ctx:     a TupleHash context
 * @out:     the hash
 * @out_len: its length in bytes, any; L = 8 * @out_len is part of the hash
 *
 * Context: Any context.
 * Return: 0, or -EINVAL after nobs_tuplehash_xof_squeeze(), or if @ctx
 * was finalised or zeroized (@out is then zeroed, and @ctx wiped).
 */
int nobs_tuplehash_final(struct nobs_tuplehash_ctx *ctx, u8 *out,
			 size_t out_len);

/**
 * nobs_tuplehash_xof_squeeze() - produce TupleHashXOF output
 * @ctx:     a TupleHash context
 * @out:     the output
 * @out_len: its length in bytes
 *
 * The first call ends the tuple (L = 0); successive calls continue the
 * same output stream.  Wipe the context with nobs_tuplehash_zeroize_ctx()
 * when done.
 *
 * Context: Any context.
 * Return: 0, or -EINVAL if @ctx was finalised or zeroized (@out is then
 * zeroed).
 */
int nobs_tuplehash_xof_squeeze(struct nobs_tuplehash_ctx *ctx, u8 *out,
			       size_t out_len);

/**
 * nobs_tuplehash_zeroize_ctx() - wipe a TupleHash context
 * @ctx: the context
 *
 * Context: Any context.
 */
void nobs_tuplehash_zeroize_ctx(struct nobs_tuplehash_ctx *ctx);

/* ParallelHash128/256 and ParallelHashXOF128/256 (SP 800-185 6) */

/**
 * nobs_parallelhash128_init() - start a ParallelHash128 computation
 * @ctx:        the context to initialise
 * @block_size: B, the block size in bytes (at least 1)
 * @s:          customization string S (may be NULL when @s_len is 0)
 * @s_len:      its length in bytes
 *
 * Context: Any context.
 * Return: 0, or -EINVAL for a block size of 0 or if a length in bits
 * overflows 64 bits (@ctx is then zeroed).
 */
int nobs_parallelhash128_init(struct nobs_parallelhash_ctx *ctx,
			      size_t block_size, const u8 *s, size_t s_len);

/**
 * nobs_parallelhash256_init() - start a ParallelHash256 computation
 * @ctx:        the context to initialise
 * @block_size: B, the block size in bytes (at least 1)
 * @s:          customization string S (may be NULL when @s_len is 0)
 * @s_len:      its length in bytes
 *
 * Context: Any context.
 * Return: 0, or -EINVAL for a block size of 0 or if a length in bits
 * overflows 64 bits.
 */
int nobs_parallelhash256_init(struct nobs_parallelhash_ctx *ctx,
			      size_t block_size, const u8 *s, size_t s_len);

/**
 * nobs_parallelhash_update() - absorb message bytes
 * @ctx:  a ParallelHash context
 * @data: the bytes (may be NULL when @len is 0)
 * @len:  their number; the message may come in any number of pieces
 *
 * Whole blocks given in one call are hashed several at once where nobs
 * has a multi-lane permutation.
 *
 * Context: Any context.
 * Return: 0, or -EINVAL after nobs_parallelhash_xof_squeeze(), or if @ctx
 * was finalised or zeroized.
 */
int nobs_parallelhash_update(struct nobs_parallelhash_ctx *ctx,
			     const u8 *data, size_t len);

/**
 * nobs_parallelhash_final() - write the hash and wipe the context
 * @ctx:     a ParallelHash context
 * @out:     the hash
 * @out_len: its length in bytes, any; L = 8 * @out_len is part of the hash
 *
 * Context: Any context.
 * Return: 0, or -EINVAL after nobs_parallelhash_xof_squeeze(), or if
 * @ctx was finalised or zeroized (@out is then zeroed, and @ctx wiped).
 */
int nobs_parallelhash_final(struct nobs_parallelhash_ctx *ctx, u8 *out,
			    size_t out_len);

/**
 * nobs_parallelhash_xof_squeeze() - produce ParallelHashXOF output
 * @ctx:     a ParallelHash context
 * @out:     the output
 * @out_len: its length in bytes
 *
 * The first call ends the input (L = 0); successive calls continue the
 * same output stream.  Wipe the context with
 * nobs_parallelhash_zeroize_ctx() when done.
 *
 * Context: Any context.
 * Return: 0, or -EINVAL if @ctx was finalised or zeroized (@out is then
 * zeroed).
 */
int nobs_parallelhash_xof_squeeze(struct nobs_parallelhash_ctx *ctx, u8 *out,
				  size_t out_len);

/**
 * nobs_parallelhash_zeroize_ctx() - wipe a ParallelHash context
 * @ctx: the context
 *
 * Context: Any context.
 */
void nobs_parallelhash_zeroize_ctx(struct nobs_parallelhash_ctx *ctx);

#endif /* NOBS_SHA3_H */
