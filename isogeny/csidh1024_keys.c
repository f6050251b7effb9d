// SPDX-License-Identifier: GPL-2.0
/*
 * CSIDH-1024 key encodings: see csidh1024_keys.h.
 *
 * The private key is secret: its decoding and encoding do not branch on
 * or index memory by the exponents; only whether some exponent was out of
 * range comes out.  The public key is public: its checks may branch.
 */
#include "csidh1024_keys.h"

/**
 * nobs_csidh1024_decode_private_key() - unpack the exponents of a key
 * @e: 130 exponents out, each in [-2, 2] on success (on error, what the
 *	nibbles held: the caller wipes @e either way)
 * @sk: 65 bytes in the reference encoding
 *
 * Return: 0, or -EINVAL if some exponent is outside [-2, 2].
 */
int nobs_csidh1024_decode_private_key(s8 e[NOBS_CSIDH1024_PRIMES],
				      const u8 sk[NOBS_CSIDH1024_PRIVATE_KEY_SIZE])
{
	u32 out_of_range = 0;
	s32 v;
	int i;

	for (i = 0; i < NOBS_CSIDH1024_PRIMES; i++) {
		/* high nibble first, sign-extended */
		v = (s8)(u8)(sk[i / 2] << ((i % 2) * 4)) >> 4;
		/* v < -2 or v > 2 makes one of the two negative */
		out_of_range |= (u32)((v + NOBS_CSIDH1024_MAX_EXPONENT) |
				      (NOBS_CSIDH1024_MAX_EXPONENT - v)) >> 31;
		e[i] = (s8)v;
	}
	memzero_explicit(&v, sizeof(v));
	return out_of_range ? -EINVAL : 0;
}

/**
 * nobs_csidh1024_encode_private_key() - pack exponents in the reference
 *	encoding
 * @sk: 65 bytes out
 * @e: 130 exponents in [-2, 2] (in [-8, 7] each is stored as given)
 */
void nobs_csidh1024_encode_private_key(u8 sk[NOBS_CSIDH1024_PRIVATE_KEY_SIZE],
				       const s8 e[NOBS_CSIDH1024_PRIMES])
{
	int i;

	for (i = 0; i < NOBS_CSIDH1024_PRIVATE_KEY_SIZE; i++)
		sk[i] = (u8)(((u8)e[2 * i] & 0xf) << 4) |
			((u8)e[2 * i + 1] & 0xf);
}

/**
 * nobs_csidh1024_decode_public_key() - load and range-check a public key
 * @a: A in Montgomery form out; zero on error
 * @pk: 128 bytes, A in Montgomery form
 *
 * Variable time (the key is public).
 *
 * Return: 0 if A < p and A != +-2 (the singular curves); else -EINVAL.
 */
int nobs_csidh1024_decode_public_key(struct nobs_fp1024 *a,
				     const u8 pk[NOBS_CSIDH1024_PUBLIC_KEY_SIZE])
{
	struct nobs_fp1024 two;

	if (nobs_fp1024_from_bytes(a, pk))
		return -EINVAL;
	nobs_fp1024_set_u64(&two, 2);
	if (nobs_fp1024_eq(a, &two))
		goto singular;
	nobs_fp1024_neg(&two, &two);
	if (nobs_fp1024_eq(a, &two))
		goto singular;
	return 0;
singular:
	*a = nobs_fp1024_zero;
	return -EINVAL;
}

/**
 * nobs_csidh1024_encode_public_key() - store a public key
 * @pk: 128 bytes out
 * @a: A in Montgomery form
 */
void nobs_csidh1024_encode_public_key(u8 pk[NOBS_CSIDH1024_PUBLIC_KEY_SIZE],
				      const struct nobs_fp1024 *a)
{
	nobs_fp1024_to_bytes(pk, a);
}
