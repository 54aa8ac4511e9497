#!/usr/bin/env python3
"""Rough module import graph of src/: file -> modules referenced via crate:: and super:: paths; report cycles between files.

Usage: modgraph.py [--top] [--docs] [-v] [SRC]
  (default)  the import circles between files (-v: with their edges)
  --docs     count the paths doc comments (`///`, `//!`) name as imports
             too, as some checkers do (plain `//` comments never count)
  --top      the graph collapsed to the top-level modules of SRC: each
             module's imports (with one file that makes each), then the
             circles between top-level modules (tests/language_doc.rs
             fails on any; it also checks ARCHITECTURE.md's layers)

Test code is left out: a `#[cfg(test)]` block to the end of its file, and
the file of a module declared `#[cfg(test)] mod NAME;`.
"""
import os, re, sys, itertools
args = [a for a in sys.argv[1:] if not a.startswith('-')]
root = args[0] if args else 'src'
files = {}
for d, _, fs in os.walk(root):
    for f in fs:
        if f.endswith('.rs'):
            p = os.path.join(d, f)
            rel = os.path.relpath(p, root)[:-3]
            parts = rel.split('/')
            if parts[-1] == 'mod': parts = parts[:-1]
            if parts == ['lib'] or parts == ['main']: parts = []
            files[tuple(parts)] = open(p).read()
mods = set(files)
def resolve(path):
    # longest prefix that is a module file
    for n in range(len(path), 0, -1):
        if tuple(path[:n]) in mods: return tuple(path[:n])
    return None
def expand_use(text):
    # expand use crate::{a::{b, c}, d} into paths
    out = []
    def rec(prefix, s):
        s = s.strip()
        if not s: return
        if '{' in s:
            i = s.index('{')
            pre = [x for x in s[:i].strip(':').split('::') if x]
            inner = s[i+1:s.rindex('}')]
            depth = 0; cur = ''
            for ch in inner:
                if ch == '{': depth += 1
                if ch == '}': depth -= 1
                if ch == ',' and depth == 0:
                    rec(prefix + pre, cur); cur = ''
                else: cur += ch
            rec(prefix + pre, cur)
        else:
            s = s.split(' as ')[0]
            out.append(prefix + [x for x in s.split('::') if x and x != 'self'])
    rec([], text)
    return out
# Strip comments and test code; note modules declared `#[cfg(test)] mod x;`.
texts = {}
test_only = set()
decl = re.compile(r'#\[cfg\(test\)\]\s*(?:pub\(crate\)\s*)?mod\s+([a-z_0-9]+)\s*;')
for m, t in files.items():
    t2 = re.sub(r'//(?![/!]).*', '', t) if '--docs' in sys.argv else re.sub(r'//.*', '', t)
    for d in decl.finditer(t2):
        test_only.add(m + (d.group(1),))
    t2 = decl.sub('', t2)
    i = t2.find('#[cfg(test)]')
    if i >= 0: t2 = t2[:i]
    texts[m] = t2
for m in list(files):
    if any(m[:len(t)] == t for t in test_only):
        del files[m]; del texts[m]
mods = set(files)
edges = {m: set() for m in mods}
for m, t2 in texts.items():
    for u in re.finditer(r'use\s+crate::([^;]+);', t2, re.S):
        for p in expand_use(u.group(1)):
            r = resolve(p)
            if r and r != m and not (m[:len(r)] == r): edges[m].add(r)
    # The binary's files name the library as `varia::`.
    lib_refs = r'(?:crate|varia)' if m[:1] == ('cli',) else r'crate'
    for u in re.finditer(r'use\s+varia::([^;]+);', t2) if m[:1] == ('cli',) else ():
        for p in expand_use(u.group(1)):
            r = resolve(p)
            if r and r != m and not (m[:len(r)] == r): edges[m].add(r)
    for u in re.finditer(lib_refs + r'::((?:[a-z_0-9]+::)*[a-z_0-9]+)', t2):
        r = resolve(u.group(1).split('::'))
        if r and r != m and not (m[:len(r)] == r): edges[m].add(r)
    # super:: references
    for u in re.finditer(r'super::((?:[a-z_0-9]+::)*[a-z_0-9]+)', t2):
        parent = m[:-1] if files.get(m) is not None else m
        base = list(m[:-1])
        r = resolve(base + u.group(1).split('::'))
        if r and r != m and not (m[:len(r)] == r): edges[m].add(r)
# Tarjan SCC
index = {}; low = {}; st = []; on = set(); sccs = []; c = [0]
sys.setrecursionlimit(10000)
def sc(v):
    index[v] = low[v] = c[0]; c[0] += 1; st.append(v); on.add(v)
    for w in edges[v]:
        if w not in index: sc(w); low[v] = min(low[v], low[w])
        elif w in on: low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        comp = []
        while True:
            w = st.pop(); on.discard(w); comp.append(w)
            if w == v: break
        sccs.append(comp)
for v in mods:
    if v not in index: sc(v)
if '--top' in sys.argv:
    # Collapse to top-level modules (the crate root aside).
    top = {}
    for m, ws in edges.items():
        if not m: continue
        top.setdefault(m[0], {})
        for w in ws:
            if w and w[0] != m[0]:
                top[m[0]].setdefault(w[0], os.path.join(root, *m) + ('/mod.rs' if os.path.isdir(os.path.join(root, *m)) else '.rs'))
    reach = {a: set(bs) for a, bs in top.items()}
    grown = True
    while grown:
        grown = False
        for a in reach:
            more = set().union(*(reach.get(b, set()) for b in reach[a])) | reach[a]
            if len(more) > len(reach[a]): reach[a] = more; grown = True
    for a in sorted(top):
        print(a, '->', ' '.join(sorted(top[a])))
    circle = [(a, b, f) for a in sorted(top) for b, f in sorted(top[a].items()) if a in reach.get(b, ())]
    print('circles between top-level modules:', 'none' if not circle else '')
    for a, b, f in circle:
        print('  ', a, '->', b, '(' + f + ')')
    sys.exit(1 if circle else 0)
for comp in sorted(sccs, key=len, reverse=True):
    if len(comp) > 1:
        print(len(comp), sorted('/'.join(x) or 'lib' for x in comp))
if '-v' in sys.argv:
    for comp in sccs:
        if len(comp) > 1:
            s = set(comp)
            for v in sorted(comp):
                print('  ', '/'.join(v), '->', sorted('/'.join(w) for w in edges[v] if w in s))
