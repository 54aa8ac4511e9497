#!/usr/bin/env python3
"""An independent referee for capture by approach and by withdrawal and for
immobilisation, on a test game of kings, rooks, withdrawers, advancers and
immobilisers (tests/fixtures/strikers.variant). It shares no code with
varia and is written from the rules as published for Ultima/Baroque
(Robert Abbott, "Abbott's New Card Games" 1963 and the chessvariants.com
pages on Ultima and Rococo: the withdrawer, the advancer, the immobiliser)
and as LANGUAGE.md states them:

* a withdrawer (W) and an advancer (A) and an immobiliser (I) move like a
  queen to empty squares only; a king (K) steps one square and a rook (R)
  rides on ranks and files, both taking the enemy man they land on;
* after a move along a line with unit step u, a withdrawer takes the enemy
  man on the square from - u (next to its start, behind it), an advancer
  the enemy man on to + u (next beyond its destination); compulsory;
* a man a king step from an enemy immobiliser makes no move and takes
  nothing (by any means); an immobilised immobiliser still immobilises;
* a move is legal when afterwards no enemy man could take the mover's king
  by one of its moves (its own immobilisation considered).

Usage: referee_strikes.py FEN DEPTH [--divide]   (FEN: board and side only)
"""

import sys

N = 8
DIRS8 = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]
DIRS4 = DIRS8[:4]


def parse(fen):
    rows, side = fen.split()[:2]
    board = {}
    for r, row in enumerate(rows.split("/")):
        y = N - 1 - r
        x = 0
        for ch in row:
            if ch.isdigit():
                x += int(ch)
            else:
                board[(x, y)] = ch
                x += 1
    return board, 0 if side == "w" else 1


def owner(ch):
    return 0 if ch.isupper() else 1


def on(x, y):
    return 0 <= x < N and 0 <= y < N


def frozen(board, sq):
    ch = board[sq]
    for dx, dy in DIRS8:
        q = (sq[0] + dx, sq[1] + dy)
        c = board.get(q)
        if c is not None and c.upper() == "I" and owner(c) != owner(ch):
            return True
    return False


def moves_of(board, sq):
    """(to, victims) of the man on sq, ignoring the king's safety."""
    ch = board[sq]
    me, kind = owner(ch), ch.upper()
    if frozen(board, sq):
        return []
    x, y = sq
    out = []
    if kind == "K":
        for dx, dy in DIRS8:
            t = (x + dx, y + dy)
            if on(*t):
                c = board.get(t)
                if c is None:
                    out.append((t, []))
                elif owner(c) != me:
                    out.append((t, [t]))
        return out
    dirs = DIRS4 if kind == "R" else DIRS8
    for dx, dy in dirs:
        t = (x + dx, y + dy)
        while on(*t):
            c = board.get(t)
            if c is not None:
                if kind == "R" and owner(c) != me:
                    out.append((t, [t]))
                break
            victims = []
            if kind == "W":
                b = (x - dx, y - dy)
                if b in board and owner(board[b]) != me:
                    victims.append(b)
            if kind == "A":
                b = (t[0] + dx, t[1] + dy)
                if b in board and owner(board[b]) != me:
                    victims.append(b)
            out.append((t, victims))
            t = (t[0] + dx, t[1] + dy)
    return out


def king_attacked(board, side):
    k = next((q for q, c in board.items() if c.upper() == "K" and owner(c) == side), None)
    if k is None:
        return False
    for q, c in list(board.items()):
        if owner(c) == side:
            continue
        for _, victims in moves_of(board, q):
            if k in victims:
                return True
    return False


def legal(board, side):
    out = []
    for q, c in sorted(board.items()):
        if owner(c) != side:
            continue
        for t, victims in moves_of(board, q):
            b = dict(board)
            for v in victims:
                del b[v]
            b[t] = b.pop(q)
            if not king_attacked(b, side):
                out.append(((q, t), b))
    return out


def perft(board, side, depth):
    ms = legal(board, side)
    if depth == 1:
        return len(ms)
    return sum(perft(b, 1 - side, depth - 1) for _, b in ms)


def name(q):
    return "abcdefgh"[q[0]] + str(q[1] + 1)


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    board, side = parse(args[0])
    depth = int(args[1])
    if "--divide" in sys.argv:
        for (q, t), b in legal(board, side):
            print(name(q) + name(t), perft(b, 1 - side, depth - 1) if depth > 1 else 1)
    print(perft(board, side, depth))


if __name__ == "__main__":
    main()
