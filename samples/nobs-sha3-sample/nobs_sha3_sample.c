// SPDX-License-Identifier: GPL-2.0
/*
 * nobs_sha3_sample.ko: a module that uses nobs's SHA-3 library
 * (<nobs/sha3.h>, exported by nobs.ko in the symbol namespace NOBS), as
 * another kernel module would.  At load it computes three results from
 * fixed inputs and compares them with the values pycryptodome gives for
 * the same inputs (nobs_sha3_sample_kat.h, written by gen-kat.py):
 *
 * - KMAC256 with a label as the customization string S and a 48-byte tag;
 * - 1000 bytes of SHAKE256 squeezed in five uneven pieces, which must equal
 *   one squeeze of 1000 bytes from a second context;
 * - TupleHash256 of a three-element tuple, one element empty.
 *
 * It logs one line, "nobs_sha3_sample: pass: ..." or
 * "nobs_sha3_sample: FAIL: ...", and a mismatch fails the load with
 * -EINVAL.  Build it against an installed nobs (README.md, "Using it"):
 *
 *	N=/var/lib/dkms/nobs/kernel-$(uname -r)-$(uname -m)
 *	make -C /lib/modules/$(uname -r)/build M=$PWD \
 *		KBUILD_EXTRA_SYMBOLS=$N/Module.symvers ccflags-y=-I$N/include
 *
 * modprobe then loads nobs first: depmod finds the dependency in the
 * symbols this module takes from it.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <nobs/sha3.h>

#include "nobs_sha3_sample_kat.h"

/**
 * struct sample_bufs - what the checks need beside the contexts
 * @shake_in:  SHAKE256's input
 * @pieces:    the 1000 bytes squeezed in pieces
 * @one_shot:  the 1000 bytes squeezed at once
 * @tag:       KMAC256's tag, then TupleHash256's digest
 *
 * About 2.4 KiB: from the heap, not the stack.
 */
struct sample_bufs {
	u8 shake_in[KAT_SHAKE_MSG_LEN];
	u8 pieces[sizeof(kat_shake256)];
	u8 one_shot[sizeof(kat_shake256)];
	u8 tag[64];
};

/**
 * sample_kmac256() - KMAC256 of a message under a key, with a label as S
 * @b: buffers
 *
 * The message goes in two updates; the tag is 48 bytes (L = 384 bits).
 *
 * Return: 0 when the tag is pycryptodome's, -EBADMSG when not, or the
 * library's error.
 */
static int sample_kmac256(struct sample_bufs *b)
{
	struct nobs_kmac_ctx ctx;
	size_t half = strlen(kat_kmac_msg) / 2;
	int ret;

	BUILD_BUG_ON(sizeof(kat_kmac256) > sizeof(b->tag));
	ret = nobs_kmac256_init(&ctx, kat_kmac_key, sizeof(kat_kmac_key),
				kat_kmac_label, strlen(kat_kmac_label));
	if (ret)
		return ret;
	ret = nobs_kmac_update(&ctx, kat_kmac_msg, half);
	if (!ret)
		ret = nobs_kmac_update(&ctx, kat_kmac_msg + half,
				       strlen(kat_kmac_msg) - half);
	if (!ret)
		ret = nobs_kmac_final(&ctx, b->tag, sizeof(kat_kmac256));
	if (ret) {
		nobs_kmac_zeroize_ctx(&ctx);
		return ret;
	}
	/* A tag from outside would be compared with crypto_memneq(). */
	return memcmp(b->tag, kat_kmac256, sizeof(kat_kmac256)) ? -EBADMSG : 0;
}

/**
 * sample_shake256() - 1000 bytes of SHAKE256 in pieces and at once
 * @b: buffers
 *
 * Consecutive squeezes continue the output: the pieces must equal one
 * squeeze of the whole length, and both pycryptodome's output.
 *
 * Return: 0 when they do, -EBADMSG when not, or the library's error.
 */
static int sample_shake256(struct sample_bufs *b)
{
	struct nobs_shake_ctx ctx;
	size_t i, off = 0;
	int ret;

	for (i = 0; i < sizeof(b->shake_in); i++)
		b->shake_in[i] = i;

	nobs_shake256_init(&ctx);
	ret = nobs_shake_update(&ctx, b->shake_in, sizeof(b->shake_in));
	if (ret)
		goto out;
	for (i = 0; i < ARRAY_SIZE(kat_shake_pieces); i++) {
		if (kat_shake_pieces[i] > sizeof(b->pieces) - off) {
			ret = -EBADMSG;
			goto out;
		}
		ret = nobs_shake_squeeze(&ctx, b->pieces + off,
					 kat_shake_pieces[i]);
		if (ret)
			goto out;
		off += kat_shake_pieces[i];
	}
	nobs_shake_zeroize_ctx(&ctx);

	nobs_shake256_init(&ctx);
	ret = nobs_shake_update(&ctx, b->shake_in, sizeof(b->shake_in));
	if (ret)
		goto out;
	ret = nobs_shake_squeeze(&ctx, b->one_shot, sizeof(b->one_shot));
	if (ret)
		goto out;

	if (off != sizeof(b->pieces) ||
	    memcmp(b->pieces, b->one_shot, sizeof(b->pieces)) ||
	    memcmp(b->one_shot, kat_shake256, sizeof(kat_shake256)))
		ret = -EBADMSG;
out:
	nobs_shake_zeroize_ctx(&ctx);
	return ret;
}

/**
 * sample_tuplehash256() - TupleHash256 of a tuple of strings
 * @b: buffers
 *
 * Each element is added on its own: ("ab", "c") and ("a", "bc") differ.
 *
 * Return: 0 when the digest is pycryptodome's, -EBADMSG when not, or the
 * library's error.
 */
static int sample_tuplehash256(struct sample_bufs *b)
{
	struct nobs_tuplehash_ctx ctx;
	size_t i;
	int ret;

	BUILD_BUG_ON(sizeof(kat_tuplehash256) > sizeof(b->tag));
	ret = nobs_tuplehash256_init(&ctx, kat_tuple_label,
				     strlen(kat_tuple_label));
	if (ret)
		return ret;
	for (i = 0; i < ARRAY_SIZE(kat_tuple) && !ret; i++)
		ret = nobs_tuplehash_add(&ctx, kat_tuple[i],
					 strlen(kat_tuple[i]));
	if (!ret)
		ret = nobs_tuplehash_final(&ctx, b->tag,
					   sizeof(kat_tuplehash256));
	if (ret) {
		nobs_tuplehash_zeroize_ctx(&ctx);
		return ret;
	}
	return memcmp(b->tag, kat_tuplehash256,
		      sizeof(kat_tuplehash256)) ? -EBADMSG : 0;
}

static int __init nobs_sha3_sample_init(void)
{
	static const struct {
		const char *name;
		int (*run)(struct sample_bufs *b);
	} checks[] = {
		{ "KMAC256 with a label", sample_kmac256 },
		{ "SHAKE256 1000 bytes in 5 squeezes", sample_shake256 },
		{ "TupleHash256", sample_tuplehash256 },
	};
	struct sample_bufs *b;
	size_t i;
	int ret = 0;

	b = kzalloc(sizeof(*b), GFP_KERNEL);
	if (!b)
		return -ENOMEM;
	for (i = 0; i < ARRAY_SIZE(checks); i++) {
		ret = checks[i].run(b);
		if (ret)
			break;
	}
	kfree_sensitive(b);

	if (ret == -EBADMSG) {
		pr_err("FAIL: %s differs from pycryptodome's\n",
		       checks[i].name);
		return -EINVAL;
	}
	if (ret) {
		pr_err("FAIL: %s: the library refused it (%d)\n",
		       checks[i].name, ret);
		return ret;
	}
	pr_info("pass: %s, %s, %s\n", checks[0].name, checks[1].name,
		checks[2].name);
	return 0;
}
module_init(nobs_sha3_sample_init);

/* Nothing to undo; an exit function makes the module unloadable. */
static void __exit nobs_sha3_sample_exit(void)
{
}
module_exit(nobs_sha3_sample_exit);

NOBS_IMPORT_NS();
MODULE_DESCRIPTION("Sample user of nobs's SHA-3 library: KMAC256, SHAKE256, TupleHash256");
MODULE_LICENSE("GPL");
