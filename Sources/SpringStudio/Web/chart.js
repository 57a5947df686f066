// The studio's chart: the server draws it (springplot's curve chart) for the box it is shown in.
// At rest the page shows it as SVG (/api/chart.svg: vector, its text real text), laid out while idle
// as a hidden layer of the chart box and shown by making it visible. While a slider moves it shows
// the same chart as an image (/api/chart.png at the screen's density), fetched and decoded ahead
// along the slider and drawn into one canvas: a frame then costs a copy of pixels, with no text to
// lay out or paint. chartSize, chartQuery, axisValues, rasterScale and rasterWindow are pure
// (Tests/web/chart.test.mjs).

// SpringCharts sizes type for a 1200 × 800 canvas and scales it by min(width / 1200, height / 800),
// kept within 0.75…4; its smallest font is the annotations' 12.5 px. No text may be under 11 CSS px.
const smallestChartFont = 12.5, readableFont = 11;

/** The canvas for a box `box` CSS px wide with `room` CSS px of height to fill at most: as wide as
 *  the box (400 to 2400 px), taller than wide panels on a narrow box, no taller than the room (so
 *  that the chart and the stage below it fit the window together), and `text`, the factor that keeps
 *  the smallest font readable. */
export function chartSize(box, room = Infinity) {
  const shownWidth = box || 900;
  const width = Math.round(Math.min(2400, Math.max(400, shownWidth)));
  // A narrow box sits above the controls and stays on screen: a little taller than wide panels, not square.
  const aspect = shownWidth < 700 ? 0.9 : 560 / 900;
  const roomOnCanvas = room * width / shownWidth;
  const height = Math.min(1600, Math.max(300, Math.round(Math.min(width * aspect, roomOnCanvas))));
  const layoutScale = Math.min(4, Math.max(0.75, Math.min(width / 1200, height / 800)));
  const needed = readableFont / (smallestChartFont * layoutScale * (shownWidth / width));
  const text = Math.min(2, Math.max(1, Math.ceil(needed * 20) / 20));
  return { width, height, text };
}

/** The chart's query: every spring (the first with `overrides`), the motion (with `span`, the time
 *  axis held in seconds, when set), the size and theme, and the preview's last interaction when
 *  there is one (`interaction`: pieces { start, from, to, velocity } or { start, drag: true }, start
 *  in seconds from the replay; the last 24). */
export function interactionQuery(pieces) {
  if (!pieces || !pieces.length) return "";
  const n = (x) => String(Number(x.toPrecision(10)));
  const piece = (p) => p.drag ? `${n(p.start)}:drag` : `${n(p.start)}:${n(p.from)}:${n(p.to)}:${n(p.velocity)}`;
  // The server reads at most 2048 bytes of query: the oldest pieces give way past 1200 characters.
  let kept = pieces.slice(-24), text = kept.map(piece).join(",");
  while (text.length > 1200 && kept.length > 1) { kept = kept.slice(1); text = kept.map(piece).join(","); }
  return "&interaction=" + encodeURIComponent(text);
}

export function chartQuery(springs, motion, size, dark, interaction = null) {
  const mass = springs.length === 1 && springs[0].mass !== undefined && springs[0].mass !== 1 ? `&mass=${springs[0].mass}` : "";
  return `damping=${springs.map((s) => s.damping).join(",")}&response=${springs.map((s) => s.response).join(",")}` + mass +
    `&from=${motion.from}&to=${motion.to}&velocity=${motion.velocity}` +
    (motion.span ? `&span=${motion.span}` : "") +
    `&width=${size.width}&height=${size.height}` + (size.text > 1 ? `&text=${size.text}` : "") + (dark ? "&theme=dark" : "") +
    interactionQuery(interaction);
}

/** The values a slider (min, max, step) can take next from `value`: nearest first, twice as far ahead
 *  in the direction it last moved (−1, 0 or 1), up to `window` places away. A drag that moves
 *  `stride` steps at a time (1 or more) is met where it will be: places are `stride` steps apart, and
 *  the first one ahead has its two neighbours too. A place past either end is that end, where a drag
 *  that overshoots the slider stops. */
export function axisValues(slider, value, direction, window, stride = 1) {
  const { min, max, step } = slider, here = Math.round(value / step), ahead = direction < 0 ? -1 : 1, values = [];
  const add = (n) => {
    const v = Math.min(max, Math.max(min, Math.round(n * step * 1e6) / 1e6));
    if (Math.abs(v - value) > step / 2 && !values.includes(v)) values.push(v);
  };
  for (let i = 1; i <= window; i++) {
    add(here + ahead * i * stride);
    if (i === 1 && stride > 1) { add(here + ahead * (stride - 1)); add(here + ahead * (stride + 1)); }
    if (direction === 0 || i % 2 === 0) add(here - ahead * (direction === 0 ? i : i / 2) * stride);
  }
  return values;
}

/** Device pixels per CSS px for the image of a `size` chart on a screen of `density`: the screen's
 *  (1…3, in quarters), less where the image would pass `maxPixels` (its decoded pixels are kept in
 *  memory, four bytes each, and copied on each frame of a drag). */
export function rasterScale(size, density, maxPixels = 2.5e6) {
  const fits = Math.sqrt(maxPixels / (size.width * size.height));
  return Math.min(3, Math.max(1, Math.floor(Math.min(density || 1, fits) * 4) / 4));
}

/** How many places ahead of a slider its images are fetched and decoded (axisValues adds half as
 *  many behind): as many as `budget` bytes of decoded pixels hold with room to spare, 4 to 8. A
 *  place is a drag's stride: eight are the next eight inputs, and further guesses would mostly
 *  be decoded in vain (a drag's stride varies, and each guess further out is likelier off). */
export function rasterWindow(size, scale, budget) {
  const bytes = 4 * Math.ceil(size.width * scale) * Math.ceil(size.height * scale);
  return Math.max(4, Math.min(8, Math.floor((Math.floor(budget / bytes) - 4) / 2)));
}

/** The chart of a page: `app` gives the element (`app.$("chart")`), the springs, motion and theme,
 *  the report the page keeps about itself, and where errors go. */
export function createChart(app) {
  const element = app.$("chart");
  const whenIdle = window.requestIdleCallback ? (f, timeout = 200) => requestIdleCallback(f, { timeout }) : (f) => setTimeout(f, 0);
  // The room: the window's height less what is above the chart block and what the block holds
  // besides the chart (the switch and the stage, whose height grows with the lanes).
  const block = element.parentElement;
  const room = () => innerHeight - block.parentElement.offsetTop - (block.offsetHeight - element.offsetHeight) - 12;
  const measure = () => chartSize(element.clientWidth, room());
  // The size is measured when the layout changes (watchSize), never while a slider moves: reading
  // layout in an input handler would force the page's layout there and then.
  let size = null;
  const query = (overrides = {}) => {
    if (!size) size = measure();
    // A slider's previews (overrides) are of a new spring: no interaction on them.
    const moving = Object.keys(overrides).length > 0;
    return chartQuery(app.springs().map((s, i) => i === 0 ? { ...s, ...overrides } : s), app.state, size, app.dark(),
      moving ? null : app.report.interaction);
  };
  let ticket = 0, warmTimer = null, resizeTimer = null, restTimer = null;
  // Both caches below are maps kept in order of use: `touch` marks an entry just used, `use` also
  // makes a missing one and, past the limit, forgets the least recently used.
  function touch(map, q) {
    const entry = map.get(q);
    if (entry) { map.delete(q); map.set(q, entry); }
    return entry;
  }
  function use(map, q, limit, make, forget) {
    let entry = touch(map, q);
    if (!entry) {
      entry = make();
      map.set(q, entry);
      if (map.size > limit) forget(map.keys().next().value);
    }
    return entry;
  }

  // ---- At rest: SVG layers ----
  // An entry holds the request (shared while in flight) and, once the page is idle, the SVG parsed
  // into a layer of the chart box, laid out there and then hidden with content-visibility, which
  // keeps its layout: showing it again is a change of one property. The map's order is the order of
  // use; the box holds the cached entries' layers and the one shown.
  const vectors = new Map(), vectorLimit = 24;
  let shownVector = null;
  function prepare(entry) {
    if (entry.forgotten) { entry.text = null; return null; }
    if (!entry.node && entry.text) {
      const template = document.createElement("template");
      template.innerHTML = entry.text;
      const svg = template.content.querySelector("svg");
      entry.text = null;
      if (!svg) return null;
      const layer = document.createElement("div");
      layer.className = "layer warming";
      layer.append(document.adoptNode(svg));
      element.append(layer);
      layer.getBoundingClientRect();  // laid out now, while the page is idle
      layer.className = "layer";
      entry.node = layer;
    }
    return entry.node;
  }
  function forgetVector(q) {
    const entry = vectors.get(q);
    vectors.delete(q);
    if (!entry) return;
    entry.forgotten = true;
    if (entry.node && entry !== shownVector) entry.node.remove();
  }
  const vectorFor = (q) => use(vectors, q, vectorLimit, () => {
    app.report.chartRequests += 1;
    const entry = { node: null, text: null, forgotten: false };
    entry.ready = fetch(`/api/chart.svg?${q}`).then(async (response) => {
      const text = await response.text();
      if (!response.ok) throw new Error(JSON.parse(text).error);
      entry.text = text;
      whenIdle(() => prepare(entry));
    });
    // A failed chart is forgotten (so it can be asked for again), unless a newer entry took its place.
    entry.ready.catch(() => { if (vectors.get(q) === entry) vectors.delete(q); });
    return entry;
  }, forgetVector);

  // ---- While a slider moves: images drawn into one canvas ----
  // Each entry holds the PNG as the server sent it (a few tens of KiB, up to `rasterLimit` entries)
  // and, while it is near the slider, decoded (off the page's thread) as an ImageBitmap. Decoded
  // pixels are kept within `rasterBudget` bytes: past it, the bitmaps least recently near a slider
  // are closed. The map's order is the order of use; the canvas keeps its own copy of the one shown.
  const canvas = document.createElement("canvas");
  canvas.className = "raster";
  canvas.setAttribute("aria-hidden", "true");  // the SVG that follows at rest carries the chart's text
  element.append(canvas);
  const context = canvas.getContext("2d", { alpha: false });
  const rasters = new Map(), rasterLimit = 512, rasterBudget = 128 * 1024 * 1024;
  let rasterBytes = 0, rasterShown = false;
  const density = () => rasterScale(size || measure(), window.devicePixelRatio);
  // For the page's tests: the decoded images held, and their bytes.
  app.report.rasterMemory = () => ({ bytes: rasterBytes, budget: rasterBudget, images: [...rasters.values()].filter((e) => e.bitmap).length, entries: rasters.size });
  function closeBitmap(entry) {
    if (!entry.bitmap) return;
    app.report.rasterCloses += 1;
    rasterBytes -= entry.bytes;
    entry.bitmap.close();
    entry.bitmap = null;
  }
  function forgetRaster(q) {
    const entry = rasters.get(q);
    rasters.delete(q);
    if (!entry) return;
    entry.forgotten = true;
    closeBitmap(entry);
  }
  /** Over the budget, closes the bitmaps least recently used. */
  function trim() {
    for (const old of rasters.values()) {
      if (rasterBytes <= rasterBudget) break;
      closeBitmap(old);
    }
  }
  /** Decodes an entry's PNG, `now` or once the page is idle; over the budget, the bitmaps least
   *  recently used are closed (when idle). */
  function decode(entry, now = false) {
    if (!entry.decoded) {
      app.report.rasterDecodes += 1;
      // `startDecode` starts it once: it is gone after the first call (here, from `want` or from
      // `update`, maybe before the PNG has arrived).
      let start;
      const started = new Promise((resolve) => { start = resolve; });
      entry.startDecode = () => { entry.startDecode = null; start(); };
      entry.decoded = entry.fetched.then((blob) => {
        if (now) entry.startDecode?.(); else whenIdle(() => entry.startDecode?.(), 100);
        return started.then(() => createImageBitmap(blob));
      }).then((bitmap) => {
        entry.decoded = null;
        if (entry.forgotten) { bitmap.close(); return; }
        entry.bitmap = bitmap;
        entry.bytes = 4 * bitmap.width * bitmap.height;
        rasterBytes += entry.bytes;
        if (rasterBytes > rasterBudget) whenIdle(trim, 100);
      });
      entry.decoded.catch(() => { entry.decoded = null; });
    } else if (now) {
      entry.startDecode?.();  // waiting for idle time, but wanted now
    }
    return entry.decoded;
  }
  const rasterFor = (q) => use(rasters, q, rasterLimit, () => {
    app.report.rasterRequests += 1;
    const entry = { blob: null, bitmap: null, bytes: 0, forgotten: false, decoded: null }, scale = density();
    entry.fetched = fetch(`/api/chart.png?${q}` + (scale > 1 ? `&scale=${scale}` : "")).then(async (response) => {
      if (!response.ok) throw new Error((await response.json()).error);
      return (entry.blob = await response.blob());
    });
    entry.fetched.catch(() => { if (rasters.get(q) === entry) rasters.delete(q); });
    return entry;
  }, forgetRaster);
  function showRaster(entry) {
    const bitmap = entry.bitmap;
    if (canvas.width !== bitmap.width || canvas.height !== bitmap.height) {
      canvas.width = bitmap.width;
      canvas.height = bitmap.height;
    }
    context.drawImage(bitmap, 0, 0);
    if (!rasterShown) {
      canvas.classList.add("shown");
      if (shownVector) shownVector.node.classList.remove("shown");
      rasterShown = true;
    }
  }
  function showVector(entry) {
    if (entry !== shownVector) {
      if (shownVector) {
        shownVector.node.classList.remove("shown");
        if (shownVector.forgotten) shownVector.node.remove();
      }
      shownVector = entry;
    }
    entry.node.classList.add("shown");
    if (rasterShown) { canvas.classList.remove("shown"); rasterShown = false; }
  }

  // ---- Prefetch ----
  // A slider drag changes one number, so the chart can only be one of those along that slider's
  // axis: their images are fetched one at a time (the server and the browser keep their time for the
  // frames), nearest first, so that the drag finds its chart decoded. Once the chart rests, both
  // sliders' near values are fetched.
  // The queue's first `decoded` places are fetched and decoded; the rest are only fetched (a PNG is
  // cheap to keep; decoding costs the browser milliseconds, in vain where the drag's stride changes).
  const axis = { queue: [], decoded: 0, urgent: 0, inFlight: 0, parallel: 2, pumping: false };
  const recentlyShown = [];
  const windowSize = () => rasterWindow(size || measure(), density(), rasterBudget);
  // The pump runs when the page is idle (requestIdleCallback, at most 30 ms late), or, `prompt`,
  // in a task straight after the next frame: a drag's next places cannot wait for idle time, which a
  // quick drag seldom leaves, and a fetch's start costs the page's thread about a millisecond, which
  // must not fall between an input and its frame. A prompt run supersedes an idle one already asked for.
  let pumpTicket = 0;
  function schedulePump(prompt = false) {
    if (axis.pumping === "prompt" || (axis.pumping && !prompt)) return;
    axis.pumping = prompt ? "prompt" : "idle";
    const mine = ++pumpTicket, run = () => { if (mine === pumpTicket) { axis.pumping = false; pump(); } };
    if (prompt) requestAnimationFrame(() => setTimeout(run, 0)); else whenIdle(run, 30);
  }
  function pump() {
    while (axis.inFlight < axis.parallel && axis.queue.length) {
      // The first `urgent` places (where the next inputs most likely land) are decoded as soon as
      // they arrive, and one already waiting for idle time starts now; the other places to decode (a
      // resting page's) wait for idle time. While urgent places remain, a freed slot is filled promptly.
      const urgent = axis.urgent-- > 0;
      const q = axis.queue.shift(), known = rasters.get(q), decodes = axis.decoded-- > 0;
      if (known && known.bitmap) continue;
      if (known && known.decoded) { if (urgent) decode(known, true); continue; }
      if (known && !decodes) continue;
      const entry = known || rasterFor(q);
      // One already fetched is only decoded: it leaves the fetch slots to the places still on the server.
      if (decodes && entry.blob) { decode(entry, urgent); continue; }
      axis.inFlight += 1;
      (decodes ? decode(entry, urgent) : entry.fetched).catch(() => {}).finally(() => { axis.inFlight -= 1; schedulePump(axis.urgent > 0); });
    }
  }
  /** Queues the charts of `springs` (first spring overrides), nearest first, and marks those already
   *  here as just used, the nearest last, so that the budget keeps the charts around the slider. */
  function want(springs, decoded = 8, urgent = 3) {
    axis.queue = springs.map((overrides) => query(overrides));
    axis.decoded = decoded;
    axis.urgent = urgent;
    // With urgent places, the pump runs straight after this frame, not when the page is next idle.
    schedulePump(urgent > 0);
    // The charts a drag showed last are kept too: a drag that turns back comes to them again.
    for (const q of [...recentlyShown, ...axis.queue.slice().reverse()]) touch(rasters, q);
  }
  // A slider's values near where it stands, as the first spring's overrides (app.sliderSpring).
  const sliderAxis = (range, direction, window, stride = 1) => {
    const slider = { min: parseFloat(range.min), max: parseFloat(range.max), step: parseFloat(range.step) };
    return axisValues(slider, Number(range.value), direction, window, stride).map((position) => app.sliderSpring(range, position));
  };
  // Each slider's last position and its last three moves, in steps: the direction a drag goes in
  // and its stride.
  const moves = new WeakMap();
  /** Fetches ahead along `range`: where it stands (as a pointer comes to it or it takes the focus),
   *  or, `moving`, where its drag goes next. */
  function prefetch(range, moving = false) {
    const position = Number(range.value), seen = moves.get(range);
    const direction = moving && seen ? Math.sign(position - seen.position) : 0;
    const steps = direction === 0 ? [] : [...seen.steps.slice(-2), Math.abs(position - seen.position) / parseFloat(range.step)];
    const stride = steps.length ? Math.min(20, Math.max(1, Math.round(steps.reduce((a, b) => a + b, 0) / steps.length))) : 1;
    moves.set(range, { position, steps });
    // Before a drag (direction 0) the page has time: the nearest places both ways are decoded at
    // once. During one, the first three places (the next inputs) are decoded as they arrive and the
    // rest only fetched: a guess further out is likelier off, and its decode would take the cores
    // the frames need (decoding six measured 440 decodes a run against 310, for the same hits).
    const decoded = direction === 0 ? 16 : 3;
    want(sliderAxis(range, direction, windowSize(), stride), decoded, decoded);
  }
  function warm() {
    if (axis.queue.length) return;  // a slider is already being prefetched
    const half = windowSize();
    const lists = [...document.querySelectorAll("input[type=range][data-sync], input[type=range][data-scale]")].map((range) => sliderAxis(range, 0, half));
    const springs = [];
    for (let i = 0; lists.some((list) => i < list.length); i++) for (const list of lists) if (i < list.length) springs.push(list[i]);
    want(springs, 8, 0);  // every slider's own places fetched, the nearest one each way decoded
  }

  /** Painted: a task posted from the animation-frame callback of the frame that shows the new chart
   *  runs once that frame's style, layout, paint and commit are done. It is posted at user-blocking
   *  priority (scheduler.postTask, where the browser has it), so it runs as soon as the frame is
   *  done rather than after the fetches and decodes already queued. A slider's chart (not the SVG
   *  at rest, `resting`) is also timed by a plain task (a MessageChannel message, which waits behind
   *  them), into `paintTimesQueued`. */
  function timePaint(startedAt, resting = false) {
    const list = resting ? app.report.restTimes : app.report.paintTimes, queued = resting ? null : app.report.paintTimesQueued;
    requestAnimationFrame(() => {
      const record = (into) => () => { if (into) app.record(into, performance.now() - startedAt); };
      const prompt = Boolean(window.scheduler && scheduler.postTask);
      if (prompt) scheduler.postTask(record(list), { priority: "user-blocking" });
      const channel = new MessageChannel();
      channel.port1.onmessage = record(prompt ? queued : list);
      channel.port2.postMessage(null);
    });
  }
  function shown(q) {
    element.dataset.query = q;
    clearTimeout(warmTimer);
    warmTimer = setTimeout(() => whenIdle(warm), 300);
    app.showError(null);
  }
  /** Shows the chart of the state. `moving`: a slider moves, so the image is shown now and the SVG
   *  once the slider has rested for a moment (`resting`: that SVG, timed apart from the slider's). */
  async function update(startedAt = performance.now(), { moving = false, resting = false } = {}) {
    const q = query(), mine = ++ticket;
    clearTimeout(restTimer);
    try {
      if (moving) {
        const entry = rasterFor(q);
        app.record(app.report.chartSources, entry.bitmap ? "decoded" : entry.decoded ? "being decoded" : entry.blob ? "fetched" : "server");
        restTimer = setTimeout(() => update(performance.now(), { resting: true }), 250);
        if (!entry.bitmap) {
          await decode(entry, true);
          if (mine !== ticket) return;  // a newer chart was asked for
        }
        if (!entry.bitmap) throw new Error("the server sent no chart");
        showRaster(entry);
        recentlyShown.push(q);
        if (recentlyShown.length > 24) recentlyShown.shift();
        shown(q);
        timePaint(startedAt);
      } else {
        const entry = vectorFor(q);
        if (!entry.node) {
          await entry.ready;
          if (mine !== ticket) return;
          prepare(entry);
        }
        if (!entry.node) throw new Error("the server sent no chart");
        showVector(entry);
        shown(q);
        timePaint(startedAt, resting);
      }
    } catch (error) { if (mine === ticket) app.showError(error); }
  }
  /** Forgets every chart but the one shown: after a resize or a change of theme none of them will be
   *  asked for again, and a hidden layer would still be laid out with the box. */
  function flush() {
    for (const q of [...vectors.keys()]) forgetVector(q);
    for (const q of [...rasters.keys()]) forgetRaster(q);
    axis.queue = [];
  }
  /** Redraws when the box changes size or the page moves to a screen of another pixel density. */
  function watchSize() {
    size = measure();
    element.style.aspectRatio = `${size.width} / ${size.height}`;
    const check = () => {
      const now = measure();
      if (now.height === size.height && Math.abs(now.width - size.width) < 4 && now.text === size.text) return;
      size = now;
      element.style.aspectRatio = `${now.width} / ${now.height}`;
      flush();
      clearTimeout(resizeTimer);
      resizeTimer = setTimeout(() => update(), 120);
    };
    new ResizeObserver(check).observe(block);
    addEventListener("resize", check);
    const watchDensity = () => {
      matchMedia(`(resolution: ${devicePixelRatio}dppx)`).addEventListener("change", () => { flush(); update(); watchDensity(); }, { once: true });
    };
    watchDensity();
  }
  return { update, prefetch, watchSize, flush };
}
