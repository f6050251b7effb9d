#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
#
# ktap.py KUNIT_DIR KTAP [TSV]: the harness's one KTAP reader.  The
# kernel's own parser (KUNIT_DIR/kunit_parser.py, KUNIT_DIR being a kernel
# source's tools/testing/kunit: what 'kunit.py parse' runs) reads the KTAP
# document in the file KTAP (console timestamps allowed), or each of the
# documents one after the other there; its progress and
# its error messages go to KTAP.parse.  Prints:
#   FAIL: PATH            each failed or crashed case
#   SKIP: PATH: REASON    each skipped case, with its reason
#   ktap: N passed, N failed, N skipped, N errors
# (failed counts crashed cases; errors are the parser's: a wrong test
# number, a missing plan, no KTAP at all).  A case is a test without
# subtests; PATH joins the names from the top-level test down with '.'
# (suite.case, suite.case.parameter).  TSV: also one line per case,
# "PASS|FAIL|SKIP<tab>PATH<tab>REASON", the format of the VM results
# (scripts/lib.sh, nobs_vm_counts).  Exit 0 when nothing failed and the
# parser reported no error, else 1.
import re
import sys

kdir, ktap = sys.argv[1], sys.argv[2]
tsv = sys.argv[3] if len(sys.argv) > 3 else None
sys.path.insert(0, kdir)
import kunit_parser  # noqa: E402
import kunit_printer  # noqa: E402

log = open(ktap + '.parse', 'w')
kunit_parser.stdout = kunit_printer.Printer(log)

# The parser keeps a skipped case's status, not its reason: note the
# reason of each result line it takes.
reasons = {}
parse_result = kunit_parser.parse_test_result


def parse_result_noting_reason(lines, test, expected_num):
    line = lines.peek() if lines else ''
    ok = parse_result(lines, test, expected_num)
    if ok and test.status == kunit_parser.TestStatus.SKIPPED:
        m = kunit_parser.TEST_RESULT_SKIP.match(line)
        reasons[id(test)] = m.group(5).strip() if m else ''
    return ok


kunit_parser.parse_test_result = parse_result_noting_reason

# One document, or several one after the other (each suite's from
# debugfs): each is parsed on its own, from its own "KTAP version" line.
docs = []
with open(ktap, errors='replace') as f:
    for line in f:
        if re.match(r'^(\[ *[0-9.]+\] )?K?TAP version [0-9]+$', line.rstrip()) \
           or not docs:
            docs.append([])
        docs[-1].append(line)
tops = [kunit_parser.parse_run_tests(d) for d in docs]

S = kunit_parser.TestStatus
rows = []


def walk(test, path):
    for sub in test.subtests:
        p = path + [sub.name]
        if sub.subtests:
            walk(sub, p)
            continue
        st = {S.SUCCESS: 'PASS', S.SKIPPED: 'SKIP'}.get(sub.status, 'FAIL')
        rows.append((st, '.'.join(p), reasons.get(id(sub), '')))


for top in tops:
    walk(top, [])
log.close()

for st, path, why in rows:
    if st == 'FAIL':
        print('FAIL: %s' % path)
    elif st == 'SKIP':
        print('SKIP: %s: %s' % (path, why))
if tsv:
    with open(tsv, 'w') as f:
        for row in rows:
            f.write('%s\t%s\t%s\n' % row)
c = kunit_parser.TestCounts()
for top in tops:
    c.add_subtest_counts(top.counts)
print('ktap: %d passed, %d failed, %d skipped, %d errors' %
      (c.passed, c.failed + c.crashed, c.skipped, c.errors))
sys.exit(1 if c.failed or c.crashed or c.errors or not c.total() else 0)
