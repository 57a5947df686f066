"""Studio 3 (issue 30): the motion on screen while tuning, duration and bounce first, undo that matches a
person, honest link messages. The scales are checked against SwiftUI's published definitions (duration is
the response; bounce = 1 − ζ, or 1/ζ − 1 above critical damping), written here independently."""
import math
import time

import pytest

from test_studio import browser, fetch, open_studio, page, server  # noqa: F401 (pytest fixtures)


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
        for selector in ["#chart", "#stage", slider]:
            box = rect(page, selector)
            assert box["top"] >= 0 and box["bottom"] <= height and box["right"] <= width, (width, selector, box)
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
