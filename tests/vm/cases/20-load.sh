# SPDX-License-Identifier: GPL-2.0
# Loads that fail, with a second process doing what any user could while
# nobs initialises (tests/vm/progs/loadwatch.c):
#  - each module parameter with a bad value: the load fails with EINVAL
#    before anything of nobs runs (the kernel names the parameter, nobs's
#    load line does not appear), and the watcher, reading /proc/crypto and
#    binding every shake128-nobs-* it sees all through the load, sees no
#    algorithm of nobs at all;
#  - a load that fails after registering everything (test_fail_after=N)
#    while a user holds a hash socket bound to shake128-nobs-* during the
#    load: the failed load waits for that user (still running 5 s after
#    it failed; it used to give up after about 2 s and free the module
#    under the socket), a new bind of that driver is refused meanwhile,
#    the held socket still hashes right (FIPS 202), and once it is closed
#    the load ends with EINVAL and leaves nothing behind.  The runner
#    checks dmesg for the WARN an early unregistration gives.
# The test_fail_* parameters exist only in the test build of the module
# ($NOBS_TEST_KO, run-vm.sh -T); the module under test ($NOBS_KO, the one
# DKMS built) must have none of them.
# Reloads nobs with $NOBS_PARAMS at the end.
# Sourced by the guest's /init (busybox sh): report with `result`, never exit.

ld_line=$(dmesg | grep -E ': keccak=' | tail -n 1)
ld_nr=$(echo "$ld_line" | grep -o ' [a-z0-9_]*=' | wc -l)
[ "$ld_nr" -gt 0 ] || ld_nr=4
ld_left() {
	grep -q '^module *: nobs$' /proc/crypto || grep -q '^nobs ' /proc/modules
}
# ld_wait FILE SECONDS: until FILE exists; 1 on timeout.
ld_wait() {
	ld_t=0
	while [ ! -e "$1" ]; do
		[ "$ld_t" -lt $(($2 * 10)) ] || return 1
		usleep 100000
		ld_t=$((ld_t + 1))
	done
}

# The shipped module has no test hook (modinfo -p lists its parameters).
ld_hooks=$(modinfo -p "$NOBS_KO" 2>&1 | grep -c '^test_')
if modinfo -p "$NOBS_KO" | grep -q '^force_generic:' && [ "$ld_hooks" = 0 ]; then
	result pass load-no-test-hooks "modinfo -p: $(modinfo -p "$NOBS_KO" | cut -d: -f1 | tr '\n' ' ')"
else
	result fail load-no-test-hooks "$(modinfo -p "$NOBS_KO" 2>&1 | tr '\n' ' ')"
fi

if rmmod nobs; then
	result pass load-unloaded
else
	result fail load-unloaded "rmmod nobs failed"
fi

# Every parameter, with values the kernel's own parsing would accept but
# nobs must not (and, for the two bools, ones it refuses itself); the test
# hooks' on the test build.
ld_bad="drbg_reseed_interval=0 drbg_reseed_interval=281474976710657
	drbg_reseed_interval=1x force_generic=2"
ld_bad_test="test_fail_after=-2 test_fail_selftest=-2
	test_fail_selftest=$ld_nr test_fail_kat=nosuch
	test_fail_kat=generic:nosuch test_fail_kat=generic:
	test_fail_exchange=maybe test_fail_first_use=maybe"
[ -n "${NOBS_TEST_KO:-}" ] || result skip load-bad-test-hooks "no test build of the module (run-vm.sh -T)"
for ld_p in $ld_bad ${NOBS_TEST_KO:+$ld_bad_test}; do
	ld_ko=$NOBS_KO
	case $ld_p in test_*) ld_ko=$NOBS_TEST_KO ;; esac
	ld_name=load-bad-${ld_p%%=*}=${ld_p#*=}
	rm -f /tmp/ld.stop /tmp/ld.stop.up
	loadwatch watch /tmp/ld.stop >/tmp/ld.watch 2>&1 &
	ld_pid=$!
	ld_wait /tmp/ld.stop.up 60
	ld_lines=$(dmesg | grep -c ': keccak=')
	modload "$ld_ko" "$ld_p" >/tmp/ld.out 2>&1
	ld_rc=$?
	touch /tmp/ld.stop
	wait "$ld_pid"
	ld_w=$(cat /tmp/ld.watch)
	if [ "$ld_rc" = 0 ]; then
		result fail "$ld_name" "load succeeded"
		rmmod nobs
	elif ! grep -q 'errno 22' /tmp/ld.out; then
		result fail "$ld_name" "not EINVAL: $(cat /tmp/ld.out)"
	elif ! echo "$ld_w" | grep -q ' 0 with nobs, 0 bound$'; then
		result fail "$ld_name" "nobs was registered during the load: $ld_w"
	elif [ "$(dmesg | grep -c ': keccak=')" != "$ld_lines" ]; then
		result fail "$ld_name" "nobs_init() ran (its load line is there)"
	elif ! dmesg | tail -n 20 | grep 'invalid for parameter' | grep -q "${ld_p%%=*}"; then
		result fail "$ld_name" "the kernel did not refuse the parameter"
	elif ld_left; then
		result fail "$ld_name" "nobs left behind"
	else
		result pass "$ld_name" "EINVAL before nobs_init(); $ld_w"
	fi
done

# A failure after registration, with a user of nobs from during the load
# (test_fail_after: the test build).
if [ -z "${NOBS_TEST_KO:-}" ]; then
	result skip load-late-failure "no test build of the module (run-vm.sh -T)"
else
rm -f /tmp/ld.ready /tmp/ld.release
# Where nobs is installed in the module tree (a board's system: DKMS put
# it there), the holder's rebind of a driver being unregistered makes the
# kernel request "crypto-shake128-nobs-*", modprobe finds nobs's alias,
# and its finit_module() waits for the failing load of the same name,
# which waits for the holder: neither ever ends.  Meanwhile the kernel's
# modprobe is /bin/true, as in the initramfs, where nobs is not installed.
ld_modprobe=$(cat /proc/sys/kernel/modprobe)
if [ -n "$(modinfo -n nobs 2>/dev/null)" ]; then echo /bin/true >/proc/sys/kernel/modprobe; fi
loadwatch hold /tmp/ld.ready /tmp/ld.release >/tmp/ld.hold 2>&1 &
ld_hpid=$!
ld_seen=$(dmesg | wc -l)
modload "$NOBS_TEST_KO" $NOBS_PARAMS test_fail_after="$ld_nr" >/tmp/ld.out 2>&1 &
ld_lpid=$!
# ld_failed: nobs_init() has reached its failure (and is unwinding).
ld_failed() {
	dmesg | tail -n +$((ld_seen + 1)) | grep -q 'load failed on purpose'
}
if ! ld_wait /tmp/ld.ready 600; then
	result fail load-late-failure-bind "no shake128-nobs-* bound during the load: $(cat /tmp/ld.hold /tmp/ld.out)"
	kill "$ld_hpid" 2>/dev/null
else
	ld_t=0
	while ! ld_failed && [ "$ld_t" -lt 6000 ]; do
		usleep 100000
		ld_t=$((ld_t + 1))
	done
	# The unwind reaches the held algorithm after the others (seconds on
	# the -rt kernel under TCG): wait for its line, then 2 s more.
	ld_t=0
	while ! dmesg | tail -n +$((ld_seen + 1)) | grep -q 'unregistering it waits until its users free it' &&
		[ "$ld_t" -lt 600 ]; do
		usleep 100000
		ld_t=$((ld_t + 1))
	done
	sleep 2
	if ! ld_failed; then
		result fail load-late-failure-wait "the load never reached test_fail_after=$ld_nr: $(cat /tmp/ld.out)"
	elif ! kill -0 "$ld_lpid" 2>/dev/null; then
		result fail load-late-failure-wait "the failed load returned while a socket still held nobs: $(cat /tmp/ld.out)"
	elif ! dmesg | tail -n +$((ld_seen + 1)) | grep -q 'unregistering it waits until its users free it'; then
		result fail load-late-failure-wait "no line saying what the unwind waits for"
	else
		result pass load-late-failure-wait "5 s after the failure the load still waits for the socket"
	fi
	touch /tmp/ld.release
	wait "$ld_hpid"
	ld_h=$(cat /tmp/ld.hold)
	if [ "$(echo "$ld_h" | grep -c '^loadwatch: digest ok')" != 2 ]; then
		result fail load-late-failure-digest "$ld_h"
	else
		result pass load-late-failure-digest "the socket held across the failure hashes right"
	fi
	if echo "$ld_h" | grep -q '^loadwatch: rebind errno 2$'; then
		result pass load-late-failure-rebind "a new bind meanwhile: ENOENT"
	else
		result fail load-late-failure-rebind "$ld_h"
	fi
fi
wait "$ld_lpid"
ld_rc=$?
echo "$ld_modprobe" >/proc/sys/kernel/modprobe
if [ "$ld_rc" = 0 ]; then
	result fail load-late-failure "load succeeded"
	rmmod nobs
elif ! grep -q 'errno 22' /tmp/ld.out; then
	result fail load-late-failure "not EINVAL: $(cat /tmp/ld.out)"
elif ld_left; then
	result fail load-late-failure "nobs left behind"
else
	result pass load-late-failure "EINVAL once the socket was closed, nothing left"
fi
fi
rm -f /tmp/ld.*
check load-reload nobs_load
