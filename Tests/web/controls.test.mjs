// The studio's controls (Sources/SpringStudio/Web/controls.js): the slider scales and the field
// values, against SwiftUI's published definitions (bounce = 1 − ζ for ζ ≤ 1, 1/ζ − 1 above; the
// duration is the response), worked out here by hand.
import { test } from "node:test";
import assert from "node:assert/strict";
import { durationScale, dampingRatioOf, bounceOf, fromPrimarySlider, fieldValues, fmt, conventionQueries } from "../../Sources/SpringStudio/Web/controls.js";

test("the duration slider is logarithmic: every doubling gets the same length of track", () => {
  assert.equal(durationScale.toSlider(0.05), 0);
  assert.equal(durationScale.toSlider(5), 1000);
  assert.equal(durationScale.toSlider(0.5), 500);  // 0.5 s is the geometric middle of 0.05…5
  const doubling = 1000 * Math.log(2) / Math.log(100);  // 150.5 steps
  for (const s of [0.1, 0.2, 0.4, 0.8, 1.6]) {
    assert.ok(Math.abs(durationScale.toSlider(2 * s) - durationScale.toSlider(s) - doubling) <= 1, `${s} s`);
  }
  assert.equal(durationScale.toSlider(0.001), 0);   // clamped to the track
  assert.equal(durationScale.toSlider(50), 1000);
  assert.equal(durationScale.fromSlider(0), 0.05);
  assert.equal(durationScale.fromSlider(1000), 5);
  assert.equal(durationScale.fromSlider(500), 0.5);
  // The slider's 1001 positions round-trip through 3-digit durations to within one step.
  for (let p = 0; p <= 1000; p++) assert.ok(Math.abs(durationScale.toSlider(durationScale.fromSlider(p)) - p) <= 1, `position ${p}`);
});

test("bounce and damping ratio, both ways, as SwiftUI defines them", () => {
  const cases = [[0, 1], [0.3, 0.7], [0.9, 0.1], [-0.5, 2], [-0.2, 1.25]];
  for (const [bounce, zeta] of cases) {
    assert.ok(Math.abs(dampingRatioOf(bounce) - zeta) < 1e-15, `bounce ${bounce}`);
    assert.ok(Math.abs(bounceOf(zeta) - bounce) < 1e-15, `ζ ${zeta}`);
  }
  // The bounce track −0.5…0.9 covers ζ from 2 down to 0.1: the useful range gets most of it.
  const share = (0.4 - 0) / 1.4;  // ζ 0.6…1 is bounce 0…0.4
  assert.ok(share > 0.28);
});

test("a primary slider changes one number of the spring and keeps the rest", () => {
  const spring = { damping: 0.68, response: 0.8, mass: 2 };
  assert.deepEqual(fromPrimarySlider("duration", 500, spring), { damping: 0.68, response: 0.5, mass: 2 });
  assert.deepEqual(fromPrimarySlider("bounce", 0.25, spring), { damping: 0.75, response: 0.8, mass: 2 });
  assert.deepEqual(fromPrimarySlider("bounce", -0.5, spring), { damping: 2, response: 0.8, mass: 2 });
});

test("fields: four significant digits, the framer bounce is 1 − ζ, the Compose ζ is the ratio", () => {
  assert.equal(fmt(0.123456), "0.1235");
  assert.equal(fmt(1234567), "1235000");
  assert.equal(fmt(null), "");
  const values = fieldValues({ dampingRatio: 0.68, response: 0.8, mass: 1, swiftUIDuration: 0.8, swiftUIBounce: 0.32 });
  assert.equal(values.visualBounce, 1 - 0.68);
  assert.equal(values.composeDamping, 0.68);
  assert.equal(values.bounce, 0.32);
});

test("each convention's query names the server's parameters", () => {
  const fields = { damping: "0.5", response: "0.4", mass: "1", "swiftui-duration": "0.5", bounce: "0.2", composeDamping: "0.9",
    composeStiffness: "300", "framer-visual-duration": "0.3", visualBounce: "0.25" };
  const v = (id) => fields[id];
  assert.equal(conventionQueries.ratio(v), "damping=0.5&response=0.4&mass=1");
  assert.equal(conventionQueries.swiftui(v), "swiftui-duration=0.5&bounce=0.2");
  assert.equal(conventionQueries.compose(v), "damping=0.9&stiffness=300");
  assert.equal(conventionQueries.visual(v), "framer-visual-duration=0.3&bounce=0.25");
});
