// SPDX-License-Identifier: GPL-2.0
/*
 * The search behind the CSIDH group action's schedule tables
 * (isogeny/csidh<bits>_tables.h): prints that header (make regen, the
 * GENERATED list of the top Makefile, writes it).  make lint (make
 * regen-check) compares the committed file with this program's output,
 * so the table in the build is always what this search finds.
 *
 * Model (field multiplications, a squaring counted as one; the formulas of
 * isogeny/csidh_*_tmpl.c):
 * - [l] P by the Montgomery ladder: xDBL (6) + 12 per further bit of l;
 * - one point through an l-isogeny: 4 per kernel point + 4;
 * - the kernel of an l-isogeny and the codomain: 6 per kernel point after
 *   the first (xDBL, xADD), 2 per kernel point (the codomain products),
 *   and the two l-th powers;
 * - [l] P by a differential addition chain: xDBL (6) + 6 per xADD step
 *   + 12 per ladder step (the shortest chains have none; see sdac_search()
 *   and alt_search());
 * - a split multiplies a copy of the pair by the primes of the right part,
 *   each by a chain whose differences no prime of the left part divides
 *   (in the straggler rounds only the shortest; in the table rounds an
 *   alternative if that one has such a difference), the rest in one
 *   ladder; when the left part is a single leaf only the point on the
 *   sign's side is multiplied (one point instead of two);
 * - the leaves run in ascending order of the primes (the engine's dummy
 *   steps rely on it, see nobs_csidh_push()), the round's own pair gets
 *   [l] of its sign's point from the kernel walk in a dummy step;
 * - a point pair (the point on E and the one on the twist, OAYT) waiting
 *   on the strategy's stack pays, at every isogeny it waits through, two
 *   [l] multiplications (the round's pair: one, and two differential
 *   additions in the walk) and two evaluations (both computed, one kept:
 *   the dummy and the real step cost the same); every pending point is
 *   evaluated in the step's one kernel walk.
 *
 * Search: the primes split into B interleaved batches (index mod B), the
 * smallest primes joining more than one (they fail most often; in a batch
 * where they are already finished they only cost multiplications): prime
 * l_i joins the m_i batches i, i + 1, ..., i + m_i - 1 (mod B).  Each
 * batch runs for NOBS_CSIDH512_MAX_EXPONENT rounds with one optimal strategy
 * (dynamic programming over the split points, Chi-Dominguez and
 * Rodriguez-Henriquez, eprint 2020/417, with a bound on the stack depth),
 * then the primes still short (their sampled points failed: no
 * l-torsion, probability 1/l) in straggler rounds of the simple strategy.
 * For each B: first the X smallest primes in every batch (m_i = B for
 * i < X, 1 above), for each X up to MAX_X; from the best of those, a
 * coordinate descent over m_i of the MAX_JOIN smallest primes (each m_i
 * in turn set to every value 1 .. B, a change kept if it lowers the
 * cost; two passes).  Each schedule is scored by simulating SIM_ACTIONS
 * actions as the engine runs them (finished and failed leaves only
 * multiply) with a fixed pseudo-random generator, so the output is
 * deterministic; a schedule whose cofactor chains' failure bound is too
 * weak (bulk_bound()) is not taken; the least mean cost wins.
 *
 * One table per parameter set: csidh_tune 512 prints
 * isogeny/csidh512_tables.h; csidh_tune 1024 the CSIDH-1024 one (130
 * primes, exponents in [-2, 2]) for an engine built for that set.
 *
 * The CTIDH sets (isogeny/ctidh_action_tmpl.c) take only the chains:
 * csidh_tune -c 512|1024|2048 prints isogeny/ctidh<b>_dac.h, the
 * shortest chain of each prime of the set (sdac_search(), the same
 * search as the CSIDH tables'), which ctidh<b>_tables.h includes
 * (ctidh511_tables.h too includes ctidh512's: the same primes).
 *
 * Usage: csidh_tune [-v] [-s L] [512|1024]   (-v: every (B, X), every
 * change the descent keeps, and their costs on stderr; -s L: no table,
 * the estimate of square-root Velu for the primes from L on, see
 * sv_kernel(), on stderr)
 *        csidh_tune -c 512|1024|2048
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#define MAX_PRIMES	130	/* the schedule search's sets */
#define MAX_SET_PRIMES	231	/* every set's, CTIDH-2048's the most */
#define MAX_DEPTH	4	/* point pairs on the stack, with the top */
#define MAX_B		6
#define MAX_X		12	/* smallest primes tried in every batch */
#define MAX_JOIN	16	/* smallest primes whose m_i the descent tries */
#define SIM_ACTIONS	1000

/*
 * the parameter set: its primes (ascending), exponent bound, field bits,
 * the stack depth (at most MAX_DEPTH)
 */
static int primes[MAX_SET_PRIMES], NPRIMES, BOUND, PBITS, DEPTH;

static const int primes512[74] = {
	3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67,
	71, 73, 79, 83, 89, 97, 101, 103, 107, 109, 113, 127, 131, 137, 139,
	149, 151, 157, 163, 167, 173, 179, 181, 191, 193, 197, 199, 211, 223,
	227, 229, 233, 239, 241, 251, 257, 263, 269, 271, 277, 281, 283, 293,
	307, 311, 313, 317, 331, 337, 347, 349, 353, 359, 367, 373, 587,
};

/*
 * CSIDH-512: the 74 primes above, exponents in [-5, 5], 4 pairs deep.
 * CSIDH-1024: the 129 odd primes up to 733 and 983, exponents in [-2, 2],
 * 3 pairs deep: with 128-byte field elements 4 pairs (2 KiB) and the rest
 * of the walk's state would pass the kernel's 2048-byte frame warning;
 * the model says the fourth pair would save 0.4%.
 */
static int set_params(int bits)
{
	int n = 0, l, q;

	if (bits == 512) {
		for (n = 0; n < 74; n++)
			primes[n] = primes512[n];
		BOUND = 5;
		DEPTH = 4;
	} else if (bits == 1024) {
		for (l = 3; l <= 733; l += 2) {
			for (q = 3; q * q <= l && l % q; q += 2)
				;
			if (q * q > l)
				primes[n++] = l;
		}
		primes[n++] = 983;
		BOUND = 2;
		DEPTH = 3;
	} else {
		return -1;
	}
	NPRIMES = n;
	PBITS = bits;
	return 0;
}

/*
 * The primes of a CTIDH set (high-ctidh's primes<b>.c, docs/ctidh.md):
 * CTIDH-512 (and CTIDH-511) those of CSIDH-512, CTIDH-1024 those of CSIDH-1024,
 * CTIDH-2048 the odd primes up to 1459 but 5, and 3413.
 */
static int ctidh_params(int bits)
{
	int n = 0, l, q;

	if (bits == 512)
		return set_params(512);
	if (bits == 1024)
		return set_params(1024);
	if (bits != 2048)
		return -1;
	for (l = 3; l <= 1459; l += 2) {
		for (q = 3; q * q <= l && l % q; q += 2)
			;
		if (q * q > l && l != 5)
			primes[n++] = l;
	}
	primes[n++] = 3413;
	NPRIMES = n;
	PBITS = bits;
	return 0;
}

/* items of the form "%s," filled into lines of 79 columns after a tab */
static void print_filled(const char *const *item, int n)
{
	int i, col = 8, len;

	for (i = 0; i < n; i++) {
		len = (int)strlen(item[i]) + 1;
		if (i && col + 1 + len > 79) {
			printf("\n");
			col = 8;
		}
		printf("%s%s,", col > 8 ? " " : "\t", item[i]);
		col += (col > 8 ? 1 : 0) + len;
	}
	printf("\n");
}

static int nbits(double log2v)
{
	return (int)floor(log2v) + 1;
}

/* [k] P for k with log2 lk by the Montgomery ladder */
static double cost_mul(double lk)
{
	return 6 + 12 * (nbits(lk) - 1);
}

/*
 * Shortest differential addition chains (SDACs), one per prime: from
 * (a, b, b - a) = (1, 2, 1) (P, [2] P by xDBL), each step adds the pair
 * (xADD, difference b - a) and keeps (b, a + b) (bit 0) or (a, a + b)
 * (bit 1), until b = l.  Walking back from (a, l) is the subtractive
 * Euclidean algorithm, so each a coprime to l gives at most one chain;
 * the shortest wins, then the one whose differences are divisible by the
 * fewest of the primes.  bad[i] has a bit per prime dividing some
 * difference of l_i's chain: multiplying a point of order m by l_i with it
 * goes wrong (the difference is at infinity, the result (0 : 0)) only if
 * m > 1 divides a difference, so never when every prime of m is at least
 * l_i (the differences are below l_i) or outside bad[i] (see
 * nobs_csidh_mul_primes() in the engine).
 */
#define MASK_WORDS	((MAX_SET_PRIMES + 63) / 64)
static unsigned int sdac_bits[MAX_SET_PRIMES];
static int sdac_len[MAX_SET_PRIMES];
static unsigned long long sdac_bad[MAX_SET_PRIMES][MASK_WORDS];

/* the chain ending at (a, l): its length, bits, differences; -1 if none */
static int sdac_walk(int a, int l, unsigned int *bits, int *diff)
{
	int x = a, y = l, n = 0, steps[64][2], i;

	/* at most 32 steps: the bits fill a u32 */
	while (x != 1 || y != 2) {
		if (x < 1 || 2 * x == y || n == 32)
			return -1;
		steps[n][0] = x;
		steps[n][1] = y;
		if (x > y - x) {
			/* from (y - x, x) by bit 0 */
			steps[n][0] = 0;
			y = x;
			x = steps[n][1] - x;
		} else {
			steps[n][0] = 1;
			y -= x;
		}
		steps[n][1] = y - x;	/* difference used by this step */
		n++;
	}
	*bits = 0;
	for (i = 0; i < n; i++) {
		/* forward step i is the reverse step n - 1 - i */
		*bits |= (unsigned int)steps[n - 1 - i][0] << i;
		diff[i] = steps[n - 1 - i][1];
	}
	return n;
}

/* adds to the mask bad the primes l_j that divide d (d >= 1) */
static void mark_divisors(unsigned long long *bad, int d)
{
	int j;

	for (j = 0; j < NPRIMES && primes[j] <= d; j++)
		if (d % primes[j] == 0)
			bad[j / 64] |= 1ULL << (j % 64);
}

static void sdac_search(void)
{
	int i, w, k, a, n, best, bestbad, nbad, diff[64];
	unsigned long long bad[MASK_WORDS];
	unsigned int bits;

	for (i = 0; i < NPRIMES; i++) {
		best = 1000;
		bestbad = 1000;
		for (a = 1; a < primes[i]; a++) {
			n = sdac_walk(a, primes[i], &bits, diff);
			if (n < 0 || n > best)
				continue;
			memset(bad, 0, sizeof(bad));
			for (k = 0; k < n; k++)
				mark_divisors(bad, diff[k]);
			for (nbad = 0, w = 0; w < MASK_WORDS; w++)
				nbad += __builtin_popcountll(bad[w]);
			if (n < best || nbad < bestbad) {
				best = n;
				bestbad = nbad;
				sdac_bits[i] = bits;
				sdac_len[i] = n;
				memcpy(sdac_bad[i], bad, sizeof(bad));
			}
		}
	}
}

/* [l_i] P by its chain: xDBL and one xADD per step */
static double cost_sdac(int i)
{
	return 6 + 6 * sdac_len[i];
}

/*
 * The engine's multiplication of a point by the primes r[0 .. nr) (indices,
 * ascending) while the primes of the mask want stay in its order: the
 * primes whose chain could fail on a point of that order in one ladder,
 * first, then the others by their chains, in ascending order.  bulk: the
 * cofactor of a table round, whose point keeps the torsion of a whole
 * batch; every prime by its chain (see bulk_bound()).
 */
/* whether no prime of the mask bad is in the mask want */
static int mask_avoids(const unsigned long long *bad,
		       const unsigned long long *want)
{
	int w;

	for (w = 0; w < MASK_WORDS; w++)
		if (bad[w] & want[w])
			return 0;
	return 1;
}

static int sdac_safe(int i, const unsigned long long *want)
{
	return mask_avoids(sdac_bad[i], want);
}

static double cost_primes(const int *r, int nr,
			  const unsigned long long *want, int bulk)
{
	double ladder = 0, c = 0;
	int j;

	for (j = 0; j < nr; j++) {
		if (bulk || sdac_safe(r[j], want))
			c += cost_sdac(r[j]);
		else
			ladder += log2(primes[r[j]]);
	}
	return c + (ladder > 0 ? cost_mul(ladder) : 0);
}

/*
 * Alternative chains for the table rounds' splits.  A split's copy keeps
 * the torsion of the left part's primes (want) while it is multiplied by
 * those of the right part; a prime whose shortest chain has a difference
 * divisible by a wanted prime went into the ladder.  Instead, each prime
 * gets a pool of differential addition chains that mix the chain steps
 * above with ladder steps: from (a, b) with difference d = b - a,
 *   code 0: (b, a + b), then difference a (xADD, 6);
 *   code 1: (a, a + b), then difference b (xADD, 6);
 *   code 2: (2a, a + b), difference still d (xDBLADD, 12);
 *   code 3: (a + b, 2b), difference still d (xDBLADD, 12);
 * from (1, 2) (xDBL, 6) to a last xADD that gives l.  A ladder step
 * keeps its difference, so a chain can go on where every xADD would
 * need a difference divisible by a wanted prime (with 3 wanted, xADD
 * alone soon has only (a, a + b) with 3 | a left).  Every chain whose
 * cost stays within ALT_SLACK of the shortest chain's and below the
 * ladder's 12 per bit is enumerated (backwards from its last pair, cut
 * by the cheapest way to each pair, alt_best[][]); of those, the pool
 * keeps the Pareto front of (cost, the primes dividing a difference).
 * A split takes, for each prime its shortest chain cannot do, the first
 * chain of the pool (cheapest first) whose differences avoid every
 * wanted prime, and the ladder only if there is none.  The tables carry
 * only the chains some split of the schedule takes, in pool order, so
 * the engine's first safe chain is the one chosen here.
 */
#define ALT_SLACK	18
#define ALT_MAX_LEN	16	/* two bits a step in a u32 */
#define ALT_MAX_L	1000

struct chain {
	unsigned int steps;	/* code of step s at bits 2s, 2s + 1 */
	int len, cost, used;
	unsigned long long bad[MASK_WORDS];
};

static struct chain *pool[MAX_PRIMES];
static int npool[MAX_PRIMES];

static unsigned short alt_best[ALT_MAX_L][ALT_MAX_L];
static struct chain *alt_found;
static int alt_nfound, alt_cap, alt_budget, alt_depth;
static int alt_stack[64][3];	/* code, and the pair the step starts from */

/* the cheapest cost from (1, 2) to each pair (a, b), b <= l, no limits */
static void alt_forward(int l)
{
	int a, b, c, s;

	for (b = 0; b <= l; b++)
		for (a = 0; a <= l; a++)
			alt_best[a][b] = 0xffff;
	alt_best[1][2] = 6;
	for (b = 2; b <= l; b++) {
		for (a = 1; a < b; a++) {
			c = alt_best[a][b];
			s = a + b;
			if (c == 0xffff || s > l)
				continue;
			if (c + 6 < alt_best[b][s])
				alt_best[b][s] = c + 6;
			if (c + 6 < alt_best[a][s])
				alt_best[a][s] = c + 6;
			if (2 * a < s && c + 12 < alt_best[2 * a][s])
				alt_best[2 * a][s] = c + 12;
			if (2 * b <= l && c + 12 < alt_best[s][2 * b])
				alt_best[s][2 * b] = c + 12;
		}
	}
}

static void alt_record(int cost)
{
	struct chain *ch;
	int s, *st;

	if (alt_nfound == alt_cap) {
		alt_cap = alt_cap ? 2 * alt_cap : 4096;
		alt_found = realloc(alt_found, alt_cap * sizeof(*alt_found));
		if (!alt_found) {
			fprintf(stderr, "csidh_tune: out of memory\n");
			exit(1);
		}
	}
	ch = &alt_found[alt_nfound++];
	memset(ch, 0, sizeof(*ch));
	ch->cost = cost;
	ch->len = alt_depth;
	/* the stack holds the steps last first */
	for (s = 0; s < alt_depth; s++) {
		st = alt_stack[alt_depth - 1 - s];
		ch->steps |= (unsigned int)st[0] << (2 * s);
		mark_divisors(ch->bad, st[2] - st[1]);
	}
}

static void alt_push(int code, int a, int b, int cost);

/* every chain reaching (a, b), then steps costing cost */
static void alt_back(int a, int b, int cost)
{
	if (a == 1 && b == 2) {
		if (alt_depth <= ALT_MAX_LEN)
			alt_record(cost + 6);
		return;
	}
	if (alt_best[a][b] == 0xffff || cost + alt_best[a][b] > alt_budget)
		return;
	/* (a, b) = (b', a' + b') or (a', a' + b') */
	if (b - a < a)
		alt_push(0, b - a, a, cost + 6);
	else if (b - a > a)
		alt_push(1, a, b - a, cost + 6);
	/* (a, b) = (2a', a' + b') or (a' + b', 2b') */
	if (a % 2 == 0)
		alt_push(2, a / 2, b - a / 2, cost + 12);
	if (b % 2 == 0 && 2 * a > b)
		alt_push(3, a - b / 2, b / 2, cost + 12);
}

static void alt_push(int code, int a, int b, int cost)
{
	alt_stack[alt_depth][0] = code;
	alt_stack[alt_depth][1] = a;
	alt_stack[alt_depth][2] = b;
	alt_depth++;
	alt_back(a, b, cost);
	alt_depth--;
}

static int chain_cmp(const void *x, const void *y)
{
	const struct chain *p = x, *q = y;

	/* used holds the enumeration's order here */
	return p->cost != q->cost ? p->cost - q->cost : p->used - q->used;
}

static int mask_subset(const unsigned long long *a,
		       const unsigned long long *b)
{
	int w;

	for (w = 0; w < MASK_WORDS; w++)
		if (a[w] & ~b[w])
			return 0;
	return 1;
}

static void alt_search(void)
{
	int i, a, l, x, y, n;

	for (i = 0; i < NPRIMES; i++) {
		l = primes[i];
		alt_budget = (int)cost_sdac(i) + ALT_SLACK;
		if (alt_budget >= 12 * log2(l))
			alt_budget = (int)ceil(12 * log2(l)) - 1;
		alt_forward(l);
		alt_nfound = 0;
		/* the last step: (a, l - a) to l by xADD */
		for (a = 1; 2 * a < l; a++)
			alt_push(0, a, l - a, 6);
		/* equal costs keep the enumeration's order */
		for (x = 0; x < alt_nfound; x++)
			alt_found[x].used = x;
		qsort(alt_found, alt_nfound, sizeof(*alt_found), chain_cmp);
		pool[i] = malloc((alt_nfound + 1) * sizeof(*pool[i]));
		if (!pool[i]) {
			fprintf(stderr, "csidh_tune: out of memory\n");
			exit(1);
		}
		for (n = 0, x = 0; x < alt_nfound; x++) {
			for (y = 0; y < n; y++)
				if (mask_subset(pool[i][y].bad, alt_found[x].bad))
					break;
			if (y == n) {
				pool[i][n] = alt_found[x];
				pool[i][n++].used = 0;
			}
		}
		npool[i] = n;
	}
}

/*
 * the chain a table round's split takes for l_i while want stays: -1 the
 * ladder, 0 the shortest, 1 + x the pool's x-th
 */
static int split_chain(int i, const unsigned long long *want)
{
	int x;

	if (sdac_safe(i, want))
		return 0;
	for (x = 0; x < npool[i]; x++)
		if (mask_avoids(pool[i][x].bad, want))
			return 1 + x;
	return -1;
}

static double cost_split_chain(int i, int x)
{
	return x ? pool[i][x - 1].cost : cost_sdac(i);
}

static double cost_eval(int l);
static double cost_kernel(int l);
static double cost_pow(int l);

/*
 * Estimate only (-s L: nothing of it reaches the tables): square-root
 * Velu (D. J. Bernstein, L. De Feo, A. Leroux, B. Smith, "Faster
 * computation of isogenies of large prime degree", eprint 2020/341) for
 * the primes l >= sv_min, in place of the kernel walk.  Kernel point P
 * of order l, h = (l - 1) / 2, b = floor(sqrt(l - 1) / 2), b' = floor((l
 * - 1) / (4 b)): I = {2b (2i + 1), i < b'}, J = {2j + 1, j < b}; I +- J
 * are the odd s < 4 b b', K the k = h - 2 b b' odd s in (4 b b', l - 2],
 * taken as x([l - s] P), i.e. the even multiples [2] .. [2k].  Then
 * h_S(X) = Res_Z(h_I(Z), E_J(X, Z)) / Delta * h_K(X), and Delta (which
 * does not depend on X) cancels in the two ratios used: the codomain's
 * h_S(1) / h_S(-1) and each image's h_S(1 / x) / h_S(x).  For x = X / W,
 * J point (Xj : Zj) and curve (A : C), E_J's factor is the quadratic in Z
 *   C (Zj X - Xj W)^2 Z^2 - 2 (C Xj Zj (X^2 + W^2) + (C (Xj^2 + Zj^2)
 *   + 2 A Xj Zj) X W) Z + C (Xj X - Zj W)^2,
 * 5 multiplications per j and point from X^2 + W^2, X^2 - W^2, X W and
 * per-step constants of j (c2 + c0 and c2 - c0 scaled by 2); reversed,
 * it is the factor for 1 / x, so E_J(1 / x, Z) is E_J(x, Z) reversed.
 * E_J of b quadratics by a product tree of Karatsuba products (kmul()).
 * Res(h_I, E) = prod_i E(x_i) up to a factor that cancels, evaluated by
 * one of:
 * - design 0, affine I: the b' I points normalised by one inversion per
 *   step (Fermat: about 1.2 PBITS), then Horner: 2b per E and i;
 * - design 1, monomials stored: X_i^k Z_i^(2b - k) of every i and k
 *   (3 (2b - 1) per i and step), then 2b + 1 per E and i: b' (2b + 1)
 *   field elements on the stack.
 * (A remainder tree over h_I's product tree costs more than either for
 * b' <= 12, CSIDH-512's largest.)  The pair-0 point of a dummy step gets
 * [l] by its chain (the walk's last two multiples are not there).
 */
static int sv_min, sv_design;

static double kmul(int n, int m)
{
	double s, k;
	int h, t;

	if (n < m) {
		t = n;
		n = m;
		m = t;
	}
	if (m <= 0)
		return 0;
	if (m == 1)
		return n;
	if (n > m) {
		/* the longer in chunks of the shorter */
		for (s = 0; n > 0; n -= m)
			s += kmul(n < m ? n : m, m);
		return s;
	}
	h = (n + 1) / 2;
	k = 2 * kmul(h, h) + kmul(n - h, n - h);
	return k < (double)n * n ? k : (double)n * n;
}

/* a product tree of n polynomials of degree dg */
static double ptree(int n, int dg)
{
	if (n <= 1)
		return 0;
	return ptree((n + 1) / 2, dg) + ptree(n / 2, dg) +
	       kmul(dg * ((n + 1) / 2) + 1, dg * (n / 2) + 1);
}

static void sv_params(int l, int *b, int *bp, int *k)
{
	*b = (int)floor(sqrt(l - 1) / 2);
	*bp = (l - 1) / (4 * *b);
	*k = (l - 1) / 2 - 2 * *b * *bp;
}

static int sv_on(int l)
{
	return sv_min && l >= sv_min && l >= 13;
}

/* one resultant: E (2b + 1 coefficients) at the b' points, the product */
static double sv_res(int b, int bp)
{
	return (sv_design ? 2 * b + 1 : 2 * b) * (double)bp + bp - 1;
}

/* one image: X^2 +- W^2, X W; E_J; two resultants; K; the finish */
static double sv_eval(int l)
{
	int b, bp, k;

	sv_params(l, &b, &bp, &k);
	return 5 + 5 * b + ptree(b, 2) + 2 * sv_res(b, bp) + 4 * k + 2 + 4;
}

/* multiples, per-step constants, the codomain's E_J(+-1) and resultants */
static double sv_kernel(int l)
{
	int b, bp, k;
	double c;

	sv_params(l, &b, &bp, &k);
	/* J ([2] by xDBL), [2b], [4b], I, K (even multiples) */
	c = 6 * (b + 2 + bp - 1) + (k >= 2 ? 6 * (k - 1) : 0);
	if (sv_design)
		c += 3 * (2 * b - 1) * bp;
	else
		c += 3 * (bp - 1) + 1.2 * PBITS;
	c += 6 * b + 2 * ptree(b, 2) + 2 * sv_res(b, bp);
	return c + 2 * k + 2 + 6 + 2 * cost_pow(l) + 2;
}

/* the field elements a step of degree l keeps beyond the walk's */
static int sv_stack(int l)
{
	int b, bp, k;

	sv_params(l, &b, &bp, &k);
	/* per-j constants, I, one E_J and its product's scratch */
	return 4 * b + bp + 2 * (2 * b + 1) +
	       (sv_design ? bp * (2 * b + 1) : 0);
}

static double cost_eval(int l)
{
	if (sv_on(l))
		return sv_eval(l);
	return 4 * ((l - 1) / 2) + 4;
}

static double cost_pow(int l)
{
	return (nbits(log2(l)) - 1) + __builtin_popcount(l) - 1;
}

static double cost_kernel(int l)
{
	int h = (l - 1) / 2;

	if (sv_on(l))
		return sv_kernel(l);

	return 6 * (h - 1) + 2 * h + 6 + 2 * cost_pow(l) + 2;
}

/*
 * the round's pair pushed through one step of degree l_i: [l] of the
 * twist-side point by the chain, of its sign's point from the walk
 * (2 xADD), both points evaluated
 */
static double cost_push0(int i)
{
	return cost_sdac(i) + (sv_on(primes[i]) ? cost_sdac(i) : 12) +
	       2 * cost_eval(primes[i]);
}

/*
 * a pair above the round's pair: evaluated in the same walk, both [l]
 * by the chain
 */
static double cost_push_more(int i)
{
	return 2 * cost_sdac(i) + 2 * cost_eval(primes[i]);
}

/*
 * an entry down to one leaf waits as one point: its [l] and one image
 * (the round's own or above it: the same)
 */
static double cost_lone0(int i)
{
	return cost_sdac(i) + cost_eval(primes[i]);
}

static double cost_lone_more(int i)
{
	return cost_lone0(i);
}

/*
 * one round's fixed cost: Elligator (12 multiplications; its Legendre
 * symbol takes none, see nobs_fp512_is_square()) + [4] and the cofactor of
 * both points
 */
static double cost_round(double cofactor)
{
	return 12 + 2 * (12 + cofactor);
}

/* DP: C[i][j][d], segment i..j of seq, top of the stack at depth d */
static double C[MAX_PRIMES][MAX_PRIMES][MAX_DEPTH + 1];
static unsigned char S[MAX_PRIMES][MAX_PRIMES][MAX_DEPTH + 1];

/*
 * M[i][k][j]: a split of the segment i..j of seq after leaf k, the copy
 * multiplied by the primes k + 1 .. j while those of i .. k stay wanted
 */
static float M[MAX_PRIMES][MAX_PRIMES][MAX_PRIMES];

static void split_costs(const int *seq, int n)
{
	unsigned long long want[MASK_WORDS];
	double ladder, c;
	int i, k, j, x;

	for (i = 0; i < n; i++) {
		memset(want, 0, sizeof(want));
		for (k = i; k < n; k++) {
			want[seq[k] / 64] |= 1ULL << (seq[k] % 64);
			ladder = c = 0;
			for (j = k + 1; j < n; j++) {
				x = split_chain(seq[j], want);
				if (x >= 0)
					c += cost_split_chain(seq[j], x);
				else
					ladder += log2(primes[seq[j]]);
				M[i][k][j] = (float)(c + (ladder > 0 ?
						cost_mul(ladder) : 0));
			}
		}
	}
}

/* seq: prime indices, ascending */
static double strategy(const int *seq, int n)
{
	double push[MAX_PRIMES + 1], push0[MAX_PRIMES + 1];
	double lone[MAX_PRIMES + 1], lone0[MAX_PRIMES + 1];
	double best, c;
	int i, j, k, d, len, bk;

	push[0] = push0[0] = lone[0] = lone0[0] = 0;
	for (i = 0; i < n; i++) {
		push[i + 1] = push[i] + cost_push_more(seq[i]);
		push0[i + 1] = push0[i] + cost_push0(seq[i]);
		lone[i + 1] = lone[i] + cost_lone_more(seq[i]);
		lone0[i + 1] = lone0[i] + cost_lone0(seq[i]);
	}
	split_costs(seq, n);
	for (d = 1; d <= DEPTH; d++)
		for (i = 0; i < n; i++)
			C[i][i][d] = cost_kernel(primes[seq[i]]);
	for (len = 2; len <= n; len++) {
		for (i = 0; i + len - 1 < n; i++) {
			j = i + len - 1;
			for (d = 1; d <= DEPTH; d++) {
				best = 1e30;
				bk = -1;
				for (k = i; k < j; k++) {
					/* the multiplicative split needs no room */
					if (d == DEPTH)
						break;
					/*
					 * a lone leaf needs its sign's point
					 * only, and so does a right part of
					 * one leaf while it waits
					 */
					c = (k == i ? 1 : 2) * M[i][k][j] +
					    C[i][k][d + 1] + C[k + 1][j][d];
					if (k + 1 == j)
						c += d == 1 ?
						     lone0[k + 1] - lone0[i] :
						     lone[k + 1] - lone[i];
					else
						c += d == 1 ?
						     push0[k + 1] - push0[i] :
						     push[k + 1] - push[i];
					if (c < best) {
						best = c;
						bk = k;
					}
				}
				C[i][j][d] = best;
				S[i][j][d] = (unsigned char)(bk < 0 ? 0 : bk - i);
			}
		}
	}
	return C[0][n - 1][1];
}

/* preorder list of the splits (relative to the segment start) */
static int splits(int i, int j, int d, unsigned char *out, int pos)
{
	int k;

	if (i == j)
		return pos;
	k = i + S[i][j][d];
	out[pos++] = (unsigned char)(k - i);
	pos = splits(i, k, d + 1, out, pos);
	return splits(k + 1, j, d, out, pos);
}

static unsigned long long rng = 0x2545f4914f6cdd1dULL;

static double uniform(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (rng >> 11) * (1.0 / 9007199254740992.0);
}

/* m_i: how many batches prime l_i joins */
static int mult[MAX_PRIMES];

/* batch b of B: the primes i with b in i, i + 1, ..., i + m_i - 1 mod B */
static int member(int B, int b, int i)
{
	return (b - i % B + B) % B < mult[i];
}

struct schedule {
	int n[MAX_B], seq[MAX_B][MAX_PRIMES];
	unsigned char sp[MAX_B][MAX_PRIMES];
	double spc[MAX_B][MAX_PRIMES];	/* each split's cost, preorder */
	double fixed[MAX_B];
};

/* the cofactor of a round over seq[0 .. n) (ascending): every other prime */
static double cofactor_cost(const int *seq, int n, int bulk)
{
	unsigned long long want[MASK_WORDS];
	int r[MAX_PRIMES], nr = 0, i, j;

	memset(want, 0, sizeof(want));
	for (j = 0; j < n; j++)
		want[seq[j] / 64] |= 1ULL << (seq[j] % 64);
	for (i = 0; i < NPRIMES; i++)
		if (!(want[i / 64] >> (i % 64) & 1))
			r[nr++] = i;
	return cost_round(cost_primes(r, nr, want, bulk));
}

/* whether the table rounds' cofactors run every prime by its chain */
static int bulk = 1;

static double batch_cost(int B, int b, int *seq, int *n)
{
	int i;

	*n = 0;
	for (i = 0; i < NPRIMES; i++)
		if (member(B, b, i))
			seq[(*n)++] = i;
	return cofactor_cost(seq, *n, bulk);
}

/*
 * log2 of a bound on the probability that a table round's cofactor, all
 * by chains, meets a difference at infinity in some action.  A point Q
 * being multiplied by l_j keeps the torsion of the whole batch; a chain
 * fails only if the order m > 1 of Q divides one of its differences
 * (below the largest prime), so m has at most f prime factors, f the
 * most of the smallest primes whose product stays below the largest
 * prime: all but f of the batch's components are trivial, each with
 * probability 1 / l independently.  Per multiplication that is at most
 * sum_{k <= f} C(n, k) times the product of 1 / l over the n - f smallest
 * primes of the batch; an action runs BOUND * B table rounds, two points
 * each, NPRIMES - n multiplications per point.
 */
static double bulk_bound(const struct schedule *sc, int B)
{
	double worst = -1e30, lg, prod, comb, tot;
	int b, f, k, i, n, maxp = primes[NPRIMES - 1];

	for (f = 0, prod = 1; f < NPRIMES && prod * primes[f] < maxp; f++)
		prod *= primes[f];
	for (b = 0; b < B; b++) {
		n = sc->n[b];
		/* the batch's primes ascend: skip its f largest */
		for (lg = 0, i = 0; i < n - f; i++)
			lg -= log2(primes[sc->seq[b][i]]);
		for (comb = 0, k = 0; k <= f && k <= n; k++) {
			double c = 1;

			for (i = 0; i < k; i++)
				c = c * (n - i) / (i + 1);
			comb += c;
		}
		tot = lg + log2(comb) + log2(BOUND * B * 2.0 * (NPRIMES - n));
		if (tot > worst)
			worst = tot;
	}
	return worst;
}

/*
 * One round of a batch with its strategy, as the engine runs it: a leaf
 * whose prime is finished or whose point failed (probability 1/l) only
 * multiplies the pending pairs by l.  Returns the cost; steps done[].
 * spc[]: the cost of each split, in the order they run (preorder, the
 * same whatever the leaves do).
 */
static double run_round(const int *seq, int n, const unsigned char *sp,
			const double *spc, double fixed, int *done)
{
	int lo[MAX_DEPTH + 1], hi[MAX_DEPTH + 1], top = 0, pos = 0, k, j, li;
	double total = fixed;
	int l;

	lo[0] = 0;
	hi[0] = n - 1;
	while (top >= 0) {
		if (lo[top] == hi[top]) {
			li = seq[lo[top]];
			l = primes[li];
			if (done[li] < BOUND && uniform() >= 1.0 / l) {
				done[li]++;
				total += cost_kernel(l);
				/* pending entries: pairs, or lone (one leaf) */
				for (j = 0; j < top; j++) {
					if (lo[j] == hi[j])
						total += j ? cost_lone_more(li) :
						     cost_lone0(li);
					else
						total += j ? cost_push_more(li) :
						     cost_push0(li);
				}
			} else {
				for (j = 0; j < top; j++)
					total += (lo[j] == hi[j] ? 1 : 2) *
						 cost_sdac(li);
			}
			top--;
			continue;
		}
		total += spc[pos];
		k = lo[top] + sp[pos++];
		lo[top + 1] = lo[top];
		hi[top + 1] = k;
		lo[top] = k + 1;
		top++;
	}
	return total;
}

/* the simple strategy's splits for n leaves, and their costs */
static void simple_splits(unsigned char *sp, double *spc, const int *seq,
			  int n)
{
	unsigned long long want[MASK_WORDS];
	int k;

	memset(sp, 0, n);
	for (k = 0; k + 1 < n; k++) {
		memset(want, 0, sizeof(want));
		want[seq[k] / 64] |= 1ULL << (seq[k] % 64);
		/* a lone leaf: its sign's point only */
		spc[k] = cost_primes(seq + k + 1, n - k - 1, want, 0);
	}
}

/* the split costs of a strategy: its splits replayed in preorder */
static int split_list(int i, int j, const unsigned char *sp, double *spc,
		      int pos)
{
	int k;

	if (i == j)
		return pos;
	k = i + sp[pos];
	spc[pos] = (k == i ? 1 : 2) * M[i][k][j];
	pos = split_list(i, k, sp, spc, pos + 1);
	return split_list(k + 1, j, sp, spc, pos);
}

static void plan(struct schedule *sc, int B)
{
	int b;

	for (b = 0; b < B; b++) {
		sc->fixed[b] = batch_cost(B, b, sc->seq[b], &sc->n[b]);
		strategy(sc->seq[b], sc->n[b]);
		splits(0, sc->n[b] - 1, 1, sc->sp[b], 0);
		split_list(0, sc->n[b] - 1, sc->sp[b], sc->spc[b], 0);
	}
}

/* mean cost of the whole action over SIM_ACTIONS simulated runs */
static double simulate(const struct schedule *sc, int B)
{
	int done[MAX_PRIMES], act[MAX_PRIMES], i, r, b, n, a;
	unsigned char sp[MAX_PRIMES];
	double total = 0, spc[MAX_PRIMES];

	rng = 0x2545f4914f6cdd1dULL;
	for (a = 0; a < SIM_ACTIONS; a++) {
		for (i = 0; i < NPRIMES; i++)
			done[i] = 0;
		for (r = 0; r < BOUND; r++)
			for (b = 0; b < B; b++)
				total += run_round(sc->seq[b], sc->n[b],
						   sc->sp[b], sc->spc[b],
						   sc->fixed[b], done);
		for (;;) {
			for (n = 0, i = 0; i < NPRIMES; i++)
				if (done[i] < BOUND)
					act[n++] = i;
			if (!n)
				break;
			simple_splits(sp, spc, act, n);
			total += run_round(act, n, sp, spc,
					   cofactor_cost(act, n, 0), done);
		}
	}
	return total / SIM_ACTIONS;
}

/* text as a comment's lines (" * ", words up to 72 columns) */
static void print_wrapped(const char *text)
{
	const char *w = text, *e;
	int col = 0, len, extra = 0;

	while (*w) {
		for (e = w; *e && *e != ' '; e++)
			;
		len = (int)(e - w);
		if (col && col + extra + 1 + len > 72) {
			printf("\n");
			col = 0;
		}
		/* two spaces after a full stop stay two, within a line */
		printf("%*s%.*s", col ? extra + 1 : 3, col ? "" : " * ", len, w);
		col += (col ? extra + 1 : 3) + len;
		for (extra = 0, w = e; *w == ' ' && w[1] == ' '; w++)
			extra++;
		while (*w == ' ')
			w++;
	}
	printf("\n");
}

/* the schedule of mult[] with B batches: its mean cost, or 1e30 if unsafe */
static double score(struct schedule *sc, int B)
{
	plan(sc, B);
	if (bulk_bound(sc, B) > -64)
		return 1e30;
	return simulate(sc, B);
}

/*
 * -s L: the schedule found, its strategies planned again with square-root
 * Velu for the primes l >= L, each design; on stderr only
 */
static int sv_estimate(struct schedule *sc, int B, int min, double base)
{
	int i, l, b, bp, k;
	double est;

	fprintf(stderr, "walk: model %.0f per action\n", base);
	for (sv_design = 0; sv_design < 2; sv_design++) {
		fprintf(stderr, "sqrt-Velu for l >= %d, %s:\n", min,
			sv_design ? "monomials stored" : "affine I");
		for (i = 0; i < NPRIMES; i++) {
			l = primes[i];
			sv_min = min;
			if (!sv_on(l))
				continue;
			sv_params(l, &b, &bp, &k);
			fprintf(stderr, "  l=%d b=%d b'=%d k=%d: kernel %.0f eval %.0f, stack +%d bytes",
				l, b, bp, k, cost_kernel(l), cost_eval(l),
				sv_stack(l) * PBITS / 8);
			sv_min = 0;
			fprintf(stderr, " (walk: kernel %.0f eval %.0f)\n",
				cost_kernel(l), cost_eval(l));
		}
		sv_min = min;
		est = score(sc, B);
		fprintf(stderr, "  model %.0f per action (%+.2f%%)\n", est,
			100 * (est / base - 1));
	}
	sv_min = 0;
	return 0;
}

/* the X smallest primes in all B batches, the others in one */
static void join_smallest(int B, int X)
{
	int i;

	for (i = 0; i < NPRIMES; i++)
		mult[i] = i < X ? B : 1;
}

/*
 * Coordinate descent from the current mult[]: each m_i of the MAX_JOIN
 * smallest primes set in turn to every value 1 .. B, a change kept if it
 * lowers the cost; two passes.  Returns the cost reached (cost: mult[]'s).
 */
static double descend(struct schedule *sc, int B, double cost, int verbose)
{
	int pass, i, v, old;
	double total;

	for (pass = 0; pass < 2 && B > 1; pass++) {
		for (i = 0; i < MAX_JOIN && i < NPRIMES; i++) {
			for (v = 1; v <= B; v++) {
				old = mult[i];
				if (v == old)
					continue;
				mult[i] = v;
				total = score(sc, B);
				if (total >= cost) {
					mult[i] = old;
					continue;
				}
				cost = total;
				if (verbose)
					fprintf(stderr, "B=%d m_%d=%d: %.0f\n",
						B, i, v, total);
			}
		}
	}
	return cost;
}

/*
 * the chains the tables carry, replayed on integers: each gives l_i and
 * has the differences its mask says; at most 250 a prime (the engine
 * keeps a prime's choice in a byte)
 */
static int alt_check(void)
{
	unsigned long long bad[MASK_WORDS];
	int i, x, s, a, b, t, code, n;

	for (i = 0; i < NPRIMES; i++) {
		for (n = 0, x = 0; x < npool[i]; x++) {
			if (!pool[i][x].used)
				continue;
			n++;
			memset(bad, 0, sizeof(bad));
			a = 1;
			b = 2;
			code = 0;
			for (s = 0; s < pool[i][x].len; s++) {
				code = (pool[i][x].steps >> (2 * s)) & 3;
				mark_divisors(bad, b - a);
				t = a + b;
				if (code == 0) {
					a = b;
				} else if (code == 2) {
					a *= 2;
				} else if (code == 3) {
					a = t;
					t = 2 * b;
				}
				b = t;
			}
			if (code > 1 || b != primes[i] ||
			    memcmp(bad, pool[i][x].bad, sizeof(bad)))
				return -1;
		}
		if (n > 250)
			return -1;
	}
	return 0;
}

/* marks the pool chains that the splits of the schedule sc take */
static int mark_used(const struct schedule *sc, int B)
{
	unsigned long long want[MASK_WORDS];
	int lo[MAX_DEPTH + 1], hi[MAX_DEPTH + 1];
	int b, top, pos, i, k, t, x, nused = 0;

	for (b = 0; b < B; b++) {
		top = 0;
		pos = 0;
		lo[0] = 0;
		hi[0] = sc->n[b] - 1;
		while (top >= 0) {
			if (lo[top] == hi[top]) {
				top--;
				continue;
			}
			i = lo[top];
			k = i + sc->sp[b][pos++];
			memset(want, 0, sizeof(want));
			for (t = i; t <= k; t++)
				want[sc->seq[b][t] / 64] |=
					1ULL << (sc->seq[b][t] % 64);
			for (t = k + 1; t <= hi[top]; t++) {
				x = split_chain(sc->seq[b][t], want);
				if (x > 0)
					pool[sc->seq[b][t]][x - 1].used = 1;
			}
			lo[top + 1] = i;
			hi[top + 1] = k;
			lo[top] = k + 1;
			top++;
		}
	}
	for (i = 0; i < NPRIMES; i++)
		for (x = 0; x < npool[i]; x++)
			nused += pool[i][x].used;
	return nused;
}

/*
 * isogeny/ctidh<bits>_dac.h: the chains of the CTIDH set's primes, in
 * the order of its tables, for ctidh_action_tmpl.c
 */
static int print_ctidh_dac(int bits)
{
	static char buf[MAX_SET_PRIMES][16];
	const char *item[MAX_SET_PRIMES];
	char text[640];
	int i;

	if (ctidh_params(bits))
		return -1;
	sdac_search();
	printf("/* SPDX-License-Identifier: GPL-2.0 */\n/*\n");
	snprintf(text, sizeof(text),
		 "Generated by scripts/gen/csidh_tune.c -c %d (do not edit: change the generator and run make regen): CTIDH-%d's differential addition chains, one per prime of ctidh%d_tables.h (%d primes, in its order), each the shortest, then the one whose differences the fewest of these primes divide (sdac_search()).  From (a, b) = (1, 2), step s makes (a, a + b) if bit s is set, (b, a + b) if clear, and b is the prime after the last step.  Included by ctidh%d_tables.h%s only.",
		 bits, bits, bits, NPRIMES, bits,
		 bits == 512 ? " and ctidh511_tables.h (CTIDH-511's primes are these, in this order)" : "");
	print_wrapped(text);
	printf(" */\n");
	printf("#if NOBS_CTIDH_TABLE_PRIMES != %d\n", NPRIMES);
	printf("#error \"ctidh%d_dac.h: the chains of %d primes\"\n#endif\n\n",
	       bits, NPRIMES);
	printf("static const u32 NOBS_CTIDHX(dac)[NOBS_CTIDH_TABLE_PRIMES] = {\n");
	for (i = 0; i < NPRIMES; i++) {
		snprintf(buf[i], sizeof(buf[i]), "0x%x", sdac_bits[i]);
		item[i] = buf[i];
	}
	print_filled(item, NPRIMES);
	printf("};\n\n");
	printf("static const u8 NOBS_CTIDHX(dac_len)[NOBS_CTIDH_TABLE_PRIMES] = {\n");
	for (i = 0; i < NPRIMES; i++)
		snprintf(buf[i], sizeof(buf[i]), "%d", sdac_len[i]);
	print_filled(item, NPRIMES);
	printf("};\n");
	return 0;
}

int main(int argc, char **argv)
{
	int verbose = 0, bits = 512, sv = 0, ctidh = 0, a;
	static struct schedule sc;
	int B, X, b, n, best_b = 1, i, bx, nalt;
	int best_m[MAX_PRIMES], bm[MAX_PRIMES], pos;
	char text[1024];
	double total, best = 1e30, bound, cb;

	for (a = 1; a < argc; a++) {
		if (!strcmp(argv[a], "-v"))
			verbose = 1;
		else if (!strcmp(argv[a], "-s") && a + 1 < argc)
			sv = atoi(argv[++a]);
		else if (!strcmp(argv[a], "-c") && a + 1 < argc)
			ctidh = atoi(argv[++a]);
		else
			bits = atoi(argv[a]);
	}
	if (ctidh) {
		if (!print_ctidh_dac(ctidh))
			return 0;
		fprintf(stderr, "usage: csidh_tune -c 512|1024|2048\n");
		return 2;
	}
	if (set_params(bits) || sv < 0) {
		fprintf(stderr, "usage: csidh_tune [-v] [-s L] [512|1024]\n       csidh_tune -c 512|1024|2048\n");
		return 2;
	}
	sdac_search();
	alt_search();

	for (B = 1; B <= MAX_B; B++) {
		cb = 1e30;
		bx = 0;
		for (X = 0; X <= MAX_X && X < NPRIMES; X++) {
			if (X && B == 1)
				break;
			join_smallest(B, X);
			total = score(&sc, B);
			if (verbose)
				fprintf(stderr, "B=%d X=%d: %.0f\n", B, X, total);
			if (total < cb) {
				cb = total;
				bx = X;
			}
		}
		join_smallest(B, bx);
		cb = descend(&sc, B, cb, verbose);
		if (cb < best) {
			best = cb;
			best_b = B;
			memcpy(best_m, mult, sizeof(best_m));
		}
	}

	B = best_b;
	memcpy(mult, best_m, sizeof(mult));
	if (sv)
		return sv_estimate(&sc, B, sv, best);
	plan(&sc, B);
	for (n = 0, i = 0; i < NPRIMES; i++)
		if (mult[i] > 1)
			bm[n++] = i;
	printf("/* SPDX-License-Identifier: GPL-2.0 */\n");
	pos = snprintf(text, sizeof(text),
		       "Generated by scripts/gen/csidh_tune.c %d (do not edit: change the generator and run make regen): the CSIDH-%d schedule, %d interleaved batches of %d rounds each (l_i in batch i mod %d%s",
		       bits, bits, B, BOUND, B, n ? "; in more than one:" : "");
	for (b = 0; b < n; b++)
		pos += snprintf(text + pos, sizeof(text) - pos, " %d in %d%s",
				primes[bm[b]], mult[bm[b]],
				b + 1 < n ? "," : "");
	snprintf(text + pos, sizeof(text) - pos,
		 "), and each batch's optimal strategy.  Model cost: %.0f field multiplications per action (mean).",
		 best);
	printf("/*\n");
	print_wrapped(text);
	printf(" */\n");
	printf("#define NOBS_CSIDH_TABLE_PRIMES\t%d\n", NPRIMES);
	printf("#define NOBS_CSIDH_TABLE_BOUND\t%d\n", BOUND);
	printf("#define NOBS_CSIDH_BATCHES\t%d\n", B);
	printf("#define NOBS_CSIDH_DEPTH\t%d\n", DEPTH);
	printf("#define NOBS_CSIDH_MASK_WORDS\t%d\n\n", (NPRIMES + 63) / 64);
	bound = bulk_bound(&sc, B);
	if (bound > -64) {
		fprintf(stderr, "csidh_tune: the cofactor chains' failure bound 2^%.0f is too weak\n",
			bound);
		return 1;
	}
	printf("/*\n * The table rounds' cofactors run every prime by its chain: a difference\n");
	printf(" * at infinity there has probability below 2^%.0f per action (see\n",
	       ceil(bound));
	printf(" * bulk_bound() in csidh_tune.c).\n */\n");
	printf("/* The small odd primes l_i with p = 4 * l_0 * ... - 1 */\n");
	printf("static const u16 NOBS_CSIDHX(primes)[NOBS_CSIDH_TABLE_PRIMES] = {");
	for (i = 0; i < NPRIMES; i++)
		printf("%s%d,", i % 12 ? " " : "\n\t", primes[i]);
	printf("\n};\n\n");
	printf("/*\n * Per prime: its shortest differential addition chain (bit s: step s\n");
	printf(" * keeps (a, a + b) if set, (b, a + b) if clear), and its length\n */\n");
	printf("static const u32 NOBS_CSIDHX(sdac)[NOBS_CSIDH_TABLE_PRIMES] = {");
	for (i = 0; i < NPRIMES; i++)
		printf("%s0x%x,", i % 8 ? " " : "\n\t", sdac_bits[i]);
	printf("\n};\n\n");
	printf("static const u8 NOBS_CSIDHX(sdac_len)[NOBS_CSIDH_TABLE_PRIMES] = {");
	for (i = 0; i < NPRIMES; i++)
		printf("%s%d,", i % 12 ? " " : "\n\t", sdac_len[i]);
	printf("\n};\n\n");
	printf("/* Per prime: the primes (a bit per index) dividing a chain difference */\n");
	printf("static const u64\nNOBS_CSIDHX(sdac_bad)[NOBS_CSIDH_TABLE_PRIMES][NOBS_CSIDH_MASK_WORDS] = {\n");
	for (i = 0; i < NPRIMES; i++) {
		int w;

		printf("\t{");
		for (w = 0; w < (NPRIMES + 63) / 64; w++)
			printf("%s0x%llxULL", w ? ", " : " ", sdac_bad[i][w]);
		printf(" },\n");
	}
	printf("};\n\n");
	nalt = mark_used(&sc, B);
	if (alt_check()) {
		fprintf(stderr, "csidh_tune: an alternative chain is wrong\n");
		return 1;
	}
	printf("/*\n * Per prime: the chains, beside the shortest, that the table rounds'\n");
	printf(" * splits may take (see alt_search() in csidh_tune.c), cheapest first:\n");
	printf(" * alt_first[i] to alt_first[i + 1].  Two bits a\n");
	printf(" * step, from (a, b): 0 (b, a + b), 1 (a, a + b), 2 (2a, a + b),\n");
	printf(" * 3 (a + b, 2b); the lengths; the primes dividing a difference.\n */\n");
	printf("#define NOBS_CSIDH_ALT_CHAINS\t%d\n\n", nalt);
	printf("static const u16 NOBS_CSIDHX(alt_first)[NOBS_CSIDH_TABLE_PRIMES + 1] = {");
	for (i = 0, n = 0; i <= NPRIMES; i++) {
		printf("%s%d,", i % 12 ? " " : "\n\t", n);
		for (b = 0; i < NPRIMES && b < npool[i]; b++)
			n += pool[i][b].used;
	}
	printf("\n};\n\n");
	printf("static const u32 NOBS_CSIDHX(alt)[NOBS_CSIDH_ALT_CHAINS] = {");
	for (i = 0, n = 0; i < NPRIMES; i++)
		for (b = 0; b < npool[i]; b++)
			if (pool[i][b].used)
				printf("%s0x%x,", n++ % 6 ? " " : "\n\t",
				       pool[i][b].steps);
	printf("\n};\n\n");
	printf("static const u8 NOBS_CSIDHX(alt_len)[NOBS_CSIDH_ALT_CHAINS] = {");
	for (i = 0, n = 0; i < NPRIMES; i++)
		for (b = 0; b < npool[i]; b++)
			if (pool[i][b].used)
				printf("%s%d,", n++ % 12 ? " " : "\n\t",
				       pool[i][b].len);
	printf("\n};\n\n");
	printf("static const u64\nNOBS_CSIDHX(alt_bad)[NOBS_CSIDH_ALT_CHAINS][NOBS_CSIDH_MASK_WORDS] = {\n");
	for (i = 0; i < NPRIMES; i++) {
		for (b = 0; b < npool[i]; b++) {
			int w;

			if (!pool[i][b].used)
				continue;
			printf("\t{");
			for (w = 0; w < (NPRIMES + 63) / 64; w++)
				printf("%s0x%llxULL", w ? ", " : " ",
				       pool[i][b].bad[w]);
			printf(" },\n");
		}
	}
	printf("};\n\n");
	printf("/* Per batch: primes (indices, leaf order), then the splits */\n");
	printf("static const u8 NOBS_CSIDHX(batch)[] = {\n");
	for (b = 0; b < B; b++) {
		n = sc.n[b];
		printf("\t/* batch %d */ %d,", b, n);
		for (i = 0; i < n; i++)
			printf("%s%d,", i % 12 ? " " : "\n\t", sc.seq[b][i]);
		for (i = 0; i < n - 1; i++)
			printf("%s%d,", i % 12 ? " " : "\n\t", sc.sp[b][i]);
		printf("\n");
	}
	printf("};\n");
	return 0;
}
