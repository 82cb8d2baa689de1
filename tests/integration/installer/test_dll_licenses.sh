#!/bin/sh
# The Windows installation's licences (installer/windows/check_licenses.sh with the mapping
# installer/windows/dll-licenses.txt), on made-up installation trees: every program and DLL in
# bin/ must have its licence in licenses/; a DLL without one, a DLL the mapping does not know and
# a placeholder for the program's own licence each fail. Then the licence of a MinGW-w64 runtime
# DLL taken from Debian's files (installer/windows/mingw-licenses.cmake), when Debian's MinGW-w64
# is installed.
#
# usage: test_dll_licenses.sh SOURCE_DIR CMAKE_COMMAND
set -eu
src=$1
cmake=$2
win=$src/installer/windows
tmp=$(mktemp -d "${TMPDIR:-/tmp}/hil-licences.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

tree() { # a small installation: programs, Qt, a plugin, SDL2, the GCC runtime, and their licences
    rm -rf "$tmp/root"
    mkdir -p "$tmp/root/bin/plugins/platforms" "$tmp/root/licenses"
    for f in hilstation.exe hilstation-console.exe Qt6Core.dll Qt6Charts.dll SDL2.dll \
             libstdc++-6.dll plugins/platforms/qwindows.dll; do
        echo MZ >"$tmp/root/bin/$f"
    done
    cp "$win/license.txt" "$tmp/root/licenses/hilstation.txt"
    printf '                    GNU GENERAL PUBLIC LICENSE\n' >"$tmp/root/licenses/GPL-3.0.txt"
    for d in qtbase qtcharts SDL2 gcc-mingw-w64-x86-64-posix-runtime; do
        mkdir -p "$tmp/root/licenses/$d"
        echo "licence of $d" >"$tmp/root/licenses/$d/LICENSE.txt"
    done
}
check() { # check EXPECTED(pass|fail) WHAT [TEXT the output must hold]
    if bash "$win/check_licenses.sh" "$tmp/root" "$win/dll-licenses.txt" >"$tmp/out" 2>&1; then
        got=pass
    else
        got=fail
    fi
    if [ "$got" != "$1" ]; then
        cat "$tmp/out"; echo "FAIL: $2: check_licenses.sh should $1, it did $got"; exit 1
    fi
    if [ -n "${3:-}" ] && ! grep -qF -- "$3" "$tmp/out"; then
        cat "$tmp/out"; echo "FAIL: $2: no '$3' in its output"; exit 1
    fi
    echo "PASS: $2"
}

tree
check pass "every program and DLL has its licence"
rm -r "$tmp/root/licenses/gcc-mingw-w64-x86-64-posix-runtime"
check fail "the GCC runtime without its licence" "bin/libstdc++-6.dll: licenses/gcc-mingw-w64-x86-64-posix-runtime missing"
tree
: >"$tmp/root/licenses/SDL2/LICENSE.txt"
check fail "SDL2's licence folder with an empty file only" "bin/SDL2.dll: licenses/SDL2 missing or empty"
tree
echo MZ >"$tmp/root/bin/libzstd.dll"
check fail "a DLL the mapping does not know" "bin/libzstd.dll: no line"
tree
printf 'HIL Station\n\nThe maintainers replace this text with the licence terms.\n' \
    >"$tmp/root/licenses/hilstation.txt"
check fail "a placeholder for the program's licence" "does not grant the GNU GPL"
tree
rm "$tmp/root/licenses/GPL-3.0.txt"
check fail "the program without the GPL's text" "bin/hilstation.exe: licenses/GPL-3.0.txt missing"

# The MinGW-w64 runtime's licence from Debian's files, as the installer's install code takes it.
dll=/usr/x86_64-w64-mingw32/lib/libwinpthread-1.dll
if [ -f "$dll" ] && command -v dpkg >/dev/null; then
    cat >"$tmp/take.cmake" <<CMAKE
include("$win/mingw-licenses.cmake")
hil_install_debian_license("$dll" "$tmp/inst/licenses")
CMAKE
    "$cmake" -P "$tmp/take.cmake" >"$tmp/take.log" 2>&1 || { cat "$tmp/take.log"; echo "FAIL: mingw-licenses.cmake"; exit 1; }
    pkgdir=$tmp/inst/licenses/$(dpkg -S "$dll" | cut -d: -f1)
    if grep -q 'winpthreads' "$pkgdir/copyright" && grep -q 'Permission is hereby granted' "$pkgdir/copyright"; then
        echo "PASS: libwinpthread-1.dll's licence (its MIT notice) from Debian's copyright file"
    else
        ls -R "$tmp/inst"; echo "FAIL: no winpthreads MIT notice in $pkgdir/copyright"; exit 1
    fi
    ls "$pkgdir"
else
    echo "SKIP: Debian's MinGW-w64 ($dll) not installed: its licence not taken"
fi
