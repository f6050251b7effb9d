# SPDX-License-Identifier: GPL-2.0
# The sample module (samples/nobs-sha3-sample), a user of nobs's library
# as another module would be:
# - with nobs loaded, loading the sample runs its checks (KMAC256 with a
#   label as S, 1000 bytes of SHAKE256 squeezed in pieces, TupleHash256,
#   against pycryptodome's values) and it logs its pass line; it holds
#   nobs while loaded;
# - installed with nobs in the guest's module tree, depmod lists nobs as
#   its dependency in modules.dep, and with nobs unloaded 'modprobe
#   nobs_sha3_sample' loads nobs first, then the sample.
# The host built the sample for this kernel (run-vm.sh: /nobs/
# nobs_sha3_sample.ko, against the Module.symvers and headers that DKMS
# kept beside nobs.ko; why not, in /etc/nobs-sample.err).  On a board's
# Debian system (neither file there) it is built here instead, from the
# package's example by README's line, against what the package's DKMS
# build kept.
# Leaves nobs loaded with NOBS_PARAMS, as it found it.
# nobs-selftest: --reload only (it unloads nobs, by modprobe -r too).

# (nobs-selftest: NOBS_SAMPLE_KO in its own directory, built as on a board)
sm_ko=${NOBS_SAMPLE_KO:-/nobs/nobs_sha3_sample.ko}
sm_err=${NOBS_SAMPLE_ERR:-/etc/nobs-sample.err}
sm_mod=nobs_sha3_sample
sm_dir=/lib/modules/$KVER

if [ -n "$NOBS_DEB$NOBS_SAMPLE_KO" ] && [ ! -f "$sm_ko" ] && [ ! -f "$sm_err" ]; then
	sm_n=/var/lib/dkms/nobs/kernel-$KVER-$(uname -m)
	sm_ex=/usr/share/doc/nobs-dkms/examples/nobs-sha3-sample
	rm -rf /tmp/sample
	if [ ! -f "$sm_ex/Makefile" ]; then
		echo "no $sm_ex/Makefile (the package's example not installed: a dpkg path-exclude of /usr/share/doc?)" \
			>"$sm_err"
	elif cp -R "$sm_ex" /tmp/sample &&
		make -C "$sm_dir/build" M=/tmp/sample KBUILD_EXTRA_SYMBOLS="$sm_n/Module.symvers" \
		ccflags-y=-I"$sm_n/include" >/tmp/sample.log 2>&1; then
		cp /tmp/sample/$sm_mod.ko "$sm_ko"
		result pass sample-build "against $sm_n"
	else
		echo "the build against $sm_n failed: $(grep -E 'error|ERROR' /tmp/sample.log | head -n 3)" \
			>"$sm_err"
		tail -n 20 /tmp/sample.log
	fi
fi

if [ ! -f "$sm_ko" ]; then
	result fail sample-build "$(cat "$sm_err" 2>/dev/null || echo "no $sm_ko")"
else
	# 1. Loaded by hand next to the loaded nobs.
	if modload "$sm_ko"; then
		result pass sample-load
	else
		result fail sample-load "modload $sm_ko failed"
	fi
	sm_line=$(dmesg | grep -E "$sm_mod: (pass|FAIL)" | tail -n 1)
	case $sm_line in
	*"$sm_mod: pass: "*) result pass sample-checks "${sm_line#*"$sm_mod: "}" ;;
	*) result fail sample-checks "${sm_line:-no pass or FAIL line from $sm_mod}" ;;
	esac
	check sample-holds-nobs test -e /sys/module/nobs/holders/$sm_mod
	# With MODVERSIONS (6.1, 6.12) it carries nobs's CRCs, from the
	# Module.symvers it was built against, and they are nobs.ko's.
	sm_mv=$(dmesg | grep -E "$sm_mod: (disagrees about version of symbol|no symbol version for|Unknown symbol)" | head -n 3)
	if [ -z "$sm_mv" ]; then
		result pass sample-modversions "no symbol complaint"
	else
		result fail sample-modversions "$sm_mv"
	fi
	check sample-unload rmmod $sm_mod

	# 2. depmod and modprobe.  On a board's system DKMS installed nobs
	# (updates/dkms); else both go to extra/ here.
	check sample-nobs-unload rmmod nobs
	mkdir -p "$sm_dir/extra"
	sm_own_nobs=
	if [ -z "$(/sbin/modinfo -n nobs 2>/dev/null)" ]; then
		cp "$NOBS_KO" "$sm_dir/extra/nobs.ko"
		sm_own_nobs=1
	fi
	cp "$sm_ko" "$sm_dir/extra/$sm_mod.ko"
	check sample-depmod /sbin/depmod -a "$KVER"
	sm_dep=$(grep "^extra/$sm_mod\.ko:" "$sm_dir/modules.dep")
	case $sm_dep in
	*/nobs.ko*) result pass sample-modules-dep "$sm_dep" ;;
	*) result fail sample-modules-dep "modules.dep: '$sm_dep'" ;;
	esac
	# The order modprobe follows: nobs (after what nobs needs, af_alg),
	# then the sample, last.
	sm_order=$(/sbin/modprobe --show-depends $sm_mod 2>&1 |
		sed -n 's|^insmod .*/\([^/]*\)\.ko.*|\1|p' | tr '\n' ' ')
	case " $sm_order" in
	*" nobs $sm_mod ") result pass sample-modprobe-order "$sm_order" ;;
	*) result fail sample-modprobe-order "modprobe --show-depends: '$sm_order'" ;;
	esac
	sm_passes=$(dmesg | grep -c "$sm_mod: pass: ")
	if /sbin/modprobe $sm_mod && grep -q '^nobs ' /proc/modules &&
		grep -q "^$sm_mod " /proc/modules; then
		result pass sample-modprobe "nobs and $sm_mod loaded"
	else
		result fail sample-modprobe "/proc/modules: $(cut -d' ' -f1 /proc/modules | tr '\n' ' ')"
	fi
	if [ "$(dmesg | grep -c "$sm_mod: pass: ")" -gt "$sm_passes" ]; then
		result pass sample-modprobe-checks
	else
		result fail sample-modprobe-checks "no new pass line: $(dmesg | grep -E "$sm_mod: " | tail -n 1)"
	fi
	# modprobe -r takes nobs away with it, now unused.
	if /sbin/modprobe -r $sm_mod && ! grep -q '^nobs ' /proc/modules; then
		result pass sample-modprobe-remove
	else
		result fail sample-modprobe-remove "/proc/modules: $(cut -d' ' -f1 /proc/modules | tr '\n' ' ')"
		rmmod $sm_mod 2>/dev/null
		rmmod nobs 2>/dev/null
	fi
	rm -f "$sm_dir/extra/$sm_mod.ko"
	[ -z "$sm_own_nobs" ] || rm -f "$sm_dir/extra/nobs.ko"
	/sbin/depmod -a "$KVER"
	check sample-nobs-reload nobs_load
fi
