// SPDX-License-Identifier: GPL-2.0
/*
 * The CSIDH engine, last part (a template, see csidh_curve_tmpl.c): the
 * constant-time group action, public-key validation and the key
 * encodings, with the parameter set's entry points.
 */
#ifndef NOBS_CSIDH_CURVE_TMPL
#error "csidh_action_tmpl.c: include csidh_curve_tmpl.c first"
#endif

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
 *	made before a step's walk (nobs_csidh*_push_mul())
 * @e: the private key's exponents (the entry points)
 * @done: steps done per prime (nobs_csidh*_rounds(), public)
 * @idx: the stragglers' primes (nobs_csidh*_rounds(), public)
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
 * @scr: the scalar multiplications' registers.  No scalar multiplication
 *	runs in a kernel walk and no register outlives one, so the two share
 *	their room; both begin with the same pointer to @pause.
 * @out: the points the push's or a failed leaf's [l] multiplications
 *	write (nobs_csidh*_push_mul(), nobs_csidh*_leaf())
 * @in: the points they read
 * @pts: the points the push evaluates
 * @pause: the operation's yield points (nobs_csidh*_action())
 */
struct nobs_csidh_state {
	struct NOBS_FPX_T a;
	struct NOBS_FPX_T c;
	struct nobs_csidh_pair st[NOBS_CSIDH_DEPTH];
	u8 lo[NOBS_CSIDH_DEPTH];
	u8 hi[NOBS_CSIDH_DEPTH];
	u8 lone[NOBS_CSIDH_DEPTH];
	u64 side[NOBS_CSIDH_DEPTH];
#ifdef NOBS_CSIDH_VEC
	struct nobs_csidh_pt lkx[NOBS_CSIDH_DEPTH];
#endif
	s8 e[NOBS_CSIDHX_PRIMES];
	u8 done[NOBS_CSIDHX_PRIMES], idx[NOBS_CSIDHX_PRIMES];
	struct nobs_csidh_a24 cur;
	struct nobs_csidh_pt k, kd;
	struct NOBS_FPX_T ps, pd;
	struct nobs_csidh_eval ev[2 * (NOBS_CSIDH_DEPTH - 1)];
	struct nobs_csidh_pt lk, im;
	union {
		struct nobs_csidh_walk walk;
		struct nobs_csidh_scratch scr;
	};
	struct nobs_csidh_pt *out[2 * NOBS_CSIDH_DEPTH];
	const struct nobs_csidh_pt *in[2 * NOBS_CSIDH_DEPTH];
	struct nobs_csidh_pt *pts[2 * (NOBS_CSIDH_DEPTH - 1)];
	struct nobs_csidh_pause pause;
};

/*
 * The [l] multiplications of nobs_csidh*_push() before the walk, by the
 * prime's chain (nobs_csidh*_xmul_prime_n(): two points at a time with
 * vector code): a lone entry's p[1] = [l] p[0], a pair's p[1] = [l] p[1]
 * and, with vector code, above pair 0, st->lkx[i] = [l] p[0] (the walk's
 * points are the same, projectively, before and after it: the same [l];
 * without, the push makes those after the walk, and the state has no room
 * for them).
 */
static noinline void NOBS_CSIDHX(push_mul)(struct nobs_csidh_state *st,
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
	NOBS_CSIDHX(xmul_prime_n)(out, in, nj, li, c, &st->scr);
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
static noinline NOBS_CSIDHX_WIDE_FRAME
void NOBS_CSIDHX(push)(struct nobs_csidh_state *st, int top,
		     const struct nobs_csidh_pt *k,
		     int li, u64 sign, u64 real,
		     const struct nobs_csidh_a24 *c,
		     struct NOBS_FPX_T *ps, struct NOBS_FPX_T *pd)
{
	struct nobs_csidh_eval *ev = st->ev;
	struct nobs_csidh_pt **pts = st->pts;
	struct nobs_csidh_pt *lk = &st->lk, *im = &st->im;
	unsigned int l = NOBS_CSIDHX(primes)[li];
	int i, n = 0;
	u64 flip = 0;

	NOBS_CSIDHX(push_mul)(st, top, li, c);

	for (i = 0; i < top; i++) {
		struct nobs_csidh_pair *pr = &st->st[i];

		/*
		 * public (here and below): which entries are lone (the
		 * table's shape).  A lone entry's p[1] (unused) got
		 * Q = [l] P (nobs_csidh*_push_mul()); the point evaluated
		 * goes to p[0].
		 */
		if (st->lone[i]) {
			flip = st->side[i] ^ sign;
			NOBS_CSIDHX(cswap)(&pr->p[0], &pr->p[1], flip);
			pts[n++] = &pr->p[0];
		} else {
			pts[n++] = &pr->p[0];
			pts[n++] = &pr->p[1];
		}
	}
	for (i = 0; i < n; i++)
		NOBS_CSIDHX(sd)(pts[i]);
	/* public: whether entry 0 is a pair (the table's shape) */
	NOBS_CSIDHX(walk_start)(&st->walk, k, l, c);
	NOBS_CSIDHX(kernel_walk)(ps, pd, ev, pts, n, l, &st->walk);
	/* here, not in the walk's frame: the deepest path stays short */
	if (top && !st->lone[0])
		NOBS_CSIDHX(walk_lk)(lk, &st->walk.kj, &st->walk.kprev, k, l,
				     c);
	for (i = 0; i < n; i++)
		NOBS_CSIDHX(sd)(pts[i]);
	for (i = 0, n = 0; i < top; i++) {
		struct nobs_csidh_pair *pr = &st->st[i];

		if (st->lone[i]) {
			NOBS_CSIDHX(eval_finish)(im, &pr->p[0], &ev[n++]);
			flip = st->side[i] ^ sign;
			NOBS_CSIDHX(cswap)(&pr->p[0], &pr->p[1], flip);
			pr->p[0] = pr->p[1];
			NOBS_CSIDHX(cmov)(&pr->p[0], im, real);
			continue;
		}
		/* public: only pair 0 got [l] p[0] from the walk */
#ifdef NOBS_CSIDH_VEC
		if (i)
			*lk = st->lkx[i];
#else
		if (i)
			NOBS_CSIDHX(xmul_prime)(lk, &pr->p[0], li, c, &st->scr);
#endif
		NOBS_CSIDHX(eval_finish)(im, &pr->p[0], &ev[n++]);
		NOBS_CSIDHX(cmov)(lk, im, real);
		pr->p[0] = *lk;
		NOBS_CSIDHX(eval_finish)(im, &pr->p[1], &ev[n++]);
		NOBS_CSIDHX(cmov)(&pr->p[1], im, real);
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
static noinline void NOBS_CSIDHX(codomain)(struct nobs_csidh_state *st,
					 const struct nobs_csidh_a24 *c,
					 struct NOBS_FPX_T *ps, struct NOBS_FPX_T *pd,
					 unsigned int l, u64 real)
{
	struct NOBS_FPX_T s, d, t;
	int i;

	for (i = 0; i < 3; i++) {
		NOBS_FPX(sqr)(ps, ps);
		NOBS_FPX(sqr)(pd, pd);
	}
	NOBS_FPX(sub)(&t, &c->a24, &c->c24);	/* A - 2C */
	NOBS_CSIDHX(pow_small)(&s, &c->a24, l);
	NOBS_CSIDHX(pow_small)(&d, &t, l);
	NOBS_FPX(mul)(&s, &s, ps);
	NOBS_FPX(mul)(&d, &d, pd);
	NOBS_FPX(add)(&t, &s, &d);
	NOBS_FPX(add)(&t, &t, &t);
	NOBS_FPX(cmov)(&st->a, &t, real);
	NOBS_FPX(sub)(&t, &s, &d);
	NOBS_FPX(cmov)(&st->c, &t, real);
	memzero_explicit(&s, sizeof(s));
	memzero_explicit(&d, sizeof(d));
	memzero_explicit(&t, sizeof(t));
}

static __always_inline void NOBS_CSIDHX(step)(struct nobs_csidh_state *st,
					    int top,
				     const struct nobs_csidh_pt *k,
				     int li, u64 sign, u64 real)
{
	unsigned int l = NOBS_CSIDHX(primes)[li];

	NOBS_CSIDHX(to_a24)(&st->cur, &st->a, &st->c);
	st->kd = *k;
	/* public: whether there is a pair 0 (the table's stack depth) */
	if (top)
		NOBS_CSIDHX(cmov)(&st->kd, &st->st[0].p[0], real ^ 1);
	NOBS_CSIDHX(push)(st, top, &st->kd, li, sign, real, &st->cur, &st->ps,
			&st->pd);
	NOBS_CSIDHX(codomain)(st, &st->cur, &st->ps, &st->pd, l, real);
}

/*
 * Elligator 2 (as in Meyer-Campos-Reith): for a public random u with
 * u^2 != 1, x1 = A / (C (u^2 - 1)) and x2 = -x1 - A/C lie one on E and one
 * on its twist (f(x2) = -u^2 f(x1) and -1 is not a square).  For A = 0,
 * x1 = u and x2 = -u.  pr->p[0] gets the one on E, pr->p[1] the other, by a
 * branch-free swap.
 */
static noinline void NOBS_CSIDHX(sample)(struct nobs_csidh_pair *pr,
				       const struct NOBS_FPX_T *a,
				       const struct NOBS_FPX_T *c,
				       const struct nobs_csidh_env *env)
{
	struct NOBS_FPX_T u, u2, w, t, zero_u;
	u8 buf[(8 * NOBS_FPX_LIMBS)];
	u64 bit;

	/* public: rejects u by its (random, key-independent) value only */
	for (;;) {
		env->random(env->ctx, buf, sizeof(buf));
		buf[(8 * NOBS_FPX_LIMBS) - 1] &= NOBS_CSIDHX_SAMPLE_MASK;
		if (NOBS_FPX(from_bytes)(&u, buf))
			continue;
		NOBS_FPX(sqr)(&u2, &u);
		NOBS_FPX(sub)(&t, &u2, &NOBS_FPX(one));	/* u^2 - 1 */
		if (!NOBS_FPX(is_zero)(&u) && !NOBS_FPX(is_zero)(&t))
			break;
	}
	memzero_explicit(buf, sizeof(buf));

	NOBS_FPX(mul)(&pr->p[0].z, c, &t);		/* Z = C (u^2 - 1) */
	pr->p[1].z = pr->p[0].z;
	pr->p[0].x = *a;				/* X1 = A */
	NOBS_FPX(mul)(&t, a, &u2);
	NOBS_FPX(neg)(&pr->p[1].x, &t);			/* X2 = -A u^2 */
	/* A = 0: X1 = u Z, X2 = -u Z */
	bit = NOBS_FPX(is_zero)(a);
	NOBS_FPX(mul)(&zero_u, &u, &pr->p[0].z);
	NOBS_FPX(cmov)(&pr->p[0].x, &zero_u, bit);
	NOBS_FPX(neg)(&zero_u, &zero_u);
	NOBS_FPX(cmov)(&pr->p[1].x, &zero_u, bit);

	/* f(x1) is a square iff C Z X (C X^2 + A X Z + C Z^2) is */
	NOBS_FPX(mul)(&w, c, &pr->p[0].x);		/* C X */
	NOBS_FPX(mul)(&t, a, &pr->p[0].z);		/* A Z */
	NOBS_FPX(add)(&w, &w, &t);			/* C X + A Z */
	NOBS_FPX(mul)(&w, &w, &pr->p[0].x);		/* C X^2 + A X Z */
	NOBS_FPX(sqr)(&t, &pr->p[0].z);
	NOBS_FPX(mul)(&t, &t, c);				/* C Z^2 */
	NOBS_FPX(add)(&w, &w, &t);
	NOBS_FPX(mul)(&w, &w, &pr->p[0].x);
	NOBS_FPX(mul)(&w, &w, &pr->p[0].z);
	NOBS_FPX(mul)(&w, &w, c);
	bit = !NOBS_FPX(is_square)(&w);
	NOBS_CSIDHX(cswap)(&pr->p[0], &pr->p[1], bit);

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
void NOBS_CSIDHX(count_event)(int kind, const u8 *idx, int n, int i, int step);
#else
static inline void NOBS_CSIDHX(count_event)(int kind __always_unused,
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
 * l_i already had its NOBS_CSIDHX_MAX_EXPONENT steps (done), the pending
 * pairs are only multiplied by l_i; else one step, real or dummy.
 */
static noinline bool NOBS_CSIDHX(leaf)(struct nobs_csidh_state *st, int top,
				     int i, const s8 e[NOBS_CSIDHX_PRIMES],
				     u8 done[NOBS_CSIDHX_PRIMES])
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
		NOBS_CSIDHX(cswap)(k, &st->st[top].p[1], sign);
	fail = NOBS_FPX(is_zero)(&k->z);
	nobs_csidh_public(fail);
	/* public: fail (above) and done[] (counts of public events) */
	step = !fail && done[i] < NOBS_CSIDHX_MAX_EXPONENT;
	/* public (here and below): which pending entries are lone */
	if (step) {
		for (j = 0; j < top; j++)
			if (!st->lone[j])
				NOBS_CSIDHX(cswap)(&st->st[j].p[0],
						 &st->st[j].p[1], sign);
		NOBS_CSIDHX(step)(st, top, k, i, sign, real);
		for (j = 0; j < top; j++)
			if (!st->lone[j])
				NOBS_CSIDHX(cswap)(&st->st[j].p[0],
						 &st->st[j].p[1], sign);
		done[i]++;
	} else {
		NOBS_CSIDHX(to_a24)(&st->cur, &st->a, &st->c);
		/* pending pairs: by the chain, as in nobs_csidh*_push() */
		for (j = 0, n = 0; j < top; j++) {
			out[n] = &st->st[j].p[0];
			in[n++] = &st->st[j].p[0];
			if (!st->lone[j]) {
				out[n] = &st->st[j].p[1];
				in[n++] = &st->st[j].p[1];
			}
		}
		NOBS_CSIDHX(xmul_prime_n)(out, in, n, i, &st->cur, &st->scr);
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
 * nobs_csidh*_leaf) the public events.
 */
/* The round's pair: cofactor cleared (4 and every prime not in idx[]) */
static noinline void NOBS_CSIDHX(clear)(struct nobs_csidh_state *st,
				      const u8 *idx, int n, bool table)
{
	u64 want[NOBS_CSIDH_MASK_WORDS];
	struct nobs_csidh_a24 *c = &st->cur;
	u8 out[NOBS_CSIDHX_PRIMES];
	int j, nout = 0;

	NOBS_CSIDHX(mask_of)(want, idx, 0, n - 1);
	for (j = 0; j < NOBS_CSIDHX_PRIMES; j++)
		if (!((want[j / 64] >> (j % 64)) & 1))
			out[nout++] = (u8)j;
	NOBS_CSIDHX(to_a24)(c, &st->a, &st->c);
	for (j = 0; j < 2; j++) {
		NOBS_CSIDHX(xdbl)(&st->st[0].p[j], &st->st[0].p[j], c);
		NOBS_CSIDHX(xdbl)(&st->st[0].p[j], &st->st[0].p[j], c);
	}
	NOBS_CSIDHX(mul_primes)(st->st[0].p, 2, out, nout, want, table, false,
			      c, &st->scr);
}

/*
 * A split of entry top at leaf k: entry top + 1 gets the left part (a copy
 * times the right part's primes), entry top keeps the right part.  table:
 * a table round's split, which may take the alternative chains (the
 * straggler rounds keep the ladder, as csidh_tune.c counts them).
 */
static noinline void NOBS_CSIDHX(split)(struct nobs_csidh_state *st, int top,
				      int k, const u8 *idx,
				      const s8 e[NOBS_CSIDHX_PRIMES],
				      bool table)
{
	u64 want[NOBS_CSIDH_MASK_WORDS], sign;
	struct nobs_csidh_a24 *c = &st->cur;
	int hi = st->hi[top];

	NOBS_CSIDHX(to_a24)(c, &st->a, &st->c);
	NOBS_CSIDHX(mask_of)(want, idx, st->lo[top], k);
	st->lo[top + 1] = st->lo[top];
	st->hi[top + 1] = (u8)k;
	st->lo[top] = (u8)(k + 1);
	st->lone[top + 1] = k == st->lo[top + 1];
	/* public: the table's shape */
	if (st->lone[top + 1]) {
		/* a lone leaf: only its sign's point (a mask) */
		sign = (u64)((s64)e[idx[k]] >> 63) & 1;
		st->st[top + 1].p[0] = st->st[top].p[0];
		NOBS_CSIDHX(cmov)(&st->st[top + 1].p[0], &st->st[top].p[1],
				sign);
		NOBS_CSIDHX(mul_primes)(st->st[top + 1].p, 1, idx + k + 1,
				      hi - k, want, false, table, c, &st->scr);
		memzero_explicit(&sign, sizeof(sign));
	} else {
		st->st[top + 1] = st->st[top];
		NOBS_CSIDHX(mul_primes)(st->st[top + 1].p, 2, idx + k + 1,
				      hi - k, want, false, table, c, &st->scr);
	}
	/*
	 * public: the table's shape.  The entry kept is down to one leaf:
	 * only its sign's point waits (pushed through the left part's steps
	 * as one point, not two).
	 */
	if (k + 1 == hi) {
		sign = (u64)((s64)e[idx[hi]] >> 63) & 1;
		NOBS_CSIDHX(cmov)(&st->st[top].p[0], &st->st[top].p[1], sign);
		st->side[top] = sign;
		st->lone[top] = 1;
		memzero_explicit(&sign, sizeof(sign));
	}
}

static noinline void NOBS_CSIDHX(round)(struct nobs_csidh_state *st,
				      const s8 e[NOBS_CSIDHX_PRIMES],
				      u8 done[NOBS_CSIDHX_PRIMES],
				      const u8 *idx, int n, const u8 *split,
				      const struct nobs_csidh_env *env)
{
	int top = 0, sp = 0;
	bool step __maybe_unused;

	NOBS_CSIDHX(count_event)(0, idx, n, 0, 0);
	NOBS_CSIDHX(sample)(&st->st[0], &st->a, &st->c, env);
	NOBS_CSIDHX(count_event)(1, idx, n, 0, 0);
	/* public: the sampling's residue tests, a few powers each */
	if (NOBS_CSIDHX(work)(&st->pause, 4UL * 8 * (8 * NOBS_FPX_LIMBS)))
		return;
	NOBS_CSIDHX(clear)(st, idx, n, split);
	if (st->pause.err)
		return;
	st->lo[0] = 0;
	st->hi[0] = (u8)(n - 1);
	st->lone[0] = 0;

	while (top >= 0) {
		if (st->lo[top] == st->hi[top]) {
			step = NOBS_CSIDHX(leaf)(st, top, idx[st->lo[top]], e,
					       done);
			NOBS_CSIDHX(count_event)(2, idx, n, idx[st->lo[top]],
					       step);
			top--;
			NOBS_CSIDHX(yield)(&st->pause);
			if (st->pause.err)
				return;
			continue;
		}
		NOBS_CSIDHX(split)(st, top,
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
 * often, join more than one), each run NOBS_CSIDHX_MAX_EXPONENT times with
 * its optimal strategy (the table nobs_csidh*_batch[], made by
 * scripts/gen/csidh_tune.c: the primes of each batch in leaf order, then
 * the splits); then the stragglers (primes whose sampled points failed
 * some round) are finished together in rounds of the simple strategy.
 * Only the public step counts done[] steer this.
 */
static noinline void NOBS_CSIDHX(rounds)(struct nobs_csidh_state *st,
				       const s8 e[NOBS_CSIDHX_PRIMES],
				       const struct nobs_csidh_env *env)
{
	u8 *done = st->done, *idx = st->idx;
	int r, b, i, n, pos;

	memset(st->done, 0, sizeof(st->done));
	for (r = 0; r < NOBS_CSIDHX_MAX_EXPONENT; r++) {
		for (b = 0, pos = 0; b < NOBS_CSIDH_BATCHES; b++) {
			n = NOBS_CSIDHX(batch)[pos];
			NOBS_CSIDHX(round)(st, e, done, &NOBS_CSIDHX(batch)[pos + 1],
					 n, &NOBS_CSIDHX(batch)[pos + 1 + n], env);
			if (st->pause.err)
				return;
			pos += 2 * n;
		}
	}
	for (;;) {
		for (n = 0, i = 0; i < NOBS_CSIDHX_PRIMES; i++)
			if (done[i] < NOBS_CSIDHX_MAX_EXPONENT)
				idx[n++] = (u8)i;
		if (!n)
			break;
		NOBS_CSIDHX(round)(st, e, done, idx, n, NULL, env);
		if (st->pause.err)
			return;
	}
}

/* The workspace's state; the caller's struct is big enough for it. */
static struct nobs_csidh_state *NOBS_CSIDHX(ws_state)(struct nobs_csidh_ws *ws)
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
static noinline int NOBS_CSIDHX(action)(struct NOBS_FPX_T *a_out,
				      const struct NOBS_FPX_T *a_in,
				      struct nobs_csidh_state *st,
				      const struct nobs_csidh_env *env)
{
	st->pause.env = env;
	st->pause.work = 0;
	st->pause.err = 0;
	st->scr.pz = &st->pause;
	st->walk.pz = &st->pause;
	st->a = *a_in;
	st->c = NOBS_FPX(one);
	NOBS_CSIDHX(rounds)(st, st->e, env);
	if (st->pause.err)
		return st->pause.err;
	NOBS_FPX(inv)(&st->c, &st->c);
	NOBS_FPX(mul)(a_out, &st->a, &st->c);
	return 0;
}

/*
 * The stack the group action leaves below its caller holds the last
 * values of every frame under it: curves, points and the temporaries of
 * xDBL, xADD, the field arithmetic and register spills.  Wiping each of
 * those frames at every return would cost a few percent (xDBLADD and the
 * multiplication run hundreds of thousands of times per action); instead
 * the callers of nobs_csidh*_action() overwrite, right after it, more stack
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
NOBS_CSIDHX(scrub_stack)(unsigned int chunks)
{
	u8 buf[NOBS_CSIDH_SCRUB_CHUNK];

	/* Not a tail call: each chunk is a frame below the previous one. */
	if (chunks > 1)
		NOBS_CSIDHX(scrub_stack)(chunks - 1);
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
NOBS_CSIDHX(scrub_shifted)(unsigned int chunks)
{
	u8 buf[NOBS_CSIDH_SCRUB_CHUNK / 2];

	/* Not a tail call: the chunks run below this frame. */
	NOBS_CSIDHX(scrub_stack)(chunks);
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

static void NOBS_CSIDHX(scrub)(void)
{
	unsigned long room = nobs_stack_room(), fit;
	unsigned int n;

	if (room < NOBS_CSIDH_SCRUB_SPARE + NOBS_CSIDH_SCRUB_FRAME)
		return;
	fit = (room - NOBS_CSIDH_SCRUB_SPARE) / NOBS_CSIDH_SCRUB_FRAME;
	n = fit < NOBS_CSIDH_SCRUB_CHUNKS ? (unsigned int)fit :
					    NOBS_CSIDH_SCRUB_CHUNKS;
	NOBS_CSIDHX(scrub_stack)(n);
	NOBS_CSIDHX(scrub_shifted)(n);
}

#include "csidh_validate_tmpl.c"

/* ---- keys ---------------------------------------------------------------- */

/* Unpack; returns 0 or -EINVAL (an exponent outside [-5, 5]). */
static int NOBS_CSIDHX(decode)(s8 e[NOBS_CSIDHX_PRIMES],
			     const u8 sk[NOBS_CSIDHX_PRIVATE_KEY_SIZE])
{
	u32 bad = 0;
	s32 v;
	int i;

	for (i = 0; i < NOBS_CSIDHX_PRIMES; i++) {
		v = (s8)(u8)(sk[i / 2] << ((i % 2) * 4)) >> 4;
		bad |= (u32)((v + NOBS_CSIDHX_MAX_EXPONENT) |
			     (NOBS_CSIDHX_MAX_EXPONENT - v)) >> 31;
		e[i] = (s8)v;
	}
	memzero_explicit(&v, sizeof(v));
	/* the error reveals that some exponent was invalid, nothing more */
	nobs_csidh_public(bad);
	return bad ? -EINVAL : 0;
}

/**
 * nobs_csidh*_check_private_key() - whether a private key is well formed
 * @sk: 37 bytes in the reference encoding
 *
 * Return: 0, or -EINVAL if some exponent is outside [-5, 5].
 */
int NOBS_CSIDHX(check_private_key)(const u8 sk[NOBS_CSIDHX_PRIVATE_KEY_SIZE])
{
	s8 e[NOBS_CSIDHX_PRIMES];
	int err = NOBS_CSIDHX(decode)(e, sk);

	memzero_explicit(e, sizeof(e));
	return err;
}

/**
 * nobs_csidh*_random_private_key() - draw a uniform private key
 * @sk: 37 bytes out; each exponent uniform in [-5, 5] by rejection
 *	sampling of random nibbles (the number of rejections is all the
 *	timing reveals, and it is independent of the accepted values)
 * @env: source of randomness
 */
void NOBS_CSIDHX(random_private_key)(u8 sk[NOBS_CSIDHX_PRIVATE_KEY_SIZE],
				   const struct nobs_csidh_env *env)
{
	u8 buf[64];
	size_t pos = 2 * sizeof(buf);
	unsigned int v;
	int i;

	memset(sk, 0, NOBS_CSIDHX_PRIVATE_KEY_SIZE);
	for (i = 0; i < NOBS_CSIDHX_PRIMES; i++) {
		do {
			if (pos == 2 * sizeof(buf)) {
				env->random(env->ctx, buf, sizeof(buf));
				pos = 0;
			}
			v = (buf[pos / 2] >> ((pos % 2) * 4)) & 0xf;
			pos++;
		} while (v > 2 * NOBS_CSIDHX_MAX_EXPONENT);
		v = (v - NOBS_CSIDHX_MAX_EXPONENT) & 0xf;	/* signed nibble */
		sk[i / 2] |= (u8)(v << (4 - (i % 2) * 4));
	}
	memzero_explicit(buf, sizeof(buf));
	memzero_explicit(&v, sizeof(v));
}

/**
 * nobs_csidh*_public_key() - the public key of a private key
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
int NOBS_CSIDHX(public_key)(u8 pk[NOBS_CSIDHX_PUBLIC_KEY_SIZE],
			  const u8 sk[NOBS_CSIDHX_PRIVATE_KEY_SIZE],
			  const struct nobs_csidh_env *env,
			  struct nobs_csidh_ws *ws)
{
	struct nobs_csidh_state *st = NOBS_CSIDHX(ws_state)(ws);
	struct NOBS_FPX_T a;
	int err;

	memset(pk, 0, NOBS_CSIDHX_PUBLIC_KEY_SIZE);
	err = NOBS_CSIDHX(decode)(st->e, sk);
	if (!err) {
		err = NOBS_CSIDHX(action)(&a, &NOBS_FPX(zero), st, env);
		NOBS_CSIDHX(scrub)();
		if (!err)
			NOBS_FPX(to_bytes)(pk, &a);
		memzero_explicit(&a, sizeof(a));
	}
	memzero_explicit(ws, sizeof(*ws));
	return err;
}
EXPORT_SYMBOL_IF_KUNIT(NOBS_CSIDHX(public_key));

/**
 * nobs_csidh*_shared_secret() - the shared secret with a peer
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
int NOBS_CSIDHX(shared_secret)(u8 ss[NOBS_CSIDHX_SHARED_SECRET_SIZE],
			     const u8 sk[NOBS_CSIDHX_PRIVATE_KEY_SIZE],
			     const u8 peer[NOBS_CSIDHX_PUBLIC_KEY_SIZE],
			     const struct nobs_csidh_env *env,
			     struct nobs_csidh_ws *ws)
{
	struct nobs_csidh_state *st = NOBS_CSIDHX(ws_state)(ws);
	struct NOBS_FPX_T a;
	int err;

	memset(ss, 0, NOBS_CSIDHX_SHARED_SECRET_SIZE);
	err = NOBS_FPX(from_bytes)(&a, peer) ? -EINVAL :
					     NOBS_CSIDHX(validate_fp)(&a, env, ws);
	if (!err)
		err = NOBS_CSIDHX(decode)(st->e, sk);
	if (!err) {
		err = NOBS_CSIDHX(action)(&a, &a, st, env);
		NOBS_CSIDHX(scrub)();
		if (!err)
			NOBS_FPX(to_bytes)(ss, &a);
	}
	memzero_explicit(&a, sizeof(a));
	memzero_explicit(ws, sizeof(*ws));
	return err;
}
EXPORT_SYMBOL_IF_KUNIT(NOBS_CSIDHX(shared_secret));
