"""The command line the docs checks share: `CHECK TREE` checks a tree (exit 1 on a finding),
`CHECK --self-test` runs the check's own tests."""

import os
import shutil
import sys
import tempfile
import unittest


def run(argv, check_tree, self_test, doc):
    """Runs a check from its `argv`: `check_tree(root)` returns whether it found anything,
    `self_test` is its unittest.TestCase, `doc` its module docstring (usage, second paragraph)."""
    if argv[1:] == ["--self-test"]:
        suite = unittest.defaultTestLoader.loadTestsFromTestCase(self_test)
        return 0 if unittest.TextTestRunner(verbosity=2).run(suite).wasSuccessful() else 1
    if len(argv) != 2:
        print(doc.split("\n\n")[1], file=sys.stderr)
        return 2
    return 1 if check_tree(argv[1]) else 0


def make_tree(test, files, transform=lambda text: text):
    """A temporary tree for a self-test: `files` (path -> text, each written through
    `transform`), removed when `test` ends. Returns its root."""
    root = tempfile.mkdtemp()
    test.addCleanup(shutil.rmtree, root)
    for rel, text in files.items():
        os.makedirs(os.path.join(root, os.path.dirname(rel)), exist_ok=True)
        with open(os.path.join(root, rel), "w", encoding="utf-8") as f:
            f.write(transform(text))
    return root


def tree_files(root, files, folders, keep=lambda rel: True, skip_dirs=()):
    """The paths (relative to `root`, with '/') of those of `files` that exist, then of every file
    under `folders` that `keep` accepts, in sorted order, leaving out sub-folders in `skip_dirs`."""
    for name in files:
        if os.path.isfile(os.path.join(root, name)):
            yield name
    for top in folders:
        for folder, dirs, names in os.walk(os.path.join(root, top)):
            dirs[:] = sorted(d for d in dirs if d not in skip_dirs)
            for name in sorted(names):
                rel = os.path.relpath(os.path.join(folder, name), root).replace(os.sep, "/")
                if keep(rel):
                    yield rel
