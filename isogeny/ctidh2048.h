/* SPDX-License-Identifier: GPL-2.0 */
/*
 * CTIDH-2048 core: the CTIDH class group action of high-ctidh's set
 * "2048" over its 2047-bit prime p = 4 * 3 * 7 * 11 * ... * 1459 * 3413
 * - 1 (the field of fp2048.h), with the contract of ctidh.h.
 *
 * Encodings (high-ctidh's):
 * - private key: 231 bytes, byte i the exponent e_i of prime l_i as an
 *   int8_t; within each of the 24 batches (ctidh2048_tables.h) the sum of
 *   |e_i| is at most the batch's bound, else the key is refused (batches
 *   21 and 23 have bound 0: e_210 .. e_219 and e_230 are 0);
 * - public key and shared secret: 256 bytes, the coefficient A of the
 *   curve in Montgomery form (A * 2^2048 mod p) as 32 little-endian 64-bit
 *   limbs.  The base curve is A = 0.
 */
#ifndef NOBS_ISOGENY_CTIDH2048_H
#define NOBS_ISOGENY_CTIDH2048_H

#include "ctidh.h"
#include "fp2048.h"

#define NOBS_CTIDH2048_PRIMES			231
#define NOBS_CTIDH2048_BATCHES			24
#define NOBS_CTIDH2048_PRIVATE_KEY_SIZE		NOBS_CTIDH2048_PRIMES
#define NOBS_CTIDH2048_PUBLIC_KEY_SIZE		NOBS_FP2048_BYTES
#define NOBS_CTIDH2048_SHARED_SECRET_SIZE	NOBS_FP2048_BYTES

#define NOBS_CTIDHX(name)		nobs_ctidh2048_##name
#define NOBS_CTIDHX_PRIVATE_KEY_SIZE	NOBS_CTIDH2048_PRIVATE_KEY_SIZE
#define NOBS_CTIDHX_PUBLIC_KEY_SIZE	NOBS_CTIDH2048_PUBLIC_KEY_SIZE
#define NOBS_CTIDHX_SHARED_SECRET_SIZE	NOBS_CTIDH2048_SHARED_SECRET_SIZE
#include "ctidh_tmpl.h"
#undef NOBS_CTIDHX
#undef NOBS_CTIDHX_PRIVATE_KEY_SIZE
#undef NOBS_CTIDHX_PUBLIC_KEY_SIZE
#undef NOBS_CTIDHX_SHARED_SECRET_SIZE

#endif /* NOBS_ISOGENY_CTIDH2048_H */
