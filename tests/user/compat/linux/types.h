/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-in for the kernel's <linux/types.h>, which the public
 * header include/nobs/sha3.h includes: the harness's kernel types
 * (nobs_user_types.h), not the uapi header of the same name.
 */
#ifndef NOBS_COMPAT_LINUX_TYPES_H
#define NOBS_COMPAT_LINUX_TYPES_H

#include <nobs_user_types.h>

#endif /* NOBS_COMPAT_LINUX_TYPES_H */
