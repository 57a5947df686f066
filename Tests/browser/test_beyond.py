"""Beyond one spring in the studio: the keyframe strip (a spring sequence) and the path pad (a chase), in
headless Chromium. The reference motion is the textbook closed form (scripts/lib/exact_spring.py, through
test_studio's textbook), keyframe by keyframe and path piece by path piece, independently of the page's script and of SpringMath."""
import json
import math
import subprocess
import tempfile
import time

from test_studio import browser, built, fetch, page, server, textbook  # noqa: F401 (pytest fixtures)

# The page's starter sequence: its first keyframe has the server's default spring (SpringInput's,
# served by /api/studio.json), the others their own.
DEFAULT_DAMPING, DEFAULT_RESPONSE = 0.7, 0.5
SEQUENCE = {"from": 0, "keyframes": [
    {"to": 100, "at": 0, "spring": {"dampingRatio": DEFAULT_DAMPING, "response": DEFAULT_RESPONSE}},
    {"to": 40, "at": 0.45, "spring": {"dampingRatio": 0.7, "response": 0.4}},
    {"to": 70, "at": 1.1, "spring": {"dampingRatio": 0.5, "response": 0.5}},
]}


def sequence_position(sequence, t):
    """The sequence at t: each keyframe's free motion from the state the previous one reached."""
    x, v = sequence["from"], sequence.get("velocity", 0)
    frames = sequence["keyframes"]
    if t < frames[0]["at"]:
        return x
    for i, frame in enumerate(frames):
        end = frames[i + 1]["at"] if i + 1 < len(frames) else math.inf
        spring = frame["spring"]
        dt = min(t, end) - frame["at"]
        d, v = textbook(spring["dampingRatio"], spring["response"], x - frame["to"], v, dt)
        x = frame["to"] + d
        if t < end:
            return x
    return x


def chase_position(zeta, response, path, t):
    """A spring chasing a target straight between the path's points (at rest before and after), from the
    first point at rest: on each piece, the offset from the trailing path (target − lag) and the speed
    relative to the target move freely; the lag is 2ζ/ω₀ times the target's velocity."""
    x, v, clock = path[0][1], 0.0, 0.0
    kinks = [p[0] for p in path if 0 < p[0] < t] + [t]
    for end in kinks:
        piece = max([i for i, p in enumerate(path) if p[0] <= clock] or [0])
        if clock < path[0][0] or piece == len(path) - 1:
            velocity, start = 0.0, path[piece][1] if clock >= path[0][0] else path[0][1]
        else:
            (t0, x0), (t1, x1) = path[piece], path[piece + 1]
            velocity = (x1 - x0) / (t1 - t0)
            start = x0 + velocity * (clock - t0)
        lag = 2 * zeta / (2 * math.pi / response) * velocity
        y, w = textbook(zeta, response, x - (start - lag), v - velocity, end - clock)
        x, v = start + velocity * (end - clock) - lag + y, velocity + w
        clock = end
    return x


def open_beyond(page, server):
    defaults = json.loads(fetch(server + "api/studio.json")[2])["defaults"]
    assert (defaults["damping"], defaults["response"]) == (DEFAULT_DAMPING, DEFAULT_RESPONSE)
    page.goto(server)
    page.wait_for_function("document.querySelector('#sequenceChart svg') !== null"
                           " && window.studioBeyond.lastFrame !== undefined", timeout=20000)


def test_the_sequence_preview_plays_the_exact_sequence(page, server):
    open_beyond(page, server)
    page.evaluate("document.querySelector('#sequenceStrip').scrollIntoView()")
    seen = []
    for _ in range(12):
        frame = page.evaluate("window.studioBeyond.lastFrame")
        assert frame["what"] == "sequence"
        seen.append(frame["t"])
        expected = sequence_position(SEQUENCE, frame["t"])
        assert abs(frame["position"] - expected) <= 1e-6 * 100, (frame, expected)
        time.sleep(0.15)
    assert max(seen) > 0.45, seen  # past the first handover
    assert "linear(" in page.inner_text("#sequenceCode")
    assert page.errors == [] and page.evaluate("window.studioBeyond.errors") == []


def test_sequence_replies_are_springplots(server):
    query = "sequence=" + urllib_quote(json.dumps(SEQUENCE))
    status, _, body = fetch(f"{server}api/sequence-export.json?{query}")
    assert status == 200, body
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as file:
        json.dump(SEQUENCE, file)
    cli = subprocess.run([built("springplot"), "export", "--sequence", file.name, "--json"], check=True, capture_output=True, text=True)
    assert json.loads(body) == json.loads(cli.stdout)
    status, _, body = fetch(f"{server}api/sequence.json?{query}")
    data = subprocess.run([built("springplot"), "data", "--sequence", file.name, "--json", "--samples", "2"],
                          check=True, capture_output=True, text=True)
    assert status == 200 and json.loads(body)["sequence"] == json.loads(data.stdout)["sequence"]
    status, kind, body = fetch(f"{server}api/sequence.svg?{query}")
    assert status == 200 and kind == "image/svg+xml" and b"<svg" in body
    status, _, body = fetch(f"{server}api/sequence.json?sequence=" + urllib_quote('{"from": 0, "keyframes": [{"to": 1}]}'))
    assert status == 400 and json.loads(body)["parameter"] == "sequence" and "keyframe 1: spring is missing" in json.loads(body)["error"]


def urllib_quote(text):
    import urllib.parse
    return urllib.parse.quote(text, safe="")


def test_a_bad_keyframe_is_named_and_the_server_is_not_asked(page, server):
    open_beyond(page, server)
    page.fill("input[aria-label='keyframe 2 at, seconds']", "0")
    page.dispatch_event("input[aria-label='keyframe 2 at, seconds']", "change")
    page.wait_for_function("document.querySelector('#sequenceStatus').textContent.length > 0")
    assert page.inner_text("#sequenceStatus") == "keyframe 2: at must come after keyframe 1's"
    page.fill("input[aria-label='keyframe 2 at, seconds']", "0.3")
    page.dispatch_event("input[aria-label='keyframe 2 at, seconds']", "change")
    page.wait_for_function("document.querySelector('#sequenceStatus').textContent === ''")
    page.click("#addKeyframe")
    page.wait_for_function("window.studioBeyond.sequence.sequence.keyframes.length === 4")
    time.sleep(0.3)
    assert page.errors == []


def test_drawing_a_path_chases_it_exactly(page, server):
    open_beyond(page, server)
    pad = page.locator("#pathPad")
    pad.scroll_into_view_if_needed()
    box = pad.bounding_box()
    page.mouse.move(box["x"] + 2, box["y"] + box["height"] * 0.9)
    page.mouse.down()
    for i in range(1, 41):
        page.mouse.move(box["x"] + 2 + (box["width"] * 0.8) * i / 40, box["y"] + box["height"] * (0.9 - 0.7 * math.sin(i / 40 * math.pi)))
    page.mouse.up()
    page.wait_for_function("window.studioBeyond.chase !== null && window.studioBeyond.lastFrame.what === 'chase'")
    path = page.evaluate("window.studioBeyond.path")
    assert 10 <= len(path) <= 64 and all(b[0] > a[0] for a, b in zip(path, path[1:]))
    chase = page.evaluate("window.studioBeyond.chase")
    # The page sends the path rounded to 1 ms and 0.01 units: the reference uses what it sent.
    sent = [(round(t, 3), round(x, 2)) for t, x in path]
    for t, x in list(zip(chase["t"], chase["position"]))[::12]:
        assert abs(x - chase_position(DEFAULT_DAMPING, DEFAULT_RESPONSE, sent, t)) <= 1e-9 * 100, t
    assert "targetVelocity" in page.inner_text("#chaseCode")
    assert page.errors == []


def test_the_sequence_box_is_placed_on_the_stage_as_wide_as_it_is_now(page, server):
    """The stage's width is kept as it changes (not read in each frame): after the window narrows,
    a replayed sequence still ends with its box where the stage's own scale puts it."""
    open_beyond(page, server)
    page.evaluate("document.querySelector('#sequenceStrip').scrollIntoView()")

    def rests_where_the_scale_says():
        page.wait_for_function("window.studioBeyond.playing === null && window.studioBeyond.lastFrame.what === 'sequence'",
                               timeout=20000)
        got = page.evaluate("""() => {
            const beyond = window.studioBeyond, stage = document.querySelector('#sequenceStage');
            const box = stage.querySelector('.box');
            return { px: new DOMMatrix(getComputedStyle(box).transform).m41, position: beyond.lastFrame.position,
                     lo: beyond.extent.lo, hi: beyond.extent.hi, width: stage.clientWidth };
        }""")
        # The stage's scale: 24 px in from the left, 64 px in from the right.
        expected = 24 + (got["position"] - got["lo"]) / (got["hi"] - got["lo"]) * (got["width"] - 64 - 24)
        assert abs(got["px"] - expected) < 0.5, (got, expected)
        return got["width"]

    wide = rests_where_the_scale_says()
    page.set_viewport_size({"width": 700, "height": 1300})
    page.wait_for_timeout(300)
    page.fill("#sequenceFrom", "10")
    page.dispatch_event("#sequenceFrom", "change")
    page.wait_for_function("window.studioBeyond.playing !== null", timeout=20000)
    narrow = rests_where_the_scale_says()
    assert narrow < wide - 100, (wide, narrow)
    assert page.errors == [] and page.evaluate("window.studioBeyond.errors") == []
