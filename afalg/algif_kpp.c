// SPDX-License-Identifier: GPL-2.0
/*
 * An AF_ALG socket type "kpp": nobs's own key agreement (csidh512,
 * csidh1024, ctidh511, ctidh512, ctidh1024, ctidh2048) from user space.
 * Mainline Linux has none; the protocol follows libkcapi's kcapi_kpp_*
 * calls.
 *
 * The type serves nobs's algorithms only, never the kernel's other kpps
 * (dh, ffdhe*(dh), ecdh-*, curve25519, hardware drivers): their key
 * parsers (crypto_dh_decode_key() and friends) are written for trusted
 * in-kernel callers and do not check that a key holds the bytes its header
 * claims, so user bytes must never reach them.  nobs's own kpps take a raw
 * private key of a fixed length and check every byte of it.
 *
 * Parent socket (socket(AF_ALG, SOCK_SEQPACKET, 0), bind to type "kpp" and
 * an algorithm or driver name; ENOENT for any name that is not csidh512,
 * csidh1024, ctidh511, ctidh512, ctidh1024 or ctidh2048 as registered by
 * nobs (NOBS_KPP_SERVED), before any other kpp is looked up, loaded or
 * handed a byte, or a name the AF_ALG policy refuses.  The policy is the
 * kernel's sysctl crypto.af_alg_restrict where it has one (7.3): 0 and
 * kernels without it every served name, 1 nobs_kpp_allowlist below (the
 * same six, for every user), 2 no AF_ALG socket at all (EAFNOSUPPORT from
 * socket())):
 *   setsockopt(SOL_ALG, ALG_SET_KEY, key, len)
 *	passes the key bytes to crypto_kpp_set_secret(); length 0 passes
 *	(NULL, 0): the 37- (csidh512), 65- (csidh1024), 74- (ctidh511,
 *	ctidh512), 130- (ctidh1024) or 231-byte (ctidh2048) private key, or
 *	length 0 for a fresh random one.  Success returns the size of every
 *	result (crypto_kpp_maxsize()), a positive number; the kpp's errno
 *	otherwise (EINVAL for a malformed key), and the socket is then
 *	without a key.  EBUSY while op sockets of this parent are open.
 *   accept() -> op socket; ENOKEY if no key was set.
 * Op socket:
 *   sendmsg() with a control message (SOL_ALG, ALG_SET_OP, u32) starts a
 *	request: ALG_OP_KEYGEN (4), no data; ALG_OP_SSGEN (5), the peer's
 *	public key as data.  Data may follow in further sendmsg() calls
 *	without ALG_SET_OP (or by splice) while MSG_MORE is set; a call
 *	without MSG_MORE completes the request.  A new ALG_SET_OP drops any
 *	pending request.  EINVAL: another op, data without a request, data
 *	for KEYGEN, an ALG_SET_IV with an IV, other control messages;
 *	EMSGSIZE: more data than the result size.
 *   recvmsg() runs the completed request and returns the whole result
 *	(its length); the request is then consumed, whatever the outcome.
 *	EINVAL: no completed request; EMSGSIZE: a buffer smaller than the
 *	result size (the request is kept); otherwise the kpp's errno (EINVAL
 *	for a wrong-length or invalid public key).  Nothing is written on
 *	error.  The request runs without the socket lock: meanwhile every
 *	sendmsg() and recvmsg() on that op socket gets EBUSY at once (other
 *	op sockets of the same parent run their own requests in parallel).
 *	Results: KEYGEN the public key, SSGEN the shared secret, as long as
 *	the kpp reports in dst_len.
 *
 * splice() reaches nobs_kpp_sendmsg() too: through sock_no_sendpage() (no
 * .sendpage here) before 6.5, as a MSG_SPLICE_PAGES message since.
 *
 * The private key never leaves the kernel: it lives in the parent's
 * transform, which no operation reads back.  Input and output buffers are
 * wiped when freed.  Errors are returned, never logged.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/module.h>
#include <linux/printk.h>

#include "nobs.h"

#if IS_REACHABLE(CONFIG_CRYPTO_USER_API)

#include <crypto/if_alg.h>
#include <crypto/kpp.h>
#include <linux/net.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>
#include <linux/socket.h>
#include <linux/string.h>
#include <net/sock.h>
#include <uapi/nobs/if_alg_kpp.h>


/*
 * A bound on every result size, checked at setkey: csidh512, ctidh511 and
 * ctidh512 use 64 bytes, csidh1024 and ctidh1024 128, ctidh2048 256.
 */
#define NOBS_KPP_MAX_RESULT	512

#define NOBS_KPP_OP_NONE	0

/**
 * struct nobs_kpp_tfm - the parent socket's state
 * @kpp:     the transform; holds the private key
 * @maxsize: crypto_kpp_maxsize() after the last successful setkey
 * @has_key: whether the last setkey succeeded
 */
struct nobs_kpp_tfm {
	struct crypto_kpp *kpp;
	unsigned int maxsize;
	bool has_key;
};

/**
 * struct nobs_kpp_op - an op socket's pending request
 * @kpp:   the parent's transform (the parent outlives the op socket)
 * @size:  the result size, fixed at accept (the key cannot change while
 *	   op sockets exist)
 * @op:    ALG_OP_KEYGEN, ALG_OP_SSGEN or NOBS_KPP_OP_NONE
 * @ready: a send without MSG_MORE completed the request
 * @busy:  a recvmsg() is running the request without the socket lock
 * @len:   bytes of input in @in
 * @in:    the input (the peer's public key), @size bytes, wiped when done
 */
struct nobs_kpp_op {
	struct crypto_kpp *kpp;
	unsigned int size;
	u32 op;
	bool ready;
	bool busy;
	unsigned int len;
	u8 *in;
};

static bool nobs_afalg_kpp_registered;

static void nobs_kpp_op_reset(struct nobs_kpp_op *ctx)
{
	memzero_explicit(ctx->in, ctx->size);
	ctx->op = NOBS_KPP_OP_NONE;
	ctx->ready = false;
	ctx->len = 0;
}

/*
 * The SOL_ALG control messages: ALG_SET_OP (stored in *op), and
 * ALG_SET_IV with an empty IV (libkcapi may send one) are accepted.
 */
static int nobs_kpp_parse_cmsg(struct msghdr *msg, u32 *op)
{
	struct cmsghdr *cmsg;

	for_each_cmsghdr(cmsg, msg) {
		if (!CMSG_OK(msg, cmsg))
			return -EINVAL;
		if (cmsg->cmsg_level != SOL_ALG)
			continue;
		switch (cmsg->cmsg_type) {
		case ALG_SET_OP:
			if (cmsg->cmsg_len < CMSG_LEN(sizeof(u32)))
				return -EINVAL;
			*op = *(u32 *)CMSG_DATA(cmsg);
			if (*op != ALG_OP_KEYGEN && *op != ALG_OP_SSGEN)
				return -EINVAL;
			break;
		case ALG_SET_IV: {
			struct af_alg_iv *iv = (void *)CMSG_DATA(cmsg);

			if (cmsg->cmsg_len < CMSG_LEN(sizeof(*iv)) ||
			    iv->ivlen)
				return -EINVAL;
			break;
		}
		default:
			return -EINVAL;
		}
	}
	return 0;
}

/**
 * nobs_kpp_sendmsg() - start or continue a request on an op socket
 * @sock: the op socket
 * @msg:  ALG_SET_OP control message and/or input data
 * @size: bytes of data
 *
 * Return: @size, or -EINVAL / -EMSGSIZE (the pending request is dropped),
 * or -EBUSY while a recvmsg() on this socket runs a request (nothing is
 * changed).
 */
static int nobs_kpp_sendmsg(struct socket *sock, struct msghdr *msg,
			    size_t size)
{
	struct sock *sk = sock->sk;
	struct nobs_kpp_op *ctx = alg_sk(sk)->private;
	u32 op = NOBS_KPP_OP_NONE;
	int err;

	lock_sock(sk);
	if (ctx->busy) {
		/* The running request keeps its input. */
		release_sock(sk);
		return -EBUSY;
	}
	err = nobs_kpp_parse_cmsg(msg, &op);
	if (err)
		goto drop;
	if (op != NOBS_KPP_OP_NONE) {
		nobs_kpp_op_reset(ctx);
		ctx->op = op;
	} else if (ctx->op == NOBS_KPP_OP_NONE || ctx->ready) {
		err = -EINVAL;
		goto drop;
	}
	if (size) {
		if (ctx->op != ALG_OP_SSGEN) {
			err = -EINVAL;
			goto drop;
		}
		if (size > ctx->size - ctx->len) {
			err = -EMSGSIZE;
			goto drop;
		}
		err = memcpy_from_msg(ctx->in + ctx->len, msg, size);
		if (err)
			goto drop;
		ctx->len += size;
	}
	if (!(msg->msg_flags & MSG_MORE))
		ctx->ready = true;
	release_sock(sk);
	return size;

drop:
	nobs_kpp_op_reset(ctx);
	release_sock(sk);
	return err;
}

static int nobs_kpp_run(struct nobs_kpp_op *ctx, u8 *out,
			unsigned int *outlen)
{
	struct scatterlist src, dst;
	struct kpp_request *req;
	DECLARE_CRYPTO_WAIT(wait);
	int err;

	req = kpp_request_alloc(ctx->kpp, GFP_KERNEL);
	if (!req)
		return -ENOMEM;
	kpp_request_set_callback(req, CRYPTO_TFM_REQ_MAY_SLEEP |
				 CRYPTO_TFM_REQ_MAY_BACKLOG,
				 crypto_req_done, &wait);
	sg_init_one(&dst, out, ctx->size);
	if (ctx->op == ALG_OP_SSGEN) {
		sg_init_one(&src, ctx->in, ctx->len);
		kpp_request_set_input(req, &src, ctx->len);
		kpp_request_set_output(req, &dst, ctx->size);
		err = crypto_wait_req(crypto_kpp_compute_shared_secret(req),
				      &wait);
	} else {
		kpp_request_set_input(req, NULL, 0);
		kpp_request_set_output(req, &dst, ctx->size);
		err = crypto_wait_req(crypto_kpp_generate_public_key(req),
				      &wait);
	}
	if (!err && (!req->dst_len || req->dst_len > ctx->size))
		err = -EINVAL;
	*outlen = req->dst_len;
	kpp_request_free(req);
	return err;
}

/**
 * nobs_kpp_recvmsg() - run the completed request, return its result
 * @sock:  the op socket
 * @msg:   where the result goes
 * @len:   room in @msg, at least the result size
 * @flags: ignored
 *
 * Return: the result's length, or -errno (nothing written); -EBUSY while
 * another recvmsg() on this socket runs its request.
 */
static int nobs_kpp_recvmsg(struct socket *sock, struct msghdr *msg,
			    size_t len, int flags)
{
	struct sock *sk = sock->sk;
	struct nobs_kpp_op *ctx = alg_sk(sk)->private;
	unsigned int outlen = 0;
	u8 *out;
	int err;

	lock_sock(sk);
	if (ctx->busy) {
		err = -EBUSY;
		goto unlock;
	}
	if (ctx->op == NOBS_KPP_OP_NONE || !ctx->ready) {
		err = -EINVAL;
		goto unlock;
	}
	if (len < ctx->size) {
		err = -EMSGSIZE;
		goto unlock;
	}
	/*
	 * The operation runs without the socket lock (a CSIDH group action
	 * takes tens of milliseconds natively, seconds under emulation, and
	 * lock_sock() waits uninterruptibly): @busy keeps the request and its
	 * input fixed meanwhile, and every other call on this socket gets
	 * -EBUSY instead of waiting.
	 */
	ctx->busy = true;
	release_sock(sk);

	out = kzalloc(ctx->size, GFP_KERNEL);
	if (out) {
		err = nobs_kpp_run(ctx, out, &outlen);
		if (!err)
			err = memcpy_to_msg(msg, out, outlen);
		kfree_sensitive(out);
	} else {
		err = -ENOMEM;
	}

	lock_sock(sk);
	ctx->busy = false;
	nobs_kpp_op_reset(ctx);
unlock:
	release_sock(sk);
	return err ? err : outlen;
}

/*
 * Not const: af_alg_register_type() writes its .owner.  (The line break
 * keeps checkpatch's CONST_STRUCT rule from asking for const anyway.)
 */
static struct
proto_ops nobs_kpp_ops = {
	.family		= PF_ALG,
	.connect	= sock_no_connect,
	.socketpair	= sock_no_socketpair,
	.getname	= sock_no_getname,
	.ioctl		= sock_no_ioctl,
	.listen		= sock_no_listen,
	.shutdown	= sock_no_shutdown,
	.mmap		= sock_no_mmap,
	.bind		= sock_no_bind,
	.accept		= sock_no_accept,
	.release	= af_alg_release,
	.sendmsg	= nobs_kpp_sendmsg,
	.recvmsg	= nobs_kpp_recvmsg,
};

/*
 * The kpps this type serves: nobs's own, by cra_name or by the driver
 * names nobs gives them ("<cra_name>-nobs-<implementation>").  Every user
 * may bind them, at crypto.af_alg_restrict=1 too (7.3 and later).
 */
static const char *const nobs_kpp_served_names[] = {
	"csidh512", "csidh1024", "ctidh512", "ctidh511", "ctidh1024",
	"ctidh2048",
};

static const struct af_alg_allowlist_entry nobs_kpp_allowlist[] = {
	{ "csidh512", AF_ALG_UNPRIVILEGED },
	{ "csidh1024", AF_ALG_UNPRIVILEGED },
	{ "ctidh512", AF_ALG_UNPRIVILEGED },
	{ "ctidh511", AF_ALG_UNPRIVILEGED },
	{ "ctidh1024", AF_ALG_UNPRIVILEGED },
	{ "ctidh2048", AF_ALG_UNPRIVILEGED },
	{},
};

#define NOBS_KPP_EXCLUDED	(CRYPTO_ALG_ASYNC | CRYPTO_ALG_KERN_DRIVER_ONLY)

/*
 * Whether @name can only mean one of nobs's kpps: checked before any
 * lookup, so that no other kpp is loaded or instantiated for a user.
 */
static bool nobs_kpp_name_served(const char *name)
{
	size_t i, n;

	for (i = 0; i < ARRAY_SIZE(nobs_kpp_served_names); i++) {
		n = strlen(nobs_kpp_served_names[i]);
		if (strncmp(name, nobs_kpp_served_names[i], n))
			continue;
		if (!name[n] || !strncmp(name + n, "-nobs-", 6))
			return true;
	}
	return false;
}

/* Whether the transform the lookup found is nobs's own (not a namesake). */
static bool nobs_kpp_served(struct crypto_kpp *kpp)
{
	const struct crypto_alg *alg = &crypto_kpp_alg(kpp)->base;
	size_t i;

	if (alg->cra_module != THIS_MODULE)
		return false;
	for (i = 0; i < ARRAY_SIZE(nobs_kpp_served_names); i++)
		if (!strcmp(alg->cra_name, nobs_kpp_served_names[i]))
			return true;
	return false;
}

/**
 * nobs_kpp_bind() - bind(): check the name and the policy, allocate the kpp
 * @name: the algorithm or driver name the socket was bound to
 *
 * Return: the parent socket's state; ERR_PTR(-ENOENT) for a name that is
 * not one of nobs's kpps (checked first: nothing is looked up), a name the
 * policy refuses, or a lookup that finds another module's algorithm;
 * -ENOMEM.  Nothing is logged.
 */
static void *nobs_kpp_bind(const char *name)
{
	struct nobs_kpp_tfm *tfm;
	struct crypto_kpp *kpp;
	int err;

	if (!nobs_kpp_name_served(name))
		return ERR_PTR(-ENOENT);
	err = af_alg_check_restriction(name, nobs_kpp_allowlist);
	if (err)
		return ERR_PTR(err);
	tfm = kzalloc(sizeof(*tfm), GFP_KERNEL);
	if (!tfm)
		return ERR_PTR(-ENOMEM);
	kpp = crypto_alloc_kpp(name, 0, NOBS_KPP_EXCLUDED);
	if (IS_ERR(kpp)) {
		kfree(tfm);
		return ERR_CAST(kpp);
	}
	if (!nobs_kpp_served(kpp)) {
		crypto_free_kpp(kpp);
		kfree(tfm);
		return ERR_PTR(-ENOENT);
	}
	tfm->kpp = kpp;
	return tfm;
}
NOBS_AF_ALG_BIND_COMPAT(nobs_kpp_bind);

static void nobs_kpp_release(void *private)
{
	struct nobs_kpp_tfm *tfm = private;

	crypto_free_kpp(tfm->kpp);
	kfree_sensitive(tfm);
}

/*
 * Called with the parent socket locked and no op socket open (af_alg
 * refuses ALG_SET_KEY with EBUSY otherwise).
 */
static int nobs_kpp_setkey(void *private, const u8 *key, unsigned int keylen)
{
	struct nobs_kpp_tfm *tfm = private;
	unsigned int size;
	int err;

	tfm->has_key = false;
	tfm->maxsize = 0;
	err = crypto_kpp_set_secret(tfm->kpp, keylen ? key : NULL, keylen);
	if (err)
		return err;
	size = crypto_kpp_maxsize(tfm->kpp);
	if (!size || size > NOBS_KPP_MAX_RESULT)
		return -EINVAL;
	tfm->maxsize = size;
	tfm->has_key = true;
	return size;
}

static void nobs_kpp_sock_destruct(struct sock *sk)
{
	struct alg_sock *ask = alg_sk(sk);
	struct nobs_kpp_op *ctx = ask->private;

	sock_kzfree_s(sk, ctx->in, ctx->size);
	sock_kzfree_s(sk, ctx, sizeof(*ctx));
	af_alg_release_parent(sk);
}

/* Called with the parent socket locked. */
static int nobs_kpp_accept(void *private, struct sock *sk)
{
	struct nobs_kpp_tfm *tfm = private;
	struct alg_sock *ask = alg_sk(sk);
	struct nobs_kpp_op *ctx;

	if (!tfm->has_key)
		return -ENOKEY;
	ctx = sock_kmalloc(sk, sizeof(*ctx), GFP_KERNEL);
	if (!ctx)
		return -ENOMEM;
	memset(ctx, 0, sizeof(*ctx));
	ctx->in = sock_kmalloc(sk, tfm->maxsize, GFP_KERNEL);
	if (!ctx->in) {
		sock_kfree_s(sk, ctx, sizeof(*ctx));
		return -ENOMEM;
	}
	memset(ctx->in, 0, tfm->maxsize);
	ctx->kpp = tfm->kpp;
	ctx->size = tfm->maxsize;
	ask->private = ctx;
	sk->sk_destruct = nobs_kpp_sock_destruct;
	return 0;
}

static const struct af_alg_type nobs_kpp_type = {
	.bind		= NOBS_AF_ALG_BIND(nobs_kpp_bind),
	.release	= nobs_kpp_release,
	.setkey		= nobs_kpp_setkey,
	.accept		= nobs_kpp_accept,
	.ops		= &nobs_kpp_ops,
	.name		= "kpp",
	.owner		= THIS_MODULE,
};

/**
 * nobs_afalg_kpp_select() - nothing to choose: one type for nobs's kpps
 * @cpu: unused
 *
 * Return: "kpp".
 */
const char *nobs_afalg_kpp_select(const struct nobs_cpu *cpu)
{
	return "kpp";
}

/**
 * nobs_afalg_kpp_register() - register the AF_ALG type "kpp"
 *
 * If another module has registered a "kpp" type already, that is logged
 * once and the load goes on without ours.  Sockets hold a reference on
 * this module (through the type's owner and the transform of one of
 * them), so the module cannot go while any is open.
 *
 * Return: 0, or the -errno of af_alg_register_type().
 */
int nobs_afalg_kpp_register(void)
{
	int err;

	err = af_alg_register_type(&nobs_kpp_type);
	if (err == -EEXIST) {
		pr_info("AF_ALG type \"kpp\" is provided by another module; not registering ours\n");
		return 0;
	}
	if (err)
		return err;
	nobs_afalg_kpp_registered = true;
	return 0;
}

/**
 * nobs_afalg_kpp_unregister() - undo nobs_afalg_kpp_register()
 */
void nobs_afalg_kpp_unregister(void)
{
	if (!nobs_afalg_kpp_registered)
		return;
	af_alg_unregister_type(&nobs_kpp_type);
	nobs_afalg_kpp_registered = false;
}

/* bind(("kpp", ...)) loads nobs when it is installed. */
MODULE_ALIAS("algif-kpp");

#else /* !IS_REACHABLE(CONFIG_CRYPTO_USER_API) */

const char *nobs_afalg_kpp_select(const struct nobs_cpu *cpu)
{
	return "none";
}

int nobs_afalg_kpp_register(void)
{
	return 0;
}

void nobs_afalg_kpp_unregister(void)
{
}

#endif /* IS_REACHABLE(CONFIG_CRYPTO_USER_API) */

/**
 * nobs_afalg_kpp_selftest() - nothing to prove at load
 *
 * The type moves bytes between user space and a kpp; the kpps prove
 * themselves.  The VM tests exercise the protocol.
 *
 * Return: 0.
 */
int nobs_afalg_kpp_selftest(void)
{
	return 0;
}
