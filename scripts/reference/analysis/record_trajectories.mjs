#!/usr/bin/env node
// Trajectories for `springplot verify`, written as t,position[,velocity] CSV files.
//
// Two sources:
//
// 1. Re-implementations (always run, no dependencies). These are OUR OWN JavaScript
//    versions of the published algorithms described in
//    scripts/reference/export/SOURCES.md, NOT the npm packages:
//      - react-spring: SpringValue.advance, 1 ms semi-implicit Euler sub-steps,
//        ceil(frame interval / 1 ms) of them per frame, acceleration
//        (-tension*1e-6*dx - friction*1e-3*v)/mass in px/ms², and the rest rule
//        precision = min(1, 0.001*|to - from|), restVelocity = precision/10: the
//        value snaps to `to` once |v| <= restVelocity and |to - x| <= precision.
//      - Wave: semi-implicit Euler once per display frame, damping coefficient
//        4*pi*zeta*m/T rubber-banded above 60 (60 + (1 - 1/(0.55(c-60)/15 + 1))*15),
//        snapping to the target once running time >= settlingDuration, which is
//        computed from the REQUESTED zeta: -ln(1e-4)/(zeta*omega) for zeta < 1,
//        1.25 * -ln(1e-4)/omega for zeta >= 1.
//      - motion / popmotion physics spring: the analytic formula of the spring
//        generator (under-, critically and over-damped branches, the overdamped
//        sinh/cosh argument capped at 300), sampled at each frame; it snaps to
//        the target when |to - x| <= restDelta (0.5) and, for zeta < 1,
//        |v| <= restSpeed (2 px/s), v estimated over the previous 5 ms as the
//        generator does.
//    Frames: 60 Hz with dropped frames (1 in 10 frames lasts two intervals,
//    chosen by a fixed-seed generator), as a busy browser or device delivers.
//
// 2. The real npm packages (`--modules DIR` holding motion, popmotion and
//    @react-spring/core; install them with npm first). NOT RUN where this was
//    written: the npm registry was unreachable (npm view timed out). Each missing
//    package is skipped with a message on stderr.
//
//   node scripts/reference/analysis/record_trajectories.mjs \
//        [--out Tests/SpringFittingTests/Fixtures/analysis] [--modules /tmp/springjs/node_modules]

import fs from "node:fs"
import path from "node:path"
import { createRequire } from "node:module"
import { pathToFileURL } from "node:url"

const args = process.argv.slice(2)
const opt = (name, dflt) => {
    const i = args.indexOf(name)
    return i >= 0 ? args[i + 1] : dflt
}
const outDir = opt("--out", "Tests/SpringFittingTests/Fixtures/analysis")
const modulesDir = opt("--modules", null)

// A small fixed-seed generator (mulberry32) for the frame timing.
function mulberry32(seed) {
    return () => {
        seed |= 0
        seed = (seed + 0x6d2b79f5) | 0
        let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
        t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296
    }
}
const SEED = 20261123
console.error(`frame timing seed ${SEED}`)

/// Frame intervals in ms: 60 Hz, one frame in ten dropped (twice as long).
function frameIntervals(count, seed) {
    const random = mulberry32(seed)
    return Array.from({ length: count }, () => (random() < 0.1 ? 2000 / 60 : 1000 / 60))
}

const fmt = (x) => (Number.isInteger(x) ? String(x) : x.toPrecision(17).replace(/\.?0+$/, ""))
function write(name, header, rows) {
    const file = path.join(outDir, name)
    fs.writeFileSync(file, [header, ...rows.map((r) => r.map(fmt).join(","))].join("\n") + "\n")
    console.error(`${file}: ${rows.length} samples`)
}

// ---- react-spring (re-implementation) ----
function reactSpring({ tension, friction, mass, from, to, seed }) {
    const precision = Math.min(1, Math.abs(to - from) * 0.001)
    const restVelocity = precision / 10
    let x = from, v = 0, tMs = 0 // v in px/ms
    const rows = [[0, x, 0]]
    for (const dt of frameIntervals(1000, seed)) {
        const steps = Math.ceil(dt)
        let finished = false
        for (let n = 0; n < steps; n++) {
            if (Math.abs(v) <= restVelocity && Math.abs(to - x) <= precision) { finished = true; break }
            const a = (-tension * 1e-6 * (x - to) - friction * 1e-3 * v) / mass
            v += a
            x += v
        }
        tMs += dt
        if (finished) { rows.push([tMs / 1000, to, 0]); break }
        rows.push([tMs / 1000, x, v * 1000])
    }
    return rows
}

// ---- Wave (re-implementation) ----
function rubberband(c) {
    if (c <= 60) return c
    return 60 + (1 - 1 / ((0.55 * (c - 60)) / 15 + 1)) * 15
}
function wave({ dampingRatio, response, mass, from, to, seed }) {
    const omega = (2 * Math.PI) / response
    const k = omega * omega * mass
    const c = rubberband((4 * Math.PI * dampingRatio * mass) / response)
    const settle = dampingRatio < 1 ? -Math.log(1e-4) / (dampingRatio * omega) : (1.25 * -Math.log(1e-4)) / omega
    let x = from, v = 0, t = 0
    const rows = [[0, x, v]]
    for (const dtMs of frameIntervals(1000, seed)) {
        const dt = dtMs / 1000
        const a = (-k * (x - to) - c * v) / mass
        v += a * dt
        x += v * dt
        t += dt
        if (t >= settle) { rows.push([t, to, 0]); break }
        rows.push([t, x, v])
    }
    return rows
}

// ---- motion / popmotion physics spring (re-implementation of the analytic generator) ----
function framerResolver({ stiffness, damping, mass, from, to, velocity }) {
    const zeta = damping / (2 * Math.sqrt(stiffness * mass))
    const w = Math.sqrt(stiffness / mass)
    const delta = to - from
    const v0 = -velocity // the generator's sign convention
    if (zeta < 1) {
        const wd = w * Math.sqrt(1 - zeta * zeta)
        return (t) => to - Math.exp(-zeta * w * t) * (((v0 + zeta * w * delta) / wd) * Math.sin(wd * t) + delta * Math.cos(wd * t))
    }
    if (zeta === 1) return (t) => to - Math.exp(-w * t) * (delta + (v0 + w * delta) * t)
    const wd = w * Math.sqrt(zeta * zeta - 1)
    return (t) => {
        const env = Math.exp(-zeta * w * t)
        const f = Math.min(wd * t, 300)
        return to - (env * ((v0 + zeta * w * delta) * Math.sinh(f) + wd * delta * Math.cosh(f))) / wd
    }
}
function framer({ stiffness, damping, mass, from, to, seed }) {
    const zeta = damping / (2 * Math.sqrt(stiffness * mass))
    const x = framerResolver({ stiffness, damping, mass, from, to, velocity: 0 })
    const restDelta = 0.5, restSpeed = 2
    let tMs = 0
    const rows = [[0, from]]
    for (const dt of frameIntervals(2000, seed)) {
        tMs += dt
        const t = tMs / 1000
        const value = x(t)
        const prev = Math.max(tMs - 5, 0) / 1000
        const speed = t > prev ? (value - x(prev)) / (t - prev) : 0
        const done = Math.abs(to - value) <= restDelta && (zeta >= 1 || Math.abs(speed) <= restSpeed)
        if (done) { rows.push([t, to]); break }
        rows.push([t, value])
    }
    return rows
}

fs.mkdirSync(outDir, { recursive: true })
write("react-spring-default.csv", "t,position,velocity",
      reactSpring({ tension: 170, friction: 26, mass: 1, from: 0, to: 100, seed: SEED }))
write("wave-critical-0.15.csv", "t,position,velocity",
      wave({ dampingRatio: 1, response: 0.15, mass: 1, from: 0, to: 100, seed: SEED + 1 }))
write("framer-physics-default.csv", "t,position",
      framer({ stiffness: 100, damping: 10, mass: 1, from: 0, to: 100, seed: SEED + 2 }))
write("framer-physics-overdamped.csv", "t,position",
      framer({ stiffness: 100, damping: 200, mass: 1, from: 0, to: 100, seed: SEED + 3 }))

// ---- the real packages, when installed ----
if (modulesDir) {
    const require = createRequire(path.join(path.resolve(modulesDir), "noop.js"))
    const tryImport = async (name) => {
        try {
            return await import(pathToFileURL(require.resolve(name)).href)
        } catch (e) {
            console.error(`skip ${name}: ${e.message.split("\n")[0]}`)
            return null
        }
    }
    const sample = (gen, seed, label) => {
        let tMs = 0
        const rows = [[0, gen.next(0).value]]
        for (const dt of frameIntervals(2000, seed)) {
            tMs += dt
            const { value, done } = gen.next(tMs)
            rows.push([tMs / 1000, value])
            if (done) break
        }
        write(label, "t,position", rows)
    }
    const motion = await tryImport("motion")
    if (motion?.spring) {
        sample(motion.spring({ keyframes: [0, 100], stiffness: 100, damping: 10, mass: 1 }), SEED + 2, "npm-motion-default.csv")
        sample(motion.spring({ keyframes: [0, 100], stiffness: 100, damping: 200, mass: 1 }), SEED + 3, "npm-motion-overdamped.csv")
    }
    const popmotion = await tryImport("popmotion")
    if (popmotion?.spring) {
        sample(popmotion.spring({ from: 0, to: 100, stiffness: 100, damping: 10, mass: 1 }), SEED + 2, "npm-popmotion-default.csv")
    }
    const rs = await tryImport("@react-spring/core")
    if (rs?.SpringValue) {
        const sv = new rs.SpringValue(0)
        sv.start({ to: 100, config: { tension: 170, friction: 26, mass: 1 } })
        let tMs = 0
        const rows = [[0, 0]]
        for (const dt of frameIntervals(1000, SEED)) {
            sv.advance(dt)
            tMs += dt
            rows.push([tMs / 1000, sv.get()])
            if (sv.idle) break
        }
        write("npm-react-spring-default.csv", "t,position", rows)
    }
}
