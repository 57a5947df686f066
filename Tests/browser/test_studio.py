"""The studio page and the export preview in headless Chromium (Debian's chromium, driven by Playwright).

Reference motion in these tests is the textbook closed form evaluated in Python (scripts/lib/exact_spring.py),
independently of the page's script and of SpringMath.
"""
import math
import os
import pathlib
import re
import subprocess
import sys
import tempfile
import statistics
import time
import json
import urllib.error
import urllib.parse
import urllib.request

import pytest
from playwright.sync_api import sync_playwright

from studio_support import ROOT, built
sys.path.insert(0, str(ROOT / "scripts" / "lib"))
import exact_spring  # noqa: E402 (the exact motion, shared with the scripts and the other suites)
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")




def textbook(zeta, response, x0, v0, t):
    """Displacement and velocity of the free motion (unit mass, omega = 2 pi / response)."""
    return exact_spring.state(zeta, response, x0, v0, t)


# The server's scratch folder (uploads are written here while they are tracked, then deleted).
SCRATCH = tempfile.mkdtemp(prefix="studio-scratch-")
TRACK_CLIPS = ROOT / "Tests" / "springplotTests" / "Fixtures" / "track"


@pytest.fixture(scope="module")
def server():
    process = subprocess.Popen([built("spring-studio"), "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env={**os.environ, "TMPDIR": SCRATCH})
    line = process.stdout.readline()
    match = re.search(r"http://\S+", line)
    assert match, f"no URL printed: {line!r} {process.stderr.read() if process.poll() is not None else ''}"
    yield match.group(0)
    process.terminate()
    process.wait(timeout=10)


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield browser
        browser.close()


@pytest.fixture()
def page(browser, server):
    context = browser.new_context(viewport={"width": 1400, "height": 1300})
    page = context.new_page()
    errors = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    yield page
    context.close()


def fetch(url, method="GET", body=None, timeout=None):
    # A track may take up to the studio's own 30 s limit (StudioLimits.trackTimeout); the rest 10 s.
    timeout = timeout or (35 if "/api/track" in url else 10)
    request = urllib.request.Request(url, method=method, data=body)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, response.headers.get("Content-Type"), response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers.get("Content-Type"), error.read()


def test_http_status_codes_and_types(server):
    status, kind, body = fetch(f"{server}api/chart.svg?damping=0.5&response=0.5")
    assert status == 200 and kind == "image/svg+xml" and b"<svg" in body
    status, kind, body = fetch(f"{server}api/chart.svg?damping=nan")
    assert status == 400 and kind.startswith("application/json") and json.loads(body)["parameter"] == "damping"
    status, _, body = fetch(f"{server}api/spring.json?damping=0.5&damping=0.6")
    assert status == 400 and b"more than once" in body
    for path in ["../etc/passwd", "%2e%2e/%2e%2e/etc/passwd", "etc/passwd", "api/nothing"]:
        status, _, body = fetch(f"{server}{path}")
        assert status == 404 and b"root:" not in body, path
    status, _, _ = fetch(server, method="POST", body=b"x" * 100_000)
    assert status == 405
    status, _, _ = fetch(f"{server}api/chart.svg?damping=" + "1" * 5000)
    assert status == 400


def open_studio(page, server, query="damping=0.5&response=0.6"):
    page.goto(f"{server}?{query}")
    page.wait_for_function("document.querySelector('#chart .shown svg') !== null && window.studio.lastFrame !== undefined")
    page.wait_for_function("document.querySelector('#exportCode').textContent.length > 0")


def show_conventions(page):
    """Opens the collapsed "all conventions" section, as a person would before typing in it."""
    if page.get_attribute("#allConventions", "open") is None:
        page.click("#allConventions summary")


def test_loads_without_console_errors(page, server):
    open_studio(page, server)
    assert page.title() == "Spring studio"
    # One "how long", in the words springplot uses; Wave's estimate is not a second answer here.
    page.wait_for_function("document.querySelector('#metrics b') !== null")
    metrics = page.locator("#metrics").inner_text()
    assert metrics.startswith("settles within 1 % of the travel at ") and "Wave" not in metrics, metrics
    # The page reads the spring.json keys settleTime, peakTime and dampingCoefficient.
    shown = page.eval_on_selector_all("#metrics b", "(els) => els.map((e) => e.textContent)")
    assert not any("NaN" in value or "undefined" in value for value in shown), shown
    assert all(re.fullmatch(r"[0-9.]+(e-?[0-9]+)? s", value) for value in [shown[0], shown[2]]), shown
    page.wait_for_function("document.querySelector('#damping-coefficient').value !== ''")
    assert abs(float(page.input_value("#damping-coefficient")) - 4 * math.pi * 0.5 / 0.6) < 0.01  # four digits
    time.sleep(0.5)
    assert page.errors == []
    assert page.evaluate("window.studio.errors") == []


def test_slider_changes_chart_and_url(page, server):
    open_studio(page, server)
    before_chart = page.locator("#chart").get_attribute("data-query")
    before_svg = page.locator("#chart").inner_html()
    page.locator("#dampingRange").evaluate("(el) => { el.value = '1.2'; el.dispatchEvent(new Event('input', { bubbles: true })); }")
    page.wait_for_function("document.querySelector('#chart').dataset.query.includes('damping=1.2')")
    assert page.locator("#chart").get_attribute("data-query") != before_chart
    assert page.locator("#chart").inner_html() != before_svg
    # The address follows once the drag pauses.
    page.wait_for_function("location.search.includes('damping=1.2')", timeout=2000)
    # The other conventions follow.
    page.wait_for_function("document.querySelector('#composeDamping').value === '1.2'")
    assert page.errors == []


def test_dragging_a_slider_shows_each_values_chart(page, server):
    # A mouse drag across the damping slider: while it moves the chart is the server's PNG of each
    # value (drawn into a canvas), and every chart shown is the one for the slider's value at that
    # moment (the prefetch and the cache never show a stale chart); once the drag is under way the
    # images come decoded ahead; at rest the SVG of the final value takes over, and the decoded images
    # kept stay within their byte budget.
    open_studio(page, server, "damping=0.7&response=0.6")
    page.wait_for_load_state("networkidle")
    page.evaluate("""() => {
        window.shown = [];
        // A chart is shown when the box's data-query changes (an image while moving, the SVG at rest).
        new MutationObserver(() => {
            const chart = document.getElementById('chart');
            window.shown.push([chart.dataset.query, window.studio.state.damping, chart.querySelector('canvas.raster.shown') !== null]);
        }).observe(document.getElementById('chart'), { attributeFilter: ['data-query'] });
        for (const list of ['chartSources', 'paintTimes', 'paintTimesQueued']) window.studio[list].length = 0;
    }""")
    box = page.locator("#dampingRange").bounding_box()
    y = box["y"] + box["height"] / 2
    x = box["x"] + box["width"] * (0.7 - 0.05) / 1.95
    # The steps come every 0.12 s: a chart per step needs the server to draw one of these PNGs in
    # well under that (tens of milliseconds in the debug build where this test was written). Where
    # it cannot, the test says so instead of measuring the machine.
    query = page.evaluate("document.getElementById('chart').dataset.query").replace("damping=0.7&", "damping=0.71&")
    draws = []
    for _ in range(3):
        started = time.monotonic()
        status, _, _ = fetch(f"{server.rstrip('/')}/api/chart.png?{query}")
        draws.append(time.monotonic() - started)
        assert status == 200
    if statistics.median(draws) > 0.1:
        pytest.skip(f"this studio draws the drag's PNG in {1000 * statistics.median(draws):.0f} ms: too slow for a chart every 0.12 s")
    page.mouse.move(x, y)
    page.mouse.down()
    for i in range(1, 25):
        page.mouse.move(x + i * box["width"] / 60, y)
        time.sleep(0.12)
    page.mouse.up()
    page.wait_for_function("window.studio.state.damping > 0.9")
    # At rest the SVG of the final value is shown, and the image is not.
    page.wait_for_function("document.querySelector('#chart .shown svg title') !== null && "
                           "document.querySelector('#chart .shown svg title').textContent.includes(`ζ = ${window.studio.state.damping},`)")
    assert page.evaluate("document.querySelector('#chart canvas.raster.shown')") is None
    time.sleep(0.3)
    shown = page.evaluate("window.shown")
    assert len(shown) >= 10
    images = [(query, damping) for query, damping, raster in shown if raster]
    assert len(images) >= 10, shown
    for query, damping in images:
        assert f"damping={damping}&" in query, (query, damping)
    # One SVG shown; the layers kept are at most the SVG cache's 24, plus the one shown.
    assert page.evaluate("document.querySelectorAll('#chart > .layer.shown').length") == 1
    assert 1 <= page.evaluate("document.querySelectorAll('#chart > .layer').length") <= 25
    sources = page.evaluate("window.studio.chartSources")
    # Charts come decoded from the prefetch during the drag. How many of them do depends on the
    # machine's speed and load, so this asserts that the prefetch serves the drag, not a share of it:
    # a timed assertion would be flaky on a shared machine. A chart the prefetch had fetched and was
    # still decoding when the slider reached it ("being decoded") was served by the prefetch too.
    assert sources.count("decoded") + sources.count("being decoded") >= 3, sources
    # Each chart shown is timed twice: by a user-blocking task posted from the frame's callback, and
    # by a plain one, which waits behind the work already queued and so ends no sooner.
    prompt, queued = page.evaluate("[window.studio.paintTimes, window.studio.paintTimesQueued]")
    assert len(prompt) == len(queued) >= 10, (prompt, queued)
    assert statistics.median(prompt) <= statistics.median(queued), (prompt, queued)
    # The decoded images kept stay within the budget once the page is idle.
    page.wait_for_function("window.studio.rasterMemory().bytes <= window.studio.rasterMemory().budget")
    memory = page.evaluate("window.studio.rasterMemory()")
    assert memory["images"] >= 1 and memory["bytes"] == memory["images"] * 4 * page.evaluate(
        "document.querySelector('#chart canvas.raster').width * document.querySelector('#chart canvas.raster').height"), memory
    assert page.errors == []


def test_chart_png_is_the_same_chart_at_the_screens_density(server):
    # The image a drag shows is springplot's chart, drawn for the box at the asked density.
    status, kind, body = fetch(f"{server}api/chart.png?damping=0.5&response=0.5&width=600&height=400&scale=2")
    assert status == 200 and kind.startswith("image/png") and body[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = int.from_bytes(body[16:20], "big"), int.from_bytes(body[20:24], "big")
    assert (width, height) == (1200, 800)
    status, _, body = fetch(f"{server}api/chart.png?damping=0.5&response=0.5&scale=4")
    assert status == 400 and b"scale" in body
    status, _, body = fetch(f"{server}api/chart.svg?damping=0.5&response=0.5&scale=2")
    assert status == 400  # the SVG has no density


def test_convention_field_updates_the_others(page, server):
    open_studio(page, server)
    show_conventions(page)
    page.fill("#react-spring-tension", "170")
    page.fill("#friction", "26")
    page.locator("#friction").dispatch_event("change")
    # ζ = 26 / (2·√170) = 0.997054…, shown to 4 significant digits; the address keeps full precision.
    page.wait_for_function("document.querySelector('#damping').value === '0.9971'")
    assert "response=0.48" in page.url and "damping=0.99705" in page.url


def test_preview_follows_the_exact_motion(page, server):
    open_studio(page, server, "damping=0.4&response=0.7&from=0&to=100&velocity=-300")
    page.evaluate("window.studio.lanes.forEach((l) => { l.segment.start = window.studio.time(); })")
    checked = 0
    for _ in range(20):
        time.sleep(0.03)
        frame = page.evaluate("""() => { const s = window.studio, lane = s.lanes[0];
            return { sim: s.lastFrame.simTime, position: s.lastFrame.positions[0], start: lane.segment.start,
                     from: lane.segment.from, to: lane.segment.to, v: lane.segment.velocity }; }""")
        t = frame["sim"] - frame["start"]
        x, _ = textbook(0.4, 0.7, frame["from"] - frame["to"], frame["v"], t)
        assert abs(frame["position"] - (frame["to"] + x)) < 1e-6, frame
        checked += 1
    assert checked == 20


def test_click_retargets_without_a_velocity_jump(page, server):
    open_studio(page, server, "damping=0.5&response=0.8&from=0&to=100")
    page.click("#replay")
    time.sleep(0.15)
    box = page.locator("#stage").bounding_box()
    page.mouse.click(box["x"] + box["width"] * 0.25, box["y"] + box["height"] - 3)  # below the boxes: a retarget, not a drag
    page.wait_for_function("window.studio.segments.length >= 1 && window.studio.segments[0].server !== undefined")
    record = page.evaluate("window.studio.segments[0]")
    before, segment, server_reply = record["before"], record["segment"], record["server"]
    # The state at the click, from the old segment by the textbook formula.
    x, v = textbook(0.5, 0.8, -100, 0, before["t"])
    assert abs(before["position"] - (100 + x)) < 1e-9 * 100
    assert abs(before["velocity"] - v) < 1e-9 * max(1, abs(v))
    # Retarget computed in the page, at once: the new segment starts with exactly that position and
    # velocity (continuous to 1e-9), and agrees with the server's own answer.
    assert segment["from"] == before["position"] and segment["velocity"] == before["velocity"]
    assert segment["start"] == record["at"]
    assert abs(server_reply["segment"]["from"] - segment["from"]) < 1e-9 * 100
    assert abs(server_reply["segment"]["velocity"] - segment["velocity"]) < 1e-9 * max(1, abs(v))
    assert server_reply["segment"]["to"] == segment["to"]
    assert abs(v) > 1  # it was moving
    # The box turned on the next frame: no frame waited for the server.
    page.wait_for_function(f"window.studio.lastFrame.simTime > {record['at']}")
    assert not any(page.evaluate("window.studio.lastFrame.pending"))
    # Restart: the velocity is reset (the contrast the toggle shows).
    page.check("#restart")
    page.mouse.click(box["x"] + box["width"] * 0.8, box["y"] + box["height"] - 3)
    page.wait_for_function("window.studio.segments.length >= 2")
    assert page.evaluate("window.studio.segments[1].segment.velocity") == 0
    page.wait_for_function("window.studio.segments[1].server !== undefined")
    assert page.evaluate("window.studio.segments[1].server.segment.velocity") == 0
    assert page.errors == []


def fling_left(page, step):
    """Grabs the first box and flings it left: eight moves of `step` px, 12 ms apart, then lets go."""
    box = page.locator(".box").first.bounding_box()
    x, y = box["x"] + 20, box["y"] + 20
    page.mouse.move(x, y)
    page.mouse.down()
    for i in range(1, 9):
        page.mouse.move(x - step * i, y)
        time.sleep(0.012)
    page.mouse.up()


def test_fling_uses_the_release_velocity(page, server):
    open_studio(page, server, "damping=0.7&response=0.5&from=0&to=100")
    time.sleep(1.2)  # at rest at 100
    fling_left(page, 30)
    page.wait_for_function("window.studio.lastFling !== undefined")
    fling = page.evaluate("window.studio.lastFling")
    # The release velocity is the slope of a least-squares line through the pointer's samples of the
    # last 100 ms (units per second), recomputed here from the samples the page kept. How fast the
    # pointer moved depends on the machine's load, so the test asserts the slope, not a speed.
    recent = [p for p in fling["samples"] if fling["at"] - p["t"] <= 100]
    assert len(recent) >= 2, fling
    mt = sum(p["t"] for p in recent) / len(recent)
    mx = sum(p["x"] for p in recent) / len(recent)
    slope = 1000 * sum((p["t"] - mt) * (p["x"] - mx) for p in recent) / sum((p["t"] - mt) ** 2 for p in recent)
    assert fling["velocity"] == pytest.approx(slope, rel=1e-9)
    assert fling["velocity"] < 0  # moved left
    lane = page.evaluate("window.studio.lanes[0].segment")
    assert lane["velocity"] == fling["velocity"] and lane["to"] in (0, 100)


def test_a_fling_or_a_retarget_never_makes_the_box_jump(page, server):
    # Issue 45: releasing a fling rescaled the stage, and the box leapt 61 px in one frame though its
    # value moved continuously. Every frame's box position is logged: the stage keeps its scale
    # through the release and a click retarget, and no frame moves the box more than its value moved
    # (times the scale) plus 1 px.
    open_studio(page, server, "damping=0.7&response=0.5&from=0&to=100")
    time.sleep(1.2)  # at rest at 100
    page.evaluate("""() => {
        window.pxLog = [];
        const log = () => { const f = window.studio.lastFrame; if (f) window.pxLog.push([f.pixels[0], f.positions[0], f.scale]);
                            requestAnimationFrame(log); };
        requestAnimationFrame(log);
    }""")
    fling_left(page, 45)
    page.wait_for_function("window.studio.lastFling !== undefined")
    time.sleep(0.6)
    stage = page.locator("#stage").bounding_box()
    page.mouse.click(stage["x"] + stage["width"] * 0.3, stage["y"] + stage["height"] - 3)
    time.sleep(0.6)
    log = page.evaluate("window.pxLog")
    assert len(log) > 40, len(log)
    assert len({round(scale, 9) for _, _, scale in log}) == 1, "the stage rescaled during the interaction"
    scale = log[0][2]
    jumps = [(a, b) for a, b in zip(log, log[1:]) if abs(b[0] - a[0]) > abs(b[1] - a[1]) * scale + 1]
    assert jumps == [], jumps[:3]
    assert page.errors == []


def test_keyboard_and_export_panel(page, server):
    open_studio(page, server)
    page.focus("#stage")
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("window.studio.segments.length >= 1")
    page.select_option("#exportTarget", "compose")
    assert "spring<Float>(dampingRatio = 0.5f" in page.locator("#exportCode").inner_text()
    page.select_option("#exportTarget", "css")
    assert "linear(0," in page.locator("#exportCode").inner_text()
    page.locator("#preset").select_option(label="Figma bouncy")
    page.wait_for_function("location.search.includes('response=0.256')")  # Figma Bouncy: k 600, c 15, m 1


def test_dark_theme_follows_the_system(browser, server):
    context = browser.new_context(color_scheme="dark")
    page = context.new_page()
    page.goto(f"{server}?damping=0.5&response=0.6")
    page.wait_for_function("document.querySelector('#chart .shown svg') !== null")
    assert "theme=dark" in page.locator("#chart").get_attribute("data-query")
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background in ("rgb(0, 0, 0)",)
    context.close()


@pytest.mark.parametrize("zeta", [0.5, 1.0, 1.6])
def test_export_preview_page_matches_the_exact_motion(browser, zeta):
    # The page inlines spring.js (the studio's closed form): checked in all three regimes.
    directory = tempfile.mkdtemp()
    out = os.path.join(directory, "preview.html")
    subprocess.run([built("springplot"), "export", "--damping", str(zeta), "--response", "0.6", "--velocity", "-800",
                    "--target", "css", "--preview", out], check=True, capture_output=True)
    page = browser.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    for t in (0.05, 0.2, 0.45, 0.8):
        page.goto(f"file://{out}?at={t}#t={t}")  # a new query: a hash change alone would not reload
        page.wait_for_function("window.springPreview !== undefined")
        page.wait_for_timeout(100)
        exact, linear, duration = page.evaluate("""() => [document.getElementById('exact'), document.getElementById('linear')]
            .map((el) => new DOMMatrix(getComputedStyle(el).transform).m41).concat([window.springPreview.P.duration])""")
        x, _ = textbook(zeta, 0.6, -1, -8, t)  # in units of the 100 px travel
        expected = 480 if t >= duration else (1 + x) * 480  # the page rests at the target once the easing ends
        assert abs(exact - expected) < 1e-6 * 480 + 1e-3, (zeta, t, exact, expected)
        # The exported CSS, interpolated by the browser, stays within its 0.5 % error (of the 480 px lane).
        assert abs(linear - exact) <= 0.005 * 480 + 0.01, (t, exact, linear)
    assert "function displacement(t) { return freeMotion(" in open(out).read()  # no closed form of its own
    assert errors == []
    page.close()


SMALLEST_CHART_TEXT = """() => {
    const svg = document.querySelector('#chart .shown svg'), box = svg.getBoundingClientRect(), k = box.width / svg.viewBox.baseVal.width;
    return Math.min(...[...svg.querySelectorAll('text')].map((t) => parseFloat(getComputedStyle(t).fontSize) * k));
}"""


@pytest.mark.parametrize("width, height", [(360, 740), (1024, 768), (1920, 1080)])
def test_any_screen_no_overflow_and_readable_chart(browser, server, width, height):
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(server)
    page.wait_for_function("document.querySelector('#chart .shown svg') !== null")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    smallest = page.evaluate(SMALLEST_CHART_TEXT)
    assert smallest >= 11, f"chart text {smallest:.2f} px at {width} px"
    # The chart box is drawn for its own size: as wide as the box (400 px at least).
    query = page.evaluate("document.querySelector('#chart').dataset.query")
    box = page.evaluate("document.querySelector('#chart').clientWidth")
    assert f"width={max(400, round(box))}&" in query
    assert errors == []
    context.close()


def test_resizing_redraws_the_chart_for_the_new_size(browser, server):
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    page = context.new_page()
    page.goto(server)
    page.wait_for_function("document.querySelector('#chart .shown svg') !== null")
    before = page.evaluate("document.querySelector('#chart').dataset.query")
    page.set_viewport_size({"width": 700, "height": 900})
    page.wait_for_function(f"document.querySelector('#chart').dataset.query !== {json.dumps(before)}")
    box = page.evaluate("document.querySelector('#chart').clientWidth")
    assert f"width={max(400, round(box))}&" in page.evaluate("document.querySelector('#chart').dataset.query")
    assert page.evaluate(SMALLEST_CHART_TEXT) >= 11
    assert page.evaluate("document.documentElement.scrollWidth") <= 700
    context.close()


def test_back_and_forward_undo_and_redo_a_slider_change(page, server):
    open_studio(page, server, "damping=0.68&response=0.8")
    page.wait_for_function("location.search.includes('damping=0.68')")
    page.locator("#dampingRange").evaluate("""(el) => { el.value = '1.2'; el.dispatchEvent(new Event('input', { bubbles: true }));
                                                       el.dispatchEvent(new Event('change', { bubbles: true })); }""")
    page.wait_for_function("location.search.includes('damping=1.2')")
    page.go_back()
    page.wait_for_function("location.search.includes('damping=0.68') && document.querySelector('#damping').value === '0.68'")
    page.wait_for_function("document.querySelector('#chart').dataset.query.includes('damping=0.68')")
    assert page.input_value("#dampingRange") == "0.68"
    page.go_forward()
    page.wait_for_function("document.querySelector('#damping').value === '1.2'")
    assert page.errors == []


def test_the_address_keeps_the_target_and_toggles(page, server):
    open_studio(page, server)
    page.wait_for_function("document.querySelector('#exportTarget').options.length > 5")
    page.select_option("#exportTarget", "react-spring")
    page.check("#slow")
    page.wait_for_function("location.search.includes('target=react-spring') && location.search.includes('slow=1')")
    page.reload()
    page.wait_for_function("document.querySelector('#exportTarget').value === 'react-spring'")
    assert page.is_checked("#slow") and not page.is_checked("#restart")
    assert "tension" in page.inner_text("#exportCode")
    assert page.locator("#copyLink").is_visible()


def test_a_malformed_address_names_the_bad_parameter_and_falls_back(page, server):
    page.goto(server + "?damping=abc&response=0&to=50&target=nowhere")
    page.wait_for_function("document.querySelector('#chart .shown svg') !== null && document.querySelector('#exportTarget').options.length > 5")
    message = page.inner_text("#urlStatus")
    for part in ["damping=abc", "response=0", "target=nowhere"]:
        assert part in message, message
    default = json.loads(fetch(server + "api/studio.json")[2])["defaults"]["damping"]
    assert page.input_value("#damping") == str(default) and page.input_value("#to") == "50"
    assert page.is_visible("#chart .shown svg") and page.errors == []


def luminance(rgb):
    def channel(c):
        c = c / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b):
    la, lb = sorted([luminance(a), luminance(b)], reverse=True)
    return (la + 0.05) / (lb + 0.05)


def rgb(css):
    return tuple(int(float(x)) for x in re.findall(r"[\d.]+", css)[:3])


@pytest.mark.parametrize("scheme, width", [("light", 1400), ("dark", 1400), ("light", 390)])
def test_accessibility_axe_finds_nothing_serious(browser, server, scheme, width):
    from axe_playwright_python.sync_playwright import Axe
    context = browser.new_context(viewport={"width": width, "height": 900}, color_scheme=scheme)
    page = context.new_page()
    page.goto(server)
    page.wait_for_function("document.querySelector('#chart .shown svg') !== null && document.querySelector('#exportCode').textContent.length > 0")
    violations = Axe().run(page).response["violations"]
    serious = [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3]) for v in violations if v["impact"] in ("serious", "critical")]
    assert serious == [], serious
    # The focus ring stands out at 3:1 or more against the page and the panels.
    page.keyboard.press("Tab")
    ring = page.evaluate("getComputedStyle(document.activeElement).outlineColor")
    for surface in ["body", "fieldset"]:
        background = page.evaluate(f"getComputedStyle(document.querySelector('{surface}')).backgroundColor")
        assert contrast(rgb(ring), rgb(background)) >= 3, (ring, surface, background)
    context.close()


def test_reduced_motion_pauses_the_preview_and_keeps_the_chart(browser, server):
    context = browser.new_context(viewport={"width": 1400, "height": 900}, reduced_motion="reduce")
    page = context.new_page()
    page.goto(server)
    page.wait_for_function("document.querySelector('#chart .shown svg') !== null && window.studio.lastFrame !== undefined")
    page.wait_for_timeout(300)
    frame = page.evaluate("window.studio.lastFrame")
    assert frame["paused"] is True
    target = page.evaluate("window.studio.lanes[0].segment.to")
    assert frame["positions"][0] == target
    context.close()


def test_focus_stays_in_the_comparison_when_a_spring_is_removed(page, server):
    open_studio(page, server)
    page.click("#addCompare")
    page.click("#addCompare")
    page.wait_for_function("document.querySelectorAll('#compareList button').length === 2")
    page.focus("#compareList button[data-remove='1']")
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelectorAll('#compareList button').length === 1")
    assert page.evaluate("document.activeElement.dataset.remove") == "0"
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelectorAll('#compareList button').length === 0")
    assert page.evaluate("document.activeElement.id") == "addCompare"


def test_people_read_four_digits_and_an_edited_preset_is_custom(page, server):
    open_studio(page, server)
    page.wait_for_function("document.querySelector('#metrics b') !== null")
    for value in page.eval_on_selector_all("#metrics b", "(els) => els.map((e) => e.textContent)"):
        digits = re.sub(r"[^0-9]", "", value.split()[0]).lstrip("0")
        assert len(digits) <= 4, value
    page.select_option("#preset", label="SwiftUI .bouncy")
    page.wait_for_function("document.querySelector('#swiftui-duration').value === '0.5'")
    show_conventions(page)
    page.fill("#bounce", "0.2")
    page.dispatch_event("#bounce", "input")
    assert page.input_value("#preset") == ""
    assert page.evaluate("document.querySelector('#preset').selectedOptions[0].textContent").startswith("custom")


def test_the_stage_holds_the_whole_excursion_and_drags_rubber_band(page, server):
    # ζ 0.1 flung hard: the first swing goes far past both ends of 0 → 100.
    open_studio(page, server, "damping=0.1&response=0.8&from=0&to=100&velocity=3000")
    stage = page.locator("#stage").bounding_box()
    for _ in range(25):
        box = page.locator(".box").first.bounding_box()
        assert stage["x"] - 1 <= box["x"] and box["x"] + box["width"] <= stage["x"] + stage["width"] + 1, (box, stage)
        time.sleep(0.04)
    extent = page.evaluate("window.studio.extent")
    x, _ = textbook(0.1, 0.8, -100, 3000, 0.1)  # well past the target early on
    assert extent["hi"] > 100 + x * 0.9 and extent["lo"] < 0
    # Dragging far past the stage's end: the box follows less and less and stays near the edge.
    time.sleep(0.3)
    box = page.locator(".box").first.bounding_box()
    page.mouse.move(box["x"] + 20, box["y"] + 20)
    page.mouse.down()
    page.mouse.move(stage["x"] + stage["width"] + 600, box["y"] + 20, steps=8)
    dragged = page.locator(".box").first.bounding_box()
    page.mouse.up()
    assert dragged["x"] < stage["x"] + stage["width"] + 0.3 * stage["width"]
    assert page.errors == []


def test_one_colour_per_spring_and_presets_from_the_server(page, server):
    open_studio(page, server, "damping=0.5&response=0.6&compare=0.9:0.4")
    definitions = json.loads(fetch(server + "api/studio.json")[2])
    # Every preset the Swift side defines is offered, and nothing else.
    offered = page.eval_on_selector_all("#preset option", "(os) => os.map((o) => o.value).filter(Boolean)")
    assert offered == [p["query"] for p in definitions["presets"]]
    assert len(offered) >= 20
    # The preview's boxes and the comparison swatch take the chart's colours, spring by spring.
    palette = definitions["palettes"]["light"]
    page.wait_for_function("document.querySelectorAll('#stage .box').length === 2")
    boxes = page.eval_on_selector_all("#stage .box", "(bs) => bs.map((b) => getComputedStyle(b).backgroundColor)")
    swatch = page.eval_on_selector("#compareList .swatch", "(s) => getComputedStyle(s).backgroundColor")
    hex_of = lambda css: "#%02X%02X%02X" % rgb(css)
    assert [hex_of(b) for b in boxes] == palette[:2] and hex_of(swatch) == palette[1]
    # The chart strokes each spring's curves in the same colour (Cairo writes rgb() in percent).
    page.wait_for_function("document.querySelector('#chart').dataset.query.includes('damping=0.5,0.9')")
    strokes = set(page.eval_on_selector_all("#chart .shown svg path", "(ps) => ps.map((p) => p.getAttribute('style') || '')"))
    for color in palette[:2]:
        r, g, b = (int(color[i:i + 2], 16) / 255 * 100 for i in (1, 3, 5))
        percent = lambda x: "0%" if x == 0 else f"{x:.6f}%"
        assert any(f"stroke:rgb({percent(r)},{percent(g)},{percent(b)})" in style for style in strokes), color


def test_pasted_code_loads_its_spring(page, server):
    open_studio(page, server)
    page.fill("#code", "spring(dampingRatio = Spring.DampingRatioLowBouncy, stiffness = 400f)")
    page.click("#loadCode")
    # ζ 0.75, response 2π/√400 = 0.314159… s
    page.wait_for_function("Math.abs(window.studio.state.damping - 0.75) < 1e-12 && Math.abs(window.studio.state.response - 0.3141592653589793) < 1e-12")
    assert "0.75" in page.inner_text("#codeStatus")
    page.wait_for_function("document.querySelector('#chart').dataset.query.includes('damping=0.75')")
    page.fill("#code", "let x = 5")
    page.click("#loadCode")
    page.wait_for_function("document.querySelector('#codeStatus').classList.contains('error')")
    assert "no spring found" in page.inner_text("#codeStatus")
    assert page.evaluate("window.studio.state.damping") == 0.75  # nothing changed
    # Code with no spring in it is an answer (200 with a problem), so the console stays clean.
    assert page.errors == []
    status, _, body = fetch(server + "api/code.json?code=let%20x%20%3D%205")
    assert status == 200 and "no spring found" in json.loads(body)["problem"], body
    assert fetch(server + "api/code.json?code=")[0] == 400  # no code at all is a bad request


def test_a_dropped_recording_loads_its_spring_and_is_deleted(page, server):
    open_studio(page, server)
    # The clip was drawn with ζ 0.5, response 0.5 s (scripts/track/make_fixtures.sh).
    page.set_input_files("#trackFile", str(TRACK_CLIPS / "x-h264-60.mp4"))
    page.wait_for_function("document.querySelector('#trackStatus').textContent.startsWith('tracked')", timeout=30000)
    zeta, response = page.evaluate("[window.studio.state.damping, window.studio.state.response]")
    assert abs(zeta / 0.5 - 1) < 0.02 and abs(response / 0.5 - 1) < 0.02, (zeta, response)
    # The motion it measured, not 0 → 100: the clip's box went from x = 100 to 380 px, from rest.
    start, end, velocity = page.evaluate("[window.studio.state.from, window.studio.state.to, window.studio.state.velocity]")
    assert abs(start - 100) < 2 and abs(end - 380) < 2 and abs(velocity) < 30, (start, end, velocity)
    assert float(page.input_value("#from")) == start and float(page.input_value("#to")) == end
    page.wait_for_function(f"document.querySelector('#chart').dataset.query.includes('damping={zeta}')")
    assert [name for name in os.listdir(SCRATCH) if name.startswith("spring-studio-upload-")] == []

    # A drop works like the chooser; motion that is not a spring is refused with the reason, and nothing changes.
    page.evaluate("""async (bytes) => {
        const file = new File([new Uint8Array(bytes)], "ease.mp4", { type: "video/mp4" });
        const data = new DataTransfer(); data.items.add(file);
        document.querySelector('#trackDrop').dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    }""", list((TRACK_CLIPS / "ease.mp4").read_bytes()))
    page.wait_for_function("document.querySelector('#trackStatus').classList.contains('error')", timeout=30000)
    assert "no spring explains this motion" in page.inner_text("#trackStatus")
    assert page.evaluate("window.studio.state.damping") == zeta
    assert [name for name in os.listdir(SCRATCH) if name.startswith("spring-studio-upload-")] == []
    assert page.errors == []  # the refusal is an answer (200 with a problem), not a console error


def test_export_reply_is_springplot_exports(server):
    # One reply type: the studio's export is `springplot export --json` for the same spring and motion.
    status, _, body = fetch(server.rstrip("/") + "/api/export.json?damping=0.5&response=0.6&from=10&to=310&velocity=-800")
    assert status == 200, body
    cli = subprocess.run([built("springplot"), "export", "--damping", "0.5", "--response", "0.6", "--from", "10", "--to", "310",
                          "--velocity", "-800", "--json"], check=True, capture_output=True, text=True)
    studio, springplot = json.loads(body), json.loads(cli.stdout)
    assert studio == springplot
    assert studio["motion"] == {"from": 10, "to": 310, "velocity": -800, "cssError": 0.5}
    assert len(studio["targets"]) == 21 and all(t["platforms"] for t in studio["targets"][:19])


@pytest.mark.parametrize("name,zeta", [("x-h264-60", 0.5), ("x-snap2", 0.7)])
def test_track_reply_is_springplot_tracks(server, name, zeta):
    # One reply type: the studio answers a recording with exactly what `springplot track --json` writes
    # for the same file (the studio on one line, springplot indented; the same keys and numbers). The
    # second clip is drawn at 2 px steps, as pixel-snapped toolkits draw.
    clip = TRACK_CLIPS / f"{name}.mp4"
    status, _, body = fetch(server.rstrip("/") + "/api/track", method="POST", body=clip.read_bytes())
    assert status == 200, body
    cli = subprocess.run([built("springplot"), "track", str(clip), "--json"], check=True, capture_output=True, text=True)
    studio, springplot = json.loads(body), json.loads(cli.stdout)
    assert studio == springplot
    assert list(studio)[:3] == ["samples", "recordedSamples", "residualRMS"] and "trackedSamples" in studio
    assert abs(studio["dampingRatio"]["value"] / zeta - 1) < 0.02, studio["dampingRatio"]
    # The nearest named spring across every platform's constants, in its platform's spelling.
    assert set(studio["nearestPreset"]) == {"name", "title", "family", "dampingRatio", "response", "distance"}


def test_track_upload_is_capped_and_post_is_only_for_it(server):
    # A declared length over the cap is refused before any of the body is read.
    import socket
    host, port = server.split("//")[1].rstrip("/").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as connection:
        connection.sendall(f"POST /api/track HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: {33 << 20}\r\n\r\n".encode())
        reply = connection.recv(65536).decode()
    assert reply.startswith("HTTP/1.1 413") and "32 MiB" in reply, reply
    base = server.rstrip("/")
    status, _, body = fetch(base + "/api/track", method="POST", body=b"not a video")
    assert status == 200 and "cannot read the upload as video" in json.loads(body)["problem"], body
    status, _, _ = fetch(base + "/api/chart.svg", method="POST", body=b"x")
    assert status == 405


def test_a_platform_preview_plays_the_targets_own_frames(page, server):
    open_studio(page, server, "damping=0.68&response=0.8&target=react-spring&steps=1")
    page.wait_for_function("window.studio.lanes.some((l) => l.platform)")
    lane = page.evaluate("window.studio.lanes.findIndex((l) => l.platform)")
    assert lane == 1 and "react-spring" in page.inner_text(".lane.platform .name")
    frames = json.loads(fetch(server + "api/platform.json?platform=react-spring&fps=60&damping=0.68&response=0.8&from=0&to=100")[2])
    assert frames["positions"] == page.evaluate("window.studio.lanes[1].platform.positions")
    # react-spring runs 2 % fast at 60 Hz: its frames differ from the exact motion, by up to 0.8-5.5 % of the travel.
    worst = max(abs(x - (100 + textbook(0.68, 0.8, -100, 0, i / 60)[0])) for i, x in enumerate(frames["positions"][:-1]))
    assert 0.8 < worst < 5.5
    # The lane shows the frame of the current time, held until the next.
    shown = page.evaluate("""() => { const s = window.studio, l = s.lanes[1];
        const i = Math.min(Math.floor(Math.max(0, s.lastFrame.simTime - l.segment.start) * 60 + 1e-9), l.platform.positions.length - 1);
        return [s.lastFrame.positions[1], l.platform.positions[i]]; }""")
    assert shown[0] == shown[1]
    assert page.errors == []


def test_platform_switch_beside_the_stage_states_the_difference(page, server):
    open_studio(page, server, "damping=0.68&response=0.8&target=react-spring")
    page.wait_for_function("document.querySelector('#platformLabel').textContent === 'as react-spring runs it'")
    # The switch is in the motion block, with the chart and the stage.
    assert page.evaluate("document.querySelector('#motion').contains(document.querySelector('#platformPreview'))")
    assert page.get_attribute("#platformPreview", "role") == "switch"
    assert page.inner_text("#platformDifference") == ""
    page.click("#platformPreview")
    page.wait_for_function("document.querySelector('#platformDifference').textContent.length > 0")
    assert "steps=1" in page.url
    for fps in (60, 120):
        if fps == 120:
            page.select_option("#platformFps", "120")
            page.wait_for_function("document.querySelector('#platformDifference').textContent.includes('120 Hz')")
            assert "fps=120" in page.url
        frames = json.loads(fetch(server + f"api/platform.json?platform=react-spring&fps={fps}&damping=0.68&response=0.8&from=0&to=100")[2])
        # The difference, worked out here from the server's frames and the textbook solution.
        gaps = [abs(x - (100 + textbook(0.68, 0.8, -100, 0, i / fps)[0])) for i, x in enumerate(frames["positions"])]
        worst = max(gaps)
        def settles(xs):
            n = len(xs)
            while n > 0 and abs(xs[n - 1] - 100) <= 1:
                n -= 1
            return n
        exact = [100 + textbook(0.68, 0.8, -100, 0, i / fps)[0] for i in range(60 * fps)]
        late = settles(frames["positions"]) - settles(exact)
        text = page.inner_text("#platformDifference")
        assert text.startswith(f"react-spring at {fps} Hz: at most "), text
        shown = float(re.search(r"at most ([0-9.]+) px", text).group(1))
        assert abs(shown - worst) <= 0.0005 * worst + 1e-9, (text, worst)
        assert f"(frame {gaps.index(worst)})" in text, (text, gaps.index(worst))
        assert f"from frame {settles(frames['positions'])}," in text, text
        words = "the same frame as the exact motion" if late == 0 else f"{abs(late)} frame{'s' if abs(late) != 1 else ''} {'after' if late > 0 else 'before'}"
        assert words in text, (text, late)
        assert page.evaluate("window.studio.lanes[1].platform.fps") == fps
    # Back to the exact motion alone: one lane per spring, no statement.
    page.click("#platformPreview")
    page.wait_for_function("!window.studio.lanes.some((l) => l.platform)")
    assert page.inner_text("#platformDifference") == ""
    assert page.errors == []


def test_other_conventions_are_folded_until_asked_for(page, server):
    open_studio(page, server)
    assert page.get_attribute("#allConventions", "open") is None
    assert not page.is_visible("#stiffness") and page.is_visible("#durationRange") and page.is_visible("#bounceRange")
    assert page.is_visible("#dampingRange") and page.is_visible("#responseRange")
    page.click("#allConventions summary")
    assert page.is_visible("#stiffness") and page.is_visible("#origami-friction")
    # The folded fields still follow the spring.
    page.wait_for_function("document.querySelector('#stiffness').value !== ''")
    assert abs(float(page.input_value("#stiffness")) - (2 * math.pi / 0.6) ** 2) < 0.1
    assert page.errors == []


def test_field_rules_come_from_the_server(page, server):
    # /api/studio.json serves SpringInput's rules; the page applies them as served.
    rules = json.loads(fetch(server + "api/studio.json")[2])["fields"]
    assert rules["damping"] == {"lower": 0, "lowerInclusive": True, "upper": None, "upperInclusive": False, "message": "damping must be ≥ 0"}
    assert rules["bounce"]["upper"] == 1 and rules["bounce"]["upperInclusive"] is True and rules["bounce"]["lowerInclusive"] is False
    assert rules["response"]["lowerInclusive"] is False and "instant jump" in rules["response"]["message"]
    assert rules["origami-tension"]["upper"] == 1e6
    open_studio(page, server)
    page.route("**/api/studio.json", lambda route: route.fulfill(
        status=200, content_type="application/json",
        body=json.dumps({**json.loads(fetch(server + "api/studio.json")[2]),
                         "fields": {**rules, "mass": {"lower": 5, "lowerInclusive": True, "upperInclusive": False, "message": "mass must be ≥ 5 here"}}})))
    page.reload()
    page.wait_for_function("document.querySelector('#chart .shown svg') !== null")
    show_conventions(page)
    page.fill("#mass", "2")
    page.dispatch_event("#mass", "change")
    assert page.inner_text("#mass-error") == "mass must be ≥ 5 here"


def test_defaults_and_limits_come_from_the_server(page, server):
    # A link without parameters shows the spring every endpoint uses when none is named (SpringInput's).
    definitions = json.loads(fetch(server + "api/studio.json")[2])
    assert definitions["defaults"] == {"damping": 0.7, "response": 0.5, "mass": 1, "from": 0, "to": 100, "velocity": 0}
    assert definitions["limits"] == {"compared": 3, "span": {"lower": 0.001, "upper": 600}, "frameRates": [60, 120]}
    page.goto(server)
    page.wait_for_function("document.querySelector('#chart .shown svg') !== null")
    assert (page.input_value("#damping"), page.input_value("#response"), page.input_value("#to")) == ("0.7", "0.5", "100")
    page.wait_for_function("location.search.startsWith('?damping=0.7&response=0.5&mass=1&from=0&to=100&velocity=0')")
    # The page holds none of them itself: served other values, it shows those.
    page.route("**/api/studio.json", lambda route: route.fulfill(
        status=200, content_type="application/json",
        body=json.dumps({**definitions, "defaults": {**definitions["defaults"], "damping": 0.33, "response": 1.25, "to": 40},
                         "limits": {"compared": 1, "span": {"lower": 0.5, "upper": 9}, "frameRates": [30, 90]}})))
    page.goto(server + "?fps=120&span=20")
    page.wait_for_function("document.querySelector('#chart .shown svg') !== null")
    assert (page.input_value("#damping"), page.input_value("#response"), page.input_value("#to")) == ("0.33", "1.25", "40")
    assert page.eval_on_selector_all("#platformFps option", "(os) => os.map((o) => o.value)") == ["30", "90"]
    problems = page.inner_text("#urlStatus")
    assert "fps=120 is not 30 or 90; using 30" in problems and "span=20 is not a time axis of 0.5 to 9 s" in problems
    page.click("#addCompare")
    page.wait_for_function("document.querySelector('#addCompare').disabled")


@pytest.mark.parametrize("field, value, message", [("response", "0", "response must be > 0"),
                                                   ("bounce", "1.5", "bounce must be in (-1, 1]"),
                                                   ("stiffness", "-3", "stiffness must be > 0"),
                                                   ("to", "", "must be a number")])
def test_fields_refuse_what_the_server_would_with_a_message_beside_them(page, server, field, value, message):
    open_studio(page, server)
    requests = []
    page.on("request", lambda request: requests.append(request.url) if "/api/spring.json" in request.url else None)
    before = page.evaluate("JSON.stringify(window.studio.state)")
    show_conventions(page)
    page.fill(f"#{field}", value)
    page.dispatch_event(f"#{field}", "change")
    error = page.locator(f"#{field}-error")
    assert message in error.inner_text()
    assert page.get_attribute(f"#{field}", "aria-invalid") == "true"
    assert page.get_attribute(f"#{field}", "aria-describedby") == f"{field}-error"
    page.wait_for_timeout(200)
    assert page.evaluate("JSON.stringify(window.studio.state)") == before and requests == []  # nothing was sent
    # Corrected, the message goes and the value is used.
    page.fill(f"#{field}", {"response": "0.4", "bounce": "0.2", "stiffness": "300", "to": "80"}[field])
    page.dispatch_event(f"#{field}", "input")
    assert page.locator(f"#{field}-error").count() == 0
    assert page.get_attribute(f"#{field}", "aria-invalid") is None


@pytest.mark.parametrize("button,extension", [("#downloadGif", "gif"), ("#downloadWebm", "webm")])
def test_clip_downloads_are_springplot_animates(page, server, button, extension):
    # Issue 47: the preview's downloads are the clip `springplot animate` writes for the same values.
    open_studio(page, server, "damping=0.5&response=0.6")
    with page.expect_download() as info:
        page.click(button)
    download = info.value
    assert download.suggested_filename == f"spring.{extension}"
    data = open(download.path(), "rb").read()
    assert data.startswith(b"GIF89a" if extension == "gif" else b"\x1a\x45\xdf\xa3")
    query = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(page.get_attribute(button, "href")).query))
    assert query["damping"] == "0.5" and query["response"] == "0.6", query
    options = []
    for name in ("damping", "response", "mass", "from", "to", "velocity"):
        if name in query:
            options += [f"--{name}", query[name]]
    if query.get("theme") == "dark":
        options += ["--theme", "dark"]
    directory = tempfile.mkdtemp()
    out = os.path.join(directory, f"clip.{extension}")
    subprocess.run([built("springplot"), "animate", *options, "-o", out], check=True, capture_output=True)
    assert open(out, "rb").read() == data


def test_lottie_download_is_springplot_export(page, server):
    # Issue 47: "Download Lottie" is the file `springplot export --target lottie` writes for the link.
    open_studio(page, server, "damping=0.5&response=0.6")
    with page.expect_download() as info:
        page.click("#downloadLottie")
    download = info.value
    assert download.suggested_filename == "spring.json"
    data = open(download.path(), "rb").read()
    assert json.loads(data)["layers"]
    query = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(page.get_attribute("#downloadLottie", "href")).query))
    assert query["damping"] == "0.5" and query["response"] == "0.6", query
    options = []
    for name in ("damping", "response", "mass", "from", "to", "velocity", "error"):
        if name in query:
            options += [f"--{name}", query[name]]
    out = os.path.join(tempfile.mkdtemp(), "spring.json")
    subprocess.run([built("springplot"), "export", *options, "--target", "lottie", "-o", out], check=True,
                   capture_output=True)
    assert open(out, "rb").read() == data
    # A value the fit cannot take is a 400 naming it.
    reply = page.request.get(f"{server.rstrip('/')}/api/lottie.json?damping=0.5&response=0.6&to=0")
    assert reply.status == 400 and "to" in reply.text()
