// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_cshake: SP 800-185 cSHAKE128/256 with fuzzer-chosen N, S, split
 * points and output length.
 *
 * OpenSSL has no cSHAKE.  The oracle is therefore in two parts:
 *  - N and S both empty: cSHAKE is SHAKE (SP 800-185 3.3), OpenSSL's SHAKE;
 *  - otherwise: the framing bytepad(encode_string(N) || encode_string(S),
 *    rate) is built here from the standard (fuzz_sha3.h, not keccak.c's
 *    encoders) and hashed with OpenSSL's KECCAK-KMAC-128/256: Keccak[256]
 *    / Keccak[512] with the cSHAKE padding 0x04, the sponge OpenSSL's KMAC
 *    runs on.  So nobs' encoding of N and S is checked against an
 *    independent writing of the standard, and its sponge and padding
 *    against OpenSSL's.
 */
#include "fuzz_sha3.h"

static uint8_t got[FUZZ_MAX_OUT], got2[FUZZ_MAX_OUT], want[FUZZ_MAX_OUT];
static uint8_t prefix[2048];

static void run(unsigned int sec, const struct nobs_keccak_impl *impl,
		const uint8_t *n, size_t nl, const uint8_t *s, size_t sl,
		const struct fuzz_split *ab, const struct fuzz_split *sq,
		const uint8_t *msg, size_t len, uint8_t *out, size_t outlen)
{
	struct nobs_keccak k;
	int err;

	memset(&k, 0x5a, sizeof(k));
	err = nobs_keccak_cshake_init(&k, impl, sec, n, nl, s, sl);
	FUZZ_ASSERT(!err, "cshake_init: %d", err);
	fuzz_absorb(&k, impl, ab, msg, len);
	fuzz_squeeze(&k, impl, sq, out, outlen);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_in in = { data, size };
	struct fuzz_split ab, sq;
	uint8_t n[256], s[600];
	unsigned int sel = fuzz_u8(&in), sec = sel & 2 ? 256 : 128;
	size_t nl, sl, outlen, rate = sec == 128 ? 168 : 136, plen;

	outlen = fuzz_u16(&in) % FUZZ_MAX_OUT;
	nl = fuzz_bytes(&in, n, fuzz_u8(&in) % 40);
	sl = fuzz_u16(&in) % sizeof(s);
	sl = fuzz_bytes(&in, s, sl);
	fuzz_split_read(&in, &ab, 0x3ff);
	fuzz_split_read(&in, &sq, 0x1ff);

	run(sec, fuzz_impl(0), n, nl, s, sl, &ab, &sq, in.p, in.n, got, outlen);
	run(sec, fuzz_impl(sel & 0x80 ? 2 : 1), n, nl, s, sl, &ab, &sq, in.p, in.n, got2, outlen);
	FUZZ_ASSERT(!memcmp(got, got2, outlen), "cSHAKE%u: generic != fast", sec);
	if (!outlen)
		return 0;
	if (!nl && !sl) {
		FUZZ_ASSERT(!fuzz_ossl_md(sec == 128 ? "SHAKE128" : "SHAKE256", 1,
					  in.p, in.n, NULL, 0, want, outlen),
			    "OpenSSL SHAKE failed");
	} else {
		plen = sp_bytepad2(prefix, rate, n, nl, s, sl);
		FUZZ_ASSERT(!fuzz_ossl_md(sec == 128 ? "KECCAK-KMAC-128" :
					  "KECCAK-KMAC-256", 1, prefix, plen,
					  in.p, in.n, want, outlen),
			    "OpenSSL KECCAK-KMAC failed");
	}
	FUZZ_ASSERT(!memcmp(got, want, outlen),
		    "cSHAKE%u: |N| %zu |S| %zu |M| %zu out %zu", sec, nl, sl,
		    in.n, outlen);
	return 0;
}
