#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# check.sh full|all|quick|lint|boards: run the test suites and print the
# summary.
#   full (make check, the set that fits CI's budget: cold under 60 min,
#          warm under 20 on two cores): lint (checkpatch, W=1 + sparse +
#          objtool + ENDBR builds against every kernel ID of
#          scripts/lib.sh), the userspace harness (ASan+UBSan, valgrind),
#          5 s of each fuzzer, DKMS add/build/remove against every kernel
#          ID, the package (make deb, lintian, install), the runner
#          self-test; VM suites on the modules DKMS built: every case on
#          Debian 12's 6.12, and on the newest 7.x (backports, with the
#          AF_ALG policy case) every case but CTIDH's ($NOBS_VM_MOST),
#          the core cases ($NOBS_VM_CORE: every algorithm, the kpp
#          type's errors, the stress run with unload attempts, the
#          sample module built against DKMS's nobs) on 6.1, those
#          whose outcome depends on the implementation ($NOBS_VM_IMPL)
#          with force_generic on trixie, the rt
#          cases ($NOBS_VM_RT: the core ones and the load failures and
#          unloads) on trixie-rt, the DRBG cases on a CPU without AES on
#          6.12, the FIPS case booted with fips=1 on 6.1, 6.12 and trixie
#          ($NOBS_VM_FIPS: nobs refuses to load, nothing panics); the
#          boards' Debian 13
#          kernels with their core cases ($NOBS_BOARD_CORE: arm64
#          Cortex-A72 as a whole Debian system where the package's DKMS
#          builds nobs.ko, arm64 -cpu max, riscv64, ppc64le); and on the
#          self-built x86_64 debug kernel KUnit, fault injection and
#          kmemleak, the AF_ALG fuzzer's short campaign and its planted
#          bug.
#   all (make check-full): what full runs, and every case on 6.1, trixie,
#          trixie-rt and the Cortex-A72 system, 6.1 and 6.12 with
#          force_generic, the
#          core cases on sid and with force_generic on backports, the DRBG
#          cases without AES on backports; KUnit on the self-built arm64,
#          riscv64, ppc64le and x86_64 kCFI (clang) kernels, the AF_ALG
#          fuzzer on the KCSAN kernel, and make coverage with its targets
#          (scripts/coverage.sh).
#   quick: userspace harness, 6.12 build, VM tests on 6.12, x86_64 KUnit
#          and fault injection.
# NOBS_VM_EXTRA overrides the newer kernels' VM suites, ID[:generic][:core|:impl|:most|:rt|:noaes|:fips]
# each (:core: the cases $NOBS_VM_CORE; :impl: $NOBS_VM_IMPL; :most: $NOBS_VM_MOST; :rt: $NOBS_VM_RT; :noaes: the DRBG
# cases on QEMU -cpu max,-aes: which AES the DRBG takes then; :fips: the
# FIPS case, 25-fips.sh, in a guest booted with fips=1).
# Jobs (one suite, or a few that must follow each other) run from one
# queue by two workers (the machine has two cores, and a QEMU/TCG run
# keeps about one busy): each worker takes the first job in the queue
# whose prerequisites are done (the VM suites need DKMS's modules, the
# Debian system's suite the package), the queue ordered longest first by
# each job's time in the last run ($NOBS_CACHE/check-times; a built-in
# estimate for a job never run), so both end at about the same time, cold
# or warm.  A job's output is printed whole when it ends.  NOBS_JOBS=N
# sets the number of workers (NOBS_SERIAL=1: one).  Per kernel, what ran
# and its counts: build/results/kernels.tsv.
# The boards' stock kernels (Debian 13's arm64, riscv64 and ppc64le:
# kernel ID trixie with NOBS_ARCH), ARCH[:CPU][:dkms][:core][:tcrypt]
# each (board_suite): arm64 on cortex-a72 (the Raspberry Pi 4: generic
# Keccak, arm64 field assembly) as a whole Debian 13 system in which the
# nobs-dkms package is installed and DKMS builds nobs.ko
# (scripts/board-rootfs.sh, run-vm.sh -D), arm64 on max (the SHA3
# instructions) and riscv64 and ppc64le (generic C) from an initramfs,
# with the module cross-built against each kernel's headers (kbuild.sh:
# W=1 and sparse too) ($NOBS_BOARDS: each a job of the queue).
#   boards: every board suite (make check-boards), every case on each:
#           the same kernels, arm64 max with README.md's tcrypt commands,
#           riscv64 as a whole system with DKMS too; and the LAVA test
#           definition run by lava-run on a QEMU arm64 Cortex-A72 device
#           (tests/lava/run.sh: the core cases).
# The last line is "N passed, N failed[, N skipped]".
set -uo pipefail
. "$(dirname "$0")/lib.sh"

mode=${1:-full}
rs=$NOBS_ROOT/scripts/run-suite.sh
res=$NOBS_BUILD/results
rm -rf "$res"
mkdir -p "$res"
nobs_vectors || exit 1

GENERIC="force_generic=1 drbg_reseed_interval=1000"
# The runs with the fast code name the permutation: the one timed fastest at
# load is whichever TCG's translation happens to run faster that moment
# (generic or bmi, from load to load), and each run must test the same
# code every time.  36-sha3-impl.sh tests the timed choice itself.
FAST="keccak_impl=bmi"
# The core cases: every algorithm (30, 40, 50; CSIDH-1024, whose long
# requests yield under MAY_SLEEP, 65), the kpp type's errors (60), the
# stress run with unload attempts (80), the sample module (95: a user of
# the library, built on the host against each kernel's tree and the
# Module.symvers DKMS kept; depmod's order and modprobe).  The rt cases
# add the load failures and unloads (20): with 65 and 80, what PREEMPT_RT
# changes most.
# make check-full adds the abuse cases (70) to them.
core='30-* 40-* 50-* 60-* 65-* 80-* 95-*'
case $mode in
all)
	NOBS_VM_CORE=${NOBS_VM_CORE:-"$core 70-*"}
	VM_EXTRA=${NOBS_VM_EXTRA:-"6.12:generic 6.1 6.1:generic trixie sid:core backports trixie-rt backports:generic:core 6.12:noaes backports:noaes"}
	BOARDS=${NOBS_BOARDS:-"arm64:max:core arm64:cortex-a72:dkms riscv64:core ppc64le:core"}
	;;
*)
	NOBS_VM_CORE=${NOBS_VM_CORE:-$core}
	VM_EXTRA=${NOBS_VM_EXTRA:-"6.1:core trixie:generic:impl backports:most trixie-rt:rt 6.12:noaes"}
	BOARDS=${NOBS_BOARDS:-"arm64:max:core arm64:cortex-a72:dkms:core riscv64:core ppc64le:core"}
	;;
esac
NOBS_VM_RT=${NOBS_VM_RT:-"20-* $core"}
# Every case but CTIDH's (63: high-ctidh's records and fresh keys, each
# set's bounds; the cores' and the glue's work, the same on every kernel,
# a minute under TCG), for make check's second every-case kernel: 6.12's
# suite runs 63, check-full every kernel's, and 60 binds every CTIDH set
# on each (its first-use known answers, one group action each).
NOBS_VM_MOST=${NOBS_VM_MOST:-"[!6]?-* 6[!3]-*"}
# The core cases whose outcome depends on the implementation nobs picked,
# for make check's force_generic suite: the algorithms against their
# vectors and independent implementations (30, 40, 50), CSIDH-1024's long
# requests, which yield under MAY_SLEEP (65), the library through the
# sample module (95).  The rest of the core cases (the kpp type's errors
# and its stress, 60; the stress run with unload attempts, 80) is the
# glue's, the same whichever permutation and field the module runs: make
# check runs them on four x86_64 suites with the fast code and on the
# riscv64 and ppc64le boards, whose only code is the generic C, and KUnit
# runs the generic cores with force_generic on the debug kernel;
# check-full runs every case with force_generic on 6.1 and 6.12.
NOBS_VM_IMPL=${NOBS_VM_IMPL:-"30-* 40-* 50-* 65-* 95-*"}
# The kernels with CONFIG_CRYPTO_FIPS (Debian's 7.x have none and ignore
# fips=1): one short boot each, with only the FIPS case.
NOBS_VM_FIPS=${NOBS_VM_FIPS:-"6.1:fips 6.12:fips trixie:fips"}
# The core suites' stress run (80) lasts 8 s instead of 12: the same
# processes and unload attempts, for a third less of the time it keeps
# both of the guest's CPUs busy.  The other suites (the rt cases too) get
# NOBS_STRESS_SECS, or when it is unset 80-stress.sh's own 12.
CORE_STRESS=${NOBS_CORE_STRESS_SECS:-8}
# The boards' core cases: NOBS_BOARD_CORE (lib.sh).
BOARDS_ALL="arm64:cortex-a72:dkms riscv64:dkms arm64:max:tcrypt riscv64 ppc64le"

# board_suite ARCH[:CPU][:dkms][:core][:tcrypt]: one board kernel's suites.
board_suite() {
	local arch=${1%%:*} cpu= name args=() deb params=
	case $1 in *:cortex-a72* | *:max*) cpu=$(echo "$1" | cut -d: -f2) ;; esac
	name=vm-trixie-$arch${cpu:+-${cpu#cortex-}}
	# The generic-only kernels, and the Pi 4: the DRBG's reseed case;
	# -cpu max: the SHA3 instructions (under TCG the load's timing picks
	# the C).
	case $arch:$cpu in
	arm64:max) params="keccak_impl=ce" ;;
	*) params="drbg_reseed_interval=1000" ;;
	esac
	case $1 in *:tcrypt*) args+=(-S); name=$name-tcrypt ;; esac
	# Another architecture under TCG on a loaded machine: riscv64's whole
	# case set took 51 s idle and passed 600 s at a load of 20.
	case $1 in *:dkms* | *:tcrypt*) ;; *) args+=(-t 1200) ;; esac
	local stress=${NOBS_STRESS_SECS:-}
	# The test build (test_fail_* parameters) for the cases that load it
	# (20, 35: not among the core cases).
	case $1 in
	*:core*) args+=(-c "$NOBS_BOARD_CORE"); name=$name-core stress=$CORE_STRESS ;;
	*) args+=(-T "$(NOBS_ARCH=$arch test_ko trixie)") ;;
	esac
	case $1 in
	*:dkms*)
		name=$name-dkms
		deb=$NOBS_BUILD/deb/nobs-dkms_${NOBS_VERSION}_all.deb
		# The package deb-check.sh built (make deb: the job's need in
		# make check), or made now; nobs-kpp and nobs-tests cross-built
		# for the board (deb.sh --arch), which apt installs beside it.
		if [ "$mode" != full ] && [ "$mode" != all ] && [ ! -f "$deb" ]; then "$NOBS_ROOT/scripts/deb.sh" >/dev/null; fi
		local da
		da=$(nobs_debarch "$arch")
		NOBS_ARCH=$arch "$rs" "deb-$da" "$NOBS_ROOT/scripts/deb.sh" --arch "$da"
		NOBS_ARCH=$arch NOBS_STRESS_SECS=$stress "$rs" "$name" "$NOBS_ROOT/tests/vm/run-vm.sh" -q -k trixie \
			-l "$name" -D "$deb" -D "$NOBS_BUILD/deb-$da/nobs-kpp_${NOBS_VERSION}_$da.deb" \
			-D "$NOBS_BUILD/deb-$da/nobs-tests_${NOBS_VERSION}_$da.deb" \
			-u "$cpu" -p "$params" "${args[@]}"
		;;
	*)
		NOBS_ARCH=$arch "$rs" "build-trixie-$arch" "$NOBS_ROOT/scripts/kbuild.sh" trixie
		NOBS_ARCH=$arch NOBS_STRESS_SECS=$stress "$rs" "$name" "$NOBS_ROOT/tests/vm/run-vm.sh" -q -k trixie \
			-l "$name" -m "$NOBS_BUILD/kmod/$arch/trixie/nobs.ko" -u "$cpu" \
			-p "$params" "${args[@]}"
		;;
	esac
}

# test_ko ID: the test build of the module for ID (the test_fail_*
# parameters some cases load it with), built once per run, whichever job
# asks first.
test_ko() {
	local d=$NOBS_BUILD/kmod-test/$(nobs_arch_dir)
	mkdir -p "$d"
	(
		flock 9
		[ -f "$d/.done-$run_id-$1" ] || {
			"$NOBS_ROOT/scripts/kbuild.sh" -t "$1" >"$d/$1.out" 2>&1 &&
				touch "$d/.done-$run_id-$1"
		} || sed 's/^/  test build: /' "$d/$1.out" >&2
	) 9>"$d/.lock-$1"
	echo "${d%/}/$1/nobs.ko"
}
run_id=$$

# vm_name ID[:generic][:core|:impl|:most|:rt|:noaes|:fips]: the suite's name (its label and
# job).
vm_name() {
	local n=vm-${1%%:*}
	case $1 in *:generic*) n=$n-generic ;; esac
	case $1 in *:core*) n=$n-core ;; esac
	case $1 in *:impl*) n=$n-impl ;; esac
	case $1 in *:most*) n=$n-most ;; esac
	case $1 in *:rt*) n=$n-rtcases ;; esac
	case $1 in *:noaes*) n=$n-noaes ;; esac
	case $1 in *:fips*) n=$n-fips ;; esac
	echo "$n"
}

# vm_suite KO_DIR ID[:generic][:core|:impl|:most|:rt|:noaes|:fips]: one VM suite on
# KO_DIR/ID/nobs.ko (and the test build of ID for the cases that need its
# test hooks).
vm_suite() {
	local kodir=$1 id=${2%%:*} name params=$FAST cases='*' cpu=max
	local stress=${NOBS_STRESS_SECS:-} kargs=()
	name=$(vm_name "$2")
	case $2 in *:generic*) params=$GENERIC ;; esac
	case $2 in *:core*) cases=$NOBS_VM_CORE stress=$CORE_STRESS ;; esac
	case $2 in *:impl*) cases=$NOBS_VM_IMPL ;; esac
	case $2 in *:most*) cases=$NOBS_VM_MOST ;; esac
	case $2 in *:rt*) cases=$NOBS_VM_RT ;; esac
	case $2 in *:noaes*) cases='4[05]-*' cpu=max,-aes ;; esac
	case $2 in *:fips*) cases='25-*' kargs=(-a fips=1) ;; esac
	NOBS_STRESS_SECS=$stress "$rs" "$name" "$NOBS_ROOT/tests/vm/run-vm.sh" -q -k "$id" -l "$name" \
		-m "$kodir/$id/nobs.ko" -T "$(test_ko "$id")" -p "$params" \
		-c "$cases" -u "$cpu" "${kargs[@]}"
}
# Self-built kernels (cached in $NOBS_CACHE/kbuild): the x86_64 debug
# kernel, arm64 for the SHA3-instruction and arm64 asm paths, and the
# generic C on riscv64 and ppc64le, x86_64-cfi for kCFI.  After x86_64's
# KUnit (which builds that kernel when it is not cached), the
# fault-injection and kmemleak run on the same debug kernel
# (tests/faults/run.sh) is a job of its own.
kunit_job() {
	"$rs" "kunit-$1" "$NOBS_ROOT/kunit/run.sh" "$1"
}
# make check leaves ctidh2048's KUnit cases (about 80 s of the x86_64
# debug kernel's run under TCG) to make check-full: its kpp is in the VM
# suites (63-ctidh.sh) and its core in the harness either way.
[ "$mode" = all ] || export NOBS_KUNIT_PARAMS=${NOBS_KUNIT_PARAMS-ctidh2048=0}
# The runner self-test loads the test builds of 6.1 and 6.12.
selftest_job() {
	test_ko 6.1 >/dev/null
	test_ko 6.12 >/dev/null
	"$rs" runner-selftest "$NOBS_ROOT/scripts/runner-selftest.sh" "$NOBS_BUILD/kmod-test"
}

# ---- The job queue ----
# job NAME ESTIMATE NEEDS CMD...: queue a job: NAME (its time is kept in
# $NOBS_CACHE/check-times/NAME), ESTIMATE (seconds, for a job with no
# recorded time; 'first': before all others), NEEDS (the results, comma-separated, that must exist
# in build/results before it starts: '-' for none), the command.
jobd=$NOBS_BUILD/check-jobs
rm -rf "$jobd"
mkdir -p "$jobd"
jobq=$jobd/queue
: >"$jobq.new"
job() {
	local name=$1 est=$2 needs=$3 t
	shift 3
	# 'first': ahead of every other job whatever its time.
	if [ "$est" = first ]; then
		t=99999
	else
		t=$(cat "$NOBS_CACHE/check-times/$name" 2>/dev/null) || t=$est
	fi
	printf '%s\t%s\t%s\t%s\n' "${t:-$est}" "$name" "$needs" "$*" >>"$jobq.new"
}
# next_job: take the first job whose needs are met (under the queue's
# lock) into $jname, $jcmd; status 1 once the queue is empty, 2 when no
# queued job can start yet.
next_job() {
	local t name needs cmd n left=0 taken=
	{
		flock 9
		while IFS=$'\t' read -r t name needs cmd; do
			if [ -z "$taken" ]; then
				local ok=1
				for n in ${needs//,/ }; do
					[ "$n" = - ] || [ -f "$res/$n" ] || ok=0
				done
				if [ "$ok" = 1 ]; then
					taken=1 jname=$name jcmd=$cmd
					continue
				fi
			fi
			left=1
			printf '%s\t%s\t%s\t%s\n' "$t" "$name" "$needs" "$cmd"
		done <"$jobq" >"$jobq.tmp"
		mv "$jobq.tmp" "$jobq"
	} 9>"$jobq.lock"
	[ -n "$taken" ] && return 0
	[ "$left" = 1 ] && return 2
	return 1
}
# worker N: run jobs until the queue is empty; each job's output is
# printed whole when it ends (under a lock: the two workers' jobs do not
# interleave) and its time recorded.
worker() {
	local rc t0 dt t jrc jname jcmd cpu
	while :; do
		next_job
		rc=$?
		[ "$rc" = 1 ] && return 0
		if [ "$rc" = 2 ]; then sleep 3; continue; fi
		t0=$SECONDS
		jrc=0
		# The job in a subshell whose 'times' gives the CPU its
		# processes used (user + system): what a job costs on a
		# machine both workers share (a QEMU guest with two vCPUs
		# often keeps more than one core busy).
		(
			eval "$jcmd"
			r=$?
			# (not piped: a pipeline's 'times' runs in a child of
			# its own, which waited for nobody)
			times >"$jobd/$jname.cpu"
			exit $r
		) >"$jobd/$jname.out" 2>&1 || jrc=$?
		dt=$((SECONDS - t0))
		cpu=$(sed -n 2p "$jobd/$jname.cpu" 2>/dev/null | tr 'ms' '  ' |
			awk '{ printf "%d", $1 * 60 + $2 + $3 * 60 + $4 }')
		# A failed job's time (often a failure in its first seconds)
		# would put it last next time: it replaces only a shorter one,
		# and never the estimate of a job with no time yet.
		mkdir -p "$NOBS_CACHE/check-times"
		t=$(cat "$NOBS_CACHE/check-times/$jname" 2>/dev/null) || t=
		if [ "$jrc" = 0 ] || { [ -n "$t" ] && [ "$dt" -gt "$t" ]; }; then
			echo "$dt" >"$NOBS_CACHE/check-times/$jname"
		fi
		{
			flock 9
			cat "$jobd/$jname.out"
			echo "######## job $jname (worker $1): $dt s, CPU ${cpu:-?} s"
		} 9>"$jobd/print.lock"
	done
}
# run_jobs: sort the queue (longest first) and run it with NOBS_JOBS
# workers.
run_jobs() {
	local n=${NOBS_JOBS:-2} i pids=()
	[ -z "${NOBS_SERIAL:-}" ] || n=1
	sort -t $'\t' -k1,1nr "$jobq.new" >"$jobq"
	rm -f "$jobq.new"
	echo "######## $(grep -c '' "$jobq") jobs, $n workers; queue (seconds last time or estimated):"
	cut -f1,2 "$jobq" | tr '\t' ' ' | paste -sd, | fold -s -w 76 | sed 's/^/  /'
	for ((i = 1; i < n; i++)); do
		worker "$i" &
		pids+=($!)
	done
	worker "$n"
	wait "${pids[@]}"
}
kill_tree() {
	local c
	for c in $(pgrep -P "$1"); do kill_tree "$c"; done
	kill "$1" 2>/dev/null
}
trap 'for c in $(pgrep -P $$); do kill_tree "$c"; done' EXIT

# vm_job ID[:generic][:core|:impl|:most|:rt|:noaes|:fips]: a VM suite on DKMS's module of ID.
vm_job() {
	job "$(vm_name "$1")" "$2" dkms vm_suite "$NOBS_BUILD/dkms" "$1"
}
# board_job ARCH[:...]: a board suite (the DKMS one needs the package).
board_job() {
	local needs=- est=120
	case $mode:$1 in full:*:dkms* | all:*:dkms*) needs=deb est=300 ;; *:dkms*) est=300 ;; esac
	job "board-${1//:/-}" "$est" "$needs" board_suite "$1"
}

# The estimates (seconds) are a cold run's on an idle machine, for a job
# that has never run here: the self-built kernels' jobs build their kernel.
case "$mode" in
lint)
	"$rs" lint "$NOBS_ROOT/scripts/lint.sh"
	;;
quick)
	job kunit-x86_64 400 - kunit_job x86_64
	job faults 100 kunit-x86_64 '"$rs" faults "$NOBS_ROOT/tests/faults/run.sh"'
	job user 60 - '"$rs" user make -s -C "$NOBS_ROOT/tests/user" test'
	job fuzz 70 - '"$rs" fuzz "$NOBS_ROOT/scripts/fuzz.sh" 5'
	job build-6.12 60 - '"$rs" build-6.12 "$NOBS_ROOT/scripts/kbuild.sh" 6.12'
	job vm-6.12 110 build-6.12 vm_suite '"$NOBS_BUILD/kmod"' 6.12
	job vm-6.12-generic 90 build-6.12 vm_suite '"$NOBS_BUILD/kmod"' 6.12:generic
	run_jobs
	;;
full | all)
	# DKMS and the package first: every VM suite but the boards' waits
	# for DKMS's modules, the Debian system's for the package.
	job dkms first - '"$rs" dkms "$NOBS_ROOT/scripts/dkms-check.sh"'
	job deb first - '"$rs" deb "$NOBS_ROOT/scripts/deb-check.sh"'
	job lint 300 - '"$rs" lint "$NOBS_ROOT/scripts/lint.sh"'
	job fuzz 70 - '"$rs" fuzz "$NOBS_ROOT/scripts/fuzz.sh" 5'
	job user 60 - '"$rs" user make -s -C "$NOBS_ROOT/tests/user" test'
	job valgrind 20 - '"$rs" valgrind make -s -C "$NOBS_ROOT/tests/user" valgrind'
	job kunit-x86_64 500 - kunit_job x86_64
	job faults 100 kunit-x86_64 '"$rs" faults "$NOBS_ROOT/tests/faults/run.sh"'
	# The AF_ALG fuzzer's short campaign on the debug kernel (after its
	# KUnit, which builds it), and the planted bugs it must find.
	job afalg-fuzz 120 kunit-x86_64 '"$rs" afalg-fuzz "$NOBS_ROOT/tests/afalg-fuzz/run.sh" check-kernel x86_64'
	job afalg-fuzz-plant 240 kunit-x86_64 '"$rs" afalg-fuzz-plant "$NOBS_ROOT/tests/afalg-fuzz/run.sh" plant'
	if [ "$mode" = all ]; then
		for a in arm64 riscv64 ppc64le; do job "kunit-$a" 250 - kunit_job "$a"; done
		job kunit-x86_64-cfi 400 - kunit_job x86_64-cfi
		# The KCSAN kernel (built here).
		job afalg-fuzz-kcsan 400 - '"$rs" afalg-fuzz-kcsan "$NOBS_ROOT/tests/afalg-fuzz/run.sh" check-kernel x86_64-kcsan'
		# make coverage, with its targets: after the KUnit jobs that
		# build the x86_64 debug and the arm64 kernels it runs on.
		job coverage 600 kunit-x86_64,kunit-arm64 '"$rs" coverage "$NOBS_ROOT/scripts/coverage.sh"'
	fi
	vm_job 6.12 110
	for id in $VM_EXTRA; do vm_job "$id" 110; done
	for id in $NOBS_VM_FIPS; do vm_job "$id" 30; done
	for b in $BOARDS; do board_job "$b"; done
	job runner-selftest 60 - selftest_job
	run_jobs
	;;
boards)
	"$NOBS_ROOT/scripts/deb.sh" >/dev/null
	for b in $BOARDS_ALL; do board_job "$b"; done
	# The LAVA test definition in Debian's LAVA dispatcher (lava-run) on
	# its QEMU arm64 Cortex-A72 device, the core cases with RELOAD=true
	# (-r: the board is the job's own): after the Cortex-A72 job built
	# the arm64 packages (its suite deb-arm64), which it installs.
	job lava-arm64 900 deb-arm64 '"$rs" lava-arm64 "$NOBS_ROOT/tests/lava/run.sh" -r'
	run_jobs
	;;
*)
	nobs_die "usage: check.sh full|all|quick|lint|boards"
	;;
esac
"$NOBS_ROOT/scripts/summary.sh"
