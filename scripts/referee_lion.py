#!/usr/bin/env python3
"""An independent referee for moves of two steps (chu shogi's lion, horned
falcon and soaring eagle) on the small test game of
tests/fixtures/lion.variant. It shares no code with varia and is written
from the rules of chu shogi as published (H. G. Muller's chu shogi pages,
https://www.chessvariants.com/shogivariants.dir/chushogi.html, "Lion";
https://en.wikipedia.org/wiki/Chu_shogi, "Lion", "Horned falcon",
"Soaring eagle") and as docs/LANGUAGE.md ("lion") states them:

* the lion (L) goes to any square within two king steps, leaping (its
  distance-two squares are reached whatever stands between), taking the
  enemy man there; or takes an enemy man a king step away and makes a
  second king step from there: onto an empty square or an enemy man
  (taken too), or back to its start (igui: the man taken, the lion on its
  square); or steps onto an empty square next to it and back (jitto: a
  pass, one move however many empty squares it could use);
* the falcon (F) rides as a bishop and as a rook sideways and backwards,
  and has the lion's power forward only: one step forward, a leap two
  forward, a capture one forward then one more forward or back (igui),
  or a step forward onto an empty square and back (jitto);
* the eagle (E) rides as a rook and as a bishop backwards, with the
  lion's power on the two forward diagonals, each in its own line;
* a king (K) steps one square; a pawn (P) one square forward, moving or
  taking; pawns never promote here;
* a move is legal when afterwards no enemy move could take the mover's
  king (by any of the moves above, two-step captures included).

Moves are counted once each: a step or leap by its squares; a move of two
steps that takes on its first square by its three squares; a jitto once
per man.

Usage: referee_lion.py FEN DEPTH [--divide]   (FEN: board and side only)
"""

import sys

N = 6
KING = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]
ORTH = KING[:4]
DIAG = KING[4:]


def on(x, y):
    return 0 <= x < N and 0 <= y < N


class Referee:
    def __init__(self, fen):
        parts = fen.split()
        self.board = {}
        for i, row in enumerate(parts[0].split("/")):
            y = N - 1 - i
            x = 0
            j = 0
            while j < len(row):
                c = row[j]
                if c.isdigit():
                    k = j
                    while k < len(row) and row[k].isdigit():
                        k += 1
                    x += int(row[j:k])
                    j = k
                    continue
                self.board[(x, y)] = c
                x += 1
                j += 1
        self.white = parts[1] == "w"
        self.stack = []

    @staticmethod
    def side(c):
        return c.isupper()

    def pseudo(self, white):
        """Moves of the side as tuples: ('m', from, to) for a step, leap or
        ride; ('l', from, mid, to) for a move of two steps taking on mid;
        ('j', from) for a jitto."""
        b = self.board
        out = []
        fwd = 1 if white else -1

        def mine(sq):
            return sq in b and self.side(b[sq]) == white

        def add(frm, to):
            if on(*to) and not mine(to):
                out.append(("m", frm, to))

        def ride(frm, dirs):
            for dx, dy in dirs:
                x, y = frm[0] + dx, frm[1] + dy
                while on(x, y):
                    if (x, y) in b:
                        if not mine((x, y)):
                            out.append(("m", frm, (x, y)))
                        break
                    out.append(("m", frm, (x, y)))
                    x, y = x + dx, y + dy

        def lion(frm, firsts, straight):
            """Two-step captures and one jitto."""
            jitto = False
            for d1 in firsts:
                mid = (frm[0] + d1[0], frm[1] + d1[1])
                if not on(*mid):
                    continue
                if mid not in b:
                    jitto = True
                    continue
                if mine(mid):
                    continue
                seconds = [d1] if straight else list(firsts)
                back = (-d1[0], -d1[1])
                if back not in seconds:
                    seconds.append(back)
                for d2 in seconds:
                    to = (mid[0] + d2[0], mid[1] + d2[1])
                    if not on(*to):
                        continue
                    if to == frm or not mine(to):
                        out.append(("l", frm, mid, to))
            if jitto:
                out.append(("j", frm))

        for frm, c in list(b.items()):
            if self.side(c) != white:
                continue
            p = c.upper()
            x, y = frm
            if p == "K":
                for dx, dy in KING:
                    add(frm, (x + dx, y + dy))
            elif p == "P":
                add(frm, (x, y + fwd))
            elif p == "L":
                for dx in range(-2, 3):
                    for dy in range(-2, 3):
                        if (dx, dy) != (0, 0):
                            add(frm, (x + dx, y + dy))
                lion(frm, KING, False)
            elif p == "F":
                ride(frm, DIAG + [(1, 0), (-1, 0), (0, -fwd)])
                add(frm, (x, y + fwd))
                add(frm, (x, y + 2 * fwd))
                lion(frm, [(0, fwd)], True)
            elif p == "E":
                ride(frm, ORTH + [(1, -fwd), (-1, -fwd)])
                for dx in (1, -1):
                    add(frm, (x + dx, y + fwd))
                    add(frm, (x + 2 * dx, y + 2 * fwd))
                lion(frm, [(1, fwd), (-1, fwd)], True)
        return out

    def push(self, m):
        b = self.board
        undo = {}
        if m[0] == "m":
            _, f, t = m
            undo = {f: b.get(f), t: b.get(t)}
            b[t] = b.pop(f)
        elif m[0] == "l":
            _, f, mid, t = m
            undo = {f: b.get(f), mid: b.get(mid), t: b.get(t)}
            man = b.pop(f)
            del b[mid]
            b.pop(t, None)
            b[t] = man
        self.stack.append(undo)
        self.white = not self.white

    def pop(self):
        undo = self.stack.pop()
        for sq, c in undo.items():
            if c is None:
                self.board.pop(sq, None)
            else:
                self.board[sq] = c
        self.white = not self.white

    def king_taken(self, white):
        """Whether a move of the side `not white` would take white's king."""
        king = "K" if white else "k"
        ks = [sq for sq, c in self.board.items() if c == king]
        if not ks:
            return False
        k = ks[0]
        for m in self.pseudo(not white):
            if m[0] == "m" and m[2] == k:
                return True
            if m[0] == "l" and k in (m[2], m[3]):
                return True
        return False

    def legal(self):
        me = self.white
        out = []
        for m in self.pseudo(me):
            self.push(m)
            if not self.king_taken(me):
                out.append(m)
            self.pop()
        return out


def name(sq):
    return "abcdef"[sq[0]] + str(sq[1] + 1)


def text(m):
    if m[0] == "m":
        return name(m[1]) + name(m[2])
    if m[0] == "l":
        return f"{name(m[1])}{name(m[2])},{name(m[2])}{name(m[3])}"
    return "jitto " + name(m[1])


def perft(r, depth):
    if depth == 0:
        return 1
    moves = r.legal()
    if depth == 1:
        return len(moves)
    n = 0
    for m in moves:
        r.push(m)
        n += perft(r, depth - 1)
        r.pop()
    return n


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    fen = " ".join(args[:-1])
    depth = int(args[-1])
    r = Referee(fen)
    if "--divide" in sys.argv:
        for m in sorted(r.legal(), key=text):
            r.push(m)
            print(text(m), perft(r, depth - 1))
            r.pop()
    print(perft(r, depth))


if __name__ == "__main__":
    main()
