// SPDX-License-Identifier: GPL-2.0
/*
 * test_ctidh_common: nobs's csidh512 (csidh1024 with -DTEST_CSIDH1024)
 * gives high-ctidh's public key for every key that lies in both key
 * spaces: $NOBS_VECTORS/ctidh/ctidh_csidh_common.txt, lines "set sk pk"
 * made by high-ctidh (tests/vectors/README.md), sk its int8_t exponent
 * vector, pk its public_key_to_bytes().  CTIDH-511/512 share the CSIDH-512
 * prime, primes and encoding, CTIDH-1024 CSIDH-1024's: so the first CTIDH
 * known answers hold through the CSIDH engine: every key with the fastest
 * field, two of each set with the generic C too (which test_csidh*
 * checks against the reference's vectors).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csidh_test_rng.h"
#include "csidh_param.h"
#include "fp_cpu.h"
#include "vectors_json.h"

#ifdef TEST_CSIDH1024
static const char *const sets[] = { "ctidh1024" };
#else
static const char *const sets[] = { "ctidh511", "ctidh512" };
#endif

static u64 seed = 37;
static const struct nobs_csidh_env env = { csidh_test_random, NULL, &seed };
static struct nobs_csidh_ws ws;

static int hexin(unsigned char *out, size_t n, const char *s, size_t len)
{
	unsigned int v;
	size_t i;

	if (len != 2 * n)
		return -1;
	for (i = 0; i < n; i++) {
		if (sscanf(s + 2 * i, "%2x", &v) != 1)
			return -1;
		out[i] = (unsigned char)v;
	}
	return 0;
}

/* high-ctidh's int8_t vector to the CSIDH nibble encoding (even i: high) */
static int to_nibbles(u8 sk[NOBS_CSIDHX_PRIVATE_KEY_SIZE],
		      const unsigned char e[NOBS_CSIDHX_PRIMES])
{
	int i;

	memset(sk, 0, NOBS_CSIDHX_PRIVATE_KEY_SIZE);
	for (i = 0; i < NOBS_CSIDHX_PRIMES; i++) {
		int x = (signed char)e[i];

		if (x < -NOBS_CSIDHX_MAX_EXPONENT || x > NOBS_CSIDHX_MAX_EXPONENT)
			return -1;
		sk[i / 2] |= (u8)((x & 0xf) << (i % 2 ? 0 : 4));
	}
	return 0;
}

/* The index of the set named by set[0..len) in sets[], or -1. */
static int set_index(const char *set, size_t len)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(sets); i++)
		if (strlen(sets[i]) == len && !strncmp(set, sets[i], len))
			return i;
	return -1;
}

/* Each key of text's sets, at most per_set of each (0: all) */
static void run(char *text, const char *impl, int per_set)
{
	char *line, *save = NULL;
	int n = 0, seen[ARRAY_SIZE(sets)] = { 0 };

	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		unsigned char e[NOBS_CSIDHX_PRIMES];
		u8 sk[NOBS_CSIDHX_PRIVATE_KEY_SIZE];
		u8 want[NOBS_CSIDHX_PUBLIC_KEY_SIZE];
		u8 pk[NOBS_CSIDHX_PUBLIC_KEY_SIZE];
		char *a = strchr(line, ' '), *b = a ? strchr(a + 1, ' ') : NULL;
		int ok, set;

		if (line[0] == '#' || !a)
			continue;
		set = set_index(line, a - line);
		if (set < 0 || (per_set && seen[set] >= per_set))
			continue;
		seen[set]++;
		n++;
		ok = b && !hexin(e, sizeof(e), a + 1, b - a - 1) &&
		     !hexin(want, sizeof(want), b + 1, strlen(b + 1)) &&
		     !to_nibbles(sk, e) &&
		     !NOBS_CSIDHX(public_key)(pk, sk, &env, &ws) &&
		     !memcmp(pk, want, sizeof(pk));
		if (!ok)
			printf("  %s: the key of line %d (%.*s) with fp %s\n",
			       T_ALG, n, (int)(a - line), line, impl);
		check(ok, "high-ctidh's public key", n);
	}
	printf("%s: %d keys of high-ctidh's with fp %s\n", T_ALG, n, impl);
}

int main(void)
{
	const char *dir = getenv("NOBS_VECTORS");
	char path[4096], *text;
	int f;

	snprintf(path, sizeof(path), "%s/ctidh/ctidh_csidh_common.txt",
		 dir ? dir : NOBS_ROOT "/build/vectors");
	for (f = nobs_test_have_fp_asm() ? 1 : 0; f >= 0; f--) {
		text = slurp(path);
		if (!text) {
			printf("SKIP: ctidh common keys: %s not readable\n", path);
			skipped++;
			break;
		}
		/* every key with the fastest field, two a set with the other */
		run(text, nobs_test_fp_select(f),
		    f < nobs_test_have_fp_asm() ? 2 : 0);
		free(text);
	}
	printf("SUITE: %d passed, %d failed, %d skipped\n",
	       passed, failed, skipped);
	return failed ? 1 : 0;
}
