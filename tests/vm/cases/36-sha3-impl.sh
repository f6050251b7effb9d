# SPDX-License-Identifier: GPL-2.0
# The Keccak permutation chosen at load (sha3/sha3_glue.c): by default the
# fastest one timed at load, named with its figures on the load line
# ("keccak=bmi(generic 21342 bmi 2629 ns/perm, 1143 us)"); keccak_impl=
# forces one:
#  - keccak_impl=generic: every nobs shash driver is *-nobs-generic, no
#    sha3-* of nobs's, the line says "keccak=generic(keccak_impl; ...";
#  - keccak_impl=<each other one timed>: its drivers, sha3-* among them
#    (the crypto manager's self-test passed, FIPS 202 SHA3-256(""));
#  - a name that is no permutation, one this CPU cannot run, or any but
#    generic with force_generic=1: the load fails with EINVAL before
#    anything is registered, and dmesg says why;
#  - a CPU whose features offer only generic (the Raspberry Pi 4's
#    Cortex-A72, riscv64, ppc64le): nothing timed, "keccak=generic" on the
#    line, keccak_impl=ce refused on arm64; where they offer one (arm64's
#    SHA3 instructions, x86-64's BMI2) the line must time it.
# The drivers that are there give the FIPS 202 / SP 800-185 answers.
# Reloads nobs; leaves it loaded with $NOBS_PARAMS.  Under force_generic
# only the refusals run (every successful load costs ~15 s there).
# Sourced by the guest's /init (busybox sh): report with `result`, never exit.
# nobs-selftest: --reload only (it reloads nobs with each permutation).

ki_line=$(dmesg | grep -o ' keccak=[a-z0-9]*([^)]* [a-z]*/perm[^)]*)' | tail -n 1)
ki_impl=$(echo "$ki_line" | sed 's/^ keccak=\([a-z0-9]*\).*/\1/')
ki_drivers() { nobs_shash_drivers; }
ki_load() {
	rmmod nobs 2>/dev/null
	ki_seen=$(dmesg | wc -l)
	modload "$NOBS_KO" $NOBS_PARAMS "$@" >/tmp/ki.out 2>&1
}
ki_log() { dmesg | tail -n +$((ki_seen + 1)) | grep -c "$1"; }
# ki_shake128 DRIVER: FIPS 202 SHAKE128("") through kcapi-dgst.
ki_shake128() {
	[ "$(kcapi-dgst -c "$1" --hex </dev/null 2>&1)" = \
		7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26 ]
}
# ki_sha3_256 DRIVER: FIPS 202 SHA3-256(""), and the crypto manager passed it.
ki_sha3_256() {
	[ "$(kcapi-dgst -c "$1" --hex </dev/null 2>&1)" = \
		a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a ] &&
		awk -v d="$1" '/^driver/ { x = ($3 == d) } x && /^selftest/ { print $3; exit }' \
			/proc/crypto | grep -qx passed
}
# ki_refused NAME PARAMS...: the load fails with EINVAL, nothing is left.
ki_refused() {
	ki_n=$1
	shift
	if ki_load "$@"; then
		result fail "sha3-impl-refuse-$ki_n" "loaded with $*"
	elif ! grep -q 'errno 22' /tmp/ki.out; then
		result fail "sha3-impl-refuse-$ki_n" "$(cat /tmp/ki.out)"
	elif [ -e /sys/module/nobs ] || [ -n "$(ki_drivers)" ]; then
		result fail "sha3-impl-refuse-$ki_n" "module or drivers left"
	elif [ "$(ki_log 'not a Keccak permutation this CPU can run')" != 1 ]; then
		result fail "sha3-impl-refuse-$ki_n" "no error line"
	else
		result pass "sha3-impl-refuse-$ki_n" "$*: EINVAL"
	fi
}

case " $NOBS_PARAMS " in
*" force_generic=1 "* | *" force_generic=y "* | *" force_generic=Y "*) ki_fg=1 ;;
*) ki_fg= ;;
esac
# The fast permutation the CPU's own report promises (arm64: the SHA3
# instructions, ce; x86-64: BMI2, bmi), or none: then generic is the only
# one, nothing is timed and the load line says just "keccak=generic" (the
# Raspberry Pi 4's Cortex-A72, riscv64, ppc64le).
ki_cpu_fast=
case $(uname -m) in
aarch64) if grep -q '^Features.* sha3' /proc/cpuinfo; then ki_cpu_fast=ce; fi ;;
x86_64) if grep -qw bmi2 /proc/cpuinfo; then ki_cpu_fast=bmi; fi ;;
esac

if [ ! -e /sys/module/nobs/parameters/keccak_impl ]; then
	result skip sha3-impl "nobs.ko has no keccak_impl parameter"
elif ! command -v kcapi-dgst >/dev/null 2>&1; then
	result fail sha3-impl "no kcapi-dgst in the guest"
else
	if [ -n "$ki_fg" ]; then
		ki_refused force-generic keccak_impl=bmi
	elif [ -z "$ki_impl" ]; then
		ki_one=$(dmesg | grep -o ' keccak=[^ ]*' | tail -n 1)
		if [ -n "$ki_cpu_fast" ] || [ "$ki_one" != " keccak=generic" ]; then
			result fail sha3-impl-line "'${ki_one# }' untimed, on a CPU with '$ki_cpu_fast'"
		elif ! ki_load keccak_impl=generic; then
			result fail sha3-impl-line "keccak_impl=generic: $(cat /tmp/ki.out)"
		elif [ -n "$(ki_drivers | grep -v -- '-nobs-generic$')" ]; then
			result fail sha3-impl-line "drivers: $(ki_drivers | tr '\n' ' ')"
		elif ! ki_shake128 shake128-nobs-generic; then
			result fail sha3-impl-line "shake128-nobs-generic gives a wrong answer"
		else
			result pass sha3-impl-line "keccak=generic, nothing timed: no fast permutation on this CPU ($(ki_drivers | wc -l) generic drivers)"
		fi
		[ "$(uname -m)" != aarch64 ] || ki_refused ce-without-sha3 keccak_impl=ce
	elif [ -n "$ki_cpu_fast" ] && ! echo "$ki_line" | grep -q "[( ]$ki_cpu_fast [0-9]"; then
		result fail sha3-impl-line "'${ki_line# }' does not time $ki_cpu_fast, which this CPU has"
	else
		result pass sha3-impl-line "${ki_line# }"
		# Every permutation named on the line, forced in turn.
		for ki_p in $(echo "$ki_line" | sed 's/^ keccak=[a-z0-9]*(//; s/ [a-z]*\/perm.*//' |
			      tr ' ' '\n' | grep '^[a-z]' | grep -v ';'); do
			if ! ki_load keccak_impl="$ki_p"; then
				result fail "sha3-impl-$ki_p" "load failed: $(cat /tmp/ki.out)"
			elif [ -n "$(ki_drivers | grep -v -- "-nobs-$ki_p\$")" ]; then
				result fail "sha3-impl-$ki_p" "drivers: $(ki_drivers | tr '\n' ' ')"
			elif [ "$ki_p" = generic ] && ki_drivers | grep -q '^sha3-'; then
				result fail "sha3-impl-$ki_p" "sha3-* registered on generic"
			elif [ "$ki_p" != generic ] && ! ki_drivers | grep -q '^sha3-256-'; then
				result fail "sha3-impl-$ki_p" "no sha3-256-nobs-$ki_p"
			elif [ "$(ki_log "keccak=$ki_p(keccak_impl; ")" != 1 ]; then
				result fail "sha3-impl-$ki_p" "load line: $(dmesg | grep -o ' keccak=[^)]*)' | tail -n 1)"
			elif ! ki_shake128 "shake128-nobs-$ki_p"; then
				result fail "sha3-impl-$ki_p" "shake128-nobs-$ki_p gives a wrong answer"
			elif [ "$ki_p" != generic ] && ! ki_sha3_256 "sha3-256-nobs-$ki_p"; then
				result fail "sha3-impl-$ki_p" "sha3-256-nobs-$ki_p: wrong answer or no selftest: passed"
			else
				result pass "sha3-impl-$ki_p" "$(ki_drivers | wc -l) drivers"
			fi
		done
		# The timed choice itself, unforced (make check's runs force
		# keccak_impl=, so that each tests the same code every time):
		# the line names the one its figures call fastest, and the
		# drivers are that one's.
		rmmod nobs 2>/dev/null
		ki_seen=$(dmesg | wc -l)
		# shellcheck disable=SC2046
		if ! modload "$NOBS_KO" $(echo " $NOBS_PARAMS " | sed 's/ keccak_impl=[^ ]*//g') >/tmp/ki.out 2>&1; then
			result fail sha3-impl-timed "load failed: $(cat /tmp/ki.out)"
		else
			ki_t=$(dmesg | tail -n +$((ki_seen + 1)) | grep -o ' keccak=[a-z0-9]*([^)]* [a-z]*/perm[^)]*)' | tail -n 1)
			ki_c=$(echo "$ki_t" | sed 's/^ keccak=\([a-z0-9]*\)(.*/\1/')
			# every permutation whose figure is the smallest (the
			# choice compares counter ticks: a tie in ns may go either way)
			ki_f=$(echo "$ki_t" | sed 's/^ keccak=[a-z0-9]*(//; s/ [a-z]*\/perm.*//' |
				awk '{ for (i = 1; i < NF; i += 2) if (m == "" || $(i + 1) + 0 < m) m = $(i + 1) + 0
				       for (i = 1; i < NF; i += 2) if ($(i + 1) + 0 == m) printf " %s", $i }')
			case "$ki_f " in *" $ki_c "*) ki_ok=1 ;; *) ki_ok= ;; esac
			if [ -z "$ki_c" ] || [ -z "$ki_ok" ]; then
				result fail sha3-impl-timed "line '$ki_t': chose '$ki_c', fastest figure:$ki_f"
			elif [ -n "$(ki_drivers | grep -v -- "-nobs-$ki_c\$")" ]; then
				result fail sha3-impl-timed "drivers: $(ki_drivers | tr '\n' ' ')"
			elif ! ki_shake128 "shake128-nobs-$ki_c"; then
				result fail sha3-impl-timed "shake128-nobs-$ki_c gives a wrong answer"
			else
				result pass sha3-impl-timed "${ki_t# }"
			fi
		fi
		case $ki_line in
		*" avx512 "*) result skip sha3-impl-refuse-avx512 "this CPU runs avx512" ;;
		*) ki_refused avx512 keccak_impl=avx512 ;;
		esac
	fi
	ki_refused unknown keccak_impl=sha3
	[ "$(uname -m)" != x86_64 ] || ki_refused arm64-on-x86 keccak_impl=ce
	[ "$(uname -m)" = x86_64 ] || ki_refused "x86-on-$(uname -m)" keccak_impl=bmi
	rmmod nobs 2>/dev/null
	check sha3-impl-reload nobs_load
fi
