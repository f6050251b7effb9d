// SPDX-License-Identifier: GPL-2.0
/*
 * Keccak-f[1600] and the sponge constructions of FIPS 202 and NIST
 * SP 800-185, in portable C.
 *
 * The permutation keeps the 25 lanes in locals and unrolls each round
 * completely; two rounds per loop iteration swap the roles of the a* and
 * e* lane sets, so no lane is copied between rounds.  Round constants and
 * rotation offsets are those of FIPS 202 3.2.5 and 3.2.2 (the tests check
 * them against NIST's vectors and independent implementations).
 *
 * The sponge XORs input straight into the lanes at a byte position and
 * reads output from them the same way, so its state is the 200-byte
 * permutation state and three counters: see struct nobs_keccak.
 */
#include "keccak.h"

static const u64 nobs_keccak_rc[24] = {
	0x0000000000000001ULL, 0x0000000000008082ULL,
	0x800000000000808aULL, 0x8000000080008000ULL,
	0x000000000000808bULL, 0x0000000080000001ULL,
	0x8000000080008081ULL, 0x8000000000008009ULL,
	0x000000000000008aULL, 0x0000000000000088ULL,
	0x0000000080008009ULL, 0x000000008000000aULL,
	0x000000008000808bULL, 0x800000000000008bULL,
	0x8000000000008089ULL, 0x8000000000008003ULL,
	0x8000000000008002ULL, 0x8000000000000080ULL,
	0x000000000000800aULL, 0x800000008000000aULL,
	0x8000000080008081ULL, 0x8000000000008080ULL,
	0x0000000080000001ULL, 0x8000000080008008ULL,
};

/* @n is 1..63 at every call site. */
static __always_inline u64 nobs_rol64(u64 x, unsigned int n)
{
	return (x << n) | (x >> (64 - n));
}

/*
 * One round, reading lanes a0..a24 and writing e0..e24 (lane x + 5 * y).
 * theta: c = column parities, d[x] = c[x - 1] ^ rol(c[x + 1], 1).
 * rho and pi: the lane at (x, y), rotated by its rho offset, lands at
 * (y, 2x + 3y); b0..b4 collect one destination row at a time.
 * chi: e[x] = b[x] ^ (~b[x + 1] & b[x + 2]) along the row.
 * iota: the round constant goes into lane 0.
 */
#define NOBS_KECCAK_ROUND(a, e, rc)					\
do {									\
	u64 c0, c1, c2, c3, c4, d0, d1, d2, d3, d4;			\
	u64 b0, b1, b2, b3, b4;						\
	c0 = a##0 ^ a##5 ^ a##10 ^ a##15 ^ a##20;			\
	c1 = a##1 ^ a##6 ^ a##11 ^ a##16 ^ a##21;			\
	c2 = a##2 ^ a##7 ^ a##12 ^ a##17 ^ a##22;			\
	c3 = a##3 ^ a##8 ^ a##13 ^ a##18 ^ a##23;			\
	c4 = a##4 ^ a##9 ^ a##14 ^ a##19 ^ a##24;			\
	d0 = c4 ^ nobs_rol64(c1, 1);					\
	d1 = c0 ^ nobs_rol64(c2, 1);					\
	d2 = c1 ^ nobs_rol64(c3, 1);					\
	d3 = c2 ^ nobs_rol64(c4, 1);					\
	d4 = c3 ^ nobs_rol64(c0, 1);					\
	b0 = a##0 ^ d0;							\
	b1 = nobs_rol64(a##6 ^ d1, 44);					\
	b2 = nobs_rol64(a##12 ^ d2, 43);				\
	b3 = nobs_rol64(a##18 ^ d3, 21);				\
	b4 = nobs_rol64(a##24 ^ d4, 14);				\
	e##0 = b0 ^ (~b1 & b2) ^ (rc);					\
	e##1 = b1 ^ (~b2 & b3);						\
	e##2 = b2 ^ (~b3 & b4);						\
	e##3 = b3 ^ (~b4 & b0);						\
	e##4 = b4 ^ (~b0 & b1);						\
	b0 = nobs_rol64(a##3 ^ d3, 28);					\
	b1 = nobs_rol64(a##9 ^ d4, 20);					\
	b2 = nobs_rol64(a##10 ^ d0, 3);					\
	b3 = nobs_rol64(a##16 ^ d1, 45);				\
	b4 = nobs_rol64(a##22 ^ d2, 61);				\
	e##5 = b0 ^ (~b1 & b2);						\
	e##6 = b1 ^ (~b2 & b3);						\
	e##7 = b2 ^ (~b3 & b4);						\
	e##8 = b3 ^ (~b4 & b0);						\
	e##9 = b4 ^ (~b0 & b1);						\
	b0 = nobs_rol64(a##1 ^ d1, 1);					\
	b1 = nobs_rol64(a##7 ^ d2, 6);					\
	b2 = nobs_rol64(a##13 ^ d3, 25);				\
	b3 = nobs_rol64(a##19 ^ d4, 8);					\
	b4 = nobs_rol64(a##20 ^ d0, 18);				\
	e##10 = b0 ^ (~b1 & b2);					\
	e##11 = b1 ^ (~b2 & b3);					\
	e##12 = b2 ^ (~b3 & b4);					\
	e##13 = b3 ^ (~b4 & b0);					\
	e##14 = b4 ^ (~b0 & b1);					\
	b0 = nobs_rol64(a##4 ^ d4, 27);					\
	b1 = nobs_rol64(a##5 ^ d0, 36);					\
	b2 = nobs_rol64(a##11 ^ d1, 10);				\
	b3 = nobs_rol64(a##17 ^ d2, 15);				\
	b4 = nobs_rol64(a##23 ^ d3, 56);				\
	e##15 = b0 ^ (~b1 & b2);					\
	e##16 = b1 ^ (~b2 & b3);					\
	e##17 = b2 ^ (~b3 & b4);					\
	e##18 = b3 ^ (~b4 & b0);					\
	e##19 = b4 ^ (~b0 & b1);					\
	b0 = nobs_rol64(a##2 ^ d2, 62);					\
	b1 = nobs_rol64(a##8 ^ d3, 55);					\
	b2 = nobs_rol64(a##14 ^ d4, 39);				\
	b3 = nobs_rol64(a##15 ^ d0, 41);				\
	b4 = nobs_rol64(a##21 ^ d1, 2);					\
	e##20 = b0 ^ (~b1 & b2);					\
	e##21 = b1 ^ (~b2 & b3);					\
	e##22 = b2 ^ (~b3 & b4);					\
	e##23 = b3 ^ (~b4 & b0);					\
	e##24 = b4 ^ (~b0 & b1);					\
} while (0)

/**
 * nobs_keccakf_generic() - Keccak-f[1600], 24 rounds, in place
 * @st: the 25 lanes
 */
void nobs_keccakf_generic(u64 *st)
{
	u64 a0 = st[0], a1 = st[1], a2 = st[2], a3 = st[3], a4 = st[4];
	u64 a5 = st[5], a6 = st[6], a7 = st[7], a8 = st[8], a9 = st[9];
	u64 a10 = st[10], a11 = st[11], a12 = st[12], a13 = st[13];
	u64 a14 = st[14], a15 = st[15], a16 = st[16], a17 = st[17];
	u64 a18 = st[18], a19 = st[19], a20 = st[20], a21 = st[21];
	u64 a22 = st[22], a23 = st[23], a24 = st[24];
	u64 e0, e1, e2, e3, e4, e5, e6, e7, e8, e9, e10, e11, e12;
	u64 e13, e14, e15, e16, e17, e18, e19, e20, e21, e22, e23, e24;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(nobs_keccak_rc); i += 2) {
		NOBS_KECCAK_ROUND(a, e, nobs_keccak_rc[i]);
		NOBS_KECCAK_ROUND(e, a, nobs_keccak_rc[i + 1]);
	}

	st[0] = a0; st[1] = a1; st[2] = a2; st[3] = a3; st[4] = a4;
	st[5] = a5; st[6] = a6; st[7] = a7; st[8] = a8; st[9] = a9;
	st[10] = a10; st[11] = a11; st[12] = a12; st[13] = a13;
	st[14] = a14; st[15] = a15; st[16] = a16; st[17] = a17;
	st[18] = a18; st[19] = a19; st[20] = a20; st[21] = a21;
	st[22] = a22; st[23] = a23; st[24] = a24;
}

static void nobs_keccak_generic_absorb(u64 *st, const u8 *in, size_t nblocks,
				       size_t rate)
{
	size_t lanes = rate / 8, i;

	while (nblocks--) {
		for (i = 0; i < lanes; i++)
			st[i] ^= nobs_load_le64(in + 8 * i);
		nobs_keccakf_generic(st);
		in += rate;
	}
}

/* The reference the KUnit suites compare the others with. */
const struct nobs_keccak_impl nobs_keccak_generic = {
	.name = "generic",
	.permute = nobs_keccakf_generic,
	.absorb = nobs_keccak_generic_absorb,
	.needs_simd = false,
};
EXPORT_SYMBOL_IF_KUNIT(nobs_keccak_generic);

/* XOR @len bytes at byte position @pos of the lanes (pos + len <= 200). */
static void nobs_keccak_xor_bytes(u64 *st, unsigned int pos, const u8 *in,
				  size_t len)
{
	for (; len && (pos & 7); len--, pos++)
		st[pos / 8] ^= (u64)*in++ << (8 * (pos & 7));
	for (; len >= 8; len -= 8, pos += 8, in += 8)
		st[pos / 8] ^= nobs_load_le64(in);
	for (; len; len--, pos++)
		st[pos / 8] ^= (u64)*in++ << (8 * (pos & 7));
}

/* Copy out @len bytes from byte position @pos of the lanes. */
static void nobs_keccak_read_bytes(const u64 *st, unsigned int pos, u8 *out,
				   size_t len)
{
	for (; len && (pos & 7); len--, pos++)
		*out++ = (u8)(st[pos / 8] >> (8 * (pos & 7)));
	for (; len >= 8; len -= 8, pos += 8, out += 8)
		nobs_store_le64(out, st[pos / 8]);
	for (; len; len--, pos++)
		*out++ = (u8)(st[pos / 8] >> (8 * (pos & 7)));
}

/**
 * nobs_keccak_init() - start an empty sponge
 * @k:      state to initialise
 * @rate:   block size in bytes; one of the NOBS_*_RATE values
 * @dsbyte: domain-separation byte, one of NOBS_KECCAK_DS_*
 */
void nobs_keccak_init(struct nobs_keccak *k, unsigned int rate, u8 dsbyte)
{
	memset(k, 0, sizeof(*k));
	k->rate = (u8)rate;
	k->dsbyte = dsbyte;
}

/**
 * nobs_keccak_absorb() - absorb message bytes
 * @k:    state, not yet squeezing
 * @impl: permutation to use
 * @in:   message bytes
 * @len:  number of bytes; any length, any split across calls
 *
 * Whole blocks go to @impl->absorb in one call; the bytes before and
 * after them are XORed into the lanes at the current position.  A state
 * that was never initialised (rate 0: all zero, as a KMAC transform is
 * before its key is set) absorbs nothing.
 */
void nobs_keccak_absorb(struct nobs_keccak *k,
			const struct nobs_keccak_impl *impl,
			const u8 *in, size_t len)
{
	size_t rate = k->rate;
	size_t n;

	if (unlikely(!rate))
		return;
	if (k->pos) {
		n = min_t(size_t, len, rate - k->pos);
		nobs_keccak_xor_bytes(k->st, k->pos, in, n);
		k->pos += n;
		if (k->pos < rate)
			return;
		impl->permute(k->st);
		k->pos = 0;
		in += n;
		len -= n;
	}
	if (len >= rate) {
		n = len / rate;
		impl->absorb(k->st, in, n, rate);
		in += n * rate;
		len -= n * rate;
	}
	nobs_keccak_xor_bytes(k->st, 0, in, len);
	k->pos = (u8)len;
}

/* Zero-fill to the end of the block (bytepad, SP 800-185 2.3.3). */
static void nobs_keccak_fill_block(struct nobs_keccak *k,
				   const struct nobs_keccak_impl *impl)
{
	if (k->pos) {
		impl->permute(k->st);
		k->pos = 0;
	}
}

/**
 * nobs_keccak_squeeze() - produce output
 * @k:    state; the first call pads the message and starts squeezing
 * @impl: permutation to use
 * @out:  output buffer
 * @len:  number of bytes; successive calls continue the output stream
 *
 * A state that was never initialised (rate 0) gives zeros and stays as
 * it is.
 */
void nobs_keccak_squeeze(struct nobs_keccak *k,
			 const struct nobs_keccak_impl *impl,
			 u8 *out, size_t len)
{
	unsigned int rate = k->rate;
	size_t n;

	if (unlikely(!rate)) {
		memset(out, 0, len);
		return;
	}
	if (!k->squeezing) {
		/* pad10*1 after the suffix: first bit in dsbyte, last bit 0x80. */
		k->st[k->pos / 8] ^= (u64)k->dsbyte << (8 * (k->pos & 7));
		k->st[(rate - 1) / 8] ^= 0x80ULL << (8 * ((rate - 1) & 7));
		impl->permute(k->st);
		k->pos = 0;
		k->squeezing = 1;
	}
	while (len) {
		if (k->pos == rate) {
			impl->permute(k->st);
			k->pos = 0;
		}
		n = min_t(size_t, len, rate - k->pos);
		nobs_keccak_read_bytes(k->st, k->pos, out, n);
		k->pos += n;
		out += n;
		len -= n;
	}
}

/**
 * nobs_keccak_state_valid() - check the counters of an imported state
 * @k: state from an untrusted source
 *
 * Return: true if @k can be used without reading or writing outside its
 * lanes (the lanes themselves can hold anything).
 */
bool nobs_keccak_state_valid(const struct nobs_keccak *k)
{
	switch (k->rate) {
	case NOBS_SHAKE128_RATE:
	case NOBS_SHAKE256_RATE:
	case NOBS_SHA3_224_RATE:
	case NOBS_SHA3_384_RATE:
	case NOBS_SHA3_512_RATE:
		break;
	default:
		return false;
	}
	if (k->squeezing > 1)
		return false;
	return k->squeezing ? k->pos <= k->rate : k->pos < k->rate;
}

/**
 * nobs_keccak_sha3_init() - start SHA3-224, SHA3-256, SHA3-384 or SHA3-512
 * @k:          state to initialise
 * @digestsize: 28, 32, 48 or 64
 *
 * Return: 0, or -EINVAL for another digest size.
 */
int nobs_keccak_sha3_init(struct nobs_keccak *k, unsigned int digestsize)
{
	if (digestsize != 28 && digestsize != 32 && digestsize != 48 &&
	    digestsize != 64)
		return -EINVAL;
	nobs_keccak_init(k, NOBS_KECCAK_WIDTH - 2 * digestsize,
			 NOBS_KECCAK_DS_SHA3);
	return 0;
}

static int nobs_shake_rate(unsigned int security)
{
	if (security == 128)
		return NOBS_SHAKE128_RATE;
	if (security == 256)
		return NOBS_SHAKE256_RATE;
	return -EINVAL;
}

/**
 * nobs_keccak_shake_init() - start SHAKE128 or SHAKE256
 * @k:        state to initialise
 * @security: 128 or 256
 *
 * Absorb with nobs_keccak_absorb(), read any amount of output with
 * nobs_keccak_squeeze().
 *
 * Return: 0, or -EINVAL for another security level.
 */
int nobs_keccak_shake_init(struct nobs_keccak *k, unsigned int security)
{
	int rate = nobs_shake_rate(security);

	if (rate < 0)
		return rate;
	nobs_keccak_init(k, rate, NOBS_KECCAK_DS_SHAKE);
	return 0;
}

/**
 * nobs_sp800_185_left_encode() - left_encode(x), SP 800-185 2.3.1
 * @out: at least 9 bytes
 * @x:   value to encode
 *
 * Return: number of bytes written: the byte count, then x big-endian in
 * as few bytes as possible (at least one).
 */
size_t nobs_sp800_185_left_encode(u8 out[9], u64 x)
{
	size_t n = 1, i;

	while (n < 8 && (x >> (8 * n)))
		n++;
	out[0] = (u8)n;
	for (i = 0; i < n; i++)
		out[1 + i] = (u8)(x >> (8 * (n - 1 - i)));
	return n + 1;
}

/**
 * nobs_sp800_185_right_encode() - right_encode(x), SP 800-185 2.3.1
 * @out: at least 9 bytes
 * @x:   value to encode
 *
 * Return: number of bytes written: x big-endian in as few bytes as
 * possible (at least one), then the byte count.
 */
size_t nobs_sp800_185_right_encode(u8 out[9], u64 x)
{
	size_t n = 1, i;

	while (n < 8 && (x >> (8 * n)))
		n++;
	for (i = 0; i < n; i++)
		out[i] = (u8)(x >> (8 * (n - 1 - i)));
	out[n] = (u8)n;
	return n + 1;
}

static void nobs_absorb_left_encode(struct nobs_keccak *k,
				    const struct nobs_keccak_impl *impl, u64 x)
{
	u8 buf[9];

	nobs_keccak_absorb(k, impl, buf, nobs_sp800_185_left_encode(buf, x));
}

/* encode_string(X) = left_encode(bit length of X) || X, SP 800-185 2.3.2 */
static void nobs_absorb_encode_string(struct nobs_keccak *k,
				      const struct nobs_keccak_impl *impl,
				      const u8 *x, size_t len)
{
	nobs_absorb_left_encode(k, impl, (u64)len * 8);
	if (len)
		nobs_keccak_absorb(k, impl, x, len);
}

/**
 * nobs_keccak_cshake_init() - start cSHAKE128 or cSHAKE256, SP 800-185 3
 * @k:        state to initialise
 * @impl:     permutation for the prefix block(s)
 * @security: 128 or 256
 * @n:        function name N (may be NULL when @nlen is 0)
 * @nlen:     length of N in bytes
 * @s:        customization string S (may be NULL when @slen is 0)
 * @slen:     length of S in bytes
 *
 * Absorbs bytepad(encode_string(N) || encode_string(S), rate).  With N and
 * S both empty this is SHAKE, as SP 800-185 specifies.
 *
 * Return: 0, or -EINVAL for another security level or a string longer
 * than NOBS_SP800_185_MAX_LEN.
 */
int nobs_keccak_cshake_init(struct nobs_keccak *k,
			    const struct nobs_keccak_impl *impl,
			    unsigned int security,
			    const u8 *n, size_t nlen, const u8 *s, size_t slen)
{
	int rate = nobs_shake_rate(security);

	if (rate < 0)
		return rate;
	if (nlen > NOBS_SP800_185_MAX_LEN || slen > NOBS_SP800_185_MAX_LEN)
		return -EINVAL;
	if (!nlen && !slen) {
		nobs_keccak_init(k, rate, NOBS_KECCAK_DS_SHAKE);
		return 0;
	}
	nobs_keccak_init(k, rate, NOBS_KECCAK_DS_CSHAKE);
	nobs_absorb_left_encode(k, impl, rate);
	nobs_absorb_encode_string(k, impl, n, nlen);
	nobs_absorb_encode_string(k, impl, s, slen);
	nobs_keccak_fill_block(k, impl);
	return 0;
}

static const u8 nobs_kmac_name[] = { 'K', 'M', 'A', 'C' };
static const u8 nobs_tuplehash_name[] = {
	'T', 'u', 'p', 'l', 'e', 'H', 'a', 's', 'h'
};

/**
 * nobs_keccak_kmac_init() - start KMAC128 or KMAC256, SP 800-185 4
 * @k:        state to initialise
 * @impl:     permutation for the prefix blocks
 * @security: 128 or 256
 * @key:      key K
 * @keylen:   length of K in bytes (SP 800-185 allows 0; callers may not)
 * @s:        customization string S (may be NULL when @slen is 0)
 * @slen:     length of S in bytes
 *
 * Absorbs the cSHAKE prefix for N = "KMAC" and bytepad(encode_string(K)).
 * Then absorb the message with nobs_keccak_absorb(), call
 * nobs_keccak_end_input() and squeeze.  The state holds key material: wipe
 * it when done.
 *
 * Return: 0, or -EINVAL for another security level or a string longer
 * than NOBS_SP800_185_MAX_LEN.
 */
int nobs_keccak_kmac_init(struct nobs_keccak *k,
			  const struct nobs_keccak_impl *impl,
			  unsigned int security, const u8 *key, size_t keylen,
			  const u8 *s, size_t slen)
{
	int ret;

	if (keylen > NOBS_SP800_185_MAX_LEN)
		return -EINVAL;
	ret = nobs_keccak_cshake_init(k, impl, security, nobs_kmac_name,
				      sizeof(nobs_kmac_name), s, slen);
	if (ret)
		return ret;
	nobs_absorb_left_encode(k, impl, k->rate);
	nobs_absorb_encode_string(k, impl, key, keylen);
	nobs_keccak_fill_block(k, impl);
	return 0;
}

/**
 * nobs_keccak_end_input() - absorb right_encode(L) after the message
 * @k:      KMAC or TupleHash state, still absorbing
 * @impl:   permutation to use
 * @outlen: output length in bytes that will be squeezed; 0 selects the
 *          XOF variant (KMACXOF, TupleHashXOF: L = 0)
 */
void nobs_keccak_end_input(struct nobs_keccak *k,
			   const struct nobs_keccak_impl *impl, size_t outlen)
{
	u8 buf[9];

	nobs_keccak_absorb(k, impl, buf,
			   nobs_sp800_185_right_encode(buf, (u64)outlen * 8));
}

/**
 * nobs_keccak_tuplehash_init() - start TupleHash128 or TupleHash256, SP 800-185 5
 * @k:        state to initialise
 * @impl:     permutation for the prefix block
 * @security: 128 or 256
 * @s:        customization string S (may be NULL when @slen is 0)
 * @slen:     length of S in bytes
 *
 * Return: 0, or -EINVAL for another security level or a string longer
 * than NOBS_SP800_185_MAX_LEN.
 */
int nobs_keccak_tuplehash_init(struct nobs_keccak *k,
			       const struct nobs_keccak_impl *impl,
			       unsigned int security, const u8 *s, size_t slen)
{
	return nobs_keccak_cshake_init(k, impl, security, nobs_tuplehash_name,
				       sizeof(nobs_tuplehash_name), s, slen);
}

/**
 * nobs_keccak_tuplehash_element() - absorb one element of the tuple
 * @k:    TupleHash state
 * @impl: permutation to use
 * @x:    the element (may be NULL when @len is 0)
 * @len:  its length in bytes, at most NOBS_SP800_185_MAX_LEN
 */
void nobs_keccak_tuplehash_element(struct nobs_keccak *k,
				   const struct nobs_keccak_impl *impl,
				   const u8 *x, size_t len)
{
	nobs_absorb_encode_string(k, impl, x, len);
}

static const u8 nobs_parallelhash_name[] = {
	'P', 'a', 'r', 'a', 'l', 'l', 'e', 'l', 'H', 'a', 's', 'h'
};

/* The padded last block of a lane, once XORed in: nothing more to add. */
static const u8 nobs_keccak_zero_block[NOBS_SHAKE128_RATE];

/*
 * Stack the multi-lane path needs below its caller: its own frame (the
 * lanes' states, about 1.7 KiB with eight) and room for the permutation
 * and a SIMD section's entry.  With less (deep callers, an interrupt
 * stack: nobs_stack_room() is 0 there) the blocks go one at a time.
 */
#define NOBS_PARALLELHASH_XN_STACK	4096

/**
 * nobs_keccak_parallelhash_init() - start ParallelHash128/256, SP 800-185 6
 * @ctx:        context to initialise
 * @impl:       permutation for the prefix block
 * @security:   128 or 256
 * @block_size: B in bytes, at least 1
 * @s:          customization string S (may be NULL when @slen is 0)
 * @slen:       length of S in bytes
 *
 * Absorbs the cSHAKE prefix for N = "ParallelHash" and left_encode(B)
 * into ctx->outer, and starts the first block's SHAKE in ctx->leaf.
 *
 * Return: 0, or -EINVAL for another security level, a block size of 0 or
 * a string longer than NOBS_SP800_185_MAX_LEN (@ctx is then zeroed).
 */
int nobs_keccak_parallelhash_init(struct nobs_parallelhash_ctx *ctx,
				  const struct nobs_keccak_impl *impl,
				  unsigned int security, size_t block_size,
				  const u8 *s, size_t slen)
{
	int ret;

	memset(ctx, 0, sizeof(*ctx));
	if (!block_size)
		return -EINVAL;
	ret = nobs_keccak_cshake_init(&ctx->outer, impl, security,
				      nobs_parallelhash_name,
				      sizeof(nobs_parallelhash_name), s, slen);
	if (ret)
		return ret;
	nobs_keccak_shake_init(&ctx->leaf, security);
	ctx->block_size = block_size;
	nobs_absorb_left_encode(&ctx->outer, impl, block_size);
	return 0;
}

/* The current block is complete: its chained value goes into ctx->outer. */
static void nobs_parallelhash_leaf_end(struct nobs_parallelhash_ctx *ctx,
				       const struct nobs_keccak_impl *impl)
{
	/* SHAKE128 gives 256 bits, SHAKE256 512: twice the security level */
	size_t cvlen = NOBS_KECCAK_WIDTH - ctx->leaf.rate;
	u8 cv[64];

	nobs_keccak_squeeze(&ctx->leaf, impl, cv, cvlen);
	nobs_keccak_absorb(&ctx->outer, impl, cv, cvlen);
	nobs_keccak_init(&ctx->leaf, ctx->leaf.rate, NOBS_KECCAK_DS_SHAKE);
	ctx->leaf_len = 0;
	ctx->blocks++;
}

/*
 * xn->lanes whole blocks at @in, each in a fresh SHAKE state: absorb the
 * block's whole rate-sized pieces on all lanes at once, XOR the rest and
 * the padding in, one more multi-lane call with a zero block to permute,
 * then the chained values into ctx->outer in order.  No other buffer: the
 * frame is about 1.7 KiB already (2 KiB is the kernel's warning limit,
 * with KASAN's redzones).
 */
static noinline void
nobs_parallelhash_xn(struct nobs_parallelhash_ctx *ctx,
		     const struct nobs_keccak_impl *impl,
		     const struct nobs_keccak_xn_impl *xn, const u8 *in)
{
	/* one object: one set of KASAN redzones, not two */
	struct {
		u64 st[NOBS_KECCAK_XN_MAX_LANES][NOBS_KECCAK_LANES];
		const u8 *p[NOBS_KECCAK_XN_MAX_LANES];
	} x;
	u64 (*st)[NOBS_KECCAK_LANES] = x.st;
	const u8 **p = x.p;
	size_t rate = ctx->leaf.rate, b = ctx->block_size;
	size_t full = b / rate, tail = b % rate;
	size_t cvlen = NOBS_KECCAK_WIDTH - rate, w;
	unsigned int lanes = xn->lanes, i;

	memset(x.st, 0, lanes * sizeof(x.st[0]));
	for (i = 0; i < lanes; i++)
		p[i] = in + i * b;
	if (full)
		xn->absorb(st, p, full, rate);
	for (i = 0; i < lanes; i++) {
		nobs_keccak_xor_bytes(st[i], 0, p[i] + full * rate, tail);
		st[i][tail / 8] ^= (u64)NOBS_KECCAK_DS_SHAKE << (8 * (tail & 7));
		st[i][(rate - 1) / 8] ^= 0x80ULL << (8 * ((rate - 1) & 7));
		p[i] = nobs_keccak_zero_block;
	}
	xn->absorb(st, p, 1, rate);
	/* each chained value: its lanes' bytes in place, little-endian */
	for (i = 0; i < lanes; i++) {
		for (w = 0; w < cvlen / 8; w++)
			nobs_store_le64((u8 *)&st[i][w], st[i][w]);
		nobs_keccak_absorb(&ctx->outer, impl, (const u8 *)st[i], cvlen);
	}
	ctx->blocks += lanes;
}

/**
 * nobs_keccak_parallelhash_update() - absorb message bytes
 * @ctx:  ParallelHash context, still absorbing
 * @impl: permutation for the single-block path and ctx->outer
 * @xn:   multi-lane permutation, or NULL: with one of at least 2 lanes,
 *        runs of xn->lanes whole blocks that start on a block boundary
 *        are hashed together (when the stack has room)
 * @in:   message bytes
 * @len:  number of bytes; any length, any split across calls
 */
void nobs_keccak_parallelhash_update(struct nobs_parallelhash_ctx *ctx,
				     const struct nobs_keccak_impl *impl,
				     const struct nobs_keccak_xn_impl *xn,
				     const u8 *in, size_t len)
{
	size_t b = ctx->block_size, n;
	unsigned int lanes = xn ? xn->lanes : 0;

	if (lanes < 2 || lanes > NOBS_KECCAK_XN_MAX_LANES ||
	    nobs_stack_room() < NOBS_PARALLELHASH_XN_STACK)
		lanes = 0;
	while (len) {
		if (lanes && !ctx->leaf_len && len / b >= lanes) {
			nobs_parallelhash_xn(ctx, impl, xn, in);
			in += lanes * b;
			len -= lanes * b;
			continue;
		}
		n = min_t(size_t, len, b - ctx->leaf_len);
		nobs_keccak_absorb(&ctx->leaf, impl, in, n);
		ctx->leaf_len += n;
		in += n;
		len -= n;
		if (ctx->leaf_len == b)
			nobs_parallelhash_leaf_end(ctx, impl);
	}
}

/**
 * nobs_keccak_parallelhash_end_input() - end the message
 * @ctx:    ParallelHash context, still absorbing
 * @impl:   permutation to use
 * @outlen: output length in bytes that will be squeezed from ctx->outer;
 *          0 selects ParallelHashXOF (L = 0)
 *
 * A last, partial block is hashed; then right_encode(n) and
 * right_encode(L) go into ctx->outer.
 */
void nobs_keccak_parallelhash_end_input(struct nobs_parallelhash_ctx *ctx,
					const struct nobs_keccak_impl *impl,
					size_t outlen)
{
	u8 buf[9];

	if (ctx->leaf_len)
		nobs_parallelhash_leaf_end(ctx, impl);
	nobs_keccak_absorb(&ctx->outer, impl, buf,
			   nobs_sp800_185_right_encode(buf, ctx->blocks));
	nobs_keccak_end_input(&ctx->outer, impl, outlen);
}
