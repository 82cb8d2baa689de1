# The compiler cache, set so that a second checkout at another path (CI's clean clone, make
# fresh's root, a colleague's clone) reuses the first one's compiles (docs/building.md, "The
# compiler cache"). Used when the build is configured with CMAKE_CXX_COMPILER_LAUNCHER=ccache (the
# Makefile does when ccache is installed); the settings travel with every compile, so `cmake
# --build` by hand gets them too:
# - CCACHE_BASEDIR, the folder holding the checkout and ../shared (the Windows build includes the
#   SDK's headers from there): paths under it are hashed relative to the compile's folder;
# - CCACHE_NOHASHDIR: the compile's folder is not hashed. Safe here because debug information
#   names files relative to the checkout (-ffile-prefix-map, CMakeLists.txt) and no compile line
#   carries an absolute path of ours (tests find their folders at run time);
# - pch_defines,time_macros: what ccache asks before it caches a compile that uses a precompiled
#   header (cmake/pch.cmake); without it every test's compile is "uncacheable".
# - pch_external_checksum: a compile that uses a precompiled header hashes its X.gch.sum (written
#   by cmake/pch/fresh-gch.sh) instead of the ~300 MB X.gch. Its variable is CCACHE_PCH_EXTSUM, not
#   the option's name: ccache ignores an unknown CCACHE_ variable without a word (`ccache -p`
#   shows what it took).
# The plain, ASan, TSan and Windows builds together take ~1.2 GB of ccache's default 5 GB.
if(CMAKE_CXX_COMPILER_LAUNCHER MATCHES "(^|/)ccache$")
  get_filename_component(hil_cache_base ${CMAKE_SOURCE_DIR} DIRECTORY)
  set(CMAKE_CXX_COMPILER_LAUNCHER env CCACHE_BASEDIR=${hil_cache_base} CCACHE_NOHASHDIR=1
      CCACHE_SLOPPINESS=pch_defines,time_macros CCACHE_PCH_EXTSUM=1
      ${CMAKE_CXX_COMPILER_LAUNCHER})
endif()
