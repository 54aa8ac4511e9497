#!/bin/sh
# `varia tune` measured (issue 37 item 3): tune VARIANT from self-play,
# then play the tuned AI against the untuned one at a fixed node budget
# per move (both `varia uci` processes of one binary, told `go nodes
# NODES`; the tuned one started with `--values FILE`), so the result does
# not depend on the machine's load. Colours alternate over seeded openings.
#
#   VARIA=target/matchbuild/varia VARIANT=chess TUNE_GAMES=400 LEVEL=2 \
#     GAMES=200 NODES=2000 SEED=1 scripts/tune-match.sh
#
# Build with `cargo build --profile matchbuild`. Prints the tune's summary
# and the match's result line (score, Elo and 95% interval for the tuned
# side). The values file goes to OUT (default /tmp/VARIANT.values.toml).
set -eu
VARIA=${VARIA:-target/matchbuild/varia}
VARIANT=${VARIANT:-chess}
TUNE_GAMES=${TUNE_GAMES:-400}
LEVEL=${LEVEL:-2}
GAMES=${GAMES:-200}
NODES=${NODES:-2000}
SEED=${SEED:-1}
JOBS=${JOBS:-1}
OUT=${OUT:-/tmp/$VARIANT.values.toml}
echo "== tune $VARIANT: $TUNE_GAMES games at ai:$LEVEL; match $GAMES games, $NODES nodes/move, seed $SEED ($(date -u +%FT%TZ))"
set -x
nice -n 10 "$VARIA" tune "$VARIANT" --games "$TUNE_GAMES" --level "$LEVEL" \
  --seed "$SEED" --jobs "$JOBS" --out "$OUT" --force
nice -n 10 "$VARIA" match "$VARIANT" \
  --players "uci:$VARIA;arg=uci;arg=--values;arg=$OUT;nodes=$NODES,uci:$VARIA;arg=uci;nodes=$NODES" \
  -n "$GAMES" --seed "$SEED" --jobs "$JOBS"
