#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""asm-ct-check.py OBJ.o FUNC ...: static constant-time check of
straight-line x86-64 assembly (the AVX-512 IFMA field code,
arch/x86/fp_ifma_x86_64.S and fp1024_ifma_x86_64.S, assembled for
userspace).
asm-ct-check.py --self-test: the checker finds faults planted in a small
object it assembles.

What it proves, from objdump's disassembly of each FUNC (its symbol's
extent; the alignment padding after it is not part of it):

- no control flow depends on data: no jump, branch, call, loop or
  system call; one RET, the last instruction (userspace RET is "ret";
  the kernel's "jmp __x86_return_thunk" is not in this object);
- no address depends on data: every memory operand has no index register
  (so no scaled index, no gather/scatter) and its base is %rip (a
  constant), %rsp/%rbp (the stack frame) or an argument pointer: %rdi,
  %rsi, %rdx, or %r8-%r11;
- those base registers hold nothing but such pointers: %rdi, %rsi, %rdx
  are never written; %r8-%r11 are written only by
  "mov CONST(%rdi|%rsi|%rdx), %r8-%r11" (an element pointer loaded from
  an argument array); %rsp/%rbp only by the frame's push %rbp,
  mov %rsp,%rbp, sub/and $CONST,%rsp and leave.  No instruction writes
  any other general register either (a vector or mask instruction with a
  general register destination fails);
- only instructions it knows are checked: AVX (v*) and opmask (k*)
  instructions, mov, and, sub, push, leave, nop, ret; anything else fails.
  Of v*, vpcmpestr*/vpcmpistr* (they write %ecx) and vmaskmovdqu (stores
  to (%rdi) under a data mask) fail; gathers and scatters fail by their
  index register;
- a memory operand under an opmask ({%kN}: which elements are read or
  written may follow the mask) must be %rip-relative: a constant, which
  the same function reads unmasked anyway.

So every address the function touches is a function of its arguments'
pointers, the stack pointer and constants, and its instruction sequence is
fixed: the field elements' values can change neither.  (Latencies of the
vector instructions themselves are not data-dependent on the CPUs that
have IFMA; that is not something a disassembly can show.)

Prints one line per function and "asm-ct: N passed, N failed"; exit
status 1 when any failed, 2 on a malformed input.
"""
import re
import subprocess
import sys

ARGS = {"rdi", "rsi", "rdx"}
LOADED = {"r8", "r9", "r10", "r11"}
FRAME = {"rsp", "rbp"}
BASES = ARGS | LOADED | FRAME | {"rip"}

GPR64 = ["rax", "rbx", "rcx", "rdx", "rsi", "rdi", "rbp", "rsp"] + \
    [f"r{i}" for i in range(8, 16)]
GPR = set(GPR64)
GPR |= {"e" + r[1:] for r in GPR64[:8]} | {r[1:] for r in GPR64[:8]}
GPR |= {"al", "bl", "cl", "dl", "sil", "dil", "bpl", "spl",
        "ah", "bh", "ch", "dh"}
GPR |= {f"r{i}{s}" for i in range(8, 16) for s in "dwb"}

BRANCH = re.compile(r"^(j[a-z]+|call[a-z]*|ret[a-z]*|loop[a-z]*|syscall|"
                    r"sysenter|int[a-z0-9]*|iret[a-z]*|ud[0-9]*|hlt)$")
KNOWN = re.compile(r"^(v[a-z0-9]+|k[a-z0-9]+|mov|movq|and|andq|sub|subq|"
                   r"push|pushq|leave|leaveq|nop[a-z]*|ret|retq)$")
# (push: its operand is a source; it writes the stack, at a fixed offset)
UNSAFE_V = re.compile(r"^(vpcmp[ei]str[im]|vmaskmovdqu)$")
MEM = re.compile(r"(?:%[a-z]s:)?(-?(?:0x)?[0-9a-f]*)\(([^)]*)\)")
INSN = re.compile(r"^\s*([0-9a-f]+):\s+(.*)$")


def split_operands(s):
    """AT&T operands, split at the commas outside parentheses."""
    ops, depth, cur = [], 0, ""
    for ch in s:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        if ch == "," and depth == 0:
            ops.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        ops.append(cur.strip())
    return ops


def reg(op):
    """The register an operand names, without % and decorations."""
    m = re.fullmatch(r"%([a-z0-9]+)(\{.*\})?", op)
    return m.group(1) if m else None


def gpr_write_ok(mn, ops):
    """A general register destination: one of the allowed forms."""
    dst = reg(ops[-1])
    if mn in ("mov", "movq") and len(ops) == 2:
        m = MEM.fullmatch(ops[0])
        if dst in LOADED and m and "," not in m.group(2) and \
                m.group(2)[1:] in ARGS:
            return True
        if ops == ["%rsp", "%rbp"]:
            return True
    if mn in ("sub", "subq", "and", "andq") and dst == "rsp" and \
            re.fullmatch(r"\$-?(0x)?[0-9a-f]+", ops[0]):
        return True
    return False


def check_insns(insns):
    """insns: [(address, mnemonic, operand string)]; returns the faults."""
    faults = []
    nmem = 0
    for i, (addr, mn, opstr) in enumerate(insns):
        last = i == len(insns) - 1
        where = f"{addr:x}: {mn} {opstr}".rstrip()
        if mn in ("ret", "retq") and last:
            continue
        if BRANCH.match(mn):
            faults.append(f"{where}: control flow")
            continue
        if not KNOWN.match(mn) or UNSAFE_V.match(mn):
            faults.append(f"{where}: not an instruction this check knows "
                          "to be safe")
            continue
        ops = split_operands(opstr)
        if mn.startswith("nop"):
            continue        # its "memory operand" is never accessed
        for op in ops:
            m = MEM.search(op)
            if not m:
                continue
            nmem += 1
            parts = m.group(2).split(",")
            base = parts[0][1:] if parts[0] else None
            if len(parts) > 1:
                faults.append(f"{where}: indexed address")
            elif base not in BASES:
                faults.append(f"{where}: address base %{base} is not an "
                              "argument, stack or %rip")
            elif "{%k" in opstr and base != "rip":
                faults.append(f"{where}: masked access to non-constant "
                              "memory")
        if mn not in ("push", "pushq") and ops and reg(ops[-1]) in GPR \
                and not gpr_write_ok(mn, ops):
            faults.append(f"{where}: writes general register "
                          f"%{reg(ops[-1])}")
    if not insns or insns[-1][1] not in ("ret", "retq"):
        faults.append("does not end with ret")
    return faults, nmem


def disassemble(obj, funcs):
    """{func: [(address, mnemonic, operands)]} within each symbol's size."""
    nm = subprocess.run(["nm", "-S", "--defined-only", obj], check=True,
                        capture_output=True, text=True).stdout
    extent = {}
    for line in nm.splitlines():
        w = line.split()
        if len(w) == 4 and w[3] in funcs:
            extent[w[3]] = (int(w[0], 16), int(w[0], 16) + int(w[1], 16))
    dis = subprocess.run(["objdump", "-d", "-w", "--no-show-raw-insn", obj],
                         check=True, capture_output=True, text=True).stdout
    out = {f: [] for f in extent}
    for line in dis.splitlines():
        m = INSN.match(line)
        if not m:
            continue
        addr = int(m.group(1), 16)
        text = m.group(2).split("#")[0].strip()
        w = text.split(None, 1)
        mn, ops = w[0], (w[1] if len(w) > 1 else "")
        for f, (lo, hi) in extent.items():
            if lo <= addr < hi:
                out[f].append((addr, mn, ops))
    return out


def check(obj, funcs):
    insns = disassemble(obj, funcs)
    passed = failed = 0
    for f in funcs:
        if f not in insns:
            failed += 1
            print(f"  FAIL  {f}: not defined in {obj}")
            continue
        faults, nmem = check_insns(insns[f])
        if faults:
            failed += 1
            print(f"  FAIL  {f}: {len(faults)} faults")
            for x in faults[:10]:
                print(f"          {x}")
        else:
            passed += 1
            print(f"  pass  {f}: {len(insns[f])} instructions, {nmem} "
                  "memory operands, no branch, addresses from the "
                  "arguments, the stack and constants only")
    return passed, failed


SELF_TEST = r"""
	.text
	.globl	good, branch, call, mid_ret, base, index, gather, ptr_reg
	.globl	ptr_data, gpr_out, masked, unknown
good:	push	%rbp
	mov	%rsp, %rbp
	sub	$64, %rsp
	and	$-32, %rsp
	mov	8(%rsi), %r8
	vmovdqu64	(%r8), %ymm0
	vpaddq	.Lc(%rip){1to4}, %ymm0, %ymm1{%k1}
	vmovdqa64	%ymm1, 32(%rsp)
	mov	(%rdi), %r9
	vmovdqu64	%ymm1, 16(%r9)
	leave
	vzeroupper
	ret
branch:	vptestmq %ymm0, %ymm0, %k1
	kortestb %k1, %k1
	jz	1f
	vpaddq	%ymm0, %ymm0, %ymm0
1:	ret
call:	call	good
	ret
mid_ret:	ret
	ret
base:	vmovdqu64	(%rax), %ymm0
	ret
index:	vmovdqu64	(%r8,%rdx,8), %ymm0
	ret
gather:	vpgatherqq	(%r8,%ymm1,8), %ymm0{%k1}
	ret
ptr_reg:	mov	%rax, %r8
	vmovdqu64	(%r8), %ymm0
	ret
ptr_data:	mov	(%r8), %r9
	vmovdqu64	(%r9), %ymm0
	ret
gpr_out:	vmovq	%xmm0, %rcx
	ret
masked:	vmovdqu64	%ymm0, (%r8){%k1}
	ret
unknown:	cmovc	%rax, %rbx
	ret
	.section .rodata
.Lc:	.quad	1
	.section .note.GNU-stack,"",@progbits
"""
SELF_FUNCS = ["good", "branch", "call", "mid_ret", "base", "index",
              "gather", "ptr_reg", "ptr_data", "gpr_out", "masked",
              "unknown"]


def self_test():
    """Every planted fault must fail, the good function pass."""
    import contextlib
    import io
    import os
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        src, obj = os.path.join(d, "t.S"), os.path.join(d, "t.o")
        # symbol sizes: one function runs to the next one's label
        body = SELF_TEST
        for a, b in zip(SELF_FUNCS, SELF_FUNCS[1:] + [None]):
            end = f"\t.size {a}, {b} - {a}\n" if b else \
                f"\t.size {a}, .Lend - {a}\n"
            body = body.replace(f"\n{b}:", f"\n{end}{b}:", 1) if b else \
                body.replace("\t.section .rodata",
                             f".Lend:\n{end}\t.section .rodata", 1)
        with open(src, "w") as f:
            f.write(body)
        subprocess.run(["gcc", "-c", "-o", obj, src], check=True)
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            check(obj, SELF_FUNCS)
    got = {}
    for line in out.getvalue().splitlines():
        w = line.split()
        if w and w[0] in ("pass", "FAIL"):
            got[w[1].rstrip(":")] = w[0]
    want = {f: "FAIL" for f in SELF_FUNCS}
    want["good"] = "pass"
    ok = got == want
    print(("  pass" if ok else "  FAIL") + "  asm-ct-check finds the "
          f"{len(SELF_FUNCS) - 1} planted faults and passes the good "
          "function" + ("" if ok else f" (got {got})"))
    if not ok:
        print(out.getvalue(), end="")
    print(f"asm-ct-self-test: {int(ok)} passed, {int(not ok)} failed")
    return 0 if ok else 1


def main(argv):
    if argv[1:] == ["--self-test"]:
        return self_test()
    if len(argv) < 3:
        print(__doc__.strip().splitlines()[0], file=sys.stderr)
        return 2
    try:
        passed, failed = check(argv[1], argv[2:])
    except (OSError, subprocess.CalledProcessError) as e:
        print(f"asm-ct-check: {e}", file=sys.stderr)
        return 2
    print(f"asm-ct: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
