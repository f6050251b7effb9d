#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# tests/faults/run.sh: fault injection and kmemleak on the x86_64 debug kernel
# (scripts/build-test-kernel.sh x86_64) under QEMU/TCG: loads of nobs.ko
# under failslab/fail_page_alloc (a fail-nth sweep over the allocation
# calls of nobs's init, and random faults), AF_ALG operations on every
# algorithm under faults, a short stress run with unload attempts, the
# final unload, and kmemleak scans.  The guest program is
# tests/faults/faults.c (its header says what each phase checks).
#
# Results-protocol lines: faults-build, faults-load, faults-ops,
# faults-stress, faults-kmemleak (from the guest), faults-dmesg (the console
# scanned for KASAN/UBSAN/KFENCE/BUG/WARNING/Oops/lockdep/kmemleak reports),
# plus "faults: injected N faults in N loads / N operations" lines.
#
# Environment:
#   NOBS_FAULTS_LONG=1      the long version: every allocation call of the
#                           init in the sweep, 100 random loads, 100 rounds
#                           of operations, 12 CSIDH operations, 30 s stress
#   NOBS_FAULTS_LOADS, _PLOADS, _PROB, _OPS_PROB, _ROUNDS, _KPP, _STRESS
#                           each setting on its own (see tests/faults/faults.c)
#   NOBS_FAULTS_REJECT_CRYPTOMGR=0  also inject below the kernel's
#                           cryptomgr_notify() (6.12 then WARNs in
#                           crypto_schedule_test(): the kernel's behaviour)
#   NOBS_FAULTS_KDIR        a debug kernel build dir (default: the cached one)
#   NOBS_FAULTS_SRC         build nobs.ko from this tree (default: this one)
#   NOBS_FAULTS_TIMEOUT     seconds for the guest (default 900; long: 7200)
# Output in $NOBS_BUILD/faults/: console.log, results.log.
set -uo pipefail
. "$(dirname "$0")/../../scripts/lib.sh"

long=${NOBS_FAULTS_LONG:-0}
if [ "$long" = 1 ]; then
	d_loads=100000 d_ploads=100 d_rounds=100 d_kpp=12 d_stress=30 d_to=7200
else
	d_loads=12 d_ploads=3 d_rounds=6 d_kpp=2 d_stress=6 d_to=900
fi
loads=${NOBS_FAULTS_LOADS:-$d_loads}
ploads=${NOBS_FAULTS_PLOADS:-$d_ploads}
prob=${NOBS_FAULTS_PROB:-2}
ops_prob=${NOBS_FAULTS_OPS_PROB:-3}
rounds=${NOBS_FAULTS_ROUNDS:-$d_rounds}
kpp=${NOBS_FAULTS_KPP:-$d_kpp}
stress=${NOBS_FAULTS_STRESS:-$d_stress}
timeout=${NOBS_FAULTS_TIMEOUT:-$d_to}

out=$NOBS_BUILD/faults
fail_build() {
	echo "  FAIL  $*"
	echo "faults-build: 0 passed, 1 failed"
	exit 1
}

if [ -n "${NOBS_FAULTS_KDIR:-}" ]; then
	kdir=$NOBS_FAULTS_KDIR
else
	kdir=$("$NOBS_ROOT/scripts/build-test-kernel.sh" x86_64) ||
		fail_build "no x86_64 debug kernel"
fi
[ "$(cat "$kdir/nobs-arch" 2>/dev/null)" = x86_64 ] || fail_build "$kdir: not an x86_64 test kernel"
for o in FAILSLAB FAIL_PAGE_ALLOC FAULT_INJECTION_DEBUG_FS DEBUG_KMEMLEAK KASAN; do
	grep -qx "CONFIG_$o=y" "$kdir/.config" || fail_build "$kdir: CONFIG_$o is not set"
done
if grep -qx 'CONFIG_DEBUG_KMEMLEAK_DEFAULT_OFF=y' "$kdir/.config"; then
	fail_build "$kdir: CONFIG_DEBUG_KMEMLEAK_DEFAULT_OFF=y (kmemleak off at boot)"
fi
if ! grep -qx 'CONFIG_FAULT_INJECTION_STACKTRACE_FILTER=y' "$kdir/.config"; then
	echo "SKIP: faults-stack-filter: $kdir has no CONFIG_FAULT_INJECTION_STACKTRACE_FILTER: faults hit the module loader too"
fi
command -v qemu-system-x86_64 >/dev/null || fail_build "qemu-system-x86_64 missing (scripts/deps.sh)"

rm -rf "$out"
mkdir -p "$out"

# nobs.ko against the debug kernel, warning-free.
mod=$out/mod
mkdir -p "$mod"
if [ -n "${NOBS_FAULTS_SRC:-}" ]; then
	NOBS_ROOT=$NOBS_FAULTS_SRC nobs_copy_tree "$mod"
else
	nobs_copy_tree "$mod"
fi
faults_make() { nice -n 5 make -C "$kdir" M="$1" -j2 modules; }
if ! nobs_at_work_dir "$mod" faults_make >"$out/build.log" 2>&1 ||
	[ ! -f "$mod/nobs.ko" ] || grep -Eq 'warning:|error:|objtool' "$out/build.log"; then
	grep -E 'warning:|error:|Error|objtool' "$out/build.log" | head -n 20
	fail_build "nobs.ko against $kdir (log: $out/build.log)"
fi

# Static guest programs, cached by source.
progs=$NOBS_CACHE/faults
inc=$NOBS_ROOT/tests/vm/progs	# hash_kats.h
uapi=$NOBS_ROOT/include/uapi/nobs/if_alg_kpp.h
mkdir -p "$progs"
build_prog() { # NAME SOURCE [flags]: print the cached binary
	local name=$1 src=$2 h bin
	shift 2
	h=$({ gcc --version | head -n 1; echo "$*"; cat "$src" "$inc"/*.h "$uapi"; } |
		sha256sum | cut -c1-12)
	bin=$progs/$name-$h
	if [ ! -x "$bin" ]; then
		gcc -static -O2 -Wall -Werror -I"$inc" -I"$NOBS_ROOT/include" "$@" \
			-o "$bin.tmp" "$src" >&2 ||
			return 1
		mv "$bin.tmp" "$bin"
	fi
	echo "$bin"
}
init=$(build_prog faults "$NOBS_ROOT/tests/faults/faults.c") || fail_build "tests/faults/faults.c"
stressb=$(build_prog stress "$NOBS_ROOT/tests/vm/progs/stress.c" -pthread) ||
	fail_build "tests/vm/progs/stress.c"

# The CSIDH known answer: the first valid reference vector.
nobs_vectors
vec=$NOBS_VECTORS/csidh/csidh_testvectors.dat
csidh=
if [ -f "$vec" ]; then
	csidh=$(/usr/bin/python3 -c '
import json, sys
for v in json.load(open(sys.argv[1]))["Vectors"]:
    if v["status"] == "valid":
        print("csidh_pr", v["Pr1"]); print("csidh_pk1", v["Pk1"])
        print("csidh_pk2", v["Pk2"]); print("csidh_ss", v["Ss"]); break
' "$vec") || csidh=
fi
if [ -z "$csidh" ]; then
	echo "SKIP: faults-csidh-ops: no CSIDH vectors at $vec (no csidh512 operations)"
	kpp=0
fi

r=$out/root
mkdir -p "$r"/{dev,proc,sys,etc,nobs,bin}
cp "$init" "$r/init"
cp "$stressb" "$r/bin/stress"
cp "$mod/nobs.ko" "$r/nobs/nobs.ko"
{
	echo "loads $loads"
	echo "ploads $ploads"
	echo "prob $prob"
	echo "ops_prob $ops_prob"
	echo "rounds $rounds"
	echo "kpp $kpp"
	echo "stress $stress"
	echo "reject_cryptomgr ${NOBS_FAULTS_REJECT_CRYPTOMGR:-1}"
	[ -z "$csidh" ] || echo "$csidh"
} >"$r/etc/faults.conf"
nobs_initrd "$r" "$out/initrd.gz"
echo "faults-build: 1 passed, 0 failed"

nobs_log "faults: booting $kdir (loads $loads, random loads $ploads, rounds $rounds, kpp $kpp, stress ${stress}s)"
t0=$(date +%s)
NOBS_BOOT_MEM=512 nobs_boot_selfbuilt "$out" "$kdir/$(cat "$kdir/image")" "$timeout" \
	"console=ttyS0 panic=-1 oops=panic kasan_multi_shot nokaslr no_timer_check"
rc=$nobs_qemu_rc
for f in console results; do
	mv "$out/$f.log" "$out/$f.raw"
	tr -d '\r' <"$out/$f.raw" >"$out/$f.log"
done
nobs_log "faults: guest ran $(($(date +%s) - t0)) s"

status=0
# The guest's notes and failures, then its protocol lines.
grep -E '^(FAULTS-NOTE|FAULTS-RESULT|faults: )' "$out/results.log" | sed 's/^FAULTS-NOTE /  /; s/^FAULTS-RESULT fail /  FAIL  /'
sed -n '/^FAULTS-KMEMLEAK-BEGIN/,/^FAULTS-KMEMLEAK-END/p' "$out/results.log" | head -n 60
grep -E '^faults-[a-z]+: [0-9]+ passed, [0-9]+ failed$' "$out/results.log"
if grep -Eq '^faults-[a-z]+: [0-9]+ passed, [1-9][0-9]* failed$' "$out/results.log"; then
	status=1
fi
for phase in load ops stress kmemleak; do
	if ! grep -q "^faults-$phase: " "$out/results.log"; then
		echo "  FAIL  faults-$phase: no result (guest crashed or hung; console: $out/console.log)"
		echo "faults-$phase: 0 passed, 1 failed"
		status=1
	fi
done
if ! grep -q '^FAULTS-DONE' "$out/results.log"; then
	if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
		echo "  FAIL  faults: guest not done within ${timeout}s"
	else
		echo "  FAIL  faults: guest did not finish (qemu exit $rc)"
	fi
	echo "faults-guest: 0 passed, 1 failed"
	status=1
fi

# Sanitizers and friends.  Injected allocation failures print warnings
# with a stack dump ("page allocation failure", "vmalloc error"), so a bare
# "Call Trace:" is not a problem by itself; every real report has a
# header matched here.
noise=$(grep -Ec 'page allocation failure|vmalloc error|no more sockets' "$out/console.log")
if NOBS_TRACES_OK=1 nobs_kernel_problems "$out/console.log" >/dev/null; then
	echo "  FAIL  faults-dmesg: the kernel reported a problem:"
	NOBS_TRACES_OK=1 nobs_kernel_problems "$out/console.log" | sed 's/^/    /'
	echo "  (console: $out/console.log)"
	echo "faults-dmesg: 0 passed, 1 failed"
	status=1
else
	echo "  console clean of KASAN/UBSAN/KFENCE/BUG/WARNING/Oops/lockdep/kmemleak reports ($noise allocation-failure warnings from injected faults)"
	echo "faults-dmesg: 1 passed, 0 failed"
fi
exit $status
