#!/usr/bin/env python3
"""Usage: scripts/compare-instructions.py OLD_BIN NEW_BIN [LIMIT] [VARIANT ...]

Instructions executed (valgrind cachegrind, which machine load does not
disturb) by two varia binaries on the same perft row of each
tests/perft/NAME.perft: the largest row of at most LIMIT nodes (default
300000). Prints both counts and NEW/OLD; a ratio above 1 means the new
binary does more work. Needs valgrind."""
import glob, os, re, subprocess, sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
old, new = sys.argv[1], sys.argv[2]
limit = int(sys.argv[3]) if len(sys.argv) > 3 else 300_000
only = set(sys.argv[4:])


def instructions(binary, args):
    r = subprocess.run(['valgrind', '--tool=cachegrind', '--cache-sim=no',
                        '--cachegrind-out-file=/dev/null', binary] + args,
                       capture_output=True, text=True)
    m = re.search(r'I\s+refs:\s+([\d,]+)', r.stderr)
    return int(m.group(1).replace(',', '')) if m else None


for path in sorted(glob.glob(root + '/tests/perft/*.perft')):
    name = os.path.basename(path)[:-6]
    if only and name not in only:
        continue
    best, fen = None, None
    for line in open(path):
        line = line.split('#')[0].strip()
        if line.startswith('fen '):
            fen = line[4:].strip()
        elif line.startswith('depth '):
            _, d, n = line.split()[:3]
            if int(n) <= limit and (best is None or int(n) > best[2]):
                best = (fen, d, int(n))
    if not best:
        continue
    fen, d, n = best
    args = ['perft', name, d] + ([] if fen == 'start' else ['--fen', fen])
    a, b = instructions(old, args), instructions(new, args)
    ratio = f'{b / a:6.3f}' if a and b else '     ?'
    print(f'{name:16} d{d} {n:>9} {a or 0:>14,} {b or 0:>14,} {ratio}', flush=True)
