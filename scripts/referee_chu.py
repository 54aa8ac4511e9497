#!/usr/bin/env python3
"""An independent referee for chu shogi (variants/catalogue/chu.variant).
It shares no code with varia. Rule sources: https://en.wikipedia.org/wiki/Chu_shogi
(pieces, moves, promotions, the lion, the lion trading rules, the king
captured), H. G. Muller's pages (the set-up as WinBoard/XBoard lists it,
http://hgm.nubati.net/MSM/ChuPromoRule.html for the Chu Shogi
Association's promotion rule, his chessvariants.com comments: protection
of a lion judged after the capture). The readings, as the rule file's
header states them:

* no check: every move is played as the pieces move; the game is over
  (no move) for a player who has neither a king nor a crown prince;
* the bare king (the Japanese Chu Shogi Association's rule, Wikipedia's
  "Objective"): the game is also over (no move) when a player has nothing
  but royal pieces (king, crown prince) while the opponent has another
  piece, or two others when the bared player is to move (it may still
  bare the opponent in turn: two bare sides play on, drawn);
* promotion is optional: a move that enters the far four ranks may
  promote; a move that starts in them only when it captures; a pawn or
  lance that would end on the last rank unpromoted by a promoting move
  must promote (it could never move again); promoted pieces never
  promote again;
* the lion (and the promoted kirin) goes to any square within two king
  steps (a leap there), or takes an enemy man a king step away and steps
  once more (to an empty square, an enemy man, or back: igui), or passes
  by stepping onto an empty neighbour and back (jitto, one per lion);
  the horned falcon has that power straight forward only, the soaring
  eagle on each forward diagonal (a second step straight on or back);
* lion trading: a lion may not take a lion two squares away if, after the
  move, an enemy piece could move onto its square (the lion was
  protected), unless its first step took a man that is not a pawn or a
  go-between; after a non-lion takes a lion, the opponent may not take a
  lion with a non-lion on the next move unless, after the move, no enemy
  piece could move onto the square it lands on (the Okazaki rule, which
  the Association plays: a counter-strike on an unprotected lion).

Moves are counted once each: a step, leap or slide by its squares (and
promotion); a lion move that takes on its first square by its three
squares; a jitto once per piece.

FEN: varia's (ranks from 12 down, `+X` a promoted form, `<traded:1>` after
the placement for the counter-strike bar), side `w` or `b`.

Usage: referee_chu.py FEN DEPTH [--divide]   (FEN `start`: the set-up)
"""

import sys

N = 12
ZONE = 4
KING = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]
ORTH = KING[:4]
DIAG = KING[4:]
F, B = (0, 1), (0, -1)
LEFT, RIGHT = (-1, 0), (1, 0)
FL, FR, BL, BR = (-1, 1), (1, 1), (-1, -1), (1, -1)

# Each kind: (steps: one square each; slides: any distance; leaps: jumps
# of two squares in a line; lion power: None, "all", or the directions).
def kind(steps=(), slides=(), jumps=(), lion=None):
    return (list(steps), list(slides), list(jumps), lion)


KNIGHT_JUMPS = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
LION_JUMPS = [(2 * x, 2 * y) for (x, y) in KING] + KNIGHT_JUMPS

KINDS = {
    "K": kind(KING),
    "E": kind([d for d in KING if d != B]),
    "T": kind([d for d in KING if d != F]),
    "F": kind([F, B] + DIAG),
    "G": kind(ORTH + [FL, FR]),
    "S": kind(DIAG + [F]),
    "C": kind([F, B, FL, FR]),
    "O": kind(DIAG, jumps=[(2 * x, 2 * y) for (x, y) in ORTH]),
    "X": kind(ORTH, jumps=[(2 * x, 2 * y) for (x, y) in DIAG]),
    "L": kind(slides=[F]),
    "A": kind(slides=[F, B]),
    "M": kind([F, B], slides=[LEFT, RIGHT]),
    "V": kind([LEFT, RIGHT], slides=[F, B]),
    "B": kind(slides=DIAG),
    "R": kind(slides=ORTH),
    "H": kind(ORTH, slides=DIAG),
    "D": kind(DIAG, slides=ORTH),
    "N": kind(KING, jumps=LION_JUMPS, lion="all"),
    "Q": kind(slides=KING),
    "P": kind([F]),
    "I": kind([F, B]),
    # promoted forms
    "+E": kind(KING),
    "+T": kind([LEFT, RIGHT] + DIAG, slides=[F, B]),
    "+F": kind(slides=DIAG),
    "+G": kind(slides=ORTH),
    "+S": kind([LEFT, RIGHT], slides=[F, B]),
    "+C": kind([F, B], slides=[LEFT, RIGHT]),
    "+O": kind(KING, jumps=LION_JUMPS, lion="all"),
    "+X": kind(slides=KING),
    "+L": kind(slides=[F, B, FL, FR]),
    "+A": kind(slides=[F, B, BL, BR]),
    "+M": kind(slides=[LEFT, RIGHT] + DIAG),
    "+V": kind(slides=[F, B] + DIAG),
    "+B": kind(ORTH, slides=DIAG),
    "+R": kind(DIAG, slides=ORTH),
    # horned falcon: queen but forward; forward: lion power in that line
    "+H": kind([F], slides=[B, LEFT, RIGHT] + DIAG, jumps=[(0, 2)], lion=[F]),
    # soaring eagle: queen but forward diagonals; those: lion power
    "+D": kind([FL, FR], slides=ORTH + [BL, BR], jumps=[(-2, 2), (2, 2)], lion=[FL, FR]),
    "+P": kind(ORTH + [FL, FR]),
    "+I": kind([d for d in KING if d != B]),
}
PROMOTES = set("ETFGSCOXLAMVBRHDPI")
LIONS = {"N", "+O"}
NO_BRIDGE = {"P", "I"}
ROYAL = {"K", "+E"}

SETUP = (
    "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/"
    "12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL w"
)


def on(x, y):
    return 0 <= x < N and 0 <= y < N


def name(sq):
    return "abcdefghijkl"[sq[0]] + str(sq[1] + 1)


class Pos:
    def __init__(self, fen):
        if fen == "start":
            fen = SETUP
        parts = fen.split()
        place = parts[0]
        self.barred = False
        if "<" in place:
            place, state = place.split("<", 1)
            for entry in state.rstrip(">").split(","):
                if entry == "traded:1":
                    self.barred = True
        self.board = {}
        rows = place.split("/")
        assert len(rows) == N, "12 ranks"
        for i, row in enumerate(rows):
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
                plus = ""
                if c == "+":
                    plus = "+"
                    j += 1
                    c = row[j]
                side = 0 if c.isupper() else 1
                self.board[(x, y)] = (side, plus + c.upper())
                x += 1
                j += 1
            assert x == N, "12 files in rank %d" % (y + 1)
        self.turn = 0 if parts[1] == "w" else 1

    def fwd(self, side, d):
        return d if side == 0 else (-d[0], -d[1])

    def in_zone(self, side, sq):
        return sq[1] >= N - ZONE if side == 0 else sq[1] < ZONE

    def dead(self, side, k, sq):
        last = sq[1] == (N - 1 if side == 0 else 0)
        return last and k in ("P", "L")

    def reach(self, sq, side, k):
        """The squares a piece's single moves (steps, leaps, slides) land
        on: empty or enemy."""
        steps, slides, jumps, _ = KINDS[k]
        out = []
        for d in steps + jumps:
            dx, dy = self.fwd(side, d)
            t = (sq[0] + dx, sq[1] + dy)
            if on(*t) and self.board.get(t, (None,))[0] != side:
                out.append(t)
        for d in slides:
            dx, dy = self.fwd(side, d)
            t = (sq[0] + dx, sq[1] + dy)
            while on(*t):
                occ = self.board.get(t)
                if occ is None:
                    out.append(t)
                elif occ[0] != side:
                    out.append(t)
                    break
                else:
                    break
                t = (t[0] + dx, t[1] + dy)
        return out

    def attacked(self, sq, by):
        for s, (side, k) in list(self.board.items()):
            if side == by and sq in self.reach(s, side, k):
                return True
        return False

    def candidates(self):
        """(kind of move, from, mid, to, promote) for the side to move,
        before the lion trading rules."""
        me = self.turn
        out = []
        for sq, (side, k) in list(self.board.items()):
            if side != me:
                continue
            for t in self.reach(sq, me, k):
                cap = t in self.board
                can = k in PROMOTES and (
                    (not self.in_zone(me, sq) and self.in_zone(me, t))
                    or (cap and (self.in_zone(me, sq) or self.in_zone(me, t)))
                )
                if can:
                    out.append((sq, None, t, True))
                    if not self.dead(me, k, t):
                        out.append((sq, None, t, False))
                else:
                    out.append((sq, None, t, False))
            lion = KINDS[k][3]
            if lion is None:
                continue
            dirs = KING if lion == "all" else lion
            passed = False
            for d in dirs:
                dx, dy = self.fwd(me, d)
                mid = (sq[0] + dx, sq[1] + dy)
                if not on(*mid):
                    continue
                occ = self.board.get(mid)
                if occ is None:
                    if not passed:
                        passed = True
                        out.append((sq, mid, sq, False))  # jitto
                    continue
                if occ[0] == me:
                    continue
                seconds = KING if lion == "all" else [d, (-d[0], -d[1])]
                seen = set()
                for d2 in seconds:
                    ex, ey = self.fwd(me, d2)
                    t = (mid[0] + ex, mid[1] + ey)
                    if not on(*t) or t in seen:
                        continue
                    seen.add(t)
                    if t == sq or self.board.get(t, (None,))[0] != me:
                        out.append((sq, mid, t, False))
        return out

    def play(self, mv):
        sq, mid, t, promote = mv
        side, k = self.board[sq]
        undo = (dict(self.board), self.turn, self.barred)
        took_lion = False
        for v in (mid, t):
            if v is not None and v != sq and v in self.board:
                if self.board[v][1] in LIONS:
                    took_lion = True
                del self.board[v]
        del self.board[sq]
        self.board[t] = (side, "+" + k if promote else k)
        self.barred = took_lion and k not in LIONS
        self.turn = 1 - self.turn
        return undo

    def undo(self, u):
        self.board, self.turn, self.barred = u

    def others(self, side):
        return sum(1 for (s, k) in self.board.values() if s == side and k not in ROYAL)

    def over(self):
        if not any(s == self.turn and k in ROYAL for (s, k) in self.board.values()):
            return True
        me, you = self.others(self.turn), self.others(1 - self.turn)
        # Bared: the player to move while the opponent has two others (one
        # it could take at once does not end it yet), or the opponent
        # while the player to move has one.
        return (me == 0 and you >= 2) or (you == 0 and me >= 1)

    def legal(self):
        if self.over():
            return []
        me = self.turn
        out = []
        for mv in self.candidates():
            sq, mid, t, _ = mv
            k = self.board[sq][1]
            mid_man = self.board.get(mid) if mid not in (None, sq) else None
            last_man = self.board.get(t) if t != sq else None
            lion_taken = any(m is not None and m[1] in LIONS for m in (mid_man, last_man))
            if lion_taken and k not in LIONS:
                if self.barred:
                    # Okazaki: only an unprotected lion may be taken back.
                    u = self.play(mv)
                    protected = self.attacked(t, 1 - me)
                    self.undo(u)
                    if protected:
                        continue
            elif lion_taken and last_man is not None and last_man[1] in LIONS:
                far = max(abs(t[0] - sq[0]), abs(t[1] - sq[1])) > 1
                bridge = mid_man is not None and mid_man[1] not in NO_BRIDGE
                if far and not bridge:
                    u = self.play(mv)
                    protected = self.attacked(t, 1 - me)
                    self.undo(u)
                    if protected:
                        continue
            out.append(mv)
        return out

    def perft(self, depth):
        moves = self.legal()
        if depth == 1:
            return len(moves)
        n = 0
        for mv in moves:
            u = self.play(mv)
            n += self.perft(depth - 1)
            self.undo(u)
        return n


def text(mv):
    sq, mid, t, promote = mv
    if mid is None:
        return name(sq) + name(t) + ("+" if promote else "")
    return name(sq) + name(mid) + "," + name(mid) + name(t)


def main():
    fen, depth = sys.argv[1], int(sys.argv[2])
    p = Pos(fen)
    if "--divide" in sys.argv:
        total = 0
        for mv in p.legal():
            u = p.play(mv)
            n = p.perft(depth - 1) if depth > 1 else 1
            p.undo(u)
            total += n
            print(text(mv), n)
        print("total", total)
    else:
        print(p.perft(depth))


if __name__ == "__main__":
    main()
