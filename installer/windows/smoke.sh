#!/usr/bin/env bash
# The Windows installer, used as an operator would, under Wine (make windows-smoke):
#   1. a silent install (/S, /D=folder) into a fresh Wine prefix with nothing else in it: no SDK
#      on WINEPATH, no QT_PLUGIN_PATH, so every DLL and plugin must come from the installer;
#   2. every program and DLL installed has its licence in licenses\ (check_licenses.sh);
#      hilstation-console.exe --version;
#   3. 5 s headless with every stand-in: exit 0, every link up in events.log and counting in
#      session.json, the files in the Linux formats (no CR);
#   4. a platform stand-in in CUEING: `--send stop` brings it to LEVEL BRAKE, `--send quit --to PID`
#      parks and ends the program with status 0.
# First, the installer's NSIS script (CPack's project.nsi) is checked for the firewall rules
# (installer/windows/check_firewall_nsis.sh); Wine has no firewall to add them to.
# Usage: smoke.sh BUILD_DIR VERSION
set -euo pipefail
build=$(realpath "$1"); version=$2
installer=$build/hilstation-$version-win64.exe
[ -f "$installer" ] || { echo "smoke: $installer missing (make windows-package)"; exit 1; }
wine=/usr/lib/wine/wine64; [ -x $wine ] || wine=$(command -v wine64)
work=$build/smoke; rm -rf "$work"; mkdir -p "$work"
export WINEPREFIX=$work/prefix WINEDEBUG=-all WINEDLLOVERRIDES='mscoree,mshtml='
unset WINEPATH QT_PLUGIN_PATH QT_QPA_PLATFORM
t0=$(date +%s)
step() { echo "smoke [$(( $(date +%s) - t0 )) s]: $*"; }
winpath() { echo "Z:${1//\//\\}"; }
fail() { echo "smoke: FAILED: $*"; exit 1; }

step "firewall rules in the installer's NSIS script"
nsi=$(find "$build/_CPack_Packages" -name project.nsi 2>/dev/null | head -1)
[ -n "$nsi" ] || fail "no project.nsi under $build/_CPack_Packages (make windows-package)"
bash "$(dirname "$0")/check_firewall_nsis.sh" "$nsi" >"$work/nsis-check.log" 2>&1 \
  || { cat "$work/nsis-check.log"; fail "firewall rules in $nsi"; }

step "fresh prefix"
/usr/lib/wine/wine64 wineboot -i >/dev/null 2>&1 || true # 32-bit parts missing: harmless
/usr/lib/wine/wineserver -p 300 || true
trap '/usr/lib/wine/wineserver -k 2>/dev/null || true' EXIT

step "silent install"
$wine "$installer" /S '/D=C:\HILStation' </dev/null >/dev/null 2>&1 || fail "installer exited $?"
bin=$WINEPREFIX/drive_c/HILStation/bin
for f in hilstation.exe hilstation-console.exe Qt6Core.dll qt.conf plugins/platforms/qwindows.dll; do
  [ -f "$bin/$f" ] || fail "$f not installed under C:\\HILStation\\bin"
done
exe="$bin/hilstation-console.exe"

step "a licence beside every program and DLL"
bash "$(dirname "$0")/check_licenses.sh" "$WINEPREFIX/drive_c/HILStation" \
  "$(dirname "$0")/dll-licenses.txt" >"$work/licenses.log" 2>&1 \
  || { cat "$work/licenses.log"; fail "licences of the installed files"; }
tail -1 "$work/licenses.log"

step "--version"
out=$($wine "$exe" --version </dev/null 2>&1 | tr -d '\r')
[ "$out" = "hilstation $version" ] || fail "--version said '$out'"

step "5 s headless, every stand-in"
session=$work/session
export HIL_INSTANCE_DIR; HIL_INSTANCE_DIR=$(winpath "$work/instances")
$wine "$exe" --headless --emulate all --duration 5 --log-dir "$(winpath "$session")" </dev/null \
  >"$work/headless.out" 2>&1 || fail "headless run exited $? ($(tail -3 "$work/headless.out"))"
python3 - "$session" <<'PY' || fail "session folder"
import json, pathlib, sys
d = pathlib.Path(sys.argv[1])
s = json.loads((d / "session.json").read_text())
events = (d / "events.log").read_text()
assert s["platform"] == "windows", s["platform"]
for name, link in s["links"].items():
    assert f"\t{name}\tlink up" in events, f"{name}: no 'link up' in events.log"
    counters = link  # counters sit beside state and endpoints
    assert any(isinstance(v, (int, float)) and v > 0 for v in counters.values()), (name, counters)
for f in d.rglob("*"):
    if f.is_file() and f.suffix in (".csv", ".log", ".json", ".txt"):  # the .tlog is binary
        assert b"\r" not in f.read_bytes(), f"CR in {f.name}"
        assert ":" not in f.name, f.name
print("smoke: links", ", ".join(sorted(s["links"])), "- all counting; files without CR")
PY

step "--send stop on a CUEING platform stand-in, then --send quit"
session2=$work/cueing
$wine "$exe" --headless --emulate all --raven-mode cueing --log-dir "$(winpath "$session2")" \
  </dev/null >"$work/cueing.out" 2>&1 &
for _ in $(seq 120); do grep -q "platform mode CUEING" "$session2/events.log" 2>/dev/null && break; sleep 0.5; done
grep -q "platform mode CUEING" "$session2/events.log" || fail "the platform never reached CUEING"
sent=$($wine "$exe" --send stop </dev/null 2>&1 | tr -d '\r')
echo "smoke: $sent"
[[ $sent == "stop: taken by 1 instance"* ]] || fail "--send stop said '$sent'"
for _ in $(seq 20); do grep -q "platform mode LEVEL BRAKE" "$session2/events.log" && break; sleep 0.5; done
grep -q "STOP from hilstation --send" "$session2/events.log" || fail "no STOP line in events.log"
grep -q "platform mode LEVEL BRAKE" "$session2/events.log" || fail "not in LEVEL BRAKE after STOP"
pid=$(ls "$work/instances" | sed -n 's/\.instance$//p' | head -1)
$wine "$exe" --send quit --to "$pid" </dev/null >/dev/null 2>&1 || fail "--send quit --to $pid"
wait %1 || fail "the instance exited $?"
grep -q "closing the links" "$session2/events.log" || fail "no orderly exit in events.log"
step "passed"
