// SPDX-License-Identifier: GPL-2.0
/*
 * Constant-time evidence for the CSIDH-512 group action (CSIDH-1024 built
 * with -DTEST_CSIDH1024), run under valgrind memcheck (make valgrind):
 *
 * the private key is marked undefined (VALGRIND_MAKE_MEM_UNDEFINED), so
 * memcheck reports every branch and every memory address that depends on
 * it ("Conditional jump or move depends on uninitialised value(s)", "Use
 * of uninitialised value").  Key generation and derive must run with zero
 * such reports.  The core is built with NOBS_CSIDH_VALGRIND, which turns
 * nobs_csidh_public() into VALGRIND_MAKE_MEM_DEFINED on the few values the
 * algorithm reveals by design (whether a sampled point had l-torsion, and
 * whether the key encoding was valid; see isogeny/csidh_action_tmpl.c).
 *
 * Each field implementation the CPU runs under valgrind is checked
 * (memcheck hides ADX: the assembly runs only where valgrind shows it),
 * with two actions: one undefined key's public key, and a derive with
 * another undefined key against that public key.  A second key pair would
 * run the same code (memcheck reports a branch or an address that depends
 * on undefined data, whatever its value), and the agreement of the
 * exchange is test_csidh's and test_csidh1024's.  CSIDH-1024 (an action
 * is about a minute under memcheck) runs on the generic field only.
 * Outside valgrind the test prints a SKIP line.
 *
 * Usage: valgrind --error-exitcode=99 test_csidh_ct [-control]
 * (-control adds one deliberate secret-dependent branch, which must be
 * reported: proof that the harness sees what it should.)
 */
#include <stdio.h>
#include <string.h>
#include <valgrind/memcheck.h>

#include "csidh_test_rng.h"
#include "csidh_param.h"
#include "fp_cpu.h"

#ifdef TEST_CSIDH1024
#define CT_ONE_FIELD	1	/* the generic field only */
#else
#define CT_ONE_FIELD	0
#endif

static int passed, failed, skipped;


static void run(const char *impl, int control)
{
	unsigned long long seed = 7;
	struct nobs_csidh_env env = { csidh_test_random, NULL, &seed };
	unsigned char sk_a[NOBS_CSIDHX_PRIVATE_KEY_SIZE], sk_b[NOBS_CSIDHX_PRIVATE_KEY_SIZE];
	unsigned char pk_a[NOBS_CSIDHX_PUBLIC_KEY_SIZE], ss_b[NOBS_CSIDHX_PUBLIC_KEY_SIZE];
	unsigned long before, after;
	int err;

	printf("%s ct: fp %s\n", T_NAME, nobs_test_fp_select(!strcmp(impl, "asm")));
	fflush(stdout);
	NOBS_CSIDHX(random_private_key)(sk_a, &env);
	NOBS_CSIDHX(random_private_key)(sk_b, &env);

	before = VALGRIND_COUNT_ERRORS;
	VALGRIND_MAKE_MEM_UNDEFINED(sk_a, sizeof(sk_a));
	VALGRIND_MAKE_MEM_UNDEFINED(sk_b, sizeof(sk_b));
	if (control && (sk_a[0] & 1))	/* deliberate leak */
		seed++;

	err = NOBS_CSIDHX(public_key)(pk_a, sk_a, &env, &t_ws);
	/* a public key is public: declassify it, as a caller would */
	VALGRIND_MAKE_MEM_DEFINED(pk_a, sizeof(pk_a));
	VALGRIND_MAKE_MEM_DEFINED(&err, sizeof(err));
	after = VALGRIND_COUNT_ERRORS;
	if (!err && after == before) {
		passed++;
	} else {
		failed++;
		printf("FAIL: keygen (%s): err %d, %lu memcheck reports\n",
		       impl, err, after - before);
	}

	before = after;
	err = NOBS_CSIDHX(shared_secret)(ss_b, sk_b, pk_a, &env, &t_ws);
	VALGRIND_MAKE_MEM_DEFINED(&err, sizeof(err));
	after = VALGRIND_COUNT_ERRORS;
	if (!err && after == before) {
		passed++;
	} else {
		failed++;
		printf("FAIL: derive (%s): err %d, %lu memcheck reports\n",
		       impl, err, after - before);
	}
}

int main(int argc, char **argv)
{
	int control = argc > 1 && !strcmp(argv[1], "-control");

	if (!RUNNING_ON_VALGRIND) {
		printf("SKIP: csidh constant time: not running under valgrind\n");
		skipped++;
	} else {
		run("generic", control);
		if (!CT_ONE_FIELD && nobs_test_have_fp_asm())
			run("asm", control);
	}
	printf("SUITE: %d passed, %d failed, %d skipped\n",
	       passed, failed, skipped);
	return failed ? 1 : 0;
}
