/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The CSIDH parameter set a harness program is built for: CSIDH-512 by
 * default, CSIDH-1024 with -DTEST_CSIDH1024.  The set's prefix and sizes
 * under the names the engine takes them (csidh_curve_tmpl.c):
 * NOBS_CSIDHX(name) is its entry point nobs_csidh512_name or
 * nobs_csidh1024_name, NOBS_FPX(name) and NOBS_FPX_T its field's,
 * NOBS_CSIDHX_PRIMES, _MAX_EXPONENT, _PRIVATE_KEY_SIZE, _PUBLIC_KEY_SIZE
 * its sizes; T_* the tests' own data (T_NAME in the tests' output, T_ALG
 * the kpp's name, T_FILE its vectors), so that one test source serves
 * both sets.  Include it after every isogeny/ header: those define and
 * undefine NOBS_FPX and NOBS_CSIDHX around their templates.
 */
#ifndef NOBS_TEST_CSIDH_PARAM_H
#define NOBS_TEST_CSIDH_PARAM_H

#ifdef TEST_CSIDH1024
#include "isogeny/csidh1024.h"
#define NOBS_CSIDHX(name)	nobs_csidh1024_##name
#define NOBS_FPX(name)		nobs_fp1024_##name
#define NOBS_FPX_T		nobs_fp1024
#define NOBS_CSIDHX_PUBLIC_KEY_SIZE	NOBS_CSIDH1024_PUBLIC_KEY_SIZE
#define NOBS_CSIDHX_PRIVATE_KEY_SIZE	NOBS_CSIDH1024_PRIVATE_KEY_SIZE
#define NOBS_CSIDHX_PRIMES		NOBS_CSIDH1024_PRIMES
#define NOBS_CSIDHX_MAX_EXPONENT	NOBS_CSIDH1024_MAX_EXPONENT
#define T_NAME		"csidh1024"
#define T_ALG		"csidh1024"
#define T_FILE		"csidh1024_testvectors.dat"
#define T_VECTORS	32
#define T_OTHER_FP	2
#else
#include "isogeny/csidh512.h"
#define NOBS_CSIDHX(name)	nobs_csidh512_##name
#define NOBS_FPX(name)		nobs_fp512_##name
#define NOBS_FPX_T		nobs_fp512
#define NOBS_CSIDHX_PUBLIC_KEY_SIZE	NOBS_CSIDH512_PUBLIC_KEY_SIZE
#define NOBS_CSIDHX_PRIVATE_KEY_SIZE	NOBS_CSIDH512_PRIVATE_KEY_SIZE
#define NOBS_CSIDHX_PRIMES		NOBS_CSIDH512_PRIMES
#define NOBS_CSIDHX_MAX_EXPONENT	NOBS_CSIDH512_MAX_EXPONENT
#define T_NAME		"csidh"
#define T_ALG		"csidh512"
#define T_FILE		"csidh_testvectors.dat"
#define T_VECTORS	328
#define T_OTHER_FP	6
#endif

#endif /* NOBS_TEST_CSIDH_PARAM_H */
