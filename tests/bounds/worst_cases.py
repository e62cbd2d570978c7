"""Synthetic worst cases for floe's time bounds (issue 13, docs/reliability.md).

Each case makes a record of about `size` bytes that stresses one dimension of the input: one very
long game, many tags, one long comment, deep or wide variations, long lines, many games or many
diagnostics on one line. The time-bound test (tests/bounds/time_bounds_test.py) and the benchmark
(tests/bench/bounds.py) both use them, at 1x, 4x (and 16x) the base size.

Every case names the subcommands it is run with; `SUBCOMMANDS` says how each is called.
"""

# How each subcommand runs on a FILE; its output goes to /dev/null. `diagram` and `replay` read
# the first game only.
SUBCOMMANDS = {
    "validate": ["validate"],
    "validate-json": ["validate", "--to", "json"],
    "convert": ["convert"],
    "convert-json": ["convert", "--to", "json"],
    "fen-all": ["fen", "--all"],
    "diagram": ["diagram", "--to", "svg"],
    "replay": ["replay"],
}
ALL = list(SUBCOMMANDS)

# Plies that can be repeated forever in orthodox chess: the knights go out and back.
KNIGHT_SHUFFLE = ["Nf3", "Nf6", "Ng1", "Ng8"]


def _movetext(size, width=79):
    """Legal orthodox movetext of about `size` bytes in lines of `width` (0: one line)."""
    out, line, ply = [], [], 0
    length = 0
    while length < size:
        word = KNIGHT_SHUFFLE[ply % 4]
        if ply % 2 == 0:
            word = f"{ply // 2 + 1}. {word}"
        ply += 1
        line.append(word)
        length += len(word) + 1
        if width and sum(len(w) + 1 for w in line) > width:
            out.append(" ".join(line))
            line = []
    out.append(" ".join(line))
    return ("\n" if width else " ").join(out), ply


STANDARD = '[Variant "Standard"]\n\n'


def long_game(size):
    text, _ = _movetext(size)
    return STANDARD + text + " *\n"


def long_game_one_line(size):
    text, _ = _movetext(size, width=0)
    return STANDARD + text + " *\n"


def many_tags(size):
    n = max(1, size // 18)
    tags = "".join(f'[Tag{i:07d} "value"]\n' for i in range(n))
    return tags + '[Variant "Standard"]\n\n1. e4 *\n'


def long_comment(size):
    line = "a comment line of about eighty characters, written to fill a very long comment"
    lines = "\n".join(line for _ in range(max(1, size // (len(line) + 1))))
    return STANDARD + "1. e4 {" + lines + "} e5 *\n"


def long_comment_one_line(size):
    words = "word " * max(1, size // 5)
    return STANDARD + "1. e4 {" + words + "} e5 *\n"


def deep_variations(size):
    """Nests of variations one after another, (1. d4 (1. c4 (1. d4 ...))), each about size / 12
    bytes and as deep (up to 500 levels): the input grows in depth, not in count."""
    depth = min(500, max(1, size // 100))
    nest = "".join("(1. " + ("d4" if k % 2 else "c4") + " " for k in range(depth)) + ")" * depth
    count = size // len(nest)  # none in the smallest instance
    body = "\n".join(nest for _ in range(count))
    return STANDARD + "1. e4\n" + body + "\n*\n"


def deepest_variation(size):
    """One nest as deep as the size allows: past the limit of 1000 levels."""
    depth = max(1, size // 8)
    nest = "(1. d4 " * depth + ")" * depth
    return STANDARD + "1. e4 " + nest + " *\n"


def wide_variations(size):
    """One move with many sibling variations, in lines of 79 bytes."""
    alternatives = ["(1. d4)", "(1. c4)", "(1. Nf3)", "(1. g3)"]
    out, line, length, k = [], [], 0, 0
    while length < size:
        line.append(alternatives[k % 4])
        length += len(alternatives[k % 4]) + 1
        k += 1
        if len(line) == 10:
            out.append(" ".join(line))
            line = []
    out.append(" ".join(line))
    return STANDARD + "1. e4 " + "\n".join(out) + " 1... e5 *\n"


def many_games(size):
    game = STANDARD + "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n"
    return game * max(1, size // len(game))


def many_games_one_line(size):
    """Games without tags on one line: `1. e4 * 1. d4 * ...` (diagram and replay read game 1)."""
    return "1. e4 * " * max(1, size // 8) + "\n"


def many_diagnostics_one_line(size):
    """One line of `)` without `(`: one error each, all on line 3."""
    return STANDARD + "1. e4 " + ") " * max(1, size // 2) + "*\n"


def many_stray_characters_one_line(size):
    """One line of characters that are no token (`}`): one error each."""
    return STANDARD + "1. e4 " + "} " * max(1, size // 2) + "*\n"


def bad_tags_one_line(size):
    """Malformed tag pairs on one line, each with a quote and no closing `"]`."""
    return '[a "x ] ' * max(1, size // 8) + "\n1. e4 *\n"


def distinct_bad_tags_one_line(size):
    """One game whose tag section is one line of malformed tag pairs with distinct names."""
    n = max(1, size // 14)
    return "".join(f'[t{i:06d} "x ] ' for i in range(n)) + "\n1. e4 *\n"


def long_tag_value(size):
    return '[Event "' + "v" * size + '"]\n[Variant "Standard"]\n\n1. e4 *\n'


def long_token(size):
    """One unreadable move token of the whole size (`Qzzz…`: no move at any size)."""
    return STANDARD + "1. Qz" + "z" * max(0, size - 2) + " *\n"


def unclosed_variations(size):
    """One line of `(` never closed: past the depth limit every one is an error's rest."""
    return STANDARD + "1. e4 " + "(" * max(1, size) + " *\n"


def empty_variations(size):
    """One line of empty variations `()` after a move: a parenthesis every byte."""
    return STANDARD + "1. e4 " + "()" * max(1, size // 2) + " *\n"


def long_comment_streamed(size):
    """A comment longer than the stream's 256 KB read size (GameSource): many lines."""
    return long_comment(size)


# name: (maker, subcommands[, bytes at 1x when the default does not fit the case]). Inputs are
# read as streams in 256 KB chunks: only a game longer than that shows how the reader grows.
# Cases that print a diagnostic every two bytes, or hold a game every eight, are smaller: their
# quadratic forms still show at once (10x and more), and the test stays within minutes.
CASES = {
    "long-game": (long_game, ALL),
    "long-game-one-line": (long_game_one_line, ALL),
    "many-tags": (many_tags, ALL),
    "long-comment": (long_comment, ALL),
    "long-comment-one-line": (long_comment_one_line, ALL),
    "deep-variations": (deep_variations, ALL),
    "deepest-variation": (deepest_variation, ALL),
    "wide-variations": (wide_variations, ALL),
    "many-games": (many_games, ALL),
    "many-games-one-line": (many_games_one_line, ALL, 6_000),
    "many-diagnostics-one-line": (many_diagnostics_one_line, ALL, 3_000),
    "many-stray-characters-one-line": (many_stray_characters_one_line, ALL, 3_000),
    "bad-tags-one-line": (bad_tags_one_line, ALL),
    "distinct-bad-tags-one-line": (distinct_bad_tags_one_line, ALL),
    "long-tag-value": (long_tag_value, ALL),
    "long-token": (long_token, ALL),
    "unclosed-variations": (unclosed_variations, ALL),
    "empty-variations": (empty_variations, ALL),
    "long-comment-streamed": (long_comment_streamed, ["validate", "convert"], 1_000_000),
}


def make(name, size):
    return CASES[name][0](size).encode()


def base_size(name, default):
    """Bytes of the case's 1x input."""
    return CASES[name][2] if len(CASES[name]) > 2 else default
