// SPDX-License-Identifier: GPL-2.0
/*
 * Symbol namespaces named by a bare identifier, which the kernel turns into
 * a string (__stringify) itself: before 6.13.  Since then they are string
 * literals, and an identifier no longer compiles.
 */
#include <linux/module.h>

MODULE_IMPORT_NS(NOBS_PROBE_NAMESPACE);
