"""Glacial Shift SVG diagrams rendered by rsvg-convert (Debian librsvg2-bin) and checked pixel by
pixel (issue 8): the four quadrant tints and the neutral diagonals, pyramids pointing in their
owner's forward direction (and turned with --flip), an upright blocker as a square, and the last
ply's frame. Run by CTest through tests/support/with_packages.sh:
    glacial_pixels_test.py FLOE_BINARY SOURCE_DIR"""

import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from render_support import PixelTest, render_png  # noqa: E402

FLOE, SOURCE = sys.argv[1], sys.argv[2]
SQUARE = 50  # --size 450 --no-coords: 50 px per square, a9 at the top-left
UNIT = SQUARE / 45  # pieces are drawn on a 45-unit grid per square

TINT = {"Y": (0xF6, 0xE9, 0xB2), "G": (0xD3, 0xE9, 0xCD), "B": (0xCF, 0xDC, 0xF3),
        "R": (0xF3, 0xD0, 0xCC)}
DIAGONAL = (0xF0, 0xD9, 0xB5)
PYRAMID = {"Y": (0xF4, 0xC4, 0x30), "G": (0x3A, 0x9D, 0x4A), "B": (0x3B, 0x6F, 0xD1),
           "R": (0xD3, 0x3B, 0x34)}
LAST_FRAME = (0xE0, 0x78, 0x1A)


def sample(name):
    return os.path.join(SOURCE, "samples/glacial", name)


def render(*args):
    """Renders `floe diagram --to svg --size 450 --no-coords ARGS` to PNG; returns pixel()."""
    width, height, pixel = render_png(FLOE, 450, *args)
    # The hands, the stash and the legend stand right of the board.
    assert width > 450 + 4 * SQUARE and height >= 450, (width, height)
    return pixel


def at(pixel, square, x, y, flip=False):
    """The pixel at (x, y) of the 45-unit grid of a square's cell."""
    file, rank = ord(square[0]) - ord("a"), int(square[1]) - 1
    col, row = (8 - file, rank) if flip else (file, 8 - rank)
    return pixel(round(col * SQUARE + x * UNIT), round(row * SQUARE + y * UNIT))[:3]


class StartPosition(PixelTest):
    """docs/rules/glacial-shift.md §9.2: each seat's General in the middle of his edge."""

    @classmethod
    def setUpClass(cls):
        cls.pixel = staticmethod(render("--ply", "0", sample("yellow-wins.pgn")))
        cls.flipped = staticmethod(render("--ply", "0", "--flip", sample("yellow-wins.pgn")))

    def test_quadrants_are_tinted_in_their_owners_colours(self):
        for square, seat in (("b1", "Y"), ("e4", "Y"), ("b3", "G"), ("d5", "G"), ("b9", "B"),
                             ("e6", "B"), ("h3", "R"), ("f5", "R")):
            self.assertColour(at(self.pixel, square, 22.5, 22.5), TINT[seat], f"{square} tint")

    def test_long_diagonals_are_nobodys(self):
        for square in ("a1", "e5", "i9", "a9", "i1", "c7"):
            self.assertColour(at(self.pixel, square, 22.5, 22.5), DIAGONAL, f"{square}")

    def test_pyramids_point_forward(self):
        # A large pyramid fills the corners of its base and leaves those beside its apex.
        # Yellow's General on e1 points north; Blue's on e9 south.
        self.assertColour(at(self.pixel, "e1", 12, 36), PYRAMID["Y"], "e1 base")
        self.assertColour(at(self.pixel, "e1", 12, 9), TINT["Y"], "e1 beside the apex")
        self.assertColour(at(self.pixel, "e9", 12, 9), PYRAMID["B"], "e9 base")
        self.assertColour(at(self.pixel, "e9", 12, 36), TINT["B"], "e9 beside the apex")
        # Green's on a5 points east, Red's on i5 west.
        self.assertColour(at(self.pixel, "a5", 9, 12), PYRAMID["G"], "a5 base")
        self.assertColour(at(self.pixel, "a5", 36, 9), TINT["G"], "a5 beside the apex")
        self.assertColour(at(self.pixel, "i5", 36, 12), PYRAMID["R"], "i5 base")
        self.assertColour(at(self.pixel, "i5", 9, 9), TINT["R"], "i5 beside the apex")

    def test_pyramids_are_sized(self):
        # d2's small yellow Pawn leaves the point where a large pyramid's base would be.
        self.assertColour(at(self.pixel, "d2", 12, 36), TINT["Y"], "d2 small pyramid")
        self.assertColour(at(self.pixel, "d2", 19, 28), PYRAMID["Y"], "d2 small pyramid body")
        # c1's medium yellow Knight: inside at 13 units from the edge, not at 9.
        self.assertColour(at(self.pixel, "c1", 14, 33), PYRAMID["Y"], "c1 medium body")
        self.assertColour(at(self.pixel, "c1", 9, 38), TINT["Y"], "c1 outside the medium")

    def test_flip_turns_the_board_and_the_pyramids(self):
        # Blue's view: e1 is at the top, and Yellow's General points down the screen.
        self.assertColour(at(self.flipped, "e1", 12, 9, flip=True), PYRAMID["Y"], "e1 base, flipped")
        self.assertColour(at(self.flipped, "e1", 12, 36, flip=True), TINT["Y"], "e1 apex side, flipped")
        self.assertColour(at(self.flipped, "a5", 36, 12, flip=True), PYRAMID["G"], "a5 base, flipped")


class UprightBlockerAndLastPly(PixelTest):
    def test_upright_blocker_is_a_square(self):
        # The end of yellow-wins.pgn: Red's mated small pyramid stands upright on h4.
        pixel = render(sample("yellow-wins.pgn"))
        self.assertColour(at(pixel, "h4", 17, 20), PYRAMID["R"], "h4 upright, inside")
        self.assertColour(at(pixel, "h4", 17, 24), PYRAMID["R"], "h4 upright, lower left")
        self.assertColour(at(pixel, "h4", 9, 9), TINT["R"], "h4 around the square")

    def test_last_ply_is_framed(self):
        pixel = render("--ply", "1", sample("yellow-wins.pgn"))  # 1. Y: b2d1-c2
        self.assertColour(at(pixel, "d1", 2, 22.5), LAST_FRAME, "d1 frame")
        self.assertColour(at(pixel, "c2", 2, 22.5), LAST_FRAME, "c2 frame")
        self.assertColour(at(pixel, "f1", 2, 22.5), TINT["Y"], "f1 unmarked")


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
