// SPDX-License-Identifier: GPL-2.0
/*
 * CSIDH-512 benchmark (CSIDH-1024 built with -DTEST_CSIDH1024), native:
 * median ticks (bench_clock.h) of one constant-time group action (key
 * generation), of public-key validation and of derive
 * (validation + group action), for each field implementation this CPU
 * runs, with each action's multiplication and squaring counts.  For
 * scale, the same run times one fp multiplication, and reports each
 * operation also in those multiplications; with NOBS_CSIDH_REF (make bench
 * NOBS_CSIDH_REF_SRC=...) it also times the variable-time CSIDH reference's
 * action and multiplication first, in the same run (its p512 or p1024
 * code).
 *
 * Usage: csidh_bench [-c] [runs]   (default 15 per operation, CSIDH-1024
 * 7; -c: the counts only, for qemu-user)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__x86_64__)
#include <cpuid.h>
#endif
#include "bench_clock.h"

#include "csidh_test_rng.h"
#include "csidh_param.h"
#include "fp_cpu.h"

#ifdef TEST_CSIDH1024
#define BENCH_RUNS	7
#define BENCH_TARGET	"target: action <= 700M ticks with BMI2/ADX; must: below 1.2G"
#else
#define BENCH_RUNS	15
#define BENCH_TARGET	"target: action <= 0.80M M+S; must: action ticks <= the reference's median"
#endif

unsigned long long nobs_fp_count_mul, nobs_fp_count_sqr;

/*
 * The CPU's brand string, so that a pasted result says where it ran, and
 * whether nobs_test_fp_select() takes the vector code there (the ifma row)
 */
static void print_cpu(void)
{
#if defined(__x86_64__)
	unsigned int r[12];
	int i;

	if (__get_cpuid_max(0x80000000, NULL) < 0x80000004)
		return;
	for (i = 0; i < 3; i++)
		__get_cpuid(0x80000002 + i, &r[4 * i], &r[4 * i + 1],
			    &r[4 * i + 2], &r[4 * i + 3]);
	printf("cpu: %.48s", (const char *)r);
#if defined(NOBS_FP_VEC_NAME) && !defined(TEST_CSIDH1024)
	nobs_test_fp_select(nobs_test_have_fp_asm());
	printf("; vector code: %s", nobs_fp_vec_name() ?:
	       "none (needs AVX-512 IFMA, VL, VBMI2, DQ)");
#endif
	printf("\n");
#endif
}

#ifdef NOBS_CSIDH_REF
/*
 * The CSIDH reference implementation (variable time), linked from
 * scripts/csidh-ref.sh's library when make bench is given
 * NOBS_CSIDH_REF_SRC: its own types, declared here by size only (a private
 * key is 37 bytes, a curve 64; CSIDH-1024: 65 and 128).
 */
struct ref_key { unsigned char b[NOBS_CSIDHX_PRIVATE_KEY_SIZE]; };
struct ref_pub { unsigned long long a[NOBS_CSIDHX_PUBLIC_KEY_SIZE / 8]; };
void csidh_private(struct ref_key *priv);
void action(struct ref_pub *out, const struct ref_pub *in,
	    const struct ref_key *priv);
void fp_mul3(void *x, const void *y, const void *z);

static unsigned long long ref_action;

/* the first row's reference keys and public keys, for ref_agree() */
static struct ref_key ref_keys[64];
static struct ref_pub ref_pubs[64];
static int ref_kept;

/* one reference action on a fresh key: its ticks (keep: keep both keys) */
static unsigned long long ref_once(int keep)
{
	struct ref_pub base = { { 0 } }, out;
	struct ref_key priv;
	unsigned long long t0, t;

	csidh_private(&priv);
	t0 = bench_ticks();
	action(&out, &base, &priv);
	t = bench_ticks() - t0;
	if (keep && ref_kept < 64) {
		ref_keys[ref_kept] = priv;
		ref_pubs[ref_kept++] = out;
	}
	return t;
}

/*
 * The reference's fresh keys through nobs (the fastest field): each
 * public key, and each shared secret with the previous key's public key
 * (the reference's action on that curve), must be the reference's.
 * Returns the number that differ.
 */
static int ref_agree(void)
{
	unsigned long long seed = 99;
	struct nobs_csidh_env env = { csidh_test_random, NULL, &seed };
	unsigned char out[NOBS_CSIDHX_PUBLIC_KEY_SIZE];
	struct ref_pub ss;
	int i, bad = 0;

	nobs_test_fp_select(nobs_test_have_fp_asm());
	for (i = 0; i < ref_kept; i++) {
		if (NOBS_CSIDHX(public_key)(out, ref_keys[i].b, &env, &t_ws) ||
		    memcmp(out, &ref_pubs[i], NOBS_CSIDHX_PUBLIC_KEY_SIZE))
			bad++;
		if (!i)
			continue;
		action(&ss, &ref_pubs[i - 1], &ref_keys[i]);
		if (NOBS_CSIDHX(shared_secret)(out, ref_keys[i].b,
				     (const unsigned char *)&ref_pubs[i - 1],
				     &env, &t_ws) ||
		    memcmp(out, &ss, NOBS_CSIDHX_PUBLIC_KEY_SIZE))
			bad++;
	}
	printf("%-8s the reference's %d fresh keys through nobs: %d public keys and %d shared secrets, %d differ\n",
	       "", ref_kept, ref_kept, ref_kept ? ref_kept - 1 : 0, bad);
	return bad;
}

static void run_ref(int runs)
{
	struct ref_pub a = { { 3 } }, b = { { 5 } };
	unsigned long long t[64], mul;
	int i, j;

	for (i = 0; i < 64; i++) {
		unsigned long long t0 = bench_ticks();

		for (j = 0; j < 1000; j++)
			fp_mul3(&a, &a, &b);
		t[i] = (bench_ticks() - t0) / 1000;
	}
	mul = bench_median(t, 64);
	for (i = 0; i < runs; i++)
		t[i] = ref_once(1);
	ref_action = bench_median(t, runs);
	printf("%-8s %10llu %14llu %6.0fk %-28s (variable time; min %llu)\n",
	       "ref", mul, ref_action, ref_action / 1e3 / mul, "",
	       t[0]);
}
#endif

/* the fastest row's figures, for the closing line */
static struct {
	const char *name;
	double ticks, xm, ratio, counted;
} best;

/*
 * Each action's multiplications M and squarings S, counted (NOBS_FP_COUNT:
 * one increment per operation, under 1% of the time).  They differ from
 * key to key only through the public random events (see
 * test_csidh_ops.c); min and max are over this run's keys.
 */
static void run(const char *impl, int runs, int counts_only)
{
	unsigned long long seed = 42, t[64], mul, keygen, val, derive;
	unsigned long long m, sq, msum = 0, ssum = 0, mn = ~0ULL, mx = 0;
	unsigned long long rt[64] __maybe_unused;
	struct nobs_csidh_env env = { csidh_test_random, NULL, &seed };
	unsigned char sk[NOBS_CSIDHX_PRIVATE_KEY_SIZE], pk[NOBS_CSIDHX_PUBLIC_KEY_SIZE], pk2[NOBS_CSIDHX_PUBLIC_KEY_SIZE], ss[NOBS_CSIDHX_PUBLIC_KEY_SIZE];
	struct NOBS_FPX_T a, b;
	int i, j;

	const char *name = nobs_test_fp_select(strcmp(impl, "generic") != 0);

#if defined(NOBS_FP_VEC_NAME) && !defined(TEST_CSIDH1024)
	/* "asm": with the vector code where the CPU has it; "scalar": not */
	if (!strcmp(impl, "scalar"))
		nobs_fp_vec_flag = false;
	if (nobs_fp_vec_name())
		name = nobs_fp_vec_name();
#endif
	printf("%-8s", name);
	fflush(stdout);

	NOBS_FPX(set_u64)(&a, 3);
	NOBS_FPX(set_u64)(&b, 5);
	for (i = 0; i < 64; i++) {
		unsigned long long t0 = bench_ticks();

		for (j = 0; j < 1000; j++)
			NOBS_FPX(mul)(&a, &a, &b);
		t[i] = (bench_ticks() - t0) / 1000;
	}
	mul = bench_median(t, 64);

	NOBS_CSIDHX(random_private_key)(sk, &env);
	NOBS_CSIDHX(public_key)(pk2, sk, &env, &t_ws);	/* a peer key */
	for (i = 0; i < runs; i++) {
		unsigned long long t0;

		NOBS_CSIDHX(random_private_key)(sk, &env);
		nobs_fp_count_mul = nobs_fp_count_sqr = 0;
		t0 = bench_ticks();
		if (NOBS_CSIDHX(public_key)(pk, sk, &env, &t_ws))
			abort();
		t[i] = bench_ticks() - t0;
#ifdef NOBS_CSIDH_REF
		/* interleaved, so that both see the same machine load */
		rt[i] = ref_once(0);
#endif
		m = nobs_fp_count_mul;
		sq = nobs_fp_count_sqr;
		msum += m;
		ssum += sq;
		mn = m + sq < mn ? m + sq : mn;
		mx = m + sq > mx ? m + sq : mx;
	}
	keygen = bench_median(t, runs);
	if (counts_only) {
		printf(" action M %llu S %llu (means), M+S min %llu max %llu over %d keys\n",
		       msum / runs, ssum / runs, mn, mx, runs);
		return;
	}
	for (i = 0; i < runs; i++) {
		unsigned long long t0 = bench_ticks();

		if (NOBS_CSIDHX(validate)(pk2, &env, &t_ws))
			abort();
		t[i] = bench_ticks() - t0;
	}
	val = bench_median(t, runs);
	for (i = 0; i < runs; i++) {
		unsigned long long t0 = bench_ticks();

		if (NOBS_CSIDHX(shared_secret)(ss, sk, pk2, &env, &t_ws))
			abort();
		t[i] = bench_ticks() - t0;
	}
	derive = bench_median(t, runs);
	printf(" %10llu %14llu %6.0fk %8llu %7llu %8llu %8llu %14llu %6.0fk %14llu %6.0fk\n",
	       mul, keygen, keygen / 1e3 / mul, msum / runs, ssum / runs, mn,
	       mx, val, val / 1e3 / mul, derive, derive / 1e3 / mul);
#ifdef NOBS_CSIDH_REF
	m = bench_median(rt, runs);
	printf("%-8s action / reference action: %.2fx (reference interleaved with these runs: median %llu)\n",
	       "", (double)keygen / m, m);
#endif
	if (!best.name || keygen < best.ticks) {
		best.name = name;
		best.ticks = keygen;
		best.xm = keygen / (double)mul;
		best.counted = (double)(msum + ssum) / runs;
#ifdef NOBS_CSIDH_REF
		best.ratio = (double)keygen / m;
#endif
	}
}

int main(int argc, char **argv)
{
	int counts_only = argc > 1 && !strcmp(argv[1], "-c");
	int runs = argc > 1 + counts_only ? atoi(argv[1 + counts_only]) :
		   BENCH_RUNS;

	if (runs < 1 || runs > 64)
		runs = BENCH_RUNS;
	if (counts_only) {
		/* under qemu-user: the counts, no timing */
		printf("%s (counts only): fp multiplications M and squarings S per action\n",
		       T_ALG);
		run("asm", runs, 1);
		return 0;
	}
	print_cpu();
	printf("%s: median %s ticks over %d runs (xM = in fp muls)\n",
	       T_ALG, BENCH_CLOCK, runs);
	printf("M, S: multiplications and squarings per action (means); M+S min and max over the keys\n");
	printf("(M+S moves only with the random points' public events; test_csidh_ops checks that every\n"
	       " span between two events costs the same for every key)\n");
	printf("%-8s %10s %14s %7s %8s %7s %8s %8s %14s %7s %14s %7s\n", "fp",
	       "fp mul", "action", "xM", "M", "S", "M+S min", "M+S max",
	       "validate", "xM", "derive", "xM");
#ifdef NOBS_CSIDH_REF
	run_ref(runs);
	if (ref_agree())
		return 1;
#else
	printf("ref      (the CSIDH reference: make bench NOBS_CSIDH_REF_SRC=<its source or git dir>)\n");
#endif
	run("generic", runs, 0);
	if (nobs_test_have_fp_asm()) {
		run("scalar", runs, 0);
#if defined(NOBS_FP_VEC_NAME) && !defined(TEST_CSIDH1024)
		/* the pairs' products four at a time (csidh_curve_tmpl.c) */
		nobs_test_fp_select(true);
		if (nobs_fp_vec_name())
			run("asm", runs, 0);
#endif
	}
	printf("%s\n", BENCH_TARGET);
#ifndef TEST_CSIDH1024
	if (best.name) {
		printf("fastest row %s: M+S %.3fM counted (%s), %.3fM fp muls of time (xM)",
		       best.name, best.counted / 1e6,
		       best.counted <= 800000 ? "<= 0.80M" : "above 0.80M",
		       best.xm / 1e6);
		if (best.ratio > 0)
			printf(", %.2fx the reference (%s)", best.ratio,
			       best.ratio <= 1.0 ? "<= 1.0x" : "above 1.0x");
		printf("\n");
	}
#endif
	return 0;
}
