// SPDX-License-Identifier: GPL-2.0
/*
 * CSIDH-512 core against the 328 vectors of
 * $NOBS_VECTORS/csidh/csidh_testvectors.dat (generated with the CSIDH
 * reference implementation), or, built with -DTEST_CSIDH1024, the
 * CSIDH-1024 core against the 32 of csidh1024_testvectors.dat (the
 * reference's p1024):
 *   valid                 Pr1 -> Pk1; Pk2 validates; (Pr1, Pk2) -> Ss
 *   invalid_public_key1   Pr1 does not give Pk1
 *   invalid_public_key2   Pk2 is refused (validate and shared secret)
 *   invalid_shared_secret (Pr1, Pk2) does not give Ss
 * plus encoding and validation edge cases that need no oracle, and key
 * exchanges between random keys, both ways.
 *
 * All vectors run with the fastest field arithmetic the CPU has (BMI2/ADX
 * or arm64 assembly), the first six (CSIDH-1024: two) also with the
 * generic C.
 *
 * Vectors: $NOBS_VECTORS, else build/vectors (tests/vectors, unpacked).
 *
 * Usage: test_csidh [-n N] [-o N] [-f generic|asm] [-V]   (-n: the first N
 * vectors only; -o: N vectors, not T_OTHER_FP, also with the generic field;
 * -V: the vectors only, without the edge cases, exchanges and stop cases,
 * which test no field code of their own: the runs under qemu-user, whose
 * point is the other architecture's field assembly inside the action)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csidh_test_rng.h"
#include "vectors_json.h"

#include "csidh_param.h"
#include "fp_cpu.h"

#ifndef NOBS_ROOT
#define NOBS_ROOT "."
#endif

static unsigned long long seed = 1;
static const struct nobs_csidh_env env = { csidh_test_random, NULL, &seed };

static void edge_cases(void)
{
	unsigned char pk[NOBS_CSIDHX_PUBLIC_KEY_SIZE], sk[NOBS_CSIDHX_PRIVATE_KEY_SIZE], ss[NOBS_CSIDHX_PUBLIC_KEY_SIZE], p_le[NOBS_CSIDHX_PUBLIC_KEY_SIZE];
	struct NOBS_FPX_T t;
	int i;

	/* the base curve A = 0 is supersingular */
	memset(pk, 0, sizeof(pk));
	check(NOBS_CSIDHX(validate)(pk, &env, &t_ws) == 0, "A = 0 valid", -1);
	/* A = p and A = 2^512 - 1 are out of range */
	NOBS_FPX(to_bytes)(p_le, &NOBS_FPX(p));
	check(NOBS_CSIDHX(validate)(p_le, &env, &t_ws) == -EINVAL, "A = p refused", -1);
	memset(pk, 0xff, sizeof(pk));
	check(NOBS_CSIDHX(validate)(pk, &env, &t_ws) == -EINVAL, "A = 2^bits - 1 refused", -1);
	/* A = 2 and A = -2 are singular */
	NOBS_FPX(set_u64)(&t, 2);
	NOBS_FPX(to_bytes)(pk, &t);
	check(NOBS_CSIDHX(validate)(pk, &env, &t_ws) == -EINVAL, "A = 2 refused", -1);
	NOBS_FPX(neg)(&t, &t);
	NOBS_FPX(to_bytes)(pk, &t);
	check(NOBS_CSIDHX(validate)(pk, &env, &t_ws) == -EINVAL, "A = -2 refused", -1);

	/* the zero key maps the base curve to itself */
	memset(sk, 0, sizeof(sk));
	check(NOBS_CSIDHX(public_key)(pk, sk, &env, &t_ws) == 0, "zero key", -1);
	for (i = 0; i < NOBS_CSIDHX_PUBLIC_KEY_SIZE && !pk[i]; i++)
		;
	check(i == NOBS_CSIDHX_PUBLIC_KEY_SIZE, "zero key gives A = 0", -1);

	/* nibbles max + 1, 7, -max - 1, -7, -8 are refused, wherever they are */
	for (i = 0; i < 5; i++) {
		static const unsigned char bad[5] = {
			NOBS_CSIDHX_MAX_EXPONENT + 1, 7, 16 - NOBS_CSIDHX_MAX_EXPONENT - 1, 0x9, 0x8
		};

		memset(sk, NOBS_CSIDHX_MAX_EXPONENT * 0x11, sizeof(sk));
		sk[(7 * i) % NOBS_CSIDHX_PRIVATE_KEY_SIZE] = (i & 1) ? bad[i] : (u8)(bad[i] << 4);
		check(NOBS_CSIDHX(check_private_key)(sk) == -EINVAL,
		      "bad nibble refused", -1);
		memset(ss, 0xaa, sizeof(ss));
		check(NOBS_CSIDHX(public_key)(ss, sk, &env, &t_ws) == -EINVAL,
		      "bad key: no public key", -1);
	}
	memset(sk, NOBS_CSIDHX_MAX_EXPONENT << 4 | (16 - NOBS_CSIDHX_MAX_EXPONENT), sizeof(sk)); /* max, -max */
	check(NOBS_CSIDHX(check_private_key)(sk) == 0, "+-max accepted", -1);

	/* random keys are well formed and span [-max, max] */
	{
		int seen[16] = { 0 }, k, n = 0;

		for (k = 0; k < 200; k++) {
			NOBS_CSIDHX(random_private_key)(sk, &env);
			if (NOBS_CSIDHX(check_private_key)(sk))
				n++;
			for (i = 0; i < NOBS_CSIDHX_PRIMES; i++)
				seen[((s8)(u8)(sk[i / 2] << ((i % 2) * 4)) >> 4)
				     & 0xf]++;
		}
		check(n == 0, "random keys well formed", -1);
		for (n = 0, i = -NOBS_CSIDHX_MAX_EXPONENT; i <= NOBS_CSIDHX_MAX_EXPONENT; i++)
			n += seen[i & 0xf] > 0;
		check(n == 2 * NOBS_CSIDHX_MAX_EXPONENT + 1, "random keys use all of [-max, max]",
		      -1);
	}
}

/* Two random keys agree on a secret, both ways, that validates. */
static void exchange(void)
{
	unsigned char ska[NOBS_CSIDHX_PRIVATE_KEY_SIZE], skb[NOBS_CSIDHX_PRIVATE_KEY_SIZE], pka[NOBS_CSIDHX_PUBLIC_KEY_SIZE], pkb[NOBS_CSIDHX_PUBLIC_KEY_SIZE];
	unsigned char ssa[NOBS_CSIDHX_PUBLIC_KEY_SIZE], ssb[NOBS_CSIDHX_PUBLIC_KEY_SIZE];

	NOBS_CSIDHX(random_private_key)(ska, &env);
	NOBS_CSIDHX(random_private_key)(skb, &env);
	check(!NOBS_CSIDHX(public_key)(pka, ska, &env, &t_ws) && !NOBS_CSIDHX(validate)(pka, &env, &t_ws),
	      "exchange: public key a", -1);
	check(!NOBS_CSIDHX(public_key)(pkb, skb, &env, &t_ws) && !NOBS_CSIDHX(validate)(pkb, &env, &t_ws),
	      "exchange: public key b", -1);
	check(!NOBS_CSIDHX(shared_secret)(ssa, ska, pkb, &env, &t_ws) &&
	      !NOBS_CSIDHX(shared_secret)(ssb, skb, pka, &env, &t_ws) &&
	      !memcmp(ssa, ssb, NOBS_CSIDHX_PUBLIC_KEY_SIZE), "exchange: a and b agree", -1);
	check(memcmp(pka, pkb, NOBS_CSIDHX_PUBLIC_KEY_SIZE) && memcmp(ssa, pka, NOBS_CSIDHX_PUBLIC_KEY_SIZE),
	      "exchange: distinct keys and secret", -1);
	check(!NOBS_CSIDHX(validate)(ssa, &env, &t_ws), "exchange: the secret validates", -1);
}

/*
 * A yield hook that stops the operation at its k-th call (0: never):
 * the operation returns the hook's error at once (no call after that
 * one), its output zeroed and its workspace wiped.
 */
#define STOP_ERR	(-4242)
static unsigned long stop_calls, stop_at;

static int stop_yield(void *ctx)
{
	(void)ctx;
	return ++stop_calls == stop_at ? STOP_ERR : 0;
}

static int is_zero(const void *buf, size_t len)
{
	const unsigned char *p = buf;
	size_t i;

	for (i = 0; i < len; i++)
		if (p[i])
			return 0;
	return 1;
}

static int ws_is_zero(void)
{
	return is_zero(&t_ws, sizeof(t_ws));
}

/* op 0: public key, 1: validate the peer, 2: shared secret */
static int stop_run(int op, unsigned long k, const unsigned char *sk,
		    const unsigned char *peer, unsigned char *out)
{
	unsigned long long s = 5;
	struct nobs_csidh_env e = { csidh_test_random, stop_yield, &s };

	stop_calls = 0;
	stop_at = k;
	memset(out, 0xa5, NOBS_CSIDHX_PUBLIC_KEY_SIZE);
	memset(&t_ws, 0x5a, sizeof(t_ws));
	if (op == 0)
		return NOBS_CSIDHX(public_key)(out, sk, &e, &t_ws);
	if (op == 1)
		return NOBS_CSIDHX(validate)(peer, &e, &t_ws);
	return NOBS_CSIDHX(shared_secret)(out, sk, peer, &e, &t_ws);
}

static void stop_cases(void)
{
	static const char *const name[] = { "public key", "validate",
					    "shared secret" };
	unsigned char sk[NOBS_CSIDHX_PRIVATE_KEY_SIZE], peer[NOBS_CSIDHX_PUBLIC_KEY_SIZE], out[NOBS_CSIDHX_PUBLIC_KEY_SIZE], want[NOBS_CSIDHX_PUBLIC_KEY_SIZE];
	unsigned long n, ks[5];
	char what[96];
	int op, i, ok;

	NOBS_CSIDHX(random_private_key)(sk, &env);
	check(!NOBS_CSIDHX(public_key)(peer, sk, &env, &t_ws), "stop: a peer key", -1);
	NOBS_CSIDHX(random_private_key)(sk, &env);
	for (op = 0; op < 3; op++) {
		check(!stop_run(op, 0, sk, peer, want) && stop_calls > 2,
		      "stop: the hook is called", op);
		n = stop_calls;
		ks[0] = 1;
		ks[1] = 2;
		ks[2] = n / 3;
		ks[3] = n / 2 + 1;
		ks[4] = n;
		for (i = 0; i < 5; i++) {
			ok = stop_run(op, ks[i], sk, peer, out) == STOP_ERR &&
			     stop_calls == ks[i];
			if (op != 1)
				ok = ok && is_zero(out, NOBS_CSIDHX_PUBLIC_KEY_SIZE) && ws_is_zero();
			snprintf(what, sizeof(what),
				 "stop: %s stopped at yield %lu of %lu: the hook's error, nothing written",
				 name[op], ks[i], n);
			check(ok, what, -1);
		}
		/* and the next operation is whole again */
		check(!stop_run(op, 0, sk, peer, out) &&
		      (op == 1 || !memcmp(out, want, NOBS_CSIDHX_PUBLIC_KEY_SIZE)),
		      "stop: a full run after the stopped ones", op);
	}
}

/* Run the first limit vectors (all if limit < 0) with the current fp. */
static void run_vectors(const char *text, int limit, const char *impl)
{
	const char *obj, *end = text;
	int n = 0, i, id;

	for (obj = next_vector(text, &end, &id);
	     obj && (limit < 0 || n < limit);
	     obj = next_vector(end, &end, &id)) {
		unsigned char pk1[NOBS_CSIDHX_PUBLIC_KEY_SIZE], pr1[NOBS_CSIDHX_PRIVATE_KEY_SIZE], pk2[NOBS_CSIDHX_PUBLIC_KEY_SIZE], ss[NOBS_CSIDHX_PUBLIC_KEY_SIZE];
		unsigned char out[NOBS_CSIDHX_PUBLIC_KEY_SIZE];
		const char *s;
		size_t len;
		int has_pk2, has_ss, err;

		n++;
		s = field(obj, end, "status", &len);
		if (!s || unhex(pr1, NOBS_CSIDHX_PRIVATE_KEY_SIZE, obj, end, "Pr1") ||
		    unhex(pk1, NOBS_CSIDHX_PUBLIC_KEY_SIZE, obj, end, "Pk1")) {
			check(0, "parse", id);
			continue;
		}
		has_pk2 = !unhex(pk2, NOBS_CSIDHX_PUBLIC_KEY_SIZE, obj, end, "Pk2");
		has_ss = !unhex(ss, NOBS_CSIDHX_PUBLIC_KEY_SIZE, obj, end, "Ss");

		if (!strncmp(s, "valid\"", 6)) {
			check(!NOBS_CSIDHX(public_key)(out, pr1, &env, &t_ws) &&
			      !memcmp(out, pk1, NOBS_CSIDHX_PUBLIC_KEY_SIZE), "Pr1 -> Pk1", id);
			check(has_pk2 && !NOBS_CSIDHX(validate)(pk2, &env, &t_ws),
			      "Pk2 valid", id);
			err = NOBS_CSIDHX(shared_secret)(out, pr1, pk2, &env, &t_ws);
			check(has_ss && !err && !memcmp(out, ss, NOBS_CSIDHX_PUBLIC_KEY_SIZE),
			      "(Pr1, Pk2) -> Ss", id);
		} else if (!strncmp(s, "invalid_public_key1\"", 20)) {
			err = NOBS_CSIDHX(public_key)(out, pr1, &env, &t_ws);
			check(err || memcmp(out, pk1, NOBS_CSIDHX_PUBLIC_KEY_SIZE),
			      "Pr1 does not give Pk1", id);
		} else if (!strncmp(s, "invalid_public_key2\"", 20)) {
			check(has_pk2 && NOBS_CSIDHX(validate)(pk2, &env, &t_ws) == -EINVAL,
			      "Pk2 refused", id);
			memset(out, 0x5a, sizeof(out));
			err = NOBS_CSIDHX(shared_secret)(out, pr1, pk2, &env, &t_ws);
			for (i = 0; i < NOBS_CSIDHX_PUBLIC_KEY_SIZE && !out[i]; i++)
				;
			check(err == -EINVAL && i == NOBS_CSIDHX_PUBLIC_KEY_SIZE,
			      "no secret with invalid Pk2", id);
		} else if (!strncmp(s, "invalid_shared_secret\"", 22)) {
			err = NOBS_CSIDHX(shared_secret)(out, pr1, pk2, &env, &t_ws);
			check(!has_ss || err || memcmp(out, ss, NOBS_CSIDHX_PUBLIC_KEY_SIZE),
			      "(Pr1, Pk2) does not give Ss", id);
		} else {
			check(0, "unknown status", id);
		}
		fflush(stdout);
	}
	if (limit < 0 && n != T_VECTORS)
		check(0, "expected every vector of " T_FILE, n);
	printf("%s: %d vectors with fp %s\n", T_NAME, n, impl);
}

int main(int argc, char **argv)
{
	const char *dir = getenv("NOBS_VECTORS");
	const char *best = nobs_test_have_fp_asm() ? "asm" : "generic";
	char path[4096], *text;
	int limit = -1, other = T_OTHER_FP, i;
	bool vectors_only = false;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-n") && i + 1 < argc)
			limit = atoi(argv[++i]);
		else if (!strcmp(argv[i], "-o") && i + 1 < argc)
			other = atoi(argv[++i]);
		else if (!strcmp(argv[i], "-f") && i + 1 < argc)
			best = argv[++i];
		else if (!strcmp(argv[i], "-V"))
			vectors_only = true;
	}

	if (!vectors_only) {
		nobs_test_fp_select(false);
		edge_cases();
		nobs_test_fp_select(!strcmp(best, "asm"));
		exchange();
		stop_cases();
	}

	snprintf(path, sizeof(path), "%s/csidh/" T_FILE,
		 dir ? dir : NOBS_ROOT "/build/vectors");
	text = slurp(path);
	if (!text) {
		printf("SKIP: csidh vectors: %s not readable\n", path);
		skipped++;
	} else {
		/* all vectors with the fastest field arithmetic ... */
		run_vectors(text, limit, nobs_test_fp_select(!strcmp(best, "asm")));
		/* ... and the first few (-o N) with the other one */
		if (!strcmp(best, "asm") && other > 0)
			run_vectors(text, other, nobs_test_fp_select(false));
#if defined(NOBS_FP_VEC_NAME) && !defined(TEST_CSIDH1024)
		/* ... and with the assembly without its vector code */
		if (!strcmp(best, "asm") && other > 0) {
			nobs_test_fp_select(true);
			if (nobs_fp_vec_name()) {
				nobs_fp_vec_flag = false;
				run_vectors(text, other,
					    "asm without vector code");
			}
		}
#endif
		free(text);
	}
	printf("SUITE: %d passed, %d failed, %d skipped\n",
	       passed, failed, skipped);
	return failed ? 1 : 0;
}
