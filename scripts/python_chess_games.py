#!/usr/bin/env python3
"""Full chess games through python-chess's UCI client (`pip install chess`).

    scripts/python_chess_games.py [GAMES] [OPPONENT]

varia (`varia uci`, opened with chess.engine.SimpleEngine.popen_uci) plays
GAMES games against OPPONENT (default: a second varia) at 0.05 s a move;
python-chess checks every move and every reply. Any protocol error raises.
"""
import os
import subprocess
import sys

import chess
import chess.engine

games = int(sys.argv[1]) if len(sys.argv) > 1 else 4
# VARIA=/path/to/varia uses that binary; otherwise build and use target/release/varia.
V = os.environ.get("VARIA")
if not V:
    subprocess.run(["cargo", "build", "--release", "--quiet"], check=True)
    V = "target/release/varia"
varia = [V, "uci"]
opponent = sys.argv[2].split() if len(sys.argv) > 2 else varia
a = chess.engine.SimpleEngine.popen_uci(varia)
b = chess.engine.SimpleEngine.popen_uci(opponent)
score = 0.0
for i in range(games):
    board = chess.Board()
    white, black = (a, b) if i % 2 == 0 else (b, a)
    while not board.is_game_over(claim_draw=True) and board.ply() < 400:
        engine = white if board.turn == chess.WHITE else black
        result = engine.play(board, chess.engine.Limit(time=0.05), info=chess.engine.INFO_ALL)
        assert result.move in board.legal_moves, result.move
        board.push(result.move)
    outcome = board.outcome(claim_draw=True)
    res = outcome.result() if outcome else "1/2-1/2 (ply cap)"
    if outcome and outcome.winner is not None:
        score += 1.0 if (outcome.winner == chess.WHITE) == (i % 2 == 0) else 0.0
    else:
        score += 0.5
    print(f"game {i + 1}: {res} in {board.ply()} plies")
a.quit()
b.quit()
print(f"{games} games, no protocol error; varia (first engine) scored {score}/{games}")
