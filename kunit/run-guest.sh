#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# kunit/run-guest.sh: boot a test kernel (scripts/build-test-kernel.sh) under
# QEMU/TCG, load nobs.ko and then a KUnit module, and report its results;
# in one or more runs a boot.
#
#   kunit/run-guest.sh -a x86_64|arm64|riscv64|ppc64le -K KERNEL_BUILD_DIR
#       -m nobs.ko [-m nobs_kunit.ko] [-c "extra kernel command line"]
#       [-t timeout_s a run] [-g gcda_dir] [-q]
#       [-l label] [-p "params of the first module"]
#       [-P "params of the other modules"] [-f KUnit filter_glob]
#       [-l label -p ... -P ... -f ...]...
#
# Each -l begins a run, and the -p, -P and -f after it are that run's
# (before the first -l, the first run's).  A run loads the modules in the
# order given (KUnit runs a module's suites while it loads), then unloads
# them in reverse order; the next run loads them again with its own
# parameters, in the same boot (a boot of the x86_64 debug kernel costs
# more under TCG than its unload and reload).  kmemleak is scanned once,
# after the last run.
# A run's console is the part from its start to the next run's; the first
# run's also has the boot before it and the last run's what comes after it
# (the kmemleak scan).  The KTAP document of its last module (from its own
# "KTAP version 1" line: the built-in KUnit prints an empty one at boot)
# is read by scripts/ktap.py (the kernel tree's
# tools/testing/kunit/kunit_parser.py).
# -g: after the unloads the guest sends every .gcda file of
# /sys/kernel/debug/gcov (a CONFIG_GCOV_KERNEL kernel, modules built with
# GCOV_PROFILE=y); they land in gcda_dir under the same path (the path the
# module was built in, below gcda_dir).  No file back is a failure.
# Output in $NOBS_BUILD/kunit/<label>/ for each run: console.log (its
# part), ktap.log (the KTAP document), ktap.out (scripts/ktap.py's
# report), ktap.tsv (a line a case), ktap.log.parse (the parser's own
# log), report.txt (what is printed for it); the boot's own files
# (console.raw, console.boot, initrd.gz, qemu.err) in the first run's.
# Printed for each run, in order: its failures and skips, then
# "<arch> kunit: N passed, N failed[, N skipped]" (<arch> is the kernel's
# variant name, x86_64-cfi, for such a kernel).  Exit status non-zero if
# any run failed: a failed or crashed test, a load/unload failure, a hang,
# or a KASAN/UBSAN/KFENCE/lockdep/kmemleak/CFI/WARN/BUG/Oops report in its
# console.
set -euo pipefail
. "$(dirname "$0")/../scripts/lib.sh"

arch= kdir= timeout=900 quiet=0 cmdline= gcda=
mods=() labels=() p1s=("") p2s=("") globs=("")
r=0
while getopts a:K:m:p:P:f:c:l:t:g:q o; do
	case $o in
	a) arch=$OPTARG ;;
	K) kdir=$OPTARG ;;
	m) mods+=("$OPTARG") ;;
	p) p1s[r]=$OPTARG ;;
	P) p2s[r]=$OPTARG ;;
	f) globs[r]=$OPTARG ;;
	c) cmdline=$OPTARG ;;
	l)
		if [ ${#labels[@]} -gt $r ]; then
			r=$((r + 1))
			p1s[r]= p2s[r]= globs[r]=
		fi
		labels[r]=$OPTARG ;;
	t) timeout=$OPTARG ;;
	g) gcda=$OPTARG ;;
	q) quiet=1 ;;
	*) sed -n '7,13p' "$0"; exit 2 ;;
	esac
done
[ ${#mods[@]} -gt 0 ] || nobs_die "no module given (-m path/to/module.ko)"
for m in "${mods[@]}"; do [ -f "$m" ] || nobs_die "no such module: $m"; done
[ -f "$kdir/.config" ] || nobs_die "not a kernel build dir: '$kdir' (-K)"
[ -f "$kdir/nobs-arch" ] || nobs_die "$kdir: not built by scripts/build-test-kernel.sh"
if [ -z "$arch" ]; then arch=$(cat "$kdir/nobs-arch"); fi
[ "$(cat "$kdir/nobs-arch")" = "$arch" ] || nobs_die "$kdir is a $(cat "$kdir/nobs-arch") kernel, not $arch"
[ ${#labels[@]} -gt 0 ] || labels=("$arch")
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

n=${#labels[@]}
out=$NOBS_BUILD/kunit/${labels[0]}
for l in "${labels[@]}"; do rm -rf "$NOBS_BUILD/kunit/$l"; done
for l in "${labels[@]}"; do mkdir "$NOBS_BUILD/kunit/$l" || nobs_die "run label '$l' given twice"; done
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

root=$out/root
mkdir -p "$root"/{dev,proc,sys,etc,nobs}
cp "$init" "$root/init"
for m in "${mods[@]}"; do cp "$m" "$root/nobs/"; done
{
	[ -z "$gcda" ] || echo '#gcov'
	for ((i = 0; i < n; i++)); do
		echo "#run ${labels[i]}"
		[ -z "${globs[i]}" ] || echo "#filter ${globs[i]}"
		pp=${p1s[i]}
		for m in "${mods[@]}"; do
			echo "/nobs/$(basename "$m")${pp:+ $pp}"
			pp=${p2s[i]}
		done
	done
} >"$root/etc/kunit.conf"
nobs_initrd "$root" "$out/initrd.gz"

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
[ "$quiet" = 1 ] || nobs_log "kunit ${labels[*]}: booting $arch"
t0=$(date +%s)
nobs_qemu_run $((timeout * n)) "$NOBS_BOOT_TIMEOUT" "$out/console.raw" "" "${nobs_qemu[@]}" \
	-nographic -no-reboot -monitor none \
	-kernel "$kdir/$(cat "$kdir/image")" -initrd "$out/initrd.gz" \
	-append "console=$nobs_console panic=-1 oops=panic kasan_multi_shot${cmdline:+ $cmdline}" \
	2>"$out/qemu.err"
rc=$nobs_qemu_rc
tr -d '\r' <"$out/console.raw" >"$out/console.boot"
[ "$quiet" = 1 ] || nobs_log "kunit ${labels[*]}: guest ran $(($(date +%s) - t0)) s"

# Each run's part of the console (see above): from its NOBS-KUNIT-RUN line
# to the next one; the boot before the first run and what follows the
# last one's unloads (the kmemleak scan) are the first run's.  (A kernel
# message may end a marker's line: see the result lines below.)
awk -v dir="$NOBS_BUILD/kunit" -v first="${labels[0]}" '
	BEGIN { f0 = dir "/" first "/console.log"; f = f0 }
	/^NOBS-KUNIT-RUN / { l = $2; sub(/\[.*/, "", l); f = dir "/" l "/console.log" }
	/^NOBS-KUNIT-RUNS-END/ { f = f0 }
	{ print > f }
' "$out/console.boot"
# started LABEL: the guest began that run; ended I: run I came to its end
started() { grep -Eq "^NOBS-KUNIT-RUN $1(\$|\[)" "$out/console.boot"; }
ended() {
	if [ "$1" -lt $((n - 1)) ]; then
		started "${labels[$1 + 1]}"
	else
		grep -q '^NOBS-KUNIT-RUNS-END' "$out/console.boot"
	fi
}

gcda_files=0
if [ -n "$gcda" ]; then
	mkdir -p "$gcda"
	gcda_files=$(python3 - "$out/console.boot" "$gcda" <<'PY'
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
	[ "$quiet" = 1 ] || nobs_log "kunit ${labels[0]}: $gcda_files .gcda files into $gcda"
fi

# report I LABEL: run I's results, from its part of the console, into
# its report.txt; returns non-zero if it failed.
report() {
	local i=$1 label=$2 o=$NOBS_BUILD/kunit/$2 problems=() last pass fail skip errs summary nl
	local con=$o/console.log
	[ -f "$con" ] || : >"$con"
	if ! started "$label"; then
		problems+=("not run: the guest stopped before it (qemu exit $rc)")
	elif ! ended "$i" && { [ $rc -eq 124 ] || [ $rc -eq 137 ]; }; then
		problems+=("hang: guest not done within $((timeout * n))s")
	elif ! ended "$i"; then
		problems+=("guest did not finish (crash or panic; qemu exit $rc)")
	elif [ "$i" = 0 ] && ! grep -q '^NOBS-KUNIT-DONE' "$out/console.boot"; then
		problems+=("guest did not finish after the runs (qemu exit $rc)")
	fi
	# The guest's result lines, without a kernel message the console put
	# before their end: the tty writes a line's "\r\n" apart from its
	# text, and printk's console output can come between the two (seen:
	# "load nobs ok[    2.722879] alg: No test for csidh1024 ...", from
	# the crypto manager's asynchronous registration).
	sed -n 's/^\(NOBS-KUNIT-RESULT .*\)\[ *[0-9][0-9]*\.[0-9]*\] .*$/\1/p; t; s/^NOBS-KUNIT-RESULT /&/p' \
		"$con" >"$o/results.txt"
	while read -r _ what name st; do
		[ "$st" = ok ] || problems+=("$what $name: $st")
	done <"$o/results.txt"
	nl=$(grep -c '^NOBS-KUNIT-RESULT load .* ok$' "$o/results.txt" || true)
	[ "$nl" -eq ${#mods[@]} ] || problems+=("$nl of ${#mods[@]} modules loaded")

	# The KTAP document of the last module, from its own header on.
	last=$(basename "${mods[-1]}")
	awk -v m="/nobs/$last" '
		index($0, "NOBS-KUNIT-LOAD " m) == 1 { on = 1; next }
		on == 1 && /^(\[ *[0-9]+\.[0-9]+\] )?KTAP version 1$/ { on = 2 }
		on == 2 && /^NOBS-KUNIT-RESULT load / { exit }
		on == 2 { print }
	' "$con" >"$o/ktap.log"
	pass=0 fail=0 skip=0
	if [ -s "$o/ktap.log" ]; then
		# The one KTAP reader (scripts/ktap.py: the kernel's kunit_parser).
		python3 "$NOBS_ROOT/scripts/ktap.py" "$ksrc/tools/testing/kunit" \
			"$o/ktap.log" "$o/ktap.tsv" >"$o/ktap.out" 2>&1 || true
		summary=$(grep -E '^ktap: [0-9]+ passed, [0-9]+ failed, [0-9]+ skipped, [0-9]+ errors$' \
			"$o/ktap.out" | tail -n 1 || true)
		read -r pass fail skip errs <<<"$(echo "$summary" | tr -cs '0-9' ' ')"
		if [ -z "$summary" ]; then
			pass=0 fail=0 skip=0
			problems+=("the KTAP reader gave no summary (see $o/ktap.out)")
		elif [ "$errs" -gt 0 ]; then
			problems+=("the KTAP reader reported $errs KTAP errors (see $o/ktap.log.parse)")
		fi
		[ $((pass + fail + skip)) -gt 0 ] || problems+=("no test ran")
	else
		problems+=("no KTAP output from $last")
	fi
	[ -z "$gcda" ] || [ "$i" != 0 ] || [ "$gcda_files" -gt 0 ] ||
		problems+=("no .gcda file came back (-g)")

	# Sanitizers, lockdep and friends anywhere in its part.
	rm -f "$o/problem.txt"
	if nobs_kernel_problems "$con" >/dev/null; then
		problems+=("kernel reported a problem:")
		nobs_kernel_problems "$con" | head -n 5 | sed 's/^/    /' >"$o/problem.txt"
	fi
	{
		if [ -s "$o/ktap.out" ]; then
			# Each failed case, and each skipped one with its reason.
			sed -nE 's/^FAIL: (.*)$/  FAIL  '"$label"'\/\1/p; s/^SKIP: (.*)$/SKIP: '"$label"'\/\1/p' \
				"$o/ktap.out"
		fi
		if [ ${#problems[@]} -gt 0 ]; then
			for p in "${problems[@]}"; do echo "  FAIL  $label: $p"; done
			if [ -f "$o/problem.txt" ]; then cat "$o/problem.txt"; fi
			echo "  (console: $con)"
			# A problem outside the KTAP counts is one more failure.
			fail=$((fail + 1))
		fi
		echo "$kname kunit: $pass passed, $fail failed, $skip skipped"
	} >"$o/report.txt"
	cat "$o/report.txt"
	[ "$fail" -eq 0 ]
}

status=0
for ((i = 0; i < n; i++)); do
	report "$i" "${labels[i]}" || status=1
done
exit $status
