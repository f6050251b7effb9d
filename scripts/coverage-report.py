#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
#
# coverage-report.py OUT ROOT: the tables scripts/coverage.sh prints, from
# gcovr's JSON in OUT (user.json: the cores in the userspace harness;
# kernel.json + kernel-detail.json: nobs.ko in the kernel), written to
# OUT/summary.txt and OUT/html/index.html as well as stdout.
# coverage-report.py --files: the files of the userspace table (CORES, then
# ALSO), one a line: the list scripts/coverage.sh hands gcovr.
#
# Targets: cores >= 95% lines and >= 85% branches (user space; lines
# only for the files of LINES_ONLY, each with its reason);
# glue (*_glue.c, afalg/algif_kpp.c), nobs_main.c and nobs_alg.c >= 85%
# lines (kernel);
# every line of the unwinding code run at least once (kernel): nobs_init(),
# nobs_unregister_from(), nobs_exit() and each component's register and
# unregister functions.
# Exit status 3 when a file or unwinding function is below its target.
import html
import json
import os
import sys

# Core files, in the order of the table.  keccak_x86.c holds only the
# implementation descriptor (no executable line); isogeny/fp_tmpl.c is the
# generic field code of fp512.c, fp1024.c and fp2048.c, isogeny/fp_tmpl.h
# holds the inline mul/sqr dispatch between the generic C and the BMI2/ADX
# assembly; isogeny/csidh_*_tmpl.c are the CSIDH engine of csidh512.c, and
# isogeny/ctidh_action_tmpl.c the CTIDH engine of ctidh511.c, ctidh512.c,
# ctidh1024.c and ctidh2048.c (which hold only their tables: no line of
# their own; csidh2048.c is csidh_validate_tmpl.c's instance for
# ctidh2048's peer keys).
# The assembly itself (arch/x86/*.S) has no gcov counters: the tests that
# compare it with the generic C bit for bit stand for it.
CORES = ['sha3/keccak.c', 'sha3/sha3_lib.c', 'arch/x86/keccak_x86.c', 'drbg/ctr_drbg.c',
         'isogeny/fp.c', 'isogeny/fp512.c', 'isogeny/fp1024.c', 'isogeny/fp2048.c',
         'isogeny/fp_tmpl.c', 'isogeny/fp_tmpl.h', 'isogeny/csidh512.c',
         'isogeny/csidh_curve_tmpl.c', 'isogeny/csidh_isogeny_tmpl.c',
         'isogeny/csidh_action_tmpl.c', 'isogeny/csidh_validate_tmpl.c',
         'isogeny/csidh1024_keys.c', 'isogeny/csidh2048.c',
         'isogeny/ctidh511.c', 'isogeny/ctidh512.c', 'isogeny/ctidh1024.c',
         'isogeny/ctidh2048.c', 'isogeny/ctidh_action_tmpl.c']
ALSO = ['sha3/sha3_selftest.c']

if sys.argv[1:] == ['--files']:
    print('\n'.join(CORES + ALSO))
    sys.exit(0)
out, root = sys.argv[1], sys.argv[2]
GLUE = ['nobs_main.c', 'nobs_alg.c', 'sha3/sha3_glue.c', 'drbg/drbg_glue.c',
        'isogeny/csidh_glue.c', 'afalg/algif_kpp.c']
SELFTESTS = ['sha3/sha3_selftest.c', 'drbg/drbg_selftest.c',
             'isogeny/csidh_selftest.c']
UNWIND = [
    ('nobs_main.c', ['nobs_init', 'nobs_unregister_from', 'nobs_exit']),
    ('sha3/sha3_glue.c', ['nobs_sha3_register', 'nobs_sha3_unregister']),
    ('drbg/drbg_glue.c', ['nobs_drbg_register', 'nobs_drbg_unregister']),
    ('isogeny/csidh_glue.c', ['nobs_csidh_register',
                              'nobs_csidh_unregister']),
    ('afalg/algif_kpp.c', ['nobs_afalg_kpp_register',
                           'nobs_afalg_kpp_unregister']),
]

# Lines of the unwinding code that no test on the debug kernel can reach,
# each with the reason: (file, text of the first line, number of lines,
# reason).  Found by the text, so an edit that moves or changes the code
# makes them count as never run again until looked at.
UNREACHABLE = [
    ('drbg/drbg_glue.c',
     'strscpy(nobs_drbg_alg.base.cra_name, NOBS_DRBG_DRIVER,', 5,
     "needs a kernel without a stdrng above priority 50 (7.2 and later); "
     "the debug kernel (6.12) has the kernel's own DRBGs built in, at 200 "
     "and more"),
]

# Cores judged by their lines alone, each with the reason.
LINES_ONLY = {
    'isogeny/fp_tmpl.h':
    'its dispatch functions are __always_inline, so gcov counts their '
    'branches once per call site (every field operation of the CSIDH '
    'engine), not once per function; both ways of each are run by '
    'test_fp, test_fp1024, test_fp2048 and the generic-field CSIDH vectors',
}

lines_out = []
below = []


def say(s=''):
    lines_out.append(s)


def load(name, key):
    try:
        with open(os.path.join(out, name)) as f:
            return {e[key]: e for e in json.load(f)['files']}
    except (OSError, ValueError, KeyError):
        return None


def pct(c, t):
    return '    - ' if not t else '%5.1f%%' % (100.0 * c / t)


HDR = '%-26s %6s %9s %7s %9s' % ('file', 'lines', '', 'branch', '')


def row(name, e, lt=None, bt=None):
    if e is None:
        say('%-26s %s' % (name, 'no data' if lt else 'no code (descriptor only)'))
        if lt:
            below.append(name)
        return
    lc, ltot = e['line_covered'], e['line_total']
    bc, btot = e['branch_covered'], e['branch_total']
    ok = (lt is None or not ltot or 100.0 * lc / ltot >= lt) and \
         (bt is None or not btot or 100.0 * bc / btot >= bt)
    if not ok:
        below.append(name)
    verdict = '' if lt is None else ('ok' if ok else 'BELOW TARGET')
    say('%-26s %6s %9s %7s %9s  %s' % (
        name, pct(lc, ltot), '%d/%d' % (lc, ltot),
        pct(bc, btot), '%d/%d' % (bc, btot), verdict))


def source(path):
    """The file as built into the measured nobs.ko (kcov-run.sh's copy)."""
    try:
        with open(os.path.join(out, 'kernel', 'data', path)) as f:
            return f.read().split('\n')
    except OSError:
        return []


def unreachable(path, src):
    """Line numbers of path listed in UNREACHABLE, with their reason."""
    out = {}
    for f, first, count, why in UNREACHABLE:
        if f != path:
            continue
        hits = [i for i, l in enumerate(src) if first in l]
        if len(hits) != 1:
            continue
        for n in range(hits[0] + 1, hits[0] + 1 + count):
            out[n] = why
    return out


def ranges(nums):
    out, start, prev = [], None, None
    for n in sorted(nums):
        if start is None:
            start = prev = n
        elif n == prev + 1:
            prev = n
        else:
            out.append('%d' % start if start == prev else '%d-%d' % (start, prev))
            start = prev = n
    if start is not None:
        out.append('%d' % start if start == prev else '%d-%d' % (start, prev))
    return ','.join(out) or '-'


# ---- user space --------------------------------------------------------------
user = load('user.json', 'filename') or {}
say('userspace harness (gcc --coverage -O0): the cores; targets lines >= 95%, branches >= 85%')
say(HDR)
tl = tlt = tb = tbt = 0
for f in CORES:
    e = user.get(f)
    row(f, e, 95 if e else None, 85 if e and f not in LINES_ONLY else None)
    if e:
        tl += e['line_covered']; tlt += e['line_total']
        tb += e['branch_covered']; tbt += e['branch_total']
say('%-26s %6s %9s %7s %9s' % ('cores total', pct(tl, tlt), '%d/%d' % (tl, tlt),
                                pct(tb, tbt), '%d/%d' % (tb, tbt)))
for f in CORES:
    if f in LINES_ONLY and f in user:
        say('  (%s: lines only: %s)' % (f, LINES_ONLY[f]))
for f in ALSO:
    if f in user:
        row(f, user[f])
        say('  (%s: the known-answer tables of the module, run by test_sha3; no target)' % f)

# ---- kernel ------------------------------------------------------------------
kern = load('kernel.json', 'filename')
detail = load('kernel-detail.json', 'file')
say()
if kern is None:
    say('kernel: no data (NOBS_KCOV=0, or scripts/kcov-run.sh failed)')
else:
    say('nobs.ko in the kernel (GCOV_KERNEL: x86_64 debug kernel, scripts/kcov-run.sh;')
    say('  arm64 kernel, scripts/kcov-arm64.sh; counts merged)')
    say('glue and nobs_main.c: target lines >= 85%')
    say(HDR)
    for f in GLUE:
        row(f, kern.get(f), 85)
    say('self-tests (no target):')
    for f in SELFTESTS:
        row(f, kern.get(f))
    say('cores as built into nobs.ko (no target here; see the userspace table):')
    for f in sorted(kern):
        if f not in GLUE and f not in SELFTESTS:
            row(f, kern[f])

    say()
    say('lines never run in the kernel:')
    for f in GLUE + SELFTESTS:
        d = (detail or {}).get(f)
        if not d:
            continue
        miss = [l['line_number'] for l in d['lines']
                if not l.get('gcovr/noncode') and l['count'] == 0]
        say('  %-24s %s' % (f, ranges(miss)))

    say()
    say('unwinding (every line of these functions must have run; count = times run):')
    say('%-26s %-28s %9s %9s  %s' % ('file', 'function', 'lines', 'branches',
                                    'lines never run'))
    for f, funcs in UNWIND:
        d = (detail or {}).get(f)
        if not d:
            say('%-26s no data' % f)
            below.append(f + ' (unwinding)')
            continue
        src = source(f)
        starts = sorted(fn['lineno'] for fn in d['functions'])
        byname = {fn['name']: fn for fn in d['functions']}
        for name in funcs:
            fn = byname.get(name)
            if fn is None:
                say('%-26s %-28s %s' % (f, name, 'not compiled in'))
                continue
            lo = fn['lineno']
            later = [s for s in starts if s > lo]
            hi = later[0] if later else 10 ** 9
            ls = [l for l in d['lines'] if lo <= l['line_number'] < hi and
                  not l.get('gcovr/noncode')]
            run = [l for l in ls if l['count'] > 0]
            br = [b for l in ls for b in l['branches']]
            brun = [b for b in br if b['count'] > 0]
            skip = unreachable(f, src)
            miss = [l['line_number'] for l in ls if l['count'] == 0]
            bad = [n for n in miss if n not in skip]
            if not miss:
                verdict = 'all run (entered %dx)' % fn['execution_count']
            elif not bad:
                verdict = 'all reachable lines run; unreachable: %s' % ranges(miss)
            else:
                verdict = 'NOT RUN: %s' % ranges(miss)
            say('%-26s %-28s %9s %9s  %s' % (
                f, name + '()', '%d/%d' % (len(run), len(ls)),
                '%d/%d' % (len(brun), len(br)), verdict))
            for n in miss:
                text = src[n - 1].strip() if n - 1 < len(src) else ''
                say('%-26s %-28s   %d: %s%s' % ('', '', n, text[:56],
                    '  [unreachable: %s]' % skip[n] if n in skip else ''))
            if bad:
                below.append('%s:%s()' % (f, name))

say()
say('below target: %d (%s)' % (len(below), ', '.join(below) or 'none'))

text = '\n'.join(lines_out) + '\n'
sys.stdout.write(text)
with open(os.path.join(out, 'summary.txt'), 'w') as f:
    f.write(text)
os.makedirs(os.path.join(out, 'html'), exist_ok=True)
links = ['<a href="user/index.html">cores in the userspace harness</a>']
if os.path.exists(os.path.join(out, 'html', 'kernel', 'index.html')):
    links.append('<a href="kernel/index.html">nobs.ko in the kernel</a>')
with open(os.path.join(out, 'html', 'index.html'), 'w') as f:
    f.write('<!DOCTYPE html>\n<html><head><meta charset="utf-8">'
            '<title>nobs coverage</title></head><body>\n'
            '<h1>nobs coverage</h1>\n<p>Annotated sources: %s</p>\n'
            '<pre>%s</pre>\n</body></html>\n' % (' | '.join(links),
                                                 html.escape(text)))
sys.exit(3 if below else 0)
