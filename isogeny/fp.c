// SPDX-License-Identifier: GPL-2.0
/*
 * GF(p) arithmetic for CSIDH-512: its constants, the generic C (the
 * template fp_impl.h, shared with the CSIDH-1024 field) and the dispatch
 * point of both fields.
 *
 * Montgomery form with R = 2^512; p < 2^511 as fp_impl.h requires.
 */
#include "fp.h"

#if defined(NOBS_FP_VEC_NAME) && defined(__KERNEL__)
#include <asm/cpufeature.h>
#include <asm/fpu/api.h>
#include <asm/simd.h>
#endif

#define NOBS_FPX(name)	nobs_fp_##name
#define NOBS_FPX_T	nobs_fp
#define NOBS_FPX_LIMBS	NOBS_FP_LIMBS

/* p = 4 * 3 * 5 * ... * 373 * 587 - 1 */
const struct nobs_fp nobs_fp_p = { {
	0x1b81b90533c6c87bULL, 0xc2721bf457aca835ULL,
	0x516730cc1f0b4f25ULL, 0xa7aac6c567f35507ULL,
	0x5afbfcc69322c9cdULL, 0xb42d083aedc88c42ULL,
	0xfc8ab0d15e3e4c4aULL, 0x65b48e8f740f89bfULL,
} };

/* R mod p */
const struct nobs_fp nobs_fp_one = { {
	0xc8fc8df598726f0aULL, 0x7b1bc81750a6af95ULL,
	0x5d319e67c1e961b4ULL, 0xb0aa7275301955f1ULL,
	0x4a080672d9ba6c64ULL, 0x97a5ef8a246ee77bULL,
	0x06ea9e5d4383676aULL, 0x3496e2e117e0ec80ULL,
} };

/* R^2 mod p: to_mont(a) = mul(a, R^2) */
static const struct nobs_fp nobs_fp_r2 = { {
	0x36905b572ffc1724ULL, 0x67086f4525f1f27dULL,
	0x4faf3fbfd22370caULL, 0x192ea214bcc584b1ULL,
	0x5dae03ee2f5de3d0ULL, 0x1e9248731776b371ULL,
	0xad5f166e20e4f52dULL, 0x4ed759aea6f3917eULL,
} };

/* p - 2: Fermat inversion exponent */
static const u64 nobs_fp_p_minus_2[NOBS_FP_LIMBS] = {
	0x1b81b90533c6c879ULL, 0xc2721bf457aca835ULL,
	0x516730cc1f0b4f25ULL, 0xa7aac6c567f35507ULL,
	0x5afbfcc69322c9cdULL, 0xb42d083aedc88c42ULL,
	0xfc8ab0d15e3e4c4aULL, 0x65b48e8f740f89bfULL,
};

/* -p^-1 mod 2^64 */
#define NOBS_FPX_PINV	0x66c1301f632e294dULL

/* width 5: 16 odd powers, 1 KiB on the stack */
#define NOBS_FPX_POW_WINDOW	5

#ifdef nobs_fp_add_asm
#define NOBS_FPX_ADD_ASM	nobs_fp_add_asm
#define NOBS_FPX_SUB_ASM	nobs_fp_sub_asm
#endif

#include "fp_impl.h"

/*
 * The assembly entry points (fp.h).  C calls them directly, never through
 * a pointer, but they are typed (SYM_TYPED_FUNC_START: kCFI's type hash
 * before the entry, which clang defines only where C takes the function's
 * address), so __ADDRESSABLE() takes it, in a section the link discards.
 * They are exported for the KUnit suites (kunit/) only.
 */
#ifdef nobs_fp_add_asm
__ADDRESSABLE(nobs_fp_add_asm)
EXPORT_SYMBOL_IF_KUNIT(nobs_fp_add_asm);
#endif
#ifdef nobs_fp_sub_asm
__ADDRESSABLE(nobs_fp_sub_asm)
EXPORT_SYMBOL_IF_KUNIT(nobs_fp_sub_asm);
#endif
#ifdef nobs_fp_mul_asm
__ADDRESSABLE(nobs_fp_mul_asm)
EXPORT_SYMBOL_IF_KUNIT(nobs_fp_mul_asm);
#endif
#ifdef nobs_fp_sqr_asm
__ADDRESSABLE(nobs_fp_sqr_asm)
EXPORT_SYMBOL_IF_KUNIT(nobs_fp_sqr_asm);
#endif
#ifdef NOBS_FP_VEC_NAME
__ADDRESSABLE(nobs_fp_mul4_ifma)
EXPORT_SYMBOL_IF_KUNIT(nobs_fp_mul4_ifma);
__ADDRESSABLE(nobs_fp_sqr4_ifma)
EXPORT_SYMBOL_IF_KUNIT(nobs_fp_sqr4_ifma);
#endif

#ifdef NOBS_FP_ASM_NAME
#ifdef __KERNEL__
DEFINE_STATIC_KEY_FALSE(nobs_fp_asm_key);
#else
bool nobs_fp_asm_flag;
#endif
#endif

/*
 * The vector code of nobs_fp_mul4()/_sqr4(): chosen with the assembly when
 * the CPU has AVX-512 IFMA, VL, VBMI2 and DQ and the OS saves the zmm and
 * opmask state (in userspace: what the compiler's CPU check says, which
 * reads XCR0 too); under valgrind, which has no AVX-512, it is not.
 */
#ifdef NOBS_FP_VEC_NAME
#ifdef __KERNEL__
static DEFINE_STATIC_KEY_FALSE(nobs_fp_vec_key);

static bool nobs_fp_vec_cpu(void)
{
	return boot_cpu_has(X86_FEATURE_AVX512IFMA) &&
	       boot_cpu_has(X86_FEATURE_AVX512VL) &&
	       boot_cpu_has(X86_FEATURE_AVX512_VBMI2) &&
	       boot_cpu_has(X86_FEATURE_AVX512DQ) &&
	       cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM |
				 XFEATURE_MASK_AVX512, NULL);
}

bool nobs_fp_vec_begin(void)
{
	if (!static_branch_likely(&nobs_fp_vec_key) || !may_use_simd())
		return false;
	kernel_fpu_begin();
	return true;
}

void nobs_fp_vec_end(void)
{
	kernel_fpu_end();
}

static void nobs_fp_vec_set(bool on)
{
	if (on)
		static_branch_enable(&nobs_fp_vec_key);
	else
		static_branch_disable(&nobs_fp_vec_key);
}

static bool nobs_fp_vec_on(void)
{
	return static_branch_likely(&nobs_fp_vec_key);
}
#else
bool nobs_fp_vec_flag;

static bool nobs_fp_vec_cpu(void)
{
	return __builtin_cpu_supports("avx512ifma") &&
	       __builtin_cpu_supports("avx512vl") &&
	       __builtin_cpu_supports("avx512vbmi2") &&
	       __builtin_cpu_supports("avx512dq");
}

/* the latency bench (tests/user/csidh_latency.c) times each section */
#ifdef NOBS_FP_VEC_TRACE
void nobs_fp_vec_trace(bool begin);
#else
static inline void nobs_fp_vec_trace(bool begin)
{
	(void)begin;
}
#endif

bool nobs_fp_vec_begin(void)
{
	if (nobs_fp_vec_flag)
		nobs_fp_vec_trace(true);
	return nobs_fp_vec_flag;
}

void nobs_fp_vec_end(void)
{
	nobs_fp_vec_trace(false);
}

static void nobs_fp_vec_set(bool on)
{
	nobs_fp_vec_flag = on;
}

static bool nobs_fp_vec_on(void)
{
	return nobs_fp_vec_flag;
}
#endif
#else
bool nobs_fp_vec_begin(void)
{
	return false;
}

void nobs_fp_vec_end(void)
{
}
#endif

const char *nobs_fp_vec_name(void)
{
#ifdef NOBS_FP_VEC_NAME
	if (nobs_fp_vec_on())
		return NOBS_FP_VEC_NAME;
#endif
	return NULL;
}

/**
 * nobs_fp_select() - choose the multiplication of both fields
 * @use_asm: true to use this architecture's assembly: on x86-64 only if
 *	the CPU has BMI2 and ADX; on arm64 always possible (base ISA);
 *	false forces the generic C code (force_generic)
 *
 * Sets the one dispatch point behind nobs_fp_mul()/_sqr() and
 * nobs_fp1024_mul()/_sqr(), and with the assembly, where the CPU has it,
 * the vector code of nobs_fp_mul4()/_sqr4() (nobs_fp_vec_name()).
 * Called once at init, before any other nobs_fp or nobs_fp1024 function
 * is in use.
 *
 * Return: the name of the chosen implementation: "generic", "bmi2adx"
 * or "arm64".
 */
const char *nobs_fp_select(bool use_asm)
{
#ifdef NOBS_FP_ASM_NAME
#ifdef __KERNEL__
	if (use_asm)
		static_branch_enable(&nobs_fp_asm_key);
	else
		static_branch_disable(&nobs_fp_asm_key);
#else
	nobs_fp_asm_flag = use_asm;
#endif
#ifdef NOBS_FP_VEC_NAME
	nobs_fp_vec_set(use_asm && nobs_fp_vec_cpu());
#endif
	if (use_asm)
		return NOBS_FP_ASM_NAME;
#else
	(void)use_asm;
#endif
	return "generic";
}
