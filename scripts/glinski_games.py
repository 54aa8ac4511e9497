#!/usr/bin/env python3
"""Replay published Gliński games with varia: every move must be legal.

Usage: glinski_games.py GAMES.pgn [VARIA]

GAMES.pgn is Jay Coskey's collection of Hungarian hexagonal chess
tournament games (github.com/jaycoskey/Glinski, data/pgn/
HexagonalChessTournaments_hu.pgn, MIT licence; the games come from
https://sites.google.com/site/hexasakkversenyek). Its moves are SAN with
the Hungarian letters (K király, V vezér = queen, B bástya = rook, F futó =
bishop, H huszár = knight); games the collection comments out (`;`) are
skipped. Each game's moves go to `varia show glinski --moves`, which stops
at the first move that is not legal. Prints one line per game that fails
and the totals.
"""
import re
import subprocess
import sys

LETTERS = {"K": "K", "V": "Q", "B": "R", "F": "B", "H": "N"}


def games(text):
    """(tags, movetext) of each game, commented-out lines removed."""
    lines = [l for l in text.splitlines() if not l.lstrip().startswith(";")]
    out, tags, moves = [], {}, []
    for line in lines + ["[End]"]:
        m = re.match(r'\s*\[(\w+)\s+"(.*)"\]', line)
        if m:
            if moves:
                out.append((tags, " ".join(moves)))
                tags, moves = {}, []
            tags[m.group(1)] = m.group(2)
        elif line.strip():
            moves.append(line.strip())
    return out


def san(movetext):
    """The moves in varia's SAN, or None for a game with no moves."""
    text = re.sub(r"\{[^}]*\}", " ", movetext)
    out = []
    for tok in text.split():
        tok = re.sub(r"^\d+\.+", "", tok)
        if not tok or tok in ("1-0", "0-1", "remi", "1/2-1/2", "...", "*"):
            continue
        tok = tok.replace("ep.", "").rstrip("+#?!")
        if tok[0] in LETTERS:
            tok = LETTERS[tok[0]] + tok[1:]
        m = re.match(r"^(.*?)=?([VBFH])$", tok)
        if m and re.search(r"\d", m.group(1)) and tok[0].islower():
            tok = m.group(1) + "=" + LETTERS[m.group(2)]
        out.append(tok)
    return out


def main():
    path = sys.argv[1]
    varia = sys.argv[2] if len(sys.argv) > 2 else "target/release/varia"
    text = open(path, encoding="utf-8").read()
    played = failed = empty = 0
    for i, (tags, movetext) in enumerate(games(text)):
        moves = san(movetext)
        if not moves:
            empty += 1
            continue
        r = subprocess.run(
            [varia, "show", "variants/catalogue/glinski.variant", "--ascii", "--moves", " ".join(moves)],
            capture_output=True,
            text=True,
        )
        played += 1
        if r.returncode != 0:
            failed += 1
            err = r.stderr.strip().splitlines()[0] if r.stderr.strip() else "?"
            print(f"game {i + 1} ({tags.get('Event', '?')}, {tags.get('GameID', '?')}): {err}")
    print(f"{played} games with moves, {played - failed} replayed legal to the end, {failed} not; {empty} without moves")


if __name__ == "__main__":
    main()
