"""What the python-chess based referees share: perft with a divide, and
chess castling tested square by square.

A referee is an object with `legal()` (the legal moves), `push(move)` and
`pop()`. Nothing here knows varia; the referees stay independent of it.
"""

import sys

import chess


def perft(r, depth):
    """Leaf count to `depth` (depth 0 is the position itself)."""
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


def print_perft(r, depth, text=lambda m: m.uci()):
    """Print the count; with `--divide` on the command line, each first
    move's count before it, one per line as `perft --divide` does."""
    if "--divide" in sys.argv:
        for m in r.legal():
            r.push(m)
            print(text(m), perft(r, depth - 1))
            r.pop()
    print(perft(r, depth))


def castlings(b, unmoved, attacked, make=chess.Move):
    """Chess castling for the side to move on `b`: king and rook on their
    start squares and unmoved (`unmoved`, a set of squares), the squares
    between them empty, and the king's start, path and arrival not attacked
    (`attacked(color, square)`). Each castling is `make(king, arrival)`."""
    me = b.turn
    k = chess.E1 if me == chess.WHITE else chess.E8
    if b.piece_at(k) != chess.Piece(chess.KING, me) or k not in unmoved:
        return []
    out = []
    for rook, path, to, passes in (
        (k + 3, (k + 1, k + 2), k + 2, (k, k + 1, k + 2)),
        (k - 4, (k - 1, k - 2, k - 3), k - 2, (k, k - 1, k - 2)),
    ):
        if rook not in unmoved or b.piece_at(rook) != chess.Piece(chess.ROOK, me):
            continue
        if any(b.piece_at(q) for q in path):
            continue
        if any(attacked(not me, q) for q in passes):
            continue
        out.append(make(k, to))
    return out


def args():
    """The command line without its `--` flags."""
    return [a for a in sys.argv[1:] if not a.startswith("--")]
