# SPDX-License-Identifier: GPL-2.0
# FIPS mode (the guest booted with fips=1 on a kernel with
# CONFIG_CRYPTO_FIPS: run-vm.sh -a fips=1 -c '25-*'): the crypto API panics
# at the first algorithm a module registers unless the kernel verified the
# module's signature, and nobs (unsigned, or signed by DKMS's own key) is
# not verified.  The guest's /init runs only this case then, nobs not
# loaded:
#  - the kernel's own algorithms still serve AF_ALG, to nobody too
#    (sha3-256 of the empty message, FIPS 202's answer);
#  - loading nobs fails with EKEYREJECTED and one line saying why, and
#    leaves nothing behind;
#  - with nobs in the guest's module tree (depmod), nobody's binds to
#    shake256 (hash) and csidh512 (nobs's kpp type) make the kernel run
#    modprobe: nobs refuses that load too (its line again), each bind gets
#    ENOENT, and nothing of nobs is left;
#  - the kernel runs on (and the runner fails on a panic in the console).
# Outside FIPS mode it skips.
# Sourced by the guest's /init (busybox sh): report with `result`, never exit.
# nobs-selftest: --reload only (it loads nobs, in FIPS mode).

if [ "$(cat /proc/sys/crypto/fips_enabled 2>/dev/null)" != 1 ]; then
	result skip fips "fips_enabled is not 1 (run-vm.sh -a fips=1 -c '25-*')"
else
	fp_line='nobs: not loaded: the kernel is in FIPS mode'
	fp_lines() { dmesg | grep -c "$fp_line"; }
	fp_left() {
		grep -q '^module *: nobs$' /proc/crypto || grep -q '^nobs ' /proc/modules
	}
	# FIPS 202: SHA3-256 of the empty message.
	fp_want=a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a
	fp_sha3() {
		fp_got=$(kcapi-dgst -c sha3-256 --hex </dev/null 2>&1)
		if [ "$fp_got" = "$fp_want" ]; then
			result pass "$1"
		else
			result fail "$1" "got '$fp_got'"
		fi
	}
	# fp_bind LABEL WANT TYPE NAME: nobody's bind of TYPE/NAME gives WANT.
	fp_bind() {
		fp_got=$(afalg_bind -u "$3" "$4" 2>&1)
		if [ "$fp_got" = "$4 $2" ]; then
			result pass "$1" "$3 $4: $2"
		else
			result fail "$1" "want '$4 $2', got '$fp_got'"
		fi
	}

	fp_sha3 fips-kernel-sha3-256
	fp_bind fips-kernel-bind-nobody ok hash sha3-256

	fp_n=$(fp_lines)
	if modload "$NOBS_KO" $NOBS_PARAMS >/tmp/fp.out 2>&1; then
		result fail fips-load-refused "the load succeeded"
		rmmod nobs
	elif grep -q '(errno 129)$' /tmp/fp.out; then
		result pass fips-load-refused "EKEYREJECTED: $(cat /tmp/fp.out)"
	else
		result fail fips-load-refused "not EKEYREJECTED: $(cat /tmp/fp.out)"
	fi
	if [ "$(fp_lines)" = $((fp_n + 1)) ]; then
		result pass fips-load-line "$(dmesg | grep "$fp_line" | tail -n 1)"
	else
		result fail fips-load-line "$(($(fp_lines) - fp_n)) lines '$fp_line', want 1"
	fi
	if fp_left; then
		result fail fips-load-left "nobs in /proc/modules or /proc/crypto"
	else
		result pass fips-load-left
	fi

	# On a board's system the package installed nobs already (DKMS ran
	# depmod); else a copy goes to extra/ for this case only.
	fp_installed=$(modinfo -n nobs 2>/dev/null)
	if [ -z "$fp_installed" ]; then
		mkdir -p "/lib/modules/$KVER/extra"
		cp "$NOBS_KO" "/lib/modules/$KVER/extra/nobs.ko"
		/sbin/depmod -a "$KVER"
	fi
	if grep -q 'crypto-shake256' "/lib/modules/$KVER/modules.alias" &&
		grep -q 'algif-kpp' "/lib/modules/$KVER/modules.alias"; then
		result pass fips-autoload-alias
	else
		result fail fips-autoload-alias "no crypto-shake256 or algif-kpp in modules.alias"
	fi
	for fp_t in hash:shake256 kpp:csidh512; do
		fp_n=$(fp_lines)
		fp_bind "fips-autoload-${fp_t%%:*}" ENOENT "${fp_t%%:*}" "${fp_t#*:}"
		if [ "$(fp_lines)" -gt "$fp_n" ]; then
			result pass "fips-autoload-${fp_t%%:*}-refused" "the bind's modprobe: $(($(fp_lines) - fp_n)) refused loads"
		else
			result fail "fips-autoload-${fp_t%%:*}-refused" "no refused load after the bind: modprobe never ran nobs"
		fi
		if fp_left; then
			result fail "fips-autoload-${fp_t%%:*}-left" "nobs in /proc/modules or /proc/crypto"
			rmmod nobs
		else
			result pass "fips-autoload-${fp_t%%:*}-left"
		fi
	done
	if [ -z "$fp_installed" ]; then
		rm -f "/lib/modules/$KVER/extra/nobs.ko"
		/sbin/depmod -a "$KVER"
	fi

	fp_sha3 fips-kernel-sha3-256-after
	rm -f /tmp/fp.*
fi
