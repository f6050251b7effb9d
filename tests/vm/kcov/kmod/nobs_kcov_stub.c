// SPDX-License-Identifier: GPL-2.0
/*
 * nobs_kcov_stub.ko: takes a name nobs.ko registers, before nobs loads, so
 * that the kernel coverage run (tests/vm/kcov/95-unwind.sh) can check what
 * nobs does when the name is taken.  Test only; never part of nobs.ko.
 *
 *   insmod nobs_kcov_stub.ko kpp=1
 *	registers an AF_ALG socket type "kpp" (as a kernel that had its own
 *	would) whose bind always fails with ENOPROTOOPT: nobs must load
 *	without its own type and leave the stub's in place.
 *   insmod nobs_kcov_stub.ko shash=DRIVER
 *	registers a do-nothing shash "kmac256" with the driver name DRIVER
 *	(one of nobs's, e.g. kmac256-nobs-bmi): nobs's registration of it
 *	fails with EEXIST and the load must unwind completely.
 *   insmod nobs_kcov_stub.ko rng=DRIVER
 *	the same for an rng (nobs's CTR_DRBG driver name, nobs_ctr_drbg),
 *	under the algorithm name "nobs_kcov_stub_rng" at priority 1, so that
 *	it never serves anyone's "stdrng".
 *   insmod nobs_kcov_stub.ko kppalg=DRIVER
 *	the same for a kpp (one of nobs's CSIDH driver names, e.g.
 *	csidh1024-nobs-bmi2adx), under the algorithm name
 *	"nobs_kcov_stub_kpp": the CSIDH registration fails with EEXIST after
 *	the sets before it registered, and must unregister them.
 */
#include <crypto/if_alg.h>
#include <crypto/internal/hash.h>
#include <crypto/internal/kpp.h>
#include <crypto/internal/rng.h>
#include <linux/err.h>
#include <linux/module.h>
#include <linux/net.h>
#include <linux/string.h>

static bool kpp;
module_param(kpp, bool, 0444);
MODULE_PARM_DESC(kpp, "Register an AF_ALG type \"kpp\" whose bind fails");

static char *shash;
module_param(shash, charp, 0444);
MODULE_PARM_DESC(shash, "Register a shash \"kmac256\" with this driver name");

static char *rng;
module_param(rng, charp, 0444);
MODULE_PARM_DESC(rng, "Register an rng with this driver name");

static char *kppalg;
module_param(kppalg, charp, 0444);
MODULE_PARM_DESC(kppalg, "Register a kpp with this driver name");

static void *stub_bind(const char *name, u32 type, u32 mask)
{
	return ERR_PTR(-ENOPROTOOPT);
}

static void stub_release(void *private)
{
}

static struct proto_ops stub_ops = {
	.family = PF_ALG,
};

static const struct af_alg_type stub_kpp_type = {
	.bind = stub_bind,
	.release = stub_release,
	.ops = &stub_ops,
	.name = "kpp",
	.owner = THIS_MODULE,
};

static int stub_init_desc(struct shash_desc *desc)
{
	return 0;
}

static int stub_update(struct shash_desc *desc, const u8 *data,
		       unsigned int len)
{
	return 0;
}

static int stub_final(struct shash_desc *desc, u8 *out)
{
	memset(out, 0, 32);
	return 0;
}

static struct shash_alg stub_shash = {
	.digestsize = 32,
	.init = stub_init_desc,
	.update = stub_update,
	.final = stub_final,
	.base = {
		.cra_name = "kmac256",
		.cra_priority = 1,
		.cra_blocksize = 1,
		.cra_module = THIS_MODULE,
	},
};

static int stub_rng_generate(struct crypto_rng *tfm, const u8 *src,
			     unsigned int slen, u8 *dst, unsigned int dlen)
{
	memset(dst, 0, dlen);
	return 0;
}

static int stub_rng_seed(struct crypto_rng *tfm, const u8 *seed,
			 unsigned int slen)
{
	return 0;
}

static struct rng_alg stub_rng = {
	.generate = stub_rng_generate,
	.seed = stub_rng_seed,
	.base = {
		.cra_name = "nobs_kcov_stub_rng",
		.cra_priority = 1,
		.cra_module = THIS_MODULE,
	},
};

static int stub_kpp_set_secret(struct crypto_kpp *tfm, const void *buf,
			       unsigned int len)
{
	return -EINVAL;
}

static int stub_kpp_generate(struct kpp_request *req)
{
	return -EINVAL;
}

static unsigned int stub_kpp_max_size(struct crypto_kpp *tfm)
{
	return 1;
}

static struct kpp_alg stub_kpp = {
	.set_secret = stub_kpp_set_secret,
	.generate_public_key = stub_kpp_generate,
	.compute_shared_secret = stub_kpp_generate,
	.max_size = stub_kpp_max_size,
	.base = {
		.cra_name = "nobs_kcov_stub_kpp",
		.cra_priority = 1,
		.cra_module = THIS_MODULE,
	},
};

static bool stub_kpp_registered, stub_shash_registered, stub_rng_registered;
static bool stub_kppalg_registered;

static void stub_exit_all(void)
{
	if (stub_kpp_registered)
		af_alg_unregister_type(&stub_kpp_type);
	if (stub_kppalg_registered)
		crypto_unregister_kpp(&stub_kpp);
	if (stub_rng_registered)
		crypto_unregister_rng(&stub_rng);
	if (stub_shash_registered)
		crypto_unregister_shash(&stub_shash);
	stub_kpp_registered = stub_rng_registered = false;
	stub_shash_registered = stub_kppalg_registered = false;
}

static int __init stub_init(void)
{
	int err;

	if (shash) {
		strscpy(stub_shash.base.cra_driver_name, shash,
			sizeof(stub_shash.base.cra_driver_name));
		err = crypto_register_shash(&stub_shash);
		if (err)
			return err;
		stub_shash_registered = true;
	}
	if (rng) {
		strscpy(stub_rng.base.cra_driver_name, rng,
			sizeof(stub_rng.base.cra_driver_name));
		err = crypto_register_rng(&stub_rng);
		if (err)
			goto fail;
		stub_rng_registered = true;
	}
	if (kppalg) {
		strscpy(stub_kpp.base.cra_driver_name, kppalg,
			sizeof(stub_kpp.base.cra_driver_name));
		err = crypto_register_kpp(&stub_kpp);
		if (err)
			goto fail;
		stub_kppalg_registered = true;
	}
	if (kpp) {
		err = af_alg_register_type(&stub_kpp_type);
		if (err)
			goto fail;
		stub_kpp_registered = true;
	}
	return 0;
fail:
	stub_exit_all();
	return err;
}

static void __exit stub_exit(void)
{
	stub_exit_all();
}

module_init(stub_init);
module_exit(stub_exit);

MODULE_DESCRIPTION("nobs kernel coverage run: names taken before nobs loads");
MODULE_LICENSE("GPL");
