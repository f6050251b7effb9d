// SPDX-License-Identifier: GPL-2.0
/*
 * The CSIDH engine's validation of public keys (a template, see
 * csidh_curve_tmpl.c): high-ctidh's and the CSIDH reference's rule, A
 * below p, A != +-2, a point whose order proves the curve supersingular.
 * Included by csidh_action_tmpl.c (the group action's sets), or right
 * after csidh_curve_tmpl.c by a set that only validates
 * (NOBS_CSIDHX_VALIDATE_ONLY: csidh2048.c, for CTIDH-2048's prime).
 */
#ifndef NOBS_CSIDH_CURVE_TMPL
#error "csidh_validate_tmpl.c: include csidh_curve_tmpl.c first"
#endif

/* ---- validation (public input, variable time) --------------------------- */

/*
 * Levels of the validation's product tree: the node at depth d covers at
 * most ceil(NOBS_CSIDHX_PRIMES / 2^d) primes, so depth
 * ceil(log2(NOBS_CSIDHX_PRIMES)) has the leaves.
 */
#define NOBS_CSIDH_TREE_LEVELS	9
_Static_assert((1 << (NOBS_CSIDH_TREE_LEVELS - 1)) >= NOBS_CSIDHX_PRIMES,
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
 * @c: the curve (A + 2 : 4)
 * @t: a temporary
 * @a: the key's A, for nobs_csidh*_validate()
 *
 * The tree is walked with this explicit stack rather than by recursion,
 * so that validation stays as shallow as the group action; the curve and
 * the field elements are here too, off the frames (CTIDH-2048's are 256
 * bytes each).
 */
struct nobs_csidh_vstate {
	struct nobs_csidh_pt pt[NOBS_CSIDH_TREE_LEVELS];
	struct {
		s16 lo, hi;
		u8 done;
	} node[NOBS_CSIDH_TREE_LEVELS];
	struct nobs_csidh_pt q;
	struct nobs_csidh_pt reg[3];
	u64 k[NOBS_CSIDHX_SCALAR_LIMBS];
	struct nobs_csidh_pause pz;
	struct nobs_csidh_a24 c;
	struct NOBS_FPX_T t, a;
};

/*
 * v->pt[0] is [m] P for m = 4 times the product of the primes outside
 * [lo, hi) (so m = 4 at the root); find which l_j, j in [lo, hi), divide
 * the order of P, depth first, the left half of each node first.  Adds
 * floor(log2 l_j) to *bits for each, and stops looking once *bits reaches
 * NOBS_CSIDHX_ORDER_BITS or a node's point is infinity.  Returns -EINVAL if
 * some [l_j] ([m / l_j] P) is not infinity (the order of P does not
 * divide p + 1), or the yield hook's error.
 */
static int NOBS_CSIDHX(orders)(struct nobs_csidh_vstate *v,
			     const struct nobs_csidh_a24 *c, int *bits)
{
	int d = 0, lo, mid, hi;

	v->node[0].lo = 0;
	v->node[0].hi = NOBS_CSIDHX_PRIMES;
	v->node[0].done = 0;
	while (d >= 0) {
		lo = v->node[d].lo;
		hi = v->node[d].hi;
		mid = lo + (hi - lo) / 2;
		if (v->node[d].done == 2 ||
		    (!v->node[d].done && (*bits >= NOBS_CSIDHX_ORDER_BITS ||
					  NOBS_FPX(is_zero)(&v->pt[d].z)))) {
			d--;
			continue;
		}
		if (hi - lo == 1) {
			/* public: a short ladder */
			if (NOBS_CSIDHX(work)(&v->pz, 8UL * 10))
				return v->pz.err;
			NOBS_CSIDHX(xmul_u64)(&v->q, &v->pt[d],
					    NOBS_CSIDHX(primes)[lo], c, v->reg);
			if (!NOBS_FPX(is_zero)(&v->q.z))
				return -EINVAL;
			*bits += 31 - __builtin_clz(NOBS_CSIDHX(primes)[lo]);
			d--;
			continue;
		}
		/* the left child drops the right half's primes, and back */
		if (!v->node[d].done)
			NOBS_CSIDHX(scalar_product)(v->k, NULL, 0, mid, hi);
		else
			NOBS_CSIDHX(scalar_product)(v->k, NULL, 0, lo, mid);
		NOBS_CSIDHX(xmul)(&v->pt[d + 1], &v->pt[d], v->k,
				NOBS_CSIDHX_SCALAR_LIMBS, c, v->reg, &v->pz);
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
static struct nobs_csidh_vstate *NOBS_CSIDHX(ws_vstate)(struct nobs_csidh_ws *ws)
{
	_Static_assert(sizeof(struct nobs_csidh_vstate) <=
		       sizeof(struct nobs_csidh_ws),
		       "NOBS_CSIDH_WS_SIZE is too small for this set");
	return (struct nobs_csidh_vstate *)ws;
}

/* 0, -EINVAL, or the yield hook's error; uses the workspace (a may be in it) */
static noinline int NOBS_CSIDHX(validate_fp)(const struct NOBS_FPX_T *a,
					   const struct nobs_csidh_env *env,
					   struct nobs_csidh_ws *ws)
{
	struct nobs_csidh_vstate *v = NOBS_CSIDHX(ws_vstate)(ws);
	struct nobs_csidh_a24 *c = &v->c;
	int bits, err;
	u64 x;

	NOBS_FPX(set_u64)(&v->t, 2);
	if (NOBS_FPX(eq)(a, &v->t))
		return -EINVAL;
	NOBS_FPX(neg)(&v->t, &v->t);
	if (NOBS_FPX(eq)(a, &v->t))
		return -EINVAL;
	NOBS_CSIDHX(to_a24)(c, a, &NOBS_FPX(one));
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
		NOBS_FPX(set_u64)(&v->pt[0].x, x);
		v->pt[0].z = NOBS_FPX(one);
		NOBS_CSIDHX(xdbl)(&v->pt[0], &v->pt[0], c);
		NOBS_CSIDHX(xdbl)(&v->pt[0], &v->pt[0], c);
		bits = 0;
		err = NOBS_CSIDHX(orders)(v, c, &bits);
		if (err)
			return err;
		if (bits >= NOBS_CSIDHX_ORDER_BITS)
			return 0;
	}
	return -EINVAL;
}

/**
 * nobs_csidh*_validate() - check a peer's public key
 * @pk: 64 bytes, A in Montgomery form
 * @env: the yield hook (its randomness is not used)
 * @ws: the check's workspace (any content; wiped before the return)
 *
 * Variable time (the key is public).
 *
 * Return: 0 if A < p, A != +-2 and E_A is supersingular; -EINVAL if not;
 * or the yield hook's error if it stopped the check.
 */
int NOBS_CSIDHX(validate)(const u8 pk[NOBS_CSIDHX_PUBLIC_KEY_SIZE],
			const struct nobs_csidh_env *env,
			struct nobs_csidh_ws *ws)
{
	struct nobs_csidh_vstate *v = NOBS_CSIDHX(ws_vstate)(ws);
	int err;

	err = NOBS_FPX(from_bytes)(&v->a, pk) ? -EINVAL :
					      NOBS_CSIDHX(validate_fp)(&v->a, env, ws);
	memzero_explicit(ws, sizeof(*ws));
	return err;
}
