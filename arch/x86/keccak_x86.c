// SPDX-License-Identifier: GPL-2.0
/*
 * Keccak-f[1600] implementations for x86-64 (see sha3/keccak.h for the
 * interface and the state convention).
 *
 * nobs_keccak_x86_bmi: scalar assembly (keccak_x86_64.S) using BMI1 andn and
 * BMI2 rorx, general registers only, so needs_simd is false: the glue calls
 * it without kernel_fpu_begin()/kernel_fpu_end() and without any chunking,
 * and it is usable in every context, softirq included.  The glue times it
 * at load when struct nobs_cpu says bmi2 (BMI1+BMI2), and uses it if it is
 * the fastest, and as the scalar path under the AVX-512 code if it is the
 * faster of the two scalar ones.
 *
 * nobs_keccak_x86_avx512 (keccak_avx512.S, keccak_x86_avx512.c): AVX512F/VL,
 * the state in five zmm registers, one row each.  needs_simd is true: the
 * glue runs it only in kernel_fpu_begin() sections of at most 4 KiB, when
 * crypto_simd_usable(), and only for calls of at least eight blocks
 * (shorter ones, digests included, stay on the scalar code: see
 * NOBS_SHA3_AVX512_MIN_BLOCKS in sha3/sha3_glue.c).  Timed at load when the
 * CPU has AVX512F+VL and the OS enabled the opmask and zmm state, and used
 * where it is the fastest (nobs_sha3_select(): one 4 KiB section, FPU
 * section included, against the scalar ones): no vendor or family list,
 * so CPUs that lower their clock under zmm code, or run 512-bit
 * operations on 256-bit units, choose by what they measure.
 *
 * Measured with `make bench` (tests/user/keccak_bench.c, -O2, rdtsc ticks
 * per byte, median of 201 samples, all columns in one run, same inputs) on
 * the build machine, an AMD EPYC guest (family 0x1a, Zen 5; TSC 2.6 GHz,
 * 1.65-1.75 core cycles per tick by a dependent add chain), 2 cores, in a
 * quiet run (load average 0.7):
 *
 *                     nobs avx512  nobs bmi  OpenSSL  sha3_generic  nobs C
 *   SHAKE128 16 KiB        2.53      2.99      3.23       4.07       3.50
 *   SHAKE128  1 KiB        2.95      3.49      4.31       4.81       4.09
 *   SHAKE128   64 B        7.44      8.69     18.19      12.23      10.00
 *   SHA3-256 16 KiB        3.12      3.69      3.95       4.96       4.31
 *   SHA3-256  1 KiB        3.39      3.99      4.74       5.36       4.64
 *   SHA3-256   64 B        7.43      8.71     17.33      12.14       9.85
 *
 * (under a load average of 4 the columns move together and the ratios
 * stay within 0.01).  avx512 / bmi is 0.85, avx512 / OpenSSL 0.79, at
 * both 16 KiB rows; sha3_generic / avx512 is 1.6x.  In cycles, SHA3-256 at
 * 16 KiB is 5.4 cycles/byte for avx512, 6.4 for bmi and 6.8 for OpenSSL:
 * the AVX-512 code runs at the published single-stream AVX-512 speed
 * (5.7-5.8 cycles/byte on Skylake-X, Ice Lake), while this core's scalar
 * code is far faster than the 8.6 cycles/byte published for Skylake, so the
 * ratios published there (0.66 of scalar) are not reached here: 0.75 of
 * bmi would need 2.77 ticks/byte (377 ticks per permutation), 0.65 of
 * OpenSSL 2.57 (350); today's code takes 425.
 *
 * Why the BMI code cannot get much faster: a round is ~130 ALU
 * instructions (~185 with loads/stores), and 24 of them at six ALUs come
 * to ~520 cycles per permutation: the code runs close to that bound.
 *
 * The AVX-512 round (see keccak_avx512.S) is about 60 instructions, 27 of
 * them permutes, and runs at about 17.5 ticks (30 cycles); it is latency
 * bound.  Measured on this core (cycles): zmm vpermq, vpermi2q/vpermt2q,
 * valignq, vshufi64x2, vpermb have 5 cycles of latency (vpermq with an
 * immediate, 4) and two issue per cycle, all on the same two pipes;
 * vprolq/vprolvq 2 cycles, two per cycle, on two pipes one of which the
 * permutes share (shifts use the other two); vpxorq, vshufpd, vpunpck*,
 * vpblendmq 2 cycles, four per cycle; vpternlogq 2 cycles, but about 3
 * when two of its inputs come from different producers in the same cycle.
 * A round replaced by a chain of 15 dependent vpxorq takes exactly as long
 * (420 ticks per permutation); two independent states interleaved run
 * 24 rounds (12 of each) in 300 ticks against 420 for one, so the units
 * are not the limit, the chain is.
 *
 * Tried for issue 17, written from scratch with a generator (kept outside
 * the tree) that emulates every variant against a Python Keccak before
 * emitting it, each timed against today's code in the same process
 * (absorb of 120 SHA3-256 blocks, minimum of 600, ratio new/today):
 *  - rows kept wrapped in 8 lanes (lanes 5..7 repeat 0..2), pi as five
 *    in-lane vshufpd/vpblendmq tables and one two-source vpermi2q per
 *    output row (10 gathers for two lane rotations of each row instead of
 *    13 permutes), chi's third input from vshufpd of the other two:
 *    0.98-1.00;
 *  - theta's rotations of C by vshufpd from two permuted ones: 0.98; E as
 *    rol of each rotation of C: 0.99-1.01; the two copies whose lanes are
 *    already in place built by blends instead of gathers: 1.00;
 *  - three gathered copies (no vshufpd in chi): 1.07; rho of the rotated
 *    D terms by vprolvq with offsets + 1 instead of rol(C): 1.15; theta as
 *    two vpxorq instead of a vpternlogq: 1.08-1.11; critical-path-first
 *    instruction orders: 1.00-1.07; rounds unrolled by 2 or 4: 1.00.
 * The chain itself sets the floor: its skeleton alone (column parity, rol,
 * one vpermq, theta, vprolvq, vshufpd and chi over five rows, no pi, no
 * second copy) runs at 15.2 ticks (25 cycles) a round, 365 ticks per
 * permutation, above the 350 that 0.65 of OpenSSL needs, and every full
 * round built on it adds the pi and copy work back.  Today's code stays.
 *
 * No single-state AVX2 path, not written: AVX2 has no vpternlogq (theta's
 * three-way xor and chi are two operations each), no rotate (three: two
 * shifts and an or) and a 5-lane row spans two ymm registers, so a round
 * needs about twice the operations of the AVX-512 one and a longer chain
 * on the same permute latency (4 cycles for ymm vpermq here); the AVX-512
 * code being latency bound at 0.85 of bmi on this core, an AVX2 one would
 * lose to bmi here.  CPUs without AVX-512 were not measured.  AVX2 does
 * pay where the states are independent: four at once, one lane of each
 * per register, for ParallelHash's leaves (keccak_x86_xn.c).
 *
 * QEMU's TCG (the VM tests) has no AVX-512, and runs the C faster than the
 * BMI code, so the timing picks generic there; the VM cases that need the
 * BMI code force it (keccak_impl=bmi), and the AVX-512 code is checked
 * natively by tests/user (test_keccak_impls, test_sha3: bit-identical to
 * the generic code on every vector and random input).
 */
#include <linux/linkage.h>
#include "sha3/keccak.h"

asmlinkage void nobs_keccakf_x86_bmi(u64 *st);
asmlinkage void nobs_keccak_absorb_x86_bmi(u64 *st, const u8 *in,
					   size_t nblocks, size_t rate);

const struct nobs_keccak_impl nobs_keccak_x86_bmi = {
	.name		= "bmi",
	.permute	= nobs_keccakf_x86_bmi,
	.absorb		= nobs_keccak_absorb_x86_bmi,
	.needs_simd	= false,	/* general registers only */
};
EXPORT_SYMBOL_IF_KUNIT(nobs_keccak_x86_bmi);
