#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Random SHAKE, cSHAKE, TupleHash and ParallelHash cases with answers
computed here, at test time, for tests/user/test_sha3_lib.c, which runs
each through the library with random update splits and squeeze pieces.

Output: the lines of acvp_sha3.py ("C alg id xof verdict blockSize
outBytes msg N S key tuple md", tab-separated hex).

Answers: SHAKE from hashlib (OpenSSL); cSHAKE with N empty and S under 32
bytes from pycryptodome's cSHAKE128/256 (Debian 12's 3.11 writes
left_encode() little-endian from 32 bytes of S on, and takes no N);
everything else from the SP 800-185 text written out below, on
pycryptodome's Keccak sponge with cSHAKE's padding, and hashlib's SHAKE
for ParallelHash's blocks.  pycryptodome 3.11 has no KMAC or TupleHash
(test_sha3_lib.c checks KMAC against OpenSSL's instead).  Lengths are
chosen around the rates (136, 168) so that updates, elements and blocks
end on, just before and just after block boundaries.

usage: sha3_lib_oracle.py COUNT SEED
"""
import hashlib
import random
import sys

from Cryptodome.Hash import cSHAKE128, cSHAKE256
from Cryptodome.Hash import cSHAKE128 as _cs

RATE = {128: 168, 256: 136}


def left_encode(x):
    body = x.to_bytes(max(1, (x.bit_length() + 7) // 8), "big")
    return bytes([len(body)]) + body


def right_encode(x):
    body = x.to_bytes(max(1, (x.bit_length() + 7) // 8), "big")
    return body + bytes([len(body)])


def encode_string(x):
    return left_encode(8 * len(x)) + x


def bytepad(x, w):
    z = left_encode(w) + x
    return z + bytes(-len(z) % w)


def cshake(sec, n, s, msg, outlen):
    """SP 800-185 3.3: cSHAKE(X, L, N, S)."""
    if not n and not s:
        return getattr(hashlib, "shake_%d" % sec)(msg).digest(outlen)
    if not n and len(s) < 32:
        mod = cSHAKE128 if sec == 128 else cSHAKE256
        return mod.new(data=msg, custom=s).read(outlen)
    rate = RATE[sec]
    state = _cs.VoidPointer()
    if _cs._raw_keccak_lib.keccak_init(state.address_of(),
                                       _cs.c_size_t(200 - rate), 0x04):
        raise RuntimeError("keccak_init")
    xof = _cs.cSHAKE_XOF.__new__(_cs.cSHAKE_XOF)
    xof._state = _cs.SmartPointer(state.get(),
                                  _cs._raw_keccak_lib.keccak_destroy)
    xof._is_squeezing = False
    xof.update(bytepad(encode_string(n) + encode_string(s), rate))
    xof.update(msg)
    return xof.read(outlen)


def tuplehash(sec, elems, s, outlen, xof):
    """SP 800-185 5.3 (and 5.3.1 for the XOF: L = 0)."""
    z = b"".join(encode_string(e) for e in elems)
    z += right_encode(0 if xof else 8 * outlen)
    return cshake(sec, b"TupleHash", s, z, outlen)


def parallelhash(sec, msg, b, s, outlen, xof):
    """SP 800-185 6.3 (and 6.3.1 for the XOF: L = 0)."""
    n = (len(msg) + b - 1) // b
    shake = getattr(hashlib, "shake_%d" % sec)
    z = left_encode(b)
    for i in range(n):
        z += shake(msg[i * b:(i + 1) * b]).digest(2 * sec // 8)
    z += right_encode(n) + right_encode(0 if xof else 8 * outlen)
    return cshake(sec, b"ParallelHash", s, z, outlen)


def around_blocks(rnd, top):
    """A length near a multiple of a rate, or any up to @top."""
    if rnd.random() < 0.5:
        return max(0, rnd.choice([136, 168]) * rnd.randrange(0, 5)
                   + rnd.randrange(-2, 3))
    return rnd.randrange(0, top)


def main():
    count, seed = int(sys.argv[1]), int(sys.argv[2])
    rnd = random.Random(seed)
    algs = ["SHAKE", "cSHAKE", "TupleHash", "ParallelHash"]
    for i in range(count):
        kind = algs[i % len(algs)]
        sec = rnd.choice([128, 256])
        alg = "%s-%d" % (kind, sec)
        xof = rnd.randrange(2) if kind in ("TupleHash", "ParallelHash") else 0
        outlen = rnd.choice([1, 32, 64, around_blocks(rnd, 700) or 1])
        msg = n = s = b""
        elems = []
        block = 0
        if kind != "SHAKE":
            s = rnd.randbytes(rnd.choice([0, rnd.randrange(0, 32),
                                          around_blocks(rnd, 300)]))
        if kind == "SHAKE":
            msg = rnd.randbytes(around_blocks(rnd, 3000))
            md = getattr(hashlib, "shake_%d" % sec)(msg).digest(outlen)
        elif kind == "cSHAKE":
            n = rnd.randbytes(rnd.choice([0, 4, around_blocks(rnd, 300)]))
            msg = rnd.randbytes(around_blocks(rnd, 3000))
            md = cshake(sec, n, s, msg, outlen)
        elif kind == "TupleHash":
            elems = [rnd.randbytes(around_blocks(rnd, 400))
                     for _ in range(rnd.randrange(0, 6))]
            md = tuplehash(sec, elems, s, outlen, xof)
        else:
            block = rnd.choice([1, 7, 136, 168, 200, rnd.randrange(1, 600)])
            msg = rnd.randbytes(rnd.choice([0, rnd.randrange(0, 20 * block),
                                            block * rnd.randrange(1, 20)]))
            md = parallelhash(sec, msg, block, s, outlen, xof)
        tup = "%d:%s" % (len(elems), ",".join(e.hex() for e in elems)) \
            if kind == "TupleHash" else ""
        print("\t".join(str(x) for x in (
            "C", alg, i + 1, xof, 1, block, outlen, msg.hex(), n.hex(),
            s.hex(), "", tup, md.hex())))


if __name__ == "__main__":
    main()
