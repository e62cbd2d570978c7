#!/usr/bin/env python3
"""Every repository path the docs name exists (issue 26 item 5).

    tests/docs/check_doc_paths.py SOURCE_DIR    check the docs; exit 1 on a missing path
    tests/docs/check_doc_paths.py --self-test   check the checker on a made-up tree

The docs are README.md, CHANGELOG.md and docs/**/*.md. A path is looked for in their text, in
backticks or not, and in their links:
- A link's target (`[x](rules/README.md#how-to-cite)`) is a path relative to its file, anchor
  left out, unless it is a URL or mail address.
- A word of the text is a path when it holds a slash and its first part is a folder of the
  repository's top (`cli/cmd_select.cpp`, `formats/replay_page/`, `tests/compare/compare.py`), or
  a folder beside the file that names it or beside a folder above it (`rules/README.md` in
  docs/ and docs/decisions/), or `..` (a path relative to the file). Other words with a slash (`games/x.pgn`, `1/2`, `K/N`, `/dev/stdout`) are examples
  or absolute paths, not paths of the repository.
- A trailing line number (`docs/performance.md:304`), `::name`, and trailing punctuation are no
  part of the path; `*` is a wildcard that must match something (`rules/glacial/replay.*`), and a
  path without an extension may name a unit by its stem (`formats/pgn_writer`).

Skipped: URLs; paths outside the repository (`../shared/cases/…`); placeholders (a part in
`<…>` or `{…}`, holding `…`, `%` or `$`, or in capitals only: `tests/<layer>/<unit>_test.cpp`,
`DIR/game-N.html`); paths under `build/` (made by the build); and the `##` sections of the
decision files whose status line says `superseded` (they describe the code of their time).

Python 3 standard library only. Each missing path is printed as `file:line: path`.
"""

import glob
import io
import os
import re
import sys
import unittest

import check_main  # tests/docs/check_main.py: the command line of every docs check

DOC_FILES = ["README.md", "CHANGELOG.md"]
DOC_DIRS = ["docs"]
SKIP_TOP = {".git", "__pycache__", ".cache"}

URL_RE = re.compile(r"\b(?:https?|ftp|file)://\S+|\bmailto:\S+|\bwww\.\S+")
LINK_RE = re.compile(r"\]\(([^()\s]+)\)")
# A word that may be a path: path characters with at least one slash.
WORD_RE = re.compile(r"(?<![\w./*<>{}%$-])(?:\.\./)*[\w.*<>{}%$\u2026-]+(?:/[\w.*<>{}%$\u2026-]*)+")
HEADING_RE = re.compile(r"^(#{1,6})\s")
SUPERSEDED_RE = re.compile(r"^Status:\s*superseded\b")
# A placeholder: a part in <> or {}, with an ellipsis, % or $, or a word in capitals that stands
# for a name (`cmd_NAME.hpp`, `game-N.html`, `docs/rules/X.md`).
PLACEHOLDER_PART_RE = re.compile(
    r"[<>{}%$\u2026]|\.\.\.|(?<![A-Za-z])(?:NAME|FILE|DIR|TAG|VALUE|CODE|PATH|CMD|N|K|X+)(?![A-Za-z])")


def read(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


def doc_files(root):
    return check_main.tree_files(root, DOC_FILES, DOC_DIRS, keep=lambda rel: rel.endswith(".md"))


def top_folders(root):
    return {n for n in os.listdir(root) if os.path.isdir(os.path.join(root, n))
            and n not in SKIP_TOP and not n.startswith("build")}


def checked_lines(text):
    """(line number, line) of the text, fenced code included, superseded sections left out."""
    skipping, level = False, 0
    lines = text.split("\n")
    for number, line in enumerate(lines, 1):
        heading = HEADING_RE.match(line)
        if heading:
            skipping = False
            if len(heading.group(1)) == 2:
                # The status line stands under the title, after at most one blank line.
                after = [l for l in lines[number:number + 3] if l.strip()][:1]
                skipping = bool(after and SUPERSEDED_RE.match(after[0]))
        if not skipping:
            yield number, line


def clean(word):
    """The path a word names, or None when the word is no path to check."""
    word = word.split("::")[0]
    word = re.sub(r"(?::\d+(?:-\d+)?)+$", "", word)
    word = word.rstrip(".,;:!?'\"")
    if not word or "/" not in word:
        return None
    parts = [p for p in word.split("/") if p not in ("", ".")]
    if any(PLACEHOLDER_PART_RE.search(p) for p in parts if p != ".."):
        return None
    return word


def exists(root, path):
    """Whether `path` names something: a `*` must match, and a unit may be named by its stem
    (`formats/pgn_writer` for its .hpp and .cpp)."""
    full = os.path.normpath(os.path.join(root, path))
    if "*" in path:
        return bool(glob.glob(full))
    return os.path.exists(full) or (not path.endswith("/") and bool(glob.glob(glob.escape(full) + ".*")))


def inside(root, path):
    full = os.path.normpath(os.path.join(root, path))
    return full == root or full.startswith(root.rstrip(os.sep) + os.sep)


def under_build(rel):
    return rel.split("/")[0].startswith("build")


def check_file(root, rel, text, tops):
    """(line, path) of each missing path of one doc file, and the count of paths checked."""
    root = os.path.abspath(root)
    here = os.path.dirname(rel)
    ancestors = []  # the file's folder and those above it, below the top
    folder = here
    while folder:
        ancestors.append(folder)
        folder = os.path.dirname(folder)
    ancestors_children = {n for a in ancestors for n in os.listdir(os.path.join(root, a))
                          if os.path.isdir(os.path.join(root, a, n))}
    missing, checked = [], 0
    for number, line in checked_lines(text):
        line = URL_RE.sub(" ", line)
        # Link targets, relative to the file.
        for m in LINK_RE.finditer(line):
            target = m.group(1).split("#")[0].split("?")[0]
            if not target or target.startswith(("mailto:", "/")) or ":" in target.split("/")[0]:
                continue
            path = os.path.normpath(os.path.join(here, target)).replace(os.sep, "/")
            if not inside(root, path) or under_build(path):
                continue
            checked += 1
            if not exists(root, path):
                missing.append((number, target))
        line = LINK_RE.sub(lambda m: "](" + " " * len(m.group(1)) + ")", line)
        for m in WORD_RE.finditer(line):
            word = clean(m.group(0))
            if word is None:
                continue
            first = word.split("/")[0]
            relative = os.path.normpath(os.path.join(here, word)).replace(os.sep, "/")
            if first == "..":
                if not inside(root, word) and not exists(root, relative):
                    continue  # beside the repository, as the docs write it: `../shared/…`
                candidates = [relative]
            elif first in tops or first in ancestors_children:
                # From the top, or from the file's folder or one above it (`rules/README.md`
                # in docs/decisions/ is docs/rules/README.md).
                candidates = [word] + [os.path.normpath(os.path.join(a, word)).replace(os.sep, "/")
                                       for a in ancestors]
            else:
                continue  # an example or an absolute path, not a path of the repository
            candidates = [c for c in candidates if inside(root, c) and not under_build(c)]
            if not candidates:
                continue
            checked += 1
            if not any(exists(root, c) for c in candidates):
                missing.append((number, word))
    return missing, checked


def check_tree(root, out=sys.stdout):
    """Checks the docs under `root`, prints each missing path to `out`, returns their number."""
    tops = top_folders(root)
    problems, total = [], 0
    for rel in doc_files(root):
        missing, checked = check_file(root, rel, read(os.path.join(root, rel)), tops)
        total += checked
        problems += [(rel, line, path) for line, path in missing]
    for rel, line, path in problems:
        print(f"{rel}:{line}: {path}: no such file or folder", file=out)
    if problems:
        print(f"{len(problems)} of {total} paths named in the docs do not exist", file=out)
    else:
        print(f"{total} paths named in the docs exist", file=out)
    return len(problems)


class SelfTest(unittest.TestCase):
    """The checker on a small tree: it must find each missing path, at its line, and nothing
    else."""

    TREE = {
        "cli/cmd_select.cpp": "",
        "formats/replay_page/replay.js": "",
        "rules/glacial/game.cpp": "",
        "docs/rules/README.md": "# N\n",
        "docs/decisions/README.md": "# D\n",
    }

    def run_tree(self, files):
        root = check_main.make_tree(self, {**self.TREE, **files})
        out = io.StringIO()
        count = check_tree(root, out)
        return count, out.getvalue().splitlines()[:-1]

    def test_paths_that_exist_pass(self):
        count, lines = self.run_tree({
            "README.md": "See `cli/cmd_select.cpp`, formats/replay_page/ and "
                         "[rules](docs/rules/README.md); rules/glacial/*.cpp.\n",
            "docs/a.md": "rules/README.md, [index](decisions/README.md), "
                         "`formats/replay_page/replay.js:12`, `cli/cmd_select.cpp::main`.\n",
            "docs/decisions/b.md": "[n](../rules/README.md), rules/README.md, formats/replay_page/replay\n",
        })
        self.assertEqual((count, lines), (0, []))

    def test_what_is_no_repository_path_is_skipped(self):
        count, lines = self.run_tree({
            "docs/a.md": "https://github.com/x/y/blob/main/cli/gone.cpp, ../shared/cases/x,\n"
                         "tests/<layer>/<unit>_test.cpp, build/floe, build/help/, games/x.pgn,\n"
                         "`/dev/stdout`, 1/2, K/N, DIR/game-N.html, cli/..., cli/cmd_NAME.cpp.\n"
                         "## Old (issue 8)\n\nStatus: superseded by x (issue 14)\n\ncli/gone.cpp\n"
                         "## New\n\nStatus: in force (issue 14)\n",
        })
        self.assertEqual((count, lines), (0, []))

    def test_each_missing_path_is_found_at_its_line(self):
        count, lines = self.run_tree({
            "README.md": "fine: cli/cmd_select.cpp\n`cli/cmd_gone.cpp` and formats/gone/\n",
            "docs/a.md": "[x](rules/gone.md#2) and rules/glacial/replay.*\n"
                         "## Kept\n\nStatus: in force (issue 2)\n\ndocs/performance.md:304\n",
        })
        self.assertEqual((count, lines), (5, [
            "README.md:2: cli/cmd_gone.cpp: no such file or folder",
            "README.md:2: formats/gone/: no such file or folder",
            "docs/a.md:1: rules/gone.md: no such file or folder",
            "docs/a.md:1: rules/glacial/replay.*: no such file or folder",
            "docs/a.md:6: docs/performance.md: no such file or folder",
        ]))


if __name__ == "__main__":
    sys.exit(check_main.run(sys.argv, check_tree, SelfTest, __doc__))
