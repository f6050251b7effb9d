/* SPDX-License-Identifier: GPL-2.0 */
/*
 * CSIDH-512 core: the class group action of the CSIDH reference's
 * parameter set, p = 4 * 3 * 5 * ... * 373 * 587 - 1 (74 odd primes,
 * exponents in [-5, 5]), over the field of fp512.h, with the contract of
 * csidh.h (struct nobs_csidh_env, struct nobs_csidh_ws).
 *
 * Encodings (those of the CSIDH reference implementation):
 * - private key: 37 bytes; exponent i (prime l_i) is the signed nibble
 *   (s8)(k[i / 2] << ((i % 2) * 4)) >> 4, in [-5, 5];
 * - public key and shared secret: 64 bytes, the coefficient A of the curve
 *   in Montgomery form (A * 2^512 mod p) as 8 little-endian 64-bit limbs.
 *   The base curve is A = 0.
 */
#ifndef NOBS_ISOGENY_CSIDH512_H
#define NOBS_ISOGENY_CSIDH512_H

#include "csidh.h"
#include "fp512.h"

#define NOBS_CSIDH512_PRIMES			74
#define NOBS_CSIDH512_MAX_EXPONENT		5
#define NOBS_CSIDH512_PRIVATE_KEY_SIZE		37
#define NOBS_CSIDH512_PUBLIC_KEY_SIZE		NOBS_FP512_BYTES
#define NOBS_CSIDH512_SHARED_SECRET_SIZE	NOBS_FP512_BYTES

#define NOBS_CSIDHX(name)		nobs_csidh512_##name
#define NOBS_CSIDHX_PRIVATE_KEY_SIZE	NOBS_CSIDH512_PRIVATE_KEY_SIZE
#define NOBS_CSIDHX_PUBLIC_KEY_SIZE	NOBS_CSIDH512_PUBLIC_KEY_SIZE
#define NOBS_CSIDHX_SHARED_SECRET_SIZE	NOBS_CSIDH512_SHARED_SECRET_SIZE
#include "csidh_tmpl.h"
#undef NOBS_CSIDHX
#undef NOBS_CSIDHX_PRIVATE_KEY_SIZE
#undef NOBS_CSIDHX_PUBLIC_KEY_SIZE
#undef NOBS_CSIDHX_SHARED_SECRET_SIZE

#endif /* NOBS_ISOGENY_CSIDH512_H */
