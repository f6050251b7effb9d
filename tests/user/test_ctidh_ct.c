// SPDX-License-Identifier: GPL-2.0
/*
 * Constant-time evidence for the CTIDH-512 group action (CTIDH-511,
 * CTIDH-1024 and CTIDH-2048 built with -DTEST_CTIDH511, -DTEST_CTIDH1024,
 * -DTEST_CTIDH2048: test_ctidh511_ct, test_ctidh1024_ct,
 * test_ctidh2048_ct), run under valgrind memcheck (make valgrind), as
 * test_csidh_ct.c does for CSIDH:
 * the private keys are marked undefined (VALGRIND_MAKE_MEM_UNDEFINED), so
 * memcheck reports every branch and memory address that depends on them.
 * A public key and a shared secret must run with no such report, and
 * key generation with its random bytes marked undefined.  The
 * core is built with NOBS_CSIDH_VALGRIND, which turns nobs_ctidh_public()
 * into VALGRIND_MAKE_MEM_DEFINED on what the algorithm reveals by design
 * (each step's outcome, Elligator's rejections, whether a key is in the
 * key space, key generation's rejected draws: isogeny/ctidh_action_tmpl.c).  Each field implementation the
 * CPU runs under valgrind is checked, and for CTIDH-511/512/1024 the way the
 * core takes with the vector code (nobs_ctidh_test_pairs()).  Outside
 * valgrind: a SKIP line.
 *
 * One undefined key, its public key and its shared secret with the base
 * curve (A = 0, a valid peer key), which must be that public key: two
 * actions a field (ctidh1024's and ctidh2048's take 3 and 15 s and more
 * under memcheck).  A second undefined key would run the same code:
 * memcheck reports a branch or an address that depends on undefined
 * data, whatever the data's value, and each action walks through curves
 * other than the base one.
 *
 * Usage: valgrind --error-exitcode=99 test_ctidh_ct [-control]
 * (-control adds one deliberate key-dependent branch, which must be
 * reported: proof that the harness sees what it should.)
 */
#include <stdio.h>
#include <string.h>
#include <valgrind/memcheck.h>

/* The set: CT(name), T_SET, size[] and bound[] (ctidh_set.h). */
#include "ctidh_set.h"
#include "csidh_test_rng.h"
#include "fp_cpu.h"

_Static_assert(ARRAY_SIZE(size) == ARRAY_SIZE(bound), "one bound a batch");

static int passed, failed, skipped;
static struct nobs_csidh_ws ws;

/*
 * The core's way with the vector code (both points of a round cleared in
 * lockstep), which valgrind, without AVX-512, would not run otherwise;
 * asked by the sets whose field has vector code (ctidh511, ctidh512)
 */
static bool pairs;

bool nobs_ctidh_test_pairs(void)
{
	return pairs;
}

/* a key with each batch's whole bound on random primes, random signs */
static void make_key(u8 sk[SK_SIZE], unsigned long long *s)
{
	unsigned char r[64];
	int b, j, lo = 0;

	memset(sk, 0, SK_SIZE);
	for (b = 0; b < (int)ARRAY_SIZE(size); b++) {
		csidh_test_random(s, r, sizeof(r));
		for (j = 0; j < bound[b]; j++)
			sk[lo + r[j] % size[b]]++;
		for (j = 0; j < size[b]; j++)
			if (r[40 + j] & 1)
				sk[lo + j] = (u8)-(s8)sk[lo + j];
		lo += size[b];
	}
}

static void report(int ok, const char *what, const char *impl, int err,
		   unsigned long n)
{
	if (ok) {
		passed++;
	} else {
		failed++;
		printf("FAIL: %s (%s): err %d, %lu memcheck reports\n", what,
		       impl, err, n);
	}
}

/* the test stream, its bytes marked secret: key generation's input */
static void secret_random(void *ctx, void *buf, size_t len)
{
	csidh_test_random(ctx, buf, len);
	VALGRIND_MAKE_MEM_UNDEFINED(buf, len);
}

/* Key generation: nothing but its rejections may read the randomness. */
static void keygen(int control)
{
	unsigned long long seed = 3;
	struct nobs_csidh_env env = { secret_random, NULL, &seed };
	unsigned long before, after;
	u8 sk[SK_SIZE];
	int i;

	before = VALGRIND_COUNT_ERRORS;
	for (i = 0; i < 20; i++) {
		CT(random_private_key)(sk, &env);
		if (control && (sk[0] & 1))	/* deliberate leak */
			seed++;
	}
	after = VALGRIND_COUNT_ERRORS;
	report(after == before, "key generation", "-", 0, after - before);
}

static void run(const char *impl, int control)
{
	unsigned long long seed = 7, keyseed = 11;
	struct nobs_csidh_env env = { csidh_test_random, NULL, &seed };
	static const u8 base[PK_SIZE];	/* A = 0 */
	u8 sk[SK_SIZE], pk[PK_SIZE], ss[PK_SIZE];
	unsigned long before, after;
	int err;

	printf("%s ct: fp %s%s\n", T_SET,
	       nobs_test_fp_select(!strcmp(impl, "asm")),
	       pairs ? ", both points in lockstep" : "");
	fflush(stdout);
	make_key(sk, &keyseed);

	before = VALGRIND_COUNT_ERRORS;
	VALGRIND_MAKE_MEM_UNDEFINED(sk, sizeof(sk));
	if (control && (sk[0] & 1))	/* deliberate leak */
		seed++;
	err = CT(public_key)(pk, sk, &env, &ws);
	/* a public key is public: declassify it, as a caller would */
	VALGRIND_MAKE_MEM_DEFINED(pk, sizeof(pk));
	VALGRIND_MAKE_MEM_DEFINED(&err, sizeof(err));
	after = VALGRIND_COUNT_ERRORS;
	report(!err && after == before, "public key", impl, err,
	       after - before);

	before = after;
	err = CT(shared_secret)(ss, sk, base, &env, &ws);
	VALGRIND_MAKE_MEM_DEFINED(&err, sizeof(err));
	after = VALGRIND_COUNT_ERRORS;
	report(!err && after == before, "shared secret", impl, err,
	       after - before);

	/* the action on the base curve is the public key's */
	VALGRIND_MAKE_MEM_DEFINED(ss, sizeof(ss));
	report(!err && !memcmp(ss, pk, sizeof(ss)), "secret with A = 0", impl,
	       err, 0);
}

int main(int argc, char **argv)
{
	int control = argc > 1 && !strcmp(argv[1], "-control");

	if (!RUNNING_ON_VALGRIND) {
		printf("SKIP: %s constant time: not running under valgrind\n",
		       T_SET);
		skipped++;
	} else {
		keygen(control);
		run("generic", control);
		if (nobs_test_have_fp_asm())
			run("asm", control);
#if !defined(TEST_CTIDH2048)
		pairs = true;
		run(nobs_test_have_fp_asm() ? "asm" : "generic", control);
#endif
	}
	printf("SUITE: %d passed, %d failed, %d skipped\n",
	       passed, failed, skipped);
	return failed ? 1 : 0;
}
