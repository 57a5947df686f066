#!/usr/bin/python3
# make_recording_set.py: one clip per real-library recording, for benchmarking `springplot track`
# against what each platform really displayed.
#
#   scripts/track/make_recording_set.py -o /tmp/track-recordings [--recordings /work/shared/platforms]
#
# Each recording (t,position rows of a real library's frames; see that folder's README) is played by
# make_clip.py as a screen shows it (each frame holds the newest recorded row), at the recording's
# own frame rate (120 fps for *_120hz files, 60 otherwise), 960x540 H.264 CRF 23, with 0.1 s still
# before and 0.6 s after. The travel is scaled so that the whole path, overshoot and an initial swing
# the other way included, keeps the card inside the frame.
# Writes clip_NN.mp4 and manifest.csv (id, clip, recording, fps, zeta, response), where zeta and
# response are the spring the recording's header says was asked for (by value, or by its letter A, C,
# D, E in the recordings' README), or empty for a platform preset.
# Same requirements as make_clip.py (/usr/bin/python3 with pycairo, ffmpeg, ffprobe).
import argparse
import csv
import glob
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import make_clip  # noqa: E402

# The springs the recordings' README names by letter (for headers that give only the letter).
SPRINGS = {"A": ("0.68", "0.8"), "C": ("0.5", "0.6"), "D": ("1.5", "0.4"), "E": ("0.15", "0.3")}


def main():
    p = argparse.ArgumentParser(description="Make one clip per platform recording, with a manifest.")
    p.add_argument("-o", "--output", required=True, help="folder")
    p.add_argument("--recordings", default="/work/shared/platforms", help="folder of recording CSVs")
    p.add_argument("--size", default="960x540")
    args = p.parse_args()
    files = sorted(glob.glob(os.path.join(args.recordings, "*.csv")))
    if not files:
        sys.exit(f"make_recording_set: no .csv files in {args.recordings}")
    os.makedirs(args.output, exist_ok=True)
    width, height = (int(v) for v in args.size.split("x"))
    card_w = round(64 * width / 480)
    rows = []
    for index, path in enumerate(files):
        times, positions, header = make_clip.read_recording(path)
        travel = positions[-1] - positions[0]
        if travel == 0:
            print(f"skip {os.path.basename(path)}: no travel", file=sys.stderr)
            continue
        path_units = [(x - positions[0]) / travel for x in positions]
        lo, hi = min(0.0, min(path_units)), max(1.0, max(path_units))
        margin = 12
        usable = width - card_w - 2 * margin
        per_travel = usable / (hi - lo)
        start = margin + card_w / 2 + (-lo) * per_travel
        end = start + per_travel
        fps = 120.0 if re.search(r"_120hz", path) else 60.0
        asked = re.search(r"zeta ([0-9.]+), response ([0-9.]+) s", header)
        letter = re.search(r"\bspring ([ACDE])\b", header)
        zeta, response = (asked.group(1), asked.group(2)) if asked else SPRINGS.get(letter.group(1) if letter else "", ("", ""))
        name = f"clip_{index:02d}.mp4"
        clip_args = make_clip.build_parser().parse_args([
            "--recording", path, "--property", "x", "--size", args.size, "--fps", str(fps),
            "--from", f"{start:.3f}", "--to", f"{end:.3f}", "--onset", "0.1",
            "--duration", f"{0.1 + times[-1] + 0.6:.3f}", "--seed", str(100 + index),
            "-o", os.path.join(args.output, name), "--quiet"])
        make_clip.make_clip(clip_args)
        rows.append({"id": f"clip_{index:02d}", "clip": name, "recording": os.path.abspath(path), "fps": fps,
                     "zeta": zeta, "response": response})
        print(f"{name}: {os.path.basename(path)} at {fps:g} fps", flush=True)
    with open(os.path.join(args.output, "manifest.csv"), "w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=["id", "clip", "recording", "fps", "zeta", "response"])
        writer.writeheader()
        writer.writerows(rows)


if __name__ == "__main__":
    main()
