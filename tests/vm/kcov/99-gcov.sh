# SPDX-License-Identifier: GPL-2.0
# Kernel coverage run only, the last case: copy every .gcda file of
# /sys/kernel/debug/gcov (nobs.ko's survive its unloading: gcov_persist=1)
# and send them to ttyS2 as a base64 tar between NOBS-GCOV-BEGIN/END.
# (busybox sh runs its own poweroff applet, so this cannot wait for the end;
# the unload/reload/unload that guest-init.sh does next is not counted.)
kg_g=/sys/kernel/debug/gcov
rm -rf /tmp/gcov && mkdir -p /tmp/gcov
kg_n=0
if [ -d "$kg_g" ]; then
	(cd "$kg_g" && find . -name '*.gcda') >/tmp/gcov.list
	while read -r kg_f; do
		mkdir -p "/tmp/gcov/$(dirname "$kg_f")"
		# debugfs reports size 0: read each file to its end.
		cat "$kg_g/$kg_f" >"/tmp/gcov/$kg_f" && kg_n=$((kg_n + 1))
	done </tmp/gcov.list
fi
{
	echo "NOBS-GCOV-FILES $kg_n"
	echo NOBS-GCOV-BEGIN
	tar -C /tmp/gcov -czf - . | base64
	echo NOBS-GCOV-END
} >/dev/ttyS2
result pass kcov-gcov-dump "$kg_n files"
