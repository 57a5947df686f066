#!/usr/bin/env bash
# Every benchmark, one entry point (release builds; figures print as tables). Installs what the
# benchmarks need first (scripts/setup.sh --bench).
#
#     scripts/bench.sh              # all of them
#     scripts/bench.sh field wave   # only these: spring, wave, field, export, analysis, studio, springplot
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh --bench
all=(spring wave field export analysis studio springplot)
chosen=("$@")
[ ${#chosen[@]} -gt 0 ] || chosen=("${all[@]}")
for name in "${chosen[@]}"; do
    case "$name" in
        springplot) echo "== springplot, whole process (and matplotlib)"; ./scripts/bench-springplot.sh --compare ;;
        spring|wave|field|export|analysis|studio)
            echo "== $name-benchmarks"
            swift run -c release "$name-benchmarks" ;;
        *) echo "bench: unknown benchmark '$name' (one of: ${all[*]})" >&2; exit 2 ;;
    esac
    echo
done
