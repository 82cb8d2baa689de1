#!/usr/bin/env python3
"""Each test of a bundle (cmake/testbundles.cmake) runs its own test functions.

A bundle is one executable holding several Qt Test programs; bin/<test> is a link to it, and the
bundle picks the test by the name it was started as, else by HIL_TEST_MEMBER (a test that starts
itself again starts the bundle's own file). A wrong pick would run another test's functions and
still pass, so every link is started with -functions and what it lists must be functions of its
own source. Also: the bundle started by its own name with HIL_TEST_MEMBER runs that test, and
without it refuses with exit status 2.

usage: bundles.py <build dir>. Exit 77 (skipped) when the build has no bundles (Windows, or
HIL_PCH=OFF).
"""
import concurrent.futures
import os
import re
import subprocess
import sys

build = sys.argv[1]
root = os.path.join(build, "tests", "bundles")
if not os.path.isdir(root) or not os.listdir(root):
    print("no test bundles in this build")
    sys.exit(77)

env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
env.pop("HIL_TEST_MEMBER", None)
binary_dir = os.path.join(build, "bin")


def members(bundle_dir):
    """(name, source path) of each test, in the bundle's order."""
    text = open(os.path.join(bundle_dir, "bundle.cpp"), encoding="utf-8").read()
    found = re.findall(r'namespace hil_test_(\w+) \{\n#include "([^"]+)"', text)
    return [(name, os.path.normpath(os.path.join(bundle_dir, rel))) for name, rel in found]


def declared(source):
    """Names of the functions the source declares without arguments: its test functions among them."""
    text = open(source, encoding="utf-8").read()
    return set(re.findall(r"\bvoid\s+(\w+)\s*\(\s*\)", text))


def listed(command, extra_env=None):
    run_env = dict(env, **(extra_env or {}))
    result = subprocess.run(command, env=run_env, capture_output=True, text=True, timeout=60)
    names = [line.strip()[:-2] for line in result.stdout.splitlines() if line.strip().endswith("()")]
    return result.returncode, names, result.stderr


def check(bundle):
    bundle_dir = os.path.join(root, bundle)
    tests = members(bundle_dir)
    problems = []
    if not tests:
        return [f"{bundle}: no tests found in its bundle.cpp"]
    for name, source in tests:
        status, names, err = listed([os.path.join(binary_dir, name), "-functions"])
        own = declared(source)
        if status != 0 or not names:
            problems.append(f"{name}: -functions gave status {status} and {len(names)} functions: {err.strip()}")
        elif not set(names) <= own:
            problems.append(f"{name}: runs functions its source does not have: {sorted(set(names) - own)[:5]}")
    # Started by the bundle's own name (as applicationFilePath() does): the inherited choice.
    last_name, last_source = tests[-1]
    status, names, _ = listed([os.path.join(binary_dir, bundle), "-functions"], {"HIL_TEST_MEMBER": last_name})
    if status != 0 or not names or not set(names) <= declared(last_source):
        problems.append(f"{bundle} with HIL_TEST_MEMBER={last_name}: did not run {last_name} (status {status})")
    status, _, err = listed([os.path.join(binary_dir, bundle)])
    if status != 2 or tests[0][0] not in err:
        problems.append(f"{bundle} started without a test: status {status}, expected 2 and the list of its tests")
    return problems


bundles = sorted(os.listdir(root))
with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
    problems = [p for result in pool.map(check, bundles) for p in result]
count = sum(len(members(os.path.join(root, b))) for b in bundles)
for p in problems:
    print("FAIL:", p)
print(f"{len(bundles)} bundles, {count} tests: {'all run their own functions' if not problems else f'{len(problems)} problems'}")
sys.exit(1 if problems else 0)
