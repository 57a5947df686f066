#!/usr/bin/env python3
"""
Independent reference for `springplot export` (issue 9).

Every target's parameters are re-derived here from that target's OWN published
formula (library source or vendor documentation; see SOURCES.md next to this
file).  Nothing here is ported from SpringKit's Swift sources.

Canonical input spring
----------------------
damping ratio z, response T (undamped period, s), mass m:
    w = 2*pi/T,   k = m*w^2,   c = 2*z*sqrt(k*m)
Mass-less targets express the mass-1 spring with the same motion: k/m, c/m.

Outputs (Tests/SpringExportTests/Fixtures/)
------------------------------------------------
conversions.csv  dampingRatio,response,mass,target,parameter,value
    one row per (spring, target, parameter); extra rows parameter=note carry
    one token each (see SOURCES.md, "Note tokens").  Inputs are printed with
    repr(float); values computed in mpmath with mp.nstr(x, 17); values that
    emulate a library's own double-precision algorithm (framer's Newton
    iteration, Reanimated's bisection, POP's inverse) with repr(float).
motions.csv      dampingRatio,response,mass,from,to,velocity,t,position,velocity_at_t
    exact textbook three-branch closed form (scripts/lib/exact_spring.py, at
    40 digits), t = 0, 0.05, ..., 2 s.
velocities.csv   target,from,to,velocity,parameter,value
    how each target wants the initial velocity of a motion expressed.

Self-checks (AssertionError on failure): every exact target is read back
through the target's own input convention and must give the same (z, w) to
1e-30 relative; framer's closed-form roots are checked against mpmath.findroot;
the Reanimated energy root against its definition; Apple's documented SwiftUI
examples are reproduced; the closed form satisfies the ODE and the initial
conditions.

Usage:  python3 scripts/reference/export/generate_export_fixtures.py
"""

import csv
import math
import os
import sys

import numpy as np
from mpmath import mp, mpf

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lib"))
import exact_spring  # noqa: E402 (scripts/lib: the exact motion)

mp.dps = 40

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
OUT = os.path.join(ROOT, "Tests", "SpringExportTests", "Fixtures")

ZETAS = [0.1, 0.3, 0.5, 0.68, 0.9, 1.0, 1.5, 3.0]
RESPONSES = [0.1, 0.35, 0.8, 2.0]
MASSES = [1.0, 2.5]

TOL = mpf("1e-30")
TWO_PI = 2 * mp.pi


# ----------------------------------------------------------------------------
# helpers
# ----------------------------------------------------------------------------

def fmt(x):
    """17 significant digits; floats that emulate double-precision library code
    are printed with repr so the exact double is kept."""
    if isinstance(x, str):
        return x
    if isinstance(x, float):
        return repr(x)
    return mp.nstr(mpf(x), 17)


def rel(a, b):
    a, b = mpf(a), mpf(b)
    if b == 0:
        return abs(a)
    return abs(a - b) / abs(b)


def check(a, b, what, tol=TOL):
    assert rel(a, b) <= tol, "%s: %s != %s" % (what, mp.nstr(mpf(a), 25), mp.nstr(mpf(b), 25))


def clamp(lo, hi, x):
    return min(max(x, lo), hi)


def f32(x):
    return float(np.float32(float(x)))


class Spring:
    def __init__(self, z, T, m):
        self.zf, self.Tf, self.mf = z, T, m
        self.z, self.T, self.m = mpf(z), mpf(T), mpf(m)
        self.w = TWO_PI / self.T
        self.k = self.m * self.w ** 2
        self.c = 2 * self.z * mp.sqrt(self.k * self.m)
        self.k1 = self.k / self.m          # mass-1 equivalent
        self.c1 = self.c / self.m


def zw_from_mkc(m, k, c):
    m, k, c = mpf(m), mpf(k), mpf(c)
    return c / (2 * mp.sqrt(k * m)), mp.sqrt(k / m)


def check_zw(s, z, w, what):
    check(z, s.z, what + " dampingRatio")
    check(w, s.w, what + " omega0")


def swiftui_bounce(z):
    # SwiftUI/Flutter: bounce = 1 - z (z <= 1), 1/z - 1 (z > 1)
    return 1 - z if z <= 1 else 1 / z - 1


def swiftui_zeta_from_bounce(b):
    return 1 - b if b >= 0 else 1 / (b + 1)


# ----------------------------------------------------------------------------
# targets
# ----------------------------------------------------------------------------
# each returns (rows, notes); rows = [(parameter, value)], notes = [token]

def t_swiftui(s):
    b = swiftui_bounce(s.z)
    rows = [("duration", s.T), ("bounce", b), ("mass", s.m),
            ("stiffness", s.k), ("damping", s.c)]
    # read back: Spring(duration:bounce:) -> mass 1, k = (2pi/d)^2, z from bounce
    check_zw(s, swiftui_zeta_from_bounce(b), TWO_PI / s.T, "swiftui duration/bounce")
    check_zw(s, *zw_from_mkc(s.m, s.k, s.c), "swiftui mass/stiffness/damping")
    notes = []
    if s.z > 1:
        notes.append("requires-allowOverDamping")
    return rows, notes


def t_swiftui_response(s):
    rows = [("response", s.T), ("dampingFraction", s.z)]
    k = (TWO_PI / s.T) ** 2
    c = 4 * mp.pi * s.z / s.T
    check_zw(s, *zw_from_mkc(1, k, c), "swiftui response")
    return rows, []


def t_uikit(s):
    b = swiftui_bounce(s.z)
    rows = [("mass", s.m), ("stiffness", s.k), ("damping", s.c),
            ("dampingRatio", s.z), ("duration", s.T), ("bounce", b)]
    check_zw(s, *zw_from_mkc(s.m, s.k, s.c), "uikit mass/stiffness/damping")
    return rows, []


def t_core_animation(s):
    b = swiftui_bounce(s.z)
    rows = [("mass", s.m), ("stiffness", s.k), ("damping", s.c),
            ("perceptualDuration", s.T), ("bounce", b)]
    check_zw(s, *zw_from_mkc(s.m, s.k, s.c), "core-animation")
    notes = ["settlingDuration-unpublished"]
    if s.z > 1:
        notes.append("requires-allowsOverdamping")
    return rows, notes


def wave_rubberband(value, lo=mpf(0), hi=mpf(60), interval=mpf(15), cc=mpf("0.55")):
    # Wave UIMathUtilities.rubberband
    if lo <= value <= hi:
        return value
    d = interval
    if value > hi:
        x = value - hi
        return hi + (1 - 1 / ((x * cc / d) + 1)) * d
    x = lo - value
    return lo - (1 - 1 / ((x * cc / d) + 1)) * d


def wave_settling(z, k, m):
    # Wave Spring.settlingTime; DefaultSettlingPercentage = 1e-4
    if z >= 1:
        return wave_settling(1 - mpf(2) ** -52, k, m) * mpf("1.25")
    wn = mp.sqrt(k / m)
    return -(mp.log(mpf("0.0001")) / (z * wn))


def t_wave(s):
    stiffness = (TWO_PI / s.T) ** 2 * s.m           # Spring.stiffness(response:mass:)
    c_raw = 4 * mp.pi * s.z * s.m / s.T              # Spring.dampingCoefficient
    c_eff = wave_rubberband(c_raw)
    z_eff = c_eff / (2 * mp.sqrt(stiffness * s.m))
    check(stiffness, s.k, "wave stiffness")
    check(c_raw, s.c, "wave damping")
    rows = [("dampingRatio", s.z), ("response", s.T), ("mass", s.m),
            ("stiffness", stiffness), ("dampingCoefficient", c_raw),
            ("effective_dampingCoefficient", c_eff), ("effective_dampingRatio", z_eff),
            ("settlingDuration", wave_settling(s.z, stiffness, s.m))]
    notes = ["capped"] if c_raw > 60 else []
    return rows, notes


def t_compose_like(s):
    rows = [("dampingRatio", s.z), ("stiffness", s.k1),
            ("dampingRatio_f32", f32(s.z)), ("stiffness_f32", f32(s.k1))]
    # read back: naturalFreq = sqrt(stiffness), c = 2*naturalFreq*dampingRatio, mass 1
    check_zw(s, s.z, mp.sqrt(s.k1), "compose/android")
    notes = ["mass-normalised"] if s.m != 1 else []
    return rows, notes


def t_flutter(s):
    b = 1 - s.z if s.z < 1 else 1 / s.z - 1          # SpringDescription.bounce getter
    # withDurationAndBounce takes a Duration, i.e. whole milliseconds
    dur_ms = mp.nint(s.T * 1000)
    rows = [("mass", s.m), ("stiffness", s.k), ("damping", s.c),
            ("duration_ms", dur_ms), ("bounce", b)]
    check_zw(s, *zw_from_mkc(s.m, s.k, s.c), "flutter")
    # withDurationAndBounce: mass 1, k = 4 pi^2 m / d^2, z = bounce>0 ? 1-bounce : 1/(bounce+1)
    d = dur_ms / 1000
    k = 4 * mp.pi ** 2 / d ** 2
    z = (1 - b) if b > 0 else 1 / (b + 1)
    notes = []
    if rel(d, s.T) > mpf("1e-15"):     # more than the float representation of T
        notes.append("rounded-ms")
    else:
        # T is a double; the decimal millisecond count differs from it by < 1 ulp
        check(z, s.z, "flutter withDurationAndBounce dampingRatio")
        check(mp.sqrt(k), s.w, "flutter withDurationAndBounce omega0", mpf("1e-15"))
    return rows, notes


def t_framer_physics(s):
    rows = [("stiffness", s.k), ("damping", s.c), ("mass", s.m)]
    check_zw(s, *zw_from_mkc(s.m, s.k, s.c), "framer physics")
    return rows, []


# --- motion / framer-motion findSpring -------------------------------------

SAFE_MIN = mpf("0.001")
U_CRIT = -mp.lambertw(-SAFE_MIN / mp.e, -1).real - 1     # (1+u) e^-u = 0.001


def framer_root_exact(zeta, d):
    """Exact root (velocity 0) of findSpring's envelope; returns undamped freq."""
    if zeta < 1:
        return mp.log(zeta / (SAFE_MIN * mp.sqrt(1 - zeta ** 2))) / (zeta * d)
    return U_CRIT / d


def framer_duration_for(zeta, w):
    """Inverse: the findSpring duration (s) whose exact root is w."""
    if zeta < 1:
        return mp.log(zeta / (SAFE_MIN * mp.sqrt(1 - zeta ** 2))) / (zeta * w)
    return U_CRIT / w


def framer_newton_as_shipped(duration_s, bounce, velocity=0.0, mass=1.0):
    """findSpring() as shipped (motion-dom spring/find.ts), in double precision."""
    duration = duration_s * 1000.0                   # transition seconds -> ms
    zeta = min(max(1.0 - bounce, 0.05), 1.0)        # clamp(minDamping, maxDamping)
    duration = min(max(duration / 1000.0, 0.01), 10.0)

    def ang(f, z):
        return f * math.sqrt(1 - z * z)

    if zeta < 1:
        def envelope(f):
            ed = f * zeta
            delta = ed * duration
            a = ed - velocity
            b = ang(f, zeta)
            c = math.exp(-delta)
            return 0.001 - (a / b) * c

        def derivative(f):
            ed = f * zeta
            delta = ed * duration
            d = delta * velocity + velocity
            e = (zeta ** 2) * (f ** 2) * duration
            ff = math.exp(-delta)
            g = ang(f ** 2, zeta)
            factor = -1 if (-envelope(f) + 0.001 > 0) else 1
            return (factor * ((d - e) * ff)) / g
    else:
        def envelope(f):
            a = math.exp(-f * duration)
            b = (f - velocity) * duration + 1
            return -0.001 + a * b

        def derivative(f):
            a = math.exp(-f * duration)
            b = (velocity - f) * (duration * duration)
            return a * b

    result = 5 / duration
    for _ in range(1, 12):
        result = result - envelope(result) / derivative(result)
    stiffness = result ** 2 * mass
    damping = zeta * 2 * math.sqrt(mass * stiffness)
    return stiffness, damping, zeta, duration


def framer_selfcheck():
    for zeta in [mpf("0.05"), mpf("0.3"), mpf("0.9"), mpf(1)]:
        d = mpf("0.8")
        w = framer_root_exact(zeta, d)
        if zeta < 1:
            env = lambda f: SAFE_MIN - (zeta * f / (f * mp.sqrt(1 - zeta ** 2))) * mp.exp(-zeta * f * d)
        else:
            env = lambda f: -SAFE_MIN + mp.exp(-f * d) * (f * d + 1)
        r = mp.findroot(env, w * mpf("1.01"))
        check(r, w, "framer exact root zeta=%s" % zeta, mpf("1e-35"))


def t_framer_duration(s):
    bounce = 1 - s.z
    zeta_eff = clamp(mpf("0.05"), mpf(1), 1 - bounce)
    d = framer_duration_for(zeta_eff, s.w)
    d_eff = clamp(mpf("0.01"), mpf(10), d)
    w_eff = framer_root_exact(zeta_eff, d_eff)
    k_eff = w_eff ** 2                               # findSpring forces mass 1
    c_eff = 2 * zeta_eff * w_eff
    kn, cn, _, _ = framer_newton_as_shipped(float(d), float(bounce))
    rows = [("bounce", bounce), ("duration", d),
            ("effective_dampingRatio", zeta_eff), ("effective_stiffness", k_eff),
            ("effective_damping", c_eff),
            ("newton_stiffness", kn), ("newton_damping", cn)]
    notes = []
    if s.z > 1:
        notes.append("unrepresentable")
    if d != d_eff:
        notes.append("clamped")
    if not notes:
        check_zw(s, zeta_eff, w_eff, "framer duration/bounce")
    if rel(kn, k_eff) > mpf("1e-12"):
        notes.append("approximate")
    return rows, notes


def t_framer_visual(s):
    bounce = 1 - s.z
    vd = s.T / mpf("1.2")
    root = TWO_PI / (vd * mpf("1.2"))
    k_eff = root ** 2
    zeta_eff = clamp(mpf("0.05"), mpf(1), 1 - bounce)
    c_eff = 2 * zeta_eff * mp.sqrt(k_eff)
    rows = [("visualDuration", vd), ("bounce", bounce),
            ("effective_dampingRatio", zeta_eff), ("effective_stiffness", k_eff),
            ("effective_damping", c_eff)]
    notes = []
    if s.z > 1:
        notes.append("unrepresentable")
    else:
        check_zw(s, *zw_from_mkc(1, k_eff, c_eff), "framer visualDuration")
    return rows, notes


def t_react_spring(s):
    rows = [("tension", s.k), ("friction", s.c), ("mass", s.m),
            ("frequency", s.T), ("damping", s.z)]
    check_zw(s, *zw_from_mkc(s.m, s.k, s.c), "react-spring tension/friction")
    # mergeConfig: tension = (2pi/frequency)^2 * mass, friction = 4 pi damping mass / frequency
    t = (TWO_PI / s.T) ** 2 * s.m
    f = 4 * mp.pi * s.z * s.m / s.T
    check(t, s.k, "react-spring frequency->tension")
    check(f, s.c, "react-spring frequency->friction")
    return rows, []


# --- Reanimated -------------------------------------------------------------

R4_THRESHOLD = 6e-9          # energyThreshold default (Reanimated 4)
R4_DEFAULT_MASS = 4.0        # GentleSpringConfig.mass, used in duration mode


def r4_u_star(zeta):
    """u = zeta*w*s solving exp(-2u)((1+u)^2 + zeta^2 u^2) = threshold (v0 = 0)."""
    thr = mpf(R4_THRESHOLD)
    g = lambda u: -2 * u + mp.log((1 + u) ** 2 + zeta ** 2 * u ** 2) - mp.log(thr)
    u = mp.findroot(g, mpf(12))
    # definition check
    check(mp.exp(-2 * u) * ((1 + u) ** 2 + zeta ** 2 * u ** 2), thr, "reanimated u*", mpf("1e-35"))
    return u


def r4_energy_diff_factory(x0, v0, zeta, m, duration_ms, thr):
    def f(stiffness):
        settling = (duration_ms * 1.5) / 1000
        om = math.sqrt(stiffness / m) * zeta
        e = math.exp(-om * settling)
        xtk = (x0 + (v0 + x0 * om) * settling) * e
        vtk = (x0 + (v0 + x0 * om) * settling) * e * -om + (v0 + x0 * om) * e
        e0 = 0.5 * stiffness * x0 ** 2 + 0.5 * m * v0 ** 2
        etk = 0.5 * stiffness * xtk ** 2 + 0.5 * m * vtk ** 2
        return etk / e0 - thr
    return f


def r4_bisect(lo, hi, func, precision, max_iter):
    direction = 1 if func(hi) >= func(lo) else -1
    idx = max_iter
    cur = (hi + lo) / 2
    while abs(func(cur)) > precision and idx > 0:
        idx -= 1
        if func(cur) * direction < 0:
            lo = cur
        else:
            hi = cur
        cur = (lo + hi) / 2
    return cur


def r3_mass_bisect(k, zeta, duration_ms, x0, v0, threshold=2.0):
    def f(mass):
        amplitude = (mass * v0 * v0 + k * x0 * x0) / (math.exp(1 - 0.5 * zeta) * k)
        c = zeta * 2 * math.sqrt(k * mass)
        return 1000 * ((-2 * mass) / c) * math.log((threshold * 0.01) / amplitude) - duration_ms
    lo, hi, idx = 0.0, 100.0, 20
    cur = (hi + lo) / 2
    while abs(f(cur)) > 0.00005 and idx > 0:
        idx -= 1
        if f(cur) < 0:
            lo = cur
        else:
            hi = cur
        cur = (lo + hi) / 2
    return cur


def t_reanimated(s):
    rows = [("stiffness", s.k), ("damping", s.c), ("mass", s.m)]
    check_zw(s, *zw_from_mkc(s.m, s.k, s.c), "reanimated physics")
    notes = []
    # Reanimated 4 duration config (travel-independent for v0 = 0)
    u = r4_u_star(s.z)
    dur = 1000 * u / (mpf("1.5") * s.z * s.w)
    k_target = mpf(R4_DEFAULT_MASS) * s.w ** 2
    f = r4_energy_diff_factory(-100.0, 0.0, s.zf, R4_DEFAULT_MASS, float(dur), R4_THRESHOLD)
    assert abs(f(float(k_target))) < 1e-15, "reanimated energy equation at exact stiffness"
    k_b = r4_bisect(2.220446049250313e-16, 8e3, f, R4_THRESHOLD * 1e-3, 100)
    w_b = math.sqrt(k_b / R4_DEFAULT_MASS)
    rows += [("duration", dur), ("dampingRatio", s.z),
             ("duration_stiffness_exact_mass4", k_target),
             ("duration_stiffness_bisection_mass4", k_b),
             ("duration_effective_response", TWO_PI / mpf(w_b))]
    if k_target > 8000:
        notes.append("clamped")
    elif rel(k_b, k_target) > mpf("1e-9"):
        notes.append("approximate")
    # Reanimated 3.x duration config: stiffness chosen so the solved mass is the
    # bisection's first midpoint (50): stiffness = 50 w^2.
    k3 = 50 * s.w ** 2
    dur3 = 1000 * (-mp.log(mpf("0.02") / (mpf(100) ** 2 / mp.exp(1 - s.z / 2)))) / (s.z * s.w)
    m3 = r3_mass_bisect(float(k3), s.zf, float(dur3), 100.0, 0.0)
    rows += [("v3_duration_travel100", dur3), ("v3_stiffness", k3), ("v3_mass_bisection", m3)]
    if s.z > 1:
        notes.append("overdamped-runs-critical")
    return rows, notes


# --- Rebound / Origami / POP -----------------------------------------------

def rebound_tension_from_origami(o):
    return mpf(0) if o == 0 else (o - 30) * mpf("3.62") + 194


def rebound_friction_from_origami(o):
    return mpf(0) if o == 0 else (o - 8) * 3 + 25


def t_origami(s):
    ot = (s.k1 - 194) / mpf("3.62") + 30
    of = (s.c1 - 25) / 3 + 8
    rows = [("tension", s.k1), ("friction", s.c1),
            ("origamiTension", ot), ("origamiFriction", of)]
    check_zw(s, *zw_from_mkc(1, rebound_tension_from_origami(ot), rebound_friction_from_origami(of)),
             "origami")
    notes = []
    if s.m != 1:
        notes.append("mass-normalised")
    if ot < 0 or of < 0:
        notes.append("negative")
    return rows, notes


def b3_nobounce(t):
    if t <= 18:
        return mpf("0.0007") * t ** 3 - mpf("0.031") * t ** 2 + mpf("0.64") * t + mpf("1.28")
    if t <= 44:
        return mpf("0.000044") * t ** 3 - mpf("0.006") * t ** 2 + mpf("0.36") * t + 2
    return mpf("0.00000045") * t ** 3 - mpf("0.000332") * t ** 2 + mpf("0.1078") * t + mpf("5.84")


def b3_nobounce_f(t):
    if t <= 18.0:
        return (0.0007 * t ** 3) - (0.031 * t ** 2) + 0.64 * t + 1.28
    if t <= 44:
        return (0.000044 * t ** 3) - (0.006 * t ** 2) + 0.36 * t + 2.0
    return (0.00000045 * t ** 3) - (0.000332 * t ** 2) + 0.1078 * t + 5.84


def pop_forward(bounciness, speed):
    """POPSpringAnimation +convertBounciness:speed:... (mass 1)."""
    b = (bounciness / mpf("1.7")) / 20 * mpf("0.8")
    sp = (speed / mpf("1.7")) / 20
    qt = mpf("0.5") + sp * (200 - mpf("0.5"))
    q = 2 * b - b * b
    qf = q * mpf("0.01") + (1 - q) * b3_nobounce(qt)
    tension = 194 + ((qt - 30) / 50) * (375 - 194)
    friction = 25 + ((qf - 8) / 2) * (25 - 19)
    return tension, friction


def pop_inverse_as_shipped(tension, friction):
    """POPSpringAnimation +convertTension:friction:toBounciness:speed:, doubles."""
    qcf = 8.0 + 2.0 * ((friction - 25.0) / (25.0 - 19.0))
    qct = 30.0 + 50.0 * ((tension - 194.0) / (375.0 - 194.0))
    nb = b3_nobounce_f(qct)
    a, b, c = nb - 0.01, 2 * (0.01 - nb), nb - qcf
    disc2 = b * b - 4 * a * c
    if disc2 < 0:
        return float("nan"), float("nan")
    disc = math.sqrt(disc2)
    x1 = (-b + disc) / (2 * a)
    x2 = (-b - disc) / (2 * a)
    pb = x2 if x2 < 0.8 else x1
    bounciness = ((20.0 * 1.7) / (0.8 - 0.0)) * (pb - 0.0)
    speed = ((20.0 * 1.7) / (200 - 0.5)) * (qct - 0.5)
    return bounciness, speed


def t_pop(s):
    qct = 30 + 50 * ((s.k1 - 194) / (375 - 194))
    qcf = 8 + 2 * ((s.c1 - 25) / (25 - 19))
    speed = (qct - mpf("0.5")) * 34 / (200 - mpf("0.5"))
    nb = b3_nobounce(qct)
    q = (nb - qcf) / (nb - mpf("0.01"))
    notes = []
    if s.m != 1:
        notes.append("mass-normalised")
    if q > 1:
        notes.append("unrepresentable")
        b = mpf(1)                                   # closest: maximum bounciness
    else:
        b = 1 - mp.sqrt(1 - q)
    bounciness = b * 34 / mpf("0.8")
    ib, isp = pop_inverse_as_shipped(float(s.k1), float(s.c1))
    rows = [("dynamicsTension", s.k), ("dynamicsFriction", s.c), ("dynamicsMass", s.m),
            ("springBounciness", bounciness), ("springSpeed", speed),
            ("pop_inverse_bounciness", ib), ("pop_inverse_speed", isp)]
    t_f, f_f = pop_forward(bounciness, speed)
    if q <= 1:
        check(t_f, s.k1, "pop forward tension")
        check(f_f, s.c1, "pop forward friction")
    else:
        rows += [("effective_dynamicsFriction", f_f),
                 ("effective_dampingRatio", f_f / (2 * mp.sqrt(t_f)))]
    if not (0 <= bounciness <= 20 and 0 <= speed <= 20):
        notes.append("out-of-documented-range")
    return rows, notes


def t_figma(s):
    rows = [("mass", s.m), ("stiffness", s.k), ("damping", s.c)]
    check_zw(s, *zw_from_mkc(s.m, s.k, s.c), "figma")
    return rows, []


TARGETS = [
    ("swiftui", t_swiftui),
    ("swiftui-response", t_swiftui_response),
    ("uikit", t_uikit),
    ("core-animation", t_core_animation),
    ("wave", t_wave),
    ("compose", t_compose_like),
    ("android", t_compose_like),
    ("flutter", t_flutter),
    ("framer-physics", t_framer_physics),
    ("framer-duration", t_framer_duration),
    ("framer-visual-duration", t_framer_visual),
    ("react-spring", t_react_spring),
    ("reanimated", t_reanimated),
    ("origami", t_origami),
    ("pop-bounciness", t_pop),
    ("figma", t_figma),
]


# ----------------------------------------------------------------------------
# exact motion
# ----------------------------------------------------------------------------

def motion(z, w, x0, v0, t):
    """Displacement x(t) and x'(t) of x'' + 2 z w x' + w^2 x = 0 (exact_spring at mp.dps digits)."""
    return exact_spring.natural(z, w).motion(x0, v0, dps=mp.dps)(t)


def motion_selfcheck():
    for z in [mpf("0.3"), mpf(1), mpf(3)]:
        w, x0, v0 = mpf(7), mpf(-100), mpf(800)
        x, v = motion(z, w, x0, v0, mpf(0))
        check(x, x0, "x(0)")
        check(v, v0, "v(0)")
        for t in [mpf("0.13"), mpf("0.9")]:
            xt = lambda tt: motion(z, w, x0, v0, tt)[0]
            acc = mp.diff(xt, t, 2)
            x, v = motion(z, w, x0, v0, t)
            assert abs(acc + 2 * z * w * v + w * w * x) < mpf("1e-25") * (abs(acc) + 1), "ODE residual"
            assert abs(mp.diff(xt, t) - v) < mpf("1e-25") * (abs(v) + 1), "velocity"


# ----------------------------------------------------------------------------
# velocity conventions
# ----------------------------------------------------------------------------

def velocity_rows(frm, to, v0):
    frm, to, v0 = mpf(frm), mpf(to), mpf(v0)
    travel = to - frm
    rows = [
        ("uikit", "initialVelocity_dx", v0 / travel),
        ("swiftui", "interpolatingSpring_initialVelocity", v0 / travel),
        ("core-animation", "initialVelocity", v0 / travel),
        ("framer-physics", "velocity", v0),
        ("framer-duration", "velocity", mpf(0)),
        ("framer-visual-duration", "velocity", mpf(0)),
        ("react-spring", "velocity", v0 / 1000),
        ("reanimated", "velocity", v0),
        ("flutter", "velocity", v0),
        ("compose", "initialVelocity", v0),
        ("android", "startVelocity", v0),
        ("wave", "velocity", v0),
        ("origami", "velocity", v0),
        ("pop-bounciness", "velocity", v0),
    ]
    return rows


# ----------------------------------------------------------------------------
# main
# ----------------------------------------------------------------------------

def apple_doc_examples():
    # developer.apple.com/documentation/swiftui/spring: Spring(duration: 0.5, bounce: 0.3)
    # -> (mass, stiffness, damping) = (1.0, 157.9, 17.6); Spring(mass 1, k 100, c 10)
    # -> (duration, bounce) = (0.63, 0.5)
    k = (TWO_PI / mpf("0.5")) ** 2
    c = 2 * swiftui_zeta_from_bounce(mpf("0.3")) * mp.sqrt(k)
    assert mp.nint(k * 10) == 1579 and mp.nint(c * 10) == 176
    z, w = zw_from_mkc(1, 100, 10)
    assert mp.nint(TWO_PI / w * 100) == 63 and mp.nint(swiftui_bounce(z) * 10) == 5


def main():
    os.makedirs(OUT, exist_ok=True)
    apple_doc_examples()
    framer_selfcheck()
    motion_selfcheck()

    n = 0
    with open(os.path.join(OUT, "conversions.csv"), "w", newline="") as fh:
        wr = csv.writer(fh, lineterminator="\n")
        wr.writerow(["dampingRatio", "response", "mass", "target", "parameter", "value"])
        for z in ZETAS:
            for T in RESPONSES:
                for m in MASSES:
                    s = Spring(z, T, m)
                    for name, fn in TARGETS:
                        rows, notes = fn(s)
                        for p, v in rows:
                            wr.writerow([repr(z), repr(T), repr(m), name, p, fmt(v)])
                            n += 1
                        for note in notes:
                            wr.writerow([repr(z), repr(T), repr(m), name, "note", note])
                            n += 1
    print("conversions.csv: %d rows" % n)

    springs = [(0.3, 0.35, 1.0), (0.68, 0.8, 1.0), (1.0, 0.35, 1.0),
               (1.5, 0.8, 2.5), (0.1, 2.0, 2.5), (3.0, 0.1, 1.0)]
    n = 0
    with open(os.path.join(OUT, "motions.csv"), "w", newline="") as fh:
        wr = csv.writer(fh, lineterminator="\n")
        wr.writerow(["dampingRatio", "response", "mass", "from", "to", "velocity",
                     "t", "position", "velocity_at_t"])
        for z, T, m in springs:
            s = Spring(z, T, m)
            for v0 in [0.0, -500.0, 800.0]:
                frm, to = 0.0, 100.0
                for i in range(41):
                    t = mpf(i) / 20
                    x, v = motion(s.z, s.w, mpf(frm) - mpf(to), mpf(v0), t)
                    wr.writerow([repr(z), repr(T), repr(m), repr(frm), repr(to), repr(v0),
                                 fmt(t), fmt(mpf(to) + x), fmt(v)])
                    n += 1
    print("motions.csv: %d rows" % n)

    n = 0
    with open(os.path.join(OUT, "velocities.csv"), "w", newline="") as fh:
        wr = csv.writer(fh, lineterminator="\n")
        wr.writerow(["target", "from", "to", "velocity", "parameter", "value"])
        for frm, to in [(0.0, 100.0), (100.0, 0.0), (20.0, -60.0)]:
            for v0 in [0.0, -500.0, 800.0]:
                for target, p, v in velocity_rows(frm, to, v0):
                    wr.writerow([target, repr(frm), repr(to), repr(v0), p, fmt(v)])
                    n += 1
    print("velocities.csv: %d rows" % n)


if __name__ == "__main__":
    main()
