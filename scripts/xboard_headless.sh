#!/usr/bin/env bash
# XBoard plays a fairy variant against varia, headless, and varia checks the
# saved game move by move.
#
#   scripts/xboard_headless.sh [VARIANT] [OPPONENT]
#
# VARIANT defaults to losalamos (6x6, a board XBoard learns from varia's
# `setup` and `piece` commands); a `.variant` file plays the variant it
# defines (varia loads it with --variant-path). OPPONENT defaults to varia
# itself (any XBoard engine command works, e.g. /usr/games/fairymax for
# capablanca).
# Needs `apt-get install xboard xvfb`. Exit status 0 when the game ended
# with a result and every move replays legally.
set -euo pipefail
cd "$(dirname "$0")/.."
VARIANT=${1:-losalamos}
# VARIA=/path/to/varia uses that binary; otherwise build target/release/varia.
if [ -n "${VARIA:-}" ]; then
  V=$(realpath "$VARIA")
else
  cargo build --release --quiet
  V="$(pwd)/target/release/varia"
fi
ENGINE="$V xboard"
if [ -f "$VARIANT" ]; then
  FILE=$(realpath "$VARIANT")
  ENGINE="$V xboard --variant-path $FILE"
  VARIANT=$(sed -n 's/^ *variant \([A-Za-z0-9_-]*\).*/\1/p' "$FILE" | head -1)
fi
OPP=${2:-$ENGINE}
XBOARD=$(command -v xboard || echo /usr/games/xboard)
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
timeout 600 xvfb-run -a "$XBOARD" -fcp "$ENGINE" -scp "$OPP" -matchMode T -matchGames 1 \
  -variant "$VARIANT" -tc 0:10 -inc 0.1 -saveGameFile "$OUT/game.pgn" \
  -popupExitMessage false -debug -nameOfDebugFile "$OUT/xboard.debug" >"$OUT/xboard.out" 2>&1 || true
grep -i "final score" "$OUT/xboard.out" || true
if ! grep -qE '^\[Result "(1-0|0-1|1/2-1/2)"\]' "$OUT/game.pgn" 2>/dev/null; then
  echo "no finished game; XBoard said:" >&2
  tail -20 "$OUT/xboard.out" >&2
  exit 1
fi
grep -E '^\[(Variant|Result)' "$OUT/game.pgn"
if [ -n "${FILE:-}" ]; then
  # `replay` finds the rule file by its file name in the folder it is given.
  sed -i "s/^\[Variant \"$VARIANT\"\]/[Variant \"$(basename "$FILE")\"]/" "$OUT/game.pgn"
  "$V" replay "$OUT/game.pgn" --variant-path "$(dirname "$FILE")" | tail -1
else
  "$V" replay "$OUT/game.pgn" | tail -1
fi
