/* SPDX-License-Identifier: GPL-2.0 */
/*
 * CTIDH-1024's primes and batches, written by hand from high-ctidh's set
 * "1024" (primes1024.c: primes, primes_batchsize, primes_batchbound;
 * docs/ctidh.md): the 130 odd primes of the CSIDH-1024 prime in
 * increasing order (csidh1024_tables.h's), cut into 23 batches of
 * consecutive primes.  A batch of size w and bound S holds the private
 * keys' exponent vectors of L1 norm at most S; the group action runs S
 * isogeny steps per batch, each of one prime of the batch that the timing
 * does not tell.  The last batch's bound is 0: its prime, 983, is never
 * used (its exponent must be 0).  Included by ctidh1024.c only.
 */
#define NOBS_CTIDH_TABLE_PRIMES		130
#define NOBS_CTIDH_TABLE_BATCHES	23

static const u16 NOBS_CTIDHX(primes)[NOBS_CTIDH_TABLE_PRIMES] = {
	3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71,
	73, 79, 83, 89, 97, 101, 103, 107, 109, 113, 127, 131, 137, 139, 149,
	151, 157, 163, 167, 173, 179, 181, 191, 193, 197, 199, 211, 223, 227,
	229, 233, 239, 241, 251, 257, 263, 269, 271, 277, 281, 283, 293, 307,
	311, 313, 317, 331, 337, 347, 349, 353, 359, 367, 373, 379, 383, 389,
	397, 401, 409, 419, 421, 431, 433, 439, 443, 449, 457, 461, 463, 467,
	479, 487, 491, 499, 503, 509, 521, 523, 541, 547, 557, 563, 569, 571,
	577, 587, 593, 599, 601, 607, 613, 617, 619, 631, 641, 643, 647, 653,
	659, 661, 673, 677, 683, 691, 701, 709, 719, 727, 733, 983,
};

/* the batches' sizes, in the order of the primes */
static const u8 NOBS_CTIDHX(batch_size)[NOBS_CTIDH_TABLE_BATCHES] = {
	2, 3, 5, 4, 6, 6, 6, 6, 6, 7, 7, 7, 6, 7, 7, 5, 6, 5, 10, 3, 10, 5, 1,
};

/* the batches' bounds on the L1 norm of their exponents */
static const u8 NOBS_CTIDHX(batch_bound)[NOBS_CTIDH_TABLE_BATCHES] = {
	2, 4, 5, 5, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 5, 5, 3, 6, 2, 6, 2, 0,
};

/*
 * Per prime: its shortest differential addition chain and its length, as
 * csidh1024_tables.h has them (scripts/gen/csidh_tune.c, the same primes):
 * from (a, b) = (1, 2), step s makes (a, a + b) if bit s is set, (b, a +
 * b) if clear, and b is the prime after the last step.
 */
static const u32 NOBS_CTIDHX(dac)[NOBS_CTIDH_TABLE_PRIMES] = {
	0x1, 0x2, 0x5, 0xc, 0x8, 0x15, 0x12, 0x38, 0x21, 0x28, 0x43, 0x64,
	0x51, 0x60, 0xcc, 0xa6, 0xc5, 0xc8, 0xd0, 0x94, 0x90, 0x1d2, 0x80,
	0x192, 0x125, 0x10c, 0x106, 0x121, 0x217, 0x326, 0x102, 0x3a8, 0x346,
	0x3a0, 0x2b4, 0x286, 0x328, 0x30a, 0x206, 0x211, 0x302, 0x288, 0x282,
	0x623, 0x201, 0x626, 0x686, 0x708, 0x423, 0x200, 0x606, 0x654, 0x518,
	0x642, 0x552, 0x451, 0x688, 0x415, 0x44a, 0x48a, 0x602, 0x508, 0x4a0,
	0x428, 0x40a, 0xc8c, 0x420, 0x926, 0xda8, 0x84d, 0xd15, 0xa46, 0xc0c,
	0xc18, 0xc15, 0x898, 0x918, 0xd28, 0xa85, 0xa94, 0x1cc2, 0xd20, 0xd04,
	0x10b3, 0xd02, 0x944, 0x942, 0x1a36, 0xc04, 0xa82, 0x19a1, 0x910,
	0x1720, 0xa20, 0x940, 0x1531, 0x801, 0x1958, 0x1982, 0x808, 0x152c,
	0x12ac, 0x12d2, 0x1185, 0x11a1, 0x1aa4, 0x1b02, 0x18a1, 0x1892, 0x10d2,
	0x10ac, 0x1251, 0x1320, 0x1d00, 0x1511, 0x1302, 0x1252, 0x1418, 0x1904,
	0x1046, 0x1884, 0x1058, 0x1842, 0x1882, 0x1828, 0x180a, 0x1094, 0x1148,
	0x1288, 0x2286,
};

static const u8 NOBS_CTIDHX(dac_len)[NOBS_CTIDH_TABLE_PRIMES] = {
	1, 2, 3, 4, 4, 5, 5, 6, 6, 6, 7, 7, 7, 7, 8, 8, 8, 8, 8, 8, 8, 9, 8, 9,
	9, 9, 9, 9, 10, 10, 9, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10,
	11, 10, 11, 11, 11, 11, 10, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11,
	11, 11, 11, 11, 12, 11, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12,
	12, 13, 12, 12, 13, 12, 12, 12, 13, 12, 12, 13, 12, 13, 12, 12, 13, 12,
	13, 13, 12, 13, 13, 13, 13, 13, 13, 13, 13, 13, 13, 13, 13, 13, 13, 13,
	13, 13, 13, 13, 13, 13, 13, 13, 13, 13, 13, 13, 13, 13, 14,
};
