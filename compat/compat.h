/* SPDX-License-Identifier: GPL-2.0 */
/*
 * nobs's compatibility layer: the module is written against the newest
 * kernel API, and this header backfills older kernels.  Kbuild
 * force-includes it into every object of nobs.ko (and nobs_kunit.ko),
 * after the kernel's own kconfig.h and the generated nobs_probed.h, where
 * the feature probes of compat/Kbuild.inc define NOBS_KERNEL_HAS_*.
 * Nothing else in the tree tests a kernel version or a NOBS_KERNEL_HAS_*
 * probe result.
 */
#ifndef NOBS_COMPAT_H
#define NOBS_COMPAT_H

/*
 * Force-included ahead of everything, so it includes nothing that would
 * come before a file's own pr_fmt() or includes: only <linux/types.h>.
 */
#include <linux/types.h>

/*
 * Symbol namespaces.  Since 6.13 EXPORT_SYMBOL_NS_GPL() and
 * MODULE_IMPORT_NS() take a string literal; before, a bare identifier they
 * stringify themselves.  NOBS_NS is nobs's namespace (NOBS: the Keccak
 * core's API for other modules) and NOBS_KUNIT_NS the one of
 * EXPORT_SYMBOL_IF_KUNIT() (what only the KUnit suites use, exported only
 * where the kernel has CONFIG_KUNIT), in the form the kernel takes:
 *	EXPORT_SYMBOL_NS_GPL(sym, NOBS_NS);  MODULE_IMPORT_NS(NOBS_NS);
 *	EXPORT_SYMBOL_IF_KUNIT(sym);         MODULE_IMPORT_NS(NOBS_KUNIT_NS);
 */
#ifdef NOBS_KERNEL_HAS_NS_IDENTIFIER
#define NOBS_NS NOBS
#define NOBS_KUNIT_NS EXPORTED_FOR_KUNIT_TESTING
#else
#define NOBS_NS "NOBS"
#define NOBS_KUNIT_NS "EXPORTED_FOR_KUNIT_TESTING"
#endif

/*
 * struct af_alg_type.bind: 7.x passes the name only (types choose their
 * own mask).  Before, it also passed the bind address's salg_feat and
 * salg_mask; nobs's type ignores them, as the newest kernels do.  Write
 * the newest form and name it through NOBS_AF_ALG_BIND():
 *	static void *foo_bind(const char *name) { ... }
 *	NOBS_AF_ALG_BIND_COMPAT(foo_bind);
 *	... .bind = NOBS_AF_ALG_BIND(foo_bind), ...
 */
#define NOBS_AF_ALG_BIND_CHECK(fn)					\
	static_assert(__builtin_types_compatible_p(typeof(&fn),		\
						   void *(*)(const char *)))
#ifdef NOBS_KERNEL_HAS_AF_ALG_BIND_TYPE_MASK
#define NOBS_AF_ALG_BIND_COMPAT(fn)					\
	NOBS_AF_ALG_BIND_CHECK(fn);					\
	static void *fn##_type_mask(const char *name, u32 type, u32 mask)	\
	{								\
		return fn(name);					\
	}
#define NOBS_AF_ALG_BIND(fn) fn##_type_mask
#else
#define NOBS_AF_ALG_BIND_COMPAT(fn) NOBS_AF_ALG_BIND_CHECK(fn)
#define NOBS_AF_ALG_BIND(fn) fn
#endif

/*
 * The AF_ALG policy (sysctl crypto.af_alg_restrict, 7.3): each type checks
 * the name against its allowlist.  A kernel without the policy restricts
 * nothing, as level 0 does.
 */
#ifndef NOBS_KERNEL_HAS_AF_ALG_CHECK_RESTRICTION
#define AF_ALG_UNPRIVILEGED (1U << 0)

struct af_alg_allowlist_entry {
	const char *name;
	u32 flags;
};

static inline int
af_alg_check_restriction(const char *name,
			 const struct af_alg_allowlist_entry allowlist[])
{
	return 0;
}
#endif

/*
 * X86_FEATURE_PREFER_YMM: where the kernel has it, its CPU setup code
 * sets it on the CPUs that lower their clock under 512-bit (zmm) code,
 * and kernel code then runs 256-bit code instead.  NOBS_BOOT_CPU_PREFER_YMM
 * is whether it is set: false on kernels without the flag (6.12 keeps
 * the list in its AES-GCM glue only), where nobs_main.c's own copy of the
 * list decides alone.  Expands to boot_cpu_has(), so only where
 * <asm/cpufeature.h> is included.
 */
#ifdef NOBS_KERNEL_HAS_X86_FEATURE_PREFER_YMM
#define NOBS_BOOT_CPU_PREFER_YMM boot_cpu_has(X86_FEATURE_PREFER_YMM)
#else
#define NOBS_BOOT_CPU_PREFER_YMM false
#endif

#endif /* NOBS_COMPAT_H */
