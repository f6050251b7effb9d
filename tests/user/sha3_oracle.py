#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Random SHA-3 family cases with answers from independent implementations.

Prints one case per line for tests/user/test_sha3.c to check:
    ALG OUTLEN N S MSG EXPECTED       (hex fields, "-" for empty)
ALG is shake128/256, sha3-224..512 (answers from hashlib) or
cshake128/256 (answers from pycryptodome: its public cSHAKE API when N is
empty and S is shorter than 32 bytes, else its Keccak sponge with pad 0x04
fed the SP 800-185 prefix built below).  pycryptodome 3.11 (Debian 12)
writes left_encode() little-endian, so its own cSHAKE is wrong for S of 32
bytes or more: the prefix is built here from the standard's text instead.
Usage: sha3_oracle.py COUNT SEED
"""
import hashlib
import random
import sys

from Cryptodome.Hash import cSHAKE128, cSHAKE256
from Cryptodome.Hash import cSHAKE128 as _cs

RATES = {"cshake128": 168, "cshake256": 136}


def left_encode(x):
    """SP 800-185 2.3.1: byte count, then x big-endian (at least 1 byte)."""
    body = x.to_bytes(max(1, (x.bit_length() + 7) // 8), "big")
    return bytes([len(body)]) + body


def encode_string(x):
    return left_encode(8 * len(x)) + x


def bytepad(x, w):
    z = left_encode(w) + x
    return z + bytes(-len(z) % w)


def cshake_with_n(alg, n, s, msg, outlen):
    if not n and len(s) < 32:
        mod = cSHAKE128 if alg == "cshake128" else cSHAKE256
        return mod.new(data=msg, custom=s).read(outlen)
    rate = RATES[alg]
    state = _cs.VoidPointer()
    if _cs._raw_keccak_lib.keccak_init(state.address_of(),
                                       _cs.c_size_t(200 - rate), 0x04):
        raise RuntimeError("keccak_init")
    xof = _cs.cSHAKE_XOF.__new__(_cs.cSHAKE_XOF)
    xof._state = _cs.SmartPointer(state.get(), _cs._raw_keccak_lib.keccak_destroy)
    xof._is_squeezing = False
    xof.update(bytepad(encode_string(n) + encode_string(s), rate))
    xof.update(msg)
    return xof.read(outlen)


def h(b):
    return b.hex() if b else "-"


def main():
    count, seed = int(sys.argv[1]), int(sys.argv[2])
    rnd = random.Random(seed)
    algs = ["shake128", "shake256", "sha3-224", "sha3-256", "sha3-384",
            "sha3-512", "cshake128", "cshake256"]
    for i in range(count):
        alg = algs[i % len(algs)]
        msg = rnd.randbytes(rnd.choice([0, 1, rnd.randrange(0, 400),
                                        rnd.randrange(0, 10241)]))
        n = s = b""
        if alg.startswith("sha3"):
            outlen = int(alg[5:]) // 8
            exp = getattr(hashlib, alg.replace("-", "_"))(msg).digest()
        elif alg.startswith("shake"):
            outlen = rnd.randrange(1, 700)
            exp = getattr(hashlib, "shake_" + alg[5:])(msg).digest(outlen)
        else:
            outlen = rnd.randrange(1, 700)
            n = rnd.randbytes(rnd.choice([0, 0, 4, rnd.randrange(0, 300)]))
            s = rnd.randbytes(rnd.choice([0, rnd.randrange(0, 300)]))
            exp = cshake_with_n(alg, n, s, msg, outlen)
        print(alg, outlen, h(n), h(s), h(msg), h(exp))


if __name__ == "__main__":
    main()
