#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# deb-check.sh (make check-deb): make deb, lintian (an error fails; every
# tag is printed), the packages' contents and fields, the hardening of
# nobs-kpp, nobs-tests's files, then a real install on this machine: apt
# installs the three packages,
# DKMS must have built and installed nobs.ko for every kernel with headers,
# and kept beside it what a module using nobs's library builds against
# (dkms-post-build.sh): the sample module, built from the package's
# examples by README's line, must then depend on nobs; nobs-selftest lists
# every case, and with nobs not loaded skips them all (exit 4); apt removes them
# and every trace must be gone.  A trap purges whatever the
# run installed, even on failure, and deletes the depmod files it made, so
# the machine is left as it was.  The real install is skipped (SKIP line)
# when not root or when nobs is already installed or known to DKMS here.
# It uses the system's DKMS tree, never scripts/dkms-check.sh's throwaway one.
set -uo pipefail
. "$(dirname "$0")/lib.sh"

v=$NOBS_VERSION
out=$NOBS_BUILD/deb
t=$(mktemp -d /tmp/nobs-deb.XXXXXX)
installed=
declare -A had_dep had_updates

cleanup() {
	local k d
	if [ -n "$installed" ]; then
		DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=900 \
			purge -y -q nobs-tests nobs-dkms nobs-kpp >/dev/null 2>&1 || true
		if dkms status -m nobs -v "$v" 2>/dev/null | grep -q .; then
			dkms remove -m nobs -v "$v" --all >/dev/null 2>&1 || true
		fi
		rm -rf "/usr/src/nobs-$v" /var/lib/dkms/nobs
		for k in "${!had_dep[@]}"; do
			d=/lib/modules/$k
			[ "${had_dep[$k]}" = yes ] || rm -f "$d"/modules.*
			[ "${had_updates[$k]}" = yes ] ||
				rmdir "$d/updates/dkms" "$d/updates" 2>/dev/null || true
		done
	fi
	rm -rf "$t"
}
trap cleanup EXIT

ok() { nobs_result pass "deb $1"; }
bad() { nobs_result fail "deb $1"; }
step() {
	local name=$1
	shift
	if "$@" >"$t/step.log" 2>&1; then
		ok "$name"
	else
		bad "$name"
		tail -n 30 "$t/step.log"
	fi
}
skip() { nobs_result skip "deb $1" "$2"; }
finish() {
	nobs_summary deb
	exit
}

# --- build --------------------------------------------------------------
start=$(date +%s)
step "make deb" make -s -C "$NOBS_ROOT" deb
echo "  ($(($(date +%s) - start)) s)"
arch=$(dpkg --print-architecture)
dkms_deb=$out/nobs-dkms_${v}_all.deb
kpp_deb=$out/nobs-kpp_${v}_$arch.deb
tests_deb=$out/nobs-tests_${v}_$arch.deb
changes=$out/nobs_${v}_$arch.changes
step "nobs-dkms_${v}_all.deb, nobs-kpp_${v}_$arch.deb and nobs-tests_${v}_$arch.deb built" \
	test -s "$dkms_deb" -a -s "$kpp_deb" -a -s "$tests_deb" -a -s "$changes"
# shellcheck disable=SC2154 # the counts of lib.sh's reporter
[ "$nobs_n_fail" -eq 0 ] || finish

# --- lintian ------------------------------------------------------------
# Unpacking is not done as root where it need not be.
as_user=()
if [ "$(id -u)" -eq 0 ] && runuser -u nobody -- test -r "$changes" 2>/dev/null; then
	as_user=(runuser -u nobody --)
fi
(cd "$out" && "${as_user[@]}" lintian --fail-on error --display-info --pedantic \
	"$(basename "$changes")") >"$t/lintian.log" 2>&1
lrc=$?
sed 's/^/        lintian: /' "$t/lintian.log"
echo "        lintian: $(grep -c '^E: ' "$t/lintian.log") errors, $(grep -c '^W: ' "$t/lintian.log") warnings, $(grep -c '^[IP]: ' "$t/lintian.log") info/pedantic"
if [ "$lrc" -eq 0 ] && ! grep -q '^E: ' "$t/lintian.log"; then
	ok "lintian: no errors"
else
	bad "lintian: no errors"
fi

# --- nobs-dkms: fields and contents -------------------------------------
field() { dpkg-deb -f "$1" "$2"; }
has_dkms_dep() { field "$dkms_deb" Depends | grep -Eq '(^|, )dkms( |,|$)'; }
step "nobs-dkms Depends on dkms ($(field "$dkms_deb" Depends))" has_dkms_dep
step "nobs-dkms Version $v, Architecture all" \
	test "$(field "$dkms_deb" Version) $(field "$dkms_deb" Architecture)" = "$v all"
step "nobs-kpp Version $v, Architecture $arch" \
	test "$(field "$kpp_deb" Version) $(field "$kpp_deb" Architecture)" = "$v $arch"
step "nobs-tests Version $v, Architecture $arch" \
	test "$(field "$tests_deb" Version) $(field "$tests_deb" Architecture)" = "$v $arch"

dpkg-deb -c "$dkms_deb" | awk '{print $6}' | sed 's|^\./||' >"$t/dkms.list"
dpkg-deb -c "$kpp_deb" | awk '{print $6}' | sed 's|^\./||' >"$t/kpp.list"
dpkg-deb -c "$tests_deb" | awk '{print $6}' | sed 's|^\./||' >"$t/tests.list"
usrc=usr/src/nobs-$v
in_list() {
	local list=$1 f
	shift
	for f in "$@"; do
		grep -qxF "$f" "$list" || { echo "missing: $f"; return 1; }
	done
}
step "nobs-dkms has $usrc/{dkms.conf,Kbuild,Makefile,nobs_main.c,nobs.h}" \
	in_list "$t/dkms.list" "$usrc/dkms.conf" "$usrc/Kbuild" "$usrc/Makefile" \
	"$usrc/nobs_main.c" "$usrc/nobs.h" usr/share/doc/nobs-dkms/copyright
# Every module source the tree has (kernel-side C, headers, assembly and
# Kbuild fragments outside tests, KUnit, tools, scripts and packaging).
mapfile -t srcs < <(cd "$NOBS_ROOT" && {
	if git rev-parse --git-dir >/dev/null 2>&1; then
		git ls-files -co --exclude-standard -- '*.c' '*.h' '*.S' '*Kbuild.inc'
	else
		find . -type f \( -name '*.c' -o -name '*.h' -o -name '*.S' -o -name '*Kbuild.inc' \) | sed 's|^\./||'
	fi
} | grep -Ev '^(tests|kunit|tools|scripts|debian|build|samples)/' | sort -u | sed "s|^|$usrc/|")
step "nobs-dkms has every module source (${#srcs[@]} files: sha3, drbg, isogeny, afalg, arch, include, compat)" \
	in_list "$t/dkms.list" "${srcs[@]}"
no_extras() {
	! grep -E "^$usrc/(tests|kunit|tools|scripts|debian|build|samples|\.git)(/|$)|\.(o|ko|mod|cmd|a)$|\.ko\.|/\.[^/]+$|Module\.symvers|modules\.order" "$t/dkms.list"
}
step "nobs-dkms has no tests, KUnit, tools, samples, packaging or build artefacts" no_extras
# What a module using the library needs: the public header in the source,
# the POST_BUILD step that keeps it and Module.symvers per kernel, and the
# sample module as an example.
ex=usr/share/doc/nobs-dkms/examples/nobs-sha3-sample
step "nobs-dkms has <nobs/sha3.h>, dkms-post-build.sh and the sample in $ex" \
	in_list "$t/dkms.list" "$usrc/include/nobs/sha3.h" "$usrc/dkms-post-build.sh" \
	"$ex/Kbuild" "$ex/Makefile" "$ex/nobs_sha3_sample.c" "$ex/nobs_sha3_sample_kat.h" \
	"$ex/gen-kat.py"
# (grep reads the whole listing: -q would end dpkg-deb by SIGPIPE.)
post_build_x() { dpkg-deb -c "$dkms_deb" | grep "^-rwxr-xr-x .* \./$usrc/dkms-post-build\.sh$" >/dev/null; }
step "dkms-post-build.sh is executable (DKMS runs it only then)" post_build_x
only_usr() { ! grep -Ev '^(usr/src/|usr/share/doc/nobs-dkms/|usr/$|usr/share/$|usr/share/doc/$|$)' "$t/dkms.list"; }
step "nobs-dkms installs only below /usr/src and its doc directory" only_usr
step "nobs-kpp has usr/bin/nobs-kpp and its man page" in_list "$t/kpp.list" \
	usr/bin/nobs-kpp usr/share/man/man1/nobs-kpp.1.gz usr/share/doc/nobs-kpp/copyright

# nobs-tests: the runner, every case, every program but nobs-kpp (the
# nobs-kpp package's), every vector of SHA256SUMS.
tl=usr/lib/nobs-tests
mapfile -t tfiles < <(
	echo usr/bin/nobs-selftest
	echo usr/share/man/man1/nobs-selftest.1.gz
	echo "$tl/case-lib.sh"
	for f in "$NOBS_ROOT"/tests/vm/cases/*.sh; do echo "$tl/cases/${f##*/}"; done
	for f in "$NOBS_ROOT"/tests/vm/progs/*.c; do
		f=${f##*/}
		[ "$f" = nobs-kpp.c ] || echo "$tl/bin/${f%.c}"
	done
	awk '{ print "usr/share/nobs-tests/vectors/" $2 }' "$NOBS_ROOT/tests/vectors/SHA256SUMS"
)
step "nobs-tests has nobs-selftest, the ${#tfiles[@]} cases, programs and vectors" \
	in_list "$t/tests.list" "${tfiles[@]}"

# --- nobs-kpp: hardening and a run --------------------------------------
mkdir -p "$t/kpp"
dpkg-deb -x "$kpp_deb" "$t/kpp"
bin=$t/kpp/usr/bin/nobs-kpp
hardened() {
	readelf -hW "$bin" | grep -q 'Type: *DYN' || { echo "not PIE"; return 1; }
	readelf -lW "$bin" | grep -q GNU_RELRO || { echo "no RELRO"; return 1; }
	readelf -dW "$bin" | grep -q 'BIND_NOW\|Flags:.* NOW' || { echo "no BIND_NOW"; return 1; }
	readelf --dyn-syms -W "$bin" | grep -q '__stack_chk_fail' || { echo "no stack protector"; return 1; }
	readelf --dyn-syms -W "$bin" | grep -q '__[a-z_]*_chk@' || { echo "no fortified call"; return 1; }
}
step "nobs-kpp hardened (PIE, RELRO, BIND_NOW, stack protector, fortify)" hardened
step "nobs-kpp -h runs" "$bin" -h

# --- install and remove on this machine ----------------------------------
# symvers_and_header DIR: DKMS's directory of a kernel has nobs's
# Module.symvers (the library's exports, namespace NOBS) and the header.
symvers_and_header() {
	awk '$2 == "nobs_shake256_init" && $4 == "EXPORT_SYMBOL_GPL" && $5 == "NOBS" { f = 1 }
		END { exit !f }' "$1/Module.symvers" && test -f "$1/include/nobs/sha3.h"
}
# sample_build KVER DIR SAMPLE: README's build line; the module depends on
# nobs and imports its namespace.
sample_build() {
	make -C "/lib/modules/$1/build" M="$3" KBUILD_EXTRA_SYMBOLS="$2/Module.symvers" \
		ccflags-y=-I"$2/include" &&
		test "$(modinfo -F depends "$3/nobs_sha3_sample.ko")" = nobs &&
		test "$(modinfo -F import_ns "$3/nobs_sha3_sample.ko")" = NOBS
}
kernels=()
for d in /lib/modules/*/build/include; do
	[ -e "$d" ] || continue
	d=${d%/build/include}
	kernels+=("${d##*/}")
done
if [ "$(id -u)" -ne 0 ]; then
	skip install "not root"
	finish
fi
if dpkg-query -W -f='${db:Status-Abbrev}\n' nobs-dkms nobs-kpp nobs-tests 2>/dev/null | grep -q '^[^u]' ||
	dkms status -m nobs 2>/dev/null | grep -q . || [ -e "/usr/src/nobs-$v" ]; then
	skip install "nobs is already installed or known to DKMS here; not touching it"
	finish
fi
if [ ${#kernels[@]} -eq 0 ]; then
	skip install "no kernel headers installed (make deps)"
	finish
fi
echo "  kernels with headers: ${kernels[*]}"
for k in "${kernels[@]}"; do
	had_dep[$k]=no had_updates[$k]=no
	[ ! -e "/lib/modules/$k/modules.dep" ] || had_dep[$k]=yes
	[ ! -e "/lib/modules/$k/updates" ] || had_updates[$k]=yes
done

# Debian's dkms builds for the running kernel and the newest one, or for
# every kernel when the running one is not installed (a container, a
# chroot); autoinstall_all_kernels (read by its postinst) asks for every
# kernel either way.  The modules are signed with a throwaway key (dkms
# makes /var/lib/dkms/mok.key otherwise, and keeps it) unless
# /etc/dkms/framework.conf names one.
# apt runs dpkg, and with it DKMS's build, with PATH reset to
# DPkg::Path ("/usr/sbin:/usr/bin:/sbin:/bin"): where lib.sh put ccache
# in front of the compilers, that PATH gets it too, so that DKMS's gcc
# goes through the same compiler cache as every other build here (the
# same compiler, flags and warnings; a warm run compiles only what
# changed).
dpkg_path=/usr/sbin:/usr/bin:/sbin:/bin
case ":$PATH:" in *:/usr/lib/ccache:*) dpkg_path=/usr/lib/ccache:$dpkg_path ;; esac
apt_do() {
	DEBIAN_FRONTEND=noninteractive autoinstall_all_kernels=1 \
		mok_signing_key=$t/mok.key mok_certificate=$t/mok.pub \
		apt-get -o DPkg::Lock::Timeout=900 -o DPkg::Path="$dpkg_path" \
		-y -q --no-install-recommends "$@"
}
installed=yes
start=$(date +%s)
step "apt-get install nobs-dkms nobs-kpp nobs-tests" \
	apt_do install "$dkms_deb" "$kpp_deb" "$tests_deb"
echo "  ($(($(date +%s) - start)) s)"
sed -n '/^Setting up nobs-dkms/,/^Setting up nobs-kpp/p' "$t/step.log" |
	grep -v -e '^Setting up nobs-kpp' -e "^readelf: Warning: Section '.comment'" |
	sed 's/^/        /'
dkms status -m nobs 2>/dev/null | sed 's/^/        dkms status: /'
for k in "${kernels[@]}"; do
	step "dkms status: nobs/$v installed for $k" \
		sh -c "dkms status -m nobs -v '$v' -k '$k' | grep -q ': installed'"
	step "/lib/modules/$k/updates/dkms/nobs.ko*" \
		sh -c "ls /lib/modules/'$k'/updates/dkms/nobs.ko*"
	step "modinfo -k $k nobs: in updates/dkms, version $v, vermagic $k" sh -c "
		modinfo -k '$k' -n nobs | grep -q '^/lib/modules/$k/updates/dkms/nobs\.ko' &&
		test \"\$(modinfo -k '$k' -F version nobs)\" = '$v' &&
		modinfo -k '$k' -F vermagic nobs | grep -q '^$k '"
	step "modinfo -k $k -p nobs: no test_ parameter" sh -c "
		modinfo -k '$k' -p nobs | grep -q '^force_generic:' &&
		! modinfo -k '$k' -p nobs | grep -q '^test_'"
	modinfo -k "$k" nobs 2>/dev/null | grep -E '^(filename|version|vermagic):' | sed 's/^/        /'
	# A consumer's build, as README.md ("Using it") writes it, of the
	# example the package ships.
	n=/var/lib/dkms/nobs/kernel-$k-$(uname -m)
	step "$n: Module.symvers (namespace NOBS) and include/nobs/sha3.h" \
		symvers_and_header "$n"
	rm -rf "$t/sample-$k"
	cp -R "/$ex" "$t/sample-$k"
	step "the sample module builds against the installed nobs for $k and depends on it" \
		sample_build "$k" "$n" "$t/sample-$k"
done
step "/usr/bin/nobs-kpp -h (installed)" /usr/bin/nobs-kpp -h
step "nobs-selftest --list: every case" sh -c \
	"test \"\$(nobs-selftest --list | wc -l)\" = $(ls "$NOBS_ROOT"/tests/vm/cases/*.sh | wc -l)"
# With nobs not loaded (DKMS built it, nothing loaded it): KTAP, every
# case skipped, exit 4; the kselftest runner's way.
all_skipped() {
	nobs-selftest >"$t/selftest.out"
	local rc=$?
	sed 's/^/        /' "$t/selftest.out"
	[ "$rc" = 4 ] && head -n 1 "$t/selftest.out" | grep -qx 'KTAP version 1' &&
		! grep -q '^not ok' "$t/selftest.out" &&
		grep -q '^# Totals: pass:0 fail:0 xfail:0 xpass:0 skip:[1-9][0-9]* error:0$' "$t/selftest.out"
}
if [ -e /sys/module/nobs ]; then
	skip nobs-selftest "nobs is loaded here: not running its cases on this machine"
else
	step "nobs-selftest without nobs loaded: KTAP, every case skipped, exit 4" all_skipped
fi

step "apt-get remove nobs-dkms nobs-kpp nobs-tests" apt_do remove nobs-dkms nobs-kpp nobs-tests
for k in "${kernels[@]}"; do
	step "no nobs.ko left for $k" sh -c "! ls /lib/modules/'$k'/updates/dkms/nobs.ko* 2>/dev/null &&
		! modinfo -k '$k' -n nobs 2>/dev/null"
done
step "/usr/src/nobs-$v, /usr/bin/nobs-kpp and nobs-selftest gone" \
	test ! -e "/usr/src/nobs-$v" -a ! -e /usr/bin/nobs-kpp -a ! -e /usr/bin/nobs-selftest -a ! -e /usr/lib/nobs-tests
step "/var/lib/dkms/nobs gone (Module.symvers and headers with it)" test ! -e /var/lib/dkms/nobs
step "dkms status no longer lists nobs" sh -c '! dkms status -m nobs | grep -q . && ! dkms status | grep -q "^nobs/"'
finish
