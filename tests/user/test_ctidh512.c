// SPDX-License-Identifier: GPL-2.0
/*
 * test_ctidh512 (and, built with -DTEST_CTIDH511, -DTEST_CTIDH1024 or
 * -DTEST_CTIDH2048, test_ctidh511, test_ctidh1024 and test_ctidh2048):
 * nobs's CTIDH core of the set
 * (isogeny/ctidh<b>.c) against high-ctidh's outputs,
 * $NOBS_VECTORS/ctidh/ctidh<b>_fresh.txt (records of lines "sk_a",
 * "pk_a", "sk_b", "pk_b", "ss", hex; sk the int8_t exponent vector, pk
 * and ss public_key_to_bytes(); tests/vectors/README.md): each public key
 * from its private key, the secret both ways, with each field (the
 * assembly where the CPU has it, the generic C); then the key generation:
 * high-ctidh's keys from the oracle's stream, and uniform frequencies
 * where easy to count; refusals: keys past a batch's bound, and public
 * keys that are not; and that the yield hook's error stops an operation.
 * Where the set's field has four-lane vector code (T_VEC), the records
 * and the stops run with it and the assembly's records without it too.
 * With -f RECORDS, the known answers of that file only (records of the
 * same format: fresh ones from the oracle, tests/user/ctidh_ref_fresh.c).
 * With -a, the assembly field only where the CPU has it (the arm64 runs
 * under qemu-user of the large sets: the generic C field has its own
 * arm64 run, test_fp<b>_arm64, and the core is the same C natively).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * The set: CT(name) its entry points, FP(name) and FP_T its field, B0
 * the bound of batch 0 and W0 its size, LAST the index of the last prime
 * (a batch of its own) and LAST_BOUND that batch's bound; ZERO_LO and
 * ZERO_HI another batch of bound 0, if any (its primes' indexes);
 * GENERIC_RECORDS the records checked with the generic C field when the
 * assembly ran them all (ctidh1024 and ctidh2048: one, their actions
 * being the slowest).
 */
#if defined(TEST_CTIDH511)
#include "isogeny/ctidh511.h"
#include "isogeny/fp512.h"
#define CT(name)	nobs_ctidh511_##name
#define FP(name)	nobs_fp512_##name
#define FP_T		nobs_fp512
#define T_SET		"ctidh511"
#define SK_SIZE		NOBS_CTIDH511_PRIVATE_KEY_SIZE
#define PK_SIZE		NOBS_CTIDH511_PUBLIC_KEY_SIZE
#define B0		6
#define LAST		73
#define LAST_BOUND	1
#elif defined(TEST_CTIDH1024)
#include "isogeny/ctidh1024.h"
#include "isogeny/fp1024.h"
#define CT(name)	nobs_ctidh1024_##name
#define FP(name)	nobs_fp1024_##name
#define FP_T		nobs_fp1024
#define T_SET		"ctidh1024"
#define SK_SIZE		NOBS_CTIDH1024_PRIVATE_KEY_SIZE
#define PK_SIZE		NOBS_CTIDH1024_PUBLIC_KEY_SIZE
#define B0		2
#define LAST		129
#define LAST_BOUND	0
#define GENERIC_RECORDS	1
#elif defined(TEST_CTIDH2048)
#include "isogeny/ctidh2048.h"
#include "isogeny/fp2048.h"
#define CT(name)	nobs_ctidh2048_##name
#define FP(name)	nobs_fp2048_##name
#define FP_T		nobs_fp2048
#define T_SET		"ctidh2048"
#define SK_SIZE		NOBS_CTIDH2048_PRIVATE_KEY_SIZE
#define PK_SIZE		NOBS_CTIDH2048_PUBLIC_KEY_SIZE
#define B0		1
#define W0		9
#define LAST		230
#define LAST_BOUND	0
#define ZERO_LO		210
#define ZERO_HI		219
#define GENERIC_RECORDS	1
#else
#include "isogeny/ctidh512.h"
#include "isogeny/fp512.h"
#define CT(name)	nobs_ctidh512_##name
#define FP(name)	nobs_fp512_##name
#define FP_T		nobs_fp512
#define T_SET		"ctidh512"
#define SK_SIZE		NOBS_CTIDH512_PRIVATE_KEY_SIZE
#define PK_SIZE		NOBS_CTIDH512_PUBLIC_KEY_SIZE
#define B0		10
#define LAST		73
#define LAST_BOUND	1
#endif
#ifndef GENERIC_RECORDS
#define GENERIC_RECORDS	16
#endif
/* the set's field has four-lane code, which its engine uses */
#if (defined(NOBS_FP512_VEC) && !defined(TEST_CTIDH1024) && \
	!defined(TEST_CTIDH2048)) || \
	(defined(NOBS_FP1024_VEC) && defined(TEST_CTIDH1024))
#define T_VEC
#endif
#ifndef W0
#define W0		2
#endif
#include "csidh_test_rng.h"
#include "csidh_param.h"
#include "fp_cpu.h"
#include "vectors_json.h"

struct rec {
	u8 sk_a[SK_SIZE], pk_a[PK_SIZE], sk_b[SK_SIZE], pk_b[PK_SIZE];
	u8 ss[PK_SIZE];
	unsigned int have;
};

static u64 seed = 633;
static const struct nobs_csidh_env env = { csidh_test_random, NULL, &seed };
static struct nobs_csidh_ws ws;

static int hexin(u8 *out, size_t n, const char *s)
{
	unsigned int v;
	size_t i;

	if (strlen(s) != 2 * n)
		return -1;
	for (i = 0; i < n; i++) {
		if (sscanf(s + 2 * i, "%2x", &v) != 1)
			return -1;
		out[i] = (u8)v;
	}
	return 0;
}

/* the records of the file; returns their number, or -1 if malformed */
static int parse(char *text, struct rec *r, int max)
{
	static const char *const names[] = { "sk_a", "pk_a", "sk_b", "pk_b", "ss" };
	char *line, *save = NULL;
	int n = 0, k;

	memset(r, 0, max * sizeof(*r));
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char *v = strchr(line, ' ');
		u8 *dst[5];
		size_t len[5] = { SK_SIZE, PK_SIZE, SK_SIZE, PK_SIZE, PK_SIZE };

		if (line[0] == '#' || !v)
			continue;
		*v++ = 0;
		for (k = 0; k < 5 && strcmp(line, names[k]); k++)
			;
		if (k == 5)
			return -1;
		if (r[n].have & (1u << k))
			n++;
		if (n >= max)
			return -1;
		dst[0] = r[n].sk_a;
		dst[1] = r[n].pk_a;
		dst[2] = r[n].sk_b;
		dst[3] = r[n].pk_b;
		dst[4] = r[n].ss;
		if (hexin(dst[k], len[k], v))
			return -1;
		r[n].have |= 1u << k;
	}
	return r[0].have ? n + 1 : 0;
}

static void known_answers(const struct rec *r, int n, const char *impl)
{
	u8 out[PK_SIZE];
	int i, ok;

	/*
	 * The kernel's workspace is a kpp request's context, kmalloc()ed:
	 * the core must read no byte of it before writing that byte (UBSan's
	 * bool check sees a stale flag).
	 */
	memset(&ws, 0x32, sizeof(ws));
	for (i = 0; i < n; i++) {
		ok = r[i].have == 0x1f &&
		     !CT(public_key)(out, r[i].sk_a, &env, &ws) &&
		     !memcmp(out, r[i].pk_a, PK_SIZE);
		check(ok, "pk_a", i);
		ok = r[i].have == 0x1f &&
		     !CT(public_key)(out, r[i].sk_b, &env, &ws) &&
		     !memcmp(out, r[i].pk_b, PK_SIZE);
		check(ok, "pk_b", i);
		ok = r[i].have == 0x1f &&
		     !CT(shared_secret)(out, r[i].sk_a, r[i].pk_b,
						  &env, &ws) &&
		     !memcmp(out, r[i].ss, PK_SIZE);
		check(ok, "ss from sk_a, pk_b", i);
		ok = r[i].have == 0x1f &&
		     !CT(shared_secret)(out, r[i].sk_b, r[i].pk_a,
						  &env, &ws) &&
		     !memcmp(out, r[i].ss, PK_SIZE);
		check(ok, "ss from sk_b, pk_a", i);
	}
	printf(T_SET ": %d records of high-ctidh's with fp %s\n", n, impl);
}

/*
 * Keys past a batch's bound are refused (high-ctidh would truncate them),
 * keys on it accepted; public keys >= p, A = +-2 and an ordinary curve's
 * refused; and nothing is left in the outputs.
 */
static void refusals(const struct rec *r)
{
	static const u8 zero[PK_SIZE];
	u8 sk[SK_SIZE], pk[PK_SIZE], out[PK_SIZE];
	struct FP_T two;
	int ok;

	memset(sk, 0, sizeof(sk));
	sk[0] = B0;			/* batch 0's bound, on one prime */
	check(!CT(check_private_key)(sk), "L1 = bound accepted", 0);
	sk[0] = B0 + 1;
	check(CT(check_private_key)(sk) == -EINVAL,
	      "L1 = bound + 1 refused", 0);
	sk[0] = B0 / 2 + 1;
	sk[1] = (u8)-(B0 - B0 / 2);	/* L1 = B0 + 1 */
	memset(out, 0xa5, sizeof(out));
	ok = CT(public_key)(out, sk, &env, &ws) == -EINVAL &&
	     !memcmp(out, zero, sizeof(out));
	check(ok, "public_key refuses a batch past its bound", 0);
	memset(sk, 0, sizeof(sk));
	sk[LAST] = LAST_BOUND + 1;	/* the last prime's own batch */
	memset(out, 0xa5, sizeof(out));
	ok = CT(shared_secret)(out, sk, r->pk_a, &env, &ws) ==
		-EINVAL && !memcmp(out, zero, sizeof(out));
	check(ok, "shared_secret refuses the last batch past its bound", 0);
	sk[LAST] = (u8)-128;
	check(CT(check_private_key)(sk) == -EINVAL,
	      "last exponent -128 refused", 0);
#ifdef ZERO_LO
	/* a batch of bound 0 besides the last: any exponent there is too much */
	memset(sk, 0, sizeof(sk));
	sk[ZERO_LO] = 1;
	memset(out, 0xa5, sizeof(out));
	ok = CT(public_key)(out, sk, &env, &ws) == -EINVAL &&
	     !memcmp(out, zero, sizeof(out));
	check(ok, "public_key refuses e = 1 in a batch of bound 0", 0);
	sk[ZERO_LO] = 0;
	sk[ZERO_HI] = (u8)-1;
	memset(out, 0xa5, sizeof(out));
	ok = CT(shared_secret)(out, sk, r->pk_a, &env, &ws) ==
		-EINVAL && !memcmp(out, zero, sizeof(out));
	check(ok, "shared_secret refuses e = -1 in a batch of bound 0", 0);
	sk[ZERO_HI] = 0;
	sk[ZERO_LO - 1] = 2;		/* the batch before: bound 2, accepted */
	check(!CT(check_private_key)(sk), "the batch before on its bound", 0);
#endif

	memcpy(pk, &FP(p), sizeof(pk));	/* p itself, little-endian */
	ok = CT(shared_secret)(out, r->sk_a, pk, &env, &ws) ==
		-EINVAL && !memcmp(out, zero, sizeof(out));
	check(ok, "public key p refused", 0);
	FP(set_u64)(&two, 2);
	FP(to_bytes)(pk, &two);
	check(CT(shared_secret)(out, r->sk_a, pk, &env, &ws) ==
	      -EINVAL, "public key A = 2 refused", 0);
	FP(neg)(&two, &two);
	FP(to_bytes)(pk, &two);
	check(CT(shared_secret)(out, r->sk_a, pk, &env, &ws) ==
	      -EINVAL, "public key A = -2 refused", 0);
	memcpy(pk, r->pk_a, sizeof(pk));
	pk[0] ^= 1;			/* almost surely not supersingular */
	check(CT(shared_secret)(out, r->sk_a, pk, &env, &ws) ==
	      -EINVAL, "a changed public key refused", 0);
}

/*
 * The oracle's stream (tests/user/ctidh_ref_fresh.c): splitmix64, one
 * output a byte, its low byte.
 */
static void oracle_stream(void *ctx, void *buf, size_t len)
{
	unsigned long long *s = ctx, z;
	unsigned char *p = buf;
	size_t i;

	for (i = 0; i < len; i++) {
		z = (*s += 0x9e3779b97f4a7c15ULL);
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
		z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
		p[i] = (unsigned char)(z ^ (z >> 31));
	}
}

/*
 * The number of vectors of w integers with L1 norm at most S: those with
 * k non-zero entries are C(w, k) places, C(S, k) ways to give them
 * positive values of sum at most S, and 2^k signs.
 */
static double l1_count(int w, int S)
{
	double n = 0, cw = 1, cs = 1, two = 1;
	int k;

	for (k = 0; k <= w && k <= S; k++) {
		n += cw * cs * two;
		cw = cw * (w - k) / (k + 1);
		cs = cs * (S - k) / (k + 1);
		two *= 2;
	}
	return n;
}

/* sqrt(x), x > 0, by Newton's steps (no libm in these programs) */
static double root(double x)
{
	double r = x > 1 ? x : 1;
	int i;

	for (i = 0; i < 200; i++)
		r = (r + x / r) / 2;
	return r;
}

/*
 * Key generation: fed the stream the records were made from (seed 37,
 * tests/vectors/README.md), nobs draws high-ctidh's keys, in order; and
 * its keys are in the key space, with the frequencies of a uniform draw
 * where they are easy to count: the last batch (one prime, bound 1: -1,
 * 0, 1 each a third; bound 0: always 0) and e_0 = 0 in batch 0 (the
 * vectors of W0 - 1 primes among those of W0 with L1 norm at most B0:
 * 2 B0 + 1 of 2 B0^2 + 2 B0 + 1 for two primes).
 */
static void keygen(const struct rec *r, int n)
{
	unsigned long long s = 37;
	const struct nobs_csidh_env kenv = { oracle_stream, NULL, &s };
	int i, ok, cnt[3] = { 0 }, zero0 = 0, inside = 1, keys = 30000;
	u8 sk[SK_SIZE];
	double third = keys / 3.0, sd3, sd0;
	double p0 = l1_count(W0 - 1, B0) / l1_count(W0, B0);

	for (i = 0; i < n; i++) {
		CT(random_private_key)(sk, &kenv);
		ok = !memcmp(sk, r[i].sk_a, SK_SIZE);
		CT(random_private_key)(sk, &kenv);
		ok &= !memcmp(sk, r[i].sk_b, SK_SIZE);
		check(ok, "keys of the oracle's stream", i);
	}
	for (i = 0; i < keys; i++) {
		CT(random_private_key)(sk, &env);
		inside &= !CT(check_private_key)(sk);
		cnt[((s8)sk[LAST] + 1) % 3]++;
		zero0 += !sk[0];
	}
	check(inside, "random keys in the key space", 0);
	sd3 = 5 * root(keys * (1.0 / 3) * (2.0 / 3));
	for (i = 0; i < 3; i++)
		check(LAST_BOUND ? cnt[i] > third - sd3 && cnt[i] < third + sd3 :
		      cnt[i] == (i == 1) * keys,
		      "last exponent uniform in [-bound, bound]", i);
	sd0 = 5 * root(keys * p0 * (1 - p0));
	check(zero0 > keys * p0 - sd0 && zero0 < keys * p0 + sd0,
	      "e_0 = 0 at its weight", 0);
}

static int stops;

/* a yield hook that stops the operation at its stops-th call */
static int stop_at(void *ctx)
{
	(void)ctx;
	return --stops ? 0 : -EINTR;
}

/* The yield hook's error stops the action; the output is zeroed. */
static void stopped(const struct rec *r)
{
	static const u8 zero[PK_SIZE];
	const struct nobs_csidh_env senv = { csidh_test_random, stop_at, &seed };
	u8 out[PK_SIZE];
	int at[] = { 1, 7, 100 }, i, ok;

	for (i = 0; i < (int)ARRAY_SIZE(at); i++) {
		stops = at[i];
		memset(out, 0xa5, sizeof(out));
		ok = CT(public_key)(out, r->sk_a, &senv, &ws) ==
			-EINTR && !memcmp(out, zero, sizeof(out));
		check(ok, "the yield hook stops public_key", at[i]);
		stops = at[i];
		memset(out, 0xa5, sizeof(out));
		ok = CT(shared_secret)(out, r->sk_a, r->pk_b, &senv,
						 &ws) == -EINTR &&
		     !memcmp(out, zero, sizeof(out));
		check(ok, "the yield hook stops shared_secret", at[i]);
	}
}

int main(int argc, char **argv)
{
	const char *dir = getenv("NOBS_VECTORS");
	char path[4096], *text;
	struct rec r[16];
	bool asm_only = argc > 1 && !strcmp(argv[1], "-a");
	int f, n, asm_ran, fresh;

	argc -= asm_only;
	argv += asm_only;
	fresh = argc == 3 && !strcmp(argv[1], "-f");
	if (argc != 1 && !fresh) {
		fprintf(stderr, "usage: %s [-a] [-f RECORDS]\n", argv[0]);
		return 2;
	}
	if (fresh)
		snprintf(path, sizeof(path), "%s", argv[2]);
	else
		snprintf(path, sizeof(path), "%s/ctidh/" T_SET "_fresh.txt",
			 dir ? dir : NOBS_ROOT "/build/vectors");
	text = slurp(path);
	if (!text) {
		printf("SKIP: " T_SET ": %s not readable\n", path);
		printf("SUITE: 0 passed, 0 failed, 1 skipped\n");
		return 0;
	}
	n = parse(text, r, ARRAY_SIZE(r));
	free(text);
	check(n > 0, "the vector file parses", 0);
#ifdef NOBS_FP_NO_ASM
	asm_ran = 0;			/* the generic C only */
#else
	asm_ran = nobs_test_have_fp_asm();
#endif
	for (f = asm_ran; n > 0 && f >= (asm_only && asm_ran); f--) {
		const char *impl = nobs_test_fp_select(f);

#ifdef T_VEC
		/* with the four-lane code, then the assembly without it */
		if (f && nobs_fp_vec_name()) {
			known_answers(r, n, nobs_fp_vec_name());
			nobs_fp_vec_flag = false;
		}
#endif
		known_answers(r, f || !asm_ran ? n : min_t(int, n, GENERIC_RECORDS),
			      impl);
	}
	/* the rest is for the tree's file: its keys come from seed 37 */
	if (n > 0 && !fresh) {
		keygen(r, n);
		refusals(&r[0]);
		stopped(&r[0]);
#ifdef T_VEC
		/* the stops again in vector sections (the fastest field) */
		if (asm_ran && nobs_test_fp_select(true) && nobs_fp_vec_name())
			stopped(&r[0]);
#endif
	}
	printf("SUITE: %d passed, %d failed, %d skipped\n",
	       passed, failed, skipped);
	return failed ? 1 : 0;
}
