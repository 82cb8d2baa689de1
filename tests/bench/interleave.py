#!/usr/bin/env python3
"""Before/after benchmark figures from one sitting: runs two commands alternately (A B A B ...),
reads their `BENCH <name> <value> <unit>` lines and prints the median of each figure per command
and the change. Interleaving spreads the machine's drift (other load, thermal, caches) over both
sides instead of charging it to whichever ran second.

  tests/bench/interleave.py --runs 3 \\
      --before 'HIL_BENCH_PROGRAM=/tmp/old/hilstation build/bin/bench_flightaxis cpu' \\
      --after 'build/bin/bench_flightaxis cpu'

Each command runs through the shell (so VAR=value prefixes work), offscreen; a command that fails
stops the comparison. Output: one Markdown table (docs/measured.md keeps them)."""

import argparse
import os
import statistics
import subprocess
import sys


def run(command):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", LC_ALL="C")
    p = subprocess.run(command, shell=True, env=env, stdout=subprocess.PIPE,
                       stderr=subprocess.DEVNULL, text=True)
    if p.returncode != 0:
        sys.exit(f"interleave: '{command}' failed with exit code {p.returncode}")
    figures = {}
    for line in p.stdout.splitlines():
        parts = line.split()
        if len(parts) >= 3 and parts[0] == "BENCH":
            figures[parts[1]] = (float(parts[2]), parts[3] if len(parts) > 3 else "")
    return figures


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--before", required=True)
    ap.add_argument("--after", required=True)
    ap.add_argument("--runs", type=int, default=3)
    a = ap.parse_args()
    samples = {"before": {}, "after": {}}
    units = {}
    order = []
    for i in range(a.runs):
        for side in ("before", "after"):
            print(f"interleave: run {i + 1}/{a.runs} {side}", file=sys.stderr, flush=True)
            for name, (value, unit) in run(getattr(a, side)).items():
                samples[side].setdefault(name, []).append(value)
                units[name] = unit
                if name not in order:
                    order.append(name)
    print(f"| figure | before (median of {a.runs}) | after | change | all before | all after |")
    print("|---|---:|---:|---:|---|---|")
    for name in order:
        b = samples["before"].get(name, [])
        f = samples["after"].get(name, [])
        mb = statistics.median(b) if b else float("nan")
        mf = statistics.median(f) if f else float("nan")
        change = f"{100.0 * (mf - mb) / mb:+.1f} %" if b and f and mb != 0 else "-"
        fmt = lambda v: " ".join(f"{x:.3f}" for x in v)
        print(f"| {name} | {mb:.3f} {units[name]} | {mf:.3f} {units[name]} | {change} "
              f"| {fmt(b)} | {fmt(f)} |")


if __name__ == "__main__":
    main()
