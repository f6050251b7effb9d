#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# runner-selftest.sh KO_DIR: prove the VM runner can fail.  The test-only
# parameter test_fail_after makes module init fail (before any component
# registers, after two did, and after all of them did: on 6.12 the crypto
# manager tests new algorithms asynchronously, so unwinding must wait for
# those tests); the runner must report that load
# as failed and exit non-zero, the failed load must leave nothing registered
# and a plain load afterwards must work.
set -uo pipefail
. "$(dirname "$0")/lib.sh"

KO_DIR=${1:?usage: runner-selftest.sh KO_DIR}
mkdir -p "$NOBS_BUILD"
expect() {
	if eval "$2"; then
		nobs_result pass "$1"
	else
		nobs_result fail "$1"
	fi
}
# The dmesg scan catches what a PREEMPT_RT kernel (trixie-rt) says about a
# sleeping lock taken in atomic context, and an RCU stall.
for line in "BUG: sleeping function called from invalid context at kernel/locking/spinlock_rt.c:48" \
	"BUG: scheduling while atomic: stress/123/0x00000002" \
	"rcu: INFO: rcu_preempt self-detected stall on CPU"; do
	expect "the runner's dmesg scan catches '$line'" \
		"echo '[   12.345678] $line' >'$NOBS_BUILD/runner-scan.log' && nobs_kernel_problems '$NOBS_BUILD/runner-scan.log' >/dev/null"
done
expect "the runner's dmesg scan passes a clean load line" \
	"echo '[    9.124436] nobs: 0.1.0: keccak=bmi drbg=ctr(aes-aesni) csidh=bmi2adx afalg=kpp' >'$NOBS_BUILD/runner-scan.log' && ! nobs_kernel_problems '$NOBS_BUILD/runner-scan.log' >/dev/null"
# The failing loads below are not results of a kernel (build/results/kernels.tsv).
export NOBS_RECORD_KERNELS=0
for run in "6.12 test_fail_after=0" "6.12 test_fail_after=2" "6.1 test_fail_after=99"; do
	set -- $run
	label=selftest-$1-$2
	out=$NOBS_BUILD/vm/$label
	"$NOBS_ROOT/tests/vm/run-vm.sh" -q -k "$1" -m "$KO_DIR/$1/nobs.ko" \
		-p "$2" -l "$label" >"$NOBS_BUILD/runner-$label.log" 2>&1
	rc=$?
	expect "$1 $2: runner exits non-zero" "[ $rc -ne 0 ]"
	expect "$1 $2: runner reports the load as failed" \
		"grep -q '^FAIL	load' '$out/results.tsv'"
	expect "$1 $2: summary line counts the failure" \
		"grep -Eq '^SUITE: [0-9]+ passed, [1-9][0-9]* failed' '$NOBS_BUILD/runner-$label.log'"
	expect "$1 $2: nothing registered after the failed load" \
		"grep -q '^PASS	clean-after-failed-load' '$out/results.tsv'"
	expect "$1 $2: plain load works afterwards" \
		"grep -q '^PASS	load-after-failure' '$out/results.tsv'"
	expect "$1 $2: no WARN, BUG or Oops while unwinding" \
		"! grep -Eq 'WARNING:|BUG:|Oops|Call Trace' '$out/dmesg.log'"
	expect "$1 $2: one clear line in dmesg" \
		"[ \$(grep -c 'load failed on purpose' '$out/dmesg.log') -eq 1 ]"
done
nobs_summary runner-selftest
