"""The replay page in headless Chromium (Debian chromium, chromium-driver, python3-selenium):
loads the page of the published record, presses the right arrow forty times, and checks data-fen
and the drawn squares against `floe fen` after every ply and at ply 40. Run by CTest through
tests/support/with_packages.sh:  replay_browser_test.py FLOE_BINARY SOURCE_DIR"""

import os
import sys
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from render_support import ReplayPageTest  # noqa: E402

FLOE, SOURCE = sys.argv[1], sys.argv[2]
RECORD = os.path.join(SOURCE, "samples/ice-age/lookintochess-2017.pgn")
SHAPES = {"pawn": "p", "knight": "n", "bishop": "b", "rook": "r", "queen": "q", "king": "k"}

# What each square of the shown board draws: its data attributes, the piece or ice it shows
# (from the <use> references, ghosts excluded), its position, and whether a click at its centre
# lands inside it (so it is really on screen, not hidden behind something else).
DRAWN = """
const board = document.querySelector('#board svg');
const box = board.getBoundingClientRect();
return Array.from(board.querySelectorAll('g[data-square]')).map(g => {
  const r = g.querySelector('rect').getBoundingClientRect();  // the square itself
  const uses = Array.from(g.querySelectorAll('use'))
    .filter(u => !u.hasAttribute('opacity'))
    .map(u => u.getAttribute('xlink:href') || u.getAttribute('href'));
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return {square: g.dataset.square, piece: g.dataset.piece, uses: uses,
          // Cells count from the board's top-left corner, inside the half-square frame.
          col: Math.floor((r.left - box.left) / r.width),
          row: Math.floor((r.top - box.top) / r.height),
          visible: g.contains(hit)};
});
"""


def fen_board(fen):
    """Square name -> FEN character ('*' ice, '' empty)."""
    squares, rank = {}, 8
    for row in fen.split()[0].split("/"):
        file = 0
        for c in row:
            if c.isdigit():
                for _ in range(int(c)):
                    squares[f"{'abcdefgh'[file]}{rank}"] = ""
                    file += 1
            else:
                squares[f"{'abcdefgh'[file]}{rank}"] = c
                file += 1
        rank -= 1
    return squares


def drawn_code(uses):
    """The FEN character a square's drawing shows."""
    pieces = [u for u in uses if u.startswith("#floe-") and u.split("-")[1] in SHAPES]
    if pieces:
        _, shape, colour = pieces[-1].split("-")
        letter = SHAPES[shape]
        return letter.upper() if colour == "0" else letter
    return "*" if "#floe-ice" in uses else ""


class ReplayInChromium(ReplayPageTest):
    FLOE, RECORD, WINDOW = FLOE, RECORD, "1200,900"

    def check_drawn(self, fen):
        want = fen_board(fen)
        drawn = self.driver.execute_script(DRAWN)
        self.assertEqual(len(drawn), 64)
        for sq in drawn:
            name = sq["square"]
            file, rank = "abcdefgh".index(name[0]), int(name[1])
            self.assertEqual((sq["col"], sq["row"]), (file, 8 - rank), f"{name} position")
            self.assertEqual(sq["piece"], want[name], f"{name} data-piece")
            self.assertEqual(drawn_code(sq["uses"]), want[name], f"{name} drawn: {sq['uses']}")
            self.assertTrue(sq["visible"], f"{name} is not on screen")

    def test_forty_right_arrows(self):
        self.assertEqual(len(self.fens), 41)
        self.press(Keys.HOME)
        self.assertEqual(self.shown_fen(), self.fens[0])
        self.check_drawn(self.fens[0])
        for ply in range(1, 41):
            self.press(Keys.ARROW_RIGHT)
            self.assertEqual(self.shown_fen(), self.fens[ply], f"after {ply} presses")
        # Ply 40: the board after 20...Rxd6 and the first Ice Age.
        self.assertEqual(self.shown_fen(), self.fens[40])
        self.check_drawn(self.fens[40])
        self.assertTrue(self.driver.find_element(By.ID, "event-banner").is_displayed())
        self.assertEqual(self.driver.find_element(By.ID, "counter").text, "40 / 40")
        current = self.driver.find_element(By.CSS_SELECTOR, "#moves a.current")
        self.assertEqual(current.get_attribute("data-ply"), "40")
        self.assertIn("ice-age", current.get_attribute("class"))
        # One more press stays at the end; the left arrow and the buttons step back.
        self.press(Keys.ARROW_RIGHT)
        self.assertEqual(self.shown_fen(), self.fens[40])
        self.press(Keys.ARROW_LEFT)
        self.assertEqual(self.shown_fen(), self.fens[39])
        self.assertFalse(self.driver.find_element(By.ID, "event-banner").is_displayed())
        self.driver.find_element(By.ID, "first").click()
        self.assertEqual(self.shown_fen(), self.fens[0])
        self.driver.find_element(By.ID, "next").click()
        self.assertEqual(self.shown_fen(), self.fens[1])
        self.check_drawn(self.fens[1])


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
