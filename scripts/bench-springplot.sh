#!/usr/bin/env bash
# Whole-process timing of springplot on the user's example (release build), PNG and SVG, with
# hyperfine (median of many runs); optionally the equivalent matplotlib script for the ratio.
#
#     scripts/bench-springplot.sh            # springplot only
#     scripts/bench-springplot.sh --compare  # also matplotlib (scripts/setup.sh --bench installs it)
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh --bench
swift build -c release --product springplot >/dev/null
bin=$(swift build -c release --show-bin-path)/springplot
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
runs=(--warmup 5 --runs 40 -N --export-json "$out/springplot.json")
hyperfine "${runs[@]}" \
    -n "springplot PNG" "$bin --damping 0.68 --response 0.8 -o $out/curve.png" \
    -n "springplot SVG" "$bin --damping 0.68 --response 0.8 -o $out/curve.svg"
python3 - "$out/springplot.json" <<'PY'
import json, sys
for r in json.load(open(sys.argv[1]))["results"]:
    print(f"{r['command']}: median {r['median']*1000:.1f} ms")
PY
python=python3
python3 -c 'import matplotlib' >/dev/null 2>&1 || python=.build-venv/bin/python
if [ "${1:-}" = "--compare" ]; then
    hyperfine --warmup 2 --runs 10 -N --export-json "$out/mpl.json" \
        -n "matplotlib PNG" "$python scripts/bench/matplotlib_curve.py $out/mpl.png" \
        -n "matplotlib SVG" "$python scripts/bench/matplotlib_curve.py $out/mpl.svg"
    python3 - "$out/springplot.json" "$out/mpl.json" <<'PY'
import json, sys
ours = {r["command"].split()[-1]: r["median"] for r in json.load(open(sys.argv[1]))["results"]}
theirs = {r["command"].split()[-1]: r["median"] for r in json.load(open(sys.argv[2]))["results"]}
for fmt in ("PNG", "SVG"):
    print(f"{fmt}: springplot {ours[fmt]*1000:.1f} ms, matplotlib {theirs[fmt]*1000:.1f} ms, ratio {theirs[fmt]/ours[fmt]:.1f}x")
PY
fi
