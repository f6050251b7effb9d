/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Known answers of every nobs hash driver, shared by the guest programs
 * (tests/vm/progs/abuse.c, stress.c and tests/faults/faults.c).
 */
#ifndef NOBS_HASH_KATS_H
#define NOBS_HASH_KATS_H

#include <string.h>

/* ---- expected values ----------------------------------------------------
 * Computed on the host (Debian 12, /usr/bin/python3):
 *   M = bytes((i * 13 + 7) & 0xff for i in range(300))
 *   S = b"Email Signature"; K = bytes(range(0x40, 0x60))
 *   hashlib.shake_128(M).digest(32), shake_256(..64), sha3_*(M)
 *   Cryptodome.Hash.cSHAKE128.new(data=M, custom=S).read(32) (256: 64)
 *   openssl mac -macopt hexkey:<K> -macopt size:32|64 KMAC128|KMAC256
 * and the same for the empty message.  The 16 MiB stream: 256 blocks of
 * 64 KiB, block j = j as 8 little-endian bytes, then bytes
 * (i * 31 + 7) & 0xff for i = 8..65535, hashed with hashlib.shake_*.
 */
struct hash_kat {
	const char *name;
	unsigned int ds;
	int kind;		/* 0 unkeyed, 1 cshake (S), 2 kmac (K) */
	const char *m300, *empty, *stream;
};

static const struct hash_kat hash_kats[] __attribute__((unused)) = {
	{ "shake128", 32, 0,
	  "61766d3f337d1521f544da3975f1b5e7bacd6d70fc7b48360dc22eda56abafdb",
	  "7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26",
	  "8ef62cd7fa07fd32748dd816bbe793149cfb695a6d3f4289de34b7f931bea264" },
	{ "shake256", 64, 0,
	  "fe09f9ad908bd1c4946077a67afb8f857f8e965bb18d6b3bb7681ea6c1ced52e"
	  "a2f5683bd67c4db1d3ac7393dbe38a3369ff5b3869cc49875c4a6779ea195c04",
	  "46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762f"
	  "d75dc4ddd8c0f200cb05019d67b592f6fc821c49479ab48640292eacb3b7c4be",
	  "62b20652a62acd0ab0d7a2fb0053fceeefad2f28e1f12821165782a9e6309368"
	  "14aae4d416afef8700a0948a5d5e3b31069f02799fb303cb00f0e1be558a8be1" },
	{ "sha3-224", 28, 0,
	  "1c2dcbb5f40ee12c5ed5ec23461633f7ea552b6a1f5038cd570cd486",
	  "6b4e03423667dbb73b6e15454f0eb1abd4597f9a1b078e3f5b5a6bc7", NULL },
	{ "sha3-256", 32, 0,
	  "320865feee70928cf11f5cccb4d45b50567c760002968c91ecc2d3c2ad44ecc5",
	  "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a",
	  NULL },
	{ "sha3-384", 48, 0,
	  "1860c723a97e5e873527cf39a9151319c94cf8a9842698c3fada0e0fc9480a65"
	  "9b57978cec1f2a3770c3dca1b6baa45d",
	  "0c63a75b845e4f7d01107d852e4c2485c51a50aaaa94fc61995e71bbee983a2a"
	  "c3713831264adb47fb6bd1e058d5f004", NULL },
	{ "sha3-512", 64, 0,
	  "b0b820a0d4a5ecea4fe65852329292c58e80c630e7cf235e2eb90cc439f7a838"
	  "0d04c8e2c24461aa7c7c6a36f9f90d4705f82b661194817537771888e4a67973",
	  "a69f73cca23a9ac5c8b567dc185a756e97c982164fe25859e0d1dcc1475c80a6"
	  "15b2123af1f5f94c11e3e9402c3ac558f500199d95b6d3e301758586281dcd26",
	  NULL },
	{ "cshake128", 32, 1,
	  "555d452eb6acb51db6b30a541cafb4e99e96b9e9799ef772bc5bc2f161bcea19",
	  "22af17860970726beae182499c8cf8c2f17700f9856d1ea0d01f489c18b5b9d5",
	  NULL },
	{ "cshake256", 64, 1,
	  "9adc7eac1b2b532955d0fe7191dbe2e67a0d13f0f6ef80ba165a5de590a9577b"
	  "f27ed902946d84508912da0c75994fde544091fb2968b39d1091cd2926e8e939",
	  "a8dd3ab039e3926f6f22c130ef305c2f47a7fe8eb85f93433961c6fe1637619b"
	  "4c67f87f9c8bc583643cd5943f7acd332eb23f35d027cf2ca85b6c2da8ccbacf",
	  NULL },
	{ "kmac128", 32, 2,
	  "80b313a94a14144db79bb55fee4c86666b83ebcf3a7094e2f5721ffe8457537a",
	  "58e8a99428d57617aa5caeae1de3db108af411286e64a00a6e1f308c3fe9557c",
	  NULL },
	{ "kmac256", 64, 2,
	  "9741098457be643e25eae1c2a05457345df09e394638c37a3fab2f455faf9129"
	  "9bd53f4f0f66849024d6561ede5a3537c0ae917678414c0c77a4caddb17f25b5",
	  "2387aadc639d5214f0a794d88d613a2e43ad8261cc09be3ab328a3c72a0881d3"
	  "b550e8aa41d50b723cdd463509fdabf8f7a60ff737245c6e35a3820ee7530cd2",
	  NULL },
};

/* M, K and S as above; the NIST PQC KAT DRBG: randombytes_init(00..2f), randombytes(48). */
static const char S[] __attribute__((unused)) = "Email Signature";
static const char pqc_seed0[] __attribute__((unused)) =
	"061550234d158c5ec95595fe04ef7a25767f2e24cc2bc479d09d86dc9abcfde7"
	"056a8c266f9ef97ed08541dbd2e1ffa1";

/* The known answers of a driver name ("shake128-nobs-bmi"), or NULL. */
static inline const struct hash_kat *hash_kat_of(const char *driver)
{
	size_t i, n;

	for (i = 0; i < sizeof(hash_kats) / sizeof(hash_kats[0]); i++) {
		n = strlen(hash_kats[i].name);
		if (!strncmp(driver, hash_kats[i].name, n) && driver[n] == '-')
			return &hash_kats[i];
	}
	return NULL;
}

#endif
