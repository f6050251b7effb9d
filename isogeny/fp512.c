// SPDX-License-Identifier: GPL-2.0
/*
 * GF(p) arithmetic for CSIDH-512: its constants and the generic C (the
 * template fp_tmpl.c, shared with the CSIDH-1024 field).  The dispatch
 * point of both fields is fp.c.
 *
 * Montgomery form with R = 2^512; p < 2^511 as fp_tmpl.c requires.
 */
#include "fp512.h"

#define NOBS_FPX(name)	nobs_fp512_##name
#define NOBS_FPX_T	nobs_fp512
#define NOBS_FPX_LIMBS	NOBS_FP512_LIMBS

/* p = 4 * 3 * 5 * ... * 373 * 587 - 1 */
const struct nobs_fp512 nobs_fp512_p = { {
	0x1b81b90533c6c87bULL, 0xc2721bf457aca835ULL,
	0x516730cc1f0b4f25ULL, 0xa7aac6c567f35507ULL,
	0x5afbfcc69322c9cdULL, 0xb42d083aedc88c42ULL,
	0xfc8ab0d15e3e4c4aULL, 0x65b48e8f740f89bfULL,
} };

/* R mod p */
const struct nobs_fp512 nobs_fp512_one = { {
	0xc8fc8df598726f0aULL, 0x7b1bc81750a6af95ULL,
	0x5d319e67c1e961b4ULL, 0xb0aa7275301955f1ULL,
	0x4a080672d9ba6c64ULL, 0x97a5ef8a246ee77bULL,
	0x06ea9e5d4383676aULL, 0x3496e2e117e0ec80ULL,
} };

/* R^2 mod p: to_mont(a) = mul(a, R^2) */
static const struct nobs_fp512 nobs_fp512_r2 = { {
	0x36905b572ffc1724ULL, 0x67086f4525f1f27dULL,
	0x4faf3fbfd22370caULL, 0x192ea214bcc584b1ULL,
	0x5dae03ee2f5de3d0ULL, 0x1e9248731776b371ULL,
	0xad5f166e20e4f52dULL, 0x4ed759aea6f3917eULL,
} };

/* p - 2: Fermat inversion exponent */
static const u64 nobs_fp512_p_minus_2[NOBS_FP512_LIMBS] = {
	0x1b81b90533c6c879ULL, 0xc2721bf457aca835ULL,
	0x516730cc1f0b4f25ULL, 0xa7aac6c567f35507ULL,
	0x5afbfcc69322c9cdULL, 0xb42d083aedc88c42ULL,
	0xfc8ab0d15e3e4c4aULL, 0x65b48e8f740f89bfULL,
};

/* -p^-1 mod 2^64 */
#define NOBS_FPX_PINV	0x66c1301f632e294dULL

/* width 5: 16 odd powers, 1 KiB on the stack */
#define NOBS_FPX_POW_WINDOW	5

#ifdef nobs_fp512_add_asm
#define NOBS_FPX_ADD_ASM	nobs_fp512_add_asm
#define NOBS_FPX_SUB_ASM	nobs_fp512_sub_asm
#endif

#include "fp_tmpl.c"

/*
 * The assembly entry points (fp.h, fp512.h).  C calls them directly,
 * never through a pointer, but they are typed (SYM_TYPED_FUNC_START: kCFI's type hash
 * before the entry, which clang defines only where C takes the function's
 * address), so __ADDRESSABLE() takes it, in a section the link discards.
 * They are exported for the KUnit suites (kunit/) only.
 */
#ifdef nobs_fp512_add_asm
__ADDRESSABLE(nobs_fp512_add_asm)
EXPORT_SYMBOL_IF_KUNIT(nobs_fp512_add_asm);
#endif
#ifdef nobs_fp512_sub_asm
__ADDRESSABLE(nobs_fp512_sub_asm)
EXPORT_SYMBOL_IF_KUNIT(nobs_fp512_sub_asm);
#endif
#ifdef nobs_fp512_mul_asm
__ADDRESSABLE(nobs_fp512_mul_asm)
EXPORT_SYMBOL_IF_KUNIT(nobs_fp512_mul_asm);
#endif
#ifdef nobs_fp512_sqr_asm
__ADDRESSABLE(nobs_fp512_sqr_asm)
EXPORT_SYMBOL_IF_KUNIT(nobs_fp512_sqr_asm);
#endif
#ifdef NOBS_FP_VEC_NAME
__ADDRESSABLE(nobs_fp512_mul4_ifma)
EXPORT_SYMBOL_IF_KUNIT(nobs_fp512_mul4_ifma);
__ADDRESSABLE(nobs_fp512_sqr4_ifma)
EXPORT_SYMBOL_IF_KUNIT(nobs_fp512_sqr4_ifma);
#endif
