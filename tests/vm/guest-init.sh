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
# The test build (test_fail_* parameters), when the runner was given one.
NOBS_TEST_KO=
[ ! -f /nobs/nobs-test.ko ] || NOBS_TEST_KO=/nobs/nobs-test.ko
export NOBS_KO NOBS_TEST_KO NOBS_PARAMS KVER NOBS_KERNEL_ID

# Each result also goes to /tmp/nobs-results, sent again at the end: a line
# the serial port loses (seen once in many runs, with the 6.1 kernel's
# "No irq handler for vector" message at the same moment) is then noticed
# and recovered by the host (tests/vm/run-vm.sh).
# A reason is one line (a case may hand over a list with newlines).
result() {
	st=$1 name=$2
	shift 2
	case "$st" in
	pass) ST=PASS ;; fail) ST=FAIL ;; skip) ST=SKIP ;; *) ST=FAIL ;;
	esac
	nobs_why=$(echo "$*" | tr '\n' ' ')
	echo "NOBS-RESULT $ST $name ${nobs_why% }" >"$R"
	echo "$ST $name ${nobs_why% }" >>/tmp/nobs-results
	echo "[$ST] $name ${nobs_why% }"
}

# check NAME CMD...: pass when CMD exits 0.
check() {
	name=$1
	shift
	if "$@"; then result pass "$name"; else result fail "$name" "exit $?: $*"; fi
}

# Load the Debian crypto modules the tests use (built-ins just succeed).
# The kernel's SHA-3 is sha3_generic up to 6.18 and sha3 from 6.19 on.
for m in af_alg algif_hash algif_rng algif_skcipher sha3_generic sha3 ctr \
	aesni_intel ecdh_generic; do
	modprobe -q "$m" 2>/dev/null
done
# The ones the cases need must be there, loaded or built in.
have_module() {
	[ -d "/sys/module/$1" ] ||
		grep -Eq "/($1|$(echo "$1" | tr _ -))\.ko\$" "/lib/modules/$KVER/modules.builtin"
}
missing=
for m in af_alg algif_hash algif_rng ctr ecdh_generic "sha3_generic sha3"; do
	found=
	for n in $m; do
		if have_module "$n"; then found=1; fi
	done
	[ -n "$found" ] || missing="$missing $(echo "$m" | tr ' ' '|')"
done
if [ -n "$missing" ]; then
	result fail kernel-modules "missing:$missing"
else
	result pass kernel-modules
fi

# AF_ALG restricted by default (7.3 on: crypto.af_alg_restrict, 1 allows
# only in-tree algorithms): open it unless nobs.conf asks for a level
# (NOBS_AF_ALG_RESTRICT=0|1|2, or "default": leave it).  The cases see the
# kernel's own value as NOBS_AF_ALG_RESTRICT_DEFAULT (empty: no such knob).
NOBS_AF_ALG_RESTRICT_DEFAULT=
if [ -f /proc/sys/crypto/af_alg_restrict ]; then
	NOBS_AF_ALG_RESTRICT_DEFAULT=$(cat /proc/sys/crypto/af_alg_restrict)
	case ${NOBS_AF_ALG_RESTRICT:-0} in
	default) ;;
	*) echo "${NOBS_AF_ALG_RESTRICT:-0}" >/proc/sys/crypto/af_alg_restrict ||
		result fail af-alg-restrict "cannot set it to ${NOBS_AF_ALG_RESTRICT:-0}" ;;
	esac
	echo "crypto.af_alg_restrict: $NOBS_AF_ALG_RESTRICT_DEFAULT by default, now $(cat /proc/sys/crypto/af_alg_restrict)"
fi
export NOBS_AF_ALG_RESTRICT NOBS_AF_ALG_RESTRICT_DEFAULT
# Sysctls asked for (run-vm.sh -s KEY=VALUE).
for s in $NOBS_SYSCTLS; do
	f=/proc/sys/$(echo "${s%%=*}" | tr . /)
	if [ -f "$f" ] && echo "${s#*=}" >"$f"; then
		echo "sysctl ${s%%=*} = $(cat "$f")"
	else
		result fail "sysctl-${s%%=*}" "cannot set $s"
	fi
done

nobs_load() { modload "$NOBS_KO" $NOBS_PARAMS; }

# For the SHA-3 cases: the driver names of nobs's shash algorithms, sorted;
# and the fast Keccak permutation the last load line timed where the timing
# chose generic (QEMU/TCG runs the C faster), empty otherwise.
nobs_shash_drivers() {
	awk '/^driver/ { d = $3 } /^module/ { m = $3 } /^type/ { t = $3 }
		/^$/ { if (m == "nobs" && t == "shash") print d; m = "" }
		END { if (m == "nobs" && t == "shash") print d }' /proc/crypto | sort -u
}
nobs_keccak_fast() {
	dmesg | grep -o ' keccak=[a-z0-9_]*\(([^)]*)\)*' | tail -n 1 |
		sed -n 's/^ keccak=generic(\([^)]*\) [a-z]*\/perm.*/\1/p' |
		tr ' ' '\n' | grep '^[a-z]' | grep -v -e '^generic$' -e ';' | tail -n 1
}

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
