// The studio's chart sizing and requests (Sources/SpringStudio/Web/chart.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { chartSize, chartQuery, axisValues } from "../../Sources/SpringStudio/Web/chart.js";

test("the canvas is as wide as the box, within 400…2400 px, and no text is under 11 CSS px", () => {
  for (const box of [300, 360, 390, 700, 1000, 1500, 3000]) {
    const { width, height, text } = chartSize(box);
    assert.equal(width, Math.min(2400, Math.max(400, box)));
    assert.ok(height >= 300 && height <= 1600);
    // SpringCharts' smallest font, 12.5 px on a 1200 × 800 canvas, scaled as it scales it.
    const layout = Math.min(4, Math.max(0.75, Math.min(width / 1200, height / 800)));
    const shownPx = 12.5 * layout * text * (box / width);
    assert.ok(shownPx >= 11 - 1e-9 || text === 2, `box ${box}: ${shownPx} px`);
  }
  assert.ok(chartSize(390).height > chartSize(390).width * 0.8);  // a narrow box gets taller panels
  assert.equal(chartSize(0).width, 900);  // a box not laid out yet
});

test("the query carries every spring, the motion, the size and the theme", () => {
  const q = chartQuery([{ damping: 0.5, response: 0.4, mass: 1 }, { damping: 1, response: 0.8 }], { from: 0, to: 100, velocity: 5 },
    { width: 900, height: 560, text: 1 }, true);
  assert.equal(q, "damping=0.5,1&response=0.4,0.8&from=0&to=100&velocity=5&width=900&height=560&theme=dark");
  const heavy = chartQuery([{ damping: 0.5, response: 0.4, mass: 2 }], { from: 0, to: 1, velocity: 0 }, { width: 400, height: 360, text: 1.3 }, false);
  assert.equal(heavy, "damping=0.5&response=0.4&mass=2&from=0&to=1&velocity=0&width=400&height=360&text=1.3");
});

test("prefetch: nearest first, further ahead in the direction of travel, within the slider", () => {
  const slider = { min: 0.05, max: 2, step: 0.01 };
  assert.deepEqual(axisValues(slider, 0.5, 0, 2), [0.51, 0.49, 0.52, 0.48]);
  assert.deepEqual(axisValues(slider, 0.5, 1, 4), [0.51, 0.52, 0.49, 0.53, 0.54, 0.48]);
  assert.deepEqual(axisValues(slider, 0.5, -1, 2), [0.49, 0.48, 0.51]);
  assert.deepEqual(axisValues(slider, 2, 0, 2), [1.99, 1.98]);  // nothing past the end
});

test("the chart is no taller than the room the window leaves, down to 300 px", () => {
  assert.equal(chartSize(1474).height, Math.round(1474 * 560 / 900));
  assert.equal(chartSize(1474, 880).height, 880);
  assert.equal(chartSize(1474, 100).height, 300);
  // The room is in CSS px of the box; the canvas is scaled when the box is narrower than 400 px.
  assert.equal(chartSize(200, 170).height, 340);
});

