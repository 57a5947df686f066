#!/usr/bin/env bash
# Fuzzes SpringKit's untrusted-input paths with libFuzzer (the toolchain's runtime) and
# AddressSanitizer, each target for a bounded time, starting from its corpus in Fuzz/Corpus.
#
#   scripts/fuzz.sh                      every target, 60 s each
#   scripts/fuzz.sh 300 trajectory       one target for 300 s
#   scripts/fuzz.sh --runs 5000          every target for 5000 inputs: with the fixed seed (FUZZ_SEED,
#                                        default 1) the same inputs on every machine
#   scripts/fuzz.sh --ci                 what CI runs: each target for a fixed number of inputs (about
#                                        8 s each on a 2-core machine, halved to keep CI in its hour), seed 1
#
# Targets: trajectory, from-code, studio-request, spring-input, command-line, sequence, chase, studio-query, animate
# (Fuzz/SpringFuzzTargets).
# An input that crashes, hangs past 10 s or uses more than 2 GiB is saved under .build-fuzz/artifacts/
# and the script fails: copy it to Fuzz/Corpus/TARGET/regression-NAME (it then runs in `swift test`)
# and fix the cause. The build has its own scratch path (.build-fuzz), so it never disturbs .build.
set -euo pipefail
cd "$(dirname "$0")/.."
budget=(-max_total_time=60)
ci=false
if [ "${1:-}" = "--ci" ]; then
    ci=true
    shift
elif [ "${1:-}" = "--runs" ]; then
    case "${2:-}" in ''|*[!0-9]*) echo "fuzz: --runs takes a whole number (got '${2:-}')" >&2; exit 2 ;; esac
    budget=(-runs="$2" -seed="${FUZZ_SEED:-1}")
    shift 2
elif [ $# -gt 0 ]; then
    case "$1" in ''|*[!0-9]*) echo "fuzz: the first argument is seconds per target or --runs N (got '$1')" >&2; exit 2 ;; esac
    budget=(-max_total_time="$1")
    shift
fi
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(trajectory from-code studio-request spring-input command-line sequence chase studio-query animate)

# Every target is built with AddressSanitizer and coverage for libFuzzer; the executables get
# libFuzzer's runtime without its main (springkit-fuzz runs the driver from its own main; the build
# tools, which are instrumented too, keep theirs).
runtime=$(ls "$(dirname "$(readlink -f "$(command -v swiftc)")")"/../lib/swift/clang/lib/linux/libclang_rt.fuzzer_no_main-"$(uname -m)".a 2>/dev/null | head -n 1)
[ -n "$runtime" ] || { echo "fuzz: the toolchain has no libFuzzer runtime (libclang_rt.fuzzer_no_main)" >&2; exit 1; }
swift build -c release --scratch-path .build-fuzz --product springkit-fuzz \
    -Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table -Xswiftc -DSPRINGKIT_LIBFUZZER \
    -Xswiftc -use-ld=lld -Xlinker "$runtime" -Xlinker -lstdc++ >.build-fuzz.log 2>&1 \
    || { tail -20 .build-fuzz.log >&2; echo "fuzz: the build failed (.build-fuzz.log)" >&2; exit 1; }
fuzzer=.build-fuzz/release/springkit-fuzz
mkdir -p .build-fuzz/artifacts
status=0
for target in "${targets[@]}"; do
    [ -d "Fuzz/Corpus/$target" ] || { echo "fuzz: no corpus for '$target' (Fuzz/Corpus/$target)" >&2; exit 2; }
    found=$(mktemp -d)   # what the run discovers; the committed corpus is only read
    if $ci; then
        # Inputs per target for about 20 s each on a 2-core machine (the targets' speeds differ 30-fold).
        case "$target" in
            trajectory) runs=15000 ;; from-code) runs=3000 ;; studio-request) runs=4000 ;; sequence) runs=2000 ;;
            studio-query) runs=2000 ;; chase) runs=750 ;; animate) runs=750 ;; *) runs=750 ;;
        esac
        budget=(-runs="$runs" -seed="${FUZZ_SEED:-1}")
    fi
    echo "fuzz: $target (${budget[*]})"
    # Swift's own backtracer is off: AddressSanitizer reports the crash (the backtracer's reads of the
    # crashed stack are themselves reported as stack-buffer-underflow otherwise).
    if ! SPRINGKIT_FUZZ_TARGET="$target" SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 "$fuzzer" \
            "${budget[@]}" -timeout=10 -rss_limit_mb=2048 -max_len=4096 -print_final_stats=1 \
            -artifact_prefix=".build-fuzz/artifacts/$target-" "$found" "Fuzz/Corpus/$target" \
            > ".build-fuzz/$target.log" 2>&1; then
        echo "fuzz: $target FAILED: see .build-fuzz/$target.log and .build-fuzz/artifacts/" >&2
        grep -E "ERROR|SUMMARY|Test unit written|==[0-9]+==" ".build-fuzz/$target.log" | head -20 >&2 || true
        status=1
    else
        grep -E "stat::number_of_executed_units|cov:" ".build-fuzz/$target.log" | tail -2
    fi
    rm -rf "$found"
done
exit $status
