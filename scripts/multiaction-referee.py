#!/usr/bin/env python3
"""An independent referee for chess games whose turns hold several moves,
built on python-chess and sharing no code with varia: it counts perft
(each move a node, or each whole turn one node with --turns) so that
varia's counts can be checked where no other engine plays these games.

Games and the rules it implements itself (their sources are in the
headers of variants/catalogue/*.variant):

  marseillais         every turn two moves, White's first too; a move
                      that gives check ends the turn.
  balancedmarseillais the same, but the game's first turn is one move.
  progressive         Italian progressive chess: the game's k-th turn has
                      k moves; a move that is not its series' last may not
                      give check.
  monster             Monster chess (Wikipedia, "Monster chess"; Pritchard,
                      The Classified Encyclopedia of Chess Variants):
                      White moves twice a turn, Black once; the rule of
                      legality below replaces "every move is legal".

Monster's legality, judged at the end of a turn: White's first move may
leave its king attacked if some legal second move follows; White's second
move may not leave its king attacked (a king in check is out of it at the
end of the turn). Black's move may not leave the black king where White
could take it with one of its next two moves: attacked at once, or
attacked after some first move of White's. The moves counted for White's
threat and for White's first move are the pseudo-legal moves (a capture
of the black king included, whatever it leaves attacked), castling under
its own conditions only: the king not attacked on its square nor on the
squares it passes (its destination is judged with the rest of the turn).

Common to the others: every move is a legal chess move (it may not leave the
mover's king attacked, so a player in check must answer it with the first
move of the turn); castling rights as in chess. A player with no legal
move, at the start of a turn or in its middle, ends the line (perft counts
no node below it).

En passant in progressive: only by the move right after the double step
(the double step closed its turn, the capture opens the next one).

En passant in marseillais and balancedmarseillais, after the rules of
Marseillais chess as vchess.club (B. Auder, "Marseille" and "Doublemove"
rules pages) and The Chess Variant Pages ("Marseillais Chess") give them:
a double step made by either move of a turn may be taken by the first
move of the opponent's next turn; if that move took en passant, a second
such double step still standing may be taken by its second move. So a
record lives until its maker's next turn starts, or until the pawn that
made it moves or is taken; the opponent loses it by a first move that is
not an en-passant capture. A double step whose passed square is occupied
when the capture would be made cannot be taken (the capture lands there).
The records are kept here beside the python-chess board (whose own
en-passant square is cleared after every move), and the FEN's en-passant
field may list several squares separated by commas.

Positions are given as FEN, optionally with varia's block of the turn's
state after the placement: `<left:N>` (moves left in the turn, the next
one included; default: the whole turn) and `<turn:K>` (the turn's number
from 1; default: from the move number, which counts turns).

    scripts/multiaction-referee.py GAME DEPTH [--fen FEN] [--turns] [--divide]
"""

import argparse
import re
import sys

import chess

START = chess.STARTING_FEN
MONSTER = "rnbqkbnr/pppppppp/8/8/8/8/2PPPP2/4K3 w kq - 0 1"


class Game:
    def __init__(self, name):
        self.name = name
        self.growing = name == "progressive"
        self.first = 1 if name == "balancedmarseillais" else None
        self.ends_on_check = name in ("marseillais", "balancedmarseillais")
        self.checks_last_only = name == "progressive"
        self.monster = name == "monster"
        self.ep_turn = name in ("marseillais", "balancedmarseillais")

    def length(self, index, color):
        """Moves of the turn numbered `index` (from 0), played by `color`."""
        if self.monster:
            return 2 if color == chess.WHITE else 1
        if self.growing:
            return index + 1
        if index == 0 and self.first is not None:
            return self.first
        return 2


def castles(b):
    """The castlings of the side to move under their own conditions only:
    the squares between king and rook empty, the king not attacked on its
    square nor on the squares it passes; its destination not tested."""
    out = []
    us = b.turn
    rank = 0 if us == chess.WHITE else 7
    king = b.king(us)
    if king != chess.square(4, rank):
        return out
    for rook in chess.scan_forward(b.clean_castling_rights() & chess.BB_RANKS[rank]):
        a_side = chess.square_file(rook) < 4
        king_to = chess.square(2 if a_side else 6, rank)
        rook_to = chess.square(3 if a_side else 5, rank)
        lo, hi = sorted((king, rook))
        between = [q for q in range(lo + 1, hi)]
        need_empty = set(between) | {king_to, rook_to}
        need_empty -= {king, rook}
        if any(b.piece_at(q) for q in need_empty):
            continue
        step = -1 if a_side else 1
        passed = [king] + list(range(king + step, king_to, step))
        if any(b.is_attacked_by(not us, q) for q in passed):
            continue
        out.append(chess.Move(king, king_to))
    return out


def candidates(b):
    """Pseudo-legal moves of the side to move, castling by `castles`."""
    return [m for m in b.generate_pseudo_legal_moves() if not b.is_castling(m)] + castles(b)


def threatened(b, color, n):
    """Whether the side to move in `b`, starting a turn of `n` moves, could
    take the king of `color`: attacked now, or (n >= 2) after some first
    move."""
    ksq = b.king(color)
    if ksq is None:
        return False
    if b.is_attacked_by(not color, ksq):
        return True
    if n < 2:
        return False
    for mv in candidates(b):
        b.push(mv)
        hit = b.is_attacked_by(not color, ksq)
        b.pop()
        if hit:
            return True
    return False


class State:
    """A board, the moves left in the turn and the turn's number; under
    the Marseillais rule, the open en-passant records as (owner, passed
    square, pawn's square)."""

    def __init__(self, game, fen):
        m = re.match(r"^(\S+?)(?:<([^>]*)>)?(\s.*)$", fen.strip())
        if not m:
            raise SystemExit(f"bad FEN: {fen}")
        place, block, rest = m.group(1), m.group(2) or "", m.group(3)
        self.records = []
        self.ep_turn = game.ep_turn
        if game.ep_turn:
            fields = rest.split()
            if len(fields) > 2 and fields[2] != "-":
                for name in fields[2].split(","):
                    passed = chess.parse_square(name)
                    # The pawn stands beyond the passed square, seen from
                    # the side whose rank it is on.
                    pawn = passed + 8 if chess.square_rank(passed) == 2 else passed - 8
                    owner = chess.WHITE if chess.square_rank(passed) == 2 else chess.BLACK
                    self.records.append((owner, passed, pawn))
                fields[2] = "-"
            rest = " " + " ".join(fields)
        self.board = chess.Board(place + rest)
        entries = dict(e.split(":", 1) for e in block.split(",") if e)
        b = self.board
        ply = 2 * (b.fullmove_number - 1) + (0 if b.turn == chess.WHITE else 1)
        self.game = game
        self.index = int(entries["turn"]) - 1 if "turn" in entries else ply
        self.left = int(entries.get("left", game.length(self.index, b.turn)))

    def ep_moves(self):
        """The legal en-passant captures of the side to move, each with
        the passed square it lands on, from the open records."""
        b = self.board
        out = []
        for owner, passed, _ in self.records:
            if owner == b.turn:
                continue
            b.ep_square = passed
            out.extend(b.generate_legal_ep())
            b.ep_square = None
        return out

    def moves(self):
        """The legal moves of the player to act, as python-chess moves."""
        if self.game.monster:
            return self.monster_moves()
        b = self.board
        out = []
        legal = list(b.legal_moves)
        if self.ep_turn:
            legal += self.ep_moves()
        for mv in legal:
            if self.game.checks_last_only and self.left > 1:
                b.push(mv)
                check = b.is_check()
                b.pop()
                if check:
                    continue
            out.append(mv)
        return out

    def monster_moves(self):
        b = self.board
        me = b.turn
        if self.left > 1:
            out = []
            for mv in candidates(b):
                saved, _ = self.play(mv)
                ok = any(True for _ in self.monster_moves())
                self.undo(saved)
                if ok:
                    out.append(mv)
            return out
        nxt = self.game.length(self.index + 1, not me)
        out = []
        for mv in b.legal_moves:
            if nxt > 1:
                b.push(mv)
                bad = threatened(b, me, nxt)
                b.pop()
                if bad:
                    continue
            out.append(mv)
        return out

    def play(self, mv):
        """Play `mv`; returns what `undo` needs, and whether the turn ended."""
        b = self.board
        mover = b.turn
        saved = (self.left, self.index, b.ep_square, list(self.records))
        first = self.left == self.game.length(self.index, mover)
        took = False
        if self.ep_turn:
            took = (
                b.piece_type_at(mv.from_square) == chess.PAWN
                and chess.square_file(mv.from_square) != chess.square_file(mv.to_square)
                and b.piece_at(mv.to_square) is None
            )
            if took:
                b.ep_square = mv.to_square
        b.push(mv)
        if self.ep_turn:
            b.ep_square = None
            self.update_records(mv, mover, first, took)
        check = b.is_check()
        ends = self.left <= 1 or (self.game.ends_on_check and check)
        if ends:
            self.index += 1
            self.left = self.game.length(self.index, b.turn)
        else:
            # The same player again; its own double step leaves no capture
            # (the record is open for the next move only, which is its own).
            self.left -= 1
            b.turn = mover
            b.ep_square = None
        return saved, ends

    def update_records(self, mv, mover, first, took):
        """The Marseillais rule of en passant after `mover`'s move `mv`."""
        b = self.board
        keep = []
        for owner, passed, pawn in self.records:
            standing = b.color_at(pawn) == owner
            if not standing:
                continue
            if owner == mover and first:
                continue
            if owner != mover and not took:
                continue
            keep.append((owner, passed, pawn))
        if b.piece_type_at(mv.to_square) == chess.PAWN and abs(mv.to_square - mv.from_square) == 16:
            keep.append((mover, (mv.from_square + mv.to_square) // 2, mv.to_square))
        self.records = keep

    def undo(self, saved):
        self.left, self.index, _, self.records = saved
        self.board.pop()
        if self.ep_turn:
            # pop restores the square set for an en-passant capture.
            self.board.ep_square = None


def perft(st, depth, turns):
    """Leaves `depth` moves (or whole turns) below `st`."""
    if depth == 0:
        return 1
    n = 0
    for mv in st.moves():
        if not turns and depth == 1:
            n += 1
            continue
        saved, ended = st.play(mv)
        n += perft(st, depth - 1 if (ended or not turns) else depth, turns)
        st.undo(saved)
    return n


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game", choices=["marseillais", "balancedmarseillais", "progressive", "monster"])
    ap.add_argument("depth", type=int)
    ap.add_argument("--fen", default=None)
    ap.add_argument("--turns", action="store_true", help="count whole turns as one node each")
    ap.add_argument("--divide", action="store_true", help="print the count below each first move")
    a = ap.parse_args()
    fen = a.fen or (MONSTER if a.game == "monster" else START)
    st = State(Game(a.game), fen)
    if a.divide and a.depth > 0:
        total = 0
        for mv in st.moves():
            saved, ended = st.play(mv)
            d = a.depth - 1 if (ended or not a.turns) else a.depth
            n = perft(st, d, a.turns)
            st.undo(saved)
            print(f"{mv.uci()}: {n}")
            total += n
        print(f"nodes {total}")
    else:
        print(f"nodes {perft(st, a.depth, a.turns)}")


if __name__ == "__main__":
    sys.exit(main())
