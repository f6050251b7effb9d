// SPDX-License-Identifier: GPL-2.0
/*
 * Known-answer tests for every SHA-3 family member the glue registers,
 * and for what only the library (<nobs/sha3.h>) offers.
 *
 * Pure C over the core (no crypto API), so the module runs them at load on
 * the chosen permutation and on the generic one, and tests/user runs the
 * very same tables under ASan/UBSan.
 *
 * Sources of the expected values:
 * - SHA3-*, SHAKE*: NIST FIPS 202 example values ("Examples with
 *   Intermediate Values", csrc.nist.gov, SHA3-224/256/384/512 and
 *   SHAKE128/256 for the 0-bit message and the 1600-bit message of 0xa3
 *   bytes); for SHAKE the first 32 bytes and the last 32 bytes (offset
 *   480) of the published 4096-bit output, so squeezing crosses blocks.
 * - cSHAKE*, KMAC*: NIST SP 800-185 example values (cSHAKE_samples.pdf
 *   samples 1-4, KMAC_samples.pdf samples 1-6).
 */
#include "keccak.h"

enum nobs_kat_msg {
	KAT_MSG_EMPTY,		/* the empty message */
	KAT_MSG_A3_200,		/* 200 bytes of 0xa3 (FIPS 202 examples) */
	KAT_MSG_SEQ_4,		/* 00 01 02 03 (SP 800-185 samples) */
	KAT_MSG_SEQ_200,	/* 00 01 .. c7 (SP 800-185 samples) */
};

/**
 * struct nobs_kat - one known answer
 * @alg:    family member
 * @msg:    message, generated from its description
 * @s:      cSHAKE or KMAC customization string S (NUL-terminated ASCII)
 * @offset: position of @expect in the output stream
 * @expect: expected output bytes, hex, in up to two strings of up to 32
 *          bytes each (concatenated)
 *
 * KMAC vectors use the SP 800-185 sample key 40 41 .. 5f (32 bytes) and
 * output length L = 8 times the number of expected bytes.
 */
struct nobs_kat {
	enum nobs_sha3_alg alg;
	enum nobs_kat_msg msg;
	const char *s;
	unsigned int offset;
	const char *expect[2];
};

static const struct nobs_kat nobs_sha3_kats[] = {
	{ NOBS_SHA3_SHAKE128, KAT_MSG_EMPTY, "", 0,
	  { "7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26" } },
	{ NOBS_SHA3_SHAKE128, KAT_MSG_EMPTY, "", 480,
	  { "43e41b45a653f2a5c4492c1add544512dda2529833462b71a41a45be97290b6f" } },
	{ NOBS_SHA3_SHAKE128, KAT_MSG_A3_200, "", 0,
	  { "131ab8d2b594946b9c81333f9bb6e0ce75c3b93104fa3469d3917457385da037" } },
	{ NOBS_SHA3_SHAKE128, KAT_MSG_A3_200, "", 480,
	  { "44c9fb359fd56ac0a9a75a743cff6862f17d7259ab075216c0699511643b6439" } },
	{ NOBS_SHA3_SHAKE256, KAT_MSG_EMPTY, "", 0,
	  { "46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762f" } },
	{ NOBS_SHA3_SHAKE256, KAT_MSG_EMPTY, "", 480,
	  { "ab0bae316339894304e35877b0c28a9b1fd166c796b9cc258a064a8f57e27f2a" } },
	{ NOBS_SHA3_SHAKE256, KAT_MSG_A3_200, "", 0,
	  { "cd8a920ed141aa0407a22d59288652e9d9f1a7ee0c1e7c1ca699424da84a904d" } },
	{ NOBS_SHA3_SHAKE256, KAT_MSG_A3_200, "", 480,
	  { "6a1a9d7846436e4dca5728b6f760eef0ca92bf0be5615e96959d767197a0beeb" } },
	{ NOBS_SHA3_CSHAKE128, KAT_MSG_SEQ_4, "Email Signature", 0,
	  { "c1c36925b6409a04f1b504fcbca9d82b4017277cb5ed2b2065fc1d3814d5aaf5" } },
	{ NOBS_SHA3_CSHAKE128, KAT_MSG_SEQ_200, "Email Signature", 0,
	  { "c5221d50e4f822d96a2e8881a961420f294b7b24fe3d2094baed2c6524cc166b" } },
	{ NOBS_SHA3_CSHAKE256, KAT_MSG_SEQ_4, "Email Signature", 0,
	  { "d008828e2b80ac9d2218ffee1d070c48b8e4c87bff32c9699d5b6896eee0edd1",
	    "64020e2be0560858d9c00c037e34a96937c561a74c412bb4c746469527281c8c" } },
	{ NOBS_SHA3_CSHAKE256, KAT_MSG_SEQ_200, "Email Signature", 0,
	  { "07dc27b11e51fbac75bc7b3c1d983e8b4b85fb1defaf218912ac864302730917",
	    "27f42b17ed1df63e8ec118f04b23633c1dfb1574c8fb55cb45da8e25afb092bb" } },
	{ NOBS_SHA3_KMAC128, KAT_MSG_SEQ_4, "", 0,
	  { "e5780b0d3ea6f7d3a429c5706aa43a00fadbd7d49628839e3187243f456ee14e" } },
	{ NOBS_SHA3_KMAC128, KAT_MSG_SEQ_4, "My Tagged Application", 0,
	  { "3b1fba963cd8b0b59e8c1a6d71888b7143651af8ba0a7070c0979e2811324aa5" } },
	{ NOBS_SHA3_KMAC128, KAT_MSG_SEQ_200, "My Tagged Application", 0,
	  { "1f5b4e6cca02209e0dcb5ca635b89a15e271ecc760071dfd805faa38f9729230" } },
	{ NOBS_SHA3_KMAC256, KAT_MSG_SEQ_4, "My Tagged Application", 0,
	  { "20c570c31346f703c9ac36c61c03cb64c3970d0cfc787e9b79599d273a68d2f7",
	    "f69d4cc3de9d104a351689f27cf6f5951f0103f33f4f24871024d9c27773a8dd" } },
	{ NOBS_SHA3_KMAC256, KAT_MSG_SEQ_200, "", 0,
	  { "75358cf39e41494e949707927cee0af20a3ff553904c86b08f21cc414bcfd691",
	    "589d27cf5e15369cbbff8b9a4c2eb17800855d0235ff635da82533ec6b759b69" } },
	{ NOBS_SHA3_KMAC256, KAT_MSG_SEQ_200, "My Tagged Application", 0,
	  { "b58618f71f92e1d56c1b8c55ddd7cd188b97b4ca4d99831eb2699a837da2e4d9",
	    "70fbacfde50033aea585f1a2708510c32d07880801bd182898fe476876fc8965" } },
	{ NOBS_SHA3_224, KAT_MSG_EMPTY, "", 0,
	  { "6b4e03423667dbb73b6e15454f0eb1abd4597f9a1b078e3f5b5a6bc7" } },
	{ NOBS_SHA3_224, KAT_MSG_A3_200, "", 0,
	  { "9376816aba503f72f96ce7eb65ac095deee3be4bf9bbc2a1cb7e11e0" } },
	{ NOBS_SHA3_256, KAT_MSG_EMPTY, "", 0,
	  { "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a" } },
	{ NOBS_SHA3_256, KAT_MSG_A3_200, "", 0,
	  { "79f38adec5c20307a98ef76e8324afbfd46cfd81b22e3973c65fa1bd9de31787" } },
	{ NOBS_SHA3_384, KAT_MSG_EMPTY, "", 0,
	  { "0c63a75b845e4f7d01107d852e4c2485c51a50aaaa94fc61995e71bbee983a2a",
	    "c3713831264adb47fb6bd1e058d5f004" } },
	{ NOBS_SHA3_384, KAT_MSG_A3_200, "", 0,
	  { "1881de2ca7e41ef95dc4732b8f5f002b189cc1e42b74168ed1732649ce1dbcdd",
	    "76197a31fd55ee989f2d7050dd473e8f" } },
	{ NOBS_SHA3_512, KAT_MSG_EMPTY, "", 0,
	  { "a69f73cca23a9ac5c8b567dc185a756e97c982164fe25859e0d1dcc1475c80a6",
	    "15b2123af1f5f94c11e3e9402c3ac558f500199d95b6d3e301758586281dcd26" } },
	{ NOBS_SHA3_512, KAT_MSG_A3_200, "", 0,
	  { "e76dfad22084a8b1467fcf2ffa58361bec7628edf5f3fdc0e4805dc48caeeca8",
	    "1b7c13c30adf52a3659584739a2df46be589c51ca1a4a8416df6545a1ce8ba00" } },
};

#define KAT_MAX_OUT	64
#define KAT_MAX_MSG	200

static int nobs_hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

/* Return the number of bytes decoded, or 0 if @hex is malformed or long. */
static size_t nobs_unhex(u8 *out, size_t max, const char *hex)
{
	size_t n = 0;
	int hi, lo;

	while (hex[0] && hex[1]) {
		hi = nobs_hexval(hex[0]);
		lo = nobs_hexval(hex[1]);
		if (hi < 0 || lo < 0 || n == max)
			return 0;
		out[n++] = (u8)(hi << 4 | lo);
		hex += 2;
	}
	return hex[0] ? 0 : n;
}

static size_t nobs_kat_message(u8 *msg, enum nobs_kat_msg kind)
{
	size_t i;

	switch (kind) {
	case KAT_MSG_A3_200:
		memset(msg, 0xa3, 200);
		return 200;
	case KAT_MSG_SEQ_4:
	case KAT_MSG_SEQ_200:
		for (i = 0; i < 200; i++)
			msg[i] = (u8)i;
		return kind == KAT_MSG_SEQ_4 ? 4 : 200;
	default:
		return 0;
	}
}

/* Absorb @len bytes either at once or in pieces of 1, 2, 3, ... bytes. */
static void nobs_kat_absorb(struct nobs_keccak *k,
			    const struct nobs_keccak_impl *impl,
			    const u8 *in, size_t len, bool split)
{
	size_t piece = 1, n;

	if (!split) {
		nobs_keccak_absorb(k, impl, in, len);
		return;
	}
	while (len) {
		n = min_t(size_t, piece++, len);
		nobs_keccak_absorb(k, impl, in, n);
		in += n;
		len -= n;
	}
}

static int nobs_kat_run(const struct nobs_kat *t,
			const struct nobs_keccak_impl *impl, bool split)
{
	static const u8 key[32] = {
		0x40, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47,
		0x48, 0x49, 0x4a, 0x4b, 0x4c, 0x4d, 0x4e, 0x4f,
		0x50, 0x51, 0x52, 0x53, 0x54, 0x55, 0x56, 0x57,
		0x58, 0x59, 0x5a, 0x5b, 0x5c, 0x5d, 0x5e, 0x5f,
	};
	u8 msg[KAT_MAX_MSG], expect[KAT_MAX_OUT], out[KAT_MAX_OUT];
	const u8 *s = (const u8 *)t->s;
	size_t msglen, outlen, slen = strlen(t->s), skip, n;
	struct nobs_keccak k;
	int ret = 0;

	outlen = nobs_unhex(expect, 32, t->expect[0]);
	if (t->expect[1]) {
		n = nobs_unhex(expect + 32, 32, t->expect[1]);
		if (outlen != 32 || !n)
			return -EINVAL;
		outlen += n;
	}
	if (!outlen)
		return -EINVAL;
	msglen = nobs_kat_message(msg, t->msg);

	switch (t->alg) {
	case NOBS_SHA3_SHAKE128:
		ret = nobs_keccak_shake_init(&k, 128);
		break;
	case NOBS_SHA3_SHAKE256:
		ret = nobs_keccak_shake_init(&k, 256);
		break;
	case NOBS_SHA3_CSHAKE128:
		ret = nobs_keccak_cshake_init(&k, impl, 128, NULL, 0, s, slen);
		break;
	case NOBS_SHA3_CSHAKE256:
		ret = nobs_keccak_cshake_init(&k, impl, 256, NULL, 0, s, slen);
		break;
	case NOBS_SHA3_KMAC128:
		ret = nobs_keccak_kmac_init(&k, impl, 128, key, sizeof(key), s, slen);
		break;
	case NOBS_SHA3_KMAC256:
		ret = nobs_keccak_kmac_init(&k, impl, 256, key, sizeof(key), s, slen);
		break;
	case NOBS_SHA3_224:
	case NOBS_SHA3_256:
	case NOBS_SHA3_384:
	case NOBS_SHA3_512:
		ret = nobs_keccak_sha3_init(&k, (unsigned int)outlen);
		break;
	default:
		ret = -EINVAL;
	}
	if (ret)
		return ret;

	nobs_kat_absorb(&k, impl, msg, msglen, split);
	if (t->alg == NOBS_SHA3_KMAC128 || t->alg == NOBS_SHA3_KMAC256)
		nobs_keccak_end_input(&k, impl, outlen);

	/* Discard up to the offset, in odd-sized pieces when splitting. */
	for (skip = t->offset; skip; skip -= n) {
		n = min_t(size_t, skip, split ? 7 : sizeof(out));
		nobs_keccak_squeeze(&k, impl, out, n);
	}
	if (split) {
		nobs_keccak_squeeze(&k, impl, out, 1);
		nobs_keccak_squeeze(&k, impl, out + 1, outlen - 1);
	} else {
		nobs_keccak_squeeze(&k, impl, out, outlen);
	}
	if (memcmp(out, expect, outlen))
		ret = -EBADMSG;
	memzero_explicit(&k, sizeof(k));
	return ret;
}

/**
 * nobs_sha3_kat() - run the known-answer tests of one family member
 * @alg:  member to test
 * @impl: permutation to test it on
 *
 * Every vector runs twice: with one absorb and one squeeze call, and with
 * the input and output split into small odd-sized pieces.  When @impl needs
 * SIMD, the caller holds the SIMD context (at most ~1 KiB is processed).
 *
 * Return: 0 if every vector for @alg matches, -EBADMSG if one does not,
 * -EINVAL if @alg has no vectors or a table entry is malformed.
 */
int nobs_sha3_kat(enum nobs_sha3_alg alg, const struct nobs_keccak_impl *impl)
{
	unsigned int i, found = 0;
	int ret;

	for (i = 0; i < ARRAY_SIZE(nobs_sha3_kats); i++) {
		if (nobs_sha3_kats[i].alg != alg)
			continue;
		found++;
		ret = nobs_kat_run(&nobs_sha3_kats[i], impl, false);
		if (!ret)
			ret = nobs_kat_run(&nobs_sha3_kats[i], impl, true);
		if (ret)
			return ret;
	}
	return found ? 0 : -EINVAL;
}

/*
 * What only the library offers has no shash member to test: TupleHash,
 * the XOFs' L = 0 and ParallelHash, from NIST's SP 800-185 example values
 * (TupleHash_samples.pdf samples 3 and 5, KMACXOF_samples.pdf sample 2,
 * ParallelHash_samples.pdf sample 1; their messages: byte j of element or
 * block i is 0x10 * i + j), and one of NIST's ACVP cases below.
 */
static const u8 nobs_kat_kmacxof128[] = {
	0x31, 0xa4, 0x45, 0x27, 0xb4, 0xed, 0x9f, 0x5c,
	0x61, 0x01, 0xd1, 0x1d, 0xe6, 0xd2, 0x6f, 0x06,
	0x20, 0xaa, 0x5c, 0x34, 0x1d, 0xef, 0x41, 0x29,
	0x96, 0x57, 0xfe, 0x9d, 0xf1, 0xa3, 0xb1, 0x6c,
};

static const u8 nobs_kat_tuplehash128[] = {
	0xe6, 0x0f, 0x20, 0x2c, 0x89, 0xa2, 0x63, 0x1e,
	0xda, 0x8d, 0x4c, 0x58, 0x8c, 0xa5, 0xfd, 0x07,
	0xf3, 0x9e, 0x51, 0x51, 0x99, 0x8d, 0xec, 0xcf,
	0x97, 0x3a, 0xdb, 0x38, 0x04, 0xbb, 0x6e, 0x84,
};

static const u8 nobs_kat_tuplehash256[] = {
	0xcf, 0xb7, 0x05, 0x8c, 0xac, 0xa5, 0xe6, 0x68,
	0xf8, 0x1a, 0x12, 0xa2, 0x0a, 0x21, 0x95, 0xce,
	0x97, 0xa9, 0x25, 0xf1, 0xdb, 0xa3, 0xe7, 0x44,
	0x9a, 0x56, 0xf8, 0x22, 0x01, 0xec, 0x60, 0x73,
	0x11, 0xac, 0x26, 0x96, 0xb1, 0xab, 0x5e, 0xa2,
	0x35, 0x2d, 0xf1, 0x42, 0x3b, 0xde, 0x7b, 0xd4,
	0xbb, 0x78, 0xc9, 0xae, 0xd1, 0xa8, 0x53, 0xc7,
	0x86, 0x72, 0xf9, 0xeb, 0x23, 0xbb, 0xe1, 0x94,
};

static const u8 nobs_kat_parallelhash128[] = {
	0xba, 0x8d, 0xc1, 0xd1, 0xd9, 0x79, 0x33, 0x1d,
	0x3f, 0x81, 0x36, 0x03, 0xc6, 0x7f, 0x72, 0x60,
	0x9a, 0xb5, 0xe4, 0x4b, 0x94, 0xa0, 0xb8, 0xf9,
	0xaf, 0x46, 0x51, 0x44, 0x54, 0xa2, 0xb4, 0xf5,
};

/*
 * ParallelHash256 with B = 1 byte: 61 blocks, so a multi-lane permutation
 * of up to 8 lanes runs too.  NIST ACVP-Server v1.1.0.43,
 * ParallelHash-256-1.0 internalProjection.json, tcId 157 (L = 256, S of
 * 60 bytes; tests/vectors/acvp).
 */
static const u8 nobs_kat_ph256_msg[] = {
	0x19, 0xec, 0x22, 0xaf, 0xf2, 0x1f, 0xe2, 0x40,
	0x72, 0x0f, 0x21, 0xfd, 0x68, 0xfd, 0x5f, 0xa9,
	0x12, 0x14, 0x83, 0xe6, 0x97, 0x0f, 0x63, 0xc4,
	0xeb, 0x93, 0x59, 0xa7, 0xbf, 0x2c, 0x99, 0x8c,
	0x0b, 0xc2, 0xdf, 0xac, 0x33, 0x0d, 0x91, 0xcd,
	0xc9, 0xc5, 0x90, 0x0e, 0xf9, 0x4f, 0xbb, 0x92,
	0x00, 0xd3, 0xfb, 0x97, 0xb5, 0x81, 0x38, 0xf9,
	0x98, 0x56, 0xbc, 0x84, 0xed,
};

static const u8 nobs_kat_ph256_s[] = {
	0x7a, 0x44, 0x40, 0x79, 0x7c, 0x54, 0x67, 0x20,
	0x30, 0x5e, 0x44, 0x4e, 0x24, 0x59, 0x79, 0x63,
	0x33, 0x72, 0x5f, 0x66, 0x47, 0x28, 0x58, 0x54,
	0x2e, 0x28, 0x41, 0x31, 0x6c, 0x5d, 0x74, 0x4f,
	0x6f, 0x2e, 0x30, 0x4c, 0x79, 0x6b, 0x3c, 0x4d,
	0x57, 0x24, 0x2d, 0x74, 0x70, 0x2e, 0x6b, 0x62,
	0x70, 0x6a, 0x66, 0x35, 0x2f, 0x46, 0x53, 0x73,
	0x6a, 0x6a, 0x6b, 0x74,
};

static const u8 nobs_kat_parallelhash256[] = {
	0x9b, 0x04, 0x69, 0x9e, 0xd6, 0xc3, 0x67, 0x4a,
	0x58, 0xf0, 0x2a, 0xbb, 0x91, 0x95, 0xff, 0xe0,
	0xe5, 0x7b, 0xc6, 0x84, 0x1f, 0xcc, 0xa0, 0xad,
	0xe3, 0x20, 0xce, 0x38, 0xe1, 0x1c, 0x7e, 0x36,
};

/* TupleHash of @n elements of 3, 6, 9 .. bytes, with S = @s. */
static int nobs_kat_tuplehash(const struct nobs_keccak_impl *impl,
			      unsigned int security, unsigned int n,
			      const char *s, const u8 *expect, size_t outlen)
{
	struct nobs_keccak k;
	u8 elem[9], out[64];
	unsigned int i, j;
	int ret;

	ret = nobs_keccak_tuplehash_init(&k, impl, security, (const u8 *)s,
					 strlen(s));
	if (ret)
		return ret;
	for (i = 0; i < n; i++) {
		for (j = 0; j < 3 * (i + 1); j++)
			elem[j] = (u8)(0x10 * i + j);
		nobs_keccak_tuplehash_element(&k, impl, elem, 3 * (i + 1));
	}
	nobs_keccak_end_input(&k, impl, outlen);
	nobs_keccak_squeeze(&k, impl, out, outlen);
	memzero_explicit(&k, sizeof(k));
	return memcmp(out, expect, outlen) ? -EBADMSG : 0;
}

/**
 * nobs_sha3_lib_kat() - known answers for what only the library offers
 * @impl: permutation to test on (the caller holds the SIMD context if it
 *        needs one)
 * @xn:   multi-lane permutation for ParallelHash, or NULL
 *
 * Return: 0 if every answer matches, -EBADMSG if one does not.
 */
int nobs_sha3_lib_kat(const struct nobs_keccak_impl *impl,
		      const struct nobs_keccak_xn_impl *xn)
{
	static const char tag[] = "My Tagged Application";
	struct nobs_parallelhash_ctx ph;
	u8 key[32], msg[24], out[32];
	unsigned int i;
	int ret;

	for (i = 0; i < sizeof(key); i++)
		key[i] = (u8)(0x40 + i);
	for (i = 0; i < sizeof(msg); i++)
		msg[i] = (u8)(0x10 * (i / 8) + i % 8);

	/* KMACXOF128: key 40..5f, message 00 01 02 03 */
	ret = nobs_keccak_kmac_init(&ph.outer, impl, 128, key, sizeof(key),
				    (const u8 *)tag, sizeof(tag) - 1);
	if (ret)
		return ret;
	nobs_keccak_absorb(&ph.outer, impl, msg, 4);
	nobs_keccak_end_input(&ph.outer, impl, 0);
	nobs_keccak_squeeze(&ph.outer, impl, out, 2);
	nobs_keccak_squeeze(&ph.outer, impl, out + 2, sizeof(out) - 2);
	if (memcmp(out, nobs_kat_kmacxof128, sizeof(out)))
		ret = -EBADMSG;

	if (!ret)
		ret = nobs_kat_tuplehash(impl, 128, 3, "My Tuple App",
					 nobs_kat_tuplehash128,
					 sizeof(nobs_kat_tuplehash128));
	if (!ret)
		ret = nobs_kat_tuplehash(impl, 256, 2, "",
					 nobs_kat_tuplehash256,
					 sizeof(nobs_kat_tuplehash256));

	/* ParallelHash128: B = 8, three blocks, S empty, in two pieces */
	if (!ret)
		ret = nobs_keccak_parallelhash_init(&ph, impl, 128, 8, NULL, 0);
	if (!ret) {
		nobs_keccak_parallelhash_update(&ph, impl, xn, msg, 5);
		nobs_keccak_parallelhash_update(&ph, impl, xn, msg + 5,
						sizeof(msg) - 5);
		nobs_keccak_parallelhash_end_input(&ph, impl, sizeof(out));
		nobs_keccak_squeeze(&ph.outer, impl, out, sizeof(out));
		if (memcmp(out, nobs_kat_parallelhash128, sizeof(out)))
			ret = -EBADMSG;
	}

	/* ParallelHash256: B = 1, in pieces around the lanes' runs */
	if (!ret)
		ret = nobs_keccak_parallelhash_init(&ph, impl, 256, 1,
						    nobs_kat_ph256_s,
						    sizeof(nobs_kat_ph256_s));
	if (!ret) {
		nobs_keccak_parallelhash_update(&ph, impl, xn,
						nobs_kat_ph256_msg, 3);
		nobs_keccak_parallelhash_update(&ph, impl, xn,
						nobs_kat_ph256_msg + 3,
						sizeof(nobs_kat_ph256_msg) - 3);
		nobs_keccak_parallelhash_end_input(&ph, impl, sizeof(out));
		nobs_keccak_squeeze(&ph.outer, impl, out, sizeof(out));
		if (memcmp(out, nobs_kat_parallelhash256, sizeof(out)))
			ret = -EBADMSG;
	}
	memzero_explicit(&ph, sizeof(ph));
	memzero_explicit(key, sizeof(key));
	return ret;
}
