/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A cursor over a libFuzzer input: the fuzzers take their choices (sizes,
 * split points, selectors) from the front of the input as they go, and
 * whatever is left at the end is the message.  Running out of input gives
 * zeros, never an error, so every input is a valid test.
 */
#ifndef NOBS_FUZZ_INPUT_H
#define NOBS_FUZZ_INPUT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct fuzz_in {
	const uint8_t *p;
	size_t n;
};

static inline unsigned int fuzz_u8(struct fuzz_in *in)
{
	unsigned int v = 0;

	if (in->n) {
		v = in->p[0];
		in->p++;
		in->n--;
	}
	return v;
}

static inline unsigned int fuzz_u16(struct fuzz_in *in)
{
	unsigned int lo = fuzz_u8(in);

	return lo | fuzz_u8(in) << 8;
}

/* Up to @max bytes (fewer if the input runs out); returns the count. */
static inline size_t fuzz_bytes(struct fuzz_in *in, uint8_t *dst, size_t max)
{
	size_t n = max < in->n ? max : in->n;

	memcpy(dst, in->p, n);
	in->p += n;
	in->n -= n;
	return n;
}

/* A mismatch is a finding: print it and abort so libFuzzer saves the input. */
#define FUZZ_ASSERT(cond, ...) do {					\
	if (!(cond)) {							\
		fprintf(stderr, "FUZZ MISMATCH %s:%d: ", __FILE__, __LINE__); \
		fprintf(stderr, __VA_ARGS__);				\
		fputc('\n', stderr);					\
		abort();						\
	}								\
} while (0)

#endif
