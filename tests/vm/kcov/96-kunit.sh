# SPDX-License-Identifier: GPL-2.0
# Kernel coverage run only: nobs_kunit.ko (kunit/, when scripts/kcov-run.sh
# could build it) over nobs.ko freshly loaded with the run's parameters and
# drbg_reseed_interval=1000 (so that nobs_glue's reseed case runs), on the
# implementations of this run.
# Each suite's KTAP document (CONFIG_KUNIT_DEBUGFS: /sys/kernel/debug/kunit/
# nobs_*/results) goes to ttyS1 between NOBS-KTAP-BEGIN/END; the host counts
# the cases.
# Leaves nobs loaded with the parameters of the run.
# Sourced by the guest's /init (busybox sh): report with `result`, never exit.
if [ -f /nobs/nobs_kunit.ko ]; then
	echo "--- kunit"
	ku_saved=$NOBS_PARAMS
	case " $NOBS_PARAMS " in
	*" drbg_reseed_interval="*) ;;
	*) NOBS_PARAMS="$NOBS_PARAMS drbg_reseed_interval=1000" ;;
	esac
	rmmod nobs
	if ! nobs_load; then
		result fail kcov-kunit-load "modload $NOBS_PARAMS failed"
	elif ! insmod /nobs/nobs_kunit.ko; then
		result fail kcov-kunit-load "insmod nobs_kunit.ko failed"
	else
		result pass kcov-kunit-load
		{
			echo NOBS-KTAP-BEGIN
			for ku_s in /sys/kernel/debug/kunit/nobs_*; do
				[ -f "$ku_s/results" ] && cat "$ku_s/results"
			done
			echo NOBS-KTAP-END
		} >"$R"
		check kcov-kunit-unload rmmod nobs_kunit
	fi
	rmmod nobs 2>/dev/null
	NOBS_PARAMS=$ku_saved
	check kcov-kunit-reload nobs_load
fi
