// SPDX-License-Identifier: GPL-2.0
/*
 * The dispatch point of the GF(p) fields (fp.h): the multiplication
 * chosen at init, and the vector sections of the fields' four-lane code.
 */
#include "fp.h"

#ifdef NOBS_FP_VEC_NAME
#include <asm/fpu/api.h>
#include <asm/simd.h>
#endif

#ifdef NOBS_FP_ASM_NAME
NOBS_DEFINE_SWITCH(nobs_fp_asm_flag);
#endif

/*
 * The vector code of nobs_fp512_mul4()/_sqr4() and
 * nobs_fp1024_mul4()/_sqr4(): chosen with the assembly where the caller
 * says the CPU has it (struct nobs_cpu's ifma; in the harness,
 * tests/user/fp_cpu.h, which valgrind's missing AVX-512 turns off).  Its
 * sections are the kernel's FPU sections (in the harness,
 * tests/user/compat/asm/: always usable, nothing to save).
 */
#ifdef NOBS_FP_VEC_NAME
NOBS_DEFINE_SWITCH(nobs_fp_vec_flag);

/* the latency bench (tests/user/csidh_latency.c) times each section */
#ifdef NOBS_FP_VEC_TRACE
void nobs_fp_vec_trace(bool begin);
#else
static inline void nobs_fp_vec_trace(bool begin)
{
	(void)begin;
}
#endif
#endif

/* Whether a vector section could start: then it has, and must be ended. */
bool nobs_fp_vec_begin(void)
{
#ifdef NOBS_FP_VEC_NAME
	if (!nobs_switch_on(nobs_fp_vec_flag) || !may_use_simd())
		return false;
	kernel_fpu_begin();
	nobs_fp_vec_trace(true);
	return true;
#else
	return false;
#endif
}

void nobs_fp_vec_end(void)
{
#ifdef NOBS_FP_VEC_NAME
	nobs_fp_vec_trace(false);
	kernel_fpu_end();
#endif
}

const char *nobs_fp_vec_name(void)
{
#ifdef NOBS_FP_VEC_NAME
	if (nobs_switch_on(nobs_fp_vec_flag))
		return NOBS_FP_VEC_NAME;
#endif
	return NULL;
}

/**
 * nobs_fp_select() - choose the multiplication of all fields
 * @use_asm: true to use this architecture's assembly: on x86-64 only if
 *	the CPU has BMI2 and ADX; on arm64 always possible (base ISA);
 *	false forces the generic C code (force_generic)
 * @use_vec: whether the CPU runs the fields' vector code (x86-64:
 *	AVX-512 IFMA, VL, VBMI2 and DQ with their state saved by the OS),
 *	taken with the assembly only
 *
 * Sets the one dispatch point behind nobs_fp512_mul()/_sqr(),
 * nobs_fp1024_mul()/_sqr() and nobs_fp2048_mul()/_sqr(), and with the assembly, where the CPU has it,
 * the vector code of nobs_fp512_mul4()/_sqr4() and
 * nobs_fp1024_mul4()/_sqr4() (nobs_fp_vec_name()).
 * Called once at init, before any nobs_fp512 or nobs_fp1024 function
 * is in use.
 *
 * Return: the name of the chosen implementation: "generic", "bmi2adx"
 * or "arm64".
 */
const char *nobs_fp_select(bool use_asm, bool use_vec)
{
#ifdef NOBS_FP_ASM_NAME
	nobs_switch_set(nobs_fp_asm_flag, use_asm);
#ifdef NOBS_FP_VEC_NAME
	nobs_switch_set(nobs_fp_vec_flag, use_asm && use_vec);
#endif
	if (use_asm)
		return NOBS_FP_ASM_NAME;
#else
	(void)use_asm;
#endif
	(void)use_vec;
	return "generic";
}
