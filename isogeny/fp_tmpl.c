// SPDX-License-Identifier: GPL-2.0
/*
 * Generic C arithmetic of one GF(p) field, for any number of limbs: a
 * template (never compiled alone), included once by each field's .c file
 * (fp512.c for CSIDH-512, fp1024.c for CSIDH-1024) after its header,
 * which defines first
 *
 *	NOBS_FPX(name), NOBS_FPX_T, NOBS_FPX_LIMBS	as for fp_tmpl.h
 *	NOBS_FPX_PINV		-p^-1 mod 2^64
 *	NOBS_FPX_POW_WINDOW	the sliding window of nobs_fp*_pow(), in bits
 *				(its table is 2^(w-1) elements on the stack)
 *	NOBS_FPX(p), NOBS_FPX(one) (R mod p), static NOBS_FPX(r2) (R^2 mod p)
 *	static NOBS_FPX(p_minus_2)[]: the exponent of inv
 *	NOBS_FPX_ADD_ASM, NOBS_FPX_SUB_ASM (optional): assembly addition and
 *				subtraction, taken with the assembly product
 *
 * Every function it defines, static ones too, is named NOBS_FPX(name):
 * each field's symbols are its own.
 * Montgomery form with R = 2^(64 n) for n limbs.  The field's p must be
 * below 2^(64 n - 1): then the sum of two reduced elements and every
 * intermediate of the Montgomery product stay below 2p < R, so n limbs
 * suffice and one masked subtraction of p reduces a result fully.
 * Nothing here branches on or indexes memory by element values; the only
 * branches are on loop counters and on the bits of public exponents.
 */
#if !defined(NOBS_FPX) || !defined(NOBS_FPX_T) || !defined(NOBS_FPX_LIMBS) || \
	!defined(NOBS_FPX_PINV) || !defined(NOBS_FPX_POW_WINDOW)
#error "fp_tmpl.c: define NOBS_FPX(name), NOBS_FPX_T, NOBS_FPX_LIMBS, NOBS_FPX_PINV and NOBS_FPX_POW_WINDOW first"
#endif

const struct NOBS_FPX_T NOBS_FPX(zero) = { { 0 } };

/*
 * Hide a mask from the optimiser so that it cannot turn masked selection
 * back into a branch.
 */
static __always_inline u64 NOBS_FPX(hide)(u64 x)
{
	__asm__("" : "+r"(x));
	return x;
}

/* 0 - (bit & 1): all ones if bit is 1, zero if it is 0 */
static __always_inline u64 NOBS_FPX(mask)(u64 bit)
{
	return NOBS_FPX(hide)(0 - (bit & 1));
}

/* r = a + b + *carry; *carry = carry out (0 or 1) */
static __always_inline u64 NOBS_FPX(adc)(u64 a, u64 b, u64 *carry)
{
	u64 s = a + *carry;
	u64 c = s < a;

	s += b;
	*carry = c | (s < b);
	return s;
}

/* r = a - b - *borrow; *borrow = borrow out (0 or 1) */
static __always_inline u64 NOBS_FPX(sbb)(u64 a, u64 b, u64 *borrow)
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
static __always_inline u64 NOBS_FPX(mac)(u64 a, u64 b, u64 c, u64 d, u64 *hi)
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

	lo = NOBS_FPX(adc)(lo, c, &carry);
	h += carry;
	carry = 0;
	lo = NOBS_FPX(adc)(lo, d, &carry);
	*hi = h + carry;
	return lo;
#endif
}

/*
 * r = t - p if t >= p else t, for t < 2p held in the limbs plus a carry
 * limb hi (0 or 1); t must not be r's limbs.  Constant time.  t - p is
 * made in r itself (no second array on the stack: the 2048-bit field's
 * pow() and the multiplication it calls stay within the kernel's frame
 * budget), then kept or replaced by t.
 */
static __always_inline void NOBS_FPX(reduce_once)(struct NOBS_FPX_T *r,
						const u64 t[NOBS_FPX_LIMBS],
						u64 hi)
{
	u64 borrow = 0, keep;
	int i;

	for (i = 0; i < NOBS_FPX_LIMBS; i++)
		r->limb[i] = NOBS_FPX(sbb)(t[i], NOBS_FPX(p).limb[i], &borrow);
	/* t < p exactly when the subtraction borrowed past the carry limb */
	NOBS_FPX(sbb)(hi, 0, &borrow);
	keep = NOBS_FPX(mask)(borrow);
	for (i = 0; i < NOBS_FPX_LIMBS; i++)
		r->limb[i] = (t[i] & keep) | (r->limb[i] & ~keep);
}

/*
 * nobs_fp*_add() - r = a + b mod p (NOBS_FPX_ADD_ASM, where the field
 * defines one, with the assembly multiplication; else C)
 * @r: result, may alias @a or @b
 * @a: summand in [0, p)
 * @b: summand in [0, p)
 */
void NOBS_FPX(add)(struct NOBS_FPX_T *r, const struct NOBS_FPX_T *a,
		 const struct NOBS_FPX_T *b)
{
	u64 t[NOBS_FPX_LIMBS], carry = 0;
	int i;

#ifdef NOBS_FPX_ADD_ASM
	if (nobs_fp_asm_selected()) {
		NOBS_FPX_ADD_ASM(r, a, b);
		return;
	}
#endif

	for (i = 0; i < NOBS_FPX_LIMBS; i++)
		t[i] = NOBS_FPX(adc)(a->limb[i], b->limb[i], &carry);
	NOBS_FPX(reduce_once)(r, t, carry);
}

/*
 * nobs_fp*_sub() - r = a - b mod p (NOBS_FPX_SUB_ASM likewise)
 * @r: result, may alias @a or @b
 * @a: minuend in [0, p)
 * @b: subtrahend in [0, p)
 */
void NOBS_FPX(sub)(struct NOBS_FPX_T *r, const struct NOBS_FPX_T *a,
		 const struct NOBS_FPX_T *b)
{
	u64 t[NOBS_FPX_LIMBS], borrow = 0, carry = 0, mask;
	int i;

#ifdef NOBS_FPX_SUB_ASM
	if (nobs_fp_asm_selected()) {
		NOBS_FPX_SUB_ASM(r, a, b);
		return;
	}
#endif

	for (i = 0; i < NOBS_FPX_LIMBS; i++)
		t[i] = NOBS_FPX(sbb)(a->limb[i], b->limb[i], &borrow);
	mask = NOBS_FPX(mask)(borrow);
	for (i = 0; i < NOBS_FPX_LIMBS; i++)
		r->limb[i] = NOBS_FPX(adc)(t[i], NOBS_FPX(p).limb[i] & mask, &carry);
}

/*
 * nobs_fp*_neg() - r = -a mod p
 * @r: result, may alias @a
 * @a: element in [0, p)
 */
void NOBS_FPX(neg)(struct NOBS_FPX_T *r, const struct NOBS_FPX_T *a)
{
	NOBS_FPX(sub)(r, &NOBS_FPX(zero), a);
}

/*
 * nobs_fp*_mul_generic() - Montgomery product a * b / R mod p in C
 * @r: result, may alias @a or @b
 * @a: factor in [0, p)
 * @b: factor in [0, p)
 *
 * Coarsely integrated operand scanning: one row of a_i * b, then one
 * reduction step that makes the low limb zero and shifts it out.
 * With t < 2p before a row, t + a_i b + m p < 2^64 * 2p, so the shifted
 * t stays below 2p and fits the limbs (p < 2^(64 n - 1)).
 */
void NOBS_FPX(mul_generic)(struct NOBS_FPX_T *r, const struct NOBS_FPX_T *a,
			 const struct NOBS_FPX_T *b)
{
	u64 t[NOBS_FPX_LIMBS] = { 0 }, top, c, m;
	int i, j;

	for (i = 0; i < NOBS_FPX_LIMBS; i++) {
		u64 ai = a->limb[i];

		c = 0;
		for (j = 0; j < NOBS_FPX_LIMBS; j++)
			t[j] = NOBS_FPX(mac)(ai, b->limb[j], t[j], c, &c);
		top = c;

		m = t[0] * NOBS_FPX_PINV;
		NOBS_FPX(mac)(m, NOBS_FPX(p).limb[0], t[0], 0, &c);
		for (j = 1; j < NOBS_FPX_LIMBS; j++)
			t[j - 1] = NOBS_FPX(mac)(m, NOBS_FPX(p).limb[j], t[j], c,
					       &c);
		t[NOBS_FPX_LIMBS - 1] = top + c;
	}
	NOBS_FPX(reduce_once)(r, t, 0);
}
EXPORT_SYMBOL_IF_KUNIT(NOBS_FPX(mul_generic));

/*
 * nobs_fp*_sqr_generic() - Montgomery square a * a / R mod p in C
 * @r: result, may alias @a
 * @a: element in [0, p)
 *
 * The product-then-reduce square (28 + 8 + 64 limb products instead of
 * 128) measured slower than the interleaved multiplication in C with
 * gcc 12 (fp_bench), so the square is the product.
 */
void NOBS_FPX(sqr_generic)(struct NOBS_FPX_T *r, const struct NOBS_FPX_T *a)
{
	NOBS_FPX(mul_generic)(r, a, a);
}
EXPORT_SYMBOL_IF_KUNIT(NOBS_FPX(sqr_generic));

/* 1, not in Montgomery form */
static const struct NOBS_FPX_T NOBS_FPX(plain_one) = { { 1 } };

/*
 * nobs_fp*_from_mont() - r = a / R mod p, out of Montgomery form
 * @r: result (plain integer in [0, p)), may alias @a
 * @a: Montgomery element in [0, p)
 */
void NOBS_FPX(from_mont)(struct NOBS_FPX_T *r, const struct NOBS_FPX_T *a)
{
	NOBS_FPX(mul)(r, a, &NOBS_FPX(plain_one));
}

/*
 * nobs_fp*_to_mont() - r = a * R mod p, into Montgomery form
 * @r: result, may alias @a
 * @a: plain integer in [0, p)
 */
void NOBS_FPX(to_mont)(struct NOBS_FPX_T *r, const struct NOBS_FPX_T *a)
{
	NOBS_FPX(mul)(r, a, &NOBS_FPX(r2));
}

/*
 * nobs_fp*_set_u64() - r = v, in Montgomery form
 * @r: result
 * @v: any 64-bit value (always below p)
 */
void NOBS_FPX(set_u64)(struct NOBS_FPX_T *r, u64 v)
{
	struct NOBS_FPX_T t = { { v } };

	NOBS_FPX(to_mont)(r, &t);
}

/*
 * nobs_fp*_pow() - r = a^e mod p (Montgomery in, Montgomery out)
 * @r: result, may alias @a
 * @a: base in [0, p)
 * @e: exponent, little-endian limbs; PUBLIC (its bits steer branches)
 *
 * Left-to-right sliding window of NOBS_FPX_POW_WINDOW bits over odd powers
 * of a.  Time depends on e only, never on a.  a^0 = 1, including 0^0.
 */
void NOBS_FPX(pow)(struct NOBS_FPX_T *r, const struct NOBS_FPX_T *a,
		 const u64 e[NOBS_FPX_LIMBS])
{
	struct NOBS_FPX_T odd[1 << (NOBS_FPX_POW_WINDOW - 1)], acc;
	int i, j, bit, len;
	u64 win;

#define NOBS_FPX_EBIT(k) ((e[(k) / 64] >> ((k) % 64)) & 1)
	/* acc holds a^2 while the table is made: no third element */
	odd[0] = *a;
	NOBS_FPX(sqr)(&acc, a);
	for (j = 1; j < (int)ARRAY_SIZE(odd); j++)
		NOBS_FPX(mul)(&odd[j], &odd[j - 1], &acc);
	acc = NOBS_FPX(one);

	for (i = 64 * NOBS_FPX_LIMBS - 1; i >= 0; ) {
		if (!NOBS_FPX_EBIT(i)) {
			NOBS_FPX(sqr)(&acc, &acc);
			i--;
			continue;
		}
		/* longest window e[i..i-len+1] of at most w bits ending in 1 */
		len = 1;
		for (j = 1; j < NOBS_FPX_POW_WINDOW && i - j >= 0; j++)
			if (NOBS_FPX_EBIT(i - j))
				len = j + 1;
		win = 0;
		for (j = 0; j < len; j++) {
			bit = NOBS_FPX_EBIT(i - j);
			win = (win << 1) | bit;
			NOBS_FPX(sqr)(&acc, &acc);
		}
		NOBS_FPX(mul)(&acc, &acc, &odd[win >> 1]);
		i -= len;
	}
#undef NOBS_FPX_EBIT
	*r = acc;
	memzero_explicit(odd, sizeof(odd));
	memzero_explicit(&acc, sizeof(acc));
}

/*
 * nobs_fp*_inv() - r = 1 / a mod p, constant time; 1 / 0 gives 0
 * @r: result, may alias @a
 * @a: element in [0, p)
 *
 * Fermat: a^(p - 2), a fixed public exponent.
 */
void NOBS_FPX(inv)(struct NOBS_FPX_T *r, const struct NOBS_FPX_T *a)
{
	NOBS_FPX(pow)(r, a, NOBS_FPX(p_minus_2));
}

/*
 * nobs_fp*_is_zero() - whether a is zero, constant time
 * @a: element
 *
 * Return: true if every limb of @a is zero.
 */
bool NOBS_FPX(is_zero)(const struct NOBS_FPX_T *a)
{
	u64 acc = 0;
	int i;

	for (i = 0; i < NOBS_FPX_LIMBS; i++)
		acc |= a->limb[i];
	return ((acc | (0 - acc)) >> 63) ^ 1;
}

/*
 * nobs_fp*_eq() - whether a equals b, constant time
 * @a: element
 * @b: element
 *
 * Return: true if the limbs of @a and @b are equal.
 */
bool NOBS_FPX(eq)(const struct NOBS_FPX_T *a, const struct NOBS_FPX_T *b)
{
	u64 acc = 0;
	int i;

	for (i = 0; i < NOBS_FPX_LIMBS; i++)
		acc |= a->limb[i] ^ b->limb[i];
	return ((acc | (0 - acc)) >> 63) ^ 1;
}

/*
 * nobs_fp*_is_square() - whether a is a square in GF(p), constant time
 * @a: element in [0, p)
 *
 * The Jacobi symbol (a / p) by the binary algorithm, on the Montgomery
 * form a R (R = 2^(64 n) is a square, so the symbol is a's): with x = a R,
 * y = p (odd), each step makes x even (x odd: x - y, or, if x < y, swap
 * first: quadratic reciprocity flips the sign if x = y = 3 mod 4) and
 * halves it ((2 / y) flips it if y = 3 or 5 mod 8).  No field
 * multiplication.  Each step at least halves x y < 2^(128 n - 2), so a
 * fixed 128 n steps reach x = 0 (y = 1 for a != 0, and halving 0 changes
 * nothing) for every input; every choice is a mask.
 *
 * Return: true if @a is zero or a quadratic residue.
 */
bool NOBS_FPX(is_square)(const struct NOBS_FPX_T *a)
{
	u64 x[NOBS_FPX_LIMBS], y[NOBS_FPX_LIMBS], d[NOBS_FPX_LIMBS];
	u64 nd[NOBS_FPX_LIMBS], borrow, nb, odd, sw, flip = 0, m_odd, m_sw;
	bool ret;
	int it, i;

	for (i = 0; i < NOBS_FPX_LIMBS; i++) {
		x[i] = a->limb[i];
		y[i] = NOBS_FPX(p).limb[i];
	}
	for (it = 0; it < 128 * NOBS_FPX_LIMBS; it++) {
		odd = x[0] & 1;
		borrow = 0;
		nb = 0;
		for (i = 0; i < NOBS_FPX_LIMBS; i++) {
			d[i] = NOBS_FPX(sbb)(x[i], y[i], &borrow);  /* x - y */
			nd[i] = NOBS_FPX(sbb)(0, d[i], &nb);	    /* y - x */
		}
		sw = odd & borrow;		/* x odd and x < y */
		flip ^= sw & (x[0] >> 1) & (y[0] >> 1);
		m_odd = NOBS_FPX(mask)(odd);
		m_sw = NOBS_FPX(mask)(sw);
		for (i = 0; i < NOBS_FPX_LIMBS; i++) {
			y[i] = (x[i] & m_sw) | (y[i] & ~m_sw);
			x[i] = (nd[i] & m_sw) | (d[i] & m_odd & ~m_sw) |
			       (x[i] & ~m_odd);
		}
		flip ^= (y[0] >> 1) ^ (y[0] >> 2);
		for (i = 0; i < NOBS_FPX_LIMBS - 1; i++)
			x[i] = (x[i] >> 1) | (x[i + 1] << 63);
		x[NOBS_FPX_LIMBS - 1] >>= 1;
	}
	/* both evaluated, constant time (bool | call: a clang warning) */
	ret = !(flip & 1);
	ret |= NOBS_FPX(is_zero)(a);
	memzero_explicit(x, sizeof(x));
	memzero_explicit(y, sizeof(y));
	memzero_explicit(d, sizeof(d));
	memzero_explicit(nd, sizeof(nd));
	memzero_explicit(&flip, sizeof(flip));
	memzero_explicit(&sw, sizeof(sw));
	memzero_explicit(&odd, sizeof(odd));
	return ret;
}

/*
 * nobs_fp*_cswap() - swap a and b if bit is 1, branch-free
 * @a: element
 * @b: element
 * @bit: 0 or 1 (only the low bit is used)
 */
void NOBS_FPX(cswap)(struct NOBS_FPX_T *a, struct NOBS_FPX_T *b, u64 bit)
{
	u64 mask = NOBS_FPX(mask)(bit), x;
	int i;

	for (i = 0; i < NOBS_FPX_LIMBS; i++) {
		x = (a->limb[i] ^ b->limb[i]) & mask;
		a->limb[i] ^= x;
		b->limb[i] ^= x;
	}
}

/*
 * nobs_fp*_cmov() - r = a if bit is 1, r unchanged if 0, branch-free
 * @r: element to overwrite
 * @a: source
 * @bit: 0 or 1 (only the low bit is used)
 */
void NOBS_FPX(cmov)(struct NOBS_FPX_T *r, const struct NOBS_FPX_T *a, u64 bit)
{
	u64 mask = NOBS_FPX(mask)(bit);
	int i;

	for (i = 0; i < NOBS_FPX_LIMBS; i++)
		r->limb[i] ^= (r->limb[i] ^ a->limb[i]) & mask;
}

/*
 * nobs_fp*_from_bytes() - load an element from its encoding
 * @r: result; set to zero on error
 * @in: the little-endian 64-bit limbs, least significant first, taken
 *	as they are (the encoding is already in Montgomery form, as the
 *	CSIDH reference code writes it)
 *
 * The range check is constant time; only its outcome is revealed.
 *
 * Return: 0, or -EINVAL if the value is not below p.
 */
int NOBS_FPX(from_bytes)(struct NOBS_FPX_T *r, const u8 in[8 * NOBS_FPX_LIMBS])
{
	u64 t[NOBS_FPX_LIMBS], borrow = 0, ok;
	int i;

	for (i = 0; i < NOBS_FPX_LIMBS; i++) {
		t[i] = nobs_load_le64(in + 8 * i);
		NOBS_FPX(sbb)(t[i], NOBS_FPX(p).limb[i], &borrow);
	}
	ok = NOBS_FPX(mask)(borrow);	/* in < p */
	for (i = 0; i < NOBS_FPX_LIMBS; i++)
		r->limb[i] = t[i] & ok;
	memzero_explicit(t, sizeof(t));
	return ok ? 0 : -EINVAL;
}

/*
 * nobs_fp*_to_bytes() - store an element as its encoding
 * @out: the little-endian 64-bit limbs, least significant first
 * @a: element (stored as is, in Montgomery form)
 */
void NOBS_FPX(to_bytes)(u8 out[8 * NOBS_FPX_LIMBS], const struct NOBS_FPX_T *a)
{
	int i;

	for (i = 0; i < NOBS_FPX_LIMBS; i++)
		nobs_store_le64(out + 8 * i, a->limb[i]);
}
