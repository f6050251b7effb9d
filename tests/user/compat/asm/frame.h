/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-in for the kernel's x86 <asm/frame.h>.
 *
 * In the kernel, FRAME_BEGIN/FRAME_END set up and tear down a frame-pointer
 * frame when CONFIG_FRAME_POINTER=y and expand to nothing otherwise.  A
 * userspace build has no unwinder to satisfy, so they always set up the
 * frame: that way the harness exercises the stack layout of the kernel's
 * frame-pointer configuration (the stricter one).
 */
#ifndef NOBS_COMPAT_ASM_FRAME_H
#define NOBS_COMPAT_ASM_FRAME_H

#if defined(__x86_64__) && defined(__ASSEMBLER__)

#define FRAME_BEGIN				\
	push %rbp;				\
	mov %rsp, %rbp;

#define FRAME_END				\
	pop %rbp;

#define FRAME_OFFSET 8

#else

#define FRAME_BEGIN
#define FRAME_END
#define FRAME_OFFSET 0

#endif

#endif /* NOBS_COMPAT_ASM_FRAME_H */
