"""SVG diagrams rendered by a real renderer (rsvg-convert, Debian librsvg2-bin), checked pixel by
pixel: ice, empty squares and squares under a piece, the last-move highlight, the Ice Age marks,
and --flip putting a1 in the top-right corner. Run by CTest through tests/support/with_packages.sh:
    svg_pixels_test.py FLOE_BINARY SOURCE_DIR"""

import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from render_support import PixelTest, render_png  # noqa: E402

FLOE, SOURCE = sys.argv[1], sys.argv[2]
SQUARE = 50  # --size 400 --no-coords: 50 px per square, a8 at the top-left

LIGHT, DARK = (0xF0, 0xD9, 0xB5), (0xB5, 0x88, 0x63)
LIGHT_LAST, DARK_LAST = (0xF2, 0xE5, 0x8A), (0xD1, 0xB6, 0x4E)
ICE = (0xCD, 0xEE, 0xFB)
FROZEN_FRAME, NEW_ICE_FRAME = (0x1C, 0x3F, 0x8C), (0x1F, 0x9E, 0x96)
BLACK_BODY, WHITE_BODY = (0x26, 0x26, 0x26), (0xFF, 0xFF, 0xFF)


def render(*args):
    """Renders `floe diagram --to svg --size 400 --no-coords ARGS` to PNG; returns pixel()."""
    width, height, pixel = render_png(FLOE, 400, *args)
    assert (width, height) == (400, 400), (width, height)
    return pixel


def origin(square, flip=False):
    """Top-left pixel of a square's cell."""
    file, rank = ord(square[0]) - ord("a"), int(square[1]) - 1
    col, row = (7 - file, rank) if flip else (file, 7 - rank)
    return col * SQUARE, row * SQUARE


def at(pixel, square, dx, dy, flip=False):
    x, y = origin(square, flip)
    return pixel(x + dx, y + dy)[:3]


class ReferencePosition3(PixelTest):
    """docs/rules/ice-age-chess.md §5.3 after 20...Rxc3: the Ice Age froze Rh1, Ph4 and pb5."""

    @classmethod
    def setUpClass(cls):
        cls.pixel = staticmethod(render("--ply", "1",
                                        os.path.join(SOURCE, "samples/ice-age/reference-3.pgn")))

    def centre(self, square):
        return at(self.pixel, square, SQUARE // 2, SQUARE // 2)

    def corner(self, square):
        return at(self.pixel, square, 1, 1)

    def test_ice_square(self):
        self.assertColour(self.centre("b6"), ICE, "b6 ice, centre")
        self.assertColour(self.centre("h8"), ICE, "h8 ice, centre")

    def test_empty_squares(self):
        self.assertColour(self.centre("a1"), DARK, "a1 empty (dark)")
        self.assertColour(self.centre("e8"), LIGHT, "e8 empty (light)")
        self.assertColour(self.centre("e6"), LIGHT, "e6 empty (light)")

    def test_square_under_a_piece(self):
        # The piece covers the centre; the square shows at the corner.
        self.assertColour(at(self.pixel, "d8", 25, 30), BLACK_BODY, "d8 black queen's body")
        self.assertColour(self.corner("d8"), DARK, "d8 corner")
        self.assertColour(at(self.pixel, "b1", 17, 28), WHITE_BODY, "b1 white king's body")
        self.assertColour(self.corner("b1"), LIGHT, "b1 corner")

    def test_last_move_highlight(self):
        self.assertColour(self.corner("c3"), DARK_LAST, "c3, where the rook went")
        self.assertColour(self.corner("d2"), DARK, "d2, not part of the move")
        self.assertColour(at(self.pixel, "c3", 22, 25), BLACK_BODY, "c3 black rook")

    def test_ice_age_marks_differ(self):
        self.assertColour(at(self.pixel, "h1", 1, 25), FROZEN_FRAME, "h1 frozen frame")
        self.assertColour(at(self.pixel, "b5", 1, 25), FROZEN_FRAME, "b5 frozen frame")
        self.assertColour(at(self.pixel, "e3", 0, 25), NEW_ICE_FRAME, "e3 new ice frame")
        self.assertColour(at(self.pixel, "b6", 0, 25), DARK, "b6 old ice: no frame")
        # The frozen piece shows through the ice as a ghost: darker than plain ice.
        ghost = at(self.pixel, "b5", 25, 25)
        self.assertLess(sum(ghost), sum(ICE) - 60, f"b5 ghost pawn: #{bytes(ghost).hex()}")


class Flip(PixelTest):
    FEN = "7k/8/8/8/8/8/8/*6K w - - 0 1"  # ice on a1, nothing else in a corner but the kings

    # a1 ice; h1 the white king (light square); h8 the black king (dark); a8 empty (light).
    def check_corners(self, pixel, top_left, top_right, bottom_left, bottom_right):
        cells = {"top-left": (0, 0), "top-right": (350, 0), "bottom-left": (0, 350),
                 "bottom-right": (350, 350)}
        want = {"top-left": top_left, "top-right": top_right, "bottom-left": bottom_left,
                "bottom-right": bottom_right}
        for name, (x, y) in cells.items():
            square = want[name]
            if square == "a1":
                self.assertColour(pixel(x + 25, y + 25)[:3], ICE, f"{name} (a1): ice")
            elif square == "a8":
                self.assertColour(pixel(x + 25, y + 25)[:3], LIGHT, f"{name} (a8): empty")
            else:
                body = WHITE_BODY if square == "h1" else BLACK_BODY
                self.assertColour(pixel(x + 17, y + 28)[:3], body, f"{name} ({square}): king")
                shade = LIGHT if square == "h1" else DARK
                self.assertColour(pixel(x + 1, y + 1)[:3], shade, f"{name} ({square}): corner")

    def test_a1_is_bottom_left_unflipped(self):
        self.check_corners(render("--fen", self.FEN), "a8", "h8", "a1", "h1")

    def test_a1_is_top_right_flipped(self):
        self.check_corners(render("--flip", "--fen", self.FEN), "h1", "a1", "h8", "a8")

if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
