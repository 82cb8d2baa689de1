#!/bin/sh
# wine_exit_wait: the Windows suite's runner (build-win/wine-test.sh, from cmake/wine-test.sh.in)
# runs again a program Wine did not end after every check passed, lists it, and never passes a
# program that failed a check or does not end twice. Driven on wine_exit_probe.exe.
# Usage: wine_exit_wait.sh BUILD_DIR PROBE_EXE
build="$1"
probe="$2"
t=$(mktemp -d "$build/wine-exit-wait.XXXXXX")
trap 'rm -rf "$t"' EXIT
export HIL_WINE_EXIT_WAIT_S=3 HIL_WINE_EXIT_HANGS="$t/hangs.txt"
fail() {
  echo "FAIL: $*"
  sed 's/^/  | /' "$t/out"
  exit 1
}
runs() { grep -c '^Totals:' "$t/out"; }

# A pass, then no end: killed, run again (it ends), passed; listed once.
"$build/wine-test.sh" "$probe" --hang-once "Z:$(echo "$t/marker" | tr / '\\')" >"$t/out" 2>&1 ||
  fail "a program that passed and then hung once did not pass on its second run"
[ "$(runs)" = 2 ] || fail "expected two runs, saw $(runs)"
grep -q "winedbg info thread" "$t/out" || fail "the hang's thread list is missing"
[ "$(grep -c 'run again' "$t/hangs.txt")" = 1 ] || fail "the hang is not listed once"
echo "PASS: a pass that Wine did not end is run again and listed"

# A pass that never ends: fails after the second run.
rm -f "$t/hangs.txt"
"$build/wine-test.sh" "$probe" --hang-always >"$t/out" 2>&1 && fail "a program that never ends passed"
[ "$(runs)" = 2 ] || fail "expected two runs, saw $(runs)"
grep -q "not ended again: failed" "$t/hangs.txt" || fail "the second hang is not listed as a failure"
echo "PASS: a program that never ends fails"

# A failed check and no end: fails at once, never run again.
rm -f "$t/hangs.txt"
"$build/wine-test.sh" "$probe" --fail --hang-always >"$t/out" 2>&1 && fail "a failed check passed"
[ "$(runs)" = 1 ] || fail "a failed program was run again"
[ ! -s "$t/hangs.txt" ] || fail "a failed program was listed as Wine's hang"
echo "PASS: a failed check is a failure, run once"

# A plain pass: one run, nothing listed.
"$build/wine-test.sh" "$probe" >"$t/out" 2>&1 || fail "a plain pass failed"
[ "$(runs)" = 1 ] && [ ! -s "$t/hangs.txt" ] || fail "a plain pass was run again or listed"
echo "PASS: a plain pass runs once"
