#!/usr/bin/env python3
"""An independent referee for Glinski's hexagonal chess (perft only).

Shares no code or coordinate system with varia: cells are kept in
"doubled" coordinates (X = file offset from the middle file f, -5..5;
Y = height in half cells above the bottom cell f1), the moves are listed
from the rules as stated in Wikipedia's "Hexagonal chess" (Glinski's
variant) and The Chess Variant Pages' Glinski page:
- rook: through the 6 cell edges; bishop: through the 6 cell corners;
  queen both; king one step of either; knight: the 12 cells reached by
  one orthogonal step and one diagonal step away from it.
- pawn: one cell straight forward (to an empty cell), captures one cell
  forward-left or forward-right through an edge; two cells straight
  forward from a cell where a pawn of its side starts (both cells empty);
  en passant right after such a double step; promotes on the last cell
  of its file to a queen, rook, bishop or knight.

With --mccooey, McCooey's hexagonal chess (Dave McCooey and Richard
Honeycutt, 1978-79) instead, from The Chess Variant Pages' McCooey page
and greenchess.net's rules, with the setup of Ludii's "McCooey Chess"
(its cells renamed into Glinski's names): the same board and pieces; the
pawn captures one cell diagonally forward (through a corner, to a cell of
its own colour), en passant included; the pawn of the f file (f4, f8)
never steps two; the setup below.
Usage: referee_glinski.py DEPTH [SETUP] [--fen] [-d] [--mccooey]  (SETUP: "w: Kg1 Qe1 ...; b: ...; turn w")
"""
import sys

FILES = "abcdefghikl"
ORTHO = [(0, 2), (0, -2), (1, 1), (1, -1), (-1, 1), (-1, -1)]
DIAG = [(1, 3), (1, -3), (-1, 3), (-1, -3), (2, 0), (-2, 0)]
KNIGHT = [(sx * a, sy * b) for a, b in [(1, 5), (2, 4), (3, 1)] for sx in (1, -1) for sy in (1, -1)]


def on(c):
    x, y = c
    return -5 <= x <= 5 and abs(x) <= y <= 20 - abs(x) and (y - abs(x)) % 2 == 0


def cell(name):
    x = FILES.index(name[0]) - 5
    return (x, abs(x) + 2 * (int(name[1:]) - 1))


def name(c):
    x, y = c
    return FILES[x + 5] + str((y - abs(x)) // 2 + 1)


START = {
    "w": "Kg1 Qe1 Rc1 Ri1 Nd1 Nh1 Bf1 Bf2 Bf3 Pb1 Pc2 Pd3 Pe4 Pf5 Pg4 Ph3 Pi2 Pk1",
    "b": "Kg10 Qe10 Rc8 Ri8 Nd9 Nh9 Bf9 Bf10 Bf11 Pb7 Pc7 Pd7 Pe7 Pf7 Pg7 Ph7 Pi7 Pk7",
}
PAWN_HOME = {
    "w": {cell(n) for n in "b1 c2 d3 e4 f5 g4 h3 i2 k1".split()},
    "b": {cell(n) for n in "b7 c7 d7 e7 f7 g7 h7 i7 k7".split()},
}
MCCOOEY = "--mccooey" in sys.argv
if MCCOOEY:
    START = {
        "w": "Kg1 Qe1 Rd1 Rh1 Ne2 Ng2 Bf1 Bf2 Bf3 Pc1 Pd2 Pe3 Pf4 Pg3 Ph2 Pi1",
        "b": "Kg10 Qe10 Rd9 Rh9 Ne9 Ng9 Bf11 Bf10 Bf9 Pc8 Pd8 Pe8 Pf8 Pg8 Ph8 Pi8",
    }
    PAWN_HOME = {
        "w": {cell(n) for n in "c1 d2 e3 g3 h2 i1".split()},
        "b": {cell(n) for n in "c8 d8 e8 g8 h8 i8".split()},
    }
# A pawn's capture: one cell forward-left or forward-right through an edge
# (Glinski), or through a corner (McCooey), as (dx, dy) for White.
PAWN_TAKES = [(1, 3), (-1, 3)] if MCCOOEY else [(1, 1), (-1, 1)]


def last_cell(c, side):
    x, y = c
    return y == (20 - abs(x) if side == "w" else abs(x))


def other(s):
    return "b" if s == "w" else "w"


def attacked(board, c, by):
    """Is cell c attacked by side `by`?"""
    x, y = c
    for dx, dy in ORTHO + DIAG:
        t = (x + dx, y + dy)
        p = board.get(t)
        if p and p[0] == by and p[1] == "K":
            return True
    for dirs, kinds in ((ORTHO, "RQ"), (DIAG, "BQ")):
        for dx, dy in dirs:
            t = (x + dx, y + dy)
            while on(t):
                p = board.get(t)
                if p:
                    if p[0] == by and p[1] in kinds:
                        return True
                    break
                t = (t[0] + dx, t[1] + dy)
    for dx, dy in KNIGHT:
        p = board.get((x + dx, y + dy))
        if p and p[0] == by and p[1] == "N":
            return True
    fwd = 1 if by == "w" else -1
    for dx, dy in PAWN_TAKES:
        p = board.get((x - dx, y - dy * fwd))
        if p and p[0] == by and p[1] == "P":
            return True
    return False


def pseudo(board, side, ep):
    out = []
    for c, (s, k) in list(board.items()):
        if s != side:
            continue
        x, y = c
        if k == "P":
            fwd = 1 if side == "w" else -1
            one = (x, y + 2 * fwd)
            promos = "QRBN"
            if on(one) and one not in board:
                if last_cell(one, side):
                    out += [(c, one, p, None) for p in promos]
                else:
                    out.append((c, one, None, None))
                two = (x, y + 4 * fwd)
                if c in PAWN_HOME[side] and on(two) and two not in board:
                    out.append((c, two, None, one))
            for dx, dy in PAWN_TAKES:
                t = (x + dx, y + dy * fwd)
                if not on(t):
                    continue
                p = board.get(t)
                if p and p[0] != side:
                    if last_cell(t, side):
                        out += [(c, t, q, None) for q in promos]
                    else:
                        out.append((c, t, None, None))
                elif t == ep:
                    out.append((c, t, "ep", None))
            continue
        if k in "KN":
            steps = KNIGHT if k == "N" else ORTHO + DIAG
            for dx, dy in steps:
                t = (x + dx, y + dy)
                if on(t) and board.get(t, (None,))[0] != side:
                    out.append((c, t, None, None))
            continue
        dirs = {"R": ORTHO, "B": DIAG, "Q": ORTHO + DIAG}[k]
        for dx, dy in dirs:
            t = (x + dx, y + dy)
            while on(t):
                p = board.get(t)
                if p:
                    if p[0] != side:
                        out.append((c, t, None, None))
                    break
                out.append((c, t, None, None))
                t = (t[0] + dx, t[1] + dy)
    return out


def play(board, side, mv):
    a, b, promo, passed = mv
    nb = dict(board)
    piece = nb.pop(a)
    if promo == "ep":
        fwd = 1 if side == "w" else -1
        del nb[(b[0], b[1] - 2 * fwd)]
    elif promo:
        piece = (side, promo)
    nb[b] = piece
    return nb, passed


def legal(board, side, ep):
    res = []
    for mv in pseudo(board, side, ep):
        nb, nep = play(board, side, mv)
        king = next(c for c, p in nb.items() if p == (side, "K"))
        if not attacked(nb, king, other(side)):
            res.append((mv, nb, nep))
    return res


def perft(board, side, ep, depth):
    moves = legal(board, side, ep)
    if depth == 1:
        return len(moves)
    return sum(perft(nb, other(side), nep, depth - 1) for _, nb, nep in moves)


def parse_setup(text):
    board, side, ep = {}, "w", None
    for part in text.split(";"):
        head, _, body = part.strip().partition(":")
        head = head.strip()
        if head in ("w", "b"):
            for tok in body.split():
                board[cell(tok[1:])] = (head, tok[0])
        elif head == "turn":
            side = body.strip()
        elif head == "ep":
            ep = cell(body.strip())
    return board, side, ep


def varia_fen(board, side, ep):
    """The position as varia's FEN: the rows of its axial grid (LANGUAGE.md
    §5: a cell of file x, rank r is at row r-1+max(0,5-x)), top row first,
    `*` for the grid cells off the hexagon."""
    grid = {}
    for (X, Y), (s, k) in board.items():
        x = X + 5
        r = (Y - abs(X)) // 2 + 1
        grid[(x, r - 1 + max(0, 5 - x))] = k if s == "w" else k.lower()
    rows = []
    for y in range(10, -1, -1):
        row, empty = "", 0
        for x in range(11):
            c = 5
            real = abs(x - c) <= c and abs(y - c) <= c and abs(x + y - 2 * c) <= c
            if (x, y) in grid or not real:
                if empty:
                    row += str(empty)
                    empty = 0
                row += grid.get((x, y), "*")
            else:
                empty += 1
        if empty:
            row += str(empty)
        rows.append(row)
    return "%s %s - %s 0 1" % ("/".join(rows), side, name(ep) if ep else "-")


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("-")]
    depth = int(args[0])
    setup = args[1] if len(args) > 1 else "w: %s; b: %s; turn: w" % (START["w"], START["b"])
    board, side, ep = parse_setup(setup)
    assert all(on(c) for c in board), "a piece off the board"
    assert sum(1 for x in range(-5, 6) for y in range(0, 21) if on((x, y))) == 91
    if "--fen" in sys.argv:
        print(varia_fen(board, side, ep))
        sys.exit(0)
    if "-d" in sys.argv:
        for mv, nb, nep in legal(board, side, ep):
            n = perft(nb, other(side), nep, depth - 1) if depth > 1 else 1
            print(name(mv[0]) + name(mv[1]) + (mv[2] if mv[2] and mv[2] != "ep" else ""), n)
    print(perft(board, side, ep, depth))

