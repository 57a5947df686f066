// Beyond one spring: a keyframe strip (a spring sequence) and a path pad (a spring chasing a drawn
// target), previewed on their own stage, charted and exported by the server (the same replies as
// `springplot data --sequence --json` and `springplot export --sequence --json`). The closed form is
// spring.js's; the sequence's handovers and the chase come from the server (SpringMath).
import { freeMotion, naturalFrequency } from "./spring.js";
import { fmt } from "./controls.js";
import { keptWidth, stageGeometry } from "./preview.js";
import { getJSON } from "./server.js";
import { problemWith } from "./link.js";

const $ = (id) => document.getElementById(id);
const maximumKeyframes = 8, maximumPathPoints = 64, padSeconds = 2, padRange = [0, 100];

function showStatus(id, text, error = false) {
  $(id).textContent = text;
  $(id).classList.toggle("error", error);
}

/** The page's two tools: the keyframe strip and the path pad, with their stages. Their state lives
 *  here, in `beyond` (the page's report about them, also `window.studioBeyond` for its tests). */
function createBeyond() {
  const beyond = {
    from: 0,
    // The first keyframe takes the server's default spring once /api/studio.json is read.
    keyframes: [
      { to: 100, at: 0, damping: NaN, response: NaN },
      { to: 40, at: 0.45, damping: 0.7, response: 0.4 },
      { to: 70, at: 1.1, damping: 0.5, response: 0.5 },
    ],
    sequence: null,   // the server's data reply for the keyframes shown
    exported: null,   // the server's export reply
    path: [],         // the drawn target path, [t, x] pairs
    chase: null,      // the server's chase reply
    playing: null,    // "sequence" or "chase", and when it started (null once it has ended)
    looping: false,   // whether a frame is asked for
    errors: [],
    rules: null,      // /api/studio.json: the fields' rules, the sequence grammar's limits, the defaults
  };

  // ---- The keyframe strip ----
  /** What is wrong with the keyframes as typed (checked here, by the rules the server serves, so that
   *  the server is asked only valid ones). */
  function sequenceProblem() {
    if (!Number.isFinite(beyond.from)) return "from must be a number";
    const { fields, sequence } = beyond.rules;
    for (const [i, k] of beyond.keyframes.entries()) {
      const name = `keyframe ${i + 1}`;
      if (![k.to, k.at, k.damping, k.response].every(Number.isFinite)) return `${name}: every field must be a number`;
      if (k.at < 0 || k.at > sequence.maximumTime) return `${name}: at must be between 0 and ${sequence.maximumTime} s`;
      if (i > 0 && !(k.at > beyond.keyframes[i - 1].at)) return `${name}: at must come after keyframe ${i}'s`;
      for (const key of ["damping", "response"]) {
        const problem = problemWith(key, k[key], fields);
        if (problem) return `${name}: ${problem}`;
      }
    }
    return null;
  }
  /** The keyframes as the sequence file grammar writes them. */
  function sequenceText() {
    return JSON.stringify({
      from: beyond.from,
      keyframes: beyond.keyframes.map((k) => ({ to: k.to, at: k.at, spring: { dampingRatio: k.damping, response: k.response } })),
    });
  }
  function renderStrip() {
    const body = $("keyframes").querySelector("tbody");
    body.innerHTML = beyond.keyframes.map((k, i) => {
      const cell = (key, step, label) =>
        `<td><input type="number" step="${step}" data-index="${i}" data-key="${key}" value="${k[key]}" aria-label="keyframe ${i + 1} ${label}"></td>`;
      return `<tr><td>${i + 1}</td>${cell("to", "any", "to")}${cell("at", "0.05", "at, seconds")}${cell("damping", "0.01", "damping ratio")}` +
        `${cell("response", "0.01", "response, seconds")}<td>${beyond.keyframes.length > 1
          ? `<button type="button" data-remove="${i}" aria-label="remove keyframe ${i + 1}">×</button>` : ""}</td></tr>`;
    }).join("");
    $("addKeyframe").disabled = beyond.keyframes.length >= maximumKeyframes;
  }
  let sequenceTicket = 0;
  async function updateSequence() {
    const problem = sequenceProblem();
    if (problem) { showStatus("sequenceStatus", problem, true); return; }
    showStatus("sequenceStatus", "");
    const ticket = ++sequenceTicket, query = `sequence=${encodeURIComponent(sequenceText())}`;
    const dark = matchMedia("(prefers-color-scheme: dark)").matches;
    const width = Math.round(Math.min(2400, Math.max(400, $("sequenceChart").clientWidth || 900)));
    const height = Math.round(Math.min(1600, Math.max(300, width * (width < 700 ? 1.35 : 560 / 900))));
    try {
      const [data, exported, svg] = await Promise.all([
        getJSON(`/api/sequence.json?${query}`),
        getJSON(`/api/sequence-export.json?${query}`),
        fetch(`/api/sequence.svg?${query}&width=${width}&height=${height}${width < 700 ? "&text=1.35" : ""}${dark ? "&theme=dark" : ""}`)
          .then((r) => r.text()),
      ]);
      if (ticket !== sequenceTicket) return;
      beyond.sequence = data;
      beyond.exported = exported;
      $("sequenceChart").style.aspectRatio = `${width} / ${height}`;
      const template = document.createElement("template");
      template.innerHTML = svg;
      $("sequenceChart").replaceChildren(...[template.content.querySelector("svg")].filter(Boolean));
      const select = $("sequenceTarget"), chosen = select.value;
      select.innerHTML = exported.targets.map((t) => `<option value="${t.target}">${t.title}</option>`).join("");
      if (exported.targets.some((t) => t.target === chosen)) select.value = chosen;
      showSequenceExport();
      play("sequence");
    } catch (error) {
      if (ticket === sequenceTicket) showStatus("sequenceStatus", String(error.message || error), true);
    }
  }
  function showSequenceExport() {
    const reply = beyond.exported;
    const t = reply && reply.targets.find((x) => x.target === $("sequenceTarget").value);
    $("sequenceCode").textContent = t ? t.code : "";
    const lines = t ? [t.summary, ...t.warnings.map((w) => w.text)] : [];
    for (const left of reply ? reply.leftOut : []) lines.push(`left out: ${left}`);
    $("sequenceWarnings").replaceChildren(...lines.map((line) => { const li = document.createElement("li"); li.textContent = line; return li; }));
  }

  /** The sequence's position and current target at `t` seconds: each keyframe's free motion from the
   *  state the server says it takes over with. */
  function sequenceAt(t) {
    const keyframes = beyond.sequence.sequence.keyframes;
    let index = -1;
    for (let i = 0; i < keyframes.length; i++) if (keyframes[i].at <= t) index = i;
    if (index < 0) return { position: beyond.sequence.sequence.from, target: keyframes[0].to };
    const k = keyframes[index], omega = naturalFrequency(k.spring.response);
    const [x] = freeMotion(k.spring.dampingRatio, omega, k.position - k.to, k.velocity, t - k.at);
    return { position: k.to + x, target: k.to };
  }

  // ---- The path pad ----
  function padGeometry() {
    const canvas = $("pathPad"), rect = canvas.getBoundingClientRect();
    return {
      toTime: (px) => Math.min(padSeconds, Math.max(0, (px - rect.left) / rect.width * padSeconds)),
      toPosition: (py) => padRange[1] - Math.min(1, Math.max(0, (py - rect.top) / rect.height)) * (padRange[1] - padRange[0]),
    };
  }
  function drawPad() {
    const canvas = $("pathPad"), g = canvas.getContext("2d"), w = canvas.width, h = canvas.height;
    const style = getComputedStyle(document.body);
    g.clearRect(0, 0, w, h);
    g.strokeStyle = style.getPropertyValue("--line").trim() || "#ccc";
    g.lineWidth = 1;
    for (let s = 0; s <= padSeconds; s += 0.5) { g.beginPath(); g.moveTo(s / padSeconds * w, 0); g.lineTo(s / padSeconds * w, h); g.stroke(); }
    const toX = (t) => t / padSeconds * w, toY = (x) => h - (x - padRange[0]) / (padRange[1] - padRange[0]) * h;
    const line = (points, color, width) => {
      if (points.length < 1) return;
      g.strokeStyle = color; g.lineWidth = width; g.beginPath();
      points.forEach(([t, x], i) => (i ? g.lineTo(toX(t), toY(x)) : g.moveTo(toX(t), toY(x))));
      if (points.length === 1) g.lineTo(w, toY(points[0][1]));
      g.stroke();
    };
    line(beyond.path, style.getPropertyValue("--muted").trim() || "#888", 2);
    if (beyond.chase) {
      const c = beyond.chase, points = c.t.map((t, i) => [t, c.position[i]]).filter(([t]) => t <= padSeconds);
      line(points, style.getPropertyValue("--accent").trim() || "#0a84ff", 2.5);
    }
  }
  /** At most `maximumPathPoints` points, keeping the ends: every n-th point of a long drawing. */
  function thinned(points) {
    if (points.length <= maximumPathPoints) return points;
    const step = (points.length - 1) / (maximumPathPoints - 1);
    return Array.from({ length: maximumPathPoints }, (_, i) => points[Math.round(i * step)]);
  }
  function setupPad() {
    const canvas = $("pathPad");
    let drawing = false;
    canvas.addEventListener("pointerdown", (event) => {
      drawing = true;
      canvas.setPointerCapture(event.pointerId);
      const g = padGeometry();
      beyond.path = [[g.toTime(event.clientX), g.toPosition(event.clientY)]];
      beyond.chase = null;
      drawPad();
    });
    canvas.addEventListener("pointermove", (event) => {
      if (!drawing) return;
      const g = padGeometry(), t = g.toTime(event.clientX), last = beyond.path[beyond.path.length - 1];
      if (t > last[0] + 0.01) { beyond.path.push([t, g.toPosition(event.clientY)]); drawPad(); }
    });
    const finish = () => {
      if (!drawing) return;
      drawing = false;
      beyond.path = thinned(beyond.path);
      updateChase();
    };
    canvas.addEventListener("pointerup", finish);
    canvas.addEventListener("pointercancel", finish);
  }
  let chaseTicket = 0;
  async function updateChase() {
    if (beyond.path.length < 1) return;
    const spring = (window.studio && window.studio.state) || beyond.rules.defaults;
    const path = beyond.path.map(([t, x]) => `${+t.toFixed(3)}:${+x.toFixed(2)}`).join(",");
    const ticket = ++chaseTicket;
    try {
      const reply = await getJSON(`/api/chase.json?damping=${spring.damping}&response=${spring.response}` +
        (spring.mass && spring.mass !== 1 ? `&mass=${spring.mass}` : "") + `&from=${+beyond.path[0][1].toFixed(2)}&path=${encodeURIComponent(path)}`);
      if (ticket !== chaseTicket) return;
      beyond.chase = reply;
      $("chaseCode").textContent = reply.code;
      $("chaseCode").hidden = false;
      showStatus("chaseStatus", `ζ ${fmt(spring.damping)}, response ${fmt(spring.response)} s: trails a steady target by ${fmt(reply.lagTime)} s`);
      drawPad();
      play("chase");
    } catch (error) {
      if (ticket === chaseTicket) showStatus("chaseStatus", String(error.message || error), true);
    }
  }
  /** The chase's position and target at `t`, between the server's samples. */
  function chaseAt(t) {
    const c = beyond.chase, n = c.t.length, span = c.t[n - 1];
    const u = Math.min(n - 1, Math.max(0, t / span * (n - 1))), i = Math.min(n - 2, Math.floor(u)), f = u - i;
    return { position: c.position[i] + (c.position[i + 1] - c.position[i]) * f, target: c.target[i] + (c.target[i + 1] - c.target[i]) * f };
  }

  // ---- The stages: one under the keyframes, one under the path pad; the one playing holds the box ----
  function stageOf(what) { return $(what === "sequence" ? "sequenceStage" : "chaseStage"); }
  // Each stage's width, kept as it changes (keptWidth), from the first frame it plays.
  const widths = new Map();
  const widthOf = (stage) => { if (!widths.has(stage)) widths.set(stage, keptWidth(stage)); return widths.get(stage)(); };
  const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");
  function play(what) {
    beyond.playing = { what, start: performance.now() };
    const values = what === "sequence"
      ? [beyond.sequence.sequence.from, ...beyond.sequence.position, ...beyond.sequence.sequence.keyframes.map((k) => k.to)]
      : [...beyond.chase.position, ...beyond.chase.target];
    const lo = Math.min(...values), hi = Math.max(...values), margin = 0.08 * ((hi - lo) || 100);
    beyond.extent = { lo: lo - margin, hi: hi + margin };
    const name = what === "sequence" ? "the sequence" : "chasing the drawn path";
    $("sequenceStage").replaceChildren();
    $("chaseStage").replaceChildren();
    stageOf(what).innerHTML = `<div class="lane"><div class="track"></div><div class="target" title="target"></div>` +
      `<span class="name">${name}</span><div class="box" style="background:var(--accent)"></div></div>`;
    if (!beyond.looping) { beyond.looping = true; requestAnimationFrame(frame); }
  }
  // The stage asks for frames only while something plays: a motion that has ended rests where it ended
  // and costs the page nothing.
  function frame(now) {
    const playing = beyond.playing;
    if (!playing) { beyond.looping = false; return; }
    requestAnimationFrame(frame);
    const stage = stageOf(playing.what), box = stage.querySelector(".box"), target = stage.querySelector(".target");
    if (!box) return;
    const { toPx } = stageGeometry(widthOf(stage), beyond.extent);
    const duration = playing.what === "sequence" ? beyond.sequence.t[beyond.sequence.t.length - 1] : beyond.chase.t[beyond.chase.t.length - 1];
    // Reduced motion: the box rests where the motion ends.
    const t = reducedMotion.matches ? duration : Math.min(duration, (now - playing.start) / 1000);
    const at = playing.what === "sequence" ? sequenceAt(t) : chaseAt(t);
    box.style.transform = `translateX(${toPx(at.position)}px)`;
    target.style.left = `${toPx(at.target) + 19}px`;
    beyond.lastFrame = { what: playing.what, t, position: at.position, target: at.target };
    if (t >= duration) beyond.playing = null;
  }

  async function setup() {
    beyond.rules = await getJSON("/api/studio.json");
    Object.assign(beyond.keyframes[0], { damping: beyond.rules.defaults.damping, response: beyond.rules.defaults.response });
    renderStrip();
    $("sequenceFrom").value = beyond.from;
    $("sequenceFrom").addEventListener("change", () => { beyond.from = Number($("sequenceFrom").value); updateSequence(); });
    $("keyframes").addEventListener("change", (event) => {
      const input = event.target;
      if (!input.dataset.key) return;
      beyond.keyframes[+input.dataset.index][input.dataset.key] = input.value.trim() === "" ? NaN : Number(input.value);
      updateSequence();
    });
    $("keyframes").addEventListener("click", (event) => {
      const index = event.target.dataset.remove;
      if (index === undefined) return;
      beyond.keyframes.splice(+index, 1);
      renderStrip();
      updateSequence();
      ($("keyframes").querySelector("button[data-remove]") || $("addKeyframe")).focus();
    });
    $("addKeyframe").addEventListener("click", () => {
      if (beyond.keyframes.length >= maximumKeyframes) return;
      const last = beyond.keyframes[beyond.keyframes.length - 1];
      beyond.keyframes.push({ to: last.to === 0 ? 100 : 0, at: +(last.at + 0.4).toFixed(3), damping: 0.7, response: 0.5 });
      renderStrip();
      updateSequence();
    });
    $("playSequence").addEventListener("click", () => { if (beyond.sequence) play("sequence"); });
    $("playChase").addEventListener("click", () => { if (beyond.chase) play("chase"); else updateChase(); });
    $("samplePath").addEventListener("click", () => {
      beyond.path = [[0, 10], [0.4, 80], [0.8, 80], [1.3, 30], [1.6, 50]];
      updateChase();
      drawPad();
    });
    $("sequenceTarget").addEventListener("change", showSequenceExport);
    $("copySequence").addEventListener("click", async () => {
      try { await navigator.clipboard.writeText($("sequenceCode").textContent); $("copySequence").textContent = "Copied"; }
      catch (error) { $("copySequence").textContent = "Select and copy"; }
      setTimeout(() => { $("copySequence").textContent = "Copy"; }, 1500);
    });
    for (const what of ["sequence", "chase"]) {
      stageOf(what).addEventListener("keydown", (event) => {
        if (event.key === "Enter" && (what === "sequence" ? beyond.sequence : beyond.chase)) { event.preventDefault(); play(what); }
      });
    }
    matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => { updateSequence(); drawPad(); });
    setupPad();
    drawPad();
    updateSequence();
  }
  return { beyond, setup };
}

const page = createBeyond();
window.studioBeyond = page.beyond;
window.addEventListener("error", (event) => page.beyond.errors.push(String(event.message)));
page.setup().catch((error) => showStatus("sequenceStatus", String(error.message || error), true));
