# SPDX-License-Identifier: GPL-2.0
# Shared shell helpers for the nobs scripts (sourced, not run).

NOBS_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
NOBS_CACHE=${NOBS_CACHE:-/var/cache/nobs}
NOBS_BUILD=${NOBS_BUILD:-$NOBS_ROOT/build}
NOBS_VECTORS=${NOBS_VECTORS:-$NOBS_BUILD/vectors}
NOBS_VERSION=$(sed -n 's/^PACKAGE_VERSION="\(.*\)"/\1/p' "$NOBS_ROOT/dkms.conf")
export NOBS_ROOT NOBS_CACHE NOBS_BUILD NOBS_VECTORS NOBS_VERSION

# The compiler cache: Debian's ccache in front of every compiler the
# scripts and their makes run (/usr/lib/ccache first in PATH), its objects
# in $NOBS_CACHE/ccache, so that a warm run compiles again only what
# changed: the module builds against each kernel (their warnings are
# replayed from the cache; sparse and objtool run again unless
# scripts/kbuild.sh takes the whole passed build from its own result
# cache, the ENDBR check every time), the userspace harness, the fuzzers, the guest programs.  A result
# is reused only for the same compiler, arguments, directory and
# preprocessed input; paths under the checkout count relative to it
# (CCACHE_BASEDIR; the harness maps its path to "." in the objects), and
# nobs.ko is built in a folder of $NOBS_CACHE (nobs_work_dir), so that a
# warm run in another clone hits too.  The self-built test kernels are cached whole
# (scripts/build-test-kernel.sh builds them without it); the boards' DKMS
# builds in their own Debian system, without it.  NOBS_CCACHE=0: none.
if [ "${NOBS_CCACHE:-1}" != 0 ] && [ -x /usr/lib/ccache/gcc ]; then
	case ":$PATH:" in
	*:/usr/lib/ccache:*) ;;
	*) PATH=/usr/lib/ccache:$PATH ;;
	esac
	CCACHE_DIR=${CCACHE_DIR:-$NOBS_CACHE/ccache}
	CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-4G}
	CCACHE_BASEDIR=${CCACHE_BASEDIR:-$NOBS_ROOT}
	export PATH CCACHE_DIR CCACHE_MAXSIZE CCACHE_BASEDIR
fi

nobs_log() { printf '== %s\n' "$*" >&2; }

# nobs_vectors: the test vectors of tests/vectors unpacked into
# $NOBS_VECTORS and checked (scripts/vectors.sh), before a suite reads them.
nobs_vectors() { "$NOBS_ROOT/scripts/vectors.sh"; }
nobs_die() { printf 'nobs: %s\n' "$*" >&2; exit 1; }

# ---- Kernels: one ID names one Debian kernel, resolved at run time ----
# NOBS_ARCH (default x86_64) is the target architecture; the IDs:
#   6.1        Debian 12's stock kernel (linux-headers-<a> of bookworm)
#   6.12       Debian 12's 6.12 (linux-headers-6.12-<a> of bookworm)
#   trixie     Debian 13's kernel (linux-headers-<a> of trixie)
#   trixie-rt  Debian 13's PREEMPT_RT flavour (linux-headers-rt-<a>)
#   backports  the newest kernel of trixie-backports (linux-headers-<a>)
#   sid        unstable's kernel (linux-headers-<a> of sid)
# (<a>: Debian's kernel flavour of NOBS_ARCH: amd64, arm64, riscv64,
# powerpc64le; see nobs_kflavour.)  A series such as 7.3
# names whichever of them resolves to a 7.3.x kernel, the newest first.
# The machine's own suite is read through its apt; the others through a
# private apt configuration per suite and architecture in
# $NOBS_CACHE/apt/<suite>/<a> (never the system's sources), updated when
# its lists are older than NOBS_APT_MAX_AGE minutes (default 360; never
# with NOBS_APT_OFFLINE=1).  Each resolution is kept in
# $NOBS_CACHE/apt/resolved/<a>/<id> and used when the archive is out of
# reach.  scripts/fetch-kernel.sh downloads and prepares what they name.
# NOBS_KERNELS: the kernels lint and dkms-check build against (default:
# every ID).
NOBS_ARCH=${NOBS_ARCH:-x86_64}
NOBS_KERNEL_IDS="6.1 6.12 trixie trixie-rt backports sid"
NOBS_DEBIAN_MIRROR=${NOBS_DEBIAN_MIRROR:-http://deb.debian.org/debian}
export NOBS_ARCH
# The boards' core cases (check.sh's board suites, the LAVA job): every
# algorithm (30, 40, 50), the load line against the CPU (36), the kpp
# type's errors (60), abuse and stress with unload attempts (70, 80),
# autoloading after depmod (90).  Not the first-use sets' long cases (63,
# 65: dozens of group actions, minutes under another architecture's TCG;
# KUnit runs their known answers on each architecture).
NOBS_BOARD_CORE=${NOBS_BOARD_CORE:-'[3-9]0-* 36-*'}

# nobs_debarch [ARCH]: Debian's name of a kernel architecture.
nobs_debarch() {
	case ${1:-$NOBS_ARCH} in
	x86_64 | amd64) echo amd64 ;;
	arm64 | aarch64) echo arm64 ;;
	ppc64le | ppc64el) echo ppc64el ;;
	riscv64) echo riscv64 ;;
	*) nobs_die "unknown architecture '${1:-$NOBS_ARCH}'" ;;
	esac
}

# nobs_kflavour [ARCH]: the name of Debian's kernel flavour for that
# architecture (linux-headers-<it>, kernels <version>-<it>): the Debian
# architecture's name but on ppc64el, whose flavour is powerpc64le.
nobs_kflavour() {
	case $(nobs_debarch "$@") in
	ppc64el) echo powerpc64le ;;
	*) nobs_debarch "$@" ;;
	esac
}

# nobs_kernel_spec ID: "SUITE META" (the meta package naming its headers).
nobs_kernel_spec() {
	local a
	a=$(nobs_kflavour)
	case $1 in
	6.1) echo "bookworm linux-headers-$a" ;;
	6.12) echo "bookworm linux-headers-6.12-$a" ;;
	trixie) echo "trixie linux-headers-$a" ;;
	trixie-rt) echo "trixie linux-headers-rt-$a" ;;
	backports) echo "trixie-backports linux-headers-$a" ;;
	sid) echo "sid linux-headers-$a" ;;
	*) return 1 ;;
	esac
}

# nobs_apt_host SUITE: true when SUITE is this machine's own (its apt
# serves it) and the architecture is the machine's.
nobs_apt_host() {
	[ "$1" = "$(. /etc/os-release && echo "${VERSION_CODENAME:-}")" ] &&
		[ "$(nobs_debarch)" = "$(dpkg --print-architecture)" ]
}

# nobs_apt SUITE apt-get|apt-cache ARGS...: the command against that suite.
nobs_apt() {
	local suite=$1 cmd=$2 d
	shift 2
	if nobs_apt_host "$suite"; then
		"$cmd" "$@"
		return
	fi
	d=$NOBS_CACHE/apt/$suite/$(nobs_debarch)
	"$cmd" -o Dir::State="$d/state" -o Dir::State::status="$d/status" \
		-o Dir::Cache="$d/cache" -o Dir::Etc::SourceList="$d/sources.list" \
		-o Dir::Etc::SourceParts=/dev/null -o Dir::Etc::Preferences=/dev/null \
		-o Dir::Etc::PreferencesParts=/dev/null \
		-o APT::Architecture="$(nobs_debarch)" \
		-o APT::Architectures="$(nobs_debarch)" -o APT::Sandbox::User=root "$@"
}

# nobs_apt_update SUITE: refresh that suite's private lists when missing or
# stale.  Fails (quietly) when the archive cannot be reached.
nobs_apt_update() {
	local d
	nobs_apt_host "$1" && return 0
	d=$NOBS_CACHE/apt/$1/$(nobs_debarch)
	if [ ! -f "$d/sources.list" ]; then
		mkdir -p "$d/state/lists/partial" "$d/cache/archives/partial"
		: >"$d/status"
		echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $NOBS_DEBIAN_MIRROR $1 main" \
			>"$d/sources.list"
	fi
	[ -z "${NOBS_APT_OFFLINE:-}" ] || return 0
	(
		flock 9
		# Fresh lists, or a failed attempt less than 30 min ago: no update.
		[ -z "$(find "$d/updated" -mmin -"${NOBS_APT_MAX_AGE:-360}" 2>/dev/null)" ] || exit 0
		[ -z "$(find "$d/failed" -mmin -30 2>/dev/null)" ] || exit 1
		nobs_log "apt: updating the $1 lists ($(nobs_debarch))"
		if nobs_apt "$1" apt-get -q -o Acquire::Retries=2 update >"$d/update.log" 2>&1 &&
			! grep -q '^\(W\|E\): Failed to fetch' "$d/update.log"; then
			touch "$d/updated"
			rm -f "$d/failed"
		else
			touch "$d/failed"
			nobs_log "apt: cannot update $1 (see $d/update.log)"
			exit 1
		fi
	) 9>"$d/lock"
}

# nobs_kernel_resolve ID: "ID KVER FLAVOUR SUITE VERSION" (VERSION: the
# Debian version of its packages), from the archive, or from the cached
# resolution when the archive is out of reach.
nobs_kernel_resolve() {
	local id=$1 spec suite meta kver= version= flavour cache lists updated=1
	spec=$(nobs_kernel_spec "$id") ||
		nobs_die "unknown kernel ID '$id' ($NOBS_KERNEL_IDS, or a series such as 7.3)"
	read -r suite meta <<<"$spec"
	flavour=${meta#linux-headers-}
	flavour=$(echo "$flavour" | sed -E 's/^[0-9]+\.[0-9]+-//')
	cache=$NOBS_CACHE/apt/resolved/$(nobs_debarch)/$id
	nobs_apt_update "$suite" || updated=
	lists=/var/lib/apt/lists
	nobs_apt_host "$suite" || lists=$NOBS_CACHE/apt/$suite/$(nobs_debarch)/state/lists
	if [ -n "$updated" ] && [ -s "$cache" ] &&
		[ -z "$(find "$lists" -maxdepth 1 -type f -newer "$cache" -print -quit 2>/dev/null)" ]; then
		# Resolved from these very lists before: the same answer.
		read -r kver version <"$cache"
	elif [ -n "$updated" ] || [ ! -s "$cache" ]; then
		kver=$(nobs_apt "$suite" apt-cache depends "$meta" 2>/dev/null |
			sed -n 's/^ *Depends: linux-headers-\([^ <>]*\)$/\1/p' | head -n 1)
		if [ -n "$kver" ]; then
			kver=$(nobs_kernel_served "$suite" "$kver" "$flavour")
			version=$(nobs_apt "$suite" apt-cache show --no-all-versions \
				"linux-headers-$kver" 2>/dev/null | sed -n 's/^Version: //p' | head -n 1)
		fi
	fi
	if [ -n "$kver" ] && [ -n "$version" ]; then
		mkdir -p "$(dirname "$cache")"
		echo "$kver $version" >"$cache.tmp.$$" && mv "$cache.tmp.$$" "$cache"
	elif [ -s "$cache" ]; then
		read -r kver version <"$cache"
		nobs_log "kernel $id: archive out of reach, using the cached resolution $kver"
	else
		nobs_die "cannot resolve kernel $id ($meta in $suite): archive out of reach and nothing cached"
	fi
	echo "$id $kver $flavour $suite $version"
}

# nobs_kernel_served SUITE KVER FLAVOUR: KVER when the archive serves its
# headers package, else the newest older kernel of the same series and
# flavour listed in SUITE that it serves (a mirror may list a new build of
# an architecture before its files arrive: trixie's 6.12.117 on ppc64el
# was listed and answered 404, 6.12.107 was served).  Only a definite 404
# moves on; an archive out of reach keeps KVER.
nobs_kernel_served() {
	local suite=$1 kver=$2 flavour=$3 series k uri code
	series=$(echo "$kver" | sed -E 's/^([0-9]+\.[0-9]+).*/\1/')
	for k in "$kver" $(nobs_apt "$suite" apt-cache pkgnames "linux-headers-$series." 2>/dev/null |
		sed -n "s/^linux-headers-\($series\.[0-9][^-]*-$flavour\)\$/\1/p" | sort -rV |
		awk -v k="$kver" '$0 != k'); do
		[ "$(printf '%s\n%s\n' "$k" "$kver" | sort -V | tail -n 1)" = "$kver" ] || continue
		uri=$(nobs_apt "$suite" apt-get -q --print-uris download "linux-headers-$k" 2>/dev/null |
			sed -n "s/^'\([^']*\)'.*/\1/p" | head -n 1)
		code=$(curl -sI -o /dev/null -w '%{http_code}' --max-time 20 "$uri" 2>/dev/null || true)
		if [ "$code" != 404 ]; then
			[ "$k" = "$kver" ] ||
				nobs_log "kernel $kver ($suite, $(nobs_debarch)): listed but not served (404); using $k"
			echo "$k"
			return
		fi
	done
	echo "$kver"
}

# nobs_kernel_id ID|SERIES: the kernel ID (a series: the newest ID of it).
nobs_kernel_id() {
	local id kver best= bestv=
	case " $NOBS_KERNEL_IDS " in
	*" $1 "*) echo "$1"; return ;;
	esac
	echo "$1" | grep -Eqx '[0-9]+\.[0-9]+' ||
		nobs_die "unknown kernel ID '$1' ($NOBS_KERNEL_IDS, or a series such as 7.3)"
	for id in $NOBS_KERNEL_IDS; do
		kver=$(nobs_kver "$id") || continue
		case $kver in
		"$1".* | "$1"-* | "$1"+*) ;;
		*) continue ;;
		esac
		if [ -z "$best" ] || [ "$(printf '%s\n%s\n' "$bestv" "$kver" | sort -V | tail -n 1)" != "$bestv" ]; then
			best=$id bestv=$kver
		fi
	done
	[ -n "$best" ] || nobs_die "no kernel ID resolves to a $1 kernel ($NOBS_KERNEL_IDS)"
	echo "$best"
}

# nobs_kver ID|SERIES: the kernel's release name, e.g. 6.12.117+deb13-amd64.
nobs_kver() { nobs_kernel_resolve "$(nobs_kernel_id "$1")" | cut -d' ' -f2; }

# nobs_cross_prefix [ARCH]: the GNU toolchain prefix for that architecture
# (gcc-<triplet> of Debian 12's cross compilers; empty on the machine's own).
nobs_cross_prefix() {
	[ "$(nobs_debarch "$@")" != "$(dpkg --print-architecture)" ] || return 0
	case $(nobs_debarch "$@") in
	arm64) echo aarch64-linux-gnu- ;;
	ppc64el) echo powerpc64le-linux-gnu- ;;
	riscv64) echo riscv64-linux-gnu- ;;
	amd64) echo x86_64-linux-gnu- ;;
	esac
}

# nobs_kbuild_args [KDIR]: make's ARCH= and CROSS_COMPILE= for NOBS_ARCH
# (none on the machine's own architecture), and what building modules
# against the prepared tree KDIR needs with this machine's compiler:
# ppc64el's Debian kernel (gcc 14) traces through
# -fpatchable-function-entry=2, whose nops gcc 12 puts before the global
# entry point, not after the local one (GCC PR 99888, fixed in 13; the
# kernel's own Kconfig test says so: config.kept lists
# ARCH_USING_PATCHABLE_FUNCTION_ENTRY as Debian's only).  The module
# loader's rewrite of the large code model's TOC setup (R_PPC64_ENTRY)
# then leaves r2 8 bytes off and the module's first call into the kernel
# jumps to a stub's magic word.  Such modules are built without ftrace's
# nops (CC_FLAGS_FTRACE=): ftrace cannot trace them, nothing else changes.
nobs_kbuild_args() {
	local a=
	if [ "$(nobs_debarch)" != "$(dpkg --print-architecture)" ]; then
		case $(nobs_debarch) in
		arm64) a="ARCH=arm64" ;;
		ppc64el) a="ARCH=powerpc" ;;
		riscv64) a="ARCH=riscv" ;;
		amd64) a="ARCH=x86_64" ;;
		esac
		a="$a CROSS_COMPILE=$(nobs_cross_prefix)"
	fi
	if [ -n "${1:-}" ] &&
		grep -qx 'debian: CONFIG_ARCH_USING_PATCHABLE_FUNCTION_ENTRY=y' "$1/config.kept" 2>/dev/null; then
		a="${a:+$a }CC_FLAGS_FTRACE="
	fi
	[ -z "$a" ] || echo "$a"
}

# nobs_arch_dir: "" for x86_64, else "<NOBS_ARCH>/": where a per-kernel
# output of another architecture goes ($NOBS_BUILD/kmod/arm64/trixie/...),
# so that the x86_64 paths stay as they were.
nobs_arch_dir() {
	[ "$(nobs_debarch)" = amd64 ] || echo "$NOBS_ARCH/"
}

# ---- Machines: one QEMU/TCG machine per architecture ----
# nobs_qemu_machine ARCH CPU CONSOLE_FILE [RESULTS_FILE [MEMORY]]: sets
# nobs_qemu, the qemu-system command (machine, CPU, memory in MiB, default
# 1024, CPUs, the console into CONSOLE_FILE; add -kernel, -initrd,
# -append), nobs_console (the console's device in the guest) and, with
# RESULTS_FILE, nobs_results_tty: a second channel into that file (x86_64:
# the second serial port, ttyS1; arm64's and riscv64's virt machines have
# one UART and pseries' is the console: there a virtio console, hvc0, or
# hvc1 after pseries' own).  CPU: -cpu (empty: max, riscv64 rv64, ppc64le
# power9; arm64 cortex-a72 is the Raspberry Pi 4).  Debian's kernels have
# VIRTIO_PCI and VIRTIO_CONSOLE built in on all four.
nobs_qemu_machine() {
	local arch=$1 cpu=$2 con=$3 res=${4:-} mem=${5:-1024}
	case $arch in
	x86_64 | amd64)
		nobs_qemu=(qemu-system-x86_64 -accel tcg -cpu "${cpu:-max}" -m "$mem" -smp 2)
		nobs_console=ttyS0 nobs_results_tty=ttyS1 ;;
	arm64 | aarch64)
		# max's pointer authentication with an implementation-defined
		# hash: the architected QARMA is far slower under TCG, and
		# Debian's kernel signs every return address.
		cpu=${cpu:-max}
		[ "$cpu" != max ] || cpu=max,pauth-impdef=on
		nobs_qemu=(qemu-system-aarch64 -M virt -cpu "$cpu" -m "$mem" -smp 2)
		nobs_console=ttyAMA0 nobs_results_tty=hvc0 ;;
	riscv64)
		nobs_qemu=(qemu-system-riscv64 -M virt -cpu "${cpu:-rv64}" -m "$mem" -smp 2 -bios default)
		nobs_console=ttyS0 nobs_results_tty=hvc0 ;;
	ppc64le | ppc64el)
		# One CPU: the TCG pseries machine is what the KUnit runs were
		# first brought up with.
		nobs_qemu=(qemu-system-ppc64 -M pseries -cpu "${cpu:-power9}" -m "$mem" -smp 1 -vga none)
		nobs_console=hvc0 nobs_results_tty=hvc1 ;;
	*) nobs_die "unknown architecture '$arch' (x86_64, arm64, riscv64, ppc64le)" ;;
	esac
	command -v "${nobs_qemu[0]}" >/dev/null || nobs_die "${nobs_qemu[0]} missing (scripts/deps.sh)"
	nobs_qemu+=(-serial "file:$con")
	[ -n "$res" ] || { nobs_results_tty=; return 0; }
	case $nobs_results_tty in
	ttyS1) nobs_qemu+=(-serial "file:$res") ;;
	*) nobs_qemu+=(-device virtio-serial-pci -chardev "file,id=nobsres,path=$res"
		-device virtconsole,chardev=nobsres) ;;
	esac
}

# nobs_kdir ID|SERIES: a build directory for modules of that kernel (the
# installed headers, or a tree prepared by fetch-kernel.sh -b).
nobs_kdir() { "$NOBS_ROOT/scripts/fetch-kernel.sh" -b "$1"; }

# nobs_krelease KDIR: the release of a configured kernel tree.  Kbuild's
# own query, without the "Entering directory" lines that a make -C above
# this one (MAKEFLAGS w) would add to what it prints.
nobs_krelease() { make -s --no-print-directory -C "$1" kernelrelease; }

# What in a guest's console or dmesg is a kernel problem, for every runner
# (the VM suites, KUnit, fault injection, the AF_ALG fuzzer, kcov): a
# sanitizer's or lockdep's report, a WARN, BUG or Oops (on PREEMPT_RT
# "BUG: sleeping function called from invalid context" and "BUG:
# scheduling while atomic" are how a sleeping lock taken in atomic context
# shows), a kCFI failure, a blocked task, an RCU stall or soft lockup, a
# kmemleak report, list corruption, a stack-protector hit, a segfaulting
# program; and any call trace, except in the runs that make the kernel
# print some on purpose (injected allocation failures: NOBS_TRACES_OK=1).
NOBS_KERNEL_BAD='Oops|BUG:|WARNING:|Kernel panic|kernel BUG|general protection fault|UBSAN:|KASAN:|KFENCE:|CFI failure|kmemleak: [0-9]+ new suspected|kmemleak: .*disabl|unreferenced object|possible (circular|recursive) locking|circular locking|inconsistent lock state|suspicious RCU usage|refcount_t:|sleeping function called from invalid context|scheduling while atomic|INFO: task .* blocked|detected stalls? on CPU|soft lockup|list_(add|del) corruption|stack-protector|segfault at'

# nobs_kernel_problems FILE...: print the lines (ten at most of each FILE)
# that report a kernel problem (above); true when there is one.
# One report is not a problem of the run: a soft lockup or RCU stall whose
# call trace is the kernel's own check of a module's signature
# (module_sig_check: Debian's ECDSA, which under TCG on a loaded host took
# over 20 s in one stretch for a module of the kernel's own) with no frame
# of nobs in it; it is left out, with the whole of its trace.
nobs_kernel_problems() {
	local re=$NOBS_KERNEL_BAD f files=()
	[ "${NOBS_TRACES_OK:-0}" = 1 ] || re="$re|Call Trace:"
	for f in "$@"; do [ ! -f "$f" ] || files+=("$f"); done
	[ ${#files[@]} -gt 0 ] || return 1
	f=$(for f in "${files[@]}"; do
		tr -d '\r' <"$f" | sed 's/\x1b\[[0-9;]*m//g' | awk '
		function flush(  i) {
			if (n && !(sig && !ours)) for (i = 1; i <= n; i++) print b[i]
			n = 0; sig = 0; ours = 0; on = 0
		}
		/soft lockup - CPU#|rcu: INFO: .*self-detected stall|rcu: INFO: .*detected stalls? on CPU/ {
			flush(); on = 1
		}
		on {
			b[++n] = $0
			if ($0 ~ /module_sig_check/) sig = 1
			if ($0 ~ /\[nobs/) ours = 1
			if ($0 ~ /el0t_64_sync\+|entry_SYSCALL_64|ret_from_fork|---\[ end trace/ || n >= 120) flush()
			next
		}
		{ print }
		END { flush() }' | grep -Eh -m 10 "$re"
	done) || true
	[ -n "$f" ] || return 1
	printf '%s\n' "$f"
}

# nobs_ktap_diag CONSOLE: what the cases printed, from a guest's console:
# nobs-selftest's KTAP diagnostic lines ("  # ...", the subtest headers
# aside), without the prefix and the console's carriage returns.
nobs_ktap_diag() {
	tr -d '\r' <"$1" | sed -n '/^  # Subtest: /d; s/^  # //p'
}

# nobs_vm_results DIR LABEL: the guest's results port (DIR/results.log, see
# tests/vm/guest-init.sh) into DIR/results.clean, DIR/dmesg.log and
# DIR/results.tsv (status<TAB>name<TAB>reason).  The guest sends every
# result again at the end, with their number: a line the serial port lost
# is taken from that copy (and said); if neither copy is whole, nobs_lost
# says so (else it is empty).
nobs_vm_results() {
	local out=$1 label=$2 count got
	nobs_lost=
	[ -f "$out/results.log" ] || : >"$out/results.log"
	tr -d '\r' <"$out/results.log" >"$out/results.clean"
	sed -n '/^NOBS-DMESG-BEGIN$/,/^NOBS-DMESG-END$/p' "$out/results.clean" >"$out/dmesg.log"
	nobs_results_tsv NOBS-RESULT <"$out/results.clean" >"$out/results.tsv"
	count=$(sed -n 's/^NOBS-COUNT \([0-9]*\)$/\1/p' "$out/results.clean" | tail -n 1)
	got=$(grep -c '' "$out/results.tsv" || true)
	if [ -n "$count" ] && [ "$got" != "$count" ]; then
		nobs_results_tsv NOBS-REPLAY <"$out/results.clean" >"$out/replay.tsv"
		if [ "$(grep -c '' "$out/replay.tsv")" = "$count" ]; then
			echo "  note  $label: $((count - got)) of $count result lines lost on the serial port; taken from the guest's copy"
			mv "$out/replay.tsv" "$out/results.tsv"
		else
			nobs_lost="the guest reported $count results, $got arrived"
		fi
	fi
}
nobs_results_tsv() {
	grep "^$1 " | sed -E "s/^$1 ([A-Z]+) ([^ ]+) ?(.*)\$/\1\t\2\t\3/" || true
}

# nobs_guest_tools DIR: the tools of the guest's initramfs into DIR (its
# root): busybox (also as sh), kmod (as modprobe, insmod...),
# kcapi-tools, each with its libraries: this machine's own on x86_64, else
# Debian 13's packages of NOBS_ARCH (nobs_guest_debs); veritysetup and
# dmsetup on x86_64.
nobs_guest_tools() {
	local r=$1 t g= b
	mkdir -p "$r"/{bin,sbin,usr/bin,lib,proc,sys,dev,tmp,etc,nobs,cases,vectors}
	if [ -n "$(nobs_cross_prefix)" ]; then
		g=$(nobs_guest_debs)
		for b in bin/busybox usr/bin/busybox; do
			if [ -f "$g/$b" ]; then cp "$g/$b" "$r/bin/busybox"; break; fi
		done
		nobs_copy_foreign "$r" "$g" usr/bin/kmod sbin/kmod
	else
		cp /bin/busybox "$r/bin/busybox"
		nobs_copy_with_libs "$r" "$(command -v kmod)" sbin/kmod
	fi
	ln -s busybox "$r/bin/sh"
	for t in modprobe insmod rmmod lsmod depmod modinfo; do ln -s kmod "$r/sbin/$t"; done
	for t in kcapi kcapi-dgst kcapi-rng kcapi-enc; do
		if [ -n "$g" ]; then
			if [ -x "$g/usr/bin/$t" ]; then nobs_copy_foreign "$r" "$g" "usr/bin/$t" "usr/bin/$t"; fi
		elif [ -x "/usr/bin/$t" ]; then
			nobs_copy_with_libs "$r" "/usr/bin/$t" "usr/bin/$t"
		fi
	done
	# veritysetup and dmsetup, for the dm-verity case: this machine's, so
	# on x86_64 only (another architecture's guest skips the case)
	for t in veritysetup dmsetup; do
		if [ -z "$g" ] && [ -x "/usr/sbin/$t" ]; then nobs_copy_with_libs "$r" "/usr/sbin/$t" "sbin/$t"; fi
	done
}
nobs_copy_with_libs() {
	local r=$1 f=$2 l
	cp "$f" "$r/$3"
	for l in $(ldd "$f" | grep -o '/[^ ]*'); do
		mkdir -p "$r$(dirname "$l")"
		cp -L "$l" "$r$l"
	done
}
# nobs_copy_foreign DIR ROOT FILE DEST: FILE of the unpacked packages ROOT
# (another architecture: no ldd) to DIR/DEST, with its program
# interpreter and the libraries it needs (readelf), found in ROOT.
nobs_copy_foreign() {
	local r=$1 g=$2 f=$2/$3 l p todo seen=" "
	cp "$f" "$r/$4"
	l=$(readelf -lW "$f" | sed -n 's/.*program interpreter: \(.*\)]$/\1/p')
	if [ -n "$l" ]; then
		mkdir -p "$r$(dirname "$l")"
		cp -L "$g/usr$l" "$r$l" 2>/dev/null || cp -L "$g$l" "$r$l"
	fi
	todo=$f
	while [ -n "$todo" ]; do
		set -- $todo
		todo=
		for f in "$@"; do
			for l in $(readelf -dW "$f" | sed -n 's/.*(NEEDED).*\[\(.*\)\]$/\1/p'); do
				case $seen in *" $l "*) continue ;; esac
				seen="$seen$l "
				p=$(cd "$g" && find usr/lib -maxdepth 2 -name "$l" | head -n 1)
				[ -n "$p" ] || nobs_die "$3 needs $l, not in $g"
				mkdir -p "$r/$(dirname "$p")"
				cp -L "$g/$p" "$r/$p"
				todo="$todo $g/$p"
			done
		done
	done
}

# nobs_guest_debs: Debian 13's busybox-static, kmod and kcapi-tools of
# NOBS_ARCH with what they depend on, unpacked once into
# $NOBS_CACHE/guest/<arch>-<hash>/ (through the private apt of trixie; of
# sid where the archive does not serve all of them for trixie: on
# ppc64el it lists libc6 and openssl builds it answers 404 for).  The
# suite they came from is in its file "suite".  Prints the directory.
nobs_guest_debs() {
	local pkgs="busybox-static kmod kcapi-tools" d h
	h=$(echo "$pkgs 2" | sha256sum | cut -c1-12)
	d=$NOBS_CACHE/guest/$(nobs_debarch)-$h
	mkdir -p "$(dirname "$d")"
	(
		flock 9
		[ ! -f "$d/.ready" ] || exit 0
		for suite in trixie sid; do
			rm -rf "$d" "$d.dl"
			mkdir -p "$d.dl/partial"
			nobs_apt_update "$suite" || true
			# shellcheck disable=SC2086
			if nobs_apt "$suite" apt-get -q -y -d -o Dir::Cache::Archives="$d.dl" \
				-o Debug::NoLocking=1 install $pkgs >"$d.$suite.log" 2>&1; then
				for p in "$d".dl/*.deb; do dpkg-deb -x "$p" "$d"; done
				rm -rf "$d.dl"
				echo "$suite" >"$d/suite"
				touch "$d/.ready"
				exit 0
			fi
			nobs_log "guest tools: $(grep -c '^E: Failed to fetch' "$d.$suite.log") of the $(nobs_debarch) packages of $suite not served ($d.$suite.log)"
		done
		exit 1
	) 9>"$d.lock" || nobs_die "cannot fetch $pkgs for $(nobs_debarch)"
	echo "$d"
}

# nobs_guest_progs DIR C_FILE...: the guest's programs, static, into DIR/bin
# (built for NOBS_ARCH), and the vectors ($NOBS_VECTORS) into DIR/vectors.
# Each is compiled (-c) and linked in two commands: ccache keeps only a
# compile, never a compile-and-link, and every VM suite builds them.
nobs_guest_progs() {
	local r=$1 p cc o objs rc=0
	shift
	cc=$(nobs_cross_prefix)gcc
	mkdir -p "$r/bin" "$r/vectors"
	nobs_vectors
	objs=$(mktemp -d)
	for p in "$@"; do
		[ -f "$p" ] || continue
		o=$objs/$(basename "$p" .c).o
		"$cc" -O2 -Wall -Werror -I"$NOBS_ROOT/tests/vm/progs" \
			-I"$NOBS_ROOT/include" -c -o "$o" "$p" &&
			"$cc" -static -O2 -o "$r/bin/$(basename "$p" .c)" "$o" || rc=1
	done
	rm -rf "$objs"
	cp -r "$NOBS_VECTORS/." "$r/vectors/"
	return $rc
}

# nobs_ref_fresh ETC: fresh keys and results from the reference
# implementations, built outside the project (the tree never builds them),
# for the guest's cases to check nobs against, each where it is at hand:
# - ETC/nobs-csidh1024-fresh (65-csidh1024.sh): one line, Pr_a Pk_a Pk_b
#   Ss, from the CSIDH reference's p1024 code: built first by
#   scripts/csidh-ref.sh from NOBS_CSIDH_REF_SRC when that is set, else
#   the helper an earlier build left in NOBS_CSIDH_REF_OUT (default
#   /var/tmp/nobs-csidh-ref);
# - ETC/nobs-ctidh-fresh/<set>.txt (63-ctidh.sh): one record of
#   high-ctidh's (sk_a pk_a sk_b pk_b ss, tests/user/ctidh_ref_fresh.c's
#   format) for each set whose oracle NOBS_CTIDH_REF (default
#   /var/tmp/nobs-ctidh-ref) holds as <set>-fresh, from a random seed
#   that its first line names.
# What is missing or fails is left out (a line on stderr says why); the
# cases skip without it.
nobs_ref_fresh() {
	local out=${NOBS_CSIDH_REF_OUT:-/var/tmp/nobs-csidh-ref}
	local ref=${NOBS_CTIDH_REF:-/var/tmp/nobs-ctidh-ref} set seed
	if [ -n "${NOBS_CSIDH_REF_SRC:-}" ] &&
	   ! "$NOBS_ROOT/scripts/csidh-ref.sh" "$NOBS_CSIDH_REF_SRC" "$out" >/dev/null; then
		nobs_log "ref-fresh: the CSIDH reference did not build from $NOBS_CSIDH_REF_SRC"
	elif [ ! -x "$out/csidh1024-fresh" ]; then
		nobs_log "ref-fresh: no $out/csidh1024-fresh (set NOBS_CSIDH_REF_SRC)"
	elif "$out/csidh1024-fresh" >"$1/nobs-csidh1024-fresh.tmp"; then
		mv "$1/nobs-csidh1024-fresh.tmp" "$1/nobs-csidh1024-fresh"
	fi
	rm -f "$1/nobs-csidh1024-fresh.tmp"
	for set in ctidh511 ctidh512 ctidh1024 ctidh2048; do
		if [ ! -x "$ref/$set-fresh" ]; then
			nobs_log "ref-fresh: no $ref/$set-fresh (high-ctidh's oracle, docs/ctidh.md)"
			continue
		fi
		mkdir -p "$1/nobs-ctidh-fresh"
		seed=$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')
		{ echo "# seed $seed"; "$ref/$set-fresh" "$seed" 1; } \
			>"$1/nobs-ctidh-fresh/$set.tmp" &&
			mv "$1/nobs-ctidh-fresh/$set.tmp" "$1/nobs-ctidh-fresh/$set.txt"
		rm -f "$1/nobs-ctidh-fresh/$set.tmp"
	done
	return 0
}

# nobs_vm_counts TSV LABEL: the counts of a results.tsv (nobs_vm_results)
# into nobs_pass, nobs_fail and nobs_skip; each failure printed, each skip
# as "SKIP: LABEL/name: reason".
nobs_vm_counts() {
	local st name why
	nobs_pass=$(grep -c '^PASS' "$1" || true)
	nobs_fail=$(grep -c '^FAIL' "$1" || true)
	nobs_skip=$(grep -c '^SKIP' "$1" || true)
	while IFS=$'\t' read -r st name why; do
		case $st in
		FAIL) echo "  FAIL  $name${why:+: $why}" ;;
		SKIP) echo "SKIP: $2/$name: ${why:-no reason given}" ;;
		esac
	done <"$1"
}

# nobs_plant_tree DIR FILE SED_SCRIPT LABEL: the module sources
# (nobs_copy_tree) into DIR with SED_SCRIPT applied to FILE, for a test
# that must catch a planted bug; says what changed.  Fails (and says so)
# when the edit changed nothing: the code it aims at moved.
nobs_plant_tree() {
	rm -rf "$1"
	mkdir -p "$1"
	nobs_copy_tree "$1"
	sed -i "$3" "$1/$2"
	if cmp -s "$NOBS_ROOT/$2" "$1/$2"; then
		echo "  FAIL  $4: the edit did not change $2 (tree moved on?)"
		return 1
	fi
	echo "  planted ($4): $(diff "$NOBS_ROOT/$2" "$1/$2" | grep '^>' | sed 's/^> *//' | tr '\n' ' ')"
}

# nobs_selfbuilt_root DIR KDIR KVER: the fixed part of the VM test
# initramfs for a self-built kernel (scripts/build-test-kernel.sh) into DIR:
# the guest tools, the kernel's module lists (depmod needs them) and
# tests/vm/guest-init.sh as /init, with the cases' functions
# (tests/vm/case-lib.sh) and their runner (tests/vm/nobs-selftest) in /nobs.
nobs_selfbuilt_root() {
	local r=$1 f
	nobs_guest_tools "$r"
	mkdir -p "$r/lib/modules/$3" "$r/nobs"
	cp "$NOBS_ROOT/tests/vm/case-lib.sh" "$NOBS_ROOT/tests/vm/nobs-selftest" "$r/nobs/"
	for f in modules.order modules.builtin modules.builtin.modinfo; do
		if [ -f "$2/$f" ]; then cp "$2/$f" "$r/lib/modules/$3/"; fi
	done
	cp "$NOBS_ROOT/tests/vm/guest-init.sh" "$r/init"
}

# nobs_initrd DIR OUT: DIR as a gzipped newc cpio into OUT (every file
# owned by root); DIR removed.  The one initramfs builder: every runner's
# guest (the VM cases' base and overlay, KUnit, faults, the AF_ALG fuzzer,
# kcov) is packed here.
nobs_initrd() {
	(cd "$1" && find . | cpio -o -H newc --quiet -R 0:0 | gzip -1) >"$2"
	rm -rf "$1"
}

# nobs_qemu_run TIMEOUT BOOT MARK DONE CMD...: run a guest (CMD: qemu and
# its arguments, output files of its own) for at most TIMEOUT seconds; the
# one way every runner starts QEMU.  nobs_qemu_rc: qemu's exit status, 124
# at the timeout, 0 once done.
#   BOOT, MARK: the guest's /init writes a line NOBS-INIT into the file
#   MARK (its console or results port) before anything else.  A guest
#   that has not written it within BOOT seconds hung in the kernel's early
#   boot, before nobs or any test ran (seen under TCG on a loaded host,
#   about once in 40 boots), and one that ended without writing it
#   crashed there (seen: an int3 Oops in the scheduler at 1.7 s, TCG and
#   the kernel's live code patching on two CPUs): it is booted once more,
#   with a "note" line that says so and what the console said; a second
#   time, nobs_qemu_boot_hang=1 (and 124 for a hang).  BOOT 0: no watch.
#   DONE: a file; once a line starts with NOBS-DONE there, qemu is stopped
#   2 s later (a tinyconfig kernel cannot power off); empty: qemu ends by
#   itself.
nobs_qemu_run() {
	local timeout=$1 boot=$2 mark=$3 done=$4 try qpid t0 seen
	shift 4
	nobs_qemu_boot_hang=0
	for try in 1 2; do
		rm -f "$mark"
		"$@" </dev/null >/dev/null &
		qpid=$! t0=$SECONDS seen=0
		nobs_qemu_rc=
		while [ -z "$nobs_qemu_rc" ]; do
			sleep 1
			if ! kill -0 "$qpid" 2>/dev/null; then
				nobs_qemu_rc=0
				wait "$qpid" || nobs_qemu_rc=$?
				# Ended before /init: a crash in early boot.
				if [ "$boot" -gt 0 ] && [ "$seen" = 0 ] &&
					! grep -q 'NOBS-INIT' "$mark" 2>/dev/null; then
					nobs_qemu_boot_hang=1
				fi
			elif [ -n "$done" ] && grep -q '^NOBS-DONE' "$done" 2>/dev/null; then
				sleep 2
				nobs_qemu_stop "$qpid"
				nobs_qemu_rc=0
			elif [ $((SECONDS - t0)) -ge "$timeout" ]; then
				nobs_qemu_stop "$qpid"
				nobs_qemu_rc=124
			elif [ "$boot" -gt 0 ] && [ "$seen" = 0 ]; then
				if grep -q 'NOBS-INIT' "$mark" 2>/dev/null; then
					seen=1
				elif [ $((SECONDS - t0)) -ge "$boot" ]; then
					nobs_qemu_stop "$qpid"
					nobs_qemu_rc=124 nobs_qemu_boot_hang=1
				fi
			fi
		done
		[ "$nobs_qemu_boot_hang" = 1 ] && [ "$try" = 1 ] || return 0
		echo "  note  the guest's kernel did not reach /init (it hung for ${boot}s or stopped in early boot, under TCG, before nobs or any test ran: $(nobs_boot_why "$@")): booted once more"
		nobs_qemu_boot_hang=0
	done
	nobs_qemu_boot_hang=1
}

# nobs_boot_why QEMU-ARGS...: the first kernel problem line in the
# console file of those arguments (-serial file:...), or "no message".
nobs_boot_why() {
	local a c=
	for a in "$@"; do
		case $a in file:*) c=${a#file:}; break ;; esac
	done
	a=$(tr -d '\r' <"$c" 2>/dev/null | grep -Em1 "$NOBS_KERNEL_BAD" | sed 's/^\[[ 0-9.]*\] //')
	echo "${a:-no message}"
}

# nobs_qemu_stop PID: stop qemu (TERM, KILL 5 s later) and reap it.
nobs_qemu_stop() {
	local i
	kill "$1" 2>/dev/null || true
	for i in 1 2 3 4 5; do
		kill -0 "$1" 2>/dev/null || break
		sleep 1
	done
	kill -9 "$1" 2>/dev/null || true
	wait "$1" 2>/dev/null || true
}

# nobs_sample_build OUT ROOT KO KDIR [MAKE ARGS...]: the sample module
# (samples/nobs-sha3-sample) for 95-sample.sh, built in OUT/sample against
# the kernel build tree KDIR and the nobs.ko KO, as a module of one's own
# is built against an installed nobs (README.md, "Using it"):
# KBUILD_EXTRA_SYMBOLS is the Module.symvers beside KO, the headers the
# include/ beside it (DKMS's copy), else the tree's.  The module goes to
# ROOT/nobs/; why it could not be built, to ROOT/etc/nobs-sample.err.
nobs_sample_build() {
	local out=$1 root=$2 ko=$3 kdir=$4 kodir inc
	kodir=$(dirname "$(readlink -f "$ko")")
	shift 4
	inc=$kodir/include
	[ -d "$inc" ] || inc=$NOBS_ROOT/include
	rm -rf "$out/sample"
	cp -R "$NOBS_ROOT/samples/nobs-sha3-sample" "$out/sample"
	if [ ! -f "$kodir/Module.symvers" ]; then
		echo "no Module.symvers beside $ko" >"$root/etc/nobs-sample.err"
	elif [ -z "$kdir" ] ||
		! make -C "$kdir" M="$out/sample" "$@" \
			KBUILD_EXTRA_SYMBOLS="$kodir/Module.symvers" ccflags-y="-I$inc" \
			>"$out/sample.log" 2>&1; then
		echo "its build against ${kdir:-no kernel build tree} failed ($out/sample.log): $(grep -E 'error|ERROR' "$out/sample.log" 2>/dev/null | head -n 3 | tr '\n' ' ')" \
			>"$root/etc/nobs-sample.err"
	else
		cp "$out/sample/nobs_sha3_sample.ko" "$root/nobs/"
	fi
}

# nobs_boot_selfbuilt OUT IMAGE TIMEOUT APPEND [QEMU ARGS...]: boot an
# x86_64 self-built kernel on OUT/initrd.gz under QEMU/TCG (the machine of
# nobs_qemu_machine, with NOBS_BOOT_MEM MiB, default 1024), the console
# into OUT/console.log, the results port (ttyS1) into OUT/results.log,
# where the guest's /init writes NOBS-INIT first.  A tinyconfig kernel
# cannot power off (busybox halts it): qemu is stopped once the guest
# says NOBS-DONE there.  nobs_qemu_rc as nobs_qemu_run's.
nobs_boot_selfbuilt() {
	local out=$1 image=$2 timeout=$3 append=$4
	shift 4
	nobs_qemu_machine x86_64 "" "$out/console.log" "$out/results.log" "${NOBS_BOOT_MEM:-1024}"
	nobs_qemu_run "$timeout" "$NOBS_BOOT_TIMEOUT" "$out/results.log" "$out/results.log" \
		"${nobs_qemu[@]}" -nographic -no-reboot -monitor none \
		-kernel "$image" -initrd "$out/initrd.gz" -append "$append" \
		"$@" 2>"$out/qemu.err"
}
# How long a guest's kernel may take to reach /init (nobs_qemu_run's
# BOOT): 3-5 s on an idle machine, 40 s seen at a load of 20.
NOBS_BOOT_TIMEOUT=${NOBS_BOOT_TIMEOUT:-180}

# nobs_record_kernel ID SUITE PASSED FAILED SKIPPED: the result of one test
# suite on one kernel into $NOBS_BUILD/results/kernels.tsv (tab-separated,
# a header line; a later run of the same suite on the same kernel replaces
# the line).  The supported-kernels table is made from it.
nobs_record_kernel() {
	local f=$NOBS_BUILD/results/kernels.tsv id kver flavour suite version
	read -r id kver flavour suite version <<<"$(nobs_kernel_resolve "$1")"
	mkdir -p "$(dirname "$f")"
	(
		flock 9
		{
			printf 'id\tarch\tkver\tflavour\tdist\tsuite\tpassed\tfailed\tskipped\n'
			if [ -f "$f" ]; then
				awk -F'\t' -v i="$id" -v a="$NOBS_ARCH" -v s="$2" \
					'NR > 1 && !($1 == i && $2 == a && $6 == s)' "$f"
			fi
			printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$id" "$NOBS_ARCH" \
				"$kver" "$flavour" "$suite" "$2" "$3" "$4" "$5"
		} >"$f.tmp"
		mv "$f.tmp" "$f"
	) 9>"$f.lock"
}

# nobs_work_dir DIR: where the module tree DIR (a folder of $NOBS_BUILD) is
# built: a folder of $NOBS_CACHE named after DIR's place in $NOBS_BUILD,
# the same from every clone.  The objects carry their path (the compile
# arguments, the debug information), so a build there hits the compiler
# cache from any clone.
nobs_work_dir() { echo "$NOBS_CACHE/build-work/${1#"$NOBS_BUILD"/}"; }

# nobs_at_work_dir DIR CMD [ARG...]: run CMD ARG... WORK with the module
# tree DIR moved to WORK (nobs_work_dir DIR), one run a WORK at a time (a
# lock), and moved back to DIR after; CMD's status.
nobs_at_work_dir() {
	local dir=$1 w
	shift
	w=$(nobs_work_dir "$dir")
	mkdir -p "$(dirname "$w")"
	(
		flock 9 || exit 1
		rm -rf "$w"
		mv "$dir" "$w" || exit 1
		"$@" "$w"
		rc=$?
		mv "$w" "$dir" || rc=1
		exit "$rc"
	) 9>"$w.lock"
}

# nobs_copy_tree DIR: the module sources (not tests, builds or git) into DIR.
nobs_copy_tree() {
	tar -C "$NOBS_ROOT" -c --exclude=./build --exclude=./.git \
		--exclude=./tests --exclude='*.o' --exclude='*.ko' \
		--exclude='*.mod*' --exclude='.*.cmd' . | tar -C "$1" -x
}

# The results reporter the scripts share (HACKING.md, "Results protocol"):
#   nobs_result pass|fail|skip NAME [WHY]: count one result and print it as
#     "  pass  NAME", "  FAIL  NAME[: WHY]" or "SKIP: NAME: WHY"
#     (run-suite.sh collects the "^SKIP: " lines).
#   nobs_add P F S: add counts from elsewhere (a sub-run's summary line).
#   nobs_summary PREFIX: print "PREFIX: N passed, N failed, N skipped",
#     reset the counts (for the next PREFIX), return 1 if any failed.
# The counts are nobs_n_pass, nobs_n_fail and nobs_n_skip; call these in
# the script's own shell, not in a pipeline or $( ): a subshell's counts
# are lost.
nobs_n_pass=0 nobs_n_fail=0 nobs_n_skip=0
nobs_result() {
	case $1 in
	pass) nobs_n_pass=$((nobs_n_pass + 1)); echo "  pass  $2" ;;
	fail) nobs_n_fail=$((nobs_n_fail + 1)); echo "  FAIL  $2${3:+: $3}" ;;
	skip) nobs_n_skip=$((nobs_n_skip + 1)); echo "SKIP: $2: ${3:-no reason given}" ;;
	*) nobs_die "nobs_result: '$1' is not pass, fail or skip" ;;
	esac
}
nobs_add() {
	nobs_n_pass=$((nobs_n_pass + $1))
	nobs_n_fail=$((nobs_n_fail + $2))
	nobs_n_skip=$((nobs_n_skip + $3))
}
nobs_summary() {
	local f=$nobs_n_fail
	echo "$1: $nobs_n_pass passed, $nobs_n_fail failed, $nobs_n_skip skipped"
	nobs_n_pass=0 nobs_n_fail=0 nobs_n_skip=0
	[ "$f" -eq 0 ]
}
