#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# dkms-check.sh [ID|SERIES...]: dkms add, build and remove in a throwaway
# DKMS tree against every kernel of the matrix (default $NOBS_KERNELS, else
# every kernel ID of scripts/lib.sh), each through its build directory
# (scripts/fetch-kernel.sh -b: installed headers, or a prepared tree passed
# with --kernelsourcedir).  The modules DKMS built are kept as
# build/dkms/<ID>/nobs.ko (decompressed) for the VM tests; each one's
# vermagic must be that of the stock image's own modules, and it must have
# no test hook although DKMS builds with NOBS_TEST_HOOKS=1 in its
# environment (as a 'sudo -E dkms build' from a test shell would).  What
# dkms.conf's POST_BUILD step (dkms-post-build.sh) keeps for modules that
# use nobs's library, in DKMS's directory of each kernel, is checked and
# kept too: build/dkms/<ID>/Module.symvers and build/dkms/<ID>/include/
# (the VM case 95-sample.sh builds the sample module against them, as
# README's line does against /var/lib/dkms/nobs/kernel-<kver>-<arch>).
# Results per kernel also go to build/results/kernels.tsv (suite "dkms").
set -euo pipefail
. "$(dirname "$0")/lib.sh"

ids=("$@")
[ ${#ids[@]} -gt 0 ] || read -ra ids <<<"${NOBS_KERNELS:-$NOBS_KERNEL_IDS}"
# A throwaway tree in the folder of the cache that is the same from every
# clone (nobs_work_dir: the compiler cache finds a warm run's objects by
# their paths), one run at a time (the lock).
t=$(nobs_work_dir "$NOBS_BUILD/dkms-tree")
mkdir -p "$(dirname "$t")"
exec 9>"$t.lock"
flock 9
rm -rf "$t"
trap 'rm -rf "$t"' EXIT
src=$t/src/nobs-$NOBS_VERSION
mkdir -p "$src" "$t/tree"
nobs_copy_tree "$src"
d=(--dkmstree "$t/tree" --sourcetree "$t/src")
kpass=0 kfail=0
step() {
	local name=$1
	shift
	if "$@" >"$t/step.log" 2>&1; then
		kpass=$((kpass + 1))
		nobs_result pass "dkms $name"
	else
		kfail=$((kfail + 1))
		nobs_result fail "dkms $name"
		tail -n 30 "$t/step.log"
		find "$t/tree" -name make.log -exec tail -n 30 {} \; 2>/dev/null
	fi
}
# same_vermagic KO IMAGE_DIR: KO's vermagic is that of the image's modules.
same_vermagic() {
	local want got
	want=$(modinfo -F vermagic "$(find "$2/modroot/" -name '*.ko' | head -n 1)")
	got=$(modinfo -F vermagic "$1")
	echo "module: '$got'; kernel's own modules: '$want'"
	[ -n "$want" ] && [ "$got" = "$want" ]
}

# no_test_hooks KO: what DKMS builds has no test_fail_* parameter (the test
# build is asked for on make's command line only, never by the environment).
no_test_hooks() {
	modinfo -p "$1"
	modinfo -p "$1" | grep -q '^force_generic:' && ! modinfo -p "$1" | grep -q '^test_'
}

# consumer_files DIR: the library's exports in DIR/Module.symvers (every
# one GPL-only, in the namespace NOBS, nobs_shake256_init among them) and
# the public header.
consumer_files() {
	awk '$4 != "EXPORT_SYMBOL_GPL" || $5 != "NOBS" { bad = 1 }
		$2 == "nobs_shake256_init" { f = 1 } END { exit bad || !f }' "$1/Module.symvers" &&
		test -f "$1/include/nobs/sha3.h"
}

step add dkms add "${d[@]}" "$src"
for id in "${ids[@]}"; do
	id=$(nobs_kernel_id "$id")
	kver=$(nobs_kver "$id")
	kpass=0 kfail=0
	out=$NOBS_BUILD/dkms/$id
	rm -rf "$out"
	mkdir -p "$out"
	if ! kdir=$("$NOBS_ROOT/scripts/fetch-kernel.sh" -b "$id") ||
		! img=$("$NOBS_ROOT/scripts/fetch-kernel.sh" "$id"); then
		step "kernel $id ($kver)" false
		nobs_record_kernel "$id" dkms 0 1 0
		continue
	fi
	step "build $id ($kver)" env NOBS_TEST_HOOKS=1 \
		dkms build "${d[@]}" "nobs/$NOBS_VERSION" -k "$kver" --kernelsourcedir "$kdir"
	ko=$(find "$t/tree/nobs/$NOBS_VERSION/$kver" -name 'nobs.ko*' -path '*module*' 2>/dev/null | head -n 1 || true)
	case "$ko" in
	*.xz) xz -dc "$ko" >"$out/nobs.ko" ;;
	*.zst) zstd -qdc "$ko" >"$out/nobs.ko" ;;
	?*) cp "$ko" "$out/nobs.ko" ;;
	esac
	step "module for $id ($kver)" test -s "$out/nobs.ko"
	kdk=$t/tree/nobs/$NOBS_VERSION/$kver/$(uname -m)
	if [ -f "$kdk/Module.symvers" ]; then cp "$kdk/Module.symvers" "$out/"; fi
	if [ -d "$kdk/include" ]; then cp -R "$kdk/include" "$out/"; fi
	step "Module.symvers (namespace NOBS) and <nobs/sha3.h> kept for $id ($kver)" \
		consumer_files "$out"
	step "vermagic $id ($kver)" same_vermagic "$out/nobs.ko" "$img"
	step "no test hooks in the module for $id (NOBS_TEST_HOOKS=1 in the environment)" \
		no_test_hooks "$out/nobs.ko"
	nobs_record_kernel "$id" dkms "$kpass" "$kfail" 0
done
kpass=0 kfail=0
step remove dkms remove "${d[@]}" "nobs/$NOBS_VERSION" --all
nobs_summary dkms
