# SPDX-License-Identifier: GPL-2.0
# The speed commands of README.md ("Speed on a board"), as they are
# written there (tests/vm/run-vm.sh -T copies them to
# /etc/nobs-tcrypt.cmds and this file to /cases/99-tcrypt.sh): each
# "modprobe tcrypt mode=300 alg=NAME ... sec=1" measures one hash for a
# second per block size and then fails on purpose (tcrypt's init returns
# -EAGAIN: "Resource temporarily unavailable" is its normal end).  Each
# command must end so, and dmesg must show the test of that hash: the
# "testing speed of" line naming the driver, one line per block size of
# tcrypt's template (22 in 6.12) with a count, no failure.  The timings are
# emulation's and mean nothing.
# Sourced by the guest's /init (busybox sh): report with `result`, never exit.

tc_cmds=/etc/nobs-tcrypt.cmds
if [ ! -s "$tc_cmds" ]; then
	result fail tcrypt "no commands in $tc_cmds"
else
	while read -r tc_cmd; do
		tc_alg=$(echo "$tc_cmd" | sed -n 's/.* alg=\([^ ]*\).*/\1/p')
		tc_seen=$(dmesg | wc -l)
		tc_t0=$(cut -d. -f1 /proc/uptime)
		# kmod's modprobe, as on a board (the initramfs's busybox sh
		# prefers its own applet, which retries a failed init: twice the
		# time, twice the output).
		set -- $tc_cmd
		if [ "$1" = modprobe ] && [ -x /sbin/modprobe ]; then
			shift
			set -- /sbin/modprobe "$@"
		fi
		tc_out=$("$@" 2>&1 </dev/null)
		tc_rc=$?
		tc_secs=$(($(cut -d. -f1 /proc/uptime) - tc_t0))
		dmesg | tail -n +$((tc_seen + 1)) | grep -a 'tcrypt: ' >/tmp/tcrypt.log
		tc_drv=$(sed -n "s/.*testing speed of async $tc_alg (\(.*\))\$/\1/p" /tmp/tcrypt.log | head -n 1)
		tc_n=$(grep -c 'tcrypt: test *[0-9]* (.*byte blocks.*bytes per update.*updates): *[0-9]* opers/sec, *[0-9]* bytes/sec' /tmp/tcrypt.log)
		tc_bad=$(grep -Ei 'fail|error|too big' /tmp/tcrypt.log | head -n 2)
		tc_big=$(grep '8192 byte blocks, 8192 bytes per update' /tmp/tcrypt.log |
			sed -n 's/.*updates): *\([0-9]*\) opers\/sec, *\([0-9]*\) bytes\/sec.*/\2/p')
		echo "NOBS-TIME tcrypt $tc_alg: $tc_secs s" >"$R"
		case $tc_rc:$tc_out in
		[1-9]*:*"Resource temporarily unavailable"*) tc_end=ok ;;
		*) tc_end="exit $tc_rc: $tc_out" ;;
		esac
		if [ "$tc_end" = ok ] && [ -n "$tc_drv" ] && [ "$tc_n" -eq 22 ] && [ -z "$tc_bad" ]; then
			result pass "tcrypt-$tc_alg" "$tc_drv: $tc_n block sizes, 8192-byte blocks $tc_big bytes/s under emulation"
		else
			result fail "tcrypt-$tc_alg" "'$tc_cmd': $tc_end; driver '$tc_drv', $tc_n lines; $tc_bad"
		fi
	done <"$tc_cmds"
fi
