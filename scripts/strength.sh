#!/usr/bin/env bash
# Strength measurements of varia's AI (issue 11): matches against
# Fairy-Stockfish, the self-play level ladder, and a table at the end.
#
#   scripts/strength.sh [SECTIONS]     (default: "fsf ladder default variants")
#
# Sections: fsf       chess, ai;st=$ST vs FSF Skill Level 0 3 5 10
#           ladder    chess, ai:N vs ai:N-1 for N in $LADDER_LEVELS (default 2..8;
#                     each level searches about 4x the nodes of the one below,
#                     so 7 and 8 take hours at 20 games on 2 cores)
#           default   chess, the default level ai:5 vs ai:1..3 (ai:4 is in the ladder)
#           variants  capablanca and crazyhouse, ai;st=$ST vs FSF Skill Level 0
#
# Environment: VARIA (default target/release/varia; nothing is built),
# FSF (default /usr/games/fairy-stockfish), GAMES (40), LADDER_GAMES (20),
# ST (0.1 s a move), SEED (1), JOBS (1: one game at a time, so the timings
# are not squeezed), OUT (a directory for the logs, default strength-results).
# Every match prints its command, its UTC start and end, and its result
# line; the table at the end collects the result lines.
set -uo pipefail
VARIA=${VARIA:-target/release/varia}
FSF=${FSF:-/usr/games/fairy-stockfish}
GAMES=${GAMES:-40}
LADDER_GAMES=${LADDER_GAMES:-20}
ST=${ST:-0.1}
SEED=${SEED:-1}
JOBS=${JOBS:-1}
OUT=${OUT:-strength-results}
SECTIONS=${1:-fsf ladder default variants}
mkdir -p "$OUT"
TABLE="$OUT/table.md"
[ -f "$TABLE" ] || printf '| match | variant | games | +W =D -L | score | Elo (95%%) | started (UTC) | seconds |\n|---|---|---|---|---|---|---|---|\n' >"$TABLE"

run() { # name variant players games
  local name=$1 variant=$2 players=$3 n=$4
  local start t0 t1 rc line
  start=$(date -u +%FT%TZ)
  t0=$(date +%s)
  echo "== $name  ($start)"
  echo "\$ $VARIA match $variant --players '$players' -n $n --seed $SEED --jobs $JOBS"
  "$VARIA" match "$variant" --players "$players" -n "$n" --seed "$SEED" --jobs "$JOBS" \
    >"$OUT/$name.out" 2>"$OUT/$name.err"
  rc=$?
  t1=$(date +%s)
  cat "$OUT/$name.out"
  [ -s "$OUT/$name.err" ] && { echo "-- stderr:"; tail -20 "$OUT/$name.err"; }
  echo "-- exit $rc, $((t1 - t0)) s, ended $(date -u +%FT%TZ)"
  # "P: +W =D -L, score S%, Elo E ± X (95% interval LO to HI)"
  line=$(grep -m1 -E ': \+[0-9]+ =[0-9]+ -[0-9]+, score' "$OUT/$name.out")
  if [ -n "$line" ]; then
    local wdl score elo
    wdl=$(sed -E 's/.*: (\+[0-9]+ =[0-9]+ -[0-9]+),.*/\1/' <<<"$line")
    score=$(sed -E 's/.*score ([0-9.]+%).*/\1/' <<<"$line")
    elo=$(sed -E 's/.*Elo (.*)$/\1/' <<<"$line")
    echo "| $name | $variant | $n | $wdl | $score | $elo | $start | $((t1 - t0)) |" >>"$TABLE"
  else
    echo "| $name | $variant | $n | FAILED (exit $rc) | | | $start | $((t1 - t0)) |" >>"$TABLE"
  fi
}

for s in $SECTIONS; do
  case $s in
  fsf)
    for skill in 0 3 5 10; do
      run "chess-fsf-skill$skill" chess "ai;st=$ST,uci:$FSF;st=$ST;option.Skill Level=$skill" "$GAMES"
    done ;;
  ladder)
    for l in ${LADDER_LEVELS:-2 3 4 5 6 7 8}; do
      run "ladder-ai$l-vs-ai$((l - 1))" chess "ai:$l,ai:$((l - 1))" "$LADDER_GAMES"
    done ;;
  default)
    for l in 1 2 3; do
      run "default-ai5-vs-ai$l" chess "ai:5,ai:$l" "$LADDER_GAMES"
    done ;;
  variants)
    for v in capablanca crazyhouse; do
      run "$v-fsf-skill0" "$v" "ai;st=$ST,uci:$FSF;st=$ST;option.Skill Level=0" "$GAMES"
    done ;;
  *) echo "unknown section $s" >&2; exit 2 ;;
  esac
done
echo
cat "$TABLE"
