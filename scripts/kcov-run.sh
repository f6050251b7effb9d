#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# kcov-run.sh: coverage of nobs.ko inside the kernel.  Builds nobs.ko with
# GCOV_PROFILE=y against the x86_64 debug test kernel (CONFIG_GCOV_KERNEL,
# scripts/build-test-kernel.sh), boots that kernel under QEMU/TCG with the
# VM test initramfs (tests/vm/guest-init.sh as /init, tests/vm/cases,
# tests/vm/progs, the vectors) plus tests/vm/kcov: 95-unwind.sh (load
# failures, names taken by nobs_kcov_stub.ko from tests/vm/kcov/kmod, one
# failed allocation at a time with tests/vm/kcov/failnth.c, the generic
# implementations), 96-kunit.sh (nobs_kunit.ko from kunit/, when it builds)
# and 99-gcov.sh, which sends /sys/kernel/debug/gcov's .gcda files to ttyS2.
#
#   scripts/kcov-run.sh [-K kernel_build_dir] [-t timeout_s] [-b]
#     -K  a GCOV_KERNEL build tree (default: build-test-kernel.sh -n x86_64)
#     -b  build that kernel first when it is missing (about 6 min)
#   NOBS_KCOV_UNWIND=1 (default): also every load failure after a
#     registration (test_fail_after=1.., drbg_reseed_interval=0, and one
#     load per allocation with that allocation failing: fail-nth, see
#     95-unwind.sh); 0: only test_fail_after=0
#   NOBS_KCOV_FAILNTH_MAX: at most this many fail-nth loads (default 400)
#   NOBS_KCOV_FAILNTH_EACH: at most this many per component (default 12;
#     0: every allocation)
#   NOBS_KCOV_FAILNTH_TAIL: and this many of the last of each (default 3)
#   NOBS_KCOV_CASES: glob of the tests/vm/cases to run (default '*'; the
#     kcov cases always run; for work on them, e.g. NOBS_KCOV_CASES=none)
#
# Output in $NOBS_BUILD/coverage/kernel/: data/ (the module sources as
# built, with .gcno and the guest's .gcda beside them: gcovr -r data data),
# console.log, results.log, results.tsv.  scripts/coverage.sh reads data/.
# The last line is "kcov: N passed, N failed, N skipped" (the guest's
# results, plus one failure if no coverage data came back).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

kdir="" timeout=2400 build=0
while getopts K:t:b o; do
	case $o in
	K) kdir=$OPTARG ;;
	t) timeout=$OPTARG ;;
	b) build=1 ;;
	*) sed -n '14,25p' "$0"; exit 2 ;;
	esac
done
if [ -z "$kdir" ]; then
	if [ "$build" = 1 ]; then
		kdir=$("$NOBS_ROOT/scripts/build-test-kernel.sh" x86_64)
	else
		kdir=$("$NOBS_ROOT/scripts/build-test-kernel.sh" -n x86_64)
	fi
fi
out=$NOBS_BUILD/coverage/kernel
skip_out() {
	nobs_result skip kcov "$1"
	nobs_summary kcov
	exit 0
}
if [ ! -f "$kdir/.config" ] || [ ! -f "$kdir/image" ]; then
	skip_out "no built test kernel in $kdir (scripts/kcov-run.sh -b builds it)"
fi
grep -q '^CONFIG_GCOV_KERNEL=y' "$kdir/.config" ||
	skip_out "$kdir has no CONFIG_GCOV_KERNEL"
grep -q '^CONFIG_X86_64=y' "$kdir/.config" || skip_out "$kdir is not x86_64"
image=$kdir/$(cat "$kdir/image")
kver=$(nobs_krelease "$kdir")

# A copy of the module sources: the objects, .gcno and .gcda files stay
# there, named by the absolute path the kernel records for them.
rm -rf "$out"
mkdir -p "$out/data"
data=$(cd "$out/data" && pwd)
nobs_copy_tree "$data"
nobs_log "kcov: nobs.ko with GCOV_PROFILE=y against $kdir"
nice -n 10 make -s -j2 -C "$kdir" M="$data" GCOV_PROFILE=y NOBS_TEST_HOOKS=1 modules \
	>"$out/build.log" 2>&1 || { cat "$out/build.log"; nobs_die "module build failed"; }
# nobs_kcov_stub.ko (tests/vm/kcov/kmod): names nobs registers, taken first.
stub=
mkdir -p "$out/stub"
cp "$NOBS_ROOT"/tests/vm/kcov/kmod/* "$out/stub/"
if nice -n 10 make -s -j2 -C "$kdir" M="$out/stub" modules >"$out/build-stub.log" 2>&1; then
	stub=$out/stub/nobs_kcov_stub.ko
else
	cat "$out/build-stub.log"
	nobs_die "nobs_kcov_stub.ko did not build"
fi
kunit=
if [ -f "$data/kunit/Makefile" ] &&
   nice -n 10 make -s -j2 -C "$data/kunit" KDIR="$kdir" NOBS_DIR="$data" \
	KCFLAGS=-DNOBS_KUNIT_NOBS_GCOV >"$out/build-kunit.log" 2>&1 && [ -f "$data/kunit/nobs_kunit.ko" ]; then
	kunit=$data/kunit/nobs_kunit.ko
fi
# initramfs: busybox, kmod, kcapi-tools, the test programs, the cases.
r=$out/root
nobs_selfbuilt_root "$r" "$kdir" "$kver"
cp "$data/nobs.ko" "$r/nobs/nobs.ko"
# Built with the test hooks: it is its own test build too.
cp "$data/nobs.ko" "$r/nobs/nobs-test.ko"
for c in "$NOBS_ROOT"/tests/vm/cases/${NOBS_KCOV_CASES-*}.sh \
	"$NOBS_ROOT"/tests/vm/kcov/*.sh; do
	if [ -f "$c" ]; then cp "$c" "$r/cases/"; fi
done
if [ -n "$kunit" ]; then cp "$kunit" "$r/nobs/"; fi
# The sample module that uses the library (95-sample.sh), against this
# nobs.ko as on a user's machine.
nobs_sample_build "$out" "$r" "$data/nobs.ko" "$kdir" -s -j2
cp "$stub" "$r/nobs/"
nobs_guest_progs "$r" "$NOBS_ROOT"/tests/vm/progs/*.c "$NOBS_ROOT"/tests/vm/kcov/*.c
# drbg_reseed_interval=1000: 40-drbg.sh's reseed case runs (and KUnit's).
printf 'KVER=%s\nNOBS_PARAMS="%s"\nNOBS_KCOV_UNWIND=%s\nNOBS_KCOV_FAILNTH_MAX=%s\nNOBS_KCOV_FAILNTH_EACH=%s\nNOBS_KCOV_FAILNTH_TAIL=%s\n' \
	"$kver" "drbg_reseed_interval=1000" "${NOBS_KCOV_UNWIND:-1}" \
	"${NOBS_KCOV_FAILNTH_MAX:-400}" "${NOBS_KCOV_FAILNTH_EACH:-12}" \
	"${NOBS_KCOV_FAILNTH_TAIL:-3}" \
	>"$r/etc/nobs.conf"
nobs_initrd "$r" "$out/initrd.gz"

nobs_log "kcov: booting $kver (TCG; KASAN and GCOV make this slow)"
# slab_nomerge: 95-unwind.sh flags caches for failslab one by one, which a
# cache merged with others refuses.
set +e
nobs_boot_selfbuilt "$out" "$image" "$timeout" \
	"console=ttyS0 panic=-1 oops=panic loglevel=4 nokaslr slab_nomerge no_timer_check" \
	-serial "file:$out/gcov.log"
rc=$nobs_qemu_rc
set -e

nobs_vm_results "$out" kcov
lost=$nobs_lost
nobs_vm_counts "$out/results.tsv" kcov
nobs_add "$nobs_pass" "$nobs_fail" "$nobs_skip"
if [ -n "$kunit" ]; then
	# Every case of our suites, from their KTAP documents (96-kunit.sh).
	sed -n '/^NOBS-KTAP-BEGIN$/,/^NOBS-KTAP-END$/p' "$out/results.clean" |
		sed '1d;$d' >"$out/ktap.log"
	# The one KTAP reader (scripts/ktap.py): a line a case.
	python3 "$NOBS_ROOT/scripts/ktap.py" \
		"$(readlink -f "$kdir/source")/tools/testing/kunit" \
		"$out/ktap.log" "$out/kunit.tsv" >"$out/ktap.out" 2>&1 || true
	nobs_vm_counts "$out/kunit.tsv" kcov/kunit
	kpass=$nobs_pass kfail=$nobs_fail kskip=$nobs_skip
	echo "  kunit: $kpass passed, $kfail failed, $kskip skipped (ktap.log)"
	if [ $((kpass + kfail)) = 0 ]; then
		echo "  FAIL  kunit: no KUnit results came back"
		kfail=1
	fi
	nobs_add "$kpass" "$kfail" "$kskip"
else
	nobs_result skip kcov/kunit "nobs_kunit.ko did not build (see $out/build-kunit.log)"
fi

# The .gcda files: back beside their .gcno (same path relative to $data).
tr -d '\r' <"$out/gcov.log" | sed -n '/^NOBS-GCOV-BEGIN$/,/^NOBS-GCOV-END$/p' |
	sed '1d;$d' | base64 -d >"$out/gcda.tar.gz" 2>/dev/null || true
ngcda=0
if [ -s "$out/gcda.tar.gz" ]; then
	mkdir -p "$out/gcda"
	tar -xzf "$out/gcda.tar.gz" -C "$out/gcda"
	while read -r f; do
		rel=${f#"$out/gcda"}
		rel=${rel#"$data"/}
		case $rel in
		/*) continue ;;	# not one of ours
		esac
		cp "$f" "$data/$rel"
		ngcda=$((ngcda + 1))
	done < <(find "$out/gcda" -name '*.gcda')
fi
echo "  $ngcda .gcda files of nobs.ko collected"
problem=
if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
	problem="hang: no result within ${timeout}s"
elif ! grep -q '^NOBS-DONE$' "$out/results.clean"; then
	problem="guest did not finish (qemu exit $rc)"
elif [ -n "$lost" ]; then
	problem="result lines lost: $lost"
elif [ "$ngcda" = 0 ]; then
	problem="no coverage data from the guest"
fi
# (the load failures it runs inject allocation failures: call traces)
if NOBS_TRACES_OK=1 nobs_kernel_problems "$out/console.log" >/dev/null; then
	problem="${problem:+$problem; }kernel reported a problem (see $out/console.log)"
fi
if [ -n "$problem" ]; then
	nobs_result fail kcov "$problem"
fi
nobs_summary kcov
