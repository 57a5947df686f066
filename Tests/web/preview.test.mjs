// The studio's preview (Sources/SpringStudio/Web/preview.js): the stage's geometry, the release
// velocity, and how a platform's frames differ from the exact motion. The exact motion here is the
// textbook underdamped solution, written out separately from spring.js.
import { test } from "node:test";
import assert from "node:assert/strict";
import { stageGeometry, rubberBand, releaseVelocity, settleFrame, platformDifference, describeDifference, platformPosition, motionExtent }
  from "../../Sources/SpringStudio/Web/preview.js";

function textbook(zeta, response, x0, v0, t) {
  const w = 2 * Math.PI / response, wd = w * Math.sqrt(1 - zeta * zeta);
  return Math.exp(-zeta * w * t) * (x0 * Math.cos(wd * t) + (v0 + zeta * w * x0) / wd * Math.sin(wd * t));
}

test("value and pixel are inverse, and the ends sit 24 and 64 px in", () => {
  const g = stageGeometry(1000, { lo: -10, hi: 110 });
  assert.equal(g.toPx(-10), 24);
  assert.equal(g.toPx(110), 936);
  for (const x of [-10, 0, 37.5, 110]) assert.ok(Math.abs(g.toValue(g.toPx(x)) - x) < 1e-12);
});

test("the rubber band passes values inside and gives less and less outside", () => {
  const g = stageGeometry(1000, { lo: 0, hi: 100 });
  assert.equal(rubberBand(50, g), 50);
  const a = rubberBand(110, g) - 100, b = rubberBand(200, g) - 100, c = rubberBand(10000, g) - 100;
  assert.ok(a > 0 && a < 10 && b > a && b < 100 && c < 25);  // never more than a quarter of the range
  assert.ok(Math.abs((100 - rubberBand(-10, g)) - (a + 100)) < 1e-12);  // symmetric
});

test("release velocity is the least-squares slope over the last 100 ms", () => {
  const history = [];
  for (let t = 0; t <= 300; t += 16) history.push({ t, x: t < 200 ? 0 : 2 * (t - 200) });  // 2 px/ms from 200 ms
  assert.ok(Math.abs(releaseVelocity(history, 300) - 2000) < 1e-9);
  assert.equal(releaseVelocity([{ t: 0, x: 5 }], 10), 0);
  assert.equal(releaseVelocity([{ t: 0, x: 5 }, { t: 10, x: 6 }], 500), 0);  // too old
});

test("a platform's frame holds until the next", () => {
  const frames = [0, 10, 20, 30];
  assert.equal(platformPosition(frames, 60, 1, 1 + 1.5 / 60), 10);
  assert.equal(platformPosition(frames, 60, 1, 0.5), 0);
  assert.equal(platformPosition(frames, 60, 1, 100), 30);
});

test("settle frame: the first from which every frame stays within the band", () => {
  assert.equal(settleFrame([0, 50, 101.5, 99.5, 100.2, 100], 100, 1), 3);
  assert.equal(settleFrame([100, 100], 100, 1), 0);
  assert.equal(settleFrame([0, 50, 102], 100, 1), 3);  // never within: after the last frame
});

test("difference from the exact motion: zero for the exact frames, the offset for shifted ones", () => {
  const spring = { damping: 0.5, response: 0.6 }, motion = { from: 0, to: 100, velocity: 0 }, fps = 60;
  const exact = Array.from({ length: 180 }, (_, i) => 100 + textbook(0.5, 0.6, -100, 0, i / fps));
  const same = platformDifference(exact, fps, spring, motion);
  assert.ok(same.worst < 1e-9, String(same.worst));
  assert.equal(same.platformSettles, same.exactSettles);
  // One frame late: the largest gap is the largest one-frame step of the motion.
  const late = [0, ...exact.slice(0, -1)];
  const d = platformDifference(late, fps, spring, motion);
  let biggestStep = 0, at = 0;
  for (let i = 1; i < exact.length; i++) if (Math.abs(exact[i] - exact[i - 1]) > biggestStep) { biggestStep = Math.abs(exact[i] - exact[i - 1]); at = i; }
  assert.ok(Math.abs(d.worst - biggestStep) < 1e-9);
  assert.equal(d.worstFrame, at);
  assert.equal(d.platformSettles - d.exactSettles, 1);
  assert.equal(d.band, 1);
  const words = describeDifference("react-spring", 60, d);
  assert.match(words, /^react-spring at 60 Hz: at most [0-9.]+ px from the exact motion \(frame \d+\); within 1 % of the travel from frame \d+, 1 frame after the exact motion\.$/);
  assert.match(describeDifference("SwiftUI", 120, same), /within 0.005 px of the exact motion; .* the same frame as the exact motion\.$/);
});

test("the stage spans the overshoot of every lane", () => {
  const lanes = [{ spring: { damping: 0.2, response: 0.5 }, segment: { from: 0, to: 100, velocity: 0, start: 0 } }];
  const extent = motionExtent(lanes, 0, 100);
  // ζ 0.2 overshoots by e^(−πζ/√(1−ζ²)) = 52.7 % of the travel.
  const overshoot = 100 * Math.exp(-Math.PI * 0.2 / Math.sqrt(1 - 0.04));
  assert.ok(extent.hi > 100 + overshoot * 0.99);
  assert.ok(extent.lo < 0);
});
