#!/usr/bin/env bash
# Runs the test suite under AddressSanitizer and ThreadSanitizer (parallel rendering, the build
# cache, the diff's workers, serve), each in its own build folder, and says whether the
# sanitizer reported anything.
#   scripts/sanitizers.sh [address] [thread]      default: both
#
# The verdict is the sanitizer's reports, not the test results: under a sanitizer a few tests
# fail for reasons of the instrumentation itself (peak-memory bounds, timing windows of the
# watch tests, TSan's runtime under `ulimit -f`, LeakSanitizer's exit code in child processes).
set -uo pipefail
cd "$(dirname "$0")/.."
kinds=("$@")
[ ${#kinds[@]} -gt 0 ] || kinds=(address thread)
# Leaks in Foundation's Process, XCTest and Hummingbird's test framework (not Vitrine's) are listed in scripts/lsan.supp.
export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan.supp:print_suppressions=0"
# Swift's own crash reporter reads the crashed process's memory in a way ASan stops, and then
# waits: the test that makes a build crash on purpose hung until it was switched off.
export SWIFT_BACKTRACE=enable=no
status=0
for kind in "${kinds[@]}"; do
  echo "== --sanitize=$kind"
  log="/tmp/vitrine-sanitize-$kind.log"
  swift build --build-tests --sanitize="$kind" --scratch-path ".build-$kind" || { status=1; continue; }
  # Chromium is not instrumented; its tests check pages, not Vitrine's memory, so they are skipped here.
  swift test --skip-build --sanitize="$kind" --scratch-path ".build-$kind" --skip VitrineBrowserTests >"$log" 2>&1
  grep -E "Test run with" "$log" | tail -1
  reports=$(grep -cE "ERROR: AddressSanitizer|ERROR: LeakSanitizer|WARNING: ThreadSanitizer: data race" "$log")
  if [ "$reports" -gt 0 ]; then
    echo "$kind: $reports sanitizer report(s); see $log"
    status=1
  else
    echo "$kind: no sanitizer report"
  fi
done
exit $status
