#!/usr/bin/env python3
"""An independent referee for bent moves (the hook mover and the
capricorn of the large shogi variants) on the small test game of
tests/fixtures/hook.variant. It shares no code with varia and is written
from the rules of the pieces as published (the hook mover of Dai Dai,
Maka Dai Dai and Tai shogi, the capricorn of Maka Dai Dai and Tai shogi:
https://www.chessvariants.com/shogivariants.dir/maka.html,
https://en.wikipedia.org/wiki/Dai_dai_shogi, "Hook mover";
https://en.wikipedia.org/wiki/Maka_dai_dai_shogi, "Capricorn") and as
docs/LANGUAGE.md ("Bent moves: then") states them:

* the hook mover (H) moves as a rook: along a rank or file over empty
  squares, stopping on an empty square or taking the first enemy man;
  or it goes so to an EMPTY square, turns there 90 degrees (left or
  right), and goes on as a rook from there, again over empty squares,
  stopping on an empty square or taking the first enemy man met. It
  captures only where it stops: an occupied square ends its first leg
  (no turn there);
* the capricorn (C) is the same on diagonals (a bishop that may turn 90
  degrees once, on an empty square);
* a king (K) steps one square any way; a pawn (P) one square forward,
  moving or taking, and becomes a hook mover on the far rank (always);
* a move is legal when afterwards no enemy move could take the mover's
  king (by any of the moves above, bent ones included).

A move is its start and end square (and a promotion): a square reached
by two paths (over either corner of a rectangle) is ONE move.

Usage: referee_hook.py FEN DEPTH [--divide]   (FEN: board and side only)
"""

import sys

N = 7
ORTH = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAG = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
KING = ORTH + DIAG


def on(x, y):
    return 0 <= x < N and 0 <= y < N


def turns(d):
    """The two lines square to d (a 90-degree turn left or right)."""
    return [(-d[1], d[0]), (d[1], -d[0])]


class Referee:
    def __init__(self, fen):
        parts = fen.split()
        self.board = {}
        for i, row in enumerate(parts[0].split("/")):
            y = N - 1 - i
            x = 0
            for c in row:
                if c.isdigit():
                    x += int(c)
                else:
                    self.board[(x, y)] = c
                    x += 1
        self.white = parts[1] == "w"
        self.stack = []

    def targets(self, frm, c):
        """The squares the man c on frm goes to (and takes on), as a set."""
        b = self.board
        white = c.isupper()
        kind = c.upper()
        out = set()

        def free(sq):
            return sq not in b or sq == frm  # the mover has left its square

        def ride(start, d):
            x, y = start
            while True:
                x, y = x + d[0], y + d[1]
                if not on(x, y):
                    return
                yield (x, y)
                if not free((x, y)):
                    return

        if kind == "K":
            for dx, dy in KING:
                if on(frm[0] + dx, frm[1] + dy):
                    out.add((frm[0] + dx, frm[1] + dy))
        elif kind == "P":
            f = 1 if white else -1
            if on(frm[0], frm[1] + f):
                out.add((frm[0], frm[1] + f))
        else:
            lines = ORTH if kind == "H" else DIAG
            for d in lines:
                for sq in ride(frm, d):
                    out.add(sq)
                    if free(sq):
                        # An empty turn square: on at 90 degrees.
                        for e in turns(d):
                            for sq2 in ride(sq, e):
                                out.add(sq2)
        out.discard(frm)
        return {sq for sq in out if sq not in b or b[sq].isupper() != white}

    def pseudo(self, white):
        moves = []
        for frm, c in list(self.board.items()):
            if c.isupper() != white:
                continue
            for to in self.targets(frm, c):
                last = N - 1 if white else 0
                promo = c.upper() == "P" and to[1] == last
                moves.append((frm, to, promo))
        return moves

    def push(self, m):
        frm, to, promo = m
        c = self.board.pop(frm)
        self.stack.append((m, c, self.board.get(to)))
        if promo:
            c = "H" if c.isupper() else "h"
        self.board[to] = c
        self.white = not self.white

    def pop(self):
        (frm, to, _), c, taken = self.stack.pop()
        del self.board[to]
        if taken is not None:
            self.board[to] = taken
        self.board[frm] = c
        self.white = not self.white

    def attacked_king(self, white):
        """Whether the king of `white` could be taken by the other side."""
        king = "K" if white else "k"
        ks = [sq for sq, c in self.board.items() if c == king]
        if not ks:
            return True
        for frm, c in list(self.board.items()):
            if c.isupper() != white and ks[0] in self.targets(frm, c):
                return True
        return False

    def legal(self):
        me = self.white
        out = []
        for m in self.pseudo(me):
            self.push(m)
            if not self.attacked_king(me):
                out.append(m)
            self.pop()
        return out


def name(sq):
    return "abcdefghijklmnop"[sq[0]] + str(sq[1] + 1)


def perft(r, depth):
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
    if len(sys.argv) < 3:
        print(__doc__)
        sys.exit(2)
    r = Referee(sys.argv[1])
    depth = int(sys.argv[2])
    if "--divide" in sys.argv:
        total = 0
        for m in sorted(r.legal()):
            r.push(m)
            n = perft(r, depth - 1) if depth > 1 else 1
            r.pop()
            print(f"{name(m[0])}{name(m[1])}{'h' if m[2] else ''}: {n}")
            total += n
        print(f"total {total}")
    else:
        print(perft(r, depth))


if __name__ == "__main__":
    main()
