#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""kcfi-check.py -a ASM.o [-a ASM.o ...] MODULE.ko ...: every assembly
entry point (each global function of the ASM.o objects) carries the kCFI
type hash that clang's indirect calls check, and the right one.

On a CONFIG_CFI_CLANG x86-64 kernel every indirect call compiled by clang
first checks the 32-bit type hash stored just before its target:

	mov  $-H, %r10d ; add -D(%r11), %r10d ; je 1f ; ud2 ; 1: call ...

(D = 4, or 4 + the 11-byte padding with CALL_PADDING/FineIBT).  Clang
writes the hash of a C function's type into its preamble __cfi_<name>
(mov $H, %eax) itself; assembly gets one only through
SYM_TYPED_FUNC_START, which emits the same preamble around
".long __kcfi_typeid_<name>", a symbol clang defines (absolute, value H)
in every C file that takes the address of a function declared with that
name.  So for each entry point F this checks, in the linked modules:

- the bytes the call sites read (F-D, the D of the call sites found) are
  the immediate of a "mov $imm32, %eax" (b8) inside __cfi_F;
- that immediate, with its relocation applied, is the value of
  __kcfi_typeid_F, which the modules define (the hash of F's C prototype);
- on a FineIBT kernel (the modules have .cfi_sites), __cfi_F is listed in
  .cfi_sites: at boot the kernel re-randomizes every hash (cfi_rand) and
  at load rewrites the preambles listed there and the callers alike, so an
  unlisted preamble would keep the old hash and fail every call;
- if F's address is stored in data (a function table), at least one kCFI
  call site in the modules checks that hash: F's prototype is the type it
  is called through (a declaration that differs from the pointer type, made
  to fit with a cast, gives a hash no caller expects).  An entry point that
  is only exported or called directly passes with that noted.

The C functions whose own preamble carries the same hash are named (the
generic implementation of the same interface, normally).  Prints one line
per entry point and "kcfi: N passed, N failed"; exit status 1 when any
failed, 2 on a malformed input.
"""
import importlib.util
import os
import re
import struct
import sys

_spec = importlib.util.spec_from_file_location(
    "endbr_check", os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "endbr-check.py"))
endbr = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(endbr)

SHN_ABS = 0xfff1
STB_GLOBAL = 1
R_X86_64_32, R_X86_64_32S = 10, 11

# mov $imm32, %r10d; add disp8(%reg), %r10d (REX 44/45, modrm 01 010 rrr,
# r12 with its SIB byte 24); je .+2; ud2
KCFI_CHECK = re.compile(
    rb"\x41\xba(?P<imm>.{4})[\x44\x45]\x03"
    rb"(?:[\x50-\x53\x55-\x57]|\x54\x24)(?P<disp>.)\x74\x02\x0f\x0b",
    re.DOTALL)


class Elf(endbr.Elf):
    def symtab(self):
        """Every symbol in table order (relocations index it), with its
        binding."""
        out = []
        for s in self.sections:
            if s["type"] != endbr.SHT_SYMTAB:
                continue
            strtab = self.sections[s["link"]]
            for i in range(s["size"] // 24):
                name, info, _, shndx, value, size = struct.unpack_from(
                    "<IBBHQQ", self.data, s["off"] + i * 24)
                out.append(dict(name=self.cstr(strtab["off"] + name),
                                type=info & 0xf, bind=info >> 4,
                                shndx=shndx, value=value, size=size))
            break
        return out


class Module:
    def __init__(self, path):
        self.path = path
        self.elf = Elf(path)
        if self.elf.machine != 62:
            raise ValueError("not an x86-64 object")
        self.syms = self.elf.symtab()
        self.funcs = {}         # name -> symbol, defined functions
        for s in self.syms:
            if s["type"] == endbr.STT_FUNC and \
                    0 < s["shndx"] < len(self.elf.sections):
                self.funcs.setdefault(s["name"], s)
        self.typeids = {s["name"][len("__kcfi_typeid_"):]: s["value"]
                        for s in self.syms
                        if s["name"].startswith("__kcfi_typeid_") and
                        s["shndx"] == SHN_ABS}
        self.relocs = {}        # (shndx, offset) -> (type, symbol, addend)
        self.cfi_sites = None   # {(shndx, offset)} the preambles listed
        self.tables = {}        # function name -> data sections naming it
        index = {id(sec): i for i, sec in enumerate(self.elf.sections)}
        by_addr = {(s["shndx"], s["value"]): s["name"]
                   for s in self.funcs.values()}
        for sec, off, symi, typ, addend in self.elf.relas():
            sym = self.syms[symi]
            self.relocs[(index[id(sec)], off)] = (typ, sym, addend)
            name = sec["name"]
            if name == ".cfi_sites":
                if self.cfi_sites is None:
                    self.cfi_sites = set()
                self.cfi_sites.add((sym["shndx"], sym["value"] + addend))
            if sec["flags"] & endbr.SHF_EXECINSTR or \
                    name.startswith(endbr.METADATA) or \
                    "ksymtab" in name or not 0 < sym["shndx"] < 0xff00:
                continue
            f = by_addr.get((sym["shndx"], sym["value"] + addend))
            if f:
                self.tables.setdefault(f, set()).add(name)
        self.sites = []         # (hash, disp, caller)
        for i, sec in enumerate(self.elf.sections):
            if not sec["flags"] & endbr.SHF_EXECINSTR or sec["type"] != 1:
                continue
            body = self.elf.data[sec["off"]:sec["off"] + sec["size"]]
            for m in KCFI_CHECK.finditer(body):
                (imm,) = struct.unpack("<I", m.group("imm"))
                (disp,) = struct.unpack("<b", m.group("disp"))
                self.sites.append(((-imm) & 0xffffffff, disp,
                                   self.containing(i, m.start())))

    def containing(self, shndx, off):
        for s in self.funcs.values():
            if s["shndx"] == shndx and s["value"] <= off < \
                    s["value"] + max(s["size"], 1):
                return s["name"]
        return "?"

    def word(self, shndx, off):
        """The 32-bit value at @off of section @shndx once loaded: its bytes,
        or its relocation's S + A (None, symbol name: S undefined)."""
        sec = self.elf.sections[shndx]
        (raw,) = struct.unpack_from("<I", self.elf.data, sec["off"] + off)
        rel = self.relocs.get((shndx, off))
        if rel is None:
            return raw, None
        typ, sym, addend = rel
        if typ not in (R_X86_64_32, R_X86_64_32S) or sym["shndx"] != SHN_ABS:
            return None, sym["name"]
        return (sym["value"] + addend) & 0xffffffff, sym["name"]

    def preamble_hash(self, name):
        """The hash in a clang-compiled function's own __cfi_ preamble."""
        s = self.funcs.get("__cfi_" + name)
        if s is None:
            return None
        sec = self.elf.sections[s["shndx"]]
        at = sec["off"] + s["value"]
        if self.elf.data[at] != 0xb8:
            return None
        return self.word(s["shndx"], s["value"] + 1)[0]


def asm_entries(paths):
    names = []
    for p in paths:
        elf = Elf(p)
        for s in elf.symtab():
            if s["type"] == endbr.STT_FUNC and s["bind"] == STB_GLOBAL and \
                    0 < s["shndx"] < len(elf.sections) and \
                    s["name"] not in names:
                names.append(s["name"])
    return names


def check(asm_objs, ko_paths):
    mods = [Module(p) for p in ko_paths]
    entries = asm_entries(asm_objs)
    sites = [(h, d, m, c) for m in mods for h, d, c in m.sites]
    disps = sorted({d for _, d, _, _ in sites})
    print(f"  kCFI call-site checks: {len(sites)} in "
          + ", ".join(f"{os.path.basename(m.path)} {len(m.sites)}"
                      for m in mods)
          + (f"; they read the hash at target{','.join(map(str, disps))}"
             if disps else ""))
    if not entries:
        print("  FAIL  no global function in the assembly objects given")
        return 0, 1
    if len(disps) != 1:
        why = "none found (modules not built with -fsanitize=kcfi?)" \
            if not disps else "they disagree on where the hash is"
        print(f"  FAIL  kCFI call sites: {why}")
        return 0, len(entries)
    disp = disps[0]
    typeids = {}
    for m in mods:
        typeids.update(m.typeids)
    passed = failed = 0
    for f in entries:
        home = next((m for m in mods if f in m.funcs), None)
        why = []
        note = []
        if home is None:
            print(f"  FAIL  {f}: defined in none of the modules")
            failed += 1
            continue
        s = home.funcs[f]
        loc = s["value"] + disp
        sec = home.elf.sections[s["shndx"]]
        got = gotsym = None
        if loc < 1 or home.elf.data[sec["off"] + loc - 1] != 0xb8:
            why.append(f"no 'mov $imm32, %eax' ending at {f}{disp + 4:+d}: "
                       "no type hash (SYM_FUNC_START instead of "
                       "SYM_TYPED_FUNC_START?)")
        else:
            got, gotsym = home.word(s["shndx"], loc)
            pre = home.containing(s["shndx"], loc - 1)
            if pre != "__cfi_" + f:
                why.append(f"the hash at {f}{disp:+d} is in {pre}, "
                           f"not __cfi_{f}")
            if got is None:
                why.append(f"its hash is {gotsym}, undefined in the modules "
                           "(no C file takes the address of a declaration)")
            pstart = home.funcs.get("__cfi_" + f)
            if home.cfi_sites is not None and pstart is not None and \
                    (pstart["shndx"], pstart["value"]) not in home.cfi_sites:
                why.append(f"__cfi_{f} is not in .cfi_sites (objtool did "
                           "not list it: its hash is not re-randomized)")
            elif home.cfi_sites is not None:
                note.append("listed in .cfi_sites")
        want = typeids.get(f)
        if want is None:
            why.append(f"__kcfi_typeid_{f} is not defined in the modules "
                       "(no C declaration of it has its address taken)")
        elif got is not None and got != want:
            why.append(f"preamble hash {got:#010x} != __kcfi_typeid_{f} "
                       f"{want:#010x}")
        h = got if got is not None else want
        callers = sorted({c for sh, _, _, c in sites if sh == h}) \
            if h is not None else []
        ncalls = sum(1 for sh, _, _, _ in sites if sh == h)
        tables = sorted(set().union(*(m.tables.get(f, set()) for m in mods)))
        if tables and h is not None and not callers:
            why.append(f"stored in {','.join(tables)} but no indirect call "
                       f"in the modules checks {h:#010x}: its C prototype is "
                       "not the type of the pointer it is called through")
        if callers:
            shown = ", ".join(callers[:4]) + (", ..." if len(callers) > 4
                                              else "")
            note.append(f"{ncalls} indirect calls check it ({shown})")
        elif not tables:
            note.append("in no table (exported, called directly): no "
                        "indirect caller to match")
        mates = sorted(n[len("__cfi_"):] for m in mods for n in m.funcs
                       if n.startswith("__cfi_") and
                       n[len("__cfi_"):] not in entries and
                       h is not None and
                       m.preamble_hash(n[len("__cfi_"):]) == h)
        if mates:
            note.append("same type as " + ", ".join(mates[:3]) +
                        (", ..." if len(mates) > 3 else ""))
        if why:
            failed += 1
            print(f"  FAIL  {f}: " + "; ".join(why))
        else:
            passed += 1
            src = "from __kcfi_typeid_" if gotsym == "__kcfi_typeid_" + f \
                else (gotsym or "literal")
            print(f"  pass  {f}: {got:#010x} at {disp:+d} in __cfi_ ({src}"
                  ", its C declaration's hash)" + "".join(
                      "; " + n for n in note))
    return passed, failed


def main(argv):
    asm, kos = [], []
    args = argv[1:]
    while args:
        a = args.pop(0)
        if a == "-a" and args:
            asm.append(args.pop(0))
        else:
            kos.append(a)
    if not asm or not kos:
        print(__doc__.strip().splitlines()[0], file=sys.stderr)
        return 2
    try:
        p, f = check(asm, kos)
    except (OSError, ValueError, struct.error, IndexError) as e:
        print(f"kcfi-check: {e}", file=sys.stderr)
        return 2
    print(f"kcfi: {p} passed, {f} failed")
    return 1 if f else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
