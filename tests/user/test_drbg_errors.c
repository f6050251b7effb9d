// SPDX-License-Identifier: GPL-2.0
/*
 * CTR_DRBG core (drbg/ctr_drbg.c): the error paths test_drbg.c does not
 * reach, each checked for its errno and for the state it leaves.
 *
 *  - every -EINVAL input check of instantiate, reseed and generate: on an
 *    instantiated DRBG a refused reseed or generate changes nothing (the
 *    next outputs still equal OpenSSL's CTR-DRBG fed the same inputs);
 *  - an AES engine failure at each call of instantiate, reseed, and of
 *    short (one keystream call) and long generates with and without
 *    additional input: -EIO, the instance uninstantiated and wiped, the
 *    output buffer zeroed, further requests refused with -EINVAL; and a
 *    new instance on the same engine again matches OpenSSL.
 *
 * The reference is OpenSSL's EVP_RAND CTR-DRBG (AES-256, no df) from
 * drbg_ossl.c, an independent implementation.
 * Output follows HACKING.md: FAIL lines, then "drbg_errors: N passed, ...".
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "drbg_ossl.h"

static unsigned int passed, failed;

static void check(int ok, const char *fmt, ...)
{
	va_list ap;

	if (ok) {
		passed++;
		return;
	}
	failed++;
	printf("FAIL: ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
}

static int all_zero(const void *p, size_t n)
{
	const u8 *b = p;

	while (n--)
		if (*b++)
			return 0;
	return 1;
}

/* Fixed, distinct inputs (values do not matter; OpenSSL gets the same). */
static void fill(u8 *p, size_t n, u8 tag)
{
	size_t i;

	for (i = 0; i < n; i++)
		p[i] = (u8)(tag * 37 + i * 11 + 5);
}

static struct ossl_ref_drbg ref;
static u8 ent[48], ent2[48], pers[48], add[48];

/* Instantiate both with (ent, pers); 0 when both did. */
static int both_instantiate(struct nobs_ctr_drbg *d, struct ossl_ctr_engine *e)
{
	e->fail_after = -1;
	return nobs_ctr_drbg_instantiate(d, &ossl_ctr_ops, e, ent, pers, 32,
					 1000) ||
	       ossl_ref_instantiate(&ref, ent, pers, 32);
}

/* @n generates of @len bytes (with addin when @withadd) agree with OpenSSL. */
static int both_agree(struct nobs_ctr_drbg *d, size_t len, int withadd, int n)
{
	static u8 a[4096], b[4096];
	size_t alen = withadd ? 40 : 0;

	while (n--) {
		memset(a, 0xaa, len);
		memset(b, 0x55, len);
		if (nobs_ctr_drbg_generate(d, a, len, add, alen) ||
		    ossl_ref_generate(&ref, b, len, add, alen) ||
		    memcmp(a, b, len))
			return 0;
	}
	return 1;
}

static void test_einval(struct ossl_ctr_engine *e)
{
	struct nobs_ctr_drbg d = { 0 };
	u8 out[64], v[16];
	u64 ctr;

	e->fail_after = -1;
	check(nobs_ctr_drbg_instantiate(&d, NULL, e, ent, NULL, 0, 10) ==
	      -EINVAL && !d.instantiated, "instantiate without ops -> EINVAL");
	check(nobs_ctr_drbg_instantiate(&d, &ossl_ctr_ops, e, ent, NULL, 5,
					10) == -EINVAL && !d.instantiated,
	      "instantiate perslen 5, pers NULL -> EINVAL");

	if (both_instantiate(&d, e)) {
		check(0, "instantiate for the EINVAL tests");
		return;
	}
	memcpy(v, d.v, sizeof(v));
	ctr = d.reseed_counter;
	check(nobs_ctr_drbg_reseed(&d, NULL, NULL, 0) == -EINVAL,
	      "reseed without entropy -> EINVAL");
	check(nobs_ctr_drbg_reseed(&d, ent2, NULL, 3) == -EINVAL,
	      "reseed addinlen 3, addin NULL -> EINVAL");
	memset(out, 0x5a, sizeof(out));
	check(nobs_ctr_drbg_generate(&d, out, 16, NULL, 7) == -EINVAL,
	      "generate addinlen 7, addin NULL -> EINVAL");
	check(out[0] == 0x5a && out[15] == 0x5a,
	      "refused generate leaves the output alone");
	check(!memcmp(v, d.v, sizeof(v)) && d.reseed_counter == ctr &&
	      d.instantiated, "refused requests leave V and the counter");
	check(both_agree(&d, 64, 1, 3),
	      "after the refused requests, outputs still equal OpenSSL's");

	/* A refused instantiate leaves an instance that refuses service. */
	check(nobs_ctr_drbg_instantiate(&d, &ossl_ctr_ops, e, NULL, NULL, 0,
					10) == -EINVAL,
	      "re-instantiate without entropy -> EINVAL");
	check(nobs_ctr_drbg_generate(&d, out, 16, NULL, 0) == -EINVAL,
	      "generate after a refused instantiate -> EINVAL");
	nobs_ctr_drbg_uninstantiate(&d);
}

/* After a failure: wiped, refusing, and the engine still good for a new one. */
static void check_failed(struct nobs_ctr_drbg *d, struct ossl_ctr_engine *e,
			 int err, const char *what, int call)
{
	u8 out[16];

	e->fail_after = -1;
	check(err == -EIO, "%s: engine failure at call %d -> %d, not -EIO",
	      what, call, err);
	check(!d->instantiated && all_zero(d, sizeof(*d)),
	      "%s: failure at call %d leaves the state wiped", what, call);
	check(nobs_ctr_drbg_generate(d, out, sizeof(out), NULL, 0) == -EINVAL &&
	      nobs_ctr_drbg_reseed(d, ent2, NULL, 0) == -EINVAL,
	      "%s: failure at call %d: further requests refused", what, call);
	check(!both_instantiate(d, e) && both_agree(d, 100, 1, 2),
	      "%s: failure at call %d: a new instance matches OpenSSL",
	      what, call);
	nobs_ctr_drbg_uninstantiate(d);
}

static void test_instantiate_failures(struct ossl_ctr_engine *e)
{
	struct nobs_ctr_drbg d = { 0 };
	int call, err;

	/* setkey(0), keystream (Update), setkey (Update): calls 0..2. */
	for (call = 0; call < 4; call++) {
		e->fail_after = call;
		err = nobs_ctr_drbg_instantiate(&d, &ossl_ctr_ops, e, ent,
						pers, 32, 1000);
		if (call == 3) {
			e->fail_after = -1;
			check(!err && !ossl_ref_instantiate(&ref, ent, pers, 32) &&
			      both_agree(&d, 48, 0, 2),
			      "instantiate: engine failing at call 3 is not reached");
			nobs_ctr_drbg_uninstantiate(&d);
			continue;
		}
		check_failed(&d, e, err, "instantiate", call);
	}
}

static void test_reseed_failures(struct ossl_ctr_engine *e)
{
	struct nobs_ctr_drbg d = { 0 };
	int call, err, withadd;

	for (withadd = 0; withadd < 2; withadd++) {
		/* keystream, setkey (the Update): calls 0..1. */
		for (call = 0; call < 3; call++) {
			if (both_instantiate(&d, e)) {
				check(0, "instantiate for reseed failures");
				return;
			}
			e->fail_after = call;
			err = nobs_ctr_drbg_reseed(&d, ent2, add,
						   withadd ? 48 : 0);
			if (call == 2) {
				e->fail_after = -1;
				check(!err &&
				      !ossl_ref_reseed(&ref, ent2, add,
						       withadd ? 48 : 0) &&
				      both_agree(&d, 32, withadd, 2),
				      "reseed (addin %d): two engine calls",
				      withadd);
				nobs_ctr_drbg_uninstantiate(&d);
				continue;
			}
			check_failed(&d, e, err, withadd ? "reseed+addin" :
				     "reseed", call);
		}
	}
}

/*
 * Engine calls of a generate: with additional input, its Update first
 * (keystream, setkey); then a short request (<= 128 bytes) takes output
 * and the next K || V from one keystream call and sets the key; a long one
 * needs two keystream calls.  Every call may fail.
 */
static void test_generate_failures(struct ossl_ctr_engine *e)
{
	static const struct {
		size_t len;
		int withadd, calls;
		const char *what;
	} cases[] = {
		{ 16, 0, 2, "generate 16" },
		{ 128, 1, 4, "generate 128+addin" },
		{ 0, 0, 2, "generate 0" },
		{ 0, 1, 4, "generate 0+addin" },
		{ 1000, 0, 3, "generate 1000" },
	};
	static u8 out[1000];
	struct nobs_ctr_drbg d = { 0 };
	unsigned int c;
	int call, err;

	for (c = 0; c < ARRAY_SIZE(cases); c++) {
		size_t len = cases[c].len, alen = 0;

		if (cases[c].withadd)
			alen = sizeof(add);

		for (call = 0; call <= cases[c].calls; call++) {
			if (both_instantiate(&d, e)) {
				check(0, "instantiate for generate failures");
				return;
			}
			memset(out, 0x77, sizeof(out));
			e->fail_after = call;
			err = nobs_ctr_drbg_generate(&d, len ? out : NULL, len,
						     add, alen);
			if (call < cases[c].calls) {
				check(all_zero(out, len) &&
				      (len == sizeof(out) || out[len] == 0x77),
				      "%s: failure at call %d wipes exactly the output",
				      cases[c].what, call);
				check_failed(&d, e, err, cases[c].what, call);
				continue;
			}
			e->fail_after = -1;
			check(!err, "%s: %d engine calls suffice (%d)",
			      cases[c].what, call, err);
			/* Same request on OpenSSL (which skips 0 bytes). */
			if (len) {
				static u8 b[1000];

				check(!ossl_ref_generate(&ref, b, len, add,
							 alen) &&
				      !memcmp(out, b, len) &&
				      both_agree(&d, 64, 0, 1),
				      "%s: output equals OpenSSL's",
				      cases[c].what);
			}
			nobs_ctr_drbg_uninstantiate(&d);
		}
	}
}

int main(void)
{
	struct ossl_ctr_engine e;

	fill(ent, sizeof(ent), 1);
	fill(ent2, sizeof(ent2), 2);
	fill(pers, sizeof(pers), 3);
	fill(add, sizeof(add), 4);
	if (ossl_ctr_engine_init(&e) || ossl_ref_new(&ref)) {
		printf("FAIL: OpenSSL AES-256-CTR / CTR-DRBG not available\n");
		printf("drbg_errors: 0 passed, 1 failed, 0 skipped\n");
		return 1;
	}
	test_einval(&e);
	test_instantiate_failures(&e);
	test_reseed_failures(&e);
	test_generate_failures(&e);
	ossl_ref_free(&ref);
	ossl_ctr_engine_free(&e);

	printf("drbg_errors: %u passed, %u failed, 0 skipped\n", passed, failed);
	return failed ? 1 : 0;
}
