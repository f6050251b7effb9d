# SPDX-License-Identifier: GPL-2.0
# CTIDH (the kpps "ctidh511", "ctidh512", "ctidh1024", "ctidh2048")
# through nobs's AF_ALG kpp type and the nobs-kpp tool, against an
# independent source: record 2 of /vectors/ctidh/ctidh<b>_fresh.txt
# (sk_a pk_a sk_b pk_b ss, made by high-ctidh; formats in docs/ctidh.md):
# both public keys from the private keys and the secret one way, 3 group
# actions (record 1 is the in-kernel first-use test's; the harness and
# KUnit run all four natively); and where the host had
# high-ctidh's oracle (tests/vm/run-vm.sh), one record of this run's fresh
# random keys from /etc/nobs-ctidh-fresh/<set>.txt, 3 more actions a set.
# Then, per set, private keys past a batch's bound refused with EINVAL (no
# action) and an invalid peer key refused; for ctidh512 only, an exchange
# with a key drawn by nobs-kpp; and the first-use known answers (the
# mechanism csidh1024's is, isogeny/csidh_glue.c), and for ctidh512 their
# failure.
# Under TCG one action takes seconds; each result says how long it took.
# (50-csidh.sh checks the registration.)
# Sourced by the guest's /init (busybox sh): report with `result`, never exit.

t6_dir=/tmp/ctidh
mkdir -p "$t6_dir"
cd "$t6_dir" || true


# t6_refused NAME WHY ARGS...: nobs-kpp ARGS fails with EINVAL (exit 1,
# "Invalid argument") and writes no o.out.
t6_refused() {
	t6_n=$1 t6_why=$2
	shift 2
	rm -f o.out
	nobs-kpp "$@" o.out 2>err
	t6_rc=$?
	if [ $t6_rc -eq 1 ] && grep -q 'Invalid argument' err && [ ! -e o.out ]; then
		result pass "$t6_n" "$t6_why: EINVAL, no output"
	else
		result fail "$t6_n" "$t6_why: exit $t6_rc $(cat err)"
	fi
}

# t6_zeros N: 2 N hex zeros (a private key of N exponents 0).
t6_zeros() {
	t6_z=
	t6_k=0
	while [ $t6_k -lt "$1" ]; do
		t6_z=${t6_z}00
		t6_k=$((t6_k + 1))
	done
	printf '%s' "$t6_z"
}

# t6_records FILE WHICH NAME WHOSE: the records numbered in WHICH (a list)
# of FILE (sk_a pk_a sk_b pk_b ss, tests/user/ctidh_ref_fresh.c's format):
# both public keys from the private keys and the secret one way, each
# record a result $t6_set-NAME-<n>; t6_i: the number of records in FILE.
t6_records() {
	t6_rf=$1 t6_which=" $2 " t6_rn=$3 t6_whose=$4
	awk '/^sk_a/ { r = $2 } /^(pk_a|sk_b|pk_b)/ { r = r " " $2 }
		/^ss/ { print r, $2 }' "$t6_rf" >"records-$t6_set"
	t6_i=0
	while read -r t6_ska t6_pka t6_skb t6_pkb t6_ss; do
		t6_i=$((t6_i + 1))
		case $t6_which in *" $t6_i "*) ;; *) continue ;; esac
		t6_t=$(date +%s)
		: >err
		nobs_kpp_file a.priv "$t6_set" private "$t6_ska"
		nobs_kpp_file b.priv "$t6_set" private "$t6_skb"
		t6_bad=
		[ "$(nobs_kpp_op a.pub pub a.priv)" = "$t6_pka" ] || t6_bad="$t6_bad pk_a"
		[ "$(nobs_kpp_op b.pub pub b.priv)" = "$t6_pkb" ] || t6_bad="$t6_bad pk_b"
		# a's secret from the file's public key of b
		nobs_kpp_file fb.pub "$t6_set" public "$t6_pkb"
		[ "$(nobs_kpp_op ab.ss derive a.priv fb.pub)" = "$t6_ss" ] || t6_bad="$t6_bad ss"
		if [ -z "$t6_bad" ]; then
			result pass "$t6_set-$t6_rn-$t6_i" "pk_a, pk_b and ss as $t6_whose ($(($(date +%s) - t6_t)) s)"
		else
			result fail "$t6_set-$t6_rn-$t6_i" "differs:$t6_bad $(cat err)"
		fi
	done <"records-$t6_set"
}

# t6_check_set SET SK_BYTES B0 B01 LAST INVALID: one set's
# checks.  B0: e[0] past batch 0's bound, B01: e[0] e[1] past it together,
# LAST: the last exponent (the last prime, a batch of its own) past its
# bound (hex bytes); INVALID: a peer key in range that is not
# supersingular (the set's self-test key; empty: none, a skip).
t6_check_set() {
	t6_set=$1 t6_skn=$2 t6_b0=$3 t6_b01=$4 t6_last=$5 t6_inv=$6
	t6_vec=${NOBS_VECTORS:-/vectors}/ctidh/${t6_set}_fresh.txt
	if [ ! -f "$t6_vec" ]; then
		result skip "$t6_set-records" "no $t6_vec"
	else
		t6_records "$t6_vec" 2 record "high-ctidh's"
		[ "$t6_i" = 4 ] || result fail "$t6_set-records" "$t6_i records in $t6_vec, expected 4"
	fi
	t6_fresh=/etc/nobs-ctidh-fresh/$t6_set.txt
	if [ -s "$t6_fresh" ]; then
		t6_records "$t6_fresh" 1 fresh "high-ctidh's (this run's, $(sed -n 's/^# seed /seed /p' "$t6_fresh"))"
		[ "$t6_i" = 1 ] || result fail "$t6_set-fresh" "$t6_i records in $t6_fresh, expected 1"
	else
		result skip "$t6_set-fresh" "no fresh record from high-ctidh (host: NOBS_CTIDH_REF, docs/ctidh.md)"
	fi

	# Private keys outside the key space: refused at ALG_SET_KEY
	# (nobs-kpp's "the kernel refused the private key"), no group action.
	t6_zero=$(t6_zeros "$t6_skn")
	nobs_kpp_file z.priv "$t6_set" private "$t6_zero"
	nobs_kpp_file o1.priv "$t6_set" private "${t6_zero%??}$t6_last"
	t6_refused "$t6_set-bound-last" "the last exponent 0x$t6_last" pub o1.priv
	nobs_kpp_file o2.priv "$t6_set" private "$t6_b0${t6_zero#??}"
	t6_refused "$t6_set-bound-first" "e[0] = 0x$t6_b0" pub o2.priv
	nobs_kpp_file o3.priv "$t6_set" private "$t6_b01${t6_zero#????}"
	t6_refused "$t6_set-bound-sum" "e[0], e[1] = 0x$t6_b01" pub o3.priv
	nobs_kpp_file o4.priv "$t6_set" private "${t6_zero%??}80"
	t6_refused "$t6_set-bound-min" "the last exponent -128" pub o4.priv

	# An invalid peer key with a valid private key (zero): in range,
	# not supersingular (validation only, no action).
	if [ -n "$t6_inv" ]; then
		nobs_kpp_file i2.pub "$t6_set" public "$t6_inv"
		t6_refused "$t6_set-invalid-curve" "a curve in range, not supersingular" derive z.priv i2.pub
	else
		result skip "$t6_set-invalid-curve" "no $t6_vec (its invalid key is derived from it)"
	fi

	# Its known answers run at its first use, not at load: by now one
	# has been made.
	if dmesg | grep -q "$t6_set: known-answer self-test at first use passed"; then
		result pass "$t6_set-first-use-kat"
	else
		result fail "$t6_set-first-use-kat" "$(dmesg | grep "$t6_set" | tail -n 3 | tr '\n' ' ')"
	fi
}

t6_inv512=c87e64c7535b3f6c0633c62c7f3e05eec88179d34cf0eac136d5c0e3bacb5bd5
t6_inv512=${t6_inv512}09f9028bf188099489166b34e118f012f580562bf2b8f08701ef4245769dc460
t6_inv1024=cc46ab3f3b811a650ca8ff2c6ef7387b55551ae798fa5f1c56c8fa6a24a539f1
t6_inv1024=${t6_inv1024}5de87fd9bab9df64bdbee687627f39e7e880a40ed705523bec348b40b8b6091b
t6_inv1024=${t6_inv1024}edaf7de57dc6fcf98609f220574169d9829462e80e6b8b5129b2d8235e389c11
t6_inv1024=${t6_inv1024}255a67111e1e23e18335d40042fd71270bfdfd8977a226e735ed848501016b00
# ctidh2048's self-test key: the peer key of its self-test (record 1's
# pk_b) with bit 0 flipped, which high-ctidh's validate() refuses; empty
# without the vectors (t6_check_set skips the check then)
t6_vec2048=${NOBS_VECTORS:-/vectors}/ctidh/ctidh2048_fresh.txt
t6_inv2048=
if [ -f "$t6_vec2048" ]; then
	t6_inv2048=$(awk '/^pk_b/ { print $2; exit }' "$t6_vec2048")
	t6_inv2048=$(printf '%02x' $((0x${t6_inv2048%"${t6_inv2048#??}"} ^ 1)))${t6_inv2048#??}
fi
# batch 0 bounds: 10 (ctidh512), 6 (ctidh511), 2 (ctidh1024), 1
# (ctidh2048); the last batch's: 1, 1, 0 (983, never used), 0 (3413)
t6_check_set ctidh512 74 0b 06fb 02 "$t6_inv512"
t6_check_set ctidh511 74 07 04fd 02 "$t6_inv512"
t6_check_set ctidh1024 130 03 02ff 01 "$t6_inv1024"
t6_check_set ctidh2048 231 02 01ff 01 "$t6_inv2048"

# ctidh512: a key drawn here (nobs-kpp keygen: high-ctidh's distribution
# from getrandom) is in the key space, and exchanges with record 1's a.
t6_set=ctidh512
if [ -f records-ctidh512 ]; then
	set -- $(sed -n 1p records-ctidh512)
	t6_t=$(date +%s)
	: >err
	nobs_kpp_file a.priv "$t6_set" private "$1"
	nobs_kpp_file fa.pub ctidh512 public "$2"
	rm -f g.priv
	if nobs-kpp -a ctidh512 keygen g.priv 2>>err &&
	   [ "$(sed -n 1p g.priv)" = "nobs-kpp ctidh512 private" ] &&
	   t6_g=$(nobs_kpp_op g.pub pub g.priv) &&
	   t6_gs=$(nobs_kpp_op g.ss derive g.priv fa.pub) &&
	   t6_as=$(nobs_kpp_op ag.ss derive a.priv g.pub) &&
	   [ -n "$t6_gs" ] && [ "$t6_gs" = "$t6_as" ] &&
	   [ "${#t6_g}" -eq 128 ]; then
		result pass ctidh512-exchange "a key drawn by nobs-kpp with sk_a: equal 64-byte secrets ($(($(date +%s) - t6_t)) s)"
	else
		result fail ctidh512-exchange "$(cat err)"
	fi
fi

# Made to fail (the test build's test_fail_first_use, which fails every
# first-use set's test): no ctidh512 transform, one line, csidh512
# unaffected (case-lib.sh; it reloads nobs: not under nobs-selftest
# without --reload).
t6_set=ctidh512
nobs_kpp_file z.priv "$t6_set" private "$(t6_zeros 74)"
nobs_first_use_fails ctidh512 z.priv
cd /
