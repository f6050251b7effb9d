// SPDX-License-Identifier: GPL-2.0
/*
 * CTIDH benchmark (make bench), native: nobs's group action of one set
 * (ctidh512; -DTEST_CTIDH511, -DTEST_CTIDH1024, -DTEST_CTIDH2048: the
 * others) beside
 * high-ctidh's, in the same run and interleaved, so that both see the
 * same machine load: each round times BENCH_BATCH of nobs's actions (the
 * public key of a fresh random key, counting its multiplications M and
 * squarings S), then as many of high-ctidh's through its oracle
 * (tests/user/ctidh_ref_fresh.c -t, built outside the project:
 * $NOBS_CTIDH_REF/<set>-fresh, default /var/tmp/nobs-ctidh-ref), which
 * times each of its actions alone.  Both in nanoseconds of
 * CLOCK_MONOTONIC.  For each field implementation this CPU runs (the
 * generic C; the assembly without its vector code, bmi2adx; with it,
 * ifma, where the set's field has four-lane code and the CPU runs it):
 * the medians, their ratio (issue 37's targets: at most 0.8 with
 * BMI2/ADX, 0.6 with IFMA) and M+S per action beside high-ctidh's own
 * counts (docs/ctidh.md) and, for ctidh512, the paper's 438k.
 *
 * Usage: ctidh_bench [rounds]   (default 5; ctidh1024, ctidh2048 3)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "bench_clock.h"

#if defined(TEST_CTIDH511)
#include "isogeny/ctidh511.h"
#define CT(name)	nobs_ctidh511_##name
#define T_SET		"ctidh511"
#define SK_SIZE		NOBS_CTIDH511_PRIVATE_KEY_SIZE
#define PK_SIZE		NOBS_CTIDH511_PUBLIC_KEY_SIZE
#define HC_COUNT	"317k (median, untuned)"
#ifdef NOBS_FP512_VEC
#define T_VEC
#endif
#elif defined(TEST_CTIDH1024)
#include "isogeny/ctidh1024.h"
#define CT(name)	nobs_ctidh1024_##name
#define T_SET		"ctidh1024"
#define SK_SIZE		NOBS_CTIDH1024_PRIVATE_KEY_SIZE
#define PK_SIZE		NOBS_CTIDH1024_PUBLIC_KEY_SIZE
#define HC_COUNT	"374k (median, untuned)"
#ifdef NOBS_FP1024_VEC
#define T_VEC
#endif
#define BENCH_ROUNDS	3
#define BENCH_BATCH	2
#elif defined(TEST_CTIDH2048)
#include "isogeny/ctidh2048.h"
#define CT(name)	nobs_ctidh2048_##name
#define T_SET		"ctidh2048"
#define SK_SIZE		NOBS_CTIDH2048_PRIVATE_KEY_SIZE
#define PK_SIZE		NOBS_CTIDH2048_PUBLIC_KEY_SIZE
#define HC_COUNT	"361k (median, untuned)"
#define BENCH_ROUNDS	3
#define BENCH_BATCH	1
#else
#include "isogeny/ctidh512.h"
#define CT(name)	nobs_ctidh512_##name
#define T_SET		"ctidh512"
#define SK_SIZE		NOBS_CTIDH512_PRIVATE_KEY_SIZE
#define PK_SIZE		NOBS_CTIDH512_PUBLIC_KEY_SIZE
#define HC_COUNT	"446k (median, untuned); the paper: 438k"
#ifdef NOBS_FP512_VEC
#define T_VEC
#endif
#endif
#ifndef BENCH_ROUNDS
#define BENCH_ROUNDS	5
#define BENCH_BATCH	3
#endif
#define BENCH_MAX	(16 * BENCH_BATCH)

#include "csidh_test_rng.h"
#include "fp_cpu.h"

unsigned long long nobs_fp_count_mul, nobs_fp_count_sqr;

static struct nobs_csidh_ws ws;

/*
 * n of high-ctidh's actions (keys from the oracle's stream at @seed) into
 * t; 0, or -1 when the oracle is not at hand or fails
 */
static int hc_actions(const char *oracle, unsigned long long seed,
		      unsigned long long *t, int n)
{
	char cmd[4200], line[128];
	FILE *p;
	int k = 0;

	snprintf(cmd, sizeof(cmd), "'%s' -t %llu %d", oracle, seed, n);
	p = popen(cmd, "r");
	if (!p)
		return -1;
	while (k < n && fgets(line, sizeof(line), p))
		if (sscanf(line, "ns %llu", &t[k]) == 1)
			k++;
	return pclose(p) == 0 && k == n ? 0 : -1;
}

static void run(const char *impl, const char *oracle, int rounds)
{
	unsigned long long seed = 438, t[BENCH_MAX], ht[BENCH_MAX];
	unsigned long long ops, mn = ~0ULL, mx = 0, sum = 0, nm, hm;
	struct nobs_csidh_env env = { csidh_test_random, NULL, &seed };
	u8 sk[SK_SIZE], pk[PK_SIZE];
	const char *name = nobs_test_fp_select(strcmp(impl, "generic") != 0);
	int r, i, n = 0, have_hc = oracle != NULL;

#ifdef T_VEC
	/* "asm": with the vector code where the CPU has it; "scalar": not */
	if (!strcmp(impl, "scalar"))
		nobs_fp_vec_flag = false;
	else if (nobs_fp_vec_name())
		name = nobs_fp_vec_name();
#endif

	for (r = 0; r < rounds; r++) {
		for (i = 0; i < BENCH_BATCH; i++, n++) {
			unsigned long long t0;

			CT(random_private_key)(sk, &env);
			nobs_fp_count_mul = nobs_fp_count_sqr = 0;
			t0 = bench_ns();
			if (CT(public_key)(pk, sk, &env, &ws))
				abort();
			t[n] = bench_ns() - t0;
			ops = nobs_fp_count_mul + nobs_fp_count_sqr;
			sum += ops;
			mn = ops < mn ? ops : mn;
			mx = ops > mx ? ops : mx;
		}
		if (have_hc && hc_actions(oracle, 1000 + r, &ht[n - BENCH_BATCH],
					  BENCH_BATCH)) {
			printf("  (%s failed: no comparison)\n", oracle);
			have_hc = 0;
		}
	}
	nm = bench_median(t, n);
	printf("%-8s %10.1f", name, nm / 1e6);
	if (have_hc) {
		hm = bench_median(ht, n);
		printf(" %12.1f %7.2fx", hm / 1e6, (double)nm / hm);
	} else {
		printf(" %12s %8s", "-", "-");
	}
	printf(" %8.0fk %7.0fk %7.0fk\n", sum / 1e3 / n, mn / 1e3, mx / 1e3);
}

int main(int argc, char **argv)
{
	const char *dir = getenv("NOBS_CTIDH_REF");
	int rounds = argc > 1 ? atoi(argv[1]) : BENCH_ROUNDS;
	char oracle[4096];
	const char *o = oracle;

	if (rounds < 1 || rounds > 16)
		rounds = BENCH_ROUNDS;
	snprintf(oracle, sizeof(oracle), "%s/" T_SET "-fresh",
		 dir ? dir : "/var/tmp/nobs-ctidh-ref");
	if (access(oracle, X_OK))
		o = NULL;
	printf("%s: %d rounds of %d actions, median ms (CLOCK_MONOTONIC); high-ctidh %s\n",
	       T_SET, rounds, BENCH_BATCH,
	       o ? "interleaved, round by round" :
	       "not at hand (NOBS_CTIDH_REF, docs/ctidh.md)");
	printf("M+S per action: nobs's counted (mean, min, max); high-ctidh's: " HC_COUNT "\n");
	printf("%-8s %10s %12s %8s %9s %8s %8s\n", "fp", "nobs", "high-ctidh",
	       "ratio", "M+S", "min", "max");
	run("generic", o, rounds);
	if (nobs_test_have_fp_asm()) {
		run("scalar", o, rounds);
#ifdef T_VEC
		/* products four at a time (ctidh_action_tmpl.c) */
		nobs_test_fp_select(true);
		if (nobs_fp_vec_name())
			run("asm", o, rounds);
#endif
	}
	printf("target: ratio <= 0.80 with BMI2/ADX (<= 0.60 with IFMA)\n");
	return 0;
}
