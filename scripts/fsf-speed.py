#!/usr/bin/env python3
"""Usage: scripts/fsf-speed.py VARIA_BIN [VARIANT ...]

Perft speed of each catalogue variant, varia next to Fairy-Stockfish (CPU
user time of the process, minus the same process at depth 1). Depth: one
past the deepest start-position row of tests/perft/NAME.perft while the
estimate stays under 4e7 nodes; node counts of both must agree."""
import os, re, subprocess, sys, resource
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__))); varia = sys.argv[1]
# Fairy-Stockfish built from source: `make -j2 build ARCH=x86-64-modern
# largeboards=yes all=yes` (FSF_LARGE) and `make -j2 build ARCH=x86-64-modern`
# (FSF_NORMAL).
FSF = {'large': os.environ.get('FSF_LARGE', 'fairy-stockfish'), 'normal': os.environ.get('FSF_NORMAL', 'fairy-stockfish')}
def run(cmd, inp=None):
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
    out = subprocess.run(cmd, input=inp, capture_output=True, text=True, timeout=60).stdout
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime - r0, out
def vnodes(out):
    m = re.search(r'nodes (\d+)', out); return int(m.group(1)) if m else None
names = sys.argv[2:] or sorted(f[:-6] for f in os.listdir(root + '/tests/perft') if f.endswith('.perft'))
print(f"| variant | depth | nodes | varia M nodes/s | FSF (large-board build) M/s | varia/FSF | FSF (normal build) M/s | varia/FSF |")
print("|---|---|---|---|---|---|---|---|")
for n in names:
    text = open(f'{root}/tests/perft/{n}.perft').read()
    m = re.search(r'^fen (.*)\n((?:depth .*\n)+)', text, re.M)
    if not m: continue
    fen = m.group(1).strip()
    rows = sorted(tuple(map(int, r.split()[1:3])) for r in m.group(2).splitlines())
    d, nodes = rows[-1]
    if len(rows) > 1 and rows[-2][1] > 0:
        bf = nodes / rows[-2][1]
        while nodes < 2e6 and nodes * bf < 4e7 and bf > 1:
            d += 1; nodes = int(nodes * bf)
    extra = [] if fen == 'start' else ['--fen', fen]
    try:
        tv, out = run([varia, 'perft', n, str(d)] + extra)
    except subprocess.TimeoutExpired:
        # Under load a deep row can pass the timeout: say so, go on.
        print(f"| {n} | {d} | – | over 60 s | – | – | – | – |", flush=True)
        continue
    nodes = vnodes(out)
    t1, _ = run([varia, 'perft', n, '1'] + extra); tv -= t1
    pos = 'startpos' if fen == 'start' else 'fen ' + fen
    cols = []
    for k in ('large', 'normal'):
        inp = f'uci\nsetoption name UCI_Variant value {n}\nposition {pos}\ngo perft {d}\nquit\n'
        try:
            tf, o = run([FSF[k]], inp)
        except subprocess.TimeoutExpired:
            cols.append('– | –'); continue
        t1, _ = run([FSF[k]], inp.replace(f'go perft {d}', 'go perft 1')); tf -= t1
        mm = re.search(r'Nodes searched: (\d+)', o)
        if not mm or int(mm.group(1)) != nodes or 'nknown' in o: cols.append('– | –'); continue
        cols.append(f"{nodes/tf/1e6:.1f} | {tf/tv:.2f}" if tf > 0.05 and tv > 0.02 else 'too short | –')
    vs = f"{nodes/tv/1e6:.1f}" if tv > 0.02 else 'too short'
    print(f"| {n} | {d} | {nodes} | {vs} | {cols[0]} | {cols[1]} |", flush=True)
