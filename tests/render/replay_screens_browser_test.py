"""The replay page on every screen (issue 27, item 4) in headless Chromium (Debian chromium,
chromium-driver, python3-selenium), measured at 360 px (a phone, emulated), 1280 and 1920 px, in
light and dark mode, for a chess game and a Glacial Shift game:
- the board fills a phone's width (at least 90 % of 360 px), Glacial Shift's hands and stash sit
  below it there and beside it on a wide screen, their labels at least 12 px high on every
  screen, and nothing sticks out at the side (scrollWidth <= innerWidth);
- the result has its own element, not the error box; the title of a game whose players are `?`
  is its event and round; dark mode darkens the board's panel;
- the buttons copy the shown position (the clipboard, read back, holds the exact FEN or position
  string) and download the record (the file Chromium saves holds the game's bytes);
- the index of `replay --all` is a table (number, players, result, plies, variant, errors) with
  its broken game marked, and each game's page links back to it.
Screenshots are left in replay-screens/ beside FLOE_BINARY (build/replay-screens/) for a human
to look at. Run by CTest through tests/support/with_packages.sh:
    replay_screens_browser_test.py FLOE_BINARY SOURCE_DIR"""

import os
import subprocess
import sys
import tempfile
import time
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from render_support import open_in_chromium  # noqa: E402

FLOE, SOURCE = sys.argv[1], sys.argv[2]
# Beside the floe under test (build/replay-screens), never in the source tree.
SHOTS = os.path.join(os.path.dirname(os.path.abspath(FLOE)), "replay-screens")
SCREENS = ((360, 740), (1280, 900), (1920, 1080))
CHESS = os.path.join(SOURCE, "samples/annotated/opera-game-annotated.pgn")
GLACIAL = os.path.join(SOURCE, "samples/glacial/yellow-wins.pgn")

# A file of three games for the index: a good one, one that breaks at its third ply (2. Nf6 is
# no legal move), one whose players are all `?`.
THREE = ('[Event "Club"]\n[White "Ann"]\n[Black "Bob"]\n[Result "1-0"]\n\n'
         "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n"
         '[Event "Club"]\n[White "Cy"]\n[Black "Di"]\n[Result "*"]\n\n'
         "1. e4 e5 2. Nf6 Nc6 *\n\n"
         '[Event "Lisbon Open"]\n[Round "3"]\n[White "?"]\n[Black "?"]\n[Result "1/2-1/2"]\n\n'
         "1. d4 d5 1/2-1/2\n")

# The board's squares and the panels of the shown picture, as screen rectangles.
MEASURE = """
const rect = e => { const r = e.getBoundingClientRect();
                    return {left: r.left, top: r.top, right: r.right, bottom: r.bottom}; };
const svg = document.querySelector('#board svg');
const squares = Array.from(svg.querySelectorAll('g[data-square]')).map(rect);
return {
  svg: rect(svg),
  squares: {left: Math.min(...squares.map(r => r.left)), top: Math.min(...squares.map(r => r.top)),
            right: Math.max(...squares.map(r => r.right)),
            bottom: Math.max(...squares.map(r => r.bottom))},
  panels: Array.from(svg.querySelectorAll('g[data-panel]')).map(g => Object.assign(rect(g),
            {name: g.dataset.panel})),
  // Each panel's label: its letters (the glyphs drawn in it) from the top of the tallest to the
  // bottom of the lowest, as a text's height on the screen.
  labels: Array.from(svg.querySelectorAll('g[data-panel]')).map(g => {
            const glyphs = Array.from(g.querySelectorAll('use')).filter(u =>
              (u.getAttribute('xlink:href') || '').startsWith('#floe-glyph-')).map(rect);
            return Math.max(...glyphs.map(r => r.bottom)) - Math.min(...glyphs.map(r => r.top));
          }),
  innerWidth: window.innerWidth,
  scrollWidth: document.documentElement.scrollWidth,
  panelFill: getComputedStyle(svg.querySelector('rect')).fill,  // the first: the panel
  ink: getComputedStyle(document.getElementById('floe-glyph-a')).stroke,
};
"""


def luminance(css_colour):
    """The relative luminance (WCAG) of an `rgb(r, g, b)` colour, 0 black to 1 white."""
    r, g, b = (int(v) / 255 for v in css_colour[css_colour.index("(") + 1:-1].split(",")[:3])
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def floe(*args, check=True):
    return subprocess.run([FLOE, *args], check=check, capture_output=True)


class ReplayOnEveryScreen(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        os.makedirs(SHOTS, exist_ok=True)
        cls.tmp = tempfile.TemporaryDirectory()
        tmp = cls.tmp.name
        cls.pages = {}
        for name, record in (("chess", CHESS), ("glacial", GLACIAL)):
            cls.pages[name] = os.path.join(tmp, name + ".html")
            floe("replay", "-o", cls.pages[name], record)
        cls.three = os.path.join(tmp, "three.pgn")
        with open(cls.three, "w") as f:
            f.write(THREE)
        cls.folder = os.path.join(tmp, "all")
        # Game 2 is broken: its error is reported and the exit code is 1, the pages are written.
        cls.all_run = floe("replay", "--all", cls.folder, cls.three, check=False)
        cls.downloads = os.path.join(tmp, "downloads")
        os.makedirs(cls.downloads)
        cls.driver = open_in_chromium(cls.pages["chess"], os.path.join(tmp, "profile"),
                                      "1280,900")
        cls.driver.execute_cdp_cmd("Browser.setDownloadBehavior",
                                   {"behavior": "allow", "downloadPath": cls.downloads})

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.tmp.cleanup()

    def screen(self, width, height, scheme):
        # A headless window is at least 500 px wide: the screen is emulated, a phone as a phone.
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 500})
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
            "features": [{"name": "prefers-color-scheme", "value": scheme}]})

    def tearDown(self):
        self.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})

    def open(self, page, address=""):
        self.driver.get("about:blank")
        self.driver.get("file://" + page + address)

    def press(self, key):
        from selenium.webdriver.common.action_chains import ActionChains
        ActionChains(self.driver).send_keys(key).perform()

    def shot(self, name):
        self.assertTrue(self.driver.save_screenshot(os.path.join(SHOTS, name + ".png")))

    def test_the_board_hands_and_panel_on_every_screen(self):
        for width, height in SCREENS:
            for scheme in ("light", "dark"):
                self.screen(width, height, scheme)
                for game in ("chess", "glacial"):
                    with self.subTest(game=game, width=width, scheme=scheme):
                        self.open(self.pages[game], "#ply=40")
                        m = self.driver.execute_script(MEASURE)
                        self.shot(f"{game}-{width}-{scheme}")
                        self.check_screen(game, width, scheme, m)

    def check_screen(self, game, width, scheme, m):
        what = f"{game} at {width} px, {scheme}: {m}"
        self.assertEqual(m["innerWidth"], width, what)
        self.assertLessEqual(m["scrollWidth"], m["innerWidth"], what)  # nothing sticks out
        board = m["svg"]["right"] - m["svg"]["left"]
        if width == 360:  # a phone: the board fills the width
            self.assertGreaterEqual(board, 0.9 * 360, what)
        if game == "glacial":
            # Four hands and the stash, each with a label at least 12 px high.
            self.assertEqual([p["name"] for p in m["panels"]],
                             ["Yellow", "Green", "Blue", "Red", "Stash"], what)
            self.assertEqual(len(m["labels"]), 5, what)
            self.assertGreaterEqual(min(m["labels"]), 12, what)
            for p in m["panels"]:
                if width == 360:  # below the board
                    self.assertGreaterEqual(p["top"], m["squares"]["bottom"], what)
                else:  # beside it
                    self.assertGreaterEqual(p["left"], m["squares"]["right"], what)
        # The panel the board stands on follows the colour scheme, and so do its letters.
        if scheme == "dark":
            self.assertLess(luminance(m["panelFill"]), 0.05, what)
            self.assertGreater(luminance(m["ink"]), 0.5, what)
        else:
            self.assertGreater(luminance(m["panelFill"]), 0.8, what)
            self.assertLess(luminance(m["ink"]), 0.1, what)

    def test_the_result_is_not_an_error(self):
        for scheme in ("light", "dark"):
            self.screen(1280, 900, scheme)
            self.open(self.pages["chess"])
            self.press(Keys.END)
            result = self.driver.find_element(By.ID, "result")
            self.assertTrue(result.is_displayed())
            self.assertEqual(result.text, "Result: 1-0")
            self.assertNotIn("error", result.get_attribute("class") or "")
            self.assertFalse(self.driver.find_element(By.ID, "error").is_displayed())
            # Not red: the result box is drawn as a neutral box, not as the error box.
            background = self.driver.execute_script(
                "return [getComputedStyle(document.getElementById('result')).backgroundColor,"
                " getComputedStyle(document.getElementById('error')).backgroundColor];")
            self.assertNotEqual(background[0], background[1])
            self.shot(f"result-{scheme}")

    def test_the_title_of_a_game_with_unnamed_players(self):
        # yellow-wins.pgn: Yellow, Green, Blue and Red are `?`, Event "floe generate", Round "1".
        self.open(self.pages["glacial"])
        self.assertEqual(self.driver.find_element(By.TAG_NAME, "h1").text,
                         "floe generate, round 1")
        self.assertEqual(self.driver.title, "floe generate, round 1 \u2014 floe replay")
        self.open(os.path.join(self.folder, "game-3.html"))
        self.assertEqual(self.driver.find_element(By.TAG_NAME, "h1").text,
                         "Lisbon Open, round 3")

    def copied(self, page, address):
        """What the clipboard holds once the copy button of `page` at `address` is pressed (read
        back through navigator.clipboard, allowed by Browser.grantPermissions), and the note the
        page shows."""
        self.driver.execute_cdp_cmd("Browser.grantPermissions",
                                    {"permissions": ["clipboardReadWrite",
                                                     "clipboardSanitizedWrite"]})
        self.open(page, address)
        read = ("const done = arguments[arguments.length - 1];"
                "navigator.clipboard.readText().then(done, e => done('refused: ' + e));")
        self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "navigator.clipboard.writeText('nothing copied yet').then(done, done);")
        self.assertEqual(self.driver.execute_async_script(read), "nothing copied yet")
        self.driver.find_element(By.ID, "copy-fen").click()
        # The note is set once the clipboard has taken the text.
        WebDriverWait(self.driver, 10).until(
            lambda d: d.find_element(By.ID, "tool-note").text != "")
        return (self.driver.execute_async_script(read),
                self.driver.find_element(By.ID, "tool-note").text)

    def test_the_copy_button_copies_the_shown_position(self):
        fens = floe("fen", "--all", CHESS).stdout.decode().splitlines()
        self.assertEqual(self.copied(self.pages["chess"], "#ply=7"), (fens[7], "FEN copied"))
        positions = floe("fen", "--all", GLACIAL).stdout.decode().splitlines()
        self.assertEqual(self.driver.find_element(By.ID, "copy-fen").text, "Copy FEN")
        self.assertEqual(self.copied(self.pages["glacial"], "#ply=57"),
                         (positions[57], "Position copied"))
        self.assertEqual(self.driver.find_element(By.ID, "copy-fen").text, "Copy position")

    def downloaded(self, page, name):
        """The bytes Chromium saves when the download button of `page` is pressed."""
        saved = os.path.join(self.downloads, name)
        if os.path.exists(saved):
            os.remove(saved)
        self.open(page)
        self.driver.find_element(By.ID, "download").click()
        for _ in range(100):
            if os.path.exists(saved) and os.path.getsize(saved):
                break
            time.sleep(0.1)
        with open(saved, "rb") as f:
            return f.read()

    def test_the_download_button_saves_the_record(self):
        # A file of one game: the game's bytes are the file's, from its first tag (the `%` lines
        # before it are not part of the game) to its result and the newline after it.
        with open(GLACIAL, "rb") as f:
            whole = f.read()
        self.assertEqual(self.downloaded(self.pages["glacial"], "game-1.pgn"),
                         whole[whole.index(b"[Event"):])
        # The second game of three: its own bytes, to its result (not the blank line after it).
        game_2 = THREE.encode()[THREE.index('[Event "Club"]\n[White "Cy"]'):
                                THREE.index('[Event "Lisbon') - 1]
        self.assertEqual(self.downloaded(os.path.join(self.folder, "game-2.html"), "game-2.pgn"),
                         game_2)

    def test_the_index_is_a_table_and_each_page_links_back(self):
        self.assertEqual(self.all_run.returncode, 1, self.all_run.stderr)
        index = os.path.join(self.folder, "index.html")
        for width, height in SCREENS:
            for scheme in ("light", "dark"):
                self.screen(width, height, scheme)
                self.open(index)
                self.shot(f"index-{width}-{scheme}")
                # Nothing sticks out, and the whole table is seen, its last column included.
                sizes = self.driver.execute_script(
                    "return [window.innerWidth, document.documentElement.scrollWidth,"
                    " document.getElementById('games').getBoundingClientRect().right];")
                self.assertLessEqual(sizes[1], sizes[0], f"{width} px")
                self.assertLessEqual(sizes[2], sizes[0], f"{width} px")
        heads = [th.text for th in self.driver.find_elements(By.CSS_SELECTOR, "#games thead th")]
        self.assertEqual(heads, ["#", "Players", "Result", "Plies", "Variant", "Errors"])
        rows = self.driver.find_elements(By.CSS_SELECTOR, "#games tbody tr")
        cells = [[td.text for td in row.find_elements(By.TAG_NAME, "td")] for row in rows]
        self.assertEqual(cells, [
            ["1", "Ann vs Bob\nClub · 1-0", "1-0", "7", "Standard", "none"],
            ["2", "Cy vs Di\nClub · *", "*", "2", "Standard", "\u2717 1 error"],
            ["3", "Lisbon Open, round 3\nLisbon Open · 3 · 1/2-1/2", "1/2-1/2", "2", "Standard",
             "none"],
        ])
        self.assertEqual([r.get_attribute("class") or "" for r in rows], ["", "broken", ""])
        # The broken row is visibly marked: its background is not the others'.
        colours = [r.value_of_css_property("background-color") for r in rows]
        self.assertNotEqual(colours[1], colours[0])
        links = [a.get_attribute("href") for a in
                 self.driver.find_elements(By.CSS_SELECTOR, "#games tbody a")]
        self.assertEqual(links, ["file://" + os.path.join(self.folder, f"game-{n}.html")
                                 for n in (1, 2, 3)])
        for n in (1, 2, 3):
            self.open(os.path.join(self.folder, f"game-{n}.html"))
            self.driver.find_element(By.ID, "index-link").click()
            self.assertEqual(self.driver.current_url, "file://" + index)
        # A page of its own (`replay -o`) has no index to link back to.
        self.open(self.pages["chess"])
        self.assertEqual(self.driver.find_elements(By.ID, "index-link"), [])


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
