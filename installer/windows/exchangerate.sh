#!/usr/bin/env bash
# One figure for make windows-test: the FlightAxis exchange rate (one TCP connection per exchange)
# of the Windows build under Wine beside the Linux build's, link and RealFlight stand-in in one
# program each (tests/bench/flightaxisrate), run one after the other on an otherwise idle moment.
# Printed, never judged: Wine's figures are Wine's, not Windows' (docs/windows-build.md, "FlightAxis
# under Wine"). About 7 s.
# Usage: exchangerate.sh WIN_BUILD_DIR LINUX_BUILD_DIR   (the Wine prefix already booted)
set -uo pipefail
win=$(realpath "$1")
linux=${2:-}
cmake --build "$win" --target bench_flightaxis_rate >/dev/null || { echo "exchange rate: Windows bench not built"; exit 0; }
figures() { grep '^BENCH' | tr -d '\r' | sed 's/^/  /'; }
echo "FlightAxis exchanges against the RealFlight stand-in (4 ms frames), load average $(cut -d' ' -f1 /proc/loadavg):"
timeout 60 "$win/wine-run.sh" "$win/bin/bench_flightaxis_rate.exe" --seconds 2 --label windows_wine \
  </dev/null 2>/dev/null | figures
if [ -n "$linux" ] && [ -f "$linux/build.ninja" ] &&
  cmake --build "$linux" --target bench_flightaxis_rate >/dev/null 2>&1; then
  timeout 60 "$linux/bin/bench_flightaxis_rate" --seconds 2 --label linux </dev/null 2>/dev/null | figures
else
  echo "  (no Linux build in '$linux': make build first for the Linux figure)"
fi
exit 0
