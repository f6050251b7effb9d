// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "nobs_fp1024": GF(p) of the CSIDH-1024 prime
 * (isogeny/fp1024.c and the arch assembly) inside the kernel.
 *
 * fp1024_kat: one product and one square with known answers, computed
 * with Python integers (a = 2^1019 + 12345 and b = p - 1 as plain limbs;
 * a b / 2^1024 mod p and a^2 / 2^1024 mod p), for the generic C and the
 * assembly.  fp1024_impls: the assembly against the generic C on 2000
 * random elements and elements next to 0 and p, including r aliasing a.
 * The cases are kunit/fp_big_kunit_tmpl.c's; this file has the field's
 * known answers.
 */
#include <kunit/test.h>
#include <linux/string.h>
#if defined(CONFIG_X86_64)
#include <asm/cpufeature.h>
#endif

#include "isogeny/fp1024.h"
#include "nobs_kunit.h"

static const struct nobs_fp1024 nk_a = { {
	0x0000000000003039ULL, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0x0800000000000000ULL,
} };

static const struct nobs_fp1024 nk_b = { {
	0xdbe34c5460e36452ULL, 0xa1d81eebbc3d344dULL,
	0x514ba72cb8d89fd3ULL, 0xc2cab6a0e287f1bdULL,
	0x642aca4d5a313709ULL, 0x6b317c5431541f40ULL,
	0xb97c56d1de81ede5ULL, 0x0978dbeed90a2b58ULL,
	0x7611ad4f90441c80ULL, 0xf811d9c419ec8329ULL,
	0x4d6c594a8ad82d2dULL, 0xf06de2471cf9386eULL,
	0x0683cf25db31ad5bULL, 0x216c22bc86f21a08ULL,
	0xd89dec879007ebd7ULL, 0x0ece55ed427012a9ULL,
} };

/* a b / 2^1024 mod p */
static const struct nobs_fp1024 nk_ab = { {
	0xdaabe916de411356ULL, 0x4a99f573cc8ad431ULL,
	0xe28d908002a481d1ULL, 0x92dc4df9e7c8b926ULL,
	0xbb44a9ee47e586d5ULL, 0xda877b53b94cca56ULL,
	0x33d2092a071126beULL, 0x81da426d282a02e0ULL,
	0x6f8b376414e770baULL, 0xfb9346fd66e0d997ULL,
	0xa197bb19ed038cd2ULL, 0x4b7c36652ca85ef9ULL,
	0x1ec07be842eddf78ULL, 0x344ae6e386b14ad6ULL,
	0xb7354310dcf7b8efULL, 0x0371590b8b0f86ceULL,
} };

/* a^2 / 2^1024 mod p */
static const struct nobs_fp1024 nk_aa = { {
	0xc984875efcf760c9ULL, 0xbd4925b3660d402bULL,
	0xfb3391e1651bf9d9ULL, 0xa376ed132ef2cf5dULL,
	0xc05842fe32189037ULL, 0x96a2882aa9c147c8ULL,
	0xf49217d3ec31601fULL, 0x6379ed2fdace7e54ULL,
	0x4ccae5d769aa2b5eULL, 0x1fd5381e4827f20dULL,
	0x84fdb565b12c8027ULL, 0xa8ef4968c0f48bdaULL,
	0x5f84a2de2cb539e4ULL, 0xf89f5b217cf96e1fULL,
	0x9f59bdf3ed80247aULL, 0x05f35220f8eb06abULL,
} };

#define NOBS_FPX(name)	nobs_fp1024_##name
#define NOBS_FPX_T	nobs_fp1024
#define NOBS_FPX_LIMBS	NOBS_FP1024_LIMBS
#define NK_FPX(name)	fp1024_##name
#define NK_FPX_SUITE	"nobs_fp1024"
#define NK_FPX_TOP_MASK	((1ULL << 59) - 1)	/* random elements below 2^1019 */
#define NK_FPX_CASES	2000u
#define NK_FPX_SEED	1024

#include "fp_big_kunit_tmpl.c"
