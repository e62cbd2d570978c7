"""The replay page of a Glacial Shift game in headless Chromium (Debian chromium, chromium-driver,
python3-selenium), issue 8: steps through samples/glacial/yellow-wins.pgn with the arrow keys and
checks, at every ply, data-fen against `floe fen --all` and, at chosen plies, every drawn square
(its data attributes, and the pyramids drawn: colour, sizes, owner by their direction) against the
position string; the mates' banner and marks. Run by CTest through tests/support/with_packages.sh:
    glacial_replay_browser_test.py FLOE_BINARY SOURCE_DIR"""

import os
import re
import sys
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from render_support import ReplayPageTest  # noqa: E402

FLOE, SOURCE = sys.argv[1], sys.argv[2]
RECORD = os.path.join(SOURCE, "samples/glacial/yellow-wins.pgn")
COLOURS = "ygbr"
OWNER_BY_TURN = {0: "Y", 90: "G", 180: "B", 270: "R"}  # forward: north, east, south, west

# Each square of the shown board: its data attributes, the pyramids and blocks it draws (href and
# transform of each <use>), a spent dot, its cell position and whether it is really on screen.
DRAWN = """
const board = document.querySelector('#board svg');
const box = board.getBoundingClientRect();
return Array.from(board.querySelectorAll('g[data-square]')).map(g => {
  const r = g.querySelector('rect').getBoundingClientRect();
  const uses = Array.from(g.querySelectorAll('use')).map(u => ({
    href: u.getAttribute('xlink:href') || u.getAttribute('href'),
    transform: u.getAttribute('transform')}));
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return {square: g.dataset.square, piece: g.dataset.piece, owner: g.dataset.owner,
          colour: g.dataset.colour, nest: g.dataset.nest, uses: uses,
          spent: g.querySelector('[data-spent]') !== null,
          col: Math.floor((r.left - box.left) / r.width),
          row: Math.floor((r.top - box.top) / r.height),
          visible: g.contains(hit)};
});
"""


def board_cells(position):
    """Square name -> cell code of a position string's board ('' empty)."""
    cells, rank = {}, 9
    for row in position.split()[0].split("/"):
        file = 0
        for cell in row.split(","):
            if cell.isdigit():
                for _ in range(int(cell)):
                    cells[f"{'abcdefghi'[file]}{rank}"] = ""
                    file += 1
            else:
                cells[f"{'abcdefghi'[file]}{rank}"] = cell
                file += 1
        rank -= 1
    return cells


def drawn_code(square):
    """The cell code a square's drawing shows: owner by direction, colour, sizes, spent."""
    pieces = []
    for use in square["uses"]:
        m = re.fullmatch(r"#floe-(pyramid|block)-(\d)-(\d)", use["href"])
        if not m:
            continue
        turn = re.search(r"rotate\((\d+) ", use["transform"])
        owner = "X" if m[1] == "block" else OWNER_BY_TURN[int(turn[1]) if turn else 0]
        pieces.append((owner, COLOURS[int(m[2])], m[3]))
    if not pieces:
        return ""
    owners, colours = {p[0] for p in pieces}, {p[1] for p in pieces}
    assert len(owners) == 1 and len(colours) == 1, (square["square"], pieces)
    sizes = "".join(sorted(p[2] for p in pieces))
    return owners.pop() + colours.pop() + sizes + ("'" if square["spent"] else "")


class GlacialReplayInChromium(ReplayPageTest):
    FLOE, RECORD, WINDOW = FLOE, RECORD, "1400,900"

    def banner(self):
        return self.driver.find_element(By.ID, "event-banner")

    def check_drawn(self, position):
        want = board_cells(position)
        drawn = self.driver.execute_script(DRAWN)
        self.assertEqual(len(drawn), 81)
        for sq in drawn:
            name = sq["square"]
            file, rank = "abcdefghi".index(name[0]), int(name[1])
            code = want[name]
            self.assertEqual((sq["col"], sq["row"]), (file, 9 - rank), f"{name} position")
            self.assertEqual(sq["piece"], code, f"{name} data-piece")
            nest = code[2:].rstrip("'")
            self.assertEqual((sq["owner"], sq["colour"], sq["nest"]),
                             (code[:1], code[1:2], nest), f"{name} data attributes")
            self.assertEqual(drawn_code(sq), code, f"{name} drawn: {sq['uses']}")
            self.assertTrue(sq["visible"], f"{name} is not on screen")

    def test_every_ply_with_the_arrow_keys(self):
        self.assertEqual(len(self.fens), 119)
        self.press(Keys.HOME)
        self.check_drawn(self.fens[0])
        for ply in range(1, 119):
            self.press(Keys.ARROW_RIGHT)
            self.assertEqual(self.shown_fen(), self.fens[ply], f"after {ply} presses")
            if ply in (1, 57, 60, 84, 118):
                self.check_drawn(self.fens[ply])
            if ply == 57:  # 57. Y: y3i6xh5+ <bare mate: R by Y>
                self.assertTrue(self.banner().is_displayed())
                self.assertEqual(self.banner().text, "After 57. Y: y3i6xh5+: <bare mate: R by Y>")
                current = self.driver.find_element(By.CSS_SELECTOR, "#moves a.current")
                self.assertEqual(current.get_attribute("data-ply"), "57")
                self.assertIn("mate", current.get_attribute("class"))
            if ply == 58:
                self.assertFalse(self.banner().is_displayed())
        self.assertEqual(self.driver.find_element(By.ID, "counter").text, "118 / 118")
        self.assertIn("<mate: B by Y>", self.banner().text)
        self.assertIn("Yellow wins (1-0-0-0)", self.driver.find_element(By.ID, "status").text)


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
