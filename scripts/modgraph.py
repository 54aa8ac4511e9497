#!/usr/bin/env python3
"""Rough module import graph of src/: file -> top-level-ish modules referenced via crate:: paths; report cycles between files."""
import os, re, sys, itertools
root = sys.argv[1] if len(sys.argv) > 1 else 'src'
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
edges = {m: set() for m in mods}
for m, t in files.items():
    t2 = re.sub(r'//.*', '', t)
    i = t2.find('#[cfg(test)]')
    if i >= 0: t2 = t2[:i]
    for u in re.finditer(r'use\s+crate::([^;]+);', t2, re.S):
        for p in expand_use(u.group(1)):
            r = resolve(p)
            if r and r != m and not (m[:len(r)] == r): edges[m].add(r)
    for u in re.finditer(r'crate::((?:[a-z_0-9]+::)*[a-z_0-9]+)', t2):
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
for comp in sorted(sccs, key=len, reverse=True):
    if len(comp) > 1:
        print(len(comp), sorted('/'.join(x) or 'lib' for x in comp))
if '-v' in sys.argv:
    for comp in sccs:
        if len(comp) > 1:
            s = set(comp)
            for v in sorted(comp):
                print('  ', '/'.join(v), '->', sorted('/'.join(w) for w in edges[v] if w in s))
