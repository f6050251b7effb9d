/* SPDX-License-Identifier: GPL-2.0 */
/*
 * CTIDH-1024 core: the CTIDH class group action of high-ctidh's set
 * "1024" over the CSIDH-1024 prime p = 4 * 3 * 5 * ... * 733 * 983 - 1
 * (the field of fp1024.h), with the contract of ctidh.h.
 *
 * Encodings (high-ctidh's):
 * - private key: 130 bytes, byte i the exponent e_i of prime l_i as an
 *   int8_t; within each of the 23 batches (ctidh1024_tables.h) the sum of
 *   |e_i| is at most the batch's bound, else the key is refused (the last
 *   batch's bound is 0: e_129, of 983, is 0);
 * - public key and shared secret: 128 bytes, the coefficient A of the
 *   curve in Montgomery form (A * 2^1024 mod p) as 16 little-endian 64-bit
 *   limbs, as CSIDH-1024's (csidh1024.h).  The base curve is A = 0.
 */
#ifndef NOBS_ISOGENY_CTIDH1024_H
#define NOBS_ISOGENY_CTIDH1024_H

#include "ctidh.h"
#include "fp1024.h"

#define NOBS_CTIDH1024_PRIMES			130
#define NOBS_CTIDH1024_BATCHES			23
#define NOBS_CTIDH1024_PRIVATE_KEY_SIZE		NOBS_CTIDH1024_PRIMES
#define NOBS_CTIDH1024_PUBLIC_KEY_SIZE		NOBS_FP1024_BYTES
#define NOBS_CTIDH1024_SHARED_SECRET_SIZE	NOBS_FP1024_BYTES

#define NOBS_CTIDHX(name)		nobs_ctidh1024_##name
#define NOBS_CTIDHX_PRIVATE_KEY_SIZE	NOBS_CTIDH1024_PRIVATE_KEY_SIZE
#define NOBS_CTIDHX_PUBLIC_KEY_SIZE	NOBS_CTIDH1024_PUBLIC_KEY_SIZE
#define NOBS_CTIDHX_SHARED_SECRET_SIZE	NOBS_CTIDH1024_SHARED_SECRET_SIZE
#include "ctidh_tmpl.h"
#undef NOBS_CTIDHX
#undef NOBS_CTIDHX_PRIVATE_KEY_SIZE
#undef NOBS_CTIDHX_PUBLIC_KEY_SIZE
#undef NOBS_CTIDHX_SHARED_SECRET_SIZE

#endif /* NOBS_ISOGENY_CTIDH1024_H */
