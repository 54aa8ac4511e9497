#!/usr/bin/env python3
"""Label the positions of chess games with a UCI engine's evaluation, for
`varia tune chess --positions FILE`.

usage: label-positions.py GAMES.pgn OUT.txt [DEPTH] [EVERY]

Every EVERY-th position (default 2) from ply 8 on, not in check and not
over, is searched by the engine (ENGINE, default /usr/games/fairy-stockfish;
one thread, 16 MB of hash) to DEPTH (default 7) and written as
`FEN ; P`, P = 1 / (1 + 10^(-cp/400)) the expected score of White for the
engine's score cp (mates as ±3000, scores clamped to ±2000). Needs
python-chess (`pip install chess`).

The chess values shipped in variants/chess.values.toml were made so
(docs/STRENGTH.md, "Chess: square tables fitted to labelled positions"):

    varia simulate chess -n 3000 --players "ai:3,ai:3" --seed 24 \\
        --random-plies 8 --jobs 1 --pgn games3k.pgn
    scripts/label-positions.py games3k.pgn chess-labelled.txt 7 2
    varia tune chess --positions chess-labelled.txt --squares \\
        --values variants/chess.values.toml --out chess.values.toml
"""
import os
import sys

import chess
import chess.engine
import chess.pgn


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    src, out = sys.argv[1], sys.argv[2]
    depth = int(sys.argv[3]) if len(sys.argv) > 3 else 7
    every = int(sys.argv[4]) if len(sys.argv) > 4 else 2
    engine = os.environ.get("ENGINE", "/usr/games/fairy-stockfish")
    eng = chess.engine.SimpleEngine.popen_uci(engine)
    eng.configure({"Threads": 1, "Hash": 16})
    n = games = 0
    with open(src) as f, open(out, "w") as o:
        o.write(f"# chess positions from {src}, labelled by {engine} depth {depth}: "
                "P = 1/(1+10^(-cp/400)) for white\n")
        while True:
            game = chess.pgn.read_game(f)
            if game is None:
                break
            games += 1
            b = game.board()
            for ply, mv in enumerate(game.mainline_moves()):
                if ply >= 8 and ply % every == 0 and not b.is_check() and not b.is_game_over():
                    info = eng.analyse(b, chess.engine.Limit(depth=depth))
                    cp = info["score"].white().score(mate_score=3000)
                    cp = max(-2000, min(2000, cp))
                    p = 1.0 / (1.0 + 10 ** (-cp / 400.0))
                    o.write(f"{b.fen()} ; {p:.4f}\n")
                    n += 1
                b.push(mv)
            if games % 100 == 0:
                o.flush()
                print(f"{games} games, {n} positions", file=sys.stderr, flush=True)
    eng.quit()
    print(f"{games} games, {n} positions -> {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
