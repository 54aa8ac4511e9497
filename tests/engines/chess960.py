#!/usr/bin/env python3
"""python-chess drives `varia uci` through Chess960, for tests/cli_uci.rs.

    chess960.py VARIA

1. Whole games through chess.engine.SimpleEngine (which sets UCI_Chess960,
   sends each position as X-FEN and the moves in Chess960 notation, the
   king taking its own rook): varia plays both sides from Chess960 start
   positions 518 (the standard array), 0, 959 and two more, until the game
   is over; python-chess checks every move.
2. Castling itself: from start positions whose back ranks are cleared
   (castling open on both sides), and after random plies, varia's `go perft
   2` split by first move must equal python-chess's count, move for move,
   with the position sent three ways: the start FEN and the moves (castling
   as king takes rook), the current X-FEN, the current Shredder-FEN.

Exit status 0 when everything agrees; the differences otherwise.
"""
import random
import subprocess
import sys

import chess
import chess.engine

VARIA = sys.argv[1]


def games():
    engine = chess.engine.SimpleEngine.popen_uci([VARIA, "uci"])
    assert "UCI_Chess960" in engine.options, engine.options
    castled = 0
    for n in (518, 0, 959, 100, 777):
        board = chess.Board.from_chess960_pos(n)
        board.chess960 = True
        while not board.is_game_over(claim_draw=True) and board.ply() < 600:
            move = engine.play(board, chess.engine.Limit(nodes=1500)).move
            if move not in board.legal_moves:
                sys.exit("position %d: %s is not legal in %s" % (n, move, board.fen()))
            castled += board.is_castling(move)
            board.push(move)
        print("start %d: %s after %d plies (%s)" % (
            n, board.result(claim_draw=True), board.ply(),
            board.outcome(claim_draw=True).termination.name
            if board.outcome(claim_draw=True) else "ply cap"))
    engine.quit()
    print("castlings played in the games:", castled)


def perft():
    p = subprocess.Popen([VARIA, "uci"], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, text=True)

    def send(s):
        p.stdin.write(s + "\n")
        p.stdin.flush()

    def divide(fen, moves):
        send("position fen %s%s" % (fen, " moves " + " ".join(moves) if moves else ""))
        send("go perft 2")
        out = {}
        while True:
            line = p.stdout.readline()
            if not line:
                sys.exit("varia ended")
            line = line.strip()
            if line.startswith("Nodes searched"):
                return out
            if line.startswith("info string") and ("refused" in line or "illegal" in line):
                sys.exit("varia: " + line)
            if ": " in line and not line.startswith("info"):
                m, count = line.split(": ")
                out[m] = int(count)

    send("uci")
    send("setoption name UCI_Chess960 value true")
    rng = random.Random(960)
    differences = castlings = 0
    for k in range(60):
        n = rng.randrange(960)
        board = chess.Board.from_chess960_pos(n)
        board.chess960 = True
        cleared = k % 2 == 0
        if cleared:
            for sq in chess.SquareSet(chess.BB_RANK_1 | chess.BB_RANK_8):
                piece = board.piece_at(sq)
                if piece and piece.piece_type not in (chess.KING, chess.ROOK) \
                        and rng.random() < 0.85:
                    board.remove_piece_at(sq)
            board.clear_stack()
        start = board.fen()
        moves = []
        for _ in range(rng.randrange(0, 5) if cleared else rng.randrange(0, 30)):
            legal = list(board.legal_moves)
            if not legal:
                break
            castles = [m for m in legal if board.is_castling(m)]
            m = rng.choice(castles) if castles and rng.random() < 0.7 else rng.choice(legal)
            moves.append(m.uci())
            board.push(m)
        want = {}
        for m in board.legal_moves:
            castlings += board.is_castling(m)
            board.push(m)
            want[m.uci()] = board.legal_moves.count()
            board.pop()
        for fen, ms in ((start, moves), (board.fen(), []), (board.fen(shredder=True), [])):
            got = divide(fen, ms)
            if got != want:
                differences += 1
                print("differs: position %d, %s moves %s: %s" % (
                    n, fen, " ".join(ms), sorted(set(got.items()) ^ set(want.items()))[:8]))
    send("quit")
    print("perft 2 of 60 positions, three ways each: %d castling moves among the "
          "first moves, %d differences" % (castlings, differences))
    if differences or castlings < 20:
        sys.exit(1)


games()
perft()
