#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# tests/afalg-fuzz/run.sh: the AF_ALG syscall fuzzer (afalg-fuzz.c beside
# it, its header says what it calls) on self-built test kernels under
# QEMU/TCG, with nobs.ko built against each and unloaded/reloaded while it
# runs.
#
#   tests/afalg-fuzz/run.sh check [SECONDS]  make check's short campaign:
#       the replay's promises checked on this machine (dry runs), then
#       SECONDS (default 40) on the x86_64 debug kernel (KASAN, UBSAN,
#       lockdep, KFENCE, kmemleak) and on the KCSAN kernel
#       (build-test-kernel.sh x86_64-kcsan), then the planted-bug check
#   tests/afalg-fuzz/run.sh check-kernel KERNEL [SECONDS]  check's part on
#       one kernel (x86_64: with the dry runs; or x86_64-kcsan)
#   tests/afalg-fuzz/run.sh long SECONDS     the long campaign (make
#       fuzz-kernel SECONDS=N): SECONDS on each kernel
#   tests/afalg-fuzz/run.sh plant [NAME]     the planted-bug checks alone
#       (NAME: one of them), with the seed PLANT_SEED (NOBS_SEED= for a
#       fresh one): each a copy of the tree under build/ with one
#       bug planted (no shipped code changes), a campaign on the debug
#       kernel that must report it under KASAN, in a frame of nobs's, and
#       minimize it to a few calls.  kpp-sendmsg-length: the kpp type's
#       sendmsg lacks its length check (an out-of-bounds write in
#       nobs_kpp_sendmsg); kpp-serves-dh: the kpp type serves the kernel's
#       dh again, whose key parser trusts the kpp_secret header (the
#       over-read of a key that claims more bytes than it holds, under
#       nobs_kpp_setkey)
#   tests/afalg-fuzz/run.sh run [-k x86_64|x86_64-kcsan] [-t SECONDS]
#       [-p NPROC] [-j NTHREADS] [-S SRC] [-l LABEL] [-E REGEX]
#       one campaign (-S: nobs from the tree SRC; -E: a report matching
#       REGEX is expected: the campaign stops at the first report, and
#       passes only when that report came and was minimized)
# NOBS_SEED: the seed of every campaign (default: a fresh one, printed,
# and PLANT_SEED for the planted bugs;
# a replay of one: NOBS_SEED=SEED ... run, and the fuzzer's own replay line
# in the output gives the per-worker command).
#
# Reports: every KASAN/UBSAN/KFENCE/lockdep/WARN/BUG/Oops/hung-task/
# kmemleak report fails the campaign; on the KCSAN kernel a data race is a
# failure when one of its two accesses is made by nobs code (top frame
# "[nobs]"), and is listed (not hidden, not failed) when the kernel's own.
# Output in $NOBS_BUILD/afalg-fuzz/<label>/: console.log, results.log,
# fuzz.log (the fuzzer's output), races.txt.  Lines "afalg-fuzz-<label>:
# N passed, N failed[, N skipped]" and "count afalg-fuzz <label>: N calls
# in N s (N/min)".
set -uo pipefail
. "$(dirname "$0")/../../scripts/lib.sh"

FUZZ_PARAMS="keccak_impl=bmi"
# The planted bugs: plant_spec NAME sets the file and its edit, the report
# the campaign must bring (a regex) and the frame of nobs's its stack must
# show.
PLANT_NAMES="kpp-sendmsg-length kpp-serves-dh"
# The planted bugs' seed: in its dry run (-d -v) workers of both
# processes make the flow that reaches each of them early, with no
# first-use set's bind (seconds of known answers) before it: the dh key
# at calls 26 (worker 3) and 33 (worker 2), the long sendmsg at 20, 82
# and 109.  Each campaign so ends within seconds and minimizes within
# seconds more, even when another thread or the unloader spoils one of
# the flows (a seed with one such flow, 0xc, once took 3905 calls).  A
# fresh seed took from 163 to 5884 calls (up to 121 s, then the 120 s
# minimization budget) and once missed the dh bug in 180 s: what these
# checks test is that a bug of each kind is reported, in its frame, and
# minimized, not the luck of a seed; the campaigns above keep fresh seeds.
PLANT_SEED=0x358
plant_spec() {
	plant_file=afalg/algif_kpp.c
	case $1 in
	kpp-sendmsg-length)
		plant_sed='/if (size > ctx->size - ctx->len) {/s/ctx->size - ctx->len/ctx->size + 32 - ctx->len/'
		plant_report='BUG: KASAN: slab-out-of-bounds in (nobs_kpp_sendmsg|_copy_from_iter)'
		plant_frame='nobs_kpp_sendmsg\+0x[0-9a-f]+/0x[0-9a-f]+ \[nobs\]' ;;
	kpp-serves-dh)
		plant_sed='s/^\t"csidh512", "csidh1024", "ctidh512", "ctidh511", "ctidh1024",$/\t"csidh512", "csidh1024", "ctidh512", "ctidh511", "ctidh1024", "dh",/; s/if (alg->cra_module != THIS_MODULE)/if (!alg->cra_module \&\& 0)/'
		plant_report='BUG: KASAN: slab-out-of-bounds in '
		plant_frame='nobs_kpp_setkey\+0x[0-9a-f]+/0x[0-9a-f]+ \[nobs\]' ;;
	*) return 1 ;;
	esac
}

# fuzz_make KDIR DIR: nobs.ko of the tree DIR against KDIR.
fuzz_make() { nice -n 10 make -s -j2 -C "$1" M="$2" modules; }

# campaign KERNEL SECONDS LABEL SRC EXPECT [NPROC NTHREADS] (seed: NOBS_SEED)
campaign() {
	local kv=$1 secs=$2 label=$3 src=$4 expect=$5 seed=${NOBS_SEED:-}
	local nproc=${6:-2} nthr=${7:-3}
	local out=$NOBS_BUILD/afalg-fuzz/$label kdir kver mod r args
	local problem='' name=afalg-fuzz-$label t0 calls rate c s
	rm -rf "$out"
	mkdir -p "$out"
	if ! kdir=$("$NOBS_ROOT/scripts/build-test-kernel.sh" "$kv"); then
		nobs_result fail "$label" "no $kv test kernel"
		nobs_summary "$name"
		return 1
	fi
	kver=$(nobs_krelease "$kdir")
	mod=$out/mod
	mkdir -p "$mod"
	NOBS_ROOT=$src nobs_copy_tree "$mod"
	if ! nobs_at_work_dir "$mod" fuzz_make "$kdir" >"$out/build.log" 2>&1 ||
		grep -Eq 'warning:|error:' "$out/build.log"; then
		grep -E 'warning:|error:' "$out/build.log" | head -n 10
		nobs_result fail "$label" "nobs.ko against $kdir (log: $out/build.log)"
		nobs_summary "$name"
		return 1
	fi

	r=$out/root
	nobs_selfbuilt_root "$r" "$kdir" "$kver"
	cp "$mod/nobs.ko" "$r/nobs/nobs.ko"
	cp "$NOBS_ROOT/tests/afalg-fuzz/95-afalg-fuzz.sh" "$r/cases/"
	nobs_guest_progs "$r" "$NOBS_ROOT"/tests/vm/progs/*.c \
		"$NOBS_ROOT/tests/afalg-fuzz/afalg-fuzz.c" || {
		nobs_result fail "$label" "the guest programs did not build"
		nobs_summary "$name"
		return 1
	}
	rm -rf "$r/vectors"
	args="-t $secs -p $nproc -j $nthr -m${seed:+ -s $seed}"
	[ -z "$expect" ] || args="$args -e"
	printf 'KVER=%s\nNOBS_PARAMS="%s"\nAFALG_FUZZ_ARGS="%s"\nAFALG_PLANTED=%s\n' \
		"$kver" "$FUZZ_PARAMS" "$args" "${expect:+1}" >"$r/etc/nobs.conf"
	nobs_initrd "$r" "$out/initrd.gz"

	nobs_log "afalg-fuzz $label: $secs s on $kv ($kver)"
	t0=$(date +%s)
	nobs_boot_selfbuilt "$out" "$kdir/$(cat "$kdir/image")" $((secs + 1500)) \
		"console=ttyS0 panic=-1 loglevel=4 nokaslr kasan_multi_shot no_timer_check"
	nobs_log "afalg-fuzz $label: guest ran $(($(date +%s) - t0)) s"
	tr -d '\r' <"$out/console.log" >"$out/console.clean"
	nobs_vm_results "$out" "$label"
	sed -n '/^NOBS-FUZZ-BEGIN$/,/^NOBS-FUZZ-END$/p' "$out/results.clean" |
		sed '1d;$d' >"$out/fuzz.log"
	# A crashed guest sent nothing: its console has what the fuzzer printed
	# (nobs-selftest's KTAP diagnostics).
	[ -s "$out/fuzz.log" ] ||
		nobs_ktap_diag "$out/console.log" | grep '^afalg-fuzz' >"$out/fuzz.log"

	# What the fuzzer said: its counts, reports and minimized replay.
	grep -E '^afalg-fuzz: (seed|unloads|minimiz|replay)' "$out/fuzz.log" | sed 's/^/  /'
	grep -E '^afalg-fuzz: REPORT' "$out/fuzz.log" | head -n 20 | sed 's/^/  /'
	sed -n '/^afalg-fuzz: minimized replay/,/^afalg-fuzz: replay/p' "$out/fuzz.log" |
		grep '^call ' | head -n 40 | sed 's/^/    /'
	calls=$(sed -n 's/^afalg-fuzz: seed .* calls \([0-9]*\) in \([0-9.]*\) s (\([0-9]*\)\/min).*/\1 \2 \3/p' "$out/fuzz.log" | head -n 1)
	if [ -n "$calls" ]; then
		read -r c s rate <<<"$calls"
		echo "  count afalg-fuzz $label: $c calls in $s s ($rate/min)"
	fi

	# Data races (KCSAN): nobs's own fail, the kernel's are listed; the
	# detector must have been on (its boot self-test passed).
	races "$out"
	if [ "$kv" = x86_64-kcsan ]; then
		if grep -Eq 'kcsan: selftest: ([0-9]+)/\1 tests passed' "$out/dmesg.log" &&
			grep -q 'kcsan: enabled' "$out/dmesg.log"; then
			echo "  pass  KCSAN on: $(grep -Eo 'kcsan: selftest: .*' "$out/dmesg.log")"
		else
			echo "  FAIL  KCSAN: no 'enabled' and passed self-test in the guest's dmesg"
			touch "$out/races.fail"
		fi
	fi
	# Every other report in the console.  (KCSAN's blocks are out.)
	awk '/BUG: KCSAN:/ { skip = 1 } skip && /(^|\] )=+$/ { skip = 0; next } !skip' \
		"$out/console.clean" >"$out/console.noraces"
	# With a planted bug its reports are the point: the guest's
	# afalg-fuzz-reports result and the console's reports are not
	# failures, expect_report says whether the right one came.
	if [ -n "$expect" ]; then
		grep -v '^FAIL	afalg-fuzz-reports	' "$out/results.tsv" >"$out/results.use"
	else
		cp "$out/results.tsv" "$out/results.use"
	fi
	nobs_vm_counts "$out/results.use" "$label"
	nobs_add "$nobs_pass" "$nobs_fail" "$nobs_skip"
	if [ -n "$expect" ]; then
		if expect_report "$out" "$expect" "$plant_frame"; then
			nobs_add 1 0 0
		else
			nobs_add 0 1 0
		fi
	elif NOBS_TRACES_OK=1 nobs_kernel_problems "$out/console.noraces" >/dev/null; then
		problem="the kernel reported a problem:"
	fi
	if [ "$nobs_qemu_rc" = 124 ]; then
		problem="${problem:+$problem; }hang: not done within $((secs + 1500)) s"
	elif ! grep -q '^NOBS-DONE$' "$out/results.clean"; then
		problem="${problem:+$problem; }the guest did not finish (qemu exit $nobs_qemu_rc)"
	elif [ -n "$nobs_lost" ]; then
		problem="${problem:+$problem; }result lines lost: $nobs_lost"
	fi
	if [ -n "$problem" ]; then
		echo "  FAIL  $label: $problem"
		NOBS_TRACES_OK=1 nobs_kernel_problems "$out/console.noraces" | sed 's/^/    /'
		echo "  (console: $out/console.log)"
		nobs_add 0 1 0
	fi
	if [ -f "$out/races.fail" ]; then nobs_add 0 1 0; fi
	dry_check "$out"
	case $? in
	0) nobs_add 1 0 0 ;;
	2) nobs_add 0 0 1 ;;
	*) nobs_add 0 1 0 ;;
	esac
	nobs_summary "$name"
}

# races OUT: the KCSAN reports of OUT/console.clean into OUT/races.txt,
# each "nobs|via-nobs|kernel<TAB>title"; OUT/races.fail when one is nobs's.
races() {
	local out=$1 n k v
	awk '
	{ l = $0; sub(/^\[ *[0-9.]+\] /, "", l) }
	l ~ /^BUG: KCSAN:/ { on = 1; title = l; sub(/^BUG: KCSAN: /, "", title)
		top = 0; any = 0; want = 0; next }
	on && l ~ /^(read|write).* to 0x.* by / { want = 1; next }
	on && want && l ~ /[a-z_]/ { if (l ~ /\[nobs\]/) top = 1; want = 0 }
	on && l ~ /\[nobs\]/ { any = 1 }
	on && l ~ /^=+$/ { print (top ? "nobs" : any ? "via-nobs" : "kernel") "\t" title
		on = 0 }
	' "$out/console.clean" | sort | uniq -c | sort -rn >"$out/races.txt"
	[ -s "$out/races.txt" ] || return 0
	n=$(awk '{ s += $1 } END { print s }' "$out/races.txt")
	k=$(grep -c '	' "$out/races.txt")
	echo "  data races reported by KCSAN: $n ($k distinct):"
	while read -r cnt rest; do
		v=${rest%%	*}
		case $v in
		nobs) echo "    FAIL  in nobs code (x$cnt): ${rest#*	}"; touch "$out/races.fail" ;;
		via-nobs) echo "    kernel race with nobs on the stack (x$cnt): ${rest#*	}" ;;
		*) echo "    kernel's own (x$cnt): ${rest#*	}" ;;
		esac
	done <"$out/races.txt"
}

# expect_report OUT REGEX FRAME: the planted bug's report came, its stack
# shows FRAME, and the fuzzer minimized it (a replay of one worker, a few
# calls).
expect_report() {
	local out=$1 re=$2 frame=$3 ok=0
	if grep -Eq "^afalg-fuzz: REPORT .*($re)" "$out/fuzz.log"; then
		echo "  found: $(grep -Em 1 "^afalg-fuzz: REPORT .*($re)" "$out/fuzz.log" | cut -c 20-)"
	else
		echo "  FAIL  expected a report matching '$re': none"
		ok=1
	fi
	if grep -Eq "$frame" "$out/console.clean"; then
		echo "  in: $(grep -Eom 1 "$frame" "$out/console.clean")"
	else
		echo "  FAIL  no '$frame' frame in the report"
		ok=1
	fi
	if grep -q '^afalg-fuzz: minimized: [0-9]* of the first' "$out/fuzz.log"; then
		echo "  minimized: $(grep -m 1 '^afalg-fuzz: minimized: ' "$out/fuzz.log" | cut -c 24-)"
	else
		echo "  FAIL  expected a minimized replay of the report"
		ok=1
	fi
	return $ok
}

# dry_check OUT: the guest's digests of the first 64 (or fewer) calls of each worker
# against this machine's dry run of the same seed (-d: no calls made): the
# same seed is the same call sequence, here as there.
dry_check() {
	local out=$1 seed pj n bin=$NOBS_BUILD/afalg-fuzz/afalg-fuzz
	seed=$(sed -n 's/^afalg-fuzz: seed \(0x[0-9a-f]*\) calls.*/\1/p' "$out/fuzz.log" | head -n 1)
	pj=$(sed -n 's/^afalg-fuzz: replay: afalg-fuzz -s [^ ]* \(-p [0-9]* -j [0-9]*\).*/\1/p' "$out/fuzz.log" | head -n 1)
	n=$(sed -n 's/^afalg-fuzz: digest 0 \([0-9]*\) .*/\1/p' "$out/fuzz.log" | head -n 1)
	if [ -z "$seed" ]; then
		echo "  FAIL  no seed in the fuzzer's output"
		return 1
	fi
	if [ "${n:-0}" = 0 ]; then
		echo "SKIP: afalg-fuzz-dry-replay: a worker made fewer than 16 calls (stopped at a report)"
		return 2
	fi
	dry_build "$bin" || return 1
	# shellcheck disable=SC2086
	"$bin" -d -s "$seed" $pj -n "$n" | grep '^afalg-fuzz: digest ' | sort >"$out/dry.digests"
	grep "^afalg-fuzz: digest [0-9]* $n " "$out/fuzz.log" | sort >"$out/guest.digests"
	if [ -s "$out/dry.digests" ] && cmp -s "$out/dry.digests" "$out/guest.digests"; then
		echo "  pass  seed $seed: each worker's first $n calls in the guest are this machine's dry run's"
		return 0
	fi
	echo "  FAIL  seed $seed: the guest's call sequences differ from the dry run's"
	return 1
}

# dry_build BIN: the fuzzer for this machine (its dry runs: -d, no calls)
dry_build() {
	gcc -O2 -Wall -Werror -I"$NOBS_ROOT/include" -o "$1" \
		"$NOBS_ROOT/tests/afalg-fuzz/afalg-fuzz.c"
}

# host_selftest: the replay's promises, on this machine (-d, no calls):
# a seed gives the same sequences twice, another seed others, worker 4
# alone (-w, what a minimization replays) the same sequence as in the
# whole run (the guest checks a real replay: 95-afalg-fuzz.sh); and the
# race sorter: a KCSAN report with a nobs access fails, the kernel's own
# is listed.
host_selftest() {
	local bin=$NOBS_BUILD/afalg-fuzz/afalg-fuzz-dry a b
	mkdir -p "$NOBS_BUILD/afalg-fuzz"
	dry_build "$bin" || {
		nobs_add 0 1 0
		nobs_summary afalg-fuzz-selftest
		return 1
	}
	d() { "$bin" -d -n 3000 "$@" | grep '^afalg-fuzz: digest [0-9]* 3000 '; }
	same() {
		if [ -n "$2" ] && [ "$2" = "$3" ]; then
			nobs_result pass "$1"
		else
			nobs_result fail "$1"
		fi
	}
	a=$(d -s 0x5eed)
	same "a seed gives the same 6 call sequences twice" "$a" "$(d -s 0x5eed)"
	b=$(d -s 0x5eee)
	same "another seed gives other sequences" "$(echo "$a" | grep -c .)" \
		"$(comm -23 <(echo "$a" | sort) <(echo "$b" | sort) | grep -c .)"
	same "worker 4 alone (-w 4) makes the sequence it makes among the others" \
		"$(echo "$a" | grep ' digest 4 ')" "$(d -s 0x5eed -w 4)"
	# The race sorter, on two reports in the shape KCSAN prints them.
	local rt=$NOBS_BUILD/afalg-fuzz/races-selftest
	rm -rf "$rt"
	mkdir -p "$rt"
	{
		echo '[   10.1] BUG: KCSAN: data-race in nobs_kpp_sendmsg [nobs] / nobs_kpp_recvmsg [nobs]'
		echo '[   10.1] write to 0xffff888004d9bf00 of 4 bytes by task 256 on cpu 0:'
		echo '[   10.1]  nobs_kpp_sendmsg+0x439/0xaa0 [nobs]'
		echo '[   10.1] read to 0xffff888004d9bf00 of 4 bytes by task 257 on cpu 1:'
		echo '[   10.1]  nobs_kpp_recvmsg+0x39/0xa0 [nobs]'
		echo '[   10.1] =================================================================='
		echo '[   11.1] BUG: KCSAN: data-race in __fput / sock_sendmsg'
		echo '[   11.1] write to 0xffff888004d9bf08 of 8 bytes by task 256 on cpu 0:'
		echo '[   11.1]  __fput+0x1/0x2'
		echo '[   11.1] read to 0xffff888004d9bf08 of 8 bytes by task 257 on cpu 1:'
		echo '[   11.1]  sock_sendmsg+0x1/0x2'
		echo '[   11.1]  nobs_kpp_sendmsg+0x439/0xaa0 [nobs]'
		echo '[   11.1] =================================================================='
	} >"$rt/console.clean"
	races "$rt" >/dev/null
	same "a race made by nobs code fails, one of the kernel's is listed" \
		"$(awk '{ print $2 }' "$rt/races.txt" | sort | paste -sd ' ') $([ -f "$rt/races.fail" ] && echo fail)" \
		"nobs via-nobs fail"
	nobs_summary afalg-fuzz-selftest
}

# plant SECONDS [NAME]: each planted bug (or NAME's) on a copy of the
# tree, found.
plant() {
	local secs=$1 name src st=0
	for name in ${2:-$PLANT_NAMES}; do
		plant_spec "$name" || { echo "no planted bug named '$name'" >&2; return 2; }
		src=$NOBS_BUILD/afalg-fuzz/plant-src-$name
		if ! nobs_plant_tree "$src" "$plant_file" "$plant_sed" "$name"; then
			nobs_add 0 1 0
			nobs_summary "afalg-fuzz-plant-$name"
			st=1
			continue
		fi
		NOBS_SEED=${NOBS_SEED-$PLANT_SEED} \
			campaign x86_64 "$secs" "plant-$name" "$src" "$plant_report" || st=1
	done
	return $st
}

mode=${1:-check}
shift || true
case $mode in
check)
	secs=${1:-40}
	st=0
	host_selftest || st=1
	campaign x86_64 "$secs" x86_64 "$NOBS_ROOT" "" || st=1
	campaign x86_64-kcsan "$secs" x86_64-kcsan "$NOBS_ROOT" "" || st=1
	plant 300 || st=1
	exit "$st"
	;;
check-kernel)
	# One kernel's part of check (make check runs the parts as separate
	# jobs): x86_64 with the host-side self-test, or x86_64-kcsan.
	k=${1:?usage: tests/afalg-fuzz/run.sh check-kernel x86_64|x86_64-kcsan [SECONDS]}
	st=0
	[ "$k" != x86_64 ] || host_selftest || st=1
	campaign "$k" "${2:-40}" "$k" "$NOBS_ROOT" "" || st=1
	exit "$st"
	;;
long)
	secs=${1:?usage: tests/afalg-fuzz/run.sh long SECONDS}
	st=0
	campaign x86_64 "$secs" x86_64-long "$NOBS_ROOT" "" 2 4 || st=1
	campaign x86_64-kcsan "$secs" x86_64-kcsan-long "$NOBS_ROOT" "" 2 4 || st=1
	exit "$st"
	;;
plant)
	# Each planted bug's campaign ends at its first report; 180 s once
	# missed kpp-serves-dh (found in 19 s the run before), so 300.
	plant 300 "${1:-}"
	;;
run)
	k=x86_64 t=60 p=2 j=3 src=$NOBS_ROOT label='' expect=''
	while getopts k:t:p:j:S:l:E: o; do
		case $o in
		k) k=$OPTARG ;;
		t) t=$OPTARG ;;
		p) p=$OPTARG ;;
		j) j=$OPTARG ;;
		S) src=$(cd "$OPTARG" && pwd) ;;
		l) label=$OPTARG ;;
		E) expect=$OPTARG ;;
		*) sed -n '4,32p' "$0"; exit 2 ;;
		esac
	done
	campaign "$k" "$t" "${label:-$k-run}" "$src" "$expect" "$p" "$j"
	;;
*)
	sed -n '4,32p' "$0"
	exit 2
	;;
esac
