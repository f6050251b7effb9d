// SPDX-License-Identifier: GPL-2.0
/*
 * Every Keccak-f[1600] implementation against fixed known answers and
 * against nobs_keccak_generic, bit for bit.
 *
 * Known answers (independent sources, not produced by this code):
 *  - Keccak-f[1600] applied once and twice to the all-zero state: the
 *    Keccak team's "KeccakF-1600-IntermediateValues.txt" (keccak.team,
 *    published with the Keccak reference code and in XKCP under
 *    TestVectors/), final state after each permutation;
 *  - SHA3-256(""), SHAKE128("", 32), SHAKE256("", 64): the FIPS 202
 *    example values (NIST CSRC "Examples with Intermediate Values");
 *  - the six family members on a 1000-byte pattern message: Python's
 *    hashlib (OpenSSL-backed), computed once and recorded here.
 * The sponge used for those is a minimal one in this file, built only on
 * impl->absorb, so each implementation's absorb path is checked at every
 * rate on its own.
 *
 * Differential: 1000 random states through permute, and for every rate
 * 8..168 (step 8) random block counts 0..4 on misaligned input through
 * absorb, compared with nobs_keccak_generic.
 *
 * An implementation the CPU cannot run is reported as SKIP.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sha3/keccak.h"
#include "keccak_cpu.h"

#if defined(__aarch64__)
#include <sys/auxv.h>
#ifndef HWCAP_SHA3
#define HWCAP_SHA3 (1UL << 17)
#endif
#endif

static unsigned int passed, failed, skipped;

static void check(bool ok, const char *impl, const char *what)
{
	if (ok) {
		passed++;
	} else {
		failed++;
		printf("FAIL: %s: %s\n", impl, what);
	}
}

/* xorshift64*: reproducible pseudo-random test data */
static u64 rng_state = 0x9e3779b97f4a7c15ULL;

static u64 rnd(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 0x2545f4914f6cdd1dULL;
}

/* KeccakF-1600-IntermediateValues.txt: zero state after one permutation */
static const u64 kat_zero_1[25] = {
	0xF1258F7940E1DDE7ULL, 0x84D5CCF933C0478AULL, 0xD598261EA65AA9EEULL,
	0xBD1547306F80494DULL, 0x8B284E056253D057ULL, 0xFF97A42D7F8E6FD4ULL,
	0x90FEE5A0A44647C4ULL, 0x8C5BDA0CD6192E76ULL, 0xAD30A6F71B19059CULL,
	0x30935AB7D08FFC64ULL, 0xEB5AA93F2317D635ULL, 0xA9A6E6260D712103ULL,
	0x81A57C16DBCF555FULL, 0x43B831CD0347C826ULL, 0x01F22F1A11A5569FULL,
	0x05E5635A21D9AE61ULL, 0x64BEFEF28CC970F2ULL, 0x613670957BC46611ULL,
	0xB87C5A554FD00ECBULL, 0x8C3EE88A1CCF32C8ULL, 0x940C7922AE3A2614ULL,
	0x1841F924A2C509E4ULL, 0x16F53526E70465C2ULL, 0x75F644E97F30A13BULL,
	0xEAF1FF7B5CECA249ULL,
};

/* ... and after the second permutation */
static const u64 kat_zero_2[25] = {
	0x2D5C954DF96ECB3CULL, 0x6A332CD07057B56DULL, 0x093D8D1270D76B6CULL,
	0x8A20D9B25569D094ULL, 0x4F9C4F99E5E7F156ULL, 0xF957B9A2DA65FB38ULL,
	0x85773DAE1275AF0DULL, 0xFAF4F247C3D810F7ULL, 0x1F1B9EE6F79A8759ULL,
	0xE4FECC0FEE98B425ULL, 0x68CE61B6B9CE68A1ULL, 0xDEEA66C4BA8F974FULL,
	0x33C43D836EAFB1F5ULL, 0xE00654042719DBD9ULL, 0x7CF8A9F009831265ULL,
	0xFD5449A6BF174743ULL, 0x97DDAD33D8994B40ULL, 0x48EAD5FC5D0BE774ULL,
	0xE3B8C8EE55B7B03CULL, 0x91A0226E649E42E9ULL, 0x900E3129E7BADD7BULL,
	0x202A9EC5FAA3CCE8ULL, 0x5B3402464E1C3DB6ULL, 0x609F4E62A44C1059ULL,
	0x20D06CD26A8FBF5CULL,
};

struct sponge_kat {
	const char *name;
	unsigned int rate;
	u8 ds;
	size_t msglen;		/* of the pattern message */
	const char *hex;	/* expected output */
};

static const struct sponge_kat sponge_kats[] = {
	/* FIPS 202 examples, empty message */
	{ "SHA3-256(\"\")", 136, 0x06, 0,
	  "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a" },
	{ "SHAKE128(\"\", 32)", 168, 0x1f, 0,
	  "7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26" },
	{ "SHAKE256(\"\", 64)", 136, 0x1f, 0,
	  "46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762fd75dc4ddd8c0f200cb05019d67b592f6fc821c49479ab48640292eacb3b7c4be" },
	/* hashlib, m[i] = (31 * i + 7) mod 256, 1000 bytes */
	{ "SHA3-224(m)", 144, 0x06, 1000,
	  "7989dfd171a962c2ddef4ca6034a480e33f92d9ec131d6e378309cee" },
	{ "SHA3-256(m)", 136, 0x06, 1000,
	  "e9612e6ecfc2fc3c9467302e2563d3155906eaf49e0bb663e460791ef2fec839" },
	{ "SHA3-384(m)", 104, 0x06, 1000,
	  "70f30a5988edf28989c9d1bce5b07762120fbf8c9f53a466db2a02aed8c0f08bd24f70a57da28269c565575524967823" },
	{ "SHA3-512(m)", 72, 0x06, 1000,
	  "842d060a3f1a6d6b80aaf57258f0edb7e1c0abcfa112479ac989b1527d0b0c5ef6da88b7f6c80cd05a7a1e08d46865bf02620044ded6ef5c21c8902a38d4f909" },
	{ "SHAKE128(m, 32)", 168, 0x1f, 1000,
	  "b0e0c141ce415f44188aa69075387c0af2114a07797fd7ffd9a9afe7257b9ad3" },
	{ "SHAKE256(m, 64)", 136, 0x1f, 1000,
	  "1f9024b7861ad474ce4d8253ae8b899dec5219a9c5818db284d61b06be35774b04cc09cd7a29b84caabd9637030e7bc8f8d86532c49fa2a1b0fb6781121d7d45" },
};

/*
 * Minimal sponge on impl->absorb only: whole blocks straight from the
 * message, then one padded block.  Outputs here are shorter than the rate.
 */
static void sponge(const struct nobs_keccak_impl *impl, unsigned int rate,
		   u8 ds, const u8 *m, size_t len, u8 *out, size_t outlen)
{
	u64 st[25] = { 0 };
	u8 block[168];
	size_t full = len / rate, i;

	impl->absorb(st, m, full, rate);
	memset(block, 0, sizeof(block));
	memcpy(block, m + full * rate, len - full * rate);
	block[len - full * rate] ^= ds;
	block[rate - 1] ^= 0x80;
	impl->absorb(st, block, 1, rate);
	for (i = 0; i < outlen; i++)
		out[i] = (u8)(st[i / 8] >> (8 * (i % 8)));
}

static void hex2bin(const char *hex, u8 *out, size_t *len)
{
	size_t n = strlen(hex) / 2, i;

	for (i = 0; i < n; i++) {
		unsigned int v = 0;

		if (sscanf(hex + 2 * i, "%2x", &v) != 1)
			abort();
		out[i] = (u8)v;
	}
	*len = n;
}

static void test_kats(const struct nobs_keccak_impl *impl)
{
	u64 st[25] = { 0 };
	u8 msg[1000], want[64], got[64];
	size_t i, n;
	char what[96];

	impl->permute(st);
	check(!memcmp(st, kat_zero_1, sizeof(st)), impl->name,
	      "Keccak-f(0), KeccakF-1600-IntermediateValues");
	impl->permute(st);
	check(!memcmp(st, kat_zero_2, sizeof(st)), impl->name,
	      "Keccak-f(Keccak-f(0)), KeccakF-1600-IntermediateValues");

	for (i = 0; i < sizeof(msg); i++)
		msg[i] = (u8)(31 * i + 7);
	for (i = 0; i < ARRAY_SIZE(sponge_kats); i++) {
		const struct sponge_kat *k = &sponge_kats[i];

		hex2bin(k->hex, want, &n);
		sponge(impl, k->rate, k->ds, msg, k->msglen, got, n);
		snprintf(what, sizeof(what), "%s known answer", k->name);
		check(!memcmp(got, want, n), impl->name, what);
	}
}

static void test_vs_generic(const struct nobs_keccak_impl *impl)
{
	static u8 buf[5 * 168 + 16];
	u64 a[25], b[25];
	unsigned int it, i, rate, bad;
	char what[96];

	bad = 0;
	for (it = 0; it < 1000; it++) {
		for (i = 0; i < 25; i++)
			a[i] = b[i] = rnd();
		nobs_keccak_generic.permute(a);
		impl->permute(b);
		bad += !!memcmp(a, b, sizeof(a));
	}
	check(!bad, impl->name, "permute == generic on 1000 random states");

	for (rate = 8; rate <= 168; rate += 8) {
		bad = 0;
		for (it = 0; it < 20; it++) {
			size_t nblocks = it < 5 ? it : rnd() % 5;
			size_t off = rnd() % 16;

			for (i = 0; i < sizeof(buf); i++)
				buf[i] = (u8)rnd();
			for (i = 0; i < 25; i++)
				a[i] = b[i] = rnd();
			nobs_keccak_generic.absorb(a, buf + off, nblocks, rate);
			impl->absorb(b, buf + off, nblocks, rate);
			bad += !!memcmp(a, b, sizeof(a));
		}
		snprintf(what, sizeof(what),
			 "absorb == generic, rate %u, 0..4 blocks, misaligned",
			 rate);
		check(!bad, impl->name, what);
	}
}

static void run(const struct nobs_keccak_impl *impl, bool usable,
		const char *why)
{
	if (!usable) {
		skipped++;
		printf("SKIP: keccak-%s: %s\n", impl->name, why);
		return;
	}
	test_kats(impl);
	test_vs_generic(impl);
	printf("keccak-%s: checked\n", impl->name);
}

int main(void)
{
	/* the reference itself must match the published answers */
	run(&nobs_keccak_generic, true, NULL);
#ifdef NOBS_HAVE_KECCAK_X86
	run(&nobs_keccak_x86_bmi, nobs_user_has_bmi(), "CPU lacks BMI1/BMI2");
	run(&nobs_keccak_x86_avx512, nobs_user_has_avx512(),
	    "CPU or OS lacks AVX-512F/VL (zmm state)");
#endif
#ifdef NOBS_HAVE_KECCAK_ARM64
	run(&nobs_keccak_arm64_ce, getauxval(AT_HWCAP) & HWCAP_SHA3,
	    "CPU lacks FEAT_SHA3 (run under qemu -cpu max)");
#endif
	printf("SUITE: %u passed, %u failed, %u skipped\n",
	       passed, failed, skipped);
	return failed ? 1 : 0;
}
