# SPDX-License-Identifier: GPL-2.0
# The CSIDH kpps "csidh512" and "csidh1024" and the CTIDH kpps "ctidh512",
# "ctidh511", "ctidh1024", "ctidh2048" in the kernel (60-kpp.sh, 65-csidh1024.sh and
# 63-ctidh.sh drive them from user space through nobs's AF_ALG kpp
# type): at load the module runs csidh512's known answers as a key
# exchange between two tfms through crypto_alloc_kpp() (equal secrets, an
# invalid peer key refused with -EINVAL) and logs the outcome, csidh1024's
# and the CTIDH sets' at their first use; this case checks the
# registrations and those lines.
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

# The /proc/crypto block of driver $1, one "key: value" per line.
csidh_block() {
	awk -v d="$1" '/^name/ { blk = "" } { blk = blk $0 "\n" }
	     /^driver/ && $3 == d { hit = 1 }
	     /^$/ { if (hit) { printf "%s", blk; exit } }
	     END { if (hit) printf "%s", blk }' /proc/crypto
}

# csidh_check ALG PREFIX: the registration and the self-test lines of one
# parameter set (results PREFIX-registered, -testmgr, -key-exchange).
csidh_check() {
	csidh_drv=$1-nobs-$csidh_impl
	csidh_info=$(csidh_block "$csidh_drv")
	if [ -z "$csidh_info" ]; then
		result fail "$2-registered" "$csidh_drv not in /proc/crypto ($(grep -o "$1-nobs-[a-z0-9]*" /proc/crypto | tr '\n' ' '))"
	elif ! echo "$csidh_info" | grep -q "^name *: $1\$" ||
	     ! echo "$csidh_info" | grep -q '^type *: kpp$'; then
		result fail "$2-registered" "$(echo "$csidh_info" | tr '\n' ' ')"
	else
		result pass "$2-registered" "$csidh_drv"
		if echo "$csidh_info" | grep -q '^selftest *: passed$'; then
			result pass "$2-testmgr"
		else
			result fail "$2-testmgr" "$(echo "$csidh_info" | grep selftest)"
		fi
	fi

	# The module's own tests (the latest load's lines: it may have been
	# reloaded).
	csidh_log=$(dmesg | grep -E "$1-nobs|$1 " | tail -n 3)
	# csidh1024, the CTIDH sets: their known answers at first use
	# (65-csidh1024.sh, 63-ctidh.sh).
	if { [ "$1" = csidh1024 ] || [ "${1#ctidh}" != "$1" ]; } &&
	   echo "$csidh_log" | grep -q "$csidh_drv: known-answer self-test at first use"; then
		result pass "$2-key-exchange" "$csidh_drv: known answers at first use"
	elif echo "$csidh_log" | grep -q "$csidh_drv: key exchange self-test passed"; then
		result pass "$2-key-exchange" "$csidh_drv"
	elif echo "$csidh_log" | grep -qE 'self-test failed|test failed'; then
		result fail "$2-key-exchange" "$(echo "$csidh_log" | tr '\n' ' ')"
	else
		result fail "$2-key-exchange" "no self-test line in dmesg"
	fi
}

csidh_check csidh512 csidh
csidh_check csidh1024 csidh1024
csidh_check ctidh512 ctidh512
csidh_check ctidh511 ctidh511
csidh_check ctidh1024 ctidh1024
csidh_check ctidh2048 ctidh2048

# The load line names the same choice (the Pi 4's: csidh=arm64, the arm64
# field assembly, beside keccak=generic).
csidh_line=$(dmesg | grep -o ' csidh=[a-z0-9]*' | tail -n 1)
if [ "$csidh_line" = " csidh=$csidh_impl" ]; then
	result pass csidh-load-line "${csidh_line# }"
else
	result fail csidh-load-line "'${csidh_line# }', expected csidh=$csidh_impl"
fi
