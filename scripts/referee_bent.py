#!/usr/bin/env python3
"""An independent referee for bent moves combined with other rules: on a
board that wraps (a cylinder, a torus), with a man confined to a palace,
and under a move condition (`move where not capture or guarded`). It
shares no code with varia and is written from the pieces as published
(the hook mover of Dai Dai, Maka Dai Dai and Tai shogi, the capricorn of
Maka Dai Dai and Tai shogi: https://en.wikipedia.org/wiki/Dai_dai_shogi,
https://en.wikipedia.org/wiki/Maka_dai_dai_shogi), from the rules of the
boards and conditions as docs/LANGUAGE.md states them ("Boards that
wrap", "confined", "move ... where": patrol chess, as
https://www.chessvariants.com/rules/patrol-chess gives it), and from
"Bent moves: then" there:

* a hook mover (H) rides as a rook over empty squares, stopping on an
  empty square or on the first man met (taking it if it is an enemy); or
  it rides so to an EMPTY square, turns there 90 degrees (left or right)
  and rides on from there the same way. It captures only where it stops.
  The capricorn (C) is the same on diagonals. The turner (T) steps one
  square forward to an empty square and rides straight back from there
  (`fW then bR`). The square a man left is empty while it moves (a
  second leg may pass over it) but is never where it ends;
* a king (K) steps one square any way; a pawn (P) one square forward,
  moving or taking, and becomes a hook mover on the far rank;
* on a wrapping axis a step off one edge comes in at the other; a ride
  stops before it would come back to the square it started from (for a
  second leg: its turn square);
* GAME `palace`: a hook mover may land (and so take, and attack) only on
  its owner's palace, the eight squares round b2 (White) or f6 (Black);
  the squares it passes, the turn square included, may lie outside;
* GAME `patrol`: a man may capture only while a man of its own side
  attacks its square; an enemy man attacks the king only where taking it
  would be allowed so (it is guarded where it stands);
* a move is legal when afterwards no enemy man attacks the mover's king.

A move is its start and end square (and a promotion): a square reached
by two paths is ONE move.

GAMES (tests/fixtures/bent_GAME.variant): cylinder (7x7, files wrap; K H
C P), torus (6x6, both wrap; K H C T), palace (7x7; K H C P), patrol
(7x7; K H C P).

Usage: referee_bent.py GAME FEN DEPTH [--divide]   (FEN: board and side)
"""

import sys

ORTH = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAG = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
KING = ORTH + DIAG
GAMES = {
    # name: (width, height, files wrap, ranks wrap)
    "cylinder": (7, 7, True, False),
    "torus": (6, 6, True, True),
    "palace": (7, 7, False, False),
    "patrol": (7, 7, False, False),
}
RING = [(x, y) for x in range(3) for y in range(3) if (x, y) != (1, 1)]


class Referee:
    def __init__(self, game, fen):
        self.game = game
        self.w, self.h, self.wx, self.wy = GAMES[game]
        parts = fen.split()
        self.board = {}
        for i, row in enumerate(parts[0].split("/")):
            y = self.h - 1 - i
            x = 0
            for c in row:
                if c.isdigit():
                    x += int(c)
                else:
                    self.board[(x, y)] = c
                    x += 1
        self.white = parts[1] == "w"
        self.stack = []

    def step(self, sq, d):
        """The square one step from sq along d, or None off the board."""
        x, y = sq[0] + d[0], sq[1] + d[1]
        if self.wx:
            x %= self.w
        if self.wy:
            y %= self.h
        if 0 <= x < self.w and 0 <= y < self.h:
            return (x, y)
        return None

    def palace(self, white):
        if white:
            return set(RING)
        return {(self.w - 1 - x, self.h - 1 - y) for x, y in RING}

    def reach(self, frm, c):
        """Every square the man c on frm could capture on (or go to, when
        empty), whatever stands there."""
        b = self.board
        white = c.isupper()
        kind = c.upper()
        out = set()

        def free(sq):
            return sq not in b or sq == frm  # the mover has left its square

        def ride(start, d):
            sq = start
            while True:
                sq = self.step(sq, d)
                if sq is None or sq == start:
                    return
                yield sq
                if not free(sq):
                    return

        if kind == "K":
            for d in KING:
                sq = self.step(frm, d)
                if sq is not None:
                    out.add(sq)
        elif kind == "P":
            sq = self.step(frm, (0, 1 if white else -1))
            if sq is not None:
                out.add(sq)
        elif kind == "T":
            f = (0, 1 if white else -1)
            turn = self.step(frm, f)
            if turn is not None and free(turn) and turn != frm:
                for sq in ride(turn, (0, -f[1])):
                    out.add(sq)
        else:
            lines = ORTH if kind == "H" else DIAG
            for d in lines:
                for sq in ride(frm, d):
                    out.add(sq)
                    if free(sq):
                        for e in [(-d[1], d[0]), (d[1], -d[0])]:
                            for sq2 in ride(sq, e):
                                out.add(sq2)
        out.discard(frm)
        if self.game == "palace" and kind == "H":
            out &= self.palace(white)
        return out

    def attacks(self, frm, c, sq):
        """Whether the man c on frm attacks sq (for the king's safety)."""
        if sq not in self.reach(frm, c):
            return False
        if self.game == "patrol":
            return self.guarded(frm, c.isupper())
        return True

    def guarded(self, sq, white):
        """Whether a man of `white`'s side (not the one on sq) attacks sq."""
        for frm, c in list(self.board.items()):
            if frm != sq and c.isupper() == white and sq in self.reach(frm, c):
                return True
        return False

    def pseudo(self, white):
        moves = []
        for frm, c in list(self.board.items()):
            if c.isupper() != white:
                continue
            guarded = None
            for to in self.reach(frm, c):
                there = self.board.get(to)
                if there is not None and there.isupper() == white:
                    continue
                if self.game == "patrol" and there is not None:
                    if guarded is None:
                        guarded = self.guarded(frm, white)
                    if not guarded:
                        continue
                last = self.h - 1 if white else 0
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

    def king_attacked(self, white):
        king = "K" if white else "k"
        ks = [sq for sq, c in self.board.items() if c == king]
        if not ks:
            return True
        for frm, c in list(self.board.items()):
            if c.isupper() != white and self.attacks(frm, c, ks[0]):
                return True
        return False

    def legal(self):
        me = self.white
        out = []
        for m in self.pseudo(me):
            self.push(m)
            if not self.king_attacked(me):
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
    if len(sys.argv) < 4 or sys.argv[1] not in GAMES:
        print(__doc__)
        sys.exit(2)
    r = Referee(sys.argv[1], sys.argv[2])
    depth = int(sys.argv[3])
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
