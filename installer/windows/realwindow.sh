#!/usr/bin/env bash
# The Windows build in a real window (make windows-window): Wine's own display driver on an Xvfb
# screen, Qt's `windows` platform plugin (not offscreen), so window messages, focus and keyboard
# go through Windows' user32 as Wine implements it.
#   1. tst_safety_gui.exe's cases that click STOP and press Esc (with dialogs open) on a platform
#      stand-in in CUEING, which must reach LEVEL BRAKE;
#   2. hilstation.exe (the GUI-subsystem program) on every stand-in, a screenshot of its window
#      (docs/screenshots/window-win64-wine-1280x720.png), Esc pressed through the X server
#      (xdotool: a real key event Wine turns into WM_KEYDOWN), LEVEL BRAKE in its events.log, and
#      `--send quit` to end it.
# Usage: realwindow.sh BUILD_DIR
set -euo pipefail
build=$(realpath "$1")
src=$(realpath "$(dirname "$0")/../..")
work=$build/realwindow; rm -rf "$work"; mkdir -p "$work"
export WINEPREFIX=$build/wineprefix WINEDEBUG=-all
# The prefix's own environment says offscreen (make windows-test) and Wine passes no QT_* variable
# from here: the windows platform is set there for this run and offscreen put back after.
setplatform() { /usr/lib/wine/wine64 reg add 'HKCU\Environment' /v QT_QPA_PLATFORM /d "$1" /f >/dev/null 2>&1 || true; }
export HIL_INSTANCE_DIR="Z:${work//\//\\}\\instances"
winpath() { echo "Z:${1//\//\\}"; }
fail() { echo "realwindow: FAILED: $*"; exit 1; }

display=:57
Xvfb $display -screen 0 1280x720x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
trap 'setplatform offscreen; kill $xvfb 2>/dev/null || true; /usr/lib/wine/wineserver -k 2>/dev/null || true' EXIT
export DISPLAY=$display
for _ in $(seq 50); do xdpyinfo >/dev/null 2>&1 && break; sleep 0.1; done
/usr/lib/wine/wine64 wineboot -i >/dev/null 2>&1 || true
/usr/lib/wine/wineserver -p 300 || true
setplatform windows

echo "realwindow: tst_safety_gui.exe, windows platform"
"$build/wine-test.sh" "$build/bin/tst_safety_gui.exe" stopClickedAfterRuntimeConnect \
  escapeWithAboutOpen escapeWithFileDialogOpen stopButtonOnConfirmationDialog windowCloseParks \
  -platform windows || fail "tst_safety_gui under the windows platform"

echo "realwindow: hilstation.exe in a window"
session=$work/session
"$build/wine-run.sh" "$build/bin/hilstation.exe" --emulate all --raven-mode cueing \
  --log-dir "$(winpath "$session")" </dev/null >"$work/hilstation.out" 2>&1 &
app=$!
for _ in $(seq 120); do grep -q "platform mode CUEING" "$session/events.log" 2>/dev/null && break; sleep 0.5; done
grep -q "platform mode CUEING" "$session/events.log" || fail "never CUEING"
win=""
for _ in $(seq 60); do
  win=$(xdotool search --name "HIL Station" 2>/dev/null | head -1) && [ -n "$win" ] && break; sleep 0.5
done
[ -n "$win" ] || fail "no window titled HIL Station"
xdotool windowsize "$win" 1280 720 windowmove "$win" 0 0 2>/dev/null || true
sleep 4 # plots filled
mkdir -p "$src/docs/screenshots"
xwd -root -display $display | xwdtopnm 2>/dev/null | pnmtopng > "$src/docs/screenshots/window-win64-wine-1280x720.png"
xdotool windowactivate --sync "$win" 2>/dev/null || xdotool windowfocus "$win"
xdotool key --window "$win" Escape
for _ in $(seq 20); do grep -q "platform mode LEVEL BRAKE" "$session/events.log" && break; sleep 0.5; done
grep -q "platform mode LEVEL BRAKE" "$session/events.log" || fail "Esc did not reach LEVEL BRAKE"
pid=$(ls "$work/instances" | sed -n 's/\.instance$//p' | head -1)
"$build/wine-run.sh" "$build/bin/hilstation-console.exe" --send quit --to "$pid" </dev/null
wait $app || true
grep -q "closing the links" "$session/events.log" || fail "no orderly exit"
echo "realwindow: passed; screenshot docs/screenshots/window-win64-wine-1280x720.png"
