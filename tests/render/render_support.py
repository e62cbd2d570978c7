"""What the render tests share: an SVG diagram rendered to pixels by rsvg-convert, a colour
assertion with a small tolerance, and a replay page opened in headless Chromium."""

import os
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pngread import read_png  # noqa: E402


def render_png(floe, size, *args):
    """Renders `floe diagram --to svg --size SIZE --no-coords ARGS` to PNG with
    rsvg-convert; returns (width, height, pixel), pixel(x, y) an (r, g, b, a) tuple."""
    with tempfile.TemporaryDirectory() as tmp:
        svg, png = os.path.join(tmp, "d.svg"), os.path.join(tmp, "d.png")
        subprocess.run([floe, "diagram", "--to", "svg", "--size", str(size), "--no-coords",
                        "-o", svg, *args], check=True)
        subprocess.run(["rsvg-convert", "-o", png, svg], check=True)
        return read_png(png)


class PixelTest(unittest.TestCase):
    def assertColour(self, got, want, what):
        self.assertTrue(all(abs(g - w) <= 3 for g, w in zip(got, want)),
                        f"{what}: got #{bytes(got).hex()}, want #{bytes(want).hex()}")


def open_in_chromium(page, profile_dir, window):
    """A headless Debian Chromium (through chromedriver) showing the file `page`, its profile in
    `profile_dir`, its window `window` ("1200,900")."""
    # selenium is imported only here: the pixel tests run where it is not installed.
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-quic", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", f"--window-size={window}",
                 f"--user-data-dir={profile_dir}"):
        options.add_argument(flag)
    # A start that misses chromedriver's deadline under load is tried once more: what is tested
    # is the page, not how fast Chromium starts.
    from selenium.common.exceptions import SessionNotCreatedException
    try:
        driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    except SessionNotCreatedException:
        driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.get("file://" + page)
    return driver


class ReplayPageTest(unittest.TestCase):
    """`floe replay` of RECORD opened in Chromium (window WINDOW), with `floe fen --all` of the
    same record in self.fens. Subclasses set FLOE, RECORD and WINDOW."""

    FLOE = RECORD = WINDOW = None

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.page = os.path.join(cls.tmp.name, "replay.html")
        subprocess.run([cls.FLOE, "replay", "-o", cls.page, cls.RECORD], check=True)
        cls.fens = subprocess.run([cls.FLOE, "fen", "--all", cls.RECORD], check=True,
                                  capture_output=True, text=True).stdout.splitlines()
        cls.driver = open_in_chromium(cls.page, os.path.join(cls.tmp.name, "profile"), cls.WINDOW)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.tmp.cleanup()

    def shown_fen(self):
        from selenium.webdriver.common.by import By
        return self.driver.find_element(By.ID, "board").get_attribute("data-fen")

    def press(self, key):
        from selenium.webdriver.common.action_chains import ActionChains
        ActionChains(self.driver).send_keys(key).perform()
