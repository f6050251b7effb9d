// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_kmac: SP 800-185 KMAC128/256 and KMACXOF with fuzzer-chosen key,
 * customization S, output length, XOF flag and split points, against
 * OpenSSL's EVP_MAC KMAC (keys of 4..512 bytes and S up to 512 bytes,
 * OpenSSL's limits) and, for every length, against KMAC framed here from
 * the standard over OpenSSL's KECCAK-KMAC sponge (see fuzz_cshake.c).
 */
#include <openssl/core_names.h>
#include <openssl/params.h>
#include "fuzz_sha3.h"

static uint8_t got[FUZZ_MAX_OUT], got2[FUZZ_MAX_OUT], want[FUZZ_MAX_OUT];
static uint8_t prefix[2048], keyblk[2048];

static void run(unsigned int sec, const struct nobs_keccak_impl *impl,
		const uint8_t *key, size_t kl, const uint8_t *s, size_t sl,
		int xof, const struct fuzz_split *ab,
		const struct fuzz_split *sq, const uint8_t *msg, size_t len,
		uint8_t *out, size_t outlen)
{
	struct nobs_keccak k;
	int err;

	memset(&k, 0x3c, sizeof(k));
	err = nobs_keccak_kmac_init(&k, impl, sec, key, kl, s, sl);
	FUZZ_ASSERT(!err, "kmac_init: %d", err);
	fuzz_absorb(&k, impl, ab, msg, len);
	nobs_keccak_end_input(&k, impl, xof ? 0 : outlen);
	fuzz_squeeze(&k, impl, sq, out, outlen);
}

static void ossl_kmac(unsigned int sec, const uint8_t *key, size_t kl,
		      const uint8_t *s, size_t sl, int xof,
		      const uint8_t *msg, size_t len, uint8_t *out,
		      size_t outlen)
{
	static EVP_MAC *mac[2];
	OSSL_PARAM p[4];
	EVP_MAC_CTX *c;
	size_t ol = 0;
	int ok;

	if (!mac[sec == 256])
		mac[sec == 256] = EVP_MAC_fetch(NULL, sec == 256 ? "KMAC256" :
						"KMAC128", NULL);
	FUZZ_ASSERT(mac[sec == 256], "no OpenSSL KMAC");
	c = EVP_MAC_CTX_new(mac[sec == 256]);
	FUZZ_ASSERT(c, "EVP_MAC_CTX_new");
	p[0] = OSSL_PARAM_construct_octet_string(OSSL_MAC_PARAM_CUSTOM,
						 (void *)s, sl);
	p[1] = OSSL_PARAM_construct_size_t(OSSL_MAC_PARAM_SIZE, &outlen);
	p[2] = OSSL_PARAM_construct_int(OSSL_MAC_PARAM_XOF, &xof);
	p[3] = OSSL_PARAM_construct_end();
	ok = EVP_MAC_CTX_set_params(c, p) && EVP_MAC_init(c, key, kl, NULL) &&
	     EVP_MAC_update(c, msg, len) && EVP_MAC_final(c, out, &ol, outlen);
	EVP_MAC_CTX_free(c);
	FUZZ_ASSERT(ok && ol == outlen, "OpenSSL KMAC failed (key %zu, S %zu)",
		    kl, sl);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const uint8_t kmac[] = { 'K', 'M', 'A', 'C' };
	struct fuzz_in in = { data, size };
	struct fuzz_split ab, sq;
	uint8_t key[700], s[600], enc[9];
	unsigned int sel = fuzz_u8(&in), sec = sel & 2 ? 256 : 128;
	int xof = !!(sel & 4);
	size_t kl, sl, outlen, rate = sec == 128 ? 168 : 136, plen, klen;
	EVP_MD_CTX *c;
	EVP_MD *md;

	outlen = 1 + fuzz_u16(&in) % (FUZZ_MAX_OUT - 1);
	kl = fuzz_bytes(&in, key, fuzz_u16(&in) % sizeof(key));
	sl = fuzz_bytes(&in, s, fuzz_u16(&in) % sizeof(s));
	fuzz_split_read(&in, &ab, 0x3ff);
	fuzz_split_read(&in, &sq, 0x1ff);

	run(sec, fuzz_impl(0), key, kl, s, sl, xof, &ab, &sq, in.p, in.n,
	    got, outlen);
	run(sec, fuzz_impl(sel & 0x80 ? 2 : 1), key, kl, s, sl, xof, &ab, &sq, in.p, in.n,
	    got2, outlen);
	FUZZ_ASSERT(!memcmp(got, got2, outlen), "KMAC%u: generic != fast", sec);

	if (kl >= 4 && kl <= 512 && sl <= 512) {
		ossl_kmac(sec, key, kl, s, sl, xof, in.p, in.n, want, outlen);
		FUZZ_ASSERT(!memcmp(got, want, outlen),
			    "KMAC%u%s vs EVP_MAC: key %zu S %zu M %zu out %zu",
			    sec, xof ? "XOF" : "", kl, sl, in.n, outlen);
	}

	/* KMAC = cSHAKE(bytepad(encode_string(K), rate) || X || right_encode(L), L, "KMAC", S) */
	plen = sp_bytepad2(prefix, rate, kmac, sizeof(kmac), s, sl);
	klen = sp_bytepad2(keyblk, rate, key, kl, NULL, 0);
	md = EVP_MD_fetch(NULL, sec == 128 ? "KECCAK-KMAC-128" :
			  "KECCAK-KMAC-256", NULL);
	c = EVP_MD_CTX_new();
	FUZZ_ASSERT(md && c, "KECCAK-KMAC");
	FUZZ_ASSERT(EVP_DigestInit_ex2(c, md, NULL) &&
		    EVP_DigestUpdate(c, prefix, plen) &&
		    EVP_DigestUpdate(c, keyblk, klen) &&
		    EVP_DigestUpdate(c, in.p, in.n) &&
		    EVP_DigestUpdate(c, enc, sp_right_encode(enc, xof ? 0 :
							       outlen * 8)) &&
		    EVP_DigestFinalXOF(c, want, outlen), "KECCAK-KMAC failed");
	EVP_MD_CTX_free(c);
	EVP_MD_free(md);
	FUZZ_ASSERT(!memcmp(got, want, outlen),
		    "KMAC%u%s vs framing: key %zu S %zu M %zu out %zu", sec,
		    xof ? "XOF" : "", kl, sl, in.n, outlen);
	return 0;
}
