#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# kunit/run.sh quick|full|x86_64|x86_64-cfi|arm64|riscv64|ppc64le: the
# KUnit suites (kunit/nobs_kunit.ko) on self-built test kernels under
# QEMU/TCG.
#   x86_64: the debug kernel (KASAN, UBSAN, lockdep, ...): checks that every
#     debug option is in its .config, builds nobs.ko and nobs_kunit.ko
#     against it, runs the suites with and without force_generic=1, and
#     proves the pipeline reports failures: nobs_kunit test_fail=1 and
#     test_sanitizers=1 (a KUNIT_FAIL, a KASAN out-of-bounds read and a
#     UBSAN shift) must each be reported (the "meta" checks pass then);
#     the three runs in one boot, the modules unloaded and loaded again
#     between them.
#   arm64, riscv64, ppc64le: the same builds (cross) and runs (arm64 with and
#     without force_generic=1, in one boot: the SHA3-instruction/asm paths
#     and the generic ones; riscv64 and ppc64le run generic C only, once).
#   x86_64-cfi: the kCFI kernel (clang 19, CONFIG_CFI_CLANG, not permissive,
#     FineIBT): checks its .config, builds both modules with the kernel's
#     clang (LLVM=-19, W=1: clang's extra warnings fail the build too),
#     checks statically that every assembly entry point carries the type
#     hash clang's indirect calls expect (scripts/kcfi-check.py), runs the
#     suites with and without force_generic=1 (every permutation through
#     its dispatch pointer: a hash mismatch is a BUG, "CFI failure"), and
#     proves both checks fail on two planted mismatches in a copy of the
#     tree: an entry point opened with SYM_FUNC_START (no hash), and one
#     whose C declaration differs from the pointer it is called through
#     (made to fit with a cast).  Each must fail kcfi-check.py and bring
#     the guest down with a "CFI failure" naming it.
#   quick = x86_64; full = the four architectures (x86_64-cfi only by name).
# Kernels come from scripts/build-test-kernel.sh (cached in $NOBS_CACHE).
# NOBS_KUNIT_PARAMS: nobs_kunit's parameters for the runs that set none
# of their own (the fast field's: make check passes ctidh2048=0).
# Every part prints a results-protocol line "<name>: N passed, N failed".
set -uo pipefail
. "$(dirname "$0")/../scripts/lib.sh"

mode=${1:-full}
case "$mode" in
quick) arches=(x86_64) ;;
full) arches=(x86_64 arm64 riscv64 ppc64le) ;;
x86_64 | x86_64-cfi | arm64 | riscv64 | ppc64le) arches=("$mode") ;;
*) nobs_die "usage: kunit/run.sh quick|full|x86_64|x86_64-cfi|arm64|riscv64|ppc64le" ;;
esac

runner=$NOBS_ROOT/kunit/run-guest.sh
status=0

# The debug options a reviewer's debug kernel has (KASAN, UBSAN, lockdep,
# KFENCE, kmemleak, ...), and those the fault-injection and kernel
# coverage runs on the same kernel rely on (fault injection, GCOV_KERNEL).
x86_debug_opts=(KUNIT MODULES MODULE_UNLOAD KASAN KASAN_GENERIC KASAN_INLINE
	UBSAN UBSAN_BOUNDS UBSAN_SHIFT PROVE_LOCKING DEBUG_ATOMIC_SLEEP PREEMPT
	DEBUG_PREEMPT KFENCE SLUB_DEBUG DEBUG_KMEMLEAK DEBUG_FS FAULT_INJECTION
	FAILSLAB FAIL_PAGE_ALLOC FAULT_INJECTION_DEBUG_FS GCOV_KERNEL STACKTRACE
	FRAME_POINTER KALLSYMS CRYPTO_MANAGER CRYPTO_MANAGER_EXTRA_TESTS
	CRYPTO_SHA3 CRYPTO_AES CRYPTO_AES_NI_INTEL CRYPTO_CTR CRYPTO_KPP
	CRYPTO_ECDH CRYPTO_RNG CRYPTO_DRBG_MENU CRYPTO_USER_API_HASH
	CRYPTO_USER_API_RNG CRYPTO_USER_API_SKCIPHER)

# What the kCFI kernel must be: clang's kCFI, enforcing (a mismatch is a
# BUG), FineIBT's preamble layout, and what the suites need.
cfi_opts=(CC_IS_CLANG CFI_CLANG X86_KERNEL_IBT FINEIBT CALL_PADDING KUNIT
	MODULES MODULE_UNLOAD KALLSYMS CRYPTO_MANAGER CRYPTO_MANAGER_EXTRA_TESTS
	CRYPTO_SHA3 CRYPTO_AES CRYPTO_AES_NI_INTEL CRYPTO_CTR CRYPTO_KPP
	CRYPTO_RNG CRYPTO_DRBG_MENU CRYPTO_USER_API_HASH CRYPTO_USER_API_RNG)

# check_config NAME KDIR OPT... [-- OPT...]: each OPT before "--" is =y in
# KDIR's .config, each after it is not set.
check_config() {
	local name=$1 kdir=$2 o off=
	shift 2
	for o in "$@"; do
		if [ "$o" = -- ]; then
			off=1
		elif [ -z "$off" ] && grep -qx "CONFIG_$o=y" "$kdir/.config"; then
			echo "  config ok:      CONFIG_$o=y"
			nobs_add 1 0 0
		elif [ -z "$off" ]; then
			echo "  config MISSING: CONFIG_$o"
			nobs_add 0 1 0
		elif grep -q "^CONFIG_$o=" "$kdir/.config"; then
			echo "  config BAD:     $(grep "^CONFIG_$o=" "$kdir/.config")"
			nobs_add 0 1 0
		else
			echo "  config ok:      # CONFIG_$o is not set"
			nobs_add 1 0 0
		fi
	done
	nobs_summary "$name-config"
}

# kunit_make DIR: nobs.ko and kunit/nobs_kunit.ko of the tree DIR against
# build_modules's $kdir, with its "${kv[@]}".
kunit_make() {
	nice -n 5 make -C "$kdir" M="$1" "${kv[@]}" -j2 modules &&
		nice -n 5 make -C "$1/kunit" KDIR="$kdir" NOBS_DIR="$1" "${kv[@]}"
}

# build_modules ARCH KDIR DST [SRC]: nobs.ko and kunit/nobs_kunit.ko in DST
# (from the tree SRC instead of the clone: kunit/ then is not needed), with
# the make variables the kernel was built with (KDIR/kmake-args).
build_modules() {
	local arch=$1 kdir=$2 dst=$3 src=${4:-} log=$3.log kv
	local -a kv
	case $arch in
	x86_64) kv=() ;;
	x86_64-cfi) kv=(W=1) ;;
	arm64) kv=(ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu-) ;;
	riscv64) kv=(ARCH=riscv CROSS_COMPILE=riscv64-linux-gnu-) ;;
	ppc64le) kv=(ARCH=powerpc CROSS_COMPILE=powerpc64le-linux-gnu-) ;;
	esac
	# (Its non-empty lines: a kernel cached by an older recipe has an
	# empty line there.)
	if [ -s "$kdir/kmake-args" ]; then
		mapfile -t -O ${#kv[@]} kv < <(grep . "$kdir/kmake-args" || true)
	fi
	rm -rf "$dst" "$log"
	mkdir -p "$dst"
	if [ -n "$src" ]; then
		cp -a "$src/." "$dst/"
	else
		nobs_copy_tree "$dst"
	fi
	if [ ! -f "$dst/kunit/Makefile" ]; then
		echo "  FAIL  $arch: no kunit/ in the tree"
		return 1
	fi
	if nobs_at_work_dir "$dst" kunit_make >"$log" 2>&1 &&
		[ -f "$dst/nobs.ko" ] && [ -f "$dst/kunit/nobs_kunit.ko" ] &&
		! grep -Eq 'warning:|error:|objtool' "$log"; then
		return 0
	fi
	grep -E 'warning:|error:|Error|objtool' "$log" | head -n 20 ||
		tail -n 20 "$log"
	return 1
}

# boot ARCH KDIR DST RUN...: one boot of the test kernel KDIR with
# DST's modules for the KUnit runs RUN..., each
# "LABEL|NOBS_PARAMS|KUNIT_PARAMS|FILTER_GLOB" (NOBS_SEED: nobs_kunit's
# seed=), in the order given; the runner's output in
# $NOBS_BUILD/kunit/ARCH.boot.log, each run's report in
# $NOBS_BUILD/kunit/LABEL/report.txt.
boot() {
	local arch=$1 kdir=$2 dst=$3 r label p kp glob
	local -a args=()
	shift 3
	for r in "$@"; do
		IFS='|' read -r label p kp glob <<<"$r"
		kp=$kp${NOBS_SEED:+ seed=$NOBS_SEED}
		args+=(-l "$label" -p "$p" -P "${kp# }")
		[ -z "$glob" ] || args+=(-f "$glob")
		rm -f "$NOBS_BUILD/kunit/$label/report.txt"
	done
	mkdir -p "$NOBS_BUILD/kunit"
	"$runner" -q -a "${arch%-cfi}" -K "$kdir" -m "$dst/nobs.ko" \
		-m "$dst/kunit/nobs_kunit.ko" "${args[@]}" >"$NOBS_BUILD/kunit/$arch.boot.log" 2>&1
}

# report ARCH LABEL: a run's report as the runner printed it (its last
# line "<arch> kunit: N passed, N failed, N skipped"); false if it failed.
report() {
	local rep=$NOBS_BUILD/kunit/$2/report.txt
	if [ ! -s "$rep" ]; then
		tail -n 5 "$NOBS_BUILD/kunit/$1.boot.log" | sed 's/^/  | /'
		echo "  FAIL  $2: no report (the runner's output: $NOBS_BUILD/kunit/$1.boot.log)"
		echo "$1 kunit: 0 passed, 1 failed"
		return 1
	fi
	cat "$rep"
	tail -n 1 "$rep" | grep -q ' 0 failed'
}

# kcfi_static DST: the type hash of every x86 assembly entry point of the
# modules built in DST (scripts/kcfi-check.py).
kcfi_static() {
	local dst=$1 o
	local -a asm=()
	for o in "$dst"/arch/x86/*.o; do
		[ -f "${o%.o}.S" ] && asm+=(-a "$o")
	done
	python3 "$NOBS_ROOT/scripts/kcfi-check.py" "${asm[@]}" "$dst/nobs.ko" \
		"$dst/kunit/nobs_kunit.ko"
}

# The planted mismatches, "NAME|entry point hit|file of the tree|sed script
# that must change it".
plants=(
	"untyped|nobs_keccakf_x86_bmi|arch/x86/keccak_x86_64.S|s/^SYM_TYPED_FUNC_START(nobs_keccakf_x86_bmi)/SYM_FUNC_START(nobs_keccakf_x86_bmi)/"
	"prototype|nobs_keccak_absorb_x86_bmi|arch/x86/keccak_x86.c|s/size_t nblocks, size_t rate);/size_t nblocks, u32 rate);/;s/= nobs_keccak_absorb_x86_bmi,/= (void *)nobs_keccak_absorb_x86_bmi,/"
)

# plant_check KDIR NAME FUNC FILE SED: the clone's tree with that edit, built
# with the kernel's clang: kcfi-check.py must fail on FUNC (and on nothing
# else), and a boot loading nobs.ko (whose self-tests call FUNC through its
# dispatch pointer) must be reported as failed with a CFI failure whose
# target is FUNC.  Two result lines: NAME-static and NAME-boot.
plant_check() {
	local kdir=$1 name=$2 fn=$3 file=$4 edit=$5 rc ok=0
	local src=$NOBS_BUILD/kunit/plant-$name-src dst=$NOBS_BUILD/kunit/plant-$name
	local log=$NOBS_BUILD/kunit/plant-$name.run.log
	local pre=x86_64-cfi-plant-$name
	if ! nobs_plant_tree "$src" "$file" "$edit" "$name"; then
		echo "$pre: 0 passed, 2 failed"
		return 1
	fi
	if ! build_modules x86_64-cfi "$kdir" "$dst" "$src"; then
		echo "  FAIL  $name: the planted tree did not build"
		echo "$pre: 0 passed, 2 failed"
		return 1
	fi
	kcfi_static "$dst" >"$dst.kcfi.log" 2>&1
	rc=$?
	sed 's/^/  | /' "$dst.kcfi.log"
	if [ $rc = 1 ] && grep -q "^  FAIL  $fn: " "$dst.kcfi.log" &&
		[ "$(grep -c '^  FAIL ' "$dst.kcfi.log")" = 1 ]; then
		echo "$pre-static: 1 passed, 0 failed"
	else
		echo "  FAIL  kcfi-check.py did not fail on $fn alone (exit $rc)"
		echo "$pre-static: 0 passed, 1 failed"
		ok=1
	fi
	# keccak_impl=bmi: the planted entry point must be the one called (the
	# load-time timing may pick generic under TCG).
	"$runner" -q -a x86_64 -K "$kdir" -m "$dst/nobs.ko" -p keccak_impl=bmi \
		-l "x86_64-cfi-plant-$name" >"$log" 2>&1
	rc=$?
	sed 's/^/  | /' "$log"
	if [ $rc -ne 0 ] && grep -Eq "CFI failure at .*\(target: $fn\+0x0/" \
		"$NOBS_BUILD/kunit/x86_64-cfi-plant-$name/console.log"; then
		echo "  the guest: $(grep -Eo "CFI failure at .*" \
			"$NOBS_BUILD/kunit/x86_64-cfi-plant-$name/console.log" | head -n 1)"
		echo "$pre-boot: 1 passed, 0 failed"
	else
		echo "  FAIL  no CFI failure with target $fn reported (runner exit $rc)"
		echo "$pre-boot: 0 passed, 1 failed"
		ok=1
	fi
	return $ok
}

plant_checks() {
	local kdir=$1 p name fn file edit
	for p in "${plants[@]}"; do
		IFS='|' read -r name fn file edit <<<"$p"
		nobs_log "x86_64-cfi: planted mismatch '$name' ($fn)"
		plant_check "$kdir" "$name" "$fn" "$file" "$edit" || status=1
	done
}

# The pipeline must report a deliberately failing test and, on the debug
# kernel, a KASAN and a UBSAN report: the last run of the x86_64 boot
# (meta_run) runs the nobs_module suite only (kunit.filter_glob) with
# test_fail=1 (a KUNIT_FAIL case) and test_sanitizers=1 (a slab
# out-of-bounds read, an out-of-range shift).  Each of the three cases
# must be reported failed, each splat must be among the runner's problems,
# and nothing else may go wrong (load, hang, crash, another case, another
# kernel report).  The run's own counts are not ours.
meta_run="x86_64-meta||test_fail=1 test_sanitizers=1|nobs_module"
meta_check() {
	local o=$NOBS_BUILD/kunit/x86_64-meta ok=0 rc=0
	local log=$o/report.txt tsv=$o/ktap.tsv
	[ -s "$log" ] || echo "  FAIL  x86_64-meta: no report" >"$log"
	tail -n 1 "$log" | grep -q ' 0 failed' || rc=1
	sed 's/^/  | /' "$log"
	failed() { grep -q "^FAIL	$1	" "$tsv" 2>/dev/null; }
	splat() { grep -Eq "^    \[ *[0-9.]+\] $1" "$log"; }
	meta_result() {
		if [ "$2" = 0 ]; then
			echo "x86_64-kunit-reports-$1: 1 passed, 0 failed"
		else
			echo "  FAIL  the deliberate $1 was not reported as a failure (runner exit $rc)"
			echo "x86_64-kunit-reports-$1: 0 passed, 1 failed"
			ok=1
		fi
	}
	[ $rc -ne 0 ] && failed nobs_module.module_deliberate_failure
	meta_result failure $?
	failed nobs_module.module_kasan_oob_read &&
		splat 'BUG: KASAN: slab-out-of-bounds in module_kasan_oob_read'
	meta_result kasan $?
	failed nobs_module.module_ubsan_shift &&
		splat 'UBSAN: shift-out-of-bounds in .*nobs_kunit_main\.c'
	meta_result ubsan $?
	# Nothing else: module_registered passes, no other runner complaint,
	# no kernel report but the two splats.
	if [ "$(grep -c "^FAIL	nobs_module\.module_" "$tsv" 2>/dev/null)" = 3 ] &&
		grep -q "^PASS	nobs_module\.module_registered	" "$tsv" &&
		! grep 'FAIL  x86_64-meta: ' "$log" | grep -vq 'kernel reported a problem:$' &&
		! nobs_kernel_problems "$o/console.log" |
		grep -Evq '\] (BUG: KASAN: slab-out-of-bounds in module_kasan_oob_read|UBSAN: shift-out-of-bounds in .*nobs_kunit_main\.c|Call Trace:)'; then
		echo "x86_64-kunit-meta-clean: 1 passed, 0 failed"
	else
		echo "  FAIL  the meta run failed otherwise than on the three deliberate cases"
		echo "x86_64-kunit-meta-clean: 0 passed, 1 failed"
		ok=1
	fi
	return $ok
}

for arch in "${arches[@]}"; do
	t0=$(date +%s)
	if ! kdir=$("$NOBS_ROOT/scripts/build-test-kernel.sh" "$arch"); then
		echo "$arch-test-kernel: 0 passed, 1 failed"
		status=1
		continue
	fi
	secs=$(cat "$kdir/build-seconds" 2>/dev/null || echo '?')
	if [ $(($(date +%s) - t0)) -gt 60 ]; then
		nobs_log "$arch test kernel: built now in $secs s ($kdir)"
	else
		nobs_log "$arch test kernel: cached ($kdir, built in $secs s)"
	fi
	case $arch in
	x86_64)
		check_config x86_64-debug "$kdir" "${x86_debug_opts[@]}" \
			-- CRYPTO_MANAGER_DISABLE_TESTS || status=1 ;;
	x86_64-cfi)
		check_config x86_64-cfi "$kdir" "${cfi_opts[@]}" \
			-- CFI_PERMISSIVE CRYPTO_MANAGER_DISABLE_TESTS || status=1 ;;
	esac
	dst=$NOBS_BUILD/kunit/mod-$arch
	if build_modules "$arch" "$kdir" "$dst"; then
		echo "$arch-kunit-build: 1 passed, 0 failed"
	else
		echo "$arch-kunit-build: 0 passed, 1 failed"
		status=1
		continue
	fi
	if [ "$arch" = x86_64-cfi ]; then kcfi_static "$dst" || status=1; fi
	# The generic runs (and the only run where generic is all there is)
	# also lower the DRBG reseed interval, for drbg_reseed_limit.  arm64
	# forces the SHA3-instruction permutation: under QEMU/TCG the load-time
	# timing picks the C (ce is emulated slower), and this is the only run
	# of the NEON sections; x86_64 (and x86_64-cfi) force bmi likewise:
	# there the timing flips between generic and bmi from load to load,
	# and each run must test the same code every time.
	case $arch in
	x86_64 | x86_64-cfi)
		variants=("keccak_impl=bmi" "force_generic=1 drbg_reseed_interval=1000") ;;
	arm64)
		variants=("keccak_impl=ce" "force_generic=1 drbg_reseed_interval=1000") ;;
	*) variants=("drbg_reseed_interval=1000") ;;
	esac
	# The force_generic runs of the kernels with a fast field leave out
	# the cases of the sets past 512 bits (nobs_kunit large=0, skips):
	# csidh1024's generic 1024-bit C took ten minutes there under TCG and
	# KASAN, and it is the riscv64 and ppc64le runs' only code (and the
	# harness's); those leave out ctidh2048 (ctidh2048=0): its generic
	# 2048-bit C, about four times ctidh1024's, is the harness's.
	# The runs, in one boot (x86_64's meta run last: its reports stay in
	# its part of the console).
	runs=()
	for params in "${variants[@]}"; do
		suffix= kparams=${NOBS_KUNIT_PARAMS:-}
		case $arch in riscv64 | ppc64le) kparams=ctidh2048=0 ;; esac
		case $params in *force_generic*) suffix=-generic kparams=large=0 ;; esac
		runs+=("$arch$suffix|$params|$kparams|")
	done
	[ "$arch" != x86_64 ] || runs+=("$meta_run")
	nobs_log "$arch: KUnit, one boot: ${runs[*]}"
	boot "$arch" "$kdir" "$dst" "${runs[@]}"
	for r in "${runs[@]}"; do
		[ "$r" != "$meta_run" ] || continue
		report "$arch" "${r%%|*}" || status=1
	done
	case $arch in
	x86_64) meta_check || status=1 ;;
	x86_64-cfi) plant_checks "$kdir" ;;
	esac
done
exit $status
