// SPDX-License-Identifier: GPL-2.0
/*
 * The CSIDH-512 group action's operation count (CSIDH-1024 built with
 * -DTEST_CSIDH1024), and that it depends on public events only.
 *
 * What is public: the sampled points are random, so whether the point a
 * leaf needs lacks l-torsion ("fail"), and from that how many steps each
 * prime has had and which stragglers remain, varies from run to run.
 * Those events, not the key, are what the schedule reads.  This test
 * checks the reading that can be checked: the core (built with
 * NOBS_CSIDH_COUNT) reports every public event (round start, pair
 * sampled, each leaf with its prime and whether it stepped), and the
 * field multiplications and squarings between two consecutive events
 * must be the same for every key, in every run, whenever the public data
 * (which round, its primes, the leaf, its event) are the same.  Keys:
 * all-zero, all +max, all -max, alternating, and random ones; each run with
 * its own random stream.  It also asserts the count stays within the
 * budget below, and prints min / max / mean over the keys.
 *
 * Usage: test_csidh_ops [keys]   (default 24; CSIDH-1024: 12)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csidh_test_rng.h"
#include "csidh_param.h"
#include "fp_cpu.h"
#include "ops_spans.h"

unsigned long long nobs_fp_count_mul, nobs_fp_count_sqr;

/* the budget (multiplications + squarings) this test holds the action to */
#ifdef TEST_CSIDH1024
#define OPS_BUDGET	1074000ULL
#define OPS_KEYS	12
#else
#define OPS_BUDGET	859000ULL
#define OPS_KEYS	24
#endif

static unsigned long long last_mul, last_sqr, round_hash;
static int round_no, leaf_no, mismatches, checked, last_kind = -1;

static void check(unsigned long long key)
{
	unsigned long long dm = nobs_fp_count_mul - last_mul;
	unsigned long long ds = nobs_fp_count_sqr - last_sqr;
	const struct ops_span *b;

	if (ops_span(key, dm, ds, &b) < 0 && mismatches++ < 5)
		printf("FAIL: ops between public events differ: %llu/%llu vs %llu/%llu (round %d leaf %d)\n",
		       dm, ds, b->mul, b->sqr, round_no, leaf_no);
	checked++;
}

void NOBS_CSIDHX(count_event)(int kind, const unsigned char *idx, int n, int i,
		    int step);
void NOBS_CSIDHX(count_event)(int kind, const unsigned char *idx, int n, int i,
		    int step)
{
	unsigned long long key;
	int j;

	if (kind == 0) {
		round_no++;
		leaf_no = 0;
		round_hash = ops_mix(0, n);
		for (j = 0; j < n; j++)
			round_hash = ops_mix(round_hash, idx[j]);
	}
	/* from the previous event to this one: a function of public data */
	key = ops_mix(ops_mix(ops_mix(round_hash, round_no), leaf_no), kind);
	key = ops_mix(ops_mix(key, i), step);
	key = ops_mix(key, last_kind);
	/* the sampling's rejections are random: its own span is not keyed */
	if (kind != 1)
		check(key);
	if (kind == 2)
		leaf_no++;
	last_kind = kind;
	last_mul = nobs_fp_count_mul;
	last_sqr = nobs_fp_count_sqr;
}

static void key_fill(unsigned char sk[NOBS_CSIDHX_PRIVATE_KEY_SIZE], int v)
{
	unsigned int nib = (unsigned int)v & 0xf;

	memset(sk, (int)(nib << 4 | nib), NOBS_CSIDHX_PRIVATE_KEY_SIZE);
	sk[NOBS_CSIDHX_PRIVATE_KEY_SIZE - 1] &= 0xf0;
}

int main(int argc, char **argv)
{
	int keys = argc > 1 ? atoi(argv[1]) : OPS_KEYS, k, impl, passed = 0;
	unsigned long long seed = 1, seed2, mn = ~0ULL, mx = 0, sum = 0, tot;
	unsigned long long mn_m = 0, mn_s = 0, mx_m = 0, mx_s = 0;
	struct nobs_csidh_env env = { csidh_test_random, NULL, &seed };
	unsigned char sk[NOBS_CSIDHX_PRIVATE_KEY_SIZE], pk[NOBS_CSIDHX_PUBLIC_KEY_SIZE];
	int failed = 0;

	if (keys < 5)
		keys = 5;
	for (impl = 0; impl < 1; impl++) {
		printf("%s ops: fp %s, %d keys\n", T_NAME, nobs_test_fp_select(1),
		       keys);
		for (k = 0; k < keys; k++) {
			switch (k) {
			case 0:
				key_fill(sk, 0);
				break;
			case 1:
				key_fill(sk, NOBS_CSIDHX_MAX_EXPONENT);
				break;
			case 2:
				key_fill(sk, -NOBS_CSIDHX_MAX_EXPONENT);
				break;
			case 3:
				key_fill(sk, NOBS_CSIDHX_MAX_EXPONENT);
				memset(sk, NOBS_CSIDHX_MAX_EXPONENT << 4 | (16 - NOBS_CSIDHX_MAX_EXPONENT), NOBS_CSIDHX_PRIVATE_KEY_SIZE - 1);
				break;
			default:
				seed2 = 1000 + k;
				env.ctx = &seed2;
				NOBS_CSIDHX(random_private_key)(sk, &env);
				env.ctx = &seed;
			}
			/* the round ordinal restarts per action */
			round_no = 0;
			last_kind = -1;
			nobs_fp_count_mul = nobs_fp_count_sqr = 0;
			last_mul = last_sqr = 0;
			if (NOBS_CSIDHX(public_key)(pk, sk, &env, &t_ws)) {
				printf("FAIL: key %d refused\n", k);
				failed++;
				continue;
			}
			tot = nobs_fp_count_mul + nobs_fp_count_sqr;
			sum += tot;
			if (tot < mn) {
				mn = tot;
				mn_m = nobs_fp_count_mul;
				mn_s = nobs_fp_count_sqr;
			}
			if (tot > mx) {
				mx = tot;
				mx_m = nobs_fp_count_mul;
				mx_s = nobs_fp_count_sqr;
			}
		}
	}
	printf("%s ops: action M+S min %llu (%lluM %lluS) max %llu (%lluM %lluS) mean %llu\n",
	       T_NAME, mn, mn_m, mn_s, mx, mx_m, mx_s, sum / keys);
	printf("%s ops: %d spans between public events checked, %d differ\n",
	       T_NAME, checked, mismatches);
	if (mismatches)
		failed++;
	else
		passed++;
	if (mx > OPS_BUDGET) {
		printf("FAIL: max %llu above the budget %llu\n", mx, OPS_BUDGET);
		failed++;
	} else {
		passed++;
	}
	printf("SUITE: %d passed, %d failed, 0 skipped\n", passed, failed);
	return failed ? 1 : 0;
}
