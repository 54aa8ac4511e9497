#!/usr/bin/env python3
"""Nodes and time to a fixed depth on five fixed positions (issue 37).

A load-independent measure of search efficiency: the node count to a depth
does not depend on the machine's load (the search is deterministic), the
time does. Run it on two binaries to compare a search change:

    VARIA=target/matchbuild/varia scripts/search-bench.py [DEPTH_SCALE]
    VARIA=/work/varia-search-base scripts/search-bench.py

Each position is searched by `varia uci` in a fresh process (empty table),
`go depth D`; the last `info depth` line gives nodes and time. DEPTH_SCALE
(default 0) is added to every position's depth. Output: one line per
position and the totals, as a Markdown table.
"""
import os
import sys

from uci_search_common import search

VARIA = os.environ.get("VARIA", "target/matchbuild/varia")

# name, UCI_Variant, position command, depth. The shogi and xiangqi lines
# are the moves varia's own search chose at depth 3 from the start (varia's
# coordinates: files a.., ranks 1..).
POSITIONS = [
    ("chess-italian", "chess",
     "position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 c2c3 g8f6 d2d4 e5d4 c3d4 c5b4 b1c3 f6e4 e1g1 b4c3",
     9),
    ("chess-qgd", "chess",
     "position fen r2q1rk1/pp2bppp/2n1pn2/2pp4/3P1B2/2PBPN2/PP1N1PPP/R2QK2R w KQ - 0 9",
     9),
    ("crazyhouse", "crazyhouse",
     "position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 d2d4 e5d4 e4e5 d7d5 c4b5 f6e4 f3d4 c8d7 b5c6 b7c6",
     6),
    ("shogi", "shogi",
     "position startpos moves c1d2 g9f8 g1f2 c9d8 c3c4 e7e6 b2d4 d9e8 d1e2 i7i6 b1c3 h8i7",
     7),
    ("xiangqi", "xiangqi",
     "position startpos moves b3c3 b8c8 c3c7 b10a8 c7c5 c8c4 c5i5 h10i8 h3h7 c4g4",
     7),
    ("atomic", "atomic",
     "position startpos moves d2d4 d7d5 e2e3 e7e6 c2c4 c7c6 b1c3 g8h6",
     8),
]


def run(variant, pos, depth):
    options = [("UCI_Variant", variant), ("Hash", 16)]
    return search([VARIA, "uci"], options, pos, depth, echo_refusals=True)


def main():
    scale = int(sys.argv[1]) if len(sys.argv) > 1 else 0
    print(f"binary: {VARIA}")
    print("| position | depth | nodes | ms | nps | best |")
    print("|---|---|---|---|---|---|")
    tn = tt = 0
    for name, variant, pos, depth in POSITIONS:
        r = run(variant, pos, depth + scale)
        if r is None:
            print(f"| {name} | - | failed | | | |")
            continue
        d, n, ms, best = r
        tn += n
        tt += ms
        print(f"| {name} | {d} | {n} | {ms} | {n * 1000 // max(ms, 1)} | {best} |", flush=True)
    print(f"| total | | {tn} | {tt} | {tn * 1000 // max(tt, 1)} | |")


if __name__ == "__main__":
    main()
