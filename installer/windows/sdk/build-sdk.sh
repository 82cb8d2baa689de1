#!/usr/bin/env bash
# The Windows SDK (`make windows-sdk`): Qt 6.4.2 with Charts and SerialPort, QCustomPlot, OpenSSL,
# Paho MQTT C and C++, SDL2, cross-built for x86_64 Windows with Debian's MinGW-w64 (posix threads,
# SEH) from Debian 12's own source packages, into PREFIX. docs/windows-build.md says how to use it.
#
# Usage: build-sdk.sh PREFIX [COMPONENT...]
#   PREFIX      where the SDK is installed (bin/, lib/, include/, plugins/, licenses/)
#   COMPONENT   only these (default: all, in this order): openssl paho-c paho-cpp sdl2 qtbase
#               qtcharts qtserialport qcustomplot. A component needs those before it installed.
# Environment:
#   HIL_SDK_WORK  sources, builds, logs and stamps of this SDK (default: PREFIX-build beside PREFIX)
#   HIL_SDK_PIN   COMPONENT=VERSION ...: that Debian version instead of the one below (for OpenSSL,
#                 when its newest cannot be fetched)
#   HIL_SDK_REDO  1: the named components' stamps are removed first, so every step runs again
#   HIL_SDK_UNTIL the last step to run (fetch, unpack, configure, build, install; default: all):
#                 HIL_SDK_UNTIL=fetch downloads every source package and builds nothing
#   JOBS          parallel compiles (default: the number of cores)
#
# Each step of a component (fetch, unpack, configure, build, install, licenses) leaves a stamp
# named after the component and its Debian version: a step that finished is not done again. A new
# Debian version (an OpenSSL security update) or a changed step in this script makes the step and
# the component's later steps run anew.
# Its output goes to WORK/logs/<component>.<step>.log; one line per step here.
set -euo pipefail

usage() { sed -n '5,18s/^# \{0,1\}//p' "$0"; exit 2; }
[ $# -ge 1 ] || usage
prefix=$(realpath -m "$1"); shift
work=$(realpath -m "${HIL_SDK_WORK:-$prefix-build}")
jobs=${JOBS:-$(nproc)}
triplet=x86_64-w64-mingw32
t0=$(date +%s)

# component  Debian source package  version ('newest': the highest the apt sources offer, i.e.
# Debian 12's latest security update)  licence folder in PREFIX/licenses
components=(
  "openssl      openssl         newest           openssl"
  "paho-c       paho.mqtt.c     1.3.12-1         paho-c"
  "paho-cpp     paho.mqtt.cpp   1.2.0-2          paho-cpp"
  "sdl2         libsdl2         2.26.5+dfsg-1    SDL2"
  "qtbase       qt6-base        6.4.2+dfsg-10    qtbase"
  "qtcharts     qt6-charts      6.4.2-3          qtcharts"
  "qtserialport qt6-serialport  6.4.2-2          qtserialport"
  "qcustomplot  qcustomplot     2.1.0+dfsg1-3.1  qcustomplot"
)
host_qt=6.4.2 # moc, rcc, uic come from Debian's Qt: the target Qt must be the same version

say() { printf 'win64-sdk [%4d s] %s\n' $(($(date +%s) - t0)) "$*"; }
die() { # die LINE...: the first line names the script, the others follow as they are
  {
    printf 'win64-sdk: %s\n' "$1"
    shift
    [ $# -eq 0 ] || printf '%s\n' "$@"
  } >&2
  exit 1
}

# ---- apt: deb-src entries made from the system's own deb entries, in a private folder ----------
# The user's apt configuration is read, never changed: /etc/apt/sources.list and the *.list and
# *.sources files of sources.list.d are copied with deb turned into deb-src, and apt is pointed at
# the copies and at a lists folder of its own.
apt_dir=$work/apt
apt_opts=(-o "Dir::Etc::SourceList=$apt_dir/sources.list"
  -o "Dir::Etc::SourceParts=$apt_dir/sources.list.d"
  -o "Dir::State::Lists=$apt_dir/lists" -o "Dir::Cache=$apt_dir/cache")
# As root apt downloads as the user _apt, who may not enter a private folder under $HOME.
[ "$(id -u)" = 0 ] && apt_opts+=(-o APT::Sandbox::User=root)

apt_sources() {
  [ -f "$apt_dir/updated" ] && [ "$(find "$apt_dir/updated" -mmin -720)" ] && return 0
  say "apt: deb-src entries from /etc/apt's deb entries, private index in $apt_dir"
  rm -rf "$apt_dir"
  mkdir -p "$apt_dir/sources.list.d" "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial"
  # one-line format: "deb [options] uri suite components" -> "deb-src ..."
  {
    [ -f /etc/apt/sources.list ] && cat /etc/apt/sources.list
    for f in /etc/apt/sources.list.d/*.list; do [ -f "$f" ] && cat "$f"; done
    true
  } | sed -n 's/^[[:space:]]*deb\([[:space:]]\)/deb-src\1/p' >"$apt_dir/sources.list"
  # deb822 format: the Types field lists deb-src instead of deb (Enabled: no stays off)
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] || continue
    awk '/^Types:/ { t = ""; for (i = 2; i <= NF; i++) if ($i == "deb" || $i == "deb-src") t = "deb-src"
                     $0 = "Types: " (t == "" ? "none" : t) } { print }' \
      "$f" >"$apt_dir/sources.list.d/$(basename "$f")"
  done
  if ! grep -qs 'deb-src' "$apt_dir/sources.list" "$apt_dir"/sources.list.d/*.sources; then
    die "no deb entry in /etc/apt/sources.list or /etc/apt/sources.list.d/ to make deb-src from" \
      "  apt must know a Debian 12 (bookworm) archive: add one there, then run make windows-sdk again"
  fi
  apt-get "${apt_opts[@]}" -q update >"$apt_dir/update.log" 2>&1 ||
    die "apt-get update with the deb-src entries failed ($apt_dir/update.log):" \
      "$(tail -5 "$apt_dir/update.log")"
  touch "$apt_dir/updated"
}

# The version 'newest' stands for: the highest of the source package's versions apt offers.
newest_version() {
  local v best=
  for v in $(apt-cache "${apt_opts[@]}" showsrc "$1" 2>/dev/null | sed -n 's/^Version: //p'); do
    if [ -z "$best" ] || dpkg --compare-versions "$v" gt "$best"; then best=$v; fi
  done
  echo "$best"
}

# ---- one component: steps with stamps ----------------------------------------------------------
comp='' pkg='' ver='' licdir='' src='' bld='' stamps=$work/stamps redo_rest='' soft_fetch='' missing=()

# What a build step does, as a checksum: its function and the functions it calls, as bash has
# them (comments left out). A changed recipe makes the step, and those after it, run again.
recipe() {
  local f
  {
    declare -f "$1"
    for f in $(declare -f "$1" | grep -o '[a-z][a-z0-9_-]*' | sort -u); do
      [ "$f" = "$1" ] || ! declare -F "$f" >/dev/null || declare -f "$f"
    done
    echo "$ver"
  } | md5sum | cut -c1-16
}

# step NAME FUNCTION: runs FUNCTION unless its stamp says it finished with the same recipe;
# output to the step's log. Once a step runs, the component's later steps run too.
step() {
  local name=$1 fn=$2 stamp=$stamps/$comp-$ver.$1 log=$work/logs/$comp.$1.log s sum
  case $name in
    fetch | unpack) sum=$ver ;; # the Debian version's files, however they were fetched
    *) sum=$(recipe "$fn") ;;
  esac
  if [ -z "$redo_rest" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$sum" ]; then
    say "$comp: $name done before (stamp $(basename "$stamp"))"
    return 0
  fi
  redo_rest=1
  mkdir -p "$work/logs" "$stamps"
  s=$(date +%s)
  say "$comp: $name ..."
  rm -f "$work/logs/$comp.message" "$stamp"
  # in a subshell of its own, not as an if's condition: there bash would ignore set -e
  ("$fn") >"$log" 2>&1 &
  if ! wait $!; then
    if [ -f "$work/logs/$comp.message" ]; then
      cat "$work/logs/$comp.message" >&2
      [ -z "$soft_fetch" ] || { missing+=("$comp"); return 0; }
      exit 1
    fi
    tail -25 "$log" | sed 's/^/  | /' >&2
    die "$comp: $name failed; the whole log: $log"
  fi
  echo "$sum" >"$stamp"
  say "$comp: $name finished in $(($(date +%s) - s)) s"
}

fetch() {
  local dir=$work/src/$comp offered others
  mkdir -p "$dir"
  cd "$dir"
  # .dsc files put there by hand (see the messages below) are used as they are
  [ -f "${pkg}_${ver#*:}.dsc" ] && return 0
  offered=$(apt-cache "${apt_opts[@]}" showsrc "$pkg" 2>/dev/null | sed -n 's/^Version: //p' | sort -uV | xargs)
  if ! grep -qxF -- "$ver" <<<"${offered// /$'\n'}"; then
    cat >"$work/logs/$comp.message" <<EOF
win64-sdk: Debian's source package $pkg version $ver (for $comp) cannot be had:
  the system's apt sources (their deb-src twins, in $apt_dir) offer ${offered:-no version of it}.
  Debian's archive keeps only the newest version of each suite.
  What to do: add a deb entry for a Debian archive that still carries $pkg $ver (Debian's
  snapshot archive keeps every version) to /etc/apt/sources.list.d/, or copy
  ${pkg}_$ver.dsc and the files it names into $dir/ by hand;
  then run 'make windows-sdk SDK_ONLY=$comp' again.
EOF
    return 1
  fi
  if ! apt-get "${apt_opts[@]}" -q source --download-only "$pkg=$ver"; then
    rm -f "${pkg}_${ver#*:}.dsc" # not taken for one put there by hand on the next run
    others=$(tr ' ' '\n' <<<"$offered" | grep -vxF -- "$ver" | xargs || true)
    cat >"$work/logs/$comp.message" <<EOF
win64-sdk: Debian's source package $pkg version $ver (for $comp) cannot be had: the apt
  sources offer it, but its download failed:
$(grep '^E:' "$work/logs/$comp.fetch.log" | sed 's/^/    /')
  What to do: check the network and the archive (apt-get update; the index may be newer than
  the mirror's files), or copy ${pkg}_$ver.dsc and the files it names into $dir/ by hand.
EOF
    [ -z "$others" ] || cat >>"$work/logs/$comp.message" <<EOF
  Or build another version the sources offer ($others):
  make windows-sdk SDK_ONLY=$comp SDK_PIN=$comp=<version>
EOF
    return 1
  fi
}

unpack() {
  rm -rf "$src"
  # dpkg-source checks the files against the .dsc (whose checksums apt checked against the
  # archive's signed index) and applies Debian's patches.
  dpkg-source -x "$work/src/$comp/${pkg}_${ver#*:}.dsc" "$src"
}

relocate_pc() { # pkg-config files name their prefix relative to themselves, not PREFIX's path
  [ -d "$prefix/lib/pkgconfig" ] || return 0
  sed -i 's|^prefix=/.*|prefix=${pcfiledir}/../..|' "$prefix"/lib/pkgconfig/*.pc
}

strip_win() { # strip_win FILE...: executables and DLLs lose their symbol tables
  local f
  for f in "$@"; do [ -f "$f" ] && $triplet-strip --strip-unneeded "$f"; done
  return 0
}

copy_licenses() { # copy_licenses FILE...: from the source tree into PREFIX/licenses/<component>/
  local out=$prefix/licenses/$licdir f n=0
  rm -rf "$out"
  mkdir -p "$out"
  for f in "$@"; do
    [ -f "$src/$f" ] || continue
    cp "$src/$f" "$out/"
    n=$((n + 1))
  done
  [ "$n" -gt 0 ] || { echo "no licence file found in $src among: $*"; return 1; }
  debian_record "$out"
}

debian_record() { # debian_record FOLDER: Debian's copyright file and where the library came from
  # Debian's record of every copyright holder and licence in the source package, patches too
  cp "$src/debian/copyright" "$1/debian-copyright"
  printf '%s\n' "Built from Debian's source package $pkg, version $ver (Debian 12), with" \
    "Debian's patches, for x86_64 Windows with Debian's MinGW-w64 cross compiler." >"$1/SOURCE.txt"
}

# Compiler flags of every component: release, and the build folders' paths (in assertion
# messages) written as /src/win64s/... so the binaries do not name the machine they were built on.
map_flags="-ffile-prefix-map=$work/src=/src/win64s -ffile-prefix-map=$work/build=/src/win64s/build"

toolchain() { # the CMake toolchain of the SDK's own builds (the SDK is its own find root)
  cat >"$work/toolchain.cmake" <<EOF
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(CMAKE_C_COMPILER $triplet-gcc-posix)
set(CMAKE_CXX_COMPILER $triplet-g++-posix)
set(CMAKE_RC_COMPILER $triplet-windres)
set(CMAKE_FIND_ROOT_PATH /usr/$triplet "$prefix")
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
EOF
}

# cmake_configure [ARG...]: a CMake component, Release, shared, into PREFIX
cmake_configure() {
  rm -rf "$bld"
  cmake -S "$src" -B "$bld" -G Ninja -DCMAKE_TOOLCHAIN_FILE="$work/toolchain.cmake" \
    -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$prefix" -DCMAKE_PREFIX_PATH="$prefix" \
    -DCMAKE_C_FLAGS="$map_flags" -DCMAKE_CXX_FLAGS="$map_flags" "$@"
}
cmake_build() { cmake --build "$bld" -j "$jobs"; }
cmake_install() { cmake --install "$bld"; }

# ---- OpenSSL: its own Configure, target mingw64, shared ---------------------------------------
# OpenSSL compiles its prefix in (where openssl.cnf, engines and providers are looked for). On
# Windows a Unix path means nothing either way (OPENSSL_CONF and OPENSSL_MODULES set them there);
# a fixed one keeps the build machine's folders out of the DLLs: it is built for /opt/qt6-win,
# staged with DESTDIR and copied into PREFIX.
openssl_builtin_prefix=/opt/qt6-win
openssl_configure() {
  rm -rf "$bld"
  mkdir -p "$bld"
  cd "$bld"
  # CC and friends get the cross prefix: x86_64-w64-mingw32-gcc-posix, -ar, -windres ...
  # No -ffile-prefix-map here: built out of its tree, OpenSSL names its sources by relative paths
  # (../../src/openssl/tree/crypto/...), and it writes its compiler flags into the DLL.
  CC=gcc-posix "$src/Configure" mingw64 --cross-compile-prefix=$triplet- shared no-tests \
    --prefix=$openssl_builtin_prefix --libdir=lib
}
openssl_build() { make -C "$bld" -j "$jobs" build_sw; }
openssl_install() {
  local stage=$bld/stage
  rm -rf "$stage"
  make -C "$bld" install_sw DESTDIR="$stage" # no manuals
  rm -f "$stage$openssl_builtin_prefix"/lib/lib{crypto,ssl}.a # static archives: DLLs only
  cp -a "$stage$openssl_builtin_prefix"/. "$prefix"/
  relocate_pc
  strip_win "$prefix"/bin/openssl.exe "$prefix"/bin/lib{crypto,ssl}-3-x64.dll \
    "$prefix"/lib/engines-3/*.dll "$prefix"/lib/ossl-modules/*.dll
}
openssl_licenses() { copy_licenses LICENSE.txt; }

# ---- Paho MQTT C, with SSL ----------------------------------------------------------------------
paho-c_configure() {
  # Paho names Windows' RPC library RpcRT4; MinGW's import library is librpcrt4.a, which a
  # case-sensitive file system does not find by that name: the link, and the exported CMake
  # targets every user of the SDK links through, need the name in lower case.
  grep -rl RpcRT4 --include=CMakeLists.txt --include='*.cmake*' "$src" | xargs -r sed -i 's/RpcRT4/rpcrt4/g'
  cmake_configure -DPAHO_WITH_SSL=ON -DPAHO_BUILD_SHARED=ON -DPAHO_BUILD_STATIC=OFF \
    -DPAHO_ENABLE_TESTING=OFF -DPAHO_BUILD_SAMPLES=OFF -DOPENSSL_ROOT_DIR="$prefix"
}
paho-c_install() {
  cmake_install
  if grep -l RpcRT4 "$prefix"/lib/cmake/eclipse-paho-mqtt-c/*.cmake; then
    echo "the files above still name RpcRT4"
    exit 1
  fi
  strip_win "$prefix"/bin/libpaho-mqtt3*.dll "$prefix"/bin/MQTTVersion.exe
}
paho-c_licenses() { copy_licenses LICENSE about.html edl-v10 epl-v20 notice.html; }

# ---- Paho MQTT C++, with SSL, against the Paho C above ------------------------------------------
paho-cpp_configure() {
  cmake_configure -DPAHO_WITH_SSL=ON -DPAHO_BUILD_SHARED=ON -DPAHO_BUILD_STATIC=OFF \
    -DPAHO_BUILD_TESTS=OFF -DPAHO_BUILD_SAMPLES=OFF -DPAHO_BUILD_DOCUMENTATION=OFF \
    -DOPENSSL_ROOT_DIR="$prefix"
}
paho-cpp_install() {
  cmake_install
  strip_win "$prefix"/bin/libpaho-mqttpp3.dll
}
paho-cpp_licenses() { copy_licenses about.html edl-v10 epl-v10 notice.html; }

# ---- SDL2: shared SDL2.dll, static SDL2main, relocatable sdl2-config and sdl2.pc ---------------
sdl2_configure() { cmake_configure -DSDL_SHARED=ON -DSDL_STATIC=OFF -DSDL_TEST=OFF; }
sdl2_install() {
  cmake_install
  relocate_pc
  strip_win "$prefix"/bin/SDL2.dll
}
sdl2_licenses() { copy_licenses LICENSE.txt; }

# ---- Qt: qtbase, then Charts and SerialPort against it; host tools from Debian's Qt 6.4.2 -----
qt_configure() { # qt_configure [ARG...]: a Qt module, its host tools from Debian's Qt
  cmake_configure -DQT_HOST_PATH=/usr -DQT_HOST_PATH_CMAKE_DIR=/usr/lib/x86_64-linux-gnu/cmake \
    -DBUILD_SHARED_LIBS=ON -DQT_BUILD_EXAMPLES=OFF -DQT_BUILD_TESTS=OFF "$@"
}
qt_install() {
  cmake_install
  relocate_pc
  rm -rf "$prefix"/doc # Qt's documentation is not part of the SDK
  strip_win "$prefix"/bin/*.dll
  find "$prefix"/plugins -name '*.dll' -exec $triplet-strip --strip-unneeded {} +
}
qt_licenses() { # Qt 6's licence texts (LICENSES/, as REUSE names them)
  local out=$prefix/licenses/$licdir
  rm -rf "$out"
  mkdir -p "$out"
  cp "$src"/LICENSES/*.txt "$out/"
  debian_record "$out"
}

qtbase_configure() {
  # Off: sql, dbus, vulkan; tablet events (Debian's source drops wintab.h). TLS through
  # Windows' Schannel (no OpenSSL backend). zlib, pcre2, libpng, libjpeg, freetype and harfbuzz
  # are Qt's bundled copies (the MinGW sysroot has none of them).
  qt_configure -DFEATURE_sql=OFF -DFEATURE_dbus=OFF -DFEATURE_vulkan=OFF \
    -DFEATURE_system_zlib=OFF -DINPUT_openssl=no -DFEATURE_tabletevent=OFF \
    -DFEATURE_system_pcre2=OFF -DFEATURE_system_png=OFF -DFEATURE_system_jpeg=OFF \
    -DFEATURE_system_freetype=OFF -DFEATURE_system_harfbuzz=OFF
}
qtbase_install() { qt_install; }
qtbase_licenses() { qt_licenses; }
qtcharts_configure() { qt_configure; }
qtcharts_install() { qt_install; }
qtcharts_licenses() { qt_licenses; }
qtserialport_configure() { qt_configure; }
qtserialport_install() { qt_install; }
qtserialport_licenses() { qt_licenses; }

# ---- QCustomPlot: Debian's source with its patches and CMake, as Debian's QCustomPlotQt6 -------
qcustomplot_configure() { cmake_configure -DUSE_QT_VERSION=6; }
qcustomplot_install() {
  cmake_install
  strip_win "$prefix"/bin/libQCustomPlotQt6.dll
}
qcustomplot_licenses() { copy_licenses GPL.txt; }

# ---- the run -------------------------------------------------------------------------------------
select_component() { # select_component LINE: the component's name, package, version and folders
  local pin
  read -r comp pkg ver licdir <<<"$1"
  for pin in ${HIL_SDK_PIN:-}; do [ "${pin%%=*}" != "$comp" ] || ver=${pin#*=}; done
  if [ "$ver" = newest ]; then
    ver=$(newest_version "$pkg")
    [ -n "$ver" ] || die "Debian's source package $pkg (for $comp) is in none of the apt sources" \
      "  (their deb-src twins in $apt_dir): add a Debian 12 entry to /etc/apt/sources.list.d/"
  fi
  src=$work/src/$comp/tree bld=$work/build/$comp redo_rest=
}

run_component() {
  local fn s
  s=$(date +%s)
  select_component "$1"
  for fn in fetch unpack configure build install licenses; do
    if declare -F "${comp}_$fn" >/dev/null; then
      step $fn "${comp}_$fn"
    elif declare -F "$fn" >/dev/null; then
      step $fn "$fn"
    else
      step $fn "cmake_$fn"
    fi
    [ "$fn" != "${HIL_SDK_UNTIL:-}" ] || return 0
  done
  say "$comp: $ver in $prefix ($(($(date +%s) - s)) s)"
}

wanted=("$@")
[ ${#wanted[@]} -gt 0 ] || wanted=(openssl paho-c paho-cpp sdl2 qtbase qtcharts qtserialport qcustomplot)
for w in "${wanted[@]}"; do
  found=
  for line in "${components[@]}"; do [ "${line%% *}" = "$w" ] && found=1; done
  [ -n "$found" ] || die "no component '$w' (components: openssl paho-c paho-cpp sdl2 qtbase" \
    "  qtcharts qtserialport qcustomplot)"
done

command -v $triplet-g++-posix >/dev/null || die "$triplet-g++-posix missing (g++-mingw-w64-x86-64-posix)"
command -v dpkg-source >/dev/null || die "dpkg-source missing (dpkg-dev)"
have_qt=$(dpkg-query -W -f '${Version}' qt6-base-dev 2>/dev/null || true)
case " ${wanted[*]} " in *" qt"* | *" qcustomplot "*)
  [[ $have_qt == "$host_qt"* ]] ||
    die "the host Qt (Debian's qt6-base-dev) is '$have_qt', the SDK's Qt $host_qt: moc and rcc must match" ;;
esac

mkdir -p "$work"
# the builds there are configured for one SDK folder: they would install into it
[ -f "$work/prefix" ] || echo "$prefix" >"$work/prefix"
[ "$(cat "$work/prefix")" = "$prefix" ] ||
  die "$work holds the builds of the SDK in $(cat "$work/prefix"), not $prefix: give it a work" \
    "  folder of its own (HIL_SDK_WORK) or remove $work"
mkdir -p "$prefix"
say "SDK in $prefix; sources, builds and logs in $work; $jobs jobs"
toolchain
apt_sources
selected=()
for line in "${components[@]}"; do
  for w in "${wanted[@]}"; do [ "${line%% *}" != "$w" ] || selected+=("$line"); done
done
# an SDK folder deleted since: every component installs again (their builds are kept)
[ -d "$prefix/lib" ] || rm -f "$stamps"/*.install "$stamps"/*.licenses
# Every source package first: one that cannot be had is known before an hour of building.
missing=() soft_fetch=1
for line in "${selected[@]}"; do
  select_component "$line"
  say "$comp: Debian's $pkg $ver"
  [ "${HIL_SDK_REDO:-}" != 1 ] || rm -f "$stamps/$comp"-*
  step fetch fetch
done
soft_fetch=
[ ${#missing[@]} -eq 0 ] ||
  die "stopped before building: no source package for ${missing[*]} (the messages above say what to do)"
for line in "${selected[@]}"; do run_component "$line"; done
say "done: ${wanted[*]}"
