#!/usr/bin/env bash
# Benchmarks `vitrine build` (release) on generated corpora of 1k and 10k screens.
#   bench/run.sh [SIZES…]      default: 1000 10000
# Corpora come from ../shared/bench/gen_corpus.py (deterministic) and are kept in bench/corpora/;
# so are their revisions, against whose ground truth `vitrine diff` is checked.
set -euo pipefail
cd "$(dirname "$0")/.."
generator="${VITRINE_GEN_CORPUS:-../shared/bench/gen_corpus.py}"
[ -f "$generator" ] || { echo "gen_corpus.py not found at $generator (set VITRINE_GEN_CORPUS)" >&2; exit 1; }
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(1000 10000)

swift build -c release --product vitrine
corpora=()
for size in "${sizes[@]}"; do
  dir="bench/corpora/vcorpus-$size"
  if [ ! -f "$dir/corpus.json" ]; then
    echo "Generating $dir…"
    python3 "$generator" "$dir" --screens "$size" --force >/dev/null
  fi
  corpora+=("$dir")
done
python3 bench/measure.py .build/release/vitrine "${corpora[@]}"
# `vitrine diff` against the ground truth of a revision of each corpus (2 % of its files changed):
# exits 1 when a change the generator made is missed or one it did not make is reported.
for corpus in "${corpora[@]}"; do
  python3 bench/diff_accuracy.py .build/release/vitrine "$generator" "$corpus" --change-rate 0.02 --seed 1
done
# bad-inputs.md C07's bound (a hostile text costs under 50 ms): exits 1 when it is exceeded.
python3 bench/hostile_text.py .build/release/vitrine
