/* SPDX-License-Identifier: GPL-2.0 */
/*
 * CTIDH-2048's primes and batches, written by hand from high-ctidh's set
 * "2048" (primes2048.c: primes, primes_batchsize, primes_batchbound;
 * docs/ctidh.md): the 231 odd primes of its prime in increasing order
 * (ctidh2048_primes.h), cut into 24 batches of consecutive primes.  A
 * batch of size w and bound S holds the private keys' exponent vectors
 * of L1 norm at most S; the group action runs S isogeny steps per batch,
 * each of one prime of the batch that the timing does not tell.  Two
 * batches have bound 0: their primes (batch 21: 1303 to 1399, batch 23:
 * 3413) are never used, and their exponents must be 0.  Included by
 * ctidh2048.c only.
 */
#define NOBS_P2048_PRIMES_NAME	NOBS_CTIDHX(primes)
#include "ctidh2048_primes.h"

#define NOBS_CTIDH_TABLE_PRIMES		NOBS_P2048_PRIMES_NUM
#define NOBS_CTIDH_TABLE_BATCHES	24

/* the batches' sizes, in the order of the primes */
static const u8 NOBS_CTIDHX(batch_size)[NOBS_CTIDH_TABLE_BATCHES] = {
	9, 10, 8, 8, 7, 10, 12, 11, 10, 15, 10, 9, 8, 6, 10, 13, 10, 9, 12,
	13, 10, 10, 10, 1,
};

/* the batches' bounds on the L1 norm of their exponents */
static const u8 NOBS_CTIDHX(batch_bound)[NOBS_CTIDH_TABLE_BATCHES] = {
	1, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 2, 0, 2, 0,
};

/*
 * Per prime: its shortest differential addition chain and its length
 * (NOBS_CTIDHX(dac), NOBS_CTIDHX(dac_len)), printed by
 * scripts/gen/csidh_tune.c -c 2048 (make regen)
 */
#include "ctidh2048_dac.h"
