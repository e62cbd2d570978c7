#!/usr/bin/env python3
"""The product code keeps the shape issue 26 asks for.

    tests/docs/check_code_shape.py SOURCE_DIR    check the product's folders; exit 1 on a finding
    tests/docs/check_code_shape.py --self-test   check the checker on a made-up tree

In cli/, parser/, rules/, notation/, play/ and formats/:
- No function is longer than 100 lines, from the line of its name to its closing brace, as
  universal-ctags measures it (member functions in class bodies count; a lambda's lines count in
  the function that holds it). Without universal-ctags the check fails: it is a test dependency
  (scripts/setup.sh --test).
- No `goto`.
- No `glacial` boolean: no `bool` member, parameter or variable whose name holds `glacial`, no
  assignment to a member of such a name (`.glacial = …`, `->glacial_default = …`) and no use of
  the record's `glacial_shift` flag. The engine is one value, the variant table's entry, not a flag.
  (An assignment from a dereference, `out.glacial = *position`, fills an optional position, not a
  flag.)
- In cli/, notation/, play/ and formats/, no `if constexpr` on the engine's type
  (`std::is_same_v<G, chess::Game>`): the writers take one overload per position type, and dispatch is `std::visit`.

Comments and string literals are left out of the last three checks. Each finding is printed as
`path:line: what`. Python 3 standard library and universal-ctags.
"""

import io
import os
import re
import subprocess
import sys
import textwrap
import unittest

import check_main  # tests/docs/check_main.py: the command line of every docs check

FOLDERS = ["cli", "parser", "rules", "notation", "play", "formats"]
NO_ENGINE_IF_FOLDERS = ("cli/", "notation/", "play/", "formats/")
SUFFIXES = (".cpp", ".hpp", ".h", ".cc", ".ipp")
MAX_LINES = 100

GOTO_RE = re.compile(r"\bgoto\b")
GLACIAL_BOOL_RE = re.compile(r"\bbool\s+(?:&\s*)?(\w*glacial\w*)\b(?!\s*\()")
GLACIAL_ASSIGN_RE = re.compile(r"(?:\.|->)(\w*glacial\w*)\s*=(?!=)\s*(\S?)")
GLACIAL_SHIFT_RE = re.compile(r"\bglacial_shift\b")
ENGINE_IF_RE = re.compile(
    r"\bif\s+constexpr\s*\(\s*!?\s*(?:std::)?(?:is_same_v\s*<[^;{]*?\bGame\s*>|"
    r"is_same\s*<[^;{]*?\bGame\s*>\s*::\s*value|same_as\s*<[^;{]*?\bGame\s*>)")


class MissingTool(Exception):
    pass


def source_files(root):
    for top in FOLDERS:
        for folder, dirs, files in os.walk(os.path.join(root, top)):
            dirs.sort()
            for name in sorted(files):
                if name.endswith(SUFFIXES):
                    yield os.path.relpath(os.path.join(folder, name), root).replace(os.sep, "/")


RAW_STRING_RE = re.compile(r'(?<![\w])(?:u8|u|U|L)?R"([^()\\\s]{0,16})\(')


def strip_code(text):
    """The text with comments, string and character literals blanked (line ends kept), so that
    line numbers stay those of the file."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        raw = RAW_STRING_RE.match(text, i) if c in "uULR" else None
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
        elif raw and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            end = text.find(")" + raw.group(1) + '"', raw.end())
            j = n if end < 0 else end + len(raw.group(1)) + 2
        elif c == '"' or (c == "'" and not (i > 0 and text[i - 1].isalnum())):
            # A quote after a digit or letter is a digit separator (1'000), no literal.
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            j = min(j + 1, n)
        else:
            out.append(c)
            i += 1
            continue
        out.append(re.sub(r"[^\n]", " ", text[i:j]))
        i = j
    return "".join(out)


def line_of(text, offset):
    return text.count("\n", 0, offset) + 1


def ctags_lengths(root):
    """(path, line, name, length) of every function longer than MAX_LINES, as ctags measures."""
    try:
        version = subprocess.run(["ctags", "--version"], capture_output=True, text=True).stdout
    except FileNotFoundError:
        raise MissingTool("ctags is not installed; install universal-ctags (scripts/setup.sh "
                          "--test installs it)")
    if "Universal Ctags" not in version:
        raise MissingTool("ctags is not universal-ctags; install universal-ctags (scripts/setup.sh "
                          "--test installs it)")
    folders = [f for f in FOLDERS if os.path.isdir(os.path.join(root, f))]
    result = subprocess.run(
        ["ctags", "-R", "--languages=C++", "--kinds-C++=f", "--fields=+ne", "-x",
         "--_xformat=%{end} %{line} %N %F"] + folders,
        cwd=root, capture_output=True, text=True)
    if result.returncode != 0:
        raise MissingTool("ctags failed: " + result.stderr.strip())
    long = []
    for row in result.stdout.splitlines():
        parts = row.split(" ", 3)
        if len(parts) != 4 or parts[0] == "-":
            continue
        end, line, name, path = int(parts[0]), int(parts[1]), parts[2], parts[3]
        length = end - line + 1
        if length > MAX_LINES:
            long.append((path, line, name, length))
    return long


def check_text(rel, text, bool_names):
    """(line, what) of the goto, glacial and engine-if findings of one file."""
    code = strip_code(text)
    found = {}

    def add(offset, what):
        found.setdefault(line_of(code, offset), what)

    for m in GOTO_RE.finditer(code):
        add(m.start(), "goto")
    for m in GLACIAL_BOOL_RE.finditer(code):
        add(m.start(), f"a glacial boolean: bool {m.group(1)}")
    for m in GLACIAL_ASSIGN_RE.finditer(code):
        if m.group(1) in bool_names and m.group(2) != "*":
            add(m.start(), f"a glacial boolean assigned: {m.group(1)} =")
    for m in GLACIAL_SHIFT_RE.finditer(code):
        add(m.start(), "the glacial_shift flag")
    if rel.startswith(NO_ENGINE_IF_FOLDERS):
        for m in ENGINE_IF_RE.finditer(code):
            add(m.start(), "if constexpr on the engine's type")
    return sorted(found.items())


def check_tree(root, out=sys.stdout):
    """Checks the tree at `root`, prints each finding to `out`, and returns their number."""
    texts = {}
    for rel in source_files(root):
        with open(os.path.join(root, rel), encoding="utf-8", errors="replace") as f:
            texts[rel] = f.read()
    bool_names = set()
    for text in texts.values():
        bool_names |= {m.group(1) for m in GLACIAL_BOOL_RE.finditer(strip_code(text))}
    findings = []
    try:
        for path, line, name, length in ctags_lengths(root):
            findings.append((path, line, f"function {name} is {length} lines (at most "
                                         f"{MAX_LINES})"))
    except MissingTool as e:
        print(f"code_shape: {e}", file=out)
        return 1
    for rel, text in texts.items():
        findings += [(rel, line, what) for line, what in check_text(rel, text, bool_names)]
    for path, line, what in sorted(findings):
        print(f"{path}:{line}: {what}", file=out)
    print(f"{len(findings)} findings in {len(texts)} files" if findings else
          f"{len(texts)} files keep their shape", file=out)
    return len(findings)


class SelfTest(unittest.TestCase):
    """The checker on a small tree: each kind of finding at its line, and nothing in comments,
    strings or other folders."""

    def run_tree(self, files):
        root = check_main.make_tree(self, files, textwrap.dedent)
        out = io.StringIO()
        count = check_tree(root, out)
        return count, out.getvalue().splitlines()[:-1]

    def test_each_finding_at_its_line(self):
        long_body = "".join(f"    x += {i};\n" for i in range(99))
        count, lines = self.run_tree({
            "rules/a.cpp": "int short_one(int x) {\n    return x;\n}\n"
                           "int long_one(int x) {\n" + long_body + "    return x;\n}\n",
            "parser/b.hpp": """\
                struct Options {
                    bool glacial = false;
                    std::optional<Position> glacial_position;
                };
                bool glacial_variant(const std::string& name);  // a function: not flagged
                void f(Options& o, bool glacial_default) {
                    o.glacial = glacial_default;
                    o.glacial_position = *p;
                    if (o.glacial == true) goto end;
                end:;
                }
                """,
            "formats/c.cpp": """\
                template <class G>
                void w(const G& g) {
                    if constexpr (std::is_same_v<G, rules::chess::Game>) {
                    }
                    if (record.glacial_shift) {}
                }
                """,
            "rules/d.hpp": """\
                template <class G>
                void r() {
                    if constexpr (std::is_same_v<G, chess::Game>) {}  // rules/ may
                }
                """,
        })
        self.assertEqual(lines, [
            "formats/c.cpp:3: if constexpr on the engine's type",
            "formats/c.cpp:5: the glacial_shift flag",
            "parser/b.hpp:2: a glacial boolean: bool glacial",
            "parser/b.hpp:6: a glacial boolean: bool glacial_default",
            "parser/b.hpp:7: a glacial boolean assigned: glacial =",
            "parser/b.hpp:9: goto",
            "rules/a.cpp:4: function long_one is 102 lines (at most 100)",
        ])
        self.assertEqual(count, 7)

    def test_comments_strings_and_other_folders_are_left_out(self):
        count, lines = self.run_tree({
            "cli/a.cpp": """\
                // goto; bool glacial; record.glacial_shift
                /* if constexpr (std::is_same_v<G, chess::Game>) */
                const char* s = "goto bool glacial = x.glacial_shift";
                const char* r = R"js(goto; bool glacial;)js";
                int n = 1'000;
                """,
            "tests/x_test.cpp": "bool glacial = true;\nvoid f() { goto x; x:; }\n",
        })
        self.assertEqual((count, lines), (0, []))


if __name__ == "__main__":
    sys.exit(check_main.run(sys.argv, check_tree, SelfTest, __doc__))
