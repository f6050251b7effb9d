// SPDX-License-Identifier: GPL-2.0
/*
 * CSIDH-512 core (isogeny/csidh512.c): the paths the first vectors of
 * test_csidh.c do not reach, checked against the CSIDH reference vectors
 * ($NOBS_VECTORS/csidh/csidh_testvectors.dat).
 *
 *  - the first NOBS_CSIDH_VECTORS_PER_KIND (default 2) vectors of each kind:
 *    valid, invalid_shared_secret, invalid_public_key1, invalid_public_key2
 *    (an invalid peer is refused by validate and by shared_secret, -EINVAL
 *    and a zeroed secret);
 *  - shared_secret checks the peer (a value >= p, an invalid curve) and the
 *    private key (a bad nibble): -EINVAL, the secret zeroed;
 *  - point sampling rejects random values that are not field elements
 *    (>= p), u = 0 and u = +-1, and asks again: the public key still equals
 *    the vector's;
 *  - the yield hook is called during the group action and does not change
 *    the result.
 *
 * Output: FAIL/SKIP lines, then
 * "csidh_refusals: N passed, N failed, N skipped".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __x86_64__
#include <cpuid.h>
#endif

#include "isogeny/csidh512.h"
#include "isogeny/fp512.h"
#include "csidh_test_rng.h"
#include "fp_cpu.h"

#ifndef NOBS_ROOT
#define NOBS_ROOT "."
#endif

static int passed, failed, skipped;

static void check(int ok, const char *what, int id)
{
	if (ok) {
		passed++;
		return;
	}
	failed++;
	printf("FAIL: %s (vector %d)\n", what, id);
}

static int is_zero(const u8 *p, size_t n)
{
	while (n--)
		if (*p++)
			return 0;
	return 1;
}

/* The assembly field arithmetic needs BMI2 and ADX on x86-64. */
static bool asm_usable(void)
{
#ifdef __x86_64__
	unsigned int a, b, c, d;

	return __get_cpuid_count(7, 0, &a, &b, &c, &d) &&
	       (b & (1u << 8)) && (b & (1u << 19));
#else
	return true;
#endif
}

/* ---- randomness: a script of 64-byte values, then splitmix64 ---------- */

struct script_rng {
	const u8 (*vals)[NOBS_FP512_BYTES];
	int nvals, used, calls;
	unsigned long long seed;
	int yields;
};

static void script_random(void *ctx, void *buf, size_t len)
{
	struct script_rng *r = ctx;

	r->calls++;
	if (len == NOBS_FP512_BYTES && r->used < r->nvals) {
		memcpy(buf, r->vals[r->used++], len);
		return;
	}
	csidh_test_random(&r->seed, buf, len);
}

static int count_yield(void *ctx)
{
	((struct script_rng *)ctx)->yields++;
	return 0;
}

/* ---- the vector file ----------------------------------------------------- */

struct vec {
	int id;
	char status[32];
	u8 pr1[37], pk1[64], pk2[64], ss[64];
	int has_pk2, has_ss;
};

/* Hex value of "key" in [obj, end) into n bytes; 0 on success. */
static int get_hex(const char *obj, const char *end, const char *key,
		   u8 *out, size_t n)
{
	char quoted[40];
	const char *p;
	size_t i;

	snprintf(quoted, sizeof(quoted), "\"%s\":", key);
	p = strstr(obj, quoted);
	if (!p || p > end)
		return -1;
	p = strchr(p + strlen(quoted), '"');
	if (!p)
		return -1;
	for (i = 0, p++; i < n; i++, p += 2) {
		unsigned int b;

		if (sscanf(p, "%2x", &b) != 1)
			return -1;
		out[i] = (u8)b;
	}
	return *p == '"' ? 0 : -1;
}

static int get_status(const char *obj, const char *end, char *out, size_t n)
{
	const char *p = strstr(obj, "\"status\":");
	size_t i;

	if (!p || p > end)
		return -1;
	p = strchr(p + 9, '"');
	if (!p)
		return -1;
	for (i = 0, p++; *p && *p != '"' && i + 1 < n; i++)
		out[i] = *p++;
	out[i] = 0;
	return 0;
}

static char *read_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *text = NULL;
	size_t len = 0, cap = 0, n;

	if (!f)
		return NULL;
	for (;;) {
		if (cap - len < 65536) {
			char *t = realloc(text, cap + 1 + 65536);

			if (!t) {
				free(text);
				fclose(f);
				return NULL;
			}
			text = t;
			cap += 65536;
		}
		n = fread(text + len, 1, cap - len, f);
		if (!n)
			break;
		len += n;
	}
	fclose(f);
	text[len] = 0;
	return text;
}

/* Parse all vectors; returns how many, -1 on a parse error. */
static int load(const char *text, struct vec *v, int max)
{
	const char *obj = text, *end;
	int n = 0;

	while ((obj = strstr(obj, "\"Id\":")) && n < max) {
		end = strchr(obj, '}');
		if (!end)
			return -1;
		v[n].id = atoi(obj + 5);
		if (get_status(obj, end, v[n].status, sizeof(v[n].status)) ||
		    get_hex(obj, end, "Pr1", v[n].pr1, 37) ||
		    get_hex(obj, end, "Pk1", v[n].pk1, 64))
			return -1;
		v[n].has_pk2 = !get_hex(obj, end, "Pk2", v[n].pk2, 64);
		v[n].has_ss = !get_hex(obj, end, "Ss", v[n].ss, 64);
		n++;
		obj = end;
	}
	return n;
}

/* ---- tests ---------------------------------------------------------------- */

static void run_vector(const struct vec *v, const struct nobs_csidh_env *env)
{
	u8 out[64];
	int err;

	if (!strcmp(v->status, "valid")) {
		check(!nobs_csidh512_public_key(out, v->pr1, env, &t_ws) &&
		      !memcmp(out, v->pk1, 64), "valid: Pr1 -> Pk1", v->id);
		check(v->has_pk2 && !nobs_csidh512_validate(v->pk2, env, &t_ws),
		      "valid: Pk2 accepted", v->id);
		check(v->has_ss && !nobs_csidh512_shared_secret(out, v->pr1, v->pk2,
							     env, &t_ws) &&
		      !memcmp(out, v->ss, 64), "valid: (Pr1, Pk2) -> Ss", v->id);
	} else if (!strcmp(v->status, "invalid_public_key1")) {
		err = nobs_csidh512_public_key(out, v->pr1, env, &t_ws);
		check(err || memcmp(out, v->pk1, 64),
		      "invalid_public_key1: Pr1 does not give Pk1", v->id);
	} else if (!strcmp(v->status, "invalid_public_key2")) {
		check(v->has_pk2 && nobs_csidh512_validate(v->pk2, env, &t_ws) == -EINVAL,
		      "invalid_public_key2: Pk2 refused", v->id);
		memset(out, 0xa5, sizeof(out));
		check(nobs_csidh512_shared_secret(out, v->pr1, v->pk2, env, &t_ws) ==
		      -EINVAL && is_zero(out, 64),
		      "invalid_public_key2: no secret, output zeroed", v->id);
	} else if (!strcmp(v->status, "invalid_shared_secret")) {
		err = nobs_csidh512_shared_secret(out, v->pr1, v->pk2, env, &t_ws);
		check(v->has_ss && (err || memcmp(out, v->ss, 64)),
		      "invalid_shared_secret: (Pr1, Pk2) does not give Ss",
		      v->id);
	} else {
		check(0, "unknown status", v->id);
	}
}

static void test_kinds(const struct vec *v, int n, int per_kind,
		       const struct nobs_csidh_env *env)
{
	static const char *const kinds[] = {
		"valid", "invalid_shared_secret", "invalid_public_key1",
		"invalid_public_key2",
	};
	unsigned int k;
	int i, done;

	for (k = 0; k < ARRAY_SIZE(kinds); k++) {
		for (i = 0, done = 0; i < n && done < per_kind; i++) {
			if (strcmp(v[i].status, kinds[k]))
				continue;
			run_vector(&v[i], env);
			done++;
		}
		check(done == per_kind, "enough vectors of each kind", -1);
	}
}

/* @val: a valid vector; @bad2: an invalid_public_key2 one. */
static void test_shared_secret_checks(const struct vec *val,
				      const struct vec *bad2,
				      const struct nobs_csidh_env *env)
{
	u8 ss[64], sk[37], peer[64];

	/* peer >= p: not a field element */
	nobs_fp512_to_bytes(peer, &nobs_fp512_p);
	memset(ss, 0xa5, sizeof(ss));
	check(nobs_csidh512_shared_secret(ss, val->pr1, peer, env, &t_ws) == -EINVAL &&
	      is_zero(ss, 64), "peer = p refused, secret zeroed", val->id);
	/* invalid curve and a malformed key: the peer is reported */
	memcpy(sk, val->pr1, sizeof(sk));
	sk[3] = 0x77;			/* nibbles 7, 7: out of [-5, 5] */
	memset(ss, 0xa5, sizeof(ss));
	check(nobs_csidh512_shared_secret(ss, sk, bad2->pk2, env, &t_ws) == -EINVAL &&
	      is_zero(ss, 64), "invalid peer and bad key refused", bad2->id);
	/* a valid peer with a malformed key */
	memset(ss, 0xa5, sizeof(ss));
	check(nobs_csidh512_shared_secret(ss, sk, val->pk2, env, &t_ws) == -EINVAL &&
	      is_zero(ss, 64), "bad private key refused, secret zeroed",
	      val->id);
	/* and the well-formed key still works */
	check(!nobs_csidh512_shared_secret(ss, val->pr1, val->pk2, env, &t_ws) &&
	      !memcmp(ss, val->ss, 64), "then (Pr1, Pk2) -> Ss", val->id);
}

/*
 * Sampling: values >= p, 0, 1 and -1 must each be rejected (the sampler
 * asks again), and the result is the vector's public key.
 */
static void test_sampling(const struct vec *val)
{
	static u8 bad[4][NOBS_FP512_BYTES];
	struct script_rng r = { .vals = bad, .nvals = 4, .seed = 7 };
	struct nobs_csidh_env env = { script_random, count_yield, &r };
	struct nobs_fp512 t;
	u8 pk[64];

	memset(bad[0], 0xff, NOBS_FP512_BYTES);	/* 2^511 - 1 after the mask */
	memset(bad[1], 0, NOBS_FP512_BYTES);	/* u = 0 */
	nobs_fp512_to_bytes(bad[2], &nobs_fp512_one);	/* u = 1 */
	nobs_fp512_neg(&t, &nobs_fp512_one);
	nobs_fp512_to_bytes(bad[3], &t);		/* u = -1 */
	check(nobs_csidh512_validate(bad[0], &env, &t_ws) == -EINVAL,
	      "2^511 - 1 is not a field element", -1);

	check(!nobs_csidh512_public_key(pk, val->pr1, &env, &t_ws) &&
	      !memcmp(pk, val->pk1, 64),
	      "rejected samples: Pr1 -> Pk1 all the same", val->id);
	check(r.used == 4 && r.calls > 4,
	      "all four unusable values drawn, and more after them", val->id);
	check(r.yields > 0, "the yield hook is called", val->id);
}

int main(void)
{
	const char *dir = getenv("NOBS_VECTORS");
	const char *pk = getenv("NOBS_CSIDH_VECTORS_PER_KIND");
	static struct vec v[400];
	static unsigned long long seed = 11;
	const struct nobs_csidh_env env = { csidh_test_random, NULL, &seed };
	int per_kind = pk ? atoi(pk) : 2, n, i, val = -1, bad2 = -1;
	char path[4096];
	char *text;

	snprintf(path, sizeof(path), "%s/csidh/csidh_testvectors.dat",
		 dir ? dir : NOBS_ROOT "/build/vectors");
	text = read_file(path);
	if (!text) {
		printf("SKIP: csidh_refusals: no %s\n", path);
		printf("csidh_refusals: 0 passed, 0 failed, 1 skipped\n");
		return 0;
	}
	n = load(text, v, 400);
	free(text);
	check(n == 328, "parse 328 vectors", n);
	if (n <= 0)
		goto out;
	printf("csidh_refusals: fp %s\n", nobs_test_fp_select(asm_usable()));

	for (i = 0; i < n; i++) {
		if (val < 0 && !strcmp(v[i].status, "valid") && v[i].has_ss)
			val = i;
		if (bad2 < 0 && !strcmp(v[i].status, "invalid_public_key2"))
			bad2 = i;
	}
	if (val < 0 || bad2 < 0) {
		check(0, "a valid and an invalid_public_key2 vector", -1);
		goto out;
	}
	test_kinds(v, n, per_kind, &env);
	test_shared_secret_checks(&v[val], &v[bad2], &env);
	test_sampling(&v[val]);
out:
	printf("csidh_refusals: %d passed, %d failed, %d skipped\n", passed, failed,
	       skipped);
	return failed ? 1 : 0;
}
