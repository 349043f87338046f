#!/usr/bin/env bash
# Runs the test suite under AddressSanitizer and ThreadSanitizer (parallel rendering, the build
# cache, the diff's workers), each in its own build folder.
#   scripts/sanitizers.sh [address] [thread]      default: both
set -euo pipefail
cd "$(dirname "$0")/.."
kinds=("$@")
[ ${#kinds[@]} -gt 0 ] || kinds=(address thread)
# Leaks in Foundation's Process and in XCTest (not Vitrine's) are listed in scripts/lsan.supp.
export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan.supp:print_suppressions=0"
for kind in "${kinds[@]}"; do
  echo "== --sanitize=$kind"
  swift build --build-tests --sanitize="$kind" --scratch-path ".build-$kind"
  # Chromium is not instrumented; its tests check pages, not Vitrine's memory, so they are skipped here.
  swift test --skip-build --sanitize="$kind" --scratch-path ".build-$kind" --skip VitrineBrowserTests
done
