/* SPDX-License-Identifier: GPL-2.0 */
/*
 * CTIDH-511 core: the CTIDH class group action of high-ctidh's set
 * "511" over the CSIDH-512 prime p = 4 * 3 * 5 * ... * 373 * 587 - 1
 * (the field of fp512.h), with the contract of ctidh.h.
 *
 * Encodings (high-ctidh's):
 * - private key: 74 bytes, byte i the exponent e_i of prime l_i as an
 *   int8_t; within each of the 15 batches (ctidh511_tables.h) the sum of
 *   |e_i| is at most the batch's bound, else the key is refused;
 * - public key and shared secret: 64 bytes, the coefficient A of the curve
 *   in Montgomery form (A * 2^512 mod p) as 8 little-endian 64-bit limbs,
 *   as CSIDH-512's (csidh512.h).  The base curve is A = 0.
 */
#ifndef NOBS_ISOGENY_CTIDH511_H
#define NOBS_ISOGENY_CTIDH511_H

#include "ctidh.h"
#include "fp512.h"

#define NOBS_CTIDH511_PRIMES			74
#define NOBS_CTIDH511_BATCHES			15
#define NOBS_CTIDH511_PRIVATE_KEY_SIZE		NOBS_CTIDH511_PRIMES
#define NOBS_CTIDH511_PUBLIC_KEY_SIZE		NOBS_FP512_BYTES
#define NOBS_CTIDH511_SHARED_SECRET_SIZE	NOBS_FP512_BYTES

#define NOBS_CTIDHX(name)		nobs_ctidh511_##name
#define NOBS_CTIDHX_PRIVATE_KEY_SIZE	NOBS_CTIDH511_PRIVATE_KEY_SIZE
#define NOBS_CTIDHX_PUBLIC_KEY_SIZE	NOBS_CTIDH511_PUBLIC_KEY_SIZE
#define NOBS_CTIDHX_SHARED_SECRET_SIZE	NOBS_CTIDH511_SHARED_SECRET_SIZE
#include "ctidh_tmpl.h"
#undef NOBS_CTIDHX
#undef NOBS_CTIDHX_PRIVATE_KEY_SIZE
#undef NOBS_CTIDHX_PUBLIC_KEY_SIZE
#undef NOBS_CTIDHX_SHARED_SECRET_SIZE

#endif /* NOBS_ISOGENY_CTIDH511_H */
