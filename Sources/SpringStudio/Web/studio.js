// The studio page's script: state, URL, charts, export and the preview. The closed form is in spring.js.
import { freeMotion, naturalFrequency } from "./spring.js";

const $ = (id) => document.getElementById(id);
// One colour per spring everywhere (chart, preview, comparison list): the chart's palette, from the
// server's Swift definitions (/api/studio.json), for the current colour scheme.
let palettes = { light: ["#0072B2", "#E69F00", "#009E73", "#D55E00"], dark: ["#56B4E9", "#E69F00", "#009E73", "#D55E00"] };
const darkScheme = matchMedia("(prefers-color-scheme: dark)");
function springColor(i) { const list = darkScheme.matches ? palettes.dark : palettes.light; return list[i % list.length]; }
const state = { damping: 0.68, response: 0.8, mass: 1, from: 0, to: 100, velocity: 0, compare: [] };
const studio = { paintTimes: [], chartSources: [], lanes: [], errors: [], chartRequests: 0, segments: [] };
window.studio = studio;
// What the page records about itself (for its tests and benchmarks) keeps the latest entries only.
function record(list, entry) { list.push(entry); if (list.length > 2000) list.shift(); }

// ---- URL state ----
// Every spring, the motion, the export target and the toggles live in the address. Settled changes
// (a slider released, a preset picked, a field edited, a spring added or removed, a target or toggle
// chosen) add a history entry, so Back and Forward undo and redo them; a drag only replaces the entry.
const defaults = { damping: 0.68, response: 0.8, mass: 1, from: 0, to: 100, velocity: 0 };
/** Reads the address into the state; returns one message per parameter it could not use. */
function readURL() {
  const q = new URLSearchParams(location.search), problems = [];
  for (const key of Object.keys(defaults)) {
    state[key] = defaults[key];
    if (!q.has(key)) continue;
    // The fields' own rules (fieldRules, below): the address refuses what a field would.
    const text = q.get(key), value = Number(text), [valid, wanted] = fieldRules[key];
    if (text.trim() !== "" && Number.isFinite(value) && valid(value)) state[key] = value;
    else if (text.trim() === "" || !Number.isFinite(value)) problems.push(`${key}=${text.slice(0, 40)}: '${text.slice(0, 40)}' is not a number; using ${defaults[key]}`);
    else problems.push(`${key}=${text.slice(0, 40)} cannot be used (${wanted}); using ${defaults[key]}`);
  }
  state.compare = [];
  if (q.has("compare")) {
    const pairs = q.get("compare").split(",").map((pair) => pair.split(":").map(Number));
    const good = pairs.filter((p) => p.length === 2 && fieldRules.damping[0](p[0]) && fieldRules.response[0](p[1]));
    if (good.length !== pairs.length || good.length > 3) problems.push(`compare=${q.get("compare").slice(0, 40)} is not up to three damping:response pairs; ${good.length ? "keeping the valid ones" : "comparing none"}`);
    state.compare = good.slice(0, 3).map(([d, r]) => ({ damping: d, response: r }));
  }
  state.target = q.get("target") || "swiftui";
  for (const flag of ["slow", "restart", "steps"]) {
    const text = q.get(flag);
    if (text !== null && text !== "1" && text !== "0") problems.push(`${flag}=${text.slice(0, 40)} is not 1 or 0; using 0`);
    state[flag] = text === "1";
  }
  return problems;
}
function urlQuery() {
  const q = new URLSearchParams();
  for (const key of Object.keys(defaults)) q.set(key, String(state[key]));
  if (state.compare.length) q.set("compare", state.compare.map((c) => `${c.damping}:${c.response}`).join(","));
  q.set("target", $("exportTarget").value || state.target || "swiftui");
  if ($("slow").checked) q.set("slow", "1");
  if ($("restart").checked) q.set("restart", "1");
  if ($("platformPreview").checked) q.set("steps", "1");
  return "?" + q.toString();
}
/** Writes the state into the address: a new history entry for a settled change, else in place.
 *  Settled changes of one control in quick succession (arrow keys held or pressed again, a slider
 *  released and caught again within a second) make one entry, as a person thinks of them: `source`
 *  names the control. Each entry keeps the preset menu's choice, so Back restores it too. */
let lastSettled = null;
const coalesceWindow = 1000;
function writeURL(settled = false, source = null) {
  const query = urlQuery(), entry = { preset: $("preset").value };
  const samePreset = (history.state && history.state.preset) === entry.preset;
  if (query === location.search && samePreset) return;
  const now = performance.now();
  const coalesce = source !== null && lastSettled !== null && lastSettled.source === source && now - lastSettled.time < coalesceWindow;
  if (settled && !coalesce) history.pushState(entry, "", query); else history.replaceState(entry, "", query);
  if (settled) lastSettled = { source, time: now };
  studio.history = { length: history.length, coalesced: coalesce };
}
// Replacing the history entry costs milliseconds, so a drag writes it once it pauses.
function writeURLSoon() { clearTimeout(writeURLSoon.timer); writeURLSoon.timer = setTimeout(writeURL, 150); }
function springQuery(spring = state) {
  return `damping=${spring.damping}&response=${spring.response}` + (spring.mass !== undefined && spring.mass !== 1 ? `&mass=${spring.mass}` : "");
}
function motionQuery() { return `from=${state.from}&to=${state.to}&velocity=${state.velocity}`; }
function allSprings() { return [{ damping: state.damping, response: state.response, mass: state.mass }, ...state.compare]; }

async function getJSON(url) {
  const response = await fetch(url);
  const body = await response.json();
  if (!response.ok) throw new Error(body.error || response.statusText);
  return body;
}
function showError(error) { $("status").textContent = error ? String(error.message || error) : ""; }

// ---- Conventions: a field changed → the server converts → every field updates ----
const groups = {
  ratio: () => `damping=${$("damping").value}&response=${$("response").value}&mass=${$("mass").value}`,
  swiftui: () => `swiftui-duration=${$("swiftui-duration").value}&bounce=${$("bounce").value}`,
  physics: () => `stiffness=${$("stiffness").value}&damping-coefficient=${$("damping-coefficient").value}&mass=${$("mass").value}`,
  compose: () => `damping=${$("composeDamping").value}&stiffness=${$("composeStiffness").value}`,
  visual: () => `framer-visual-duration=${$("framer-visual-duration").value}&bounce=${$("visualBounce").value}`,
  react: () => `react-spring-tension=${$("react-spring-tension").value}&friction=${$("friction").value}&mass=${$("mass").value}`,
  origami: () => `origami-tension=${$("origami-tension").value}&origami-friction=${$("origami-friction").value}`,
};
// People read numbers to 4 significant digits (the server's JSON keeps full precision).
function fmt(x) { return x === null || x === undefined ? "" : String(Number(Number(x).toPrecision(4))); }
function fillFields(s, except) {
  const values = {
    damping: s.dampingRatio, response: s.response, mass: s.mass, "swiftui-duration": s.swiftUIDuration, bounce: s.swiftUIBounce,
    stiffness: s.stiffness, "damping-coefficient": s.dampingCoefficient, composeDamping: s.dampingRatio, composeStiffness: s.composeStiffness,
    "framer-visual-duration": s.framerVisualDuration, visualBounce: 1 - s.dampingRatio, "react-spring-tension": s.reactSpringTension,
    friction: s.reactSpringFriction, "origami-tension": s.origamiTension, "origami-friction": s.origamiFriction,
  };
  // The field being edited, and the rest of its convention's fields, keep what the person typed.
  const group = except && $(except) ? $(except).dataset.group : undefined;
  for (const [id, value] of Object.entries(values)) {
    if (id === except || value === undefined || (group && $(id).dataset.group === group)) continue;
    $(id).value = fmt(value);
  }
  if (except !== "dampingRange") $("dampingRange").value = s.dampingRatio;
  if (except !== "responseRange") $("responseRange").value = s.response;
  if (except !== "durationRange") $("durationRange").value = durationScale.toSlider(s.response);
  if (except !== "bounceRange") $("bounceRange").value = s.swiftUIBounce;
  $("durationValue").textContent = `${fmt(s.response)} s`;
  $("bounceValue").textContent = fmt(s.swiftUIBounce);
}
// The primary sliders in the words designers use (SwiftUI's and Motion's): a duration on a logarithmic
// scale, 0.05 to 5 s, so that every doubling gets the same length of track, and a bounce from −0.5
// (overdamped) to 0.9. SwiftUI's duration is the response; its bounce is 1 − ζ, or 1/ζ − 1 above ζ = 1.
const durationScale = {
  lo: 0.05, hi: 5,
  toSlider(seconds) { return Math.round(1000 * Math.log(Math.min(this.hi, Math.max(this.lo, seconds)) / this.lo) / Math.log(this.hi / this.lo)); },
  fromSlider(v) { return Number((this.lo * Math.pow(this.hi / this.lo, v / 1000)).toPrecision(3)); },
};
function dampingRatioOf(bounce) { return bounce >= 0 ? 1 - bounce : 1 / (1 + bounce); }
function bounceOf(zeta) { return zeta <= 1 ? 1 - zeta : 1 / zeta - 1; }
studio.scales = { durationScale, dampingRatioOf, bounceOf };
let conventionRequests = 0;
async function fromConvention(query, except, settled = true) {
  const request = ++conventionRequests;
  try {
    const reply = await getJSON(`/api/spring.json?${query}&${motionQuery()}`);
    if (request !== conventionRequests) return;  // a newer edit is on its way
    const s = reply.springs[0].spring;
    state.damping = s.dampingRatio; state.response = s.response; state.mass = s.mass;
    fillFields(s, except);
    showError(null);
    refresh(settled);
  } catch (error) { showError(error); }
}

// ---- Chart, metrics, export ----
// Charts by query. An entry holds the request (shared while in flight) and, once the page is idle,
// the SVG parsed into an element, so showing it is one DOM move instead of a parse; the text is then
// let go. The most recently used entries are kept.
const chartCache = new Map(), chartCacheLimit = 256;
// The chart is drawn for the box it is shown in: as wide as the box (400 to 2400 px), its fonts
// enlarged where needed so that no text is under 11 CSS px. SpringCharts sizes type for a 1200 × 800
// canvas and scales it by min(width / 1200, height / 800), kept within 0.75…4; its smallest font is
// the annotations' 12.5 px.
const smallestChartFont = 12.5, readableFont = 11;
function chartSize() {
  const box = $("chart").clientWidth || 900;
  const width = Math.round(Math.min(2400, Math.max(400, box)));
  // A narrow box gets a taller chart: its two panels need the room for text of a readable size.
  // A narrow box is above the controls and stays on screen: a little taller than wide panels, not square.
  const aspect = box < 700 ? 0.9 : 560 / 900;
  const height = Math.min(1600, Math.max(300, Math.round(width * aspect)));
  const layoutScale = Math.min(4, Math.max(0.75, Math.min(width / 1200, height / 800)));
  const shown = box / width;
  const needed = readableFont / (smallestChartFont * layoutScale * shown);
  const text = Math.min(2, Math.max(1, Math.ceil(needed * 20) / 20));
  return { width, height, text };
}
function chartQuery(overrides = {}) {
  const springs = allSprings().map((s, i) => i === 0 ? { ...s, ...overrides } : s);
  const size = chartSize();
  return `damping=${springs.map((s) => s.damping).join(",")}&response=${springs.map((s) => s.response).join(",")}` +
    (springs.length === 1 && state.mass !== 1 ? `&mass=${state.mass}` : "") + `&${motionQuery()}` +
    `&width=${size.width}&height=${size.height}` + (size.text > 1 ? `&text=${size.text}` : "") +
    (matchMedia("(prefers-color-scheme: dark)").matches ? "&theme=dark" : "");
}
// Redraw when the box changes size or the page moves to a screen of another pixel density.
function watchChartSize() {
  let lastWidth = $("chart").clientWidth;
  new ResizeObserver(() => {
    const width = $("chart").clientWidth;
    if (Math.abs(width - lastWidth) < 4) return;
    lastWidth = width;
    const size = chartSize();
    $("chart").style.aspectRatio = `${size.width} / ${size.height}`;
    clearTimeout(watchChartSize.timer);
    watchChartSize.timer = setTimeout(() => updateChart(), 120);
  }).observe($("chart"));
  const watchDensity = () => {
    matchMedia(`(resolution: ${devicePixelRatio}dppx)`).addEventListener("change", () => { updateChart(); watchDensity(); }, { once: true });
  };
  watchDensity();
}
const whenIdle = window.requestIdleCallback ? (f) => requestIdleCallback(f, { timeout: 200 }) : (f) => setTimeout(f, 0);
function parseChart(entry) {
  if (!entry.node && entry.text) {
    const template = document.createElement("template");
    template.innerHTML = entry.text;
    const svg = template.content.querySelector("svg");
    entry.node = svg ? document.adoptNode(svg) : null;
    entry.text = null;
  }
  return entry.node;
}
function chartFor(q) {
  let entry = chartCache.get(q);
  if (entry) {
    chartCache.delete(q);  // re-inserted below: the map's order is the order of use
  } else {
    studio.chartRequests += 1;
    entry = { node: null, text: null };
    entry.ready = fetch(`/api/chart.svg?${q}`).then(async (response) => {
      const text = await response.text();
      if (!response.ok) throw new Error(JSON.parse(text).error);
      entry.text = text;
      whenIdle(() => parseChart(entry));
    });
    // A failed chart is forgotten (so it can be asked for again), unless a newer entry took its place.
    entry.ready.catch(() => { if (chartCache.get(q) === entry) chartCache.delete(q); });
  }
  chartCache.set(q, entry);
  if (chartCache.size > chartCacheLimit) chartCache.delete(chartCache.keys().next().value);
  return entry;
}
// A slider drag changes one number, so the chart can only be one of those along that slider's axis.
// When a slider is approached, focused or moved, the charts of the values around its thumb are
// fetched one at a time (so the server and the browser keep their time for the frames), nearest
// first and twice as far ahead in the direction it last moved, so the drag finds its chart already
// here instead of waiting for the server. The window follows the thumb; fetched charts are parsed
// when the page is idle. Once the chart has rested for a moment, the near values of both sliders are
// fetched too, so that the next drag starts warm.
const axis = { queue: [], inFlight: 0, window: 30, parallel: 1 };
function axisValues(range, direction, window) {
  const key = range.dataset.sync, min = parseFloat(range.min), max = parseFloat(range.max), grid = parseFloat(range.step);
  const here = Math.round(state[key] / grid), ahead = direction < 0 ? -1 : 1, values = [];
  const add = (n) => { const value = Math.round(n * grid * 1e6) / 1e6; if (value >= min && value <= max) values.push([key, value]); };
  for (let i = 1; i <= window; i++) {
    add(here + ahead * i);
    if (direction === 0 || i % 2 === 0) add(here - ahead * (direction === 0 ? i : i / 2));
  }
  return values;
}
function prefetchAxis(range, direction = 0) {
  axis.queue = axisValues(range, direction, axis.window);
  pumpAxis();
}
function warmSliders() {
  if (axis.queue.length) return;  // a slider is already being prefetched
  const [a, b] = [...document.querySelectorAll("input[data-sync]")].map((range) => axisValues(range, 0, 12));
  axis.queue = a.flatMap((pair, i) => b[i] ? [pair, b[i]] : [pair]).concat(b.slice(a.length));
  pumpAxis();
}
function pumpAxis() {
  while (axis.inFlight < axis.parallel && axis.queue.length) {
    const [key, value] = axis.queue.shift();
    const q = chartQuery({ [key]: value });
    if (chartCache.has(q)) continue;
    axis.inFlight += 1;
    chartFor(q).ready.catch(() => {}).finally(() => { axis.inFlight -= 1; pumpAxis(); });
  }
}
let chartTicket = 0;
async function updateChart(startedAt = performance.now()) {
  const q = chartQuery(), ticket = ++chartTicket, entry = chartFor(q), chart = $("chart");
  record(studio.chartSources, entry.node ? "parsed" : entry.text ? "fetched" : "server");
  try {
    if (!entry.node) {
      await entry.ready;
      if (ticket !== chartTicket) return;  // a newer chart was asked for
      parseChart(entry);
    }
    if (!entry.node) throw new Error("the server sent no chart");
    if (chart.firstElementChild !== entry.node) chart.replaceChildren(entry.node);
    chart.dataset.query = q;
    clearTimeout(warmSliders.timer);
    warmSliders.timer = setTimeout(() => whenIdle(warmSliders), 300);
    // Painted: a task posted from the animation-frame callback of the frame that shows the new chart
    // runs once that frame's style, layout, paint and commit are done.
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => record(studio.paintTimes, performance.now() - startedAt);
      channel.port2.postMessage(null);
    });
    showError(null);
  } catch (error) { if (ticket === chartTicket) showError(error); }
}
// Metrics and export replies can arrive out of order; only the latest request's reply is shown.
let metricsTicket = 0, exportTicket = 0;
async function updateMetrics() {
  const ticket = ++metricsTicket, asked = { damping: state.damping, response: state.response, mass: state.mass };
  try {
    const reply = await getJSON(`/api/spring.json?${springQuery()}&${motionQuery()}`);
    // A reply for a spring the page has moved on from (a slider moved while it was on its way) is
    // dropped: the request for the new spring follows.
    if (ticket !== metricsTicket || asked.damping !== state.damping || asked.response !== state.response || asked.mass !== state.mass) return;
    const m = reply.springs[0].metrics;
    const s = (x) => x === null ? "never" : `${fmt(x)} s`;
    // One "how long", in words (as springplot's chart and info say it).
    const settles = m.settleTime === null ? "never settles within 1 % of the travel"
      : `settles within 1 % of the travel at <b>${fmt(m.settleTime)} s</b>`;
    $("metrics").innerHTML = `<span>${settles}</span>` +
      `<span>overshoot <b>${fmt(m.overshoot * 100)} %</b></span><span>peak <b>${s(m.peakTime)}</b></span>` +
      `<span>rise 10–90 % <b>${s(m.riseTime)}</b></span><span>turning points <b>${m.turningPoints ?? "∞"}</b></span>`;
    fillFields(reply.springs[0].spring, document.activeElement && document.activeElement.id);
  } catch (error) { showError(error); }
}
let exportTargets = [];
async function updateExport() {
  const ticket = ++exportTicket;
  try {
    const travel = Math.abs(state.to - state.from);
    const reply = await getJSON(`/api/export.json?${springQuery()}&${motionQuery()}` + (travel > 0 ? `&error=${Math.min(0.5, travel / 10)}` : ""));
    if (ticket !== exportTicket) return;
    exportTargets = reply.targets;
    const select = $("exportTarget"), first = !select.value, chosen = select.value || state.target || "swiftui";
    select.innerHTML = exportTargets.map((t) => `<option value="${t.target}">${t.title}</option>`).join("");
    const known = exportTargets.some((t) => t.target === chosen);
    select.value = known ? chosen : exportTargets[0].target;
    if (!known) { state.target = select.value; writeURL(); }
    if (first && !known) {
      $("urlStatus").textContent = [$("urlStatus").textContent,
        `target=${String(chosen).slice(0, 40)} is not an export target; showing ${exportTargets[0].title}.`].filter(Boolean).join(" ");
    }
    showExport();
    if ($("platformPreview").checked && (!platformFrames || platformFrames.platform !== select.value)) loadPlatformFrames();
  } catch (error) { showError(error); }
}
function showExport() {
  const t = exportTargets.find((x) => x.target === $("exportTarget").value);
  if (!t) return;
  $("exportCode").textContent = t.code;
  const warnings = t.warnings.slice();
  if (t.effectiveSpring) warnings.push(`runs: ζ ${fmt(t.effectiveSpring.dampingRatio)}, response ${fmt(t.effectiveSpring.response)} s`);
  $("exportWarnings").innerHTML = warnings.map((w) => `<li></li>`).join("");
  [...$("exportWarnings").children].forEach((li, i) => { li.textContent = warnings[i]; });
}

// ---- The exact motion, evaluated between frames ----
function omegaOf(spring) { return naturalFrequency(spring.response); }
/** What the platform shows at `time`: each frame's value holds until the next frame. */
function platformPosition(lane, time) {
  const frames = lane.platform.positions, index = Math.floor(Math.max(0, time - lane.segment.start) * lane.platform.fps + 1e-9);
  return frames[Math.min(index, frames.length - 1)];
}
function segmentState(lane, time) {
  const seg = lane.segment, t = Math.max(0, time - seg.start);
  const [x, v] = freeMotion(lane.spring.damping, omegaOf(lane.spring), seg.from - seg.to, seg.velocity, t);
  return { position: seg.to + x, velocity: v, t };
}

// ---- Preview ----
let simTime = 0, lastFrame = null;
// The track spans the motions' whole excursion (from, to, every overshoot and fling, sampled from the
// closed form when a motion starts), with a margin; it is measured again at each start, retarget and
// fling, so a large overshoot never leaves the stage.
function motionExtent() {
  let lo = Math.min(state.from, state.to), hi = Math.max(state.from, state.to);
  for (const lane of studio.lanes) {
    const seg = lane.segment, omega = omegaOf(lane.spring), zeta = lane.spring.damping;
    const horizon = 12 / Math.max(Math.min(zeta, 1) * omega, 1e-3);
    for (let i = 0; i <= 240; i++) {
      const [x] = freeMotion(zeta, omega, seg.from - seg.to, seg.velocity, horizon * i / 240);
      lo = Math.min(lo, seg.to + x, seg.from); hi = Math.max(hi, seg.to + x, seg.from);
    }
  }
  const margin = 0.08 * ((hi - lo) || 100);
  studio.extent = { lo: lo - margin, hi: hi + margin };
}
function stageGeometry() {
  const width = $("stage").clientWidth, extent = studio.extent || { lo: -30, hi: 130 };
  const { lo, hi } = extent, left = 24, right = width - 64;
  return { lo, hi, toPx: (x) => left + (x - lo) / (hi - lo) * (right - left), toValue: (px) => lo + (px - left) / (right - left) * (hi - lo) };
}
/** Past the stage's ends a dragged box follows the pointer less and less (a rubber band). */
function rubberBand(value, geometry) {
  const range = geometry.hi - geometry.lo, stretch = (d) => range * 0.25 * (1 - 1 / (d / (range * 0.25) * 0.55 + 1));
  if (value < geometry.lo) return geometry.lo - stretch(geometry.lo - value);
  if (value > geometry.hi) return geometry.hi + stretch(value - geometry.hi);
  return value;
}
// "Play as the target steps it": the export target's own stepping (SpringPlatforms' model, from the
// server), frame by frame at 60 Hz, in a lane under the exact motion.
let platformFrames = null;
async function loadPlatformFrames() {
  platformFrames = null;
  const target = $("exportTarget").value;
  if ($("platformPreview").checked && target && !["css", "token"].includes(target)) {
    try {
      platformFrames = await getJSON(`/api/platform.json?platform=${target}&fps=60&${springQuery()}&${motionQuery()}`);
    } catch (error) { showError(error); }
  }
  buildLanes();
}
function buildLanes() {
  const springs = allSprings();
  const segment = () => ({ from: state.from, to: state.to, velocity: state.velocity, start: simTime });
  studio.lanes = springs.map((spring) => ({ spring, box: null, segment: segment(), dragging: null }));
  if (platformFrames) {
    studio.lanes.splice(1, 0, { spring: springs[0], box: null, segment: segment(), dragging: null, platform: platformFrames });
  }
  motionExtent();
  const geometry = stageGeometry();
  const marks = [state.from, state.to].map((x) => `<div class="mark" style="left:${geometry.toPx(x) + 20}px"></div>`).join("");
  const target = `<div class="target" title="target" style="left:${geometry.toPx(state.to) + 19}px"></div>`;
  let springIndex = 0;
  $("stage").innerHTML = studio.lanes.map((lane, i) => {
    const s = lane.spring, color = springColor(lane.platform ? 0 : springIndex);
    const name = lane.platform ? `as ${lane.platform.title} steps it at ${lane.platform.fps} Hz`
      : springIndex === 0 ? "this spring" : `ζ ${fmt(s.damping)}, response ${fmt(s.response)} s`;
    if (!lane.platform) springIndex += 1;
    return `<div class="lane${lane.platform ? " platform" : ""}"><div class="track"></div>${marks}${target}<span class="name">${name}</span>` +
      `<div class="box" data-lane="${i}" style="background:${color}"></div></div>`;
  }).join("");
  studio.lanes.forEach((lane, i) => { lane.box = $("stage").querySelectorAll(".box")[i]; });
}
/** After the motions changed: the stage's span and its marks follow. */
function restage(target) {
  motionExtent();
  const geometry = stageGeometry();
  for (const lane of $("stage").querySelectorAll(".lane")) {
    const marks = lane.querySelectorAll(".mark");
    [state.from, state.to].forEach((x, i) => { if (marks[i]) marks[i].style.left = `${geometry.toPx(x) + 20}px`; });
  }
  showTarget(target);
}
function replay() {
  for (const lane of studio.lanes) lane.segment = { from: state.from, to: state.to, velocity: state.velocity, start: simTime };
  restage(state.to);
}
// With reduced motion asked for, the preview does not play: each box rests where its motion ends
// (the chart still shows the motion).
const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");
function frame(now) {
  if (reducedMotion.matches) {
    lastFrame = null;
    const geometry = stageGeometry();
    for (const lane of studio.lanes) {
      lane.position = lane.segment.to;
      lane.box.style.transform = `translateX(${geometry.toPx(lane.position)}px)`;
    }
    studio.lastFrame = { simTime, positions: studio.lanes.map((l) => l.position), pending: [], paused: true };
    requestAnimationFrame(frame);
    return;
  }
  if (lastFrame !== null) simTime += (now - lastFrame) / 1000 * ($("slow").checked ? 0.25 : 1);
  lastFrame = now;
  record(studio.frameTimes, now);
  const geometry = stageGeometry();
  for (const lane of studio.lanes) {
    const x = lane.platform ? platformPosition(lane, simTime)
      : lane.dragging ? lane.dragging.value : segmentState(lane, lane.pending ? lane.pending : simTime).position;
    lane.position = x;
    lane.box.style.transform = `translateX(${geometry.toPx(x)}px)`;
  }
  studio.lastFrame = { simTime, positions: studio.lanes.map((l) => l.position), pending: studio.lanes.map((l) => !!l.pending || !!l.dragging) };
  requestAnimationFrame(frame);
}
studio.frameTimes = [];
studio.time = () => simTime;
studio.state = state;
studio.freeMotion = freeMotion;

// A retarget is computed here, at once, from the closed form: the new segment starts with the
// position and velocity the old one has at that instant (or at rest, with "restart"), so the box
// turns on the very next frame. The server's answer for the same retarget is fetched afterwards and
// kept beside it, for comparison only.
function retargetAll(target, at = simTime) {
  const restart = $("restart").checked;
  for (const lane of studio.lanes.filter((l) => !l.platform)) {
    const old = lane.segment, before = segmentState(lane, at);
    lane.segment = { from: before.position, to: target, velocity: restart ? 0 : before.velocity, start: at };
    const entry = { lane: studio.lanes.indexOf(lane), at, before, segment: { ...lane.segment }, frame: performance.now() };
    record(studio.segments, entry);
    getJSON(`/api/segment.json?${springQuery(lane.spring)}&from=${old.from}&to=${old.to}` +
      `&velocity=${old.velocity}&t=${before.t}&target=${target}&restart=${restart ? 1 : 0}`)
      .then((reply) => { entry.server = reply; }, (error) => { entry.serverError = String(error); });
  }
  restage(target);
}
/** Marks where the boxes are headed. */
function showTarget(target) {
  const geometry = stageGeometry();
  for (const marker of $("stage").querySelectorAll(".target")) marker.style.left = `${geometry.toPx(target) + 19}px`;
}
function laneAt(element) { return element && element.classList.contains("box") ? studio.lanes[+element.dataset.lane] : null; }
function setupStage() {
  const stage = $("stage");
  stage.addEventListener("pointerdown", (event) => {
    const geometry = stageGeometry(), rect = stage.getBoundingClientRect();
    const value = geometry.toValue(event.clientX - rect.left - 20);
    const lane = laneAt(event.target);
    if (lane) {
      stage.setPointerCapture(event.pointerId);
      lane.dragging = { value: lane.position, offset: lane.position - value, history: [{ t: performance.now(), x: lane.position }] };
      return;
    }
    retargetAll(value);
  });
  stage.addEventListener("pointermove", (event) => {
    const lane = studio.lanes.find((l) => l.dragging);
    if (!lane) return;
    const rect = stage.getBoundingClientRect();
    const geometry = stageGeometry();
    const value = rubberBand(geometry.toValue(event.clientX - rect.left - 20) + lane.dragging.offset, geometry);
    lane.dragging.value = value;
    lane.dragging.history.push({ t: performance.now(), x: value });
    while (lane.dragging.history.length > 2 && performance.now() - lane.dragging.history[0].t > 100) lane.dragging.history.shift();
  });
  const release = (event) => {
    const lane = studio.lanes.find((l) => l.dragging);
    if (!lane) return;
    const velocity = releaseVelocity(lane.dragging.history, performance.now());
    const from = lane.dragging.value;
    // Where the fling would carry it (UIKit's normal deceleration projection), snapped to the nearer end.
    const projected = from + velocity * 0.998 / (1 - 0.998) / 1000;
    const target = Math.abs(projected - state.from) < Math.abs(projected - state.to) ? state.from : state.to;
    // The fling starts here and now, with the release velocity: nothing waits for the server.
    lane.segment = { from, to: target, velocity, start: simTime };
    studio.lastFling = { velocity, target, from };
    lane.dragging = null;
    restage(target);
  };
  stage.addEventListener("pointerup", release);
  stage.addEventListener("pointercancel", release);
  stage.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") { replay(); event.preventDefault(); }
    if (event.key === "ArrowLeft") { retargetAll(Math.min(state.from, state.to)); event.preventDefault(); }
    if (event.key === "ArrowRight") { retargetAll(Math.max(state.from, state.to)); event.preventDefault(); }
  });
}
// Release velocity as the platforms measure it: a least-squares line through the last 100 ms of samples.
function releaseVelocity(history, now) {
  const recent = history.filter((p) => now - p.t <= 100);
  if (recent.length < 2) return 0;
  const n = recent.length, mt = recent.reduce((s, p) => s + p.t, 0) / n, mx = recent.reduce((s, p) => s + p.x, 0) / n;
  let num = 0, den = 0;
  for (const p of recent) { num += (p.t - mt) * (p.x - mx); den += (p.t - mt) * (p.t - mt); }
  return den > 0 ? num / den * 1000 : 0;
}
studio.releaseVelocity = releaseVelocity;

// ---- Wiring ----
function refresh(settled = true) {
  writeURL(settled);
  updateChart();
  updateMetrics();
  clearTimeout(refresh.exportTimer);
  refresh.exportTimer = setTimeout(updateExport, 120);
  if ($("platformPreview").checked) loadPlatformFrames(); else buildLanes();
}
function renderCompare() {
  $("compareList").innerHTML = state.compare.map((c, i) =>
    `<li><span><span class="swatch" style="background:${springColor(i + 1)}"></span>ζ ${c.damping}, response ${c.response} s</span>` +
    `<button type="button" data-remove="${i}" aria-label="Remove spring ${i + 1} from the comparison">remove</button></li>`).join("");
  $("addCompare").disabled = state.compare.length >= 3;
}
// Each field refuses what the server would refuse (SpringInput's rules, and export's response > 0),
// with the reason beside the field, before anything is sent.
const positive = (x) => x > 0, nonNegative = (x) => x >= 0, bounce = (x) => x > -1 && x <= 1;
const fieldRules = {
  damping: [nonNegative, "the damping ratio must be ≥ 0"], response: [positive, "the response must be > 0 (0 is an instant jump)"],
  mass: [positive, "the mass must be > 0"], "swiftui-duration": [positive, "the duration must be > 0"],
  bounce: [bounce, "the bounce must be above −1 and at most 1"], stiffness: [positive, "the stiffness must be > 0"],
  "damping-coefficient": [nonNegative, "the damping coefficient must be ≥ 0"], composeDamping: [nonNegative, "the damping ratio must be ≥ 0"],
  composeStiffness: [positive, "the stiffness must be > 0"], "framer-visual-duration": [positive, "the visual duration must be > 0"],
  visualBounce: [bounce, "the bounce must be above −1 and at most 1"], "react-spring-tension": [positive, "the tension must be > 0"],
  friction: [nonNegative, "the friction must be ≥ 0"], "origami-tension": [(x) => Math.abs(x) <= 1e6, "the tension must lie within ±1e6"],
  "origami-friction": [(x) => Math.abs(x) <= 1e6, "the friction must lie within ±1e6"],
  from: [(x) => Math.abs(x) <= 1e9, "from must lie within ±1e9"], to: [(x) => Math.abs(x) <= 1e9, "to must lie within ±1e9"],
  velocity: [(x) => Math.abs(x) <= 1e9, "the velocity must lie within ±1e9"],
};
/** Checks a field; shows or clears its message. Returns whether it may be sent. */
function checkField(input) {
  const rule = fieldRules[input.id];
  if (!rule) return true;
  const text = input.value.trim(), value = Number(text);
  const problem = text === "" || !Number.isFinite(value) ? `${input.getAttribute("aria-label") || input.id} must be a number`
    : rule[0](value) ? null : rule[1];
  const row = input.closest(".row");
  let message = document.getElementById(`${input.id}-error`);
  if (problem) {
    if (!message) {
      message = document.createElement("div");
      message.id = `${input.id}-error`;
      message.className = "field-error";
      message.setAttribute("role", "alert");
      row.after(message);
    }
    message.textContent = problem;
    input.setAttribute("aria-invalid", "true");
    input.setAttribute("aria-describedby", message.id);
  } else if (message) {
    message.remove();
    input.removeAttribute("aria-invalid");
    input.removeAttribute("aria-describedby");
  }
  return !problem;
}

/** Shows the state in the controls (after the address was read). */
function showState() {
  for (const id of ["from", "to", "velocity"]) $(id).value = state[id];
  $("damping").value = state.damping; $("response").value = state.response; $("mass").value = state.mass;
  $("dampingRange").value = state.damping; $("responseRange").value = state.response;
  $("slow").checked = state.slow; $("restart").checked = state.restart; $("platformPreview").checked = state.steps;
  if ([...$("exportTarget").options].some((o) => o.value === state.target)) $("exportTarget").value = state.target;
}
function showURLProblems(problems) {
  $("urlStatus").textContent = problems.length ? `This link had values the studio cannot use: ${problems.join("; ")}.` : "";
}
/** Loads the presets and palettes the server defines, then fills the preset list. */
async function loadDefinitions() {
  const definitions = await getJSON("/api/studio.json");
  palettes = definitions.palettes;
  const select = $("preset"), groups = new Map();
  for (const preset of definitions.presets) {
    if (!groups.has(preset.family)) {
      const group = document.createElement("optgroup");
      group.label = preset.family;
      groups.set(preset.family, group);
      select.append(group);
    }
    const option = document.createElement("option");
    option.value = preset.query;
    option.textContent = preset.title;
    groups.get(preset.family).append(option);
  }
  buildLanes();
  renderCompare();
}
/** A slider moved (its value is in the state): the address soon, the chart now, the preview replays
 *  with the new spring without rebuilding its elements, the metrics when the drag pauses and the
 *  export code (tens of milliseconds of the server's time) when it rests. */
function followSlider(range, startedAt) {
  writeURLSoon();
  updateChart(startedAt);
  if (studio.lanes[0]) {
    studio.lanes[0].spring = { damping: state.damping, response: state.response, mass: state.mass };
    studio.lanes[0].segment = { from: state.from, to: state.to, velocity: state.velocity, start: simTime };
  }
  clearTimeout(range.timer);
  range.timer = setTimeout(updateMetrics, 80);
  clearTimeout(range.exportTimer);
  range.exportTimer = setTimeout(updateExport, 400);
}
/** A slider released (or a key pressed on it): the address and the export code follow at once. */
function settleSlider(range) {
  clearTimeout(writeURLSoon.timer); writeURL(true, range.id);
  clearTimeout(range.exportTimer); updateExport();
}
function setup() {
  loadDefinitions().catch(showError);
  darkScheme.addEventListener("change", () => { buildLanes(); renderCompare(); });
  showURLProblems(readURL());
  showState();
  // Back and Forward: the address is the state.
  window.addEventListener("popstate", (event) => {
    lastSettled = null;
    showURLProblems(readURL());
    showState();
    $("preset").value = (event.state && event.state.preset) || "";
    renderCompare();
    fromConvention(groups.ratio(), null, false);
  });
  for (const input of document.querySelectorAll("input[data-group]")) {
    input.addEventListener("input", () => checkField(input));
    input.addEventListener("change", () => {
      const group = [...document.querySelectorAll(`input[data-group="${input.dataset.group}"]`)];
      if (group.map(checkField).every(Boolean)) fromConvention(groups[input.dataset.group](), input.id);
    });
  }
  for (const range of document.querySelectorAll("input[data-scale]")) {
    range.addEventListener("input", () => {
      const startedAt = performance.now();
      if (range.dataset.scale === "duration") state.response = durationScale.fromSlider(Number(range.value));
      else state.damping = Number(dampingRatioOf(Number(range.value)).toPrecision(4));
      $("preset").value = "";
      $("damping").value = fmt(state.damping); $("response").value = fmt(state.response);
      $("dampingRange").value = state.damping; $("responseRange").value = state.response;
      $("durationValue").textContent = `${fmt(state.response)} s`;
      $("bounceValue").textContent = fmt(bounceOf(state.damping));
      followSlider(range, startedAt);
    });
    range.addEventListener("change", () => settleSlider(range));
  }
  // On a narrow screen the motion sits above the controls: a control brought into view by the keyboard
  // lands below it, not under it.
  const narrow = matchMedia("(max-width: 900px)");
  const padScroll = () => {
    document.documentElement.style.scrollPaddingTop = narrow.matches ? `${$("motion").offsetHeight + 8}px` : "";
  };
  new ResizeObserver(padScroll).observe($("motion"));
  narrow.addEventListener("change", padScroll);
  for (const range of document.querySelectorAll("input[data-sync]")) {
    for (const type of ["pointerenter", "pointerdown", "focus"]) range.addEventListener(type, () => prefetchAxis(range));
    range.addEventListener("change", () => settleSlider(range));
    range.addEventListener("input", (event) => {
      const startedAt = performance.now();
      const key = range.dataset.sync, value = parseFloat(range.value), direction = Math.sign(value - state[key]);
      state[key] = value;
      $(range.dataset.sync).value = range.value;
      prefetchAxis(range, direction);
      followSlider(range, startedAt);
    });
  }
  for (const id of ["from", "to", "velocity"]) {
    $(id).addEventListener("input", () => checkField($(id)));
    $(id).addEventListener("change", () => {
      if (!checkField($(id))) return;
      state[id] = Number($(id).value); refresh();
    });
  }
  $("preset").addEventListener("change", () => { if ($("preset").value) fromConvention($("preset").value); });
  // A preset's name stays only while its values do: any edit makes the spring "custom".
  const custom = () => { if ($("preset").value) $("preset").value = ""; };
  for (const input of document.querySelectorAll("#springFields input")) input.addEventListener("input", custom);
  $("replay").addEventListener("click", replay);
  // Paste code: the server reads it (the parser behind springplot --from-code) and the page loads it.
  $("loadCode").addEventListener("click", async () => {
    const status = $("codeStatus");
    status.classList.remove("error");
    try {
      const response = await fetch(`/api/code.json?code=${encodeURIComponent($("code").value)}`);
      const reply = await response.json();
      if (!response.ok) throw new Error(reply.error);
      status.textContent = `read: ${reply.reading}`;
      $("preset").value = "";
      const s = reply.spring;
      fromConvention(`damping=${s.dampingRatio}&response=${s.response}` + (s.mass !== 1 ? `&mass=${s.mass}` : ""));
    } catch (error) {
      status.textContent = String(error.message || error);
      status.classList.add("error");
    }
  });
  // A recording: the server tracks the moving element (springplot track) and the page loads its spring.
  const trackRecording = async (file) => {
    const status = $("trackStatus");
    status.classList.remove("error");
    if (!file) return;
    if (file.size > 32 * 1024 * 1024) {
      status.textContent = `${file.name} is over the 32 MiB the studio accepts`;
      status.classList.add("error");
      return;
    }
    status.textContent = `tracking ${file.name}…`;
    try {
      const response = await fetch("/api/track", { method: "POST", body: file, headers: { "Content-Type": "application/octet-stream" } });
      const reply = await response.json();
      if (!response.ok) throw new Error(reply.error);
      $("preset").value = "";
      // The status says "tracked" once the spring is in the page, not before.
      // The reply is `springplot track --json`'s: each estimate is { value, uncertainty }.
      const zeta = reply.dampingRatio.value, seconds = reply.response.value;
      // The motion the clip measured: where it started and ended, and how fast it started.
      const round = (x) => Number(x.toPrecision(6));
      state.from = round(reply.from.value); state.to = round(reply.to.value); state.velocity = round(reply.initialVelocity.value);
      for (const id of ["from", "to", "velocity"]) { $(id).value = state[id]; checkField($(id)); }
      await fromConvention(`damping=${zeta}&response=${seconds}`);
      status.textContent = `tracked ${file.name}: ζ ${zeta.toPrecision(4)}, response ${seconds.toPrecision(4)} s, `
        + `${fmt(state.from)} → ${fmt(state.to)} at ${fmt(state.velocity)}/s, from ${reply.trackedSamples} frames`;
    } catch (error) {
      status.textContent = String(error.message || error);
      status.classList.add("error");
    }
  };
  $("trackFile").addEventListener("change", () => trackRecording($("trackFile").files[0]));
  const drop = $("trackDrop");
  for (const type of ["dragenter", "dragover"]) drop.addEventListener(type, (event) => { event.preventDefault(); drop.classList.add("dragging"); });
  drop.addEventListener("dragleave", () => drop.classList.remove("dragging"));
  drop.addEventListener("drop", (event) => {
    event.preventDefault();
    drop.classList.remove("dragging");
    trackRecording(event.dataTransfer.files[0]);
  });
  $("exportTarget").addEventListener("change", () => { showExport(); writeURL(true); loadPlatformFrames(); });
  $("platformPreview").addEventListener("change", () => { writeURL(true); loadPlatformFrames(); });
  for (const id of ["slow", "restart"]) $(id).addEventListener("change", () => writeURL(true));
  $("copyLink").addEventListener("click", async () => {
    writeURL();
    try { await navigator.clipboard.writeText(location.href); $("copyLink").textContent = "Link copied"; }
    catch (error) { $("copyLink").textContent = "Copy the address bar"; }
    setTimeout(() => { $("copyLink").textContent = "Copy link"; }, 1500);
  });
  $("copy").addEventListener("click", async () => {
    const text = $("exportCode").textContent;
    try { await navigator.clipboard.writeText(text); $("copy").textContent = "Copied"; }
    catch (error) {
      const range = document.createRange(); range.selectNodeContents($("exportCode"));
      getSelection().removeAllRanges(); getSelection().addRange(range);
      $("copy").textContent = document.execCommand("copy") ? "Copied" : "Selected: press Ctrl+C";
    }
    setTimeout(() => { $("copy").textContent = "Copy"; }, 1500);
  });
  $("addCompare").addEventListener("click", () => {
    if (state.compare.length < 3) { state.compare.push({ damping: state.damping, response: state.response }); renderCompare(); refresh(); }
  });
  $("compareList").addEventListener("click", (event) => {
    const index = event.target.dataset.remove;
    if (index === undefined) return;
    state.compare.splice(+index, 1); renderCompare(); refresh();
    // Focus stays in the list: on the remove button now in that place, or the one before, or Add.
    const buttons = $("compareList").querySelectorAll("button");
    (buttons[Math.min(+index, buttons.length - 1)] || $("addCompare")).focus();
  });
  matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => updateChart());
  const size = chartSize();
  $("chart").style.aspectRatio = `${size.width} / ${size.height}`;
  watchChartSize();
  setupStage();
  renderCompare();
  fromConvention(groups.ratio(), undefined, false);  // the page's first state replaces, not adds, an entry
  requestAnimationFrame(frame);
}
window.addEventListener("error", (event) => record(studio.errors, String(event.message)));
setup();
