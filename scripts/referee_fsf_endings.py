#!/usr/bin/env python3
"""Usage: scripts/referee_fsf_endings.py VARIA VARIANT SEED GAMES [options]

End rules against Fairy-Stockfish: seeded random games, played by
Fairy-Stockfish's legal moves, judged position by position by both.

Fairy-Stockfish's judgement comes from pyffish (its Python binding,
`pip install pyffish`): after each move, `is_immediate_game_end`, then
`is_optional_game_end` (repetition, perpetual check, the chasing rule,
the move rule, the counting rules, in the order of its position.cpp),
then, with no legal move left, `game_result` (mate, stalemate). That is
the order of its search and of pychess-variants' adjudication. A game
stops at the first position Fairy-Stockfish calls an end, or after
PLIES plies.

varia's judgement comes from `VARIA replay --json` of the same moves: the
ply at which its rules end the game (`actions` played) and its result.
The two must agree on the ply and the result; each disagreement is
printed with the moves that reach it (paste them into a PGN with a
`[Variant]` tag and `varia replay` it).

Random games seldom repeat, so the moves are biased (all seeded):
with probability --check a checking move, when there is one (the one
that undoes the player's previous move if it is among them: perpetual
checks); else, with probability --back, the move that undoes the
player's previous one, when legal (positions repeat); otherwise any
legal move.
--fen starts from a position of your own (the counting rules want few
men on the board); give it several times for several starts.

Long check-rich games that reach the move rule (xiangqi's, lengthened
by checks under `chasingRule = axf`): --quiet P picks, with probability
P, among the moves that capture nothing (when there are some), so the
move counter grows; --fresh P, with probability P, among the moves to
a board not seen before in the game (when there are some), so the
checks do not end the game by repetition first. Both filters are
applied before the check and back choices above. An end by the move
rule (Fairy-Stockfish's optional draw with its halfmove clock at 100 or
more) is counted as `move rule` and, past 100, as `move rule
lengthened`.

Options: --plies N (300), --back P (0.4), --check P (0.3), --fen FEN,
--quiet P (0), --fresh P (0),
--show (every game's line, not only disagreements).
Prints one summary line per variant: games, positions judged, ends by
kind for Fairy-Stockfish, agreements, disagreements.

This script shares no code with varia: the rules are Fairy-Stockfish's.
"""
import json
import os
import random
import re
import subprocess
import sys
import tempfile

import pyffish as sf

MOVE = re.compile(r'^([a-z])(\d+)([a-z])(\d+)$')


def result_text(value, stm):
    """pyffish's value (for the side to move) as a PGN result."""
    if value == 0:
        return '1/2-1/2'
    white_wins = (value > 0) == (stm == 'w')
    return '1-0' if white_wins else '0-1'


def board_of(fen):
    """A FEN without its counters: the board, hands and side to move."""
    return ' '.join(fen.split()[:2])


def fsf_play(variant, start, rng, plies, back, check, quiet=0.0, fresh=0.0):
    """One random game; returns (moves, end) where end is None or
    (kind, result) at the position after the last move."""
    moves = []
    seen = {board_of(start)}
    for _ in range(plies):
        fen = sf.get_fen(variant, start, moves)
        stm = fen.split()[1]
        imm, v = sf.is_immediate_game_end(variant, start, moves)
        if imm:
            return moves, ('immediate', result_text(v, stm))
        opt, v = sf.is_optional_game_end(variant, start, moves)
        if opt:
            clock = int(fen.split()[-2])
            kind = 'optional'
            if v == 0 and clock >= 100:
                kind = 'move rule' if clock == 100 else 'move rule lengthened'
            return moves, (kind, result_text(v, stm))
        legal = sf.legal_moves(variant, start, moves)
        if not legal:
            v = sf.game_result(variant, start, moves)
            return moves, ('no move', result_text(v, stm))
        if quiet and rng.random() < quiet:
            calm = [m for m in legal if not sf.is_capture(variant, fen, [], m)]
            legal = calm or legal
        if fresh and rng.random() < fresh:
            new = [m for m in legal
                   if board_of(sf.get_fen(variant, fen, [m])) not in seen]
            legal = new or legal
        pick = None
        rev = None
        if len(moves) >= 2:
            m = MOVE.match(moves[-2])
            if m:
                rev = m.group(3) + m.group(4) + m.group(1) + m.group(2)
        if rng.random() < check:
            checks = [m for m in legal if sf.gives_check(variant, fen, [m])]
            if checks:
                # A check that undoes the checker's last move keeps the
                # cycle going (perpetual check).
                pick = rev if rev in checks else rng.choice(checks)
        if pick is None and rev in legal and rng.random() < back:
            pick = rev
        if pick is None:
            pick = rng.choice(legal)
        moves.append(pick)
        seen.add(board_of(sf.get_fen(variant, start, moves)))
    return moves, None


def varia_judge(varia, variant, start, moves, startfen):
    """(ply at which varia's rules end the game or None, result)."""
    head = f'[Variant "{variant}"]\n'
    if start != startfen:
        head += f'[SetUp "1"]\n[FEN "{start}"]\n'
    text = head + '\n' + ' '.join(moves) + ' *\n'
    with tempfile.NamedTemporaryFile('w', suffix='.pgn', delete=False) as f:
        f.write(text)
        path = f.name
    try:
        out = subprocess.run([varia, 'replay', '--json', path], capture_output=True,
                             text=True, timeout=120).stdout
    finally:
        os.unlink(path)
    try:
        j = json.loads(out.strip().splitlines()[-1])
    except (ValueError, IndexError):
        return 'error', out.strip()[:300]
    if j.get('error'):
        return 'error', j['error']
    if j['result'] == '*':
        return None, '*'
    # `1/2-1/2 (repetition)`: the result, then why.
    return j['actions'], j['result'].split(' ')[0]


def main():
    args = sys.argv[1:]
    opts = {'--plies': '300', '--back': '0.4', '--check': '0.3',
            '--quiet': '0', '--fresh': '0'}
    fens, show = [], False
    pos = []
    i = 0
    while i < len(args):
        a = args[i]
        if a == '--fen':
            fens.append(args[i + 1]); i += 2
        elif a == '--show':
            show = True; i += 1
        elif a in opts:
            opts[a] = args[i + 1]; i += 2
        else:
            pos.append(a); i += 1
    if len(pos) != 4:
        sys.exit(__doc__)
    varia, variant, seed, games = pos[0], pos[1], int(pos[2]), int(pos[3])
    plies, back, check = int(opts['--plies']), float(opts['--back']), float(opts['--check'])
    quiet, fresh = float(opts['--quiet']), float(opts['--fresh'])
    startfen = sf.start_fen(variant)
    starts = fens or [startfen]
    rng = random.Random(seed)
    judged = agree = 0
    kinds = {}
    bad = []
    for g in range(games):
        start = starts[g % len(starts)]
        moves, end = fsf_play(variant, start, rng, plies, back, check, quiet, fresh)
        ply, res = varia_judge(varia, variant, start, moves, startfen)
        judged += len(moves) + 1
        want = (len(moves), end[1]) if end else (None, '*')
        key = end[0] + ' ' + end[1] if end else 'none'
        kinds[key] = kinds.get(key, 0) + 1
        line = f'game {g}: FSF {end} at ply {len(moves)}; varia {res} at ply {ply}'
        if (ply, res) == want:
            agree += 1
            if show:
                print(line)
        else:
            bad.append(line)
            print('DISAGREE', line)
            print('  fen', start)
            print('  moves', ' '.join(moves[:ply] if isinstance(ply, int) else moves))
    print(f'{variant}: seed {seed}, {games} games, {judged} positions judged, '
          f'FSF ends {dict(sorted(kinds.items()))}, {agree} agree, {len(bad)} disagree')
    sys.exit(1 if bad else 0)


if __name__ == '__main__':
    main()
