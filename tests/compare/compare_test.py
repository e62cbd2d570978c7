#!/usr/bin/env python3
"""The compare script's own test: its diff and its intended differences on synthetic outputs,
then whole runs of compare.py on samples/broken with a fake "new" floe that changes the real
one's output in known ways. Needs only the floe binary (no old binary, no corpora):

    tests/compare/compare_test.py FLOE_BINARY
"""

import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import textwrap
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import compare  # noqa: E402

FLOE = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else None


def entry(where, **fields):
    """An intended.txt entry for `stdout`, as parse_intended would make it."""
    e = compare.Entry(where)
    e.streams = set(fields.pop("streams", ["stdout"]))
    e.reason = "test"
    for key, value in fields.items():
        if key == "rewrite":
            e.rewrite, e.repl = re.compile(value[0]), value[1]
        elif key == "lines":
            e.removed = e.added = re.compile(value)
        else:
            setattr(e, key, re.compile(value))
    return e


class DiffTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="floe-compare-test-")
        self.a, self.b = os.path.join(self.dir, "a"), os.path.join(self.dir, "b")

    def tearDown(self):
        shutil.rmtree(self.dir)

    def write(self, old, new):
        with open(self.a, "w") as f:
            f.write("".join(old))
        with open(self.b, "w") as f:
            f.write("".join(new))

    def compare(self, old, new, entries=()):
        self.write(old, new)
        return compare.compare_stream(self.a, self.b, "stdout", list(entries), 20)

    def test_hunks_rebuild_the_new_output(self):
        rng = random.Random(14)
        for _ in range(2000):
            old = [f"{rng.randint(0, 8)}\n" for _ in range(rng.randint(0, 60))]
            new = list(old)
            for _ in range(rng.randint(1, 5)):
                op = rng.random()
                if op < 0.3 and new:
                    del new[rng.randrange(len(new))]
                elif op < 0.6:
                    new.insert(rng.randint(0, len(new)), f"{rng.randint(0, 12)}\n")
                elif new:
                    new[rng.randrange(len(new))] = f"{rng.randint(0, 12)}\n"
            if rng.random() < 0.2 and new:
                new[-1] = new[-1].rstrip("\n")
            if old == new:
                continue
            entries = []
            if rng.random() < 0.5:
                entries = [entry("r", rewrite=(str(rng.randint(0, 8)), str(rng.randint(0, 12))))]
            self.write(old, new)
            rewrite = compare.Rewriter(entries)
            old_b, new_b = [x.encode() for x in old], [x.encode() for x in new]
            rebuilt, pos = [], 0
            for a0, removed, _, added, rewritten in compare.hunks(self.a, self.b, lambda *x: None, rewrite):
                self.assertGreaterEqual(a0 - 1, pos)
                rebuilt += old_b[pos : a0 - 1]
                self.assertEqual(old_b[a0 - 1 : a0 - 1 + len(removed)], removed)
                if rewritten:
                    self.assertEqual(rewrite(removed[0])[0], added[0])
                rebuilt += added
                pos = a0 - 1 + len(removed)
            rebuilt += old_b[pos:]
            self.assertEqual(rebuilt, new_b, (old, new))

    def test_one_changed_line(self):
        old = [f"line {i}\n" for i in range(100)]
        new = list(old)
        new[50] = "LINE 50\n"
        result = self.compare(old, new)
        self.assertEqual((result["removed"], result["added"], result["unexcused"]), (1, 1, 2))
        self.assertIn("-line 50", result["diff"])
        self.assertIn("+LINE 50", result["diff"])
        self.assertIn("@@ -48,7 +48,7 @@", result["diff"])

    def test_rewrite_excuses_every_line_and_nothing_else(self):
        old = [f"{i} w\n" for i in range(50000)]
        new = [f"{i} W\n" for i in range(50000)]
        rewrite = entry("e:1", rewrite=("w$", "W"))
        result = self.compare(old, new, [rewrite])
        self.assertEqual((result["unexcused"], result["used"]), (0, {"e:1"}))
        del new[400]
        new[30000] = "oops\n"
        result = self.compare(old, new, [rewrite])
        self.assertEqual(result["unexcused"], 3)  # 400 w removed, 30001 w -> oops
        self.assertIn("-400 w", result["diff"])

    def test_json_unordered_excuses_key_order_and_nothing_else(self):
        old = ['{"a":1,"b":[1,2],"c":{"x":1,"y":2}}\n', '{"a":1}\n', '{"n":1.50}\n']
        new = ['{"c":{"y":2,"x":1},"b":[1,2],"a":1}\n', '{"a":2}\n', '{"n":1.5}\n']
        unordered = compare.Entry("e:1")
        unordered.streams, unordered.reason, unordered.json = {"stdout"}, "test", True
        result = self.compare(old, new, [unordered])
        # The value changed (a: 1 -> 2) and the number as written (1.50 -> 1.5) are not excused.
        self.assertEqual((result["unexcused"], result["used"]), (4, {"e:1"}))
        self.assertIn('-{"a":1}', result["diff"])
        self.assertIn('-{"n":1.50}', result["diff"])

    def test_line_patterns_excuse_only_matching_lines(self):
        old = ["a\n", "warning: x [old-code]\n", "b\n", "c\n", "d\n"]
        new = ["a\n", "warning: x [new-code]\n", "b\n", "C\n", "d\n"]
        code = entry("e:1", removed=r"\[old-code\]$", added=r"\[new-code\]$")
        result = self.compare(old, new, [code])
        self.assertEqual(result["unexcused"], 2)
        self.assertEqual(result["used"], {"e:1"})
        self.assertIn("-c", result["diff"])
        self.assertNotIn("-warning: x [old-code]", result["diff"])
        result = self.compare(old, new, [code, entry("e:2", lines="^[cC]$")])
        self.assertEqual(result["unexcused"], 0)

    def test_a_long_line_is_shown_around_its_change(self):
        line = "<svg>" + "x" * 1000 + ' stroke="#1a1a1a" ' + "y" * 1000 + "</svg>\n"
        result = self.compare([line], [line.replace("#1a1a1a", "#222222")])
        minus = [x for x in result["diff"] if x.startswith("-<") or x.startswith("-…")]
        self.assertTrue(minus and "#1a1a1a" in minus[0], result["diff"])

    def test_parse_intended(self):
        path = os.path.join(self.dir, "intended.txt")
        with open(path, "w") as f:
            f.write(textwrap.dedent("""\
                # comment

                command: ^validate
                stream: stderr, exit
                lines: x
                reason: one

                # comment between
                input: ^corpora/
                stream: any
                rewrite: a => b
                reason: two
                """))
        first, second = compare.parse_intended(path)
        self.assertEqual((first.where, first.streams, first.reason), ("intended.txt:3", {"stderr", "exit"}, "one"))
        self.assertTrue(first.applies("validate --json", "x", "exit"))
        self.assertFalse(first.applies("convert", "x", "stderr"))
        self.assertEqual(second.streams, {"stdout", "stderr", "exit"})
        self.assertTrue(second.applies("fen", "corpora/a.pgn", "stdout"))
        self.assertFalse(second.applies("fen", "samples/a.pgn", "stdout"))
        for bad in ("stream: stdout\nlines: x\n", "reason: r\nlines: x\n", "stream: stdout\nreason: r\n",
                    "strem: stdout\n", "stream: stdout\nlines: (\nreason: r\n", "stream: out\nlines: x\nreason: r\n"):
            with open(path, "w") as f:
                f.write(bad)
            with self.assertRaises(ValueError):
                compare.parse_intended(path)

    def test_the_shipped_intended_file_parses(self):
        compare.parse_intended(compare.DEFAULT_INTENDED)


FAKE = """#!{python}
# floe with known changes, chosen by FAKE_MODE: rename (a diagnostic code), extra (one more
# stderr line from validate), exit (validate's exit code 1 becomes 3).
import os, subprocess, sys
p = subprocess.run([{floe!r}] + sys.argv[1:], capture_output=True)
out, err, code, mode = p.stdout, p.stderr, p.returncode, os.environ.get("FAKE_MODE", "")
if "rename" in mode:
    err = err.replace(b"[illegal-move]", b"[illegal]")
if "extra" in mode and sys.argv[1] == "validate":
    err += b"extra line\\n"
if "exit" in mode and sys.argv[1] == "validate" and code == 1:
    code = 3
sys.stdout.buffer.write(out)
sys.stderr.buffer.write(err)
sys.exit(code)
"""


@unittest.skipIf(FLOE is None, "needs the floe binary as its argument")
class RunTest(unittest.TestCase):
    """compare.py end to end on samples/broken (16 command lines), corpora left out."""

    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.mkdtemp(prefix="floe-compare-test-")
        os.makedirs(os.path.join(cls.dir, "shared", "corpora"))
        cls.fake = os.path.join(cls.dir, "fake-floe")
        with open(cls.fake, "w") as f:
            f.write(FAKE.format(python=sys.executable, floe=FLOE))
        os.chmod(cls.fake, 0o755)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.dir)

    def run_compare(self, mode, intended="", extra=()):
        path = os.path.join(self.dir, "intended.txt")
        with open(path, "w") as f:
            f.write(intended)
        env = dict(os.environ, FAKE_MODE=mode)
        cmd = [sys.executable, os.path.join(HERE, "compare.py"), "--old", FLOE, "--new", self.fake,
               "--shared", os.path.join(self.dir, "shared"), "--intended", path, "--quiet",
               "--generated", "0", "--only", "samples/broken/three-faults"] + list(extra)
        proc = subprocess.run(cmd, capture_output=True, text=True, env=env)
        return proc.returncode, proc.stdout + proc.stderr

    def test_same_behaviour(self):
        code, out = self.run_compare("")
        self.assertEqual(code, 0, out)
        self.assertIn("identical 23, intended 0, different 0", out)

    def test_a_difference_fails_and_is_shown(self):
        code, out = self.run_compare("rename")
        self.assertEqual(code, 1, out)
        self.assertIn("floe validate samples/broken/three-faults.pgn\n  stderr differs", out)
        self.assertIn("+", out)
        self.assertRegex(out, r"\n    \+.*\[illegal\]")

    def test_an_intended_difference_passes(self):
        intended = "stream: stderr\nrewrite: \\[illegal-move\\]$ => [illegal]\nreason: code renamed\n"
        code, out = self.run_compare("rename", intended)
        self.assertEqual(code, 0, out)
        self.assertRegex(out, r"intended [1-9]\d*, different 0")
        self.assertRegex(out, r"intended.txt:1: code renamed — [1-9]\d* comparisons")

    def test_an_entry_excuses_only_its_lines(self):
        intended = "stream: stderr\nrewrite: \\[illegal-move\\]$ => [illegal]\nreason: code renamed\n"
        code, out = self.run_compare("rename,extra", intended)
        self.assertEqual(code, 1, out)
        self.assertIn("+extra line", out)
        self.assertIn("(also has other differences)", out)
        self.assertNotRegex(out, r"\n    \+.*\[illegal\]")  # the excused lines are not shown

    def test_exit_codes(self):
        code, out = self.run_compare("exit")
        self.assertEqual(code, 1, out)
        self.assertIn("exit code differs: old 1, new 3", out)
        intended = "command: ^validate\nstream: exit\nremoved: ^1$\nadded: ^3$\nreason: new exit code\n"
        code, out = self.run_compare("exit", intended)
        self.assertEqual(code, 0, out)

    def test_keep(self):
        keep = os.path.join(self.dir, "keep")
        code, out = self.run_compare("extra", extra=["--keep", keep])
        self.assertEqual(code, 1, out)
        cases = os.listdir(os.path.join(keep, "different"))
        self.assertEqual(len(cases), 3, cases)  # validate, validate --json, validate --strict
        first = os.path.join(keep, "different", sorted(cases)[0])
        self.assertEqual(sorted(os.listdir(first)),
                         ["case.txt", "new.stderr", "new.stdout", "old.stderr", "old.stdout"])

    def test_generated_games(self):
        code, out = self.run_compare("", extra=["--generated", "3", "--only", "generated/standard.pgn"])
        self.assertEqual(code, 0, out)
        self.assertIn("identical 29, intended 0, different 0", out)  # 23 + 6 for game 3


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
