/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What sha3_glue.c offers besides the crypto API's drivers and the
 * library's dispatch (keccak.h): the multi-lane permutation chosen at
 * load, for ParallelHash's leaves and the KUnit suites.
 */
#ifndef NOBS_SHA3_GLUE_H
#define NOBS_SHA3_GLUE_H

#include "keccak.h"

unsigned int nobs_keccak_xn_lanes(void);
bool nobs_keccak_absorb_xn(u64 st[][NOBS_KECCAK_LANES], const u8 *const *in,
			   size_t nblocks, size_t rate);

#endif /* NOBS_SHA3_GLUE_H */
