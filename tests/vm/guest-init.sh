#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# /init of the nobs test initramfs (busybox sh).  Results go to ttyS1 as
#   NOBS-RESULT PASS|FAIL|SKIP <name> [reason]
# the guest's dmesg follows between NOBS-DMESG-BEGIN/END, every result once
# more as "NOBS-REPLAY PASS|FAIL|SKIP <name> [reason]", "NOBS-COUNT <n>",
# then NOBS-DONE.
/bin/busybox --install -s /bin
export PATH=/sbin:/bin:/usr/sbin:/usr/bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2>/dev/null
mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null
mkdir -p /tmp && mount -t tmpfs tmpfs /tmp

. /etc/nobs.conf
R=/dev/ttyS1
NOBS_KO=/nobs/nobs.ko
export NOBS_KO NOBS_PARAMS KVER

# Each result also goes to /tmp/nobs-results, sent again at the end: a line
# the serial port loses (seen once in many runs, with the 6.1 kernel's
# "No irq handler for vector" message at the same moment) is then noticed
# and recovered by the host (tests/vm/run-vm.sh).
result() {
	st=$1 name=$2
	shift 2
	case "$st" in
	pass) ST=PASS ;; fail) ST=FAIL ;; skip) ST=SKIP ;; *) ST=FAIL ;;
	esac
	echo "NOBS-RESULT $ST $name $*" >"$R"
	echo "$ST $name $*" >>/tmp/nobs-results
	echo "[$ST] $name $*"
}

# check NAME CMD...: pass when CMD exits 0.
check() {
	name=$1
	shift
	if "$@"; then result pass "$name"; else result fail "$name" "exit $?: $*"; fi
}

# Load the Debian crypto modules the tests use (built-ins just succeed).
for m in af_alg algif_hash algif_rng algif_skcipher sha3_generic ctr \
	aesni_intel ecdh_generic; do
	modprobe -q "$m" 2>/dev/null
done

nobs_load() { modload "$NOBS_KO" $NOBS_PARAMS; }

if nobs_load; then
	result pass load "$NOBS_PARAMS"
	for c in /cases/*.sh; do
		[ -f "$c" ] || continue
		echo "--- case $c (at $(cut -d" " -f1 /proc/uptime) s)"
		. "$c"
	done
	check unload rmmod nobs
	check reload nobs_load
	check unload-again rmmod nobs
else
	result fail load "modload $NOBS_PARAMS failed"
	# A failed load must leave nothing behind, and a plain load must work.
	if grep -q nobs /proc/crypto; then
		result fail clean-after-failed-load "nobs entries in /proc/crypto"
	else
		result pass clean-after-failed-load
	fi
	NOBS_PARAMS=
	check load-after-failure nobs_load
	check unload-after-failure rmmod nobs
fi

{
	echo NOBS-DMESG-BEGIN
	dmesg
	echo NOBS-DMESG-END
	sed 's/^/NOBS-REPLAY /' /tmp/nobs-results
	echo "NOBS-COUNT $(grep -c '' /tmp/nobs-results)"
	echo NOBS-DONE
} >"$R"
sync
poweroff -f
