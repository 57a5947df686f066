#!/usr/bin/env python3
"""Simulated recordings for the coverage of fit's stated uncertainty (issue 45, item 5).

Each case is a known spring recorded the way real recordings go wrong, written from the textbook
closed form (scripts/lib/exact_spring.py, vectorised with numpy; not SpringKit):

- springs: zeta log-uniform in [0.25, 1.6], response log-uniform in [0.15, 1.0] s, travel 80 to
  400 px in either direction, v0 = 0 in half the cases, otherwise up to 4 travels per second;
- frame rates 30, 60 and 120 Hz; each frame's content is the motion at its time plus a jitter
  (uniform, up to 0, 1 or 2 ms) while its time stamp stays on the grid;
- 0, 3 or 10 % of the frames dropped at random (never the first);
- Gaussian noise sigma 0, 0.5, 1 or 2 px; then rounded to whole pixels in 3 cases out of 4 (pixel
  quantisation), or left as it is;
- the recording runs from the motion's start to the time it stays within 0.5 px of the target plus
  0.2 s (at least 20 frames).

Writes DIR/coverage_cases.csv (case,t,position) and DIR/coverage_truth.csv (case, zeta, response,
from, to, v0, rate, jitter, drop, noise, rounded). The seed is fixed (SEED), so the cases are the
same on every run. Used by `analysis-benchmarks --coverage DIR`.

    python3 scripts/reference/analysis/coverage_cases.py --out DIR [--cases 300]
"""
import argparse
import math
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lib"))
import exact_spring  # noqa: E402 (scripts/lib: the exact motion)

SEED = 45_2026


def displacement(zeta, omega, x0, v0, t):
    """x(t) − target for x'' + 2ζωx' + ω²x = 0 from x0, v0, at the times t (an array)."""
    return exact_spring.natural(zeta, omega).motion(x0, v0, vectorised=True).position(t)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", required=True)
    parser.add_argument("--cases", type=int, default=300)
    args = parser.parse_args()
    rng = np.random.default_rng(SEED)
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "coverage_truth.csv"), "w") as truth, \
            open(os.path.join(args.out, "coverage_cases.csv"), "w") as cases:
        truth.write("case,dampingRatio,response,from,to,v0,rate,jitter,drop,noise,rounded\n")
        cases.write("case,t,position\n")
        for case in range(args.cases):
            zeta = math.exp(rng.uniform(math.log(0.25), math.log(1.6)))
            response = math.exp(rng.uniform(math.log(0.15), math.log(1.0)))
            travel = rng.uniform(80, 400) * rng.choice([-1, 1])
            start = round(rng.uniform(0, 400))
            to = start + travel
            v0 = 0.0 if rng.random() < 0.5 else rng.uniform(-4, 4) * abs(travel)
            rate = float(rng.choice([30, 60, 120]))
            jitter = float(rng.choice([0, 0.001, 0.002]))
            drop = float(rng.choice([0, 0.03, 0.1]))
            noise = float(rng.choice([0, 0.5, 1, 2]))
            rounded = bool(rng.random() < 0.75)
            omega = 2 * math.pi / response
            # The end: the last time the motion is 0.5 px or more from the target, on a fine grid.
            fine = np.arange(0, 60, 1e-3)
            away = np.nonzero(np.abs(displacement(zeta, omega, start - to, v0, fine)) >= 0.5)[0]
            end = (fine[away[-1]] if len(away) else 0) + 0.2
            frames = max(int(end * rate) + 1, 20)
            t = np.arange(frames) / rate
            content = t + rng.uniform(-jitter, jitter, frames) * (t > 0)
            x = to + displacement(zeta, omega, start - to, v0, np.maximum(content, 0))
            x = x + rng.normal(0, noise, frames) if noise > 0 else x
            if rounded:
                x = np.round(x)
            keep = rng.random(frames) >= drop
            keep[0] = True
            truth.write(f"{case},{zeta!r},{response!r},{float(start)!r},{float(to)!r},{float(v0)!r},{rate:g},{jitter:g},{drop:g},{noise:g},{int(rounded)}\n")
            for ti, xi in zip(t[keep], x[keep]):
                cases.write(f"{case},{float(ti)!r},{float(xi)!r}\n")
    print(f"coverage cases: seed {SEED}, {args.cases} cases in {args.out}")


if __name__ == "__main__":
    main()
