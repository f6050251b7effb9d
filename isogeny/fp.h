/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the GF(p) fields of CSIDH and CTIDH share (fp512.h for CSIDH-512,
 * fp1024.h for CSIDH-1024, fp2048.h for CTIDH-2048): the choice of the
 * multiplication, made once at init by nobs_fp_select() for all fields,
 * the vector sections of the four-lane code (the 512- and 1024-bit
 * fields'), and the harness's operation counts.
 *
 * Multiplication and squaring have several implementations (generic C,
 * x86-64 BMI2/ADX, arm64).  The hot path tests a static key (kernel) or a
 * plain bool (userspace harness): a patched jump, never an indirect call.
 */
#ifndef NOBS_ISOGENY_FP_H
#define NOBS_ISOGENY_FP_H

#include <nobs/types.h>

/*
 * The assembly behind each field's mul()/sqr(): BMI2/ADX on x86-64, the
 * base ISA on arm64.  NOBS_FPX(mul_asm) in fp_tmpl.h names them per field.
 */
#if defined(__x86_64__) && !defined(NOBS_FP_NO_ASM)
#define NOBS_FP_ASM_NAME	"bmi2adx"
#define nobs_fp512_mul_asm	nobs_fp512_mul_bmi2adx
#define nobs_fp512_sqr_asm	nobs_fp512_sqr_bmi2adx
#define nobs_fp1024_mul_asm	nobs_fp1024_mul_bmi2adx
#define nobs_fp1024_sqr_asm	nobs_fp1024_sqr_bmi2adx
#define nobs_fp2048_mul_asm	nobs_fp2048_mul_bmi2adx
#define nobs_fp2048_sqr_asm	nobs_fp2048_sqr_bmi2adx
/*
 * CSIDH-512's addition and subtraction: they need no BMI2/ADX but go with
 * the mulx code (the same dispatch); fp512.c hands them to fp_tmpl.c.
 */
#define nobs_fp512_add_asm	nobs_fp512_add_x86_64
#define nobs_fp512_sub_asm	nobs_fp512_sub_x86_64
/*
 * Four products at once in the lanes of ymm registers (AVX-512 IFMA, VL,
 * VBMI2, DQ; arch/x86/fp_ifma_x86_64.S and fp1024_ifma_x86_64.S), for the
 * 512- and 1024-bit fields (their headers define NOBS_FPX_MUL4_VEC; the
 * 2048-bit field has none): nobs_fp512_mul4()/_sqr4() and
 * nobs_fp1024_mul4()/_sqr4() in a vector section.
 */
#define NOBS_FP_VEC_NAME	"ifma"
#elif defined(__aarch64__) && !defined(NOBS_FP_NO_ASM)
#define NOBS_FP_ASM_NAME	"arm64"
#define nobs_fp512_mul_asm	nobs_fp512_mul_arm64
#define nobs_fp512_sqr_asm	nobs_fp512_sqr_arm64
#define nobs_fp1024_mul_asm	nobs_fp1024_mul_arm64
#define nobs_fp1024_sqr_asm	nobs_fp1024_sqr_arm64
#define nobs_fp2048_mul_asm	nobs_fp2048_mul_arm64
#define nobs_fp2048_sqr_asm	nobs_fp2048_sqr_arm64
#endif

/*
 * The one dispatch point of all fields: a switch (<nobs/types.h>: a
 * static key in the kernel, a bool in userspace), set by
 * nobs_fp_select(); the vector code's beside it, which the harness may
 * clear after select.
 */
#ifdef NOBS_FP_ASM_NAME
NOBS_DECLARE_SWITCH(nobs_fp_asm_flag);
#define nobs_fp_asm_selected()	nobs_switch_on(nobs_fp_asm_flag)
#endif
#ifdef NOBS_FP_VEC_NAME
NOBS_DECLARE_SWITCH(nobs_fp_vec_flag);
#endif

const char *nobs_fp_select(bool use_asm, bool use_vec);

/*
 * A vector section: nobs_fp_vec_begin() returns true if the fields'
 * vector code (NOBS_FP_VEC_NAME) was chosen at init and may run
 * here (in the kernel: the FPU is usable in this context, and
 * kernel_fpu_begin() has been called), false otherwise; after true the
 * caller calls nobs_fp_vec_end() (kernel_fpu_end()).  In between, nothing
 * may sleep.  nobs_fp_vec_name() is the vector code's name, or NULL.
 */
bool nobs_fp_vec_begin(void);
void nobs_fp_vec_end(void);
const char *nobs_fp_vec_name(void);

/*
 * Operation counts for the harness (make bench, the CSIDH op-count test):
 * built with NOBS_FP_COUNT, every multiplication and squaring of either
 * field bumps a counter the harness program defines.  Never set in the
 * kernel build.
 */
#ifdef NOBS_FP_COUNT
extern unsigned long long nobs_fp_count_mul, nobs_fp_count_sqr;
#define nobs_fp_count_mul_op()	(nobs_fp_count_mul++)
#define nobs_fp_count_sqr_op()	(nobs_fp_count_sqr++)
#else
#define nobs_fp_count_mul_op()	do { } while (0)
#define nobs_fp_count_sqr_op()	do { } while (0)
#endif

#endif /* NOBS_ISOGENY_FP_H */
