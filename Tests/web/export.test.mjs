// The studio's export requests (Sources/SpringStudio/Web/export.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { clipQuery, exportQuery, warningsOf } from "../../Sources/SpringStudio/Web/export.js";

test("the CSS error allowance is a tenth of the travel, at most 0.5, and absent without travel", () => {
  assert.equal(exportQuery("damping=0.5&response=0.4", { from: 0, to: 100, velocity: 0 }), "damping=0.5&response=0.4&from=0&to=100&velocity=0&error=0.5");
  assert.equal(exportQuery("damping=0.5&response=0.4", { from: 0, to: 2, velocity: 0 }), "damping=0.5&response=0.4&from=0&to=2&velocity=0&error=0.2");
  assert.equal(exportQuery("damping=0.5&response=0.4", { from: 3, to: 3, velocity: 10 }), "damping=0.5&response=0.4&from=3&to=3&velocity=10");
});

test("warnings, and what the target really runs when it differs", () => {
  assert.deepEqual(warningsOf({ warnings: [{ code: "velocity-dropped", text: "a" }] }), ["a"]);
  assert.deepEqual(warningsOf({ warnings: [], effectiveSpring: { dampingRatio: 0.6789, response: 0.81234 } }), ["runs: ζ 0.6789, response 0.8123 s"]);
});

test("clipQuery: every spring a lane, or the first beside the target's lane; the theme", () => {
  const springs = [{ damping: 0.68, response: 0.8, mass: 1 }, { damping: 0.3, response: 0.5 }];
  const motion = { from: 0, to: 300, velocity: 0 };
  assert.equal(clipQuery(springs, motion, false), "damping=0.68,0.3&response=0.8,0.5&from=0&to=300&velocity=0");
  assert.equal(clipQuery(springs, motion, true, "react-spring", 120),
    "damping=0.68&response=0.8&from=0&to=300&velocity=0&platform=react-spring&fps=120&theme=dark");
  assert.equal(clipQuery([{ damping: 1, response: 0.4, mass: 2 }], motion, false),
    "damping=1&response=0.4&mass=2&from=0&to=300&velocity=0");
});
