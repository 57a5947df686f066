// The studio's export requests (Sources/SpringStudio/Web/export.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { exportQuery, warningsOf } from "../../Sources/SpringStudio/Web/export.js";

test("the CSS error allowance is a tenth of the travel, at most 0.5, and absent without travel", () => {
  assert.equal(exportQuery("damping=0.5&response=0.4", { from: 0, to: 100, velocity: 0 }), "damping=0.5&response=0.4&from=0&to=100&velocity=0&error=0.5");
  assert.equal(exportQuery("damping=0.5&response=0.4", { from: 0, to: 2, velocity: 0 }), "damping=0.5&response=0.4&from=0&to=2&velocity=0&error=0.2");
  assert.equal(exportQuery("damping=0.5&response=0.4", { from: 3, to: 3, velocity: 10 }), "damping=0.5&response=0.4&from=3&to=3&velocity=10");
});

test("warnings, and what the target really runs when it differs", () => {
  assert.deepEqual(warningsOf({ warnings: ["a"] }), ["a"]);
  assert.deepEqual(warningsOf({ warnings: [], effectiveSpring: { dampingRatio: 0.6789, response: 0.81234 } }), ["runs: ζ 0.6789, response 0.8123 s"]);
});
