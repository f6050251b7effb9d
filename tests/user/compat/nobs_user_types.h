/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the kernel headers give the cores, for the userspace harness.
 * Included by include/nobs/types.h when __KERNEL__ is not defined.
 */
#ifndef NOBS_USER_TYPES_H
#define NOBS_USER_TYPES_H


#include <stdint.h>
#include <stddef.h>
#include <stdbool.h>
#include <string.h>
#include <errno.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef int8_t s8;
typedef int16_t s16;
typedef int32_t s32;
typedef int64_t s64;
typedef uint64_t __le64;
typedef uint64_t __be64;

#ifndef likely
#define likely(x)	__builtin_expect(!!(x), 1)
#define unlikely(x)	__builtin_expect(!!(x), 0)
#endif
#undef __always_inline
#define __always_inline	inline __attribute__((__always_inline__))
#define noinline	__attribute__((__noinline__))
#define __no_sanitize_address	__attribute__((__no_sanitize_address__))
#define __aligned(x)	__attribute__((__aligned__(x)))
#define __maybe_unused	__attribute__((__unused__))
#define __always_unused	__attribute__((__unused__))
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#define min_t(t, a, b)	((t)(a) < (t)(b) ? (t)(a) : (t)(b))
#define max_t(t, a, b)	((t)(a) > (t)(b) ? (t)(a) : (t)(b))
#define BUILD_BUG_ON(c)	_Static_assert(!(c), #c)
#define EXPORT_SYMBOL_GPL(s)
#define EXPORT_SYMBOL_NS_GPL(s, ns)
#define EXPORT_SYMBOL_IF_KUNIT(s)
#define __ADDRESSABLE(s)
#define asmlinkage

/* Same contract as the kernel's: the compiler may not elide the wipe. */
static inline void memzero_explicit(void *s, size_t n)
{
	memset(s, 0, n);
	__asm__ __volatile__("" : : "r"(s) : "memory");
}

#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define le64_to_cpu(x)	((u64)(x))
#define cpu_to_le64(x)	((u64)(x))
#define be32_to_cpu(x)	__builtin_bswap32(x)
#define cpu_to_be32(x)	__builtin_bswap32(x)
#define be64_to_cpu(x)	__builtin_bswap64(x)
#define cpu_to_be64(x)	__builtin_bswap64(x)
#else
#define le64_to_cpu(x)	__builtin_bswap64(x)
#define cpu_to_le64(x)	__builtin_bswap64(x)
#define be32_to_cpu(x)	((u32)(x))
#define cpu_to_be32(x)	((u32)(x))
#define be64_to_cpu(x)	((u64)(x))
#define cpu_to_be64(x)	((u64)(x))
#endif

/* A thread's stack here is megabytes: no bound below the caller. */
static inline unsigned long nobs_stack_room(void)
{
	return ~0UL;
}

/* include/nobs/types.h's switches: a plain bool, which a test may flip. */
#define NOBS_DEFINE_SWITCH(name)	bool name
#define NOBS_DECLARE_SWITCH(name)	extern bool name
#define nobs_switch_on(name)		likely(name)
#define nobs_switch_set(name, on)	((name) = (on))

#endif /* NOBS_USER_TYPES_H */
