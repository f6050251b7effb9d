// SPDX-License-Identifier: GPL-2.0
/*
 * GF(p) arithmetic for CSIDH-1024: its constants and the generic C (the
 * template fp_tmpl.c, shared with the CSIDH-512 field).  The dispatch
 * point of both fields is fp.c: nobs_fp_select() sets both.
 *
 * Montgomery form with R = 2^1024; p < 2^1020, below 2^1023 as fp_tmpl.c
 * requires.
 */
#include "fp1024.h"

#define NOBS_FPX(name)	nobs_fp1024_##name
#define NOBS_FPX_T	nobs_fp1024
#define NOBS_FPX_LIMBS	NOBS_FP1024_LIMBS

/* p = 4 * 3 * 5 * ... * 733 * 983 - 1 */
const struct nobs_fp1024 nobs_fp1024_p = { {
	0xdbe34c5460e36453ULL, 0xa1d81eebbc3d344dULL,
	0x514ba72cb8d89fd3ULL, 0xc2cab6a0e287f1bdULL,
	0x642aca4d5a313709ULL, 0x6b317c5431541f40ULL,
	0xb97c56d1de81ede5ULL, 0x0978dbeed90a2b58ULL,
	0x7611ad4f90441c80ULL, 0xf811d9c419ec8329ULL,
	0x4d6c594a8ad82d2dULL, 0xf06de2471cf9386eULL,
	0x0683cf25db31ad5bULL, 0x216c22bc86f21a08ULL,
	0xd89dec879007ebd7ULL, 0x0ece55ed427012a9ULL,
} };

/* R mod p */
const struct nobs_fp1024 nobs_fp1024_one = { {
	0x65e7ee6590e6567dULL, 0x40a5f2587fef86d4ULL,
	0x99f9e607b99d62f2ULL, 0x1089df50f4f8f26dULL,
	0x592890dd02bb585aULL, 0xe1b6be68b969ecb9ULL,
	0xaebe3c10395f33c3ULL, 0x5ef9652396531f1bULL,
	0x28d37db76b7a1b7fULL, 0x86d089fa474b4a3fULL,
	0xdbce120cc7a4fff2ULL, 0x08b3f947137340acULL,
	0x913f3e7c71b37ce5ULL, 0xc7d1b17b09ec4577ULL,
	0x9d834aff6f7956b6ULL, 0x044c4b3e968ec2b8ULL,
} };

/* R^2 mod p: to_mont(a) = mul(a, R^2) */
static const struct nobs_fp1024 nobs_fp1024_r2 = { {
	0xd6b8f146ec5055afULL, 0x68ac5d7707ccb03aULL,
	0x1322c9b9837dca17ULL, 0x4f2940830c1d2b35ULL,
	0x8c1a56e5bf96471aULL, 0x6cdde00636c4f801ULL,
	0x9365ec4fa327c9acULL, 0xa0056a67c1de0e82ULL,
	0x8aa6fa7e6811faa8ULL, 0x9aad9631bb760403ULL,
	0x156b34c683839b9dULL, 0xa5ae047480992b2cULL,
	0xc124d930289048b5ULL, 0x4f8a8344bbe56288ULL,
	0xe1a2eb1d838b8237ULL, 0x057162f911ca93a3ULL,
} };

/* p - 2: Fermat inversion exponent */
static const u64 nobs_fp1024_p_minus_2[NOBS_FP1024_LIMBS] = {
	0xdbe34c5460e36451ULL, 0xa1d81eebbc3d344dULL,
	0x514ba72cb8d89fd3ULL, 0xc2cab6a0e287f1bdULL,
	0x642aca4d5a313709ULL, 0x6b317c5431541f40ULL,
	0xb97c56d1de81ede5ULL, 0x0978dbeed90a2b58ULL,
	0x7611ad4f90441c80ULL, 0xf811d9c419ec8329ULL,
	0x4d6c594a8ad82d2dULL, 0xf06de2471cf9386eULL,
	0x0683cf25db31ad5bULL, 0x216c22bc86f21a08ULL,
	0xd89dec879007ebd7ULL, 0x0ece55ed427012a9ULL,
};

/* -p^-1 mod 2^64 */
#define NOBS_FPX_PINV	0xd2c2c24160038025ULL

/* width 4: 8 odd powers, 1 KiB on the stack (kernel frames stay small) */
#define NOBS_FPX_POW_WINDOW	4

#include "fp_tmpl.c"

/* The assembly entry points, as in fp512.c */
#ifdef nobs_fp1024_mul_asm
__ADDRESSABLE(nobs_fp1024_mul_asm)
EXPORT_SYMBOL_IF_KUNIT(nobs_fp1024_mul_asm);
#endif
#ifdef nobs_fp1024_sqr_asm
__ADDRESSABLE(nobs_fp1024_sqr_asm)
EXPORT_SYMBOL_IF_KUNIT(nobs_fp1024_sqr_asm);
#endif
#ifdef NOBS_FP_VEC_NAME
__ADDRESSABLE(nobs_fp1024_mul4_ifma)
EXPORT_SYMBOL_IF_KUNIT(nobs_fp1024_mul4_ifma);
__ADDRESSABLE(nobs_fp1024_sqr4_ifma)
EXPORT_SYMBOL_IF_KUNIT(nobs_fp1024_sqr4_ifma);
#endif
