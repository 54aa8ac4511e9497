#!/usr/bin/env python3
"""An independent referee for dice chess (perft only).

Shares no code with varia; uses python-chess for the moves of the men.
Written from the rules of dice chess as lookintochess.com ("Chess variant:
Dice chess", one die, rolled again when no man of the rolled kind can
move) and Wikipedia ("Dice chess": two dice, a man of either kind may
move, doubles allow any move, a player with no move for the roll loses
the turn, castling on a rook, a king or doubles) state them, played
without check:
- a die's faces are 1 pawn, 2 knight, 3 bishop, 4 rook, 5 queen, 6 king;
- the player to act may move only men of a kind a rolled face names
  (doubles: any kind, with --doubles-any); castling is allowed when the
  roll names the king or the rook; en passant and promotion are pawn
  moves;
- no check: the king is an ordinary man; moves may leave it attacked,
  and castling needs only the king and rook unmoved and the squares
  between them empty (it may start in, cross or land on attacked
  squares); a captured king ends the game (no move after it);
- a roll that lets no man move: --stuck pass (the player passes, one
  action) or --stuck reroll (rolled again: such a roll has no action);
  a player with no move whatever the roll has no action at all.
Perft: the root's roll is given (or "-": every kind may move); after each
action the next roll is not known, and the count is the sum over every
roll of the dice that allows a set of kinds no other roll allowed, each
such set counted once.

Usage: referee_dice.py DEPTH FEN ROLL [--dice N] [--doubles-any]
                       [--stuck pass|reroll] [-d]
  ROLL: the faces from 1 joined by `+` (`2+5`), or `-`.
"""
import itertools
import sys

import chess

KIND = {chess.PAWN: 1, chess.KNIGHT: 2, chess.BISHOP: 3, chess.ROOK: 4,
        chess.QUEEN: 5, chess.KING: 6}
ALL = frozenset(range(1, 7))


def arg(name, default):
    if name in sys.argv:
        return sys.argv[sys.argv.index(name) + 1]
    return default


NDICE = int(arg("--dice", "1"))
DOUBLES_ANY = "--doubles-any" in sys.argv
STUCK = arg("--stuck", "reroll")


def kinds_of(faces):
    """The kinds a roll (a tuple of faces) lets move."""
    if faces is None:
        return ALL
    if DOUBLES_ANY and len(faces) > 1 and len(set(faces)) == 1:
        return ALL
    return frozenset(faces)


def outcomes():
    """One roll per distinct set of kinds."""
    seen = []
    for faces in itertools.combinations_with_replacement(range(1, 7), NDICE):
        k = kinds_of(faces)
        if k not in seen:
            seen.append(k)
    return seen


OUTCOMES = outcomes()


def castlings(b):
    """Castling without check: king and rook with their rights, the
    squares between them empty."""
    out = []
    c = b.turn
    rank = 0 if c == chess.WHITE else 7
    king = chess.square(4, rank)
    if b.piece_at(king) != chess.Piece(chess.KING, c):
        return out
    if b.has_kingside_castling_rights(c):
        if all(b.piece_at(chess.square(f, rank)) is None for f in (5, 6)):
            out.append(chess.Move(king, chess.square(6, rank)))
    if b.has_queenside_castling_rights(c):
        if all(b.piece_at(chess.square(f, rank)) is None for f in (1, 2, 3)):
            out.append(chess.Move(king, chess.square(2, rank)))
    return out


def all_moves(b):
    """Every move of the player to act, as (move, kinds that may make it)."""
    if not b.pieces(chess.KING, chess.WHITE) or not b.pieces(chess.KING, chess.BLACK):
        return []
    out = []
    for m in b.generate_pseudo_legal_moves():
        if b.is_castling(m):
            continue
        out.append((m, {KIND[b.piece_type_at(m.from_square)]}))
    for m in castlings(b):
        out.append((m, {6, 4}))
    return out


def actions(b, kinds):
    """The actions of a roll that lets `kinds` move: a list of moves, None
    for a pass."""
    moves = all_moves(b)
    mine = [m for m, k in moves if k & kinds]
    if mine or not moves:
        return mine
    return [None] if STUCK == "pass" else []


def play(b, m):
    if m is None:
        b.push(chess.Move.null())
    else:
        b.push(m)


def perft(b, kinds, depth):
    acts = actions(b, kinds)
    if depth == 1:
        return len(acts)
    n = 0
    for m in acts:
        play(b, m)
        for k in OUTCOMES:
            n += perft(b, k, depth - 1)
        b.pop()
    return n


def main():
    depth = int(sys.argv[1])
    b = chess.Board(sys.argv[2])
    roll = sys.argv[3]
    faces = None if roll == "-" else tuple(int(f) for f in roll.split("+"))
    kinds = kinds_of(faces)
    if "-d" in sys.argv:
        for m in actions(b, kinds):
            play(b, m)
            n = 1 if depth == 1 else sum(perft(b, k, depth - 1) for k in OUTCOMES)
            b.pop()
            print(m.uci() if m else "pass", n)
    print(perft(b, kinds, depth))


if __name__ == "__main__":
    main()
