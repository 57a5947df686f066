#!/usr/bin/env python3
"""The studio screenshots in docs/gallery, taken from the built page as a user sees it.

Starts the debug spring-studio on a free port, opens the page in headless Chromium (Playwright, as
scripts/test-browser.sh sets up) with two springs compared and the react-spring export played beside
the exact motion, and writes
studio-1440-{light,dark}.png (the first screenful at 1440 x 1000) and studio-390-{light,dark}.png
(a 390 x 844 phone with the duration slider focused: the motion stays on top while the controls scroll). Run `swift build --product spring-studio` first.
"""
import os
import re
import subprocess
import sys

from playwright.sync_api import sync_playwright

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GALLERY = os.path.join(ROOT, "docs", "gallery")
STATE = "damping=0.5&response=0.6&compare=0.9:0.4&target=react-spring&steps=1"


def main():
    studio = subprocess.Popen([os.path.join(ROOT, ".build", "debug", "spring-studio"), "--port", "0"],
                              stdout=subprocess.PIPE, text=True)
    try:
        line = studio.stdout.readline()
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if not match:
            sys.exit(f"studio-screenshots: the studio did not print its address: {line!r}")
        base = match.group(0)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium")
            for theme in ("light", "dark"):
                for width, height in ((1440, 1000), (390, 844)):
                    page = browser.new_page(viewport={"width": width, "height": height}, color_scheme=theme,
                                            reduced_motion="reduce")
                    page.goto(f"{base}?{STATE}")
                    page.wait_for_function("document.querySelector('#chart .shown svg') !== null")
                    page.wait_for_function("document.querySelector('#exportCode').textContent.length > 0")
                    page.wait_for_function("document.querySelector('#platformDifference').textContent.length > 0")
                    if width < 900:
                        page.focus("#durationRange")
                    page.wait_for_timeout(500)
                    name = os.path.join(GALLERY, f"studio-{width}-{theme}.png")
                    page.screenshot(path=name)
                    print(name)
                    page.close()
            browser.close()
    finally:
        studio.terminate()
        studio.wait()


if __name__ == "__main__":
    main()
