#!/bin/sh
# The compiler launcher of the precompiled headers' donor targets (cmake/pch.cmake): removes the
# .gch this compile is about to write (and its .sum), runs the compile (through ccache), then
# writes the .gch's checksum beside it as X.gch.sum.
#
# Why the removal: ccache takes a compile's `-include X` as the use of a precompiled header when
# X.gch exists, and then hashes X.gch's bytes. CMake compiles the header with `-include
# cmake_pch.hxx` and writes cmake_pch.hxx.gch, so a rebuild in a build tree that has one keyed the
# compile by its own old output: never the key of a clean clone, which then compiled the header
# anew. GCC's .gch is not byte-for-byte reproducible, and every test's compile hashes it: one new
# .gch and all ~90 test compiles missed. With the old one gone, every tree asks for the same key
# and gets the same bytes.
#
# Why the .sum: the .gch is ~290 MB, and every test's compile hashed all of it to find its cache
# entry (about 1.5 s of a 2 s cache hit). With pch_external_checksum on (cmake/ccache.cmake)
# ccache hashes X.gch.sum instead; it is the .gch's own checksum, so it changes exactly when the
# .gch does.
out=
prev=
for arg in "$@"; do
  if [ "$prev" = "-o" ]; then
    case "$arg" in *.gch) out=$arg; rm -f "$arg" "$arg.sum" ;; esac
  fi
  prev=$arg
done
"$@" || exit $?
if [ -n "$out" ] && [ -f "$out" ]; then
  sha1sum "$out" | cut -d' ' -f1 > "$out.sum.part" && mv "$out.sum.part" "$out.sum"
fi
