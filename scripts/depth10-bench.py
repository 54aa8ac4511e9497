#!/usr/bin/env python3
"""Nodes and time to depth 10 in chess, varia against Fairy-Stockfish (issue 37).

The issue asks for nodes to depth 10 on five standard positions within 3x
of Fairy-Stockfish's, one thread each. This script searches each position
with both engines in one run, each in a fresh process (empty table,
`Threads 1`, `Hash 16`), `go depth 10`, and prints a Markdown table of the
last `info depth` line of each (nodes, time, nodes per second, best move)
and the ratio of nodes varia/Fairy-Stockfish:

    VARIA=target/matchbuild/varia FSF=/work/fsf-src/src/stockfish \
      scripts/depth10-bench.py [DEPTH]

DEPTH defaults to 10. Node counts are deterministic for both engines with
one thread (times depend on the machine's load). The positions: the
start, the Italian and QGD positions of `search-bench.py`, Kiwipete (the
perft test position, a tactical middlegame) and a rook endgame (Lucena-like,
few men: deep trees with little material).

VALUES=FILE runs `varia uci --values FILE` (`none`: the rule file's own
weights). POSITIONS=FILE searches the FENs of FILE (one a line, `#`
comments) instead of the five: five trees swing by a quarter with any
change of the evaluation (docs/STRENGTH.md, "the tuned values rescaled"),
`scripts/depth10-positions.fen` has 40 more. The last line also gives
the geometric mean of the per-position ratios.
"""
import math
import os
import sys

from uci_search_common import search

VARIA = os.environ.get("VARIA", "target/matchbuild/varia")
FSF = os.environ.get("FSF", "/work/fsf-src/src/stockfish")
VALUES = os.environ.get("VALUES")

POSITIONS = [
    ("startpos", "position startpos"),
    ("italian",
     "position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 c2c3 g8f6 d2d4 e5d4 c3d4 c5b4 b1c3 f6e4 e1g1 b4c3"),
    ("qgd", "position fen r2q1rk1/pp2bppp/2n1pn2/2pp4/3P1B2/2PBPN2/PP1N1PPP/R2QK2R w KQ - 0 9"),
    ("kiwipete", "position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
    ("rook-endgame", "position fen 1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1"),
]


def positions():
    """The five positions, or those of the file POSITIONS names."""
    path = os.environ.get("POSITIONS")
    if not path:
        return POSITIONS
    with open(path) as f:
        fens = [l.strip() for l in f if l.strip() and not l.startswith("#")]
    return [(f"#{i + 1}", f"position fen {fen}") for i, fen in enumerate(fens)]


def run(binary, args, pos, depth):
    return search([binary] + args, [("Threads", 1), ("Hash", 16)], pos, depth)


def main():
    depth = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    args = ["uci"] + (["--values", VALUES] if VALUES else [])
    print(f"varia: {' '.join([VARIA] + args)}; Fairy-Stockfish: {FSF}; "
          f"go depth {depth}, Threads 1, Hash 16")
    print()
    print("| position | varia nodes | varia ms | varia nps | varia best "
          "| FSF nodes | FSF ms | FSF nps | FSF best | nodes varia/FSF |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    tot = [0, 0, 0, 0]
    logs = []
    for name, pos in positions():
        v = run(VARIA, args, pos, depth)
        f = run(FSF, [], pos, depth)
        if v is None or f is None:
            print(f"| {name} | failed | | | | | | | | |")
            continue
        _, vn, vt, vb = v
        _, fn, ft, fb = f
        tot = [tot[0] + vn, tot[1] + vt, tot[2] + fn, tot[3] + ft]
        logs.append(math.log(vn / max(fn, 1)))
        print(f"| {name} | {vn:,} | {vt} | {vn * 1000 // max(vt, 1):,} | {vb} "
              f"| {fn:,} | {ft} | {fn * 1000 // max(ft, 1):,} | {fb} | {vn / max(fn, 1):.2f} |",
              flush=True)
    vn, vt, fn, ft = tot
    print(f"| total | {vn:,} | {vt} | {vn * 1000 // max(vt, 1):,} | "
          f"| {fn:,} | {ft} | {fn * 1000 // max(ft, 1):,} | | {vn / max(fn, 1):.2f} |")
    if logs:
        print(f"\ngeometric mean of the per-position ratios: "
              f"{math.exp(sum(logs) / len(logs)):.2f}")


if __name__ == "__main__":
    main()
