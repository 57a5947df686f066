// The studio page: wires the modules to the page. The state and its link are in link.js, the fields
// and sliders in controls.js, the chart in chart.js, the stage in preview.js, the code in export.js
// and the closed form in spring.js (SpringExport's, which the export's preview page inlines too).
// Everything the page holds lives in `app`, made once in start(); nothing is kept at module level.
import { readLink, writeLink, HistoryPolicy } from "./link.js";
import { fmt, durationScale, bounceOf, dampingRatioOf, fromPrimarySlider, conventionQueries, fillFields, checkField } from "./controls.js";
import { createChart } from "./chart.js";
import { createPreview } from "./preview.js";
import { clipQuery, createExport, exportQuery, unstepped } from "./export.js";
import { freeMotion } from "./spring.js";
import { getJSON } from "./server.js";

const $ = (id) => document.getElementById(id);
const springQuery = (s) => `damping=${s.damping}&response=${s.response}` + (s.mass !== undefined && s.mass !== 1 ? `&mass=${s.mass}` : "");
// What the page records about itself (for its tests and benchmarks) keeps the latest entries only.
function record(list, entry) { list.push(entry); if (list.length > 2000) list.shift(); }

async function start() {
  // The page's report about itself, read by its tests and benchmarks (window.studio).
  const report = { paintTimes: [], paintTimesQueued: [], restTimes: [], chartSources: [], errors: [], chartRequests: 0, rasterRequests: 0, rasterDecodes: 0, rasterCloses: 0, scales: { durationScale, dampingRatioOf, bounceOf }, freeMotion };
  window.studio = report;
  window.addEventListener("error", (event) => record(report.errors, String(event.message)));
  const darkScheme = matchMedia("(prefers-color-scheme: dark)");
  const app = {
    $, getJSON, record, report, springQuery,
    definitions: null, rules: {}, palettes: null, state: null,
    dark: () => darkScheme.matches,
    springColor(i) { const list = darkScheme.matches ? app.palettes.dark : app.palettes.light; return list[i % list.length]; },
    springs: () => [{ damping: app.state.damping, response: app.state.response, mass: app.state.mass }, ...app.state.compare],
    showError(error) { $("status").textContent = error ? String(error.message || error) : ""; },
    linkProblem(text) { $("urlStatus").textContent = [$("urlStatus").textContent, text].filter(Boolean).join(" "); },
    exportTitle: () => { const t = exporter.target(); return t ? t.title : null; },
    /** The first spring's values with a slider at `position` (the chart fetches charts ahead with it). */
    sliderSpring(range, position) {
      if (range.dataset.sync) return { [range.dataset.sync]: position };
      const { damping, response } = fromPrimarySlider(range.dataset.scale, position, app.state);
      return { damping, response };
    },
  };

  // The presets, palettes, field rules, defaults and limits the server defines (Swift), before the
  // link is read.
  const definitions = await getJSON("/api/studio.json");
  app.definitions = definitions;
  app.palettes = definitions.palettes;
  app.rules = definitions.fields;
  fillPresets(definitions.presets);
  $("platformFps").replaceChildren(...definitions.limits.frameRates.map((rate) => new Option(`${rate} Hz`, String(rate))));

  const history = new HistoryPolicy(1000);
  const chart = createChart(app), preview = createPreview(app);
  // The preview's last interaction (a retarget, a drag and fling) is drawn on the chart until the
  // next change of the springs or a replay.
  app.interactionChanged = () => chart.update();
  const exporter = createExport(app, () => { writeURL(); showPlatform(); });
  report.history = { length: window.history.length, coalesced: false };

  /** Writes the state into the address: a new entry for a settled change, else in place. Each entry
   *  keeps the preset menu's choice, so Back restores it too. */
  function writeURL(settled = false, source = null) {
    const query = writeLink(app.state, definitions), entry = { preset: $("preset").value };
    const samePreset = (window.history.state && window.history.state.preset) === entry.preset;
    if (query === location.search && samePreset) return;
    const how = history.decide(settled, source, performance.now());
    if (how === "push") window.history.pushState(entry, "", query); else window.history.replaceState(entry, "", query);
    report.history = { length: window.history.length, coalesced: settled && how === "replace" };
  }
  let urlTimer = null;
  // Replacing the history entry costs milliseconds, so a drag writes it once it pauses.
  const writeURLSoon = () => { clearTimeout(urlTimer); urlTimer = setTimeout(writeURL, 150); };

  function readURL() {
    const { state, problems } = readLink(location.search, definitions);
    app.state = state;
    report.state = state;
    $("urlStatus").textContent = problems.length ? `This link had values the studio cannot use: ${problems.join("; ")}.` : "";
  }
  /** Shows the state in the controls (after the address was read). */
  function showState() {
    const s = app.state;
    for (const id of ["from", "to", "velocity", "damping", "response", "mass"]) $(id).value = s[id];
    $("dampingRange").value = s.damping; $("responseRange").value = s.response;
    $("slow").checked = s.slow; $("restart").checked = s.restart; $("platformPreview").checked = s.steps;
    $("platformFps").value = String(s.fps);
    $("span").value = s.span ? String(s.span) : "";
    if ([...$("exportTarget").options].some((o) => o.value === s.target)) $("exportTarget").value = s.target;
  }

  // ---- Conventions: a field changed → the server converts → every field updates ----
  let conventionTicket = 0;
  const motionQuery = () => `from=${app.state.from}&to=${app.state.to}&velocity=${app.state.velocity}`;
  async function fromConvention(query, except, settled = true) {
    const mine = ++conventionTicket;
    try {
      const reply = await getJSON(`/api/spring.json?${query}&${motionQuery()}`);
      if (mine !== conventionTicket) return;  // a newer edit is on its way
      const s = reply.springs[0].spring;
      Object.assign(app.state, { damping: s.dampingRatio, response: s.response, mass: s.mass });
      fillFields($, s, except);
      app.showError(null);
      refresh(settled);
    } catch (error) { app.showError(error); }
  }
  // Metrics replies can arrive out of order, or for a spring the page has moved on from: only the
  // reply for the spring shown is used.
  let metricsTicket = 0;
  async function updateMetrics() {
    const mine = ++metricsTicket, asked = springQuery(app.state);
    try {
      const reply = await getJSON(`/api/spring.json?${asked}&${motionQuery()}`);
      if (mine !== metricsTicket || asked !== springQuery(app.state)) return;
      const { settleTime, metrics: m } = reply.springs[0];
      const s = (x) => x === null || x === undefined ? "never" : `${fmt(x)} s`;
      // One "how long", in words (as springplot's chart and info say it).
      const settles = settleTime === null ? "never settles within 1 % of the travel"
        : `settles within 1 % of the travel at <b>${fmt(settleTime)} s</b>`;
      $("metrics").innerHTML = `<span>${settles}</span>` +
        `<span>overshoot <b>${fmt(m.overshoot * 100)} %</b></span><span>peak <b>${s(m.peakTime)}</b></span>` +
        `<span>rise 10–90 % <b>${s(m.riseTime)}</b></span><span>turning points <b>${m.turningPoints ?? "∞"}</b></span>`;
      fillFields($, reply.springs[0].spring, document.activeElement && document.activeElement.id);
    } catch (error) { app.showError(error); }
  }
  /** The export target's frames beside the exact motion, while the switch is on. */
  function showPlatform() {
    const target = exporter.target();
    $("platformLabel").textContent = target ? `as ${target.title} runs it` : "as the export target runs it";
    preview.showPlatform(target && !unstepped.includes(target.target) ? target : null);
  }
  /** The downloads are links to the clip of what the preview shows now, set as they are followed. */
  for (const [id, path] of [["downloadGif", "/api/clip.gif"], ["downloadWebm", "/api/clip.webm"]]) {
    $(id).addEventListener("click", () => {
      const target = exporter.target();
      const platform = app.state.steps && target && !unstepped.includes(target.target) ? target.target : null;
      $(id).href = `${path}?${clipQuery(app.springs(), app.state, app.dark(), platform, app.state.fps)}`;
    });
  }
  /** The Lottie download: the first spring's animation, as `springplot export --target lottie` writes it. */
  $("downloadLottie").addEventListener("click", () => {
    $("downloadLottie").href = `/api/lottie.json?${exportQuery(springQuery(app.state), app.state)}`;
  });
  let exportTimer = null;
  function refresh(settled = true) {
    writeURL(settled);
    report.interaction = null;  // a new spring or motion: the last interaction is no longer its own
    chart.update();
    updateMetrics();
    clearTimeout(exportTimer);
    exportTimer = setTimeout(exporter.update, 120);
    if (app.state.steps) showPlatform(); else preview.build();
  }
  function renderCompare() {
    $("compareList").innerHTML = app.state.compare.map((c, i) =>
      `<li><span><span class="swatch" style="background:${app.springColor(i + 1)}"></span>ζ ${c.damping}, response ${c.response} s</span>` +
      `<button type="button" data-remove="${i}" aria-label="Remove spring ${i + 1} from the comparison">remove</button></li>`).join("");
    $("addCompare").disabled = app.state.compare.length >= definitions.limits.compared;
  }
  function fillPresets(presets) {
    const select = $("preset"), groups = new Map();
    for (const preset of presets) {
      if (!groups.has(preset.family)) {
        const group = document.createElement("optgroup");
        group.label = preset.family;
        groups.set(preset.family, group);
        select.append(group);
      }
      groups.get(preset.family).append(new Option(preset.title, preset.query));
    }
  }
  /** A slider moved (its value is in the state): the address soon, the chart now, the preview replays
   *  with the new spring without rebuilding its elements, the metrics when the drag pauses and the
   *  export code (tens of milliseconds of the server's time) when it rests. */
  function followSlider(range, startedAt) {
    writeURLSoon();
    preview.follow();  // first: a new spring clears the last interaction the chart would draw
    chart.update(startedAt, { moving: true });
    clearTimeout(range.timer);
    range.timer = setTimeout(updateMetrics, 80);
    clearTimeout(range.exportTimer);
    range.exportTimer = setTimeout(exporter.update, 400);
  }
  /** A slider released (or a key pressed on it): the address and the export code follow at once. */
  function settleSlider(range) {
    clearTimeout(urlTimer); writeURL(true, range.id);
    clearTimeout(range.exportTimer); exporter.update();
    if (app.state.steps) showPlatform();
  }

  readURL();
  showState();
  // Back and Forward: the address is the state.
  window.addEventListener("popstate", (event) => {
    history.forget();
    readURL();
    showState();
    $("preset").value = (event.state && event.state.preset) || "";
    renderCompare();
    fromConvention(conventionQueries.ratio((id) => $(id).value), null, false);
  });
  for (const input of document.querySelectorAll("input[data-group]")) {
    input.addEventListener("input", () => checkField(input, app.rules));
    input.addEventListener("change", () => {
      const group = [...document.querySelectorAll(`input[data-group="${input.dataset.group}"]`)];
      if (group.map((i) => checkField(i, app.rules)).every(Boolean)) fromConvention(conventionQueries[input.dataset.group]((id) => $(id).value), input.id);
    });
  }
  for (const range of document.querySelectorAll("input[data-scale]")) {
    for (const type of ["pointerenter", "pointerdown", "focus"]) range.addEventListener(type, () => chart.prefetch(range));
    range.addEventListener("input", () => {
      const startedAt = performance.now();
      chart.prefetch(range, true);
      Object.assign(app.state, fromPrimarySlider(range.dataset.scale, Number(range.value), app.state));
      $("preset").value = "";
      $("damping").value = fmt(app.state.damping); $("response").value = fmt(app.state.response);
      $("dampingRange").value = app.state.damping; $("responseRange").value = app.state.response;
      $("durationValue").textContent = `${fmt(app.state.response)} s`;
      $("bounceValue").textContent = fmt(bounceOf(app.state.damping));
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
    for (const type of ["pointerenter", "pointerdown", "focus"]) range.addEventListener(type, () => chart.prefetch(range));
    range.addEventListener("change", () => settleSlider(range));
    range.addEventListener("input", () => {
      const startedAt = performance.now();
      const key = range.dataset.sync;
      app.state[key] = parseFloat(range.value);
      $(key).value = range.value;
      chart.prefetch(range, true);
      followSlider(range, startedAt);
    });
  }
  for (const id of ["from", "to", "velocity"]) {
    $(id).addEventListener("input", () => checkField($(id), app.rules));
    $(id).addEventListener("change", () => {
      if (!checkField($(id), app.rules)) return;
      app.state[id] = Number($(id).value); refresh();
    });
  }
  $("preset").addEventListener("change", () => { if ($("preset").value) fromConvention($("preset").value); });
  // The chart's time axis: empty fits it to the springs; a number holds it, so a change of duration
  // shows as a change of the curve, not of the axis.
  $("span").addEventListener("change", () => {
    const text = $("span").value.trim(), value = Number(text);
    const held = text !== "" && Number.isFinite(value) && value >= 0.001 && value <= 600;
    $("span").setCustomValidity(text === "" || held ? "" : "a time axis of 0.001 to 600 s, or empty to fit the springs");
    $("span").reportValidity();
    if (text !== "" && !held) return;
    app.state.span = held ? value : null;
    refresh();
  });
  // A preset's name stays only while its values do: any edit makes the spring "custom".
  for (const input of document.querySelectorAll("#springFields input")) input.addEventListener("input", () => { if ($("preset").value) $("preset").value = ""; });
  $("replay").addEventListener("click", preview.replay);
  // Paste code: the server reads it (the parser behind springplot --from-code) and the page loads it.
  $("loadCode").addEventListener("click", async () => {
    const status = $("codeStatus");
    status.classList.remove("error");
    try {
      const response = await fetch(`/api/code.json?code=${encodeURIComponent($("code").value)}`);
      const reply = await response.json();
      if (!response.ok) throw new Error(reply.error);
      if (reply.problem) throw new Error(reply.problem);  // code with no spring in it: an answer, not a refused request
      status.textContent = `read: ${reply.reading}`;
      $("preset").value = "";
      fromConvention(springQuery({ damping: reply.spring.dampingRatio, response: reply.spring.response, mass: reply.spring.mass }));
    } catch (error) {
      status.textContent = String(error.message || error);
      status.classList.add("error");
    }
  });
  // A recording: the server tracks the moving element (springplot track) and the page loads its spring
  // and the motion the clip measured.
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
      if (reply.problem) throw new Error(reply.problem);  // a clip with no spring motion in it
      $("preset").value = "";
      // The reply is `springplot track --json`'s: each estimate is { value, uncertainty }.
      const zeta = reply.dampingRatio.value, seconds = reply.response.value, round = (x) => Number(x.toPrecision(6));
      Object.assign(app.state, { from: round(reply.from.value), to: round(reply.to.value), velocity: round(reply.initialVelocity.value) });
      for (const id of ["from", "to", "velocity"]) { $(id).value = app.state[id]; checkField($(id), app.rules); }
      await fromConvention(`damping=${zeta}&response=${seconds}`);
      // The status says "tracked" once the spring is in the page, not before.
      // The nearest named spring across every platform's constants and presets, in its own spelling.
      const near = reply.nearestPreset;
      status.textContent = `tracked ${file.name}: ζ ${zeta.toPrecision(4)}, response ${seconds.toPrecision(4)} s, `
        + `${fmt(app.state.from)} → ${fmt(app.state.to)} at ${fmt(app.state.velocity)}/s, from ${reply.trackedSamples} frames`
        + (near ? `; nearest preset ${near.title}, ${near.distance.toFixed(3)} away` : "");
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
  $("exportTarget").addEventListener("change", () => { app.state.target = $("exportTarget").value; exporter.show(); writeURL(true); showPlatform(); });
  $("platformPreview").addEventListener("change", () => { app.state.steps = $("platformPreview").checked; writeURL(true); showPlatform(); });
  $("platformFps").addEventListener("change", () => { app.state.fps = Number($("platformFps").value); writeURL(true); showPlatform(); });
  for (const id of ["slow", "restart"]) $(id).addEventListener("change", () => { app.state[id] = $(id).checked; writeURL(true); });
  $("copyLink").addEventListener("click", async () => {
    writeURL();
    try { await navigator.clipboard.writeText(location.href); $("copyLink").textContent = "Link copied"; }
    catch (error) { $("copyLink").textContent = "Copy the address bar"; }
    setTimeout(() => { $("copyLink").textContent = "Copy link"; }, 1500);
  });
  $("copy").addEventListener("click", () => exporter.copy($("copy")));
  $("addCompare").addEventListener("click", () => {
    if (app.state.compare.length < definitions.limits.compared) {
      app.state.compare.push({ damping: app.state.damping, response: app.state.response });
      renderCompare(); refresh();
    }
  });
  $("compareList").addEventListener("click", (event) => {
    const index = event.target.dataset.remove;
    if (index === undefined) return;
    app.state.compare.splice(+index, 1); renderCompare(); refresh();
    // Focus stays in the list: on the remove button now in that place, or the one before, or Add.
    const buttons = $("compareList").querySelectorAll("button");
    (buttons[Math.min(+index, buttons.length - 1)] || $("addCompare")).focus();
  });
  darkScheme.addEventListener("change", () => { preview.build(); renderCompare(); chart.flush(); chart.update(); });
  chart.watchSize();
  preview.wire();
  renderCompare();
  fromConvention(conventionQueries.ratio((id) => $(id).value), undefined, false);  // the page's first state replaces, not adds, an entry
}

start().catch((error) => { document.getElementById("status").textContent = String(error.message || error); });
