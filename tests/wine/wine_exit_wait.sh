#!/bin/sh
# wine_exit_wait: the Windows suite's runner (build-win/wine-test.sh, from cmake/wine-test.sh.in)
# fails a program that does not end after Qt Test's last line within its wait, with Wine's thread
# list, instead of waiting for ctest's timeout; passes a program that ends. Driven on
# wine_exit_probe.exe. Usage: wine_exit_wait.sh BUILD_DIR PROBE_EXE
build="$1"
probe="$2"
t=$(mktemp -d "$build/wine-exit-wait.XXXXXX")
trap 'rm -rf "$t"' EXIT
export HIL_WINE_EXIT_WAIT_S=3
fail() {
  echo "FAIL: $*"
  sed 's/^/  | /' "$t/out"
  exit 1
}

# Every check passed, then no end: a failure within the wait, with Wine's threads.
start=$(date +%s)
"$build/wine-test.sh" "$probe" --hang >"$t/out" 2>&1 && fail "a program that did not end passed"
[ $(($(date +%s) - start)) -lt 60 ] || fail "the runner waited $(($(date +%s) - start)) s"
grep -q "had not ended 3 s after" "$t/out" || fail "no word of the program not ending"
grep -q "winedbg info thread" "$t/out" || fail "the thread list is missing"
echo "PASS: a program that does not end fails at once, with Wine's threads"

# A failed check that ends: the program's own failure, its status.
"$build/wine-test.sh" "$probe" --fail >"$t/out" 2>&1 && fail "a failed check passed"
grep -q "FAIL!  : WineExitProbe::check()" "$t/out" || fail "the failed check's line is missing"
echo "PASS: a failed check fails"

# A plain pass.
"$build/wine-test.sh" "$probe" >"$t/out" 2>&1 || fail "a plain pass failed"
grep -q "^Totals: 3 passed, 0 failed" "$t/out" || fail "no Qt Test log"
echo "PASS: a plain pass passes"
