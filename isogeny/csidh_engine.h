/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The CSIDH engine: curve and isogeny arithmetic, the constant-time class
 * group action, public-key validation and the key encodings, for one
 * parameter set.  A parameter set's .c file (csidh.c: CSIDH-512) includes
 * its API header (the sizes, NOBS_CSIDH_PRIMES, NOBS_CSIDH_MAX_EXPONENT and
 * the nobs_csidh_* entry points, which it may rename by macros), its field
 * (struct nobs_fp and the nobs_fp_* functions of fp.h, or another field of
 * the same shape renamed by macros), its tables (csidh<bits>_tables.h from
 * tests/user/csidh_tune.c: nobs_csidh_primes[], the batches and their
 * strategies, each prime's addition chain and the primes dividing its
 * differences, NOBS_CSIDH_MASK_WORDS), defines NOBS_CSIDH_SCALAR_LIMBS,
 * NOBS_CSIDH_ORDER_BITS and NOBS_CSIDH_SAMPLE_MASK, then includes this
 * file once.
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
 * Every prime l_i gets exactly NOBS_CSIDH_MAX_EXPONENT = 5 successful steps:
 * |e_i| real isogenies and 5 - |e_i| dummy ones.  Each round samples, with
 * Elligator 2, one point P+ on E (kernel source for positive exponents) and
 * one P- on the twist (negative exponents), clears their cofactor, and
 * walks a strategy over the round's primes (a batch, see
 * nobs_csidh_action()), after
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
 * is a table (csidh512_tables.h) that tests/user/csidh_tune.c computes.
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
 * safe (nobs_csidh_mul_primes()); in the table rounds' splits, where the
 * shortest chain is not safe, a longer one that mixes in ladder steps
 * (nobs_csidh_xmul_chain()); the ladder does the rest and validation.
 * Kernel multiples are generated one at a time and consumed at once, so
 * the working set is the strategy's stack (NOBS_CSIDH_DEPTH pairs) and a
 * few dozen field elements whatever the degree.  Where the field has
 * vector code (NOBS_CSIDH_VEC: CSIDH-512 on x86-64 with AVX-512 IFMA),
 * independent products go four at a time (nobs_fp_mul4()): two points
 * through a chain in lockstep (nobs_csidh_xmul_chains()), and a walk
 * step's products beside the next kernel multiple's; the values and the
 * operation counts are those of the one-at-a-time code.
 *
 * Validation (variable time: the key is public): A < p, A != +-2, then a
 * point of order above 4 sqrt(p) dividing p + 1 proves #E = p + 1 (Hasse),
 * i.e. supersingularity.  Orders are found with a product tree of scalar
 * multiplications.
 */
#if (NOBS_CSIDH_TABLE_PRIMES - NOBS_CSIDH_PRIMES) || \
	(NOBS_CSIDH_TABLE_BOUND - NOBS_CSIDH_MAX_EXPONENT)
#error "the schedule tables are for another parameter set"
#endif

/*
 * The attributes of the two functions with the most field elements on
 * their stack (the kernel walk, the push): a parameter set whose frames
 * there would pass the kernel's frame-size warning once KASAN puts a
 * redzone around each element may leave them uninstrumented.
 */
#ifndef NOBS_CSIDH_WIDE_FRAME
#define NOBS_CSIDH_WIDE_FRAME
#endif

#ifdef NOBS_CSIDH_VALGRIND
#include <valgrind/memcheck.h>
#define nobs_csidh_public(v)	VALGRIND_MAKE_MEM_DEFINED(&(v), sizeof(v))
#else
/* Marks a value derived from secrets that the algorithm may reveal. */
#define nobs_csidh_public(v)	((void)(v))
#endif

struct nobs_csidh_pt {
	struct nobs_fp x;
	struct nobs_fp z;
};

/* A curve as the ladder wants it: (A + 2C : 4C). */
struct nobs_csidh_a24 {
	struct nobs_fp a24;
	struct nobs_fp c24;
};

/*
 * NOBS_CSIDH_VEC: the field has vector code for nobs_fp_mul4() (fp.h), and
 * the parameter set did not opt out (NOBS_CSIDH_NO_VEC); else the pairs'
 * points go one after the other, as four scalar products through
 * nobs_fp_mul4() would gain nothing and cost frame size.
 */
#if defined(NOBS_FP_VEC_NAME) && !defined(NOBS_CSIDH_NO_VEC)
#define NOBS_CSIDH_VEC
#endif

/*
 * Points where the caller may reschedule (env->yield): after each leaf of
 * the group action, and wherever the work since the last one reaches
 * NOBS_CSIDH_YIELD_WORK, counted in field multiplications at public
 * places (a ladder bit, a chain, a kernel multiple), so that where the
 * yields fall depends only on public data.  The budget keeps each stretch
 * under 1 ms natively on the slowest field (the generic C one; measured
 * by tests/user/csidh_latency.c, make bench).  A parameter set may set its
 * own budget.  The hook's non-zero answer (err) stops the operation: every
 * loop below a yield point checks it and ends early, and the entry point
 * returns it with its output zeroed.
 */
#ifndef NOBS_CSIDH_YIELD_WORK
#define NOBS_CSIDH_YIELD_WORK	3072
#endif

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
static void nobs_csidh_yield(struct nobs_csidh_pause *pz)
{
	pz->work = 0;
	if (!pz->err && pz->env && pz->env->yield)
		pz->err = pz->env->yield(pz->env->ctx);
}

/* work muls done; a yield point if the budget is spent; true: stop */
static inline bool nobs_csidh_work(struct nobs_csidh_pause *pz,
				   unsigned long muls)
{
	pz->work += muls;
	if (pz->work >= NOBS_CSIDH_YIELD_WORK)
		nobs_csidh_yield(pz);
	return pz->err;
}

/**
 * struct nobs_csidh_scratch - the registers of the scalar multiplications
 * @reg: the ladder's (r0, r1, d) and a chain's (r0, r1, d, t)
 * @reg2: with vector code, the two-point chain's, each a pair
 * @lane: with vector code, the temporaries of the two-point formulas
 *	(xADD2, xDBL2, xDBLADD2: at most seven pairs)
 * @pz: the operation's yield points
 *
 * In the workspace (struct nobs_csidh_work), not on the stack: none of
 * the functions using a field calls another that uses it.
 */
struct nobs_csidh_scratch {
	struct nobs_csidh_pt reg[4];
#ifdef NOBS_CSIDH_VEC
	struct nobs_csidh_pt reg2[4][2];
	struct nobs_fp lane[7][2];
#endif
	struct nobs_csidh_pause *pz;
};

/* ---- scalars (public) ---------------------------------------------------- */

static void nobs_csidh_scalar_mul_small(u64 k[NOBS_CSIDH_SCALAR_LIMBS], u64 m)
{
	unsigned __int128 acc;
	u64 carry = 0;
	int i;

	for (i = 0; i < NOBS_CSIDH_SCALAR_LIMBS; i++) {
		acc = (unsigned __int128)k[i] * m + carry;
		k[i] = (u64)acc;
		carry = (u64)(acc >> 64);
	}
}

/*
 * k = product of the primes l_j for j in [lo, hi) with flags[j] == want
 * (all of them if flags is NULL)
 */
static void nobs_csidh_scalar_product(u64 k[NOBS_CSIDH_SCALAR_LIMBS],
				      const u8 *flags, u8 want, int lo, int hi)
{
	int j;

	memset(k, 0, NOBS_CSIDH_SCALAR_LIMBS * sizeof(u64));
	k[0] = 1;
	for (j = lo; j < hi; j++)
		if (!flags || flags[j] == want)
			nobs_csidh_scalar_mul_small(k, nobs_csidh_primes[j]);
}

static int nobs_csidh_scalar_bits(const u64 *k, int limbs)
{
	int i;

	for (i = limbs - 1; i >= 0; i--)
		if (k[i])
			return 64 * i + 64 - __builtin_clzll(k[i]);
	return 0;
}

/* ---- x-only Montgomery arithmetic ------------------------------------- */

static void nobs_csidh_to_a24(struct nobs_csidh_a24 *c,
			      const struct nobs_fp *a, const struct nobs_fp *cc)
{
	struct nobs_fp t;

	nobs_fp_add(&t, cc, cc);		/* 2C */
	nobs_fp_add(&c->a24, a, &t);		/* A + 2C */
	nobs_fp_add(&c->c24, &t, &t);		/* 4C */
}

static void nobs_csidh_cswap(struct nobs_csidh_pt *p, struct nobs_csidh_pt *q,
			     u64 bit)
{
	nobs_fp_cswap(&p->x, &q->x, bit);
	nobs_fp_cswap(&p->z, &q->z, bit);
}

static void nobs_csidh_cmov(struct nobs_csidh_pt *r,
			    const struct nobs_csidh_pt *a, u64 bit)
{
	nobs_fp_cmov(&r->x, &a->x, bit);
	nobs_fp_cmov(&r->z, &a->z, bit);
}

/*
 * The end of a differential addition, shared by xADD and xDBLADD: t0 and
 * t1 hold the two cross products of the summands' (X + Z, X - Z), and r
 * becomes their sum given d, the difference; 2M + 2S (inlined: no frame
 * of its own).
 */
static __always_inline void nobs_csidh_xadd_cross(struct nobs_csidh_pt *r,
						  const struct nobs_csidh_pt *d,
						  const struct nobs_fp *t0,
						  const struct nobs_fp *t1)
{
	nobs_fp_add(&r->x, t0, t1);
	nobs_fp_sub(&r->z, t0, t1);
	nobs_fp_sqr(&r->x, &r->x);
	nobs_fp_sqr(&r->z, &r->z);
	nobs_fp_mul(&r->x, &r->x, &d->z);
	nobs_fp_mul(&r->z, &r->z, &d->x);
}

/*
 * The end of a doubling, shared by xDBL and xDBLADD: r holds ((X + Z)^2,
 * (X - Z)^2) and becomes [2] (X : Z); 4M.  t0 and t1 are the caller's
 * temporaries (inlined: no frame of its own).
 */
static __always_inline void nobs_csidh_xdbl_squares(struct nobs_csidh_pt *r,
						    const struct nobs_csidh_a24 *c,
						    struct nobs_fp *t0,
						    struct nobs_fp *t1)
{
	nobs_fp_mul(t0, &c->c24, &r->z);
	nobs_fp_sub(t1, &r->x, &r->z);		/* 4XZ */
	nobs_fp_mul(&r->x, &r->x, t0);
	nobs_fp_mul(&r->z, t1, &c->a24);
	nobs_fp_add(t0, t0, &r->z);
	nobs_fp_mul(&r->z, t1, t0);
}

/*
 * r = [2] p; r may alias p. 4M + 2S.  r holds the squares once p is read:
 * two temporaries in the frame, not three.
 */
static void nobs_csidh_xdbl(struct nobs_csidh_pt *r,
			    const struct nobs_csidh_pt *p,
			    const struct nobs_csidh_a24 *c)
{
	struct nobs_fp t0, t1;

	nobs_fp_sub(&t0, &p->x, &p->z);
	nobs_fp_add(&t1, &p->x, &p->z);
	nobs_fp_sqr(&r->z, &t0);		/* (X - Z)^2 */
	nobs_fp_sqr(&r->x, &t1);		/* (X + Z)^2 */
	nobs_csidh_xdbl_squares(r, c, &t0, &t1);
}

/*
 * One ladder step: r0 = [2] r0, r1 = r0 + r1, given d = r1 - r0 (or
 * r0 - r1), which aliases neither.  8M + 4S.  Each register holds its own
 * sum and difference (X + Z, X - Z) in place, so that the frame has two
 * temporaries, not six: it is the deepest of the action's paths.
 */
static void nobs_csidh_xdbladd(struct nobs_csidh_pt *r0,
			       struct nobs_csidh_pt *r1,
			       const struct nobs_csidh_pt *d,
			       const struct nobs_csidh_a24 *c)
{
	struct nobs_fp t0, t1;

	nobs_fp_add(&t0, &r0->x, &r0->z);
	nobs_fp_sub(&r0->z, &r0->x, &r0->z);
	r0->x = t0;				/* r0 = (s0, d0) */
	nobs_fp_add(&t0, &r1->x, &r1->z);
	nobs_fp_sub(&r1->z, &r1->x, &r1->z);
	r1->x = t0;				/* r1 = (s1, d1) */
	/* r1 = r0 + r1 */
	nobs_fp_mul(&t0, &r0->x, &r1->z);	/* s0 d1 */
	nobs_fp_mul(&t1, &r0->z, &r1->x);	/* d0 s1 */
	nobs_csidh_xadd_cross(r1, d, &t0, &t1);
	/* r0 = [2] r0 */
	nobs_fp_sqr(&r0->x, &r0->x);		/* s0^2 */
	nobs_fp_sqr(&r0->z, &r0->z);		/* d0^2 */
	nobs_csidh_xdbl_squares(r0, c, &t0, &t1);
}

/*
 * r = p + q given d = p - q (or q - p), none at infinity; 4M + 2S.  r may
 * alias p, not q or d: r holds the temporaries once p is read.
 */
static void nobs_csidh_xadd(struct nobs_csidh_pt *r,
			    const struct nobs_csidh_pt *p,
			    const struct nobs_csidh_pt *q,
			    const struct nobs_csidh_pt *d)
{
	struct nobs_fp t0, t1;

	nobs_fp_add(&t0, &p->x, &p->z);
	nobs_fp_sub(&t1, &q->x, &q->z);
	nobs_fp_mul(&t0, &t0, &t1);		/* (Xp + Zp)(Xq - Zq) */
	nobs_fp_sub(&t1, &p->x, &p->z);
	nobs_fp_add(&r->x, &q->x, &q->z);
	nobs_fp_mul(&t1, &t1, &r->x);		/* (Xp - Zp)(Xq + Zq) */
	nobs_csidh_xadd_cross(r, d, &t0, &t1);
}

/*
 * r = [k] p by the Montgomery ladder; r may alias p; reg: its three
 * registers (r0, r1, d).  k is public: its bits choose which register
 * doubles (the point data never steers anything).
 */
static void nobs_csidh_xmul(struct nobs_csidh_pt *r,
			    const struct nobs_csidh_pt *p,
			    const u64 *k, int limbs,
			    const struct nobs_csidh_a24 *c,
			    struct nobs_csidh_pt reg[3],
			    struct nobs_csidh_pause *pz)
{
	struct nobs_csidh_pt *r0 = &reg[0], *r1 = &reg[1], *d = &reg[2];
	int i = nobs_csidh_scalar_bits(k, limbs);

	if (!i) {
		r->x = nobs_fp_one;
		r->z = nobs_fp_zero;
		return;
	}
	*d = *p;
	*r0 = *d;
	nobs_csidh_xdbl(r1, d, c);
	for (i -= 2; i >= 0; i--) {
		if ((k[i / 64] >> (i % 64)) & 1)
			nobs_csidh_xdbladd(r1, r0, d, c);
		else
			nobs_csidh_xdbladd(r0, r1, d, c);
		/* public: the bit's position; xDBLADD is 8 M and S */
		if (pz && !(i % 16) && nobs_csidh_work(pz, 16 * 8))
			break;
	}
	*r = *r0;
}

static void nobs_csidh_xmul_u64(struct nobs_csidh_pt *r,
				const struct nobs_csidh_pt *p, u64 k,
				const struct nobs_csidh_a24 *c,
				struct nobs_csidh_pt reg[3])
{
	nobs_csidh_xmul(r, p, &k, 1, c, reg, NULL);
}

/*
 * r = [m] p by a differential addition chain of the tables (csidh_tune.c):
 * from (a, b) = (1, 2) (xDBL), len steps of w bits each (step s at bits
 * w s ..), the last an xADD to m.  From (a, b), difference b - a:
 *	0: (b, a + b)		xADD; the new difference is a
 *	1: (a, a + b)		xADD; the new difference is b
 *	2: (2a, a + b)		xDBLADD (a ladder step): it stays b - a
 *	3: (a + b, 2b)		xDBLADD: it stays b - a
 * The shortest chains (nobs_csidh_sdac[], w = 1) have only 0 and 1: about
 * 9 operations per bit against the ladder's 12.  The alternatives
 * (nobs_csidh_alt[], w = 2) mix in ladder steps to keep a difference that
 * no wanted prime divides (see nobs_csidh_mul_primes()).  r may alias p.
 * Each xADD needs its difference [b - a] p off infinity: a chain is only
 * used where the order of p cannot divide a difference; otherwise its
 * result would be (0 : 0), which every later step keeps and reads as
 * infinity.  The registers are scr->reg[].
 */
static noinline void
nobs_csidh_xmul_chain(struct nobs_csidh_pt *r, const struct nobs_csidh_pt *p,
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
	nobs_csidh_xdbl(r1, p, c);
	for (s = 0; s < len; s++) {
		code = (steps >> (w * s)) & ((1U << w) - 1);
		/* public (here and below): the chain's steps (the table) */
		if (code == 2) {
			nobs_csidh_xdbladd(r0, r1, d, c);
			continue;
		}
		if (code == 3) {
			nobs_csidh_xdbladd(r1, r0, d, c);
			continue;
		}
		nobs_csidh_xadd(t, r0, r1, d);
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
 * of formulas four at a time (nobs_fp_mul4()/_sqr4(): the AVX-512 IFMA
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
		nobs_fp_mul4(r_, u_, v_, vec);				\
	} while (0)

#define NOBS_CSIDH_SQR4(vec, r0, u0, r1, u1, r2, u2, r3, u3)		\
	do {								\
		r_[0] = r0; u_[0] = u0;					\
		r_[1] = r1; u_[1] = u1;					\
		r_[2] = r2; u_[2] = u2;					\
		r_[3] = r3; u_[3] = u3;					\
		nobs_fp_sqr4(r_, u_, vec);				\
	} while (0)

/*
 * r[i] = p[i] + q[i] given d[i] = p[i] - q[i], i = 0, 1 (as xADD); the
 * temporaries in lane (here and in the next two)
 */
static noinline void nobs_csidh_xadd2(struct nobs_csidh_pt *r,
				      const struct nobs_csidh_pt *p,
				      const struct nobs_csidh_pt *q,
				      const struct nobs_csidh_pt *d,
				      struct nobs_fp (*lane)[2], bool vec)
{
	struct nobs_fp *a = lane[0], *b = lane[1], *e = lane[2], *f = lane[3];
	struct nobs_fp *r_[4];
	const struct nobs_fp *u_[4], *v_[4];
	int i;

	for (i = 0; i < 2; i++) {
		nobs_fp_add(&a[i], &p[i].x, &p[i].z);
		nobs_fp_sub(&b[i], &q[i].x, &q[i].z);
		nobs_fp_sub(&e[i], &p[i].x, &p[i].z);
		nobs_fp_add(&f[i], &q[i].x, &q[i].z);
	}
	/* (Xp + Zp)(Xq - Zq), (Xp - Zp)(Xq + Zq) */
	NOBS_CSIDH_MUL4(vec, &a[0], &a[0], &b[0], &e[0], &e[0], &f[0],
			&a[1], &a[1], &b[1], &e[1], &e[1], &f[1]);
	for (i = 0; i < 2; i++) {
		nobs_fp_add(&b[i], &a[i], &e[i]);
		nobs_fp_sub(&f[i], &a[i], &e[i]);
	}
	NOBS_CSIDH_SQR4(vec, &b[0], &b[0], &f[0], &f[0], &b[1], &b[1],
			&f[1], &f[1]);
	NOBS_CSIDH_MUL4(vec, &r[0].x, &d[0].z, &b[0], &r[0].z, &d[0].x, &f[0],
			&r[1].x, &d[1].z, &b[1], &r[1].z, &d[1].x, &f[1]);
}

/* r[i] = [2] p[i], i = 0, 1 (as xDBL); r may alias p */
static noinline void nobs_csidh_xdbl2(struct nobs_csidh_pt *r,
				      const struct nobs_csidh_pt *p,
				      const struct nobs_csidh_a24 *c,
				      struct nobs_fp (*lane)[2], bool vec)
{
	struct nobs_fp *t0 = lane[0], *t1 = lane[1], *z = lane[2];
	struct nobs_fp *u = lane[3], *v = lane[4];
	struct nobs_fp *r_[4];
	const struct nobs_fp *u_[4], *v_[4];
	int i;

	for (i = 0; i < 2; i++) {
		nobs_fp_sub(&t0[i], &p[i].x, &p[i].z);
		nobs_fp_add(&t1[i], &p[i].x, &p[i].z);
	}
	/* (X - Z)^2, (X + Z)^2 */
	NOBS_CSIDH_SQR4(vec, &t0[0], &t0[0], &t1[0], &t1[0], &t0[1], &t0[1],
			&t1[1], &t1[1]);
	for (i = 0; i < 2; i++)
		nobs_fp_sub(&u[i], &t1[i], &t0[i]);		/* 4XZ */
	NOBS_CSIDH_MUL4(vec, &z[0], &c->c24, &t0[0], &v[0], &c->a24, &u[0],
			&z[1], &c->c24, &t0[1], &v[1], &c->a24, &u[1]);
	for (i = 0; i < 2; i++)
		nobs_fp_add(&v[i], &z[i], &v[i]);
	NOBS_CSIDH_MUL4(vec, &r[0].x, &z[0], &t1[0], &r[0].z, &v[0], &u[0],
			&r[1].x, &z[1], &t1[1], &r[1].z, &v[1], &u[1]);
}

/*
 * One ladder step on each of two points: r0[i] = [2] r0[i], r1[i] =
 * r0[i] + r1[i] given d[i] (as xDBLADD)
 */
static noinline void nobs_csidh_xdbladd2(struct nobs_csidh_pt *r0,
					 struct nobs_csidh_pt *r1,
					 const struct nobs_csidh_pt *d,
					 const struct nobs_csidh_a24 *c,
					 struct nobs_fp (*lane)[2], bool vec)
{
	struct nobs_fp *s0 = lane[0], *d0 = lane[1], *s1 = lane[2];
	struct nobs_fp *d1 = lane[3], *t0 = lane[4], *t1 = lane[5];
	struct nobs_fp *u = lane[6];
	struct nobs_fp *r_[4];
	const struct nobs_fp *u_[4], *v_[4];
	int i;

	for (i = 0; i < 2; i++) {
		nobs_fp_add(&s0[i], &r0[i].x, &r0[i].z);
		nobs_fp_sub(&d0[i], &r0[i].x, &r0[i].z);
		nobs_fp_add(&s1[i], &r1[i].x, &r1[i].z);
		nobs_fp_sub(&d1[i], &r1[i].x, &r1[i].z);
	}
	NOBS_CSIDH_MUL4(vec, &t0[0], &s0[0], &d1[0], &t1[0], &d0[0], &s1[0],
			&t0[1], &s0[1], &d1[1], &t1[1], &d0[1], &s1[1]);
	NOBS_CSIDH_SQR4(vec, &s0[0], &s0[0], &d0[0], &d0[0], &s0[1], &s0[1],
			&d0[1], &d0[1]);
	for (i = 0; i < 2; i++) {
		nobs_fp_add(&s1[i], &t0[i], &t1[i]);
		nobs_fp_sub(&d1[i], &t0[i], &t1[i]);
		nobs_fp_sub(&t1[i], &s0[i], &d0[i]);	/* 4XZ */
	}
	NOBS_CSIDH_SQR4(vec, &s1[0], &s1[0], &d1[0], &d1[0], &s1[1], &s1[1],
			&d1[1], &d1[1]);
	NOBS_CSIDH_MUL4(vec, &t0[0], &c->c24, &d0[0], &u[0], &c->a24, &t1[0],
			&t0[1], &c->c24, &d0[1], &u[1], &c->a24, &t1[1]);
	for (i = 0; i < 2; i++)
		nobs_fp_add(&d0[i], &t0[i], &u[i]);
	NOBS_CSIDH_MUL4(vec, &r1[0].x, &d[0].z, &s1[0], &r1[0].z, &d[0].x,
			&d1[0], &r1[1].x, &d[1].z, &s1[1], &r1[1].z, &d[1].x,
			&d1[1]);
	NOBS_CSIDH_MUL4(vec, &r0[0].x, &t0[0], &s0[0], &r0[0].z, &d0[0],
			&t1[0], &r0[1].x, &t0[1], &s0[1], &r0[1].z, &d0[1],
			&t1[1]);
}

/*
 * *out[i] = [m] *in[i], i = 0, 1, by the same chain as
 * nobs_csidh_xmul_chain(), in lockstep, in one vector section; out[i] may
 * be in[i]
 */
static noinline void
nobs_csidh_xmul_chain2(struct nobs_csidh_pt *const out[2],
		       const struct nobs_csidh_pt *const in[2], u32 steps,
		       int len, int w, const struct nobs_csidh_a24 *c,
		       struct nobs_csidh_scratch *scr)
{
	struct nobs_csidh_pt *r0 = scr->reg2[0], *r1 = scr->reg2[1];
	struct nobs_csidh_pt *d = scr->reg2[2], *t = scr->reg2[3];
	struct nobs_fp (*lane)[2] = scr->lane;
	const size_t sz = sizeof(scr->reg2[0]);
	bool vec = nobs_fp_vec_begin();
	u32 code;
	int s;

	r0[0] = *in[0];
	r0[1] = *in[1];
	memcpy(d, r0, sz);
	nobs_csidh_xdbl2(r1, r0, c, lane, vec);
	for (s = 0; s < len; s++) {
		code = (steps >> (w * s)) & ((1U << w) - 1);
		/* public (here and below): the chain's steps (the table) */
		if (code == 2) {
			nobs_csidh_xdbladd2(r0, r1, d, c, lane, vec);
			continue;
		}
		if (code == 3) {
			nobs_csidh_xdbladd2(r1, r0, d, c, lane, vec);
			continue;
		}
		nobs_csidh_xadd2(t, r0, r1, d, lane, vec);
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
nobs_csidh_xmul_prime(struct nobs_csidh_pt *r, const struct nobs_csidh_pt *p,
		      int i, const struct nobs_csidh_a24 *c,
		      struct nobs_csidh_scratch *scr)
{
	nobs_csidh_xmul_chain(r, p, nobs_csidh_sdac[i], nobs_csidh_sdac_len[i],
			      1, c, scr);
}

/*
 * *out[i] = [m] *in[i], i < n, by the chain of nobs_csidh_xmul_chain(), two
 * points at a time in lockstep where the field has vector code
 * (nobs_csidh_xmul_chain2()); out[i] may be in[i]
 */
static void nobs_csidh_xmul_chains(struct nobs_csidh_pt *const *out,
				   const struct nobs_csidh_pt *const *in,
				   int n, u32 steps, int len, int w,
				   const struct nobs_csidh_a24 *c,
				   struct nobs_csidh_scratch *scr)
{
	int i = 0;

#ifdef NOBS_CSIDH_VEC
	/* public (here and below): n, the caller's shape */
	for (; i + 1 < n; i += 2)
		nobs_csidh_xmul_chain2(out + i, in + i, steps, len, w, c, scr);
#endif
	for (; i < n; i++)
		nobs_csidh_xmul_chain(out[i], in[i], steps, len, w, c, scr);
}

/* *out[i] = [l_p] *in[i], i < n, by the prime's shortest chain */
static void nobs_csidh_xmul_prime_n(struct nobs_csidh_pt *const *out,
				    const struct nobs_csidh_pt *const *in,
				    int n, int p,
				    const struct nobs_csidh_a24 *c,
				    struct nobs_csidh_scratch *scr)
{
	nobs_csidh_xmul_chains(out, in, n, nobs_csidh_sdac[p],
			       nobs_csidh_sdac_len[p], 1, c, scr);
	/* public: the prime and n */
	nobs_csidh_work(scr->pz, 8UL * n * nobs_csidh_sdac_len[p]);
}

/* whether no prime of the mask bad is in the mask want */
static bool nobs_csidh_avoids(const u64 bad[NOBS_CSIDH_MASK_WORDS],
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
static int nobs_csidh_chain_for(int i, const u64 want[NOBS_CSIDH_MASK_WORDS],
				bool alt)
{
	int a;

	if (nobs_csidh_avoids(nobs_csidh_sdac_bad[i], want))
		return 1;
	for (a = nobs_csidh_alt_first[i];
	     alt && a < nobs_csidh_alt_first[i + 1]; a++)
		if (nobs_csidh_avoids(nobs_csidh_alt_bad[a], want))
			return 2 + a - nobs_csidh_alt_first[i];
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
 * wanted prime (nobs_csidh_sdac_bad[]) take, in a table round's split
 * (alt), the first alternative chain that has none
 * (nobs_csidh_chain_for()); those left go first, together in one ladder;
 * the others follow by their chains in ascending order.  The choices read
 * the tables and the public want only.  bulk: a table round's cofactor
 * (want is a whole batch), every prime by its shortest chain, which fails
 * only if all but a few of the batch's components of the point are
 * trivial: below 2^-64 per action, the tables say how far.
 */
static void nobs_csidh_mul_primes(struct nobs_csidh_pt *pts, int n,
				  const u8 *r, int nr,
				  const u64 want[NOBS_CSIDH_MASK_WORDS],
				  bool bulk, bool alt,
				  const struct nobs_csidh_a24 *c,
				  struct nobs_csidh_scratch *scr)
{
	u64 k[NOBS_CSIDH_SCALAR_LIMBS], ladder = 0;
	struct nobs_csidh_pt *out[2];
	const struct nobs_csidh_pt *in[2];
	u8 chain[NOBS_CSIDH_PRIMES];
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
		chain[j] = bulk ? 1 : (u8)nobs_csidh_chain_for(r[j], want, alt);
		/* public: the table and the round's primes */
		if (!chain[j]) {
			nobs_csidh_scalar_mul_small(k, nobs_csidh_primes[r[j]]);
			ladder = 1;
		}
	}
	for (i = 0; ladder && i < n; i++)
		nobs_csidh_xmul(&pts[i], &pts[i], k, NOBS_CSIDH_SCALAR_LIMBS, c,
				scr->reg, scr->pz);
	for (j = 0; j < nr; j++) {
		if (chain[j] == 1) {
			steps = nobs_csidh_sdac[r[j]];
			len = nobs_csidh_sdac_len[r[j]];
			w = 1;
		} else if (chain[j]) {
			a = nobs_csidh_alt_first[r[j]] + chain[j] - 2;
			steps = nobs_csidh_alt[a];
			len = nobs_csidh_alt_len[a];
			w = 2;
		} else {
			continue;	/* in the ladder above */
		}
		nobs_csidh_xmul_chains(out, in, n, steps, len, w, c, scr);
		/* public: the chain's length; a step is at most 8 M and S */
		if (nobs_csidh_work(scr->pz, (unsigned long)(8 * n * len)))
			break;
	}
}

/* the mask of the primes idx[lo .. hi] */
static void nobs_csidh_mask_of(u64 m[NOBS_CSIDH_MASK_WORDS], const u8 *idx,
			       int lo, int hi)
{
	int j;

	memset(m, 0, NOBS_CSIDH_MASK_WORDS * sizeof(u64));
	for (j = lo; j <= hi; j++)
		m[idx[j] / 64] |= 1ULL << (idx[j] % 64);
}

/* ---- isogenies ----------------------------------------------------------- */

/*
 * Accumulator for the image of one point under an isogeny (Costello-Hisil):
 * with s_j = Xj + Zj, d_j = Xj - Zj over the kernel points,
 * ax = prod ((X - Z) s_j + (X + Z) d_j), az = prod ((X - Z) s_j - (X + Z) d_j)
 * and the image is (X ax^2 : Z az^2).  The point itself is held as
 * (X + Z, X - Z) during the walk (nobs_csidh_sd()), so that the walk's
 * frame needs only the two products per point.
 */
struct nobs_csidh_eval {
	struct nobs_fp ax;
	struct nobs_fp az;
};

/*
 * p = (X + Z, X - Z) in place; twice is (2 X, 2 Z), the same point
 * (projectively)
 */
static void nobs_csidh_sd(struct nobs_csidh_pt *p)
{
	struct nobs_fp t = p->x;

	nobs_fp_add(&p->x, &t, &p->z);
	nobs_fp_sub(&p->z, &t, &p->z);
	memzero_explicit(&t, sizeof(t));
}

/* r = a^l for a public small exponent l */
static void nobs_csidh_pow_small(struct nobs_fp *r, const struct nobs_fp *a,
				 unsigned int l)
{
	struct nobs_fp acc = *a;
	int i = 31 - __builtin_clz(l);

	for (i--; i >= 0; i--) {
		nobs_fp_sqr(&acc, &acc);
		if ((l >> i) & 1)
			nobs_fp_mul(&acc, &acc, a);
	}
	*r = acc;
}

/*
 * The kernel walks' scalar ends, out of their frames: kj = [2] k and its
 * sums s, d; lk = [l] k from kj = [h] k and kprev = [h - 1] k, h = (l - 1)
 * / 2: [h + 1] k, then [2h + 1] k
 */
static noinline void nobs_csidh_walk_double(struct nobs_csidh_pt *kj,
					    struct nobs_fp *s, struct nobs_fp *d,
					    const struct nobs_csidh_pt *k,
					    const struct nobs_csidh_a24 *c)
{
	nobs_csidh_xdbl(kj, k, c);
	nobs_fp_add(s, &kj->x, &kj->z);
	nobs_fp_sub(d, &kj->x, &kj->z);
}

static noinline void nobs_csidh_walk_lk(struct nobs_csidh_pt *lk,
					const struct nobs_csidh_pt *kj,
					const struct nobs_csidh_pt *kprev,
					const struct nobs_csidh_pt *k,
					unsigned int l,
					const struct nobs_csidh_a24 *c)
{
	/* public: l */
	if (l == 3)
		nobs_csidh_xdbl(lk, k, c);
	else
		nobs_csidh_xadd(lk, kj, k, kprev);
	nobs_csidh_xadd(lk, lk, kj, k);
}

/* with vector code: the kernel walk's pending products (see there) */
#define NOBS_CSIDH_VEC_PENDING	3

/**
 * struct nobs_csidh_walk - the kernel walk's working values
 * @kj: the current kernel multiple [j] k
 * @kprev: the one before, [j - 1] k
 * @kn: with vector code, the next one
 * @s: X + Z of @kj
 * @d: X - Z of @kj
 * @sn: X + Z of the next multiple
 * @dn: X - Z of the next multiple
 * @sk: X + Z of k
 * @dk: X - Z of k
 * @t0: a temporary
 * @t1: a temporary
 * @t2: a temporary
 * @pa: with vector code, the pending images' first products
 * @pb: their second products
 * @pz: the operation's yield points
 */
struct nobs_csidh_walk {
	struct nobs_csidh_pause *pz;
	struct nobs_csidh_pt kj, kprev;
	struct nobs_fp s, d, sk, dk, t0, t1, t2;
#ifdef NOBS_CSIDH_VEC
	struct nobs_csidh_pt kn;
	struct nobs_fp sn, dn;
	struct nobs_fp pa[NOBS_CSIDH_VEC_PENDING], pb[NOBS_CSIDH_VEC_PENDING];
#endif
};

#ifdef NOBS_CSIDH_VEC
/*
 * Kernel multiples between two ends of the vector walk's section (the
 * kernel's preemption points, and the walk's yield points): 32 multiples
 * with the most points a push carries take about 20 us on an AMD EPYC
 * (Zen 4) with IFMA, the longest section of any operation
 * (tests/user/csidh_latency.c), under the 50 us a section may take.
 */
#define NOBS_CSIDH_VEC_WALK	32

/* two products r[i] = a[i] b[i] (the same pointers: a square) */
struct nobs_csidh_unit {
	struct nobs_fp *r[2];
	const struct nobs_fp *a[2], *b[2];
};

static void nobs_csidh_unit(struct nobs_csidh_unit *u,
			    struct nobs_fp *r0, const struct nobs_fp *a0,
			    const struct nobs_fp *b0, struct nobs_fp *r1,
			    const struct nobs_fp *a1, const struct nobs_fp *b1)
{
	u->r[0] = r0;
	u->a[0] = a0;
	u->b[0] = b0;
	u->r[1] = r1;
	u->a[1] = a1;
	u->b[1] = b1;
}

/* one or two units: four lanes, or two scalar products */
static noinline void nobs_csidh_units(const struct nobs_csidh_unit *u,
				      int nu, bool vec)
{
	struct nobs_fp *r[4];
	const struct nobs_fp *a[4], *b[4];
	int i;

	/* public (here and below): the schedule, from n and the table */
	if (nu == 2) {
		for (i = 0; i < 4; i++) {
			r[i] = u[i / 2].r[i % 2];
			a[i] = u[i / 2].a[i % 2];
			b[i] = u[i / 2].b[i % 2];
		}
		nobs_fp_mul4(r, a, b, vec);
		return;
	}
	for (i = 0; i < 2; i++)
		nobs_fp_mul_or_sqr(u->r[i], u->a[i], u->b[i]);
}

/*
 * nobs_csidh_kernel_walk() with its products two by two in four lanes:
 * the same values, operations and counts, in another order.  Step j
 * computes the images' and the codomain's products of the multiple [j] k
 * and, beside them, the next multiple [j + 1] k (three dependent pairs of
 * products: (s dk, d sk), their squares, times the difference's
 * coordinates), so that every call but a few carries four products.
 * Units, each two products: K (the next multiple's stage), P1 of point i
 * ((X - Z) s, (X + Z) d), P2 of point i (both accumulators; after its P1),
 * C (ps, pd).  Each call takes the K stage due, then P2s ready, then P1s,
 * then C.  In a vector section, ended and reopened every
 * NOBS_CSIDH_VEC_WALK multiples.
 *
 * At most two points have their first products done and their
 * accumulators not (a call with a K stage takes one P unit; one without
 * takes P2s first), so their products live in a ring of three (pa, pb):
 * a call's P1 never writes the slot its P2 reads.  A P2's sums go through
 * t0, K1's output, which is free then: a K2 in the same call has read it
 * already, a K1 in the same call writes it after.
 */
static noinline NOBS_CSIDH_WIDE_FRAME
void nobs_csidh_kernel_walk(struct nobs_fp *ps,
			    struct nobs_fp *pd,
			    struct nobs_csidh_eval *ev,
			    struct nobs_csidh_pt *const *pts,
			    int n,
			    const struct nobs_csidh_pt *k,
			    unsigned int l,
			    const struct nobs_csidh_a24 *c,
			    struct nobs_csidh_pt *lk,
			    struct nobs_csidh_walk *w)
{
	struct nobs_csidh_unit u[2];
	unsigned int j, h = (l - 1) / 2;
	int i, nu, kst, p1, p1done, p2, x;
	bool vec = nobs_fp_vec_begin(), cod;

	for (i = 0; i < n; i++) {
		ev[i].ax = nobs_fp_one;
		ev[i].az = nobs_fp_one;
	}
	if (ps) {
		*ps = nobs_fp_one;
		*pd = nobs_fp_one;
	}
	w->kj = *k;
	w->kprev = *k;
	nobs_fp_add(&w->sk, &k->x, &k->z);
	nobs_fp_sub(&w->dk, &k->x, &k->z);
	w->s = w->sk;
	w->d = w->dk;
	w->sn = w->s;
	w->dn = w->d;
	for (j = 1; j <= h; j++) {
		/* public (here and below): j, h, n, ps: the table's shape */
		/* public: j, n, ps */
		if (!(j % NOBS_CSIDH_VEC_WALK)) {
			if (vec)
				nobs_fp_vec_end();
			vec = false;
			if (nobs_csidh_work(w->pz, NOBS_CSIDH_VEC_WALK *
					    (8UL + 4 * n)))
				break;
			vec = nobs_fp_vec_begin();
		}
		/* kst: the next multiple's stage due (1-3), 0 none */
		kst = j < h && j > 1 ? 1 : 0;
		if (j == 1 && h > 1)
			nobs_csidh_walk_double(&w->kj, &w->sn, &w->dn, k, c);
		cod = ps != NULL;
		p1 = 0;
		p1done = 0;
		p2 = 0;
		while (kst || p2 < n || cod) {
			nu = 0;
			if (kst == 1)
				nobs_csidh_unit(&u[nu++], &w->t0, &w->s, &w->dk, &w->t1, &w->d,
						&w->sk);
			if (kst == 2) {
				/* [j + 1] k = [j] k + k, difference [j - 1] k */
				nobs_fp_add(&w->sn, &w->t0, &w->t1);
				nobs_fp_sub(&w->dn, &w->t0, &w->t1);
				nobs_csidh_unit(&u[nu++], &w->sn, &w->sn, &w->sn, &w->dn, &w->dn,
						&w->dn);
			}
			if (kst == 3)
				nobs_csidh_unit(&u[nu++], &w->kn.x, &w->kprev.z, &w->sn,
						&w->kn.z, &w->kprev.x, &w->dn);
			while (nu < 2 && p2 < p1done) {
				/* t0: K1's output, free here (see above) */
				x = p2 % NOBS_CSIDH_VEC_PENDING;
				nobs_fp_add(&w->t0, &w->pa[x], &w->pb[x]);
				nobs_fp_sub(&w->pb[x], &w->pa[x], &w->pb[x]);
				w->pa[x] = w->t0;
				nobs_csidh_unit(&u[nu++], &ev[p2].ax, &ev[p2].ax,
						&w->pa[x], &ev[p2].az, &ev[p2].az,
						&w->pb[x]);
				p2++;
			}
			while (nu < 2 && p1 < n) {
				/* (X - Z) s_j, (X + Z) d_j */
				x = p1 % NOBS_CSIDH_VEC_PENDING;
				nobs_csidh_unit(&u[nu++], &w->pa[x], &pts[p1]->z,
						&w->s, &w->pb[x], &pts[p1]->x, &w->d);
				p1++;
			}
			if (nu < 2 && cod) {
				nobs_csidh_unit(&u[nu++], ps, ps, &w->s, pd, pd, &w->d);
				cod = false;
			}
			nobs_csidh_units(u, nu, vec);
			p1done = p1;
			if (kst == 3) {
				w->kprev = w->kj;
				w->kj = w->kn;
				nobs_fp_add(&w->sn, &w->kj.x, &w->kj.z);
				nobs_fp_sub(&w->dn, &w->kj.x, &w->kj.z);
				kst = 0;
			} else if (kst) {
				kst++;
			}
		}
		w->s = w->sn;
		w->d = w->dn;
	}
	if (vec)
		nobs_fp_vec_end();
	if (lk)
		nobs_csidh_walk_lk(lk, &w->kj, &w->kprev, k, l, c);
}
#else /* !NOBS_CSIDH_VEC */

/*
 * Walk the kernel points [j] k, j = 1 .. (l - 1) / 2, one at a time (xDBL,
 * then differential additions: 6 per point), folding each into the images
 * of the n points pts[] (4 per point and kernel point; each given as
 * (X + Z, X - Z), see nobs_csidh_sd()) and, if ps and pd
 * are given, into the codomain products prod s_j, prod d_j (2 more).
 * Nothing of the kernel is stored, so the frame stays small whatever l.
 * If lk is given, it gets [l] k from the last two multiples (two more
 * differential additions): right when no [j] k, j <= (l + 1) / 2, is at
 * infinity, i.e. when every prime in the order of k is at least l (or k
 * is at infinity: then so is lk, with Z = 0).
 */
static noinline NOBS_CSIDH_WIDE_FRAME
void nobs_csidh_kernel_walk(struct nobs_fp *ps,
			    struct nobs_fp *pd,
			    struct nobs_csidh_eval *ev,
			    struct nobs_csidh_pt *const *pts,
			    int n,
			    const struct nobs_csidh_pt *k,
			    unsigned int l,
			    const struct nobs_csidh_a24 *c,
			    struct nobs_csidh_pt *lk,
			    struct nobs_csidh_walk *w)
{
	unsigned int j;
	int i;

	for (i = 0; i < n; i++) {
		ev[i].ax = nobs_fp_one;
		ev[i].az = nobs_fp_one;
	}
	if (ps) {
		*ps = nobs_fp_one;
		*pd = nobs_fp_one;
	}
	w->kj = *k;
	w->kprev = *k;
	nobs_fp_add(&w->sk, &k->x, &k->z);
	nobs_fp_sub(&w->dk, &k->x, &k->z);
	w->s = w->sk;
	w->d = w->dk;
	for (j = 1; j <= (l - 1) / 2; j++) {
		if (j == 2) {
			nobs_csidh_walk_double(&w->kj, &w->s, &w->d, k, c);
		} else if (j > 2) {
			/* [j] k = [j - 1] k + k, difference [j - 2] k */
			nobs_fp_mul(&w->t0, &w->s, &w->dk);
			nobs_fp_mul(&w->t1, &w->d, &w->sk);
			nobs_fp_add(&w->s, &w->t0, &w->t1);
			nobs_fp_sub(&w->d, &w->t0, &w->t1);
			nobs_fp_sqr(&w->s, &w->s);
			nobs_fp_sqr(&w->d, &w->d);
			nobs_fp_mul(&w->t0, &w->kprev.z, &w->s);
			nobs_fp_mul(&w->t1, &w->kprev.x, &w->d);
			w->kprev = w->kj;
			w->kj.x = w->t0;
			w->kj.z = w->t1;
			nobs_fp_add(&w->s, &w->kj.x, &w->kj.z);
			nobs_fp_sub(&w->d, &w->kj.x, &w->kj.z);
		}
		if (ps) {
			nobs_fp_mul(ps, ps, &w->s);
			nobs_fp_mul(pd, pd, &w->d);
		}
		for (i = 0; i < n; i++) {
			/* (X - Z) s_j, (X + Z) d_j */
			nobs_fp_mul(&w->t0, &pts[i]->z, &w->s);
			nobs_fp_mul(&w->t1, &pts[i]->x, &w->d);
			nobs_fp_add(&w->t2, &w->t0, &w->t1);
			nobs_fp_mul(&ev[i].ax, &ev[i].ax, &w->t2);
			nobs_fp_sub(&w->t2, &w->t0, &w->t1);
			nobs_fp_mul(&ev[i].az, &ev[i].az, &w->t2);
		}
		/* public: n, ps */
		if (nobs_csidh_work(w->pz, 8UL + 4 * n))
			break;
	}
	if (lk)
		nobs_csidh_walk_lk(lk, &w->kj, &w->kprev, k, l, c);
}
#endif /* NOBS_CSIDH_VEC */

/* r = image of p: (X * ax^2 : Z * az^2); r may alias p. */
static noinline void
nobs_csidh_eval_finish(struct nobs_csidh_pt *r, const struct nobs_csidh_pt *p,
		       struct nobs_csidh_eval *ev)
{
	nobs_fp_sqr(&ev->ax, &ev->ax);
	nobs_fp_sqr(&ev->az, &ev->az);
	nobs_fp_mul(&r->x, &p->x, &ev->ax);
	nobs_fp_mul(&r->z, &p->z, &ev->az);
}

/* ---- the group action ---------------------------------------------------- */

/*
 * A point pair (OAYT): p[0] on E (its order divides p + 1 in E), p[1] on
 * the twist.  Positive exponents take kernels from p[0], negative ones from
 * p[1]; each pair is swapped on the sign (a mask) before use.
 */
struct nobs_csidh_pair {
	struct nobs_csidh_pt p[2];
};

/**
 * struct nobs_csidh_state - the group action's workspace
 *
 * Everything the action keeps beyond a few words per frame: the caller's
 * struct nobs_csidh_ws (csidh.h), so that the action's stack stays
 * shallow (at most 2 KiB on every architecture, scripts/stack-depth.py).
 * Each field belongs to one function (named), which no function using
 * the same field calls.  Wiped when the operation ends.
 *
 * @a: curve coefficient A (projective numerator)
 * @c: curve coefficient C (projective denominator)
 * @st: the strategy's stack of point pairs; st[0] is the round's pair
 * @lo: first leaf of each stack entry's segment of the round's primes
 * @hi: last leaf of it
 * @lone: the entry is one leaf's point, already on the side of that leaf's
 *	sign (p[0]; p[1] is not used): a lone leaf split off at the top, or a
 *	pending entry whose segment is down to one leaf
 * @side: for a lone entry, its leaf's sign (secret, 1 for the twist)
 * @lkx: with vector code, [l] p[0] of the pending pairs above pair 0,
 *	made before a step's walk (nobs_csidh_push_mul())
 * @e: the private key's exponents (the entry points)
 * @done: steps done per prime (nobs_csidh_rounds(), public)
 * @idx: the stragglers' primes (nobs_csidh_rounds(), public)
 * @cur: the curve as the ladder wants it (the step, the leaf, the split,
 *	the cofactor clearing)
 * @k: the leaf's kernel point
 * @kd: the step's kernel (or pair 0's point for a dummy step)
 * @ps: the step's codomain product of the X + Z
 * @pd: the step's codomain product of the X - Z
 * @ev: the push's image accumulators
 * @lk: the push's [l] p[0]
 * @im: the push's image of a point
 * @walk: the kernel walk's values
 * @scr: the scalar multiplications' registers
 * @out: the points the push's or a failed leaf's [l] multiplications
 *	write (nobs_csidh_push_mul(), nobs_csidh_leaf())
 * @in: the points they read
 * @pts: the points the push evaluates
 * @pause: the operation's yield points (nobs_csidh_action())
 */
struct nobs_csidh_state {
	struct nobs_fp a;
	struct nobs_fp c;
	struct nobs_csidh_pair st[NOBS_CSIDH_DEPTH];
	u8 lo[NOBS_CSIDH_DEPTH];
	u8 hi[NOBS_CSIDH_DEPTH];
	u8 lone[NOBS_CSIDH_DEPTH];
	u64 side[NOBS_CSIDH_DEPTH];
#ifdef NOBS_CSIDH_VEC
	struct nobs_csidh_pt lkx[NOBS_CSIDH_DEPTH];
#endif
	s8 e[NOBS_CSIDH_PRIMES];
	u8 done[NOBS_CSIDH_PRIMES], idx[NOBS_CSIDH_PRIMES];
	struct nobs_csidh_a24 cur;
	struct nobs_csidh_pt k, kd;
	struct nobs_fp ps, pd;
	struct nobs_csidh_eval ev[2 * (NOBS_CSIDH_DEPTH - 1)];
	struct nobs_csidh_pt lk, im;
	struct nobs_csidh_walk walk;
	struct nobs_csidh_scratch scr;
	struct nobs_csidh_pt *out[2 * NOBS_CSIDH_DEPTH];
	const struct nobs_csidh_pt *in[2 * NOBS_CSIDH_DEPTH];
	struct nobs_csidh_pt *pts[2 * (NOBS_CSIDH_DEPTH - 1)];
	struct nobs_csidh_pause pause;
};

/*
 * The [l] multiplications of nobs_csidh_push() before the walk, by the
 * prime's chain (nobs_csidh_xmul_prime_n(): two points at a time with
 * vector code): a lone entry's p[1] = [l] p[0], a pair's p[1] = [l] p[1]
 * and, with vector code, above pair 0, st->lkx[i] = [l] p[0] (the walk's
 * points are the same, projectively, before and after it: the same [l];
 * without, the push makes those after the walk, and the state has no room
 * for them).
 */
static noinline void nobs_csidh_push_mul(struct nobs_csidh_state *st,
					 int top, int li,
					 const struct nobs_csidh_a24 *c)
{
	struct nobs_csidh_pt **out = st->out;
	const struct nobs_csidh_pt **in = st->in;
	int i, nj = 0;

	for (i = 0; i < top; i++) {
		struct nobs_csidh_pair *pr = &st->st[i];

		/* public (here and below): the table's shape */
		if (st->lone[i]) {
			out[nj] = &pr->p[1];
			in[nj++] = &pr->p[0];
			continue;
		}
		out[nj] = &pr->p[1];
		in[nj++] = &pr->p[1];
#ifdef NOBS_CSIDH_VEC
		if (i) {
			out[nj] = &st->lkx[i];
			in[nj++] = &pr->p[0];
		}
#endif
	}
	nobs_csidh_xmul_prime_n(out, in, nj, li, c, &st->scr);
}

/*
 * The pending entries st->st[0 .. top) through the step of degree l with
 * kernel k (every pair already swapped so that index 0 is the sign's
 * side), all in one walk over the kernel multiples, which also computes
 * the codomain products ps, pd.  Pair: real: p[0] -> phi(p[0]),
 * p[1] -> phi([l] p[1]); dummy: both -> [l] p.  Lone entry (one point P,
 * its leaf's side): Q = [l] P; real: phi(P) if P is on the kernel's side
 * (its l-part is in the kernel), else phi(Q); dummy: Q.  Both are
 * computed; real (a mask) keeps one.  [l] by the chain is safe on
 * pending points: their orders have no prime below l (leaves ascend),
 * and the chain's differences are below l.
 *
 * Dummy steps take [l] p[0] of pair 0 from the kernel walk (Cervantes-
 * Vazquez et al., eprint 2019/837): the caller passes k = p[0] of pair 0
 * then (a mask), whose multiples are as good as any kernel's for the
 * evaluations that a dummy step throws away.  Pair 0 (the round's pair)
 * only has torsion of the leaves not yet done, and leaves run in
 * ascending order of the primes (the tables and the straggler rounds are
 * built so), so none of its multiples up to [(l + 1) / 2] is at infinity
 * (unless the point is: then [l] p[0] has Z = 0 too, as by the chain).
 * The pairs above it (at most NOBS_CSIDH_DEPTH - 2) get theirs by the
 * chain.
 *
 * The evaluated points are held as (X + Z, X - Z) during the walk and
 * come back as (2 X, 2 Z): the frame keeps two products per point, not
 * four, for up to 2 (NOBS_CSIDH_DEPTH - 1) points.
 */
static noinline NOBS_CSIDH_WIDE_FRAME
void nobs_csidh_push(struct nobs_csidh_state *st, int top,
		     const struct nobs_csidh_pt *k,
		     int li, u64 sign, u64 real,
		     const struct nobs_csidh_a24 *c,
		     struct nobs_fp *ps, struct nobs_fp *pd)
{
	struct nobs_csidh_eval *ev = st->ev;
	struct nobs_csidh_pt **pts = st->pts;
	struct nobs_csidh_pt *lk = &st->lk, *im = &st->im;
	unsigned int l = nobs_csidh_primes[li];
	int i, n = 0;
	u64 flip = 0;

	nobs_csidh_push_mul(st, top, li, c);

	for (i = 0; i < top; i++) {
		struct nobs_csidh_pair *pr = &st->st[i];

		/*
		 * public (here and below): which entries are lone (the
		 * table's shape).  A lone entry's p[1] (unused) got
		 * Q = [l] P (nobs_csidh_push_mul()); the point evaluated
		 * goes to p[0].
		 */
		if (st->lone[i]) {
			flip = st->side[i] ^ sign;
			nobs_csidh_cswap(&pr->p[0], &pr->p[1], flip);
			pts[n++] = &pr->p[0];
		} else {
			pts[n++] = &pr->p[0];
			pts[n++] = &pr->p[1];
		}
	}
	for (i = 0; i < n; i++)
		nobs_csidh_sd(pts[i]);
	/* public: whether entry 0 is a pair (the table's shape) */
	nobs_csidh_kernel_walk(ps, pd, ev, pts, n, k, l, c,
			       top && !st->lone[0] ? lk : NULL, &st->walk);
	for (i = 0; i < n; i++)
		nobs_csidh_sd(pts[i]);
	for (i = 0, n = 0; i < top; i++) {
		struct nobs_csidh_pair *pr = &st->st[i];

		if (st->lone[i]) {
			nobs_csidh_eval_finish(im, &pr->p[0], &ev[n++]);
			flip = st->side[i] ^ sign;
			nobs_csidh_cswap(&pr->p[0], &pr->p[1], flip);
			pr->p[0] = pr->p[1];
			nobs_csidh_cmov(&pr->p[0], im, real);
			continue;
		}
		/* public: only pair 0 got [l] p[0] from the walk */
#ifdef NOBS_CSIDH_VEC
		if (i)
			*lk = st->lkx[i];
#else
		if (i)
			nobs_csidh_xmul_prime(lk, &pr->p[0], li, c, &st->scr);
#endif
		nobs_csidh_eval_finish(im, &pr->p[0], &ev[n++]);
		nobs_csidh_cmov(lk, im, real);
		pr->p[0] = *lk;
		nobs_csidh_eval_finish(im, &pr->p[1], &ev[n++]);
		nobs_csidh_cmov(&pr->p[1], im, real);
	}
	memzero_explicit(&flip, sizeof(flip));
#ifdef NOBS_CSIDH_VEC
	memzero_explicit(st->lkx, sizeof(st->lkx));
#endif
}

/*
 * One step for prime l_i with kernel k (of order exactly l): pushes the
 * pending pairs st->st[0 .. top) and, if real (a mask), moves the curve
 * to the codomain.  Same operations for a real and a dummy step.
 * Codomain through the twisted Edwards model (Meyer-Reith):
 * a' = a^l ps^8, d' = d^l pd^8 with a = A + 2C, d = A - 2C.
 */
/*
 * The codomain from the products ps, pd (overwritten) on the curve c
 * (a = A + 2C, d = A - 2C): a' = a^l ps^8, d' = d^l pd^8; the curve
 * becomes A' = 2 (a' + d'), C' = a' - d' if real (a mask).  Its own frame,
 * not live during the push (the deepest part of the action).
 */
static noinline void nobs_csidh_codomain(struct nobs_csidh_state *st,
					 const struct nobs_csidh_a24 *c,
					 struct nobs_fp *ps, struct nobs_fp *pd,
					 unsigned int l, u64 real)
{
	struct nobs_fp s, d, t;
	int i;

	for (i = 0; i < 3; i++) {
		nobs_fp_sqr(ps, ps);
		nobs_fp_sqr(pd, pd);
	}
	nobs_fp_sub(&t, &c->a24, &c->c24);	/* A - 2C */
	nobs_csidh_pow_small(&s, &c->a24, l);
	nobs_csidh_pow_small(&d, &t, l);
	nobs_fp_mul(&s, &s, ps);
	nobs_fp_mul(&d, &d, pd);
	nobs_fp_add(&t, &s, &d);
	nobs_fp_add(&t, &t, &t);
	nobs_fp_cmov(&st->a, &t, real);
	nobs_fp_sub(&t, &s, &d);
	nobs_fp_cmov(&st->c, &t, real);
	memzero_explicit(&s, sizeof(s));
	memzero_explicit(&d, sizeof(d));
	memzero_explicit(&t, sizeof(t));
}

static __always_inline void nobs_csidh_step(struct nobs_csidh_state *st,
					    int top,
				     const struct nobs_csidh_pt *k,
				     int li, u64 sign, u64 real)
{
	unsigned int l = nobs_csidh_primes[li];

	nobs_csidh_to_a24(&st->cur, &st->a, &st->c);
	st->kd = *k;
	/* public: whether there is a pair 0 (the table's stack depth) */
	if (top)
		nobs_csidh_cmov(&st->kd, &st->st[0].p[0], real ^ 1);
	nobs_csidh_push(st, top, &st->kd, li, sign, real, &st->cur, &st->ps,
			&st->pd);
	nobs_csidh_codomain(st, &st->cur, &st->ps, &st->pd, l, real);
}

/*
 * Elligator 2 (as in Meyer-Campos-Reith): for a public random u with
 * u^2 != 1, x1 = A / (C (u^2 - 1)) and x2 = -x1 - A/C lie one on E and one
 * on its twist (f(x2) = -u^2 f(x1) and -1 is not a square).  For A = 0,
 * x1 = u and x2 = -u.  pr->p[0] gets the one on E, pr->p[1] the other, by a
 * branch-free swap.
 */
static noinline void nobs_csidh_sample(struct nobs_csidh_pair *pr,
				       const struct nobs_fp *a,
				       const struct nobs_fp *c,
				       const struct nobs_csidh_env *env)
{
	struct nobs_fp u, u2, w, t, zero_u;
	u8 buf[NOBS_FP_BYTES];
	u64 bit;

	/* public: rejects u by its (random, key-independent) value only */
	for (;;) {
		env->random(env->ctx, buf, sizeof(buf));
		buf[NOBS_FP_BYTES - 1] &= NOBS_CSIDH_SAMPLE_MASK;
		if (nobs_fp_from_bytes(&u, buf))
			continue;
		nobs_fp_sqr(&u2, &u);
		nobs_fp_sub(&t, &u2, &nobs_fp_one);	/* u^2 - 1 */
		if (!nobs_fp_is_zero(&u) && !nobs_fp_is_zero(&t))
			break;
	}
	memzero_explicit(buf, sizeof(buf));

	nobs_fp_mul(&pr->p[0].z, c, &t);		/* Z = C (u^2 - 1) */
	pr->p[1].z = pr->p[0].z;
	pr->p[0].x = *a;				/* X1 = A */
	nobs_fp_mul(&t, a, &u2);
	nobs_fp_neg(&pr->p[1].x, &t);			/* X2 = -A u^2 */
	/* A = 0: X1 = u Z, X2 = -u Z */
	bit = nobs_fp_is_zero(a);
	nobs_fp_mul(&zero_u, &u, &pr->p[0].z);
	nobs_fp_cmov(&pr->p[0].x, &zero_u, bit);
	nobs_fp_neg(&zero_u, &zero_u);
	nobs_fp_cmov(&pr->p[1].x, &zero_u, bit);

	/* f(x1) is a square iff C Z X (C X^2 + A X Z + C Z^2) is */
	nobs_fp_mul(&w, c, &pr->p[0].x);		/* C X */
	nobs_fp_mul(&t, a, &pr->p[0].z);		/* A Z */
	nobs_fp_add(&w, &w, &t);			/* C X + A Z */
	nobs_fp_mul(&w, &w, &pr->p[0].x);		/* C X^2 + A X Z */
	nobs_fp_sqr(&t, &pr->p[0].z);
	nobs_fp_mul(&t, &t, c);				/* C Z^2 */
	nobs_fp_add(&w, &w, &t);
	nobs_fp_mul(&w, &w, &pr->p[0].x);
	nobs_fp_mul(&w, &w, &pr->p[0].z);
	nobs_fp_mul(&w, &w, c);
	bit = !nobs_fp_is_square(&w);
	nobs_csidh_cswap(&pr->p[0], &pr->p[1], bit);

	memzero_explicit(&w, sizeof(w));
	memzero_explicit(&t, sizeof(t));
	memzero_explicit(&zero_u, sizeof(zero_u));
}

/*
 * The harness's op-count test (tests/user/test_csidh_ops.c) is told of
 * every public event: a round starts (kind 0, before sampling), its pair is
 * sampled (kind 1), a leaf ran (kind 2: the prime, whether it stepped).
 */
#ifdef NOBS_CSIDH_COUNT
void nobs_csidh_count_event(int kind, const u8 *idx, int n, int i, int step);
#else
static inline void nobs_csidh_count_event(int kind __always_unused,
					  const u8 *idx __always_unused,
					  int n __always_unused,
					  int i __always_unused,
					  int step __always_unused)
{
}
#endif

/*
 * The leaf for prime l_i: the top pair st->st[top] has only l_i-torsion
 * left (or none).  A public event decides what runs: if the sign's point
 * of the pair is at infinity (fail: the sampled point had no l_i part) or
 * l_i already had its NOBS_CSIDH_MAX_EXPONENT steps (done), the pending
 * pairs are only multiplied by l_i; else one step, real or dummy.
 */
static noinline bool nobs_csidh_leaf(struct nobs_csidh_state *st, int top,
				     int i, const s8 e[NOBS_CSIDH_PRIMES],
				     u8 done[NOBS_CSIDH_PRIMES])
{
	struct nobs_csidh_pt **out = st->out;
	const struct nobs_csidh_pt **in = st->in;
	struct nobs_csidh_pt *k = &st->k;
	u64 sign, mag, real;
	bool fail, step;
	int j, n;

	/* secret: the sign and whether this step is real */
	sign = (u64)((s64)e[i] >> 63) & 1;
	mag = ((u64)(s64)e[i] ^ (0 - sign)) + sign;
	real = ((u64)done[i] - mag) >> 63;

	*k = st->st[top].p[0];
	/* public: the entry's shape comes from the table */
	if (!st->lone[top])
		nobs_csidh_cswap(k, &st->st[top].p[1], sign);
	fail = nobs_fp_is_zero(&k->z);
	nobs_csidh_public(fail);
	/* public: fail (above) and done[] (counts of public events) */
	step = !fail && done[i] < NOBS_CSIDH_MAX_EXPONENT;
	/* public (here and below): which pending entries are lone */
	if (step) {
		for (j = 0; j < top; j++)
			if (!st->lone[j])
				nobs_csidh_cswap(&st->st[j].p[0],
						 &st->st[j].p[1], sign);
		nobs_csidh_step(st, top, k, i, sign, real);
		for (j = 0; j < top; j++)
			if (!st->lone[j])
				nobs_csidh_cswap(&st->st[j].p[0],
						 &st->st[j].p[1], sign);
		done[i]++;
	} else {
		nobs_csidh_to_a24(&st->cur, &st->a, &st->c);
		/* pending pairs: by the chain, as in nobs_csidh_push() */
		for (j = 0, n = 0; j < top; j++) {
			out[n] = &st->st[j].p[0];
			in[n++] = &st->st[j].p[0];
			if (!st->lone[j]) {
				out[n] = &st->st[j].p[1];
				in[n++] = &st->st[j].p[1];
			}
		}
		nobs_csidh_xmul_prime_n(out, in, n, i, &st->cur, &st->scr);
	}
	memzero_explicit(&st->st[top], sizeof(st->st[top]));
	memzero_explicit(&sign, sizeof(sign));
	memzero_explicit(&mag, sizeof(mag));
	memzero_explicit(&real, sizeof(real));
	return step;
}

/*
 * One round over the primes l_{idx[0]}, ..., l_{idx[n - 1]} (leaf order):
 * sample a point pair, clear its cofactor (4 and every other prime), then
 * walk the strategy: split[] lists, in preorder, where each segment of
 * leaves splits (relative to its first leaf); NULL is the simple strategy
 * (every segment splits after its first leaf, i.e. each kernel point is
 * computed from the round's pair, which is pushed through each step).
 * Every branch here reads public data only: the tables, n, and (through
 * nobs_csidh_leaf) the public events.
 */
/* The round's pair: cofactor cleared (4 and every prime not in idx[]) */
static noinline void nobs_csidh_clear(struct nobs_csidh_state *st,
				      const u8 *idx, int n, bool table)
{
	u64 want[NOBS_CSIDH_MASK_WORDS];
	struct nobs_csidh_a24 *c = &st->cur;
	u8 out[NOBS_CSIDH_PRIMES];
	int j, nout = 0;

	nobs_csidh_mask_of(want, idx, 0, n - 1);
	for (j = 0; j < NOBS_CSIDH_PRIMES; j++)
		if (!((want[j / 64] >> (j % 64)) & 1))
			out[nout++] = (u8)j;
	nobs_csidh_to_a24(c, &st->a, &st->c);
	for (j = 0; j < 2; j++) {
		nobs_csidh_xdbl(&st->st[0].p[j], &st->st[0].p[j], c);
		nobs_csidh_xdbl(&st->st[0].p[j], &st->st[0].p[j], c);
	}
	nobs_csidh_mul_primes(st->st[0].p, 2, out, nout, want, table, false,
			      c, &st->scr);
}

/*
 * A split of entry top at leaf k: entry top + 1 gets the left part (a copy
 * times the right part's primes), entry top keeps the right part.  table:
 * a table round's split, which may take the alternative chains (the
 * straggler rounds keep the ladder, as csidh_tune.c counts them).
 */
static noinline void nobs_csidh_split(struct nobs_csidh_state *st, int top,
				      int k, const u8 *idx,
				      const s8 e[NOBS_CSIDH_PRIMES],
				      bool table)
{
	u64 want[NOBS_CSIDH_MASK_WORDS], sign;
	struct nobs_csidh_a24 *c = &st->cur;
	int hi = st->hi[top];

	nobs_csidh_to_a24(c, &st->a, &st->c);
	nobs_csidh_mask_of(want, idx, st->lo[top], k);
	st->lo[top + 1] = st->lo[top];
	st->hi[top + 1] = (u8)k;
	st->lo[top] = (u8)(k + 1);
	st->lone[top + 1] = k == st->lo[top + 1];
	/* public: the table's shape */
	if (st->lone[top + 1]) {
		/* a lone leaf: only its sign's point (a mask) */
		sign = (u64)((s64)e[idx[k]] >> 63) & 1;
		st->st[top + 1].p[0] = st->st[top].p[0];
		nobs_csidh_cmov(&st->st[top + 1].p[0], &st->st[top].p[1],
				sign);
		nobs_csidh_mul_primes(st->st[top + 1].p, 1, idx + k + 1,
				      hi - k, want, false, table, c, &st->scr);
		memzero_explicit(&sign, sizeof(sign));
	} else {
		st->st[top + 1] = st->st[top];
		nobs_csidh_mul_primes(st->st[top + 1].p, 2, idx + k + 1,
				      hi - k, want, false, table, c, &st->scr);
	}
	/*
	 * public: the table's shape.  The entry kept is down to one leaf:
	 * only its sign's point waits (pushed through the left part's steps
	 * as one point, not two).
	 */
	if (k + 1 == hi) {
		sign = (u64)((s64)e[idx[hi]] >> 63) & 1;
		nobs_csidh_cmov(&st->st[top].p[0], &st->st[top].p[1], sign);
		st->side[top] = sign;
		st->lone[top] = 1;
		memzero_explicit(&sign, sizeof(sign));
	}
}

static noinline void nobs_csidh_round(struct nobs_csidh_state *st,
				      const s8 e[NOBS_CSIDH_PRIMES],
				      u8 done[NOBS_CSIDH_PRIMES],
				      const u8 *idx, int n, const u8 *split,
				      const struct nobs_csidh_env *env)
{
	int top = 0, sp = 0;
	bool step __maybe_unused;

	nobs_csidh_count_event(0, idx, n, 0, 0);
	nobs_csidh_sample(&st->st[0], &st->a, &st->c, env);
	nobs_csidh_count_event(1, idx, n, 0, 0);
	/* public: the sampling's residue tests, a few powers each */
	if (nobs_csidh_work(&st->pause, 4UL * 8 * NOBS_FP_BYTES))
		return;
	nobs_csidh_clear(st, idx, n, split);
	if (st->pause.err)
		return;
	st->lo[0] = 0;
	st->hi[0] = (u8)(n - 1);
	st->lone[0] = 0;

	while (top >= 0) {
		if (st->lo[top] == st->hi[top]) {
			step = nobs_csidh_leaf(st, top, idx[st->lo[top]], e,
					       done);
			nobs_csidh_count_event(2, idx, n, idx[st->lo[top]],
					       step);
			top--;
			nobs_csidh_yield(&st->pause);
			if (st->pause.err)
				return;
			continue;
		}
		nobs_csidh_split(st, top,
				 st->lo[top] + (split ? split[sp++] : 0), idx, e,
				 split);
		if (st->pause.err)
			return;
		top++;
	}
}

/*
 * Scheduling: the primes split into NOBS_CSIDH_BATCHES interleaved batches
 * (index mod NOBS_CSIDH_BATCHES; the smallest primes, which fail most
 * often, join more than one), each run NOBS_CSIDH_MAX_EXPONENT times with
 * its optimal strategy (the table nobs_csidh_batch[], made by
 * tests/user/csidh_tune.c: the primes of each batch in leaf order, then
 * the splits); then the stragglers (primes whose sampled points failed
 * some round) are finished together in rounds of the simple strategy.
 * Only the public step counts done[] steer this.
 */
static noinline void nobs_csidh_rounds(struct nobs_csidh_state *st,
				       const s8 e[NOBS_CSIDH_PRIMES],
				       const struct nobs_csidh_env *env)
{
	u8 *done = st->done, *idx = st->idx;
	int r, b, i, n, pos;

	memset(st->done, 0, sizeof(st->done));
	for (r = 0; r < NOBS_CSIDH_MAX_EXPONENT; r++) {
		for (b = 0, pos = 0; b < NOBS_CSIDH_BATCHES; b++) {
			n = nobs_csidh_batch[pos];
			nobs_csidh_round(st, e, done, &nobs_csidh_batch[pos + 1],
					 n, &nobs_csidh_batch[pos + 1 + n], env);
			if (st->pause.err)
				return;
			pos += 2 * n;
		}
	}
	for (;;) {
		for (n = 0, i = 0; i < NOBS_CSIDH_PRIMES; i++)
			if (done[i] < NOBS_CSIDH_MAX_EXPONENT)
				idx[n++] = (u8)i;
		if (!n)
			break;
		nobs_csidh_round(st, e, done, idx, n, NULL, env);
		if (st->pause.err)
			return;
	}
}

/* The workspace's state; the caller's struct is big enough for it. */
static struct nobs_csidh_state *nobs_csidh_ws_state(struct nobs_csidh_ws *ws)
{
	_Static_assert(sizeof(struct nobs_csidh_state) <=
		       sizeof(struct nobs_csidh_ws),
		       "NOBS_CSIDH_WS_SIZE is too small for this set");
	return (struct nobs_csidh_state *)ws;
}

/*
 * Not inlined into the entry points (clang would), nor are the [l]
 * multiplication and the evaluations' finish into the push.  The
 * exponents are st->e.  Returns 0, or the yield hook's error (then
 * *a_out is not written).
 */
static noinline int nobs_csidh_action(struct nobs_fp *a_out,
				      const struct nobs_fp *a_in,
				      struct nobs_csidh_state *st,
				      const struct nobs_csidh_env *env)
{
	st->pause.env = env;
	st->pause.work = 0;
	st->pause.err = 0;
	st->scr.pz = &st->pause;
	st->walk.pz = &st->pause;
	st->a = *a_in;
	st->c = nobs_fp_one;
	nobs_csidh_rounds(st, st->e, env);
	if (st->pause.err)
		return st->pause.err;
	nobs_fp_inv(&st->c, &st->c);
	nobs_fp_mul(a_out, &st->a, &st->c);
	return 0;
}

/*
 * The stack the group action leaves below its caller holds the last
 * values of every frame under it: curves, points and the temporaries of
 * xDBL, xADD, the field arithmetic and register spills.  Wiping each of
 * those frames at every return would cost a few percent (xDBLADD and the
 * multiplication run hundreds of thousands of times per action); instead
 * the callers of nobs_csidh_action() overwrite, right after it, more stack
 * than it ever uses: NOBS_CSIDH_SCRUB_CHUNKS nested frames of
 * NOBS_CSIDH_SCRUB_CHUNK bytes each (each frame under the kernel's frame
 * size warning).  The action's and the validation's state are the
 * caller's workspace, so both go at most 2 KiB deep
 * (scripts/stack-check.sh checks it on every architecture), and the
 * scrub covers 3 KiB, twice that with KASAN, which about doubles frames
 * (test_zeroize and KUnit nobs_zeroize.zeroize_csidh_stack_residue
 * measure what is left).  It is not instrumented by KASAN, whose frame
 * headers would be all it leaves.
 */
#define NOBS_CSIDH_SCRUB_CHUNK	1024
#ifdef CONFIG_KASAN
#define NOBS_CSIDH_SCRUB_CHUNKS	6
#else
#define NOBS_CSIDH_SCRUB_CHUNKS	3
#endif

static noinline __no_sanitize_address void
nobs_csidh_scrub_stack(unsigned int chunks)
{
	u8 buf[NOBS_CSIDH_SCRUB_CHUNK];

	/* Not a tail call: each chunk is a frame below the previous one. */
	if (chunks > 1)
		nobs_csidh_scrub_stack(chunks - 1);
	memzero_explicit(buf, sizeof(buf));
}

/*
 * The chunks' own frame overhead (return address, saved registers,
 * alignment padding) is not part of any buffer, so a padding slot could
 * keep what the action left there.  A second pass, its chunks shifted by
 * half a chunk under a frame of its own, puts a zeroed buffer over every
 * slot the first pass skipped.
 */
static noinline __no_sanitize_address void
nobs_csidh_scrub_shifted(unsigned int chunks)
{
	u8 buf[NOBS_CSIDH_SCRUB_CHUNK / 2];

	/* Not a tail call: the chunks run below this frame. */
	nobs_csidh_scrub_stack(chunks);
	memzero_explicit(buf, sizeof(buf));
}

/*
 * Never past the end of the stack (on ppc64le's 16 KiB kernel stack,
 * without guard pages, 8 KiB more below a deep caller overwrote another
 * task's memory): as many chunks as fit, each with room for its frame's
 * own overhead (a frame header: 112 bytes on ppc64), with the shifted
 * pass's half chunk and 1 KiB to spare.
 */
#define NOBS_CSIDH_SCRUB_FRAME	(NOBS_CSIDH_SCRUB_CHUNK + 128)
#define NOBS_CSIDH_SCRUB_SPARE	(1024 + NOBS_CSIDH_SCRUB_FRAME / 2)

static void nobs_csidh_scrub(void)
{
	unsigned long room = nobs_stack_room(), fit;
	unsigned int n;

	if (room < NOBS_CSIDH_SCRUB_SPARE + NOBS_CSIDH_SCRUB_FRAME)
		return;
	fit = (room - NOBS_CSIDH_SCRUB_SPARE) / NOBS_CSIDH_SCRUB_FRAME;
	n = fit < NOBS_CSIDH_SCRUB_CHUNKS ? (unsigned int)fit :
					    NOBS_CSIDH_SCRUB_CHUNKS;
	nobs_csidh_scrub_stack(n);
	nobs_csidh_scrub_shifted(n);
}

/* ---- validation (public input, variable time) --------------------------- */

/*
 * Levels of the validation's product tree: the node at depth d covers at
 * most ceil(NOBS_CSIDH_PRIMES / 2^d) primes, so depth
 * ceil(log2(NOBS_CSIDH_PRIMES)) has the leaves.
 */
#define NOBS_CSIDH_TREE_LEVELS	9
_Static_assert((1 << (NOBS_CSIDH_TREE_LEVELS - 1)) >= NOBS_CSIDH_PRIMES,
	       "NOBS_CSIDH_TREE_LEVELS is too small for this set");

/**
 * struct nobs_csidh_vstate - the validation's state, in the workspace
 * @pt: the point of the node at each depth of the product tree
 * @node: that node's primes [lo, hi) and how far it got (0: no child
 *	yet, 1: the first one done, 2: both)
 * @q: the leaves' product
 * @reg: the ladder's registers
 * @k: the scalar of the multiplication under way
 * @pz: the yield points
 *
 * The tree is walked with this explicit stack rather than by recursion,
 * so that validation stays as shallow as the group action.
 */
struct nobs_csidh_vstate {
	struct nobs_csidh_pt pt[NOBS_CSIDH_TREE_LEVELS];
	struct {
		s16 lo, hi;
		u8 done;
	} node[NOBS_CSIDH_TREE_LEVELS];
	struct nobs_csidh_pt q;
	struct nobs_csidh_pt reg[3];
	u64 k[NOBS_CSIDH_SCALAR_LIMBS];
	struct nobs_csidh_pause pz;
};

/*
 * v->pt[0] is [m] P for m = 4 times the product of the primes outside
 * [lo, hi) (so m = 4 at the root); find which l_j, j in [lo, hi), divide
 * the order of P, depth first, the left half of each node first.  Adds
 * floor(log2 l_j) to *bits for each, and stops looking once *bits reaches
 * NOBS_CSIDH_ORDER_BITS or a node's point is infinity.  Returns -EINVAL if
 * some [l_j] ([m / l_j] P) is not infinity (the order of P does not
 * divide p + 1), or the yield hook's error.
 */
static int nobs_csidh_orders(struct nobs_csidh_vstate *v,
			     const struct nobs_csidh_a24 *c, int *bits)
{
	int d = 0, lo, mid, hi;

	v->node[0].lo = 0;
	v->node[0].hi = NOBS_CSIDH_PRIMES;
	v->node[0].done = 0;
	while (d >= 0) {
		lo = v->node[d].lo;
		hi = v->node[d].hi;
		mid = lo + (hi - lo) / 2;
		if (v->node[d].done == 2 ||
		    (!v->node[d].done && (*bits >= NOBS_CSIDH_ORDER_BITS ||
					  nobs_fp_is_zero(&v->pt[d].z)))) {
			d--;
			continue;
		}
		if (hi - lo == 1) {
			/* public: a short ladder */
			if (nobs_csidh_work(&v->pz, 8UL * 10))
				return v->pz.err;
			nobs_csidh_xmul_u64(&v->q, &v->pt[d],
					    nobs_csidh_primes[lo], c, v->reg);
			if (!nobs_fp_is_zero(&v->q.z))
				return -EINVAL;
			*bits += 31 - __builtin_clz(nobs_csidh_primes[lo]);
			d--;
			continue;
		}
		/* the left child drops the right half's primes, and back */
		if (!v->node[d].done)
			nobs_csidh_scalar_product(v->k, NULL, 0, mid, hi);
		else
			nobs_csidh_scalar_product(v->k, NULL, 0, lo, mid);
		nobs_csidh_xmul(&v->pt[d + 1], &v->pt[d], v->k,
				NOBS_CSIDH_SCALAR_LIMBS, c, v->reg, &v->pz);
		if (v->pz.err)
			return v->pz.err;
		v->node[d + 1].lo = v->node[d].done ? mid : lo;
		v->node[d + 1].hi = v->node[d].done ? hi : mid;
		v->node[d + 1].done = 0;
		v->node[d].done++;
		d++;
	}
	return 0;
}

/* The workspace's validation state; the caller's struct is big enough. */
static struct nobs_csidh_vstate *nobs_csidh_ws_vstate(struct nobs_csidh_ws *ws)
{
	_Static_assert(sizeof(struct nobs_csidh_vstate) <=
		       sizeof(struct nobs_csidh_ws),
		       "NOBS_CSIDH_WS_SIZE is too small for this set");
	return (struct nobs_csidh_vstate *)ws;
}

/* 0, -EINVAL, or the yield hook's error; uses the workspace */
static noinline int nobs_csidh_validate_fp(const struct nobs_fp *a,
					   const struct nobs_csidh_env *env,
					   struct nobs_csidh_ws *ws)
{
	struct nobs_csidh_vstate *v = nobs_csidh_ws_vstate(ws);
	struct nobs_csidh_a24 c;
	struct nobs_fp t;
	int bits, err;
	u64 x;

	nobs_fp_set_u64(&t, 2);
	if (nobs_fp_eq(a, &t))
		return -EINVAL;
	nobs_fp_neg(&t, &t);
	if (nobs_fp_eq(a, &t))
		return -EINVAL;
	nobs_csidh_to_a24(&c, a, &nobs_fp_one);
	v->pz.env = env;
	v->pz.work = 0;
	v->pz.err = 0;

	/*
	 * Any x will do: on E or on its twist, a point of order > 4 sqrt(p)
	 * dividing p + 1 proves that curve has p + 1 points, and so has the
	 * other.  A supersingular curve fails this for a given x with
	 * probability about 2^-20 at most; we try a few.
	 */
	for (x = 2; x < 34; x++) {
		nobs_fp_set_u64(&v->pt[0].x, x);
		v->pt[0].z = nobs_fp_one;
		nobs_csidh_xdbl(&v->pt[0], &v->pt[0], &c);
		nobs_csidh_xdbl(&v->pt[0], &v->pt[0], &c);
		bits = 0;
		err = nobs_csidh_orders(v, &c, &bits);
		if (err)
			return err;
		if (bits >= NOBS_CSIDH_ORDER_BITS)
			return 0;
	}
	return -EINVAL;
}

/* ---- keys ---------------------------------------------------------------- */

/* Unpack; returns 0 or -EINVAL (an exponent outside [-5, 5]). */
static int nobs_csidh_decode(s8 e[NOBS_CSIDH_PRIMES],
			     const u8 sk[NOBS_CSIDH_PRIVATE_KEY_SIZE])
{
	u32 bad = 0;
	s32 v;
	int i;

	for (i = 0; i < NOBS_CSIDH_PRIMES; i++) {
		v = (s8)(u8)(sk[i / 2] << ((i % 2) * 4)) >> 4;
		bad |= (u32)((v + NOBS_CSIDH_MAX_EXPONENT) |
			     (NOBS_CSIDH_MAX_EXPONENT - v)) >> 31;
		e[i] = (s8)v;
	}
	memzero_explicit(&v, sizeof(v));
	/* the error reveals that some exponent was invalid, nothing more */
	nobs_csidh_public(bad);
	return bad ? -EINVAL : 0;
}

/**
 * nobs_csidh_check_private_key() - whether a private key is well formed
 * @sk: 37 bytes in the reference encoding
 *
 * Return: 0, or -EINVAL if some exponent is outside [-5, 5].
 */
int nobs_csidh_check_private_key(const u8 sk[NOBS_CSIDH_PRIVATE_KEY_SIZE])
{
	s8 e[NOBS_CSIDH_PRIMES];
	int err = nobs_csidh_decode(e, sk);

	memzero_explicit(e, sizeof(e));
	return err;
}

/**
 * nobs_csidh_random_private_key() - draw a uniform private key
 * @sk: 37 bytes out; each exponent uniform in [-5, 5] by rejection
 *	sampling of random nibbles (the number of rejections is all the
 *	timing reveals, and it is independent of the accepted values)
 * @env: source of randomness
 */
void nobs_csidh_random_private_key(u8 sk[NOBS_CSIDH_PRIVATE_KEY_SIZE],
				   const struct nobs_csidh_env *env)
{
	u8 buf[64];
	size_t pos = 2 * sizeof(buf);
	unsigned int v;
	int i;

	memset(sk, 0, NOBS_CSIDH_PRIVATE_KEY_SIZE);
	for (i = 0; i < NOBS_CSIDH_PRIMES; i++) {
		do {
			if (pos == 2 * sizeof(buf)) {
				env->random(env->ctx, buf, sizeof(buf));
				pos = 0;
			}
			v = (buf[pos / 2] >> ((pos % 2) * 4)) & 0xf;
			pos++;
		} while (v > 2 * NOBS_CSIDH_MAX_EXPONENT);
		v = (v - NOBS_CSIDH_MAX_EXPONENT) & 0xf;	/* signed nibble */
		sk[i / 2] |= (u8)(v << (4 - (i % 2) * 4));
	}
	memzero_explicit(buf, sizeof(buf));
	memzero_explicit(&v, sizeof(v));
}

/**
 * nobs_csidh_validate() - check a peer's public key
 * @pk: 64 bytes, A in Montgomery form
 * @env: the yield hook (its randomness is not used)
 * @ws: the check's workspace (any content; wiped before the return)
 *
 * Variable time (the key is public).
 *
 * Return: 0 if A < p, A != +-2 and E_A is supersingular; -EINVAL if not;
 * or the yield hook's error if it stopped the check.
 */
int nobs_csidh_validate(const u8 pk[NOBS_CSIDH_PUBLIC_KEY_SIZE],
			const struct nobs_csidh_env *env,
			struct nobs_csidh_ws *ws)
{
	struct nobs_fp a;
	int err;

	err = nobs_fp_from_bytes(&a, pk) ? -EINVAL :
					   nobs_csidh_validate_fp(&a, env, ws);
	memzero_explicit(ws, sizeof(*ws));
	return err;
}

/**
 * nobs_csidh_public_key() - the public key of a private key
 * @pk: 64 bytes out
 * @sk: 37-byte private key
 * @env: randomness and yield hook
 * @ws: the action's workspace (any content; wiped before the return)
 *
 * Constant time in @sk (see the top of this file).  Exported for the
 * KUnit suites only (EXPORT_SYMBOL_IF_KUNIT), as is the next one.
 *
 * Return: 0; -EINVAL if @sk is malformed; or the yield hook's error if it
 * stopped the action (on error @pk is zeroed).
 */
int nobs_csidh_public_key(u8 pk[NOBS_CSIDH_PUBLIC_KEY_SIZE],
			  const u8 sk[NOBS_CSIDH_PRIVATE_KEY_SIZE],
			  const struct nobs_csidh_env *env,
			  struct nobs_csidh_ws *ws)
{
	struct nobs_csidh_state *st = nobs_csidh_ws_state(ws);
	struct nobs_fp a;
	int err;

	memset(pk, 0, NOBS_CSIDH_PUBLIC_KEY_SIZE);
	err = nobs_csidh_decode(st->e, sk);
	if (!err) {
		err = nobs_csidh_action(&a, &nobs_fp_zero, st, env);
		nobs_csidh_scrub();
		if (!err)
			nobs_fp_to_bytes(pk, &a);
		memzero_explicit(&a, sizeof(a));
	}
	memzero_explicit(ws, sizeof(*ws));
	return err;
}
EXPORT_SYMBOL_IF_KUNIT(nobs_csidh_public_key);

/**
 * nobs_csidh_shared_secret() - the shared secret with a peer
 * @ss: 64 bytes out
 * @sk: our 37-byte private key
 * @peer: the peer's 64-byte public key, validated here first
 * @env: randomness and yield hook
 * @ws: the action's workspace (any content; wiped before the return)
 *
 * Return: 0; -EINVAL if @peer is not a valid public key or @sk is
 * malformed (then no group action ran); or the yield hook's error if it
 * stopped the validation or the action (on error @ss is zeroed).
 */
int nobs_csidh_shared_secret(u8 ss[NOBS_CSIDH_SHARED_SECRET_SIZE],
			     const u8 sk[NOBS_CSIDH_PRIVATE_KEY_SIZE],
			     const u8 peer[NOBS_CSIDH_PUBLIC_KEY_SIZE],
			     const struct nobs_csidh_env *env,
			     struct nobs_csidh_ws *ws)
{
	struct nobs_csidh_state *st = nobs_csidh_ws_state(ws);
	struct nobs_fp a;
	int err;

	memset(ss, 0, NOBS_CSIDH_SHARED_SECRET_SIZE);
	err = nobs_fp_from_bytes(&a, peer) ? -EINVAL :
					     nobs_csidh_validate_fp(&a, env, ws);
	if (!err)
		err = nobs_csidh_decode(st->e, sk);
	if (!err) {
		err = nobs_csidh_action(&a, &a, st, env);
		nobs_csidh_scrub();
		if (!err)
			nobs_fp_to_bytes(ss, &a);
	}
	memzero_explicit(&a, sizeof(a));
	memzero_explicit(ws, sizeof(*ws));
	return err;
}
EXPORT_SYMBOL_IF_KUNIT(nobs_csidh_shared_secret);
