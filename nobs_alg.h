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

#include <linux/types.h>

struct crypto_alg;

int nobs_alg_gate(const struct crypto_alg *alg);
void nobs_alg_tested(const struct crypto_alg *alg);
int nobs_alg_wait_unused(struct crypto_alg *alg);
bool nobs_alg_wait_module_unused(int base);

#endif /* NOBS_ALG_H */
