/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Reading the JSON vector files of tests/vectors (the csidh .dat files) in the
 * harness: the whole file as a string, then the string value of a key
 * within one vector's object text, hex-decoded.  Enough for those files'
 * flat objects; not a JSON parser.
 */
#ifndef NOBS_TEST_VECTORS_JSON_H
#define NOBS_TEST_VECTORS_JSON_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * The vector tests' counts (their SUITE line) and check(): one result,
 * named by what it checked and the vector's id.
 */
static int passed, failed, skipped;

static inline void check(int ok, const char *what, int id)
{
	if (ok) {
		passed++;
	} else {
		failed++;
		printf("FAIL: %s (vector %d)\n", what, id);
	}
}

/* The file's contents, NUL-terminated (malloc'ed); NULL if unreadable. */
static inline char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = malloc(n + 1);
	if (!buf || fread(buf, 1, n, f) != (size_t)n) {
		fclose(f);
		free(buf);
		return NULL;
	}
	buf[n] = 0;
	fclose(f);
	return buf;
}

/*
 * The next vector object of a file's text at or after from: its text is
 * [obj, *end), *end its closing brace, and *id its "Id"; NULL if there is
 * none (or it is not closed).
 */
static inline const char *next_vector(const char *from, const char **end,
				      int *id)
{
	const char *obj = strstr(from, "\"Id\"");

	if (!obj)
		return NULL;
	*end = strchr(obj, '}');
	if (!*end)
		return NULL;
	*id = atoi(strchr(obj, ':') + 1);
	return obj;
}

/* The string value of "key" in the object text [obj, end); NULL if none. */
static inline const char *field(const char *obj, const char *end,
				const char *key, size_t *len)
{
	char pat[32];
	const char *p, *q;

	snprintf(pat, sizeof(pat), "\"%s\"", key);
	p = strstr(obj, pat);
	if (!p || p >= end)
		return NULL;
	p = strchr(p + strlen(pat), '"');
	if (!p || p >= end)
		return NULL;
	q = strchr(++p, '"');
	if (!q || q >= end)
		return NULL;
	*len = q - p;
	return p;
}

/* Decode the hex string value of key into exactly n bytes. */
static inline int unhex(unsigned char *out, size_t n, const char *obj,
			const char *end, const char *key)
{
	const char *hex;
	size_t i, len = 0;
	unsigned int b;

	hex = field(obj, end, key, &len);
	if (!hex || len != 2 * n)
		return -1;
	for (i = 0; i < n; i++) {
		if (sscanf(hex + 2 * i, "%2x", &b) != 1)
			return -1;
		out[i] = (unsigned char)b;
	}
	return 0;
}

#endif /* NOBS_TEST_VECTORS_JSON_H */
