// SPDX-License-Identifier: GPL-2.0
/*
 * CTIDH-511: the parameter set of the CTIDH engine (ctidh_action_tmpl.c,
 * which has the algorithm and its documentation): high-ctidh's set "511",
 * over the CSIDH-512 prime (as ctidh512, with a smaller key space) and the
 * field of fp512.h.  Public keys are validated by csidh512's rule (same
 * prime, same curves).
 */
#include "ctidh511.h"
#include "csidh512.h"

#define NOBS_CTIDHX(name)		nobs_ctidh511_##name
#define NOBS_CTIDHX_PRIMES		NOBS_CTIDH511_PRIMES
#define NOBS_CTIDHX_BATCHES		NOBS_CTIDH511_BATCHES
#define NOBS_CTIDHX_PRIVATE_KEY_SIZE	NOBS_CTIDH511_PRIVATE_KEY_SIZE
#define NOBS_CTIDHX_PUBLIC_KEY_SIZE	NOBS_CTIDH511_PUBLIC_KEY_SIZE
#define NOBS_CTIDHX_SHARED_SECRET_SIZE	NOBS_CTIDH511_SHARED_SECRET_SIZE
#define NOBS_CTIDHX_VALIDATE		nobs_csidh512_validate

/* the field */
#define NOBS_FPX(name)			nobs_fp512_##name
#define NOBS_FPX_T			nobs_fp512
#define NOBS_FPX_LIMBS			NOBS_FP512_LIMBS
#ifdef NOBS_FP512_VEC
#define NOBS_CTIDHX_VEC
#endif

/* Elligator's random u: 511 bits (p < 2^511), rejected if not below p. */
#define NOBS_CTIDHX_SAMPLE_MASK		0x7f

/*
 * Field operations between two yields: 768 (the generic fp512
 * multiplication is well under 1 us here).
 */
#define NOBS_CTIDHX_YIELD_WORK		768

/* the baby steps of square-root Vélu: at most 12 (2.3 KiB of state) */
#define NOBS_CTIDHX_BABIES		12

#include "ctidh511_tables.h"
#include "ctidh_action_tmpl.c"
