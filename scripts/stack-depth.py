#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""stack-depth.py [-l LIMIT] [-r ROOT]... [-a NAME=BYTES]... [-R NAME=N]...
	DIR|FILE.ci...

The worst-case stack depth below each root function, from GCC's
-fcallgraph-info=su output (one .ci file per object: every function's own
frame, "N bytes (static)", and its calls).  A root is given by its name
(e.g. nobs_csidh512_public_key): the deepest path from it through the call
graph, summing the frames, is printed, and the run fails if it passes
LIMIT bytes (default 2048).

A call to a function with no frame in the graph (assembly, another
object's function) counts the bytes given with -a NAME=BYTES (NAME
may be a shell pattern; the first that matches counts); an unknown callee
without -a fails the run (except the
compiler's and the string helpers: __stack_chk_fail, __clzdi2, memset,
memcpy, leaves of a few words, counted as 64 bytes).  A
frame marked "dynamic" without "bounded" (alloca, variable-length
arrays), an indirect call (unless -a __indirect_call=BYTES: the core's
callbacks, which belong to its caller) or a recursion on the path fails
the run: none of them has a bound the graph can prove.  -R NAME=N: NAME
recurses at most N deep (its frame counts N times), a bound the code
states (e.g. the depth of a product tree).

Prints "stack depth: N passed, N failed" last.
"""
import argparse
import fnmatch
import os
import re
import sys

NODE = re.compile(r'^node: \{ title: "([^"]*)" label: "([^"]*)"')
EDGE = re.compile(r'^edge: \{ sourcename: "([^"]*)" targetname: "([^"]*)"')
LEAF_HELPERS = ('__stack_chk_fail', 'memset', 'memcpy', 'memmove', '__clzdi2',
                '__memset', '__memcpy', '__sanitizer_cov_trace_pc',
                '__fortify_panic', 'fortify_panic', '__write_overflow_field',
                '__read_overflow2_field')


def load(paths):
    frames, calls, dynamic = {}, {}, set()
    files = []
    for p in paths:
        if os.path.isdir(p):
            for d, _, names in os.walk(p):
                files += [os.path.join(d, n) for n in names
                          if n.endswith('.ci')]
        else:
            files.append(p)
    for f in sorted(files):
        with open(f, encoding='utf-8', errors='replace') as fh:
            for line in fh:
                m = NODE.match(line)
                if m:
                    title, label = m.groups()
                    s = re.search(r'\\n(\d+) bytes \(([^)]*)\)', label)
                    if s:
                        frames[title] = int(s.group(1))
                        if 'dynamic' in s.group(2) and \
                                'bounded' not in s.group(2):
                            dynamic.add(title)
                    continue
                m = EDGE.match(line)
                if m:
                    calls.setdefault(m.group(1), []).append(m.group(2))
    return frames, calls, dynamic


def short(title):
    return title.rsplit(':', 1)[-1]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('-l', '--limit', type=int, default=2048)
    ap.add_argument('-r', '--root', action='append', default=[])
    ap.add_argument('-a', '--assume', action='append', default=[])
    ap.add_argument('-R', '--recursion', action='append', default=[])
    ap.add_argument('paths', nargs='+')
    args = ap.parse_args()
    frames, calls, dynamic = load(args.paths)
    assume = {}
    for a in args.assume:
        name, _, val = a.partition('=')
        assume[name] = int(val)

    def assumed(name):
        if name in assume:
            return assume[name]
        for k, v in assume.items():     # the first pattern given wins
            if fnmatch.fnmatchcase(name, k):
                return v
        if name in LEAF_HELPERS:
            return 64
        return None

    rec = {}
    for a in args.recursion:
        name, _, val = a.partition('=')
        rec[name] = int(val)
    errors = []
    memo = {}

    # an external call names the callee bare: its definition in another
    # object of the graph, if exactly one has that name
    defs = {}
    for title in frames:
        defs.setdefault(short(title), []).append(title)

    def depth(t, path):
        if t not in frames and ':' not in t and len(defs.get(t, [])) == 1:
            t = defs[t][0]
        if t in memo:
            return memo[t]
        if t in path:
            if path[-1] == t and short(t) in rec:
                return 0, []    # counted by the caller (-R)
            errors.append('recursion: ' + ' -> '.join(
                short(x) for x in path[path.index(t):] + [t]))
            return 0, [t]
        if t not in frames:
            v = assumed(short(t))
            if v is None:
                errors.append('no frame for %s (called from %s): give -a'
                              % (short(t), short(path[-1])))
                v = 0
            return v, [t]
        if t in dynamic:
            errors.append('dynamic frame: ' + short(t))
        best, bpath = 0, []
        for c in calls.get(t, []):
            if c == '__indirect_call' and assumed(c) is None:
                errors.append('indirect call in ' + short(t))
                continue
            d, p = depth(c, path + [t])
            if d > best:
                best, bpath = d, p
        own = frames[t] * rec.get(short(t), 1)
        memo[t] = (own + best, [t] + bpath)
        return memo[t]

    passed = failed = 0
    for r in args.root:
        titles = [t for t in frames if short(t) == r]
        if not titles:
            print('FAIL: %s: no such function in the call graph' % r)
            failed += 1
            continue
        for t in titles:
            del errors[:]
            d, p = depth(t, [])
            chain = ' > '.join(
                '%s %d%s' % (short(x), frames.get(x, assumed(short(x)) or 0),
                             ' x%d' % rec[short(x)] if short(x) in rec else '')
                for x in p)
            ok = d <= args.limit and not errors
            print('%s: %s: %d bytes (limit %d): %s' %
                  ('ok' if ok else 'FAIL', r, d, args.limit, chain))
            for e in sorted(set(errors)):
                print('  ' + e)
            if ok:
                passed += 1
            else:
                failed += 1
    print('stack depth: %d passed, %d failed' % (passed, failed))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
