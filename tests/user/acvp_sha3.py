#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""NIST ACVP vector files (tests/vectors/acvp/*.json.xz) to the flat cases
test_sha3_acvp reads: one tab-separated line per byte-oriented case,

    C alg tcId xof verdict blockSize outBytes msg N S key tuple md

(hex fields, empty when absent; tuple is "count:" then the elements' hex
joined by ","; verdict 0 for a KMAC verification case whose MAC is wrong),
one line per Monte Carlo case of SHA3, SHAKE (SHA3VS's "standard") and
TupleHash,

    M alg tcId minOutBytes maxOutBytes seed md,md,... outBytes,... xof

and one line per file with what is not run:

    S alg cases bit_oriented mct_not_run ldt

A case is bit-oriented when any of its lengths in bits (message, key,
output, tuple elements) is not a multiple of 8, and a Monte Carlo case when
its output lengths step by bits (cSHAKE's and ParallelHash's): the library
takes byte strings only.  The large-data cases (LDT, gigabytes) are counted
and not run.  Standard library only (json, lzma).

usage: acvp_sha3.py OUT FILE.json.xz...
"""
import json
import lzma
import os
import sys


def text_hex(s):
    return s.encode("utf-8").hex()


def custom(group, test):
    if group.get("hexCustomization"):
        return test.get("customizationHex", "").lower()
    return text_hex(test.get("customization", ""))


def mct_line(out, alg, group, test):
    """Monte Carlo: SHA3VS 6.2.3 (SHA3) and 6.3.3 (SHAKE), ACVP's
    TupleHash one: the seed (TupleHash: its one element), the output
    lengths' bounds in bytes and the 100 checkpoints (SHAKE, TupleHash:
    with their lengths), and whether it is the XOF."""
    res = test["resultsArray"]
    seed = test["tuple"][0][: test["len"][0] // 4] \
        if alg.startswith("TupleHash-") else test["msg"]
    out.write("\t".join(str(x) for x in (
        "M", alg, test["tcId"], group.get("minOutLen", 0) // 8,
        group.get("maxOutLen", 0) // 8, seed.lower(),
        ",".join(r["md"].lower() for r in res),
        ",".join(str(r.get("outLen", 0) // 8) for r in res),
        1 if group.get("xof") else 0)) + "\n")


def convert(path, out):
    with lzma.open(path, "rt", encoding="utf-8") as f:
        doc = json.load(f)
    alg = doc["algorithm"]
    total = bits = mct = ldt = 0
    for g in doc["testGroups"]:
        for t in g["tests"]:
            total += 1
            if g["testType"] == "MCT":
                if g.get("outLenIncrement", 8) % 8 or \
                        (alg.startswith("TupleHash-") and
                         any(ln % 8 for ln in t["len"])):
                    bits += 1	# outputs of any bit length
                elif alg.startswith(("SHA3-", "SHAKE-", "TupleHash-")) \
                        and g.get("mctVersion", "standard") == "standard":
                    mct_line(out, alg, g, t)
                else:
                    mct += 1
                continue
            if g["testType"] == "LDT":
                ldt += 1
                continue
            xof = 1 if g.get("xof") else 0
            verdict = 1
            block = 0
            msg = n = s = key = tup = ""
            if alg.startswith("SHA3-"):
                lens = [t["len"]]
                outbits = int(alg[5:])
                msg, md = t["msg"], t["md"]
            elif alg.startswith("SHAKE-"):
                lens = [t["len"], t["outLen"]]
                outbits = t["outLen"]
                msg, md = t["msg"], t["md"]
            elif alg.startswith("cSHAKE-"):
                lens = [t["len"], t["outLen"]]
                outbits = t["outLen"]
                msg, md = t["msg"], t["md"]
                n = text_hex(t.get("functionName", ""))
                s = custom(g, t)
            elif alg.startswith("KMAC-"):
                lens = [t["msgLen"], t["keyLen"], t["macLen"]]
                outbits = t["macLen"]
                msg, key, md = t["msg"], t["key"], t["mac"]
                s = custom(g, t)
                if "testPassed" in t:
                    verdict = 1 if t["testPassed"] else 0
            elif alg.startswith("TupleHash-"):
                lens = list(t["len"]) + [t["outLen"]]
                outbits = t["outLen"]
                md = t["md"]
                s = custom(g, t)
                elems = [e[: ln // 4] for e, ln in zip(t["tuple"], t["len"])]
                tup = "%d:%s" % (len(elems), ",".join(elems))
            elif alg.startswith("ParallelHash-"):
                lens = [t["len"], t["outLen"]]
                outbits = t["outLen"]
                msg, md = t["msg"], t["md"]
                s = custom(g, t)
                block = t["blockSize"]
            else:
                sys.exit("acvp_sha3.py: %s: unknown algorithm %s" % (path, alg))
            if any(ln % 8 for ln in lens):
                bits += 1
                continue
            # a byte-oriented message is exactly its hex (len 0: "00")
            if alg.startswith("KMAC-"):
                msg = msg[: t["msgLen"] // 4]
                key = key[: t["keyLen"] // 4]
            elif not alg.startswith("TupleHash-"):
                msg = msg[: t["len"] // 4]
            out.write("\t".join(str(x) for x in (
                "C", alg, t["tcId"], xof, verdict, block, outbits // 8,
                msg.lower(), n, s, key.lower(), tup.lower(),
                md.lower()[: outbits // 4])) + "\n")
    out.write("S\t%s\t%d\t%d\t%d\t%d\n" % (alg, total, bits, mct, ldt))


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    with open(sys.argv[1] + ".tmp", "w") as out:
        for path in sys.argv[2:]:
            convert(path, out)
    os.replace(sys.argv[1] + ".tmp", sys.argv[1])


if __name__ == "__main__":
    main()
