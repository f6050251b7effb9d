#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# kunit/run-guest.sh: boot a test kernel (scripts/build-test-kernel.sh) under
# QEMU/TCG, load nobs.ko and then a KUnit module, and report its results.
#
#   kunit/run-guest.sh -a x86_64|arm64|riscv64|ppc64le -K KERNEL_BUILD_DIR
#       -m nobs.ko [-m nobs_kunit.ko] [-p "params of the first module"]
#       [-P "params of the other modules"] [-c "extra kernel command line"]
#       [-l label] [-t timeout_s] [-g gcda_dir] [-q]
#
# Modules load in the order given (KUnit runs a module's suites while it
# loads), then unload in reverse order; kmemleak is scanned after that.
# The KTAP document of the last module (from its own "KTAP version 1" line:
# the built-in KUnit prints an empty one at boot) is read by
# scripts/ktap.py (the kernel tree's tools/testing/kunit/kunit_parser.py).
# -g: after the unloads the guest sends every .gcda file of
# /sys/kernel/debug/gcov (a CONFIG_GCOV_KERNEL kernel, modules built with
# GCOV_PROFILE=y); they land in gcda_dir under the same path (the path the
# module was built in, below gcda_dir).  No file back is a failure.
# Output in $NOBS_BUILD/kunit/<label>/: console.log, ktap.log (the KTAP
# document), ktap.out (scripts/ktap.py's report), ktap.tsv (a line a
# case), ktap.log.parse (the parser's own log).
# Last line: "<arch> kunit: N passed, N failed[, N skipped]" (<arch> is the
# kernel's variant name, x86_64-cfi, for such a kernel).  Exit status
# non-zero on a failed or crashed test, a load/unload failure, a hang, or a
# KASAN/UBSAN/KFENCE/lockdep/kmemleak/CFI/WARN/BUG/Oops report in the log.
set -euo pipefail
. "$(dirname "$0")/../scripts/lib.sh"

arch= kdir= label= timeout=900 quiet=0 p1= p2= cmdline= gcda=
mods=()
while getopts a:K:m:p:P:c:l:t:g:q o; do
	case $o in
	a) arch=$OPTARG ;;
	K) kdir=$OPTARG ;;
	m) mods+=("$OPTARG") ;;
	p) p1=$OPTARG ;;
	P) p2=$OPTARG ;;
	c) cmdline=$OPTARG ;;
	l) label=$OPTARG ;;
	t) timeout=$OPTARG ;;
	g) gcda=$OPTARG ;;
	q) quiet=1 ;;
	*) sed -n '4,17p' "$0"; exit 2 ;;
	esac
done
[ ${#mods[@]} -gt 0 ] || nobs_die "no module given (-m path/to/module.ko)"
for m in "${mods[@]}"; do [ -f "$m" ] || nobs_die "no such module: $m"; done
[ -f "$kdir/.config" ] || nobs_die "not a kernel build dir: '$kdir' (-K)"
[ -f "$kdir/nobs-arch" ] || nobs_die "$kdir: not built by scripts/build-test-kernel.sh"
if [ -z "$arch" ]; then arch=$(cat "$kdir/nobs-arch"); fi
[ "$(cat "$kdir/nobs-arch")" = "$arch" ] || nobs_die "$kdir is a $(cat "$kdir/nobs-arch") kernel, not $arch"
label=${label:-$arch}
# The kernel's name in the last line: a variant of the machine (x86_64-cfi)
# says so; kernels built before build-test-kernel.sh wrote it are $arch.
kname=$arch
if [ -f "$kdir/nobs-variant" ]; then kname=$(cat "$kdir/nobs-variant"); fi
ksrc=$(readlink -f "$kdir/source")

case $arch in
x86_64 | arm64 | riscv64 | ppc64le) ;;
*) nobs_die "unknown architecture '$arch' (x86_64, arm64, riscv64, ppc64le)" ;;
esac
cc=$(NOBS_ARCH=$arch nobs_cross_prefix)gcc

# Modules the kernel build made (=m options) would have to be carried along;
# the fragments build everything in, so insist on that.
if grep -q '=m$' "$kdir/.config"; then
	nobs_die "$kdir has modular options (=m); the runner loads only the given modules"
fi

out=$NOBS_BUILD/kunit/$label
rm -rf "$out"
mkdir -p "$out"
# The machine of the architecture (scripts/lib.sh), the console into a file.
nobs_qemu_machine "$arch" "" "$out/console.raw"

# The static /init, cached per architecture and source.
init_src=$NOBS_ROOT/kunit/guest-init.c
ihash=$({ echo "$cc"; cat "$init_src"; } | sha256sum | cut -c1-12)
init=$NOBS_CACHE/kunit/init-$arch-$ihash
if [ ! -x "$init" ]; then
	command -v "$cc" >/dev/null || nobs_die "$cc missing (scripts/deps.sh)"
	mkdir -p "$NOBS_CACHE/kunit"
	"$cc" -static -Os -Wall -Werror -o "$init.tmp" "$init_src"
	mv "$init.tmp" "$init"
fi

r=$out/root
mkdir -p "$r"/{dev,proc,sys,etc,nobs}
cp "$init" "$r/init"
if [ -n "$gcda" ]; then echo '#gcov' >"$r/etc/kunit.conf"; else : >"$r/etc/kunit.conf"; fi
first=1
for m in "${mods[@]}"; do
	b=$(basename "$m")
	cp "$m" "$r/nobs/$b"
	if [ $first = 1 ]; then pp=$p1; else pp=$p2; fi
	first=0
	echo "/nobs/$b${pp:+ $pp}" >>"$r/etc/kunit.conf"
done
nobs_initrd "$r" "$out/initrd.gz"

# x86: no IO-APIC timer check (a loaded host under TCG can fail it).
[ "${arch%%-*}" != x86_64 ] || cmdline="no_timer_check${cmdline:+ $cmdline}"
# RCU's stall warning after 90 s instead of 21 of one CPU without a
# quiescent state: the zeroize suite's stack-residue case runs each
# group action without its yields (their scheduler frames would cover
# what it leaves), and on the non-preemptible arm64, riscv64 and ppc64le
# kernels one generic-C csidh1024 or ctidh1024 action took over 21 s under
# TCG on a loaded host.  Natively an action is milliseconds, and the yield
# spacing of the actions as shipped is measured natively
# (tests/user test_*_ops: the longest stretch between two yields).
cmdline="rcupdate.rcu_cpu_stall_timeout=90${cmdline:+ $cmdline}"
[ "$quiet" = 1 ] || nobs_log "kunit $label: booting $arch"
t0=$(date +%s)
nobs_qemu_run "$timeout" "$NOBS_BOOT_TIMEOUT" "$out/console.raw" "" "${nobs_qemu[@]}" \
	-nographic -no-reboot -monitor none \
	-kernel "$kdir/$(cat "$kdir/image")" -initrd "$out/initrd.gz" \
	-append "console=$nobs_console panic=-1 oops=panic kasan_multi_shot${cmdline:+ $cmdline}" \
	2>"$out/qemu.err"
rc=$nobs_qemu_rc
tr -d '\r' <"$out/console.raw" >"$out/console.log"
[ "$quiet" = 1 ] || nobs_log "kunit $label: guest ran $(($(date +%s) - t0)) s"

problems=()
if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
	problems+=("hang: guest not done within ${timeout}s")
elif ! grep -q '^NOBS-KUNIT-DONE' "$out/console.log"; then
	problems+=("guest did not finish (crash or panic; qemu exit $rc)")
fi
# The guest's result lines, without a kernel message the console put
# before their end: the tty writes a line's "\r\n" apart from its text, and
# printk's console output can come between the two (seen: "load nobs
# ok[    2.722879] alg: No test for csidh1024 ...", from the crypto
# manager's asynchronous registration).
sed -n 's/^\(NOBS-KUNIT-RESULT .*\)\[ *[0-9][0-9]*\.[0-9]*\] .*$/\1/p; t; s/^NOBS-KUNIT-RESULT /&/p' \
	"$out/console.log" >"$out/results.txt"
while read -r _ what name st; do
	[ "$st" = ok ] || problems+=("$what $name: $st")
done <"$out/results.txt"
n=$(grep -c '^NOBS-KUNIT-RESULT load .* ok$' "$out/results.txt" || true)
[ "$n" -eq ${#mods[@]} ] || problems+=("$n of ${#mods[@]} modules loaded")

# The KTAP document of the last module, from its own header on.
last=$(basename "${mods[-1]}")
awk -v m="/nobs/$last" '
	index($0, "NOBS-KUNIT-LOAD " m) == 1 { on = 1; next }
	on == 1 && /^(\[ *[0-9]+\.[0-9]+\] )?KTAP version 1$/ { on = 2 }
	on == 2 && /^NOBS-KUNIT-RESULT load / { exit }
	on == 2 { print }
' "$out/console.log" >"$out/ktap.log"
pass=0 fail=0 skip=0
if [ -s "$out/ktap.log" ]; then
	# The one KTAP reader (scripts/ktap.py: the kernel's kunit_parser).
	python3 "$NOBS_ROOT/scripts/ktap.py" "$ksrc/tools/testing/kunit" \
		"$out/ktap.log" "$out/ktap.tsv" >"$out/ktap.out" 2>&1 || true
	summary=$(grep -E '^ktap: [0-9]+ passed, [0-9]+ failed, [0-9]+ skipped, [0-9]+ errors$' \
		"$out/ktap.out" | tail -n 1 || true)
	read -r pass fail skip errs <<<"$(echo "$summary" | tr -cs '0-9' ' ')"
	if [ -z "$summary" ]; then
		pass=0 fail=0 skip=0
		problems+=("the KTAP reader gave no summary (see $out/ktap.out)")
	elif [ "$errs" -gt 0 ]; then
		problems+=("the KTAP reader reported $errs KTAP errors (see $out/ktap.log.parse)")
	fi
	[ $((pass + fail + skip)) -gt 0 ] || problems+=("no test ran")
	# Each failed case, and each skipped one with its reason.
	sed -nE 's/^FAIL: (.*)$/  FAIL  '"$label"'\/\1/p; s/^SKIP: (.*)$/SKIP: '"$label"'\/\1/p' \
		"$out/ktap.out"
else
	problems+=("no KTAP output from $last")
fi

if [ -n "$gcda" ]; then
	mkdir -p "$gcda"
	ngcda=$(python3 - "$out/console.log" "$gcda" <<'PY'
import os, sys
out, n, cur = sys.argv[2], 0, None
for line in open(sys.argv[1], errors='replace'):
    line = line.strip()
    if line.startswith('NOBS-GCDA '):
        path, size = line.split()[1:3]
        cur, hexs = path, []
    elif line == 'NOBS-GCDA-END' and cur:
        data = bytes.fromhex(''.join(hexs))
        if len(data) == int(size):
            dst = os.path.join(out, os.path.relpath(cur, '/sys/kernel/debug/gcov'))
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            open(dst, 'wb').write(data)
            n += 1
        cur = None
    elif cur and line and all(c in '0123456789abcdef' for c in line):
        hexs.append(line)   # (a kernel message in between is skipped)
print(n)
PY
)
	[ "$ngcda" -gt 0 ] || problems+=("no .gcda file came back (-g)")
	[ "$quiet" = 1 ] || nobs_log "kunit $label: $ngcda .gcda files into $gcda"
fi

# Sanitizers, lockdep and friends anywhere in the log.
if nobs_kernel_problems "$out/console.log" >/dev/null; then
	problems+=("kernel reported a problem:")
	nobs_kernel_problems "$out/console.log" | head -n 5 | sed 's/^/    /' >"$out/problem.txt"
fi

if [ ${#problems[@]} -gt 0 ]; then
	for p in "${problems[@]}"; do echo "  FAIL  $label: $p"; done
	if [ -f "$out/problem.txt" ]; then cat "$out/problem.txt"; fi
	echo "  (console: $out/console.log)"
	# A problem outside the KTAP counts is one more failure.
	fail=$((fail + 1))
fi
echo "$kname kunit: $pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
