// SPDX-License-Identifier: GPL-2.0
/*
 * The AF_ALG policy of 7.3 (sysctl crypto.af_alg_restrict): types check
 * each name against their allowlist with af_alg_check_restriction().
 */
#include <crypto/if_alg.h>

static const struct af_alg_allowlist_entry nobs_probe_list[] = {
	{ "nobs_probe", AF_ALG_UNPRIVILEGED },
	{},
};

static int __maybe_unused nobs_probe_restricted(void)
{
	return af_alg_check_restriction("nobs_probe", nobs_probe_list);
}
