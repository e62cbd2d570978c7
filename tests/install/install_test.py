#!/usr/bin/env python3
"""`cmake --install` into a temporary prefix gives a working floe, a man page that `man -l`
reads, and bash, zsh and fish completions that their shells accept and that name every
subcommand and variant (issue 17 item 6).

Usage: install_test.py BUILD_DIR SOURCE_DIR [CMAKE]
zsh -n and fish -n run when those shells are installed, and are skipped (said so) otherwise.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

# The variant table (rules/variants.hpp) as the man page names them and as completion offers them.
VARIANTS = {
    "Ice Age": "ice-age",
    "Ice Age vchess": "ice-age-vchess",
    "Standard": "standard",
    "Crazyhouse": "crazyhouse",
    "Chess960": "chess960",
    "Glacial Shift": "glacial-shift",
}

failures = []


def check(condition, message):
    if not condition:
        failures.append(message)


def run(args, **kwargs):
    return subprocess.run(args, capture_output=True, text=True, **kwargs)


def subcommands(floe):
    """The subcommands `floe --help` lists."""
    help_text = run([floe, "--help"]).stdout
    section = help_text.split("Subcommands:\n", 1)[1]
    return [line.split()[0] for line in section.splitlines() if line.startswith("  ")]


def complete_bash(script, words):
    """What _floe offers for the command line `words` (the last one being completed)."""
    line = " ".join("'" + w + "'" for w in words)
    program = (f"source '{script}'; COMP_WORDS=({line}); COMP_CWORD={len(words) - 1}; _floe; "
               'printf "%s\\n" "${COMPREPLY[@]}"')
    result = run(["bash", "-c", program])
    check(result.returncode == 0, f"bash completion of {words} failed: {result.stderr}")
    return [w for w in result.stdout.splitlines() if w]


def main():
    build, source = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    cmake = sys.argv[3] if len(sys.argv) > 3 else "cmake"
    with tempfile.TemporaryDirectory() as prefix:
        result = run([cmake, "--install", build, "--prefix", prefix])
        if result.returncode != 0:
            print(result.stdout + result.stderr)
            return 1
        floe = os.path.join(prefix, "bin", "floe")
        page = os.path.join(prefix, "share", "man", "man1", "floe.1")
        bash = os.path.join(prefix, "share", "bash-completion", "completions", "floe")
        zsh = os.path.join(prefix, "share", "zsh", "site-functions", "_floe")
        fish = os.path.join(prefix, "share", "fish", "vendor_completions.d", "floe.fish")
        for path in (floe, page, bash, zsh, fish):
            check(os.path.isfile(path), f"not installed: {os.path.relpath(path, prefix)}")
        if failures:
            print("\n".join(failures))
            return 1

        # The installed binary runs, away from the build tree.
        version = run([floe, "--version"], cwd=prefix)
        check(version.stdout == "floe 0.1.0\n", f"--version: {version.stdout!r}")
        sample = os.path.join(source, "samples", "select", "chess.pgn")
        count = run([floe, "select", "--count", sample], cwd=prefix)
        check(count.stdout == "6\n", f"select --count: {count.stdout!r} {count.stderr}")

        # man reads the page without a warning from groff.
        env = dict(os.environ, MANWIDTH="100", MANPAGER="cat", LC_ALL="C.UTF-8")
        shown = run(["man", "--warnings", "-l", "-P", "cat", page], env=env)
        check(shown.returncode == 0 and shown.stderr == "",
              f"man -l: exit {shown.returncode}: {shown.stderr}")
        text = re.sub(r".\x08", "", shown.stdout)  # no overstrike bold
        check("FLOE(1)" in text and "SYNOPSIS" in text and "EXIT STATUS" in text,
              "man page without its sections:\n" + text[:500])
        commands = subcommands(floe)
        check(len(commands) >= 9 and "validate" in commands, f"floe --help lists {commands}")
        check("help-export" not in text, "the man page names the hidden help-export")
        for command in commands:
            check(f"floe {command}" in text, f"man page lacks the command {command}")
        for name in VARIANTS:
            check(re.search(r"^\s+" + re.escape(name) + "$", text, re.M) is not None,
                  f"man page lacks the variant {name}")
        check("--moves TEXT:{san,lan,uci,figurine}" in text.replace("‐", "-"),
              "man page lacks --moves' words")

        # Each completion parses in its shell and names every subcommand and variant.
        check(run(["bash", "-n", bash]).returncode == 0, "bash -n refuses the completion")
        for shell, path in (("zsh", zsh), ("fish", fish)):
            if shutil.which(shell):
                parsed = run([shell, "-n", path])
                check(parsed.returncode == 0, f"{shell} -n refuses the completion: {parsed.stderr}")
            else:
                print(f"{shell} not installed: {shell} -n skipped")
        for path in (bash, zsh, fish):
            with open(path, encoding="utf-8") as f:
                script = f.read()
            for command in commands:
                check(re.search(r"\b" + re.escape(command) + r"\b", script),
                      f"{os.path.basename(path)} lacks the command {command}")
            for word in VARIANTS.values():
                check(word in script, f"{os.path.basename(path)} lacks the variant {word}")
            code = "\n".join(l for l in script.splitlines() if not l.startswith("#"))
            check("help-export" not in code, f"{os.path.basename(path)} offers help-export")

        # bash offers what a user would type next.
        check(complete_bash(bash, ["floe", "valid"]) == ["validate"], "floe valid<TAB>")
        check(complete_bash(bash, ["floe", ""]) == commands + ["--help", "--version"],
              "floe <TAB>: " + str(complete_bash(bash, ["floe", ""])))
        check(complete_bash(bash, ["floe", "convert", "--moves", ""]) ==
              ["san", "lan", "uci", "figurine"], "floe convert --moves <TAB>")
        check(complete_bash(bash, ["floe", "validate", "--variant", "cr"]) == ["crazyhouse"],
              "floe validate --variant cr<TAB>")
        check(complete_bash(bash, ["floe", "validate", "--boa"]) == ["--board"],
              "floe validate --boa<TAB>")

        # fish offers the same, when it is installed.
        if shutil.which("fish"):
            offered = run(["fish", "-c", f"source '{fish}'; complete -C 'floe convert --moves '"])
            words = [line.split("\t")[0] for line in offered.stdout.splitlines()]
            check(words == ["figurine", "lan", "san", "uci"], f"fish: floe convert --moves: {words}")

    if failures:
        print("\n".join(failures))
        return 1
    print("installed: binary, man page, bash, zsh and fish completions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
