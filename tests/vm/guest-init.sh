#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# /init of the nobs test initramfs (busybox sh), or of a board's Debian
# system (run-vm.sh -D: scripts/board-rootfs.sh's /sbin/nobs-board-init
# puts this run's files in place and runs this).  Results go to the
# results port (NOBS_RESULTS_TTY of /etc/nobs.conf: ttyS1, or the virtio
# console where the machine has one serial port) as
#   NOBS-RESULT PASS|FAIL|SKIP <name> [reason]
# the guest's dmesg follows between NOBS-DMESG-BEGIN/END, every result once
# more as "NOBS-REPLAY PASS|FAIL|SKIP <name> [reason]", "NOBS-COUNT <n>",
# then NOBS-DONE.  "NOBS-TIME <what>: <n> s" lines report what took long.
# The run's settings, exported: the cases read them under nobs-selftest.
set -a
. /etc/nobs.conf
set +a
# A board's system has its own tools, and its initramfs moved /proc,
# /sys and /dev into the root; the initramfs has busybox.
if [ -z "$NOBS_DEB" ]; then
	/bin/busybox --install -s /bin
	export PATH=/sbin:/bin:/usr/sbin:/usr/bin
	mount -t proc proc /proc
	mount -t sysfs sysfs /sys
	mount -t devtmpfs devtmpfs /dev 2>/dev/null
else
	export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
fi
mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null
mkdir -p /tmp && mount -t tmpfs tmpfs /tmp

R=/dev/${NOBS_RESULTS_TTY:-ttyS1}
# The host's boot watch (nobs_qemu_run in scripts/lib.sh): /init runs.
echo NOBS-INIT >"$R"
NOBS_KO=/nobs/nobs.ko
# The test build (test_fail_* parameters), when the runner was given one.
NOBS_TEST_KO=
[ ! -f /nobs/nobs-test.ko ] || NOBS_TEST_KO=/nobs/nobs-test.ko
export NOBS_KO NOBS_TEST_KO R

# What the cases call (result, check, nobs_load, usleep where Debian has
# none...), for this /init's own results; a result goes to the results
# port, to /tmp/nobs-results and to the console.  The cases themselves run
# under nobs-selftest (below), which sends theirs to the same two files.
# Each result in /tmp/nobs-results is sent again at the end: a line the
# serial port loses (seen once in many runs, with the 6.1 kernel's "No irq
# handler for vector" message at the same moment) is then noticed and
# recovered by the host (tests/vm/run-vm.sh).
. /nobs/case-lib.sh
NOBS_SELFTEST_RESULTS="$R /tmp/nobs-results"
nobs_report() {
	for nobs_f in $NOBS_SELFTEST_RESULTS; do
		echo "NOBS-RESULT $1 $2 $3" >>"$nobs_f"
	done
	echo "[$1] $2 $3"
}

# Load the Debian crypto modules the tests use (built-ins just succeed).
# The kernel's SHA-3 is sha3_generic up to 6.18 and sha3 from 6.19 on;
# the architecture's AES for ctr(aes) (the DRBG's).
case $(uname -m) in
x86_64) nobs_arch_mods=aesni_intel ;;
aarch64) nobs_arch_mods="aes_ce_blk aes_neon_blk aes_ce_cipher" ;;
ppc64le) nobs_arch_mods=vmx_crypto ;;
*) nobs_arch_mods=aes_generic ;;
esac
for m in af_alg algif_hash algif_rng algif_skcipher sha3_generic sha3 ctr \
	$nobs_arch_mods ecdh_generic; do
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

# As any user may (afalg_bind -u: nobody, through AF_ALG), an instance of
# ctr(aes) over the generic C AES is made before nobs first loads, where
# the kernel has aes-generic (6.x): the crypto API answers "ctr(aes)" with
# the best instance that exists, so nobs's DRBG must ask for the CPU's AES
# itself (45-drbg-aes.sh checks what it took).
if grep -q '^driver *: aes-generic$' /proc/crypto; then
	nobs_shadow=$(afalg_bind -u skcipher 'ctr(aes-generic)' 2>&1)
	echo "ctr(aes-generic) made before nobs loads: $nobs_shadow"
fi

# A board's system: the packages, as its user installs them, with apt
# (NOBS_DEB: nobs-dkms, and nobs-kpp and nobs-tests for this architecture;
# no network: what they depend on is in the image).  nobs-dkms's postinst
# has DKMS build nobs.ko for this kernel (its headers are installed) under
# emulation; then modprobe must load it.
# The cases then run on that module (a plain copy: they load it by file).
# The board's compiler cache (run-vm.sh -D: a third disk, kept in
# NOBS_CACHE) when the runner gave one: ccache in front of the board's gcc
# for this dpkg -i only (DEBIAN_KERNEL_USE_CCACHE, the switch of Debian's
# kernel headers), so a warm run's DKMS build takes the objects an earlier
# run's native gcc made from the same source and flags (ccache's own keys:
# any change compiles anew).
if [ -n "$NOBS_DEB" ]; then
	nobs_t0=$(cut -d. -f1 /proc/uptime)
	nobs_cc=
	if [ -b /dev/vdc ] && command -v ccache >/dev/null && mkdir -p /var/cache/nobs-ccache &&
		mount /dev/vdc /var/cache/nobs-ccache; then
		nobs_cc="DEBIAN_KERNEL_USE_CCACHE=1 CCACHE_DIR=/var/cache/nobs-ccache CCACHE_MAXSIZE=1500M"
	fi
	# (the image's dpkg leaves /usr/share/doc out, as minimal images do;
	# a board's full system has the package's example: 95-sample.sh)
	echo "apt-get install $NOBS_DEB"
	if env $nobs_cc DEBIAN_FRONTEND=noninteractive apt-get install -y \
		--no-install-recommends \
		-o Dpkg::Options::='--path-include=/usr/share/doc/nobs-dkms/*' \
		$NOBS_DEB >/tmp/dpkg.log 2>&1; then
		result pass dkms-install "apt-get install $(for d in $NOBS_DEB; do basename "$d"; done | tr '\n' ' ')"
	else
		result fail dkms-install "apt-get install: $(tail -n 5 /tmp/dpkg.log)"
		tail -n 40 /tmp/dpkg.log
		find /var/lib/dkms -name make.log -exec tail -n 30 {} \;
	fi
	echo "NOBS-TIME dkms build and install (apt-get install${nobs_cc:+, ccache}): $(($(cut -d. -f1 /proc/uptime) - nobs_t0)) s" >"$R"
	if [ -n "$nobs_cc" ]; then
		echo "NOBS-TIME ccache: $(env $nobs_cc ccache --print-stats 2>/dev/null |
			grep -E '^(direct_cache_hit|preprocessed_cache_hit|cache_miss)	' |
			tr '\t\n' '= ')" >"$R"
		env $nobs_cc ccache --zero-stats >/dev/null 2>&1
		umount /var/cache/nobs-ccache
	fi
	grep -Ei '^(Unpacking|Setting up|Building|Signing|Installing|Running|depmod)|dkms' /tmp/dpkg.log | head -n 30
	nobs_st=$(dkms status nobs 2>&1)
	case $nobs_st in
	*"$KVER"*installed*) result pass dkms-status "$nobs_st" ;;
	*) result fail dkms-status "$nobs_st" ;;
	esac
	nobs_dko=$(ls /lib/modules/"$KVER"/updates/dkms/nobs.ko* 2>/dev/null | head -n 1)
	nobs_vm=$(modinfo -F vermagic "$nobs_dko" 2>/dev/null)
	nobs_kvm=$(modinfo -F vermagic "/lib/modules/$KVER/$(grep -v '/nobs\.ko' "/lib/modules/$KVER/modules.dep" | sed -n '1s/:.*//p')" 2>/dev/null)
	if [ -n "$nobs_vm" ] && [ "$nobs_vm" = "$nobs_kvm" ]; then
		result pass dkms-vermagic "$nobs_dko: $nobs_vm"
	else
		result fail dkms-vermagic "'$nobs_dko': '$nobs_vm', the kernel's: '$nobs_kvm'"
	fi
	if modprobe nobs && grep -q '^nobs ' /proc/modules &&
		[ "$(modinfo -n nobs)" = "$nobs_dko" ]; then
		result pass modprobe "modprobe nobs: $(modinfo -n nobs)"
	else
		result fail modprobe "modprobe nobs: $(modinfo -n nobs 2>&1)"
	fi
	check modprobe-remove modprobe -r nobs
	case $nobs_dko in
	*.xz) xz -dc "$nobs_dko" >"$NOBS_KO" ;;
	*.zst) zstd -qdc "$nobs_dko" >"$NOBS_KO" ;;
	*.gz) gzip -dc "$nobs_dko" >"$NOBS_KO" ;;
	*) cp "$nobs_dko" "$NOBS_KO" ;;
	esac
fi

# Built for this very kernel: the vermagic of the kernel's own modules
# (a kernel with every option built in, as the test kernels, has none).
nobs_kmod=$(grep -v '/nobs\.ko' "/lib/modules/$KVER/modules.dep" 2>/dev/null | sed -n '1s/:.*//p')
if [ -n "$nobs_kmod" ]; then
	nobs_vm=$(/sbin/modinfo -F vermagic "$NOBS_KO" 2>&1)
	nobs_kvm=$(/sbin/modinfo -F vermagic "/lib/modules/$KVER/$nobs_kmod" 2>&1)
	if [ -n "$nobs_vm" ] && [ "$nobs_vm" = "$nobs_kvm" ]; then
		result pass vermagic "$nobs_vm"
	else
		result fail vermagic "nobs.ko: '$nobs_vm', the kernel's $nobs_kmod: '$nobs_kvm'"
	fi
fi

# FIPS mode (fips=1 on a kernel with CONFIG_CRYPTO_FIPS): nobs, signed by
# no key the kernel trusts, must refuse to load, so only the case that
# tests that refusal runs (25-fips.sh: run-vm.sh -a fips=1 -c '25-*').
if [ "$(cat /proc/sys/crypto/fips_enabled 2>/dev/null)" = 1 ]; then
	for c in /cases/*.sh; do
		case $c in
		*/25-fips.sh)
			echo "--- case $c (at $(cut -d" " -f1 /proc/uptime) s)"
			. "$c"
			;;
		*) result skip "fips-$(basename "$c" .sh)" "fips=1: nobs does not load, only 25-fips.sh runs" ;;
		esac
	done
elif nobs_load; then
	result pass load "$NOBS_PARAMS"
	# The cases this run chose (run-vm.sh -c), by the one runner a board's
	# user has: nobs-selftest, with --reload (this system is the test's).
	# On a board's system with the nobs-tests package, the package's
	# runner, cases and vectors, as installed; else this run's copies.
	nobs_cases=
	for c in /cases/*.sh; do
		[ -f "$c" ] && nobs_cases="$nobs_cases $(basename "$c" .sh)"
	done
	if [ -n "$NOBS_DEB" ] && command -v nobs-selftest >/dev/null; then
		nobs_selftest=nobs-selftest
		for c in $nobs_cases; do
			[ -f "/usr/lib/nobs-tests/cases/$c.sh" ] ||
				result fail "$c" "not in the nobs-tests package"
		done
	else
		nobs_selftest=/nobs/nobs-selftest
		NOBS_TESTS_DIR=/nobs NOBS_CASES_DIR=/cases NOBS_VECTORS=/vectors
		# the sample module the host built, or why not
		NOBS_SAMPLE_KO=/nobs/nobs_sha3_sample.ko NOBS_SAMPLE_ERR=/etc/nobs-sample.err
		export NOBS_TESTS_DIR NOBS_CASES_DIR NOBS_VECTORS NOBS_SAMPLE_KO NOBS_SAMPLE_ERR
	fi
	export NOBS_AF_ALG_RESTRICT_DEFAULT NOBS_SELFTEST_RESULTS
	if [ -n "$nobs_cases" ]; then
		echo "$(command -v $nobs_selftest) --reload${NOBS_TEST_KO:+ --test-ko $NOBS_TEST_KO}$nobs_cases"
		$nobs_selftest --reload ${NOBS_TEST_KO:+--test-ko "$NOBS_TEST_KO"} $nobs_cases
	fi
	check unload rmmod nobs
	check reload nobs_load
	check unload-again rmmod nobs
	# The kernel took the module as it is: vermagic and, with
	# MODVERSIONS, every symbol's CRC (a mismatch refuses the load and
	# says so; a missing CRC loads, taints and says so).
	nobs_mv=$(dmesg | grep -E 'nobs: (disagrees about version of symbol|no symbol version for)' | head -n 3)
	if [ -z "$nobs_mv" ]; then
		result pass modversions "no symbol version complaint"
	else
		result fail modversions "$nobs_mv"
	fi
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
	sed 's/^NOBS-RESULT /NOBS-REPLAY /' /tmp/nobs-results
	echo "NOBS-COUNT $(grep -c '' /tmp/nobs-results)"
	echo NOBS-DONE
} >"$R"
sync
poweroff -f 2>/dev/null || busybox poweroff -f || echo o >/proc/sysrq-trigger
