// SPDX-License-Identifier: GPL-2.0
/*
 * GF(p) arithmetic for CSIDH-512: generic C and the dispatch point.
 *
 * Montgomery form with R = 2^512.  Since p < 2^511, the sum of two reduced
 * elements and every intermediate of the Montgomery product stay below
 * 2p < 2^512, so eight limbs suffice and one masked subtraction of p
 * reduces a result fully.  Nothing here branches on or indexes memory by
 * element values; the only branches are on loop counters and on the bits
 * of public exponents.
 */
#include "fp.h"

/* p = 4 * 3 * 5 * ... * 373 * 587 - 1 */
const struct nobs_fp nobs_fp_p = { {
	0x1b81b90533c6c87bULL, 0xc2721bf457aca835ULL,
	0x516730cc1f0b4f25ULL, 0xa7aac6c567f35507ULL,
	0x5afbfcc69322c9cdULL, 0xb42d083aedc88c42ULL,
	0xfc8ab0d15e3e4c4aULL, 0x65b48e8f740f89bfULL,
} };

const struct nobs_fp nobs_fp_zero = { { 0 } };

/* R mod p */
const struct nobs_fp nobs_fp_one = { {
	0xc8fc8df598726f0aULL, 0x7b1bc81750a6af95ULL,
	0x5d319e67c1e961b4ULL, 0xb0aa7275301955f1ULL,
	0x4a080672d9ba6c64ULL, 0x97a5ef8a246ee77bULL,
	0x06ea9e5d4383676aULL, 0x3496e2e117e0ec80ULL,
} };

/* R^2 mod p: to_mont(a) = mul(a, R^2) */
static const struct nobs_fp nobs_fp_r2 = { {
	0x36905b572ffc1724ULL, 0x67086f4525f1f27dULL,
	0x4faf3fbfd22370caULL, 0x192ea214bcc584b1ULL,
	0x5dae03ee2f5de3d0ULL, 0x1e9248731776b371ULL,
	0xad5f166e20e4f52dULL, 0x4ed759aea6f3917eULL,
} };

/* -p^-1 mod 2^64 */
#define NOBS_FP_PINV	0x66c1301f632e294dULL

/* p - 2: Fermat inversion exponent */
static const u64 nobs_fp_p_minus_2[NOBS_FP_LIMBS] = {
	0x1b81b90533c6c879ULL, 0xc2721bf457aca835ULL,
	0x516730cc1f0b4f25ULL, 0xa7aac6c567f35507ULL,
	0x5afbfcc69322c9cdULL, 0xb42d083aedc88c42ULL,
	0xfc8ab0d15e3e4c4aULL, 0x65b48e8f740f89bfULL,
};

/* (p - 1) / 2: Euler's criterion exponent */
static const u64 nobs_fp_p_minus_1_half[NOBS_FP_LIMBS] = {
	0x8dc0dc8299e3643dULL, 0xe1390dfa2bd6541aULL,
	0xa8b398660f85a792ULL, 0xd3d56362b3f9aa83ULL,
	0x2d7dfe63499164e6ULL, 0x5a16841d76e44621ULL,
	0xfe455868af1f2625ULL, 0x32da4747ba07c4dfULL,
};

/*
 * Hide a mask from the optimiser so that it cannot turn masked selection
 * back into a branch.
 */
static __always_inline u64 nobs_fp_hide(u64 x)
{
	__asm__("" : "+r"(x));
	return x;
}

/* 0 - (bit & 1): all ones if bit is 1, zero if it is 0 */
static __always_inline u64 nobs_fp_mask(u64 bit)
{
	return nobs_fp_hide(0 - (bit & 1));
}

/* r = a + b + *carry; *carry = carry out (0 or 1) */
static __always_inline u64 nobs_fp_adc(u64 a, u64 b, u64 *carry)
{
	u64 s = a + *carry;
	u64 c = s < a;

	s += b;
	*carry = c | (s < b);
	return s;
}

/* r = a - b - *borrow; *borrow = borrow out (0 or 1) */
static __always_inline u64 nobs_fp_sbb(u64 a, u64 b, u64 *borrow)
{
	u64 d = a - b;
	u64 w = a < b;

	w |= d < *borrow;
	d -= *borrow;
	*borrow = w;
	return d;
}

/*
 * a * b + c + d as a 128-bit value: low half returned, high half in *hi.
 * Cannot overflow: (2^64 - 1)^2 + 2 (2^64 - 1) = 2^128 - 1.
 */
static __always_inline u64 nobs_fp_mac(u64 a, u64 b, u64 c, u64 d, u64 *hi)
{
#if defined(__SIZEOF_INT128__) && !defined(NOBS_FP_NO_INT128)
	__uint128_t t = (__uint128_t)a * b + c + d;

	*hi = (u64)(t >> 64);
	return (u64)t;
#else
	u64 al = (u32)a, ah = a >> 32, bl = (u32)b, bh = b >> 32;
	u64 ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
	u64 mid = (ll >> 32) + (u32)lh + (u32)hl;
	u64 lo = (mid << 32) | (u32)ll;
	u64 h = hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
	u64 carry = 0;

	lo = nobs_fp_adc(lo, c, &carry);
	h += carry;
	carry = 0;
	lo = nobs_fp_adc(lo, d, &carry);
	*hi = h + carry;
	return lo;
#endif
}

/*
 * r = t - p if t >= p else t, for t < 2p held in 8 limbs plus a carry
 * limb hi (0 or 1).  Constant time.
 */
static __always_inline void nobs_fp_reduce_once(struct nobs_fp *r,
						const u64 t[NOBS_FP_LIMBS],
						u64 hi)
{
	u64 d[NOBS_FP_LIMBS], borrow = 0, keep;
	int i;

	for (i = 0; i < NOBS_FP_LIMBS; i++)
		d[i] = nobs_fp_sbb(t[i], nobs_fp_p.limb[i], &borrow);
	/* t < p exactly when the subtraction borrowed past the carry limb */
	nobs_fp_sbb(hi, 0, &borrow);
	keep = nobs_fp_mask(borrow);
	for (i = 0; i < NOBS_FP_LIMBS; i++)
		r->limb[i] = (t[i] & keep) | (d[i] & ~keep);
}

/**
 * nobs_fp_add() - r = a + b mod p (x86-64 assembly with the BMI2/ADX
 * multiplication, else C)
 * @r: result, may alias @a or @b
 * @a: summand in [0, p)
 * @b: summand in [0, p)
 */
void nobs_fp_add(struct nobs_fp *r, const struct nobs_fp *a,
		 const struct nobs_fp *b)
{
	u64 t[NOBS_FP_LIMBS], carry = 0;
	int i;

#ifdef nobs_fp_add_asm
	if (nobs_fp_asm_selected()) {
		nobs_fp_add_asm(r, a, b);
		return;
	}
#endif
	for (i = 0; i < NOBS_FP_LIMBS; i++)
		t[i] = nobs_fp_adc(a->limb[i], b->limb[i], &carry);
	nobs_fp_reduce_once(r, t, carry);
}

/**
 * nobs_fp_sub() - r = a - b mod p (x86-64 assembly with the BMI2/ADX
 * multiplication, else C)
 * @r: result, may alias @a or @b
 * @a: minuend in [0, p)
 * @b: subtrahend in [0, p)
 */
void nobs_fp_sub(struct nobs_fp *r, const struct nobs_fp *a,
		 const struct nobs_fp *b)
{
	u64 t[NOBS_FP_LIMBS], borrow = 0, carry = 0, mask;
	int i;

#ifdef nobs_fp_sub_asm
	if (nobs_fp_asm_selected()) {
		nobs_fp_sub_asm(r, a, b);
		return;
	}
#endif
	for (i = 0; i < NOBS_FP_LIMBS; i++)
		t[i] = nobs_fp_sbb(a->limb[i], b->limb[i], &borrow);
	mask = nobs_fp_mask(borrow);
	for (i = 0; i < NOBS_FP_LIMBS; i++)
		r->limb[i] = nobs_fp_adc(t[i], nobs_fp_p.limb[i] & mask, &carry);
}

/**
 * nobs_fp_neg() - r = -a mod p
 * @r: result, may alias @a
 * @a: element in [0, p)
 */
void nobs_fp_neg(struct nobs_fp *r, const struct nobs_fp *a)
{
	nobs_fp_sub(r, &nobs_fp_zero, a);
}

/**
 * nobs_fp_mul_generic() - Montgomery product a * b / R mod p in C
 * @r: result, may alias @a or @b
 * @a: factor in [0, p)
 * @b: factor in [0, p)
 *
 * Coarsely integrated operand scanning: one row of a_i * b, then one
 * reduction step that makes the low limb zero and shifts it out.
 * With t < 2p before a row, t + a_i b + m p < 2^64 * 2p, so the shifted
 * t stays below 2p and fits eight limbs.
 */
void nobs_fp_mul_generic(struct nobs_fp *r, const struct nobs_fp *a,
			 const struct nobs_fp *b)
{
	u64 t[NOBS_FP_LIMBS] = { 0 }, top, c, m;
	int i, j;

	for (i = 0; i < NOBS_FP_LIMBS; i++) {
		u64 ai = a->limb[i];

		c = 0;
		for (j = 0; j < NOBS_FP_LIMBS; j++)
			t[j] = nobs_fp_mac(ai, b->limb[j], t[j], c, &c);
		top = c;

		m = t[0] * NOBS_FP_PINV;
		nobs_fp_mac(m, nobs_fp_p.limb[0], t[0], 0, &c);
		for (j = 1; j < NOBS_FP_LIMBS; j++)
			t[j - 1] = nobs_fp_mac(m, nobs_fp_p.limb[j], t[j], c,
					       &c);
		t[NOBS_FP_LIMBS - 1] = top + c;
	}
	nobs_fp_reduce_once(r, t, 0);
}
EXPORT_SYMBOL_NS_GPL(nobs_fp_mul_generic, NOBS_NS);

/**
 * nobs_fp_sqr_generic() - Montgomery square a * a / R mod p in C
 * @r: result, may alias @a
 * @a: element in [0, p)
 *
 * The product-then-reduce square (28 + 8 + 64 limb products instead of
 * 128) measured slower than the interleaved multiplication in C with
 * gcc 12 (fp_bench), so the square is the product.
 */
void nobs_fp_sqr_generic(struct nobs_fp *r, const struct nobs_fp *a)
{
	nobs_fp_mul_generic(r, a, a);
}
EXPORT_SYMBOL_NS_GPL(nobs_fp_sqr_generic, NOBS_NS);

/**
 * nobs_fp_from_mont() - r = a / R mod p, out of Montgomery form
 * @r: result (plain integer in [0, p)), may alias @a
 * @a: Montgomery element in [0, p)
 */
void nobs_fp_from_mont(struct nobs_fp *r, const struct nobs_fp *a)
{
	static const struct nobs_fp plain_one = { { 1 } };

	nobs_fp_mul(r, a, &plain_one);
}

/**
 * nobs_fp_to_mont() - r = a * R mod p, into Montgomery form
 * @r: result, may alias @a
 * @a: plain integer in [0, p)
 */
void nobs_fp_to_mont(struct nobs_fp *r, const struct nobs_fp *a)
{
	nobs_fp_mul(r, a, &nobs_fp_r2);
}

/**
 * nobs_fp_set_u64() - r = v, in Montgomery form
 * @r: result
 * @v: any 64-bit value (always below p)
 */
void nobs_fp_set_u64(struct nobs_fp *r, u64 v)
{
	struct nobs_fp t = { { v } };

	nobs_fp_to_mont(r, &t);
}

/**
 * nobs_fp_pow() - r = a^e mod p (Montgomery in, Montgomery out)
 * @r: result, may alias @a
 * @a: base in [0, p)
 * @e: exponent, 8 little-endian limbs; PUBLIC (its bits steer branches)
 *
 * Left-to-right sliding window of width 5 over odd powers of a.  Time
 * depends on e only, never on a.  a^0 = 1, including 0^0.
 */
void nobs_fp_pow(struct nobs_fp *r, const struct nobs_fp *a,
		 const u64 e[NOBS_FP_LIMBS])
{
	struct nobs_fp odd[16], acc = nobs_fp_one, a2;
	int i, j, bit, len;
	u64 win;

#define NOBS_FP_EBIT(k) ((e[(k) / 64] >> ((k) % 64)) & 1)
	odd[0] = *a;
	nobs_fp_sqr(&a2, a);
	for (j = 1; j < 16; j++)
		nobs_fp_mul(&odd[j], &odd[j - 1], &a2);

	for (i = 64 * NOBS_FP_LIMBS - 1; i >= 0; ) {
		if (!NOBS_FP_EBIT(i)) {
			nobs_fp_sqr(&acc, &acc);
			i--;
			continue;
		}
		/* longest window e[i..i-len+1] of at most 5 bits ending in 1 */
		len = 1;
		for (j = 1; j < 5 && i - j >= 0; j++)
			if (NOBS_FP_EBIT(i - j))
				len = j + 1;
		win = 0;
		for (j = 0; j < len; j++) {
			bit = NOBS_FP_EBIT(i - j);
			win = (win << 1) | bit;
			nobs_fp_sqr(&acc, &acc);
		}
		nobs_fp_mul(&acc, &acc, &odd[win >> 1]);
		i -= len;
	}
#undef NOBS_FP_EBIT
	*r = acc;
	memzero_explicit(odd, sizeof(odd));
	memzero_explicit(&a2, sizeof(a2));
	memzero_explicit(&acc, sizeof(acc));
}

/**
 * nobs_fp_inv() - r = 1 / a mod p, constant time; 1 / 0 gives 0
 * @r: result, may alias @a
 * @a: element in [0, p)
 *
 * Fermat: a^(p - 2), a fixed public exponent.
 */
void nobs_fp_inv(struct nobs_fp *r, const struct nobs_fp *a)
{
	nobs_fp_pow(r, a, nobs_fp_p_minus_2);
}

/**
 * nobs_fp_is_zero() - whether a is zero, constant time
 * @a: element
 *
 * Return: true if every limb of @a is zero.
 */
bool nobs_fp_is_zero(const struct nobs_fp *a)
{
	u64 acc = 0;
	int i;

	for (i = 0; i < NOBS_FP_LIMBS; i++)
		acc |= a->limb[i];
	return ((acc | (0 - acc)) >> 63) ^ 1;
}

/**
 * nobs_fp_eq() - whether a equals b, constant time
 * @a: element
 * @b: element
 *
 * Return: true if the limbs of @a and @b are equal.
 */
bool nobs_fp_eq(const struct nobs_fp *a, const struct nobs_fp *b)
{
	u64 acc = 0;
	int i;

	for (i = 0; i < NOBS_FP_LIMBS; i++)
		acc |= a->limb[i] ^ b->limb[i];
	return ((acc | (0 - acc)) >> 63) ^ 1;
}

/**
 * nobs_fp_is_square() - whether a is a square in GF(p), constant time
 * @a: element in [0, p)
 *
 * Euler's criterion: a^((p-1)/2) is 1 for non-zero squares, p - 1 for
 * non-squares and 0 for 0, which counts as a square.
 *
 * Return: true if @a is zero or a quadratic residue.
 */
bool nobs_fp_is_square(const struct nobs_fp *a)
{
	struct nobs_fp t;
	bool ret;

	nobs_fp_pow(&t, a, nobs_fp_p_minus_1_half);
	/* both evaluated, constant time (bool | call: a clang warning) */
	ret = nobs_fp_eq(&t, &nobs_fp_one);
	ret |= nobs_fp_is_zero(a);
	memzero_explicit(&t, sizeof(t));
	return ret;
}

/**
 * nobs_fp_cswap() - swap a and b if bit is 1, branch-free
 * @a: element
 * @b: element
 * @bit: 0 or 1 (only the low bit is used)
 */
void nobs_fp_cswap(struct nobs_fp *a, struct nobs_fp *b, u64 bit)
{
	u64 mask = nobs_fp_mask(bit), x;
	int i;

	for (i = 0; i < NOBS_FP_LIMBS; i++) {
		x = (a->limb[i] ^ b->limb[i]) & mask;
		a->limb[i] ^= x;
		b->limb[i] ^= x;
	}
}

/**
 * nobs_fp_cmov() - r = a if bit is 1, r unchanged if 0, branch-free
 * @r: element to overwrite
 * @a: source
 * @bit: 0 or 1 (only the low bit is used)
 */
void nobs_fp_cmov(struct nobs_fp *r, const struct nobs_fp *a, u64 bit)
{
	u64 mask = nobs_fp_mask(bit);
	int i;

	for (i = 0; i < NOBS_FP_LIMBS; i++)
		r->limb[i] ^= (r->limb[i] ^ a->limb[i]) & mask;
}

/**
 * nobs_fp_from_bytes() - load an element from its 64-byte encoding
 * @r: result; set to zero on error
 * @in: eight little-endian 64-bit limbs, least significant first, taken
 *	as they are (the encoding is already in Montgomery form, as the
 *	CSIDH reference code writes it)
 *
 * The range check is constant time; only its outcome is revealed.
 *
 * Return: 0, or -EINVAL if the value is not below p.
 */
int nobs_fp_from_bytes(struct nobs_fp *r, const u8 in[NOBS_FP_BYTES])
{
	u64 t[NOBS_FP_LIMBS], borrow = 0, ok;
	int i;

	for (i = 0; i < NOBS_FP_LIMBS; i++) {
		t[i] = nobs_load_le64(in + 8 * i);
		nobs_fp_sbb(t[i], nobs_fp_p.limb[i], &borrow);
	}
	ok = nobs_fp_mask(borrow);	/* in < p */
	for (i = 0; i < NOBS_FP_LIMBS; i++)
		r->limb[i] = t[i] & ok;
	memzero_explicit(t, sizeof(t));
	return ok ? 0 : -EINVAL;
}

/**
 * nobs_fp_to_bytes() - store an element as its 64-byte encoding
 * @out: eight little-endian 64-bit limbs, least significant first
 * @a: element (stored as is, in Montgomery form)
 */
void nobs_fp_to_bytes(u8 out[NOBS_FP_BYTES], const struct nobs_fp *a)
{
	int i;

	for (i = 0; i < NOBS_FP_LIMBS; i++)
		nobs_store_le64(out + 8 * i, a->limb[i]);
}

#ifdef NOBS_FP_ASM_NAME
#ifdef __KERNEL__
DEFINE_STATIC_KEY_FALSE(nobs_fp_asm_key);
#else
bool nobs_fp_asm_flag;
#endif
#endif

/*
 * The assembly entry points, exported for the KUnit suites (kunit/) only
 * (add/sub: so that they have a kCFI type id, see arch/x86/fp_x86_64.S).
 */
#ifdef nobs_fp_mul_asm
EXPORT_SYMBOL_NS_GPL(nobs_fp_mul_asm, NOBS_NS);
#endif
#ifdef nobs_fp_sqr_asm
EXPORT_SYMBOL_NS_GPL(nobs_fp_sqr_asm, NOBS_NS);
#endif
#ifdef nobs_fp_add_asm
EXPORT_SYMBOL_NS_GPL(nobs_fp_add_asm, NOBS_NS);
#endif
#ifdef nobs_fp_sub_asm
EXPORT_SYMBOL_NS_GPL(nobs_fp_sub_asm, NOBS_NS);
#endif

/**
 * nobs_fp_select() - choose the multiplication used by nobs_fp_mul/sqr
 * @use_asm: true to use this architecture's assembly: on x86-64 only if
 *	the CPU has BMI2 and ADX; on arm64 always possible (base ISA);
 *	false forces the generic C code (force_generic)
 *
 * Called once at init, before any other nobs_fp function is in use.
 *
 * Return: the name of the chosen implementation: "generic", "bmi2adx"
 * or "arm64".
 */
const char *nobs_fp_select(bool use_asm)
{
#ifdef NOBS_FP_ASM_NAME
#ifdef __KERNEL__
	if (use_asm)
		static_branch_enable(&nobs_fp_asm_key);
	else
		static_branch_disable(&nobs_fp_asm_key);
#else
	nobs_fp_asm_flag = use_asm;
#endif
	if (use_asm)
		return NOBS_FP_ASM_NAME;
#else
	(void)use_asm;
#endif
	return "generic";
}
