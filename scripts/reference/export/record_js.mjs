#!/usr/bin/env node
// Record real JavaScript spring trajectories for the exported parameters.
//
// NOT RUN on the machine where it was written: the npm registry was unreachable
// there (see SOURCES.md). Set it up where npm works:
//
//   mkdir -p /tmp/springjs && cd /tmp/springjs && npm init -y
//   npm install motion popmotion @react-spring/core
//   node /path/to/repo/scripts/reference/export/record_js.mjs \
//     --modules /tmp/springjs/node_modules \
//     --csv Tests/SpringExportTests/Fixtures/conversions.csv \
//     --out Tests/SpringExportTests/Fixtures/js_trajectories.csv
//
// For every spring in conversions.csv (target framer-physics; react-spring for
// @react-spring/core) and every motion from 0 to 100 with v0 in {0, -500, 800}
// px/s it prints the library's position at t = 0, 0.05, ..., 2 s:
//
//   library,version,dampingRatio,response,mass,from,to,velocity,t,position
//
// Libraries that are not installed are skipped with a message on stderr.
// Rest thresholds are made tiny so no library snaps to the target early;
// compare the result with motions.csv / the exact closed form.

import fs from "node:fs"
import path from "node:path"
import { createRequire } from "node:module"
import { pathToFileURL } from "node:url"

const args = process.argv.slice(2)
const opt = (name, dflt) => {
    const i = args.indexOf(name)
    return i >= 0 ? args[i + 1] : dflt
}
const csvPath = opt("--csv", "Tests/SpringExportTests/Fixtures/conversions.csv")
const outPath = opt("--out", null)
// ESM import() ignores NODE_PATH, so resolve packages from an explicit folder.
const modulesDir = path.resolve(
    opt("--modules", process.env.NODE_PATH?.split(path.delimiter)[0] ?? "node_modules")
)
const require = createRequire(path.join(modulesDir, "noop.js"))

const FROM = 0
const TO = 100
const VELOCITIES = [0, -500, 800]
const TIMES = Array.from({ length: 41 }, (_, i) => i / 20) // seconds

function readConversions(file) {
    const lines = fs.readFileSync(file, "utf8").trim().split("\n")
    const header = lines.shift().split(",")
    const out = new Map()
    for (const line of lines) {
        const cols = line.split(",")
        const r = Object.fromEntries(header.map((h, i) => [h, cols[i]]))
        if (r.parameter === "note") continue
        const key = `${r.dampingRatio},${r.response},${r.mass}`
        if (!out.has(key)) out.set(key, {})
        const s = out.get(key)
        s[r.target] ??= {}
        s[r.target][r.parameter] = Number(r.value)
    }
    return out
}

async function tryImport(name) {
    try {
        const mod = await import(pathToFileURL(require.resolve(name)).href)
        let version = "?"
        try {
            version = require(`${name}/package.json`).version
        } catch {}
        return { mod, version }
    } catch (e) {
        process.stderr.write(`skip ${name}: ${e.message.split("\n")[0]}\n`)
        return null
    }
}

const rows = []
const emit = (lib, version, key, v0, t, x) =>
    rows.push([lib, version, key, FROM, TO, v0, t, x].join(","))

const springs = readConversions(csvPath)

// motion (motion-dom spring generator): velocity in px/s, time in ms.
const motion = await tryImport("motion")
if (motion) {
    const spring = motion.mod.spring ?? motion.mod.default?.spring
    for (const [key, s] of springs) {
        const p = s["framer-physics"]
        for (const v0 of VELOCITIES) {
            const gen = spring({
                keyframes: [FROM, TO],
                stiffness: p.stiffness,
                damping: p.damping,
                mass: p.mass,
                velocity: v0,
                restDelta: 1e-12,
                restSpeed: 1e-12,
            })
            for (const t of TIMES) emit("motion", motion.version, key, v0, t, gen.next(t * 1000).value)
        }
    }
}

// popmotion: spring({from, to, stiffness, damping, mass, velocity}).next(ms)
const popmotion = await tryImport("popmotion")
if (popmotion) {
    const spring = popmotion.mod.spring
    for (const [key, s] of springs) {
        const p = s["framer-physics"]
        for (const v0 of VELOCITIES) {
            const gen = spring({
                from: FROM,
                to: TO,
                keyframes: [FROM, TO],
                stiffness: p.stiffness,
                damping: p.damping,
                mass: p.mass,
                velocity: v0,
                restDelta: 1e-12,
                restSpeed: 1e-12,
            })
            for (const t of TIMES) emit("popmotion", popmotion.version, key, v0, t, gen.next(t * 1000).value)
        }
    }
}

// @react-spring/core: SpringValue advanced by hand in 1 ms steps (the library
// itself integrates with 1 ms semi-implicit Euler steps); velocity in px/ms.
const rs = await tryImport("@react-spring/core")
if (rs) {
    const { SpringValue, Globals } = rs.mod
    try {
        Globals.assign({ skipAnimation: false, requestAnimationFrame: () => 0 })
    } catch {}
    for (const [key, s] of springs) {
        const p = s["react-spring"]
        for (const v0 of VELOCITIES) {
            try {
                const sv = new SpringValue(FROM)
                sv.start({
                    to: TO,
                    config: {
                        tension: p.tension,
                        friction: p.friction,
                        mass: p.mass,
                        velocity: v0 / 1000,
                        precision: 1e-12,
                        restVelocity: 1e-12,
                    },
                })
                let tNow = 0
                for (const t of TIMES) {
                    while (tNow < t * 1000 - 1e-9) {
                        sv.advance(1)
                        tNow += 1
                    }
                    emit("@react-spring/core", rs.version, key, v0, t, sv.get())
                }
            } catch (e) {
                process.stderr.write(`react-spring ${key} v0=${v0}: ${e.message}\n`)
            }
        }
    }
}

const text =
    ["library,version,dampingRatio,response,mass,from,to,velocity,t,position", ...rows].join("\n") + "\n"
if (outPath) fs.writeFileSync(outPath, text)
else process.stdout.write(text)
process.stderr.write(`${rows.length} rows\n`)
