/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Shared by the SHA-3 family fuzzers: the nobs sponge driven in
 * fuzzer-chosen pieces on a fuzzer-chosen permutation, OpenSSL digests as
 * the oracle, and the SP 800-185 encodings written again here, from the
 * standard, independently of sha3/keccak.c.
 */
#ifndef NOBS_FUZZ_SHA3_H
#define NOBS_FUZZ_SHA3_H

#include <openssl/evp.h>
#include "fuzz_input.h"
#include "keccak_cpu.h"
#include "sha3/keccak.h"

#define FUZZ_MAX_OUT	4096

/*
 * The permutation to run on: 0 generic C, 1 this CPU's scalar fast path,
 * 2 its vector one (AVX-512; the scalar one where the CPU lacks it).  The
 * fuzzers compare 0 with 1 or 2, chosen by a bit of the input.
 */
static inline const struct nobs_keccak_impl *fuzz_impl(unsigned int sel)
{
#ifdef NOBS_HAVE_KECCAK_X86
	if (sel == 2 && nobs_user_has_avx512())
		return &nobs_keccak_x86_avx512;
	if (sel && nobs_user_has_bmi())
		return &nobs_keccak_x86_bmi;
#endif
	(void)sel;
	return &nobs_keccak_generic;
}

/* Piece sizes: up to 4 fuzzer-chosen lengths, used in turn. */
struct fuzz_split {
	size_t len[4];
	unsigned int n;
};

static inline void fuzz_split_read(struct fuzz_in *in, struct fuzz_split *s,
				   unsigned int mask)
{
	unsigned int i;

	s->n = 1 + fuzz_u8(in) % 4;
	for (i = 0; i < s->n; i++)
		s->len[i] = fuzz_u16(in) & mask;
}

/* Absorb @len bytes in the chosen pieces (a 0 piece is an empty call). */
static inline void fuzz_absorb(struct nobs_keccak *k,
			       const struct nobs_keccak_impl *impl,
			       const struct fuzz_split *s,
			       const uint8_t *m, size_t len)
{
	unsigned int i = 0, zeros = 0;

	while (len) {
		size_t n = s->len[i++ % s->n];

		if (n > len)
			n = len;
		if (!n && ++zeros > 8)
			n = len;
		nobs_keccak_absorb(k, impl, m, n);
		FUZZ_ASSERT(nobs_keccak_state_valid(k), "state invalid after absorb");
		m += n;
		len -= n;
	}
}

static inline void fuzz_squeeze(struct nobs_keccak *k,
				const struct nobs_keccak_impl *impl,
				const struct fuzz_split *s,
				uint8_t *out, size_t len)
{
	unsigned int i = 0, zeros = 0;

	while (len) {
		size_t n = s->len[i++ % s->n];

		if (n > len)
			n = len;
		if (!n && ++zeros > 8)
			n = len;
		nobs_keccak_squeeze(k, impl, out, n);
		FUZZ_ASSERT(nobs_keccak_state_valid(k), "state invalid after squeeze");
		out += n;
		len -= n;
	}
}

/* OpenSSL one-shot digest (XOF when @xof), 0 on success. */
static inline int fuzz_ossl_md(const char *name, int xof,
			       const uint8_t *m1, size_t l1,
			       const uint8_t *m2, size_t l2,
			       uint8_t *out, size_t outlen)
{
	static EVP_MD *mds[8];
	static const char *names[8];
	EVP_MD_CTX *c;
	EVP_MD *md = NULL;
	unsigned int i, ol;
	int ok;

	for (i = 0; i < 8 && names[i]; i++)
		if (!strcmp(names[i], name))
			md = mds[i];
	if (!md) {
		FUZZ_ASSERT(i < 8, "too many digests");
		md = EVP_MD_fetch(NULL, name, NULL);
		FUZZ_ASSERT(md, "OpenSSL has no %s", name);
		mds[i] = md;
		names[i] = name;
	}
	c = EVP_MD_CTX_new();
	FUZZ_ASSERT(c, "EVP_MD_CTX_new");
	ok = EVP_DigestInit_ex2(c, md, NULL) &&
	     EVP_DigestUpdate(c, m1, l1) && EVP_DigestUpdate(c, m2, l2);
	if (ok)
		ok = xof ? EVP_DigestFinalXOF(c, out, outlen) :
			   EVP_DigestFinal_ex(c, out, &ol);
	EVP_MD_CTX_free(c);
	return ok ? 0 : -1;
}

/* ---- SP 800-185 section 2.3, written from the standard ------------------ */

/* left_encode(x): byte count n, then x big-endian in n bytes (n >= 1). */
static inline size_t sp_left_encode(uint8_t *out, uint64_t x)
{
	uint8_t be[8];
	size_t n = 0, i;

	do {
		be[n++] = (uint8_t)x;
		x >>= 8;
	} while (x);
	out[0] = (uint8_t)n;
	for (i = 0; i < n; i++)
		out[1 + i] = be[n - 1 - i];
	return n + 1;
}

/* right_encode(x): x big-endian in n bytes, then n. */
static inline size_t sp_right_encode(uint8_t *out, uint64_t x)
{
	uint8_t tmp[9];
	size_t n = sp_left_encode(tmp, x);

	memcpy(out, tmp + 1, n - 1);
	out[n - 1] = tmp[0];
	return n;
}

/* Appends encode_string(s) to @buf at *@pos. */
static inline void sp_encode_string(uint8_t *buf, size_t *pos,
				    const uint8_t *s, size_t len)
{
	*pos += sp_left_encode(buf + *pos, (uint64_t)len * 8);
	memcpy(buf + *pos, s, len);
	*pos += len;
}

/*
 * bytepad(X, w) where X = encode_string(a) || encode_string(b): the
 * left_encode(w) prefix, X, zeros up to a multiple of w.  @buf must hold
 * 9 + 2 * 9 + la + lb + w bytes.  Returns the length.
 */
static inline size_t sp_bytepad2(uint8_t *buf, size_t w,
				 const uint8_t *a, size_t la,
				 const uint8_t *b, size_t lb)
{
	size_t pos = sp_left_encode(buf, w);

	sp_encode_string(buf, &pos, a, la);
	if (b)
		sp_encode_string(buf, &pos, b, lb);
	while (pos % w)
		buf[pos++] = 0;
	return pos;
}

#endif
