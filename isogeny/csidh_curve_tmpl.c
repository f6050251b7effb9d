// SPDX-License-Identifier: GPL-2.0
/*
 * The CSIDH engine: curve and isogeny arithmetic, the constant-time class
 * group action, public-key validation and the key encodings, for one
 * parameter set.  A template in three files, never compiled alone, which
 * each parameter set's .c file (csidh512.c, csidh1024.c) includes in this
 * order: csidh_curve_tmpl.c (this file: scalars and x-only Montgomery
 * arithmetic), csidh_isogeny_tmpl.c (isogenies), csidh_action_tmpl.c (the
 * group action, validation and keys).  Every function and table it
 * defines, static ones included, is NOBS_CSIDHX(name), so that each
 * parameter set's symbols are its own; its struct tags, which name no
 * symbol, are plain (struct nobs_csidh_pt), private to the instance's
 * file (checkpatch reads a macro before '*' as a product).
 *
 * Its inputs, defined before the first file (the #error below lists the
 * required ones):
 *
 *	NOBS_CSIDHX(name)	the set's prefix: nobs_csidh512_##name
 *	NOBS_CSIDHX_PRIMES	its number of small primes l_i
 *	NOBS_CSIDHX_MAX_EXPONENT	the exponents' bound
 *	NOBS_CSIDHX_PRIVATE_KEY_SIZE, NOBS_CSIDHX_PUBLIC_KEY_SIZE,
 *	NOBS_CSIDHX_SHARED_SECRET_SIZE	the encodings' sizes, in bytes
 *	NOBS_CSIDHX_SCALAR_LIMBS	64-bit limbs of a scalar (a product of
 *				the primes, public)
 *	NOBS_CSIDHX_ORDER_BITS	the order a point needs, in bits, to prove
 *				supersingularity (above 4 sqrt(p))
 *	NOBS_CSIDHX_SAMPLE_MASK	the mask of the top byte of Elligator's
 *				random u (rejected if not below p)
 *	NOBS_CSIDHX_YIELD_WORK	field multiplications between two yields
 *	NOBS_FPX(name), NOBS_FPX_T, NOBS_FPX_LIMBS
 *				its field (fp_tmpl.h)
 *	NOBS_CSIDH_TABLE_PRIMES, NOBS_CSIDH_TABLE_BOUND, NOBS_CSIDH_BATCHES,
 *	NOBS_CSIDH_DEPTH, NOBS_CSIDH_MASK_WORDS, NOBS_CSIDH_ALT_CHAINS and
 *	NOBS_CSIDHX(primes)[] ...	its tables (csidh<bits>_tables.h from
 *				scripts/gen/csidh_tables.c): the primes, the
 *				batches and their strategies, each prime's
 *				addition chains and the primes dividing
 *				their differences
 *
 * and optionally NOBS_CSIDHX_WIDE_FRAME (the attributes of the widest
 * frames, below) and NOBS_CSIDHX_NO_VEC (no vector code, below).
 *
 * A set that only validates public keys (NOBS_CSIDHX_VALIDATE_ONLY:
 * csidh2048.c, the prime of CTIDH-2048, which has no CSIDH action)
 * defines NOBS_CSIDHX(name), NOBS_CSIDHX_PRIMES,
 * NOBS_CSIDHX_PUBLIC_KEY_SIZE, NOBS_CSIDHX_SCALAR_LIMBS,
 * NOBS_CSIDHX_ORDER_BITS, NOBS_CSIDHX_YIELD_WORK, its field and
 * NOBS_CSIDHX(primes)[] only, and includes this file and then
 * csidh_validate_tmpl.c: the ladder and the validation, without the
 * tables' addition chains.
 *
 * Curves are Montgomery curves E_A: y^2 = x^3 + A x^2 + x, kept projectively
 * as (A : C) for A/C.  Points are x-only, (X : Z), with Z = 0 at infinity;
 * the same formulas serve points of E and of its quadratic twist.
 *
 * Group action (constant time in the private key)
 * ------------------------------------------------
 * The method is the two-point variant with dummy isogenies of
 *
 *	H. Onuki, Y. Aikawa, T. Yamazaki, T. Takagi, "(Short Paper) A Faster
 *	Constant-Time Algorithm of CSIDH Keeping Two Points", IWSEC 2019,
 *	https://eprint.iacr.org/2019/353
 *
 * built on the dummy isogenies of
 *
 *	M. Meyer, F. Campos, S. Reith, "On Lions and Elligators: An efficient
 *	constant-time implementation of CSIDH", PQCrypto 2019,
 *	https://eprint.iacr.org/2018/1198
 *
 * Every prime l_i gets exactly NOBS_CSIDHX_MAX_EXPONENT = 5 successful steps:
 * |e_i| real isogenies and 5 - |e_i| dummy ones.  Each round samples, with
 * Elligator 2, one point P+ on E (kernel source for positive exponents) and
 * one P- on the twist (negative exponents), clears their cofactor, and
 * walks a strategy over the round's primes (a batch, see
 * nobs_csidh*_action()), after
 *
 *	J.-J. Chi-Dominguez, F. Rodriguez-Henriquez, "Optimal strategies for
 *	CSIDH", https://eprint.iacr.org/2020/417
 *
 * with the dummy-step fixes of D. Cervantes-Vazquez et al., "Stronger and
 * faster side-channel protections for CSIDH", https://eprint.iacr.org/2019/837:
 * a stack of point pairs, each a multiple of the round's pair; a split
 * pushes a copy multiplied by the primes of the right part; a leaf (one
 * prime left) swaps its pair on the sign of e_i (a mask) and takes the
 * kernel point K from it; the pending pairs are pushed through the step.
 * Both the real step (codomain curve, pending points through the isogeny)
 * and the dummy step (curve kept, pending points multiplied by l_i) are
 * computed; a branch-free select keeps one.  The strategy for each batch
 * is a table (csidh512_tables.h) that scripts/gen/csidh_tune.c computes.
 *
 * What the timing reveals is only whether K was the point at infinity (the
 * sampled point had no l_i-torsion part), how many rounds ran and which
 * primes were still unfinished in each: these depend on the random points,
 * and follow the same distribution for every key (see the papers).  Every
 * other branch, loop bound and memory index is independent of the key: the
 * sign and the real/dummy choice are applied with masks only.  The values
 * the timing does reveal (those above, and whether a private key encoding
 * was malformed, which the error code says anyway) are passed through
 * nobs_csidh_public() before a branch reads them, so that the valgrind
 * check (tests/user/test_csidh_ct.c), built with NOBS_CSIDH_VALGRIND, sees
 * them as public; tests/user/test_csidh_ops.c checks that the operations
 * between two public events depend on public data only.
 *
 * Isogenies: codomain through the twisted Edwards model as in M. Meyer,
 * S. Reith, "A faster way to the CSIDH", INDOCRYPT 2018,
 * https://eprint.iacr.org/2018/782 (a' = a^l * prod(X+Z)^8,
 * d' = d^l * prod(X-Z)^8 with a = A + 2C, d = A - 2C); point images with
 * the Montgomery formula of C. Costello, H. Hisil, "A simple and compact
 * algorithm for SIDH with arbitrary degree isogenies", ASIACRYPT 2017.
 * Multiplications by the small primes (cofactors, splits, [l] of the
 * pending points) use each prime's shortest differential addition chain
 * (Cervantes-Vazquez et al., eprint 2019/837; the chains are in the
 * tables), about 25% cheaper than the Montgomery ladder, where they are
 * safe (nobs_csidh*_mul_primes()); in the table rounds' splits, where the
 * shortest chain is not safe, a longer one that mixes in ladder steps
 * (nobs_csidh*_xmul_chain()); the ladder does the rest and validation.
 * Kernel multiples are generated one at a time and consumed at once, so
 * the working set is the strategy's stack (NOBS_CSIDH_DEPTH pairs) and a
 * few dozen field elements whatever the degree.  Where the field has
 * vector code (NOBS_CSIDH_VEC: CSIDH-512 on x86-64 with AVX-512 IFMA),
 * independent products go four at a time (nobs_fp*_mul4()): two points
 * through a chain in lockstep (nobs_csidh*_xmul_chains()), and a walk
 * step's products beside the next kernel multiple's; the values and the
 * operation counts are those of the one-at-a-time code.
 *
 * Validation (variable time: the key is public): A < p, A != +-2, then a
 * point of order above 4 sqrt(p) dividing p + 1 proves #E = p + 1 (Hasse),
 * i.e. supersingularity.  Orders are found with a product tree of scalar
 * multiplications.
 */
#ifdef NOBS_CSIDHX_VALIDATE_ONLY
#if !defined(NOBS_CSIDHX) || !defined(NOBS_CSIDHX_PRIMES) || \
	!defined(NOBS_CSIDHX_PUBLIC_KEY_SIZE) || \
	!defined(NOBS_CSIDHX_SCALAR_LIMBS) || !defined(NOBS_CSIDHX_ORDER_BITS) || \
	!defined(NOBS_CSIDHX_YIELD_WORK) || \
	!defined(NOBS_FPX) || !defined(NOBS_FPX_T) || !defined(NOBS_FPX_LIMBS)
#error "csidh_curve_tmpl.c: a validating set defines its inputs first (see above)"
#endif
/* no vector code: the ladder goes one point at a time */
#define NOBS_CSIDHX_NO_VEC
#else
#if !defined(NOBS_CSIDHX) || !defined(NOBS_CSIDHX_PRIMES) || \
	!defined(NOBS_CSIDHX_MAX_EXPONENT) || \
	!defined(NOBS_CSIDHX_PRIVATE_KEY_SIZE) || \
	!defined(NOBS_CSIDHX_PUBLIC_KEY_SIZE) || \
	!defined(NOBS_CSIDHX_SHARED_SECRET_SIZE) || \
	!defined(NOBS_CSIDHX_SCALAR_LIMBS) || !defined(NOBS_CSIDHX_ORDER_BITS) || \
	!defined(NOBS_CSIDHX_SAMPLE_MASK) || !defined(NOBS_CSIDHX_YIELD_WORK) || \
	!defined(NOBS_FPX) || !defined(NOBS_FPX_T) || !defined(NOBS_FPX_LIMBS) || \
	!defined(NOBS_CSIDH_TABLE_PRIMES) || !defined(NOBS_CSIDH_TABLE_BOUND) || \
	!defined(NOBS_CSIDH_BATCHES) || !defined(NOBS_CSIDH_DEPTH) || \
	!defined(NOBS_CSIDH_MASK_WORDS) || !defined(NOBS_CSIDH_ALT_CHAINS)
#error "csidh_curve_tmpl.c: a parameter set defines its inputs first (see above)"
#endif

#if (NOBS_CSIDH_TABLE_PRIMES - NOBS_CSIDHX_PRIMES) || \
	(NOBS_CSIDH_TABLE_BOUND - NOBS_CSIDHX_MAX_EXPONENT)
#error "the schedule tables are for another parameter set"
#endif
#endif /* NOBS_CSIDHX_VALIDATE_ONLY */
#define NOBS_CSIDH_CURVE_TMPL

/*
 * The attributes of the two functions with the most field elements on
 * their stack (the kernel walk, the push): a parameter set whose frames
 * there would pass the kernel's frame-size warning once KASAN puts a
 * redzone around each element may leave them uninstrumented.
 */
#ifndef NOBS_CSIDHX_WIDE_FRAME
#define NOBS_CSIDHX_WIDE_FRAME
#endif

#ifdef NOBS_CSIDH_VALGRIND
#include <valgrind/memcheck.h>
#define nobs_csidh_public(v)	VALGRIND_MAKE_MEM_DEFINED(&(v), sizeof(v))
#else
/* Marks a value derived from secrets that the algorithm may reveal. */
#define nobs_csidh_public(v)	((void)(v))
#endif

struct nobs_csidh_pt {
	struct NOBS_FPX_T x;
	struct NOBS_FPX_T z;
};

/* A curve as the ladder wants it: (A + 2C : 4C). */
struct nobs_csidh_a24 {
	struct NOBS_FPX_T a24;
	struct NOBS_FPX_T c24;
};

/*
 * NOBS_CSIDH_VEC: the field has vector code for nobs_fp*_mul4() (fp.h), and
 * the parameter set did not opt out (NOBS_CSIDHX_NO_VEC); else the pairs'
 * points go one after the other, as four scalar products through
 * nobs_fp*_mul4() would gain nothing and cost frame size.
 */
#if defined(NOBS_FP_VEC_NAME) && !defined(NOBS_CSIDHX_NO_VEC)
#define NOBS_CSIDH_VEC
#endif

/*
 * Points where the caller may reschedule (env->yield): after each leaf of
 * the group action, and wherever the work since the last one reaches
 * NOBS_CSIDHX_YIELD_WORK, counted in field multiplications at public
 * places (a ladder bit, a chain, a kernel multiple), so that where the
 * yields fall depends only on public data.  The budget keeps each stretch
 * under 1 ms natively on the slowest field (the generic C one; measured
 * by tests/user/csidh_latency.c, make bench); each parameter set sets its
 * budget (NOBS_CSIDHX_YIELD_WORK).  The hook's non-zero answer (err) stops the operation: every
 * loop below a yield point checks it and ends early, and the entry point
 * returns it with its output zeroed.
 */

/**
 * struct nobs_csidh_pause - the yield points' state
 * @env: the caller's hooks
 * @work: field multiplications since the last yield (public)
 * @err: 0, or what the yield hook answered to stop the operation
 */
struct nobs_csidh_pause {
	const struct nobs_csidh_env *env;
	unsigned long work;
	int err;
};

/* a yield point: always yields (once the operation is stopped, never) */
static void NOBS_CSIDHX(yield)(struct nobs_csidh_pause *pz)
{
	pz->work = 0;
	if (!pz->err && pz->env && pz->env->yield)
		pz->err = pz->env->yield(pz->env->ctx);
}

/* work muls done; a yield point if the budget is spent; true: stop */
static inline bool NOBS_CSIDHX(work)(struct nobs_csidh_pause *pz,
				   unsigned long muls)
{
	pz->work += muls;
	if (pz->work >= NOBS_CSIDHX_YIELD_WORK)
		NOBS_CSIDHX(yield)(pz);
	return pz->err;
}

#ifndef NOBS_CSIDHX_VALIDATE_ONLY
/**
 * struct nobs_csidh_scratch - the registers of the scalar multiplications
 * @pz: the operation's yield points (first, as in struct
 *	nobs_csidh*_walk, with which the state shares its room)
 * @reg: the ladder's (r0, r1, d) and a chain's (r0, r1, d, t)
 * @reg2: with vector code, the two-point chain's, each a pair
 * @lane: with vector code, the temporaries of the two-point formulas
 *	(xADD2, xDBL2, xDBLADD2: at most seven pairs)
 *
 * In the workspace (struct nobs_csidh_state), not on the stack: none of
 * the functions using a field calls another that uses it.
 */
struct nobs_csidh_scratch {
	struct nobs_csidh_pause *pz;
	struct nobs_csidh_pt reg[4];
#ifdef NOBS_CSIDH_VEC
	struct nobs_csidh_pt reg2[4][2];
	struct NOBS_FPX_T lane[7][2];
#endif
};
#endif

/* ---- scalars (public) ---------------------------------------------------- */

static void NOBS_CSIDHX(scalar_mul_small)(u64 k[NOBS_CSIDHX_SCALAR_LIMBS], u64 m)
{
	unsigned __int128 acc;
	u64 carry = 0;
	int i;

	for (i = 0; i < NOBS_CSIDHX_SCALAR_LIMBS; i++) {
		acc = (unsigned __int128)k[i] * m + carry;
		k[i] = (u64)acc;
		carry = (u64)(acc >> 64);
	}
}

/*
 * k = product of the primes l_j for j in [lo, hi) with flags[j] == want
 * (all of them if flags is NULL)
 */
static void NOBS_CSIDHX(scalar_product)(u64 k[NOBS_CSIDHX_SCALAR_LIMBS],
				      const u8 *flags, u8 want, int lo, int hi)
{
	int j;

	memset(k, 0, NOBS_CSIDHX_SCALAR_LIMBS * sizeof(u64));
	k[0] = 1;
	for (j = lo; j < hi; j++)
		if (!flags || flags[j] == want)
			NOBS_CSIDHX(scalar_mul_small)(k, NOBS_CSIDHX(primes)[j]);
}

static int NOBS_CSIDHX(scalar_bits)(const u64 *k, int limbs)
{
	int i;

	for (i = limbs - 1; i >= 0; i--)
		if (k[i])
			return 64 * i + 64 - __builtin_clzll(k[i]);
	return 0;
}

/* ---- x-only Montgomery arithmetic ------------------------------------- */

static void NOBS_CSIDHX(to_a24)(struct nobs_csidh_a24 *c,
			      const struct NOBS_FPX_T *a, const struct NOBS_FPX_T *cc)
{
	struct NOBS_FPX_T t;

	NOBS_FPX(add)(&t, cc, cc);		/* 2C */
	NOBS_FPX(add)(&c->a24, a, &t);		/* A + 2C */
	NOBS_FPX(add)(&c->c24, &t, &t);		/* 4C */
}

/* (these three: the group action's; a validating set has none) */
static __maybe_unused void
NOBS_CSIDHX(cswap)(struct nobs_csidh_pt *p, struct nobs_csidh_pt *q, u64 bit)
{
	NOBS_FPX(cswap)(&p->x, &q->x, bit);
	NOBS_FPX(cswap)(&p->z, &q->z, bit);
}

static __maybe_unused void
NOBS_CSIDHX(cmov)(struct nobs_csidh_pt *r, const struct nobs_csidh_pt *a,
		  u64 bit)
{
	NOBS_FPX(cmov)(&r->x, &a->x, bit);
	NOBS_FPX(cmov)(&r->z, &a->z, bit);
}

/*
 * The end of a differential addition, shared by xADD and xDBLADD: t0 and
 * t1 hold the two cross products of the summands' (X + Z, X - Z), and r
 * becomes their sum given d, the difference; 2M + 2S (inlined: no frame
 * of its own).
 */
static __always_inline void NOBS_CSIDHX(xadd_cross)(struct nobs_csidh_pt *r,
						  const struct nobs_csidh_pt *d,
						  const struct NOBS_FPX_T *t0,
						  const struct NOBS_FPX_T *t1)
{
	NOBS_FPX(add)(&r->x, t0, t1);
	NOBS_FPX(sub)(&r->z, t0, t1);
	NOBS_FPX(sqr)(&r->x, &r->x);
	NOBS_FPX(sqr)(&r->z, &r->z);
	NOBS_FPX(mul)(&r->x, &r->x, &d->z);
	NOBS_FPX(mul)(&r->z, &r->z, &d->x);
}

/*
 * The end of a doubling, shared by xDBL and xDBLADD: r holds ((X + Z)^2,
 * (X - Z)^2) and becomes [2] (X : Z); 4M.  t0 and t1 are the caller's
 * temporaries (inlined: no frame of its own).
 */
static __always_inline void NOBS_CSIDHX(xdbl_squares)(struct nobs_csidh_pt *r,
						    const struct nobs_csidh_a24 *c,
						    struct NOBS_FPX_T *t0,
						    struct NOBS_FPX_T *t1)
{
	NOBS_FPX(mul)(t0, &c->c24, &r->z);
	NOBS_FPX(sub)(t1, &r->x, &r->z);		/* 4XZ */
	NOBS_FPX(mul)(&r->x, &r->x, t0);
	NOBS_FPX(mul)(&r->z, t1, &c->a24);
	NOBS_FPX(add)(t0, t0, &r->z);
	NOBS_FPX(mul)(&r->z, t1, t0);
}

/*
 * r = [2] p; r may alias p. 4M + 2S.  r holds the squares once p is read:
 * two temporaries in the frame, not three.
 */
static void NOBS_CSIDHX(xdbl)(struct nobs_csidh_pt *r,
			    const struct nobs_csidh_pt *p,
			    const struct nobs_csidh_a24 *c)
{
	struct NOBS_FPX_T t0, t1;

	NOBS_FPX(sub)(&t0, &p->x, &p->z);
	NOBS_FPX(add)(&t1, &p->x, &p->z);
	NOBS_FPX(sqr)(&r->z, &t0);		/* (X - Z)^2 */
	NOBS_FPX(sqr)(&r->x, &t1);		/* (X + Z)^2 */
	NOBS_CSIDHX(xdbl_squares)(r, c, &t0, &t1);
}

/*
 * One ladder step: r0 = [2] r0, r1 = r0 + r1, given d = r1 - r0 (or
 * r0 - r1), which aliases neither.  8M + 4S.  Each register holds its own
 * sum and difference (X + Z, X - Z) in place, so that the frame has two
 * temporaries, not six: it is the deepest of the action's paths.
 */
static void NOBS_CSIDHX(xdbladd)(struct nobs_csidh_pt *r0,
			       struct nobs_csidh_pt *r1,
			       const struct nobs_csidh_pt *d,
			       const struct nobs_csidh_a24 *c)
{
	struct NOBS_FPX_T t0, t1;

	NOBS_FPX(add)(&t0, &r0->x, &r0->z);
	NOBS_FPX(sub)(&r0->z, &r0->x, &r0->z);
	r0->x = t0;				/* r0 = (s0, d0) */
	NOBS_FPX(add)(&t0, &r1->x, &r1->z);
	NOBS_FPX(sub)(&r1->z, &r1->x, &r1->z);
	r1->x = t0;				/* r1 = (s1, d1) */
	/* r1 = r0 + r1 */
	NOBS_FPX(mul)(&t0, &r0->x, &r1->z);	/* s0 d1 */
	NOBS_FPX(mul)(&t1, &r0->z, &r1->x);	/* d0 s1 */
	NOBS_CSIDHX(xadd_cross)(r1, d, &t0, &t1);
	/* r0 = [2] r0 */
	NOBS_FPX(sqr)(&r0->x, &r0->x);		/* s0^2 */
	NOBS_FPX(sqr)(&r0->z, &r0->z);		/* d0^2 */
	NOBS_CSIDHX(xdbl_squares)(r0, c, &t0, &t1);
}

/*
 * r = p + q given d = p - q (or q - p), none at infinity; 4M + 2S.  r may
 * alias p, not q or d: r holds the temporaries once p is read.
 */
static __maybe_unused void
NOBS_CSIDHX(xadd)(struct nobs_csidh_pt *r, const struct nobs_csidh_pt *p,
		  const struct nobs_csidh_pt *q, const struct nobs_csidh_pt *d)
{
	struct NOBS_FPX_T t0, t1;

	NOBS_FPX(add)(&t0, &p->x, &p->z);
	NOBS_FPX(sub)(&t1, &q->x, &q->z);
	NOBS_FPX(mul)(&t0, &t0, &t1);		/* (Xp + Zp)(Xq - Zq) */
	NOBS_FPX(sub)(&t1, &p->x, &p->z);
	NOBS_FPX(add)(&r->x, &q->x, &q->z);
	NOBS_FPX(mul)(&t1, &t1, &r->x);		/* (Xp - Zp)(Xq + Zq) */
	NOBS_CSIDHX(xadd_cross)(r, d, &t0, &t1);
}

/*
 * r = [k] p by the Montgomery ladder; r may alias p; reg: its three
 * registers (r0, r1, d).  k is public: its bits choose which register
 * doubles (the point data never steers anything).
 */
static void NOBS_CSIDHX(xmul)(struct nobs_csidh_pt *r,
			    const struct nobs_csidh_pt *p,
			    const u64 *k, int limbs,
			    const struct nobs_csidh_a24 *c,
			    struct nobs_csidh_pt reg[3],
			    struct nobs_csidh_pause *pz)
{
	struct nobs_csidh_pt *r0 = &reg[0], *r1 = &reg[1], *d = &reg[2];
	int i = NOBS_CSIDHX(scalar_bits)(k, limbs);

	if (!i) {
		r->x = NOBS_FPX(one);
		r->z = NOBS_FPX(zero);
		return;
	}
	*d = *p;
	*r0 = *d;
	NOBS_CSIDHX(xdbl)(r1, d, c);
	for (i -= 2; i >= 0; i--) {
		if ((k[i / 64] >> (i % 64)) & 1)
			NOBS_CSIDHX(xdbladd)(r1, r0, d, c);
		else
			NOBS_CSIDHX(xdbladd)(r0, r1, d, c);
		/* public: the bit's position; xDBLADD is 8 M and S */
		if (pz && !(i % 16) && NOBS_CSIDHX(work)(pz, 16 * 8))
			break;
	}
	*r = *r0;
}

static void NOBS_CSIDHX(xmul_u64)(struct nobs_csidh_pt *r,
				const struct nobs_csidh_pt *p, u64 k,
				const struct nobs_csidh_a24 *c,
				struct nobs_csidh_pt reg[3])
{
	NOBS_CSIDHX(xmul)(r, p, &k, 1, c, reg, NULL);
}

#ifndef NOBS_CSIDHX_VALIDATE_ONLY
/*
 * r = [m] p by a differential addition chain of the tables (csidh_tune.c):
 * from (a, b) = (1, 2) (xDBL), len steps of w bits each (step s at bits
 * w s ..), the last an xADD to m.  From (a, b), difference b - a:
 *	0: (b, a + b)		xADD; the new difference is a
 *	1: (a, a + b)		xADD; the new difference is b
 *	2: (2a, a + b)		xDBLADD (a ladder step): it stays b - a
 *	3: (a + b, 2b)		xDBLADD: it stays b - a
 * The shortest chains (nobs_csidh*_sdac[], w = 1) have only 0 and 1: about
 * 9 operations per bit against the ladder's 12.  The alternatives
 * (nobs_csidh*_alt[], w = 2) mix in ladder steps to keep a difference that
 * no wanted prime divides (see nobs_csidh*_mul_primes()).  r may alias p.
 * Each xADD needs its difference [b - a] p off infinity: a chain is only
 * used where the order of p cannot divide a difference; otherwise its
 * result would be (0 : 0), which every later step keeps and reads as
 * infinity.  The registers are scr->reg[].
 */
static noinline void
NOBS_CSIDHX(xmul_chain)(struct nobs_csidh_pt *r, const struct nobs_csidh_pt *p,
		      u32 steps, int len, int w,
		      const struct nobs_csidh_a24 *c,
		      struct nobs_csidh_scratch *scr)
{
	struct nobs_csidh_pt *r0 = &scr->reg[0], *r1 = &scr->reg[1];
	struct nobs_csidh_pt *d = &scr->reg[2], *t = &scr->reg[3];
	u32 code;
	int s;

	*r0 = *p;
	*d = *p;
	NOBS_CSIDHX(xdbl)(r1, p, c);
	for (s = 0; s < len; s++) {
		code = (steps >> (w * s)) & ((1U << w) - 1);
		/* public (here and below): the chain's steps (the table) */
		if (code == 2) {
			NOBS_CSIDHX(xdbladd)(r0, r1, d, c);
			continue;
		}
		if (code == 3) {
			NOBS_CSIDHX(xdbladd)(r1, r0, d, c);
			continue;
		}
		NOBS_CSIDHX(xadd)(t, r0, r1, d);
		if (code) {
			*d = *r1;
		} else {
			*d = *r0;
			*r0 = *r1;
		}
		*r1 = *t;
	}
	*r = *r1;
}

#ifdef NOBS_CSIDH_VEC
/*
 * Two points through the same steps in lockstep, each product of the pair
 * of formulas four at a time (nobs_fp*_mul4()/_sqr4(): the AVX-512 IFMA
 * code in a vector section vec, else four scalar calls; the same values
 * either way, and the same counts).
 */

/*
 * four products u[k] v[k] into r[k], through the pointer arrays r_[4],
 * u_[4], v_[4] that the calling function declares once
 */
#define NOBS_CSIDH_MUL4(vec, r0, u0, v0, r1, u1, v1, r2, u2, v2, r3, u3, v3) \
	do {								\
		r_[0] = r0; u_[0] = u0; v_[0] = v0;			\
		r_[1] = r1; u_[1] = u1; v_[1] = v1;			\
		r_[2] = r2; u_[2] = u2; v_[2] = v2;			\
		r_[3] = r3; u_[3] = u3; v_[3] = v3;			\
		NOBS_FPX(mul4)(r_, u_, v_, vec);				\
	} while (0)

#define NOBS_CSIDH_SQR4(vec, r0, u0, r1, u1, r2, u2, r3, u3)		\
	do {								\
		r_[0] = r0; u_[0] = u0;					\
		r_[1] = r1; u_[1] = u1;					\
		r_[2] = r2; u_[2] = u2;					\
		r_[3] = r3; u_[3] = u3;					\
		NOBS_FPX(sqr4)(r_, u_, vec);				\
	} while (0)

/*
 * r[i] = p[i] + q[i] given d[i] = p[i] - q[i], i = 0, 1 (as xADD); the
 * temporaries in lane (here and in the next two)
 */
static noinline void NOBS_CSIDHX(xadd2)(struct nobs_csidh_pt *r,
				      const struct nobs_csidh_pt *p,
				      const struct nobs_csidh_pt *q,
				      const struct nobs_csidh_pt *d,
				      struct NOBS_FPX_T (*lane)[2], bool vec)
{
	struct NOBS_FPX_T *a = lane[0], *b = lane[1], *e = lane[2], *f = lane[3];
	struct NOBS_FPX_T *r_[4];
	const struct NOBS_FPX_T *u_[4], *v_[4];
	int i;

	for (i = 0; i < 2; i++) {
		NOBS_FPX(add)(&a[i], &p[i].x, &p[i].z);
		NOBS_FPX(sub)(&b[i], &q[i].x, &q[i].z);
		NOBS_FPX(sub)(&e[i], &p[i].x, &p[i].z);
		NOBS_FPX(add)(&f[i], &q[i].x, &q[i].z);
	}
	/* (Xp + Zp)(Xq - Zq), (Xp - Zp)(Xq + Zq) */
	NOBS_CSIDH_MUL4(vec, &a[0], &a[0], &b[0], &e[0], &e[0], &f[0],
			&a[1], &a[1], &b[1], &e[1], &e[1], &f[1]);
	for (i = 0; i < 2; i++) {
		NOBS_FPX(add)(&b[i], &a[i], &e[i]);
		NOBS_FPX(sub)(&f[i], &a[i], &e[i]);
	}
	NOBS_CSIDH_SQR4(vec, &b[0], &b[0], &f[0], &f[0], &b[1], &b[1],
			&f[1], &f[1]);
	NOBS_CSIDH_MUL4(vec, &r[0].x, &d[0].z, &b[0], &r[0].z, &d[0].x, &f[0],
			&r[1].x, &d[1].z, &b[1], &r[1].z, &d[1].x, &f[1]);
}

/* r[i] = [2] p[i], i = 0, 1 (as xDBL); r may alias p */
static noinline void NOBS_CSIDHX(xdbl2)(struct nobs_csidh_pt *r,
				      const struct nobs_csidh_pt *p,
				      const struct nobs_csidh_a24 *c,
				      struct NOBS_FPX_T (*lane)[2], bool vec)
{
	struct NOBS_FPX_T *t0 = lane[0], *t1 = lane[1], *z = lane[2];
	struct NOBS_FPX_T *u = lane[3], *v = lane[4];
	struct NOBS_FPX_T *r_[4];
	const struct NOBS_FPX_T *u_[4], *v_[4];
	int i;

	for (i = 0; i < 2; i++) {
		NOBS_FPX(sub)(&t0[i], &p[i].x, &p[i].z);
		NOBS_FPX(add)(&t1[i], &p[i].x, &p[i].z);
	}
	/* (X - Z)^2, (X + Z)^2 */
	NOBS_CSIDH_SQR4(vec, &t0[0], &t0[0], &t1[0], &t1[0], &t0[1], &t0[1],
			&t1[1], &t1[1]);
	for (i = 0; i < 2; i++)
		NOBS_FPX(sub)(&u[i], &t1[i], &t0[i]);		/* 4XZ */
	NOBS_CSIDH_MUL4(vec, &z[0], &c->c24, &t0[0], &v[0], &c->a24, &u[0],
			&z[1], &c->c24, &t0[1], &v[1], &c->a24, &u[1]);
	for (i = 0; i < 2; i++)
		NOBS_FPX(add)(&v[i], &z[i], &v[i]);
	NOBS_CSIDH_MUL4(vec, &r[0].x, &z[0], &t1[0], &r[0].z, &v[0], &u[0],
			&r[1].x, &z[1], &t1[1], &r[1].z, &v[1], &u[1]);
}

/*
 * One ladder step on each of two points: r0[i] = [2] r0[i], r1[i] =
 * r0[i] + r1[i] given d[i] (as xDBLADD)
 */
static noinline void NOBS_CSIDHX(xdbladd2)(struct nobs_csidh_pt *r0,
					 struct nobs_csidh_pt *r1,
					 const struct nobs_csidh_pt *d,
					 const struct nobs_csidh_a24 *c,
					 struct NOBS_FPX_T (*lane)[2], bool vec)
{
	struct NOBS_FPX_T *s0 = lane[0], *d0 = lane[1], *s1 = lane[2];
	struct NOBS_FPX_T *d1 = lane[3], *t0 = lane[4], *t1 = lane[5];
	struct NOBS_FPX_T *u = lane[6];
	struct NOBS_FPX_T *r_[4];
	const struct NOBS_FPX_T *u_[4], *v_[4];
	int i;

	for (i = 0; i < 2; i++) {
		NOBS_FPX(add)(&s0[i], &r0[i].x, &r0[i].z);
		NOBS_FPX(sub)(&d0[i], &r0[i].x, &r0[i].z);
		NOBS_FPX(add)(&s1[i], &r1[i].x, &r1[i].z);
		NOBS_FPX(sub)(&d1[i], &r1[i].x, &r1[i].z);
	}
	NOBS_CSIDH_MUL4(vec, &t0[0], &s0[0], &d1[0], &t1[0], &d0[0], &s1[0],
			&t0[1], &s0[1], &d1[1], &t1[1], &d0[1], &s1[1]);
	NOBS_CSIDH_SQR4(vec, &s0[0], &s0[0], &d0[0], &d0[0], &s0[1], &s0[1],
			&d0[1], &d0[1]);
	for (i = 0; i < 2; i++) {
		NOBS_FPX(add)(&s1[i], &t0[i], &t1[i]);
		NOBS_FPX(sub)(&d1[i], &t0[i], &t1[i]);
		NOBS_FPX(sub)(&t1[i], &s0[i], &d0[i]);	/* 4XZ */
	}
	NOBS_CSIDH_SQR4(vec, &s1[0], &s1[0], &d1[0], &d1[0], &s1[1], &s1[1],
			&d1[1], &d1[1]);
	NOBS_CSIDH_MUL4(vec, &t0[0], &c->c24, &d0[0], &u[0], &c->a24, &t1[0],
			&t0[1], &c->c24, &d0[1], &u[1], &c->a24, &t1[1]);
	for (i = 0; i < 2; i++)
		NOBS_FPX(add)(&d0[i], &t0[i], &u[i]);
	NOBS_CSIDH_MUL4(vec, &r1[0].x, &d[0].z, &s1[0], &r1[0].z, &d[0].x,
			&d1[0], &r1[1].x, &d[1].z, &s1[1], &r1[1].z, &d[1].x,
			&d1[1]);
	NOBS_CSIDH_MUL4(vec, &r0[0].x, &t0[0], &s0[0], &r0[0].z, &d0[0],
			&t1[0], &r0[1].x, &t0[1], &s0[1], &r0[1].z, &d0[1],
			&t1[1]);
}

/*
 * *out[i] = [m] *in[i], i = 0, 1, by the same chain as
 * nobs_csidh*_xmul_chain(), in lockstep, in one vector section; out[i] may
 * be in[i]
 */
static noinline void
NOBS_CSIDHX(xmul_chain2)(struct nobs_csidh_pt *const out[2],
		       const struct nobs_csidh_pt *const in[2], u32 steps,
		       int len, int w, const struct nobs_csidh_a24 *c,
		       struct nobs_csidh_scratch *scr)
{
	struct nobs_csidh_pt *r0 = scr->reg2[0], *r1 = scr->reg2[1];
	struct nobs_csidh_pt *d = scr->reg2[2], *t = scr->reg2[3];
	struct NOBS_FPX_T (*lane)[2] = scr->lane;
	const size_t sz = sizeof(scr->reg2[0]);
	bool vec = nobs_fp_vec_begin();
	u32 code;
	int s;

	r0[0] = *in[0];
	r0[1] = *in[1];
	memcpy(d, r0, sz);
	NOBS_CSIDHX(xdbl2)(r1, r0, c, lane, vec);
	for (s = 0; s < len; s++) {
		code = (steps >> (w * s)) & ((1U << w) - 1);
		/* public (here and below): the chain's steps (the table) */
		if (code == 2) {
			NOBS_CSIDHX(xdbladd2)(r0, r1, d, c, lane, vec);
			continue;
		}
		if (code == 3) {
			NOBS_CSIDHX(xdbladd2)(r1, r0, d, c, lane, vec);
			continue;
		}
		NOBS_CSIDHX(xadd2)(t, r0, r1, d, lane, vec);
		if (code) {
			memcpy(d, r1, sz);
		} else {
			memcpy(d, r0, sz);
			memcpy(r0, r1, sz);
		}
		memcpy(r1, t, sz);
	}
	if (vec)
		nobs_fp_vec_end();
	*out[0] = r1[0];
	*out[1] = r1[1];
}
#endif /* NOBS_CSIDH_VEC */

/*
 * r = [l_i] p by the prime's shortest chain; r may alias p (the push's
 * [l] p[0] after its walk: not used where the field has vector code)
 */
static __maybe_unused void
NOBS_CSIDHX(xmul_prime)(struct nobs_csidh_pt *r, const struct nobs_csidh_pt *p,
		      int i, const struct nobs_csidh_a24 *c,
		      struct nobs_csidh_scratch *scr)
{
	NOBS_CSIDHX(xmul_chain)(r, p, NOBS_CSIDHX(sdac)[i], NOBS_CSIDHX(sdac_len)[i],
			      1, c, scr);
}

/*
 * *out[i] = [m] *in[i], i < n, by the chain of nobs_csidh*_xmul_chain(), two
 * points at a time in lockstep where the field has vector code
 * (nobs_csidh*_xmul_chain2()); out[i] may be in[i]
 */
static void NOBS_CSIDHX(xmul_chains)(struct nobs_csidh_pt *const *out,
				   const struct nobs_csidh_pt *const *in,
				   int n, u32 steps, int len, int w,
				   const struct nobs_csidh_a24 *c,
				   struct nobs_csidh_scratch *scr)
{
	int i = 0;

#ifdef NOBS_CSIDH_VEC
	/* public (here and below): n, the caller's shape */
	for (; i + 1 < n; i += 2)
		NOBS_CSIDHX(xmul_chain2)(out + i, in + i, steps, len, w, c, scr);
#endif
	for (; i < n; i++)
		NOBS_CSIDHX(xmul_chain)(out[i], in[i], steps, len, w, c, scr);
}

/* *out[i] = [l_p] *in[i], i < n, by the prime's shortest chain */
static void NOBS_CSIDHX(xmul_prime_n)(struct nobs_csidh_pt *const *out,
				    const struct nobs_csidh_pt *const *in,
				    int n, int p,
				    const struct nobs_csidh_a24 *c,
				    struct nobs_csidh_scratch *scr)
{
	NOBS_CSIDHX(xmul_chains)(out, in, n, NOBS_CSIDHX(sdac)[p],
			       NOBS_CSIDHX(sdac_len)[p], 1, c, scr);
	/* public: the prime and n */
	NOBS_CSIDHX(work)(scr->pz, 8UL * n * NOBS_CSIDHX(sdac_len)[p]);
}

/* whether no prime of the mask bad is in the mask want */
static bool NOBS_CSIDHX(avoids)(const u64 bad[NOBS_CSIDH_MASK_WORDS],
			      const u64 want[NOBS_CSIDH_MASK_WORDS])
{
	u64 hit = 0;
	int w;

	for (w = 0; w < NOBS_CSIDH_MASK_WORDS; w++)
		hit |= bad[w] & want[w];
	return !hit;
}

/*
 * The chain for l_i while the primes of want stay: 1 the shortest, 1 + x
 * the prime's x-th alternative (x >= 1; only if alt), 0 none (the
 * ladder).  The first whose differences no wanted prime divides: the
 * shortest, then the alternatives, cheapest first (csidh_tune.c chose
 * with the same rule).
 */
static int NOBS_CSIDHX(chain_for)(int i, const u64 want[NOBS_CSIDH_MASK_WORDS],
				bool alt)
{
	int a;

	if (NOBS_CSIDHX(avoids)(NOBS_CSIDHX(sdac_bad)[i], want))
		return 1;
	for (a = NOBS_CSIDHX(alt_first)[i];
	     alt && a < NOBS_CSIDHX(alt_first)[i + 1]; a++)
		if (NOBS_CSIDHX(avoids)(NOBS_CSIDHX(alt_bad)[a], want))
			return 2 + a - NOBS_CSIDHX(alt_first)[i];
	return 0;
}

/*
 * pts[0 .. n) times the primes l_{r[0]}, ..., l_{r[nr - 1]} (ascending),
 * while the primes of the mask want stay in their order (the order of each
 * point divides the product of the primes in want and in r).  A chain
 * (the ladder too: its difference is p) goes wrong only where a
 * difference [d] p is at infinity, i.e. the order m of p divides d; then
 * its result is (0 : 0), which every later step keeps and reads as
 * infinity.  If m has a prime of want, that prime divides d; else m
 * divides the product of r, whose multiple of p is infinity: right.  So a
 * chain none of whose differences a wanted prime divides is safe, in any
 * order.  The primes whose shortest chain has a difference divisible by a
 * wanted prime (nobs_csidh*_sdac_bad[]) take, in a table round's split
 * (alt), the first alternative chain that has none
 * (nobs_csidh*_chain_for()); those left go first, together in one ladder;
 * the others follow by their chains in ascending order.  The choices read
 * the tables and the public want only.  bulk: a table round's cofactor
 * (want is a whole batch), every prime by its shortest chain, which fails
 * only if all but a few of the batch's components of the point are
 * trivial: below 2^-64 per action, the tables say how far.
 */
static void NOBS_CSIDHX(mul_primes)(struct nobs_csidh_pt *pts, int n,
				  const u8 *r, int nr,
				  const u64 want[NOBS_CSIDH_MASK_WORDS],
				  bool bulk, bool alt,
				  const struct nobs_csidh_a24 *c,
				  struct nobs_csidh_scratch *scr)
{
	u64 k[NOBS_CSIDHX_SCALAR_LIMBS], ladder = 0;
	struct nobs_csidh_pt *out[2];
	const struct nobs_csidh_pt *in[2];
	u8 chain[NOBS_CSIDHX_PRIMES];
	int j, i, a, len, w;
	u32 steps;

	/* n is 1 or 2: one point, or a pair (the callers) */
	for (i = 0; i < n; i++) {
		out[i] = &pts[i];
		in[i] = &pts[i];
	}
	memset(k, 0, sizeof(k));
	k[0] = 1;
	for (j = 0; j < nr; j++) {
		chain[j] = bulk ? 1 : (u8)NOBS_CSIDHX(chain_for)(r[j], want, alt);
		/* public: the table and the round's primes */
		if (!chain[j]) {
			NOBS_CSIDHX(scalar_mul_small)(k, NOBS_CSIDHX(primes)[r[j]]);
			ladder = 1;
		}
	}
	for (i = 0; ladder && i < n; i++)
		NOBS_CSIDHX(xmul)(&pts[i], &pts[i], k, NOBS_CSIDHX_SCALAR_LIMBS, c,
				scr->reg, scr->pz);
	for (j = 0; j < nr; j++) {
		if (chain[j] == 1) {
			steps = NOBS_CSIDHX(sdac)[r[j]];
			len = NOBS_CSIDHX(sdac_len)[r[j]];
			w = 1;
		} else if (chain[j]) {
			a = NOBS_CSIDHX(alt_first)[r[j]] + chain[j] - 2;
			steps = NOBS_CSIDHX(alt)[a];
			len = NOBS_CSIDHX(alt_len)[a];
			w = 2;
		} else {
			continue;	/* in the ladder above */
		}
		NOBS_CSIDHX(xmul_chains)(out, in, n, steps, len, w, c, scr);
		/* public: the chain's length; a step is at most 8 M and S */
		if (NOBS_CSIDHX(work)(scr->pz, (unsigned long)(8 * n * len)))
			break;
	}
}

/* the mask of the primes idx[lo .. hi] */
static void NOBS_CSIDHX(mask_of)(u64 m[NOBS_CSIDH_MASK_WORDS], const u8 *idx,
			       int lo, int hi)
{
	int j;

	memset(m, 0, NOBS_CSIDH_MASK_WORDS * sizeof(u64));
	for (j = lo; j <= hi; j++)
		m[idx[j] / 64] |= 1ULL << (idx[j] % 64);
}
#endif /* !NOBS_CSIDHX_VALIDATE_ONLY */
