# SPDX-License-Identifier: GPL-2.0
#
# User-facing targets.  Kbuild (the file next to this one) lists what goes
# into nobs.ko; this Makefile only drives builds, tests and tools.

KDIR ?= /lib/modules/$(shell uname -r)/build
VERSION := $(shell sed -n 's/^PACKAGE_VERSION="\(.*\)"/\1/p' dkms.conf)
export NOBS_CACHE ?= /var/cache/nobs
export NOBS_VECTORS ?= $(CURDIR)/build/vectors
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
TOOL_CFLAGS ?= -O2 -Wall -Wextra

.PHONY: all modules clean install deps check check-quick check-full check-boards lint bench demo \
	vectors test-user fuzz fuzz-long fuzz-kernel tools coverage check-faults \
	check-faults-long deb check-deb kernels-table regen regen-check

all: modules tools

# nobs-kpp: key agreement through the AF_ALG type "kpp" (plain C, no libraries)
tools: tools/nobs-kpp

tools/nobs-kpp: tools/nobs-kpp.c include/uapi/nobs/if_alg_kpp.h
	$(CC) $(TOOL_CFLAGS) -Iinclude $(CPPFLAGS) $(LDFLAGS) -o $@ $<

modules:
	@test -d "$(KDIR)" || { echo "nobs: no kernel build tree at $(KDIR); install the headers or pass KDIR=/path/to/build" >&2; exit 1; }
	$(MAKE) -C $(KDIR) M=$(CURDIR) modules

clean:
	@if [ -d "$(KDIR)" ]; then $(MAKE) -C $(KDIR) M=$(CURDIR) clean; fi
	rm -rf build tests/user/build
	rm -f tools/nobs-kpp

install: modules tools
	$(MAKE) -C $(KDIR) M=$(CURDIR) modules_install
	depmod -a $(notdir $(patsubst %/build,%,$(KDIR)))
	install -D -m 0755 tools/nobs-kpp $(DESTDIR)$(BINDIR)/nobs-kpp

deps:
	@scripts/deps.sh

check: deps
	@scripts/check.sh full

check-quick: deps
	@scripts/check.sh quick

# make check's suites and the rest: every case on every kernel, KUnit on
# the self-built arm64, riscv64, ppc64le and kCFI kernels, the KCSAN fuzzer
check-full: deps
	@scripts/check.sh all

# every suite on the boards' Debian 13 kernels (arm64, riscv64, ppc64le),
# more than make check runs of them: see README.md, "Installing on a board"
check-boards: deps
	@scripts/check.sh boards

lint: deps
	@scripts/check.sh lint

# Generated sources: committed (DKMS and the Debian package need no
# Python), each printed to stdout by its generator in scripts/gen/ (edit
# the generator, never its output).  GENERATED lists them and gen-FILE is
# the command, run from the top of the tree, that prints FILE.
# 'make regen' rewrites them; 'make regen-check' (scripts/lint.sh, and
# tests/user for its own) fails where a committed one differs.
GENERATED := arch/x86/fp1024_x86_64.S arch/arm64/fp1024_arm64.S \
	arch/x86/fp2048_x86_64.S arch/arm64/fp2048_arm64.S \
	arch/x86/fp_ifma_x86_64.S arch/x86/fp1024_ifma_x86_64.S \
	isogeny/csidh512_tables.h \
	isogeny/csidh1024_tables.h \
	isogeny/ctidh512_dac.h isogeny/ctidh1024_dac.h isogeny/ctidh2048_dac.h \
	kunit/sha3_lib_acvp.h samples/nobs-sha3-sample/nobs_sha3_sample_kat.h
GEN_TUNE := build/gen/csidh_tune
gen-arch/x86/fp1024_x86_64.S = python3 scripts/gen/fp_big_asm.py 1024 x86_64
gen-arch/arm64/fp1024_arm64.S = python3 scripts/gen/fp_big_asm.py 1024 arm64
gen-arch/x86/fp2048_x86_64.S = python3 scripts/gen/fp_big_asm.py 2048 x86_64
gen-arch/arm64/fp2048_arm64.S = python3 scripts/gen/fp_big_asm.py 2048 arm64
gen-arch/x86/fp_ifma_x86_64.S = python3 scripts/gen/fp_ifma_asm.py 512
gen-arch/x86/fp1024_ifma_x86_64.S = python3 scripts/gen/fp_ifma_asm.py 1024
gen-isogeny/csidh512_tables.h = $(GEN_TUNE) 512
gen-isogeny/csidh1024_tables.h = $(GEN_TUNE) 1024
gen-isogeny/ctidh512_dac.h = $(GEN_TUNE) -c 512
gen-isogeny/ctidh1024_dac.h = $(GEN_TUNE) -c 1024
gen-isogeny/ctidh2048_dac.h = $(GEN_TUNE) -c 2048
gen-kunit/sha3_lib_acvp.h = python3 scripts/gen/sha3_lib_kunit.py
# the sample's generator travels with it (a consumer copies the folder);
# Debian's pycryptodome is /usr/bin/python3's
gen-samples/nobs-sha3-sample/nobs_sha3_sample_kat.h = \
	/usr/bin/python3 samples/nobs-sha3-sample/gen-kat.py

$(GEN_TUNE): scripts/gen/csidh_tune.c
	@mkdir -p $(@D)
	$(CC) $(TOOL_CFLAGS) -o $@ $< -lm

regen: $(GENERATED:%=regen/%)
regen/%: $(GEN_TUNE) FORCE
	$(gen-$*) > $*.tmp && mv $*.tmp $*

regen-check: $(GENERATED:%=regen-check/%)
regen-check/%: $(GEN_TUNE) FORCE
	@if $(gen-$*) | cmp -s - $*; then \
		echo "ok: $* is what '$(gen-$*)' prints"; \
	else \
		echo "FAIL: $* differs from what '$(gen-$*)' prints (make regen):"; \
		$(gen-$*) | diff $* - | head -20; exit 1; \
	fi

.PHONY: FORCE
FORCE:

# the test vectors of tests/vectors, unpacked into $(NOBS_VECTORS)
vectors:
	@scripts/vectors.sh

test-user:
	$(MAKE) -C tests/user test

bench: deps
	$(MAKE) -C tests/user bench

coverage: deps
	@scripts/coverage.sh

FUZZ_SECONDS ?= 60
fuzz: deps
	@scripts/fuzz.sh $(FUZZ_SECONDS) $(FUZZERS)

# 10 million executions of each fuzzer (hours for fuzz_csidh; README)
FUZZ_LONG_RUNS ?= 10000000
fuzz-long: deps
	@FUZZ_RUNS=$(FUZZ_LONG_RUNS) scripts/fuzz.sh 0 $(FUZZERS)

# The AF_ALG syscall fuzzer (tests/afalg-fuzz) for SECONDS on the x86_64
# debug kernel and on the KCSAN kernel (tests/afalg-fuzz/run.sh long; make
# check runs a short campaign); NOBS_SEED=S replays a seed
SECONDS ?= 600
fuzz-kernel: deps
	@tests/afalg-fuzz/run.sh long $(SECONDS)

# KERNEL: a kernel ID of scripts/lib.sh (6.1, 6.12, trixie, trixie-rt,
# backports, sid) or a series such as 7.3
KERNEL ?= 6.12
demo: deps
	@scripts/demo.sh $(KERNEL)

# fault injection + kmemleak on the x86_64 debug kernel (part of make check);
# the long version fails every allocation of the init and runs longer
check-faults: deps
	@tests/faults/run.sh

check-faults-long: deps
	@NOBS_FAULTS_LONG=1 tests/faults/run.sh

# Debian packages nobs-dkms, nobs-kpp and nobs-tests into build/deb/ (scripts/deb.sh);
# check-deb also runs lintian and installs and removes them (scripts/deb-check.sh)
deb:
	@scripts/deb.sh

check-deb: deps
	@scripts/run-suite.sh deb scripts/deb-check.sh

# The README's supported-kernels table, from the last make check's results
kernels-table:
	@test -f build/results/kernels.tsv || { echo "run make check first" >&2; exit 1; }
	python3 scripts/kernels-table.py --readme README.md build/results/kernels.tsv
