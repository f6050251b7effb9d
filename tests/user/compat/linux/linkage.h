/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-in for the kernel's <linux/linkage.h>, so that the very
 * .S files that go into nobs.ko assemble in the tests/user harness.
 *
 * Only what the nobs assembly uses: the SYM_* annotations (which in the
 * kernel also feed objtool and the ORC unwinder) and RET (which in the kernel
 * may become a jump to the return thunk).  Here they reduce to plain ELF
 * symbol directives and a bare return.  Works for x86-64 and arm64 (the
 * `%function` spelling is accepted by both assemblers).
 *
 * Assemble with -Wa,--noexecstack: this header deliberately emits no
 * .note.GNU-stack section, because a section switch here would move the
 * includer's code out of .text.
 */
#ifndef NOBS_COMPAT_LINUX_LINKAGE_H
#define NOBS_COMPAT_LINUX_LINKAGE_H

#ifdef __ASSEMBLER__

#if defined(__x86_64__)
#define SYM_FUNC_ALIGN	.p2align 4
#define RET		ret
#else
#define SYM_FUNC_ALIGN	.p2align 2
#endif

/* A global function: aligned, typed, visible. */
#define SYM_FUNC_START(name)			\
	.globl name;				\
	.type name, %function;			\
	SYM_FUNC_ALIGN;				\
	name:

/* A function local to its object file. */
#define SYM_FUNC_START_LOCAL(name)		\
	.type name, %function;			\
	SYM_FUNC_ALIGN;				\
	name:

#define SYM_FUNC_END(name)			\
	.size name, . - name

/* A global/local data object. */
#define SYM_DATA_START(name)			\
	.globl name;				\
	.type name, %object;			\
	name:

#define SYM_DATA_START_LOCAL(name)		\
	.type name, %object;			\
	name:

#define SYM_DATA_END(name)			\
	.size name, . - name

/* A local jump target inside a function. */
#define SYM_INNER_LABEL(name, linkage)		\
	name:

#else /* C */

#ifndef asmlinkage
#define asmlinkage
#endif

#endif /* __ASSEMBLER__ */

#endif /* NOBS_COMPAT_LINUX_LINKAGE_H */
