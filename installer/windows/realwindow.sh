#!/usr/bin/env bash
# The Windows build in a real window (make windows-window): Wine's own display driver on an Xvfb
# screen, Qt's `windows` platform plugin (not offscreen), so window messages, focus and keyboard
# go through Windows' user32 as Wine implements it.
#   1. tst_safety_gui.exe's cases that click STOP and press Esc (with dialogs open) on a platform
#      stand-in in CUEING, which must reach LEVEL BRAKE;
#   2. in Wine's virtual desktop (which stacks windows as Windows does), with the exit question
#      and a file dialog open: the screen grabbed (xwd) must show the STOP button's red (#c0392b)
#      where the program says the button is, in the dialog, and a click there through the X
#      server (xdotool) must reach LEVEL BRAKE (tst_safety_gui's stopWindowBesideDialog writes
#      the geometry to HIL_STOP_WINDOW_FILE and waits for the click);
#   3. hilstation.exe (the GUI-subsystem program) on every stand-in, a screenshot of its window
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
# Wine's virtual desktop (explorer /desktop) for every program started while it is set.
desktop() {
  if [ "$1" = on ]; then
    /usr/lib/wine/wine64 reg add 'HKCU\Software\Wine\Explorer\Desktops' /v hil /d 1280x720 /f >/dev/null 2>&1
    /usr/lib/wine/wine64 reg add 'HKCU\Software\Wine\Explorer' /v Desktop /d hil /f >/dev/null 2>&1
  else
    /usr/lib/wine/wine64 reg delete 'HKCU\Software\Wine\Explorer' /v Desktop /f >/dev/null 2>&1
  fi || true
}
export HIL_INSTANCE_DIR="Z:${work//\//\\}\\instances"
winpath() { echo "Z:${1//\//\\}"; }
fail() { echo "realwindow: FAILED: $*"; exit 1; }

display=:57
Xvfb $display -screen 0 1280x720x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
trap 'setplatform offscreen; desktop off; kill $xvfb 2>/dev/null || true; /usr/lib/wine/wineserver -k 2>/dev/null || true' EXIT
export DISPLAY=$display
for _ in $(seq 50); do xdpyinfo >/dev/null 2>&1 && break; sleep 0.1; done
/usr/lib/wine/wine64 wineboot -i >/dev/null 2>&1 || true
/usr/lib/wine/wineserver -p 300 || true
# Qt's FreeType engine draws the text: Wine's own font engine, without Windows' fonts, leaves
# every spin box and read-only field blank, which Windows never shows.
qpa='windows:fontengine=freetype'
setplatform "$qpa"

echo "realwindow: tst_safety_gui.exe, windows platform"
"$build/wine-test.sh" "$build/bin/tst_safety_gui.exe" stopClickedAfterRuntimeConnect \
  escapeWithAboutOpen escapeWithFileDialogOpen stopButtonOnConfirmationDialog windowCloseParks \
  -platform "$qpa" || fail "tst_safety_gui under the windows platform"

echo "realwindow: the STOP area of a modal dialog, Wine's virtual desktop"
desktop on
for kind in exit file; do
  geometry=$work/stopwindow-$kind.txt
  HIL_STOP_WINDOW_FILE=$(winpath "$geometry") "$build/wine-test.sh" "$build/bin/tst_safety_gui.exe" \
    "stopAreaInDialog:$kind" -platform "$qpa" >"$work/stopwindow-$kind.out" 2>&1 &
  test=$!
  for _ in $(seq 160); do [ -s "$geometry" ] && break; sleep 0.25; done
  [ -s "$geometry" ] || { cat "$work/stopwindow-$kind.out"; fail "$kind: the test wrote no STOP window geometry"; }
  sleep 0.3 # drawn
  # The desktop's X window may not sit at the screen's origin: Windows coordinates are its own.
  read -r dx dy < <(xwininfo -root -tree | sed -n 's/.*"hil - Wine desktop".* [0-9]*x[0-9]*+\([0-9]*\)+\([0-9]*\) .*/\1 \2/p' | head -1) || true
  read -r _ bx by bw bh < <(grep '^button' "$geometry")
  bx=$((bx + ${dx:-0})); by=$((by + ${dy:-0}))
  xwd -root -display $display | xwdtopnm 2>/dev/null >"$work/stopwindow-$kind.ppm"
  python3 - "$work/stopwindow-$kind.ppm" "$bx" "$by" "$bw" "$bh" <<'PY' || { pnmtopng "$work/stopwindow-$kind.ppm" >"$work/stopwindow-$kind.png"; fail "$kind: STOP not visible where the program put it (screenshot $work/stopwindow-$kind.png)"; }
import sys
data = open(sys.argv[1], 'rb').read()
fields, pos = [], 0
while len(fields) < 4:  # P6 width height maxval, whitespace separated
    while data[pos:pos + 1].isspace():
        pos += 1
    start = pos
    while not data[pos:pos + 1].isspace():
        pos += 1
    fields.append(data[start:pos])
pixels, width = data[pos + 1:], int(fields[1])
x, y, w, h = (int(v) for v in sys.argv[2:6])
inside = [pixels[3 * (width * j + i):3 * (width * j + i) + 3]
          for j in range(y + 3, y + h - 3) for i in range(x + 3, x + w - 3)]
red = sum(1 for p in inside if abs(p[0] - 0xc0) < 8 and abs(p[1] - 0x39) < 8 and abs(p[2] - 0x2b) < 8)
print(f"realwindow:   STOP button at {x},{y} {w}x{h}: {red} of {len(inside)} pixels #c0392b")
sys.exit(0 if inside and red >= len(inside) // 2 else 1)
PY
  xdotool mousemove $((bx + bw / 2)) $((by + bh / 2)) click 1
  wait $test || { cat "$work/stopwindow-$kind.out"; fail "$kind: the click on STOP did not reach LEVEL BRAKE"; }
  echo "realwindow:   $kind: STOP in the dialog, clicked through the X server: LEVEL BRAKE"
done
desktop off

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
