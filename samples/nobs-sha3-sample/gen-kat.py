#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Print nobs_sha3_sample_kat.h: the sample module's inputs and the answers
an independent implementation gives for them.

    samples/nobs-sha3-sample/gen-kat.py > samples/nobs-sha3-sample/nobs_sha3_sample_kat.h

The answers come from pycryptodome (Debian's python3-pycryptodome, run with
/usr/bin/python3), not from nobs: its SHAKE256, and KMAC256 and TupleHash256
from its own classes where it has them (3.15 on).  Debian 12's 3.11 has
only cSHAKE without a function name N, so there this script frames KMAC
and TupleHash itself (NIST SP 800-185, sections 4 and 5) over
pycryptodome's Keccak sponge with cSHAKE's padding, after checking that
framing against SP 800-185's published sample values (and KMAC against
OpenSSL's when an openssl binary is at hand).  The header is committed
(DKMS builds have no Python): the top Makefile's GENERATED list has it,
so make regen writes it and make regen-check (lint) compares it.
"""
import os
import shutil
import subprocess
import sys

from Cryptodome.Hash import SHAKE256
from Cryptodome.Hash.keccak import _raw_keccak_lib
from Cryptodome.Util._raw_api import (VoidPointer, SmartPointer, c_size_t,
                                      c_uint8_ptr, create_string_buffer,
                                      get_raw_buffer)

HERE = os.path.dirname(os.path.abspath(__file__))

# ---- The inputs (the module reads them from the header) ----
KMAC_KEY = bytes(range(0x40, 0x60))             # 32 bytes
KMAC_LABEL = b"nobs-sha3-sample key confirmation"
KMAC_MSG = b"The quick brown fox jumps over the lazy dog"
KMAC_OUT_LEN = 48                               # L = 384: not a digest size
SHAKE_MSG_LEN = 300                             # bytes 0, 1, .., 255, 0, ..
SHAKE_OUT_LEN = 1000
SHAKE_PIECES = [1, 135, 136, 137, 591]          # around the 136-byte rate
TUPLE_LABEL = b"nobs-sha3-sample tuple"
TUPLE = [b"nobs", b"", b"sample"]               # an empty element too
TUPLE_OUT_LEN = 64

RATE256 = 136


# ---- SP 800-185 framing over pycryptodome's sponge (for pycryptodome < 3.15)
def left_encode(x):
    b = x.to_bytes(max(1, (x.bit_length() + 7) // 8), "big")
    return bytes([len(b)]) + b


def right_encode(x):
    b = x.to_bytes(max(1, (x.bit_length() + 7) // 8), "big")
    return b + bytes([len(b)])


def encode_string(s):
    return left_encode(8 * len(s)) + s


def bytepad(x, w):
    z = left_encode(w) + x
    return z + bytes(-len(z) % w)


def cshake256(data, n, s, out_len):
    """cSHAKE256(X, L, N, S) on pycryptodome's Keccak (padding 0x04)."""
    state = VoidPointer()
    if _raw_keccak_lib.keccak_init(state.address_of(), c_size_t(64), 0x04):
        raise RuntimeError("keccak_init")
    st = SmartPointer(state.get(), _raw_keccak_lib.keccak_destroy)
    msg = bytepad(encode_string(n) + encode_string(s), RATE256) + data
    if _raw_keccak_lib.keccak_absorb(st.get(), c_uint8_ptr(msg),
                                     c_size_t(len(msg))):
        raise RuntimeError("keccak_absorb")
    buf = create_string_buffer(out_len)
    if _raw_keccak_lib.keccak_squeeze(st.get(), buf, c_size_t(out_len)):
        raise RuntimeError("keccak_squeeze")
    return get_raw_buffer(buf)


def kmac256_framed(key, msg, out_len, s):
    x = bytepad(encode_string(key), RATE256) + msg + right_encode(8 * out_len)
    return cshake256(x, b"KMAC", s, out_len)


def tuplehash256_framed(elems, out_len, s):
    x = b"".join(encode_string(e) for e in elems) + right_encode(8 * out_len)
    return cshake256(x, b"TupleHash", s, out_len)


def kmac256(key, msg, out_len, s):
    try:
        from Cryptodome.Hash import KMAC256
    except ImportError:
        return kmac256_framed(key, msg, out_len, s)
    return KMAC256.new(key=key, data=msg, mac_len=out_len,
                       custom=s).digest()


def tuplehash256(elems, out_len, s):
    try:
        from Cryptodome.Hash import TupleHash256
    except ImportError:
        return tuplehash256_framed(elems, out_len, s)
    h = TupleHash256.new(digest_bytes=out_len, custom=s)
    for e in elems:
        h.update(e)
    return h.digest()


def check_framing():
    """The framing against NIST's SP 800-185 samples (KMAC #6, TupleHash #6)
    and OpenSSL; it must agree with pycryptodome's own classes too."""
    key = bytes(range(0x40, 0x60))
    msg = bytes(range(200))
    want = bytes.fromhex(
        "b58618f71f92e1d56c1b8c55ddd7cd188b97b4ca4d99831eb2699a837da2e4d9"
        "70fbacfde50033aea585f1a2708510c32d07880801bd182898fe476876fc8965")
    got = kmac256_framed(key, msg, 64, b"My Tagged Application")
    assert got == want, "KMAC256 framing: NIST sample 6"
    want = bytes.fromhex(
        "45000be63f9b6bfd89f54717670f69a9bc763591a4f05c50d68891a744bcc6e7"
        "d6d5b5e82c018da999ed35b0bb49c9678e526abd8e85c13ed254021db9e790ce")
    got = tuplehash256_framed([bytes.fromhex("000102"),
                               bytes.fromhex("101112131415"),
                               bytes.fromhex("202122232425262728")], 64,
                              b"My Tuple App")
    assert got == want, "TupleHash256 framing: NIST sample 6"
    assert kmac256_framed(KMAC_KEY, KMAC_MSG, KMAC_OUT_LEN, KMAC_LABEL) == \
        kmac256(KMAC_KEY, KMAC_MSG, KMAC_OUT_LEN, KMAC_LABEL)
    assert tuplehash256_framed(TUPLE, TUPLE_OUT_LEN, TUPLE_LABEL) == \
        tuplehash256(TUPLE, TUPLE_OUT_LEN, TUPLE_LABEL)
    openssl = shutil.which("openssl")
    if openssl:
        r = subprocess.run([openssl, "mac", "-macopt",
                            "hexkey:" + KMAC_KEY.hex(), "-macopt",
                            "size:%d" % KMAC_OUT_LEN, "-macopt",
                            "hexcustom:" + KMAC_LABEL.hex(), "KMAC256"],
                           input=KMAC_MSG, capture_output=True, check=False)
        if r.returncode == 0:
            got = bytes.fromhex(r.stdout.decode().strip())
            assert got == kmac256_framed(KMAC_KEY, KMAC_MSG, KMAC_OUT_LEN,
                                         KMAC_LABEL), "KMAC256: OpenSSL"


def c_bytes(name, data, comment):
    lines = ["/* %s */" % comment,
             "static const u8 %s[%d] = {" % (name, len(data))]
    for i in range(0, len(data), 12):
        lines.append("\t" + " ".join("0x%02x," % b for b in data[i:i + 12]))
    lines.append("};")
    return "\n".join(lines) + "\n"


def c_string(name, s, comment):
    return "/* %s */\nstatic const char %s[] = \"%s\";\n" % (
        comment, name, s.decode("ascii"))


def header():
    shake_msg = bytes(i & 0xff for i in range(SHAKE_MSG_LEN))
    assert sum(SHAKE_PIECES) == SHAKE_OUT_LEN
    parts = [
        "/* SPDX-License-Identifier: GPL-2.0 */\n"
        "/*\n"
        " * Generated by gen-kat.py from pycryptodome's answers: do not edit.\n"
        " * Inputs of nobs_sha3_sample.c and the values an independent\n"
        " * implementation computes for them.\n"
        " */\n"
        "#ifndef NOBS_SHA3_SAMPLE_KAT_H\n"
        "#define NOBS_SHA3_SAMPLE_KAT_H\n",
        c_bytes("kat_kmac_key", KMAC_KEY, "KMAC256 key: 0x40 .. 0x5f"),
        c_string("kat_kmac_label", KMAC_LABEL,
                 "KMAC256 customization S: the label"),
        c_string("kat_kmac_msg", KMAC_MSG, "KMAC256 message"),
        c_bytes("kat_kmac256", kmac256(KMAC_KEY, KMAC_MSG, KMAC_OUT_LEN,
                                       KMAC_LABEL),
                "KMAC256(key, message, L = %d, S = label)" %
                (8 * KMAC_OUT_LEN)),
        "/* SHAKE256 input: %d bytes, byte i = i mod 256 */\n"
        "#define KAT_SHAKE_MSG_LEN %d\n" % (SHAKE_MSG_LEN, SHAKE_MSG_LEN),
        "/* The squeeze in pieces (they add up to %d bytes) */\n"
        "static const unsigned int kat_shake_pieces[] = { %s };\n" % (
            SHAKE_OUT_LEN, ", ".join(str(p) for p in SHAKE_PIECES)),
        c_bytes("kat_shake256", SHAKE256.new(shake_msg).read(SHAKE_OUT_LEN),
                "SHAKE256(input), the first %d bytes" % SHAKE_OUT_LEN),
        c_string("kat_tuple_label", TUPLE_LABEL,
                 "TupleHash256 customization S"),
        "/* TupleHash256 tuple: %d elements */\n"
        "static const char * const kat_tuple[] = { %s };\n" % (
            len(TUPLE), ", ".join('"%s"' % e.decode("ascii") for e in TUPLE)),
        c_bytes("kat_tuplehash256", tuplehash256(TUPLE, TUPLE_OUT_LEN,
                                                 TUPLE_LABEL),
                "TupleHash256(tuple, L = %d, S)" % (8 * TUPLE_OUT_LEN)),
        "#endif /* NOBS_SHA3_SAMPLE_KAT_H */\n",
    ]
    return "\n".join(parts)


def main():
    if sys.argv[1:]:
        sys.exit("usage: gen-kat.py > nobs_sha3_sample_kat.h")
    check_framing()
    sys.stdout.write(header())


if __name__ == "__main__":
    main()
