#!/bin/bash
# One shard of a varia simulation per array task:
#   sbatch --array=0-63 slurm.sh      (64 shards: SHARDS must match)
# then: varia merge shard-*.jsonl --out games.jsonl
#SBATCH --job-name=varia-study
#SBATCH --cpus-per-task=2
#SBATCH --time=02:00:00
#SBATCH --output=slurm-%A_%a.log
set -euo pipefail
SHARDS=${SHARDS:-64}
VARIANT=${VARIANT:-chess}
GAMES=${GAMES:-100000}
SEED=${SEED:-42}
PLAYERS=${PLAYERS:-ai:1,ai:1}
varia simulate "$VARIANT" -n "$GAMES" --players "$PLAYERS" --seed "$SEED" \
  --jobs "${SLURM_CPUS_PER_TASK:-1}" \
  --shard "${SLURM_ARRAY_TASK_ID}/${SHARDS}" \
  --out "shard-${SLURM_ARRAY_TASK_ID}.jsonl" > "report-${SLURM_ARRAY_TASK_ID}.txt"
