// SPDX-License-Identifier: GPL-2.0
/*
 * The CTIDH-512 group action's operation count, and that it depends on
 * public events only (the proof shape of test_csidh_ops.c); built with
 * -DTEST_CTIDH511, -DTEST_CTIDH1024 or -DTEST_CTIDH2048, the same for
 * those sets (the same template, its own tables and budgets).
 *
 * What is public: the rounds' batches (those with steps left) and each
 * step's outcome (its kernel point was at infinity, or the coin said no:
 * random, with a probability that does not depend on the key), and
 * Elligator's rejections of random u.  The core, built with
 * NOBS_CTIDH_COUNT, reports each such event (nobs_ctidh_count_event());
 * the field multiplications and squarings between two consecutive events
 * must be the same for every key and every random stream whenever the two
 * events say the same.  Keys: zero; each batch's whole bound on its first,
 * its middle or its last prime, positive and negative; spread over the
 * batch with alternating signs; random ones (each batch a random L1 norm
 * up to its bound on random primes, random signs); each key with its own
 * random stream.  A key's public key must not depend on that stream
 * either (every fourth key runs twice).  The yield hook measures the
 * longest stretch between two yields, held to YIELD_BUDGET, and each
 * action is held to OPS_BUDGET; then one shared secret (the peer's
 * validation, the CSIDH engine's, and an action), its stretches held to
 * SS_YIELD_BUDGET.  Prints min / max / mean M+S.
 *
 * With the field's assembly where the CPU has it; where the set's field
 * has four-lane vector code too (NOBS_FP_VEC_NAME, the engine's
 * NOBS_CTIDHX_VEC), the keys alternate between the vector code and the
 * scalar code (nobs_fp_vec_flag), each compared among its own (the
 * events say which way an action goes: with the vector code both points
 * of a round are cleared in lockstep), and prints the counts of each;
 * built with NOBS_FP_VEC_TRACE, it checks that
 * no yield comes inside a vector section and that sections never nest,
 * and prints the longest section's time.
 *
 * Usage: test_ctidh_ops [random keys]   (default NRAND: 24, ctidh1024 6,
 * ctidh2048 4)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * Per set: CT(name) its entry points, its batches (high-ctidh's, as its
 * tables), and the budgets (multiplications + squarings) this test holds
 * an action and the stretch between two yields to: the runs are
 * deterministic (fixed keys and streams), so each budget is the largest
 * count seen now plus a little.
 */
#include "ctidh_set.h"

#if defined(TEST_CTIDH511)
/*
 * 296611 and 800 at most with the scalar code alone (455491 and 808
 * before the chains and Vélu's pairs, 864 before the yields by work);
 * every other key with the vector code: 286944 and 806
 */
#define OPS_BUDGET	300000ULL
/* a shared secret: 4370 now (csidh512's validation, 3072 counted M) */
#define SS_YIELD_BUDGET	4608ULL
#define YIELD_BUDGET	1024ULL
#define NRAND		24
#elif defined(TEST_CTIDH1024)
/*
 * 360342 and 1312 at most now (557754 and 1320 before the chains and
 * Vélu's pairs, 1550 before the yields by work, 5930 before the isogeny
 * and the kernel's multiplication yielded); 6 random keys by default,
 * its slowest
 */
#define OPS_BUDGET	365000ULL
/* a shared secret: 1560 now (csidh1024's validation, 1024 counted M) */
#define SS_YIELD_BUDGET	2048ULL
#define YIELD_BUDGET	2048ULL
#define NRAND		6
#elif defined(TEST_CTIDH2048)
/*
 * 409014 and 356 at most now (591014 and 360 before the chains and
 * Vélu's pairs; the set's budget, NOBS_CTIDHX_YIELD_WORK, is 320: a
 * chain's step, a Vélu step or pair and some uncounted formulas more);
 * 4 random keys by default, each action about a second
 */
#define OPS_BUDGET	416000ULL
/* a shared secret: 356 now (csidh2048's validation 312 at most) */
#define SS_YIELD_BUDGET	384ULL
#define YIELD_BUDGET	384ULL
#define NRAND		4
#else
/*
 * 410729 and 799 at most with the scalar code alone (631613 and 808
 * before the chains and Vélu's pairs, 905 before the yields by work);
 * every other key with the vector code, which clears both points in
 * lockstep: 418646 and 802
 */
#define OPS_BUDGET	425000ULL
/* a shared secret: 4370 now (csidh512's validation, 3072 counted M) */
#define SS_YIELD_BUDGET	4608ULL
#define YIELD_BUDGET	1024ULL
#define NRAND		24
#endif
#include <time.h>
#include "csidh_test_rng.h"
#include "ops_spans.h"
#include "fp_cpu.h"

unsigned long long nobs_fp_count_mul, nobs_fp_count_sqr;

static unsigned long long last_mul, last_sqr, last_event;
static int mismatches, checked, passed, failed, quiet;
static struct nobs_csidh_ws ws;
static unsigned long long yield_ops, yield_max;

/* the vector sections (fp.c's trace hook): open now, and their misuse */
static int vec_depth, vec_bad, vec_sections, vec_over;
static unsigned long long vec_t0, vec_max_ns, vec_ops0, vec_max_ops;

static unsigned long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

void nobs_fp_vec_trace(bool begin);
void nobs_fp_vec_trace(bool begin)
{
	unsigned long long t = now_ns();
	unsigned long long ops = nobs_fp_count_mul + nobs_fp_count_sqr;

	if (begin) {
		vec_bad += vec_depth != 0;
		vec_depth++;
		vec_sections++;
		vec_t0 = t;
		vec_ops0 = ops;
		return;
	}
	vec_bad += vec_depth != 1;
	vec_depth--;
	if (t - vec_t0 > vec_max_ns)
		vec_max_ns = t - vec_t0;
	vec_over += t - vec_t0 > 50000;
	if (ops - vec_ops0 > vec_max_ops)
		vec_max_ops = ops - vec_ops0;
}

/*
 * the yield hook: the longest stretch of field operations between yields,
 * or between a call's start or end and its nearest yield (a call starts
 * with yield_ops at the count, and ends with one more yield(NULL))
 */
static int yield(void *ctx)
{
	unsigned long long now = nobs_fp_count_mul + nobs_fp_count_sqr;

	(void)ctx;
	vec_bad += vec_depth != 0;	/* no yield in a vector section */
	if (now - yield_ops > yield_max)
		yield_max = now - yield_ops;
	yield_ops = now;
	return 0;
}

/* The segment since the last event, named by both events' public data. */
void nobs_ctidh_count_event(int kind, u32 batches, int step, int outcome)
{
	unsigned long long ev, key, dm, ds;
	const struct ops_span *b;
	int seen;

	if (quiet)
		return;
	ev = ops_mix(ops_mix(ops_mix(ops_mix(0, kind), batches), step), outcome);
	key = ops_mix(last_event, ev);
	dm = nobs_fp_count_mul - last_mul;
	ds = nobs_fp_count_sqr - last_sqr;
	seen = ops_span(key, dm, ds, &b);
	if (seen < 0) {
		if (mismatches++ < 5)
			printf("FAIL: ops between public events differ: %llu/%llu vs %llu/%llu (event %d, batches %#x, step %d, outcome %d)\n",
			       dm, ds, b->mul, b->sqr, kind, batches, step,
			       outcome);
	} else if (seen > 0) {
		checked++;
	}
	last_event = kind == 3 ? 0 : ev;	/* an action's end: a fresh start */
	last_mul = nobs_fp_count_mul;
	last_sqr = nobs_fp_count_sqr;
}

static void result(int ok, const char *what)
{
	if (ok) {
		passed++;
	} else {
		failed++;
		printf("FAIL: %s\n", what);
	}
}

/* the fixed keys: each batch's bound on one place, or spread */
static void fixed_key(s8 e[PRIMES], int kind)
{
	int b, j, lo = 0, sg = kind & 1 ? -1 : 1;

	memset(e, 0, PRIMES);
	for (b = 0; b < BATCHES; b++) {
		switch (kind / 2) {
		case 0:		/* zero */
			break;
		case 1:		/* the first prime */
			e[lo] = (s8)(sg * bound[b]);
			break;
		case 2:		/* the middle one */
			e[lo + size[b] / 2] = (s8)(sg * bound[b]);
			break;
		case 3:		/* the last one */
			e[lo + size[b] - 1] = (s8)(sg * bound[b]);
			break;
		default:	/* spread, alternating signs */
			for (j = 0; j < bound[b]; j++)
				e[lo + j % size[b]] += (s8)(j % size[b] % 2 ?
							    -sg : sg);
			break;
		}
		lo += size[b];
	}
}

static void random_key(s8 e[PRIMES], u64 *s)
{
	unsigned char r[64];
	int b, j, k, l1, lo = 0;

	memset(e, 0, PRIMES);
	for (b = 0; b < BATCHES; b++) {
		csidh_test_random(s, r, sizeof(r));
		l1 = r[0] % 4 ? bound[b] : r[1] % (bound[b] + 1);
		for (k = 0; k < l1; k++)
			e[lo + r[2 + k] % size[b]]++;
		for (j = 0; j < size[b]; j++)
			if (r[40 + j] & 1)
				e[lo + j] = (s8)-e[lo + j];
		lo += size[b];
	}
}

int main(int argc, char **argv)
{
	int nrand = argc > 1 ? atoi(argv[1]) : NRAND, nfixed = 10, i;
	unsigned long long tot, mn = ~0ULL, mx = 0, sum = 0, ss_max;
	unsigned long long wmn[2] = { ~0ULL, ~0ULL }, wmx[2] = { 0, 0 };
	unsigned long long wsum[2] = { 0, 0 };
	int wn[2] = { 0, 0 }, way = 0;
	u64 keyseed = 2021633;
	u8 pk[PK_SIZE], pk2[PK_SIZE];
	s8 e[PRIMES];
	bool vec;

	nobs_test_fp_select(true);
	vec = nobs_fp_vec_name() != NULL;
	for (i = 0; i < nfixed + nrand; i++) {
		u64 seed = 1000 + i;
		const struct nobs_csidh_env env = {
			csidh_test_random, yield, &seed
		};

#ifdef NOBS_FP_VEC_NAME
		/* every other key without the vector code */
		if (vec)
			nobs_fp_vec_flag = i % 2 == 0;
		way = nobs_fp_vec_name() != NULL;
#endif

		if (i < nfixed)
			fixed_key(e, i);
		else
			random_key(e, &keyseed);
		if (CT(check_private_key)((u8 *)e)) {
			result(0, "a test key is outside the key space");
			continue;
		}
		nobs_fp_count_mul = nobs_fp_count_sqr = 0;
		last_mul = last_sqr = 0;
		last_event = 0;
		yield_ops = 0;
		result(!CT(public_key)(pk, (u8 *)e, &env, &ws),
		       "public_key");
		yield(NULL);
		tot = nobs_fp_count_mul + nobs_fp_count_sqr;
		mn = tot < mn ? tot : mn;
		mx = tot > mx ? tot : mx;
		sum += tot;
		wmn[way] = tot < wmn[way] ? tot : wmn[way];
		wmx[way] = tot > wmx[way] ? tot : wmx[way];
		wsum[way] += tot;
		wn[way]++;
		if (i % 4 == 0) {
			seed = 77 * (i + 1);
			yield_ops = nobs_fp_count_mul + nobs_fp_count_sqr;
			result(!CT(public_key)(pk2, (u8 *)e, &env,
							 &ws) &&
			       !memcmp(pk, pk2, sizeof(pk)),
			       "the public key does not depend on the random stream");
			yield(NULL);
		}
	}
	/*
	 * A shared secret with the last public key: the peer's validation
	 * (the CSIDH engine's, its yields by its own budget) and an action;
	 * its longest stretch between yields, held to SS_YIELD_BUDGET.  Its
	 * events are not compared (the validation's work precedes the
	 * action's start).
	 */
	{
		u64 seed = 4242;
		const struct nobs_csidh_env env = {
			csidh_test_random, yield, &seed
		};
		unsigned long long act_max = yield_max;

		quiet = 1;
		yield_max = 0;
		yield_ops = nobs_fp_count_mul + nobs_fp_count_sqr;
		result(!CT(shared_secret)(pk2, (u8 *)e, pk, &env, &ws),
		       "shared_secret");
		yield(NULL);
		ss_max = yield_max;
		yield_max = act_max;
	}
	result(ss_max <= SS_YIELD_BUDGET,
	       "field operations between yields in a shared secret");
	result(!mismatches, "ops between public events follow them only");
	result(checked > 1000, "segments seen again (the comparison had data)");
	/* CSIDH-512's yields are 3072 multiplications apart at most */
	result(yield_max <= YIELD_BUDGET, "field operations between yields");
	result(mx <= OPS_BUDGET, "field operations per action");
	result(!vec_bad && !vec_depth,
	       "vector sections: no yield inside, none nested, all closed");
	for (i = 0; i < 2 && vec_sections; i++)
		printf("%s: %d keys, M+S per action min %llu max %llu mean %llu\n",
		       i ? "with the vector code" : "without", wn[i], wmn[i],
		       wmx[i], wsum[i] / wn[i]);
	if (vec_sections)
		printf("%d vector sections: at most %llu M+S in one; the longest %.1f us, %d over 50 us (wall time: a busy machine's preemptions count)\n",
		       vec_sections, vec_max_ops, vec_max_ns / 1e3, vec_over);
	printf(T_SET ": %d keys, %d segments compared, M+S per action min %llu max %llu mean %llu, at most %llu between yields (%llu in a shared secret)\n",
	       nfixed + nrand, checked, mn, mx, sum / (nfixed + nrand),
	       yield_max, ss_max);
	printf("SUITE: %d passed, %d failed, 0 skipped\n", passed, failed);
	return failed ? 1 : 0;
}
