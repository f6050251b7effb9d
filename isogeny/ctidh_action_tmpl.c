// SPDX-License-Identifier: GPL-2.0
/*
 * The CTIDH engine: the constant-time class group action of
 *
 *	G. Banegas, D. J. Bernstein, F. Campos, T. Chou, T. Lange, M. Meyer,
 *	B. Smith, J. Sotáková, "CTIDH: faster constant-time CSIDH", TCHES
 *	2021(4), https://eprint.iacr.org/2021/633
 *
 * for one parameter set, whose .c file (ctidh512.c) defines its inputs
 * and includes this template; never compiled alone.  Every function and
 * table it defines, static ones included, is NOBS_CTIDHX(name), so that
 * each set's symbols are its own; its struct tags are plain.
 *
 * Its inputs (the #error below lists them):
 *
 *	NOBS_CTIDHX(name)	the set's prefix: nobs_ctidh512_##name
 *	NOBS_CTIDHX_PRIMES, NOBS_CTIDHX_BATCHES	its primes and batches
 *	NOBS_CTIDHX_PRIVATE_KEY_SIZE, NOBS_CTIDHX_PUBLIC_KEY_SIZE,
 *	NOBS_CTIDHX_SHARED_SECRET_SIZE	the encodings' sizes, in bytes
 *	NOBS_CTIDHX_VALIDATE	the public-key check of its prime (the CSIDH
 *				core's validate(), same curves)
 *	NOBS_CTIDHX_SAMPLE_MASK	the mask of the top byte of Elligator's u
 *	NOBS_CTIDHX_YIELD_WORK	field multiplications and squarings between
 *				two yields at most (about): 1 ms of the
 *				set's generic C field, which is slowest
 *	NOBS_CTIDHX_BABIES	square-root Vélu's most baby steps (even; 0:
 *				plain Vélu only), their room in the state
 *	NOBS_FPX(name), NOBS_FPX_T, NOBS_FPX_LIMBS	its field (fp_tmpl.h)
 *	NOBS_CTIDHX_VEC		optional: the field has four-lane vector code
 *				for nobs_fp*_mul4() (its header's
 *				NOBS_FP<bits>_VEC); see "Four lanes" below
 *	NOBS_CTIDHX_VEC_WORK	optional, with it: the most field operations
 *				in one vector section (about; default
 *				NOBS_CTIDHX_YIELD_WORK, the yields' bound)
 *	NOBS_CTIDH_TABLE_PRIMES, NOBS_CTIDH_TABLE_BATCHES and the tables
 *	NOBS_CTIDHX(primes), NOBS_CTIDHX(batch_size), NOBS_CTIDHX(batch_bound)
 *
 * The private key is one exponent e_i per prime l_i; the primes form
 * batches of consecutive primes, and a key is valid when each batch's
 * L1 norm sum |e_i| is at most the batch's bound (refused with -EINVAL
 * otherwise).  The action runs, per batch, exactly its bound's number of
 * successful isogeny steps; which prime of the batch a step uses, its
 * sign, and whether it is real or a dummy are secret:
 *
 * - each round takes the batches with steps left (public), and picks in
 *   each, with masks, the first prime whose exponent is not yet used up
 *   (a dummy step on the batch's first prime when none is);
 * - one Elligator 2 sample gives a point on the curve and one on its
 *   twist; both are multiplied by 4 and the primes of the batches not in
 *   the round (public), and by every prime of each round's batch but the
 *   picked one (a secret list, each a ladder over the bit length of the
 *   batch's largest prime);
 * - per batch of the round, the point of the step's sign (a conditional
 *   swap) times the later batches' picked primes is the kernel K; a step
 *   goes on if K is not at infinity, and with a random coin that makes
 *   the success probability 1 - 1/(the batch's smallest prime) whatever
 *   the picked prime: that outcome is the only thing revealed (public);
 * - the isogeny is a Matryoshka one: Vélu's formulas for the batch's
 *   largest prime, the steps beyond the picked prime's (l - 1) / 2
 *   multiplying by one (masks), the codomain's a^l and d^l by a ladder
 *   over the largest prime's bit length; real and dummy steps compute the
 *   same, and a masked move keeps the new curve and points for a real one.
 *
 * Isogenies (Costello-Hisil images, Meyer-Reith codomain through the
 * twisted Edwards form) and points are x-only, projective, as in the
 * CSIDH engine (csidh_curve_tmpl.c), whose formulas these are; kept here
 * in their plain form (ladders, plain Vélu) until the two engines share
 * their layer and CTIDH gets its addition chains and square-root Vélu.
 *
 * What the timing reveals: per round, the batches in it and, per batch,
 * whether its step succeeded (random, with a distribution that does not
 * depend on the key), and Elligator's rejections of random u (about
 * never).  These values go through nobs_ctidh_public() before a branch
 * reads them; tests/user/test_ctidh_ops.c checks that the field
 * operations between two such events depend on them only.
 */
#if !defined(NOBS_CTIDHX) || !defined(NOBS_CTIDHX_PRIMES) || \
	!defined(NOBS_CTIDHX_BATCHES) || \
	!defined(NOBS_CTIDHX_PRIVATE_KEY_SIZE) || \
	!defined(NOBS_CTIDHX_PUBLIC_KEY_SIZE) || \
	!defined(NOBS_CTIDHX_SHARED_SECRET_SIZE) || \
	!defined(NOBS_CTIDHX_VALIDATE) || !defined(NOBS_CTIDHX_SAMPLE_MASK) || \
	!defined(NOBS_CTIDHX_YIELD_WORK) || \
	!defined(NOBS_CTIDHX_BABIES) || \
	!defined(NOBS_FPX) || !defined(NOBS_FPX_T) || !defined(NOBS_FPX_LIMBS) || \
	!defined(NOBS_CTIDH_TABLE_PRIMES) || !defined(NOBS_CTIDH_TABLE_BATCHES)
#error "ctidh_action_tmpl.c: a parameter set defines its inputs first (see above)"
#endif

#if defined(NOBS_CTIDHX_VEC) && !defined(NOBS_CTIDHX_VEC_WORK)
#define NOBS_CTIDHX_VEC_WORK	NOBS_CTIDHX_YIELD_WORK
#endif

#if (NOBS_CTIDH_TABLE_PRIMES - NOBS_CTIDHX_PRIMES) || \
	(NOBS_CTIDH_TABLE_BATCHES - NOBS_CTIDHX_BATCHES)
#error "the CTIDH tables are for another parameter set"
#endif

#ifdef NOBS_CSIDH_VALGRIND
#include <valgrind/memcheck.h>
#define nobs_ctidh_public(v)	VALGRIND_MAKE_MEM_DEFINED(&(v), sizeof(v))
#else
/* Marks a value derived from secrets that the algorithm may reveal. */
#define nobs_ctidh_public(v)	((void)(v))
#endif

/*
 * NOBS_CTIDH_COUNT (the harness's test_ctidh_ops only): the action calls
 * nobs_ctidh_count_event() at each public event with what the event says
 * (the round's batches as a bit mask, the step's place in the round, its
 * outcome), so the test can check that the field operations between two
 * events depend on that alone.
 */
#ifdef NOBS_CTIDH_COUNT
void nobs_ctidh_count_event(int kind, u32 batches, int step, int outcome);
#else
static inline void nobs_ctidh_count_event(int kind __always_unused,
					  u32 batches __always_unused,
					  int step __always_unused,
					  int outcome __always_unused)
{
}
#endif
/*
 * An event's outcome also says which way the action goes (public): 256
 * where it clears both points of every round in lockstep
 * (NOBS_CTIDHX(round)()), so that the counts of each way are compared
 * among themselves.
 */
#ifdef NOBS_CTIDHX_VEC
#define NOBS_CTIDH_WAY(st)	((st)->pairs ? 256 : 0)
#ifdef NOBS_CSIDH_VALGRIND
/* test_ctidh_ct: the lockstep way also where valgrind runs no vector code */
#define NOBS_CTIDH_PAIRS()	(nobs_fp_vec_name() || nobs_ctidh_test_pairs())
#else
#define NOBS_CTIDH_PAIRS()	(nobs_fp_vec_name() != NULL)
#endif
#else
#define NOBS_CTIDH_WAY(st)	((void)(st), 0)
#endif
#define NOBS_CTIDH_EV_START	0	/* an action starts */
#define NOBS_CTIDH_EV_SAMPLED	1	/* a round's points are ready */
#define NOBS_CTIDH_EV_STEP	2	/* a batch's step's outcome is known */
#define NOBS_CTIDH_EV_END	3	/* the action ended */
#define NOBS_CTIDH_EV_REJECT	4	/* Elligator rejected a random u */

_Static_assert(NOBS_CTIDHX_BATCHES <= 32, "a round's batches are a u32 mask");

struct nobs_ctidh_pt {
	struct NOBS_FPX_T x;
	struct NOBS_FPX_T z;
};

/**
 * struct nobs_ctidh_state - the group action's state, in the workspace
 * @todo: |e_i| not yet used (secret)
 * @neg: -1 where e_i < 0, else 0 (secret)
 * @left: the steps each batch has still to run (public)
 * @batch: the round's batches, in order (public)
 * @pick: per round batch, the index of the picked prime (secret)
 * @prime: per round batch, the picked prime (secret)
 * @chain: per round batch, the picked prime's addition chain (secret;
 *	NOBS_CTIDHX(chain)())
 * @real: per round batch, all ones if the step is real, 0 if dummy
 * @sign: per round batch, all ones if the step is negative
 * @rest: per prime index, the chains of the primes of its batch but the
 *	picked one, in the batch's slots after its first (secret)
 * @a: the curve's A, projectively (A : C) with @c
 * @c: see @a
 * @a24: A + 2C, the ladder's curve constant with @c24
 * @c24: 4C
 * @p: the round's points: p[0] on the curve, p[1] on its twist, except
 *	while a negative step has them swapped
 * @k: the step's kernel point
 * @img: the images of @p under the step's isogeny
 * @na: the codomain (@na : @nc)
 * @nc: see @na
 * @mul: the kernel multiples: s K, (s - 1) K and a temporary; outside
 *	the isogeny, a ladder's two points and its difference
 * @pa: the isogeny's product of X_s + Z_s over its kernel multiples
 * @pd: its product of X_s - Z_s
 * @sx: per pushed point, the product its image's X takes
 * @sz: the same for Z
 * @qm: per pushed point, X - Z (square-root Vélu's pairs: X^2 + Z^2)
 * @qp: per pushed point, X + Z (the pairs: 2 X Z)
 * @tmp: the isogeny's temporaries
 * @baby: square-root Vélu's baby steps j K: (X - Z)^2, (X + Z)^2, X^2 - Z^2
 * @giant: a giant step's values (NOBS_CTIDHX(giant)())
 * @qd: per pushed point, X^2 - Z^2 (the pairs)
 * @r: an addition chain's points (NOBS_CTIDHX(xmul)()); the isogeny's
 *	kernel multiples s K, (s - 1) K and a temporary
 * @r2: with vector code, two chains' points in lockstep
 *	(NOBS_CTIDHX(xmul2)()), as @r one chain's
 * @lane: with vector code, the temporaries of the two points' or pushed
 *	points' formulas in lockstep, [what][which point]
 * @qr: with vector code, the queued products qr[k] = qa[k] qb[k]
 *	(NOBS_CTIDHX(vmul)()), @qn of them
 * @qa: see @qr
 * @qb: see @qr
 * @qn: see @qr
 * @vec: with vector code, whether a vector section is open (public)
 * @vwork: with vector code, multiplications and squarings since the
 *	vector section opened (public)
 * @pairs: with vector code, whether the action clears both points of
 *	every round in lockstep (the vector code was chosen; public)
 * @env: the caller's hooks
 * @work: multiplications and squarings since the last yield (public)
 * @err: 0, or what the yield hook answered to stop
 *
 * Elligator, at a round's start, uses @pa, @pd, @na, @nc and @sx as its
 * temporaries (the isogeny sets them anew): six field elements off its
 * frame, as @tmp are off the isogeny's; both kept ctidh1024's action over
 * 2 KiB of stack on arm64.
 */
struct nobs_ctidh_state {
	s8 todo[NOBS_CTIDHX_PRIMES];
	s8 neg[NOBS_CTIDHX_PRIMES];
	s64 left[NOBS_CTIDHX_BATCHES];
	int batch[NOBS_CTIDHX_BATCHES];
	s64 pick[NOBS_CTIDHX_BATCHES];
	s64 prime[NOBS_CTIDHX_BATCHES];
	s32 chain[NOBS_CTIDHX_BATCHES];
	s64 real[NOBS_CTIDHX_BATCHES];
	s64 sign[NOBS_CTIDHX_BATCHES];
	s32 rest[NOBS_CTIDHX_PRIMES];
	struct NOBS_FPX_T a, c, a24, c24;
	struct nobs_ctidh_pt p[2], k, img[2];
	struct NOBS_FPX_T na, nc;
	struct NOBS_FPX_T pa, pd, sx[2], sz[2], qm[2], qp[2], tmp[4];
#if NOBS_CTIDHX_BABIES
	struct NOBS_FPX_T baby[NOBS_CTIDHX_BABIES][3], giant[5];
	struct NOBS_FPX_T qd[2];
#endif
	struct nobs_ctidh_pt r[5];
#ifdef NOBS_CTIDHX_VEC
	struct nobs_ctidh_pt r2[5][2];
	struct NOBS_FPX_T lane[4][2];
	struct NOBS_FPX_T *qr[4];
	const struct NOBS_FPX_T *qa[4], *qb[4];
	int qn;
	bool vec;
	bool pairs;
	unsigned long vwork;
#endif
	const struct nobs_csidh_env *env;
	unsigned long work;
	int err;
};

/*
 * All ones if x is negative, else 0; hidden from the optimiser (as the
 * field's masks are, fp_tmpl.c), which would otherwise turn a masked
 * update of every slot back into a branch or into a store at a secret
 * index.  A public index compared with a secret one is hidden too: else
 * gcc walks the slots by their distance to the secret one, an address
 * and a loop bound computed from it (test_ctidh_ct saw both).
 */
static __always_inline s64 NOBS_CTIDHX(hide)(s64 x)
{
	__asm__("" : "+r"(x));
	return x;
}

static __always_inline s64 NOBS_CTIDHX(mask_neg)(s64 x)
{
	return NOBS_CTIDHX(hide)((s64)(0 - ((u64)x >> 63)));
}

/* all ones if x is not zero, else 0 */
static __always_inline s64 NOBS_CTIDHX(mask_nonzero)(s64 x)
{
	return NOBS_CTIDHX(mask_neg)(x | -x);
}

/* The bit length of a (public) prime: a ladder's number of steps. */
static int NOBS_CTIDHX(bits)(unsigned int v)
{
	int n = 0;

	while (v) {
		n++;
		v >>= 1;
	}
	return n;
}

/* The index of batch b's first prime (public). */
static int NOBS_CTIDHX(start)(int b)
{
	int i, s = 0;

	for (i = 0; i < b; i++)
		s += NOBS_CTIDHX(batch_size)[i];
	return s;
}

/* Call the yield hook, if any; its error ends the action. */
static bool NOBS_CTIDHX(pause)(struct nobs_ctidh_state *st)
{
#ifdef NOBS_CTIDHX_VEC
	/* no yield in a vector section: closed, and opened again after */
	bool vec = st->vec;

	if (vec)
		nobs_fp_vec_end();
	st->vwork = 0;
#endif
	st->work = 0;
	if (st->env->yield && !st->err)
		st->err = st->env->yield(st->env->ctx);
#ifdef NOBS_CTIDHX_VEC
	if (vec)
		st->vec = nobs_fp_vec_begin();
#endif
	return st->err != 0;
}

/*
 * n multiplications and squarings done, counted at places that public
 * data sets (a ladder's bit, a Vélu step, a bit of a public exponent):
 * the yield hook once NOBS_CTIDHX_YIELD_WORK of them piled up since the
 * last yield, so that its calls are at most about that far apart (and
 * at public places) however large the field; an error it answers ends
 * the round at its next check.
 */
static void NOBS_CTIDHX(work)(struct nobs_ctidh_state *st, unsigned long n)
{
	st->work += n;
	if (st->work >= NOBS_CTIDHX_YIELD_WORK) {
		NOBS_CTIDHX(pause)(st);
		return;
	}
#ifdef NOBS_CTIDHX_VEC
	/* a vector section ends after NOBS_CTIDHX_VEC_WORK, another opens */
	st->vwork += n;
	if (st->vwork >= NOBS_CTIDHX_VEC_WORK) {
		st->vwork = 0;
		if (st->vec) {
			nobs_fp_vec_end();
			st->vec = nobs_fp_vec_begin();
		}
	}
#endif
}

/* (a24 : c24) = (A + 2C : 4C) of the curve (a : c) */
static void NOBS_CTIDHX(curve24)(struct nobs_ctidh_state *st)
{
	NOBS_FPX(add)(&st->c24, &st->c, &st->c);
	NOBS_FPX(add)(&st->a24, &st->a, &st->c24);
	NOBS_FPX(add)(&st->c24, &st->c24, &st->c24);
}

static void NOBS_CTIDHX(pt_cswap)(struct nobs_ctidh_pt *p,
				  struct nobs_ctidh_pt *q, u64 bit)
{
	NOBS_FPX(cswap)(&p->x, &q->x, bit);
	NOBS_FPX(cswap)(&p->z, &q->z, bit);
}

static void NOBS_CTIDHX(pt_cmov)(struct nobs_ctidh_pt *p,
				 const struct nobs_ctidh_pt *q, u64 bit)
{
	NOBS_FPX(cmov)(&p->x, &q->x, bit);
	NOBS_FPX(cmov)(&p->z, &q->z, bit);
}

/*
 * q = 2 p on the curve (a24 : c24); q may be p.  q holds the squares
 * once p is read: two temporaries in the frame, not three (each is 256
 * bytes at 2048 bits).
 */
static void NOBS_CTIDHX(xdbl)(struct nobs_ctidh_pt *q,
			      const struct nobs_ctidh_pt *p,
			      const struct nobs_ctidh_state *st)
{
	struct NOBS_FPX_T t0, t1;

	NOBS_FPX(add)(&t0, &p->x, &p->z);
	NOBS_FPX(sub)(&t1, &p->x, &p->z);
	NOBS_FPX(sqr)(&q->x, &t0);		/* s = (X + Z)^2 */
	NOBS_FPX(sqr)(&q->z, &t1);		/* d = (X - Z)^2 */
	NOBS_FPX(sub)(&t1, &q->x, &q->z);	/* t = 4 X Z */
	NOBS_FPX(mul)(&t0, &q->z, &st->c24);	/* d c24 */
	NOBS_FPX(mul)(&q->x, &q->x, &t0);
	NOBS_FPX(mul)(&q->z, &t1, &st->a24);
	NOBS_FPX(add)(&t0, &t0, &q->z);
	NOBS_FPX(mul)(&q->z, &t0, &t1);
}

/*
 * r = p + q, where diff = p - q; r may be p or q, never diff.  r holds a
 * temporary once p and q are read: two in the frame, not three.
 */
static void NOBS_CTIDHX(xadd)(struct nobs_ctidh_pt *r,
			      const struct nobs_ctidh_pt *p,
			      const struct nobs_ctidh_pt *q,
			      const struct nobs_ctidh_pt *diff)
{
	struct NOBS_FPX_T t0, t1;

	NOBS_FPX(add)(&t0, &p->x, &p->z);
	NOBS_FPX(sub)(&t1, &q->x, &q->z);
	NOBS_FPX(mul)(&t0, &t0, &t1);		/* (Xp + Zp)(Xq - Zq) */
	NOBS_FPX(sub)(&t1, &p->x, &p->z);
	NOBS_FPX(add)(&r->x, &q->x, &q->z);	/* p and q read */
	NOBS_FPX(mul)(&t1, &t1, &r->x);		/* (Xp - Zp)(Xq + Zq) */
	NOBS_FPX(add)(&r->x, &t0, &t1);
	NOBS_FPX(sub)(&r->z, &t0, &t1);
	NOBS_FPX(sqr)(&r->x, &r->x);
	NOBS_FPX(sqr)(&r->z, &r->z);
	NOBS_FPX(mul)(&r->x, &r->x, &diff->z);
	NOBS_FPX(mul)(&r->z, &r->z, &diff->x);
}

/*
 * A prime's differential addition chain as one word: the steps (the
 * tables' dac[]) in the low 24 bits, the length above (a chain of len
 * steps is below 2^len; len <= 14 in the tables but CTIDH-2048's, whose
 * 3413 takes 17).
 */
static s32 NOBS_CTIDHX(chain)(int i)
{
	return (s32)(NOBS_CTIDHX(dac)[i] |
		     (u32)NOBS_CTIDHX(dac_len)[i] << 24);
}

/* The longest chain of batch b's primes (public): its padded length. */
static int NOBS_CTIDHX(maxlen)(int b)
{
	int i, lo = NOBS_CTIDHX(start)(b), n = 0;

	for (i = lo; i < lo + NOBS_CTIDHX(batch_size)[b]; i++)
		if (NOBS_CTIDHX(dac_len)[i] > n)
			n = NOBS_CTIDHX(dac_len)[i];
	return n;
}

/*
 * p = [l] p by the differential addition chain c of l (NOBS_CTIDHX(chain)();
 * secret or public) run for exactly maxlen xADDs (public, at least c's
 * length): from (a, b) = (p, 2 p), difference b - a = p, step s makes
 * (a, a + b) with difference b if its bit is set, else (b, a + b) with
 * difference a; the steps past c's length run on and are dropped.  The
 * swaps and moves are masks, so a padded chain costs the same whatever
 * its prime: 6 M+S a step against the ladder's 12 a bit.
 *
 * An xADD whose difference is at infinity gives a wrong point.  That
 * happens only when the order of p divides a multiple a < l, so l does
 * not divide it, and [l] p and p span the same group; p is kept then
 * (all the callers use: whether the point is at infinity, the group it
 * spans for a kernel, the primes its order has).
 */
static noinline void NOBS_CTIDHX(xmul)(struct nobs_ctidh_pt *p, s32 c,
				       int maxlen,
				       struct nobs_ctidh_state *st)
{
	struct nobs_ctidh_pt *a = &st->r[0], *b = &st->r[1], *d = &st->r[2];
	struct nobs_ctidh_pt *t = &st->r[3], *q = &st->r[4];
	s64 len = c >> 24, want, bad = 0;
	u64 steps = c & 0xffffff;
	int s;

	*a = *p;
	*d = *p;
	NOBS_CTIDHX(xdbl)(b, p, st);
	NOBS_CTIDHX(work)(st, 6);	/* an xDBL: 4 M, 2 S */
	for (s = 0; s < maxlen; s++) {
		want = NOBS_CTIDHX(mask_neg)(NOBS_CTIDHX(hide)(s) - len);
		bad |= want & NOBS_CTIDHX(mask_nonzero)(NOBS_FPX(is_zero)(&d->z));
		NOBS_CTIDHX(xadd)(t, a, b, d);
		*d = *b;
		*b = *t;
		NOBS_CTIDHX(pt_cswap)(a, d, ((steps >> s) & 1) ^ 1);
		NOBS_CTIDHX(pt_cmov)(q, b, want & 1);
		NOBS_CTIDHX(work)(st, 6);	/* an xADD: 4 M, 2 S */
	}
	NOBS_CTIDHX(pt_cmov)(p, q, ~bad & 1);
}

#ifdef NOBS_CTIDHX_VEC
/*
 * Four lanes.  Where the field has vector code (NOBS_CTIDHX_VEC), the
 * engine queues independent products (NOBS_CTIDHX(vmul)()) and runs them
 * four at a time through nobs_fp*_mul4()/_sqr4(), in vector sections
 * (nobs_fp_vec_begin(): the 512-bit field's AVX-512 IFMA on x86-64), or
 * as four scalar calls where no section could open: the same values (the
 * scalar and vector products are bit-identical, and every element stays
 * in [0, p), so that regrouping independent products changes nothing)
 * and the same counts (a lane is one multiplication or squaring).  Fewer
 * than four run one by one.  What the queue holds is pointers into the
 * state, set by public data alone (the formulas, the number of pushed
 * points), so the sequence of calls stays public.  Two chains run in
 * lockstep (NOBS_CTIDHX(xmul2)()), the isogeny's products of its pushed
 * points and codomain go two by two with their formulas' neighbours.
 * Sections: one per two-point chain and per isogeny, closed before every
 * yield (NOBS_CTIDHX(pause)(), at most NOBS_CTIDHX_YIELD_WORK products
 * apart) and opened again after it, and after NOBS_CTIDHX_VEC_WORK
 * products where the set asks for shorter ones.
 */
static void NOBS_CTIDHX(vbegin)(struct nobs_ctidh_state *st)
{
	st->qn = 0;
	st->vwork = 0;
	st->vec = nobs_fp_vec_begin();
}

/* the queued products, now */
static void NOBS_CTIDHX(vflush)(struct nobs_ctidh_state *st)
{
	int k, n = st->qn;
	bool sq = true;

	st->qn = 0;
	if (n == 4) {
		for (k = 0; k < 4; k++)
			sq &= st->qa[k] == st->qb[k];
		/* public: which operands are the same pointers */
		if (sq)
			NOBS_FPX(sqr4)(st->qr, st->qa, st->vec);
		else
			NOBS_FPX(mul4)(st->qr, st->qa, st->qb, st->vec);
		return;
	}
	for (k = 0; k < n; k++)
		NOBS_FPX(mul_or_sqr)(st->qr[k], st->qa[k], st->qb[k]);
}

static void NOBS_CTIDHX(vend)(struct nobs_ctidh_state *st)
{
	NOBS_CTIDHX(vflush)(st);
	if (st->vec)
		nobs_fp_vec_end();
	st->vec = false;
}

/*
 * Queue r = a b (a square where a == b), run with three others: first
 * the queued ones, if one of them writes a or b or reads or writes r (so
 * that a queue is always four independent products), and the four once
 * there are four.  Code other than products that reads a queued product's
 * result, or changes its operands, flushes the queue first.
 */
static void NOBS_CTIDHX(vmul)(struct nobs_ctidh_state *st,
			      struct NOBS_FPX_T *r,
			      const struct NOBS_FPX_T *a,
			      const struct NOBS_FPX_T *b)
{
	int k;

	for (k = 0; k < st->qn; k++) {
		if (st->qr[k] == a || st->qr[k] == b || st->qr[k] == r ||
		    st->qa[k] == r || st->qb[k] == r) {
			NOBS_CTIDHX(vflush)(st);
			break;
		}
	}
	st->qr[st->qn] = r;
	st->qa[st->qn] = a;
	st->qb[st->qn] = b;
	if (++st->qn == 4)
		NOBS_CTIDHX(vflush)(st);
}

/*
 * The queue run now if one of its products reads or writes the n bytes
 * at x: before code other than products (additions, moves) touches them
 */
static void NOBS_CTIDHX(vwait)(struct nobs_ctidh_state *st, const void *x,
			       size_t n)
{
	uintptr_t lo = (uintptr_t)x, hi = lo + n, e = sizeof(struct NOBS_FPX_T);
	int k;

#define NOBS_CTIDH_IN(ptr)	((uintptr_t)(ptr) + e > lo && (uintptr_t)(ptr) < hi)
	for (k = 0; k < st->qn; k++) {
		if (NOBS_CTIDH_IN(st->qr[k]) || NOBS_CTIDH_IN(st->qa[k]) ||
		    NOBS_CTIDH_IN(st->qb[k])) {
			NOBS_CTIDHX(vflush)(st);
			return;
		}
	}
#undef NOBS_CTIDH_IN
}

/* r = x, or r *= x (queued) after the first factor (public) */
static void NOBS_CTIDHX(vacc)(struct nobs_ctidh_state *st,
			      struct NOBS_FPX_T *r, const struct NOBS_FPX_T *x,
			      bool first)
{
	if (first)
		*r = *x;
	else
		NOBS_CTIDHX(vmul)(st, r, r, x);
}

/* q[i] = 2 p[i], i = 0, 1, as NOBS_CTIDHX(xdbl)(); q may be p */
static void NOBS_CTIDHX(xdbl2)(struct nobs_ctidh_pt *q,
			       const struct nobs_ctidh_pt *p,
			       struct nobs_ctidh_state *st)
{
	struct NOBS_FPX_T *t0 = st->lane[0], *t1 = st->lane[1];
	struct NOBS_FPX_T *w = st->lane[2];
	int i;

	for (i = 0; i < 2; i++) {
		NOBS_FPX(add)(&t0[i], &p[i].x, &p[i].z);
		NOBS_FPX(sub)(&t1[i], &p[i].x, &p[i].z);
	}
	for (i = 0; i < 2; i++) {
		NOBS_CTIDHX(vmul)(st, &q[i].x, &t0[i], &t0[i]);
		NOBS_CTIDHX(vmul)(st, &q[i].z, &t1[i], &t1[i]);
	}
	NOBS_CTIDHX(vflush)(st);
	for (i = 0; i < 2; i++) {
		NOBS_FPX(sub)(&t1[i], &q[i].x, &q[i].z);	/* 4 X Z */
		NOBS_CTIDHX(vmul)(st, &t0[i], &q[i].z, &st->c24);
		NOBS_CTIDHX(vmul)(st, &w[i], &t1[i], &st->a24);
	}
	NOBS_CTIDHX(vflush)(st);
	for (i = 0; i < 2; i++) {
		NOBS_FPX(add)(&w[i], &t0[i], &w[i]);
		NOBS_CTIDHX(vmul)(st, &q[i].x, &q[i].x, &t0[i]);
		NOBS_CTIDHX(vmul)(st, &q[i].z, &w[i], &t1[i]);
	}
	NOBS_CTIDHX(vflush)(st);
}

/* r[i] = p[i] + q[i], diff[i] = p[i] - q[i], as NOBS_CTIDHX(xadd)() */
static void NOBS_CTIDHX(xadd2)(struct nobs_ctidh_pt *r,
			       const struct nobs_ctidh_pt *p,
			       const struct nobs_ctidh_pt *q,
			       const struct nobs_ctidh_pt *diff,
			       struct nobs_ctidh_state *st)
{
	struct NOBS_FPX_T *a = st->lane[0], *b = st->lane[1];
	struct NOBS_FPX_T *e = st->lane[2], *f = st->lane[3];
	int i;

	for (i = 0; i < 2; i++) {
		NOBS_FPX(add)(&a[i], &p[i].x, &p[i].z);
		NOBS_FPX(sub)(&b[i], &q[i].x, &q[i].z);
		NOBS_FPX(sub)(&e[i], &p[i].x, &p[i].z);
		NOBS_FPX(add)(&f[i], &q[i].x, &q[i].z);
		NOBS_CTIDHX(vmul)(st, &a[i], &a[i], &b[i]);
		NOBS_CTIDHX(vmul)(st, &e[i], &e[i], &f[i]);
	}
	NOBS_CTIDHX(vflush)(st);
	for (i = 0; i < 2; i++) {
		NOBS_FPX(add)(&r[i].x, &a[i], &e[i]);
		NOBS_FPX(sub)(&r[i].z, &a[i], &e[i]);
		NOBS_CTIDHX(vmul)(st, &r[i].x, &r[i].x, &r[i].x);
		NOBS_CTIDHX(vmul)(st, &r[i].z, &r[i].z, &r[i].z);
	}
	NOBS_CTIDHX(vflush)(st);
	for (i = 0; i < 2; i++) {
		NOBS_CTIDHX(vmul)(st, &r[i].x, &r[i].x, &diff[i].z);
		NOBS_CTIDHX(vmul)(st, &r[i].z, &r[i].z, &diff[i].x);
	}
	NOBS_CTIDHX(vflush)(st);
}

/*
 * *p[i] = [l_i] *p[i] by the chain c[i] (public or secret), i = 0, 1, both
 * run for maxlen steps (public), in lockstep: NOBS_CTIDHX(xmul)() on each,
 * the same values and counts, in one vector section (but for yields)
 */
static noinline void NOBS_CTIDHX(xmul2)(struct nobs_ctidh_pt *const p[2],
					const s32 c[2], int maxlen,
					struct nobs_ctidh_state *st)
{
	struct nobs_ctidh_pt *a = st->r2[0], *b = st->r2[1], *d = st->r2[2];
	struct nobs_ctidh_pt *t = st->r2[3], *q = st->r2[4];
	s64 len[2], want, bad[2] = { 0, 0 };
	u64 steps[2];
	int s, i;

	NOBS_CTIDHX(vbegin)(st);
	for (i = 0; i < 2; i++) {
		len[i] = c[i] >> 24;
		steps[i] = c[i] & 0xffffff;
		a[i] = *p[i];
		d[i] = *p[i];
	}
	NOBS_CTIDHX(xdbl2)(b, a, st);
	NOBS_CTIDHX(work)(st, 12);	/* two xDBLs */
	for (s = 0; s < maxlen; s++) {
		for (i = 0; i < 2; i++) {
			want = NOBS_CTIDHX(mask_neg)(NOBS_CTIDHX(hide)(s) -
						     len[i]);
			bad[i] |= want & NOBS_CTIDHX(mask_nonzero)(NOBS_FPX(is_zero)(&d[i].z));
		}
		NOBS_CTIDHX(xadd2)(t, a, b, d, st);
		memcpy(d, b, 2 * sizeof(*d));
		memcpy(b, t, 2 * sizeof(*b));
		for (i = 0; i < 2; i++) {
			want = NOBS_CTIDHX(mask_neg)(NOBS_CTIDHX(hide)(s) -
						     len[i]);
			NOBS_CTIDHX(pt_cswap)(&a[i], &d[i],
					      ((steps[i] >> s) & 1) ^ 1);
			NOBS_CTIDHX(pt_cmov)(&q[i], &b[i], want & 1);
		}
		NOBS_CTIDHX(work)(st, 12);	/* two xADDs */
	}
	for (i = 0; i < 2; i++)
		NOBS_CTIDHX(pt_cmov)(p[i], &q[i], ~bad[i] & 1);
	NOBS_CTIDHX(vend)(st);
}
#endif /* NOBS_CTIDHX_VEC */

/* r = b^e in the field, over exactly nbits bits of the secret e */
static void NOBS_CTIDHX(pow_ct)(struct NOBS_FPX_T *r,
				const struct NOBS_FPX_T *b, u64 e, int nbits,
				struct nobs_ctidh_state *st)
{
	struct NOBS_FPX_T t;
	int i;

	/* the top bit: b or 1, without squaring 1 */
	*r = NOBS_FPX(one);
	NOBS_FPX(cmov)(r, b, (e >> (nbits - 1)) & 1);
	for (i = nbits - 2; i >= 0; i--) {
		NOBS_FPX(sqr)(r, r);
		NOBS_FPX(mul)(&t, r, b);
		NOBS_FPX(cmov)(r, &t, (e >> i) & 1);
		NOBS_CTIDHX(work)(st, 2);
	}
	memzero_explicit(&t, sizeof(t));
}

/*
 * A coin that is all ones with probability num / den (0 < num <= den <
 * 2^32), else 0: 256 random bits reduced mod den bit by bit with masks,
 * compared with num, so that its time does not depend on the (secret)
 * num and den.  The bias is below 2^-200.
 */
static s64 NOBS_CTIDHX(coin)(u64 num, u64 den,
			     const struct nobs_csidh_env *env)
{
	u8 buf[32];
	u64 r = 0, bit;
	int i;

	env->random(env->ctx, buf, sizeof(buf));
	for (i = 0; i < 256; i++) {
		bit = (buf[i / 8] >> (i % 8)) & 1;
		r = (r << 1) | bit;
		/* r < 2 den: take den off unless r < den */
		r -= den & ~(u64)NOBS_CTIDHX(mask_neg)((s64)(r - den));
	}
	memzero_explicit(buf, sizeof(buf));
	return NOBS_CTIDHX(mask_neg)((s64)(r - num));
}

/*
 * Elligator 2 on the curve (a : c): from a random u (not 0, u^2 != 1),
 * x1 = A / (u^2 - 1) and x2 = -x1 - A (A = a / c; for A = 0, x1 = 1 /
 * (u^2 - 1) and x2 = -x1); one of them is on the curve and the other on
 * its twist, which the Legendre symbol of the curve's right-hand side at
 * x1 (times a square) tells.  p[0] gets the one on the curve, p[1] the
 * other, by a conditional swap.  Only the rejections of u are revealed.
 */
static noinline void NOBS_CTIDHX(elligator)(struct nobs_ctidh_state *st)
{
	/* the isogeny's temporaries, free here: no 128-byte locals */
	struct NOBS_FPX_T *u = &st->pa, *u2 = &st->pd, *d = &st->na;
	struct NOBS_FPX_T *m = &st->nc, *t = &st->sx[0], *x1 = &st->sx[1];
	/* the random bytes in M's room, set later: 256 bytes off the frame */
	u8 *buf = (u8 *)m->limb;
	u64 a0, sq;
	int big, bad;

	for (;;) {
		st->env->random(st->env->ctx, buf, sizeof(*m));
		buf[sizeof(*m) - 1] &= NOBS_CTIDHX_SAMPLE_MASK;
		big = NOBS_FPX(from_bytes)(u, buf) != 0;
		bad = big;
		if (!big) {
			NOBS_FPX(sqr)(u2, u);
			bad = NOBS_FPX(is_zero)(u) ||
			      NOBS_FPX(eq)(u2, &NOBS_FPX(one));
		}
		nobs_ctidh_public(big);
		nobs_ctidh_public(bad);
		if (!bad)
			break;
		/* which check refused u: u >= p, or u = 0 or u^2 = 1 */
		nobs_ctidh_count_event(NOBS_CTIDH_EV_REJECT, 0, 0,
				       (big ? 1 : 2) | NOBS_CTIDH_WAY(st));
	}
	a0 = NOBS_FPX(is_zero)(&st->a);
	NOBS_FPX(sub)(d, u2, &NOBS_FPX(one));
	NOBS_FPX(mul)(d, d, &st->c);		/* D = (u^2 - 1) C */
	NOBS_FPX(mul)(m, &st->a, u2);		/* M = u^2 A */
	NOBS_FPX(mul)(t, &st->a, m);		/* u^2 A^2 */
	*x1 = st->a;
	NOBS_FPX(cmov)(x1, &NOBS_FPX(one), a0);	/* x1 = P / D */
	NOBS_FPX(cmov)(m, &NOBS_FPX(one), a0);
	NOBS_FPX(cmov)(t, &NOBS_FPX(one), a0);
	NOBS_FPX(sqr)(u, d);
	NOBS_FPX(add)(t, t, u);
	NOBS_FPX(mul)(t, t, d);
	/* T = P D (u^2 A^2 + D^2) = D^4 (x1^3 + (A / C) x1^2 + x1) */
	NOBS_FPX(mul)(t, t, x1);
	sq = NOBS_FPX(is_square)(t);
	st->p[0].x = *x1;
	NOBS_FPX(neg)(&st->p[1].x, m);		/* x2 = -M / D */
	NOBS_FPX(cswap)(&st->p[0].x, &st->p[1].x, sq ^ 1);
	st->p[0].z = *d;
	st->p[1].z = *d;
	memzero_explicit(u, sizeof(*u));
	memzero_explicit(u2, sizeof(*u2));
	memzero_explicit(m, sizeof(*m));
	memzero_explicit(t, sizeof(*t));
	memzero_explicit(x1, sizeof(*x1));
}

/* r = x, or r *= x after the first factor (public) */
static void NOBS_CTIDHX(acc)(struct NOBS_FPX_T *r, const struct NOBS_FPX_T *x,
			     bool first)
{
	if (first)
		*r = *x;
	else
		NOBS_FPX(mul)(r, r, x);
}

/*
 * One kernel multiple (X : Z) = s K of Vélu's products, plain: the
 * codomain's X + Z, X - Z and per pushed point the Costello-Hisil factors
 * (X' : Z') (see NOBS_CTIDHX(isogeny)()); times one where off is set.
 */
static void NOBS_CTIDHX(velu_plain)(struct nobs_ctidh_state *st,
				    const struct nobs_ctidh_pt *m, int npush,
				    u64 off, bool first)
{
	struct NOBS_FPX_T *tp = &st->tmp[0], *tm = &st->tmp[1];
	struct NOBS_FPX_T *u = &st->tmp[2], *v = &st->tmp[3];
	int j;

#ifdef NOBS_CTIDHX_VEC
	/*
	 * the points' products and the codomain's in lanes: with two points
	 * 4, 4 and 2 at a time, with one 4 and 2, without any 2
	 */
	(void)u;
	(void)v;
	NOBS_CTIDHX(vwait)(st, st->tmp, 2 * sizeof(*tp));
	NOBS_FPX(add)(tp, &m->x, &m->z);
	NOBS_FPX(sub)(tm, &m->x, &m->z);
	for (j = 0; j < npush; j++) {
		NOBS_CTIDHX(vmul)(st, &st->lane[0][j], &st->qm[j], tp);
		NOBS_CTIDHX(vmul)(st, &st->lane[1][j], &st->qp[j], tm);
	}
	NOBS_CTIDHX(vwait)(st, st->lane[3], sizeof(st->lane[3]));
	st->lane[3][0] = *tp;
	st->lane[3][1] = *tm;
	NOBS_FPX(cmov)(&st->lane[3][0], &NOBS_FPX(one), off);
	NOBS_FPX(cmov)(&st->lane[3][1], &NOBS_FPX(one), off);
	NOBS_CTIDHX(vacc)(st, &st->pa, &st->lane[3][0], first);
	NOBS_CTIDHX(vacc)(st, &st->pd, &st->lane[3][1], first);
	if (npush) {
		NOBS_CTIDHX(vwait)(st, st->lane, 3 * sizeof(st->lane[0]));
		for (j = 0; j < npush; j++) {
			struct NOBS_FPX_T *a = &st->lane[0][j];
			struct NOBS_FPX_T *d = &st->lane[1][j];
			struct NOBS_FPX_T *sum = &st->lane[2][j];

			NOBS_FPX(add)(sum, a, d);
			NOBS_FPX(sub)(a, a, d);
			NOBS_FPX(cmov)(sum, &NOBS_FPX(one), off);
			NOBS_FPX(cmov)(a, &NOBS_FPX(one), off);
			NOBS_CTIDHX(vacc)(st, &st->sx[j], sum, first);
			NOBS_CTIDHX(vacc)(st, &st->sz[j], a, first);
		}
	}
	NOBS_CTIDHX(vflush)(st);
	return;
#endif
	NOBS_FPX(add)(tp, &m->x, &m->z);
	NOBS_FPX(sub)(tm, &m->x, &m->z);
	for (j = 0; j < npush; j++) {
		NOBS_FPX(mul)(u, &st->qm[j], tp);
		NOBS_FPX(mul)(v, &st->qp[j], tm);
		NOBS_FPX(add)(tp, u, v);
		NOBS_FPX(sub)(u, u, v);
		NOBS_FPX(cmov)(tp, &NOBS_FPX(one), off);
		NOBS_FPX(cmov)(u, &NOBS_FPX(one), off);
		NOBS_CTIDHX(acc)(&st->sx[j], tp, first);
		NOBS_CTIDHX(acc)(&st->sz[j], u, first);
		NOBS_FPX(add)(tp, &m->x, &m->z);
	}
	NOBS_FPX(cmov)(tp, &NOBS_FPX(one), off);
	NOBS_FPX(cmov)(tm, &NOBS_FPX(one), off);
	NOBS_CTIDHX(acc)(&st->pa, tp, first);
	NOBS_CTIDHX(acc)(&st->pd, tm, first);
}

#if NOBS_CTIDHX_BABIES
/*
 * Square-root Vélu's sizes for a batch whose smallest prime is lo and
 * largest hi (public): b baby steps (even) and g giant steps with 4 b g <=
 * lo - 1, the pair of each covering two kernel multiples; *pb = 0 where
 * plain Vélu costs less (a model of the M+S below, two points pushed).
 */
static void NOBS_CTIDHX(bsgs)(int lo, int hi, int *pb, int *pg)
{
	int b, g, rest, c, best = 16 * ((hi - 1) / 2);

	*pb = 0;
	*pg = 0;
	for (b = 2; b <= NOBS_CTIDHX_BABIES; b += 2) {
		g = (lo - 1) / (4 * b);
		if (g < 1)
			break;
		rest = (hi - 1) / 2 - 2 * b * g;
		c = 6 * (b + g + rest) + 3 * b + 8 * g + 17 * b * g + 10 * rest;
		if (c < best) {
			best = c;
			*pb = b;
			*pg = g;
		}
	}
}

/* a point's values in the pairs: (X - Z)^2, (X + Z)^2, X^2 - Z^2 */
static void NOBS_CTIDHX(biq_point)(struct NOBS_FPX_T v[3],
				   const struct nobs_ctidh_pt *m)
{
	NOBS_FPX(sub)(&v[0], &m->x, &m->z);
	NOBS_FPX(add)(&v[1], &m->x, &m->z);
	NOBS_FPX(mul)(&v[2], &v[0], &v[1]);
	NOBS_FPX(sqr)(&v[0], &v[0]);
	NOBS_FPX(sqr)(&v[1], &v[1]);
}

/*
 * A giant step's values, from its point's (biq_point()) in g[0 .. 2]:
 * g = (4C (X - Z)^2, 4C (X + Z)^2, 4C (X^2 - Z^2), (A + 2C) 4XZ,
 * (2C - A) 4XZ), 4XZ being (X + Z)^2 - (X - Z)^2.
 */
static void NOBS_CTIDHX(giant)(struct nobs_ctidh_state *st,
			       const struct nobs_ctidh_pt *m, int npush)
{
	struct NOBS_FPX_T *g = st->giant, *t = &st->tmp[0];

	NOBS_CTIDHX(biq_point)(g, m);
	NOBS_FPX(sub)(t, &g[1], &g[0]);			/* 4 X Z */
	NOBS_FPX(sub)(&g[4], &st->c24, &st->a24);	/* 2C - A */
	NOBS_FPX(mul)(&g[4], &g[4], t);
	NOBS_FPX(mul)(&g[3], &st->a24, t);
	NOBS_FPX(mul)(&g[0], &g[0], &st->c24);
	NOBS_FPX(mul)(&g[1], &g[1], &st->c24);
	if (npush)
		NOBS_FPX(mul)(&g[2], &g[2], &st->c24);
}

/*
 * The pair of the giant step i K (st->giant) and the baby step j K (bv):
 * with F0 X^2 + F1 X Z + F2 Z^2 the product of X - x Z over x of (i + j) K
 * and (i - j) K (times (x_i - x_j)^2 and the projective factors, the same
 * in every product: eprint 2020/341, lemma 4.3), G+ = F0 + F1 + F2 and G-
 * = F0 - F1 + F2 are the codomain's factors (of X - Z and X + Z), and per
 * pushed point (X : Z) 4 D = (G+ + G-)(X^2 + Z^2) + (G+ - G-) 2XZ - 2 E
 * (X^2 - Z^2) and 4 N, the same with + 2 E, its Z' and X' factors (E =
 * F2 - F0, all four times 4): 4 + 2 + 5 npush M+S for two multiples, one
 * more with points.
 */
static void NOBS_CTIDHX(velu_pair)(struct nobs_ctidh_state *st,
				   const struct NOBS_FPX_T bv[3], int npush,
				   bool first)
{
	/* the isogeny's temporaries, and (na : nc) until its end */
	struct NOBS_FPX_T *g = st->giant, *gp = &st->tmp[2];
	struct NOBS_FPX_T *gm = &st->tmp[3], *e = &st->na, *t = &st->nc;
	struct NOBS_FPX_T *u = &st->tmp[0], *v = &st->tmp[1];
	int j;

#ifdef NOBS_CTIDHX_VEC
	/*
	 * in lanes: G+'s and G-'s four products; then with two points E
	 * and three of the points' first four, the fourth with the
	 * codomain's two and one E product, the other alone, and the
	 * points' four accumulations; with one point E, its two and the
	 * codomain's first, then four one by one
	 */
	NOBS_CTIDHX(vflush)(st);
	NOBS_FPX(sub)(t, &bv[1], &bv[0]);		/* 4 X_j Z_j */
	NOBS_CTIDHX(vmul)(st, gp, &g[0], &bv[0]);
	NOBS_CTIDHX(vmul)(st, u, &g[3], t);
	NOBS_CTIDHX(vmul)(st, gm, &g[1], &bv[1]);
	NOBS_CTIDHX(vmul)(st, v, &g[4], t);
	NOBS_CTIDHX(vflush)(st);
	NOBS_FPX(sub)(gp, gp, u);			/* 4 G+ */
	NOBS_FPX(sub)(gm, gm, v);			/* 4 G- */
	if (npush) {
		struct NOBS_FPX_T *a = st->lane[0], *d = st->lane[1];
		struct NOBS_FPX_T *w = st->lane[2];

		NOBS_CTIDHX(vmul)(st, e, &g[2], &bv[2]);	/* 4 (F2 - F0) */
		NOBS_FPX(add)(u, gp, gm);
		NOBS_FPX(sub)(v, gp, gm);
		for (j = 0; j < npush; j++) {
			NOBS_CTIDHX(vmul)(st, &a[j], u, &st->qm[j]);
			NOBS_CTIDHX(vmul)(st, &d[j], v, &st->qp[j]);
		}
		NOBS_CTIDHX(vacc)(st, &st->pa, gm, first);
		NOBS_CTIDHX(vacc)(st, &st->pd, gp, first);
		for (j = 0; j < npush; j++)
			NOBS_CTIDHX(vmul)(st, &w[j], e, &st->qd[j]);
		NOBS_CTIDHX(vwait)(st, st->lane, 3 * sizeof(st->lane[0]));
		for (j = 0; j < npush; j++) {
			NOBS_FPX(add)(&a[j], &a[j], &d[j]);	/* 8 (D + N) */
			NOBS_FPX(add)(&w[j], &w[j], &w[j]);	/* 8 (N - D) */
			NOBS_FPX(add)(&d[j], &a[j], &w[j]);	/* 16 N */
			NOBS_FPX(sub)(&a[j], &a[j], &w[j]);	/* 16 D */
		}
		for (j = 0; j < npush; j++) {
			NOBS_CTIDHX(vacc)(st, &st->sx[j], &d[j], first);
			NOBS_CTIDHX(vacc)(st, &st->sz[j], &a[j], first);
		}
	} else {
		NOBS_CTIDHX(vacc)(st, &st->pa, gm, first);
		NOBS_CTIDHX(vacc)(st, &st->pd, gp, first);
	}
	NOBS_CTIDHX(vflush)(st);
	return;
#endif
	NOBS_FPX(sub)(t, &bv[1], &bv[0]);		/* 4 X_j Z_j */
	NOBS_FPX(mul)(gp, &g[0], &bv[0]);
	NOBS_FPX(mul)(u, &g[3], t);
	NOBS_FPX(sub)(gp, gp, u);			/* 4 G+ */
	NOBS_FPX(mul)(gm, &g[1], &bv[1]);
	NOBS_FPX(mul)(u, &g[4], t);
	NOBS_FPX(sub)(gm, gm, u);			/* 4 G- */
	/* E serves the points only */
	if (npush)
		NOBS_FPX(mul)(e, &g[2], &bv[2]);	/* 4 (F2 - F0) */
	for (j = 0; j < npush; j++) {
		NOBS_FPX(add)(u, gp, gm);
		NOBS_FPX(mul)(u, u, &st->qm[j]);
		NOBS_FPX(sub)(v, gp, gm);
		NOBS_FPX(mul)(v, v, &st->qp[j]);
		NOBS_FPX(add)(u, u, v);			/* 8 (D + N) */
		NOBS_FPX(mul)(v, e, &st->qd[j]);
		NOBS_FPX(add)(v, v, v);			/* 8 (N - D) */
		NOBS_FPX(add)(t, u, v);			/* 16 N */
		NOBS_FPX(sub)(u, u, v);			/* 16 D */
		NOBS_CTIDHX(acc)(&st->sx[j], t, first);
		NOBS_CTIDHX(acc)(&st->sz[j], u, first);
	}
	NOBS_CTIDHX(acc)(&st->pa, gm, first);
	NOBS_CTIDHX(acc)(&st->pd, gp, first);
}

/*
 * The kernel multiples of square-root Vélu (b baby, g giant steps): the
 * pairs of i K, i = 2b (2k + 1), k < g, and j K, j = 1, 3, .., 2b - 1,
 * cover the x of s K for the odd s < 4bg, which, with those of the even
 * s = 2, 4, .. up to l - 1 - 4bg (l - s the odd ones above), are the
 * kernel's; the even ones past l's multiply by one.
 */
static void NOBS_CTIDHX(velu_bsgs)(struct nobs_ctidh_state *st, s64 l,
				   int hi, int npush, int b, int g)
{
	struct nobs_ctidh_pt *k2 = &st->r[0], *cur = &st->r[1];
	struct nobs_ctidh_pt *prev = &st->r[2], *next = &st->r[3];
	struct nobs_ctidh_pt *gi = &st->r[4];
	s64 last = (l - 1) / 2 - 2 * b * g;
	int i, j, n = 0, rest = (hi - 1) / 2 - 2 * b * g;
	u64 off;

	/* the pairs' values of the points, in qm and qp until the pairs end */
	for (j = 0; j < npush; j++) {
		struct NOBS_FPX_T *qm = &st->qm[j], *qp = &st->qp[j];

		NOBS_FPX(sqr)(qm, &st->p[j].x);
		NOBS_FPX(sqr)(qp, &st->p[j].z);
		NOBS_FPX(sub)(&st->qd[j], qm, qp);
		NOBS_FPX(add)(qm, qm, qp);
		NOBS_FPX(mul)(qp, &st->p[j].x, &st->p[j].z);
		NOBS_FPX(add)(qp, qp, qp);
	}
	/* the baby steps j K, and 2b K from (b + 1) K and (b - 1) K */
	NOBS_CTIDHX(xdbl)(k2, &st->k, st);
	NOBS_CTIDHX(work)(st, 6 + 3 * npush);
	*cur = st->k;
	for (j = 0; j < b; j++) {
		/* an xADD and the point's values, at most (b is public) */
		NOBS_CTIDHX(work)(st, 6 + 3 + (2 * j + 1 == b + 1 ? 6 : 0));
		if (j == 1) {
			NOBS_CTIDHX(xadd)(next, cur, k2, &st->k);
			*prev = *cur;
			*cur = *next;
		} else if (j > 1) {
			NOBS_CTIDHX(xadd)(next, cur, k2, prev);
			*prev = *cur;
			*cur = *next;
		}
		if (2 * j + 1 == b + 1)
			NOBS_CTIDHX(xadd)(gi, cur, prev, k2);
		NOBS_CTIDHX(biq_point)(st->baby[j], cur);
	}
	/* the giant steps: 2b K, 6b K = 2b K + 4b K, then + 4b K */
	for (i = 0; i < g; i++) {
		/* an xADD, 4b K's xDBL, the giant step's values */
		NOBS_CTIDHX(work)(st, 6 + (i == 0 && g > 1 ? 6 : 0) + 8);
		if (i == 1) {
			*prev = *gi;
			NOBS_CTIDHX(xadd)(gi, prev, next, prev);
		} else if (i > 1) {
			NOBS_CTIDHX(xadd)(cur, gi, next, prev);
			*prev = *gi;
			*gi = *cur;
		}
		if (i == 0 && g > 1)
			NOBS_CTIDHX(xdbl)(next, gi, st);	/* 4b K */
		NOBS_CTIDHX(giant)(st, gi, npush);
		for (j = 0; j < b; j++, n++) {
			/* a pair's work, counted as Vélu's steps' */
			NOBS_CTIDHX(work)(st, 7 + 5 * npush);
			NOBS_CTIDHX(velu_pair)(st, st->baby[j], npush, !n);
		}
	}
	/* the even multiples s = 2i + 2: those past l's, times one */
	for (j = 0; j < npush; j++) {
		NOBS_FPX(sub)(&st->qm[j], &st->p[j].x, &st->p[j].z);
		NOBS_FPX(add)(&st->qp[j], &st->p[j].x, &st->p[j].z);
	}
	*cur = *k2;
	for (i = 0; i < rest; i++, n++) {
		/* an xADD or xDBL and the step's products */
		NOBS_CTIDHX(work)(st, 8 + 4 * npush);
		if (i == 1) {
			*prev = *cur;
			NOBS_CTIDHX(xdbl)(cur, cur, st);
		} else if (i > 1) {
			NOBS_CTIDHX(xadd)(next, cur, k2, prev);
			*prev = *cur;
			*cur = *next;
		}
		off = (u64)NOBS_CTIDHX(mask_neg)(NOBS_CTIDHX(hide)(i) - last) &
		      1;
		NOBS_CTIDHX(velu_plain)(st, cur, npush, off ^ 1, false);
	}
}
#endif

/*
 * The Matryoshka isogeny of the (secret) degree l, a prime of the batch
 * b (public: its primes lo .. hi), with kernel st->k, from the curve
 * (a : c) to (na : nc), pushing the first npush points of st->p into
 * st->img; the same operations for every l of the batch.  Codomain
 * (Meyer-Reith): with a = A + 2C, d = A - 2C, a' = a^l prod (X_s +
 * Z_s)^8, d' = d^l prod (X_s - Z_s)^8 over the kernel multiples s K, s =
 * 1 .. (l - 1) / 2, A' = 2 (a' + d'), C' = a' - d'.  Images
 * (Costello-Hisil): X' = X prod ((X - Z)(X_s + Z_s) + (X + Z)(X_s -
 * Z_s))^2, Z' likewise with the difference.  Plain Vélu runs s up to the
 * batch's (hi - 1) / 2, those past l's multiplying by one; square-root
 * Vélu (NOBS_CTIDHX(velu_bsgs)(), sized by the batch's smallest prime)
 * covers most of them by pairs, the rest as plain Vélu does.
 */
static noinline void NOBS_CTIDHX(isogeny)(struct nobs_ctidh_state *st,
					  s64 l, int b, int npush)
{
	struct NOBS_FPX_T *pa = &st->pa, *pd = &st->pd, *sx = st->sx;
	struct NOBS_FPX_T *sz = st->sz, *qm = st->qm, *qp = st->qp;
	/* in the workspace: four field elements off the frame */
	struct NOBS_FPX_T *tp = &st->tmp[0], *tm = &st->tmp[1];
	struct NOBS_FPX_T *u = &st->tmp[2], *v = &st->tmp[3];
	struct nobs_ctidh_pt *cur = &st->r[0], *prev = &st->r[1];
	struct nobs_ctidh_pt *next = &st->r[2];
	int lo = NOBS_CTIDHX(start)(b);
	int hi = NOBS_CTIDHX(primes)[lo + NOBS_CTIDHX(batch_size)[b] - 1];
	s64 half = (l - 1) / 2;
	u64 off;
	int s, j, nb = NOBS_CTIDHX(bits)(hi), bs = 0;

#ifdef NOBS_CTIDHX_VEC
	NOBS_CTIDHX(vbegin)(st);
#endif
	for (j = 0; j < npush; j++) {
		NOBS_FPX(sub)(&qm[j], &st->p[j].x, &st->p[j].z);
		NOBS_FPX(add)(&qp[j], &st->p[j].x, &st->p[j].z);
	}
#if NOBS_CTIDHX_BABIES
	{
		int gs;

		NOBS_CTIDHX(bsgs)(NOBS_CTIDHX(primes)[lo], hi, &bs, &gs);
		if (bs)
			NOBS_CTIDHX(velu_bsgs)(st, l, hi, npush, bs, gs);
	}
#endif
	*cur = st->k;
	for (s = 1; !bs && s <= (hi - 1) / 2; s++) {
		/*
		 * A large batch's isogeny is thousands of multiplications
		 * (CTIDH-1024's ~5900 M+S): each step counts its work (an
		 * xADD or xDBL, 4 M a pushed point, 2 M), at places set by
		 * the batch's largest prime and npush alone.  The yield
		 * hook's error is seen by the round's next pause.
		 */
		NOBS_CTIDHX(work)(st, 8 + 4 * npush);
		if (s == 2) {
			*prev = *cur;
			NOBS_CTIDHX(xdbl)(cur, cur, st);
		} else if (s > 2) {
			NOBS_CTIDHX(xadd)(next, cur, &st->k, prev);
			*prev = *cur;
			*cur = *next;
		}
		/*
		 * steps past the degree's multiply by one; the first (every
		 * degree's, l >= 3) sets the products
		 */
		off = (u64)NOBS_CTIDHX(mask_neg)(half - s) & 1;
		NOBS_CTIDHX(velu_plain)(st, cur, npush, off, s == 1);
	}
#ifdef NOBS_CTIDHX_VEC
	/*
	 * the images and the codomain's eighth powers in lanes: with two
	 * points 4, 4, 4 and 2 at a time, with one 4, 4 and 2
	 */
	for (j = 0; j < npush; j++) {
		NOBS_CTIDHX(vmul)(st, &sx[j], &sx[j], &sx[j]);
		NOBS_CTIDHX(vmul)(st, &sz[j], &sz[j], &sz[j]);
	}
	NOBS_CTIDHX(vmul)(st, pa, pa, pa);
	NOBS_CTIDHX(vmul)(st, pd, pd, pd);
	for (j = 0; j < npush; j++) {
		NOBS_CTIDHX(vmul)(st, &st->img[j].x, &st->p[j].x, &sx[j]);
		NOBS_CTIDHX(vmul)(st, &st->img[j].z, &st->p[j].z, &sz[j]);
	}
	for (j = 1; j < 3; j++) {
		NOBS_CTIDHX(vmul)(st, pa, pa, pa);
		NOBS_CTIDHX(vmul)(st, pd, pd, pd);
	}
	NOBS_CTIDHX(vend)(st);
#else
	for (j = 0; j < npush; j++) {
		NOBS_FPX(sqr)(&sx[j], &sx[j]);
		NOBS_FPX(sqr)(&sz[j], &sz[j]);
		NOBS_FPX(mul)(&st->img[j].x, &st->p[j].x, &sx[j]);
		NOBS_FPX(mul)(&st->img[j].z, &st->p[j].z, &sz[j]);
	}
	for (j = 0; j < 3; j++) {
		NOBS_FPX(sqr)(pa, pa);
		NOBS_FPX(sqr)(pd, pd);
	}
#endif
	NOBS_FPX(add)(u, &st->c, &st->c);
	NOBS_FPX(add)(v, &st->a, u);		/* a = A + 2C */
	NOBS_FPX(sub)(u, &st->a, u);		/* d = A - 2C */
	NOBS_CTIDHX(pow_ct)(tp, v, (u64)l, nb, st);
	NOBS_CTIDHX(pow_ct)(tm, u, (u64)l, nb, st);
	NOBS_FPX(mul)(pa, pa, tp);		/* a' */
	NOBS_FPX(mul)(pd, pd, tm);		/* d' */
	NOBS_FPX(add)(&st->na, pa, pd);
	NOBS_FPX(add)(&st->na, &st->na, &st->na);
	NOBS_FPX(sub)(&st->nc, pa, pd);
	memzero_explicit(tp, sizeof(*tp));
	memzero_explicit(tm, sizeof(*tm));
	memzero_explicit(u, sizeof(*u));
	memzero_explicit(v, sizeof(*v));
}

/*
 * The round's picks: per batch of the round, the first prime whose
 * exponent is not used up (a dummy on the batch's first prime if none),
 * its sign, and the batch's other primes in the slots after its first;
 * every choice a mask.
 */
static void NOBS_CTIDHX(pick)(struct nobs_ctidh_state *st, int n)
{
	int i, j, b, lo, hi;
	s64 found, nz, right;

	for (i = 0; i < n; i++) {
		b = st->batch[i];
		lo = NOBS_CTIDHX(start)(b);
		hi = lo + NOBS_CTIDHX(batch_size)[b];
		found = 0;
		st->pick[i] = lo;
		st->prime[i] = NOBS_CTIDHX(primes)[lo];
		st->chain[i] = NOBS_CTIDHX(chain)(lo);
		st->sign[i] = 0;
		for (j = lo; j < hi; j++) {
			nz = NOBS_CTIDHX(mask_nonzero)(st->todo[j]) & ~found;
			st->sign[i] ^= nz & st->neg[j];
			st->pick[i] ^= nz & (st->pick[i] ^ NOBS_CTIDHX(hide)(j));
			st->prime[i] ^= nz & (st->prime[i] ^
					      NOBS_CTIDHX(primes)[j]);
			st->chain[i] ^= (s32)(nz & (st->chain[i] ^
						    NOBS_CTIDHX(chain)(j)));
			found |= nz;
		}
		st->real[i] = found;
		for (j = lo + 1; j < hi; j++) {
			/* slot j holds prime j - 1 while j <= pick */
			right = ~NOBS_CTIDHX(mask_neg)(st->pick[i] -
						       NOBS_CTIDHX(hide)(j));
			st->rest[j] = NOBS_CTIDHX(chain)(j) ^
				(s32)(right & (NOBS_CTIDHX(chain)(j) ^
					       NOBS_CTIDHX(chain)(j - 1)));
		}
	}
}

/*
 * st->p[q] times 4, the primes of the batches outside the round (mask) and
 * those of the round's batches but their picks.  Returns true if the
 * yield hook stopped the action.
 */
static bool NOBS_CTIDHX(clear)(struct nobs_ctidh_state *st, int q, u32 mask)
{
	int j, b, lo, hi, nb;

	NOBS_CTIDHX(xdbl)(&st->p[q], &st->p[q], st);
	NOBS_CTIDHX(xdbl)(&st->p[q], &st->p[q], st);
	NOBS_CTIDHX(work)(st, 12);
	for (b = 0, lo = 0; b < NOBS_CTIDHX_BATCHES; b++) {
		hi = lo + NOBS_CTIDHX(batch_size)[b];
		if (mask & (1u << b)) {
			/* the round's batch: all but the pick */
			nb = NOBS_CTIDHX(maxlen)(b);
			for (j = lo + 1; j < hi; j++)
				NOBS_CTIDHX(xmul)(&st->p[q], st->rest[j], nb,
						  st);
		} else {
			for (j = lo; j < hi; j++)
				NOBS_CTIDHX(xmul)(&st->p[q],
						  NOBS_CTIDHX(chain)(j),
						  NOBS_CTIDHX(dac_len)[j], st);
		}
		lo = hi;
		if (NOBS_CTIDHX(pause)(st))
			return true;
	}
	return false;
}

#ifdef NOBS_CTIDHX_VEC
/* NOBS_CTIDHX(clear)() of both points, their chains in lockstep */
static bool NOBS_CTIDHX(clear2)(struct nobs_ctidh_state *st, u32 mask)
{
	struct nobs_ctidh_pt *const pp[2] = { &st->p[0], &st->p[1] };
	s32 c[2];
	int j, b, lo, hi, nb;

	NOBS_CTIDHX(vbegin)(st);
	NOBS_CTIDHX(xdbl2)(st->p, st->p, st);
	NOBS_CTIDHX(xdbl2)(st->p, st->p, st);
	NOBS_CTIDHX(vend)(st);
	NOBS_CTIDHX(work)(st, 24);
	for (b = 0, lo = 0; b < NOBS_CTIDHX_BATCHES; b++) {
		hi = lo + NOBS_CTIDHX(batch_size)[b];
		if (mask & (1u << b)) {
			nb = NOBS_CTIDHX(maxlen)(b);
			for (j = lo + 1; j < hi; j++) {
				c[0] = st->rest[j];
				c[1] = st->rest[j];
				NOBS_CTIDHX(xmul2)(pp, c, nb, st);
			}
		} else {
			for (j = lo; j < hi; j++) {
				c[0] = NOBS_CTIDHX(chain)(j);
				c[1] = c[0];
				NOBS_CTIDHX(xmul2)(pp, c,
						   NOBS_CTIDHX(dac_len)[j], st);
			}
		}
		lo = hi;
		if (NOBS_CTIDHX(pause)(st))
			return true;
	}
	return false;
}
#endif

/*
 * One round over the n batches of st->batch (mask: the same as bits).
 * With three batches or more, the first isogeny pushes only the point of
 * its step's sign, and the other (the point of the other sign, which
 * every later step may need) is drawn anew on its codomain: one clearing
 * as before, one point less through that isogeny.  A round of one batch
 * clears the point of its sign only.  Where the vector code was chosen
 * (st->pairs), rounds of two batches or more clear both points in
 * lockstep instead, which takes about the time of one clearing: the
 * first isogeny pushes both points, and no point is drawn anew.
 */
static noinline void NOBS_CTIDHX(round)(struct nobs_ctidh_state *st, int n,
					u32 mask)
{
	int i, j, q, b, lo, hi, nb, npush;
	s64 ok, iso, lmin;
	bool redraw = n >= 3;

#ifdef NOBS_CTIDHX_VEC
	if (st->pairs)
		redraw = false;
#endif

	NOBS_CTIDHX(pick)(st, n);
	NOBS_CTIDHX(elligator)(st);
	if (redraw || n == 1) {
		/* the point of the first step's sign alone (or the only) */
		NOBS_CTIDHX(pt_cswap)(&st->p[0], &st->p[1], st->sign[0] & 1);
		if (NOBS_CTIDHX(clear)(st, 0, mask))
			return;
		NOBS_CTIDHX(pt_cswap)(&st->p[0], &st->p[1], st->sign[0] & 1);
	} else {
#ifdef NOBS_CTIDHX_VEC
		if (NOBS_CTIDHX(clear2)(st, mask))
			return;
#else
		for (q = 0; q < 2; q++)
			if (NOBS_CTIDHX(clear)(st, q, mask))
				return;
#endif
	}
	nobs_ctidh_count_event(NOBS_CTIDH_EV_SAMPLED, mask, 0,
			       NOBS_CTIDH_WAY(st));
	for (i = 0; i < n; i++) {
		if (NOBS_CTIDHX(pause)(st))
			return;
		b = st->batch[i];
		lo = NOBS_CTIDHX(start)(b);
		hi = lo + NOBS_CTIDHX(batch_size)[b];
		lmin = NOBS_CTIDHX(primes)[lo];
		NOBS_CTIDHX(pt_cswap)(&st->p[0], &st->p[1], st->sign[i] & 1);
		st->k = st->p[0];
		for (j = i + 1; j < n; j++) {
			/* counts its work: may yield, its error ends the step */
			NOBS_CTIDHX(xmul)(&st->k, st->chain[j],
					  NOBS_CTIDHX(maxlen)(st->batch[j]),
					  st);
		}
		/*
		 * K is at infinity with probability 1/l: the coin brings the
		 * success probability to 1 - 1/lmin for every l of the batch.
		 */
		ok = ~NOBS_CTIDHX(mask_nonzero)(NOBS_FPX(is_zero)(&st->k.z));
		ok &= NOBS_CTIDHX(coin)((u64)(st->prime[i] * (lmin - 1)),
					(u64)(lmin * (st->prime[i] - 1)),
					st->env);
		nobs_ctidh_public(ok);
		nobs_ctidh_count_event(NOBS_CTIDH_EV_STEP, mask, i,
				       (int)-ok | NOBS_CTIDH_WAY(st));
		iso = ok & st->real[i];
		/*
		 * Both points go through the isogenies but the last two: the
		 * last step needs only the point of its sign, moved to p[0]
		 * here (K has its copy), and the last isogeny none.
		 */
		npush = i < n - 2 ? 2 : i < n - 1 ? 1 : 0;
		if (i == 0 && redraw) {
			/* the first step (see above): p[0] alone */
			npush = 1;
		} else if (npush == 1) {
			NOBS_CTIDHX(pt_cmov)(&st->p[0], &st->p[1],
					     (st->sign[i] ^ st->sign[n - 1]) & 1);
		}
		if (ok) {
			NOBS_CTIDHX(isogeny)(st, st->prime[i], b, npush);
			NOBS_FPX(cmov)(&st->a, &st->na, iso & 1);
			NOBS_FPX(cmov)(&st->c, &st->nc, iso & 1);
			NOBS_CTIDHX(curve24)(st);
			for (q = 0; q < npush; q++)
				NOBS_CTIDHX(pt_cmov)(&st->p[q], &st->img[q],
						     iso & 1);
		}
		nb = NOBS_CTIDHX(maxlen)(b);
		q = 0;
#ifdef NOBS_CTIDHX_VEC
		if (npush == 2) {
			struct nobs_ctidh_pt *const pp[2] = { &st->p[0],
							      &st->p[1] };
			const s32 c[2] = { st->chain[i], st->chain[i] };

			NOBS_CTIDHX(xmul2)(pp, c, nb, st);
			q = 2;
		}
#endif
		for (; q < npush; q++)
			NOBS_CTIDHX(xmul)(&st->p[q], st->chain[i], nb, st);
		if (i == 0 && redraw) {
			/*
			 * p[1] anew, of the other sign (Elligator's pair is
			 * the curve's and the twist's), cleared as p[0] was
			 * and of the step's prime; K is free for p[0].
			 */
			if (NOBS_CTIDHX(pause)(st))
				return;
			st->k = st->p[0];
			NOBS_CTIDHX(elligator)(st);
			NOBS_CTIDHX(pt_cswap)(&st->p[0], &st->p[1],
					      st->sign[i] & 1);
			st->p[0] = st->k;
			if (NOBS_CTIDHX(clear)(st, 1, mask))
				return;
			NOBS_CTIDHX(xmul)(&st->p[1], st->chain[i], nb, st);
		} else if (npush == 1) {
			/* the last step's swap of equal points: no change */
			st->p[1] = st->p[0];
		}
		NOBS_CTIDHX(pt_cswap)(&st->p[0], &st->p[1], st->sign[i] & 1);
		for (j = lo; j < hi; j++)
			st->todo[j] = (s8)(st->todo[j] + (iso &
				~NOBS_CTIDHX(mask_nonzero)(NOBS_CTIDHX(hide)(j) -
							   st->pick[i])));
		st->left[b] += ok;
	}
}

/* bit i of the public exponent p - 2 (p = 3 mod 4: only limb 0 changes) */
static u64 NOBS_CTIDHX(pm2_bit)(int i)
{
	u64 limb = NOBS_FPX(p).limb[i / 64] - (i < 64 ? 2 : 0);

	return (limb >> (i % 64)) & 1;
}

/*
 * The round's order (public) of its n batches b_0 < ... < b_{n-1}, from
 * what a place costs: the first isogeny pushes one point (with three
 * batches or more), the one before the last one, the last none, the
 * others two, so the three of the largest primes go there; a step's
 * kernel is multiplied by the picks of the later steps, so the larger of
 * those goes first and the others follow from the largest down:
 * b_{n-2}, b_{n-4}, ..., b_0, b_{n-3}, b_{n-1}.
 */
static void NOBS_CTIDHX(order)(int *batch, int n)
{
	int k, t;

	if (n < 3)
		return;
	/* in place: the first n - 2 reversed, then b_{n-2} swapped to the front */
	for (k = 0; k < (n - 2) / 2; k++) {
		t = batch[k];
		batch[k] = batch[n - 3 - k];
		batch[n - 3 - k] = t;
	}
	t = batch[0];
	batch[0] = batch[n - 2];
	batch[n - 2] = t;
}

/*
 * st->c = 1 / st->c by Fermat, c^(p - 2): a sliding window of 3 bits over
 * the public exponent, with the odd powers c, c^3, c^5, c^7 in st->tmp
 * and c^2 in st->pa (free once the rounds are done), the work counted
 * per bit: the field's own inversion (nobs_fp*_inv()) neither yields
 * (2047 squarings in a row at 2048 bits, some 6 ms of its generic C) nor
 * keeps its table off the stack (its window's powers: 1 KiB at 2048
 * bits).  The same squarings and about as many multiplications.
 */
static noinline void NOBS_CTIDHX(inv)(struct nobs_ctidh_state *st)
{
	struct NOBS_FPX_T *odd = st->tmp, *c2 = &st->pa, *acc = &st->pd;
	int i, j, len;
	u64 win;

	_Static_assert(ARRAY_SIZE(st->tmp) >= 4, "the window's odd powers");
	odd[0] = st->c;
	NOBS_FPX(sqr)(c2, &st->c);
	for (j = 1; j < 4; j++)
		NOBS_FPX(mul)(&odd[j], &odd[j - 1], c2);
	*acc = NOBS_FPX(one);
	i = 64 * NOBS_FPX_LIMBS - 1;
	while (i >= 0 && !NOBS_CTIDHX(pm2_bit)(i))
		i--;
	while (i >= 0) {
		if (!NOBS_CTIDHX(pm2_bit)(i)) {
			NOBS_FPX(sqr)(acc, acc);
			NOBS_CTIDHX(work)(st, 1);
			i--;
			continue;
		}
		/* the longest window i .. i - len + 1 of 3 bits ending in 1 */
		len = 1;
		for (j = 1; j < 3 && i - j >= 0; j++)
			if (NOBS_CTIDHX(pm2_bit)(i - j))
				len = j + 1;
		win = 0;
		for (j = 0; j < len; j++) {
			win = (win << 1) | NOBS_CTIDHX(pm2_bit)(i - j);
			NOBS_FPX(sqr)(acc, acc);
		}
		NOBS_FPX(mul)(acc, acc, &odd[win >> 1]);
		NOBS_CTIDHX(work)(st, len + 1);
		i -= len;
	}
	st->c = *acc;
}

/*
 * The action of the exponents e on the curve a_in (which may be st->na),
 * into st->a (affine A, Montgomery form): the entry points keep no field
 * element on their frames.  Returns 0 or the yield hook's error.
 */
static noinline int NOBS_CTIDHX(action)(const struct NOBS_FPX_T *a_in,
					const s8 e[NOBS_CTIDHX_PRIMES],
					struct nobs_ctidh_state *st,
					const struct nobs_csidh_env *env)
{
	int i, n;
	u32 mask;

	st->env = env;
	st->work = 0;
	st->err = 0;
	for (i = 0; i < NOBS_CTIDHX_PRIMES; i++) {
		s64 x = e[i], m = NOBS_CTIDHX(mask_neg)(x);

		st->neg[i] = (s8)m;
		st->todo[i] = (s8)((x ^ m) - m);
	}
	for (i = 0; i < NOBS_CTIDHX_BATCHES; i++)
		st->left[i] = NOBS_CTIDHX(batch_bound)[i];
	st->a = *a_in;
	st->c = NOBS_FPX(one);
	NOBS_CTIDHX(curve24)(st);
#ifdef NOBS_CTIDHX_VEC
	/* no section open yet: the workspace may hold anything */
	st->qn = 0;
	st->vec = false;
	st->vwork = 0;
	st->pairs = NOBS_CTIDH_PAIRS();
#endif
	nobs_ctidh_count_event(NOBS_CTIDH_EV_START, 0, 0, NOBS_CTIDH_WAY(st));
	for (;;) {
		n = 0;
		mask = 0;
		for (i = 0; i < NOBS_CTIDHX_BATCHES; i++) {
			if (st->left[i]) {
				st->batch[n++] = i;
				mask |= 1u << i;
			}
		}
		if (!n)
			break;
		NOBS_CTIDHX(order)(st->batch, n);
		NOBS_CTIDHX(round)(st, n, mask);
		if (st->err)
			return st->err;
	}
	NOBS_CTIDHX(inv)(st);
	if (st->err)
		return st->err;
	NOBS_FPX(mul)(&st->a, &st->a, &st->c);
	nobs_ctidh_count_event(NOBS_CTIDH_EV_END, 0, 0, NOBS_CTIDH_WAY(st));
	return 0;
}

/*
 * The stack below the entry points keeps the last values of the action's
 * frames (curves, points, the field's temporaries and spills).  As the
 * CSIDH cores do (csidh_action_tmpl.c, where the reasons are), the entry
 * points overwrite, right after the action, more stack than it uses (at
 * most 2 KiB: its state is the workspace): NOBS_CTIDH_SCRUB_CHUNKS nested
 * frames of 1 KiB, twice as many with KASAN, then again shifted by half a
 * chunk, never past the end of the stack.
 */
#define NOBS_CTIDH_SCRUB_CHUNK	1024
#ifdef CONFIG_KASAN
#define NOBS_CTIDH_SCRUB_CHUNKS	6
#else
#define NOBS_CTIDH_SCRUB_CHUNKS	3
#endif
#define NOBS_CTIDH_SCRUB_FRAME	(NOBS_CTIDH_SCRUB_CHUNK + 128)
#define NOBS_CTIDH_SCRUB_SPARE	(1024 + NOBS_CTIDH_SCRUB_FRAME / 2)

static noinline __no_sanitize_address void
NOBS_CTIDHX(scrub_stack)(unsigned int chunks)
{
	u8 buf[NOBS_CTIDH_SCRUB_CHUNK];

	/* Not a tail call: each chunk is a frame below the previous one. */
	if (chunks > 1)
		NOBS_CTIDHX(scrub_stack)(chunks - 1);
	memzero_explicit(buf, sizeof(buf));
}

static noinline __no_sanitize_address void
NOBS_CTIDHX(scrub_shifted)(unsigned int chunks)
{
	u8 buf[NOBS_CTIDH_SCRUB_CHUNK / 2];

	NOBS_CTIDHX(scrub_stack)(chunks);
	memzero_explicit(buf, sizeof(buf));
}

static void NOBS_CTIDHX(scrub)(void)
{
	unsigned long room = nobs_stack_room(), fit;
	unsigned int n;

	if (room < NOBS_CTIDH_SCRUB_SPARE + NOBS_CTIDH_SCRUB_FRAME)
		return;
	fit = (room - NOBS_CTIDH_SCRUB_SPARE) / NOBS_CTIDH_SCRUB_FRAME;
	n = fit < NOBS_CTIDH_SCRUB_CHUNKS ? (unsigned int)fit :
					    NOBS_CTIDH_SCRUB_CHUNKS;
	NOBS_CTIDHX(scrub_stack)(n);
	NOBS_CTIDHX(scrub_shifted)(n);
}

/* The workspace's state; the caller's struct is big enough for it. */
static struct nobs_ctidh_state *NOBS_CTIDHX(ws_state)(struct nobs_csidh_ws *ws)
{
	_Static_assert(sizeof(struct nobs_ctidh_state) <=
		       sizeof(struct nobs_csidh_ws),
		       "NOBS_CSIDH_WS_SIZE is too small for this CTIDH set");
	return (struct nobs_ctidh_state *)ws;
}

/**
 * nobs_ctidh*_check_private_key() - whether a private key is in the key space
 * @sk: the exponents, one int8_t a prime
 *
 * Every batch's L1 norm is summed whole and compared with its bound only
 * at the end, so the time does not depend on @sk; the answer is public
 * (the caller's error code).
 *
 * Return: 0, or -EINVAL if a batch's sum of |e_i| passes its bound.
 */
int NOBS_CTIDHX(check_private_key)(const u8 sk[NOBS_CTIDHX_PRIVATE_KEY_SIZE])
{
	s64 bad = 0, sum, x, m;
	int b, j, lo = 0;

	for (b = 0; b < NOBS_CTIDHX_BATCHES; b++) {
		sum = 0;
		for (j = lo; j < lo + NOBS_CTIDHX(batch_size)[b]; j++) {
			x = (s8)sk[j];
			m = NOBS_CTIDHX(mask_neg)(x);
			sum += (x ^ m) - m;
		}
		bad |= NOBS_CTIDHX(mask_neg)(NOBS_CTIDHX(batch_bound)[b] - sum);
		lo += NOBS_CTIDHX(batch_size)[b];
	}
	nobs_ctidh_public(bad);
	return bad ? -EINVAL : 0;
}

/*
 * Key generation: per batch of w primes and bound S, uniform over the
 * exponent vectors with L1 norm at most S, by the method of high-ctidh's
 * random_boundedl1() (eprint 2021/633, section 5.2), with the same
 * randomness consumed the same way, so that a stream gives high-ctidh's
 * keys (test_ctidh512 checks it on the oracle's stream):
 *
 * - w + S random 32-bit words (little-endian), the low bit cleared, then
 *   set on the first w: w "bars" among S "stars"; sorted (as signed
 *   words) by a sorting network with masked compare-and-swap; a draw
 *   where two neighbours agree but for the low bit is rejected (ties
 *   would make the order depend on the marks: high-ctidh checks the
 *   first w neighbours only, nobs all of them, which changes nothing but
 *   draws with such a tie, about 2^-22 of them);
 * - the stars before the first bar give e_0, those between bar i and bar
 *   i + 1 give e_{i+1}: w non-negative numbers with sum at most S;
 * - one more word gives the signs, bit i for e_i; to keep zeros at their
 *   weight (a zero has one sign, a non-zero two), a draw is rejected with
 *   the probability that makes each zero cost a factor 1/2 beyond the
 *   least possible number of zeros, max(w - S, 0), read from the bits of
 *   the zeros (the non-zeros' bits are their signs).
 *
 * Rejections are public (they reveal a discarded draw, nothing of the
 * key); every other step is masks only.
 */
#define NOBS_CTIDH_MAX_DRAW	64

/* odd-even transposition sort of r[0 .. n - 1] (signed), branch-free */
static void NOBS_CTIDHX(sort)(s32 *r, int n)
{
	s64 a, b, m;
	int pass, i;

	for (pass = 0; pass < n; pass++) {
		for (i = pass & 1; i + 1 < n; i += 2) {
			a = r[i];
			b = r[i + 1];
			m = NOBS_CTIDHX(mask_neg)(b - a) & (a ^ b);
			r[i] = (s32)(a ^ m);
			r[i + 1] = (s32)(b ^ m);
		}
	}
}

static u32 NOBS_CTIDHX(le32)(const u8 *p)
{
	return p[0] | (u32)p[1] << 8 | (u32)p[2] << 16 | (u32)p[3] << 24;
}

/* e[0 .. w - 1]: uniform with sum |e_i| <= S (see above) */
static void NOBS_CTIDHX(boundedl1)(s8 *e, int w, int S,
				   const struct nobs_csidh_env *env)
{
	u8 buf[4 * NOBS_CTIDH_MAX_DRAW];
	s32 r[NOBS_CTIDH_MAX_DRAW];
	s64 bad, cnt, z, bit;
	int n = w + S, i, j;

	for (;;) {
		env->random(env->ctx, buf, 4 * n);
		for (j = 0; j < n; j++)
			r[j] = (s32)((NOBS_CTIDHX(le32)(buf + 4 * j) & ~1u) |
				     (j < w));
		NOBS_CTIDHX(sort)(r, n);
		bad = 0;
		for (j = 1; j < n; j++)
			bad |= ~NOBS_CTIDHX(mask_nonzero)((r[j] ^ r[j - 1]) &
							  ~1);
		nobs_ctidh_public(bad);
		if (bad)
			continue;
		/* r[j]: the number of bars up to j, 1 .. w after the first */
		for (j = 0; j < n; j++)
			r[j] &= 1;
		for (j = 1; j < n; j++)
			r[j] += r[j - 1];
		for (i = 0; i < w; i++) {
			cnt = 0;
			for (j = 0; j < n; j++)
				cnt -= ~NOBS_CTIDHX(mask_nonzero)(r[j] -
							NOBS_CTIDHX(hide)(i));
			/* each e_i, i > 0, also counted bar i */
			e[i] = (s8)(cnt - (i > 0));
		}
		/* the signs, and the zeros' rejection */
		env->random(env->ctx, buf, 4 * ((w + 31) / 32));
		cnt = w - S;
		bad = 0;
		for (i = 0; i < w; i++) {
			bit = (NOBS_CTIDHX(le32)(buf + 4 * (i / 32)) >>
			       (i % 32)) & 1;
			z = ~NOBS_CTIDHX(mask_nonzero)(e[i]);
			cnt += z;
			bad |= NOBS_CTIDHX(mask_neg)(cnt) & z & -bit;
		}
		nobs_ctidh_public(bad);
		if (bad)
			continue;
		for (i = 0; i < w; i++) {
			bit = (NOBS_CTIDHX(le32)(buf + 4 * (i / 32)) >>
			       (i % 32)) & 1;
			e[i] = (s8)((e[i] ^ -bit) + bit);
		}
		break;
	}
	memzero_explicit(buf, sizeof(buf));
	memzero_explicit(r, sizeof(r));
}

/**
 * nobs_ctidh*_random_private_key() - a uniformly random private key
 * @sk: the exponents out, one int8_t a prime
 * @env: the randomness (the yield hook is not called)
 *
 * Uniform over the key space, batch by batch (see above); constant time
 * but for the rejections of discarded draws.  The stack below is wiped
 * before the return, as after an action: the draws' words are the key.
 */
void NOBS_CTIDHX(random_private_key)(u8 sk[NOBS_CTIDHX_PRIVATE_KEY_SIZE],
				     const struct nobs_csidh_env *env)
{
	int b, lo = 0;

	_Static_assert(NOBS_CTIDHX_PRIVATE_KEY_SIZE == NOBS_CTIDHX_PRIMES,
		       "one byte an exponent");
	for (b = 0; b < NOBS_CTIDHX_BATCHES; b++) {
		NOBS_CTIDHX(boundedl1)((s8 *)sk + lo,
				       NOBS_CTIDHX(batch_size)[b],
				       NOBS_CTIDHX(batch_bound)[b], env);
		lo += NOBS_CTIDHX(batch_size)[b];
	}
	NOBS_CTIDHX(scrub)();
}

/**
 * nobs_ctidh*_public_key() - the public key of a private key
 * @pk: the public key out
 * @sk: the private key (int8_t exponents)
 * @env: randomness and yield hook
 * @ws: the action's workspace (any content; wiped before the return)
 *
 * Constant time in @sk (see the top of this file).  Exported for the
 * KUnit suites only (EXPORT_SYMBOL_IF_KUNIT), as is the next one.
 *
 * Return: 0; -EINVAL if @sk is outside the key space; or the yield hook's
 * error if it stopped the action (on error @pk is zeroed).
 */
int NOBS_CTIDHX(public_key)(u8 pk[NOBS_CTIDHX_PUBLIC_KEY_SIZE],
			    const u8 sk[NOBS_CTIDHX_PRIVATE_KEY_SIZE],
			    const struct nobs_csidh_env *env,
			    struct nobs_csidh_ws *ws)
{
	struct nobs_ctidh_state *st = NOBS_CTIDHX(ws_state)(ws);
	int err;

	memset(pk, 0, NOBS_CTIDHX_PUBLIC_KEY_SIZE);
	err = NOBS_CTIDHX(check_private_key)(sk);
	if (!err) {
		err = NOBS_CTIDHX(action)(&NOBS_FPX(zero), (const s8 *)sk, st,
					  env);
		NOBS_CTIDHX(scrub)();
		if (!err)
			NOBS_FPX(to_bytes)(pk, &st->a);
	}
	memzero_explicit(ws, sizeof(*ws));
	return err;
}
EXPORT_SYMBOL_IF_KUNIT(NOBS_CTIDHX(public_key));

/**
 * nobs_ctidh*_shared_secret() - the shared secret with a peer
 * @ss: the secret out
 * @sk: our private key
 * @peer: the peer's public key, validated here first
 * @env: randomness and yield hook
 * @ws: the action's workspace (any content; wiped before the return)
 *
 * The peer's key is checked by the CSIDH rule of the same prime (below
 * p, not +-2, a supersingular curve), variable time on public data.
 *
 * Return: 0; -EINVAL if @peer is not a valid public key or @sk is outside
 * the key space (then no group action ran); or the yield hook's error if
 * it stopped the validation or the action (on error @ss is zeroed).
 */
int NOBS_CTIDHX(shared_secret)(u8 ss[NOBS_CTIDHX_SHARED_SECRET_SIZE],
			       const u8 sk[NOBS_CTIDHX_PRIVATE_KEY_SIZE],
			       const u8 peer[NOBS_CTIDHX_PUBLIC_KEY_SIZE],
			       const struct nobs_csidh_env *env,
			       struct nobs_csidh_ws *ws)
{
	struct nobs_ctidh_state *st = NOBS_CTIDHX(ws_state)(ws);
	int err;

	memset(ss, 0, NOBS_CTIDHX_SHARED_SECRET_SIZE);
	err = NOBS_CTIDHX(check_private_key)(sk);
	if (!err)
		err = NOBS_CTIDHX_VALIDATE(peer, env, ws);
	/* the peer's A in the state (the validation's is wiped) */
	if (!err)
		err = NOBS_FPX(from_bytes)(&st->na, peer) ? -EINVAL : 0;
	if (!err) {
		err = NOBS_CTIDHX(action)(&st->na, (const s8 *)sk, st, env);
		NOBS_CTIDHX(scrub)();
		if (!err)
			NOBS_FPX(to_bytes)(ss, &st->a);
	}
	memzero_explicit(ws, sizeof(*ws));
	return err;
}
EXPORT_SYMBOL_IF_KUNIT(NOBS_CTIDHX(shared_secret));
