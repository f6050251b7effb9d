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
#    checks dmesg for the WARN an early unregistration gives.  Where nobs
#    is installed (a board), that rebind would run modprobe: the case
#    below covers it instead;
#  - the same, with the failing load killed while it waits: it ends at
#    once and stays loaded, closed (nobs_main.c); rmmod is refused while
#    the socket is open and works once it is closed;
#  - the same with nobs in the module tree (a board's; else installed here
#    as 90-autoload.sh does) and a second user binding shake128 and the
#    shake128 drivers over and over (loadwatch loop: a crypto_alloc_ahash()
#    each): the holder's rebind runs modprobe, whose load of nobs waits for
#    the failing one, which waits for the holder.  The failing load must
#    end by itself (its waits are bounded), stay loaded and closed while
#    the socket is open, and unload once it is closed.
# The test_fail_* parameters exist only in the test build of the module
# ($NOBS_TEST_KO, run-vm.sh -T); the module under test ($NOBS_KO, the one
# DKMS built) must have none of them.
# Reloads nobs with $NOBS_PARAMS at the end.
# Sourced by the guest's /init (busybox sh): report with `result`, never exit.
# nobs-selftest: --reload only (it unloads nobs and loads failing builds).

ld_line=$(dmesg | grep -E ': keccak=' | tail -n 1)
ld_nr=$(echo "$ld_line" | grep -o ' [a-z0-9_]*=' | wc -l)
[ "$ld_nr" -gt 0 ] || ld_nr=4
# The shake128 drivers of the loaded nobs, for the bind loop below.
ld_shake=$(nobs_shash_drivers | grep '^shake128-')
ld_left() {
	grep -q '^module *: nobs$' /proc/crypto || grep -q '^nobs ' /proc/modules
}
# ld_alive PID: the process runs (not reaped, not a zombie).
ld_alive() {
	ld_s=$(sed -n 's/^.*) \(.\).*/\1/p' "/proc/$1/stat" 2>/dev/null)
	[ -n "$ld_s" ] && [ "$ld_s" != Z ]
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

# The shipped module has no test hook (modinfo -p lists its parameters);
# the coverage run's module is its own test build (scripts/kcov-run.sh).
ld_hooks=$(modinfo -p "$NOBS_KO" 2>&1 | grep -c '^test_')
if [ -n "${NOBS_TEST_KO:-}" ] && cmp -s "$NOBS_KO" "$NOBS_TEST_KO"; then
	result skip load-no-test-hooks "the module under test is the test build (make coverage)"
elif modinfo -p "$NOBS_KO" | grep -q '^force_generic:' && [ "$ld_hooks" = 0 ]; then
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

# ld_start: a holder (loadwatch hold) and a load of the test build that
# fails after registering everything; ld_hpid, ld_lpid, ld_seen.
ld_start() {
	rm -f /tmp/ld.ready /tmp/ld.release /tmp/ld.stop
	loadwatch hold /tmp/ld.ready /tmp/ld.release >/tmp/ld.hold 2>&1 &
	ld_hpid=$!
	ld_seen=$(dmesg | wc -l)
	modload "$NOBS_TEST_KO" $NOBS_PARAMS test_fail_after="$ld_nr" >/tmp/ld.out 2>&1 &
	ld_lpid=$!
}

# ld_failed: nobs_init() has reached its failure (and is unwinding); all
# three parts below wait for it, whichever of them run.
ld_failed() {
	dmesg | tail -n +$((ld_seen + 1)) | grep -q 'load failed on purpose'
}

# A failure after registration, with a user of nobs from during the load
# (test_fail_after: the test build).
ld_inst=$(modinfo -n nobs 2>/dev/null)
if [ -z "${NOBS_TEST_KO:-}" ]; then
	result skip load-late-failure "no test build of the module (run-vm.sh -T)"
elif [ -n "$ld_inst" ]; then
	result skip load-late-failure "nobs is installed ($ld_inst): the rebind runs modprobe (load-installed-* below)"
else
ld_start
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

# ld_until SECONDS CMD...: until CMD succeeds; 1 on timeout.
ld_until() {
	ld_t=0
	ld_n=$(($1 * 10))
	shift
	until "$@"; do
		[ "$ld_t" -lt "$ld_n" ] || return 1
		usleep 100000
		ld_t=$((ld_t + 1))
	done
}
ld_waits() {
	dmesg | tail -n +$((ld_seen + 1)) | grep -q 'unregistering it waits until its users free it'
}
ld_ended() { ! ld_alive "$ld_lpid"; }
# ld_holder NAME: the holder's report once released (both digests right,
# the rebind refused with ENOENT).
ld_holder() {
	ld_h=$(cat /tmp/ld.hold)
	if [ "$(echo "$ld_h" | grep -c '^loadwatch: digest ok')" = 2 ] &&
	   echo "$ld_h" | grep -q '^loadwatch: rebind errno 2$'; then
		result pass "$1" "the held socket hashes right; a new bind: ENOENT"
	else
		result fail "$1" "$ld_h"
	fi
}
# ld_unload NAME: rmmod works now, and nothing of nobs is left.
ld_unload() {
	if ! rmmod nobs 2>/tmp/ld.rm; then
		result fail "$1" "rmmod: $(cat /tmp/ld.rm)"
	elif ld_left; then
		result fail "$1" "nobs left behind after rmmod"
	else
		result pass "$1" "unloaded, nothing left"
	fi
}

# The failing load killed while it waits for a user.
if [ -z "${NOBS_TEST_KO:-}" ]; then
	result skip load-killed "no test build of the module (run-vm.sh -T)"
else
ld_start
if ! ld_wait /tmp/ld.ready 600; then
	result fail load-killed "no shake128-nobs-* bound during the load: $(cat /tmp/ld.hold /tmp/ld.out)"
	kill "$ld_hpid" 2>/dev/null
else
	ld_until 600 ld_failed
	ld_until 60 ld_waits
	kill -KILL "$ld_lpid"
	ld_until 2 ld_ended
	ld_kt=$ld_t
	if ld_alive "$ld_lpid"; then
		result fail load-killed "the failed load still waits 2 s after SIGKILL"
	elif ! grep -q '^nobs ' /proc/modules; then
		result fail load-killed "nobs is gone while a socket holds it"
	elif ! dmesg | tail -n +$((ld_seen + 1)) | grep -q 'load failed (-22) while nobs is in use (killed): it stays loaded'; then
		result fail load-killed "no line saying it stays loaded: $(dmesg | tail -n 3 | tr '\n' ' ')"
	else
		result pass load-killed "ended $((ld_kt * 100)) ms after SIGKILL, stays loaded"
	fi
	if rmmod nobs 2>/dev/null; then
		result fail load-killed-busy "rmmod succeeded while a socket holds nobs"
	else
		result pass load-killed-busy "rmmod refused while the socket is open"
	fi
	touch /tmp/ld.release
	wait "$ld_hpid"
	ld_holder load-killed-holder
	ld_unload load-killed-unload
fi
wait "$ld_lpid" 2>/dev/null
fi

# The same with nobs in the module tree and a second user binding.
if [ -z "${NOBS_TEST_KO:-}" ]; then
	result skip load-installed "no test build of the module (run-vm.sh -T)"
else
if [ -z "$ld_inst" ]; then
	mkdir -p "/lib/modules/$KVER/extra"
	cp "$NOBS_KO" "/lib/modules/$KVER/extra/nobs.ko"
	/sbin/depmod -a "$KVER"
fi
ld_start
if ! ld_wait /tmp/ld.ready 600; then
	result fail load-installed "no shake128-nobs-* bound during the load: $(cat /tmp/ld.hold /tmp/ld.out)"
	kill "$ld_hpid" 2>/dev/null
else
	loadwatch loop /tmp/ld.stop shake128 $ld_shake >/tmp/ld.loop 2>&1 &
	ld_ppid=$!
	ld_until 600 ld_failed
	ld_ft=$(date +%s)
	# Once the unwind waits for the holder's driver (closed), the holder
	# rebinds, its socket still open.
	ld_until 60 ld_waits
	touch /tmp/ld.release
	ld_until 60 ld_ended
	ld_rc=
	ld_alive "$ld_lpid" || { wait "$ld_lpid"; ld_rc=$?; }
	if [ -z "$ld_rc" ]; then
		result fail load-installed "the failed load still waits 60 s after its failure"
		# The cycle: killing the holder (in modprobe's wait) breaks it.
		kill -KILL "$ld_hpid" "$ld_ppid"
	elif [ "$ld_rc" != 0 ] || ! grep -q '^nobs ' /proc/modules; then
		result fail load-installed "the load returned $ld_rc, nobs $(grep -c '^nobs ' /proc/modules) loaded: $(cat /tmp/ld.out)"
	elif ! dmesg | tail -n +$((ld_seen + 1)) | grep -q 'load failed (-22) while nobs is in use: it stays loaded'; then
		result fail load-installed "no line saying it stays loaded: $(dmesg | tail -n 3 | tr '\n' ' ')"
	else
		result pass load-installed "ended by itself $(($(date +%s) - ld_ft)) s after the failure, stays loaded"
	fi
	touch /tmp/ld.stop
	ld_until 60 eval '! ld_alive "$ld_hpid" && ! ld_alive "$ld_ppid"' ||
		kill -KILL "$ld_hpid" "$ld_ppid"
	wait "$ld_hpid" "$ld_ppid"
	ld_holder load-installed-holder
	if grep -q '^loadwatch: [0-9]* binds' /tmp/ld.loop; then
		result pass load-installed-loop "$(cat /tmp/ld.loop)"
	else
		result fail load-installed-loop "$(cat /tmp/ld.loop)"
	fi
fi
wait "$ld_lpid" 2>/dev/null
ld_unload load-installed-unload
if [ -z "$ld_inst" ]; then
	rm -f "/lib/modules/$KVER/extra/nobs.ko"
	/sbin/depmod -a "$KVER"
fi
fi
rm -f /tmp/ld.*
check load-reload nobs_load
