"""The replay page of issue 18 in headless Chromium (Debian chromium, chromium-driver,
python3-selenium), on the annotated samples (samples/annotated/): every ply reached by the keys
and by a click on its move shows the position of `floe fen --all`, and inside variations the
positions of `floe convert --to json`; flip, autoplay and the `#ply=` address; the clocks, the
evaluation bar, the [%csl] squares and [%cal] arrows; the whole board at 360 and 1280 px; each
page within the size budget (60 KB + 300 bytes a ply, the record's comments not counted).
Run by CTest through tests/support/with_packages.sh:
    replay_page_browser_test.py FLOE_BINARY SOURCE_DIR"""

import json
import os
import subprocess
import sys
import tempfile
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from render_support import open_in_chromium  # noqa: E402

FLOE, SOURCE = sys.argv[1], sys.argv[2]
SAMPLES = ["opera-game-annotated.pgn", "ice-age-annotated.pgn", "glacial-variation.pgn"]


def record(name):
    return os.path.join(SOURCE, "samples/annotated", name)


def json_walk(moves, out):
    """The position after every ply of a `convert --to json` line, in the order of the record (a
    ply, then the variations that replace it: the order of its nodes), appended to `out`."""
    for node in moves:
        if node["kind"] == "ply":
            out.append(node.get("fen", node.get("position")))
    return out


def comment_bytes(moves):
    """The UTF-8 bytes of every comment of a `convert --to json` line, variations included."""
    return sum(len(c["text"].encode()) for node in moves for c in node.get("comments", []))


class Sample:
    """A sample's page and what floe says of it."""

    def __init__(self, name, folder):
        self.name = name
        self.page = os.path.join(folder, name.replace(".pgn", ".html"))
        subprocess.run([FLOE, "replay", "-o", self.page, record(name)], check=True)
        self.fens = subprocess.run([FLOE, "fen", "--all", record(name)], check=True,
                                   capture_output=True, text=True).stdout.splitlines()
        self.game = json.loads(subprocess.run([FLOE, "convert", "--to", "json", record(name)],
                                              check=True, capture_output=True,
                                              text=True).stdout.splitlines()[0])
        self.every_ply = json_walk(self.game["moves"], [])


class ReplayPage(unittest.TestCase):
    """The three annotated samples, in one Chromium window of 1280x900 unless a test resizes it."""

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.samples = {name: Sample(name, cls.tmp.name) for name in SAMPLES}
        cls.driver = open_in_chromium(cls.samples[SAMPLES[0]].page,
                                      os.path.join(cls.tmp.name, "profile"), "1280,900")

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.tmp.cleanup()

    def open(self, sample, address=""):
        # A fresh load each time: the address is read when the page opens.
        self.driver.get("about:blank")
        self.driver.get("file://" + sample.page + address)

    def board(self, name):
        return self.driver.find_element(By.ID, "board").get_attribute(name)

    def press(self, key):
        self.driver.find_element(By.TAG_NAME, "body").send_keys(key)

    def test_every_main_line_ply_by_keys_and_by_clicks(self):
        for sample in self.samples.values():
            self.open(sample)
            self.assertEqual(self.board("data-fen"), sample.fens[0], sample.name)
            for ply in range(1, len(sample.fens)):
                self.press(Keys.ARROW_RIGHT)
                self.assertEqual(self.board("data-fen"), sample.fens[ply], f"{sample.name} {ply}")
            self.press(Keys.ARROW_RIGHT)  # the end stays the end
            self.assertEqual(self.board("data-ply"), str(len(sample.fens) - 1))
            self.press(Keys.HOME)
            self.assertEqual(self.board("data-fen"), sample.fens[0])
            for ply in range(len(sample.fens) - 1, 0, -1):
                link = self.driver.find_element(
                    By.XPATH, f"//section[@id='moves']/p/a[@data-ply='{ply}']")
                link.click()
                self.assertEqual(self.board("data-fen"), sample.fens[ply], f"{sample.name} {ply}")
                self.assertIn("current", link.get_attribute("class"))

    def test_every_ply_of_every_variation_by_clicks(self):
        for sample in self.samples.values():
            self.open(sample)
            links = self.driver.find_elements(By.CSS_SELECTOR, "#moves a[data-node]")
            self.assertEqual(len(links), len(sample.every_ply), sample.name)
            in_variations = 0
            for link, position in zip(links, sample.every_ply):
                link.click()
                self.assertEqual(self.board("data-fen"), position, link.text)
                in_variations += link.find_elements(By.XPATH, "ancestor::span") != []
            self.assertGreater(in_variations, 0, sample.name)

    def test_every_ply_of_every_variation_by_keys(self):
        # Each variation's ply reached by keys from the start, as its address says: N plies
        # along the main moves (→), the next move (→), its k-th alternative (↓ k times), M plies
        # more (→), and so on.
        for sample in self.samples.values():
            self.open(sample)
            links = self.driver.find_elements(By.CSS_SELECTOR, "#moves a[data-node]")
            reached = 0
            for link, position in zip(links, sample.every_ply):
                path = [int(p) for p in link.get_attribute("href").split("#ply=")[1].split(".")]
                if len(path) == 1:
                    continue  # the main line: test_every_main_line_ply_by_keys_and_by_clicks
                keys = [Keys.HOME] + [Keys.ARROW_RIGHT] * path[0]
                for k, more in zip(path[1::2], path[2::2]):
                    keys += [Keys.ARROW_RIGHT] + [Keys.ARROW_DOWN] * k + [Keys.ARROW_RIGHT] * more
                self.driver.find_element(By.TAG_NAME, "body").send_keys(*keys)
                self.assertEqual(self.board("data-fen"), position, f"{sample.name} {link.text}")
                self.assertEqual(self.board("data-path"), ".".join(map(str, path)))
                reached += 1
            self.assertGreater(reached, 0, sample.name)

    def test_flip(self):
        sample = self.samples["opera-game-annotated.pgn"]
        self.open(sample)
        where = ("const r = document.querySelector('#board g[data-square=a1] rect')"
                 ".getBoundingClientRect(), b = document.querySelector('#board svg')"
                 ".getBoundingClientRect(); return [r.left - b.left < b.width / 2,"
                 " r.top - b.top < b.height / 2];")
        self.assertEqual(self.driver.execute_script(where), [True, False])  # a1 bottom left
        self.driver.find_element(By.ID, "flip").click()
        self.assertEqual(self.board("data-flipped"), "true")
        self.assertEqual(self.driver.execute_script(where), [False, True])  # a1 top right
        self.assertEqual(self.board("data-fen"), sample.fens[0])
        self.press("f")
        self.assertEqual(self.driver.execute_script(where), [True, False])

    def test_autoplay_steps_forward_and_stops(self):
        sample = self.samples["opera-game-annotated.pgn"]
        self.open(sample)
        self.driver.execute_script("document.getElementById('speed').value = '300';")
        self.driver.find_element(By.ID, "play").click()
        self.assertEqual(self.driver.find_element(By.ID, "play").get_attribute("aria-pressed"),
                         "true")
        WebDriverWait(self.driver, 30).until(lambda d: int(self.board("data-ply")) >= 3)
        self.driver.find_element(By.ID, "play").click()
        stopped = int(self.board("data-ply"))
        self.assertEqual(self.board("data-fen"), sample.fens[stopped])
        self.assertEqual(self.driver.find_element(By.ID, "play").get_attribute("aria-pressed"),
                         "false")
        # To the end, where it stops by itself.
        self.press(Keys.END)
        self.press(Keys.ARROW_LEFT)
        self.driver.find_element(By.ID, "play").click()
        WebDriverWait(self.driver, 30).until(
            lambda d: d.find_element(By.ID, "play").get_attribute("aria-pressed") == "false")
        self.assertEqual(self.board("data-fen"), sample.fens[-1])

    def test_the_address_follows_the_ply_and_opens_it(self):
        sample = self.samples["opera-game-annotated.pgn"]
        self.open(sample, "#ply=23")
        self.assertEqual(self.board("data-fen"), sample.fens[23])
        self.assertEqual(self.board("data-ply"), "23")
        self.press(Keys.ARROW_RIGHT)
        self.assertTrue(self.driver.current_url.endswith("#ply=24"), self.driver.current_url)
        # Into a variation: 4... dxe5 5. Qxd8+ (the first variation of ply 8, then one more ply).
        links = self.driver.find_elements(By.CSS_SELECTOR, "#moves a[data-node]")
        index = next(i for i, a in enumerate(links) if a.text == "5. Qxd8+")
        links[index].click()
        address = self.driver.current_url.split("#")[1]
        self.assertEqual(address, "ply=7.1.1")
        position = self.board("data-fen")
        self.assertEqual(position, sample.every_ply[index])
        self.open(sample, "#" + address)
        self.assertEqual(self.board("data-fen"), position)
        self.assertEqual(self.board("data-path"), "7.1.1")

    def test_clocks_bar_squares_and_arrows(self):
        sample = self.samples["opera-game-annotated.pgn"]
        self.open(sample, "#ply=11")  # 6. Bc4 {[%clk 0:09:35] [%cal Rc4f7,Rf3f7] [%csl Rf7]}
        clocks = self.driver.find_element(By.ID, "clocks")
        self.assertTrue(clocks.is_displayed())
        self.assertEqual([c.text for c in clocks.find_elements(By.CLASS_NAME, "clock")],
                         ["White 0:09:35", "Black 0:09:00"])
        bar = self.driver.find_element(By.ID, "eval")
        self.assertTrue(bar.is_displayed())
        self.assertEqual(bar.get_attribute("data-eval"), "+0.90")  # 3... Bg4?!, the last one
        fill = self.driver.execute_script(
            "return document.getElementById('eval-fill').style.height")
        self.assertEqual(fill, "59%")
        board = self.driver.find_element(By.ID, "board")
        self.assertEqual(len(board.find_elements(By.CSS_SELECTOR, "[data-csl='Rf7']")), 1)
        arrows = board.find_elements(By.CSS_SELECTOR, "[data-cal]")
        self.assertEqual(sorted(a.get_attribute("data-cal") for a in arrows), ["Rc4f7", "Rf3f7"])
        self.assertTrue(all(a.is_displayed() for a in arrows))
        # The next ply has none of them; a mate in one fills the bar.
        self.press(Keys.ARROW_RIGHT)
        self.assertEqual(board.find_elements(By.CSS_SELECTOR, "[data-cal], [data-csl]"), [])
        self.open(sample, "#ply=31")  # 16. Qb8+!! {[%eval #1]}
        self.assertEqual(self.driver.find_element(By.ID, "eval").get_attribute("data-eval"), "#1")
        self.assertIn("!!", self.driver.find_element(
            By.CSS_SELECTOR, "#moves a.current").text)

    def test_the_whole_board_at_360_and_1280_px(self):
        # A headless window is at least 500 px wide: the screen size is emulated instead.
        for width, height in ((360, 740), (1280, 900)):
            self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 500})
            for sample in self.samples.values():
                self.open(sample, "#ply=5")
                fit = self.driver.execute_script(
                    "const b = document.querySelector('#board svg').getBoundingClientRect();"
                    "return [b.left, b.top, b.right, b.bottom, window.innerWidth,"
                    " window.innerHeight, document.documentElement.scrollWidth];")
                left, top, right, bottom, inner_w, inner_h, scroll_w = fit
                what = f"{sample.name} at {width} px: {fit}"
                self.assertEqual(inner_w, width, what)
                self.assertGreaterEqual(left, 0, what)
                self.assertGreaterEqual(top, 0, what)
                self.assertLessEqual(right, inner_w, what)
                self.assertLessEqual(bottom, inner_h, what)
                self.assertLessEqual(scroll_w, inner_w, what)  # nothing cut off at the side
                self.assertGreater(right - left, min(width, height) * 0.6, what)  # not shrunk away
                shot = os.path.join(self.tmp.name, f"{sample.name}-{width}.png")
                self.assertTrue(self.driver.save_screenshot(shot))
        self.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})

    def test_events_frozen_pieces_handovers_and_the_result(self):
        # An Ice Age with its frozen pieces (docs/rules/ice-age-chess.md §3): framed, each drawn as
        # a ghost in its ice.
        folder = self.tmp.name
        page = os.path.join(folder, "reference-3.html")
        subprocess.run([FLOE, "replay", "-o", page,
                        os.path.join(SOURCE, "samples/ice-age/reference-3.pgn")], check=True)
        self.driver.get("file://" + page + "#ply=1")
        banner = self.driver.find_element(By.ID, "event-banner")
        self.assertEqual(banner.text, "\u2744 Ice Age after 20\u2026 Rxc3: <ice age: Rh1 Ph4 pb5>")
        frozen = self.driver.execute_script(
            "return Array.from(document.querySelectorAll('#board g[data-marks~=frozen]'))"
            ".map(g => [g.dataset.square, g.dataset.piece, g.querySelector('use[opacity]')"
            ".getAttribute('xlink:href')]);")
        self.assertEqual(sorted(frozen), [["b5", "*", "#floe-pawn-1"], ["h1", "*", "#floe-rook-0"],
                                          ["h4", "*", "#floe-pawn-0"]])
        # Glacial Shift mates: what each hand gained, against the position strings of `fen --all`.
        sample = self.samples["glacial-variation.pgn"]
        mates = [57, 84, 118]
        for ply in mates:
            self.open(sample, f"#ply={ply}")
            before = [h for h in sample.fens[ply - 1].split()[2].split("/")]
            after = [h for h in sample.fens[ply].split()[2].split("/")]
            want = []
            for seat, (b, a) in enumerate(zip(before, after)):
                left = [] if b == "-" else [b[i:i + 2] for i in range(0, len(b), 2)]
                gained = []
                for token in ([] if a == "-" else [a[i:i + 2] for i in range(0, len(a), 2)]):
                    if token in left:
                        left.remove(token)
                    else:
                        gained.append("+" + token)
                if gained:
                    want.append(["Yellow", "Green", "Blue", "Red"][seat] + " " + " ".join(gained))
            self.assertEqual(self.driver.find_element(By.ID, "handover").text,
                             "Handed over: " + "; ".join(want), f"ply {ply}")
        # The result at the end of the main line, and the winner on the final Glacial board.
        self.assertEqual(self.driver.find_element(By.ID, "result").text, "Result: 1-0-0-0")
        winner = self.driver.find_element(By.CSS_SELECTOR, "#board [data-result]")
        self.assertEqual(winner.get_attribute("data-result"), "Yellow wins (1-0-0-0)")
        self.press(Keys.ARROW_LEFT)
        self.assertFalse(self.driver.find_element(By.ID, "result").is_displayed())
        self.assertFalse(self.driver.find_element(By.ID, "handover").is_displayed())

    def test_record_text_without_a_ply_is_shown(self):
        # Nothing the record holds is lost (docs/rules/notation.md §1.11): a variation whose
        # first move fails, one of comments only, the broken rest of the main line after its last
        # move's variation, each in the record's order; and the error on the board.
        pgn = os.path.join(self.tmp.name, "text.pgn")
        with open(pgn, "w") as f:
            f.write('[Variant "Standard"]\n\n1. e4 e5 (1... c5) (1... Ke7 Nf6 {kept}) ({only}) '
                    "(1... e6) 2. Nf3 (2. Nc3) 2... Bc3 {after} 3. d4 *\n\n"
                    '[Variant "Standard"]\n\n{before} 1. e5 e4 *\n')
        page = os.path.join(self.tmp.name, "text.html")
        self.assertEqual(subprocess.run([FLOE, "replay", "-o", page, pgn],
                                        capture_output=True).returncode, 1)
        self.driver.get("about:blank")
        self.driver.get("file://" + page)
        blocks = self.driver.find_elements(By.CSS_SELECTOR, "#moves .variation.top")
        self.assertEqual([b.text for b in blocks],
                         ["1\u2026 c5", "Ke7 Nf6 {kept}", "only", "1\u2026 e6", "2. Nc3"])
        unplayed = self.driver.find_elements(By.CSS_SELECTOR, "#moves .unplayed")
        self.assertEqual([u.text for u in unplayed], ["Ke7 Nf6 {kept}", "Bc3 {after} 3. d4"])
        self.assertEqual(len(self.driver.find_elements(By.CSS_SELECTOR, "#moves a[data-node]")), 6)
        self.press(Keys.END)
        self.assertEqual(self.board("data-ply"), "3")
        self.assertEqual(self.driver.find_element(By.ID, "error").text,
                         "The main line stops here: 2... Bc3: no bishop can reach c3")
        # A main line that fails on its first move: its comment and its rest above the list.
        page = os.path.join(self.tmp.name, "text-2.html")
        subprocess.run([FLOE, "replay", "--game", "2", "-o", page, pgn], capture_output=True)
        self.driver.get("about:blank")
        self.driver.get("file://" + page)
        self.assertEqual(self.driver.find_element(By.CSS_SELECTOR, "#moves p.start").text,
                         "before e5 e4")
        self.assertEqual(self.driver.find_element(By.CSS_SELECTOR, "#moves .unplayed").text,
                         "e5 e4")
        self.assertEqual(self.driver.find_element(By.ID, "error").text,
                         "The main line stops here: 1. e5: no pawn can reach e5")

    def test_a_variation_before_the_first_move_is_not_the_main_line(self):
        pgn = os.path.join(self.tmp.name, "early.pgn")
        with open(pgn, "w") as f:
            f.write('[Variant "Standard"]\n\n(1. d4 d5) 1. e4 e5 *\n')
        page = os.path.join(self.tmp.name, "early.html")
        subprocess.run([FLOE, "replay", "-o", page, pgn], check=True)
        fens = subprocess.run([FLOE, "fen", "--all", pgn], check=True, capture_output=True,
                              text=True).stdout.splitlines()
        self.driver.get("about:blank")
        self.driver.get("file://" + page)
        for ply in (1, 2):
            self.press(Keys.ARROW_RIGHT)
            self.assertEqual(self.board("data-fen"), fens[ply])
        self.assertEqual([b.text for b in self.driver.find_elements(
            By.CSS_SELECTOR, "#moves .variation.top")], ["1. d4 d5"])

    def test_light_and_dark_colours(self):
        sample = self.samples["opera-game-annotated.pgn"]
        colours = {}
        for scheme in ("light", "dark"):
            self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
                "features": [{"name": "prefers-color-scheme", "value": scheme}]})
            self.open(sample)
            colours[scheme] = self.driver.execute_script(
                "const s = getComputedStyle(document.body); return [s.backgroundColor, s.color];")
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
        self.assertEqual(colours["light"], ["rgb(251, 250, 247)", "rgb(34, 34, 34)"])
        self.assertEqual(colours["dark"], ["rgb(23, 25, 29)", "rgb(228, 228, 228)"])

    def test_page_size_within_the_budget(self):
        for sample in self.samples.values():
            size = os.path.getsize(sample.page)
            budget = 60_000 + 300 * len(sample.every_ply) + comment_bytes(sample.game["moves"])
            self.assertLessEqual(size, budget, sample.name)


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
