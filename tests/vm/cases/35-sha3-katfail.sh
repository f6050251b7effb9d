# SPDX-License-Identifier: GPL-2.0
# Known answers failing at load (test-only parameter test_fail_kat of
# sha3/sha3_glue.c; the tables themselves are checked in user space):
#  - one member failing on the generic permutation (generic:cshake128):
#    the load succeeds, that member is not registered, every other member
#    is, one error line names it;
#  - the fast permutation failing (test_fail_kat=<the one chosen>): the
#    load succeeds on generic, every driver is
#    *-nobs-generic, sha3-* are not registered, one error line says so;
#  - the multi-lane permutation named on the first load line (xn=..., if
#    any) failing its comparison with generic (test_fail_kat=<its name>,
#    with $NOBS_PARAMS only, so the single permutation is whatever the
#    timing picks): the load succeeds, one error line says it is not
#    used, no member's known answer fails.
# In all, the drivers that are there give the SP 800-185 / FIPS 202
# answers (kcapi-dgst).  Reloads nobs; leaves it loaded with $NOBS_PARAMS.
# The permutation is the one the load line names; where the timing at load
# chose generic although a fast one was timed too (QEMU/TCG often runs the
# C faster than the BMI assembly), the fast one.  Skipped when nobs runs
# on the generic permutation only (force_generic).
# Sourced by the guest's /init (busybox sh): report with `result`, never exit.
# nobs-selftest: --reload only (it reloads nobs, with the test build).

kf_line=$(dmesg | grep -o ' keccak=[a-z0-9_]*\(([^)]*)\)*' | tail -n 1)
kf_xn=$(dmesg | grep -o ': keccak=.* xn=[a-z0-9]*' | tail -n 1 | sed 's/.* xn=//')
kf_impl=$(echo "$kf_line" | grep -o '^ keccak=[a-z0-9_]*' | cut -d= -f2)
# Unless NOBS_PARAMS names one, every load here forces the permutation
# tested: under TCG the timing flips between generic and bmi from load to
# load.
kf_force=
case " $NOBS_PARAMS " in
*" keccak_impl="*) ;;
*)
	kf_t=$kf_impl
	[ "$kf_t" != generic ] || kf_t=$(nobs_keccak_fast)
	if [ -n "$kf_t" ]; then
		kf_impl=$kf_t
		kf_force=keccak_impl=$kf_t
	fi
	;;
esac
kf_drivers() { nobs_shash_drivers; }
kf_load() {
	rmmod nobs 2>/dev/null
	kf_seen=$(dmesg | wc -l)
	modload "$NOBS_TEST_KO" $NOBS_PARAMS $kf_force "$@" >/tmp/kf.out 2>&1
}
kf_log() { dmesg | tail -n +$((kf_seen + 1)) | grep -c "$1"; }
# kf_dgst ALG KEY_HEX|- EXPECTED_HEX MSG_HEX: kcapi-dgst gives EXPECTED.
kf_dgst() {
	sha3_alg unhex "$4" >/tmp/kf.msg
	if [ "$2" = - ]; then
		kf_got=$(kcapi-dgst -c "$1" --hex </tmp/kf.msg 2>&1)
	else
		sha3_alg unhex "$2" >/tmp/kf.key
		kf_got=$(kcapi-dgst -c "$1" --hex --keyfd 3 3</tmp/kf.key </tmp/kf.msg 2>&1)
	fi
	[ "$kf_got" = "$3" ]
}
# FIPS 202 SHAKE128(""), SP 800-185 KMAC128 and cSHAKE128 sample 1.
kf_shake() {
	kf_dgst "$1" - 7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26 ''
}
kf_kmac() {
	kf_dgst "$1" 404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f \
		e5780b0d3ea6f7d3a429c5706aa43a00fadbd7d49628839e3187243f456ee14e 00010203
}
kf_cshake() {
	kf_dgst "$1" 456d61696c205369676e6174757265 \
		c1c36925b6409a04f1b504fcbca9d82b4017277cb5ed2b2065fc1d3814d5aaf5 00010203
}

if [ -z "${NOBS_TEST_KO:-}" ]; then
	result skip sha3-katfail "no test build of the module (run-vm.sh -T)"
elif [ "$kf_impl" = generic ]; then
	# Both loads cost ~15 s each on generic CSIDH under TCG, and the
	# fast-permutation runs test the generic member case already.
	result skip sha3-katfail "generic permutation only: the runs with a fast one test this"
elif ! command -v kcapi-dgst >/dev/null 2>&1 || [ -z "$kf_impl" ]; then
	result fail sha3-katfail "no kcapi-dgst, or no keccak= load line ('$kf_impl')"
else
	[ -z "$kf_force" ] || kf_load
	kf_all=$(kf_drivers)
	# One member failing on generic: left out, the others registered.
	if ! kf_load test_fail_kat=generic:cshake128; then
		result fail sha3-katfail-member "load failed: $(cat /tmp/kf.out)"
	elif [ "$(kf_drivers)" != "$(echo "$kf_all" | grep -v '^cshake128-')" ]; then
		result fail sha3-katfail-member "drivers: $(kf_drivers | tr '\n' ' ')"
	elif [ "$(kf_log 'cshake128: known-answer test failed on generic (-74), not registering it')" != 1 ] ||
	     [ "$(kf_log 'known-answer test failed')" != 1 ]; then
		result fail sha3-katfail-member "not one error line for cshake128"
	elif kf_cshake cshake128; then
		result fail sha3-katfail-member "cshake128 still answers"
	elif ! kf_shake shake128 || ! kf_kmac kmac128; then
		result fail sha3-katfail-member "shake128/kmac128 wrong: $kf_got"
	else
		result pass sha3-katfail-member "cshake128 left out, $(kf_drivers | wc -l) drivers right"
	fi
	# The fast permutation failing: everything on generic.
	if ! kf_load test_fail_kat="$kf_impl"; then
		result fail sha3-katfail-fast "load failed: $(cat /tmp/kf.out)"
	elif [ "$(kf_drivers)" != "$(echo "$kf_all" | grep -v '^sha3-' |
		sed "s/-nobs-$kf_impl\$/-nobs-generic/")" ]; then
		result fail sha3-katfail-fast "drivers: $(kf_drivers | tr '\n' ' ')"
	elif [ "$(kf_log "known-answer test failed on $kf_impl (-74), using generic")" != 1 ] ||
	     [ "$(kf_log 'known-answer test failed')" != 1 ]; then
		result fail sha3-katfail-fast "not one error line for $kf_impl"
	elif ! kf_shake shake128-nobs-generic || ! kf_kmac kmac128-nobs-generic ||
	     ! kf_cshake cshake128-nobs-generic; then
		result fail sha3-katfail-fast "wrong answer: $kf_got"
	else
		result pass sha3-katfail-fast "$kf_impl dropped, $(kf_drivers | wc -l) generic drivers right${kf_force:+ ($kf_force)}"
	fi
	# The multi-lane permutation failing: not used, nothing else changes.
	if [ -z "$kf_xn" ]; then
		result skip sha3-katfail-xn "no multi-lane permutation on the load line"
	else
		rmmod nobs 2>/dev/null
		kf_seen=$(dmesg | wc -l)
		if ! modload "$NOBS_TEST_KO" $NOBS_PARAMS test_fail_kat="$kf_xn" >/tmp/kf.out 2>&1; then
			result fail sha3-katfail-xn "load failed: $(cat /tmp/kf.out)"
		elif [ "$(kf_log "$kf_xn: multi-lane permutation differs from generic (-74), not using it")" != 1 ] ||
		     [ "$(kf_log 'multi-lane permutation differs')" != 1 ]; then
			result fail sha3-katfail-xn "not one error line for $kf_xn"
		elif [ "$(kf_log 'known-answer test failed')" != 0 ]; then
			result fail sha3-katfail-xn "a known answer failed too"
		elif ! kf_shake shake128 || ! kf_kmac kmac128 || ! kf_cshake cshake128; then
			result fail sha3-katfail-xn "wrong answer: $kf_got"
		else
			result pass sha3-katfail-xn "$kf_xn dropped at load, $(kf_drivers | wc -l) drivers right"
		fi
	fi
	rmmod nobs 2>/dev/null
	check sha3-katfail-reload nobs_load
fi
