#!/usr/bin/env bash
# Strength of varia's AI against Fairy-Stockfish, and varia's own level ladder.
#
#   scripts/bench_fsf.sh [GAMES] [SECONDS_PER_MOVE]      (defaults: 40, 0.1)
#
# Needs Fairy-Stockfish (`apt-get install fairy-stockfish` gives
# /usr/games/fairy-stockfish; FSF=/path overrides). Every match alternates
# colours over seeded openings (`varia match --openings 4`) and prints the
# score of varia with an Elo difference and its 95% error bar. Not a CI
# test: it takes a while (about 5 s a game at 0.1 s a move). JOBS=2 plays
# two games at once. Results go to stdout and bench-results/*.json.
set -euo pipefail
cd "$(dirname "$0")/.."
GAMES=${1:-40}
ST=${2:-0.1}
FSF=${FSF:-/usr/games/fairy-stockfish}
JOBS=${JOBS:-1}
mkdir -p bench-results
# A copy, so rebuilding during a long run does not change the player.
# VARIA=/path/to/varia uses that binary instead of building.
V=bench-results/varia
if [ -n "${VARIA:-}" ]; then
  cp "$VARIA" "$V"
else
  cargo build --release --quiet
  cp target/release/varia "$V"
fi
run() { # name variant players...
  local name=$1 variant=$2 players=$3
  echo "== $name"
  "$V" match "$variant" --players "$players" -n "$GAMES" --jobs "$JOBS" --seed 11 --json \
    2>"bench-results/$name.log" | tee "bench-results/$name.json"
}
if [ -x "$FSF" ]; then
  for skill in 0 3 5 10; do
    run "chess-fsf-skill$skill" chess "ai;st=$ST,uci:$FSF;st=$ST;option.Skill Level=$skill"
  done
  # varia's capablanca castles as Fairy-Stockfish's own (king to i1 or c1).
  run capablanca-fsf-skill0 capablanca "ai;st=$ST,uci:$FSF;st=$ST;option.Skill Level=0"
  run crazyhouse-fsf-skill0 crazyhouse "ai;st=$ST,uci:$FSF;st=$ST;option.Skill Level=0"
else
  echo "no Fairy-Stockfish at $FSF: skipping the matches against it" >&2
fi
# The ladder: each level against the one below, by node budgets (so it does
# not depend on the machine). LADDER=0 skips it; LADDER_GAMES sets its size.
[ "${LADDER:-1}" = 1 ] || exit 0
GAMES=${LADDER_GAMES:-$GAMES}
for l in 2 3 4 5 6; do
  run "ladder-ai$l-vs-ai$((l-1))" chess "ai:$l,ai:$((l-1))"
done
