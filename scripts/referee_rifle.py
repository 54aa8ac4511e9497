#!/usr/bin/env python3
"""An independent referee for Rifle chess, on top of python-chess. It shares
no code with varia: python-chess gives the orthodox pseudo-legal moves, and
the rule of the game is applied to them here; `perft` counts the leaves.

Rules (W. Seeley, 1921; D. B. Pritchard, The Classified Encyclopedia of
Chess Variants, "Rifle Chess"; https://en.wikipedia.org/wiki/Rifle_chess;
the choices are listed in variants/catalogue/rifle.variant):

* every capture is a shot: the man taken leaves the board, the capturer
  stays on its square. A pawn that shoots onto the last rank stays a pawn
  on its seventh rank (one move, not four promotions).
* en passant: a pawn shoots the pawn that has just stepped twice past its
  capture square, and stays.
* a man that shoots has moved: a king or rook loses its castling, and a
  pawn that shoots from its second rank may no longer step twice (the
  double step is a pawn's first move).
* check is the ordinary attack; a move is legal when the mover's king is
  not attacked after it. Castling as in chess (not out of, through or
  into check).

Usage: referee_rifle.py FEN DEPTH [--divide]
"""


import chess

from referee_common import args, castlings, print_perft


class Referee:
    def __init__(self, fen):
        self.b = chess.Board(fen)
        # Has-moved flags of kings and rooks, as the FEN's castling field says.
        self.unmoved = set()
        for k, rooks in ((chess.E1, (chess.A1, chess.H1)), (chess.E8, (chess.A8, chess.H8))):
            for r in rooks:
                if self.b.castling_rights & chess.BB_SQUARES[r]:
                    self.unmoved.add(r)
                    self.unmoved.add(k)
        self.b.castling_rights = 0
        # Pawns on their second rank that have moved (by shooting).
        self.shot = set()
        self.stack = []

    def attacked(self, color, sq):
        return bool(self.b.attackers_mask(color, sq))

    def in_check(self, color):
        k = self.b.king(color)
        return k is not None and self.attacked(not color, k)

    def castlings(self):
        return castlings(self.b, self.unmoved, self.attacked, lambda k, to: ("castle", k, to))

    def candidates(self):
        """Moves as (kind, from, to[, promotion]) tuples, each once."""
        b = self.b
        seen = set()
        for m in b.generate_pseudo_legal_moves():
            if b.is_en_passant(m):
                victim = m.to_square + (-8 if b.turn == chess.WHITE else 8)
                mv = ("shoot", m.from_square, m.to_square, victim)
            elif b.piece_at(m.to_square) is not None:
                # A shot: one move, whatever promotions python-chess lists.
                mv = ("shoot", m.from_square, m.to_square, m.to_square)
            elif abs(m.to_square - m.from_square) == 16 and b.piece_type_at(m.from_square) == chess.PAWN and m.from_square in self.shot:
                continue
            else:
                mv = ("move", m.from_square, m.to_square, m.promotion)
            if mv not in seen:
                seen.add(mv)
                yield mv
        yield from self.castlings()

    def push(self, mv):
        b, me = self.b, self.b.turn
        self.stack.append((b.copy(stack=False), set(self.unmoved), set(self.shot)))
        kind, frm, to = mv[0], mv[1], mv[2]
        if kind == "castle":
            rook, rto = (frm + 3, frm + 1) if to > frm else (frm - 4, frm - 1)
            b.remove_piece_at(frm)
            b.remove_piece_at(rook)
            b.set_piece_at(to, chess.Piece(chess.KING, me))
            b.set_piece_at(rto, chess.Piece(chess.ROOK, me))
            b.ep_square = None
            self.unmoved -= {frm, rook}
        elif kind == "shoot":
            b.remove_piece_at(mv[3])
            self.shot.discard(mv[3])
            if b.piece_type_at(frm) == chess.PAWN:
                self.shot.add(frm)
            b.ep_square = None
            self.unmoved -= {frm, mv[3]}
        else:
            piece = b.remove_piece_at(frm)
            self.shot.discard(frm)
            if mv[3] is not None:
                piece = chess.Piece(mv[3], me)
            b.set_piece_at(to, piece)
            b.ep_square = None
            if piece.piece_type == chess.PAWN and abs(to - frm) == 16:
                b.ep_square = (to + frm) // 2
            self.unmoved -= {frm, to}
        b.turn = not me
        b.clear_stack()
        return not self.in_check(me)

    def pop(self):
        self.b, self.unmoved, self.shot = self.stack.pop()

    def legal(self):
        out = []
        for m in list(self.candidates()):
            if self.push(m):
                out.append(m)
            self.pop()
        return out


def text(mv):
    s = chess.square_name(mv[1]) + chess.square_name(mv[2])
    if mv[0] == "move" and mv[3] is not None:
        s += chess.piece_symbol(mv[3])
    return s


def main():
    fen, depth = args()[:2]
    print_perft(Referee(fen), int(depth), text)


if __name__ == "__main__":
    main()
