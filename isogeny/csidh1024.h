/* SPDX-License-Identifier: GPL-2.0 */
/*
 * CSIDH-1024 core: the class group action of the CSIDH reference's p1024
 * parameter set, p = 4 * 3 * 5 * ... * 733 * 983 - 1 (130 odd primes,
 * exponents in [-2, 2]), over the field of fp1024.h.  The same engine and
 * the same contract as CSIDH-512 (csidh.h: struct nobs_csidh_env, struct
 * nobs_csidh_ws), with the encodings of csidh1024_keys.h:
 *
 * - private key: 65 bytes, exponent i the signed nibble
 *   (s8)(k[i / 2] << ((i % 2) * 4)) >> 4, in [-2, 2];
 * - public key and shared secret: 128 bytes, A in Montgomery form
 *   (A * 2^1024 mod p) as 16 little-endian 64-bit limbs.
 */
#ifndef NOBS_ISOGENY_CSIDH1024_H
#define NOBS_ISOGENY_CSIDH1024_H

#include "csidh.h"
#include "csidh1024_keys.h"

#define NOBS_CSIDH1024_SHARED_SECRET_SIZE	NOBS_CSIDH1024_PUBLIC_KEY_SIZE

#define NOBS_CSIDHX(name)		nobs_csidh1024_##name
#define NOBS_CSIDHX_PRIVATE_KEY_SIZE	NOBS_CSIDH1024_PRIVATE_KEY_SIZE
#define NOBS_CSIDHX_PUBLIC_KEY_SIZE	NOBS_CSIDH1024_PUBLIC_KEY_SIZE
#define NOBS_CSIDHX_SHARED_SECRET_SIZE	NOBS_CSIDH1024_SHARED_SECRET_SIZE
#include "csidh_tmpl.h"
#undef NOBS_CSIDHX
#undef NOBS_CSIDHX_PRIVATE_KEY_SIZE
#undef NOBS_CSIDHX_PUBLIC_KEY_SIZE
#undef NOBS_CSIDHX_SHARED_SECRET_SIZE

#endif /* NOBS_ISOGENY_CSIDH1024_H */
