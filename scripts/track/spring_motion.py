"""The exact motion of a unit-mass spring, for the scripts that draw clips (make_clip.py) and the
hostile-input suite's trajectories (Tests/hostile). Plain Python: no dependency."""

import math


def spring_displacement(zeta, response, d0, v0, tau):
    """d(tau) = x(tau) - target for a unit-mass spring, d(0) = d0, d'(0) = v0."""
    w0 = 2.0 * math.pi / response
    if abs(zeta - 1.0) <= 1e-9:
        return math.exp(-w0 * tau) * (d0 + (v0 + w0 * d0) * tau)
    if zeta < 1.0:
        wd = w0 * math.sqrt(1.0 - zeta * zeta)
        return math.exp(-zeta * w0 * tau) * (
            d0 * math.cos(wd * tau) + (v0 + zeta * w0 * d0) / wd * math.sin(wd * tau))
    root = math.sqrt(zeta * zeta - 1.0)
    r1 = -w0 * (zeta - root)
    r2 = -w0 * (zeta + root)
    c2 = (v0 - r1 * d0) / (r2 - r1)
    c1 = d0 - c2
    return c1 * math.exp(r1 * tau) + c2 * math.exp(r2 * tau)
