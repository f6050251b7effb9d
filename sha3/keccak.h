/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Keccak-f[1600] sponge and the SHA-3 family (FIPS 202, NIST SP 800-185).
 *
 * This is a core: plain C over <nobs/types.h>, no crypto-API types, no
 * allocation, no locks.  The same file is built into the kernel module and
 * into the userspace harness in tests/user/.
 *
 * State convention, shared with every implementation of the permutation:
 * 25 plain (not complemented) 64-bit lanes, lane i = x + 5 * y, each lane
 * holding eight message bytes loaded little-endian.  Message byte j of a
 * block is XORed into bits 8 * (j % 8) .. 8 * (j % 8) + 7 of lane j / 8.
 */
#ifndef NOBS_SHA3_KECCAK_H
#define NOBS_SHA3_KECCAK_H

#include <nobs/types.h>
#include <nobs/sha3.h>

#define NOBS_KECCAK_LANES	25
#define NOBS_KECCAK_WIDTH	200	/* bytes */

/* Rates (bytes per block) of the members of the family. */
#define NOBS_SHAKE128_RATE	168
#define NOBS_SHAKE256_RATE	136
#define NOBS_SHA3_224_RATE	144
#define NOBS_SHA3_256_RATE	136
#define NOBS_SHA3_384_RATE	104
#define NOBS_SHA3_512_RATE	72

/*
 * Domain-separation suffix followed by the first bit of pad10*1, as one
 * byte XORed at the end of the message (FIPS 202 B.2).
 */
#define NOBS_KECCAK_DS_SHA3	0x06	/* M || 01 */
#define NOBS_KECCAK_DS_SHAKE	0x1f	/* M || 1111 */
#define NOBS_KECCAK_DS_CSHAKE	0x04	/* M || 00 */

/**
 * struct nobs_keccak_impl - one implementation of the permutation
 * @name:       short name used in driver names ("generic", "bmi", "ce");
 *              the glue carries MODULE_ALIAS_CRYPTO for these
 * @permute:    apply Keccak-f[1600] to @st in place
 * @absorb:     for each of @nblocks blocks of @rate bytes at @in (no
 *              alignment), XOR the block into the first @rate / 8 lanes
 *              and apply the permutation; @rate is a multiple of 8 and at
 *              most 168
 * @needs_simd: true if the functions use vector registers: the caller
 *              must then hold the kernel's SIMD context (the glue checks
 *              crypto_simd_usable(), brackets at most 4 KiB of input per
 *              section and otherwise uses nobs_keccak_generic)
 *
 * Every implementation must produce the same lanes bit for bit.  The core
 * never chooses one: each sponge call takes the implementation to use, and
 * the glue picks it once at module load (nobs_keccak_select()).
 *
 * The arch implementations are declared here for every build and defined
 * only in their architecture's (arch/x86: nobs_keccak_x86_bmi and
 * nobs_keccak_x86_avx512; arch/arm64: nobs_keccak_arm64_ce): the glue
 * names them only in its arch part (arch/<arch>/keccak_arch.h), the tests
 * where their build has them.
 */
struct nobs_keccak_impl {
	const char *name;
	void (*permute)(u64 *st);
	void (*absorb)(u64 *st, const u8 *in, size_t nblocks, size_t rate);
	bool needs_simd;
};

extern const struct nobs_keccak_impl nobs_keccak_generic;
extern const struct nobs_keccak_impl nobs_keccak_x86_bmi;
extern const struct nobs_keccak_impl nobs_keccak_x86_avx512;
extern const struct nobs_keccak_impl nobs_keccak_arm64_ce;

/*
 * struct nobs_keccak, the sponge state, is in <nobs/sha3.h> with the
 * library's contexts built on it.
 */

/**
 * struct nobs_keccak_xn_impl - @lanes independent Keccak states at once
 * @name:  short name ("avx2x4", "avx512x8", "cex2")
 * @lanes: number of states (2, 4 or 8)
 * @absorb: for each i < @lanes: XOR @nblocks blocks of @rate bytes from
 *          in[i] into st[i], applying the permutation after each block
 * @needs_simd: as in struct nobs_keccak_impl
 * @vs_single: timed at load even alone, and used only if it beats the
 *             single-state permutation in use per state (arm64's cex2:
 *             whether the SHA3 instructions beat scalar code depends on
 *             the core; x86's x4/x8 beat the single stream everywhere)
 *
 * (@st is u64 (*)[NOBS_KECCAK_LANES]: an array parameter, spelt so for
 * checkpatch.)
 */
struct nobs_keccak_xn_impl {
	const char *name;
	unsigned int lanes;
	void (*absorb)(u64 st[][NOBS_KECCAK_LANES], const u8 *const *in,
		       size_t nblocks, size_t rate);
	bool needs_simd;
	bool vs_single;
};

/* The most states a struct nobs_keccak_xn_impl may run at once. */
#define NOBS_KECCAK_XN_MAX_LANES	8

/*
 * Multi-lane permutations (ParallelHash's leaves): the same lanes bit for
 * bit as @lanes calls of nobs_keccak_generic.absorb, one per state.
 * @rate is a multiple of 8 from 8 to 168, the blocks need no alignment.
 * x86-64 (arch/x86): AVX2 for x4, AVX512F for x8; arm64 (arch/arm64): the
 * SHA3 instructions for x2.  The glue picks one at load
 * (nobs_keccak_select() in sha3/sha3_glue.c).
 */
extern const struct nobs_keccak_xn_impl nobs_keccak_x86_avx2_x4;
extern const struct nobs_keccak_xn_impl nobs_keccak_x86_avx512_x8;
extern const struct nobs_keccak_xn_impl nobs_keccak_arm64_cex2;

/* The generic permutation, for arch code that wants it as a fallback. */
void nobs_keccakf_generic(u64 *st);

/* Raw sponge. */
void nobs_keccak_init(struct nobs_keccak *k, unsigned int rate, u8 dsbyte);
void nobs_keccak_absorb(struct nobs_keccak *k,
			const struct nobs_keccak_impl *impl,
			const u8 *in, size_t len);
void nobs_keccak_squeeze(struct nobs_keccak *k,
			 const struct nobs_keccak_impl *impl,
			 u8 *out, size_t len);
bool nobs_keccak_state_valid(const struct nobs_keccak *k);

/*
 * The longest string SP 800-185's encodings take here: its length in bits
 * must fit the 64 bits left_encode() and right_encode() are given.
 */
#define NOBS_SP800_185_MAX_LEN	((size_t)-1 >> 3)

/* FIPS 202: SHA3-224/256/384/512 (digestsize 28, 32, 48 or 64). */
int nobs_keccak_sha3_init(struct nobs_keccak *k, unsigned int digestsize);

/* FIPS 202: SHAKE128 / SHAKE256 (security 128 or 256). */
int nobs_keccak_shake_init(struct nobs_keccak *k, unsigned int security);

/* SP 800-185 cSHAKE with function name N and customization S. */
int nobs_keccak_cshake_init(struct nobs_keccak *k,
			    const struct nobs_keccak_impl *impl,
			    unsigned int security,
			    const u8 *n, size_t nlen, const u8 *s, size_t slen);

/* SP 800-185 KMAC: key K and customization S; then absorb the message. */
int nobs_keccak_kmac_init(struct nobs_keccak *k,
			  const struct nobs_keccak_impl *impl,
			  unsigned int security, const u8 *key, size_t keylen,
			  const u8 *s, size_t slen);
/* KMAC, TupleHash, ParallelHash: right_encode(8 * outlen) after the input */
void nobs_keccak_end_input(struct nobs_keccak *k,
			   const struct nobs_keccak_impl *impl, size_t outlen);

/* SP 800-185 TupleHash: init, one call per tuple element, end_input. */
int nobs_keccak_tuplehash_init(struct nobs_keccak *k,
			       const struct nobs_keccak_impl *impl,
			       unsigned int security, const u8 *s, size_t slen);
void nobs_keccak_tuplehash_element(struct nobs_keccak *k,
				   const struct nobs_keccak_impl *impl,
				   const u8 *x, size_t len);

/*
 * SP 800-185 ParallelHash on struct nobs_parallelhash_ctx: init, the
 * message in any pieces, end_input (the last block, n and L), then
 * squeeze ctx->outer.  @xn may be NULL.
 */
int nobs_keccak_parallelhash_init(struct nobs_parallelhash_ctx *ctx,
				  const struct nobs_keccak_impl *impl,
				  unsigned int security, size_t block_size,
				  const u8 *s, size_t slen);
void nobs_keccak_parallelhash_update(struct nobs_parallelhash_ctx *ctx,
				     const struct nobs_keccak_impl *impl,
				     const struct nobs_keccak_xn_impl *xn,
				     const u8 *in, size_t len);
void nobs_keccak_parallelhash_end_input(struct nobs_parallelhash_ctx *ctx,
					const struct nobs_keccak_impl *impl,
					size_t outlen);

/* SP 800-185 2.3 encodings; return the number of bytes written (<= 9). */
size_t nobs_sp800_185_left_encode(u8 out[9], u64 x);
size_t nobs_sp800_185_right_encode(u8 out[9], u64 x);

/*
 * The members the glue registers, in table order.  sha3_selftest.c holds
 * known answers for each (pure C too, so tests/user runs them as well).
 */
enum nobs_sha3_alg {
	NOBS_SHA3_SHAKE128,
	NOBS_SHA3_SHAKE256,
	NOBS_SHA3_CSHAKE128,
	NOBS_SHA3_CSHAKE256,
	NOBS_SHA3_KMAC128,
	NOBS_SHA3_KMAC256,
	NOBS_SHA3_224,
	NOBS_SHA3_256,
	NOBS_SHA3_384,
	NOBS_SHA3_512,
	NOBS_SHA3_NR_ALGS
};

int nobs_sha3_kat(enum nobs_sha3_alg alg, const struct nobs_keccak_impl *impl);
int nobs_sha3_lib_kat(const struct nobs_keccak_impl *impl,
		      const struct nobs_keccak_xn_impl *xn);

/*
 * The library's dispatch (sha3/sha3_lib.c calls these; sha3/sha3_glue.c
 * defines them in the kernel, the harness its own in tests/user):
 *  - nobs_keccak_dispatch: an implementation that is safe in any context:
 *    its absorb applies the SIMD rules (the permutation chosen at load in
 *    bounded SIMD sections where usable, else the scalar one), its permute
 *    is the scalar one;
 *  - nobs_keccak_dispatch_squeeze(): nobs_keccak_squeeze() under the same
 *    rules;
 *  - nobs_keccak_dispatch_xn(): the multi-lane permutation, wrapped in the
 *    same rules, or NULL if there is none.
 */
extern const struct nobs_keccak_impl nobs_keccak_dispatch;
void nobs_keccak_dispatch_squeeze(struct nobs_keccak *k, u8 *out, size_t len);
const struct nobs_keccak_xn_impl *nobs_keccak_dispatch_xn(void);

#endif /* NOBS_SHA3_KECCAK_H */
