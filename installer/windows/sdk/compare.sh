#!/usr/bin/env bash
# Two Windows SDKs side by side (make windows-sdk-compare): whether one built by make windows-sdk
# holds what the project links and ships from the other. Compared by relative path:
#   dll      bin/*.dll                      the DLLs a program imports (the installer ships them)
#   plugin   plugins/*/*.dll                Qt's plugins
#   module   lib/engines-3/, lib/ossl-modules/  OpenSSL's engines and providers
#   implib   lib/*.dll.a, lib/*.a           import and static libraries the build links
#   cmake    lib/cmake/*/*.cmake            CMake package files (find_package)
#   pc       lib/pkgconfig/*.pc             pkg-config files
# A line per file that only one of them has; then where each SDK's components came from: its
# licenses/sdk-sources.txt (written by make windows-sdk: each component's version, build date and
# source), or for an SDK made without one the component table of its README.md.
# Exit 0 when no file differs, 1 otherwise.
# Usage: compare.sh SDK_A SDK_B
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 SDK_A SDK_B" >&2; exit 2; }
a=$(realpath "$1") b=$(realpath "$2")
for d in "$a" "$b"; do [ -d "$d/bin" ] || { echo "$d: no SDK (no bin/)" >&2; exit 2; }; done

listing() { # listing SDK: "kind path" lines, sorted
  (
    cd "$1"
    find bin -maxdepth 1 -name '*.dll' -printf 'dll %p\n'
    [ -d plugins ] && find plugins -mindepth 2 -maxdepth 2 -name '*.dll' -printf 'plugin %p\n'
    find lib -maxdepth 1 -name '*.a' -printf 'implib %p\n'
    for d in lib/engines-3 lib/ossl-modules; do
      [ ! -d $d ] || find $d -name '*.dll' -printf 'module %p\n'
    done
    [ -d lib/cmake ] && find lib/cmake -mindepth 2 -maxdepth 2 -name '*.cmake' -printf 'cmake %p\n'
    [ -d lib/pkgconfig ] && find lib/pkgconfig -name '*.pc' -printf 'pc %p\n'
    true
  ) | LC_ALL=C sort
}

sources() { # sources SDK: where its components came from, indented
  local m=$1/licenses/sdk-sources.txt
  if [ -f "$m" ]; then
    echo "  (licenses/sdk-sources.txt)"
    grep '^written: ' "$m" | sed 's/^/  /'
    sed -n '/^component /,$p' "$m" | sed 's/^/  /'
  elif [ -f "$1/README.md" ] && grep -q '^| component |' "$1/README.md"; then
    echo "  (no licenses/sdk-sources.txt; its README.md's table: component, version, source)"
    awk -F' *[|] *' '/^[|] component [|]/ { t = 1; next } t && /^[|] *-/ { next }
      t && /^[|]/ { printf "  %-14s %-8s %s\n", $2, $3, $4; next } t { exit }' "$1/README.md"
  else
    echo "  (no record of its sources: neither licenses/sdk-sources.txt nor a README.md table)"
  fi
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
listing "$a" >"$tmp/a"
listing "$b" >"$tmp/b"
only_a=$(LC_ALL=C comm -23 "$tmp/a" "$tmp/b")
only_b=$(LC_ALL=C comm -13 "$tmp/a" "$tmp/b")
echo "A: $a ($(wc -l <"$tmp/a") files)"
echo "B: $b ($(wc -l <"$tmp/b") files)"
for kind in dll plugin module implib cmake pc; do
  printf '%-7s A %4d  B %4d\n' "$kind" "$(grep -c "^$kind " "$tmp/a" || true)" \
    "$(grep -c "^$kind " "$tmp/b" || true)"
done
[ -z "$only_a" ] || { echo "only in A:"; sed 's/^/  /' <<<"$only_a"; }
[ -z "$only_b" ] || { echo "only in B:"; sed 's/^/  /' <<<"$only_b"; }
echo "sources of A:"
sources "$a"
echo "sources of B:"
sources "$b"
if [ -z "$only_a$only_b" ]; then
  echo "the same files"
else
  exit 1
fi
