#!/usr/bin/env python3
"""Every rules citation in the tree names a numbered section that exists in docs/ (issue 14).

    tests/docs/check_spec_refs.py SOURCE_DIR    check the tree; exit 1 on a broken citation
    tests/docs/check_spec_refs.py --self-test   check the checker on a made-up tree

A citation is a file name ending in `.md`, a section sign and a number (docs/rules/README.md,
"How to cite"):
- In code, tests, scripts and CMake files the file is a path from the source root under docs/:
  the specifications the code was once written against lie outside the repository. A rule
  file's bare name (no path) is an error there, with or without a section.
- In Markdown the path may also be relative to the file, and a link's text may name the file
  its target points to.
- Further sections of the same file may follow after `,`, `-`, `and`, `or` or `to`.
- A section sign with a number and no file names a section of the file cited last before it in
  the same file (cited with a section, or a numbered file named); in the three rule files, a
  section of the file itself.

A citation is broken when its file does not exist or has no heading with that number. A
Markdown link into docs/rules/ whose anchor is no heading's is broken too. The three rule files
must number their headings without gaps: `## <sign>N` from 1, `### <sign>N.M` from N.1.

Python 3 standard library only. Each problem is printed as `file:line: message`.
"""

import io
import os
import re
import sys
import unittest

import check_main  # tests/docs/check_main.py: the command line of every docs check

SIGN = "\u00a7"  # the section sign, spelled so that this file holds no citation

# Where citations are looked for, from the source root. Build trees are never scanned.
SCAN_DIRS = ["cli", "parser", "rules", "notation", "play", "formats", "tests", "scripts", "docs"]
SCAN_FILES = ["CMakeLists.txt", "README.md"]
SCAN_SUFFIXES = (".cpp", ".hpp", ".h", ".py", ".sh", ".cmake", ".txt", ".md")
SKIP_DIRS = {"build", ".git", "__pycache__"}
# The map from the specifications' citations to docs/rules quotes the old citations on purpose;
# this file's self-test holds broken ones.
SKIP_FILES = {"docs/rules/spec-map.md", "tests/docs/check_spec_refs.py"}

# The rule files: numbered throughout, and a bare section in them means their own.
RULE_FILES = ["docs/rules/notation.md", "docs/rules/ice-age-chess.md", "docs/rules/glacial-shift.md",
              "docs/rules/selection.md"]
RULE_NAMES = {os.path.basename(f) for f in RULE_FILES}

# Documents outside the repository that are cited by section and are not specifications: the
# project's style guide, ../shared/style/models.md. Their sections are not checked.
EXTERNAL = {"models.md"}

NUMBER = r"\d+(?:\.\d+)*"
FILE_RE = re.compile(r"(?<![\w./-])((?:\.\./|[\w.-]+/)*[\w-][\w.-]*\.md)\b")
SECTION_RE = re.compile(SIGN + r"\s?(" + NUMBER + r")")
# The sections that follow a file name: ` S3`, ` S3, S5`, ` S1-S4`.
GROUP_TAIL_RE = re.compile(
    r"\s+" + SIGN + r"\s?" + NUMBER + r"(?:\s*(?:,|-|\u2013|and|or|to)\s*" + SIGN + r"\s?"
    + NUMBER + r")*")
# A section of the PGN standard (PGN-Standard.txt), outside the repository: not checked.
PGN_STANDARD_RE = re.compile(r"PGN(?:-Standard\.txt)?\s?$")
HEADING_RE = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
NUMBERED_RE = re.compile(r"^" + SIGN + r"(" + NUMBER + r")(?:\s|$)")
LINK_RE = re.compile(r"\[([^\]]*)\]\(([^()\s#]+\.md)(?:#([^()\s]*))?\)")


def read(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


def line_of(text, offset):
    return text.count("\n", 0, offset) + 1


def slug(title):
    """The anchor GitHub gives a heading."""
    return re.sub(r"[^\w\- ]", "", title.strip().lower()).replace(" ", "-")


def headings_of(text):
    """(line, level, title) of each Markdown heading, fenced code left out."""
    fenced = False
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith("```"):
            fenced = not fenced
            continue
        match = None if fenced else HEADING_RE.match(line)
        if match:
            yield number, len(match.group(1)), match.group(2)


class Docs:
    """The section numbers and anchors of the Markdown files under the source root."""

    def __init__(self, root):
        self.root = root
        self.cache = {}

    def headings(self, rel):
        """(numbers, anchors) of the file `rel`, or None when it does not exist."""
        if rel not in self.cache:
            path = os.path.join(self.root, rel)
            entry = None
            if os.path.isfile(path):
                entry = (set(), set())
                for _, _, title in headings_of(read(path)):
                    numbered = NUMBERED_RE.match(title)
                    if numbered:
                        entry[0].add(numbered.group(1))
                    entry[1].add(slug(title))
            self.cache[rel] = entry
        return self.cache[rel]


def resolve(rel, cited):
    """The source-root path that `cited`, written in the file `rel`, names; None when it names
    nothing under docs/ (in code: any path that does not start with docs/)."""
    if cited.startswith("docs/"):
        return os.path.normpath(cited).replace(os.sep, "/")
    if rel.endswith(".md"):
        joined = os.path.normpath(os.path.join(os.path.dirname(rel), cited)).replace(os.sep, "/")
        if joined.startswith("docs/"):
            return joined
    return None


def check_file(docs, rel, text, resolved=None):
    """The problems of one file's citations, as (line, message). With a list `resolved`, each
    bare section is also appended to it as (line, number, file)."""
    problems = []
    is_rule_file = rel in RULE_FILES
    context = rel if is_rule_file else None  # the file a bare section cites
    links = [(m.start(1), m.end(1), m.group(2)) for m in LINK_RE.finditer(text)] \
        if rel.endswith(".md") else []

    def report(offset, message):
        problems.append((line_of(text, offset), message))

    def check_section(offset, target, cited, number):
        entry = docs.headings(target)
        if entry is None:
            report(offset, f"{cited} {SIGN}{number}: no such file {target}")
        elif number not in entry[0]:
            what = f"has no section {SIGN}{number}" if entry[0] else "has no numbered sections"
            report(offset, f"{cited} {SIGN}{number}: {target} {what}")

    events = []  # (offset, cited file or None, [(offset, number)])
    grouped = set()
    for match in FILE_RE.finditer(text):
        cited = match.group(1)
        if text[match.start() - 1:match.start()] == '"' == text[match.end():match.end() + 1]:
            continue  # a file name as a string literal of code, such as the spec's own path
        tail = GROUP_TAIL_RE.match(text, match.end())
        sections = []
        if tail:
            for sec in SECTION_RE.finditer(text, match.end(), tail.end()):
                grouped.add(sec.start())
                sections.append((sec.start(), sec.group(1)))
        events.append((match.start(), cited, sections))
    for sec in SECTION_RE.finditer(text):
        if sec.start() not in grouped:
            events.append((sec.start(), None, [(sec.start(), sec.group(1))]))
    events.sort(key=lambda e: e[0])

    for offset, cited, sections in events:
        if cited is None:  # a bare section
            _, number = sections[0]
            if PGN_STANDARD_RE.search(text, max(0, offset - 20), offset):
                continue  # a clause of the PGN standard, cited as "PGN <sign>8.2"
            if context == "external":
                continue
            if context is None:
                report(offset, f"{SIGN}{number} names no file, and no file is cited before it")
            elif context.startswith("unknown:"):
                report(offset, f"{SIGN}{number} continues {context[8:]}, which is no path under "
                               f"docs/")
            else:
                check_section(offset, context, os.path.basename(context), number)
                if resolved is not None:
                    resolved.append((line_of(text, offset), number, context))
            continue
        name = os.path.basename(cited)
        if name in EXTERNAL:
            if sections and not is_rule_file:
                context = "external"
            continue
        if "shared/" in cited or cited.startswith("spec/"):
            if sections:  # the upstream specification may be named as the source, not cited
                report(offset, f"{cited}: a section outside the repository; cite docs/rules/")
            continue
        # In a link's text, the file the link points to.
        via_link = [t for start, end, t in links if start <= offset < end
                    and os.path.basename(t) == name]
        target = resolve(rel, via_link[0] if via_link else cited)
        if target is None:
            if sections or name in RULE_NAMES:
                first = f" {SIGN}{sections[0][1]}" if sections else ""
                hint = f" (docs/rules/{name}?)" if name in RULE_NAMES else ""
                report(offset, f"{cited}{first}: cite the file by its path under docs/{hint}")
                if not is_rule_file:
                    context = "unknown:" + cited
            continue  # another file of the tree, such as README.md: no citation
        for sec_offset, number in sections:
            check_section(sec_offset, target, cited, number)
        entry = docs.headings(target)
        if entry is None and not sections and name in RULE_NAMES:
            report(offset, f"{cited}: no such file {target}")
        if not is_rule_file and (sections or (entry is not None and entry[0])):
            context = target

    for start, _, target_name in links:
        match = LINK_RE.match(text, start - 1)
        target = resolve(rel, target_name)
        anchor = match.group(3)
        if target is None or not target.startswith("docs/rules/") or anchor is None:
            continue
        entry = docs.headings(target)
        if entry is None:
            report(start, f"link to missing file {target}")
        elif anchor not in entry[1]:
            report(start, f"link to {target}#{anchor}: no heading has that anchor")
    return problems


def check_numbering(text):
    """The unnumbered headings and the gaps of a rule file, as (line, message)."""
    problems = []
    top, sub = 0, 0
    for number, level, title in headings_of(text):
        if level == 1:
            continue
        numbered = NUMBERED_RE.match(title)
        parts = numbered.group(1).split(".") if numbered else []
        if level == 2 and parts == [str(top + 1)]:
            top, sub = top + 1, 0
        elif level == 3 and parts == [str(top), str(sub + 1)]:
            sub += 1
        else:
            want = {2: f"{SIGN}{top + 1}", 3: f"{SIGN}{top}.{sub + 1}"}.get(level, "level 2 or 3")
            problems.append((number, f"heading {title!r}: expected {want}"))
            if level == 2 and len(parts) == 1:  # count on from it: one gap, one problem
                top, sub = int(parts[0]), 0
            elif level == 3 and len(parts) == 2:
                top, sub = int(parts[0]), int(parts[1])
    return problems


def scanned_files(root):
    return check_main.tree_files(
        root, SCAN_FILES, SCAN_DIRS,
        keep=lambda rel: rel.endswith(SCAN_SUFFIXES) and rel not in SKIP_FILES,
        skip_dirs=SKIP_DIRS)


def check_tree(root, out=sys.stdout):
    """Checks the tree at `root`, prints each problem to `out`, and returns their number."""
    docs = Docs(root)
    problems = []
    citations = 0
    for rel in scanned_files(root):
        text = read(os.path.join(root, rel))
        citations += len(SECTION_RE.findall(text))
        problems += [(rel, line, msg) for line, msg in check_file(docs, rel, text)]
        if rel in RULE_FILES:
            problems += [(rel, line, msg) for line, msg in check_numbering(text)]
    for rel in RULE_FILES:
        if not os.path.isfile(os.path.join(root, rel)):
            problems.append((rel, 1, "rule file missing"))
    for rel, line, msg in sorted(problems):
        print(f"{rel}:{line}: {msg}", file=out)
    if problems:
        print(f"{len(problems)} broken citations; see docs/rules/README.md, \"How to cite\"",
              file=out)
    else:
        print(f"{citations} section citations checked", file=out)
    return len(problems)


class SelfTest(unittest.TestCase):
    """The checker on a small tree (S stands for the section sign): it must find each kind of
    broken citation, at its line."""

    RULES = {
        "docs/rules/notation.md": "# N\n## S1 One\n### S1.1 A\n### S1.2 `B` (b)\n## S2 Two\n",
        "docs/rules/ice-age-chess.md": "# I\n## S1 Board\n### S1.1 Ice\nS1.1 and S1 here are"
                                       " its own: see [notation.md S1.2](notation.md#12-b-b).\n",
        "docs/rules/glacial-shift.md": "# G\n## S1 Equipment\n",
        "docs/rules/selection.md": "# S\n## S1 Equal positions\n",
        "docs/notation.md": "# Summary\n## Variants\n",
        "docs/decisions.md": "# D\n## FEN\n",
    }

    def run_tree(self, files):
        root = check_main.make_tree(self, {**self.RULES, **files}, lambda text: re.sub(r"S(?=\d)", SIGN, text))
        out = io.StringIO()
        count = check_tree(root, out)
        return count, [l.replace(SIGN, "S") for l in out.getvalue().splitlines()[:-1]]

    def test_good_citations_pass(self):
        count, lines = self.run_tree({
            "rules/a.cpp": "// docs/rules/notation.md S1.2, S2 and S1-S2 (docs/rules/ice-age-chess.md"
                           " S1.1)\n// S1.1 again, then docs/decisions.md\n// models.md S9.9 is the"
                           " style guide\n// docs/rules/glacial-shift.md\n// S1 of it\n",
            "tests/b.cpp": 'read_file(shared / "spec" / "notation.md");  // ../shared/spec/notation.md\n',
            "docs/c.md": "[notation.md S1.1](rules/notation.md#11-a), then S2; rules/glacial-shift.md"
                         " S1.\n",
        })
        self.assertEqual(lines, [])
        self.assertEqual(count, 0)

    def test_each_broken_citation_is_found_at_its_line(self):
        count, lines = self.run_tree({
            "rules/a.cpp": ("// fine: docs/rules/notation.md S1.1\n"
                            "// docs/rules/notation.md S1.3: no such section\n"
                            "// S3 alone continues the file cited before\n"
                            "// notation.md S1: not a path\n"
                            "// docs/rules/chess.md S1: no such file\n"
                            "// docs/decisions.md S1: unnumbered\n"
                            "// ../shared/spec/notation.md S2: outside\n"),
            "cli/b.cpp": "// S2 without a file\n// glacial-shift.md without a section\n",
            "docs/c.md": "[x](rules/notation.md#1-one) [y](rules/notation.md#3-three)\n"
                         "notation.md S1 is the summary here\nglacial-shift.md is not here\n",
        })
        self.assertEqual(lines, [
            "cli/b.cpp:1: S2 names no file, and no file is cited before it",
            "cli/b.cpp:2: glacial-shift.md: cite the file by its path under docs/ "
            "(docs/rules/glacial-shift.md?)",
            "docs/c.md:1: link to docs/rules/notation.md#3-three: no heading has that anchor",
            "docs/c.md:2: notation.md S1: docs/notation.md has no numbered sections",
            "docs/c.md:3: glacial-shift.md: no such file docs/glacial-shift.md",
            "rules/a.cpp:2: docs/rules/notation.md S1.3: docs/rules/notation.md has no section S1.3",
            "rules/a.cpp:3: notation.md S3: docs/rules/notation.md has no section S3",
            "rules/a.cpp:4: notation.md S1: cite the file by its path under docs/ "
            "(docs/rules/notation.md?)",
            "rules/a.cpp:5: docs/rules/chess.md S1: no such file docs/rules/chess.md",
            "rules/a.cpp:6: docs/decisions.md S1: docs/decisions.md has no numbered sections",
            "rules/a.cpp:7: ../shared/spec/notation.md: a section outside the repository; cite "
            "docs/rules/",
        ])
        self.assertEqual(count, 11)

    def test_a_rule_file_numbers_without_gaps(self):
        count, lines = self.run_tree({
            "docs/rules/glacial-shift.md": "# G\n## S1 A\n### S1.2 B\n## S3 C\n## D\n#### S3.1.1\n"})
        self.assertEqual(lines, [
            "docs/rules/glacial-shift.md:3: heading 'S1.2 B': expected S1.1",
            "docs/rules/glacial-shift.md:4: heading 'S3 C': expected S2",
            "docs/rules/glacial-shift.md:5: heading 'D': expected S4",
            "docs/rules/glacial-shift.md:6: heading 'S3.1.1': expected level 2 or 3",
        ])
        self.assertEqual(count, 4)


if __name__ == "__main__":
    sys.exit(check_main.run(sys.argv, check_tree, SelfTest, __doc__))
