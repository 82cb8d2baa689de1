#!/usr/bin/env python3
"""Checks that ccache takes every setting the build's compiler launcher gives it
(cmake/ccache.cmake). ccache reads its settings from CCACHE_* variables, and one it does not
know (a misspelt name, or an option's name where the variable is spelt otherwise, as
pch_external_checksum's CCACHE_PCH_EXTSUM) is ignored without a word: the build still works,
only slower. So: every CCACHE_* assignment on a compile line must appear in `ccache -p` as a
setting whose origin is "(environment)".
Usage: cache_settings.py BUILD_DIR. Exit 0 when every setting is taken, 1 with one line per
finding, 77 (skipped) when the build does not compile through ccache (or is not Ninja's).
"""
import os
import shlex
import subprocess
import sys


def main():
    # Ninja's compile rules carry the launcher (compile_commands.json leaves it out).
    rules = os.path.join(sys.argv[1], "CMakeFiles", "rules.ninja")
    launcher = None
    if os.path.exists(rules):
        with open(rules, encoding="utf-8") as f:
            for line in f:
                line = line.strip()
                if not line.startswith("command = env "):
                    continue
                args = shlex.split(line[len("command = "):])
                if any(os.path.basename(a) == "ccache" for a in args):
                    launcher = args
                    break
    if launcher is None:
        print("the build does not compile through ccache: nothing to check")
        return 77
    settings = [a for a in launcher[1:] if a.startswith("CCACHE_") and "=" in a]
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": os.environ.get("HOME", "/")}
    env.update(a.split("=", 1) for a in settings)
    shown = subprocess.run(["ccache", "-p"], env=env, capture_output=True, text=True, check=True)
    taken = [line for line in shown.stdout.splitlines() if line.startswith("(environment)")]
    if len(taken) == len(settings):
        print(f"ccache takes all {len(settings)} settings: " + "; ".join(t[14:] for t in taken))
        return 0
    print(f"ccache took {len(taken)} of the launcher's {len(settings)} settings "
          f"({' '.join(settings)}); it shows from the environment only:")
    for line in taken:
        print(f"  {line}")
    return 1


if __name__ == "__main__":
    sys.exit(main())
