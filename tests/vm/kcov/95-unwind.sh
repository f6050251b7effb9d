# SPDX-License-Identifier: GPL-2.0
# Kernel coverage run only (scripts/kcov-run.sh adds it after tests/vm/cases):
# the paths a plain load never takes.
#  - test_fail_after=N for N = 0 .. number of components: the load fails
#    with EINVAL after registering N components; nothing of nobs may stay
#    in /proc/crypto or /proc/modules, and a plain load works afterwards.
#  - drbg_reseed_interval=0 and 2^48+1: the drbg registration refuses
#    (EINVAL), the components before it are unregistered again.
#  - failslab (when the kernel has it): the N-th slab allocation of the
#    loading task fails, for a spread of budgets; the load either works (and
#    unloads) or fails with ENOMEM/EINVAL leaving nothing behind.
#  - force_generic=1 drbg_reseed_interval=1000: the sha3, drbg and csidh
#    cases once more on the generic implementations.
# Every load failure after a registration is opt-in (NOBS_KCOV_UNWIND=1 in
# /etc/nobs.conf): on 6.12 crypto_register_alg() no longer waits for
# testmgr, nobs unregisters algorithms testmgr is still testing (WARN in
# crypto_unregister_alg) and the freed module text is then run by
# cryptomgr_test: an oops.  Only test_fail_after=0 (nothing registered)
# runs by default.
# Leaves nobs loaded with the parameters of the run (as the cases expect).
# Sourced by the guest's /init (busybox sh): report with `result`, never exit.

kc_line=$(dmesg | grep -E ': keccak=' | tail -n 1)
kc_nr=$(echo "$kc_line" | grep -o ' [a-z0-9_]*=' | wc -l)
[ "$kc_nr" -gt 0 ] || kc_nr=3
if rmmod nobs; then
	result pass kcov-unload
else
	result fail kcov-unload "rmmod nobs failed"
fi

[ "${NOBS_KCOV_UNWIND:-0}" = 1 ] || kc_nr=0
kc_i=0
while [ "$kc_i" -le "$kc_nr" ]; do
	if modload "$NOBS_KO" test_fail_after=$kc_i >/tmp/kc.out 2>&1; then
		result fail "kcov-fail-after-$kc_i" "load succeeded"
		rmmod nobs
	elif ! grep -q 'errno 22' /tmp/kc.out; then
		result fail "kcov-fail-after-$kc_i" "$(cat /tmp/kc.out)"
	elif grep -q nobs /proc/crypto || grep -q '^nobs ' /proc/modules; then
		result fail "kcov-fail-after-$kc_i" "nobs left behind"
	else
		result pass "kcov-fail-after-$kc_i"
	fi
	kc_i=$((kc_i + 1))
done

# A real registration error in the middle of the table.
kc_ps="drbg_reseed_interval=0 drbg_reseed_interval=281474976710657"
[ "${NOBS_KCOV_UNWIND:-0}" = 1 ] || kc_ps=
for kc_p in $kc_ps; do
	if modload "$NOBS_KO" "$kc_p" >/tmp/kc.out 2>&1; then
		result fail "kcov-$kc_p" "load succeeded"
		rmmod nobs
	elif ! grep -q 'errno 22' /tmp/kc.out; then
		result fail "kcov-$kc_p" "$(cat /tmp/kc.out)"
	elif grep -q nobs /proc/crypto || grep -q '^nobs ' /proc/modules; then
		result fail "kcov-$kc_p" "nobs left behind"
	else
		result pass "kcov-$kc_p"
	fi
done

# Allocation failures while loading: failslab limited to this task.
kc_fs=/sys/kernel/debug/failslab
if [ "${NOBS_KCOV_UNWIND:-0}" != 1 ]; then
	result skip kcov-failslab "NOBS_KCOV_UNWIND=1 only (unwinding oopses on 6.12)"
elif [ -d "$kc_fs" ]; then
	echo 100 >$kc_fs/probability
	echo 1 >$kc_fs/interval
	echo 0 >$kc_fs/verbose
	echo Y >$kc_fs/task-filter
	echo N >$kc_fs/ignore-gfp-wait
	kc_ok=0 kc_failed=0 kc_bad=0 kc_early=0
	for kc_space in ${NOBS_KCOV_FAILSLAB:-1024 8192 32768 65536 131072 262144}; do
		echo 1 >$kc_fs/times
		echo "$kc_space" >$kc_fs/space
		if (echo 1 >/proc/self/make-it-fail &&
		    exec modload "$NOBS_KO") >/tmp/kc.out 2>&1; then
			kc_ok=$((kc_ok + 1))
			if ! rmmod nobs; then
				kc_bad=$((kc_bad + 1))
				result fail "kcov-failslab-$kc_space" "rmmod failed"
			fi
		elif grep -q nobs /proc/crypto || grep -q '^nobs ' /proc/modules; then
			kc_bad=$((kc_bad + 1))
			result fail "kcov-failslab-$kc_space" "nobs left behind: $(cat /tmp/kc.out)"
		elif grep -Eq 'errno (12|22)' /tmp/kc.out; then
			kc_failed=$((kc_failed + 1))
		elif ! grep -q '^modload:' /tmp/kc.out; then
			kc_early=$((kc_early + 1))	# exec of modload failed
		else
			kc_bad=$((kc_bad + 1))
			result fail "kcov-failslab-$kc_space" "$(cat /tmp/kc.out)"
		fi
	done
	echo 0 >$kc_fs/times
	echo 0 >$kc_fs/probability
	kc_sum="$kc_ok loaded, $kc_failed failed cleanly, $kc_early failed before the load"
	echo "kcov: failslab: $kc_sum"
	if [ "$kc_bad" = 0 ]; then
		result pass kcov-failslab "$kc_sum"
	fi
else
	result skip kcov-failslab "no $kc_fs"
fi

# The generic implementations, through the same cases.
kc_saved=$NOBS_PARAMS
NOBS_PARAMS="force_generic=1 drbg_reseed_interval=1000"
if nobs_load; then
	result pass kcov-load-generic
	for kc_c in /cases/30-*.sh /cases/40-*.sh /cases/50-*.sh; do
		# shellcheck disable=SC1090
		[ -f "$kc_c" ] && . "$kc_c"
	done
	check kcov-unload-generic rmmod nobs
else
	result fail kcov-load-generic "modload $NOBS_PARAMS failed"
fi
NOBS_PARAMS=$kc_saved
check kcov-reload nobs_load
