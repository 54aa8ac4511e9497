#!/usr/bin/env python3
"""The AI against random players in every built-in variant.

    scripts/beats_random.py [GAMES] [LEVEL]      (defaults: 20, 5, the default level)

Two players: ai:LEVEL against random, GAMES games in each seat order.
Three or four players: the AI in the first seat, every other seat random.
"""
import json
import os
import subprocess
import sys

games = sys.argv[1] if len(sys.argv) > 1 else "20"
level = sys.argv[2] if len(sys.argv) > 2 else "5"
# VARIA=/path/to/varia uses that binary; otherwise build and use target/release/varia.
V = os.environ.get("VARIA")
if not V:
    subprocess.run(["cargo", "build", "--release", "--quiet"], check=True)
    V = "target/release/varia"


def sim(name, players, seed):
    out = subprocess.run(
        [V, "simulate", name, "-n", games, "--players", ",".join(players),
         "--seed", str(seed), "--jobs", "1", "--json"],
        check=True, capture_output=True, text=True).stdout
    return json.loads(out)


for line in subprocess.run([V, "list", "--json"], check=True, capture_output=True,
                           text=True).stdout.splitlines():
    v = json.loads(line)
    name, seats = v["name"], v["players"]
    ai = f"ai:{level}"
    if len(seats) == 2:
        a = sim(name, [ai, "random"], 5)
        b = sim(name, ["random", ai], 6)
        won = a["wins"][seats[0]] + b["wins"][seats[1]]
        total = a["games"] + b["games"]
        draws = a["draws"] + b["draws"]
    else:
        a = sim(name, [ai] + ["random"] * (len(seats) - 1), 5)
        won, total, draws = a["wins"][seats[0]], a["games"], a["draws"]
    print(f"{name:<20} {ai} won {won}/{total} ({100 * won / total:.0f}%), {draws} draws",
          flush=True)
