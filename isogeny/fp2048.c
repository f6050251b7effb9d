// SPDX-License-Identifier: GPL-2.0
/*
 * GF(p) arithmetic for CTIDH-2048: its constants and the generic C (the
 * template fp_tmpl.c, shared with the CSIDH-512 and CSIDH-1024 fields).
 * The dispatch point of the fields is fp.c: nobs_fp_select() sets all.
 *
 * Montgomery form with R = 2^2048; p < 2^2047, below 2^2047 as fp_tmpl.c
 * requires.
 */
#include "fp2048.h"

#define NOBS_FPX(name)	nobs_fp2048_##name
#define NOBS_FPX_T	nobs_fp2048
#define NOBS_FPX_LIMBS	NOBS_FP2048_LIMBS

/* p = 4 * 3 * 7 * 11 * 13 * ... * 1459 * 3413 - 1 */
const struct nobs_fp2048 nobs_fp2048_p = { {
	0x7790d615ea034943ULL, 0xdc703f0cd8c4d918ULL,
	0x95a98036c813c788ULL, 0xe111b0d22ab8ecaaULL,
	0x6478407d7a9a56eeULL, 0xa7bec86fabaf787fULL,
	0x44454e851cf305abULL, 0x44084e1a73c76cb2ULL,
	0x2842bbe4dbacc65eULL, 0x58e89497ef35bbb9ULL,
	0x9796620b3ad8a5d4ULL, 0x5377d53e856cc9a3ULL,
	0x7c4cb419996f45e7ULL, 0x88c691b2d452a8acULL,
	0x0da1783672767abbULL, 0x9844e5c09baf59ecULL,
	0xe33586d1208a1017ULL, 0x7d84f102b5fde2eaULL,
	0x30d2edfe50198c64ULL, 0x095ac8a9f3ce2b0cULL,
	0x93e73abd17e3aa46ULL, 0xc680497933375253ULL,
	0x6557ebe96d91aeddULL, 0x4dd6024bf2f8feabULL,
	0xb8523d6a302abf28ULL, 0x33a8779a1ec8b8c2ULL,
	0x584eb12932f72abbULL, 0xdbd1fc2133770253ULL,
	0xddffdcf1aee53f12ULL, 0x4d8854e8b3e19c53ULL,
	0x97fefc90e8196ed9ULL, 0x438efcab10254c64ULL,
} };

/* R mod p */
const struct nobs_fp2048 nobs_fp2048_one = { {
	0x994d7dbe41f62437ULL, 0x6aaf42d975b174b6ULL,
	0x3f037f5ba7c4a965ULL, 0x5ccaed897fd53a00ULL,
	0xd2973e879030fb33ULL, 0x08c3a6b0fcf19681ULL,
	0x33301470a926eefdULL, 0x33e715b0a4a9b9e9ULL,
	0x8737cc516cf9ace5ULL, 0xf5464238325eccd4ULL,
	0x393cd9de4f760e82ULL, 0x059880446fb9a315ULL,
	0x8b19e3b333b22e4aULL, 0x65ac4ae7830805faULL,
	0xd71b975ca89c8fcdULL, 0x37314ebe2cf1f23bULL,
	0x565f6b8c9e61cfb9ULL, 0x87712cf7de06573fULL,
	0x6d8736050fb35ad2ULL, 0xe3efa60224957edbULL,
	0x444a4fc8b855012dULL, 0xac7f2394665a0905ULL,
	0xcff83c43b74af366ULL, 0x167df91c271503fdULL,
	0xd70947c16f7fc287ULL, 0x65069931a3a5d5b7ULL,
	0xf713ec84671a7fceULL, 0x6c8a0b9c659af905ULL,
	0x6600692af35042c7ULL, 0x17670145e45b2b04ULL,
	0x38030a4d47b3b374ULL, 0x355309fecf901ad2ULL,
} };

/* R^2 mod p: to_mont(a) = mul(a, R^2) */
static const struct nobs_fp2048 nobs_fp2048_r2 = { {
	0x6e940162ecb00f8cULL, 0x24c744036302b024ULL,
	0xc892a6ce3f16637bULL, 0x37733ccc6ac611b0ULL,
	0xe5361a2cfb50bcf7ULL, 0xe06f5b5f3f269a1fULL,
	0x67d1d25e92181152ULL, 0xab5a12bd6902fcfcULL,
	0x82c060ea7daaebd0ULL, 0x22029cf3781c2b9eULL,
	0x0cfdf6fb51053d83ULL, 0xd0af69954ce04fb3ULL,
	0x015a5254e7ef0c6dULL, 0x834839d5541a461aULL,
	0x6768d972de4e269aULL, 0x71a06dcb2a0a7a7fULL,
	0x0e11b7d51a8ef22fULL, 0x9d655dcdeb3d4934ULL,
	0x28dfab822c934ea8ULL, 0x60a2ba69a0862d99ULL,
	0xf1286b89b68ee540ULL, 0xb16c9ae335599258ULL,
	0x4a30cb66a64be15fULL, 0xd021ee65d62b98ceULL,
	0xae101149f5e60533ULL, 0x2ad923e56bee4dc3ULL,
	0x5ccb61e26b6f93b5ULL, 0xa4ee09d81cc595afULL,
	0xdc3497d89520ca1fULL, 0x2ab20fe509190878ULL,
	0xcb8fab09772c236eULL, 0x2dc5652f8085f6a5ULL,
} };

/* p - 2: Fermat inversion exponent */
static const u64 nobs_fp2048_p_minus_2[NOBS_FP2048_LIMBS] = {
	0x7790d615ea034941ULL, 0xdc703f0cd8c4d918ULL,
	0x95a98036c813c788ULL, 0xe111b0d22ab8ecaaULL,
	0x6478407d7a9a56eeULL, 0xa7bec86fabaf787fULL,
	0x44454e851cf305abULL, 0x44084e1a73c76cb2ULL,
	0x2842bbe4dbacc65eULL, 0x58e89497ef35bbb9ULL,
	0x9796620b3ad8a5d4ULL, 0x5377d53e856cc9a3ULL,
	0x7c4cb419996f45e7ULL, 0x88c691b2d452a8acULL,
	0x0da1783672767abbULL, 0x9844e5c09baf59ecULL,
	0xe33586d1208a1017ULL, 0x7d84f102b5fde2eaULL,
	0x30d2edfe50198c64ULL, 0x095ac8a9f3ce2b0cULL,
	0x93e73abd17e3aa46ULL, 0xc680497933375253ULL,
	0x6557ebe96d91aeddULL, 0x4dd6024bf2f8feabULL,
	0xb8523d6a302abf28ULL, 0x33a8779a1ec8b8c2ULL,
	0x584eb12932f72abbULL, 0xdbd1fc2133770253ULL,
	0xddffdcf1aee53f12ULL, 0x4d8854e8b3e19c53ULL,
	0x97fefc90e8196ed9ULL, 0x438efcab10254c64ULL,
};

/* -p^-1 mod 2^64 */
#define NOBS_FPX_PINV	0x22249689c54c7495ULL

/* width 3: 4 odd powers, 1 KiB on the stack (kernel frames stay small) */
#define NOBS_FPX_POW_WINDOW	3

#include "fp_tmpl.c"

/* The assembly entry points, as in fp512.c */
#ifdef nobs_fp2048_mul_asm
__ADDRESSABLE(nobs_fp2048_mul_asm)
EXPORT_SYMBOL_IF_KUNIT(nobs_fp2048_mul_asm);
#endif
#ifdef nobs_fp2048_sqr_asm
__ADDRESSABLE(nobs_fp2048_sqr_asm)
EXPORT_SYMBOL_IF_KUNIT(nobs_fp2048_sqr_asm);
#endif
