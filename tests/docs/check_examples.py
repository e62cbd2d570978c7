#!/usr/bin/env python3
"""Every console example of the docs runs as shown (issue 27 item 3), in the style of cram.

    tests/docs/check_examples.py SOURCE_DIR FLOE            run the examples; exit 1 on a mismatch
    tests/docs/check_examples.py --update SOURCE_DIR FLOE   rewrite each block's outputs with what
                                                            the commands print (for maintainers:
                                                            review the diff, then commit it)
    tests/docs/check_examples.py --self-test                check the checker on made-up docs

FLOE is the floe to run, a binary or the build directory that holds it. The docs are README.md
and docs/**/*.md. An example is a ```console block: `$ command` lines, each followed by what it
prints. A command continues on the next lines while bash finds it incomplete (a trailing `\\`, an
open quote). A block indented in a list has its indentation taken off its lines.

How an example runs:
- Each block runs in a fresh temporary directory that holds a copy of samples/ and docs/ (no
  images), so the examples read as if run from the repository's root (`floe validate
  samples/orthodox/classics.pgn`) but write nothing into it; the commands of one block share the
  directory (`generate -o random.pgn`, then `validate random.pgn`). `floe` is the FLOE given, first
  on PATH, and `build/floe` names it too (the README's quick start). FLOE_SHARED is unset: an
  example never needs ../shared.
- Each command runs with `bash -c`, standard error merged into standard output (`2>&1`, as a
  terminal shows them), standard input empty, 120 s at most.
- The output is compared line by line, exactly, except that trailing blanks of each line and
  blank lines at the end are ignored (a terminal does not show them and editors drop them).
- The exit status is not shown; a non-zero status is accepted when the block shows output (the
  error it prints), and is a failure when the block shows none (a silent failure).

A block that cannot run as shown (a placeholder file, a terminal-only progress line, another
machine) follows a line `<!-- example: not run: REASON -->`; it is listed as skipped, with its
reason. ```sh, ```bash and ```shell blocks (scripts, setup steps) are not run; each must follow
such a line too, and so must any other block with a `$ command` line (```text, ```), so that no
example is left out silently.

The man page's EXAMPLES (`floe help-export man`, cli/man_page.cpp) are checked too: each command
there must be the command of an example that ran (`build/floe` read as `floe`), so that the man
page shows only commands that run as shown.

On a mismatch the file, line and command are printed with a unified diff (expected, actual).
`--update` keeps every command and every block marked not run as written, and replaces the output
under each command by what it printed (trailing blanks dropped); it exits 1 when some output
changed. After renaming an option or rewording a message: edit the commands by hand, run
`--update`, and read `git diff` before committing, since it accepts whatever floe now prints.
Python 3 standard library only.
"""

import difflib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

import check_main  # tests/docs/check_main.py: the tree helpers of the docs checks

DOC_FILES = ["README.md"]
DOC_DIRS = ["docs"]
COPIED = ["samples", "docs"]
COPY_IGNORE = shutil.ignore_patterns("images", "*.png", "*.svg")
TIMEOUT = 120

FENCE_RE = re.compile(r"^(\s*)(```+)\s*([\w-]*)\s*$")
# Any Markdown code fence (CommonMark: three or more backticks or tildes, an info string without
# backticks).
ANY_FENCE_RE = re.compile(r"^\s*(```+|~~~+)[^`]*$")
NOT_RUN_RE = re.compile(r"^\s*<!--\s*example:\s*not run:\s*(.+?)\s*-->\s*$")
SCRIPT_LANGS = {"sh", "bash", "shell"}


class Example:
    """One `$ command` of a block: its text, its first line (1-based) and its expected output."""

    def __init__(self, line, command_lines):
        self.line = line
        self.command_lines = command_lines
        self.expected = []

    @property
    def command(self):
        return "\n".join(self.command_lines)


class Block:
    """A fenced block: its language, indentation, body lines (start, end: 0-based line indexes of
    the body), its not-run reason if any, and its examples."""

    def __init__(self, lang, indent, start, end, not_run):
        self.lang, self.indent, self.start, self.end = lang, indent, start, end
        self.not_run = not_run
        self.examples = []
        self.error = None


def is_complete(command):
    """Whether bash reads `command` as complete (no open quote, no trailing backslash)."""
    if command.endswith("\\"):
        return False
    result = subprocess.run(["bash", "-n", "-c", command], capture_output=True, text=True)
    return "unexpected end of file" not in result.stderr and "unexpected EOF" not in result.stderr


def dedent(line, indent):
    return line[len(indent):] if line.startswith(indent) else line.lstrip()


def parse_examples(body):
    """The examples of a console block's body (lines with the indentation taken off), as
    (offset of the command's first line in the body, command lines, expected lines)."""
    examples, i = [], 0
    while i < len(body):
        if not body[i].startswith("$ "):
            if examples:
                examples[-1][2].append(body[i])
            elif body[i].strip():
                raise ValueError(f"output before the first `$ ` command: {body[i]!r}")
            i += 1
            continue
        first, command = i, [body[i][2:]]
        i += 1
        while not is_complete("\n".join(command)) and i < len(body):
            command.append(body[i])
            i += 1
        examples.append((first, command, []))
    return examples


def find_blocks(lines):
    """The fenced blocks of a Markdown file's lines."""
    blocks, i, not_run = [], 0, None
    while i < len(lines):
        marker = NOT_RUN_RE.match(lines[i])
        if marker:
            not_run = marker.group(1)
            i += 1
            continue
        fence = FENCE_RE.match(lines[i])
        if not fence and ANY_FENCE_RE.match(lines[i]):
            # A fence this reader cannot parse (`~~~`, an info string with a space) would hide
            # its block from the test: refused, not skipped.
            block = Block("unreadable fence", "", i + 1, i + 1, None)
            block.error = f"a fence this check cannot read: {lines[i].strip()}"
            blocks.append(block)
            i += 1
            continue
        if not fence:
            if lines[i].strip():
                not_run = None
            i += 1
            continue
        indent, ticks, lang = fence.groups()
        end = i + 1
        while end < len(lines) and lines[end].strip() != ticks:
            end += 1
        block = Block(lang, indent, i + 1, end, not_run)
        if lang == "console":
            body = [dedent(line, indent) for line in lines[i + 1:end]]
            try:
                for offset, command, expected in parse_examples(body):
                    example = Example(i + 2 + offset, command)
                    example.expected = expected
                    block.examples.append(example)
            except ValueError as e:
                block.error = str(e)
        blocks.append(block)
        not_run, i = None, end + 1
    return blocks


def normalise(lines):
    out = [line.rstrip() for line in lines]
    while out and not out[-1]:
        out.pop()
    return out


def floe_binary(floe):
    path = os.path.abspath(floe)
    return os.path.join(path, "floe") if os.path.isdir(path) else path


def prepare_directory(root, floe):
    """A temporary directory with copies of `COPIED` and build/floe; returns its path."""
    work = tempfile.mkdtemp(prefix="floe-example-")
    for name in COPIED:
        source = os.path.join(root, name)
        if os.path.isdir(source):
            shutil.copytree(source, os.path.join(work, name), ignore=COPY_IGNORE)
    os.makedirs(os.path.join(work, "build"))
    os.symlink(floe, os.path.join(work, "build", "floe"))
    return work


def run_command(command, cwd, bin_dir):
    env = dict(os.environ)
    env.pop("FLOE_SHARED", None)
    env["PATH"] = bin_dir + os.pathsep + env.get("PATH", "")
    try:
        # pipefail: floe's failure in `floe … | head` is a failure, not the pipe's last status.
        result = subprocess.run(["bash", "-o", "pipefail", "-c", command], cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=TIMEOUT)
    except subprocess.TimeoutExpired as e:
        text = (e.stdout or b"").decode("utf-8", "replace")
        return text.splitlines() + [f"(timed out after {TIMEOUT} s)"], -1
    return result.stdout.decode("utf-8", "replace").splitlines(), result.returncode


def check_block(rel, block, root, floe, out):
    """Runs a block's examples; returns [(example, actual lines)] and prints each mismatch."""
    results, failed = [], 0
    work = prepare_directory(root, floe)
    bin_dir = tempfile.mkdtemp(prefix="floe-example-bin-")
    os.symlink(floe, os.path.join(bin_dir, "floe"))
    try:
        for example in block.examples:
            actual, status = run_command(example.command, work, bin_dir)
            results.append((example, actual))
            expected, got = normalise(example.expected), normalise(actual)
            if expected != got:
                failed += 1
                print(f"{rel}:{example.line}: $ {example.command}", file=out)
                diff = difflib.unified_diff(expected, got, "expected", "actual", lineterm="")
                print("\n".join(diff), file=out)
            elif status != 0 and not expected:
                failed += 1
                print(f"{rel}:{example.line}: $ {example.command}\n"
                      f"exit status {status}, and the block shows no output", file=out)
    finally:
        shutil.rmtree(work, ignore_errors=True)
        shutil.rmtree(bin_dir, ignore_errors=True)
    return results, failed


def rewrite(lines, block, results):
    """The block's body with each example's output replaced by `results`' actual output."""
    body = []
    for example, actual in results:
        body.append(block.indent + "$ " + example.command_lines[0])
        body.extend((block.indent if line else "") + line for line in example.command_lines[1:])
        body.extend((block.indent + line if line else "") for line in normalise(actual))
    return lines[:block.start] + body + lines[block.end:]


def check_file(root, rel, floe, update, out, tested):
    """Checks (or with `update`, rewrites) one file; returns (examples run, failures, skipped)."""
    path = os.path.join(root, rel)
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    ran = failed = skipped = 0
    rewrites = []
    for block in find_blocks(lines):
        if block.lang in SCRIPT_LANGS and block.not_run is None:
            failed += 1
            print(f"{rel}:{block.start}: a ```{block.lang} block without a "
                  "`<!-- example: not run: REASON -->` line before it", file=out)
        if block.lang not in SCRIPT_LANGS | {"console"} and block.not_run is None and any(
                dedent(line, block.indent).startswith("$ ") for line in lines[block.start:block.end]):
            failed += 1
            print(f"{rel}:{block.start}: a `$ command` in a ```{block.lang} block: make it "
                  "```console, or mark it not run", file=out)
        if block.lang == "unreadable fence":
            failed += 1
            print(f"{rel}:{block.start}: {block.error}", file=out)
            continue
        if block.lang != "console":
            continue
        if block.error:
            failed += 1
            print(f"{rel}:{block.start}: {block.error} (a block of output alone is ```text)",
                  file=out)
            continue
        if block.not_run is not None:
            skipped += len(block.examples)
            print(f"{rel}:{block.start}: skipped ({len(block.examples)} commands): "
                  f"{block.not_run}", file=out)
            continue
        for example in block.examples:
            if "../shared" in example.command or "FLOE_SHARED" in example.command:
                failed += 1
                print(f"{rel}:{example.line}: needs ../shared; mark the block not run", file=out)
        results, block_failed = check_block(rel, block, root, floe, out)
        tested.update(re.sub(r"^build/floe\b", "floe", e.command) for e in block.examples)
        ran += len(results)
        failed += block_failed
        rewrites.append((block, results))
    for block, results in reversed(rewrites):
        lines = rewrite(lines, block, results)
    if update:
        with open(path, "w", encoding="utf-8") as f:
            f.write("\n".join(lines))
    return ran, failed, skipped


def unroff(line):
    """A line of roff text as it reads: the escapes man_page.cpp writes taken back."""
    return line.replace("\\-", "-").replace("\\&", "").replace("\\e", "\\")


def man_commands(roff):
    """The commands of a man page's EXAMPLES section: the lines between .nf and .fi."""
    commands, section, verbatim = [], None, False
    for line in roff.split("\n"):
        if line.startswith(".SH "):
            section = line[4:].strip('"')
        elif section == "EXAMPLES" and line in (".nf", ".fi"):
            verbatim = line == ".nf"
        elif section == "EXAMPLES" and verbatim:
            commands.append(unroff(line))
    return commands


def check_man_examples(floe, tested, out):
    """The man page's EXAMPLES commands that are not among `tested`; returns how many."""
    page = subprocess.run([floe, "help-export", "man"], capture_output=True, text=True).stdout
    commands = man_commands(page)
    missing = [c for c in commands if c not in tested]
    for command in missing:
        print(f"man page EXAMPLES: `{command}` is not the command of a tested example", file=out)
    if not commands:
        print("man page EXAMPLES: no commands found in `floe help-export man`", file=out)
        return 1
    return len(missing)


def check_tree(root, floe, update=False, out=sys.stdout, man=True):
    """Checks every doc of `root` (and with `man` the man page's EXAMPLES); returns the number
    of failures."""
    floe = floe_binary(floe)
    totals, tested = [0, 0, 0], set()
    docs = check_main.tree_files(root, DOC_FILES, DOC_DIRS, keep=lambda rel: rel.endswith(".md"))
    for rel in docs:
        for i, n in enumerate(check_file(root, rel, floe, update, out, tested)):
            totals[i] += n
    if man:
        totals[1] += check_man_examples(floe, tested, out)
    ran, failed, skipped = totals
    verb = "differed (rewritten)" if update else "failed"
    print(f"{ran} examples run, {failed} {verb}, {skipped} skipped", file=out)
    return failed


class SelfTest(unittest.TestCase):
    """The checker on made-up docs, with bash builtins and coreutils standing in for floe."""

    def check(self, files, update=False):
        root = check_main.make_tree(self, files)
        os.makedirs(os.path.join(root, "samples"))
        with open(os.path.join(root, "samples", "a.txt"), "w") as f:
            f.write("alpha\nbeta\n")
        out = tempfile.TemporaryFile("w+")
        failed = check_tree(root, "/bin/true", update, out, man=False)
        out.seek(0)
        return failed, out.read(), root

    def test_matching_outputs_pass(self):
        doc = ("```console\n$ cat samples/a.txt\nalpha\nbeta   \n$ echo 'two\nlines'\ntwo\n"
               "lines\n$ echo one \\\n  two\none two\n```\n")
        failed, out, _ = self.check({"README.md": doc})
        self.assertEqual(failed, 0, out)
        self.assertIn("3 examples run, 0 failed, 0 skipped", out)

    def test_mismatch_names_file_line_command_and_diff(self):
        doc = "Intro\n\n- item\n  ```console\n  $ cat samples/a.txt\n  alpha\n  gamma\n  ```\n"
        failed, out, _ = self.check({"docs/x.md": doc})
        self.assertEqual(failed, 1)
        self.assertIn("docs/x.md:5: $ cat samples/a.txt\n--- expected\n+++ actual\n", out)
        self.assertIn("-gamma\n+beta\n", out)

    def test_stderr_is_merged_and_status_judged(self):
        doc = ("```console\n$ echo err >&2; exit 3\nerr\n$ false\n```\n")
        failed, out, _ = self.check({"README.md": doc})
        self.assertEqual(failed, 1)
        self.assertIn("README.md:4: $ false\nexit status 1, and the block shows no output", out)

    def test_a_failure_inside_a_pipe_is_a_failure(self):
        doc = "```console\n$ false | cat\n```\n"
        failed, out, _ = self.check({"README.md": doc})
        self.assertEqual(failed, 1)
        self.assertIn("README.md:2: $ false | cat\nexit status 1, and the block shows no output", out)

    def test_a_fence_this_check_cannot_read_is_refused(self):
        for fence in ("~~~console", "```console title"):
            failed, out, _ = self.check({"README.md": fence + "\n$ echo x\nx\n```\n"})
            self.assertEqual(failed, 1, fence)
            self.assertIn("README.md:1: a fence this check cannot read: " + fence, out)
        # A line that only starts with backticks (prose quoting a fence) is no fence.
        failed, out, _ = self.check({"README.md": "```` ```text ```` blocks.\n"})
        self.assertEqual(failed, 0, out)

    def test_commands_write_outside_the_tree(self):
        doc = "```console\n$ echo x > samples/new.txt; ls samples\na.txt\nnew.txt\n```\n"
        failed, out, root = self.check({"README.md": doc})
        self.assertEqual(failed, 0, out)
        self.assertEqual(os.listdir(os.path.join(root, "samples")), ["a.txt"])

    def test_not_run_blocks_are_listed_and_scripts_must_be_marked(self):
        doc = ("<!-- example: not run: a placeholder file -->\n```console\n$ cat nothing.pgn\n"
               "x\n```\n\n```sh\nscripts/setup.sh\n```\n")
        failed, out, _ = self.check({"README.md": doc})
        self.assertEqual(failed, 1)
        self.assertIn("README.md:2: skipped (1 commands): a placeholder file", out)
        self.assertIn("README.md:7: a ```sh block without a", out)
        failed, out, _ = self.check({"README.md": "```\n$ floe x\n```\n"})
        self.assertEqual(failed, 1)
        self.assertIn("README.md:1: a `$ command` in a ``` block: make it ```console", out)

    def test_output_without_a_command_is_refused(self):
        failed, out, _ = self.check({"README.md": "```console\nfile: 10%\n```\n"})
        self.assertEqual(failed, 1)
        self.assertIn("README.md:1: output before the first `$ ` command: 'file: 10%'", out)

    def test_man_examples_are_read_back_from_roff(self):
        roff = (".SH EXIT STATUS\n.nf\nnot this\n.fi\n.SH EXAMPLES\nText\n.PP\n.RS 4\n.nf\n"
                "floe convert \\-\\-moves uci a\\eb.pgn\n.fi\n.RE\n.SH SEE ALSO\n")
        self.assertEqual(man_commands(roff), ["floe convert --moves uci a\\b.pgn"])

    def test_a_man_example_must_be_a_tested_command(self):
        fake = os.path.join(check_main.make_tree(self, {}), "floe")
        with open(fake, "w") as f:
            f.write("#!/bin/sh\nprintf '.SH EXAMPLES\\n.nf\\nfloe a\\nfloe b\\n.fi\\n'\n")
        os.chmod(fake, 0o755)
        out = tempfile.TemporaryFile("w+")
        self.assertEqual(check_man_examples(fake, {"floe a"}, out), 1)
        out.seek(0)
        self.assertEqual(out.read(),
                         "man page EXAMPLES: `floe b` is not the command of a tested example\n")

    def test_shared_needs_a_mark(self):
        failed, out, _ = self.check({"README.md": "```console\n$ ls ../shared\n```\n"})
        self.assertIn("README.md:2: needs ../shared; mark the block not run", out)

    def test_update_rewrites_outputs_only(self):
        doc = ("Text\n  ```console\n  $ cat samples/a.txt\n  old\n\n  $ echo 'a\n  b'\n  ```\n"
               "<!-- example: not run: kept -->\n```console\n$ echo x\ny\n```\n")
        failed, _, root = self.check({"README.md": doc}, update=True)
        self.assertEqual(failed, 2)
        with open(os.path.join(root, "README.md")) as f:
            self.assertEqual(f.read(), "Text\n  ```console\n  $ cat samples/a.txt\n  alpha\n"
                             "  beta\n  $ echo 'a\n  b'\n  a\n  b\n  ```\n"
                             "<!-- example: not run: kept -->\n```console\n$ echo x\ny\n```\n")
        self.assertEqual(self.check({"README.md": open(os.path.join(root, "README.md")).read()})[0],
                         0)


def main(argv):
    if argv[1:] == ["--self-test"]:
        suite = unittest.defaultTestLoader.loadTestsFromTestCase(SelfTest)
        return 0 if unittest.TextTestRunner(verbosity=2).run(suite).wasSuccessful() else 1
    update = "--update" in argv[1:]
    args = [a for a in argv[1:] if a != "--update"]
    if len(args) != 2:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    return 1 if check_tree(args[0], args[1], update) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
