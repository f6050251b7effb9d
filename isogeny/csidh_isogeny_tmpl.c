// SPDX-License-Identifier: GPL-2.0
/*
 * The CSIDH engine, second part (a template, see csidh_curve_tmpl.c):
 * odd-degree isogenies, the kernel walk that evaluates them.
 */
#ifndef NOBS_CSIDH_CURVE_TMPL
#error "csidh_isogeny_tmpl.c: include csidh_curve_tmpl.c first"
#endif

/* ---- isogenies ----------------------------------------------------------- */

/*
 * Accumulator for the image of one point under an isogeny (Costello-Hisil):
 * with s_j = Xj + Zj, d_j = Xj - Zj over the kernel points,
 * ax = prod ((X - Z) s_j + (X + Z) d_j), az = prod ((X - Z) s_j - (X + Z) d_j)
 * and the image is (X ax^2 : Z az^2).  The point itself is held as
 * (X + Z, X - Z) during the walk (nobs_csidh*_sd()), so that the walk's
 * frame needs only the two products per point.
 */
struct nobs_csidh_eval {
	struct NOBS_FPX_T ax;
	struct NOBS_FPX_T az;
};

/*
 * p = (X + Z, X - Z) in place; twice is (2 X, 2 Z), the same point
 * (projectively)
 */
static void NOBS_CSIDHX(sd)(struct nobs_csidh_pt *p)
{
	struct NOBS_FPX_T t = p->x;

	NOBS_FPX(add)(&p->x, &t, &p->z);
	NOBS_FPX(sub)(&p->z, &t, &p->z);
	memzero_explicit(&t, sizeof(t));
}

/* r = a^l for a public small exponent l */
static void NOBS_CSIDHX(pow_small)(struct NOBS_FPX_T *r, const struct NOBS_FPX_T *a,
				 unsigned int l)
{
	struct NOBS_FPX_T acc = *a;
	int i = 31 - __builtin_clz(l);

	for (i--; i >= 0; i--) {
		NOBS_FPX(sqr)(&acc, &acc);
		if ((l >> i) & 1)
			NOBS_FPX(mul)(&acc, &acc, a);
	}
	*r = acc;
}

/*
 * The kernel walk's scalar ends, out of its frame: kj = [2] k and its
 * sums s, d; lk = [l] k from kj = [h] k and kprev = [h - 1] k, h = (l - 1)
 * / 2: [h + 1] k, then [2h + 1] k
 */
static noinline void NOBS_CSIDHX(walk_double)(struct nobs_csidh_pt *kj,
					    struct NOBS_FPX_T *s, struct NOBS_FPX_T *d,
					    const struct nobs_csidh_pt *k,
					    const struct nobs_csidh_a24 *c)
{
	NOBS_CSIDHX(xdbl)(kj, k, c);
	NOBS_FPX(add)(s, &kj->x, &kj->z);
	NOBS_FPX(sub)(d, &kj->x, &kj->z);
}

static noinline void NOBS_CSIDHX(walk_lk)(struct nobs_csidh_pt *lk,
					const struct nobs_csidh_pt *kj,
					const struct nobs_csidh_pt *kprev,
					const struct nobs_csidh_pt *k,
					unsigned int l,
					const struct nobs_csidh_a24 *c)
{
	/* public: l */
	if (l == 3)
		NOBS_CSIDHX(xdbl)(lk, k, c);
	else
		NOBS_CSIDHX(xadd)(lk, kj, k, kprev);
	NOBS_CSIDHX(xadd)(lk, lk, kj, k);
}

/* the kernel walk's pending products (see there) */
#define NOBS_CSIDH_WALK_PENDING	3

/**
 * struct nobs_csidh_walk - the kernel walk's working values
 * @kj: the current kernel multiple [j] k
 * @kprev: the one before, [j - 1] k
 * @kn: the next one
 * @s: X + Z of @kj
 * @d: X - Z of @kj
 * @sn: X + Z of the next multiple
 * @dn: X - Z of the next multiple
 * @sk: X + Z of k
 * @dk: X - Z of k
 * @t0: the next multiple's first products
 * @t1: the next multiple's first products
 * @t2: a temporary of the pending images' sums
 * @pa: the pending images' first products
 * @pb: their second products
 * @pz: the operation's yield points
 */
struct nobs_csidh_walk {
	struct nobs_csidh_pause *pz;
	struct nobs_csidh_pt kj, kprev;
	struct NOBS_FPX_T s, d, sk, dk, t0, t1, t2;
	struct nobs_csidh_pt kn;
	struct NOBS_FPX_T sn, dn;
	struct NOBS_FPX_T pa[NOBS_CSIDH_WALK_PENDING], pb[NOBS_CSIDH_WALK_PENDING];
};

#ifdef NOBS_CSIDH_VEC
/*
 * Kernel multiples between two ends of the vector walk's section (the
 * kernel's preemption points, and the walk's yield points): 32 multiples
 * with the most points a push carries take about 20 us on an AMD EPYC
 * (Zen 4) with IFMA, the longest section of any operation
 * (tests/user/csidh_latency.c), under the 50 us a section may take.
 * Without vector code, a yield point after every multiple.
 */
#define NOBS_CSIDH_WALK_SECTION	32
#define NOBS_CSIDH_VEC_BEGIN()	nobs_fp_vec_begin()
#else
#define NOBS_CSIDH_WALK_SECTION	1
#define NOBS_CSIDH_VEC_BEGIN()	false
#endif

/* two products r[i] = a[i] b[i] (the same pointers: a square) */
struct nobs_csidh_unit {
	struct NOBS_FPX_T *r[2];
	const struct NOBS_FPX_T *a[2], *b[2];
};

/*
 * A unit of the walk: in a vector section (vec) kept for
 * nobs_csidh*_units(), which computes it with the call's other unit as
 * four lanes; else its two products now, in lane order (the same
 * products, values and counts either way).
 */
static __always_inline void
NOBS_CSIDHX(unit)(struct nobs_csidh_unit *u, bool vec,
		  struct NOBS_FPX_T *r0, const struct NOBS_FPX_T *a0,
		  const struct NOBS_FPX_T *b0, struct NOBS_FPX_T *r1,
		  const struct NOBS_FPX_T *a1, const struct NOBS_FPX_T *b1)
{
	/* public: vec */
	if (vec) {
		u->r[0] = r0;
		u->a[0] = a0;
		u->b[0] = b0;
		u->r[1] = r1;
		u->a[1] = a1;
		u->b[1] = b1;
		return;
	}
	NOBS_FPX(mul_or_sqr)(r0, a0, b0);
	NOBS_FPX(mul_or_sqr)(r1, a1, b1);
}

/*
 * The units a call kept in a vector section: two as four lanes, one as
 * two products (what its lanes compute, in lane order)
 */
static noinline void NOBS_CSIDHX(units)(const struct nobs_csidh_unit *u,
				      int nu)
{
#ifdef NOBS_CSIDH_VEC
	struct NOBS_FPX_T *r[4];
	const struct NOBS_FPX_T *a[4], *b[4];
	int i;

	/* public (here and below): the schedule, from n and the table */
	if (nu == 2) {
		for (i = 0; i < 4; i++) {
			r[i] = u[i / 2].r[i % 2];
			a[i] = u[i / 2].a[i % 2];
			b[i] = u[i / 2].b[i % 2];
		}
		NOBS_FPX(mul4)(r, a, b, true);
		return;
	}
	for (i = 0; i < 2 * nu; i++)
		NOBS_FPX(mul_or_sqr)(u[i / 2].r[i % 2], u[i / 2].a[i % 2],
				     u[i / 2].b[i % 2]);
#else
	(void)u;
	(void)nu;
#endif
}

/*
 * The kernel walk's start, out of its frame (the deepest path stays
 * short): its multiples from k, and [2] k with its sums when l > 3.
 */
static noinline void NOBS_CSIDHX(walk_start)(struct nobs_csidh_walk *w,
					     const struct nobs_csidh_pt *k,
					     unsigned int l,
					     const struct nobs_csidh_a24 *c)
{
	w->kj = *k;
	w->kprev = *k;
	NOBS_FPX(add)(&w->sk, &k->x, &k->z);
	NOBS_FPX(sub)(&w->dk, &k->x, &k->z);
	w->s = w->sk;
	w->d = w->dk;
	w->sn = w->s;
	w->dn = w->d;
	/* public: l */
	if (l > 3)
		NOBS_CSIDHX(walk_double)(&w->kj, &w->sn, &w->dn, k, c);
}

/*
 * Walk the kernel points [j] k, j = 1 .. (l - 1) / 2 (xDBL, then
 * differential additions: 6 products per point), folding each into the
 * images of the n points pts[] (4 per point and kernel point; each given
 * as (X + Z, X - Z), see nobs_csidh*_sd()) and, if ps and pd are given,
 * into the codomain products prod s_j, prod d_j (2 more).  Nothing of the
 * kernel is stored, so the frame stays small whatever l.  The caller has
 * set w up with nobs_csidh*_walk_start() first.  The last two
 * multiples stay in w->kj and w->kprev, from which the caller may get
 * [l] k (nobs_csidh*_walk_lk(), outside this frame): right when no [j] k,
 * j <= (l + 1) / 2, is at infinity, i.e. when every prime in the order of
 * k is at least l (or k is at infinity: then so is [l] k, with Z = 0).
 *
 * The products go two by two: four lanes at a time in a vector section
 * with vector code, else as scalar products (the same values, operations
 * and counts either way).  Step j computes the images' and the codomain's
 * products of the multiple [j] k and, beside them, the next multiple
 * [j + 1] k (three dependent pairs of products: (s dk, d sk), their
 * squares, times the difference's coordinates), so that every call but a
 * few carries four products.
 * Units, each two products: K (the next multiple's stage), P1 of point i
 * ((X - Z) s, (X + Z) d), P2 of point i (both accumulators; after its P1),
 * C (ps, pd).  Each call takes the K stage due, then P2s ready, then P1s,
 * then C.  A yield point every NOBS_CSIDH_WALK_SECTION multiples, which
 * ends the vector section and opens another.
 *
 * At most two points have their first products done and their
 * accumulators not (a call with a K stage takes one P unit; one without
 * takes P2s first), so their products live in a ring of three (pa, pb):
 * a call's P1 never writes the slot its P2 reads, whether the units'
 * products are made at once (outside a vector section) or at the call's
 * end.  A P2's sums go through t2, which nothing else uses.
 */
static noinline NOBS_CSIDHX_WIDE_FRAME
void NOBS_CSIDHX(kernel_walk)(struct NOBS_FPX_T *ps,
			    struct NOBS_FPX_T *pd,
			    struct nobs_csidh_eval *ev,
			    struct nobs_csidh_pt *const *pts,
			    int n, unsigned int l,
			    struct nobs_csidh_walk *w)
{
	struct nobs_csidh_unit u[2];
	unsigned int j, h = (l - 1) / 2;
	int i, nu, kst, p1, p1done, p2, x;
	bool vec = NOBS_CSIDH_VEC_BEGIN(), cod;

	for (i = 0; i < n; i++) {
		ev[i].ax = NOBS_FPX(one);
		ev[i].az = NOBS_FPX(one);
	}
	if (ps) {
		*ps = NOBS_FPX(one);
		*pd = NOBS_FPX(one);
	}
	for (j = 1; j <= h; j++) {
		/* public (here and below): j, h, n, ps: the table's shape */
		/* kst: the next multiple's stage due (1-3), 0 none */
		kst = j < h && j > 1 ? 1 : 0;
		cod = ps != NULL;
		p1 = 0;
		p1done = 0;
		p2 = 0;
		while (kst || p2 < n || cod) {
			nu = 0;
			if (kst == 1)
				NOBS_CSIDHX(unit)(&u[nu++], vec, &w->t0, &w->s,
						  &w->dk, &w->t1, &w->d, &w->sk);
			if (kst == 2) {
				/* [j + 1] k = [j] k + k, difference [j - 1] k */
				NOBS_FPX(add)(&w->sn, &w->t0, &w->t1);
				NOBS_FPX(sub)(&w->dn, &w->t0, &w->t1);
				NOBS_CSIDHX(unit)(&u[nu++], vec, &w->sn, &w->sn,
						  &w->sn, &w->dn, &w->dn, &w->dn);
			}
			if (kst == 3)
				NOBS_CSIDHX(unit)(&u[nu++], vec, &w->kn.x,
						  &w->kprev.z, &w->sn, &w->kn.z,
						  &w->kprev.x, &w->dn);
			while (nu < 2 && p2 < p1done) {
				x = p2 % NOBS_CSIDH_WALK_PENDING;
				NOBS_FPX(add)(&w->t2, &w->pa[x], &w->pb[x]);
				NOBS_FPX(sub)(&w->pb[x], &w->pa[x], &w->pb[x]);
				w->pa[x] = w->t2;
				NOBS_CSIDHX(unit)(&u[nu++], vec, &ev[p2].ax,
						  &ev[p2].ax, &w->pa[x], &ev[p2].az,
						  &ev[p2].az, &w->pb[x]);
				p2++;
			}
			while (nu < 2 && p1 < n) {
				/* (X - Z) s_j, (X + Z) d_j */
				x = p1 % NOBS_CSIDH_WALK_PENDING;
				NOBS_CSIDHX(unit)(&u[nu++], vec, &w->pa[x],
						  &pts[p1]->z, &w->s, &w->pb[x],
						  &pts[p1]->x, &w->d);
				p1++;
			}
			if (nu < 2 && cod) {
				NOBS_CSIDHX(unit)(&u[nu++], vec, ps, ps, &w->s,
						  pd, pd, &w->d);
				cod = false;
			}
			/* public: vec */
			if (vec)
				NOBS_CSIDHX(units)(u, nu);
			p1done = p1;
			if (kst == 3) {
				w->kprev = w->kj;
				w->kj = w->kn;
				NOBS_FPX(add)(&w->sn, &w->kj.x, &w->kj.z);
				NOBS_FPX(sub)(&w->dn, &w->kj.x, &w->kj.z);
				kst = 0;
			} else if (kst) {
				kst++;
			}
		}
		w->s = w->sn;
		w->d = w->dn;
		if (!(j % NOBS_CSIDH_WALK_SECTION)) {
			if (vec)
				nobs_fp_vec_end();
			vec = false;
			if (NOBS_CSIDHX(work)(w->pz, NOBS_CSIDH_WALK_SECTION *
					      (8UL + 4 * n)))
				break;
			vec = NOBS_CSIDH_VEC_BEGIN();
		}
	}
	if (vec)
		nobs_fp_vec_end();
}


/* r = image of p: (X * ax^2 : Z * az^2); r may alias p. */
static noinline void
NOBS_CSIDHX(eval_finish)(struct nobs_csidh_pt *r, const struct nobs_csidh_pt *p,
		       struct nobs_csidh_eval *ev)
{
	NOBS_FPX(sqr)(&ev->ax, &ev->ax);
	NOBS_FPX(sqr)(&ev->az, &ev->az);
	NOBS_FPX(mul)(&r->x, &p->x, &ev->ax);
	NOBS_FPX(mul)(&r->z, &p->z, &ev->az);
}
