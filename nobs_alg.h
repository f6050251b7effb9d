/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The lives of nobs's algorithms, shared by every component and by
 * nobs_main.c (nobs_alg.c).  The init of every transform of an algorithm
 * of nobs calls nobs_alg_gate() first; a component calls nobs_alg_tested()
 * after each registration and nobs_alg_wait_unused() before each
 * unregistration, and leaves registered (to a later call) an algorithm it
 * says must stay.
 */
#ifndef NOBS_ALG_H
#define NOBS_ALG_H

#include <linux/crypto.h>
#include <linux/module.h>
#include <linux/types.h>

/*
 * The driver of one implementation of an algorithm is named
 * "<alg>-nobs-<impl>" (sha3-256-nobs-avx512, csidh1024-nobs-bmi2adx):
 * nobs_alg_driver_name() writes it before the registration, and
 * NOBS_ALIAS_DRIVER() is its module alias, so that a lookup by driver
 * name loads nobs.  A component's glue names the drivers of its generic
 * C, the arch header beside the assembly (keccak_arch.h, fp_arch.h) those
 * of the assembly.
 */
#define NOBS_ALIAS_DRIVER(alg, impl)	MODULE_ALIAS_CRYPTO(alg "-nobs-" impl)

void nobs_alg_driver_name(struct crypto_alg *alg, const char *impl);

int nobs_alg_gate(const struct crypto_alg *alg);
void nobs_alg_tested(const struct crypto_alg *alg);
int nobs_alg_wait_unused(struct crypto_alg *alg);
bool nobs_alg_wait_module_unused(int base);

#endif /* NOBS_ALG_H */
