#!/usr/bin/env bash
# Whole-process timing of springplot on the user's example (release build): the PNG, the SVG and
# `--help`, each the median of 40 runs with hyperfine (no shell between, 5 warm-up runs);
# optionally the equivalent matplotlib script (median of 21 runs per format) for the ratio.
#
#     scripts/bench-springplot.sh            # springplot only
#     scripts/bench-springplot.sh --compare  # also matplotlib (scripts/setup.sh --bench installs it)
#
# Other work on the machine (a build, say) shows up in every figure: run it on a quiet machine.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh --bench
swift build -c release --static-swift-stdlib --product springplot >/dev/null
bin=$(swift build -c release --static-swift-stdlib --show-bin-path)/springplot
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
hyperfine --warmup 5 --runs 40 -N --export-json "$out/springplot.json" \
    -n "springplot PNG" "$bin --damping 0.68 --response 0.8 -o $out/curve.png" \
    -n "springplot SVG" "$bin --damping 0.68 --response 0.8 -o $out/curve.svg" \
    -n "springplot --help" "$bin --help"
python=python3
python3 -c 'import matplotlib' >/dev/null 2>&1 || python=.build-venv/bin/python
if [ "${1:-}" = "--compare" ]; then
    hyperfine --warmup 3 --runs 21 -N --export-json "$out/mpl.json" \
        -n "matplotlib PNG" "$python scripts/bench/matplotlib_curve.py $out/mpl.png" \
        -n "matplotlib SVG" "$python scripts/bench/matplotlib_curve.py $out/mpl.svg"
fi
python3 - "$out/springplot.json" "$out/mpl.json" <<'PY'
import json, os, sys
ours = {r["command"].split(" ", 1)[1]: r["median"] for r in json.load(open(sys.argv[1]))["results"]}
theirs = {}
if os.path.exists(sys.argv[2]):
    theirs = {r["command"].split(" ", 1)[1]: r["median"] for r in json.load(open(sys.argv[2]))["results"]}
print("\nmedians, whole process:")
for name in ("PNG", "SVG", "--help"):
    line = f"  {name:7} springplot {ours[name] * 1000:6.1f} ms"
    if name in theirs:
        line += f"   matplotlib {theirs[name] * 1000:6.1f} ms   ratio {theirs[name] / ours[name]:5.1f}x"
    print(line)
PY
