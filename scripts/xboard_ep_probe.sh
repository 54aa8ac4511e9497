#!/usr/bin/env bash
# XBoard's en-passant on a board of 6 ranks: two scripted engines play
# 1. d3 c3 (a double step) 2. dxc4 (en passant) a4 3. c3, which is legal
# once the man taken en passant is gone. XBoard 4.9.1 forfeits 3. c3
# ("Forfeit due to invalid move: c2c3"): it left the man on c3. The same
# script on 8 ranks (RANKS=8) plays through. Needs xboard and xvfb-run.
set -euo pipefail
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
if [ "${RANKS:-6}" = 8 ]; then
  setup='setup (PNBRQ................Kpnbrq................k) 8x8+0_fairy rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
  moves='e2e4 a7a6 e4e5 d7d5 e5d6 a6a5 d2d4 a5a4 d4d5 a4a3'
else
  setup='setup (PNBRQ................Kpnbrq................k) 6x6+0_fairy rnqknr/pppppp/6/6/PPPPPP/RNQKNR w KQkq - 0 1'
  moves='d2d3 c5c3 d3c4 a5a4 c2c3 a4a3'
fi
printf '%s\n' "$setup" "piece K& KO2" "piece Q& Q" "piece R& R" "piece B& B" \
  "piece N& N" "piece P& fmWfceFifmnD" >"$dir/setup.txt"
echo "$moves" >"$dir/moves.txt"
# The engine both sides run: the tests' scripted XBoard engine.
engine="python3 $(cd "$(dirname "$0")/.." && pwd)/tests/fixtures/scripted_xboard_engine.py probe $dir/setup.txt $dir/moves.txt"
xboard=$(command -v xboard || echo /usr/games/xboard)
timeout 60 xvfb-run -a "$xboard" -fcp "$engine" -scp "$engine" \
  -matchMode T -matchGames 1 -variant probe -tc 0:30 -popupExitMessage false \
  -saveGameFile "$dir/game.pgn" >/dev/null 2>&1 || true
grep -v '^\[' "$dir/game.pgn" | sed '/^$/d'
