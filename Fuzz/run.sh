#!/usr/bin/env bash
# Vitrine's libFuzzer targets (bad-inputs.md §6).
#   Fuzz/run.sh build                    build every target with libFuzzer and AddressSanitizer
#   Fuzz/run.sh replay                   run every target once over its regression files (what CI runs)
#   Fuzz/run.sh fuzz SECONDS [TARGET…]   fuzz each target (default all) for SECONDS; a crash or a slow
#                                        input is saved in Fuzz/Regressions/TARGET/ — commit it, add a test
set -euo pipefail
cd "$(dirname "$0")"
targets=(FuzzReader FuzzScene FuzzFeed FuzzEscapers FuzzURL FuzzRender FuzzMarkdown)
bin=.build/release

build() {
  # -parse-as-library: without it main.swift's top level makes its own main and the binary
  # silently does nothing; -sanitize=fuzzer alone through --sanitize would instrument nothing.
  # A failed build stops here (pipefail): replaying the last build's binaries would test old code.
  swift build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library 2>&1 | { grep -v "Cannot export local symbol" || true; }
  for target in "${targets[@]}"; do [ -x "$bin/$target" ] || { echo "fuzz: $target was not built" >&2; exit 1; }; done
}

replay() {
  build
  for target in "${targets[@]}"; do
    files=(Regressions/"$target"/* Seeds/"$target"/*)
    existing=()
    for file in "${files[@]}"; do [ -f "$file" ] && existing+=("$file"); done
    [ ${#existing[@]} -gt 0 ] || { echo "fuzz: $target has no seeds or regression inputs" >&2; exit 1; }
    echo "replay $target: ${#existing[@]} inputs"
    log="/tmp/vitrine-replay-$target.log"
    "$bin/$target" -timeout=5 -rss_limit_mb=2048 "${existing[@]}" >/dev/null 2>"$log" \
      || { tail -30 "$log" >&2; echo "fuzz: $target failed on a regression input" >&2; exit 1; }
    # libFuzzer logs "Executed FILE in N ms" per input: a binary that ran none of them passes otherwise.
    executed=$(grep -a -c "^Executed " "$log" || true)
    [ "$executed" -eq ${#existing[@]} ] || { echo "fuzz: $target ran $executed of ${#existing[@]} inputs" >&2; exit 1; }
  done
}

fuzz() {
  local seconds=$1; shift
  local chosen=("$@")
  [ ${#chosen[@]} -gt 0 ] || chosen=("${targets[@]}")
  build
  for target in "${chosen[@]}"; do
    mkdir -p ".corpus/$target" "Regressions/$target"
    echo "fuzz $target for $seconds s"
    "$bin/$target" ".corpus/$target" "Seeds/$target" -max_total_time="$seconds" -timeout=5 -rss_limit_mb=2048 \
      -max_len=65536 -dict=json.dict -artifact_prefix="Regressions/$target/" -print_final_stats=1 2>"/tmp/vitrine-$target.log" || true
    grep -a -E "stat::number_of_executed_units|stat::new_units_added|ERROR|SUMMARY" "/tmp/vitrine-$target.log" | sed "s/^/  /" || true
  done
}

case "${1:-}" in
  build) build ;;
  replay) replay ;;
  fuzz) shift; fuzz "$@" ;;
  *) sed -n '2,6p' "$0"; exit 64 ;;
esac
