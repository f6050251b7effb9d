// SPDX-License-Identifier: GPL-2.0
/*
 * CTIDH-2048: the parameter set of the CTIDH engine (ctidh_action_tmpl.c,
 * which has the algorithm and its documentation): high-ctidh's set
 * "2048", over its own 2047-bit prime p = 4 * 3 * 7 * 11 * ... * 1459 *
 * 3413 - 1 and the field of fp2048.h.  Public keys are validated by the
 * CSIDH engine's rule over the same prime (csidh2048.c: validation only).
 */
#include "ctidh2048.h"
#include "csidh2048.h"

#define NOBS_CTIDHX(name)		nobs_ctidh2048_##name
#define NOBS_CTIDHX_PRIMES		NOBS_CTIDH2048_PRIMES
#define NOBS_CTIDHX_BATCHES		NOBS_CTIDH2048_BATCHES
#define NOBS_CTIDHX_PRIVATE_KEY_SIZE	NOBS_CTIDH2048_PRIVATE_KEY_SIZE
#define NOBS_CTIDHX_PUBLIC_KEY_SIZE	NOBS_CTIDH2048_PUBLIC_KEY_SIZE
#define NOBS_CTIDHX_SHARED_SECRET_SIZE	NOBS_CTIDH2048_SHARED_SECRET_SIZE
#define NOBS_CTIDHX_VALIDATE		nobs_csidh2048_validate

/* the field */
#define NOBS_FPX(name)			nobs_fp2048_##name
#define NOBS_FPX_T			nobs_fp2048
#define NOBS_FPX_LIMBS			NOBS_FP2048_LIMBS

/* Elligator's random u: 2047 bits (p < 2^2047), rejected if not below p. */
#define NOBS_CTIDHX_SAMPLE_MASK		0x7f

/*
 * Field operations between two yields: 320, about 0.9 ms of the generic
 * fp2048 multiplication (about 4 times fp1024's 0.7 us).
 */
#define NOBS_CTIDHX_YIELD_WORK		320

/* the baby steps of square-root Vélu: at most 2 (the workspace's room) */
#define NOBS_CTIDHX_BABIES		2

#include "ctidh2048_tables.h"
#include "ctidh_action_tmpl.c"
