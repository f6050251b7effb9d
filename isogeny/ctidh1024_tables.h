/* SPDX-License-Identifier: GPL-2.0 */
/*
 * CTIDH-1024's primes and batches, written by hand from high-ctidh's set
 * "1024" (primes1024.c: primes, primes_batchsize, primes_batchbound;
 * docs/ctidh.md): the 130 odd primes of the CSIDH-1024 prime in
 * increasing order (csidh1024_tables.h's), cut into 23 batches of
 * consecutive primes.  A batch of size w and bound S holds the private
 * keys' exponent vectors of L1 norm at most S; the group action runs S
 * isogeny steps per batch, each of one prime of the batch that the timing
 * does not tell.  The last batch's bound is 0: its prime, 983, is never
 * used (its exponent must be 0).  Included by ctidh1024.c only.
 */
#define NOBS_CTIDH_TABLE_PRIMES		130
#define NOBS_CTIDH_TABLE_BATCHES	23

static const u16 NOBS_CTIDHX(primes)[NOBS_CTIDH_TABLE_PRIMES] = {
	3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71,
	73, 79, 83, 89, 97, 101, 103, 107, 109, 113, 127, 131, 137, 139, 149,
	151, 157, 163, 167, 173, 179, 181, 191, 193, 197, 199, 211, 223, 227,
	229, 233, 239, 241, 251, 257, 263, 269, 271, 277, 281, 283, 293, 307,
	311, 313, 317, 331, 337, 347, 349, 353, 359, 367, 373, 379, 383, 389,
	397, 401, 409, 419, 421, 431, 433, 439, 443, 449, 457, 461, 463, 467,
	479, 487, 491, 499, 503, 509, 521, 523, 541, 547, 557, 563, 569, 571,
	577, 587, 593, 599, 601, 607, 613, 617, 619, 631, 641, 643, 647, 653,
	659, 661, 673, 677, 683, 691, 701, 709, 719, 727, 733, 983,
};

/* the batches' sizes, in the order of the primes */
static const u8 NOBS_CTIDHX(batch_size)[NOBS_CTIDH_TABLE_BATCHES] = {
	2, 3, 5, 4, 6, 6, 6, 6, 6, 7, 7, 7, 6, 7, 7, 5, 6, 5, 10, 3, 10, 5, 1,
};

/* the batches' bounds on the L1 norm of their exponents */
static const u8 NOBS_CTIDHX(batch_bound)[NOBS_CTIDH_TABLE_BATCHES] = {
	2, 4, 5, 5, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 5, 5, 3, 6, 2, 6, 2, 0,
};

/*
 * Per prime: its shortest differential addition chain and its length
 * (NOBS_CTIDHX(dac), NOBS_CTIDHX(dac_len)), printed by
 * scripts/gen/csidh_tune.c -c 1024 (make regen)
 */
#include "ctidh1024_dac.h"
