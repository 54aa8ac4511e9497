#!/usr/bin/env python3
"""A UCI or XBoard engine that misbehaves once, for tests/cli_engines.rs.

    bad_uci.py MODE STATE VARIA

The first process started with a STATE file that does not exist yet creates
it and misbehaves as MODE says; every later one is a good engine (varia's
own `varia uci`, run by the path VARIA), so the games after the first of a
run show that the misbehaviour cost only its own game.

Modes (each after an honest handshake, unless said otherwise):
  flood        at `go`, `info` lines without end
  flood-nonl   at `go`, bytes without a newline, without end
  deaf         answers the handshake without reading its input, then
               never reads again (varia's writes fill the pipe)
  silent       at `go`, no answer (it goes on reading)
  slow         at `go`, answers after 5 s (too late without a clock)
  crash        at `go`, exits with status 3
  illegal      at `go`, an illegal move wrapped in control characters
  nomove       at `go`, `bestmove` and nothing after it
  options      a handshake of 200,000 `option` lines
  chatty       plays varia's moves, but names itself and reports with
               control characters (escape sequences, bells, a
               right-to-left override)
  x-flood-nonl as flood-nonl, speaking XBoard (the good engine is
               `varia xboard`)
  x-silent     as silent, speaking XBoard
"""
import os
import subprocess
import sys
import threading
import time


def out(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def good(varia, protocol):
    os.execv(varia, [varia, protocol])


def chatty(varia):
    """Proxy `varia uci`, dirtying its name and its info lines."""
    p = subprocess.Popen([varia, "uci"], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, text=True)

    def pump():
        for line in p.stdout:
            line = line.rstrip("\n")
            if line.startswith("id name"):
                line = "id name \x1b[31mEvil\x07\u202eengine\r"
            elif line.startswith("info"):
                out("info string \x1b]0;pwned\x07\x1b[2J\r\x08 hello")
            elif line.startswith("bestmove"):
                out("info string \x00\x1b[5m" + "x" * 2000)
            out(line)

    t = threading.Thread(target=pump, daemon=True)
    t.start()
    for line in sys.stdin:
        p.stdin.write(line)
        p.stdin.flush()
    p.stdin.close()
    t.join(5)


def handshake_then(on_go):
    for line in sys.stdin:
        w = line.split()
        if not w:
            continue
        if w[0] == "uci":
            out("id name bad")
            out("uciok")
        elif w[0] == "protover":
            out('feature myname="bad" usermove=1 setboard=1 done=1')
        elif w[0] == "isready":
            out("readyok")
        elif w[0] == "go":
            on_go()
        elif w[0] == "quit":
            return


def main():
    mode, state, varia = sys.argv[1], sys.argv[2], sys.argv[3]
    try:
        fd = os.open(state, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
        os.close(fd)
    except FileExistsError:
        return good(varia, "xboard" if mode.startswith("x-") else "uci")
    if mode == "chatty":
        return chatty(varia)
    if mode == "deaf":
        # Answers the handshake and one `isready` per game blindly, and
        # never reads its input.
        out("id name deaf")
        out("uciok")
        out("readyok")
        out("readyok")
        time.sleep(120)
        return
    if mode == "options":
        for i in range(200_000):
            sys.stdout.write("option name Opt%d type check default false\n" % i)
        out("uciok")
        time.sleep(120)
        return

    def on_go():
        if mode == "flood":
            while True:
                sys.stdout.write("info depth 1 score cp 0 pv e2e4\n")
        elif mode in ("flood-nonl", "x-flood-nonl"):
            while True:
                sys.stdout.write("y" * 4096)
        elif mode in ("silent", "x-silent"):
            pass
        elif mode == "slow":
            time.sleep(5)
            out("bestmove e2e4")
        elif mode == "crash":
            sys.exit(3)
        elif mode == "illegal":
            out("bestmove \x1b[31me2e5\x07\x1b]0;pwned\x07")
        elif mode == "nomove":
            out("bestmove")
    try:
        handshake_then(on_go)
    except BrokenPipeError:
        pass


if __name__ == "__main__":
    main()
