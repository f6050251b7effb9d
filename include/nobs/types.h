/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Types and helpers shared by the nobs cores.
 *
 * A core (sha3/, drbg/, isogeny/ without *_glue.c) is plain C with no
 * crypto-API types, no allocation and no locks.  It is compiled into the
 * kernel module and, unchanged, into the userspace harness in tests/user/.
 * This header is the only place that tells the two worlds apart: what
 * differs between them is given here (the kernel) or by the harness's
 * tests/user/compat/nobs_user_types.h, under the same names, so that no
 * core tests __KERNEL__.  The harness's tests/user/compat also stands in
 * for the few kernel headers a core or the arch code includes itself
 * (<linux/types.h>, <linux/linkage.h>, <asm/fpu/api.h>, <asm/simd.h>).
 */
#ifndef NOBS_TYPES_H
#define NOBS_TYPES_H

#ifdef __KERNEL__

#include <linux/types.h>
#include <linux/string.h>
#include <linux/kernel.h>
#include <linux/compiler.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/jump_label.h>
#include <kunit/visibility.h>
#include <asm/byteorder.h>
#include <linux/sched.h>
#include <linux/sched/task_stack.h>

/*
 * Bytes of the current task's stack below the caller's frame (0 when not
 * on it, e.g. on an interrupt stack): how deep a core may write below
 * itself.  Kernel stacks are small (16 KiB on ppc64le and riscv64 without
 * guard pages in many configurations), and running past the end
 * overwrites another task's memory.
 */
static __always_inline unsigned long nobs_stack_room(void)
{
	unsigned long sp = (unsigned long)__builtin_frame_address(0);
	unsigned long low = (unsigned long)task_stack_page(current);

	if (sp < low || sp >= low + THREAD_SIZE)
		return 0;
	return sp - low;
}

/*
 * A switch: set once at init, read in hot paths.  Here a static key (the
 * read is a patched jump); in the harness a plain bool, which a test may
 * also flip.  NOBS_DEFINE_SWITCH() defines one, off;
 * NOBS_DECLARE_SWITCH() declares it; nobs_switch_on() reads it and
 * nobs_switch_set() sets it (process context: it may sleep).
 */
#define NOBS_DEFINE_SWITCH(name)	DEFINE_STATIC_KEY_FALSE(name)
#define NOBS_DECLARE_SWITCH(name)	DECLARE_STATIC_KEY_FALSE(name)
#define nobs_switch_on(name)		static_branch_likely(&(name))
#define nobs_switch_set(name, on)				\
	do {							\
		if (on)						\
			static_branch_enable(&(name));		\
		else						\
			static_branch_disable(&(name));		\
	} while (0)

#else

/* The userspace harness: tests/user/compat/nobs_user_types.h */
#include <nobs_user_types.h>

#endif /* __KERNEL__ */

/* Unaligned little/big-endian loads and stores, identical in both worlds. */
static inline u64 nobs_load_le64(const u8 *p)
{
	__le64 v;

	memcpy(&v, p, sizeof(v));
	return le64_to_cpu(v);
}

static inline void nobs_store_le64(u8 *p, u64 v)
{
	__le64 w = cpu_to_le64(v);

	memcpy(p, &w, sizeof(w));
}

static inline u64 nobs_load_be64(const u8 *p)
{
	__be64 v;

	memcpy(&v, p, sizeof(v));
	return be64_to_cpu(v);
}

static inline void nobs_store_be64(u8 *p, u64 v)
{
	__be64 w = cpu_to_be64(v);

	memcpy(p, &w, sizeof(w));
}

#endif /* NOBS_TYPES_H */
