/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The CSIDH parameter set a harness program is built for: CSIDH-512 by
 * default, CSIDH-1024 with -DTEST_CSIDH1024.  T(name) is its entry point
 * nobs_csidh[1024]_name, T_FP(name) its field's function, T_* its sizes
 * and names (T_NAME in the tests' output, T_ALG the kpp's), so that one
 * test source serves both sets.
 */
#ifndef NOBS_TEST_CSIDH_PARAM_H
#define NOBS_TEST_CSIDH_PARAM_H

#ifdef TEST_CSIDH1024
#include "isogeny/csidh1024.h"
#define T(name)		nobs_csidh1024_##name
#define T_FP(name)	nobs_fp1024_##name
#define T_FP_T		struct nobs_fp1024
#define T_NAME		"csidh1024"
#define T_ALG		"csidh1024"
#define T_FILE		"csidh1024_testvectors.dat"
#define T_VECTORS	32
#define T_OTHER_FP	2
#define T_PK		NOBS_CSIDH1024_PUBLIC_KEY_SIZE
#define T_SK		NOBS_CSIDH1024_PRIVATE_KEY_SIZE
#define T_PRIMES	NOBS_CSIDH1024_PRIMES
#define T_MAX		NOBS_CSIDH1024_MAX_EXPONENT
#else
#include "isogeny/csidh.h"
#include "isogeny/fp.h"
#define T(name)		nobs_csidh_##name
#define T_FP(name)	nobs_fp_##name
#define T_FP_T		struct nobs_fp
#define T_NAME		"csidh"
#define T_ALG		"csidh512"
#define T_FILE		"csidh_testvectors.dat"
#define T_VECTORS	328
#define T_OTHER_FP	6
#define T_PK		NOBS_CSIDH_PUBLIC_KEY_SIZE
#define T_SK		NOBS_CSIDH_PRIVATE_KEY_SIZE
#define T_PRIMES	NOBS_CSIDH_PRIMES
#define T_MAX		NOBS_CSIDH_MAX_EXPONENT
#endif

#endif /* NOBS_TEST_CSIDH_PARAM_H */
