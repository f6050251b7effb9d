# SPDX-License-Identifier: GPL-2.0
# CTIDH-512 (the kpp "ctidh512") through nobs's AF_ALG kpp type and the
# nobs-kpp tool, against an independent source: the 4 records of
# /vectors/ctidh/ctidh512_fresh.txt (sk_a pk_a sk_b pk_b ss, made by
# high-ctidh; formats in docs/ctidh.md): both public keys from the
# private keys and the secret both ways, 16 group actions.  Then private
# keys past a batch's bound refused with EINVAL, invalid peer keys
# refused, an exchange with a key drawn by nobs-kpp, and the first-use
# known answers (the mechanism csidh1024's is, isogeny/csidh_glue.c).
# Under TCG one action takes seconds; each result says how long it took.
# (50-csidh.sh checks the registration.)
# Sourced by the guest's /init (busybox sh): report with `result`, never exit.

t5_dir=/tmp/ctidh512
t5_vec=${NOBS_VECTORS:-/vectors}/ctidh/ctidh512_fresh.txt
mkdir -p "$t5_dir"
cd "$t5_dir" || true

# t5_file PATH KIND HEX: a ctidh512 key file as nobs-kpp writes it.
t5_file() {
	rm -f "$1"
	printf 'nobs-kpp ctidh512 %s\n%s\n' "$2" "$3" >"$1"
	chmod 600 "$1"
}

# t5_op OUT pub|derive ARGS...: nobs-kpp's result (the hex) into OUT.
t5_op() {
	t5_o=$1
	shift
	rm -f "$t5_o"
	nobs-kpp "$@" "$t5_o" 2>>err && sed -n 2p "$t5_o"
}

# t5_refused NAME WHY ARGS...: nobs-kpp ARGS fails with EINVAL (exit 1,
# "Invalid argument") and writes no o.out.
t5_refused() {
	t5_n=$1 t5_why=$2
	shift 2
	rm -f o.out
	nobs-kpp "$@" o.out 2>err
	t5_rc=$?
	if [ $t5_rc -eq 1 ] && grep -q 'Invalid argument' err && [ ! -e o.out ]; then
		result pass "$t5_n" "$t5_why: EINVAL, no output"
	else
		result fail "$t5_n" "$t5_why: exit $t5_rc $(cat err)"
	fi
}

: >err
if [ ! -f "$t5_vec" ]; then
	result skip ctidh512-records "no $t5_vec"
else
	# One line a record: sk_a pk_a sk_b pk_b ss.
	awk '/^sk_a/ { r = $2 } /^(pk_a|sk_b|pk_b)/ { r = r " " $2 }
		/^ss/ { print r, $2 }' "$t5_vec" >records
	t5_i=0
	while read -r t5_ska t5_pka t5_skb t5_pkb t5_ss; do
		t5_i=$((t5_i + 1))
		t5_t=$(date +%s)
		: >err
		t5_file a.priv private "$t5_ska"
		t5_file b.priv private "$t5_skb"
		t5_pa=$(t5_op a.pub pub a.priv)
		t5_pb=$(t5_op b.pub pub b.priv)
		t5_bad=
		[ "$t5_pa" = "$t5_pka" ] || t5_bad="$t5_bad pk_a"
		[ "$t5_pb" = "$t5_pkb" ] || t5_bad="$t5_bad pk_b"
		# each side's secret from the file's public key of the other
		printf 'nobs-kpp ctidh512 public\n%s\n' "$t5_pka" >fa.pub
		printf 'nobs-kpp ctidh512 public\n%s\n' "$t5_pkb" >fb.pub
		[ "$(t5_op ab.ss derive a.priv fb.pub)" = "$t5_ss" ] || t5_bad="$t5_bad ss_ab"
		[ "$(t5_op ba.ss derive b.priv fa.pub)" = "$t5_ss" ] || t5_bad="$t5_bad ss_ba"
		if [ -z "$t5_bad" ]; then
			result pass "ctidh512-record-$t5_i" "pk_a, pk_b and ss both ways as high-ctidh's ($(($(date +%s) - t5_t)) s)"
		else
			result fail "ctidh512-record-$t5_i" "differs:$t5_bad $(cat err)"
		fi
	done <records
	[ "$t5_i" = 4 ] || result fail ctidh512-records "$t5_i records in $t5_vec, expected 4"
fi

# Private keys outside the key space: no kpp_secret, the key refused at
# ALG_SET_KEY (nobs-kpp's "the kernel refused the private key"), no
# group action.  Byte 73 is the last batch alone (bound 1); bytes 0-1
# batch 0 (bound 10).
t5_zero=$(printf '%0148d' 0)
t5_file z.priv private "$t5_zero"
t5_file o1.priv private "${t5_zero%??}02"
t5_refused ctidh512-bound-last "e[73] = 2" pub o1.priv
t5_file o2.priv private "0b${t5_zero#??}"
t5_refused ctidh512-bound-first "e[0] = 11" pub o2.priv
t5_file o3.priv private "06fb${t5_zero#????}"
t5_refused ctidh512-bound-sum "e[0] = 6, e[1] = -5" pub o3.priv
t5_file o4.priv private "${t5_zero%??}80"
t5_refused ctidh512-bound-min "e[73] = -128" pub o4.priv

# Invalid peer keys, with a valid private key (zero): all ones (not
# below p), and a curve in range that is not supersingular (csidh512's
# self-test key: the same prime and the same rule).
t5_p=$(printf 'ffffffffffffffff%.0s' 1 2 3 4 5 6 7 8)
printf 'nobs-kpp ctidh512 public\n%s\n' "$t5_p" >i1.pub
t5_refused ctidh512-invalid-range "A = 2^512 - 1" derive z.priv i1.pub
t5_inv=c87e64c7535b3f6c0633c62c7f3e05eec88179d34cf0eac136d5c0e3bacb5bd5
t5_inv=${t5_inv}09f9028bf188099489166b34e118f012f580562bf2b8f08701ef4245769dc460
printf 'nobs-kpp ctidh512 public\n%s\n' "$t5_inv" >i2.pub
t5_refused ctidh512-invalid-curve "a curve in range, not supersingular" derive z.priv i2.pub

# A key drawn here (nobs-kpp keygen: high-ctidh's distribution from
# getrandom) is in the key space, and exchanges with record 1's a.
if [ -f records ]; then
	set -- $(sed -n 1p records)
	t5_t=$(date +%s)
	: >err
	t5_file a.priv private "$1"
	printf 'nobs-kpp ctidh512 public\n%s\n' "$2" >fa.pub
	rm -f g.priv
	if nobs-kpp -a ctidh512 keygen g.priv 2>>err &&
	   [ "$(sed -n 1p g.priv)" = "nobs-kpp ctidh512 private" ] &&
	   t5_g=$(t5_op g.pub pub g.priv) &&
	   t5_gs=$(t5_op g.ss derive g.priv fa.pub) &&
	   t5_as=$(t5_op ag.ss derive a.priv g.pub) &&
	   [ -n "$t5_gs" ] && [ "$t5_gs" = "$t5_as" ] &&
	   [ "${#t5_g}" -eq 128 ]; then
		result pass ctidh512-exchange "a key drawn by nobs-kpp with sk_a: equal 64-byte secrets ($(($(date +%s) - t5_t)) s)"
	else
		result fail ctidh512-exchange "$(cat err)"
	fi
fi

# ctidh512's known answers run at its first use, not at load: by now one
# has been made.
if dmesg | grep -q 'ctidh512: known-answer self-test at first use passed'; then
	result pass ctidh512-first-use-kat
else
	result fail ctidh512-first-use-kat "$(dmesg | grep 'ctidh512' | tail -n 3 | tr '\n' ' ')"
fi
# Made to fail (the test build's test_fail_first_use, which fails every
# first-use set's test): no ctidh512 transform (ELIBBAD), one line,
# csidh512 unaffected.  (It reloads nobs: not under nobs-selftest without
# --reload.)
if [ -n "${NOBS_TEST_KO:-}" ] && [ -z "${NOBS_KEEP_LOADED:-}" ]; then
	rmmod nobs 2>/dev/null
	t5_seen=$(dmesg | wc -l)
	if ! modload "$NOBS_TEST_KO" $NOBS_PARAMS test_fail_first_use=1 >err 2>&1; then
		result fail ctidh512-first-use-fails "load failed: $(cat err)"
	else
		rm -f f.pub f2.pub k5.priv k5.pub
		nobs-kpp pub z.priv f.pub 2>err
		t5_rc=$?
		nobs-kpp pub z.priv f2.pub 2>>err
		t5_rc2=$?
		t5_l=$(dmesg | tail -n +$((t5_seen + 1)) | grep -c 'ctidh512: known-answer self-test at first use failed')
		if [ $t5_rc -ne 0 ] && [ $t5_rc2 -ne 0 ] && [ ! -e f.pub ] && [ "$t5_l" = 1 ] &&
		   grep -q 'corrupted shared library' err &&
		   nobs-kpp -a csidh512 keygen k5.priv 2>>err && nobs-kpp pub k5.priv k5.pub 2>>err; then
			result pass ctidh512-first-use-fails "two tries refused with ELIBBAD, one line; csidh512 works"
		else
			result fail ctidh512-first-use-fails "exit $t5_rc/$t5_rc2, $t5_l lines: $(cat err)"
		fi
	fi
	rmmod nobs 2>/dev/null
	nobs_load || result fail ctidh512-first-use-reload "reload with '$NOBS_PARAMS' failed"
fi
cd /
