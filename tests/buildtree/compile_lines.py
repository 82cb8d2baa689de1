#!/usr/bin/env python3
"""Checks that no compile of a build tree depends on where the checkout lies, so that a second
checkout at another path is served by the compiler cache (docs/building.md, "The compiler cache").

ccache rewrites an absolute path under its base directory into a relative one where a path is an
option's argument (-I, -isystem, -include, -o, -MF, ...) or the source file; it hashes every
other argument as written (a -D value above all) and skips -f*-prefix-map values. So:
  1. no other argument of any compile line in compile_commands.json may name the checkout or the
     build tree;
  2. no generated source the build compiles (unity batches, precompiled-header stubs, moc output)
     may include a file by the checkout's absolute path (only #include lines count: rcc's
     resource files name each resource's absolute path in comments).
Usage: compile_lines.py BUILD_DIR SOURCE_DIR. Exit 0 when clean, 1 with one line per finding.
"""
import json
import os
import re
import shlex
import sys

PATH_ARG = {"-I", "-isystem", "-iquote", "-idirafter", "-include", "-imacros", "-o", "-c", "-MF",
            "-MT", "-MQ", "-x"}
MAP_OPTS = ("-ffile-prefix-map=", "-fdebug-prefix-map=", "-fmacro-prefix-map=")


def main():
    build, source = (os.path.realpath(a) for a in sys.argv[1:3])
    places = sorted({build, source}, key=len, reverse=True)
    findings = []
    with open(os.path.join(build, "compile_commands.json"), encoding="utf-8") as f:
        commands = json.load(f)
    generated = set()
    for entry in commands:
        args = shlex.split(entry["command"])
        skip_next = False
        for arg in args[1:]:
            if skip_next:
                skip_next = False
                continue
            if arg in PATH_ARG:
                skip_next = True
                continue
            if (arg.startswith(("-I", "-isystem", "-iquote")) or arg.startswith(MAP_OPTS)
                    or arg == entry["file"] or not any(p in arg for p in places)):
                continue
            findings.append(f"{entry['file']}: compile argument names the checkout: {arg}")
        if os.path.realpath(entry["file"]).startswith(build + os.sep):
            generated.add(os.path.realpath(entry["file"]))
    # The generated units and what they include from the build tree (moc output, pch stubs).
    include = re.compile(r'^\s*#\s*include\s*[<"]([^">]+)[">]', re.M)
    todo = list(generated)
    while todo:
        path = todo.pop()
        try:
            with open(path, encoding="utf-8", errors="replace") as f:
                text = f.read()
        except OSError:
            continue
        for name in include.findall(text):
            if os.path.isabs(name) and any(name.startswith(p) for p in places):
                findings.append(f"{path}: includes by absolute path: {name}")
            target = os.path.realpath(os.path.join(os.path.dirname(path), name))
            if target.startswith(build + os.sep) and target not in generated:
                generated.add(target)
                todo.append(target)
    for line in findings:
        print(line)
    print(f"compile_lines: {len(commands)} compiles, {len(generated)} generated units and "
          f"headers read, {len(findings)} findings")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
