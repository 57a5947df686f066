#!/usr/bin/python3
# make_benchmark_set.py: N random spring clips (+ truth CSVs) for benchmarking `springplot track`.
#
#   scripts/track/make_benchmark_set.py -o /tmp/track-bench --count 100 --size 960x540 --fps 60
#
# Each clip: zeta in [0.2, 2] (log-uniform by default), response in [0.15, 1.5] s (log-uniform),
# x or y, travel >= 30% of the frame along that axis, from/to placed so the whole trajectory
# (overshoot included) keeps the card inside the frame. Duration "auto": until the spring is
# within 0.5 px of rest, + 0.25 s, clamped to [0.8, --max-duration] s. Everything seeded.
# Writes clip_NNN.<ext>, clip_NNN.truth.csv, manifest.csv and manifest.json into the folder.
# Same requirements as make_clip.py (/usr/bin/python3 with pycairo, ffmpeg, ffprobe).
import argparse
import csv
import json
import math
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import make_clip  # noqa: E402 (make_clip also puts scripts/lib on the path)
import exact_spring  # noqa: E402 (scripts/lib: the exact motion)

EXT = {"h264": ".mp4", "mov": ".mov", "webm": ".webm", "gif": ".gif", "png": ""}


def draw(rng, lo, hi, log):
    return math.exp(rng.uniform(math.log(lo), math.log(hi))) if log else rng.uniform(lo, hi)


def trajectory_extent(zeta, response, velocity_per_travel, horizon):
    """Min and max of the spring's path from 0 to 1 (in units of the travel) over horizon s."""
    lo, hi = 0.0, 1.0
    steps = 2000
    motion = exact_spring.unit(zeta, response).motion(-1.0, velocity_per_travel)
    for k in range(steps + 1):
        tau = horizon * k / steps
        x = 1.0 + motion.position(tau)
        lo, hi = min(lo, x), max(hi, x)
    return lo, hi


def settle_time(zeta, response, travel, velocity, tol=0.5, horizon=8.0):
    steps = 4000
    last = 0.0
    motion = exact_spring.unit(zeta, response).motion(-travel, velocity)
    for k in range(steps + 1):
        tau = horizon * k / steps
        if abs(motion.position(tau)) > tol:
            last = tau
    return last


def main():
    p = argparse.ArgumentParser(description="Make N random spring clips with a manifest.")
    p.add_argument("-o", "--output", required=True, help="folder")
    p.add_argument("--count", type=int, default=100)
    p.add_argument("--first", type=int, default=0, help="index of the first clip (to resume)")
    p.add_argument("--size", default="960x540")
    p.add_argument("--fps", type=float, default=60.0)
    p.add_argument("--codec", choices=list(EXT), default="h264")
    p.add_argument("--crf", type=float)
    p.add_argument("--preset", default="medium")
    p.add_argument("--seed", type=int, default=2024)
    p.add_argument("--zeta-range", type=float, nargs=2, default=(0.2, 2.0))
    p.add_argument("--zeta-dist", choices=["log", "uniform"], default="log")
    p.add_argument("--response-range", type=float, nargs=2, default=(0.15, 1.5))
    p.add_argument("--min-travel", type=float, default=0.3, help="fraction of the frame along the axis")
    p.add_argument("--max-travel", type=float, default=0.7)
    p.add_argument("--properties", default="x,y", help="comma list drawn from")
    p.add_argument("--max-velocity", type=float, default=0.0, help="|v0| up to this, px/s (0: at rest)")
    p.add_argument("--onset", type=float, default=0.1)
    p.add_argument("--duration", default="auto", help="seconds, or auto")
    p.add_argument("--max-duration", type=float, default=3.0)
    p.add_argument("--drop", type=float, default=0.0)
    p.add_argument("--jitter", type=float, default=0.0, help="ms")
    p.add_argument("--background", choices=["busy", "ui"], default="busy")
    a = p.parse_args()

    width, height = make_clip.parse_pair(a.size, "--size", True)
    card_w, card_h = round(64 * width / 480), round(40 * height / 270)
    os.makedirs(a.output, exist_ok=True)
    props = [s.strip() for s in a.properties.split(",") if s.strip()]
    rows = []
    started = time.time()
    for index in range(a.first, a.first + a.count):
        rng = random.Random(f"{a.seed}:clip:{index}")
        for _attempt in range(200):
            zeta = draw(rng, *a.zeta_range, a.zeta_dist == "log")
            response = draw(rng, *a.response_range, True)
            prop = rng.choice(props)
            span = width if prop == "x" else height
            half = (card_w if prop == "x" else card_h) / 2 + 2  # keep 2 px clear of the edge
            low_c, high_c = half - 0.5, span - 0.5 - half      # pixel-index centre limits
            travel = rng.uniform(a.min_travel, a.max_travel) * span * rng.choice((-1, 1))
            velocity = rng.uniform(-a.max_velocity, a.max_velocity) if a.max_velocity else 0.0
            lo, hi = trajectory_extent(zeta, response, velocity / travel, 6.0)
            ext_lo, ext_hi = sorted((lo * travel, hi * travel))  # offsets from `from`
            room = (high_c - ext_hi) - (low_c - ext_lo)
            if room >= 0:
                start = rng.uniform(low_c - ext_lo, high_c - ext_hi)
                break
        else:
            sys.exit(f"make_benchmark_set: clip {index}: found no trajectory that fits the frame")
        start = round(start, 3)
        end = round(start + travel, 3)
        if a.duration == "auto":
            settle = settle_time(zeta, response, end - start, velocity)
            duration = min(a.max_duration, max(0.8, a.onset + settle + 0.25))
        else:
            duration = float(a.duration)
        duration = round(duration * a.fps) / a.fps
        name = f"clip_{index:03d}"
        clip = os.path.join(a.output, name + EXT[a.codec])
        truth = os.path.join(a.output, name + ".truth.csv")
        argv = ["-o", clip, "--truth", truth, "--codec", a.codec, "--property", prop,
                "--zeta", repr(zeta), "--response", repr(response), "--from", repr(start),
                "--to", repr(end), "--velocity", repr(velocity), "--onset", repr(a.onset),
                "--fps", repr(a.fps), "--duration", repr(duration), "--size", f"{width}x{height}",
                "--seed", str(index + 1000 * a.seed), "--preset", a.preset, "--background", a.background,
                "--quiet"]
        if a.crf is not None:
            argv += ["--crf", repr(a.crf)]
        if a.drop:
            argv += ["--drop", repr(a.drop)]
        if a.jitter:
            argv += ["--jitter", repr(a.jitter)]
        t0 = time.time()
        result = make_clip.make_clip(make_clip.build_parser().parse_args(argv))
        rows.append({"id": name, "clip": os.path.basename(clip), "truth": os.path.basename(truth),
                     "property": prop, "zeta": zeta, "response": response, "from": start, "to": end,
                     "velocity": velocity, "onset": a.onset, "fps": a.fps, "duration": duration,
                     "frames": result["frames"], "size": f"{width}x{height}", "codec": a.codec,
                     "worst_ts_diff": result["worst_ts_diff"], "seconds_to_make": round(time.time() - t0, 3)})
        print(f"{name}: {prop} zeta {zeta:.3f} response {response:.3f} s {start:.1f} -> {end:.1f}, "
              f"{duration:.2f} s, {result['frames']} frames, {time.time() - t0:.2f} s", flush=True)

    # merge with an existing manifest (so --first can resume or extend a set)
    manifest_json = os.path.join(a.output, "manifest.json")
    previous = []
    if os.path.exists(manifest_json):
        with open(manifest_json) as handle:
            previous = json.load(handle).get("clips", [])
    made = {r["id"] for r in rows}
    clips = sorted([r for r in previous if r["id"] not in made] + rows, key=lambda r: r["id"])
    with open(manifest_json, "w") as handle:
        json.dump({"generator": "scripts/track/make_benchmark_set.py", "args": vars(a),
                   "value_convention": "pixel-index (Cairo coordinate - 0.5); see each truth CSV",
                   "clips": clips}, handle, indent=1)
    with open(os.path.join(a.output, "manifest.csv"), "w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(clips[0].keys()))
        writer.writeheader()
        for r in clips:
            writer.writerow({k: (repr(v) if isinstance(v, float) else v) for k, v in r.items()})
    print(f"{len(rows)} clips in {time.time() - started:.1f} s -> {a.output}")


if __name__ == "__main__":
    main()
