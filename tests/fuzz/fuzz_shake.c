// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_shake: the Keccak sponge (SHAKE128/256, SHA3-224..512) against
 * OpenSSL.  The input chooses the member, the permutation (generic C or
 * this CPU's fast path), the absorb and squeeze split points and the
 * output length; the rest is the message.  Both permutations must also
 * give the same bytes.
 */
#include "fuzz_sha3.h"

static const struct {
	const char *ossl;
	int xof;
	unsigned int param;	/* security for SHAKE, digest size for SHA3 */
} members[] = {
	{ "SHAKE128", 1, 128 }, { "SHAKE256", 1, 256 },
	{ "SHA3-224", 0, 28 }, { "SHA3-256", 0, 32 },
	{ "SHA3-384", 0, 48 }, { "SHA3-512", 0, 64 },
};

static uint8_t got[FUZZ_MAX_OUT], got2[FUZZ_MAX_OUT], want[FUZZ_MAX_OUT];

static void run(unsigned int m, const struct nobs_keccak_impl *impl,
		const struct fuzz_split *ab, const struct fuzz_split *sq,
		const uint8_t *msg, size_t len, uint8_t *out, size_t outlen)
{
	struct nobs_keccak k;
	int err;

	memset(&k, 0xa5, sizeof(k));
	if (members[m].xof)
		err = nobs_keccak_shake_init(&k, members[m].param);
	else
		err = nobs_keccak_sha3_init(&k, members[m].param);
	FUZZ_ASSERT(!err, "init %s: %d", members[m].ossl, err);
	fuzz_absorb(&k, impl, ab, msg, len);
	fuzz_squeeze(&k, impl, sq, out, outlen);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_in in = { data, size };
	struct fuzz_split ab, sq;
	unsigned int sel = fuzz_u8(&in), m = sel % 6;
	size_t outlen;

	outlen = fuzz_u16(&in) % FUZZ_MAX_OUT;
	if (!members[m].xof)
		outlen = members[m].param;
	fuzz_split_read(&in, &ab, 0x3ff);
	fuzz_split_read(&in, &sq, 0x1ff);

	run(m, fuzz_impl(0), &ab, &sq, in.p, in.n, got, outlen);
	run(m, fuzz_impl(sel & 0x80 ? 2 : 1), &ab, &sq, in.p, in.n, got2, outlen);
	FUZZ_ASSERT(!memcmp(got, got2, outlen), "%s: generic != fast path",
		    members[m].ossl);
	if (!outlen)
		return 0;
	FUZZ_ASSERT(!fuzz_ossl_md(members[m].ossl, members[m].xof, in.p, in.n,
				  NULL, 0, want, outlen), "OpenSSL failed");
	FUZZ_ASSERT(!memcmp(got, want, outlen), "%s: %zu-byte message, %zu out",
		    members[m].ossl, in.n, outlen);
	return 0;
}
