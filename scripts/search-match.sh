#!/bin/sh
# Self-play at a fixed node budget per move: a search change against the
# build before it (issue 37: "no search change without a match that shows
# it"). Both sides are `varia uci` processes told `go nodes NODES` (the
# match's engine seats, `uci:PATH;arg=uci;nodes=N`), so the result does not
# depend on the machine's load: the same binaries, seed and budget give the
# same games. Colours alternate over seeded openings (`--seed`).
#
#   NEW=target/matchbuild/varia BASE=/work/varia-search-base \
#     VARIANT=chess GAMES=100 NODES=20000 SEED=1 scripts/search-match.sh
#
# Build both binaries alike (`cargo build --profile matchbuild`). Prints the
# match's result line (score, Elo and 95% interval for NEW).
set -eu
NEW=${NEW:-target/matchbuild/varia}
BASE=${BASE:-/work/varia-search-base}
VARIANT=${VARIANT:-chess}
GAMES=${GAMES:-100}
NODES=${NODES:-20000}
SEED=${SEED:-1}
echo "== $VARIANT: $NEW vs $BASE, $GAMES games, $NODES nodes/move, seed $SEED ($(date -u +%FT%TZ))"
set -x
nice -n 10 "$NEW" match "$VARIANT" \
  --players "uci:$NEW;arg=uci;nodes=$NODES,uci:$BASE;arg=uci;nodes=$NODES" \
  -n "$GAMES" --seed "$SEED" --jobs 1
