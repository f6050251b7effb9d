/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Private interface between csidh_glue.c and csidh_selftest.c.
 */
#ifndef NOBS_CSIDH_GLUE_H
#define NOBS_CSIDH_GLUE_H

#include "csidh.h"

#define NOBS_CSIDH_ALG	"csidh512"

/* Driver name chosen by nobs_csidh_select(), e.g. "csidh512-nobs-bmi2adx". */
extern char nobs_csidh_driver[];

void nobs_csidh_env_init(struct nobs_csidh_env *env, bool may_sleep);
int nobs_csidh_exchange_test(void);

#endif /* NOBS_CSIDH_GLUE_H */
