// The studio's chart sizing and requests (Sources/SpringStudio/Web/chart.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { chartSize, chartQuery, interactionQuery, axisValues, rasterScale, rasterWindow } from "../../Sources/SpringStudio/Web/chart.js";

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
  // A held time axis goes with the motion.
  const held = chartQuery([{ damping: 0.5, response: 0.4 }], { from: 0, to: 1, velocity: 0, span: 2 }, { width: 400, height: 360, text: 1 }, false);
  assert.equal(held, "damping=0.5&response=0.4&from=0&to=1&velocity=0&span=2&width=400&height=360");
});

test("prefetch: nearest first, further ahead in the direction of travel, within the slider", () => {
  const slider = { min: 0.05, max: 2, step: 0.01 };
  assert.deepEqual(axisValues(slider, 0.5, 0, 2), [0.51, 0.49, 0.52, 0.48]);
  assert.deepEqual(axisValues(slider, 0.5, 1, 4), [0.51, 0.52, 0.49, 0.53, 0.54, 0.48]);
  assert.deepEqual(axisValues(slider, 0.5, -1, 2), [0.49, 0.48, 0.51]);
  assert.deepEqual(axisValues(slider, 2, 0, 2), [1.99, 1.98]);  // nothing past the end
  // A drag that would pass an end stops there: the end is the place.
  assert.deepEqual(axisValues(slider, 1.9, 1, 4, 4), [1.94, 1.93, 1.95, 1.98, 1.86, 2, 1.82]);
  assert.deepEqual(axisValues(slider, 0.07, -1, 2, 5), [0.05, 0.12]);
});

test("the chart is no taller than the room the window leaves, down to 300 px", () => {
  assert.equal(chartSize(1474).height, Math.round(1474 * 560 / 900));
  assert.equal(chartSize(1474, 880).height, 880);
  assert.equal(chartSize(1474, 100).height, 300);
  // The room is in CSS px of the box; the canvas is scaled when the box is narrower than 400 px.
  assert.equal(chartSize(200, 170).height, 340);
});


test("prefetch meets a drag where it will be: places a stride apart, the first one ahead with its neighbours", () => {
  const slider = { min: 0.05, max: 2, step: 0.01 };
  assert.deepEqual(axisValues(slider, 0.5, 1, 4, 5), [0.55, 0.54, 0.56, 0.6, 0.45, 0.65, 0.7, 0.4]);
  assert.deepEqual(axisValues(slider, 0.5, -1, 2, 3), [0.47, 0.48, 0.46, 0.44, 0.53]);
  // A stride of 1 is the plain window, and no place is listed twice.
  assert.deepEqual(axisValues(slider, 0.5, 1, 4, 1), axisValues(slider, 0.5, 1, 4));
  const places = axisValues(slider, 1.95, 1, 8, 4);
  assert.equal(new Set(places).size, places.length);
  assert.ok(places.every((v) => v >= 0.05 && v <= 2), places);
});

test("the drag's image: the screen's density in quarters, 1 to 3, less where it would pass 2.5 M pixels", () => {
  assert.equal(rasterScale({ width: 954, height: 594 }, 1), 1);
  assert.equal(rasterScale({ width: 954, height: 594 }, 2), 2);  // 1908 × 1188: 2.27 M pixels
  assert.equal(rasterScale({ width: 1400, height: 870 }, 2), 1.25);  // 2 would be 4.9 M: 1.25 is the largest quarter under 2.5 M
  assert.equal(rasterScale({ width: 900, height: 560 }, 1.3), 1.25);
  assert.equal(rasterScale({ width: 400, height: 360 }, 4), 3);
  assert.equal(rasterScale({ width: 2400, height: 1600 }, 2), 1);  // never below 1
  assert.equal(rasterScale({ width: 900, height: 560 }, undefined), 1);
  for (const [w, h, d] of [[954, 594, 2], [1400, 870, 2], [600, 540, 3]]) {
    const s = rasterScale({ width: w, height: h }, d);
    assert.ok(s === 1 || Math.ceil(w * s) * Math.ceil(h * s) <= 2.5e6 * 1.01, `${w}×${h}@${d}: ${s}`);
  }
});

test("the drag's window: what the budget of decoded pixels holds, 4 to 8 places", () => {
  const budget = 128 * 1024 * 1024;
  assert.equal(rasterWindow({ width: 954, height: 594 }, 1, budget), 8);
  // 2400 × 1600 at 1: 15.4 MB an image, 8 fit in the budget: (8 − 4) / 2 places.
  assert.equal(rasterWindow({ width: 2400, height: 1600 }, 1, budget), 4);
  assert.equal(rasterWindow({ width: 2400, height: 1600 }, 3, budget), 4);  // never fewer than 4
  for (const size of [{ width: 400, height: 300 }, { width: 1400, height: 870 }]) {
    const places = rasterWindow(size, 1, budget), bytes = 4 * size.width * size.height;
    // Twice the places (ahead, half as many behind, the neighbours and the ones just shown) fit.
    assert.ok(places === 4 || (2 * places + 4) * bytes <= budget, `${size.width}: ${places}`);
  }
});

test("the last interaction goes in the query encoded, and its oldest pieces give way to keep it short", () => {
  assert.equal(interactionQuery(null), "");
  const pieces = [{ start: 0, from: 0, to: 100, velocity: 0 }, { start: 0.25, from: 60.5, to: 1e21, velocity: -350 }, { start: 0.5, drag: true }];
  const q = interactionQuery(pieces);
  assert.equal(decodeURIComponent(q.slice("&interaction=".length)), "0:0:100:0,0.25:60.5:1e+21:-350,0.5:drag");
  assert.ok(!q.includes("+"));  // a '+' would reach the server as a space
  const many = Array.from({ length: 40 }, (_, i) => ({ start: i, from: 1.234567891e99, to: -9.87654321e98, velocity: 3.3333333333e97 }));
  const long = decodeURIComponent(interactionQuery(many).slice("&interaction=".length));
  assert.ok(long.length <= 1200, long.length);
  assert.equal(long.split(",").at(-1).split(":")[0], "39");  // the newest piece kept
});
