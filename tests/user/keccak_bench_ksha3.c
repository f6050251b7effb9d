// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's own crypto/sha3_generic.c, compiled into the benchmark as
 * the in-kernel reference (the fast paths' speed-up target is against it).
 *
 * Nothing of it is committed: keccak.mk extracts crypto/sha3_generic.c and
 * include/crypto/sha3.h from /usr/src/linux-source-*.tar.xz into the build
 * directory, drops their #include and EXPORT_SYMBOL lines and the
 * module/registration tail (everything from "static struct shash_alg" on),
 * and includes the result here as KSHA3_BODY after the few kernel
 * definitions it needs.  The
 * algorithm code (keccakf, crypto_sha3_init/update/final) is used as is.
 *
 * The kernel has SHA3-224..512 only.  For SHAKE this harness runs the same
 * crypto_sha3_update() with the SHAKE rate and finishes with the SHAKE
 * domain byte using the file's own keccakf(): that is what a SHAKE driver
 * built on sha3_generic.c would do.
 */
#include <stdint.h>
#include <stddef.h>
#include <string.h>
#include "keccak_bench.h"

typedef uint8_t u8;
typedef uint32_t u32;
typedef uint64_t u64;
typedef u64 __le64;
typedef u32 __le32;

#define CONFIG_64BIT 1

struct crypto_shash {
	unsigned int digestsize;
};

struct shash_desc {
	struct crypto_shash *tfm;
	/*
	 * The descriptor context; sized beyond struct sha3_state because
	 * with SHAKE128's rate (168) the kernel's partial-block buffer
	 * (144 bytes) could be overrun by up to 23 bytes.
	 */
	u64 ctx[(200 + 12 + 168 + 7) / 8];
};

static inline void *shash_desc_ctx(struct shash_desc *desc)
{
	return desc->ctx;
}

static inline unsigned int crypto_shash_digestsize(struct crypto_shash *tfm)
{
	return tfm->digestsize;
}

static inline u64 rol64(u64 w, unsigned int s)
{
	return (w << (s & 63)) | (w >> ((-s) & 63));
}

static inline u64 get_unaligned_le64(const void *p)
{
	u64 v;

	memcpy(&v, p, 8);
	return v;	/* little-endian host */
}

static inline void put_unaligned_le64(u64 v, void *p)
{
	memcpy(p, &v, 8);
}

static inline void put_unaligned_le32(u32 v, void *p)
{
	memcpy(p, &v, 4);
}

#include KSHA3_HEADER
#include KSHA3_BODY

void ksha3_digest(unsigned int digestsize, const u8 *in, size_t len, u8 *out)
{
	struct crypto_shash tfm = { .digestsize = digestsize };
	struct shash_desc desc = { .tfm = &tfm };

	crypto_sha3_init(&desc);
	crypto_sha3_update(&desc, in, len);
	crypto_sha3_final(&desc, out);
}

void ksha3_shake(unsigned int rate, const u8 *in, size_t len, u8 *out,
		 size_t outlen)
{
	struct crypto_shash tfm = { .digestsize = (200 - rate) / 2 };
	struct shash_desc desc = { .tfm = &tfm };
	struct sha3_state *sctx = shash_desc_ctx(&desc);
	u8 block[168] = { 0 };
	unsigned int i;

	crypto_sha3_init(&desc);
	crypto_sha3_update(&desc, in, len);
	memcpy(block, sctx->buf, sctx->partial);
	block[sctx->partial] = 0x1f;
	block[rate - 1] |= 0x80;
	for (i = 0; i < rate / 8; i++)
		sctx->st[i] ^= get_unaligned_le64(block + 8 * i);
	keccakf(sctx->st);
	/* outlen <= rate in the benchmark */
	for (i = 0; i < outlen; i++)
		out[i] = (u8)(sctx->st[i / 8] >> (8 * (i % 8)));
}
