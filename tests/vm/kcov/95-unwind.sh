# SPDX-License-Identifier: GPL-2.0
# Kernel coverage run only (scripts/kcov-run.sh adds it after tests/vm/cases):
# the paths a plain load never takes.
#  - test_fail_after=N for N = 0 .. number of components: the load fails
#    with EINVAL after registering N components (every self-test has run
#    before the first registration); nothing of nobs may stay in
#    /proc/crypto or /proc/modules, and a plain load works afterwards.
#  - drbg_reseed_interval=0 and 2^48+1: refused when the parameters are
#    parsed (EINVAL), before anything of nobs runs.
#  - names nobs registers taken before it loads (nobs_kcov_stub.ko): a
#    shash, the rng and the csidh1024 driver name (EEXIST, the load
#    unwinds) and the
#    AF_ALG type "kpp" (nobs loads without its own, the other stays in use).
#  - fail-nth with failslab's stack filter: the N-th allocation made from
#    module text fails, for every N up to the number a load makes, in a
#    load that stops after the registration making it (test_fail_after; the
#    select functions and the self-tests come before any); the
#    load fails with ENOMEM, or survives (a component whose self-test could
#    not run stays unregistered) and unwinds; nothing may be left, and
#    kmemleak finds nothing afterwards.  Needs
#    CONFIG_FAULT_INJECTION_STACKTRACE_FILTER.
#  - test_fail_exchange=1: the CSIDH exchange test after registration
#    fails; csidh512 is unregistered again, the rest stays.
#  - force_generic=1 drbg_reseed_interval=1000: the sha3, drbg and csidh
#    cases once more on the generic implementations.
# Every load failure after a registration runs with NOBS_KCOV_UNWIND=1 in
# /etc/nobs.conf (scripts/kcov-run.sh's default); with 0, only
# test_fail_after=0 (nothing registered).  On 6.12 crypto_register_alg() no
# longer waits for testmgr: each register function looks its algorithms up
# by driver name (which waits for the test) before it may unregister them.
# Leaves nobs loaded with the parameters of the run (as the cases expect).
# Sourced by the guest's /init (busybox sh): report with `result`, never exit.

kc_line=$(dmesg | grep -E ': keccak=' | tail -n 1)
# The driver name of nobs's kmac256 on this CPU (for nobs_kcov_stub.ko).
kc_kmac=$(awk '/^name/ { n = $3 } /^driver/ { d = $3 }
	/^module/ && $3 == "nobs" && n == "kmac256" { print d; exit }' /proc/crypto)
# And of its CSIDH-1024 (registered after CSIDH-512).
kc_kpp=$(awk '/^name/ { n = $3 } /^driver/ { d = $3 }
	/^module/ && $3 == "nobs" && n == "csidh1024" { print d; exit }' /proc/crypto)
# And of its CTR_DRBG.
kc_rng=$(awk '/^name/ { n = $3 } /^driver/ { d = $3 }
	/^module/ && $3 == "nobs" && n == "stdrng" { print d; exit }' /proc/crypto)
# The components, as the load line names them ("xn=" is keccak's own: its
# multi-lane permutation).
kc_comps=$(echo "$kc_line" | grep -o ' [a-z0-9_]*=' | tr -d ' =' | grep -vx xn | tr '\n' ' ')
kc_nr=$(echo $kc_comps | wc -w)
# Whether anything of nobs is still there (module or algorithm).
kc_left() {
	grep -q '^module *: nobs$' /proc/crypto || grep -q '^nobs ' /proc/modules
}
[ "$kc_nr" -gt 0 ] || kc_nr=3
# Whether this nobs.ko has test_fail_selftest (read while it is loaded).
kc_has_fail_selftest=0
[ ! -e /sys/module/nobs/parameters/test_fail_selftest ] || kc_has_fail_selftest=1
if rmmod nobs; then
	result pass kcov-unload
else
	result fail kcov-unload "rmmod nobs failed"
fi

[ "${NOBS_KCOV_UNWIND:-0}" = 1 ] || kc_nr=0
kc_i=0
while [ "$kc_i" -le "$kc_nr" ]; do
	if modload "$NOBS_KO" test_fail_after=$kc_i >/tmp/kc.out 2>&1; then
		result fail "kcov-fail-after-$kc_i" "load succeeded"
		rmmod nobs
	elif ! grep -q 'errno 22' /tmp/kc.out; then
		result fail "kcov-fail-after-$kc_i" "$(cat /tmp/kc.out)"
	elif grep -q nobs /proc/crypto || grep -q '^nobs ' /proc/modules; then
		result fail "kcov-fail-after-$kc_i" "nobs left behind"
	else
		result pass "kcov-fail-after-$kc_i"
	fi
	kc_i=$((kc_i + 1))
done

# Bad parameter values: refused before nobs_init() runs.
kc_ps="drbg_reseed_interval=0 drbg_reseed_interval=281474976710657"
[ "${NOBS_KCOV_UNWIND:-0}" = 1 ] || kc_ps=
for kc_p in $kc_ps; do
	if modload "$NOBS_KO" "$kc_p" >/tmp/kc.out 2>&1; then
		result fail "kcov-$kc_p" "load succeeded"
		rmmod nobs
	elif ! grep -q 'errno 22' /tmp/kc.out; then
		result fail "kcov-$kc_p" "$(cat /tmp/kc.out)"
	elif grep -q nobs /proc/crypto || grep -q '^nobs ' /proc/modules; then
		result fail "kcov-$kc_p" "nobs left behind"
	else
		result pass "kcov-$kc_p"
	fi
done

# A component whose self-test fails is left out and the others register;
# an unwinding later passes over it.  Needs the test-only parameter
# test_fail_selftest=K of nobs_main.c (component K's self-test reports
# -EBADMSG); without it, nothing runs here.
if [ "${NOBS_KCOV_UNWIND:-0}" = 1 ] && [ "$kc_has_fail_selftest" = 0 ]; then
	result fail kcov-selftest-failed "nobs.ko has no test_fail_selftest parameter"
elif [ "${NOBS_KCOV_UNWIND:-0}" = 1 ]; then
	kc_seen=$(dmesg | wc -l)
	if ! modload "$NOBS_KO" test_fail_selftest=1 >/tmp/kc.out 2>&1; then
		result fail kcov-selftest-failed "load failed: $(cat /tmp/kc.out)"
	elif grep -q '^module *: nobs$' /proc/crypto &&
	     ! grep -q '^driver *: nobs_ctr_drbg' /proc/crypto &&
	     grep -q '^driver *: csidh512-nobs-' /proc/crypto &&
	     dmesg | tail -n +$((kc_seen + 1)) |
	     grep -q 'drbg: self-test failed (-74), not registered'; then
		result pass kcov-selftest-failed "drbg left out, the others registered"
	else
		result fail kcov-selftest-failed "drbg registered, or the others not"
	fi
	rmmod nobs 2>/dev/null
	if modload "$NOBS_KO" test_fail_selftest=1 test_fail_after="$kc_nr" >/tmp/kc.out 2>&1; then
		result fail kcov-selftest-failed-unwind "load succeeded"
		rmmod nobs
	elif ! grep -q 'errno 22' /tmp/kc.out || kc_left; then
		result fail kcov-selftest-failed-unwind "$(cat /tmp/kc.out); left: $(grep -c '^module *: nobs$' /proc/crypto)"
	else
		result pass kcov-selftest-failed-unwind "EINVAL, nothing left"
	fi
fi

# The CSIDH key exchange test after registration failing (test-only
# parameter test_fail_exchange): csidh512 is unregistered again, one error
# line, the rest stays and works, binding an AF_ALG kpp socket to csidh512
# fails with ENOENT.
if [ "${NOBS_KCOV_UNWIND:-0}" = 1 ]; then
	kc_seen=$(dmesg | wc -l)
	if ! modload "$NOBS_KO" test_fail_exchange=1 >/tmp/kc.out 2>&1; then
		result fail kcov-exchange-failed "load failed: $(cat /tmp/kc.out)"
	else
		nobs-kpp keygen /tmp/kc.key >/dev/null 2>&1
		nobs-kpp pub /tmp/kc.key >/tmp/kc.kpp 2>&1
		if grep -q '^driver *: csidh512-nobs-' /proc/crypto; then
			result fail kcov-exchange-failed "csidh512 still registered"
		elif ! grep -q '^driver *: nobs_ctr_drbg' /proc/crypto ||
		     ! grep -q '^driver *: shake128-nobs-' /proc/crypto; then
			result fail kcov-exchange-failed "the other components are missing"
		elif [ "$(dmesg | tail -n +$((kc_seen + 1)) |
			grep -c 'csidh512-nobs-.*: key exchange self-test failed (-74), unregistered')" != 1 ]; then
			result fail kcov-exchange-failed "not one error line"
		elif ! grep -q 'No such file or directory' /tmp/kc.kpp; then
			result fail kcov-exchange-failed "AF_ALG csidh512: $(cat /tmp/kc.kpp)"
		else
			result pass kcov-exchange-failed "csidh512 unregistered, one error line, bind ENOENT, the rest registered"
		fi
		rm -f /tmp/kc.key
		rmmod nobs 2>/dev/null
		if kc_left; then
			result fail kcov-exchange-failed-unload "nobs left behind"
		fi
	fi
fi

# Names nobs registers, taken before it loads (nobs_kcov_stub.ko).
kc_stub=/nobs/nobs_kcov_stub.ko
if [ "${NOBS_KCOV_UNWIND:-0}" != 1 ]; then
	result skip kcov-name-taken "NOBS_KCOV_UNWIND=1 only"
elif [ ! -f $kc_stub ]; then
	result fail kcov-name-taken "no $kc_stub"
else
	# kc_taken KIND DRIVER [PARAMS]: nobs_kcov_stub.ko KIND=DRIVER
	# registers one of nobs's driver names first: nobs's load (with
	# PARAMS) fails with EEXIST and unwinds completely.
	kc_taken() {
		kc_t=kcov-name-taken-$1
		if [ -z "$2" ]; then
			result fail "$kc_t" "no $1 driver of nobs seen"
		elif ! insmod $kc_stub "$1=$2"; then
			result fail "$kc_t" "insmod nobs_kcov_stub.ko $1=$2 failed"
		else
			if modload "$NOBS_KO" ${3:-} >/tmp/kc.out 2>&1; then
				result fail "$kc_t" "load succeeded with $2 taken"
				rmmod nobs
			elif ! grep -q 'errno 17' /tmp/kc.out; then
				result fail "$kc_t" "not EEXIST: $(cat /tmp/kc.out)"
			elif kc_left; then
				result fail "$kc_t" "nobs left behind"
			else
				result pass "$kc_t" "$2 taken: EEXIST, nothing left"
			fi
			rmmod nobs_kcov_stub
		fi
	}
	# A shash: the SHA-3 registration fails.
	# (on the permutation it was seen on: the choice is timed, and
	# under TCG two of them are close)
	kc_taken shash "$kc_kmac" "keccak_impl=${kc_kmac##*-nobs-}"
	# The rng: the DRBG's registration fails, after its lookup of the
	# kernel's stdrng.
	kc_taken rng "$kc_rng"
	# A CSIDH set: csidh512 registered first is unregistered again.
	kc_taken kppalg "$kc_kpp"
	# The AF_ALG type "kpp": nobs loads without its own and leaves the
	# other one alone (binds reach the stub's, which refuses them).
	if ! insmod $kc_stub kpp=1; then
		result fail kcov-name-taken-kpp "insmod nobs_kcov_stub.ko kpp=1 failed"
	else
		kc_seen=$(dmesg | wc -l)
		if ! modload "$NOBS_KO" >/tmp/kc.out 2>&1; then
			result fail kcov-name-taken-kpp "load failed: $(cat /tmp/kc.out)"
		else
			nobs-kpp keygen /tmp/kc.key >/dev/null 2>&1
			kc_bind=$(nobs-kpp pub /tmp/kc.key 2>&1)
			if ! dmesg | tail -n +$((kc_seen + 1)) |
			     grep -q 'AF_ALG type "kpp" is provided by another module'; then
				result fail kcov-name-taken-kpp "no log line about the other kpp type"
			elif ! echo "$kc_bind" | grep -q 'Protocol not available'; then
				result fail kcov-name-taken-kpp "bind did not reach the stub: $kc_bind"
			elif ! grep -q '^driver *: csidh512-nobs-' /proc/crypto; then
				result fail kcov-name-taken-kpp "csidh512 of nobs not registered"
			else
				result pass kcov-name-taken-kpp "kpp type of another module kept; nobs loaded without its own"
			fi
			check kcov-name-taken-kpp-unload rmmod nobs
		fi
		check kcov-name-taken-kpp-stub-unload rmmod nobs_kcov_stub
		rm -f /tmp/kc.key
		if kc_left; then
			result fail kcov-name-taken-clean "nobs left behind"
		fi
	fi
fi

# kc_aim COMPONENT FUNCTION first|last NAME WHAT: the first or the last
# allocation made under the kernel's FUNCTION in a load that stops after
# COMPONENT (of the load line) fails: the load must fail with ENOMEM and
# leave nothing (result NAME).  The failslab and fail-nth setup below.
kc_aim() {
	ka_s=$(grep -m 1 " $2\$" /proc/kallsyms | cut -d ' ' -f 1)
	ka_e=$(awk -v s="$ka_s" '$1 > s && (m == "" || $1 < m) { m = $1 }
		END { print m }' /proc/kallsyms)
	ka_k=$(echo "$kc_line" | grep -o ' [a-z0-9_]*=' | grep -vx ' xn=' |
		grep -n " $1=" | cut -d : -f 1)
	if [ -z "$ka_s" ] || [ -z "$ka_e" ] || [ -z "$ka_k" ]; then
		result fail "$4" "$2 or the $1 component not found"
		return
	fi
	echo "0x$ka_s" >$kc_fs/require-start
	echo "0x$ka_e" >$kc_fs/require-end
	ka_n=1
	if [ "$3" = last ]; then
		failnth 1000000 "$NOBS_KO" test_fail_after="$ka_k" >/dev/null 2>&1
		failnth 1000000 "$NOBS_KO" test_fail_after="$ka_k" >/tmp/kc.out 2>&1
		ka_n=$(sed -n 's/.*errno 22 .*not injected (\([0-9]*\) points)$/\1/p' /tmp/kc.out)
		if [ -z "$ka_n" ] || [ "$ka_n" = 0 ]; then
			result fail "$4" "counting load: $(cat /tmp/kc.out)"
			return
		fi
	fi
	echo 1 >$kc_fs/verbose		# its stack, in console.log
	failnth "$ka_n" "$NOBS_KO" test_fail_after="$ka_k" >/tmp/kc.out 2>&1
	echo 0 >$kc_fs/verbose
	echo "kcov: $4: $(cat /tmp/kc.out)"
	case $(cat /tmp/kc.out) in
	*"errno 12 "*": injected")
		if kc_left; then
			result fail "$4" "nobs left behind"
		else
			result pass "$4" "$5 failing (allocation $ka_n under $2): ENOMEM, nothing left"
		fi ;;
	*)
		result fail "$4" "$5 failing (allocation $ka_n under $2): $(cat /tmp/kc.out)"
		rmmod nobs 2>/dev/null ;;
	esac
}

# Allocation failures while loading, one at a time (fail-nth): the N-th
# slab allocation made with nobs on the stack (failslab's stack filter)
# fails, for every N a load reaches (see the sweep below).
kc_fs=/sys/kernel/debug/failslab
kc_pa=/sys/kernel/debug/fail_page_alloc
if [ "${NOBS_KCOV_UNWIND:-0}" != 1 ]; then
	result skip kcov-failnth "NOBS_KCOV_UNWIND=1 only"
elif [ ! -d "$kc_fs" ] || [ ! -e /proc/self/fail-nth ]; then
	result skip kcov-failnth "no failslab or fail-nth in this kernel"
elif [ ! -e "$kc_fs/require-start" ]; then
	result skip kcov-failnth "no CONFIG_FAULT_INJECTION_STACKTRACE_FILTER"
else
	# Module text lies above the kernel's (x86-64): from _etext up.  Not
	# counted: the crypto manager's scheduling of a test, which WARNs
	# when it cannot start the test thread (crypto_schedule_test(): a
	# kernel WARN on ENOMEM, not an error path of nobs).
	kc_start=$(grep -m 1 ' _etext$' /proc/kallsyms | cut -d ' ' -f 1)
	kc_rs=$(grep -m 1 ' crypto_schedule_test$' /proc/kallsyms | cut -d ' ' -f 1)
	kc_re=$(awk -v s="$kc_rs" '$1 > s && (m == "" || $1 < m) { m = $1 }
		END { print m }' /proc/kallsyms)
	echo 0 >$kc_fs/probability
	echo 0 >$kc_fs/verbose
	echo 32 >$kc_fs/stacktrace-depth
	echo "0x$kc_start" >$kc_fs/require-start
	if [ -n "$kc_rs" ] && [ -n "$kc_re" ]; then
		echo "0x$kc_rs" >$kc_fs/reject-start
		echo "0x$kc_re" >$kc_fs/reject-end
	fi
	# fail-nth counts the points of every fault type.  Page allocations
	# are not swept: those it could fail (no direct reclaim: SLUB's
	# first try at a larger slab) are retried by the allocator, and
	# whether one happens depends on the slab's state, which shifted
	# the sweep's positions from one load to the next.  An empty stack
	# range keeps them out of the count.
	if [ -d $kc_pa ]; then
		echo 1 >$kc_pa/require-start
		echo 1 >$kc_pa/require-end
		echo 32 >$kc_pa/stacktrace-depth
	fi
	echo N >$kc_fs/ignore-gfp-wait
	# Only the caches nobs's allocations come from, not kmemleak's own
	# (every allocation makes one there, and failing it changes nothing
	# but the time the sweep takes).  Needs slab_nomerge on the command
	# line (scripts/kcov-run.sh): a merged cache refuses the flag.
	echo Y >$kc_fs/cache-filter
	for kc_c in /sys/kernel/slab/*/failslab; do
		case $kc_c in
		*/kmemleak_*) ;;
		*) echo 1 >"$kc_c" 2>/dev/null ;;
		esac
	done
	# Allocations are counted per component: a load with
	# test_fail_after=K makes P(K) of them (K = 0: the select functions
	# and every self-test, which all run before the first registration),
	# so allocations P(K-1)+1 .. P(K) are component K-1's registration.
	# Each is failed in a load with test_fail_after=K: the load fails
	# with ENOMEM, or survives the failure (a component that could not
	# test itself is left out) and is then unwound by test_fail_after;
	# either way nothing may be left.  No load registers the components
	# after the one under test, so the sweep costs about one load (every
	# self-test and the registrations up to that one) per allocation.
	kc_names="selftests $kc_comps"
	kc_enomem=0 kc_tol=0 kc_bad=0 kc_prev=0 kc_k=0 kc_per=
	kc_max=${NOBS_KCOV_FAILNTH_MAX:-400}
	# At most this many per component (0: all): past the first few, a
	# component's allocations repeat the same error paths (e.g. the
	# exchange test's five kpp requests), each after more CSIDH work.
	# And the last few of each: the self-tests' last allocations, the
	# end of a registration (e.g. the DRBG's lookup of the kernel's
	# stdrng comes before its registration's).
	kc_each=${NOBS_KCOV_FAILNTH_EACH:-12} kc_swept=0
	kc_tail=${NOBS_KCOV_FAILNTH_TAIL:-3}
	for kc_name in $kc_names; do
		[ "$kc_k" -le "$kc_nr" ] || break
		# Counted twice: the first load may make one-time allocations
		# (a crypto template instance, a larval) that later ones do not.
		failnth 1000000 "$NOBS_KO" test_fail_after=$kc_k >/dev/null 2>&1
		failnth 1000000 "$NOBS_KO" test_fail_after=$kc_k >/tmp/kc.out 2>&1
		kc_p=$(sed -n 's/.*errno 22 .*not injected (\([0-9]*\) points)$/\1/p' /tmp/kc.out)
		if [ -z "$kc_p" ]; then
			kc_bad=$((kc_bad + 1))
			result fail "kcov-failnth-$kc_name" "counting load: $(cat /tmp/kc.out)"
			break
		fi
		kc_t0=$(date +%s)
		kc_n=$((kc_prev + 1))
		kc_last=$kc_p
		if [ "$kc_each" -gt 0 ] && [ $((kc_prev + kc_each)) -lt "$kc_p" ]; then
			kc_last=$((kc_prev + kc_each))
		fi
		kc_this=0
		while [ "$kc_n" -le "$kc_max" ]; do
			if [ "$kc_n" -gt "$kc_last" ]; then
				# Past the head: on to the tail, once.
				[ "$kc_last" -lt "$kc_p" ] || break
				[ "$kc_n" -ge $((kc_p - kc_tail + 1)) ] ||
					kc_n=$((kc_p - kc_tail + 1))
				kc_last=$kc_p
			fi
			kc_this=$((kc_this + 1))
			failnth "$kc_n" "$NOBS_KO" test_fail_after=$kc_k >/tmp/kc.out 2>&1
			kc_what=$(cat /tmp/kc.out)
			echo "kcov: $kc_name: $kc_what"
			kc_err=
			case $kc_what in
			*"errno 12 "*": injected") kc_enomem=$((kc_enomem + 1)) ;;
			*"errno 22 "*": injected") kc_tol=$((kc_tol + 1)) ;;
			*"errno 22 "*"not injected ("*" points)")
				# Fewer than counted: the component ends here.
				kc_p=$(echo "$kc_what" | sed 's/.*(\([0-9]*\) points)$/\1/')
				kc_last=$kc_p
				kc_this=$((kc_this - 1))
				continue ;;
			*) kc_err=$kc_what ;;
			esac
			if [ -z "$kc_err" ] && kc_left; then
				kc_err="nobs left behind ($kc_what)"
			fi
			if [ -n "$kc_err" ]; then
				kc_bad=$((kc_bad + 1))
				result fail "kcov-failnth-$kc_n" "$kc_name: $kc_err"
				rmmod nobs 2>/dev/null
			fi
			kc_n=$((kc_n + 1))
		done
		kc_per="$kc_per $kc_name:$kc_this/$((kc_p - kc_prev))/$(($(date +%s) - kc_t0))s"
		kc_swept=$((kc_swept + kc_this))
		kc_prev=$kc_p
		kc_k=$((kc_k + 1))
	done
	kc_done=$kc_prev
	# Three allocations aimed at: the sweep finds allocations by
	# position, and its windows shift when the crypto manager's timing
	# changes how many allocations an earlier registration makes, or
	# leave them out (the middle of a component's).  Each is found by
	# the kernel function it is made under (failslab's stack filter set
	# to that function's text), in a load that stops after the
	# component (test_fail_after), and must fail the load with ENOMEM
	# and leave nothing.
	kc_aim drbg crypto_alloc_skcipher last kcov-failnth-drbg-aes \
		"the DRBG's transform of the AES-CTR it holds (the last crypto_alloc_skcipher() of its registration)"
	kc_aim drbg crypto_alloc_rng first kcov-failnth-stdrng \
		"the DRBG's lookup of the kernel's stdrng (crypto_alloc_rng(\"stdrng\"))"
	kc_aim csidh crypto_alloc_kpp first kcov-failnth-csidh-exchange \
		"the first transform of CSIDH's key exchange test through the crypto API (crypto_alloc_kpp())"
	echo "0x$kc_start" >$kc_fs/require-start
	echo 0xffffffffffffffff >$kc_fs/require-end
	echo Y >$kc_fs/ignore-gfp-wait
	echo N >$kc_fs/cache-filter
	if [ -d $kc_pa ]; then
		echo 0 >$kc_pa/require-start
		echo 0xffffffffffffffff >$kc_pa/require-end
	fi
	# What the failed loads leaked (kmemleak reports objects 5 s old).
	kc_ml=/sys/kernel/debug/kmemleak
	if [ -w $kc_ml ]; then
		sleep 6
		echo scan >$kc_ml
		echo scan >$kc_ml
		if grep -q 'unreferenced object' $kc_ml; then
			kc_bad=$((kc_bad + 1))
			result fail kcov-failnth-kmemleak "$(grep -c 'unreferenced object' $kc_ml) leaked objects (console.log)"
			cat $kc_ml
		else
			result pass kcov-failnth-kmemleak "no leak after the failed loads"
		fi
	fi
	kc_sum="$kc_swept of $kc_done allocations failed in turn (component:failed/made/seconds:$kc_per): $kc_enomem loads failed with ENOMEM, $kc_tol survived the failure and unwound; nothing left"
	echo "kcov: failnth: $kc_sum"
	if [ "$kc_done" -gt "$kc_max" ]; then
		result fail kcov-failnth "more than $kc_max allocations ($kc_sum)"
	elif [ "$kc_bad" = 0 ]; then
		result pass kcov-failnth "$kc_sum"
	fi
fi

# The generic implementations, through the same cases.
kc_saved=$NOBS_PARAMS
NOBS_PARAMS="force_generic=1 drbg_reseed_interval=1000"
if nobs_load; then
	result pass kcov-load-generic
	for kc_c in /cases/30-*.sh /cases/40-*.sh /cases/50-*.sh; do
		# shellcheck disable=SC1090
		[ -f "$kc_c" ] && . "$kc_c"
	done
	check kcov-unload-generic rmmod nobs
else
	result fail kcov-load-generic "modload $NOBS_PARAMS failed"
fi
NOBS_PARAMS=$kc_saved
check kcov-reload nobs_load
