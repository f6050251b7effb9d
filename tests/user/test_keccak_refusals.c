// SPDX-License-Identifier: GPL-2.0
/*
 * Keccak core (sha3/keccak.c): the refusals test_sha3.c does not reach.
 * cSHAKE, KMAC and TupleHash exist at security 128 and 256 only; any
 * other level gives -EINVAL and leaves the state alone, so a KMAC under
 * way in that state still ends with OpenSSL's KMAC (EVP_MAC) value.
 * A state that was never initialised (all zero: rate 0, as sha3_glue.c
 * leaves a KMAC transform's prefix until setkey) absorbs nothing and
 * squeezes zeros, without dividing by its rate or writing outside it.
 * Output: FAIL lines, then "keccak_refusals: N passed, N failed, N skipped".
 */
#include <stdio.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include "sha3/keccak.h"

static int passed, failed;

static void check(int ok, const char *what, unsigned int level)
{
	if (ok) {
		passed++;
		return;
	}
	failed++;
	printf("FAIL: %s (security %u)\n", what, level);
}

/* OpenSSL's KMAC128/256 of @msg; 0 on success. */
static int ossl_kmac(unsigned int bits, const u8 *key, size_t keylen,
		     const u8 *s, size_t slen, const u8 *msg, size_t len,
		     u8 *out, size_t outlen)
{
	EVP_MAC *mac = EVP_MAC_fetch(NULL, bits == 128 ? "KMAC128" : "KMAC256",
				     NULL);
	EVP_MAC_CTX *ctx = mac ? EVP_MAC_CTX_new(mac) : NULL;
	OSSL_PARAM p[3];
	size_t got = 0;
	int ok;

	p[0] = OSSL_PARAM_construct_octet_string(OSSL_MAC_PARAM_CUSTOM,
						 (void *)s, slen);
	p[1] = OSSL_PARAM_construct_size_t(OSSL_MAC_PARAM_SIZE, &outlen);
	p[2] = OSSL_PARAM_construct_end();
	ok = ctx && EVP_MAC_init(ctx, key, keylen, p) &&
	     EVP_MAC_update(ctx, msg, len) &&
	     EVP_MAC_final(ctx, out, &got, outlen) && got == outlen;
	EVP_MAC_CTX_free(ctx);
	EVP_MAC_free(mac);
	return ok ? 0 : -1;
}

int main(void)
{
	static const unsigned int bad[] = { 0, 64, 192, 224, 384, 512, 257 };
	static const unsigned int good[] = { 128, 256 };
	const struct nobs_keccak_impl *impl = &nobs_keccak_generic;
	u8 key[32], msg[300], s[] = "My Tagged Application";
	u8 out[64], ref[64];
	struct nobs_keccak k, snap;
	unsigned int g, b;
	size_t i;

	for (i = 0; i < sizeof(key); i++)
		key[i] = (u8)(0x40 + i);
	for (i = 0; i < sizeof(msg); i++)
		msg[i] = (u8)i;

	for (g = 0; g < 2; g++) {
		unsigned int level = good[g];

		if (nobs_keccak_kmac_init(&k, impl, level, key, sizeof(key), s,
				   sizeof(s) - 1)) {
			check(0, "KMAC init", level);
			continue;
		}
		nobs_keccak_absorb(&k, impl, msg, 100);
		memcpy(&snap, &k, sizeof(k));
		for (b = 0; b < ARRAY_SIZE(bad); b++) {
			check(nobs_keccak_cshake_init(&k, impl, bad[b], (const u8 *)"N",
					       1, s, 3) == -EINVAL,
			      "cSHAKE at another level -> EINVAL", bad[b]);
			check(nobs_keccak_kmac_init(&k, impl, bad[b], key, sizeof(key),
					     s, 3) == -EINVAL,
			      "KMAC at another level -> EINVAL", bad[b]);
			check(nobs_keccak_tuplehash_init(&k, impl, bad[b], s, 3) ==
			      -EINVAL, "TupleHash at another level -> EINVAL",
			      bad[b]);
			check(!memcmp(&snap, &k, sizeof(k)),
			      "refused init leaves the state alone", bad[b]);
		}
		nobs_keccak_absorb(&k, impl, msg + 100, sizeof(msg) - 100);
		nobs_keccak_end_input(&k, impl, sizeof(out));
		nobs_keccak_squeeze(&k, impl, out, sizeof(out));
		check(!ossl_kmac(level, key, sizeof(key), s, sizeof(s) - 1, msg,
				 sizeof(msg), ref, sizeof(ref)) &&
		      !memcmp(out, ref, sizeof(out)),
		      "KMAC after the refusals equals OpenSSL's", level);
	}
	/* The all-zero state of a KMAC transform without a key. */
	memset(&k, 0, sizeof(k));
	nobs_keccak_absorb(&k, impl, msg, sizeof(msg));
	nobs_keccak_end_input(&k, impl, sizeof(out));
	memset(out, 0xa5, sizeof(out));
	nobs_keccak_squeeze(&k, impl, out, sizeof(out));
	memset(&snap, 0, sizeof(snap));
	check(!memcmp(&k, &snap, sizeof(k)),
	      "a zero state (no key) stays zero through absorb and squeeze", 0);
	memset(ref, 0, sizeof(ref));
	check(!memcmp(out, ref, sizeof(out)),
	      "a zero state (no key) squeezes zeros", 0);

	printf("keccak_refusals: %d passed, %d failed, 0 skipped\n", passed, failed);
	return failed ? 1 : 0;
}
