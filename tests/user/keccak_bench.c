// SPDX-License-Identifier: GPL-2.0
/*
 * make bench: cycles per byte of SHAKE128, SHAKE256 and SHA3-256 at 64 B,
 * 1 KiB and 16 KiB, in one run, for
 *   - nobs generic      the core sponge (sha3/keccak.c) on nobs_keccak_generic
 *   - nobs <fast>       the same sponge on each arch permutation this CPU runs
 *   - OpenSSL           libcrypto EVP (EVP_shake128/EVP_shake256/EVP_sha3_256)
 *   - sha3_generic      the kernel's crypto/sha3_generic.c from linux-source,
 *                       extracted and built at bench time (keccak_bench_ksha3.c)
 *   - nobs lib          the library's one-shots (<nobs/sha3.h>: nobs_shake128(),
 *                       nobs_shake256(), nobs_sha3_256(); sha3/sha3_lib.c) on
 *                       a dispatch to the last fast column's permutation (the
 *                       kernel's shash drivers and library share one dispatch)
 * and the time ratios fast / OpenSSL and fast / sha3_generic (below 1.0:
 * nobs is faster), and the library's against the core sponge on the same
 * permutation, what a shash driver runs.  Every operation is a whole hash: init, one update of
 * the message, final (32 bytes for SHAKE128 and SHA3-256, 64 for SHAKE256).
 *
 * Timing: rdtsc (x86-64) or cntvct (arm64) around a batch of operations
 * sized to about 50k cycles; the implementations take turns within each
 * sample so that noise from other load hits all of them alike; the figure
 * is the median over the samples.  Outputs are cross-checked between all
 * columns before timing.  TSC ticks are not core clocks on every machine:
 * compare columns, not absolute numbers across machines (x86-64: the core
 * cycles per tick are measured and SHA3-256 at 16 KiB is also printed in
 * cycles per byte).
 *
 * After the table: the targets, the load-time choice of nobs_keccak_select()
 * replayed in user space (figures, choice, time taken), and, on x86-64, an
 * in-kernel estimate for the vector path: the columns have no FPU section,
 * so the once-per-syscall save and restore of the register state that
 * kernel_fpu_begin() causes is measured as XSAVEOPT + XRSTOR and added.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/evp.h>
#include "sha3/keccak.h"
#include "nobs/sha3.h"
#include "keccak_bench.h"
#include "keccak_cpu.h"

#include "bench_clock.h"
#if defined(__aarch64__)
#include <sys/auxv.h>
#ifndef HWCAP_SHA3
#define HWCAP_SHA3 (1UL << 17)
#endif
#endif

#define SAMPLES 201
#define MAXCOLS 7

enum alg { SHAKE128, SHAKE256, SHA3_256 };
static const char *const alg_names[] = { "SHAKE128", "SHAKE256", "SHA3-256" };
static const size_t outlens[] = { 32, 64, 32 };
static const size_t sizes[] = { 64, 1024, 16384 };

enum kind { NOBS, OSSL, KSHA3, LIB };

struct column {
	const char *title;
	enum kind kind;
	const struct nobs_keccak_impl *impl;	/* NOBS */
};

static struct column cols[MAXCOLS];
static unsigned int ncols, ossl_col, ksha3_col = ~0u, generic_col, lib_col;
static EVP_MD_CTX *mdctx;

/*
 * The library's dispatch (the kernel's is sha3_glue.c's, which the shash
 * drivers use too): lib_impl, one indirect call, as there.
 */
static const struct nobs_keccak_impl *lib_impl = &nobs_keccak_generic;

static void bench_dispatch_absorb(u64 *st, const u8 *in, size_t nblocks,
				  size_t rate)
{
	lib_impl->absorb(st, in, nblocks, rate);
}

static void bench_dispatch_permute(u64 *st)
{
	lib_impl->permute(st);
}

const struct nobs_keccak_impl nobs_keccak_dispatch = {
	.name = "bench",
	.permute = bench_dispatch_permute,
	.absorb = bench_dispatch_absorb,
};

void nobs_keccak_dispatch_squeeze(struct nobs_keccak *k, u8 *out, size_t len)
{
	nobs_keccak_squeeze(k, lib_impl, out, len);
}

const struct nobs_keccak_xn_impl *nobs_keccak_dispatch_xn(void)
{
	return NULL;
}

static void hash_once(const struct column *c, enum alg a, const u8 *in,
		      size_t len, u8 *out)
{
	struct nobs_keccak k;

	switch (c->kind) {
	case NOBS:
		if (a == SHA3_256)
			nobs_keccak_sha3_init(&k, 32);
		else
			nobs_keccak_shake_init(&k, a == SHAKE128 ? 128 : 256);
		nobs_keccak_absorb(&k, c->impl, in, len);
		nobs_keccak_squeeze(&k, c->impl, out, outlens[a]);
		break;
	case OSSL: {
		const EVP_MD *md = a == SHAKE128 ? EVP_shake128() :
				   a == SHAKE256 ? EVP_shake256() :
				   EVP_sha3_256();

		EVP_DigestInit_ex(mdctx, md, NULL);
		EVP_DigestUpdate(mdctx, in, len);
		if (a == SHA3_256)
			EVP_DigestFinal_ex(mdctx, out, NULL);
		else
			EVP_DigestFinalXOF(mdctx, out, outlens[a]);
		break;
	}
	case LIB:
		if (a == SHA3_256)
			nobs_sha3_256(in, len, out);
		else if (a == SHAKE128)
			nobs_shake128(in, len, out, outlens[a]);
		else
			nobs_shake256(in, len, out, outlens[a]);
		break;
	case KSHA3:
		if (a == SHA3_256)
			ksha3_digest(32, in, len, out);
		else
			ksha3_shake(a == SHAKE128 ? 168 : 136, in, len, out,
				    outlens[a]);
		break;
	}
}

/*
 * nobs_keccak_select()'s load-time timing (sha3/sha3_glue.c), replayed
 * natively with the same parameters: one absorb of 24 blocks at
 * SHAKE128's rate per trial, the fastest of at most 8 trials after an
 * untimed one, fewer after 0.5 ms.  In the kernel a vector permutation's trial also holds
 * kernel_fpu_begin()/end(); here it has no such section.
 */
static u64 select_ns(const struct nobs_keccak_impl *impl)
{
	static const u8 zero[24 * 168];
	u64 st[25] = { 0 }, start = bench_ns(), best = ~0ull, t;
	unsigned int i;

	for (i = 0; i <= 8; i++) {	/* i = 0: untimed warm-up */
		t = bench_ns();
		impl->absorb(st, zero, 24, 168);
		t = bench_ns() - t;
		if (i && t < best)
			best = t;
		if (i && bench_ns() - start > 500000)
			break;
	}
	return (best + 23) / 24;
}

#if defined(__x86_64__)
/*
 * What make bench cannot see: kernel_fpu_begin() saves the task's whole
 * register state (XSAVES) the first time in a syscall and the return to
 * user space restores it (XRSTORS).  The user-mode XSAVEOPT + XRSTOR of
 * the same state, with the vector registers dirtied before each save, is
 * the estimate: minimum ticks over 2001 samples, 0 if the CPU lacks
 * XSAVEOPT.
 */
static u64 xsave_ticks(void)
{
	unsigned int a, b, c, d, i;
	u64 best = ~0ull, t, mask;
	u8 *buf;

	if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & (1u << 27)))
		return 0;
	__cpuid_count(0xd, 1, a, b, c, d);
	if (!(a & 1))
		return 0;
	__cpuid_count(0xd, 0, a, b, c, d);
	__asm__ volatile("xgetbv" : "=a"(a), "=d"(d) : "c"(0));
	mask = ((u64)d << 32) | a;
	buf = aligned_alloc(64, (b + 63) & ~63u);
	if (!buf)
		return 0;
	memset(buf, 0, b);
	__asm__ volatile("xsaveopt64 (%0)" : : "r"(buf), "a"((u32)mask),
			 "d"((u32)(mask >> 32)) : "memory");
	for (i = 0; i < 2001; i++) {
		if (nobs_user_has_avx512())
			/* zmm16-31 are never used by this -mno-avx512f build */
			__asm__ volatile("vpternlogq $0xff, %%zmm15, %%zmm15, %%zmm15\n\t"
					 "vpternlogq $0xff, %%zmm16, %%zmm16, %%zmm16"
					 : : : "xmm15");
		else
			__asm__ volatile("vpcmpeqd %%ymm15, %%ymm15, %%ymm15"
					 : : : "xmm15");
		t = bench_ticks();
		__asm__ volatile("xsaveopt64 (%0)\n\txrstor64 (%0)" : : "r"(buf),
				 "a"((u32)mask), "d"((u32)(mask >> 32)) : "memory");
		t = bench_ticks() - t;
		if (t < best)
			best = t;
	}
	free(buf);
	return best;
}
#endif

static int cmp_u64(const void *x, const void *y)
{
	u64 a = *(const u64 *)x, b = *(const u64 *)y;

	return a < b ? -1 : a > b;
}

static int cmp_double(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;

	return a < b ? -1 : a > b;
}

static void add_col(const char *title, enum kind kind,
		    const struct nobs_keccak_impl *impl)
{
	cols[ncols].title = title;
	cols[ncols].kind = kind;
	cols[ncols].impl = impl;
	ncols++;
}

int main(void)
{
	static u8 msg[16384];
	static u64 t[MAXCOLS][SAMPLES];
	double cpb[3][3][MAXCOLS], lib_ratio[3], rs[SAMPLES];
	unsigned int i, c, a, s, r, fast_first, fastest;
	u64 sel[MAXCOLS], sel_best, sel_t;
	u8 out[64], ref[64];
	bool mismatch = false;

	for (i = 0; i < sizeof(msg); i++)
		msg[i] = (u8)(i * 131 + 17);
	mdctx = EVP_MD_CTX_new();
	if (!mdctx)
		return 1;

	generic_col = ncols;
	add_col("nobs generic", NOBS, &nobs_keccak_generic);
	fast_first = ncols;
#ifdef NOBS_HAVE_KECCAK_X86
	if (nobs_user_has_bmi())
		add_col("nobs bmi", NOBS, &nobs_keccak_x86_bmi);
	else
		printf("SKIP column nobs bmi: CPU lacks BMI1/BMI2\n");
	if (nobs_user_has_avx512())
		add_col("nobs avx512", NOBS, &nobs_keccak_x86_avx512);
	else
		printf("SKIP column nobs avx512: CPU or OS lacks AVX-512F/VL\n");
#endif
#ifdef NOBS_HAVE_KECCAK_ARM64
	if (getauxval(AT_HWCAP) & HWCAP_SHA3)
		add_col("nobs ce", NOBS, &nobs_keccak_arm64_ce);
	else
		printf("SKIP column nobs ce: CPU lacks FEAT_SHA3\n");
#endif
	ossl_col = ncols;
	add_col("OpenSSL", OSSL, NULL);
#ifdef NOBS_BENCH_KSHA3
	ksha3_col = ncols;
	add_col("sha3_generic", KSHA3, NULL);
#else
	printf("SKIP column sha3_generic: no /usr/src/linux-source-*.tar.xz at build time (apt-get install linux-source-6.12)\n");
#endif
	lib_impl = cols[ossl_col - 1].impl;
	lib_col = ncols;
	add_col("nobs lib", LIB, NULL);

	/* all columns must agree before any of them is timed */
	for (a = 0; a < 3; a++)
		for (s = 0; s < 3; s++) {
			hash_once(&cols[ossl_col], a, msg, sizes[s], ref);
			for (c = 0; c < ncols; c++) {
				memset(out, 0, sizeof(out));
				hash_once(&cols[c], a, msg, sizes[s], out);
				if (memcmp(out, ref, outlens[a])) {
					printf("MISMATCH: %s %s %zu bytes\n",
					       cols[c].title, alg_names[a],
					       sizes[s]);
					mismatch = true;
				}
			}
		}
	if (mismatch)
		return 1;

	for (a = 0; a < 3; a++)
		for (s = 0; s < 3; s++) {
			/* about 50k OpenSSL-speed cycles per batch */
			unsigned int batch = (unsigned int)(16384 / sizes[s]) * 2 + 1;

			for (r = 0; r < SAMPLES; r++)
				for (c = 0; c < ncols; c++) {
					u64 t0 = bench_ticks();

					for (i = 0; i < batch; i++)
						hash_once(&cols[c], a, msg,
							  sizes[s], out);
					t[c][r] = bench_ticks() - t0;
				}
			/*
			 * The library against the sponge it shares with the
			 * drivers: the median of the two's ratio in each
			 * sample (timed within a few milliseconds of each
			 * other), which another task's load moves far less
			 * than it moves either median.
			 */
			if (s == 2) {
				for (r = 0; r < SAMPLES; r++)
					rs[r] = (double)t[lib_col][r] /
						t[ossl_col - 1][r];
				qsort(rs, SAMPLES, sizeof(double), cmp_double);
				lib_ratio[a] = rs[SAMPLES / 2];
			}
			for (c = 0; c < ncols; c++) {
				qsort(t[c], SAMPLES, sizeof(u64), cmp_u64);
				cpb[a][s][c] = (double)t[c][SAMPLES / 2] /
					       batch / sizes[s];

			}
		}

	printf("Keccak, whole hashes, ticks per byte (median of %d samples)\n",
	       SAMPLES);
	printf("%-9s %6s", "alg", "bytes");
	for (c = 0; c < ncols; c++)
		printf(" %13s", cols[c].title);
	for (c = fast_first; c < ossl_col; c++) {
		printf("  %s/OpenSSL", cols[c].title + 5);
		if (ksha3_col != ~0u)
			printf("  %s/sha3_generic", cols[c].title + 5);
	}
	printf("\n");
	for (a = 0; a < 3; a++)
		for (s = 0; s < 3; s++) {
			printf("%-9s %6zu", alg_names[a], sizes[s]);
			for (c = 0; c < ncols; c++)
				printf(" %13.2f", cpb[a][s][c]);
			for (c = fast_first; c < ossl_col; c++) {
				printf("  %*.2f", (int)strlen(cols[c].title) + 3,
				       cpb[a][s][c] / cpb[a][s][ossl_col]);
				if (ksha3_col != ~0u)
					printf("  %*.2f",
					       (int)strlen(cols[c].title) + 8,
					       cpb[a][s][c] / cpb[a][s][ksha3_col]);
			}
			printf("\n");
		}

	/*
	 * The fast paths' targets: at most OpenSSL's time at 16 KiB (0.90:
	 * stretch), 1.2x at 64 B, 1.5x sha3_generic's speed.
	 */
	for (c = fast_first; c < ossl_col; c++) {
		double r16 = cpb[SHAKE128][2][c] / cpb[SHAKE128][2][ossl_col];
		double r64 = cpb[SHAKE128][0][c] / cpb[SHAKE128][0][ossl_col];

		printf("target %s: SHAKE128 16 KiB / OpenSSL = %.2f (<= 1.00, stretch 0.90): %s\n",
		       cols[c].title, r16, r16 <= 0.90 ? "met (stretch)" :
		       r16 <= 1.0 ? "met" : "MISSED");
		printf("target %s: SHAKE128 64 B / OpenSSL = %.2f (<= 1.20): %s\n",
		       cols[c].title, r64, r64 <= 1.2 ? "met" : "MISSED");
		if (ksha3_col != ~0u) {
			double rk = cpb[SHAKE128][2][ksha3_col] /
				    cpb[SHAKE128][2][c];

			printf("target %s: SHAKE128 16 KiB speed-up over sha3_generic = %.2fx (>= 1.5x): %s\n",
			       cols[c].title, rk, rk >= 1.5 ? "met" : "MISSED");
		}
	}
	/*
	 * The vector paths' targets: 0.75 of the scalar path's time and 0.65
	 * of OpenSSL's at 16 KiB (docs/performance.md).
	 */
	for (c = fast_first + 1; c < ossl_col; c++)
		for (a = SHAKE128; a <= SHA3_256; a += SHA3_256 - SHAKE128) {
			double rb = cpb[a][2][c] / cpb[a][2][fast_first];
			double ro = cpb[a][2][c] / cpb[a][2][ossl_col];

			printf("target %s: %s 16 KiB / %s = %.2f (<= 0.75), / OpenSSL = %.2f (<= 0.65): %s\n",
			       cols[c].title, alg_names[a], cols[fast_first].title,
			       rb, ro, rb <= 0.75 && ro <= 0.65 ? "met" : "MISSED");
		}
	/*
	 * The library's one-shots against the core sponge on the same
	 * permutation (above): no slower, to the 1% this figure resolves.
	 */
	for (a = SHAKE128; a <= SHA3_256; a++)
		printf("target nobs lib: %s 16 KiB / %s (the shash drivers' sponge) = %.3f (no slower: <= 1.01): %s\n",
		       alg_names[a], cols[ossl_col - 1].title, lib_ratio[a],
		       lib_ratio[a] <= 1.01 ? "met" : "MISSED");
	/* nobs.ko times the permutations at load (nobs_keccak_select()) */
	fastest = generic_col;
	sel_best = ~0ull;
	sel_t = bench_ns();
	for (c = generic_col; c < ossl_col; c++)
		sel[c] = select_ns(cols[c].impl);
	sel_t = bench_ns() - sel_t;
	printf("load-time choice replayed natively (no FPU section):");
	for (c = generic_col; c < ossl_col; c++) {
		printf(" %s %llu", cols[c].impl->name,
		       (unsigned long long)sel[c]);
		if (sel[c] < sel_best) {
			sel_best = sel[c];
			fastest = c;
		}
	}
	printf(" ns/perm -> %s, %llu us\n", cols[fastest].impl->name,
	       (unsigned long long)(sel_t + 999) / 1000);
#if defined(__x86_64__)
	{
		u64 xs = xsave_ticks();
		double cpt = bench_cycles_per_tick();

		printf("core cycles per TSC tick (dependent adds): %.2f; SHA3-256 16 KiB in cycles/byte:", cpt);
		for (c = generic_col; c < ncols; c++)
			printf(" %s %.2f", cols[c].title, cpb[SHA3_256][2][c] * cpt);
		printf("\n");

		/* 98 permutations (SHAKE128, 16 KiB + pad) per whole hash */
		if (xs)
			for (c = fast_first; c < ossl_col; c++)
				if (cols[c].impl->needs_simd)
					printf("in-kernel estimate %s: + XSAVEOPT/XRSTOR %llu ticks per syscall (measured here) = %.2f ticks/byte at SHAKE128 16 KiB, %.2f x bmi\n",
					       cols[c].title,
					       (unsigned long long)xs,
					       cpb[SHAKE128][2][c] + xs / 16384.0,
					       (cpb[SHAKE128][2][c] + xs / 16384.0) /
					       cpb[SHAKE128][2][fast_first]);
	}
#endif
	printf("(generic column: nobs generic / OpenSSL at SHAKE128 16 KiB = %.2f)\n",
	       cpb[SHAKE128][2][generic_col] / cpb[SHAKE128][2][ossl_col]);
	EVP_MD_CTX_free(mdctx);
	return 0;
}
