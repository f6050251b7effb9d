#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# run-vm.sh: boot a stock Debian kernel under QEMU/TCG, load nobs.ko, run the
# guest test cases and report.
#
#   tests/vm/run-vm.sh -k ID -m path/to/nobs.ko [-T path/to/test/nobs.ko]
#                      [-p "mod params"] [-a "kernel args"] [-r LEVEL] [-s KEY=VALUE]...
#                      [-l label] [-c 'globs of cases'] [-C cases_dir]
#                      [-u CPU] [-D PACKAGE.deb]... [-S] [-t timeout_s] [-q] [-v]
#
# -k: a kernel ID of scripts/lib.sh (6.1, 6.12, trixie, trixie-rt,
# backports, sid) or a series such as 7.3, of the architecture NOBS_ARCH
# (x86_64, arm64, riscv64, ppc64le; default x86_64; the machine per
# architecture: nobs_qemu_machine in scripts/lib.sh); its image comes from
# scripts/fetch-kernel.sh.  -u: QEMU's -cpu (x86_64: max by default, with
# AES-NI, BMI2, ADX, AVX2..., or e.g. 'max,-aes' for a CPU without AES
# instructions; arm64: cortex-a72, the Raspberry Pi 4, or max, with the
# SHA3 instructions).  The guest runs
# tests/vm/cases/*.sh (or -c GLOBS,
# e.g. -c '30-* 60-*') after loading the module with the given parameters (-C:
# the cases of another directory, e.g. tests/vm/demo; -v: show what the
# cases print), then unloads, reloads and unloads it.  The cases run under
# nobs-selftest --reload, the runner the nobs-tests package installs on a
# board; its KTAP goes to the console.  -T: the test build
# of the module (NOBS_TEST_HOOKS=1: the test_fail_* parameters), for the
# cases that load it ($NOBS_TEST_KO in the guest; they skip without it).
# -a: added to the guest's kernel command line (-a fips=1 -c '25-*': FIPS
# mode, in which nobs must refuse to load and the guest runs only
# 25-fips.sh).  -s KEY=VALUE: a sysctl the guest sets once
# the kernel's crypto modules are loaded, before nobs.ko (e.g.
# -s crypto.af_alg_restrict=1).  Where the kernel restricts AF_ALG
# (/proc/sys/crypto/af_alg_restrict, 7.3 on) the guest sets it to 0 unless
# -r LEVEL names another (-r default: leave the kernel's); the cases see
# the value found as NOBS_AF_ALG_RESTRICT_DEFAULT.  Programs
# tests/vm/progs/*.c are built static (for NOBS_ARCH) into /bin; the
# vectors (tests/vectors) are at /vectors; where the CSIDH reference
# is at hand (NOBS_CSIDH_REF_SRC, or built before in NOBS_CSIDH_REF_OUT,
# default /var/tmp/nobs-csidh-ref), fresh CSIDH-1024 keys and results from
# its p1024 code at /etc/nobs-csidh1024-fresh (65-csidh1024.sh); where
# high-ctidh's oracle is (NOBS_CTIDH_REF, default /var/tmp/nobs-ctidh-ref),
# a fresh record of each CTIDH set at /etc/nobs-ctidh-fresh/<set>.txt
# (63-ctidh.sh).
# -D: instead of an initramfs and -m, the board's whole Debian 13 system
# (scripts/board-rootfs.sh: the stock kernel and its headers, dkms, gcc;
# a copy-on-write snapshot of the cached disk) with the packages given
# (-D once per package: nobs-dkms, and nobs-kpp and nobs-tests built for
# the board, make deb's) installed in it by apt: DKMS builds nobs.ko in
# the guest, modprobe loads it, then the cases run on that module, with
# the nobs-tests package's nobs-selftest, cases and vectors where it is
# among them.  The per-run files (this runner's
# /init, cases, programs, vectors, the package) come on a second disk.
# 95-sample.sh: the sample module (samples/nobs-sha3-sample) is built for
# the kernel against the Module.symvers (and include/) beside the nobs.ko
# given.
# -S: after the cases, the tcrypt speed commands of README.md ("Speed on
# a board"), as they are written there (tests/vm/tcrypt.sh).
#
# Output in $NOBS_BUILD/vm/<label>/: console.log (serial console),
# results.log (raw guest results), results.tsv (status<TAB>name<TAB>reason),
# dmesg.log; the counts also go to build/results/kernels.tsv (suite: the
# label; not with NOBS_RECORD_KERNELS=0).  The last line printed is
# "SUITE: N passed, N failed, N skipped".
# Exit status is non-zero when any test failed, the guest hung or crashed, or
# dmesg shows a panic, oops, WARN, BUG, RCU stall or sanitizer report.
set -euo pipefail
. "$(dirname "$0")/../../scripts/lib.sh"

series=6.12 ko= testko= params= label= cases='*' timeout= quiet=0 verbose=0
kargs= restrict= sysctls= cpu= debs=() tcrypt=0
cases_dir=$NOBS_ROOT/tests/vm/cases
while getopts k:m:T:p:a:r:s:l:c:C:u:D:t:Sqv o; do
	case $o in
	k) series=$OPTARG ;;
	m) ko=$OPTARG ;;
	T) testko=$OPTARG ;;
	p) params=$OPTARG ;;
	a) kargs=$OPTARG ;;
	r) restrict=$OPTARG ;;
	s) sysctls="${sysctls:+$sysctls }$OPTARG" ;;
	l) label=$OPTARG ;;
	c) cases=$OPTARG ;;
	C) cases_dir=$(cd "$OPTARG" && pwd) ;;
	u) cpu=$OPTARG ;;
	D) debs+=("$(readlink -f "$OPTARG")") ;;
	S) tcrypt=1 ;;
	v) verbose=1 ;;
	t) timeout=$OPTARG ;;
	q) quiet=1 ;;
	*) sed -n '4,/^set -euo/p' "$0" | sed '$d'; exit 2 ;;
	esac
done
# board: packages to install (-D), so the guest is the board's whole
# Debian system rather than an initramfs.
board=
[ "${#debs[@]}" = 0 ] || board=1
if [ -n "$board" ]; then
	for d in "${debs[@]}"; do
		[ -f "$d" ] || nobs_die "no such package: $d (-D)"
	done
	[ -z "$ko" ] || nobs_die "-D installs the module from the package: no -m"
else
	[ -f "$ko" ] || nobs_die "no module given (-m path/to/nobs.ko)"
fi
[ -z "$testko" ] || [ -f "$testko" ] || nobs_die "no test module at $testko"
# The board's system: DKMS compiles under emulation; tcrypt: about 25 s
# per command under TCG.
if [ -z "$timeout" ]; then
	timeout=$([ -n "$board" ] && echo 2400 || echo 600)
	[ "$tcrypt" = 0 ] || timeout=$((timeout + 600))
fi
case $restrict in
'' | default | [0-9]) ;;
*) nobs_die "-r takes a level (0, 1, 2) or 'default'" ;;
esac
for s in $sysctls; do
	case $s in
	*=*) ;;
	*) nobs_die "-s takes KEY=VALUE, not '$s'" ;;
	esac
done
id=$(nobs_kernel_id "$series")
label=${label:-$id${params:+-${params// /-}}}

if [ -n "$board" ]; then
	kdir=$("$NOBS_ROOT/scripts/board-rootfs.sh" "$id")
else
	kdir=$("$NOBS_ROOT/scripts/fetch-kernel.sh" "$id")
fi
kver=$(cat "$kdir/kver")
out=$NOBS_BUILD/vm/$label
rm -rf "$out"
mkdir -p "$out"
# The board's system gets more memory: gcc compiles nobs.ko in the guest.
nobs_qemu_machine "$NOBS_ARCH" "$cpu" "$out/console.log" "$out/results.log" \
	"$([ -n "$board" ] && echo 2048 || echo 1024)"

# The initramfs's parts that depend only on the kernel: busybox, kmod,
# kcapi-tools and the decompressed crypto modules.  Cached next to the
# kernel under a name that hashes what makes it (this runner and lib.sh):
# a clone with other scripts adds its own file and never rewrites the one
# a parallel run of another clone is reading.
base=$kdir/base-$(cat "$0" "$NOBS_ROOT/scripts/lib.sh" | sha256sum | cut -c1-12).cpio.gz
if [ -z "$board" ] && [ ! -f "$base" ]; then
	b=$(mktemp -d)
	nobs_guest_tools "$b"
	cp -a "$kdir/modroot/lib/modules" "$b/lib/"
	nobs_initrd "$b" "$base.$$.tmp"
	mv "$base.$$.tmp" "$base"
fi

# The per-run part: init, cases, programs, vectors, the module (or the
# package); into the initramfs, or onto the board's second disk.
o=$out/overlay
mkdir -p "$o"/{bin,etc,nobs,cases,vectors}
cp "$NOBS_ROOT/tests/vm/guest-init.sh" "$o/init"
cp "$NOBS_ROOT/tests/vm/case-lib.sh" "$NOBS_ROOT/tests/vm/nobs-selftest" "$o/nobs/"
gdebs=
if [ -n "$board" ]; then
	for d in "${debs[@]}"; do
		cp "$d" "$o/nobs/"
		gdebs="${gdebs:+$gdebs }/nobs/$(basename "$d")"
	done
else
	cp "$ko" "$o/nobs/nobs.ko"
fi
if [ -n "$testko" ]; then cp "$testko" "$o/nobs/nobs-test.ko"; fi
# -c: one glob, or several separated by spaces ('20-* 30-*').
read -ra globs <<<"$cases"
for g in "${globs[@]}"; do
	for c in "$cases_dir"/$g.sh; do
		if [ -f "$c" ]; then cp "$c" "$o/cases/"; fi
	done
done
if [ "$tcrypt" = 1 ]; then
	# The commands README.md gives, one per line, run as they are.
	sed -n '/^### Speed on a board/,/^##/p' "$NOBS_ROOT/README.md" |
		sed -n 's/^    \(modprobe tcrypt .*\)$/\1/p' >"$o/etc/nobs-tcrypt.cmds"
	[ -s "$o/etc/nobs-tcrypt.cmds" ] || nobs_die "no tcrypt commands in README.md"
	cp "$NOBS_ROOT/tests/vm/tcrypt.sh" "$o/cases/99-tcrypt.sh"
fi
nobs_guest_progs "$o" "$NOBS_ROOT"/tests/vm/progs/*.c
# The sample module for 95-sample.sh, built here against this kernel's
# build tree and the nobs.ko given (scripts/lib.sh, nobs_sample_build:
# DKMS's Module.symvers and headers, which scripts/dkms-check.sh keeps, or
# kbuild.sh's build).  On a board's system the case builds it in the guest
# from the package.
if [ -f "$o/cases/95-sample.sh" ] && [ -z "$board" ]; then
	sargs=()
	if bdir=$(nobs_kdir "$id"); then read -ra sargs <<<"$(nobs_kbuild_args "$bdir")"; fi
	nobs_sample_build "$out" "$o" "$ko" "$bdir" "${sargs[@]}"
fi
# Fresh keys and results from the reference implementations, built outside
# the project (scripts/lib.sh, nobs_ref_fresh), for 65-csidh1024.sh and
# 63-ctidh.sh; the cases skip without them.
if [ -f "$o/cases/65-csidh1024.sh" ] || [ -f "$o/cases/63-ctidh.sh" ]; then
	nobs_ref_fresh "$o/etc"
fi
# NOBS_STRESS_SECS: how long 80-stress.sh runs (empty: its default).
printf 'KVER=%s\nNOBS_KERNEL_ID=%s\nNOBS_PARAMS="%s"\nNOBS_AF_ALG_RESTRICT=%s\nNOBS_SYSCTLS="%s"\nNOBS_RESULTS_TTY=%s\nNOBS_DEB="%s"\nNOBS_STRESS_SECS=%s\n' \
	"$kver" "$id" "$params" "$restrict" "$sysctls" "$nobs_results_tty" \
	"$gdebs" "${NOBS_STRESS_SECS:-}" >"$o/etc/nobs.conf"
append="console=$nobs_console panic=-1 oops=panic loglevel=4 nokaslr"
# x86: no IO-APIC timer check, which a heavily loaded host under TCG can
# fail ("IO-APIC + timer doesn't work", a panic before any case ran).
[ "$NOBS_ARCH" != x86_64 ] || append="$append no_timer_check"
if [ -n "$board" ]; then
	# The cached disk stays as it is (snapshot=on: writes go to a
	# temporary file); this run's files on a second one.
	mkfs.ext4 -q -F -L nobsrun -d "$o" "$out/run.img" >/dev/null \
		$(($(du -sm "$o" | cut -f1) + 32))M
	drives=(-drive "file=$kdir/disk.img,format=raw,if=none,id=root,snapshot=on"
		-device virtio-blk-pci,drive=root
		-drive "file=$out/run.img,format=raw,if=none,id=run,readonly=on"
		-device virtio-blk-pci,drive=run)
	# The board's compiler cache, /dev/vdc (guest-init.sh): one per
	# architecture in NOBS_CACHE, used by one run at a time (a run that
	# finds it taken, or NOBS_CCACHE=0, compiles without it).
	cc_img=$NOBS_CACHE/board-ccache/$NOBS_ARCH.img
	mkdir -p "$(dirname "$cc_img")"
	exec {ccfd}>"$cc_img.lock"
	if [ "${NOBS_CCACHE:-1}" != 0 ] && flock -n "$ccfd"; then
		if [ ! -f "$cc_img" ] || ! e2fsck -p "$cc_img" >/dev/null 2>&1; then
			mkfs.ext4 -q -F -L nobsccache "$cc_img" 2G >/dev/null
		fi
		drives+=(-drive "file=$cc_img,format=raw,if=none,id=cc"
			-device virtio-blk-pci,drive=cc)
	fi
	initrd=$kdir/initrd.img
	append="$append root=/dev/vda rw rootfstype=ext4 fsck.mode=skip init=/sbin/nobs-board-init"
else
	nobs_initrd "$o" "$out/overlay.cpio.gz"
	cat "$base" "$out/overlay.cpio.gz" >"$out/initrd.gz"
	drives=()
	initrd=$out/initrd.gz
fi
rm -rf "$o"

[ "$quiet" = 1 ] || nobs_log "vm $label: booting $id ($kver, $NOBS_ARCH${cpu:+ -cpu $cpu}${board:+, its Debian system})"
t0=$SECONDS
# A board's whole system boots Debian's initramfs and mounts its root
# before /init: three times the time.
boot=$NOBS_BOOT_TIMEOUT
[ -z "$board" ] || boot=$((boot * 3))
nobs_qemu_run "$timeout" "$boot" "$out/results.log" "" "${nobs_qemu[@]}" \
	-nographic -no-reboot -monitor none \
	-kernel "$kdir/vmlinuz" -initrd "$initrd" "${drives[@]}" \
	-append "$append${kargs:+ $kargs}" 2>"$out/qemu.err"
rc=$nobs_qemu_rc
echo "$((SECONDS - t0))" >"$out/seconds"

nobs_vm_results "$out" "$label"
lost=$nobs_lost

pass=$(grep -c '^PASS' "$out/results.tsv" || true)
fail=$(grep -c '^FAIL' "$out/results.tsv" || true)
skip=$(grep -c '^SKIP' "$out/results.tsv" || true)
problem=
if [ "$nobs_qemu_boot_hang" = 1 ]; then
	problem="the kernel did not reach /init, twice (it hung for ${boot}s or stopped in early boot)"
elif [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
	problem="hang: no result within ${timeout}s"
elif ! grep -q '^NOBS-DONE$' "$out/results.clean"; then
	problem="guest did not finish (crash or panic; qemu exit $rc)"
elif [ -n "$lost" ]; then
	problem="result lines lost: $lost"
fi
if nobs_kernel_problems "$out/console.log" "$out/dmesg.log" >/dev/null; then
	problem="${problem:+$problem; }kernel reported a problem (see dmesg)"
fi

# -v: what the cases printed (nobs-selftest's KTAP diagnostics).
if [ "$verbose" = 1 ]; then
	nobs_ktap_diag "$out/console.log" || true
fi
while IFS=$'\t' read -r st name why; do
	case $st in
	PASS) [ "$quiet" = 1 ] || echo "  pass  $name" ;;
	FAIL) echo "  FAIL  $name${why:+: $why}" ;;
	SKIP) echo "SKIP: $label/$name: ${why:-no reason given}" ;;
	esac
done <"$out/results.tsv"

# The counts of the robustness cases, for the summary of make check.
nobs_ktap_diag "$out/console.log" | grep -E '^(abuse|stress): ' |
	sed "s/^/  count $label: /" || true

if [ -n "$problem" ]; then
	fail=$((fail + 1))
	echo "  FAIL  $label: $problem"
	printf 'FAIL\tvm\t%s\n' "$problem" >>"$out/results.tsv"
fi
if [ "$fail" -gt 0 ]; then
	echo "---- guest dmesg ($label) ----"
	# From the start of user space on: boot noise says little.
	if [ -s "$out/dmesg.log" ]; then
		sed -n '/Run \/init as init process/,$p' "$out/dmesg.log" | grep -v '^NOBS-DMESG'
	else
		tail -n 60 "$out/console.log"
	fi
	echo "---- end of guest dmesg ----"
fi
if [ "${NOBS_RECORD_KERNELS:-1}" != 0 ]; then
	nobs_record_kernel "$id" "$label" "$pass" "$fail" "$skip"
fi
# Times the guest measured (the DKMS build, tcrypt) and the whole run.
sed -n 's/^NOBS-TIME \(.*\)$/  time  '"$label"': \1/p' "$out/results.clean"
echo "  time  $label: guest $(cat "$out/seconds") s ($NOBS_ARCH${cpu:+ -cpu $cpu}, $kver)"
echo "SUITE: $pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
