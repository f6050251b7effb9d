// SPDX-License-Identifier: GPL-2.0
/*
 * The multi-lane permutations (struct nobs_keccak_xn_impl) against
 * nobs_keccak_generic, bit for bit, lane by lane.
 *
 * For every rate of the family (168, 144, 136, 104, 72) and, fewer times,
 * every other multiple of 8 up to 168: random states in every lane, a
 * random number of blocks 1..60 (0 once: nothing may change), a distinct
 * random input per lane at a random misalignment, compared with one
 * nobs_keccak_generic.absorb per lane; the inputs must be left as they
 * were.  One check per (impl, rate).  Then every rate 8..168 with 1..3
 * blocks, each lane's input and the last state ending where an
 * inaccessible page begins, so that any access past them faults (ASan
 * cannot see the assembly's own loads and stores).  An implementation
 * the CPU cannot run is reported as SKIP.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "sha3/keccak.h"
#include "keccak_cpu.h"
#ifdef NOBS_HAVE_KECCAK_ARM64
#include <sys/auxv.h>
#ifndef HWCAP_SHA3
#define HWCAP_SHA3 (1UL << 17)
#endif
#endif

#define XN_MAX_LANES	8
#define XN_MAX_BLOCKS	60

static unsigned int passed, failed, skipped;

/* xorshift64*: reproducible pseudo-random test data */
static u64 rng_state = 0x2545f4914f6cdd1dULL;

static u64 rnd(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 0x2545f4914f6cdd1dULL;
}

static void check(bool ok, const char *impl, const char *what)
{
	if (ok) {
		passed++;
	} else {
		failed++;
		printf("FAIL: %s: %s\n", impl, what);
	}
}

/* Whether @iters random calls at @rate agree with generic; 0 = all agree. */
static unsigned int xn_vs_generic(const struct nobs_keccak_xn_impl *impl,
				  unsigned int rate, unsigned int iters)
{
	static u8 buf[XN_MAX_LANES][XN_MAX_BLOCKS * 168 + 64];
	static u8 copy[XN_MAX_LANES][XN_MAX_BLOCKS * 168 + 64];
	u64 want[XN_MAX_LANES][NOBS_KECCAK_LANES];
	u64 got[XN_MAX_LANES][NOBS_KECCAK_LANES];
	const u8 *in[XN_MAX_LANES];
	unsigned int it, l, i, bad = 0;

	for (it = 0; it < iters; it++) {
		size_t nblocks = it == 0 ? 0 : it == 1 ? 1 :
				 it == 2 ? XN_MAX_BLOCKS :
				 1 + rnd() % XN_MAX_BLOCKS;

		for (l = 0; l < impl->lanes; l++) {
			for (i = 0; i < sizeof(buf[l]); i++)
				buf[l][i] = (u8)rnd();
			memcpy(copy[l], buf[l], sizeof(buf[l]));
			in[l] = buf[l] + rnd() % 64;
			for (i = 0; i < NOBS_KECCAK_LANES; i++)
				want[l][i] = got[l][i] = rnd();
			nobs_keccak_generic.absorb(want[l], in[l], nblocks,
						   rate);
		}
		impl->absorb(got, in, nblocks, rate);
		for (l = 0; l < impl->lanes; l++) {
			if (memcmp(want[l], got[l], sizeof(want[l]))) {
				printf("  %s: rate %u, %zu blocks: lane %u differs\n",
				       impl->name, rate, nblocks, l);
				bad++;
			}
			if (memcmp(buf[l], copy[l], sizeof(buf[l]))) {
				printf("  %s: rate %u: input of lane %u written\n",
				       impl->name, rate, l);
				bad++;
			}
		}
	}
	return bad;
}

/*
 * Nothing is read or written past the blocks or the states: every lane's
 * input ends, and the last state ends, where an inaccessible page begins
 * (a stray access faults), at each rate 8..168 with 1..3 blocks.
 * Returns the number of lanes that differ from generic.
 */
static unsigned int xn_guard_pages(const struct nobs_keccak_xn_impl *impl)
{
	const size_t page = (size_t)sysconf(_SC_PAGESIZE);
	u64 want[XN_MAX_LANES][NOBS_KECCAK_LANES];
	u8 *map[XN_MAX_LANES + 1];
	u64 (*st)[NOBS_KECCAK_LANES];
	const u8 *in[XN_MAX_LANES];
	unsigned int l, i, rate, bad = 0;
	size_t nblocks;

	for (l = 0; l <= impl->lanes; l++) {
		map[l] = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE,
			      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (map[l] == MAP_FAILED || mprotect(map[l] + page, page,
						      PROT_NONE))
			abort();
	}
	/* the states: the last one ends at the guard page */
	st = (void *)(map[impl->lanes] + page -
		      impl->lanes * NOBS_KECCAK_LANES * 8);
	for (rate = 8; rate <= 168; rate += 8) {
		for (nblocks = 1; nblocks <= 3; nblocks++) {
			for (l = 0; l < impl->lanes; l++) {
				u8 *p = map[l] + page - nblocks * rate;

				for (i = 0; i < nblocks * rate; i++)
					p[i] = (u8)rnd();
				in[l] = p;
				for (i = 0; i < NOBS_KECCAK_LANES; i++)
					want[l][i] = st[l][i] = rnd();
				nobs_keccak_generic.absorb(want[l], in[l],
							   nblocks, rate);
			}
			impl->absorb(st, in, nblocks, rate);
			for (l = 0; l < impl->lanes; l++)
				bad += !!memcmp(want[l], st[l], sizeof(want[l]));
		}
	}
	for (l = 0; l <= impl->lanes; l++)
		munmap(map[l], 2 * page);
	return bad;
}

static void run(const struct nobs_keccak_xn_impl *impl, bool usable,
		const char *why)
{
	static const unsigned int family[] = { 168, 144, 136, 104, 72 };
	unsigned int i, rate;
	char what[96];

	if (!usable) {
		skipped++;
		printf("SKIP: keccak-%s: %s\n", impl->name, why);
		return;
	}
	for (i = 0; i < ARRAY_SIZE(family); i++) {
		snprintf(what, sizeof(what),
			 "absorb == generic x%u, rate %u, 0..%d blocks",
			 impl->lanes, family[i], XN_MAX_BLOCKS);
		check(!xn_vs_generic(impl, family[i], 40), impl->name, what);
	}
	for (rate = 8; rate <= 168; rate += 8) {
		for (i = 0; i < ARRAY_SIZE(family); i++)
			if (rate == family[i])
				break;
		if (i < ARRAY_SIZE(family))
			continue;
		snprintf(what, sizeof(what),
			 "absorb == generic x%u, rate %u, 0..%d blocks",
			 impl->lanes, rate, XN_MAX_BLOCKS);
		check(!xn_vs_generic(impl, rate, 4), impl->name, what);
	}
	check(!xn_guard_pages(impl), impl->name,
	      "no access past the blocks or the states (guard pages), rates 8..168, 1..3 blocks");
	printf("keccak-%s: checked\n", impl->name);
}

int main(void)
{
#ifdef NOBS_HAVE_KECCAK_X86
	run(&nobs_keccak_x86_avx2_x4, nobs_user_has_avx2(),
	    "CPU or OS lacks AVX2 (ymm state)");
	run(&nobs_keccak_x86_avx512_x8, nobs_user_has_avx512(),
	    "CPU or OS lacks AVX-512F/VL (zmm state)");
#elif defined(NOBS_HAVE_KECCAK_ARM64)
	run(&nobs_keccak_arm64_cex2, getauxval(AT_HWCAP) & HWCAP_SHA3,
	    "CPU lacks FEAT_SHA3 (run under qemu -cpu max)");
#else
	skipped++;
	printf("SKIP: keccak-xn: no multi-lane permutation on this architecture (x86-64 and arm64 only)\n");
#endif
	printf("KECCAK_XN: %u passed, %u failed, %u skipped\n",
	       passed, failed, skipped);
	return failed ? 1 : 0;
}
