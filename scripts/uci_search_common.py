"""What the search benchmarks share: one search of one position by a UCI
engine in a fresh process (`search-bench.py`, `depth10-bench.py`).

An engine is started with its arguments, given its options, the position
and `go depth D`; the last `info ... depth ... nodes ... time` line before
`bestmove` gives the result. Nothing here knows varia: Fairy-Stockfish is
searched the same way.
"""

import subprocess
import sys


def search(command, options, position, depth, echo_refusals=False):
    """Search `position` (a UCI `position ...` line) to `depth` with the
    engine `command` (a list: the program and its arguments), after
    `setoption` for each (name, value) of `options` in order and
    `ucinewgame`. Returns (depth, nodes, time in ms, best move) of the last
    info line that has all three, or None when there is none. With
    `echo_refusals`, the engine's words that something was refused or
    unknown go to standard error (else its standard error is dropped)."""
    cmds = "uci\n"
    for name, value in options:
        cmds += f"setoption name {name} value {value}\n"
    cmds += f"ucinewgame\n{position}\nisready\ngo depth {depth}\n"
    p = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=None if echo_refusals else subprocess.DEVNULL,
                         text=True)
    p.stdin.write(cmds)
    p.stdin.flush()
    last = None
    best = None
    for line in p.stdout:
        w = line.split()
        if w[:1] == ["info"] and "depth" in w and "nodes" in w and "time" in w:
            last = w
        elif echo_refusals and w[:1] == ["info"] and ("refused" in line or "unknown" in line):
            print(line.strip(), file=sys.stderr)
        elif w[:1] == ["bestmove"]:
            best = w[1]
            break
    p.stdin.write("quit\n")
    p.stdin.close()
    p.wait()
    if last is None:
        return None
    get = lambda k: int(last[last.index(k) + 1])
    return get("depth"), get("nodes"), get("time"), best
