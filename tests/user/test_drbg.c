// SPDX-License-Identifier: GPL-2.0
/*
 * Userspace tests of drbg/ctr_drbg.c (the core the module ships), run over
 * OpenSSL's AES-256-CTR:
 *  - the 240 NIST CAVP CTR_DRBG AES-256 no-df vectors (with reseed),
 *  - the 100 NIST PQC KAT DRBG outputs,
 *  - differential against OpenSSL's EVP_RAND CTR-DRBG (no df) on random
 *    entropy, personalization, additional input, lengths and reseeds,
 *  - edge cases: oversize inputs, reseed-interval exhaustion, engine
 *    failure, uninstantiate.
 * Vectors come from $NOBS_VECTORS (default: build/vectors, tests/vectors
 * unpacked); without them those parts print SKIP.
 *
 * Usage: test_drbg [iterations] (differential rounds, default 300;
 * NOBS_SEED=n picks the random seed, printed on every run).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <time.h>
#include <stdarg.h>
#include "drbg_ossl.h"

#ifndef NOBS_ROOT
#define NOBS_ROOT "."
#endif

static unsigned int passed, failed, skipped;

static void check(int ok, const char *fmt, ...)
{
	va_list ap;

	if (ok) {
		passed++;
		return;
	}
	failed++;
	va_start(ap, fmt);
	printf("FAIL: ");
	vprintf(fmt, ap);
	printf("\n");
	va_end(ap);
}

static void skip(const char *name, const char *why)
{
	skipped++;
	printf("SKIP: %s: %s\n", name, why);
}

static const char *vectors_dir(void)
{
	const char *v = getenv("NOBS_VECTORS");

	return v && *v ? v : NOBS_ROOT "/build/vectors";
}

static FILE *open_vector(const char *rel, char *path, size_t n)
{
	snprintf(path, n, "%s/%s", vectors_dir(), rel);
	return fopen(path, "r");
}

/* Hex string -> bytes; returns the byte count or -1. */
static int unhex(const char *s, u8 *out, size_t max)
{
	size_t n = 0;

	while (isxdigit((unsigned char)s[0]) && isxdigit((unsigned char)s[1])) {
		unsigned int b;

		if (n == max || sscanf(s, "%2x", &b) != 1)
			return -1;
		out[n++] = (u8)b;
		s += 2;
	}
	return (int)n;
}

/* "Name = hex" -> bytes of hex if the line starts with Name. */
static int field(const char *line, const char *name, u8 *out, size_t max)
{
	size_t l = strlen(name);
	const char *p;

	if (strncmp(line, name, l) || (line[l] != ' ' && line[l] != '='))
		return -2;
	p = strchr(line, '=');
	if (!p)
		return -2;
	p++;
	while (*p == ' ')
		p++;
	return unhex(p, out, max);
}

/* --- CAVP ---------------------------------------------------------------- */

struct cavp {
	int count;
	u8 ent[48], pers[48], ent_rs[48], add_rs[48], add1[48], add2[48];
	int perslen, add_rslen, add1len, add2len, naddin;
	u8 bits[64];
	int bitslen;
};

static void run_cavp_one(struct ossl_ctr_engine *e, const struct cavp *c,
			 int index)
{
	struct nobs_ctr_drbg d = { 0 };
	u8 out[64];
	int err;

	err = nobs_ctr_drbg_instantiate(&d, &ossl_ctr_ops, e, c->ent, c->pers,
					c->perslen, 1000);
	if (!err)
		err = nobs_ctr_drbg_reseed(&d, c->ent_rs, c->add_rs,
					   c->add_rslen);
	if (!err)
		err = nobs_ctr_drbg_generate(&d, out, 64, c->add1, c->add1len);
	if (!err)
		err = nobs_ctr_drbg_generate(&d, out, 64, c->add2, c->add2len);
	check(!err && c->bitslen == 64 && !memcmp(out, c->bits, 64),
	      "CAVP vector #%d (COUNT = %d): err %d", index, c->count, err);
	nobs_ctr_drbg_uninstantiate(&d);
}

static void test_cavp(struct ossl_ctr_engine *e)
{
	char path[4096], line[1024];
	struct cavp c;
	int n = 0, in_ai = 0;
	FILE *f;

	f = open_vector("ctr_drbg/CTR_DRBG_pr_false_AES256_nodf.rsp", path,
			sizeof(path));
	if (!f) {
		skip("cavp", "vectors not found (set NOBS_VECTORS)");
		return;
	}
	memset(&c, 0, sizeof(c));
	while (fgets(line, sizeof(line), f)) {
		int r;

		if (sscanf(line, "COUNT = %d", &c.count) == 1) {
			in_ai = 0;
			continue;
		}
		if (field(line, "EntropyInputReseed", c.ent_rs, 48) >= 0)
			continue;
		if (field(line, "EntropyInput", c.ent, 48) >= 0)
			continue;
		r = field(line, "PersonalizationString", c.pers, 48);
		if (r >= 0) {
			c.perslen = r;
			continue;
		}
		r = field(line, "AdditionalInputReseed", c.add_rs, 48);
		if (r >= 0) {
			c.add_rslen = r;
			continue;
		}
		r = field(line, "AdditionalInput", in_ai ? c.add2 : c.add1, 48);
		if (r >= 0) {
			if (in_ai)
				c.add2len = r;
			else
				c.add1len = r;
			in_ai = 1;
			continue;
		}
		r = field(line, "ReturnedBits", c.bits, 64);
		if (r >= 0) {
			c.bitslen = r;
			run_cavp_one(e, &c, n++);
			memset(&c, 0, sizeof(c));
			in_ai = 0;
		}
	}
	fclose(f);
	check(n == 240, "CAVP: %d vectors found in %s, expected 240", n, path);
	printf("cavp: %d vectors run\n", n);
}

/* --- PQC KAT ------------------------------------------------------------- */

static void test_pqc(struct ossl_ctr_engine *e)
{
	char path[4096], line[1024];
	struct nobs_ctr_drbg d = { 0 };
	u8 ent[48], exp[48], out[48];
	int n = 0, count = -1;
	size_t i;
	FILE *f;

	f = open_vector("ctr_drbg/pqc_kat_drbg_seeds.txt", path, sizeof(path));
	if (!f) {
		skip("pqc_kat", "vectors not found (set NOBS_VECTORS)");
		return;
	}
	for (i = 0; i < 48; i++)
		ent[i] = (u8)i;
	if (nobs_ctr_drbg_instantiate(&d, &ossl_ctr_ops, e, ent, NULL, 0,
				      1 << 20)) {
		check(0, "PQC: instantiate");
		fclose(f);
		return;
	}
	while (fgets(line, sizeof(line), f)) {
		int c;

		if (sscanf(line, "count = %d", &c) == 1) {
			count = c;
			continue;
		}
		if (field(line, "seed", exp, 48) == 48) {
			int err = nobs_ctr_drbg_generate(&d, out, 48, NULL, 0);

			check(!err && count == n && !memcmp(out, exp, 48),
			      "PQC KAT output count = %d", count);
			n++;
		}
	}
	fclose(f);
	nobs_ctr_drbg_uninstantiate(&d);
	check(n == 100, "PQC: %d outputs found, expected 100", n);
	printf("pqc_kat: %d outputs run\n", n);
}

/* --- differential against OpenSSL ---------------------------------------- */

static u64 rng_state;

static u64 rnd(void)
{
	/* splitmix64: test-input generator only */
	u64 z = (rng_state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static void rnd_bytes(u8 *p, size_t n)
{
	while (n--)
		*p++ = (u8)rnd();
}

/* Lengths that cross the core's internal boundaries, then anything. */
static size_t rnd_len(void)
{
	static const size_t edges[] = {
		1, 15, 16, 17, 31, 32, 33, 48, 64, 111, 112, 113, 127,
		128, 129, 143, 144, 145, 1024, 4095, 4096, 4097, 65520,
		65535, 65536,
	};

	switch (rnd() % 4) {
	case 0:
		return edges[rnd() % ARRAY_SIZE(edges)];
	case 1:
		return 1 + rnd() % 65536;
	default:
		return 1 + rnd() % 300;
	}
}

static size_t rnd_inlen(void)
{
	switch (rnd() % 4) {
	case 0:
		return 0;
	case 1:
		return 48;
	default:
		return rnd() % 49;
	}
}

static void test_differential(struct ossl_ctr_engine *e, int rounds)
{
	static u8 a[65536], b[65536];
	struct ossl_ref_drbg ref;
	int round, bad = 0;

	if (ossl_ref_new(&ref)) {
		check(0, "OpenSSL CTR-DRBG (TEST-RAND parent) not available");
		return;
	}
	for (round = 0; round < rounds && bad < 5; round++) {
		struct nobs_ctr_drbg d = { 0 };
		u8 ent[48], pers[48], add[48];
		size_t perslen = rnd_inlen();
		int ops = 1 + (int)(rnd() % 8), i, ok = 1;

		rnd_bytes(ent, sizeof(ent));
		rnd_bytes(pers, perslen);
		if (nobs_ctr_drbg_instantiate(&d, &ossl_ctr_ops, e, ent, pers,
					      perslen, 1 << 20) ||
		    ossl_ref_instantiate(&ref, ent, pers, perslen)) {
			check(0, "diff round %d: instantiate", round);
			bad++;
			continue;
		}
		for (i = 0; i < ops && ok; i++) {
			size_t addlen = rnd_inlen();

			rnd_bytes(add, addlen);
			if (rnd() % 6 == 0) {
				rnd_bytes(ent, sizeof(ent));
				ok = !nobs_ctr_drbg_reseed(&d, ent, add, addlen) &&
				     !ossl_ref_reseed(&ref, ent, add, addlen);
				if (!ok)
					check(0, "diff round %d op %d: reseed",
					      round, i);
			} else {
				size_t len = rnd_len();
				int e1, e2;

				memset(a, 0xaa, len);
				memset(b, 0x55, len);
				e1 = nobs_ctr_drbg_generate(&d, a, len, add,
							    addlen);
				e2 = ossl_ref_generate(&ref, b, len, add,
						       addlen);
				ok = !e1 && !e2 && !memcmp(a, b, len);
				if (!ok)
					check(0,
					      "diff round %d op %d: len %zu addin %zu pers %zu: %d/%d",
					      round, i, len, addlen, perslen,
					      e1, e2);
			}
		}
		if (ok)
			check(1, "diff");
		else
			bad++;
		nobs_ctr_drbg_uninstantiate(&d);
	}
	ossl_ref_free(&ref);
	printf("differential: %d rounds against OpenSSL EVP_RAND CTR-DRBG\n",
	       round);
}

/* --- edge cases ---------------------------------------------------------- */

static int all_zero(const void *p, size_t n)
{
	const u8 *b = p;

	while (n--)
		if (*b++)
			return 0;
	return 1;
}

static void test_edges(struct ossl_ctr_engine *e)
{
	struct nobs_ctr_drbg d = { 0 };
	u8 ent[48] = { 1 }, in[49] = { 2 }, out[64], before[64];
	static u8 big[65537];
	int i, err;

	/* Inputs too long or missing. */
	check(nobs_ctr_drbg_instantiate(&d, &ossl_ctr_ops, e, ent, in, 49,
					10) == -EINVAL, "pers 49 -> EINVAL");
	check(nobs_ctr_drbg_generate(&d, out, 16, NULL, 0) == -EINVAL,
	      "generate before instantiate -> EINVAL");
	check(nobs_ctr_drbg_instantiate(&d, &ossl_ctr_ops, e, ent, NULL, 0,
					0) == -EINVAL, "interval 0 -> EINVAL");
	check(nobs_ctr_drbg_instantiate(&d, &ossl_ctr_ops, e, ent, NULL, 0,
					NOBS_CTR_DRBG_MAX_INTERVAL + 1) ==
	      -EINVAL, "interval 2^48+1 -> EINVAL");
	check(nobs_ctr_drbg_instantiate(&d, &ossl_ctr_ops, e, NULL, NULL, 0,
					10) == -EINVAL, "no entropy -> EINVAL");
	err = nobs_ctr_drbg_instantiate(&d, &ossl_ctr_ops, e, ent, in, 48, 3);
	check(!err, "instantiate, pers 48, interval 3");
	check(nobs_ctr_drbg_generate(&d, out, 16, in, 49) == -EINVAL,
	      "addin 49 -> EINVAL");
	check(nobs_ctr_drbg_reseed(&d, ent, in, 49) == -EINVAL,
	      "reseed addin 49 -> EINVAL");
	check(nobs_ctr_drbg_generate(&d, big, 65537, NULL, 0) == -EINVAL,
	      "generate 65537 -> EINVAL");
	check(nobs_ctr_drbg_generate(&d, NULL, 1, NULL, 0) == -EINVAL,
	      "NULL out -> EINVAL");

	/* Interval 3: three requests, then reseed required with no change. */
	for (i = 0; i < 3; i++) {
		check(nobs_ctr_drbg_requests_left(&d) == (u64)(3 - i),
		      "requests_left %d", 3 - i);
		check(!nobs_ctr_drbg_generate(&d, out, 64, NULL, 0),
		      "request %d of 3", i + 1);
	}
	check(nobs_ctr_drbg_requests_left(&d) == 0, "requests_left 0");
	memcpy(before, d.v, 16);
	memset(out, 0x5a, sizeof(out));
	check(nobs_ctr_drbg_generate(&d, out, 64, NULL, 0) == -EKEYEXPIRED,
	      "4th request -> EKEYEXPIRED");
	check(!memcmp(before, d.v, 16) && out[0] == 0x5a && out[63] == 0x5a,
	      "exhausted generate leaves state and output alone");
	check(!nobs_ctr_drbg_reseed(&d, ent, NULL, 0) &&
	      !nobs_ctr_drbg_generate(&d, out, 64, NULL, 0),
	      "reseed restores service");

	/*
	 * A zero-length request is a full SP 800-90A Generate of 0 bits (as
	 * in the PQC reference rng.c): no output, but Update and the counter.
	 * OpenSSL's EVP_RAND_generate() skips it, so it is not in the
	 * differential test.
	 */
	memcpy(before, d.v, 16);
	check(!nobs_ctr_drbg_generate(&d, NULL, 0, NULL, 0) &&
	      memcmp(before, d.v, 16) && d.reseed_counter == 3,
	      "zero-length generate updates the state");

	/* Uninstantiate wipes the state and refuses service. */
	nobs_ctr_drbg_uninstantiate(&d);
	check(all_zero(&d, sizeof(d)), "uninstantiate wipes the state");
	check(nobs_ctr_drbg_generate(&d, out, 16, NULL, 0) == -EINVAL,
	      "generate after uninstantiate -> EINVAL");
	check(nobs_ctr_drbg_reseed(&d, ent, NULL, 0) == -EINVAL,
	      "reseed after uninstantiate -> EINVAL");

	/* Engine failure at every step of a generate with addin. */
	for (i = 0; i < 6; i++) {
		struct nobs_ctr_drbg f = { 0 };

		e->fail_after = -1;
		if (nobs_ctr_drbg_instantiate(&f, &ossl_ctr_ops, e, ent, NULL,
					      0, 10)) {
			check(0, "instantiate for failure test");
			continue;
		}
		e->fail_after = i;
		memset(big, 0x77, 1000);
		err = nobs_ctr_drbg_generate(&f, big, 1000, in, 48);
		e->fail_after = -1;
		if (i < 5)
			check(err == -EIO && !f.instantiated &&
			      all_zero(big, 1000),
			      "engine failure at call %d: err %d", i, err);
		else
			check(!err, "engine succeeds after 5 calls: %d", err);
		nobs_ctr_drbg_uninstantiate(&f);
	}
	e->fail_after = -1;
}

int main(int argc, char **argv)
{
	struct ossl_ctr_engine e;
	int rounds = argc > 1 ? atoi(argv[1]) : 300;
	const char *s = getenv("NOBS_SEED");

	rng_state = s ? strtoull(s, NULL, 0) : (u64)time(NULL);
	printf("drbg: NOBS_SEED=%llu\n", (unsigned long long)rng_state);

	if (ossl_ctr_engine_init(&e)) {
		printf("FAIL: OpenSSL AES-256-CTR not available\n");
		printf("drbg: 0 passed, 1 failed, 0 skipped\n");
		return 1;
	}
	test_cavp(&e);
	test_pqc(&e);
	test_edges(&e);
	test_differential(&e, rounds);
	ossl_ctr_engine_free(&e);

	printf("drbg: %u passed, %u failed, %u skipped\n", passed, failed,
	       skipped);
	return failed ? 1 : 0;
}
