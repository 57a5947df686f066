#!/usr/bin/env python3
"""The studio in headless Chromium: slider input to new chart painted, and preview frame pacing.

- Slider to paint: the damping slider's thumb is pressed where it stands and dragged with the mouse,
  across the slider and back three times (180 moves, 50 ms apart). Each input event is timed by the
  page with performance.now(), from the start of its handler to a task posted from the
  requestAnimationFrame callback of the frame that shows the new chart: that task runs once the
  frame's style, layout, paint and commit are done. It is posted at user-blocking priority
  (scheduler.postTask), so that it runs as soon as the frame is done; a plain posted task (a
  MessageChannel message) runs only after the fetches and decodes already queued, and its figure is
  printed too. In Chromium's own trace of a drag, the frame's commit ends just before the first.
  The drag starts once the page has stopped fetching (network idle), so it measures the drag, not
  the page load; --cold starts it as soon as the first chart is shown, and --fine drags slowly
  instead (2 px every 16 ms), as a careful hand does. While a slider moves the page shows the
  server's PNG of each value (the SVG follows at rest, timed apart); it records where each image
  came from at input (fetched and decoded ahead, being decoded, fetched but not decoded, or still on
  the server) and how many images it fetched, decoded and let go, which the script prints.
- The browser's floor at the same time: after the studio's drag, the same drag on a bare page (one
  slider, its value, and a canvas the chart's size) whose input handler draws one of the studio's
  own chart images, decoded ahead, timed the same way. On a shared machine the host's load moves
  every figure; the floor tells what the browser itself managed then, with no page around the chart.
- Frame pacing: the preview plays for 10 s (replayed every second so it keeps moving); the
  requestAnimationFrame timestamps give the frame intervals; a frame counts as dropped when an interval
  is longer than 1.5 × the median. Headless Chromium runs at 60 Hz only, so the page also times each
  frame's work, from the frame's start to a task posted from its callback (after style, layout, paint
  and commit): a frame whose work is done within 8.33 ms fits a 120 Hz display.

    swift build -c release --product spring-studio && python3 scripts/bench/studio_browser.py [--cold] [--fine]
"""
import json
import os
import pathlib
import re
import statistics
import subprocess
import sys
import time

from playwright.sync_api import sync_playwright

ROOT = pathlib.Path(__file__).resolve().parents[2]
# --cold: drag as soon as the first chart is shown, while the page is still fetching.
# --fine: drag slowly in 2 px steps every frame instead of 180 coarse moves.
COLD = "--cold" in sys.argv
FINE = "--fine" in sys.argv


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p * (len(ordered) - 1))))]


def cpu_times():
    """The machine's CPU time so far (Linux /proc/stat, in ticks): (busy, steal, total), or None.
    Steal is time the hypervisor gave another guest: on a shared virtual machine it stretches
    frames, so the figures are printed beside the latencies."""
    try:
        fields = [int(x) for x in pathlib.Path("/proc/stat").read_text().split("\n")[0].split()[1:9]]
    except (OSError, ValueError):
        return None
    user, nice, system, idle, iowait, irq, softirq, steal = fields
    return user + nice + system + irq + softirq, steal, sum(fields)


# The floor's page: a slider and a canvas; each input draws one of the decoded chart images and is
# timed as the studio times its own (handler start to a user-blocking task posted from the next
# frame's callback).
FLOOR_PAGE = """<!doctype html><meta charset="utf-8"><body style="margin:16px;font:14px sans-serif">
<input id="range" type="range" min="0.05" max="2" step="0.01" value="0.7" style="width:%(slider)dpx">
<span id="value">0.7</span><canvas id="chart" style="display:block;width:%(width)dpx"></canvas>
<script type="module">
const queries = %(queries)s, canvas = document.getElementById("chart"), context = canvas.getContext("2d", { alpha: false });
const images = await Promise.all(queries.map(async (q) => createImageBitmap(await (await fetch(`/api/chart.png?${q}`)).blob())));
[canvas.width, canvas.height] = [images[0].width, images[0].height];
window.floorTimes = [];
const range = document.getElementById("range"), value = document.getElementById("value");
range.addEventListener("input", () => {
  const startedAt = performance.now();
  value.textContent = range.value;
  context.drawImage(images[Math.round(range.value * 100) %% images.length], 0, 0);
  requestAnimationFrame(() => {
    scheduler.postTask(() => window.floorTimes.push(performance.now() - startedAt), { priority: "user-blocking" });
  });
});
window.floorReady = true;
</script>"""


def drag(page, box, start_x):
    """Presses the slider's thumb at start_x and drags it as the options say, then lets go."""
    y = box["y"] + box["height"] / 2
    page.mouse.move(start_x, y)
    page.mouse.down()
    if FINE:
        # A slow, steady hand: a move every frame (16 ms), 2 px at a time, out and back twice.
        for i in range(2 * 2 * 120):
            phase = i % 240
            phase = phase if phase < 120 else 240 - phase
            page.mouse.move(start_x + phase * 2, y)
            time.sleep(0.016)
    else:
        for i in range(180):
            phase = i % 60
            phase = phase if phase < 30 else 60 - phase
            page.mouse.move(start_x + phase * box["width"] / 40, y)
            time.sleep(0.05)
    page.mouse.up()


def summary(values):
    return f"median {statistics.median(values):.1f} ms, p95 {percentile(values, 0.95):.1f} ms, max {max(values):.1f} ms"


def measured_drag(page, box):
    """Drags the slider at `box` from the value 0.7 (see drag) and tells how busy the machine was
    meanwhile, in words, or None where /proc/stat cannot be read."""
    before = cpu_times()
    drag(page, box, box["x"] + box["width"] * (0.7 - 0.05) / 1.95)
    after = cpu_times()
    if not (before and after):
        return None
    busy, steal, total = (b - a for a, b in zip(before, after))
    return f"{100 * busy / total:.0f} % busy, {100 * steal / total:.1f} % stolen by the host"


def main():
    binary = ROOT / ".build/release/spring-studio"
    if not binary.exists():
        binary = ROOT / ".build/debug/spring-studio"
    server = subprocess.Popen([str(binary), "--port", "0"], stdout=subprocess.PIPE, text=True)
    url = re.search(r"http://\S+", server.stdout.readline()).group(0)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"), args=["--no-sandbox"])
            page = browser.new_page(viewport={"width": 1400, "height": 1300})
            page.goto(f"{url}?damping=0.7&response=0.6")
            page.wait_for_function("document.querySelector('#chart .shown svg') !== null")
            # Measure the drag, not the page load: start once the page has fetched what it fetches
            # on its own (the first chart, metrics, export, and the charts next to each slider).
            if not COLD:
                page.wait_for_load_state("networkidle")
            page.evaluate("for (const list of ['paintTimes', 'paintTimesQueued', 'chartSources']) window.studio[list].length = 0")
            # Drag the damping slider's thumb with the mouse, as a person would: real pointer events
            # through the browser's input pipeline, pressed at once (no hover first), then across the
            # slider and back three times.
            box = page.locator("#dampingRange").bounding_box()
            load = measured_drag(page, box)
            time.sleep(0.5)
            paints = page.evaluate("window.studio.paintTimes")
            sources = page.evaluate("window.studio.chartSources")
            queued = page.evaluate("window.studio.paintTimesQueued")
            print(f"slider input to chart painted: {len(paints)} paints, {summary(paints)}")
            if queued:
                print(f"  timed by a plain task instead (after the work already queued): {summary(queued)}")
            counts = page.evaluate("[window.studio.rasterRequests, window.studio.rasterDecodes, window.studio.rasterCloses]")
            print(f"  where the chart came from at input: {sources.count('decoded')} fetched and decoded ahead, "
                  f"{sources.count('being decoded')} being decoded, {sources.count('fetched')} fetched but not decoded, "
                  f"{sources.count('server')} still on the server; {counts[0]} images fetched, {counts[1]} decodes, "
                  f"{counts[2]} decoded images let go")
            if load:
                print(f"  the machine during the drag (this browser and server included): {load}")
            if os.environ.get("VERBOSE"):
                # Each input's time and where its chart came from (d decoded, b being decoded,
                # f fetched, s server), in order.
                print("  " + " ".join(f"{round(t)}{src[0]}" for t, src in zip(paints, sources)))

            # The floor, on a bare page of the same origin (so it can fetch the studio's images):
            # twelve charts at the size the studio drew, along the damping slider.
            chart_query = page.evaluate("document.querySelector('#chart').dataset.query")
            chart_width = page.evaluate("document.querySelector('#chart').clientWidth")
            queries = [re.sub(r"damping=[^&]*", f"damping={0.3 + 0.05 * i:.2f}", chart_query) for i in range(12)]
            floor = browser.new_page(viewport={"width": 1400, "height": 1300})
            floor.goto(url)
            floor.set_content(FLOOR_PAGE % {"slider": box["width"], "width": chart_width, "queries": json.dumps(queries)})
            floor.wait_for_function("window.floorReady === true")
            load = measured_drag(floor, floor.locator("#range").bounding_box())
            time.sleep(0.3)
            times = floor.evaluate("window.floorTimes")
            print(f"the browser's floor just after (a bare page drawing a decoded chart per input): {len(times)} paints, {summary(times)}")
            if load:
                print(f"  the machine during that drag: {load}")
            floor.close()

            page.evaluate("window.studio.frameTimes.length = 0; window.studio.frameWork.length = 0")
            began = time.time()
            while time.time() - began < 10:
                page.click("#replay")
                time.sleep(1)
            frames = page.evaluate("window.studio.frameTimes")
            work = page.evaluate("window.studio.frameWork")
            intervals = [b - a for a, b in zip(frames, frames[1:])]
            typical = statistics.median(intervals)
            dropped = sum(1 for d in intervals if d > 1.5 * typical)
            print(f"preview frames over {(frames[-1] - frames[0]) / 1000:.1f} s: {len(frames)} frames, median interval "
                  f"{typical:.2f} ms ({1000 / typical:.1f} Hz), longest {max(intervals):.1f} ms, dropped (> 1.5 × median): {dropped}")
            within = sum(1 for w in work if w <= 1000 / 120)
            print(f"preview frame work (frame start to painted): median {statistics.median(work):.1f} ms, p95 "
                  f"{percentile(work, 0.95):.1f} ms, {within} of {len(work)} frames within a 120 Hz frame (8.33 ms)")
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    main()
