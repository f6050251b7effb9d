/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The CTIDH set a test program is built for, chosen by -DTEST_CTIDH511,
 * -DTEST_CTIDH1024, -DTEST_CTIDH2048 (else ctidh512): its core's header,
 * CT(name) its entry points, T_SET its name, SK_SIZE, PK_SIZE, PRIMES and
 * BATCHES, and the batches as high-ctidh's primes<b>.c has them, written
 * here independently of the core's tables (docs/ctidh.md) so that the
 * tests check those: size[] (primes a batch, in the order of the primes)
 * and bound[] (each batch's bound on the L1 norm of its exponents).
 * For test_ctidh_ct.c, test_ctidh_ops.c and tests/fuzz/fuzz_ctidh.c.
 */
#ifndef NOBS_TESTS_CTIDH_SET_H
#define NOBS_TESTS_CTIDH_SET_H

#if defined(TEST_CTIDH511)
#include "isogeny/ctidh511.h"
#define CT(name)	nobs_ctidh511_##name
#define T_SET		"ctidh511"
#define SET_(name)	NOBS_CTIDH511_##name
static const int size[] = { 2, 3, 4, 4, 5, 5, 5, 5, 5, 7, 7, 8, 7, 6, 1 };
static const int bound[] = {
	6, 9, 11, 11, 12, 12, 12, 12, 12, 12, 12, 12, 8, 6, 1
};
#elif defined(TEST_CTIDH1024)
#include "isogeny/ctidh1024.h"
#define CT(name)	nobs_ctidh1024_##name
#define T_SET		"ctidh1024"
#define SET_(name)	NOBS_CTIDH1024_##name
static const int size[] = {
	2, 3, 5, 4, 6, 6, 6, 6, 6, 7, 7, 7, 6, 7, 7, 5, 6, 5, 10, 3, 10, 5, 1
};
static const int bound[] = {
	2, 4, 5, 5, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 5, 5, 3, 6, 2, 6, 2, 0
};
#elif defined(TEST_CTIDH2048)
#include "isogeny/ctidh2048.h"
#define CT(name)	nobs_ctidh2048_##name
#define T_SET		"ctidh2048"
#define SET_(name)	NOBS_CTIDH2048_##name
static const int size[] = {
	9, 10, 8, 8, 7, 10, 12, 11, 10, 15, 10, 9, 8, 6, 10, 13, 10, 9, 12,
	13, 10, 10, 10, 1
};
static const int bound[] = {
	1, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 2, 0, 2, 0
};
#else
#include "isogeny/ctidh512.h"
#define CT(name)	nobs_ctidh512_##name
#define T_SET		"ctidh512"
#define SET_(name)	NOBS_CTIDH512_##name
static const int size[] = { 2, 3, 4, 4, 5, 5, 6, 7, 7, 8, 8, 6, 8, 1 };
static const int bound[] = {
	10, 14, 16, 17, 17, 17, 18, 18, 18, 18, 18, 13, 13, 1
};
#endif

#define SK_SIZE		SET_(PRIVATE_KEY_SIZE)
#define PK_SIZE		SET_(PUBLIC_KEY_SIZE)
#define PRIMES		SET_(PRIMES)
#define BATCHES		SET_(BATCHES)

_Static_assert(ARRAY_SIZE(size) == BATCHES &&
	       ARRAY_SIZE(bound) == BATCHES,
	       "one size and one bound a batch");

#endif /* NOBS_TESTS_CTIDH_SET_H */
