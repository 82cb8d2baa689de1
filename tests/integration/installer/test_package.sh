#!/bin/sh
# Builds the Debian package with CPack into a temporary folder, unpacks it with dpkg-deb -x and
# checks it as an operator would meet it: package metadata, desktop entry, AppStream metainfo,
# icons, and the unpacked program itself (--version and a 2 s headless run with every emulator).
#
# usage: test_package.sh BUILD_DIR CPACK_COMMAND EXPECTED_VERSION
# Run by CTest (tests/integration/installer/CMakeLists.txt); needs a built `hilstation`.
set -eu

build=$1
cpack=$2
version=$3

tmp=$(mktemp -d "${TMPDIR:-/tmp}/hil-package.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
failures=0
checks=0
pass() { checks=$((checks + 1)); echo "PASS: $*"; }
fail() { checks=$((checks + 1)); failures=$((failures + 1)); echo "FAIL: $*"; }
skip() { echo "SKIP: $*"; }
fatal() { echo "FAIL: $*"; exit 1; }

# --- build the package (its own output folder: never races `make package` in build/) ---
if ! "$cpack" --config "$build/CPackConfig.cmake" -G DEB -B "$tmp/out" >"$tmp/cpack.log" 2>&1; then
    cat "$tmp/cpack.log"
    fatal "cpack -G DEB failed"
fi
arch=$(dpkg --print-architecture)
deb="$tmp/out/hilstation_${version}_${arch}.deb"
[ -f "$deb" ] || { ls -l "$tmp/out"; fatal "expected package file hilstation_${version}_${arch}.deb"; }
pass "cpack produced $(basename "$deb")"

# --- control fields ---
[ "$(dpkg-deb -f "$deb" Package)" = hilstation ] && pass "Package: hilstation" || fail "Package field"
[ "$(dpkg-deb -f "$deb" Version)" = "$version" ] && pass "Version: $version" || fail "Version field"
depends=$(dpkg-deb -f "$deb" Depends)
case "$depends" in
    *libqt6core6*libqt6widgets6*) pass "Depends computed by dpkg-shlibdeps: $depends" ;;
    *) fail "Depends lacks the Qt libraries dpkg-shlibdeps finds: '$depends'" ;;
esac
case "$depends" in
    *qt6-qpa-plugins*) pass "Depends names qt6-qpa-plugins" ;;
    *) fail "Depends lacks qt6-qpa-plugins" ;;
esac
case "$depends" in
    *qt6-translations-l10n*fonts-wqy-microhei*) pass "Depends names Qt's translations and a CJK font" ;;
    *) fail "Depends lacks qt6-translations-l10n or fonts-wqy-microhei" ;;
esac
[ -n "$(dpkg-deb -f "$deb" Maintainer)" ] && pass "Maintainer set" || fail "Maintainer missing"

# --- unpack ---
root="$tmp/root"
dpkg-deb -x "$deb" "$root" || fatal "dpkg-deb -x"
id=io.hilstation.HilStation
desktop="$root/usr/share/applications/$id.desktop"
metainfo="$root/usr/share/metainfo/$id.metainfo.xml"
exe="$root/usr/bin/hilstation"

for f in "$exe" "$desktop" "$metainfo" "$root/usr/share/icons/hicolor/scalable/apps/$id.svg"; do
    [ -f "$f" ] && pass "installed ${f#"$root"}" || fail "missing ${f#"$root"}"
done
for n in 16 24 32 48 64 128 256; do
    png="$root/usr/share/icons/hicolor/${n}x${n}/apps/$id.png"
    if [ -f "$png" ] && [ "$(od -An -tx1 -N4 "$png" | tr -d ' \n')" = 89504e47 ]; then
        pass "icon ${n}x${n} is a PNG"
    else
        fail "icon ${n}x${n} missing or not a PNG"
    fi
done
[ -x "$exe" ] && pass "usr/bin/hilstation is executable" || fail "usr/bin/hilstation not executable"
if command -v readelf >/dev/null 2>&1; then
    readelf -d "$exe" | grep -q 'R.*PATH' && fail "binary carries an RPATH/RUNPATH" || pass "no RPATH"
fi

# --- the desktop entry and metainfo agree with the files shipped ---
icon=$(sed -n 's/^Icon=//p' "$desktop")
[ -f "$root/usr/share/icons/hicolor/256x256/apps/$icon.png" ] && pass "Icon=$icon is shipped" \
    || fail "Icon=$icon names no shipped icon"
execname=$(sed -n 's/^Exec=\([^ ]*\).*/\1/p' "$desktop")
[ -x "$root/usr/bin/$execname" ] && pass "Exec=$execname is shipped in usr/bin" \
    || fail "Exec=$execname is not in usr/bin"
grep -q "<launchable type=\"desktop-id\">$id.desktop</launchable>" "$metainfo" \
    && pass "metainfo launchable is the desktop entry" || fail "metainfo launchable mismatch"
grep -q "<release version=\"$version\"" "$metainfo" \
    && pass "metainfo has a release entry for $version" || fail "metainfo lacks release $version"

if command -v desktop-file-validate >/dev/null 2>&1; then
    if out=$(desktop-file-validate "$desktop" 2>&1); then
        pass "desktop-file-validate"
    else
        echo "$out"; fail "desktop-file-validate"
    fi
else
    skip "desktop-file-validate not installed (Debian package desktop-file-utils)"
fi
if command -v appstreamcli >/dev/null 2>&1; then
    if out=$(appstreamcli validate --no-net "$metainfo" 2>&1); then
        pass "appstreamcli validate --no-net"
    else
        echo "$out"; fail "appstreamcli validate --no-net"
    fi
else
    skip "appstreamcli not installed (Debian package appstream)"
fi

# --- translations, when the build made any ---
qms=$(find "$root" -name '*.qm' | sed "s|^$root||")
if [ -n "$qms" ]; then
    bad=$(echo "$qms" | grep -v '^/usr/share/hilstation/translations/hilstation_[^/]*\.qm$' || true)
    [ -z "$bad" ] && pass "translations in usr/share/hilstation/translations" \
        || fail "translations outside usr/share/hilstation/translations: $bad"
else
    skip "no .qm files in this build (none listed in HIL_QM_FILES)"
fi

# --- run the unpacked program ---
out=$("$exe" --version 2>&1) && [ "$out" = "hilstation $version" ] \
    && pass "--version prints 'hilstation $version'" || fail "--version printed '$out'"

session="$tmp/session"
if QT_QPA_PLATFORM=offscreen "$exe" --headless --emulate all --duration 2 --log-dir "$session" \
        >"$tmp/run.log" 2>&1; then
    pass "--headless --emulate all --duration 2 exited 0"
else
    cat "$tmp/run.log"; fail "--headless --emulate all --duration 2 exited non-zero"
fi
if [ -s "$session/session.json" ] && grep -q "\"version\": *\"$version\"" "$session/session.json"; then
    pass "session.json written by the unpacked program"
else
    fail "session.json missing or without version $version"
fi

echo "$((checks - failures)) passed, $failures failed"
[ "$failures" -eq 0 ]
