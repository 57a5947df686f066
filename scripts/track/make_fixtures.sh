#!/usr/bin/env bash
# Regenerates the `springplot track` test clips in Tests/springplotTests/Fixtures/track/, each with
# its .truth.csv (see scripts/track/make_clip.py for the format). Deterministic for a given
# ffmpeg build (x264/libvpx output may differ byte-wise between versions; the truth does not).
#
#   scripts/track/make_fixtures.sh        needs /usr/bin/python3 with pycairo, ffmpeg, ffprobe
#
# The platform clip reads shared/platforms/react-spring_A_60hz.csv beside the repository
# (override with SHARED=/path/to/shared).
set -euo pipefail
cd "$(dirname "$0")/../.."
out=Tests/springplotTests/Fixtures/track
shared=${SHARED:-$(cd .. && pwd)/shared}
clip() { /usr/bin/python3 scripts/track/make_clip.py "$@"; }
mkdir -p "$out"

# 1. spring along x, H.264 MP4, 60 fps
clip --zeta 0.5 --response 0.5 --property x --from 100 --to 380 --size 480x270 --fps 60 \
     --duration 1.5 --onset 0.1 --seed 1 -o "$out/x-h264-60.mp4"
# 2. spring along y, VP9 WebM (1 ms timestamps), 30 fps
clip --zeta 0.8 --response 0.4 --property y --from 60 --to 210 --fps 30 --duration 1.2 \
     --seed 2 -o "$out/y-webm-30.webm"
# 3. scale 0.6 -> 1.0 about the centre, GIF (10 ms delays), 50 fps; truth = card width in px
clip --zeta 0.6 --response 0.5 --property scale --from 0.6 --to 1.0 --fps 50 --duration 1.2 \
     --seed 3 -o "$out/scale-gif-50.gif"
# 4. overdamped, variable frame rate: 120 fps nominal, 10 % dropped, 2 ms jitter, QuickTime
clip --zeta 1.2 --response 0.3 --property x --from 100 --to 380 --fps 120 --drop 0.1 \
     --jitter 2 --duration 1.0 --seed 4 -o "$out/x-vfr-120.mov"
# 5. a folder of PNG frames (no timestamps: the tool takes --fps 30); flat "ui" background keeps
#    the PNGs small (seed 6: a background that compresses well)
clip --zeta 0.4 --response 0.6 --property x --from 70 --to 250 --size 320x180 --fps 30 \
     --duration 1.2 --background ui --seed 6 -o "$out/x-png" --truth "$out/x-png.truth.csv"
# 6.-7. not springs: a CSS ease and a linear slide
clip --curve 'cubic-bezier(0.25,0.1,0.25,1)' --curve-duration 0.6 --property x --from 100 \
     --to 380 --fps 60 --duration 1.0 --seed 6 -o "$out/ease.mp4"
clip --curve linear --curve-duration 0.6 --property x --from 100 --to 380 --fps 60 \
     --duration 1.0 --seed 7 -o "$out/linear.mp4"
# 8. two cards moving at once (the second: blue, zeta 0.35, response 0.45 s, right to left, y 59)
clip --zeta 0.5 --response 0.5 --property x --from 100 --to 380 --fps 60 --duration 1.2 \
     --second-card --seed 8 -o "$out/two-cards.mp4"
# 9. nothing moves
clip --still --property x --from 240 --fps 60 --duration 1.0 --seed 9 -o "$out/still.mp4"
# 10. only 4 frames (motion from the first frame on)
clip --zeta 0.5 --response 0.3 --property x --from 100 --to 380 --fps 60 --duration 0.0667 \
     --onset 0 --seed 10 -o "$out/short.mp4"
# 11. a real react-spring trajectory (spring A: zeta 0.68, response 0.8 s), 0 -> 100 mapped to
#     96 -> 384 px (x 2.88), each frame holding the newest recorded row
clip --recording "$shared/platforms/react-spring_A_60hz.csv" --property x --from 96 --to 384 \
     --fps 60 --duration 1.3 --seed 11 -o "$out/platform-react-spring-A.mp4"
# 12.-15. pixel-snapped springs (issue 45): the card's edge at 1, 2 and 4 px steps, and a motion in
#     CSS px drawn at whole device pixels with a device-pixel ratio of 2
for step in 1 2 4; do
    clip --zeta 0.7 --response 0.5 --property x --from 100 --to 380 --fps 60 --duration 1.5 \
         --seed $((10 + step)) --snap $step -o "$out/x-snap$step.mp4"
done
clip --zeta 0.45 --response 0.6 --property x --from 50 --to 190 --fps 60 --duration 1.5 --seed 14 \
     --dpr 2 -o "$out/x-dpr2.mp4"
# 16.-17. not springs, drawn at 2 px steps: the CSS ease and a linear slide
clip --curve 'cubic-bezier(0.25,0.1,0.25,1)' --curve-duration 0.6 --property x --from 100 \
     --to 380 --fps 60 --duration 1.0 --seed 15 --snap 2 -o "$out/ease-snap2.mp4"
clip --curve linear --curve-duration 0.6 --property x --from 100 --to 380 --fps 60 \
     --duration 1.0 --seed 16 --snap 2 -o "$out/linear-snap2.mp4"

du -sh "$out"
