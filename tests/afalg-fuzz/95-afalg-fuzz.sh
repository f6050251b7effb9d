# SPDX-License-Identifier: GPL-2.0
# The AF_ALG fuzzer's campaign (tests/afalg-fuzz/run.sh runs this case alone
# on a self-built test kernel; sourced by tests/vm/guest-init.sh, nobs
# loaded).  nobs is installed in the guest's module tree first, so a bind
# to a nobs name while the fuzzer's unloader has it out loads it again.
# First, as in 60-kpp.sh but under this kernel's sanitizers: the kernel's
# own kpps (dh, ffdhe, ecdh, built in here) are refused at bind, the
# over-claiming keys of their formats never sent (afalg-kpp-foreign; not
# with a planted bug, which the fuzzer itself must find).
# Its arguments come from /etc/nobs.conf (AFALG_FUZZ_ARGS); its output
# goes to the console as it runs and to the results port between
# NOBS-FUZZ-BEGIN and NOBS-FUZZ-END.  Results: afalg-fuzz-ran (it made
# calls), afalg-fuzz-reports (no kernel report other than data races: the
# host sorts those), afalg-fuzz-replay (the seed replayed for 64 calls
# a worker, or fewer, gives the campaign's digests), afalg-fuzz-kmemleak.
mkdir -p "/lib/modules/$KVER/extra"
cp "$NOBS_KO" "/lib/modules/$KVER/extra/nobs.ko"
check afalg-fuzz-depmod /sbin/depmod -a "$KVER"
[ -n "${AFALG_PLANTED:-}" ] || check afalg-kpp-foreign kpp_alg foreign
[ ! -f /proc/sys/kernel/hung_task_timeout_secs ] ||
	echo 20 >/proc/sys/kernel/hung_task_timeout_secs
kml=/sys/kernel/debug/kmemleak
[ ! -f $kml ] || echo clear >$kml

# The output goes to the console as it comes too (what a crash leaves).
# shellcheck disable=SC2086
{
	afalg-fuzz $AFALG_FUZZ_ARGS -u "$NOBS_KO" -P "$NOBS_PARAMS"
	echo $? >/tmp/fuzz.rc
} 2>&1 | tee /tmp/fuzz.out
af_rc=$(cat /tmp/fuzz.rc)
af_calls=$(sed -n 's/^afalg-fuzz: seed .* calls \([0-9]*\) in .*/\1/p' /tmp/fuzz.out)
if [ "${af_calls:-0}" -gt 0 ]; then
	result pass afalg-fuzz-ran "$af_calls calls"
else
	result fail afalg-fuzz-ran "no calls counted (exit $af_rc)"
fi
case $af_rc in
0) result pass afalg-fuzz-reports ;;
1) result fail afalg-fuzz-reports "$(grep -c '^afalg-fuzz: REPORT' /tmp/fuzz.out) reports: $(grep -m 3 '^afalg-fuzz: REPORT' /tmp/fuzz.out | cut -c 20-)" ;;
*) result fail afalg-fuzz-reports "exit $af_rc" ;;
esac

# The replay: the same seed, the same digests (of 64 calls a worker, or
# of all the campaign's when fewer).
af_seed=$(sed -n 's/^afalg-fuzz: seed \(0x[0-9a-f]*\) calls.*/\1/p' /tmp/fuzz.out)
af_pj=$(sed -n 's/^afalg-fuzz: replay: afalg-fuzz -s [^ ]* \(-p [0-9]* -j [0-9]*\).*/\1/p' /tmp/fuzz.out)
af_n=$(sed -n 's/^afalg-fuzz: digest 0 \([0-9]*\) .*/\1/p' /tmp/fuzz.out | head -n 1)
if [ "${af_n:-0}" -gt 0 ]; then
	# shellcheck disable=SC2086
	afalg-fuzz -s "$af_seed" $af_pj -n "$af_n" >/tmp/fuzz-replay.out 2>&1
	grep "^afalg-fuzz: digest [0-9]* $af_n " /tmp/fuzz.out | sort >/tmp/d1
	grep "^afalg-fuzz: digest [0-9]* $af_n " /tmp/fuzz-replay.out | sort >/tmp/d2
	if [ -s /tmp/d1 ] && cmp -s /tmp/d1 /tmp/d2; then
		result pass afalg-fuzz-replay "seed $af_seed: $(grep -c '' /tmp/d1) workers, the same $af_n calls each"
	else
		result fail afalg-fuzz-replay "seed $af_seed: the replay's digests differ"
	fi
else
	result skip afalg-fuzz-replay "a worker made fewer than 16 calls (stopped at a report)"
fi

grep -q '^nobs ' /proc/modules || modload "$NOBS_KO" $NOBS_PARAMS
rm -f "/lib/modules/$KVER/extra/nobs.ko"
/sbin/depmod -a "$KVER"

# Leaks: two scans (kmemleak reports an object once it stayed unreferenced
# over a scan); the suspects, with their back traces, go to the host.
if [ -f $kml ]; then
	echo scan >$kml
	sleep 2
	echo scan >$kml
	cat $kml >/tmp/kmemleak.out
	af_leaks=$(grep -c '^unreferenced object' /tmp/kmemleak.out)
	if [ "$af_leaks" = 0 ]; then
		result pass afalg-fuzz-kmemleak
	elif grep -Eq '\[nobs\]|af_alg|alg_' /tmp/kmemleak.out; then
		result fail afalg-fuzz-kmemleak "$af_leaks unreferenced objects, some from nobs or AF_ALG"
	else
		result pass afalg-fuzz-kmemleak "$af_leaks unreferenced objects of the kernel's own (listed)"
	fi
else
	result skip afalg-fuzz-kmemleak "no kmemleak in this kernel"
fi
{
	echo NOBS-FUZZ-BEGIN
	cat /tmp/fuzz.out
	[ ! -f /tmp/fuzz-replay.out ] || sed 's/^afalg-fuzz:/afalg-fuzz-replay:/' /tmp/fuzz-replay.out
	[ ! -s /tmp/kmemleak.out ] || sed 's/^/kmemleak: /' /tmp/kmemleak.out
	echo NOBS-FUZZ-END
} >"$R"
