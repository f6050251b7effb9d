// SPDX-License-Identifier: GPL-2.0
/*
 * CTIDH-1024: the parameter set of the CTIDH engine (ctidh_action_tmpl.c,
 * which has the algorithm and its documentation): high-ctidh's set
 * "1024", over the CSIDH-1024 prime p = 4 * 3 * 5 * ... * 733 * 983 - 1
 * and the field of fp1024.h.  Public keys are validated by csidh1024's
 * rule (same prime, same curves).
 */
#include "ctidh1024.h"
#include "csidh1024.h"

#define NOBS_CTIDHX(name)		nobs_ctidh1024_##name
#define NOBS_CTIDHX_PRIMES		NOBS_CTIDH1024_PRIMES
#define NOBS_CTIDHX_BATCHES		NOBS_CTIDH1024_BATCHES
#define NOBS_CTIDHX_PRIVATE_KEY_SIZE	NOBS_CTIDH1024_PRIVATE_KEY_SIZE
#define NOBS_CTIDHX_PUBLIC_KEY_SIZE	NOBS_CTIDH1024_PUBLIC_KEY_SIZE
#define NOBS_CTIDHX_SHARED_SECRET_SIZE	NOBS_CTIDH1024_SHARED_SECRET_SIZE
#define NOBS_CTIDHX_VALIDATE		nobs_csidh1024_validate

/* the field */
#define NOBS_FPX(name)			nobs_fp1024_##name
#define NOBS_FPX_T			nobs_fp1024
#define NOBS_FPX_LIMBS			NOBS_FP1024_LIMBS
#ifdef NOBS_FP1024_VEC
#define NOBS_CTIDHX_VEC
/* a vector section: about 256 field operations, under 50 us */
#define NOBS_CTIDHX_VEC_WORK		256
#endif

/* Elligator's random u: 1020 bits (p < 2^1020), rejected if not below p. */
#define NOBS_CTIDHX_SAMPLE_MASK		0x0f

/*
 * Field operations between two yields: 1280, about 0.9 ms of the generic
 * fp1024 multiplication (0.7 us here).
 */
#define NOBS_CTIDHX_YIELD_WORK		1280

/* the baby steps of square-root Vélu: at most 6 (the workspace's room) */
#define NOBS_CTIDHX_BABIES		6

#include "ctidh1024_tables.h"
#include "ctidh_action_tmpl.c"
