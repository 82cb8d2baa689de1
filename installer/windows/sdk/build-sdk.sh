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
#                 when its newest cannot be fetched); a pinned component never falls back upstream
#   HIL_SDK_SOURCES  the folder holding the upstream archives of the table `upstreams` below
#                 (default: ../shared/win64-src beside the repository when it exists, else
#                 ~/.cache/hilstation/win64-src)
#   HIL_SDK_OPENSSL_KEY  OpenSSL's release signing key (a file gpg imports): an OpenSSL tarball
#                 taken from upstream has its .asc signature checked with it (else not checked)
#   HIL_SDK_REDO  1: the named components' stamps are removed first, so every step runs again
#   HIL_SDK_UNTIL the last step to run (fetch, unpack, configure, build, install; default: all):
#                 HIL_SDK_UNTIL=fetch downloads every source package and builds nothing
#   JOBS          parallel compiles (default: the number of cores)
#
# Each step of a component (fetch, unpack, configure, build, install, licenses) leaves a stamp
# named after the component and its version: a step that finished is not done again. A new
# Debian version (an OpenSSL security update) or a changed step in this script makes the step and
# the component's later steps run anew.
# Where Debian's source package cannot be fetched and the table `upstreams` pins the same upstream
# release, the component is built from that upstream archive instead, checked against the SHA-256
# pinned there; its stamps then carry the upstream version, and it stays upstream-built until its
# stamps are removed (HIL_SDK_REDO=1). PREFIX/licenses/sdk-sources.txt lists where each
# component's source came from.
# Its output goes to WORK/logs/<component>.<step>.log; one line per step here.
set -euo pipefail

usage() { sed -n '5,22s/^# \{0,1\}//p' "$0"; exit 2; }
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
# Upstream sources of the same releases, for a component whose Debian source package cannot be
# fetched (a mirror that lists a package but answers 404 for its files). Each is pinned by its
# SHA-256, checked before it is unpacked.
#   component  upstream version  file  SHA-256  where: 'sources' (the folder HIL_SDK_SOURCES) or
#   'mirror' (Debian's orig tarball, from the apt sources' pool)  upstream repository  tag  commit
# The Qt and Paho files are `git archive` outputs of the release tags (each unpacks into one
# folder: qtcharts-everywhere-src-6.4.2/ ...), not the projects' published release tarballs: their
# bytes, and so their hashes, differ from those. OpenSSL's is OpenSSL's own release tarball as
# Debian's archive carries it, beside OpenSSL's signature (.asc).
upstreams=(
  "qtcharts     6.4.2  qtcharts-v6.4.2-git-archive.tar.xz     e3686c776025ca22f2a3a31d6940a06089502854a50c6d46648aa7cb05e0fa07 sources qt/qtcharts v6.4.2 445119bc19232067452594cfca454175b9ac1a83"
  "qtserialport 6.4.2  qtserialport-v6.4.2-git-archive.tar.xz 5c09ddd21121198dad189af694803d43366cebd767138fc5ba4e30299a53dd9d sources qt/qtserialport v6.4.2 a29d4f9bb7f6145a6bfe0a0bb3889412a7032bfb"
  "paho-c       1.3.12 paho.mqtt.c-v1.3.12-git-archive.tar.gz 47f7710b19ab1a99c1d49cfbc66e42703e582bc349a71a71d81b6b66447a200e sources eclipse/paho.mqtt.c v1.3.12 f7799da95e347bbc930b201b52a1173ebbad45a7"
  "openssl      3.0.22 openssl_3.0.22.orig.tar.gz             67ebca7e50d17383028045486653492195b83db95f8558709701bb47b5c1ef81 mirror openssl/openssl openssl-3.0.22 -"
)
repo=$(cd "$(dirname "$0")/../../.." && pwd)
if [ -n "${HIL_SDK_SOURCES:-}" ]; then
  sources=$(realpath -m "$HIL_SDK_SOURCES")
elif [ -d "$repo/../shared/win64-src" ]; then
  sources=$(realpath "$repo/../shared/win64-src")
else
  sources=${XDG_CACHE_HOME:-$HOME/.cache}/hilstation/win64-src
fi
# the fetch step runs in the component's folder: a relative path to the key is made absolute
[ -z "${HIL_SDK_OPENSSL_KEY:-}" ] || HIL_SDK_OPENSSL_KEY=$(realpath -m "$HIL_SDK_OPENSSL_KEY")
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
# origin: 'debian' (the source package) or 'upstream' (the archive of the table upstreams, whose
# fields follow); debver: the Debian version the component stands for either way
origin='' debver='' pinned='' up_ver='' up_file='' up_sha='' up_from='' up_repo='' up_tag='' up_commit=''
declare -A origin_of=() # a component's origin, once this run has chosen it

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
    fetch | unpack) sum=$(source_key) ;; # the version's files, however they were fetched
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
      # while every source is fetched, the caller says what went wrong (an upstream archive may
      # stand in)
      [ -z "$soft_fetch" ] || { missing+=("$comp"); return 0; }
      cat "$work/logs/$comp.message" >&2
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
    [ -z "$up_ver" ] || [ -n "$pinned" ] || cat >>"$work/logs/$comp.message" <<EOF
  The upstream source that could stand in is pinned for release $up_ver ($up_file in the table
  upstreams of installer/windows/sdk/build-sdk.sh), not for $ver's: pin the new release's file
  and SHA-256 there (docs/windows-build.md, Upstream sources). An older release is never taken
  in its place unasked.
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

# ---- upstream archives: where Debian's source package cannot be fetched ------------------------
source_key() { # what the fetch and unpack stamps hold: the version, and an upstream file's hash
  if [ "$origin" = upstream ]; then echo "$ver sha256:$up_sha"; else echo "$ver"; fi
}

check_sha() { # check_sha FILE: FILE's SHA-256 is the one pinned in upstreams, else a message
  local found
  found=$(sha256sum "$1" | cut -d' ' -f1)
  [ "$found" != "$up_sha" ] || return 0
  cat >"$work/logs/$comp.message" <<EOF
win64-sdk: $comp: $1 is not the pinned upstream archive: its SHA-256 differs.
  expected $up_sha
  found    $found
  (the expected one is pinned in installer/windows/sdk/build-sdk.sh, table upstreams; the file
  was not unpacked). Put the right file there (docs/windows-build.md, Upstream sources), then run
  make windows-sdk again.
EOF
  return 1
}

upstream_fetch() {
  local dir=$work/src/$comp uris url index_sha f
  mkdir -p "$dir"
  cd "$dir"
  rm -f "$up_file" "$up_file.asc" signature
  case $up_from in
    sources)
      if [ ! -f "$sources/$up_file" ]; then
        cat >"$work/logs/$comp.message" <<EOF
win64-sdk: $comp: Debian's source package $pkg $debver cannot be fetched, and the upstream
  archive that stands in for it, $up_file, is not in $sources.
  It is a git archive of $up_repo's tag $up_tag, commit $up_commit,
  SHA-256 $up_sha
  (docs/windows-build.md, Upstream sources).
  What to do: put it there, or name the folder holding it (make windows-sdk SDK_SOURCES=DIR,
  or HIL_SDK_SOURCES=DIR), then run make windows-sdk again.
EOF
        return 1
      fi
      check_sha "$sources/$up_file"
      cp "$sources/$up_file" .
      ;;
    mirror)
      # Debian's orig tarball and its signature as the apt sources' signed index names them (the
      # .dsc and Debian's patches being what the mirror does not serve)
      uris=$(apt-get "${apt_opts[@]}" -q source --print-uris "$pkg=$debver" | grep "^'")
      for f in "$up_file" "$up_file.asc"; do
        url=$(awk -v f="$f" '$2 == f { gsub("\047", "", $1); print $1 }' <<<"$uris")
        index_sha=$(awk -v f="$f" '$2 == f { sub("^SHA256:", "", $4); print $4 }' <<<"$uris")
        if [ -z "$url" ]; then
          echo "win64-sdk: $comp: the apt sources name no $f for $pkg $debver" >"$work/logs/$comp.message"
          return 1
        fi
        if [ "$f" = "$up_file" ] && [ "$index_sha" != "$up_sha" ]; then
          cat >"$work/logs/$comp.message" <<EOF
win64-sdk: $comp: Debian's signed index names another SHA-256 for $f than the one
  pinned in installer/windows/sdk/build-sdk.sh (table upstreams):
  pinned   $up_sha
  index    $index_sha
EOF
          return 1
        fi
        /usr/lib/apt/apt-helper "${apt_opts[@]}" download-file "$url" "$f" "SHA256:$index_sha"
      done
      check_sha "$up_file"
      [ "$comp" != openssl ] || openssl_signature
      ;;
  esac
}

# The .asc beside OpenSSL's tarball, checked with the key HIL_SDK_OPENSSL_KEY names (a file gpg
# imports); without one it is not checked, and SOURCE.txt says so. The verdict: FOLDER/signature.
openssl_signature() {
  local g status fpr
  if [ -z "${HIL_SDK_OPENSSL_KEY:-}" ]; then
    echo "not checked (no key given: HIL_SDK_OPENSSL_KEY)" >signature
    return 0
  fi
  if ! command -v gpg >/dev/null; then
    echo "win64-sdk: gpg missing (HIL_SDK_OPENSSL_KEY is set)" >"$work/logs/$comp.message"
    return 1
  fi
  g=$(mktemp -d)
  gpg --homedir "$g" --batch --quiet --import "$HIL_SDK_OPENSSL_KEY"
  status=$(gpg --homedir "$g" --batch --status-fd 1 --verify "$up_file.asc" "$up_file" 2>/dev/null || true)
  rm -rf "$g"
  fpr=$(sed -n 's/^\[GNUPG:\] VALIDSIG \([0-9A-F]*\) .*/\1/p' <<<"$status")
  if [ -z "$fpr" ]; then
    {
      echo "win64-sdk: $comp: $up_file.asc is no good signature of $up_file by the key in"
      echo "  $HIL_SDK_OPENSSL_KEY; gpg said:"
      grep -E 'BADSIG|ERRSIG|NO_PUBKEY|EXPKEYSIG|REVKEYSIG' <<<"$status" | sed 's/^/  /'
    } >"$work/logs/$comp.message"
    return 1
  fi
  echo "good signature by the key $fpr (from $HIL_SDK_OPENSSL_KEY)" >signature
}

upstream_unpack() {
  local dir=$work/src/$comp top
  if ! check_sha "$dir/$up_file"; then
    # changed since it was fetched: the next run fetches it anew
    rm -f "$dir/$up_file" "$stamps/$comp-$ver.fetch"
    echo "  The copy was removed: the next run fetches it again." >>"$work/logs/$comp.message"
    return 1
  fi
  rm -rf "$src" "$dir/unpacked"
  mkdir -p "$dir/unpacked"
  tar -xf "$dir/$up_file" -C "$dir/unpacked"
  top=$(ls -A "$dir/unpacked")
  if [ "$(wc -l <<<"$top")" != 1 ] || [ ! -d "$dir/unpacked/$top" ]; then
    echo "$up_file does not unpack into one folder: $top"
    return 1
  fi
  mv "$dir/unpacked/$top" "$src"
  rmdir "$dir/unpacked"
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
  source_record "$out"
}

# source_record FOLDER: where the component's source came from, as FOLDER/SOURCE.txt (a few
# "field: value" lines, then prose), and for a Debian source package its copyright file
source_record() {
  local sig
  {
    echo "component: $comp"
    echo "version: $ver"
    if [ "$origin" = debian ]; then
      echo "source: Debian 12 source package $pkg $ver, with Debian's patches"
    elif [ "$up_from" = sources ]; then
      echo "source: upstream $up_repo, tag $up_tag, commit $up_commit (git archive $up_file)"
      echo "sha256: $up_sha"
    else
      sig=$(cat "$work/src/$comp/signature" 2>/dev/null || echo "not checked")
      echo "source: upstream $up_repo, release tarball $up_tag ($up_file, from Debian's archive, where it is the orig tarball of $pkg $debver)"
      echo "sha256: $up_sha"
      echo "signature: $sig"
    fi
    echo "built: $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo
    if [ "$origin" = debian ]; then
      echo "Built from Debian's source package $pkg, version $ver (Debian 12), with Debian's"
      echo "patches, for x86_64 Windows with Debian's MinGW-w64 cross compiler. debian-copyright is"
      echo "Debian's record of every copyright holder and licence in the source package."
    else
      echo "Built from the upstream release's own source, for x86_64 Windows with Debian's MinGW-w64"
      echo "cross compiler: Debian 12's source package of the same release could not be fetched"
      echo "($pkg $debver). The file named above was checked against the SHA-256 pinned in HIL"
      echo "Station's build script before it was unpacked; no Debian patch is applied. The licence"
      echo "files here are the source tree's own."
    fi
  } >"$1/SOURCE.txt"
  rm -f "$1/debian-copyright"
  # Debian's record of every copyright holder and licence in the source package, patches too
  [ "$origin" != debian ] || cp "$src/debian/copyright" "$1/debian-copyright"
}

# PREFIX/licenses/sdk-sources.txt: every component in the SDK, its version, when it was built and
# where its source came from, gathered from the components' SOURCE.txt (the installer ships
# licenses/ whole)
write_manifest() {
  local f out=$prefix/licenses/sdk-sources.txt
  [ -n "$(find "$prefix/licenses" -mindepth 2 -maxdepth 2 -name SOURCE.txt 2>/dev/null)" ] || return 0
  {
    echo "HIL Station's Windows SDK (x86_64, Debian 12's MinGW-w64): where each component's source came"
    echo "from. Each component's folder beside this file holds the details (SOURCE.txt) and its licences."
    echo "written: $(date -u '+%Y-%m-%d %H:%M UTC'), by HIL Station's installer/windows/sdk/build-sdk.sh"
    echo
    printf '%-13s %-16s %-21s %s\n' component version built source
    for f in "$prefix"/licenses/*/SOURCE.txt; do
      # the "field: value" lines before the first empty one; sha256 and signature on lines of
      # their own under the source
      awk '/^$/ { exit } { k = substr($0, 1, index($0, ": ") - 1); v[k] = substr($0, index($0, ": ") + 2) }
        END {
          printf "%-13s %-16s %-21s %s\n", v["component"], v["version"], v["built"], v["source"]
          if ("sha256" in v) printf "%52s sha256 %s\n", "", v["sha256"]
          if ("signature" in v) printf "%52s signature: %s\n", "", v["signature"]
        }' "$f"
    done
  } >"$out"
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
  source_record "$out"
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
# select_component LINE: the component's name, package, version, origin and folders
select_component() {
  local pin up
  read -r comp pkg ver licdir <<<"$1"
  pinned=
  for pin in ${HIL_SDK_PIN:-}; do [ "${pin%%=*}" != "$comp" ] || { ver=${pin#*=} pinned=1; }; done
  if [ "$ver" = newest ]; then
    ver=$(newest_version "$pkg")
    [ -n "$ver" ] || die "Debian's source package $pkg (for $comp) is in none of the apt sources" \
      "  (their deb-src twins in $apt_dir): add a Debian 12 entry to /etc/apt/sources.list.d/"
  fi
  debver=$ver up_ver='' up_file='' up_sha='' up_from='' up_repo='' up_tag='' up_commit=''
  for up in "${upstreams[@]}"; do
    [ "${up%% *}" != "$comp" ] || read -r _ up_ver up_file up_sha up_from up_repo up_tag up_commit <<<"$up"
  done
  origin=${origin_of[$comp]:-}
  if [ -z "$origin" ]; then
    origin=debian
    # built from upstream before (its fetch stamp is there): it stays so
    if upstream_ok && [ "$(cat "$stamps/$comp-$up_ver.fetch" 2>/dev/null)" = "$up_ver sha256:$up_sha" ]; then
      origin=upstream
    fi
    origin_of[$comp]=$origin
  fi
  [ "$origin" = debian ] || ver=$up_ver
  src=$work/src/$comp/tree bld=$work/build/$comp redo_rest=
}

# upstream_ok: the table upstreams has the release Debian's version stands for (6.4.2+dfsg-10 and
# 6.4.2-3 stand for 6.4.2), and no HIL_SDK_PIN asks for a Debian version of the component
upstream_ok() {
  [ -n "$up_ver" ] && [ -z "$pinned" ] &&
    [ "$(sed 's/^[0-9]*://; s/-[^-]*$//; s/[+~]dfsg.*//' <<<"$debver")" = "$up_ver" ]
}

run_component() {
  local fn s
  s=$(date +%s)
  select_component "$1"
  for fn in fetch unpack configure build install licenses; do
    if [ "$origin" = upstream ] && declare -F "upstream_$fn" >/dev/null; then
      step $fn "upstream_$fn"
    elif declare -F "${comp}_$fn" >/dev/null; then
      step $fn "${comp}_$fn"
    elif declare -F "$fn" >/dev/null; then
      step $fn "$fn"
    else
      step $fn "cmake_$fn"
    fi
    [ "$fn" != "${HIL_SDK_UNTIL:-}" ] || return 0
  done
  say "$comp: $ver ($origin) in $prefix ($(($(date +%s) - s)) s)"
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
# Where Debian's cannot be fetched, the upstream archive of the same release stands in.
missing=() soft_fetch=1
for line in "${selected[@]}"; do
  [ "${HIL_SDK_REDO:-}" != 1 ] || rm -f "$stamps/${line%% *}"-*
  select_component "$line"
  n=${#missing[@]}
  if [ "$origin" = upstream ]; then
    say "$comp: upstream $up_file (in place of Debian's $pkg $debver, as before)"
    step fetch upstream_fetch
  else
    say "$comp: Debian's $pkg $ver"
    step fetch fetch
    if [ ${#missing[@]} -gt "$n" ] && upstream_ok; then
      missing=("${missing[@]:0:n}")
      why=$(sed -n 's|^E: Failed to fetch .*/\([^/ ]*\)  *\([0-9][0-9][0-9]\)  *\([^[]*[^[ ]\).*|\1: \2 \3|p' \
        "$work/logs/$comp.fetch.log" | head -1)
      say "$comp: Debian's $pkg $ver cannot be fetched (${why:-not offered}); upstream's $up_file" \
        "($up_repo $up_tag) instead"
      origin_of[$comp]=upstream
      select_component "$line"
      step fetch upstream_fetch
    fi
  fi
  [ ${#missing[@]} -eq "$n" ] || cat "$work/logs/$comp.message" >&2
done
soft_fetch=
[ ${#missing[@]} -eq 0 ] ||
  die "stopped before building: no source for ${missing[*]} (the messages above say what to do)"
for line in "${selected[@]}"; do run_component "$line"; done
write_manifest
say "done: ${wanted[*]}"
