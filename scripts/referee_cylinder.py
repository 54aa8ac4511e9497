#!/usr/bin/env python3
"""An independent referee for Cylinder chess, and chess on a torus (perft only).

Shares no code with varia. Written from the rules of Cylinder chess as
Wikipedia ("Cylinder chess", after D. B. Pritchard, The Encyclopedia of
Chess Variants, 1994, p. 79) and Wikibooks ("Chess Variants/Cylinder
Chess") state them:
- the a-file and the h-file are adjacent: a man that leaves the board on
  one side comes back on the other (x is taken modulo the width);
- a rider slides across the edge and goes on until it meets a man or
  would come back to its own square (a move that changes nothing is not
  allowed); the bishop and queen wrap diagonally too, never through the
  top or bottom edge;
- knights, kings and pawns' captures wrap the same way; en passant across
  the edge (a5xh6 after h7-h5);
- castling as in chess, never over the edge: king and rook unmoved on
  their squares, the squares between them on the rank as drawn empty, the
  king not in check, not crossing or landing on an attacked square;
- promotion on the last rank to Q, R, B or N.
With --torus the ranks wrap too (no pawns then: the FEN must have none,
and no castling rights).

Usage: referee_cylinder.py DEPTH [FEN] [--torus] [-d]
"""
import sys

W, H = 8, 8
TORUS = "--torus" in sys.argv
KNIGHT = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
KING = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]
ROOK = KING[:4]
BISHOP = KING[4:]


def step(c, d):
    """The square d away from c, or None off the board."""
    x, y = (c[0] + d[0]) % W, c[1] + d[1]
    if TORUS:
        y %= H
    if not 0 <= y < H:
        return None
    return (x, y)


def line(c, d):
    """The squares from c along d, in order, stopping before c itself."""
    out = []
    t = step(c, d)
    while t is not None and t != c:
        out.append(t)
        t = step(t, d)
    return out


def other(s):
    return "b" if s == "w" else "w"


def attacked(board, c, by):
    for d in KNIGHT:
        t = step(c, d)
        if t and t != c and board.get(t) == (by, "N"):
            return True
    for d in KING:
        t = step(c, d)
        if t and t != c and board.get(t) == (by, "K"):
            return True
    for dirs, kinds in ((ROOK, "RQ"), (BISHOP, "BQ")):
        for d in dirs:
            for t in line(c, d):
                p = board.get(t)
                if p:
                    if p[0] == by and p[1] in kinds:
                        return True
                    break
    fwd = 1 if by == "w" else -1
    for dx in (1, -1):
        t = step(c, (dx, -fwd))
        if t and board.get(t) == (by, "P"):
            return True
    return False


def pseudo(pos):
    board, side, castle, ep = pos
    out = []
    last = H - 1 if side == "w" else 0
    for c, (s, k) in list(board.items()):
        if s != side:
            continue
        if k == "P":
            fwd = 1 if side == "w" else -1
            one = step(c, (0, fwd))
            if one and one not in board:
                if one[1] == last:
                    out += [(c, one, p) for p in "QRBN"]
                else:
                    out.append((c, one, None))
                    home = 1 if side == "w" else H - 2
                    two = step(one, (0, fwd))
                    if c[1] == home and two and two not in board:
                        out.append((c, two, None))
            for dx in (1, -1):
                t = step(c, (dx, fwd))
                if not t:
                    continue
                p = board.get(t)
                if p and p[0] != side:
                    if t[1] == last:
                        out += [(c, t, q) for q in "QRBN"]
                    else:
                        out.append((c, t, None))
                elif t == ep:
                    out.append((c, t, "ep"))
            continue
        if k in "KN":
            for d in KNIGHT if k == "N" else KING:
                t = step(c, d)
                if t and t != c and board.get(t, (None,))[0] != side:
                    out.append((c, t, None))
            if k == "K":
                out += castlings(pos, c)
            continue
        dirs = {"R": ROOK, "B": BISHOP, "Q": KING}[k]
        seen = set()
        for d in dirs:
            for t in line(c, d):
                p = board.get(t)
                if p and p[0] == side:
                    break
                if t not in seen:
                    seen.add(t)
                    out.append((c, t, None))
                if p:
                    break
    return out


def castlings(pos, king):
    board, side, castle, ep = pos
    rank = 0 if side == "w" else H - 1
    out = []
    if king != (4, rank) or attacked(board, king, other(side)):
        return out
    for flag, rook, between, cross in (("K", 7, (5, 6), (5, 6)), ("Q", 0, (1, 2, 3), (3, 2))):
        f = flag if side == "w" else flag.lower()
        if f not in castle or board.get((rook, rank)) != (side, "R"):
            continue
        if any((x, rank) in board for x in between):
            continue
        if any(attacked(board, (x, rank), other(side)) for x in cross):
            continue
        out.append((king, (cross[1], rank), "castle"))
    return out


def play(pos, mv):
    board, side, castle, ep = pos
    a, b, tag = mv
    nb = dict(board)
    piece = nb.pop(a)
    nep = None
    if tag == "ep":
        fwd = 1 if side == "w" else -1
        del nb[(b[0], b[1] - fwd)]
    elif tag == "castle":
        rank = a[1]
        if b[0] == 6:
            nb[(5, rank)] = nb.pop((7, rank))
        else:
            nb[(3, rank)] = nb.pop((0, rank))
    elif tag:
        piece = (side, tag)
    if piece[1] == "P" and abs(b[1] - a[1]) == 2:
        nep = (a[0], (a[1] + b[1]) // 2)
    nb[b] = piece
    lost = set()
    for sq in (a, b):
        lost |= set({(4, 0): "KQ", (7, 0): "K", (0, 0): "Q", (4, 7): "kq", (7, 7): "k", (0, 7): "q"}.get(sq, ""))
    ncastle = "".join(f for f in castle if f not in lost)
    return (nb, other(side), ncastle, nep)


def legal(pos):
    res = []
    side = pos[1]
    for mv in pseudo(pos):
        np = play(pos, mv)
        king = next(c for c, p in np[0].items() if p == (side, "K"))
        if not attacked(np[0], king, other(side)):
            res.append((mv, np))
    return res


def perft(pos, depth):
    moves = legal(pos)
    if depth == 1:
        return len(moves)
    return sum(perft(np, depth - 1) for _, np in moves)


def parse_fen(fen):
    f = fen.split()
    board = {}
    for r, row in enumerate(f[0].split("/")):
        x = 0
        for ch in row:
            if ch.isdigit():
                x += int(ch)
            else:
                board[(x, H - 1 - r)] = ("w" if ch.isupper() else "b", ch.upper())
                x += 1
    castle = "" if f[2] == "-" else f[2]
    ep = None if f[3] == "-" else ("abcdefgh".index(f[3][0]), int(f[3][1:]) - 1)
    return (board, f[1], castle, ep)


def name(c):
    return "abcdefgh"[c[0]] + str(c[1] + 1)


START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("-")]
    depth = int(args[0])
    if TORUS:
        W = H = len(args[1].split()[0].split("/"))
    pos = parse_fen(args[1] if len(args) > 1 else START)
    if "-d" in sys.argv:
        for mv, np in legal(pos):
            n = perft(np, depth - 1) if depth > 1 else 1
            print(name(mv[0]) + name(mv[1]) + (mv[2].lower() if mv[2] in ("Q", "R", "B", "N") else ""), n)
    print(perft(pos, depth))
