// The studio's chart: the server draws it (/api/chart.svg, springplot's curve chart) for the box it
// is shown in; the page keeps recent charts, fetches the ones a slider is about to need, lays each
// out while idle as a hidden layer of the chart box, and shows one by making it visible. chartSize,
// chartQuery and axisValues are pure (Tests/web/chart.test.mjs).

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

/** The chart's query: every spring (the first with `overrides`), the motion, the size and theme. */
export function chartQuery(springs, motion, size, dark) {
  const mass = springs.length === 1 && springs[0].mass !== undefined && springs[0].mass !== 1 ? `&mass=${springs[0].mass}` : "";
  return `damping=${springs.map((s) => s.damping).join(",")}&response=${springs.map((s) => s.response).join(",")}` + mass +
    `&from=${motion.from}&to=${motion.to}&velocity=${motion.velocity}` +
    `&width=${size.width}&height=${size.height}` + (size.text > 1 ? `&text=${size.text}` : "") + (dark ? "&theme=dark" : "");
}

/** The values a slider (min, max, step) can take next from `value`: nearest first, twice as far ahead
 *  in the direction it last moved (−1, 0 or 1), up to `window` steps away, within its range. */
export function axisValues(slider, value, direction, window) {
  const { min, max, step } = slider, here = Math.round(value / step), ahead = direction < 0 ? -1 : 1, values = [];
  const add = (n) => { const v = Math.round(n * step * 1e6) / 1e6; if (v >= min && v <= max) values.push(v); };
  for (let i = 1; i <= window; i++) {
    add(here + ahead * i);
    if (direction === 0 || i % 2 === 0) add(here - ahead * (direction === 0 ? i : i / 2));
  }
  return values;
}

/** The chart of a page: `app` gives the element (`app.$("chart")`), the springs, motion and theme,
 *  the report the page keeps about itself, and where errors go. */
export function createChart(app) {
  const element = app.$("chart"), cache = new Map(), cacheLimit = 256;
  const axis = { queue: [], inFlight: 0, window: 30, parallel: 1 };
  let ticket = 0, warmTimer = null, resizeTimer = null;
  const whenIdle = window.requestIdleCallback ? (f) => requestIdleCallback(f, { timeout: 200 }) : (f) => setTimeout(f, 0);
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
    return chartQuery(app.springs().map((s, i) => i === 0 ? { ...s, ...overrides } : s), app.state, size, app.dark());
  };

  // An entry holds the request (shared while in flight) and, once the page is idle, the SVG parsed
  // into a layer of the chart box, laid out there and then hidden with content-visibility, which
  // keeps its layout: showing it is a change of one property, with no layout on the way (a chart's
  // text takes milliseconds to lay out, more than a frame can spare while a slider moves). The map's
  // order is the order of use; the box holds the cached entries' layers and the one shown.
  let shown = null;
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
  function forget(q) {
    const entry = cache.get(q);
    cache.delete(q);
    if (!entry) return;
    entry.forgotten = true;
    if (entry.node && entry !== shown) entry.node.remove();
  }
  /** Forgets every chart but the one shown: after a resize or a change of theme none of them will be
   *  asked for again, and a hidden layer would still be laid out with the box. */
  function flush() {
    for (const q of [...cache.keys()]) forget(q);
    axis.queue = [];
  }
  function show(entry) {
    if (entry === shown) return;
    entry.node.classList.add("shown");
    if (shown) {
      shown.node.classList.remove("shown");
      if (shown.forgotten) shown.node.remove();
    }
    shown = entry;
  }
  function entryFor(q) {
    let entry = cache.get(q);
    if (entry) {
      cache.delete(q);
    } else {
      app.report.chartRequests += 1;
      entry = { node: null, text: null, forgotten: false };
      entry.ready = fetch(`/api/chart.svg?${q}`).then(async (response) => {
        const text = await response.text();
        if (!response.ok) throw new Error(JSON.parse(text).error);
        entry.text = text;
        whenIdle(() => prepare(entry));
      });
      // A failed chart is forgotten (so it can be asked for again), unless a newer entry took its place.
      entry.ready.catch(() => { if (cache.get(q) === entry) cache.delete(q); });
    }
    cache.set(q, entry);
    if (cache.size > cacheLimit) forget(cache.keys().next().value);
    return entry;
  }
  // A slider drag changes one number, so the chart can only be one of those along that slider's
  // axis: they are fetched one at a time (the server and the browser keep their time for the frames),
  // so that the drag finds its chart here. Once the chart rests, both sliders' near values are fetched.
  function pump() {
    while (axis.inFlight < axis.parallel && axis.queue.length) {
      const [key, value] = axis.queue.shift();
      const q = query({ [key]: value });
      if (cache.has(q)) continue;
      axis.inFlight += 1;
      entryFor(q).ready.catch(() => {}).finally(() => { axis.inFlight -= 1; pump(); });
    }
  }
  const sliderAxis = (range, direction, window) => {
    const key = range.dataset.sync;
    const slider = { min: parseFloat(range.min), max: parseFloat(range.max), step: parseFloat(range.step) };
    return axisValues(slider, app.state[key], direction, window).map((v) => [key, v]);
  };
  function prefetch(range, direction = 0) {
    axis.queue = sliderAxis(range, direction, axis.window);
    pump();
  }
  function warm() {
    if (axis.queue.length) return;  // a slider is already being prefetched
    const [a, b] = [...document.querySelectorAll("input[data-sync]")].map((range) => sliderAxis(range, 0, 12));
    axis.queue = a.flatMap((pair, i) => b[i] ? [pair, b[i]] : [pair]).concat(b.slice(a.length));
    pump();
  }
  async function update(startedAt = performance.now()) {
    const q = query(), mine = ++ticket, entry = entryFor(q);
    app.record(app.report.chartSources, entry.node ? "parsed" : entry.text ? "fetched" : "server");
    try {
      if (!entry.node) {
        await entry.ready;
        if (mine !== ticket) return;  // a newer chart was asked for
        prepare(entry);
      }
      if (!entry.node) throw new Error("the server sent no chart");
      show(entry);
      element.dataset.query = q;
      clearTimeout(warmTimer);
      warmTimer = setTimeout(() => whenIdle(warm), 300);
      // Painted: a task posted from the animation-frame callback of the frame that shows the new chart
      // runs once that frame's style, layout, paint and commit are done.
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => app.record(app.report.paintTimes, performance.now() - startedAt);
        channel.port2.postMessage(null);
      });
      app.showError(null);
    } catch (error) { if (mine === ticket) app.showError(error); }
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
      matchMedia(`(resolution: ${devicePixelRatio}dppx)`).addEventListener("change", () => { update(); watchDensity(); }, { once: true });
    };
    watchDensity();
  }
  return { update, prefetch, watchSize, flush };
}
