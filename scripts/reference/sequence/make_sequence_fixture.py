#!/usr/bin/env python3
"""Independent reference for spring sequences (issue 32, part 2).

Each keyframe i pulls the value toward to_i with its own spring from at_i on; position and velocity
carry over at each at_i. The motion is the ODE itself, integrated numerically, not the closed form
SpringMath uses:

    m_i x'' = k_i (to_i - x) - c_i x'    for at_i <= t < at_(i+1)

solved with mpmath.odefun (a Taylor-series integrator) at 40 significant digits, one keyframe after
another from the state the previous one reached. Before the first keyframe the value rests at `from`;
the first spring starts with `velocity`. Springs are written as in the sequence file, in the three
forms it takes, and converted here from the textbook definitions:

  dampingRatio ζ, response T, mass m:   k = (2π/T)² m,   c = 2ζ √(k m)
  stiffness k, dampingCoefficient c, mass m: as given
  SwiftUI duration d, bounce b:          ζ = 1 − b (b ≥ 0) or 1/(1 + b) (b < 0), T = d, m = 1

Self-check (AssertionError if it fails): every value agrees with a second integration at 50 digits
to 1e-25 of the span.

Output: Tests/SpringMathTests/Fixtures/sequences/NAME.json (the sequence file, as springplot reads
it) and Tests/SpringMathTests/Fixtures/sequences.csv (case,t,x,v).

Usage: python3 scripts/reference/sequence/make_sequence_fixture.py
"""

import json
import os
import mpmath as mp

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
FIXTURES = os.path.join(ROOT, "Tests", "SpringMathTests", "Fixtures")

CASES = {
    # The example, with a third keyframe in SwiftUI's terms.
    "three-forms": {"from": 10, "velocity": 0, "keyframes": [
        {"to": 100, "at": 0, "spring": {"dampingRatio": 0.68, "response": 0.8}},
        {"to": 40, "at": 0.45, "spring": {"stiffness": 300, "dampingCoefficient": 20, "mass": 1}},
        {"to": 70, "at": 1.1, "spring": {"duration": 0.5, "bounce": 0.3}},
    ]},
    # A delayed, flung start; overdamped and critically damped keyframes; mass 2; negative bounce.
    "delayed-flung": {"from": 0, "velocity": -600, "keyframes": [
        {"to": 200, "at": 0.2, "spring": {"dampingRatio": 1, "response": 0.4, "mass": 2}},
        {"to": -50, "at": 0.5, "spring": {"dampingRatio": 2.2, "response": 0.3}},
        {"to": 0, "at": 0.9, "spring": {"duration": 0.6, "bounce": -0.4}},
    ]},
    # Out and back: it ends where it starts, so it has no net travel.
    "out-and-back": {"from": 0, "keyframes": [
        {"to": 300, "spring": {"dampingRatio": 0.5, "response": 0.5}},
        {"to": 0, "at": 0.35, "spring": {"dampingRatio": 0.9, "response": 0.4}},
    ]},
}
TIMES = [0, 0.01, 0.1, 0.2, 0.3, 0.35, 0.4, 0.45, 0.5, 0.6, 0.75, 0.9, 1.0, 1.1, 1.25, 1.5, 2.0, 3.0, 4.0]


def constants(s):
    if "dampingRatio" in s:
        m = mp.mpf(s.get("mass", 1))
        w = 2 * mp.pi / mp.mpf(s["response"])
        k = w * w * m
        return m, k, 2 * mp.mpf(s["dampingRatio"]) * mp.sqrt(k * m)
    if "stiffness" in s:
        return mp.mpf(s.get("mass", 1)), mp.mpf(s["stiffness"]), mp.mpf(s["dampingCoefficient"])
    b = mp.mpf(s["bounce"])
    zeta = 1 - b if b >= 0 else 1 / (1 + b)
    w = 2 * mp.pi / mp.mpf(s["duration"])
    return mp.mpf(1), w * w, 2 * zeta * w


def solve(case, times):
    frames = case["keyframes"]
    ats = [mp.mpf(f.get("at", 0)) for f in frames]
    state = (mp.mpf(case["from"]), mp.mpf(case.get("velocity", 0)))
    out = {}
    for t in times:
        if mp.mpf(t) < ats[0]:
            out[t] = (mp.mpf(case["from"]), mp.mpf(0))
    for i, frame in enumerate(frames):
        m, k, c = constants(frame["spring"])
        to = mp.mpf(frame["to"])
        start = ats[i]
        end = ats[i + 1] if i + 1 < len(frames) else None
        f = mp.odefun(lambda t, y, k=k, c=c, m=m, to=to: [y[1], (k * (to - y[0]) - c * y[1]) / m], start, list(state))
        for t in times:
            tt = mp.mpf(t)
            if tt >= start and (end is None or tt < end):
                y = f(tt)
                out[t] = (y[0], y[1])
        if end is not None:
            y = f(end)
            state = (y[0], y[1])
    return [out[t] for t in times]


def main():
    os.makedirs(os.path.join(FIXTURES, "sequences"), exist_ok=True)
    rows = ["case,t,x,v"]
    for name, case in CASES.items():
        with open(os.path.join(FIXTURES, "sequences", name + ".json"), "w") as f:
            json.dump(case, f, indent=1)
            f.write("\n")
        values = [case["from"]] + [k["to"] for k in case["keyframes"]]
        span = max(values) - min(values)
        mp.mp.dps = 50
        check = solve(case, TIMES)
        mp.mp.dps = 40
        result = solve(case, TIMES)
        for t, (x, v), (x2, v2) in zip(TIMES, result, check):
            assert abs(x - x2) <= mp.mpf("1e-25") * span, (name, t)
            assert abs(v - v2) <= mp.mpf("1e-25") * span * 100, (name, t)
            rows.append(f"{name},{t},{mp.nstr(x, 25)},{mp.nstr(v, 25)}")
    with open(os.path.join(FIXTURES, "sequences.csv"), "w") as f:
        f.write("\n".join(rows) + "\n")
    print(f"wrote {len(rows) - 1} rows for {len(CASES)} sequences")


main()
