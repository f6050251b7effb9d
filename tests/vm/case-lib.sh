# SPDX-License-Identifier: GPL-2.0
# What the cases (tests/vm/cases/*.sh) call, for both of their runners:
# the QEMU guests' /init (tests/vm/guest-init.sh: /nobs/case-lib.sh) and
# nobs-selftest (tests/vm/nobs-selftest, installed by the nobs-tests
# package as /usr/lib/nobs-tests/case-lib.sh).  Sourced, POSIX sh (busybox
# sh, dash).  The runner defines nobs_report ST NAME REASON (ST: PASS,
# FAIL or SKIP; REASON one line, maybe empty), which says where a result
# goes, and sets NOBS_KO and NOBS_PARAMS (nobs_load).

# result pass|fail|skip NAME [reason...]: one result of a case.
# A reason is one line (a case may hand over a list with newlines).  No
# process is started for a reason without one: a suite reports hundreds of
# results, and a fork and exec cost about 0.1 s each under QEMU/TCG.
nobs_nl='
'
result() {
	st=$1 name=$2
	shift 2
	case "$st" in
	pass) ST=PASS ;; fail) ST=FAIL ;; skip) ST=SKIP ;; *) ST=FAIL ;;
	esac
	nobs_why="$* "
	case $nobs_why in
	*"$nobs_nl"*) nobs_why=$(echo "$*" | tr '\n' ' ') ;;
	esac
	nobs_report "$ST" "$name" "${nobs_why% }"
}

# check NAME CMD...: pass when CMD exits 0.
check() {
	name=$1
	shift
	if "$@"; then result pass "$name"; else result fail "$name" "exit $?: $*"; fi
}

# usleep USEC: busybox's applet (the initramfs has it as a command); on a
# system without it, busybox's, else sleep's fractions (coreutils).
if ! command -v usleep >/dev/null 2>&1; then
	if command -v busybox >/dev/null 2>&1; then
		usleep() { busybox usleep "$@"; }
	else
		usleep() { sleep "$(($1 / 1000000)).$(printf %06d $(($1 % 1000000)))"; }
	fi
fi

nobs_load() { modload "$NOBS_KO" $NOBS_PARAMS; }

# nobs_kpp_file PATH ALG KIND HEX: a key file of ALG as nobs-kpp writes it
# (KIND: private or public).
nobs_kpp_file() {
	rm -f "$1"
	printf 'nobs-kpp %s %s\n%s\n' "$2" "$3" "$4" >"$1"
	chmod 600 "$1"
}

# nobs_kpp_op OUT pub|derive ARGS...: nobs-kpp's result into OUT, its hex
# printed (nobs-kpp's errors appended to ./err).
nobs_kpp_op() {
	kop_o=$1
	shift
	rm -f "$kop_o"
	nobs-kpp "$@" "$kop_o" 2>>err && sed -n 2p "$kop_o"
}

# nobs_first_use_fails SET PRIV: the test build's test_fail_first_use (it
# fails every first-use set's known answers) made SET fail: nobs reloaded
# with it, two public keys of the key file PRIV (nobs-kpp's, SET's) are
# refused with ELIBBAD ("Accessing a corrupted shared library") and one
# line says so; csidh512 (no first-use test) still works; then nobs is
# reloaded as it was.  Results SET-first-use-fails, SET-first-use-reload.
# Only with the test build, and never under nobs-selftest without --reload
# (NOBS_KEEP_LOADED).  In the case's folder: writes err, f.pub, f2.pub,
# k5.priv, k5.pub.
nobs_first_use_fails() {
	fu_set=$1 fu_priv=$2
	[ -n "${NOBS_TEST_KO:-}" ] && [ -z "${NOBS_KEEP_LOADED:-}" ] || return 0
	rmmod nobs 2>/dev/null
	fu_seen=$(dmesg | wc -l)
	if ! modload "$NOBS_TEST_KO" $NOBS_PARAMS test_fail_first_use=1 >err 2>&1; then
		result fail "$fu_set-first-use-fails" "load failed: $(cat err)"
	else
		rm -f f.pub f2.pub k5.priv k5.pub
		nobs-kpp pub "$fu_priv" f.pub 2>err
		fu_rc=$?
		nobs-kpp pub "$fu_priv" f2.pub 2>>err
		fu_rc2=$?
		fu_l=$(dmesg | tail -n +$((fu_seen + 1)) | grep -c "$fu_set: known-answer self-test at first use failed")
		if [ $fu_rc -ne 0 ] && [ $fu_rc2 -ne 0 ] && [ ! -e f.pub ] && [ "$fu_l" = 1 ] &&
		   grep -q 'corrupted shared library' err &&
		   nobs-kpp -a csidh512 keygen k5.priv 2>>err && nobs-kpp pub k5.priv k5.pub 2>>err; then
			result pass "$fu_set-first-use-fails" "two tries refused with ELIBBAD, one line; csidh512 works"
		else
			result fail "$fu_set-first-use-fails" "exit $fu_rc/$fu_rc2, $fu_l lines: $(cat err)"
		fi
	fi
	rmmod nobs 2>/dev/null
	nobs_load || result fail "$fu_set-first-use-reload" "reload with '$NOBS_PARAMS' failed"
}

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
