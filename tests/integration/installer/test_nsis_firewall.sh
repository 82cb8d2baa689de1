#!/bin/sh
# The Windows installer's firewall rules, checked in the NSIS script CPack generates: a probe
# project (nsis/CMakeLists.txt) with installer/windows/firewall.cmake is packed with cpack -G NSIS
# (makensis compiles the script, so its syntax is checked too), and its project.nsi is read by
# installer/windows/check_firewall_nsis.sh. Also checks that the real installer's settings
# (installer/windows/windows.cmake) include firewall.cmake.
#
# usage: test_nsis_firewall.sh SOURCE_DIR CMAKE_COMMAND CPACK_COMMAND
set -eu
src=$1
cmake=$2
cpack=$3
tmp=$(mktemp -d "${TMPDIR:-/tmp}/hil-nsis.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

if grep -q '^include(${CMAKE_CURRENT_LIST_DIR}/firewall.cmake)' "$src/installer/windows/windows.cmake"; then
    echo "PASS: installer/windows/windows.cmake includes firewall.cmake"
else
    echo "FAIL: installer/windows/windows.cmake does not include firewall.cmake"; exit 1
fi
if ! "$cmake" -S "$src/tests/integration/installer/nsis" -B "$tmp/build" \
        -DHIL_SOURCE_DIR="$src" >"$tmp/configure.log" 2>&1; then
    cat "$tmp/configure.log"; echo "FAIL: the probe project did not configure"; exit 1
fi
if ! "$cpack" --config "$tmp/build/CPackConfig.cmake" -G NSIS -B "$tmp/out" >"$tmp/cpack.log" 2>&1; then
    cat "$tmp/cpack.log"; echo "FAIL: cpack -G NSIS (makensis) failed"; exit 1
fi
echo "PASS: cpack -G NSIS made the probe installer"
nsi=$(find "$tmp/out/_CPack_Packages" -name project.nsi | head -1)
sh "$src/installer/windows/check_firewall_nsis.sh" "$nsi"
