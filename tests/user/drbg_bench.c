// SPDX-License-Identifier: GPL-2.0
/*
 * CTR_DRBG benchmark: the nobs core (drbg/ctr_drbg.c over OpenSSL's
 * AES-256-CTR) beside OpenSSL's own EVP_RAND CTR-DRBG (AES-256, no df),
 * both measured in this run.  Generate requests of 32 B, 1 KiB and 64 KiB
 * without additional input; the median of 15 timed batches is reported.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "drbg_ossl.h"
#include "bench_clock.h"

#define BATCHES 15

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static u8 buf[65536];

/* Median nanoseconds per request over BATCHES batches of @iters. */
static double time_nobs(struct nobs_ctr_drbg *d, size_t len, int iters)
{
	double t[BATCHES];
	int b, i;

	for (b = 0; b < BATCHES; b++) {
		double t0 = bench_ns();

		for (i = 0; i < iters; i++)
			if (nobs_ctr_drbg_generate(d, buf, len, NULL, 0))
				abort();
		t[b] = (bench_ns() - t0) / iters;
	}
	qsort(t, BATCHES, sizeof(t[0]), cmp_double);
	return t[BATCHES / 2];
}

static double time_ossl(struct ossl_ref_drbg *r, size_t len, int iters)
{
	double t[BATCHES];
	int b, i;

	for (b = 0; b < BATCHES; b++) {
		double t0 = bench_ns();

		for (i = 0; i < iters; i++)
			if (ossl_ref_generate(r, buf, len, NULL, 0))
				abort();
		t[b] = (bench_ns() - t0) / iters;
	}
	qsort(t, BATCHES, sizeof(t[0]), cmp_double);
	return t[BATCHES / 2];
}

int main(void)
{
	static const size_t sizes[] = { 32, 1024, 65536 };
	struct ossl_ctr_engine e;
	struct ossl_ref_drbg r;
	struct nobs_ctr_drbg d = { 0 };
	u8 ent[48];
	size_t i;

	for (i = 0; i < sizeof(ent); i++)
		ent[i] = (u8)(i * 7 + 1);
	if (ossl_ctr_engine_init(&e) || ossl_ref_new(&r) ||
	    nobs_ctr_drbg_instantiate(&d, &ossl_ctr_ops, &e, ent, NULL, 0,
				      NOBS_CTR_DRBG_MAX_INTERVAL) ||
	    ossl_ref_instantiate(&r, ent, NULL, 0)) {
		fprintf(stderr, "drbg_bench: OpenSSL CTR-DRBG setup failed\n");
		return 1;
	}

	printf("CTR_DRBG AES-256 no df, generate without additional input (median of %d batches)\n",
	       BATCHES);
	printf("%-8s %14s %14s %12s %12s %10s\n", "request", "nobs ns/req",
	       "OpenSSL ns/req", "nobs MB/s", "OpenSSL MB/s",
	       "speedup");
	for (i = 0; i < ARRAY_SIZE(sizes); i++) {
		size_t len = sizes[i];
		int iters = len >= 65536 ? 200 : len >= 1024 ? 20000 : 100000;
		double tn, to;

		/* warm up both */
		time_ossl(&r, len, iters / 10);
		time_nobs(&d, len, iters / 10);
		to = time_ossl(&r, len, iters);
		tn = time_nobs(&d, len, iters);
		printf("%-8zu %14.1f %14.1f %12.1f %12.1f %9.2fx\n", len, tn,
		       to, len * 1e3 / tn, len * 1e3 / to, to / tn);
	}
	nobs_ctr_drbg_uninstantiate(&d);
	ossl_ref_free(&r);
	ossl_ctr_engine_free(&e);
	return 0;
}
