#!/usr/bin/env python3
"""An independent Jieqi referee: counts perft on the true position.

Written from the rules, sharing no code with varia:
  - xiangqi: https://en.wikipedia.org/wiki/Xiangqi (the general in its
    palace, the flying-general rule, advisors, elephants and their eye,
    the horse's leg, chariots, cannons capturing over one screen, soldiers
    stepping sideways once across the river);
  - Jieqi: the rules page of pychess-variants
    (https://pychess-variants-dev.onrender.com/variants/jieqi): every man
    but the generals starts covered on the xiangqi start squares, a covered
    man makes its first move as the xiangqi man of its square and is then
    revealed as its real kind; revealed advisors and elephants are not held
    to the palace or to their side of the river; a soldier steps forward,
    and sideways too once across the river, wherever it was revealed.

Usage:
  referee_jieqi.py DEPTH "FEN" [--divide]

FEN as docs/FEN.md writes Jieqi ("face down"): the board with `X`/`x`
for covered men, then `<faces:...>` right after the board: per start
square of a covered man, in FEN order (rank 10 first, files a..i), the
real kind's letter while unrevealed, `=` and the letter once revealed
(the referee needs every unrevealed man's real kind: no `?`).
"""

import sys

W, H = 9, 10
# The xiangqi start (White at the bottom), by square (file, rank from 0).
BACK = "RNBAKABNR"


def start_kinds():
    s = {}
    for f in range(W):
        s[(f, 0)] = ("w", BACK[f])
        s[(f, 9)] = ("b", BACK[f])
    for f in (1, 7):
        s[(f, 2)] = ("w", "C")
        s[(f, 7)] = ("b", "C")
    for f in (0, 2, 4, 6, 8):
        s[(f, 3)] = ("w", "P")
        s[(f, 6)] = ("b", "P")
    return s


START = start_kinds()
# The start squares of covered men, in FEN order (rank 10 first, a..i).
SLOTS = sorted(
    [sq for sq, (_, k) in START.items() if k != "K"], key=lambda sq: (-sq[1], sq[0])
)


def palace(c, f, r):
    return 3 <= f <= 5 and ((0 <= r <= 2) if c == "w" else (7 <= r <= 9))


def own_side(c, r):
    return r <= 4 if c == "w" else r >= 5


def on_board(f, r):
    return 0 <= f < W and 0 <= r < H


class Pos:
    """board[(f, r)] = (colour, kind, real): `kind` is what the man moves
    as (a covered man: its square's xiangqi kind), `real` its real kind
    while covered, else None."""

    def __init__(self, fen):
        main = fen.split()
        placement = main[0]
        faces = None
        if "<" in placement:
            placement, block = placement.split("<", 1)
            block = block.rstrip(">")
            for entry in block.split(","):
                if entry.startswith("faces:"):
                    faces = entry[len("faces:"):]
        self.turn = main[1] if len(main) > 1 else "w"
        reals = {}
        if faces is not None:
            toks = []
            i = 0
            while i < len(faces):
                if faces[i] == "=":
                    toks.append(("=", faces[i + 1]))
                    i += 2
                else:
                    toks.append(("", faces[i]))
                    i += 1
            assert len(toks) == len(SLOTS), "faces: one entry per slot"
            for sq, (mark, c) in zip(SLOTS, toks):
                if mark == "":
                    assert c != "?", "the referee needs every real kind"
                    reals[sq] = c.upper()
        self.board = {}
        ranks = placement.split("/")
        assert len(ranks) == H
        for i, row in enumerate(ranks):
            r = H - 1 - i
            f = 0
            j = 0
            while j < len(row):
                ch = row[j]
                if ch.isdigit():
                    n = ch
                    while j + 1 < len(row) and row[j + 1].isdigit():
                        j += 1
                        n += row[j]
                    f += int(n)
                else:
                    c = "w" if ch.isupper() else "b"
                    k = ch.upper()
                    if k == "X":
                        colour, kind = START[(f, r)]
                        assert colour == c, "a covered man on its own start square"
                        self.board[(f, r)] = (c, kind, reals[(f, r)])
                    else:
                        self.board[(f, r)] = (c, k, None)
                    f += 1
                j += 1
            assert f == W

    def targets(self, sq, attacks_only=False):
        """Squares the man on sq may move to (own men excluded)."""
        c, k, real = self.board[sq]
        f, r = sq
        covered = real is not None
        out = []
        b = self.board

        def free_or_enemy(t):
            m = b.get(t)
            return m is None or m[0] != c

        if k == "K":
            for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                t = (f + df, r + dr)
                if palace(c, *t) and free_or_enemy(t):
                    out.append(t)
        elif k == "A":
            for df, dr in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
                t = (f + df, r + dr)
                if not on_board(*t):
                    continue
                if covered and not palace(c, *t):
                    continue
                if free_or_enemy(t):
                    out.append(t)
        elif k == "B":
            for df, dr in ((2, 2), (2, -2), (-2, 2), (-2, -2)):
                t = (f + df, r + dr)
                eye = (f + df // 2, r + dr // 2)
                if not on_board(*t) or eye in b:
                    continue
                if covered and not own_side(c, t[1]):
                    continue
                if free_or_enemy(t):
                    out.append(t)
        elif k == "N":
            for df, dr in ((1, 2), (-1, 2), (1, -2), (-1, -2), (2, 1), (2, -1), (-2, 1), (-2, -1)):
                t = (f + df, r + dr)
                leg = (f + (df // 2 if abs(df) == 2 else 0), r + (dr // 2 if abs(dr) == 2 else 0))
                if on_board(*t) and leg not in b and free_or_enemy(t):
                    out.append(t)
        elif k in ("R", "C"):
            for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                t = (f + df, r + dr)
                screen = False
                while on_board(*t):
                    m = b.get(t)
                    if k == "R":
                        if m is None:
                            out.append(t)
                        else:
                            if m[0] != c:
                                out.append(t)
                            break
                    else:
                        if not screen:
                            if m is None:
                                out.append(t)
                            else:
                                screen = True
                        elif m is not None:
                            if m[0] != c:
                                out.append(t)
                            break
                    t = (t[0] + df, t[1] + dr)
        elif k == "P":
            fwd = 1 if c == "w" else -1
            steps = [(0, fwd)]
            if not own_side(c, r):
                steps += [(1, 0), (-1, 0)]
            for df, dr in steps:
                t = (f + df, r + dr)
                if on_board(*t) and free_or_enemy(t):
                    out.append(t)
        return out

    def king(self, c):
        for sq, m in self.board.items():
            if m[0] == c and m[1] == "K":
                return sq
        return None

    def attacked(self, sq, by):
        for s2, m in list(self.board.items()):
            if m[0] == by and sq in self.targets(s2):
                return True
        return False

    def legal_after(self, c):
        """Whether colour c's general is safe and the generals do not face."""
        k = self.king(c)
        o = self.king("b" if c == "w" else "w")
        if k is None:
            return False
        if o is not None and o[0] == k[0]:
            lo, hi = sorted((k[1], o[1]))
            if all((k[0], y) not in self.board for y in range(lo + 1, hi)):
                return False
        return not self.attacked(k, "b" if c == "w" else "w")

    def moves(self):
        c = self.turn
        out = []
        for sq in sorted(self.board):
            m = self.board[sq]
            if m[0] != c:
                continue
            for t in self.targets(sq):
                undo = self.make(sq, t)
                if self.legal_after(c):
                    out.append((sq, t))
                self.unmake(undo)
        return out

    def make(self, a, b):
        c, k, real = self.board[a]
        captured = self.board.get(b)
        del self.board[a]
        # A covered man is revealed by its move: its real kind from now on.
        self.board[b] = (c, real, None) if real is not None else (c, k, None)
        self.turn = "b" if self.turn == "w" else "w"
        return (a, b, (c, k, real), captured)

    def unmake(self, undo):
        a, b, man, captured = undo
        self.board[a] = man
        if captured is None:
            del self.board[b]
        else:
            self.board[b] = captured
        self.turn = "b" if self.turn == "w" else "w"


def perft(p, d):
    ms = p.moves()
    if d == 1:
        return len(ms)
    n = 0
    for a, b in ms:
        u = p.make(a, b)
        n += perft(p, d - 1)
        p.unmake(u)
    return n


def name(sq):
    return "abcdefghi"[sq[0]] + str(sq[1] + 1)


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    depth, fen = int(args[0]), args[1]
    p = Pos(fen)
    if "--divide" in sys.argv:
        total = 0
        for a, b in p.moves():
            u = p.make(a, b)
            n = perft(p, depth - 1) if depth > 1 else 1
            p.unmake(u)
            print(name(a) + name(b), n)
            total += n
        print("total", total)
    else:
        print(perft(p, depth))


if __name__ == "__main__":
    main()
