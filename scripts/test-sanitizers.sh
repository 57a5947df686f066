#!/usr/bin/env bash
# SpringMath's, WaveRuntime's and SpringCharts' tests under AddressSanitizer and ThreadSanitizer,
# each in its own scratch path, through the small package in Tests/Sanitized (those libraries with
# SpringKit's `Tools` trait off, so a sanitized build compiles no server and no command line).
# Fails on any sanitizer report. The one suppression (Tests/Sanitized/lsan.supp) is XCTest's own
# leak at exit, which comes from the toolchain.
#
#   scripts/test-sanitizers.sh                  both sanitizers, as CI runs it (about 4 minutes each on
#                                               2 cores from a clean scratch path)
#   scripts/test-sanitizers.sh address          AddressSanitizer only (or thread: ThreadSanitizer only)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
sanitizers=("$@")
[ ${#sanitizers[@]} -gt 0 ] || sanitizers=(address thread)
export LSAN_OPTIONS="suppressions=$root/Tests/Sanitized/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
export TSAN_OPTIONS="halt_on_error=1${TSAN_OPTIONS:+:$TSAN_OPTIONS}"
# A tenth of the random cases of the long property tests (Tests/Support/TestScale.swift): the same
# code paths, which is what a sanitizer needs; plain `swift test` runs them all.
export SPRINGKIT_TEST_SCALE="${SPRINGKIT_TEST_SCALE:-0.1}"
for sanitizer in "${sanitizers[@]}"; do
    case "$sanitizer" in address|thread) ;; *) echo "test-sanitizers: '$sanitizer' is not address or thread" >&2; exit 2 ;; esac
    scratch="$root/.build-$sanitizer"
    log="$scratch.log"
    echo "test-sanitizers: $sanitizer"
    (cd Tests/Sanitized && swift build --build-tests --sanitize="$sanitizer" --scratch-path "$scratch") >"$log" 2>&1 \
        || { tail -30 "$log" >&2; echo "test-sanitizers: the $sanitizer build failed ($log)" >&2; exit 1; }
    if ! (cd Tests/Sanitized && swift test --skip-build --sanitize="$sanitizer" --scratch-path "$scratch") >>"$log" 2>&1; then
        grep -E "ERROR: (Address|Leak)Sanitizer|WARNING: ThreadSanitizer|SUMMARY|✘" "$log" | head -20 >&2 || true
        echo "test-sanitizers: the tests under $sanitizer failed ($log)" >&2
        exit 1
    fi
    if grep -qE "ERROR: (Address|Leak)Sanitizer|WARNING: ThreadSanitizer" "$log"; then
        grep -E -A12 "ERROR: (Address|Leak)Sanitizer|WARNING: ThreadSanitizer" "$log" | head -40 >&2
        echo "test-sanitizers: $sanitizer reported a problem ($log)" >&2
        exit 1
    fi
    grep -E "Test run with [0-9]+ tests" "$log" | tail -1
done
