#!/usr/bin/env python3
"""Usage: scripts/fsf-counting-check.py VARIA VARIANT SEED GAMES PLIES FEN...

Random playouts (seeded) from each FEN, GAMES games of at most PLIES
plies, played by Fairy-Stockfish's legal moves; after every move the FEN
of Fairy-Stockfish (`d`) and of `VARIA uci` (`d`) must be equal,
counting fields included (the halfmove clock is compared only while a
count runs: without one it is the move rule's, which varia keeps only for
a `quiet` rule). Prints how many positions had a count running and how
many were counted out. FSF: the Fairy-Stockfish binary, default
/work/fsf-src/src/stockfish."""
import random, subprocess, sys

import os
FSF = os.environ.get('FSF', '/work/fsf-src/src/stockfish')
VARIA = sys.argv[1]

class Engine:
    def __init__(self, cmd, variant):
        self.p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send('uci'); self.wait('uciok')
        self.send(f'setoption name UCI_Variant value {variant}')
    def send(self, s):
        self.p.stdin.write(s + '\n'); self.p.stdin.flush()
    def wait(self, prefix):
        lines = []
        while True:
            l = self.p.stdout.readline()
            if not l:
                raise SystemExit('engine died')
            l = l.rstrip('\n'); lines.append(l)
            if l.startswith(prefix):
                return lines
    def fen(self, pos):
        self.send(pos); self.send('d'); self.send('isready')
        lines = self.wait('readyok')
        for l in lines:
            if l.startswith('Fen: '):
                return l[5:]
            if l.startswith('info string fen '):
                return l[len('info string fen '):]
    def moves(self, pos):
        self.send(pos); self.send('go perft 1')
        lines = self.wait('Nodes searched')
        return [l.split(':')[0] for l in lines if ': ' in l and not l.startswith('Nodes') and not l.startswith('info')]

variant, seed, games, plies = sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
fens = sys.argv[6:]
rng = random.Random(seed)
f = Engine([FSF], variant); v = Engine([VARIA, 'uci'], variant)
checked = 0
counting = 0
out = 0
for start in fens:
    for g in range(games):
        ms = []
        for _ in range(plies):
            pos = f'position fen {start}' + (' moves ' + ' '.join(ms) if ms else '')
            a, b = f.fen(pos), v.fen(pos)
            checked += 1
            fp = a.split(' ')
            if fp[3].isdigit() and fp[3] != '0':
                counting += 1
                out += int(fp[-2]) > int(fp[3])
            def norm(x):
                if x is None:
                    return None
                p = x.split(' ')
                # Without a count, the halfmove clock is the move rule's,
                # which varia keeps only for a `quiet` rule.
                if p[3] == '-':
                    p[-2] = '?'
                return ' '.join(p)
            if norm(a) != norm(b) or a is None:
                print('MISMATCH', start, ms, '\n fsf  ', a, '\n varia', b); sys.exit(1)
            legal = f.moves(pos)
            if not legal:
                break
            ms.append(rng.choice(legal))
print('ok', variant, checked, 'positions,', counting, 'with a count running,', out, 'counted out')
