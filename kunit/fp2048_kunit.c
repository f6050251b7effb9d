// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "nobs_fp2048": GF(p) of the CTIDH-2048 prime
 * (isogeny/fp2048.c and the arch assembly) inside the kernel.
 *
 * fp2048_kat: one product and one square with known answers, computed
 * with Python integers (a = 2^2046 + 12345 and b = p - 1 as plain limbs;
 * a b / 2^2048 mod p and a^2 / 2^2048 mod p), for the generic C and the
 * assembly.  fp2048_impls: the assembly against the generic C on 500
 * random elements and elements next to 0 and p, including r aliasing a.
 * The cases are kunit/fp_big_kunit_tmpl.c's; this file has the field's
 * known answers.
 */
#include <kunit/test.h>
#include <linux/string.h>
#if defined(CONFIG_X86_64)
#include <asm/cpufeature.h>
#endif

#include "isogeny/fp2048.h"
#include "nobs_kunit.h"

static const struct nobs_fp2048 nk_a = { {
	0x0000000000003039ULL, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0x4000000000000000ULL,
} };

static const struct nobs_fp2048 nk_b = { {
	0x7790d615ea034942ULL, 0xdc703f0cd8c4d918ULL,
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

/* a b / 2^2048 mod p */
static const struct nobs_fp2048 nk_ab = { {
	0x31f72839468000feULL, 0x6734f2b21674f5c8ULL,
	0x479fe6487ba94f20ULL, 0xe3a9fc7487b77bceULL,
	0xf1326d0eeba284f1ULL, 0xec049b00fc6164cbULL,
	0x29d3efe8bbe72ff4ULL, 0xbbc5f5f0765ad76dULL,
	0x97efce10277dcbdbULL, 0x5086ebd836cdc357ULL,
	0x0d4e5fb7896886feULL, 0x79942bed613a7e90ULL,
	0xdc6cb19c8ec9f99eULL, 0xca750dbf8ef49fe8ULL,
	0x6a6ffaa6cfa275cbULL, 0x7ec11b4774d3fc6aULL,
	0x8bad2c2d72fe8b66ULL, 0x25459436b63a3d20ULL,
	0x92b64ab5e30ee957ULL, 0xf315d00b4a599cddULL,
	0x82f56f0987f2644fULL, 0x5be76e73afa57070ULL,
	0xd10b578e88c4fb00ULL, 0x15e60465c0cac2ecULL,
	0x396b5f4145f9d514ULL, 0x7c4eda6366be094fULL,
	0x4affdf3d3b4efa5dULL, 0xf25abd750f5dc0e6ULL,
	0x4f61fa61209b7e58ULL, 0x129489d0f3400c46ULL,
	0xa412b256271e5a4aULL, 0x0bed343a812b99d7ULL,
} };

/* a^2 / 2^2048 mod p */
static const struct nobs_fp2048 nk_aa = { {
	0x5c1fc013a1c99b1aULL, 0x9e394c3f5b94ce96ULL,
	0x9960d5036ad7a23dULL, 0xe1a969b18fa36cc6ULL,
	0xdbfde7a8fe3b9475ULL, 0x4cbd0e13cce4d3d1ULL,
	0x9dd09c99804e6bb6ULL, 0xb68205f2b4c59d61ULL,
	0x2f0e12f2a54c0ed2ULL, 0x9f9fe0f449b95cf2ULL,
	0x828464777f2bea2cULL, 0x6f9fbe63b0924d4aULL,
	0xaa733c49bab58660ULL, 0x0db7cf1d3e331a23ULL,
	0x56dc7f6b31d1d896ULL, 0x8a64570c89ef130cULL,
	0x17908c0dea793b44ULL, 0x29a863fa3f143797ULL,
	0xc6fbba11036a130dULL, 0xeb33404c556e7aaeULL,
	0xa0ab4394e503e951ULL, 0x2c542c4c1bc4705dULL,
	0xc8c1c678977be118ULL, 0x9700fe3a286c1e9dULL,
	0xa750db8b1b4f8e44ULL, 0x095adf550c1fe22fULL,
	0xcf0d6e3617073bf8ULL, 0xc98f6baf5acb6aa6ULL,
	0x84929ea2aab15e0aULL, 0x45e2f0cb1abe1a65ULL,
	0xdbc5a80763d0e15bULL, 0x0958c9f641f4df8bULL,
} };

#define NOBS_FPX(name)	nobs_fp2048_##name
#define NOBS_FPX_T	nobs_fp2048
#define NOBS_FPX_LIMBS	NOBS_FP2048_LIMBS
#define NK_FPX(name)	fp2048_##name
#define NK_FPX_SUITE	"nobs_fp2048"
#define NK_FPX_TOP_MASK	((1ULL << 62) - 1)	/* random elements below 2^2046 */
#define NK_FPX_CASES	500u
#define NK_FPX_SEED	2048

#include "fp_big_kunit_tmpl.c"
