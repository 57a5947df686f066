#!/usr/bin/env bash
# Builds the DocC documentation of every library product with warnings as errors, so that every public
# symbol keeps a summary, its parameters are documented and its links resolve. One plugin run for all
# of them: the symbol graphs are extracted in one build (a run per target rebuilt them each time).
set -euo pipefail
cd "$(dirname "$0")/.."
targets=(SpringMath SpringChoreography SpringFitting SpringFormatting WaveRuntime WaveGTK SpringCharts SpringPlatforms SpringConventions SpringWire SpringExport)
arguments=()
for target in "${targets[@]}"; do arguments+=(--target "$target"); done
mkdir -p .build
log=.build/docc.log
if ! swift package generate-documentation "${arguments[@]}" --warnings-as-errors > "$log" 2>&1; then
    grep -E "^(error|warning):" -A3 "$log" | grep -v -e "prohibited flag" -e "NSCocoaErrorDomain" | head -40 >&2
    echo "check-docs: the documentation has problems (full log: $log)" >&2
    exit 1
fi
for target in "${targets[@]}"; do
    grep -q "Building documentation for '$target'" "$log" \
        || { echo "check-docs: no documentation was built for $target ($log)" >&2; exit 1; }
done
echo "check-docs: ${targets[*]} ok"
