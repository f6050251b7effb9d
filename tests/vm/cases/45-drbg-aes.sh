# SPDX-License-Identifier: GPL-2.0
# The AES under the CTR_DRBG (drbg/drbg_glue.c, nobs_drbg_select()): the
# load line names it, it is the one the rule asks for on this CPU and
# kernel, and every DRBG transform holds a transform of exactly it.
# The rule, restated here from what the guest shows (/proc/cpuinfo, the
# kernel's modules, /proc/crypto), not from what nobs logs:
#  - the CPU has AES instructions (the "aes" flag): a driver on them
#    (x86: "aesni" in its name);
#  - it has none and the kernel has aes-fixed-time (module aes_ti, 6.x):
#    ctr(aes-fixed-time), never the table-based ctr(aes-generic);
#  - neither (7.x): the kernel's own choice, ctr-aes-lib, the library AES.
# Run with tests/vm/run-vm.sh -u 'max,-aes' for a CPU without AES.
# Sourced by the guest's /init (busybox sh): report with `result`, never exit.

da_line=$(dmesg | grep -o 'nobs: [^ ]*: keccak=.*' | tail -n 1)
da_drv=$(echo "$da_line" | grep -o ' drbg=[^ ]*' | cut -d = -f 2-)
if grep -qw aes /proc/cpuinfo; then
	da_cpu="AES instructions"
	# x86: aes-aesni / ctr-aes-aesni-*; arm64: ctr-aes-ce / -neon*
	case $da_drv in *aesni* | *aes-ce* | *aes-neon*) da_ok=1 ;; *) da_ok= ;; esac
elif grep -q 'aes-fixed-time' /proc/crypto ||
	grep -q '/aes_ti\.ko' "/lib/modules/$KVER/modules.dep" \
		"/lib/modules/$KVER/modules.builtin" 2>/dev/null; then
	da_cpu="no AES instructions, aes_ti"
	[ "$da_drv" = "ctr(aes-fixed-time)" ] && da_ok=1 || da_ok=
else
	da_cpu="no AES instructions, no aes_ti"
	[ "$da_drv" = ctr-aes-lib ] && da_ok=1 || da_ok=
fi
if [ -n "$da_ok" ]; then
	result pass drbg-aes-choice "$da_cpu: $da_drv"
else
	result fail drbg-aes-choice "$da_cpu: load line says drbg=$da_drv ($da_line)"
fi

# Only where the generic table code is all there is does nobs warn.
da_warn=$(dmesg | grep -c 'nobs: drbg: .* is table-based C')
case $da_drv in
*aes-generic*) [ "$da_warn" -ge 1 ] ;;
*) [ "$da_warn" -eq 0 ] ;;
esac && result pass drbg-aes-warning "$da_warn table-based warnings" ||
	result fail drbg-aes-warning "$da_warn table-based warnings for $da_drv"

# Held by nobs while the rng is registered, plus one per DRBG transform.
if [ -n "$da_drv" ]; then
	da_out=$(drbg_alg refs "$da_drv" 3 2>&1) &&
		result pass drbg-aes-refcnt "${da_out#ok refs: }" ||
		result fail drbg-aes-refcnt "$da_out"
else
	result fail drbg-aes-refcnt "no drbg= in the load line"
fi

# Without aes_ti (its module made to fail to load), the same CPU falls back
# to the kernel's ctr(aes-generic), and the load says it is table-based.
# (It unloads nobs: not under nobs-selftest without --reload.)
if [ "$da_drv" = "ctr(aes-fixed-time)" ] && [ -d /sys/module/aes_ti ] &&
	[ -n "${NOBS_KEEP_LOADED:-}" ]; then
	result skip drbg-aes-no-aes-ti "it unloads nobs (nobs-selftest --reload)"
elif [ "$da_drv" = "ctr(aes-fixed-time)" ] && [ -d /sys/module/aes_ti ]; then
	da_conf=/etc/modprobe.d/nobs-no-aes-ti.conf
	mkdir -p /etc/modprobe.d
	if rmmod nobs && rmmod aes_ti; then
		echo 'install aes_ti /bin/false' >"$da_conf"
		nobs_load
		da_line=$(dmesg | grep -o 'nobs: [^ ]*: keccak=.*' | tail -n 1)
		da_warn2=$(dmesg | grep -c 'nobs: drbg: ctr(aes-generic) is table-based C')
		case $da_line in
		*" drbg=ctr(aes-generic) "*)
			[ "$da_warn2" -ge 1 ] &&
				result pass drbg-aes-no-aes-ti "ctr(aes-generic), with the warning" ||
				result fail drbg-aes-no-aes-ti "ctr(aes-generic) but no warning" ;;
		*) result fail drbg-aes-no-aes-ti "load line: $da_line" ;;
		esac
		rm -f "$da_conf"
		rmmod nobs
	else
		result fail drbg-aes-no-aes-ti "cannot unload nobs and aes_ti"
	fi
	# The following cases find nobs loaded as before.
	[ -d /sys/module/nobs ] || nobs_load
else
	result skip drbg-aes-no-aes-ti "not on ctr(aes-fixed-time)"
fi
