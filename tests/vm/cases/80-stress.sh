# SPDX-License-Identifier: GPL-2.0
# Stress with unload attempts (tests/vm/progs/stress.c): 3 processes x 4
# threads hash (known answers) and draw random bytes (PQC KAT first block)
# through AF_ALG for 12 s (NOBS_STRESS_SECS) while another process keeps calling
# delete_module("nobs"): refused with EWOULDBLOCK each time (the module is
# in use; EBUSY is only for a module initialising or going), and rmmod
# fails too; once every socket is closed,
# rmmod succeeds and the module is loaded again with $NOBS_PARAMS for the
# steps after this one.  No oops (the runner checks dmesg).
# Sourced by the guest's /init (busybox sh): report with `result`, never exit.
# nobs-selftest: --reload only (it unloads nobs, and tries to while in use).

st_drivers() {
	awk -v t="$1" '/^driver/ { d = $3 } /^module/ { m = $3 }
	     /^type/ { if ($3 == t && m == "nobs") print d }' /proc/crypto
}
st_hash=$(st_drivers shash)
st_rng=$(st_drivers rng)
# (NOBS_STRESS_SECS of /etc/nobs.conf: make check's core suites run 8 s)
st_secs=${NOBS_STRESS_SECS:-12}

if [ -z "$st_hash" ] || [ -z "$st_rng" ]; then
	result fail stress-drivers "hash: '$st_hash' rng: '$st_rng'"
else
	# shellcheck disable=SC2086
	stress $st_secs 3 4 "$st_rng" $st_hash >/tmp/stress.out 2>&1 &
	st_pid=$!
	sleep $((st_secs / 2))
	if st_msg=$(rmmod nobs 2>&1); then
		result fail stress-rmmod-in-use "rmmod succeeded while in use"
		modload "$NOBS_KO" $NOBS_PARAMS
	else
		case $st_msg in
		# kmod: "is in use"; busybox: EWOULDBLOCK's strerror
		*"in use"* | *"temporarily unavailable"*)
			result pass stress-rmmod-in-use ;;
		*) result fail stress-rmmod-in-use "unexpected: $st_msg" ;;
		esac
	fi
	wait $st_pid
	st_rc=$?
	st_line=$(grep '^stress:' /tmp/stress.out | tail -n 1)
	echo "$st_line"
	if [ $st_rc -eq 0 ]; then
		result pass stress-run "$st_line"
	else
		result fail stress-run "exit $st_rc: $st_line; $(grep -v '^stress: hash' /tmp/stress.out | sort | uniq -c | head -n 5 | tr '\n' ' ')"
	fi
	# Every socket is closed: the module must go now (closing is
	# synchronous, but allow a moment for the last fput).
	st_ok=0
	for st_try in 1 2 3 4 5; do
		if rmmod nobs 2>/dev/null; then
			st_ok=1
			break
		fi
		sleep 1
	done
	if [ $st_ok = 1 ]; then
		result pass stress-rmmod-after-close
	else
		result fail stress-rmmod-after-close "refcnt $(cat /sys/module/nobs/refcnt 2>/dev/null)"
	fi
	if grep -q '^nobs ' /proc/modules || modload "$NOBS_KO" $NOBS_PARAMS; then
		result pass stress-reload "$NOBS_PARAMS"
	else
		result fail stress-reload "modload $NOBS_PARAMS failed"
	fi
	# FIPS 202 / CAVP SHAKE256 Len = 0 after the reload
	st_got=$(kcapi-dgst -c shake256 --hex </dev/null 2>&1)
	case $st_got in
	46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762f*)
		result pass stress-after-reload ;;
	*) result fail stress-after-reload "got '$st_got'" ;;
	esac
fi
