/* SPDX-License-Identifier: GPL-2.0 */
/*
 * CTIDH-511's primes and batches, written by hand from high-ctidh's set
 * "511" (primes511.c: primes, primes_batchsize, primes_batchbound;
 * docs/ctidh.md): the 74 odd primes of the CSIDH-512 prime in increasing
 * order (ctidh512's), cut into 15 batches of consecutive primes.  A batch
 * of size w and bound S holds the private keys' exponent vectors of L1
 * norm at most S; the group action runs S isogeny steps per batch, each
 * of one prime of the batch that the timing does not tell.  Included by
 * ctidh511.c only.
 */
#define NOBS_CTIDH_TABLE_PRIMES		74
#define NOBS_CTIDH_TABLE_BATCHES	15

static const u16 NOBS_CTIDHX(primes)[NOBS_CTIDH_TABLE_PRIMES] = {
	3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71,
	73, 79, 83, 89, 97, 101, 103, 107, 109, 113, 127, 131, 137, 139, 149,
	151, 157, 163, 167, 173, 179, 181, 191, 193, 197, 199, 211, 223, 227,
	229, 233, 239, 241, 251, 257, 263, 269, 271, 277, 281, 283, 293, 307,
	311, 313, 317, 331, 337, 347, 349, 353, 359, 367, 373, 587,
};

/* the batches' sizes, in the order of the primes */
static const u8 NOBS_CTIDHX(batch_size)[NOBS_CTIDH_TABLE_BATCHES] = {
	2, 3, 4, 4, 5, 5, 5, 5, 5, 7, 7, 8, 7, 6, 1,
};

/* the batches' bounds on the L1 norm of their exponents */
static const u8 NOBS_CTIDHX(batch_bound)[NOBS_CTIDH_TABLE_BATCHES] = {
	6, 9, 11, 11, 12, 12, 12, 12, 12, 12, 12, 12, 8, 6, 1,
};

/*
 * Per prime: its shortest differential addition chain and its length
 * (NOBS_CTIDHX(dac), NOBS_CTIDHX(dac_len)): ctidh512's, whose primes
 * these are, in the same order (printed by scripts/gen/csidh_tune.c -c
 * 512, make regen)
 */
#include "ctidh512_dac.h"
