#!/usr/bin/env bash
# Every benchmark, one entry point (release builds; figures print as tables). Installs what the
# benchmarks need first (scripts/setup.sh --bench).
#
#     scripts/bench.sh              # all of them
#     scripts/bench.sh field wave   # only these: spring, wave, field, export, analysis, studio, springplot, animate, track, bounds, coverage
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh --bench
all=(spring wave field export analysis studio springplot animate track bounds coverage)
chosen=("$@")
[ ${#chosen[@]} -gt 0 ] || chosen=("${all[@]}")
for name in "${chosen[@]}"; do
    case "$name" in
        springplot) echo "== springplot, whole process (and matplotlib)"; ./scripts/bench-springplot.sh --compare ;;
        animate)
            # A 2 s, three-lane 640×240 clip to GIF and WebM against matplotlib's FuncAnimation (issue 47).
            echo "== springplot animate, whole process (and matplotlib)"; python3 scripts/bench/animate.py ;;
        bounds)
            # The worst cases at docs/limits.md's caps (issue 44), whole processes.
            echo "== bounds"
            swift build -c release --static-swift-stdlib --product springplot >/dev/null
            python3 scripts/bench/bounds.py ;;
        coverage)
            # How often fit's stated 95 % intervals hold the true spring: 300 simulated recordings with
            # frame jitter, dropped frames, noise and pixel rounding (issue 45).
            echo "== fit coverage"
            set_dir=$(mktemp -d /tmp/coverage.XXXXXX)
            python3 scripts/reference/analysis/coverage_cases.py --out "$set_dir" --cases 300 >/dev/null
            swift run -c release analysis-benchmarks --coverage "$set_dir"
            rm -rf "$set_dir" ;;
        track)
            # 100 random springs at 960×540, 60 fps H.264 (drawn with Cairo, encoded by ffmpeg), then a
            # 2-second 1080p60 clip timed end to end.
            echo "== track-benchmarks"
            set_dir=$(mktemp -d /tmp/track-bench.XXXXXX)
            /usr/bin/python3 scripts/track/make_benchmark_set.py -o "$set_dir" --count 100 --size 960x540 --fps 60 >/dev/null
            /usr/bin/python3 scripts/track/make_clip.py -o "$set_dir/clip-1080p.mp4" --size 1920x1080 --fps 60 --duration 2 \
                --zeta 0.6 --response 0.6 --from 400 --to 1400 --quiet
            swift run -c release track-benchmarks "$set_dir"
            swift run -c release track-benchmarks --clip "$set_dir/clip-1080p.mp4" --runs 7
            # Every real-library recording in ../shared/platforms played as a clip.
            if [ -d ../shared/platforms ]; then
                /usr/bin/python3 scripts/track/make_recording_set.py -o "$set_dir/recordings" --recordings ../shared/platforms >/dev/null
                swift run -c release track-benchmarks --recordings "$set_dir/recordings"
            fi
            rm -rf "$set_dir" ;;
        spring|wave|field|export|analysis|studio)
            echo "== $name-benchmarks"
            swift run -c release "$name-benchmarks" ;;
        *) echo "bench: unknown benchmark '$name' (one of: ${all[*]})" >&2; exit 2 ;;
    esac
    echo
done
