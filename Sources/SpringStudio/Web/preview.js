// The studio's preview: a lane per spring on one stage, played from the exact closed form (spring.js)
// between frames; clicks retarget, drags and flings hand the box a new segment at once; a lane under
// the first plays what the export target displays, frame by frame, and the difference is stated.
// The geometry and the measures are pure functions (Tests/web/preview.test.mjs).
import { freeMotion, naturalFrequency } from "./spring.js";
import { fmt } from "./controls.js";

/** Position and velocity of a lane's segment ({ from, to, velocity, start }) at `time` seconds. */
export function segmentState(spring, segment, time) {
  const t = Math.max(0, time - segment.start);
  const [x, v] = freeMotion(spring.damping, naturalFrequency(spring.response), segment.from - segment.to, segment.velocity, t);
  return { position: segment.to + x, velocity: v, t };
}

/** What a platform shows at `time`: each frame's value holds until the next frame. */
export function platformPosition(frames, fps, start, time) {
  const index = Math.floor(Math.max(0, time - start) * fps + 1e-9);
  return frames[Math.min(index, frames.length - 1)];
}

/** The span the stage shows: from, to and every lane's whole excursion (sampled from the closed form
 *  over 12 decay times), with an 8 % margin, so a large overshoot never leaves the stage. */
export function motionExtent(lanes, from, to) {
  let lo = Math.min(from, to), hi = Math.max(from, to);
  for (const { spring, segment } of lanes) {
    const omega = naturalFrequency(spring.response), zeta = spring.damping;
    const horizon = 12 / Math.max(Math.min(zeta, 1) * omega, 1e-3);
    for (let i = 0; i <= 240; i++) {
      const [x] = freeMotion(zeta, omega, segment.from - segment.to, segment.velocity, horizon * i / 240);
      lo = Math.min(lo, segment.to + x, segment.from); hi = Math.max(hi, segment.to + x, segment.from);
    }
  }
  const margin = 0.08 * ((hi - lo) || 100);
  return { lo: lo - margin, hi: hi + margin };
}

/** Value ↔ pixel on a stage `width` px wide showing `extent`. */
export function stageGeometry(width, extent) {
  const { lo, hi } = extent, left = 24, right = width - 64;
  return { lo, hi, toPx: (x) => left + (x - lo) / (hi - lo) * (right - left), toValue: (px) => lo + (px - left) / (right - left) * (hi - lo) };
}

/** A stage's width (clientWidth, CSS px), kept by a ResizeObserver as it changes rather than read in
 *  each frame: a read in a frame callback would force the page's layout there whenever something
 *  else changed since the last frame. Read directly until the first observation. */
export function keptWidth(element) {
  let width = 0;
  new ResizeObserver(() => { width = element.clientWidth; }).observe(element);
  return () => width || element.clientWidth;
}

/** Past the stage's ends a dragged box follows the pointer less and less (a rubber band). */
export function rubberBand(value, geometry) {
  const range = geometry.hi - geometry.lo, stretch = (d) => range * 0.25 * (1 - 1 / (d / (range * 0.25) * 0.55 + 1));
  if (value < geometry.lo) return geometry.lo - stretch(geometry.lo - value);
  if (value > geometry.hi) return geometry.hi + stretch(value - geometry.hi);
  return value;
}

/** Release velocity as the platforms measure it: the slope (units per second) of a least-squares line
 *  through the samples ({ t in ms, x }) of the last 100 ms. */
export function releaseVelocity(history, now) {
  const recent = history.filter((p) => now - p.t <= 100);
  if (recent.length < 2) return 0;
  const n = recent.length, mt = recent.reduce((s, p) => s + p.t, 0) / n, mx = recent.reduce((s, p) => s + p.x, 0) / n;
  let num = 0, den = 0;
  for (const p of recent) { num += (p.t - mt) * (p.x - mx); den += (p.t - mt) * (p.t - mt); }
  return den > 0 ? num / den * 1000 : 0;
}

/** The first frame from which every later one stays within `band` of `to` (frames past the list's end
 *  hold its last value). */
export function settleFrame(positions, to, band) {
  let frame = positions.length;
  while (frame > 0 && Math.abs(positions[frame - 1] - to) <= band) frame -= 1;
  return frame;
}

/** How a platform's frames differ from the exact motion at the same instants: the largest distance
 *  (in the motion's units, px on the stage) and the frame where it happens, and the frames at which
 *  each settles within 1 % of the travel (or 0.5 units when there is no travel). */
export function platformDifference(positions, fps, spring, motion) {
  const omega = naturalFrequency(spring.response), travel = Math.abs(motion.to - motion.from);
  const exactAt = (i) => motion.to + freeMotion(spring.damping, omega, motion.from - motion.to, motion.velocity, i / fps)[0];
  let worst = 0, worstFrame = 0;
  positions.forEach((x, i) => {
    const d = Math.abs(x - exactAt(i));
    if (d > worst) { worst = d; worstFrame = i; }
  });
  const band = travel > 0 ? 0.01 * travel : 0.5;
  // The exact motion, sampled at the same frames until it has rested for a second, up to 60 s.
  const exact = [];
  for (let i = 0, calm = 0; i < 60 * fps && calm < fps; i++) {
    const x = exactAt(i);
    exact.push(x);
    calm = Math.abs(x - motion.to) <= band ? calm + 1 : 0;
  }
  return { worst, worstFrame, band, platformSettles: settleFrame(positions, motion.to, band), exactSettles: settleFrame(exact, motion.to, band) };
}

/** The difference in words: "… at most 1.2 px from the exact motion (frame 9); settles at frame 41,
 *  2 frames after it". */
export function describeDifference(title, fps, d) {
  const frames = d.platformSettles - d.exactSettles;
  const when = frames === 0 ? "the same frame as the exact motion"
    : `${Math.abs(frames)} frame${Math.abs(frames) === 1 ? "" : "s"} ${frames > 0 ? "after" : "before"} the exact motion`;
  const apart = d.worst < 0.005 ? "within 0.005 px of the exact motion" : `at most ${fmt(d.worst)} px from the exact motion (frame ${d.worstFrame})`;
  return `${title} at ${fps} Hz: ${apart}; within 1 % of the travel from frame ${d.platformSettles}, ${when}.`;
}

/** The stage of a page: `app` gives the elements, the state, the springs and their colours, the
 *  report the page keeps about itself, the server and where errors go. */
export function createPreview(app) {
  const stage = app.$("stage"), report = app.report;
  let simTime = 0, lastFrame = null, platformFrames = null, platformRequest = 0;
  const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");
  report.lanes = []; report.frameTimes = []; report.frameWork = []; report.segments = [];
  report.time = () => simTime;
  // A frame's work: from the frame's start to a task posted from its callback, which runs once the
  // frame's style, layout, paint and commit are done. Under 8.3 ms, the frame fits a 120 Hz display.
  const painted = new MessageChannel();
  painted.port1.onmessage = (event) => app.record(report.frameWork, performance.now() - event.data);

  // The stage's width, measured when it changes rather than read each frame: a read in the frame
  // callback would force the page's layout there (just after a slider swapped the chart, that is a
  // whole chart's layout inside the animation frame).
  const stageWidth = keptWidth(stage);
  const geometry = () => stageGeometry(stageWidth(), report.extent || { lo: -30, hi: 130 });
  const startSegment = () => ({ from: app.state.from, to: app.state.to, velocity: app.state.velocity, start: simTime });
  /** The first lane's pieces since the last replay, for the chart (times from the replay). */
  report.interaction = null;
  function interacted(piece) {
    const lane = report.lanes[0];
    if (!lane || lane.platform) return;
    // Long after the replay (past the 600 s the chart can show, a tab left open), the interaction
    // starts afresh, drawn from the chart's 0.
    if (piece.start - report.interactionStart.start > 600) {
      report.interaction = [];
      report.interactionStart = { start: piece.start };
    }
    if (!report.interaction) {
      const s = report.interactionStart;
      report.interaction = [{ start: 0, from: s.from, to: s.to, velocity: s.velocity }];
    }
    report.interaction.push({ ...piece, start: Math.max(0, piece.start - report.interactionStart.start) });
    if (app.interactionChanged) app.interactionChanged();
  }
  function resetInteraction() {
    const had = report.interaction !== null;
    report.interaction = null;
    report.interactionStart = report.lanes[0] ? { ...report.lanes[0].segment } : null;
    if (had && app.interactionChanged) app.interactionChanged();
  }
  const measure = () => { report.extent = motionExtent(report.lanes.filter((l) => !l.platform), app.state.from, app.state.to); };

  /** Moves a lane's box to `x`, writing the style only when the pixel position changes (a box at
   *  rest costs no style work). */
  function place(lane, x, g) {
    const px = Math.round(g.toPx(x) * 100) / 100;
    if (lane.px !== px) { lane.px = px; lane.box.style.transform = `translateX(${px}px)`; }
  }
  function build() {
    const springs = app.springs();
    report.lanes = springs.map((spring) => ({ spring, box: null, segment: startSegment(), dragging: null }));
    if (platformFrames) report.lanes.splice(1, 0, { spring: springs[0], box: null, segment: startSegment(), dragging: null, platform: platformFrames });
    measure();
    const g = geometry();
    const marks = [app.state.from, app.state.to].map((x) => `<div class="mark" style="left:${g.toPx(x) + 20}px"></div>`).join("");
    const target = `<div class="target" title="target" style="left:${g.toPx(app.state.to) + 19}px"></div>`;
    let springIndex = 0;
    stage.innerHTML = report.lanes.map((lane, i) => {
      const s = lane.spring, color = app.springColor(lane.platform ? 0 : springIndex);
      const name = lane.platform ? `as ${lane.platform.title} runs it at ${lane.platform.fps} Hz`
        : springIndex === 0 ? "exact" : `ζ ${fmt(s.damping)}, response ${fmt(s.response)} s`;
      if (!lane.platform) springIndex += 1;
      return `<div class="lane${lane.platform ? " platform" : ""}"><div class="track"></div>${marks}${target}<span class="name">${name}</span>` +
        `<div class="box" data-lane="${i}" style="background:${color}"></div></div>`;
    }).join("");
    report.lanes.forEach((lane, i) => { lane.box = stage.querySelectorAll(".box")[i]; });
    report.interaction = null;
    report.interactionStart = report.lanes[0] ? { ...report.lanes[0].segment } : null;
  }
  function showTarget(target) {
    const g = geometry();
    for (const marker of stage.querySelectorAll(".target")) marker.style.left = `${g.toPx(target) + 19}px`;
  }
  /** After the motions changed from the start (a replay, new springs): the stage's span and its
   *  marks follow. A retarget or a fling keeps the span, so no box jumps (a new scale would move
   *  every box at once); a motion carried past the stage's ends is shown rubber-banded. */
  function restage(target) {
    measure();
    const g = geometry();
    for (const lane of stage.querySelectorAll(".lane")) {
      const marks = lane.querySelectorAll(".mark");
      [app.state.from, app.state.to].forEach((x, i) => { if (marks[i]) marks[i].style.left = `${g.toPx(x) + 20}px`; });
    }
    showTarget(target);
  }
  function replay() {
    for (const lane of report.lanes) lane.segment = startSegment();
    restage(app.state.to);
    resetInteraction();
  }
  /** The first spring changed while a slider moves: its lane plays the new spring from the start,
   *  without rebuilding the stage. */
  function follow() {
    const lane = report.lanes[0];
    if (!lane) return;
    lane.spring = app.springs()[0];
    lane.segment = startSegment();
    report.interaction = null;
    report.interactionStart = { ...lane.segment };
  }
  // With reduced motion asked for, the preview does not play: each box rests where its motion ends.
  function frame(now) {
    const g = geometry();
    if (reducedMotion.matches) {
      lastFrame = null;
      for (const lane of report.lanes) {
        lane.position = lane.segment.to;
        place(lane, lane.position, g);
      }
      report.lastFrame = { simTime, positions: report.lanes.map((l) => l.position), pending: [], paused: true };
      requestAnimationFrame(frame);
      return;
    }
    if (lastFrame !== null) simTime += (now - lastFrame) / 1000 * (app.state.slow ? 0.25 : 1);
    lastFrame = now;
    app.record(report.frameTimes, now);
    painted.port2.postMessage(now);
    for (const lane of report.lanes) {
      const x = lane.platform ? platformPosition(lane.platform.positions, lane.platform.fps, lane.segment.start, simTime)
        : lane.dragging ? lane.dragging.value : segmentState(lane.spring, lane.segment, simTime).position;
      lane.position = x;
      place(lane, lane.dragging ? x : rubberBand(x, g), g);
    }
    report.lastFrame = { simTime, positions: report.lanes.map((l) => l.position), pending: report.lanes.map((l) => !!l.dragging),
      pixels: report.lanes.map((l) => l.px), scale: g.toPx(1) - g.toPx(0) };
    requestAnimationFrame(frame);
  }
  // A retarget is computed here, at once: the new segment starts with the position and velocity the
  // old one has at that instant (or at rest, with "restart"), so the box turns on the very next frame.
  // The server's answer for the same retarget is fetched afterwards and kept beside it, for comparison.
  function retargetAll(target, at = simTime) {
    const restart = app.state.restart;
    for (const lane of report.lanes.filter((l) => !l.platform)) {
      const old = lane.segment, before = segmentState(lane.spring, old, at);
      lane.segment = { from: before.position, to: target, velocity: restart ? 0 : before.velocity, start: at };
      const entry = { lane: report.lanes.indexOf(lane), at, before, segment: { ...lane.segment }, frame: performance.now() };
      app.record(report.segments, entry);
      if (lane === report.lanes[0]) interacted({ ...lane.segment });
      app.getJSON(`/api/segment.json?${app.springQuery(lane.spring)}&from=${old.from}&to=${old.to}` +
        `&velocity=${old.velocity}&t=${before.t}&target=${target}&restart=${restart ? 1 : 0}`)
        .then((reply) => { entry.server = reply; }, (error) => { entry.serverError = String(error); });
    }
    showTarget(target);
  }
  const laneAt = (element) => element && element.classList.contains("box") ? report.lanes[+element.dataset.lane] : null;
  function wire() {
    stage.addEventListener("pointerdown", (event) => {
      const g = geometry(), rect = stage.getBoundingClientRect();
      const value = g.toValue(event.clientX - rect.left - 20);
      const lane = laneAt(event.target);
      if (lane) {
        stage.setPointerCapture(event.pointerId);
        // Grabbed where it is drawn (a box past the stage's end is drawn rubber-banded), so it does not
        // jump and the fling's first sample is where the finger took it.
        const shown = rubberBand(lane.position, g);
        lane.dragging = { value: shown, offset: shown - value, history: [{ t: performance.now(), x: shown }] };
        if (lane === report.lanes[0]) interacted({ start: simTime, drag: true });
        return;
      }
      retargetAll(value);
    });
    stage.addEventListener("pointermove", (event) => {
      const lane = report.lanes.find((l) => l.dragging);
      if (!lane) return;
      const rect = stage.getBoundingClientRect(), g = geometry();
      const value = rubberBand(g.toValue(event.clientX - rect.left - 20) + lane.dragging.offset, g);
      lane.dragging.value = value;
      lane.dragging.history.push({ t: performance.now(), x: value });
      while (lane.dragging.history.length > 2 && performance.now() - lane.dragging.history[0].t > 100) lane.dragging.history.shift();
    });
    const release = () => {
      const lane = report.lanes.find((l) => l.dragging);
      if (!lane) return;
      const now = performance.now(), velocity = releaseVelocity(lane.dragging.history, now);
      const from = lane.dragging.value, { from: start, to: end } = app.state;
      // Where the fling would carry it (UIKit's normal deceleration projection), snapped to the nearer end.
      const projected = from + velocity * 0.998 / (1 - 0.998) / 1000;
      const target = Math.abs(projected - start) < Math.abs(projected - end) ? start : end;
      // The fling starts here and now, with the release velocity: nothing waits for the server.
      lane.segment = { from, to: target, velocity, start: simTime };
      // For the page's tests: the samples the velocity came from, and when it was measured.
      report.lastFling = { velocity, target, from, samples: lane.dragging.history.slice(), at: now };
      lane.dragging = null;
      if (lane === report.lanes[0]) interacted({ ...lane.segment });
      showTarget(target);
    };
    stage.addEventListener("pointerup", release);
    stage.addEventListener("pointercancel", release);
    stage.addEventListener("keydown", (event) => {
      const { from, to } = app.state;
      if (event.key === "Enter" || event.key === " ") { replay(); event.preventDefault(); }
      if (event.key === "ArrowLeft") { retargetAll(Math.min(from, to)); event.preventDefault(); }
      if (event.key === "ArrowRight") { retargetAll(Math.max(from, to)); event.preventDefault(); }
    });
    requestAnimationFrame(frame);
  }
  /** The export target's own frames (SpringPlatforms' model, from the server) in a lane under the
   *  exact motion, with the difference stated, while the switch is on; `platform` is the target's
   *  name and title, or null for a target that has no stepping of its own. */
  async function showPlatform(platform) {
    const request = ++platformRequest, difference = app.$("platformDifference");
    platformFrames = null;
    if (app.state.steps && platform) {
      const spring = app.springs()[0], motion = { from: app.state.from, to: app.state.to, velocity: app.state.velocity };
      try {
        const frames = await app.getJSON(`/api/platform.json?platform=${platform.target}&fps=${app.state.fps}&${app.springQuery(spring)}` +
          `&from=${motion.from}&to=${motion.to}&velocity=${motion.velocity}`);
        if (request !== platformRequest) return;
        platformFrames = frames;
        const d = platformDifference(frames.positions, frames.fps, spring, motion);
        report.platformDifference = d;
        difference.textContent = describeDifference(frames.title, frames.fps, d);
      } catch (error) { if (request === platformRequest) app.showError(error); }
    } else if (app.state.steps && app.exportTitle()) {
      difference.textContent = `${app.exportTitle()} has no stepping of its own: it plays the exact motion.`;
    } else {
      difference.textContent = "";
    }
    build();
  }
  return { build, replay, follow, wire, showPlatform, frames: () => platformFrames };
}
