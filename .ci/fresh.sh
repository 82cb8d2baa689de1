#!/usr/bin/env bash
# `make fresh`: proves the README's set-up on a bare Debian 12 root, so that a green CI can no
# longer hide a package installed by hand on the CI machine.
#
#   1. debootstrap --variant=minbase bookworm into $FRESH_DIR/root (root needed: chroot, mounts).
#      The package mirror is read from this machine's apt configuration at run time (one-line
#      *.list or deb822 *.sources); no host name is written in the repository. The downloaded
#      .debs are kept outside the checkout, in $FRESH_CACHE (default ~/.cache/hilstation-fresh,
#      shared by every checkout, as the compiler cache is): the base system as a debootstrap
#      tarball (debootstrap-<suite>-<arch>.tgz, --make-tarball / --unpack-tarball), and the
#      packages `make test` installs inside as apt's archive folder (apt-archives/, mounted on the
#      root's /var/cache/apt/archives). Later runs skip the downloads, never the installs: the
#      root is made from bare and every package installed into it every time. Delete the folder
#      to fetch afresh.
#   2. The repository's tracked files (as they are in the work tree) are copied into the root at
#      /src/hilstation, another path than the checkout's: the compiler cache serves it all the
#      same (docs/building.md, "The compiler cache"), which this step also proves.
#   3. Inside the chroot, as the README tells a new user: `apt-get install make`, then `make test`
#      (which installs every other package itself) with one pass of the suite (TEST_DE=no: the
#      host's make test ran both locales on the same tree; the German locale is still generated
#      and installed, as a new user's make test does), then the built program for 5 s
#      (`hilstation --headless --emulate all --duration 5`, since `make run` never exits).
#   4. /proc, /dev, /dev/pts and /dev/shm are mounted for the tests, this machine's ccache directory
#      on the root's (FRESH_CCACHE=0: not), all unmounted on every exit; a policy-rc.d keeps
#      packages' daemons (mosquitto) from starting inside.
#
# FRESH_NEWCOMER=1 (`make fresh-newcomer`) times what a new user's first `make test` costs: no
# compiler cache (FRESH_CCACHE=0 and the root's own cache starts empty), no kept downloads (every
# .deb and the base system fetched into a folder of this run's, deleted at the end), and `make test`
# as the README gives it, both passes. It runs inside as `make deps`, `make build`, `make test`, so
# that package installation, the build and the tests are each printed; the three are what one
# `make test` does in one go.
#
# Prints the time of each step and the total. Environment: FRESH_DIR (default build-fresh),
# FRESH_CACHE (the downloads, default ~/.cache/hilstation-fresh),
# FRESH_SUITE (bookworm), JOBS (parallel build jobs inside, default nproc).
set -euo pipefail
cd "$(dirname "$0")/.."
SRC=$(pwd)
FRESH_DIR=${FRESH_DIR:-build-fresh}
mkdir -p "$FRESH_DIR"
FRESH_DIR=$(cd "$FRESH_DIR" && pwd)
SUITE=${FRESH_SUITE:-bookworm}
ARCH=$(dpkg --print-architecture)
ROOT=$FRESH_DIR/root
FRESH_CACHE=${FRESH_CACHE:-$HOME/.cache/hilstation-fresh}
NEWCOMER=${FRESH_NEWCOMER:-0}
if [ "$NEWCOMER" = 1 ]; then
  FRESH_CCACHE=0
  FRESH_CACHE=$FRESH_DIR/newcomer-downloads
  rm -rf "$FRESH_CACHE"
fi
mkdir -p "$FRESH_CACHE/apt-archives/partial"
TARBALL=$FRESH_CACHE/debootstrap-$SUITE-$ARCH.tgz
JOBS=${JOBS:-$(nproc)}

if [ "$(id -u)" != 0 ]; then
  echo "make fresh: needs root (debootstrap, chroot, mount); run it as root or through sudo" >&2
  exit 2
fi

t0=$SECONDS
step() { echo "== make fresh: $* (at $((SECONDS - t0)) s)"; }

# --- the mirror, from this machine's apt configuration -------------------------------------------
# Prints "URI SUITE COMPONENTS..." for every enabled binary ("deb") source.
apt_sources() {
  local f
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [ -f "$f" ] || continue
    # deb [options] uri suite components...
    sed -e 's/#.*//' -e 's/\[[^]]*\]//' "$f" | awk '$1 == "deb" && NF >= 4 { $1 = ""; print substr($0, 2) }'
  done
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] || continue
    # deb822 stanzas separated by blank lines; one output line per (URI, suite).
    awk 'function flush() {
           if (types ~ /(^| )deb( |$)/ && enabled != "no")
             for (u = 1; u <= nu; u++) for (s = 1; s <= ns; s++) print uris[u], suites[s], comps
           types = ""; enabled = ""; nu = 0; ns = 0; comps = ""
         }
         /^[ \t]*#/ { next }
         /^[ \t]*$/ { flush(); next }
         { key = tolower($1); sub(/:$/, "", key); $1 = ""; val = substr($0, 2)
           if (key == "types") types = val
           else if (key == "enabled") enabled = tolower(val)
           else if (key == "uris") nu = split(val, uris, " ")
           else if (key == "suites") ns = split(val, suites, " ")
           else if (key == "components") comps = val }
         END { flush() }' "$f"
  done
}

SOURCES=$(apt_sources)
MIRROR=$(awk -v s="$SUITE" '$2 == s { print $1; exit }' <<<"$SOURCES")
if [ -z "$MIRROR" ]; then
  echo "make fresh: no enabled apt source for suite '$SUITE' in /etc/apt/sources.list{,.d}" >&2
  exit 2
fi

# --- mounts: always undone ---------------------------------------------------------------------
MOUNTS=()
cleanup() {
  local i
  for ((i = ${#MOUNTS[@]} - 1; i >= 0; i--)); do
    umount "${MOUNTS[i]}" 2>/dev/null || umount -l "${MOUNTS[i]}" 2>/dev/null || true
  done
  MOUNTS=()
}
trap 'cleanup; [ "$NEWCOMER" != 1 ] || rm -rf "$FRESH_CACHE"' EXIT
trap 'exit 130' INT TERM
mount_in() { mount "$@"; MOUNTS+=("${@: -1}"); }

# Anything a killed earlier run left mounted under the root goes before the root does.
leftover_mounts() { awk -v r="$ROOT/" 'index($2, r) == 1 { print $2 }' /proc/mounts | sort -r; }
for m in $(leftover_mounts); do umount "$m" 2>/dev/null || umount -l "$m"; done
if [ -n "$(leftover_mounts)" ]; then
  echo "make fresh: cannot unmount $(leftover_mounts | head -1); not removing $ROOT" >&2
  exit 1
fi
rm -rf --one-file-system "$ROOT"

# --- 1. the bare root ----------------------------------------------------------------------------
if [ ! -s "$TARBALL" ]; then
  step "downloading a minbase $SUITE into $TARBALL"
  rm -rf "$FRESH_DIR/tarball-work"
  debootstrap --variant=minbase --make-tarball="$TARBALL.part" "$SUITE" "$FRESH_DIR/tarball-work" "$MIRROR" \
    >"$FRESH_DIR/debootstrap.log" 2>&1 || { tail -20 "$FRESH_DIR/debootstrap.log" >&2; exit 1; }
  mv "$TARBALL.part" "$TARBALL"
  rm -rf "$FRESH_DIR/tarball-work"
fi
step "debootstrap --variant=minbase $SUITE from bare"
debootstrap --variant=minbase --unpack-tarball="$TARBALL" "$SUITE" "$ROOT" "$MIRROR" >"$FRESH_DIR/debootstrap.log" 2>&1 \
  || { tail -20 "$FRESH_DIR/debootstrap.log" >&2; exit 1; }
t_boot=$((SECONDS - t0))

# The same sources this machine uses for the suite, its updates and its security fixes.
awk -v s="$SUITE" '$2 == s || $2 == s "-updates" || $2 == s "-security" {
    line = "deb " $1 " " $2; for (i = 3; i <= NF; i++) line = line " " $i; print line }' \
  <<<"$SOURCES" >"$ROOT/etc/apt/sources.list"
cp -L /etc/resolv.conf "$ROOT/etc/resolv.conf" 2>/dev/null || true
# A minbase root has no /etc/hosts (Debian's installer writes it, no package does), so "localhost"
# would go to DNS and fail offline; every installed Debian has these lines.
[ -e "$ROOT/etc/hosts" ] || printf '127.0.0.1\tlocalhost\n::1\t\tlocalhost ip6-localhost ip6-loopback\n' >"$ROOT/etc/hosts"

# --- 2. the repository ---------------------------------------------------------------------------
step "copying the repository's tracked files"
# Not at the checkout's path: no compile line carries it, debug information names files relative
# to the checkout, and ccache hashes paths relative to its base directory (the Makefile), so the
# root's compiles are the host's cache hits wherever the tree lies.
IN_ROOT_SRC=/src/hilstation
mkdir -p "$ROOT$IN_ROOT_SRC"
git -C "$SRC" ls-files -z | while IFS= read -r -d '' f; do [ -e "$f" ] && printf '%s\0' "$f"; done \
  | tar -C "$SRC" --null -T - -cf - | tar -C "$ROOT$IN_ROOT_SRC" -xf -

# --- 3. the README's set-up, inside --------------------------------------------------------------
mount_in -t proc proc "$ROOT/proc"
mount_in --bind /dev "$ROOT/dev"
mount_in --bind /dev/pts "$ROOT/dev/pts"
mount_in -t tmpfs -o mode=1777 shm "$ROOT/dev/shm"
# The compiler cache of this machine, shared into the root. It cannot hide a missing package:
# ccache hashes every header a unit includes (a missing -dev package still fails the compile, a
# missing library the link, neither of which is cached), and the root's g++ is Debian's same package
# (same size and mtime, so the same compiler to ccache). What it saves is ~15 min of compiling what
# `make test` compiled minutes earlier. FRESH_CCACHE=0 compiles everything anew.
HOST_CCACHE=$( (command -v ccache >/dev/null && ccache -k cache_dir) 2>/dev/null || true)
if [ "${FRESH_CCACHE:-1}" != 0 ] && [ -n "$HOST_CCACHE" ] && [ -d "$HOST_CCACHE" ]; then
  mkdir -p "$ROOT/root/.cache/ccache"
  mount_in --bind "$HOST_CCACHE" "$ROOT/root/.cache/ccache"
  echo "make fresh: sharing the compiler cache $HOST_CCACHE"
fi
# Debian's mosquitto (the lab tests' broker; each test starts its own on a free port) would start
# its system daemon on installation: invoke-rc.d asks policy-rc.d first, and 101 says "not here".
# The root shares this machine's network, so a daemon there would hold port 1883 on the host.
printf '#!/bin/sh\nexit 101\n' >"$ROOT/usr/sbin/policy-rc.d"
# apt's downloads, kept between runs ($FRESH_CACHE): what is installed is decided inside as always.
mkdir -p "$ROOT/var/cache/apt/archives"
mount_in --bind "$FRESH_CACHE/apt-archives" "$ROOT/var/cache/apt/archives"
chmod 755 "$ROOT/usr/sbin/policy-rc.d"

in_root() {
  env -i HOME=/root TERM=dumb LANG=C.UTF-8 PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    chroot "$ROOT" /bin/bash -c "$1"
}
step "apt-get install make (the one package the README installs by hand)"
in_root 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends make >/dev/null'
t_test0=$SECONDS
if [ "$NEWCOMER" = 1 ]; then
  step "make deps (package installation, no kept downloads)"
  in_root "cd '$IN_ROOT_SRC' && make deps"
  t_deps=$((SECONDS - t_test0))
  step "make build (no compiler cache)"
  in_root "cd '$IN_ROOT_SRC' && make build JOBS=$JOBS"
  t_build=$((SECONDS - t_test0 - t_deps))
  step "make test (both passes)"
  in_root "cd '$IN_ROOT_SRC' && make test JOBS=$JOBS"
  t_test=$((SECONDS - t_test0))
  echo "make fresh: a newcomer's make test took $((t_test / 60)) min $((t_test % 60)) s:" \
    "package installation $t_deps s, build $t_build s, tests $((t_test - t_deps - t_build)) s"
else
  step "make test"
  in_root "cd '$IN_ROOT_SRC' && make test JOBS=$JOBS TEST_DE=no"
  t_test=$((SECONDS - t_test0))
fi
step "hilstation --headless --emulate all --duration 5"
t_run0=$SECONDS
in_root "cd '$IN_ROOT_SRC' && QT_QPA_PLATFORM=offscreen build/bin/hilstation --headless --emulate all --duration 5"
t_run=$((SECONDS - t_run0))

total=$((SECONDS - t0))
echo "make fresh: passed in $((total / 60)) min $((total % 60)) s" \
  "(debootstrap $t_boot s, make test $t_test s, headless run $t_run s)"
