# SPDX-License-Identifier: GPL-2.0
# CSIDH-1024 through nobs's AF_ALG kpp type and the nobs-kpp tool, against
# two independent sources: the reference vectors (/vectors/csidh,
# csidh1024_testvectors.dat, made with the CSIDH reference's p1024 code)
# and fresh keys of this run, made on the host by the reference's p1024
# code built outside the project (scripts/csidh-ref.sh,
# tests/vm/csidh_ref_fresh.c; run-vm.sh puts its line, Pr_a Pk_a Pk_b Ss,
# in /etc/nobs-csidh1024-fresh): Pk_a and Ss through nobs-kpp, then an
# exchange between Pr_a and a key drawn here.  Under TCG one csidh1024
# action takes seconds: six in all; each result says how long it took.
# (50-csidh.sh checks the registration and the load's self-tests.)
# Sourced by the guest's /init (busybox sh): report with `result`, never exit.

c1_dir=/tmp/kpp1024
c1_vec=${NOBS_VECTORS:-/vectors}/csidh/csidh1024_testvectors.dat
c1_fresh=/etc/nobs-csidh1024-fresh
mkdir -p "$c1_dir"
cd "$c1_dir" || true


: >err
if [ ! -f "$c1_vec" ]; then
	result skip csidh1024-vector "no $c1_vec"
else
	# The first valid vector and the first invalid peer key: "Pr1 Pk2 Ss".
	set -- $(awk -F'"' '/"Pr1":/ { pr = $4 } /"Pk2":/ { pk2 = $4 }
		/"Ss":/ { ss = $4 } /"status": "valid"/ { print pr, pk2, ss; exit }' \
		"$c1_vec")
	c1_t=$(date +%s)
	nobs_kpp_file v.priv csidh1024 private "$1"
	nobs_kpp_file v2.pub csidh1024 public "$2"
	if [ "$(nobs_kpp_op v.ss derive v.priv v2.pub)" = "$3" ]; then
		result pass csidh1024-vector "the first valid vector's Ss through nobs-kpp ($(($(date +%s) - c1_t)) s)"
	else
		result fail csidh1024-vector "$(cat err)"
	fi
	set -- $(awk -F'"' '/"Pk2":/ { pk2 = $4 }
		/"status": "invalid_public_key2"/ { print pk2; exit }' "$c1_vec")
	nobs_kpp_file i2.pub csidh1024 public "$1"
	rm -f i.ss
	nobs-kpp derive v.priv i2.pub i.ss 2>err
	c1_rc=$?
	if [ $c1_rc -eq 1 ] && grep -q 'Invalid argument' err && [ ! -e i.ss ]; then
		result pass csidh1024-invalid "the first invalid_public_key2 refused: EINVAL, no output"
	else
		result fail csidh1024-invalid "exit $c1_rc $(cat err)"
	fi
fi

# csidh1024's known answers run at its first use, not at load
# (isogeny/csidh_selftest.c): by now one has been made.
if dmesg | grep -q 'csidh1024: known-answer self-test at first use passed'; then
	result pass csidh1024-first-use-kat "dmesg: $(dmesg | grep -c 'known-answer self-test at first use passed') line"
else
	result fail csidh1024-first-use-kat "$(dmesg | grep 'csidh1024' | tail -n 3 | tr '\n' ' ')"
fi
# Made to fail (the test build's test_fail_first_use): no csidh1024
# transform, one line, csidh512 unaffected (case-lib.sh; it reloads nobs:
# not under nobs-selftest without --reload).
nobs_kpp_file v.priv csidh1024 private "$(awk -F'"' '/"Pr1":/ { print $4; exit }' "$c1_vec")"
nobs_first_use_fails csidh1024 v.priv

# Two first users at once: the second waits for the first one's known
# answers (a group action, seconds under TCG) and must die at once when
# killed meanwhile (isogeny/csidh_selftest.c: mutex_lock_killable()).
# c1_state PID: its state letter (R, S, D, Z...), empty once reaped.
c1_state() {
	sed -n 's/^.*) \(.\).*/\1/p' "/proc/$1/stat" 2>/dev/null
}
# c1_kill PID STEPS USEC: SIGKILL PID, then look every USEC microseconds,
# STEPS times at most, until it is a zombie or gone; c1_t: the looks taken.
c1_kill() {
	kill -KILL "$1"
	c1_t=0
	while [ "$(c1_state "$1")" != Z ] && [ -n "$(c1_state "$1")" ] &&
		[ "$c1_t" -lt "$2" ]; do
		usleep "$3"
		c1_t=$((c1_t + 1))
	done
}
if [ -n "${NOBS_KEEP_LOADED:-}" ]; then
	result skip csidh1024-first-use-kill "it reloads nobs (nobs-selftest --reload)"
elif ! { rmmod nobs 2>/dev/null; nobs_load; }; then
	result fail csidh1024-first-use-kill "reload with '$NOBS_PARAMS' failed"
else
	c1_seen=$(dmesg | wc -l)
	afalg_bind kpp csidh1024 >a.out 2>&1 &
	c1_a=$!
	usleep 500000
	afalg_bind kpp csidh1024 >b.out 2>&1 &
	c1_b=$!
	usleep 500000
	c1_sb=$(c1_state "$c1_b")
	c1_kill "$c1_b" 20 100000
	c1_sb2=$(c1_state "$c1_b")
	c1_sa=$(c1_state "$c1_a")
	wait "$c1_a"
	wait "$c1_b" 2>/dev/null
	c1_l=$(dmesg | tail -n +$((c1_seen + 1)) | grep -c 'csidh1024: known-answer self-test at first use passed')
	if [ "$c1_sa" = Z ] || [ -z "$c1_sa" ]; then
		result fail csidh1024-first-use-kill "the first bind was done before the second was killed: $(cat a.out)"
	elif [ "$c1_sb" != D ]; then
		result fail csidh1024-first-use-kill "the second bind was not waiting in the kernel (state '$c1_sb')"
	elif [ "$c1_sb2" != Z ] && [ -n "$c1_sb2" ]; then
		result fail csidh1024-first-use-kill "the second bind still alive 2 s after SIGKILL (state '$c1_sb2'), the first still in its test"
	elif ! grep -q '^csidh1024 ok$' a.out || [ "$c1_l" != 1 ]; then
		result fail csidh1024-first-use-kill "first bind: $(cat a.out), $c1_l verdict lines"
	else
		result pass csidh1024-first-use-kill "the waiting second bind died $((c1_t * 100)) ms after SIGKILL; the first passed the test"
	fi
fi

if [ ! -s "$c1_fresh" ]; then
	result skip csidh1024-reference "no fresh keys from the CSIDH reference (host: NOBS_CSIDH_REF_SRC, scripts/csidh-ref.sh)"
else
	set -- $(cat "$c1_fresh")
	c1_t=$(date +%s)
	: >err
	nobs_kpp_file a.priv csidh1024 private "$1"
	nobs_kpp_file b.pub csidh1024 public "$3"
	c1_pk=$(nobs_kpp_op a.pub pub a.priv)
	c1_ss=$(nobs_kpp_op a.ss derive a.priv b.pub)
	if [ "$c1_pk" = "$2" ] && [ "$c1_ss" = "$4" ]; then
		result pass csidh1024-reference "fresh keys: Pk_a and Ss as the reference's p1024 computed them ($(($(date +%s) - c1_t)) s)"
	else
		result fail csidh1024-reference "pk $([ "$c1_pk" = "$2" ] && echo ok || echo differs), ss $([ "$c1_ss" = "$4" ] && echo ok || echo differs) $(cat err)"
	fi
	# An exchange with a key drawn here (nobs-kpp keygen: getrandom).
	c1_t=$(date +%s)
	rm -f g.priv
	if nobs-kpp -a csidh1024 keygen g.priv 2>>err &&
	   c1_g=$(nobs_kpp_op g.pub pub g.priv) &&
	   c1_gs=$(nobs_kpp_op g.ss derive g.priv a.pub) &&
	   c1_as=$(nobs_kpp_op ag.ss derive a.priv g.pub) &&
	   [ -n "$c1_gs" ] && [ "$c1_gs" = "$c1_as" ] &&
	   [ "$(echo -n "$c1_g" | wc -c)" -eq 256 ]; then
		result pass csidh1024-exchange "a key drawn here with Pr_a: equal 128-byte secrets ($(($(date +%s) - c1_t)) s)"
	else
		result fail csidh1024-exchange "$(cat err)"
	fi
fi

# A derive whose task gets SIGKILL ends at its next yield point (-EINTR,
# under 1 ms of native work away, some 30 ms under TCG): the process is
# gone within 500 ms and writes no shared secret.  Without the check it
# ran on to the end of the derive (a second or more under TCG).
if [ ! -f v.priv ] || [ ! -f v2.pub ]; then
	result skip csidh1024-derive-kill "no vector keys (see csidh1024-vector)"
else
	rm -f k.ss
	nobs-kpp derive v.priv v2.pub k.ss 2>k.err &
	c1_k=$!
	sleep 1
	c1_sk=$(c1_state "$c1_k")
	c1_kill "$c1_k" 100 50000
	c1_sk2=$(c1_state "$c1_k")
	wait "$c1_k" 2>/dev/null
	if [ "$c1_sk" = Z ] || [ -z "$c1_sk" ]; then
		result fail csidh1024-derive-kill "the derive was over within 1 s: nothing to kill"
	elif [ "$c1_sk2" != Z ] && [ -n "$c1_sk2" ]; then
		result fail csidh1024-derive-kill "the derive still alive 5 s after SIGKILL (state '$c1_sk2')"
	elif [ "$c1_t" -gt 10 ]; then
		result fail csidh1024-derive-kill "the derive died $((c1_t * 50)) ms after SIGKILL, not within 500 ms"
	elif [ -s k.ss ]; then
		result fail csidh1024-derive-kill "a killed derive wrote k.ss"
	else
		result pass csidh1024-derive-kill "the derive (state '$c1_sk') died $((c1_t * 50)) ms after SIGKILL, no output"
	fi
fi
cd /
