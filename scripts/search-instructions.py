#!/usr/bin/env python3
"""Instructions per node of the search (issue 37), independent of load.

Usage: VARIA=BIN scripts/search-instructions.py [DEPTH_SCALE] [NAME ...]

Runs each position of scripts/search-bench.py under valgrind's cachegrind
(`varia uci`, `go depth D`, a fresh process and table per position), and
once more at depth 1: the instructions of the depth-1 run (start-up,
loading the variant, clearing the table) are subtracted, and the rest is
divided by the search's nodes. Prints one Markdown row per position (depth,
nodes, instructions of the search, instructions per node, best action) and
the totals. Needs valgrind; each position takes 10-60 s under it.
"""
import importlib.util
import os
import re
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("bench", os.path.join(here, "search-bench.py"))
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)

VARIA = os.environ.get("VARIA", "target/matchbuild/varia")


def run(variant, pos, depth):
    """(instructions, nodes, best) of one `go depth` in a fresh process."""
    cmds = (f"uci\nsetoption name UCI_Variant value {variant}\nsetoption name Hash value 16\n"
            f"ucinewgame\n{pos}\nisready\ngo depth {depth}\n")
    p = subprocess.Popen(["valgrind", "--tool=cachegrind", "--cache-sim=no",
                          "--cachegrind-out-file=/dev/null", VARIA, "uci"],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    p.stdin.write(cmds)
    p.stdin.flush()
    nodes, best = None, None
    for line in p.stdout:
        w = line.split()
        if w[:1] == ["info"] and "depth" in w and "nodes" in w:
            nodes = int(w[w.index("nodes") + 1])
        elif w[:1] == ["bestmove"]:
            best = w[1]
            break
    p.stdin.write("quit\n")
    p.stdin.close()
    err = p.stderr.read()
    p.wait()
    m = re.search(r"I\s+refs:\s+([\d,]+)", err)
    return int(m.group(1).replace(",", "")) if m else None, nodes, best


def main():
    args = sys.argv[1:]
    scale = int(args.pop(0)) if args and args[0].lstrip("-").isdigit() else 0
    print(f"binary: {VARIA}")
    print("| position | depth | nodes | instructions | per node | best |")
    print("|---|---|---|---|---|---|")
    tn = ti = 0
    for name, variant, pos, depth in bench.POSITIONS:
        if args and name not in args:
            continue
        i0, n0, _ = run(variant, pos, 1)
        i, n, best = run(variant, pos, depth + scale)
        if i is None or i0 is None or not n:
            print(f"| {name} | - | failed | | | |")
            continue
        work = i - i0
        tn += n
        ti += work
        print(f"| {name} | {depth + scale} | {n} | {work:,} | {work // n:,} | {best} |", flush=True)
    print(f"| total | | {tn} | {ti:,} | {ti // max(tn, 1):,} | |")


if __name__ == "__main__":
    main()
