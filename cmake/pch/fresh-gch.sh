#!/bin/sh
# The compiler launcher of the precompiled headers' donor targets (cmake/pch.cmake): removes the
# .gch this compile is about to write, then runs the compile (through ccache).
#
# Why: ccache takes a compile's `-include X` as the use of a precompiled header when X.gch exists,
# and then hashes X.gch's bytes. CMake compiles the header with `-include cmake_pch.hxx` and writes
# cmake_pch.hxx.gch, so a rebuild in a build tree that has one keyed the compile by its own old
# output: never the key of a clean clone, which then compiled the header anew. GCC's .gch is not
# byte-for-byte reproducible, and every test's compile hashes it: one new .gch and all ~90 test
# compiles missed. With the old one gone, every tree asks for the same key and gets the same bytes.
prev=
for arg in "$@"; do
  if [ "$prev" = "-o" ]; then
    case "$arg" in *.gch) rm -f "$arg" ;; esac
  fi
  prev=$arg
done
exec "$@"
