#!/usr/bin/env bash
# Builds the DocC documentation of every library product with warnings as errors, so that every public
# symbol keeps a summary, its parameters are documented and its links resolve.
set -euo pipefail
cd "$(dirname "$0")/.."
for target in SpringMath SpringChoreography SpringFitting SpringFormatting WaveRuntime WaveGTK SpringCharts SpringPlatforms SpringConventions SpringWire SpringExport; do
    if ! swift package generate-documentation --target "$target" --warnings-as-errors > ".build/docc-$target.log" 2>&1; then
        grep -E "^(error|warning):" -A3 ".build/docc-$target.log" | head -40 >&2
        echo "check-docs: $target's documentation has problems (full log: .build/docc-$target.log)" >&2
        exit 1
    fi
    echo "check-docs: $target ok"
done
