/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Shared by the two SHA-3 suites (sha3_kunit.c, sha3_ctx_kunit.c).
 */
#ifndef NOBS_KUNIT_SHA3_H
#define NOBS_KUNIT_SHA3_H

#include <crypto/hash.h>
#include "nobs_kunit.h"

enum nk_sha3_index {
	NK_SHAKE128, NK_SHAKE256, NK_CSHAKE128, NK_CSHAKE256,
	NK_KMAC128, NK_KMAC256,
	NK_SHA3_224, NK_SHA3_256, NK_SHA3_384, NK_SHA3_512,
	NK_SHA3_NR_ALGS
};

enum nk_sha3_key { NK_UNKEYED, NK_KEY_OPTIONAL, NK_KEY_REQUIRED };

/**
 * struct nk_sha3_alg - one shash member nobs registers
 * @name:       cra_name
 * @digestsize: its digest size in bytes
 * @key:        whether it takes a key
 */
struct nk_sha3_alg {
	const char *name;
	unsigned int digestsize;
	enum nk_sha3_key key;
};

extern const struct nk_sha3_alg nk_sha3_algs[NK_SHA3_NR_ALGS];

/*
 * nobs's transform of member @alg, freed when the test ends; NULL for a
 * sha3-* member that nobs did not register (generic permutation).
 */
struct crypto_shash *nk_sha3_tfm(struct kunit *test, unsigned int alg);
void nk_sha3_random_key(struct kunit *test, struct crypto_shash *tfm,
			unsigned int alg, struct nk_rng *r);
/* One-shot digest on a descriptor on the stack; usable in any context. */
int nk_sha3_digest(struct crypto_shash *tfm, const u8 *msg, unsigned int len,
		   u8 *out);

#endif /* NOBS_KUNIT_SHA3_H */
