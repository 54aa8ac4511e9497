#!/usr/bin/env python3
"""An independent referee for chess with conditions on moves: Checkless,
Grid and Patrol chess, on top of python-chess. It shares no code with
varia: each game's rule is written here from its published description and
applied to python-chess's moves, and `perft` counts the leaves.

Rules (the sources are named in variants/catalogue/NAME.variant):

* checkless: a move that leaves the enemy king in check is legal only when
  it mates: the opponent, in check, has no legal move under these same
  rules (recursively; vchess's reading). Nested mate tests deeper than
  MATE_DEPTH_LIMIT levels are judged by the chess rules alone, as varia
  does.
* grid: the board is cut into cells of W x H squares from a1; a move's
  from- and to-squares must lie in different cells; a king is attacked
  only by a man in another cell (a capture of it would cross a line), for
  check, for the king's own moves and for castling's squares.
* patrol: a man may capture only while a friendly man attacks its square
  (before the move; attacks in the plain sense, pins ignored); a king is
  attacked only by a man that is so guarded (in the position where the
  attack is looked at), for check, the king's moves and castling's squares.

Usage: referee_conditions.py RULE FEN DEPTH [--divide]
"""


import chess

from referee_common import args, print_perft

MATE_DEPTH_LIMIT = 8


def cell(sq, w=2, h=2):
    return (chess.square_file(sq) // w, chess.square_rank(sq) // h)


class Referee(chess.Board):
    rule = "chess"

    # --- attacks on a king -------------------------------------------------
    def counted_attackers(self, color, sq, occupied):
        """Men of `color` whose attack on `sq` counts under the rule."""
        out = []
        for a in chess.scan_forward(self.attackers_mask(color, sq, occupied) & occupied):
            if self.rule == "grid" and cell(a) == cell(sq):
                continue
            if self.rule == "patrol" and not self.guarded(a):
                continue
            out.append(a)
        return out

    def guarded(self, sq, occupied=None):
        """Whether a friend of the man on `sq` attacks `sq`."""
        occupied = self.occupied if occupied is None else occupied
        color = bool(self.occupied_co[chess.WHITE] & chess.BB_SQUARES[sq])
        friends = self.attackers_mask(color, sq, occupied) & self.occupied_co[color] & occupied
        return bool(friends & ~chess.BB_SQUARES[sq])

    def _attacked_for_king(self, path, occupied):
        # Castling's squares (python-chess asks with the king lifted).
        return any(
            self.counted_attackers(not self.turn, sq, occupied) for sq in chess.scan_reversed(path)
        )

    def king_attacked(self, color):
        k = self.king(color)
        return k is not None and bool(self.counted_attackers(not color, k, self.occupied))

    # --- legality ------------------------------------------------------------
    def allowed_shape(self, m):
        if self.rule == "grid":
            return cell(m.from_square) != cell(m.to_square)
        if self.rule == "patrol" and (self.is_capture(m)):
            return self.guarded(m.from_square)
        return True

    def legal(self):
        return self.rule_legal()

    def rule_legal(self, depth=0):
        moves = []
        for m in list(self.pseudo_legal_moves):
            if not self.allowed_shape(m):
                continue
            me = self.turn
            self.push(m)
            ok = not self.king_attacked(me)
            if ok and self.rule == "checkless" and depth <= MATE_DEPTH_LIMIT:
                if self.king_attacked(not me):
                    ok = not self.rule_legal(depth + 1)
            self.pop()
            if ok:
                moves.append(m)
        return moves


def main():
    rule, fen, depth = args()[:3]
    b = Referee(fen)
    b.rule = rule
    print_perft(b, int(depth))


if __name__ == "__main__":
    main()
