// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_drbg: the CTR_DRBG core (AES-256, no df) against OpenSSL's EVP_RAND
 * CTR-DRBG, driven by tests/user/drbg_ossl.c (the same glue test_drbg
 * uses: OpenSSL's AES-256-CTR as the core's engine, a TEST-RAND parent
 * feeding OpenSSL's DRBG the same entropy).
 *
 * The input chooses the entropy, the personalization string, the reseed
 * interval and a sequence of Generate (length up to 64 KiB + 16,
 * additional input up to 48 + 8 bytes) and Reseed calls.  Valid calls must
 * give OpenSSL's bytes; invalid lengths must give -EINVAL and leave the
 * state as it was (the next valid call still matches); a used-up reseed
 * interval must give -EKEYEXPIRED exactly when the count says so.  A
 * zero-length Generate ends the comparison (see below).
 */
#include "fuzz_input.h"
#include "drbg_ossl.h"

#define MAX_OUT (NOBS_CTR_DRBG_MAX_REQUEST + 16)

static uint8_t got[MAX_OUT], want[MAX_OUT];
static struct ossl_ctr_engine eng;
static struct ossl_ref_drbg ref;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_in in = { data, size };
	struct nobs_ctr_drbg d;
	uint8_t entropy[48], pers[64], addin[64];
	size_t perslen, addinlen, len;
	unsigned int ops = 0, iv_sel;
	u64 interval, requests = 0;
	int err;

	if (!eng.ctx) {
		FUZZ_ASSERT(!ossl_ctr_engine_init(&eng), "engine");
		FUZZ_ASSERT(!ossl_ref_new(&ref), "OpenSSL CTR-DRBG");
	}
	memset(entropy, 0, sizeof(entropy));
	fuzz_bytes(&in, entropy, sizeof(entropy));
	perslen = fuzz_u8(&in) % 56;
	memset(pers, 0, sizeof(pers));
	fuzz_bytes(&in, pers, perslen);
	iv_sel = fuzz_u8(&in);
	interval = iv_sel & 0x80 ? 1 + iv_sel % 8 : NOBS_CTR_DRBG_MAX_INTERVAL;

	memset(&d, 0xc3, sizeof(d));
	err = nobs_ctr_drbg_instantiate(&d, &ossl_ctr_ops, &eng, entropy, pers,
					perslen, interval);
	if (perslen > NOBS_CTR_DRBG_MAX_INPUT) {
		FUZZ_ASSERT(err == -EINVAL && !d.instantiated,
			    "pers %zu: got %d", perslen, err);
		return 0;
	}
	FUZZ_ASSERT(!err, "instantiate: %d", err);
	FUZZ_ASSERT(!ossl_ref_instantiate(&ref, entropy, pers, perslen),
		    "OpenSSL instantiate");

	while (in.n && ops++ < 12) {
		unsigned int op = fuzz_u8(&in);

		addinlen = fuzz_u8(&in) % 57;
		memset(addin, 0, sizeof(addin));
		fuzz_bytes(&in, addin, addinlen);
		if (op % 5 == 4) {
			fuzz_bytes(&in, entropy, sizeof(entropy));
			err = nobs_ctr_drbg_reseed(&d, entropy, addin, addinlen);
			if (addinlen > NOBS_CTR_DRBG_MAX_INPUT) {
				FUZZ_ASSERT(err == -EINVAL, "reseed addin %zu: %d",
					    addinlen, err);
				continue;
			}
			FUZZ_ASSERT(!err, "reseed: %d", err);
			FUZZ_ASSERT(!ossl_ref_reseed(&ref, entropy, addin,
						     addinlen), "OpenSSL reseed");
			requests = 0;
			continue;
		}
		len = fuzz_u16(&in);
		if (op & 0x80)	/* around the 64 KiB request limit */
			len = NOBS_CTR_DRBG_MAX_REQUEST - 16 + len % 33;
		else
			len %= 4100;
		memset(got, 0x77, len);
		err = nobs_ctr_drbg_generate(&d, got, len, addin, addinlen);
		if (addinlen > NOBS_CTR_DRBG_MAX_INPUT ||
		    len > NOBS_CTR_DRBG_MAX_REQUEST) {
			FUZZ_ASSERT(err == -EINVAL, "generate %zu/%zu: %d", len,
				    addinlen, err);
			continue;
		}
		if (requests >= interval) {
			FUZZ_ASSERT(err == -EKEYEXPIRED,
				    "request %llu of interval %llu: %d",
				    (unsigned long long)requests + 1,
				    (unsigned long long)interval, err);
			continue;
		}
		FUZZ_ASSERT(!err, "generate %zu: %d", len, err);
		requests++;
		/*
		 * OpenSSL 3.0 steps V once more than SP 800-90A 10.2.1.5.1
		 * on a zero-length request (nobs follows the standard:
		 * checked against a transcription of it in Python), so the
		 * two part ways here: stop comparing.
		 */
		if (!len)
			break;
		FUZZ_ASSERT(!ossl_ref_generate(&ref, want, len, addin, addinlen),
			    "OpenSSL generate %zu", len);
		FUZZ_ASSERT(!memcmp(got, want, len),
			    "output differs: len %zu addin %zu op %u", len,
			    addinlen, ops);
	}
	nobs_ctr_drbg_uninstantiate(&d);
	return 0;
}
