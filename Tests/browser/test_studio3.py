"""Studio 3 (issue 30): the motion on screen while tuning, duration and bounce first, undo that matches a
person, honest link messages. The scales are checked against SwiftUI's published definitions (duration is
the response; bounce = 1 − ζ, or 1/ζ − 1 above critical damping), written here independently."""
import math
import time
import urllib.parse

import pytest

from test_studio import browser, fetch, open_studio, page, server, textbook  # noqa: F401 (pytest fixtures)


def rect(page, selector):
    return page.evaluate(f"(() => {{ const r = document.querySelector('{selector}').getBoundingClientRect();"
                         " return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; })()")


@pytest.mark.parametrize("width, height", [(360, 740), (390, 844), (1024, 768), (1440, 900), (1920, 1080)])
def test_the_motion_stays_on_screen_while_a_primary_slider_moves(browser, server, width, height):
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server)
    page.wait_for_function("document.querySelector('#chart .shown svg') !== null && window.studio.lastFrame !== undefined")
    for slider in ["#durationRange", "#bounceRange"]:
        page.focus(slider)
        before = page.evaluate("document.querySelector('#chart').dataset.query")
        for _ in range(3):
            page.keyboard.press("ArrowRight")
        page.wait_for_function(f"document.querySelector('#chart').dataset.query !== {before!r}")
        # Replay and the preview's switches travel with the stage (issue 45: at 1440×900 Replay sat
        # below the fold, away from its stage).
        for selector in ["#chart", "#stage", "#replay", "#restart", slider]:
            box = rect(page, selector)
            assert box["top"] >= 0 and box["bottom"] <= height and box["right"] <= width, (width, selector, box)
        stage, replay = rect(page, "#stage"), rect(page, "#replay")
        assert 0 <= replay["top"] - stage["bottom"] <= 40, (width, stage, replay)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert errors == []
    context.close()


def test_duration_is_logarithmic_and_bounce_is_swiftuis(page, server):
    open_studio(page, server, "damping=0.68&response=0.8")
    # Log scale 0.05…5 s: the track's middle is 0.5 s, and each tenth of the track multiplies by 100^(1/10).
    values = page.evaluate("[0, 500, 1000, 100, 200].map((v) => window.studio.scales.durationScale.fromSlider(v))")
    assert values[:3] == [0.05, 0.5, 5] and abs(values[4] / values[3] - 100 ** 0.1) < 0.02, values
    page.locator("#bounceRange").evaluate("(el) => { el.value = '-0.5'; el.dispatchEvent(new Event('input', { bubbles: true })); }")
    assert abs(page.evaluate("window.studio.state.damping") - 1 / (1 - 0.5)) < 1e-3  # ζ = 1/(1 + bounce) = 2
    page.locator("#bounceRange").evaluate("(el) => { el.value = '0.3'; el.dispatchEvent(new Event('input', { bubbles: true })); }")
    assert abs(page.evaluate("window.studio.state.damping") - 0.7) < 1e-3
    page.locator("#durationRange").evaluate("(el) => { el.value = '500'; el.dispatchEvent(new Event('input', { bubbles: true })); }")
    assert page.evaluate("window.studio.state.response") == 0.5
    page.wait_for_function("document.querySelector('#chart').dataset.query.includes('damping=0.7&response=0.5')")
    page.wait_for_function("document.querySelector('#metrics').textContent.length > 0")
    time.sleep(0.3)  # the metrics for the new spring have come back: nothing stale overwrote the sliders
    assert page.inner_text("#durationValue") == "0.5 s" and page.input_value("#response") == "0.5"
    assert page.input_value("#durationRange") == "500"


def test_five_arrow_presses_then_back_restore_the_value_and_the_preset(page, server):
    open_studio(page, server)
    page.wait_for_function("document.querySelectorAll('#preset option').length > 5")
    preset = page.eval_on_selector_all("#preset option", "(os) => os.map((o) => o.value).filter(Boolean)")[2]
    page.select_option("#preset", preset)
    damping = float(preset.split("damping=")[1].split("&")[0])
    shown = f"{damping:g}"  # as the address writes it
    page.wait_for_function(f"Math.abs(window.studio.state.damping - {damping}) < 1e-9 && location.search.includes('damping={shown}&')")
    time.sleep(0.3)
    page.focus("#dampingRange")
    for _ in range(5):
        page.keyboard.press("ArrowRight")
    page.wait_for_function(f"Math.abs(Number(document.querySelector('#dampingRange').value) - {damping + 0.05}) < 0.011")
    page.wait_for_function(f"!location.search.includes('damping={shown}&')")
    assert page.input_value("#preset") == ""
    page.go_back()
    page.wait_for_function(f"Math.abs(window.studio.state.damping - {damping}) < 1e-9")
    assert page.input_value("#preset") == preset
    assert abs(float(page.input_value("#dampingRange")) - damping) < 0.006
    assert page.errors == []


def test_a_link_value_that_is_not_a_number_is_named(page, server):
    page.goto(server + "?damping=abc&response=-1")
    page.wait_for_function("document.querySelector('#urlStatus').textContent.length > 0")
    message = page.inner_text("#urlStatus")
    assert "damping=abc: 'abc' is not a number" in message, message
    assert "response=-1 cannot be used: response must be > 0" in message, message


def test_a_held_time_axis_shows_a_change_of_duration(page, server):
    # Issue 45: the chart fitted its time axis to every spring, so a new duration looked the same.
    # The span field holds the axis (kept in the link); empty fits it again.
    open_studio(page, server, "damping=0.7&response=0.5")
    page.fill("#span", "2")
    page.dispatch_event("#span", "change")
    page.wait_for_function("document.querySelector('#chart').dataset.query.includes('&span=2&')")
    page.wait_for_function("location.search.includes('span=2')")
    page.locator("#durationRange").evaluate("(el) => { el.value = '700'; el.dispatchEvent(new Event('input', { bubbles: true })); "
                                            "el.dispatchEvent(new Event('change', { bubbles: true })); }")
    page.wait_for_function("!document.querySelector('#chart').dataset.query.includes('response=0.5&')")
    assert "&span=2&" in page.evaluate("document.querySelector('#chart').dataset.query")
    page.fill("#span", "")
    page.dispatch_event("#span", "change")
    page.wait_for_function("!document.querySelector('#chart').dataset.query.includes('span=')")
    assert "span=" not in page.evaluate("location.search")
    assert page.errors == []


def test_the_chart_draws_the_last_interaction_until_the_next_change(page, server):
    # Issue 45: the chart never showed what the preview just did. A click retarget mid-flight is
    # drawn (exact, dashed, "last interaction") beside the spring's own curve; a replay clears it.
    open_studio(page, server, "damping=0.5&response=0.8&from=0&to=100")
    page.click("#replay")
    time.sleep(0.25)
    stage = page.locator("#stage").bounding_box()
    page.mouse.click(stage["x"] + stage["width"] * 0.2, stage["y"] + stage["height"] - 3)
    page.wait_for_function("document.querySelector('#chart').dataset.query.includes('interaction=')")
    query = page.evaluate("document.querySelector('#chart').dataset.query")
    pieces = urllib.parse.unquote(query.split("interaction=")[1].split("&")[0]).split(",")
    first, retarget = [p.split(":") for p in pieces[:2]]
    assert float(first[0]) == 0 and float(first[1]) == 0 and float(first[2]) == 100
    # The retarget starts where the first motion was then, with its velocity (textbook closed form).
    at = float(retarget[0])
    x, v = textbook(0.5, 0.8, -100, 0, at)
    assert abs(float(retarget[1]) - (100 + x)) < 1e-6 * 100 and abs(float(retarget[3]) - v) < 1e-5 * max(1, abs(v))
    page.wait_for_function("document.querySelector('#chart svg') && document.querySelector('#chart').textContent.includes('last interaction')")
    page.click("#replay")
    page.wait_for_function("!document.querySelector('#chart').dataset.query.includes('interaction=')")
    assert page.errors == []
