// SPDX-License-Identifier: GPL-2.0
/*
 * struct af_alg_type.bind taking the algorithm's type and mask besides its
 * name (before 7.x); since then it takes the name only.
 */
#include <crypto/if_alg.h>

static void *nobs_probe_bind(const char *name, u32 type, u32 mask)
{
	return NULL;
}

static const struct af_alg_type nobs_probe_type __maybe_unused = {
	.bind = nobs_probe_bind,
};

static_assert(__builtin_types_compatible_p(typeof(nobs_probe_type.bind),
					   typeof(&nobs_probe_bind)));
