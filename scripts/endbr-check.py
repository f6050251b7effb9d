#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""endbr-check.py MODULE.ko|OBJ.o ...: every function of an x86-64 object
that can be reached through a pointer starts with ENDBR64.
endbr-check.py --self-test: the checker finds faults planted in a small
object it assembles.

With X86_KERNEL_IBT (Debian enables it) an indirect call or jump that
lands anywhere but on an ENDBR64 raises a control-protection fault on a
CPU with IBT.  QEMU's TCG does not emulate IBT, so this is checked
statically, the way objtool's "data relocation to !ENDBR" warning does:

- a function is reachable through a pointer when a relocation takes its
  address: any relocation from a data section (function tables, module
  init/exit pointers), or one in code that is not the rel32 of a call,
  jmp or jcc (lea func(%rip); gcc's jumps to .cold parts are direct
  branches without PLT32 and do not count); an exported function counts
  too (__ksymtab: another module may take its address); metadata sections
  that only record code addresses for the kernel (ORC, mcount, patch
  sites, exception and bug tables, debug info) do not;
- such a function must start with f3 0f 1e fa (endbr64), and must not be
  listed in .ibt_endbr_seal (objtool's list of ENDBRs the module loader
  turns into NOPs because nothing takes the function's address).

Prints one line per function checked and "endbr: N passed, N failed".
Exit status 1 when any failed, 2 on a malformed input.
"""
import struct
import sys

ENDBR64 = b"\xf3\x0f\x1e\xfa"
SHT_SYMTAB, SHT_RELA = 2, 4
SHF_EXECINSTR = 0x4
STT_FUNC, STT_SECTION = 2, 3
R_X86_64_64, R_X86_64_PC32, R_X86_64_PLT32 = 1, 2, 4
R_X86_64_32, R_X86_64_32S = 10, 11
METADATA = (".orc_", "__mcount_loc", "__patchable_function_entries",
            ".return_sites", ".call_sites", ".retpoline_sites",
            ".static_call_sites", "__jump_table", "__bug_table",
            "__ex_table", ".altinstr", ".debug_",
            ".discard", ".ibt_endbr_seal", ".cfi_sites", ".smp_locks",
            "__tracepoints", ".BTF", "__kcrctab", ".note")


class Elf:
    def __init__(self, path):
        with open(path, "rb") as f:
            self.data = f.read()
        d = self.data
        if d[:4] != b"\x7fELF" or d[4] != 2 or d[5] != 1:
            raise ValueError("not a little-endian ELF64 file")
        (self.machine,) = struct.unpack_from("<H", d, 18)
        shoff, = struct.unpack_from("<Q", d, 40)
        shentsize, shnum, shstrndx = struct.unpack_from("<HHH", d, 58)
        self.sections = []
        for i in range(shnum):
            (name, typ, flags, addr, off, size, link, info, align,
             entsize) = struct.unpack_from("<IIQQQQIIQQ", d,
                                           shoff + i * shentsize)
            self.sections.append(dict(name=name, type=typ, flags=flags,
                                      off=off, size=size, link=link,
                                      info=info, entsize=entsize))
        strtab = self.sections[shstrndx]
        for s in self.sections:
            s["name"] = self.cstr(strtab["off"] + s["name"])

    def cstr(self, off):
        end = self.data.index(b"\0", off)
        return self.data[off:end].decode()

    def symbols(self):
        for s in self.sections:
            if s["type"] != SHT_SYMTAB:
                continue
            strtab = self.sections[s["link"]]
            for i in range(s["size"] // 24):
                name, info, _, shndx, value, size = struct.unpack_from(
                    "<IBBHQQ", self.data, s["off"] + i * 24)
                yield dict(name=self.cstr(strtab["off"] + name),
                           type=info & 0xf, shndx=shndx, value=value,
                           size=size)
            return

    def relas(self):
        for s in self.sections:
            if s["type"] != SHT_RELA:
                continue
            target = self.sections[s["info"]]
            for i in range(s["size"] // 24):
                off, info, addend = struct.unpack_from(
                    "<QQq", self.data, s["off"] + i * 24)
                yield target, off, info >> 32, info & 0xffffffff, addend


def is_branch(elf, sec, off):
    """The rel32 field at @off of @sec belongs to call, jmp or jcc."""
    d, base = elf.data, sec["off"]
    if off >= 1 and d[base + off - 1] in (0xe8, 0xe9):
        return True
    return off >= 2 and d[base + off - 2] == 0x0f and \
        0x80 <= d[base + off - 1] <= 0x8f


def check(path):
    elf = Elf(path)
    if elf.machine != 62:
        raise ValueError("not an x86-64 object")
    syms = list(elf.symbols())
    funcs = {}
    for s in syms:
        if s["type"] == STT_FUNC and 0 < s["shndx"] < len(elf.sections):
            funcs[(s["shndx"], s["value"])] = s["name"]

    taken = {}
    sealed = set()
    for sec, off, symi, typ, addend in elf.relas():
        sym = syms[symi]
        if not 0 < sym["shndx"] < len(elf.sections):
            continue            # an undefined (kernel) symbol
        base = sym["value"]
        code = sec["flags"] & SHF_EXECINSTR
        if sec["name"].startswith(".ibt_endbr_seal"):
            if typ == R_X86_64_PC32:
                sealed.add((sym["shndx"], base + addend))
            continue
        if sec["name"].startswith(METADATA):
            continue
        if code and (typ == R_X86_64_PLT32 or
                     (typ == R_X86_64_PC32 and is_branch(elf, sec, off))):
            continue            # a direct call or jump
        if typ == R_X86_64_PC32:
            # In code the field ends the instruction: S + A + 4 is the
            # address; in data a PREL32 field is S + A.
            cands = [base + addend + 4, base + addend] if code \
                else [base + addend]
        elif typ in (R_X86_64_64, R_X86_64_32, R_X86_64_32S):
            cands = [base + addend]
        else:
            continue
        for a in cands:
            key = (sym["shndx"], a)
            if key in funcs:
                taken.setdefault(key, set()).add(sec["name"])
                break

    passed = failed = 0
    for key in sorted(taken, key=lambda k: funcs[k]):
        shndx, value = key
        sec = elf.sections[shndx]
        start = sec["off"] + value
        ok = elf.data[start:start + 4] == ENDBR64
        why = []
        if not ok:
            why.append("no endbr64 at its start")
        if key in sealed:
            why.append("listed in .ibt_endbr_seal")
        refs = ",".join(sorted(taken[key]))
        if why:
            failed += 1
            print(f"  FAIL  {path}: {funcs[key]} (address taken in {refs}): "
                  + "; ".join(why))
        else:
            passed += 1
            print(f"  pass  {funcs[key]} (address taken in {refs})")
    return passed, failed


SELF_TEST = r"""
	.text
	.globl	with_endbr, without_endbr, lea_target, called_only
	.type	with_endbr, @function
	.type	without_endbr, @function
	.type	lea_target, @function
	.type	called_only, @function
with_endbr:	endbr64
	ret
without_endbr:	ret
lea_target:	ret
called_only:	ret
user:	call	called_only
	lea	lea_target(%rip), %rax
	jmp	cold_part
	.section .text.unlikely, "ax"
	.type	cold_part, @function
cold_part:	ret
	.section .rodata
	.quad	with_endbr
	.quad	without_endbr
	.section .note.GNU-stack,"",@progbits
"""


def self_test():
    """The checker must find the planted faults: a function in a table
    without ENDBR and one whose address code takes; a directly called
    one is fine."""
    import contextlib
    import io
    import os
    import subprocess
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        src, obj = os.path.join(d, "t.S"), os.path.join(d, "t.o")
        with open(src, "w") as f:
            f.write(SELF_TEST)
        subprocess.run(["gcc", "-c", "-o", obj, src], check=True)
        results = {}
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            check(obj)
        for line in out.getvalue().splitlines():
            word = line.split()
            results[word[2] if word[0] == "FAIL" else word[1]] = word[0]
    want = {"with_endbr": "pass", "without_endbr": "FAIL",
            "lea_target": "FAIL"}
    ok = results == want
    print(("  pass" if ok else "  FAIL") + f"  endbr-check finds the planted "
          f"faults (want {want}, got {results})")
    print(f"endbr-self-test: {int(ok)} passed, {int(not ok)} failed")
    return 0 if ok else 1


def main(argv):
    if argv[1:] == ["--self-test"]:
        return self_test()
    if len(argv) < 2:
        print(__doc__.strip().splitlines()[0], file=sys.stderr)
        return 2
    passed = failed = 0
    for path in argv[1:]:
        try:
            p, f = check(path)
        except (OSError, ValueError, struct.error) as e:
            print(f"endbr-check: {path}: {e}", file=sys.stderr)
            return 2
        passed += p
        failed += f
    print(f"endbr: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
