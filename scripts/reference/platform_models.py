#!/usr/bin/env python3
"""
Independent frame-by-frame models of how web/React-Native/Android spring
libraries step an animation, written from each library's own source code.

Nothing here is derived from SpringKit's Swift code (Sources/SpringPlatforms
was deliberately not read).  Every rule below was learned from the library
source named in its section; where the exact commit named by the recordings
was not stored in the code index, the nearest stored version was read and the
section says so.  The recordings in /work/shared/platforms then decide what
the unread commit does (see --check).

Usage: python3 scripts/reference/platform_models.py --check [--recordings DIR]
       python3 scripts/reference/platform_models.py --generate   (after `swift build`)

Targets (one stepping function each; all return the displayed positions,
row 0 = start value at t = 0, one row per displayed frame, until the library
reports that it has finished, or until the frame budget runs out):

  framer-physics          Motion v13.1.1 spring generator + JSAnimation
  framer-duration         (the same code, with `duration` in s and `bounce`)
  framer-visual-duration  (the same code, with `visualDuration` and `bounce`)
  react-spring            SpringValue.advance driven by rafz in demand mode
  reanimated              withSpring's onStart/onFrame
  origami                 rebound-js SpringSystem + SteppingSimulationLooper
  rebound-java            Rebound for Android, BaseSpringSystem.loop(ms)

Frame clock
-----------
Frame i is displayed at t_i seconds.  For a uniform rate t_i = i / fps and the
library's frame loop sees the timestamp `i * (1000 / fps)` in milliseconds
(double arithmetic, exactly that expression).  A `FrameClock` can also carry a
listed schedule (the fixture-schedule recordings) that continues at 60 Hz.

Modes
-----
  --check      reproduce every recording in Tests/SpringPlatformsTests/Fixtures/recordings
               (tolerance 1e-6 of the travel at every row, same row count)
  --generate   write Tests/SpringPlatformsTests/Fixtures/independent/*.csv
               for seeded random springs at 30, 60, 90, 120 and 144 Hz
               (parameters from `springplot export --json`, see export_parameters),
               plus exact_error.csv against the textbook closed form.
               Stored rows per run: every index < 16, every 30th, the last 3
               and any early frame showing the target (the requested "< 240,
               then every 4th" makes ~13 MB; use --full-rows 240 --stride 4)

Each stepping function is step_<target>(params, from, to, v0, clock, max_frames)
-> Run(positions, finished).  `params` is what a user hands the library, in
its own units; where the library takes the initial velocity inside its
parameters (react-spring px/ms, Reanimated px/s, Rebound setVelocity in
travels/s) it is read from there, and v0 (px/s) is used by Motion, which takes
it as the animation's velocity.

Run from the repository root:  python3 scripts/reference/platform_models.py --check
"""

from __future__ import annotations

import argparse
import glob
import json
import math
import os
import random
import re
import subprocess
import sys
from dataclasses import dataclass
from typing import Dict, List, Optional, Tuple

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import exact_spring  # noqa: E402 (scripts/lib: the exact motion)

# ---------------------------------------------------------------------------
# Sources (repository @ commit as named by the recordings; "read" = the stored
# version that was actually read when it differed)
# ---------------------------------------------------------------------------

SOURCES = {
    "framer-physics": (
        "motiondivision/motion@1b037b0032578b52af94b06ff3920bfa0aaa5e36 (v13.1.1) "
        "packages/motion-dom/src/animation/generators/spring.ts + JSAnimation.ts; "
        "read: spring.ts@2a0be584, spring/index.ts@66a5fdbb (v12 layout), JSAnimation.ts@018af876, "
        "spring/find.ts (theteleporter/motion@39d34bfa), calc-duration.ts, utils/velocity.ts"
    ),
    "react-spring": (
        "pmndrs/react-spring@3d2523de0f879e20869ab9add907540188bf6446 "
        "packages/core/src/SpringValue.ts (advance) + packages/rafz/src/index.ts; "
        "read: SpringValue.ts@b167608c, rafz/src/index.ts@0a44704e"
    ),
    "reanimated": (
        "software-mansion/react-native-reanimated "
        "packages/react-native-reanimated/src/animation/spring/spring.ts@01e4626e "
        "springUtils.ts@0893dd90 (both read at exactly these commits), springConfigs.ts@178a31ed"
    ),
    "origami": (
        "facebook/rebound-js@6e6e9a90ee328caeaf98b57ea80e4f1e478f3d70 src/Spring.js, "
        "src/SpringSystem.js, src/Loopers.js, src/SpringConfig.js, src/OrigamiValueConverter.js; "
        "read (facebookarchive/rebound-js): Spring.js@016bcb09, SpringSystem.js@3c62bcd9, "
        "Loopers.js@17347256, SpringConfig.js@5cb84a78, OrigamiValueConverter.js@69ce1f9b, "
        "BouncyConversion.js@17347256"
    ),
    "rebound-java": (
        "facebook/rebound@65f155c6cf4e7594da636b2ab5215067e24da6ae "
        "rebound-core/src/main/java/com/facebook/rebound/Spring.java + BaseSpringSystem.java; "
        "read (facebookarchive/rebound): Spring.java@0215f38f, BaseSpringSystem.java@1dec8d59 "
        "(loop() with a clock) and the later loop(double ellapsedMillis) form"
    ),
}
SOURCES["framer-duration"] = SOURCES["framer-physics"]
SOURCES["framer-visual-duration"] = SOURCES["framer-physics"]

TARGETS = [
    "framer-physics",
    "framer-duration",
    "framer-visual-duration",
    "react-spring",
    "reanimated",
    "origami",
    "rebound-java",
]

# ---------------------------------------------------------------------------
# JavaScript number helpers
# ---------------------------------------------------------------------------


def js_round(x: float) -> float:
    """Math.round: nearest integer, ties toward +infinity (exact for doubles)."""
    f = math.floor(x)
    return f + 1.0 if x - f >= 0.5 else f


def js_clamp(lo: float, hi: float, v: float) -> float:
    """motion-utils clamp(min, max, v)."""
    return min(max(v, lo), hi)


# ---------------------------------------------------------------------------
# Frame clock
# ---------------------------------------------------------------------------


@dataclass
class FrameClock:
    """Frame i is displayed at seconds(i); the JS frame loop sees ms(i).

    Uniform clocks use ms(i) = i * (1000 / fps) and seconds(i) = i / fps.
    A listed schedule gives seconds for its first frames; its timestamps in
    ms are seconds * 1000, and after the list the clock continues at 60 Hz
    from the last listed time (t_last + k * (1000/60) ms).
    """

    fps: float = 60.0
    listed: Optional[List[float]] = None  # seconds

    def ms(self, i: int) -> float:
        if self.listed is None:
            return i * (1000.0 / self.fps)
        n = len(self.listed)
        if i < n:
            return self.listed[i] * 1000.0
        return self.listed[-1] * 1000.0 + (i - n + 1) * (1000.0 / 60.0)

    def seconds(self, i: int) -> float:
        if self.listed is None:
            return i / self.fps
        n = len(self.listed)
        if i < n:
            return self.listed[i]
        return self.listed[-1] + (i - n + 1) / 60.0

    def delta_ms(self, i: int) -> float:
        """Timestamp difference between frame i and frame i-1, in ms."""
        return self.ms(i) - self.ms(i - 1)


@dataclass
class Run:
    """Displayed positions (row 0 = t 0) and whether the library finished."""

    positions: List[float]
    finished: bool


# ===========================================================================
# Motion (framer-motion) v13.1.1
# ===========================================================================
#
# spring.ts builds a generator whose next(t) (t in ms, relative to the start)
# evaluates the closed-form damped spring (three branches) and a rest test.
# JSAnimation.tick(timestamp) computes currentTime = Math.round(timestamp -
# startTime) (updateTime), asks the generator for next(currentTime) and
# finishes once currentTime >= calculatedDuration.  For physics springs the
# calculatedDuration comes from calcGeneratorDuration: next(0), next(50),
# next(100), ... until the generator's rest test passes (20 s cap -> Infinity).
# For `duration` springs it is the duration itself (findSpring's Newton solve
# picks the stiffness).  The generator reports the target whenever its rest
# test passes, even on a frame before the end.
#
# Parameters (getSpringOptions): stiffness/damping/mass win over duration/
# bounce.  Without them, duration/bounce/visualDuration make a time-defined
# spring whose velocity is forced to 0 and whose mass is 1:
#   visualDuration: k = (2*pi / (1.2*visualDuration))^2,
#                   c = 2*clamp(0.05, 1, 1 - bounce)*sqrt(k)  (rest test as physics)
#   duration:       findSpring(duration, bounce): damping ratio clamp(0.05, 1,
#                   1 - bounce), 11 Newton steps from 5/duration, finishes at the
#                   duration itself.
# The animation velocity (px/s) enters as -v/1000 (px/ms); rest thresholds
# default to restSpeed 2 px/s, restDelta 0.5 px (0.01 / 0.005 when
# |to - from| < 5).

MOTION_DEFAULTS = dict(
    stiffness=100.0,
    damping=10.0,
    mass=1.0,
    velocity=0.0,
    duration=800.0,  # ms
    bounce=0.3,
    visualDuration=0.3,
    restSpeed_granular=0.01,
    restSpeed_default=2.0,
    restDelta_granular=0.005,
    restDelta_default=0.5,
    minDuration=0.01,
    maxDuration=10.0,
    minDamping=0.05,
    maxDamping=1.0,
)
MOTION_MAX_GENERATOR_DURATION = 20000.0


def _motion_find_spring(duration_ms: float, bounce: float, velocity: float, mass: float):
    """findSpring (find.ts): Newton iterations on the settling envelope."""
    safe_min = 0.001
    zeta = js_clamp(MOTION_DEFAULTS["minDamping"], MOTION_DEFAULTS["maxDamping"], 1.0 - bounce)
    dur = js_clamp(MOTION_DEFAULTS["minDuration"], MOTION_DEFAULTS["maxDuration"], duration_ms / 1000.0)

    def damped(w, z):
        return w * math.sqrt(1.0 - z * z)

    if zeta < 1.0:

        def envelope(w):
            decay = w * zeta
            delta = decay * dur
            a = decay - velocity
            b = damped(w, zeta)
            c = math.exp(-delta)
            return safe_min - (a / b) * c

        def derivative(w):
            decay = w * zeta
            delta = decay * dur
            d = delta * velocity + velocity
            e = math.pow(zeta, 2) * math.pow(w, 2) * dur
            f = math.exp(-delta)
            g = damped(math.pow(w, 2), zeta)
            factor = -1.0 if (-envelope(w) + safe_min > 0) else 1.0
            return (factor * ((d - e) * f)) / g

    else:

        def envelope(w):
            a = math.exp(-w * dur)
            b = (w - velocity) * dur + 1.0
            return -safe_min + a * b

        def derivative(w):
            a = math.exp(-w * dur)
            b = (velocity - w) * (dur * dur)
            return a * b

    w = 5.0 / dur
    try:
        for _ in range(1, 12):
            w = w - envelope(w) / derivative(w)
    except (ZeroDivisionError, OverflowError, ValueError):
        w = float("nan")
    dur_ms = dur * 1000.0
    if math.isnan(w):
        return MOTION_DEFAULTS["stiffness"], MOTION_DEFAULTS["damping"], dur_ms
    stiffness = math.pow(w, 2) * mass
    return stiffness, zeta * 2.0 * math.sqrt(mass * stiffness), dur_ms


class MotionSpringGenerator:
    """The spring generator of spring.ts (v13.1.1).

    Position: target - envelope * (...) in the three branches (underdamped,
    dampingRatio === 1 exactly, overdamped with the sinh/cosh argument capped
    at 300).  Rest test (physics springs only): |speed| <= restSpeed and
    |target - x| <= restDelta, speed in px/s.

    velocity_rule:
      "analytic"           v13.1.1: speed = 1000 * resolveVelocity(t), the
                           closed-form derivative, in all three branches.
                           (The stored spring.ts@2a0be584 comments that only
                           underdamped springs need it; the built motion
                           bundles in the index evaluate resolveVelocity for
                           every branch, and the ζ = 1 and ζ = 1.5 recordings
                           only reproduce that way.)
      "finite-difference"  v12.35 spring/index.ts: calcGeneratorVelocity, the
                           slope over the last 5 ms (0 for ζ >= 1; the
                           initial velocity at t = 0).
    """

    def __init__(self, options: Dict[str, float], origin: float, target: float, velocity_rule: str = "analytic"):
        o = dict(options)
        self.velocity_rule = velocity_rule
        rest_speed = o.get("restSpeed")
        rest_delta = o.get("restDelta")
        self.origin, self.target = origin, target

        # getSpringOptions, with options.velocity given in px/s and handed over as -v/1000
        velocity = -(o.get("velocity", 0.0) or 0.0) / 1000.0
        stiffness, damping, mass = MOTION_DEFAULTS["stiffness"], MOTION_DEFAULTS["damping"], MOTION_DEFAULTS["mass"]
        for key in ("stiffness", "damping", "mass"):
            if key in o:
                if key == "stiffness":
                    stiffness = o[key]
                elif key == "damping":
                    damping = o[key]
                else:
                    mass = o[key]
        duration = o.get("duration")
        resolved_from_duration = False
        physics = any(k in o for k in ("stiffness", "damping", "mass"))
        duration_type = any(k in o for k in ("duration", "bounce"))
        if not physics and duration_type:
            velocity = 0.0  # time-defined springs drop the velocity
            if o.get("visualDuration"):
                vd = o["visualDuration"]
                root = (2.0 * math.pi) / (vd * 1.2)
                stiffness = root * root
                damping = 2.0 * js_clamp(0.05, 1.0, 1.0 - (o.get("bounce") or 0.0)) * math.sqrt(stiffness)
                mass = MOTION_DEFAULTS["mass"]
            else:
                stiffness, damping, duration = _motion_find_spring(
                    o.get("duration", MOTION_DEFAULTS["duration"]),
                    o.get("bounce", MOTION_DEFAULTS["bounce"]),
                    0.0,
                    MOTION_DEFAULTS["mass"],
                )
                mass = MOTION_DEFAULTS["mass"]
                resolved_from_duration = True

        self.v0 = velocity or 0.0
        self.zeta = damping / (2.0 * math.sqrt(stiffness * mass))
        self.delta = target - origin
        self.w0 = math.sqrt(stiffness / mass) / 1000.0  # rad/ms
        granular = abs(self.delta) < 5
        self.rest_speed = rest_speed or (
            MOTION_DEFAULTS["restSpeed_granular"] if granular else MOTION_DEFAULTS["restSpeed_default"]
        )
        self.rest_delta = rest_delta or (
            MOTION_DEFAULTS["restDelta_granular"] if granular else MOTION_DEFAULTS["restDelta_default"]
        )
        self.resolved_from_duration = resolved_from_duration
        self.duration = duration
        self.stiffness, self.damping, self.mass = stiffness, damping, mass

        z, w0, d, v0 = self.zeta, self.w0, self.delta, self.v0
        if z < 1.0:
            wd = w0 * math.sqrt(1.0 - z * z)
            A = (v0 + z * w0 * d) / wd
            sin_c = z * w0 * A + d * wd
            cos_c = z * w0 * d - A * wd

            def pos(t):
                env = math.exp(-z * w0 * t)
                return target - env * (A * math.sin(wd * t) + d * math.cos(wd * t))

            def vel(t):
                env = math.exp(-z * w0 * t)
                return env * (sin_c * math.sin(wd * t) + cos_c * math.cos(wd * t))

        elif z == 1.0:
            C = v0 + w0 * d

            def pos(t):
                return target - math.exp(-w0 * t) * (d + (v0 + w0 * d) * t)

            def vel(t):
                return math.exp(-w0 * t) * (w0 * C * t - v0)

        else:
            wd = w0 * math.sqrt(z * z - 1.0)

            def pos(t):
                env = math.exp(-z * w0 * t)
                ft = min(wd * t, 300.0)  # Motion caps the sinh/cosh argument
                return target - (env * ((v0 + z * w0 * d) * math.sinh(ft) + wd * d * math.cosh(ft))) / wd

            P = (v0 + z * w0 * d) / wd
            sinh_c = z * w0 * P - d * wd
            cosh_c = z * w0 * d - P * wd

            def vel(t):
                env = math.exp(-z * w0 * t)
                ft = min(wd * t, 300.0)
                return env * (sinh_c * math.sinh(ft) + cosh_c * math.cosh(ft))

        self._pos, self._vel = pos, vel
        self.calculated_duration = duration if (resolved_from_duration and duration) else None

    def next(self, t: float) -> Tuple[float, bool]:
        current = self._pos(t)
        if not self.resolved_from_duration:
            if self.velocity_rule == "analytic":
                speed = self._vel(t) * 1000.0
            else:  # v12.35: finite difference over 5 ms, initial velocity at t = 0
                speed = self.v0 if t == 0 else 0.0
                if self.zeta < 1.0:
                    if t == 0:
                        speed = self.v0 * 1000.0
                    else:
                        prev = max(t - 5.0, 0.0)
                        dt = t - prev
                        speed = (current - self._pos(prev)) * (1000.0 / dt) if dt else 0.0
            done = abs(speed) <= self.rest_speed and abs(self.target - current) <= self.rest_delta
        else:
            done = t >= self.duration
        return (self.target if done else current), done


def _motion_generator_duration(gen: MotionSpringGenerator) -> float:
    """calcGeneratorDuration: 50 ms steps until done, Infinity past 20 s."""
    t = 0.0
    _, done = gen.next(t)
    while not done and t < MOTION_MAX_GENERATOR_DURATION:
        t += 50.0
        _, done = gen.next(t)
    return math.inf if t >= MOTION_MAX_GENERATOR_DURATION else t


def step_motion(params: Dict[str, float], frm: float, to: float, v0: float, clock: FrameClock,
                max_frames: int, velocity_rule: str = "analytic") -> Run:
    """Motion's JSAnimation with the spring generator, one tick a frame.

    params: exactly the transition handed to Motion (stiffness/damping/mass,
    or duration (seconds) + bounce, or visualDuration + bounce, plus optional
    restSpeed/restDelta); v0 in px/s is the animation's `velocity`.
    """
    opts = dict(params)
    if "duration" in opts:
        opts["duration"] = opts["duration"] * 1000.0  # animateMotionValue: s -> ms
    if "velocity" not in opts:
        opts["velocity"] = v0  # the animation's velocity (px/s)
    gen = MotionSpringGenerator(opts, frm, to, velocity_rule)
    total = gen.calculated_duration if gen.calculated_duration is not None else _motion_generator_duration(gen)
    start = clock.ms(0)
    out = [frm]
    for i in range(1, max_frames):
        current_time = js_round(clock.ms(i) - start)
        value, _ = gen.next(current_time)
        finished = current_time >= total
        out.append(to if finished else value)
        if finished:
            return Run(out, True)
    return Run(out, False)


# ===========================================================================
# react-spring (SpringValue.advance + rafz)
# ===========================================================================
#
# rafz.update(): dt = prevTs ? min(64, now - prevTs) : 16.667, where ts was
# reset to 0 by start(); so the first frame after the animation starts
# always advances 16.667 ms.  SpringValue.advance(dt) runs ceil(dt) steps of
# 1 ms.  Before each step: if |v| <= restVelocity and |to - x| <= precision the
# spring is finished (break).  A step is semi-implicit Euler in px and ms:
#   a = (-tension*1e-6*(x - to) - friction*1e-3*v) / mass;  v += a;  x += v.
# precision = min(1, |to - from| * 0.001) (0.005 if from == to),
# restVelocity = precision / 10.  A finished spring displays `to`.

REACT_SPRING_PRESETS = {
    "default": dict(tension=170.0, friction=26.0),
    "gentle": dict(tension=120.0, friction=14.0),
    "wobbly": dict(tension=180.0, friction=12.0),
    "stiff": dict(tension=210.0, friction=20.0),
    "slow": dict(tension=280.0, friction=60.0),
    "molasses": dict(tension=280.0, friction=120.0),
}


def step_react_spring(params: Dict[str, float], frm: float, to: float, v0_unused: float, clock: FrameClock,
                      max_frames: int) -> Run:
    """params: tension, friction, mass, velocity (px/ms), optional precision/restVelocity."""
    tension = params.get("tension", 170.0)
    friction = params.get("friction", 26.0)
    mass = params.get("mass", 1.0)
    velocity = params.get("velocity", 0.0) or 0.0
    precision = params.get("precision") or (0.005 if frm == to else min(1.0, abs(to - frm) * 0.001))
    rest_velocity = params.get("restVelocity") or precision / 10.0
    x, v = frm, velocity
    out = [frm]
    prev_ts = 0.0  # rafz start(): ts = 0
    for i in range(1, max_frames):
        ts = clock.ms(i)
        dt = min(64.0, ts - prev_ts) if prev_ts else 16.667
        prev_ts = ts
        finished = False
        for _ in range(math.ceil(dt / 1.0)):
            if not (abs(v) > rest_velocity):
                finished = abs(to - x) <= precision
                if finished:
                    break
            spring_force = -tension * 0.000001 * (x - to)
            damping_force = -friction * 0.001 * v
            a = (spring_force + damping_force) / mass
            v = v + a * 1.0
            x = x + v * 1.0
        if finished:
            out.append(to)
            return Run(out, True)
        out.append(x)
    return Run(out, False)


# ===========================================================================
# Reanimated withSpring
# ===========================================================================
#
# onStart(now) stores x0 = from - to, velocity, zeta, omega0 = sqrt(k/m)
# (rad/s), omega1 = omega0*sqrt(1 - zeta^2) and the initial energy
# 0.5*k*x0^2 + 0.5*m*v0^2, with lastTimestamp = now.  Every onFrame(now)
# restarts the closed form from the current state over
# t = min(now - lastTimestamp, 64) / 1000 s: the underdamped formula for
# zeta < 1, otherwise the critically damped formula at the same omega0.  It
# snaps to the target when energy/initialEnergy <= energyThreshold (6e-9),
# or when overshootClamping is on and the value leaves [from, to].

REANIMATED_PRESETS = {
    "GentleSpringConfig": dict(damping=120.0, mass=4.0, stiffness=900.0),
    "WigglySpringConfig": dict(damping=90.0, mass=4.0, stiffness=900.0),
    "SnappySpringConfig": dict(damping=110.0, mass=4.0, stiffness=900.0, overshootClamping=True),
    "Reanimated3DefaultSpringConfig": dict(damping=10.0, mass=1.0, stiffness=100.0),
}


def step_reanimated(params: Dict[str, float], frm: float, to: float, v0_unused: float, clock: FrameClock,
                    max_frames: int) -> Run:
    """params: stiffness, damping, mass, velocity (px/s), optional energyThreshold/overshootClamping."""
    k = params.get("stiffness", 900.0)
    c = params.get("damping", 120.0)
    m = params.get("mass", 4.0)
    cfg_velocity = params.get("velocity", 0.0) or 0.0
    threshold = params.get("energyThreshold", 6e-9)
    clamping = bool(params.get("overshootClamping", False))

    def energy(disp, vel):
        return 0.5 * k * disp ** 2 + 0.5 * m * vel ** 2

    zeta = c / (2.0 * math.sqrt(k * m))
    omega0 = math.sqrt(k / m)
    omega1 = omega0 * math.sqrt(1.0 - zeta ** 2) if zeta < 1.0 else float("nan")
    start_value = frm - to  # animation.startValue = x0
    current, velocity = frm, cfg_velocity
    initial_energy = energy(start_value, cfg_velocity)
    last = clock.ms(0)

    def on_frame(now):
        nonlocal current, velocity, last
        dt_ms = min(now - last, 64.0)
        last = now
        t = dt_ms / 1000.0
        v0, x0 = velocity, current - to
        if zeta < 1.0:
            s, co = math.sin(omega1 * t), math.cos(omega1 * t)
            env = math.exp(-zeta * omega0 * t)
            frag = env * (s * ((v0 + zeta * omega0 * x0) / omega1) + x0 * co)
            new_x = to + frag
            new_v = -zeta * omega0 * frag + env * (co * (v0 + zeta * omega0 * x0) - omega1 * x0 * s)
        else:
            env = math.exp(-omega0 * t)
            new_x = to + env * (x0 + (v0 + omega0 * x0) * t)
            new_v = env * -omega0 * (x0 + (v0 + omega0 * x0) * t) + env * (v0 + omega0 * x0)
        current, velocity = new_x, new_v
        if clamping:
            left = to if start_value >= 0 else to + start_value
            right = left + abs(start_value)
            if current < left or current > right:
                current, velocity = to, 0.0
                return True
        e = energy(to - current, velocity)
        if initial_energy == 0 or e / initial_energy <= threshold:
            current, velocity = to, 0.0
            return True
        return False

    # the starting frame: onStart then onFrame at the same timestamp (dt 0)
    done = on_frame(clock.ms(0))
    out = [current]
    if done:
        return Run(out, True)
    for i in range(1, max_frames):
        done = on_frame(clock.ms(i))
        out.append(current)
        if done:
            return Run(out, True)
    return Run(out, False)


# ===========================================================================
# Rebound (JavaScript and Java)
# ===========================================================================
#
# Spring.advance(dt seconds): the accumulator gains min(dt, 0.064) and is
# drained in 1 ms RK4 steps.  Rebound's RK4 evaluates the first stage's
# acceleration at the *temp* position left over from the previous step's
# last stage (tempPosition), not at the current position.  The state before
# the last whole step is remembered; a leftover fraction alpha of a step is
# handled by writing alpha*current + (1-alpha)*previous back into the state
# (so the spring loses time).  After the step the spring is at rest when
# |v| < restSpeed (Java: <=) and |end - x| <= restDisplacement; it then snaps
# to the end value and reports onSpringAtRest.
#
# JS SpringSystem.loop(now): the first loop after activation takes
# now - (now - 1) = 1 ms; later loops take now - lastTimeMillis.  The
# SteppingSimulationLooper's step(ts) calls loop(this.time += ts); here the
# loop time of frame i is its timestamp i * (1000 / fps).  (Summing the frame
# intervals instead gives the same rows for every recording and fixture;
# stepping a constant 1000/fps does not reproduce the recordings.)
# Java BaseSpringSystem.loop(elapsedMillis) takes the frame's elapsed time as
# given (the first loop a full frame); the Java spring also runs 0 -> 1, with
# Java's default thresholds 0.005 (a 0 -> 100 px spring does not reproduce).


class ReboundSpring:
    SOLVER_STEP = 0.001
    MAX_DT = 0.064

    def __init__(self, tension: float, friction: float, rest_speed: float, rest_disp: float, java: bool):
        self.tension, self.friction = tension, friction
        self.rest_speed, self.rest_disp = rest_speed, rest_disp
        self.java = java
        self.pos = 0.0
        self.vel = 0.0
        self.prev_pos = 0.0
        self.prev_vel = 0.0
        self.tmp_pos = 0.0  # setCurrentValue(0) -> setAtRest(): tempState.position = 0
        self.tmp_vel = 0.0
        self.start = 0.0
        self.end = 0.0
        self.acc = 0.0
        self.was_at_rest = True

    def is_at_rest(self) -> bool:
        slow = abs(self.vel) <= self.rest_speed if self.java else abs(self.vel) < self.rest_speed
        return slow and (abs(self.end - self.pos) <= self.rest_disp or self.tension == 0)

    def advance(self, real_dt: float) -> bool:
        """Returns True when this advance brought the spring to rest."""
        at_rest = self.is_at_rest()
        if at_rest and self.was_at_rest:
            return False
        self.acc += self.MAX_DT if real_dt > self.MAX_DT else real_dt
        k, c, end, h = self.tension, self.friction, self.end, self.SOLVER_STEP
        x, v = self.pos, self.vel
        tx, tv = self.tmp_pos, self.tmp_vel
        while self.acc >= h:
            self.acc -= h
            if self.acc < h:
                self.prev_pos, self.prev_vel = x, v
            av = v
            aa = k * (end - tx) - c * v
            tx = x + av * h * 0.5
            tv = v + aa * h * 0.5
            bv = tv
            ba = k * (end - tx) - c * tv
            tx = x + bv * h * 0.5
            tv = v + ba * h * 0.5
            cv = tv
            ca = k * (end - tx) - c * tv
            tx = x + cv * h
            tv = v + ca * h
            dv = tv
            da = k * (end - tx) - c * tv
            dxdt = 1.0 / 6.0 * (av + 2.0 * (bv + cv) + dv)
            dvdt = 1.0 / 6.0 * (aa + 2.0 * (ba + ca) + da)
            x += dxdt * h
            v += dvdt * h
        self.tmp_pos, self.tmp_vel = tx, tv
        self.pos, self.vel = x, v
        if self.acc > 0:
            alpha = self.acc / h
            self.pos = self.pos * alpha + self.prev_pos * (1 - alpha)
            self.vel = self.vel * alpha + self.prev_vel * (1 - alpha)
        if self.is_at_rest():  # (overshoot clamping is off)
            if self.tension > 0:
                self.start = self.end
                self.pos = self.end
            else:
                self.end = self.pos
                self.start = self.end
            self.vel = 0.0
            at_rest = True
        if self.was_at_rest:
            self.was_at_rest = False
        if at_rest:
            self.was_at_rest = True
        return at_rest

    def should_advance(self) -> bool:
        return (not self.is_at_rest()) or (not self.was_at_rest)


def origami_tension(o: float) -> float:
    """OrigamiValueConverter.tensionFromOrigamiValue."""
    return (o - 30.0) * 3.62 + 194.0


def origami_friction(o: float) -> float:
    """OrigamiValueConverter.frictionFromOrigamiValue."""
    return (o - 8.0) * 3.0 + 25.0


def bouncy_conversion(bounciness: float, speed: float) -> Tuple[float, float]:
    """BouncyConversion.js: PopAnimation bounciness/speed -> Origami tension/friction."""

    def normalize(value, lo, hi):
        return (value - lo) / (hi - lo)

    def project(n, lo, hi):
        return lo + n * (hi - lo)

    def lerp(t, lo, hi):
        return t * hi + (1.0 - t) * lo

    def quad_out(t, lo, hi):
        return lerp(2 * t - t * t, lo, hi)

    def f1(x):
        return 0.0007 * math.pow(x, 3) - 0.031 * math.pow(x, 2) + 0.64 * x + 1.28

    def f2(x):
        return 0.000044 * math.pow(x, 3) - 0.006 * math.pow(x, 2) + 0.36 * x + 2

    def f3(x):
        return 0.00000045 * math.pow(x, 3) - 0.000332 * math.pow(x, 2) + 0.1078 * x + 5.84

    def nobounce(tension):
        if tension <= 18:
            return f1(tension)
        if tension <= 44:
            return f2(tension)
        return f3(tension)

    b = normalize(bounciness / 1.7, 0, 20.0)
    b = project(b, 0.0, 0.8)
    s = normalize(speed / 1.7, 0, 20.0)
    tension = project(s, 0.5, 200)
    friction = quad_out(b, nobounce(tension), 0.01)
    return tension, friction


def step_origami(params: Dict[str, float], frm: float, to: float, v0_unused: float, clock: FrameClock,
                 max_frames: int) -> Run:
    """rebound-js, as Rebound's examples drive it.

    params: {"origamiTension", "origamiFriction"} handed to
    SpringConfig.fromOrigamiTensionAndFriction (or {"bounciness", "speed"} for
    fromBouncinessAndSpeed), plus optional "velocity" handed to setVelocity, in
    travels per second (v0 / travel).  The spring runs 0 -> 1 (setCurrentValue(0),
    setEndValue(1)) and is displayed as from + value * (to - from); the driver
    calls SteppingSimulationLooper.step(frame interval in ms) once a frame.
    """
    if "bounciness" in params:
        ot, of = bouncy_conversion(params["bounciness"], params["speed"])
    else:
        ot, of = params["origamiTension"], params["origamiFriction"]
    spring = ReboundSpring(origami_tension(ot), origami_friction(of), 0.001, 0.001, java=False)
    travel = to - frm
    spring.start, spring.end = spring.pos, 1.0  # setEndValue(1)
    if params.get("velocity"):
        spring.vel = params["velocity"]  # setVelocity(v0 / travel)
    last_ms = -1.0  # SpringSystem._lastTimeMillis
    out = [frm]
    for i in range(1, max_frames):
        now = clock.ms(i)  # the looper's time: the frame's timestamp i * (1000 / fps)
        if last_ms == -1.0:
            last_ms = now - 1.0  # first loop after activation: 1 ms
        elapsed = now - last_ms
        last_ms = now
        rested = spring.advance(elapsed / 1000.0) if spring.should_advance() else False
        out.append(to if rested else frm + spring.pos * travel)
        if rested:
            return Run(out, True)
    return Run(out, False)


def step_rebound_java(params: Dict[str, float], frm: float, to: float, v0_unused: float, clock: FrameClock,
                      max_frames: int) -> Run:
    """Rebound for Android.

    params: {"tension", "friction"} handed to new SpringConfig(tension, friction)
    (Rebound's raw units: k/m and c/m), plus optional "velocity" handed to
    setVelocity (v0 / travel per second).  The spring runs 0 -> 1 (Java rest
    thresholds 0.005, so 0.005 of the travel) and is displayed as
    from + value * (to - from); BaseSpringSystem.loop(elapsed ms) once a frame,
    the first loop with a full frame interval.
    """
    spring = ReboundSpring(params["tension"], params["friction"], 0.005, 0.005, java=True)
    travel = to - frm
    spring.start, spring.end = spring.pos, 1.0
    if params.get("velocity"):
        spring.vel = params["velocity"]
    out = [frm]
    for i in range(1, max_frames):
        elapsed = clock.delta_ms(i)
        rested = spring.advance(elapsed / 1000.0) if spring.should_advance() else False
        out.append(to if rested else frm + spring.pos * travel)
        if rested:
            return Run(out, True)
    return Run(out, False)


# ---------------------------------------------------------------------------
# Dispatch
# ---------------------------------------------------------------------------


def step_target(target: str, params: Dict[str, float], frm: float, to: float, v0: float,
                clock: FrameClock, max_frames: int, **kw) -> Run:
    if target.startswith("framer"):
        return step_motion(params, frm, to, v0, clock, max_frames, **kw)
    if target == "react-spring":
        return step_react_spring(params, frm, to, v0, clock, max_frames)
    if target == "reanimated":
        return step_reanimated(params, frm, to, v0, clock, max_frames)
    if target == "origami":
        return step_origami(params, frm, to, v0, clock, max_frames)
    if target == "rebound-java":
        return step_rebound_java(params, frm, to, v0, clock, max_frames)
    raise ValueError(target)


# ===========================================================================
# --check: reproduce the recordings
# ===========================================================================

# The shared recordings, as copied into the repository (header lines kept).
RECORDINGS_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Tests", "SpringPlatformsTests", "Fixtures", "recordings")
SCHEDULES_DIR = "Tests/SpringPlatformsTests/Fixtures/schedules"
TOLERANCE = 1e-6  # of the travel


@dataclass
class Recording:
    path: str
    header: str
    times: List[float]
    positions: List[float]


def read_recording(path: str) -> Recording:
    with open(path) as f:
        lines = [ln.rstrip("\n") for ln in f]
    header = lines[0]
    assert lines[1].strip() == "t,position", path
    times, pos = [], []
    for ln in lines[2:]:
        if not ln.strip():
            continue
        t, x = ln.split(",")[:2]
        times.append(float(t))
        pos.append(float(x))
    return Recording(path, header, times, pos)


def _json_after(header: str, marker: str):
    i = header.find(marker)
    if i < 0:
        return None
    j = i + len(marker)
    dec = json.JSONDecoder()
    obj, _ = dec.raw_decode(header[j:].lstrip())
    return obj


def interpret_header(rec: Recording, repo_root: str):
    """What was handed to which library: (target, params, from, to, v0, clock, options)."""
    h = rec.header
    name = os.path.basename(rec.path)
    m = re.search(r";\s*(-?[\d.]+)->(-?[\d.]+);", h)
    frm, to = float(m.group(1)), float(m.group(2))
    fps_m = re.search(r"(\d+) Hz", h)
    fps = float(fps_m.group(1)) if fps_m else 60.0
    clock = FrameClock(fps)
    if name.startswith("fixture-schedule"):
        sched = re.search(r"analysis/([\w.-]+\.csv)", h).group(1)
        with open(os.path.join(repo_root, SCHEDULES_DIR, sched)) as f:
            rows = [ln.split(",") for ln in f.read().splitlines()[1:] if ln.strip()]
        clock = FrameClock(60.0, [float(r[0]) for r in rows])
    params = _json_after(h, "params ")
    preset = _json_after(h, "preset/default ")
    opts: Dict[str, object] = {}
    v0 = 0.0
    vm = re.search(r"\(velocity (-?[\d.]+) px/s\)", h)
    if h.startswith("# motion"):
        if params is None:
            params = preset
        target = ("framer-visual-duration" if "visualDuration" in params
                  else "framer-duration" if "duration" in params else "framer-physics")
        if "v12.35.0" in h:
            opts["velocity_rule"] = "finite-difference"
        if vm:
            v0 = float(vm.group(1))
    elif h.startswith("# react-spring"):
        target = "react-spring"
        if params is None:
            params = dict(REACT_SPRING_PRESETS[preset])
    elif h.startswith("# reanimated"):
        target = "reanimated"
        if params is None:
            params = dict(REANIMATED_PRESETS[preset])
    elif h.startswith("# rebound-js"):
        target = "origami"
        if params is None:
            params = {"origamiTension": 40.0, "origamiFriction": 7.0} if preset == "default" else preset
        sv = re.search(r"setVelocity\((-?[\d.]+)/travel\)", h)
        if sv:
            v0 = float(sv.group(1))
            params = dict(params, velocity=v0 / (to - frm))
    elif h.startswith("# rebound-java"):
        target = "rebound-java"
        sc = re.search(r"SpringConfig\(([-\d.eE]+),([-\d.eE]+)\)", h)
        params = {"tension": float(sc.group(1)), "friction": float(sc.group(2))}
    else:
        raise ValueError("unknown recording " + name)
    return target, params, frm, to, v0, clock, opts


def check(repo_root: str, verbose: bool = False, recordings_dir: str = RECORDINGS_DIR) -> bool:
    if not os.path.isdir(recordings_dir):
        recordings_dir = os.path.join(repo_root, "Tests/SpringPlatformsTests/Fixtures/recordings")
    paths = sorted(glob.glob(os.path.join(recordings_dir, "*.csv")))
    if not paths:
        print("no recordings found in " + recordings_dir)
        return False
    ok_all = True
    print(f"{'recording':58s} {'target':15s} {'max diff/travel':>15s} {'frames model/rec':>17s}")
    for p in paths:
        rec = read_recording(p)
        target, params, frm, to, v0, clock, opts = interpret_header(rec, repo_root)
        run = step_target(target, params, frm, to, v0, clock, max_frames=len(rec.positions) + 2000, **opts)
        travel = abs(to - frm)
        n = min(len(run.positions), len(rec.positions))
        diffs = [abs(run.positions[i] - rec.positions[i]) / travel for i in range(n)]
        worst = max(diffs) if diffs else 0.0
        # time base: the recording's t column must equal the clock's display times
        tbad = max(abs(rec.times[i] - clock.seconds(i)) for i in range(len(rec.times)))
        ok = worst <= TOLERANCE and len(run.positions) == len(rec.positions) and run.finished and tbad < 1e-7
        ok_all &= ok
        print(f"{os.path.basename(p):58s} {target:15s} {worst:15.3e} {len(run.positions):8d}/{len(rec.positions):<8d}"
              f" {'ok' if ok else 'FAIL'}")
        if verbose and not ok:
            for i in range(n):
                if diffs[i] > TOLERANCE:
                    print(f"    first bad row {i}: model {run.positions[i]!r} rec {rec.positions[i]!r}")
                    break
    return ok_all


# ===========================================================================
# Exact damped oscillator (textbook closed form) for the error column
# ===========================================================================


def exact_position_mp(zeta: float, response: float, frm: float, to: float, v0: float, t: float, dps: int = 30):
    """Mass 1, omega0 = 2*pi/response; x = position - to, x(0) = from - to, x'(0) = v0.

    scripts/lib/exact_spring.py in mpmath at `dps` digits (regime decided
    exactly), so that near-critical springs lose nothing to cancellation.
    """
    import mpmath as mp

    with mp.workdps(dps):
        x0 = mp.mpf(frm) - mp.mpf(to)
        x = exact_spring.unit(zeta, response).motion(x0, v0, dps=dps).position(t)
        return float(mp.mpf(to) + x)


def exact_positions(zeta: float, response: float, frm: float, to: float, v0: float, times):
    """The same closed form in careful double precision (numpy), vectorised.

    Underdamped/critical as written; overdamped in the cosh/sinh form while
    wd*t < 30 (no cancellation near zeta = 1) and in the two-exponential form
    beyond (no overflow).  Self-checked against exact_position_mp.  Not
    exact_spring's vectorised form: for zeta > 1 that evaluates other, equally
    accurate expressions, and exact_error.csv, made with these, would change
    in its last printed digits.
    """
    import numpy as np

    t = np.asarray(times, dtype=float)
    w = 2.0 * math.pi / response
    x0 = frm - to
    if zeta < 1:
        wd = w * math.sqrt(1.0 - zeta * zeta)
        x = np.exp(-zeta * w * t) * (x0 * np.cos(wd * t) + (v0 + zeta * w * x0) / wd * np.sin(wd * t))
    elif zeta == 1:
        x = np.exp(-w * t) * (x0 + (v0 + w * x0) * t)
    else:
        wd = w * math.sqrt(zeta * zeta - 1.0)
        B = (v0 + zeta * w * x0) / wd
        small = wd * t < 30.0
        ts = np.where(small, t, 0.0)
        x_small = np.exp(-zeta * w * ts) * (x0 * np.cosh(wd * ts) + B * np.sinh(wd * ts))
        x_big = 0.5 * (x0 + B) * np.exp((wd - zeta * w) * t) + 0.5 * (x0 - B) * np.exp(-(wd + zeta * w) * t)
        x = np.where(small, x_small, x_big)
    return to + x


# ===========================================================================
# --generate: fixtures for the Swift tests
# ===========================================================================

FIXTURE_DIR = "Tests/SpringPlatformsTests/Fixtures/independent"
FPS_LIST = [30, 60, 90, 120, 144]
MAX_SECONDS = 60.0
# Stored rows of each run: every index below FULL_ROWS, every STRIDE-th index,
# the last three frames and every frame that shows the target before the end.
# (The requested 240 / 4 gives about 13 MB for 7 targets x 5 rates x 56
# springs, over the 3 MB budget; --full-rows 240 --stride 4 restores it.)
FULL_ROWS = 16
STRIDE = 30


@dataclass
class Case:
    name: str
    zeta: float
    response: float
    frm: float
    to: float
    velocity: float


def choose_springs(seed: int, count: int) -> List[Case]:
    """Seeded springs: zeta 0.1-3 (with 0.999, 1, 1.001 and several > 1.5),
    response log-uniform 0.1-2 s, v0 in [-2000, 2000] px/s scaled by
    min(1, |travel|/100), zero for about a third; from 0, to 100 mostly."""
    rng = random.Random(seed)
    special_zeta = [0.999, 1.0, 1.001, 0.1, 3.0, 1.6, 2.2, 0.5]
    travels = [100.0] * 6 + [300.0, 1.0, -200.0, 40.0]
    cases = []
    for k in range(count):
        zeta = special_zeta[k] if k < len(special_zeta) else round(rng.uniform(0.1, 3.0), 3)
        response = float(f"{math.exp(rng.uniform(math.log(0.1), math.log(2.0))):.4g}")
        to = travels[k % len(travels)] if k >= 4 else 100.0
        if k % 3 == 0:
            v0 = 0.0
        else:
            v0 = round(rng.uniform(-2000.0, 2000.0) * min(1.0, abs(to) / 100.0), 1)
        cases.append(Case(f"s{k:02d}", zeta, response, 0.0, to, v0))
    return cases


def export_parameters(cli: str, case: Case) -> Dict[str, Dict[str, float]]:
    """The exporter's full-precision parameters, as handed to each library."""
    out = {}
    base = [cli, "export", "--damping", repr(case.zeta), "--response", repr(case.response),
            "--from", repr(case.frm), "--to", repr(case.to), f"--velocity={case.velocity!r}", "--json"]
    spring_block = None
    for target in ["framer-physics", "framer-duration", "framer-visual-duration", "react-spring", "reanimated", "origami"]:
        res = subprocess.run(base + ["--target", target], capture_output=True, text=True, check=True)
        d = json.loads(res.stdout)
        spring_block = d["spring"]
        out[target] = dict(d["targets"][0]["parameters"])
    travel = case.to - case.frm
    o = out["origami"]
    origami = {"origamiTension": o["origamiTension"], "origamiFriction": o["origamiFriction"]}
    if case.velocity != 0:
        origami["velocity"] = case.velocity / travel
    out["origami"] = origami
    java = {"tension": spring_block["stiffness"] / spring_block["mass"],
            "friction": spring_block["dampingCoefficient"] / spring_block["mass"]}
    if case.velocity != 0:
        java["velocity"] = case.velocity / travel
    out["rebound-java"] = java
    fp = out["framer-physics"]
    out["framer-physics"] = {k: fp[k] for k in ("stiffness", "damping", "mass") if k in fp}
    return out


def _fmt(x: float) -> str:
    return f"{x:.12g}"


def _params_text(params: Dict[str, float]) -> str:
    return json.dumps(params, separators=(",", ":")).replace(",", ";")


def generate(repo_root: str, seed: int, count: int, cli: str, full_rows: int = FULL_ROWS,
             stride: int = STRIDE) -> None:
    import numpy as np

    print(f"seed {seed}, {count} springs, fps {FPS_LIST}, targets {TARGETS}")
    cases = choose_springs(seed, count)
    out_dir = os.path.join(repo_root, FIXTURE_DIR)
    os.makedirs(out_dir, exist_ok=True)
    command = (f"python3 scripts/reference/platform_models.py --generate --seed {seed} --count {count}"
               f" --full-rows {full_rows} --stride {stride}")
    rows: Dict[str, List[str]] = {t: [] for t in TARGETS}
    errors: List[str] = []
    # self-check of the double-precision exact solution against mpmath
    for case in cases[:12]:
        ts = [0.0, 0.0137, 0.25, 1.0, 3.7, 20.0]
        xd = exact_positions(case.zeta, case.response, case.frm, case.to, case.velocity, ts)
        for tt, xv in zip(ts, xd):
            xm = exact_position_mp(case.zeta, case.response, case.frm, case.to, case.velocity, tt)
            assert abs(xv - xm) <= 1e-11 * max(1.0, abs(case.to - case.frm)), (case, tt, xv, xm)
    for case in cases:
        params = export_parameters(cli, case)
        travel = abs(case.to - case.frm)
        for fps in FPS_LIST:
            clock = FrameClock(float(fps))
            max_frames = int(round(MAX_SECONDS * fps)) + 1
            times = np.arange(max_frames) / float(fps)
            exact = exact_positions(case.zeta, case.response, case.frm, case.to, case.velocity, times)
            for target in TARGETS:
                p = params[target]
                run = step_target(target, p, case.frm, case.to, case.velocity, clock, max_frames)
                n = len(run.positions)
                disp = np.asarray(run.positions)
                diff = np.abs(disp - exact[:n])
                j = int(np.argmax(diff))
                worst = float(diff[j])
                if worst < 1e-8 * travel:  # noise level: settle it in mpmath
                    ex = [exact_position_mp(case.zeta, case.response, case.frm, case.to, case.velocity, i / fps)
                          for i in range(n)]
                    d2 = [abs(run.positions[i] - ex[i]) for i in range(n)]
                    j = max(range(n), key=lambda i: d2[i])
                    worst = d2[j]
                errors.append(f"{case.name},{target},{fps},{n},{int(run.finished)},{worst:.12g},"
                              f"{worst / travel:.12g},{j / fps:.10g}")
                head = (f"{case.name},{case.zeta!r},{case.response!r},{_fmt(case.frm)},{_fmt(case.to)},"
                        f"{case.velocity!r},{fps},{n},{int(run.finished)}")
                ptext = _params_text(p)
                for i in range(n):
                    if (i < full_rows or i % stride == 0 or i >= n - 3
                            or run.positions[i] == case.to):
                        rows[target].append(f"{head},{ptext if i == 0 else ''},{i},{_fmt(run.positions[i])}")
        print(f"  {case.name}: zeta {case.zeta} response {case.response} to {case.to} v0 {case.velocity}")
    total = 0
    for target in TARGETS:
        path = os.path.join(out_dir, f"{target}.csv")
        with open(path, "w") as f:
            f.write(f"# {target}: displayed positions from scripts/reference/platform_models.py, an independent\n")
            f.write("# Python model of the library's own stepping, written from its source (not from SpringKit).\n")
            f.write(f"# source: {SOURCES[target]}\n")
            f.write(f"# command: {command}  (seed {seed}; parameters from `springplot export --json`)\n")
            f.write("# frame i is displayed at i/fps s (timestamps i*(1000/fps) ms); row index 0 holds `from`;\n")
            f.write("# `frames` = displayed rows incl. row 0; finished=0: still moving at 60 s;\n")
            f.write(f"# rows kept: every index < {full_rows}, every {stride}th index, the last 3 frames and any frame showing\n")
            f.write("# `to` before the end (to fit the size budget); positions to 12 significant digits;\n")
            f.write("# params = the JSON handed to the library, ',' written as ';', given on the index-0 row of each\n")
            f.write("# (case, fps) run and left empty on its other rows; the velocity column is v0 in px/s (inside params:\n")
            f.write("# react-spring px/ms, reanimated px/s, origami/rebound-java travels/s handed to setVelocity;\n")
            f.write("# framer-physics takes v0 as the animation's velocity, the duration forms ignore it).\n")
            f.write("case,zeta,response,from,to,velocity,fps,frames,finished,params,index,position\n")
            f.write("\n".join(rows[target]) + "\n")
        total += os.path.getsize(path)
        print(f"wrote {path} ({os.path.getsize(path)} bytes)")
    path = os.path.join(out_dir, "exact_error.csv")
    with open(path, "w") as f:
        f.write("# largest |displayed - exact| over all displayed frames of each run; exact = textbook closed form\n")
        f.write("# (mass 1, omega0 = 2 pi / response) at t = index/fps; max_error_time = t of that frame (s)\n")
        f.write(f"# command: {command}\n")
        f.write("case,target,fps,frames,finished,max_error,max_error_fraction,max_error_time\n")
        f.write("\n".join(errors) + "\n")
    total += os.path.getsize(path)
    print(f"wrote {path} ({os.path.getsize(path)} bytes); total {total} bytes")



def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[1], formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--generate", action="store_true")
    ap.add_argument("--verbose", action="store_true", help="print the first failing row")
    ap.add_argument("--recordings", default=RECORDINGS_DIR, help="directory of recordings for --check")
    ap.add_argument("--seed", type=int, default=20261124)
    ap.add_argument("--count", type=int, default=56)
    ap.add_argument("--cli", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".build", "debug", "springplot"),
                    help="the springplot binary whose `export --json` gives the parameters (default: this checkout's debug build)")
    ap.add_argument("--full-rows", type=int, default=FULL_ROWS)
    ap.add_argument("--stride", type=int, default=STRIDE)
    args = ap.parse_args(argv)
    repo_root = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
    status = 0
    if args.check:
        if not check(repo_root, args.verbose, args.recordings):
            print("CHECK FAILED")
            status = 1
        else:
            print("all recordings reproduced")
    if args.generate:
        generate(repo_root, args.seed, args.count, args.cli, args.full_rows, args.stride)
    if not (args.check or args.generate):
        ap.print_help()
    return status


if __name__ == "__main__":
    sys.exit(main())
