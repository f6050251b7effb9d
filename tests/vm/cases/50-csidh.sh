# SPDX-License-Identifier: GPL-2.0
# CSIDH-512 kpp "csidh512" in the kernel (60-kpp.sh drives it from user
# space through nobs's AF_ALG kpp type): at load the module runs the known-answer self-test and a
# key exchange between two tfms through crypto_alloc_kpp() (each side's
# public key to the other, equal 64-byte secrets, an invalid peer key
# refused with -EINVAL) and logs the outcome; this case checks
# the registration and that line.
# Sourced by the guest's /init (busybox sh): report with `result`, never exit.

# The driver nobs_csidh_select() must have picked.
csidh_impl=generic
case " $NOBS_PARAMS " in
*" force_generic=1 "* | *" force_generic=y "* | *" force_generic=Y "*) ;;
*)
	case $(uname -m) in
	x86_64)
		if grep -qw bmi2 /proc/cpuinfo && grep -qw adx /proc/cpuinfo; then
			csidh_impl=bmi2adx
		fi
		;;
	aarch64) csidh_impl=arm64 ;;
	esac
	;;
esac
csidh_drv=csidh512-nobs-$csidh_impl

# The /proc/crypto block of driver $1, one "key: value" per line.
csidh_block() {
	awk -v d="$1" '/^name/ { blk = "" } { blk = blk $0 "\n" }
	     /^driver/ && $3 == d { hit = 1 }
	     /^$/ { if (hit) { printf "%s", blk; exit } }
	     END { if (hit) printf "%s", blk }' /proc/crypto
}

csidh_info=$(csidh_block "$csidh_drv")
if [ -z "$csidh_info" ]; then
	result fail csidh-registered "$csidh_drv not in /proc/crypto ($(grep -o 'csidh512-nobs-[a-z0-9]*' /proc/crypto | tr '\n' ' '))"
elif ! echo "$csidh_info" | grep -q '^name *: csidh512$' ||
     ! echo "$csidh_info" | grep -q '^type *: kpp$'; then
	result fail csidh-registered "$(echo "$csidh_info" | tr '\n' ' ')"
else
	result pass csidh-registered "$csidh_drv"
	if echo "$csidh_info" | grep -q '^selftest *: passed$'; then
		result pass csidh-testmgr
	else
		result fail csidh-testmgr "$(echo "$csidh_info" | grep selftest)"
	fi
fi

# The module's own tests (the latest load's lines: it may have been
# reloaded).
csidh_log=$(dmesg | grep -E 'csidh512' | tail -n 3)
if echo "$csidh_log" | grep -q "$csidh_drv: key exchange self-test passed"; then
	result pass csidh-key-exchange "$csidh_drv"
elif echo "$csidh_log" | grep -qE 'self-test failed|test failed'; then
	result fail csidh-key-exchange "$(echo "$csidh_log" | tr '\n' ' ')"
else
	result fail csidh-key-exchange "no self-test line in dmesg"
fi

# The load line names the same choice (the Pi 4's: csidh=arm64, the arm64
# field assembly, beside keccak=generic).
csidh_line=$(dmesg | grep -o ' csidh=[a-z0-9]*' | tail -n 1)
if [ "$csidh_line" = " csidh=$csidh_impl" ]; then
	result pass csidh-load-line "${csidh_line# }"
else
	result fail csidh-load-line "'${csidh_line# }', expected csidh=$csidh_impl"
fi
