// SPDX-License-Identifier: GPL-2.0
/*
 * The search behind the CSIDH group action's schedule tables
 * (isogeny/csidh<bits>_tables.h): prints that header.  make check
 * (tests/user test_csidh_tables) compares the committed file with this
 * program's output, so the table in the build is always what this search
 * finds.
 *
 * Model (field multiplications, a squaring counted as one; the formulas of
 * isogeny/csidh_engine.h):
 * - [l] P by the Montgomery ladder: xDBL (6) + 12 per further bit of l;
 * - one point through an l-isogeny: 4 per kernel point + 4;
 * - the kernel of an l-isogeny and the codomain: 6 per kernel point after
 *   the first (xDBL, xADD), 2 per kernel point (the codomain products),
 *   and the two l-th powers;
 * - a split multiplies a copy of the pair by the primes of the right part;
 *   when the left part is a single leaf only the point on the sign's side
 *   is multiplied (one ladder instead of two);
 * - the leaves run in ascending order of the primes (the engine's dummy
 *   steps rely on it, see nobs_csidh_push()), the round's own pair gets
 *   [l] of its sign's point from the kernel walk in a dummy step;
 * - a point pair (the point on E and the one on the twist, OAYT) waiting
 *   on the strategy's stack pays, at every isogeny it waits through, two
 *   [l] multiplications and two evaluations (both computed, one kept: the
 *   dummy and the real step cost the same); each pair but the round's own
 *   also a walk of its own over the kernel multiples.
 *
 * Search: the primes split into B interleaved batches (index mod B), the
 * X smallest primes joining every batch (they fail most often; in a batch
 * where they are already finished they only cost multiplications), each
 * batch run for NOBS_CSIDH_MAX_EXPONENT rounds with one optimal strategy
 * (dynamic programming over the split points, Chi-Dominguez and
 * Rodriguez-Henriquez, eprint 2020/417, with a bound on the stack depth),
 * then the primes still short (their sampled points failed: no
 * l-torsion, probability 1/l) in straggler rounds of the simple strategy.
 * Each (B, X) is scored by simulating SIM_ACTIONS actions as the engine
 * runs them (finished and failed leaves only multiply) with a fixed
 * pseudo-random generator, so the output is deterministic; the least mean
 * cost wins.
 *
 * One table per parameter set: csidh_tune 512 prints
 * isogeny/csidh512_tables.h; csidh_tune 1024 the CSIDH-1024 one (130
 * primes, exponents in [-2, 2]) for an engine built for that set.
 *
 * Usage: csidh_tune [-v] [512|1024]   (-v: every (B, X) and its cost on
 * stderr)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#define MAX_PRIMES	130
#define MAX_DEPTH	4	/* point pairs on the stack, with the top */
#define MAX_B		6
#define MAX_X		12	/* smallest primes tried in every batch */
#define SIM_ACTIONS	1000

/*
 * the parameter set: its primes (ascending), exponent bound, field bits,
 * the stack depth (at most MAX_DEPTH)
 */
static int primes[MAX_PRIMES], NPRIMES, BOUND, PBITS, DEPTH;

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

static int nbits(double log2v)
{
	return (int)floor(log2v) + 1;
}

/* [k] P for k with log2 lk */
static double cost_mul(double lk)
{
	return 6 + 12 * (nbits(lk) - 1);
}

static double cost_eval(int l)
{
	return 4 * ((l - 1) / 2) + 4;
}

static double cost_pow(int l)
{
	return (nbits(log2(l)) - 1) + __builtin_popcount(l) - 1;
}

static double cost_kernel(int l)
{
	int h = (l - 1) / 2;

	return 6 * (h - 1) + 2 * h + 6 + 2 * cost_pow(l) + 2;
}

/* the pair pushed through one step of degree l */
static double cost_push(int l)
{
	return 2 * cost_mul(log2(l)) + 2 * cost_eval(l);
}

/*
 * a pair above the round's pair: pushed by a walk of its own (the engine
 * pushes one pair per walk, NOBS_CSIDH_GROUP 1), which generates the
 * kernel multiples again
 */
static double cost_push_more(int l)
{
	return cost_push(l) + 6 * ((l - 1) / 2 - 1);
}

/* the round's pair: [l] of its sign's point from the walk (2 xADD) */
static double cost_push0(int l)
{
	return cost_mul(log2(l)) + 12 + 2 * cost_eval(l);
}

/*
 * one round's fixed cost: Elligator (the Legendre symbol, about 1.2
 * operations per bit of p) + the cofactor
 */
static double cost_round(double cofactor_log2)
{
	return 1.2 * PBITS + 2 * (12 + cost_mul(cofactor_log2));
}

/* DP: C[i][j][d], segment i..j of seq, top of the stack at depth d */
static double C[MAX_PRIMES][MAX_PRIMES][MAX_DEPTH + 1];
static unsigned char S[MAX_PRIMES][MAX_PRIMES][MAX_DEPTH + 1];

static double strategy(const int *seq, int n)
{
	double lg[MAX_PRIMES + 1], push[MAX_PRIMES + 1], push0[MAX_PRIMES + 1];
	double best, c;
	int i, j, k, d, len, bk;

	lg[0] = push[0] = push0[0] = 0;
	for (i = 0; i < n; i++) {
		lg[i + 1] = lg[i] + log2(seq[i]);
		push[i + 1] = push[i] + cost_push_more(seq[i]);
		push0[i + 1] = push0[i] + cost_push0(seq[i]);
	}
	for (d = 1; d <= DEPTH; d++)
		for (i = 0; i < n; i++)
			C[i][i][d] = cost_kernel(seq[i]);
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
					/* a lone leaf needs its sign's point only */
					c = (k == i ? 1 : 2) *
					    cost_mul(lg[j + 1] - lg[k + 1]) +
					    C[i][k][d + 1] +
					    (d == 1 ? push0[k + 1] - push0[i] :
					     push[k + 1] - push[i]) +
					    C[k + 1][j][d];
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

/* batch b of B: the primes i = b mod B, and the X smallest in every batch */
static int member(int B, int X, int b, int i)
{
	return i % B == b || i < X;
}

static double batch_cost(int B, int X, int b, int *seq, int *n)
{
	double cof = 2;
	int i;

	*n = 0;
	for (i = 0; i < NPRIMES; i++) {
		if (member(B, X, b, i))
			seq[(*n)++] = i;
		else
			cof += log2(primes[i]);
	}
	return cost_round(cof);
}

/*
 * One round of a batch with its strategy, as the engine runs it: a leaf
 * whose prime is finished or whose point failed (probability 1/l) only
 * multiplies the pending pairs by l.  Returns the cost; steps done[].
 */
static double run_round(const int *seq, int n, const unsigned char *sp,
			double fixed, int *done)
{
	int lo[MAX_DEPTH + 1], hi[MAX_DEPTH + 1], top = 0, pos = 0, k, j;
	double lg, total = fixed;
	int l;

	lo[0] = 0;
	hi[0] = n - 1;
	while (top >= 0) {
		if (lo[top] == hi[top]) {
			l = primes[seq[lo[top]]];
			if (done[seq[lo[top]]] < BOUND && uniform() >= 1.0 / l) {
				done[seq[lo[top]]]++;
				total += cost_kernel(l);
				if (top)
					total += cost_push0(l) +
						 (top - 1) * cost_push_more(l);
			} else {
				total += top * 2 * cost_mul(log2(l));
			}
			top--;
			continue;
		}
		k = lo[top] + sp[pos++];
		for (lg = 0, j = k + 1; j <= hi[top]; j++)
			lg += log2(primes[seq[j]]);
		total += (k == lo[top] ? 1 : 2) * cost_mul(lg);
		lo[top + 1] = lo[top];
		hi[top + 1] = k;
		lo[top] = k + 1;
		top++;
	}
	return total;
}

/* the simple strategy's splits for n leaves */
static void simple_splits(unsigned char *sp, int n)
{
	memset(sp, 0, n);
}

struct schedule {
	int n[MAX_B], seq[MAX_B][MAX_PRIMES];
	unsigned char sp[MAX_B][MAX_PRIMES];
	double fixed[MAX_B];
};

static void plan(struct schedule *sc, int B, int X)
{
	int b, i, lseq[MAX_PRIMES];

	for (b = 0; b < B; b++) {
		sc->fixed[b] = batch_cost(B, X, b, sc->seq[b], &sc->n[b]);
		for (i = 0; i < sc->n[b]; i++)
			lseq[i] = primes[sc->seq[b][i]];
		strategy(lseq, sc->n[b]);
		splits(0, sc->n[b] - 1, 1, sc->sp[b], 0);
	}
}

/* mean cost of the whole action over SIM_ACTIONS simulated runs */
static double simulate(const struct schedule *sc, int B)
{
	int done[MAX_PRIMES], act[MAX_PRIMES], i, r, b, n, a;
	unsigned char sp[MAX_PRIMES];
	double total = 0, cof;

	rng = 0x2545f4914f6cdd1dULL;
	for (a = 0; a < SIM_ACTIONS; a++) {
		for (i = 0; i < NPRIMES; i++)
			done[i] = 0;
		for (r = 0; r < BOUND; r++)
			for (b = 0; b < B; b++)
				total += run_round(sc->seq[b], sc->n[b],
						   sc->sp[b], sc->fixed[b], done);
		for (;;) {
			for (n = 0, cof = 2, i = 0; i < NPRIMES; i++) {
				if (done[i] < BOUND)
					act[n++] = i;
				else
					cof += log2(primes[i]);
			}
			if (!n)
				break;
			simple_splits(sp, n);
			total += run_round(act, n, sp, cost_round(cof), done);
		}
	}
	return total / SIM_ACTIONS;
}

int main(int argc, char **argv)
{
	int verbose = argc > 1 && !strcmp(argv[1], "-v");
	int bits = argc > 1 + verbose ? atoi(argv[1 + verbose]) : 512;
	static struct schedule sc;
	int B, X, b, n, best_b = 1, best_x = 0, i;
	double total, best = 1e30;

	if (set_params(bits)) {
		fprintf(stderr, "usage: csidh_tune [-v] [512|1024]\n");
		return 2;
	}

	for (B = 1; B <= MAX_B; B++) {
		for (X = 0; X <= MAX_X && X < NPRIMES; X++) {
			if (X && B == 1)
				break;
			plan(&sc, B, X);
			total = simulate(&sc, B);
			if (verbose)
				fprintf(stderr, "B=%d X=%d: %.0f\n", B, X, total);
			if (total < best) {
				best = total;
				best_b = B;
				best_x = X;
			}
		}
	}

	B = best_b;
	X = best_x;
	plan(&sc, B, X);
	printf("/* SPDX-License-Identifier: GPL-2.0 */\n");
	printf("/*\n * Generated by tests/user/csidh_tune.c %d (do not edit): the CSIDH-%d\n",
	       bits, bits);
	printf(" * schedule, %d interleaved batches of %d rounds each, the %d smallest\n",
	       B, BOUND, X);
	printf(" * primes in every batch, and each batch's optimal strategy.  Model\n");
	printf(" * cost: %.0f field multiplications per action (mean).\n */\n",
	       best);
	printf("#define NOBS_CSIDH_TABLE_PRIMES\t%d\n", NPRIMES);
	printf("#define NOBS_CSIDH_TABLE_BOUND\t%d\n", BOUND);
	printf("#define NOBS_CSIDH_BATCHES\t%d\n", B);
	printf("#define NOBS_CSIDH_DEPTH\t%d\n\n", DEPTH);
	printf("/* The small odd primes l_i with p = 4 * l_0 * ... - 1 */\n");
	printf("static const u16 nobs_csidh_primes[NOBS_CSIDH_TABLE_PRIMES] = {");
	for (i = 0; i < NPRIMES; i++)
		printf("%s%d,", i % 12 ? " " : "\n\t", primes[i]);
	printf("\n};\n\n");
	printf("/* Per batch: primes (indices, leaf order), then the splits */\n");
	printf("static const u8 nobs_csidh_batch[] = {\n");
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
