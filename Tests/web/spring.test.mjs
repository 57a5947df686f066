// The web pages' closed form (Sources/SpringExport/Web/spring.js) against the 50-digit references that
// SpringMath's tests use (Tests/SpringMathTests/Fixtures, from scripts/reference/generate_fixtures.py),
// to 1e-12 of each motion's scale, with Node's own test runner: node --test Tests/web
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { freeMotion, naturalFrequency, transition } from "../../Sources/SpringExport/Web/spring.js";

function rows(name) {
  const url = new URL(`../SpringMathTests/Fixtures/${name}`, import.meta.url);
  const [header, ...lines] = readFileSync(fileURLToPath(url), "utf8").trim().split("\n");
  const keys = header.split(",");
  return lines.map((line) => Object.fromEntries(line.split(",").map((v, i) => [keys[i], Number(v)])));
}

test("damping ratio and response: position and velocity within 1e-12 of scale", () => {
  const data = rows("exact_solution.csv");
  assert.ok(data.length > 1000);
  let worst = 0;
  for (const r of data) {
    const omega = naturalFrequency(r.response);
    const [x, v] = freeMotion(r.dampingRatio, omega, r.x0, r.v0, r.t);
    const scale = Math.max(Math.abs(r.x0), Math.abs(r.v0) * r.response);
    const velocityScale = scale * omega;
    const ex = Math.abs(x - r.x) / scale, ev = Math.abs(v - r.v) / velocityScale;
    worst = Math.max(worst, ex, ev);
    assert.ok(ex <= 1e-12 && ev <= 1e-12, `ζ ${r.dampingRatio}, response ${r.response}, x0 ${r.x0}, v0 ${r.v0}, t ${r.t}: `
      + `x ${x} vs ${r.x}, v ${v} vs ${r.v}`);
  }
  console.log(`exact_solution.csv: ${data.length} rows, worst ${worst.toExponential(2)} of scale`);
});

test("mass, stiffness and damping coefficient: within 1e-12 of scale", () => {
  const data = rows("stiffness_damping.csv");
  assert.ok(data.length > 100);
  for (const r of data) {
    const omega = Math.sqrt(r.stiffness / r.mass), zeta = r.damping / (2 * Math.sqrt(r.stiffness * r.mass));
    const [x, v] = freeMotion(zeta, omega, r.x0, r.v0, r.t);
    const scale = Math.max(Math.abs(r.x0), Math.abs(r.v0) / omega);
    assert.ok(Math.abs(x - r.x) <= 1e-12 * scale && Math.abs(v - r.v) <= 1e-12 * scale * omega,
      `m ${r.mass}, k ${r.stiffness}, c ${r.damping}, t ${r.t}: x ${x} vs ${r.x}, v ${v} vs ${r.v}`);
  }
});

test("the three regimes meet smoothly at critical damping", () => {
  const omega = naturalFrequency(0.5);
  for (const t of [0, 0.01, 0.1, 0.5, 2]) {
    const critical = transition(1, omega, t);
    for (const zeta of [1 - 1e-9, 1 + 1e-9]) {
      const near = transition(zeta, omega, t);
      for (let i = 0; i < 4; i++) assert.ok(Math.abs(near[i] - critical[i]) <= 1e-7 * Math.max(1, Math.abs(critical[i]) * omega), `ζ ${zeta}, t ${t}`);
    }
  }
});

test("a response of 0 is an instant jump", () => {
  assert.deepEqual(freeMotion(0.7, naturalFrequency(0), 5, 3, 0.01), [0, 0]);
  assert.deepEqual(transition(0.7, Infinity, 0), [1, 0, 0, 1]);
});
