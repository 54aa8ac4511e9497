#!/usr/bin/env python3
"""cmp.py FSFNAME VARIANTFILE MAXDEPTH [NRAND] [--ini] [--vdepth N]
Environment: FSF (a Fairy-Stockfish binary), VARIA (default target/release/varia),
FSF_INI (default: variants.ini beside FSF).
Compare perft of Fairy-Stockfish and varia at the start position and at a few
random positions reached by random legal moves (seeded). On mismatch, walk divide."""
import os, subprocess, sys, random
FSF = os.environ.get('FSF', '/work/fsf-src/src/stockfish')
VARIA = os.environ.get('VARIA', 'target/release/varia')
INI = os.environ.get('FSF_INI', os.path.join(os.path.dirname(FSF), 'variants.ini'))
args = [a for a in sys.argv[1:] if not a.startswith('--')]
V, FILE, MAXD = args[0], args[1], int(args[2])
NR = int(args[3]) if len(args) > 3 else 3
useini = '--ini' in sys.argv
import os
PLO, PHI = int(os.environ.get("PLO", 5)), int(os.environ.get("PHI", 12))
def fsf_run(cmds, timeout=60):
    pre = (f"setoption name VariantPath value {INI}\n" if useini else '') + f"setoption name UCI_Variant value {V}\n"
    out = subprocess.run(['nice', '-n', '10', FSF], input=pre + cmds + "\nquit\n", capture_output=True, text=True, timeout=timeout).stdout
    return out
def fsf_divide(fen, moves, d):
    pos = f"position fen {fen}" + (f" moves {' '.join(moves)}" if moves else '')
    out = fsf_run(f"{pos}\ngo perft {d}")
    r = {}; total = None
    for l in out.splitlines():
        if l.startswith('Nodes searched'): total = int(l.split(':')[1])
        elif ':' in l and not l.startswith(('info', 'Fairy', 'option', 'id ')):
            m, n = l.rsplit(':', 1)
            try: r[m.strip()] = int(n)
            except: pass
    return r, total
def fsf_fen(fen, moves):
    pos = ("position startpos" if fen is None else f"position fen {fen}") + (f" moves {' '.join(moves)}" if moves else '')
    out = fsf_run(f"{pos}\nd")
    return [l[5:].strip() for l in out.splitlines() if l.startswith('Fen:')][0]
def varia_fen(fen):
    # Fairy-Stockfish may write the en-passant field as target and pawn
    # squares (`g3g4`): varia reads the target square.
    if not fen: return fen
    f = fen.split(' ')
    if len(f) > 3 and len(f[3]) >= 4 and f[3] != '-':
        import re
        m = re.match(r'([a-z]\d+)', f[3])
        if m: f[3] = m.group(1)
    return ' '.join(f)
def varia_divide(fen, d):
    fen = varia_fen(fen)
    a = ['nice', '-n', '10', VARIA, 'perft', FILE, str(d), '--divide'] + (['--fen', fen] if fen else [])
    try:
        out = subprocess.run(a, capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        return None, 'timeout'
    r = {}; total = None
    for l in out.stdout.splitlines():
        if l.startswith('nodes'):
            total = int(l.split()[1].replace(',', '')) if len(l.split())>1 and l.split()[1].replace(',','').isdigit() else total
        elif ':' in l and not l.startswith(('time', 'speed')):
            m, n = l.rsplit(':', 1)
            try: r[m.strip()] = int(n.strip().replace(',', ''))
            except: pass
    if not r and total is None:
        return None, out.stderr[:400] + out.stdout[:400]
    if total is None: total = sum(r.values())
    return r, total
def walk(fen, d):
    moves = []
    while d >= 1:
        f = fsf_fen(fen, moves)
        a, _ = fsf_divide(fen, moves, d)
        b, _ = varia_divide(f, d)
        if b is None: print('  varia error', _); return
        diff = sorted(m for m in set(a) | set(b) if a.get(m) != b.get(m))
        if not diff: print('  same at', moves); return
        print(f'  after {moves} fen {f} depth {d}: ' + ', '.join(f'{m} fsf={a.get(m)} varia={b.get(m)}' for m in diff[:8]))
        m = diff[0]
        if m not in a or m not in b: return
        moves.append(m); d -= 1
start = fsf_fen(None, [])
positions = [('start', start)]
rng = random.Random(12345)
for i in range(NR):
    for attempt in range(10):
        moves = []; ok = True
        for k in range(rng.randint(PLO, PHI)):
            f = fsf_fen(None, moves)
            dv, _ = fsf_divide(f, [], 1)
            if not dv: ok = False; break
            moves.append(rng.choice(sorted(dv)))
        if ok: break
    positions.append((f'rand{i}', fsf_fen(None, moves)))
allok = True
for name, fen in positions:
    line = []
    for d in range(1, MAXD + 1):
        a, ta = fsf_divide(fen, [], d)
        b, tb = varia_divide(fen if name != 'start' else fen, d)
        if b is None:
            line.append(f'd{d} varia-error'); print(name, fen, ' '.join(line)); print('  ', tb); allok = False; break
        line.append(f'd{d} {ta}' + ('' if ta == tb else f'!={tb}'))
        if ta != tb:
            allok = False
            print(name, fen, ' '.join(line)); walk(fen, d); break
    else:
        print(name, fen, ' '.join(line))
print('ALLOK' if allok else 'MISMATCH')
